/* world.h: the simulated cluster's state: nodes, GPUs, links, HCAs, PCIe switches, NUMA nodes,
 * BMCs, storage, the job, the faults and the lab state, built from a scenario (scenario.h).
 * What follows from the state (clocks, bandwidths, step times) is computed by the simulation
 * files (gpu.h, hca.h, nccl.h, storage.h, job.h), never stored here.
 *
 * Ownership: an emu_world is one allocation of fixed-size arrays, its array of nodes (as many
 * as the cluster has) and the job's timeline segments (run.segments); emu_world_free releases
 * them.
 * Scenarios belong to their catalog (emu.h) and must outlive the worlds built from them.
 *
 * Units are in the names: _c (degrees Celsius), _w (watts), _mhz, _mib (2^20 bytes), _bytes,
 * _gbit_per_s (gigabits per second, link rates), _gb_per_s (gigabytes per second, 1e9 bytes,
 * bandwidths as nccl-tests reports them), _mb_per_s (1e6 bytes per second, storage), _ms, _us,
 * _s (seconds; absolute times are UTC seconds since the Unix epoch, as doubles). */
#ifndef EMU_MODEL_WORLD_H
#define EMU_MODEL_WORLD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "emu.h"
#include "description.h"
#include "layout.h"

typedef struct emu_world emu_world;

/* ---- the cluster ------------------------------------------------------------------------------- */

/* Per-rank step values without jitter (job.c): every step's timing (the step log, the rank logs,
 * utilisation) starts from them, so reading a long log stays cheap. */
typedef struct emu_step_base {
    bool valid;
    double compute_ms[EMU_MAX_RANKS];
    double batch_wait_ms[EMU_MAX_RANKS];
    double allreduce_ms;
    double optimizer_ms;
    int nccl_channels; /* the data-parallel all-reduce's channels (nccl.h: the plan's n_channels) */
} emu_step_base;

/* Why the job stopped making progress. */
typedef enum emu_stop_cause {
    EMU_STOP_NONE = 0,
    EMU_STOP_HOST_POWER,      /* a host lost power */
    EMU_STOP_HOST_FROZEN,     /* a host hung (an uncorrectable memory error) */
    EMU_STOP_GPU_LOST,        /* a GPU fell off the bus: its rank dies on the next CUDA call */
    EMU_STOP_RANK_HANG,       /* a rank's GPU never finishes its kernel */
    EMU_STOP_LOADER_DEADLOCK, /* a rank waits forever for a batch */
    EMU_STOP_SLOW_SAVE,       /* rank 0's checkpoint save outlasts the others' collective timeout */
    EMU_STOP_INIT_FAILED      /* CUDA never came up on a node without Fabric Manager */
} emu_stop_cause;

/* How the job ends once stopped. */
typedef enum emu_end_kind {
    EMU_END_NONE = 0,
    EMU_END_WATCHDOG,         /* the surviving ranks' NCCL watchdog: the job FAILED */
    EMU_END_NODE_FAIL,        /* Slurm set the host DOWN and ended the job: NODE_FAIL */
    EMU_END_EXIT              /* the ranks exited with their error at init: the job FAILED */
} emu_end_kind;

typedef struct emu_run_stop {
    emu_stop_cause cause;
    double at_s;              /* when progress stopped (UTC epoch seconds), 0: it has not */
    int node, gpu, rank;      /* the culprit (-1 when not one GPU or rank) */
    long step;                /* the step in progress then */
    emu_end_kind end;
    double end_s;             /* when the job ended because of it (may lie in the future) */
} emu_run_stop;

typedef struct emu_nvlink {
    bool up;                  /* false: nvidia-smi nvlink -s prints "<inactive>" */
    uint64_t replay_errors;   /* counters as of the world's start; see emu_nvlink_counter() */
    uint64_t recovery_errors;
    uint64_t crc_errors;
    double error_rate_per_s;  /* > 0: replay/recovery counters climb with simulated time */
} emu_nvlink;

