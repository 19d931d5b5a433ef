/* model.c: the cluster model: GPU profiles, building a world from a scenario (node layout,
 * faults applied to the state), and the per-device derived quantities (GPU clocks, power,
 * temperature, counters that grow with simulated time). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenario.h"

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
static const struct {
    const char *name, *netdev, *bus;
    int rail; /* -1: Ethernet storage/front-end port */
} hca_layout[] = {
    {"mlx5_0", "ibp24s0", "0000:18:00.0", 0},        {"mlx5_1", "enp41s0f0np0", "0000:29:00.0", -1},
    {"mlx5_2", "enp41s0f1np1", "0000:29:00.1", -1},  {"mlx5_3", "ibp64s0", "0000:40:00.0", 1},
    {"mlx5_4", "ibp79s0", "0000:4f:00.0", 2},        {"mlx5_5", "ibp94s0", "0000:5e:00.0", 3},
    {"mlx5_6", "ibp154s0", "0000:9a:00.0", 4},       {"mlx5_9", "ibp192s0", "0000:c0:00.0", 5},
    {"mlx5_10", "ibp206s0", "0000:ce:00.0", 6},      {"mlx5_11", "ibp220s0", "0000:dc:00.0", 7},
};
#define N_HCA_LAYOUT ((int)(sizeof hca_layout / sizeof hca_layout[0]))

static const char *const h100_gpu_bus[8] = {"1B", "43", "52", "61", "9D", "C3", "D1", "DF"};
static const char *const a100_gpu_bus[8] = {"07", "0F", "47", "4E", "87", "90", "B7", "BD"};
static const char *const switch_bus[8] = {"17", "3f", "4e", "5d", "99", "bf", "cd", "db"};

int emu_layout_hca_find(const char *name)
{
    for (int i = 0; i < N_HCA_LAYOUT; i++)
        if (name && !strcmp(hca_layout[i].name, name))
            return i;
    return -1;
}

