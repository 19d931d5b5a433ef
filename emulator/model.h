/* model.h: the simulated training cluster (nodes, GPUs, links, HCAs, storage, BMCs, the job,
 * the faults and the lab state) and the derived quantities every tool computes its output from.
 *
 * Ownership: an emu_world is one allocation of fixed-size arrays (plus, in a session opened
 * without a lab, its own built-in scenario); emu_world_free releases all of it. Scenarios belong
 * to their catalog (emu.h) and must outlive the worlds built from them. Tools read the world
 * through the structs below and the derived functions; a tool that changes the state (a power
 * action) calls emu_world_refresh afterwards.
 *
 * Units are in the names: _c (degrees Celsius), _w (watts), _mhz, _mib (2^20 bytes), _bytes,
 * _gbit_per_s (gigabits per second, link rates), _gb_per_s (gigabytes per second, 1e9 bytes,
 * bandwidths as nccl-tests reports them), _mb_per_s (1e6 bytes per second, storage), _ms, _us,
 * _s (seconds; absolute times are UTC seconds since the Unix epoch, as doubles). */
#ifndef EMU_MODEL_H
#define EMU_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "command.h"
#include "emu.h"

/* ---- limits (fixed so that a world is one bounded allocation) -------------------------------- */
#define EMU_MAX_NODES 16
#define EMU_MAX_GPUS 8        /* per node */
#define EMU_MAX_NVLINKS 18    /* per GPU (H100: 18 NVLink4 links; A100: 12 NVLink3 links) */
#define EMU_MAX_HCAS 12       /* per node, compute and storage ports together */
#define EMU_MAX_SWITCHES 8    /* PCIe switches per node */
#define EMU_MAX_NUMA 2        /* NUMA nodes per host */
#define EMU_MAX_XIDS 8        /* Xid history kept per GPU */
#define EMU_MAX_KLOG 48       /* kernel log lines kept per node (besides the boot lines) */
#define EMU_MAX_SEL 24        /* SEL entries per BMC */
#define EMU_MAX_MOUNTS 6
#define EMU_MAX_FAULTS 24
#define EMU_MAX_RANKS (EMU_MAX_NODES * EMU_MAX_GPUS)
#define EMU_NAME_MAX 32
#define EMU_TEXT_MAX 256

/* ---- GPU model profiles ------------------------------------------------------------------------ */

/* Published figures of one GPU model. Sources: NVIDIA H100 and A100 datasheets (clocks, power,
 * memory, NVLink counts); nvidia-smi -q captures collected in tool-formats.md sections 1-2 (limits,
 * temperatures, MiB totals); nccl-tests issues 212 and 290 (measured single-node ring busbw). */
typedef struct emu_gpu_spec {
    const char *name;            /* as nvidia-smi prints it: "NVIDIA H100 80GB HBM3" */
    const char *short_name;      /* "H100", the scenario's cluster.gpu value */
    const char *device_id;       /* PCI device id, as dcgmi diag lists it: "2330" */
    int max_sm_clock_mhz;        /* 1980 (H100 SXM), 1410 (A100 SXM) */
    int idle_sm_clock_mhz;       /* what an idle GPU reports, e.g. 345 */
    int mem_clock_mhz;           /* 2619 (H100 HBM3), 1593 (A100 80GB) */
    int max_video_clock_mhz;     /* 1545 (H100) */
    double power_limit_w;        /* default enforced limit: 700 (H100 SXM), 400 (A100 SXM) */
    double min_power_limit_w;    /* 200 (H100), 100 (A100) */
    double idle_power_w;         /* about 70 (H100), 60 (A100) */
    double static_power_w;       /* the part of power that does not scale with clock */
    double full_load_power_w;    /* draw at max clock under a dense training kernel */
    double memory_total_mib;     /* 81559 (H100 80GB), 81920 (A100 80GB) */
    int nvlinks;                 /* 18 (H100), 12 (A100) */
    double nvlink_gb_per_s;      /* per link, per direction: 26.562 (NVLink4), 25 (NVLink3) */
    double ring_busbw_gb_per_s;  /* measured 8-GPU ring all-reduce busbw at 8 GB: ~360 / ~230 */
    double temp_shutdown_c;      /* 92 */
    double temp_slowdown_c;      /* 89: hardware thermal slowdown engages */
    double temp_max_operating_c; /* 87 (H100), 85 (A100): software thermal slowdown above it */
    double temp_mem_max_c;       /* 95 */
    int pcie_gen;                /* 5 (H100), 4 (A100) */
    double dense_bf16_tflops;    /* 989 (H100 SXM), 312 (A100): for MFU and step-time figures */
} emu_gpu_spec;

