/* host_tools.c: `numactl --hardware` and `lspci` (-tv tree, plain list, -vvv -s BDF with link
 * status and ACS control) from the node's NUMA and PCIe topology in the model. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "out.h"
#include "tools.h"
#include "compat/numscan.h"
#include "model/host.h"
#include "model/repair.h"
#include "model/rng.h"
#include "model/world.h"

/* ---- numactl ---------------------------------------------------------------------------------------- */

/* Expands a CPU list ("0-55,112-167") into space-separated numbers. */
static void expand_cpus(const char *list, emu_out *out)
{
    const char *p = list;
    bool first = true;
    while (*p) {
        char *end;
        long a = strtol(p, &end, 10);
        if (end == p)
            break;
        long b = a;
        if (*end == '-') {
            const char *q = end + 1;
            b = strtol(q, &end, 10);
            if (end == q)
                b = a;
        }
        for (long v = a; v <= b && v - a < 4096; v++) {
            emu_out_printf(out, first ? "%ld" : " %ld", v);
            first = false;
        }
        p = *end == ',' ? end + 1 : end;
        if (*end != ',')
            break;
    }
}

static const char numactl_usage[] =
    "usage: numactl [--all | -a] [--interleave= | -i <nodes>] [--preferred= | -p <node>]\n"
    "               [--physcpubind= | -C <cpus>] [--cpunodebind= | -N <nodes>]\n"
    "               [--membind= | -m <nodes>] [--localalloc | -l] command args ...\n"
    "       numactl [--show | -s]\n"
    "       numactl [--hardware | -H]\n";

static int cmd_numactl(emu_context *c, int argc, char **argv, emu_out *out)
{
    const emu_world *w = c->world;
    const emu_node *n = &w->nodes[c->node];
    if (argc == 2 && (!strcmp(argv[1], "--hardware") || !strcmp(argv[1], "-H"))) {
        emu_out_printf(out, "available: %d nodes (0-%d)\n", n->n_numa, n->n_numa - 1);
        for (int i = 0; i < n->n_numa; i++) {
            const emu_numa *m = &n->numa[i];
            emu_out_printf(out, "node %d cpus: ", i);
            expand_cpus(m->cpus, out);
            emu_out_printf(out, "\n");
            emu_out_printf(out, "node %d size: %.0f MB\n", i, m->size_mb);
            emu_out_printf(out, "node %d free: %.0f MB\n", i, emu_numa_free_mib(w, c->node, i));
        }
        /* SLIT distances: 10 local, 21 across the socket interconnect (two-socket x86 servers) */
        emu_out_printf(out, "node distances:\nnode ");
        for (int j = 0; j < n->n_numa; j++)
            emu_out_printf(out, "  %d ", j);
        emu_out_printf(out, "\n");
        for (int i = 0; i < n->n_numa; i++) {
            emu_out_printf(out, "  %d: ", i);
            for (int j = 0; j < n->n_numa; j++)
                emu_out_printf(out, " %2d ", i == j ? 10 : 21);
            emu_out_printf(out, "\n");
        }
        return 0;
    }
    if (argc == 2 && (!strcmp(argv[1], "--show") || !strcmp(argv[1], "-s"))) {
        emu_out_printf(out, "policy: default\npreferred node: current\nphyscpubind: ");
        for (int i = 0; i < n->n_cpus; i++)
            emu_out_printf(out, i ? " %d" : "%d", i);
        emu_out_printf(out, "\ncpubind: 0 1\nnodebind: 0 1\nmembind: 0 1\npreferred:\n");
        return 0;
    }
    emu_out_write(out, numactl_usage, sizeof numactl_usage - 1);
    return 1;
}

/* ---- lspci ---------------------------------------------------------------------------------------- */

static unsigned hex_at(const char *s)
{
    return (unsigned)strtoul(s, NULL, 16);
}

/* A GPU's and an HCA's bus numbers ("00000000:1B:00.0" -> 0x1b; "0000:18:00.0" -> 0x18). */
static unsigned gpu_bus(const emu_gpu *g)
{
    const char *p = strchr(g->bus_id, ':');
    return p ? hex_at(p + 1) : 0;
}

