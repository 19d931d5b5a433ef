/* ip.c: `ip link` / `ip -s link` / `ip link show DEV` / `ip addr` (iproute2) over the node's
 * interfaces: lo, the HCAs' netdevs (IPoIB and Ethernet) and the front-end bond. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net_tools.h"
#include "out.h"
#include "tools.h"
#include "model/hca.h"
#include "model/world.h"

int emu_netdev_list(const emu_world *w, int node, emu_netdev *devs)
{
    const emu_node *n = &w->nodes[node];
    int count = 0;
    emu_netdev *d = &devs[count++];
    memset(d, 0, sizeof *d);
    d->ifindex = 1;
    snprintf(d->name, sizeof d->name, "lo");
    d->kind = EMU_NETDEV_LOOPBACK;
    d->hca = -1;
    d->carrier = true;
    d->mtu = 65536;
    d->rx_bytes = d->tx_bytes = 48213775ull + (uint64_t)(w->now_s - w->start_time_s) * 1200u;
    d->rx_packets = d->tx_packets = d->rx_bytes / 310;
    bool any_slave_up = false;
    uint64_t bond_rx = 0, bond_tx = 0, bond_rxp = 0, bond_txp = 0;
    for (int i = 0; i < n->n_hcas && count < EMU_MAX_NETDEVS - 1; i++) {
        const emu_hca *h = &n->hcas[i];
        emu_hca_counters c;
        emu_hca_counters_now(w, node, i, &c);
        d = &devs[count++];
        memset(d, 0, sizeof *d);
        d->ifindex = count;
        snprintf(d->name, sizeof d->name, "%s", h->netdev);
        d->kind = h->ethernet ? EMU_NETDEV_ETHER : EMU_NETDEV_IPOIB;
        d->hca = i;
        d->carrier = h->state == EMU_PORT_ACTIVE;
        d->mtu = h->ethernet ? 9000 : 4092; /* jumbo Ethernet; IPoIB datagram mode on a 4K IB MTU */
        d->speed_mbit_per_s = d->carrier ? h->rate_gbit_per_s * 1000 : 0;
        if (h->ethernet) {
            snprintf(d->master, sizeof d->master, "%s", n->bootstrap_netdev);
            /* the bond carries the front end: bootstrap, storage clients, ssh */
            d->rx_bytes = c.rcv_data * 4;
            d->tx_bytes = c.xmit_data * 4;
            d->rx_packets = c.rcv_pkts;
            d->tx_packets = c.xmit_pkts;
            any_slave_up |= d->carrier;
            bond_rx += d->rx_bytes;
            bond_tx += d->tx_bytes;
            bond_rxp += d->rx_packets;
            bond_txp += d->tx_packets;
        } else {
            /* IPoIB carries only IP traffic, a sliver of what the verbs traffic moves */
            d->rx_bytes = c.rcv_data / 2000 * 4;
            d->tx_bytes = c.xmit_data / 2000 * 4;
            d->rx_packets = d->rx_bytes / 1800;
            d->tx_packets = d->tx_bytes / 1800;
        }
        d->rx_errors = c.rcv_errors;
    }
    d = &devs[count++];
    memset(d, 0, sizeof *d);
    d->ifindex = count;
    snprintf(d->name, sizeof d->name, "%s", n->bootstrap_netdev);
    d->kind = EMU_NETDEV_BOND;
    d->hca = -1;
    d->carrier = any_slave_up;
    d->mtu = 9000;
    d->speed_mbit_per_s = any_slave_up ? n->bootstrap_rate_gbit_per_s * 1000 : 0;
    d->rx_bytes = bond_rx;
    d->tx_bytes = bond_tx;
    d->rx_packets = bond_rxp;
    d->tx_packets = bond_txp;
    return count;
}

