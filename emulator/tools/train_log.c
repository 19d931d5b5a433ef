/* train_log.c: the training job as operators see it: its step log (train.log, Megatron-style
 * iteration lines with (min, max) timers across ranks), one log per rank (logs/rank-NN.log), the
 * simulated files the shell can read, and `squeue`. Every number comes from emu_job_step_timing. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools.h"
#include "full_only.h"
#include "compat/numscan.h"
#include "out.h"
#include "model/host.h"
#include "model/job.h"
#include "model/nccl.h"
#include "model/repair.h"
#include "model/rng.h"
#include "model/run.h"
#include "model/scenario.h"
#include "model/world.h"

#define HOME "/home/user"
#define LOG_INTERVAL 10     /* steps per train.log entry (Megatron's --log-interval) */
#define LOG_MAX_ENTRIES 30 /* entries kept after the run's first lines, so `cat` stays within the output bound */
#define RANK_LOG_STEPS 24   /* steps kept in each rank log */

/* Whether the job could start at all: without Fabric Manager on one of its nodes, CUDA never
 * comes up there and the job fails at init. Returns that node's name, or NULL. */
static const char *job_blocker(const emu_world *w)
{
    return w->run.init_fail_node > 0 ? w->nodes[w->run.init_fail_node - 1].name : NULL;
}

/* The step timing with the per-phase (min, max) across ranks. */
typedef struct phase_stats {
    double fb_min, fb_max, fwd_min, fwd_max, bwd_min, bwd_max, batch_min, batch_max, sync_min,
        sync_max, opt, opt_min;
    double batch_mean;
    double compute_min, compute_max; /* the ranks' own compute, without the batch fetch */
} phase_stats;

/* The share of the optimizer step's time in its last sub-step, optimizer-copy-main-to-model-params:
 * the step is memory-bound, so its sub-steps take time in proportion to the bytes they move per
 * parameter. For BF16 weights with FP32 master weights and FP32 gradient buffers (Megatron's
 * Float16OptimizerWithFloat16Params, megatron/core/optimizer/optimizer.py): the gradient norm
 * reads the 4-byte gradient; Adam's inner step reads weight, gradient and both moments (16 bytes)
 * and writes weight and moments (12); the copy reads the 4-byte master weight and writes the
 * 2-byte model weight (6). Copying the gradients to the master's is an assignment (no bytes) and
 * counting zeros is off by default. 6 / (4 + 28 + 6). */
#define OPT_LAST_SUBSTEP_SHARE (6.0 / 38.0)

/* How far apart the ranks leave a barrier or the end of an all-reduce and read their clocks:
 * about a small-message all-reduce's latency plus a torch.cuda.synchronize() and time.time(); the
 * emulator draws up to this many ms per rank and timer. */
#define BARRIER_SKEW_MS 0.3

/* The timers as Megatron-LM prints them by default: barrier_with_L1_time is True
 * (only --no-barrier-with-level-1-timing turns it off;
 * megatron/core/model_parallel_config.py). Every level-1 timer then starts with
 * torch.distributed.barrier() and torch.cuda.synchronize() before it reads the clock
 * (megatron/core/timers.py, Timer.start), so:
 * - forward-backward starts on every rank at once (pipeline_parallel/schedules.py): a rank whose
 *   optimizer ran shorter waits for the others in the barrier before it, in no timer;
 * - forward-compute (the batch fetch, batch-generator, inside it: pretrain_gpt.py's forward_step
 *   calls get_batch) and backward-compute are each rank's own (level-2 timers, no barrier);
 * - the ranks that finish backward first wait in the barrier that starts all-grads-sync
 *   (distributed/finalize_model_grads.py): inside forward-backward, in no timer of its own;
 * - all-grads-sync then times the gradient reduction alone, the same on every rank;
 * - forward-backward stops after it, so it reads the last rank's batch fetch and compute plus the
 *   reduction on every rank;
 * - optimizer: its sub-timers (optimizer-copy-to-main-grad ... optimizer-copy-main-to-model-params,
 *   optimizer.py) start with the same barrier, and the gradient norm is an all-reduce, so every
 *   rank waits for the slowest at each; ranks differ only by their own last sub-step.
 * The early ranks' wait is forward-backward minus forward-compute, backward-compute and
 * all-grads-sync. The jobs are modelled without --use-distributed-optimizer (the gradients are
 * all-reduced, model/job.c). */
