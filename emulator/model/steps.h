/* steps.h: the job's steps laid out in time, phase by phase and rank by rank (steps.c): what a
 * step timeline draws (views/timeline.c). Every figure comes from the model: each step from
 * the job's step timing (job.h: emu_job_step_timing, the one computation of a step), the
 * checkpoint saves between steps and the run's stop from the run model (run.h: emu_run_save_s,
 * emu_run_stop_of); this file only puts the parts in the order they run and says which rank
 * everyone waited for. */
#ifndef EMU_MODEL_STEPS_H
#define EMU_MODEL_STEPS_H

#include <stdbool.h>

#include "run.h"
#include "world.h"

/* The phases of one rank's step, in the order they run. A synchronous data-parallel step:
 * the rank waits for its batch, computes forward and backward, enters the gradient all-reduce
 * and waits there for the last rank to arrive, the all-reduce transfers once everyone is in,
 * then the optimizer steps; after a step the job saves a checkpoint every so many steps. */
typedef enum emu_phase_kind {
    EMU_PHASE_INPUT_WAIT,   /* waiting for the next batch from the data loader */
    EMU_PHASE_FORWARD,      /* forward pass on the rank's GPU */
    EMU_PHASE_BACKWARD,     /* backward pass */
    EMU_PHASE_SYNC_WAIT,    /* in the gradient all-reduce, waiting for the last rank */
    EMU_PHASE_ALLREDUCE,    /* the all-reduce transferring, once every rank has arrived */
    EMU_PHASE_OPTIMIZER,    /* the optimizer step */
    EMU_PHASE_CHECKPOINT,   /* a checkpoint save after the step, every rank blocked */
    EMU_PHASE_STALLED,      /* no progress any more: the rank that stopped the run (a hung
                               kernel, a lost GPU, a deadlocked loader, a dead host) */
    EMU_PHASE_KINDS
} emu_phase_kind;

/* The phase's name for people ("input wait", "waiting for the last rank"), and a one-letter
 * code for text drawings ('I', 'F', 'B', '.', 'A', 'O', 'S', 'X'). NULL / '?' out of range. */
const char *emu_phase_name(emu_phase_kind kind);
char emu_phase_letter(emu_phase_kind kind);

/* One step of the job. Times in ms. */
typedef struct emu_step_span {
    long step;
    double start_ms;        /* when it starts, from the first step's start */
    double step_ms;         /* its time: the last arrival + the all-reduce + the optimizer */
    double save_ms;         /* the checkpoint save after it, 0 when it saves none */
    bool save_rank0_only;   /* rank 0 writes the whole checkpoint while the others wait */
    bool save_failed;       /* the save after it failed at once (ENOSPC): save_ms is 0 */
    int last_rank;          /* the rank that arrived last at the all-reduce (the critical path);
                               in a stopped step, the rank that stopped it */
    bool stopped;           /* the run stopped in this step (the last one): step_ms runs to the
                               job's end, or to the clock when it has not ended yet */
} emu_step_span;

/* Consecutive steps of the job, every rank's phases in each. Owned by the caller: free with
 * emu_steps_free. */
typedef struct emu_steps {
    int world_size;
    int n_steps;
    double first_start_s;   /* UTC epoch seconds at which the first step starts */
    emu_step_span *spans;   /* n_steps of them, in order */
    double *phase_ms;       /* [step][rank][kind]: see emu_steps_phase_ms */
    emu_run_stop stop;      /* when the last span stopped: why, the culprit, how the job ends */
    bool ended;             /* ... and the job has ended by the clock (stop.end_s) */
} emu_steps;

/* Fills *out with steps first..first + n_steps - 1 (n_steps 1..EMU_STEPS_MAX, first >= 0).
 * Returns 0, or -1 (out zeroed) with no job, a bad range or out of memory. */
#define EMU_STEPS_MAX 16
int emu_steps_get(const emu_world *world, long first, int n_steps, emu_steps *out);

/* The steps that completed last at the world's clock: the n_steps before the one in progress
 * (fewer when the job has not run that many); when the run has stopped, the steps before and
 * the step it stopped in, its culprit's phase EMU_PHASE_STALLED (or the save it is still
 * writing), the other ranks waiting in the all-reduce until the job ends (the NCCL watchdog,
 * Slurm's node failure) or until the clock. Returns as emu_steps_get. */
int emu_steps_recent(const emu_world *world, int n_steps, emu_steps *out);

/* The duration of a phase of rank in step index i (0-based) of steps, in ms. */
static inline double emu_steps_phase_ms(const emu_steps *steps, int i, int rank, emu_phase_kind kind)
{
    return steps->phase_ms[((size_t)i * (size_t)steps->world_size + (size_t)rank) * EMU_PHASE_KINDS + kind];
}

/* When rank's phase of step i starts, from the first step's start, in ms (the phases of a rank
 * run back to back in kind order from the step's start). */
double emu_steps_phase_start_ms(const emu_steps *steps, int i, int rank, emu_phase_kind kind);

/* The ms from the first step's start to the end of the last (its save included). */
double emu_steps_total_ms(const emu_steps *steps);

/* What stopped the run, in words ("its GPU never finishes a kernel"), and how the job ends
 * ("the NCCL watchdog's timeout"); "" for EMU_STOP_NONE / EMU_END_NONE. */
const char *emu_steps_stop_reason(emu_stop_cause cause);
const char *emu_steps_end_reason(emu_end_kind end);

void emu_steps_free(emu_steps *steps);

#endif
