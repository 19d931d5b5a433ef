/* gpu.c: what follows from a GPU's state (gpu.h): busy or lost, the SM clock and the reasons
 * holding it down, power draw, temperatures, utilisation, NVLink counters. */
#include <math.h>
#include <string.h>

#include "gpu.h"
#include "job.h"
#include "run.h"
#include "rng.h"

static bool gpu_valid(const emu_world *w, int node, int gpu)
{
    return node >= 0 && node < w->n_nodes && gpu >= 0 && gpu < w->nodes[node].n_gpus;
}

bool emu_gpu_lost(const emu_world *w, int node, int gpu)
{
    return gpu_valid(w, node, gpu) && w->nodes[node].gpus[gpu].lost_s > 0;
}

double emu_gpu_heating_temp_c(const emu_world *w, int node, int gpu)
{
    const emu_gpu *g = &w->nodes[node].gpus[gpu];
    const emu_gpu_spec *spec = w->spec;
    double eq = g->inlet_temp_c + g->heat_c_per_w * spec->full_load_power_w;
    double dt = w->now_s - g->heat_from_s;
    double t = eq + (g->heat_start_c - eq) * exp(-(dt > 0 ? dt : 0) / EMU_GPU_THERMAL_TAU_S);
    /* at the slowdown temperature the hardware halves the clocks and the draw with them: the
     * controller then holds the die about there */
    return fmin(t, spec->temp_slowdown_c + 1);
}

bool emu_gpu_busy(const emu_world *w, int node, int gpu)
{
    if (!gpu_valid(w, node, gpu) || !w->job.present || !w->nodes[node].powered_on ||
        w->nodes[node].frozen_s > 0 || emu_gpu_lost(w, node, gpu) || !emu_run_alive(w))
        return false;
    /* without Fabric Manager the CUDA context never comes up on an NVSwitch system */
    for (int k = 0; k < w->job.n_nodes; k++)
        if (!w->nodes[w->job.nodes[k]].fabric_manager_running)
            return false;
    return emu_job_rank_of(w, node, gpu) >= 0;
}

/* The clock before jitter, and the reasons holding it down. Temperature for the thermal decision is
 * the fault's forced temperature, else the steady state at full power (healthy GPUs stay far below
 * the max operating temperature, so there is no feedback loop to solve). */
static double clock_loaded_mhz(const emu_world *w, int node, int gpu, uint32_t *reasons);

double emu_gpu_clock_raw_mhz(const emu_world *w, int node, int gpu, uint32_t *reasons)
{
    if (!emu_gpu_busy(w, node, gpu)) {
        /* an idle GPU reports its brake too: the BMC's signal holds whatever the load */
        if (reasons)
            *reasons = EMU_CER_GPU_IDLE | (w->nodes[node].gpus[gpu].power_brake
                                               ? EMU_CER_HW_SLOWDOWN | EMU_CER_HW_POWER_BRAKE
                                               : 0);
        return w->spec->idle_sm_clock_mhz;
    }
    return clock_loaded_mhz(w, node, gpu, reasons);
}

/* The clock the GPU runs at under the job's load (whether or not it runs it now). */
static double clock_loaded_mhz(const emu_world *w, int node, int gpu, uint32_t *reasons)
{
    const emu_gpu_spec *spec = w->spec;
    const emu_gpu *g = &w->nodes[node].gpus[gpu];
    uint32_t r = 0;
    double fmax = spec->max_sm_clock_mhz, f = fmax;
    double temp = g->forced_temp_c > 0 ? g->forced_temp_c
                  : g->heat_from_s > 0 ? emu_gpu_heating_temp_c(w, node, gpu)
                                       : g->inlet_temp_c + g->thermal_c_per_w * spec->full_load_power_w;
    if (g->power_brake) {
        r |= EMU_CER_HW_SLOWDOWN | EMU_CER_HW_POWER_BRAKE;
        f = fmin(f, 0.19 * fmax); /* ~380 MHz on H100, as in the field (tool-formats.md s.2) */
    }
    if (temp >= spec->temp_slowdown_c) {
        /* NVML: HW Slowdown "reduces the core clocks by a factor of 2 or more" */
        r |= EMU_CER_HW_SLOWDOWN | EMU_CER_HW_THERMAL;
        f = fmin(f, 0.5 * fmax);
    }
    if (temp > spec->temp_max_operating_c) {
        /* NVML, nvmlClocksEventReasonSwThermalSlowdown: the driver holds the clocks so that the
         * GPU stays under its Max Operating Temp; it stays active past the slowdown temperature
         * (every SKU's slowdown is above its max operating temperature), beside HW Thermal,
         * whose halving then sets the clock (a modelling choice: 10% a degree below it) */
        r |= EMU_CER_SW_THERMAL;
        if (temp < spec->temp_slowdown_c)
            f = fmin(f, fmax * (1.0 - 0.1 * (temp - spec->temp_max_operating_c)));
    }
    /* power cap: the clock where the load's draw (emu_gpu_load_power_w) fits under the limit */
    double dyn = spec->full_load_power_w - spec->static_power_w;
    double demand = emu_gpu_load_power_w(spec, f / fmax);
    if (demand > g->power_limit_w) {
        r |= EMU_CER_SW_POWER_CAP;
        double ratio = (g->power_limit_w - spec->static_power_w) / dyn;
        f = fmin(f, fmax * cbrt(ratio > 0.01 ? ratio : 0.01));
    }
    if (reasons)
        *reasons = r;
    return f;
}

