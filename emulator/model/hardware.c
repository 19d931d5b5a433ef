/* hardware.c: the hardware catalogue (hardware.h): GPU models, network adapters and system
 * types, each figure with its public source. Where no public source gives a figure, the comment
 * says what it was taken from instead. */
#include <stddef.h>
#include <string.h>

#include "hardware.h"

/* ---- GPUs --------------------------------------------------------------------------------------
 *
 * Peak dense tensor FLOP/s, memory, bandwidth, power and NVLink from NVIDIA's datasheets (the
 * sparse figures they print halved, as their footnotes say):
 *   V100: Tesla V100 datasheet (SXM2: 125 TFLOPS tensor FP16, 300 W, 900 GB/s HBM2, NVLink2 300 GB/s),
 *     images.nvidia.com/content/technologies/volta/pdf/tesla-volta-v100-datasheet-letter-fnl-web.pdf;
 *   A100: A100 datasheet (312 TFLOPS BF16, 156 TF32; 40GB SXM 1,555 GB/s, 80GB SXM 2,039 GB/s,
 *     80GB PCIe 1,935 GB/s and 300 W, SXM 400 W; NVLink3 600 GB/s, bridged PCIe pairs too),
 *     nvidia.com/content/dam/en-zz/Solutions/Data-Center/a100/pdf/nvidia-a100-datasheet-us-nvidia-1758950-r4-web.pdf;
 *   H100: H100 datasheet (SXM: 1,979 TFLOPS BF16 and 989 TF32 with sparsity, 3.35 TB/s, 700 W,
 *     NVLink 900 GB/s; NVL: 1,671 BF16 and 835 TF32 with sparsity, 94 GB, 3.9 TB/s, 350-400 W,
 *     NVLink bridge 600 GB/s), resources.nvidia.com/en-us-tensor-core/nvidia-tensor-core-gpu-datasheet;
 *   H200: H200 datasheet (1,979 BF16 and 989 TF32 with sparsity, 141 GB, 4.8 TB/s, 700 W,
 *     NVLink 900 GB/s), nvidia.com/en-us/data-center/h200/;
 *   B200: HGX B200 datasheet (per GPU 4.5 PFLOPS FP16/BF16 and 2.2 PFLOPS TF32 with sparsity,
 *     180 GB at 8 TB/s, 1000 W, NVLink5 1.8 TB/s), nvidia.com/en-us/data-center/hgx/.
 * Clocks, power limits, memory totals (MiB) and thermal thresholds as nvidia-smi reports them:
 *   V100: nvidia-smi -q in NVIDIA/nvidia-docker#1076 (Max Clocks SM 1530, Memory 877, Video
 *     1372 MHz; limits 300/150 W; shutdown 90, slowdown 87, max operating 83, memory 85 C);
 *     16160 and 32510 MiB totals and 24-52 W idle draw in public nvidia-smi tables;
 *   A100, H100: the captures of tool-formats.md sections 1-2 (H100 SXM: 1980/2619/1545 MHz,
 *     700/200 W, 81559 MiB, 92/89/87/95 C; A100 80GB: 1410/1593 MHz, 400/100 W, 81920 MiB);
 *     A100 40GB SXM 40960 MiB and A100 80GB PCIe 81920 MiB / 300 W in public nvidia-smi tables;
 *   H100 NVL: public nvidia-smi tables (95830 MiB, 400 W cap, 64-86 W idle) and a published
 *     `nvidia-smi nvlink -s` of bridged pairs: NV12, 12 links at 26.562 GB/s;
 *   H200: public nvidia-smi tables (143771 MiB, 700 W, 74-120 W idle);
 *   B200: public nvidia-smi tables (183359 MiB, 1000 W, 136-198 W idle).
 * Not published for H100 NVL, H200, B200 and A100 PCIe: their thermal thresholds (taken as the
 * H100 SXM's or A100 SXM's captured ones, the same silicon families) and B200 clocks (1965 MHz
 * SM and 3996 MHz memory are assumptions, not checked against a capture: a gap to close).
 * Modelling choices, not published figures: idle SM clocks (what idle captures show for the
 * family), static_power_w and full_load_power_w (a dense training step draws a few percent under
 * the limit, as loaded captures show: 690/700 W H100 SXM, 372/400 W H100 NVL, 246/300 W V100).
 * Per-link NVLink rates as nvidia-smi nvlink -s prints them: 25.781 (NVLink2), 25 (NVLink3),
 * 26.562 (NVLink4), 53.125 GB/s (NVLink5).
 * SM counts: V100 80 (Volta architecture whitepaper), A100 108 (Ampere GA100 whitepaper), H100
 * SXM5 132 (Hopper architecture whitepaper; the H100 NVL has the SXM5's 132 as well, H100
 * datasheet), H200 132 (the same GH100 configuration), B200 148 (CUDA multiProcessorCount in
 * public deviceQuery output; NVIDIA's datasheet does not print it). */
