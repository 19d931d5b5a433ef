/* hca.c: what follows from an HCA's state (hca.h): lookup by name or net device, counters that
 * grow with simulated time, the InfiniBand speed name. */
#include <math.h>
#include <string.h>

#include "hca.h"

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

void emu_hca_counters_now(const emu_world *w, int node, int hca, emu_hca_counters *out)
{
    memset(out, 0, sizeof *out);
    if (node < 0 || node >= w->n_nodes || hca < 0 || hca >= w->nodes[node].n_hcas)
        return;
    const emu_hca *h = &w->nodes[node].hcas[hca];
    *out = h->counters;
    double elapsed = w->now_s - w->start_time_s;
    if (h->state == EMU_PORT_ACTIVE) {
        /* traffic of a running job: its share of the per-step gradient all-reduce */
        bool in_job = false;
        for (int k = 0; k < w->job.n_nodes; k++)
            in_job |= w->job.present && w->job.nodes[k] == node;
        if (in_job && h->compute) {
            double bytes_per_s = 0.25 * h->rate_gbit_per_s * 1e9 / 8.0;
            uint64_t words = (uint64_t)(bytes_per_s * elapsed / 4.0);
            out->xmit_data += words;
            out->rcv_data += words;
            out->xmit_pkts += words / 1024;
            out->rcv_pkts += words / 1024;
        }
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
