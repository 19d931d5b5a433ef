/* nccl.h: the NCCL model: the communicator NCCL builds for a set of ranks (transports, HCAs,
 * channels, the graphs its topology search would find) and the cost of a collective on it
 * (nccl.c). The algorithm and protocol are chosen as NCCL 2.21.5 chooses them, from its own
 * tuning model (src/graph/tuning.cc) over those graphs; the time it then takes follows from the
 * links on the path and measured efficiencies. nccl-tests and the training job both read it. */
#ifndef EMU_MODEL_NCCL_H
#define EMU_MODEL_NCCL_H

#include <stdbool.h>
#include <stdint.h>

#include "world.h"

/* The collectives, in NCCL's ncclFunc order, and all-to-all (point-to-point, outside NCCL's
 * tuning table). */
typedef enum emu_nccl_coll {
    EMU_COLL_BROADCAST, EMU_COLL_REDUCE, EMU_COLL_ALL_GATHER, EMU_COLL_REDUCE_SCATTER,
    EMU_COLL_ALL_REDUCE, EMU_COLL_ALLTOALL, EMU_COLL_COUNT
} emu_nccl_coll;

/* NCCL's algorithms and protocols, in its own order (NCCL_ALGO_* and NCCL_PROTO_*). */
typedef enum emu_nccl_algo {
    EMU_ALGO_TREE, EMU_ALGO_RING, EMU_ALGO_COLLNET_DIRECT, EMU_ALGO_COLLNET_CHAIN, EMU_ALGO_NVLS,
    EMU_ALGO_NVLS_TREE, EMU_ALGO_COUNT
} emu_nccl_algo;
typedef enum emu_nccl_proto { EMU_PROTO_LL, EMU_PROTO_LL128, EMU_PROTO_SIMPLE, EMU_PROTO_COUNT } emu_nccl_proto;

/* Names as NCCL_ALGO and NCCL_PROTO spell them ("Ring", "NVLSTree", "LL128"). */
const char *emu_nccl_algo_name(emu_nccl_algo algo);
const char *emu_nccl_proto_name(emu_nccl_proto proto);

/* NCCL environment variables that change transport selection ("" or NULL = unset). */
typedef struct emu_nccl_env {
    const char *ib_hca;           /* NCCL_IB_HCA: prefix match, "=" prefix for exact, "^" exclude */
    const char *socket_ifname;    /* NCCL_SOCKET_IFNAME */
    const char *net;              /* NCCL_NET: "IB" or "Socket" */
    const char *algo;             /* NCCL_ALGO: "Ring,Tree", "^NVLS" ... */
    const char *proto;            /* NCCL_PROTO: "LL,LL128,Simple", "^LL128" ... */
    bool ib_disable;              /* NCCL_IB_DISABLE=1 */
    bool p2p_disable;             /* NCCL_P2P_DISABLE=1 */
    int gdr_level;                /* NCCL_NET_GDR_LEVEL as a distance, -1 unset */
    int nvls_enable;              /* NCCL_NVLS_ENABLE: 0 off, 1 on, -1 unset (on where supported) */
    bool collnet_enable;          /* NCCL_COLLNET_ENABLE=1 (and the SHARP plugin present) */
    uint64_t no_gdr_nodes;        /* nodes (bit per index) without GPUDirect RDMA when the
                                     communicator was made: a running job keeps what it found */
} emu_nccl_env;

/* Fills env from NCCL's environment variables as get(arg, NAME) returns them (NULL or "" when
 * unset; the strings are borrowed, and must outlive env): NCCL_IB_HCA, NCCL_SOCKET_IFNAME,
 * NCCL_NET, NCCL_ALGO, NCCL_PROTO, NCCL_NVLS_ENABLE, NCCL_COLLNET_ENABLE, NCCL_IB_DISABLE,
 * NCCL_P2P_DISABLE and NCCL_NET_GDR_LEVEL (a name of the NCCL environment documentation, LOC ..
 * SYS, or a number). get NULL: every variable unset. */
void emu_nccl_env_read(emu_nccl_env *env, const char *(*get)(const void *arg, const char *name), const void *arg);

/* Fills env from the training job's own settings (the scenario's job section and faults). */
void emu_nccl_env_from_job(const emu_world *world, emu_nccl_env *env);

typedef enum emu_transport {
    EMU_TRANSPORT_NONE = 0,       /* a single rank: no communication */
    EMU_TRANSPORT_P2P,            /* GPU peer access: NVLink, or PCIe through a switch (intra-node) */
    EMU_TRANSPORT_SHM,            /* through host memory (P2P disabled or no NVLink) */
    EMU_TRANSPORT_NET_IB,         /* InfiniBand verbs between nodes */
    EMU_TRANSPORT_NET_SOCKET      /* TCP sockets between nodes */
} emu_transport;

/* Why NCCL did not use IB between nodes (for the INFO/WARN lines emu-net prints). */
typedef enum emu_ib_fallback {
    EMU_FALLBACK_NONE = 0,
    EMU_FALLBACK_IB_DISABLED,     /* NCCL_IB_DISABLE=1 or NCCL_NET=Socket */
    EMU_FALLBACK_NO_DEVICE,       /* NCCL_IB_HCA matched no active port: "NET/IB : No device found." */
    EMU_FALLBACK_NO_VERBS         /* libibverbs missing: "Failed to open libibverbs.so[.1]" */
} emu_ib_fallback;