/* The link-layer address: a MAC for Ethernet (Mellanox OUI b8:3f:d2 with bytes of the GUID), the
 * 20-byte IPoIB address (QPN, the fe80 prefix, the port GUID) for InfiniBand. */
static void link_address(const emu_world *w, int node, const emu_netdev *d, char *addr, size_t asize,
                         char *brd, size_t bsize)
{
    const emu_node *n = &w->nodes[node];
    if (d->kind == EMU_NETDEV_LOOPBACK) {
        snprintf(addr, asize, "00:00:00:00:00:00");
        snprintf(brd, bsize, "00:00:00:00:00:00");
        return;
    }
    uint64_t g;
    if (d->kind == EMU_NETDEV_BOND || d->master[0]) {
        /* a bond takes its first slave's address, and every slave then carries the bond's: the
         * kernel's bond_enslave() (drivers/net/bonding/bond_main.c) saves the slave's own address
         * as its perm_hwaddr and sets the master's on it in every mode but active-backup with
         * fail_over_mac (802.3ad here); /proc/net/bonding shows the permanent one */
        g = 0;
        for (int i = 0; i < n->n_hcas; i++)
            if (n->hcas[i].ethernet) {
                g = n->hcas[i].guid;
                break;
            }
    } else {
        g = n->hcas[d->hca].guid;
    }
    if (d->kind == EMU_NETDEV_IPOIB) {
        snprintf(addr, asize, "00:00:10:29:fe:80:00:00:00:00:00:00:%02x:%02x:%02x:%02x:%02x:%02x:%02x:%02x",
                 (unsigned)(g >> 56) & 0xff, (unsigned)(g >> 48) & 0xff, (unsigned)(g >> 40) & 0xff,
                 (unsigned)(g >> 32) & 0xff, (unsigned)(g >> 24) & 0xff, (unsigned)(g >> 16) & 0xff,
                 (unsigned)(g >> 8) & 0xff, (unsigned)g & 0xff);
        snprintf(brd, bsize, "00:ff:ff:ff:ff:12:40:1b:ff:ff:00:00:00:00:00:00:ff:ff:ff:ff");
        return;
    }
    snprintf(addr, asize, "b8:3f:d2:%02x:%02x:%02x", (unsigned)(g >> 16) & 0xff, (unsigned)(g >> 8) & 0xff,
             (unsigned)g & 0xff);
    snprintf(brd, bsize, "ff:ff:ff:ff:ff:ff");
}

/* /proc/net/bonding/BOND as bond_procfs.c (Linux 6.8) prints it to a reader without
 * CAP_NET_ADMIN (the 802.3ad system and LACP partner details are root's). bond_version is
 * "Ethernet Channel Bonding Driver: v" UTS_RELEASE and a newline (bonding_priv.h). The bond's
 * settings are the front-end bond of a BasePOD-style node, dual-homed to an MLAG pair of
 * switches (NVIDIA DGX BasePOD deployment guide, "Network Deployment"): mode 802.3ad, a modelling
 * choice for the rest (netplan's usual lacp-rate fast, mii-monitor-interval 100,
 * transmit-hash-policy layer3+4). Each slave's Permanent HW addr is its own address, which ip
 * link no longer shows (bond_enslave() set the bond's on it). A slave whose port is down has
 * left the aggregator: its own aggregator (the port's id), churned, one link failure. */
