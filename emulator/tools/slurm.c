/* slurm.c: the Slurm commands an operator uses on the job and the nodes, from the run model
 * (model/run.h: the job's state, the nodes' states as slurmctld concludes them) and the repairs
 * (model/repair.h): squeue, sinfo [-N] [-R], scontrol show job|node and scontrol update
 * nodename=... state=drain|resume|down reason=..., sbatch (the job again, with other nodes,
 * CPUs or environment), scancel. Layouts of Slurm 23.02. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat/numscan.h"
#include "out.h"
#include "tools.h"
#include "model/rng.h"
#include "model/repair.h"
#include "model/run.h"
#include "model/world.h"

/* ---- squeue --------------------------------------------------------------------------------- */

/* Compresses node indices into Slurm's hostlist form: node[01-02,05]. */
static void hostlist(const emu_world *w, const int *nodes, int n, char *buf, size_t size)
{
    (void)w;
    if (n == 1) {
        snprintf(buf, size, "node%02d", nodes[0] + 1);
        return;
    }
    size_t len = (size_t)snprintf(buf, size, "node[");
    for (int i = 0; i < n && len < size;) {
        int k = i;
        while (k + 1 < n && nodes[k + 1] == nodes[k] + 1)
            k++;
        if (k > i)
            len += (size_t)snprintf(buf + len, size - len, "%s%02d-%02d", i ? "," : "",
                                    nodes[i] + 1, nodes[k] + 1);
        else
            len += (size_t)snprintf(buf + len, size - len, "%s%02d", i ? "," : "", nodes[i] + 1);
        i = k + 1;
    }
    if (len < size)
        snprintf(buf + len, size - len, "]");
}

static void elapsed(double s, char *buf, size_t size)
{
    long t = (long)s;
    long d = t / 86400, h = (t / 3600) % 24, m = (t / 60) % 60, sec = t % 60;
    if (d > 0)
        snprintf(buf, size, "%ld-%02ld:%02ld:%02ld", d, h, m, sec);
    else if (h > 0)
        snprintf(buf, size, "%ld:%02ld:%02ld", h, m, sec);
    else
        snprintf(buf, size, "%ld:%02ld", m, sec);
}

/* The jobs the scheduler knows: the lab's job, and the other users' checkpointing jobs behind
 * the competing writers of a mount (they save to that mount, which their WorkDir shows). */
typedef struct sched_job {
    int id;
    char name[40];
    char user[EMU_NAME_MAX];
    char partition[EMU_NAME_MAX];
    char nodelist[128];
    char batch_host[16];
    int n_nodes;
    double submit_s;          /* SubmitTime, fixed at sbatch or srun (EligibleTime and
                                 AccrueTime with it: no dependency or hold, no begin time) */
    double start_s;
    double end_s;             /* when it ended (EndTime), 0: it has not */
    char workdir[96];
    char stdout_path[128];
    int mount;                /* the mount another user's job saves to; -1: the lab's job */
    char state[16];           /* RUNNING, COMPLETING, PENDING ... */
    const char *reason;       /* a pending job's: None, Resources */
} sched_job;

static const char *const other_users[] = {"bkumar", "mchen", "jpark", "lsilva", "okeefe"};