static void build_node(emu_world *w, const emu_scenario *s, int index)
{
    emu_node *n = &w->nodes[index];
    const emu_gpu_spec *spec = w->spec;
    bool h100 = !strcmp(spec->short_name, "H100");
    memset(n, 0, sizeof *n);
    n->index = index;
    snprintf(n->name, sizeof n->name, "node%02d", index + 1);
    snprintf(n->ip, sizeof n->ip, "10.0.0.%u", (unsigned)(11 + index) % 256u);
    snprintf(n->bootstrap_netdev, sizeof n->bootstrap_netdev, "bond0");
    n->bootstrap_rate_gbit_per_s = s->bootstrap_rate_gbit_per_s;
    n->powered_on = true;
    /* booted one to six days before the job started */
    n->boot_time_s = s->start_time_s - s->job_running_s -
                     (86400.0 + floor(5 * 86400.0 * (0.5 + 0.5 * emu_sample_at(w, 0, "boot", index, 0))));
    n->n_gpus = 8;
    n->n_switches = 8;
    n->n_numa = 2;
    n->n_cpus = h100 ? 224 : 256;
    n->n_nvswitches = h100 ? 4 : 6;
    n->fabric_manager_running = true;
    n->peermem_loaded = true;
    n->verbs_available = true;
    for (int i = 0; i < 2; i++) {
        emu_numa *nm = &n->numa[i];
        if (h100)
            snprintf(nm->cpus, sizeof nm->cpus, "%d-%d,%d-%d", i * 56, i * 56 + 55, 112 + i * 56,
                     112 + i * 56 + 55);
        else
            snprintf(nm->cpus, sizeof nm->cpus, "%d-%d,%d-%d", i * 64, i * 64 + 63, 128 + i * 64,
                     128 + i * 64 + 63);
        nm->n_cpus = n->n_cpus / 2;
        nm->size_mb = h100 ? 1031754 + i * 419 : 515524 + i * 330;
        nm->free_mb = nm->size_mb * (0.62 + 0.05 * emu_sample_at(w, 0, "numa-free", index, i));
    }
    for (int i = 0; i < 8; i++) {
        emu_pcie_switch *sw = &n->switches[i];
        snprintf(sw->bus, sizeof sw->bus, "%s", switch_bus[i]);
        sw->numa_node = i / 4;
    }
    for (int g = 0; g < 8; g++) {
        emu_gpu *gpu = &n->gpus[g];
        gpu->index = g;
        snprintf(gpu->bus_id, sizeof gpu->bus_id, "00000000:%s:00.0",
                 h100 ? h100_gpu_bus[g] : a100_gpu_bus[g]);
        uint64_t u1 = emu_hash(w->seed, "uuid", (uint64_t)index, (uint64_t)g);
        uint64_t u2 = emu_hash(w->seed, "uuid2", (uint64_t)index, (uint64_t)g);
        snprintf(gpu->uuid, sizeof gpu->uuid, "GPU-%08x-%04x-%04x-%04x-%012llx",
                 (unsigned)(u1 >> 32), (unsigned)((u1 >> 16) & 0xffff), (unsigned)(u1 & 0xffff),
                 (unsigned)(u2 >> 48), (unsigned long long)(u2 & 0xffffffffffffull));
        snprintf(gpu->serial, sizeof gpu->serial, "165%010llu",
                 (unsigned long long)(emu_hash(w->seed, "serial", (uint64_t)index, (uint64_t)g) %
                                      10000000000ull));
        gpu->numa_node = g / 4;
        gpu->pcie_switch = g;
        gpu->pcie_width = 16;
        gpu->inlet_temp_c = 27.0 + 2.0 * emu_sample_at(w, 0, "inlet", index, g);
        gpu->thermal_c_per_w = 0.048;
        gpu->power_limit_w = spec->power_limit_w;
        gpu->persistence_mode = true;
        gpu->mem_used_mib = floor(spec->memory_total_mib * (0.86 + 0.02 * emu_sample_at(w, 0, "mem", index, g)));
        gpu->ecc_dram_corrected_agg = 0;
        for (int l = 0; l < spec->nvlinks; l++)
            gpu->links[l].up = true;
    }
    n->n_hcas = N_HCA_LAYOUT;
    int lid_base = 100 + index * 16;
    for (int i = 0; i < N_HCA_LAYOUT; i++) {
        emu_hca *h = &n->hcas[i];
        snprintf(h->name, sizeof h->name, "%s", hca_layout[i].name);
        snprintf(h->netdev, sizeof h->netdev, "%s", hca_layout[i].netdev);
        snprintf(h->bus_id, sizeof h->bus_id, "%s", hca_layout[i].bus);
        h->rail = hca_layout[i].rail;
        h->compute = h->rail >= 0;
        h->ethernet = !h->compute;
        h->pcie_switch = h->compute ? h->rail : -1;
        h->numa_node = h->compute ? h->rail / 4 : 0;
        h->state = EMU_PORT_ACTIVE;
        h->phys_state = EMU_PHYS_LINKUP;
        h->expected_rate_gbit_per_s = h->compute ? s->hca_rate_gbit_per_s : 100;
        h->rate_gbit_per_s = h->expected_rate_gbit_per_s;
        h->width = 4;
        h->lid = h->ethernet ? 0 : lid_base + h->rail;
        h->sm_lid = h->ethernet ? 0 : 1;
        uint64_t g = emu_hash(w->seed, "guid", (uint64_t)index, (uint64_t)i);
        h->guid = 0xa088c20300000000ull | (g & 0xffffffffull);
        /* one field says which adapter this is (vendor_part_id, the PCI device id in decimal);
         * ibstat's CA type, firmware and lspci's name follow it: ConnectX-7 (4129, firmware
         * 28.x) or ConnectX-6 (4123, 20.x) on the compute rails, ConnectX-6 Dx (4125, 22.x)
         * for the Ethernet storage and front-end ports */
        h->vendor_part_id = h->ethernet ? 4125 : h100 ? 4129 : 4123;
        h->ca_type = h->vendor_part_id == 4125 ? "MT4125" : h->vendor_part_id == 4129 ? "MT4129" : "MT4123";
        snprintf(h->fw_ver, sizeof h->fw_ver, "%s",
                 h->vendor_part_id == 4125 ? "22.39.1002" : h->vendor_part_id == 4129 ? "28.41.1000" : "20.39.1002");
        /* counters since the last clear: a few hours of traffic, no errors */
        double words = 2.5e12 * (1.0 + 0.1 * emu_sample_at(w, 0, "traffic", index, i));
        h->counters.xmit_data = h->counters.rcv_data = (uint64_t)(h->compute ? words : words / 50);
        h->counters.xmit_pkts = h->counters.rcv_pkts = h->counters.xmit_data / 1024;
        h->counters.xmit_wait = (uint64_t)(h->compute ? 1.0e6 * (1.1 + emu_sample_at(w, 0, "xw", index, i)) : 0);
    }
    emu_bmc *b = &n->bmc;
    snprintf(b->address, sizeof b->address, "node%02u-bmc", (unsigned)(index + 1) % 100u);
    snprintf(b->ip, sizeof b->ip, "10.0.100.%u", (unsigned)(11 + index) % 256u);
    b->reachable = true;
    b->reports_power_on = true;
    /* the boot leaves a SEL trail on every node */
    emu_sel *e = &b->sel[b->n_sel++];
    e->time_s = n->boot_time_s - 95;
    snprintf(e->sensor, sizeof e->sensor, "System ACPI Power State ACPI State");
    snprintf(e->event, sizeof e->event, "S5/G2: soft-off");
    e->asserted = true;
    e = &b->sel[b->n_sel++];
    e->time_s = n->boot_time_s - 60;
    snprintf(e->sensor, sizeof e->sensor, "System ACPI Power State ACPI State");
    snprintf(e->event, sizeof e->event, "S0/G0: working");
    e->asserted = true;
}

/* ---- faults into state -------------------------------------------------------------------------- */

static void klog_add(emu_node *n, double time_s, const char *format, ...)
    __attribute__((format(printf, 3, 4)));
static void klog_add(emu_node *n, double time_s, const char *format, ...)
{
    if (n->n_klog >= EMU_MAX_KLOG)
        return;
    /* keep time order: insert before later entries */
    int at = n->n_klog;
    while (at > 0 && n->klog[at - 1].time_s > time_s) {
        n->klog[at] = n->klog[at - 1];
        at--;
    }
    emu_klog *k = &n->klog[at];
    k->time_s = time_s;
    va_list args;
    va_start(args, format);
    vsnprintf(k->text, sizeof k->text, format, args);
    va_end(args);
    n->n_klog++;
}