uint32_t emu_gpu_load_reasons(const emu_world *w, int node, int gpu)
{
    uint32_t r = 0;
    if (gpu_valid(w, node, gpu))
        clock_loaded_mhz(w, node, gpu, &r);
    return r;
}

int emu_gpu_remap_banks(const emu_gpu_spec *spec)
{
    if (spec->arch < EMU_ARCH_AMPERE)
        return 0;
    if (spec->arch == EMU_ARCH_AMPERE)
        return 640;
    int stacks = spec->memory_total_mib > 150000 ? 8 : spec->memory_total_mib > 85000 ? 6 : 5;
    return 512 * stacks;
}

double emu_gpu_load_power_w(const emu_gpu_spec *spec, double clock_ratio)
{
    return spec->static_power_w + (spec->full_load_power_w - spec->static_power_w) * pow(clock_ratio, 3);
}

double emu_gpu_slowdown(const emu_world *w, int node, int gpu)
{
    if (!gpu_valid(w, node, gpu))
        return 1.0;
    /* the pace of the steps a run makes (or will make, when it has not started yet: a job
     * submitted to braked GPUs runs braked) */
    if (emu_gpu_lost(w, node, gpu))
        return 1.0;
    double f = clock_loaded_mhz(w, node, gpu, NULL);
    return w->spec->max_sm_clock_mhz / (f > 1 ? f : 1);
}

double emu_gpu_reasons_since_s(const emu_world *w, int node, int gpu)
{
    if (!gpu_valid(w, node, gpu))
        return w->start_time_s;
    double since = w->nodes[node].boot_time_s + 60;
    for (int k = 0; k < w->n_faults; k++) {
        const emu_fault *f = &w->faults[k];
        if (f->node == node && f->gpu == gpu &&
            (f->kind == EMU_FAULT_GPU_THERMAL || f->kind == EMU_FAULT_GPU_POWER_BRAKE ||
             f->kind == EMU_FAULT_GPU_POWER_CAP))
            since = w->start_time_s - (f->ago_s > 0 ? f->ago_s : 900);
    }
    /* the counters start when the driver loads: a fault older than the present boot counts from
     * the boot (a node that rebooted under a power brake) */
    return fmax(since, w->nodes[node].boot_time_s);
}

double emu_gpu_thermal_since_s(const emu_world *w, int node, int gpu, uint32_t reason)
{
    if (!gpu_valid(w, node, gpu) || w->nodes[node].gpus[gpu].heat_from_s <= 0)
        return emu_gpu_reasons_since_s(w, node, gpu);
    /* invert emu_gpu_heating_temp_c's approach: T(t) = eq + (T0 - eq) exp(-(t - t0) / tau) */
    const emu_gpu *g = &w->nodes[node].gpus[gpu];
    double thr = reason == EMU_CER_HW_THERMAL ? w->spec->temp_slowdown_c : w->spec->temp_max_operating_c;
    double eq = g->inlet_temp_c + g->heat_c_per_w * w->spec->full_load_power_w;
    if (g->heat_start_c >= thr)
        return g->heat_from_s;
    if (!(eq > thr))
        return INFINITY;
    return g->heat_from_s + EMU_GPU_THERMAL_TAU_S * log((g->heat_start_c - eq) / (thr - eq));
}

int emu_gpu_links_up(const emu_world *w, int node, int gpu)
{
    if (!gpu_valid(w, node, gpu))
        return 0;
    int up = 0;
    for (int l = 0; l < w->spec->nvlinks; l++)
        up += w->nodes[node].gpus[gpu].links[l].up;
    return up;
}

uint64_t emu_nvlink_counter(const emu_world *w, int node, int gpu, int link, int which)
{
    if (!gpu_valid(w, node, gpu) || link < 0 || link >= w->spec->nvlinks)
        return 0;
    const emu_nvlink *l = &w->nodes[node].gpus[gpu].links[link];
    double elapsed = w->now_s - w->start_time_s;
    double grow = l->error_rate_per_s * elapsed;
    switch (which) {
    case 0:
        return l->replay_errors + (uint64_t)grow;
    case 1:
        return l->recovery_errors + (uint64_t)(grow / 400.0);
    default:
        return l->crc_errors + (uint64_t)(grow / 18.0);
    }
}

const char *emu_gpu_fabric_state(const emu_world *w, int node)
{
    /* NVML's GPU fabric probe (nvmlDeviceGetGpuFabricInfo) is a Hopper-and-newer feature of
     * NVSwitch systems; elsewhere nvidia-smi has nothing to report: N/A (Azure/azhpc-images pull
     * 506 checks the Fabric block for that N/A) */
    if (node < 0 || node >= w->n_nodes || w->spec->arch < EMU_ARCH_HOPPER || w->nodes[node].n_nvswitches == 0)
        return "N/A";
    return w->nodes[node].fabric_manager_running ? "Completed" : "In Progress";
}

