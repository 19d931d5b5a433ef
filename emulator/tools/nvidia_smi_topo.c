/* nvidia_smi_topo.c: `nvidia-smi topo -m` (the GPU/NIC connection matrix with CPU and NUMA
 * affinity) and `nvidia-smi nvlink -s | -e | -c [-i N]`, from the node's PCIe switches, NUMA
 * layout, HCAs and NVLink state; nvidia_smi.c dispatches both subcommands here. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "full_only.h"
#include "nvidia_smi.h"
#include "out.h"
#include "model/gpu.h"
#include "model/rng.h"
#include "model/world.h"

/* ---- topo -m ----------------------------------------------------------------------------------------- */

/* The PCIe path between two devices, as topo -m names it: PIX behind one switch, NODE across host
 * bridges of one NUMA node, SYS across the socket interconnect. A device on the root complex
 * (switch -1) shares no switch with anyone but its own card's other port. */
static bool one_host_bridge; /* set per call: the node's CPUs have one host bridge per socket */

static const char *pcie_path(int sw_a, int numa_a, const char *bus_a, int sw_b, int numa_b, const char *bus_b)
{
    if (sw_a >= 0 && sw_a == sw_b)
        return "PIX";
    if (sw_a < 0 && sw_b < 0 && bus_a && bus_b && !strncmp(bus_a, bus_b, 7))
        return "PIX";
    return numa_a != numa_b ? "SYS" : one_host_bridge ? "PHB" : "NODE";
}

/* NVLinks between two GPUs. On an NVSwitch system each GPU's links all go to the switches, so a
 * pair connects over the links both have up (the weaker side bounds it), and without Fabric
 * Manager the links are not trained and the pair falls back to PCIe. On a cube-mesh or bridged
 * node the direct links between the two that are up. */
static int pair_links(const emu_world *w, int node, int a, int b)
{
    if (w->cluster.nvlink == EMU_NVLINK_SWITCH) {
        if (!w->nodes[node].fabric_manager_running)
            return 0;
        int la = emu_gpu_links_up(w, node, a), lb = emu_gpu_links_up(w, node, b);
        return la < lb ? la : lb;
    }
    int links = 0;
    for (int k = 0; k < w->spec->nvlinks; k++)
        links += w->layout.link_peer[a][k] == b && w->nodes[node].gpus[a].links[k].up;
    return links;
}

static const char topo_usage[] =
    "\n    topo -- Display topological information about the system.\n\n"
    "    Usage: nvidia-smi topo [options]\n\n"
    "    Options include:\n"
    "    [-m | --matrix]: Display the GPUDirect communication matrix for the system.\n"
    "    [-mp | --matrix_pci]: Display the GPUDirect communication matrix for the system (PCI Only).\n"
    "    [-p2p | --p2pstatus]: Display the P2P status between the GPUs, given a capability (r, w, n, a, p).\n"
    "    [-h | --help]: Display help information.\n\n";