typedef struct emu_xid {
    double time_s;            /* when the kernel logged it (UTC epoch seconds) */
    int code;                 /* 13, 31, 43, 45, 48, 63, 64, 74, 79, 92, 94, 95, 119 ... */
    int pid;                  /* the process it names, 0 for none */
    char detail[EMU_TEXT_MAX];/* the rest of the NVRM line after "code, " */
} emu_xid;

typedef struct emu_gpu {
    int index;                         /* 0-7 within the node */
    char bus_id[20];                   /* "00000000:1B:00.0" (nvidia-smi form) */
    char uuid[48];                     /* "GPU-xxxxxxxx-...", derived from the seed */
    char serial[16];
    int numa_node;                     /* 0 or 1 */
    int pcie_switch;                   /* index into emu_node.switches */
    int pcie_width;                    /* current link width (16 when healthy) */
    double inlet_temp_c;               /* cooling: temperature = inlet + thermal_c_per_w * power */
    double thermal_c_per_w;
    double forced_temp_c;              /* > 0: a thermal fault holds the die at this temperature */
    double power_limit_w;              /* enforced limit (a power-cap fault or -pl lowers it; a boot restores the default) */
    double limit_since_s;              /* since when it holds (0: since the driver loaded) */
    double capping_base_s;             /* SW Power Capping seconds counted under earlier limits */
    double capping_settled_s;          /* and under this one, up to capping_settled_to_s */
    double capping_settled_to_s;       /* the seconds before it left the window of exact seconds */
    double reason_base_s[3];           /* SW Thermal Slowdown, HW Thermal Slowdown and HW Power
                                          Braking seconds counted before reasons_from_s, under
                                          earlier states (telemetry.h's emu_gpu_reason_held_s) */
    double reasons_from_s;             /* since when the present state counts (0: the driver's load) */
    bool power_brake;                  /* external power brake asserted (HW Power Brake Slowdown) */
    double lost_s;                     /* > 0: fell off the bus (Xid 79) at this time; NVML can no
                                          longer reach it and its rank died */
    bool persistence_mode;
    double mem_used_mib;               /* while the job runs */
    /* ECC and row remapping (nvidia-smi -q "ECC Errors", "Remapped Rows") */
    uint64_t ecc_sram_corrected, ecc_sram_uncorrected;
    uint64_t ecc_dram_corrected, ecc_dram_uncorrected;     /* volatile (since the driver loaded) */
    uint64_t ecc_dram_corrected_agg, ecc_dram_uncorrected_agg; /* aggregate (lifetime) */
    int remapped_correctable, remapped_uncorrectable;
    bool remap_pending, remap_failure;
    uint64_t pcie_replays;
    emu_xid xids[EMU_MAX_XIDS];
    int n_xids;
    /* over time (faults that unfold, timeline.c) */
    double heat_from_s;                /* gpu_cooling: its cooling failed then; the die heats with
                                          the thermal time constant (telemetry.c) */
    double heat_c_per_w;               /* the thermal resistance after that */
    double heat_start_c;               /* the temperature it had then */
    double deficit;                    /* gpu_deficit: its share of a healthy GPU's speed, 0: none */
    double hang_s;                     /* rank_hang: its kernel stopped finishing then */
    double loader_deadlock_s;          /* loader_deadlock: its rank's loader deadlocked then */
    unsigned p2p_off;                  /* peers it cannot reach by P2P (bit per GPU) */
    emu_nvlink links[EMU_MAX_NVLINKS]; /* the spec's nvlinks of them are used */
} emu_gpu;

enum emu_port_state { EMU_PORT_DOWN = 1, EMU_PORT_INIT = 2, EMU_PORT_ARMED = 3, EMU_PORT_ACTIVE = 4 };
enum emu_phys_state { EMU_PHYS_SLEEP = 1, EMU_PHYS_POLLING = 2, EMU_PHYS_DISABLED = 3,
                      EMU_PHYS_LINKUP = 5, EMU_PHYS_ERROR_RECOVERY = 6 };

