/* fabric.c: the training fabric (fabric.h). Leaves hold nodes_per_leaf nodes each; a flow between
 * two leaves goes up one uplink of the source leaf, through a spine, down to the destination
 * leaf; the uplink is the destination's position on its leaf modulo the uplinks (d-mod-k, the
 * routing of OpenSM's ftree engine: Zahavi, "D-Mod-K Routing Providing Non-Blocking Traffic for
 * Shift Permutations on Real Life Fat Trees", 2010), so a ring's neighbour-to-neighbour flows
 * never share an uplink on a healthy non-blocking tree. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fabric.h"
#include "hca.h"
#include "rng.h"

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

int emu_fabric_uplink_of_port(const emu_cluster_desc *c, int port)
{
    int per = c->fabric.nodes_per_leaf > 0 ? c->fabric.nodes_per_leaf : 1;
    int up = c->fabric.uplinks_per_leaf > 0 ? c->fabric.uplinks_per_leaf : 1;
    return port > per && port <= per + up ? port - per - 1 : -1;
}

int emu_fabric_uplink_port(const emu_cluster_desc *c, int uplink)
{
    int per = c->fabric.nodes_per_leaf > 0 ? c->fabric.nodes_per_leaf : 1;
    return per + 1 + uplink;
}

double emu_fabric_path_share(const emu_world *w, int a, int b, int rail)
{
    const emu_cluster_desc *c = &w->cluster;
    int la = emu_fabric_leaf_of(c, a, rail), lb = emu_fabric_leaf_of(c, b, rail);
    /* destination-mod-k: the flow from a to b leaves a's leaf on uplink u = b mod k towards
     * spine u, which reaches b's leaf over that leaf's uplink u: a fault on either link meets it
     * (the flow from b to a takes uplink a mod k, another pair of links) */
    int u = emu_fabric_uplink_to(c, b);
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

int emu_fabric_uplink_to(const emu_cluster_desc *c, int node)
{
    int per = c->fabric.nodes_per_leaf > 0 ? c->fabric.nodes_per_leaf : 1;
    int up = c->fabric.uplinks_per_leaf > 0 ? c->fabric.uplinks_per_leaf : 1;
    return (node % per) % up;
}

/* Seconds since the counters' last clear during which a fabric fault that slows links has held
 * uplink u of leaf (0 when none did): up to now while the fault holds, up to its end once it
 * cleared, so PortXmitWait keeps the wait of a fault that is over and never goes down. */
static double uplink_slowed_s(const emu_world *w, int leaf, int u)
{
    double cleared = w->start_time_s - EMU_HCA_COUNTERS_CLEARED_S, held = 0;
    for (int f = 0; f < w->n_faults; f++) {
        const emu_fault *ft = &w->faults[f];
        if ((w->fault_state[f] == 1 || w->fault_state[f] == 2) &&
            (ft->kind == EMU_FAULT_FABRIC_LINK_DEGRADED || ft->kind == EMU_FAULT_FABRIC_CONGESTION) &&
            ft->leaf == leaf && (ft->link < 0 || ft->link == u)) {
            double from = w->start_time_s + ft->onset_s;
            double to = w->fault_state[f] == 2 ? fmin(w->now_s, w->start_time_s + ft->end_s) : w->now_s;
            held = fmax(held, to - fmax(from, cleared));
        }
    }
    return held;
}

/* The uplink slots of a cluster's fabric: two (up, down) per uplink of each leaf. */
static int uplink_slots(const emu_cluster_desc *c)
{
    int up = c->fabric.uplinks_per_leaf > 0 ? c->fabric.uplinks_per_leaf : 1;
    return 2 * emu_fabric_planes(c) * emu_fabric_leaves_per_plane(c) * up;
}

/* Makes room in w->uplinks for the fabric's slots, three sections of n (uplink_slots) doubles:
 * the folded words, which start at zero; the earlier jobs' words since the last clear, filled
 * once (a function of the seed: each port's share that crossed to other leaves, spread over its
 * leaf's uplinks); and the counters now (uplinks_now's cache). 0, or -1 when out of memory. */
