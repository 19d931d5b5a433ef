/* test_invariants.c: properties no real cluster can break, checked on every lab and example
 * scenario and on several hundred generated ones (random shapes, jobs, storage, and 0-3 faults of
 * every kind the scenario language has, with random onsets and ends), each run through every tool
 * of the table at two instants of simulated time: the start, and 15 minutes later after a round of
 * repairs (modprobe, systemctl restart, a GPU reset, scontrol resume, sbatch, rmmod) while the
 * faults that begin or end meanwhile do:
 *
 *   tflops      reported TFLOP/s per GPU <= the GPU's peak at its highest clock; while the run is
 *               alive, its latest step <= the peak at the fastest job GPU's clock now
 *   links       nccl-tests' algbw <= what the GPU's links and the nodes' NICs can carry
 *   busbw       nccl-tests' busbw within the ceiling of the algorithm the model ran for that size:
 *               in one node, a ring's busbw <= a GPU's link rate, NVLS's algbw <= its NVLinks'
 *               rate, a chain tree's algbw <= half of it; across nodes, an all-reduce's algbw <=
 *               a node's NIC rate x N/(2(N-1)) (x 1 with in-network reduction: so <= the NICs
 *               for two nodes, whatever the algorithm), a ring's busbw <= the NICs' rate
 *   nvbw        nvbandwidth's copy rates <= the raw rate of the links between the pair (NVLink,
 *               else the PCIe link), and host copies <= the GPU's PCIe link, in every matrix (a
 *               bidirectional test's Total <= twice the raw rate)
 *   capacity    storage and port throughput <= the mount's, the client's and the port's capacity
 *   shutdown    a GPU at or above its shutdown temperature is off the bus in every tool
 *   agree       a GPU's temperature, clock and power, and a port's rate, read the same in every
 *               tool that shows them
 *   sel         every asserted SEL threshold crossing matches the sensor's reading and threshold,
 *               a sensor past its critical threshold has its SEL entry, and every Deasserted
 *               record follows an Asserted one of the same sensor and event
 *   throttle    the clock-event reasons agree with power draw, limit, clocks and temperature
 *   limits      no GPU reads an SM clock above its maximum or a power draw above its enforced
 *               limit (nvidia-smi's query and dmon, dcgmi dmon)
 *   counters    a port's data counters (perfquery -x: the adapters' ports, and on a leaf switch a
 *               host port, the uplinks and the spine ports at their other ends) never go down,
 *               and from one instant to the next grow by at most what the link's rate as it
 *               trained carries in the time between
 *   held        no clock-event reason counter (nvidia-smi -q's Clocks Event Reasons Counters:
 *               SW Power Capping, the thermal ones, HW Power Braking) exceeds the node's uptime:
 *               they count since the driver loaded
 *   cumulative  none of those counters goes down between two reads in one boot, once the
 *               reason's episode ends as well
 *   finite      no NaN, infinity or negative figure in any output
 *   checkpoints the last completed save reads the same everywhere: the checkpoint directory's
 *               tracker file (latest_checkpointed_iteration.txt) names the iteration a
 *               resubmitted job resumes from (emu_run_last_saved_step), the directory lists it,
 *               and train.log's last "successfully saved" line names it
 *
 * Each invariant is a function over the world and the tools' texts; a unit test per invariant
 * feeds it a deliberately wrong text (or world) and expects it to fail, so none passes vacuously.
 * The generated scenarios come from a fixed seed; a failure prints the scenario's YAML. */
#include <ctype.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "lab.h"
#include "net_harness.h"

#include "model/fabric.h"
#include "model/run.h"
#include "model/hardware.h"
#include "model/storage.h"
#include "model/telemetry.h"

/* ---- outputs: every tool's text at one instant ------------------------------------------------- */

/* The tool lines run at one instant on the two nodes checked (run_all fails when there are more). */
#define MAX_RUNS 384

typedef struct run {
    const char *tool;   /* the table's name */
    char line[256];
    int node;
    char *text;
} run;

typedef struct outputs {
    run runs[MAX_RUNS];
    int n;
    char *train_log;    /* /home/user/train.log, or NULL */
} outputs;

static void outputs_free(outputs *o)
{
    for (int i = 0; i < o->n; i++)
        free(o->runs[i].text);
    free(o->train_log);
    memset(o, 0, sizeof *o);
}

/* The text of the first run of line on node, or NULL. */
static const char *find_run(const outputs *o, int node, const char *line)
{
    for (int i = 0; i < o->n; i++)
        if (o->runs[i].node == node && !strcmp(o->runs[i].line, line))
            return o->runs[i].text;
    return NULL;
}

/* ---- invariant results ----------------------------------------------------------------------------- */

typedef struct verdict {
    int failed;
    char why[512];
} verdict;

/* How many comparisons each invariant made over the scenarios (a run that compares nothing, say
 * because a tool's layout changed under a parser here, fails test_generated). */
enum { C_TFLOPS, C_LINKS, C_BUSBW, C_NVBW, C_CAPACITY, C_SHUTDOWN, C_AGREE, C_SEL, C_THROTTLE, C_LIMITS, C_FINITE,
       C_COUNTERS, C_HELD, C_CUMULATIVE, C_CHECKPOINTS, C_COUNT };
static const char *const check_names[C_COUNT] = {"tflops", "links", "busbw", "nvbw", "capacity", "shutdown", "agree",
                                                 "sel", "throttle", "limits", "finite", "counters", "held", "cumulative",
                                                 "checkpoints"};
static long checks[C_COUNT];

static void violate(verdict *v, const char *fmt, ...)
{
    if (v->failed++)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(v->why, sizeof v->why, fmt, ap);
    va_end(ap);
}

/* ---- tflops ---------------------------------------------------------------------------------------- */

/* The peak the job's GPUs can reach now (TFLOP/s): the dense BF16 (FP16 on Volta) peak at the
 * fastest job GPU's clock. */
static double job_peak_tflops(const emu_world *w)
{
    double best = 0;
    for (int k = 0; k < w->job.n_nodes; k++) {
        int node = w->job.nodes[k];
        for (int g = 0; g < w->nodes[node].n_gpus; g++) {
            if (emu_gpu_lost(w, node, g))
                continue;
            double f = emu_gpu_sm_clock_mhz(w, node, g) / (double)w->spec->max_sm_clock_mhz;
            best = fmax(best, f);
        }
    }
    return w->spec->dense_bf16_tflops * best;
}

/* Every step line of the log stays under the GPU's peak at its highest clock; while the run is
 * alive, its latest step (which ran at the clocks of now) under the peak at the current clock. */
static void inv_tflops(const emu_world *w, const char *train_log, verdict *v)
{
    if (!train_log)
        return;
    double peak_now = job_peak_tflops(w), peak_max = w->spec->dense_bf16_tflops;
    const char *key = "throughput per GPU (TFLOP/s/GPU): ", *last = NULL;
    for (const char *p = strstr(train_log, key); p; p = strstr(p + 1, key)) {
        double t = atof(p + strlen(key));
        last = p;
        checks[C_TFLOPS]++;
        if (t > peak_max * 1.0005 + 0.05)
            violate(v, "train.log reports %.1f TFLOP/s per GPU, above the %s's peak %.1f", t, w->spec->key,
                    peak_max);
    }
    if (last && emu_run_alive(w)) {
        double t = atof(last + strlen(key));
        checks[C_TFLOPS]++;
        if (t > peak_now * 1.0005 + 0.05)
            violate(v, "train.log's latest step reports %.1f TFLOP/s per GPU, above the %s's peak %.1f at its clock",
                    t, w->spec->key, peak_now);
    }
}

/* ---- links ----------------------------------------------------------------------------------------- */

/* What one GPU's links carry per direction (GB/s): its active NVLinks when NVLink joins the GPUs
 * of a node, else its PCIe x16 link. */
static double gpu_link_cap(const emu_world *w, int node, int g)
{
    double pcie = w->spec->pcie_gen >= 5 ? 64.0 : w->spec->pcie_gen == 4 ? 32.0 : 16.0;
    double nvl = emu_gpu_links_up(w, node, g) * w->spec->nvlink_gb_per_s;
    return fmax(nvl, pcie);
}

/* The compute ports' line rate of a node (GB/s per direction), or its bond's when NCCL runs on
 * sockets (socket set). */
static double node_nic_cap(const emu_world *w, int node, bool sockets)
{
    const emu_node *n = &w->nodes[node];
    double sum = 0;
    for (int i = 0; i < n->n_hcas; i++)
        if (n->hcas[i].compute)
            sum += n->hcas[i].rate_gbit_per_s / 8.0;
    double bond = n->bootstrap_rate_gbit_per_s / 8.0;
    return sockets ? bond : fmax(sum, bond);
}

/* Every nccl-tests row of text: size, and the out-of-place and in-place algbw and busbw. */
typedef struct ntrow {
    double size, time[2], algbw[2], busbw[2];
} ntrow;

static int nccl_rows(const char *text, ntrow *rows, int max)
{
    int n = 0;
    for (const char *p = text; p && *p && n < max; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
        ntrow r;
        char type[16], op[16];
        long long count;
        int root, wrong1, wrong2;
        if (sscanf(p, " %lf %lld %15s %15s %d %lf %lf %lf %d %lf %lf %lf %d", &r.size, &count, type, op, &root,
                   &r.time[0], &r.algbw[0], &r.busbw[0], &wrong1, &r.time[1], &r.algbw[1], &r.busbw[1],
                   &wrong2) == 13 && isalpha((unsigned char)type[0]) && isalpha((unsigned char)op[0]))
            rows[n++] = r;
    }
    return n;
}

/* The ranks of a run, read from its "#  Rank  N Group  0 Pid  P on NODE device  G" lines. */
static int run_ranks(const emu_world *w, const char *text, emu_rank_loc *locs, int max)
{
    int n = 0;
    for (const char *p = strstr(text, "#  Rank "); p && n < max; p = strstr(p + 1, "#  Rank ")) {
        char host[32];
        int rank, group, pid, dev;
        if (sscanf(p, "#  Rank %d Group %d Pid %d on %31s device %d", &rank, &group, &pid, host, &dev) == 5) {
            locs[n].node = emu_world_find_node(w, host);
            locs[n].gpu = dev;
            if (locs[n].node >= 0)
                n++;
        }
    }
    return n;
}

static void inv_links(const emu_world *w, const char *line, const char *text, verdict *v)
{
    static emu_rank_loc locs[EMU_MAX_RANKS];
    static ntrow rows[64];
    int nr = nccl_rows(text, rows, 64);
    if (!nr)
        return;
    int n = run_ranks(w, text, locs, EMU_MAX_RANKS);
    if (n < 1) {
        violate(v, "'%s': nccl-tests rows without rank lines", line);
        return;
    }
    bool sockets = strstr(line, "NCCL_IB_DISABLE=1") || strstr(text, "via NET/Socket") ||
                   strstr(text, "Using network Socket");
    double cap = INFINITY, nic = INFINITY;
    bool seen[EMU_MAX_NODES] = {false};
    int nodes = 0;
    for (int r = 0; r < n; r++) {
        cap = fmin(cap, gpu_link_cap(w, locs[r].node, locs[r].gpu));
        if (!seen[locs[r].node]) {
            seen[locs[r].node] = true;
            nodes++;
            nic = fmin(nic, node_nic_cap(w, locs[r].node, sockets));
        }
    }
    /* each rank receives at least (n-1)/n of the buffer over its links, each node at least
     * (nodes-1)/nodes of it over its NICs, whatever the algorithm (NVLS and SHARP included) */
    double bound = n > 1 ? cap * n / (n - 1.0) : INFINITY;
    if (nodes > 1)
        bound = fmin(bound, nic * nodes / (nodes - 1.0));
    if (n == 1)
        bound = w->spec->hbm_gb_per_s; /* one rank: a device copy */
    checks[C_LINKS] += nr;
    for (int i = 0; i < nr; i++)
        for (int k = 0; k < 2; k++)
            if (rows[i].algbw[k] > bound * 1.03 + 0.01)
                violate(v, "'%s': algbw %.2f GB/s at %.0f B exceeds what the path carries (%.1f GB/s)", line,
                     rows[i].algbw[k], rows[i].size, bound);
}

static const char *split_env(char *buf, const char **env, int max);

/* ---- busbw: each algorithm's ceiling ------------------------------------------------------------- */

/* The raw rate of a GPU's PCIe link per direction (GB/s): 8, 16 or 32 GT/s a lane (Gen3, 4, 5)
 * x 128/130 (their encoding, PCI Express Base Specification) / 8 bits, x its trained width. */
static double pcie_raw(const emu_world *w, int node, int g)
{
    double x16 = w->spec->pcie_gen >= 5 ? 63.0 : w->spec->pcie_gen == 4 ? 31.5 : 15.75;
    int width = w->nodes[node].gpus[g].pcie_width > 0 ? w->nodes[node].gpus[g].pcie_width : 16;
    return x16 * width / 16.0;
}

/* The raw rate of a GPU's NVLinks that are up, per direction (GB/s, the per-link rate nvidia-smi
 * nvlink -s prints). */
static double nvlink_raw(const emu_world *w, int node, int g)
{
    return emu_gpu_links_up(w, node, g) * w->spec->nvlink_gb_per_s;
}

/* What a GPU can send per direction in a ring: over host memory (SHM) its PCIe link; on an
 * NVSwitch system its NVLinks (NCCL's rings stay on them); otherwise its NVLinks and its PCIe
 * link together (bridged pairs and meshes leave some hops to PCIe, and a ring across nodes
 * leaves the node through a NIC behind the GPU's PCIe link). */
static double ring_cap(const emu_world *w, int node, int g, bool shm, bool multi_node)
{
    if (shm)
        return pcie_raw(w, node, g);
    double nvl = nvlink_raw(w, node, g);
    if (w->cluster.nvlink == EMU_NVLINK_SWITCH && nvl > 0 && !multi_node)
        return nvl;
    return nvl + pcie_raw(w, node, g);
}

/* Reads NAME=VALUE prefixes of a command line (the test's own lines: "NCCL_ALGO=Ring mpirun ..."). */
typedef struct line_env {
    char buf[256];
    const char *vars[8];
} line_env;

static const char *line_env_get(const void *arg, const char *name)
{
    const line_env *e = arg;
    size_t len = strlen(name);
    for (int i = 0; e->vars[i]; i++)
        if (!strncmp(e->vars[i], name, len) && e->vars[i][len] == '=')
            return e->vars[i] + len + 1;
    return NULL;
}

/* The nccl-tests collective a command line runs, or -1. */
static int line_coll(const char *line)
{
    static const struct {
        const char *binary;
        emu_nccl_coll coll;
    } bins[] = {{"all_reduce_perf", EMU_COLL_ALL_REDUCE},     {"all_gather_perf", EMU_COLL_ALL_GATHER},
                {"reduce_scatter_perf", EMU_COLL_REDUCE_SCATTER}, {"broadcast_perf", EMU_COLL_BROADCAST},
                {"reduce_perf", EMU_COLL_REDUCE},             {"alltoall_perf", EMU_COLL_ALLTOALL}};
    for (size_t i = 0; i < sizeof bins / sizeof bins[0]; i++) {
        const char *p = strstr(line, bins[i].binary);
        if (p && (p == line || p[-1] == ' ' || p[-1] == '/'))
            return (int)bins[i].coll;
    }
    return -1;
}

/* Each row's busbw against the ceiling of the algorithm the model runs at that size (asked of the
 * model with the same ranks and NCCL environment; the ceilings themselves come from the world's
 * links, not from the model's efficiencies). Bus bandwidth as nccl-tests defines it
 * (doc/PERFORMANCE.md): algbw x 2(n-1)/n for all-reduce, which for a ring is what each rank's
 * link carries. What each algorithm must move per rank or node, per direction, for an all-reduce
 * of S bytes:
 *   Ring: 2(n-1)/n x S over each rank's link, and over each node's NICs (one ring hop leaves
 *     the node per channel): busbw <= the link's rate, and <= the NICs' across nodes.
 *   NVLS (NVLink SHARP, one node): the switches reduce and multicast, yet each GPU still sends
 *     its share of S in and receives the result out: algbw <= its NVLinks' rate.
 *   Tree in one node (a chain, NCCL's intra-node tree): a middle rank receives S from below and
 *     S from above: algbw <= half its link rate (n >= 3).
 *   Across N nodes, any algorithm without in-network reduction: each node sends and receives at
 *   least 2(N-1)/N x S (Patarasuk and Yuan, "Bandwidth optimal all-reduce algorithms for
 *   clusters of workstations", JPDC 2009); with CollNet/SHARP at least S. For two nodes both are
 *   S, which is why NVIDIA suggests NCCL_ALGO=Ring to read the NICs (nccl-tests#290, nccl#307:
 *   trees "can reach up to 2x the network bandwidth" in busbw). */
