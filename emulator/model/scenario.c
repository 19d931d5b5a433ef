/* scenario.c: lab scenarios from a document (doc.h: YAML natively, JSON in the WebAssembly
 * module) into emu_scenario, with every problem reported as
 * "path:line:col: error: ...", and the built-in scenario a session without a lab opens. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "compat/numscan.h"
#include "compat/regex_nfa.h"
#include "doc.h"
#include "hardware.h"
#include "fabric.h"
#include "layout.h"
#include "scenario.h"
#include "labs/vocab.h"

/* ---- error collection ------------------------------------------------------------------------- */

typedef struct sp {
    const char *path;
    char *err;                /* accumulated messages, one per line */
    size_t err_len, err_cap;
    int n_errors;
    emu_scenario *s;
    emu_layout layout;        /* the node the cluster section describes (faults name its parts) */
} sp;

/* Adds "path:line:col: error: msg" to p's messages. */
static void sp_add(sp *p, const emu_doc_node *node, const char *msg)
{
    char line[768];
    int n = snprintf(line, sizeof line, "%s:%zu:%zu: error: %s\n", p->path,
                     node ? node->line : 1, node ? node->column : 1,
                     msg);
    if (n < 0)
        return;
    size_t len = (size_t)n < sizeof line ? (size_t)n : sizeof line - 1;
    if (p->err_len + len + 1 > p->err_cap) {
        size_t cap = (p->err_cap ? p->err_cap * 2 : 1024) + len;
        char *grown = realloc(p->err, cap);
        if (!grown)
            return;
        p->err = grown;
        p->err_cap = cap;
    }
    memcpy(p->err + p->err_len, line, len);
    p->err_len += len;
    p->err[p->err_len] = '\0';
    p->n_errors++;
}

#ifdef EMU_CORE_MODULE
/* The core WebAssembly module (wasm/README.md, "Two modules") is handed only scenarios the
 * native build has already checked (labs.json), so it keeps every check but none of the
 * messages' texts: an error there says where, not what, and asks the host for the full module
 * (emw_wants_full, wasm/emu_wasm.c), whose catalog gives the same text as the native build
 * (console.js's SplitHost.addLab). The format is still checked by the compiler, in sizeof,
 * which evaluates nothing: about 3 KB less in the gzipped core. */
extern int emw_wants_full;
int sp_format_check(const char *format, ...) __attribute__((format(printf, 1, 2)));
#define sp_error(p, node, ...) \
    (emw_wants_full = 1, sp_add((p), (node), "the full module names the problem"), \
     (void)sizeof sp_format_check(__VA_ARGS__))
#else
__attribute__((format(printf, 3, 4))) static void sp_error(sp *p, const emu_doc_node *node,
                                                           const char *format, ...)
{
    va_list args;
    va_start(args, format);
    char msg[512];
    vsnprintf(msg, sizeof msg, format, args);
    va_end(args);
    sp_add(p, node, msg);
}
#endif

/* ---- typed readers ------------------------------------------------------------------------------ */

static const char *sp_scalar(sp *p, const emu_doc_node *n, const char *key)
{
    if (!n || n->kind != EMU_DOC_SCALAR) {
        sp_error(p, n, "'%s' must be a scalar value", key);
        return NULL;
    }
    return n->text;
}

static bool sp_double(sp *p, const emu_doc_node *n, const char *key, double min, double max, double *out)
{
    const char *v = sp_scalar(p, n, key);
    if (!v)
        return false;
    char *end = NULL;
    errno = 0;
    double d = emu_strtod(v, &end);
    if (end == v || *end != '\0' || errno != 0 || !isfinite(d)) {
        sp_error(p, n, "'%s' must be a number, not '%s'", key, v);
        return false;
    }
    if (d < min || d > max) {
        sp_error(p, n, "'%s' is %s, outside %g..%g", key, v, min, max);
        return false;
    }
    *out = d;
    return true;
}

static bool sp_int(sp *p, const emu_doc_node *n, const char *key, long min, long max, long *out)
{
    const char *v = sp_scalar(p, n, key);
    if (!v)
        return false;
    char *end = NULL;
    errno = 0;
    long l = strtol(v, &end, 10);
    if (end == v || *end != '\0' || errno != 0) {
        sp_error(p, n, "'%s' must be an integer, not '%s'", key, v);
        return false;
    }
    if (l < min || l > max) {
        sp_error(p, n, "'%s' is %ld, outside %ld..%ld", key, l, min, max);
        return false;
    }
    *out = l;
    return true;
}

static bool sp_bool(sp *p, const emu_doc_node *n, const char *key, bool *out)
{
    const char *v = sp_scalar(p, n, key);
    if (!v)
        return false;
    if (!strcmp(v, "true") || !strcmp(v, "yes") || !strcmp(v, "1")) {
        *out = true;
        return true;
    }
    if (!strcmp(v, "false") || !strcmp(v, "no") || !strcmp(v, "0")) {
        *out = false;
        return true;
    }
    sp_error(p, n, "'%s' must be true or false, not '%s'", key, v);
    return false;
}

static char *sp_strdup(const char *s)
{
    size_t n = strlen(s);
    char *d = malloc(n + 1);
    if (d)
        memcpy(d, s, n + 1);
    return d;
}

/* A malloc'd copy of a scalar with trailing newlines trimmed (block scalars end with one). */
static bool sp_text(sp *p, const emu_doc_node *n, const char *key, char **out)
{
    const char *v = sp_scalar(p, n, key);
    if (!v)
        return false;
    if (!*v) {
        sp_error(p, n, "'%s' must not be empty", key);
        return false;
    }
    char *d = sp_strdup(v);
    if (!d) {
        sp_error(p, n, "out of memory");
        return false;
    }
    size_t len = strlen(d);
    while (len && (d[len - 1] == '\n' || d[len - 1] == ' '))
        d[--len] = '\0';
    free(*out);
    *out = d;
    return true;
}

static bool sp_buf(sp *p, const emu_doc_node *n, const char *key, char *buf, size_t size)
{
    const char *v = sp_scalar(p, n, key);
    if (!v)
        return false;
    if (strlen(v) >= size) {
        sp_error(p, n, "'%s' is longer than %zu characters", key, size - 1);
        return false;
    }
    memcpy(buf, v, strlen(v) + 1);
    return true;
}

static bool sp_is_mapping(sp *p, const emu_doc_node *n, const char *what)
{
    if (!n || n->kind != EMU_DOC_MAPPING) {
        sp_error(p, n, "%s must be a mapping", what);
        return false;
    }
    return true;
}

static bool sp_is_sequence(sp *p, const emu_doc_node *n, const char *what)
{
    if (!n || n->kind != EMU_DOC_SEQUENCE) {
        sp_error(p, n, "%s must be a list", what);
        return false;
    }
    return true;
}

/* Checks that every key of mapping n is in `known` (space-separated) and that no key repeats. */
static void sp_check_keys(sp *p, const emu_doc_node *n, const char *section, const char *known)
{
    for (size_t pair = 0; pair < n->count; pair++) {
        const emu_doc_node *k = n->items[2 * pair];
        if (!k || k->kind != EMU_DOC_SCALAR) {
            sp_error(p, k, "keys in %s must be plain names", section);
            continue;
        }
        const char *key = k->text;
        size_t klen = strlen(key);
        bool found = false;
        for (const char *w = known; *w;) {
            const char *e = strchr(w, ' ');
            size_t wl = e ? (size_t)(e - w) : strlen(w);
            if (wl == klen && !strncmp(w, key, wl)) {
                found = true;
                break;
            }
            w += wl;
            while (*w == ' ')
                w++;
        }
        if (!found)
            sp_error(p, k, "unknown key '%s' in %s (expected one of: %s)", key, section, known);
        for (size_t q = 0; q < pair; q++) {
            const emu_doc_node *k2 = n->items[2 * q];
            if (k2 && k2->kind == EMU_DOC_SCALAR && !strcmp(k2->text, key)) {
                sp_error(p, k, "duplicate key '%s' in %s", key, section);
                break;
            }
        }
    }
}

/* The value of key in mapping n, or NULL. */
static const emu_doc_node *sp_get(const emu_doc_node *n, const char *key)
{
    if (!n || n->kind != EMU_DOC_MAPPING)
        return NULL;
    for (size_t pair = 0; pair < n->count; pair++) {
        const emu_doc_node *k = n->items[2 * pair];
        if (k && k->kind == EMU_DOC_SCALAR && !strcmp(k->text, key))
            return n->items[2 * pair + 1];
    }
    return NULL;
}

static const emu_doc_node *sp_require(sp *p, const emu_doc_node *n, const char *key, const char *section)
{
    const emu_doc_node *v = sp_get(n, key);
    if (!v)
        sp_error(p, n, "%s needs '%s'", section, key);
    return v;
}

/* Parses "2026-03-14T09:00:00Z" (UTC). */
static bool sp_time(sp *p, const emu_doc_node *n, const char *key, double *out)
{
    const char *v = sp_scalar(p, n, key);
    if (!v)
        return false;
    struct tm tm;
    memset(&tm, 0, sizeof tm);
    int used = 0;
    if (emu_sscanf(v, "%4d-%2d-%2dT%2d:%2d:%2dZ%n", &tm.tm_year, &tm.tm_mon, &tm.tm_mday,
                   &tm.tm_hour, &tm.tm_min, &tm.tm_sec, &used) != 6 || v[used] != '\0' || tm.tm_mon < 1 ||
        tm.tm_mon > 12 || tm.tm_mday < 1 || tm.tm_mday > 31 || tm.tm_hour > 23 || tm.tm_min > 59 ||
        tm.tm_sec > 60 || tm.tm_year < 1970) {
        sp_error(p, n, "'%s' must be a UTC time like 2026-03-14T09:00:00Z, not '%s'", key, v);
        return false;
    }
    tm.tm_year -= 1900;
    tm.tm_mon -= 1;
    *out = (double)timegm(&tm);
    return true;
}

/* ---- name resolution ---------------------------------------------------------------------------- */

static int sp_node_index(sp *p, const emu_doc_node *n, const char *key)
{
    const char *v = sp_scalar(p, n, key);
    if (!v)
        return -1;
    int num = 0, used = 0;
    if (emu_sscanf(v, "node%2d%n", &num, &used) == 1 && v[used] == '\0' && num >= 1 &&
        num <= p->s->cluster.n_nodes && strlen(v) == 6)
        return num - 1;
    sp_error(p, n, "'%s' names no node of this cluster: '%s' (nodes are node01..node%02d)", key,
             v, p->s->cluster.n_nodes);
    return -1;
}

static int sp_mount_index(sp *p, const emu_doc_node *n, const char *key)
{
    const char *v = sp_scalar(p, n, key);
    if (!v)
        return -1;
    for (int i = 0; i < p->s->n_mounts; i++)
        if (!strcmp(p->s->mounts[i].name, v))
            return i;
    sp_error(p, n, "'%s' names no storage entry: '%s'", key, v);
    return -1;
}

/* ---- sections ----------------------------------------------------------------------------------- */

/* The InfiniBand speeds by name: per-port rate and lanes (IBTA: EDR 25, HDR 50, NDR 100, XDR
 * 200 Gb/s per lane; HDR100 and NDR200 are the two-lane splits of an HDR and an NDR port). */
