/* description.h: the description of a simulated cluster and its lab, as a scenario file
 * (content/labs/ID.yaml) gives it: the hardware on top of a system type, storage, the job, the
 * faults and the lab text. scenario.c fills it from a document; layout.c and world.c build a
 * world from it; labs read its lab text. It knows nothing of worlds. */
#ifndef EMU_MODEL_DESCRIPTION_H
#define EMU_MODEL_DESCRIPTION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hardware.h"

/* ---- the cluster ------------------------------------------------------------------------------ */

/* One PCIe switch of a node and what is behind it. */
typedef struct emu_pcie_switch_desc {
    int numa;                     /* NUMA node of its root port */
    int n_gpus, gpus[EMU_MAX_GPUS];
    int n_cards, cards[EMU_MAX_COMPUTE_HCAS]; /* compute adapter cards (not ports) behind it */
} emu_pcie_switch_desc;

/* The training fabric: leaf switches under spines. */
typedef struct emu_fabric_desc {
    bool rail_optimized;          /* a leaf per rail: rail r of every node to rail r's leaves */
    int nodes_per_leaf;           /* nodes whose ports share one leaf (per rail when rail-optimized) */
    int uplinks_per_leaf;         /* leaf-to-spine links of one leaf; = nodes_per_leaf x ports
                                     per node on it for a non-blocking fat tree */
    bool sharp;                   /* the switches run SHARP (in-network reduction, CollNet) */
} emu_fabric_desc;

/* The hardware, as the scenario's cluster section describes it on top of a system type. */
typedef struct emu_cluster_desc {
    char name[EMU_NAME_MAX];
    const emu_gpu_spec *gpu;
    const emu_system_spec *system;
    int n_nodes;
    int gpus_per_node;
    emu_nvlink_topology nvlink;
    int compute_hcas;             /* compute ports per node */
    int hca_ports_per_card;       /* 1 or 2 */
    int hca_rate_gbit_per_s;      /* per port: 100 (EDR, HDR100), 200 (HDR, NDR200), 400, 800 */
    int hca_width;                /* lanes: 4 (4X) or 2 (2X: HDR100, NDR200) */
    bool roce;                    /* the compute ports run Ethernet (RoCE) instead of InfiniBand */
    int bootstrap_rate_gbit_per_s;/* the front-end bond */
    int numa_nodes;
    int cpus;
    int n_switches;
    emu_pcie_switch_desc switches[EMU_MAX_SWITCHES];
    emu_fabric_desc fabric;
    const emu_module_spec *cable; /* the compute ports' cable or transceiver; NULL: the rate's default */
    int cable_length_m;           /* 0: the part's own */
    /* the account every node's BMC accepts over the network (ipmitool -U/-P, Redfish's curl -u):
     * the scenario's bmc_user and bmc_password, "admin"/"admin" when not given (the labs' text
     * names it; a common AMI/ASUS and Fujitsu factory default, IPMI default-password lists such
     * as github.com/Mdot0/Default-Credentials IPMI-Default-Password-List) */
    char bmc_user[EMU_NAME_MAX];
    char bmc_password[EMU_NAME_MAX];
} emu_cluster_desc;

/* ---- storage ----------------------------------------------------------------------------------- */

/* One object storage target of a Lustre file system (lfs df's OST rows). */
typedef struct emu_ost {
    double size_bytes;
    double used_bytes;
} emu_ost;

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
    /* Lustre: the targets behind it (the mount's size and use are their sums) */
    int n_osts;                   /* 0: not given (lfs df derives them), and other file systems */
    bool osts_listed;             /* osts[] holds each OST's size and use (else an even split) */
    emu_ost osts[EMU_MAX_OSTS];
    double mdt_size_bytes, mdt_used_bytes;
    int full_ost;                 /* ost_full: OST full_ost - 1 is full (0: none; lfs df shows it) */
    bool random_reads;            /* random_reads: readers fault pages in 4 KiB at a time */
    /* the default layout of the mount's top directory, where the job saves (lfs getstripe -d) */
    int stripe_count;             /* objects a file is striped over, 1 by default (-1: every OST) */
    int stripe_first_ost;         /* 1 + the OST of a file's first object (lfs setstripe -i); 0:
                                     the MDS chooses, avoiding OSTs without space */
    int stripe_count_before;      /* the layout before the last lfs setstripe, ... */
    int stripe_first_ost_before;
    long restriped_step;          /* ... up to the save after this step (0: never): the saves
                                     after it and later, begun after the change, use the new one */
    double stripe_size_bytes;     /* 1 MiB by default */
    /* layouts set on other paths of the mount (lfs setstripe on a subdirectory or a new file):
     * what lfs getstripe shows there; the job's saves do not use them */
    int n_layouts;
    struct {
        char path[64];
        int stripe_count, stripe_first_ost;
        double stripe_size_bytes;
    } layouts[4];
    /* files `lfs migrate` gave a layout of their own (copied to new objects): what lfs getstripe
     * FILE and lfs find --ost show for them from then on */
    int n_migrated;
    struct {
        char path[96];
        int stripe_count;         /* objects (-1: every OST) */
        int stripe_first_ost;     /* 1 + the OST of its first object (-i); 0: the MDS chose */
        double stripe_size_bytes;
        int layout_gen;           /* lmm_layout_gen: each layout swap counts one */
        double migrated_s;        /* when the last migration made its new objects */
    } migrated[8];
    /* files a learner made in the mount's top directory (touch, dd), with their size and time */
    int n_files;
    struct {
        char name[40];
        double size_bytes;
        double mtime_s;
    } files[8];
} emu_mount;