static void topo_matrix(const emu_world *w, int node, bool pci_only, emu_out *out)
{
    const emu_node *n = &w->nodes[node];
    one_host_bridge = w->cluster.system && w->cluster.system->one_host_bridge;
    emu_out_printf(out, "\t");
    for (int g = 0; g < n->n_gpus; g++)
        emu_out_printf(out, "GPU%d\t", g);
    for (int i = 0; i < n->n_hcas; i++)
        emu_out_printf(out, "NIC%d\t", i);
    emu_out_printf(out, "CPU Affinity\tNUMA Affinity\tGPU NUMA ID\n");
    for (int a = 0; a < n->n_gpus; a++) {
        const emu_gpu *ga = &n->gpus[a];
        emu_out_printf(out, "GPU%d\t", a);
        for (int b = 0; b < n->n_gpus; b++) {
            if (a == b) {
                emu_out_printf(out, " X \t");
                continue;
            }
            int links = pci_only ? 0 : pair_links(w, node, a, b);
            if (links > 0)
                emu_out_printf(out, "NV%d\t", links);
            else
                emu_out_printf(out, "%s\t", pcie_path(ga->pcie_switch, ga->numa_node, NULL,
                                                      n->gpus[b].pcie_switch, n->gpus[b].numa_node, NULL));
        }
        for (int i = 0; i < n->n_hcas; i++)
            emu_out_printf(out, "%s\t", pcie_path(ga->pcie_switch, ga->numa_node, NULL, n->hcas[i].pcie_switch,
                                                  n->hcas[i].numa_node, NULL));
        int numa = ga->numa_node >= 0 && ga->numa_node < n->n_numa ? ga->numa_node : 0;
        emu_out_printf(out, "%s\t%d\t\tN/A\n", n->numa[numa].cpus, numa);
    }
    for (int i = 0; i < n->n_hcas; i++) {
        const emu_hca *h = &n->hcas[i];
        emu_out_printf(out, "NIC%d\t", i);
        for (int g = 0; g < n->n_gpus; g++)
            emu_out_printf(out, "%s\t", pcie_path(h->pcie_switch, h->numa_node, NULL, n->gpus[g].pcie_switch,
                                                  n->gpus[g].numa_node, NULL));
        for (int j = 0; j < n->n_hcas; j++) {
            if (i == j)
                emu_out_printf(out, " X %s", j == n->n_hcas - 1 ? "" : "\t");
            else
                emu_out_printf(out, "%s%s", pcie_path(h->pcie_switch, h->numa_node, h->bus_id, n->hcas[j].pcie_switch,
                                                      n->hcas[j].numa_node, n->hcas[j].bus_id),
                               j == n->n_hcas - 1 ? "" : "\t");
        }
        emu_out_printf(out, "\n");
    }
    /* the legend nvidia-smi prints under the matrix (tool-formats.md section 4) */
    emu_out_printf(out, "\nLegend:\n\n"
                        "  X    = Self\n"
                        "  SYS  = Connection traversing PCIe as well as the SMP interconnect between NUMA nodes (e.g., QPI/UPI)\n"
                        "  NODE = Connection traversing PCIe as well as the interconnect between PCIe Host Bridges within a NUMA node\n"
                        "  PHB  = Connection traversing PCIe as well as a PCIe Host Bridge (typically the CPU)\n"
                        "  PXB  = Connection traversing multiple PCIe bridges (without traversing the PCIe Host Bridge)\n"
                        "  PIX  = Connection traversing at most a single PCIe bridge\n");
    if (!pci_only)
        emu_out_printf(out, "  NV#  = Connection traversing a bonded set of # NVLinks\n");
    emu_out_printf(out, "\nNIC Legend:\n\n");
    for (int i = 0; i < n->n_hcas; i++)
        emu_out_printf(out, "  NIC%d: %s\n", i, n->hcas[i].name);
    emu_out_printf(out, "\n");
}

/* `nvidia-smi topo -p2p r|w|n|a|p`: what the driver allows between each pair (read, write,
 * NVLink, atomics, prop), from gpu.h's emu_gpu_p2p_status, with the tool's legend. */
static void topo_p2p(const emu_world *w, int node, char mode, emu_out *out)
{
    const emu_node *n = &w->nodes[node];
    emu_out_printf(out, " \t");
    for (int g = 0; g < n->n_gpus; g++)
        emu_out_printf(out, "GPU%d\t", g);
    emu_out_printf(out, "\n");
    for (int a = 0; a < n->n_gpus; a++) {
        emu_out_printf(out, " GPU%d\t", a);
        for (int b = 0; b < n->n_gpus; b++)
            emu_out_printf(out, "%s\t", emu_gpu_p2p_status(w, node, a, b, mode));
        emu_out_printf(out, "\n");
    }
    emu_out_printf(out, "\nLegend:\n\n  X    = Self\n  OK   = Status Ok\n  CNS  = Chipset not supported\n"
                        "  GNS  = GPU not supported\n  TNS  = Topology not supported\n  NS   = Not supported\n"
                        "  U    = Unknown\n");
}

int emu_nvidia_smi_topo(emu_context *context, int argc, char **argv, emu_out *out)
{
    bool matrix = false, pci_only = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-m") || !strcmp(a, "--matrix"))
            matrix = true;
        else if (!strcmp(a, "-mp") || !strcmp(a, "--matrix_pci"))
            matrix = pci_only = true;
        else if ((!strcmp(a, "-p2p") || !strcmp(a, "--p2pstatus")) && i + 1 < argc &&
                 strchr("rwnap", argv[i + 1][0]) && !argv[i + 1][1]) {
            topo_p2p(context->world, context->node, argv[i + 1][0], out);
            return 0;
        }
        else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            EMU_FULL_MODULE_ONLY(); /* the usage text is the full module's (full_only.h) */
            emu_out_write(out, topo_usage, sizeof topo_usage - 1);
            return 0;
        } else {
            emu_out_printf(out, "Invalid combination of input arguments. Please run 'nvidia-smi topo -h' for help.\n");
            return 2;
        }
    }
    if (!matrix) {
        EMU_FULL_MODULE_ONLY();
        emu_out_write(out, topo_usage, sizeof topo_usage - 1);
        return 0;
    }
    topo_matrix(context->world, context->node, pci_only, out);
    return 0;
}

/* ---- nvlink -------------------------------------------------------------------------------------------- */

