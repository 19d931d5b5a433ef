/* layout.h: the node a cluster description implies (layout.c): where each GPU and HCA port sits
 * (PCIe switch, NUMA node, bus address), the adapters' names as the kernel gives them, the
 * NVLink peers. Every node of a cluster has the same layout. The scenario reads it to resolve the
 * names its faults use; the world is built from it. */
#ifndef EMU_MODEL_LAYOUT_H
#define EMU_MODEL_LAYOUT_H

#include <stdbool.h>

#include "description.h"

typedef struct emu_layout_gpu {
    char bus[4];                  /* "1B": two upper-case hex digits, as nvidia-smi prints them */
    int pcie_switch;
    int numa;
} emu_layout_gpu;

typedef struct emu_layout_hca {
    char name[16];                /* "mlx5_0" */
    char netdev[20];              /* "ibp24s0", "enp41s0f0np0" */
    char bus_id[24];              /* "0000:18:00.0" */
    bool compute;                 /* a training-fabric port; else the front-end card */
    bool ethernet;                /* link layer Ethernet */
    int rail;                     /* compute: 0 .. compute_hcas-1; -1 for the front end */
    int card;                     /* compute adapter card, -1 for the front end */
    int port;                     /* 0 or 1: the card's function */
    int pcie_switch;              /* -1: on a root port of the CPU */
    int numa;
    int rate_gbit_per_s, width;
    const emu_hca_spec *adapter;
} emu_layout_hca;

typedef struct emu_layout_switch {
    char bus[4];                  /* upstream bus, two lower-case hex digits: "17" */
    int numa;
} emu_layout_switch;

typedef struct emu_layout {
    int n_gpus;
    emu_layout_gpu gpus[EMU_MAX_GPUS];
    int n_hcas;
    emu_layout_hca hcas[EMU_MAX_HCAS];
    int n_switches;
    emu_layout_switch switches[EMU_MAX_SWITCHES];
    int n_numa;
    /* NVLink: links between GPU pairs (NVSwitch systems: every pair shows all of a GPU's links,
     * as topo -m's NV18), and for each link of a GPU the peer it reaches (-1: an NVSwitch) */
    int pair_links[EMU_MAX_GPUS][EMU_MAX_GPUS];
    signed char link_peer[EMU_MAX_GPUS][EMU_MAX_NVLINKS];
} emu_layout;

/* Computes the node layout of cluster into *out. Deterministic; never fails (a description
 * the scenario accepted always has a layout). */
void emu_layout_make(const emu_cluster_desc *cluster, emu_layout *out);

/* The index of the HCA called name ("mlx5_3") in layout, or -1. */
int emu_layout_hca_find(const emu_layout *layout, const char *name);

/* The compute HCA names of a layout, comma-separated, into buf (for error messages). */
void emu_layout_hca_names(const emu_layout *layout, char *buf, size_t size);

#endif
