/* repair.c: the changes operators' commands make (repair.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "hca.h"
#include "host.h"
#include "job.h"
#include "repair.h"
#include "run.h"
#include "telemetry.h"

/* Ends the host's current boot now: it becomes the previous boot (journalctl -b -1). */
static void end_boot(emu_world *w, emu_node *n)
{
    n->prev_boot_time_s = n->boot_time_s;
    n->prev_boot_end_s = n->frozen_s > 0 ? n->frozen_s : w->now_s;
    n->frozen_s = 0;
    /* the firmware's record of a fatal machine check goes to the next boot (APEI BERT) */
    n->bert_mce_s = n->fatal_mce_s;
    n->fatal_mce_s = 0;
}

static void start_boot(emu_world *w, emu_node *n, double at)
{
    n->powered_on = true;
    n->power_lost_s = 0;
    n->boot_time_s = at + EMU_POST_S;
    n->boots++;
    n->bmc.reports_power_on = true;
    memset(n->service_since_s, 0, sizeof n->service_since_s); /* systemd starts them again */
    memset(n->service_stopped, 0, sizeof n->service_stopped);
    /* the driver loads afresh: its violation counters (SW Power Capping) count from this boot,
     * and a limit set with nvidia-smi -pl is gone: NVML's nvmlDeviceSetPowerManagementLimit says
     * "Limit is not persistent across reboots or driver unloads" (nvml.h), so every GPU boots
     * with its default limit until someone applies the lower one again */
    for (int g = 0; g < n->n_gpus; g++) {
        n->gpus[g].capping_base_s = 0;
        n->gpus[g].capping_settled_s = 0;
        n->gpus[g].capping_settled_to_s = 0;
        memset(n->gpus[g].reason_base_s, 0, sizeof n->gpus[g].reason_base_s);
        n->gpus[g].reasons_from_s = 0;
        n->gpus[g].power_limit_w = w->spec->power_limit_w;
        n->gpus[g].limit_since_s = 0;
    }
}

void emu_node_power(emu_world *w, int node, bool on)
{
    emu_world_changed(w);
    emu_node *n = &w->nodes[node];
    if (on && !n->powered_on) {
        start_boot(w, n, w->now_s);
        emu_bmc_power_trail(n, -1, w->now_s);
    } else if (!on && n->powered_on) {
        emu_bmc_power_trail(n, w->now_s, -1);
        end_boot(w, n);
        n->powered_on = false;
        n->power_lost_s = w->now_s;
        n->bmc.reports_power_on = false;
    }
    emu_world_refresh(w);
}

void emu_node_power_cycle(emu_world *w, int node)
{
    emu_world_changed(w);
    emu_node *n = &w->nodes[node];
    if (n->powered_on)
        end_boot(w, n);
    /* off for a few seconds, then the firmware starts again */
    emu_bmc_power_trail(n, n->powered_on ? w->now_s : -1, w->now_s + 5);
    start_boot(w, n, w->now_s + 5);
    emu_world_refresh(w);
}

void emu_node_freeze(emu_world *w, int node)
{
    emu_world_changed(w);
    w->nodes[node].frozen_s = w->now_s;
    emu_world_refresh(w);
}

/* ---- on a node -------------------------------------------------------------------------- */

int emu_module_set(emu_world *w, int node, const char *name, bool load)
{
    emu_world_changed(w);
    const emu_module *m = emu_module_find(name);
    emu_node *n = &w->nodes[node];
    if (!m)
        return EMU_REPAIR_UNKNOWN;
    if (!strcmp(m->name, "nvidia_peermem")) {
        n->peermem_loaded = load;
        n->peermem_peerdirect_support = 0; /* a load takes the defaults (modinfo.c) */
        n->peermem_persistent_api_support = 1;
    } else if (!load && emu_module_refcount(w, node, m) > 0)
        return EMU_REPAIR_BUSY;
    else if (!load) /* the others stay: unloading the driver under a running job is not offered */
        return EMU_REPAIR_BUSY;
    emu_world_refresh(w);
    return EMU_REPAIR_OK;
}