static const emu_gpu_spec gpu_specs[] = {
    {"V100-SXM2-16GB", NULL, "Tesla V100-SXM2-16GB", "V100", "1db1", "GV100GL [Tesla V100 SXM2 16GB]",
     EMU_ARCH_VOLTA, true, 1530, 135, 877, 1372, 300, 150, 42, 90, 285, 16160, 900, 125, 0, false,
     2, 6, 25.781, 90, 87, 83, 85, 3, "dgx-1v", 80},
    {"V100-SXM2-32GB", "V100", "Tesla V100-SXM2-32GB", "V100", "1db5", "GV100GL [Tesla V100 SXM2 32GB]",
     EMU_ARCH_VOLTA, true, 1530, 135, 877, 1372, 300, 150, 42, 90, 285, 32510, 900, 125, 0, false,
     2, 6, 25.781, 90, 87, 83, 85, 3, "dgx-1v", 80},
    {"A100-SXM4-40GB", NULL, "NVIDIA A100-SXM4-40GB", "A100", "20b0", "GA100 [A100 SXM4 40GB]",
     EMU_ARCH_AMPERE, true, 1410, 210, 1215, 1290, 400, 100, 55, 90, 385, 40960, 1555, 312, 156, true,
     3, 12, 25.0, 92, 89, 85, 95, 4, "dgx-a100", 108},
    {"A100-SXM4-80GB", "A100", "NVIDIA A100-SXM4-80GB", "A100", "20b2", "GA100 [A100 SXM4 80GB]",
     EMU_ARCH_AMPERE, true, 1410, 210, 1593, 1290, 400, 100, 60, 90, 385, 81920, 2039, 312, 156, true,
     3, 12, 25.0, 92, 89, 85, 95, 4, "dgx-a100", 108},
    {"A100-PCIe-80GB", "A100-PCIe", "NVIDIA A100 80GB PCIe", "A100", "20b5", "GA100 [A100 PCIe 80GB]",
     EMU_ARCH_AMPERE, false, 1410, 210, 1512, 1290, 300, 150, 45, 70, 290, 81920, 1935, 312, 156, true,
     3, 12, 25.0, 92, 89, 85, 95, 4, "pcie-a100", 108},
    {"H100-SXM", "H100", "NVIDIA H100 80GB HBM3", "H100", "2330", "GH100 [H100 SXM5 80GB]",
     EMU_ARCH_HOPPER, true, 1980, 345, 2619, 1545, 700, 200, 72, 160, 690, 81559, 3350, 989, 494, true,
     4, 18, 26.562, 92, 89, 87, 95, 5, "dgx-h100", 132},
    {"H100-NVL", NULL, "NVIDIA H100 NVL", "H100 NVL", "2321", "GH100 [H100 NVL]",
     EMU_ARCH_HOPPER, false, 1785, 345, 2619, 1545, 400, 200, 70, 100, 390, 95830, 3900, 835, 418, true,
     4, 12, 26.562, 92, 89, 87, 95, 5, "pcie-h100-nvl", 132},
    {"H200-SXM", "H200", "NVIDIA H200", "H200", "2335", "GH100 [H200 SXM 141GB]",
     EMU_ARCH_HOPPER, true, 1980, 345, 3201, 1545, 700, 200, 80, 160, 690, 143771, 4800, 989, 494, true,
     4, 18, 26.562, 92, 89, 87, 95, 5, "hgx-h200", 132},
    {"B200", NULL, "NVIDIA B200", "B200", "2901", "GB100 [B200]",
     EMU_ARCH_BLACKWELL, true, 1965, 345, 3996, 1965, 1000, 200, 140, 230, 980, 183359, 8000, 2250, 1100, true,
     5, 18, 53.125, 92, 89, 87, 95, 5, "dgx-b200", 148},
};
#define N_GPU_SPECS ((int)(sizeof gpu_specs / sizeof gpu_specs[0]))

