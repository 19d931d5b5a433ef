/* infiniband.c: the InfiniBand host tools `ibstat`, `ibv_devinfo`, `ibdev2netdev` and
 * `perfquery`, computed from the node's HCAs (port state, negotiated rate and width, counters). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net_tools.h"
#include "out.h"
#include "tools.h"
#include "model/fabric.h"
#include "model/hca.h"
#include "model/rng.h"
#include "model/world.h"

static const char *port_state_name(enum emu_port_state s)
{
    switch (s) {
    case EMU_PORT_DOWN: return "Down";
    case EMU_PORT_INIT: return "Initializing";
    case EMU_PORT_ARMED: return "Armed";
    case EMU_PORT_ACTIVE: return "Active";
    }
    return "Unknown";
}

static const char *phys_state_name(enum emu_phys_state s)
{
    switch (s) {
    case EMU_PHYS_SLEEP: return "Sleep";
    case EMU_PHYS_POLLING: return "Polling";
    case EMU_PHYS_DISABLED: return "Disabled";
    case EMU_PHYS_LINKUP: return "LinkUp";
    case EMU_PHYS_ERROR_RECOVERY: return "LinkErrorRecovery";
    }
    return "Unknown";
}

/* A node's HCA by name, with the tool's own error when there is none. */
static uint64_t sys_image_guid(const emu_node *n, int i);

static int find_hca(const emu_context *c, const char *name)
{
    return emu_node_find_hca(c->world, c->node, name);
}

uint64_t emu_hca_sys_image_guid(const emu_node *n, int i)
{
    return sys_image_guid(n, i);
}

/* The system image GUID: both ports of a dual-port card share one (mlx5_1 and mlx5_2). */
static uint64_t sys_image_guid(const emu_node *n, int i)
{
    const emu_hca *h = &n->hcas[i];
    size_t len = strlen(h->bus_id);
    if (len > 0 && h->bus_id[len - 1] != '0')
        for (int k = 0; k < n->n_hcas; k++)
            if (k != i && !strncmp(n->hcas[k].bus_id, h->bus_id, len - 1))
                return n->hcas[k].guid;
    return h->guid;
}

/* ---- ibstat ------------------------------------------------------------------------------------- */

static const char ibstat_usage[] =
    "Usage: ibstat [options] <ca_name> [portnum]\n"
    "Options:\n"
    "  --list_of_cas, -l\tlist all IB devices\n"
    "  --short, -s\tshort output\n"
    "  --port_list, -p\tshow port list\n"
    "  --Version, -V\toutput version\n"
    "  --help, -h\thelp message\n";

static void ibstat_port(const emu_hca *h, emu_out *out)
{
    emu_out_printf(out, "\tPort 1:\n");
    emu_out_printf(out, "\t\tState: %s\n", port_state_name(h->state));
    emu_out_printf(out, "\t\tPhysical state: %s\n", phys_state_name(h->phys_state));
    emu_out_printf(out, "\t\tRate: %d\n", h->rate_gbit_per_s);
    emu_out_printf(out, "\t\tBase lid: %d\n", h->ethernet ? 0 : h->lid);
    emu_out_printf(out, "\t\tLMC: 0\n");
    emu_out_printf(out, "\t\tSM lid: %d\n", h->ethernet ? 0 : h->sm_lid);
    /* capability masks as ConnectX-7 IB ports and RoCE ports report them */
    emu_out_printf(out, "\t\tCapability mask: %s\n", h->ethernet ? "0x00010000" : "0xa751e848");
    emu_out_printf(out, "\t\tPort GUID: 0x%016llx\n", (unsigned long long)h->guid);
    emu_out_printf(out, "\t\tLink layer: %s\n", h->ethernet ? "Ethernet" : "InfiniBand");
}

static void ibstat_ca(const emu_node *n, int i, bool short_form, emu_out *out)
{
    const emu_hca *h = &n->hcas[i];
    if (short_form) {
        emu_out_printf(out, "CA '%s'\n\tCA type: %s\n\tNumber of ports: 1\n\tFirmware version: %s\n"
                            "\tHardware version: 0\n\tNode GUID: 0x%016llx\n\tSystem image GUID: 0x%016llx\n",
                       h->name, h->ca_type, h->fw_ver, (unsigned long long)h->guid,
                       (unsigned long long)sys_image_guid(n, i));
        return;
    }
    emu_out_printf(out, "CA '%s'\n", h->name);
    emu_out_printf(out, "\tCA type: %s\n", h->ca_type);
    emu_out_printf(out, "\tNumber of ports: 1\n");
    emu_out_printf(out, "\tFirmware version: %s\n", h->fw_ver);
    emu_out_printf(out, "\tHardware version: 0\n");
    emu_out_printf(out, "\tNode GUID: 0x%016llx\n", (unsigned long long)h->guid);
    emu_out_printf(out, "\tSystem image GUID: 0x%016llx\n", (unsigned long long)sys_image_guid(n, i));
    ibstat_port(h, out);
}

static int cmd_ibstat(emu_context *c, int argc, char **argv, emu_out *out)
{
    const emu_node *n = &c->world->nodes[c->node];
    bool list = false, short_form = false, ports = false;
    const char *ca = NULL, *port = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-l") || !strcmp(a, "--list_of_cas"))
            list = true;
        else if (!strcmp(a, "-s") || !strcmp(a, "--short"))
            short_form = true;
        else if (!strcmp(a, "-p") || !strcmp(a, "--port_list"))
            ports = true;
        else if (!strcmp(a, "-V") || !strcmp(a, "--Version")) {
            emu_out_printf(out, "ibstat BUILD VERSION: 2404.0 \n");
            return 0;
        } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            emu_out_write(out, ibstat_usage, sizeof ibstat_usage - 1);
            return 0;
        } else if (a[0] == '-') {
            emu_out_printf(out, "ibstat: unrecognized option '%.64s'\n", a);
            emu_out_write(out, ibstat_usage, sizeof ibstat_usage - 1);
            return 255;
        } else if (!ca)
            ca = a;
        else if (!port)
            port = a;
        else {
            emu_out_write(out, ibstat_usage, sizeof ibstat_usage - 1);
            return 255;
        }
    }
    if (list) {
        for (int i = 0; i < n->n_hcas; i++)
            emu_out_printf(out, "%s\n", n->hcas[i].name);
        return 0;
    }
    if (ports) {
        for (int i = 0; i < n->n_hcas; i++)
            if (!ca || !strcmp(ca, n->hcas[i].name))
                emu_out_printf(out, "0x%016llx\n", (unsigned long long)n->hcas[i].guid);
        return 0;
    }
    if (!ca) {
        for (int i = 0; i < n->n_hcas; i++)
            ibstat_ca(n, i, short_form, out);
        return 0;
    }
    int i = find_hca(c, ca);
    if (i < 0) {
        emu_out_printf(out, "ibstat: iberror: failed: '%.64s' IB device can't be found\n", ca);
        return 255;
    }
    if (port) {
        if (strcmp(port, "1") != 0) {
            emu_out_printf(out, "ibstat: iberror: failed: '%.64s' port %.16s is not valid\n", ca, port);
            return 255;
        }
        ibstat_port(&n->hcas[i], out);
        return 0;
    }
    ibstat_ca(n, i, short_form, out);
    return 0;
}

/* ---- ibv_devinfo --------------------------------------------------------------------------------- */

static const char ibv_devinfo_usage[] =
    "Usage: ibv_devinfo             print the ca attributes\n"
    "\n"
    "Options:\n"
    "  -d, --ib-dev=<dev>     use IB device <dev> (default first device found)\n"
    "  -i, --ib-port=<port>   use port <port> of IB device (default all ports)\n"
    "  -l, --list             print only the IB devices names\n"
    "  -v, --verbose          print all the attributes of the IB device(s)\n";

static const char *verbs_state(enum emu_port_state s)
{
    switch (s) {
    case EMU_PORT_DOWN: return "PORT_DOWN (1)";
    case EMU_PORT_INIT: return "PORT_INIT (2)";
    case EMU_PORT_ARMED: return "PORT_ARMED (3)";
    case EMU_PORT_ACTIVE: return "PORT_ACTIVE (4)";
    }
    return "invalid state";
}

/* ibv_devinfo -v: width code and per-lane speed as libibverbs prints them (ibv_width and
 * ibv_speed: 1X=1, 4X=2, 8X=4, 12X=8, 2X=16; SDR 2.5 Gbps=1 ... HDR 50=64, NDR 100=128). */
static void verbs_width_speed(const emu_hca *h, char *width, size_t wsize, char *speed, size_t ssize)
{
    int lanes = h->width > 0 ? h->width : 4;
    int code = lanes == 1 ? 1 : lanes == 2 ? 16 : lanes == 8 ? 4 : lanes == 12 ? 8 : 2;
    snprintf(width, wsize, "%dX (%d)", lanes, code);
    double per_lane = (double)h->rate_gbit_per_s / lanes;
    int scode = per_lane >= 200 ? 256 : per_lane >= 100 ? 128 : per_lane >= 50 ? 64 : per_lane >= 25 ? 32
              : per_lane >= 14 ? 16 : per_lane >= 10 ? 8 : per_lane >= 5 ? 2 : 1;
    snprintf(speed, ssize, "%.1f Gbps (%d)", per_lane, scode);
}

static const char *verbs_phys_state(enum emu_phys_state s)
{
    switch (s) {
    case EMU_PHYS_SLEEP: return "SLEEP (1)";
    case EMU_PHYS_POLLING: return "POLLING (2)";
    case EMU_PHYS_DISABLED: return "DISABLED (3)";
    case EMU_PHYS_LINKUP: return "LINK_UP (5)";
    case EMU_PHYS_ERROR_RECOVERY: return "LINK_ERROR_RECOVERY (6)";
    }
    return "invalid physical state";
}

static void guid_colons(uint64_t g, char *buf, size_t size)
{
    snprintf(buf, size, "%04x:%04x:%04x:%04x", (unsigned)(g >> 48) & 0xffff, (unsigned)(g >> 32) & 0xffff,
             (unsigned)(g >> 16) & 0xffff, (unsigned)g & 0xffff);
}