/* The profile for a short name ("H100", "A100"), or NULL when unknown. */
const emu_gpu_spec *emu_gpu_spec_find(const char *short_name);

/* ---- the cluster ------------------------------------------------------------------------------- */

/* NVML clock-event reason bits (docs.nvidia.com/deploy/nvml-api, nvmlClocksEventReasons). */
enum {
    EMU_CER_GPU_IDLE = 0x1,
    EMU_CER_APP_CLOCKS = 0x2,
    EMU_CER_SW_POWER_CAP = 0x4,
    EMU_CER_HW_SLOWDOWN = 0x8,
    EMU_CER_SYNC_BOOST = 0x10,
    EMU_CER_SW_THERMAL = 0x20,
    EMU_CER_HW_THERMAL = 0x40,
    EMU_CER_HW_POWER_BRAKE = 0x80,
    EMU_CER_DISPLAY_CLOCK = 0x100
};

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
    double power_limit_w;              /* enforced limit (a power-cap fault lowers it) */
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
    char netdev[16];              /* "ibp24s0" (IB) or "enp41s0f0np0" (Ethernet) */
    char bus_id[16];              /* "0000:18:00.0" */
    bool compute;                 /* a training-fabric rail (used by NCCL), else storage/front end */
    bool ethernet;                /* link layer Ethernet (RoCE/storage) instead of InfiniBand */
    int rail;                     /* rail number 0-7 for compute HCAs, -1 otherwise */
    int numa_node;
    int pcie_switch;              /* index into emu_node.switches, -1 when on the root complex */
    enum emu_port_state state;
    enum emu_phys_state phys_state;
    int rate_gbit_per_s;          /* negotiated: 400 (NDR 4X), 200 (HDR 4X), 100 ... */
    int expected_rate_gbit_per_s; /* what the port should run at */
    int width;                    /* lanes: 4 for 4X, 2 for 2X, 1 for 1X */
    int lid, sm_lid;
    uint64_t guid;
    char fw_ver[16];              /* "28.41.1000" */
    const char *ca_type;          /* "MT4129" (ConnectX-7), "MT4123" (ConnectX-6) */
    int vendor_part_id;           /* PCI device id: 4129 ConnectX-7, 4123 ConnectX-6, 4125 ConnectX-6 Dx */
    emu_hca_counters counters;    /* as of the world's start; see emu_hca_counters_now() */
    double symbol_error_rate_per_s; /* > 0: a marginal link keeps counting */
    double collision_xmit_wait_per_s; /* > 0: a routing collision keeps xmit_wait climbing */
} emu_hca;

typedef struct emu_pcie_switch {
    char bus[8];                  /* upstream bus, e.g. "18" */
    int numa_node;
    bool acs_redirect;            /* ACSCtl ReqRedir+ CmpltRedir+: P2P forced through the root */
} emu_pcie_switch;

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
    bool verbs_available;         /* libibverbs loadable: false makes NCCL fall back to sockets */
    int loader_cpus;              /* CPUs left for data-loader workers (cpuset), 0 = all */
    emu_klog klog[EMU_MAX_KLOG];  /* kernel messages after boot, in time order */
    int n_klog;
    emu_bmc bmc;
} emu_node;

/* ---- storage ----------------------------------------------------------------------------------- */

typedef struct emu_mount {
    char name[EMU_NAME_MAX];      /* scenario key: "data", "checkpoints" */
    char source[64];              /* "10.0.0.5:/export/data" or "/dev/nvme0n1p1" */
    char target[48];              /* "/data" */
    char fstype[16];              /* "nfs4", "lustre", "ext4" */
    char options[200];            /* mount options as `mount` prints them */
    char device[16];              /* block device for iostat ("nvme0n1"), "" for network mounts */
    double size_bytes;
    double used_bytes;
    double read_mb_per_s;         /* aggregate throughput the target serves with no contention */
    double write_mb_per_s;        /* aggregate write throughput */
    double metadata_latency_ms;   /* per open/stat with no contention */
    int competing_writers;        /* checkpoint writers (other jobs or this one) writing now */
    double writer_mb_per_s;       /* demand of each competing writer */
    bool shared;                  /* network/parallel file system seen by every node */
} emu_mount;

/* ---- the job ----------------------------------------------------------------------------------- */

typedef struct emu_rank_loc {
    int node;                     /* node index */
    int gpu;                      /* GPU within the node */
} emu_rank_loc;