static int sched_jobs(const emu_world *w, sched_job *jobs, int max)
{
    const emu_job *j = &w->job;
    int n = 0;
    if (j->present && n < max) {
        sched_job *s = &jobs[n++];
        memset(s, 0, sizeof *s);
        s->id = j->id;
        snprintf(s->name, sizeof s->name, "%s", j->name);
        snprintf(s->user, sizeof s->user, "%s", j->user);
        snprintf(s->partition, sizeof s->partition, "%s", j->partition);
        hostlist(w, j->nodes, j->n_nodes, s->nodelist, sizeof s->nodelist);
        snprintf(s->batch_host, sizeof s->batch_host, "%s", w->nodes[j->nodes[0]].name);
        s->n_nodes = j->n_nodes;
        s->start_s = j->start_time_s;
        s->submit_s = w->run.submitted_s > 0 ? w->run.submitted_s : j->start_time_s - EMU_JOB_QUEUED_S;
        s->end_s = emu_run_end_s(w);
        snprintf(s->workdir, sizeof s->workdir, "/home/%s", j->user);
        snprintf(s->stdout_path, sizeof s->stdout_path, "/home/%s/%s", j->user, j->log_path);
        snprintf(s->state, sizeof s->state, "%s", emu_run_state(w));
        s->mount = -1;
        s->reason = "None";
    }
    if (j->present && w->run.queued.id && n < max) { /* waiting for the job's nodes */
        sched_job *s = &jobs[n++];
        *s = jobs[0];
        s->id = w->run.queued.id;
        s->start_s = w->now_s;
        s->submit_s = w->run.queued.submit_s;
        snprintf(s->nodelist, sizeof s->nodelist, "(null)");
        snprintf(s->state, sizeof s->state, "PENDING");
        s->reason = "Resources";
    }
    for (int k = 0; k < (int)(sizeof w->run.srun_pending / sizeof w->run.srun_pending[0]); k++) {
        if (!j->present || !emu_srun_pending_id(w, k) || n >= max)
            continue; /* a slot without an srun waiting for the job's nodes */
        sched_job *s = &jobs[n++];
        *s = jobs[0];
        s->id = w->run.srun_pending[k].id;
        snprintf(s->name, sizeof s->name, "%s", w->run.srun_pending[k].name);
        s->n_nodes = w->run.srun_pending[k].n_nodes;
        s->start_s = w->now_s;
        s->submit_s = w->run.srun_pending[k].submit_s;
        snprintf(s->nodelist, sizeof s->nodelist, "(null)");
        snprintf(s->state, sizeof s->state, "PENDING");
        s->reason = "Resources";
    }
    int id = j->id + 37;
    for (int m = 0; m < w->n_mounts; m++) {
        const emu_mount *mt = &w->mounts[m];
        for (int k = 0; k < mt->competing_writers && n < max; k++) {
            sched_job *s = &jobs[n++];
            memset(s, 0, sizeof *s);
            s->id = id + 3 * k;
            const char *u = other_users[k % 5];
            snprintf(s->name, sizeof s->name, "ckpt-save-%s", k % 2 ? "34b" : "70b");
            snprintf(s->user, sizeof s->user, "%s", u);
            snprintf(s->partition, sizeof s->partition, "train");
            snprintf(s->nodelist, sizeof s->nodelist, "gpu-b[%02d-%02d]", 1 + 4 * k, 4 + 4 * k);
            snprintf(s->batch_host, sizeof s->batch_host, "gpu-b%02d", 1 + 4 * k);
            s->n_nodes = 4;
            s->start_s = w->start_time_s - (5400 + 1800.0 * k +
                                            600 * (1 + emu_sample_at(w, 0, "other-job", m, k)));
            s->submit_s = s->start_s - EMU_JOB_QUEUED_S;
            snprintf(s->workdir, sizeof s->workdir, "%s/ckpt/%s", mt->target, u);
            snprintf(s->stdout_path, sizeof s->stdout_path, "%s/slurm-%d.out", s->workdir, s->id);
            snprintf(s->state, sizeof s->state, "RUNNING");
            s->mount = m;
        }
        id += 100;
    }
    return n;
}

int emu_sched_job_mount(const emu_world *w, int id)
{
    sched_job jobs[24];
    int n = sched_jobs(w, jobs, 24);
    for (int i = 0; i < n; i++)
        if (jobs[i].id == id)
            return jobs[i].mount;
    return -1;
}

static int cmd_squeue(emu_context *c, int argc, char **argv, emu_out *out)
{
    emu_world *w = c->world;
    const char *user = NULL;
    for (int i = 1; i < argc; i++) {
        if ((!strcmp(argv[i], "-u") || !strcmp(argv[i], "--user")) && i + 1 < argc)
            user = argv[++i];
        else if (!strncmp(argv[i], "--user=", 7))
            user = argv[i] + 7;
        else if (!strcmp(argv[i], "--me"))
            user = "user";
        else if (!strcmp(argv[i], "-a") || !strcmp(argv[i], "--all") || !strcmp(argv[i], "-l"))
            continue;
        else {
            emu_out_printf(out, "squeue: unrecognized option '%s'\nTry \"squeue --help\" for more "
                                "information\n",
                           argv[i]);
            return 1;
        }
    }
    emu_out_printf(out, "%18s %9s %8s %8s %2s %10s %6s %s\n", "JOBID", "PARTITION", "NAME", "USER",
                   "ST", "TIME", "NODES", "NODELIST(REASON)");
    sched_job jobs[24];
    int n = sched_jobs(w, jobs, 24);
    for (int i = 0; i < n; i++) {
        const sched_job *s = &jobs[i];
        if (user && strcmp(user, s->user))
            continue;
        char tm[32];
        elapsed(w->now_s - s->start_s, tm, sizeof tm);
        /* finished jobs leave the queue; a pending one waits for its start */
        bool pending = !strcmp(s->state, "PENDING");
        if (strcmp(s->state, "RUNNING") && strcmp(s->state, "COMPLETING") && !pending)
            continue;
        emu_out_printf(out, "%18d %9.9s %8.8s %8.8s %2s %10s %6d %s\n", s->id, s->partition,
                       s->name, s->user, pending ? "PD" : !strcmp(s->state, "RUNNING") ? "R" : "CG",
                       pending ? "0:00" : tm, s->n_nodes, pending ? (s->reason && !strcmp(s->reason, "Resources")
                                                                       ? "(Resources)" : "(None)")
                                                               : s->nodelist);
    }
    return 0;
}