typedef struct emu_hca_counters {
    uint64_t symbol_errors, link_error_recovery, link_downed, rcv_errors, rcv_remote_phys_errors,
        xmit_discards, local_link_integrity_errors, excessive_buffer_overrun, xmit_wait;
    uint64_t xmit_data, rcv_data, xmit_pkts, rcv_pkts; /* data in 4-byte words, like perfquery */
} emu_hca_counters;

typedef struct emu_hca {
    char name[16];                /* "mlx5_0" */
    char netdev[20];              /* "ibp24s0" (IB) or "enp41s0f0np0" (Ethernet) */
    char bus_id[24];              /* "0000:18:00.0" */
    bool compute;                 /* a training-fabric rail (used by NCCL), else storage/front end */
    bool ethernet;                /* link layer Ethernet (RoCE/storage) instead of InfiniBand */
    int rail;                     /* compute port number 0 .. compute_hcas-1, -1 otherwise */
    int card, port;               /* the adapter card (-1: front end) and its function (0, 1) */
    const emu_hca_spec *adapter;  /* the ConnectX generation (hardware.h) */
    int numa_node;
    int pcie_switch;              /* index into emu_node.switches, -1 when on the root complex */
    enum emu_port_state state;
    enum emu_phys_state phys_state;
    int rate_gbit_per_s;          /* negotiated: 400 (NDR 4X), 200 (HDR 4X), 100 ... */
    int expected_rate_gbit_per_s; /* what the port should run at */
    int width;                    /* lanes: 4 for 4X, 2 for 2X, 1 for 1X */
    int expected_width;           /* what the port trains to when healthy */
    int lid, sm_lid;
    uint64_t guid;
    char fw_ver[16];              /* "28.41.1000": the adapter's */
    const char *ca_type;          /* "MT4129": the adapter's */
    int vendor_part_id;           /* the adapter's PCI device id: 4129 ConnectX-7 ... */
    emu_hca_counters counters;    /* as of the world's start; see emu_hca_counters_now() */
    int pcie_width, pcie_gen;     /* the adapter's PCIe link as trained (lspci LnkSta) */
    int pcie_max_width, pcie_max_gen; /* what it is capable of (LnkCap) */
    double symbol_error_rate_per_s; /* > 0: a marginal link keeps counting */
    double symbol_errors_from_s;  /* absolute time the current error rate began (link_errors'
                                     onset, which may lie before the start) */
    /* what perfquery -R took off the port's PMA counters: mlxlink's physical-layer counters
     * (PPCNT) are separate and keep counting through such a reset */
    uint64_t pma_reset_symbol_errors, pma_reset_link_downed, pma_reset_link_error_recovery;
    double collision_xmit_wait_per_s; /* > 0: a routing collision keeps xmit_wait climbing */
} emu_hca;

typedef struct emu_pcie_switch {
    char bus[8];                  /* upstream bus, e.g. "18" */
    int numa_node;
    unsigned acs_ctl;             /* ACS Control register (ECAP_ACS+0x6.w; 0 on a DGX: ACS off);
                                   * ReqRedir/CmpltRedir (bits 2, 3) force P2P through the root */
} emu_pcie_switch;

#define EMU_ACS_REDIRECTS(sw) (((sw).acs_ctl & 0x0cu) != 0)

typedef struct emu_numa {
    char cpus[64];                /* "0-55,112-167" as numactl and topo -m print it */
    int n_cpus;
    double size_mb;
    double free_mb;
} emu_numa;

typedef struct emu_klog {
    double time_s;                /* UTC epoch seconds */
    char text[EMU_TEXT_MAX];      /* without the timestamp: "NVRM: Xid (PCI:0000:1b:00): 79, ..." */
} emu_klog;

typedef struct emu_sel {
    double time_s;
    char sensor[48];              /* "Temperature GPU5 Temp" */
    char event[64];               /* "Upper Critical going high" */
    bool asserted;
    char reading[64];             /* "Reading 96 > Threshold 90 degrees C", or "" */
} emu_sel;

