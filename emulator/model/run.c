/* run.c: the job's run over time (run.h): the steps' timeline with its checkpoint saves and
 * input stalls, when and why the run stops, how it ends, and its Slurm state. */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "job.h"
#include "run.h"
#include "storage.h"

/* ---- the steps' timeline ------------------------------------------------------------------ */

/* Multiples of every in [a, b] (0 when every is 0). */
static long multiples(long every, long a, long b)
{
    if (every <= 0 || b < a)
        return 0;
    return (long)(floor((double)b / every) - floor((double)(a - 1) / every));
}

/* ---- the saves: the layout of their files, which fail, what each blocks -------------------- */

/* Whether a file of stripe count sc (-1: every OST) whose first object is on OST first - 1
 * (first 0: the MDS chooses) has an object on OST ost of mount mt. The MDS places a file of
 * fewer stripes than OSTs away from a full OST (Lustre wiki, Handling Full OSTs: the allocator
 * skips OSTs without space); a given first OST is honoured and the next stripes follow it in
 * index order (lfs setstripe -i). A file over every OST (-1) keeps an object on the full one,
 * and its writes there fail with ENOSPC: the Lustre Operations Manual's "Handling Full OSTs"
 * example (a write striped uniformly over all OSTs fails while the others have room). Not
 * modelled: the MDS skipping an OST below osp.*.reserved_mb_low (lustre/osp/osp_precreate.c,
 * about 0.1 % of the OST) and accepting 3/4 of a default stripe count without it
 * (lustre/lod/lod_qos.c, min_stripe_count); the full OST is taken to be above that watermark in
 * the MDS's last statfs. */
static bool layout_meets_ost(const emu_mount *mt, int sc, int first, int ost)
{
    int n = mt->n_osts ? mt->n_osts : 2;
    if (sc < 0 || sc >= n)
        return true;
    if (first <= 0)
        return false;
    for (int k = 0; k < sc; k++)
        if ((first - 1 + k) % n == ost)
            return true;
    return false;
}

/* Whether the save after step began before the checkpoint mount's last lfs setstripe (its files
 * then have the layout from before). A step, not a time: the step clock depends on which saves
 * fail, and which fail on the layout. */
static bool layout_before(const emu_mount *cm, long step)
{
    return cm->restriped_step > 0 && step < cm->restriped_step;
}

int emu_checkpoint_stripe_count(const emu_world *w, long step)
{
    const emu_mount *cm = &w->mounts[w->job.checkpoint_mount];
    return layout_before(cm, step) ? cm->stripe_count_before : cm->stripe_count;
}

int emu_checkpoint_first_ost(const emu_world *w, long step)
{
    const emu_mount *cm = &w->mounts[w->job.checkpoint_mount];
    return layout_before(cm, step) ? cm->stripe_first_ost_before : cm->stripe_first_ost;
}

/* Whether a save fails in the layout from before the last lfs setstripe (before) or in the
 * present one. */
static bool fails_in(const emu_world *w, bool before)
{
    const emu_mount *cm = &w->mounts[w->job.checkpoint_mount];
    int sc = before ? cm->stripe_count_before : cm->stripe_count;
    int first = before ? cm->stripe_first_ost_before : cm->stripe_first_ost;
    bool over_full = cm->full_ost > 0 && layout_meets_ost(cm, sc, first, cm->full_ost - 1);
    return cm->used_bytes >= cm->size_bytes || over_full;
}

bool emu_run_save_fails(const emu_world *w, long step)
{
    if (!w->job.present || w->job.checkpoint_mount < 0)
        return false;
    return fails_in(w, layout_before(&w->mounts[w->job.checkpoint_mount], step));
}

double emu_run_save_blocks_s(const emu_world *w, long step)
{
    return emu_run_save_fails(w, step) ? 0 : emu_run_save_s(w);
}

/* The seconds the saves after steps a..b block (each multiple of the checkpoint interval): the
 * saves before the last lfs setstripe in the layout from before, the others in the present. */
