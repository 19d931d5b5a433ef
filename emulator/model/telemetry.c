/* telemetry.c: what a GPU's sensors read while the job runs (telemetry.h): utilisation from
 * the job's step (job.h), power from the clock and the utilisation, temperatures from the power.
 * Every tool that shows one of them (nvidia-smi, dcgmi, the BMC) reads it here. */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "gpu.h"
#include "job.h"
#include "rng.h"
#include "run.h"
#include "telemetry.h"

static bool valid(const emu_world *w, int node, int gpu)
{
    return node >= 0 && node < w->n_nodes && gpu >= 0 && gpu < w->nodes[node].n_gpus;
}

/* The GPU's step timeline: every nominal step starts with the rank's batch wait (no kernel
 * runs) and is busy for the rest (compute, the all-reduce's kernels, the optimizer: NVML counts
 * a kernel that waits in a collective as busy). Fills the step period and the idle time at its
 * start, in seconds; false when the GPU runs no job. */
static bool step_phases(const emu_world *w, int node, int gpu, double *period_s, double *idle_s)
{
    if (!emu_gpu_busy(w, node, gpu))
        return false;
    int rank = emu_job_rank_of(w, node, gpu);
    double step_ms = w->job.nominal_step_ms > 0 ? w->job.nominal_step_ms : 1000;
    double wait = w->step_base.valid ? w->step_base.batch_wait_ms[rank] : emu_job_batch_wait_ms(w, rank);
    *period_s = step_ms / 1e3;
    *idle_s = fmin(wait, step_ms) / 1e3;
    return true;
}

/* Idle time in [a, t] on the run's own step timeline (emu_job_step_start_s, the steps train.log
 * and the rank logs show): each step starts with the rank's batch wait (idle seconds), and a
 * loader stall after a multiple of its period idles the end of that step's span. The steps
 * before the run began count as busy: the GPU is busy only once it runs (emu_gpu_busy). */
static double idle_in(const emu_world *w, double a, double t, double idle)
{
    long first;
    double began;
    emu_run_began(w, &first, &began);
    long every = w->run.stall_every;
    double stall = w->run.stall_ms / 1e3, sum = 0;
    long n = emu_job_current_step_at(w, t);
    double end = emu_job_step_start_s(w, n + 1);
    for (int guard = 0; guard < 4096 && n >= first; guard++, n--) {
        double start = emu_job_step_start_s(w, n);
        sum += fmax(0, fmin(fmin(start + idle, end), t) - fmax(start, a));
        if (every > 0 && stall > 0 && n % every == 0)
            sum += fmax(0, fmin(end, t) - fmax(fmax(end - stall, start), a));
        if (start <= a)
            break;
        end = start;
    }
    return sum;
}

double emu_gpu_busy_fraction(const emu_world *w, int node, int gpu, double t, double window_s)
{
    double period, idle;
    if (!valid(w, node, gpu) || !step_phases(w, node, gpu, &period, &idle))
        return 0;
    /* a stopped run: the ranks that wait in the collective spin in NCCL's kernel (busy), as does
     * a GPU whose kernel hangs; a rank waiting on its deadlocked loader runs nothing */
    emu_run_stop s;
    if (emu_run_stop_of(w, &s) && s.at_s < t)
        return s.cause == EMU_STOP_INIT_FAILED ? 0
               : s.cause == EMU_STOP_LOADER_DEADLOCK && s.node == node && s.gpu == gpu ? 0 : 1;
    /* a checkpoint save every rank writes: the GPUs wait idle for the file system */
    double bps;
    if (!w->job.checkpoint_rank0_only && emu_run_saving(w, node, t, &bps))
        return 0;
    if (window_s <= 0)
        return idle < period ? 1 : 0;
    double f = 1.0 - idle_in(w, t - window_s, t, idle) / window_s;
    return f < 0 ? 0 : f > 1 ? 1 : f;
}

int emu_gpu_util_pct(const emu_world *w, int node, int gpu)
{
    if (!emu_gpu_busy(w, node, gpu))
        return 0;
    double util = 100.0 * emu_gpu_busy_fraction(w, node, gpu, w->now_s, EMU_NVML_UTIL_WINDOW_S);
    if (util > 0 && util < 100) /* the counter's own granularity: a point either way */
        util += emu_sample(w, "util", node, gpu);
    return (int)lround(util < 0 ? 0 : util > 100 ? 100 : util);
}