static const struct {
    const char *name;
    int rate_gbit_per_s, width;
} hca_speeds[] = {{"EDR", 100, 4}, {"HDR100", 100, 2}, {"HDR", 200, 4}, {"NDR200", 200, 2},
                  {"NDR", 400, 4}, {"XDR", 800, 4}};

static const char *const nvlink_names[] = {"none", "switch", "cube-mesh", "bridge"};

/* cluster.pcie_switches: [{numa: 0, gpus: [0, 1], nics: 1}, ...] */
static void sp_pcie_switches(sp *p, const emu_doc_node *n)
{
    emu_cluster_desc *c = &p->s->cluster;
    if (!sp_is_sequence(p, n, "cluster.pcie_switches"))
        return;
    int seen[EMU_MAX_GPUS] = {0}, cards = 0;
    int want_cards = (c->compute_hcas + c->hca_ports_per_card - 1) / c->hca_ports_per_card;
    for (size_t it = 0; it < n->count; it++) {
        const emu_doc_node *m = n->items[it];
        if (!sp_is_mapping(p, m, "a PCIe switch"))
            continue;
        if (c->n_switches >= EMU_MAX_SWITCHES) {
            sp_error(p, m, "at most %d PCIe switches", EMU_MAX_SWITCHES);
            break;
        }
        emu_pcie_switch_desc *d = &c->switches[c->n_switches++];
        memset(d, 0, sizeof *d);
        sp_check_keys(p, m, "a PCIe switch", "numa gpus nics");
        const emu_doc_node *v;
        long l;
        if ((v = sp_get(m, "numa")) && sp_int(p, v, "numa", 0, c->numa_nodes - 1, &l))
            d->numa = (int)l;
        if ((v = sp_get(m, "gpus")) && sp_is_sequence(p, v, "a PCIe switch's gpus"))
            for (size_t k = 0; k < v->count; k++)
                if (sp_int(p, v->items[k], "gpus", 0, c->gpus_per_node - 1, &l)) {
                    if (seen[l]++)
                        sp_error(p, v->items[k], "GPU %ld is behind two PCIe switches", l);
                    else if (d->n_gpus < EMU_MAX_GPUS)
                        d->gpus[d->n_gpus++] = (int)l;
                }
        if ((v = sp_get(m, "nics")) && sp_int(p, v, "nics", 0, EMU_MAX_COMPUTE_HCAS, &l))
            for (long k = 0; k < l && cards < EMU_MAX_COMPUTE_HCAS; k++)
                d->cards[d->n_cards++] = cards++;
    }
    for (int g = 0; g < c->gpus_per_node; g++)
        if (!seen[g])
            sp_error(p, n, "GPU %d is behind no PCIe switch (every GPU needs one)", g);
    if (cards != want_cards)
        sp_error(p, n, "the PCIe switches hold %d adapter cards; the node has %d (hcas %d, %d per card)",
                 cards, want_cards, c->compute_hcas, c->hca_ports_per_card);
}

/* cluster.fabric: the leaf and spine switches of the training fabric. */
static void sp_fabric(sp *p, const emu_doc_node *n)
{
    emu_fabric_desc *f = &p->s->cluster.fabric;
    if (!sp_is_mapping(p, n, "cluster.fabric"))
        return;
    sp_check_keys(p, n, "cluster.fabric", "rail_optimized nodes_per_leaf uplinks_per_leaf sharp");
    const emu_doc_node *v;
    long l;
    if ((v = sp_get(n, "rail_optimized")))
        sp_bool(p, v, "rail_optimized", &f->rail_optimized);
    if ((v = sp_get(n, "nodes_per_leaf")) && sp_int(p, v, "nodes_per_leaf", 1, EMU_MAX_NODES, &l))
        f->nodes_per_leaf = (int)l;
    if ((v = sp_get(n, "uplinks_per_leaf")) && sp_int(p, v, "uplinks_per_leaf", 1, 1024, &l))
        f->uplinks_per_leaf = (int)l;
    if ((v = sp_get(n, "sharp")))
        sp_bool(p, v, "sharp", &f->sharp);
}

/* cluster.cable: {part_number, length_m}: the compute ports' cable or transceiver. */
static void sp_cable(sp *p, const emu_doc_node *n)
{
    emu_cluster_desc *c = &p->s->cluster;
    if (!sp_is_mapping(p, n, "cluster.cable"))
        return;
    sp_check_keys(p, n, "cluster.cable", "part_number length_m");
    const emu_doc_node *v;
    long l;
    if ((v = sp_get(n, "part_number"))) {
        const char *pn = sp_scalar(p, v, "part_number");
        c->cable = pn ? emu_module_spec_find(pn) : NULL;
        if (pn && !c->cable) {
            char list[300] = "";
            for (int i = 0; emu_module_spec_at(i); i++)
                snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "",
                         emu_module_spec_at(i)->part_number);
            sp_error(p, v, "unknown cable part number '%s' (expected one of: %s)", pn, list);
        }
    }
    if ((v = sp_get(n, "length_m")) && sp_int(p, v, "length_m", 1, 2000, &l))
        c->cable_length_m = (int)l;
}

/* The leaf radix of the switch generation at a port rate: Quantum-2 QM9700 (64 NDR ports),
 * Quantum QM8700 (40 HDR ports), Switch-IB 2 SB7800 (36 EDR ports), Quantum-X800 Q3400 (144 XDR
 * ports): half the ports face the nodes, half the spines (NVIDIA's switch datasheets). */
static int leaf_ports_down(int rate_gbit_per_s)
{
    return rate_gbit_per_s > 400 ? 72 : rate_gbit_per_s > 200 ? 32 : rate_gbit_per_s > 100 ? 20 : 18;
}

static void sp_cluster(sp *p, const emu_doc_node *n)
{
    emu_cluster_desc *c = &p->s->cluster;
    memset(c, 0, sizeof *c);
    c->gpu = emu_gpu_spec_find("H100");
    c->n_nodes = 2;
    c->bootstrap_rate_gbit_per_s = 200;
    snprintf(c->name, sizeof c->name, "trn");
    snprintf(c->bmc_user, sizeof c->bmc_user, "admin");
    snprintf(c->bmc_password, sizeof c->bmc_password, "admin");
    const emu_doc_node *v, *gpu_node = NULL, *system_node = NULL, *topo_node = NULL;
    long l;
    bool have_gpu = false;
    if (n && sp_is_mapping(p, n, "cluster")) {
        sp_check_keys(p, n, "cluster",
                      "name gpu system nodes gpus_per_node nvlink hcas hca_ports hca_speed "
                      "hca_rate_gbit_per_s hca_width link_layer bootstrap_rate_gbit_per_s numa_nodes "
                      "cpus pcie_switches fabric cable bmc_user bmc_password");
        if ((v = sp_get(n, "name")))
            sp_buf(p, v, "name", c->name, sizeof c->name);
        if ((v = sp_get(n, "bmc_user")))
            sp_buf(p, v, "bmc_user", c->bmc_user, sizeof c->bmc_user);
        if ((v = sp_get(n, "bmc_password")))
            sp_buf(p, v, "bmc_password", c->bmc_password, sizeof c->bmc_password);
        if ((gpu_node = sp_get(n, "gpu"))) {
            const char *g = sp_scalar(p, gpu_node, "gpu");
            const emu_gpu_spec *spec = g ? emu_gpu_spec_find(g) : NULL;
            if (spec) {
                c->gpu = spec;
                have_gpu = true;
            } else if (g) {
                char list[300] = "";
                for (int i = 0; emu_gpu_spec_at(i); i++)
                    snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "",
                             emu_gpu_spec_at(i)->key);
                sp_error(p, gpu_node, "unknown gpu '%s' (expected one of: %s)", g, list);
            }
        }
        if ((system_node = sp_get(n, "system"))) {
            const char *k = sp_scalar(p, system_node, "system");
            c->system = k ? emu_system_spec_find(k) : NULL;
            if (k && !c->system) {
                char list[300] = "";
                for (int i = 0; emu_system_spec_at(i); i++)
                    snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "",
                             emu_system_spec_at(i)->key);
                sp_error(p, system_node, "unknown system '%s' (expected one of: %s)", k, list);
            }
        }
    }
    if (c->system && !have_gpu)
        c->gpu = emu_gpu_spec_find(c->system->gpu);
    if (!c->system)
        c->system = emu_system_spec_find(c->gpu->default_system);
    const emu_system_spec *sys = c->system;
    if (gpu_node && system_node && have_gpu) {
        const emu_gpu_spec *native = emu_gpu_spec_find(sys->gpu);
        if (native->sxm != c->gpu->sxm || (sys->nvlink == EMU_NVLINK_CUBE_MESH) != (c->gpu->arch == EMU_ARCH_VOLTA))
            sp_error(p, gpu_node, "a %s does not fit a %s (%s)", c->gpu->key, sys->key,
                     native->sxm ? "an SXM baseboard" : "PCIe card slots");
    }
    c->gpus_per_node = sys->gpus;
    c->nvlink = sys->nvlink;
    c->compute_hcas = sys->compute_hcas;
    c->hca_ports_per_card = sys->hca_ports_per_card;
    c->hca_rate_gbit_per_s = sys->hca_rate_gbit_per_s;
    c->hca_width = 4;
    c->numa_nodes = sys->numa_nodes;
    c->cpus = sys->cpus;
    c->fabric.rail_optimized = true;
    if (n && n->kind == EMU_DOC_MAPPING) {
        if ((v = sp_get(n, "nodes")) && sp_int(p, v, "nodes", 1, EMU_MAX_NODES, &l))
            c->n_nodes = (int)l;
        if ((v = sp_get(n, "gpus_per_node")) && sp_int(p, v, "gpus_per_node", 1, EMU_MAX_GPUS, &l))
            c->gpus_per_node = (int)l;
        if ((topo_node = sp_get(n, "nvlink"))) {
            const char *t = sp_scalar(p, topo_node, "nvlink");
            int found = -1;
            for (int i = 0; t && i < 4; i++)
                if (!strcmp(t, nvlink_names[i]))
                    found = i;
            if (t && found < 0)
                sp_error(p, topo_node, "unknown nvlink '%s' (expected none, switch, cube-mesh or bridge)", t);
            else if (found >= 0)
                c->nvlink = (emu_nvlink_topology)found;
        }
        if ((v = sp_get(n, "hcas")) && sp_int(p, v, "hcas", 1, EMU_MAX_COMPUTE_HCAS, &l))
            c->compute_hcas = (int)l;
        if ((v = sp_get(n, "hca_ports")) && sp_int(p, v, "hca_ports", 1, 2, &l))
            c->hca_ports_per_card = (int)l;
        if ((v = sp_get(n, "hca_speed"))) {
            const char *sp_name = sp_scalar(p, v, "hca_speed");
            bool found = false;
            for (size_t i = 0; sp_name && i < sizeof hca_speeds / sizeof hca_speeds[0]; i++)
                if (!strcmp(sp_name, hca_speeds[i].name)) {
                    c->hca_rate_gbit_per_s = hca_speeds[i].rate_gbit_per_s;
                    c->hca_width = hca_speeds[i].width;
                    found = true;
                }
            if (sp_name && !found)
                sp_error(p, v, "unknown hca_speed '%s' (expected EDR, HDR100, HDR, NDR200, NDR or XDR)", sp_name);
        }
        if ((v = sp_get(n, "hca_rate_gbit_per_s")) && sp_int(p, v, "hca_rate_gbit_per_s", 10, 800, &l))
            c->hca_rate_gbit_per_s = (int)l;
        if ((v = sp_get(n, "hca_width")) && sp_int(p, v, "hca_width", 1, 4, &l)) {
            if (l == 3)
                sp_error(p, v, "'hca_width' must be 1, 2 or 4 lanes");
            c->hca_width = (int)l;
        }
        if ((v = sp_get(n, "link_layer"))) {
            const char *ll = sp_scalar(p, v, "link_layer");
            if (ll && !strcmp(ll, "ethernet"))
                c->roce = true;
            else if (ll && strcmp(ll, "infiniband"))
                sp_error(p, v, "'link_layer' must be infiniband or ethernet (RoCE), not '%s'", ll);
        }
        if ((v = sp_get(n, "bootstrap_rate_gbit_per_s")) &&
            sp_int(p, v, "bootstrap_rate_gbit_per_s", 1, 800, &l))
            c->bootstrap_rate_gbit_per_s = (int)l;
        if ((v = sp_get(n, "numa_nodes")) && sp_int(p, v, "numa_nodes", 1, EMU_MAX_NUMA, &l))
            c->numa_nodes = (int)l;
        if ((v = sp_get(n, "cpus")) && sp_int(p, v, "cpus", 8, 1024, &l))
            c->cpus = (int)l;
    }
    int cards = (c->compute_hcas + c->hca_ports_per_card - 1) / c->hca_ports_per_card;
    if (cards > 8)
        sp_error(p, n, "at most 8 compute adapter cards per node (hcas %d at %d ports a card)",
                 c->compute_hcas, c->hca_ports_per_card);
    if (c->nvlink == EMU_NVLINK_SWITCH && !c->gpu->sxm)
        sp_error(p, topo_node ? topo_node : n, "nvlink: switch needs SXM GPUs (a %s is a PCIe card)", c->gpu->key);
    if (c->nvlink == EMU_NVLINK_CUBE_MESH && c->gpu->arch != EMU_ARCH_VOLTA)
        sp_error(p, topo_node ? topo_node : n, "nvlink: cube-mesh is the DGX-1's V100 topology");
    if (c->nvlink == EMU_NVLINK_BRIDGE_PAIRS && c->gpus_per_node % 2)
        sp_error(p, topo_node ? topo_node : n, "nvlink: bridge joins GPUs in pairs: gpus_per_node must be even");
    if (c->cpus % c->numa_nodes)
        sp_error(p, n, "cpus (%d) must divide evenly over numa_nodes (%d)", c->cpus, c->numa_nodes);
    c->fabric.nodes_per_leaf = leaf_ports_down(c->hca_rate_gbit_per_s);
    if (n && n->kind == EMU_DOC_MAPPING) {
        if ((v = sp_get(n, "pcie_switches")))
            sp_pcie_switches(p, v);
        if ((v = sp_get(n, "fabric")))
            sp_fabric(p, v);
        if ((v = sp_get(n, "cable")))
            sp_cable(p, v);
    }
    if (c->fabric.uplinks_per_leaf == 0) /* non-blocking: as many up as down */
        c->fabric.uplinks_per_leaf = c->fabric.nodes_per_leaf * (c->fabric.rail_optimized ? 1 : c->compute_hcas);
    emu_layout_make(c, &p->layout);
}

