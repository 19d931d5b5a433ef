/* telemetry.c: what a GPU's sensors read while the job runs (telemetry.h): utilisation from
 * the job's step (job.h), power from the clock and the utilisation, temperatures from the power.
 * Every tool that shows one of them (nvidia-smi, dcgmi, the BMC) reads it here. */
#include <math.h>

#include "gpu.h"
#include "job.h"
#include "rng.h"
#include "telemetry.h"

static bool valid(const emu_world *w, int node, int gpu)
{
    return node >= 0 && node < w->n_nodes && gpu >= 0 && gpu < w->nodes[node].n_gpus;
}

int emu_gpu_util_pct(const emu_world *w, int node, int gpu)
{
    if (!emu_gpu_busy(w, node, gpu))
        return 0;
    int rank = emu_job_rank_of(w, node, gpu);
    double step_ms = w->job.nominal_step_ms > 0 ? w->job.nominal_step_ms : 1000;
    double wait = w->step_base.valid ? w->step_base.batch_wait_ms[rank] : emu_job_batch_wait_ms(w, rank);
    double util = 100.0 * (step_ms - wait) / step_ms;
    util += 1.5 * emu_sample(w, "util", node, gpu);
    if (util > 100)
        util = 100;
    if (util < 0)
        util = 0;
    return (int)lround(util);
}

double emu_gpu_power_draw_w(const emu_world *w, int node, int gpu)
{
    if (!valid(w, node, gpu))
        return 0;
    const emu_gpu_spec *spec = w->spec;
    const emu_gpu *g = &w->nodes[node].gpus[gpu];
    double p;
    if (!emu_gpu_busy(w, node, gpu)) {
        p = spec->idle_power_w * (1.0 + 0.04 * emu_sample(w, "power", node, gpu));
    } else {
        double f = emu_gpu_clock_raw_mhz(w, node, gpu, NULL);
        double load = spec->static_power_w + (spec->full_load_power_w - spec->static_power_w) *
                                                  pow(f / spec->max_sm_clock_mhz, 3);
        double busy = emu_gpu_util_pct(w, node, gpu) / 100.0;
        p = spec->idle_power_w + (load - spec->idle_power_w) * busy;
        p *= 1.0 + 0.012 * emu_sample(w, "power", node, gpu);
        if (p > g->power_limit_w)
            p = g->power_limit_w - 0.5 - fabs(emu_sample(w, "power-cap", node, gpu));
    }
    return round(p * 100.0) / 100.0;
}

double emu_gpu_temp_c(const emu_world *w, int node, int gpu)
{
    if (!valid(w, node, gpu))
        return 0;
    const emu_gpu *g = &w->nodes[node].gpus[gpu];
    double t;
    if (g->forced_temp_c > 0 && emu_gpu_busy(w, node, gpu))
        t = g->forced_temp_c + 0.6 * emu_sample(w, "temp", node, gpu);
    else
        t = g->inlet_temp_c + g->thermal_c_per_w * emu_gpu_power_draw_w(w, node, gpu) +
            0.6 * emu_sample(w, "temp", node, gpu);
    return round(t);
}

double emu_gpu_mem_temp_c(const emu_world *w, int node, int gpu)
{
    double t = emu_gpu_temp_c(w, node, gpu);
    double mem = t + (emu_gpu_busy(w, node, gpu) ? 7 : 4);
    /* HBM runs a few degrees above the core, but no scenario fault overheats the memory itself:
     * a core held at its slowdown threshold (its clocks cut, its power with them) keeps the stacks
     * below their max operating temperature, so no tool shows a limit crossed without an event */
    double cap = w->spec->temp_mem_max_c - 3;
    return w->spec->temp_mem_max_c > 0 && mem > cap ? cap : mem;
}
