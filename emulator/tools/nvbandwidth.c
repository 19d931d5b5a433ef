/* nvbandwidth.c: NVIDIA's `nvbandwidth [-t TESTCASE ...] [-l]` (v0.8): copy-engine bandwidth
 * between GPU pairs and between host and GPUs, from the node's links in the model (gpu.h's
 * emu_gpu_p2p_gb_per_s: NVLink, PCIe, or staged through host memory when P2P is off).
 * The layout is v0.8's (github.com/NVIDIA/nvbandwidth, tag v0.8): nvbandwidth.cpp (main,
 * createTestcases, findTestcase, runTestcase), output.cpp, inline_common.h (PeerValueMatrix),
 * testcase.h (keys and descriptions), testcases_ce.cpp (titles). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "out.h"
#include "tools.h"
#include "model/gpu.h"
#include "model/rng.h"
#include "model/world.h"

/* v0.8's testcases in createTestcases' order (a single-node build: the index -t takes), each with
 * its key and description as `-l` lists them (testcase.h). */
static const struct {
    const char *key, *desc;
} v08[] = {
    {"host_to_device_memcpy_ce",
     "\tHost to device CE memcpy using cuMemcpyAsync"},
    {"device_to_host_memcpy_ce",
     "\tDevice to host CE memcpy using cuMemcpyAsync"},
    {"host_to_device_bidirectional_memcpy_ce",
     "\tA host to device copy is measured while a device to host copy is run simultaneously.\n"
     "\tOnly the host to device copy bandwidth is reported."},
    {"device_to_host_bidirectional_memcpy_ce",
     "\tA device to host copy is measured while a host to device copy is run simultaneously.\n"
     "\tOnly the device to host copy bandwidth is reported."},
    {"device_to_device_memcpy_read_ce",
     "\tMeasures bandwidth of cuMemcpyAsync between each pair of accessible peers.\n"
     "\tRead tests launch a copy from the peer device to the target using the target's context."},
    {"device_to_device_memcpy_write_ce",
     "\tMeasures bandwidth of cuMemcpyAsync between each pair of accessible peers.\n"
     "\tWrite tests launch a copy from the target device to the peer using the target's context."},
    {"device_to_device_bidirectional_memcpy_read_ce",
     "\tMeasures bandwidth of cuMemcpyAsync between each pair of accessible peers.\n"
     "\tA copy in the opposite direction of the measured copy is run simultaneously but not measured.\n"
     "\tRead tests launch a copy from the peer device to the target using the target's context."},
    {"device_to_device_bidirectional_memcpy_write_ce",
     "\tMeasures bandwidth of cuMemcpyAsync between each pair of accessible peers.\n"
     "\tA copy in the opposite direction of the measured copy is run simultaneously but not measured.\n"
     "\tWrite tests launch a copy from the target device to the peer using the target's context."},
    {"all_to_host_memcpy_ce",
     "\tMeasures bandwidth of cuMemcpyAsync between a single device and the host while simultaneously\n"
     "\trunning copies from all other devices to the host."},
    {"all_to_host_bidirectional_memcpy_ce",
     "\tA device to host copy is measured while a host to device copy is run simultaneously.\n"
     "\tOnly the device to host copy bandwidth is reported.\n"
     "\tAll other devices generate simultaneous host to device and device to host interferring traffic."},
    {"host_to_all_memcpy_ce",
     "\tMeasures bandwidth of cuMemcpyAsync between the host to a single device while simultaneously\n"
     "\trunning copies from the host to all other devices."},
    {"host_to_all_bidirectional_memcpy_ce",
     "\tA host to device copy is measured while a device to host copy is run simultaneously.\n"
     "\tOnly the host to device copy bandwidth is reported.\n"
     "\tAll other devices generate simultaneous host to device and device to host interferring traffic."},
    {"all_to_one_write_ce",
     "\tMeasures the total bandwidth of copies from all accessible peers to a single device, for each\n"
     "\tdevice. Bandwidth is reported as the total inbound bandwidth for each device.\n"
     "\tWrite tests launch a copy from the target device to the peer using the target's context."},
    {"all_to_one_read_ce",
     "\tMeasures the total bandwidth of copies from all accessible peers to a single device, for each\n"
     "\tdevice. Bandwidth is reported as the total outbound bandwidth for each device.\n"
     "\tRead tests launch a copy from the peer device to the target using the target's context."},
    {"one_to_all_write_ce",
     "\tMeasures the total bandwidth of copies from a single device to all accessible peers, for each\n"
     "\tdevice. Bandwidth is reported as the total outbound bandwidth for each device.\n"
     "\tWrite tests launch a copy from the target device to the peer using the target's context."},
    {"one_to_all_read_ce",
     "\tMeasures the total bandwidth of copies from a single device to all accessible peers, for each\n"
     "\tdevice. Bandwidth is reported as the total inbound bandwidth for each device.\n"
     "\tRead tests launch a copy from the peer device to the target using the target's context."},
    {"host_to_device_memcpy_sm",
     "\tHost to device SM memcpy using a copy kernel"},
    {"device_to_host_memcpy_sm",
     "\tDevice to host SM memcpy using a copy kernel"},
    {"host_to_device_bidirectional_memcpy_sm",
     "\tA host to device copy is measured while a device to host copy is run simultaneously.\n"
     "\tOnly the host to device copy bandwidth is reported."},
    {"device_to_host_bidirectional_memcpy_sm",
     "\tA device to host copy is measured while a host to device copy is run simultaneously.\n"
     "\tOnly the device to host copy bandwidth is reported."},
    {"device_to_device_memcpy_read_sm",
     "\tMeasures bandwidth of a copy kernel between each pair of accessible peers.\n"
     "\tRead tests launch a copy from the peer device to the target using the target's context."},
    {"device_to_device_memcpy_write_sm",
     "\tMeasures bandwidth of a copy kernel between each pair of accessible peers.\n"
     "\tWrite tests launch a copy from the target device to the peer using the target's context."},
    {"device_to_device_bidirectional_memcpy_read_sm",
     "\tMeasures bandwidth of a copy kernel between each pair of accessible peers. Copies are run\n"
     "\tin both directions between each pair, and the sum is reported.\n"
     "\tRead tests launch a copy from the peer device to the target using the target's context."},
    {"device_to_device_bidirectional_memcpy_write_sm",
     "\tMeasures bandwidth of a copy kernel between each pair of accessible peers. Copies are run\n"
     "\tin both directions between each pair, and the sum is reported.\n"
     "\tWrite tests launch a copy from the target device to the peer using the target's context."},
    {"all_to_host_memcpy_sm",
     "\tMeasures bandwidth of a copy kernel between a single device and the host while simultaneously\n"
     "\trunning copies from all other devices to the host."},
    {"all_to_host_bidirectional_memcpy_sm",
     "\tA device to host bandwidth of a copy kernel is measured while a host to device copy is run simultaneously.\n"
     "\tOnly the device to host copy bandwidth is reported.\n"
     "\tAll other devices generate simultaneous host to device and device to host interferring traffic using copy kernels."},
    {"host_to_all_memcpy_sm",
     "\tMeasures bandwidth of a copy kernel between the host to a single device while simultaneously\n"
     "\trunning copies from the host to all other devices."},
    {"host_to_all_bidirectional_memcpy_sm",
     "\tA host to device bandwidth of a copy kernel is measured while a device to host copy is run simultaneously.\n"
     "\tOnly the host to device copy bandwidth is reported.\n"
     "\tAll other devices generate simultaneous host to device and device to host interferring traffic using copy kernels."},
    {"all_to_one_write_sm",
     "\tMeasures the total bandwidth of copies from all accessible peers to a single device, for each\n"
     "\tdevice. Bandwidth is reported as the total inbound bandwidth for each device.\n"
     "\tWrite tests launch a copy from the target device to the peer using the target's context."},
    {"all_to_one_read_sm",
     "\tMeasures the total bandwidth of copies from all accessible peers to a single device, for each\n"
     "\tdevice. Bandwidth is reported as the total outbound bandwidth for each device.\n"
     "\tRead tests launch a copy from the peer device to the target using the target's context."},
    {"one_to_all_write_sm",
     "\tMeasures the total bandwidth of copies from a single device to all accessible peers, for each\n"
     "\tdevice. Bandwidth is reported as the total outbound bandwidth for each device.\n"
     "\tWrite tests launch a copy from the target device to the peer using the target's context."},
    {"one_to_all_read_sm",
     "\tMeasures the total bandwidth of copies from a single device to all accessible peers, for each\n"
     "\tdevice. Bandwidth is reported as the total inbound bandwidth for each device.\n"
     "\tRead tests launch a copy from the peer device to the target using the target's context."},
    {"host_device_latency_sm",
     "\tHost - device access latency using a pointer chase kernel\n"
     "\tA 2MB buffer is allocated on the host and is accessed by the GPU"},
    {"device_to_device_latency_sm",
     "\tMeasures latency of a pointer derefernce operation between each pair of accessible peers.\n"
     "\tA 2MB buffer is allocated on a GPU and is accessed by the peer GPU to determine latency.\n"
     "\t--bufferSize flag is ignored"},
    {"device_local_copy",
     "\tMeasures bandwidth of cuMemcpyAsync between device buffers local to the GPU.\n"
     ""},
};
#define N_V08 ((int)(sizeof v08 / sizeof v08[0]))

