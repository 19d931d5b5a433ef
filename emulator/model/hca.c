/* hca.c: what follows from an HCA's state (hca.h): lookup by name or net device, counters that
 * grow with simulated time, the InfiniBand speed name. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fabric.h"
#include "hca.h"
#include "job.h"
#include "rng.h"
#include "run.h"

int emu_node_find_hca(const emu_world *w, int node, const char *name)
{
    if (node < 0 || node >= w->n_nodes || !name)
        return -1;
    for (int i = 0; i < w->nodes[node].n_hcas; i++)
        if (!strcmp(w->nodes[node].hcas[i].name, name))
            return i;
    return -1;
}

int emu_node_find_netdev(const emu_world *w, int node, const char *netdev)
{
    if (node < 0 || node >= w->n_nodes || !netdev)
        return -1;
    for (int i = 0; i < w->nodes[node].n_hcas; i++)
        if (!strcmp(w->nodes[node].hcas[i].netdev, netdev))
            return i;
    return -1;
}

int emu_hca_supported_rate_gbit_per_s(const emu_world *w, const emu_hca *h)
{
    /* a link trains at the highest rate both ends and the cable between them support:
     * InfiniBand's per-hop rate matching, which also connects "at a lower rate or width if
     * cable signal integrity is degraded" (NVIDIA DGX SuperPOD cabling guide, Mixing Widths
     * and Rates); the port reads what the cable supports from its EEPROM. So an HDR cable in an
     * NDR port comes up at HDR's 200 Gb/s. */
    const emu_module_spec *cable = w->cluster.cable;
    if (h->compute && cable && cable->max_rate_gbit_per_s < h->expected_rate_gbit_per_s)
        return cable->max_rate_gbit_per_s;
    return h->expected_rate_gbit_per_s;
}

void emu_hca_earlier_words(const emu_world *w, int node, int hca, double *xmit, double *rcv)
{
    /* a few hours of earlier jobs' traffic; what a port sent and what it received were
     * different flows (other peers, other patterns), so the two directions differ by several
     * percent; a front-end or storage port carried a fiftieth of a rail's */
    const emu_hca *h = &w->nodes[node].hcas[hca];
    double words = 2.5e12 * (1.0 + 0.1 * emu_sample_at(w, 0, "traffic", node, hca));
    double in = words * (1.0 + 0.04 * emu_sample_at(w, 0, "traffic-in", node, hca));
    *xmit = h->compute ? words : words / 50;
    *rcv = h->compute ? in : in / 50;
}

/* The job's node next to node in its ring (dir +1: the one it sends to, -1: the one it receives
 * from), or -1 when node runs no part of a multi-node job. */
static int ring_neighbour(const emu_world *cw, int node, int dir)
{
    const emu_job *j = &cw->job;
    if (!j->present || j->n_nodes < 2 || node < 0 || node >= EMU_MAX_NODES)
        return -1;
    /* every port asks for its node's neighbours: their places found once an epoch (each call
     * with the caches off) */
    emu_world *w = emu_world_caches(cw);
    if (emu_world_caches_off || w->cache.ring_epoch != w->epoch + 1) {
        for (int n = 0; n < EMU_MAX_NODES; n++)
            w->cache.ring_pos[n] = -1;
        for (int i = j->n_nodes - 1; i >= 0; i--)
            if (j->nodes[i] >= 0 && j->nodes[i] < EMU_MAX_NODES)
                w->cache.ring_pos[j->nodes[i]] = (short)i;
        w->cache.ring_epoch = w->epoch + 1;
    }
    int k = w->cache.ring_pos[node];
    return k < 0 ? -1 : j->nodes[(k + dir + j->n_nodes) % j->n_nodes];
}

/* The compute HCA of rail on node, or -1. */
static int rail_hca(const emu_world *w, int node, int rail)
{
    for (int i = 0; node >= 0 && i < w->nodes[node].n_hcas; i++)
        if (w->nodes[node].hcas[i].compute && w->nodes[node].hcas[i].rail == rail)
            return i;
    return -1;
}

/* The words each compute port of node sent for the job's present run (emu_hca_job_words, the
 * port's state aside). */