static void phases(const emu_world *w, const emu_step_timing *t, phase_stats *p)
{
    memset(p, 0, sizeof *p);
    p->fb_min = p->fwd_min = p->bwd_min = p->batch_min = p->sync_min = p->compute_min = INFINITY;
    p->fb_max = p->sync_max = -INFINITY;
    double last = 0;
    for (int r = 0; r < t->world_size; r++) {
        double fwd = t->compute_ms[r] * EMU_FORWARD_SHARE + t->batch_wait_ms[r],
               bwd = t->compute_ms[r] * (1.0 - EMU_FORWARD_SHARE);
        last = fmax(last, t->arrival_ms[r]);
        p->compute_min = fmin(p->compute_min, t->compute_ms[r]);
        p->compute_max = fmax(p->compute_max, t->compute_ms[r]);
        p->fwd_min = fmin(p->fwd_min, fwd);
        p->fwd_max = fmax(p->fwd_max, fwd);
        p->bwd_min = fmin(p->bwd_min, bwd);
        p->bwd_max = fmax(p->bwd_max, bwd);
        p->batch_min = fmin(p->batch_min, t->batch_wait_ms[r]);
        p->batch_max = fmax(p->batch_max, t->batch_wait_ms[r]);
        p->batch_mean += t->batch_wait_ms[r] / t->world_size;
    }
    for (int r = 0; r < t->world_size; r++) {
        uint64_t tick = (uint64_t)t->step;
        double sync = t->allreduce_ms + BARRIER_SKEW_MS * 0.5 * (1 + emu_sample_at(w, tick, "sync-skew", r, 0));
        double fb = last + sync + BARRIER_SKEW_MS * 0.5 * (1 + emu_sample_at(w, tick, "fb-skew", r, 0));
        p->sync_min = fmin(p->sync_min, sync);
        p->sync_max = fmax(p->sync_max, sync);
        p->fb_min = fmin(p->fb_min, fb);
        p->fb_max = fmax(p->fb_max, fb);
    }
    /* the optimizer runs at each rank's own speed (its compute share of the slowest rank's,
     * whose time is t->optimizer_ms); all wait for the slowest but in the last sub-step */
    p->opt = t->optimizer_ms;
    double own_min = p->compute_max > 0 ? t->optimizer_ms * p->compute_min / p->compute_max : t->optimizer_ms;
    p->opt_min = p->opt - OPT_LAST_SUBSTEP_SHARE * (p->opt - own_min);
}

/* One timer line as Megatron-LM's Timers prints it (megatron/core/timers.py,
 * _get_global_min_max_time_string): four blanks, (name + ' ').ljust(48, '.'), ": (min, max)" with
 * two decimals; a name of 47 characters or more gets no dots. */
static void timer_line(emu_out *out, const char *name, double lo, double hi)
{
    char dots[64];
    int n = 47 - (int)strlen(name);
    if (n < 0)
        n = 0;
    memset(dots, '.', (size_t)n);
    dots[n] = '\0';
    emu_out_printf(out, "    %s %s: (%.2f, %.2f)\n", name, dots, lo, hi);
}

/* The NCCL lines rank 0 prints at init when the job runs with NCCL_DEBUG=INFO and
 * NCCL_DEBUG_SUBSYS=INIT,ENV,NET (the layout of tool-formats.md section 8; each line's text is
 * NCCL 2.21.5's, the version the cluster runs): the version, the settings from the environment,
 * and the network the communicator chose. */
static void nccl_init_lines(const emu_world *w, emu_out *out)
{
    const emu_job *j = &w->job;
    const emu_node *n0 = &w->nodes[j->nodes[0]];
    int pid = emu_gpu_pid(w, n0->index, 0);
    char pre[64];
    snprintf(pre, sizeof pre, "%s:%d:%d [0]", n0->name, pid, pid + 211);
    emu_out_printf(out, "%s NCCL INFO Bootstrap : Using %s:%s<0>\n", pre, n0->bootstrap_netdev, n0->ip);
    emu_out_printf(out, "NCCL version %s\n", w->nccl_version);
    if (j->nccl_ib_disable)
        emu_out_printf(out, "%s NCCL INFO NCCL_IB_DISABLE set by environment to 1.\n", pre);
    if (j->nccl_ib_hca[0])
        emu_out_printf(out, "%s NCCL INFO NCCL_IB_HCA set to %s\n", pre, j->nccl_ib_hca);
    if (j->nccl_socket_ifname[0])
        emu_out_printf(out, "%s NCCL INFO NCCL_SOCKET_IFNAME set by environment to %s\n", pre,
                       j->nccl_socket_ifname);
    if (j->n_nodes < 2)
        return;
    emu_nccl_env env;
    emu_nccl_env_from_job(w, &env);
    emu_nccl_plan *plan = malloc(sizeof *plan);
    if (!plan)
        return;
    emu_rank_loc ranks[EMU_MAX_RANKS];
    for (int r = 0; r < j->world_size; r++)
        ranks[r] = j->ranks[r];
    if (emu_nccl_plan_make(w, ranks, j->world_size, &env, plan) == 0) {
        if (plan->fallback == EMU_FALLBACK_NO_VERBS) {
            for (int k = 0; k < plan->n_nodes; k++) {
                const emu_node *n = &w->nodes[plan->nodes[k]];
                if (!n->verbs_available)
                    emu_out_printf(out, "%s:%d:%d [0] NCCL INFO Failed to open libibverbs.so[.1]\n",
                                   n->name, pid + 7 * (k + 1), pid + 7 * (k + 1) + 211);
            }
        }
        if (plan->fallback == EMU_FALLBACK_NO_DEVICE)
            emu_out_printf(out, "%s NCCL INFO NET/IB : No device found.\n", pre);
        if (plan->inter == EMU_TRANSPORT_NET_SOCKET) {
            emu_out_printf(out, "%s NCCL INFO NET/Socket : Using [0]%s:%s<0>\n", pre,
                           n0->bootstrap_netdev, n0->ip);
            emu_out_printf(out, "%s NCCL INFO Using network Socket\n", pre);
        } else if (plan->inter == EMU_TRANSPORT_NET_IB) {
            emu_out_printf(out, "%s NCCL INFO NET/IB : Using", pre);
            int idx = 0;
            for (int h = 0; h < n0->n_hcas; h++)
                if (plan->hca_mask[0] & (1u << h))
                    emu_out_printf(out, " [%d]%s:1/%s", idx++, n0->hcas[h].name, n0->hcas[h].ethernet ? "RoCE" : "IB");
            emu_out_printf(out, " [RO]; OOB %s:%s<0>\n", n0->bootstrap_netdev, n0->ip);
            emu_out_printf(out, "%s NCCL INFO Using network IB\n", pre);
        }
    }
    free(plan);
}