static void sel_add(emu_node *n, double time_s, const char *sensor, const char *event,
                    bool asserted, const char *reading)
{
    emu_bmc *b = &n->bmc;
    if (b->n_sel >= EMU_MAX_SEL)
        return;
    int at = b->n_sel;
    while (at > 0 && b->sel[at - 1].time_s > time_s) {
        b->sel[at] = b->sel[at - 1];
        at--;
    }
    emu_sel *e = &b->sel[at];
    memset(e, 0, sizeof *e);
    e->time_s = time_s;
    snprintf(e->sensor, sizeof e->sensor, "%s", sensor);
    snprintf(e->event, sizeof e->event, "%s", event);
    e->asserted = asserted;
    snprintf(e->reading, sizeof e->reading, "%s", reading ? reading : "");
    b->n_sel++;
}

/* "0000:1b:00" from "00000000:1B:00.0", as NVRM prints PCI addresses in Xid lines. */
static void nvrm_pci(const emu_gpu *g, char *buf, size_t size)
{
    char bus[3] = {(char)(g->bus_id[9] | 0x20), (char)(g->bus_id[10] | 0x20), 0};
    snprintf(buf, size, "0000:%s:00", bus);
}

/* The text NVRM prints after "Xid (PCI:...): CODE, " for the codes the labs use (wording ours,
 * meanings from NVIDIA's Xid catalog, docs.nvidia.com/deploy/xid-errors). */
static void xid_detail(int code, int pid, int link, char *buf, size_t size)
{
    switch (code) {
    case 13:
        snprintf(buf, size, "pid=%d, name=python3, Graphics SM Warp Exception on (GPC 1, TPC 3, SM 0): Out Of Range Address", pid);
        break;
    case 31:
        snprintf(buf, size, "pid=%d, name=python3, Ch 0000003b, intr 10000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_0 faulted @ 0x7f2a_04687000. Fault is of type FAULT_PDE ACCESS_TYPE_READ", pid);
        break;
    case 43:
        snprintf(buf, size, "pid=%d, name=python3, Ch 00000008", pid);
        break;
    case 45:
        snprintf(buf, size, "pid=%d, name=python3, Ch 00000001", pid);
        break;
    case 48:
        snprintf(buf, size, "pid='<unknown>', name=<unknown>, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 3, subpartition 1.");
        break;
    case 63:
        snprintf(buf, size, "pid='<unknown>', name=<unknown>, Row Remapper: New row (0x00000000000a3f20) marked for remapping, reset gpu to activate.");
        break;
    case 64:
        snprintf(buf, size, "pid='<unknown>', name=<unknown>, Row Remapper: Failed to remap row, no spare rows left in bank.");
        break;
    case 74:
        snprintf(buf, size, "pid=%d, name=python3, NVLink: fatal error detected on link %d(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)", pid, link);
        break;
    case 79:
        snprintf(buf, size, "pid=%d, name=python3, GPU has fallen off the bus.", pid);
        break;
    case 92:
        snprintf(buf, size, "pid='<unknown>', name=<unknown>, High single-bit ECC error rate detected.");
        break;
    case 94:
        snprintf(buf, size, "pid=%d, name=python3, Contained: SM (0x1). RST: No, D-RST: No", pid);
        break;
    case 95:
        snprintf(buf, size, "pid=%d, name=python3, Uncontained: FBHUB. RST: Yes, D-RST: No", pid);
        break;
    case 119:
        snprintf(buf, size, "pid='N/A', name=N/A, Timeout after 6s of waiting for RPC response from GPU0 GSP! Expected function 76 (GSP_RM_CONTROL) (0x20800a4c 0x4).");
        break;
    default:
        snprintf(buf, size, "pid=%d, name=python3, Ch 00000010", pid);
        break;
    }
}

static void add_xid(emu_world *w, emu_node *n, int gpu, int code, double time_s, int link)
{
    emu_gpu *g = &n->gpus[gpu];
    char pci[16];
    nvrm_pci(g, pci, sizeof pci);
    int pid = 200000 + (int)(emu_hash(w->seed, "pid", (uint64_t)n->index, 0) % 600000);
    if (g->n_xids == 0)
        klog_add(n, time_s, "NVRM: GPU at PCI:%s: %s", pci, g->uuid);
    if (g->n_xids == 0)
        klog_add(n, time_s, "NVRM: GPU Board Serial Number: %s", g->serial);
    if (g->n_xids < EMU_MAX_XIDS) {
        emu_xid *x = &g->xids[g->n_xids++];
        x->time_s = time_s;
        x->code = code;
        x->pid = pid;
        xid_detail(code, pid, link, x->detail, sizeof x->detail);
        klog_add(n, time_s, "NVRM: Xid (PCI:%s): %d, %s", pci, code, x->detail);
    }
}

