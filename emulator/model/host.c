/* host.c: a node's processes, CPU time, load and memory (host.h), from the job's ranks and its
 * loader model (job.h: emu_job_loader) and the node's services. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host.h"
#include "job.h"
#include "rng.h"
#include "run.h"

/* ---- services ----------------------------------------------------------------------------- */

static const emu_service services[] = {
    {"systemd-journald.service", "systemd-journald", "Journal Service",
     "/lib/systemd/systemd-journald"},
    {"rsyslog.service", "rsyslog", "System Logging Service", "/usr/sbin/rsyslogd -n -iNONE"},
    {"chrony.service", "chrony", "chrony, an NTP client/server", "/usr/sbin/chronyd -F 1"},
    {"nvidia-persistenced.service", "nvidia-persistenced", "NVIDIA Persistence Daemon",
     "/usr/bin/nvidia-persistenced --user nvidia-persistenced"},
    {"nvidia-dcgm.service", "nvidia-dcgm", "NVIDIA DCGM service",
     "/usr/bin/nv-hostengine -n --service-account nvidia-dcgm"},
    {"nvidia-fabricmanager.service", "nvidia-fabricmanager", "NVIDIA fabric manager service",
     "/usr/bin/nv-fabricmanager -c /usr/share/nvidia/nvswitch/fabricmanager.cfg"},
    {"ssh.service", "ssh", "OpenBSD Secure Shell server",
     "sshd: /usr/sbin/sshd -D [listener] 0 of 10-100 startups"},
    {"munge.service", "munge", "MUNGE authentication service", "/usr/sbin/munged"},
    {"slurmd.service", "slurmd", "Slurm node daemon", "/usr/sbin/slurmd --systemd"},
};
#define N_SERVICES ((int)(sizeof services / sizeof services[0]))

const emu_service *emu_service_at(int index)
{
    return index >= 0 && index < N_SERVICES ? &services[index] : NULL;
}

const emu_service *emu_service_find(const char *name)
{
    for (int i = 0; i < N_SERVICES; i++) {
        size_t n = strlen(services[i].name);
        if (!strcmp(name, services[i].unit) || !strcmp(name, services[i].name) ||
            (!strncmp(name, services[i].unit, n) && !strcmp(name + n, ".service")))
            return &services[i];
    }
    return NULL;
}

static int service_index(const emu_service *s)
{
    return (int)(s - services);
}

bool emu_service_running(const emu_world *w, int node, const emu_service *s)
{
    const emu_node *n = &w->nodes[node];
    if (!n->powered_on || n->service_stopped[service_index(s)])
        return false;
    if (!strcmp(s->name, "nvidia-fabricmanager"))
        return n->fabric_manager_running && n->n_nvswitches > 0;
    return true;
}

int emu_service_pid(const emu_world *w, int node, const emu_service *s)
{
    if (!emu_service_running(w, node, s))
        return 0;
    /* in boot order, unique by construction: journald first, slurmd last; a restarted one gets a
     * pid above the job's */
    int i = service_index(s);
    double since = w->nodes[node].service_since_s[i];
    if (since > 0)
        return 990000 + 20 * i + (int)(emu_hash(w->seed, s->unit, (uint64_t)node, (uint64_t)since) % 20);
    return 610 + 190 * i + (int)(emu_hash(w->seed, s->unit, (uint64_t)node, 0) % 150);
}

double emu_service_since_s(const emu_world *w, int node, const emu_service *s)
{
    if (!emu_service_running(w, node, s))
        return 0;
    /* systemd starts them within the first half minute of boot */
    double since = w->nodes[node].service_since_s[service_index(s)];
    return since > 0 ? since : w->nodes[node].boot_time_s + 6.0 + 2.5 * service_index(s);
}

/* ---- kernel modules ----------------------------------------------------------------------- */

/* What lsmod lists on a DGX-class node with the open NVIDIA driver and inbox mlx5 (sizes of the
 * 550/570 driver series and Ubuntu's 6.8 kernel), in load order reversed as lsmod prints them. */