static void write_run_end(const emu_world *w, const emu_run_stop *s, long now_step, emu_out *out);

long emu_job_resume_step(const emu_world *w)
{
    long resumed;
    double began_s;
    emu_run_began(w, &resumed, &began_s);
    return resumed; /* the iteration train.log's "resuming from checkpoint" line names */
}

int emu_checkpoint_save_state(const emu_world *w, long step)
{
    int listed;
    if (emu_job_listed_save(w, step, &listed))
        return listed;
    return emu_run_save_state(w, step); /* the model's one rule (run.h) */
}

/* The lines of the checkpoint save after step: Megatron's (megatron/training/checkpointing.py:
 * the save directory, the iteration as {:7d}), its failure, or its success and the
 * save-checkpoint timer training.py logs after it. */
static void write_save(const emu_world *w, long step, emu_out *out)
{
    const emu_job *j = &w->job;
    char ts[32];
    double next_s = emu_job_step_start_s(w, step + 1), save_s = emu_run_save_blocks_s(w, step);
    emu_format_utc(next_s - save_s, "%Y-%m-%d %H:%M:%S", ts, sizeof ts);
    const emu_mount *cm = j->checkpoint_mount >= 0 ? &w->mounts[j->checkpoint_mount] : NULL;
    const char *dir = cm ? cm->target : "/checkpoints";
    emu_out_printf(out, "[%s] saving checkpoint at iteration %7ld to %s\n", ts, step, dir);
    if (cm && emu_run_save_fails(w, step))
        emu_out_printf(out, "[%s] [rank0]: checkpoint save failed: OSError: [Errno 28] No "
                            "space left on device: '%s/iter_%07ld/mp_rank_00/"
                            "distrib_optim.pt'\n",
                       ts, cm->target, step);
    else if (next_s <= w->now_s) {
        emu_format_utc(next_s, "%Y-%m-%d %H:%M:%S", ts, sizeof ts);
        emu_out_printf(out, "[%s]   successfully saved checkpoint from iteration %7ld to %s\n", ts,
                       step, dir);
        emu_out_printf(out, "(min, max) time across ranks (ms):\n");
        timer_line(out, "save-checkpoint", save_s * 1e3 - 0.4 - 0.3 * emu_sample_at(w, (uint64_t)step, "ckpt", 0, 0),
                   save_s * 1e3);
    }
}

