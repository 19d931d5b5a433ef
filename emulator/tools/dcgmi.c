/* dcgmi.c: `dcgmi diag -r 1|2|3` (DCGM 3.x result box: Deployment, Integration, Hardware,
 * Stress) and `dcgmi dmon -e FIELDS` (field samples per GPU), from the model (tool-formats.md
 * section 6; DCGM command-line reference). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools.h"
#include "model/gpu.h"
#include "model/rng.h"
#include "model/telemetry.h"
#include "model/world.h"

#define RULE "+---------------------------+------------------------------------------------+\n"

/* One result row; text wraps at 46 columns onto continuation rows. */
static void row(emu_out *out, const char *label, const char *text)
{
    size_t len = strlen(text);
    size_t pos = 0;
    bool first = true;
    do {
        size_t take = len - pos;
        if (take > 46) {
            take = 46;
            while (take > 20 && text[pos + take] != ' ')
                take--;
        }
        emu_out_printf(out, "| %-25s | %-46.*s |\n", first ? label : "", (int)take, text + pos);
        pos += take;
        while (pos < len && text[pos] == ' ')
            pos++;
        first = false;
    } while (pos < len);
}

static void section(emu_out *out, const char *name, char edge)
{
    char left[32];
    snprintf(left, sizeof left, "-----  %s  ", name);
    size_t n = strlen(left);
    while (n < 27)
        left[n++] = '-';
    left[n] = '\0';
    emu_out_printf(out, "%c%s+------------------------------------------------%c\n", edge, left,
                   edge);
}

/* "Pass - All", or "Fail - GPU: 3, 5" / "Warn - GPU: 5" with the GPUs flagged. */
static void verdict(emu_out *out, const char *test, const bool *fail, const bool *warn, int n,
                    bool all_form)
{
    char buf[96];
    const bool *which = NULL;
    const char *word = "Pass";
    for (int g = 0; g < n; g++)
        if (fail[g])
            which = fail, word = "Fail";
    if (!which)
        for (int g = 0; g < n; g++)
            if (warn[g])
                which = warn, word = "Warn";
    if (!which) {
        row(out, test, all_form ? "Pass - All" : "Pass");
        return;
    }
    size_t len = (size_t)snprintf(buf, sizeof buf, "%s - GPU:", word);
    bool first = true;
    for (int g = 0; g < n && len < sizeof buf; g++)
        if (which[g]) {
            len += (size_t)snprintf(buf + len, sizeof buf - len, "%s %d", first ? "" : ",", g);
            first = false;
        }
    row(out, test, buf);
}