static void apply_fault(emu_world *w, const emu_fault *f)
{
    emu_node *n = f->node >= 0 && f->node < w->n_nodes ? &w->nodes[f->node] : NULL;
    emu_gpu *g = n && f->gpu >= 0 && f->gpu < n->n_gpus ? &n->gpus[f->gpu] : NULL;
    emu_hca *h = n && f->hca >= 0 && f->hca < n->n_hcas ? &n->hcas[f->hca] : NULL;
    emu_mount *m = f->mount >= 0 && f->mount < w->n_mounts ? &w->mounts[f->mount] : NULL;
    double when = w->start_time_s - (f->ago_s > 0 ? f->ago_s : 900);
    char buf[96];
    switch (f->kind) {
    case EMU_FAULT_HCA_DEGRADED:
        if (!h)
            break;
        if (f->count)
            h->width = f->count;
        h->rate_gbit_per_s = f->value > 0 ? (int)f->value : h->expected_rate_gbit_per_s * h->width / 4;
        /* the port retrained to get there: three failed recoveries, then the link went down
         * once (LinkDownedCounter 1) and came back at the lower rate a few seconds later; the
         * kernel logs the down and the up, the counters keep the recoveries */
        h->counters.link_error_recovery += 3;
        h->counters.link_downed += 1;
        h->counters.symbol_errors += 41;
        if (when > n->boot_time_s + 60) {
            klog_add(n, when, "mlx5_core %s %s: Link down", h->bus_id, h->netdev);
            klog_add(n, when + 7.4, "mlx5_core %s %s: Link up", h->bus_id, h->netdev);
        }
        break;
    case EMU_FAULT_HCA_DOWN:
        if (!h)
            break;
        h->state = EMU_PORT_DOWN;
        h->phys_state = EMU_PHYS_POLLING;
        h->rate_gbit_per_s = 10;
        h->width = 1;
        h->counters.link_downed += 1;
        klog_add(n, when, "mlx5_core %s: mlx5_port_module_event:1152:(pid 0): Port module event[error]: module 0, Cable error, High Temperature", h->bus_id);
        klog_add(n, when + 0.2, "mlx5_core %s %s: Link down", h->bus_id, h->netdev);
        break;
    case EMU_FAULT_LINK_ERRORS:
        if (!h)
            break;
        h->symbol_error_rate_per_s = f->value > 0 ? f->value : 0.8;
        h->counters.symbol_errors += 1873;
        h->counters.link_error_recovery += 5;
        h->counters.rcv_errors += 212;
        break;
    case EMU_FAULT_NCCL_IB_DISABLED:
        w->job.nccl_ib_disable = true;
        break;
    case EMU_FAULT_NCCL_HCA_MISMATCH:
        snprintf(w->job.nccl_ib_hca, sizeof w->job.nccl_ib_hca, "%.63s",
                 f->text[0] ? f->text : "=mlx5_bond_0");
        break;
    case EMU_FAULT_VERBS_MISSING:
        if (n)
            n->verbs_available = false;
        break;
    case EMU_FAULT_GDR_UNAVAILABLE:
        if (n)
            n->peermem_loaded = false;
        break;
    case EMU_FAULT_ACS_REDIRECT:
        if (n && f->link >= 0 && f->link < n->n_switches)
            n->switches[f->link].acs_redirect = true;
        break;
    case EMU_FAULT_GPU_THERMAL:
        if (!g)
            break;
        g->forced_temp_c = f->value > 0 ? f->value : w->spec->temp_slowdown_c + 1;
        snprintf(buf, sizeof buf, "Temperature GPU%d Temp", f->gpu);
        {
            char reading[64];
            snprintf(reading, sizeof reading, "Reading %.0f > Threshold %.0f degrees C",
                     g->forced_temp_c, w->spec->temp_max_operating_c);
            sel_add(n, when, buf, "Upper Critical going high", true, reading);
        }
        break;
    case EMU_FAULT_GPU_POWER_CAP:
        if (g)
            g->power_limit_w = f->value;
        break;
    case EMU_FAULT_GPU_POWER_BRAKE:
        if (!g)
            break;
        g->power_brake = true;
        sel_add(n, when, "Power Supply PS3 Status", "Failure detected", true, NULL);
        sel_add(n, when + 1, "Power Unit PSU Redundancy", "Redundancy Lost", true, NULL);
        break;
    case EMU_FAULT_XID:
        if (!g)
            break;
        if (f->code == 79) { /* the PCIe link dropped first: AER lines precede the Xid */
            klog_add(n, when - 0.002, "pcieport 0000:%s:00.0: AER: Uncorrected (Fatal) error received: 0000:%s:00.0",
                     n->switches[g->pcie_switch].bus, n->switches[g->pcie_switch].bus);
            klog_add(n, when - 0.001, "pcieport 0000:%s:00.0: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Receiver ID)",
                     n->switches[g->pcie_switch].bus);
            g->lost_s = when;
        }
        add_xid(w, n, f->gpu, f->code, when, 0);
        break;
    case EMU_FAULT_ECC_ERRORS:
        if (!g)
            break;
        g->ecc_dram_corrected += (uint64_t)f->value;
        g->ecc_dram_uncorrected += (uint64_t)f->value2;
        g->ecc_dram_corrected_agg += (uint64_t)f->value;
        g->ecc_dram_uncorrected_agg += (uint64_t)f->value2;
        /* an uncorrectable DRAM error marks its row for remapping at the next reset (Ampere and
         * Hopper row remapping); corrected errors alone do not */
        if (f->value2 > 0) {
            g->remapped_uncorrectable += 1;
            g->remap_pending = true;
        }
        break;
    case EMU_FAULT_ROW_REMAP_PENDING:
        if (!g)
            break;
        g->remap_pending = true;
        g->ecc_dram_uncorrected += 1;
        g->ecc_dram_uncorrected_agg += 1;
        add_xid(w, n, f->gpu, 63, when, 0);
        break;
    case EMU_FAULT_NVLINK_DOWN:
        if (!g || f->link < 0)
            break;
        g->links[f->link].up = false;
        g->links[f->link].recovery_errors += 1;
        add_xid(w, n, f->gpu, 74, when, f->link);
        break;
    case EMU_FAULT_NVLINK_ERRORS:
        if (!g || f->link < 0)
            break;
        g->links[f->link].error_rate_per_s = f->value > 0 ? f->value : 2.0;
        g->links[f->link].replay_errors += 1520;
        g->links[f->link].recovery_errors += 4;
        g->links[f->link].crc_errors += 86;
        break;
    case EMU_FAULT_FABRIC_MANAGER_DOWN:
        if (n)
            n->fabric_manager_running = false;
        break;
    case EMU_FAULT_CHECKPOINT_WRITERS:
        if (!m)
            break;
        m->competing_writers = f->count > 0 ? f->count : 4;
        m->writer_mb_per_s = f->value > 0 ? f->value : m->write_mb_per_s / 2;
        break;
    case EMU_FAULT_METADATA_LATENCY:
        if (m)
            m->metadata_latency_ms = f->value;
        break;
    case EMU_FAULT_STORAGE_FULL:
        if (m)
            m->used_bytes = m->size_bytes;
        break;
    case EMU_FAULT_LOADER_CPU_STARVED:
        if (n)
            n->loader_cpus = f->count > 0 ? f->count : 2;
        break;
    case EMU_FAULT_ROUTING_COLLISION:
        if (!n)
            break;
        for (int i = 0; i < n->n_hcas; i++)
            if (n->hcas[i].compute)
                n->hcas[i].collision_xmit_wait_per_s = 4.0e6;
        break;
    case EMU_FAULT_BMC_UNREACHABLE:
        if (n)
            n->bmc.reachable = false;
        break;
    case EMU_FAULT_BMC_STALE_POWER:
        if (!n)
            break;
        n->powered_on = false;
        n->power_lost_s = when;
        n->bmc.reports_power_on = true;
        sel_add(n, when, "Power Supply PS1 Status", "Power Supply AC lost", true, NULL);
        sel_add(n, when + 0.5, "Power Supply PS2 Status", "Power Supply AC lost", true, NULL);
        break;
    case EMU_FAULT_SEL_EVENT:
        if (n)
            sel_add(n, when, f->text, f->text2, f->count == 0, f->text3);
        break;
    case EMU_FAULT_KIND_COUNT:
        break;
    }
}