static void write_train_log(const emu_world *w, emu_out *out)
{
    const emu_job *j = &w->job;
    char ts[32];
    long now_step = emu_job_current_step(w);
    emu_run_stop stop;
    bool stops = emu_run_stop_of(w, &stop);
    /* the log starts where the run resumed, when it began (scontrol's StartTime and the startup
     * after it: one value, emu_run_began) */
    long resumed;
    double began_s;
    emu_run_began(w, &resumed, &began_s);
    long first = (resumed / LOG_INTERVAL + 1) * LOG_INTERVAL;
    /* the entries kept: the last LOG_MAX_ENTRIES, after the run's first lines */
    if (now_step - first >= (long)LOG_MAX_ENTRIES * LOG_INTERVAL)
        first = (now_step / LOG_INTERVAL - LOG_MAX_ENTRIES + 1) * LOG_INTERVAL;
    const char *blocked = job_blocker(w);
    emu_format_utc(began_s, "%Y-%m-%d %H:%M:%S", ts, sizeof ts);
    const char *ckpt = j->checkpoint_mount >= 0 ? w->mounts[j->checkpoint_mount].target : "/checkpoints";
    if (resumed > 0)
        emu_out_printf(out, "[%s] resuming from checkpoint %s/iter_%07ld at iteration %ld\n", ts, ckpt, resumed,
                       resumed);
    else /* Megatron-LM's load_checkpoint without a tracker file (megatron/training/checkpointing.py) */
        emu_out_printf(out, "[%s] WARNING: could not find the metadata file %s/latest_checkpointed_iteration.txt\n"
                            "[%s]     will not load any checkpoints and will start from random\n",
                       ts, ckpt, ts);
    emu_out_printf(out, "[%s] world size %d: data-parallel %d, tensor-parallel %d, pipeline-parallel %d; "
                        "micro batch %d, gradient accumulation %d, global batch %d, sequence length %d\n",
                   ts, j->world_size, j->dp, j->tp, j->pp, j->micro_batch, j->grad_accum,
                   j->global_batch, j->seq_len);
    if (!blocked)
        nccl_init_lines(w, out);
    if (blocked) {
        emu_out_printf(out, "[%s] [rank0]: torch.distributed.DistBackendError: NCCL error in: "
                            "ProcessGroupNCCL.cpp:1970, unhandled cuda error (run with "
                            "NCCL_DEBUG=INFO for details), NCCL version %.6s\n",
                       ts, w->nccl_version);
        emu_out_printf(out, "[%s] [rank0]: Last error:\n[%s] [rank0]: Cuda failure 'system not "
                            "yet initialized' (on %s)\n",
                       ts, ts, blocked);
        return;
    }
    emu_step_timing *t = malloc(sizeof *t);
    if (!t)
        return;
    /* the saves before the entries kept: their lines stay, so that the log and the checkpoint
     * directory (files.c's emu_job_checkpoints: one list for both) name the same saves */
    if (j->checkpoint_interval > 0 && j->checkpoint_mount >= 0) {
        long iters[64], latest;
        int n = emu_job_checkpoints(w, iters, 64, &latest);
        for (int k = 0; k < n; k++)
            if (iters[k] > resumed && iters[k] < first)
                write_save(w, iters[k], out);
    }
    /* an iteration is logged when it ends: only the steps before the one in progress, each at
     * the time it ended (the start of the next), on the same clock as the rank logs */
    for (long step = first; step < now_step; step += LOG_INTERVAL) {
        if (emu_job_step_timing(w, step, t) != 0)
            break;
        phase_stats p;
        phases(w, t, &p);
        /* an iteration is logged as it ends; a checkpoint save follows it, before the next */
        /* a job saves only where it has a checkpoint directory (Megatron saves with --save) */
        bool save_step = j->checkpoint_interval > 0 && j->checkpoint_mount >= 0 && step % j->checkpoint_interval == 0;
        double next_s = emu_job_step_start_s(w, step + 1), save_s = save_step ? emu_run_save_blocks_s(w, step) : 0;
        emu_format_utc(next_s - save_s, "%Y-%m-%d %H:%M:%S", ts, sizeof ts);
        double lr = 3.0e-4 * (0.5 + 0.5 * cos(3.14159265 * fmin(1.0, (double)step / j->train_iters)));
        emu_out_printf(out,
                       "[%s] iteration %8ld/%8ld | consumed samples: %11ld | elapsed time per "
                       "iteration (ms): %.1f | throughput per GPU (TFLOP/s/GPU): %.1f | tokens per "
                       "second: %.0f | learning rate: %.6E | global batch size: %5d | lm loss: "
                       "%.6E | batch wait (ms): %.1f | loss scale: 1.0 | grad norm: %.3f | number "
                       "of skipped iterations:   0 | number of nan iterations:   0 |\n",
                       ts, step, j->train_iters, step * (long)j->global_batch, t->step_ms, t->tflops_per_gpu,
                       t->tokens_per_s, lr, j->global_batch, t->loss, p.batch_mean,
                       0.8 + 0.05 * emu_sample_at(w, (uint64_t)step, "gradnorm", 0, 0));
        /* the timers in the fixed order of training.py's timers_to_log (Megatron-LM core_r0.8.0,
         * the 2024 release beside PyTorch 2.4 and NCCL 2.21: forward-backward, forward-compute,
         * backward-compute, batch-generator, the pipeline sends and receives, ...,
         * all-grads-sync, params-all-gather, the optimizer's sub-timers, optimizer); Timers.log
         * prints those that ran, in that order. core_v0.16.0 (November 2025) prints the level-1
         * timers first and batch-generator, forward-compute and backward-compute after them. */
        emu_out_printf(out, "(min, max) time across ranks (ms):\n");
        timer_line(out, "forward-backward", p.fb_min, p.fb_max);
        timer_line(out, "forward-compute", p.fwd_min, p.fwd_max);
        timer_line(out, "backward-compute", p.bwd_min, p.bwd_max);
        timer_line(out, "batch-generator", p.batch_min, p.batch_max);
        timer_line(out, "all-grads-sync", p.sync_min, p.sync_max);
        timer_line(out, "optimizer", p.opt_min, p.opt);
        if (save_step)
            write_save(w, step, out);
    }
    free(t);
    if (stops && stop.at_s <= w->now_s)
        write_run_end(w, &stop, now_step, out);
}

/* A PyTorch ProcessGroupNCCL log line as glog prints it: "[rankN]:[EMMDD HH:MM:SS.uuuuuuuuu
 * ProcessGroupNCCL.cpp:LINE] " (PyTorch 2.4's line numbers), after train.log's own stamp. */
static void pg_prefix(const emu_world *w, double t, int rank, int line, emu_out *out)
{
    char ts[32], g[24];
    emu_format_utc(t, "%Y-%m-%d %H:%M:%S", ts, sizeof ts);
    emu_format_utc(t, "%m%d %H:%M:%S", g, sizeof g);
    /* the stamp's fraction is t's own (the lines of one rank follow each other), to the
     * nanosecond with up to 0.4 ms of jitter */
    int ns = (int)((t - floor(t)) * 1e9) + (int)(emu_hash(w->seed, "glog", (uint64_t)rank, (uint64_t)line) % 400000);
    emu_out_printf(out, "[%s] [rank%d]:[E%s.%09d ProcessGroupNCCL.cpp:%d] ", ts, rank, g,
                   ns > 999999999 ? 999999999 : ns, line);
}

/* How the run ended, in the job's output: the culprit's own error, the network's, then the
 * surviving ranks' NCCL watchdog (PyTorch's wording, as in pytorch/pytorch and NVIDIA/nccl issue
 * threads) and srun's teardown; or Slurm's node failure. */
