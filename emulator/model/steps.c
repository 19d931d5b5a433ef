/* steps.c: the job's steps laid out in time, phase by phase and rank by rank (steps.h), from the
 * job model's step timing (job.h). */
#include <stdlib.h>
#include <string.h>

#include "job.h"
#include "steps.h"

static const char *const phase_names[EMU_PHASE_KINDS] = {
    "input wait", "forward", "backward", "waiting for the last rank", "all-reduce transfer",
    "optimizer", "checkpoint save",
};
static const char phase_letters[EMU_PHASE_KINDS] = {'I', 'F', 'B', '.', 'A', 'O', 'S'};

const char *emu_phase_name(emu_phase_kind kind)
{
    return kind >= 0 && kind < EMU_PHASE_KINDS ? phase_names[kind] : NULL;
}

char emu_phase_letter(emu_phase_kind kind)
{
    return kind >= 0 && kind < EMU_PHASE_KINDS ? phase_letters[kind] : '?';
}

int emu_steps_get(const emu_world *w, long first, int n_steps, emu_steps *out)
{
    memset(out, 0, sizeof *out);
    const emu_job *j = &w->job;
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
        emu_step_span *s = &out->spans[i];
        s->step = first + i;
        s->start_ms = at;
        s->step_ms = t->step_ms;
        s->last_rank = t->last_rank;
        s->save_ms = 0; /* saves take no time in the job model yet */
        for (int r = 0; r < j->world_size; r++) {
            double *p = &out->phase_ms[((size_t)i * (size_t)j->world_size + (size_t)r) * EMU_PHASE_KINDS];
            p[EMU_PHASE_INPUT_WAIT] = t->batch_wait_ms[r];
            p[EMU_PHASE_FORWARD] = t->compute_ms[r] * EMU_FORWARD_SHARE;
            p[EMU_PHASE_BACKWARD] = t->compute_ms[r] - p[EMU_PHASE_FORWARD];
            p[EMU_PHASE_SYNC_WAIT] = t->collective_wait_ms[r];
            p[EMU_PHASE_ALLREDUCE] = t->allreduce_ms;
            p[EMU_PHASE_OPTIMIZER] = t->optimizer_ms;
            p[EMU_PHASE_CHECKPOINT] = s->save_ms;
        }
        at += s->step_ms + s->save_ms;
    }
    free(t);
    return 0;
}

int emu_steps_recent(const emu_world *w, int n_steps, emu_steps *out)
{
    long now = emu_job_current_step(w);
    long first = now - n_steps;
    if (first < 0)
        first = 0;
    if (now - first < 1) {
        memset(out, 0, sizeof *out);
        return -1;
    }
    return emu_steps_get(w, first, (int)(now - first), out);
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
