/* job.c: the training job's step (job.h): the data loader's batch wait, each rank's compute
 * and arrival at the gradient all-reduce, the all-reduce from the NCCL model, the optimizer,
 * tokens per second and TFLOP/s; and the per-rank base values cached in the world. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gpu.h"
#include "job.h"
#include "nccl.h"
#include "rng.h"
#include "storage.h"

int emu_job_ranks_on_node(const emu_world *w, int node)
{
    const emu_job *j = &w->job;
    if (!j->present || node < 0 || node >= EMU_MAX_NODES)
        return 0;
    if (emu_world_caches_off) {
        int count = 0;
        for (int r = 0; r < j->world_size; r++)
            count += j->ranks[r].node == node;
        return count;
    }
    /* counted for every node in one pass an epoch: the loader of each of 512 ranks asks */
    emu_world *cw = emu_world_caches(w);
    if (cw->cache.ranks_epoch != w->epoch + 1) {
        memset(cw->cache.ranks_on_node, 0, sizeof cw->cache.ranks_on_node);
        for (int r = 0; r < j->world_size; r++)
            if (j->ranks[r].node >= 0 && j->ranks[r].node < EMU_MAX_NODES)
                cw->cache.ranks_on_node[j->ranks[r].node]++;
        cw->cache.ranks_epoch = w->epoch + 1;
    }
    return w->cache.ranks_on_node[node];
}

int emu_job_loader(const emu_world *w, int rank, emu_loader *l)
{
    const emu_job *j = &w->job;
    memset(l, 0, sizeof *l);
    if (!j->present || rank < 0 || rank >= j->world_size || j->input_mount < 0)
        return -1;
    const emu_node *n = &w->nodes[j->ranks[rank].node];
    int ranks_here = emu_job_ranks_on_node(w, n->index);
    double read_share_mb_per_s = emu_mount_read_available_mb_per_s(w, j->input_mount) / j->world_size;
    double meta_ms = emu_mount_metadata_latency_ms(w, j->input_mount);
    int workers = j->loader_workers > 0 ? j->loader_workers : 1;
    l->workers = j->loader_workers;
    l->bytes = j->micro_batch * j->sample_bytes;
    /* each worker gets 1/W of the rank's share, so a micro-batch takes W times longer per worker */
    l->io_ms = l->bytes / (read_share_mb_per_s * 1e6) * 1e3 * workers;
    /* mmap page faults: one 4 KiB page per round trip (the mount's per-operation latency), so a
     * worker reads at page size over latency, whatever the server could stream */
    if (w->mounts[j->input_mount].random_reads)
        l->io_ms = fmax(l->io_ms, l->bytes / 4096.0 * meta_ms);
    l->files_ms = j->micro_batch * j->files_per_sample * meta_ms;
    /* CPUs per worker: the loader cpuset (or all but 16 housekeeping CPUs) over every worker */
    l->cpus = n->loader_cpus > 0 ? n->loader_cpus : n->n_cpus - 16;
    l->cpu_per_worker = (double)l->cpus / (ranks_here * workers);
    if (l->cpu_per_worker > 1)
        l->cpu_per_worker = 1;
    l->decode_cpu_ms = j->micro_batch * j->decode_ms_per_sample;
    l->decode_ms = l->decode_cpu_ms / l->cpu_per_worker;
    l->fetch_ms = l->io_ms + l->files_ms + l->decode_ms;
    l->consume_ms = j->compute_ms * emu_gpu_slowdown(w, n->index, j->ranks[rank].gpu) / j->grad_accum;
    double wait_per_micro;
    if (j->loader_workers == 0)
        wait_per_micro = l->fetch_ms; /* loading in the main process never overlaps compute */
    else
        wait_per_micro = l->fetch_ms / workers - l->consume_ms;
    if (wait_per_micro < 0)
        wait_per_micro = 0;
    l->wait_ms = wait_per_micro * j->grad_accum;
    /* a worker delivers one micro-batch every W x (the trainer's pace, or its own when slower) */
    double interval_ms = workers * (l->consume_ms > l->fetch_ms / workers ? l->consume_ms
                                                                            : l->fetch_ms / workers);
    if (j->loader_workers == 0)
        interval_ms = l->fetch_ms + l->consume_ms;
    l->busy = interval_ms > 0 ? l->fetch_ms / interval_ms : 0;
    l->io_share = interval_ms > 0 ? (l->io_ms + l->files_ms) / interval_ms : 0;
    l->cpu_used = interval_ms > 0 ? l->decode_cpu_ms / interval_ms : 0;
    l->read_bytes_per_s = interval_ms > 0 ? l->bytes / (interval_ms / 1e3) : 0;
    return 0;
}