typedef struct emu_bmc {
    char address[32];             /* "node01-bmc" */
    char ip[16];                  /* "10.0.100.11" */
    bool reachable;               /* false: ipmitool over lanplus cannot open a session */
    bool reports_power_on;        /* what `chassis power status` says (can be stale) */
    emu_sel sel[EMU_MAX_SEL];
    int n_sel;
    unsigned psu_failed;          /* the power supplies that failed, bit 0 = PS1 */
    unsigned psu_stale;           /* supplies whose status sensor is stuck at "Failure detected"
                                     though they deliver power, until a cold reset */
    int session_limit;            /* > 0: the BMC answers this many sessions, then none until a
                                     cold reset (a leak of its session table) */
    int sessions;                 /* sessions opened since its last reset */
    double reset_until_s;         /* a cold reset in progress: no answer before this time */
    bool power_by_command;        /* the last power change was an IPMI or Redfish command
                                     (chassis status: Last Power Event command) */
} emu_bmc;

typedef struct emu_node {
    char name[16];                /* "node01" */
    int index;
    char ip[16];                  /* front-end address, "10.0.0.11" */
    char bootstrap_netdev[16];    /* the front-end interface NCCL bootstraps over: "bond0" */
    int bootstrap_rate_gbit_per_s;
    bool powered_on;              /* the host's real power state */
    double power_lost_s;          /* when it went off (UTC epoch seconds), 0 when on */
    double boot_time_s;           /* UTC epoch seconds of the last boot (dmesg offsets) */
    int n_gpus;
    emu_gpu gpus[EMU_MAX_GPUS];
    int n_hcas;
    emu_hca hcas[EMU_MAX_HCAS];
    int n_switches;
    emu_pcie_switch switches[EMU_MAX_SWITCHES];
    int n_numa;
    emu_numa numa[EMU_MAX_NUMA];
    int n_cpus;                   /* hardware threads */
    int n_nvswitches;             /* 4 on HGX H100, 6 on HGX A100 */
    bool fabric_manager_running;  /* false: GPUs report fabric state In Progress, no NVLink P2P */
    bool peermem_loaded;          /* nvidia_peermem: false disables GPUDirect RDMA on this node */
    signed char peermem_peerdirect_support, peermem_persistent_api_support; /* its parameters as
                                     loaded (modinfo.c): 0 and 1 unless modprobe set them */
    bool verbs_available;         /* libibverbs loadable: false makes NCCL fall back to sockets */
    int loader_cpus;              /* CPUs left for data-loader workers (cpuset), 0 = all */
    emu_klog klog[EMU_MAX_KLOG];  /* kernel messages after boot, in time order */
    int n_klog;
    emu_bmc bmc;
    /* over time (repair.h changes these): a host that hung, its boots */
    double frozen_s;              /* > 0: the host hung at this time and answers nothing */
    double fatal_mce_s;           /* > 0: a fatal machine check hung this boot at this time (the
                                     firmware records it; the kernel's own lines never reach disk) */
    double bert_mce_s;            /* > 0: the previous boot ended in that fatal machine check: this
                                     boot's kernel prints the firmware's record of it (APEI BERT) */
    int boots;                    /* boots since the scenario's start (journalctl --list-boots) */
    double prev_boot_time_s;      /* the previous boot's start and end (journalctl -b -1), 0 */
    double prev_boot_end_s;
    double service_since_s[12];   /* a service's last (re)start by systemctl, 0: at boot (host.c) */
    bool service_stopped[12];     /* stopped by systemctl stop */
    /* the scheduler's view (run.c): DOWN when it stopped answering or rebooted unexpectedly
     * (ReturnToService=0 keeps it down until resumed), DRAIN by an administrator */
    double slurm_down_s;
    bool slurm_drain;
    char slurm_reason[64];
    double slurm_reason_s;        /* when an operator set that reason (sinfo -R's TIMESTAMP), 0: never */
    int slurm_boots_seen;         /* boots the controller knows of */
    double slurm_resume_s;        /* when an administrator last resumed it out of DOWN: slurmctld
                                     counts SlurmdTimeout from then (last_response), 0: never */
    double slurm_boot_time_s;     /* the BootTime slurmd last registered with (scontrol show node) */
} emu_node;

