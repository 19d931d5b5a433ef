/* nvidia_smi.c: `nvidia-smi` over the model: the default table, -L, -q [-d ...] [-i N],
 * --query-gpu=... --format=csv[,noheader,nounits], and dmon; `topo` and `nvlink` are in
 * nvidia_smi_topo.c. Layouts follow driver 570 (tool-formats.md sections 1-3 and 13). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "compat/numscan.h"
#include "full_only.h"
#include "nvidia_smi.h"
#include "tools.h"
#include "model/gpu.h"
#include "model/hardware.h"
#include "model/job.h"
#include "model/host.h"
#include "model/repair.h"
#include "model/rng.h"
#include "model/telemetry.h"
#include "model/world.h"

#define LOOP_SAMPLES 5 /* samples printed by --query-gpu with -l, which really loops forever */
#define INVALID_ARGS "Invalid combination of input arguments. Please run 'nvidia-smi -h' for help.\n"

/* ---- helpers ------------------------------------------------------------------------------------ */

/* What NVML tools print for a GPU that fell off the bus (Xid 79), one line in place of its data. */
static void lost_line(const emu_world *w, int node, int g, emu_out *out)
{
    emu_out_printf(out, "Unable to determine the device handle for GPU%s: Unknown Error\n",
                   w->nodes[node].gpus[g].bus_id + 4);
}

/* The GPUs -i selects: a comma-separated list of indices, bus ids or UUIDs. Returns the count, or
 * -1 when one matches nothing. */
static int select_gpus(const emu_world *w, int node, const char *spec, bool *sel)
{
    const emu_node *n = &w->nodes[node];
    for (int g = 0; g < n->n_gpus; g++)
        sel[g] = spec == NULL;
    if (!spec)
        return n->n_gpus;
    int count = 0;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", spec);
    char *save = NULL;
    for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        int found = -1;
        char *end = NULL;
        long v = strtol(tok, &end, 10);
        if (end != tok && *end == '\0') {
            if (v >= 0 && v < n->n_gpus)
                found = (int)v;
        } else {
            for (int g = 0; g < n->n_gpus; g++)
                if (!strcasecmp(tok, n->gpus[g].uuid) || !strcasecmp(tok, n->gpus[g].bus_id) ||
                    !strcasecmp(tok, n->gpus[g].bus_id + 4))
                    found = g;
        }
        if (found < 0)
            return -1;
        if (!sel[found])
            count++;
        sel[found] = true;
    }
    return count;
}

static void timestamp_line(const emu_world *w, char *buf, size_t size)
{
    emu_format_utc(w->now_s, "%a %b %e %H:%M:%S %Y", buf, size);
}

static const char *pstate(const emu_world *w, int node, int gpu)
{
    return emu_gpu_busy(w, node, gpu) ? "P0" : "P0";
}

static double mem_used_mib(const emu_world *w, int node, int gpu)
{
    const emu_gpu *g = &w->nodes[node].gpus[gpu];
    return emu_gpu_busy(w, node, gpu) ? g->mem_used_mib : 1.0;
}

/* Pads s into a cell of width chars: left part, spaces, right part. */
static void cell(char *buf, size_t size, int width, const char *left, const char *right)
{
    int pad = width - (int)strlen(left) - (int)strlen(right);
    if (pad < 1)
        pad = 1;
    snprintf(buf, size, "%s%*s%s", left, pad, "", right);
}

/* ---- the default table ---------------------------------------------------------------------------- */

static void default_table(const emu_world *w, int node, const bool *sel, emu_out *out)
{
    const emu_node *n = &w->nodes[node];
    const emu_gpu_spec *spec = w->spec;
    char ts[64], a[200], b[200], c[200], l[64], r[64];
    for (int g = 0; g < n->n_gpus; g++)
        if (sel[g] && emu_gpu_lost(w, node, g))
            lost_line(w, node, g, out);
    timestamp_line(w, ts, sizeof ts);
    emu_out_printf(out, "%s       \n", ts);
    const char *rule = "+-----------------------------------------+------------------------+----------------------+";
    emu_out_printf(out, "+-----------------------------------------------------------------------------------------+\n");
    snprintf(l, sizeof l, " NVIDIA-SMI %s", w->driver_version);
    snprintf(r, sizeof r, "Driver Version: %s     CUDA Version: %s     ", w->driver_version,
             w->cuda_version);
    cell(a, sizeof a, 89, l, r);
    emu_out_printf(out, "|%s|\n", a);
    emu_out_printf(out, "|-----------------------------------------+------------------------+----------------------+\n");
    emu_out_printf(out, "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |\n");
    emu_out_printf(out, "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |\n");
    emu_out_printf(out, "|                                         |                        |               MIG M. |\n");
    emu_out_printf(out, "|=========================================+========================+======================|\n");
    for (int g = 0; g < n->n_gpus; g++) {
        if (!sel[g] || emu_gpu_lost(w, node, g))
            continue;
        const emu_gpu *gpu = &n->gpus[g];
        snprintf(l, sizeof l, " %3d  %s", g, spec->name);
        cell(a, sizeof a, 41, l, gpu->persistence_mode ? "On  " : "Off  ");
        snprintf(b, sizeof b, "%19s Off ", gpu->bus_id);
        snprintf(c, sizeof c, "%21llu ", (unsigned long long)gpu->ecc_dram_uncorrected);
        emu_out_printf(out, "|%s|%s|%s|\n", a, b, c);
        snprintf(l, sizeof l, " N/A %4.0fC    %s", emu_gpu_temp_c(w, node, g), pstate(w, node, g));
        snprintf(r, sizeof r, "%.0fW / %4.0fW ", emu_gpu_power_draw_w(w, node, g), gpu->power_limit_w);
        cell(a, sizeof a, 41, l, r);
        snprintf(r, sizeof r, "%.0fMiB / %6.0fMiB ", mem_used_mib(w, node, g), spec->memory_total_mib);
        cell(b, sizeof b, 24, "", r);
        snprintf(c, sizeof c, "%7d%%%13s ", emu_gpu_util_pct(w, node, g), "Default");
        emu_out_printf(out, "|%s|%s|%s|\n", a, b, c);
        emu_out_printf(out, "|                                         |                        |%21s |\n", "Disabled");
        emu_out_printf(out, "%s\n", rule);
    }
    emu_out_printf(out, "\n+-----------------------------------------------------------------------------------------+\n");
    emu_out_printf(out, "| Processes:                                                                              |\n");
    emu_out_printf(out, "|  GPU   GI   CI              PID   Type   Process name                        GPU Memory |\n");
    emu_out_printf(out, "|        ID   ID                                                               Usage      |\n");
    emu_out_printf(out, "|=========================================================================================|\n");
    int rows = 0;
    for (int g = 0; g < n->n_gpus; g++) {
        if (!sel[g] || !emu_gpu_busy(w, node, g))
            continue;
        char mem[24];
        snprintf(mem, sizeof mem, "%.0fMiB", mem_used_mib(w, node, g) - 518);
        emu_out_printf(out, "|  %3d   N/A  N/A  %14d      C   %-36s%10s |\n", g, emu_gpu_pid(w, node, g),
                       "/usr/bin/python3", mem);
        rows++;
    }
    if (!rows)
        emu_out_printf(out, "|  No running processes found                                                             |\n");
    emu_out_printf(out, "+-----------------------------------------------------------------------------------------+\n");
}