static void write_run_end(const emu_world *w, const emu_run_stop *s, long now_step, emu_out *out)
{
    const emu_job *j = &w->job;
    char ts[32];
    if (s->cause == EMU_STOP_GPU_LOST) { /* the rank on the lost GPU dies on its next CUDA call */
        emu_format_utc(s->at_s + 1, "%Y-%m-%d %H:%M:%S", ts, sizeof ts);
        emu_out_printf(out, "[%s] [rank%d]: RuntimeError: CUDA error: unknown error\n", ts, s->rank);
    } else if (s->end == EMU_END_NODE_FAIL && s->at_s + 30 <= w->now_s && j->n_nodes > 1) {
        /* the IB transport gives up on the dead peer after its retries (error 12:
         * IBV_WC_RETRY_EXC_ERR), naming the peer's address */
        const emu_node *n0 = &w->nodes[j->nodes[0] == s->node ? j->nodes[1] : j->nodes[0]];
        int pid = emu_gpu_pid(w, n0->index, 0);
        emu_format_utc(s->at_s + 30, "%Y-%m-%d %H:%M:%S", ts, sizeof ts);
        emu_out_printf(out, "[%s] %s:%d:%d [0] transport/net_ib.cc:1909 NCCL WARN NET/IB : Got "
                            "completion from peer %s<48133> with status=12 opcode=0 len=0 vendor "
                            "err 129 (Recv)\n",
                       ts, n0->name, pid, pid + 230, w->nodes[s->node].ip);
    }
    if (s->end_s > w->now_s)
        return;
    if (s->end == EMU_END_NODE_FAIL) { /* Slurm ends the job once the host stops answering */
        char at[24];
        emu_format_utc(s->end_s, "%Y-%m-%d %H:%M:%S", ts, sizeof ts);
        emu_format_utc(s->end_s, "%Y-%m-%dT%H:%M:%S", at, sizeof at);
        emu_out_printf(out, "[%s] slurmstepd: error: *** JOB %d ON %s CANCELLED AT %s DUE TO NODE "
                            "FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***\n",
                       ts, j->id, w->nodes[j->nodes[0]].name, at);
        return;
    }
    /* every rank but the culprit waits in the all-reduce of its next step until the timeout */
    double t = s->end_s;
    long seq = 4 * (now_step + 1);
    double ms = w->run.timeout_s * 1e3;
    for (int r = 0; r < j->world_size; r++) {
        if (r == s->rank && s->cause != EMU_STOP_SLOW_SAVE)
            continue;
        if (r == 0 && s->cause == EMU_STOP_SLOW_SAVE)
            continue; /* rank 0 is still writing */
        pg_prefix(w, t + 0.001 * r, r, 607, out);
        emu_out_printf(out, "[Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%ld, "
                            "OpType=ALLREDUCE, NumelIn=%.0f, NumelOut=%.0f, Timeout(ms)=%.0f) ran for "
                            "%.0f milliseconds before timing out.\n",
                       r, seq, j->grad_bytes / 2, j->grad_bytes / 2, ms,
                       ms + 3 + (double)(emu_hash(w->seed, "wd", (uint64_t)r, 0) % 90));
    }
    int r0 = s->rank == 0 ? 1 : 0;
    pg_prefix(w, t + 0.06, r0, 1664, out);
    emu_out_printf(out, "[PG 0 (default_pg) Rank %d] Exception (either an error or timeout) detected by "
                        "watchdog at work: %ld, last enqueued NCCL work: %ld, last completed NCCL work: "
                        "%ld.\n", r0, seq, seq, seq - 1);
    pg_prefix(w, t + 0.061, r0, 621, out);
    emu_out_printf(out, "[Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous "
                        "nature of CUDA kernels, subsequent GPU operations might run on corrupted/"
                        "incomplete data.\n", r0);
    pg_prefix(w, t + 0.062, r0, 627, out);
    emu_out_printf(out, "[Rank %d] To avoid data inconsistency, we are taking the entire process down.\n", r0);
    emu_format_utc(t + 1, "%Y-%m-%d %H:%M:%S", ts, sizeof ts);
    emu_out_printf(out, "[%s] terminate called after throwing an instance of 'c10::DistBackendError'\n", ts);
    /* srun reports each node's tasks; the culprit's task is killed when the step is torn down */
    int per = j->n_nodes ? j->world_size / j->n_nodes : 1;
    for (int k = 0; k < j->n_nodes; k++) {
        emu_format_utc(t + 2 + 0.1 * k, "%Y-%m-%d %H:%M:%S", ts, sizeof ts);
        emu_out_printf(out, "[%s] srun: error: %s: tasks %d-%d: Aborted (core dumped)\n", ts,
                       w->nodes[j->nodes[k]].name, k * per, k * per + per - 1);
    }
    emu_format_utc(t + 3, "%Y-%m-%d %H:%M:%S", ts, sizeof ts);
    emu_out_printf(out, "[%s] srun: Terminating StepId=%d.0\n", ts, j->id);
}

/* Appends v (>= 0) in decimal with at least min_digits digits (printf's "%0Nld"). */
static void append_uint(char *buf, size_t *len, long v, int min_digits)
{
    char digits[24];
    int n = 24;
    unsigned long u = (unsigned long)v;
    do {
        digits[--n] = (char)('0' + u % 10);
        u /= 10;
    } while (u && n > 4);
    while (24 - n < min_digits && n > 0)
        digits[--n] = '0';
    memcpy(buf + *len, digits + n, (size_t)(24 - n));
    *len += (size_t)(24 - n);
    buf[*len] = '\0';
}

