/* net_tools.h: what the network tools share beside their descriptors (tools.h): the node's
 * network interfaces (ip.c, for ip and ethtool), and the nccl-tests and mpirun parsers the unit
 * tests check. Every output is computed from the model (model/); none of these keeps state of
 * its own. */
#ifndef EMU_NET_TOOLS_H
#define EMU_NET_TOOLS_H

#include <stdbool.h>
#include <stddef.h>

#include "command.h"
#include "model/world.h"

/* ---- network interfaces (ip.c), shared by ip and ethtool --------------------------------------- */

typedef enum emu_netdev_kind { EMU_NETDEV_LOOPBACK, EMU_NETDEV_ETHER, EMU_NETDEV_IPOIB,
                               EMU_NETDEV_BOND } emu_netdev_kind;

/* One network interface of a node as the kernel lists it. */
typedef struct emu_netdev {
    int ifindex;
    char name[16];
    emu_netdev_kind kind;
    int hca;                     /* index into the node's hcas, -1 for lo and bond0 */
    bool carrier;                /* link detected (LOWER_UP) */
    int mtu;
    int speed_mbit_per_s;        /* what ethtool reports; 0 when unknown (no carrier) */
    char master[16];             /* "bond0" for its slaves, else "" */
    uint64_t rx_bytes, rx_packets, tx_bytes, tx_packets, rx_errors, rx_dropped;
} emu_netdev;

#define EMU_MAX_NETDEVS (EMU_MAX_HCAS + 2)

/* Fills devs (room for EMU_MAX_NETDEVS) with node's interfaces in ifindex order: lo, the HCAs'
 * netdevs in device order, bond0 (the front-end bond over the Ethernet ports). Counters are the
 * HCA counters now (bytes = 4-byte words x 4). Returns the count. */
int emu_netdev_list(const emu_world *world, int node, emu_netdev *devs);

/* ---- infiniband-diags' layout (infiniband.c) ------------------------------------------------- */

/* One "Label:.....value" line as libibmad's dump functions print a field (perfquery,
 * ibportstate): the label and colon, dots to column 33, the value. */
void emu_ib_field(emu_out *out, const char *label, const char *value);

/* An adapter port's system image GUID (ibstat's; both ports of a dual-port card share it). */
uint64_t emu_hca_sys_image_guid(const emu_node *node, int hca);

/* ---- nccl-tests and mpirun parsing (exposed for the unit tests) -------------------------------- */

#define EMU_NCCL_TEST_MAX_TYPES 10
#define EMU_NCCL_TEST_MAX_OPS 5

/* The flags of a nccl-tests binary (nccl-tests src/common.cu, its getopt table). */
typedef struct emu_nccl_test_args {
    int n_threads;          /* -t: threads per process (1) */
    int n_gpus;             /* -g: GPUs per thread (1) */
    long long min_bytes;    /* -b: 32M by default, as nccl-tests */
    long long max_bytes;    /* -e: 32M */
    long long step_bytes;   /* -i: increment, 1M by default (used when step_factor <= 1) */
    int step_factor;        /* -f: multiplication factor, 1 by default (then -i steps) */
    int iters;              /* -n: 20 */
    int warmup_iters;       /* -w: 5 */
    int agg_iters;          /* -m: 1 */
    int check;              /* -c: 1 (0 prints N/A under #wrong) */
    int graph;              /* -G: CUDA graph launches, 0 */
    int average;            /* -a: 1 */
    int n_types;            /* -d: the data types to run, indices into emu_nccl_test_type_* */
    int types[EMU_NCCL_TEST_MAX_TYPES];
    int n_ops;              /* -o: the reduction ops to run */
    int ops[EMU_NCCL_TEST_MAX_OPS];
    bool help;              /* -h: print the usage and exit 0 */
} emu_nccl_test_args;

/* Name ("float") and size in bytes of nccl-tests data type i (0 <= i < EMU_NCCL_TEST_MAX_TYPES). */
const char *emu_nccl_test_type_name(int i);
int emu_nccl_test_type_size(int i);
/* Name ("sum") of reduction op i (0 <= i < EMU_NCCL_TEST_MAX_OPS). */
const char *emu_nccl_test_op_name(int i);

/* Parses a size as nccl-tests does: digits with an optional K, M or G suffix (powers of 1024).
 * Returns the number of bytes, or -1 when text is not a size. */
long long emu_nccl_test_parse_size(const char *text);

/* Parses the arguments after the program name (argv[0] is the program). Returns 0, or -1 with
 * a one-line message (the program's own wording) in err. */
int emu_nccl_test_parse(int argc, char **argv, emu_nccl_test_args *args, char *err,
                        size_t err_size);

#define EMU_MPIRUN_MAX_HOSTS EMU_MAX_NODES
#define EMU_MPIRUN_MAX_EXPORTS 16

/* What an mpirun command line asks for (Open MPI's flags). */
typedef struct emu_mpirun_args {
    int np;                                   /* -np/-n/--np N, 0 when not given */
    int n_hosts;                              /* -H/--host entries, merged by name */
    char hosts[EMU_MPIRUN_MAX_HOSTS][EMU_NAME_MAX];
    int slots[EMU_MPIRUN_MAX_HOSTS];          /* "node01:8" -> 8; "node01" -> 1 */
    int npernode;                             /* -N/--npernode, 0 when not given */
    int n_exports;                            /* -x NAME or -x NAME=VALUE */
    char exports[EMU_MPIRUN_MAX_EXPORTS][EMU_TEXT_MAX];
    int program;                              /* index in argv of the program, or -1 */
    bool help;                                /* --help/-h */
    bool version;                             /* --version/-V */
} emu_mpirun_args;

/* Parses mpirun's argv up to the program. Returns 0, or -1 with Open MPI's message in err. */
int emu_mpirun_parse(int argc, char **argv, emu_mpirun_args *args, char *err, size_t err_size);

/* Places ranks the way Open MPI's default by-slot mapping does: each host's slots filled in the
 * order given, np processes (0: all slots); without hosts, np processes on node `here`.
 * locs receives each process's node and its local index on that node (in .gpu). Returns the
 * number of processes, or -1 with Open MPI's message in err (unknown host, too few slots). */
int emu_mpirun_place(const emu_world *world, int here, const emu_mpirun_args *args,
                     emu_rank_loc *locs, int max_locs, char *err, size_t err_size);

#endif