void emu_pcie_acs_write(emu_world *w, int node, int pcie_switch, unsigned value)
{
    emu_world_changed(w);
    emu_node *n = &w->nodes[node];
    if (pcie_switch < 0 || pcie_switch >= n->n_switches)
        return;
    n->switches[pcie_switch].acs_ctl = value & 0x7fu;
    emu_world_refresh(w);
}

int emu_service_control(emu_world *w, int node, const char *unit, const char *action)
{
    emu_world_changed(w);
    const emu_service *s = emu_service_find(unit);
    emu_node *n = &w->nodes[node];
    if (!s)
        return EMU_REPAIR_UNKNOWN;
    int i = 0;
    while (emu_service_at(i) != s)
        i++;
    bool stop = !strcmp(action, "stop");
    if (stop && !n->service_stopped[i])
        n->service_stopped[i] = true;
    else if (!stop && (strcmp(action, "start") || n->service_stopped[i] || !emu_service_running(w, node, s))) {
        n->service_stopped[i] = false;
        n->service_since_s[i] = w->now_s;
    }
    if (!strcmp(s->name, "nvidia-fabricmanager")) {
        if (n->n_nvswitches == 0)
            return EMU_REPAIR_STATE; /* no NVSwitch: the daemon exits at once */
        emu_gpu_counters_fold_node(w, -1); /* the job's GPUs run or stop with it: gpu.c */
        n->fabric_manager_running = !stop;
    }
    emu_world_refresh(w);
    return EMU_REPAIR_OK;
}

int emu_gpu_set_power_limit(emu_world *w, int node, int gpu, double watts)
{
    emu_world_changed(w);
    if (watts < w->spec->min_power_limit_w || watts > w->spec->power_limit_w)
        return EMU_REPAIR_RANGE;
    emu_gpu *g = &w->nodes[node].gpus[gpu];
    /* the counters keep what they counted under the old limit */
    emu_gpu_counters_fold(w, node, gpu);
    g->limit_since_s = w->now_s;
    g->power_limit_w = watts;
    emu_world_refresh(w);
    return EMU_REPAIR_OK;
}

int emu_gpu_reset(emu_world *w, int node, int gpu)
{
    emu_world_changed(w);
    emu_gpu *g = &w->nodes[node].gpus[gpu];
    if (g->lost_s > 0)
        return EMU_REPAIR_STATE;
    if (emu_gpu_pid(w, node, gpu) && emu_run_alive(w))
        return EMU_REPAIR_BUSY;
    /* a hang cleared ends the run's stop it made: every GPU's counters keep what the stop let
     * them count */
    if (g->hang_s > 0)
        emu_gpu_counters_fold_node(w, -1);
    /* the reset activates the remap the row was marked for (already counted: faults.c) */
    g->remap_pending = false;
    g->ecc_sram_corrected = g->ecc_sram_uncorrected = 0;
    g->ecc_dram_corrected = g->ecc_dram_uncorrected = 0;
    g->hang_s = 0;
    emu_world_refresh(w);
    return EMU_REPAIR_OK;
}

/* ---- the scheduler ------------------------------------------------------------------------ */

void emu_peermem_set_params(emu_world *w, int node, int peerdirect_support, int persistent_api_support)
{
    emu_world_changed(w);
    w->nodes[node].peermem_peerdirect_support = (signed char)peerdirect_support;
    w->nodes[node].peermem_persistent_api_support = (signed char)persistent_api_support;
}