enum emu_question { EMU_QUESTION_NONE = 0, EMU_QUESTION_REVEAL_SOLUTION = 1 };

typedef struct emu_lab_state {
    bool active;                  /* a lab is started (false in a bare session) */
    int hints_shown;              /* how many hints `hint` has given */
    int hints_at_solve;           /* hints_shown when the lab was first solved (lab status) */
    int answers_tried;
    bool solved;                  /* answered right (a lab with a fix: fixed and verified) */
    bool diagnosed;               /* a lab with a fix: answered right, not yet fixed */
    bool verified;                /* a lab with a fix: the repair verified (and still in place)
                                     before the right answer: the answer then solves it */
    int commands;                 /* the learner's input lines since the lab started */
    bool revealed;                /* the worked solution was shown: not solved by the learner */
    bool solved_pending_flag;     /* set by a right answer, taken once by emu_lab_take_solved */
    bool lab_changed;             /* `lab start`/`lab restart` rebuilt the world */
    enum emu_question question;   /* a pending y/N question the next line answers */
    /* a snapshot lab (lab.collect): how often each item was matched, when first and last */
    int collected[EMU_MAX_COLLECT];
    double collected_first_s[EMU_MAX_COLLECT], collected_last_s[EMU_MAX_COLLECT];
    char collected_line[EMU_MAX_COLLECT][96];   /* the line that last matched, as typed */
    bool probed[EMU_MAX_PROBES];                /* the scenario's probe k has matched a line */
    char notes[EMU_MAX_NOTES][512];             /* `snapshot note TEXT`, in order (a note of a
                                                   few sentences, with ports and times, fits) */
    double notes_s[EMU_MAX_NOTES];
    int n_notes;
    char question_topic[EMU_NAME_MAX];
} emu_lab_state;

/* ---- the world ---------------------------------------------------------------------------------- */