static double saves_s(const emu_world *w, long a, long b)
{
    long every = w->job.checkpoint_interval;
    double save = every > 0 && b >= a ? emu_run_save_s(w) : 0;
    if (save <= 0 || w->job.checkpoint_mount < 0)
        return 0;
    long r = w->mounts[w->job.checkpoint_mount].restriped_step; /* the first in the present */
    r = r < a ? a : r > b + 1 ? b + 1 : r;
    double s = 0;
    if (r > a && !fails_in(w, true))
        s += multiples(every, a, r - 1) * save;
    if (!fails_in(w, false))
        s += multiples(every, r, b) * save;
    return s;
}

/* The seconds the saves and stalls between steps a and b (a <= b) add: after each step that is
 * a multiple of the checkpoint interval the save (nothing when it fails), on each multiple of
 * the stall period the stall. */
static double extras_s(const emu_world *w, long a, long b)
{
    return multiples(w->run.stall_every, a, b - 1) * w->run.stall_ms / 1e3 + saves_s(w, a, b - 1);
}

/* A stretch of the steps' timeline: n segments from seg (n 0: before the first refresh, when
 * the lab's start anchors the job's start_step at the nominal step time). The whole timeline is
 * one; emu_run_retime lays a scenario's past out on the later part of it. */
typedef struct timeline {
    const struct emu_run_segment *seg;
    int n;
} timeline;

static timeline whole(const emu_world *w)
{
    return (timeline){w->run.segments, w->run.n_segments};
}

static double step_ms_of(const emu_world *w, timeline tl, int k)
{
    double ms = tl.n ? tl.seg[k].step_ms : w->job.nominal_step_ms;
    return ms > 0 ? ms : 1000;
}

static double start_in(const emu_world *w, timeline tl, long step)
{
    const emu_job *j = &w->job;
    if (!tl.n) /* before the first refresh: the lab's start anchors step 0 */
        return w->start_time_s + (double)(step - j->start_step) * step_ms_of(w, tl, 0) / 1e3;
    int k = 0;
    while (k + 1 < tl.n && tl.seg[k + 1].step <= step)
        k++;
    long s0 = tl.seg[k].step;
    double t0 = tl.seg[k].time_s, ms = step_ms_of(w, tl, k);
    if (step >= s0)
        return t0 + (double)(step - s0) * ms / 1e3 + extras_s(w, s0, step);
    return t0 - (double)(s0 - step) * ms / 1e3 - extras_s(w, step, s0);
}

double emu_job_step_start_s(const emu_world *w, long step)
{
    return start_in(w, whole(w), step);
}

/* The step in progress at t on the timeline tl, without the run's stop. */
static long step_in(const emu_world *w, timeline tl, double t)
{
    const emu_job *j = &w->job;
    if (!j->present)
        return 0;
    int k = 0;
    while (k + 1 < tl.n && tl.seg[k + 1].time_s <= t)
        k++;
    long s0 = tl.n ? tl.seg[k].step : j->start_step;
    double t0 = tl.n ? tl.seg[k].time_s : w->start_time_s;
    double avg = step_ms_of(w, tl, k) / 1e3;
    if (w->run.stall_every > 0)
        avg += w->run.stall_ms / 1e3 / w->run.stall_every;
    if (j->checkpoint_interval > 0) /* a guess: the saves in the present layout */
        avg += emu_run_save_blocks_s(w, LONG_MAX) / j->checkpoint_interval;
    long n = s0 + (long)floor((t - t0) / avg);
    /* when some saves block and others fail, the guess is off by about the failed saves: step
     * towards t by the average pace until within a step or two */
    for (int guard = 0; guard < 8; guard++) {
        long d = (long)floor((t - start_in(w, tl, n)) / avg);
        if (d >= -1 && d <= 1)
            break;
        n += d;
    }
    for (int guard = 0; guard < 64 && start_in(w, tl, n + 1) <= t; guard++)
        n++;
    for (int guard = 0; guard < 64 && start_in(w, tl, n) > t; guard++)
        n--;
    return n;
}

static long step_at(const emu_world *w, double t)
{
    return step_in(w, whole(w), t);
}