static unsigned hca_bus(const emu_hca *h)
{
    const char *p = strchr(h->bus_id, ':');
    return p ? hex_at(p + 1) : 0;
}

/* The names lspci prints (the Linux PCI ID database's strings, hardware.c's catalogue). The
 * GPU's is written into the caller's buf: sessions run in parallel threads in the site build,
 * so no tool may keep a static buffer. */
#define GPU_PCI_NAME_BYTES 96
static const char *gpu_pci_name(const emu_world *w, char buf[GPU_PCI_NAME_BYTES])
{
    snprintf(buf, GPU_PCI_NAME_BYTES, "NVIDIA Corporation %s", w->spec->lspci_name);
    return buf;
}

static const char *hca_pci_name(const emu_hca *h) { return h->adapter->lspci_name; }

static const char *switch_name(const emu_world *w)
{
    return w->spec->pcie_gen >= 5   ? "Broadcom / LSI PEX890xx PCIe Gen 5 Switch"
           : w->spec->pcie_gen == 4 ? "Broadcom / LSI PEX88096 PCIe Gen 4 Switch"
                                    : "PLX Technology, Inc. PEX 8747 48-Lane, 5-Port PCI Express Gen 3 (8.0 GT/s) Switch";
}

/* The devices behind PCIe switch s: the GPU and the HCA(s) on it. */
static void switch_children(const emu_node *n, int s, int *gpus, int *n_gpus, int *hcas, int *n_hcas)
{
    *n_gpus = *n_hcas = 0;
    for (int g = 0; g < n->n_gpus; g++)
        if (n->gpus[g].pcie_switch == s)
            gpus[(*n_gpus)++] = g;
    for (int i = 0; i < n->n_hcas; i++)
        if (n->hcas[i].pcie_switch == s)
            hcas[(*n_hcas)++] = i;
}

/* The bus behind a switch's upstream port: the model's switch bus, or just below its lowest
 * child when a layout numbers a child lower (so every child falls inside the bridge's range). */
static unsigned switch_up_bus(const emu_node *n, int s)
{
    unsigned up = hex_at(n->switches[s].bus);
    int gpus[EMU_MAX_GPUS], hcas[EMU_MAX_HCAS], ng, nh;
    switch_children(n, s, gpus, &ng, hcas, &nh);
    for (int k = 0; k < ng; k++)
        if (gpu_bus(&n->gpus[gpus[k]]) <= up)
            up = gpu_bus(&n->gpus[gpus[k]]) - 1;
    for (int k = 0; k < nh; k++)
        if (hca_bus(&n->hcas[hcas[k]]) <= up)
            up = hca_bus(&n->hcas[hcas[k]]) - 1;
    return up < 3 ? 3 : up;
}

/* One root port's subtree, as lspci -t draws it: the root bus, then either the Ethernet card on
 * the root port or a PCIe switch with its HCA and GPU behind downstream ports. */
typedef struct pci_root {
    unsigned bus;
    int sw;          /* switch index, or -1 for the root-complex Ethernet card */
} pci_root;