/* The ones the emulator runs: the copy-engine tests between host and GPU and between GPU pairs
 * (indices 0, 1, 4, 5, 6); the others answer that they are not simulated. */
enum { T_H2D = 0, T_D2H = 1, T_D2D_READ = 4, T_D2D_WRITE = 5, T_D2D_BIDIR_READ = 6 };
static bool simulated(int t)
{
    return t == T_H2D || t == T_D2H || t == T_D2D_READ || t == T_D2D_WRITE || t == T_D2D_BIDIR_READ;
}

/* One cell of test t: the copy between row r and column c (dir 1: column to row, 2: row to
 * column), with its sample's noise; the bidirectional test's two copies share the copy engines,
 * a little below one way. */
static double cell_gb_per_s(emu_world *w, int node, int t, int r, int c, int dir)
{
    bool host = t == T_H2D || t == T_D2H;
    double bw = host ? emu_gpu_host_copy_gb_per_s(w, node, c) * (t == T_D2H ? 1.02 : 1.0)
                     : emu_gpu_p2p_gb_per_s(w, node, dir == 2 ? r : c, dir == 2 ? c : r);
    if (t == T_D2D_BIDIR_READ)
        bw *= 0.97;
    return bw * (1 + 0.002 * emu_sample(w, "nvbw", r * 16 + c, t * 4 + dir));
}