static void inv_busbw(const emu_world *w, const char *line, const char *text, verdict *v)
{
    static emu_rank_loc locs[EMU_MAX_RANKS];
    static ntrow rows[64];
    static emu_nccl_plan plan;
    int coll = line_coll(line);
    int nr = nccl_rows(text, rows, 64);
    if (coll < 0 || !nr)
        return;
    int n = run_ranks(w, text, locs, EMU_MAX_RANKS);
    if (n < 2)
        return;
    line_env e;
    memset(&e, 0, sizeof e);
    snprintf(e.buf, sizeof e.buf, "%s", line);
    split_env(e.buf, e.vars, 8);
    emu_nccl_env env;
    emu_nccl_env_read(&env, line_env_get, &e);
    if (emu_nccl_plan_make(w, locs, n, &env, &plan) != 0) {
        violate(v, "'%s': the model cannot build the plan of a run that printed rows", line);
        return;
    }
    bool seen[EMU_MAX_NODES] = {false};
    int nodes = 0;
    double nic = INFINITY, nvl = INFINITY, ring = INFINITY;
    bool sockets = plan.inter == EMU_TRANSPORT_NET_SOCKET, shm = plan.intra == EMU_TRANSPORT_SHM;
    for (int r = 0; r < n; r++)
        if (!seen[locs[r].node]) {
            seen[locs[r].node] = true;
            nodes++;
            nic = fmin(nic, node_nic_cap(w, locs[r].node, sockets));
        }
    for (int r = 0; r < n; r++) {
        nvl = fmin(nvl, nvlink_raw(w, locs[r].node, locs[r].gpu));
        ring = fmin(ring, ring_cap(w, locs[r].node, locs[r].gpu, shm, nodes > 1));
    }
    double factor = emu_nccl_bus_factor((emu_nccl_coll)coll, n);
    for (int i = 0; i < nr; i++) {
        emu_nccl_cost cost;
        if (emu_nccl_cost_of(&plan, (emu_nccl_coll)coll, rows[i].size, &cost) != 0)
            continue;
        /* the ceiling as a busbw, and what it is */
        double bound = INFINITY;
        const char *what = "";
        bool in_network = cost.algo == EMU_ALGO_COLLNET_DIRECT || cost.algo == EMU_ALGO_COLLNET_CHAIN;
        if (cost.algo == EMU_ALGO_RING) {
            bound = ring;
            what = "the ring's per-rank link rate";
        } else if (nodes == 1 && cost.algo == EMU_ALGO_NVLS) {
            bound = nvl * factor;
            what = "NVLS: the GPUs' NVLink rate as algbw";
        } else if (nodes == 1 && cost.algo == EMU_ALGO_TREE && n >= 3) {
            bound = ring / 2 * factor;
            what = "the chain tree: half the link rate as algbw";
        }
        if (nodes > 1 && cost.algo == EMU_ALGO_RING && nic < bound) {
            bound = nic;
            what = "the ring across nodes: the NICs' rate";
        }
        if (nodes > 1 && coll == EMU_COLL_ALL_REDUCE) {
            double alg = nic * (in_network ? 1.0 : nodes / (2.0 * (nodes - 1)));
            if (alg * factor < bound) {
                bound = alg * factor;
                what = in_network ? "in-network reduction: the NICs' rate as algbw"
                                  : "across nodes: the NICs' rate x N/(2(N-1)) as algbw";
            }
        }
        if (!isfinite(bound))
            continue;
        checks[C_BUSBW] += 2;
        for (int k = 0; k < 2; k++)
            if (rows[i].busbw[k] > bound * 1.001 + 0.01)
                violate(v, "'%s': busbw %.2f GB/s at %.0f B with %s above %s (%.1f GB/s busbw)", line, rows[i].busbw[k],
                        rows[i].size, emu_nccl_algo_name(cost.algo), what, bound);
    }
}

/* ---- nvbw: nvbandwidth's copies ------------------------------------------------------------------- */

/* The raw rate of the links between GPUs a and b of node (GB/s per direction): on an NVSwitch
 * system the fewer of the two GPUs' links that are up, elsewhere the direct links between them
 * that are up; none (or P2P off between them): their PCIe links. */
static double pair_raw(const emu_world *w, int node, int a, int b)
{
    const emu_node *n = &w->nodes[node];
    double pcie = fmin(pcie_raw(w, node, a), pcie_raw(w, node, b));
    if (((n->gpus[a].p2p_off >> b) & 1u) || ((n->gpus[b].p2p_off >> a) & 1u))
        return pcie;
    int links = 0;
    if (w->cluster.nvlink == EMU_NVLINK_SWITCH) {
        int la = emu_gpu_links_up(w, node, a), lb = emu_gpu_links_up(w, node, b);
        links = la < lb ? la : lb;
    } else if (w->cluster.nvlink != EMU_NVLINK_NONE) {
        for (int k = 0; k < w->spec->nvlinks; k++)
            links += w->layout.link_peer[a][k] == b && n->gpus[a].links[k].up;
    }
    return links > 0 ? links * w->spec->nvlink_gb_per_s : pcie;
}

/* Every figure of every nvbandwidth matrix within its pair's (or for host copies, its GPU's
 * PCIe) raw rate: each matrix of a test (the bidirectional read test prints Read1, Read2 and
 * their Total), the Total within both directions' rates, twice the one-way raw rate. */
static void inv_nvbandwidth(const emu_world *w, int node, const char *line, const char *text, verdict *v)
{
    if (strncmp(line, "nvbandwidth", 11))
        return;
    const emu_node *nd = &w->nodes[node];
    static const char title_end[] = " bandwidth (GB/s)\n";
    for (const char *m = strstr(text, title_end); m; m = strstr(m + 1, title_end)) {
        const char *title = m;
        while (title > text && title[-1] != '\n')
            title--;
        if (strncmp(title, "memcpy ", 7))
            continue;
        bool host = strstr(title, "CPU(row)") && strstr(title, "CPU(row)") < m;
        double times = strstr(title, " Total") && strstr(title, " Total") < m ? 2.0 : 1.0;
        const char *p = strchr(m + 1, '\n');           /* the title's end */
        p = p ? strchr(p + 1, '\n') : NULL;             /* the column header's */
        for (p = p ? p + 1 : NULL; p && *p && *p != '\n';) {
            char *end;
            long r = strtol(p, &end, 10);
            if (end == p)
                break;
            p = end;
            for (int c = 0; c < nd->n_gpus; c++) {
                while (*p == ' ')
                    p++;
                if (!strncmp(p, "N/A", 3)) {
                    p += 3;
                    continue;
                }
                double bw = strtod(p, &end);
                if (end == p)
                    break;
                p = end;
                double bound = times * (host ? pcie_raw(w, node, c) : pair_raw(w, node, (int)r, c));
                checks[C_NVBW]++;
                if (bw > bound * 1.001 + 0.01)
                    violate(v, "'%s' on %s: %.2f GB/s between %s%ld and GPU %d, above the links' raw %.2f GB/s", line,
                            nd->name, bw, host ? "CPU " : "GPU ", r, c, bound);
            }
            p = strchr(p, '\n');
            p = p ? p + 1 : NULL;
        }
    }
}

/* ---- capacity -------------------------------------------------------------------------------------- */

/* iostat -d: each device's rkB/s and wkB/s within its mount's capacity; nfsiostat: each NFS
 * mount's read and write kB/s within the server's capacity and the client's bond; ib_write_bw:
 * within the slower port's rate. */
static void inv_capacity(const emu_world *w, int node, const char *iostat, const char *nfsiostat,
                         const char *ibwbw, const char *ibwbw_dev, verdict *v)
{
    if (iostat)
        for (int m = 0; m < w->n_mounts; m++) {
            const emu_mount *mt = &w->mounts[m];
            if (!mt->device[0])
                continue;
            char key[40];
            snprintf(key, sizeof key, "\n%s ", mt->device);
            const char *p = strstr(iostat, key);
            double r_s, rkb, rrqm, prrqm, r_await, rareq, w_s, wkb;
            if (!p || sscanf(p + strlen(key), "%lf %lf %lf %lf %lf %lf %lf %lf", &r_s, &rkb, &rrqm, &prrqm, &r_await,
                             &rareq, &w_s, &wkb) != 8)
                continue;
            checks[C_CAPACITY]++;
            if (rkb * 1024 > mt->read_mb_per_s * 1e6 * 1.01 + 2e6)
                violate(v, "iostat: %s reads %.0f kB/s, above %s's %.0f MB/s", mt->device, rkb, mt->name, mt->read_mb_per_s);
            if (wkb * 1024 > mt->write_mb_per_s * 1e6 * 1.01 + 2e6)
                violate(v, "iostat: %s writes %.0f kB/s, above %s's %.0f MB/s", mt->device, wkb, mt->name,
                     mt->write_mb_per_s);
        }
    if (nfsiostat)
        for (int m = 0; m < w->n_mounts; m++) {
            const emu_mount *mt = &w->mounts[m];
            if (strcmp(mt->fstype, "nfs4"))
                continue;
            char key[128];
            snprintf(key, sizeof key, "%s mounted on %s:", mt->source, mt->target);
            const char *p = strstr(nfsiostat, key);
            if (!p)
                continue;
            const char *rd = strstr(p, "read:"), *wr = strstr(p, "write:");
            double ops, rkb = 0, wkb = 0;
            if (rd && (rd = strchr(rd, '\n')))
                sscanf(rd, "%lf %lf", &ops, &rkb);
            if (wr && (wr = strchr(wr, '\n')))
                sscanf(wr, "%lf %lf", &ops, &wkb);
            double bond = w->nodes[node].bootstrap_rate_gbit_per_s / 8.0 * 1e9;
            checks[C_CAPACITY]++;
            if (rkb * 1024 > fmin(mt->read_mb_per_s * 1e6, bond) * 1.01 + 2e6)
                violate(v, "nfsiostat: %s reads %.0f kB/s, above its capacity", mt->target, rkb);
            if (wkb * 1024 > fmin(mt->write_mb_per_s * 1e6, bond) * 1.01 + 2e6)
                violate(v, "nfsiostat: %s writes %.0f kB/s, above its capacity (%.0f MB/s, bond %.0f MB/s)", mt->target,
                     wkb, mt->write_mb_per_s, bond / 1e6);
        }
    if (ibwbw && ibwbw_dev) {
        int h = emu_node_find_hca(w, node, ibwbw_dev);
        const char *row = strstr(ibwbw, "\n 65536 ");
        long sz, it;
        double peak, avg;
        if (h >= 0 && row && sscanf(row, " %ld %ld %lf %lf", &sz, &it, &peak, &avg) == 4 && ++checks[C_CAPACITY] &&
            peak > w->nodes[node].hcas[h].rate_gbit_per_s * 1.0001)
            violate(v, "ib_write_bw on %s: %.2f Gb/s, above the port's %d Gb/s", ibwbw_dev, peak,
                 w->nodes[node].hcas[h].rate_gbit_per_s);
    }
}

/* ---- shutdown -------------------------------------------------------------------------------------- */

/* Every GPU the model holds at or above its shutdown temperature is lost, and no tool shows a
 * reading for it: nvidia-smi's query prints its "Unable to determine" line, dcgmi dmon N/A. */
static void inv_shutdown(const emu_world *w, int node, const char *query, const char *dcgmi, verdict *v)
{
    for (int g = 0; g < w->nodes[node].n_gpus; g++) {
        const emu_gpu *gpu = &w->nodes[node].gpus[g];
        bool lost = emu_gpu_lost(w, node, g);
        /* held past shutdown under the job's load, or reading past it by the model */
        bool hot = (gpu->forced_temp_c >= w->spec->temp_shutdown_c && emu_job_rank_of(w, node, g) >= 0) ||
                   (!lost && emu_gpu_temp_c(w, node, g) >= w->spec->temp_shutdown_c);
        if (hot && !lost)
            violate(v, "node %d GPU %d is at or above its shutdown temperature (%.0f C) and still on the bus", node,
                    g, w->spec->temp_shutdown_c);
        if (!lost && !hot)
            continue;
        checks[C_SHUTDOWN]++;
        char key[24];
        snprintf(key, sizeof key, "\n%d, ", g);
        if (query && (strstr(query, key) || !strncmp(query, key + 1, strlen(key) - 1)))
            violate(v, "nvidia-smi --query-gpu prints a reading for lost GPU %d", g);
        snprintf(key, sizeof key, "GPU %d ", g);
        const char *p = dcgmi ? strstr(dcgmi, key) : NULL;
        if (p && !strstr(p, "N/A"))
            violate(v, "dcgmi dmon prints readings for lost GPU %d", g);
    }
    if (query)
        for (const char *p = query; *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : "") {
            int idx;
            double t;
            if (sscanf(p, "%d, %lf", &idx, &t) == 2 && t >= w->spec->temp_shutdown_c)
                violate(v, "nvidia-smi shows GPU %d at %.0f C, at or above its shutdown temperature", idx, t);
        }
}

/* ---- agree ----------------------------------------------------------------------------------------- */

/* query: --query-gpu=index,temperature.gpu,clocks.sm,power.draw --format=csv,noheader,nounits;
 * dmon: nvidia-smi dmon -c 1 (gpu pwr gtemp mtemp sm mem ... mclk pclk); dcgmi: dcgmi dmon -e
 * 150,100,155 -c 1; sdr: ipmitool sdr; ibstat and ethtool of the same port. */
static void inv_agree(const emu_world *w, int node, const char *query, const char *dmon, const char *dcgmi,
                      const char *sdr, verdict *v)
{
    for (int g = 0; g < w->nodes[node].n_gpus; g++) {
        if (emu_gpu_lost(w, node, g))
            continue;
        double qt = NAN, qc = NAN, qp = NAN;
        for (const char *p = query ? query : ""; *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : "") {
            int idx;
            double t, c, pw;
            if (sscanf(p, "%d, %lf, %lf, %lf", &idx, &t, &c, &pw) == 4 && idx == g) {
                qt = t;
                qc = c;
                qp = pw;
            }
        }
        if (isnan(qt))
            continue;
        for (const char *p = dmon ? dmon : ""; *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : "") {
            int idx;
            double pw, gt, mt, sm, mem, enc, dec, jpg, ofa, mclk, pclk;
            if (p[0] != '#' && sscanf(p, "%d %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf", &idx, &pw, &gt, &mt, &sm,
                                      &mem, &enc, &dec, &jpg, &ofa, &mclk, &pclk) == 12 && idx == g) {
                checks[C_AGREE]++;
                if (gt != qt)
                    violate(v, "GPU %d: nvidia-smi query %.0f C, dmon %.0f C", g, qt, gt);
                if (pclk != qc)
                    violate(v, "GPU %d: nvidia-smi query %.0f MHz, dmon %.0f MHz", g, qc, pclk);
                if (fabs(pw - qp) > 1.0)
                    violate(v, "GPU %d: nvidia-smi query %.2f W, dmon %.0f W", g, qp, pw);
            }
        }
        char key[24];
        snprintf(key, sizeof key, "GPU %d ", g);
        const char *p = dcgmi ? strstr(dcgmi, key) : NULL;
        double dt, dc, dp;
        if (p && sscanf(p + strlen(key), "%lf %lf %lf", &dt, &dc, &dp) == 3) {
            checks[C_AGREE]++;
            if (dt != qt)
                violate(v, "GPU %d: nvidia-smi %.0f C, dcgmi %.0f C", g, qt, dt);
            if (dc != qc)
                violate(v, "GPU %d: nvidia-smi %.0f MHz, dcgmi %.0f MHz", g, qc, dc);
            if (fabs(dp - qp) > 0.01)
                violate(v, "GPU %d: nvidia-smi %.2f W, dcgmi %.3f W", g, qp, dp);
        }
        snprintf(key, sizeof key, "GPU%d Temp ", g);
        p = sdr ? strstr(sdr, key) : NULL;
        if (p) {
            const char *bar = strrchr(p, '|');
            const char *eol = strchr(p, '\n');
            for (const char *b = p; eol && b < eol; b++)
                if (*b == '|')
                    bar = b;
            double st;
            if (bar && sscanf(bar + 1, "%lf", &st) == 1 && ++checks[C_AGREE] && st != qt)
                violate(v, "GPU %d: nvidia-smi %.0f C, the BMC %.0f C", g, qt, st);
        }
    }
}

/* ibstat's Rate (Gb/s) and ethtool's Speed (Mb/s) of the port behind netdev. */
static void inv_agree_port(const emu_world *w, int node, int h, const char *ibstat, const char *ethtool, verdict *v)
{
    const emu_hca *hc = &w->nodes[node].hcas[h];
    const char *p = ibstat ? strstr(ibstat, "Rate: ") : NULL;
    const char *q = ethtool ? strstr(ethtool, "Speed: ") : NULL;
    if (!p || !q)
        return;
    double rate = atof(p + 6), speed = atof(q + 7);
    checks[C_AGREE]++;
    if (hc->state == EMU_PORT_ACTIVE && (rate * 1000 != speed || rate != hc->rate_gbit_per_s))
        violate(v, "%s: ibstat Rate %.0f, ethtool Speed %.0f Mb/s, model %d Gb/s", hc->name, rate, speed,
             hc->rate_gbit_per_s);
}

/* The two ends of an adapter's link count the same traffic the other way round: the leaf port's
 * PortXmitData is the adapter's PortRcvData and the reverse (model: emu_fabric_port_counters). */
