/* host.h: a node's host side as the job loads it (host.c): its processes (kernel threads,
 * system services, the job's ranks and their DataLoader workers), the CPU time they use, the
 * load average and memory. Every host tool (ps, top, pidstat, vmstat, mpstat, free, uptime,
 * /proc/PID/..., nvidia-smi's process list, py-spy) reads these, so they agree with each other
 * and with the loader model of job.h. All values are functions of the world's clock. */
#ifndef EMU_MODEL_HOST_H
#define EMU_MODEL_HOST_H

#include "world.h"

enum emu_proc_role {
    EMU_PROC_KERNEL = 0, /* a kernel thread: [kthreadd] */
    EMU_PROC_SERVICE,    /* a systemd service's main process (emu_service_at) */
    EMU_PROC_STEPD,      /* slurmstepd of the job's step on this node */
    EMU_PROC_TRAINER,    /* a rank's main process (PyTorch names its thread pt_main_thread) */
    EMU_PROC_WORKER      /* a DataLoader worker of a rank (pt_data_worker) */
};

/* One process as ps and /proc show it. */
typedef struct emu_proc {
    int pid, ppid;
    enum emu_proc_role role;
    int rank, worker;            /* job rank and worker index, -1 when not the job's */
    int gpu;                     /* the trainer's GPU, -1 otherwise */
    char comm[16];               /* the kernel's 15-byte name: "pt_data_worker" */
    char cmd[128];               /* the command line (ps -f, /proc/PID/cmdline) */
    const char *user;
    double start_s;              /* when it started (UTC epoch seconds) */
    double cpu;                  /* CPUs it uses now, 1.0 = one CPU (top's %CPU / 100) */
    double cpu_time_s;           /* CPU time since it started */
    char state;                  /* what ps shows now: R running, S sleeping, D in I/O, I idle */
    double rss_kib, vsz_kib, shr_kib;
    int threads;
    double rchar, wchar, read_bytes, write_bytes; /* /proc/PID/io since it started */
    char cpus_allowed[48];       /* Cpus_allowed_list: the cpuset Slurm gave it */
} emu_proc;

/* Number of processes on node (0 when it is off). */
int emu_node_proc_count(const emu_world *world, int node);

/* The index-th process of node in pid order into *out. Returns 0, or -1 past the last. */
int emu_node_proc(const emu_world *world, int node, int index, emu_proc *out);

/* The process pid of node into *out. Returns 0, or -1 when there is none. */
int emu_node_proc_by_pid(const emu_world *world, int node, int pid, emu_proc *out);

/* The CPU a process last ran on (ps's PSR, pidstat's CPU): one of its cpuset, deterministic. */
int emu_proc_last_cpu(const emu_world *world, const emu_proc *proc);

/* The pid of the trainer driving (node, gpu), or 0 when no rank runs there (nvidia-smi's
 * process list, Xid lines). */
int emu_gpu_pid(const emu_world *world, int node, int gpu);

/* ---- services ----------------------------------------------------------------------------- */

/* A systemd service of a GPU node: what systemctl and ps show of it. */
typedef struct emu_service {
    const char *unit;            /* "nvidia-fabricmanager.service" */
    const char *name;            /* "nvidia-fabricmanager" */
    const char *description;
    const char *exec;            /* the main process's command line */
} emu_service;

/* The index-th service (NULL past the last), and one by unit or short name (NULL: none). */
const emu_service *emu_service_at(int index);
const emu_service *emu_service_find(const char *name);

/* Whether a service runs on node, and its main pid and start time (0 when it does not). */
bool emu_service_running(const emu_world *world, int node, const emu_service *service);
int emu_service_pid(const emu_world *world, int node, const emu_service *service);
double emu_service_since_s(const emu_world *world, int node, const emu_service *service);

/* ---- CUDA's view of the GPUs ----------------------------------------------------------------- */

/* The GPUs a process on node sees as CUDA devices 0, 1, ...: the node's GPU indices into gpus (at
 * most max), returning the count. value is CUDA_VISIBLE_DEVICES (NULL: unset, every GPU in PCI
 * order). CUDA reads it as a comma-separated list of indices or GPU UUIDs (a unique prefix of
 * "GPU-..." will do) and stops at the first entry that names no GPU (or one already listed):
 * only the devices before it are visible, so "0,2,-1,1" shows GPUs 0 and 2 and an empty value
 * none (CUDA C++ Programming Guide, "CUDA Environment Variables"). */
int emu_cuda_visible_gpus(const emu_world *world, int node, const char *value, int *gpus, int max);

/* ---- kernel modules ----------------------------------------------------------------------- */

/* A kernel module of a GPU node (lsmod, /proc/modules, /sys/module/NAME). */
typedef struct emu_module {
    const char *name;            /* "nvidia_peermem" */
    long size_bytes;             /* lsmod's Size */
    const char *holders;         /* the modules using it, comma-separated ("" for none) */
} emu_module;

/* The index-th module a node can have (NULL past the last), and one by name (NULL: none). */
const emu_module *emu_module_at(int index);
const emu_module *emu_module_find(const char *name);

/* Whether module is loaded on node, and lsmod's "Used by" count. */
bool emu_module_loaded(const emu_world *world, int node, const emu_module *module);
int emu_module_refcount(const emu_world *world, int node, const emu_module *module);

/* ---- CPU time, load, memory --------------------------------------------------------------- */

/* The share of the node's CPU time by kind, in percent (summing to 100), as /proc/stat's
 * columns give it: what top's %Cpu(s), vmstat's us/sy/id/wa, mpstat's "all" and iostat's
 * avg-cpu show. cpu < 0: the whole node; else that one CPU (mpstat -P N). since_boot: the
 * average since the node booted (the job ran for part of it), as a first report shows it. */
typedef struct emu_cpu_share {
    double user, system, iowait, irq, softirq, idle;
} emu_cpu_share;
void emu_node_cpu_share(const emu_world *world, int node, int cpu, bool since_boot,
                        emu_cpu_share *out);

/* The share of the node's uptime the job has run, 0 .. 1 (since-boot averages scale by it). */
double emu_node_job_share_of_uptime(const emu_world *world, int node);

/* Tasks by state now (top's Tasks line, vmstat's r and b). */
typedef struct emu_task_counts {
    int total, running, sleeping, blocked, zombie;
} emu_task_counts;
void emu_node_tasks(const emu_world *world, int node, emu_task_counts *out);

/* The load average over 1, 5 or 15 minutes: tasks running or in uninterruptible I/O. */
double emu_node_loadavg(const emu_world *world, int node, int minutes);

/* Memory as /proc/meminfo gives it, in KiB. */
typedef struct emu_memory {
    double total_kib, free_kib, available_kib, buffers_kib, cached_kib, shmem_kib, slab_kib;
    double used_kib;             /* total - free - buffers - cached - slab, as free(1) counts */
    double swap_total_kib, swap_free_kib;
} emu_memory;
void emu_node_memory(const emu_world *world, int node, emu_memory *out);

/* Free memory of one NUMA node in MiB (numactl's "MB"), the per-node part of MemFree. */
double emu_numa_free_mib(const emu_world *world, int node, int numa);

/* Bytes in /dev/shm (the loaders' shared-memory tensors and NCCL's segments). */
double emu_node_shm_bytes(const emu_world *world, int node);

/* Seconds since the node booted. */
double emu_node_uptime_s(const emu_world *world, int node);

#endif