long emu_job_current_step_at(const emu_world *w, double t)
{
    emu_run_stop s;
    if (emu_run_stop_of(w, &s) && s.at_s < t)
        return s.step; /* a stopped run stays in the step it stopped in */
    return step_at(w, t);
}

double emu_run_steps_done_at(const emu_world *w, double t)
{
    if (!w->job.present)
        return 0;
    double end = emu_run_end_s(w); /* cancelled: no stop, but no more steps either */
    if (end > 0 && end < t)
        t = end;
    emu_run_stop s;
    bool stopped = emu_run_stop_of(w, &s) && s.at_s < t;
    double at = stopped ? s.at_s : t;
    long k = stopped ? s.step : step_at(w, at);
    double a = emu_job_step_start_s(w, k), b = emu_job_step_start_s(w, k + 1);
    return (double)k + (b > a ? fmin(fmax((at - a) / (b - a), 0), 1) : 0);
}

void emu_run_began(const emu_world *w, long *step, double *at_s)
{
    const emu_job *j = &w->job;
    if (!w->run.restarts && w->run.resumed_step > 0) { /* first_run_resume's checkpoint */
        *step = w->run.resumed_step;
        *at_s = j->start_time_s + EMU_JOB_STARTUP_S;
        return;
    }
    long s = step_at(w, j->start_time_s + EMU_JOB_STARTUP_S);
    if (w->run.restarts || s > j->start_step) /* a resubmitted run starts at its checkpoint */
        s = j->start_step;
    *step = s < 0 ? 0 : s;
    *at_s = w->run.restarts ? emu_job_step_start_s(w, *step) : j->start_time_s + EMU_JOB_STARTUP_S;
}

long emu_job_current_step(const emu_world *w)
{
    return emu_job_current_step_at(w, w->now_s);
}

double emu_run_checkpoint_saved_s(const emu_world *w, long step)
{
    long resumed;
    double began;
    emu_run_began(w, &resumed, &began);
    if (step == resumed && w->run.resumed_saved_s > 0)
        return w->run.resumed_saved_s;
    return emu_job_step_start_s(w, step + 1);
}

int emu_run_save_state(const emu_world *w, long step)
{
    const emu_job *j = &w->job;
    if (!j->present || j->checkpoint_interval <= 0 || j->checkpoint_mount < 0 || step <= 0 ||
        step % j->checkpoint_interval)
        return 0;
    long resumed;
    double began;
    emu_run_began(w, &resumed, &began);
    if (step == resumed)
        return 1; /* the run resumed from it: the run before wrote it whole */
    if (step < resumed)
        return 0; /* before the run's checkpoint: pruned, or never this run's */
    /* a save after the step in progress (or the step the run stopped in) has not begun; one
     * that has ended by now ended at the start of the next step (it blocks training) */
    if (step >= emu_job_current_step(w) || emu_run_checkpoint_saved_s(w, step) > w->now_s)
        return 0;
    return emu_run_save_fails(w, step) ? -1 : 1;
}

long emu_run_last_saved_step(const emu_world *w)
{
    const emu_job *j = &w->job;
    long resumed;
    double began;
    emu_run_began(w, &resumed, &began);
    long every = j->checkpoint_interval;
    if (!j->present || every <= 0 || j->checkpoint_mount < 0)
        return resumed > 0 ? resumed : 0;
    /* the newest save that ended whole (Megatron's tracker file names it): the saves from the
     * last multiple of the interval before the step in progress down to the resumed one */
    for (long k = (emu_job_current_step(w) - 1) / every * every; k > resumed && k > 0; k -= every)
        if (emu_run_save_state(w, k) > 0)
            return k;
    return resumed > 0 ? resumed : 0;
}

/* The scenario's job (running_for_s) is a resubmission that resumes from the last checkpoint
 * of the run before it. Megatron-LM saves when iteration % --save-interval == 0
 * (megatron/training/training.py, checkpoint_and_decide_exit); its other saves, at exit
 * (--exit-interval, --exit-duration-in-mins, --exit-signal-handler), are off unless set, and
 * train.sbatch sets none. So the run resumes from a multiple of the interval: the last one
 * before the step the timeline has in progress at running_for_s + EMU_JOB_STARTUP_S before
 * the lab (repair.c's resubmission follows the same rule), and its StartTime moves so that
 * its first step (that multiple + 1) starts EMU_JOB_STARTUP_S after it. The previous run's
 * save of that checkpoint ended half an interval's steps before the job's SubmitTime: the
 * work a run loses to an interruption at a random time between saves, half the interval on
 * average (a modelling choice: the previous run is not modelled further). */