static const emu_module modules[] = {
    {"nvidia_peermem", 16384, ""},
    {"lustre", 1064960, ""},
    {"lnet", 729088, "lustre"},
    {"nvidia_uvm", 4911104, ""},
    {"nvidia_drm", 122880, ""},
    {"nvidia_modeset", 1642496, "nvidia_drm"},
    {"nvidia", 89579520, "nvidia_uvm,nvidia_peermem,nvidia_modeset"},
    {"bonding", 225280, ""},
    {"rdma_ucm", 45056, ""},
    {"ib_ipoib", 135168, ""},
    {"mlx5_ib", 487424, ""},
    {"ib_uverbs", 176128, "nvidia_peermem,rdma_ucm,mlx5_ib"},
    {"ib_core", 442368, "rdma_ucm,ib_ipoib,lnet,mlx5_ib,ib_uverbs"},
    {"mlx5_core", 2265088, "mlx5_ib"},
    {"nvme", 57344, ""},
};
#define N_MODULES ((int)(sizeof modules / sizeof modules[0]))

const emu_module *emu_module_at(int index)
{
    return index >= 0 && index < N_MODULES ? &modules[index] : NULL;
}

const emu_module *emu_module_find(const char *name)
{
    for (int i = 0; i < N_MODULES; i++) {
        const char *a = modules[i].name, *b = name;
        while (*a && (*a == *b || (*a == '_' && *b == '-'))) /* modprobe takes - for _ */
            a++, b++;
        if (!*a && !*b)
            return &modules[i];
    }
    return NULL;
}

bool emu_module_loaded(const emu_world *w, int node, const emu_module *m)
{
    const emu_node *n = &w->nodes[node];
    if (!n->powered_on)
        return false;
    if (!strcmp(m->name, "nvidia_peermem"))
        return n->peermem_loaded;
    if (!strcmp(m->name, "lustre") || !strcmp(m->name, "lnet")) {
        for (int i = 0; i < w->n_mounts; i++)
            if (!strcmp(w->mounts[i].fstype, "lustre"))
                return true;
        return false;
    }
    return true;
}

int emu_module_refcount(const emu_world *w, int node, const emu_module *m)
{
    int count = 0;
    for (const char *h = m->holders; *h; h += strcspn(h, ",") + (h[strcspn(h, ",")] == ',')) {
        char name[32];
        snprintf(name, sizeof name, "%.*s", (int)strcspn(h, ","), h);
        const emu_module *holder = emu_module_find(name);
        count += holder && emu_module_loaded(w, node, holder);
    }
    int gpus = w->nodes[node].n_gpus, users = 0;
    for (int g = 0; g < gpus; g++)
        users += emu_gpu_pid(w, node, g) != 0;
    if (!strcmp(m->name, "nvidia")) /* opens of /dev/nvidia*: persistenced, DCGM, the ranks */
        count += 2 * gpus + 8 * users;
    if (!strcmp(m->name, "nvidia_uvm"))
        count += 2 * users;
    if (!strcmp(m->name, "lustre"))
        count = 1;
    return count;
}

/* ---- the job's processes on a node -------------------------------------------------------- */

/* The job's ranks on node in local order: returns how many, their ranks in ranks[]. */
static int local_ranks(const emu_world *w, int node, int *ranks)
{
    const emu_job *j = &w->job;
    int n = 0;
    /* the job's processes live while it runs (or hangs); a hung host shows nothing at all */
    if (!j->present || !w->nodes[node].powered_on || !emu_run_alive(w))
        return 0;
    for (int r = 0; r < j->world_size; r++)
        if (j->ranks[r].node == node)
            ranks[n++] = r;
    return n;
}

/* The first pid of the job's step on node: slurmstepd, then the trainers, then their workers. */
static int job_base_pid(const emu_world *w, int node)
{
    return 180000 + (int)(emu_hash(w->seed, "job-pid", (uint64_t)node, 0) % 400000);
}