static int diag(emu_context *c, int level, emu_out *out)
{
    emu_world *w = c->world;
    const emu_node *n = &w->nodes[c->node];
    int ng = n->n_gpus;
    /* the run takes as long as the real levels: seconds, ~2 min, ~15 min */
    emu_world_advance(w, level == 1 ? 20 : level == 2 ? 110 : 900);
    bool none[EMU_MAX_GPUS] = {false}, busy[EMU_MAX_GPUS] = {false}, remap[EMU_MAX_GPUS] = {false},
         mem_fail[EMU_MAX_GPUS] = {false}, pcie[EMU_MAX_GPUS] = {false},
         thermal[EMU_MAX_GPUS] = {false}, brake[EMU_MAX_GPUS] = {false},
         cap[EMU_MAX_GPUS] = {false}, links[EMU_MAX_GPUS] = {false};
    bool any_busy = false;
    for (int g = 0; g < ng; g++) {
        const emu_gpu *gpu = &n->gpus[g];
        uint32_t r = emu_gpu_clock_event_reasons(w, c->node, g);
        busy[g] = emu_gpu_busy(w, c->node, g);
        any_busy |= busy[g];
        remap[g] = gpu->remap_pending || gpu->remap_failure;
        mem_fail[g] = gpu->ecc_dram_uncorrected > 0 || gpu->remap_failure;
        pcie[g] = gpu->pcie_width < 16 || gpu->pcie_replays > 100;
        thermal[g] = r & (EMU_CER_HW_THERMAL | EMU_CER_SW_THERMAL);
        brake[g] = r & EMU_CER_HW_POWER_BRAKE;
        cap[g] = gpu->power_limit_w < w->spec->power_limit_w;
        links[g] = emu_gpu_links_up(w, c->node, g) < w->spec->nvlinks;
    }
    emu_out_printf(out, "Successfully ran diagnostic for group.\n");
    emu_out_printf(out, RULE);
    emu_out_printf(out, "| Diagnostic                | Result                                         |\n");
    emu_out_printf(out, "+===========================+================================================+\n");
    section(out, "Metadata", '|');
    row(out, "DCGM Version", w->dcgm_version);
    row(out, "Driver Version Detected", w->driver_version);
    char ids[96] = "";
    size_t len = 0;
    for (int g = 0; g < ng && len < sizeof ids; g++)
        if (!emu_gpu_lost(w, c->node, g))
            len += (size_t)snprintf(ids + len, sizeof ids - len, "%s%s", len ? "," : "",
                                    w->spec->device_id);
    row(out, "GPU Device IDs Detected", ids);
    section(out, "Deployment", '|');
    row(out, "Denylist", "Pass");
    bool lost[EMU_MAX_GPUS] = {false};
    for (int g = 0; g < ng; g++)
        lost[g] = emu_gpu_lost(w, c->node, g);
    verdict(out, "NVML Library", lost, none, ng, false);
    for (int g = 0; g < ng; g++)
        if (lost[g]) {
            char t[160];
            snprintf(t, sizeof t, "GPU %d (%s) cannot be reached: it fell off the bus (Xid 79). "
                                  "Drain the node and power-cycle it.",
                     g, n->gpus[g].bus_id);
            row(out, "Warning", t);
        }
    row(out, "CUDA Main Library", "Pass");
    row(out, "Permissions and OS Blocks", "Pass");
    row(out, "Persistence Mode", "Pass");
    row(out, "Environment Variables", "Pass");
    verdict(out, "Page Retirement/Row Remap", remap, none, ng, false);
    for (int g = 0; g < ng; g++)
        if (remap[g]) {
            char t[160];
            snprintf(t, sizeof t, "GPU %d has a row remapping pending; reset the GPU (drain the "
                                  "node) to apply it.",
                     g);
            row(out, "Warning", t);
        }
    row(out, "Graphics Processes", "Pass");
    if (any_busy)
        row(out, "Info", "Compute processes are running on the GPUs (the training job); stress "
                         "results may be skewed. Drain the node for a clean run.");
    row(out, "Inforom", "Pass");
    if (!n->fabric_manager_running)
        row(out, "Warning", "The NVSwitch fabric is not initialized (Fabric Manager is not "
                            "running): CUDA cannot use these GPUs.");
    if (level >= 2) {
        section(out, "Integration", '+');
        bool pfail[EMU_MAX_GPUS] = {false};
        for (int g = 0; g < ng; g++)
            pfail[g] = pcie[g] || links[g];
        verdict(out, "PCIe", pfail, none, ng, true);
        for (int g = 0; g < ng; g++) {
            char t[160];
            if (links[g]) {
                snprintf(t, sizeof t, "GPU %d has %d of %d NVLinks active; peer bandwidth to it "
                                      "is reduced.",
                         g, emu_gpu_links_up(w, c->node, g), w->spec->nvlinks);
                row(out, "Warning", t);
            }
            if (pcie[g]) {
                snprintf(t, sizeof t, "GPU %d PCIe link runs at x%d (expected x16).", g,
                         n->gpus[g].pcie_width);
                row(out, "Warning", t);
            }
        }
        /* The memory test (level 2) checks the frame buffer only: a GPU held down by heat or a
         * power brake passes it. Clock-event violations are reported by the tests that load the
         * GPU for minutes: Diagnostic (level 3, 180 s by default, DCGM "Diagnostic Plugin"),
         * Targeted Stress and Targeted Power. */
        section(out, "Hardware", '+');
        verdict(out, "GPU Memory", mem_fail, none, ng, true);
        for (int g = 0; g < ng; g++) {
            char t[200];
            if (mem_fail[g]) {
                snprintf(t, sizeof t, "GPU %d reported %llu uncorrectable DRAM ECC errors.", g,
                         (unsigned long long)n->gpus[g].ecc_dram_uncorrected);
                row(out, "Warning", t);
            }
        }
        if (level >= 3) {
            bool hwarn[EMU_MAX_GPUS] = {false};
            for (int g = 0; g < ng; g++)
                hwarn[g] = thermal[g] || brake[g];
            verdict(out, "Diagnostic", mem_fail, hwarn, ng, true);
            for (int g = 0; g < ng; g++) {
                char t[200];
                if (thermal[g]) {
                    /* held at its slowdown threshold for the whole test, less its ramp-up */
                    snprintf(t, sizeof t, "GPU %d: thermal violations totaling %.1f seconds during "
                                          "the 180 s test; temperature %.0f C against a slowdown "
                                          "threshold of %.0f C. Clocks held at %d MHz.",
                             g, 171.0, emu_gpu_temp_c(w, c->node, g), w->spec->temp_slowdown_c,
                             emu_gpu_sm_clock_mhz(w, c->node, g));
                    row(out, "Warning", t);
                }
                if (brake[g]) {
                    snprintf(t, sizeof t, "GPU %d: power violations during the test: clocks held "
                                          "down by an external power brake (HW Power Brake "
                                          "Slowdown) at %d MHz.",
                             g, emu_gpu_sm_clock_mhz(w, c->node, g));
                    row(out, "Warning", t);
                }
            }
        }
    }
    if (level >= 3) {
        section(out, "Stress", '+');
        bool slow[EMU_MAX_GPUS] = {false};
        for (int g = 0; g < ng; g++)
            slow[g] = thermal[g] || brake[g];
        verdict(out, "Targeted Stress", slow, none, ng, true);
        for (int g = 0; g < ng; g++)
            if (slow[g]) {
                char t[160];
                snprintf(t, sizeof t, "GPU %d reached %.0f%% of the expected throughput in the "
                                      "targeted stress test: its clocks are held down.",
                         g, 100.0 / emu_gpu_slowdown(w, c->node, g));
                row(out, "Warning", t);
            }
        verdict(out, "Targeted Power", cap, slow, ng, true);
        for (int g = 0; g < ng; g++)
            if (cap[g]) {
                char t[160];
                snprintf(t, sizeof t, "GPU %d reached %.0f W, below the %.0f W target: its power "
                                      "limit is set to %.0f W.",
                         g, n->gpus[g].power_limit_w, w->spec->power_limit_w,
                         n->gpus[g].power_limit_w);
                row(out, "Warning", t);
            }
        verdict(out, "Memory Bandwidth", mem_fail, none, ng, true);
        row(out, "EUD Test", "Skip - All");
    }
    emu_out_printf(out, RULE);
    return 0;
}