static void lspci_tree(const emu_world *w, const emu_node *n, bool verbose, emu_out *out)
{
    pci_root roots[EMU_MAX_SWITCHES + 2];
    int nr = 0;
    for (int i = 0; i < n->n_hcas && nr == 0; i++)
        if (n->hcas[i].pcie_switch < 0)
            roots[nr++] = (pci_root){hca_bus(&n->hcas[i]) - 1, -1};
    for (int s = 0; s < n->n_switches && nr < EMU_MAX_SWITCHES + 2; s++)
        roots[nr++] = (pci_root){switch_up_bus(n, s) - 2, s};
    for (int i = 1; i < nr; i++) /* bus order, as lspci walks the domains */
        for (int j = i; j > 0 && roots[j].bus < roots[j - 1].bus; j--) {
            pci_root t = roots[j];
            roots[j] = roots[j - 1];
            roots[j - 1] = t;
        }
    emu_out_printf(out, "-+-[0000:00]-+-00.0%s\n", verbose ? "  Intel Corporation Device 09a2" : "");
    emu_out_printf(out, " |           \\-1f.0%s\n", verbose ? "  Intel Corporation Device 1b81" : "");
    for (int r = 0; r < nr; r++) {
        bool final = r == nr - 1;
        const char *lead = final ? " \\-" : " +-";
        const char *cont = final ? "   " : " | ";
        char head[96];
        if (roots[r].sw < 0) {
            unsigned bus = roots[r].bus + 1;
            int len = snprintf(head, sizeof head, "%s[0000:%02x]---01.0-[%02x]--", lead, roots[r].bus, bus);
            int ports = 0, shown = 0;
            for (int k = 0; k < n->n_hcas; k++)
                ports += n->hcas[k].pcie_switch < 0 && hca_bus(&n->hcas[k]) == bus;
            for (int k = 0; k < n->n_hcas; k++) {
                const emu_hca *e = &n->hcas[k];
                if (e->pcie_switch >= 0 || hca_bus(e) != bus)
                    continue;
                const char *fn = strrchr(e->bus_id, ':');
                fn = fn ? fn + 1 : "00.0";
                const char *branch = ports == 1 ? "--" : shown == 0 ? "+-" : shown == ports - 1 ? "\\-" : "+-";
                if (shown == 0)
                    emu_out_printf(out, "%s%s%s%s%s\n", head, branch, fn, verbose ? "  " : "", verbose ? hca_pci_name(e) : "");
                else
                    emu_out_printf(out, "%s%*s%s%s%s%s\n", cont, len - 3, "", branch, fn, verbose ? "  " : "",
                                   verbose ? hca_pci_name(e) : "");
                shown++;
            }
            continue;
        }
        int s = roots[r].sw;
        unsigned up = switch_up_bus(n, s);
        int gpus[EMU_MAX_GPUS], hcas[EMU_MAX_HCAS], ng, nh;
        switch_children(n, s, gpus, &ng, hcas, &nh);
        unsigned last = up + 1;
        for (int k = 0; k < ng; k++)
            last = gpu_bus(&n->gpus[gpus[k]]) > last ? gpu_bus(&n->gpus[gpus[k]]) : last;
        for (int k = 0; k < nh; k++)
            last = hca_bus(&n->hcas[hcas[k]]) > last ? hca_bus(&n->hcas[hcas[k]]) : last;
        int len = snprintf(head, sizeof head, "%s[0000:%02x]---01.0-[%02x-%02x]----00.0-[%02x-%02x]--", lead,
                           up - 2, up - 1, last, up, last);
        int children = ng + nh, idx = 0;
        if (children == 0)
            emu_out_printf(out, "%s\n", head);
        for (int k = 0; k < children; k++, idx++) {
            bool is_hca = k < nh;
            unsigned bus = is_hca ? hca_bus(&n->hcas[hcas[k]]) : gpu_bus(&n->gpus[gpus[k - nh]]);
            char gpu_name[GPU_PCI_NAME_BYTES];
            const char *name = is_hca ? hca_pci_name(&n->hcas[hcas[k]]) : gpu_pci_name(w, gpu_name);
            const char *branch = children == 1 ? "--" : idx == 0 ? "+-" : idx == children - 1 ? "\\-" : "+-";
            if (idx == 0)
                emu_out_printf(out, "%s", head);
            else
                emu_out_printf(out, "%s%*s", cont, len - 3, "");
            emu_out_printf(out, "%s%02x.0-[%02x]----00.0%s%s\n", branch, idx, bus, verbose ? "  " : "",
                           verbose ? name : "");
        }
    }
}

/* Every device as `lspci` lists it, in bus order would need sorting; the list goes switch by
 * switch, which is bus order on this layout. */
typedef struct pci_dev {
    unsigned bus, dev, fn;
    int kind;                 /* 0 GPU, 1 HCA, 2 switch upstream, 3 switch downstream */
    int index;                /* GPU, HCA or switch index */
    int port;                 /* downstream port number */
    unsigned secondary;       /* for bridges */
} pci_dev;