int emu_gpu_pid(const emu_world *w, int node, int gpu)
{
    int ranks[EMU_MAX_GPUS];
    int n = local_ranks(w, node, ranks);
    for (int i = 0; i < n; i++)
        if (w->job.ranks[ranks[i]].gpu == gpu)
            return job_base_pid(w, node) + 2 + i;
    return 0;
}

/* The fixed part of every node: kernel threads and pid 1. */
static const struct {
    int pid, ppid;
    const char *comm;
} base_procs[] = {
    {1, 0, "systemd"}, {2, 0, "kthreadd"}, {3, 2, "rcu_gp"}, {4, 2, "rcu_par_gp"},
    {12, 2, "ksoftirqd/0"}, {13, 2, "rcu_preempt"}, {14, 2, "migration/0"},
    {350, 2, "kworker/u450:1"},
};
#define N_BASE ((int)(sizeof base_procs / sizeof base_procs[0]))

/* A rank's share of its step spent waiting for the next batch (its trainer sleeps then). */
static double rank_wait_share(const emu_world *w, int rank)
{
    const emu_job *j = &w->job;
    double bw = w->step_base.valid ? w->step_base.batch_wait_ms[rank] : emu_job_batch_wait_ms(w, rank);
    return j->nominal_step_ms > 0 ? fmin(bw / j->nominal_step_ms, 1.0) : 0;
}

/* The cpuset of local rank i: Slurm's block of the loader CPUs (--cpus-per-task), or every CPU. */
static void rank_cpuset(const emu_world *w, int node, int i, int local_count, char *buf, size_t size)
{
    const emu_node *n = &w->nodes[node];
    int per = n->loader_cpus > 0 && local_count > 0 ? n->loader_cpus / local_count : 0;
    if (per < 1)
        snprintf(buf, size, "0-%d", n->n_cpus - 1);
    else if (per == 1)
        snprintf(buf, size, "%d", i);
    else
        snprintf(buf, size, "%d-%d", i * per, i * per + per - 1);
}

/* Fills a job process: a trainer (worker < 0) or a DataLoader worker of local rank i. */
static void job_proc(const emu_world *w, int node, int i, int rank, int worker, int local_count,
                     emu_proc *p)
{
    const emu_job *j = &w->job;
    int base = job_base_pid(w, node);
    int workers = j->loader_workers;
    p->rank = rank;
    p->worker = worker;
    p->user = j->user;
    rank_cpuset(w, node, i, local_count, p->cpus_allowed, sizeof p->cpus_allowed);
    snprintf(p->cmd, sizeof p->cmd, "python -u train.py --config configs/%.40s.yaml", j->name);
    double wait = rank_wait_share(w, rank);
    emu_loader l;
    emu_job_loader(w, rank, &l);
    double u = emu_sample(w, worker < 0 ? "proc-trainer" : "proc-worker", rank, worker);
    if (worker < 0) {
        p->role = EMU_PROC_TRAINER;
        p->pid = base + 2 + i;
        p->ppid = base;
        p->gpu = j->ranks[rank].gpu;
        snprintf(p->comm, sizeof p->comm, "pt_main_thread");
        p->start_s = j->start_time_s + 1.0 + 0.05 * i;
        /* the main thread drives the GPU (launches, synchronising) except while it waits for a
         * batch; the pin-memory and NCCL proxy threads add a little */
        p->cpu = (1.0 - wait) + 0.12 + 0.02 * u;
        p->state = (0.5 + 0.5 * u) < wait ? 'S' : 'R';
        p->rss_kib = 9.6 * 1048576 * (1 + 0.03 * emu_sample_at(w, 0, "rss", rank, 0));
        p->vsz_kib = 224.0 * 1048576;
        p->shr_kib = 1.9 * 1048576;
        p->threads = 64 + 2 * workers;
        p->rchar = 4.8e9 + 1e6 * (w->now_s - p->start_s);
        p->wchar = 2.2e8;
    } else {
        p->role = EMU_PROC_WORKER;
        p->pid = base + 2 + local_count + i * workers + worker;
        p->ppid = base + 2 + i;
        p->gpu = -1;
        snprintf(p->comm, sizeof p->comm, "pt_data_worker");
        p->start_s = j->start_time_s + 38.0 + 0.02 * worker;
        p->cpu = l.cpu_used * (1 + 0.04 * u);
        /* the state a snapshot catches: D while it reads, R while it decodes, else S */
        double x = 0.5 + 0.5 * u;
        p->state = x < l.io_share ? 'D' : x < l.busy ? 'R' : 'S';
        p->rss_kib = 2.4 * 1048576 * (1 + 0.05 * emu_sample_at(w, 0, "rss", rank, worker + 1));
        p->vsz_kib = 198.0 * 1048576;
        p->shr_kib = 1.5 * 1048576;
        p->threads = 3;
        double elapsed = w->now_s - p->start_s;
        p->read_bytes = l.read_bytes_per_s * (elapsed > 0 ? elapsed : 0);
        p->rchar = p->read_bytes * 1.02;
        p->wchar = 4096.0 * elapsed;
    }
    /* a stopped run: the trainers spin in the collective's wait (a deadlocked loader's rank
     * sleeps on its queue), the workers' prefetch queues are full */
    double elapsed = w->now_s - p->start_s;
    p->cpu_time_s = p->cpu * (elapsed > 0 ? elapsed : 0);
    emu_run_stop st;
    if (emu_run_stop_of(w, &st) && st.at_s < w->now_s) {
        bool sleeper = worker >= 0 || (rank == st.rank && st.cause == EMU_STOP_LOADER_DEADLOCK);
        double before = st.at_s - p->start_s;
        p->cpu_time_s = p->cpu * (before > 0 ? before : 0);
        p->cpu = sleeper ? 0.002 : 1.0;
        p->state = sleeper ? 'S' : 'R';
        p->cpu_time_s += p->cpu * (w->now_s - st.at_s);
    }
}

