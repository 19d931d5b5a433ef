/* telemetry.h: what a GPU's sensors read while the job runs: utilisation, power draw and
 * temperatures (telemetry.c), the quantities that follow from both the device (gpu.h) and the
 * job (job.h). */
#ifndef EMU_MODEL_TELEMETRY_H
#define EMU_MODEL_TELEMETRY_H

#include <stdint.h>

#include "world.h"

/* The window NVML's utilization counter averages over: "between 1 second and 1/6 second
 * depending on the product" (nvidia-smi(1), utilization.gpu); nvidia-smi, dmon and DCGM all read
 * that one counter, so they read the same value at the same time. */
#define EMU_NVML_UTIL_WINDOW_S 1.0

/* The share of [t - window_s, t] (UTC epoch seconds) during which a kernel ran on the GPU, from
 * the job's step timeline (a rank waiting for input runs none; one waiting in a collective for a
 * late peer still runs NCCL's). 0 for a GPU without a job; window_s 0: the share of a whole step. */
double emu_gpu_busy_fraction(const emu_world *world, int node, int gpu, double t, double window_s);

/* GPU utilisation in percent now: emu_gpu_busy_fraction over EMU_NVML_UTIL_WINDOW_S, as the
 * integer NVML reports. Every tool that shows utilisation reads this. */
int emu_gpu_util_pct(const emu_world *world, int node, int gpu);

/* DCGM's profiling ratios now (fields 1002 SM_ACTIVE, 1004 PIPE_TENSOR_ACTIVE, 1005
 * DRAM_ACTIVE), each a share 0..1 of the GPU's own cycles ("ratio of cycles ... active", DCGM
 * field-id reference), so a clock held down does not lower them by itself. Weighted by the
 * rank's phases in the step (job.h's per-rank compute, optimizer and the rest in NCCL): while
 * it computes, fixed shares (telemetry.c); while it waits in or runs the all-reduce, only NCCL's
 * blocks occupy SMs and no tensor work runs. Zero for a GPU without a job. */
typedef struct emu_gpu_prof {
    double sm_active, tensor_active, dram_active;
} emu_gpu_prof;
emu_gpu_prof emu_gpu_prof_now(const emu_world *world, int node, int gpu);

/* Power draw in W over the same window: static + dynamic * (f / fmax)^3 while kernels run, idle
 * power otherwise, mixed by the utilisation, with the load's second-to-second variation; a GPU
 * the power controller holds (emu_gpu_clock_event_reasons' SW Power Cap) reads between
 * emu_gpu_cap_engage_w and 0.5-1.5 W under its limit, one it does not hold reads below it. */
double emu_gpu_power_draw_w(const emu_world *world, int node, int gpu);

/* The 1 s average draw in W at which the power controller holds a GPU of this limit: 1% under
 * it, at least 1.5 W (the instantaneous draw's peaks within the second reach the limit; see
 * telemetry.c for the sources). */
double emu_gpu_cap_engage_w(double limit_w);

/* The active clock-event reasons now (EMU_CER_* bits, what -q and clocks_event_reasons show):
 * emu_gpu_clock_raw_mhz's, plus SW Power Cap whenever the controller holds the GPU this second
 * (its draw within the band of its limit, or a limit under the load's steady draw). */
uint32_t emu_gpu_clock_event_reasons(const emu_world *world, int node, int gpu);

/* The SM clock in MHz now, in 15 MHz steps: emu_gpu_clock_raw_mhz's, wandering a few bins when a
 * reason holds it down, a bin or two under the max on a second the controller trims it. */
int emu_gpu_sm_clock_mhz(const emu_world *world, int node, int gpu);

/* Seconds SW Power Cap has held the GPU since the driver loaded (nvidia-smi's SW Power Capping
 * counter, DCGM's power violation): the run's seconds under the present limit (all of them when
 * the limit is under the load's steady draw, else the share whose draw reaches the band), plus
 * what earlier limits counted (emu_gpu.capping_base_s). */
double emu_gpu_power_capping_s(const emu_world *world, int node, int gpu);

/* Before the clock moves on to until_s: the seconds up to now that leave power_capping_s's
 * window of exact seconds by then keep what they count now (emu_gpu.capping_settled_s), so that
 * the counter never goes down as time passes. Lazily: the step is recorded (emu_world.capping)
 * and each GPU settles when read or folded, as if it had at every step; a heating GPU, whose
 * share moves with its temperature, settles at the step (all of them with the caches off). */
void emu_capping_step(emu_world *world, double until_s);

/* Seconds one clock-event reason (EMU_CER_SW_POWER_CAP: emu_gpu_power_capping_s,
 * EMU_CER_SW_THERMAL, EMU_CER_HW_THERMAL, EMU_CER_HW_POWER_BRAKE) has held the GPU's clocks since
 * the driver loaded: nvidia-smi -q's Clocks Event Reasons Counters, NVML's field values
 * NVML_FI_DEV_CLOCKS_EVENT_REASON_* (DCGM_FI_DEV_CLOCKS_EVENT_REASON_*_NS, "Throttling ... in
 * ns", NVIDIA/DCGM dcgm_fields.h). Cumulative: an episode that ends keeps what it counted
 * (emu_gpu.reason_base_s), a new boot counts from zero. Other reasons: 0. */
double emu_gpu_reason_held_s(const emu_world *world, int node, int gpu, uint32_t reason);

/* Before anything the counters follow changes (a limit, a fault's onset or end, the job's
 * start): what they show now becomes their base, and they count on from now under the new state.
 * _node folds every GPU of one node (node < 0: of every node). */
void emu_gpu_counters_fold(emu_world *world, int node, int gpu);
void emu_gpu_counters_fold_node(emu_world *world, int node);

/* GPU temperature in C: the thermal fault's held temperature, else inlet + thermal_c_per_w x
 * the draw averaged over whole steps (the die's thermal time constant spans many of them). */
double emu_gpu_temp_c(const emu_world *world, int node, int gpu);

/* Memory temperature in C (HBM runs a few degrees above the die under load), kept 3 C under the
 * spec's max operating temperature (no scenario fault overheats the memory itself). */
double emu_gpu_mem_temp_c(const emu_world *world, int node, int gpu);

#endif