static void ibv_devinfo_one(const emu_world *w, const emu_node *n, int i, bool verbose, emu_out *out)
{
    const emu_hca *h = &n->hcas[i];
    char guid[24], sys[24];
    guid_colons(h->guid, guid, sizeof guid);
    guid_colons(sys_image_guid(n, i), sys, sizeof sys);
    emu_out_printf(out, "hca_id:\t%s\n", h->name);
    emu_out_printf(out, "\ttransport:\t\t\tInfiniBand (0)\n");
    emu_out_printf(out, "\tfw_ver:\t\t\t\t%s\n", h->fw_ver);
    emu_out_printf(out, "\tnode_guid:\t\t\t%s\n", guid);
    emu_out_printf(out, "\tsys_image_guid:\t\t\t%s\n", sys);
    emu_out_printf(out, "\tvendor_id:\t\t\t0x02c9\n");
    emu_out_printf(out, "\tvendor_part_id:\t\t\t%d\n", h->vendor_part_id);
    emu_out_printf(out, "\thw_ver:\t\t\t\t0x0\n");
    /* board ids: Mellanox PSIDs of a ConnectX-7 OSFP card and a ConnectX-6 Dx */
    emu_out_printf(out, "\tboard_id:\t\t\t%s\n", h->adapter->board_id);
    emu_out_printf(out, "\tphys_port_cnt:\t\t\t1\n");
    if (verbose) {
        emu_out_printf(out, "\tmax_mr_size:\t\t\t0xffffffffffffffff\n");
        emu_out_printf(out, "\tpage_size_cap:\t\t\t0xfffffffffffff000\n");
        emu_out_printf(out, "\tmax_qp:\t\t\t\t131072\n");
        emu_out_printf(out, "\tmax_qp_wr:\t\t\t32768\n");
        emu_out_printf(out, "\tmax_cq:\t\t\t\t16777216\n");
        emu_out_printf(out, "\tmax_mr:\t\t\t\t16777216\n");
        emu_out_printf(out, "\tmax_pd:\t\t\t\t8388608\n");
        emu_out_printf(out, "\tnuma_node:\t\t\t%d\n", h->numa_node);
    }
    emu_out_printf(out, "\t\tport:\t1\n");
    emu_out_printf(out, "\t\t\tstate:\t\t\t%s\n", verbs_state(h->state));
    emu_out_printf(out, "\t\t\tmax_mtu:\t\t4096 (5)\n");
    emu_out_printf(out, "\t\t\tactive_mtu:\t\t%s\n", h->state == EMU_PORT_ACTIVE ? "4096 (5)" : "1024 (3)");
    emu_out_printf(out, "\t\t\tsm_lid:\t\t\t%d\n", h->ethernet ? 0 : h->sm_lid);
    emu_out_printf(out, "\t\t\tport_lid:\t\t%d\n", h->ethernet ? 0 : h->lid);
    emu_out_printf(out, "\t\t\tport_lmc:\t\t0x00\n");
    emu_out_printf(out, "\t\t\tlink_layer:\t\t%s\n", h->ethernet ? "Ethernet" : "InfiniBand");
    if (verbose) {
        char width[32], speed[48];
        verbs_width_speed(h, width, sizeof width, speed, sizeof speed);
        emu_out_printf(out, "\t\t\tmax_msg_sz:\t\t0x40000000\n");
        emu_out_printf(out, "\t\t\tmax_vl_num:\t\t%s\n", h->ethernet ? "invalid value (0)" : "4 (3)");
        emu_out_printf(out, "\t\t\tactive_width:\t\t%s\n", width);
        emu_out_printf(out, "\t\t\tactive_speed:\t\t%s\n", speed);
        emu_out_printf(out, "\t\t\tphys_state:\t\t%s\n", verbs_phys_state(h->phys_state));
        if (h->ethernet) {
            /* RoCE v1 and v2 GIDs of the port's IPv6 link-local and IPv4 addresses */
            uint64_t g = h->guid;
            emu_out_printf(out, "\t\t\tGID[  0]:\t\tfe80::%x:%x:%x:%x, RoCE v1\n", (unsigned)(g >> 48) & 0xffff,
                           (unsigned)(g >> 32) & 0xffff, (unsigned)(g >> 16) & 0xffff, (unsigned)g & 0xffff);
            emu_out_printf(out, "\t\t\tGID[  1]:\t\tfe80::%x:%x:%x:%x, RoCE v2\n", (unsigned)(g >> 48) & 0xffff,
                           (unsigned)(g >> 32) & 0xffff, (unsigned)(g >> 16) & 0xffff, (unsigned)g & 0xffff);
            emu_out_printf(out, "\t\t\tGID[  2]:\t\t::ffff:%s, RoCE v1\n", n->ip);
            emu_out_printf(out, "\t\t\tGID[  3]:\t\t::ffff:%s, RoCE v2\n", n->ip);
        } else {
            uint64_t g = h->guid;
            emu_out_printf(out, "\t\t\tGID[  0]:\t\tfe80:0000:0000:0000:%04x:%04x:%04x:%04x\n",
                           (unsigned)(g >> 48) & 0xffff, (unsigned)(g >> 32) & 0xffff,
                           (unsigned)(g >> 16) & 0xffff, (unsigned)g & 0xffff);
        }
    }
    (void)w;
    emu_out_printf(out, "\n");
}

static int cmd_ibv_devinfo(emu_context *c, int argc, char **argv, emu_out *out)
{
    const emu_node *n = &c->world->nodes[c->node];
    if (!n->verbs_available) {
        /* the verbs library is what is missing: the binary cannot even start */
        emu_out_printf(out, "ibv_devinfo: error while loading shared libraries: libibverbs.so.1: "
                            "cannot open shared object file: No such file or directory\n");
        return 127;
    }
    bool verbose = false, list = false;
    const char *dev = NULL, *port = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-v") || !strcmp(a, "--verbose"))
            verbose = true;
        else if (!strcmp(a, "-l") || !strcmp(a, "--list"))
            list = true;
        else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            emu_out_write(out, ibv_devinfo_usage, sizeof ibv_devinfo_usage - 1);
            return 0;
        } else if ((!strcmp(a, "-d") || !strcmp(a, "--ib-dev") || !strcmp(a, "-i") || !strcmp(a, "--ib-port")) && i + 1 < argc) {
            if (!strcmp(a, "-d") || !strcmp(a, "--ib-dev"))
                dev = argv[++i];
            else
                port = argv[++i];
        } else if (!strncmp(a, "--ib-dev=", 9))
            dev = a + 9;
        else if (!strncmp(a, "--ib-port=", 10))
            port = a + 10;
        else if (!strncmp(a, "-d", 2) && a[2])
            dev = a + 2;
        else {
            if (a[0] == '-' && a[1] && a[1] != '-' && !a[2] && strchr("di", a[1]))
                emu_out_printf(out, "ibv_devinfo: option requires an argument -- '%c'\n", a[1]);
            else
                emu_out_printf(out, "ibv_devinfo: invalid option -- '%.64s'\n", a[0] == '-' ? a + 1 : a);
            emu_out_write(out, ibv_devinfo_usage, sizeof ibv_devinfo_usage - 1);
            return 1;
        }
    }
    if (list) {
        emu_out_printf(out, "%d HCAs found:\n", n->n_hcas);
        for (int i = 0; i < n->n_hcas; i++)
            emu_out_printf(out, "\t%s\n", n->hcas[i].name);
        return 0;
    }
    if (port && strcmp(port, "1") != 0) {
        emu_out_printf(out, "Failed to query port %.16s props\n", port);
        return 1;
    }
    if (dev) {
        int i = find_hca(c, dev);
        if (i < 0) {
            emu_out_printf(out, "IB device '%.64s' wasn't found\n", dev);
            return 255;
        }
        ibv_devinfo_one(c->world, n, i, verbose, out);
        return 0;
    }
    for (int i = 0; i < n->n_hcas; i++)
        ibv_devinfo_one(c->world, n, i, verbose, out);
    return 0;
}

/* ---- ibdev2netdev -------------------------------------------------------------------------------- */

static int cmd_ibdev2netdev(emu_context *c, int argc, char **argv, emu_out *out)
{
    const emu_node *n = &c->world->nodes[c->node];
    bool verbose = false;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-v"))
            verbose = true;
        else {
            emu_out_printf(out, "Usage: ibdev2netdev [-v] [-h]\n"
                                "  -v  verbose: PCI address, card, firmware and port state\n"
                                "  -h  this help\n");
            return strcmp(argv[i], "-h") && strcmp(argv[i], "--help") ? 1 : 0;
        }
    }
    for (int i = 0; i < n->n_hcas; i++) {
        const emu_hca *h = &n->hcas[i];
        const char *up = h->state == EMU_PORT_ACTIVE ? "Up" : "Down";
        if (verbose) {
            const char *card = h->adapter->card;
            const char *state = h->state == EMU_PORT_ACTIVE ? "ACTIVE" : h->state == EMU_PORT_INIT ? "INIT" : "DOWN";
            emu_out_printf(out, "%s %s %s fw %s port 1 (%s) ==> %s (%s)\n", h->bus_id, h->name, card,
                           h->fw_ver, state, h->netdev, up);
        } else {
            emu_out_printf(out, "%s port 1 ==> %s (%s)\n", h->name, h->netdev, up);
        }
    }
    return 0;
}

/* ---- perfquery ------------------------------------------------------------------------------------- */

static const char perfquery_usage[] =
    "Usage: perfquery [options]  [<lid|guid> [[port(s)] [reset_mask]]]\n"
    "\n"
    "Options:\n"
    "  --extended, -x          show extended port counters\n"
    "  --all_ports, -a         show aggregated counters\n"
    "  --reset_after_read, -r  reset counters after read\n"
    "  --Reset_only, -R        only reset counters\n"
    "  --Ca, -C <ca>           Ca name to use\n"
    "  --Port, -P <port>       Ca port number to use\n"
    "  --help, -h              help message\n"
    "\n"
    "Examples:\n"
    "  perfquery               # read local port's performance counters\n"
    "  perfquery 32 1          # read performance counters from lid 32, port 1\n"
    "  perfquery -x 32 1       # read extended performance counters from lid 32, port 1\n"
    "  perfquery -r 32 1       # read performance counters and reset\n"
    "  perfquery -C mlx5_3     # read the counters of CA mlx5_3's port\n";

