/* nccl.c: the NCCL model (nccl.h): which transports NCCL picks for a set of ranks, which HCAs
 * and how many channels, the ring's slowest link, and the alpha-beta cost of an all-reduce. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gpu.h"
#include "nccl.h"

void emu_nccl_env_from_job(const emu_world *w, emu_nccl_env *env)
{
    memset(env, 0, sizeof *env);
    env->gdr_level = -1;
    env->ib_hca = w->job.nccl_ib_hca[0] ? w->job.nccl_ib_hca : NULL;
    env->socket_ifname = w->job.nccl_socket_ifname[0] ? w->job.nccl_socket_ifname : NULL;
    env->ib_disable = w->job.nccl_ib_disable;
}

/* NCCL_IB_HCA matching as the NCCL environment documentation describes it: a comma-separated
 * list of HCA names (optionally ":port"), each a prefix unless the list starts with "="; a
 * leading "^" excludes the listed HCAs instead. */
static bool hca_matches(const char *filter, const char *name)
{
    if (!filter || !*filter)
        return true;
    bool exclude = false, exact = false;
    if (*filter == '^') {
        exclude = true;
        filter++;
    }
    if (*filter == '=') {
        exact = true;
        filter++;
    }
    bool hit = false;
    const char *p = filter;
    while (*p) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        const char *colon = memchr(p, ':', len);
        size_t nlen = colon ? (size_t)(colon - p) : len;
        if (nlen > 0) {
            if (exact ? (strlen(name) == nlen && !strncmp(name, p, nlen))
                      : !strncmp(name, p, nlen))
                hit = true;
        }
        p += len;
        if (*p == ',')
            p++;
    }
    return exclude ? !hit : hit;
}

/* ---- the plan ------------------------------------------------------------------------------------ */

/* Efficiencies: what large-message ring all-reduce busbw reaches against line rate.
 * IB: 46-48 GB/s busbw per NDR 400 Gb/s NIC (50 GB/s line), ~24 GB/s per HDR NIC (nccl-tests
 * issues 212, 290; NVIDIA/nccl issue 1576): ~0.94. Sockets: NCCL's TCP transport reaches a small
 * share of the interface (a few GB/s on a 200 Gb/s bond, tool-formats.md s.7): 0.2. Without
 * GPUDirect RDMA the NIC reads from bounce buffers in host memory and loses throughput to the
 * extra copy: 0.7 (modelling choice). ACS redirect sends GPU-NIC peer traffic up through the root
 * complex: 0.55 (modelling choice; NCCL troubleshooting docs describe the slowdown). */
#define IB_EFFICIENCY 0.94
#define SOCKET_EFFICIENCY 0.2
#define NO_GDR_FACTOR 0.7
#define ACS_FACTOR 0.55
/* Per-step latency of a ring step (alpha), microseconds. Chosen so an 8-byte all-reduce on one
 * H100 node takes ~12 us and across two nodes ~35 us, in the range nccl-tests prints there. */
#define ALPHA_NVLINK_US 0.85
#define ALPHA_SHM_US 2.5
#define ALPHA_IB_US 1.15
#define ALPHA_SOCKET_US 9.0

static double hca_effective_gb_per_s(const emu_world *w, int node, int hca, bool gdr)
{
    const emu_node *n = &w->nodes[node];
    const emu_hca *h = &n->hcas[hca];
    double bw = h->rate_gbit_per_s / 8.0 * IB_EFFICIENCY;
    if (!gdr)
        bw *= NO_GDR_FACTOR;
    else if (h->pcie_switch >= 0 && n->switches[h->pcie_switch].acs_redirect)
        bw *= ACS_FACTOR;
    return bw;
}