static void inv_agree_link_ends(const emu_world *w, int node, int h, verdict *v)
{
    const emu_cluster_desc *c = &w->cluster;
    const emu_hca *a = &w->nodes[node].hcas[h];
    if (!a->compute || a->ethernet)
        return;
    int per = c->fabric.nodes_per_leaf > 0 ? c->fabric.nodes_per_leaf : 1;
    emu_hca_counters mine, theirs;
    emu_hca_counters_now(w, node, h, &mine);
    int lid = EMU_LEAF_LID_BASE + emu_fabric_leaf_of(c, node, a->rail);
    if (emu_fabric_port_counters(w, lid, node % per + 1, &theirs) != 0) {
        violate(v, "%s of node %d: its leaf (LID %d) has no port %d", a->name, node, lid, node % per + 1);
        return;
    }
    checks[C_AGREE]++;
    if (mine.xmit_data != theirs.rcv_data || mine.rcv_data != theirs.xmit_data || mine.xmit_pkts != theirs.rcv_pkts)
        violate(v, "%s of node %d sent %llu words, its leaf port received %llu", a->name, node,
                (unsigned long long)mine.xmit_data, (unsigned long long)theirs.rcv_data);
}

/* ---- sel ------------------------------------------------------------------------------------------- */

/* sel: ipmitool sel elist; sensor: ipmitool sensor. An asserted "Upper ... going high" with its
 * "Reading R > Threshold T" has R > T, and while no later entry deasserts it, a GPU sensor still
 * reads above T (or has no reading: off the bus). A sensor reading at or above its critical
 * threshold has an asserted Upper Critical entry in the SEL. */
static void inv_sel(const emu_world *w, int node, const char *sel, const char *sensor, verdict *v)
{
    (void)w;
    (void)node;
    if (!sel || !sensor)
        return;
    for (const char *p = sel; *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : "") {
        const char *eol = strchr(p, '\n');
        size_t len = eol ? (size_t)(eol - p) : strlen(p);
        char line[256];
        snprintf(line, sizeof line, "%.*s", (int)(len < 255 ? len : 255), p);
        const char *rd = strstr(line, "Reading ");
        double r, t;
        if (!strstr(line, "going high") || !strstr(line, "| Asserted") || !rd ||
            sscanf(rd, "Reading %lf > Threshold %lf", &r, &t) != 2)
            continue;
        checks[C_SEL]++;
        if (!(r >= t)) /* a going-high threshold event asserts at or above its threshold */
            violate(v, "SEL: '%s' asserts a crossing its reading does not make", line);
        const char *gpu = strstr(line, "GPU");
        int g;
        if (!gpu || sscanf(gpu, "GPU%d Temp", &g) != 1)
            continue;
        char key[24], cleared[64];
        snprintf(key, sizeof key, "GPU%d Temp ", g);
        snprintf(cleared, sizeof cleared, "GPU%d Temp | Upper Critical going high | Deasserted", g);
        if (strstr(eol ? eol : p, cleared)) /* deasserted since: the sensor may read anything */
            continue;
        const char *s = strstr(sensor, key);
        double now;
        if (s && (s = strchr(s, '|')) && sscanf(s + 1, " %lf", &now) == 1 && now < t && strstr(line, "Critical"))
            violate(v, "SEL asserts GPU%d Temp above %.0f C, the sensor reads %.0f C", g, t, now);
    }
    for (const char *p = sensor; *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : "") {
        char name[32];
        double val, unc, ucr;
        char unit[16], status[8], a[8], b[8], c[8], ucs[16], ucrs[16];
        if (sscanf(p, "%31[^|]| %lf | %15[^|]| %7s | %7s | %7s | %7s | %15s | %15s", name, &val, unit, status, a, b, c,
                   ucs, ucrs) != 9)
            continue;
        ucr = atof(ucrs);
        checks[C_SEL]++;
        unc = atof(ucs);
        (void)unc;
        if (strcmp(ucrs, "na") && val >= ucr) {
            char *end = name + strlen(name);
            while (end > name && end[-1] == ' ')
                *--end = '\0';
            char want[112];
            snprintf(want, sizeof want, "%s | Upper Critical going high | Asserted", name);
            if (!strstr(sel, want))
                violate(v, "sensor %s reads %.0f, at or above its critical %.0f, with no SEL entry", name, val, ucr);
        }
    }
}

/* ---- throttle -------------------------------------------------------------------------------------- */

/* The value after "label ... : " in one -q block, or NULL (the first occurrence after from). */
static const char *q_field(const char *from, const char *end, const char *label)
{
    size_t len = strlen(label);
    for (const char *p = from; p && p < end; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
        const char *s = p;
        while (*s == ' ')
            s++;
        if (!strncmp(s, label, len) && (s[len] == ' ' || s[len] == ':')) {
            const char *c = strchr(s, ':');
            const char *eol = strchr(s, '\n');
            if (c && (!eol || c < eol))
                return c + 2;
        }
    }
    return NULL;
}

/* q: nvidia-smi -q -d PERFORMANCE,POWER,TEMPERATURE,CLOCK,UTILIZATION (one instant, every GPU).
 * The clock-event reasons follow from power, limit, clocks and temperature (NVML API,
 * nvmlClocksEventReasons): SW Power Cap only on a busy GPU at its limit with its clocks reduced
 * (a busy GPU flat out within 0.5% of its limit shows it; one held by it reads within 2% of the
 * limit); a busy GPU with no reason runs at its max clock; HW Thermal Slowdown at the slowdown
 * temperature with the clocks halved, SW Thermal Slowdown above the max operating temperature (and
 * only there: also at and past the slowdown temperature, beside HW Thermal; NVML's SwThermalSlowdown
 * keeps the GPU under its Max Operating Temp), no thermal reason under the slowdown temperature;
 * HW Power Brake Slowdown under HW Slowdown. */
static void inv_throttle(const emu_world *w, int node, const char *q, verdict *v)
{
    if (!q)
        return;
    const emu_gpu_spec *spec = w->spec;
    double fmax = spec->max_sm_clock_mhz;
    for (const char *b = strstr(q, "\nGPU 0"); b; b = strstr(b + 1, "\nGPU 0")) {
        const char *end = strstr(b + 1, "\nGPU 0");
        if (!end)
            end = b + strlen(b);
        const char *idle = q_field(b, end, "Idle"), *cap = q_field(b, end, "SW Power Cap");
        const char *hws = q_field(b, end, "HW Slowdown"), *hwt = q_field(b, end, "HW Thermal Slowdown");
        const char *brake = q_field(b, end, "HW Power Brake Slowdown"), *swt = q_field(b, end, "SW Thermal Slowdown");
        const char *temp = q_field(b, end, "GPU Current Temp"), *draw = q_field(b, end, "Instantaneous Power Draw");
        const char *limit = q_field(b, end, "Current Power Limit"), *util = q_field(b, end, "Gpu");
        const char *clocks = strstr(b, "\n    Clocks\n");
        const char *sm = clocks && clocks < end ? q_field(clocks, end, "SM") : NULL;
        if (!idle || !cap || !hws || !hwt || !brake || !swt || !temp || !draw || !limit || !util || !sm)
            continue;
        bool is_idle = !strncmp(idle, "Active", 6), is_cap = !strncmp(cap, "Active", 6);
        bool is_hws = !strncmp(hws, "Active", 6), is_hwt = !strncmp(hwt, "Active", 6);
        bool is_brake = !strncmp(brake, "Active", 6), is_swt = !strncmp(swt, "Active", 6);
        double t = atof(temp), p = atof(draw), lim = atof(limit), u = atof(util), f = atof(sm);
        char gpu[24];
        snprintf(gpu, sizeof gpu, "%.*s", (int)(strchr(b + 1, '\n') - b - 1), b + 1);
        checks[C_THROTTLE]++;
        if (is_cap && (is_idle || p > lim || f >= fmax))
            violate(v, "node %d %s: SW Power Cap at %.2f of %.2f W, %.0f MHz of %.0f%s", node, gpu, p, lim, f, fmax,
                    is_idle ? ", idle" : "");
        if (!is_idle && !is_cap && u >= 100 && p >= 0.995 * lim)
            violate(v, "node %d %s: %.2f of %.2f W flat out with SW Power Cap Not Active", node, gpu, p, lim);
        if (!is_idle && is_cap && u >= 100 && p < 0.98 * lim)
            violate(v, "node %d %s: SW Power Cap Active flat out at %.2f W, well under its %.2f W limit", node, gpu, p,
                    lim);
        if (!is_idle && !is_cap && !is_hws && !is_swt && f != fmax)
            violate(v, "node %d %s: busy at %.0f MHz under its max %.0f with no reason", node, gpu, f, fmax);
        if (is_hwt && (t < spec->temp_slowdown_c - 1 || !is_hws || f > 0.5 * fmax + 30))
            violate(v, "node %d %s: HW Thermal Slowdown at %.0f C (slowdown %.0f C), %.0f MHz", node, gpu, t,
                    spec->temp_slowdown_c, f);
        if (is_swt && t <= spec->temp_max_operating_c - 1)
            violate(v, "node %d %s: SW Thermal Slowdown at %.0f C (max operating %.0f C)", node, gpu, t,
                    spec->temp_max_operating_c);
        if (!is_idle && !is_hwt && !is_swt && t >= spec->temp_slowdown_c + 1)
            violate(v, "node %d %s: %.0f C, past its slowdown temperature, with no thermal reason", node, gpu, t);
        if (!is_idle && !is_swt && t >= spec->temp_max_operating_c + 2)
            violate(v, "node %d %s: %.0f C, past its max operating temperature (%.0f C), with SW Thermal Slowdown "
                    "Not Active", node, gpu, t, spec->temp_max_operating_c);
        if (is_brake && (!is_hws || (!is_idle && f > 0.25 * fmax)))
            violate(v, "node %d %s: HW Power Brake Slowdown at %.0f MHz (%s max %.0f)%s", node, gpu, f, spec->key,
                    fmax, is_hws ? "" : " without HW Slowdown");
    }
}

/* ---- held ------------------------------------------------------------------------------------------ */

/* q: nvidia-smi -q -d PERFORMANCE,... on node. Each Clocks Event Reasons Counters value (us since
 * the driver loaded, R550 and later) is at most the time since the node booted (uptime_s). */
static void inv_held(int node, const char *q, double uptime_s, verdict *v)
{
    static const char *const names[] = {"SW Power Capping", "Sync Boost", "SW Thermal Slowdown",
                                        "HW Thermal Slowdown", "HW Power Braking"};
    if (!q || uptime_s < 0) /* still in its firmware's POST: the harness runs tools on it anyway */
        return;
    for (const char *b = strstr(q, "\nGPU 0"); b; b = strstr(b + 1, "\nGPU 0")) {
        const char *end = strstr(b + 1, "\nGPU 0");
        if (!end)
            end = b + strlen(b);
        const char *counters = strstr(b, "Clocks Event Reasons Counters");
        if (!counters || counters > end)
            continue;
        for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
            const char *f = q_field(counters, end, names[k]);
            if (!f)
                continue;
            checks[C_HELD]++;
            double us = atof(f);
            if (us > (uptime_s + 1) * 1e6)
                violate(v, "node %d %.*s: %s counted %.0f s, over the %.0f s since boot", node,
                        (int)(strchr(b + 1, '\n') - b - 1), b + 1, names[k], us / 1e6, uptime_s);
        }
    }
}

/* ---- counters -------------------------------------------------------------------------------------- */

/* A port's data counters at one instant, from perfquery -x's text. */
typedef struct port_read {
    int node, hca;
    double xmit_words, rcv_words; /* PortXmitData, PortRcvData: 4-byte words */
    double rate_gbit_per_s;       /* the link's rate then (as it trained: ibstat's Rate) */
    bool ok;
    int lid, port;                /* a switch's port (perfquery -x LID PORT), else 0 */
} port_read;

static double pq_value(const char *text, const char *name)
{
    const char *p = text ? strstr(text, name) : NULL;
    if (!p)
        return -1;
    p += strlen(name);
    while (*p == '.' || *p == ':')
        p++;
    return atof(p);
}

/* perfquery -x on node's compute InfiniBand port hca at the world's instant (the clock stays). */
static void port_read_now(emu_world *w, int node, int hca, port_read *r)
{
    const emu_hca *h = &w->nodes[node].hcas[hca];
    char line[64];
    snprintf(line, sizeof line, "perfquery -x -C %s", h->name);
    double now = w->now_s;
    uint64_t commands = w->commands_run;
    int st = 0;
    char *text = net_run(w, emu_tools_find("perfquery"), node, line, NULL, &st);
    w->now_s = now;
    w->commands_run = commands;
    r->node = node;
    r->hca = hca;
    r->xmit_words = pq_value(text, "PortXmitData:");
    r->rcv_words = pq_value(text, "PortRcvData:");
    /* the rate it trained at: a port its cable holds to HDR carries HDR's rate, not NDR's */
    r->rate_gbit_per_s = h->rate_gbit_per_s;
    r->ok = st == 0 && r->xmit_words >= 0 && r->rcv_words >= 0;
    free(text);
}

/* perfquery -x LID PORT (from node 0) on a switch's port at the world's instant; rate_gbit_per_s
 * is the link's (the uplink's as it trained, or the adapter's at a leaf's host port). */
static void switch_read_now(emu_world *w, int lid, int port, double rate_gbit_per_s, port_read *r)
{
    char line[64];
    snprintf(line, sizeof line, "perfquery -x %d %d", lid, port);
    double now = w->now_s;
    uint64_t commands = w->commands_run;
    int st = 0;
    char *text = net_run(w, emu_tools_find("perfquery"), 0, line, NULL, &st);
    w->now_s = now;
    w->commands_run = commands;
    memset(r, 0, sizeof *r);
    r->lid = lid;
    r->port = port;
    r->xmit_words = pq_value(text, "PortXmitData:");
    r->rcv_words = pq_value(text, "PortRcvData:");
    r->rate_gbit_per_s = rate_gbit_per_s;
    r->ok = st == 0 && r->xmit_words >= 0 && r->rcv_words >= 0;
    free(text);
}

/* The switch ports the counters invariant reads: on the leaf of node 0's first compute
 * InfiniBand port, that port's leaf port and the first 8 uplinks, and the spine port at each
 * uplink's other end (the ring's flows into and out of the leaf cross uplink 0: destination-
 * mod-k from the leaf's first node). At most 17; *n receives how many. */
#define MAX_SWITCH_READS 17
static void switch_reads(emu_world *w, port_read *r, int *n)
{
    const emu_cluster_desc *c = &w->cluster;
    *n = 0;
    int h = -1;
    for (int i = 0; i < w->nodes[0].n_hcas && h < 0; i++)
        if (w->nodes[0].hcas[i].compute && !w->nodes[0].hcas[i].ethernet)
            h = i;
    if (h < 0)
        return;
    int leaf = emu_fabric_leaf_of(c, 0, w->nodes[0].hcas[h].rail);
    int leaves = emu_fabric_planes(c) * emu_fabric_leaves_per_plane(c);
    int up = c->fabric.uplinks_per_leaf > 0 ? c->fabric.uplinks_per_leaf : 1;
    switch_read_now(w, EMU_LEAF_LID_BASE + leaf, 1, w->nodes[0].hcas[h].rate_gbit_per_s, &r[(*n)++]);
    for (int u = 0; u < up && u < 8; u++) {
        double rate = emu_fabric_uplink_rate_gbit_per_s(w, leaf, u);
        switch_read_now(w, EMU_LEAF_LID_BASE + leaf, emu_fabric_uplink_port(c, u), rate, &r[(*n)++]);
        if (leaves > 1 && leaf < 64)
            switch_read_now(w, EMU_SPINE_LID_BASE + u, 1 + leaf, rate, &r[(*n)++]);
    }
}

/* The same port read twice, interval_s apart: neither data counter goes down, and neither grows
 * by more than the link carries (rate x interval; the counters count 4-byte words). */
static void inv_counters(const port_read *a, const port_read *b, double interval_s, verdict *v)
{
    if (!a->ok || !b->ok)
        return;
    double rate = a->rate_gbit_per_s > b->rate_gbit_per_s ? a->rate_gbit_per_s : b->rate_gbit_per_s;
    double most_words = rate * 1e9 / 32 * interval_s * 1.001 + 1024;
    const char *what[2] = {"PortXmitData", "PortRcvData"};
    double d[2] = {b->xmit_words - a->xmit_words, b->rcv_words - a->rcv_words};
    for (int k = 0; k < 2; k++) {
        checks[C_COUNTERS]++;
        char who[48];
        if (a->lid)
            snprintf(who, sizeof who, "switch LID %d port %d", a->lid, a->port);
        else
            snprintf(who, sizeof who, "node %d port %d", a->node, a->hca);
        if (d[k] < 0)
            violate(v, "%s: %s went down by %.0f words in %.0f s", who, what[k], -d[k], interval_s);
        else if (d[k] > most_words)
            violate(v, "%s: %s grew %.0f words in %.0f s, over the %.0f a %.0f Gb/s link carries", who, what[k], d[k],
                    interval_s, most_words, rate);
    }
}

/* The cumulative counters nvidia-smi -q -d PERFORMANCE prints (its Clocks Event Reasons
 * Counters, in us: every line that ends in " us"), in the order it prints them, on one node at
 * the world's instant (the clock stays), with the boot they count from. */