/* Indices: base processes, services, slurmstepd, trainers, workers. */
int emu_node_proc_count(const emu_world *w, int node)
{
    if (!w->nodes[node].powered_on)
        return 0;
    int running = 0;
    for (int s = 0; s < N_SERVICES; s++)
        running += emu_service_running(w, node, &services[s]);
    int ranks[EMU_MAX_GPUS];
    int n = local_ranks(w, node, ranks);
    return N_BASE + running + (n ? 1 + n * (1 + w->job.loader_workers) : 0);
}

int emu_node_proc(const emu_world *w, int node, int index, emu_proc *p)
{
    memset(p, 0, sizeof *p);
    p->rank = p->worker = p->gpu = -1;
    p->user = "root";
    p->state = 'S';
    if (index < 0 || index >= emu_node_proc_count(w, node))
        return -1;
    const emu_node *n = &w->nodes[node];
    snprintf(p->cpus_allowed, sizeof p->cpus_allowed, "0-%d", n->n_cpus - 1);
    if (index < N_BASE) {
        p->pid = base_procs[index].pid;
        p->ppid = base_procs[index].ppid;
        p->role = index ? EMU_PROC_KERNEL : EMU_PROC_SERVICE;
        snprintf(p->comm, sizeof p->comm, "%s", base_procs[index].comm);
        if (index)
            snprintf(p->cmd, sizeof p->cmd, "[%s]", base_procs[index].comm);
        else
            snprintf(p->cmd, sizeof p->cmd, "/sbin/init");
        p->start_s = n->boot_time_s;
        p->state = index ? 'I' : 'S';
        p->threads = 1;
        if (!index)
            p->rss_kib = 14200, p->vsz_kib = 168000, p->shr_kib = 9100;
        p->cpu = index ? 0.00004 * (1 + index % 3) : 0.001;
        p->cpu_time_s = p->cpu * (w->now_s - p->start_s);
        return 0;
    }
    index -= N_BASE;
    for (int s = 0; s < N_SERVICES; s++) {
        if (!emu_service_running(w, node, &services[s]))
            continue;
        if (index-- > 0)
            continue;
        const emu_service *sv = &services[s];
        p->role = EMU_PROC_SERVICE;
        p->pid = emu_service_pid(w, node, sv);
        p->ppid = 1;
        p->start_s = emu_service_since_s(w, node, sv);
        snprintf(p->cmd, sizeof p->cmd, "%s", sv->exec);
        /* comm: the executable's base name (sshd's is its title's first word) */
        const char *exe = sv->exec, *end = strpbrk(exe, " :");
        size_t len = end ? (size_t)(end - exe) : strlen(exe);
        const char *slash = exe;
        for (size_t k = 0; k < len; k++)
            if (exe[k] == '/')
                slash = exe + k + 1;
        snprintf(p->comm, sizeof p->comm, "%.*s", (int)(exe + len - slash), slash);
        if (strstr(sv->name, "nvidia-persistenced"))
            p->user = "nvidia-persistenced";
        else if (!strcmp(sv->name, "munge"))
            p->user = "munge";
        bool dcgm = !strcmp(sv->name, "nvidia-dcgm");
        uint64_t h = emu_hash(w->seed, sv->unit, 7, 0);
        p->cpu = dcgm ? 0.006 : 0.0001 * (1 + h % 9);
        p->threads = dcgm ? 42 : 1 + (int)(h % 4);
        p->rss_kib = dcgm ? 152000 : 5200 + (double)(h % 24000);
        p->vsz_kib = dcgm ? 4200000 : 18000 + (double)(h % 290000);
        p->shr_kib = p->rss_kib * 0.45;
        p->cpu_time_s = p->cpu * (w->now_s - p->start_s);
        return 0;
    }
    int ranks[EMU_MAX_GPUS];
    int local = local_ranks(w, node, ranks);
    if (index == 0) {
        const emu_job *j = &w->job;
        p->role = EMU_PROC_STEPD;
        p->pid = job_base_pid(w, node);
        p->ppid = 1;
        snprintf(p->comm, sizeof p->comm, "slurmstepd");
        snprintf(p->cmd, sizeof p->cmd, "slurmstepd: [%d.0]", j->id);
        p->start_s = j->start_time_s;
        p->cpu = 0.001;
        p->threads = 6;
        p->rss_kib = 9800, p->vsz_kib = 420000, p->shr_kib = 7000;
        p->cpu_time_s = p->cpu * (w->now_s - p->start_s);
        return 0;
    }
    index--;
    if (index < local) {
        job_proc(w, node, index, ranks[index], -1, local, p);
        return 0;
    }
    index -= local;
    int workers = w->job.loader_workers;
    job_proc(w, node, index / workers, ranks[index / workers], index % workers, local, p);
    return 0;
}

