/* simulation.c: the derived quantities of the running system: which transports NCCL picks and
 * the ring all-reduce cost (alpha-beta), shared-storage contention, the data loader's batch wait,
 * and the per-rank timing of a training step. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"

/* ---- NCCL environment --------------------------------------------------------------------------- */

static bool env_true(const char *v) { return v && *v && strcmp(v, "0") != 0; }

void emu_nccl_env_from_context(const emu_context *c, emu_nccl_env *env)
{
    memset(env, 0, sizeof *env);
    env->gdr_level = -1;
    if (!c || !c->getenv)
        return;
    env->ib_hca = c->getenv(c, "NCCL_IB_HCA");
    env->socket_ifname = c->getenv(c, "NCCL_SOCKET_IFNAME");
    env->net = c->getenv(c, "NCCL_NET");
    env->algo = c->getenv(c, "NCCL_ALGO");
    env->ib_disable = env_true(c->getenv(c, "NCCL_IB_DISABLE"));
    env->p2p_disable = env_true(c->getenv(c, "NCCL_P2P_DISABLE"));
    const char *gdr = c->getenv(c, "NCCL_NET_GDR_LEVEL");
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

/* ---- storage --------------------------------------------------------------------------------------- */

int emu_world_find_mount(const emu_world *w, const char *path)
{
    if (!path)
        return -1;
    int best = -1;
    size_t best_len = 0;
    for (int i = 0; i < w->n_mounts; i++) {
        const char *t = w->mounts[i].target;
        size_t len = strlen(t);
        if (!strncmp(path, t, len) && (path[len] == '\0' || path[len] == '/') && len > best_len) {
            best = i;
            best_len = len;
        }
    }
    return best;
}

double emu_mount_write_now_mb_per_s(const emu_world *w, int mount)
{
    if (mount < 0 || mount >= w->n_mounts)
        return 0;
    const emu_mount *m = &w->mounts[mount];
    double demand = m->competing_writers * m->writer_mb_per_s;
    return demand < m->write_mb_per_s ? demand : m->write_mb_per_s;
}

double emu_mount_read_available_mb_per_s(const emu_world *w, int mount)
{
    if (mount < 0 || mount >= w->n_mounts)
        return 0;
    const emu_mount *m = &w->mounts[mount];
    /* reads and writes share the servers' disks and network: writes take their throughput out of
     * the read capacity in proportion to each side's full-speed rate */
    double taken = emu_mount_write_now_mb_per_s(w, mount) / m->write_mb_per_s * m->read_mb_per_s;
    double left = m->read_mb_per_s - taken;
    double floor_mb = 0.05 * m->read_mb_per_s;
    return left > floor_mb ? left : floor_mb;
}

double emu_mount_metadata_latency_ms(const emu_world *w, int mount)
{
    if (mount < 0 || mount >= w->n_mounts)
        return 0;
    const emu_mount *m = &w->mounts[mount];
    /* M/M/1 queueing: response = service / (1 - utilisation), utilisation from the writers */
    double u = emu_mount_write_now_mb_per_s(w, mount) / m->write_mb_per_s * 0.9;
    if (u > 0.95)
        u = 0.95;
    return m->metadata_latency_ms / (1.0 - u);
}

/* ---- the job --------------------------------------------------------------------------------------- */

int emu_job_rank_of(const emu_world *w, int node, int gpu)
{
    if (!w->job.present)
        return -1;
    for (int r = 0; r < w->job.world_size; r++)
        if (w->job.ranks[r].node == node && w->job.ranks[r].gpu == gpu)
            return r;
    return -1;
}

double emu_job_batch_wait_ms(const emu_world *w, int rank)
{
    const emu_job *j = &w->job;
    if (!j->present || rank < 0 || rank >= j->world_size || j->input_mount < 0)
        return 0;
    const emu_node *n = &w->nodes[j->ranks[rank].node];
    int ranks_here = 0;
    for (int r = 0; r < j->world_size; r++)
        ranks_here += j->ranks[r].node == n->index;
    double read_share_mb_per_s = emu_mount_read_available_mb_per_s(w, j->input_mount) / j->world_size;
    double meta_ms = emu_mount_metadata_latency_ms(w, j->input_mount);
    int workers = j->loader_workers > 0 ? j->loader_workers : 1;
    double bytes = j->micro_batch * j->sample_bytes;
    /* each worker gets 1/W of the rank's share, so a micro-batch takes W times longer per worker */
    double io_ms = bytes / (read_share_mb_per_s * 1e6) * 1e3 * workers;
    double files_ms = j->micro_batch * j->files_per_sample * meta_ms;
    /* CPUs per worker: the loader cpuset (or all but 16 housekeeping CPUs) over every worker */
    int cpus = n->loader_cpus > 0 ? n->loader_cpus : n->n_cpus - 16;
    double cpu_per_worker = (double)cpus / (ranks_here * workers);
    if (cpu_per_worker > 1)
        cpu_per_worker = 1;
    double decode_ms = j->micro_batch * j->decode_ms_per_sample / cpu_per_worker;
    double fetch_ms = io_ms + files_ms + decode_ms;
    double consume_ms = j->compute_ms * emu_gpu_slowdown(w, n->index, j->ranks[rank].gpu) / j->grad_accum;
    double wait_per_micro;
    if (j->loader_workers == 0)
        wait_per_micro = fetch_ms; /* loading in the main process never overlaps compute */
    else
        wait_per_micro = fetch_ms / workers - consume_ms;
    if (wait_per_micro < 0)
        wait_per_micro = 0;
    return wait_per_micro * j->grad_accum;
}

/* The ranks of rank 0's data-parallel group (stride tp, inside pipeline stage 0). */
static int dp_group(const emu_world *w, emu_rank_loc *out)
{
    const emu_job *j = &w->job;
    int n = 0;
    for (int r = 0; r < j->world_size && n < EMU_MAX_RANKS; r += j->tp) {
        if (r / (j->world_size / j->pp) != 0)
            break;
        out[n++] = j->ranks[r];
    }
    return n;
}

long emu_job_current_step(const emu_world *w)
{
    const emu_job *j = &w->job;
    if (!j->present || j->nominal_step_ms <= 0)
        return 0;
    return j->start_step + (long)floor((w->now_s - w->start_time_s) * 1e3 / j->nominal_step_ms);
}

double emu_job_step_start_s(const emu_world *w, long step)
{
    const emu_job *j = &w->job;
    return w->start_time_s + (double)(step - j->start_step) * j->nominal_step_ms / 1e3;
}

/* One rank's compute and batch wait at a step, with the step's jitter (shared by
 * emu_job_step_timing and emu_job_rank_step so the two always agree). */
static void rank_values(const emu_world *w, long step, int r, bool cached, double *compute_ms,
                        double *batch_wait_ms, double *slowdown)
{
    const emu_job *j = &w->job;
    int node = j->ranks[r].node, gpu = j->ranks[r].gpu;
    double slow = cached ? w->step_base.compute_ms[r] / j->compute_ms : emu_gpu_slowdown(w, node, gpu);
    double c = j->compute_ms * slow;
    double bw = cached ? w->step_base.batch_wait_ms[r] : emu_job_batch_wait_ms(w, r);
    if (step >= 0) {
        uint64_t tick = (uint64_t)step;
        c *= 1.0 + 0.006 * emu_sample_at(w, tick, "compute", r, 0);
        bw *= 1.0 + 0.08 * emu_sample_at(w, tick, "batch-wait", r, 0);
        bw += 0.4 + 0.3 * emu_sample_at(w, tick, "batch-wait-floor", r, 0);
    }
    *compute_ms = c;
    *batch_wait_ms = bw;
    *slowdown = slow;
}

int emu_job_rank_step(emu_world *w, long step, int rank, emu_rank_step *out)
{
    const emu_job *j = &w->job;
    memset(out, 0, sizeof *out);
    if (!j->present || rank < 0 || rank >= j->world_size || step < 0)
        return -1;
    size_t slot = (size_t)step % (sizeof w->step_summary / sizeof w->step_summary[0]);
    if (!w->step_summary[slot].valid || w->step_summary[slot].step != step) {
        emu_step_timing *t = malloc(sizeof *t);
        if (!t || emu_job_step_timing(w, step, t) != 0) {
            free(t);
            return -1;
        }
        w->step_summary[slot].valid = true;
        w->step_summary[slot].step = step;
        w->step_summary[slot].last_arrival_ms = t->arrival_ms[t->last_rank];
        w->step_summary[slot].allreduce_ms = t->allreduce_ms;
        w->step_summary[slot].step_ms = t->step_ms;
        free(t);
    }
    double slow;
    rank_values(w, step, rank, w->step_base.valid, &out->compute_ms, &out->batch_wait_ms, &slow);
    out->arrival_ms = out->batch_wait_ms + out->compute_ms;
    out->collective_wait_ms = w->step_summary[slot].last_arrival_ms - out->arrival_ms;
    out->allreduce_ms = w->step_summary[slot].allreduce_ms;
    out->step_ms = w->step_summary[slot].step_ms;
    return 0;
}

int emu_job_step_timing(const emu_world *w, long step, emu_step_timing *t)
{
    const emu_job *j = &w->job;
    memset(t, 0, sizeof *t);
    if (!j->present || j->world_size < 1)
        return -1;
    bool jitter = step >= 0;
    bool cached = jitter && w->step_base.valid;
    uint64_t tick = (uint64_t)step;
    t->step = step;
    t->world_size = j->world_size;
    double last = -1;
    double worst_slowdown = 1;
    for (int r = 0; r < j->world_size; r++) {
        double c, bw, slow;
        rank_values(w, jitter ? step : -1, r, cached, &c, &bw, &slow);
        worst_slowdown = slow > worst_slowdown ? slow : worst_slowdown;
        t->compute_ms[r] = c;
        t->batch_wait_ms[r] = bw;
        t->arrival_ms[r] = bw + c;
        if (t->arrival_ms[r] > last) {
            last = t->arrival_ms[r];
            t->last_rank = r;
        }
    }
    for (int r = 0; r < j->world_size; r++)
        t->collective_wait_ms[r] = last - t->arrival_ms[r];
    if (cached) {
        t->allreduce_ms = w->step_base.allreduce_ms;
    } else {
        emu_rank_loc group[EMU_MAX_RANKS];
        int n = dp_group(w, group);
        emu_nccl_env env;
        emu_nccl_env_from_job(w, &env);
        emu_nccl_plan *plan = malloc(sizeof *plan);
        if (!plan)
            return -1;
        if (emu_nccl_plan_make(w, group, n, &env, plan) == 0)
            t->allreduce_ms = emu_allreduce_time_us(plan, j->grad_bytes) / 1e3;
        free(plan);
    }
    if (jitter)
        t->allreduce_ms *= 1.0 + 0.01 * emu_sample_at(w, tick, "allreduce", 0, 0);
    t->optimizer_ms = j->optimizer_ms * worst_slowdown;
    t->step_ms = last + t->allreduce_ms + t->optimizer_ms;
    double tokens = (double)j->global_batch * j->seq_len;
    t->tokens_per_s = tokens / (t->step_ms / 1e3);
    /* 6N FLOPs per token for a dense transformer's forward+backward (Kaplan et al. 2020) */
    t->tflops_per_gpu = 6.0 * j->model_params_b * 1e9 * t->tokens_per_s / j->world_size / 1e12;
    double progress = step > j->start_step && j->start_step > 0 ? (double)step / j->start_step : 1.0;
    t->loss = j->start_loss - 0.09 * log(progress);
    if (jitter)
        t->loss += 0.018 * emu_sample_at(w, tick, "loss", 0, 0);
    return 0;
}
