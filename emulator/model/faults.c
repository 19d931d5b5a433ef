/* faults.c: faults into state: each fault kind of the scenario language changes the devices it
 * names (a port's rate, a GPU's temperature, a mount's writers), and leaves the kernel and SEL
 * entries a real fault leaves. The tools then show it through the derived quantities. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "fabric.h"
#include "faults.h"
#include "gpu.h"
#include "hca.h"
#include "host.h"
#include "rng.h"
#include "telemetry.h"
#include "world.h"

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

/* Drops the SEL entries of sensor logged after time_s (events that no longer happen). */
static void sel_drop_after(emu_node *n, const char *sensor, double time_s)
{
    emu_bmc *b = &n->bmc;
    int k = 0;
    for (int i = 0; i < b->n_sel; i++)
        if (!(b->sel[i].time_s > time_s && !strcmp(b->sel[i].sensor, sensor)))
            b->sel[k++] = b->sel[i];
    b->n_sel = k;
}

/* When a GPU heating after a loss of cooling (gpu.c's exponential approach with the thermal time
 * constant) crosses its max operating temperature, as an absolute time; INFINITY when it never
 * does (the controller holds it at slowdown + 1 C, so the crossing needs that above the
 * threshold too). */
static double cooling_crossing_s(const emu_world *w, const emu_gpu *g)
{
    double thr = w->spec->temp_max_operating_c;
    double eq = fmin(g->inlet_temp_c + g->heat_c_per_w * w->spec->full_load_power_w, w->spec->temp_slowdown_c + 1);
    if (!(eq > thr))
        return INFINITY;
    if (g->heat_start_c >= thr)
        return g->heat_from_s;
    double full_eq = g->inlet_temp_c + g->heat_c_per_w * w->spec->full_load_power_w;
    return g->heat_from_s + EMU_GPU_THERMAL_TAU_S * log((g->heat_start_c - full_eq) / (thr - full_eq));
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

/* The far end of NVLink `link` of `gpu` on a point-to-point topology (the DGX-1's hybrid
 * cube-mesh, NVLink bridges): the same cable or trace ends on a link of the peer GPU, the i-th
 * of a's links to b on the i-th of b's links to a (layout.c numbers them so), and a link that
 * fails is inactive at both ends. Returns the peer's link and sets *peer, or -1 on an NVSwitch
 * system (the link ends on a switch port) and for an unwired link. */
static int nvlink_far_end(const emu_world *w, int gpu, int link, int *peer)
{
    if (w->cluster.nvlink == EMU_NVLINK_SWITCH || link < 0 || link >= EMU_MAX_NVLINKS)
        return -1;
    int b = w->layout.link_peer[gpu][link];
    if (b < 0)
        return -1;
    int ordinal = 0;
    for (int k = 0; k < link; k++)
        ordinal += w->layout.link_peer[gpu][k] == b;
    for (int k = 0; k < EMU_MAX_NVLINKS; k++)
        if (w->layout.link_peer[b][k] == gpu && ordinal-- == 0) {
            *peer = b;
            return k;
        }
    return -1;
}

static void add_xid(emu_world *w, emu_node *n, int gpu, int code, double time_s, int link)
{
    emu_gpu *g = &n->gpus[gpu];
    char pci[16];
    nvrm_pci(g, pci, sizeof pci);
    /* the process the Xid names: the rank's trainer on that GPU (the pid ps and nvidia-smi show) */
    int pid = emu_gpu_pid(w, n->index, gpu);
    if (!pid)
        pid = 200000 + (int)(emu_hash(w->seed, "pid", (uint64_t)n->index, 0) % 600000);
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

void emu_fault_apply(emu_world *w, const emu_fault *f)
{
    emu_world_changed(w);
    emu_node *n = f->node >= 0 && f->node < w->n_nodes ? &w->nodes[f->node] : NULL;
    emu_gpu *g = n && f->gpu >= 0 && f->gpu < n->n_gpus ? &n->gpus[f->gpu] : NULL;
    emu_hca *h = n && f->hca >= 0 && f->hca < n->n_hcas ? &n->hcas[f->hca] : NULL;
    emu_mount *m = f->mount >= 0 && f->mount < w->n_mounts ? &w->mounts[f->mount] : NULL;
    double when = w->start_time_s + f->onset_s;
    char buf[96];
    switch (f->kind) {
    case EMU_FAULT_HCA_DEGRADED:
        if (!h)
            break;
        if (f->count)
            h->width = f->count;
        h->rate_gbit_per_s = f->value > 0 ? (int)f->value : emu_hca_supported_rate_gbit_per_s(w, h) * h->width / 4;
        /* the port retrained to get there: three failed recoveries, then the link went down
         * once (LinkDownedCounter 1) and came back at the lower rate a few seconds later; the
         * kernel logs the down and the up, the counters keep the recoveries */
        if (f->value2 >= 0) { /* errors: false trained narrow at link-up, its counters clean */
            h->counters.link_error_recovery += 3;
            h->counters.link_downed += 1;
            h->counters.symbol_errors += 41;
        }
        if (when > n->boot_time_s + 60) {
            klog_add(n, when, "mlx5_core %s %s: Link down", h->bus_id, h->netdev);
            klog_add(n, when + 7.4, "mlx5_core %s %s: Link up", h->bus_id, h->netdev);
        }
        break;
    case EMU_FAULT_HCA_DOWN:
        if (!h)
            break;
        emu_hca_fold_job_traffic(w); /* the counters keep what the port carried until now */
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
        /* the errors count at the fault's rate from its onset (hca.c), so an old fault or a high
         * rate shows a clearly bad BER; the link retrained a few times when it turned marginal */
        h->symbol_error_rate_per_s = f->value > 0 ? f->value : 0.8;
        h->symbol_errors_from_s = when;
        h->counters.link_error_recovery += 5;
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
            n->switches[f->link].acs_ctl = 0x1du; /* SrcValid ReqRedir CmpltRedir UpstreamFwd */
        break;
    case EMU_FAULT_GPU_THERMAL:
        if (!g)
            break;
        g->forced_temp_c = f->value > 0 ? f->value : w->spec->temp_slowdown_c + 1;
        snprintf(buf, sizeof buf, "Temperature GPU%d Temp", f->gpu);
        /* the fault is a GPU that overheats under its load (the job's): a GPU that runs no rank
         * stays at its idle temperature, crosses nothing and stays on the bus */
        if (emu_job_rank_of(w, f->node, f->gpu) >= 0) {
            char reading[64];
            /* the BMC logs the crossing of its critical threshold (the max operating
             * temperature) only when the GPU crosses it */
            snprintf(reading, sizeof reading, "Reading %.0f > Threshold %.0f degrees C",
                     g->forced_temp_c, w->spec->temp_max_operating_c);
            if (g->forced_temp_c >= w->spec->temp_max_operating_c)
                sel_add(n, when, buf, "Upper Critical going high", true, reading);
            if (g->forced_temp_c >= w->spec->temp_shutdown_c) {
                /* past the shutdown threshold the GPU powers itself off: the driver loses it (Xid
                 * 79, "GPU has fallen off the bus", which NVIDIA's Xid catalog lists overheating
                 * among the causes of) and the BMC logs the sensor's non-recoverable crossing */
                snprintf(reading, sizeof reading, "Reading %.0f > Threshold %.0f degrees C",
                         g->forced_temp_c, w->spec->temp_shutdown_c);
                sel_add(n, when + 2, buf, "Upper Non-recoverable going high", true, reading);
                g->lost_s = when + 2;
                add_xid(w, n, f->gpu, 79, when + 2.2, 0);
            }
        }
        break;
    case EMU_FAULT_GPU_POWER_CAP:
        if (g) {
            /* applied as the clock reaches it, the counters folded first (timeline.c) */
            g->power_limit_w = f->value;
            g->limit_since_s = when;
        }
        break;
    case EMU_FAULT_GPU_POWER_BRAKE:
        if (!g)
            break;
        g->power_brake = true;
        n->bmc.psu_failed |= 1u << 2; /* PS3: the supply whose loss the BMC brakes for */
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
        /* the row is recorded in the InfoROM now (Xid 63), so nvidia-smi already counts it among
         * the remapped rows; the reset only applies it in hardware (NVIDIA GPU Memory Error
         * Management, User Visible Statistics: the count is of InfoROM entries, not of rows
         * remapped in hardware) */
        g->remap_pending = true;
        g->remapped_uncorrectable += 1;
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
        {
            int peer, far = nvlink_far_end(w, f->gpu, f->link, &peer);
            if (far >= 0) {
                n->gpus[peer].links[far].up = false;
                n->gpus[peer].links[far].recovery_errors += 1;
            }
        }
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
        if (n) {
            /* a deassertion closes an assertion of the same sensor and event: the BMC logs
             * the pair, lasted_s apart (IPMI v2.0, the SEL record's Event Dir bit for one
             * event type: 0 assertion, 1 deassertion; a state that clears logs the second);
             * 300 s when not given, a modelling choice */
            if (f->count)
                sel_add(n, when - (f->value > 0 ? f->value : 300), f->text, f->text2, true, f->text3);
            sel_add(n, when, f->text, f->text2, f->count == 0, f->text3);
        }
        break;
    case EMU_FAULT_FABRIC_LINK_DEGRADED:
    case EMU_FAULT_FABRIC_CONGESTION: {
        /* the ports under the leaf wait to send where their flows cross the slow uplinks: their
         * PortXmitWait climbs (the bandwidth itself is the fabric's, fabric.c) */
        const emu_cluster_desc *c = &w->cluster;
        int planes = emu_fabric_planes(c), per_plane = emu_fabric_leaves_per_plane(c);
        if (f->leaf < 0 || f->leaf >= planes * per_plane)
            break;
        for (int node = 0; node < w->n_nodes; node++)
            for (int i = 0; i < w->nodes[node].n_hcas; i++) {
                emu_hca *hh = &w->nodes[node].hcas[i];
                if (hh->compute && emu_fabric_leaf_of(c, node, hh->rail) == f->leaf)
                    hh->collision_xmit_wait_per_s += 2.0e6;
            }
        break;
    }
    case EMU_FAULT_GPU_COOLING: {
        if (!g)
            break;
        /* the die starts from where it was and heats toward the new equilibrium */
        g->heat_start_c = g->inlet_temp_c + g->thermal_c_per_w * 0.8 * w->spec->power_limit_w;
        g->heat_from_s = when;
        g->heat_c_per_w = f->value > 0 ? f->value : g->thermal_c_per_w * 2.2;
        /* a GPU that runs a rank heats past its critical threshold (the max operating
         * temperature) at a time the thermal time constant gives: the BMC logs the crossing then */
        double cross = cooling_crossing_s(w, g);
        if (isfinite(cross) && emu_job_rank_of(w, f->node, f->gpu) >= 0) {
            char reading[64];
            snprintf(buf, sizeof buf, "Temperature GPU%d Temp", f->gpu);
            snprintf(reading, sizeof reading, "Reading %.0f > Threshold %.0f degrees C",
                     w->spec->temp_max_operating_c + 1, w->spec->temp_max_operating_c);
            sel_add(n, cross, buf, "Upper Critical going high", true, reading);
        }
        break;
    }
    case EMU_FAULT_GPU_DEFICIT:
        if (g)
            g->deficit = f->value;
        break;
    case EMU_FAULT_LOADER_STALL:
        w->run.stall_every = f->every;
        w->run.stall_ms = f->value;
        w->run.stall_rank = g ? emu_job_rank_of(w, f->node, f->gpu) : -1;
        break;
    case EMU_FAULT_LOADER_DEADLOCK:
        if (g)
            g->loader_deadlock_s = when;
        break;
    case EMU_FAULT_RANK_HANG:
        if (g)
            g->hang_s = when;
        break;
    case EMU_FAULT_HOST_MEMORY_ERROR:
        if (!n)
            break;
        /* A fatal machine check panics the kernel at once: its mce and panic lines reach the
         * console (and netconsole) but never the journal on disk, so the previous boot's log just
         * stops. The BMC's SEL records it, and the firmware keeps its error record for the next
         * boot's kernel to print (APEI BERT, dmesg.c). */
        sel_add(n, when, "Memory #0x87", "Uncorrectable ECC", true, "@P2-DIMMB1");
        n->fatal_mce_s = when;
        sel_add(n, when + 0.2, "Critical Interrupt #0x86", "Bus Fatal Error", true, NULL);
        n->frozen_s = when;
        break;
    case EMU_FAULT_BMC_SESSION_LIMIT:
        if (n)
            n->bmc.session_limit = f->count;
        break;
    case EMU_FAULT_BMC_SENSOR_STALE:
    case EMU_FAULT_PSU_FAILURE:
        if (!n || f->count < 1)
            break;
        snprintf(buf, sizeof buf, "Power Supply PS%d Status", f->count);
        sel_add(n, when, buf, "Failure detected", true, NULL);
        sel_add(n, when + 1, "Power Unit PSU Redundancy", "Redundancy Lost", true, NULL);
        if (f->kind == EMU_FAULT_PSU_FAILURE)
            n->bmc.psu_failed |= 1u << (f->count - 1);
        else
            n->bmc.psu_stale |= 1u << (f->count - 1);
        /* the BMC brakes the GPUs for a supply it believes lost (always, for a stale reading: the
         * DGX's policy when redundancy drops; for a real failure when the scenario says so) */
        if (f->kind == EMU_FAULT_BMC_SENSOR_STALE || f->value2 > 0)
            for (int i = 0; i < n->n_gpus; i++)
                n->gpus[i].power_brake = true;
        break;
    case EMU_FAULT_NIC_PCIE_DEGRADED:
        if (!h)
            break;
        h->pcie_width = f->count > 0 ? f->count : 8;
        if (f->value2 > 0)
            h->pcie_gen = (int)f->value2;
        break;
    case EMU_FAULT_OST_FULL:
        if (m)
            m->full_ost = f->count + 1;
        break;
    case EMU_FAULT_RANDOM_READS:
        if (m)
            m->random_reads = true;
        break;
    case EMU_FAULT_P2P_DISABLED:
        if (g && f->link >= 0 && f->link < n->n_gpus) {
            g->p2p_off |= 1u << f->link;
            n->gpus[f->link].p2p_off |= 1u << f->gpu;
        }
        break;
    case EMU_FAULT_KIND_COUNT:
        break;
    }
}

void emu_fault_clear(emu_world *w, const emu_fault *f)
{
    emu_world_changed(w);
    emu_node *n = f->node >= 0 && f->node < w->n_nodes ? &w->nodes[f->node] : NULL;
    emu_gpu *g = n && f->gpu >= 0 && f->gpu < n->n_gpus ? &n->gpus[f->gpu] : NULL;
    emu_hca *h = n && f->hca >= 0 && f->hca < n->n_hcas ? &n->hcas[f->hca] : NULL;
    emu_mount *m = f->mount >= 0 && f->mount < w->n_mounts ? &w->mounts[f->mount] : NULL;
    const emu_mount *m0 = m ? &w->scenario->mounts[f->mount] : NULL;
    switch (f->kind) {
    case EMU_FAULT_HCA_DEGRADED:
    case EMU_FAULT_HCA_DOWN:
        if (!h)
            break;
        emu_hca_fold_job_traffic(w);
        h->state = EMU_PORT_ACTIVE;
        h->phys_state = EMU_PHYS_LINKUP;
        h->rate_gbit_per_s = emu_hca_supported_rate_gbit_per_s(w, h);
        h->width = h->expected_width;
        klog_add(n, w->now_s, "mlx5_core %s %s: Link up", h->bus_id, h->netdev);
        break;
    case EMU_FAULT_LINK_ERRORS:
        if (h) { /* what it counted stays in the counters */
            emu_hca_counters now;
            emu_hca_counters_now(w, f->node, f->hca, &now);
            h->counters.symbol_errors = now.symbol_errors;
            h->counters.rcv_errors = now.rcv_errors;
            h->symbol_error_rate_per_s = 0;
        }
        break;
    case EMU_FAULT_VERBS_MISSING:
        if (n)
            n->verbs_available = true;
        break;
    case EMU_FAULT_GDR_UNAVAILABLE:
        if (n)
            n->peermem_loaded = true;
        break;
    case EMU_FAULT_ACS_REDIRECT:
        if (n && f->link >= 0 && f->link < n->n_switches)
            n->switches[f->link].acs_ctl = 0;
        break;
    case EMU_FAULT_GPU_THERMAL:
        if (g)
            g->forced_temp_c = 0;
        break;
    case EMU_FAULT_GPU_POWER_CAP:
        if (g)
            g->power_limit_w = w->spec->power_limit_w;
        break;
    case EMU_FAULT_GPU_POWER_BRAKE:
    case EMU_FAULT_PSU_FAILURE:
    case EMU_FAULT_BMC_SENSOR_STALE:
        if (!n)
            break;
        if (f->kind != EMU_FAULT_GPU_POWER_BRAKE && f->count >= 1) {
            n->bmc.psu_failed &= ~(1u << (f->count - 1));
            n->bmc.psu_stale &= ~(1u << (f->count - 1));
        } else
            n->bmc.psu_failed &= ~(1u << 2);
        for (int i = 0; i < n->n_gpus && !n->bmc.psu_failed; i++)
            n->gpus[i].power_brake = false;
        break;
    case EMU_FAULT_ROW_REMAP_PENDING:
        if (g) /* the reset activates the remap; the row stays counted */
            g->remap_pending = false;
        break;
    case EMU_FAULT_NVLINK_DOWN:
        if (g && f->link >= 0) {
            g->links[f->link].up = true;
            int peer, far = nvlink_far_end(w, f->gpu, f->link, &peer);
            if (far >= 0)
                n->gpus[peer].links[far].up = true;
        }
        break;
    case EMU_FAULT_NVLINK_ERRORS:
        if (g && f->link >= 0)
            g->links[f->link].error_rate_per_s = 0;
        break;
    case EMU_FAULT_FABRIC_MANAGER_DOWN:
        if (n)
            n->fabric_manager_running = true;
        break;
    case EMU_FAULT_CHECKPOINT_WRITERS:
        if (m)
            m->competing_writers = 0;
        break;
    case EMU_FAULT_METADATA_LATENCY:
        if (m)
            m->metadata_latency_ms = m0->metadata_latency_ms;
        break;
    case EMU_FAULT_STORAGE_FULL:
        if (m)
            m->used_bytes = m0->used_bytes;
        break;
    case EMU_FAULT_LOADER_CPU_STARVED:
        if (n)
            n->loader_cpus = 0;
        break;
    case EMU_FAULT_ROUTING_COLLISION:
        for (int i = 0; n && i < n->n_hcas; i++)
            n->hcas[i].collision_xmit_wait_per_s = 0;
        break;
    case EMU_FAULT_BMC_UNREACHABLE:
        if (n)
            n->bmc.reachable = true;
        break;
    case EMU_FAULT_BMC_STALE_POWER:
        if (n)
            n->bmc.reports_power_on = n->powered_on;
        break;
    case EMU_FAULT_GPU_COOLING:
        if (g) {
            /* cooling back: a crossing already logged deasserts now, one still to come never
             * happens */
            char sensor[48];
            snprintf(sensor, sizeof sensor, "Temperature GPU%d Temp", f->gpu);
            double cross = cooling_crossing_s(w, g);
            if (cross <= w->now_s)
                sel_add(n, w->now_s, sensor, "Upper Critical going high", false, NULL);
            else
                sel_drop_after(n, sensor, w->now_s);
            g->heat_from_s = 0;
        }
        break;
    case EMU_FAULT_GPU_DEFICIT:
        if (g)
            g->deficit = 0;
        break;
    case EMU_FAULT_LOADER_STALL:
        w->run.stall_every = 0;
        break;
    case EMU_FAULT_BMC_SESSION_LIMIT:
        if (n)
            n->bmc.session_limit = 0;
        break;
    case EMU_FAULT_NIC_PCIE_DEGRADED:
        if (h)
            h->pcie_width = h->pcie_max_width, h->pcie_gen = h->pcie_max_gen;
        break;
    case EMU_FAULT_OST_FULL:
        if (m)
            m->full_ost = 0;
        break;
    case EMU_FAULT_RANDOM_READS:
        if (m)
            m->random_reads = false;
        break;
    case EMU_FAULT_P2P_DISABLED:
        if (g && f->link >= 0) {
            g->p2p_off &= ~(1u << f->link);
            n->gpus[f->link].p2p_off &= ~(1u << f->gpu);
        }
        break;
    default: /* events that happened stay in the logs: an Xid, ECC counts, a SEL entry, a hang */
        break;
    }
}
