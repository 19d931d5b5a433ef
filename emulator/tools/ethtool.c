/* ethtool.c: `ethtool DEV` (speed, duplex, link detected), `ethtool -i DEV` (driver) and
 * `ethtool -S DEV` (a few NIC counters) for the node's interfaces (ip.c's list). */
#include <stdio.h>
#include <string.h>

#include "net_tools.h"
#include "out.h"
#include "tools.h"
#include "model/hca.h"
#include "model/world.h"

/* The copper link modes an Ethernet port supports up to its adapter's rate (ethtool's names from
 * the kernel's ethtool_link_mode_bit_indices), and the one it advertises at its speed. */
static const struct {
    int mbit;
    const char *name;
} link_modes[] = {{10000, "10000baseKR/Full"},   {25000, "25000baseCR/Full"},   {50000, "50000baseCR2/Full"},
                  {100000, "100000baseCR4/Full"}, {200000, "200000baseCR4/Full"}, {400000, "400000baseCR4/Full"},
                  {800000, "800000baseCR8/Full"}};

static void settings(const emu_world *w, int node, const emu_netdev *d, emu_out *out)
{
    emu_out_printf(out, "Settings for %s:\n", d->name);
    if (d->kind == EMU_NETDEV_ETHER) {
        const emu_node *n = &w->nodes[node];
        int max = d->hca >= 0 && n->hcas[d->hca].adapter ? n->hcas[d->hca].adapter->max_rate_gbit_per_s * 1000 : 100000;
        int adv = max;
        emu_out_printf(out, "\tSupported ports: [ FIBRE ]\n");
        for (size_t i = 0, k = 0; i < sizeof link_modes / sizeof link_modes[0]; i++)
            if (link_modes[i].mbit <= max) {
                emu_out_printf(out, "\t%s %s\n", k++ ? "                       " : "Supported link modes:  ", link_modes[i].name);
                if (d->speed_mbit_per_s > 0 && link_modes[i].mbit <= d->speed_mbit_per_s)
                    adv = link_modes[i].mbit;
            }
        emu_out_printf(out, "\tSupported pause frame use: Symmetric\n\tSupports auto-negotiation: Yes\n");
        emu_out_printf(out, "\tSupported FEC modes: None\t RS\t BASER\n");
        for (size_t i = 0; i < sizeof link_modes / sizeof link_modes[0]; i++)
            if (link_modes[i].mbit == adv)
                emu_out_printf(out, "\tAdvertised link modes:  %s\n", link_modes[i].name);
        emu_out_printf(out, "\tAdvertised pause frame use: Symmetric\n\tAdvertised auto-negotiation: Yes\n");
        emu_out_printf(out, "\tAdvertised FEC modes: RS\n");
    } else if (d->kind != EMU_NETDEV_LOOPBACK) {
        emu_out_printf(out, "\tSupported ports: [  ]\n\tSupported link modes:   Not reported\n");
        emu_out_printf(out, "\tSupported pause frame use: No\n\tSupports auto-negotiation: No\n");
        emu_out_printf(out, "\tSupported FEC modes: Not reported\n\tAdvertised link modes:  Not reported\n");
        emu_out_printf(out, "\tAdvertised pause frame use: No\n\tAdvertised auto-negotiation: No\n");
        emu_out_printf(out, "\tAdvertised FEC modes: Not reported\n");
    }
    if (d->kind == EMU_NETDEV_LOOPBACK) {
        emu_out_printf(out, "\tLink detected: yes\n");
        return;
    }
    if (d->speed_mbit_per_s > 0)
        emu_out_printf(out, "\tSpeed: %dMb/s\n\tDuplex: Full\n", d->speed_mbit_per_s);
    else
        emu_out_printf(out, "\tSpeed: Unknown!\n\tDuplex: Unknown! (255)\n");
    emu_out_printf(out, "\tAuto-negotiation: %s\n", d->kind == EMU_NETDEV_ETHER ? "on" : "off");
    emu_out_printf(out, "\tPort: %s\n", d->kind == EMU_NETDEV_ETHER ? "Direct Attach Copper" : "Other");
    emu_out_printf(out, "\tPHYAD: %d\n", d->kind == EMU_NETDEV_ETHER ? 0 : 255);
    emu_out_printf(out, "\tTransceiver: internal\n");
    if (d->kind == EMU_NETDEV_ETHER)
        emu_out_printf(out, "\tSupports Wake-on: d\n\tWake-on: d\n");
    if (d->kind != EMU_NETDEV_BOND)
        emu_out_printf(out, "        Current message level: 0x00000004 (4)\n"
                            "                               link\n");
    emu_out_printf(out, "\tLink detected: %s\n", d->carrier ? "yes" : "no");
    (void)w;
    (void)node;
}

