/* nccl.c: the NCCL model (nccl.h), in three parts:
 *
 *   1. The communicator: which transports NCCL picks (P2P over NVLink or PCIe, SHM, NET/IB with or
 *      without GPUDirect RDMA, sockets), which HCAs each node uses, how many channels.
 *   2. NCCL's own view: the graphs its topology search finds (src/graph/search.cc, reduced to the
 *      capacity constraints the systems here have), then its tuning model (src/graph/tuning.cc of
 *      NCCL 2.21.5, the version the cluster runs) over them: a latency and a bandwidth per
 *      collective, algorithm and protocol, and the choice of the least predicted time, which is
 *      how NCCL picks by default (NVLS for large all-reduces in one H100 node, NVLSTree across
 *      two, Ring across more, LL for small messages ...).
 *   3. What the hardware delivers: the algorithm's bandwidth as the links on its path carry it
 *      (NVLink, NVLink SHARP, PCIe, each node's rails through the fabric), scaled by efficiencies
 *      measured on real clusters; the latency NCCL predicts, which NVIDIA fits to measurement.
 *
 * Measured efficiencies (large-message bus bandwidth against the links' rates as nvidia-smi and
 * ibstat print them):
 *   - ring over NVLink: Hopper 0.764 (365 GB/s on 8 x H100, 18 x 26.562 GB/s: NCCL_ALGO=Ring
 *     360-370 GB/s, NVIDIA's sjeaugey in nccl-tests#212: "an effective NVLink bandwidth of
 *     370GB/s"), Ampere 0.775 (232.5 GB/s on 8 x A100, 12 x 25 GB/s: nccl-tests#175); Volta and
 *     Blackwell take 0.77, the two measured generations' mean (no public measurement found);
 *   - NVLink SHARP all-reduce (NVLS): Hopper 0.573 of the links' rate as algbw (~480 GB/s busbw,
 *     ~275 GB/s algbw on 8 x H100: nccl-tests#212; 475 GB/s on 8 x H200: nccl-tests#272);
 *     Blackwell 0.499, Hopper's scaled by NCCL's own nvlsEfficiency ratio (0.74 / 0.85, tuning.cc
 *     of NCCL 2.26; no public measurement found);
 *   - NVLSTree across two nodes: 0.716 of the nodes' rails (430 GB/s busbw on 2 x 8 H100 with
 *     8 x 400G RoCE, NVIDIA/nccl#1221: algbw 229 of 320 GB/s of rails); across more, where each
 *     node's rails carry a tree's two directions (half each, as NCCL's tuning models), 0.91 of
 *     that half (about 350 GB/s busbw at 512 MB with NCCL's default algorithm on 248 x 8 H200
 *     with 8 NICs a node, nccl-tests#283, the NICs taken as NDR: algbw 175 of 192);
 *   - InfiniBand: 0.96 of the port rate (192 GB/s busbw on DGX A100's 8 x HDR, NVIDIA's AddyLaddy
 *     in NVIDIA/nccl#812; "48-49GB/s per NIC" at NDR, nccl-tests#267); RoCE: 0.80 (320 GB/s on
 *     8 x 400G RoCE beyond two nodes, NVIDIA/nccl#1221);
 *   - PCIe (SHM, or P2P without NVLink): 0.44 of an x16 link's raw rate per direction (28 GB/s
 *     busbw on 8 PCIe Gen5 GPUs, NVIDIA/nccl#1639, where NVIDIA notes the CPU's PCIe and memory
 *     bound such systems);
 *   - without GPUDirect RDMA, or with PCIe ACS redirecting peer traffic to the root complex, a
 *     NIC's traffic crosses its switch's uplink twice (GPU to host memory, host memory to NIC, in
 *     each direction): the uplink (an x16 link at 0.8 of its raw rate, what CUDA's bandwidthTest
 *     reaches pinned: ~25 GB/s Gen4, ~51 Gen5) is shared by twice the traffic of every NIC
 *     behind it (NVIDIA's sjeaugey in NVIDIA/nccl#465: "CPU are very, very bad PCI switches");
 *   - sockets: 0.2 of the front-end bond (a few GB/s over a 200 Gb/s bond: tool-formats.md
 *     section 7, and the capture in the NCCL page);
 *   - a held-down GPU slows NCCL's kernels: above its slowdown factor, no algorithm exceeds 1.3 x
 *     the healthy ring's bandwidth / slowdown (a modelling choice: at full clock NCCL's SMs have
 *     headroom over the links; at the ~380 MHz of a power brake they do not). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "fabric.h"
#include "gpu.h"
#include "nccl.h"

#define EFF_IB 0.96
#define EFF_ROCE 0.80
#define EFF_SOCKET 0.20
#define EFF_PCIE_RING 0.44
#define EFF_PCIE_DMA 0.80
#define EFF_NVLS_TREE 0.716
#define EFF_NVLS_TREE_WIDE 0.91
#define GPU_KERNEL_HEADROOM 1.3

static double eff_nvlink_ring(int arch)
{
    return arch >= EMU_ARCH_BLACKWELL ? 0.77 : arch >= EMU_ARCH_HOPPER ? 0.764
                                            : arch >= EMU_ARCH_AMPERE ? 0.775 : 0.77;
}

static double eff_nvls(int arch)
{
    return arch >= EMU_ARCH_BLACKWELL ? 0.499 : arch >= EMU_ARCH_HOPPER ? 0.573 : 0;
}

/* Raw rate of an x16 link per direction, GB/s (PCI-SIG: 8, 16, 32 GT/s for Gen3-5, 128b/130b). */
static double pcie_x16_gb_per_s(int gen)
{
    return gen >= 5 ? 63.0 : gen == 4 ? 31.5 : 15.75;
}

/* NCCL's PCI link bandwidth for an x16 link (topo.cc: PCI_BW 12 at Gen3, doubling per generation). */
static double nccl_pci_bw(int gen)
{
    return gen >= 5 ? 48.0 : gen == 4 ? 24.0 : 12.0;
}

static const char *const algo_names[EMU_ALGO_COUNT] = {"Tree", "Ring", "CollnetDirect", "CollnetChain",
                                                       "NVLS", "NVLSTree"};
static const char *const proto_names[EMU_PROTO_COUNT] = {"LL", "LL128", "Simple"};

const char *emu_nccl_algo_name(emu_nccl_algo a) { return a >= 0 && a < EMU_ALGO_COUNT ? algo_names[a] : ""; }
const char *emu_nccl_proto_name(emu_nccl_proto p) { return p >= 0 && p < EMU_PROTO_COUNT ? proto_names[p] : ""; }

