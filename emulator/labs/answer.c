/* answer.c: the answer checker (labs.h's emu_answer_judge). An answer is read as a diagnosis,
 * not matched as a string: the places it names (node02, GPU 5, rank 13, mlx5_4, ibp79s0, rail
 * 2, /lustre, OST0003, r2-leaf01, uplink 3, job 51914), the component kinds and the conditions
 * (vocab.c's words), in any order and with any filler words. Then it is compared facet by facet
 * with the lab's diagnosis: right (it identifies the diagnosis and names nothing against it),
 * partial (right so far, something missing), or wrong (a suspect's reply, or what is right and
 * what is not). Places resolve through the world: a rank to its node and GPU, a netdev to its
 * HCA, a job id to the job (another user's checkpointing job to the mount it writes to). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "labs.h"
#include "model/fabric.h"
#include "tools/tools.h"
#include "vocab.h"

#define MAX_WORDS 64
#define MAX_MASKS 24

/* What an answer names. */
typedef struct mention {
    uint32_t given;                 /* places named (bits 1 << EMU_FACET_*) */
    uint64_t nodes, osts, leaves, uplinks;
    uint64_t port_numbers;          /* every "port N" (bit N - 1): a leaf's port when a leaf is named */
    uint64_t spines;                /* "spine03" (bit 2): with a leaf, the uplink that reaches it */
    uint32_t gpus, hcas, ports, nvlinks, mounts;
    int jobs[8];
    int n_jobs;
    uint32_t kind_masks[MAX_MASKS]; /* each kind word's fit (vocab.h), and kinds places imply */
    int n_kinds;
    uint32_t cond_masks[MAX_MASKS]; /* each condition word's fit */
    int n_conds;
    int recognised;                 /* places and words read */
    char problem[200];              /* a place that does not exist here, e.g. node09 */
    char *words[MAX_WORDS];         /* the normalized words, for the labs' own phrases */
    size_t n_words;
    char buf[600];
} mention;

/* ---- reading an answer ----------------------------------------------------------------------- */

static int popcount64(uint64_t v)
{
    int n = 0;
    for (; v; v &= v - 1)
        n++;
    return n;
}

static void add_kind(mention *m, uint32_t mask)
{
    if (mask && m->n_kinds < MAX_MASKS)
        m->kind_masks[m->n_kinds++] = mask;
}

static void add_cond(mention *m, uint32_t mask)
{
    if (mask && m->n_conds < MAX_MASKS)
        m->cond_masks[m->n_conds++] = mask;
}

/* A number word (all digits), or -1. */
static long number_of(const char *w)
{
    if (!w || !*w || strlen(w) > 9)
        return -1;
    for (const char *c = w; *c; c++)
        if (*c < '0' || *c > '9')
            return -1;
    return atol(w);
}

/* "gpu5" -> 5 for prefix "gpu"; -1 when w is not prefix + digits. */
static long suffix_number(const char *w, const char *prefix)
{
    size_t n = strlen(prefix);
    return strncmp(w, prefix, n) ? -1 : number_of(w + n);
}

static void problem(mention *m, const char *text)
{
    if (!m->problem[0])
        snprintf(m->problem, sizeof m->problem, "%s", text);
}

static void name_node(mention *m, const emu_world *w, long num)
{
    char msg[160];
    m->recognised++;
    if (num < 1 || num > w->n_nodes) {
        if (w->n_nodes == 1)
            snprintf(msg, sizeof msg, "this cluster has no node%02ld (its only node is node01)", num);
        else
            snprintf(msg, sizeof msg, "this cluster has no node%02ld (its nodes are node01-%s)",
                     num, w->nodes[w->n_nodes - 1].name);
        problem(m, msg);
        return;
    }
    m->nodes |= 1ull << (num - 1);
    m->given |= 1u << EMU_FACET_NODE;
}

static void name_gpu(mention *m, const emu_world *w, long num)
{
    char msg[160];
    m->recognised++;
    if (num < 0 || num >= w->nodes[0].n_gpus) {
        snprintf(msg, sizeof msg, "a node here has GPUs 0-%d, so there is no GPU %ld",
                 w->nodes[0].n_gpus - 1, num);
        problem(m, msg);
        return;
    }
    m->gpus |= 1u << num;
    m->given |= 1u << EMU_FACET_GPU;
    add_kind(m, EMU_KIND_GPU);
}

static void name_hca(mention *m, int index)
{
    m->recognised++;
    m->hcas |= 1u << index;
    m->given |= 1u << EMU_FACET_HCA;
    add_kind(m, EMU_KIND_HCA);
}

static void name_hca_by_name(mention *m, const emu_world *w, const char *name)
{
    const emu_node *n = &w->nodes[0];
    for (int i = 0; i < n->n_hcas; i++) {
        if (!strcmp(n->hcas[i].name, name)) {
            name_hca(m, i);
            return;
        }
    }
    char msg[200], names[120] = "";
    size_t len = 0;
    for (int i = 0; i < n->n_hcas && len + 12 < sizeof names; i++)
        if (n->hcas[i].compute)
            len += (size_t)snprintf(names + len, sizeof names - len, "%s%s", len ? ", " : "",
                                    n->hcas[i].name);
    snprintf(msg, sizeof msg, "the nodes have no %s (their compute HCAs are %s)", name, names);
    m->recognised++;
    problem(m, msg);
}

static void name_mount(mention *m, uint32_t mask)
{
    m->recognised++;
    m->mounts |= mask;
    m->given |= 1u << EMU_FACET_MOUNT;
    add_kind(m, EMU_KIND_STORAGE);
}