static int scontrol_show_node(const emu_world *w, const char *name, emu_out *out);
static int scontrol_update(emu_world *w, int argc, char **argv, bool root, emu_out *out);

/* Case-insensitive prefix compare of ASCII text (Slurm reads its keys so). */
static int strncasecmp_ascii(const char *a, const char *b, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char x = a[i] >= 'A' && a[i] <= 'Z' ? a[i] + 32 : a[i];
        char y = b[i] >= 'A' && b[i] <= 'Z' ? b[i] + 32 : b[i];
        if (x != y)
            return x < y ? -1 : 1;
        if (!x)
            return 0;
    }
    return 0;
}

/* `scontrol show job [ID]`: the scheduler's record of a job, in Slurm's key=value layout, its
 * lines in slurm_sprint_job_info()'s order (src/api/job_info.c, Slurm 23.02; the lines the model
 * has nothing for left out): SubmitTime and EligibleTime, then AccrueTime on its own line (line
 * 7.5), then StartTime. AccrueTime: without AccountingStorageEnforce=limits slurmctld sets it to
 * the job's begin time once it is eligible (acct_policy_handle_accrue_time(),
 * src/slurmctld/acct_policy.c), EligibleTime here. */
static int cmd_scontrol(emu_context *c, int argc, char **argv, emu_out *out)
{
    emu_world *w = c->world;
    if (argc >= 2 && !strcmp(argv[1], "update"))
        return scontrol_update(w, argc, argv, c->root, out);
    if (argc >= 3 && !strcmp(argv[1], "show") && !strcmp(argv[2], "node"))
        return scontrol_show_node(w, argc > 3 ? argv[3] : NULL, out);
    if (argc < 3 || strcmp(argv[1], "show") || (strcmp(argv[2], "job") && strcmp(argv[2], "jobs"))) {
        emu_out_printf(out, "usage: scontrol show job [JOBID] | scontrol show node [NODE]\n"
                            "       scontrol update nodename=NODE state=drain|resume|down reason=TEXT\n");
        return 1;
    }
    sched_job jobs[24];
    int n = sched_jobs(w, jobs, 24);
    int want = -1;
    if (argc > 3) {
        char *end = NULL;
        long v = strtol(argv[3], &end, 10);
        if (*end || v <= 0) {
            emu_out_printf(out, "slurm_load_jobs error: Invalid job id specified\n");
            return 1;
        }
        want = (int)v;
    }
    int shown = 0;
    for (int i = 0; i < n; i++) {
        const sched_job *s = &jobs[i];
        if (want >= 0 && s->id != want)
            continue;
        char rt[32], st[32], sub[32], end[32];
        /* an ended job's RunTime stops at its EndTime; a running one's EndTime is when its
         * TimeLimit (7 days) runs out, a pending one's Unknown */
        long run = (long)((s->end_s > 0 ? s->end_s : w->now_s) - s->start_s);
        if (!strcmp(s->state, "PENDING"))
            run = 0;
        if (run >= 86400)
            snprintf(rt, sizeof rt, "%ld-%02ld:%02ld:%02ld", run / 86400, run / 3600 % 24,
                     run / 60 % 60, run % 60);
        else
            snprintf(rt, sizeof rt, "%02ld:%02ld:%02ld", run / 3600, run / 60 % 60, run % 60);
        emu_format_utc(s->start_s, "%Y-%m-%dT%H:%M:%S", st, sizeof st);
        emu_format_utc(s->submit_s, "%Y-%m-%dT%H:%M:%S", sub, sizeof sub);
        /* a pending job has no start_time yet (the model keeps no backfill estimate): Slurm's
         * slurm_make_time_str() prints a time of 0 as "Unknown" (src/common/parse_time.c) */
        if (!strcmp(s->state, "PENDING"))
            snprintf(st, sizeof st, "Unknown"), snprintf(end, sizeof end, "Unknown");
        else
            emu_format_utc(s->end_s > 0 ? s->end_s : s->start_s + 7 * 86400.0, "%Y-%m-%dT%H:%M:%S", end,
                           sizeof end);
        bool ours = s->id == w->job.id && w->job.present;
        int gpus = s->n_nodes * 8;
        /* the job's cpuset: --cpus-per-task CPUs a rank (its loaders share them) */
        const emu_node *n0 = &w->nodes[ours ? w->job.nodes[0] : 0];
        int cpus_node = n0->n_cpus, cpus_task = cpus_node / 8;
        if (ours && n0->loader_cpus > 0)
            cpus_task = n0->loader_cpus / 8 > 0 ? n0->loader_cpus / 8 : 1, cpus_node = cpus_task * 8;
        emu_out_printf(out,
                       "%sJobId=%d JobName=%s\n"
                       "   UserId=%s(%d) GroupId=%s(%d) MCS_label=N/A\n"
                       "   JobState=%s Reason=%s Dependency=(null)\n"
                       "   Requeue=1 Restarts=0 BatchFlag=1 Reboot=0 ExitCode=%s\n"
                       "   RunTime=%s TimeLimit=7-00:00:00 TimeMin=N/A\n"
                       "   SubmitTime=%s EligibleTime=%s\n"
                       "   AccrueTime=%s\n"
                       "   StartTime=%s EndTime=%s Deadline=N/A\n"
                       "   Partition=%s AllocNode:Sid=login01:%d\n"
                       "   NodeList=%s\n"
                       "   BatchHost=%s\n"
                       "   NumNodes=%d NumCPUs=%d NumTasks=%d CPUs/Task=%d\n"
                       "   TRES=cpu=%d,mem=%dG,node=%d,billing=%d,gres/gpu=%d\n"
                       "   Command=%s/%s\n"
                       "   WorkDir=%s\n"
                       "   StdErr=%s\n"
                       "   StdOut=%s\n",
                       shown ? "\n" : "", s->id, s->name, s->user, ours ? 1000 : 1100 + i, s->user,
                       ours ? 1000 : 1100 + i, s->state,
                       !strcmp(s->state, "FAILED") ? "NonZeroExitCode" : !strcmp(s->state, "NODE_FAIL") ? "NodeDown"
                       : s->reason ? s->reason : "None",
                       !strcmp(s->state, "FAILED") ? "134:0" : !strcmp(s->state, "CANCELLED") ? "0:15" : "0:0",
                       rt, sub, sub, sub, st, end, s->partition,
                       4000 + s->id % 1000, s->nodelist, s->batch_host, s->n_nodes,
                       s->n_nodes * cpus_node, gpus, cpus_task, s->n_nodes * cpus_node, s->n_nodes * 1800, s->n_nodes,
                       s->n_nodes * 224, gpus, s->workdir, ours ? EMU_JOB_SCRIPT : "save.sh",
                       s->workdir, s->stdout_path, s->stdout_path);
        shown++;
    }
    if (!shown) {
        emu_out_printf(out, "slurm_load_jobs error: Invalid job id specified\n");
        return 1;
    }
    return 0;
}