void emu_nccl_env_from_job(const emu_world *w, emu_nccl_env *env)
{
    memset(env, 0, sizeof *env);
    env->gdr_level = -1;
    env->nvls_enable = -1;
    env->ib_hca = w->job.nccl_ib_hca[0] ? w->job.nccl_ib_hca : NULL;
    env->socket_ifname = w->job.nccl_socket_ifname[0] ? w->job.nccl_socket_ifname : NULL;
    env->ib_disable = w->job.nccl_ib_disable;
    env->no_gdr_nodes = w->run.no_gdr_nodes;
}

static bool env_true(const char *v) { return v && *v && strcmp(v, "0") != 0; }

void emu_nccl_env_read(emu_nccl_env *env, const char *(*get)(const void *arg, const char *name), const void *arg)
{
    memset(env, 0, sizeof *env);
    env->gdr_level = -1;
    env->nvls_enable = -1;
    if (!get)
        return;
    env->ib_hca = get(arg, "NCCL_IB_HCA");
    env->socket_ifname = get(arg, "NCCL_SOCKET_IFNAME");
    env->net = get(arg, "NCCL_NET");
    env->algo = get(arg, "NCCL_ALGO");
    env->proto = get(arg, "NCCL_PROTO");
    const char *nvls = get(arg, "NCCL_NVLS_ENABLE");
    env->nvls_enable = nvls && *nvls ? env_true(nvls) : -1;
    env->collnet_enable = env_true(get(arg, "NCCL_COLLNET_ENABLE"));
    env->ib_disable = env_true(get(arg, "NCCL_IB_DISABLE"));
    env->p2p_disable = env_true(get(arg, "NCCL_P2P_DISABLE"));
    const char *gdr = get(arg, "NCCL_NET_GDR_LEVEL");
    if (gdr && *gdr) {
        /* names from the NCCL environment documentation, as distances */
        static const char *const names[] = {"LOC", "PIX", "PXB", "PHB", "SYS"};
        for (int i = 0; i < 5; i++)
            if (!strcmp(gdr, names[i]))
                env->gdr_level = i;
        if (env->gdr_level < 0)
            env->gdr_level = atoi(gdr);
    }
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

/* NCCL_ALGO / NCCL_PROTO lists (tuning.cc parseList): comma-separated names, case-insensitive,
 * a leading "^" excludes the listed ones. Returns whether `name` is allowed. */
static bool list_allows(const char *list, const char *name)
{
    if (!list || !*list)
        return true;
    bool exclude = *list == '^';
    if (exclude)
        list++;
    bool hit = false;
    size_t nlen = strlen(name);
    for (const char *p = list; *p;) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        while (len > 0 && *p == ' ') {
            p++;
            len--;
        }
        if (len == nlen && !strncasecmp(p, name, len))
            hit = true;
        p += len;
        if (*p == ',')
            p++;
    }
    return exclude ? !hit : hit;
}

/* ---- part 1: the communicator ------------------------------------------------------------- */

/* NVLinks of a GPU that reach other GPUs of the communicator on its node (every active link on
 * an NVSwitch system). */
static int links_to_peers(const emu_world *w, int node, int gpu, const bool *in_comm)
{
    if (w->cluster.nvlink == EMU_NVLINK_SWITCH)
        return emu_gpu_links_up(w, node, gpu);
    int links = 0;
    for (int k = 0; k < w->spec->nvlinks; k++) {
        int peer = w->layout.link_peer[gpu][k];
        if (peer >= 0 && in_comm[peer] && w->nodes[node].gpus[gpu].links[k].up)
            links++;
    }
    return links;
}

/* Whether every GPU of the node's share of the communicator reaches the others over NVLink
 * (a switch, or a mesh or bridge that joins them all), so NCCL's rings stay on NVLink. */
static bool nvlink_joined(const emu_world *w, int node, const bool *in_comm)
{
    if (w->cluster.nvlink == EMU_NVLINK_NONE)
        return false;
    int n = w->nodes[node].n_gpus, members = 0, start = -1;
    for (int g = 0; g < n; g++)
        if (in_comm[g]) {
            members++;
            start = start < 0 ? g : start;
            if (links_to_peers(w, node, g, in_comm) == 0)
                return false;
        }
    /* connected: a walk over pairs with active links reaches every member */
    bool seen[EMU_MAX_GPUS] = {false};
    int stack[EMU_MAX_GPUS], top = 0, reached = 0;
    stack[top++] = start;
    seen[start] = true;
    while (top) {
        int a = stack[--top];
        reached++;
        for (int b = 0; b < n; b++)
            if (in_comm[b] && !seen[b] && w->layout.pair_links[a][b] > 0 &&
                !((w->nodes[node].gpus[a].p2p_off >> b) & 1u)) { /* P2P off: NVLink unusable */
                seen[b] = true;
                stack[top++] = b;
            }
    }
    return reached == members;
}

/* The compute HCA a GPU's traffic leaves through: one under its PCIe switch, else one on its NUMA
 * node, else any (NCCL's nearest-NIC choice, ncclTopoGetLocalNet); -1 when none matches. */
static int nearest_hca(const emu_world *w, int node, int gpu, const char *filter)
{
    const emu_node *n = &w->nodes[node];
    const emu_gpu *g = &n->gpus[gpu];
    int best = -1, best_score = -1;
    for (int i = 0; i < n->n_hcas; i++) {
        const emu_hca *h = &n->hcas[i];
        if (!h->compute || h->state != EMU_PORT_ACTIVE || !hca_matches(filter, h->name))
            continue;
        int score = h->pcie_switch >= 0 && h->pcie_switch == g->pcie_switch ? 2 : h->numa_node == g->numa_node;
        if (score > best_score) {
            best = i;
            best_score = score;
        }
    }
    return best;
}

/* What one HCA port carries for NCCL, GB/s per direction. */
static double hca_gb_per_s(const emu_world *w, int node, int hca, bool gdr)
{
    const emu_node *n = &w->nodes[node];
    const emu_hca *h = &n->hcas[hca];
    double bw = h->rate_gbit_per_s / 8.0 * (h->ethernet ? EFF_ROCE : EFF_IB);
    /* an adapter whose PCIe link trained narrower or slower moves no more than that link */
    if (h->pcie_width > 0 && (h->pcie_width < h->pcie_max_width || h->pcie_gen < h->pcie_max_gen))
        bw = fmin(bw, pcie_x16_gb_per_s(h->pcie_gen) * h->pcie_width / 16.0 * EFF_PCIE_DMA);
    bool acs = h->pcie_switch >= 0 && EMU_ACS_REDIRECTS(n->switches[h->pcie_switch]);
    if (!gdr || acs) {
        /* the traffic crosses the switch's uplink twice in each direction, shared with every
         * other compute port behind the same switch */
        int sharing = 0;
        for (int i = 0; i < n->n_hcas; i++)
            sharing += n->hcas[i].compute && n->hcas[i].pcie_switch == h->pcie_switch;
        double uplink = pcie_x16_gb_per_s(w->spec->pcie_gen) * EFF_PCIE_DMA;
        double share = uplink / (2.0 * (sharing > 0 ? sharing : 1));
        bw = share < bw ? share : bw;
    }
    return bw;
}