/* ---- -q ---------------------------------------------------------------------------------------------- */

enum {
    D_CLOCK = 1 << 0,
    D_TEMPERATURE = 1 << 1,
    D_PERFORMANCE = 1 << 2,
    D_POWER = 1 << 3,
    D_ECC = 1 << 4,
    D_MEMORY = 1 << 5,
    D_UTILIZATION = 1 << 6,
    D_ROW_REMAPPER = 1 << 7,
    D_PIDS = 1 << 8,
    D_ALL = 0xffff
};

static int parse_display(const char *spec)
{
    static const struct {
        const char *name;
        int bit;
    } types[] = {{"CLOCK", D_CLOCK},         {"TEMPERATURE", D_TEMPERATURE},
                 {"PERFORMANCE", D_PERFORMANCE}, {"POWER", D_POWER},
                 {"ECC", D_ECC},             {"MEMORY", D_MEMORY},
                 {"UTILIZATION", D_UTILIZATION}, {"ROW_REMAPPER", D_ROW_REMAPPER},
                 {"PIDS", D_PIDS}};
    int mask = 0;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", spec);
    char *save = NULL;
    for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        int bit = 0;
        for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
            if (!strcasecmp(tok, types[i].name))
                bit = types[i].bit;
        if (!bit)
            return -1;
        mask |= bit;
    }
    return mask ? mask : -1;
}

__attribute__((format(printf, 4, 5))) static void kv(emu_out *out, int indent, const char *label,
                                                     const char *format, ...)
{
    char value[160];
    va_list args;
    va_start(args, format);
    vsnprintf(value, sizeof value, format, args);
    va_end(args);
    int pad = 42 - indent - (int)strlen(label);
    if (pad < 1)
        pad = 1;
    emu_out_printf(out, "%*s%s%*s: %s\n", indent, "", label, pad, "", value);
}

static void head(emu_out *out, int indent, const char *label)
{
    emu_out_printf(out, "%*s%s\n", indent, "", label);
}

static const char *active(uint32_t reasons, uint32_t bit)
{
    return (reasons & bit) ? "Active" : "Not Active";
}

/* The -q sections the core module holds (full_only.h): the ones the labs'
 * lines show (-d PERFORMANCE, TEMPERATURE, POWER); a plain -q or another section moves the line
 * to the full module. Everywhere else, every section. */
#define Q_CORE_SECTIONS (EMU_IN_CORE ? (D_PERFORMANCE | D_TEMPERATURE | D_POWER) : D_ALL)

