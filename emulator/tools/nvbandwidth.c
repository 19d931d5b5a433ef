/* nvbandwidth.c: NVIDIA's `nvbandwidth [-t TESTCASE] [-l]` (v0.8): copy-engine bandwidth between
 * GPU pairs and between host and GPUs, from the node's links in the model (gpu.h's
 * emu_gpu_p2p_gb_per_s: NVLink, PCIe, or staged through host memory when P2P is off). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "out.h"
#include "tools.h"
#include "model/gpu.h"
#include "model/rng.h"
#include "model/world.h"

static const char *const tests[] = {
    "host_to_device_memcpy_ce", "device_to_host_memcpy_ce", "device_to_device_memcpy_read_ce",
    "device_to_device_memcpy_write_ce", "device_to_device_bidirectional_memcpy_read_ce",
};
/* each one's index in v0.8's list (nvbandwidth.cpp createTestcases; -t takes a name or an index) */
static const int test_index[] = {0, 1, 4, 5, 6};
#define N_TESTS 5

static void matrix(emu_world *w, int node, int t, emu_out *out)
{
    const emu_node *n = &w->nodes[node];
    int g = n->n_gpus;
    bool host = t < 2;
    /* PeerValueMatrix's operator<< (inline_common.h): two blanks, then each column id in 10 */
    emu_out_printf(out, "Running %s.\nmemcpy CE %s %s %s bandwidth (GB/s)\n  ", tests[t],
                   host ? "CPU(row)" : "GPU(row)", t == 1 ? "<-" : t == 4 ? "<->" : "->", "GPU(column)");
    for (int c = 0; c < g; c++)
        emu_out_printf(out, "%10d", c);
    emu_out_printf(out, "\n");
    double sum = 0;
    for (int r = 0; r < (host ? 1 : g); r++) {
        emu_out_printf(out, "%2d", r);
        for (int c = 0; c < g; c++) {
            if (!host && r == c) {
                emu_out_printf(out, "       N/A");
                continue;
            }
            double bw = host ? emu_gpu_host_copy_gb_per_s(w, node, c) * (t == 1 ? 1.02 : 1.0)
                             : emu_gpu_p2p_gb_per_s(w, node, t == 3 ? r : c, t == 3 ? c : r);
            if (t == 4) /* both directions share the copy engines: a little below one way */
                bw *= 0.97;
            bw *= 1 + 0.002 * emu_sample(w, "nvbw", r * 16 + c, t);
            sum += bw;
            emu_out_printf(out, "%10.2f", bw);
        }
        emu_out_printf(out, "\n");
    }
    emu_out_printf(out, "\nSUM %s %.2f\n\n", tests[t], sum);
}

static int cmd_nvbandwidth(emu_context *c, int argc, char **argv, emu_out *out)
{
    emu_world *w = c->world;
    const emu_node *n = &w->nodes[c->node];
    int only = -1;
    const char *missing = NULL; /* a -t name no test has */
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-l") || !strcmp(argv[i], "--list")) {
            for (int t = 0; t < N_TESTS; t++)
                emu_out_printf(out, "%d, %s\n", test_index[t], tests[t]);
            return 0;
        }
        if ((!strcmp(argv[i], "-t") || !strcmp(argv[i], "--testcase")) && i + 1 < argc) {
            const char *name = argv[++i];
            for (int t = 0; t < N_TESTS; t++)
                if (!strcmp(name, tests[t]) || (name[0] == '0' + test_index[t] && !name[1]))
                    only = t;
            if (only < 0)
                missing = name;
        } else {
            emu_out_printf(out, "ERROR: unrecognised option '%s'\n", argv[i]);
            return 1;
        }
    }
    emu_out_printf(out, "nvbandwidth Version: v0.8\nBuilt from Git version: v0.8\n\nCUDA Runtime "
                        "Version: 12080\nCUDA Driver Version: 12080\nDriver Version: %s\n\n",
                   w->driver_version);
    /* output.cpp printGPUs (single-node build): the host name, then each device as
     * getDeviceDisplayInfo writes it, its PCI domain, bus and device in lower-case hex
     * ("00000000:1b:00") */
    emu_out_printf(out, "%s\n", n->name);
    for (int g = 0; g < n->n_gpus; g++) {
        char *end;
        unsigned long domain = strtoul(n->gpus[g].bus_id, &end, 16);
        unsigned long bus = *end == ':' ? strtoul(end + 1, &end, 16) : 0;
        unsigned long dev = *end == ':' ? strtoul(end + 1, &end, 16) : 0;
        emu_out_printf(out, "Device %d: %s (%08lx:%02lx:%02lx)\n", g, w->spec->name, domain, bus, dev);
    }
    emu_out_printf(out, "\n");
    /* v0.8 looks the test up only when it runs it (nvbandwidth.cpp runTestcase): an unknown name
     * is reported after the device list, as "ERROR: " and findTestcase's message, and the run
     * still ends with the NOTE and status 0 */
    if (missing)
        emu_out_printf(out, "ERROR: Testcase %s not found!\n", missing);
    for (int t = 0; t < N_TESTS && !missing; t++)
        if (only < 0 || only == t) {
            matrix(w, c->node, t, out);
            emu_world_advance(w, 4); /* 3 trials of 16 copies per pair */
        }
    emu_out_printf(out, "NOTE: The reported results may not reflect the full capabilities of the "
                        "platform.\nPerformance can vary with software drivers, hardware clocks, and "
                        "system topology.\n\n");
    return 0;
}

const emu_command emu_cmd_nvbandwidth = {
    "nvbandwidth", cmd_nvbandwidth, "copy bandwidth between GPUs and between host and GPUs",
    "usage: nvbandwidth [-t TESTCASE] [-l]\n  e.g. nvbandwidth -t device_to_device_memcpy_read_ce: "
    "a pair far below its peers has lost NVLink or P2P.\n",
    NULL, .cost = EMU_COST_TOOL
};
