/* hardware.h: the hardware catalogue: published figures of each GPU model, network adapter and
 * system type the scenario format names (hardware.c cites the source of every figure). A world
 * is built from a system (its GPUs, NVLink topology, PCIe tree, adapters, CPUs), which a
 * scenario may reshape (scenario.h). Nothing here changes at run time. */
#ifndef EMU_MODEL_HARDWARE_H
#define EMU_MODEL_HARDWARE_H

#include <stdbool.h>

#include "limits.h"

/* ---- GPUs ------------------------------------------------------------------------------------- */

/* Architecture as CUDA compute capability x 10 (NCCL's minCompCap). */
enum { EMU_ARCH_VOLTA = 70, EMU_ARCH_AMPERE = 80, EMU_ARCH_HOPPER = 90, EMU_ARCH_BLACKWELL = 100 };

/* Published figures of one GPU model. */
typedef struct emu_gpu_spec {
    const char *key;             /* the scenario's cluster.gpu value: "H100-SXM" */
    const char *alias;           /* an older or shorter key it also answers to ("H100"), or NULL */
    const char *name;            /* as nvidia-smi prints it: "NVIDIA H100 80GB HBM3" */
    const char *short_name;      /* "H100": greetings and lab text */
    const char *device_id;       /* PCI device id, as dcgmi diag and lspci -n list it: "2330" */
    const char *lspci_name;      /* lspci's device string: "GH100 [H100 SXM5 80GB]" */
    int arch;                    /* EMU_ARCH_* */
    bool sxm;                    /* SXM module (baseboard) or PCIe card */
    int max_sm_clock_mhz;        /* max boost (nvidia-smi -q Max Clocks SM) */
    int idle_sm_clock_mhz;       /* what an idle GPU reports */
    int mem_clock_mhz;
    int max_video_clock_mhz;
    double power_limit_w;        /* default enforced limit */
    double min_power_limit_w;
    double idle_power_w;
    double static_power_w;       /* the part of the draw that does not scale with clock */
    double full_load_power_w;    /* draw at max clock under a dense training kernel */
    double memory_total_mib;     /* nvidia-smi's FB Memory Usage Total */
    double hbm_gb_per_s;         /* memory bandwidth (1e9 bytes/s) */
    double dense_bf16_tflops;    /* peak dense BF16 tensor FLOP/s (FP16 where BF16 is absent) */
    double dense_tf32_tflops;    /* peak dense TF32 tensor FLOP/s, 0 where there is no TF32 */
    bool bf16;                   /* BF16 tensor cores (false on Volta: FP16 only) */
    int nvlink_gen;              /* 2 (V100) .. 5 (B200), 0 for none */
    int nvlinks;                 /* links per GPU */
    double nvlink_gb_per_s;      /* per link, per direction, as nvidia-smi nvlink -s prints it */
    double temp_shutdown_c;
    double temp_slowdown_c;      /* hardware thermal slowdown engages */
    double temp_max_operating_c; /* software thermal slowdown above it */
    double temp_mem_max_c;
    int pcie_gen;
    const char *default_system;  /* the system type of cluster.system when not given */
    int sm_count;                /* streaming multiprocessors (CUDA multiProcessorCount) */
} emu_gpu_spec;

/* The GPU model whose key or alias is `key` ("H100-SXM", "H100"), or NULL when unknown. */
const emu_gpu_spec *emu_gpu_spec_find(const char *key);

/* The i-th GPU model of the catalogue (NULL past the last), for error messages and tests. */
const emu_gpu_spec *emu_gpu_spec_at(int i);

/* ---- network adapters ------------------------------------------------------------------------- */

/* One adapter model (a ConnectX generation) as the host tools name it. */
typedef struct emu_hca_spec {
    int vendor_part_id;          /* PCI device id in decimal: 4129 (ConnectX-7) */
    const char *ca_type;         /* ibstat's CA type: "MT4129" */
    const char *fw_ver;          /* a firmware of that generation: "28.41.1000" */
    const char *board_id;        /* ibv_devinfo's board_id (PSID) */
    const char *lspci_name;      /* "Mellanox Technologies MT2910 Family [ConnectX-7]" */
    const char *card;            /* mlxlink's device description */
    int max_rate_gbit_per_s;     /* per port: 400 (ConnectX-7) */
} emu_hca_spec;

/* The adapter for a compute port at rate (the newest generation not faster than needed:
 * ConnectX-4 to EDR, ConnectX-6 to HDR, ConnectX-7 to NDR, ConnectX-8 beyond). */