/* Counters saturate at their field width in the PortCounters attribute (InfiniBand Architecture
 * Specification vol. 1, 16.1.3.5): 32-bit data, packets and XmitWait; 16-bit symbol, receive and
 * discard errors; 8-bit link recovery and downed; 4-bit integrity and overrun. */
static uint64_t sat(uint64_t v, int bits)
{
    uint64_t max = bits >= 64 ? ~0ull : (1ull << bits) - 1;
    return v > max ? max : v;
}

static void pq_line(emu_out *out, const char *label, uint64_t v)
{
    char num[24];
    snprintf(num, sizeof num, "%llu", (unsigned long long)v);
    emu_ib_field(out, label, num);
}

void emu_ib_field(emu_out *out, const char *label, const char *value)
{
    char dots[40];
    int n = 32 - (int)strlen(label);
    if (n < 1)
        n = 1;
    memset(dots, '.', (size_t)n);
    dots[n] = '\0';
    emu_out_printf(out, "%s:%s%s\n", label, dots, value);
}

static void pq_text(emu_out *out, const char *label, const char *v)
{
    emu_ib_field(out, label, v);
}

/* Reset: the counters read zero from now on and grow from here. The model's counters are the
 * start values plus what grows with time (emu_hca_counters_now), so moving the start values
 * down by what reads now (modulo 2^64, which the sum undoes) is exactly a hardware reset. */
static void pq_reset(emu_world *w, int node, int hca)
{
    emu_hca_counters now;
    emu_hca_counters_now(w, node, hca, &now);
    emu_hca *h = &w->nodes[node].hcas[hca];
    emu_hca_counters *c = &h->counters;
    h->pma_reset_symbol_errors += now.symbol_errors;
    h->pma_reset_link_downed += now.link_downed;
    h->pma_reset_link_error_recovery += now.link_error_recovery;
    c->symbol_errors -= now.symbol_errors;
    c->link_error_recovery -= now.link_error_recovery;
    c->link_downed -= now.link_downed;
    c->rcv_errors -= now.rcv_errors;
    c->rcv_remote_phys_errors -= now.rcv_remote_phys_errors;
    c->xmit_discards -= now.xmit_discards;
    c->local_link_integrity_errors -= now.local_link_integrity_errors;
    c->excessive_buffer_overrun -= now.excessive_buffer_overrun;
    c->xmit_wait -= now.xmit_wait;
    c->xmit_data -= now.xmit_data;
    c->rcv_data -= now.rcv_data;
    c->xmit_pkts -= now.xmit_pkts;
    c->rcv_pkts -= now.rcv_pkts;
}

/* One port's counters in perfquery's layout (infiniband-diags perfquery.c: the header names the
 * LID and port queried; mad_dump_perfcounters' fields). */
static void pq_dump(emu_hca_counters v, int lid, int port, bool extended, emu_out *out)
{
    if (extended) {
        emu_out_printf(out, "# Port extended counters: Lid %d port %d (CapMask: 0x5A00)\n", lid, port);
        pq_line(out, "PortSelect", (uint64_t)port);
        pq_text(out, "CounterSelect", "0x0000");
        pq_line(out, "PortXmitData", v.xmit_data);
        pq_line(out, "PortRcvData", v.rcv_data);
        pq_line(out, "PortXmitPkts", v.xmit_pkts);
        pq_line(out, "PortRcvPkts", v.rcv_pkts);
        pq_line(out, "PortUnicastXmitPkts", v.xmit_pkts);
        pq_line(out, "PortUnicastRcvPkts", v.rcv_pkts);
        pq_line(out, "PortMulticastXmitPkts", 0);
        pq_line(out, "PortMulticastRcvPkts", 0);
        pq_line(out, "SymbolErrorCounter", v.symbol_errors);
        pq_line(out, "LinkErrorRecoveryCounter", v.link_error_recovery);
        pq_line(out, "LinkDownedCounter", v.link_downed);
        pq_line(out, "PortRcvErrors", v.rcv_errors);
        pq_line(out, "PortRcvRemotePhysicalErrors", v.rcv_remote_phys_errors);
        pq_line(out, "PortRcvSwitchRelayErrors", 0);
        pq_line(out, "PortXmitDiscards", v.xmit_discards);
        pq_line(out, "PortXmitConstraintErrors", 0);
        pq_line(out, "PortRcvConstraintErrors", 0);
        pq_line(out, "LocalLinkIntegrityErrors", v.local_link_integrity_errors);
        pq_line(out, "ExcessiveBufferOverrunErrors", v.excessive_buffer_overrun);
        pq_line(out, "VL15Dropped", 0);
        pq_line(out, "PortXmitWait", v.xmit_wait);
        pq_line(out, "QP1Dropped", 0);
        return;
    }
    emu_out_printf(out, "# Port counters: Lid %d port %d (CapMask: 0x5A00)\n", lid, port);
    pq_line(out, "PortSelect", (uint64_t)port);
    pq_text(out, "CounterSelect", "0x0000");
    pq_line(out, "SymbolErrorCounter", sat(v.symbol_errors, 16));
    pq_line(out, "LinkErrorRecoveryCounter", sat(v.link_error_recovery, 8));
    pq_line(out, "LinkDownedCounter", sat(v.link_downed, 8));
    pq_line(out, "PortRcvErrors", sat(v.rcv_errors, 16));
    pq_line(out, "PortRcvRemotePhysicalErrors", sat(v.rcv_remote_phys_errors, 16));
    pq_line(out, "PortRcvSwitchRelayErrors", 0);
    pq_line(out, "PortXmitDiscards", sat(v.xmit_discards, 16));
    pq_line(out, "PortXmitConstraintErrors", 0);
    pq_line(out, "PortRcvConstraintErrors", 0);
    pq_text(out, "CounterSelect2", "0x00");
    pq_line(out, "LocalLinkIntegrityErrors", sat(v.local_link_integrity_errors, 4));
    pq_line(out, "ExcessiveBufferOverrunErrors", sat(v.excessive_buffer_overrun, 4));
    pq_line(out, "VL15Dropped", 0);
    pq_line(out, "PortXmitData", sat(v.xmit_data, 32));
    pq_line(out, "PortRcvData", sat(v.rcv_data, 32));
    pq_line(out, "PortXmitPkts", sat(v.xmit_pkts, 32));
    pq_line(out, "PortRcvPkts", sat(v.rcv_pkts, 32));
    pq_line(out, "PortXmitWait", sat(v.xmit_wait, 32));
}

static void pq_print(const emu_world *w, int node, int hca, bool extended, emu_out *out)
{
    emu_hca_counters v;
    emu_hca_counters_now(w, node, hca, &v);
    pq_dump(v, w->nodes[node].hcas[hca].lid, 1, extended, out);
}

static int cmd_perfquery(emu_context *c, int argc, char **argv, emu_out *out)
{
    emu_world *w = c->world;
    bool extended = false, reset_after = false, reset_only = false, all = false;
    const char *ca = NULL, *port = NULL, *lid = NULL, *lid_port = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-x") || !strcmp(a, "--extended"))
            extended = true;
        else if (!strcmp(a, "-r") || !strcmp(a, "--reset_after_read"))
            reset_after = true;
        else if (!strcmp(a, "-R") || !strcmp(a, "--Reset_only"))
            reset_only = true;
        else if (!strcmp(a, "-a") || !strcmp(a, "--all_ports"))
            all = true;
        else if ((!strcmp(a, "-C") || !strcmp(a, "--Ca")) && i + 1 < argc)
            ca = argv[++i];
        else if ((!strcmp(a, "-P") || !strcmp(a, "--Port")) && i + 1 < argc)
            port = argv[++i];
        else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            emu_out_write(out, perfquery_usage, sizeof perfquery_usage - 1);
            return 0;
        } else if (a[0] == '-') {
            emu_out_printf(out, "perfquery: invalid option -- '%.64s'\n", a + 1);
            emu_out_write(out, perfquery_usage, sizeof perfquery_usage - 1);
            return 255;
        } else if (!lid)
            lid = a;
        else if (!lid_port)
            lid_port = a;
        else {
            emu_out_write(out, perfquery_usage, sizeof perfquery_usage - 1);
            return 255;
        }
    }
    (void)all; /* one port per CA: the aggregate is that port */
    if (lid && !ca) {
        /* a switch's LID: any of its ports, read from its performance agent across the fabric */
        char *end;
        long l = strtol(lid, &end, 0);
        long p = lid_port ? strtol(lid_port, NULL, 0) : 1;
        emu_hca_counters v;
        int rc = *end ? -1 : emu_fabric_port_counters(w, (int)l, (int)p, &v);
        if (rc == 0) {
            if (reset_after || reset_only) {
                emu_out_printf(out, "perfquery: resetting a switch port's counters is not simulated (the "
                                    "fabric's own monitoring reads them too)\n");
                return 1;
            }
            pq_dump(v, (int)l, (int)p, extended, out);
            return 0;
        }
        if (rc == -2) {
            emu_out_printf(out, "ibwarn: [%d] pma_query_via: Port %s is not valid\n"
                                "perfquery: iberror: failed: perfquery\n",
                           4000 + (int)(w->commands_run % 5000), lid_port);
            return 255;
        }
    }
    if ((port && strcmp(port, "1")) || (lid_port && strcmp(lid_port, "1") && strcmp(lid_port, "255"))) {
        emu_out_printf(out, "ibwarn: [%d] pma_query_via: Port %s is not valid\n"
                            "perfquery: iberror: failed: perfquery\n",
                       4000 + (int)(w->commands_run % 5000), port ? port : lid_port);
        return 255;
    }
    int node = c->node, hca = -1;
    if (lid) {
        char *end;
        long l = strtol(lid, &end, 0);
        for (int k = 0; *end == '\0' && k < w->n_nodes && hca < 0; k++)
            for (int i = 0; i < w->nodes[k].n_hcas; i++)
                if (!w->nodes[k].hcas[i].ethernet && w->nodes[k].hcas[i].lid == l &&
                    w->nodes[k].hcas[i].state == EMU_PORT_ACTIVE) {
                    node = k;
                    hca = i;
                    break;
                }
        if (hca < 0) {
            emu_out_printf(out, "ibwarn: [%d] mad_rpc: _do_madrpc failed; dport (Lid %.32s)\n"
                                "perfquery: iberror: failed: perfquery\n",
                           4000 + (int)(w->commands_run % 5000), lid);
            return 255;
        }
    } else {
        if (ca) {
            hca = emu_node_find_hca(w, node, ca);
            if (hca < 0) {
                emu_out_printf(out, "ibwarn: [%d] mad_rpc_open_port: can't open UMAD port (%.64s:%s)\n"
                                    "perfquery: iberror: failed: Failed to open '%.64s' port '%s'\n",
                               4000 + (int)(w->commands_run % 5000), ca, port ? port : "0", ca, port ? port : "0");
                return 255;
            }
        } else {
            /* the first InfiniBand port, as umad picks it */
            for (int i = 0; i < w->nodes[node].n_hcas && hca < 0; i++)
                if (!w->nodes[node].hcas[i].ethernet)
                    hca = i;
        }
        if (hca < 0 || w->nodes[node].hcas[hca].ethernet) {
            emu_out_printf(out, "ibwarn: [%d] mad_rpc_open_port: can't open UMAD port (%s:1)\n"
                                "perfquery: iberror: failed: Failed to open '%s' port '1'\n",
                           4000 + (int)(w->commands_run % 5000), ca ? ca : "mlx5_0", ca ? ca : "mlx5_0");
            return 255;
        }
        if (w->nodes[node].hcas[hca].state != EMU_PORT_ACTIVE) {
            /* a port that is down answers no MADs */
            emu_out_printf(out, "ibwarn: [%d] mad_rpc: _do_madrpc failed; dport (Lid %d)\n"
                                "perfquery: iberror: [pid %d] main: Failed to query local port counters\n",
                           4000 + (int)(w->commands_run % 5000), w->nodes[node].hcas[hca].lid,
                           4000 + (int)(w->commands_run % 5000));
            return 255;
        }
    }
    if (!reset_only)
        pq_print(w, node, hca, extended, out);
    if (reset_after || reset_only)
        pq_reset(w, node, hca);
    return 0;
}

