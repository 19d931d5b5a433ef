/* vocab.c: the words of a diagnosis (vocab.h). The phrases are the ones operators write in
 * tickets and issue threads about these faults: nvidia-smi's clock-event reasons ("HW Thermal
 * Slowdown", "SW Power Cap", "HW Power Brake Slowdown"), ibstat's rates and InfiniBand speed
 * names (HDR, NDR), NCCL_DEBUG's transports ("NET/Socket", "GDRDMA"), and the words of storage
 * and scheduler incidents ("competing writes", "checkpoint storm"). A phrase is compared word by
 * word after emu_vocab_normalize_word, so plurals need no entry of their own. To teach the
 * checker a new word, add it here (every lab gains it); a word only one lab needs goes in that
 * lab's `words:` (content/labs/README.md). */
#include <ctype.h>
#include <string.h>

#include "vocab.h"

#define K(x) EMU_KIND_##x
#define C(x) EMU_COND_##x
#define NETWORK (K(HCA) | K(SWITCH) | K(NCCL) | K(NVLINK))
#define ON_NODE                                                                                    \
    (K(GPU) | K(HCA) | K(NVLINK) | K(FABRIC_MANAGER) | K(NODE) | K(BMC) | K(PSU) | K(LOADER) |   \
     K(PCIE) | K(DRIVER) | K(NCCL))
#define POWER (C(POWER_CAP) | C(POWER_BRAKE) | C(POWER_OFF))