static void name_job(mention *m, const emu_world *w, long id)
{
    char msg[160];
    m->recognised++;
    int mount = emu_sched_job_mount(w, (int)id);
    bool own = w->job.present && (id == w->job.id || (w->scenario && id == w->scenario->job.id));
    if (!own && mount < 0) {
        snprintf(msg, sizeof msg, "squeue shows no job %ld", id);
        problem(m, msg);
        return;
    }
    if (m->n_jobs < 8)
        m->jobs[m->n_jobs++] = (int)id;
    m->given |= 1u << EMU_FACET_JOB;
    add_kind(m, EMU_KIND_JOB);
    if (mount >= 0) { /* another user's job that writes its checkpoints to that mount */
        m->mounts |= 1u << mount;
        m->given |= 1u << EMU_FACET_MOUNT;
        add_cond(m, EMU_COND_CONTENTION);
    }
}

/* A lower-case path word ("/lustre/ckpt") to the mount it lies on (longest target). */
static int mount_of_path(const emu_world *w, const char *path)
{
    int best = -1;
    size_t best_len = 0;
    for (int i = 0; i < w->n_mounts; i++) {
        const char *t = w->mounts[i].target;
        size_t n = strlen(t);
        char lower[64];
        snprintf(lower, sizeof lower, "%s", t);
        for (char *c = lower; *c; c++)
            *c = (char)(*c >= 'A' && *c <= 'Z' ? *c + 32 : *c);
        if (!strncmp(path, lower, n) && (path[n] == '\0' || path[n] == '/') && n > best_len) {
            best = i;
            best_len = n;
        }
    }
    return best;
}

/* The mounts a single word names: a storage entry's name, its mount point's last part, its
 * type ("lustre", "nfs"), or a Lustre file system's name as `lfs df` prints it (the source's
 * last part: "lustrefs" of 10.0.0.251@o2ib:/lustrefs, in "lustrefs-OST0005_UUID"). */
static uint32_t mounts_of_word(const emu_world *w, const char *word)
{
    uint32_t mask = 0;
    for (int i = 0; i < w->n_mounts; i++) {
        const emu_mount *mt = &w->mounts[i];
        const char *base = strrchr(mt->target, '/');
        base = base ? base + 1 : mt->target;
        char name[EMU_NAME_MAX];
        snprintf(name, sizeof name, "%s", mt->name);
        emu_vocab_normalize_word(name);
        char b[48];
        snprintf(b, sizeof b, "%s", base);
        emu_vocab_normalize_word(b);
        bool type = !strcmp(word, mt->fstype) ||
                    (!strcmp(word, "nfs") && !strncmp(mt->fstype, "nfs", 3));
        char fsname[48] = "";
        const char *fs = strrchr(mt->source, '/');
        if (!strcmp(mt->fstype, "lustre") && fs && fs[1]) {
            snprintf(fsname, sizeof fsname, "%s", fs + 1);
            emu_vocab_normalize_word(fsname);
        }
        if (!strcmp(word, name) || (b[0] && !strcmp(word, b)) || type ||
            (fsname[0] && !strcmp(word, fsname)))
            mask |= 1u << i;
    }
    return mask;
}

/* The number of the first "rail N" / "railN" in the lower-case text b of n bytes, with the
 * span it takes in [*from, *to); -1 when there is none. */
static long rail_in(const char *b, size_t n, size_t *from, size_t *to)
{
    for (size_t i = 0; i + 4 < n; i++) {
        if (strncmp(b + i, "rail", 4) || (i > 0 && b[i - 1] != ' ' && b[i - 1] != ','))
            continue;
        size_t j = i + 4;
        while (j < n && b[j] == ' ')
            j++;
        size_t d = j;
        while (j < n && b[j] >= '0' && b[j] <= '9')
            j++;
        if (j == d || j - d > 3 || (j < n && b[j] != ' ' && b[j] != ','))
            continue;
        *from = i;
        *to = j;
        return atol(b + d);
    }
    return -1;
}