static void q_gpu(const emu_world *w, int node, int g, int mask, emu_out *out)
{
    mask &= Q_CORE_SECTIONS; /* the compiler drops the other sections' code in the core */
    const emu_node *n = &w->nodes[node];
    const emu_gpu *gpu = &n->gpus[g];
    const emu_gpu_spec *spec = w->spec;
    bool busy = emu_gpu_busy(w, node, g);
    /* architecture names and VBIOS families as nvidia-smi -q prints them per generation */
    const char *arch = spec->arch >= EMU_ARCH_BLACKWELL ? "Blackwell" : spec->arch >= EMU_ARCH_HOPPER ? "Hopper"
                       : spec->arch >= EMU_ARCH_AMPERE ? "Ampere" : "Volta";
    const char *vbios = spec->arch >= EMU_ARCH_BLACKWELL ? "97.00.6B.00.02" : spec->arch >= EMU_ARCH_HOPPER ? "96.00.99.00.01"
                        : spec->arch >= EMU_ARCH_AMPERE ? "92.00.45.00.03" : "88.00.18.00.01";
    int reserved_mib = spec->arch >= EMU_ARCH_HOPPER ? 541 : spec->arch >= EMU_ARCH_AMPERE ? 592 : 0;
    emu_out_printf(out, "GPU %s\n", gpu->bus_id);
    if (mask == D_ALL) {
        kv(out, 4, "Product Name", "%s", spec->name);
        kv(out, 4, "Product Brand", "NVIDIA");
        kv(out, 4, "Product Architecture", "%s", arch);
        kv(out, 4, "Persistence Mode", "%s", gpu->persistence_mode ? "Enabled" : "Disabled");
        kv(out, 4, "Serial Number", "%s", gpu->serial);
        kv(out, 4, "GPU UUID", "%s", gpu->uuid);
        kv(out, 4, "Minor Number", "%d", g);
        kv(out, 4, "VBIOS Version", "%s", vbios);
        head(out, 4, "PCI");
        kv(out, 8, "Bus", "0x%c%c", gpu->bus_id[9], gpu->bus_id[10]);
        kv(out, 8, "Device Id", "0x%s10DE", spec->device_id);
        kv(out, 8, "Bus Id", "%s", gpu->bus_id);
        head(out, 8, "GPU Link Info");
        head(out, 12, "PCIe Generation");
        kv(out, 16, "Max", "%d", spec->pcie_gen);
        kv(out, 16, "Current", "%d", busy ? spec->pcie_gen : 1);
        head(out, 12, "Link Width");
        kv(out, 16, "Max", "16x");
        kv(out, 16, "Current", "%dx", gpu->pcie_width);
        kv(out, 8, "Replays Since Reset", "%llu", (unsigned long long)gpu->pcie_replays);
        kv(out, 4, "Fan Speed", "N/A");
    }
    if (mask & D_PERFORMANCE) {
        uint32_t r = emu_gpu_clock_event_reasons(w, node, g);
        kv(out, 4, "Performance State", "%s", pstate(w, node, g));
        head(out, 4, "Clocks Event Reasons");
        kv(out, 8, "Idle", "%s", active(r, EMU_CER_GPU_IDLE));
        kv(out, 8, "Applications Clocks Setting", "%s", active(r, EMU_CER_APP_CLOCKS));
        kv(out, 8, "SW Power Cap", "%s", active(r, EMU_CER_SW_POWER_CAP));
        kv(out, 8, "HW Slowdown", "%s", active(r, EMU_CER_HW_SLOWDOWN));
        kv(out, 12, "HW Thermal Slowdown", "%s", active(r, EMU_CER_HW_THERMAL));
        kv(out, 12, "HW Power Brake Slowdown", "%s", active(r, EMU_CER_HW_POWER_BRAKE));
        kv(out, 8, "Sync Boost", "%s", active(r, EMU_CER_SYNC_BOOST));
        kv(out, 8, "SW Thermal Slowdown", "%s", active(r, EMU_CER_SW_THERMAL));
        kv(out, 8, "Display Clock Setting", "%s", active(r, EMU_CER_DISPLAY_CLOCK));
        /* R550+: the time each reason has held the clocks since the driver loaded, in us
         * (telemetry.h: cumulative, an episode that ended keeps what it counted) */
        head(out, 4, "Clocks Event Reasons Counters");
        kv(out, 8, "SW Power Capping", "%.0f us", emu_gpu_reason_held_s(w, node, g, EMU_CER_SW_POWER_CAP) * 1e6);
        kv(out, 8, "Sync Boost", "0 us");
        kv(out, 8, "SW Thermal Slowdown", "%.0f us", emu_gpu_reason_held_s(w, node, g, EMU_CER_SW_THERMAL) * 1e6);
        kv(out, 8, "HW Thermal Slowdown", "%.0f us", emu_gpu_reason_held_s(w, node, g, EMU_CER_HW_THERMAL) * 1e6);
        kv(out, 8, "HW Power Braking", "%.0f us", emu_gpu_reason_held_s(w, node, g, EMU_CER_HW_POWER_BRAKE) * 1e6);
    }
    if (mask & D_MEMORY) {
        double used = mem_used_mib(w, node, g);
        head(out, 4, "FB Memory Usage");
        kv(out, 8, "Total", "%.0f MiB", spec->memory_total_mib);
        kv(out, 8, "Reserved", "%d MiB", reserved_mib);
        kv(out, 8, "Used", "%.0f MiB", used);
        kv(out, 8, "Free", "%.0f MiB", spec->memory_total_mib - reserved_mib - used);
    }
    if (mask & D_UTILIZATION) {
        head(out, 4, "Utilization");
        int u = emu_gpu_util_pct(w, node, g);
        kv(out, 8, "Gpu", "%d %%", u);
        kv(out, 8, "Memory", "%d %%", busy ? u * 45 / 100 : 0);
    }
    if (mask & D_ECC) {
        head(out, 4, "ECC Mode");
        kv(out, 8, "Current", "Enabled");
        kv(out, 8, "Pending", "Enabled");
        head(out, 4, "ECC Errors");
        head(out, 8, "Volatile");
        kv(out, 12, "SRAM Correctable", "%llu", (unsigned long long)gpu->ecc_sram_corrected);
        kv(out, 12, "SRAM Uncorrectable Parity", "0");
        kv(out, 12, "SRAM Uncorrectable SEC-DED", "%llu", (unsigned long long)gpu->ecc_sram_uncorrected);
        kv(out, 12, "DRAM Correctable", "%llu", (unsigned long long)gpu->ecc_dram_corrected);
        kv(out, 12, "DRAM Uncorrectable", "%llu", (unsigned long long)gpu->ecc_dram_uncorrected);
        head(out, 8, "Aggregate");
        kv(out, 12, "SRAM Correctable", "%llu", (unsigned long long)gpu->ecc_sram_corrected);
        kv(out, 12, "SRAM Uncorrectable Parity", "0");
        kv(out, 12, "SRAM Uncorrectable SEC-DED", "%llu", (unsigned long long)gpu->ecc_sram_uncorrected);
        kv(out, 12, "DRAM Correctable", "%llu", (unsigned long long)gpu->ecc_dram_corrected_agg);
        kv(out, 12, "DRAM Uncorrectable", "%llu", (unsigned long long)gpu->ecc_dram_uncorrected_agg);
        kv(out, 12, "SRAM Threshold Exceeded", "No");
    }
    if ((mask & (D_ECC | D_ROW_REMAPPER)) && !emu_gpu_remap_banks(spec)) {
        kv(out, 4, "Remapped Rows", "N/A"); /* Volta retires pages instead */
    } else if (mask & (D_ECC | D_ROW_REMAPPER)) {
        head(out, 4, "Remapped Rows");
        kv(out, 8, "Correctable Error", "%d", gpu->remapped_correctable);
        kv(out, 8, "Uncorrectable Error", "%d", gpu->remapped_uncorrectable);
        kv(out, 8, "Pending", "%s", gpu->remap_pending ? "Yes" : "No");
        kv(out, 8, "Remapping Failure Occurred", "%s", gpu->remap_failure ? "Yes" : "No");
        /* the banks by spare rows left: each remapped row in a bank of its own (a few rows over
         * thousands of banks), which keeps 7 of its 8 spares: "High", as in the field (one
         * remapped row: Max 2559, High 1 on an H100) */
        head(out, 8, "Bank Remap Availability Histogram");
        int banks = emu_gpu_remap_banks(spec), used = gpu->remapped_correctable + gpu->remapped_uncorrectable;
        if (used > banks)
            used = banks;
        kv(out, 12, "Max", "%d bank(s)", banks - used);
        kv(out, 12, "High", "%d bank(s)", used);
        kv(out, 12, "Partial", "0 bank(s)");
        kv(out, 12, "Low", "0 bank(s)");
        kv(out, 12, "None", "0 bank(s)");
    }
    if (mask & D_TEMPERATURE) {
        head(out, 4, "Temperature");
        kv(out, 8, "GPU Current Temp", "%.0f C", emu_gpu_temp_c(w, node, g));
        kv(out, 8, "GPU T.Limit Temp", "%.0f C", spec->temp_max_operating_c - emu_gpu_temp_c(w, node, g));
        kv(out, 8, "GPU Shutdown Temp", "%.0f C", spec->temp_shutdown_c);
        kv(out, 8, "GPU Slowdown Temp", "%.0f C", spec->temp_slowdown_c);
        kv(out, 8, "GPU Max Operating Temp", "%.0f C", spec->temp_max_operating_c);
        kv(out, 8, "GPU Target Temperature", "N/A");
        kv(out, 8, "Memory Current Temp", "%.0f C", emu_gpu_mem_temp_c(w, node, g));
        kv(out, 8, "Memory Max Operating Temp", "%.0f C", spec->temp_mem_max_c);
    }
    if (mask & D_POWER) {
        double draw = emu_gpu_power_draw_w(w, node, g);
        head(out, 4, "GPU Power Readings");
        /* the average over a longer window: the same figure within 0.4%, never over the limit */
        kv(out, 8, "Average Power Draw", "%.2f W",
           fmin(draw * (1.0 + 0.004 * emu_sample(w, "avgp", node, g)), gpu->power_limit_w));
        kv(out, 8, "Instantaneous Power Draw", "%.2f W", draw);
        kv(out, 8, "Current Power Limit", "%.2f W", gpu->power_limit_w);
        kv(out, 8, "Requested Power Limit", "%.2f W", gpu->power_limit_w);
        kv(out, 8, "Default Power Limit", "%.2f W", spec->power_limit_w);
        kv(out, 8, "Min Power Limit", "%.2f W", spec->min_power_limit_w);
        kv(out, 8, "Max Power Limit", "%.2f W", spec->power_limit_w);
    }
    if (mask & D_CLOCK) {
        int sm = emu_gpu_sm_clock_mhz(w, node, g);
        bool idle = !busy;
        head(out, 4, "Clocks");
        kv(out, 8, "Graphics", "%d MHz", sm);
        kv(out, 8, "SM", "%d MHz", sm);
        kv(out, 8, "Memory", "%d MHz", spec->mem_clock_mhz);
        kv(out, 8, "Video", "%d MHz", idle ? 765 : spec->max_video_clock_mhz);
        head(out, 4, "Applications Clocks");
        kv(out, 8, "Graphics", "%d MHz", spec->max_sm_clock_mhz);
        kv(out, 8, "Memory", "%d MHz", spec->mem_clock_mhz);
        head(out, 4, "Default Applications Clocks");
        kv(out, 8, "Graphics", "%d MHz", spec->max_sm_clock_mhz);
        kv(out, 8, "Memory", "%d MHz", spec->mem_clock_mhz);
        head(out, 4, "Max Clocks");
        kv(out, 8, "Graphics", "%d MHz", spec->max_sm_clock_mhz);
        kv(out, 8, "SM", "%d MHz", spec->max_sm_clock_mhz);
        kv(out, 8, "Memory", "%d MHz", spec->mem_clock_mhz);
        kv(out, 8, "Video", "%d MHz", spec->max_video_clock_mhz);
    }
    if (mask == D_ALL) {
        head(out, 4, "Fabric");
        kv(out, 8, "State", "%s", emu_gpu_fabric_state(w, node));
        kv(out, 8, "Status", "%s", emu_gpu_fabric_status(w, node));
    }
    if (mask & D_PIDS) {
        if (busy) {
            head(out, 4, "Processes");
            kv(out, 8, "GPU instance ID", "N/A");
            kv(out, 8, "Compute instance ID", "N/A");
            kv(out, 8, "Process ID", "%d", emu_gpu_pid(w, node, g));
            kv(out, 12, "Type", "C");
            kv(out, 12, "Name", "/usr/bin/python3");
            kv(out, 12, "Used GPU Memory", "%.0f MiB", mem_used_mib(w, node, g) - 518);
        } else {
            kv(out, 4, "Processes", "None");
        }
    }
    emu_out_printf(out, "\n");
}