static const emu_vocab_word words[] = {
    /* ---- kinds ---- */
    {"gpu", K(GPU), 0}, {"graphic card", K(GPU), 0}, {"accelerator", K(GPU), 0},
    {"cuda device", K(GPU), 0}, {"h100", K(GPU), 0}, {"a100", K(GPU), 0}, {"h200", K(GPU), 0},
    {"b200", K(GPU), 0}, {"v100", K(GPU), 0}, {"sm clock", K(GPU), 0},
    {"hca", K(HCA), 0}, {"nic", K(HCA), 0}, {"adapter", K(HCA), 0}, {"network adapter", K(HCA), 0},
    {"network card", K(HCA), 0}, {"connectx", K(HCA), 0}, {"cx7", K(HCA), 0}, {"cx6", K(HCA), 0},
    {"infiniband port", K(HCA), 0}, {"ib port", K(HCA), 0}, {"hca port", K(HCA), 0},
    {"port", K(HCA) | K(SWITCH), 0}, {"rail", K(HCA), 0}, {"mlx5", K(HCA), 0},
    {"netdev", K(HCA), 0}, {"cable", K(HCA), 0}, {"transceiver", K(HCA), 0}, {"optic", K(HCA), 0},
    {"qsfp", K(HCA), 0}, {"osfp", K(HCA), 0}, {"ib card", K(HCA), 0}, {"ib adapter", K(HCA), 0},
    {"infiniband adapter", K(HCA), 0}, {"infiniband hca", K(HCA), 0}, {"ib hca", K(HCA), 0},
    {"link", K(HCA) | K(NVLINK) | K(SWITCH), 0},
    {"nvlink", K(NVLINK), 0}, {"nvswitch", K(NVLINK), 0}, {"nv18", K(NVLINK), 0},
    {"nv link", K(NVLINK), 0}, {"nvlink bridge", K(NVLINK), 0},
    {"fabric manager", K(FABRIC_MANAGER), 0}, {"fabricmanager", K(FABRIC_MANAGER), 0},
    {"nvidia fabricmanager", K(FABRIC_MANAGER), 0}, {"fm", K(FABRIC_MANAGER), 0},
    {"nccl", K(NCCL), 0}, {"transport", K(NCCL), 0}, {"nccl_ib_hca", K(NCCL), C(MISCONFIGURED)},
    {"nccl ib hca", K(NCCL), C(MISCONFIGURED)}, {"nccl_ib_disable", K(NCCL), C(SOCKETS)},
    {"nccl ib disable", K(NCCL), C(SOCKETS)}, {"nccl_socket_ifname", K(NCCL), 0},
    {"nccl_p2p_disable", K(NCCL), C(P2P_DISABLED)}, {"env", K(NCCL), 0},
    {"environment", K(NCCL), 0}, {"environment variable", K(NCCL), 0}, {"setting", K(NCCL), 0},
    {"config", K(NCCL), 0}, {"configuration", K(NCCL), 0}, {"variable", K(NCCL), 0},
    {"storage", K(STORAGE), 0}, {"file system", K(STORAGE), 0}, {"filesystem", K(STORAGE), 0},
    {"fs", K(STORAGE), 0}, {"mount", K(STORAGE), 0}, {"lustre", K(STORAGE), 0},
    {"nfs", K(STORAGE), 0}, {"nfs4", K(STORAGE), 0}, {"ost", K(STORAGE), 0},
    {"mdt", K(STORAGE), C(METADATA)}, {"md", K(STORAGE), C(METADATA)}, {"oss", K(STORAGE), 0},
    {"disk", K(STORAGE), 0}, {"io", K(STORAGE), 0}, {"i o", K(STORAGE), 0},
    {"nvme", K(STORAGE), 0}, {"shared storage", K(STORAGE), 0},
    {"parallel file system", K(STORAGE), 0}, {"storage server", K(STORAGE), 0},
    {"metadata server", K(STORAGE), C(METADATA)}, {"object storage target", K(STORAGE), 0},
    {"job", K(JOB), 0}, {"slurm job", K(JOB), 0}, {"training job", K(JOB), 0},
    {"switch", K(SWITCH) | K(PCIE) | K(NVLINK), 0}, {"leaf", K(SWITCH), 0},
    {"spine", K(SWITCH), 0}, {"uplink", K(SWITCH), 0}, {"leaf switch", K(SWITCH), 0},
    {"spine switch", K(SWITCH), 0}, {"ib switch", K(SWITCH), 0},
    {"infiniband switch", K(SWITCH), 0}, {"switch port", K(SWITCH), 0},
    {"subnet manager", K(SWITCH), 0}, {"opensm", K(SWITCH), 0},
    {"network", NETWORK, 0}, {"fabric", NETWORK, 0}, {"infiniband", NETWORK, 0}, {"ib", NETWORK, 0},
    {"interconnect", NETWORK, 0}, {"inter node", NETWORK, 0}, {"internode", NETWORK, 0},
    {"between node", NETWORK, 0}, {"roce", NETWORK, 0}, {"communication", NETWORK, 0},
    {"all reduce", NETWORK, 0}, {"allreduce", NETWORK, 0}, {"collective", NETWORK, 0},
    {"node", ON_NODE, 0}, {"host", ON_NODE, 0}, {"server", ON_NODE | K(STORAGE), 0},
    {"machine", ON_NODE, 0}, {"box", ON_NODE, 0},
    {"bmc", K(BMC), 0}, {"ipmi", K(BMC), 0}, {"redfish", K(BMC), 0},
    {"baseboard management controller", K(BMC), 0}, {"out of band", K(BMC), 0},
    {"oob", K(BMC), 0}, {"sel", K(BMC), 0},
    {"psu", K(PSU), 0}, {"power supply", K(PSU), 0}, {"power supplie", K(PSU), 0},
    {"power supply unit", K(PSU), 0},
    {"dataloader", K(LOADER), 0}, {"data loader", K(LOADER), 0}, {"loader", K(LOADER), 0},
    {"worker", K(LOADER), 0}, {"data worker", K(LOADER), 0}, {"input pipeline", K(LOADER), 0},
    {"decode", K(LOADER), 0}, {"decoding", K(LOADER), 0}, {"cpu", K(LOADER), 0},
    {"core", K(LOADER), 0}, {"num_worker", K(LOADER), 0}, {"num worker", K(LOADER), 0},
    {"pcie", K(PCIE), 0}, {"pci", K(PCIE), 0}, {"pci e", K(PCIE), 0}, {"pcie switch", K(PCIE), 0},
    {"plx", K(PCIE), 0}, {"root complex", K(PCIE), 0}, {"root port", K(PCIE), 0},
    {"iommu", K(PCIE), 0},
    {"driver", K(DRIVER), 0}, {"module", K(DRIVER), 0}, {"kernel module", K(DRIVER), 0},
    {"nvidia_peermem", K(DRIVER), C(NO_GDR)}, {"nvidia peermem", K(DRIVER), C(NO_GDR)},
    {"peermem", K(DRIVER), C(NO_GDR)}, {"ofed", K(DRIVER), 0}, {"mofed", K(DRIVER), 0},
    {"slurm", K(SCHEDULER), 0}, {"scheduler", K(SCHEDULER), 0}, {"slurmctld", K(SCHEDULER), 0},
    {"slurmd", K(SCHEDULER), 0},

    /* ---- conditions ---- */
    {"thermal", 0, C(THERMAL)}, {"temperature", 0, C(THERMAL)}, {"temp", 0, C(THERMAL)},
    {"hot", 0, C(THERMAL)}, {"heat", 0, C(THERMAL)}, {"overheat", 0, C(THERMAL)},
    {"overheating", 0, C(THERMAL)}, {"overheated", 0, C(THERMAL)}, {"cooling", 0, C(THERMAL)},
    {"fan", 0, C(THERMAL)}, {"airflow", 0, C(THERMAL)}, {"thermal slowdown", 0, C(THERMAL)},
    {"hw thermal slowdown", 0, C(THERMAL)}, {"thermal throttling", 0, C(THERMAL)},
    {"90c", 0, C(THERMAL)}, {"90 c", 0, C(THERMAL)}, {"degree", 0, C(THERMAL)},
    {"power cap", 0, C(POWER_CAP)}, {"power capped", 0, C(POWER_CAP)}, {"capped", 0, C(POWER_CAP)},
    {"power limit", 0, C(POWER_CAP)}, {"power limited", 0, C(POWER_CAP)},
    {"sw power cap", 0, C(POWER_CAP)}, {"lowered power limit", 0, C(POWER_CAP)},
    {"pl", 0, C(POWER_CAP)}, {"tdp", 0, C(POWER_CAP)},
    {"power brake", 0, C(POWER_BRAKE)}, {"brake", 0, C(POWER_BRAKE)},
    {"hw power brake", 0, C(POWER_BRAKE)}, {"braking", 0, C(POWER_BRAKE)},
    {"power", 0, POWER}, {"ecc", 0, C(ECC)}, {"memory error", 0, C(ECC)}, {"dbe", 0, C(ECC)},
    {"sbe", 0, C(ECC)}, {"ecc error", 0, C(ECC)}, {"hbm", 0, C(ECC)},
    {"row remap", 0, C(REMAP)}, {"remap", 0, C(REMAP)}, {"remapping", 0, C(REMAP)},
    {"remapped row", 0, C(REMAP)}, {"pending remap", 0, C(REMAP)},
    {"row remapping", 0, C(REMAP)}, {"page retirement", 0, C(REMAP)},
    {"xid", 0, C(XID)}, {"off the bus", 0, C(XID)}, {"fell off the bus", 0, C(XID)},
    {"fallen off the bus", 0, C(XID)},
    {"degraded", 0, C(RATE)}, {"degrade", 0, C(RATE)}, {"downgraded", 0, C(RATE)},
    {"downgrade", 0, C(RATE)}, {"downshifted", 0, C(RATE)}, {"downtrained", 0, C(RATE)},
    {"retrained", 0, C(RATE)}, {"trained", 0, C(RATE)}, {"negotiated", 0, C(RATE)},
    {"rate", 0, C(RATE)}, {"speed", 0, C(RATE)}, {"width", 0, C(RATE)}, {"lane", 0, C(RATE)},
    {"half rate", 0, C(RATE)}, {"half speed", 0, C(RATE)}, {"wrong rate", 0, C(RATE)},
    {"wrong speed", 0, C(RATE)}, {"wrong width", 0, C(RATE)}, {"hdr", 0, C(RATE)},
    {"hdr100", 0, C(RATE)}, {"edr", 0, C(RATE)}, {"ndr200", 0, C(RATE)}, {"2x", 0, C(RATE)},
    {"1x", 0, C(RATE)}, {"x2", 0, C(RATE)}, {"link speed", 0, C(RATE)}, {"low rate", 0, C(RATE)},
    {"down", 0, C(DOWN)}, {"inactive", 0, C(DOWN)}, {"polling", 0, C(DOWN)},
    {"link down", 0, C(DOWN)}, {"no link", 0, C(DOWN)}, {"dead", 0, C(DOWN)},
    {"not running", 0, C(DOWN)}, {"stopped", 0, C(DOWN)}, {"failed", 0, C(DOWN)},
    {"crashed", 0, C(DOWN)}, {"not started", 0, C(DOWN)},
    {"disabled", 0, C(DOWN) | C(SOCKETS) | C(P2P_DISABLED) | C(NO_GDR)},
    {"error", 0, C(ERRORS)}, {"symbol error", 0, C(ERRORS)}, {"crc", 0, C(ERRORS)},
    {"ber", 0, C(ERRORS)}, {"bit error", 0, C(ERRORS)}, {"marginal", 0, C(ERRORS)},
    {"flapping", 0, C(ERRORS)}, {"flaky", 0, C(ERRORS)}, {"replay", 0, C(ERRORS)},
    {"link error", 0, C(ERRORS)},
    {"socket", 0, C(SOCKETS)}, {"tcp", 0, C(SOCKETS)}, {"fallback", 0, C(SOCKETS)},
    {"fall back", 0, C(SOCKETS)}, {"fall", 0, C(SOCKETS)}, {"fell back", 0, C(SOCKETS)},
    {"falling back", 0, C(SOCKETS)}, {"socket fallback", 0, C(SOCKETS)},
    {"net socket", 0, C(SOCKETS)}, {"no ib", 0, C(SOCKETS)}, {"ib disabled", 0, C(SOCKETS)},
    {"ipoib", 0, C(SOCKETS)},
    {"gdr", 0, C(NO_GDR)}, {"gdrdma", 0, C(NO_GDR)}, {"gpudirect", 0, C(NO_GDR)},
    {"gpu direct", 0, C(NO_GDR)}, {"gpudirect rdma", 0, C(NO_GDR)}, {"rdma", 0, C(NO_GDR)},
    {"host memory", 0, C(NO_GDR)}, {"bounce buffer", 0, C(NO_GDR)},
    {"competing", 0, C(CONTENTION)}, {"compete", 0, C(CONTENTION)},
    {"competition", 0, C(CONTENTION)}, {"contention", 0, C(CONTENTION)},
    {"contend", 0, C(CONTENTION)}, {"contending", 0, C(CONTENTION)},
    {"saturate", 0, C(CONTENTION)}, {"saturated", 0, C(CONTENTION)},
    {"saturating", 0, C(CONTENTION)}, {"saturation", 0, C(CONTENTION)},
    {"overloaded", 0, C(CONTENTION)}, {"overload", 0, C(CONTENTION)}, {"busy", 0, C(CONTENTION)},
    {"other job", K(JOB), C(CONTENTION)}, {"another job", K(JOB), C(CONTENTION)},
    {"other user", K(JOB), C(CONTENTION)}, {"someone else", K(JOB), C(CONTENTION)},
    {"noisy neighbor", K(JOB), C(CONTENTION)}, {"noisy neighbour", K(JOB), C(CONTENTION)},
    {"interference", 0, C(CONTENTION)}, {"load", 0, C(CONTENTION)},
    {"write", 0, C(WRITES)}, {"writer", 0, C(WRITES)}, {"writing", 0, C(WRITES)},
    {"write load", 0, C(WRITES)}, {"write traffic", 0, C(WRITES)}, {"write burst", 0, C(WRITES)},
    {"checkpoint", 0, C(CHECKPOINT)}, {"checkpointing", 0, C(CHECKPOINT)},
    {"ckpt", 0, C(CHECKPOINT)}, {"save", 0, C(CHECKPOINT)}, {"saving", 0, C(CHECKPOINT)},
    {"checkpoint write", 0, C(WRITES)}, {"checkpoint writer", 0, C(WRITES)},
    {"checkpoint save", 0, C(WRITES)}, {"checkpoint storm", 0, C(CONTENTION)},
    {"full", 0, C(FULL)}, {"enospc", 0, C(FULL)}, {"no space", 0, C(FULL)},
    {"out of space", 0, C(FULL)}, {"disk full", 0, C(FULL)}, {"filled", 0, C(FULL)},
    {"metadata", 0, C(METADATA)}, {"small file", 0, C(METADATA)},
    {"timeout", 0, C(TIMEOUT)}, {"timed out", 0, C(TIMEOUT)}, {"watchdog", 0, C(TIMEOUT)},
    {"collective timeout", 0, C(TIMEOUT)},
    /* a host or process that stopped: every form engineers write means the same */
    {"hang", 0, C(HUNG)}, {"hung", 0, C(HUNG)}, {"hanged", 0, C(HUNG)}, {"hanging", 0, C(HUNG)},
    {"stuck", 0, C(HUNG)}, {"deadlock", 0, C(HUNG)}, {"deadlocked", 0, C(HUNG)},
    {"frozen", 0, C(HUNG)}, {"freeze", 0, C(HUNG)}, {"froze", 0, C(HUNG)},
    {"freezing", 0, C(HUNG)}, {"lockup", 0, C(HUNG)}, {"locked up", 0, C(HUNG)},
    {"lock up", 0, C(HUNG)}, {"hard lockup", 0, C(HUNG)}, {"wedged", 0, C(HUNG)},
    {"halted", 0, C(HUNG)},
    {"unresponsive", 0, C(HUNG) | C(UNREACHABLE)}, {"non responsive", 0, C(HUNG) | C(UNREACHABLE)},
    {"nonresponsive", 0, C(HUNG) | C(UNREACHABLE)},
    {"not responding", 0, C(HUNG) | C(UNREACHABLE)},
    {"stopped responding", 0, C(HUNG) | C(UNREACHABLE)},
    {"unreachable", 0, C(UNREACHABLE)}, {"no access", 0, C(UNREACHABLE)},
    {"not reachable", 0, C(UNREACHABLE)}, {"no answer", 0, C(UNREACHABLE)},
    {"lost access", 0, C(UNREACHABLE)},
    {"mce", 0, C(ECC)}, {"machine check", 0, C(ECC)}, {"dimm", K(NODE), C(ECC)},
    {"uncorrectable", 0, C(ECC)}, {"uncorrected", 0, C(ECC)}, {"ue", 0, C(ECC)},
    {"edac", 0, C(ECC)}, {"memory", 0, C(ECC)}, {"ram", 0, C(ECC)}, {"dram", 0, C(ECC)},
    {"host memory error", 0, C(ECC)}, {"host memory failure", 0, C(ECC)},
    /* memory used up is not memory failing: the longer phrases keep "memory" and "ram" in them
     * from reading as an ECC error */
    {"out of memory", 0, C(FULL)}, {"out of ram", 0, C(FULL)}, {"oom", 0, C(FULL)},
    {"peer memory", K(DRIVER), C(NO_GDR)},
    {"kernel panic", 0, C(HUNG)}, {"panic", 0, C(HUNG)}, {"panicked", 0, C(HUNG)},
    {"off", 0, C(POWER_OFF)}, {"powered off", 0, C(POWER_OFF)}, {"power off", 0, C(POWER_OFF)},
    {"power loss", 0, C(POWER_OFF)}, {"ac lost", 0, C(POWER_OFF)}, {"ac loss", 0, C(POWER_OFF)},
    {"shut down", 0, C(POWER_OFF)}, {"shutdown", 0, C(POWER_OFF)}, {"rebooted", 0, C(POWER_OFF)},
    {"acs", K(PCIE), C(ACS)}, {"acs redirect", K(PCIE), C(ACS)},
    {"access control service", K(PCIE), C(ACS)},
    {"p2p", 0, C(P2P_DISABLED)}, {"p2p disabled", 0, C(P2P_DISABLED)},
    {"peer to peer", 0, C(P2P_DISABLED)},
    {"cpu starved", K(LOADER), C(CPU_STARVED)}, {"starved", 0, C(CPU_STARVED)},
    {"starvation", 0, C(CPU_STARVED)}, {"cpuset", K(LOADER), C(CPU_STARVED)},
    {"locality", 0, C(LOCALITY)}, {"numa", 0, C(LOCALITY)}, {"cross socket", 0, C(LOCALITY)},
    {"affinity", 0, C(LOCALITY)}, {"placement", 0, C(LOCALITY)},
    {"routing", K(SWITCH), C(ROUTING)}, {"collision", 0, C(ROUTING)},
    {"routing collision", K(SWITCH), C(ROUTING)}, {"route", K(SWITCH), C(ROUTING)},
    {"shared uplink", K(SWITCH), C(ROUTING)},
    {"congestion", 0, C(CONGESTION)}, {"congested", 0, C(CONGESTION)},
    {"xmit wait", 0, C(CONGESTION)}, {"portxmitwait", 0, C(CONGESTION)},
    {"oversubscribed", 0, C(CONGESTION)}, {"oversubscription", 0, C(CONGESTION)},
    {"stale", 0, C(STALE)},
    {"misconfigured", 0, C(MISCONFIGURED)}, {"misconfiguration", 0, C(MISCONFIGURED)},
    {"wrong setting", 0, C(MISCONFIGURED)}, {"typo", 0, C(MISCONFIGURED)},

    /* ---- symptoms: they fit any condition and name none ---- */
    {"slow", 0, C(ALL)}, {"slower", 0, C(ALL)}, {"slowdown", 0, C(ALL)}, {"slowed", 0, C(ALL)},
    {"throttling", 0, C(ALL)}, {"throttle", 0, C(ALL)}, {"throttled", 0, C(ALL)},
    {"clock", 0, C(ALL)}, {"clocked", 0, C(ALL)}, {"downclocked", 0, C(ALL)},
    {"underclocked", 0, C(ALL)}, {"late", 0, C(ALL)}, {"lagging", 0, C(ALL)},
    {"straggler", 0, C(ALL)}, {"straggling", 0, C(ALL)}, {"bottleneck", 0, C(ALL)},
    {"problem", 0, C(ALL)}, {"issue", 0, C(ALL)}, {"faulty", 0, C(ALL)}, {"bad", 0, C(ALL)},
    {"broken", 0, C(ALL)}, {"culprit", 0, C(ALL)}, {"root cause", 0, C(ALL)},
    {"performance", 0, C(ALL)}, {"bandwidth", 0, C(ALL)}, {"busbw", 0, C(ALL)},
    {"latency", 0, C(ALL)}, {"wait", 0, C(ALL)}, {"waiting", 0, C(ALL)},
};
#define N_WORDS (sizeof words / sizeof words[0])