/* ---- dmon -------------------------------------------------------------------------------------- */

typedef struct dfield {
    int id;
    const char *tag;   /* short name, the column header */
    const char *name;  /* long name, as dcgmi dmon -l prints it */
    int width;
} dfield;

static const dfield dfields[] = {
    {100, "SMCLK", "sm_clock", 8},          {101, "MMCLK", "memory_clock", 8},
    {112, "DVCCTR", "current_clock_throttle_reasons", 8},
    {140, "MMTMP", "memory_temp", 8},       {150, "TMPTR", "gpu_temp", 8},
    {155, "POWER", "power_usage", 10},      {203, "GPUTL", "gpu_utilization", 8},
    {204, "MCUTL", "mem_copy_utilization", 8}, {230, "XIDER", "xid_errors", 8},
    {240, "PVIOL", "power_violation", 14},  {241, "TVIOL", "thermal_violation", 14},
    {252, "FBUSD", "fb_used", 8},           {1002, "SMACT", "sm_active", 8},
    {1004, "TENSO", "tensor_active", 8},    {1005, "DRAMA", "dram_active", 8},
    {1011, "NVLTX", "nvlink_tx_bytes", 16}, {1012, "NVLRX", "nvlink_rx_bytes", 16},
};
#define N_DFIELDS ((int)(sizeof dfields / sizeof dfields[0]))