static void query_q(const emu_world *w, int node, const bool *sel, int mask, emu_out *out)
{
    char ts[64];
    timestamp_line(w, ts, sizeof ts);
    emu_out_printf(out, "\n==============NVSMI LOG==============\n\n");
    kv(out, 0, "Timestamp", "%s", ts);
    kv(out, 0, "Driver Version", "%s", w->driver_version);
    kv(out, 0, "CUDA Version", "%s", w->cuda_version);
    emu_out_printf(out, "\n");
    kv(out, 0, "Attached GPUs", "%d", w->nodes[node].n_gpus);
    for (int g = 0; g < w->nodes[node].n_gpus; g++) {
        if (sel[g] && emu_gpu_lost(w, node, g))
            lost_line(w, node, g, out);
        else if (sel[g])
            q_gpu(w, node, g, mask, out);
    }
}

/* ---- --query-gpu ----------------------------------------------------------------------------------- */

typedef struct qfield {
    const char *name;     /* as typed */
    const char *header;   /* as the CSV header prints it (aliases expand) */
    const char *unit;     /* "" when none */
} qfield;

static const qfield qfields[] = {
    {"index", "index", ""},
    {"count", "count", ""},
    {"timestamp", "timestamp", ""},
    {"name", "name", ""},
    {"gpu_name", "name", ""},
    {"pci.bus_id", "pci.bus_id", ""},
    {"gpu_bus_id", "pci.bus_id", ""},
    {"uuid", "uuid", ""},
    {"gpu_uuid", "uuid", ""},
    {"serial", "serial", ""},
    {"driver_version", "driver_version", ""},
    {"persistence_mode", "persistence_mode", ""},
    {"pstate", "pstate", ""},
    {"fan.speed", "fan.speed [%]", "%"},
    {"temperature.gpu", "temperature.gpu", ""},
    {"temperature.memory", "temperature.memory", ""},
    {"power.draw", "power.draw [W]", "W"},
    {"power.draw.average", "power.draw.average [W]", "W"},
    {"power.draw.instant", "power.draw.instant [W]", "W"},
    {"power.limit", "power.limit [W]", "W"},
    {"enforced.power.limit", "enforced.power.limit [W]", "W"},
    {"power.default_limit", "power.default_limit [W]", "W"},
    {"power.max_limit", "power.max_limit [W]", "W"},
    {"power.min_limit", "power.min_limit [W]", "W"},
    {"clocks.sm", "clocks.current.sm [MHz]", "MHz"},
    {"clocks.current.sm", "clocks.current.sm [MHz]", "MHz"},
    {"clocks.gr", "clocks.current.graphics [MHz]", "MHz"},
    {"clocks.current.graphics", "clocks.current.graphics [MHz]", "MHz"},
    {"clocks.mem", "clocks.current.memory [MHz]", "MHz"},
    {"clocks.current.memory", "clocks.current.memory [MHz]", "MHz"},
    {"clocks.max.sm", "clocks.max.sm [MHz]", "MHz"},
    {"clocks.max.graphics", "clocks.max.graphics [MHz]", "MHz"},
    {"clocks.max.memory", "clocks.max.memory [MHz]", "MHz"},
    {"utilization.gpu", "utilization.gpu [%]", "%"},
    {"utilization.memory", "utilization.memory [%]", "%"},
    {"memory.total", "memory.total [MiB]", "MiB"},
    {"memory.used", "memory.used [MiB]", "MiB"},
    {"memory.free", "memory.free [MiB]", "MiB"},
    {"clocks_event_reasons.active", "clocks_event_reasons.active", ""},
    {"clocks_throttle_reasons.active", "clocks_throttle_reasons.active", ""},
    {"clocks_event_reasons.gpu_idle", "clocks_event_reasons.gpu_idle", ""},
    {"clocks_event_reasons.sw_power_cap", "clocks_event_reasons.sw_power_cap", ""},
    {"clocks_event_reasons.hw_slowdown", "clocks_event_reasons.hw_slowdown", ""},
    {"clocks_event_reasons.hw_thermal_slowdown", "clocks_event_reasons.hw_thermal_slowdown", ""},
    {"clocks_event_reasons.hw_power_brake_slowdown", "clocks_event_reasons.hw_power_brake_slowdown", ""},
    {"clocks_event_reasons.sw_thermal_slowdown", "clocks_event_reasons.sw_thermal_slowdown", ""},
    {"clocks_throttle_reasons.sw_power_cap", "clocks_throttle_reasons.sw_power_cap", ""},
    {"clocks_throttle_reasons.hw_slowdown", "clocks_throttle_reasons.hw_slowdown", ""},
    {"clocks_throttle_reasons.hw_thermal_slowdown", "clocks_throttle_reasons.hw_thermal_slowdown", ""},
    {"clocks_throttle_reasons.hw_power_brake_slowdown", "clocks_throttle_reasons.hw_power_brake_slowdown", ""},
    {"clocks_throttle_reasons.sw_thermal_slowdown", "clocks_throttle_reasons.sw_thermal_slowdown", ""},
    {"ecc.mode.current", "ecc.mode.current", ""},
    {"ecc.errors.corrected.volatile.total", "ecc.errors.corrected.volatile.total", ""},
    {"ecc.errors.uncorrected.volatile.total", "ecc.errors.uncorrected.volatile.total", ""},
    {"ecc.errors.corrected.aggregate.total", "ecc.errors.corrected.aggregate.total", ""},
    {"ecc.errors.uncorrected.aggregate.total", "ecc.errors.uncorrected.aggregate.total", ""},
    {"remapped_rows.correctable", "remapped_rows.correctable", ""},
    {"remapped_rows.uncorrectable", "remapped_rows.uncorrectable", ""},
    {"remapped_rows.pending", "remapped_rows.pending", ""},
    {"remapped_rows.failure", "remapped_rows.failure", ""},
    {"pcie.link.gen.current", "pcie.link.gen.current", ""},
    {"pcie.link.gen.max", "pcie.link.gen.max", ""},
    {"pcie.link.width.current", "pcie.link.width.current", ""},
    {"pcie.link.width.max", "pcie.link.width.max", ""},
    {"fabric.state", "fabric.state", ""},
    {"fabric.status", "fabric.status", ""},
};
#define N_QFIELDS ((int)(sizeof qfields / sizeof qfields[0]))