/* One graph of NCCL's topology search (src/graph/search.cc): how many channels, at what
 * bandwidth each (NCCL's own GB/s figures), inside the node and across it. */
typedef struct emu_nccl_graph {
    int n_channels;               /* 0: no graph (the algorithm is not possible here) */
    double bw_intra, bw_inter;    /* per channel */
    bool nvlink;                  /* intra-node links are NVLink (NCCL_HW_NVLINK), else PCI */
} emu_nccl_graph;

/* The communicator NCCL would build for a set of ranks. Bandwidths are GB/s (1e9 bytes/s). */
typedef struct emu_nccl_plan {
    int nranks;
    emu_rank_loc ranks[EMU_MAX_RANKS];
    int n_nodes;                          /* distinct nodes among the ranks */
    int nodes[EMU_MAX_NODES];             /* their indices, in ring order */
    int ranks_per_node;                   /* the smallest count on any node */
    int arch;                             /* the GPUs' compute capability x 10 (NCCL's minCompCap) */
    emu_transport intra;                  /* P2P or SHM (NONE with one rank per node) */
    emu_transport inter;                  /* NET_IB or NET_SOCKET (NONE with one node) */
    bool roce;                            /* NET_IB over RoCE (Ethernet link layer) */
    emu_ib_fallback fallback;
    bool gdr[EMU_MAX_NODES];              /* per plan node: GPUDirect RDMA in use */
    uint32_t hca_mask[EMU_MAX_NODES];     /* per plan node: bit i = node's hcas[i] used */
    int n_channels;                       /* ring channels as NCCL runs them (its log's Channel xx/NN) */
    /* What the hardware delivers, as bus bandwidth of a large ring all-reduce (the slowest
     * channel's link, over every channel): inside a node, between nodes, and the least. */
    double intra_bw_gb_per_s;
    double inter_bw_gb_per_s;
    double bw_gb_per_s;
    double nvls_algbw_gb_per_s;           /* NVLink SHARP's all-reduce algbw ceiling, 0 without */
    double gpu_slowdown;                  /* the slowest GPU's fmax / f (>= 1): kernels slow with it */
    int slow_node;                        /* plan-node index holding the bottleneck, -1 none */
    int slow_hca;                         /* the node's HCA index at the bottleneck, -1 none */
    bool fabric_unavailable;              /* Fabric Manager down on some node: CUDA init fails */
    int fabric_node;                      /* node index where it is down, -1 */
    /* NCCL's view: its graphs, the algorithms and protocols it allows, and its tuning tables
     * (latency in us, bandwidth as algbw in GB/s, per collective, algorithm and protocol) */
    emu_nccl_graph graphs[EMU_ALGO_COUNT];
    bool algo_enabled[EMU_ALGO_COUNT];
    bool proto_enabled[EMU_PROTO_COUNT];
    double latency_us[EMU_COLL_COUNT][EMU_ALGO_COUNT][EMU_PROTO_COUNT];
    double bandwidth_gb_per_s[EMU_COLL_COUNT][EMU_ALGO_COUNT][EMU_PROTO_COUNT];
} emu_nccl_plan;

/* Builds the plan for ranks (nranks >= 1, each a valid node/gpu) under env. Returns 0, or -1
 * when the arguments are invalid (plan zeroed). */
int emu_nccl_plan_make(const emu_world *world, const emu_rank_loc *ranks, int nranks,
                       const emu_nccl_env *env, emu_nccl_plan *plan);

/* One collective as NCCL runs it: the algorithm and protocol it picks (the least time its tuning
 * model predicts), the time NCCL predicts, and the time it takes on this hardware. */
typedef struct emu_nccl_cost {
    emu_nccl_algo algo;
    emu_nccl_proto proto;
    double predicted_us;
    double time_us;
} emu_nccl_cost;

/* The cost of collective coll over size_bytes (the whole buffer, as nccl-tests sizes it) on
 * plan. One rank: a local copy (out-of-place) at the GPU's memory bandwidth. Returns 0, or -1
 * when NCCL_ALGO/NCCL_PROTO leave no algorithm for it (NCCL's "no algorithm/protocol available"
 * error); *out is zeroed then. */
int emu_nccl_cost_of(const emu_nccl_plan *plan, emu_nccl_coll coll, double size_bytes,
                     emu_nccl_cost *out);

/* The time of an all-reduce of size_bytes in microseconds (emu_nccl_cost_of's time_us), 0 for
 * one rank or when no algorithm is available. */
double emu_allreduce_time_us(const emu_nccl_plan *plan, double size_bytes);

/* algbw = S / t, in GB/s (1e9 bytes/s); 0 when time_us <= 0. */
double emu_algbw_gb_per_s(double size_bytes, double time_us);

/* busbw = algbw * 2(n-1)/n for all-reduce (nccl-tests doc/PERFORMANCE.md); algbw for n <= 1. */
double emu_busbw_gb_per_s(double algbw_gb_per_s, int nranks);

/* nccl-tests' bus-bandwidth factor of a collective over n ranks (doc/PERFORMANCE.md):
 * 2(n-1)/n for all-reduce, (n-1)/n for all-gather, reduce-scatter and all-to-all, 1 for
 * broadcast and reduce; 0 for one rank. */
double emu_nccl_bus_factor(emu_nccl_coll coll, int nranks);

#endif
