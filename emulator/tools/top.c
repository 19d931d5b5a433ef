/* top.c: `top -b [-n N] [-d S] [-p PID,...] [-u USER] [-o FIELD] [-c]` (procps-ng 4.0) over
 * the node's processes and CPU time (model/host.h). As in the real top, the first frame's
 * %Cpu(s) line averages since boot; later frames cover the delay between them. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "out.h"
#include "tools.h"
#include "host_fmt.h"
#include "model/host.h"
#include "model/world.h"

static void top_frame(emu_world *w, int node, bool first, const char *pids, const char *user,
                      bool by_mem, bool cmdline, emu_out *out)
{
    char line[160];
    emu_uptime_line(w, node, line, sizeof line);
    emu_out_printf(out, "top - %s\n", line);
    emu_task_counts t;
    emu_node_tasks(w, node, &t);
    emu_out_printf(out, "Tasks: %3d total, %3d running, %3d sleeping, %3d stopped, %3d zombie\n",
                   t.total, t.running, t.sleeping, 0, t.zombie);
    emu_cpu_share s;
    emu_node_cpu_share(w, node, -1, first, &s);
    emu_out_printf(out, "%%Cpu(s):%5.1f us,%5.1f sy,%5.1f ni,%5.1f id,%5.1f wa,%5.1f hi,%5.1f si,"
                        "%5.1f st \n", s.user, s.system, 0.0, s.idle, s.iowait, s.irq, s.softirq, 0.0);
    emu_memory m;
    emu_node_memory(w, node, &m);
    emu_out_printf(out, "MiB Mem :%9.1f total,%9.1f free,%9.1f used,%9.1f buff/cache     \n"
                        "MiB Swap:%9.1f total,%9.1f free,%9.1f used.%9.1f avail Mem \n\n",
                   m.total_kib / 1024, m.free_kib / 1024, m.used_kib / 1024,
                   (m.buffers_kib + m.cached_kib + m.slab_kib) / 1024, m.swap_total_kib / 1024,
                   m.swap_free_kib / 1024, 0.0, m.available_kib / 1024);
    emu_out_printf(out, "    PID USER      PR  NI    VIRT    RES    SHR S  %%CPU  %%MEM     TIME+ "
                        "COMMAND\n");
    int count = emu_node_proc_count(w, node);
    emu_proc *list = malloc(sizeof *list * (size_t)(count ? count : 1));
    if (!list)
        return;
    int n = 0;
    for (int i = 0; i < count; i++) {
        emu_proc *p = &list[n];
        if (emu_node_proc(w, node, i, p) != 0)
            continue;
        if (pids) {
            bool hit = false;
            for (const char *q = pids; *q; q += strcspn(q, ",") + (q[strcspn(q, ",")] == ','))
                hit |= atoi(q) == p->pid;
            if (!hit)
                continue;
        }
        if (user && strcmp(user, p->user))
            continue;
        n++;
    }
    /* highest %CPU (or %MEM) first; equal ones by pid, as top's sort leaves them */
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0; j--) {
            double a = by_mem ? list[j - 1].rss_kib : list[j - 1].cpu;
            double b = by_mem ? list[j].rss_kib : list[j].cpu;
            if (a >= b)
                break;
            emu_proc tmp = list[j];
            list[j] = list[j - 1];
            list[j - 1] = tmp;
        }
    for (int i = 0; i < n && !out->truncated; i++) {
        const emu_proc *p = &list[i];
        char virt[16], res[16], shr[16], time[24];
        emu_top_scaled(p->vsz_kib, 7, virt, sizeof virt);
        emu_top_scaled(p->rss_kib, 6, res, sizeof res);
        emu_top_scaled(p->shr_kib, 6, shr, sizeof shr);
        long cs = (long)(p->cpu_time_s * 100);
        if (snprintf(time, sizeof time, "%ld:%02ld.%02ld", cs / 6000, cs / 100 % 60, cs % 100) > 9)
            snprintf(time, sizeof time, "%ld:%02ld", cs / 6000, cs / 100 % 60);
        bool rt = !strncmp(p->comm, "migration", 9);
        emu_out_printf(out, "%7d %-8.8s %3s %3d %7s %6s %6s %c %5.1f %5.1f %9s %s\n", p->pid,
                       p->user, rt ? "rt" : "20", 0, virt, res, shr, p->state == 'I' ? 'I' : p->state,
                       100 * p->cpu, m.total_kib > 0 ? 100 * p->rss_kib / m.total_kib : 0, time,
                       cmdline && p->cmd[0] ? p->cmd : p->comm);
    }
    free(list);
}

static const char top_usage[] =
    "Usage:\n  top -hv | -bcEeHiOSs1 -d secs -n max -u|U user -p pid(s) -o field -w [cols]\n";

static int cmd_top(emu_context *c, int argc, char **argv, emu_out *out)
{
    emu_world *w = c->world;
    double frames = 1, delay = 3;
    const char *pids = NULL, *user = NULL;
    bool by_mem = false, cmdline = false;
    const char *a = NULL;
    for (int i = 1; i < argc; i++) {
        a = argv[i];
        if (a[0] != '-' || !a[1])
            goto bad;
        if (a[1] == 'n' || a[1] == 'd') {
            double v;
            if (emu_flag_number(argc, argv, &i, &v) != 0) {
                emu_out_printf(out, "top: bad %s '%s'\n%s", a[1] == 'n' ? "iterations argument"
                                                                         : "delay interval",
                               i < argc ? argv[i] : "", top_usage);
                return 1;
            }
            if (a[1] == 'n')
                frames = v < 1 ? 1 : v > 20 ? 20 : floor(v);
            else
                delay = v;
            continue;
        }
        if ((a[1] == 'p' || a[1] == 'u' || a[1] == 'U' || a[1] == 'o') && (a[2] || i + 1 < argc)) {
            const char *v = a[2] ? a + 2 : argv[++i];
            if (a[1] == 'p')
                pids = v;
            else if (a[1] == 'o')
                by_mem = strstr(v, "MEM") || strstr(v, "RES");
            else
                user = v;
            continue;
        }
        for (const char *f = a + 1; *f; f++) {
            if (*f == 'c')
                cmdline = true;
            else if (!strchr("bEeiSs1w", *f))
                goto bad;
        }
    }
    for (int f = 0; f < (int)frames && !out->truncated; f++) {
        if (f) {
            emu_world_advance(w, delay);
            emu_out_printf(out, "\n");
        }
        top_frame(w, c->node, f == 0, pids, user, by_mem, cmdline, out);
    }
    return 0;
bad:
    emu_out_printf(out, "top: unknown option '%.32s'\n%s", a[0] == '-' ? a + 1 : a, top_usage);
    return 1;
}

static const char *const top_flags[] = {"-b", "-n", "-d", "-p", "-u", "-o", "-c", NULL};

const emu_command emu_cmd_top = {
    "top", cmd_top, "processes by CPU use, load and memory (batch mode)",
    "usage: top -b [-n N] [-d SECONDS] [-p PID,...] [-u USER] [-o %MEM] [-c]\n"
    "  This terminal is line-oriented: top prints frames as top -b does. The first frame's\n"
    "  %Cpu(s) averages since boot, as in the real top: use -n 2 and read the second.\n",
    top_flags, .cost = EMU_COST_TOOL
};