static void qvalue(const emu_world *w, int node, int g, const qfield *f, bool units, char *buf,
                   size_t size)
{
    const emu_node *n = &w->nodes[node];
    const emu_gpu *gpu = &n->gpus[g];
    const emu_gpu_spec *spec = w->spec;
    const char *name = f->header;
    uint32_t r = emu_gpu_clock_event_reasons(w, node, g);
    double num = NAN;
    int decimals = 0;
    if (!strcmp(name, "index"))
        snprintf(buf, size, "%d", g);
    else if (!strcmp(name, "name"))
        snprintf(buf, size, "%s", spec->name);
    else if (!strcmp(name, "pstate"))
        snprintf(buf, size, "%s", pstate(w, node, g));
    else if (!strcmp(name, "temperature.gpu"))
        snprintf(buf, size, "%.0f", emu_gpu_temp_c(w, node, g));
    else if (!strncmp(name, "power.draw", 10)) {
        num = emu_gpu_power_draw_w(w, node, g);
        decimals = 2;
    } else if (!strcmp(name, "power.limit [W]") || !strcmp(name, "enforced.power.limit [W]")) {
        num = gpu->power_limit_w;
        decimals = 2;
    } else if (!strcmp(name, "power.default_limit [W]") || !strcmp(name, "power.max_limit [W]")) {
        num = spec->power_limit_w;
        decimals = 2;
    } else if (!strcmp(name, "power.min_limit [W]")) {
        num = spec->min_power_limit_w;
        decimals = 2;
    } else if (!strcmp(name, "clocks.current.sm [MHz]") || !strcmp(name, "clocks.current.graphics [MHz]"))
        num = emu_gpu_sm_clock_mhz(w, node, g);
    else if (!strcmp(name, "clocks.current.memory [MHz]") || !strcmp(name, "clocks.max.memory [MHz]"))
        num = spec->mem_clock_mhz;
    else if (!strcmp(name, "clocks.max.sm [MHz]") || !strcmp(name, "clocks.max.graphics [MHz]"))
        num = spec->max_sm_clock_mhz;
    else if (!strcmp(name, "utilization.gpu [%]"))
        num = emu_gpu_util_pct(w, node, g);
    else if (!strcmp(name, "utilization.memory [%]"))
        num = emu_gpu_util_pct(w, node, g) * 45 / 100;
    else if (!strcmp(name, "memory.total [MiB]"))
        num = spec->memory_total_mib;
    else if (!strcmp(name, "memory.used [MiB]"))
        num = mem_used_mib(w, node, g);
    else if (!strcmp(name, "memory.free [MiB]"))
        num = spec->memory_total_mib - 541 - mem_used_mib(w, node, g);
    else if (!strcmp(name, "clocks_event_reasons.active") || !strcmp(name, "clocks_throttle_reasons.active"))
        snprintf(buf, size, "0x%016x", r);
#ifndef EMU_CORE_MODULE
    /* the fields no lab's line queries: the full module's (full_only.h) */
    else if (!strcmp(name, "count"))
        snprintf(buf, size, "%d", n->n_gpus);
    else if (!strcmp(name, "timestamp")) {
        char ts[40];
        emu_format_utc(w->now_s, "%Y/%m/%d %H:%M:%S", ts, sizeof ts);
        snprintf(buf, size, "%s.%03d", ts, (int)(emu_hash(w->seed, "ms", (uint64_t)w->now_s, (uint64_t)g) % 1000));
    } else if (!strcmp(name, "pci.bus_id"))
        snprintf(buf, size, "%s", gpu->bus_id);
    else if (!strcmp(name, "uuid"))
        snprintf(buf, size, "%s", gpu->uuid);
    else if (!strcmp(name, "serial"))
        snprintf(buf, size, "%s", gpu->serial);
    else if (!strcmp(name, "driver_version"))
        snprintf(buf, size, "%s", w->driver_version);
    else if (!strcmp(name, "persistence_mode"))
        snprintf(buf, size, "%s", gpu->persistence_mode ? "Enabled" : "Disabled");
    else if (!strcmp(name, "fan.speed [%]"))
        snprintf(buf, size, "[N/A]");
    else if (!strcmp(name, "temperature.memory"))
        snprintf(buf, size, "%.0f", emu_gpu_mem_temp_c(w, node, g));
    else if (strstr(name, "reasons.")) {
        const char *which = strchr(name, '.') + 1;
        uint32_t bit = !strcmp(which, "gpu_idle") ? EMU_CER_GPU_IDLE
                       : !strcmp(which, "sw_power_cap") ? EMU_CER_SW_POWER_CAP
                       : !strcmp(which, "hw_slowdown") ? EMU_CER_HW_SLOWDOWN
                       : !strcmp(which, "hw_thermal_slowdown") ? EMU_CER_HW_THERMAL
                       : !strcmp(which, "hw_power_brake_slowdown") ? EMU_CER_HW_POWER_BRAKE
                                                                   : EMU_CER_SW_THERMAL;
        snprintf(buf, size, "%s", active(r, bit));
    } else if (!strcmp(name, "ecc.mode.current"))
        snprintf(buf, size, "Enabled");
    else if (!strcmp(name, "ecc.errors.corrected.volatile.total"))
        snprintf(buf, size, "%llu", (unsigned long long)(gpu->ecc_dram_corrected + gpu->ecc_sram_corrected));
    else if (!strcmp(name, "ecc.errors.uncorrected.volatile.total"))
        snprintf(buf, size, "%llu", (unsigned long long)(gpu->ecc_dram_uncorrected + gpu->ecc_sram_uncorrected));
    else if (!strcmp(name, "ecc.errors.corrected.aggregate.total"))
        snprintf(buf, size, "%llu", (unsigned long long)(gpu->ecc_dram_corrected_agg + gpu->ecc_sram_corrected));
    else if (!strcmp(name, "ecc.errors.uncorrected.aggregate.total"))
        snprintf(buf, size, "%llu", (unsigned long long)(gpu->ecc_dram_uncorrected_agg + gpu->ecc_sram_uncorrected));
    else if (!strcmp(name, "remapped_rows.correctable"))
        snprintf(buf, size, "%d", gpu->remapped_correctable);
    else if (!strcmp(name, "remapped_rows.uncorrectable"))
        snprintf(buf, size, "%d", gpu->remapped_uncorrectable);
    else if (!strcmp(name, "remapped_rows.pending"))
        snprintf(buf, size, "%s", gpu->remap_pending ? "Yes" : "No");
    else if (!strcmp(name, "remapped_rows.failure"))
        snprintf(buf, size, "%s", gpu->remap_failure ? "Yes" : "No");
    else if (!strcmp(name, "pcie.link.gen.current"))
        snprintf(buf, size, "%d", emu_gpu_busy(w, node, g) ? spec->pcie_gen : 1);
    else if (!strcmp(name, "pcie.link.gen.max"))
        snprintf(buf, size, "%d", spec->pcie_gen);
    else if (!strcmp(name, "pcie.link.width.current"))
        snprintf(buf, size, "%d", gpu->pcie_width);
    else if (!strcmp(name, "pcie.link.width.max"))
        snprintf(buf, size, "16");
    else if (!strcmp(name, "fabric.state") || !strcmp(name, "fabric.status")) {
        const char *v = !strcmp(name, "fabric.state") ? emu_gpu_fabric_state(w, node) : emu_gpu_fabric_status(w, node);
        /* a field the GPU cannot report reads [N/A] in a query, as nvidia-smi prints it */
        snprintf(buf, size, strcmp(emu_gpu_fabric_state(w, node), "N/A") ? "%s" : "[%s]", v);
    }
#endif
    else {
        EMU_WANT_FULL_MODULE(); /* the core: a field of the block above */
        snprintf(buf, size, "[N/A]");
    }
    if (!isnan(num)) {
        if (units && *f->unit)
            snprintf(buf, size, "%.*f %s", decimals, num, f->unit);
        else
            snprintf(buf, size, "%.*f", decimals, num);
    }
}