static const char nvlink_usage[] =
    "\n    nvlink -- Display NvLink information.\n\n"
    "    Usage: nvidia-smi nvlink [options]\n\n"
    "    Options include:\n"
    "    [-h | --help]: Display help information\n"
    "    [-i | --id]: Enumeration index, PCI bus ID or UUID.\n"
    "    [-l | --link]: Limit a command to a specific link.  Without this flag, all link information is displayed.\n"
    "    [-s | --status]: Display link state (active/inactive).\n"
    "    [-c | --capabilities]: Display link capabilities.\n"
    "    [-p | --pcibusid]: Display remote node PCI bus ID for a link.\n"
    "    [-R | --remotelinkinfo]: Display remote device PCI bus ID and NvLink ID for a link.\n"
    "    [-e | --errorcounters]: Display error counters for links.\n"
    "    [-gt | --getthroughput]: Display link throughput counters for specified counter type\n"
    "       The arguments consist of character string representing the type of traffic counted:\n"
    "          d: Display tx and rx data payload in KiB\n"
    "          r: Display tx and rx data payload and protocol overhead in KiB if supported\n\n";

/* Where a GPU's link lands: a peer GPU's bus id and its link (cube mesh, bridge), or an NVSwitch
 * chip and its port. The links spread over the chips in order, the remainder to the first and
 * last (HGX H100: 5, 4, 4, 5 over four chips, the DGX H100 user guide; HGX A100: 2 on each of
 * six). The chips' addresses (PCI domains 8, 9 ...) follow the DGX A100 capture in
 * NVIDIA/go-nvml#166 ("Remote Device 00000008:00:00.0: Link 32"); the port numbering, GPU after
 * GPU on each chip, is a modelling choice. */
static void link_remote(const emu_world *w, int node, int gpu, int link, char *bus, size_t size, int *remote_link)
{
    const emu_node *n = &w->nodes[node];
    int peer = w->cluster.nvlink == EMU_NVLINK_SWITCH ? -1 : w->layout.link_peer[gpu][link];
    if (peer >= 0) {
        snprintf(bus, size, "%s", n->gpus[peer].bus_id);
        int k = 0; /* the peer's link back: the same ordinal among the pair's links */
        for (int l = 0; l < link; l++)
            k += w->layout.link_peer[gpu][l] == peer;
        *remote_link = 0;
        for (int l = 0; l < w->spec->nvlinks; l++)
            if (w->layout.link_peer[peer][l] == gpu && k-- == 0) {
                *remote_link = l;
                break;
            }
        return;
    }
    int chips = n->n_nvswitches > 0 ? n->n_nvswitches : 1, links = w->spec->nvlinks;
    int base = links / chips, extra = links % chips, first = 0, chip = 0, on_chip = base;
    for (chip = 0; chip < chips; chip++) {
        on_chip = base + ((chip == 0 || chip == chips - 1) && extra > 0 && (chip == 0 ? 1 : extra > 1) ? 1 : 0);
        if (link < first + on_chip)
            break;
        first += on_chip;
    }
    if (chip >= chips)
        chip = chips - 1;
    snprintf(bus, size, "%08X:00:00.0", 8 + chip);
    *remote_link = gpu * on_chip + (link - first);
}

static bool link_active(const emu_world *w, int node, int gpu, int link)
{
    return w->nodes[node].fabric_manager_running && w->nodes[node].gpus[gpu].links[link].up;
}