#define GPU_COUNTERS_MAX (EMU_MAX_GPUS * 8)
typedef struct gpu_counters {
    int node;
    double boot_s;
    int n;
    char label[GPU_COUNTERS_MAX][40];
    double us[GPU_COUNTERS_MAX];
} gpu_counters;

static void gpu_counters_parse(const char *text, gpu_counters *c)
{
    c->n = 0;
    int gpu = -1;
    for (const char *p = text; p && *p && c->n < GPU_COUNTERS_MAX; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
        const char *eol = strchr(p, '\n');
        size_t len = eol ? (size_t)(eol - p) : strlen(p);
        if (!strncmp(p, "GPU ", 4))
            gpu++;
        const char *colon = memchr(p, ':', len);
        if (!colon || len < 3 || strncmp(p + len - 3, " us", 3))
            continue;
        const char *s = p;
        while (*s == ' ')
            s++;
        size_t ll = (size_t)(colon - s);
        while (ll > 0 && s[ll - 1] == ' ')
            ll--;
        snprintf(c->label[c->n], sizeof c->label[c->n], "GPU %d %.*s", gpu, (int)(ll < 30 ? ll : 30), s);
        c->us[c->n++] = atof(colon + 1);
    }
}

static void gpu_counters_read(emu_world *w, int node, gpu_counters *c)
{
    double now = w->now_s;
    uint64_t commands = w->commands_run;
    int st = 0;
    char *text = net_run(w, emu_tools_find("nvidia-smi"), node, "nvidia-smi -q -d PERFORMANCE", NULL, &st);
    w->now_s = now;
    w->commands_run = commands;
    c->node = node;
    c->boot_s = w->nodes[node].boot_time_s;
    if (st == 0)
        gpu_counters_parse(text, c);
    else
        c->n = 0;
    free(text);
}

/* Two reads of one node's cumulative GPU counters within one session: none of them goes down
 * (NVML's clocks-event-reason counters, the field values NVML_FI_DEV_CLOCKS_EVENT_REASON_* that
 * DCGM reads as DCGM_FI_DEV_CLOCKS_EVENT_REASON_*_NS, "Throttling ... in ns" in NVIDIA/DCGM's
 * dcgm_fields.h, count the time each reason held the clocks since the driver loaded: an episode
 * that ends keeps what it counted), unless the node booted between them (a new driver load counts
 * from zero). */
static void inv_cumulative(const gpu_counters *a, const gpu_counters *b, verdict *v)
{
    if (a->boot_s != b->boot_s || a->n != b->n)
        return;
    for (int i = 0; i < a->n; i++) {
        if (strcmp(a->label[i], b->label[i]))
            return; /* a GPU lost between them: the layout moved */
        checks[C_CUMULATIVE]++;
        if (b->us[i] < a->us[i])
            violate(v, "node %d %s: went down from %.0f us to %.0f us", a->node, a->label[i], a->us[i], b->us[i]);
    }
}

/* ---- limits ---------------------------------------------------------------------------------------- */

/* One GPU's SM clock (MHz) and draw (W) as a tool printed them, against what no GPU can show: a
 * clock above the spec's maximum (the boost clock is the highest the clock controller sets:
 * nvidia-smi -q's Max Clocks) or a draw above the limit the driver enforces (the power
 * controller holds the board's draw at or under it: nvidia-smi -q's Current Power Limit). */
static void limits_one(const emu_world *w, int node, int g, const char *tool, double sm_mhz, double draw_w,
                       verdict *v)
{
    if (g < 0 || g >= w->nodes[node].n_gpus)
        return;
    double limit = w->nodes[node].gpus[g].power_limit_w;
    checks[C_LIMITS]++;
    if (sm_mhz > w->spec->max_sm_clock_mhz)
        violate(v, "node %d GPU %d: %s reads %.0f MHz, above the %s's max SM clock %d MHz", node, g, tool, sm_mhz,
                w->spec->key, w->spec->max_sm_clock_mhz);
    if (draw_w > limit + 0.005)
        violate(v, "node %d GPU %d: %s reads %.2f W, above its enforced limit %.2f W", node, g, tool, draw_w, limit);
}

/* query, dmon and dcgmi as inv_agree reads them: every GPU row's clock and draw within limits. */
static void inv_limits(const emu_world *w, int node, const char *query, const char *dmon, const char *dcgmi,
                       verdict *v)
{
    for (const char *p = query ? query : ""; *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : "") {
        int idx;
        double t, c, pw;
        if (sscanf(p, "%d, %lf, %lf, %lf", &idx, &t, &c, &pw) == 4)
            limits_one(w, node, idx, "nvidia-smi --query-gpu", c, pw, v);
    }
    for (const char *p = dmon ? dmon : ""; *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : "") {
        int idx;
        double pw, gt, mt, sm, mem, enc, dec, jpg, ofa, mclk, pclk;
        if (p[0] != '#' && sscanf(p, "%d %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf", &idx, &pw, &gt, &mt, &sm, &mem,
                                  &enc, &dec, &jpg, &ofa, &mclk, &pclk) == 12)
            limits_one(w, node, idx, "nvidia-smi dmon", pclk, pw, v);
    }
    for (const char *p = dcgmi ? strstr(dcgmi, "GPU ") : NULL; p; p = strstr(p + 1, "GPU ")) {
        int idx;
        double dt, dc, dp;
        if (sscanf(p, "GPU %d %lf %lf %lf", &idx, &dt, &dc, &dp) == 4)
            limits_one(w, node, idx, "dcgmi dmon", dc, dp, v);
    }
}

/* sel: ipmitool sel elist. Every Deasserted record follows an Asserted one of the same sensor and
 * event (IPMI v2.0: a deassertion event reports the clearing of an asserted offset), unless the
 * log was cleared in between. */
static void inv_sel_pairs(const char *sel, verdict *v)
{
    if (!sel)
        return;
    for (const char *p = sel; *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : "") {
        const char *eol = strchr(p, '\n');
        size_t len = eol ? (size_t)(eol - p) : strlen(p);
        char line[256];
        snprintf(line, sizeof line, "%.*s", (int)(len < 255 ? len : 255), p);
        char *d = strstr(line, " | Deasserted");
        if (!d)
            continue;
        /* "id | date | time | sensor | event": the key is sensor | event */
        *d = '\0';
        char *key = line;
        for (int bars = 0; bars < 3 && key; bars++)
            key = strchr(key, '|') ? strchr(key, '|') + 1 : NULL;
        if (!key)
            continue;
        checks[C_SEL]++;
        char want[256];
        snprintf(want, sizeof want, "%s | Asserted", key);
        bool found = false;
        for (const char *q = sel; q < p && !found; q = strchr(q, '\n') + 1) {
            const char *qe = strchr(q, '\n');
            if (strstr(q, "Log area reset/cleared") && strstr(q, "Log area reset/cleared") < qe)
                found = true; /* cleared since: its assertion may be gone */
            const char *hit = strstr(q, want);
            if (hit && hit < qe)
                found = true;
        }
        if (!found)
            violate(v, "SEL: '%s | Deasserted' with no Asserted record before it", line);
    }
}

/* ---- finite ---------------------------------------------------------------------------------------- */

static void inv_finite(const char *line, const char *text, verdict *v)
{
    checks[C_FINITE]++;
    for (const char *p = text; *p; p++) {
        bool start = p == text || !isalnum((unsigned char)p[-1]);
        if (start && (!strncasecmp(p, "nan", 3) || !strncasecmp(p, "inf", 3) || !strncasecmp(p, "-nan", 4)) &&
            !isalpha((unsigned char)p[p[0] == '-' ? 4 : 3]) &&
            strncmp(p, "nan iterations", 14)) { /* Megatron's "number of nan iterations" */
            violate(v, "'%s' prints '%.8s'", line, p);
            return;
        }
    }
    static ntrow rows[64];
    int nr = nccl_rows(text, rows, 64);
    for (int i = 0; i < nr; i++)
        for (int k = 0; k < 2; k++)
            if (rows[i].time[k] < 0 || rows[i].algbw[k] < 0 || rows[i].busbw[k] < 0)
                violate(v, "'%s': a negative time or bandwidth at %.0f B", line, rows[i].size);
    /* numeric columns: nvidia-smi's query, dmon, iostat */
    if (strstr(line, "--query-gpu") || strstr(line, "dmon") || strstr(line, "iostat"))
        for (const char *p = text; *p; p++)
            if (*p == '-' && isdigit((unsigned char)p[1]) && (p == text || p[-1] == ' ' || p[-1] == ',')) {
                violate(v, "'%s' prints a negative figure: '%.12s'", line, p);
                return;
            }
}

/* ---- checkpoints ----------------------------------------------------------------------------------- */

/* resume: the iteration a resubmission would resume from (the model's last completed save, 0:
 * none); listing: the checkpoint directory's `ls`; tracker: its latest_checkpointed_iteration.txt
 * (NULL: absent); train_log: the job's step log (NULL: none). */
static void inv_checkpoints(long resume, const char *listing, const char *tracker, const char *train_log,
                            verdict *v)
{
    checks[C_CHECKPOINTS]++;
    bool listed_tracker = listing && strstr(listing, "latest_checkpointed_iteration.txt\n");
    if (resume <= 0) {
        if (tracker || listed_tracker)
            violate(v, "no save completed, but the checkpoint directory has a tracker file ('%.20s')",
                    tracker ? tracker : "listed");
        return;
    }
    if (!tracker || strtol(tracker, NULL, 10) != resume)
        violate(v, "a resubmission resumes from iteration %ld, but latest_checkpointed_iteration.txt reads '%.20s'",
                resume, tracker ? tracker : "(absent)");
    char dir[32];
    snprintf(dir, sizeof dir, "iter_%07ld/\n", resume);
    if (!listing || !strstr(listing, dir) || !listed_tracker)
        violate(v, "the checkpoint directory does not list %.13s and its tracker file", dir);
    const char *key = "successfully saved checkpoint from iteration", *last = NULL;
    for (const char *p = train_log; p && (p = strstr(p, key)); p += strlen(key))
        last = p;
    if (last && strtol(last + strlen(key), NULL, 10) != resume)
        violate(v, "train.log's last save names iteration %ld, the tracker file %ld",
                strtol(last + strlen(key), NULL, 10), resume);
}

/* The job's checkpoint directory as the tools read it, then the invariant. */
static void check_checkpoints(emu_world *w, const char *train_log, verdict *v)
{
    const emu_job *j = &w->job;
    if (!j->present || j->checkpoint_mount < 0 || j->checkpoint_interval <= 0)
        return;
    const char *target = w->mounts[j->checkpoint_mount].target;
    char path[256];
    emu_out ls, tr;
    emu_out_init(&ls, 0);
    emu_out_init(&tr, 0);
    int is_dir = emu_world_file(w, j->nodes[0], target, &ls);
    snprintf(path, sizeof path, "%s/latest_checkpointed_iteration.txt", target);
    int is_file = emu_world_file(w, j->nodes[0], path, &tr);
    inv_checkpoints(emu_run_last_saved_step(w), is_dir == 2 ? emu_out_text(&ls) : NULL,
                    is_file == 1 ? emu_out_text(&tr) : NULL, train_log, v);
    emu_out_free(&ls);
    emu_out_free(&tr);
}

/* ---- running every tool ------------------------------------------------------------------------------ */

/* The command lines each tool runs with (%N: a node name, %H: a compute HCA, %D: its netdev, %L:
 * the Lustre mount, %J: the job id, %G: the GPUs per node, %M: an mpirun host list of the job or
 * of every node, %R its rank count, %P: one of the job's first two nodes or the cluster's, %Q its
 * rank count, %n: the node itself, %B: its BMC). Every tool of the table
 * needs an entry here (an empty one for the tools only the repair step runs). */
static const struct {
    const char *tool;
    const char *lines[8];
} tool_lines[] = {
    {"nvidia-smi", {"nvidia-smi", "nvidia-smi -q", "nvidia-smi --query-gpu=index,temperature.gpu,clocks.sm,power.draw --format=csv,noheader,nounits",
                    "nvidia-smi dmon -c 1", "nvidia-smi topo -m", "nvidia-smi nvlink -s", "nvidia-smi -q -d PERFORMANCE,POWER,TEMPERATURE,CLOCK,UTILIZATION"}},
    {"dcgmi", {"dcgmi dmon -e 150,100,155 -c 1", "dcgmi dmon -e 203,240,241,1011 -c 1", "dcgmi diag -r 1"}},
    {"ipmitool", {"ipmitool sdr", "ipmitool sel elist", "ipmitool sensor", "ipmitool chassis power status", "ipmitool chassis status"}},
    {"dmesg", {"dmesg"}},
    {"journalctl", {"journalctl -k"}},
    {"systemctl", {"systemctl status nvidia-fabricmanager"}},
    {"ibstat", {"ibstat", "ibstat %H"}},
    {"ibstatus", {"ibstatus"}},
    {"ibv_devinfo", {"ibv_devinfo -v"}},
    {"ibdev2netdev", {"ibdev2netdev"}},
    {"perfquery", {"perfquery -x -C %H"}},
    {"mlxlink", {"mlxlink -d %H"}},
    {"ib_write_bw", {"ib_write_bw -d %H --report_gbits %N"}},
    {"ethtool", {"ethtool %D"}},
    {"ip", {"ip a", "ip -s link"}},
    {"iostat", {"iostat -d -y 1 1", "iostat -x"}},
    {"nfsiostat", {"nfsiostat"}},
    {"df", {"df -h"}},
    {"mount", {"mount"}},
    {"lfs", {"lfs df -h", "lfs df -i", "lfs getstripe -d %L"}},
    {"lctl", {"lctl get_param llite.*.stats", "lctl dl"}},
    {"touch", {"touch /scratch/probe"}},
    {"dd", {"dd if=/dev/zero of=/scratch/ddtest bs=1M count=16"}},
    {"numactl", {"numactl --hardware"}},
    {"lspci", {"lspci", "lspci -vvv"}},
    {"squeue", {"squeue"}},
    {"scontrol", {"scontrol show job %J"}},
    {"sinfo", {"sinfo"}},
    {"all_reduce_perf", {"all_reduce_perf -b 8 -e 8G -f 8 -g %G", "NCCL_ALGO=Ring all_reduce_perf -b 1G -e 1G -g %G",
                         "NCCL_ALGO=Tree all_reduce_perf -b 1G -e 1G -g %G"}},
    {"all_gather_perf", {"all_gather_perf -b 1M -e 1G -f 32 -g %G"}},
    {"reduce_scatter_perf", {"reduce_scatter_perf -b 1M -e 1G -f 32 -g %G"}},
    {"broadcast_perf", {"broadcast_perf -b 1G -e 1G -g %G"}},
    {"alltoall_perf", {"alltoall_perf -b 1G -e 1G -g %G"}},
    {"mpirun", {"mpirun -np %R -H %M all_reduce_perf -b 8 -e 8G -f 8 -g 1",
                "NCCL_ALGO=Ring mpirun -np %R -H %M all_reduce_perf -b 1G -e 1G -g 1",
                "NCCL_IB_DISABLE=1 mpirun -np %R -H %M all_reduce_perf -b 1G -e 1G -g 1",
                "mpirun -np %R -H %M alltoall_perf -b 1G -e 1G",
                "mpirun -np %Q -H %P all_reduce_perf -b 64M -e 4G -f 4 -g 1",
                "NCCL_ALGO=Ring mpirun -np %Q -H %P all_reduce_perf -b 64M -e 4G -f 4 -g 1"}},
    /* a step inside the job's allocation: a new allocation beside it would wait for its nodes,
     * moving the clock past fault onsets that this instant's checks must not see */
    {"srun", {"srun --jobid=%J --overlap -N 2 --ntasks-per-node=1 hostname"}},
    {"ps", {"ps aux", "ps -eLf"}},
    {"top", {"top -b -n 1"}},
    {"pidstat", {"pidstat 1 1", "pidstat -d 1 1"}},
    {"free", {"free -g", "free -m"}},
    {"uptime", {"uptime"}},
    {"nproc", {"nproc"}},
    {"vmstat", {"vmstat 1 2"}},
    {"mpstat", {"mpstat -P ALL 1 1"}},
    {"lsmod", {"lsmod"}},
    {"py-spy", {"py-spy dump --pid 1"}},
    {"ping", {"ping -c 2 %N"}},
    {"date", {"date"}},
    {"sleep", {"sleep 1"}},
    {"curl", {"curl -sk -u admin:admin https://%B/redfish/v1/Chassis/DGX/Thermal",
              "curl -sk -u admin:admin https://%B/redfish/v1/Chassis/DGX/Power",
              "curl -sk -u admin:admin https://%B/redfish/v1/Systems/DGX/LogServices/SEL/Entries",
              "curl -sk -u admin:admin https://%B/redfish/v1/Systems/DGX"}},
    {"setpci", {"setpci -s 00:00.0 ECAP_ACS+0x6.w"}},
    {"dcgmproftester12", {"dcgmproftester12 --no-dcgm-validation -t 1004 -d 10"}},
    {"ibtracert", {"ibtracert 1 2"}},
    {"iblinkinfo", {"iblinkinfo"}},
    {"ibportstate", {"ibportstate -D 0 1", "ibportstate -C %H -D 0 1", "ibportstate 1000 1"}},
    {"uname", {"uname -a", "uname -r"}},
    {"timeline", {"timeline", "timeline -n 8 --nodes"}},
    {"lscpu", {"lscpu"}},
    {"nvbandwidth", {"nvbandwidth -t device_to_device_memcpy_read_ce", "nvbandwidth"}},
    {"ibdiagnet", {"ibdiagnet"}},
    {"jq", {"jq ."}}, /* a filter: no input here, so no output */
    {"modinfo", {"modinfo -p nvidia_peermem", "modinfo -p nvidia", "modinfo -p mlx5_core"}},
    /* the tools that change the world run in the repair step between the two instants */
    {"modprobe", {NULL}},
    {"rmmod", {NULL}},
    {"sbatch", {NULL}},
    {"scancel", {"scancel 1"}}, /* no such job (the repair step's sbatch cancels and restarts) */
};