typedef struct emu_job {
    bool present;
    int id;                       /* Slurm job id */
    char name[EMU_NAME_MAX];
    char user[EMU_NAME_MAX];
    char partition[EMU_NAME_MAX];
    double start_time_s;          /* when it started (UTC epoch) */
    int n_nodes;
    int nodes[EMU_MAX_NODES];     /* node indices, in rank order */
    int world_size;               /* ranks = n_nodes * gpus_per_node */
    emu_rank_loc ranks[EMU_MAX_RANKS];
    int dp, tp, pp;               /* dp * tp * pp == world_size */
    double model_params_b;        /* billions of parameters */
    int micro_batch;              /* sequences per micro-batch per rank */
    int grad_accum;               /* micro-batches per step */
    int seq_len;                  /* tokens per sequence */
    int global_batch;             /* sequences per step = micro_batch * grad_accum * dp */
    double compute_ms;            /* forward+backward per step per rank at full clock */
    double optimizer_ms;          /* optimizer step at full clock */
    double grad_bytes;            /* bytes all-reduced per step across DP (bf16 grads: 2 * params/(tp*pp)) */
    int loader_workers;           /* DataLoader workers per rank */
    double sample_bytes;          /* bytes read from the input mount per sequence */
    double files_per_sample;      /* opens/stats per sequence (small files > 1) */
    double decode_ms_per_sample;  /* CPU time per sequence in a loader worker */
    int input_mount;              /* index into world.mounts, -1 for none */
    int checkpoint_mount;         /* index into world.mounts, -1 for none */
    long start_step;              /* step number at start_time_s */
    double start_loss;
    int checkpoint_interval;      /* steps, 0 = none */
    char log_path[48];            /* "train.log" */
    double nominal_step_ms;       /* step time without jitter, set when the world is built */
    /* NCCL environment the job runs with (from the scenario; "" = unset) */
    char nccl_ib_hca[64];
    char nccl_socket_ifname[32];
    bool nccl_ib_disable;
} emu_job;

/* ---- faults ------------------------------------------------------------------------------------- */

/* Every fault kind the scenario language supports (content/labs/README.md documents each).
 * Applying a fault changes the model's state; the tools then show it through the derived
 * quantities, so no tool tests for a fault kind directly. */
typedef enum emu_fault_kind {
    EMU_FAULT_HCA_DEGRADED = 1,      /* node, hca, rate_gbit_per_s, width: port trained lower */
    EMU_FAULT_HCA_DOWN,              /* node, hca: port down (Polling) */
    EMU_FAULT_LINK_ERRORS,           /* node, hca, rate (symbol errors per second) */
    EMU_FAULT_NCCL_IB_DISABLED,      /* the job runs with NCCL_IB_DISABLE=1 */
    EMU_FAULT_NCCL_HCA_MISMATCH,     /* the job's NCCL_IB_HCA names HCAs that do not exist */
    EMU_FAULT_VERBS_MISSING,         /* node: libibverbs cannot be loaded */
    EMU_FAULT_GDR_UNAVAILABLE,       /* node: nvidia_peermem not loaded */
    EMU_FAULT_ACS_REDIRECT,          /* node, switch: PCIe ACS redirects peer traffic */
    EMU_FAULT_GPU_THERMAL,           /* node, gpu, temp_c: held at a temperature past slowdown */
    EMU_FAULT_GPU_POWER_CAP,         /* node, gpu, limit_w: enforced power limit lowered */
    EMU_FAULT_GPU_POWER_BRAKE,       /* node, gpu: external power brake from the BMC */
    EMU_FAULT_XID,                   /* node, gpu, code, [ago_s]: an Xid in the kernel log;
                                        79 also takes the GPU off the bus */
    EMU_FAULT_ECC_ERRORS,            /* node, gpu, correctable, uncorrectable */
    EMU_FAULT_ROW_REMAP_PENDING,     /* node, gpu: a row marked for remapping, reset pending */
    EMU_FAULT_NVLINK_DOWN,           /* node, gpu, link: one NVLink inactive */
    EMU_FAULT_NVLINK_ERRORS,         /* node, gpu, link, rate: replay/recovery counters climb */
    EMU_FAULT_FABRIC_MANAGER_DOWN,   /* node: nvidia-fabricmanager not running */
    EMU_FAULT_CHECKPOINT_WRITERS,    /* mount, count, rate_mb_per_s: competing writers */
    EMU_FAULT_METADATA_LATENCY,      /* mount, latency_ms */
    EMU_FAULT_STORAGE_FULL,          /* mount: 100% used, writes fail with ENOSPC */
    EMU_FAULT_LOADER_CPU_STARVED,    /* node, cpus: loader workers limited to this many CPUs */
    EMU_FAULT_ROUTING_COLLISION,     /* node, peer: flows between the pair share an uplink */
    EMU_FAULT_BMC_UNREACHABLE,       /* node */
    EMU_FAULT_BMC_STALE_POWER,       /* node: BMC says on while the host is off */
    EMU_FAULT_SEL_EVENT,             /* node, sensor, event, [reading], [ago_s] */
    EMU_FAULT_KIND_COUNT
} emu_fault_kind;