const emu_gpu_spec *emu_gpu_spec_find(const char *key)
{
    for (int i = 0; key && i < N_GPU_SPECS; i++)
        if (!strcmp(gpu_specs[i].key, key) || (gpu_specs[i].alias && !strcmp(gpu_specs[i].alias, key)))
            return &gpu_specs[i];
    return NULL;
}

const emu_gpu_spec *emu_gpu_spec_at(int i) { return i >= 0 && i < N_GPU_SPECS ? &gpu_specs[i] : NULL; }

/* NCCL's effective per-link NVLink bandwidths for its topology search (src/graph/topo.h:
 * SM70_NVLINK_BW 20, SM80_NVLINK_BW 20, SM90_NVLINK_BW 20.6, SM100_NVLINK_BW 40.1 GB/s). */
double emu_gpu_nccl_nvlink_bw(const emu_gpu_spec *spec)
{
    return spec->arch >= EMU_ARCH_BLACKWELL ? 40.1 : spec->arch >= EMU_ARCH_HOPPER ? 20.6 : 20.0;
}

/* ---- adapters ----------------------------------------------------------------------------------
 * Part ids, CA types and lspci names from the Linux PCI ID database (pci-ids.ucw.cz, vendor
 * 15b3: 1013 ConnectX-4, 101b ConnectX-6, 101d ConnectX-6 Dx, 1021 ConnectX-7, 1023
 * ConnectX-8); firmware majors per generation (12.x, 20.x, 22.x, 28.x, 40.x) from NVIDIA's
 * firmware release notes; PSIDs and card descriptions as mlxlink and ibv_devinfo print them in
 * the captures of tool-formats.md section 9. */
static const emu_hca_spec hca_specs[] = {
    {4115, "MT4115", "12.28.2006", "MT_2180110032", "Mellanox Technologies MT27700 Family [ConnectX-4]",
     "(MT4115 - MCX455A-ECAT) ConnectX-4 VPI adapter card, EDR IB (100Gb/s) and 100GbE, single-port QSFP28", 100},
    {4123, "MT4123", "20.39.1002", "MT_0000000223", "Mellanox Technologies MT28908 Family [ConnectX-6]",
     "(MT4123 - MCX653105A-HDAT) ConnectX-6 VPI adapter card, HDR IB (200Gb/s) and 200GbE, single-port QSFP56", 200},
    {4129, "MT4129", "28.41.1000", "MT_0000000838", "Mellanox Technologies MT2910 Family [ConnectX-7]",
     "(MT4129 - MCX75310AAS-NEAT) NVIDIA ConnectX-7 HHHL Adapter card, 400GbE / NDR IB (default mode), Single-port OSFP", 400},
    {4131, "MT4131", "40.44.1036", "MT_0000001040", "Mellanox Technologies CX8 Family [ConnectX-8]",
     "(MT4131 - C8180) NVIDIA ConnectX-8 SuperNIC, 800GbE / XDR IB, Single-port OSFP", 800},
    {4125, "MT4125", "22.39.1002", "MT_0000000359", "Mellanox Technologies MT2892 Family [ConnectX-6 Dx]",
     "(MT4125 - MCX623106AN-CDAT) ConnectX-6 Dx EN adapter card, 100GbE, Dual-port QSFP56", 100},
};

const emu_hca_spec *emu_hca_spec_for_rate(int rate_gbit_per_s)
{
    for (int i = 0; i < 4; i++)
        if (rate_gbit_per_s <= hca_specs[i].max_rate_gbit_per_s)
            return &hca_specs[i];
    return &hca_specs[3];
}

const emu_hca_spec *emu_hca_spec_frontend(void) { return &hca_specs[4]; }

/* ---- cables and transceivers -------------------------------------------------------------------
 * Part numbers and what they are from NVIDIA's LinkX product pages: MMA4Z00-NS400, the 400 Gb/s NDR
 * single-port OSFP multimode transceiver of ConnectX-7 (SR4: 4 lanes of 100G-PAM4 at 850 nm, 50 m
 * over OM4); MFS1S00-H010V, an HDR 200 Gb/s QSFP56 active optical cable of 10 m; MCP1650-H002E26, an
 * HDR passive copper cable of 2 m; MFA1A00-E010, an EDR 100 Gb/s QSFP28 active optical cable of 10 m;
 * MCP1600-C003E26N, a 100GbE QSFP28 passive copper cable of 3 m (its EEPROM in sonic-net/
 * sonic-utilities pull 2249: Vendor Name Mellanox, Rev A5); MCP1650-V002E26, a 200GbE QSFP56
 * passive copper cable of 2 m (its product specification: 4 lanes of 50G-PAM4, identifier 11h
 * QSFP28 in its memory map; so does the MCP1650-H0xxEyy HDR 200 Gb/s QSFP56 DAC's specification,
 * byte 0 "11h: QSFP28": SFF-8024 has no QSFP56 identifier, and mstflint's getCableIdentifier
 * (mlxlink_utils.cpp) knows no "QSFP56" string, so an HDR QSFP56 cable or AOC prints "QSFP28");
 * MMA4Z00-NS400-T, the Ethernet (400GbE) SKU of the SR4 OSFP
 * transceiver, "identical design and internals" (its product specification). Field names and values as mstflint's
 * mlxlink prints them (mlxlink_commander.cpp: identifier, cable type and technology strings).
 * Module firmware versions and power classes are modelling choices. */