static const char *const mount_keys =
    "name type source target size_tb used_tb read_mb_per_s write_mb_per_s metadata_latency_ms "
    "osts mdt_size_tb mdt_used_tb stripe_count stripe_size_mb";

/* A Lustre entry's targets: osts as a count (the size and use split over that many OSTs, with
 * the small unevenness of real striping) or a list of {size_tb, used_tb}, one per OST, whose
 * sums are the file system's size and use. */
static void sp_lustre(sp *p, const emu_doc_node *m, emu_mount *mt, bool size_given, bool used_given)
{
    const emu_doc_node *v;
    double d;
    long l;
    mt->stripe_count = 1;
    mt->stripe_size_bytes = 1048576;
    bool lustre = !strcmp(mt->fstype, "lustre");
    const char *only[] = {"osts", "mdt_size_tb", "mdt_used_tb", "stripe_count", "stripe_size_mb"};
    for (size_t i = 0; i < sizeof only / sizeof only[0]; i++)
        if (!lustre && (v = sp_get(m, only[i])))
            sp_error(p, v, "'%s' is for a lustre entry, not %s", only[i], mt->fstype);
    if (!lustre)
        return;
    if ((v = sp_get(m, "osts"))) {
        if (v->kind == EMU_DOC_SCALAR) {
            if (sp_int(p, v, "osts", 1, EMU_MAX_OSTS, &l))
                mt->n_osts = (int)l;
        } else if (sp_is_sequence(p, v, "osts")) {
            if (size_given || used_given)
                sp_error(p, v, "with a list of osts, size_tb and used_tb are their sums: give one or the other");
            if (v->count > EMU_MAX_OSTS)
                sp_error(p, v, "at most %d OSTs", EMU_MAX_OSTS);
            mt->size_bytes = mt->used_bytes = 0;
            mt->osts_listed = true;
            for (size_t k = 0; k < v->count && k < EMU_MAX_OSTS; k++) {
                const emu_doc_node *o = v->items[k];
                if (!sp_is_mapping(p, o, "an OST"))
                    continue;
                sp_check_keys(p, o, "an OST", "size_tb used_tb");
                emu_ost *t = &mt->osts[mt->n_osts++];
                t->size_bytes = 100e12;
                const emu_doc_node *e;
                if ((e = sp_require(p, o, "size_tb", "an OST")) && sp_double(p, e, "size_tb", 0.001, 1e5, &d))
                    t->size_bytes = d * 1e12;
                if ((e = sp_require(p, o, "used_tb", "an OST")) && sp_double(p, e, "used_tb", 0, 1e5, &d)) {
                    t->used_bytes = d * 1e12;
                    if (t->used_bytes > t->size_bytes)
                        sp_error(p, e, "an OST's 'used_tb' exceeds its 'size_tb'");
                }
                mt->size_bytes += t->size_bytes;
                mt->used_bytes += t->used_bytes;
            }
        }
    }
    /* one MDT of 0.3% of the capacity, 14% used, by default (a modelling choice: an MDT holds
     * inodes and directories, not data, so it is far smaller than the OSTs and fills slower) */
    mt->mdt_size_bytes = mt->size_bytes * 0.003;
    mt->mdt_used_bytes = mt->mdt_size_bytes * 0.14;
    if ((v = sp_get(m, "mdt_size_tb")) && sp_double(p, v, "mdt_size_tb", 0.001, 1e4, &d))
        mt->mdt_size_bytes = d * 1e12;
    if ((v = sp_get(m, "mdt_used_tb")) && sp_double(p, v, "mdt_used_tb", 0, 1e4, &d)) {
        mt->mdt_used_bytes = d * 1e12;
        if (mt->mdt_used_bytes > mt->mdt_size_bytes)
            sp_error(p, v, "'mdt_used_tb' exceeds 'mdt_size_tb'");
    }
    if ((v = sp_get(m, "stripe_count")) && sp_int(p, v, "stripe_count", -1, EMU_MAX_OSTS, &l)) {
        if (l == 0)
            sp_error(p, v, "'stripe_count' is -1 (every OST) or 1..%d", EMU_MAX_OSTS);
        mt->stripe_count = (int)l;
    }
    if ((v = sp_get(m, "stripe_size_mb")) && sp_double(p, v, "stripe_size_mb", 0.0625, 4096, &d))
        mt->stripe_size_bytes = d * 1048576.0;
}

static void sp_storage(sp *p, const emu_doc_node *n)
{
    emu_scenario *s = p->s;
    if (!n)
        return;
    if (!sp_is_sequence(p, n, "storage"))
        return;
    for (size_t it = 0; it < n->count; it++) {
        const emu_doc_node *m = n->items[it];
        if (!sp_is_mapping(p, m, "a storage entry"))
            continue;
        if (s->n_mounts >= EMU_MAX_MOUNTS) {
            sp_error(p, m, "at most %d storage entries", EMU_MAX_MOUNTS);
            break;
        }
        emu_mount *mt = &s->mounts[s->n_mounts];
        memset(mt, 0, sizeof *mt);
        sp_check_keys(p, m, "storage entry", mount_keys);
        const emu_doc_node *v;
        double d;
        if ((v = sp_require(p, m, "name", "a storage entry")))
            sp_buf(p, v, "name", mt->name, sizeof mt->name);
        for (int i = 0; i < s->n_mounts; i++)
            if (v && mt->name[0] && !strcmp(s->mounts[i].name, mt->name))
                sp_error(p, v, "storage name '%s' is used twice", mt->name);
        if ((v = sp_require(p, m, "type", "a storage entry")) &&
            sp_buf(p, v, "type", mt->fstype, sizeof mt->fstype)) {
            if (strcmp(mt->fstype, "nfs4") && strcmp(mt->fstype, "lustre") &&
                strcmp(mt->fstype, "ext4") && strcmp(mt->fstype, "xfs"))
                sp_error(p, v, "unknown storage type '%s' (expected nfs4, lustre, ext4 or xfs)",
                         mt->fstype);
        }
        if ((v = sp_require(p, m, "source", "a storage entry")))
            sp_buf(p, v, "source", mt->source, sizeof mt->source);
        if ((v = sp_require(p, m, "target", "a storage entry")) &&
            sp_buf(p, v, "target", mt->target, sizeof mt->target) && mt->target[0] != '/')
            sp_error(p, v, "'target' must be an absolute path, not '%s'", mt->target);
        mt->size_bytes = 10e12;
        const emu_doc_node *size_v = sp_get(m, "size_tb"), *used_v = sp_get(m, "used_tb");
        if (size_v && sp_double(p, size_v, "size_tb", 0.001, 1e6, &d))
            mt->size_bytes = d * 1e12;
        mt->used_bytes = mt->size_bytes * 0.4;
        if (used_v && sp_double(p, used_v, "used_tb", 0, 1e6, &d)) {
            mt->used_bytes = d * 1e12;
            if (mt->used_bytes > mt->size_bytes)
                sp_error(p, used_v, "'used_tb' exceeds 'size_tb'");
        }
        sp_lustre(p, m, mt, size_v != NULL, used_v != NULL);
        mt->read_mb_per_s = 5000;
        if ((v = sp_get(m, "read_mb_per_s")) && sp_double(p, v, "read_mb_per_s", 1, 1e7, &d))
            mt->read_mb_per_s = d;
        mt->write_mb_per_s = mt->read_mb_per_s * 0.6;
        if ((v = sp_get(m, "write_mb_per_s")) && sp_double(p, v, "write_mb_per_s", 1, 1e7, &d))
            mt->write_mb_per_s = d;
        mt->metadata_latency_ms = 0.5;
        if ((v = sp_get(m, "metadata_latency_ms")) &&
            sp_double(p, v, "metadata_latency_ms", 0.01, 10000, &d))
            mt->metadata_latency_ms = d;
        mt->shared = strcmp(mt->fstype, "ext4") && strcmp(mt->fstype, "xfs");
        s->n_mounts++;
    }
}