int emu_node_proc_by_pid(const emu_world *w, int node, int pid, emu_proc *p)
{
    int count = emu_node_proc_count(w, node);
    for (int i = 0; i < count; i++)
        if (emu_node_proc(w, node, i, p) == 0 && p->pid == pid)
            return 0;
    return -1;
}

int emu_proc_last_cpu(const emu_world *w, const emu_proc *p)
{
    char *end;
    long lo = strtol(p->cpus_allowed, &end, 10), hi = *end == '-' ? strtol(end + 1, NULL, 10) : lo;
    uint64_t span = hi >= lo ? (uint64_t)(hi - lo + 1) : 1;
    return (int)(lo + (long)(emu_hash(w->seed, "last-cpu", (uint64_t)p->pid, (uint64_t)w->now_s) % span));
}

/* ---- CPU, tasks, load --------------------------------------------------------------------- */

/* What the job's processes on node use: CPUs busy (user and system), CPUs' worth in I/O wait
 * and runnable tasks, on the CPUs of local rank `only` (-1: all of them). */
typedef struct job_use {
    double user, system, iowait, runnable;
} job_use;

static job_use node_job_use(const emu_world *w, int node, int only)
{
    job_use u = {0, 0, 0, 0};
    int ranks[EMU_MAX_GPUS];
    int local = local_ranks(w, node, ranks);
    for (int i = 0; i < local; i++) {
        if (only >= 0 && i != only)
            continue;
        int r = ranks[i];
        double wait = rank_wait_share(w, r);
        emu_loader l;
        emu_job_loader(w, r, &l);
        double trainer = (1.0 - wait) + 0.12;
        int workers = w->job.loader_workers;
        /* system time: the trainer's ioctls to the driver, the workers' reads (about a tenth) */
        u.user += trainer * 0.93 + workers * l.cpu_used * 0.88;
        u.system += trainer * 0.07 + workers * l.cpu_used * 0.12;
        u.iowait += workers * l.io_share;
        u.runnable += (1.0 - wait) + workers * l.busy;
    }
    return u;
}

