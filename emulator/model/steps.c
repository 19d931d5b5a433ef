/* steps.c: the job's steps laid out in time, phase by phase and rank by rank (steps.h), from the
 * job model's step timing (job.h) and the run model's saves and stop (run.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "job.h"
#include "run.h"
#include "steps.h"

static const char *const phase_names[EMU_PHASE_KINDS] = {
    "input wait", "forward", "backward", "waiting for the last rank", "all-reduce transfer",
    "optimizer", "checkpoint save", "no progress",
};
static const char phase_letters[EMU_PHASE_KINDS] = {'I', 'F', 'B', '.', 'A', 'O', 'S', 'X'};

const char *emu_phase_name(emu_phase_kind kind)
{
    return kind >= 0 && kind < EMU_PHASE_KINDS ? phase_names[kind] : NULL;
}

char emu_phase_letter(emu_phase_kind kind)
{
    return kind >= 0 && kind < EMU_PHASE_KINDS ? phase_letters[kind] : '?';
}

/* Whether the job saves after step (a multiple of the checkpoint interval, in a checkpoint
 * directory). */
static bool saves_after(const emu_world *w, long step)
{
    int every = w->job.checkpoint_interval;
    return every > 0 && step >= 1 && step % every == 0 && w->job.checkpoint_mount >= 0;
}

static double *rank_phases(emu_steps *out, int i, int r)
{
    return &out->phase_ms[((size_t)i * (size_t)out->world_size + (size_t)r) * EMU_PHASE_KINDS];
}

/* Whether rank r is among the stop's culprits: its rank, or every rank of a host that died. */
static bool culprit(const emu_world *w, const emu_run_stop *stop, int r)
{
    if (stop->rank >= 0)
        return r == stop->rank;
    return stop->node >= 0 && w->job.ranks[r].node == stop->node;
}

/* The step the run stopped in, as span i: every rank's phases of that step up to where it got,
 * then the culprit no longer progresses (or writes rank 0's save that outlasts the others'
 * timeout) while the others wait in the all-reduce, until the job ends or the clock. */
static void stopped_span(const emu_world *w, const emu_step_timing *t, int i, emu_steps *out)
{
    const emu_run_stop *stop = &out->stop;
    emu_step_span *sp = &out->spans[i];
    double begin_s = emu_job_step_start_s(w, sp->step);
    out->ended = stop->end_s <= w->now_s;
    double until_ms = ((out->ended ? stop->end_s : w->now_s) - begin_s) * 1e3;
    double stop_ms = fmax(0, (stop->at_s - begin_s) * 1e3);
    bool slow_save = stop->cause == EMU_STOP_SLOW_SAVE;
    sp->stopped = true;
    sp->step_ms = fmax(until_ms, slow_save ? t->step_ms : stop_ms);
    sp->last_rank = stop->rank >= 0 ? stop->rank : emu_job_rank_of(w, stop->node, 0);
    for (int r = 0; r < out->world_size; r++) {
        double *p = rank_phases(out, i, r);
        double full[EMU_PHASE_KINDS] = {0};
        full[EMU_PHASE_INPUT_WAIT] = t->batch_wait_ms[r];
        full[EMU_PHASE_FORWARD] = t->compute_ms[r] * EMU_FORWARD_SHARE;
        full[EMU_PHASE_BACKWARD] = t->compute_ms[r] - full[EMU_PHASE_FORWARD];
        /* how far the rank got, and what it does from there */
        double limit;
        emu_phase_kind then;
        if (slow_save) { /* the step completes; rank 0 then writes, the others wait for it */
            full[EMU_PHASE_SYNC_WAIT] = t->collective_wait_ms[r];
            full[EMU_PHASE_ALLREDUCE] = t->allreduce_ms;
            full[EMU_PHASE_OPTIMIZER] = t->optimizer_ms;
            limit = t->step_ms;
            then = EMU_PHASE_CHECKPOINT;
        } else if (culprit(w, stop, r)) {
            limit = stop_ms;
            then = EMU_PHASE_STALLED;
        } else { /* in the all-reduce that never completes */
            limit = t->arrival_ms[r];
            then = EMU_PHASE_SYNC_WAIT;
        }
        double at = 0;
        for (int k = 0; k < EMU_PHASE_KINDS; k++) {
            double d = fmin(full[k], fmax(0, fmin(limit, sp->step_ms) - at));
            p[k] = d;
            at += d;
        }
        p[then] += fmax(0, sp->step_ms - at);
    }
}

/* Fills out with n_steps spans from first; the last one is the stopped step when out->stop
 * has a cause. */