/* ---- the job ----------------------------------------------------------------------------------- */

typedef struct emu_rank_loc {
    int node;                     /* node index */
    int gpu;                      /* GPU within the node */
} emu_rank_loc;

typedef struct emu_job_script {
    bool fixed;
    int cpus_per_task;
    char nccl_ib_hca[64];
    char nccl_socket_ifname[32];
    bool nccl_ib_disable;
} emu_job_script;

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
    long train_iters;             /* the run's total iterations (Megatron's --train-iters): given,
                                   * or train_tokens / (global_batch * seq_len) */
    double compute_efficiency;    /* achieved share of the GPU's peak in forward+backward */
    int layers, hidden;           /* > 0: attention FLOPs are counted too (12 L H T per token) */
    double flops_per_step;        /* per GPU, derived: 6 N tokens / (tp pp) (+ attention) */
    double compute_ms;            /* derived: flops_per_step / (peak x efficiency), full clock */
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
    bool checkpoint_rank0_only;   /* rank 0 writes the whole checkpoint (torch.save on rank 0)
                                     while the others go on: checkpoint_writer: rank0 */
    char log_path[48];            /* "train.log" */
    double nominal_step_ms;       /* step time without jitter, set when the world is built */
    /* NCCL environment the job runs with (from the scenario; "" = unset) */
    char nccl_ib_hca[64];
    char nccl_socket_ifname[32];
    bool nccl_ib_disable;
    /* train.sbatch as first submitted, fixed at the first resubmission (until then it follows
     * the scenario's faults): its #SBATCH --cpus-per-task and its NCCL defaults, written
     * `export NCCL_IB_HCA=${NCCL_IB_HCA:-...}` so that the submitter's environment overrides
     * them, as sbatch's command-line options override the #SBATCH lines */
    emu_job_script script;
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
    EMU_FAULT_FABRIC_LINK_DEGRADED,  /* leaf, uplink, rate_gbit_per_s: a leaf-to-spine link trained lower */
    EMU_FAULT_FABRIC_CONGESTION,     /* leaf, [uplink], share: other tenants' traffic on its uplinks */
    /* faults that unfold in time (every fault takes onset_s and end_s; see content/labs/README.md) */
    EMU_FAULT_GPU_COOLING,           /* node, gpu, [c_per_w]: cooling lost; heats with the thermal
                                        time constant, throttles at the slowdown temperature */
    EMU_FAULT_GPU_DEFICIT,           /* node, gpu, share: computes at share of its peers' speed, no
                                        clock, temperature or counter shows why */
    EMU_FAULT_LOADER_STALL,          /* every_steps, stall_ms, [node, gpu]: the input stalls every N
                                        steps (one rank, or every rank) */
    EMU_FAULT_LOADER_DEADLOCK,       /* node, gpu: that rank's loader deadlocks at onset */
    EMU_FAULT_RANK_HANG,             /* node, gpu: that rank's GPU never finishes a kernel */
    EMU_FAULT_HOST_MEMORY_ERROR,     /* node, [reboot_after_s]: an uncorrectable memory error hangs
                                        the host (machine check); a watchdog may reboot it */
    EMU_FAULT_BMC_SESSION_LIMIT,     /* node, sessions: the BMC answers that many sessions, then
                                        none until a cold reset */
    EMU_FAULT_BMC_SENSOR_STALE,      /* node, psu: a supply's status sensor sticks at "Failure
                                        detected"; the BMC brakes the GPUs until a cold reset */
    EMU_FAULT_PSU_FAILURE,           /* node, psu, [brake]: a supply fails (SEL, SDR, Redfish) */
    EMU_FAULT_NIC_PCIE_DEGRADED,     /* node, hca, [width], [gen]: the adapter's PCIe link trained
                                        narrower or slower (lspci LnkSta (downgraded)) */
    EMU_FAULT_OST_FULL,              /* mount, ost: one OST full while the file system has space */
    EMU_FAULT_RANDOM_READS,          /* mount: the loader reads by mmap page faults (4 KiB random
                                        reads) instead of large sequential reads */
    EMU_FAULT_P2P_DISABLED,          /* node, gpu, peer_gpu: P2P between two GPUs is off, NVLink up */
    EMU_FAULT_KIND_COUNT
} emu_fault_kind;

