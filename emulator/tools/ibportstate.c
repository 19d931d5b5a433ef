/* ibportstate.c: `ibportstate [-C CA] [-P PORT] [-D] DEST PORTNUM [query]`: a port's PortInfo
 * (state, LID, width and speed supported, enabled and active) as infiniband-diags prints it, for
 * an adapter port of the fabric or a leaf switch's port (the fabric model's leaves, in
 * iblinkinfo's numbering). Layout from rdma-core infiniband-diags/ibportstate.c show_port_info
 * and libibmad dump.c (field names, "Name:....value" to column 33, the width and speed lists).
 * Only the query is simulated: the set operations (reset, enable, disable, speed, width) are
 * refused with a note. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net_tools.h"
#include "tools.h"
#include "model/fabric.h"
#include "model/hca.h"
#include "model/world.h"

static const char usage[] =
    "Usage: ibportstate [options] <dest dr_path|lid|guid> <portnum> [<op>]\n"
    "  query (the default) prints the port's PortInfo; -C CA -P PORT pick the local port,\n"
    "  -D reads DEST as a directed route (0: this node's own port)\n";

/* The lane rate a port's rate and width give, as libibmad's extended-speed code: 1 FDR
 * 14.0625, 2 EDR 25.78125, 4 HDR 53.125, 8 NDR 106.25 Gb/s per lane. */
static int ext_speed_code(int rate_gbit, int width)
{
    int lane = width > 0 ? rate_gbit / width : rate_gbit / 4;
    return lane >= 100 ? 8 : lane >= 50 ? 4 : lane >= 25 ? 2 : lane >= 14 ? 1 : 0;
}

static const char *ext_speed_name(int code)
{
    return code == 8 ? "106.25 Gbps" : code == 4 ? "53.125 Gbps" : code == 2 ? "25.78125 Gbps"
         : code == 1 ? "14.0625 Gbps" : "No Extended Speed";
}

/* Every extended speed up to the adapter's own, "14.0625 Gbps or ... or 106.25 Gbps". */
static void ext_speed_list(int max_code, char *buf, size_t size)
{
    buf[0] = '\0';
    for (int c = 1; c <= max_code; c <<= 1) {
        size_t n = strlen(buf);
        snprintf(buf + n, size - n, "%s%s", n ? " or " : "", ext_speed_name(c));
    }
}

/* One port's PortInfo. width: lanes as trained; rate_gbit/expected: the adapter's rate now and
 * when healthy (its top speed); lid, sm_lid as the port reports them. */
static void port_info(emu_out *out, bool is_switch, const char *dest, int portnum,
                      enum emu_port_state st, enum emu_phys_state ph, int lid, int sm_lid,
                      int width, int rate_gbit, int expected_rate_gbit, int expected_width)
{
    static const char *const states[] = {"NoChange", "Down", "Initialize", "Armed", "Active"};
    const char *phys = ph == EMU_PHYS_SLEEP ? "Sleep" : ph == EMU_PHYS_POLLING ? "Polling"
                     : ph == EMU_PHYS_DISABLED ? "Disabled" : ph == EMU_PHYS_LINKUP ? "LinkUp"
                     : "LinkErrorRecovery";
    char num[24], list[96];
    emu_out_printf(out, "%s PortInfo:\n# Port info: %s port %d\n", is_switch ? "Switch" : "CA/RT", dest, portnum);
    emu_ib_field(out, "LinkState", states[st >= 1 && st <= 4 ? st : 1]);
    emu_ib_field(out, "PhysLinkState", phys);
    snprintf(num, sizeof num, "%d", lid);
    emu_ib_field(out, "Lid", num);
    snprintf(num, sizeof num, "%d", sm_lid);
    emu_ib_field(out, "SMLid", num);
    emu_ib_field(out, "LMC", "0");
    /* ConnectX-6 and -7 train 1, 2 or 4 lanes: bits 0x1, 0x2 (4X) and 0x10 (2X) */
    emu_ib_field(out, "LinkWidthSupported", "1X or 4X or 2X");
    emu_ib_field(out, "LinkWidthEnabled", "1X or 4X or 2X");
    emu_ib_field(out, "LinkWidthActive", width == 1 ? "1X" : width == 2 ? "2X" : "4X");
    emu_ib_field(out, "LinkSpeedSupported", "2.5 Gbps or 5.0 Gbps or 10.0 Gbps");
    emu_ib_field(out, "LinkSpeedEnabled", "2.5 Gbps or 5.0 Gbps or 10.0 Gbps");
    emu_ib_field(out, "LinkSpeedActive", "10.0 Gbps");
    int top = ext_speed_code(expected_rate_gbit, expected_width);
    ext_speed_list(top, list, sizeof list);
    emu_ib_field(out, "LinkSpeedExtSupported", list);
    emu_ib_field(out, "LinkSpeedExtEnabled", list);
    emu_ib_field(out, "LinkSpeedExtActive", ext_speed_name(ext_speed_code(rate_gbit, width)));
    if (!is_switch) {
        emu_ib_field(out, "Mkey", "<not displayed>");
        emu_ib_field(out, "MkeyLeasePeriod", "0");
        emu_ib_field(out, "ProtectBits", "0");
    }
}

