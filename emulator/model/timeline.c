/* timeline.c: the simulated clock moving on (world.h's emu_world_advance): the faults whose
 * onset or end falls in the interval start or clear at their time, in time order, and the
 * derived caches follow. Everything else that changes with time is a function of the clock. */
#include <math.h>

#include "bmc.h"
#include "faults.h"
#include "gpu.h"
#include "job.h"
#include "repair.h"
#include "run.h"
#include "telemetry.h"
#include "world.h"

/* The next fault event after `after` and at or before `until`: its index and whether it is an
 * end. Returns the time, or INFINITY when there is none. */
static double next_event(const emu_world *w, double until, int *index, bool *end)
{
    double best = INFINITY;
    for (int i = 0; i < w->n_faults; i++) {
        const emu_fault *f = &w->faults[i];
        double on = w->start_time_s + f->onset_s, off = w->start_time_s + f->end_s;
        if (w->fault_state[i] == 0 && on <= until && on < best)
            best = on, *index = i, *end = false;
        else if (w->fault_state[i] == 1 && f->end_s != 0 && off <= until && off < best)
            best = off, *index = i, *end = true;
    }
    return best;
}

void emu_world_advance(emu_world *w, double seconds)
{
    if (emu_world_epoch_per_command)
        emu_world_new_command(w); /* a new command: what the clock and the command change follows */
    if (w->clock_held)
        return;
    w->commands_run++;
    if (!(seconds > 0) || !isfinite(seconds))
        return;
    double until = w->now_s + seconds;
    /* the capping counters keep the seconds up to now that leave their window of exact seconds
     * by `until` (the later ones count under the state the events below leave) */
    emu_capping_step(w, until);
    int i;
    bool end;
    for (double t; (t = next_event(w, until, &i, &end)) < INFINITY;) {
        if (t > w->now_s)
            w->now_s = t;
        /* the clock-event counters of the GPUs the fault can change keep what they counted
         * under the state before it (a node's fault: its GPUs; a cluster's: all of them) */
        emu_gpu_counters_fold_node(w, w->faults[i].node);
        if (end)
            emu_fault_clear(w, &w->faults[i]);
        else
            emu_fault_apply(w, &w->faults[i]);
        w->fault_state[i] = end ? 2 : 1;
        emu_world_refresh(w);
    }
    /* a heating GPU reaches its slowdown temperature: its clock halves from then on, so the
     * job's pace changes at that moment (the derived caches follow) */
    for (int n = 0; n < w->n_nodes; n++)
        for (int g = 0; g < w->nodes[n].n_gpus; g++) {
            const emu_gpu *gp = &w->nodes[n].gpus[g];
            if (gp->heat_from_s <= 0)
                continue;
            double eq = gp->inlet_temp_c + gp->heat_c_per_w * w->spec->full_load_power_w;
            double ts = w->spec->temp_slowdown_c;
            if (eq <= ts || gp->heat_start_c >= ts)
                continue;
            double hit = gp->heat_from_s + EMU_GPU_THERMAL_TAU_S * log((gp->heat_start_c - eq) / (ts - eq));
            hit += 0.01; /* just past the threshold */
            if (hit > w->now_s && hit <= until) {
                /* its counters keep what they counted below the threshold */
                w->now_s = hit - 0.02;
                emu_gpu_counters_fold(w, n, g);
                w->now_s = hit;
                emu_world_refresh(w);
            }
        }
    /* a host that hung reboots when its watchdog (the scenario's reboot_after_s) fires */
    for (int n = 0; n < w->n_nodes; n++) {
        emu_node *nd = &w->nodes[n];
        for (int k = 0; nd->frozen_s > 0 && k < w->n_faults; k++) {
            const emu_fault *f = &w->faults[k];
            if (f->kind == EMU_FAULT_HOST_MEMORY_ERROR && f->node == n && f->value > 0 &&
                nd->frozen_s + f->value <= until) {
                w->now_s = fmax(w->now_s, nd->frozen_s + f->value);
                emu_node_power_cycle(w, n);
            }
        }
    }
    w->now_s = until;
    for (int n = 0; n < w->n_nodes; n++)
        emu_slurm_watch(w, n);
    emu_bmc_watch_gpu_temps(w);
    emu_job_start_queued(w);
}