typedef struct emu_fault {
    emu_fault_kind kind;
    int node;                     /* node index, -1 when not applicable */
    int peer;                     /* second node (routing collision), -1 otherwise */
    int gpu;                      /* -1 when not applicable */
    int hca;                      /* index into the node's hcas, -1 when not applicable */
    int link;                     /* NVLink index, or PCIe switch index for ACS */
    int mount;                    /* index into world.mounts, -1 when not applicable */
    int code;                     /* Xid code */
    int count;                    /* writers, CPUs, lanes (width) */
    double value;                 /* rate_gbit_per_s, temp_c, limit_w, latency_ms, rate ... */
    double value2;                /* uncorrectable count (ECC) */
    double ago_s;                 /* how long before the start time the event happened */
    char text[EMU_TEXT_MAX];      /* SEL sensor name */
    char text2[EMU_TEXT_MAX];     /* SEL event text */
    char text3[EMU_TEXT_MAX];     /* SEL reading */
} emu_fault;

/* The scenario name of a fault kind ("hca_degraded"), or NULL when out of range. */
const char *emu_fault_kind_name(emu_fault_kind kind);

/* ---- the lab ------------------------------------------------------------------------------------ */

typedef struct emu_scenario emu_scenario; /* parsed scenario, owned by its catalog (scenario.c) */

enum emu_question { EMU_QUESTION_NONE = 0, EMU_QUESTION_REVEAL_SOLUTION = 1 };

typedef struct emu_lab_state {
    bool active;                  /* a lab is started (false in a bare session) */
    int hints_shown;              /* how many hints `hint` has given */
    int answers_tried;
    bool solved;                  /* answered right */
    bool revealed;                /* the worked solution was shown: not solved by the learner */
    bool solved_pending_flag;     /* set by a right answer, taken once by emu_lab_take_solved */
    bool lab_changed;             /* `lab start`/`lab restart` rebuilt the world */
    enum emu_question question;   /* a pending y/N question the next line answers */
    char question_topic[EMU_NAME_MAX];
} emu_lab_state;

/* ---- the world ---------------------------------------------------------------------------------- */

struct emu_world {
    const emu_catalog *catalog;   /* borrowed: the labs `lab list` and `lab start` can reach */
    const emu_scenario *scenario; /* borrowed from the catalog (or the world's own default) */
    emu_scenario *own_scenario;   /* the built-in healthy cluster when no lab is open; owned */
    uint64_t seed;
    uint64_t seed_override;       /* the host's seed (0: each scenario's own), kept across labs */
    double start_time_s;          /* scenario start (UTC epoch seconds) */
    double now_s;                 /* simulated clock */
    unsigned long commands_run;
    const emu_gpu_spec *spec;
    char cluster_name[EMU_NAME_MAX];
    int n_nodes;
    emu_node nodes[EMU_MAX_NODES];
    int n_mounts;
    emu_mount mounts[EMU_MAX_MOUNTS];
    emu_job job;
    int n_faults;
    emu_fault faults[EMU_MAX_FAULTS];
    char kernel_release[32];      /* "6.8.0-60-generic": uname -r of every node */
    char driver_version[16];      /* "570.133.20" */
    char cuda_version[8];         /* "12.8" */
    char nccl_version[24];        /* "2.21.5+cuda12.4" */
    char dcgm_version[12];        /* "3.3.9" */
    emu_lab_state lab;
    /* Per-rank step values without jitter, kept by emu_world_refresh: every step's timing (the
     * step log, the rank logs, utilisation) starts from them, so reading a long log stays cheap. */
    struct {
        bool valid;
        double compute_ms[EMU_MAX_RANKS];
        double batch_wait_ms[EMU_MAX_RANKS];
        double allreduce_ms;
        double optimizer_ms;
    } step_base;
    /* Step summaries already computed (by step number modulo the size), so the sixteen rank logs
     * of one step need its all-rank pass once: cleared by emu_world_refresh. */
    struct {
        bool valid;
        long step;
        double last_arrival_ms, allreduce_ms, step_ms;
    } step_summary[64];
};