static void plan_inter(const emu_world *w, const emu_nccl_env *env, const int *per_node, emu_nccl_plan *plan)
{
    bool socket = env->ib_disable || (env->net && !strcasecmp(env->net, "Socket"));
    if (socket)
        plan->fallback = EMU_FALLBACK_IB_DISABLED;
    for (int k = 0; !socket && k < plan->n_nodes; k++)
        if (!w->nodes[plan->nodes[k]].verbs_available) {
            socket = true;
            plan->fallback = EMU_FALLBACK_NO_VERBS;
        }
    int rails_used[EMU_MAX_NODES] = {0};
    for (int k = 0; !socket && k < plan->n_nodes; k++) {
        const emu_node *n = &w->nodes[plan->nodes[k]];
        uint32_t mask = 0;
        int compute = 0;
        for (int i = 0; i < n->n_hcas; i++)
            compute += n->hcas[i].compute && n->hcas[i].state == EMU_PORT_ACTIVE && hca_matches(env->ib_hca, n->hcas[i].name);
        if (per_node[n->index] >= compute) { /* as many ranks as ports: every matched port */
            for (int i = 0; i < n->n_hcas; i++)
                if (n->hcas[i].compute && n->hcas[i].state == EMU_PORT_ACTIVE && hca_matches(env->ib_hca, n->hcas[i].name))
                    mask |= 1u << i;
        } else { /* fewer ranks than ports: each rank's nearest port */
            for (int r = 0; r < plan->nranks; r++)
                if (plan->ranks[r].node == n->index) {
                    int h = nearest_hca(w, n->index, plan->ranks[r].gpu, env->ib_hca);
                    if (h >= 0)
                        mask |= 1u << h;
                }
        }
        if (!mask) {
            socket = true;
            plan->fallback = EMU_FALLBACK_NO_DEVICE;
            break;
        }
        plan->hca_mask[k] = mask;
        /* GPUDirect RDMA as NCCL found it when the communicator was made (a job's latch) */
        bool latched_off = n->index < 64 && ((env->no_gdr_nodes >> n->index) & 1u);
        plan->gdr[k] = n->peermem_loaded && !latched_off && env->gdr_level != 0;
        for (int i = 0; i < n->n_hcas; i++)
            rails_used[k] += (mask >> i) & 1u;
    }
    plan->inter_bw_gb_per_s = INFINITY;
    if (socket) {
        plan->inter = EMU_TRANSPORT_NET_SOCKET;
        memset(plan->hca_mask, 0, sizeof plan->hca_mask);
        memset(plan->gdr, 0, sizeof plan->gdr);
        for (int k = 0; k < plan->n_nodes; k++) {
            double bw = w->nodes[plan->nodes[k]].bootstrap_rate_gbit_per_s / 8.0 * EFF_SOCKET;
            if (bw < plan->inter_bw_gb_per_s) {
                plan->inter_bw_gb_per_s = bw;
                plan->slow_node = k;
            }
        }
        return;
    }
    plan->inter = EMU_TRANSPORT_NET_IB;
    /* Every channel carries an equal share and each rail serves its channels, so a node's
     * crossing runs at (rails) x (its slowest flow): a flow on rail i from node k to its ring
     * neighbour runs at the least of the two ports and the fabric path between them. */
    for (int k = 0; k < plan->n_nodes; k++) {
        int a = plan->nodes[k], b = plan->nodes[(k + 1) % plan->n_nodes];
        const emu_node *na = &w->nodes[a], *nb = &w->nodes[b];
        int kb = (k + 1) % plan->n_nodes;
        double slowest = INFINITY;
        int slow_hca = -1;
        for (int i = 0; i < na->n_hcas; i++) {
            if (!(plan->hca_mask[k] & (1u << i)))
                continue;
            double bw = hca_gb_per_s(w, a, i, plan->gdr[k]);
            /* the neighbour's port on the same rail (or its nearest matched one) */
            int j = -1;
            for (int q = 0; q < nb->n_hcas; q++)
                if ((plan->hca_mask[kb] & (1u << q)) && nb->hcas[q].rail == na->hcas[i].rail)
                    j = q;
            if (j < 0)
                for (int q = 0; q < nb->n_hcas && j < 0; q++)
                    if (plan->hca_mask[kb] & (1u << q))
                        j = q;
            if (j >= 0) {
                double bb = hca_gb_per_s(w, b, j, plan->gdr[kb]);
                if (bb < bw) {
                    bw = bb;
                    if (bb < slowest) {
                        slowest = bb;
                        slow_hca = -2 - j; /* the neighbour's port */
                    }
                }
            }
            if (plan->n_nodes > 1 && a != b) {
                double path = emu_fabric_path_share(w, a, b, na->hcas[i].rail > 0 ? na->hcas[i].rail : 0) *
                              na->hcas[i].rate_gbit_per_s / 8.0 * (na->hcas[i].ethernet ? EFF_ROCE : EFF_IB);
                bw = path < bw ? path : bw;
            }
            if (bw < slowest) {
                slowest = bw;
                slow_hca = i;
            }
        }
        int used = rails_used[k] < rails_used[kb] ? rails_used[k] : rails_used[kb];
        double crossing = used * slowest;
        if (crossing < plan->inter_bw_gb_per_s) {
            plan->inter_bw_gb_per_s = crossing;
            plan->slow_node = slow_hca <= -2 ? kb : k;
            plan->slow_hca = slow_hca <= -2 ? -2 - slow_hca : slow_hca;
        }
    }
    plan->roce = w->cluster.roce;
}

/* ---- part 2: NCCL's view: graphs and its tuning model ---------------------------------------- */

/* NCCL's figures in hundredths (C()), to keep the module small; read back as x / 100.0, which
 * gives the same doubles as the literals */