/* Appends v as printf's "%.1f" does, at buf[*len] (room for 32 bytes needed): integer arithmetic
 * for the common case; a value within 1e-9 of a rounding tie, or too large, goes through snprintf,
 * so the digits always equal printf's (which rounds the exact binary value). The rank logs print
 * thousands of these per command, and printf's floating-point path dominated their cost. */
static void append_fixed1(char *buf, size_t *len, double v)
{
    double tenths = v * 10.0;
    if (!(fabs(tenths) < 1e15))
        goto by_printf;
    /* floor(tenths) and its fraction without libm's floor (two calls a number, six numbers a
     * line): the conversion truncates toward zero, one less below zero unless whole */
    long long whole_tenths = (long long)tenths;
    if (tenths < 0 && (double)whole_tenths != tenths)
        whole_tenths--;
    double frac = tenths - (double)whole_tenths;
    if (fabs(frac - 0.5) < 1e-9)
        goto by_printf;
    long long t = whole_tenths + (frac > 0.5); /* floor(tenths + 0.5), exact below 2^52 */
    bool minus = t < 0 || v < 0; /* -0.04 prints as -0.0 */
    unsigned long long u = (unsigned long long)(t < 0 ? -t : t);
    /* the digits from the right: the tenth, the point, then the whole part (32-bit arithmetic
     * for the usual figures) */
    char digits[32];
    int n = 32;
    digits[--n] = (char)('0' + u % 10);
    digits[--n] = '.';
    u /= 10;
    if (u < 4294967296ull) {
        uint32_t s = (uint32_t)u;
        do {
            digits[--n] = (char)('0' + s % 10);
            s /= 10;
        } while (s);
    } else {
        do {
            digits[--n] = (char)('0' + u % 10);
            u /= 10;
        } while (u);
    }
    if (minus)
        digits[--n] = '-';
    memcpy(buf + *len, digits + n, (size_t)(32 - n));
    *len += (size_t)(32 - n);
    buf[*len] = '\0';
    return;
by_printf: /* the one slow path: near a tie, or too large */
    *len += (size_t)snprintf(buf + *len, 32, "%.1f", v);
}

/* Appends text at buf[*len]; the caller sized buf for it. */
static void append_text(char *buf, size_t *len, const char *text)
{
    size_t n = strlen(text);
    memcpy(buf + *len, text, n + 1);
    *len += n;
}

typedef struct rank_log_step {
    const char *stamp, *step, *tail;
} rank_log_step;

/* The parts of the line of step that every rank's line shares, from the world's cache for this
 * epoch (world.h) or written now; with the caches off (or a step outside the cache's window),
 * into *own. rs: the step as emu_job_rank_step found it for any rank. */
static rank_log_step rank_log_shared(emu_world *w, long step, const emu_rank_step *rs, char own[3][96])
{
    size_t n_slots = sizeof w->cache.rank_log / sizeof w->cache.rank_log[0];
    if (!emu_world_caches_off && w->cache.rank_log_epoch != w->epoch + 1) {
        for (size_t k = 0; k < n_slots; k++)
            w->cache.rank_log[k].filled = false;
        w->cache.rank_log_epoch = w->epoch + 1;
        w->cache.rank_log_first = step;
    }
    long k = step - w->cache.rank_log_first;
    bool cached = !emu_world_caches_off && k >= 0 && k < (long)n_slots;
    char *stamp = cached ? w->cache.rank_log[k].stamp : own[0], *mid = cached ? w->cache.rank_log[k].step : own[1],
         *tail = cached ? w->cache.rank_log[k].tail : own[2];
    rank_log_step parts = {stamp, mid, tail};
    if (cached && w->cache.rank_log[k].filled)
        return parts;
    /* the stamp: the step's end, "%Y-%m-%dT%H:%M:%S.%03dZ rank=" */
    double end = emu_job_step_start_s(w, step + 1);
    size_t len;
    emu_format_utc_stamp(end, 'T', stamp);
    len = strlen(stamp);
    int ms = (int)fmod(floor((end - floor(end)) * 1000), 1000);
    stamp[len++] = '.';
    if (ms >= 0 && ms < 1000)
        append_uint(stamp, &len, ms, 3);
    else
        len += (size_t)snprintf(stamp + len, 12, "%03d", ms);
    append_text(stamp, &len, "Z rank=");
    /* " step=%ld batch_wait_ms=" */
    len = 0;
    append_text(mid, &len, " step=");
    if (step >= 0)
        append_uint(mid, &len, step, 1);
    else
        len += (size_t)snprintf(mid + len, 24, "%ld", step);
    append_text(mid, &len, " batch_wait_ms=");
    /* " allreduce_ms=%.1f step_ms=%.1f\n" */
    len = 0;
    append_text(tail, &len, " allreduce_ms=");
    append_fixed1(tail, &len, rs->allreduce_ms);
    append_text(tail, &len, " step_ms=");
    append_fixed1(tail, &len, rs->step_ms);
    append_text(tail, &len, "\n");
    if (cached)
        w->cache.rank_log[k].filled = true;
    return parts;
}