static const emu_module_spec module_specs[] = {
    {"MMA4Z00-NS400", "NVIDIA", "OSFP", "400GAUI-4-S C2M,400GBASE-SR4", "850 nm VCSEL",
     "Optical Module (separated)", 850, 50, 4, 400, true, "A6", "46.120.620", "Power Class 6 (10.0W max)"},
    {"MFS1S00-H010V", "Mellanox", "QSFP28", "N/A", "850 nm VCSEL", "Active cable (active copper / optics)", 850,
     10, 4, 200, true, "A3", "40.126.310", "Power Class 4 (3.5W max)"},
    {"MCP1650-H002E26", "Mellanox", "QSFP28", "N/A", "Copper cable unequalized", "Passive copper cable", 0, 2, 4,
     200, false, "A2", "N/A", "Power Class 1 (1.5W max)"},
    {"MFA1A00-E010", "Mellanox", "QSFP28", "N/A", "850 nm VCSEL", "Active cable (active copper / optics)", 850,
     10, 4, 100, true, "B1", "38.100.121", "Power Class 4 (3.5W max)"},
    {"MCP1600-C003E26N", "Mellanox", "QSFP28", "N/A", "Copper cable unequalized", "Passive copper cable", 0, 3, 4,
     100, false, "A5", "N/A", "Power Class 1 (1.5W max)"},
    {"MCP1650-V002E26", "Mellanox", "QSFP28", "N/A", "Copper cable unequalized", "Passive copper cable", 0, 2, 4,
     200, false, "A2", "N/A", "Power Class 1 (1.5W max)"},
    {"MMA4Z00-NS400-T", "NVIDIA", "OSFP", "400GAUI-4-S C2M,400GBASE-SR4", "850 nm VCSEL",
     "Optical Module (separated)", 850, 50, 4, 400, true, "A6", "46.120.620", "Power Class 6 (10.0W max)"},
};

const emu_module_spec *emu_module_spec_at(int i)
{
    return i >= 0 && i < (int)(sizeof module_specs / sizeof module_specs[0]) ? &module_specs[i] : NULL;
}

const emu_module_spec *emu_module_spec_find(const char *pn)
{
    for (int i = 0; pn && emu_module_spec_at(i); i++)
        if (!strcmp(module_specs[i].part_number, pn))
            return &module_specs[i];
    return NULL;
}

const emu_module_spec *emu_module_spec_default(int rate_gbit_per_s, bool ethernet)
{
    /* a part that carries the port's rate: an Ethernet port at 200 or 400 Gb/s (a RoCE compute
     * port) gets the 200GbE cable or the 400GbE transceiver, not the 100GbE front-end's copper */
    if (ethernet)
        return emu_module_spec_find(rate_gbit_per_s > 200   ? "MMA4Z00-NS400-T"
                                    : rate_gbit_per_s > 100 ? "MCP1650-V002E26"
                                                            : "MCP1600-C003E26N");
    return emu_module_spec_find(rate_gbit_per_s > 200   ? "MMA4Z00-NS400"
                                : rate_gbit_per_s > 100 ? "MFS1S00-H010V"
                                                        : "MFA1A00-E010");
}