#define C(x) ((unsigned short)((x) * 100 + 0.5))
static const unsigned short speeds_intra[] = {C(40.0), C(30.0), C(20.0), C(18.0), C(15.0), C(12.0), C(10.0), C(9.0), C(7.0), C(6.0), C(5.0), C(4.0), C(3.0)};
static const unsigned short speeds_inter[] = {C(48.0), C(30.0), C(28.0), C(24.0), C(20.0), C(18.0), C(15.0), C(12.0), C(10.0), C(9.0),
                                      C(7.0), C(6.0), C(5.0), C(4.0), C(3.0), C(2.4), C(1.2), C(0.24), C(0.12)};
static const unsigned short sm90_speeds_intra[] = {C(60.0), C(50.0), C(40.0), C(30.0), C(24.0), C(20.0), C(15.0), C(12.0), C(11.0), C(6.0), C(3.0)};
static const unsigned short sm90_speeds_inter[] = {C(48.0), C(45.0), C(42.0), C(40.0), C(30.0), C(24.0), C(22.0), C(20.0), C(17.5), C(15.0),
                                           C(12.0), C(6.0), C(3.0), C(2.4), C(1.2), C(0.24), C(0.12)};
#define MAXCHANNELS 32

/* ncclTopoCompute's search over channel speeds (search.cc), reduced to two constraints: each
 * channel takes its speed from every GPU's links (total_bw), and across nodes from a NIC
 * (nics x floor(nic_bw / speed) channels). It starts at the fastest speed the paths allow,
 * keeps the graph with the most bandwidth (channels x speed), stops at a perfect one or when the
 * speed falls under half of the best, then doubles the channels at half speed as NCCL does for
 * fast intra-node graphs. */
static emu_nccl_graph graph_search(const unsigned short *speeds, int n_speeds, double max_bw, double total_bw,
                                   int min_ch, int max_ch, int nics, double nic_bw, int arch, bool dup)
{
    emu_nccl_graph g = {0, 0, 0, false};
    int i = 0;
    while (i < n_speeds - 1 && (speeds[i] / 100.0 > max_bw || speeds[i] / 100.0 * min_ch > total_bw))
        i++;
    for (; i < n_speeds; i++) {
        double s = speeds[i] / 100.0;
        int n = (int)floor(total_bw / s + 1e-9);
        if (nics > 0) {
            int by_nic = nics * (int)floor(nic_bw / s + 1e-9);
            n = by_nic < n ? by_nic : n;
        }
        n = n > max_ch ? max_ch : n;
        if (n >= min_ch && n * s > g.n_channels * g.bw_intra + 1e-9) {
            g.n_channels = n;
            g.bw_intra = g.bw_inter = s;
        }
        if (g.n_channels && g.n_channels * g.bw_intra >= total_bw - 1e-9)
            break;
        if (g.n_channels && i + 1 < n_speeds && speeds[i + 1] / 100.0 / g.bw_intra <= 0.49)
            break;
    }
    if (dup && g.n_channels && g.bw_intra >= 25.0 && !(arch > 80 && g.bw_intra < 50.0 && g.n_channels > 4)) {
        int n2 = 2 * g.n_channels > max_ch ? max_ch : 2 * g.n_channels;
        int factor = (n2 + g.n_channels - 1) / g.n_channels;
        g.bw_intra /= factor;
        g.bw_inter /= factor;
        g.n_channels = n2;
    }
    return g;
}

/* NCCL 2.21.5 tuning.cc: latencies (us) and bandwidths (GB/s) of its model. Rows: Tree, Ring,
 * CollNetDirect, CollNetChain, NVLS, NVLSTree; columns LL, LL128, Simple. */
static const unsigned short base_lat[EMU_ALGO_COUNT][EMU_PROTO_COUNT] = {
    {C(6.8), C(14.0), C(0)}, {C(6.6), C(14.0), C(8.4)}, {C(0), C(0), C(0)}, {C(0), C(0), C(0)}, {C(0), C(0), C(0)}, {C(0), C(0), C(0)}};
enum { HW_NVLINK, HW_PCI, HW_NET };
static const unsigned short hw_lat[3][EMU_ALGO_COUNT][EMU_PROTO_COUNT] = {
    {{C(.6), C(1.25), C(28)}, {C(.6), C(1.9), C(3.4)}, {C(0), C(0), C(3.7)}, {C(0), C(0), C(2.8)}, {C(0), C(0), C(25)}, {C(0), C(0), C(25)}},
    {{C(1.0), C(1.9), C(28)}, {C(1.0), C(2.5), C(5.7)}, {C(0), C(0), C(3.7)}, {C(0), C(0), C(2.8)}, {C(0), C(0), C(0)}, {C(0), C(0), C(0)}},
    {{C(5.0), C(8.5), C(28)}, {C(2.7), C(4.0), C(14.0)}, {C(0), C(0), C(31)}, {C(0), C(0), C(30)}, {C(0), C(0), C(18)}, {C(0), C(0), C(14)}}};
static const unsigned short ll_max_bws[3][3] = {{C(39.0), C(39.0), C(20.4)}, {C(87.7), C(22.5), C(19.0)}, {C(141.0), C(45.0), C(35.0)}};
static const unsigned short per_ch_max_ring_ll128[3][3] = {{C(20.0), C(20.0), C(20.0)}, {C(20.0), C(20.0), C(20.0)}, {C(36.7), C(36.7), C(36.7)}};
static const unsigned short per_ch_max_tree_ll128[3][3] = {{C(20.0), C(20.0), C(20.0)}, {C(20.0), C(20.0), C(20.0)}, {C(36.7), C(36.7), C(29.0)}};
static const unsigned short per_ch_max_tree[3][3] = {{C(26.5), C(18.5), C(10.0)}, {C(24.0), C(23.6), C(17.8)}, {C(38.7), C(41.4), C(36.0)}};
/* ncclTopoGetAlgoTime: trees stray from the model at medium sizes, by these factors (powers of
 * two from 64 B to 256 MB) */
static const unsigned short tree_correction[EMU_PROTO_COUNT][23] = {
    {C(1.0), C(1.0), C(1.0), C(1.0), C(.9), C(.8), C(.7), C(.7), C(.7), C(.7), C(.6), C(.5), C(.4), C(.4), C(.5), C(.6), C(.7), C(.8), C(.9), C(1.0), C(1.0), C(1.0), C(1.0)},
    {C(1.0), C(1.0), C(1.0), C(1.0), C(1.0), C(.9), C(.8), C(.8), C(.8), C(.7), C(.6), C(.6), C(.6), C(.6), C(.6), C(.6), C(.8), C(.9), C(.9), C(.9), C(.9), C(1.0), C(1.0)},
    {C(.9), C(.9), C(.9), C(.9), C(.9), C(.9), C(.9), C(.8), C(.7), C(.6), C(.6), C(.5), C(.5), C(.5), C(.5), C(.6), C(.7), C(.8), C(.7), C(.7), C(.8), C(.9), C(.9)}};

