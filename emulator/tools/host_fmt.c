/* host_fmt.c: the layouts the host tools share (host_fmt.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "out.h"
#include "host_fmt.h"
#include "compat/numscan.h"
#include "model/host.h"
#include "model/rng.h"

void emu_sysstat_header(const emu_world *w, int node, emu_out *out)
{
    char date[32];
    emu_format_utc(w->now_s, "%m/%d/%Y", date, sizeof date);
    emu_out_printf(out, "Linux %s (%s) \t%s \t_x86_64_\t(%d CPU)\n\n", w->kernel_release,
                   w->nodes[node].name, date, w->nodes[node].n_cpus);
}

void emu_sysstat_time(double time_s, char *buf, size_t size)
{
    emu_format_utc(time_s, "%I:%M:%S %p", buf, size);
}

void emu_uptime_line(const emu_world *w, int node, char *buf, size_t size)
{
    char now[16], up[32];
    emu_format_utc(w->now_s, "%H:%M:%S", now, sizeof now);
    long s = (long)emu_node_uptime_s(w, node);
    long days = s / 86400, hours = s % 86400 / 3600, minutes = s % 3600 / 60;
    int len = 0;
    if (days)
        len = snprintf(up, sizeof up, "%ld day%s, ", days, days == 1 ? "" : "s");
    if (hours)
        snprintf(up + len, sizeof up - (size_t)len, "%2ld:%02ld", hours, minutes);
    else
        snprintf(up + len, sizeof up - (size_t)len, "%ld min", minutes);
    /* the learner's login session is on node01 (session.c); `ssh host cmd` opens no login
     * session (no utmp entry), so other hosts count 0 users (procps: "0 users") */
    int users = node == 0 ? 1 : 0;
    snprintf(buf, size, "%s up %s,  %d user%s,  load average: %.2f, %.2f, %.2f", now, up, users,
             users == 1 ? "" : "s",
             emu_node_loadavg(w, node, 1), emu_node_loadavg(w, node, 5),
             emu_node_loadavg(w, node, 15));
}

void emu_procps_human(double kib, char *buf, size_t size)
{
    static const char *const units[] = {"B", "Ki", "Mi", "Gi", "Ti", "Pi"};
    double v = kib * 1024;
    for (int i = 0; i < 6; i++, v /= 1024) {
        char num[32];
        if (i > 0 && snprintf(num, sizeof num, "%.1f", v) <= 3) {
            snprintf(buf, size, "%s%s", num, units[i]);
            return;
        }
        if (snprintf(num, sizeof num, "%ld", (long)v) <= (i ? 3 : 4) || i == 5) {
            snprintf(buf, size, "%s%s", num, units[i]);
            return;
        }
    }
}

void emu_top_scaled(double kib, int width, char *buf, size_t size)
{
    if (snprintf(buf, size, "%.0f", kib) <= width)
        return;
    static const char units[] = "mgtp";
    double v = kib;
    for (int i = 0; units[i]; i++) {
        v /= 1024;
        if (snprintf(buf, size, "%.1f%c", v, units[i]) <= width)
            return;
    }
}

int emu_flag_number(int argc, char **argv, int *i, double *value)
{
    const char *a = argv[*i];
    const char *text = a[0] == '-' && a[1] && a[2] ? a + 2 : (*i + 1 < argc ? argv[++*i] : NULL);
    char *end;
    if (!text)
        return -1;
    *value = emu_strtod(text, &end);
    return end == text || *end || *value < 0 || *value != *value ? -1 : 0;
}