static double node_port_words(const emu_world *w, int node)
{
    /* the node's share of each step's gradient all-reduces, spread over its compute ports (NCCL
     * gives each rail its channels), for each step the present run made since the scenario's
     * start (or the last fold): so the rate is the all-reduce's bytes per step over the step
     * time, and it stops with the run */
    int ports = 0;
    for (int i = 0; i < w->nodes[node].n_hcas; i++)
        ports += w->nodes[node].hcas[i].compute;
    long began_step;
    double began_s;
    emu_run_began(w, &began_step, &began_s);
    double from = fmax(fmax(w->start_time_s, began_s), w->run.traffic_from_s);
    double steps = w->now_s > from ? emu_run_steps_done_at(w, w->now_s) - emu_run_steps_done_at(w, from) : 0;
    return steps > 0 ? emu_job_node_allreduce_bytes(w, node) / ports * steps / 4.0 : 0;
}

double emu_hca_job_words(const emu_world *cw, int node, int hca)
{
    if (node < 0 || node >= cw->n_nodes || hca < 0 || hca >= cw->nodes[node].n_hcas)
        return 0;
    const emu_hca *h = &cw->nodes[node].hcas[hca];
    /* with NCCL_IB_DISABLE the rings go over TCP sockets on the front-end, not these ports */
    if (h->state != EMU_PORT_ACTIVE || !h->compute || ring_neighbour(cw, node, 1) < 0 || cw->job.nccl_ib_disable)
        return 0;
    /* every port of every node asks, several times a command (its counters, its neighbour's,
     * the switches' uplinks, a fold): each node's figure is found once an epoch, clock and fold
     * (each call with the caches off) */
    emu_world *w = emu_world_caches(cw);
    if (emu_world_caches_off || w->cache.job_words_epoch != w->epoch + 1 || w->cache.job_words_now_s != w->now_s ||
        w->cache.job_words_from_s != w->run.traffic_from_s) {
        for (int n = 0; n < EMU_MAX_NODES; n++)
            w->cache.job_words[n] = -1;
        w->cache.job_words_epoch = w->epoch + 1;
        w->cache.job_words_now_s = w->now_s;
        w->cache.job_words_from_s = w->run.traffic_from_s;
    }
    if (w->cache.job_words[node] < 0)
        w->cache.job_words[node] = node_port_words(w, node);
    return w->cache.job_words[node];
}

/* The words port hca of node received from the job's ring: what the previous node's port on
 * the same rail sent (0 when this port or that one is down). */
static double job_rcv_words(const emu_world *w, int node, int hca)
{
    const emu_hca *h = &w->nodes[node].hcas[hca];
    int prev = ring_neighbour(w, node, -1);
    return prev >= 0 && h->compute && h->state == EMU_PORT_ACTIVE ? emu_hca_job_words(w, prev, rail_hca(w, prev, h->rail)) : 0;
}

void emu_hca_fold_job_traffic(emu_world *w)
{
    emu_fabric_fold_uplinks(w); /* the switches' uplinks keep their share too */
    /* every port's words read before any start value moves (they do not depend on them), and
     * all ports at once, so that what one sends and the next receives stay equal */
    for (int n = 0; n < w->n_nodes; n++)
        for (int i = 0; i < w->nodes[n].n_hcas; i++) {
            emu_hca *h = &w->nodes[n].hcas[i];
            uint64_t out = (uint64_t)emu_hca_job_words(w, n, i), in = (uint64_t)job_rcv_words(w, n, i);
            h->counters.xmit_data += out;
            h->counters.rcv_data += in;
            h->counters.xmit_pkts += out / 1024;
            h->counters.rcv_pkts += in / 1024;
        }
    w->run.traffic_from_s = w->now_s;
}

int emu_hca_ring_peer(const emu_world *w, int node, int hca, int dir)
{
    if (node < 0 || node >= w->n_nodes || hca < 0 || hca >= w->nodes[node].n_hcas)
        return -1;
    return ring_neighbour(w, node, dir);
}

void emu_hca_counters_now(const emu_world *w, int node, int hca, emu_hca_counters *out)
{
    memset(out, 0, sizeof *out);
    if (node < 0 || node >= w->n_nodes || hca < 0 || hca >= w->nodes[node].n_hcas)
        return;
    const emu_hca *h = &w->nodes[node].hcas[hca];
    *out = h->counters;
    double elapsed = w->now_s - w->start_time_s;
    if (h->state == EMU_PORT_ACTIVE) {
        /* the job's gradient all-reduce runs as NCCL's ring, one per rail: this port sends to the
         * same rail of the next node and receives what the previous node's port sends (4 KiB
         * packets: IB's largest MTU); the two directions are two different ports' flows */
        uint64_t out_words = (uint64_t)emu_hca_job_words(w, node, hca);
        uint64_t in_words = (uint64_t)job_rcv_words(w, node, hca);
        out->xmit_data += out_words;
        out->rcv_data += in_words;
        out->xmit_pkts += out_words / 1024;
        out->rcv_pkts += in_words / 1024;
        out->xmit_wait += (uint64_t)(h->collision_xmit_wait_per_s * elapsed);
        if (h->symbol_error_rate_per_s > 0) {
            /* a marginal link's errors: its rate over the fault's age since the last clear (and
             * about one packet in nine of them corrupt enough to be dropped: PortRcvErrors) */
            double from = fmax(h->symbol_errors_from_s, w->start_time_s - EMU_HCA_COUNTERS_CLEARED_S);
            double age = w->now_s > from ? w->now_s - from : 0;
            out->symbol_errors += (uint64_t)(h->symbol_error_rate_per_s * age);
            out->rcv_errors += (uint64_t)(h->symbol_error_rate_per_s * age / 9.0);
        }
    }
}