static int query_gpu(const emu_world *w, int node, const bool *sel, const char *fields,
                     const char *format, emu_out *out)
{
    if (!format) {
        emu_out_printf(out, "%s", INVALID_ARGS);
        return 2;
    }
    bool csv = false, header = true, units = true;
    char fb[128];
    snprintf(fb, sizeof fb, "%s", format);
    char *save = NULL;
    for (char *tok = strtok_r(fb, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (!strcmp(tok, "csv"))
            csv = true;
        else if (!strcmp(tok, "noheader"))
            header = false;
        else if (!strcmp(tok, "nounits"))
            units = false;
        else {
            emu_out_printf(out, "\"%s\" is not a valid format option.\n", tok);
            return 2;
        }
    }
    if (!csv) {
        emu_out_printf(out, "%s", INVALID_ARGS);
        return 2;
    }
    const qfield *list[64];
    int n = 0;
    char qb[1024];
    snprintf(qb, sizeof qb, "%s", fields);
    save = NULL;
    for (char *tok = strtok_r(qb, ",", &save); tok && n < 64; tok = strtok_r(NULL, ",", &save)) {
        while (*tok == ' ')
            tok++;
        const qfield *found = NULL;
        for (int i = 0; i < N_QFIELDS; i++)
            if (!strcmp(qfields[i].name, tok))
                found = &qfields[i];
        if (!found) {
            emu_out_printf(out, "Field \"%s\" is not a valid field to query.\n\n", tok);
            return 2;
        }
        list[n++] = found;
    }
    if (n == 0) {
        emu_out_printf(out, "%s", INVALID_ARGS);
        return 2;
    }
    if (header) {
        for (int i = 0; i < n; i++) {
            const char *h = list[i]->header;
            if (!units && strchr(h, '['))
                emu_out_printf(out, "%s%.*s", i ? ", " : "", (int)(strchr(h, '[') - h - 1), h);
            else
                emu_out_printf(out, "%s%s", i ? ", " : "", h);
        }
        emu_out_printf(out, "\n");
    }
    for (int g = 0; g < w->nodes[node].n_gpus; g++) {
        if (!sel[g])
            continue;
        if (emu_gpu_lost(w, node, g)) {
            lost_line(w, node, g, out);
            continue;
        }
        for (int i = 0; i < n; i++) {
            char v[96];
            qvalue(w, node, g, list[i], units, v, sizeof v);
            emu_out_printf(out, "%s%s", i ? ", " : "", v);
        }
        emu_out_printf(out, "\n");
    }
    return 0;
}

/* ---- dmon ------------------------------------------------------------------------------------------ */

static int cmd_dmon(emu_context *c, int argc, char **argv, emu_out *out, int node)
{
    emu_world *w = c->world;
    const char *groups = "puc";
    int count = 5, delay = 1;
    bool dt = false;
    const char *ids = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-s") && i + 1 < argc)
            groups = argv[++i];
        else if (!strcmp(a, "-c") && i + 1 < argc)
            count = atoi(argv[++i]);
        else if (!strcmp(a, "-d") && i + 1 < argc)
            delay = atoi(argv[++i]);
        else if (!strcmp(a, "-i") && i + 1 < argc)
            ids = argv[++i];
        else if (!strcmp(a, "-o") && i + 1 < argc) {
            const char *o = argv[++i];
            dt = strchr(o, 'D') || strchr(o, 'T');
        } else {
            emu_out_printf(out, "%s", INVALID_ARGS);
            return 2;
        }
    }
    if (count < 1 || count > 100 || delay < 1 || delay > 3600 ||
        strspn(groups, "pucvmet") != strlen(groups) || !*groups) {
        emu_out_printf(out, "%s", INVALID_ARGS);
        return 2;
    }
    bool sel[EMU_MAX_GPUS];
    if (select_gpus(w, node, ids, sel) < 0) {
        emu_out_printf(out, "No devices were found\n");
        return 6;
    }
    /* columns in the order nvidia-smi prints the groups */
    const char *cols[24], *unitsv[24];
    int nc = 0;
    static const struct {
        char group;
        const char *name, *unit;
    } all[] = {{'p', "pwr", "W"},   {'p', "gtemp", "C"}, {'p', "mtemp", "C"},  {'u', "sm", "%"},
               {'u', "mem", "%"},   {'u', "enc", "%"},   {'u', "dec", "%"},    {'u', "jpg", "%"},
               {'u', "ofa", "%"},   {'c', "mclk", "MHz"}, {'c', "pclk", "MHz"}, {'v', "pviol", "%"},
               {'v', "tviol", "bool"}, {'m', "fb", "MB"}, {'m', "bar1", "MB"}, {'m', "ccpm", "MB"},
               {'e', "sbecc", "errs"}, {'e', "dbecc", "errs"}, {'e', "pci", "errs"},
               {'t', "rxpci", "MB/s"}, {'t', "txpci", "MB/s"}};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        if (strchr(groups, all[i].group)) {
            cols[nc] = all[i].name;
            unitsv[nc++] = all[i].unit;
        }
    emu_out_printf(out, "%s# gpu", dt ? "#Date       Time     " : "");
    for (int i = 0; i < nc; i++)
        emu_out_printf(out, "%7s", cols[i]);
    emu_out_printf(out, " \n%s# Idx", dt ? "#YYYYMMDD   HH:MM:SS " : "");
    for (int i = 0; i < nc; i++)
        emu_out_printf(out, "%7s", unitsv[i]);
    emu_out_printf(out, " \n");
    for (int s = 0; s < count; s++) {
        if (s > 0)
            emu_world_advance(w, delay);
        char date[16], tm[16];
        emu_format_utc(w->now_s, "%Y%m%d", date, sizeof date);
        emu_format_utc(w->now_s, "%H:%M:%S", tm, sizeof tm);
        for (int g = 0; g < w->nodes[node].n_gpus; g++) {
            if (!sel[g] || emu_gpu_lost(w, node, g))
                continue;
            /* the same NVML counters nvidia-smi's queries and DCGM read, at this sample's time */
            int sm = emu_gpu_util_pct(w, node, g);
            bool busy = emu_gpu_busy(w, node, g);
            const emu_gpu *gpu = &w->nodes[node].gpus[g];
            double pwr = emu_gpu_power_draw_w(w, node, g);
            uint32_t r = emu_gpu_clock_event_reasons(w, node, g);
            if (dt)
                emu_out_printf(out, " %s  %s ", date, tm);
            emu_out_printf(out, "%5d", g);
            for (int i = 0; i < nc; i++) {
                const char *cn = cols[i];
                char v[24];
                if (!strcmp(cn, "pwr"))
                    snprintf(v, sizeof v, "%.0f", pwr);
                else if (!strcmp(cn, "gtemp"))
                    snprintf(v, sizeof v, "%.0f", emu_gpu_temp_c(w, node, g));
                else if (!strcmp(cn, "mtemp"))
                    snprintf(v, sizeof v, "%.0f", emu_gpu_mem_temp_c(w, node, g));
                else if (!strcmp(cn, "sm"))
                    snprintf(v, sizeof v, "%d", sm);
                else if (!strcmp(cn, "mem"))
                    snprintf(v, sizeof v, "%d", sm * 45 / 100);
                else if (!strcmp(cn, "mclk"))
                    snprintf(v, sizeof v, "%d", w->spec->mem_clock_mhz);
                else if (!strcmp(cn, "pclk"))
                    snprintf(v, sizeof v, "%d", emu_gpu_sm_clock_mhz(w, node, g));
                else if (!strcmp(cn, "pviol"))
                    snprintf(v, sizeof v, "%d", (r & (EMU_CER_SW_POWER_CAP | EMU_CER_HW_POWER_BRAKE)) ? 100 : 0);
                else if (!strcmp(cn, "tviol"))
                    snprintf(v, sizeof v, "%d", (r & (EMU_CER_HW_THERMAL | EMU_CER_SW_THERMAL)) ? 1 : 0);
                else if (!strcmp(cn, "fb"))
                    snprintf(v, sizeof v, "%.0f", mem_used_mib(w, node, g) * 1.048576);
                else if (!strcmp(cn, "bar1"))
                    snprintf(v, sizeof v, "%d", busy ? 12 : 1);
                else if (!strcmp(cn, "sbecc"))
                    snprintf(v, sizeof v, "%llu", (unsigned long long)gpu->ecc_dram_corrected);
                else if (!strcmp(cn, "dbecc"))
                    snprintf(v, sizeof v, "%llu", (unsigned long long)gpu->ecc_dram_uncorrected);
                else if (!strcmp(cn, "pci"))
                    snprintf(v, sizeof v, "%llu", (unsigned long long)gpu->pcie_replays);
                else if (!strcmp(cn, "rxpci"))
                    snprintf(v, sizeof v, "%d", busy && sm > 50 ? 900 + (int)(60 * emu_sample(w, "rx", node, g)) : 2);
                else if (!strcmp(cn, "txpci"))
                    snprintf(v, sizeof v, "%d", busy && sm > 50 ? 300 + (int)(30 * emu_sample(w, "tx", node, g)) : 1);
                else
                    snprintf(v, sizeof v, "%s", !strcmp(cn, "ccpm") ? "0" : (busy ? "0" : "0"));
                emu_out_printf(out, "%7s", v);
            }
            emu_out_printf(out, " \n");
        }
    }
    return 0;
}

