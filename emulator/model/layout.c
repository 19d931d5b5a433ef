/* layout.c: the node a cluster description implies (layout.h). A DGX H100-style node (and the
 * HGX H200 and DGX B200 boards that share its layout) keeps the bus addresses and adapter names
 * of a real DGX H100 (tool-formats.md sections 4 and 9); every other shape is laid out the way
 * PCIe enumeration lays out a real one: PCIe switches in order of their NUMA node, each with its
 * adapter cards and GPUs on the buses behind it, the front-end card on a root port after NUMA
 * node 0's switches, and the kernel's mlx5_N names in bus order. */
#include <stdio.h>
#include <string.h>

#include "layout.h"

/* DGX H100 (tool-formats.md section 9): compute ports mlx5_0,3,4,5,6,9,10,11 one per GPU under
 * the GPU's PCIe switch, the dual-port Ethernet card mlx5_1/mlx5_2 on a root port of NUMA 0. */
static const struct {
    const char *name, *netdev, *bus;
    int rail;
} dgx_h100_hcas[] = {
    {"mlx5_0", "ibp24s0", "0000:18:00.0", 0},        {"mlx5_1", "enp41s0f0np0", "0000:29:00.0", -1},
    {"mlx5_2", "enp41s0f1np1", "0000:29:00.1", -1},  {"mlx5_3", "ibp64s0", "0000:40:00.0", 1},
    {"mlx5_4", "ibp79s0", "0000:4f:00.0", 2},        {"mlx5_5", "ibp94s0", "0000:5e:00.0", 3},
    {"mlx5_6", "ibp154s0", "0000:9a:00.0", 4},       {"mlx5_9", "ibp192s0", "0000:c0:00.0", 5},
    {"mlx5_10", "ibp206s0", "0000:ce:00.0", 6},      {"mlx5_11", "ibp220s0", "0000:dc:00.0", 7},
};
static const char *const dgx_h100_gpu_bus[8] = {"1B", "43", "52", "61", "9D", "C3", "D1", "DF"};
static const char *const dgx_h100_switch_bus[8] = {"17", "3f", "4e", "5d", "99", "bf", "cd", "db"};
/* DGX A100's GPU buses (its nvidia-smi captures in tool-formats.md section 1). */
static const char *const dgx_a100_gpu_bus[8] = {"07", "0F", "47", "4E", "87", "90", "B7", "BD"};

static bool dgx_h100_shape(const emu_cluster_desc *c)
{
    return c->system && c->system->nvlink == EMU_NVLINK_SWITCH && c->system->gpus_per_switch == 1 &&
           c->gpus_per_node == 8 && c->compute_hcas == 8 && c->hca_ports_per_card == 1 &&
           c->n_switches == 0 && !c->roce;
}

static void nvlink_peers(const emu_cluster_desc *c, emu_layout *l)
{
    int n = l->n_gpus, links = c->gpu->nvlinks;
    memset(l->pair_links, 0, sizeof l->pair_links);
    memset(l->link_peer, -1, sizeof l->link_peer);
    for (int a = 0; a < n; a++) {
        int next = 0;
        for (int b = 0; b < n; b++) {
            if (a == b)
                continue;
            int k = c->nvlink == EMU_NVLINK_SWITCH        ? links
                    : c->nvlink == EMU_NVLINK_CUBE_MESH   ? emu_cube_mesh_links(a, b)
                    : c->nvlink == EMU_NVLINK_BRIDGE_PAIRS ? ((a ^ 1) == b ? links : 0)
                                                           : 0;
            l->pair_links[a][b] = k;
            if (c->nvlink != EMU_NVLINK_SWITCH)
                for (int i = 0; i < k && next < links; i++)
                    l->link_peer[a][next++] = (signed char)b;
        }
    }
}

static void hca_netdev(emu_layout_hca *h, unsigned bus, bool dual)
{
    if (!h->ethernet)
        snprintf(h->netdev, sizeof h->netdev, dual ? "ibp%us0f%d" : "ibp%us0", bus, h->port);
    else if (dual)
        snprintf(h->netdev, sizeof h->netdev, "enp%us0f%dnp%d", bus, h->port, h->port);
    else
        snprintf(h->netdev, sizeof h->netdev, "enp%us0np0", bus);
}