static const char *const job_keys =
    "id name user partition nodes running_for_s tp pp model_params_b micro_batch grad_accum "
    "seq_len compute_efficiency layers hidden compute_ms optimizer_ms loader_workers sample_bytes files_per_sample "
    "decode_ms_per_sample input checkpoints checkpoint_interval checkpoint_writer start_step start_loss train_iters train_tokens env";

static void sp_job(sp *p, const emu_doc_node *n)
{
    emu_scenario *s = p->s;
    emu_job *j = &s->job;
    memset(j, 0, sizeof *j);
    if (!n)
        return;
    if (!sp_is_mapping(p, n, "job"))
        return;
    sp_check_keys(p, n, "job", job_keys);
    j->present = true;
    j->id = 48213;
    snprintf(j->name, sizeof j->name, "pretrain");
    snprintf(j->user, sizeof j->user, "alice");
    snprintf(j->partition, sizeof j->partition, "train");
    snprintf(j->log_path, sizeof j->log_path, "train.log");
    j->tp = 1;
    j->pp = 1;
    j->model_params_b = 7;
    j->micro_batch = 2;
    j->grad_accum = 4;
    j->seq_len = 4096;
    /* The share of peak the forward and backward kernels reach: a little above the end-to-end
     * BF16 MFU Meta reports for Llama 3 405B on 16K H100s (38-43%: Dubey et al., "The Llama 3
     * Herd of Models", 2024, table 4), because this step counts its communication, waits and
     * optimizer separately. */
    j->compute_efficiency = 0.45;
    j->optimizer_ms = 25;
    j->loader_workers = 6;
    j->sample_bytes = 32768;
    j->files_per_sample = 0.01;
    j->decode_ms_per_sample = 3;
    j->input_mount = -1;
    j->checkpoint_mount = -1;
    j->start_step = 1000;
    j->start_loss = 2.6;
    j->checkpoint_interval = 500;
    s->job_running_s = 3 * 3600;
    const emu_doc_node *v;
    long l;
    double d;
    if ((v = sp_get(n, "id")) && sp_int(p, v, "id", 1, 99999999, &l))
        j->id = (int)l;
    if ((v = sp_get(n, "name")))
        sp_buf(p, v, "name", j->name, sizeof j->name);
    if ((v = sp_get(n, "user")))
        sp_buf(p, v, "user", j->user, sizeof j->user);
    if ((v = sp_get(n, "partition")))
        sp_buf(p, v, "partition", j->partition, sizeof j->partition);
    if ((v = sp_get(n, "nodes"))) {
        if (sp_is_sequence(p, v, "job.nodes")) {
            for (size_t it = 0; it < v->count; it++) {
                int idx = sp_node_index(p, v->items[it], "job.nodes");
                if (idx < 0)
                    continue;
                bool dup = false;
                for (int i = 0; i < j->n_nodes; i++)
                    dup |= j->nodes[i] == idx;
                if (dup)
                    sp_error(p, v->items[it], "node listed twice in job.nodes");
                else if (j->n_nodes < EMU_MAX_NODES)
                    j->nodes[j->n_nodes++] = idx;
            }
            if (v->count == 0)
                sp_error(p, v, "job.nodes must not be empty");
        }
    } else {
        j->n_nodes = s->cluster.n_nodes;
        for (int i = 0; i < s->cluster.n_nodes; i++)
            j->nodes[i] = i;
    }
    if ((v = sp_get(n, "running_for_s")) && sp_double(p, v, "running_for_s", 60, 1e8, &d))
        s->job_running_s = d;
    if ((v = sp_get(n, "tp")) && sp_int(p, v, "tp", 1, 8, &l))
        j->tp = (int)l;
    if ((v = sp_get(n, "pp")) && sp_int(p, v, "pp", 1, 64, &l))
        j->pp = (int)l;
    if ((v = sp_get(n, "model_params_b")) && sp_double(p, v, "model_params_b", 0.01, 2000, &d))
        j->model_params_b = d;
    if ((v = sp_get(n, "micro_batch")) && sp_int(p, v, "micro_batch", 1, 1024, &l))
        j->micro_batch = (int)l;
    if ((v = sp_get(n, "grad_accum")) && sp_int(p, v, "grad_accum", 1, 1024, &l))
        j->grad_accum = (int)l;
    if ((v = sp_get(n, "seq_len")) && sp_int(p, v, "seq_len", 16, 1 << 20, &l))
        j->seq_len = (int)l;
    if ((v = sp_get(n, "compute_ms")))
        sp_error(p, v, "'compute_ms' is no longer given: compute time follows from the FLOPs "
                       "(6 x model_params_b x tokens) at the GPU's peak; set compute_efficiency "
                       "(0.05..1, default 0.45) instead");
    if ((v = sp_get(n, "compute_efficiency")) && sp_double(p, v, "compute_efficiency", 0.05, 1.0, &d))
        j->compute_efficiency = d;
    if ((v = sp_get(n, "layers")) && sp_int(p, v, "layers", 1, 1000, &l))
        j->layers = (int)l;
    if ((v = sp_get(n, "hidden")) && sp_int(p, v, "hidden", 64, 1 << 17, &l))
        j->hidden = (int)l;
    if ((j->layers > 0) != (j->hidden > 0))
        sp_error(p, n, "job: 'layers' and 'hidden' go together (the attention FLOPs need both)");
    if ((v = sp_get(n, "optimizer_ms")) && sp_double(p, v, "optimizer_ms", 0, 1e5, &d))
        j->optimizer_ms = d;
    if ((v = sp_get(n, "loader_workers")) && sp_int(p, v, "loader_workers", 0, 64, &l))
        j->loader_workers = (int)l;
    if ((v = sp_get(n, "sample_bytes")) && sp_double(p, v, "sample_bytes", 1, 1e10, &d))
        j->sample_bytes = d;
    if ((v = sp_get(n, "files_per_sample")) && sp_double(p, v, "files_per_sample", 0, 1000, &d))
        j->files_per_sample = d;
    if ((v = sp_get(n, "decode_ms_per_sample")) &&
        sp_double(p, v, "decode_ms_per_sample", 0, 1e5, &d))
        j->decode_ms_per_sample = d;
    if ((v = sp_get(n, "input")))
        j->input_mount = sp_mount_index(p, v, "input");
    if ((v = sp_get(n, "checkpoints")))
        j->checkpoint_mount = sp_mount_index(p, v, "checkpoints");
    if ((v = sp_get(n, "checkpoint_interval")) &&
        sp_int(p, v, "checkpoint_interval", 0, 1000000, &l))
        j->checkpoint_interval = (int)l;
    if ((v = sp_get(n, "checkpoint_writer"))) {
        const char *wr = sp_scalar(p, v, "checkpoint_writer");
        if (wr && strcmp(wr, "rank0") && strcmp(wr, "all"))
            sp_error(p, v, "'checkpoint_writer' must be rank0 or all, not '%s'", wr);
        j->checkpoint_rank0_only = wr && !strcmp(wr, "rank0");
    }
    if ((v = sp_get(n, "start_step")) && sp_int(p, v, "start_step", 0, 100000000, &l))
        j->start_step = l;
    if ((v = sp_get(n, "start_loss")) && sp_double(p, v, "start_loss", 0, 100, &d))
        j->start_loss = d;
    if ((v = sp_get(n, "env")) && sp_is_mapping(p, v, "job.env")) {
        sp_check_keys(p, v, "job.env", "NCCL_IB_HCA NCCL_SOCKET_IFNAME NCCL_IB_DISABLE");
        const emu_doc_node *e;
        if ((e = sp_get(v, "NCCL_IB_HCA")))
            sp_buf(p, e, "NCCL_IB_HCA", j->nccl_ib_hca, sizeof j->nccl_ib_hca);
        if ((e = sp_get(v, "NCCL_SOCKET_IFNAME")))
            sp_buf(p, e, "NCCL_SOCKET_IFNAME", j->nccl_socket_ifname,
                   sizeof j->nccl_socket_ifname);
        if ((e = sp_get(v, "NCCL_IB_DISABLE"))) {
            long b;
            if (sp_int(p, e, "NCCL_IB_DISABLE", 0, 1, &b))
                j->nccl_ib_disable = b == 1;
        }
    }
    int gpn = s->cluster.gpus_per_node; /* one rank per GPU */
    j->world_size = j->n_nodes * gpn;
    if (j->world_size % (j->tp * j->pp))
        sp_error(p, n, "tp * pp (%d) does not divide the %d ranks", j->tp * j->pp, j->world_size);
    else
        j->dp = j->world_size / (j->tp * j->pp);
    j->global_batch = j->micro_batch * j->grad_accum * (j->dp ? j->dp : 1);
    /* the run's length: by default the compute-optimal 20 tokens a parameter (Hoffmann et al.,
     * "Training Compute-Optimal Large Language Models", 2022, table 3), in iterations of
     * global_batch sequences as Megatron counts them from --train-samples (train_tokens: 2e12
     * for Llama 2's 2 trillion) */
    double tokens = 20.0 * j->model_params_b * 1e9;
    if ((v = sp_get(n, "train_tokens")) && sp_double(p, v, "train_tokens", 1e3, 1e16, &d))
        tokens = d;
    j->train_iters = (long)(tokens / ((double)j->global_batch * j->seq_len));
    if ((v = sp_get(n, "train_iters")) && sp_int(p, v, "train_iters", 1, 1000000000, &l))
        j->train_iters = l;
    if (j->train_iters <= j->start_step)
        sp_error(p, n, "the job's %ld iterations (train_iters, or train_tokens / (global_batch x "
                       "seq_len)) end before its start_step %ld", j->train_iters, j->start_step);
    /* bf16 gradients of this rank's share of the model: 2 bytes per parameter */
    j->grad_bytes = 2.0 * j->model_params_b * 1e9 / (j->tp * j->pp);
}