int emu_nvidia_smi_nvlink(emu_context *context, int argc, char **argv, emu_out *out)
{
    const emu_world *w = context->world;
    int node = context->node;
    const emu_node *n = &w->nodes[node];
    int mode = 0; /* 0 none, 1 status, 2 errors, 3 capabilities, 4 throughput (-gt d|r) */
    bool raw = false;
    int only_gpu = -1, only_link = -1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-s") || !strcmp(a, "--status"))
            mode = 1;
        else if (!strcmp(a, "-e") || !strcmp(a, "--errorcounters"))
            mode = 2;
        else if (!strcmp(a, "-c") || !strcmp(a, "--capabilities"))
            mode = 3;
        else if (!strcmp(a, "-p") || !strcmp(a, "--pcibusid"))
            mode = 5;
        else if (!strcmp(a, "-R") || !strcmp(a, "--remotelinkinfo"))
            mode = 6;
        else if ((!strcmp(a, "-gt") || !strcmp(a, "--getthroughput")) && i + 1 < argc &&
                 (!strcmp(argv[i + 1], "d") || !strcmp(argv[i + 1], "r"))) {
            mode = 4;
            raw = argv[++i][0] == 'r';
        }
        else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            EMU_FULL_MODULE_ONLY(); /* the usage text is the full module's (full_only.h) */
            emu_out_write(out, nvlink_usage, sizeof nvlink_usage - 1);
            return 0;
        } else if ((!strcmp(a, "-i") || !strcmp(a, "--id") || !strcmp(a, "-l") || !strcmp(a, "--link")) && i + 1 < argc) {
            char *end;
            long v = strtol(argv[i + 1], &end, 10);
            bool gpu = a[1] == 'i' || !strcmp(a, "--id");
            int limit = gpu ? n->n_gpus : w->spec->nvlinks;
            if (*end || v < 0 || v >= limit) {
                emu_out_printf(out, gpu ? "No devices were found matching \"%.32s\"\n" : "Invalid link \"%.32s\"\n", argv[i + 1]);
                return gpu ? 6 : 2;
            }
            if (gpu)
                only_gpu = (int)v;
            else
                only_link = (int)v;
            i++;
        } else {
            emu_out_printf(out, "Invalid combination of input arguments. Please run 'nvidia-smi nvlink -h' for help.\n");
            return 2;
        }
    }
    /* the labs' lines read the links' state (-s; -e beside it): the usage text, capabilities,
     * throughput and the far ends are the full module's (full_only.h) */
    if (mode == 0 || mode > 2)
        EMU_FULL_MODULE_ONLY();
    if (mode == 0) {
        emu_out_write(out, nvlink_usage, sizeof nvlink_usage - 1);
        return 0;
    }
    for (int g = 0; g < n->n_gpus; g++) {
        if (only_gpu >= 0 && g != only_gpu)
            continue;
        const emu_gpu *gpu = &n->gpus[g];
        emu_out_printf(out, "GPU %d: %s (UUID: %s)\n", g, w->spec->name, gpu->uuid);
        int active = 0;
        for (int l = 0; l < w->spec->nvlinks; l++)
            active += link_active(w, node, g, l);
        if (mode == 1 && active == 0 && only_link < 0) {
            emu_out_printf(out, "NVML: Unable to retrieve NVLink information as all links are inActive\n");
            continue;
        }
        for (int l = 0; l < w->spec->nvlinks; l++) {
            if (only_link >= 0 && l != only_link)
                continue;
            bool up = link_active(w, node, g, l);
            if (mode == 1) {
                if (up)
                    emu_out_printf(out, "\t Link %d: %g GB/s\n", l, w->spec->nvlink_gb_per_s);
                else
                    emu_out_printf(out, "\t Link %d: <inactive>\n", l);
            } else if (mode == 5 || mode == 6) {
                /* an inactive link answers nothing about its far end */
                char bus[24];
                int rl = 0;
                link_remote(w, node, g, l, bus, sizeof bus, &rl);
                if (!up)
                    emu_out_printf(out, "\t Link %d: <inactive>\n", l);
                else if (mode == 5)
                    emu_out_printf(out, "\t Link %d: %s\n", l, bus);
                else
                    emu_out_printf(out, "\t Link %d: Remote Device %s: Link %d\n", l, bus, rl);
            } else if (mode == 4) {
                /* the throughput counters in KiB since the driver loaded: the links share the
                 * GPU's traffic; raw counts the packets' headers too (a modelling choice of 6%) */
                int links = emu_gpu_links_up(w, node, g);
                double kib = up && links ? emu_gpu_nvlink_tx_bytes(w, node, g) / links / 1024 : 0;
                double f = raw ? 1.06 : 1.0;
                emu_out_printf(out, "\t Link %d: %s Tx: %.0f KiB\n", l, raw ? "Raw" : "Data", kib * f);
                emu_out_printf(out, "\t Link %d: %s Rx: %.0f KiB\n", l, raw ? "Raw" : "Data",
                               kib * f * (1 + 0.0004 * emu_sample_at(w, 0, "nvlrx", node, g * 64 + l)));
            } else if (mode == 2) {
                emu_out_printf(out, "\t Link %d: Replay Errors: %llu\n", l,
                               (unsigned long long)emu_nvlink_counter(w, node, g, l, 0));
                emu_out_printf(out, "\t Link %d: Recovery Errors: %llu\n", l,
                               (unsigned long long)emu_nvlink_counter(w, node, g, l, 1));
                emu_out_printf(out, "\t Link %d: CRC Errors: %llu\n", l,
                               (unsigned long long)emu_nvlink_counter(w, node, g, l, 2));
            } else {
                static const char *const caps[] = {"P2P is supported", "Access to system memory supported",
                                                   "P2P atomics supported", "System memory atomics supported",
                                                   "SLI is supported", "Link is supported"};
                for (size_t k = 0; k < sizeof caps / sizeof caps[0]; k++)
                    emu_out_printf(out, "\t Link %d, %s: %s\n", l, caps[k],
                                   up && k != 4 ? "true" : "false");
            }
        }
    }
    return 0;
}