/* DCGM profiling ratios during forward and backward: 93% of the SMs' cycles with a warp
 * resident, 55% of the cycles with the tensor pipes active, 41% with the DRAM interface busy.
 * The model's assumption for a dense transformer's GEMM-dominated step (no public source gives
 * these shares for one workload); the optimizer's elementwise kernels are taken to keep the SM
 * and DRAM shares with no tensor work (also an assumption). */
#define PROF_COMPUTE_SM 0.93
#define PROF_COMPUTE_TENSOR 0.55
#define PROF_COMPUTE_DRAM 0.41

emu_gpu_prof emu_gpu_prof_now(const emu_world *w, int node, int gpu)
{
    emu_gpu_prof p = {0, 0, 0};
    if (!valid(w, node, gpu) || !emu_gpu_busy(w, node, gpu))
        return p;
    /* the share of the last second with a kernel running (batch waits and saves run none) */
    double act = emu_gpu_util_pct(w, node, gpu) / 100.0;
    /* split that kernel time into compute, the optimizer and NCCL from the rank's step */
    double compute = 1, optimizer = 0;
    int rank = emu_job_rank_of(w, node, gpu);
    double step_ms = w->job.nominal_step_ms;
    if (w->step_base.valid && rank >= 0 && step_ms > 0) {
        double kernels_ms = step_ms - fmin(w->step_base.batch_wait_ms[rank], step_ms);
        if (kernels_ms > 0) {
            compute = fmin(1, w->step_base.compute_ms[rank] / kernels_ms);
            optimizer = fmin(1 - compute, w->step_base.optimizer_ms / kernels_ms);
        }
    }
    /* a stopped run: the ranks left in the collective spin in NCCL's kernel; a hung rank's own
     * kernel keeps its compute shares */
    emu_run_stop s;
    if (emu_run_stop_of(w, &s) && s.at_s < w->now_s) {
        bool hung = s.cause == EMU_STOP_RANK_HANG && s.node == node && s.gpu == gpu;
        compute = hung ? 1 : 0;
        optimizer = 0;
    }
    double nccl = 1 - compute - optimizer;
    /* NCCL runs one CUDA block (CTA) per channel, each on one SM (NCCL User Guide, environment
     * variables: NCCL_MIN_CTAS / NCCL_MAX_CTAS, the CTAs NCCL uses, one per channel), so while
     * a rank waits in or runs the all-reduce its SMs are active in channels / SMs of the cycles;
     * the model leaves out NCCL's own DRAM traffic */
    double nccl_sm = w->spec->sm_count > 0 ? fmin(1, (double)w->step_base.nccl_channels / w->spec->sm_count) : 0;
    p.sm_active = act * ((compute + optimizer) * PROF_COMPUTE_SM + nccl * nccl_sm);
    p.tensor_active = act * compute * PROF_COMPUTE_TENSOR;
    p.dram_active = act * (compute + optimizer) * PROF_COMPUTE_DRAM;
    return p;
}

/* The draw when the GPU is busy a share `busy` of the time: static + dynamic (f / fmax)^3 under
 * load, idle otherwise, the two mixed as the kernels come and go. */
static double draw_at(const emu_world *w, int node, int gpu, double busy)
{
    const emu_gpu_spec *spec = w->spec;
    double f = emu_gpu_clock_raw_mhz(w, node, gpu, NULL);
    double load = emu_gpu_load_power_w(spec, f / spec->max_sm_clock_mhz);
    return spec->idle_power_w + (load - spec->idle_power_w) * busy;
}

/* How much the load's draw at a given clock moves from one second to the next (the step's
 * kernels differ in intensity: GEMMs, the all-reduce's, the optimizer's): +-1.2%, a modelling
 * choice that spans the spread of loaded H100 captures (682-698 W at 1980 MHz). */
#define DRAW_VARIATION 0.012

double emu_gpu_cap_engage_w(double limit_w)
{
    return limit_w - fmax(0.01 * limit_w, 1.5);
}

/* What the GPU's sensors and its power controller settle on this second: the load's draw at the
 * steady clock (demand_w), whether the limit holds the GPU now, and the draw NVML reads. One
 * function, so that power, clocks and reasons never disagree. */
typedef struct operating_point {
    bool busy;
    double raw_mhz; /* emu_gpu_clock_raw_mhz, with its reasons */
    uint32_t raw_reasons;
    double util; /* 0..1, over NVML's window */
    double demand_w;
    bool held; /* SW Power Cap: the limit holds the clocks now */
    double draw_w;
} operating_point;

