/* mpstat.c: `mpstat [-P ALL|N[,M...]] [-u] [INTERVAL [COUNT]]` (sysstat 12.6) from the node's CPU
 * time (model/host.h). Without INTERVAL one report since boot; with it, one per interval and
 * the Average lines. A rank's cpuset (Slurm --cpus-per-task) shows as its CPUs saturated. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "out.h"
#include "tools.h"
#include "host_fmt.h"
#include "model/host.h"
#include "model/world.h"

#define MPSTAT_CPUS_MAX 1025 /* "all" and up to 1024 CPUs */

/* The CPUs to show: -1 for "all", then CPU numbers. Returns how many, or -1 on a bad list. */
static int mpstat_cpus(const char *list, int n_cpus, int *cpus, int max)
{
    int n = 0;
    cpus[n++] = -1;
    if (!list)
        return n;
    if (!strcmp(list, "ALL")) {
        for (int i = 0; i < n_cpus && n < max; i++)
            cpus[n++] = i;
        return n;
    }
    n = 0;
    for (const char *s = list; *s;) {
        char *end;
        long v = strtol(s, &end, 10);
        if (end == s || v < 0 || v >= n_cpus || n >= max)
            return -1;
        cpus[n++] = (int)v;
        s = *end == ',' ? end + 1 : end;
        if (*end && *end != ',')
            return -1;
    }
    return n;
}

static void mpstat_row(const char *stamp, int cpu, const emu_cpu_share *s, emu_out *out)
{
    char name[8];
    snprintf(name, sizeof name, cpu < 0 ? "all" : "%d", cpu);
    emu_out_printf(out, "%-11s %4s %7.2f %7.2f %7.2f %7.2f %7.2f %7.2f %7.2f %7.2f %7.2f %7.2f\n",
                   stamp, name, s->user, 0.0, s->system, s->iowait, s->irq, s->softirq, 0.0, 0.0,
                   0.0, s->idle);
}

static int cmd_mpstat(emu_context *c, int argc, char **argv, emu_out *out)
{
    emu_world *w = c->world;
    const char *list = NULL;
    long interval = 0, count = -1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-P") && i + 1 < argc)
            list = argv[++i];
        else if (!strcmp(a, "-u"))
            continue;
        else if (a[0] >= '0' && a[0] <= '9') {
            if (!interval)
                interval = atol(a);
            else
                count = atol(a);
        } else {
            emu_out_printf(out, "Usage: mpstat [ options ] [ <interval> [ <count> ] ]\nOptions are:\n"
                                "[ -A ] [ -n ] [ -T ] [ -u ] [ -V ]\n[ -I { SUM | CPU | SCPU | ALL } ] "
                                "[ -N { <node_list> | ALL } ]\n[ --dec={ 0 | 1 | 2 } ] [ -o JSON ] "
                                "[ -P { <cpu_list> | ALL } ]\n");
            return 1;
        }
    }
    const emu_node *n = &w->nodes[c->node];
    static _Thread_local int cpus[MPSTAT_CPUS_MAX];
    int nc = mpstat_cpus(list, n->n_cpus, cpus, MPSTAT_CPUS_MAX);
    if (nc < 0) {
        emu_out_printf(out, "Invalid CPU list: %.40s\n", list);
        return 1;
    }
    emu_sysstat_header(w, c->node, out);
    long reports = interval > 0 ? (count > 0 ? count : 3) : 1;
    if (reports > 30)
        reports = 30;
    char stamp[16];
    for (long r = 0; r < reports && !out->truncated; r++) {
        if (interval > 0)
            emu_world_advance(w, (double)interval);
        emu_sysstat_time(w->now_s, stamp, sizeof stamp);
        emu_out_printf(out, "%-11s  CPU    %%usr   %%nice    %%sys %%iowait    %%irq   %%soft  %%steal"
                            "  %%guest  %%gnice   %%idle\n", stamp);
        for (int k = 0; k < nc; k++) {
            emu_cpu_share s;
            emu_node_cpu_share(w, c->node, cpus[k], interval == 0, &s);
            mpstat_row(stamp, cpus[k], &s, out);
        }
        if (r + 1 < reports)
            emu_out_printf(out, "\n");
    }
    if (interval > 0 && !out->truncated) { /* the averages: the model's steady state */
        emu_out_printf(out, "\nAverage:     CPU    %%usr   %%nice    %%sys %%iowait    %%irq   %%soft  "
                            "%%steal  %%guest  %%gnice   %%idle\n");
        for (int k = 0; k < nc; k++) {
            emu_cpu_share s;
            emu_node_cpu_share(w, c->node, cpus[k], false, &s);
            mpstat_row("Average:", cpus[k], &s, out);
        }
    }
    return 0;
}

static const char *const mpstat_flags[] = {"-P", "ALL", "-u", NULL};

const emu_command emu_cmd_mpstat = {
    "mpstat", cmd_mpstat, "CPU time by kind, for the node or each CPU",
    "usage: mpstat [-P ALL | -P N[,M...]] [INTERVAL [COUNT]]\n  Without INTERVAL: averages since "
    "boot. A rank confined to few CPUs (--cpus-per-task)\n  shows them near 100% while the rest "
    "idle: mpstat -P ALL 1 1.\n",
    mpstat_flags, .cost = EMU_COST_TOOL
};