static void first_run_resume(emu_world *w)
{
    emu_job *j = &w->job;
    if (j->checkpoint_interval <= 0 || j->checkpoint_mount < 0)
        return;
    long s = step_at(w, j->start_time_s + EMU_JOB_STARTUP_S);
    if (s > j->start_step)
        s = j->start_step;
    long r = (s - 1) / j->checkpoint_interval * j->checkpoint_interval;
    if (r <= 0)
        return;
    j->start_time_s = emu_job_step_start_s(w, r + 1) - EMU_JOB_STARTUP_S;
    w->run.resumed_step = r;
    w->run.resumed_saved_s = j->start_time_s - EMU_JOB_QUEUED_S -
                             j->checkpoint_interval / 2.0 * step_ms_of(w, whole(w), 0) / 1e3;
}

/* Makes room for `need` segments of the timeline (doubling the array). Returns false when out of
 * memory: the retime is skipped then and the steps keep the pace they had (the one case where a
 * change of step time does not show; nothing already run changes). */
static bool segment_room(emu_world *w, int need)
{
    int cap = w->run.segments_cap;
    if (need <= cap)
        return true;
    while (cap < need)
        cap = cap ? 2 * cap : 8;
    struct emu_run_segment *grown = realloc(w->run.segments, sizeof *grown * (size_t)cap);
    if (!grown)
        return false;
    w->run.segments = grown;
    w->run.segments_cap = cap;
    return true;
}

void emu_run_mark_past_change(emu_world *w, double at_s)
{
    if (w->run.n_segments || !segment_room(w, w->run.n_past + 1))
        return; /* out of memory: that change shows from the run's start, as a baseline */
    struct emu_run_segment *s = &w->run.segments[w->run.n_past++];
    s->time_s = at_s;
    s->step = 0;
    s->step_ms = w->job.nominal_step_ms;
    s->base = w->step_base;
}

/* Lays the scenario's past out behind the present pace's segment (segs[past], anchored at the
 * lab's start): from the latest change back, each change's boundary is the first step that
 * starts after it on the timeline laid out so far (the step in progress keeps its pace, as a
 * retime does), and both the segment before it and the one after are anchored there, so the
 * later steps keep the times they had and the earlier ones run at the pace they ran at. */
static void lay_out_past(emu_world *w, int past)
{
    struct emu_run_segment *s = w->run.segments;
    for (int i = past - 1; i >= 0; i--) {
        timeline later = {s + i + 1, past - i};
        long b = step_in(w, later, s[i].time_s) + 1;
        double at = start_in(w, later, b);
        s[i + 1].step = s[i].step = b;
        s[i + 1].time_s = s[i].time_s = at;
    }
}

void emu_run_retime(emu_world *w)
{
    const emu_job *j = &w->job;
    double ms = j->nominal_step_ms;
    if (!j->present || ms <= 0)
        return;
    if (!w->run.n_segments) {
        int past = w->run.n_past;
        w->run.n_past = 0;
        if (!segment_room(w, past + 1))
            return;
        struct emu_run_segment *now = &w->run.segments[past];
        now->time_s = w->run.origin_s > 0 ? w->run.origin_s : w->start_time_s;
        now->step = j->start_step;
        now->step_ms = ms;
        now->base = w->step_base;
        lay_out_past(w, past);
        w->run.n_segments = past + 1;
        if (!w->run.restarts)
            first_run_resume(w);
        return;
    }
    double last = w->run.segments[w->run.n_segments - 1].step_ms;
    if (fabs(ms - last) <= 1e-6 * last) {
        w->run.segments[w->run.n_segments - 1].base = w->step_base;
        return;
    }
    /* the step in progress keeps the old pace; the next one starts the new segment */
    long next = step_at(w, w->now_s) + 1;
    double at = emu_job_step_start_s(w, next);
    if (!segment_room(w, w->run.n_segments + 1))
        return;
    int k = w->run.n_segments++;
    w->run.segments[k].time_s = at;
    w->run.segments[k].step = next;
    w->run.segments[k].step_ms = ms;
    w->run.segments[k].base = w->step_base;
}