const char *emu_gpu_fabric_status(const emu_world *w, int node)
{
    /* the probe's error status, set once the state is Completed */
    return strcmp(emu_gpu_fabric_state(w, node), "Completed") ? "N/A" : "Success";
}

double emu_gpu_nvlink_step_bytes(const emu_world *w, int node, int gpu)
{
    const emu_job *j = &w->job;
    if (!gpu_valid(w, node, gpu) || !j->present || j->n_nodes < 1 || emu_job_rank_of(w, node, gpu) < 0 ||
        emu_gpu_links_up(w, node, gpu) == 0)
        return 0;
    int g = j->world_size / j->n_nodes;
    return g < 2 ? 0 : 2.0 * (g - 1) / g * j->grad_bytes;
}

double emu_gpu_nvlink_tx_bytes(const emu_world *w, int node, int gpu)
{
    if (!w->job.present || !gpu_valid(w, node, gpu))
        return 0;
    /* the counters start when the driver loads (the boot); the run's steps since then */
    double from = fmax(w->nodes[node].boot_time_s, w->job.start_time_s);
    long steps = emu_job_current_step(w) - emu_job_current_step_at(w, from);
    return steps > 0 ? steps * emu_gpu_nvlink_step_bytes(w, node, gpu) : 0;
}

/* Copy engines move about 79% of the links' rate as nvidia-smi gives it between two GPUs
 * (376-380 GB/s one way of 18 x 26.562 GB/s on HGX H100, p2pBandwidthLatencyTest in NVIDIA/nccl
 * issue 1264); with P2P off the copy is staged through host memory (37 GB/s there, the same
 * issue: 59% of a Gen5 x16 link). */
#define P2P_CE_EFF 0.79
#define STAGED_EFF 0.59
#define HOST_CE_EFF 0.87

double emu_gpu_p2p_gb_per_s(const emu_world *w, int node, int a, int b)
{
    if (!gpu_valid(w, node, a) || !gpu_valid(w, node, b) || a == b)
        return 0;
    const emu_node *n = &w->nodes[node];
    const emu_gpu_spec *spec = w->spec;
    double pcie = (spec->pcie_gen >= 5 ? 63.0 : spec->pcie_gen == 4 ? 31.5 : 15.75);
    if ((n->gpus[a].p2p_off >> b) & 1u)
        return pcie * STAGED_EFF;
    int links;
    if (w->cluster.nvlink == EMU_NVLINK_SWITCH) {
        int la = emu_gpu_links_up(w, node, a), lb = emu_gpu_links_up(w, node, b);
        links = la < lb ? la : lb;
    } else {
        links = 0;
        for (int k = 0; k < spec->nvlinks; k++)
            links += w->layout.link_peer[a][k] == b && n->gpus[a].links[k].up;
    }
    if (links > 0)
        return links * spec->nvlink_gb_per_s * P2P_CE_EFF;
    /* PCIe peer to peer: through the switch, or up to the root complex when ACS redirects */
    const emu_gpu *ga = &n->gpus[a], *gb = &n->gpus[b];
    bool acs = ga->pcie_switch >= 0 && EMU_ACS_REDIRECTS(n->switches[ga->pcie_switch]);
    bool same = ga->pcie_switch == gb->pcie_switch && !acs;
    return pcie * (same ? HOST_CE_EFF : STAGED_EFF);
}

double emu_gpu_host_copy_gb_per_s(const emu_world *w, int node, int gpu)
{
    if (!gpu_valid(w, node, gpu))
        return 0;
    const emu_gpu_spec *spec = w->spec;
    double pcie = (spec->pcie_gen >= 5 ? 63.0 : spec->pcie_gen == 4 ? 31.5 : 15.75);
    int width = w->nodes[node].gpus[gpu].pcie_width > 0 ? w->nodes[node].gpus[gpu].pcie_width : 16;
    return pcie * width / 16.0 * HOST_CE_EFF;
}

const char *emu_gpu_p2p_status(const emu_world *w, int node, int a, int b, char mode)
{
    if (a == b)
        return "X";
    const emu_node *n = &w->nodes[node];
    if ((n->gpus[a].p2p_off >> b) & 1u)
        return "NS";
    bool nvlink = w->cluster.nvlink == EMU_NVLINK_SWITCH ? emu_gpu_links_up(w, node, a) > 0
                                                         : w->layout.pair_links[a][b] > 0;
    if (mode == 'n')
        return nvlink ? "OK" : "NS";
    if (nvlink)
        return "OK";
    /* PCIe: peers under one switch reach each other; ACS redirection or the root complex between
     * them leaves the chipset to decide, which these platforms do not allow */
    const emu_gpu *ga = &n->gpus[a], *gb = &n->gpus[b];
    bool acs = ga->pcie_switch >= 0 && EMU_ACS_REDIRECTS(n->switches[ga->pcie_switch]);
    return ga->pcie_switch == gb->pcie_switch && !acs ? "OK" : "CNS";
}
