/* vocab.h: the words of a diagnosis (vocab.c): the component kinds and the conditions a lab's
 * `diagnosis` and `suspects` name in its scenario (`component: gpu`, `condition: thermal`), and
 * the words engineers use for them in an answer ("throttling", "HDR", "Socket fallback",
 * "competing writes"). scenario.c reads the names; answer.c reads answers with the words. */
#ifndef EMU_LABS_VOCAB_H
#define EMU_LABS_VOCAB_H

#include <stddef.h>
#include <stdint.h>

/* Component kinds, one bit each. */
enum {
    EMU_KIND_GPU = 1u << 0,
    EMU_KIND_HCA = 1u << 1,            /* an HCA, its port, cable or transceiver */
    EMU_KIND_NVLINK = 1u << 2,         /* NVLink and NVSwitch */
    EMU_KIND_FABRIC_MANAGER = 1u << 3,
    EMU_KIND_NCCL = 1u << 4,           /* NCCL, its transport and settings */
    EMU_KIND_STORAGE = 1u << 5,        /* a mount, its servers and targets */
    EMU_KIND_JOB = 1u << 6,            /* a Slurm job (the lab's or another user's) */
    EMU_KIND_SWITCH = 1u << 7,         /* an InfiniBand switch, leaf, spine, uplink, routing */
    EMU_KIND_NODE = 1u << 8,           /* the host itself */
    EMU_KIND_BMC = 1u << 9,
    EMU_KIND_PSU = 1u << 10,
    EMU_KIND_LOADER = 1u << 11,        /* the data loader and the CPUs it runs on */
    EMU_KIND_PCIE = 1u << 12,          /* PCIe switches, ACS, the root complex */
    EMU_KIND_DRIVER = 1u << 13,        /* kernel modules and drivers (nvidia_peermem) */
    EMU_KIND_SCHEDULER = 1u << 14,     /* Slurm itself */
    EMU_KIND_ALL = (1u << 15) - 1
};

/* Conditions (what is wrong with the component), one bit each. */
enum {
    EMU_COND_THERMAL = 1u << 0,
    EMU_COND_POWER_CAP = 1u << 1,
    EMU_COND_POWER_BRAKE = 1u << 2,
    EMU_COND_ECC = 1u << 3,
    EMU_COND_REMAP = 1u << 4,
    EMU_COND_XID = 1u << 5,           /* an Xid, a GPU off the bus */
    EMU_COND_RATE = 1u << 6,          /* a link at a lower rate or width */
    EMU_COND_DOWN = 1u << 7,          /* down, inactive, not running */
    EMU_COND_ERRORS = 1u << 8,        /* link or bit errors climbing */
    EMU_COND_SOCKETS = 1u << 9,       /* NCCL on TCP sockets instead of InfiniBand */
    EMU_COND_NO_GDR = 1u << 10,       /* no GPUDirect RDMA */
    EMU_COND_CONTENTION = 1u << 11,   /* another load competes for the same resource */
    EMU_COND_WRITES = 1u << 12,       /* write load */
    EMU_COND_CHECKPOINT = 1u << 13,   /* checkpoint saves */
    EMU_COND_FULL = 1u << 14,
    EMU_COND_METADATA = 1u << 15,
    EMU_COND_TIMEOUT = 1u << 16,
    EMU_COND_HUNG = 1u << 17,
    EMU_COND_UNREACHABLE = 1u << 18,
    EMU_COND_POWER_OFF = 1u << 19,
    EMU_COND_ACS = 1u << 20,
    EMU_COND_P2P_DISABLED = 1u << 21,
    EMU_COND_CPU_STARVED = 1u << 22,
    EMU_COND_LOCALITY = 1u << 23,     /* GPU and NIC far apart (NUMA, PCIe placement) */
    EMU_COND_ROUTING = 1u << 24,      /* flows that share an uplink */
    EMU_COND_CONGESTION = 1u << 25,
    EMU_COND_STALE = 1u << 26,        /* a reading that no longer tells the truth */
    EMU_COND_MISCONFIGURED = 1u << 27,
    EMU_COND_ALL = (1u << 28) - 1
};

/* The bit of a kind or condition name as a scenario writes it ("gpu", "power_cap"), or 0. */
uint32_t emu_vocab_kind(const char *name);
uint32_t emu_vocab_condition(const char *name);

/* The names of every kind or condition, space-separated (for error messages). */
const char *emu_vocab_kind_names(void);
const char *emu_vocab_condition_names(void);

/* The name of a single kind or condition bit ("gpu"), or "" when bit is not one of them. */
const char *emu_vocab_kind_name(uint32_t bit);
const char *emu_vocab_condition_name(uint32_t bit);

/* One word or phrase of an answer: the kinds and the conditions it fits. A phrase with one bit
 * names that kind or condition ("gpu", "thermal"); one with several is general ("network" fits
 * an HCA, a switch, NCCL or NVLink; "throttling" fits any condition and names none). */
typedef struct emu_vocab_word {
    const char *phrase;  /* normalized words (vocab_normalize), single spaces */
    uint32_t kinds;
    uint32_t conditions;
} emu_vocab_word;

/* The longest phrase of the vocabulary at words[0..n): returns how many words it spans (0: none)
 * and sets *word. words are normalized (emu_vocab_normalize_word). */
size_t emu_vocab_match(char *const *words, size_t n, const emu_vocab_word **word);

/* Normalizes one word in place for comparison: lower case, and a plural's final "s" dropped
 * ("GPUs" -> "gpu", "errors" -> "error"; words of 3 letters or fewer and "ss" endings stay). */
void emu_vocab_normalize_word(char *word);

/* Words an answer may hold that say nothing ("the", "on", "is"): skipped, never reported. */
int emu_vocab_is_filler(const char *word);

#endif
