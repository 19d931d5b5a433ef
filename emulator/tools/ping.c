/* ping.c: `ping [-c N] [-i S] HOST` (iputils) to a node's front-end address or its BMC: replies
 * while the host (or the BMC) answers, Destination Host Unreachable when it does not. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "out.h"
#include "tools.h"
#include "host_fmt.h"
#include "model/rng.h"
#include "model/world.h"

static int cmd_ping(emu_context *c, int argc, char **argv, emu_out *out)
{
    emu_world *w = c->world;
    double count = 4, interval = 1;
    const char *host = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-c") || !strcmp(argv[i], "-i") || !strncmp(argv[i], "-c", 2) ||
            !strncmp(argv[i], "-i", 2)) {
            char f = argv[i][1];
            double v;
            if (emu_flag_number(argc, argv, &i, &v) != 0 || (f == 'c' && v < 1)) {
                emu_out_printf(out, "ping: invalid argument: '%s'\n", i < argc ? argv[i] : "");
                return 2;
            }
            *(f == 'c' ? &count : &interval) = v;
        } else if (argv[i][0] == '-' && argv[i][1] != '\0' && strchr("qnv4", argv[i][1])) {
            continue;
        } else
            host = argv[i];
    }
    if (!host) {
        emu_out_printf(out, "ping: usage error: Destination address required\n");
        return 2;
    }
    /* nodeNN, nodeNN-bmc, or either address */
    int node = -1;
    bool bmc = false;
    for (int n = 0; n < w->n_nodes && node < 0; n++) {
        const emu_node *nd = &w->nodes[n];
        if (!strcmp(host, nd->name) || !strcmp(host, nd->ip))
            node = n;
        else if (!strcmp(host, nd->bmc.address) || !strcmp(host, nd->bmc.ip))
            node = n, bmc = true;
    }
    if (node < 0) {
        emu_out_printf(out, "ping: %.64s: %s\n", host,
                       strspn(host, "0123456789.") == strlen(host) ? "Destination Host Unreachable"
                                                                  : "Name or service not known");
        return 2;
    }
    const emu_node *n = &w->nodes[node];
    const char *name = bmc ? n->bmc.address : n->name, *ip = bmc ? n->bmc.ip : n->ip;
    bool up = bmc ? n->bmc.reachable : emu_node_reachable(w, node);
    if (count > 20)
        count = 20;
    emu_out_printf(out, "PING %s (%s) 56(84) bytes of data.\n", name, ip);
    double min = 1e9, max = 0, sum = 0, sq = 0;
    int got = 0, sent = (int)count;
    for (int k = 1; k <= sent && !out->truncated; k++) {
        if (k > 1)
            emu_world_advance(w, interval);
        if (!up) {
            if (k % 3 == 0) /* the kernel reports unanswered ARP in bursts of three */
                for (int r = k - 2; r <= k; r++)
                    emu_out_printf(out, "From %s icmp_seq=%d Destination Host Unreachable\n",
                                   w->nodes[c->node].ip, r);
            continue;
        }
        /* one hop on the front-end switch: about 0.1 ms; a BMC's slower stack about 0.4 ms */
        double rtt = (bmc ? 0.42 : 0.11) * (1 + 0.25 * emu_sample(w, "ping", node, k));
        got++;
        sum += rtt, sq += rtt * rtt;
        min = fmin(min, rtt), max = fmax(max, rtt);
        emu_out_printf(out, "64 bytes from %s (%s): icmp_seq=%d ttl=64 time=%.3f ms\n", name, ip, k, rtt);
    }
    /* ping waits for the last ones: their ARP requests fail too (every unanswered packet is an
     * error, so -c 1 and -c 2 report it as well) */
    for (int r = sent / 3 * 3 + 1; !up && r <= sent && !out->truncated; r++)
        emu_out_printf(out, "From %s icmp_seq=%d Destination Host Unreachable\n", w->nodes[c->node].ip, r);
    emu_out_printf(out, "\n--- %s ping statistics ---\n%d packets transmitted, %d received, ", name,
                   sent, got);
    if (!up)
        emu_out_printf(out, "+%d errors, ", sent);
    emu_out_printf(out, "%d%% packet loss, time %.0fms\n", (sent - got) * 100 / sent,
                   (sent - 1) * interval * 1000 + (up ? 2 : 35));
    if (got) {
        double avg = sum / got;
        emu_out_printf(out, "rtt min/avg/max/mdev = %.3f/%.3f/%.3f/%.3f ms\n", min, avg, max,
                       sqrt(fmax(0, sq / got - avg * avg)));
    }
    return got ? 0 : 1;
}

static const char *const ping_flags[] = {"-c", "-i", NULL};

const emu_command emu_cmd_ping = {
    "ping", cmd_ping, "ICMP echo to a node or its BMC",
    EMU_HELP("usage: ping [-c COUNT] [-i SECONDS] HOST\n  HOST: node02, 10.0.0.12, node02-bmc. Without -c: "
    "4 packets here (simulated time passes).\n"),
    ping_flags, .cost = EMU_COST_INSTANT
};
