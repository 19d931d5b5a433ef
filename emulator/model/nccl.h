/* nccl.h: the NCCL model: the communicator NCCL builds for a set of ranks (transports, HCAs,
 * channels, the bottleneck) and the cost of a collective on it (nccl.c). */
#ifndef EMU_MODEL_NCCL_H
#define EMU_MODEL_NCCL_H

#include <stdbool.h>
#include <stdint.h>

#include "world.h"

/* NCCL environment variables that change transport selection ("" or NULL = unset). */
typedef struct emu_nccl_env {
    const char *ib_hca;           /* NCCL_IB_HCA: prefix match, "=" prefix for exact, "^" exclude */
    const char *socket_ifname;    /* NCCL_SOCKET_IFNAME */
    const char *net;              /* NCCL_NET: "IB" or "Socket" */
    const char *algo;             /* NCCL_ALGO */
    bool ib_disable;              /* NCCL_IB_DISABLE=1 */
    bool p2p_disable;             /* NCCL_P2P_DISABLE=1 */
    int gdr_level;                /* NCCL_NET_GDR_LEVEL as a distance, -1 unset */
} emu_nccl_env;

/* Fills env from the training job's own settings (the scenario's job section and faults). */
void emu_nccl_env_from_job(const emu_world *world, emu_nccl_env *env);

typedef enum emu_transport {
    EMU_TRANSPORT_NONE = 0,       /* a single rank: no communication */
    EMU_TRANSPORT_P2P,            /* NVLink through NVSwitch (intra-node) */
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

/* The communicator NCCL would build for a set of ranks: transports, HCAs, and the bottleneck.
 * All bandwidths are GB/s (1e9 bytes/s), in bus-bandwidth terms (what busbw converges to for
 * large messages). */
typedef struct emu_nccl_plan {
    int nranks;
    emu_rank_loc ranks[EMU_MAX_RANKS];
    int n_nodes;                          /* distinct nodes among the ranks */
    int nodes[EMU_MAX_NODES];             /* their indices, in ring order */
    int ranks_per_node;                   /* the smallest count on any node */
    emu_transport intra;                  /* P2P or SHM (NONE with one rank per node) */
    emu_transport inter;                  /* NET_IB or NET_SOCKET (NONE with one node) */
    emu_ib_fallback fallback;
    bool gdr[EMU_MAX_NODES];              /* per plan node: GPUDirect RDMA in use */
    uint32_t hca_mask[EMU_MAX_NODES];     /* per plan node: bit i = node's hcas[i] used */
    int n_channels;
    double intra_bw_gb_per_s;             /* slowest intra-node ring edge */
    double inter_bw_gb_per_s;             /* slowest inter-node crossing (all rails together) */
    double bw_gb_per_s;                   /* min of the two: the ring's slowest link */
    double alpha_us;                      /* latency per ring step */
    int slow_node;                        /* plan-node index holding the bottleneck, -1 none */
    int slow_hca;                         /* the node's HCA index at the bottleneck, -1 none */
    bool fabric_unavailable;              /* Fabric Manager down on some node: CUDA init fails */
    int fabric_node;                      /* node index where it is down, -1 */
} emu_nccl_plan;

/* Builds the plan for ranks (nranks >= 1, each a valid node/gpu) under env. Returns 0, or -1
 * when the arguments are invalid (plan zeroed). */
int emu_nccl_plan_make(const emu_world *world, const emu_rank_loc *ranks, int nranks,
                       const emu_nccl_env *env, emu_nccl_plan *plan);

/* Ring all-reduce time in microseconds, alpha-beta model:
 *   t = 2(n-1) * (alpha + (S/n) / B)
 * with n ranks, S bytes and B the ring's slowest link (plan->bw_gb_per_s). Source: the ring
 * all-reduce cost of Thakur, Rabenseifner and Gropp, "Optimization of Collective Communication
 * Operations in MPICH" (2005), and NVIDIA nccl-tests doc/PERFORMANCE.md. 0 for n = 1. */
double emu_allreduce_time_us(const emu_nccl_plan *plan, double size_bytes);

/* algbw = S / t, in GB/s (1e9 bytes/s); 0 when time_us <= 0. */
double emu_algbw_gb_per_s(double size_bytes, double time_us);

/* busbw = algbw * 2(n-1)/n for all-reduce (nccl-tests doc/PERFORMANCE.md); algbw for n <= 1. */
double emu_busbw_gb_per_s(double algbw_gb_per_s, int nranks);

#endif