static int uplinks_room(emu_world *w)
{
    const emu_cluster_desc *c = &w->cluster;
    int n = uplink_slots(c);
    if (w->uplinks.cap < 3 * n) {
        double *grown = realloc(w->uplinks.words, sizeof *grown * 3 * (size_t)n);
        if (!grown)
            return -1;
        w->uplinks.words = grown;
        w->uplinks.cap = 3 * n;
    }
    if (w->uplinks.n == n)
        return 0;
    double *folded = w->uplinks.words, *earlier = folded + n, *sums = earlier + n;
    memset(folded, 0, sizeof *folded * 3 * (size_t)n);
    w->uplinks.n = n;
    w->cache.uplinks_epoch = 0;
    int per_plane = emu_fabric_leaves_per_plane(c), leaves = emu_fabric_planes(c) * per_plane;
    int up = c->fabric.uplinks_per_leaf > 0 ? c->fabric.uplinks_per_leaf : 1;
    double cross = per_plane > 1 ? (per_plane - 1.0) / per_plane / up : 0;
    if (cross <= 0)
        return 0;
    /* each leaf's ports' earlier words (sent, received), summed in the third section first */
    for (int node = 0; node < w->n_nodes; node++)
        for (int i = 0; i < w->nodes[node].n_hcas; i++) {
            const emu_hca *h = &w->nodes[node].hcas[i];
            if (!h->compute || h->ethernet)
                continue;
            int l = emu_fabric_leaf_of(c, node, h->rail);
            double x, r;
            emu_hca_earlier_words(w, node, i, &x, &r);
            sums[2 * l] += x;
            sums[2 * l + 1] += r;
        }
    for (int l = 0; l < leaves; l++)
        for (int u = 0; u < up; u++) {
            earlier[2 * (l * up + u)] = cross * sums[2 * l] * (1 + 0.05 * emu_sample_at(w, 0, "up-tx", l, u));
            earlier[2 * (l * up + u) + 1] = cross * sums[2 * l + 1] * (1 + 0.05 * emu_sample_at(w, 0, "up-rx", l, u));
        }
    return 0;
}

/* Adds the job ring's words since the last fold to each uplink's slots (words[2 (leaf x uplinks
 * + u)] up, + 1 down): a port's flow to the next node leaves its leaf on the uplink towards that
 * node (destination-mod-k), and the previous node's flow to it arrives on the uplink towards it;
 * a flow between two ports of one leaf crosses no uplink. One pass over the ports. */
static void add_job_words(const emu_world *w, double *words)
{
    const emu_cluster_desc *c = &w->cluster;
    int up = c->fabric.uplinks_per_leaf > 0 ? c->fabric.uplinks_per_leaf : 1;
    for (int n = 0; n < w->n_nodes; n++)
        for (int i = 0; i < w->nodes[n].n_hcas; i++) {
            const emu_hca *h = &w->nodes[n].hcas[i];
            if (!h->compute || h->ethernet)
                continue;
            int leaf = emu_fabric_leaf_of(c, n, h->rail);
            int next = emu_hca_ring_peer(w, n, i, 1), prev = emu_hca_ring_peer(w, n, i, -1);
            if (next >= 0 && emu_fabric_leaf_of(c, next, h->rail) != leaf)
                words[2 * (leaf * up + emu_fabric_uplink_to(c, next))] += emu_hca_job_words(w, n, i);
            if (prev >= 0 && emu_fabric_leaf_of(c, prev, h->rail) != leaf)
                for (int k = 0; k < w->nodes[prev].n_hcas; k++)
                    if (w->nodes[prev].hcas[k].compute && w->nodes[prev].hcas[k].rail == h->rail)
                        words[2 * (leaf * up + emu_fabric_uplink_to(c, n)) + 1] += emu_hca_job_words(w, prev, k);
        }
}

void emu_fabric_fold_uplinks(emu_world *w)
{
    if (uplinks_room(w) != 0)
        return; /* out of memory: the uplinks lose the old run's share, nothing else does */
    add_job_words(w, w->uplinks.words);
    w->cache.uplinks_epoch = 0;
}

/* Every uplink's words now (the third section of w->uplinks, in the slots' order), summed once
 * an epoch and clock: the earlier jobs' traffic since the last clear, what the folds kept, and
 * the job's since the last fold. NULL when out of memory. */