/* ---- ibstatus ------------------------------------------------------------------------------------- */

static const char *ibstatus_state(enum emu_port_state st)
{
    switch (st) {
    case EMU_PORT_DOWN: return "1: DOWN";
    case EMU_PORT_INIT: return "2: INIT";
    case EMU_PORT_ARMED: return "3: ARMED";
    case EMU_PORT_ACTIVE: return "4: ACTIVE";
    }
    return "0: ???";
}

static const char *ibstatus_phys(enum emu_phys_state st)
{
    switch (st) {
    case EMU_PHYS_SLEEP: return "1: Sleep";
    case EMU_PHYS_POLLING: return "2: Polling";
    case EMU_PHYS_DISABLED: return "3: Disabled";
    case EMU_PHYS_LINKUP: return "5: LinkUp";
    case EMU_PHYS_ERROR_RECOVERY: return "6: LinkErrorRecovery";
    }
    return "0: ???";
}

static int cmd_ibstatus(emu_context *c, int argc, char **argv, emu_out *out)
{
    const emu_node *n = &c->world->nodes[c->node];
    const char *only = NULL;
    for (int i = 1; i < argc; i++) {
        if (argv[i][0] == '-' || only) {
            emu_out_printf(out, "Usage: ibstatus [-h] [devname[:port]]...\n");
            return !strcmp(argv[i], "-h") ? 0 : 1;
        }
        only = argv[i];
    }
    int shown = 0;
    for (int i = 0; i < n->n_hcas; i++) {
        const emu_hca *h = &n->hcas[i];
        if (only && strncmp(only, h->name, strlen(h->name)) != 0)
            continue;
        if (only && only[strlen(h->name)] != '\0' && strcmp(only + strlen(h->name), ":1"))
            continue;
        shown++;
        uint64_t g = h->guid;
        emu_out_printf(out, "Infiniband device '%s' port 1 status:\n", h->name);
        if (h->ethernet)
            emu_out_printf(out, "\tdefault gid:\t fe80:0000:0000:0000:%04x:%04x:%04x:%04x\n", (unsigned)(g >> 48) & 0xffff,
                           (unsigned)(g >> 32) & 0xffff, (unsigned)(g >> 16) & 0xffff, (unsigned)g & 0xffff);
        else
            emu_out_printf(out, "\tdefault gid:\t fe80:0000:0000:0000:%04x:%04x:%04x:%04x\n", (unsigned)(g >> 48) & 0xffff,
                           (unsigned)(g >> 32) & 0xffff, (unsigned)(g >> 16) & 0xffff, (unsigned)g & 0xffff);
        emu_out_printf(out, "\tbase lid:\t 0x%x\n", h->ethernet ? 0 : h->lid);
        emu_out_printf(out, "\tsm lid:\t\t 0x%x\n", h->ethernet ? 0 : h->sm_lid);
        emu_out_printf(out, "\tstate:\t\t %s\n", ibstatus_state(h->state));
        emu_out_printf(out, "\tphys state:\t %s\n", ibstatus_phys(h->phys_state));
        if (h->ethernet)
            emu_out_printf(out, "\trate:\t\t %d Gb/sec (%dX EDR)\n", h->rate_gbit_per_s, h->width > 0 ? h->width : 4);
        else
            emu_out_printf(out, "\trate:\t\t %d Gb/sec (%dX %s)\n", h->rate_gbit_per_s, h->width > 0 ? h->width : 4,
                           emu_hca_speed_name(h));
        emu_out_printf(out, "\tlink_layer:\t %s\n\n", h->ethernet ? "Ethernet" : "InfiniBand");
    }
    if (!shown) {
        emu_out_printf(out, "ibstatus: %.64s: no such device\n", only ? only : "");
        return 1;
    }
    return 0;
}

/* ---- mlxlink ---------------------------------------------------------------------------------------- */

static void mlx_line(emu_out *out, const char *label, const char *value)
{
    emu_out_printf(out, "%-35s: %s\n", label, value);
}

/* Lane values as mlxlink joins them ("0.612,-0.371,...") with the alarm range in brackets. */
static void mlx_lanes(emu_out *out, const char *label, const double *v, int n, const char *range, bool ddm)
{
    char buf[160] = "";
    size_t len = 0;
    for (int l = 0; l < n && ddm; l++)
        len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%g", l ? "," : "", v[l]);
    if (ddm)
        snprintf(buf + len, sizeof buf - len, " %s", range);
    mlx_line(out, label, ddm ? buf : "N/A");
}

/* `mlxlink -m`'s Module Info: the cable's EEPROM and its digital diagnostics (mstflint
 * mlxlink_commander.cpp showModuleInfo: static info, attenuation and firmware, power and CDR, DDM,
 * in this order; alarm ranges as a captured OSFP module prints them, Temperature [-5..75],
 * Voltage [2970..3630]). */
static void mlx_module(const emu_world *w, int node, int hca, emu_out *out)
{
    emu_module_reading m;
    emu_hca_module(w, node, hca, &m);
    const emu_module_spec *s = m.spec;
    char buf[96];
    emu_out_printf(out, "\nModule Info\n-----------\n");
    mlx_line(out, "Identifier", s->identifier);
    mlx_line(out, "Compliance", s->compliance);
    mlx_line(out, "Cable Technology", s->technology);
    mlx_line(out, "Cable Type", s->cable_type);
    mlx_line(out, "OUI", strcmp(s->vendor, "Mellanox") ? "Other" : "Mellanox");
    mlx_line(out, "Vendor Name", s->vendor);
    mlx_line(out, "Vendor Part Number", s->part_number);
    mlx_line(out, "Vendor Serial Number", m.serial);
    mlx_line(out, "Rev", s->rev);
    snprintf(buf, sizeof buf, "%d", s->wavelength_nm);
    mlx_line(out, "Wavelength [nm]", s->wavelength_nm ? buf : "N/A");
    snprintf(buf, sizeof buf, "%d", m.length_m);
    mlx_line(out, "Transfer Distance [m]", buf);
    mlx_line(out, "Attenuation (5g,7g,12g) [dB]", s->wavelength_nm ? "N/A" : "4,6,8");
    mlx_line(out, "FW Version", s->fw_version);
    mlx_line(out, "Digital Diagnostic Monitoring", s->ddm ? "Yes" : "No");
    mlx_line(out, "Power Class", s->power_class);
    mlx_line(out, "CDR RX", s->wavelength_nm ? "ON,ON,ON,ON" : "N/A");
    mlx_line(out, "CDR TX", s->wavelength_nm ? "ON,ON,ON,ON" : "N/A");
    mlx_line(out, "LOS Alarm", "N/A");
    snprintf(buf, sizeof buf, "%.0f [-5..75]", m.temp_c);
    mlx_line(out, "Temperature [C]", s->ddm ? buf : "N/A");
    snprintf(buf, sizeof buf, "%g [2970..3630]", m.voltage_mv);
    mlx_line(out, "Voltage [mV]", s->ddm ? buf : "N/A");
    mlx_lanes(out, "Bias Current [mA]", m.bias_ma, m.lanes, "[2..15]", s->ddm);
    mlx_lanes(out, "Rx Power Current [dBm]", m.rx_dbm, m.lanes, "[-10.4..4]", s->ddm);
    mlx_lanes(out, "Tx Power Current [dBm]", m.tx_dbm, m.lanes, "[-8.4..4]", s->ddm);
}

/* mlxlink's speed masks up to a rate (the PTYS protocol bits: FDR10 0x8 to NDR 0x80). */
static const char *ib_speeds(bool ethernet, int rate_gbit_per_s)
{
    return ethernet                 ? "0x00000f00 (100G,50G,25G,10G)"
           : rate_gbit_per_s >= 400 ? "0x000000f8 (NDR,HDR,EDR,FDR,QDR)"
           : rate_gbit_per_s >= 200 ? "0x00000078 (HDR,EDR,FDR,QDR)"
                                    : "0x00000038 (EDR,FDR,QDR)";
}

/* `mlxlink -d DEV [-c]`: the port's operational state as the firmware sees it. Speed and width
 * from the negotiated rate; with -c, BER figures from the symbol errors over the time since the
 * counters were cleared (BER = errors / bits moved; an NDR lane moves 100e9 bits/s). */