/* `sinfo`: node states of the partition (a host that lost power is down*: not responding). */
/* `sinfo [-N] [-R]`: the partition's nodes grouped by state (slurmctld's view, model/run.h),
 * or with -R the reasons of the nodes that are down or drained. */
static int cmd_sinfo(emu_context *c, int argc, char **argv, emu_out *out)
{
    emu_world *w = c->world;
    bool reasons = false, per_node = false;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-R") || !strcmp(argv[i], "--list-reasons"))
            reasons = true;
        else if (!strcmp(argv[i], "-N") || !strcmp(argv[i], "--Node"))
            per_node = true;
        else if (strcmp(argv[i], "-l")) {
            emu_out_printf(out, "sinfo: unrecognized option '%s'\nTry \"sinfo --help\" for more "
                                "information\n", argv[i]);
            return 1;
        }
    }
    const char *part = w->job.present ? w->job.partition : "train";
    if (reasons) {
        emu_out_printf(out, "REASON               USER      TIMESTAMP           NODELIST\n");
        for (int k = 0; k < w->n_nodes; k++) {
            char why[64], ts[24];
            const char *st = emu_slurm_node_state(w, k, why, sizeof why);
            if (strncmp(st, "down", 4) && strncmp(st, "drain", 5) && strncmp(st, "drng", 4))
                continue;
            const emu_node *n = &w->nodes[k];
            /* the time the reason was set: by an operator's update, or when Slurm marked it down */
            emu_format_utc(n->slurm_reason_s > 0 ? n->slurm_reason_s : n->slurm_down_s > 0 ? n->slurm_down_s : w->now_s,
                           "%Y-%m-%dT%H:%M:%S", ts, sizeof ts);
            emu_out_printf(out, "%-20.20s %-9s %-19s %s\n", why[0] ? why : "none",
                           strstr(why, "Not responding") || strstr(why, "rebooted") ? "slurm" : "root",
                           ts, n->name);
        }
        return 0;
    }
    if (per_node) {
        emu_out_printf(out, "NODELIST   NODES PARTITION STATE \n");
        for (int k = 0; k < w->n_nodes; k++)
            emu_out_printf(out, "%-10s %5d %9s %-6s\n", w->nodes[k].name, 1, part,
                           emu_slurm_node_state(w, k, NULL, 0));
        return 0;
    }
    emu_out_printf(out, "PARTITION AVAIL  TIMELIMIT  NODES  STATE NODELIST\n");
    /* one line per state, in the order of the states' first nodes */
    char done[EMU_MAX_NODES] = {0};
    for (int k = 0; k < w->n_nodes; k++) {
        if (done[k])
            continue;
        const char *st = emu_slurm_node_state(w, k, NULL, 0);
        int nodes[EMU_MAX_NODES], n = 0;
        for (int m = k; m < w->n_nodes; m++)
            if (!done[m] && !strcmp(emu_slurm_node_state(w, m, NULL, 0), st))
                nodes[n++] = m, done[m] = 1;
        char nl[160];
        hostlist(w, nodes, n, nl, sizeof nl);
        emu_out_printf(out, "%-9s %5s %10s %6d %6s %s\n", part, "up", "7-00:00:00", n, st, nl);
    }
    return 0;
}

