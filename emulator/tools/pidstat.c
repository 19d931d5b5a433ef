/* pidstat.c: `pidstat [-u] [-d] [-r] [-l] [-p PID[,PID] | -C NAME] [INTERVAL [COUNT]]` (sysstat
 * 12.6) from the node's processes (model/host.h). %wait is the time a task was runnable but
 * waited for a CPU: what starved DataLoader workers show. Without -p, only active tasks. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "out.h"
#include "tools.h"
#include "host_fmt.h"
#include "model/host.h"
#include "model/job.h"
#include "model/world.h"

/* The share of time a process was runnable but not on a CPU (sysstat's %wait), in percent. */
static double run_wait_pct(const emu_world *w, const emu_proc *p)
{
    if (p->role != EMU_PROC_WORKER)
        return 0;
    emu_loader l;
    if (emu_job_loader(w, p->rank, &l) != 0)
        return 0;
    return fmax(0, 100 * (l.busy - l.io_share - l.cpu_used));
}

static int cmd_pidstat(emu_context *c, int argc, char **argv, emu_out *out)
{
    emu_world *w = c->world;
    char mode = 'u';
    bool full = false;
    const char *pids = NULL, *name = NULL;
    long interval = 0, count = -1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if ((!strcmp(a, "-p") || !strcmp(a, "-C")) && i + 1 < argc)
            *(a[1] == 'p' ? &pids : &name) = argv[++i];
        else if (!strcmp(a, "-u") || !strcmp(a, "-d") || !strcmp(a, "-r"))
            mode = a[1];
        else if (!strcmp(a, "-l"))
            full = true;
        else if (a[0] >= '0' && a[0] <= '9') {
            if (!interval)
                interval = atol(a);
            else
                count = atol(a);
        } else {
            emu_out_printf(out, "Usage: pidstat [ options ] [ <interval> [ <count> ] ] [ -e "
                                "<program> <args> ]\nOptions are:\n[ -d ] [ -H ] [ -h ] [ -I ] [ -l ] "
                                "[ -R ] [ -r ] [ -s ] [ -t ] [ -U [ <username> ] ]\n[ -u ] [ -V ] [ -v ] "
                                "[ -w ] [ -C <command> ] [ -G <process_name> ]\n[ -p { <pid> [,...] | "
                                "SELF | ALL } ] [ -T { TASK | CHILD | ALL } ]\n");
            return 1;
        }
    }
    bool all = pids && !strcmp(pids, "ALL");
    emu_sysstat_header(w, c->node, out);
    long reports = interval > 0 ? (count > 0 ? count : 3) : 1;
    if (reports > 30)
        reports = 30;
    emu_memory m;
    emu_node_memory(w, c->node, &m);
    char stamp[16];
    for (long r = 0; r < reports && !out->truncated; r++) {
        if (interval > 0)
            emu_world_advance(w, (double)interval);
        emu_sysstat_time(w->now_s, stamp, sizeof stamp);
        if (mode == 'u')
            emu_out_printf(out, "%-11s   UID       PID    %%usr %%system  %%guest   %%wait    %%CPU   "
                                "CPU  Command\n", stamp);
        else if (mode == 'd')
            emu_out_printf(out, "%-11s   UID       PID   kB_rd/s   kB_wr/s kB_ccwr/s iodelay  "
                                "Command\n", stamp);
        else
            emu_out_printf(out, "%-11s   UID       PID  minflt/s  majflt/s     VSZ     RSS   %%MEM  "
                                "Command\n", stamp);
        int n = emu_node_proc_count(w, c->node);
        for (int i = 0; i < n && !out->truncated; i++) {
            emu_proc p;
            if (emu_node_proc(w, c->node, i, &p) != 0)
                continue;
            if (pids && !all) {
                bool hit = false;
                for (const char *q = pids; *q; q += strcspn(q, ",") + (q[strcspn(q, ",")] == ','))
                    hit |= atoi(q) == p.pid;
                if (!hit)
                    continue;
            }
            if (name && !strstr(p.comm, name))
                continue;
            /* without -p: the tasks with activity to report, as pidstat shows by default */
            double elapsed = w->now_s - p.start_s;
            double rd = p.role == EMU_PROC_WORKER && elapsed > 0 ? p.read_bytes / elapsed / 1024 : 0;
            if (!pids && ((mode == 'u' && p.cpu < 0.005) || (mode == 'd' && rd <= 0)))
                continue;
            int uid = !strcmp(p.user, "root") ? 0 : 1000;
            const char *cmd = full && p.cmd[0] ? p.cmd : p.comm;
            if (mode == 'u') {
                double cpu = 100 * p.cpu, sys = cpu * (p.role == EMU_PROC_WORKER ? 0.12 : 0.07);
                emu_out_printf(out, "%-11s %5d %9d %7.2f %7.2f %7.2f %7.2f %7.2f %5d  %s\n", stamp, uid,
                               p.pid, cpu - sys, sys, 0.0, run_wait_pct(w, &p), cpu,
                               emu_proc_last_cpu(w, &p), cmd);
            } else if (mode == 'd') {
                /* iodelay counts block-I/O waits; network file systems' waits do not count */
                double delay = 0;
                emu_out_printf(out, "%-11s %5d %9d %9.2f %9.2f %9.2f %7.0f  %s\n", stamp, uid, p.pid,
                               rd, elapsed > 0 ? p.wchar / elapsed / 1024 * 0.02 : 0, 0.0, delay, cmd);
            } else {
                emu_out_printf(out, "%-11s %5d %9d %9.2f %9.2f %7.0f %7.0f %6.2f  %s\n", stamp, uid,
                               p.pid, p.role >= EMU_PROC_TRAINER ? 180.0 : 0.0, 0.0, p.vsz_kib,
                               p.rss_kib, 100 * p.rss_kib / m.total_kib, cmd);
            }
        }
        if (r + 1 < reports)
            emu_out_printf(out, "\n");
    }
    return 0;
}

static const char *const pidstat_flags[] = {"-u", "-d", "-r", "-l", "-p", "-C", NULL};

const emu_command emu_cmd_pidstat = {
    "pidstat", cmd_pidstat, "CPU, I/O or memory of each process",
    "usage: pidstat [-u | -d | -r] [-l] [-p PID[,PID] | -C NAME] [INTERVAL [COUNT]]\n"
    "  -u CPU (%wait: runnable but waiting for a CPU), -d reads and writes, -r memory.\n",
    pidstat_flags, .cost = EMU_COST_TOOL
};