static int cmd_mlxlink(emu_context *c, int argc, char **argv, emu_out *out)
{
    const emu_world *w = c->world;
    const char *dev = NULL;
    bool counters = false, module = false;
    for (int i = 1; i < argc; i++) {
        if ((!strcmp(argv[i], "-d") || !strcmp(argv[i], "--device")) && i + 1 < argc)
            dev = argv[++i];
        else if (!strcmp(argv[i], "-c") || !strcmp(argv[i], "--show_counters"))
            counters = true;
        else if (!strcmp(argv[i], "-m") || !strcmp(argv[i], "--show_module"))
            module = true;
        else if (!strcmp(argv[i], "-e") || !strcmp(argv[i], "--show_eye"))
            continue;
        else {
            emu_out_printf(out, "%s\nNAME:\n    mlxlink - check and debug link status\n\n"
                                "SYNOPSIS:\n    mlxlink [-d <device>] [-c] [-m]\n",
                           strcmp(argv[i], "-h") && strcmp(argv[i], "--help") ? "-E- Invalid option" : "");
            return strcmp(argv[i], "-h") && strcmp(argv[i], "--help") ? 1 : 0;
        }
    }
    if (!dev) {
        emu_out_printf(out, "-E- Please provide a device name using -d option\n");
        return 1;
    }
    int i = find_hca(c, dev);
    if (i < 0) {
        emu_out_printf(out, "-E- Failed to open device: \"%.64s\", No such file or directory\n", dev);
        return 1;
    }
    const emu_hca *h = &w->nodes[c->node].hcas[i];
    emu_hca_counters v;
    emu_hca_counters_now(w, c->node, i, &v);
    v.symbol_errors += h->pma_reset_symbol_errors; /* physical counters: perfquery -R leaves them */
    v.link_downed += h->pma_reset_link_downed;
    v.link_error_recovery += h->pma_reset_link_error_recovery;
    bool active = h->state == EMU_PORT_ACTIVE;
    /* slower than what the port and its cable both support (Supported Cable Speed below): an HDR
     * cable holds an NDR port to HDR by design, which is no fault to recommend a fix for */
    int supported = emu_hca_supported_rate_gbit_per_s(w, h);
    bool slow = active && h->rate_gbit_per_s < supported;
    bool narrow = active && h->width > 0 && h->expected_width > 0 && h->width < h->expected_width;
    double since_clear_s = w->now_s - w->start_time_s + EMU_HCA_COUNTERS_CLEARED_S;
    double bits = (double)h->rate_gbit_per_s * 1e9 * since_clear_s;
    double ber = bits > 0 ? (double)(v.symbol_errors + 1) / bits : 0;
    /* bad signal integrity: an effective BER above the 1e-12 bound the InfiniBand specification
     * sets for a link (errors from the fault's rate and age, not a count) */
    bool bad_ber = ber > 1e-12;
    char buf[64];
    emu_out_printf(out, "\nOperational Info\n----------------\n");
    mlx_line(out, "State", active ? "Active" : h->state == EMU_PORT_INIT ? "Initialize" : "Polling");
    mlx_line(out, "Physical state", active ? "LinkUp" : "Polling");
    if (active) {
        if (h->ethernet)
            snprintf(buf, sizeof buf, "%dG", h->rate_gbit_per_s);
        else
            snprintf(buf, sizeof buf, "IB-%s", emu_hca_speed_name(h));
        mlx_line(out, "Speed", buf);
        snprintf(buf, sizeof buf, "%dx", h->width > 0 ? h->width : 4);
        mlx_line(out, "Width", buf);
    } else {
        mlx_line(out, "Speed", "N/A");
        mlx_line(out, "Width", "N/A");
    }
    /* 100 Gb/s PAM4 lanes (NDR, 400GbE) need the stronger RS(544,514) code ("KP4", IEEE 802.3
     * clause 91); 50 Gb/s lanes (HDR) run the low-latency RS(271,257). The names as mlxlink
     * prints them (mstflint's mlxlink FEC mode table) */
    int lane_gbit = active ? h->rate_gbit_per_s / (h->width > 0 ? h->width : 4) : 0;
    mlx_line(out, "FEC", !active          ? "N/A"
                         : lane_gbit >= 100 ? "Standard_RS-FEC - (544,514)"
                                            : "Standard LL RS-FEC - RS(271,257)");
    mlx_line(out, "Loopback Mode", "No Loopback");
    mlx_line(out, "Auto Negotiation", "ON");
    emu_out_printf(out, "\nSupported Info\n--------------\n");
    /* the port's speeds, and the cable's from its EEPROM: an HDR cable in an NDR port lists no
     * NDR, which is why the link trained at HDR (emu_hca_supported_rate_gbit_per_s) */
    mlx_line(out, "Enabled Link Speed", ib_speeds(h->ethernet, h->expected_rate_gbit_per_s));
    mlx_line(out, "Supported Cable Speed", ib_speeds(h->ethernet, supported));
    if (counters) {
        emu_out_printf(out, "\nPhysical Counters and BER Info\n------------------------------\n");
        snprintf(buf, sizeof buf, "%.0f", since_clear_s / 60);
        mlx_line(out, "Time Since Last Clear [Min]", buf);
        snprintf(buf, sizeof buf, "%llu", (unsigned long long)v.symbol_errors);
        mlx_line(out, "Effective Physical Errors", buf);
        snprintf(buf, sizeof buf, "%.0E", ber > 0 ? ber : 1e-15);
        mlx_line(out, "Effective Physical BER", buf);
        snprintf(buf, sizeof buf, "%.0E", (ber > 0 ? ber : 1e-15) * 4.0e3);
        mlx_line(out, "Raw Physical BER", buf);
        snprintf(buf, sizeof buf, "%llu", (unsigned long long)v.link_downed);
        mlx_line(out, "Link Down Counter", buf);
        snprintf(buf, sizeof buf, "%llu", (unsigned long long)v.link_error_recovery);
        mlx_line(out, "Link Error Recovery Counter", buf);
    }
    emu_out_printf(out, "\nTroubleshooting Info\n--------------------\n");
    mlx_line(out, "Status Opcode", !active ? "1024" : slow || bad_ber ? "4" : "0");
    mlx_line(out, "Group Opcode", !active ? "PHY FW" : "N/A");
    mlx_line(out, "Recommendation",
             !active ? "Check the cable and the module; the port found no partner (Polling)"
             : narrow ? "Width below the cable's lanes: a lane did not come up; check the cable and module, then "
                        "reset the port"
             : slow ? "Speed below the enabled maximum: check the cable and module, then reset the port"
             : bad_ber ? "Bad signal integrity: check the cable and module, clean or replace them"
                       : "No issue was observed");
    if (module)
        mlx_module(w, c->node, i, out);
    return 0;
}

/* ---- ib_write_bw (perftest) --------------------------------------------------------------------- */

static const char ib_write_bw_usage[] =
    "Usage:\n"
    "  ib_write_bw            start a server and wait for connection\n"
    "  ib_write_bw <host>     connect to server at <host>\n"
    "\nOptions:\n"
    "  -d, --ib-dev=<dev>     use IB device <dev> (default first device found)\n"
    "  -i, --ib-port=<port>   use port <port> of IB device (default 1)\n"
    "  -s, --size=<size>      size of message to exchange (default 65536)\n"
    "  -n, --iters=<iters>    number of exchanges (at least 5, default 5000)\n"
    "  -a, --all              run sizes from 2 till 2^23\n"
    "  -q, --qp=<num of qp's> num of qp's (default 1)\n"
    "  -x, --gid-index=<index> test uses GID with GID index\n"
    "  -F, --CPU-freq         do not fail even if cpufreq_ondemand module is loaded\n"
    "      --report_gbits     report max/average BW of test in Gbit/sec (instead of MiB/sec)\n";

/* Bandwidth of one RDMA write stream in Gb/s for a message size: the slower port's rate times
 * the wire efficiency of IB (4 KB MTU payload per ~4.1 KB on the wire, ~0.98; ib_write_bw reaches
 * ~390 Gb/s on NDR and ~196 on HDR), less a per-message cost (~0.6 us) that small writes cannot
 * amortise. The perftest figures come from NVIDIA's ConnectX-7 and ConnectX-6 product briefs. */
static double write_bw_gbit(double link_gbit, double size_bytes)
{
    double wire = link_gbit * 0.98;
    double t_us = size_bytes * 8.0 / (wire * 1e3) + 0.6 / 128.0; /* 128 writes in flight (TX depth) */
    return size_bytes * 8.0 / (t_us * 1e3);
}