struct emu_world {
    const emu_catalog *catalog;   /* borrowed: the labs `lab list` and `lab start` can reach */
    const emu_scenario *scenario; /* borrowed from the catalog, or from the session (built-in) */
    uint64_t seed;
    uint64_t seed_override;       /* the host's seed (0: each scenario's own), kept across labs */
    double start_time_s;          /* scenario start (UTC epoch seconds) */
    double now_s;                 /* simulated clock */
    unsigned long commands_run;
    bool clock_held;              /* the lab's fix checks run: emu_world_advance does nothing */
    const emu_gpu_spec *spec;     /* cluster.gpu */
    char cluster_name[EMU_NAME_MAX];
    emu_cluster_desc cluster;     /* the hardware as described (a copy) */
    emu_layout layout;            /* the node it implies: every node is laid out so */
    int n_nodes;
    emu_node *nodes;              /* n_nodes of them, owned (room for nodes_cap) */
    int nodes_cap;
    int n_mounts;
    emu_mount mounts[EMU_MAX_MOUNTS];
    emu_job job;
    int n_faults;
    emu_fault faults[EMU_MAX_FAULTS];
    char kernel_release[32];      /* "6.8.0-60-generic": uname -r of every node */
    char kernel_version[40];      /* "#60-Ubuntu SMP PREEMPT_DYNAMIC": uname -v, /proc/version
                                     (the build's date is not modelled) */
    char os_version[16];          /* "24.04.2": the Ubuntu release that kernel ships with (DGX OS 7
                                     is Ubuntu 24.04 based): /etc/os-release, the console's banner */
    char driver_version[16];      /* "570.133.20" */
    char cuda_version[8];         /* "12.8" */
    char nccl_version[24];        /* "2.21.5+cuda12.4" */
    char dcgm_version[12];        /* "3.3.9" */
    emu_lab_state lab;
    /* over time: each fault's progress (0 pending, 1 applied, 2 cleared), and the run's state
     * that operators and faults change (run.h, repair.h) */
    unsigned char fault_state[EMU_MAX_FAULTS];
    struct {
        int stall_every;          /* loader_stall: every N steps ... */
        double stall_ms;          /* ... the input stalls this long ... */
        int stall_rank;           /* ... on this rank, or every rank (-1) */
        double cancelled_s;       /* scancel: when the job was cancelled, 0 */
        int restarts;             /* resubmissions of the job */
        double submitted_s;       /* when the present run's job was submitted (sbatch; its
                                     SubmitTime), 0: the scenario's own job, submitted
                                     EMU_JOB_QUEUED_S before its start */
        long resumed_step;        /* the checkpoint the present run resumed from (run.c's
                                     emu_run_began), 0: the scenario's own rule */
        double resumed_saved_s;   /* when that checkpoint's save ended, written by the run
                                     before (its files' mtime), 0: unknown */
        int init_fail_node;       /* 1 + the job's node without Fabric Manager when the run
                                     started (CUDA never came up there: it failed at init), 0 */
        /* a job submitted while this one holds its nodes: it waits (squeue PD, Resources) and
         * starts when they are released (repair.c's emu_job_start_queued, from the clock) */
        struct {
            int id;               /* 0: none */
            double submit_s;
            uint64_t exclude;
            int cpus_per_task, nccl_ib_disable;
            bool has_hca, has_ifname;
            double timeout_s;
            char nccl_ib_hca[64], nccl_socket_ifname[32];
        } queued;
        /* sruns that asked for nodes the job holds and were left waiting (squeue PD,
         * Resources) until the job releases them or scancel withdraws them (run.h) */
        struct {
            int id;               /* 0: a free slot */
            double submit_s;
            int n_nodes;
            char name[24];        /* the program it runs */
        } srun_pending[4];
        int sruns;                /* srun allocations made (their job ids follow the job's) */
        double timeout_s;         /* the job's NCCL collective timeout (TORCH_NCCL timeout) */
        uint64_t no_gdr_nodes;    /* its nodes without nvidia_peermem when it started (NCCL
                                     decides GPUDirect RDMA at init: a module loaded later
                                     helps the next job, not this one) */
        /* the steps' timeline: segments of constant nominal step time, the first at the lab's
         * start (run.c) */
        double origin_s;          /* when the run's first step started (0: the lab's start) */
        double traffic_from_s;    /* the job's port traffic before this is in the ports' start
                                     counters (emu_hca_fold_job_traffic); 0: none folded */
        int n_segments;
        int n_past;               /* the build's changes of pace before the lab (a past fault's
                                     onset or end while the job ran), segments[0..n_past - 1]
                                     until the first retime lays them out (run.c) */
        int segments_cap;         /* allocated: the array grows with each retime (run.c), so
                                     no step ever loses the time it ran at */
        struct emu_run_segment {
            double time_s;        /* when this step started */
            long step;
            double step_ms;       /* the nominal step time from there */
            emu_step_base base;   /* the per-rank values of its steps (a repair or a fault's
                                     onset starts a new segment, and the steps before it keep
                                     the values they ran with: job.c) */
        } *segments;              /* owned by the world: emu_world_free releases it */
    } run;
    /* The leaves' uplinks (fabric.c): per leaf and uplink u two slots (index 2 (leaf x
     * uplinks_per_leaf + u): what went up it, + 1: what came down), n of them in each of three
     * sections of words: the job ring's words until the last emu_hca_fold_job_traffic (so a
     * switch's uplink counters keep the old run's share when the fold starts the ports' job
     * traffic from zero), the earlier jobs' words since the last clear, and the counters now (a
     * cache, see cache.uplinks_epoch). n 0: not filled yet; cap: doubles allocated. Owned by the
     * world and kept across rebuilds (emptied), as the run's segments are. */
    struct {
        double *words;
        int n, cap;
    } uplinks;
    /* The current per-rank step values, kept by emu_world_refresh. */
    emu_step_base step_base;
    /* Step summaries already computed (by step number modulo the size), so the sixteen rank logs
     * of one step need its all-rank pass once: cleared by emu_world_refresh. */
    struct {
        bool valid;
        long step;
        double last_arrival_ms, allreduce_ms, step_ms;
        uint64_t jitter[3];       /* the step's samplers of compute, batch wait and its floor
                                     (rng.h's emu_sampler), for each rank's line */
    } step_summary[64];
    /* The state's epoch: emu_world_changed moves it on wherever something a derived cache below
     * reads may change (each command's step of the clock, each refresh, each repair, each fault's
     * onset or end), and a cache filled in one epoch holds for that epoch only. */
    unsigned long epoch;
    /* The steps of the clock as the SW Power Capping counters need them (telemetry.c's
     * emu_capping_step): each GPU settles the seconds that left its window of exact seconds
     * lazily, when it is read or folded, as the eager settle at every step would have. */
    struct {
        bool started;               /* a step has been taken */
        double frontier_s;          /* every GPU's seconds before it are settled (or due) */
        int n_gaps;
        double gaps[16][2];         /* [from, to): seconds no step saw in its exact window */
    } capping;
    /* The changes of state alone: emu_world_changed moves it with the epoch, but a command's step
     * of the clock does not (emu_world_new_command): what depends on the state and not on the
     * clock may be kept across commands by it (the rank logs' text below). */
    unsigned long state_epoch;
    struct {
        unsigned long stop_epoch;   /* 1 + the epoch stop was found in, 0: not yet */
        bool stops;
        emu_run_stop stop;          /* emu_run_stop_of's answer (run.c) */
        unsigned long ranks_epoch;  /* 1 + the epoch ranks_on_node was counted in, 0: not yet */
        short ranks_on_node[EMU_MAX_NODES]; /* the job's ranks on each node (job.c) */
        /* model/hca.c's: each node's job words per compute port since the traffic's start
         * (emu_hca_job_words), for the epoch, clock and fold they were found at; < 0: not yet */
        unsigned long job_words_epoch; /* 1 + that epoch, 0: none */
        unsigned long ring_epoch;   /* 1 + the epoch ring_pos was filled in, 0: not yet */
        short ring_pos[EMU_MAX_NODES]; /* each node's place in the job's ring, -1: not in it */
        double job_words_now_s, job_words_from_s;
        double job_words[EMU_MAX_NODES];
        unsigned long uplinks_epoch; /* 1 + the epoch uplinks' counters now were summed in, 0: not
                                        yet; with the clock they were summed at */
        double uplinks_now_s;
        unsigned long save_epoch;   /* 1 + the epoch save_s was found in, 0: not yet */
        double save_s;              /* emu_run_save_s's answer (run.c) */
        /* tools/files.c's: the saves the checkpoint directory lists (emu_job_checkpoints) and
         * each one's emu_checkpoint_save_state; every path under it is checked against them */
        unsigned long saves_epoch;  /* 1 + the epoch the saves were listed in, 0: not yet */
        double saves_now_s;         /* and the clock they were listed at: a later save or its
                                       end shows as the clock moves, also within an epoch */
        int n_saves;
        long saves_latest;
        long saves[64];
        signed char save_state[64];
        /* tools/train_log.c's: the text every rank's log line of one step shares (the step's
         * end stamp, its number, its all-reduce and step times), for the steps the logs show:
         * one `grep` of 512 rank logs writes each step's 512 times */
        unsigned long rank_log_epoch; /* 1 + the epoch they were written in, 0: none */
        long rank_log_first;          /* the step of rank_log[0] */
        struct {
            bool filled;
            char stamp[48];           /* "2026-08-02T12:11:48.123Z rank=" */
            char step[48];            /* " step=63781 batch_wait_ms=" */
            char tail[96];            /* " allreduce_ms=80.6 step_ms=4493.0\n" */
        } rank_log[32];
        /* tools/train_log.c's: each rank log's whole text, for the state (state_epoch) and the
         * steps it shows (first to until - 1): a step's line is written when it ends and never
         * changes, so later commands read the same text until the state changes or a step
         * ends; one `grep` of 512 rank logs at 64 nodes spent most of its time writing them.
         * world_size entries, allocated on the first read (owned: emu_world_free). */
        struct emu_rank_log_text {
            unsigned long state_epoch; /* 1 + the state epoch it was written in, 0: none */
            long first, until;
            size_t len;
            char *text;               /* an emu_out's buffer, taken over (NULL: empty) */
        } *rank_logs;
        int n_rank_logs;
    } cache;
};