static void dvalue(const emu_world *w, int node, int g, int id, char *buf, size_t size)
{
    const emu_gpu *gpu = &w->nodes[node].gpus[g];
    bool busy = emu_gpu_busy(w, node, g);
    uint32_t r = emu_gpu_clock_event_reasons(w, node, g);
    double slow = emu_gpu_slowdown(w, node, g);
    switch (id) {
    case 100: snprintf(buf, size, "%d", emu_gpu_sm_clock_mhz(w, node, g)); break;
    case 101: snprintf(buf, size, "%d", w->spec->mem_clock_mhz); break;
    case 112: snprintf(buf, size, "%u", r); break;
    case 140: snprintf(buf, size, "%.0f", emu_gpu_mem_temp_c(w, node, g)); break;
    case 150: snprintf(buf, size, "%.0f", emu_gpu_temp_c(w, node, g)); break;
    case 155: snprintf(buf, size, "%.3f", emu_gpu_power_draw_w(w, node, g)); break;
    case 203: snprintf(buf, size, "%d", emu_gpu_util_pct(w, node, g)); break;
    case 204: snprintf(buf, size, "%d", busy ? 38 : 0); break;
    case 230: snprintf(buf, size, "%d", gpu->n_xids ? gpu->xids[gpu->n_xids - 1].code : 0); break;
    case 240: /* microseconds spent limited, since the driver loaded (the NVML counters nvidia-smi
               * -q prints: telemetry.h) */
        snprintf(buf, size, "%.0f",
                 fmax(emu_gpu_reason_held_s(w, node, g, EMU_CER_SW_POWER_CAP),
                      emu_gpu_reason_held_s(w, node, g, EMU_CER_HW_POWER_BRAKE)) * 1e6);
        break;
    case 241:
        snprintf(buf, size, "%.0f",
                 fmax(emu_gpu_reason_held_s(w, node, g, EMU_CER_SW_THERMAL),
                      emu_gpu_reason_held_s(w, node, g, EMU_CER_HW_THERMAL)) * 1e6);
        break;
    case 252: snprintf(buf, size, "%.0f", busy ? gpu->mem_used_mib : 1.0); break;
    case 1002: snprintf(buf, size, "%.3f", emu_gpu_prof_now(w, node, g).sm_active); break;
    case 1004: snprintf(buf, size, "%.3f", emu_gpu_prof_now(w, node, g).tensor_active); break;
    case 1005: snprintf(buf, size, "%.3f", emu_gpu_prof_now(w, node, g).dram_active); break;
    case 1011:
    case 1012:
        /* the step's NVLink bytes (gpu.h) over the step's time */
        snprintf(buf, size, "%.0f", busy && w->job.nominal_step_ms > 0
                                        ? emu_gpu_nvlink_step_bytes(w, node, g) / (w->job.nominal_step_ms / 1e3) / slow *
                                              (1 + 0.03 * emu_sample(w, "nvl", node, g * 2 + (id & 1)))
                                        : 0.0);
        break;
    default: snprintf(buf, size, "N/A"); break;
    }
}