/* ---- stops and ends ----------------------------------------------------------------------- */

/* The stop with the earlier time wins; ties keep the first found. */
static void consider(emu_run_stop *best, emu_stop_cause cause, double at, int node, int gpu,
                     int rank)
{
    if (at <= 0 || (best->cause && best->at_s <= at))
        return;
    best->cause = cause;
    best->at_s = at;
    best->node = node;
    best->gpu = gpu;
    best->rank = rank;
}

static bool stop_of(const emu_world *w, emu_run_stop *s);

/* Tools ask whether the run is alive for every GPU they show (emu_gpu_busy and the samplers),
 * and the stop takes a pass over every GPU of the job: 512 x 512 at 64 nodes for one `ps aux`.
 * The stop depends on the state, not on the clock, so it is found once an epoch (world.h). */
bool emu_run_stop_of(const emu_world *w, emu_run_stop *s)
{
    if (emu_world_caches_off)
        return stop_of(w, s);
    emu_world *cw = emu_world_caches(w);
    if (cw->cache.stop_epoch != w->epoch + 1) {
        cw->cache.stops = stop_of(w, &cw->cache.stop);
        cw->cache.stop_epoch = w->epoch + 1;
    }
    *s = w->cache.stop;
    return w->cache.stops;
}

static bool stop_of(const emu_world *w, emu_run_stop *s)
{
    const emu_job *j = &w->job;
    memset(s, 0, sizeof *s);
    s->node = s->gpu = s->rank = -1;
    if (!j->present)
        return false;
    for (int k = 0; k < j->n_nodes; k++) {
        const emu_node *n = &w->nodes[j->nodes[k]];
        if (!n->powered_on)
            consider(s, EMU_STOP_HOST_POWER, n->power_lost_s > 0 ? n->power_lost_s : w->start_time_s,
                     n->index, -1, -1);
        else if (n->prev_boot_end_s > j->start_time_s) /* it rebooted under the job */
            consider(s, EMU_STOP_HOST_POWER, n->prev_boot_end_s, n->index, -1, -1);
        if (n->frozen_s > 0)
            consider(s, EMU_STOP_HOST_FROZEN, fmax(n->frozen_s, j->start_time_s), n->index, -1, -1);
        for (int g = 0; g < n->n_gpus; g++) {
            const emu_gpu *gp = &n->gpus[g];
            /* the rank of the job's k-th node's GPU g (emu_job_rank_of's layout, without its
             * search of the job's nodes: this runs for every GPU each time a tool asks whether
             * the run is alive, 64 x 64 x 8 lookups at 64 nodes) */
            int gpn = w->cluster.gpus_per_node, r = k * gpn + g;
            if (g >= gpn || r >= j->world_size || j->ranks[r].node != n->index || j->ranks[r].gpu != g)
                continue;
            /* a lost GPU stays lost (a new run fails at its start); a hang or a deadlock was
             * an accident of the run it happened in */
            if (gp->lost_s > 0)
                consider(s, EMU_STOP_GPU_LOST, fmax(gp->lost_s, j->start_time_s), n->index, g, r);
            if (gp->hang_s >= j->start_time_s)
                consider(s, EMU_STOP_RANK_HANG, gp->hang_s, n->index, g, r);
            if (gp->loader_deadlock_s >= j->start_time_s)
                consider(s, EMU_STOP_LOADER_DEADLOCK, gp->loader_deadlock_s, n->index, g, r);
        }
    }
    /* rank 0 saving alone for longer than the others' collective timeout: they wait for it in
     * the next step's all-reduce (the first such save of the run) */
    if (j->checkpoint_interval > 0 && j->checkpoint_rank0_only) {
        long k = (j->start_step + j->checkpoint_interval - 1) / j->checkpoint_interval * j->checkpoint_interval;
        double save = emu_run_save_blocks_s(w, k);
        if (save > w->run.timeout_s)
            consider(s, EMU_STOP_SLOW_SAVE, emu_job_step_start_s(w, k + 1) - save, j->nodes[0], 0, 0);
    }
    /* a node without Fabric Manager at the run's start: every rank's first CUDA call fails
     * after Python's imports (half the launcher's start-up, a modelling choice) */
    if (w->run.init_fail_node > 0)
        consider(s, EMU_STOP_INIT_FAILED, j->start_time_s + 30, w->run.init_fail_node - 1, -1, -1);
    if (!s->cause)
        return false;
    s->step = step_at(w, s->at_s);
    if (s->cause == EMU_STOP_INIT_FAILED) {
        s->end = EMU_END_EXIT;
        s->end_s = s->at_s + 1;
        return true;
    }
    /* a host that stops answering is set DOWN by Slurm before the watchdog's timeout ends */
    bool host = s->cause == EMU_STOP_HOST_POWER || s->cause == EMU_STOP_HOST_FROZEN;
    s->end = host ? EMU_END_NODE_FAIL : EMU_END_WATCHDOG;
    s->end_s = s->at_s + (host ? EMU_SLURMD_TIMEOUT_S : w->run.timeout_s);
    if (s->cause == EMU_STOP_SLOW_SAVE) /* the others enter the all-reduce after a step */
        s->end_s += w->job.nominal_step_ms / 1e3;
    return true;
}