static int cmd_ib_write_bw(emu_context *c, int argc, char **argv, emu_out *out)
{
    emu_world *w = c->world;
    const emu_node *n = &w->nodes[c->node];
    const char *dev = NULL, *host = NULL;
    long size = 65536, iters = 5000;
    bool all = false, gbits = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if ((!strcmp(a, "-d") || !strcmp(a, "--ib-dev")) && i + 1 < argc)
            dev = argv[++i];
        else if (!strncmp(a, "--ib-dev=", 9))
            dev = a + 9;
        else if ((!strcmp(a, "-s") || !strcmp(a, "--size")) && i + 1 < argc) {
            char *e;
            size = strtol(argv[++i], &e, 10);
            if (*e || size < 1 || size > (1L << 30)) {
                emu_out_printf(out, " Size of message should be between 1 and 1073741824\n");
                return 1;
            }
        } else if ((!strcmp(a, "-n") || !strcmp(a, "--iters")) && i + 1 < argc) {
            char *e;
            iters = strtol(argv[++i], &e, 10);
            if (*e || iters < 5 || iters > 100000000) {
                emu_out_printf(out, " Number of iterations should be at least 5\n");
                return 1;
            }
        } else if ((!strcmp(a, "-i") || !strcmp(a, "--ib-port") || !strcmp(a, "-q") || !strcmp(a, "--qp") ||
                    !strcmp(a, "-x") || !strcmp(a, "--gid-index")) && i + 1 < argc)
            i++;
        else if (!strcmp(a, "-a") || !strcmp(a, "--all"))
            all = true;
        else if (!strcmp(a, "--report_gbits"))
            gbits = true;
        else if (!strcmp(a, "-F") || !strcmp(a, "--CPU-freq"))
            continue;
        else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            emu_out_write(out, ib_write_bw_usage, sizeof ib_write_bw_usage - 1);
            return 0;
        } else if (a[0] == '-') {
            emu_out_printf(out, "ib_write_bw: unrecognized option '%.64s'\n", a);
            emu_out_write(out, ib_write_bw_usage, sizeof ib_write_bw_usage - 1);
            return 1;
        } else if (!host)
            host = a;
        else {
            emu_out_write(out, ib_write_bw_usage, sizeof ib_write_bw_usage - 1);
            return 1;
        }
    }
    if (!n->verbs_available) {
        emu_out_printf(out, "ib_write_bw: error while loading shared libraries: libibverbs.so.1: "
                            "cannot open shared object file: No such file or directory\n");
        return 127;
    }
    int li = dev ? emu_node_find_hca(w, c->node, dev) : 0;
    if (li < 0) {
        emu_out_printf(out, " IB device %.64s not found\n Unable to find the Infiniband/RoCE device\n", dev);
        return 1;
    }
    const emu_hca *lh = &n->hcas[li];
    if (lh->state != EMU_PORT_ACTIVE) {
        emu_out_printf(out, " Port number 1 state is %s\n Couldn't set the link layer\n Couldn't get context for the device\n",
                       lh->state == EMU_PORT_DOWN ? "Down" : "Init");
        return 1;
    }
    const char *line = "---------------------------------------------------------------------------------------\n";
    emu_out_printf(out, "\n");
    if (!host) {
        emu_out_printf(out, "************************************\n"
                            "* Waiting for client to connect... *\n"
                            "************************************\n");
        return 0;
    }
    int peer = emu_world_find_node(w, host);
    if (peer < 0 || !emu_node_reachable(w, peer)) {
        emu_out_printf(out, "%s: %s\n Unable to open file descriptor for socket connection Unable to init the socket connection\n",
                       peer < 0 ? "Couldn't resolve host" : "Couldn't connect to", host);
        return 1;
    }
    /* the server side uses the same device name (one rail to the same rail; on the same host the
     * write loops back through the port) */
    int ri = emu_node_find_hca(w, peer, lh->name);
    const emu_hca *rh = ri >= 0 ? &w->nodes[peer].hcas[ri] : NULL;
    if (!rh || rh->state != EMU_PORT_ACTIVE || rh->ethernet != lh->ethernet) {
        emu_out_printf(out, " Couldn't connect to %s:18515\n Unable to open file descriptor for socket connection Unable to init the socket connection\n",
                       host);
        return 1;
    }
    emu_out_printf(out, "%s                    RDMA_Write BW Test\n", line);
    emu_out_printf(out, " Dual-port       : OFF\t\tDevice         : %s\n", lh->name);
    emu_out_printf(out, " Number of qps   : 1\t\tTransport type : IB\n");
    emu_out_printf(out, " Connection type : RC\t\tUsing SRQ      : OFF\n");
    emu_out_printf(out, " PCIe relax order: ON\n ibv_wr* API     : ON\n TX depth        : 128\n CQ Moderation   : 1\n");
    emu_out_printf(out, " Mtu             : %s\n", lh->ethernet ? "4096[B]" : "4096[B]");
    emu_out_printf(out, " Link type       : %s\n", lh->ethernet ? "Ethernet" : "IB");
    if (lh->ethernet)
        emu_out_printf(out, " GID index       : 3\n");
    emu_out_printf(out, " Max inline data : 0[B]\n rdma_cm QPs\t : OFF\n Data ex. method : Ethernet\n%s", line);
    uint64_t q1 = emu_hash(w->seed, "qpn", (uint64_t)c->node, w->commands_run);
    uint64_t q2 = emu_hash(w->seed, "qpn", (uint64_t)peer, w->commands_run);
    emu_out_printf(out, " local address: LID %#06x QPN %#06x PSN %#08x RKey %#08x VAddr 0x%012llx\n",
                   lh->ethernet ? 0 : lh->lid, (unsigned)(q1 & 0xffff), (unsigned)((q1 >> 16) & 0xffffff),
                   (unsigned)((q1 >> 40) & 0x1fffff), (unsigned long long)(0x7f0000000000ull | (q1 & 0xffffffffffull)));
    emu_out_printf(out, " remote address: LID %#06x QPN %#06x PSN %#08x RKey %#08x VAddr 0x%012llx\n",
                   rh->ethernet ? 0 : rh->lid, (unsigned)(q2 & 0xffff), (unsigned)((q2 >> 16) & 0xffffff),
                   (unsigned)((q2 >> 40) & 0x1fffff), (unsigned long long)(0x7f0000000000ull | (q2 & 0xffffffffffull)));
    emu_out_printf(out, "%s", line);
    emu_out_printf(out, " #bytes     #iterations    BW peak[%s]    BW average[%s]   MsgRate[Mpps]\n",
                   gbits ? "Gb/sec" : "MiB/sec", gbits ? "Gb/sec" : "MiB/sec");
    double link = lh->rate_gbit_per_s < rh->rate_gbit_per_s ? lh->rate_gbit_per_s : rh->rate_gbit_per_s;
    /* a marginal link on either side (symbol errors per second) costs link-level retransmissions:
     * 2% of the rate per error a second (modelling choice) */
    double errors = (double)(lh->symbol_error_rate_per_s + rh->symbol_error_rate_per_s);
    if (errors > 0)
        link *= 1.0 / (1.0 + 0.02 * errors);
    /* between two nodes the write crosses the fabric: a degraded, congested or shared uplink on
     * the path takes its share (model/fabric.c) */
    if (peer != c->node)
        link *= emu_fabric_path_share(w, c->node, peer, lh->rail > 0 ? lh->rail : 0);
    for (long sz = all ? 2 : size; sz <= (all ? (1L << 23) : size); sz *= 2) {
        double avg = write_bw_gbit(link, (double)sz) * (1.0 + 0.004 * emu_sample(w, "ibwbw", (int)(sz & 0x7fffffff), c->node));
        double peak = avg * 1.002;
        double mpps = avg * 1e9 / 8.0 / (double)sz / 1e6;
        if (gbits)
            emu_out_printf(out, " %-10ld %-16ld %.2f             %.2f\t\t   %.6f\n", sz, all ? 5000L : iters, peak, avg, mpps);
        else
            emu_out_printf(out, " %-10ld %-16ld %.2f             %.2f\t\t   %.6f\n", sz, all ? 5000L : iters,
                           peak * 1e9 / 8.0 / 1048576.0, avg * 1e9 / 8.0 / 1048576.0, mpps);
        if (!all)
            break;
    }
    emu_out_printf(out, "%s", line);
    return 0;
}

/* ---- the table entries ------------------------------------------------------------------------------ */

static const char *const ibstat_flags[] = {"-l", "-s", "-p", "-V", "-h", "--list_of_cas", "--short", NULL};
static const char *const ibv_devinfo_flags[] = {"-d", "-i", "-l", "-v", "-h", "--ib-dev=", "--verbose", NULL};
static const char *const ibdev2netdev_flags[] = {"-v", "-h", NULL};
static const char *const perfquery_flags[] = {"-x", "-r", "-R", "-a", "-C", "-P", "-h", "--extended", NULL};
static const char *const ibstatus_flags[] = {"-h", NULL};
static const char *const mlxlink_flags[] = {"-d", "-c", "-m", "--help", NULL};
static const char *const ib_write_bw_flags[] = {"-d", "-s", "-n", "-a", "-q", "-x", "-F", "--report_gbits", NULL};

/* Completion: HCA names where a command takes one (ibstat and ibstatus CA, ibv_devinfo -d,
 * perfquery -C, mlxlink -d). */
static void complete_hca(const emu_world *w, int node, int argc, char **argv, emu_out *candidates)
{
    const char *cmd = argv[0], *prev = argv[argc - 1];
    bool want = ((!strcmp(cmd, "ibstat") || !strcmp(cmd, "ibstatus")) && argc == 1) ||
                (!strcmp(cmd, "ibv_devinfo") && !strcmp(prev, "-d")) ||
                (!strcmp(cmd, "perfquery") && !strcmp(prev, "-C")) ||
                (!strcmp(cmd, "mlxlink") && !strcmp(prev, "-d"));
    for (int h = 0; want && h < w->nodes[node].n_hcas; h++)
        emu_out_printf(candidates, "%s\n", w->nodes[node].hcas[h].name);
}

const emu_command emu_cmd_ibstat = {
    "ibstat", cmd_ibstat, "InfiniBand HCA and port status: state, physical state, rate, LIDs",
    EMU_HELP("usage: ibstat [-l | -s | -p] [CA [PORT]]\n"
    "  Every CA of this node, or one (ibstat mlx5_0) and one port (ibstat mlx5_0 1).\n"
    "  Rate is the negotiated rate in Gb/s: 400 for NDR 4X, 200 for HDR 4X.\n"),
    ibstat_flags,
    .cost = EMU_COST_TOOL, .complete = complete_hca
};

const emu_command emu_cmd_ibv_devinfo = {
    "ibv_devinfo", cmd_ibv_devinfo, "RDMA devices as libibverbs sees them",
    EMU_HELP("usage: ibv_devinfo [-d DEV] [-i PORT] [-l] [-v]\n"
    "  -v adds active_width, active_speed, phys_state and the GID table.\n"),
    ibv_devinfo_flags,
    .cost = EMU_COST_TOOL, .complete = complete_hca
};

const emu_command emu_cmd_ibdev2netdev = {
    "ibdev2netdev", cmd_ibdev2netdev, "map RDMA devices to their network interfaces",
    EMU_HELP("usage: ibdev2netdev [-v]\n  One line per port: mlx5_0 port 1 ==> ibp24s0 (Up).\n"),
    ibdev2netdev_flags,
    .cost = EMU_COST_TOOL
};

const emu_command emu_cmd_perfquery = {
    "perfquery", cmd_perfquery, "InfiniBand port counters (errors, data, XmitWait)",
    EMU_HELP("usage: perfquery [-x] [-r | -R] [-C CA] [-P PORT] [LID [PORT]]\n"
    "  Without -x the counters have their hardware widths and saturate (PortXmitData is 32-bit).\n"
    "  -r reads then resets, -R only resets; a LID reads that port anywhere in the fabric.\n"),
    perfquery_flags,
    .cost = EMU_COST_TOOL, .complete = complete_hca
};