/* ---- the world ----------------------------------------------------------------------------------- */

static int world_build(emu_world *w, const emu_catalog *catalog, const emu_scenario *s,
                       uint64_t seed)
{
    emu_scenario *own = w->own_scenario;
    memset(w, 0, sizeof *w);
    w->own_scenario = own;
    w->seed_override = seed;
    w->catalog = catalog;
    w->scenario = s;
    w->seed = seed ? seed : s->seed;
    w->start_time_s = s->start_time_s;
    w->now_s = s->start_time_s;
    w->spec = s->spec;
    snprintf(w->cluster_name, sizeof w->cluster_name, "%s", s->cluster_name);
    snprintf(w->kernel_release, sizeof w->kernel_release, "6.8.0-60-generic");
    snprintf(w->driver_version, sizeof w->driver_version, "570.133.20");
    snprintf(w->cuda_version, sizeof w->cuda_version, "12.8");
    snprintf(w->nccl_version, sizeof w->nccl_version, "2.21.5+cuda12.4");
    snprintf(w->dcgm_version, sizeof w->dcgm_version, "3.3.9");
    w->n_nodes = s->n_nodes;
    for (int i = 0; i < w->n_nodes; i++)
        build_node(w, s, i);
    w->n_mounts = s->n_mounts;
    memcpy(w->mounts, s->mounts, sizeof w->mounts);
    for (int i = 0; i < w->n_mounts; i++) {
        emu_mount *m = &w->mounts[i];
        if (!strcmp(m->fstype, "nfs4"))
            snprintf(m->options, sizeof m->options,
                     "rw,relatime,vers=4.1,rsize=1048576,wsize=1048576,namlen=255,hard,proto=tcp,"
                     "timeo=600,retrans=2,sec=sys,local_lock=none");
        else if (!strcmp(m->fstype, "lustre"))
            snprintf(m->options, sizeof m->options, "rw,flock,lazystatfs");
        else {
            snprintf(m->options, sizeof m->options, "rw,relatime");
            snprintf(m->device, sizeof m->device, "nvme%un1", (unsigned)i % 10u);
        }
    }
    w->job = s->job;
    emu_job *j = &w->job;
    if (j->present) {
        j->start_time_s = s->start_time_s - s->job_running_s;
        int r = 0;
        for (int k = 0; k < j->n_nodes; k++)
            for (int g = 0; g < 8 && r < EMU_MAX_RANKS; g++) {
                j->ranks[r].node = j->nodes[k];
                j->ranks[r].gpu = g;
                r++;
            }
        j->world_size = r;
    }
    w->n_faults = s->n_faults;
    memcpy(w->faults, s->faults, sizeof w->faults);
    for (int i = 0; i < w->n_faults; i++)
        apply_fault(w, &w->faults[i]);
    emu_world_refresh(w);
    memset(&w->lab, 0, sizeof w->lab);
    w->lab.active = s->has_lab;
    return 0;
}

