/* gpu.h: what follows from a GPU's state: busy or lost, clocks and the reasons holding them,
 * power, temperatures, utilisation, NVLink counters (gpu.c). */
#ifndef EMU_MODEL_GPU_H
#define EMU_MODEL_GPU_H

#include <stdbool.h>
#include <stdint.h>

#include "world.h"

/* NVML clock-event reason bits (docs.nvidia.com/deploy/nvml-api, nvmlClocksEventReasons). */
enum {
    EMU_CER_GPU_IDLE = 0x1,
    EMU_CER_APP_CLOCKS = 0x2,
    EMU_CER_SW_POWER_CAP = 0x4,
    EMU_CER_HW_SLOWDOWN = 0x8,
    EMU_CER_SYNC_BOOST = 0x10,
    EMU_CER_SW_THERMAL = 0x20,
    EMU_CER_HW_THERMAL = 0x40,
    EMU_CER_HW_POWER_BRAKE = 0x80,
    EMU_CER_DISPLAY_CLOCK = 0x100
};

/* Whether a GPU fell off the bus (Xid 79): tools cannot reach it. */
bool emu_gpu_lost(const emu_world *world, int node, int gpu);

/* A GPU's thermal time constant: how fast its die and heat sink follow a change of the heat
 * they must shed (a modelling choice of 60 s: an SXM module's heat sink warms over minutes; no
 * vendor figure is published). */
#define EMU_GPU_THERMAL_TAU_S 60.0

/* The temperature of a GPU whose cooling failed (gpu_cooling) at the clock: from where it was
 * toward inlet + its new thermal resistance x full-load power, with the thermal time constant;
 * held about the slowdown temperature once it gets there. */
double emu_gpu_heating_temp_c(const emu_world *world, int node, int gpu);

/* Whether the job keeps this GPU busy (it holds a rank and the job is running). */
bool emu_gpu_busy(const emu_world *world, int node, int gpu);

/* The SM clock in MHz the GPU settles at under its steady load (before the power controller's
 * second-to-second trims and wander: telemetry.h's emu_gpu_sm_clock_mhz), with the reasons
 * holding it there (EMU_CER_* bits) in *reasons when not NULL. Busy GPUs run at max clock unless
 * held down: power brake (~380 MHz, as seen in the field: tool-formats.md section 2), hardware
 * thermal slowdown at or above the slowdown temperature (clocks cut by half or more: NVML docs,
 * HwSlowdown), software thermal slowdown above the max operating temperature, and a power limit
 * below the load's draw at that clock (dynamic power ~ f^3 under DVFS since P = C V^2 f with V
 * roughly proportional to f). Idle GPUs report idle_sm_clock_mhz. */
double emu_gpu_clock_raw_mhz(const emu_world *world, int node, int gpu, uint32_t *reasons);

/* The reasons (EMU_CER_* bits) that hold the GPU's clock under the job's load, whether or not it
 * runs it now: emu_gpu_clock_raw_mhz's when busy. */
uint32_t emu_gpu_load_reasons(const emu_world *world, int node, int gpu);

/* Since when (UTC epoch seconds) the GPU's current clock-event reasons have held its clocks:
 * the time of the thermal, power-cap or power-brake fault (not before the boot: the counters
 * start when the driver loads), else shortly after boot. The violation counters (nvidia-smi's
 * Clocks Event Reasons Counters, dcgmi's PVIOL/TVIOL) count from it. */
double emu_gpu_reasons_since_s(const emu_world *world, int node, int gpu);

/* Since when one thermal reason (EMU_CER_SW_THERMAL or EMU_CER_HW_THERMAL) has held the GPU's
 * clocks: for a GPU heating after a loss of cooling, when its temperature crossed the max
 * operating (SW) or the slowdown temperature (HW) on its way up (INFINITY before that); else
 * emu_gpu_reasons_since_s. */
double emu_gpu_thermal_since_s(const emu_world *world, int node, int gpu, uint32_t reason);

/* The board's draw under the training load at clock_ratio = f / fmax of its maximum SM clock:
 * P(f) = Ps + (Pfull - Ps) (f / fmax)^3 (dynamic CMOS power C V^2 f with the voltage following
 * the clock), the one formula the power cap's clock, the draw the tools show and the capping
 * counter all use. */
double emu_gpu_load_power_w(const emu_gpu_spec *spec, double clock_ratio);

/* Compute slowdown factor of a GPU relative to max clock (>= 1): fmax / f. Compute-bound kernels
 * take this much longer. */
double emu_gpu_slowdown(const emu_world *world, int node, int gpu);

/* NVLink counters now (start value plus error_rate_per_s * elapsed). which: 0 replay,
 * 1 recovery, 2 crc. */
uint64_t emu_nvlink_counter(const emu_world *world, int node, int gpu, int link, int which);

/* Number of active NVLinks of a GPU. */
int emu_gpu_links_up(const emu_world *world, int node, int gpu);

/* DRAM banks the row remapper keeps spare rows in (nvidia-smi's Bank Remap Availability
 * Histogram counts them), 0 where the GPU retires pages instead (Volta). From the histograms of
 * healthy GPUs in the field: 640 on A100 (five HBM2/HBM2e stacks, 128 each), 2560 on an 80 GB
 * H100 (five HBM3 stacks, 512 each); the six-stack (H100 NVL, H200) and eight-stack (B200) parts
 * scale by their stacks. */
int emu_gpu_remap_banks(const emu_gpu_spec *spec);

/* The fabric state nvidia-smi -q prints: "Completed" when Fabric Manager runs, "In Progress"
 * when it does not (GPUs wait for it and cannot use NVLink P2P), "N/A" where no NVSwitch fabric
 * registers the GPU (no NVSwitch, or a GPU older than Hopper). */
const char *emu_gpu_fabric_state(const emu_world *world, int node);

/* The fabric status beside it: "Success" once the state is Completed, else "N/A". */
const char *emu_gpu_fabric_status(const emu_world *world, int node);

/* The copy-engine bandwidth from GPU a to GPU b of a node, GB/s one way: their NVLinks (or
 * NVSwitch links), PCIe peer-to-peer, or through host memory when P2P is off (nvbandwidth). */
double emu_gpu_p2p_gb_per_s(const emu_world *world, int node, int a, int b);

/* A GPU's copy-engine bandwidth to or from host memory over its PCIe link, GB/s one way. */
double emu_gpu_host_copy_gb_per_s(const emu_world *world, int node, int gpu);

/* nvidia-smi topo -p2p's status of the pair for mode r, w, n (NVLink), a or p: "X" (self), "OK",
 * "NS" (not supported: P2P off), "CNS" (the chipset forbids it: PCIe across the root complex or
 * redirected by ACS). */
const char *emu_gpu_p2p_status(const emu_world *world, int node, int a, int b, char mode);

/* The bytes a GPU's NVLinks carry out per training step: its share of the data-parallel gradient
 * all-reduce inside the node, 2 (g-1)/g of the gradient bytes over NCCL's ring of the node's g
 * GPUs (nccl-tests' PERFORMANCE.md: a ring all-reduce sends 2(n-1)/n of the buffer per rank).
 * Tensor-parallel activations are not counted. 0 when the GPU runs no rank or has no link up. */
double emu_gpu_nvlink_step_bytes(const emu_world *world, int node, int gpu);

/* Its NVLink transmit counter now (nvidia-smi nvlink -gt d): the steps its rank completed since
 * the later of the node's boot and the run's start, times emu_gpu_nvlink_step_bytes. */
double emu_gpu_nvlink_tx_bytes(const emu_world *world, int node, int gpu);

#endif