static const double *uplinks_now(const emu_world *cw)
{
    emu_world *w = emu_world_caches(cw);
    int n = uplink_slots(&w->cluster);
    if (!emu_world_caches_off && w->uplinks.n == n && w->cache.uplinks_epoch == w->epoch + 1 &&
        w->cache.uplinks_now_s == w->now_s)
        return w->uplinks.words + 2 * n;
    if (uplinks_room(w) != 0)
        return NULL;
    const double *folded = w->uplinks.words, *earlier = folded + n;
    double *now = w->uplinks.words + 2 * n;
    for (int k = 0; k < n; k++)
        now[k] = folded[k] + earlier[k];
    add_job_words(w, now);
    w->cache.uplinks_epoch = w->epoch + 1;
    w->cache.uplinks_now_s = w->now_s;
    return now;
}

int emu_fabric_port_counters(const emu_world *w, int lid, int port, emu_hca_counters *out)
{
    const emu_cluster_desc *c = &w->cluster;
    int leaves = emu_fabric_planes(c) * emu_fabric_leaves_per_plane(c);
    int per = c->fabric.nodes_per_leaf > 0 ? c->fabric.nodes_per_leaf : 1;
    int up = c->fabric.uplinks_per_leaf > 0 ? c->fabric.uplinks_per_leaf : 1;
    memset(out, 0, sizeof *out);
    bool leaf = lid >= EMU_LEAF_LID_BASE && lid < EMU_LEAF_LID_BASE + leaves;
    bool spine = lid >= EMU_SPINE_LID_BASE && lid < EMU_SPINE_LID_BASE + up && leaves > 1;
    if (!leaf && !spine)
        return -1;
    if (port < 1 || port > EMU_SWITCH_PORTS)
        return -2;
    double xmit = 0, rcv = 0;
    double wait_per_s = 4.0e6; /* a slow link's sender waits for credits: the HCAs' figure, doubled */
    if (leaf && port <= per) {
        /* the adapter at this port: the node at that position on the leaf, on the leaf's rail */
        int l = lid - EMU_LEAF_LID_BASE;
        for (int n = 0; n < w->n_nodes; n++)
            for (int i = 0; i < w->nodes[n].n_hcas; i++) {
                const emu_hca *h = &w->nodes[n].hcas[i];
                if (!h->compute || h->ethernet || n % per + 1 != port || emu_fabric_leaf_of(c, n, h->rail) != l)
                    continue;
                emu_hca_counters a;
                emu_hca_counters_now(w, n, i, &a);
                out->xmit_data = a.rcv_data;
                out->rcv_data = a.xmit_data;
                out->xmit_pkts = a.rcv_pkts;
                out->rcv_pkts = a.xmit_pkts;
                out->link_downed = a.link_downed;
                out->link_error_recovery = a.link_error_recovery;
                return 0;
            }
        return 0;
    }
    const double *now = NULL;
    if (leaf && port <= per + up && (now = uplinks_now(w))) {
        int l = lid - EMU_LEAF_LID_BASE, u = port - per - 1;
        xmit = now[2 * (l * up + u)];
        rcv = now[2 * (l * up + u) + 1];
        out->xmit_wait = (uint64_t)(wait_per_s * uplink_slowed_s(w, l, u));
    } else if (spine && port <= leaves && (now = uplinks_now(w))) {
        /* spine u's port 1 + leaf faces that leaf's uplink u: its traffic the other way round */
        int l = port - 1, u = lid - EMU_SPINE_LID_BASE;
        xmit = now[2 * (l * up + u) + 1];
        rcv = now[2 * (l * up + u)];
        out->xmit_wait = (uint64_t)(wait_per_s * uplink_slowed_s(w, l, u));
    } else {
        return 0; /* nothing plugged in (or no memory to sum the uplinks in) */
    }
    out->xmit_data = (uint64_t)xmit;
    out->rcv_data = (uint64_t)rcv;
    out->xmit_pkts = out->xmit_data / 1024;
    out->rcv_pkts = out->rcv_data / 1024;
    return 0;
}