/* Per fault kind: its scenario name, the keys it requires and the keys it allows. */
static const struct {
    const char *name;
    const char *required;
    const char *optional;
} fault_table[EMU_FAULT_KIND_COUNT] = {
    [EMU_FAULT_HCA_DEGRADED] = {"hca_degraded", "node hca", "rate_gbit_per_s width ago_s errors"},
    [EMU_FAULT_HCA_DOWN] = {"hca_down", "node hca", "ago_s"},
    [EMU_FAULT_LINK_ERRORS] = {"link_errors", "node hca", "rate_per_s"},
    [EMU_FAULT_NCCL_IB_DISABLED] = {"nccl_ib_disabled", "", ""},
    [EMU_FAULT_NCCL_HCA_MISMATCH] = {"nccl_hca_mismatch", "", "value"},
    [EMU_FAULT_VERBS_MISSING] = {"verbs_missing", "node", ""},
    [EMU_FAULT_GDR_UNAVAILABLE] = {"gdr_unavailable", "node", ""},
    [EMU_FAULT_ACS_REDIRECT] = {"acs_redirect", "node switch", ""},
    [EMU_FAULT_GPU_THERMAL] = {"gpu_thermal", "node gpu", "temp_c ago_s"},
    [EMU_FAULT_GPU_POWER_CAP] = {"gpu_power_cap", "node gpu limit_w", ""},
    [EMU_FAULT_GPU_POWER_BRAKE] = {"gpu_power_brake", "node gpu", "ago_s"},
    [EMU_FAULT_XID] = {"xid", "node gpu code", "ago_s"},
    [EMU_FAULT_ECC_ERRORS] = {"ecc_errors", "node gpu", "correctable uncorrectable"},
    [EMU_FAULT_ROW_REMAP_PENDING] = {"row_remap_pending", "node gpu", "ago_s"},
    [EMU_FAULT_NVLINK_DOWN] = {"nvlink_down", "node gpu link", "ago_s"},
    [EMU_FAULT_NVLINK_ERRORS] = {"nvlink_errors", "node gpu link", "rate_per_s"},
    [EMU_FAULT_FABRIC_MANAGER_DOWN] = {"fabric_manager_down", "node", ""},
    [EMU_FAULT_CHECKPOINT_WRITERS] = {"checkpoint_writers", "mount", "count rate_mb_per_s"},
    [EMU_FAULT_METADATA_LATENCY] = {"metadata_latency", "mount latency_ms", ""},
    [EMU_FAULT_STORAGE_FULL] = {"storage_full", "mount", ""},
    [EMU_FAULT_LOADER_CPU_STARVED] = {"loader_cpu_starved", "node", "cpus"},
    [EMU_FAULT_ROUTING_COLLISION] = {"routing_collision", "node peer", "share"},
    [EMU_FAULT_BMC_UNREACHABLE] = {"bmc_unreachable", "node", ""},
    [EMU_FAULT_BMC_STALE_POWER] = {"bmc_stale_power", "node", "ago_s"},
    [EMU_FAULT_SEL_EVENT] = {"sel_event", "node sensor event", "reading ago_s deasserted lasted_s"},
    [EMU_FAULT_FABRIC_LINK_DEGRADED] = {"fabric_link_degraded", "leaf uplink", "rate_gbit_per_s"},
    [EMU_FAULT_FABRIC_CONGESTION] = {"fabric_congestion", "leaf", "uplink share"},
    [EMU_FAULT_GPU_COOLING] = {"gpu_cooling", "node gpu", "c_per_w"},
    [EMU_FAULT_GPU_DEFICIT] = {"gpu_deficit", "node gpu share", ""},
    [EMU_FAULT_LOADER_STALL] = {"loader_stall", "every_steps stall_ms", "node gpu"},
    [EMU_FAULT_LOADER_DEADLOCK] = {"loader_deadlock", "node gpu", ""},
    [EMU_FAULT_RANK_HANG] = {"rank_hang", "node gpu", ""},
    [EMU_FAULT_HOST_MEMORY_ERROR] = {"host_memory_error", "node", "reboot_after_s"},
    [EMU_FAULT_BMC_SESSION_LIMIT] = {"bmc_session_limit", "node sessions", ""},
    [EMU_FAULT_BMC_SENSOR_STALE] = {"bmc_sensor_stale", "node psu", ""},
    [EMU_FAULT_PSU_FAILURE] = {"psu_failure", "node psu", "brake"},
    [EMU_FAULT_NIC_PCIE_DEGRADED] = {"nic_pcie_degraded", "node hca", "width gen"},
    [EMU_FAULT_OST_FULL] = {"ost_full", "mount ost", ""},
    [EMU_FAULT_RANDOM_READS] = {"random_reads", "mount", ""},
    [EMU_FAULT_P2P_DISABLED] = {"p2p_disabled", "node gpu peer_gpu", ""},
};

/* Keys every fault takes: when it starts and when it clears, seconds from the start. */
static const char fault_time_keys[] = "onset_s end_s";

const char *emu_fault_kind_name(emu_fault_kind kind)
{
    if (kind <= 0 || kind >= EMU_FAULT_KIND_COUNT)
        return NULL;
    return fault_table[kind].name;
}

static bool word_in(const char *list, const char *word)
{
    size_t wl = strlen(word);
    for (const char *w = list; *w;) {
        const char *e = strchr(w, ' ');
        size_t l = e ? (size_t)(e - w) : strlen(w);
        if (l == wl && !strncmp(w, word, l))
            return true;
        w += l;
        while (*w == ' ')
            w++;
    }
    return false;
}

static void sp_fault(sp *p, const emu_doc_node *m)
{
    emu_scenario *s = p->s;
    if (!sp_is_mapping(p, m, "a fault"))
        return;
    if (s->n_faults >= EMU_MAX_FAULTS) {
        sp_error(p, m, "at most %d faults", EMU_MAX_FAULTS);
        return;
    }
    const emu_doc_node *kv = sp_require(p, m, "kind", "a fault");
    if (!kv)
        return;
    const char *kname = sp_scalar(p, kv, "kind");
    if (!kname)
        return;
    int kind = 0;
    for (int k = 1; k < EMU_FAULT_KIND_COUNT; k++)
        if (!strcmp(fault_table[k].name, kname))
            kind = k;
    if (!kind) {
        sp_error(p, kv, "unknown fault kind '%s' (content/labs/README.md lists them)", kname);
        return;
    }
    emu_fault f;
    memset(&f, 0, sizeof f);
    f.kind = (emu_fault_kind)kind;
    f.node = f.peer = f.gpu = f.hca = f.link = f.mount = f.leaf = -1;
    bool has_onset = false;
    char section[64];
    snprintf(section, sizeof section, "fault '%s'", kname);
    /* required keys present */
    for (const char *w = fault_table[kind].required; *w;) {
        const char *e = strchr(w, ' ');
        size_t l = e ? (size_t)(e - w) : strlen(w);
        char key[32];
        snprintf(key, sizeof key, "%.*s", (int)l, w);
        sp_require(p, m, key, section);
        w += l;
        while (*w == ' ')
            w++;
    }
    const emu_gpu_spec *spec = s->cluster.gpu;
    for (size_t pair = 0; pair < m->count; pair++) {
        const emu_doc_node *k = m->items[2 * pair], *v = m->items[2 * pair + 1];
        if (!k || k->kind != EMU_DOC_SCALAR)
            continue;
        const char *key = k->text;
        if (!strcmp(key, "kind"))
            continue;
        if (!word_in(fault_table[kind].required, key) && !word_in(fault_table[kind].optional, key) &&
            !word_in(fault_time_keys, key)) {
            sp_error(p, k, "unknown key '%s' in %s (expected: %s%s%s %s)", key, section,
                     fault_table[kind].required, *fault_table[kind].optional ? " " : "",
                     fault_table[kind].optional, fault_time_keys);
            continue;
        }
        long l;
        double d;
        if (!strcmp(key, "node"))
            f.node = sp_node_index(p, v, key);
        else if (!strcmp(key, "peer"))
            f.peer = sp_node_index(p, v, key);
        else if (!strcmp(key, "gpu") && sp_int(p, v, key, 0, s->cluster.gpus_per_node - 1, &l))
            f.gpu = (int)l;
        else if (!strcmp(key, "hca")) {
            const char *h = sp_scalar(p, v, key);
            if (h) {
                f.hca = emu_layout_hca_find(&p->layout, h);
                if (f.hca < 0) {
                    char names[200];
                    emu_layout_hca_names(&p->layout, names, sizeof names);
                    sp_error(p, v, "'hca' names no HCA of the node: '%s' (compute: %s)", h, names);
                }
            }
        } else if (!strcmp(key, "link") && sp_int(p, v, key, 0, spec->nvlinks - 1, &l))
            f.link = (int)l;
        else if (!strcmp(key, "switch") && sp_int(p, v, key, 0, p->layout.n_switches - 1, &l))
            f.link = (int)l;
        else if (!strcmp(key, "leaf")) {
            const char *name = sp_scalar(p, v, key);
            if (name) {
                f.leaf = emu_fabric_leaf_find(&s->cluster, name);
                if (f.leaf < 0) {
                    char first[32], last[32];
                    int count = emu_fabric_planes(&s->cluster) * emu_fabric_leaves_per_plane(&s->cluster);
                    emu_fabric_leaf_name(&s->cluster, 0, first, sizeof first);
                    emu_fabric_leaf_name(&s->cluster, count - 1, last, sizeof last);
                    sp_error(p, v, "'leaf' names no leaf switch of the fabric: '%s' (leaves %s .. %s)", name,
                             first, last);
                }
            }
        } else if (!strcmp(key, "uplink") &&
                   sp_int(p, v, key, 1, s->cluster.fabric.uplinks_per_leaf, &l))
            f.link = (int)l - 1;
        else if (!strcmp(key, "mount"))
            f.mount = sp_mount_index(p, v, key);
        else if (!strcmp(key, "code") && sp_int(p, v, key, 1, 200, &l))
            f.code = (int)l;
        else if ((!strcmp(key, "count") || !strcmp(key, "cpus")) && sp_int(p, v, key, 1, 512, &l))
            f.count = (int)l;
        else if (!strcmp(key, "width") && kind == EMU_FAULT_NIC_PCIE_DEGRADED &&
                 sp_int(p, v, key, 1, 16, &l)) {
            if (l & (l - 1))
                sp_error(p, v, "'width' must be 1, 2, 4, 8 or 16 PCIe lanes");
            f.count = (int)l;
        } else if (!strcmp(key, "width") && kind != EMU_FAULT_NIC_PCIE_DEGRADED &&
                   sp_int(p, v, key, 1, 4, &l)) {
            if (l == 3)
                sp_error(p, v, "'width' must be 1, 2 or 4 lanes");
            f.count = (int)l;
        } else if (!strcmp(key, "rate_gbit_per_s") && sp_double(p, v, key, 1, 800, &d))
            f.value = d;
        else if (!strcmp(key, "temp_c") && sp_double(p, v, key, 20, 120, &d))
            f.value = d;
        else if (!strcmp(key, "limit_w") &&
                 sp_double(p, v, key, spec->min_power_limit_w, spec->power_limit_w, &d))
            f.value = d;
        else if (!strcmp(key, "latency_ms") && sp_double(p, v, key, 0.01, 100000, &d))
            f.value = d;
        else if ((!strcmp(key, "rate_per_s") || !strcmp(key, "rate_mb_per_s")) &&
                 sp_double(p, v, key, 0, 1e7, &d))
            f.value = d;
        else if (!strcmp(key, "share") && sp_double(p, v, key, 0.05, 1, &d))
            f.value = d;
        else if (!strcmp(key, "correctable") && sp_double(p, v, key, 0, 1e9, &d))
            f.value = d;
        else if (!strcmp(key, "uncorrectable") && sp_double(p, v, key, 0, 1e9, &d))
            f.value2 = d;
        else if (!strcmp(key, "ago_s") && sp_double(p, v, key, 0, 1e8, &d)) {
            f.ago_s = d;
            f.onset_s = -d;
            has_onset = true;
        } else if (!strcmp(key, "onset_s") && sp_double(p, v, key, -1e8, 1e7, &d)) {
            f.onset_s = d;
            f.ago_s = d < 0 ? -d : 0;
            has_onset = true;
        } else if (!strcmp(key, "end_s") && sp_double(p, v, key, -1e8, 1e7, &d))
            f.end_s = d;
        else if (!strcmp(key, "c_per_w") && sp_double(p, v, key, 0.01, 1, &d))
            f.value = d;
        else if (!strcmp(key, "every_steps") && sp_int(p, v, key, 1, 1000000, &l))
            f.every = (int)l;
        else if (!strcmp(key, "stall_ms") && sp_double(p, v, key, 1, 1e7, &d))
            f.value = d;
        else if (!strcmp(key, "reboot_after_s") && sp_double(p, v, key, 1, 1e6, &d))
            f.value = d;
        else if (!strcmp(key, "lasted_s") && sp_double(p, v, key, 1, 1e8, &d))
            f.value = d;
        else if (!strcmp(key, "sessions") && sp_int(p, v, key, 1, 1000, &l))
            f.count = (int)l;
        else if (!strcmp(key, "psu") && sp_int(p, v, key, 1, 6, &l))
            f.count = (int)l;
        else if (!strcmp(key, "errors")) {
            bool b;
            if (sp_bool(p, v, key, &b))
                f.value2 = b ? 0 : -1;
        } else if (!strcmp(key, "brake")) {
            bool b;
            if (sp_bool(p, v, key, &b))
                f.value2 = b;
        } else if (!strcmp(key, "gen") && sp_int(p, v, key, 1, 6, &l))
            f.value2 = (double)l;
        else if (!strcmp(key, "ost") && sp_int(p, v, key, 0, EMU_MAX_OSTS - 1, &l))
            f.count = (int)l;
        else if (!strcmp(key, "peer_gpu") && sp_int(p, v, key, 0, s->cluster.gpus_per_node - 1, &l))
            f.link = (int)l;
        else if (!strcmp(key, "value"))
            sp_buf(p, v, key, f.text, sizeof f.text);
        else if (!strcmp(key, "sensor"))
            sp_buf(p, v, key, f.text, 48);
        else if (!strcmp(key, "event"))
            sp_buf(p, v, key, f.text2, 64);
        else if (!strcmp(key, "reading"))
            sp_buf(p, v, key, f.text3, 64);
        else if (!strcmp(key, "deasserted")) {
            bool b;
            if (sp_bool(p, v, key, &b))
                f.count = b;
        }
    }
    if (f.kind == EMU_FAULT_ROUTING_COLLISION && f.node >= 0 && f.node == f.peer)
        sp_error(p, m, "a routing collision needs two different nodes");
    if (f.kind == EMU_FAULT_HCA_DEGRADED && f.value == 0 && f.count == 0)
        sp_error(p, m, "fault 'hca_degraded' needs 'rate_gbit_per_s' or 'width'");
    if (f.kind == EMU_FAULT_XID && f.code && f.gpu < 0)
        sp_error(p, m, "fault 'xid' needs 'gpu'");
    if (!has_onset)
        f.onset_s = -900; /* a quarter of an hour before the lab starts */
    if (f.end_s && f.end_s <= f.onset_s)
        sp_error(p, m, "'end_s' (%.0f) must come after the onset (%.0f)", f.end_s, f.onset_s);
    if (f.kind == EMU_FAULT_P2P_DISABLED && f.gpu == f.link)
        sp_error(p, m, "fault 'p2p_disabled' needs two different GPUs");
    s->faults[s->n_faults++] = f;
}