/* Splits the answer into its places, then words; fills m. */
static void read_answer(const emu_world *w, const char *text, mention *m)
{
    memset(m, 0, sizeof *m);
    char *b = m->buf;
    size_t n = 0;
    for (const char *c = text; *c && n + 1 < sizeof m->buf; c++)
        b[n++] = (char)(*c >= 'A' && *c <= 'Z' ? *c + 32 : *c);
    b[n] = '\0';

    /* paths: a '/' that starts a word */
    for (size_t i = 0; i < n; i++) {
        if (b[i] != '/' || (i > 0 && b[i - 1] != ' ' && b[i - 1] != '(' && b[i - 1] != ','))
            continue;
        size_t j = i;
        while (j < n && (b[j] == '/' || b[j] == '_' || b[j] == '-' || b[j] == '.' ||
                         (b[j] >= 'a' && b[j] <= 'z') || (b[j] >= '0' && b[j] <= '9')))
            j++;
        char path[128];
        snprintf(path, sizeof path, "%.*s", (int)(j - i), b + i);
        size_t pl = strlen(path);
        while (pl > 1 && (path[pl - 1] == '.' || path[pl - 1] == '/'))
            path[--pl] = '\0';
        int mt = mount_of_path(w, path);
        if (mt >= 0) {
            name_mount(m, 1u << mt);
        } else if (pl > 1) {
            char msg[200];
            snprintf(msg, sizeof msg, "no file system is mounted at %s (`mount` lists them)", path);
            m->recognised++;
            problem(m, msg);
        }
        memset(b + i, ' ', j - i);
    }
    /* leaf switches: "r2-leaf01", "leaf03" */
    for (size_t i = 0; i < n; i++) {
        if (i > 0 && b[i - 1] != ' ' && b[i - 1] != ',')
            continue;
        size_t j = i;
        while (j < n && (b[j] == '-' || (b[j] >= 'a' && b[j] <= 'z') || (b[j] >= '0' && b[j] <= '9')))
            j++;
        char word[40];
        if (j - i >= sizeof word || j == i)
            continue;
        snprintf(word, sizeof word, "%.*s", (int)(j - i), b + i);
        if (!strstr(word, "leaf"))
            continue;
        int leaf = emu_fabric_leaf_find(&w->cluster, word);
        if (leaf < 0 && w->cluster.fabric.rail_optimized && !strncmp(word, "leaf", 4) &&
            number_of(word + 4) >= 0) {
            /* "rail 2 leaf01": the rail's leaf, as the fabric names it (r2-leaf01) */
            size_t r0, r1;
            long rail = rail_in(b, n, &r0, &r1);
            char name[48];
            snprintf(name, sizeof name, "r%ld-%s", rail, word);
            if (rail >= 0 && (leaf = emu_fabric_leaf_find(&w->cluster, name)) >= 0)
                memset(b + r0, ' ', r1 - r0);
        }
        if (leaf >= 0 && leaf < 64) {
            m->leaves |= 1ull << leaf;
            m->given |= 1u << EMU_FACET_LEAF;
            m->recognised++;
            add_kind(m, EMU_KIND_SWITCH);
            memset(b + i, ' ', j - i);
        }
    }
    /* words: runs of letters, digits and '_' */
    for (size_t i = 0; i < n && m->n_words < MAX_WORDS;) {
        while (i < n && !((b[i] >= 'a' && b[i] <= 'z') || (b[i] >= '0' && b[i] <= '9') || b[i] == '_'))
            b[i++] = '\0';
        if (i >= n)
            break;
        m->words[m->n_words++] = b + i;
        while (i < n && ((b[i] >= 'a' && b[i] <= 'z') || (b[i] >= '0' && b[i] <= '9') || b[i] == '_'))
            i++;
    }
    for (size_t i = 0; i < n; i++)
            if (!((b[i] >= 'a' && b[i] <= 'z') || (b[i] >= '0' && b[i] <= '9') || b[i] == '_'))
                b[i] = '\0';

    /* places first (they read raw words), then the vocabulary over normalized words */
    char raw[MAX_WORDS][48];
    for (size_t i = 0; i < m->n_words; i++) {
        snprintf(raw[i], sizeof raw[i], "%s", m->words[i]);
        emu_vocab_normalize_word(m->words[i]);
    }
    bool used[MAX_WORDS] = {false};
    for (size_t i = 0; i < m->n_words; i++) {
        const char *wd = raw[i];
        const char *next = i + 1 < m->n_words ? raw[i + 1] : "";
        /* "gpu index 5": one filler word between a kind and its number */
        size_t skip = 1;
        if (number_of(next) < 0 && i + 2 < m->n_words && number_of(raw[i + 2]) >= 0 &&
            (!strcmp(next, "index") || !strcmp(next, "number") || !strcmp(next, "no") ||
             !strcmp(next, "id") || !strcmp(next, "nr")))
            next = raw[i + 2], skip = 2;
        long num;
        bool pair = number_of(next) >= 0;
#define PLACE(prefix) ((num = suffix_number(wd, prefix)) >= 0 || (!strcmp(wd, prefix) && pair && (num = number_of(next)) >= 0))
        size_t span = 0; /* words used by this place beyond the first */
        if (PLACE("node")) {
            span = suffix_number(wd, "node") >= 0 ? 0 : skip;
            name_node(m, w, num);
        } else if (PLACE("gpu") || PLACE("cuda")) {
            span = (suffix_number(wd, "gpu") >= 0 || suffix_number(wd, "cuda") >= 0) ? 0 : skip;
            name_gpu(m, w, num);
        } else if (PLACE("rank")) {
            span = suffix_number(wd, "rank") >= 0 ? 0 : skip;
            m->recognised++;
            if (w->job.present && num < w->job.world_size) {
                name_node(m, w, w->job.ranks[num].node + 1);
                name_gpu(m, w, w->job.ranks[num].gpu);
                m->recognised -= 2;
            } else {
                char msg[120];
                snprintf(msg, sizeof msg, "the job has ranks 0-%d, so there is no rank %ld",
                         w->job.present ? w->job.world_size - 1 : 0, num);
                problem(m, msg);
            }
        } else if (!strncmp(wd, "mlx5_", 5) && number_of(wd + 5) >= 0) {
            name_hca_by_name(m, w, wd);
        } else if (!strcmp(wd, "mlx5") && pair) {
            char name[24];
            snprintf(name, sizeof name, "mlx5_%ld", number_of(next));
            name_hca_by_name(m, w, name);
            span = skip;
        } else if (PLACE("rail")) {
            span = suffix_number(wd, "rail") >= 0 ? 0 : skip;
            int found = -1;
            for (int k = 0; k < w->nodes[0].n_hcas; k++)
                if (w->nodes[0].hcas[k].compute && w->nodes[0].hcas[k].rail == num)
                    found = k;
            if (found >= 0)
                name_hca(m, found);
            else
                m->recognised++, problem(m, "the nodes have no rail of that number (ibdev2netdev lists them)");
        } else if (PLACE("port")) {
            span = suffix_number(wd, "port") >= 0 ? 0 : skip;
            m->recognised++;
            if (num >= 1 && num <= 64)
                m->port_numbers |= 1ull << (num - 1);
            if (num >= 1 && num <= 2) {
                m->ports |= 1u << (num - 1);
                m->given |= 1u << EMU_FACET_PORT;
            }
        } else if (PLACE("nvlink") || (!strcmp(wd, "link") && pair)) {
            span = suffix_number(wd, "nvlink") >= 0 ? 0 : skip;
            m->recognised++;
            if (num >= 0 && num < 18) {
                m->nvlinks |= 1u << num;
                m->given |= 1u << EMU_FACET_NVLINK;
                add_kind(m, EMU_KIND_NVLINK);
            }
        } else if (PLACE("ost")) {
            span = suffix_number(wd, "ost") >= 0 ? 0 : skip;
            /* Lustre names its targets in hex: OST000a */
            if (suffix_number(wd, "ost") >= 0 && strlen(wd) == 7)
                num = strtol(wd + 3, NULL, 16);
            m->recognised++;
            if (num >= 0 && num < EMU_MAX_OSTS) {
                m->osts |= 1ull << num;
                m->given |= 1u << EMU_FACET_OST;
                add_kind(m, EMU_KIND_STORAGE);
                uint32_t lustre = mounts_of_word(w, "lustre");
                if (popcount64(lustre) == 1)
                    m->mounts |= lustre, m->given |= 1u << EMU_FACET_MOUNT;
            }
        } else if (!strncmp(wd, "ost", 3) && strspn(wd + 3, "0123456789abcdef") == 4 &&
                   (!wd[7] || !strcmp(wd + 7, "_uuid"))) {
            /* OST000a, or an OST's UUID as lfs df prints it: lustrefs-OST0005_UUID */
            num = strtol(wd + 3, NULL, 16);
            m->recognised++;
            m->osts |= 1ull << (num & 31);
            m->given |= 1u << EMU_FACET_OST;
            add_kind(m, EMU_KIND_STORAGE);
            uint32_t lustre = mounts_of_word(w, "lustre");
            if (popcount64(lustre) == 1)
                m->mounts |= lustre, m->given |= 1u << EMU_FACET_MOUNT;
        } else if (PLACE("uplink")) {
            span = suffix_number(wd, "uplink") >= 0 ? 0 : skip;
            m->recognised++;
            if (num >= 1 && num <= 64) {
                m->uplinks |= 1ull << (num - 1);
                m->given |= 1u << EMU_FACET_UPLINK;
                add_kind(m, EMU_KIND_SWITCH);
            }
        } else if (PLACE("spine")) {
            span = suffix_number(wd, "spine") >= 0 ? 0 : skip;
            m->recognised++;
            if (num >= 1 && num <= 64)
                m->spines |= 1ull << (num - 1);
        } else if (PLACE("job") || PLACE("jobid") || (number_of(wd) >= 1000)) {
            if (number_of(wd) >= 1000)
                num = number_of(wd), span = 0;
            else
                span = (suffix_number(wd, "job") >= 0 || suffix_number(wd, "jobid") >= 0) ? 0 : skip;
            name_job(m, w, num);
        } else {
            /* a rate: "200g", "200gb", "200gbps", "200 gb/s", "200 gbit" */
            size_t d = strspn(wd, "0123456789");
            const char *unit = wd[d] ? wd + d : next;
            if (d > 0 && (!strcmp(unit, "g") || !strcmp(unit, "gb") || !strcmp(unit, "gbps") ||
                          !strcmp(unit, "gbit") || !strcmp(unit, "gbits") || !strcmp(unit, "gbp"))) {
                m->recognised++;
                add_cond(m, EMU_COND_RATE);
                span = wd[d] ? 0 : 1;
            } else {
                /* a netdev name (ibp79s0) */
                for (int k = 0; k < w->nodes[0].n_hcas; k++) {
                    char nd[24];
                    snprintf(nd, sizeof nd, "%s", w->nodes[0].hcas[k].netdev);
                    for (char *c = nd; *c; c++)
                        *c = (char)(*c >= 'A' && *c <= 'Z' ? *c + 32 : *c);
                    if (!strcmp(wd, nd)) {
                        name_hca(m, k);
                        used[i] = true;
                    }
                }
                continue;
            }
        }
#undef PLACE
        used[i] = true;
        for (size_t k = 1; k <= span && i + k < m->n_words; k++)
            used[i + k] = true;
        i += span;
    }
    /* with a leaf named, its port numbers and the spines name its uplinks: "r2-leaf01 port 7",
     * "the r2-leaf01 uplink to spine03" (the port a leaf numbers an uplink, model/fabric.h) */
    if (m->leaves) {
        for (int p = 1; p <= 64; p++) {
            int u = (m->port_numbers & (1ull << (p - 1))) ? emu_fabric_uplink_of_port(&w->cluster, p) : -1;
            if (u < 0 || u >= 64)
                continue;
            m->uplinks |= 1ull << u;
            m->given |= 1u << EMU_FACET_UPLINK;
            if (p <= 2)
                m->ports &= ~(1u << (p - 1));
        }
        if (!m->ports)
            m->given &= ~(1u << EMU_FACET_PORT);
        if (m->spines && !m->uplinks) {
            m->uplinks = m->spines;
            m->given |= 1u << EMU_FACET_UPLINK;
        }
    }
    /* the vocabulary, longest phrase first; a word can also name a mount ("lustre") */
    for (size_t i = 0; i < m->n_words;) {
        if (used[i]) {
            i++;
            continue;
        }
        size_t end = i;
        while (end < m->n_words && !used[end])
            end++;
        const emu_vocab_word *vw;
        size_t k = emu_vocab_match(m->words + i, end - i, &vw);
        uint32_t mounts = mounts_of_word(w, m->words[i]);
        if (mounts && k <= 1) {
            name_mount(m, mounts);
            if (k == 1) {
                add_kind(m, vw->kinds);
                add_cond(m, vw->conditions);
            }
            i++;
            continue;
        }
        if (k) {
            m->recognised++;
            add_kind(m, vw->kinds);
            add_cond(m, vw->conditions);
            i += k;
            continue;
        }
        i++;
    }
}