int emu_slurm_node_update(emu_world *w, int node, const char *state, const char *reason)
{
    emu_world_changed(w);
    emu_node *n = &w->nodes[node];
    if (!state) { /* Reason= alone: update_node() sets the reason and its time, no state */
        snprintf(n->slurm_reason, sizeof n->slurm_reason, "%s", reason ? reason : "");
        n->slurm_reason_s = w->now_s;
        return EMU_REPAIR_OK;
    }
    /* slurmctld's _valid_node_state_change() (src/slurmctld/node_mgr.c, Slurm 23.02): RESUME
     * needs a DOWN or DRAIN node, IDLE a DOWN or IDLE one, ALLOCATED an allocated one (and then
     * changes nothing here); UNKNOWN, ERROR, MIXED, CANCEL_REBOOT without a reboot asked for and
     * the POWER_ states without PowerSave (slurm.conf sets none) are always refused. On any of
     * these, also a node booting that Slurm has not yet set DOWN, it answers
     * ESLURM_INVALID_NODE_STATE */
    const char *now = emu_slurm_node_state(w, node, NULL, 0);
    bool allocated = !strncmp(now, "alloc", 5) || !strncmp(now, "drng", 4);
    if (!strcmp(state, "ALLOCATED"))
        return allocated ? EMU_REPAIR_OK : EMU_REPAIR_STATE;
    if (!strcmp(state, "RESUME") || !strcmp(state, "IDLE") || !strcmp(state, "UNDRAIN")) {
        if (!strcmp(state, "RESUME") && !n->slurm_down_s && !n->slurm_drain)
            return EMU_REPAIR_STATE;
        if (!strcmp(state, "IDLE") && allocated)
            return EMU_REPAIR_STATE;
        /* slurmd's registration compares its boot_time (the kernel's start) with last_response:
         * a boot whose kernel starts after the resume (the host still in POST) is "unexpected" */
        n->slurm_boots_seen = n->boot_time_s > w->now_s ? n->boots - 1 : n->boots;
        if (n->slurm_down_s) {
            /* out of DOWN (update_node(), _require_node_reg()): IDLE+NOT_RESPONDING until slurmd
             * registers (emu_slurm_watch), last_response now, boot_time 0 (BootTime=None) */
            n->slurm_resume_s = w->now_s;
            n->slurm_boot_time_s = 0;
        }
        n->slurm_drain = false;
        n->slurm_down_s = 0;
        n->slurm_reason[0] = '\0';
        n->slurm_reason_s = 0;
        return EMU_REPAIR_OK;
    }
    if (strcmp(state, "DRAIN") && strcmp(state, "DOWN"))
        return EMU_REPAIR_STATE;
    if (state[1] == 'R')
        n->slurm_drain = true;
    else
        n->slurm_down_s = w->now_s;
    snprintf(n->slurm_reason, sizeof n->slurm_reason, "%s", reason ? reason : "");
    n->slurm_reason_s = w->now_s;
    return EMU_REPAIR_OK;
}

void emu_job_cancel(emu_world *w)
{
    emu_world_changed(w);
    if (w->job.present && !w->run.cancelled_s)
        w->run.cancelled_s = w->now_s;
}

void emu_job_script_of(const emu_world *w, emu_job_script *s)
{
    const emu_job *j = &w->job;
    if (j->script.fixed) {
        *s = j->script;
        return;
    }
    memset(s, 0, sizeof *s);
    const emu_node *n0 = &w->nodes[j->nodes[0]];
    int per = j->n_nodes ? j->world_size / j->n_nodes : 8;
    int cpt = (n0->loader_cpus > 0 ? n0->loader_cpus : n0->n_cpus) / (per > 0 ? per : 1);
    s->cpus_per_task = cpt > 0 ? cpt : 1;
    snprintf(s->nccl_ib_hca, sizeof s->nccl_ib_hca, "%s", j->nccl_ib_hca);
    snprintf(s->nccl_socket_ifname, sizeof s->nccl_socket_ifname, "%s", j->nccl_socket_ifname);
    s->nccl_ib_disable = j->nccl_ib_disable;
}

/* The nodes a job would get now: up, answering, not drained or down, not excluded. Returns how
 * many of the job's count were found. */
static int pick_nodes(const emu_world *w, uint64_t exclude, int *chosen)
{
    int n = 0;
    for (int k = 0; k < w->n_nodes && n < w->job.n_nodes; k++) {
        const emu_node *nd = &w->nodes[k];
        bool excluded = k < 64 && ((exclude >> k) & 1u);
        if (!excluded && emu_node_reachable(w, k) && !nd->slurm_drain && !nd->slurm_down_s)
            chosen[n++] = k;
    }
    return n;
}