static void layout_dgx_h100(const emu_cluster_desc *c, emu_layout *l)
{
    const char *const *gpu_bus = c->gpu->arch == EMU_ARCH_AMPERE ? dgx_a100_gpu_bus : dgx_h100_gpu_bus;
    l->n_switches = 8;
    for (int s = 0; s < 8; s++) {
        snprintf(l->switches[s].bus, sizeof l->switches[s].bus, "%s", dgx_h100_switch_bus[s]);
        l->switches[s].numa = s / 4;
    }
    l->n_gpus = 8;
    for (int g = 0; g < 8; g++) {
        snprintf(l->gpus[g].bus, sizeof l->gpus[g].bus, "%s", gpu_bus[g]);
        l->gpus[g].pcie_switch = g;
        l->gpus[g].numa = g / 4;
    }
    l->n_hcas = 10;
    for (int i = 0; i < 10; i++) {
        emu_layout_hca *h = &l->hcas[i];
        snprintf(h->name, sizeof h->name, "%s", dgx_h100_hcas[i].name);
        snprintf(h->netdev, sizeof h->netdev, "%s", dgx_h100_hcas[i].netdev);
        snprintf(h->bus_id, sizeof h->bus_id, "%s", dgx_h100_hcas[i].bus);
        h->rail = dgx_h100_hcas[i].rail;
        h->compute = h->rail >= 0;
        h->ethernet = !h->compute;
        h->card = h->compute ? h->rail : -1;
        h->port = h->compute ? 0 : i - 1;
        h->pcie_switch = h->compute ? h->rail : -1;
        h->numa = h->compute ? h->rail / 4 : 0;
        h->rate_gbit_per_s = h->compute ? c->hca_rate_gbit_per_s : 100;
        h->width = h->compute ? c->hca_width : 4;
        h->adapter = h->compute ? emu_hca_spec_for_rate(c->hca_rate_gbit_per_s) : emu_hca_spec_frontend();
    }
}

/* The default PCIe tree of a system: gpus_per_switch GPUs behind each switch, the adapter cards
 * spread evenly over the switches, switches split evenly over the NUMA nodes. */
static void default_switches(const emu_cluster_desc *c, emu_pcie_switch_desc *sw, int *n_sw)
{
    int per = c->system && c->system->gpus_per_switch > 0 ? c->system->gpus_per_switch : 2;
    int cards = (c->compute_hcas + c->hca_ports_per_card - 1) / c->hca_ports_per_card;
    int n = (c->gpus_per_node + per - 1) / per;
    if (n < 1)
        n = 1;
    if (n > EMU_MAX_SWITCHES)
        n = EMU_MAX_SWITCHES;
    memset(sw, 0, sizeof *sw * (size_t)n);
    for (int s = 0; s < n; s++)
        sw[s].numa = s * c->numa_nodes / n;
    for (int g = 0; g < c->gpus_per_node; g++) {
        emu_pcie_switch_desc *d = &sw[g / per < n ? g / per : n - 1];
        d->gpus[d->n_gpus++] = g;
    }
    for (int k = 0; k < cards; k++) {
        emu_pcie_switch_desc *d = &sw[k * n / cards];
        d->cards[d->n_cards++] = k;
    }
    *n_sw = n;
}