static int pci_devices(const emu_node *n, pci_dev *devs, int max)
{
    int k = 0;
    for (int i = 0; i < n->n_hcas && k < max; i++)
        if (n->hcas[i].pcie_switch < 0) {
            const char *fn = strrchr(n->hcas[i].bus_id, '.');
            devs[k++] = (pci_dev){hca_bus(&n->hcas[i]), 0, fn ? (unsigned)atoi(fn + 1) : 0, 1, i, 0, 0};
        }
    for (int s = 0; s < n->n_switches && k + 4 < max; s++) {
        unsigned up = switch_up_bus(n, s);
        int gpus[EMU_MAX_GPUS], hcas[EMU_MAX_HCAS], ng, nh;
        switch_children(n, s, gpus, &ng, hcas, &nh);
        devs[k++] = (pci_dev){up - 1, 0, 0, 2, s, 0, up};
        int port = 0;
        for (int j = 0; j < nh && k < max; j++, port++)
            devs[k++] = (pci_dev){up, (unsigned)port, 0, 3, s, port, hca_bus(&n->hcas[hcas[j]])};
        for (int j = 0; j < ng && k < max; j++, port++)
            devs[k++] = (pci_dev){up, (unsigned)port, 0, 3, s, port, gpu_bus(&n->gpus[gpus[j]])};
        for (int j = 0; j < nh && k < max; j++)
            devs[k++] = (pci_dev){hca_bus(&n->hcas[hcas[j]]), 0, 0, 1, hcas[j], 0, 0};
        for (int j = 0; j < ng && k < max; j++)
            devs[k++] = (pci_dev){gpu_bus(&n->gpus[gpus[j]]), 0, 0, 0, gpus[j], 0, 0};
    }
    return k;
}

static void pci_line(const emu_world *w, const emu_node *n, const pci_dev *d, emu_out *out)
{
    emu_out_printf(out, "%02x:%02x.%u ", d->bus, d->dev, d->fn);
    switch (d->kind) {
    case 0: {
        char gpu_name[GPU_PCI_NAME_BYTES];
        emu_out_printf(out, "3D controller: %s (rev a1)\n", gpu_pci_name(w, gpu_name));
        break;
    }
    case 1:
        emu_out_printf(out, "%s controller: %s\n", n->hcas[d->index].ethernet ? "Ethernet" : "Infiniband",
                       hca_pci_name(&n->hcas[d->index]));
        break;
    default:
        emu_out_printf(out, "PCI bridge: %s (rev b0)\n", switch_name(w));
        break;
    }
}