/* ---- lifecycle ---------------------------------------------------------------------------------- */

/* Builds a world from a scenario (NULL: the built-in healthy two-node H100 cluster, no lab).
 * seed 0 keeps the scenario's seed. catalog (may be NULL) is what `lab list/start` offer; it and
 * the scenario must outlive the world. Returns NULL with *error set (malloc'd, caller frees) when
 * out of memory. Free with emu_world_free. */
emu_world *emu_world_new(const emu_catalog *catalog, const emu_scenario *scenario, uint64_t seed,
                         char **error);

/* Rebuilds the world in place from another scenario (for `lab start` and `lab restart`); the
 * pointer stays valid. Sets lab.lab_changed. Returns 0, or -1 (world unchanged) on failure. */
int emu_world_reset(emu_world *world, const emu_scenario *scenario, uint64_t seed);

/* Frees the world. NULL is allowed. */
void emu_world_free(emu_world *world);

/* The index of the node called `name` ("node02"), or -1. */
int emu_world_find_node(const emu_world *world, const char *name);

/* Recomputes what is derived from the state and cached (the job's per-rank step values and its
 * nominal step time). Call it after changing the state (e.g. a power action); the world's
 * builders call it themselves. */
void emu_world_refresh(emu_world *world);

/* Whether a node answers on the network (its host is powered on): ssh to it fails otherwise. */
bool emu_node_reachable(const emu_world *world, int node);

/* Advances the simulated clock by seconds (>= 0). Counters that grow with time (NVLink replays,
 * symbol errors, xmit_wait, job steps) are functions of the clock, so this is all it takes. */
void emu_world_advance(emu_world *world, double seconds);

/* How many seconds a command takes, deterministic from the seed and the clock: base_s plus up to
 * spread_s of jitter. Tools call emu_world_advance(world, emu_command_seconds(world, 2, 3)). */
double emu_command_seconds(const emu_world *world, double base_s, double spread_s);

/* A deterministic sample in [-1, 1] from the seed, the current simulated second, a key and two
 * indices (e.g. "temp", node, gpu). Same world state and arguments, same value. */
double emu_sample(const emu_world *world, const char *key, int a, int b);

/* The same, at an explicit tick (e.g. a step number) instead of the current second. */
double emu_sample_at(const emu_world *world, uint64_t tick, const char *key, int a, int b);

/* A 64-bit hash (splitmix64 finalizer over the inputs); used for GUIDs, UUIDs, pids. */
uint64_t emu_hash(uint64_t seed, const char *key, uint64_t a, uint64_t b);

/* Formats UTC epoch seconds with strftime (e.g. "%Y/%m/%d %H:%M:%S"); writes "" on failure. */
void emu_format_utc(double time_s, const char *format, char *buf, size_t size);

/* ---- GPUs: clocks, temperature, power ---------------------------------------------------------- */

/* Whether a GPU fell off the bus (Xid 79): tools cannot reach it. */
bool emu_gpu_lost(const emu_world *world, int node, int gpu);

/* Whether the job keeps this GPU busy (it holds a rank and the job is running). */
bool emu_gpu_busy(const emu_world *world, int node, int gpu);

/* The SM clock in MHz. Busy GPUs run at max clock unless held down: power brake (~380 MHz, as
 * seen in the field: tool-formats.md section 2), hardware thermal slowdown at or above the
 * slowdown temperature (clocks cut by half or more: NVML docs, HwSlowdown), software thermal
 * slowdown above the max operating temperature, and the power cap (dynamic power ~ f^3 under
 * DVFS since P = C V^2 f with V roughly proportional to f). Idle GPUs report idle_sm_clock_mhz. */
int emu_gpu_sm_clock_mhz(const emu_world *world, int node, int gpu);

/* Since when (UTC epoch seconds) the GPU's current clock-event reasons have held its clocks:
 * the time of the thermal, power-cap or power-brake fault, else shortly after boot. The
 * violation counters (nvidia-smi's Clocks Event Reasons Counters, dcgmi's PVIOL/TVIOL) count
 * from it. */
double emu_gpu_reasons_since_s(const emu_world *world, int node, int gpu);

/* The active clock-event reasons as EMU_CER_* bits (what -q and clocks_event_reasons show). */
uint32_t emu_gpu_clock_event_reasons(const emu_world *world, int node, int gpu);

/* Power draw in W: static + dynamic * (f / fmax)^3 when busy, idle power otherwise, clipped to
 * the limit, with a small deterministic jitter. */
double emu_gpu_power_draw_w(const emu_world *world, int node, int gpu);