static void driver_info(const emu_world *w, int node, const emu_netdev *d, emu_out *out)
{
    const emu_node *n = &w->nodes[node];
    if (d->kind == EMU_NETDEV_BOND) {
        emu_out_printf(out, "driver: bonding\nversion: 6.8.0-60-generic\nfirmware-version: 2\n"
                            "expansion-rom-version: \nbus-info: \nsupports-statistics: no\n"
                            "supports-test: no\nsupports-eeprom-access: no\nsupports-register-dump: no\n"
                            "supports-priv-flags: no\n");
        return;
    }
    if (d->kind == EMU_NETDEV_LOOPBACK) {
        emu_out_printf(out, "Cannot get driver information: Operation not supported\n");
        return;
    }
    const emu_hca *h = &n->hcas[d->hca];
    emu_out_printf(out, "driver: %s\nversion: 24.10-1.1.4\nfirmware-version: %s (%s)\n"
                        "expansion-rom-version: \nbus-info: %s\nsupports-statistics: yes\n"
                        "supports-test: yes\nsupports-eeprom-access: no\nsupports-register-dump: no\n"
                        "supports-priv-flags: yes\n",
                   d->kind == EMU_NETDEV_IPOIB ? "mlx5_core[ib_ipoib]" : "mlx5_core", h->fw_ver,
                   h->ethernet ? "MT_0000000359" : "MT_0000000838", h->bus_id);
}

static void statistics(const emu_world *w, int node, const emu_netdev *d, emu_out *out)
{
    if (d->kind == EMU_NETDEV_LOOPBACK || d->kind == EMU_NETDEV_BOND) {
        emu_out_printf(out, "no stats available\n");
        return;
    }
    emu_hca_counters c;
    emu_hca_counters_now(w, node, d->hca, &c);
    emu_out_printf(out, "NIC statistics:\n");
    emu_out_printf(out, "     rx_packets: %llu\n", (unsigned long long)d->rx_packets);
    emu_out_printf(out, "     rx_bytes: %llu\n", (unsigned long long)d->rx_bytes);
    emu_out_printf(out, "     tx_packets: %llu\n", (unsigned long long)d->tx_packets);
    emu_out_printf(out, "     tx_bytes: %llu\n", (unsigned long long)d->tx_bytes);
    emu_out_printf(out, "     rx_crc_errors_phy: %llu\n", (unsigned long long)c.rcv_errors);
    emu_out_printf(out, "     rx_symbol_err_phy: %llu\n", (unsigned long long)c.symbol_errors);
    emu_out_printf(out, "     link_down_events_phy: %llu\n", (unsigned long long)c.link_downed);
    emu_out_printf(out, "     rx_discards_phy: %llu\n", (unsigned long long)c.xmit_discards);
    emu_out_printf(out, "     tx_pause_ctrl_phy: %llu\n", (unsigned long long)(d->kind == EMU_NETDEV_ETHER ? c.xmit_wait / 1000 : 0));
}

static const char ethtool_error[] = "ethtool: bad command line argument(s)\n"
                                    "For more information run ethtool -h\n";

static int cmd_ethtool(emu_context *c, int argc, char **argv, emu_out *out)
{
    int mode = 0; /* 0 settings, 1 -i, 2 -S */
    const char *dev = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            emu_out_printf(out, "ethtool version 6.1\n"
                                "Usage:\n"
                                "        ethtool [ FLAGS ] DEVNAME\tDisplay standard information about device\n"
                                "        ethtool [ FLAGS ] -i|--driver DEVNAME\tShow driver information\n"
                                "        ethtool [ FLAGS ] -S|--statistics DEVNAME\tShow adapter statistics\n");
            return 0;
        }
        if (!strcmp(a, "--version")) {
            emu_out_printf(out, "ethtool version 6.1\n");
            return 0;
        }
        if (!strcmp(a, "-i") || !strcmp(a, "--driver"))
            mode = 1;
        else if (!strcmp(a, "-S") || !strcmp(a, "--statistics"))
            mode = 2;
        else if (a[0] == '-' || dev) {
            emu_out_write(out, ethtool_error, sizeof ethtool_error - 1);
            return 1;
        } else
            dev = a;
    }
    if (!dev) {
        emu_out_write(out, ethtool_error, sizeof ethtool_error - 1);
        return 1;
    }
    emu_netdev devs[EMU_MAX_NETDEVS];
    int n = emu_netdev_list(c->world, c->node, devs);
    for (int k = 0; k < n; k++)
        if (!strcmp(devs[k].name, dev)) {
            if (mode == 1)
                driver_info(c->world, c->node, &devs[k], out);
            else if (mode == 2)
                statistics(c->world, c->node, &devs[k], out);
            else
                settings(c->world, c->node, &devs[k], out);
            return 0;
        }
    /* ethtool 6.x over netlink */
    emu_out_printf(out, "netlink error: no device matches name (offset 24)\nnetlink error: No such device\n");
    return 1;
}

static const char *const ethtool_flags[] = {"-i", "-S", "-h", "--driver", "--statistics", NULL};

/* Completion: the node's net devices, wherever an interface name can stand. */
static void complete_netdev(const emu_world *w, int node, int argc, char **argv,
                            emu_out *candidates)
{
    if (argc != 1 && argv[argc - 1][0] == '-')
        return;
    const emu_node *n = &w->nodes[node];
    for (int h = 0; h < n->n_hcas; h++)
        emu_out_printf(candidates, "%s\n", n->hcas[h].netdev);
    emu_out_printf(candidates, "%s\n", n->bootstrap_netdev);
}

const emu_command emu_cmd_ethtool = {
    "ethtool", cmd_ethtool, "interface speed, duplex and link state; driver; NIC counters",
    "usage: ethtool DEV | ethtool -i DEV | ethtool -S DEV\n"
    "  Speed is in Mb/s: 400000Mb/s on an NDR port; Link detected: no on a port without link.\n"
    "  The node's interfaces are those of ip link (ibp24s0 ..., enp41s0f0np0, bond0).\n",
    ethtool_flags,
    .cost = EMU_COST_TOOL, .complete = complete_netdev
};