int emu_nccl_plan_make(const emu_world *w, const emu_rank_loc *ranks, int nranks,
                       const emu_nccl_env *env, emu_nccl_plan *plan)
{
    memset(plan, 0, sizeof *plan);
    plan->slow_node = plan->slow_hca = plan->fabric_node = -1;
    if (!w || !ranks || nranks < 1 || nranks > EMU_MAX_RANKS)
        return -1;
    emu_nccl_env none;
    if (!env) {
        memset(&none, 0, sizeof none);
        none.gdr_level = -1;
        env = &none;
    }
    int per_node[EMU_MAX_NODES] = {0};
    for (int r = 0; r < nranks; r++) {
        if (ranks[r].node < 0 || ranks[r].node >= w->n_nodes || ranks[r].gpu < 0 ||
            ranks[r].gpu >= w->nodes[ranks[r].node].n_gpus) {
            memset(plan, 0, sizeof *plan);
            return -1;
        }
        plan->ranks[r] = ranks[r];
        if (per_node[ranks[r].node]++ == 0)
            plan->nodes[plan->n_nodes++] = ranks[r].node;
    }
    plan->nranks = nranks;
    int min_per = nranks, max_per = 0;
    for (int k = 0; k < plan->n_nodes; k++) {
        int c = per_node[plan->nodes[k]];
        min_per = c < min_per ? c : min_per;
        max_per = c > max_per ? c : max_per;
        if (!w->nodes[plan->nodes[k]].fabric_manager_running && plan->fabric_node < 0) {
            plan->fabric_unavailable = true;
            plan->fabric_node = plan->nodes[k];
        }
    }
    plan->ranks_per_node = min_per;
    const emu_gpu_spec *spec = w->spec;
    double alpha = 0;

    /* intra-node: NVLink through NVSwitch unless P2P is off; the ring is as slow as the GPU with
     * the fewest active links (each link carries 1/nvlinks of the GPU's bandwidth) */
    plan->intra_bw_gb_per_s = INFINITY;
    if (max_per > 1) {
        bool p2p = !env->p2p_disable;
        double worst = 1.0;
        for (int r = 0; r < nranks; r++) {
            int up = emu_gpu_links_up(w, ranks[r].node, ranks[r].gpu);
            if (per_node[ranks[r].node] > 1 && up == 0)
                p2p = false;
            double share = (double)up / spec->nvlinks;
            if (per_node[ranks[r].node] > 1 && share < worst)
                worst = share;
        }
        if (p2p) {
            plan->intra = EMU_TRANSPORT_P2P;
            plan->intra_bw_gb_per_s = spec->ring_busbw_gb_per_s * worst;
            alpha = ALPHA_NVLINK_US;
        } else {
            /* through host memory over PCIe: about half of one x16 link (Gen5 ~ 64 GB/s raw) */
            plan->intra = EMU_TRANSPORT_SHM;
            plan->intra_bw_gb_per_s = spec->pcie_gen >= 5 ? 24.0 : 12.0;
            alpha = ALPHA_SHM_US;
        }
    }

    /* inter-node */
    plan->inter_bw_gb_per_s = INFINITY;
    if (plan->n_nodes > 1) {
        bool socket = env->ib_disable || (env->net && !strcmp(env->net, "Socket"));
        if (socket)
            plan->fallback = EMU_FALLBACK_IB_DISABLED;
        for (int k = 0; !socket && k < plan->n_nodes; k++)
            if (!w->nodes[plan->nodes[k]].verbs_available) {
                socket = true;
                plan->fallback = EMU_FALLBACK_NO_VERBS;
            }
        if (!socket) {
            for (int k = 0; k < plan->n_nodes; k++) {
                const emu_node *n = &w->nodes[plan->nodes[k]];
                uint32_t mask = 0;
                for (int i = 0; i < n->n_hcas; i++) {
                    const emu_hca *h = &n->hcas[i];
                    if (!h->compute || h->state != EMU_PORT_ACTIVE || !hca_matches(env->ib_hca, h->name))
                        continue;
                    /* with fewer ranks than rails, each rank drives its own rail's NIC */
                    bool used = per_node[n->index] >= 8;
                    for (int r = 0; !used && r < nranks; r++)
                        used = ranks[r].node == n->index && ranks[r].gpu == h->rail;
                    if (used)
                        mask |= 1u << i;
                }
                if (!mask) { /* no rail NIC for the ranks: take any matched NIC */
                    for (int i = 0; i < n->n_hcas && !mask; i++) {
                        const emu_hca *h = &n->hcas[i];
                        if (h->compute && h->state == EMU_PORT_ACTIVE && hca_matches(env->ib_hca, h->name))
                            mask |= 1u << i;
                    }
                }
                if (!mask) {
                    socket = true;
                    plan->fallback = EMU_FALLBACK_NO_DEVICE;
                    break;
                }
                plan->hca_mask[k] = mask;
                bool gdr = n->peermem_loaded && env->gdr_level != 0;
                plan->gdr[k] = gdr;
            }
        }
        if (socket) {
            plan->inter = EMU_TRANSPORT_NET_SOCKET;
            memset(plan->hca_mask, 0, sizeof plan->hca_mask);
            memset(plan->gdr, 0, sizeof plan->gdr);
            for (int k = 0; k < plan->n_nodes; k++) {
                const emu_node *n = &w->nodes[plan->nodes[k]];
                double bw = n->bootstrap_rate_gbit_per_s / 8.0 * SOCKET_EFFICIENCY;
                if (bw < plan->inter_bw_gb_per_s) {
                    plan->inter_bw_gb_per_s = bw;
                    plan->slow_node = k;
                }
            }
            alpha = fmax(alpha, ALPHA_SOCKET_US);
            plan->n_channels = 2;
        } else {
            plan->inter = EMU_TRANSPORT_NET_IB;
            /* all channels carry equal shares and each NIC serves its channels, so a node's
             * crossing runs at (NICs used) x (slowest used NIC) */
            int most = 0;
            for (int k = 0; k < plan->n_nodes; k++) {
                const emu_node *n = &w->nodes[plan->nodes[k]];
                int used = 0, slow = -1;
                double min_bw = INFINITY;
                for (int i = 0; i < n->n_hcas; i++) {
                    if (!(plan->hca_mask[k] & (1u << i)))
                        continue;
                    used++;
                    double bw = hca_effective_gb_per_s(w, n->index, i, plan->gdr[k]);
                    if (bw < min_bw) {
                        min_bw = bw;
                        slow = i;
                    }
                }
                most = used > most ? used : most;
                double node_bw = used * min_bw;
                if (node_bw < plan->inter_bw_gb_per_s) {
                    plan->inter_bw_gb_per_s = node_bw;
                    plan->slow_node = k;
                    plan->slow_hca = slow;
                }
            }
            plan->n_channels = 2 * most > 32 ? 32 : 2 * most;
            alpha = fmax(alpha, ALPHA_IB_US);
        }
        /* a routing collision halves (by default) what crosses between the two nodes when they
         * are neighbours on the ring (always so with two nodes) */
        for (int f = 0; f < w->n_faults; f++) {
            const emu_fault *ft = &w->faults[f];
            if (ft->kind != EMU_FAULT_ROUTING_COLLISION)
                continue;
            int a = -1, b = -1;
            for (int k = 0; k < plan->n_nodes; k++) {
                if (plan->nodes[k] == ft->node)
                    a = k;
                if (plan->nodes[k] == ft->peer)
                    b = k;
            }
            if (a < 0 || b < 0)
                continue;
            int d = abs(a - b);
            if (d == 1 || d == plan->n_nodes - 1) {
                double share = ft->value > 0 ? ft->value : 0.5;
                double bw = plan->inter_bw_gb_per_s * share;
                if (plan->inter == EMU_TRANSPORT_NET_IB) {
                    /* recompute against the pair's own crossing, not the global minimum */
                    bw = fmin(plan->inter_bw_gb_per_s, bw);
                }
                if (bw < plan->inter_bw_gb_per_s) {
                    plan->inter_bw_gb_per_s = bw;
                    plan->slow_node = a;
                    plan->slow_hca = -1;
                }
            }
        }
    } else if (max_per > 1) {
        plan->n_channels = spec->nvlinks >= 18 ? 24 : 16;
    }
    plan->bw_gb_per_s = fmin(plan->intra_bw_gb_per_s, plan->inter_bw_gb_per_s);
    if (!isfinite(plan->bw_gb_per_s))
        plan->bw_gb_per_s = 0;
    if (plan->intra_bw_gb_per_s < plan->inter_bw_gb_per_s) { /* the bottleneck is inside nodes */
        plan->slow_node = -1;
        plan->slow_hca = -1;
    }
    if (!isfinite(plan->intra_bw_gb_per_s))
        plan->intra_bw_gb_per_s = 0;
    if (!isfinite(plan->inter_bw_gb_per_s))
        plan->inter_bw_gb_per_s = 0;
    plan->alpha_us = alpha;
    return 0;
}

double emu_allreduce_time_us(const emu_nccl_plan *plan, double size_bytes)
{
    int n = plan->nranks;
    if (n <= 1 || plan->bw_gb_per_s <= 0 || size_bytes < 0)
        return 0;
    /* GB/s = 1e9 bytes/s = 1e3 bytes/us */
    double beta_us = (size_bytes / n) / (plan->bw_gb_per_s * 1e3);
    return 2.0 * (n - 1) * (plan->alpha_us + beta_us);
}

double emu_algbw_gb_per_s(double size_bytes, double time_us)
{
    if (time_us <= 0)
        return 0;
    return size_bytes / (time_us * 1e3);
}

double emu_busbw_gb_per_s(double algbw_gb_per_s, int nranks)
{
    if (nranks <= 1)
        return algbw_gb_per_s;
    return algbw_gb_per_s * 2.0 * (nranks - 1) / nranks;
}