/* ---- the command ----------------------------------------------------------------------------------- */

static void list_gpus(const emu_world *w, int node, emu_out *out)
{
    for (int g = 0; g < w->nodes[node].n_gpus; g++) {
        if (emu_gpu_lost(w, node, g))
            lost_line(w, node, g, out);
        else
            emu_out_printf(out, "GPU %d: %s (UUID: %s)\n", g, w->spec->name,
                           w->nodes[node].gpus[g].uuid);
    }
}

/* `nvidia-smi -pl W [-i ID]` and `nvidia-smi -r -i ID`: a power limit or a reset through the
 * model's repairs, with the tool's own words for each outcome. */
static int set_gpus(emu_world *w, int node, const bool *sel, bool chosen, const char *limit, bool root,
                    emu_out *out)
{
    const emu_node *n = &w->nodes[node];
    int rc = 0;
    if (!limit && !chosen) { /* a reset needs its GPU named */
        emu_out_printf(out, "GPU Reset couldn't run because GPU %s is the primary GPU.\n",
                       n->gpus[0].bus_id);
        return 3;
    }
    if (!root) {
        /* NVML_ERROR_NO_PERMISSION for an ordinary user; exit code 4, "the current user does
         * not have permission" (nvidia-smi(1)); wording as captured in NVIDIA/nvidia-docker#495,
         * stackhpc/ansible-slurm-appliance#975 (-pl) and NVIDIA/NVSentinel#1690 (-r's list) */
        if (!limit)
            emu_out_printf(out, "The following GPUs could not be reset:\n");
        for (int g = 0; g < n->n_gpus; g++)
            if (sel[g] && limit) {
                emu_out_printf(out, "Failed to set power management limit for GPU %s: Insufficient "
                                    "Permissions\nTerminating early due to previous errors.\n",
                               n->gpus[g].bus_id);
                break;
            } else if (sel[g])
                emu_out_printf(out, "  GPU %s: Insufficient Permissions\n", n->gpus[g].bus_id);
        return 4;
    }
    for (int g = 0; g < n->n_gpus; g++) {
        if (!sel[g])
            continue;
        const emu_gpu *gp = &n->gpus[g];
        if (limit) {
            double was = gp->power_limit_w, v = emu_strtod(limit, NULL);
            int r = emu_gpu_set_power_limit(w, node, g, v);
            if (r == EMU_REPAIR_RANGE) {
                emu_out_printf(out, "Provided power limit %.2f W is not a valid power limit which should "
                                    "be between %.2f W and %.2f W for GPU %s\n",
                               v, w->spec->min_power_limit_w, w->spec->power_limit_w, gp->bus_id);
                rc = 2;
                continue;
            }
            emu_out_printf(out, "Power limit for GPU %s was set to %.2f W from %.2f W.\n", gp->bus_id, v, was);
            continue;
        }
        int r = emu_gpu_reset(w, node, g);
        if (r == EMU_REPAIR_BUSY) {
            emu_out_printf(out, "GPU %s is currently in use by another process.\n\n1 device is currently "
                                "being used by one or more other processes (e.g., Fabric Manager, CUDA "
                                "application, graphics application such as an X server, or a monitoring "
                                "application such as another instance of nvidia-smi). Please first kill "
                                "all processes using this device and all compute applications running in "
                                "the system.\n", gp->bus_id);
            rc = 255;
        } else if (r == EMU_REPAIR_STATE) {
            emu_out_printf(out, "Unable to reset GPU %s: GPU is lost. Reboot the system to recover "
                                "this GPU\n", gp->bus_id);
            rc = 15;
        } else
            emu_out_printf(out, "GPU %s was successfully reset.\n", gp->bus_id);
    }
    if (!rc)
        emu_out_printf(out, "All done.\n");
    else if (limit)
        emu_out_printf(out, "Terminating early due to previous errors.\n");
    return rc;
}