static const char *const kind_names[] = {
    "gpu", "hca", "nvlink", "fabric_manager", "nccl", "storage", "job", "switch",
    "node", "bmc", "psu", "loader", "pcie", "driver", "scheduler"};
static const char *const condition_names[] = {
    "thermal", "power_cap", "power_brake", "ecc", "remap", "xid", "rate", "down",
    "errors", "sockets", "no_gdr", "contention", "writes", "checkpoint", "full", "metadata",
    "timeout", "hung", "unreachable", "power_off", "acs", "p2p_disabled", "cpu_starved",
    "locality", "routing", "congestion", "stale", "misconfigured"};
#define N_KINDS (sizeof kind_names / sizeof kind_names[0])
#define N_CONDITIONS (sizeof condition_names / sizeof condition_names[0])

static uint32_t name_bit(const char *const *names, size_t n, const char *name)
{
    for (size_t i = 0; name && i < n; i++)
        if (!strcmp(names[i], name))
            return 1u << i;
    return 0;
}

static const char *bit_name(const char *const *names, size_t n, uint32_t bit)
{
    for (size_t i = 0; i < n; i++)
        if (bit == 1u << i)
            return names[i];
    return "";
}

uint32_t emu_vocab_kind(const char *name) { return name_bit(kind_names, N_KINDS, name); }
uint32_t emu_vocab_condition(const char *name)
{
    return name_bit(condition_names, N_CONDITIONS, name);
}
const char *emu_vocab_kind_name(uint32_t bit) { return bit_name(kind_names, N_KINDS, bit); }
const char *emu_vocab_condition_name(uint32_t bit)
{
    return bit_name(condition_names, N_CONDITIONS, bit);
}