/* `ibtracert [-C CA] [-P PORT] SLID DLID`: the route between two ports across the fabric
 * (fabric.h: each port's leaf, the uplink destination-mod-k routing picks, a spine), with each
 * hop's GUID, port and LID as infiniband-diags prints them. Switch LIDs: EMU_LEAF_LID_BASE and
 * EMU_SPINE_LID_BASE (fabric.h). */
/* ibtracert's usage as infiniband-diags prints it for -h and after a bad option
 * (ibdiag_common.c ibdiag_show_usage: its own options, then the common ones). */
static void ibtracert_usage(emu_out *out)
{
    emu_out_printf(out, "Usage: ibtracert [options] <src-addr> <dest-addr>\n\n"
                        "Trace path between nodes\n\n"
                        "Options:\n"
                        "  --no_info, -n          simple format\n"
                        "  --mlid, -m <mlid>      multicast trace of the mlid\n"
                        "  --node-name-map <file> node name map file\n"
                        "  --Ca, -C <ca>          Ca name to use\n"
                        "  --Port, -P <port>      Ca port number to use\n"
                        "  --Lid, -L              use LID address argument\n"
                        "  --Guid, -G             use GUID address argument\n"
                        "  --timeout, -t <ms>     timeout in ms\n"
                        "  --sm_port, -s <lid>    SM port lid\n"
                        "  --errors, -e           show send and receive errors\n"
                        "  --verbose, -v          increase verbosity level\n"
                        "  --debug, -d            raise debug level\n"
                        "  --help, -h             help message\n"
                        "  --version, -V          show version\n\n"
                        "Examples:\n"
                        "  ibtracert 2 23         # show the path from lid 2 to lid 23\n");
}

static int cmd_ibtracert(emu_context *c, int argc, char **argv, emu_out *out)
{
    const emu_world *w = c->world;
    int lids[2], nl = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        /* the options that take a value, short and long */
        static const char *const valued[] = {"-C", "--Ca", "-P", "--Port", "-t", "--timeout", "-s",
                                             "--sm_port", "--node-name-map", "--ports-file", "-z",
                                             "--config", "-m", "--mlid"};
        static const char *const flags[] = {"-n", "--no_info", "-L", "--Lid", "-e", "--errors", "-v",
                                            "--verbose", "-d", "--debug"};
        bool value = false, flag = false;
        for (size_t k = 0; k < sizeof valued / sizeof valued[0]; k++)
            value |= !strcmp(a, valued[k]);
        for (size_t k = 0; k < sizeof flags / sizeof flags[0]; k++)
            flag |= !strcmp(a, flags[k]);
        if (value && i + 1 >= argc) { /* getopt_long: the option's argument is missing */
            if (a[1] == '-')
                emu_out_printf(out, "ibtracert: option '%s' requires an argument\n", a);
            else
                emu_out_printf(out, "ibtracert: option requires an argument -- '%c'\n", a[1]);
            ibtracert_usage(out);
            return 2;
        }
        if (value && (!strcmp(a, "-m") || !strcmp(a, "--mlid"))) {
            emu_out_printf(out, "ibtracert: -m (a multicast group's path): not simulated; the fabric "
                                "model holds no multicast groups. ibtracert SLID DLID traces a unicast "
                                "route.\n");
            return 1;
        }
        if (value) {
            i++;
        } else if (flag) {
            continue;
        } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            ibtracert_usage(out);
            return 2;
        } else if (!strcmp(a, "-G") || !strcmp(a, "--Guid")) {
            emu_out_printf(out, "ibtracert: -G (GUID addresses): not simulated; give the LIDs ibstat "
                                "prints (Base lid).\n");
            return 1;
        } else if (!strcmp(a, "-V") || !strcmp(a, "--version")) {
            emu_out_printf(out, "ibtracert: -V: not simulated (the version of infiniband-diags)\n");
            return 1;
        } else if (a[0] == '-' && a[1]) {
            if (a[1] == '-')
                emu_out_printf(out, "ibtracert: unrecognized option '%s'\n", a);
            else
                emu_out_printf(out, "ibtracert: invalid option -- '%c'\n", a[1]);
            ibtracert_usage(out);
            return 2;
        } else if (nl < 2) {
            lids[nl++] = atoi(a);
        }
    }
    if (nl < 2) {
        ibtracert_usage(out);
        return 2;
    }
    int node[2] = {-1, -1}, hca[2] = {-1, -1};
    for (int k = 0; k < 2; k++)
        for (int n = 0; n < w->n_nodes; n++)
            for (int h = 0; h < w->nodes[n].n_hcas; h++)
                if (!w->nodes[n].hcas[h].ethernet && w->nodes[n].hcas[h].lid == lids[k])
                    node[k] = n, hca[k] = h;
    if (node[0] < 0 || node[1] < 0) {
        emu_out_printf(out, "ibwarn: [%d] find_route: can't find a route from src lid %d to dlid %d\n"
                            "ibtracert: iberror: failed: can't find a route from src lid %d to dlid %d\n",
                       4200, lids[0], lids[1], lids[0], lids[1]);
        return 1;
    }
    const emu_hca *a = &w->nodes[node[0]].hcas[hca[0]], *b = &w->nodes[node[1]].hcas[hca[1]];
    if (a->state != EMU_PORT_ACTIVE || b->state != EMU_PORT_ACTIVE) {
        emu_out_printf(out, "ibwarn: [%d] _do_madrpc: recv failed: Connection timed out\n"
                            "ibtracert: iberror: failed: route to dlid %d: port not active\n", 4200, lids[1]);
        return 1;
    }
    const emu_cluster_desc *cl = &w->cluster;
    int rail = a->rail < 0 ? 0 : a->rail;
    int la = emu_fabric_leaf_of(cl, node[0], rail), lb = emu_fabric_leaf_of(cl, node[1], rail);
    int per = cl->fabric.nodes_per_leaf > 0 ? cl->fabric.nodes_per_leaf : 1;
    int up = cl->fabric.uplinks_per_leaf > 0 ? cl->fabric.uplinks_per_leaf : 1;
    int uplink = (node[1] % per) % up;
    char leaf_a[32], leaf_b[32];
    emu_fabric_leaf_name(cl, la, leaf_a, sizeof leaf_a);
    emu_fabric_leaf_name(cl, lb, leaf_b, sizeof leaf_b);
    emu_out_printf(out, "From ca {0x%016llx} portnum 1 lid %d-%d \"%s %s\"\n", (unsigned long long)a->guid,
                   a->lid, a->lid, w->nodes[node[0]].name, a->name);
    int down_a = node[0] % per + 1, down_b = node[1] % per + 1;
    emu_out_printf(out, "[1] -> switch port {0x%016llx}[%d] lid %d-%d \"%s\"\n",
                   (unsigned long long)emu_hash(w->seed, "leaf", (uint64_t)la, 0), down_a, EMU_LEAF_LID_BASE + la,
                   EMU_LEAF_LID_BASE + la, leaf_a);
    if (la != lb) {
        emu_out_printf(out, "[%d] -> switch port {0x%016llx}[%d] lid %d-%d \"spine%02d\"\n", per + 1 + uplink,
                       (unsigned long long)emu_hash(w->seed, "spine", (uint64_t)uplink, 0), 1 + la % 64,
                       EMU_SPINE_LID_BASE + uplink, EMU_SPINE_LID_BASE + uplink, uplink + 1);
        emu_out_printf(out, "[%d] -> switch port {0x%016llx}[%d] lid %d-%d \"%s\"\n", 1 + lb % 64,
                       (unsigned long long)emu_hash(w->seed, "leaf", (uint64_t)lb, 0), per + 1 + uplink,
                       EMU_LEAF_LID_BASE + lb, EMU_LEAF_LID_BASE + lb, leaf_b);
    }
    emu_out_printf(out, "[%d] -> ca port {0x%016llx}[1] lid %d-%d \"%s %s\"\n", down_b,
                   (unsigned long long)b->guid, b->lid, b->lid, w->nodes[node[1]].name, b->name);
    emu_out_printf(out, "To ca {0x%016llx} portnum 1 lid %d-%d \"%s %s\"\n", (unsigned long long)b->guid,
                   b->lid, b->lid, w->nodes[node[1]].name, b->name);
    return 0;
}

/* A lane rate as libibmad prints it (dump.c: "2.5 Gbps", "5.0 Gbps", "10.0 Gbps", "14.0625 Gbps",
 * ...): a whole number of Gbps keeps one decimal, the others print as they are. */
static void lane_str(int lane_rate_mbit, char *buf, size_t size)
{
    if (lane_rate_mbit % 1000 == 0)
        snprintf(buf, size, "%d.0 Gbps", lane_rate_mbit / 1000);
    else
        snprintf(buf, size, "%g Gbps", lane_rate_mbit / 1000.0);
}

/* One iblinkinfo port line: "LID PORT[  ] ==(WIDTH SPEED STATE/PHYS)==> LID PORT[  ] "NAME" (..)"
 * (infiniband-diags' iblinkinfo: the lane rate, not the link's, as in "4X 106.25 Gbps"). The
 * last parentheses hold get_max_msg's "Could be 4X" when the link trained narrower than both
 * ends support (could_width > width) and "Could be 106.25 Gbps" when slower (could_lane_mbit >
 * lane_rate_mbit), empty otherwise: "( )" (rdma-core infiniband-diags ibdiag_common.c). */