emu_world *emu_world_new(const emu_catalog *catalog, const emu_scenario *scenario, uint64_t seed,
                         char **error)
{
    if (error)
        *error = NULL;
    emu_world *w = calloc(1, sizeof *w);
    if (!w)
        goto oom;
    if (!scenario) {
        char *perr = NULL;
        w->own_scenario = emu_scenario_parse("default", emu_default_scenario_yaml,
                                             strlen(emu_default_scenario_yaml), "(built-in)", &perr);
        if (!w->own_scenario) {
            if (error)
                *error = perr;
            else
                free(perr);
            free(w);
            return NULL;
        }
        scenario = w->own_scenario;
    }
    if (world_build(w, catalog, scenario, seed) != 0) {
        emu_world_free(w);
        goto oom;
    }
    return w;
oom:
    if (error) {
        *error = malloc(32);
        if (*error)
            snprintf(*error, 32, "out of memory");
    }
    return NULL;
}

int emu_world_reset(emu_world *world, const emu_scenario *scenario, uint64_t seed)
{
    if (!world || !scenario)
        return -1;
    emu_world *copy = malloc(sizeof *copy);
    if (!copy)
        return -1;
    *copy = *world;
    unsigned long commands = world->commands_run;
    if (world_build(world, world->catalog, scenario, seed) != 0) {
        *world = *copy;
        free(copy);
        return -1;
    }
    free(copy);
    world->commands_run = commands;
    world->lab.lab_changed = true;
    return 0;
}

void emu_world_refresh(emu_world *w)
{
    emu_job *j = &w->job;
    w->step_base.valid = false;
    memset(w->step_summary, 0, sizeof w->step_summary);
    j->nominal_step_ms = 1000;
    if (!j->present)
        return;
    emu_step_timing *t = malloc(sizeof *t);
    if (!t)
        return; /* the uncached path still works, only slower */
    if (emu_job_step_timing(w, -1, t) == 0) {
        memcpy(w->step_base.compute_ms, t->compute_ms, sizeof t->compute_ms);
        memcpy(w->step_base.batch_wait_ms, t->batch_wait_ms, sizeof t->batch_wait_ms);
        w->step_base.allreduce_ms = t->allreduce_ms;
        w->step_base.optimizer_ms = t->optimizer_ms;
        w->step_base.valid = true;
        if (t->step_ms > 0)
            j->nominal_step_ms = t->step_ms;
    }
    free(t);
}

void emu_world_free(emu_world *world)
{
    if (!world)
        return;
    emu_scenario_free(world->own_scenario);
    free(world);
}

int emu_world_find_node(const emu_world *world, const char *name)
{
    if (!world || !name)
        return -1;
    for (int i = 0; i < world->n_nodes; i++)
        if (!strcmp(world->nodes[i].name, name))
            return i;
    return -1;
}

bool emu_node_reachable(const emu_world *world, int node)
{
    return world && node >= 0 && node < world->n_nodes && world->nodes[node].powered_on;
}

void emu_world_advance(emu_world *world, double seconds)
{
    if (seconds > 0 && isfinite(seconds))
        world->now_s += seconds;
    world->commands_run++;
}

/* ---- GPUs ------------------------------------------------------------------------------------------ */

static bool gpu_valid(const emu_world *w, int node, int gpu)
{
    return node >= 0 && node < w->n_nodes && gpu >= 0 && gpu < w->nodes[node].n_gpus;
}

bool emu_gpu_lost(const emu_world *w, int node, int gpu)
{
    return gpu_valid(w, node, gpu) && w->nodes[node].gpus[gpu].lost_s > 0;
}