/* GPU temperature in C: the thermal fault's temperature, else inlet + thermal_c_per_w * power. */
double emu_gpu_temp_c(const emu_world *world, int node, int gpu);

/* Memory temperature in C (HBM runs a few degrees above the die under load), kept 3 C under the
 * spec's max operating temperature (no scenario fault overheats the memory itself). */
double emu_gpu_mem_temp_c(const emu_world *world, int node, int gpu);

/* GPU utilisation in percent over the last sample: the share of the step the GPU computes
 * (a rank waiting for input or for a late peer in a collective still shows kernels, so waits
 * for data lower it and waits in all-reduce do not). */
int emu_gpu_util_pct(const emu_world *world, int node, int gpu);

/* Compute slowdown factor of a GPU relative to max clock (>= 1): fmax / f. Compute-bound kernels
 * take this much longer. */
double emu_gpu_slowdown(const emu_world *world, int node, int gpu);

/* NVLink counters now (start value plus error_rate_per_s * elapsed). which: 0 replay,
 * 1 recovery, 2 crc. */
uint64_t emu_nvlink_counter(const emu_world *world, int node, int gpu, int link, int which);

/* Number of active NVLinks of a GPU. */
int emu_gpu_links_up(const emu_world *world, int node, int gpu);

/* The fabric state nvidia-smi -q prints: "Completed" when Fabric Manager runs, "In Progress"
 * when it does not (GPUs wait for it and cannot use NVLink P2P). */
const char *emu_gpu_fabric_state(const emu_world *world, int node);

/* ---- HCAs --------------------------------------------------------------------------------------- */

/* The HCA named `name` ("mlx5_3") on a node, or -1. */
int emu_node_find_hca(const emu_world *world, int node, const char *name);

/* The HCA whose netdev is `netdev` on a node, or -1. */
int emu_node_find_netdev(const emu_world *world, int node, const char *netdev);

/* Counters now: the start values plus what grows with simulated time (traffic of a running job,
 * symbol errors of a marginal link, xmit_wait of a collision). Written into *out. */
void emu_hca_counters_now(const emu_world *world, int node, int hca, emu_hca_counters *out);

/* The IB speed name of a rate per lane set: "NDR" (400 Gb/s at 4X), "HDR", "EDR", ... */
const char *emu_hca_speed_name(const emu_hca *hca);

/* ---- NCCL and the all-reduce model -------------------------------------------------------------- */

/* NCCL environment variables that change transport selection ("" or NULL = unset). */
typedef struct emu_nccl_env {
    const char *ib_hca;           /* NCCL_IB_HCA: prefix match, "=" prefix for exact, "^" exclude */
    const char *socket_ifname;    /* NCCL_SOCKET_IFNAME */
    const char *net;              /* NCCL_NET: "IB" or "Socket" */
    const char *algo;             /* NCCL_ALGO */
    bool ib_disable;              /* NCCL_IB_DISABLE=1 */
    bool p2p_disable;             /* NCCL_P2P_DISABLE=1 */
    int gdr_level;                /* NCCL_NET_GDR_LEVEL as a distance, -1 unset */
} emu_nccl_env;

/* Fills env from a command's environment (context->getenv). */
void emu_nccl_env_from_context(const emu_context *context, emu_nccl_env *env);

/* Fills env from the training job's own settings (the scenario's job section and faults). */
void emu_nccl_env_from_job(const emu_world *world, emu_nccl_env *env);

typedef enum emu_transport {
    EMU_TRANSPORT_NONE = 0,       /* a single rank: no communication */
    EMU_TRANSPORT_P2P,            /* NVLink through NVSwitch (intra-node) */
    EMU_TRANSPORT_SHM,            /* through host memory (P2P disabled or no NVLink) */
    EMU_TRANSPORT_NET_IB,         /* InfiniBand verbs between nodes */
    EMU_TRANSPORT_NET_SOCKET      /* TCP sockets between nodes */
} emu_transport;

/* Why NCCL did not use IB between nodes (for the INFO/WARN lines emu-net prints). */
typedef enum emu_ib_fallback {
    EMU_FALLBACK_NONE = 0,
    EMU_FALLBACK_IB_DISABLED,     /* NCCL_IB_DISABLE=1 or NCCL_NET=Socket */
    EMU_FALLBACK_NO_DEVICE,       /* NCCL_IB_HCA matched no active port: "NET/IB : No device found." */
    EMU_FALLBACK_NO_VERBS         /* libibverbs missing: "Failed to open libibverbs.so[.1]" */
} emu_ib_fallback;