const char *emu_vocab_kind_names(void)
{
    return "gpu hca nvlink fabric_manager nccl storage job switch node bmc psu loader pcie "
           "driver scheduler";
}

const char *emu_vocab_condition_names(void)
{
    return "thermal power_cap power_brake ecc remap xid rate down errors sockets no_gdr "
           "contention writes checkpoint full metadata timeout hung unreachable power_off acs "
           "p2p_disabled cpu_starved locality routing congestion stale misconfigured";
}

void emu_vocab_normalize_word(char *w)
{
    size_t n = 0;
    for (char *c = w; *c; c++, n++)
        *c = (char)tolower((unsigned char)*c);
    if (n > 3 && w[n - 1] == 's' && w[n - 2] != 's' && w[n - 2] != 'u')
        w[n - 1] = '\0';
}

/* Whether the phrase's words equal words[0..k) for its k words; returns k or 0. */
static size_t phrase_at(const char *phrase, char *const *ws, size_t n)
{
    size_t k = 0;
    const char *p = phrase;
    while (*p) {
        const char *end = strchr(p, ' ');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (k >= n || strlen(ws[k]) != len || strncmp(ws[k], p, len))
            return 0;
        k++;
        p += len;
        while (*p == ' ')
            p++;
    }
    return k;
}