static void pci_verbose(const emu_world *w, const emu_node *n, const pci_dev *d, emu_out *out)
{
    pci_line(w, n, d, out);
    static const char *const gts[] = {"2.5GT/s", "5GT/s", "8GT/s", "16GT/s", "32GT/s", "64GT/s"};
    int gen = w->spec->pcie_gen, cap_gen = gen, width = 16, cap_width = 16;
    if (d->kind == 0)
        width = n->gpus[d->index].pcie_width > 0 ? n->gpus[d->index].pcie_width : 16;
    else if (d->kind == 1 && n->hcas[d->index].pcie_width > 0) { /* the adapter's link as trained */
        const emu_hca *h = &n->hcas[d->index];
        width = h->pcie_width, cap_width = h->pcie_max_width, gen = h->pcie_gen, cap_gen = h->pcie_max_gen;
    }
    gen = gen < 1 ? 1 : gen > 6 ? 6 : gen, cap_gen = cap_gen < 1 ? 1 : cap_gen > 6 ? 6 : cap_gen;
    const char *speed = gts[gen - 1];
    bool down = width < cap_width || gen < cap_gen;
    if (d->kind == 0) {
        emu_out_printf(out, "\tSubsystem: NVIDIA Corporation Device %s\n", w->spec->pcie_gen >= 5 ? "16c1" : "1463");
        emu_out_printf(out, "\tPhysical Slot: %d\n", 40 + d->index);
        emu_out_printf(out, "\tControl: I/O- Mem+ BusMaster+ SpecCycle- MemWINV- VGASnoop- ParErr+ Stepping- SERR+ FastB2B- DisINTx+\n");
        emu_out_printf(out, "\tNUMA node: %d\n", n->gpus[d->index].numa_node);
    } else if (d->kind == 1) {
        emu_out_printf(out, "\tSubsystem: Mellanox Technologies Device 0023\n");
        emu_out_printf(out, "\tControl: I/O- Mem+ BusMaster+ SpecCycle- MemWINV- VGASnoop- ParErr- Stepping- SERR- FastB2B- DisINTx+\n");
        emu_out_printf(out, "\tNUMA node: %d\n", n->hcas[d->index].numa_node);
    } else {
        emu_out_printf(out, "\tControl: I/O+ Mem+ BusMaster+ SpecCycle- MemWINV- VGASnoop- ParErr+ Stepping- SERR+ FastB2B- DisINTx+\n");
        emu_out_printf(out, "\tBus: primary=%02x, secondary=%02x, subordinate=%02x, sec-latency=0\n",
                       d->kind == 2 ? d->bus - 1 : d->bus, d->secondary, d->secondary);
        emu_out_printf(out, "\tNUMA node: %d\n", n->switches[d->index].numa_node);
    }
    const char *role = d->kind == 2 ? "Upstream Port" : d->kind == 3 ? "Downstream Port (Slot+)" : "Endpoint";
    emu_out_printf(out, "\tCapabilities: [60] Express (v2) %s, MSI 00\n", role);
    emu_out_printf(out, "\t\tLnkCap:\tPort #%d, Speed %s, Width x%d, ASPM not supported\n", d->kind == 3 ? d->port : 0,
                   gts[cap_gen - 1], cap_width);
    emu_out_printf(out, "\t\tLnkSta:\tSpeed %s, Width x%d%s\n", speed, width, down ? " (downgraded)" : "");
    if (d->kind == 3) {
        /* Access Control Services of the switch's downstream port (PCIe base spec 6.12): with
         * ReqRedir+/CmpltRedir+ peer-to-peer requests go up to the root complex and back */
        static const char *const bit[] = {"SrcValid", "TransBlk", "ReqRedir", "CmpltRedir", "UpstreamFwd",
                                          "EgressCtrl", "DirectTrans"};
        unsigned ctl = n->switches[d->index].acs_ctl;
        emu_out_printf(out, "\tCapabilities: [1d0 v1] Access Control Services\n");
        emu_out_printf(out, "\t\tACSCap:\tSrcValid+ TransBlk+ ReqRedir+ CmpltRedir+ UpstreamFwd+ EgressCtrl+ DirectTrans+\n");
        emu_out_printf(out, "\t\tACSCtl:");
        for (int b = 0; b < 7; b++)
            emu_out_printf(out, "%s%s%c", b ? " " : "\t", bit[b], (ctl >> b) & 1 ? '+' : '-');
        emu_out_printf(out, "\n");
    }
    emu_out_printf(out, "\tKernel driver in use: %s\n", d->kind == 0 ? "nvidia" : d->kind == 1 ? "mlx5_core" : "pcieport");
    if (d->kind <= 1)
        emu_out_printf(out, "\tKernel modules: %s\n", d->kind == 0 ? "nvidiafb, nouveau, nvidia_drm, nvidia" : "mlx5_core");
    emu_out_printf(out, "\n");
}

/* ---- setpci ------------------------------------------------------------------------------------ */

/* `setpci [-v] -s BDF ECAP_ACS+0x6.w[=VALUE]`: reads or writes the ACS Control register of a
 * PCIe switch's downstream port (the register lspci -vvv shows as ACSCtl: ReqRedir bit 2,
 * CmpltRedir bit 3); the usual fix for peer traffic forced through the root complex writes 0. */