/* Starts the job again as `id` at start_s on the chosen nodes, from the last checkpoint. */
static void start_job(emu_world *w, const emu_submit *o, int id, double submit_s, double start_s,
                      const int *chosen)
{
    emu_world_changed(w);
    emu_job *j = &w->job;
    /* the GPUs' clock-event counters keep what the old run's load counted (the new one may run
     * on other nodes, from a later start) */
    emu_gpu_counters_fold_node(w, -1);
    /* the sruns waiting for the old job's nodes got them first and have run */
    memset(w->run.srun_pending, 0, sizeof w->run.srun_pending);
    /* the new run resumes from the last checkpoint the old one wrote whole: a save that failed
     * (ENOSPC) or was cut short left no checkpoint the tracker file names */
    long last = j->checkpoint_interval > 0 ? emu_run_last_saved_step(w)
                                           : emu_job_current_step(w) - 1;
    w->run.resumed_saved_s = last > 0 ? emu_run_checkpoint_saved_s(w, last) : 0;
    emu_job_script sc;
    emu_job_script_of(w, &sc);
    j->script = sc;
    j->script.fixed = true;
    emu_job_cancel(w);
    emu_hca_fold_job_traffic(w); /* the port counters keep the old run's traffic */
    j->id = id;
    j->start_time_s = start_s;
    w->run.submitted_s = submit_s;
    j->start_step = last > 0 ? last : 1;
    int per = j->world_size / j->n_nodes, r = 0;
    for (int k = 0; k < j->n_nodes; k++) {
        j->nodes[k] = chosen[k];
        for (int g = 0; g < per; g++, r++)
            j->ranks[r].node = chosen[k], j->ranks[r].gpu = g;
    }
    /* the script's NCCL_* defaults unless the submitter's environment sets them */
    snprintf(j->nccl_ib_hca, sizeof j->nccl_ib_hca, "%s",
             o->nccl_ib_hca && o->nccl_ib_hca[0] ? o->nccl_ib_hca : sc.nccl_ib_hca);
    snprintf(j->nccl_socket_ifname, sizeof j->nccl_socket_ifname, "%s",
             o->nccl_socket_ifname && o->nccl_socket_ifname[0] ? o->nccl_socket_ifname
                                                             : sc.nccl_socket_ifname);
    j->nccl_ib_disable = o->nccl_ib_disable >= 0 ? o->nccl_ib_disable == 1 : sc.nccl_ib_disable;
    if (o->timeout_s > 0)
        w->run.timeout_s = o->timeout_s;
    w->run.no_gdr_nodes = 0;
    w->run.init_fail_node = 0;
    for (int k = 0; k < j->n_nodes; k++) {
        emu_node *nd = &w->nodes[chosen[k]];
        if (!nd->fabric_manager_running && !w->run.init_fail_node)
            w->run.init_fail_node = chosen[k] + 1;
        if (o->cpus_per_task > 0)
            nd->loader_cpus = o->cpus_per_task * per >= nd->n_cpus ? 0 : o->cpus_per_task * per;
        if (chosen[k] < 64 && !nd->peermem_loaded)
            w->run.no_gdr_nodes |= 1ull << chosen[k];
    }
    w->run.cancelled_s = 0;
    w->run.restarts++;
    w->run.origin_s = j->start_time_s + EMU_JOB_STARTUP_S;
    w->run.n_segments = 0;
    emu_world_refresh(w);
}

int emu_job_submit(emu_world *w, const emu_submit *o)
{
    emu_world_changed(w);
    emu_job *j = &w->job;
    if (!j->present)
        return EMU_REPAIR_UNKNOWN;
    int chosen[EMU_MAX_NODES];
    if (pick_nodes(w, o->exclude, chosen) < j->n_nodes)
        return EMU_REPAIR_UNKNOWN;
    int id = j->id + 1 + w->run.restarts % 7;
    const char *st = emu_run_state(w);
    if (st && (!strcmp(st, "RUNNING") || !strcmp(st, "COMPLETING") || !strcmp(st, "PENDING"))) {
        /* the job still holds its nodes: the new one waits for them */
        if (w->run.queued.id)
            return EMU_REPAIR_BUSY;
        w->run.queued.id = id;
        w->run.queued.submit_s = w->now_s;
        w->run.queued.exclude = o->exclude;
        w->run.queued.cpus_per_task = o->cpus_per_task;
        w->run.queued.nccl_ib_disable = o->nccl_ib_disable;
        w->run.queued.timeout_s = o->timeout_s;
        w->run.queued.has_hca = o->nccl_ib_hca != NULL;
        w->run.queued.has_ifname = o->nccl_socket_ifname != NULL;
        snprintf(w->run.queued.nccl_ib_hca, sizeof w->run.queued.nccl_ib_hca, "%s",
                 o->nccl_ib_hca ? o->nccl_ib_hca : "");
        snprintf(w->run.queued.nccl_socket_ifname, sizeof w->run.queued.nccl_socket_ifname, "%s",
                 o->nccl_socket_ifname ? o->nccl_socket_ifname : "");
        return id;
    }
    start_job(w, o, id, w->now_s, w->now_s + 2, chosen);
    return id;
}