/* The repairs an operator makes between the two instants (run once, on the first checked node):
 * whatever they change, the invariants must hold again afterwards. */
static const char *const repair_lines[] = {
    "modprobe nvidia_peermem",
    "systemctl restart nvidia-fabricmanager",
    "nvidia-smi -r -i 0",
    "scontrol update nodename=%n state=resume",
    "sbatch train.sbatch", /* the job again from its checkpoint (it cancels the running one) */
    "rmmod nvidia_peermem",
    "modprobe nvidia_peermem persistent_api_support=0", /* loads it with a parameter (modinfo.c) */
    NULL,
};
/* lab commands: they read the lab, not the cluster */
static const char *const lab_commands[] = {"answer", "goal", "hint", "lab", "snapshot", "solutions", NULL};

static bool is_lab_command(const char *name)
{
    for (int i = 0; lab_commands[i]; i++)
        if (!strcmp(lab_commands[i], name))
            return true;
    return false;
}

/* Expands line's placeholders for node into out. Returns false when the world lacks what it
 * names (no Lustre mount, no job). */
static bool expand(const emu_world *w, int node, const char *line, char *out, size_t size)
{
    const emu_node *n = &w->nodes[node];
    int h = -1;
    for (int i = 0; i < n->n_hcas && h < 0; i++)
        if (n->hcas[i].compute)
            h = i;
    char hosts[EMU_MAX_NODES * 12] = "", pair[64] = "";
    int ranks = 0, per = n->n_gpus;
    int count = w->job.present && w->job.n_nodes > 1 ? w->job.n_nodes : (w->n_nodes < 4 ? w->n_nodes : 4);
    for (int k = 0; k < count; k++) {
        int nd = w->job.present && w->job.n_nodes > 1 ? w->job.nodes[k] : k;
        snprintf(hosts + strlen(hosts), sizeof hosts - strlen(hosts), "%s%s:%d", k ? "," : "", w->nodes[nd].name, per);
        ranks += per;
        if (k < 2)
            snprintf(pair + strlen(pair), sizeof pair - strlen(pair), "%s%s:%d", k ? "," : "", w->nodes[nd].name, per);
    }
    size_t o = 0;
    for (const char *p = line; *p && o + 64 < size; p++) {
        if (*p != '%') {
            out[o++] = *p;
            continue;
        }
        char c = *++p;
        const char *s = NULL;
        char num[24];
        int lustre = -1;
        switch (c) {
        case 'N': s = w->nodes[(node + 1) % w->n_nodes].name; break;
        case 'n': s = n->name; break;
        case 'B':
            snprintf(num, sizeof num, "%.16s-bmc", n->name);
            s = num;
            break;
        case 'H': s = h >= 0 ? n->hcas[h].name : NULL; break;
        case 'D': s = h >= 0 ? n->hcas[h].netdev : NULL; break;
        case 'L':
            for (int m = 0; m < w->n_mounts; m++)
                if (!strcmp(w->mounts[m].fstype, "lustre"))
                    lustre = m;
            s = lustre >= 0 ? w->mounts[lustre].target : NULL;
            break;
        case 'J':
            if (!w->job.present)
                return false;
            snprintf(num, sizeof num, "%d", w->job.id);
            s = num;
            break;
        case 'G': snprintf(num, sizeof num, "%d", n->n_gpus); s = num; break;
        case 'R': snprintf(num, sizeof num, "%d", ranks); s = num; break;
        case 'M': s = hosts; break;
        case 'P':
            if (count < 2)
                return false;
            s = pair;
            break;
        case 'Q':
            if (count < 2)
                return false;
            snprintf(num, sizeof num, "%d", 2 * per);
            s = num;
            break;
        default: return false;
        }
        if (!s)
            return false;
        size_t l = strlen(s);
        if (o + l + 1 >= size)
            return false;
        memcpy(out + o, s, l);
        o += l;
    }
    out[o] = '\0';
    return true;
}

/* Splits NAME=VALUE prefixes off line into env (borrowed from buf). */
static const char *split_env(char *buf, const char **env, int max)
{
    int n = 0;
    char *p = buf;
    while (n < max - 1) {
        char *sp = strchr(p, ' '), *eq = strchr(p, '=');
        if (!sp || !eq || eq > sp || !isupper((unsigned char)p[0]))
            break;
        *sp = '\0';
        env[n++] = p;
        p = sp + 1;
    }
    env[n] = NULL;
    return p;
}

static void run_all(emu_world *w, outputs *o, const int *nodes, int n_nodes)
{
    for (int k = 0; k < n_nodes; k++)
        for (size_t t = 0; t < sizeof tool_lines / sizeof tool_lines[0]; t++) {
            const emu_command *cmd = emu_tools_find(tool_lines[t].tool);
            assert_non_null(cmd);
            for (int l = 0; l < 8 && tool_lines[t].lines[l]; l++) {
                char line[256], buf[256];
                if (!expand(w, nodes[k], tool_lines[t].lines[l], line, sizeof line))
                    continue;
                /* the multi-node runs once, on the first node */
                if (k > 0 && (!strcmp(tool_lines[t].tool, "mpirun") || !strcmp(tool_lines[t].tool, "srun")))
                    continue;
                snprintf(buf, sizeof buf, "%s", line);
                const char *env[8];
                const char *rest = split_env(buf, env, 8);
                int st;
                if (o->n == MAX_RUNS) /* never skip a tool silently: grow MAX_RUNS */
                    fail_msg("more than MAX_RUNS (%d) tool lines on %d nodes: raise it", MAX_RUNS, n_nodes);
                run *r = &o->runs[o->n++];
                r->tool = tool_lines[t].tool;
                snprintf(r->line, sizeof r->line, "%s", line);
                r->node = nodes[k];
                /* every tool reads the same instant: the ones that take simulated time (dcgmi
                 * diag, sleep, interval samplers) leave the clock where it was */
                double now = w->now_s;
                uint64_t commands = w->commands_run;
                r->text = net_run(w, cmd, nodes[k], rest, env, &st);
                w->now_s = now;
                w->commands_run = commands;
            }
        }
    emu_out f;
    emu_out_init(&f, 0);
    if (emu_world_file(w, 0, "/home/user/train.log", &f) == 1)
        o->train_log = strdup(emu_out_text(&f));
    emu_out_free(&f);
}

/* Runs every invariant over one world at its current instant; returns the failures (0: all
 * hold), with the first message in why. */
static int check_instant(emu_world *w, char *why, size_t size)
{
    int nodes[2] = {0, w->n_nodes > 1 ? w->n_nodes - 1 : 0};
    int n_nodes = w->n_nodes > 1 ? 2 : 1;
    static outputs o;
    memset(&o, 0, sizeof o);
    run_all(w, &o, nodes, n_nodes);
    verdict v = {0, ""};
    inv_tflops(w, o.train_log, &v);
    for (int i = 0; i < o.n; i++) {
        inv_links(w, o.runs[i].line, o.runs[i].text, &v);
        inv_busbw(w, o.runs[i].line, o.runs[i].text, &v);
        inv_nvbandwidth(w, o.runs[i].node, o.runs[i].line, o.runs[i].text, &v);
        inv_finite(o.runs[i].line, o.runs[i].text, &v);
    }
    if (o.train_log)
        inv_finite("train.log", o.train_log, &v);
    check_checkpoints(w, o.train_log, &v);
    for (int k = 0; k < n_nodes; k++) {
        int node = nodes[k];
        const char *query = find_run(&o, node, tool_lines[0].lines[2]);
        const char *dcgmi = find_run(&o, node, "dcgmi dmon -e 150,100,155 -c 1");
        inv_shutdown(w, node, query, dcgmi, &v);
        inv_agree(w, node, query, find_run(&o, node, "nvidia-smi dmon -c 1"), dcgmi, find_run(&o, node, "ipmitool sdr"),
                  &v);
        inv_limits(w, node, query, find_run(&o, node, "nvidia-smi dmon -c 1"), dcgmi, &v);
        inv_sel(w, node, find_run(&o, node, "ipmitool sel elist"), find_run(&o, node, "ipmitool sensor"), &v);
        inv_sel_pairs(find_run(&o, node, "ipmitool sel elist"), &v);
        inv_throttle(w, node, find_run(&o, node, "nvidia-smi -q -d PERFORMANCE,POWER,TEMPERATURE,CLOCK,UTILIZATION"), &v);
        inv_held(node, find_run(&o, node, "nvidia-smi -q -d PERFORMANCE,POWER,TEMPERATURE,CLOCK,UTILIZATION"),
                 w->now_s - w->nodes[node].boot_time_s, &v);
        const emu_node *n = &w->nodes[node];
        int h = -1;
        for (int i = 0; i < n->n_hcas && h < 0; i++)
            if (n->hcas[i].compute)
                h = i;
        if (h >= 0) {
            char l1[64], l2[64], l3[96];
            snprintf(l1, sizeof l1, "ibstat %s", n->hcas[h].name);
            snprintf(l2, sizeof l2, "ethtool %s", n->hcas[h].netdev);
            snprintf(l3, sizeof l3, "ib_write_bw -d %s --report_gbits %s", n->hcas[h].name,
                     w->nodes[(node + 1) % w->n_nodes].name);
            inv_agree_port(w, node, h, find_run(&o, node, l1), find_run(&o, node, l2), &v);
            inv_agree_link_ends(w, node, h, &v);
            inv_capacity(w, node, find_run(&o, node, "iostat -d -y 1 1"), find_run(&o, node, "nfsiostat"),
                         find_run(&o, node, l3), n->hcas[h].name, &v);
        }
    }
    snprintf(why, size, "%s", v.why);
    outputs_free(&o);
    return v.failed;
}

/* Runs the repair step's command lines on node 0 (whatever they print). */
static void run_repairs(emu_world *w)
{
    for (int i = 0; repair_lines[i]; i++) {
        char line[256], name[32];
        if (!expand(w, 0, repair_lines[i], line, sizeof line))
            continue;
        size_t nl = strcspn(line, " ");
        if (nl >= sizeof name)
            nl = sizeof name - 1;
        memcpy(name, line, nl);
        name[nl] = '\0';
        const emu_command *cmd = emu_tools_find(name);
        assert_non_null(cmd);
        free(net_run(w, cmd, 0, line, NULL, NULL));
    }
}

/* How far the clock moves between the two instants: past the onsets and ends the generator
 * draws (up to 10 minutes), the thermal time constant and Slurm's node timeout. */
#define LATER_S 900.0

/* Checks a world at its start, then runs the repair step, moves the clock on by LATER_S (the
 * faults that start or clear meanwhile do) and checks it again. */
static int check_world(emu_world *w, char *why, size_t size)
{
    int failed = check_instant(w, why, size);
    if (failed)
        return failed;
    /* the compute InfiniBand ports of the first and last node, read before and after */
    int nodes[2] = {0, w->n_nodes - 1};
    static port_read before[2 * EMU_MAX_HCAS];
    int n = 0;
    for (int k = 0; k < (w->n_nodes > 1 ? 2 : 1); k++)
        for (int i = 0; i < w->nodes[nodes[k]].n_hcas; i++)
            if (w->nodes[nodes[k]].hcas[i].compute && !w->nodes[nodes[k]].hcas[i].ethernet)
                port_read_now(w, nodes[k], i, &before[n++]);
    static port_read sw_before[MAX_SWITCH_READS];
    int n_sw;
    switch_reads(w, sw_before, &n_sw);
    static gpu_counters gpu_before[2];
    for (int k = 0; k < (w->n_nodes > 1 ? 2 : 1); k++)
        gpu_counters_read(w, nodes[k], &gpu_before[k]);
    double t0 = w->now_s;
    run_repairs(w);
    emu_world_advance(w, LATER_S);
    verdict v = {0, ""};
    for (int k = 0; k < (w->n_nodes > 1 ? 2 : 1); k++) {
        gpu_counters after;
        gpu_counters_read(w, nodes[k], &after);
        inv_cumulative(&gpu_before[k], &after, &v);
    }
    for (int i = 0; i < n; i++) {
        port_read after;
        port_read_now(w, before[i].node, before[i].hca, &after);
        inv_counters(&before[i], &after, w->now_s - t0, &v);
    }
    static port_read sw_after[MAX_SWITCH_READS];
    int n_after;
    switch_reads(w, sw_after, &n_after);
    for (int i = 0; i < n_sw && i < n_after; i++)
        inv_counters(&sw_before[i], &sw_after[i], w->now_s - t0, &v);
    if (v.failed) {
        snprintf(why, size, "%.0f s later, after the repairs: %.400s", LATER_S, v.why);
        return v.failed;
    }
    failed = check_instant(w, why, size);
    if (failed) {
        char first[401];
        snprintf(first, sizeof first, "%.400s", why);
        snprintf(why, size, "%.0f s later, after the repairs: %s", LATER_S, first);
    }
    return failed;
}

/* ---- the generated scenarios ------------------------------------------------------------------- */

typedef struct gen {
    uint64_t s;
} gen;

static uint32_t rnd(gen *g)
{
    g->s ^= g->s << 13;
    g->s ^= g->s >> 7;
    g->s ^= g->s << 17;
    return (uint32_t)(g->s >> 11);
}

static int pick(gen *g, int n) { return n > 0 ? (int)(rnd(g) % (uint32_t)n) : 0; }
static double uniform(gen *g, double lo, double hi) { return lo + (hi - lo) * (rnd(g) % 10000) / 10000.0; }

typedef struct text {
    char buf[8192];
    size_t len;
} text;

static void add(text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(t->buf + t->len, sizeof t->buf - t->len, fmt, ap);
    va_end(ap);
    if (n > 0)
        t->len = t->len + (size_t)n < sizeof t->buf ? t->len + (size_t)n : sizeof t->buf - 1;
}

