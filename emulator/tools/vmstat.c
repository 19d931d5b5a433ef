/* vmstat.c: `vmstat [-w] [DELAY [COUNT]]` (procps-ng 4.0): tasks, memory, block I/O and CPU time
 * of the node (model/host.h; the local disks as iostat sums them). The first line averages since
 * boot, the others cover DELAY seconds of simulated time each. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "out.h"
#include "tools.h"
#include "model/host.h"
#include "model/rng.h"
#include "model/world.h"

static void vmstat_line(const emu_world *w, int node, bool first, bool wide, emu_out *out)
{
    emu_task_counts t;
    emu_node_tasks(w, node, &t);
    emu_memory m;
    emu_node_memory(w, node, &m);
    emu_cpu_share s;
    emu_node_cpu_share(w, node, -1, first, &s);
    double rkb, wkb;
    emu_node_disk_kb_per_s(w, node, first, &rkb, &wkb);
    /* interrupts and context switches: the NICs' and GPUs' interrupts and the loaders' wakeups
     * grow with the busy CPUs (a busy 2-socket host takes tens of thousands a second) */
    double busy = (s.user + s.system) / 100 * w->nodes[node].n_cpus;
    double in = 900 + 310 * busy, cs = 1500 + 820 * busy;
    double u = first ? 0 : 0.05 * emu_sample(w, "vmstat", node, 0);
    int us = (int)lround(s.user), sy = (int)lround(s.system + s.irq + s.softirq),
        wa = (int)lround(s.iowait);
    int id = 100 - us - sy - wa;
    if (wide)
        emu_out_printf(out, "%4d %4d %12d %12.0f %12.0f %12.0f %4d %4d %5.0f %5.0f %4.0f %4.0f "
                            "%3d %3d %3d %3d %3d\n", t.running, t.blocked, 0, m.free_kib,
                       m.buffers_kib, m.cached_kib + m.slab_kib, 0, 0, rkb, wkb,
                       in * (1 + u), cs * (1 + u), us, sy, id < 0 ? 0 : id, wa, 0);
    else
        emu_out_printf(out, "%2d %2d %6d %6.0f %6.0f %6.0f %4d %4d %5.0f %5.0f %4.0f %4.0f %2d %2d "
                            "%2d %2d %2d\n", t.running, t.blocked, 0, m.free_kib, m.buffers_kib,
                       m.cached_kib + m.slab_kib, 0, 0, rkb, wkb, in * (1 + u), cs * (1 + u), us,
                       sy, id < 0 ? 0 : id, wa, 0);
}

static int cmd_vmstat(emu_context *c, int argc, char **argv, emu_out *out)
{
    emu_world *w = c->world;
    bool wide = false;
    long delay = 0, count = -1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        char *end;
        if (!strcmp(a, "-w") || !strcmp(a, "--wide"))
            wide = true;
        else if (a[0] >= '0' && a[0] <= '9' && (strtol(a, &end, 10), !*end)) {
            long v = strtol(a, NULL, 10);
            if (!delay && count < 0 && v == 0) {
                emu_out_printf(out, "vmstat: delay must be positive integer\n");
                return 1;
            }
            if (!delay)
                delay = v;
            else
                count = v;
        } else {
            emu_out_printf(out, "vmstat: invalid option -- '%.20s'\n\nUsage:\n vmstat [options] "
                                "[delay [count]]\n", a + (a[0] == '-'));
            return 1;
        }
    }
    long lines = delay ? (count >= 0 ? count : 3) : 1;
    if (lines > 60)
        lines = 60;
    if (wide)
        emu_out_printf(out, "--procs-- -----------------------memory---------------------- ---swap-- "
                            "-----io---- -system-- --------cpu--------\n"
                            "   r    b         swpd         free         buff        cache   si   so"
                            "    bi    bo   in   cs  us  sy  id  wa  st\n");
    else
        emu_out_printf(out, "procs -----------memory---------- ---swap-- -----io---- -system-- "
                            "------cpu-----\n r  b   swpd   free   buff  cache   si   so    bi    bo"
                            "   in   cs us sy id wa st\n");
    for (long k = 0; k < lines && !out->truncated; k++) {
        if (k)
            emu_world_advance(w, (double)delay);
        vmstat_line(w, c->node, k == 0, wide, out);
    }
    return 0;
}

static const char *const vmstat_flags[] = {"-w", NULL};

const emu_command emu_cmd_vmstat = {
    "vmstat", cmd_vmstat, "tasks, memory, block I/O and CPU time over intervals",
    "usage: vmstat [-w] [DELAY [COUNT]]\n  r: runnable tasks, b: in uninterruptible I/O (D), wa: "
    "CPU time waiting for I/O.\n  The first line averages since boot; each further line covers "
    "DELAY simulated seconds.\n",
    vmstat_flags, .cost = EMU_COST_TOOL
};