static void sp_faults(sp *p, const emu_doc_node *n)
{
    if (!n)
        return;
    if (!sp_is_sequence(p, n, "faults"))
        return;
    for (size_t it = 0; it < n->count; it++)
        sp_fault(p, n->items[it]);
}

/* A list of strings into arr (each malloc'd), at most max. */
static int sp_strings(sp *p, const emu_doc_node *n, const char *what, char **arr, int max)
{
    if (!sp_is_sequence(p, n, what))
        return 0;
    int count = 0;
    for (size_t it = 0; it < n->count; it++) {
        if (count >= max) {
            sp_error(p, n->items[it], "at most %d entries in %s", max, what);
            break;
        }
        if (sp_text(p, n->items[it], what, &arr[count]))
            count++;
    }
    if (count == 0 && n->count == 0)
        sp_error(p, n, "%s must not be empty", what);
    return count;
}

static void sp_reference(sp *p, const emu_doc_node *v, char **out)
{
    if (!sp_text(p, v, "reference", out))
        return;
    size_t len = strlen(*out);
    if (strncmp(*out, "reference/", 10) || len < 4 || strcmp(*out + len - 3, ".md"))
        sp_error(p, v, "'reference' must be a page under content/, like "
                       "reference/networking/nccl.md, not '%s'",
                 *out);
}

/* ---- the lab's diagnosis, suspects and fix ---------------------------------------------------- */

static const char *const facet_names[EMU_FACET_COUNT] = {
    "component", "node", "gpu", "hca", "port", "nvlink", "mount", "ost", "leaf", "uplink", "job",
    "condition"};

/* Calls one(p, item, key, d) for the scalar v or each item of the list v (single: a list must
 * not be empty). A place of the diagnosis may be a list when one fault has several right names
 * (the two ends of one link: gpu [2, 3]): an answer naming any or all of them names it. */
typedef void (*sp_diag_item)(sp *p, const emu_doc_node *item, const char *key, emu_diag *d);

static void sp_each(sp *p, const emu_doc_node *v, const char *key, emu_diag *d, bool single,
                    sp_diag_item one)
{
    if (v->kind == EMU_DOC_SEQUENCE) {
        if (single && v->count < 1) {
            sp_error(p, v, "the diagnosis's %s list is empty", key);
            return;
        }
        for (size_t i = 0; i < v->count; i++)
            one(p, v->items[i], key, d);
    } else {
        one(p, v, key, d);
    }
}

static void di_kind(sp *p, const emu_doc_node *n, const char *key, emu_diag *d)
{
    const char *v = sp_scalar(p, n, key);
    uint32_t bit = v ? emu_vocab_kind(v) : 0;
    if (v && !bit)
        sp_error(p, n, "unknown component '%s' (one of: %s)", v, emu_vocab_kind_names());
    d->kinds |= bit;
}

static void di_condition(sp *p, const emu_doc_node *n, const char *key, emu_diag *d)
{
    const char *v = sp_scalar(p, n, key);
    uint32_t bit = v ? emu_vocab_condition(v) : 0;
    if (v && !bit)
        sp_error(p, n, "unknown condition '%s' (one of: %s)", v, emu_vocab_condition_names());
    d->conditions |= bit;
}

static void di_node(sp *p, const emu_doc_node *n, const char *key, emu_diag *d)
{
    int i = sp_node_index(p, n, key);
    if (i >= 0)
        d->nodes |= 1ull << i;
}

static void di_gpu(sp *p, const emu_doc_node *n, const char *key, emu_diag *d)
{
    long l;
    if (sp_int(p, n, key, 0, p->s->cluster.gpus_per_node - 1, &l))
        d->gpus |= 1u << l;
}

static void di_hca(sp *p, const emu_doc_node *n, const char *key, emu_diag *d)
{
    const char *h = sp_scalar(p, n, key);
    if (!h)
        return;
    int i = emu_layout_hca_find(&p->layout, h);
    if (i < 0) {
        char names[256];
        emu_layout_hca_names(&p->layout, names, sizeof names);
        sp_error(p, n, "'hca' names no HCA of the node: '%s' (compute: %s)", h, names);
        return;
    }
    d->hcas |= 1u << i;
}

static void di_port(sp *p, const emu_doc_node *n, const char *key, emu_diag *d)
{
    long l;
    if (sp_int(p, n, key, 1, 2, &l))
        d->ports |= 1u << (l - 1);
}

static void di_nvlink(sp *p, const emu_doc_node *n, const char *key, emu_diag *d)
{
    long l;
    if (sp_int(p, n, key, 0, 17, &l))
        d->nvlinks |= 1u << l;
}

static void di_mount(sp *p, const emu_doc_node *n, const char *key, emu_diag *d)
{
    int i = sp_mount_index(p, n, key);
    if (i >= 0)
        d->mounts |= 1u << i;
}

static void di_ost(sp *p, const emu_doc_node *n, const char *key, emu_diag *d)
{
    long l;
    if (sp_int(p, n, key, 0, EMU_MAX_OSTS - 1, &l))
        d->osts |= 1ull << l;
}

static void di_leaf(sp *p, const emu_doc_node *n, const char *key, emu_diag *d)
{
    const char *v = sp_scalar(p, n, key);
    if (!v)
        return;
    int i = emu_fabric_leaf_find(&p->s->cluster, v);
    if (i < 0 || i >= 64) {
        sp_error(p, n, "'leaf' names no leaf switch of this fabric: '%s'", v);
        return;
    }
    d->leaves |= 1ull << i;
}

static void di_uplink(sp *p, const emu_doc_node *n, const char *key, emu_diag *d)
{
    long l;
    if (sp_int(p, n, key, 1, 64, &l))
        d->uplinks |= 1ull << (l - 1);
}

static void di_job(sp *p, const emu_doc_node *n, const char *key, emu_diag *d)
{
    long l;
    if (!sp_int(p, n, key, 1, 99999999L, &l))
        return;
    if (d->n_jobs >= EMU_MAX_DIAG_JOBS) {
        sp_error(p, n, "at most %d jobs", EMU_MAX_DIAG_JOBS);
        return;
    }
    d->jobs[d->n_jobs++] = (int)l;
}

static void di_word(sp *p, const emu_doc_node *n, const char *key, emu_diag *d)
{
    if (d->n_words >= EMU_MAX_DIAG_WORDS) {
        sp_error(p, n, "at most %d words", EMU_MAX_DIAG_WORDS);
        return;
    }
    if (sp_text(p, n, key, &d->words[d->n_words]))
        d->n_words++;
}

/* require: ["node gpu", contention, job]: each entry a set of facet or condition names. */
static void di_require(sp *p, const emu_doc_node *n, const char *key, emu_diag *d)
{
    const char *v = sp_scalar(p, n, key);
    if (!v)
        return;
    if (d->n_require >= EMU_MAX_REQUIRE) {
        sp_error(p, n, "at most %d entries in require", EMU_MAX_REQUIRE);
        return;
    }
    emu_require r = {0, 0};
    char word[40];
    for (const char *c = v; *c;) {
        while (*c == ' ' || *c == '+' || *c == ',')
            c++;
        size_t len = 0;
        while (c[len] && c[len] != ' ' && c[len] != '+' && c[len] != ',')
            len++;
        if (!len)
            break;
        snprintf(word, sizeof word, "%.*s", (int)len, c);
        c += len;
        int f = 0;
        while (f < EMU_FACET_COUNT && strcmp(facet_names[f], word))
            f++;
        if (f < EMU_FACET_COUNT)
            r.facets |= 1u << f;
        else if (emu_vocab_condition(word))
            r.conditions |= emu_vocab_condition(word);
        else
            sp_error(p, n, "require: '%s' is neither a facet (component node gpu hca port nvlink "
                           "mount ost leaf uplink job condition) nor a condition (%s)",
                     word, emu_vocab_condition_names());
    }
    d->require[d->n_require++] = r;
}