/* One PeerValueMatrix as addTestcaseResults prints it: the title, two blanks and each column id
 * in 10 (row ids in 2, `N/A` in 10, values std::fixed with 2 decimals), a blank line, `SUM KEY
 * VALUE`, and the blank line of addTestcaseResults' std::endl. dir: 1 read (column to row), 2
 * write or the reverse copy (row to column), 3 the bidirectional test's Total: Read1 + Read2 per
 * pair (testcases_ce.cpp), from the same samples as its two matrices. Prints to out. */
static void one_matrix(emu_world *w, int node, int t, const char *title, const char *key, int dir,
                       emu_out *out)
{
    const emu_node *n = &w->nodes[node];
    int g = n->n_gpus;
    bool host = t == T_H2D || t == T_D2H;
    emu_out_printf(out, "%s\n  ", title);
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
            double bw = dir == 3 ? cell_gb_per_s(w, node, t, r, c, 1) + cell_gb_per_s(w, node, t, r, c, 2)
                                 : cell_gb_per_s(w, node, t, r, c, dir);
            sum += bw;
            emu_out_printf(out, "%10.2f", bw);
        }
        emu_out_printf(out, "\n");
    }
    emu_out_printf(out, "\nSUM %s %.2f\n\n", key, sum);
}

/* runTestcase for one simulated test: `Running KEY.` and its matrices. */
static void run_test(emu_world *w, int node, int t, emu_out *out)
{
    const char *key = v08[t].key;
    emu_out_printf(out, "Running %s.\n", key);
    char k1[96], k2[96];
    switch (t) {
    case T_H2D:
        one_matrix(w, node, t, "memcpy CE CPU(row) -> GPU(column) bandwidth (GB/s)", key, 1, out);
        break;
    case T_D2H:
        one_matrix(w, node, t, "memcpy CE CPU(row) <- GPU(column) bandwidth (GB/s)", key, 1, out);
        break;
    case T_D2D_READ:
        one_matrix(w, node, t, "memcpy CE GPU(row) -> GPU(column) bandwidth (GB/s)", key, 1, out);
        break;
    case T_D2D_WRITE:
        one_matrix(w, node, t, "memcpy CE GPU(row) <- GPU(column) bandwidth (GB/s)", key, 2, out);
        break;
    case T_D2D_BIDIR_READ: /* Read1: the copy from the column's GPU to the row's; Read2: the other way */
        snprintf(k1, sizeof k1, "%s_read1", key);
        snprintf(k2, sizeof k2, "%s_read2", key);
        one_matrix(w, node, t, "memcpy CE GPU(row) <-> GPU(column) Read1 bandwidth (GB/s)", k1, 1, out);
        one_matrix(w, node, t, "memcpy CE GPU(row) <-> GPU(column) Read2 bandwidth (GB/s)", k2, 2, out);
        snprintf(k1, sizeof k1, "%s_total", key);
        one_matrix(w, node, t, "memcpy CE GPU(row) <-> GPU(column) Total bandwidth (GB/s)", k1, 3, out);
        break;
    }
    emu_world_advance(w, 4); /* 3 trials of 16 copies per pair */
}

