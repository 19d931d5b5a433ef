/* fabric.c: the training fabric (fabric.h). Leaves hold nodes_per_leaf nodes each; a flow between
 * two leaves goes up one uplink of the source leaf, through a spine, down to the destination
 * leaf; the uplink is the destination's position on its leaf modulo the uplinks (d-mod-k, the
 * routing of OpenSM's ftree engine: Zahavi, "D-Mod-K Routing Providing Non-Blocking Traffic for
 * Shift Permutations on Real Life Fat Trees", 2010), so a ring's neighbour-to-neighbour flows
 * never share an uplink on a healthy non-blocking tree. */
#include <stdio.h>
#include <string.h>

#include "fabric.h"

int emu_fabric_planes(const emu_cluster_desc *c)
{
    return c->fabric.rail_optimized ? c->compute_hcas : 1;
}

int emu_fabric_leaves_per_plane(const emu_cluster_desc *c)
{
    int per = c->fabric.nodes_per_leaf > 0 ? c->fabric.nodes_per_leaf : 1;
    return (c->n_nodes + per - 1) / per;
}

int emu_fabric_leaf_of(const emu_cluster_desc *c, int node, int rail)
{
    int per = c->fabric.nodes_per_leaf > 0 ? c->fabric.nodes_per_leaf : 1;
    int plane = c->fabric.rail_optimized ? rail : 0;
    return plane * emu_fabric_leaves_per_plane(c) + node / per;
}

void emu_fabric_leaf_name(const emu_cluster_desc *c, int leaf, char *buf, size_t size)
{
    int per_plane = emu_fabric_leaves_per_plane(c);
    if (c->fabric.rail_optimized)
        snprintf(buf, size, "r%d-leaf%02d", leaf / per_plane, leaf % per_plane + 1);
    else
        snprintf(buf, size, "leaf%02d", leaf + 1);
}

int emu_fabric_leaf_find(const emu_cluster_desc *c, const char *name)
{
    int n = emu_fabric_planes(c) * emu_fabric_leaves_per_plane(c);
    char buf[32];
    for (int l = 0; name && l < n; l++) {
        emu_fabric_leaf_name(c, l, buf, sizeof buf);
        if (!strcmp(buf, name))
            return l;
    }
    return -1;
}

double emu_fabric_path_share(const emu_world *w, int a, int b, int rail)
{
    const emu_cluster_desc *c = &w->cluster;
    int la = emu_fabric_leaf_of(c, a, rail), lb = emu_fabric_leaf_of(c, b, rail);
    int per = c->fabric.nodes_per_leaf > 0 ? c->fabric.nodes_per_leaf : 1;
    int up = c->fabric.uplinks_per_leaf > 0 ? c->fabric.uplinks_per_leaf : 1;
    /* destination-mod-k: the flow from a to b leaves a's leaf on uplink u = b mod k towards
     * spine u, which reaches b's leaf over that leaf's uplink u: a fault on either link meets it
     * (the flow from b to a takes uplink a mod k, another pair of links) */
    int u = (b % per) % up;
    double share = 1.0;
    for (int f = 0; f < w->n_faults; f++) {
        const emu_fault *ft = &w->faults[f];
        if (w->fault_state[f] != 1) /* not started yet, or cleared */
            continue;
        if (ft->kind == EMU_FAULT_ROUTING_COLLISION) {
            if ((ft->node == a && ft->peer == b) || (ft->node == b && ft->peer == a))
                share *= ft->value > 0 ? ft->value : 0.5;
            continue;
        }
        if (ft->kind != EMU_FAULT_FABRIC_LINK_DEGRADED && ft->kind != EMU_FAULT_FABRIC_CONGESTION)
            continue;
        if (la == lb)
            continue; /* the flow stays on its leaf: no uplink on the path */
        bool hit = (ft->leaf == la || ft->leaf == lb) && (ft->link < 0 || ft->link == u);
        if (!hit)
            continue;
        if (ft->kind == EMU_FAULT_FABRIC_LINK_DEGRADED) {
            double port = c->hca_rate_gbit_per_s > 0 ? c->hca_rate_gbit_per_s : 1;
            double s = ft->value > 0 ? ft->value / port : 0.5;
            share = s < share ? s : share;
        } else {
            share *= ft->value > 0 ? ft->value : 0.5;
        }
    }
    return share;
}

double emu_fabric_uplink_rate_gbit_per_s(const emu_world *w, int leaf, int uplink)
{
    const emu_cluster_desc *c = &w->cluster;
    double port = c->hca_rate_gbit_per_s > 0 ? c->hca_rate_gbit_per_s : 1;
    double rate = port;
    for (int f = 0; f < w->n_faults; f++) {
        const emu_fault *ft = &w->faults[f];
        if (w->fault_state[f] != 1 || ft->kind != EMU_FAULT_FABRIC_LINK_DEGRADED || ft->leaf != leaf ||
            (ft->link >= 0 && ft->link != uplink))
            continue;
        /* the same rate emu_fabric_path_share gives the flows that cross it */
        double r = ft->value > 0 ? ft->value : 0.5 * port;
        rate = r < rate ? r : rate;
    }
    return rate;
}
