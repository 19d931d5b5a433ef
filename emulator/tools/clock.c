/* clock.c: the simulated clock as commands: `date` prints it, `sleep` lets time pass. */
#include <stdio.h>
#include <string.h>

#include "tools.h"
#include "compat/numscan.h"
#include "model/rng.h"
#include "model/world.h"

/* `date [-u] [+FORMAT]`: the simulated clock (UTC; the cluster's clocks run in UTC). */
static int cmd_date(emu_context *c, int argc, char **argv, emu_out *out)
{
    const char *format = "%a %b %e %H:%M:%S UTC %Y";
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-u") == 0 || strcmp(argv[i], "--utc") == 0)
            continue;
        if (argv[i][0] == '+' && strlen(argv[i]) < 200) {
            format = argv[i] + 1;
            continue;
        }
        emu_out_printf(out, "date: invalid option or date '%.64s'\n"
                            "(this simulated date prints the clock: date [-u] [+FORMAT])\n",
                       argv[i]);
        return 1;
    }
    char buf[512];
    emu_format_utc(c->world->now_s, format, buf, sizeof buf);
    emu_out_printf(out, "%s\n", buf);
    return 0;
}

#define SLEEP_MAX_S (6.0 * 3600.0) /* the longest wait one sleep may take (simulated) */

/* `sleep N[smh]`: lets simulated time pass, so counters can be compared over an interval. */
static int cmd_sleep(emu_context *c, int argc, char **argv, emu_out *out)
{
    if (argc != 2) {
        emu_out_printf(out, "usage: sleep SECONDS   (suffixes s, m, h; simulated time)\n");
        return 1;
    }
    char *end;
    double seconds = emu_strtod(argv[1], &end);
    if (end == argv[1] || seconds < 0 || seconds != seconds) {
        emu_out_printf(out, "sleep: invalid time interval '%.64s'\n", argv[1]);
        return 1;
    }
    if (*end == 'm')
        seconds *= 60, end++;
    else if (*end == 'h')
        seconds *= 3600, end++;
    else if (*end == 's')
        end++;
    if (*end) {
        emu_out_printf(out, "sleep: invalid time interval '%.64s'\n", argv[1]);
        return 1;
    }
    if (seconds > SLEEP_MAX_S) {
        emu_out_printf(out, "sleep: at most %.0f hours at a time in this simulation\n",
                       SLEEP_MAX_S / 3600.0);
        return 1;
    }
    emu_world_advance(c->world, seconds);
    return 0;
}

const emu_command emu_cmd_date = {
    "date", cmd_date, "print the simulated date and time (UTC)",
    EMU_HELP("usage: date [-u] [+FORMAT]\n  e.g. date +%H:%M:%S. Simulated time advances with each "
    "command you run.\n"),
    NULL, .cost = EMU_COST_TOOL
};

const emu_command emu_cmd_sleep = {
    "sleep", cmd_sleep, "let simulated time pass (compare counters over an interval)",
    EMU_HELP("usage: sleep SECONDS   (suffixes s, m, h; at most 6 h)\n  e.g. perfquery -x; sleep 60; "
    "perfquery -x   shows how counters grew in a minute.\n"),
    NULL, .cost = EMU_COST_TOOL
};