/* The communicator NCCL would build for a set of ranks: transports, HCAs, and the bottleneck.
 * All bandwidths are GB/s (1e9 bytes/s), in bus-bandwidth terms (what busbw converges to for
 * large messages). */
typedef struct emu_nccl_plan {
    int nranks;
    emu_rank_loc ranks[EMU_MAX_RANKS];
    int n_nodes;                          /* distinct nodes among the ranks */
    int nodes[EMU_MAX_NODES];             /* their indices, in ring order */
    int ranks_per_node;                   /* the smallest count on any node */
    emu_transport intra;                  /* P2P or SHM (NONE with one rank per node) */
    emu_transport inter;                  /* NET_IB or NET_SOCKET (NONE with one node) */
    emu_ib_fallback fallback;
    bool gdr[EMU_MAX_NODES];              /* per plan node: GPUDirect RDMA in use */
    uint32_t hca_mask[EMU_MAX_NODES];     /* per plan node: bit i = node's hcas[i] used */
    int n_channels;
    double intra_bw_gb_per_s;             /* slowest intra-node ring edge */
    double inter_bw_gb_per_s;             /* slowest inter-node crossing (all rails together) */
    double bw_gb_per_s;                   /* min of the two: the ring's slowest link */
    double alpha_us;                      /* latency per ring step */
    int slow_node;                        /* plan-node index holding the bottleneck, -1 none */
    int slow_hca;                         /* the node's HCA index at the bottleneck, -1 none */
    bool fabric_unavailable;              /* Fabric Manager down on some node: CUDA init fails */
    int fabric_node;                      /* node index where it is down, -1 */
} emu_nccl_plan;

/* Builds the plan for ranks (nranks >= 1, each a valid node/gpu) under env. Returns 0, or -1
 * when the arguments are invalid (plan zeroed). */
int emu_nccl_plan_make(const emu_world *world, const emu_rank_loc *ranks, int nranks,
                       const emu_nccl_env *env, emu_nccl_plan *plan);

/* Ring all-reduce time in microseconds, alpha-beta model:
 *   t = 2(n-1) * (alpha + (S/n) / B)
 * with n ranks, S bytes and B the ring's slowest link (plan->bw_gb_per_s). Source: the ring
 * all-reduce cost of Thakur, Rabenseifner and Gropp, "Optimization of Collective Communication
 * Operations in MPICH" (2005), and NVIDIA nccl-tests doc/PERFORMANCE.md. 0 for n = 1. */
double emu_allreduce_time_us(const emu_nccl_plan *plan, double size_bytes);

/* algbw = S / t, in GB/s (1e9 bytes/s); 0 when time_us <= 0. */
double emu_algbw_gb_per_s(double size_bytes, double time_us);

/* busbw = algbw * 2(n-1)/n for all-reduce (nccl-tests doc/PERFORMANCE.md); algbw for n <= 1. */
double emu_busbw_gb_per_s(double algbw_gb_per_s, int nranks);

/* ---- storage ------------------------------------------------------------------------------------ */

/* The mount whose target is `path` or contains it ("/data/shard-1" -> "/data"), or -1. */
int emu_world_find_mount(const emu_world *world, const char *path);

/* Read throughput left for readers (MB/s): the aggregate minus what competing writers take, never
 * below 5% of the aggregate (a server still interleaves some reads). */
double emu_mount_read_available_mb_per_s(const emu_world *world, int mount);

/* Metadata latency now (ms): the base latency, inflated by queueing behind writers' data. */
double emu_mount_metadata_latency_ms(const emu_world *world, int mount);

/* Total write throughput being served now (MB/s): competing writers, capped by write_mb_per_s. */
double emu_mount_write_now_mb_per_s(const emu_world *world, int mount);

/* ---- the job's step ------------------------------------------------------------------------------ */

/* One step, per rank, all times in ms from the step's start. */
typedef struct emu_step_timing {
    long step;
    int world_size;
    double batch_wait_ms[EMU_MAX_RANKS];      /* waiting for the next batch from the loader */
    double compute_ms[EMU_MAX_RANKS];         /* forward + backward on the rank's GPU */
    double arrival_ms[EMU_MAX_RANKS];         /* when the rank enters the gradient all-reduce */
    double collective_wait_ms[EMU_MAX_RANKS]; /* waiting in the all-reduce for the last rank */
    double allreduce_ms;                      /* the all-reduce itself once everyone arrived */
    double optimizer_ms;
    double step_ms;                           /* last arrival + all-reduce + optimizer */
    int last_rank;                            /* the rank that arrived last */
    double loss;
    double tokens_per_s;
    double tflops_per_gpu;                    /* 6 * params * tokens / step time / world size */
} emu_step_timing;

