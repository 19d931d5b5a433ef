/* nvidia_smi_topo.c: `nvidia-smi topo -m` (GPU/NIC matrix with CPU and NUMA affinity and the
 * legends) and `nvidia-smi nvlink -s | -e | -c` from the node's layout and link state
 * (tool-formats.md sections 4 and 5). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "nvidia_smi.h"

/* The topo -m relation between two PCIe endpoints: PIX under one switch, NODE within a NUMA
 * node, SYS across the socket interconnect. */
static const char *pcie_rel(int switch_a, int numa_a, int switch_b, int numa_b)
{
    if (switch_a >= 0 && switch_a == switch_b)
        return "PIX";
    return numa_a == numa_b ? "NODE" : "SYS";
}

static int cmd_topo(emu_context *c, int argc, char **argv, emu_out *out)
{
    bool matrix = false;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-m") || !strcmp(argv[i], "--matrix"))
            matrix = true;
        else {
            emu_out_printf(out, "Invalid combination of input arguments. Please run 'nvidia-smi "
                                "-h' for help.\n");
            return 2;
        }
    }
    if (!matrix) {
        emu_out_printf(out, "usage: nvidia-smi topo -m\n  -m, --matrix  the GPU and NIC "
                            "connectivity matrix of this node\n");
        return 2;
    }
    const emu_world *w = c->world;
    const emu_node *n = &w->nodes[c->node];
    emu_out_printf(out, "\t");
    for (int g = 0; g < n->n_gpus; g++)
        emu_out_printf(out, "GPU%d\t", g);
    for (int h = 0; h < n->n_hcas; h++)
        emu_out_printf(out, "NIC%d\t", h);
    emu_out_printf(out, "CPU Affinity\tNUMA Affinity\tGPU NUMA ID\n");
    for (int g = 0; g < n->n_gpus; g++) {
        const emu_gpu *a = &n->gpus[g];
        emu_out_printf(out, "GPU%d\t", g);
        for (int k = 0; k < n->n_gpus; k++) {
            if (k == g) {
                emu_out_printf(out, " X \t");
                continue;
            }
            int up_a = emu_gpu_links_up(w, c->node, g), up_b = emu_gpu_links_up(w, c->node, k);
            int up = up_a < up_b ? up_a : up_b;
            if (up > 0)
                emu_out_printf(out, "NV%d\t", up);
            else
                emu_out_printf(out, "%s\t", pcie_rel(a->pcie_switch, a->numa_node,
                                                     n->gpus[k].pcie_switch, n->gpus[k].numa_node));
        }
        for (int h = 0; h < n->n_hcas; h++)
            emu_out_printf(out, "%s\t", pcie_rel(a->pcie_switch, a->numa_node,
                                                 n->hcas[h].pcie_switch, n->hcas[h].numa_node));
        emu_out_printf(out, "%s\t%d\t\tN/A\n", n->numa[a->numa_node].cpus, a->numa_node);
    }
    for (int h = 0; h < n->n_hcas; h++) {
        const emu_hca *a = &n->hcas[h];
        emu_out_printf(out, "NIC%d\t", h);
        for (int g = 0; g < n->n_gpus; g++)
            emu_out_printf(out, "%s\t", pcie_rel(a->pcie_switch, a->numa_node,
                                                 n->gpus[g].pcie_switch, n->gpus[g].numa_node));
        for (int k = 0; k < n->n_hcas; k++) {
            if (k == h)
                emu_out_printf(out, " X %s", k + 1 < n->n_hcas ? "\t" : "");
            else {
                /* the two ports of one adapter share its bus */
                bool same_card = !strncmp(a->bus_id, n->hcas[k].bus_id, 10);
                emu_out_printf(out, "%s%s", same_card ? "PIX" : pcie_rel(a->pcie_switch, a->numa_node,
                                                                      n->hcas[k].pcie_switch,
                                                                      n->hcas[k].numa_node),
                               k + 1 < n->n_hcas ? "\t" : "");
            }
        }
        emu_out_printf(out, "\n");
    }
    emu_out_printf(out, "\nLegend:\n\n"
                        "  X    = Self\n"
                        "  SYS  = Connection traversing PCIe as well as the SMP interconnect between NUMA nodes (e.g., QPI/UPI)\n"
                        "  NODE = Connection traversing PCIe as well as the interconnect between PCIe Host Bridges within a NUMA node\n"
                        "  PHB  = Connection traversing PCIe as well as a PCIe Host Bridge (typically the CPU)\n"
                        "  PXB  = Connection traversing multiple PCIe bridges (without traversing the PCIe Host Bridge)\n"
                        "  PIX  = Connection traversing at most a single PCIe bridge\n"
                        "  NV#  = Connection traversing a bonded set of # NVLinks\n\n"
                        "NIC Legend:\n\n");
    for (int h = 0; h < n->n_hcas; h++)
        emu_out_printf(out, "  NIC%d: %s\n", h, n->hcas[h].name);
    emu_out_printf(out, "\n");
    return 0;
}