const char *emu_run_state(const emu_world *w)
{
    const emu_job *j = &w->job;
    if (!j->present)
        return NULL;
    if (w->run.cancelled_s > 0 && w->run.cancelled_s <= w->now_s)
        return w->now_s < w->run.cancelled_s + EMU_TEARDOWN_S ? "COMPLETING" : "CANCELLED";
    if (w->now_s < j->start_time_s)
        return "PENDING";
    emu_run_stop s;
    if (!emu_run_stop_of(w, &s) || w->now_s < s.end_s)
        return "RUNNING";
    /* the steps' processes take a few seconds to be torn down */
    if (w->now_s < s.end_s + EMU_TEARDOWN_S)
        return "COMPLETING";
    return s.end == EMU_END_NODE_FAIL ? "NODE_FAIL" : "FAILED";
}

double emu_run_end_s(const emu_world *w)
{
    if (!w->job.present || w->now_s < w->job.start_time_s)
        return 0;
    if (w->run.cancelled_s > 0 && w->run.cancelled_s <= w->now_s)
        return w->run.cancelled_s;
    emu_run_stop s;
    return emu_run_stop_of(w, &s) && s.end_s <= w->now_s ? s.end_s : 0;
}

double emu_run_released_s(const emu_world *w)
{
    if (!w->job.present)
        return 0;
    double at = 0;
    emu_run_stop s;
    if (w->run.cancelled_s > 0)
        at = w->run.cancelled_s + EMU_TEARDOWN_S;
    else if (emu_run_stop_of(w, &s))
        at = s.end_s + EMU_TEARDOWN_S;
    return at > 0 && at <= w->now_s ? at : 0;
}

bool emu_run_holds_node(const emu_world *w, int node)
{
    const char *st = emu_run_state(w);
    if (!st || (strcmp(st, "RUNNING") && strcmp(st, "COMPLETING")))
        return false;
    for (int k = 0; k < w->job.n_nodes; k++)
        if (w->job.nodes[k] == node)
            return true;
    return false;
}

double emu_run_release_due_s(const emu_world *w)
{
    emu_run_stop s;
    if (!w->job.present)
        return 0;
    if (w->run.cancelled_s > 0)
        return w->run.cancelled_s + EMU_TEARDOWN_S;
    if (emu_run_stop_of(w, &s) && s.end_s > 0)
        return s.end_s + EMU_TEARDOWN_S;
    return 0;
}