double emu_node_job_share_of_uptime(const emu_world *w, int node)
{
    double up = emu_node_uptime_s(w, node);
    double ran = w->job.present ? w->now_s - w->job.start_time_s : 0;
    return up > 0 ? fmin(1.0, fmax(0.0, ran / up)) : 0;
}

void emu_node_cpu_share(const emu_world *w, int node, int cpu, bool since_boot, emu_cpu_share *s)
{
    const emu_node *n = &w->nodes[node];
    memset(s, 0, sizeof *s);
    double cpus = n->n_cpus > 0 ? n->n_cpus : 1;
    job_use u;
    int ranks[EMU_MAX_GPUS];
    int local = local_ranks(w, node, ranks);
    int per = n->loader_cpus > 0 && local > 0 ? n->loader_cpus / local : 0;
    if (cpu < 0) {
        u = node_job_use(w, node, -1);
    } else if (per >= 1) { /* a cpuset per rank: its CPUs carry its processes, the rest idle */
        int i = cpu / per;
        u = i < local ? node_job_use(w, node, i) : (job_use){0, 0, 0, 0};
        cpus = per;
        if (i >= local)
            cpus = 1;
    } else {
        u = node_job_use(w, node, -1);
    }
    double jitter = since_boot ? emu_node_job_share_of_uptime(w, node)
                               : 1 + 0.03 * emu_sample(w, "cpu-share", node, cpu + 1);
    u.iowait *= since_boot ? jitter : 1;
    double busy_cap = cpus; /* CPU time cannot exceed the CPUs that run it */
    double user = u.user * jitter, system = u.system * jitter;
    if (user + system > busy_cap) {
        double k = busy_cap / (user + system);
        user *= k, system *= k;
    }
    /* housekeeping: daemons, kernel threads, interrupts of the NICs */
    s->user = 100 * user / cpus + 0.05;
    s->system = 100 * system / cpus + 0.04;
    s->softirq = 0.02 + (cpu < 0 ? 0.05 : 0);
    s->irq = 0.0;
    double idle = 100 - s->user - s->system - s->softirq;
    s->iowait = fmin(fmax(idle, 0), 100 * u.iowait / cpus);
    s->idle = fmax(idle - s->iowait, 0);
}

void emu_node_tasks(const emu_world *w, int node, emu_task_counts *t)
{
    memset(t, 0, sizeof *t);
    int count = emu_node_proc_count(w, node);
    for (int i = 0; i < count; i++) {
        emu_proc p;
        if (emu_node_proc(w, node, i, &p) != 0)
            continue;
        t->total++;
        if (p.state == 'R')
            t->running++;
        else
            t->sleeping++; /* top counts D (and idle kernel threads) as sleeping */
        t->blocked += p.state == 'D';
    }
}

double emu_node_loadavg(const emu_world *w, int node, int minutes)
{
    if (!w->nodes[node].powered_on)
        return 0;
    job_use u = node_job_use(w, node, -1);
    double base = u.runnable + 0.02;
    /* the longer the window, the less a minute's wander moves it */
    double wander = minutes <= 1 ? 0.06 : minutes <= 5 ? 0.025 : 0.01;
    uint64_t tick = (uint64_t)(w->now_s / (minutes <= 1 ? 5.0 : 60.0));
    return base * (1 + wander * emu_sample_at(w, tick, "loadavg", node, minutes));
}