double emu_job_batch_wait_ms(const emu_world *w, int rank)
{
    emu_loader l;
    return emu_job_loader(w, rank, &l) == 0 ? l.wait_ms : 0;
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

double emu_job_node_allreduce_bytes(const emu_world *w, int node)
{
    const emu_job *j = &w->job;
    if (!j->present || j->world_size < 2 || j->tp < 1 || j->pp < 1)
        return 0;
    int per_stage = j->world_size / j->pp, n = per_stage / j->tp;
    double per_group = emu_nccl_bus_factor(EMU_COLL_ALL_REDUCE, n) * j->grad_bytes;
    double bytes = 0;
    /* the data-parallel groups as dp_group lays out the first: stage s, tensor-parallel index
     * t, ranks s x per_stage + t + k x tp */
    for (int s = 0; s < j->pp; s++)
        for (int t = 0; t < j->tp; t++) {
            bool here = false, away = false;
            for (int k = 0; k < n; k++) {
                int r = s * per_stage + t + k * j->tp;
                if (r < j->world_size && j->ranks[r].node == node)
                    here = true;
                else if (r < j->world_size)
                    away = true;
            }
            bytes += here && away ? per_group : 0;
        }
    return bytes;
}

/* One rank's compute and batch wait at a step, with the step's jitter (shared by
 * emu_job_step_timing and emu_job_rank_step so the two always agree). */
/* The per-rank values step ran with: the current ones, or for a step of an earlier segment of
 * the timeline (before a repair or a fault's onset changed the step time) that segment's, so the
 * log lines written before a change keep the figures they were written with. */
static const emu_step_base *base_of(const emu_world *w, long step)
{
    int n = w->run.n_segments;
    if (n < 2 || step < 0 || step >= w->run.segments[n - 1].step)
        return &w->step_base;
    int k = 0;
    while (k + 1 < n - 1 && w->run.segments[k + 1].step <= step)
        k++;
    return w->run.segments[k].base.valid ? &w->run.segments[k].base : &w->step_base;
}

/* What every rank of one step shares: the per-rank values the step ran with and the samplers of
 * its jitter (a step's pass over 512 ranks finds them once, not once a rank). */
typedef struct step_ctx {
    long step;                /* -1: no jitter */
    bool cached;              /* the base's values, not the live state's */
    const emu_step_base *base;
    emu_sampler compute, batch_wait, batch_floor;
} step_ctx;

static void step_ctx_init(const emu_world *w, long step, bool cached, step_ctx *x)
{
    x->step = step;
    x->cached = cached;
    x->base = base_of(w, step);
    if (step >= 0) {
        uint64_t tick = (uint64_t)step;
        x->compute = emu_sampler_at(w, tick, "compute");
        x->batch_wait = emu_sampler_at(w, tick, "batch-wait");
        x->batch_floor = emu_sampler_at(w, tick, "batch-wait-floor");
    }
}

static void rank_values(const emu_world *w, const step_ctx *x, int r, double *compute_ms,
                        double *batch_wait_ms, double *slowdown)
{
    const emu_job *j = &w->job;
    int node = j->ranks[r].node, gpu = j->ranks[r].gpu;
    long step = x->step;
    bool cached = x->cached;
    const emu_step_base *base = x->base;
    /* a GPU with a hidden deficit computes at its share of the speed, its clock unchanged */
    double deficit = w->nodes[node].gpus[gpu].deficit;
    double slow = cached ? base->compute_ms[r] / j->compute_ms
                         : emu_gpu_slowdown(w, node, gpu) / (deficit > 0 ? deficit : 1);
    double c = j->compute_ms * slow;
    double bw = cached ? base->batch_wait_ms[r] : emu_job_batch_wait_ms(w, r);
    if (step >= 0) {
        c *= 1.0 + 0.006 * emu_sample_from(x->compute, r, 0);
        bw *= 1.0 + 0.08 * emu_sample_from(x->batch_wait, r, 0);
        bw += 0.4 + 0.3 * emu_sample_from(x->batch_floor, r, 0);
        /* a periodic stall of the input (a shard boundary, a slow listing): every N steps */
        if (w->run.stall_every > 0 && step % w->run.stall_every == 0 &&
            (w->run.stall_rank < 0 || w->run.stall_rank == r))
            bw += w->run.stall_ms;
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
        step_ctx x;
        step_ctx_init(w, step, false, &x);
        w->step_summary[slot].jitter[0] = x.compute.h;
        w->step_summary[slot].jitter[1] = x.batch_wait.h;
        w->step_summary[slot].jitter[2] = x.batch_floor.h;
        free(t);
    }
    double slow;
    /* the step's context without hashing its keys again: every rank's line of the step reads it */
    step_ctx x = {step, w->step_base.valid, base_of(w, step), {w->step_summary[slot].jitter[0]},
                  {w->step_summary[slot].jitter[1]}, {w->step_summary[slot].jitter[2]}};
    rank_values(w, &x, rank, &out->compute_ms, &out->batch_wait_ms, &slow);
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
    step_ctx x;
    step_ctx_init(w, jitter ? step : -1, cached, &x);
    for (int r = 0; r < j->world_size; r++) {
        double c, bw, slow;
        rank_values(w, &x, r, &c, &bw, &slow);
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
        t->allreduce_ms = base_of(w, step)->allreduce_ms;
        t->nccl_channels = base_of(w, step)->nccl_channels;
    } else {
        emu_rank_loc group[EMU_MAX_RANKS];
        int n = dp_group(w, group);
        emu_nccl_env env;
        emu_nccl_env_from_job(w, &env);
        emu_nccl_plan *plan = malloc(sizeof *plan);
        if (!plan)
            return -1;
        if (emu_nccl_plan_make(w, group, n, &env, plan) == 0) {
            t->allreduce_ms = emu_allreduce_time_us(plan, j->grad_bytes) / 1e3;
            t->nccl_channels = plan->n_channels;
        }
        free(plan);
    }
    if (jitter)
        t->allreduce_ms *= 1.0 + 0.01 * emu_sample_at(w, tick, "allreduce", 0, 0);
    t->optimizer_ms = j->optimizer_ms * worst_slowdown;
    t->step_ms = last + t->allreduce_ms + t->optimizer_ms;
    double tokens = (double)j->global_batch * j->seq_len;
    t->tokens_per_s = tokens / (t->step_ms / 1e3);
    /* the model FLOPs each GPU did in the step over the step's time (MFU's numerator): never
     * above the peak, since compute_ms alone already takes them at peak x efficiency */
    t->tflops_per_gpu = t->step_ms > 0 ? j->flops_per_step / (t->step_ms / 1e3) / 1e12 : 0;
    double progress = step > j->start_step && j->start_step > 0 ? (double)step / j->start_step : 1.0;
    t->loss = j->start_loss - 0.09 * log(progress);
    if (jitter)
        t->loss += 0.018 * emu_sample_at(w, tick, "loss", 0, 0);
    return 0;
}


/* The job's compute per step per GPU from its FLOPs: 6 x parameters x tokens for a dense
 * transformer's forward and backward (Kaplan et al., "Scaling Laws for Neural Language Models",
 * 2020, section 2.1), plus 12 x layers x hidden x seq_len per token for attention when the
 * scenario gives the shape (Chowdhery et al., "PaLM", 2022, appendix B), over the GPUs of one
 * model replica (tp x pp); the time at the GPU's peak dense BF16 rate (FP16 on Volta) times the
 * scenario's compute efficiency. A held-down clock lowers the peak in proportion (job.c's
 * slowdown factor). */
static void job_derive_compute(emu_world *w)
{
    emu_job *j = &w->job;
    double tokens = (double)j->micro_batch * j->grad_accum * j->seq_len;
    double per_token = 6.0 * j->model_params_b * 1e9;
    if (j->layers > 0 && j->hidden > 0)
        per_token += 12.0 * j->layers * (double)j->hidden * j->seq_len;
    j->flops_per_step = per_token * tokens / (j->tp * j->pp);
    double peak = w->spec->dense_bf16_tflops * 1e12;
    double eff = j->compute_efficiency > 0 ? j->compute_efficiency : 1.0;
    j->compute_ms = j->flops_per_step / (peak * eff) * 1e3;
}

void emu_world_refresh(emu_world *w)
{
    emu_job_derive(w);
    if (w->job.present)
        emu_run_retime(w);
}

void emu_job_derive(emu_world *w)
{
    emu_job *j = &w->job;
    emu_world_changed(w);
    if (j->present)
        job_derive_compute(w);
    w->step_base.valid = false;
    memset(w->step_summary, 0, sizeof w->step_summary);
    j->nominal_step_ms = 1000;
    if (!j->present)
        return;
    emu_step_timing *t = malloc(sizeof *t);
    if (!t)
        return; /* the uncached path still works, only slower */
    if (emu_job_step_timing(w, -1, t) == 0) {
        memcpy(w->step_base.compute_ms, t->compute_ms, sizeof t->compute_ms);
        memcpy(w->step_base.batch_wait_ms, t->batch_wait_ms, sizeof t->batch_wait_ms);
        w->step_base.allreduce_ms = t->allreduce_ms;
        w->step_base.optimizer_ms = t->optimizer_ms;
        w->step_base.nccl_channels = t->nccl_channels;
        w->step_base.valid = true;
        if (t->step_ms > 0)
            j->nominal_step_ms = t->step_ms;
    }
    free(t);
}
