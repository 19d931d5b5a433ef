/* free.c: `free [-b|-k|-m|-g|-h] [--si] [-w] [-t] [-s N [-c N]]` (procps-ng 4.0) from the node's
 * memory (model/host.h). As in procps 4, used is total minus available. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "out.h"
#include "tools.h"
#include "host_fmt.h"
#include "model/host.h"
#include "model/world.h"

static void free_value(double kib, char unit, bool si, emu_out *out)
{
    char buf[32];
    if (unit == 'h')
        emu_procps_human(kib, buf, sizeof buf);
    else {
        double div = unit == 'b' ? 1.0 / 1024 : unit == 'k' ? 1 : unit == 'm' ? 1024 : 1048576;
        if (si)
            div = unit == 'b' ? 1.0 / 1024 : unit == 'k' ? 1000.0 / 1024 : unit == 'm' ? 1e6 / 1024 : 1e9 / 1024;
        snprintf(buf, sizeof buf, "%.0f", floor(kib / div));
    }
    emu_out_printf(out, " %11s", buf);
}

static void free_report(const emu_world *w, int node, char unit, bool si, bool wide, bool total,
                        emu_out *out)
{
    emu_memory m;
    emu_node_memory(w, node, &m);
    emu_out_printf(out, "               total        used        free      shared%s   available\n",
                   wide ? "     buffers       cache" : "  buff/cache");
    double used = m.total_kib - m.available_kib;
    emu_out_printf(out, "%-7s", "Mem:");
    free_value(m.total_kib, unit, si, out);
    free_value(used, unit, si, out);
    free_value(m.free_kib, unit, si, out);
    free_value(m.shmem_kib, unit, si, out);
    if (wide) {
        free_value(m.buffers_kib, unit, si, out);
        free_value(m.cached_kib + m.slab_kib, unit, si, out);
    } else
        free_value(m.buffers_kib + m.cached_kib + m.slab_kib, unit, si, out);
    free_value(m.available_kib, unit, si, out);
    emu_out_printf(out, "\n%-7s", "Swap:");
    for (int k = 0; k < 3; k++)
        free_value(0, unit, si, out);
    if (total) {
        emu_out_printf(out, "\n%-7s", "Total:");
        free_value(m.total_kib, unit, si, out);
        free_value(used, unit, si, out);
        free_value(m.free_kib, unit, si, out);
    }
    emu_out_printf(out, "\n");
}

static int cmd_free(emu_context *c, int argc, char **argv, emu_out *out)
{
    emu_world *w = c->world;
    char unit = 'k';
    bool si = false, wide = false, total = false;
    double seconds = 0, count = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--si"))
            si = true;
        else if (!strcmp(a, "-s") || !strcmp(a, "-c")) {
            double v;
            if (emu_flag_number(argc, argv, &i, &v) != 0) {
                emu_out_printf(out, "free: seconds argument '%s' failed\n", i < argc ? argv[i] : "");
                return 1;
            }
            *(a[1] == 's' ? &seconds : &count) = v;
        } else if (a[0] == '-' && a[1] && a[1] != '-' && !a[2] && strchr("bkmghwt", a[1])) {
            if (a[1] == 'w')
                wide = true;
            else if (a[1] == 't')
                total = true;
            else
                unit = a[1];
        } else {
            emu_out_printf(out, "free: invalid option -- '%.20s'\n\nUsage:\n free [options]\n", a + (a[0] == '-'));
            return 1;
        }
    }
    long reports = seconds > 0 || count > 0 ? (count > 0 ? (long)count : 3) : 1;
    if (reports > 30)
        reports = 30;
    for (long r = 0; r < reports && !out->truncated; r++) {
        if (r) {
            emu_world_advance(w, seconds > 0 ? seconds : 1);
            emu_out_printf(out, "\n");
        }
        free_report(w, c->node, unit, si, wide, total, out);
    }
    return 0;
}

static const char *const free_flags[] = {"-h", "-m", "-g", "-w", "-t", "-s", "-c", "--si", NULL};

const emu_command emu_cmd_free = {
    "free", cmd_free, "memory in use, free, cached and available",
    "usage: free [-b|-k|-m|-g|-h] [--si] [-w] [-t] [-s SECONDS [-c COUNT]]\n"
    "  used is total minus available (procps 4); -s repeats (simulated time passes).\n",
    free_flags, .cost = EMU_COST_TOOL
};