static int dmon(emu_context *c, int argc, char **argv, emu_out *out)
{
    emu_world *w = c->world;
    const dfield *cols[32];
    int nc = 0, count = 5, delay_ms = 1000;
    const char *ids = NULL;
    bool list = false, have_e = false;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-l") || !strcmp(a, "--list"))
            list = true;
        else if ((!strcmp(a, "-e") || !strcmp(a, "--field-id")) && i + 1 < argc) {
            have_e = true;
            char buf[256];
            snprintf(buf, sizeof buf, "%s", argv[++i]);
            char *save = NULL;
            for (char *t = strtok_r(buf, ",", &save); t && nc < 32; t = strtok_r(NULL, ",", &save)) {
                int id = atoi(t);
                const dfield *f = NULL;
                for (int k = 0; k < N_DFIELDS; k++)
                    if (dfields[k].id == id)
                        f = &dfields[k];
                if (!f) {
                    emu_out_printf(out, "Error: Invalid field id %s. Use dcgmi dmon -l to list the "
                                        "field ids.\n",
                                   t);
                    return 1;
                }
                cols[nc++] = f;
            }
        } else if ((!strcmp(a, "-i") || !strcmp(a, "--gpu-id")) && i + 1 < argc)
            ids = argv[++i];
        else if ((!strcmp(a, "-c") || !strcmp(a, "--count")) && i + 1 < argc)
            count = atoi(argv[++i]);
        else if ((!strcmp(a, "-d") || !strcmp(a, "--delay")) && i + 1 < argc)
            delay_ms = atoi(argv[++i]);
        else {
            emu_out_printf(out, "Error: Invalid arguments. Usage: dcgmi dmon [-l] [-e FIELD_IDS] "
                                "[-i GPU_IDS] [-c COUNT] [-d DELAY_MS]\n");
            return 1;
        }
    }
    if (list) {
        emu_out_printf(out, "%-40s %-10s %s\n", "Long Name", "Short Name", "Field ID");
        for (int k = 0; k < N_DFIELDS; k++)
            emu_out_printf(out, "%-40s %-10s %d\n", dfields[k].name, dfields[k].tag, dfields[k].id);
        return 0;
    }
    if (!have_e || nc == 0 || count < 1 || count > 100 || delay_ms < 100) {
        emu_out_printf(out, "Error: Invalid arguments. Usage: dcgmi dmon [-l] [-e FIELD_IDS] [-i "
                            "GPU_IDS] [-c COUNT] [-d DELAY_MS]\n");
        return 1;
    }
    const emu_node *n = &w->nodes[c->node];
    bool sel[EMU_MAX_GPUS];
    for (int g = 0; g < n->n_gpus; g++)
        sel[g] = ids == NULL;
    if (ids) {
        char buf[128];
        snprintf(buf, sizeof buf, "%s", ids);
        char *save = NULL;
        for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
            char *end = NULL;
            long g = strtol(t, &end, 10);
            if (*end || g < 0 || g >= n->n_gpus) {
                emu_out_printf(out, "Error: Invalid GPU id %s\n", t);
                return 1;
            }
            sel[g] = true;
        }
    }
    emu_out_printf(out, "#Entity   ");
    for (int i = 0; i < nc; i++)
        emu_out_printf(out, "%-*s", cols[i]->width, cols[i]->tag);
    emu_out_printf(out, "\nID\n");
    for (int s = 0; s < count; s++) {
        if (s > 0)
            emu_world_advance(w, delay_ms / 1000.0);
        for (int g = 0; g < n->n_gpus; g++) {
            if (!sel[g])
                continue;
            char ent[16];
            snprintf(ent, sizeof ent, "GPU %d", g);
            emu_out_printf(out, "%-10s", ent);
            /* a GPU off the bus has no readings: DCGM reports the fields blank (N/A) */
            bool lost = emu_gpu_lost(w, c->node, g);
            for (int i = 0; i < nc; i++) {
                char v[32] = "N/A";
                if (!lost)
                    dvalue(w, c->node, g, cols[i]->id, v, sizeof v);
                emu_out_printf(out, "%-*s", cols[i]->width, v);
            }
            emu_out_printf(out, "\n");
        }
    }
    return 0;
}

static const char usage[] = "Usage: dcgmi diag -r 1|2|3 | dcgmi dmon [-l] [-e FIELD_IDS] [-i GPU_IDS] "
                            "[-c COUNT] [-d DELAY_MS]\n";

/* `dcgmi nvlink -s` (every link's state, GPUs then NVSwitches) and `dcgmi nvlink -e -g GPU` (a
 * GPU's NVLink error counters, the same counters nvidia-smi nvlink -e reads: gpu.h). */
static int cmd_nvlink(const emu_world *w, int node, int argc, char **argv, emu_out *out)
{
    const emu_node *n = &w->nodes[node];
    int gpu = -1;
    bool errors = false, status = false;
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "-s") || !strcmp(argv[i], "--link-status"))
            status = true;
        else if (!strcmp(argv[i], "-e") || !strcmp(argv[i], "--errors"))
            errors = true;
        else if (!strcmp(argv[i], "-g") && i + 1 < argc)
            gpu = atoi(argv[++i]);
    }
    if (status) {
        emu_out_printf(out, "+----------------------+\n|  NvLink Link Status  |\n+----------------------+\nGPUs:\n");
        for (int g = 0; g < n->n_gpus; g++) {
            emu_out_printf(out, "    gpuId %d:\n        ", g);
            for (int l = 0; l < w->spec->nvlinks; l++)
                emu_out_printf(out, "%s%c", l ? " " : "", emu_gpu_lost(w, node, g) ? 'D' : n->gpus[g].links[l].up ? 'U' : 'D');
            emu_out_printf(out, "\n");
        }
        emu_out_printf(out, "NvSwitches:\n");
        for (int s = 0; s < n->n_nvswitches; s++) {
            emu_out_printf(out, "    physicalId %d:\n        ", 0x18 + s);
            for (int l = 0; l < 64; l++) /* an NVSwitch 3 chip has 64 ports; the GPUs use some */
                emu_out_printf(out, "%s%c", l ? " " : "", l < n->n_gpus * w->spec->nvlinks / n->n_nvswitches ? 'U' : '_');
            emu_out_printf(out, "\n");
        }
        emu_out_printf(out, "\nKey: Up=U, Down=D, Disabled=X, Not Supported=_\n");
        return 0;
    }
    if (!errors || gpu < 0 || gpu >= n->n_gpus) {
        emu_out_printf(out, "Usage: dcgmi nvlink\n   dcgmi nvlink [--host <IP/FQDN>] -g <gpuId> [-e] [-j]\n"
                            "   dcgmi nvlink [--host <IP/FQDN>] -s\n");
        return 1;
    }
    emu_out_printf(out, "+-----------------------------+------------------------------------------------+\n"
                        "| GPU ID: %-19d | NVLINK Error Counts                            |\n"
                        "+-----------------------------+------------------------------------------------+\n", gpu);
    static const char *const names[] = {"CRC FLIT Error", "CRC Data Error", "Replay Error", "Recovery Error"};
    for (int l = 0; l < w->spec->nvlinks; l++) {
        uint64_t v[4] = {emu_nvlink_counter(w, node, gpu, l, 2), 0, emu_nvlink_counter(w, node, gpu, l, 0),
                         emu_nvlink_counter(w, node, gpu, l, 1)};
        for (int k = 0; k < 4; k++) {
            char link[24], cnt[64];
            snprintf(link, sizeof link, "Link %d", l);
            snprintf(cnt, sizeof cnt, "%-27s => %llu", names[k], (unsigned long long)v[k]);
            emu_out_printf(out, "| %-27s | %-46s |\n", link, cnt);
        }
    }
    emu_out_printf(out, "+-----------------------------+------------------------------------------------+\n");
    return 0;
}