static int cmd_setpci(emu_context *c, int argc, char **argv, emu_out *out)
{
    emu_world *w = c->world;
    const emu_node *n = &w->nodes[c->node];
    const char *sel = NULL, *op = NULL;
    bool verbose = false;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-s") && i + 1 < argc)
            sel = argv[++i];
        else if (!strcmp(argv[i], "-v"))
            verbose = true;
        else if (argv[i][0] != '-')
            op = argv[i];
    }
    if (!sel || !op) {
        emu_out_printf(out, "setpci: No operation specified\nUsage: setpci [<options>] (<device>+ "
                            "<reg>[=<values>]*)*\n");
        return 1;
    }
    if (strncasecmp(op, "ECAP_ACS+", 9) && strncasecmp(op, "ECAP0d+", 7)) {
        emu_out_printf(out, "setpci: this simulated setpci knows the ACS Control register only: "
                            "ECAP_ACS+0x6.w[=VALUE]\n");
        return 1;
    }
    const char *eq = strchr(op, '=');
    unsigned bus = 0, dev = 0, fn = 0;
    const char *b = strlen(sel) > 8 && sel[4] == ':' ? sel + 5 : sel;
    char *e1 = NULL, *e2 = NULL, *e3 = NULL;
    bus = (unsigned)strtoul(b, &e1, 16);
    if (*e1 == ':')
        dev = (unsigned)strtoul(e1 + 1, &e2, 16);
    if (e2 && *e2 == '.')
        fn = (unsigned)strtoul(e2 + 1, &e3, 16);
    if (!e3 || *e3 || e1 == b) {
        emu_out_printf(out, "setpci: -s: Invalid slot number\n");
        return 1;
    }
    pci_dev devs[96];
    int nd = pci_devices(n, devs, 96), found = -1;
    for (int k = 0; k < nd; k++)
        if (devs[k].bus == bus && devs[k].dev == dev && devs[k].fn == fn)
            found = k;
    if (found < 0) {
        emu_out_printf(out, "setpci: Warning: No devices selected for \"%s\".\n", op);
        return 0;
    }
    if (!c->root) {
        /* an ordinary user reads only the first 64 bytes of config space and cannot open it for
         * writing, so the extended capability is not found (pciutils lib/sysfs.c, lib/init.c,
         * setpci.c: a write opens config O_RDWR, a failed read reads as all ones) */
        if (eq)
            emu_out_printf(out, "pcilib: Cannot open /sys/bus/pci/devices/0000:%02x:%02x.%x/config\n", bus, dev, fn);
        emu_out_printf(out, "setpci: Capability ECAP_ACS not found\n");
        return 1;
    }
    if (devs[found].kind != 3) { /* endpoints and upstream ports here have no ACS capability */
        emu_out_printf(out, "setpci: Capability ECAP_ACS not found\n");
        return 1;
    }
    int sw = devs[found].index;
    if (!eq) {
        emu_out_printf(out, "%04x\n", n->switches[sw].acs_ctl);
        return 0;
    }
    unsigned value = (unsigned)strtoul(eq + 1, NULL, 16);
    if (verbose)
        emu_out_printf(out, "0000:%02x:%02x.%x @1d6 %04x\n", bus, dev, fn, value);
    emu_pcie_acs_write(w, c->node, sw, value);
    return 0;
}

static const char lspci_usage[] =
    "Usage: lspci [<switches>]\n\n"
    "Basic display modes:\n"
    "-t\t\tShow bus tree\n\n"
    "Display options:\n"
    "-v\t\tBe verbose (-vv or -vvv for higher verbosity)\n\n"
    "Selection of devices:\n"
    "-s [[[[<domain>]:]<bus>]:][<slot>][.[<func>]]\tShow only devices in selected slots\n";