static operating_point op_now(const emu_world *w, int node, int gpu)
{
    const emu_gpu_spec *spec = w->spec;
    const emu_gpu *g = &w->nodes[node].gpus[gpu];
    operating_point o = {0};
    o.busy = emu_gpu_busy(w, node, gpu);
    o.raw_mhz = emu_gpu_clock_raw_mhz(w, node, gpu, &o.raw_reasons);
    if (!o.busy) {
        o.draw_w = o.demand_w = spec->idle_power_w * (1.0 + 0.04 * emu_sample(w, "power", node, gpu));
        return o;
    }
    o.util = emu_gpu_util_pct(w, node, gpu) / 100.0;
    o.demand_w = draw_at(w, node, gpu, o.util) * (1.0 + DRAW_VARIATION * emu_sample(w, "power", node, gpu));
    double engage = emu_gpu_cap_engage_w(g->power_limit_w);
    /* a limit under the load's steady draw holds the GPU whenever it runs flat out; otherwise the
     * controller steps in on the seconds whose draw comes within its band */
    o.held = o.demand_w >= engage || ((o.raw_reasons & EMU_CER_SW_POWER_CAP) && o.util >= 1.0);
    double held_w = g->power_limit_w - 0.5 - fabs(emu_sample(w, "power-cap", node, gpu));
    /* held: what the load asks up to just under the limit (a limit under the steady draw pins
     * it there); not held: what the load asks, which stays under the engage point */
    o.draw_w = !o.held ? o.demand_w : o.demand_w >= engage ? fmin(o.demand_w, held_w) : held_w;
    return o;
}

double emu_gpu_power_draw_w(const emu_world *w, int node, int gpu)
{
    if (!valid(w, node, gpu))
        return 0;
    return round(op_now(w, node, gpu).draw_w * 100.0) / 100.0;
}

uint32_t emu_gpu_clock_event_reasons(const emu_world *w, int node, int gpu)
{
    if (!valid(w, node, gpu))
        return 0;
    operating_point o = op_now(w, node, gpu);
    return o.raw_reasons | (o.held ? EMU_CER_SW_POWER_CAP : 0);
}

int emu_gpu_sm_clock_mhz(const emu_world *w, int node, int gpu)
{
    if (!valid(w, node, gpu))
        return 0;
    operating_point o = op_now(w, node, gpu);
    double f = o.raw_mhz, fmax = w->spec->max_sm_clock_mhz;
    if (o.held && !(o.raw_reasons & EMU_CER_SW_POWER_CAP)) {
        /* the peaks cut within the second: the clock steps down a bin or two (15 MHz each) */
        f = fmin(f, fmax - 15.0 * (fabs(emu_sample(w, "sm-clock", node, gpu)) > 0.5 ? 2 : 1));
    } else if (f < fmax && o.busy) {
        /* a held-down clock wanders by a few 15 MHz bins as the controller reacts */
        f += 15.0 * round(2.0 * emu_sample(w, "sm-clock", node, gpu));
        if (f > fmax)
            f = fmax;
    }
    /* clocks move in 15 MHz steps */
    return (int)(15.0 * round(f / 15.0));
}

/* The seconds of a power history that emu_gpu_power_capping_s counts one by one (ten minutes: a
 * hash each, 600 per GPU at most, so that nvidia-smi -q over a node stays within bench-emu's
 * 1 ms; a day of them cost about 4 ms); older seconds count as they were counted when they left
 * that window (emu_capping_step), or at their expected share if they never were in it. */
#define CAPPING_EXACT_S 600.0

/* The SW Power Capping seconds of [a, b) under the GPU's present limit and load: `exact`, the
 * seconds this GPU's own draw reached the engage point (op_now's per-second sample, "power"),
 * so that each GPU counts its own history; otherwise the expected share of them. */