static int log2i(double v)
{
    int l = 0;
    while (v >= 2.0) {
        v /= 2.0;
        l++;
    }
    return l;
}

static void plan_graphs(const emu_world *w, const emu_nccl_env *env, emu_nccl_plan *p, double intra_total,
                        double intra_max, double nvls_total, bool nvlink, bool nvls_ok, int nics, double nic_bw)
{
    int arch = p->arch, ngpus = p->ranks_per_node;
    bool sm90 = arch >= EMU_ARCH_HOPPER, net = p->n_nodes > 1;
    const unsigned short *sp = net ? (sm90 ? sm90_speeds_inter : speeds_inter) : (sm90 ? sm90_speeds_intra : speeds_intra);
    int nsp = net ? (sm90 ? (int)(sizeof sm90_speeds_inter / sizeof sp[0]) : (int)(sizeof speeds_inter / sizeof sp[0]))
                  : (sm90 ? (int)(sizeof sm90_speeds_intra / sizeof sp[0]) : (int)(sizeof speeds_intra / sizeof sp[0]));
    double max_bw = net ? fmin(nic_bw, intra_max > 0 ? intra_max : nic_bw) : (intra_max > 0 ? intra_max : 1e9);
    double total = ngpus > 1 ? intra_total : (net ? nic_bw * nics : 5000.0);
    int n_nic = net ? nics : 0;
    emu_nccl_graph ring = graph_search(sp, nsp, max_bw, total, 1, MAXCHANNELS / 2, n_nic, nic_bw, arch, true);
    double tree_total = ngpus > 1 ? total * ngpus / (ngpus - 1) : total;
    emu_nccl_graph tree = graph_search(sp, nsp, max_bw, tree_total, 1, MAXCHANNELS / 2, n_nic, nic_bw, arch, true);
    /* NCCL tries to give rings and trees the same channels */
    if (tree.n_channels > ring.n_channels && ring.n_channels > 0)
        tree = ring;
    ring.nvlink = tree.nvlink = nvlink;
    p->graphs[EMU_ALGO_RING] = ring;
    p->graphs[EMU_ALGO_TREE] = tree;
    if (nvls_ok) {
        emu_nccl_graph nvls = {0, 0, 0, true};
        if (!net) { /* every GPU a head: ngpus channels, over its NVLinks to the NVSwitches (NVLS
                     * paths are GPU to NVS, which NCCL_P2P_DISABLE leaves alone: search.cc) */
            double t = nvls_total * ngpus / (ngpus > 1 ? ngpus - 1 : 1);
            for (int i = 0; i < nsp; i++)
                if (sp[i] / 100.0 <= max_bw && sp[i] / 100.0 * ngpus <= t + 1e-9) {
                    nvls.n_channels = ngpus;
                    nvls.bw_intra = nvls.bw_inter = sp[i] / 100.0;
                    break;
                }
        } else { /* heads are NIC:GPU pairs */
            for (int i = 0; i < nsp; i++)
                if (sp[i] / 100.0 <= nic_bw + 1e-9) {
                    nvls.n_channels = nics < ngpus ? nics : ngpus;
                    nvls.bw_intra = nvls.bw_inter = sp[i] / 100.0;
                    break;
                }
        }
        p->graphs[net ? EMU_ALGO_NVLS_TREE : EMU_ALGO_NVLS] = nvls;
    }
    if (env->collnet_enable && w->cluster.fabric.sharp && net) {
        p->graphs[EMU_ALGO_COLLNET_CHAIN] = ring;
        if (w->cluster.nvlink == EMU_NVLINK_SWITCH)
            p->graphs[EMU_ALGO_COLLNET_DIRECT] = ring;
    }
    p->n_channels = ring.n_channels * 2 > MAXCHANNELS ? MAXCHANNELS : ring.n_channels * 2;
    if (p->n_channels < 1)
        p->n_channels = 1;
}

