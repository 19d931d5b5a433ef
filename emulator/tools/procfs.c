/* procfs.c: the files of /proc a node's processes and the host tools read, from the host
 * model (model/host.h): /proc/PID/{status,io,comm,cmdline}, /proc/{loadavg,meminfo,uptime,
 * version,modules}, in the kernel's (6.8) layouts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "out.h"
#include "tools.h"
#include "model/host.h"
#include "model/world.h"

static const char *state_name(char s)
{
    return s == 'R' ? "R (running)" : s == 'D' ? "D (disk sleep)" : s == 'I' ? "I (idle)"
                                                                        : "S (sleeping)";
}

static void write_status(const emu_world *w, int node, const emu_proc *p, emu_out *out)
{
    int uid = !strcmp(p->user, "root") ? 0 : 1000;
    bool kernel = p->role == EMU_PROC_KERNEL;
    emu_out_printf(out, "Name:\t%s\nUmask:\t%s\nState:\t%s\nTgid:\t%d\nNgid:\t0\nPid:\t%d\nPPid:\t%d\n"
                        "TracerPid:\t0\nUid:\t%d\t%d\t%d\t%d\nGid:\t%d\t%d\t%d\t%d\nFDSize:\t%d\n"
                        "Groups:\t%s\nNStgid:\t%d\nNSpid:\t%d\nNSpgid:\t%d\nNSsid:\t%d\n",
                   p->comm, kernel ? "0000" : "0022", state_name(p->state), p->pid, p->pid,
                   p->ppid, uid, uid, uid, uid, uid, uid, uid, uid,
                   p->role == EMU_PROC_TRAINER ? 1024 : 64, uid ? "27 1000 " : "", p->pid,
                   p->pid, p->ppid, p->ppid);
    if (!kernel) {
        double rss = p->rss_kib, shm = p->shr_kib * 0.3;
        emu_out_printf(out, "VmPeak:\t%8.0f kB\nVmSize:\t%8.0f kB\nVmLck:\t       0 kB\n"
                            "VmPin:\t       0 kB\nVmHWM:\t%8.0f kB\nVmRSS:\t%8.0f kB\n"
                            "RssAnon:\t%8.0f kB\nRssFile:\t%8.0f kB\nRssShmem:\t%8.0f kB\n"
                            "VmData:\t%8.0f kB\nVmStk:\t     132 kB\nVmExe:\t    2800 kB\n"
                            "VmLib:\t%8.0f kB\nVmPTE:\t%8.0f kB\nVmSwap:\t       0 kB\n"
                            "HugetlbPages:\t       0 kB\nCoreDumping:\t0\nTHP_enabled:\t1\n"
                            "untag_mask:\t0xffffffffffffffff\n",
                       p->vsz_kib * 1.01, p->vsz_kib, rss * 1.04, rss, rss - p->shr_kib,
                       p->shr_kib - shm, shm, rss * 0.8, p->shr_kib * 0.4, rss / 500 + 12);
    }
    emu_out_printf(out, "Threads:\t%d\nSigQ:\t0/8254602\nSigPnd:\t0000000000000000\n"
                        "ShdPnd:\t0000000000000000\nSigBlk:\t0000000000000000\n"
                        "SigIgn:\t%s\nSigCgt:\t%s\nCapInh:\t0000000000000000\n"
                        "CapPrm:\t%s\nCapEff:\t%s\nCapBnd:\t000001ffffffffff\n"
                        "CapAmb:\t0000000000000000\nNoNewPrivs:\t0\nSeccomp:\t0\n"
                        "Seccomp_filters:\t0\nSpeculation_Store_Bypass:\tthread vulnerable\n"
                        "SpeculationIndirectBranch:\tconditional enabled\n",
                   p->threads, kernel ? "ffffffffffffffff" : "0000000001001000",
                   kernel ? "0000000000000000" : "0000000180004002",
                   uid ? "0000000000000000" : "000001ffffffffff",
                   uid ? "0000000000000000" : "000001ffffffffff");
    /* Cpus_allowed: the cpuset as a hex mask in 32-bit groups, highest first */
    int n_cpus = w->nodes[node].n_cpus, groups = (n_cpus + 31) / 32;
    char *end;
    long lo = strtol(p->cpus_allowed, &end, 10), hi = *end == '-' ? strtol(end + 1, NULL, 10) : lo;
    emu_out_printf(out, "Cpus_allowed:\t");
    for (int gr = groups - 1; gr >= 0; gr--) {
        unsigned mask = 0;
        for (int b = 0; b < 32; b++)
            if (gr * 32 + b >= lo && gr * 32 + b <= hi)
                mask |= 1u << b;
        emu_out_printf(out, "%08x%s", mask, gr ? "," : "\n");
    }
    emu_out_printf(out, "Cpus_allowed_list:\t%s\nMems_allowed:\t", p->cpus_allowed);
    for (int gr = 31; gr >= 0; gr--)
        emu_out_printf(out, "%08x%s", gr ? 0u : (1u << w->nodes[node].n_numa) - 1, gr ? "," : "\n");
    double age = w->now_s - p->start_s;
    emu_out_printf(out, "Mems_allowed_list:\t0-%d\nvoluntary_ctxt_switches:\t%.0f\n"
                        "nonvoluntary_ctxt_switches:\t%.0f\n",
                   w->nodes[node].n_numa - 1, age * (p->state == 'D' ? 420 : 95) * (p->cpu + 0.01),
                   age * 3.0 * p->cpu);
}