/* The scenario without faults (shape, storage, job), into t; *nodes receives the node count. */
static void gen_base(gen *g, text *t, int *nodes)
{
    static const char *const systems[] = {"dgx-1v", "dgx-a100", "pcie-a100", "dgx-h100", "pcie-h100-nvl", "hgx-h200", "dgx-b200"};
    static const char *const sxm_gpus[] = {"V100-SXM2-16GB", "A100-SXM4-40GB", "H100", "H200", "B200"};
    static const char *const speeds[] = {"EDR", "HDR100", "HDR", "NDR200", "NDR", "XDR"};
    int r = pick(g, 10);
    *nodes = r < 6 ? 1 + pick(g, 4) : r < 9 ? 5 + pick(g, 12) : 17 + pick(g, 48);
    add(t, "title: generated\nsummary: generated\nseed: %d\nstart_time: 2026-04-0%dT1%d:00:00Z\ncluster:\n  nodes: %d\n",
        1 + pick(g, 100000), 1 + pick(g, 9), pick(g, 10), *nodes);
    int shape = pick(g, 4);
    if (shape == 0)
        add(t, "  system: %s\n", systems[pick(g, 7)]);
    else if (shape == 1)
        add(t, "  gpu: %s\n", sxm_gpus[pick(g, 5)]);
    else if (shape == 2) {
        add(t, "  gpu: %s\n", pick(g, 2) ? "H100" : "A100");
        int hcas[] = {1, 2, 4, 8};
        add(t, "  hcas: %d\n", hcas[pick(g, 4)]);
        if (pick(g, 3) == 0)
            add(t, "  hca_ports: 2\n");
        add(t, "  hca_speed: %s\n", speeds[pick(g, 6)]);
        if (pick(g, 4) == 0)
            add(t, "  link_layer: ethernet\n");
    } else {
        add(t, "  system: %s\n", pick(g, 2) ? "dgx-h100" : "pcie-h100-nvl");
        if (pick(g, 2))
            add(t, "  gpus_per_node: %d\n", 2 * (1 + pick(g, 4)));
        add(t, "  fabric: {rail_optimized: %s, uplinks_per_leaf: %d}\n", pick(g, 2) ? "true" : "false", 4 + pick(g, 28));
    }
    add(t, "storage:\n  - {name: data, type: nfs4, source: '10.0.0.5:/export/data', target: /data, size_tb: %d, used_tb: %d, "
           "read_mb_per_s: %d, write_mb_per_s: %d}\n",
        50, 10 + pick(g, 40), 1000 + pick(g, 9000), 500 + pick(g, 4000));
    if (pick(g, 2)) {
        add(t, "  - {name: lus, type: lustre, source: '10.0.0.251@o2ib:/lustrefs', target: /lustre, read_mb_per_s: %d, "
               "stripe_count: %d, osts: [",
            5000 + pick(g, 50000), pick(g, 2) ? -1 : 1 + pick(g, 4));
        int n = 2 + pick(g, 8);
        for (int i = 0; i < n; i++) {
            double size = 50 + pick(g, 100);
            add(t, "%s{size_tb: %.0f, used_tb: %.1f}", i ? ", " : "", size, uniform(g, 0, size));
        }
        add(t, "]}\n");
    }
    if (pick(g, 2))
        add(t, "  - {name: scratch, type: ext4, source: /dev/nvme0n1p1, target: /scratch, size_tb: 7.6, read_mb_per_s: %d, "
               "write_mb_per_s: %d}\n",
            2000 + pick(g, 5000), 1000 + pick(g, 3000));
    if (pick(g, 5) == 0)
        return;
    static const double params[] = {0.5, 1, 7, 13, 70};
    double params_b = params[pick(g, 5)];
    int micro = 1 + pick(g, 4), accum = 1 + pick(g, 8), seq = 1024 << pick(g, 3);
    add(t, "job:\n  model_params_b: %g\n  micro_batch: %d\n  grad_accum: %d\n  seq_len: %d\n  compute_efficiency: %.2f\n",
        params_b, micro, accum, seq, uniform(g, 0.1, 0.6));
    /* the run's length: the scenario's default (20 tokens a parameter) when it lasts past the
     * default start_step 1000 even at 8 GPUs a node, else a length of its own (a small model on
     * many nodes, trained past the compute-optimal tokens as real runs are) in either key */
    double batch_tokens = (double)micro * accum * *nodes * 8 * seq;
    if (20.0 * params_b * 1e9 / batch_tokens <= 1001) {
        if (pick(g, 2))
            add(t, "  train_iters: %d\n", 1001 + pick(g, 500000));
        else
            add(t, "  train_tokens: %.0f\n", batch_tokens * (1001 + pick(g, 100000)));
    }
    add(t, "  sample_bytes: %d\n  loader_workers: %d\n  input: %s\n", 4096 << pick(g, 8), pick(g, 8),
        strstr(t->buf, "name: scratch") && pick(g, 2) ? "scratch" : "data");
    if (strstr(t->buf, "name: lus") && pick(g, 2))
        add(t, "  checkpoints: lus\n");
}

/* Kinds the generated scenarios have drawn (test_generated asserts every kind is among them). */
static bool kind_drawn[EMU_FAULT_KIND_COUNT];

/* When a generated fault starts and clears: the scenario's default (a quarter of an hour before
 * the start), a past onset, or one before the second instant; sometimes an end before it. */
static void gen_time(gen *g, text *t)
{
    int r = pick(g, 4);
    double onset = r == 0 ? -900 : r == 1 ? -uniform(g, 60, 7200) : uniform(g, 1, LATER_S - 60);
    if (r)
        add(t, ", onset_s: %.0f", onset);
    if (pick(g, 4) == 0)
        add(t, ", end_s: %.0f", onset + uniform(g, 30, LATER_S));
    add(t, "}\n");
}

/* Appends 0-3 faults of any kind the scenario language has, over the parts of w. */
static void gen_faults(gen *g, text *t, const emu_world *w)
{
    int n = pick(g, 4);
    if (!n)
        return;
    add(t, "faults:\n");
    const emu_node *n0 = &w->nodes[0];
    int comp[EMU_MAX_HCAS], nc = 0;
    for (int i = 0; i < n0->n_hcas; i++)
        if (n0->hcas[i].compute)
            comp[nc++] = i;
    int lustre = -1;
    for (int m = 0; m < w->n_mounts; m++)
        if (!strcmp(w->mounts[m].fstype, "lustre"))
            lustre = m;
    char leaf[32];
    emu_fabric_leaf_name(&w->cluster, 0, leaf, sizeof leaf);
    for (int i = 0; i < n; i++) {
        const char *node = w->nodes[pick(g, w->n_nodes)].name;
        int gpu = pick(g, n0->n_gpus), peer_gpu = (gpu + 1 + pick(g, n0->n_gpus - 1)) % n0->n_gpus;
        const char *hca = nc ? n0->hcas[comp[pick(g, nc)]].name : NULL;
        emu_fault_kind kind = (emu_fault_kind)(1 + pick(g, EMU_FAULT_KIND_COUNT - 1));
        size_t before = t->len;
        switch (kind) {
        case EMU_FAULT_HCA_DEGRADED:
            if (hca)
                add(t, "  - {kind: hca_degraded, node: %s, hca: %s, rate_gbit_per_s: %d", node, hca,
                    n0->hcas[comp[0]].rate_gbit_per_s / 2 > 0 ? n0->hcas[comp[0]].rate_gbit_per_s / 2 : 10);
            break;
        case EMU_FAULT_HCA_DOWN:
            if (hca)
                add(t, "  - {kind: hca_down, node: %s, hca: %s", node, hca);
            break;
        case EMU_FAULT_LINK_ERRORS:
            if (hca)
                add(t, "  - {kind: link_errors, node: %s, hca: %s, rate_per_s: %.1f", node, hca, uniform(g, 0.1, 5));
            break;
        case EMU_FAULT_NCCL_IB_DISABLED: add(t, "  - {kind: nccl_ib_disabled"); break;
        case EMU_FAULT_NCCL_HCA_MISMATCH: add(t, "  - {kind: nccl_hca_mismatch, value: mlx5_9"); break;
        case EMU_FAULT_VERBS_MISSING: add(t, "  - {kind: verbs_missing, node: %s", node); break;
        case EMU_FAULT_GDR_UNAVAILABLE: add(t, "  - {kind: gdr_unavailable, node: %s", node); break;
        case EMU_FAULT_ACS_REDIRECT:
            if (n0->n_switches)
                add(t, "  - {kind: acs_redirect, node: %s, switch: %d", node, pick(g, n0->n_switches));
            break;
        case EMU_FAULT_GPU_THERMAL:
            add(t, "  - {kind: gpu_thermal, node: %s, gpu: %d, temp_c: %d", node, gpu, 80 + pick(g, 20));
            break;
        case EMU_FAULT_GPU_POWER_CAP:
            add(t, "  - {kind: gpu_power_cap, node: %s, gpu: %d, limit_w: %.0f", node, gpu,
                uniform(g, w->spec->min_power_limit_w, w->spec->power_limit_w));
            break;
        case EMU_FAULT_GPU_POWER_BRAKE: add(t, "  - {kind: gpu_power_brake, node: %s, gpu: %d", node, gpu); break;
        case EMU_FAULT_XID:
            add(t, "  - {kind: xid, node: %s, gpu: %d, code: %d", node, gpu, pick(g, 2) ? 79 : 48);
            break;
        case EMU_FAULT_ECC_ERRORS:
            add(t, "  - {kind: ecc_errors, node: %s, gpu: %d, correctable: %d, uncorrectable: %d", node, gpu,
                pick(g, 50), pick(g, 3) ? 0 : 1 + pick(g, 2));
            break;
        case EMU_FAULT_ROW_REMAP_PENDING: add(t, "  - {kind: row_remap_pending, node: %s, gpu: %d", node, gpu); break;
        case EMU_FAULT_NVLINK_DOWN:
            if (w->spec->nvlinks)
                add(t, "  - {kind: nvlink_down, node: %s, gpu: %d, link: %d", node, gpu, pick(g, w->spec->nvlinks));
            break;
        case EMU_FAULT_NVLINK_ERRORS:
            if (w->spec->nvlinks)
                add(t, "  - {kind: nvlink_errors, node: %s, gpu: %d, link: %d, rate_per_s: %.1f", node, gpu,
                    pick(g, w->spec->nvlinks), uniform(g, 0.1, 50));
            break;
        case EMU_FAULT_FABRIC_MANAGER_DOWN: add(t, "  - {kind: fabric_manager_down, node: %s", node); break;
        case EMU_FAULT_CHECKPOINT_WRITERS:
            add(t, "  - {kind: checkpoint_writers, mount: data, count: %d", 1 + pick(g, 6));
            break;
        case EMU_FAULT_METADATA_LATENCY:
            add(t, "  - {kind: metadata_latency, mount: data, latency_ms: %.1f", uniform(g, 1, 200));
            break;
        case EMU_FAULT_STORAGE_FULL: add(t, "  - {kind: storage_full, mount: data"); break;
        case EMU_FAULT_LOADER_CPU_STARVED:
            add(t, "  - {kind: loader_cpu_starved, node: %s, cpus: %d", node, 1 + pick(g, 8));
            break;
        case EMU_FAULT_ROUTING_COLLISION:
            if (w->n_nodes > 1)
                add(t, "  - {kind: routing_collision, node: %s, peer: %s", w->nodes[0].name, w->nodes[1].name);
            break;
        case EMU_FAULT_BMC_UNREACHABLE: add(t, "  - {kind: bmc_unreachable, node: %s", node); break;
        case EMU_FAULT_BMC_STALE_POWER: add(t, "  - {kind: bmc_stale_power, node: %s", node); break;
        case EMU_FAULT_SEL_EVENT:
            add(t, "  - {kind: sel_event, node: %s, sensor: 'Critical Interrupt PCIe Slot 6', event: 'Bus Uncorrectable error'",
                node);
            break;
        case EMU_FAULT_FABRIC_LINK_DEGRADED:
            add(t, "  - {kind: fabric_link_degraded, leaf: %s, uplink: 1", leaf);
            break;
        case EMU_FAULT_FABRIC_CONGESTION:
            add(t, "  - {kind: fabric_congestion, leaf: %s, share: %.2f", leaf, uniform(g, 0.1, 0.9));
            break;
        case EMU_FAULT_GPU_COOLING: add(t, "  - {kind: gpu_cooling, node: %s, gpu: %d", node, gpu); break;
        case EMU_FAULT_GPU_DEFICIT:
            add(t, "  - {kind: gpu_deficit, node: %s, gpu: %d, share: %.2f", node, gpu, uniform(g, 0.3, 0.95));
            break;
        case EMU_FAULT_LOADER_STALL:
            add(t, "  - {kind: loader_stall, every_steps: %d, stall_ms: %.0f", 1 + pick(g, 50), uniform(g, 10, 5000));
            if (pick(g, 2))
                add(t, ", node: %s, gpu: %d", node, gpu);
            break;
        case EMU_FAULT_LOADER_DEADLOCK: add(t, "  - {kind: loader_deadlock, node: %s, gpu: %d", node, gpu); break;
        case EMU_FAULT_RANK_HANG: add(t, "  - {kind: rank_hang, node: %s, gpu: %d", node, gpu); break;
        case EMU_FAULT_HOST_MEMORY_ERROR:
            add(t, "  - {kind: host_memory_error, node: %s", node);
            if (pick(g, 2))
                add(t, ", reboot_after_s: %.0f", uniform(g, 30, 600));
            break;
        case EMU_FAULT_BMC_SESSION_LIMIT:
            add(t, "  - {kind: bmc_session_limit, node: %s, sessions: %d", node, 1 + pick(g, 4));
            break;
        case EMU_FAULT_BMC_SENSOR_STALE:
            add(t, "  - {kind: bmc_sensor_stale, node: %s, psu: %d", node, 1 + pick(g, 6));
            break;
        case EMU_FAULT_PSU_FAILURE:
            add(t, "  - {kind: psu_failure, node: %s, psu: %d, brake: %s", node, 1 + pick(g, 6), pick(g, 2) ? "true" : "false");
            break;
        case EMU_FAULT_NIC_PCIE_DEGRADED:
            if (hca)
                add(t, "  - {kind: nic_pcie_degraded, node: %s, hca: %s, width: %d, gen: %d", node, hca, 1 << pick(g, 4),
                    3 + pick(g, 3));
            break;
        case EMU_FAULT_OST_FULL:
            if (lustre >= 0 && w->mounts[lustre].n_osts > 0)
                add(t, "  - {kind: ost_full, mount: lus, ost: %d", pick(g, w->mounts[lustre].n_osts));
            break;
        case EMU_FAULT_RANDOM_READS: add(t, "  - {kind: random_reads, mount: data"); break;
        case EMU_FAULT_P2P_DISABLED:
            if (n0->n_gpus > 1)
                add(t, "  - {kind: p2p_disabled, node: %s, gpu: %d, peer_gpu: %d", node, gpu, peer_gpu);
            break;
        case EMU_FAULT_KIND_COUNT: break;
        }
        if (t->len > before) {
            gen_time(g, t);
            kind_drawn[kind] = true;
        }
    }
}

/* ---- tests ------------------------------------------------------------------------------------------ */

static void check_yaml(const char *yaml, const char *label)
{
    emu_catalog *cat;
    emu_world *w = net_world(yaml, &cat);
    if (!w) {
        fprintf(stderr, "%s does not load:\n%s\n", label, yaml);
        fail_msg("a scenario does not load");
    }
    char why[512];
    if (check_world(w, why, sizeof why)) {
        fprintf(stderr, "%s: %s\n--- scenario ---\n%s\n", label, why, yaml);
        fail_msg("an invariant fails");
    }
    emu_world_free(w);
    emu_catalog_free(cat);
}

/* Every tool of the table has command lines here (a new tool must be added), in one entry: a
 * second entry runs its lines again at every instant and hides them from the first one's reader
 * (find_run returns the first run of a line). */
static void test_every_tool_covered(void **state)
{
    (void)state;
    for (size_t t = 0; t < sizeof tool_lines / sizeof tool_lines[0]; t++)
        for (size_t u = t + 1; u < sizeof tool_lines / sizeof tool_lines[0]; u++)
            if (!strcmp(tool_lines[t].tool, tool_lines[u].tool)) {
                fprintf(stderr, "tool '%s' has two entries in tool_lines (%zu and %zu): merge them\n",
                        tool_lines[t].tool, t, u);
                fail_msg("a tool with two entries in tool_lines");
            }
    for (size_t i = 0; emu_tools_at(i); i++) {
        const char *name = emu_tools_at(i)->name;
        bool found = is_lab_command(name);
        for (size_t t = 0; t < sizeof tool_lines / sizeof tool_lines[0] && !found; t++)
            found = !strcmp(tool_lines[t].tool, name);
        if (!found)
            fprintf(stderr, "tool '%s' has no command lines in test_invariants.c\n", name);
        assert_true(found);
    }
}

/* The table is in strcmp order, so `help` lists the tools alphabetically (a learner found
 * `date` and `sleep` after `vmstat`). */
static void test_tools_sorted(void **state)
{
    (void)state;
    for (size_t i = 1; emu_tools_at(i); i++) {
        const char *before = emu_tools_at(i - 1)->name, *name = emu_tools_at(i)->name;
        if (strcmp(before, name) >= 0)
            fprintf(stderr, "tools.c: '%s' comes after '%s'\n", name, before);
        assert_true(strcmp(before, name) < 0);
    }
}

/* The labs and example scenarios of content/labs, and the test fixtures. */
static void test_labs(void **state)
{
    (void)state;
    const char *dirs[] = {"content/labs", "tests/emulator/fixtures"};
    int checked = 0;
    memset(checks, 0, sizeof checks); /* count the scenarios' comparisons, not the unit tests' */
    for (int d = 0; d < 2; d++) {
        size_t n = 0;
        char **names = hb_lab_scenario_names(dirs[d], &n);
        assert_non_null(names);
        for (size_t i = 0; i < n; i++) {
            if (!strncmp(names[i], "bad_", 4)) /* the parser's error fixtures */
                continue;
            char path[512];
            snprintf(path, sizeof path, "%s/%s", dirs[d], names[i]);
            size_t len = 0;
            char *yaml = hb_read_file(path, &len);
            assert_non_null(yaml);
            check_yaml(yaml, path);
            free(yaml);
            checked++;
        }
        hb_lab_scenario_names_free(names, n);
    }
    assert_true(checked >= 6);
}

#define GENERATED 300

static void test_generated(void **state)
{
    (void)state;
    gen g = {0x9e3779b97f4a7c15ull};
    for (int i = 0; i < GENERATED; i++) {
        text t = {{0}, 0};
        int nodes;
        gen_base(&g, &t, &nodes);
        /* a first world tells the faults the names of the cluster's parts */
        emu_catalog *cat;
        emu_world *w = net_world(t.buf, &cat);
        if (!w) {
            fprintf(stderr, "generated scenario %d does not load:\n%s\n", i, t.buf);
            fail_msg("a generated scenario does not load");
        }
        gen_faults(&g, &t, w);
        emu_world_free(w);
        emu_catalog_free(cat);
        char label[32];
        snprintf(label, sizeof label, "generated scenario %d", i);
        check_yaml(t.buf, label);
    }
    for (int c = 0; c < C_COUNT; c++) {
        fprintf(stderr, "invariant %-9s %ld comparisons\n", check_names[c], checks[c]);
        assert_true(checks[c] > 0);
    }
    /* every fault kind of the scenario language was among the generated faults */
    for (int k = 1; k < EMU_FAULT_KIND_COUNT; k++) {
        if (!kind_drawn[k])
            fprintf(stderr, "fault kind '%s' was never generated\n", emu_fault_kind_name((emu_fault_kind)k));
        assert_true(kind_drawn[k]);
    }
}