int emu_proc_net_file(const emu_world *w, int node, const char *rest, emu_out *out)
{
    const emu_node *n = &w->nodes[node];
    if (!*rest || !strcmp(rest, "/bonding")) {
        if (out)
            emu_out_printf(out, *rest ? "%s\n" : "bonding/\n", n->bootstrap_netdev);
        return 2;
    }
    if (strncmp(rest, "/bonding/", 9) || strcmp(rest + 9, n->bootstrap_netdev))
        return 0;
    if (!out)
        return 1;
    emu_netdev devs[EMU_MAX_NETDEVS];
    int count = emu_netdev_list(w, node, devs);
    emu_out_printf(out, "Ethernet Channel Bonding Driver: v%s\n\nBonding Mode: IEEE 802.3ad Dynamic link "
                        "aggregation\nTransmit Hash Policy: layer3+4 (1)\nMII Status: %s\nMII Polling "
                        "Interval (ms): 100\nUp Delay (ms): 0\nDown Delay (ms): 0\nPeer Notification "
                        "Delay (ms): 0\n\n802.3ad info\nLACP active: on\nLACP rate: fast\nMin links: 0\n"
                        "Aggregator selection policy (ad_select): stable\n",
                   w->kernel_release, devs[count - 1].carrier ? "up" : "down");
    for (int k = 0, port = 0; k < count; k++) {
        const emu_netdev *d = &devs[k];
        if (!d->master[0])
            continue;
        port++;
        emu_netdev own = *d;
        own.master[0] = '\0'; /* the slave's own address: its permanent one */
        char addr[80], brd[80];
        link_address(w, node, &own, addr, sizeof addr, brd, sizeof brd);
        if (d->carrier)
            emu_out_printf(out, "\nSlave Interface: %s\nMII Status: up\nSpeed: %d Mbps\nDuplex: full\n"
                                "Link Failure Count: 0\n", d->name, d->speed_mbit_per_s);
        else
            emu_out_printf(out, "\nSlave Interface: %s\nMII Status: down\nSpeed: Unknown\nDuplex: Unknown\n"
                                "Link Failure Count: 1\n", d->name);
        emu_out_printf(out, "Permanent HW addr: %s\nSlave queue ID: 0\nAggregator ID: %d\nActor Churn State: "
                            "%s\nPartner Churn State: %s\nActor Churned Count: %d\nPartner Churned Count: %d\n",
                       addr, d->carrier ? 1 : port, d->carrier ? "none" : "churned",
                       d->carrier ? "none" : "churned", !d->carrier, !d->carrier);
    }
    return 1;
}

static void print_flags(const emu_netdev *d, emu_out *out)
{
    if (d->kind == EMU_NETDEV_LOOPBACK) {
        emu_out_printf(out, "<LOOPBACK,UP,LOWER_UP>");
        return;
    }
    const char *role = d->kind == EMU_NETDEV_BOND ? ",MASTER" : d->master[0] ? ",SLAVE" : "";
    emu_out_printf(out, "<%sBROADCAST,MULTICAST%s,UP%s>", d->carrier ? "" : "NO-CARRIER,", role,
                   d->carrier ? ",LOWER_UP" : "");
}

static void print_stat_row(emu_out *out, const char *const labels[6], const uint64_t values[6])
{
    char vals[6][24];
    int widths[6];
    static const int min_width[6] = {10, 7, 6, 7, 7, 7};
    for (int i = 0; i < 6; i++) {
        snprintf(vals[i], sizeof vals[i], "%llu", (unsigned long long)values[i]);
        int len = (int)strlen(vals[i]);
        widths[i] = len > min_width[i] ? len : min_width[i];
    }
    emu_out_printf(out, "    %*s", widths[0], labels[0]);
    for (int i = 1; i < 6; i++)
        emu_out_printf(out, " %*s", widths[i], labels[i]);
    emu_out_printf(out, "\n    %*s", widths[0], vals[0]);
    for (int i = 1; i < 6; i++)
        emu_out_printf(out, " %*s", widths[i], vals[i]);
    emu_out_printf(out, "\n");
}