/* Every derived cache of the world is refilled after this: call it after changing the state
 * (the model's own mutators do: repair.c, faults.c, timeline.c, emu_world_refresh). */
static inline void emu_world_changed(emu_world *world)
{
    world->epoch++;
    world->state_epoch++;
}

/* A new command's epoch (emu_world_advance): no cache outlives a command, but state_epoch stays,
 * since the clock's step is no change of state (what follows from the clock is its function). */
static inline void emu_world_new_command(emu_world *world)
{
    world->epoch++;
}

/* Frees the rank logs' kept text (emu_world_free, and a rebuild of the world). */
void emu_world_free_rank_logs(emu_world *world);

/* The caches of a world are filled by functions that read it (emu_run_stop_of takes a const
 * world): the one part of a world a reader writes. Worlds are always allocated writable
 * (model.h), so this cast is sound. */
static inline emu_world *emu_world_caches(const emu_world *world)
{
    return (emu_world *)world;
}

/* true: every cache is bypassed and each figure computed afresh (the test that the caches never
 * change an output, tests/emulator/test_caches.c). false by default. */
extern bool emu_world_caches_off;

/* true (the default): each command's step of the clock (emu_world_advance) starts a new epoch,
 * so no cache outlives a command. false only in tests/emulator/test_caches.c: the caches then
 * live as long as the mutators' own emu_world_changed lets them, which shows a mutator that
 * forgets it (a state change the per-command epoch would otherwise hide). */