/* ---- memory ------------------------------------------------------------------------------- */

double emu_numa_free_mib(const emu_world *w, int node, int numa)
{
    const emu_numa *m = &w->nodes[node].numa[numa];
    /* free memory drifts a little as the page cache and the loaders come and go */
    return m->free_mb * (1.0 + 0.004 * emu_sample(w, "numa-free", node, numa));
}

double emu_node_shm_bytes(const emu_world *w, int node)
{
    int ranks[EMU_MAX_GPUS];
    /* NCCL's shared-memory segments and the loaders' tensors in flight, about 2.1 GB a rank */
    return local_ranks(w, node, ranks) * 2.1e9;
}

void emu_node_memory(const emu_world *w, int node, emu_memory *m)
{
    const emu_node *n = &w->nodes[node];
    memset(m, 0, sizeof *m);
    for (int i = 0; i < n->n_numa; i++) {
        m->total_kib += n->numa[i].size_mb * 1024;
        m->free_kib += emu_numa_free_mib(w, node, i) * 1024;
    }
    double procs_kib = 0;
    int count = emu_node_proc_count(w, node);
    for (int i = 0; i < count; i++) {
        emu_proc p;
        if (emu_node_proc(w, node, i, &p) == 0)
            procs_kib += p.rss_kib - (p.role == EMU_PROC_WORKER ? p.shr_kib : 0);
    }
    m->shmem_kib = emu_node_shm_bytes(w, node) / 1024 + 5.1e6 / 1024;
    m->slab_kib = m->total_kib * 0.012;
    m->buffers_kib = 1.9e6;
    /* what neither the processes nor the kernel hold is the page cache (the data set, logs and
     * checkpoints read and written), shared memory included */
    m->cached_kib = fmax(m->total_kib - m->free_kib - procs_kib - m->slab_kib - m->buffers_kib -
                             m->total_kib * 0.004, m->shmem_kib);
    m->used_kib = m->total_kib - m->free_kib - m->buffers_kib - m->cached_kib - m->slab_kib;
    if (m->used_kib < 0)
        m->used_kib = 0;
    m->available_kib = m->free_kib + (m->cached_kib - m->shmem_kib) * 0.95 + m->slab_kib * 0.5;
    m->swap_total_kib = m->swap_free_kib = 0; /* GPU training nodes run without swap */
}

double emu_node_uptime_s(const emu_world *w, int node)
{
    const emu_node *n = &w->nodes[node];
    return n->powered_on ? w->now_s - n->boot_time_s : 0;
}

/* ---- CUDA's view of the GPUs ----------------------------------------------------------------- */

int emu_cuda_visible_gpus(const emu_world *w, int node, const char *value, int *gpus, int max)
{
    const emu_node *n = &w->nodes[node];
    int count = 0;
    if (!value) {
        for (int g = 0; g < n->n_gpus && count < max; g++)
            gpus[count++] = g;
        return count;
    }
    for (const char *p = value; *p && count < max;) {
        size_t len = strcspn(p, ",");
        char entry[64];
        snprintf(entry, sizeof entry, "%.*s", (int)(len < 63 ? len : 63), p);
        int g = -1;
        char *end;
        long idx = strtol(entry, &end, 10);
        if (end != entry && !*end && idx >= 0 && idx < n->n_gpus)
            g = (int)idx;
        else if (!strncmp(entry, "GPU-", 4)) {
            int hits = 0;
            for (int k = 0; k < n->n_gpus; k++)
                if (!strncmp(n->gpus[k].uuid, entry, strlen(entry)) && !hits++)
                    g = k;
            if (hits != 1) /* an ambiguous prefix names no GPU */
                g = -1;
        }
        for (int k = 0; k < count; k++)
            if (gpus[k] == g)
                g = -1;
        if (g < 0)
            break;
        gpus[count++] = g;
        p += len + (p[len] == ',');
    }
    return count;
}