static double capping_between(const emu_world *w, int node, int gpu, double a, double b, bool exact)
{
    const emu_gpu *g = &w->nodes[node].gpus[gpu];
    const emu_gpu_spec *spec = w->spec;
    if (!w->job.present || emu_job_rank_of(w, node, gpu) < 0 || emu_gpu_lost(w, node, gpu))
        return 0;
    /* the load's steady draw at the clock it runs at (a limit under it: held all along), and
     * the share of the uniform variation +-DRAW_VARIATION about it at or above the engage point */
    double f = 1.0 / emu_gpu_slowdown(w, node, gpu);
    double d = emu_gpu_load_power_w(spec, f);
    double s0 = (emu_gpu_cap_engage_w(g->power_limit_w) / d - 1.0) / DRAW_VARIATION;
    double share = d >= g->power_limit_w - 0.01 ? 1 : s0 >= 1 ? 0 : s0 <= -1 ? 1 : (1.0 - s0) / 2.0;
    /* counted over the run's seconds under this limit, since the driver loaded (the boot) */
    double from = fmax(fmax(w->nodes[node].boot_time_s, w->job.start_time_s), g->limit_since_s);
    emu_run_stop s;
    if (emu_run_stop_of(w, &s) && s.at_s < b)
        b = s.at_s;
    if (w->run.cancelled_s > 0 && w->run.cancelled_s < b) /* scancel: the GPU idles from then */
        b = w->run.cancelled_s;
    a = fmax(a, from);
    if (b <= a)
        return 0;
    if (!exact || share <= 0 || share >= 1)
        return share * (b - a);
    double engage = emu_gpu_cap_engage_w(g->power_limit_w), capped = 0;
    for (double t = floor(a); t < b; t++) {
        /* the part of second t inside [a, b) */
        double part = fmin(t + 1, b) - fmax(t, a);
        if (part > 0 && d * (1.0 + DRAW_VARIATION * emu_sample_at(w, (uint64_t)(int64_t)t, "power", node, gpu)) >= engage)
            capped += part;
    }
    return capped;
}

/* One GPU's settle at one step of the clock from `now` to until_s: the seconds up to `now` that
 * leave the window of exact seconds by until_s keep what they count at this instant, the
 * expected share before the last CAPPING_EXACT_S, each second in them (those after `now` count
 * under the state that holds when the clock gets there: a fault's onset folds them first,
 * emu_gpu_counters_fold). */
static void settle_step(const emu_world *w, int node, int gpu, double now, double until_s, double *settled,
                        double *settled_to)
{
    double to = fmin(floor(until_s) - CAPPING_EXACT_S, now);
    double edge = fmin(fmax(*settled_to, floor(now) - CAPPING_EXACT_S), now);
    if (!(to > *settled_to))
        return;
    *settled += capping_between(w, node, gpu, *settled_to, fmin(edge, to), false) +
                capping_between(w, node, gpu, edge, to, true);
    *settled_to = to;
}

/* The same settle for every step since the GPU's last, replayed when it is read: up to the
 * frontier, each second one by one but those in the gaps (no step saw them in its window:
 * after a step longer than the window), which count at their expected share. Its state does
 * not change between the steps but where a fold keeps what it counted first, so the replay
 * counts what the settles at each step would have. */
static void settle_lazy(const emu_world *w, int node, int gpu, double *settled, double *settled_to)
{
    double at = *settled_to, to = w->capping.frontier_s;
    if (!(to > at))
        return;
    for (int k = 0; k < w->capping.n_gaps && at < to; k++) {
        double ga = w->capping.gaps[k][0], gb = fmin(w->capping.gaps[k][1], to);
        if (gb <= at)
            continue;
        if (ga > at) {
            *settled += capping_between(w, node, gpu, at, fmin(ga, to), true);
            at = fmin(ga, to);
        }
        if (gb > at) {
            *settled += capping_between(w, node, gpu, at, gb, false);
            at = gb;
        }
    }
    if (to > at)
        *settled += capping_between(w, node, gpu, at, to, true);
    *settled_to = to;
}

/* Settles one GPU to the frontier; the world keeps it (the one part of the counter a reader
 * writes: what it writes is what the settles at each step would have) unless the caches are off,
 * when the settles run at each step instead. */
static void settle_now(const emu_world *w, int node, int gpu, double *settled, double *settled_to)
{
    const emu_gpu *g = &w->nodes[node].gpus[gpu];
    *settled = g->capping_settled_s;
    *settled_to = g->capping_settled_to_s;
    if (emu_world_caches_off)
        return;
    settle_lazy(w, node, gpu, settled, settled_to);
    emu_gpu *cg = &emu_world_caches(w)->nodes[node].gpus[gpu];
    cg->capping_settled_s = *settled;
    cg->capping_settled_to_s = *settled_to;
}