typedef struct emu_fault {
    emu_fault_kind kind;
    int node;                     /* node index, -1 when not applicable */
    int peer;                     /* second node (routing collision), -1 otherwise */
    int gpu;                      /* -1 when not applicable */
    int hca;                      /* index into the node's hcas, -1 when not applicable */
    int link;                     /* NVLink index, PCIe switch index for ACS, leaf uplink (0-based,
                                     -1: every uplink) for fabric faults */
    int leaf;                     /* fabric faults: the leaf switch (fabric.h's numbering), -1 */
    int mount;                    /* index into world.mounts, -1 when not applicable */
    int code;                     /* Xid code */
    int count;                    /* writers, CPUs, lanes (width) */
    double value;                 /* rate_gbit_per_s, temp_c, limit_w, latency_ms, rate ... */
    double value2;                /* uncorrectable count (ECC) */
    double ago_s;                 /* how long before the start time the event happened */
    double onset_s;               /* when it starts, seconds from the scenario's start (negative:
                                     before; -ago_s when ago_s is given, -900 by default) */
    double end_s;                 /* when it clears by itself, seconds from the start; 0: never */
    int every;                    /* loader_stall: every N steps */
    char text[EMU_TEXT_MAX];      /* SEL sensor name */
    char text2[EMU_TEXT_MAX];     /* SEL event text */
    char text3[EMU_TEXT_MAX];     /* SEL reading */
} emu_fault;

/* The scenario name of a fault kind ("hca_degraded"), or NULL when out of range. */
const char *emu_fault_kind_name(emu_fault_kind kind);

/* ---- the scenario ---------------------------------------------------------------------------- */

typedef struct emu_scenario emu_scenario;

#define EMU_MAX_HINTS 8
#define EMU_MAX_STEPS 16
#define EMU_MAX_SUSPECTS 16
#define EMU_MAX_DIAG_WORDS 24
#define EMU_MAX_DIAG_JOBS 4
#define EMU_MAX_REQUIRE 6
#define EMU_MAX_FIX_CHECKS 4
#define EMU_MAX_COLLECT 12   /* items of a lab's snapshot (lab.collect.items) */
#define EMU_MAX_PROBES (EMU_MAX_SUSPECTS + EMU_MAX_COLLECT) /* an `after` for each, at most */
#define EMU_MAX_NOTES 8      /* notes a learner adds to a snapshot */

typedef struct emu_lab_step {
    char *command;        /* what to run, e.g. "tail train.log" */
    char *look_for;       /* what the evidence looks like */
    char *reference;      /* the reference page it comes from: "reference/networking/nccl.md" */
    bool fix;             /* a step of the repair or its verification: after the answer */
} emu_lab_step;

/* The facets of a diagnosis: what component (its kind), where (node, GPU, HCA, port, NVLink,
 * mount, OST, leaf switch, uplink, job) and what is wrong with it (its condition). */
enum emu_facet {
    EMU_FACET_COMPONENT,
    EMU_FACET_NODE,
    EMU_FACET_GPU,
    EMU_FACET_HCA,
    EMU_FACET_PORT,
    EMU_FACET_NVLINK,
    EMU_FACET_MOUNT,
    EMU_FACET_OST,
    EMU_FACET_LEAF,
    EMU_FACET_UPLINK,
    EMU_FACET_JOB,
    EMU_FACET_CONDITION,
    EMU_FACET_COUNT
};

/* One way an answer can identify a diagnosis: every facet of `facets` (bits 1 << EMU_FACET_*)
 * named and right, and every condition of `conditions` (labs/vocab.h) named. */
typedef struct emu_require {
    uint32_t facets;
    uint32_t conditions;
} emu_require;

/* A diagnosis (the lab's answer) or a suspect (a plausible wrong one): the kinds and
 * conditions are labs/vocab.h bits, the places sets of indices (bit i: node i, GPU i, HCA i of
 * the node's hcas, mount i of the scenario's storage, OST i, leaf i, uplink i + 1, NVLink i,
 * port i + 1). `given` holds the facets the entry names (bits 1 << EMU_FACET_*). */