int emu_srun_pending_id(const emu_world *w, int k)
{
    const char *st = emu_run_state(w);
    bool held = st && (!strcmp(st, "RUNNING") || !strcmp(st, "COMPLETING"));
    int n = (int)(sizeof w->run.srun_pending / sizeof w->run.srun_pending[0]);
    return held && k >= 0 && k < n ? w->run.srun_pending[k].id : 0;
}

bool emu_run_alive(const emu_world *w)
{
    const char *st = emu_run_state(w);
    return st && !strcmp(st, "RUNNING");
}

long emu_run_last_step(const emu_world *w, double t)
{
    return emu_job_current_step_at(w, t) - 1;
}

/* ---- the scheduler's nodes ---------------------------------------------------------------- */

/* Since when the node has not answered slurmctld, or 0 while it answers. */
static double silent_since_host(const emu_world *w, const emu_node *n)
{
    if (n->frozen_s > 0)
        return n->frozen_s;
    if (!n->powered_on)
        return n->power_lost_s > 0 ? n->power_lost_s : w->start_time_s;
    if (w->now_s < n->boot_time_s + EMU_SSH_UP_S) /* booting: slurmd is not up yet */
        return n->prev_boot_end_s > 0 ? n->prev_boot_end_s : n->boot_time_s;
    return 0;
}

/* The same, as slurmctld counts it: a resume while the node was silent set its last_response to
 * the resume's time (_require_node_reg, src/slurmctld/node_mgr.c), so SlurmdTimeout runs anew. */
static double silent_since(const emu_world *w, const emu_node *n)
{
    double s = silent_since_host(w, n);
    return s > 0 && n->slurm_resume_s > s ? n->slurm_resume_s : s;
}

void emu_slurm_watch(emu_world *w, int node)
{
    emu_node *n = &w->nodes[node];
    double silent = silent_since(w, n);
    if (silent > 0 && !n->slurm_down_s && w->now_s >= silent + EMU_SLURMD_TIMEOUT_S) {
        n->slurm_down_s = silent + EMU_SLURMD_TIMEOUT_S;
        snprintf(n->slurm_reason, sizeof n->slurm_reason, "Not responding");
        n->slurm_reason_s = 0; /* Slurm's own reason, stamped with slurm_down_s */
    }
    if (!silent) /* slurmd answers: it registered with this boot's time (before that, the old one) */
        n->slurm_boot_time_s = n->boot_time_s;
    if (!silent && n->boots > n->slurm_boots_seen) {
        /* slurmd registers after a reboot: a node Slurm had not yet set DOWN was rebooted behind
         * its back; one already DOWN stays so, with its reason (ReturnToService=0) */
        if (!n->slurm_down_s) {
            n->slurm_down_s = n->boot_time_s + EMU_SSH_UP_S;
            /* Slurm 23.02's validate_node_specs(): the reason alone; the boot_time and last
             * response figures go to slurmctld's log, not the node's reason */
            snprintf(n->slurm_reason, sizeof n->slurm_reason, "Node unexpectedly rebooted");
            n->slurm_reason_s = 0;
        }
        n->slurm_boots_seen = n->boots;
    }
}

double emu_slurm_boot_time_s(const emu_world *w, int node)
{
    const emu_node *n = &w->nodes[node];
    return n->slurm_boot_time_s;
}

const char *emu_slurm_node_state(const emu_world *w, int node, char *reason, size_t size)
{
    const emu_node *n = &w->nodes[node];
    bool responding = !silent_since(w, n);
    bool job = false, alive = w->job.present && emu_run_alive(w); /* once, not per job node */
    for (int k = 0; alive && k < w->job.n_nodes; k++)
        job |= w->job.nodes[k] == node;
    if (reason)
        snprintf(reason, size, "%s", n->slurm_reason);
    const char *s = n->slurm_down_s ? "down" : n->slurm_drain ? (job ? "drng" : "drain")
                  : job ? "alloc" : "idle";
    if (responding)
        return s;
    static const char *const star[] = {"down*", "drain*", "drng*", "alloc*", "idle*"};
    return !strcmp(s, "down") ? star[0] : !strcmp(s, "drain") ? star[1] : !strcmp(s, "drng") ? star[2]
         : !strcmp(s, "alloc") ? star[3] : star[4];
}