const char *emu_hca_speed_name(const emu_hca *h)
{
    int lanes = h->width > 0 ? h->width : 4;
    int per_lane = h->rate_gbit_per_s / lanes;
    if (per_lane >= 200)
        return "XDR";
    if (per_lane >= 100)
        return "NDR";
    if (per_lane >= 50)
        return "HDR";
    if (per_lane >= 25)
        return "EDR";
    if (per_lane >= 14)
        return "FDR";
    if (per_lane >= 10)
        return "QDR";
    return "SDR";
}

void emu_hca_module(const emu_world *w, int node, int hca, emu_module_reading *out)
{
    memset(out, 0, sizeof *out);
    if (node < 0 || node >= w->n_nodes || hca < 0 || hca >= w->nodes[node].n_hcas)
        return;
    const emu_hca *h = &w->nodes[node].hcas[hca];
    const emu_cluster_desc *c = &w->cluster;
    out->spec = h->compute && c->cable ? c->cable
                : emu_module_spec_default(h->compute ? h->expected_rate_gbit_per_s
                                                     : (h->adapter ? h->adapter->max_rate_gbit_per_s : 100),
                                          h->ethernet);
    out->length_m = h->compute && c->cable_length_m > 0 ? c->cable_length_m : out->spec->length_m;
    snprintf(out->serial, sizeof out->serial, "MT%04u%s%05u", 2230 + (unsigned)(emu_hash(w->seed, "mod-wk", node, hca) % 120),
             out->spec->wavelength_nm ? "FT" : "VS", (unsigned)(emu_hash(w->seed, "mod-sn", node, hca) % 100000));
    out->lanes = out->spec->lanes < 4 ? out->spec->lanes : 4;
    /* a module runs some 15-25 C over the inlet air, warmer when its lanes carry traffic; its
     * 3.3 V rail within a few per cent (the captured modules read 46-48 C, 3273.6 mV) */
    double traffic = emu_hca_job_words(w, node, hca) > 0 ? 4 : 0;
    out->temp_c = round(41 + traffic + 3 * emu_sample_at(w, 0, "mod-temp", node, hca));
    out->voltage_mv = round(10 * (3290 + 25 * emu_sample_at(w, 0, "mod-volt", node, hca))) / 10;
    bool up = h->state == EMU_PORT_ACTIVE;
    int trained = up ? (h->width > 0 ? h->width : 4) : 0;
    double ber = up ? h->symbol_error_rate_per_s / (h->rate_gbit_per_s * 1e9) : 0;
    int weak = h->symbol_error_rate_per_s > 0 ? (int)(emu_hash(w->seed, "weak-lane", node, hca) % (uint64_t)out->lanes) : -1;
    for (int l = 0; l < out->lanes; l++) {
        double s = emu_sample_at(w, 0, "mod-rx", node * 8 + hca, l);
        out->tx_dbm[l] = round(1000 * (1.0 + 0.4 * emu_sample_at(w, 0, "mod-tx", node * 8 + hca, l))) / 1000;
        out->bias_ma[l] = round(1000 * (7.6 + 0.6 * emu_sample_at(w, 0, "mod-bias", node * 8 + hca, l))) / 1000;
        if (l >= trained)
            out->rx_dbm[l] = -40; /* no light from the far end on this lane */
        else if (l == weak) /* a lane that passes errors: weaker, near its low alarm (-10.4 dBm)
                                when the errors put the link's BER past the 1e-12 bound */
            out->rx_dbm[l] = round(1000 * ((ber > 1e-12 ? -8.7 : -4.6) + 0.3 * s)) / 1000;
        else
            out->rx_dbm[l] = round(1000 * (0.3 + 0.9 * s)) / 1000;
    }
}