/* missing: {gpu: text} and against: {hca: text}: a reply per facet. */
static void di_replies(sp *p, const emu_doc_node *v, const char *section, char **replies)
{
    if (!sp_is_mapping(p, v, section))
        return;
    for (size_t pair = 0; pair < v->count; pair++) {
        const emu_doc_node *k = v->items[2 * pair];
        int f = 0;
        while (k && k->kind == EMU_DOC_SCALAR && f < EMU_FACET_COUNT && strcmp(facet_names[f], k->text))
            f++;
        if (!k || k->kind != EMU_DOC_SCALAR || f == EMU_FACET_COUNT) {
            sp_error(p, k, "%s takes facets as keys (component node gpu hca port nvlink mount ost "
                           "leaf uplink job condition), not '%s'",
                     section, k && k->kind == EMU_DOC_SCALAR ? k->text : "?");
            continue;
        }
        sp_text(p, v->items[2 * pair + 1], section, &replies[f]);
    }
}

/* An extended regular expression of the lab (collect's command, expect, note): it must compile. */
static void sp_pattern(sp *p, const emu_doc_node *n, const char *key, char **out)
{
    if (!sp_text(p, n, key, out) || !*out)
        return;
    emu_re *re = emu_re_compile(*out, EMU_RE_EXTENDED);
    if (!re)
        sp_error(p, n, "%s: not a valid extended regular expression", key);
    emu_re_free(re);
}

/* An `after` (a suspect's or a snapshot item's): an ERE, kept once among the scenario's probes
 * however many entries name it; *after = 1 + its index (0 when it is not valid). */
static void sp_after(sp *p, const emu_doc_node *n, int *after)
{
    char *re = NULL;
    sp_pattern(p, n, "after", &re);
    if (!re)
        return;
    emu_scenario *s = p->s;
    for (int k = 0; k < s->n_probes; k++)
        if (!strcmp(s->probes[k], re)) {
            free(re);
            *after = k + 1;
            return;
        }
    if (s->n_probes >= EMU_MAX_PROBES) { /* cannot happen: one a suspect or an item at most */
        free(re);
        sp_error(p, n, "at most %d distinct 'after' patterns", EMU_MAX_PROBES);
        return;
    }
    s->probes[s->n_probes++] = re;
    *after = s->n_probes;
}

/* A diagnosis (suspect false) or a suspect. */
static void sp_diag(sp *p, const emu_doc_node *n, emu_diag *d, bool suspect)
{
    static const struct {
        const char *key;
        int facet;
        sp_diag_item one;
    } places[] = {{"component", EMU_FACET_COMPONENT, di_kind}, {"node", EMU_FACET_NODE, di_node},
                  {"gpu", EMU_FACET_GPU, di_gpu},   {"hca", EMU_FACET_HCA, di_hca},
                  {"port", EMU_FACET_PORT, di_port}, {"nvlink", EMU_FACET_NVLINK, di_nvlink},
                  {"mount", EMU_FACET_MOUNT, di_mount}, {"ost", EMU_FACET_OST, di_ost},
                  {"leaf", EMU_FACET_LEAF, di_leaf}, {"uplink", EMU_FACET_UPLINK, di_uplink},
                  {"job", EMU_FACET_JOB, di_job},   {"condition", EMU_FACET_CONDITION, di_condition}};
    for (size_t i = 0; i < sizeof places / sizeof places[0]; i++) {
        const emu_doc_node *v = sp_get(n, places[i].key);
        if (!v)
            continue;
        bool single = !suspect && places[i].facet != EMU_FACET_COMPONENT &&
                      places[i].facet != EMU_FACET_CONDITION && places[i].facet != EMU_FACET_JOB;
        sp_each(p, v, places[i].key, d, single, places[i].one);
        d->given |= 1u << places[i].facet;
    }
    const emu_doc_node *v;
    if ((v = sp_get(n, "words")))
        sp_each(p, v, "words", d, false, di_word);
    if (suspect) {
        if ((v = sp_require(p, n, "reply", "a suspect")))
            sp_text(p, v, "reply", &d->reply);
        if ((v = sp_get(n, "after")))
            sp_after(p, v, &d->after);
        if ((v = sp_get(n, "reply_before")))
            sp_text(p, v, "reply_before", &d->reply_before);
        if (!d->after != !d->reply_before)
            sp_error(p, n, "a suspect's 'after' and 'reply_before' go together: the reply before "
                           "any command matched 'after', and the commands that find the evidence");
        if (!d->given && !d->n_words)
            sp_error(p, n, "a suspect needs what it names: component, a place (node gpu hca "
                           "port nvlink mount ost leaf uplink job), condition or words");
        return;
    }
    if ((v = sp_get(n, "require")))
        sp_each(p, v, "require", d, false, di_require);
    if ((v = sp_get(n, "missing")))
        di_replies(p, v, "diagnosis.missing", d->missing);
    if ((v = sp_get(n, "against")))
        di_replies(p, v, "diagnosis.against", d->against);
    if (!d->given)
        sp_error(p, n, "the diagnosis needs a component and where it is (node gpu hca port "
                       "nvlink mount ost leaf uplink job)");
    if (!d->n_require) { /* by default: every place it gives, else its condition, else its kind */
        uint32_t placed = d->given & ~((1u << EMU_FACET_COMPONENT) | (1u << EMU_FACET_CONDITION));
        d->require[0].facets = placed          ? placed
                               : d->conditions ? 1u << EMU_FACET_CONDITION
                                               : 1u << EMU_FACET_COMPONENT;
        d->n_require = 1;
    }
}

static void sp_fix(sp *p, const emu_doc_node *n)
{
    emu_fix *f = &p->s->fix;
    if (!sp_is_mapping(p, n, "lab.fix"))
        return;
    f->present = true;
    sp_check_keys(p, n, "lab.fix", "task check verify done");
    const emu_doc_node *v;
    if ((v = sp_require(p, n, "task", "lab.fix")))
        sp_text(p, v, "task", &f->task);
    if ((v = sp_get(n, "done")))
        sp_text(p, v, "done", &f->done);
    if ((v = sp_require(p, n, "check", "lab.fix")) && sp_is_sequence(p, v, "lab.fix.check")) {
        for (size_t it = 0; it < v->count; it++) {
            const emu_doc_node *m = v->items[it];
            if (!sp_is_mapping(p, m, "a fix check"))
                continue;
            if (f->n_checks >= EMU_MAX_FIX_CHECKS) {
                sp_error(p, m, "at most %d fix checks", EMU_MAX_FIX_CHECKS);
                break;
            }
            emu_fix_check *c = &f->checks[f->n_checks++];
            sp_check_keys(p, m, "a fix check", "command expect");
            const emu_doc_node *a;
            if ((a = sp_require(p, m, "command", "a fix check")))
                sp_text(p, a, "command", &c->command);
            if ((a = sp_require(p, m, "expect", "a fix check")))
                sp_text(p, a, "expect", &c->expect);
        }
        if (!f->n_checks)
            sp_error(p, v, "lab.fix.check must not be empty");
    }
    if ((v = sp_require(p, n, "verify", "lab.fix")) && sp_is_mapping(p, v, "lab.fix.verify")) {
        sp_check_keys(p, v, "lab.fix.verify", "command expect min max");
        const emu_doc_node *a;
        if ((a = sp_require(p, v, "command", "lab.fix.verify")))
            sp_text(p, a, "command", &f->verify_command);
        if ((a = sp_require(p, v, "expect", "lab.fix.verify")))
            sp_text(p, a, "expect", &f->verify_expect);
        if ((a = sp_get(v, "min")))
            f->has_min = sp_double(p, a, "min", -1e18, 1e18, &f->min);
        if ((a = sp_get(v, "max")))
            f->has_max = sp_double(p, a, "max", -1e18, 1e18, &f->max);
    }
}

/* lab.collect: {task, done, items: [{item, command | note, host, expect, after, times, apart_s}]} */
static void sp_collect(sp *p, const emu_doc_node *n)
{
    emu_collect *c = &p->s->collect;
    if (!sp_is_mapping(p, n, "lab.collect"))
        return;
    c->present = true;
    sp_check_keys(p, n, "lab.collect", "task done items");
    const emu_doc_node *v;
    if ((v = sp_require(p, n, "task", "lab.collect")))
        sp_text(p, v, "task", &c->task);
    if ((v = sp_get(n, "done")))
        sp_text(p, v, "done", &c->done);
    if (!(v = sp_require(p, n, "items", "lab.collect")) || !sp_is_sequence(p, v, "lab.collect.items"))
        return;
    for (size_t it = 0; it < v->count; it++) {
        const emu_doc_node *m = v->items[it];
        if (!sp_is_mapping(p, m, "a snapshot item"))
            continue;
        if (c->n_items >= EMU_MAX_COLLECT) {
            sp_error(p, m, "at most %d snapshot items", EMU_MAX_COLLECT);
            break;
        }
        emu_collect_item *ci = &c->items[c->n_items++];
        ci->times = 1;
        sp_check_keys(p, m, "a snapshot item", "item command host expect note after times apart_s");
        const emu_doc_node *a;
        if ((a = sp_require(p, m, "item", "a snapshot item")))
            sp_text(p, a, "item", &ci->item);
        if ((a = sp_get(m, "command")))
            sp_pattern(p, a, "command", &ci->command);
        if ((a = sp_get(m, "note")))
            sp_pattern(p, a, "note", &ci->note);
        if (!sp_get(m, "command") == !sp_get(m, "note"))
            sp_error(p, m, "a snapshot item has either command (what to run) or note (what to write "
                           "down), not %s", sp_get(m, "command") ? "both" : "neither");
        if ((a = sp_get(m, "expect")))
            sp_pattern(p, a, "expect", &ci->expect);
        if ((a = sp_get(m, "host")))
            sp_pattern(p, a, "host", &ci->host);
        long l;
        if ((a = sp_get(m, "times")) && sp_int(p, a, "times", 1, 100, &l))
            ci->times = (int)l;
        if ((a = sp_get(m, "apart_s")))
            sp_double(p, a, "apart_s", 0, 86400, &ci->apart_s);
        if ((a = sp_get(m, "after")))
            sp_after(p, a, &ci->after);
        if (ci->note && (ci->host || ci->expect || ci->times > 1 || ci->apart_s > 0))
            sp_error(p, m, "a note item takes only item, note and after");
        if (ci->after && !ci->note)
            sp_error(p, m, "'after' belongs to a note item (the command that must run before the note counts)");
    }
    if (!c->n_items)
        sp_error(p, v, "lab.collect.items must not be empty");
}