static int cmd_nvlink(emu_context *c, int argc, char **argv, emu_out *out)
{
    const emu_world *w = c->world;
    const emu_node *n = &w->nodes[c->node];
    char mode = 0;
    int only = -1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-s") || !strcmp(a, "--status"))
            mode = 's';
        else if (!strcmp(a, "-e") || !strcmp(a, "--error-counters"))
            mode = 'e';
        else if (!strcmp(a, "-c") || !strcmp(a, "--capabilities"))
            mode = 'c';
        else if ((!strcmp(a, "-i") || !strcmp(a, "--id")) && i + 1 < argc) {
            char *end = NULL;
            long v = strtol(argv[++i], &end, 10);
            if (*end || v < 0 || v >= n->n_gpus) {
                emu_out_printf(out, "No devices were found\n");
                return 6;
            }
            only = (int)v;
        } else {
            emu_out_printf(out, "Invalid combination of input arguments. Please run 'nvidia-smi "
                                "-h' for help.\n");
            return 2;
        }
    }
    if (!mode) {
        emu_out_printf(out, "usage: nvidia-smi nvlink -s | -e | -c [-i ID]\n"
                            "  -s  link state and speed\n  -e  error counters (replay, recovery, "
                            "CRC)\n  -c  capabilities\n");
        return 2;
    }
    for (int g = 0; g < n->n_gpus; g++) {
        if (only >= 0 && g != only)
            continue;
        emu_out_printf(out, "GPU %d: %s (UUID: %s)\n", g, w->spec->name, n->gpus[g].uuid);
        if (mode == 's' && emu_gpu_links_up(w, c->node, g) == 0) {
            emu_out_printf(out, "NVML: Unable to retrieve NVLink information as all links are inActive\n");
            continue;
        }
        for (int l = 0; l < w->spec->nvlinks; l++) {
            const emu_nvlink *link = &n->gpus[g].links[l];
            if (mode == 's') {
                if (link->up)
                    emu_out_printf(out, "\t Link %d: %.3f GB/s\n", l, w->spec->nvlink_gb_per_s);
                else
                    emu_out_printf(out, "\t Link %d: <inactive>\n", l);
            } else if (mode == 'e') {
                emu_out_printf(out, "\t Link %d: Replay Errors: %llu\n", l,
                               (unsigned long long)emu_nvlink_counter(w, c->node, g, l, 0));
                emu_out_printf(out, "\t Link %d: Recovery Errors: %llu\n", l,
                               (unsigned long long)emu_nvlink_counter(w, c->node, g, l, 1));
                emu_out_printf(out, "\t Link %d: CRC Errors: %llu\n", l,
                               (unsigned long long)emu_nvlink_counter(w, c->node, g, l, 2));
            } else {
                const char *v = link->up ? "true" : "false";
                emu_out_printf(out, "\t Link %d, P2P is supported: %s\n", l, v);
                emu_out_printf(out, "\t Link %d, Access to system memory supported: %s\n", l, v);
                emu_out_printf(out, "\t Link %d, P2P atomics supported: %s\n", l, v);
                emu_out_printf(out, "\t Link %d, System memory atomics supported: %s\n", l, v);
                emu_out_printf(out, "\t Link %d, SLI is supported: false\n", l);
                emu_out_printf(out, "\t Link %d, Link is supported: %s\n", l, v);
            }
        }
    }
    return 0;
}

int emu_nvidia_smi_topo(emu_context *context, int argc, char **argv, emu_out *out)
{
    return cmd_topo(context, argc, argv, out);
}

int emu_nvidia_smi_nvlink(emu_context *context, int argc, char **argv, emu_out *out)
{
    return cmd_nvlink(context, argc, argv, out);
}