/* ---- each invariant fails on purpose ----------------------------------------------------------- */

#define H100_YAML "title: t\nsummary: t\ncluster: {gpu: H100, nodes: 2}\njob: {model_params_b: 7}\n"

static void test_inv_tflops_fails(void **state)
{
    (void)state;
    emu_catalog *cat;
    emu_world *w = net_world(H100_YAML, &cat);
    verdict v = {0, ""};
    inv_tflops(w, "x | throughput per GPU (TFLOP/s/GPU): 431.9 | y\n", &v);
    assert_int_equal(v.failed, 0);
    inv_tflops(w, "x | throughput per GPU (TFLOP/s/GPU): 1380.0 | y\n", &v); /* the old default */
    assert_true(v.failed >= 1);
    emu_world_free(w);
    emu_catalog_free(cat);
    /* every GPU of a one-node job capped at 200 W: the latest step may not beat the peak at the
     * capped clock, though an older line at the full clock may */
    char yaml[2048];
    int len = snprintf(yaml, sizeof yaml, "title: t\nsummary: t\ncluster: {gpu: H100, nodes: 1}\njob: {model_params_b: 7}\nfaults:\n");
    for (int g = 0; g < 8; g++)
        len += snprintf(yaml + len, sizeof yaml - (size_t)len, "  - {kind: gpu_power_cap, node: node01, gpu: %d, limit_w: 200}\n", g);
    w = net_world(yaml, &cat);
    assert_non_null(w);
    assert_true(emu_run_alive(w));
    double peak_now = job_peak_tflops(w);
    assert_true(peak_now < 0.9 * w->spec->dense_bf16_tflops);
    char log[256];
    snprintf(log, sizeof log, "a | throughput per GPU (TFLOP/s/GPU): %.1f | b\nc | throughput per GPU (TFLOP/s/GPU): %.1f | d\n",
             0.95 * w->spec->dense_bf16_tflops, 0.9 * peak_now);
    v = (verdict){0, ""};
    inv_tflops(w, log, &v);
    assert_int_equal(v.failed, 0);
    snprintf(log, sizeof log, "c | throughput per GPU (TFLOP/s/GPU): %.1f | d\n", 1.05 * peak_now);
    inv_tflops(w, log, &v);
    assert_int_equal(v.failed, 1);
    emu_world_free(w);
    emu_catalog_free(cat);
}

static void test_inv_links_fails(void **state)
{
    (void)state;
    emu_catalog *cat;
    emu_world *w = net_world(H100_YAML, &cat);
    const char *head = "#  Rank  0 Group  0 Pid  1 on     node01 device  0 [0000:1b:00] NVIDIA H100 80GB HBM3\n"
                       "#  Rank  1 Group  0 Pid  1 on     node02 device  0 [0000:1b:00] NVIDIA H100 80GB HBM3\n";
    char text[1024];
    /* one rank a node: the pair's NICs carry 8 x 50 GB/s at most, x 2/1 */
    snprintf(text, sizeof text, "%s  8589934592    2147483648     float     sum      -1    21000  409.04  409.04      0"
                                "    21000  409.04  409.04      0\n", head);
    verdict v = {0, ""};
    inv_links(w, "mpirun", text, &v);
    assert_int_equal(v.failed, 0);
    snprintf(text, sizeof text, "%s  8589934592    2147483648     float     sum      -1     8000 1073.74 1073.74      0"
                                "     8000 1073.74 1073.74      0\n", head);
    inv_links(w, "mpirun", text, &v);
    assert_true(v.failed >= 1);
    emu_world_free(w);
    emu_catalog_free(cat);
}

/* nccl-tests' rank lines for ranks_per_node ranks on each of nodes nodes (node01, node02 ...),
 * then one 8 GiB row with busbw as both busbws (algbw from it by the factor for n ranks). */
static void nt_text(char *text, size_t size, int nodes, int per, double busbw)
{
    int n = nodes * per, len = 0;
    for (int k = 0; k < nodes; k++)
        for (int g = 0; g < per; g++)
            len += snprintf(text + len, size - (size_t)len,
                            "#  Rank %2d Group  0 Pid  1 on     node%02d device %2d [0000:1b:00] NVIDIA H100 80GB HBM3\n",
                            k * per + g, k + 1, g);
    double alg = busbw / (2.0 * (n - 1) / n), t = 8589934592.0 / alg / 1e3;
    snprintf(text + len, size - (size_t)len,
             "  8589934592    2147483648     float     sum      -1  %7.0f  %6.2f  %6.2f      0  %7.0f  %6.2f  %6.2f      0\n",
             t, alg, busbw, t, alg, busbw);
}

/* The ceilings on 8 x H100 SXM nodes with 8 x NDR each (18 NVLinks x 26.5625 GB/s = 478.1 GB/s
 * a GPU; 8 x 50 GB/s of NICs a node): per case a busbw that holds (0: none) and one that may not. */
static void test_inv_busbw_fails(void **state)
{
    (void)state;
    static const struct {
        int nodes;
        const char *line;
        double ok, bad;
    } cases[] = {
        /* two nodes, the ring: 389 GB/s is 48.6 GB/s a NIC, under their 400 (NVIDIA: up to ~396
         * with the ring, nccl-tests#319) */
        {2, "NCCL_ALGO=Ring mpirun -np 16 -H node01:8,node02:8 all_reduce_perf -b 8G -e 8G -g 1", 389.0, 405.0},
        /* two nodes, NCCL's default (NVLSTree): each node sends and receives S, so busbw may pass
         * the NICs' rate, up to 400 x 2(16-1)/16 = 750 */
        {2, "mpirun -np 16 -H node01:8,node02:8 all_reduce_perf -b 8G -e 8G -g 1", 519.0, 760.0},
        /* one node, the ring: a GPU's 478.1 GB/s of NVLink */
        {1, "NCCL_ALGO=Ring all_reduce_perf -b 8G -e 8G -g 8", 371.0, 480.0},
        /* one node, NVLS (the default at 8 GiB): algbw 478.1, busbw 836.7 */
        {1, "all_reduce_perf -b 8G -e 8G -g 8", 485.0, 840.0},
        /* one node, the chain tree: algbw half of 478.1, busbw 418.3 */
        {1, "NCCL_ALGO=Tree all_reduce_perf -b 8G -e 8G -g 8", 0, 430.0},
    };
    emu_catalog *cat;
    emu_world *w = net_world(H100_YAML, &cat);
    static char text[8192];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (int bad = cases[i].ok > 0 ? 0 : 1; bad < 2; bad++) {
            verdict v = {0, ""};
            nt_text(text, sizeof text, cases[i].nodes, 8, bad ? cases[i].bad : cases[i].ok);
            inv_busbw(w, cases[i].line, text, &v);
            if ((v.failed > 0) != bad)
                fail_msg("'%s' at %.1f GB/s busbw: %s", cases[i].line, bad ? cases[i].bad : cases[i].ok,
                         bad ? "passed" : v.why);
        }
    emu_world_free(w);
    emu_catalog_free(cat);
}

static void test_inv_nvbw_fails(void **state)
{
    (void)state;
    emu_catalog *cat;
    emu_world *w = net_world(H100_YAML, &cat);
    verdict v = {0, ""};
    char *text = net_run(w, emu_tools_find("nvbandwidth"), 0, "nvbandwidth", NULL, NULL);
    inv_nvbandwidth(w, 0, "nvbandwidth", text, &v);
    assert_int_equal(v.failed, 0);
    long before = checks[C_NVBW];
    inv_nvbandwidth(w, 0, "nvbandwidth", text, &v);
    /* every figure of the seven matrices: host to device, device to host, read, write, and the
     * bidirectional read's Read1, Read2 and Total */
    assert_int_equal(checks[C_NVBW] - before, 5 * 56 + 2 * 8);
    free(text);
    /* GPU 0 to 1 over 18 NVLinks of 26.5625 GB/s: 478.1 GB/s at most */
    const char *m = "\nRunning device_to_device_memcpy_read_ce.\nmemcpy CE GPU(row) -> GPU(column) bandwidth (GB/s)\n"
                    "           0         1\n 0       N/A    %s\n 1    378.30       N/A\n\n";
    char t[512];
    snprintf(t, sizeof t, m, "478.00");
    inv_nvbandwidth(w, 0, "nvbandwidth", t, &v);
    assert_int_equal(v.failed, 0);
    v = (verdict){0, ""};
    snprintf(t, sizeof t, m, "480.00");
    inv_nvbandwidth(w, 0, "nvbandwidth", t, &v);
    assert_true(v.failed >= 1);
    /* host to GPU 0 over PCIe Gen5 x16: 63 GB/s at most */
    v = (verdict){0, ""};
    snprintf(t, sizeof t, "\nRunning host_to_device_memcpy_ce.\nmemcpy CE CPU(row) -> GPU(column) bandwidth (GB/s)\n"
                          "           0         1\n 0     66.00     55.00\n\n");
    inv_nvbandwidth(w, 0, "nvbandwidth", t, &v);
    assert_true(v.failed >= 1);
    /* the bidirectional test's second matrix past the pair's 478.1 GB/s, its Total within 2 x */
    const char *bi = "\nRunning device_to_device_bidirectional_memcpy_read_ce.\n"
                     "memcpy CE GPU(row) <-> GPU(column) Read1 bandwidth (GB/s)\n"
                     "           0         1\n 0       N/A    370.00\n 1    370.00       N/A\n\n"
                     "memcpy CE GPU(row) <-> GPU(column) Read2 bandwidth (GB/s)\n"
                     "           0         1\n 0       N/A    %s\n 1    370.00       N/A\n\n"
                     "memcpy CE GPU(row) <-> GPU(column) Total bandwidth (GB/s)\n"
                     "           0         1\n 0       N/A    %s\n 1    740.00       N/A\n\n";
    char tb[1024];
    v = (verdict){0, ""};
    snprintf(tb, sizeof tb, bi, "370.00", "740.00");
    inv_nvbandwidth(w, 0, "nvbandwidth", tb, &v);
    assert_int_equal(v.failed, 0);
    snprintf(tb, sizeof tb, bi, "490.00", "860.00");
    inv_nvbandwidth(w, 0, "nvbandwidth", tb, &v);
    assert_int_equal(v.failed, 1);
    v = (verdict){0, ""};
    snprintf(tb, sizeof tb, bi, "370.00", "960.00");
    inv_nvbandwidth(w, 0, "nvbandwidth", tb, &v);
    assert_int_equal(v.failed, 1);
    emu_world_free(w);
    emu_catalog_free(cat);
}

static void test_inv_capacity_fails(void **state)
{
    (void)state;
    emu_catalog *cat;
    emu_world *w = net_world("title: t\nsummary: t\nstorage:\n  - {name: data, type: nfs4, source: 's:/d', target: /data,"
                             " read_mb_per_s: 4000, write_mb_per_s: 2000}\n",
                             &cat);
    verdict v = {0, ""};
    const char *ok = "s:/d mounted on /data:\n\n  ops/s  rpc bklog\n  1.0 0.0\n\nread: ops kB/s\n  10.0 1000.0 100\n"
                     "write: ops kB/s\n  10.0 1000.0 100\n";
    inv_capacity(w, 0, NULL, ok, NULL, NULL, &v);
    assert_int_equal(v.failed, 0);
    /* the issue's example: 31 GB/s of writes to a mount of 2 GB/s behind a 200 Gb/s bond */
    const char *bad = "s:/d mounted on /data:\n\n  ops/s  rpc bklog\n  1.0 0.0\n\nread: ops kB/s\n  10.0 1000.0 100\n"
                      "write: ops kB/s\n  10.0 31000000.0 100\n";
    inv_capacity(w, 0, NULL, bad, NULL, NULL, &v);
    assert_int_equal(v.failed, 1);
    emu_world_free(w);
    emu_catalog_free(cat);
}

static void test_inv_shutdown_fails(void **state)
{
    (void)state;
    emu_catalog *cat;
    emu_world *w = net_world(H100_YAML "faults:\n  - {kind: gpu_thermal, node: node01, gpu: 3, temp_c: 96}\n", &cat);
    verdict v = {0, ""};
    inv_shutdown(w, 0, "0, 60, 1980, 690.00\n", NULL, &v);
    assert_int_equal(v.failed, 0);
    /* a tool that still reads the lost GPU */
    inv_shutdown(w, 0, "0, 60, 1980, 690.00\n3, 97, 1980, 690.00\n", NULL, &v);
    assert_true(v.failed >= 1);
    /* the model keeping a GPU past shutdown on the bus (as before this model) */
    w->nodes[0].gpus[3].lost_s = 0;
    verdict v2 = {0, ""};
    inv_shutdown(w, 0, NULL, NULL, &v2);
    assert_true(v2.failed >= 1);
    emu_world_free(w);
    emu_catalog_free(cat);
}

static void test_inv_agree_fails(void **state)
{
    (void)state;
    emu_catalog *cat;
    emu_world *w = net_world(H100_YAML, &cat);
    verdict v = {0, ""};
    const char *query = "0, 61, 1980, 690.12\n";
    inv_agree(w, 0, query, "    0    690     61     68    100     45      0      0      0      0   2619   1980\n",
              "GPU 0     61      1980    690.120   \n", "GPU0 Temp        | 09h | ok  |  7.1 | 61 degrees C\n", &v);
    assert_int_equal(v.failed, 0);
    /* dmon showing another temperature than the query at the same instant */
    inv_agree(w, 0, query, "    0    690     66     68    100     45      0      0      0      0   2619   1980\n", NULL,
              NULL, &v);
    assert_int_equal(v.failed, 1);
    verdict v2 = {0, ""};
    inv_agree_port(w, 0, emu_node_find_hca(w, 0, "mlx5_0"), "\t\tRate: 400\n", "\tSpeed: 200000Mb/s\n", &v2);
    assert_int_equal(v2.failed, 1);
    emu_world_free(w);
    emu_catalog_free(cat);
}

static void test_inv_sel_fails(void **state)
{
    (void)state;
    emu_catalog *cat;
    emu_world *w = net_world(H100_YAML, &cat);
    verdict v = {0, ""};
    const char *sensor = "GPU5 Temp        | 60.000     | degrees C  | ok    | na        | na        | na        "
                         "| 85.000    | 87.000    | na       \n";
    inv_sel(w, 0, "   1 | 03/14/2026 | 08:00:00 | Power Supply PS3 Status | Failure detected | Asserted\n", sensor, &v);
    assert_int_equal(v.failed, 0);
    /* an asserted crossing while the sensor reads below its threshold */
    inv_sel(w, 0, "   1 | 03/14/2026 | 08:00:00 | Temperature GPU5 Temp | Upper Critical going high | Asserted | "
                  "Reading 90 > Threshold 87 degrees C\n", sensor, &v);
    assert_int_equal(v.failed, 1);
    /* a reading past its critical threshold with no SEL entry */
    verdict v2 = {0, ""};
    inv_sel(w, 0, "", "GPU5 Temp        | 90.000     | degrees C  | cr    | na        | na        | na        "
                      "| 85.000    | 87.000    | na       \n", &v2);
    assert_int_equal(v2.failed, 1);
    emu_world_free(w);
    emu_catalog_free(cat);
}

/* One GPU block of nvidia-smi -q -d PERFORMANCE,POWER,TEMPERATURE,CLOCK,UTILIZATION. */
static void q_block(char *buf, size_t size, const char *cap, int temp_c, double draw_w, int sm_mhz)
{
    snprintf(buf, size,
             "\nGPU 00000000:18:00.0\n    Performance State                     : P0\n"
             "    Clocks Event Reasons\n        Idle                              : Not Active\n"
             "        SW Power Cap                      : %s\n        HW Slowdown                       : Not Active\n"
             "            HW Thermal Slowdown           : Not Active\n"
             "            HW Power Brake Slowdown       : Not Active\n"
             "        SW Thermal Slowdown               : Not Active\n"
             "    Utilization\n        Gpu                               : 100 %%\n"
             "    Temperature\n        GPU Current Temp                  : %d C\n"
             "    GPU Power Readings\n        Instantaneous Power Draw          : %.2f W\n"
             "        Current Power Limit               : 700.00 W\n"
             "    Clocks\n        Graphics                          : %d MHz\n        SM                                : %d MHz\n",
             cap, temp_c, draw_w, sm_mhz, sm_mhz);
}