void emu_layout_make(const emu_cluster_desc *c, emu_layout *l)
{
    memset(l, 0, sizeof *l);
    l->n_numa = c->numa_nodes;
    if (dgx_h100_shape(c)) {
        layout_dgx_h100(c, l);
        nvlink_peers(c, l);
        return;
    }
    emu_pcie_switch_desc sw[EMU_MAX_SWITCHES];
    int n_sw = c->n_switches;
    if (n_sw > 0)
        memcpy(sw, c->switches, sizeof sw[0] * (size_t)n_sw);
    else
        default_switches(c, sw, &n_sw);
    int cards = (c->compute_hcas + c->hca_ports_per_card - 1) / c->hca_ports_per_card;
    int step = (0xd0 / (n_sw + 1)) & ~7;
    step = step < 8 ? 8 : step > 0x20 ? 0x20 : step;
    /* switches in NUMA order; the front-end card after the last switch of NUMA node 0 */
    int order[EMU_MAX_SWITCHES], n_order = 0;
    for (int numa = 0; numa < EMU_MAX_NUMA; numa++)
        for (int s = 0; s < n_sw; s++)
            if (sw[s].numa == numa)
                order[n_order++] = s;
    unsigned base = 0x10;
    bool frontend_done = false;
    int hca_bus_of_card[EMU_MAX_COMPUTE_HCAS] = {0};
    unsigned frontend_bus = 0;
    l->n_switches = n_sw;
    l->n_gpus = c->gpus_per_node;
    for (int k = 0; k <= n_order; k++) {
        if (!frontend_done && (k == n_order || sw[order[k]].numa > 0)) {
            frontend_bus = base + 1; /* a root port: the card sits on the bus behind it */
            base += step;
            frontend_done = true;
        }
        if (k == n_order)
            break;
        int s = order[k];
        snprintf(l->switches[s].bus, sizeof l->switches[s].bus, "%02x", (base + 2) & 0xff);
        l->switches[s].numa = sw[s].numa;
        unsigned child = base + 3;
        for (int j = 0; j < sw[s].n_cards; j++)
            if (sw[s].cards[j] >= 0 && sw[s].cards[j] < cards)
                hca_bus_of_card[sw[s].cards[j]] = (int)child++ | (s << 16);
        for (int j = 0; j < sw[s].n_gpus; j++) {
            int g = sw[s].gpus[j];
            if (g < 0 || g >= l->n_gpus)
                continue;
            snprintf(l->gpus[g].bus, sizeof l->gpus[g].bus, "%02X", child++ & 0xff);
            l->gpus[g].pcie_switch = s;
            l->gpus[g].numa = sw[s].numa;
        }
        base += step;
    }
    /* the ports: compute cards (each 1 or 2 functions) and the front-end card, in bus order */
    typedef struct port {
        unsigned bus;
        int card, fn;
    } port;
    port ports[EMU_MAX_HCAS];
    int n_ports = 0;
    for (int k = 0; k < cards; k++)
        for (int fn = 0; fn < c->hca_ports_per_card && k * c->hca_ports_per_card + fn < c->compute_hcas; fn++)
            ports[n_ports++] = (port){(unsigned)(hca_bus_of_card[k] & 0xffff), k, fn};
    ports[n_ports++] = (port){frontend_bus, -1, 0};
    ports[n_ports++] = (port){frontend_bus, -1, 1};
    for (int i = 1; i < n_ports; i++)
        for (int j = i; j > 0 && (ports[j].bus < ports[j - 1].bus ||
                                  (ports[j].bus == ports[j - 1].bus && ports[j].fn < ports[j - 1].fn)); j--) {
            port t = ports[j];
            ports[j] = ports[j - 1];
            ports[j - 1] = t;
        }
    int rail = 0;
    l->n_hcas = n_ports;
    for (int i = 0; i < n_ports; i++) {
        emu_layout_hca *h = &l->hcas[i];
        h->compute = ports[i].card >= 0;
        h->card = ports[i].card;
        h->port = ports[i].fn;
        h->rail = h->compute ? rail++ : -1;
        h->ethernet = h->compute ? c->roce : true;
        int s = h->compute ? hca_bus_of_card[h->card] >> 16 : -1;
        h->pcie_switch = s;
        h->numa = s >= 0 ? sw[s].numa : 0;
        h->rate_gbit_per_s = h->compute ? c->hca_rate_gbit_per_s : 100;
        h->width = h->compute ? c->hca_width : 4;
        h->adapter = h->compute ? emu_hca_spec_for_rate(c->hca_rate_gbit_per_s) : emu_hca_spec_frontend();
        snprintf(h->name, sizeof h->name, "mlx5_%d", i % 100);
        snprintf(h->bus_id, sizeof h->bus_id, "0000:%02x:00.%d", ports[i].bus & 0xff, h->port & 7);
        hca_netdev(h, ports[i].bus & 0xff, h->compute ? c->hca_ports_per_card > 1 : true);
    }
    nvlink_peers(c, l);
}

int emu_layout_hca_find(const emu_layout *l, const char *name)
{
    for (int i = 0; name && i < l->n_hcas; i++)
        if (!strcmp(l->hcas[i].name, name))
            return i;
    return -1;
}

void emu_layout_hca_names(const emu_layout *l, char *buf, size_t size)
{
    size_t used = 0;
    if (size)
        buf[0] = '\0';
    for (int i = 0; i < l->n_hcas && used < size; i++) {
        if (!l->hcas[i].compute)
            continue;
        int n = snprintf(buf + used, size - used, "%s%s", used ? ", " : "", l->hcas[i].name);
        used += n > 0 ? (size_t)n : 0;
    }
}