static void write_rank_log_text(emu_world *w, int rank, long last_lines, emu_out *out);

/* The kept text of rank's whole log when it is the one the state and the clock make now (world.h:
 * the rank logs' cache), else NULL; *k: its slot, where a new text is kept (NULL: none). */
static struct emu_rank_log_text *kept_rank_log(emu_world *w, int rank, long first, long until,
                                               struct emu_rank_log_text **k)
{
    *k = NULL;
    if (emu_world_caches_off)
        return NULL;
    if (!w->cache.rank_logs || w->cache.n_rank_logs != w->job.world_size) {
        emu_world_free_rank_logs(w);
        w->cache.rank_logs = calloc((size_t)w->job.world_size, sizeof *w->cache.rank_logs);
        if (!w->cache.rank_logs)
            return NULL;
        w->cache.n_rank_logs = w->job.world_size;
    }
    *k = &w->cache.rank_logs[rank];
    if ((*k)->state_epoch == w->state_epoch + 1 && (*k)->first == first && (*k)->until == until)
        return *k;
    return NULL;
}

/* The steps a rank's whole log shows: first to until - 1 (the ones before the step in
 * progress, at most RANK_LOG_STEPS of them). */
static void rank_log_steps(const emu_world *w, long *first, long *until)
{
    const emu_job *j = &w->job;
    *until = emu_job_current_step(w);
    *first = *until - RANK_LOG_STEPS;
    if (*first < 1)
        *first = 1;
    if (w->run.restarts && *first < j->start_step)
        *first = j->start_step;
}

/* A rank's log; with last_lines > 0 only (at least) its last that many lines, which is all
 * `tail` reads of it (GNU tail seeks to the end of a regular file too). The whole log is kept
 * (kept_rank_log) and written again only when the state changed or another step ended. */
static void write_rank_log(emu_world *w, int rank, long last_lines, emu_out *out)
{
    long first, until;
    rank_log_steps(w, &first, &until);
    if (last_lines > 0 && last_lines <= until - first) {
        write_rank_log_text(w, rank, last_lines, out);
        return;
    }
    struct emu_rank_log_text *slot, *kept = kept_rank_log(w, rank, first, until, &slot);
    if (kept) {
        emu_out_write(out, kept->text ? kept->text : "", kept->len);
        return;
    }
    if (!slot) {
        write_rank_log_text(w, rank, 0, out);
        return;
    }
    emu_out text;
    emu_out_init(&text, 0);
    write_rank_log_text(w, rank, 0, &text);
    free(slot->text); /* the new text's buffer is kept as it is */
    slot->text = text.text;
    slot->len = text.len;
    slot->first = first;
    slot->until = until;
    slot->state_epoch = w->state_epoch + 1;
    emu_out_write(out, emu_out_text(&text), text.len);
}

static void write_rank_log_text(emu_world *w, int rank, long last_lines, emu_out *out)
{
    const emu_job *j = &w->job;
    long now_step = emu_job_current_step(w);
    long first = now_step - RANK_LOG_STEPS;
    if (first < 1)
        first = 1;
    if (w->run.restarts && first < j->start_step)
        first = j->start_step;
    bool whole = last_lines <= 0 || last_lines > now_step - first;
    if (!whole)
        first = now_step - last_lines;
    const emu_rank_loc *loc = &j->ranks[rank];
    char ts[40];
    const char *blocked = job_blocker(w);
    if (blocked) {
        emu_format_utc(j->start_time_s, "%Y-%m-%dT%H:%M:%S", ts, sizeof ts);
        emu_out_printf(out, "%s.000Z rank=%02d node=%s gpu=%d init: cudaGetDeviceCount failed: "
                            "system not yet initialized\n",
                       ts, rank, w->nodes[loc->node].name, loc->gpu);
        return;
    }
    const emu_node *rn = &w->nodes[loc->node];
    if (whole && rn->loader_cpus > 0 && j->loader_workers > 0) {
        /* PyTorch warns when a rank's DataLoader wants more workers than the CPUs it may use */
        int ranks_here = 0;
        for (int r = 0; r < j->world_size; r++)
            ranks_here += j->ranks[r].node == loc->node;
        int cpus = rn->loader_cpus / (ranks_here ? ranks_here : 1);
        emu_format_utc(j->start_time_s + 40, "%Y-%m-%dT%H:%M:%S", ts, sizeof ts);
        emu_out_printf(out, "%s.000Z rank=%02d node=%s gpu=%d UserWarning: This DataLoader will "
                            "create %d worker processes in total. Our suggested max number of "
                            "worker in current system is %d, which is smaller than what this "
                            "DataLoader is going to create.\n",
                       ts, rank, rn->name, loc->gpu, j->loader_workers, cpus > 0 ? cpus : 1);
    }
    /* "%02d node=%.64s gpu=%d": the rank's part of each line */
    char who[128];
    size_t who_len = 0;
    append_uint(who, &who_len, rank, 2);
    append_text(who, &who_len, " node=");
    size_t name_len = strnlen(w->nodes[loc->node].name, 64);
    memcpy(who + who_len, w->nodes[loc->node].name, name_len);
    who_len += name_len;
    append_text(who, &who_len, " gpu=");
    append_uint(who, &who_len, loc->gpu, 1);
    /* a rank logs a step when it ends (its step_ms is known then): the steps before the one in
     * progress, each stamped at its end, as train.log stamps its iterations */
    for (long step = first; step < now_step; step++) {
        emu_rank_step rs;
        if (emu_job_rank_step(w, step, rank, &rs) != 0)
            break;
        /* the line is assembled by hand, from the parts every rank's line of the step shares:
         * printf's machinery was most of the cost of reading every rank log (a 512-rank job
         * prints 12,288 of these lines for one grep) */
        char own[3][96];
        rank_log_step parts = rank_log_shared(w, step, &rs, own);
        char line[512];
        size_t len = 0;
        append_text(line, &len, parts.stamp);
        append_text(line, &len, who);
        append_text(line, &len, parts.step);
        append_fixed1(line, &len, rs.batch_wait_ms);
        append_text(line, &len, " compute_ms=");
        append_fixed1(line, &len, rs.compute_ms);
        append_text(line, &len, " allreduce_enter_ms=");
        append_fixed1(line, &len, rs.arrival_ms);
        append_text(line, &len, " allreduce_wait_ms=");
        append_fixed1(line, &len, rs.collective_wait_ms);
        append_text(line, &len, parts.tail);
        emu_out_write(out, line, len);
    }
}