bool emu_gpu_busy(const emu_world *w, int node, int gpu)
{
    if (!gpu_valid(w, node, gpu) || !w->job.present || !w->nodes[node].powered_on ||
        emu_gpu_lost(w, node, gpu))
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
static double gpu_clock_raw(const emu_world *w, int node, int gpu, uint32_t *reasons)
{
    const emu_gpu_spec *spec = w->spec;
    const emu_gpu *g = &w->nodes[node].gpus[gpu];
    uint32_t r = 0;
    if (!emu_gpu_busy(w, node, gpu)) {
        if (reasons)
            *reasons = EMU_CER_GPU_IDLE;
        return spec->idle_sm_clock_mhz;
    }
    double fmax = spec->max_sm_clock_mhz, f = fmax;
    double temp = g->forced_temp_c > 0 ? g->forced_temp_c
                                       : g->inlet_temp_c + g->thermal_c_per_w * spec->full_load_power_w;
    if (g->power_brake) {
        r |= EMU_CER_HW_SLOWDOWN | EMU_CER_HW_POWER_BRAKE;
        f = fmin(f, 0.19 * fmax); /* ~380 MHz on H100, as in the field (tool-formats.md s.2) */
    }
    if (temp >= spec->temp_slowdown_c) {
        /* NVML: HW Slowdown "reduces the core clocks by a factor of 2 or more" */
        r |= EMU_CER_HW_SLOWDOWN | EMU_CER_HW_THERMAL;
        f = fmin(f, 0.5 * fmax);
    } else if (temp > spec->temp_max_operating_c) {
        r |= EMU_CER_SW_THERMAL;
        f = fmin(f, fmax * (1.0 - 0.1 * (temp - spec->temp_max_operating_c)));
    }
    /* power cap: P(f) = Ps + (Pfull - Ps) (f / fmax)^3 (dynamic CMOS power C V^2 f with V ~ f) */
    double dyn = spec->full_load_power_w - spec->static_power_w;
    double demand = spec->static_power_w + dyn * pow(f / fmax, 3);
    if (demand > g->power_limit_w) {
        r |= EMU_CER_SW_POWER_CAP;
        double ratio = (g->power_limit_w - spec->static_power_w) / dyn;
        f = fmin(f, fmax * cbrt(ratio > 0.01 ? ratio : 0.01));
    }
    if (reasons)
        *reasons = r;
    return f;
}

double emu_gpu_slowdown(const emu_world *w, int node, int gpu)
{
    if (!gpu_valid(w, node, gpu))
        return 1.0;
    if (!emu_gpu_busy(w, node, gpu))
        return 1.0;
    double f = gpu_clock_raw(w, node, gpu, NULL);
    return w->spec->max_sm_clock_mhz / (f > 1 ? f : 1);
}

int emu_gpu_sm_clock_mhz(const emu_world *w, int node, int gpu)
{
    if (!gpu_valid(w, node, gpu))
        return 0;
    double f = gpu_clock_raw(w, node, gpu, NULL);
    if (f < w->spec->max_sm_clock_mhz && emu_gpu_busy(w, node, gpu)) {
        /* a held-down clock wanders by a few 15 MHz bins as the controller reacts */
        f += 15.0 * round(2.0 * emu_sample(w, "sm-clock", node, gpu));
        if (f > w->spec->max_sm_clock_mhz)
            f = w->spec->max_sm_clock_mhz;
    }
    /* clocks move in 15 MHz steps */
    return (int)(15.0 * round(f / 15.0));
}

uint32_t emu_gpu_clock_event_reasons(const emu_world *w, int node, int gpu)
{
    if (!gpu_valid(w, node, gpu))
        return 0;
    uint32_t r = 0;
    gpu_clock_raw(w, node, gpu, &r);
    return r;
}

int emu_gpu_util_pct(const emu_world *w, int node, int gpu)
{
    if (!emu_gpu_busy(w, node, gpu))
        return 0;
    int rank = emu_job_rank_of(w, node, gpu);
    double step_ms = w->job.nominal_step_ms > 0 ? w->job.nominal_step_ms : 1000;
    double wait = w->step_base.valid ? w->step_base.batch_wait_ms[rank] : emu_job_batch_wait_ms(w, rank);
    double util = 100.0 * (step_ms - wait) / step_ms;
    util += 1.5 * emu_sample(w, "util", node, gpu);
    if (util > 100)
        util = 100;
    if (util < 0)
        util = 0;
    return (int)lround(util);
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
    return since;
}

double emu_gpu_power_draw_w(const emu_world *w, int node, int gpu)
{
    if (!gpu_valid(w, node, gpu))
        return 0;
    const emu_gpu_spec *spec = w->spec;
    const emu_gpu *g = &w->nodes[node].gpus[gpu];
    double p;
    if (!emu_gpu_busy(w, node, gpu)) {
        p = spec->idle_power_w * (1.0 + 0.04 * emu_sample(w, "power", node, gpu));
    } else {
        double f = gpu_clock_raw(w, node, gpu, NULL);
        double load = spec->static_power_w + (spec->full_load_power_w - spec->static_power_w) *
                                                  pow(f / spec->max_sm_clock_mhz, 3);
        double busy = emu_gpu_util_pct(w, node, gpu) / 100.0;
        p = spec->idle_power_w + (load - spec->idle_power_w) * busy;
        p *= 1.0 + 0.012 * emu_sample(w, "power", node, gpu);
        if (p > g->power_limit_w)
            p = g->power_limit_w - 0.5 - fabs(emu_sample(w, "power-cap", node, gpu));
    }
    return round(p * 100.0) / 100.0;
}

double emu_gpu_temp_c(const emu_world *w, int node, int gpu)
{
    if (!gpu_valid(w, node, gpu))
        return 0;
    const emu_gpu *g = &w->nodes[node].gpus[gpu];
    double t;
    if (g->forced_temp_c > 0 && emu_gpu_busy(w, node, gpu))
        t = g->forced_temp_c + 0.6 * emu_sample(w, "temp", node, gpu);
    else
        t = g->inlet_temp_c + g->thermal_c_per_w * emu_gpu_power_draw_w(w, node, gpu) +
            0.6 * emu_sample(w, "temp", node, gpu);
    return round(t);
}

double emu_gpu_mem_temp_c(const emu_world *w, int node, int gpu)
{
    double t = emu_gpu_temp_c(w, node, gpu);
    double mem = t + (emu_gpu_busy(w, node, gpu) ? 7 : 4);
    /* HBM runs a few degrees above the core, but no scenario fault overheats the memory itself:
     * a core held at its slowdown threshold (its clocks cut, its power with them) keeps the stacks
     * below their max operating temperature, so no tool shows a limit crossed without an event */
    double cap = w->spec->temp_mem_max_c - 3;
    return w->spec->temp_mem_max_c > 0 && mem > cap ? cap : mem;
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
    if (node < 0 || node >= w->n_nodes)
        return "N/A";
    return w->nodes[node].fabric_manager_running ? "Completed" : "In Progress";
}

/* ---- HCAs ------------------------------------------------------------------------------------------ */

int emu_node_find_hca(const emu_world *w, int node, const char *name)
{
    if (node < 0 || node >= w->n_nodes || !name)
        return -1;
    for (int i = 0; i < w->nodes[node].n_hcas; i++)
        if (!strcmp(w->nodes[node].hcas[i].name, name))
            return i;
    return -1;
}

int emu_node_find_netdev(const emu_world *w, int node, const char *netdev)
{
    if (node < 0 || node >= w->n_nodes || !netdev)
        return -1;
    for (int i = 0; i < w->nodes[node].n_hcas; i++)
        if (!strcmp(w->nodes[node].hcas[i].netdev, netdev))
            return i;
    return -1;
}

void emu_hca_counters_now(const emu_world *w, int node, int hca, emu_hca_counters *out)
{
    memset(out, 0, sizeof *out);
    if (node < 0 || node >= w->n_nodes || hca < 0 || hca >= w->nodes[node].n_hcas)
        return;
    const emu_hca *h = &w->nodes[node].hcas[hca];
    *out = h->counters;
    double elapsed = w->now_s - w->start_time_s;
    if (h->state == EMU_PORT_ACTIVE) {
        /* traffic of a running job: its share of the per-step gradient all-reduce */
        bool in_job = false;
        for (int k = 0; k < w->job.n_nodes; k++)
            in_job |= w->job.present && w->job.nodes[k] == node;
        if (in_job && h->compute) {
            double bytes_per_s = 0.25 * h->rate_gbit_per_s * 1e9 / 8.0;
            uint64_t words = (uint64_t)(bytes_per_s * elapsed / 4.0);
            out->xmit_data += words;
            out->rcv_data += words;
            out->xmit_pkts += words / 1024;
            out->rcv_pkts += words / 1024;
        }
        out->symbol_errors += (uint64_t)(h->symbol_error_rate_per_s * elapsed);
        out->xmit_wait += (uint64_t)(h->collision_xmit_wait_per_s * elapsed);
        if (h->symbol_error_rate_per_s > 0)
            out->rcv_errors += (uint64_t)(h->symbol_error_rate_per_s * elapsed / 9.0);
    }
}

const char *emu_hca_speed_name(const emu_hca *h)
{
    int lanes = h->width > 0 ? h->width : 4;
    int per_lane = h->rate_gbit_per_s / lanes;
    if (per_lane >= 200)
        return "XDR";
    if (per_lane >= 100)
        return "NDR";
    if (per_lane >= 50)
        return "HDR";
    if (per_lane >= 25)
        return "EDR";
    if (per_lane >= 14)
        return "FDR";
    if (per_lane >= 10)
        return "QDR";
    return "SDR";
}

/* ---- the built-in cluster ----------------------------------------------------------------------------- */

const char emu_default_scenario_yaml[] =
    "title: Healthy cluster\n"
    "summary: Two H100 nodes running a healthy pre-training job; no lab.\n"
    "seed: 1\n"
    "start_time: 2026-03-14T09:00:00Z\n"
    "cluster:\n"
    "  name: trn\n"
    "  gpu: H100\n"
    "  nodes: 2\n"
    "storage:\n"
    "  - {name: data, type: nfs4, source: '10.0.0.5:/export/data', target: /data, size_tb: 45,"
    " used_tb: 24, read_mb_per_s: 8000, write_mb_per_s: 5000, metadata_latency_ms: 0.4}\n"
    "  - {name: checkpoints, type: nfs4, source: '10.0.0.6:/export/ckpt', target: /checkpoints,"
    " size_tb: 100, used_tb: 31, read_mb_per_s: 8000, write_mb_per_s: 6000}\n"
    "  - {name: scratch, type: ext4, source: /dev/nvme0n1p1, target: /scratch, size_tb: 7.6,"
    " used_tb: 1.2, read_mb_per_s: 6500, write_mb_per_s: 3500, metadata_latency_ms: 0.05}\n"
    "job:\n"
    "  id: 48213\n"
    "  name: pretrain-7b\n"
    "  input: data\n"
    "  checkpoints: checkpoints\n";