static void sp_lab(sp *p, const emu_doc_node *n)
{
    emu_scenario *s = p->s;
    if (!n)
        return;
    if (!sp_is_mapping(p, n, "lab"))
        return;
    s->has_lab = true;
    if (sp_get(n, "answers") || sp_get(n, "wrong_answers"))
        sp_error(p, sp_get(n, "answers") ? sp_get(n, "answers") : sp_get(n, "wrong_answers"),
                 "lab.answers and lab.wrong_answers are replaced by lab.diagnosis and "
                 "lab.suspects (content/labs/README.md, \"The diagnosis\")");
    sp_check_keys(p, n, "lab", "goal diagnosis suspects fix collect explanation read_next "
                               "read_next_title hints solution difficulty minutes answers "
                               "wrong_answers");
    const emu_doc_node *v;
    if ((v = sp_require(p, n, "goal", "lab")))
        sp_text(p, v, "goal", &s->goal);
    if ((v = sp_require(p, n, "diagnosis", "lab")) && sp_is_mapping(p, v, "lab.diagnosis")) {
        sp_check_keys(p, v, "lab.diagnosis",
                      "answer example component node gpu hca port nvlink mount ost leaf uplink "
                      "job condition words require missing against");
        const emu_doc_node *a;
        if ((a = sp_require(p, v, "answer", "lab.diagnosis")))
            sp_text(p, a, "answer", &s->answer);
        if ((a = sp_get(v, "example")))
            sp_text(p, a, "example", &s->example);
        sp_diag(p, v, &s->diagnosis, false);
    }
    if ((v = sp_get(n, "suspects")) && sp_is_sequence(p, v, "lab.suspects")) {
        for (size_t it = 0; it < v->count; it++) {
            const emu_doc_node *m = v->items[it];
            if (!sp_is_mapping(p, m, "a suspect"))
                continue;
            if (s->n_suspects >= EMU_MAX_SUSPECTS) {
                sp_error(p, m, "at most %d suspects", EMU_MAX_SUSPECTS);
                break;
            }
            sp_check_keys(p, m, "a suspect", "component node gpu hca port nvlink mount ost leaf "
                                             "uplink job condition words reply after reply_before");
            sp_diag(p, m, &s->suspects[s->n_suspects++], true);
        }
    }
    if ((v = sp_get(n, "fix")))
        sp_fix(p, v);
    if ((v = sp_get(n, "collect"))) {
        if (sp_get(n, "fix"))
            sp_error(p, v, "a lab is solved by lab.fix or by lab.collect, not both");
        else
            sp_collect(p, v);
    }
    if ((v = sp_require(p, n, "explanation", "lab")))
        sp_text(p, v, "explanation", &s->explanation);
    if ((v = sp_require(p, n, "read_next", "lab")))
        sp_reference(p, v, &s->read_next);
    if ((v = sp_get(n, "read_next_title")))
        sp_text(p, v, "read_next_title", &s->read_next_title);
    if ((v = sp_get(n, "difficulty"))) {
        const char *d = sp_scalar(p, v, "difficulty");
        if (d && strcmp(d, "beginner") && strcmp(d, "intermediate") && strcmp(d, "advanced"))
            sp_error(p, v, "'difficulty' is beginner, intermediate or advanced, not '%s'", d);
        else
            sp_text(p, v, "difficulty", &s->difficulty);
    }
    long l;
    if ((v = sp_get(n, "minutes")) && sp_int(p, v, "minutes", 1, 600, &l))
        s->minutes = (int)l;
    if ((v = sp_require(p, n, "hints", "lab")))
        s->n_hints = sp_strings(p, v, "lab.hints", s->hints, EMU_MAX_HINTS);
    if ((v = sp_require(p, n, "solution", "lab")) && sp_is_sequence(p, v, "lab.solution")) {
        for (size_t it = 0; it < v->count; it++) {
            const emu_doc_node *m = v->items[it];
            if (!sp_is_mapping(p, m, "a solution step"))
                continue;
            if (s->n_steps >= EMU_MAX_STEPS) {
                sp_error(p, m, "at most %d solution steps", EMU_MAX_STEPS);
                break;
            }
            emu_lab_step *st = &s->steps[s->n_steps++];
            sp_check_keys(p, m, "a solution step", "command look_for reference fix");
            const emu_doc_node *a;
            if ((a = sp_require(p, m, "command", "a solution step")))
                sp_text(p, a, "command", &st->command);
            if ((a = sp_require(p, m, "look_for", "a solution step")))
                sp_text(p, a, "look_for", &st->look_for);
            if ((a = sp_require(p, m, "reference", "a solution step")))
                sp_reference(p, a, &st->reference);
            if ((a = sp_get(m, "fix")))
                sp_bool(p, a, "fix", &st->fix);
        }
        if (s->n_steps == 0)
            sp_error(p, v, "lab.solution must not be empty");
    }
    if (s->fix.present) {
        bool has_fix_step = false;
        for (int i = 0; i < s->n_steps; i++)
            has_fix_step |= s->steps[i].fix;
        if (!has_fix_step)
            sp_error(p, sp_get(n, "solution") ? sp_get(n, "solution") : n,
                     "a lab with a fix needs its repair and verification among the solution's "
                     "steps (fix: true)");
    }
}

/* ---- the scenario ------------------------------------------------------------------------------- */

void emu_scenario_free(emu_scenario *s)
{
    if (!s)
        return;
    free(s->id);
    free(s->path);
    free(s->title);
    free(s->summary);
    free(s->goal);
    free(s->explanation);
    free(s->read_next);
    free(s->read_next_title);
    free(s->example);
    free(s->answer);
    free(s->difficulty);
    for (int i = 0; i <= EMU_MAX_SUSPECTS; i++) {
        emu_diag *d = i == EMU_MAX_SUSPECTS ? &s->diagnosis : &s->suspects[i];
        for (int k = 0; k < d->n_words; k++)
            free(d->words[k]);
        for (int k = 0; k < EMU_FACET_COUNT; k++) {
            free(d->missing[k]);
            free(d->against[k]);
        }
        free(d->reply);
        free(d->reply_before);
    }
    free(s->fix.task);
    free(s->fix.done);
    free(s->fix.verify_command);
    free(s->fix.verify_expect);
    for (int i = 0; i < EMU_MAX_FIX_CHECKS; i++) {
        free(s->fix.checks[i].command);
        free(s->fix.checks[i].expect);
    }
    free(s->collect.task);
    free(s->collect.done);
    for (int k = 0; k < s->n_probes; k++)
        free(s->probes[k]);
    for (int i = 0; i < EMU_MAX_COLLECT; i++) {
        emu_collect_item *ci = &s->collect.items[i];
        free(ci->item), free(ci->command), free(ci->host), free(ci->expect), free(ci->note);
    }
    for (int i = 0; i < s->n_hints; i++)
        free(s->hints[i]);
    for (int i = 0; i < EMU_MAX_STEPS; i++) {
        free(s->steps[i].command);
        free(s->steps[i].look_for);
        free(s->steps[i].reference);
    }
    free(s);
}

static char *dup_error(const char *path, size_t line, size_t col, const char *msg)
{
    char buf[512];
    snprintf(buf, sizeof buf, "%s:%zu:%zu: error: %s\n", path, line, col, msg);
    return sp_strdup(buf);
}

emu_scenario *emu_scenario_parse(const char *id, const char *text, size_t len, const char *path,
                                 char **error)
{
    *error = NULL;
    if (!path)
        path = id ? id : "scenario";
    sp p;
    memset(&p, 0, sizeof p);
    p.path = path;
    p.s = calloc(1, sizeof *p.s);
    if (!p.s) {
        *error = dup_error(path, 1, 1, "out of memory");
        return NULL;
    }
    emu_doc_error derr;
    emu_doc *doc = emu_doc_parse(text, len, &derr);
    if (!doc) {
#ifdef EMU_CORE_MODULE
        emw_wants_full = 1; /* the full module's catalog reports it alike; a short text here */
#endif
        *error = dup_error(path, derr.line, derr.column, derr.message);
        free(p.s);
        return NULL;
    }
    emu_scenario *s = p.s;
    s->id = sp_strdup(id ? id : "scenario");
    s->path = sp_strdup(path);
    s->seed = 1;
    s->start_time_s = 1773478800.0; /* 2026-03-14T09:00:00Z */
    const emu_doc_node *root = emu_doc_root(doc);
    if (!root) {
        sp_error(&p, NULL, "the scenario is empty");
    } else if (sp_is_mapping(&p, root, "the scenario")) {
        sp_check_keys(&p, root, "the scenario",
                      "title summary seed start_time cluster storage job faults lab");
        const emu_doc_node *v;
        if ((v = sp_require(&p, root, "title", "the scenario")))
            sp_text(&p, v, "title", &s->title);
        if ((v = sp_require(&p, root, "summary", "the scenario")))
            sp_text(&p, v, "summary", &s->summary);
        long l;
        if ((v = sp_get(root, "seed")) && sp_int(&p, v, "seed", 1, 2147483647L, &l))
            s->seed = (uint64_t)l;
        if ((v = sp_get(root, "start_time")))
            sp_time(&p, v, "start_time", &s->start_time_s);
        sp_cluster(&p, sp_get(root, "cluster"));
        sp_storage(&p, sp_get(root, "storage"));
        sp_job(&p, sp_get(root, "job"));
        sp_faults(&p, sp_get(root, "faults"));
        sp_lab(&p, sp_get(root, "lab"));
    }
    emu_doc_free(doc);
    if (!s->id || !s->path)
        sp_error(&p, NULL, "out of memory");
    if (p.n_errors) {
        *error = p.err ? p.err : dup_error(path, 1, 1, "out of memory");
        emu_scenario_free(s);
        return NULL;
    }
    free(p.err);
    if (!s->title)
        s->title = sp_strdup(s->id);
    return s;
}

const char *emu_scenario_id(const emu_scenario *s) { return s ? s->id : ""; }
const char *emu_scenario_title(const emu_scenario *s) { return s && s->title ? s->title : ""; }
const char *emu_scenario_summary(const emu_scenario *s)
{
    return s && s->summary ? s->summary : "";
}

/* ---- the built-in cluster ---------------------------------------------------------------------- */

const char emu_builtin_scenario_text[] =
    "{\"title\": \"Healthy cluster\",\n"
    " \"summary\": \"Two H100 nodes running a healthy pre-training job; no lab.\",\n"
    " \"seed\": 1, \"start_time\": \"2026-03-14T09:00:00Z\",\n"
    " \"cluster\": {\"name\": \"trn\", \"gpu\": \"H100\", \"nodes\": 2},\n"
    " \"storage\": [\n"
    "  {\"name\": \"data\", \"type\": \"nfs4\", \"source\": \"10.0.0.5:/export/data\", \"target\": \"/data\",\n"
    "   \"size_tb\": 45, \"used_tb\": 24, \"read_mb_per_s\": 8000, \"write_mb_per_s\": 5000,\n"
    "   \"metadata_latency_ms\": 0.4},\n"
    "  {\"name\": \"checkpoints\", \"type\": \"nfs4\", \"source\": \"10.0.0.6:/export/ckpt\",\n"
    "   \"target\": \"/checkpoints\", \"size_tb\": 100, \"used_tb\": 31, \"read_mb_per_s\": 8000,\n"
    "   \"write_mb_per_s\": 6000},\n"
    "  {\"name\": \"scratch\", \"type\": \"ext4\", \"source\": \"/dev/nvme0n1p1\", \"target\": \"/scratch\",\n"
    "   \"size_tb\": 7.6, \"used_tb\": 1.2, \"read_mb_per_s\": 6500, \"write_mb_per_s\": 3500,\n"
    "   \"metadata_latency_ms\": 0.05}],\n"
    " \"job\": {\"id\": 48213, \"name\": \"pretrain-7b\", \"input\": \"data\", \"checkpoints\": \"checkpoints\"}}\n";