/* A leaf switch's port: a node adapter below it (iblinkinfo's numbering: node n % per + 1) or
 * an uplink above. Returns 0, or -1 when the leaf has no such port. */
static int switch_port(const emu_world *w, int leaf, int port, emu_out *out)
{
    const emu_cluster_desc *cl = &w->cluster;
    int per = cl->fabric.nodes_per_leaf > 0 ? cl->fabric.nodes_per_leaf : 1;
    int up = cl->fabric.uplinks_per_leaf > 0 ? cl->fabric.uplinks_per_leaf : 1;
    char dest[32];
    snprintf(dest, sizeof dest, "Lid %d", EMU_LEAF_LID_BASE + leaf);
    if (port >= 1 && port <= per) {
        for (int n = 0; n < w->n_nodes; n++)
            for (int h = 0; h < w->nodes[n].n_hcas; h++) {
                const emu_hca *a = &w->nodes[n].hcas[h];
                if (a->ethernet || !a->compute || n % per + 1 != port ||
                    emu_fabric_leaf_of(cl, n, a->rail < 0 ? 0 : a->rail) != leaf)
                    continue;
                /* the switch side trains what the adapter side trains; LID and SMLid belong to
                 * port 0 of a switch and read 0 on its external ports (IBA 14.2.5.6) */
                port_info(out, true, dest, port, a->state, a->phys_state, 0, 0, a->width,
                          a->rate_gbit_per_s, a->expected_rate_gbit_per_s, a->expected_width);
                return 0;
            }
        port_info(out, true, dest, port, EMU_PORT_DOWN, EMU_PHYS_POLLING, 0, 0, 4, 0,
                  cl->hca_rate_gbit_per_s, 4);
        return 0;
    }
    if (port > per && port <= per + up) {
        double full = cl->hca_rate_gbit_per_s > 0 ? cl->hca_rate_gbit_per_s : 400;
        double rate = emu_fabric_uplink_rate_gbit_per_s(w, leaf, port - per - 1);
        port_info(out, true, dest, port, EMU_PORT_ACTIVE, EMU_PHYS_LINKUP, 0, 0, 4, (int)rate, (int)full, 4);
        return 0;
    }
    return -1;
}