static void plan_tuning(const emu_world *w, const emu_nccl_env *env, emu_nccl_plan *p, int path_intra, int path_inter)
{
    int n = p->nranks, nn = p->n_nodes;
    int cc = p->arch >= EMU_ARCH_HOPPER ? 2 : p->arch >= EMU_ARCH_AMPERE ? 1 : 0;
    bool amd = w->cluster.system && strstr(w->cluster.system->cpu_model, "AMD") != NULL;
    int idx2 = nn <= 2 ? nn - 1 : 2;
    int idx1 = nn == 1 ? cc : amd ? 1 : 0;
    double ll_max = ll_max_bws[idx1][idx2] / 100.0, tree_max = per_ch_max_tree[cc][idx2] / 100.0;
    double ring_ll128_max = per_ch_max_ring_ll128[cc][idx2] / 100.0, tree_ll128_max = per_ch_max_tree_ll128[cc][idx2] / 100.0;
    double ppn = (double)n / nn;
    double net_overhead = amd ? 2.0 : 1.0;
    for (int coll = 0; coll < EMU_COLL_ALLTOALL; coll++) {
        int nsteps = coll == EMU_COLL_ALL_REDUCE ? 2 * (n - 1)
                     : coll == EMU_COLL_REDUCE_SCATTER || coll == EMU_COLL_ALL_GATHER ? n - 1 : n;
        int inter_steps = coll == EMU_COLL_ALL_REDUCE ? (nn > 1 ? 2 * nn : 0)
                          : coll == EMU_COLL_REDUCE_SCATTER || coll == EMU_COLL_ALL_GATHER ? nn - 1 : nn;
        for (int a = 0; a < EMU_ALGO_COUNT; a++) {
            /* the algorithms each collective has in NCCL 2.21; the simulation keeps Ring alone
             * for all-gather and reduce-scatter (their NVLS and CollNet variants are a gap) */
            if (coll != EMU_COLL_ALL_REDUCE && a != EMU_ALGO_RING)
                continue;
            const emu_nccl_graph *g = &p->graphs[a];
            if (g->n_channels == 0)
                continue;
            int hw_intra = g->nvlink ? HW_NVLINK : HW_PCI, hw = nn == 1 ? hw_intra : HW_NET;
            for (int pr = 0; pr < EMU_PROTO_COUNT; pr++) {
                if ((a == EMU_ALGO_NVLS || a == EMU_ALGO_NVLS_TREE) && pr != EMU_PROTO_SIMPLE)
                    continue;
                bool collnet = a == EMU_ALGO_COLLNET_DIRECT || a == EMU_ALGO_COLLNET_CHAIN;
                double bw = nn <= 2 || collnet ? g->bw_intra : g->bw_inter;
                if (a == EMU_ALGO_NVLS)
                    bw = fmin(g->bw_intra, g->bw_inter);
                if (a == EMU_ALGO_NVLS_TREE)
                    bw = fmin(g->bw_intra, nn <= 2 ? g->bw_inter : g->bw_inter / 2);
                double bus = g->n_channels * bw;
                if (a == EMU_ALGO_RING && pr == EMU_PROTO_LL)
                    bus = fmin(ll_max, bus * .5);
                if (a == EMU_ALGO_RING && pr == EMU_PROTO_LL128)
                    bus = fmin(bus * (ppn < 2 ? 0.7 : 0.92), g->n_channels * ring_ll128_max);
                if (a == EMU_ALGO_TREE)
                    bus = fmin(bus * .92, g->n_channels * tree_max);
                if (a == EMU_ALGO_TREE && pr == EMU_PROTO_LL)
                    bus = fmin(bus * 1.0 / 3.8, ll_max);
                if (a == EMU_ALGO_TREE && pr == EMU_PROTO_LL128)
                    bus = fmin(bus * (nn == 1 ? 7.0 / 9.0 : 120.0 / 128.0), g->n_channels * tree_ll128_max);
                if (collnet && pr != EMU_PROTO_SIMPLE)
                    bus = 0;
                if (a == EMU_ALGO_COLLNET_DIRECT && pr == EMU_PROTO_SIMPLE) {
                    double factor = ppn / g->n_channels;
                    factor -= (factor - 1) / 2;
                    bus /= factor;
                    if (p->arch >= 90)
                        bus *= .85;
                }
                double ratio = a == EMU_ALGO_RING ? (double)n / nsteps
                               : (a == EMU_ALGO_NVLS || a == EMU_ALGO_NVLS_TREE) ? 5.0 / 6.0 : .5;
                p->bandwidth_gb_per_s[coll][a][pr] = bus * ratio;
                double lat = base_lat[a][pr] / 100.0;
                double intra_lat = hw_lat[hw_intra][a][pr] / 100.0;
                double inter_lat = hw_lat[HW_NET][a][pr] / 100.0;
                if (pr == EMU_PROTO_SIMPLE)
                    inter_lat += 0; /* graphs[a]->latencyInter, 0 here */
                if (a == EMU_ALGO_RING) {
                    double l = hw_lat[hw][a][pr] / 100.0;
                    if (coll == EMU_COLL_REDUCE || coll == EMU_COLL_BROADCAST) {
                        if (pr == EMU_PROTO_SIMPLE)
                            l = hw_lat[hw][EMU_ALGO_TREE][pr] / 100.0;
                        lat += nsteps * l;
                    } else {
                        double overhead = 0;
                        if (nn > 1)
                            overhead = net_overhead * (pr == EMU_PROTO_SIMPLE ? 3 : 1);
                        intra_lat = fmax(intra_lat, overhead);
                        lat += (nsteps - inter_steps) * intra_lat + inter_steps * inter_lat;
                    }
                } else if (a == EMU_ALGO_TREE) {
                    lat += 2 * ((n / nn - 1) * intra_lat + log2i(nn) * inter_lat);
                } else if (a == EMU_ALGO_COLLNET_DIRECT) {
                    lat += 2 * (fmin(1, n / nn - 1) * intra_lat + (n / nn - 1) * 0.4) + inter_lat;
                } else if (a == EMU_ALGO_COLLNET_CHAIN) {
                    lat += 2 * (n / nn - 1) * intra_lat + inter_lat;
                } else if (a == EMU_ALGO_NVLS) {
                    lat = intra_lat + (nn > 1 ? inter_lat : 0);
                } else {
                    lat += intra_lat + 2 * log2i(nn) * inter_lat;
                }
                p->latency_us[coll][a][pr] = lat;
            }
        }
    }
    /* enabled algorithms and protocols (tuning.cc: LL128 by default only where NVIDIA tested it) */
    for (int a = 0; a < EMU_ALGO_COUNT; a++)
        p->algo_enabled[a] = list_allows(env->algo, algo_names[a]) && p->graphs[a].n_channels > 0;
    if (nn == 1)
        p->algo_enabled[EMU_ALGO_NVLS_TREE] = false;
    bool collnet = env->collnet_enable && w->cluster.fabric.sharp && nn > 1;
    if (!collnet) {
        p->algo_enabled[EMU_ALGO_COLLNET_DIRECT] = p->algo_enabled[EMU_ALGO_COLLNET_CHAIN] = false;
        if (nn > 1)
            p->algo_enabled[EMU_ALGO_NVLS] = false;
    }
    for (int pr = 0; pr < EMU_PROTO_COUNT; pr++)
        p->proto_enabled[pr] = list_allows(env->proto, proto_names[pr]);
    bool ll128_default = !env->proto || !*env->proto || *env->proto == '^';
    if (ll128_default && p->proto_enabled[EMU_PROTO_LL128]) {
        /* PATH_PIX 3 / PXB 4 / PXN 5 / NVB 2: LL128 needs NVLink inside and a PCIe switch (or
         * PXN on Hopper) to the NIC */
        bool ok = (path_inter <= 4 || (p->arch >= 90 && path_inter <= 5)) && path_intra <= 2 &&
                  (p->arch == 70 || p->arch == 80 || p->arch >= 90);
        p->proto_enabled[EMU_PROTO_LL128] = ok;
    }
}

/* ---- part 3: what the hardware delivers -------------------------------------------------- */

/* The ring's algorithm bandwidth for coll (GB/s): its bus bandwidth over nccl-tests' factor. */
static double ring_algbw(const emu_nccl_plan *p, int coll)
{
    int n = p->nranks;
    double bus = p->bw_gb_per_s;
    return coll == EMU_COLL_ALL_REDUCE ? bus * n / (2.0 * (n - 1))
           : coll == EMU_COLL_ALL_GATHER || coll == EMU_COLL_REDUCE_SCATTER ? bus * n / (n - 1.0)
                                                                             : bus;
}

/* The algorithm bandwidth (GB/s) algorithm a of coll reaches on the hardware with protocol
 * Simple. */