static void link_line(int lid, int port, int width, int lane_rate_mbit, bool up, int rlid, int rport,
                      const char *rname, int could_width, int could_lane_mbit, emu_out *out)
{
    char speed[24];
    if (!up) {
        emu_out_printf(out, "      %6d %4d[  ] ==(                Down/ Polling)==>             [  ] \"\" ( )\n",
                       lid, port);
        return;
    }
    lane_str(lane_rate_mbit, speed, sizeof speed);
    char w[16], wmsg[24] = "", smsg[40] = "";
    snprintf(w, sizeof w, "%dX", width);
    if (could_width > width)
        snprintf(wmsg, sizeof wmsg, "Could be %dX", could_width);
    if (could_lane_mbit > lane_rate_mbit) {
        char best[24];
        lane_str(could_lane_mbit, best, sizeof best);
        snprintf(smsg, sizeof smsg, "Could be %s", best);
    }
    /* infiniband-diags iblinkinfo.c print_port: six blanks, "%6d %4d[%2s] ==", the link as
     * "(%3s %18s %6s/%8s)", "==>  ", the remote "%6d %4d[%2s] \"%s\" (%s %s)" */
    emu_out_printf(out, "      %6d %4d[  ] ==(%3s %18s %6s/%8s)==>  %6d %4d[  ] \"%s\" (%s %s)\n", lid, port, w,
                   speed, "Active", "LinkUp", rlid, rport, rname, wmsg, smsg);
}

/* A lane rate in Mb/s as iblinkinfo prints it: the signalling rate of NDR's, HDR's and EDR's lanes. */
static int iblink_lane(int lane_mbit_per_s)
{
    return lane_mbit_per_s == 100000 ? 106250 : lane_mbit_per_s == 50000 ? 53125 : lane_mbit_per_s == 25000 ? 25781 : lane_mbit_per_s;
}

/* The lane rate in Mb/s that uplink u of leaf shows: the leaf's adapters' design lane rate
 * (lane_max, or NDR's when none) unless the uplink trained below the port rate (4 lanes). */
static int uplink_lane_mbit(const emu_world *w, int leaf, int u, int lane_max)
{
    const emu_cluster_desc *cl = &w->cluster;
    int lane = lane_max ? lane_max : 106250;
    double full = cl->hca_rate_gbit_per_s > 0 ? cl->hca_rate_gbit_per_s : 0;
    double rate = emu_fabric_uplink_rate_gbit_per_s(w, leaf, u);
    if (full > 0 && rate < full)
        lane = iblink_lane((int)(rate * 1000 / 4));
    return lane;
}

/* The most leaves a fabric has: a plane per compute rail, a leaf per node in each. */
#define IBLINK_MAX_LEAVES (EMU_MAX_COMPUTE_HCAS * EMU_MAX_NODES)

/* `iblinkinfo`: every switch of the fabric with its ports: each leaf down to the nodes' adapters
 * (each port's width and lane rate as trained, so a 2X, a down port or a slower cable shows) and
 * up to the spines, in ibtracert's numbering (a node's port is its index on the leaf + 1, the
 * uplinks follow), then each spine with its ports to the leaves. A link below what both its ends
 * (and its cable: emu_hca_supported_rate_gbit_per_s) support says what it could be. */
static int cmd_iblinkinfo(emu_context *c, int argc, char **argv, emu_out *out)
{
    (void)argc, (void)argv;
    const emu_world *w = c->world;
    const emu_cluster_desc *cl = &w->cluster;
    int leaves = emu_fabric_planes(cl) * emu_fabric_leaves_per_plane(cl);
    int per = cl->fabric.nodes_per_leaf > 0 ? cl->fabric.nodes_per_leaf : 1;
    int up = cl->fabric.uplinks_per_leaf > 0 ? cl->fabric.uplinks_per_leaf : 1;
    if (leaves > IBLINK_MAX_LEAVES)
        leaves = IBLINK_MAX_LEAVES;
    /* each leaf's largest design lane rate among its compute adapters (0 when none), found in one
     * pass: the uplinks run at the ports' design rate (their own cables), whatever a node's cable
     * trained at */
    int lane_max[IBLINK_MAX_LEAVES];
    memset(lane_max, 0, sizeof lane_max[0] * (size_t)leaves);
    for (int n = 0; n < w->n_nodes; n++)
        for (int h = 0; h < w->nodes[n].n_hcas; h++) {
            const emu_hca *a = &w->nodes[n].hcas[h];
            int leaf = a->ethernet || !a->compute ? -1 : emu_fabric_leaf_of(cl, n, a->rail < 0 ? 0 : a->rail);
            if (leaf < 0 || leaf >= leaves)
                continue;
            int lane = iblink_lane(a->expected_rate_gbit_per_s * 1000 / (a->expected_width > 0 ? a->expected_width : 4));
            if (lane > lane_max[leaf])
                lane_max[leaf] = lane;
        }
    for (int leaf = 0; leaf < leaves; leaf++) {
        char name[32];
        emu_fabric_leaf_name(cl, leaf, name, sizeof name);
        emu_out_printf(out, "Switch: 0x%016llx %s:\n", (unsigned long long)emu_hash(w->seed, "leaf", (uint64_t)leaf, 0), name);
        for (int n = 0; n < w->n_nodes; n++)
            for (int h = 0; h < w->nodes[n].n_hcas; h++) {
                const emu_hca *a = &w->nodes[n].hcas[h];
                if (a->ethernet || !a->compute || emu_fabric_leaf_of(cl, n, a->rail < 0 ? 0 : a->rail) != leaf)
                    continue;
                int width = a->width > 0 ? a->width : 4, ew = a->expected_width > 0 ? a->expected_width : 4;
                /* the lane rate the link trained at (a slower cable's, emu_hca_supported_rate_gbit_per_s) */
                int lane = iblink_lane(a->rate_gbit_per_s * 1000 / width);
                int could = iblink_lane(emu_hca_supported_rate_gbit_per_s(w, a) * 1000 / ew);
                char rname[48];
                snprintf(rname, sizeof rname, "%s %s", w->nodes[n].name, a->name);
                link_line(EMU_LEAF_LID_BASE + leaf, n % per + 1, width, lane, a->state == EMU_PORT_ACTIVE, a->lid, 1, rname,
                          ew, could, out);
            }
        int design = lane_max[leaf] ? lane_max[leaf] : 106250;
        for (int u = 0; u < up; u++) {
            char spine[24];
            snprintf(spine, sizeof spine, "spine%02d", u + 1);
            link_line(EMU_LEAF_LID_BASE + leaf, per + 1 + u, 4, uplink_lane_mbit(w, leaf, u, lane_max[leaf]), true,
                      EMU_SPINE_LID_BASE + u, 1 + leaf % 64, spine, 4, design, out);
        }
    }
    /* iblinkinfo walks every switch the subnet manager discovered (infiniband-diags
     * iblinkinfo.c: one block per switch node), the spines too: spine u + 1's port 1 + leaf % 64
     * faces uplink u of each leaf, the same link seen from its other end */
    for (int u = 0; u < up; u++) {
        char spine[24];
        snprintf(spine, sizeof spine, "spine%02d", u + 1);
        emu_out_printf(out, "Switch: 0x%016llx %s:\n", (unsigned long long)emu_hash(w->seed, "spine", (uint64_t)u, 0), spine);
        for (int leaf = 0; leaf < leaves && leaf < 64; leaf++) {
            char name[32];
            emu_fabric_leaf_name(cl, leaf, name, sizeof name);
            link_line(EMU_SPINE_LID_BASE + u, 1 + leaf % 64, 4, uplink_lane_mbit(w, leaf, u, lane_max[leaf]), true,
                      EMU_LEAF_LID_BASE + leaf, per + 1 + u, name, 4, lane_max[leaf] ? lane_max[leaf] : 106250, out);
        }
    }
    return 0;
}

const emu_command emu_cmd_ibstatus = {
    "ibstatus", cmd_ibstatus, "InfiniBand port status in short: state, physical state, rate and width",
    EMU_HELP("usage: ibstatus [DEV[:PORT]]\n  rate: 4X at the fabric's generation on a healthy port:\n"
    "  200 Gb/sec (4X HDR) on HDR, 400 Gb/sec (4X NDR) on NDR.\n"), ibstatus_flags,
    .cost = EMU_COST_TOOL, .complete = complete_hca
};

const emu_command emu_cmd_mlxlink = {
    "mlxlink", cmd_mlxlink, "NVIDIA/Mellanox link diagnostics of one port: speed, width, BER, advice",
    EMU_HELP("usage: mlxlink -d DEV [-c] [-m]\n"
    "  -c adds the physical counters and BER since the last clear, -m the cable or transceiver\n"
    "  (Module Info: part, length, temperature, per-lane Rx/Tx power). The Recommendation line says\n"
    "  what the firmware would look at first. Identifier is the module's SFF-8024 byte: an HDR\n"
    "  QSFP56 cable reports QSFP28 (11h, \"QSFP28 or later\"), an NDR module OSFP.\n"),
    mlxlink_flags,
    .cost = EMU_COST_TOOL, .complete = complete_hca
};

const emu_command emu_cmd_ib_write_bw = {
    "ib_write_bw", cmd_ib_write_bw, "perftest RDMA write bandwidth between two nodes' ports",
    EMU_HELP("usage: ib_write_bw [-d DEV] [-s SIZE | -a] [-n ITERS] [--report_gbits] [HOST]\n"
    "  With HOST it is the client: the server on HOST is taken to be listening on the same\n"
    "  device (one rail to the same rail). The bandwidth is the slower port's rate: about 390\n"
    "  Gb/s on NDR, 196 on HDR. Without HOST it starts a server that waits for a client.\n"),
    ib_write_bw_flags,
    .cost = EMU_COST_TOOL
};

const emu_command emu_cmd_ibtracert = {
    "ibtracert", cmd_ibtracert, "the route between two InfiniBand ports (LIDs) through the fabric",
    EMU_HELP("usage: ibtracert [-n] [-C CA] [-P PORT] SLID DLID\n  LIDs: ibstat's Base lid. Each hop: the switch, its port and LID.\n"
    "  An option ibtracert does not have gets its usage, as the real one prints it.\n"),
    NULL, .cost = EMU_COST_TOOL
};

const emu_command emu_cmd_iblinkinfo = {
    "iblinkinfo", cmd_iblinkinfo, "every switch of the InfiniBand fabric with its ports' width, rate and peer",
    EMU_HELP("usage: iblinkinfo\n  Each port: LID PORT ==(WIDTH LANE-RATE STATE/PHYS)==> the peer's LID, port and name.\n"
    "  4X at the port's generation's lane rate is full width (HDR: 4X 53.125 Gbps, 200 Gb/s;\n"
    "  NDR: 4X 106.25 Gbps, 400 Gb/s); 2X or 1X is degraded unless the port was split on purpose.\n"),
    NULL, .cost = EMU_COST_TOOL
};
