/* job.h: the training job's step: batch wait, compute, the gradient all-reduce, per rank and
 * per step, and the cache of per-rank base values (job.c). */
#ifndef EMU_MODEL_JOB_H
#define EMU_MODEL_JOB_H

#include <stdbool.h>

#include "world.h"

/* One step, per rank, all times in ms from the step's start. */
typedef struct emu_step_timing {
    long step;
    int world_size;
    double batch_wait_ms[EMU_MAX_RANKS];      /* waiting for the next batch from the loader */
    double compute_ms[EMU_MAX_RANKS];         /* forward + backward on the rank's GPU */
    double arrival_ms[EMU_MAX_RANKS];         /* when the rank enters the gradient all-reduce */
    double collective_wait_ms[EMU_MAX_RANKS]; /* waiting in the all-reduce for the last rank */
    double allreduce_ms;                      /* the all-reduce itself once everyone arrived */
    int nccl_channels;                        /* its channels, one CUDA block (CTA) each (nccl.h) */
    double optimizer_ms;
    double step_ms;                           /* last arrival + all-reduce + optimizer */
    int last_rank;                            /* the rank that arrived last */
    double loss;
    double tokens_per_s;
    double tflops_per_gpu;                    /* 6 * params * tokens / step time / world size */
} emu_step_timing;

/* The forward pass's share of a rank's compute: a dense transformer's forward pass takes 2 FLOPs
 * per parameter per token and its backward pass 4, twice the forward (the gradients of both the
 * activations and the weights; Kaplan et al., "Scaling Laws for Neural Language Models", 2020,
 * section 2.1). The step log's forward-compute and backward-compute timers and the step
 * timeline (steps.h) split compute_ms so. */
#define EMU_FORWARD_SHARE (1.0 / 3.0)

/* The bytes the job's gradient all-reduces send out of node to other nodes in one step, summed
 * over its compute ports. NCCL runs each data-parallel group's all-reduce as rings that visit
 * the ranks of a node one after the other, so each ring leaves a node once, and that one hop
 * carries what every rank of a ring all-reduce sends: 2(n-1)/n x the buffer over n ranks, the
 * factor nccl-tests' doc/PERFORMANCE.md derives bus bandwidth from (emu_nccl_bus_factor). A
 * node sends that once for each group with ranks on it and on another node; 0 for a group
 * within one node, without a job or for a node it does not use. */
double emu_job_node_allreduce_bytes(const emu_world *world, int node);

/* One rank's input pipeline (PyTorch DataLoader): what its workers do per micro-batch and how
 * busy that keeps them. Times in ms per micro-batch per worker unless said otherwise. */
typedef struct emu_loader {
    int workers;            /* DataLoader workers (0: loading in the main process) */
    int cpus;               /* CPUs the node's loaders share (their cpuset, or all but 16) */
    double cpu_per_worker;  /* the CPUs one worker gets, at most 1 */
    double bytes;           /* read per micro-batch */
    double io_ms, files_ms; /* reading it, and its opens/stats at the mount's latency */
    double decode_cpu_ms;   /* decode CPU time at one full CPU */
    double decode_ms;       /* decode wall time on the worker's CPU share */
    double fetch_ms;        /* io + files + decode */
    double consume_ms;      /* the trainer's compute per micro-batch */
    double wait_ms;         /* the rank's batch wait per step */
    double busy;            /* share of time a worker fetches (1: the loader is the bottleneck) */
    double io_share;        /* share of time a worker sleeps in I/O (ps state D) */
    double cpu_used;        /* CPUs a worker uses on average (top's %CPU / 100) */
    double read_bytes_per_s;/* what one worker reads from the input mount */
} emu_loader;

/* Fills *out for rank's loader. Returns 0, or -1 (zeroed) with no job, no input mount or a bad
 * rank. */
int emu_job_loader(const emu_world *world, int rank, emu_loader *out);

/* Per-rank batch wait in ms for the job's input path (0 when the loader keeps up). The loader
 * pipeline: W workers each fetch one micro-batch in T = bytes / read share + files * metadata
 * latency + decode / CPU share; they supply a micro-batch every T / W; the trainer consumes one
 * every compute_ms / grad_accum; the wait per micro-batch is the difference when positive. */
double emu_job_batch_wait_ms(const emu_world *world, int rank);

/* How many of the job's ranks run on node (0 without a job or for a node it does not use). */
int emu_job_ranks_on_node(const emu_world *world, int node);

/* The step number the job is on at the world's clock (run.c: the steps' timeline, saves and
 * stalls included; it stops advancing when the run stops). */
long emu_job_current_step(const emu_world *world);

/* The step in progress at time t (UTC epoch seconds) on the same timeline (run.c). */
long emu_job_current_step_at(const emu_world *world, double t);

/* Computes one step's timing (deterministic jitter from the step number). Step time is the slowest
 * rank's arrival plus the all-reduce plus the optimizer. Returns 0, or -1 with no job. */
int emu_job_step_timing(const emu_world *world, long step, emu_step_timing *out);

/* One rank's view of one step (ms from the step's start), the same values as in
 * emu_job_step_timing but computed for that rank alone plus a cached summary of the step. */
typedef struct emu_rank_step {
    double batch_wait_ms, compute_ms, arrival_ms, collective_wait_ms, allreduce_ms, step_ms;
} emu_rank_step;

/* Fills *out for rank at step (>= 0). Returns 0, or -1 with no job or a bad rank. Uses and fills
 * the world's step summary cache. */
int emu_job_rank_step(emu_world *world, long step, int rank, emu_rank_step *out);

/* The start time (UTC epoch seconds) of step `step`: the nominal step times of the timeline's
 * segments plus the checkpoint saves and input stalls before it (run.c). */
double emu_job_step_start_s(const emu_world *world, long step);

/* Starts a new segment of the steps' timeline at the step in progress when the nominal step
 * time changed (a repair, a fault's onset), so the steps already done keep their times (run.c;
 * emu_world_refresh calls it). */
void emu_run_retime(emu_world *world);

/* Records, while a world is built, that the job's pace changed at at_s (UTC epoch seconds, at
 * or before the lab's start, in time order): the steps until then ran at the present nominal
 * step time and per-rank values (emu_job_derive's). The first retime lays these out as the
 * timeline's earlier segments (run.c). */
void emu_run_mark_past_change(emu_world *world, double at_s);

/* emu_world_refresh without the retime: the job's per-rank step values and nominal step time
 * from the state as it is now. */
void emu_job_derive(emu_world *world);

/* Recomputes what is derived from the state and cached (the job's per-rank step values and its
 * nominal step time). Call it after changing the state (e.g. a power action); emu_world_new
 * and emu_world_reset (model.h) call it themselves. */
void emu_world_refresh(emu_world *world);

#endif