static int cmd_dcgmi(emu_context *c, int argc, char **argv, emu_out *out)
{
    if (argc >= 2 && !strcmp(argv[1], "diag")) {
        int level = 0;
        for (int i = 2; i < argc; i++) {
            if ((!strcmp(argv[i], "-r") || !strcmp(argv[i], "--run")) && i + 1 < argc) {
                const char *r = argv[++i];
                level = !strcmp(r, "1") || !strcmp(r, "short") || !strcmp(r, "quick") ? 1
                        : !strcmp(r, "2") || !strcmp(r, "medium")                      ? 2
                        : !strcmp(r, "3") || !strcmp(r, "long")                        ? 3
                                                                                       : -1;
                if (level < 0) {
                    emu_out_printf(out, "Error: Invalid test run level '%s': use 1, 2 or 3 (short, "
                                        "medium, long).\n",
                                   r);
                    return 1;
                }
            } else {
                emu_out_printf(out, "Error: Invalid arguments.\n%s", usage);
                return 1;
            }
        }
        if (!level) {
            emu_out_printf(out, "Error: a run level is required (-r 1|2|3).\n%s", usage);
            return 1;
        }
        return diag(c, level, out);
    }
    if (argc >= 2 && !strcmp(argv[1], "nvlink"))
        return cmd_nvlink(c->world, c->node, argc, argv, out);
    if (argc >= 2 && !strcmp(argv[1], "dmon"))
        return dmon(c, argc, argv, out);
    if (argc >= 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
        emu_out_printf(out, "%s", usage);
        return 0;
    }
    emu_out_printf(out, "%s%s", argc >= 2 ? "Error: Invalid subcommand.\n" : "", usage);
    return argc >= 2 ? 1 : 0;
}

static const char *const dcgmi_flags[] = {"diag", "dmon", "nvlink", "-s", "-g", "-r", "-e", "-i", "-c", "-d", "-l", NULL};

const emu_command emu_cmd_dcgmi = {
    "dcgmi", cmd_dcgmi, "NVIDIA DCGM: GPU diagnostics and field monitoring",
    "usage: dcgmi diag -r 1|2|3\n"
    "       dcgmi dmon -e FIELD_IDS [-i GPU_IDS] [-c COUNT] [-d DELAY_MS] | dcgmi dmon -l\n"
    "  diag -r 1   deployment checks (seconds)\n"
    "  diag -r 2   adds PCIe/NVLink integration and GPU memory (about 2 minutes)\n"
    "  diag -r 3   adds the stress tests (about 15 minutes)\n"
    "  dmon -e     e.g. 100,150,155,203,240,241 (SMCLK TMPTR POWER GPUTL PVIOL TVIOL); -l lists\n",
    dcgmi_flags,
    .cost = EMU_COST_DCGMI
};