/* ---- systems -----------------------------------------------------------------------------------
 *   dgx-1v: NVIDIA DGX-1 with Tesla V100 System Architecture white paper (8 V100 SXM2 in a hybrid
 *     cube-mesh, 4 EDR InfiniBand adapters, 2 x 20-core Xeon E5-2698 v4, 512 GB); its topo -m in
 *     NVIDIA's published matrix (pairs of GPUs under one PCIe switch with one NIC);
 *   dgx-a100: DGX A100 User Guide (8 A100 SXM4, 6 NVSwitches, 8 HDR compute ports, 2 x AMD EPYC
 *     7742 64-core, 2 TB, 4 PCIe switches each with 2 GPUs and 2 NICs);
 *   dgx-h100: DGX H100 User Guide (8 H100 SXM5, 4 NVSwitches, 8 ConnectX-7 NDR compute ports,
 *     2 x Xeon Platinum 8480C 56-core, 2 TB), topo -m of tool-formats.md section 4;
 *   hgx-h200: HGX H200 as OEMs build it (the H100 baseboard with H200 modules, 8 NDR ports);
 *   dgx-b200: DGX B200 datasheet (8 B200, 2 NVSwitch chips, 8 single-port ConnectX-7 at 400 Gb/s,
 *     2 x Xeon Platinum 8570 56-core, 2 TB);
 *   pcie-a100, pcie-h100-nvl: PCIe servers as OEMs build them (8 cards, bridged in pairs, 4
 *     NICs, 2 cards and 1 NIC per PCIe switch); the CPU models are common choices, not a spec. */
static const emu_system_spec system_specs[] = {
    {"dgx-1v", "DGX-1", "V100-SXM2-32GB", 8, EMU_NVLINK_CUBE_MESH, 0, 4, 1, 100, 2, 80,
     "Intel(R) Xeon(R) CPU E5-2698 v4 @ 2.20GHz", 257654, 2, true},
    {"dgx-a100", "DGX A100", "A100-SXM4-80GB", 8, EMU_NVLINK_SWITCH, 6, 8, 1, 200, 2, 256,
     "AMD EPYC 7742 64-Core Processor", 1031524, 2, false},
    {"pcie-a100", "PCIe A100 server", "A100-PCIe-80GB", 8, EMU_NVLINK_BRIDGE_PAIRS, 0, 4, 1, 200, 2, 128,
     "AMD EPYC 7763 64-Core Processor", 515524, 2, false},
    {"dgx-h100", "DGX H100", "H100-SXM", 8, EMU_NVLINK_SWITCH, 4, 8, 1, 400, 2, 224,
     "Intel(R) Xeon(R) Platinum 8480C", 1031754, 1, false},
    {"pcie-h100-nvl", "PCIe H100 NVL server", "H100-NVL", 8, EMU_NVLINK_BRIDGE_PAIRS, 0, 4, 1, 400, 2, 192,
     "Intel(R) Xeon(R) Platinum 8468", 1031754, 2, false},
    {"hgx-h200", "HGX H200", "H200-SXM", 8, EMU_NVLINK_SWITCH, 4, 8, 1, 400, 2, 224,
     "Intel(R) Xeon(R) Platinum 8480+", 1031754, 1, false},
    {"dgx-b200", "DGX B200", "B200", 8, EMU_NVLINK_SWITCH, 2, 8, 1, 400, 2, 224,
     "INTEL(R) XEON(R) PLATINUM 8570", 1031754, 1, false},
};
#define N_SYSTEM_SPECS ((int)(sizeof system_specs / sizeof system_specs[0]))

const emu_system_spec *emu_system_spec_find(const char *key)
{
    for (int i = 0; key && i < N_SYSTEM_SPECS; i++)
        if (!strcmp(system_specs[i].key, key))
            return &system_specs[i];
    return NULL;
}

const emu_system_spec *emu_system_spec_at(int i)
{
    return i >= 0 && i < N_SYSTEM_SPECS ? &system_specs[i] : NULL;
}

/* DGX-1's hybrid cube-mesh as nvidia-smi topo -m shows it in NVIDIA's published matrix (DGX-1
 * V100 white paper; the same matrix in NVIDIA's developer blog on topo -m): two fully joined
 * quads (0-3, 4-7) and a link from each GPU to its counterpart in the other quad, six links per
 * GPU, NV1 or NV2 per pair. */
int emu_cube_mesh_links(int a, int b)
{
    static const unsigned char mesh[8][8] = {
        {0, 1, 1, 2, 2, 0, 0, 0}, {1, 0, 2, 1, 0, 2, 0, 0}, {1, 2, 0, 2, 0, 0, 1, 0},
        {2, 1, 2, 0, 0, 0, 0, 1}, {2, 0, 0, 0, 0, 1, 1, 2}, {0, 2, 0, 0, 1, 0, 2, 1},
        {0, 0, 1, 0, 1, 2, 0, 2}, {0, 0, 0, 1, 2, 1, 2, 0},
    };
    return a >= 0 && a < 8 && b >= 0 && b < 8 ? mesh[a][b] : 0;
}