/* `scontrol show node [NODE]`: a node's record, with its state and reason. */
static int scontrol_show_node(const emu_world *w, const char *name, emu_out *out)
{
    int shown = 0;
    for (int k = 0; k < w->n_nodes; k++) {
        const emu_node *n = &w->nodes[k];
        if (name && strcmp(name, n->name))
            continue;
        char why[64], boot[24];
        const char *st = emu_slurm_node_state(w, k, why, sizeof why);
        char state[32];
        snprintf(state, sizeof state, "%s", st);
        for (char *p = state; *p; p++)
            *p = *p == '*' ? '\0' : (char)(*p >= 'a' && *p <= 'z' ? *p - 32 : *p);
        if (!strcmp(state, "DRNG"))
            snprintf(state, sizeof state, "MIXED+DRAIN");
        else if (!strcmp(state, "DRAIN"))
            snprintf(state, sizeof state, "IDLE+DRAIN");
        else if (!strcmp(state, "ALLOC"))
            snprintf(state, sizeof state, "ALLOCATED");
        else if (!strcmp(state, "DOWN") && n->slurm_drain) /* the drain flag on a down node */
            snprintf(state, sizeof state, "DOWN+DRAIN");
        if (strchr(st, '*'))
            strncat(state, "+NOT_RESPONDING", sizeof state - strlen(state) - 1);
        if (emu_slurm_boot_time_s(w, k) > 0)
            emu_format_utc(emu_slurm_boot_time_s(w, k), "%Y-%m-%dT%H:%M:%S", boot, sizeof boot);
        else /* a resume cleared it until slurmd registers (api/node_info.c prints 0 so) */
            snprintf(boot, sizeof boot, "None");
        emu_out_printf(out, "%sNodeName=%s Arch=x86_64 CoresPerSocket=%d\n   CPUAlloc=%d CPUEfctv=%d "
                            "CPUTot=%d CPULoad=%.2f\n   Gres=gpu:%d\n   NodeAddr=%s NodeHostName=%s\n"
                            "   RealMemory=%.0f AllocMem=0 FreeMem=N/A Sockets=%d Boards=1\n"
                            "   State=%s ThreadsPerCore=2 TmpDisk=0 Weight=1\n   BootTime=%s\n"
                            "   Partitions=%s\n%s%s%s",
                       shown ? "\n" : "", n->name, n->n_cpus / 2 / (n->n_numa ? n->n_numa : 1),
                       strstr(st, "alloc") || strstr(st, "drng") ? n->n_cpus : 0, n->n_cpus, n->n_cpus,
                       0.0, n->n_gpus, n->name, n->name, n->numa[0].size_mb * n->n_numa, n->n_numa, state,
                       boot, w->job.present ? w->job.partition : "train", why[0] ? "   Reason=" : "",
                       why, why[0] ? (strstr(why, "Not") || strstr(why, "reboot") ? " [slurm]\n" : " [root]\n") : "");
        shown++;
    }
    if (!shown) {
        emu_out_printf(out, "Node %s not found\n", name ? name : "");
        return 1;
    }
    return 0;
}

