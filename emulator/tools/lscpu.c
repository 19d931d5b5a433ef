/* lscpu.c: `lscpu` (util-linux 2.39) from the node's system type (hardware.h: CPU model, sockets
 * as NUMA nodes, hardware threads) and its NUMA CPU lists. */
#include <stdio.h>
#include <string.h>

#include "out.h"
#include "tools.h"
#include "model/world.h"

static int cmd_lscpu(emu_context *c, int argc, char **argv, emu_out *out)
{
    (void)argv;
    const emu_world *w = c->world;
    const emu_node *n = &w->nodes[c->node];
    if (argc > 1) {
        emu_out_printf(out, "lscpu: this simulated lscpu prints the summary only\n");
        return 1;
    }
    const char *model = w->cluster.system && w->cluster.system->cpu_model ? w->cluster.system->cpu_model
                                                                          : "Intel(R) Xeon(R) Platinum 8480C";
    bool amd = strstr(model, "AMD") != NULL;
    int sockets = n->n_numa > 0 ? n->n_numa : 2, cores = n->n_cpus / 2 / sockets;
    emu_out_printf(out, "Architecture:            x86_64\n  CPU op-mode(s):        32-bit, 64-bit\n"
                        "  Address sizes:         %s\n  Byte Order:            Little Endian\n"
                        "CPU(s):                  %d\n  On-line CPU(s) list:   0-%d\n"
                        "Vendor ID:               %s\n  Model name:            %s\n"
                        "    Thread(s) per core:  2\n    Core(s) per socket:  %d\n    Socket(s):           %d\n",
                   amd ? "43 bits physical, 48 bits virtual" : "46 bits physical, 57 bits virtual",
                   n->n_cpus, n->n_cpus - 1, amd ? "AuthenticAMD" : "GenuineIntel", model, cores, sockets);
    emu_out_printf(out, "Virtualization features:\n  Virtualization:        %s\nNUMA:\n  NUMA node(s):          %d\n",
                   amd ? "AMD-V" : "VT-x", n->n_numa);
    for (int i = 0; i < n->n_numa; i++)
        emu_out_printf(out, "  NUMA node%d CPU(s):     %s\n", i, n->numa[i].cpus);
    return 0;
}

const emu_command emu_cmd_lscpu = {
    "lscpu", cmd_lscpu, "the node's CPUs: model, sockets, cores, NUMA nodes",
    "usage: lscpu\n  lscpu | grep -i numa gives the CPU lists topo -m calls CPU Affinity.\n",
    NULL, .cost = EMU_COST_TOOL
};
