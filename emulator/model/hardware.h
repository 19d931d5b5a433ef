/* hardware.h: the hardware catalogue: published figures of each GPU model the scenario format
 * names, and the node layout (bus addresses, HCA names) the world is built with. Every figure
 * cites its source in hardware.c. */
#ifndef EMU_MODEL_HARDWARE_H
#define EMU_MODEL_HARDWARE_H

#include "limits.h"

/* Published figures of one GPU model. Sources: NVIDIA H100 and A100 datasheets (clocks, power,
 * memory, NVLink counts); nvidia-smi -q captures collected in tool-formats.md sections 1-2 (limits,
 * temperatures, MiB totals); nccl-tests issues 212 and 290 (measured single-node ring busbw). */
typedef struct emu_gpu_spec {
    const char *name;            /* as nvidia-smi prints it: "NVIDIA H100 80GB HBM3" */
    const char *short_name;      /* "H100", the scenario's cluster.gpu value */
    const char *device_id;       /* PCI device id, as dcgmi diag lists it: "2330" */
    int max_sm_clock_mhz;        /* 1980 (H100 SXM), 1410 (A100 SXM) */
    int idle_sm_clock_mhz;       /* what an idle GPU reports, e.g. 345 */
    int mem_clock_mhz;           /* 2619 (H100 HBM3), 1593 (A100 80GB) */
    int max_video_clock_mhz;     /* 1545 (H100) */
    double power_limit_w;        /* default enforced limit: 700 (H100 SXM), 400 (A100 SXM) */
    double min_power_limit_w;    /* 200 (H100), 100 (A100) */
    double idle_power_w;         /* about 70 (H100), 60 (A100) */
    double static_power_w;       /* the part of power that does not scale with clock */
    double full_load_power_w;    /* draw at max clock under a dense training kernel */
    double memory_total_mib;     /* 81559 (H100 80GB), 81920 (A100 80GB) */
    int nvlinks;                 /* 18 (H100), 12 (A100) */
    double nvlink_gb_per_s;      /* per link, per direction: 26.562 (NVLink4), 25 (NVLink3) */
    double ring_busbw_gb_per_s;  /* measured 8-GPU ring all-reduce busbw at 8 GB: ~360 / ~230 */
    double temp_shutdown_c;      /* 92 */
    double temp_slowdown_c;      /* 89: hardware thermal slowdown engages */
    double temp_max_operating_c; /* 87 (H100), 85 (A100): software thermal slowdown above it */
    double temp_mem_max_c;       /* 95 */
    int pcie_gen;                /* 5 (H100), 4 (A100) */
    double dense_bf16_tflops;    /* 989 (H100 SXM), 312 (A100): for MFU and step-time figures */
} emu_gpu_spec;

/* The profile for a short name ("H100", "A100"), or NULL when unknown. */
const emu_gpu_spec *emu_gpu_spec_find(const char *short_name);

/* ---- the node layout ---------------------------------------------------------------------------- */

/* One HCA port of the node layout: its device and net device names, PCI address and rail. */
typedef struct emu_hca_slot {
    const char *name, *netdev, *bus;
    int rail; /* 0-7 for a compute rail, -1: Ethernet storage/front-end port */
} emu_hca_slot;

#define EMU_LAYOUT_HCAS 10
/* The HCAs of every node, in device order (hardware.c says which system they follow). */
extern const emu_hca_slot emu_layout_hcas[EMU_LAYOUT_HCAS];

/* The PCI bus (two hex digits, "1B") of GPU gpu (0-7) on a node with spec's GPUs. */
const char *emu_layout_gpu_bus(const emu_gpu_spec *spec, int gpu);

/* The upstream bus ("17") of PCIe switch sw (0-7). */
const char *emu_layout_switch_bus(int sw);

/* The index in a node's hcas[] of the HCA called name ("mlx5_3"); every node has the same
 * layout. Returns -1 when no HCA has that name. */
int emu_layout_hca_find(const char *name);

#endif