int emu_slurm_conf(const emu_world *w, emu_out *out)
{
    const emu_node *n = &w->nodes[0];
    int all[EMU_MAX_NODES];
    for (int k = 0; k < w->n_nodes; k++)
        all[k] = k;
    char nl[160];
    hostlist(w, all, w->n_nodes, nl, sizeof nl);
    int sockets = n->n_numa ? n->n_numa : 1;
    /* the settings the model follows (run.h: EMU_SLURMD_TIMEOUT_S; a rebooted node stays down,
     * ReturnToService=0) and the nodes as scontrol show node describes them (slurm.conf(5)) */
    emu_out_printf(out, "# slurm.conf (excerpt)\nClusterName=%s\nSlurmctldPort=6817\nSlurmdPort=6818\n"
                        "AuthType=auth/munge\nReturnToService=0\nSlurmdTimeout=%.0f\nGresTypes=gpu\n"
                        "SelectType=select/cons_tres\nProctrackType=proctrack/cgroup\nTaskPlugin=task/affinity,task/cgroup\n"
                        "NodeName=%s CPUs=%d Boards=1 SocketsPerBoard=%d CoresPerSocket=%d ThreadsPerCore=2 "
                        "RealMemory=%.0f Gres=gpu:%d State=UNKNOWN\n"
                        "PartitionName=%s Nodes=%s Default=YES MaxTime=7-00:00:00 State=UP\n",
                   w->cluster_name, EMU_SLURMD_TIMEOUT_S, nl, n->n_cpus, sockets, n->n_cpus / 2 / sockets,
                   n->numa[0].size_mb * sockets, n->n_gpus, w->job.present ? w->job.partition : "train", nl);
    return 1;
}

/* Whether word is at least min characters of name, case-insensitive: scontrol's
 * xstrncasecmp(word, name, MAX(strlen(word), min)) == 0 (scontrol/update_node.c, scontrol.c). */
static bool slurm_abbrev(const char *word, size_t len, const char *name, size_t min)
{
    return len >= min && len <= strlen(name) && !strncasecmp_ascii(word, name, len);
}

/* The states scontrol's State= takes, in the order it tries them (Slurm 23.02
 * scontrol/update_node.c scontrol_update_node()): each at least 3 characters of it (POWER_DOWN
 * and POWER_UP 7, the POWER_DOWN_ ones 12), then the base states node_state_string() names
 * (src/common/slurm_protocol_defs.c: UNKNOWN DOWN IDLE ALLOCATED ERROR MIXED FUTURE), so "dra",
 * "Res" and "dow" are DRAIN, RESUME and DOWN. */
static const struct {
    const char *name;
    unsigned char min;
} slurm_states[] = {
    {"NoResp", 3}, {"CANCEL_REBOOT", 3}, {"DRAIN", 3}, {"FAIL", 3}, {"FUTURE", 3}, {"RESUME", 3},
    {"POWER_DOWN_ASAP", 12}, {"POWER_DOWN_FORCE", 12}, {"POWER_DOWN", 7}, {"POWER_UP", 7},
    {"UNDRAIN", 3}, {"UNKNOWN", 3}, {"DOWN", 3}, {"IDLE", 3}, {"ALLOCATED", 3}, {"ERROR", 3},
    {"MIXED", 3},
};

/* `scontrol update nodename=NODE state=STATE [reason=TEXT]`, each key as scontrol reads it
 * (NodeName, State and Reason by any prefix, the entity's NodeName by 3 characters or more). */