static void print_link(const emu_world *w, int node, const emu_netdev *d, bool stats, bool addr_mode,
                       emu_out *out)
{
    char addr[80], brd[80];
    link_address(w, node, d, addr, sizeof addr, brd, sizeof brd);
    const char *state = d->kind == EMU_NETDEV_LOOPBACK ? "UNKNOWN" : d->carrier ? "UP" : "DOWN";
    const char *qdisc = d->kind == EMU_NETDEV_LOOPBACK || d->kind == EMU_NETDEV_BOND ? "noqueue" : "mq";
    int qlen = d->kind == EMU_NETDEV_IPOIB ? 256 : 1000;
    emu_out_printf(out, "%d: %s: ", d->ifindex, d->name);
    print_flags(d, out);
    emu_out_printf(out, " mtu %d qdisc %s", d->mtu, qdisc);
    if (d->master[0])
        emu_out_printf(out, " master %s", d->master);
    emu_out_printf(out, " state %s%s group default qlen %d\n", state, addr_mode ? "" : " mode DEFAULT", qlen);
    emu_out_printf(out, "    link/%s %s brd %s\n",
                   d->kind == EMU_NETDEV_LOOPBACK ? "loopback" : d->kind == EMU_NETDEV_IPOIB ? "infiniband" : "ether",
                   addr, brd);
    if (addr_mode) {
        if (d->kind == EMU_NETDEV_LOOPBACK) {
            emu_out_printf(out, "    inet 127.0.0.1/8 scope host lo\n       valid_lft forever preferred_lft forever\n");
        } else if (d->kind == EMU_NETDEV_BOND) {
            const emu_node *n = &w->nodes[node];
            char brd_ip[16];
            snprintf(brd_ip, sizeof brd_ip, "%s", n->ip);
            char *dot = strrchr(brd_ip, '.');
            if (dot)
                snprintf(dot, sizeof brd_ip - (size_t)(dot - brd_ip), ".255");
            emu_out_printf(out, "    inet %s/24 brd %s scope global %s\n       valid_lft forever preferred_lft forever\n",
                           n->ip, brd_ip, d->name);
        }
    }
    if (stats) {
        static const char *const rx[6] = {"RX:  bytes", "packets", "errors", "dropped", "missed", "mcast"};
        static const char *const tx[6] = {"TX:  bytes", "packets", "errors", "dropped", "carrier", "collsns"};
        uint64_t rv[6] = {d->rx_bytes, d->rx_packets, d->rx_errors, d->rx_dropped, 0, d->rx_packets / 5000};
        uint64_t tv[6] = {d->tx_bytes, d->tx_packets, 0, 0, 0, 0};
        print_stat_row(out, rx, rv);
        print_stat_row(out, tx, tv);
    }
}

static void print_brief(const emu_world *w, int node, const emu_netdev *d, bool addr_mode, emu_out *out)
{
    char addr[80], brd[80];
    link_address(w, node, d, addr, sizeof addr, brd, sizeof brd);
    const char *state = d->kind == EMU_NETDEV_LOOPBACK ? "UNKNOWN" : d->carrier ? "UP" : "DOWN";
    /* the name alone: iproute2's print_name_and_link() (lib/utils.c) adds "@LINK" from IFLA_LINK,
     * a vlan's, veth's or macvlan's parent; a bond slave's master (IFLA_MASTER) is printed only
     * in the full form, as "master bond0" */
    const char *name = d->name;
    if (addr_mode) {
        const char *ip = d->kind == EMU_NETDEV_LOOPBACK ? "127.0.0.1/8" : "";
        char buf[24] = "";
        if (d->kind == EMU_NETDEV_BOND) {
            snprintf(buf, sizeof buf, "%s/24", w->nodes[node].ip);
            ip = buf;
        }
        emu_out_printf(out, "%-16s %-14s %s\n", name, state, ip);
        return;
    }
    emu_out_printf(out, "%-16s %-14s %s ", name, state, addr);
    print_flags(d, out);
    emu_out_printf(out, "\n");
}

static const char ip_usage[] =
    "Usage: ip [ OPTIONS ] OBJECT { COMMAND | help }\n"
    "where  OBJECT := { address | link }\n"
    "       OPTIONS := { -s[tatistics] | -br[ief] | -h[uman-readable] }\n"
    "Here: ip link [ show [ DEV ] ], ip -s link, ip -br link, ip addr [ show [ DEV ] ]\n";