static void write_io(const emu_world *w, const emu_proc *p, emu_out *out)
{
    double age = w->now_s - p->start_s;
    emu_out_printf(out, "rchar: %.0f\nwchar: %.0f\nsyscr: %.0f\nsyscw: %.0f\nread_bytes: %.0f\n"
                        "write_bytes: %.0f\ncancelled_write_bytes: 0\n",
                   p->rchar, p->wchar, p->rchar / 131072 + age * 2, p->wchar / 65536 + age,
                   p->role == EMU_PROC_WORKER ? 0.0 : p->read_bytes, p->write_bytes);
}

/* /proc/PID/...: returns the kind (1 file, 2 directory) or 0. */
static int pid_file(const emu_world *w, int node, int pid, const char *rest, emu_out *out)
{
    emu_proc p;
    if (emu_node_proc_by_pid(w, node, pid, &p) != 0)
        return 0;
    if (!*rest) {
        if (out)
            emu_out_printf(out, "cmdline\ncomm\nio\nstatus\n");
        return 2;
    }
    if (!out)
        return !strcmp(rest, "/status") || !strcmp(rest, "/io") || !strcmp(rest, "/comm") ||
               !strcmp(rest, "/cmdline");
    if (!strcmp(rest, "/status"))
        write_status(w, node, &p, out);
    else if (!strcmp(rest, "/io"))
        write_io(w, &p, out);
    else if (!strcmp(rest, "/comm"))
        emu_out_printf(out, "%s\n", p.comm);
    else if (!strcmp(rest, "/cmdline")) { /* NUL-separated: a terminal runs the words together */
        for (const char *s = p.role == EMU_PROC_KERNEL ? "" : p.cmd; *s; s++)
            if (*s != ' ')
                emu_out_write(out, s, 1);
    } else
        return 0;
    return 1;
}

int emu_procfs_file(emu_world *w, int node, const char *path, emu_out *out)
{
    const char *rest = path + 5; /* after "/proc" */
    if (!*rest) {
        if (out) {
            int n = emu_node_proc_count(w, node);
            for (int i = 0; i < n; i++) {
                emu_proc p;
                if (emu_node_proc(w, node, i, &p) == 0)
                    emu_out_printf(out, "%d/\n", p.pid);
            }
            emu_out_printf(out, "loadavg\nmeminfo\nmodules\nnet/\nuptime\nversion\n");
        }
        return 2;
    }
    char *end;
    long pid = strtol(rest + 1, &end, 10);
    if (end != rest + 1 && (*end == '/' || !*end))
        return pid_file(w, node, (int)pid, end, out);
    if (!strncmp(rest, "/net", 4) && (rest[4] == '/' || !rest[4]))
        return emu_proc_net_file(w, node, rest + 4, out);
    if (!strcmp(rest, "/loadavg")) {
        if (out) {
            emu_task_counts t;
            emu_node_tasks(w, node, &t);
            emu_out_printf(out, "%.2f %.2f %.2f %d/%d %d\n", emu_node_loadavg(w, node, 1),
                           emu_node_loadavg(w, node, 5), emu_node_loadavg(w, node, 15),
                           t.running, t.total, 900000 + (int)(w->commands_run % 90000));
        }
        return 1;
    }
    if (!strcmp(rest, "/uptime")) {
        if (out) {
            double up = emu_node_uptime_s(w, node);
            emu_cpu_share s;
            emu_node_cpu_share(w, node, -1, true, &s);
            emu_out_printf(out, "%.2f %.2f\n", up, up * w->nodes[node].n_cpus * s.idle / 100);
        }
        return 1;
    }
    if (!strcmp(rest, "/version")) {
        if (out)
            emu_out_printf(out, "Linux version %s (buildd@lcy02-amd64-098) (x86_64-linux-gnu-gcc-13 "
                                "(Ubuntu 13.3.0-6ubuntu2~24.04) 13.3.0, GNU ld (GNU Binutils for "
                                "Ubuntu) 2.42) %s\n", w->kernel_release, w->kernel_version);
        return 1;
    }
    if (!strcmp(rest, "/meminfo")) {
        if (out) {
            emu_memory m;
            emu_node_memory(w, node, &m);
            emu_out_printf(out, "MemTotal:       %8.0f kB\nMemFree:        %8.0f kB\n"
                                "MemAvailable:   %8.0f kB\nBuffers:        %8.0f kB\n"
                                "Cached:         %8.0f kB\nSwapCached:            0 kB\n"
                                "Shmem:          %8.0f kB\nSlab:           %8.0f kB\n"
                                "SReclaimable:   %8.0f kB\nSwapTotal:             0 kB\n"
                                "SwapFree:              0 kB\n",
                           m.total_kib, m.free_kib, m.available_kib, m.buffers_kib, m.cached_kib,
                           m.shmem_kib, m.slab_kib, m.slab_kib * 0.6);
        }
        return 1;
    }
    if (!strcmp(rest, "/modules")) {
        for (int i = 0; out && emu_module_at(i); i++) {
            const emu_module *m = emu_module_at(i);
            if (emu_module_loaded(w, node, m))
                emu_out_printf(out, "%s %ld %d %s%s Live 0xffffffffc%07x%s\n", m->name,
                               m->size_bytes, emu_module_refcount(w, node, m),
                               m->holders[0] ? m->holders : "-", m->holders[0] ? "," : "",
                               0x1000000 + i * 0x40000,
                               strncmp(m->name, "nvidia", 6) && strncmp(m->name, "l", 1) ? "" : " (OE)");
        }
        return 1;
    }
    return 0;
}