/* findTestcase: a whole number is an index (out of bound outside 0..34), anything else a key.
 * Returns the index, or -1 with v0.8's message in msg. */
static int find_test(const char *id, char *msg, size_t size)
{
    char *end;
    long index = strtol(id, &end, 10);
    if (!*end) {
        if (index < 0 || index >= N_V08) {
            snprintf(msg, size, "Testcase index %s out of bound!", id);
            return -1;
        }
        return (int)index;
    }
    for (int t = 0; t < N_V08; t++)
        if (!strcmp(id, v08[t].key))
            return t;
    snprintf(msg, size, "Testcase %s not found!", id);
    return -1;
}

#define MAX_REQUESTS 16

static int cmd_nvbandwidth(emu_context *c, int argc, char **argv, emu_out *out)
{
    emu_world *w = c->world;
    const emu_node *n = &w->nodes[c->node];
    const char *requested[MAX_REQUESTS];
    int n_req = 0;
    bool list = false;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-l") || !strcmp(argv[i], "--list")) {
            list = true;
        } else if (!strcmp(argv[i], "-t") || !strcmp(argv[i], "--testcase")) {
            /* multitoken: every word up to the next option */
            while (i + 1 < argc && argv[i + 1][0] != '-' && n_req < MAX_REQUESTS)
                requested[n_req++] = argv[++i];
        } else {
            emu_out_printf(out, "ERROR: unrecognised option '%s'\n", argv[i]);
            return 1;
        }
    }
    /* main(): addVersionInfo first, then -l lists the testcases (Output::listTestcases) */
    emu_out_printf(out, "nvbandwidth Version: v0.8\nBuilt from Git version: v0.8\n\n");
    if (list) {
        emu_out_printf(out, "Index, Name:\n\tDescription\n=======================\n");
        for (int t = 0; t < N_V08; t++)
            emu_out_printf(out, "%d, %s:\n%s\n\n", t, v08[t].key, v08[t].desc);
        return 0;
    }
    emu_out_printf(out, "CUDA Runtime Version: 12080\nCUDA Driver Version: 12080\nDriver Version: %s\n\n",
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
    /* runTestcase looks each test up as it runs it: an unknown one prints "ERROR: " and
     * findTestcase's message, and the run goes on, ending with the NOTE and status 0. Without
     * -t v0.8 runs all 35; the emulator runs the five it simulates and says so for the others. */
    if (n_req == 0) {
        for (int t = 0; t < N_V08; t++)
            if (simulated(t))
                run_test(w, c->node, t, out);
    }
    for (int k = 0; k < n_req; k++) {
        char msg[160];
        int t = find_test(requested[k], msg, sizeof msg);
        if (t < 0)
            emu_out_printf(out, "ERROR: %s\n", msg);
        else if (!simulated(t))
            emu_out_printf(out, "%s: not simulated in this lab (the emulator runs tests 0, 1, 4, 5 "
                                "and 6; type help)\n", v08[t].key);
        else
            run_test(w, c->node, t, out);
    }
    emu_out_printf(out, "NOTE: The reported results may not reflect the full capabilities of the "
                        "platform.\nPerformance can vary with software drivers, hardware clocks, and "
                        "system topology.\n\n");
    return 0;
}

const emu_command emu_cmd_nvbandwidth = {
    "nvbandwidth", cmd_nvbandwidth, "copy bandwidth between GPUs and between host and GPUs",
    "usage: nvbandwidth [-t TESTCASE ...] [-l]\n  e.g. nvbandwidth -t device_to_device_memcpy_read_ce: "
    "a pair far below its peers has lost NVLink or P2P.\n  Simulated: the copy-engine tests 0, 1, 4, 5 "
    "and 6 (host to device, device to host, and device to device read, write and bidirectional read);\n"
    "  without -t the emulator runs those five, where v0.8 runs all 35 of `nvbandwidth -l`.\n",
    NULL, .cost = EMU_COST_TOOL
};