double emu_gpu_power_capping_s(const emu_world *w, int node, int gpu)
{
    if (!valid(w, node, gpu))
        return 0;
    const emu_gpu *g = &w->nodes[node].gpus[gpu];
    double settled, settled_to;
    settle_now(w, node, gpu, &settled, &settled_to);
    /* what earlier limits and the seconds that left the window counted, then the seconds since
     * the settled boundary: those before the last CAPPING_EXACT_S at the expected share, the
     * last CAPPING_EXACT_S one by one */
    double now = w->now_s, edge = fmin(fmax(settled_to, floor(now) - CAPPING_EXACT_S), now);
    return g->capping_base_s + settled + capping_between(w, node, gpu, settled_to, edge, false) +
           capping_between(w, node, gpu, edge, now, true);
}

void emu_capping_step(emu_world *w, double until_s)
{
    double now = w->now_s;
    if (emu_world_caches_off) { /* every GPU at every step, as the lazy settle replays it */
        for (int n = 0; n < w->n_nodes; n++)
            for (int g = 0; g < w->nodes[n].n_gpus; g++)
                settle_step(w, n, g, now, until_s, &w->nodes[n].gpus[g].capping_settled_s,
                            &w->nodes[n].gpus[g].capping_settled_to_s);
        return;
    }
    /* a heating GPU's clock (and so its share) follows its temperature from second to second:
     * it settles at every step, under the state of the step */
    for (int n = 0; n < w->n_nodes; n++)
        for (int g = 0; g < w->nodes[n].n_gpus; g++)
            if (w->nodes[n].gpus[g].heat_from_s > 0) {
                emu_gpu *gp = &w->nodes[n].gpus[g];
                settle_lazy(w, n, g, &gp->capping_settled_s, &gp->capping_settled_to_s);
                settle_step(w, n, g, now, until_s, &gp->capping_settled_s, &gp->capping_settled_to_s);
            }
    if (!w->capping.started) { /* before the first step's window: the expected share */
        w->capping.started = true;
        w->capping.n_gaps = 1;
        w->capping.gaps[0][0] = -INFINITY;
        w->capping.gaps[0][1] = floor(now) - CAPPING_EXACT_S;
        w->capping.frontier_s = -INFINITY;
    }
    double to = fmin(floor(until_s) - CAPPING_EXACT_S, now);
    if (floor(until_s) - CAPPING_EXACT_S > now) { /* a step longer than the window leaves a gap */
        if (w->capping.n_gaps == (int)(sizeof w->capping.gaps / sizeof w->capping.gaps[0])) {
            /* full: every GPU settles to the frontier, and the gaps behind it go */
            for (int n = 0; n < w->n_nodes; n++)
                for (int g = 0; g < w->nodes[n].n_gpus; g++) {
                    emu_gpu *gp = &w->nodes[n].gpus[g];
                    if (gp->capping_settled_to_s < w->capping.frontier_s)
                        settle_lazy(w, n, g, &gp->capping_settled_s, &gp->capping_settled_to_s);
                }
            int kept = 0;
            for (int k = 0; k < w->capping.n_gaps; k++)
                if (w->capping.gaps[k][1] > w->capping.frontier_s) {
                    w->capping.gaps[kept][0] = w->capping.gaps[k][0];
                    w->capping.gaps[kept++][1] = w->capping.gaps[k][1];
                }
            w->capping.n_gaps = kept;
        }
        w->capping.gaps[w->capping.n_gaps][0] = now;
        w->capping.gaps[w->capping.n_gaps++][1] = floor(until_s) - CAPPING_EXACT_S;
    }
    if (to > w->capping.frontier_s)
        w->capping.frontier_s = to;
}

/* The counters other than SW Power Capping, in emu_gpu.reason_base_s's order. */
static const uint32_t held_reasons[3] = {EMU_CER_SW_THERMAL, EMU_CER_HW_THERMAL, EMU_CER_HW_POWER_BRAKE};

/* Narrows [*a, *b) to the span over which the job keeps the GPU busy under the present state
 * (emu_gpu_busy through time): from the run's start, not before the driver loaded, until the run
 * is no longer RUNNING (its stop's end, its cancel) or the host stops (frozen, powered off).
 * false when nothing is left. */