static int world_file(emu_world *world, int node, const char *path, long last_lines, emu_out *out);

int emu_world_file(emu_world *world, int node, const char *path, emu_out *out)
{
    return world_file(world, node, path, 0, out);
}

int emu_world_file_tail(emu_world *world, int node, const char *path, long lines, emu_out *out)
{
    return world_file(world, node, path, lines > 0 ? lines : 0, out);
}

static int world_file(emu_world *world, int node, const char *path, long last_lines, emu_out *out)
{
    if (!path)
        return 0;
    const emu_job *j = &world->job;
    /* /proc and /sys: no lab's line nor lab golden reads them, so the full module's (full_only.h;
     * procfs.c and sysfs.c drop out of the core) */
    if (!strncmp(path, "/proc", 5) && (path[5] == '/' || !path[5])) {
        EMU_FULL_MODULE_ONLY();
        return emu_procfs_file(world, node, path, out);
    }
    if (!strncmp(path, "/sys", 4) && (path[4] == '/' || !path[4])) {
        EMU_FULL_MODULE_ONLY();
        return emu_sysfs_file(world, node, path, out);
    }
    int kind = emu_node_file(world, node, path, out); /* /, /etc, the mounts (files.c) */
    if (kind)
        return kind;
    if (!strcmp(path, "/home")) {
        if (out)
            emu_out_printf(out, "user/\n");
        return 2;
    }
    if (!strcmp(path, HOME)) {
        if (out && j->present)
            emu_out_printf(out, "logs/\n%s\n" EMU_JOB_SCRIPT "\n", j->log_path);
        return 2;
    }
    if (!strcmp(path, HOME "/" EMU_JOB_SCRIPT) && j->present) {
        /* the job's batch script as submitted (sbatch's options and the submitter's environment
         * change the run, not the file): its shape, its cpuset and its NCCL defaults */
        int per = j->n_nodes ? j->world_size / j->n_nodes : 8;
        emu_job_script sc;
        emu_job_script_of(world, &sc);
        if (out) {
            emu_out_printf(out, "#!/bin/bash\n#SBATCH --job-name=%s\n#SBATCH --partition=%s\n"
                                "#SBATCH --nodes=%d\n#SBATCH --ntasks-per-node=%d\n#SBATCH --gpus-per-node=%d\n"
                                "#SBATCH --cpus-per-task=%d\n#SBATCH --output=%s\n\n",
                           j->name, j->partition, j->n_nodes, per, per, sc.cpus_per_task, j->log_path);
            if (sc.nccl_ib_hca[0])
                emu_out_printf(out, "export NCCL_IB_HCA=${NCCL_IB_HCA:-%s}\n", sc.nccl_ib_hca);
            if (sc.nccl_socket_ifname[0])
                emu_out_printf(out, "export NCCL_SOCKET_IFNAME=${NCCL_SOCKET_IFNAME:-%s}\n", sc.nccl_socket_ifname);
            if (sc.nccl_ib_disable)
                emu_out_printf(out, "export NCCL_IB_DISABLE=${NCCL_IB_DISABLE:-1}\n");
            emu_out_printf(out, "srun python -u train.py --config configs/%s.yaml\n", j->name);
        }
        return 1;
    }
    if (!j->present)
        return 0;
    if (!strcmp(path, HOME "/logs")) {
        if (out)
            for (int r = 0; r < j->world_size; r++)
                emu_out_printf(out, "rank-%02d.log\n", r);
        return 2;
    }
    char want[96];
    snprintf(want, sizeof want, HOME "/%s", j->log_path);
    if (!strcmp(path, want)) {
        if (out)
            write_train_log(world, out);
        return 1;
    }
    int r = -1, used = 0;
    if (emu_sscanf(path, HOME "/logs/rank-%3d.log%n", &r, &used) == 1 && path[used] == '\0' &&
        r >= 0 && r < j->world_size) {
        char canonical[64];
        snprintf(canonical, sizeof canonical, HOME "/logs/rank-%02d.log", r);
        if (strcmp(canonical, path))
            return 0;
        if (out)
            write_rank_log(world, r, last_lines, out);
        return 1;
    }
    return 0;
}