typedef struct emu_diag {
    uint32_t given;
    uint32_t kinds, conditions;
    uint64_t nodes, osts, leaves, uplinks;
    uint32_t gpus, hcas, ports, nvlinks, mounts;
    int jobs[EMU_MAX_DIAG_JOBS];  /* Slurm job ids */
    int n_jobs;
    char *words[EMU_MAX_DIAG_WORDS]; /* the lab's own phrases for it, as written */
    int n_words;
    emu_require require[EMU_MAX_REQUIRE]; /* diagnosis: how an answer identifies it (any one) */
    int n_require;
    char *missing[EMU_FACET_COUNT]; /* diagnosis: reply to an answer that lacks the facet */
    char *against[EMU_FACET_COUNT]; /* diagnosis: reply to an answer that names a wrong one */
    char *reply;                    /* suspect: what the evidence says against it */
    int after;                      /* suspect: 1 + the index of its probe in the scenario's
                                       probes, the command lines that find that evidence (0:
                                       none needed) */
    char *reply_before;             /* suspect: the reply until its probe has matched, so that
                                       the reply does not tell what nothing has shown yet */
} emu_diag;

/* A fix check: a command run quietly on the cluster (the clock does not move) and an extended
 * regular expression a line of its output must match while the fix is in place. */
typedef struct emu_fix_check {
    char *command;
    char *expect;
} emu_fix_check;

/* How a lab with a real repair is solved: the checks pass (the fix is in place), and then a
 * command of the learner's that contains `verify_command` prints a line matching
 * `verify_expect` (and, with min/max, the last number in that match is in range). */
typedef struct emu_fix {
    bool present;
    char *task;                   /* told after a right answer: what to repair and show */
    emu_fix_check checks[EMU_MAX_FIX_CHECKS];
    int n_checks;
    char *verify_command;
    char *verify_expect;
    bool has_min, has_max;
    double min, max;
    char *done;                   /* told when solved by the fix (NULL: the explanation only) */
} emu_fix;

/* One item of the evidence a snapshot lab wants (lab.collect.items): held once a learner's
 * command line matching `command` (an ERE over the line as typed), run on a node whose name
 * matches the ERE `host` when given (the node of `ssh NODE CMD`, else the shell's node), printed
 * a line matching `expect` (when given), `times` times with the first and the last at least
 * `apart_s` simulated seconds apart; or, with `note` instead of `command`, once a note of the
 * learner's (`snapshot note TEXT`) matches it. */
typedef struct emu_collect_item {
    char *item;                   /* what it is, as `snapshot` lists it */
    char *command;
    char *host;
    char *expect;
    char *note;
    int after;                    /* a note item: 1 + the index of the probe (the scenario's
                                     probes) a command line must have matched before the note
                                     counts: what it reports was tried first (0: none) */
    int times;                    /* >= 1 */
    double apart_s;
} emu_collect_item;

/* How a snapshot lab is solved: a right answer (the finding), and a snapshot that holds every
 * item. `task` is told after the right answer, `done` with the solve. */
typedef struct emu_collect {
    bool present;
    char *task;
    char *done;
    emu_collect_item items[EMU_MAX_COLLECT];
    int n_items;
} emu_collect;

/* Everything is owned by the scenario (malloc'd strings) and freed by emu_scenario_free. */
struct emu_scenario {
    char *id;
    char *path;
    char *title;
    char *summary;
    uint64_t seed;
    double start_time_s;
    emu_cluster_desc cluster;
    int n_mounts;
    emu_mount mounts[EMU_MAX_MOUNTS];
    emu_job job;              /* nodes[] and the sizes filled; ranks placed by the world */
    double job_running_s;     /* how long the job has run at start_time */
    int n_faults;
    emu_fault faults[EMU_MAX_FAULTS];
    /* lab */
    bool has_lab;
    char *goal;
    char *explanation;        /* shown with a right answer */
    char *read_next;          /* reference page to read after solving */
    char *read_next_title;    /* that page's title (lab.read_next_title), NULL when not given */
    char *answer;             /* the diagnosis in words: the worked solution's answer */
    char *example;            /* lab.diagnosis.example: an answer of the diagnosis's kind that is
                                 not it, for the goal's "e.g." (NULL: none given) */
    emu_diag diagnosis;
    emu_diag suspects[EMU_MAX_SUSPECTS];
    int n_suspects;
    emu_fix fix;
    emu_collect collect;
    /* probes: the distinct `after` EREs of the suspects and snapshot items, one mechanism for
     * both: the world marks a probe once a learner's command line matches it (emu_lab_state's
     * probed), and an entry whose `after` names it changes what it says or counts from then on */
    char *probes[EMU_MAX_PROBES];
    int n_probes;
    char *difficulty;         /* "beginner", "intermediate" or "advanced" */
    int minutes;              /* a time estimate, 0 when not given */
    char *hints[EMU_MAX_HINTS];
    int n_hints;
    emu_lab_step steps[EMU_MAX_STEPS];
    int n_steps;
};

#endif