const emu_hca_spec *emu_hca_spec_for_rate(int rate_gbit_per_s);

/* The Ethernet adapter of the front-end and storage bond (ConnectX-6 Dx, dual-port 100GbE). */
const emu_hca_spec *emu_hca_spec_frontend(void);

/* ---- cables and transceivers ------------------------------------------------------------------- */

/* A cable or pluggable transceiver as its EEPROM describes it (mlxlink -m's Module Info). */
typedef struct emu_module_spec {
    const char *part_number;     /* "MMA4Z00-NS400" */
    const char *vendor;          /* Vendor Name, and OUI */
    const char *identifier;      /* form factor as mlxlink names it: "OSFP", "QSFP28" */
    const char *compliance;      /* "400GAUI-4-S C2M,400GBASE-SR4" (CMIS host, media) or "N/A" */
    const char *technology;      /* Cable Technology: "850 nm VCSEL", "Copper cable unequalized" */
    const char *cable_type;      /* "Optical Module (separated)", "Active cable (active copper /
                                    optics)", "Passive copper cable" */
    int wavelength_nm;           /* 0: copper */
    int length_m;                /* Transfer Distance: the assembly's length, or the module's reach */
    int lanes;
    int max_rate_gbit_per_s;
    bool ddm;                    /* digital diagnostics: optics have them, passive copper not */
    const char *rev;
    const char *fw_version;      /* the module's own firmware, "N/A" for passive copper */
    const char *power_class;
} emu_module_spec;

/* The module whose part number is pn, or NULL; the i-th of the catalogue (NULL past the end). */
const emu_module_spec *emu_module_spec_find(const char *pn);
const emu_module_spec *emu_module_spec_at(int i);

/* The cable a port at rate gets when the scenario names none, one whose max rate is at least
 * the port's (an NDR port's SR4 transceiver, an HDR or EDR port's active optical cable;
 * Ethernet: the 400GbE SR4 transceiver, else a 200GbE or 100GbE passive copper cable). */
const emu_module_spec *emu_module_spec_default(int rate_gbit_per_s, bool ethernet);

/* ---- systems ---------------------------------------------------------------------------------- */

/* How the GPUs of a node are joined by NVLink. */
typedef enum emu_nvlink_topology {
    EMU_NVLINK_NONE = 0,         /* PCIe only */
    EMU_NVLINK_SWITCH,           /* every link goes to the NVSwitches: all pairs NV<links> */
    EMU_NVLINK_CUBE_MESH,        /* DGX-1: the hybrid cube-mesh of direct links, no switch */
    EMU_NVLINK_BRIDGE_PAIRS      /* PCIe cards joined in pairs (GPU 2k and 2k+1) by bridges */
} emu_nvlink_topology;

/* A system type: the node the scenario's cluster.system names, with its defaults. */
typedef struct emu_system_spec {
    const char *key;             /* "dgx-h100" */
    const char *product;         /* "DGX H100" (dmidecode, the BMC's FRU) */
    const char *gpu;             /* the catalogue key of its GPU */
    int gpus;                    /* GPUs per node */
    emu_nvlink_topology nvlink;
    int nvswitches;              /* NVSwitch chips on the baseboard */
    int compute_hcas;            /* compute ports per node */
    int hca_ports_per_card;      /* 1 or 2 */
    int hca_rate_gbit_per_s;     /* per port */
    int numa_nodes;
    int cpus;                    /* hardware threads */
    const char *cpu_model;       /* lscpu's Model name */
    double memory_mb_per_numa;   /* numactl --hardware size per node */
    int gpus_per_switch;         /* GPUs behind one PCIe switch (the NICs share them) */
    bool one_host_bridge;        /* every PCIe switch of a socket under one host bridge: topo -m
                                    shows PHB between them (NODE where each has its own) */
} emu_system_spec;

/* The system type called key ("dgx-h100"), or NULL. */
const emu_system_spec *emu_system_spec_find(const char *key);

/* The i-th system type (NULL past the last). */
const emu_system_spec *emu_system_spec_at(int i);

/* The cube-mesh NVLink count between GPUs a and b (0-7) of a DGX-1: 0, 1 or 2. */
int emu_cube_mesh_links(int a, int b);

/* The effective bandwidth NCCL assigns one NVLink of this GPU in its topology search, GB/s
 * (NCCL's SM70/SM80/SM90/SM100_NVLINK_BW). */
double emu_gpu_nccl_nvlink_bw(const emu_gpu_spec *spec);

#endif