static int steps_fill(const emu_world *w, long first, int n_steps, emu_steps *out)
{
    const emu_job *j = &w->job;
    emu_run_stop stop = out->stop;
    memset(out, 0, sizeof *out);
    out->stop = stop;
    if (!j->present || j->world_size < 1 || first < 0 || n_steps < 1 || n_steps > EMU_STEPS_MAX)
        return -1;
    out->spans = calloc((size_t)n_steps, sizeof *out->spans);
    out->phase_ms = calloc((size_t)n_steps * (size_t)j->world_size * EMU_PHASE_KINDS,
                           sizeof *out->phase_ms);
    emu_step_timing *t = malloc(sizeof *t);
    if (!out->spans || !out->phase_ms || !t) {
        free(t);
        emu_steps_free(out);
        return -1;
    }
    out->world_size = j->world_size;
    out->n_steps = n_steps;
    out->first_start_s = emu_job_step_start_s(w, first);
    double at = 0;
    for (int i = 0; i < n_steps; i++) {
        if (emu_job_step_timing(w, first + i, t) != 0) {
            free(t);
            emu_steps_free(out);
            return -1;
        }
        emu_step_span *sp = &out->spans[i];
        sp->step = first + i;
        sp->start_ms = at;
        if (i == n_steps - 1 && out->stop.cause) {
            stopped_span(w, t, i, out);
            break;
        }
        sp->step_ms = t->step_ms;
        sp->last_rank = t->last_rank;
        /* the save after it blocks the run model's time between steps (run.c); one that fails
           blocks nothing */
        sp->save_failed = saves_after(w, sp->step) && emu_run_save_fails(w, sp->step);
        sp->save_ms = saves_after(w, sp->step) ? emu_run_save_blocks_s(w, sp->step) * 1e3 : 0;
        sp->save_rank0_only = j->checkpoint_rank0_only;
        for (int r = 0; r < j->world_size; r++) {
            double *p = rank_phases(out, i, r);
            p[EMU_PHASE_INPUT_WAIT] = t->batch_wait_ms[r];
            p[EMU_PHASE_FORWARD] = t->compute_ms[r] * EMU_FORWARD_SHARE;
            p[EMU_PHASE_BACKWARD] = t->compute_ms[r] - p[EMU_PHASE_FORWARD];
            p[EMU_PHASE_SYNC_WAIT] = t->collective_wait_ms[r];
            p[EMU_PHASE_ALLREDUCE] = t->allreduce_ms;
            p[EMU_PHASE_OPTIMIZER] = t->optimizer_ms;
            p[EMU_PHASE_CHECKPOINT] = sp->save_ms;
        }
        at += sp->step_ms + sp->save_ms;
    }
    free(t);
    return 0;
}

int emu_steps_get(const emu_world *w, long first, int n_steps, emu_steps *out)
{
    memset(out, 0, sizeof *out);
    return steps_fill(w, first, n_steps, out);
}

int emu_steps_recent(const emu_world *w, int n_steps, emu_steps *out)
{
    memset(out, 0, sizeof *out);
    if (n_steps < 1 || n_steps > EMU_STEPS_MAX)
        return -1;
    emu_run_stop stop;
    if (emu_run_stop_of(w, &stop) && stop.at_s <= w->now_s) {
        /* the steps before the stop, then the step it stopped in */
        long first = stop.step - (n_steps - 1);
        if (first < 0)
            first = 0;
        if (stop.step < 0)
            return -1;
        out->stop = stop;
        return steps_fill(w, first, (int)(stop.step - first + 1), out);
    }
    long now = emu_job_current_step(w);
    long first = now - n_steps;
    if (first < 0)
        first = 0;
    if (now - first < 1)
        return -1;
    return steps_fill(w, first, (int)(now - first), out);
}

const char *emu_steps_stop_reason(emu_stop_cause cause)
{
    switch (cause) {
    case EMU_STOP_HOST_POWER: return "its host lost power";
    case EMU_STOP_HOST_FROZEN: return "its host froze";
    case EMU_STOP_GPU_LOST: return "its GPU fell off the bus";
    case EMU_STOP_RANK_HANG: return "its GPU never finishes a kernel";
    case EMU_STOP_LOADER_DEADLOCK: return "its data loader deadlocked";
    case EMU_STOP_SLOW_SAVE: return "its checkpoint save outlasts the collective timeout";
    default: return "";
    }
}

const char *emu_steps_end_reason(emu_end_kind end)
{
    switch (end) {
    case EMU_END_WATCHDOG: return "the NCCL watchdog's collective timeout";
    case EMU_END_NODE_FAIL: return "Slurm's node failure (the host stopped answering)";
    default: return "";
    }
}

double emu_steps_phase_start_ms(const emu_steps *s, int i, int rank, emu_phase_kind kind)
{
    double at = s->spans[i].start_ms;
    for (int k = 0; k < (int)kind; k++)
        at += emu_steps_phase_ms(s, i, rank, (emu_phase_kind)k);
    return at;
}

double emu_steps_total_ms(const emu_steps *s)
{
    if (s->n_steps < 1)
        return 0;
    const emu_step_span *last = &s->spans[s->n_steps - 1];
    return last->start_ms + last->step_ms + last->save_ms;
}

void emu_steps_free(emu_steps *s)
{
    free(s->spans);
    free(s->phase_ms);
    memset(s, 0, sizeof *s);
}