static double achieved_algbw(const emu_nccl_plan *p, int coll, int a)
{
    int nn = p->n_nodes;
    if (p->bw_gb_per_s <= 0)
        return 0;
    double intra = p->intra_bw_gb_per_s > 0 ? p->intra_bw_gb_per_s : INFINITY;
    double inter_tree = nn > 1 ? p->inter_bw_gb_per_s / (nn > 2 ? 2.0 : 1.0) : INFINITY;
    double cap;
    switch (a) {
    case EMU_ALGO_RING:
        cap = ring_algbw(p, coll);
        break;
    case EMU_ALGO_TREE: /* a chain in each node, a double binary tree across nodes */
        cap = fmin(intra, inter_tree);
        break;
    case EMU_ALGO_NVLS:
        cap = p->nvls_algbw_gb_per_s;
        break;
    case EMU_ALGO_NVLS_TREE:
        cap = fmin(p->nvls_algbw_gb_per_s, inter_tree * (nn > 2 ? EFF_NVLS_TREE_WIDE : EFF_NVLS_TREE));
        break;
    default: /* CollNet: the switches reduce, each node sends and receives its data once */
        cap = fmin(intra, p->inter_bw_gb_per_s);
        break;
    }
    /* NCCL's per-channel limits (its SMs, its protocols) keep the algorithms it models lower than
     * the links allow: scale its prediction by what the ring really reaches against its own (when
     * both run on the same links: with P2P off the ring crosses host memory, NVLS still NVLink) */
    double pred_ring = p->bandwidth_gb_per_s[coll][EMU_ALGO_RING][EMU_PROTO_SIMPLE];
    double pred = p->bandwidth_gb_per_s[coll][a][EMU_PROTO_SIMPLE];
    bool nvls = a == EMU_ALGO_NVLS || a == EMU_ALGO_NVLS_TREE;
    if (a != EMU_ALGO_RING && pred > 0 && pred_ring > 0 && !(nvls && p->intra == EMU_TRANSPORT_SHM))
        cap = fmin(cap, pred * ring_algbw(p, coll) / pred_ring);
    if (p->gpu_slowdown > 1.0) {
        double healthy = ring_algbw(p, coll) * (p->intra_bw_gb_per_s > 0 ? p->intra_bw_gb_per_s / p->bw_gb_per_s : 1);
        cap = fmin(cap, healthy * GPU_KERNEL_HEADROOM / p->gpu_slowdown);
    }
    return cap;
}

int emu_nccl_plan_make(const emu_world *w, const emu_rank_loc *ranks, int nranks,
                       const emu_nccl_env *env, emu_nccl_plan *plan)
{
    memset(plan, 0, sizeof *plan);
    plan->slow_node = plan->slow_hca = plan->fabric_node = -1;
    plan->gpu_slowdown = 1.0;
    if (!w || !ranks || nranks < 1 || nranks > EMU_MAX_RANKS)
        return -1;
    emu_nccl_env none;
    if (!env) {
        memset(&none, 0, sizeof none);
        none.gdr_level = -1;
        none.nvls_enable = -1;
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
        double s = emu_gpu_slowdown(w, ranks[r].node, ranks[r].gpu);
        plan->gpu_slowdown = s > plan->gpu_slowdown ? s : plan->gpu_slowdown;
    }
    plan->nranks = nranks;
    plan->arch = w->spec->arch;
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

    /* inside the nodes: NVLink when it joins every GPU of the node's share, else PCIe */
    plan->intra_bw_gb_per_s = INFINITY;
    double nccl_intra_total = INFINITY, nccl_intra_max = 0, nccl_nvls_total = INFINITY;
    bool nvlink = true, nvls_ok = spec->arch >= EMU_ARCH_HOPPER && w->cluster.nvlink == EMU_NVLINK_SWITCH &&
                              env->nvls_enable != 0 && !plan->fabric_unavailable;
    double nvls = INFINITY;
    for (int k = 0; k < plan->n_nodes; k++) {
        int node = plan->nodes[k];
        bool in_comm[EMU_MAX_GPUS] = {false};
        for (int r = 0; r < nranks; r++)
            if (ranks[r].node == node)
                in_comm[ranks[r].gpu] = true;
        bool joined = !env->p2p_disable && nvlink_joined(w, node, in_comm);
        for (int g = 0; g < w->nodes[node].n_gpus; g++)
            for (int h = 0; in_comm[g] && h < w->nodes[node].n_gpus; h++)
                if (in_comm[h] && ((w->nodes[node].gpus[g].p2p_off >> h) & 1u))
                    nvls_ok = false; /* NVLS registers every peer's buffer over P2P */
        nvlink = nvlink && joined;
        for (int g = 0; g < w->nodes[node].n_gpus; g++) {
            if (!in_comm[g])
                continue;
            int links = joined ? links_to_peers(w, node, g, in_comm) : 0;
            double nccl_bw = links ? links * emu_gpu_nccl_nvlink_bw(spec) : nccl_pci_bw(spec->pcie_gen);
            nccl_intra_total = fmin(nccl_intra_total, nccl_bw);
            nccl_nvls_total = fmin(nccl_nvls_total, emu_gpu_links_up(w, node, g) * emu_gpu_nccl_nvlink_bw(spec));
            nccl_intra_max = fmax(nccl_intra_max, nccl_bw);
            if (per_node[node] > 1) {
                double bw = links ? links * spec->nvlink_gb_per_s * eff_nvlink_ring(spec->arch)
                                  : pcie_x16_gb_per_s(spec->pcie_gen) * EFF_PCIE_RING;
                plan->intra_bw_gb_per_s = fmin(plan->intra_bw_gb_per_s, bw);
            }
            /* NVLink SHARP runs at the weakest GPU's share of active links */
            nvls = fmin(nvls, emu_gpu_links_up(w, node, g) * spec->nvlink_gb_per_s * eff_nvls(spec->arch));
        }
    }
    if (max_per > 1)
        plan->intra = nvlink ? EMU_TRANSPORT_P2P : EMU_TRANSPORT_SHM;
    if (max_per < 2)
        nvls_ok = false;
    plan->nvls_algbw_gb_per_s = nvls_ok ? nvls : 0;

    /* between the nodes */
    plan->inter_bw_gb_per_s = INFINITY;
    int nics = 0;
    double nic_bw = 0;
    bool gdr_all = true;
    if (plan->n_nodes > 1) {
        plan_inter(w, env, per_node, plan);
        /* every node searches its own graph and NCCL keeps what all of them can do: the
         * fewest NICs, the slowest port (ncclTopoPostset intersects the nodes' graphs) */
        const emu_node *n0 = &w->nodes[plan->nodes[0]];
        nic_bw = INFINITY;
        nics = EMU_MAX_HCAS;
        for (int k = 0; k < plan->n_nodes; k++) {
            const emu_node *nk = &w->nodes[plan->nodes[k]];
            int here = 0;
            for (int i = 0; i < nk->n_hcas; i++)
                if (plan->hca_mask[k] & (1u << i)) {
                    here++;
                    nic_bw = fmin(nic_bw, nk->hcas[i].rate_gbit_per_s / 8.0);
                }
            nics = here < nics ? here : nics;
        }
        for (int k = 0; k < plan->n_nodes; k++)
            gdr_all = gdr_all && plan->gdr[k];
        if (plan->inter == EMU_TRANSPORT_NET_SOCKET) { /* the socket plugin reports the
                                                        * interface's speed from sysfs */
            nics = 1;
            nic_bw = n0->bootstrap_rate_gbit_per_s / 8.0;
            gdr_all = false;
        }
        if (!isfinite(nic_bw))
            nic_bw = 0;
    }
    /* a ring across nodes leaves each node through a NIC: of its R ranks' hops R - 1 stay on the
     * node's links, so those carry (R - 1) / R of what a ring closed inside the node does (two
     * H100 nodes with NCCL_ALGO=Ring: ~375-384 GB/s, NIC-bound, over the node's 365) */
    double ring_intra = plan->intra_bw_gb_per_s;
    if (plan->n_nodes > 1 && min_per > 1)
        ring_intra *= (double)min_per / (min_per - 1);
    plan->bw_gb_per_s = fmin(ring_intra, plan->inter_bw_gb_per_s);
    if (!isfinite(plan->bw_gb_per_s))
        plan->bw_gb_per_s = 0;
    if (ring_intra < plan->inter_bw_gb_per_s) { /* the bottleneck is inside nodes */
        plan->slow_node = -1;
        plan->slow_hca = -1;
    }
    if (!isfinite(plan->intra_bw_gb_per_s))
        plan->intra_bw_gb_per_s = 0;
    if (!isfinite(plan->inter_bw_gb_per_s))
        plan->inter_bw_gb_per_s = 0;
    if (!isfinite(nccl_intra_total))
        nccl_intra_total = 0;
    if (!isfinite(nccl_nvls_total))
        nccl_nvls_total = 0;

    if (nranks > 1) {
        plan_graphs(w, env, plan, nccl_intra_total, nccl_intra_max, nccl_nvls_total, nvlink, nvls_ok, nics, nic_bw);
        /* path types as NCCL names them: NVL 1 inside over NVLink, PHB 6 over PCIe through the
         * CPU; to the NIC PIX 3 with GPUDirect RDMA under a shared switch, PHB 6 without */
        int path_intra = nvlink ? 1 : 6, path_inter = plan->n_nodes > 1 ? (gdr_all ? 3 : 6) : 0;
        plan_tuning(w, env, plan, path_intra, path_inter);
    }
    return 0;
}