static int cmd_lspci(emu_context *c, int argc, char **argv, emu_out *out)
{
    const emu_world *w = c->world;
    const emu_node *n = &w->nodes[c->node];
    bool tree = false;
    int verbose = 0;
    const char *slot = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help")) {
            emu_out_write(out, lspci_usage, sizeof lspci_usage - 1);
            return 0;
        }
        if (a[0] != '-' || !a[1]) {
            emu_out_printf(out, "lspci: Unknown argument '%.64s'\n", a);
            emu_out_write(out, lspci_usage, sizeof lspci_usage - 1);
            return 2;
        }
        for (const char *p = a + 1; *p; p++) {
            if (*p == 't')
                tree = true;
            else if (*p == 'v')
                verbose++;
            else if (*p == 'n' || *p == 'k' || *p == 'D' || *p == 'Q')
                continue;
            else if (*p == 's' && !p[1] && i + 1 < argc)
                slot = argv[++i];
            else if (*p == 's' && p[1]) {
                slot = p + 1;
                break;
            } else {
                emu_out_printf(out, "lspci: invalid option -- '%c'\n", *p);
                emu_out_write(out, lspci_usage, sizeof lspci_usage - 1);
                return 2;
            }
        }
    }
    if (tree) {
        lspci_tree(w, n, verbose > 0, out);
        return 0;
    }
    pci_dev devs[64];
    int nd = pci_devices(n, devs, 64);
    unsigned want_bus = 0, want_dev = 0, want_fn = 0;
    bool has_dev = false, has_fn = false;
    if (slot) {
        const char *s = slot;
        if (strlen(s) > 8 && s[4] == ':')
            s += 5; /* domain */
        char *end;
        want_bus = (unsigned)strtoul(s, &end, 16);
        if (end == s || (*end && *end != ':')) {
            emu_out_printf(out, "lspci: -s: Invalid slot number\n");
            return 2;
        }
        if (*end == ':') {
            const char *q = end + 1;
            if (*q) {
                want_dev = (unsigned)strtoul(q, &end, 16);
                has_dev = end != q;
                if (*end == '.') {
                    want_fn = (unsigned)strtoul(end + 1, &end, 16);
                    has_fn = true;
                }
                if (*end) {
                    emu_out_printf(out, "lspci: -s: Invalid slot number\n");
                    return 2;
                }
            }
        }
    }
    for (int k = 0; k < nd; k++) {
        const pci_dev *d = &devs[k];
        if (slot && (d->bus != want_bus || (has_dev && d->dev != want_dev) || (has_fn && d->fn != want_fn)))
            continue;
        if (verbose)
            pci_verbose(w, n, d, out);
        else
            pci_line(w, n, d, out);
    }
    return 0;
}

static const char *const numactl_flags[] = {"--hardware", "-H", "--show", NULL};
static const char *const lspci_flags[] = {"-tv", "-t", "-v", "-vvv", "-s", NULL};

const emu_command emu_cmd_numactl = {
    "numactl", cmd_numactl, "NUMA nodes: CPUs, memory size and free, distances",
    "usage: numactl --hardware | numactl --show\n"
    "  GPUs 0-3 and their NICs sit on NUMA node 0, GPUs 4-7 on node 1 (see nvidia-smi topo -m).\n",
    numactl_flags,
    .cost = EMU_COST_TOOL
};

const emu_command emu_cmd_lspci = {
    "lspci", cmd_lspci, "PCI devices: the tree of switches, GPUs and HCAs; link and ACS state",
    "usage: lspci [-t] [-v | -vvv] [-s BUS[:DEV[.FN]]]\n"
    "  -tv draws the tree: each GPU shares a PCIe switch with its rail NIC. -vvv -s 17:00.0 shows a\n"
    "  switch port's LnkSta and ACSCtl (ReqRedir+ CmpltRedir+ sends GPU peer traffic to the CPU).\n",
    lspci_flags,
    .cost = EMU_COST_TOOL
};

const emu_command emu_cmd_setpci = {
    "setpci", cmd_setpci, "read or write a PCIe register (here: a switch port's ACS control)",
    "usage: setpci [-v] -s BUS:DEV.FN ECAP_ACS+0x6.w[=VALUE]\n  Find the switch ports with "
    "lspci -vvv | grep -E '^[0-9a-f]|ACSCtl'; =0000 clears ACS redirection.\n",
    NULL, .cost = EMU_COST_TOOL
};