static bool busy_span(const emu_world *w, int node, int gpu, double *a, double *b)
{
    const emu_job *j = &w->job;
    const emu_node *n = &w->nodes[node];
    if (!j->present || emu_job_rank_of(w, node, gpu) < 0 || emu_gpu_lost(w, node, gpu))
        return false;
    for (int k = 0; k < j->n_nodes; k++)
        if (!w->nodes[j->nodes[k]].fabric_manager_running)
            return false;
    double to = INFINITY;
    emu_run_stop s;
    if (w->run.cancelled_s > 0)
        to = w->run.cancelled_s;
    if (emu_run_stop_of(w, &s))
        to = fmin(to, s.end_s);
    if (n->frozen_s > 0)
        to = fmin(to, n->frozen_s);
    if (!n->powered_on)
        to = fmin(to, n->power_lost_s > 0 ? n->power_lost_s : w->start_time_s);
    *a = fmax(*a, fmax(n->boot_time_s, j->start_time_s));
    *b = fmin(*b, to);
    return *b > *a;
}

/* The seconds of [a, b) that held_reasons[k] held the GPU's clocks under the present state: the
 * power brake from its onset whatever the load (the BMC's signal holds an idle GPU too: gpu.c), a
 * thermal reason from when the loaded GPU reached its threshold (emu_gpu_thermal_since_s) while
 * the job kept it busy. */
static double reason_between(const emu_world *w, int node, int gpu, int k, double a, double b)
{
    if (k == 2) {
        if (!w->nodes[node].gpus[gpu].power_brake)
            return 0;
        a = fmax(a, emu_gpu_reasons_since_s(w, node, gpu));
    } else {
        if (!(emu_gpu_load_reasons(w, node, gpu) & held_reasons[k]) || !busy_span(w, node, gpu, &a, &b))
            return 0;
        a = fmax(a, emu_gpu_thermal_since_s(w, node, gpu, held_reasons[k]));
    }
    return b > a ? b - a : 0;
}

double emu_gpu_reason_held_s(const emu_world *w, int node, int gpu, uint32_t reason)
{
    if (!valid(w, node, gpu))
        return 0;
    if (reason == EMU_CER_SW_POWER_CAP)
        return emu_gpu_power_capping_s(w, node, gpu);
    const emu_gpu *g = &w->nodes[node].gpus[gpu];
    for (int k = 0; k < 3; k++)
        if (held_reasons[k] == reason)
            return g->reason_base_s[k] + reason_between(w, node, gpu, k, g->reasons_from_s, w->now_s);
    return 0;
}

void emu_gpu_counters_fold(emu_world *w, int node, int gpu)
{
    if (!valid(w, node, gpu))
        return;
    emu_gpu *g = &w->nodes[node].gpus[gpu];
    for (int k = 0; k < 3; k++)
        g->reason_base_s[k] += reason_between(w, node, gpu, k, g->reasons_from_s, w->now_s);
    g->reasons_from_s = w->now_s;
    g->capping_base_s = emu_gpu_power_capping_s(w, node, gpu);
    g->capping_settled_s = 0;
    g->capping_settled_to_s = w->now_s;
}

void emu_gpu_counters_fold_node(emu_world *w, int node)
{
    for (int n = node < 0 ? 0 : node; n < (node < 0 ? w->n_nodes : node + 1) && n < w->n_nodes; n++)
        for (int g = 0; g < w->nodes[n].n_gpus; g++)
            emu_gpu_counters_fold(w, n, g);
}

double emu_gpu_temp_c(const emu_world *w, int node, int gpu)
{
    if (!valid(w, node, gpu))
        return 0;
    const emu_gpu *g = &w->nodes[node].gpus[gpu];
    double t;
    if (g->forced_temp_c > 0 && emu_gpu_busy(w, node, gpu))
        return round(g->forced_temp_c); /* held there: every sensor reads the same value */
    if (g->heat_from_s > 0 && emu_gpu_busy(w, node, gpu))
        return round(emu_gpu_heating_temp_c(w, node, gpu) + 0.4 * emu_sample(w, "temp", node, gpu));
    /* the die follows the draw averaged over its thermal time constant (tens of seconds: many
     * steps), not the last second's */
    double period, idle, p = emu_gpu_power_draw_w(w, node, gpu);
    if (step_phases(w, node, gpu, &period, &idle))
        p = fmin(draw_at(w, node, gpu, 1.0 - idle / period), g->power_limit_w);
    t = g->inlet_temp_c + g->thermal_c_per_w * p + 0.6 * emu_sample(w, "temp", node, gpu);
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
