/* uptime.c: `uptime [-p] [-s]` from the node's boot time and load average (model/host.h). */
#include <stdio.h>
#include <string.h>

#include "full_only.h"
#include "out.h"
#include "tools.h"
#include "host_fmt.h"
#include "model/host.h"
#include "model/rng.h"
#include "model/world.h"

static int cmd_uptime(emu_context *c, int argc, char **argv, emu_out *out)
{
    const emu_world *w = c->world;
    const char *mode = argc > 1 ? argv[1] : "";
    if (argc > 1) /* the labs' lines run a plain uptime: -p, -s and a bad flag are the full module's (full_only.h) */
        EMU_FULL_MODULE_ONLY();
    if (argc > 2 || (argc == 2 && strcmp(mode, "-p") && strcmp(mode, "-s") &&
                     strcmp(mode, "--pretty") && strcmp(mode, "--since"))) {
        emu_out_printf(out, "uptime: invalid option -- '%.20s'\n\nUsage:\n uptime [options]\n",
                       argc > 1 ? argv[1] + (argv[1][0] == '-') : "");
        return 1;
    }
    /* procps-ng's -s/--since: the boot time as %Y-%m-%d %H:%M:%S, local time (the nodes' UTC) */
    if (!strcmp(mode, "-s") || !strcmp(mode, "--since")) {
        char since[32];
        emu_format_utc(w->nodes[c->node].boot_time_s, "%Y-%m-%d %H:%M:%S", since, sizeof since);
        emu_out_printf(out, "%s\n", since);
        return 0;
    }
    if (mode[0]) { /* up 3 weeks, 0 days, 3 hours, 5 minutes */
        long s = (long)emu_node_uptime_s(w, c->node);
        long weeks = s / 604800, days = s % 604800 / 86400, hours = s % 86400 / 3600,
             minutes = s % 3600 / 60;
        emu_out_printf(out, "up");
        const char *sep = " ";
        if (weeks)
            emu_out_printf(out, "%s%ld week%s", sep, weeks, weeks == 1 ? "" : "s"), sep = ", ";
        if (days || weeks)
            emu_out_printf(out, "%s%ld day%s", sep, days, days == 1 ? "" : "s"), sep = ", ";
        if (hours || days || weeks)
            emu_out_printf(out, "%s%ld hour%s", sep, hours, hours == 1 ? "" : "s"), sep = ", ";
        emu_out_printf(out, "%s%ld minute%s\n", sep, minutes, minutes == 1 ? "" : "s");
        return 0;
    }
    char line[160];
    emu_uptime_line(w, c->node, line, sizeof line);
    emu_out_printf(out, " %s\n", line);
    return 0;
}

static const char *const uptime_flags[] = {"-p", "-s", NULL};

const emu_command emu_cmd_uptime = {
    "uptime", cmd_uptime, "how long the node has been up, and its load average",
    EMU_HELP("usage: uptime [-p | -s]\n  The load average counts tasks running or waiting for I/O (D state)"
    "\n  over 1, 5 and 15 minutes.\n"),
    uptime_flags, .cost = EMU_COST_TOOL
};
