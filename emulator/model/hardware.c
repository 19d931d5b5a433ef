/* hardware.c: the hardware catalogue: GPU profiles with their published figures, and the node
 * layout worlds are built with (hardware.h). */
#include <stdbool.h>
#include <string.h>

#include "hardware.h"

/* ---- GPU profiles ------------------------------------------------------------------------------- */

/* Figures: NVIDIA H100 SXM5 and A100 SXM4 datasheets (clocks, TDP, memory, NVLink count and
 * per-link rate: NVLink4 18 x 26.562 GB/s per direction, NVLink3 12 x 25 GB/s); nvidia-smi -q
 * captures (min/max power limits, shutdown/slowdown/max-operating temperatures, 81559 and 81920
 * MiB totals, idle ~70 W / ~60 W); nccl-tests issues 212 and 290 (8-GPU ring all_reduce_perf busbw
 * ~360 GB/s on H100, ~230 GB/s on A100 at 8 GB). static/full-load power are modelling choices that
 * put a dense training step at 690 W (H100) and 385 W (A100), as captures under load show. */
static const emu_gpu_spec gpu_specs[] = {
    {"NVIDIA H100 80GB HBM3", "H100", "2330", 1980, 345, 2619, 1545, 700, 200, 72, 160, 690, 81559,
     18, 26.562, 360, 92, 89, 87, 95, 5, 989},
    {"NVIDIA A100-SXM4-80GB", "A100", "20b2", 1410, 210, 1593, 1290, 400, 100, 60, 90, 385, 81920,
     12, 25.0, 230, 92, 89, 85, 95, 4, 312},
};

const emu_gpu_spec *emu_gpu_spec_find(const char *short_name)
{
    for (size_t i = 0; i < sizeof gpu_specs / sizeof gpu_specs[0]; i++)
        if (short_name && !strcmp(gpu_specs[i].short_name, short_name))
            return &gpu_specs[i];
    return NULL;
}

/* ---- the node layout ---------------------------------------------------------------------------- */

/* An HGX/DGX-style node: eight GPUs, each behind its own PCIe switch with its rail NIC (topo -m
 * PIX), GPUs 0-3 on NUMA node 0 and 4-7 on node 1; compute HCAs mlx5_0,3,4,5,6,9,10,11 as on a
 * DGX H100 (tool-formats.md section 9), plus a dual-port Ethernet card (mlx5_1, mlx5_2) for
 * storage and the front end, bonded as bond0. */
const emu_hca_slot emu_layout_hcas[EMU_LAYOUT_HCAS] = {
    {"mlx5_0", "ibp24s0", "0000:18:00.0", 0},        {"mlx5_1", "enp41s0f0np0", "0000:29:00.0", -1},
    {"mlx5_2", "enp41s0f1np1", "0000:29:00.1", -1},  {"mlx5_3", "ibp64s0", "0000:40:00.0", 1},
    {"mlx5_4", "ibp79s0", "0000:4f:00.0", 2},        {"mlx5_5", "ibp94s0", "0000:5e:00.0", 3},
    {"mlx5_6", "ibp154s0", "0000:9a:00.0", 4},       {"mlx5_9", "ibp192s0", "0000:c0:00.0", 5},
    {"mlx5_10", "ibp206s0", "0000:ce:00.0", 6},      {"mlx5_11", "ibp220s0", "0000:dc:00.0", 7},
};

static const char *const h100_gpu_bus[8] = {"1B", "43", "52", "61", "9D", "C3", "D1", "DF"};
static const char *const a100_gpu_bus[8] = {"07", "0F", "47", "4E", "87", "90", "B7", "BD"};
static const char *const switch_bus[8] = {"17", "3f", "4e", "5d", "99", "bf", "cd", "db"};

const char *emu_layout_gpu_bus(const emu_gpu_spec *spec, int gpu)
{
    bool h100 = !strcmp(spec->short_name, "H100");
    return gpu >= 0 && gpu < 8 ? (h100 ? h100_gpu_bus : a100_gpu_bus)[gpu] : "00";
}

const char *emu_layout_switch_bus(int sw) { return sw >= 0 && sw < 8 ? switch_bus[sw] : "00"; }

int emu_layout_hca_find(const char *name)
{
    for (int i = 0; i < EMU_LAYOUT_HCAS; i++)
        if (name && !strcmp(emu_layout_hcas[i].name, name))
            return i;
    return -1;
}