/* ---- checkpoints -------------------------------------------------------------------------- */

double emu_run_checkpoint_bytes(const emu_world *w)
{
    return EMU_CHECKPOINT_BYTES_PER_PARAM * w->job.model_params_b * 1e9;
}

double emu_run_checkpoint_bytes_per_writer(const emu_world *w)
{
    const emu_job *j = &w->job;
    return emu_run_checkpoint_bytes(w) / (j->checkpoint_rank0_only || j->n_nodes < 1 ? 1 : j->n_nodes);
}

static double save_s(const emu_world *w);

/* Every step's start time adds the saves before it (extras_s), so a log of many lines asks for
 * the save's time once a line: found once an epoch (world.h), as the stop. */
double emu_run_save_s(const emu_world *w)
{
    if (emu_world_caches_off)
        return save_s(w);
    emu_world *cw = emu_world_caches(w);
    if (cw->cache.save_epoch != w->epoch + 1) {
        cw->cache.save_s = save_s(w);
        cw->cache.save_epoch = w->epoch + 1;
    }
    return w->cache.save_s;
}

static double save_s(const emu_world *w)
{
    const emu_job *j = &w->job;
    if (!j->present || j->checkpoint_interval <= 0 || j->checkpoint_mount < 0 || !j->n_nodes)
        return 0;
    const emu_mount *m = &w->mounts[j->checkpoint_mount];
    double bytes = emu_run_checkpoint_bytes(w);
    /* the writers: rank 0's node alone, or every node's share in parallel, each behind its own
     * link to the mount; all behind what the server has left beside the other writers */
    int writers = j->checkpoint_rank0_only ? 1 : j->n_nodes;
    /* each writing rank is one stream (its torch.save of its shard): rank 0 alone, or every
     * rank of the node (a modelling choice: Megatron's fully parallel save spreads the shards
     * over all ranks) */
    int streams = j->checkpoint_rank0_only ? 1 : j->world_size / j->n_nodes;
    double clients = writers * emu_mount_streams_write_cap_bytes_per_s(w, j->nodes[0], j->checkpoint_mount, streams);
    double server = m->write_mb_per_s * 1e6 - m->competing_writers * m->writer_mb_per_s * 1e6;
    /* however many other writers there are, the server still gives the save a twentieth of its
       capacity (a modelling choice that keeps a save finite; Lustre and NFS servers share
       their bandwidth between clients rather than starving one) */
    server = fmax(server, 0.05 * m->write_mb_per_s * 1e6);
    if (!m->shared) /* a local file system: each writer has its own device */
        server *= writers;
    double bps = fmin(clients, server);
    return bps > 0 ? bytes / bps : 0;
}

bool emu_run_saving(const emu_world *w, int node, double t, double *bytes_per_s)
{
    const emu_job *j = &w->job;
    *bytes_per_s = 0;
    double save = emu_run_save_s(w);
    if (save <= 0 || t < j->start_time_s || !emu_run_alive(w))
        return false;
    /* the save after step k (a multiple of the interval) runs from that step's end */
    long step = step_at(w, t); /* during the save after step k, step k is still the latest */
    long k = step / j->checkpoint_interval * j->checkpoint_interval;
    double from = emu_job_step_start_s(w, k + 1) - save;
    if (k < 1 || t < from || t >= from + save || emu_run_save_fails(w, k))
        return false;
    bool in_job = false;
    for (int i = 0; i < j->n_nodes; i++)
        in_job |= j->nodes[i] == node;
    if (in_job && (!j->checkpoint_rank0_only || node == j->nodes[0]))
        *bytes_per_s = emu_run_checkpoint_bytes_per_writer(w) / save;
    return true;
}

long emu_run_unbegun_save_step(const emu_world *w)
{
    if (!w->job.present)
        return 1;
    long cur = emu_job_current_step(w);
    double begins = emu_job_step_start_s(w, cur + 1) - emu_run_save_blocks_s(w, cur);
    long r = w->now_s < begins ? cur : cur + 1;
    return r < 1 ? 1 : r;
}
