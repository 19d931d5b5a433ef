/* telemetry.h: what a GPU's sensors read while the job runs: utilisation, power draw and
 * temperatures (telemetry.c), the quantities that follow from both the device (gpu.h) and the
 * job (job.h). */
#ifndef EMU_MODEL_TELEMETRY_H
#define EMU_MODEL_TELEMETRY_H

#include "world.h"

/* GPU utilisation in percent over the last sample: the share of the step the GPU computes
 * (a rank waiting for input or for a late peer in a collective still shows kernels, so waits
 * for data lower it and waits in all-reduce do not). */
int emu_gpu_util_pct(const emu_world *world, int node, int gpu);

/* Power draw in W: static + dynamic * (f / fmax)^3 when busy, idle power otherwise, clipped to
 * the limit, with a small deterministic jitter. */
double emu_gpu_power_draw_w(const emu_world *world, int node, int gpu);

/* GPU temperature in C: the thermal fault's temperature, else inlet + thermal_c_per_w * power. */
double emu_gpu_temp_c(const emu_world *world, int node, int gpu);

/* Memory temperature in C (HBM runs a few degrees above the die under load), kept 3 C under the
 * spec's max operating temperature (no scenario fault overheats the memory itself). */
double emu_gpu_mem_temp_c(const emu_world *world, int node, int gpu);

#endif