/* Per-rank batch wait in ms for the job's input path (0 when the loader keeps up). The loader
 * pipeline: W workers each fetch one micro-batch in T = bytes / read share + files * metadata
 * latency + decode / CPU share; they supply a micro-batch every T / W; the trainer consumes one
 * every compute_ms / grad_accum; the wait per micro-batch is the difference when positive. */
double emu_job_batch_wait_ms(const emu_world *world, int rank);

/* The step number the job is on at the world's clock. */
long emu_job_current_step(const emu_world *world);

/* Computes one step's timing (deterministic jitter from the step number). Step time is the slowest
 * rank's arrival plus the all-reduce plus the optimizer. Returns 0, or -1 with no job. */
int emu_job_step_timing(const emu_world *world, long step, emu_step_timing *out);

/* One rank's view of one step (ms from the step's start), the same values as in
 * emu_job_step_timing but computed for that rank alone plus a cached summary of the step. */
typedef struct emu_rank_step {
    double batch_wait_ms, compute_ms, arrival_ms, collective_wait_ms, allreduce_ms, step_ms;
} emu_rank_step;

/* Fills *out for rank at step (>= 0). Returns 0, or -1 with no job or a bad rank. Uses and fills
 * the world's step summary cache. */
int emu_job_rank_step(emu_world *world, long step, int rank, emu_rank_step *out);

/* The rank on (node, gpu), or -1 when none. */
int emu_job_rank_of(const emu_world *world, int node, int gpu);

/* The start time (UTC epoch seconds) of step `step`, from the nominal step time. */
double emu_job_step_start_s(const emu_world *world, long step);

/* ---- labs (labs.c) ------------------------------------------------------------------------------- */

/* Whether a y/N question is pending: the session then passes the next input line to
 * emu_lab_answer_question instead of running it. */
bool emu_lab_question_pending(const emu_world *world);

/* The prompt to show while a question is pending (e.g. "Reveal the worked solution? [y/N] "). */
const char *emu_lab_question_prompt(const emu_world *world);

/* Answers the pending question with the user's line; writes the result into out. */
void emu_lab_answer_question(emu_world *world, const char *line, emu_out *out);

/* Returns true once after a right `answer`, so the host can set EMU_RESULT_SOLVED. */
bool emu_lab_take_solved(emu_world *world);

/* Returns true once after `lab start`/`lab restart` rebuilt the world (the session then puts
 * the shell back on node01 and resets its state). */
bool emu_lab_take_changed(emu_world *world);

/* The lab's id, or "" without a lab. */
const char *emu_lab_id(const emu_world *world);

/* The greeting's lab paragraph (title and goal), "" without a lab; owned by the scenario. */
const char *emu_lab_title(const emu_world *world);
const char *emu_lab_goal(const emu_world *world);

/* ---- scenarios and the catalog (scenario.c) ------------------------------------------------------ */

/* The scenario of a lab id in the catalog, or NULL. */
const emu_scenario *emu_catalog_find(const emu_catalog *catalog, const char *id);

/* Number of scenarios, and the i-th in the order added (NULL when out of range). */
size_t emu_catalog_count(const emu_catalog *catalog);
const emu_scenario *emu_catalog_at(const emu_catalog *catalog, size_t i);

/* The scenario's id, title and one-line summary (owned by the scenario). */
const char *emu_scenario_id(const emu_scenario *scenario);
const char *emu_scenario_title(const emu_scenario *scenario);
const char *emu_scenario_summary(const emu_scenario *scenario);

/* ---- the tools table (tools.c) ------------------------------------------------------------------- */

/* The simulated files at an absolute, normalised path as the shell asks for them (train.log and
 * logs/rank-NN.log under /home/user, shared by every node). out (may be NULL) receives the file's
 * text, or a directory's entries one a line ("logs/" for subdirectories). Returns 0 (no such
 * path), 1 (a regular file) or 2 (a directory): the values of emu_file_kind in shell.h. */
int emu_world_file(emu_world *world, int node, const char *path, emu_out *out);

/* Called by the session before each tool or lab command runs: advances the simulated clock by
 * what the command takes (2-5 s for most, minutes for dcgmi diag -r 2 or a long all_reduce_perf
 * sweep: see tools.c). */
void emu_world_command_started(emu_world *world, int node, const char *name);

/* The tool or lab command called `name`, or NULL. Shell builtins are not in this table. */
const emu_command *emu_tools_find(const char *name);

/* All tool and lab commands, for help and completion; *count receives their number. */
const emu_command *const *emu_tools_list(size_t *count);

#endif