double emu_nccl_bus_factor(emu_nccl_coll coll, int n)
{
    if (n <= 1)
        return 0;
    return coll == EMU_COLL_ALL_REDUCE ? 2.0 * (n - 1) / n
           : coll == EMU_COLL_BROADCAST || coll == EMU_COLL_REDUCE ? 1.0 : (double)(n - 1) / n;
}

int emu_nccl_cost_of(const emu_nccl_plan *p, emu_nccl_coll coll, double size_bytes, emu_nccl_cost *out)
{
    memset(out, 0, sizeof *out);
    if (p->nranks <= 1 || size_bytes < 0)
        return 0;
    if (coll == EMU_COLL_ALLTOALL) {
        /* every rank sends S/n to every other: (n-1)/n of S through its own links, and a node sends
         * ranks_per_node x S x (off-node share) through its NICs (all rails together; NVIDIA's
         * sjeaugey in nccl-tests#267: all-to-all cannot aggregate NICs beyond the rails) */
        int n = p->nranks;
        double intra = p->intra_bw_gb_per_s > 0 ? p->intra_bw_gb_per_s : p->bw_gb_per_s;
        double t = intra > 0 ? size_bytes * (n - 1) / n / (intra * 1e3) : 0;
        if (p->n_nodes > 1 && p->inter_bw_gb_per_s > 0) {
            int rpn = p->ranks_per_node > 0 ? p->ranks_per_node : 1;
            double inter = rpn * size_bytes * (double)(n - rpn) / n / (p->inter_bw_gb_per_s * 1e3);
            t = fmax(t, inter);
        }
        double lat = (n - 1) * (p->n_nodes > 1 ? hw_lat[HW_NET][EMU_ALGO_RING][EMU_PROTO_SIMPLE]
                                               : hw_lat[HW_NVLINK][EMU_ALGO_RING][EMU_PROTO_SIMPLE]) / 100.0;
        out->algo = EMU_ALGO_RING;
        out->proto = EMU_PROTO_SIMPLE;
        out->predicted_us = out->time_us = lat + t;
        return 0;
    }
    double best = INFINITY;
    int log_size = log2i(size_bytes / 64.0 >= 1 ? size_bytes / 64.0 : 1);
    for (int a = 0; a < EMU_ALGO_COUNT; a++) {
        if (!p->algo_enabled[a])
            continue;
        for (int pr = 0; pr < EMU_PROTO_COUNT; pr++) {
            if (!p->proto_enabled[pr])
                continue;
            double bw = p->bandwidth_gb_per_s[coll][a][pr];
            if (bw <= 0)
                continue;
            double lat = p->latency_us[coll][a][pr];
            double corr = a == EMU_ALGO_TREE && log_size < 23 ? tree_correction[pr][log_size] / 100.0 : 1.0;
            if (a == EMU_ALGO_RING && pr == EMU_PROTO_SIMPLE && p->n_nodes > 1 && coll == EMU_COLL_ALL_REDUCE &&
                size_bytes / ((double)p->n_channels * p->nranks) >= 64)
                lat *= p->arch < 80 ? 1.9 : 1.4; /* the ring's plateau effect */
            double t = lat + size_bytes / (1e3 * bw * corr);
            if (t < best) {
                best = t;
                out->algo = (emu_nccl_algo)a;
                out->proto = (emu_nccl_proto)pr;
                out->predicted_us = t;
                /* the hardware: the same latency, the bandwidth the links give this algorithm
                 * with this protocol's share of it (NCCL's ratio of protocol to Simple) */
                double simple = p->bandwidth_gb_per_s[coll][a][EMU_PROTO_SIMPLE];
                double real = achieved_algbw(p, coll, a) * (simple > 0 ? bw / simple : 1.0);
                out->time_us = real > 0 ? lat + size_bytes / (1e3 * real * corr) : t;
            }
        }
    }
    if (!isfinite(best)) {
        memset(out, 0, sizeof *out);
        return -1;
    }
    return 0;
}

double emu_allreduce_time_us(const emu_nccl_plan *plan, double size_bytes)
{
    emu_nccl_cost c;
    return emu_nccl_cost_of(plan, EMU_COLL_ALL_REDUCE, size_bytes, &c) == 0 ? c.time_us : 0;
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