/* ---- judging ---------------------------------------------------------------------------------- */

/* The lab phrase `phrase` (normalized like the answer) among the answer's words. */
static bool has_phrase(const mention *m, const char *phrase)
{
    char buf[160];
    char *ws[24];
    size_t n = 0;
    snprintf(buf, sizeof buf, "%s", phrase);
    for (char *c = buf; *c; c++)
        *c = (char)(*c >= 'A' && *c <= 'Z' ? *c + 32 : *c);
    for (char *c = buf; *c && n < 24;) {
        while (*c && !((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '_'))
            *c++ = '\0';
        if (!*c)
            break;
        ws[n++] = c;
        while ((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '_')
            c++;
    }
    for (size_t i = 0; i < n; i++)
        emu_vocab_normalize_word(ws[i]);
    if (!n)
        return false;
    for (size_t i = 0; i + n <= m->n_words; i++) {
        size_t k = 0;
        while (k < n && !strcmp(m->words[i + k], ws[k]))
            k++;
        if (k == n)
            return true;
    }
    return false;
}

static bool any_word(const mention *m, const emu_diag *d)
{
    for (int i = 0; i < d->n_words; i++)
        if (has_phrase(m, d->words[i]))
            return true;
    return false;
}

/* How the answer's facets compare with an entry: named (the answer names it and agrees),
 * against (the answer names it and disagrees); bits 1 << EMU_FACET_*. For conditions, named
 * holds the conditions the answer names specifically and the entry has. */
typedef struct compare {
    uint32_t named, against;
    uint32_t conditions;     /* conditions named that the entry has */
    bool kinds_against;      /* a kind word that fits none of the entry's kinds */
    bool several;            /* a right place named together with others ... */
    int several_facet;       /* ... of this facet (the first found) */
} compare;

static void compare_set(uint64_t said, uint64_t want, int facet, compare *c)
{
    if (!said || !want)
        return;
    if (said & want)
        c->named |= 1u << facet;
    if (said & ~want) {
        if ((said & want) && !c->several) {
            c->several = true;
            c->several_facet = facet;
        }
        c->against |= 1u << facet;
    }
}

static compare compare_with(const mention *m, const emu_diag *d)
{
    compare c = {0, 0, 0, false, false, 0};
    if (d->given & (1u << EMU_FACET_NODE))
        compare_set(m->nodes, d->nodes, EMU_FACET_NODE, &c);
    if (d->given & (1u << EMU_FACET_GPU))
        compare_set(m->gpus, d->gpus, EMU_FACET_GPU, &c);
    if (d->given & (1u << EMU_FACET_HCA))
        compare_set(m->hcas, d->hcas, EMU_FACET_HCA, &c);
    if (d->given & (1u << EMU_FACET_PORT))
        compare_set(m->ports, d->ports, EMU_FACET_PORT, &c);
    if (d->given & (1u << EMU_FACET_NVLINK))
        compare_set(m->nvlinks, d->nvlinks, EMU_FACET_NVLINK, &c);
    if (d->given & (1u << EMU_FACET_MOUNT)) {
        /* a type word ("nfs") may name several mounts: right when the entry's is among them */
        if (m->mounts & d->mounts)
            c.named |= 1u << EMU_FACET_MOUNT;
        else if (m->mounts)
            c.against |= 1u << EMU_FACET_MOUNT;
        /* a type word naming several mounts is not "several components" */
    }
    if (d->given & (1u << EMU_FACET_OST))
        compare_set(m->osts, d->osts, EMU_FACET_OST, &c);
    if (d->given & (1u << EMU_FACET_LEAF))
        compare_set(m->leaves, d->leaves, EMU_FACET_LEAF, &c);
    if (d->given & (1u << EMU_FACET_UPLINK))
        compare_set(m->uplinks, d->uplinks, EMU_FACET_UPLINK, &c);
    if ((d->given & (1u << EMU_FACET_JOB)) && m->n_jobs) {
        bool right = false, wrong = false;
        for (int i = 0; i < m->n_jobs; i++) {
            bool in = false;
            for (int k = 0; k < d->n_jobs; k++)
                in |= m->jobs[i] == d->jobs[k];
            right |= in;
            wrong |= !in;
        }
        if (right)
            c.named |= 1u << EMU_FACET_JOB;
        if (wrong)
            c.against |= 1u << EMU_FACET_JOB;
    }
    /* a part of a node (a GPU index, an HCA name, a port, an NVLink) named with only a wrong
     * node is not confirmed: every node has a GPU 3 and an mlx5_4, so saying the part is right
     * would tell a guesser half the answer */
    if ((c.against & (1u << EMU_FACET_NODE)) && !(c.named & (1u << EMU_FACET_NODE)))
        c.named &= ~((1u << EMU_FACET_GPU) | (1u << EMU_FACET_HCA) | (1u << EMU_FACET_PORT) |
                     (1u << EMU_FACET_NVLINK));
    if (d->given & (1u << EMU_FACET_COMPONENT)) {
        for (int i = 0; i < m->n_kinds; i++) {
            uint32_t k = m->kind_masks[i];
            if (!(k & d->kinds))
                c.kinds_against = true;
            else if (!(k & (k - 1))) /* one kind: it names it */
                c.named |= 1u << EMU_FACET_COMPONENT;
        }
    }
    if (d->given & (1u << EMU_FACET_CONDITION)) {
        bool against = false;
        for (int i = 0; i < m->n_conds; i++) {
            uint32_t k = m->cond_masks[i];
            if (!(k & d->conditions))
                against = true;
            else if (!(k & (k - 1)))
                c.conditions |= k;
        }
        if (c.conditions)
            c.named |= 1u << EMU_FACET_CONDITION;
        else if (against)
            c.against |= 1u << EMU_FACET_CONDITION;
    }
    return c;
}

static bool identified(const emu_diag *d, const compare *c)
{
    for (int i = 0; i < d->n_require; i++) {
        const emu_require *r = &d->require[i];
        if ((c->named & r->facets) == r->facets && (c->conditions & r->conditions) == r->conditions &&
            (r->facets || r->conditions))
            return true;
    }
    return false;
}

#define PLACES                                                                                     \
    ((1u << EMU_FACET_NODE) | (1u << EMU_FACET_GPU) | (1u << EMU_FACET_HCA) |                      \
     (1u << EMU_FACET_PORT) | (1u << EMU_FACET_NVLINK) | (1u << EMU_FACET_MOUNT) |                 \
     (1u << EMU_FACET_OST) | (1u << EMU_FACET_LEAF) | (1u << EMU_FACET_UPLINK) |                   \
     (1u << EMU_FACET_JOB))

/* "node02 GPU 5", the places of an entry that c names, into out. */
static void put_places(const emu_world *w, const emu_diag *d, uint32_t facets, emu_out *out)
{
    int n = 0;
#define SEP() (n++ ? " " : "")
    for (int i = 0; i < w->n_nodes && (facets & (1u << EMU_FACET_NODE)); i++)
        if (d->nodes & (1ull << i))
            emu_out_printf(out, "%s%s", SEP(), w->nodes[i].name);
    for (int i = 0; i < 32 && (facets & (1u << EMU_FACET_GPU)); i++)
        if (d->gpus & (1u << i))
            emu_out_printf(out, "%sGPU %d", SEP(), i);
    for (int i = 0; i < w->nodes[0].n_hcas && (facets & (1u << EMU_FACET_HCA)); i++)
        if (d->hcas & (1u << i))
            emu_out_printf(out, "%s%s", SEP(), w->nodes[0].hcas[i].name);
    for (int i = 0; i < 2 && (facets & (1u << EMU_FACET_PORT)); i++)
        if (d->ports & (1u << i))
            emu_out_printf(out, "%sport %d", SEP(), i + 1);
    for (int i = 0; i < 18 && (facets & (1u << EMU_FACET_NVLINK)); i++)
        if (d->nvlinks & (1u << i))
            emu_out_printf(out, "%sNVLink %d", SEP(), i);
    for (int i = 0; i < w->n_mounts && (facets & (1u << EMU_FACET_MOUNT)); i++)
        if (d->mounts & (1u << i))
            emu_out_printf(out, "%s%s", SEP(), w->mounts[i].target);
    for (int i = 0; i < 32 && (facets & (1u << EMU_FACET_OST)); i++)
        if (d->osts & (1ull << i))
            emu_out_printf(out, "%sOST%04x", SEP(), (unsigned)i);
    for (int i = 0; i < 64 && (facets & (1u << EMU_FACET_LEAF)); i++)
        if (d->leaves & (1ull << i)) {
            char name[32];
            emu_fabric_leaf_name(&w->cluster, i, name, sizeof name);
            emu_out_printf(out, "%s%s", SEP(), name);
        }
    for (int i = 0; i < 64 && (facets & (1u << EMU_FACET_UPLINK)); i++)
        if (d->uplinks & (1ull << i))
            emu_out_printf(out, "%suplink %d", SEP(), i + 1);
    for (int i = 0; i < d->n_jobs && (facets & (1u << EMU_FACET_JOB)); i++)
        emu_out_printf(out, "%sjob %d", SEP(), d->jobs[i]);
#undef SEP
}

/* The places of diagnosis d that the answer m named (a list of right names, such as a link's two
 * ends, narrowed to those the answer gave), for "node02 GPU 2 is right, ...". */
static emu_diag right_places(const emu_diag *d, const mention *m)
{
    emu_diag r = *d;
#define NARROW(field) if (r.field & m->field) r.field &= m->field
    NARROW(nodes); NARROW(gpus); NARROW(hcas); NARROW(ports); NARROW(nvlinks); NARROW(mounts);
    NARROW(osts); NARROW(leaves); NARROW(uplinks);
#undef NARROW
    return r;
}

/* What to ask for when facet f is missing. */
static const char *missing_question(int f)
{
    switch (f) {
    case EMU_FACET_NODE: return "on which node? Every node has one; name the node too.";
    case EMU_FACET_GPU: return "which of its GPUs? Name the GPU too.";
    case EMU_FACET_HCA: return "which of its HCAs? Name the HCA too.";
    case EMU_FACET_PORT: return "which port? Name the port too.";
    case EMU_FACET_NVLINK: return "which NVLink? Name the link too.";
    case EMU_FACET_MOUNT: return "which file system? Name the mount too.";
    case EMU_FACET_OST: return "which OST? Name the target too.";
    case EMU_FACET_LEAF: return "which leaf switch? Name it too.";
    case EMU_FACET_UPLINK: return "which uplink? Name it too.";
    case EMU_FACET_JOB: return "which job? Name it too.";
    case EMU_FACET_CONDITION: return "what is wrong with it? Name what the evidence shows.";
    default: return "which component? Name the component too.";
    }
}

static const char *facet_word(int f)
{
    static const char *const words[EMU_FACET_COUNT] = {
        "component", "node", "GPU", "HCA", "port", "NVLink", "file system", "OST", "leaf switch",
        "uplink", "job", "condition"};
    return f >= 0 && f < EMU_FACET_COUNT ? words[f] : "component";
}

/* The mention's own places of facet f, for "not mlx5_0". */
static void put_said(const emu_world *w, const mention *m, int f, emu_out *out)
{
    emu_diag said;
    memset(&said, 0, sizeof said);
    said.nodes = m->nodes, said.gpus = m->gpus, said.hcas = m->hcas, said.ports = m->ports;
    said.nvlinks = m->nvlinks, said.mounts = m->mounts, said.osts = m->osts;
    said.leaves = m->leaves, said.uplinks = m->uplinks;
    for (int i = 0; i < m->n_jobs && i < EMU_MAX_DIAG_JOBS; i++)
        said.jobs[said.n_jobs++] = m->jobs[i];
    put_places(w, &said, 1u << f, out);
}

/* "a GPU", "an HCA": the first kind of a diagnosis, for "... is the right kind of component". */
static const char *kind_word(uint32_t kinds)
{
    static const char *const words[] = {
        "a GPU", "an HCA", "an NVLink", "Fabric Manager", "NCCL", "a file system", "a job",
        "a switch", "a node", "the BMC", "a power supply", "the data loader", "PCIe",
        "a driver", "the scheduler"};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (kinds & (1u << i))
            return words[i];
    return "that";
}

/* "the node and the GPU": the facets of a set. */
static void put_facet_list(uint32_t facets, emu_out *out)
{
    int n = 0, total = popcount64(facets);
    for (int f = 0; f < EMU_FACET_COUNT; f++) {
        if (!(facets & (1u << f)))
            continue;
        n++;
        emu_out_printf(out, "%sthe %s", n == 1 ? "" : n == total ? " and " : ", ",
                       facet_word(f));
    }
    if (!n)
        emu_out_printf(out, "where it is");
}

static int lowest_bit(uint32_t v)
{
    for (int i = 0; i < 32; i++)
        if (v & (1u << i))
            return i;
    return -1;
}

emu_verdict emu_answer_judge(const emu_world *w, const emu_scenario *s, const char *text,
                             emu_out *reply)
{
    mention *m = malloc(sizeof *m);
    if (!m) {
        emu_out_printf(reply, "out of memory.");
        return EMU_VERDICT_WRONG;
    }
    read_answer(w, text, m);
    const emu_diag *d = &s->diagnosis;
    compare c = compare_with(m, d);
    /* a phrase of the lab's own names the component and what is wrong with it, not where it
     * is: `answer nvidia-peermem` still needs the node when the diagnosis requires one */
    bool word = any_word(m, d);
    if (word) {
        c.named |= (d->given & (1u << EMU_FACET_COMPONENT)) | (d->given & (1u << EMU_FACET_CONDITION));
        c.conditions |= d->conditions;
    }
    emu_verdict verdict = EMU_VERDICT_WRONG;
    uint32_t places_against = c.against & PLACES;
    emu_diag hit = right_places(d, m);

    if (m->problem[0]) {
        emu_out_printf(reply, "%s.", m->problem);
        goto done;
    }
    if (!places_against && !c.several && identified(d, &c) &&
        !(c.against & (1u << EMU_FACET_CONDITION))) {
        verdict = EMU_VERDICT_RIGHT;
        goto done;
    }
    if (c.several) {
        emu_out_printf(reply, "name one component: this answer names more than one %s.",
                       facet_word(c.several_facet));
        goto done;
    }
    /* the right component named with a condition the evidence does not show */
    if (!places_against && identified(d, &c) && (c.against & (1u << EMU_FACET_CONDITION))) {
        verdict = EMU_VERDICT_PARTIAL;
        put_places(w, &hit, c.named & PLACES, reply);
        emu_out_printf(reply, "%s is the right component, but not what you say is wrong with it: ",
                       c.named & PLACES ? "" : "that");
        emu_out_printf(reply, "%s", d->against[EMU_FACET_CONDITION]
                                        ? d->against[EMU_FACET_CONDITION]
                                        : "read again what its own readings say is wrong.");
        goto done;
    }
    /* the lab's suspects: one matches when the answer names every facet it gives, or one of its
     * words; the one that matches most of what the answer names wins */
    int best = -1, best_score = 0;
    for (int i = 0; i < s->n_suspects; i++) {
        const emu_diag *sus = &s->suspects[i];
        compare sc = compare_with(m, sus);
        uint32_t want = sus->given;
        int score = 0;
        bool all = want != 0;
        for (int f = 0; f < EMU_FACET_COUNT; f++) {
            if (!(want & (1u << f)))
                continue;
            if (sc.named & (1u << f))
                score += 2;
            else
                all = false;
        }
        if (!all)
            score = 0;
        if (sus->n_words && any_word(m, sus))
            score += 3;
        if (score > 0 && !(sc.against & PLACES) && score > best_score) {
            best = i;
            best_score = score;
        }
    }
    uint32_t right = c.named & ~c.against;
    if (best >= 0) {
        bool partial = !places_against && !c.kinds_against &&
                       (right & (PLACES | (1u << EMU_FACET_COMPONENT) | (1u << EMU_FACET_CONDITION)));
        verdict = partial ? EMU_VERDICT_PARTIAL : EMU_VERDICT_WRONG;
        const emu_diag *sus = &s->suspects[best];
        emu_out_printf(reply, "%s", sus->reply_before && !emu_lab_probed(w, sus->after) ? sus->reply_before : sus->reply);
        goto done;
    }
    /* the lab's own job named as the cause */
    for (int i = 0; i < m->n_jobs; i++) {
        bool own = w->job.present && (m->jobs[i] == w->job.id || m->jobs[i] == s->job.id);
        bool in = false;
        for (int k = 0; k < d->n_jobs; k++)
            in |= d->jobs[k] == m->jobs[i];
        if (own && !in) {
            emu_out_printf(reply, "job %d is the job that has the problem, not its cause: name "
                                  "what slows it down.",
                           m->jobs[i]);
            goto done;
        }
    }
    if (!places_against && !c.kinds_against && (right || (m->n_kinds && !c.kinds_against))) {
        /* partial: right so far; ask for the first missing facet of the closest way to name it */
        verdict = EMU_VERDICT_PARTIAL;
        int closest = 0, closest_missing = 99;
        for (int i = 0; i < d->n_require; i++) {
            uint32_t miss = d->require[i].facets & ~c.named;
            int k = popcount64(miss) + popcount64(d->require[i].conditions & ~c.conditions);
            if (k < closest_missing)
                closest = i, closest_missing = k;
        }
        uint32_t miss = d->require[closest].facets & ~c.named;
        if (d->require[closest].conditions & ~c.conditions)
            miss |= 1u << EMU_FACET_CONDITION;
        int f = lowest_bit(miss);
        int fp = lowest_bit(miss & PLACES);
        if (popcount64(miss) == 1 && d->missing[f]) {
            /* one facet missing: the lab's reply for it (it may name the others: they are known) */
            emu_out_printf(reply, "%s", d->missing[f]);
        } else if (popcount64(miss & PLACES) == 1 && (miss & (1u << EMU_FACET_CONDITION)) &&
                   d->missing[fp]) {
            /* one place missing, and what is wrong: where comes first */
            emu_out_printf(reply, "%s", d->missing[fp]);
        } else if (!(right & (PLACES | (1u << EMU_FACET_COMPONENT))) && d->missing[EMU_FACET_COMPONENT]) {
            emu_out_printf(reply, "%s", d->missing[EMU_FACET_COMPONENT]);
        } else if (popcount64(miss) == 1 && (right & PLACES)) {
            put_places(w, &hit, right & PLACES, reply);
            emu_out_printf(reply, " is right so far, but %s", missing_question(f));
        } else if (right & (1u << EMU_FACET_COMPONENT)) {
            emu_out_printf(reply, "%s is the right kind of component, but which one? Name ",
                           kind_word(d->kinds));
            put_facet_list(miss & PLACES, reply);
            emu_out_printf(reply, ".");
        } else {
            emu_out_printf(reply, "that is the right area, but %s", missing_question(f));
        }
        goto done;
    }
    if (places_against) {
        int f = lowest_bit(places_against);
        if (right & PLACES) {
            put_places(w, &hit, right & PLACES, reply);
            emu_out_printf(reply, " is right, but not ");
            put_said(w, m, f, reply);
            emu_out_printf(reply, ": %s", d->against[f] ? d->against[f]
                                                        : "compare it with its peers again.");
            goto done;
        }
        if (right & (1u << EMU_FACET_COMPONENT)) {
            emu_out_printf(reply, "%s is the right kind of component, but not ", kind_word(d->kinds));
            put_said(w, m, f, reply);
            emu_out_printf(reply, ": %s", d->against[f] ? d->against[f]
                                                        : "compare it with its peers again.");
            goto done;
        }
        if (d->against[f]) {
            emu_out_printf(reply, "%s", d->against[f]);
            goto done;
        }
    }
    if (!places_against && c.kinds_against && (right & PLACES)) {
        put_places(w, &hit, right & PLACES, reply);
        emu_out_printf(reply, " is right, but not that component: name the part of it the "
                              "evidence implicates.");
        goto done;
    }
    bool specific = m->given != 0;
    for (int i = 0; i < m->n_kinds; i++)
        specific |= !(m->kind_masks[i] & (m->kind_masks[i] - 1));
    for (int i = 0; i < m->n_conds; i++)
        specific |= !(m->cond_masks[i] & (m->cond_masks[i] - 1));
    if (m->recognised && !specific && !c.kinds_against) {
        verdict = EMU_VERDICT_PARTIAL;
        emu_out_printf(reply, "%s", d->missing[EMU_FACET_COMPONENT]
                                        ? d->missing[EMU_FACET_COMPONENT]
                                        : "that says how the problem shows, not where it is. "
                                          "Name the component and where it is.");
        goto done;
    }
    if (!m->recognised) {
        char eg[256];
        emu_out_printf(reply, "I cannot tell what component that names. Name a kind and where it "
                              "is: a node and GPU, an HCA, a file system, a job%s.",
                       emu_lab_answer_example(s, eg, sizeof eg));
        goto done;
    }
    emu_out_printf(reply, "nothing in the evidence points there. Name the component the evidence "
                          "implicates (a node and GPU, an HCA, a storage target, a setting), or "
                          "try `hint`.");
done:
    free(m);
    return verdict;
}