void emu_job_start_queued(emu_world *w)
{
    emu_world_changed(w);
    if (!w->run.queued.id || !w->job.present)
        return;
    double free_s = emu_run_released_s(w);
    if (free_s <= 0)
        return;
    int chosen[EMU_MAX_NODES];
    if (pick_nodes(w, w->run.queued.exclude, chosen) < w->job.n_nodes)
        return; /* it waits for nodes to come back */
    emu_submit o = {w->run.queued.exclude, w->run.queued.cpus_per_task,
                    w->run.queued.has_hca ? w->run.queued.nccl_ib_hca : NULL,
                    w->run.queued.has_ifname ? w->run.queued.nccl_socket_ifname : NULL,
                    w->run.queued.nccl_ib_disable, w->run.queued.timeout_s};
    int id = w->run.queued.id;
    w->run.queued.id = 0;
    /* slurmctld schedules on the job's end: a couple of seconds after its nodes are freed */
    start_job(w, &o, id, w->run.queued.submit_s, fmax(free_s, w->run.queued.submit_s) + 2, chosen);
}

bool emu_job_cancel_queued(emu_world *w, int id)
{
    emu_world_changed(w);
    if (!w->run.queued.id || w->run.queued.id != id)
        return false;
    w->run.queued.id = 0;
    return true;
}

bool emu_srun_cancel_pending(emu_world *w, int id)
{
    emu_world_changed(w);
    for (int k = 0; k < (int)(sizeof w->run.srun_pending / sizeof w->run.srun_pending[0]); k++)
        if (id && emu_srun_pending_id(w, k) == id) {
            w->run.srun_pending[k].id = 0;
            return true;
        }
    return false;
}

int emu_srun_job_id(emu_world *w)
{
    emu_world_changed(w);
    return w->job.id + 11 + w->run.sruns++;
}

bool emu_srun_queue_full(const emu_world *w)
{
    int n = (int)(sizeof w->run.srun_pending / sizeof w->run.srun_pending[0]);
    for (int k = 0; k < n; k++)
        if (!emu_srun_pending_id(w, k))
            return false;
    return true;
}

bool emu_srun_leave_queued(emu_world *w, int id, int n_nodes, const char *name)
{
    emu_world_changed(w);
    int n = (int)(sizeof w->run.srun_pending / sizeof w->run.srun_pending[0]), k = 0;
    while (k < n && emu_srun_pending_id(w, k))
        k++;
    if (k == n) /* no free slot: the caller refuses the srun first (emu_srun_queue_full) */
        return false;
    w->run.srun_pending[k].id = id;
    w->run.srun_pending[k].submit_s = w->now_s;
    w->run.srun_pending[k].n_nodes = n_nodes;
    snprintf(w->run.srun_pending[k].name, sizeof w->run.srun_pending[k].name, "%s", name);
    return true;
}

bool emu_srun_wait_nodes(emu_world *w, double max_s)
{
    double limit = w->now_s + max_s;
    for (int guard = 0; guard < EMU_MAX_FAULTS + 1; guard++) {
        double due = emu_run_release_due_s(w);
        if (due > 0 && due + 2 <= limit) {
            if (due + 2 > w->now_s)
                emu_world_advance(w, due + 2 - w->now_s);
            return true;
        }
        double next = INFINITY;
        for (int k = 0; k < w->n_faults; k++) {
            double t = w->start_time_s + w->faults[k].onset_s;
            if (!w->fault_state[k] && t > w->now_s && t < next)
                next = t;
        }
        if (!(next + 1 < limit) || w->clock_held)
            return false;
        emu_world_advance(w, next + 1 - w->now_s);
    }
    return false;
}