static int scontrol_update(emu_world *w, int argc, char **argv, bool root, emu_out *out)
{
    const char *node = NULL, *state = NULL, *reason = NULL, *state_arg = NULL;
    bool entity = false;
    for (int i = 2; i < argc; i++) { /* _update_it(): the entity first */
        const char *eq = strchr(argv[i], '=');
        size_t len = eq ? (size_t)(eq - argv[i]) : strlen(argv[i]);
        entity |= slurm_abbrev(argv[i], len, "NodeName", 3);
        i += !eq; /* a word without '=' takes the next one as its value */
    }
    if (!entity) {
        emu_out_printf(out, "No valid entity in update command\nInput line must include \"NodeName\", "
                            "\"PartitionName\", \"Reservation\", \"JobId\", or \"SlurmctldDebug\"\n");
        return 1;
    }
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *eq = strchr(a, '=');
        if (!eq) { /* error() of scontrol_update_node(): "scontrol: error: " before it */
            emu_out_printf(out, "scontrol: error: Invalid input: %s  Request aborted\n", a);
            return 1;
        }
        size_t len = (size_t)(eq - a);
        if (slurm_abbrev(a, len, "NodeName", 1))
            node = eq + 1;
        else if (slurm_abbrev(a, len, "State", 1))
            state = eq + 1, state_arg = a;
        else if (slurm_abbrev(a, len, "Reason", 1))
            reason = eq + 1;
        else { /* the other keys scontrol takes (Features, Gres, Weight ...) the model does not hold */
            emu_out_printf(out, "Update of this parameter is not supported: %s\nRequest aborted\n", a);
            return 1;
        }
    }
    const char *st = NULL;
    for (size_t k = 0; state && !st && k < sizeof slurm_states / sizeof slurm_states[0]; k++)
        if (slurm_abbrev(state, strlen(state), slurm_states[k].name, slurm_states[k].min))
            st = slurm_states[k].name;
    if (state && !st) {
        emu_out_printf(out, "Invalid input: %s\nRequest aborted\nValid states are: NoResp DRAIN FAIL "
                            "FUTURE RESUME POWER_DOWN POWER_UP UNDRAIN\nNot all states are valid "
                            "given a node's prior state\n", state_arg);
        return 1;
    }
    if (st && (!strcmp(st, "DRAIN") || !strcmp(st, "DOWN") || !strcmp(st, "FAIL")) && (!reason || !*reason)) {
        emu_out_printf(out, "You must specify a reason when DOWNING or DRAINING a node. Request denied\n");
        return 1;
    }
    if (!st && !reason) { /* update_cnt == 0: NodeName alone changes nothing */
        emu_out_printf(out, "No changes specified\n");
        return 1;
    }
    if (st && (!strcmp(st, "NoResp") || !strcmp(st, "FAIL") || !strcmp(st, "FUTURE"))) {
        emu_out_printf(out, "scontrol: State=%s is not simulated here (DRAIN, DOWN, RESUME, UNDRAIN and "
                            "IDLE are)\n", st);
        return 1;
    }
    if (!root) { /* slurmctld's _slurm_rpc_update_node: not SlurmUser or root: ESLURM_USER_ID_MISSING */
        emu_out_printf(out, "slurm_update error: Invalid user id\n");
        return 1;
    }
    int k = node ? emu_world_find_node(w, node) : -1;
    if (k < 0) {
        emu_out_printf(out, "slurm_update error: Invalid node name specified\n");
        return 1;
    }
    /* slurmctld refused the transition (_valid_node_state_change(): RESUME of a node neither
     * DOWN nor DRAIN; UNKNOWN, ERROR, MIXED and, without PowerSave, the POWER_ ones always):
     * ESLURM_INVALID_NODE_STATE in Slurm 23.02 (25.11 renamed it "Invalid node state transition") */
    if (emu_slurm_node_update(w, k, st, reason) != 0) {
        emu_out_printf(out, "slurm_update error: Invalid node state specified\n");
        return 1;
    }
    return 0;
}

static const char *const squeue_flags[] = {"-u", "--user", "--me", "-a", "-l", NULL};

static const char *const scontrol_flags[] = {"show", "job", NULL};
static const char *const sinfo_flags[] = {"-N", "-l", NULL};

const emu_command emu_cmd_scontrol = {
    "scontrol", cmd_scontrol, "the scheduler's records of jobs and nodes; drain or resume a node",
    EMU_HELP("usage: scontrol show job [JOBID] | show node [NODE]\n"
    "       scontrol update nodename=NODE state=drain|resume|down reason=TEXT\n"
    "  WorkDir and StdOut tell where a job reads and writes; a node that stopped answering or\n"
    "  rebooted stays down until resumed (ReturnToService=0).\n"),
    scontrol_flags,
    .cost = EMU_COST_TOOL
};
const emu_command emu_cmd_sinfo = {
    "sinfo", cmd_sinfo, "show the partition's nodes by state (alloc, idle, down*)",
    EMU_HELP("usage: sinfo [-N] [-l]\n  down* marks a node that does not respond to the scheduler.\n"),
    sinfo_flags,
    .cost = EMU_COST_TOOL
};
const emu_command emu_cmd_squeue = {
    "squeue", cmd_squeue, "show the Slurm queue: jobs, their state, time and nodes",
    EMU_HELP("usage: squeue [-u USER | --me] [-a] [-l]\n  Columns: JOBID PARTITION NAME USER ST TIME NODES "
    "NODELIST(REASON)\n"),
    squeue_flags,
    .cost = EMU_COST_TOOL
};

/* `sbatch [--exclude=NODES] [--cpus-per-task=N] SCRIPT`: the job again (its script is the lab's
 * train.sbatch), resuming from its last checkpoint; NCCL_* and TORCH_NCCL_* variables of the
 * environment reach it, as sbatch exports the submitter's environment by default. */