extern bool emu_world_epoch_per_command;

/* ---- building and reading the world ---------------------------------------------------------- */

/* Builds the world's state from a scenario into *world (every field overwritten but the node
 * array, which is reused or grown). seed 0 keeps the scenario's seed. catalog (may be NULL) is
 * what `lab list/start` offer; it and the scenario must outlive the world. Derived caches are
 * left invalid: model.h's emu_world_new and emu_world_reset build and then refresh them.
 * Returns 0, or -1 when out of memory (the world is then unchanged). */
int emu_world_build(emu_world *world, const emu_catalog *catalog, const emu_scenario *scenario,
                    uint64_t seed);

/* The index of the node called `name` ("node02"), or -1. */
int emu_world_find_node(const emu_world *world, const char *name);

/* Seconds from a kernel's start to sshd answering (systemd brings up the network, mounts and
 * sshd; a modelling choice for a DGX-class host). */
#define EMU_SSH_UP_S 40.0

/* Whether a node answers on the network: its host is on, not hung, and booted far enough for
 * sshd (EMU_SSH_UP_S after its kernel started); ssh to it fails otherwise. */
bool emu_node_reachable(const emu_world *world, int node);

/* Appends the SEL records a power-off at off_s and a power-on at on_s leave (UTC epoch seconds,
 * off_s <= on_s, at or after the node's last SEL record; a negative time: no such record): the
 * ACPI state sensor's S5/G2 soft-off and S0/G0 working, as at every boot. A full SEL keeps what
 * it has. */
void emu_bmc_power_trail(emu_node *node, double off_s, double on_s);

/* Advances the simulated clock by seconds (>= 0). Counters that grow with time (NVLink replays,
 * symbol errors, xmit_wait, job steps) are functions of the clock, so this is all it takes. */
void emu_world_advance(emu_world *world, double seconds);


/* The rank on (node, gpu), or -1 when none. */
int emu_job_rank_of(const emu_world *world, int node, int gpu);

#endif