static int cmd_nvidia_smi(emu_context *c, int argc, char **argv, emu_out *out)
{
    emu_world *w = c->world;
    int node = c->node;
    if (argc > 1 && !strcmp(argv[1], "topo"))
        return emu_nvidia_smi_topo(c, argc - 1, argv + 1, out);
    if (argc > 1 && !strcmp(argv[1], "nvlink"))
        return emu_nvidia_smi_nvlink(c, argc - 1, argv + 1, out);
    if (argc > 1 && !strcmp(argv[1], "dmon")) {
        EMU_FULL_MODULE_ONLY(); /* no lab's line runs dmon: 2.6 KB of the core's code (full_only.h) */
        return cmd_dmon(c, argc - 1, argv + 1, out, node);
    }
    bool q = false, list = false, reset = false;
    const char *ids = NULL, *display = NULL, *query = NULL, *format = NULL, *limit = NULL;
    int loop_s = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-q") || !strcmp(a, "--query"))
            q = true;
        else if (!strcmp(a, "-L") || !strcmp(a, "--list-gpus"))
            list = true;
        else if ((!strcmp(a, "-pl") || !strcmp(a, "--power-limit")) && i + 1 < argc)
            limit = argv[++i];
        else if (!strncmp(a, "--power-limit=", 14))
            limit = a + 14;
        else if (!strcmp(a, "-r") || !strcmp(a, "--gpu-reset"))
            reset = true;
        else if ((!strcmp(a, "-i") || !strcmp(a, "--id")) && i + 1 < argc)
            ids = argv[++i];
        else if (!strncmp(a, "--id=", 5))
            ids = a + 5;
        else if ((!strcmp(a, "-d") || !strcmp(a, "--display")) && i + 1 < argc)
            display = argv[++i];
        else if (!strncmp(a, "--display=", 10))
            display = a + 10;
        else if (!strncmp(a, "--query-gpu=", 12))
            query = a + 12;
        else if (!strcmp(a, "--query-gpu") && i + 1 < argc)
            query = argv[++i];
        else if (!strncmp(a, "--format=", 9))
            format = a + 9;
        else if (!strcmp(a, "--format") && i + 1 < argc)
            format = argv[++i];
        else if ((!strcmp(a, "-l") || !strcmp(a, "--loop")) && i + 1 < argc) {
            char *end = NULL;
            long v = strtol(argv[++i], &end, 10);
            if (*end || v < 1 || v > 3600) {
                emu_out_printf(out, "%s", INVALID_ARGS);
                return 2;
            }
            loop_s = (int)v;
        } else if (!strncmp(a, "--loop=", 7) && atoi(a + 7) >= 1 && atoi(a + 7) <= 3600)
            loop_s = atoi(a + 7);
        else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
#ifdef EMU_CORE_MODULE
            emw_wants_full = 1; /* the help text is the full module's (EMU_HELP, command.h) */
            return 0;
#endif
            emu_out_printf(out, "NVIDIA System Management Interface -- v%s\n\n%s", w->driver_version,
                           emu_tools_find("nvidia-smi")->help);
            return 0;
        } else {
            emu_out_printf(out, "%s", INVALID_ARGS);
            return 2;
        }
    }
    bool sel[EMU_MAX_GPUS];
    if (select_gpus(w, node, ids, sel) < 0) {
        emu_out_printf(out, "No devices were found\n");
        return 6;
    }
    if (list) {
        EMU_FULL_MODULE_ONLY(); /* no lab's line nor lab golden lists them: the full module's */
        list_gpus(w, node, out);
        return 0;
    }
    if (limit || reset)
        return set_gpus(w, node, sel, ids != NULL, limit, c->root, out);
    if (query) {
        /* -l N repeats every N seconds until interrupted; here: LOOP_SAMPLES samples, each on
         * the advancing clock, with the header once as the real tool prints it */
        int rc = query_gpu(w, node, sel, query, format, out);
        for (int k = 1; loop_s > 0 && rc == 0 && k < LOOP_SAMPLES; k++) {
            emu_world_advance(w, loop_s);
            char fmt[128];
            snprintf(fmt, sizeof fmt, "%s%s", format, strstr(format, "noheader") ? "" : ",noheader");
            rc = query_gpu(w, node, sel, query, fmt, out);
        }
        return rc;
    }
    if (display && !q) {
        emu_out_printf(out, "%s", INVALID_ARGS);
        return 2;
    }
    if (q) {
        int mask = display ? parse_display(display) : D_ALL;
        if (mask < 0) {
            emu_out_printf(out, "%s", INVALID_ARGS);
            return 2;
        }
        if (mask & ~Q_CORE_SECTIONS)
            EMU_FULL_MODULE_ONLY();
        query_q(w, node, sel, mask, out);
        return 0;
    }
    default_table(w, node, sel, out);
    return 0;
}

static const char *const nvsmi_flags[] = {"-q", "-d", "-i", "-L", "--query-gpu=", "--format=csv",
                                          "--format=csv,noheader", "--format=csv,noheader,nounits",
                                          "dmon", "topo", "nvlink", "-h", NULL};

/* Completion: the node's GPU indexes after -i. */
static void complete_gpu(const emu_world *w, int node, int argc, char **argv, emu_out *candidates)
{
    if (strcmp(argv[argc - 1], "-i") != 0)
        return;
    for (int g = 0; g < w->nodes[node].n_gpus; g++)
        emu_out_printf(candidates, "%d\n", g);
}

const emu_command emu_cmd_nvidia_smi = {
    "nvidia-smi", cmd_nvidia_smi, "NVIDIA System Management Interface: GPU state and counters",
    EMU_HELP("usage: nvidia-smi [-i ID] [-q [-d TYPE,...]] [-L]\n"
    "       nvidia-smi --query-gpu=FIELD,... --format=csv[,noheader][,nounits] [-i ID] [-l SEC]\n"
    "       nvidia-smi dmon [-s pucvmet] [-c COUNT] [-d SECONDS] [-i ID] [-o DT]\n"
    "       nvidia-smi topo -m\n"
    "       nvidia-smi nvlink -s | -e | -c | -p | -R [-i ID]\n"
    "  (no flags)   the summary table of every GPU and its processes\n"
    "  -i ID        GPU index (0-7), bus id or UUID; a comma-separated list\n"
    "  -q           the full report; -d limits it to CLOCK, TEMPERATURE, PERFORMANCE, POWER, ECC,\n"
    "               MEMORY, UTILIZATION, ROW_REMAPPER, PIDS\n"
    "  -L           list the GPUs with their UUIDs\n"
    "  --query-gpu  e.g. index,name,temperature.gpu,power.draw,clocks.sm,clocks.mem,\n"
    "               utilization.gpu,memory.used,clocks_event_reasons.active,fabric.state;\n"
    "               -l SEC repeats the query every SEC seconds (5 samples here)\n"
    "  dmon         one line per GPU per sample (5 samples unless -c); groups p u c v m e t\n"
    "  -pl W        set the power limit (watts) of the selected GPUs; -r -i ID resets a GPU\n"
    "               (both as root: sudo nvidia-smi ...)\n"),
    nvsmi_flags,
    .cost = EMU_COST_TOOL, .complete = complete_gpu
};