static int cmd_sbatch(emu_context *c, int argc, char **argv, emu_out *out)
{
    emu_world *w = c->world;
    emu_submit o = {0, 0, NULL, NULL, -1, 0};
    const char *script = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = NULL;
        if ((!strcmp(a, "-x") || !strcmp(a, "--exclude") || !strcmp(a, "-c") ||
             !strcmp(a, "--cpus-per-task")) && i + 1 < argc)
            v = argv[++i];
        else if (!strncmp(a, "--exclude=", 10) || !strncmp(a, "--cpus-per-task=", 16))
            v = strchr(a, '=') + 1;
        else if (a[0] == '-' && strncmp(a, "--export", 8)) {
            emu_out_printf(out, "sbatch: unrecognized option '%s'\nTry \"sbatch --help\" for more "
                                "information\n", a);
            return 1;
        } else if (a[0] != '-')
            script = a;
        if (!v)
            continue;
        if (a[1] == 'c' || a[2] == 'c') {
            o.cpus_per_task = atoi(v);
            if (o.cpus_per_task < 1) {
                emu_out_printf(out, "sbatch: error: Invalid --cpus-per-task argument: %s\n", v);
                return 1;
            }
            continue;
        }
        /* node01,node03 or node[01-02,05] */
        for (int k = 0; k < w->n_nodes && k < 64; k++) {
            const char *name = w->nodes[k].name;
            bool in_range = false;
            const char *br = strchr(v, '[');
            for (const char *q = br ? br + 1 : ""; *q && *q != ']';) {
                int lo = atoi(q), hi = lo;
                q += strspn(q, "0123456789");
                if (*q == '-')
                    hi = atoi(++q), q += strspn(q, "0123456789");
                in_range |= k + 1 >= lo && k + 1 <= hi;
                q += *q == ',';
            }
            if (strstr(v, name) || in_range)
                o.exclude |= 1ull << k;
        }
    }
    if (!script) {
        emu_out_printf(out, "sbatch: error: Batch script is empty!\n");
        return 1;
    }
    char home_script[128];
    snprintf(home_script, sizeof home_script, "/home/%s/" EMU_JOB_SCRIPT, w->job.user);
    if (strcmp(script, EMU_JOB_SCRIPT) && strcmp(script, "./" EMU_JOB_SCRIPT) && strcmp(script, home_script)) {
        emu_out_printf(out, "sbatch: error: Unable to open file %s\n", script);
        return 1;
    }
    /* the variables the job reads from its environment */
    const char *hca = c->getenv(c, "NCCL_IB_HCA"), *ifn = c->getenv(c, "NCCL_SOCKET_IFNAME");
    const char *dis = c->getenv(c, "NCCL_IB_DISABLE");
    const char *to = c->getenv(c, "TORCH_NCCL_TIMEOUT_S");
    o.nccl_ib_hca = hca;
    o.nccl_socket_ifname = ifn;
    if (dis)
        o.nccl_ib_disable = atoi(dis) == 1;
    if (to)
        o.timeout_s = emu_strtod(to, NULL);
    int id = emu_job_submit(w, &o);
    if (id == EMU_REPAIR_BUSY) { /* the account's MaxSubmitJobs: one running, one waiting */
        emu_out_printf(out, "sbatch: error: AssocMaxSubmitJobLimit\nsbatch: error: Batch job submission "
                            "failed: Job violates accounting/QOS policy (job submit limit, user's size "
                            "and/or time limits)\n");
        return 1;
    }
    if (id < 0) {
        emu_out_printf(out, "sbatch: error: Batch job submission failed: Requested node configuration "
                            "is not available\n");
        return 1;
    }
    emu_out_printf(out, "Submitted batch job %d\n", id);
    return 0;
}

/* `scancel JOBID`. */
static int cmd_scancel(emu_context *c, int argc, char **argv, emu_out *out)
{
    emu_world *w = c->world;
    if (argc < 2) {
        emu_out_printf(out, "scancel: error: No job identification provided\n");
        return 1;
    }
    for (int i = 1; i < argc; i++) {
        if (emu_job_cancel_queued(w, atoi(argv[i])) || emu_srun_cancel_pending(w, atoi(argv[i])))
            continue;
        const char *st = emu_run_state(w);
        if (!w->job.present || atoi(argv[i]) != w->job.id || !st || strcmp(st, "RUNNING")) {
            emu_out_printf(out, "scancel: error: Kill job error on job id %s: %s\n", argv[i],
                           w->job.present && atoi(argv[i]) == w->job.id
                               ? "Job/step already completing or completed"
                               : "Invalid job id specified");
            return 1;
        }
        emu_job_cancel(w);
    }
    return 0;
}

static const char *const sbatch_flags[] = {"--exclude=", "--cpus-per-task=", "train.sbatch", NULL};

const emu_command emu_cmd_sbatch = {
    "sbatch", cmd_sbatch, "submit the job again (from its last checkpoint)",
    EMU_HELP("usage: sbatch [--exclude=NODES] [--cpus-per-task=N] train.sbatch\n"
    "  NCCL_* variables you export (or set before sbatch) reach the job; TORCH_NCCL_TIMEOUT_S\n"
    "  sets its collective timeout. The new run resumes from the last checkpoint.\n"),
    sbatch_flags, .cost = EMU_COST_TOOL
};

const emu_command emu_cmd_scancel = {
    "scancel", cmd_scancel, "cancel the job", EMU_HELP("usage: scancel JOBID\n"), NULL, .cost = EMU_COST_TOOL
};