static void test_inv_throttle_fails(void **state)
{
    (void)state;
    emu_catalog *cat;
    emu_world *w = net_world(H100_YAML, &cat);
    char q[2048];
    verdict v = {0, ""};
    q_block(q, sizeof q, "Not Active", 60, 688.40, 1980);
    inv_throttle(w, 0, q, &v);
    q_block(q, sizeof q, "Active", 60, 699.10, 1965);
    inv_throttle(w, 0, q, &v);
    assert_int_equal(v.failed, 0);
    /* flat out at 698 of 700 W at full clock, no SW Power Cap (the model before this invariant) */
    q_block(q, sizeof q, "Not Active", 60, 698.20, 1980);
    inv_throttle(w, 0, q, &v);
    assert_int_equal(v.failed, 1);
    /* SW Power Cap with the clocks at their max, and a busy GPU under max with no reason */
    verdict v2 = {0, ""};
    q_block(q, sizeof q, "Active", 60, 699.10, 1980);
    inv_throttle(w, 0, q, &v2);
    assert_int_equal(v2.failed, 1);
    verdict v3 = {0, ""};
    q_block(q, sizeof q, "Not Active", 91, 600.00, 1800);
    inv_throttle(w, 0, q, &v3);
    /* past slowdown with no thermal reason; past max operating without SW Thermal; under max with
     * no reason */
    assert_int_equal(v3.failed, 3);
    /* 90 C, HW Thermal Slowdown with its clocks halved but SW Thermal Not Active (the model before
     * this check: the H100's max operating temperature is 87 C) */
    verdict v4 = {0, ""};
    q_block(q, sizeof q, "Not Active", 90, 400.00, 990);
    char *hw = strstr(q, "HW Slowdown                       : Not Active");
    memcpy(hw + strlen("HW Slowdown                       : "), "Active\n    ", 11);
    char *hwt = strstr(q, "HW Thermal Slowdown           : Not Active");
    memcpy(hwt + strlen("HW Thermal Slowdown           : "), "Active\n    ", 11);
    inv_throttle(w, 0, q, &v4);
    assert_int_equal(v4.failed, 1);
    char *swt = strstr(q, "SW Thermal Slowdown               : Not Active");
    memcpy(swt + strlen("SW Thermal Slowdown               : "), "Active\n    ", 11);
    inv_throttle(w, 0, q, &v4);
    assert_int_equal(v4.failed, 1);
    emu_world_free(w);
    emu_catalog_free(cat);
}

static void test_inv_held_fails(void **state)
{
    (void)state;
    const char *q = "\nGPU 00000000:18:00.0\n    Clocks Event Reasons Counters\n"
                    "        SW Power Capping                  : 3600000000 us\n"
                    "        Sync Boost                        : 0 us\n"
                    "        SW Thermal Slowdown               : 0 us\n"
                    "        HW Thermal Slowdown               : 0 us\n"
                    "        HW Power Braking                  : 0 us\n";
    verdict v = {0, ""};
    inv_held(0, q, 7200, &v); /* an hour of capping in two hours of uptime */
    assert_int_equal(v.failed, 0);
    /* the same hour on a node that booted ten minutes ago (the counter survived the reboot) */
    inv_held(0, q, 600, &v);
    assert_int_equal(v.failed, 1);
}

static void test_inv_counters_fails(void **state)
{
    (void)state;
    /* an NDR port: 400 Gb/s is 12.5e9 words a second */
    port_read a = {0, 3, 1e12, 2e12, 400, true, 0, 0}, b = a;
    verdict v = {0, ""};
    b.xmit_words += 6e11; /* 60 s at 80% of the line rate */
    b.rcv_words += 1e11;
    inv_counters(&a, &b, 60, &v);
    assert_int_equal(v.failed, 0);
    b.xmit_words += 2e11; /* 8e11 words in 60 s: over the 7.5e11 the link carries */
    inv_counters(&a, &b, 60, &v);
    assert_int_equal(v.failed, 1);
    /* a counter that went back (a port's traffic lost when it went down) */
    verdict v2 = {0, ""};
    b = a;
    b.rcv_words -= 5e10;
    inv_counters(&a, &b, 60, &v2);
    assert_int_equal(v2.failed, 1);
    /* an NDR port holding an HDR cable trains at 200 Gb/s (cable_slower.t): 300 Gb/s through it
     * is over its rate, though under NDR's */
    emu_catalog *cat;
    emu_world *w = net_world("title: t\nsummary: t\ncluster: {gpu: H100, nodes: 2, cable: {part_number: MFS1S00-H010V}}\n"
                             "job: {model_params_b: 7}\n", &cat);
    assert_non_null(w);
    port_read c;
    port_read_now(w, 0, 0, &c);
    assert_true(c.ok);
    assert_true(c.rate_gbit_per_s == 200);
    port_read d = c;
    d.xmit_words += 300e9 / 32 * 60;
    verdict v3 = {0, ""};
    inv_counters(&c, &d, 60, &v3);
    assert_int_equal(v3.failed, 1);
    emu_world_free(w);
    emu_catalog_free(cat);
}

/* A switch's uplink and spine ports across a fold of the ports' job traffic (a restart, a port
 * that goes down) and a perfquery -R of an adapter: their data counters only go up, and no more
 * than the link carries. Four nodes on two leaves, so the job's ring crosses the uplinks. */
static void test_switch_counters_across_fold(void **state)
{
    (void)state;
    emu_catalog *cat;
    emu_world *w = net_world("title: t\nsummary: t\ncluster: {gpu: H100, nodes: 4, fabric: {nodes_per_leaf: 2}}\n"
                             "job: {model_params_b: 7}\n", &cat);
    assert_non_null(w);
    assert_true(w->job.n_nodes == 4);
    emu_world_advance(w, 600);
    static port_read a[MAX_SWITCH_READS], b[MAX_SWITCH_READS];
    int na, nb;
    switch_reads(w, a, &na);
    assert_true(na >= 3);
    double t0 = w->now_s;
    emu_world_advance(w, 300);
    emu_hca_fold_job_traffic(w);
    free(net_run(w, emu_tools_find("perfquery"), 1, "perfquery -R -C mlx5_0", NULL, NULL));
    switch_reads(w, b, &nb);
    assert_int_equal(na, nb);
    verdict v = {0, ""};
    for (int i = 0; i < na; i++) {
        assert_true(a[i].ok && b[i].ok);
        inv_counters(&a[i], &b[i], w->now_s - t0, &v);
    }
    if (v.failed)
        fail_msg("%s", v.why);
    /* the uplink the ring's flows cross carried them: it grew */
    assert_true(b[1].xmit_words > a[1].xmit_words && b[1].rcv_words > a[1].rcv_words);
    emu_world_free(w);
    emu_catalog_free(cat);
}

static void test_inv_cumulative_fails(void **state)
{
    (void)state;
    const char *q1 = "GPU 00000000:18:00.0\n    Clocks Event Reasons Counters\n        SW Power Capping                  : 2776024025 us\n"
                     "        HW Power Braking                  : 0 us\n";
    const char *q2 = "GPU 00000000:18:00.0\n    Clocks Event Reasons Counters\n        SW Power Capping                  : 2776900000 us\n"
                     "        HW Power Braking                  : 0 us\n";
    /* slower-after-restart's node03 GPU 0 before the fix: 1 s later, 316,835 us fewer */
    const char *q3 = "GPU 00000000:18:00.0\n    Clocks Event Reasons Counters\n        SW Power Capping                  : 2775707190 us\n"
                     "        HW Power Braking                  : 0 us\n";
    static gpu_counters a, b;
    gpu_counters_parse(q1, &a);
    assert_int_equal(a.n, 2);
    assert_true(a.us[0] == 2776024025.0);
    b = a;
    gpu_counters_parse(q2, &b);
    verdict v = {0, ""};
    inv_cumulative(&a, &b, &v);
    assert_int_equal(v.failed, 0);
    gpu_counters_parse(q3, &b);
    inv_cumulative(&a, &b, &v);
    assert_int_equal(v.failed, 1);
    /* the same fall across a reboot: the driver counts from zero again */
    verdict v2 = {0, ""};
    b.boot_s = a.boot_s + 60;
    inv_cumulative(&a, &b, &v2);
    assert_int_equal(v2.failed, 0);
    /* a thermal reason's counter that falls back to 0 once its episode ends (nvidia_smi.c
     * counted only the present episode before the fix) */
    const char *t1 = "GPU 00000000:18:00.0\n    Clocks Event Reasons Counters\n        SW Power Capping                  : 0 us\n"
                     "        HW Thermal Slowdown               : 912000000 us\n";
    const char *t2 = "GPU 00000000:18:00.0\n    Clocks Event Reasons Counters\n        SW Power Capping                  : 0 us\n"
                     "        HW Thermal Slowdown               : 0 us\n";
    verdict v3 = {0, ""};
    gpu_counters_parse(t1, &a);
    gpu_counters_parse(t2, &b);
    a.boot_s = b.boot_s = 0;
    inv_cumulative(&a, &b, &v3);
    assert_int_equal(v3.failed, 1);
    assert_non_null(strstr(v3.why, "HW Thermal Slowdown"));
}

static void test_inv_limits_fails(void **state)
{
    (void)state;
    emu_catalog *cat;
    emu_world *w = net_world(H100_YAML "faults:\n  - {kind: gpu_power_cap, node: node01, gpu: 1, limit_w: 400}\n", &cat);
    assert_non_null(w);
    verdict v = {0, ""};
    inv_limits(w, 0, "0, 61, 1980, 699.12\n1, 55, 1455, 399.40\n",
               "    0    699     61     68    100     45      0      0      0      0   2619   1980\n",
               "GPU 0     61      1980    699.120   \n", &v);
    assert_int_equal(v.failed, 0);
    assert_true(checks[C_LIMITS] >= 4);
    /* a clock past the H100's 1980 MHz, in the query */
    inv_limits(w, 0, "0, 61, 1995, 690.00\n", NULL, NULL, &v);
    assert_int_equal(v.failed, 1);
    /* GPU 1 drawing 420 W under its 400 W cap, in dmon */
    verdict v2 = {0, ""};
    inv_limits(w, 0, NULL, "    1    420     55     60    100     45      0      0      0      0   2619   1500\n", NULL, &v2);
    assert_int_equal(v2.failed, 1);
    /* past the 700 W board limit, in dcgmi */
    verdict v3 = {0, ""};
    inv_limits(w, 0, NULL, NULL, "GPU 0     61      1980    712.500   \n", &v3);
    assert_int_equal(v3.failed, 1);
    emu_world_free(w);
    emu_catalog_free(cat);
}

static void test_inv_sel_pairs_fails(void **state)
{
    (void)state;
    verdict v = {0, ""};
    inv_sel_pairs("   1 | 03/15/2026 | 14:15:00 | Power Supply PSU2 | Power Supply AC lost | Asserted\n"
                  "   2 | 03/15/2026 | 14:20:00 | Power Supply PSU2 | Power Supply AC lost | Deasserted\n", &v);
    assert_int_equal(v.failed, 0);
    /* the deassertion alone (the slower-after-restart lab's SEL before this invariant) */
    inv_sel_pairs("   3 | 03/15/2026 | 14:20:00 | Power Supply PSU2 | Power Supply AC lost | Deasserted\n", &v);
    assert_int_equal(v.failed, 1);
}

static void test_inv_finite_fails(void **state)
{
    (void)state;
    verdict v = {0, ""};
    inv_finite("nvidia-smi --query-gpu=index,temperature.gpu", "0, 61\n1, 60\n", &v);
    assert_int_equal(v.failed, 0);
    inv_finite("nvidia-smi --query-gpu=index,power.draw", "0, nan\n", &v);
    assert_int_equal(v.failed, 1);
    verdict v2 = {0, ""};
    inv_finite("nvidia-smi --query-gpu=index,power.draw", "0, -12.5\n", &v2);
    assert_int_equal(v2.failed, 1);
}

static void test_inv_checkpoints_fails(void **state)
{
    (void)state;
    const char *ls = "iter_0003300/\niter_0003400/\nlatest_checkpointed_iteration.txt\n";
    const char *log = "[x]   successfully saved checkpoint from iteration    3400 to /lustre\n";
    verdict v = {0, ""};
    inv_checkpoints(3400, ls, "3400\n", log, &v);
    inv_checkpoints(0, "iter_0000100/\n", NULL, NULL, &v);
    assert_int_equal(v.failed, 0);
    /* the tracker a save behind the resume point (a listing's rule that differs) */
    inv_checkpoints(3400, ls, "3300\n", log, &v);
    assert_int_equal(v.failed, 1);
    verdict v2 = {0, ""}; /* the directory without the resume point's checkpoint */
    inv_checkpoints(3500, ls, "3500\n", NULL, &v2);
    assert_int_equal(v2.failed, 1);
    verdict v3 = {0, ""}; /* train.log's last save newer than the tracker */
    inv_checkpoints(3300, ls, "3300\n", log, &v3);
    assert_int_equal(v3.failed, 1);
    verdict v4 = {0, ""}; /* a tracker file when no save completed */
    inv_checkpoints(0, ls, "3400\n", NULL, &v4);
    assert_int_equal(v4.failed, 1);
}

/* A run of many saves: the directory holds only so many (tools/files.c), and its tracker file
 * still names the last save, hours of saves after the restart (the listing once froze its
 * tracker at the 64th entry while the resume point moved on). */
static void test_checkpoints_after_hours(void **state)
{
    (void)state;
    size_t len = 0;
    char *yaml = hb_read_file("content/labs/save-fails.yaml", &len);
    assert_non_null(yaml);
    emu_catalog *cat;
    emu_world *w = net_world(yaml, &cat);
    free(yaml);
    assert_non_null(w);
    const emu_command *lfs = emu_tools_find("lfs");
    assert_non_null(lfs);
    free(net_run(w, lfs, 0, "lfs setstripe -c 1 /lustre", NULL, NULL));
    for (int hour = 0; hour < 10; hour++) {
        emu_world_advance(w, 3600);
        verdict v = {0, ""};
        check_checkpoints(w, NULL, &v);
        if (v.failed)
            fail_msg("after %d h: %s", hour + 1, v.why);
    }
    assert_true(emu_run_last_saved_step(w) > emu_job_resume_step(w) + 64 * w->job.checkpoint_interval);
    emu_world_free(w);
    emu_catalog_free(cat);
}

/* The ids of a file's objects (lfs getstripe's objid column) by OST; 0 where it has none. */
static void object_ids(emu_world *w, const char *path, unsigned long long *ids, int n)
{
    for (int o = 0; o < n; o++)
        ids[o] = 0;
    emu_out out;
    emu_out_init(&out, 0);
    assert_int_equal(emu_lfs_file_layout(w, path, &out), 1);
    const char *p = strstr(emu_out_text(&out), "group\n");
    assert_non_null(p);
    for (p += 6; *p;) {
        int ost;
        unsigned long long id;
        if (sscanf(p, " %d %llu", &ost, &id) == 2 && ost >= 0 && ost < n)
            ids[ost] = id;
        const char *nl = strchr(p, '\n');
        p = nl ? nl + 1 : p + strlen(p);
    }
    emu_out_free(&out);
}

/* An OST numbers its objects in the order they are made: on every OST, a later save's file
 * has higher ids than an earlier one's, and a dd file made now higher than both (they were
 * hashes of the path before). */
static void test_object_ids_increase(void **state)
{
    (void)state;
    size_t len = 0;
    char *yaml = hb_read_file("content/labs/save-fails.yaml", &len);
    assert_non_null(yaml);
    emu_catalog *cat;
    emu_world *w = net_world(yaml, &cat);
    free(yaml);
    assert_non_null(w);
    unsigned long long a[8], b[8], c[8];
    object_ids(w, "/lustre/iter_0003200/mp_rank_00/distrib_optim.pt", a, 8);
    object_ids(w, "/lustre/iter_0003300/mp_rank_00/distrib_optim.pt", b, 8);
    const emu_command *dd = emu_tools_find("dd");
    assert_non_null(dd);
    free(net_run(w, dd, 0, "dd if=/dev/zero of=/lustre/probe bs=1M count=1", NULL, NULL));
    object_ids(w, "/lustre/probe", c, 8);
    for (int o = 0; o < 8; o++) {
        assert_true(a[o] > 0 && b[o] > a[o]);
        if (c[o])
            assert_true(c[o] > b[o]);
    }
    emu_world_free(w);
    emu_catalog_free(cat);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_inv_tflops_fails),   cmocka_unit_test(test_inv_links_fails),
        cmocka_unit_test(test_inv_busbw_fails),   cmocka_unit_test(test_inv_nvbw_fails),
        cmocka_unit_test(test_inv_capacity_fails), cmocka_unit_test(test_inv_shutdown_fails),
        cmocka_unit_test(test_inv_agree_fails),    cmocka_unit_test(test_inv_sel_fails),
        cmocka_unit_test(test_inv_throttle_fails), cmocka_unit_test(test_inv_limits_fails),
        cmocka_unit_test(test_inv_sel_pairs_fails), cmocka_unit_test(test_inv_held_fails),
        cmocka_unit_test(test_inv_counters_fails), cmocka_unit_test(test_switch_counters_across_fold),
        cmocka_unit_test(test_inv_cumulative_fails),
        cmocka_unit_test(test_inv_finite_fails),   cmocka_unit_test(test_inv_checkpoints_fails),
        cmocka_unit_test(test_checkpoints_after_hours), cmocka_unit_test(test_object_ids_increase),   cmocka_unit_test(test_every_tool_covered),
        cmocka_unit_test(test_tools_sorted),
        cmocka_unit_test(test_labs),               cmocka_unit_test(test_generated),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