static int cmd_ip(emu_context *c, int argc, char **argv, emu_out *out)
{
    bool stats = false, brief = false;
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-s") || !strcmp(a, "-stats") || !strcmp(a, "-statistics"))
            stats = true;
        else if (!strcmp(a, "-br") || !strcmp(a, "-brief"))
            brief = true;
        else if (!strcmp(a, "-h") || !strcmp(a, "-human") || !strcmp(a, "-d") || !strcmp(a, "-details"))
            continue;
        else if (!strcmp(a, "-V") || !strcmp(a, "-Version")) {
            emu_out_printf(out, "ip utility, iproute2-6.1.0, libbpf 1.1.0\n");
            return 0;
        } else if (!strcmp(a, "-help") || !strcmp(a, "--help")) {
            emu_out_write(out, ip_usage, sizeof ip_usage - 1);
            return 0;
        } else {
            emu_out_printf(out, "Option \"%.64s\" is unknown, try \"ip -help\".\n", a);
            return 255;
        }
    }
    if (i >= argc) {
        emu_out_write(out, ip_usage, sizeof ip_usage - 1);
        return 255;
    }
    const char *object = argv[i++];
    bool addr_mode;
    size_t olen = strlen(object);
    if (olen >= 1 && !strncmp(object, "link", olen))
        addr_mode = false;
    else if (olen >= 1 && (!strncmp(object, "address", olen) || !strcmp(object, "addr")))
        addr_mode = true;
    else if (!strcmp(object, "help")) {
        emu_out_write(out, ip_usage, sizeof ip_usage - 1);
        return 0;
    } else {
        emu_out_printf(out, "Object \"%.64s\" is unknown, try \"ip help\".\n", object);
        return 255;
    }
    const char *dev = NULL;
    if (i < argc) {
        const char *verb = argv[i++];
        if (!strcmp(verb, "help")) {
            emu_out_write(out, ip_usage, sizeof ip_usage - 1);
            return 0;
        }
        if (strcmp(verb, "show") && strcmp(verb, "list") && strcmp(verb, "ls")) {
            emu_out_printf(out, "Command \"%.64s\" is unknown, try \"ip %s help\".\n", verb,
                           addr_mode ? "address" : "link");
            return 255;
        }
        if (i < argc && !strcmp(argv[i], "dev"))
            i++;
        if (i < argc)
            dev = argv[i++];
        if (i < argc) {
            emu_out_printf(out, "Error: either \"dev\" is duplicate, or \"%.64s\" is a garbage.\n", argv[i]);
            return 255;
        }
    }
    emu_netdev devs[EMU_MAX_NETDEVS];
    int n = emu_netdev_list(c->world, c->node, devs);
    bool found = false;
    for (int k = 0; k < n; k++) {
        if (dev && strcmp(dev, devs[k].name))
            continue;
        found = true;
        if (brief)
            print_brief(c->world, c->node, &devs[k], addr_mode, out);
        else
            print_link(c->world, c->node, &devs[k], stats, addr_mode, out);
    }
    if (dev && !found) {
        emu_out_printf(out, "Device \"%.64s\" does not exist.\n", dev);
        return 1;
    }
    return 0;
}

static const char *const ip_flags[] = {"link", "addr", "show", "-s", "-br", "help", NULL};

const emu_command emu_cmd_ip = {
    "ip", cmd_ip, "network interfaces: state, carrier, MTU, statistics (iproute2)",
    "usage: ip [-s] [-br] link [show [DEV]]\n"
    "       ip [-br] addr [show [DEV]]\n"
    "  NO-CARRIER and state DOWN mark a port without link; -s adds RX/TX byte and error counts.\n",
    ip_flags,
    .cost = EMU_COST_TOOL
};