static int cmd_ibportstate(emu_context *c, int argc, char **argv, emu_out *out)
{
    const emu_world *w = c->world;
    const char *ca = NULL, *dest = NULL, *portnum = NULL, *op = "query";
    bool direct = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if ((!strcmp(a, "-C") || !strcmp(a, "--Ca")) && i + 1 < argc)
            ca = argv[++i];
        else if ((!strcmp(a, "-P") || !strcmp(a, "--Port")) && i + 1 < argc)
            i++; /* one port per adapter here */
        else if (!strcmp(a, "-D") || !strcmp(a, "--Direct"))
            direct = true;
        else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            emu_out_printf(out, "%s", usage);
            return 0;
        } else if (a[0] == '-') {
            emu_out_printf(out, "ibportstate: invalid option -- '%.32s'\n%s", a + 1, usage);
            return 255;
        } else if (!dest)
            dest = a;
        else if (!portnum)
            portnum = a;
        else
            op = a;
    }
    if (!dest || !portnum) {
        emu_out_printf(out, "%s", usage);
        return 255;
    }
    if (strcmp(op, "query")) {
        emu_out_printf(out, "ibportstate: %.32s is not simulated here: only query\n", op);
        return 1;
    }
    char *end;
    long p = strtol(portnum, &end, 0);
    long target = strtol(dest, &end, 0);
    bool bad_dest = *end != '\0';
    int node = c->node, hca = -1;
    if (direct || ca) {
        /* this node's own port: -D 0, or -C CA */
        if (ca)
            hca = emu_node_find_hca(w, node, ca);
        for (int i = 0; !ca && i < w->nodes[node].n_hcas && hca < 0; i++)
            if (!w->nodes[node].hcas[i].ethernet)
                hca = i;
        if (hca < 0 || w->nodes[node].hcas[hca].ethernet) {
            emu_out_printf(out, "ibwarn: [%d] mad_rpc_open_port: can't open UMAD port (%.64s:1)\n"
                                "ibportstate: iberror: failed: Failed to open '%.64s' port '1'\n",
                           4000 + (int)(w->commands_run % 5000), ca ? ca : "mlx5_0", ca ? ca : "mlx5_0");
            return 255;
        }
        if (direct && target != 0) {
            emu_out_printf(out, "ibwarn: [%d] mad_rpc: _do_madrpc failed; dport (DR path slid 0; dlid 0; 0,%ld)\n"
                                "ibportstate: iberror: failed: smp query nodeinfo failed\n",
                           4000 + (int)(w->commands_run % 5000), target);
            return 255;
        }
    } else {
        for (int k = 0; !bad_dest && k < w->n_nodes && hca < 0; k++)
            for (int i = 0; i < w->nodes[k].n_hcas; i++)
                if (!w->nodes[k].hcas[i].ethernet && w->nodes[k].hcas[i].lid == target &&
                    w->nodes[k].hcas[i].state == EMU_PORT_ACTIVE) {
                    node = k;
                    hca = i;
                    break;
                }
        int leaves = emu_fabric_planes(&w->cluster) * emu_fabric_leaves_per_plane(&w->cluster);
        if (hca < 0 && !bad_dest && target >= EMU_LEAF_LID_BASE && target < EMU_LEAF_LID_BASE + leaves) {
            if (switch_port(w, (int)(target - EMU_LEAF_LID_BASE), (int)p, out) == 0)
                return 0;
            emu_out_printf(out, "ibportstate: iberror: failed: smp query portinfo failed\n");
            return 255;
        }
        if (hca < 0) {
            emu_out_printf(out, "ibwarn: [%d] mad_rpc: _do_madrpc failed; dport (Lid %.32s)\n"
                                "ibportstate: iberror: failed: smp query nodeinfo failed\n",
                           4000 + (int)(w->commands_run % 5000), dest);
            return 255;
        }
    }
    const emu_hca *h = &w->nodes[node].hcas[hca];
    if (p != 1) {
        emu_out_printf(out, "ibportstate: iberror: failed: smp query portinfo failed\n");
        return 255;
    }
    char where[48];
    if (direct)
        snprintf(where, sizeof where, "DR path slid 0; dlid 0; 0");
    else
        snprintf(where, sizeof where, "Lid %d", h->lid);
    port_info(out, false, where, 1, h->state, h->phys_state, h->lid, h->sm_lid, h->width,
              h->rate_gbit_per_s, h->expected_rate_gbit_per_s, h->expected_width);
    return 0;
}

static const char *const ibportstate_flags[] = {"-C", "-P", "-D", "-h", "query", NULL};

const emu_command emu_cmd_ibportstate = {
    "ibportstate", cmd_ibportstate, "an InfiniBand port's state, width and speed (PortInfo)",
    "usage: ibportstate [-C CA] [-D] DEST PORTNUM [query]\n"
    "  ibportstate -D 0 1          this node's port (-C mlx5_3 picks the adapter)\n"
    "  ibportstate LID 1           an adapter anywhere in the fabric (LIDs: ibstat, iblinkinfo)\n"
    "  ibportstate SWITCHLID PORT  a leaf switch's port (iblinkinfo's numbering)\n"
    "  LinkWidthActive below what LinkWidthEnabled allows: a port trained on fewer lanes.\n",
    ibportstate_flags, .cost = EMU_COST_TOOL
};