size_t emu_vocab_match(char *const *ws, size_t n, const emu_vocab_word **word)
{
    size_t best = 0;
    *word = NULL;
    for (size_t i = 0; i < N_WORDS; i++) {
        size_t k = phrase_at(words[i].phrase, ws, n);
        if (k > best) {
            best = k;
            *word = &words[i];
        }
    }
    return best;
}

int emu_vocab_is_filler(const char *w)
{
    static const char *const fillers[] = {
        "the", "a", "an", "of", "on", "in", "at", "is", "are", "to", "and", "by", "from", "it",
        "its", "with", "for", "that", "this", "because", "due", "our", "my", "their", "than",
        "as", "was", "be", "been", "has", "have", "which", "so", "causing", "cause", "caused",
        "all", "every", "i", "think", "s", "there", "what", "into", "over", "under", "out",
        "too", "very", "much", "some", "one", "two", "only", "just", "being", "gets", "get",
        "got", "make", "making", "made", "while", "when", "where", "who", "whose", "them",
        "they", "we", "us", "via", "through", "also", "both", "or", "not", "no", "but", "then",
        "now", "here", "up", "since", "after", "before", "about", "around",
        "other", "another", "same", "lot", "lots", "more", "less", "most", "least", "like",
        "index", "number", "id", "nr", "num", "local", "global", "e", "g", "eg"};
    for (size_t i = 0; i < sizeof fillers / sizeof fillers[0]; i++)
        if (!strcmp(fillers[i], w))
            return 1;
    return 0;
}
