/* nccl_tests.c: `all_reduce_perf` from nccl-tests, alone or under `mpirun`, with the NCCL_DEBUG
 * init lines; every time, bandwidth and transport comes from the model's NCCL plan (model.h). */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "full_only.h"
#include "net_tools.h"
#include "out.h"
#include "tools.h"
#include "compat/numscan.h"
#include "model/gpu.h"
#include "model/host.h"
#include "model/nccl.h"
#include "model/repair.h"
#include "model/rng.h"
#include "model/run.h"
#include "model/scenario.h"
#include "model/world.h"

/* ---- data types and ops (nccl-tests src/common.cu: test_typenames, test_opnames) ---------------- */

static const struct {
    const char *name;
    const char *nccl_name; /* as NCCL's WARN lines name it */
    int size;
} types[EMU_NCCL_TEST_MAX_TYPES] = {
    {"int8", "ncclInt8", 1},       {"uint8", "ncclUint8", 1},     {"int32", "ncclInt32", 4},
    {"uint32", "ncclUint32", 4},   {"int64", "ncclInt64", 8},     {"uint64", "ncclUint64", 8},
    {"half", "ncclFloat16", 2},    {"float", "ncclFloat32", 4},   {"double", "ncclFloat64", 8},
    {"bfloat16", "ncclBfloat16", 2},
};
#define TYPE_FLOAT 7

static const char *const ops[EMU_NCCL_TEST_MAX_OPS] = {"sum", "prod", "max", "min", "avg"};

/* The nccl-tests binaries the emulator runs: the collective, whether it reduces (redop column),
 * its root (broadcast from rank 0) and busbw = algbw x factor (nccl-tests doc/PERFORMANCE.md:
 * 2(n-1)/n for AllReduce, (n-1)/n for AllGather, ReduceScatter and AlltoAll, 1 for Broadcast). */
typedef enum coll { COLL_ALL_REDUCE, COLL_ALL_GATHER, COLL_REDUCE_SCATTER, COLL_BROADCAST, COLL_ALLTOALL } coll;
static const struct {
    const char *binary;
    const char *nccl_name;
    bool reduces;
    int root;
    emu_nccl_coll model;      /* the collective in the NCCL model (nccl.h) */
} colls[] = {
    {"all_reduce_perf", "AllReduce", true, -1, EMU_COLL_ALL_REDUCE},
    {"all_gather_perf", "AllGather", false, -1, EMU_COLL_ALL_GATHER},
    {"reduce_scatter_perf", "ReduceScatter", true, -1, EMU_COLL_REDUCE_SCATTER},
    {"broadcast_perf", "Broadcast", false, 0, EMU_COLL_BROADCAST},
    {"alltoall_perf", "AllToAll", false, -1, EMU_COLL_ALLTOALL},
};
#define N_COLLS ((int)(sizeof colls / sizeof colls[0]))

static int coll_find(const char *binary)
{
    for (int i = 0; i < N_COLLS; i++)
        if (!strcmp(binary, colls[i].binary))
            return i;
    return -1;
}

static double coll_bus_factor(coll k, int n) { return emu_nccl_bus_factor(colls[k].model, n); }

const char *emu_nccl_test_type_name(int i)
{
    return i >= 0 && i < EMU_NCCL_TEST_MAX_TYPES ? types[i].name : "";
}

int emu_nccl_test_type_size(int i)
{
    return i >= 0 && i < EMU_NCCL_TEST_MAX_TYPES ? types[i].size : 0;
}

const char *emu_nccl_test_op_name(int i)
{
    return i >= 0 && i < EMU_NCCL_TEST_MAX_OPS ? ops[i] : "";
}

/* ---- all_reduce_perf's flags --------------------------------------------------------------------- */

static const char nccl_test_usage[] =
    "\t[-t,--nthreads <num threads>] \n"
    "\t[-g,--ngpus <gpus per thread>] \n"
    "\t[-b,--minbytes <min size in bytes>] \n"
    "\t[-e,--maxbytes <max size in bytes>] \n"
    "\t[-i,--stepbytes <increment size>] \n"
    "\t[-f,--stepfactor <increment factor>] \n"
    "\t[-n,--iters <iteration count>] \n"
    "\t[-m,--agg_iters <aggregated iteration count>] \n"
    "\t[-w,--warmup_iters <warmup iteration count>] \n"
    "\t[-c,--check <check iteration count>] \n"
    "\t[-o,--op <sum/prod/min/max/avg/all>] \n"
    "\t[-d,--datatype <nccltype/all>] \n"
    "\t[-G,--cudagraph <num graph launches>] \n"
    "\t[-a,--average <0/1/2/3> report average iteration time <0=RANK0/1=AVG/2=MIN/3=MAX>] \n"
    "\t[-h,--help]\n";

long long emu_nccl_test_parse_size(const char *text)
{
    if (!text || !isdigit((unsigned char)text[0]))
        return -1;
    char *end;
    unsigned long long v = strtoull(text, &end, 10);
    unsigned long long mult = 1;
    if (*end == 'K' || *end == 'k')
        mult = 1ull << 10;
    else if (*end == 'M' || *end == 'm')
        mult = 1ull << 20;
    else if (*end == 'G' || *end == 'g')
        mult = 1ull << 30;
    else if (*end != '\0')
        return -1;
    if (mult > 1 && end[1] != '\0')
        return -1;
    /* at most 1 TiB: nothing larger fits any GPU */
    if (v > (1ull << 40) / mult)
        return -1;
    return (long long)(v * mult);
}

static int parse_int(const char *text, int lo, int hi, int *out)
{
    if (!text || !*text)
        return -1;
    char *end;
    long v = strtol(text, &end, 10);
    if (*end != '\0' || v < lo || v > hi)
        return -1;
    *out = (int)v;
    return 0;
}

/* The long option table: long name, short letter, whether it takes a value. */
static const struct {
    const char *name;
    char letter;
    bool value;
} nccl_test_options[] = {
    {"nthreads", 't', true},   {"ngpus", 'g', true},       {"minbytes", 'b', true},
    {"maxbytes", 'e', true},   {"stepbytes", 'i', true},   {"stepfactor", 'f', true},
    {"iters", 'n', true},      {"agg_iters", 'm', true},   {"warmup_iters", 'w', true},
    {"parallel_init", 'p', true}, {"check", 'c', true},    {"op", 'o', true},
    {"datatype", 'd', true},   {"root", 'r', true},        {"blocking", 'z', true},
    {"stream_null", 'y', true}, {"timeout", 'T', true},    {"cudagraph", 'G', true},
    {"report_cputime", 'C', true}, {"average", 'a', true}, {"help", 'h', false},
};
#define N_NCCL_TEST_OPTIONS (sizeof nccl_test_options / sizeof nccl_test_options[0])

static int set_types(const char *v, emu_nccl_test_args *a)
{
    a->n_types = 0;
    if (!strcmp(v, "all")) {
        for (int i = 0; i < EMU_NCCL_TEST_MAX_TYPES; i++)
            a->types[a->n_types++] = i;
        return 0;
    }
    for (int i = 0; i < EMU_NCCL_TEST_MAX_TYPES; i++)
        if (!strcmp(v, types[i].name)) {
            a->types[a->n_types++] = i;
            return 0;
        }
    return -1;
}

static int set_ops(const char *v, emu_nccl_test_args *a)
{
    a->n_ops = 0;
    if (!strcmp(v, "all")) {
        for (int i = 0; i < EMU_NCCL_TEST_MAX_OPS; i++)
            a->ops[a->n_ops++] = i;
        return 0;
    }
    for (int i = 0; i < EMU_NCCL_TEST_MAX_OPS; i++)
        if (!strcmp(v, ops[i])) {
            a->ops[a->n_ops++] = i;
            return 0;
        }
    return -1;
}

int emu_nccl_test_parse(int argc, char **argv, emu_nccl_test_args *a, char *err, size_t err_size)
{
    memset(a, 0, sizeof *a);
    a->n_threads = 1;
    a->n_gpus = 1;
    a->min_bytes = a->max_bytes = 32ll << 20; /* nccl-tests' default -b 32M -e 32M */
    a->step_bytes = 1 << 20;
    a->step_factor = 1;
    a->iters = 20;
    a->warmup_iters = 5;
    a->agg_iters = 1;
    a->check = 1;
    a->average = 1;
    a->n_types = 1;
    a->types[0] = TYPE_FLOAT;
    a->n_ops = 1;
    a->ops[0] = 0;
    err[0] = '\0';
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        char letter = 0;
        const char *value = NULL;
        size_t opt = N_NCCL_TEST_OPTIONS;
        if (arg[0] == '-' && arg[1] == '-' && arg[2]) {
            const char *eq = strchr(arg + 2, '=');
            size_t len = eq ? (size_t)(eq - arg - 2) : strlen(arg + 2);
            for (size_t k = 0; k < N_NCCL_TEST_OPTIONS; k++)
                if (strlen(nccl_test_options[k].name) == len &&
                    !strncmp(nccl_test_options[k].name, arg + 2, len))
                    opt = k;
            if (opt == N_NCCL_TEST_OPTIONS) {
                snprintf(err, err_size, "%s: unrecognized option '%.64s'", argv[0], arg);
                return -1;
            }
            if (eq)
                value = eq + 1;
        } else if (arg[0] == '-' && arg[1]) {
            for (size_t k = 0; k < N_NCCL_TEST_OPTIONS; k++)
                if (nccl_test_options[k].letter == arg[1])
                    opt = k;
            if (opt == N_NCCL_TEST_OPTIONS) {
                snprintf(err, err_size, "%s: invalid option -- '%c'", argv[0], arg[1]);
                return -1;
            }
            if (arg[2])
                value = arg + 2;
        } else {
            /* nccl-tests ignores operands; say so rather than guess */
            snprintf(err, err_size, "%s: unexpected argument '%.64s'", argv[0], arg);
            return -1;
        }
        letter = nccl_test_options[opt].letter;
        if (nccl_test_options[opt].value && !value) {
            if (i + 1 >= argc) {
                if (arg[1] == '-')
                    snprintf(err, err_size, "%s: option '%.64s' requires an argument", argv[0], arg);
                else
                    snprintf(err, err_size, "%s: option requires an argument -- '%c'", argv[0], letter);
                return -1;
            }
            value = argv[++i];
        }
        int iv = 0;
        long long sz;
        switch (letter) {
        case 'h':
            a->help = true;
            break;
        case 't':
        case 'g':
            if (parse_int(value, 1, 64, &iv) < 0)
                goto bad_value;
            if (letter == 't')
                a->n_threads = iv;
            else
                a->n_gpus = iv;
            break;
        case 'b':
        case 'e':
        case 'i':
            sz = emu_nccl_test_parse_size(value);
            if (sz < 0) {
                snprintf(err, err_size, "invalid size specified for '%s'",
                         letter == 'b' ? "minbytes" : letter == 'e' ? "maxbytes" : "stepbytes");
                return -1;
            }
            if (letter == 'b')
                a->min_bytes = sz;
            else if (letter == 'e')
                a->max_bytes = sz;
            else
                a->step_bytes = sz;
            break;
        case 'f':
            if (parse_int(value, 1, 1 << 20, &iv) < 0)
                goto bad_value;
            a->step_factor = iv;
            break;
        case 'n':
            if (parse_int(value, 1, 1000000, &a->iters) < 0)
                goto bad_value;
            break;
        case 'w':
            if (parse_int(value, 0, 1000000, &a->warmup_iters) < 0)
                goto bad_value;
            break;
        case 'm':
            if (parse_int(value, 1, 1000000, &a->agg_iters) < 0)
                goto bad_value;
            break;
        case 'c':
            if (parse_int(value, 0, 1000000, &a->check) < 0)
                goto bad_value;
            break;
        case 'G':
            if (parse_int(value, 0, 1000000, &a->graph) < 0)
                goto bad_value;
            break;
        case 'a':
            if (parse_int(value, 0, 3, &a->average) < 0)
                goto bad_value;
            break;
        case 'o':
            if (set_ops(value, a) < 0) {
                snprintf(err, err_size, "invalid op '%.32s', use sum, prod, max, min, avg or all", value);
                return -1;
            }
            break;
        case 'd':
            if (set_types(value, a) < 0) {
                snprintf(err, err_size, "invalid type '%.32s', use int8, uint8, int32, uint32, int64, "
                         "uint64, half, float, double, bfloat16 or all", value);
                return -1;
            }
            break;
        default: /* -p -r -z -y -T -C: accepted; they do not change the simulated results */
            if (parse_int(value, -1, 1 << 30, &iv) < 0)
                goto bad_value;
            break;
        }
        continue;
    bad_value:
        snprintf(err, err_size, "invalid value '%.32s' for option '%s'", value,
                 nccl_test_options[opt].name);
        return -1;
    }
    if (a->max_bytes < a->min_bytes) {
        snprintf(err, err_size, "invalid option: maxbytes < minbytes, Please reset maxbytes or minbytes");
        return -1;
    }
    if (a->step_factor <= 1 && a->step_bytes <= 0) {
        snprintf(err, err_size, "invalid size specified for 'stepbytes'");
        return -1;
    }
    return 0;
}

/* ---- mpirun's flags ---------------------------------------------------------------------------------- */

static int add_host(emu_mpirun_args *a, const char *spec, size_t len, char *err, size_t err_size)
{
    char name[EMU_NAME_MAX];
    const char *colon = memchr(spec, ':', len);
    size_t nlen = colon ? (size_t)(colon - spec) : len;
    int slots = 1;
    if (nlen == 0 || nlen >= sizeof name) {
        snprintf(err, err_size, "mpirun: Error: invalid host specification \"%.*s\"",
                 (int)(len > 64 ? 64 : len), spec);
        return -1;
    }
    memcpy(name, spec, nlen);
    name[nlen] = '\0';
    if (colon) {
        char num[16];
        size_t vlen = len - nlen - 1;
        if (vlen == 0 || vlen >= sizeof num) {
            snprintf(err, err_size, "mpirun: Error: invalid slot count in \"%.*s\"",
                     (int)(len > 64 ? 64 : len), spec);
            return -1;
        }
        memcpy(num, colon + 1, vlen);
        num[vlen] = '\0';
        if (parse_int(num, 1, 4096, &slots) < 0) {
            snprintf(err, err_size, "mpirun: Error: invalid slot count in \"%.*s\"",
                     (int)(len > 64 ? 64 : len), spec);
            return -1;
        }
    }
    for (int i = 0; i < a->n_hosts; i++)
        if (!strcmp(a->hosts[i], name)) { /* a host named twice adds its slots */
            a->slots[i] += slots;
            return 0;
        }
    if (a->n_hosts >= EMU_MPIRUN_MAX_HOSTS) {
        snprintf(err, err_size, "mpirun: Error: too many hosts (at most %d)", EMU_MPIRUN_MAX_HOSTS);
        return -1;
    }
    snprintf(a->hosts[a->n_hosts], sizeof a->hosts[0], "%s", name);
    a->slots[a->n_hosts++] = slots;
    return 0;
}

/* Open MPI options that take a value and change nothing the simulation models. */
static const char *const mpirun_ignored_with_value[] = {
    "--map-by", "--bind-to", "--rank-by", "--mca", "-mca", "--report-bindings-file", "--prefix",
    "-wdir", "--wdir", "--output-filename", "--timeout", NULL};
static const char *const mpirun_ignored_flags[] = {
    "--allow-run-as-root", "--oversubscribe", "--report-bindings", "--tag-output",
    "--timestamp-output", "-q", "--quiet", "-v", "--verbose", "--display-map", "--nooversubscribe",
    NULL};

int emu_mpirun_parse(int argc, char **argv, emu_mpirun_args *a, char *err, size_t err_size)
{
    memset(a, 0, sizeof *a);
    a->program = -1;
    err[0] = '\0';
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (arg[0] != '-') {
            a->program = i;
            return 0;
        }
        bool needs_value = false;
        const char *value = NULL;
        if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
            a->help = true;
            return 0;
        }
        if (!strcmp(arg, "-V") || !strcmp(arg, "--version")) {
            a->version = true;
            return 0;
        }
        if (!strcmp(arg, "-np") || !strcmp(arg, "-n") || !strcmp(arg, "--np") ||
            !strcmp(arg, "-H") || !strcmp(arg, "--host") || !strcmp(arg, "-host") ||
            !strcmp(arg, "-N") || !strcmp(arg, "--npernode") || !strcmp(arg, "-npernode") ||
            !strcmp(arg, "-x"))
            needs_value = true;
        else {
            bool known = false;
            for (int k = 0; mpirun_ignored_with_value[k]; k++)
                if (!strcmp(arg, mpirun_ignored_with_value[k])) {
                    known = true;
                    /* --mca takes two values */
                    int take = (!strcmp(arg, "--mca") || !strcmp(arg, "-mca")) ? 2 : 1;
                    if (i + take >= argc) {
                        snprintf(err, err_size, "mpirun: Error: option \"%s\" did not have enough parameters (%d)", arg, take);
                        return -1;
                    }
                    i += take;
                }
            for (int k = 0; !known && mpirun_ignored_flags[k]; k++)
                known = !strcmp(arg, mpirun_ignored_flags[k]);
            if (!known) {
                snprintf(err, err_size, "mpirun: Error: unknown option \"%.64s\"", arg);
                return -1;
            }
            continue;
        }
        if (needs_value) {
            if (i + 1 >= argc) {
                snprintf(err, err_size, "mpirun: Error: option \"%s\" did not have enough parameters (1)", arg);
                return -1;
            }
            value = argv[++i];
        }
        if (!strcmp(arg, "-np") || !strcmp(arg, "-n") || !strcmp(arg, "--np")) {
            if (parse_int(value, 1, EMU_MAX_RANKS * 4, &a->np) < 0) {
                snprintf(err, err_size, "mpirun: Error: invalid number of processes \"%.32s\"", value);
                return -1;
            }
        } else if (!strcmp(arg, "-N") || !strcmp(arg, "--npernode") || !strcmp(arg, "-npernode")) {
            if (parse_int(value, 1, 4096, &a->npernode) < 0) {
                snprintf(err, err_size, "mpirun: Error: invalid number of processes per node \"%.32s\"", value);
                return -1;
            }
        } else if (!strcmp(arg, "-x")) {
            if (!value[0] || value[0] == '=') {
                snprintf(err, err_size, "mpirun: Error: invalid environment variable \"%.64s\"", value);
                return -1;
            }
            if (a->n_exports >= EMU_MPIRUN_MAX_EXPORTS) {
                snprintf(err, err_size, "mpirun: Error: too many -x options (at most %d)", EMU_MPIRUN_MAX_EXPORTS);
                return -1;
            }
            snprintf(a->exports[a->n_exports++], sizeof a->exports[0], "%s", value);
        } else { /* -H / --host: comma-separated host[:slots] */
            const char *p = value;
            if (!*p) {
                snprintf(err, err_size, "mpirun: Error: empty host list");
                return -1;
            }
            while (*p) {
                const char *e = strchr(p, ',');
                size_t len = e ? (size_t)(e - p) : strlen(p);
                if (add_host(a, p, len, err, err_size) < 0)
                    return -1;
                p += len;
                if (*p == ',')
                    p++;
            }
        }
    }
    return 0;
}

int emu_mpirun_place(const emu_world *w, int here, const emu_mpirun_args *a, emu_rank_loc *locs,
                     int max_locs, char *err, size_t err_size)
{
    int node_of[EMU_MPIRUN_MAX_HOSTS + 1];
    int slots[EMU_MPIRUN_MAX_HOSTS + 1];
    int n = a->n_hosts;
    err[0] = '\0';
    for (int i = 0; i < n; i++) {
        node_of[i] = emu_world_find_node(w, a->hosts[i]);
        if (node_of[i] < 0) {
            snprintf(err, err_size, "ssh: Could not resolve hostname %s: Name or service not known\n"
                     "--------------------------------------------------------------------------\n"
                     "ORTE was unable to reliably start one or more daemons.\n"
                     "--------------------------------------------------------------------------",
                     a->hosts[i]);
            return -1;
        }
        slots[i] = a->npernode > 0 ? a->npernode : a->slots[i];
    }
    if (n == 0) { /* no host list: the local node, one slot per GPU-bound process asked for */
        node_of[0] = here;
        slots[0] = a->npernode > 0 ? a->npernode : (a->np > 0 ? a->np : w->nodes[here].n_gpus);
        n = 1;
    }
    int total = 0;
    for (int i = 0; i < n; i++)
        total += slots[i];
    int np = a->np > 0 ? a->np : total;
    if (np > total) {
        snprintf(err, err_size,
                 "--------------------------------------------------------------------------\n"
                 "There are not enough slots available in the system to satisfy the %d\n"
                 "slots that were requested by the application.\n\n"
                 "Either request fewer slots for your application, or make more slots\n"
                 "available for use (for example with -H node01:8,node02:8).\n"
                 "--------------------------------------------------------------------------",
                 np);
        return -1;
    }
    if (np > max_locs) {
        snprintf(err, err_size, "mpirun: Error: %d processes is more than this cluster can run (%d)", np, max_locs);
        return -1;
    }
    int p = 0;
    for (int i = 0; i < n && p < np; i++)
        for (int s = 0; s < slots[i] && p < np; s++, p++) {
            locs[p].node = node_of[i];
            locs[p].gpu = s; /* the local rank: nccl-tests picks its GPU from it */
        }
    return np;
}

/* ---- environment as the ranks see it ------------------------------------------------------------- */

/* A context whose getenv answers mpirun's -x NAME=VALUE first, then the caller's environment. */
typedef struct env_context {
    emu_context base; /* first, so a pointer to it is a pointer to the whole */
    const emu_context *parent;
    const emu_mpirun_args *mpi;
} env_context;

static const char *env_getenv(const emu_context *context, const char *name)
{
    const env_context *e = (const env_context *)context;
    size_t len = strlen(name);
    for (int i = e->mpi ? e->mpi->n_exports : 0; i-- > 0;) {
        const char *x = e->mpi->exports[i];
        if (!strncmp(x, name, len) && x[len] == '=')
            return x + len + 1;
    }
    return e->parent->getenv ? e->parent->getenv(e->parent, name) : NULL;
}

static const char *ctx_getenv(const emu_context *c, const char *name)
{
    return c->getenv ? c->getenv(c, name) : NULL;
}

static const char *ctx_env(const void *c, const char *name)
{
    return ctx_getenv((const emu_context *)c, name);
}

/* NCCL's environment variables as the command sees them (context->getenv) into env. */
static void nccl_env_from_context(const emu_context *c, emu_nccl_env *env)
{
    emu_nccl_env_read(env, c && c->getenv ? ctx_env : NULL, c);
}

/* ---- the run ---------------------------------------------------------------------------------------- */

/* A process of the test: the node it runs on and its local rank there. */
typedef struct proc {
    int node;
    int local;
    int pid;
} proc;

typedef struct run {
    emu_context *ctx;
    emu_out *out;
    const emu_world *w;
    const emu_nccl_test_args *args;
    int n_procs;
    proc procs[EMU_MAX_RANKS];
    int nranks;
    emu_rank_loc ranks[EMU_MAX_RANKS];
    int rank_proc[EMU_MAX_RANKS];   /* which process drives each rank */
    int rank_dev[EMU_MAX_RANKS];    /* its CUDA device ordinal in that process (cudaDev: the
                                       ranks' GPUs are r->ranks[].gpu, NVML's index) */
    int debug;                      /* 0 none, 1 VERSION, 2 WARN, 3 INFO (NCCL_DEBUG) */
    unsigned subsys;                /* SUB_* the INFO lines come from (NCCL_DEBUG_SUBSYS) */
    emu_nccl_plan plan;
    emu_nccl_env env;
    uint64_t comm_id;
    coll kind;                      /* which nccl-tests binary runs */
} run;

/* The bus number of a GPU ("00000000:1B:00.0" -> 0x1b). */
static unsigned gpu_bus(const emu_gpu *g)
{
    const char *c = strchr(g->bus_id, ':');
    return c ? (unsigned)strtoul(c + 1, NULL, 16) : 0;
}

static const char *proc_host(const run *r, int p) { return r->w->nodes[r->procs[p].node].name; }

/* The NCCL log as NCCL 2.21.5 writes it (src/debug.cc, every line's text from the source of
 * that tag): an INFO line is "node01:4242:4242 [0] NCCL INFO TEXT"; a WARN line names the source
 * file and line and starts with a newline ("\nnode01:4242:4242 [0] init.cc:943 NCCL WARN TEXT").
 * An INFO line shows when NCCL_DEBUG=INFO and its subsystem is in NCCL_DEBUG_SUBSYS (INIT and
 * ENV by default). */
static void nccl_vline(run *r, int rank, const char *level, const char *where, const char *format, va_list ap)
{
    int p = r->rank_proc[rank];
    /* the main thread logs init; each further GPU of a process has its own thread */
    int tid = r->procs[p].pid + (rank > 0 && r->rank_proc[rank - 1] == p ? 1 + r->rank_dev[rank] % 64 : 0);
    emu_out_printf(r->out, "%s%s:%d:%d [%d] %s%sNCCL %s ", where ? "\n" : "", proc_host(r, p), r->procs[p].pid, tid,
                   r->rank_dev[rank], where ? where : "", where ? " " : "", level);
    emu_out_vprintf(r->out, format, ap);
    emu_out_write(r->out, "\n", 1);
}

static void nccl_line(run *r, int rank, const char *level, const char *where, const char *format, ...)
    __attribute__((format(printf, 5, 6)));
static void nccl_line(run *r, int rank, const char *level, const char *where, const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    nccl_vline(r, rank, level, where, format, ap);
    va_end(ap);
}

/* An INFO line of NCCL's subsystems flags (SUB_*), shown when NCCL_DEBUG=INFO lets it in. */
static void nccl_info(run *r, int rank, unsigned flags, const char *format, ...) __attribute__((format(printf, 4, 5)));
static void nccl_info(run *r, int rank, unsigned flags, const char *format, ...)
{
    if (r->debug < 3 || !(flags & r->subsys))
        return;
    va_list ap;
    va_start(ap, format);
    nccl_vline(r, rank, "INFO", NULL, format, ap);
    va_end(ap);
}

/* NCCL_SOCKET_IFNAME matching (NCCL env documentation): a prefix list, "=" for exact names, "^" to
 * exclude. Interfaces with an IPv4 address on our nodes: only the front-end bond. */
static bool ifname_matches(const char *filter, const char *name)
{
    if (!filter || !*filter)
        return strcmp(name, "lo") != 0;
    bool exclude = *filter == '^';
    if (exclude)
        filter++;
    bool exact = *filter == '=';
    if (exact)
        filter++;
    bool hit = false;
    for (const char *p = filter; *p;) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (len > 0 && (exact ? strlen(name) == len && !strncmp(name, p, len) : !strncmp(name, p, len)))
            hit = true;
        p += len;
        if (*p == ',')
            p++;
    }
    return exclude ? !hit : hit;
}

/* NCCL_IB_HCA matching, the same rules (prefix, "=", "^"), for the NET/IB device list. */
static bool hca_listed(const char *filter, const char *name)
{
    if (!filter || !*filter)
        return true;
    bool exclude = *filter == '^';
    if (exclude)
        filter++;
    bool exact = *filter == '=';
    if (exact)
        filter++;
    bool hit = false;
    for (const char *p = filter; *p;) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        const char *colon = memchr(p, ':', len);
        size_t nlen = colon ? (size_t)(colon - p) : len;
        if (nlen > 0 && (exact ? strlen(name) == nlen && !strncmp(name, p, nlen) : !strncmp(name, p, nlen)))
            hit = true;
        p += len;
        if (*p == ',')
            p++;
    }
    return exclude ? !hit : hit;
}

/* The position of a node's HCA in NCCL's NET/IB device list (active ports NCCL_IB_HCA lets in,
 * in device order), or -1. */
static int net_dev_index(const emu_world *w, int node, int hca, const char *filter)
{
    const emu_node *n = &w->nodes[node];
    int idx = 0;
    for (int i = 0; i < n->n_hcas; i++) {
        const emu_hca *h = &n->hcas[i];
        if (h->state != EMU_PORT_ACTIVE || !hca_listed(filter, h->name))
            continue;
        if (i == hca)
            return idx;
        idx++;
    }
    return -1;
}

/* The HCA a rank sends through: its rail NIC when the plan uses it, else the first used one. */
static int rank_hca(const run *r, int rank)
{
    int k;
    for (k = 0; k < r->plan.n_nodes; k++)
        if (r->plan.nodes[k] == r->ranks[rank].node)
            break;
    if (k == r->plan.n_nodes)
        return -1;
    uint32_t mask = r->plan.hca_mask[k];
    const emu_node *n = &r->w->nodes[r->ranks[rank].node];
    int first = -1;
    for (int i = 0; i < n->n_hcas; i++) {
        if (!(mask & (1u << i)))
            continue;
        if (first < 0)
            first = i;
        if (n->hcas[i].rail == r->ranks[rank].gpu)
            return i;
    }
    return first;
}

/* The NET/IB device index of the NIC a rank sends and receives through. */
static int rank_net_dev(const run *r, int rank)
{
    int h = rank_hca(r, rank);
    return h >= 0 ? net_dev_index(r->w, r->ranks[rank].node, h, r->env.ib_hca) : 0;
}

static bool plan_gdr(const run *r, int node)
{
    for (int k = 0; k < r->plan.n_nodes; k++)
        if (r->plan.nodes[k] == node)
            return r->plan.gdr[k];
    return false;
}

/* NCCL's debug subsystems (src/include/nccl_common.h's ncclDebugLogSubSys, the ones our lines
 * come from) and NCCL_DEBUG_SUBSYS's parsing (src/debug.cc: a comma list, "^" excludes the list,
 * ALL; INIT and ENV when unset). */
enum { SUB_INIT = 1, SUB_P2P = 4, SUB_SHM = 8, SUB_NET = 16, SUB_GRAPH = 32, SUB_TUNING = 64, SUB_ENV = 128 };

static unsigned debug_subsys(const char *v)
{
    if (!v || !*v)
        return SUB_INIT | SUB_ENV;
    static const struct {
        const char *name;
        unsigned bit;
    } names[] = {{"INIT", SUB_INIT}, {"P2P", SUB_P2P}, {"SHM", SUB_SHM}, {"NET", SUB_NET},
                 {"GRAPH", SUB_GRAPH}, {"TUNING", SUB_TUNING}, {"ENV", SUB_ENV}, {"ALL", ~0u}};
    bool invert = *v == '^';
    unsigned mask = invert ? ~0u : 0;
    for (const char *p = v + invert; *p;) {
        size_t len = strcspn(p, ",");
        for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
            if (strlen(names[i].name) == len && !strncasecmp(p, names[i].name, len))
                mask = invert ? mask & ~names[i].bit : mask | names[i].bit;
        p += len;
        if (*p == ',')
            p++;
    }
    return mask;
}

static int debug_level(const char *v)
{
    if (!v)
        return 0;
    if (!strcasecmp(v, "VERSION"))
        return 1;
    if (!strcasecmp(v, "WARN"))
        return 2;
    if (!strcasecmp(v, "INFO") || !strcasecmp(v, "TRACE"))
        return 3;
    return 0;
}

/* The time of one collective of size_bytes in microseconds as the NCCL model gives it, with a
 * deterministic run-to-run spread for sample (out-of-place 0, in-place 1). One rank: a copy
 * through the GPU's memory out-of-place (a read and a write: half its bandwidth), almost
 * nothing in-place. */
static double collective_time_us(const run *r, double size_bytes, int sample, int row)
{
    const emu_world *w = r->w;
    if (r->nranks == 1) {
        double t = sample == 0 ? 4.0 + size_bytes / (w->spec->hbm_gb_per_s / 2 * 1e3) : 0.9;
        return t * (1.0 + 0.03 * emu_sample(w, "arp-1", row, sample));
    }
    emu_nccl_cost cost;
    emu_nccl_cost_of(&r->plan, colls[r->kind].model, size_bytes, &cost);
    /* run-to-run spread: about 2% at 20 iterations, shrinking as 1/sqrt(iters) */
    double spread = 0.02 * sqrt(20.0 / r->args->iters);
    return cost.time_us * (1.0 + spread * emu_sample(w, "arp", row, sample));
}

static void fail_line(run *r, int p, const char *kind, int line, const char *what)
{
    emu_out_printf(r->out, "%s: Test %s failure common.cu:%d '%s'\n", proc_host(r, p), kind, line, what);
    emu_out_printf(r->out, " .. %s pid %d: Test failure common.cu:%d\n", proc_host(r, p),
                   r->procs[p].pid, line + 7);
}

/* The ring of channel c as NCCL builds it on a rail-optimized fabric: each node's ranks in a row,
 * the nodes in order, and every hop between nodes joining two GPUs of the same index, so it stays
 * on one rail (the NIC under each GPU, as in the captures of tool-formats.md section 8). Node p
 * runs its GPUs from x up to x-1 when p is even and from x-1 down to x when p is odd, where x
 * moves every second channel (two channels per NIC, as the plan counts them), so the channels
 * spread over all rails. Fills ring with the n ranks in ring order. */
static void channel_ring(const run *r, int c, int *ring)
{
    int n = r->nranks, k = 0;
    if (r->plan.n_nodes <= 1) {
        for (int i = 0; i < n; i++)
            ring[i] = i;
        return;
    }
    /* the ranks of each plan node in rank order, bucketed in one pass */
    int of_node[EMU_MAX_NODES], start[EMU_MAX_NODES + 1] = {0}, fill[EMU_MAX_NODES], order[EMU_MAX_RANKS];
    for (int i = 0; i < EMU_MAX_NODES; i++)
        of_node[i] = -1;
    for (int p = 0; p < r->plan.n_nodes; p++)
        of_node[r->plan.nodes[p]] = p;
    for (int i = 0; i < n; i++)
        if (r->ranks[i].node >= 0 && r->ranks[i].node < EMU_MAX_NODES && of_node[r->ranks[i].node] >= 0)
            start[of_node[r->ranks[i].node] + 1]++;
    for (int p = 0; p < r->plan.n_nodes; p++) {
        start[p + 1] += start[p];
        fill[p] = start[p];
    }
    for (int i = 0; i < n; i++)
        if (r->ranks[i].node >= 0 && r->ranks[i].node < EMU_MAX_NODES && of_node[r->ranks[i].node] >= 0)
            order[fill[of_node[r->ranks[i].node]]++] = i;
    for (int p = 0; p < r->plan.n_nodes; p++) {
        const int *here = order + start[p];
        int count = start[p + 1] - start[p];
        if (count == 0)
            continue;
        int x = (c / 2) % count;
        for (int i = 0; i < count; i++)
            ring[k++] = p % 2 == 0 ? here[(x + i) % count] : here[(x - 1 - i + 2 * count) % count];
    }
}

/* The P2P transport between two ranks of a node as transport/p2p.cc names it: a pointer when
 * both are threads of one process, else cuMem handles (CUMEM: on by default from a CUDA 12
 * driver, NCCL_CUMEM_ENABLE=0 turns it off) or legacy IPC; "/read" on Ampere over NVLink
 * (graph/paths.cc enables P2P read for compute capability 8.0 only). */
static const char *p2p_kind(const run *r, int from, int to)
{
    const emu_world *w = r->w;
    int node = r->ranks[from].node;
    bool read = w->spec->arch == EMU_ARCH_AMPERE && emu_gpu_links_up(w, node, r->ranks[from].gpu) > 0 &&
                emu_gpu_links_up(w, node, r->ranks[to].gpu) > 0;
    if (r->rank_proc[from] == r->rank_proc[to])
        return read ? "P2P/direct pointer/read" : "P2P/direct pointer";
    const char *cumem = ctx_getenv(r->ctx, "NCCL_CUMEM_ENABLE");
    int major = 0;
    emu_sscanf(w->cuda_version, "%d", &major);
    bool on = cumem && *cumem ? atoi(cumem) != 0 : major >= 12;
    if (on)
        return read ? "P2P/CUMEM/read" : "P2P/CUMEM";
    return read ? "P2P/IPC/read" : "P2P/IPC";
}

/* Prints the NCCL init lines (NCCL_DEBUG=INFO; WARN lines from WARN up). */
static void print_init(run *r, const char *ifname)
{
    const emu_world *w = r->w;
    int n = r->nranks;
    const char *ib_hca = r->env.ib_hca;
    bool socket = r->plan.inter == EMU_TRANSPORT_NET_SOCKET ||
                  (r->plan.n_nodes == 1 && (r->env.ib_disable || (r->env.net && !strcasecmp(r->env.net, "Socket"))));
    bool info = r->debug >= 3;
    int first_rank_of[EMU_MAX_RANKS];
    for (int p = 0; p < r->n_procs; p++)
        first_rank_of[p] = -1;
    for (int k = 0; k < n; k++)
        if (first_rank_of[r->rank_proc[k]] < 0)
            first_rank_of[r->rank_proc[k]] = k;
    int cuda_code = 0;
    {
        int major = 0, minor = 0;
        emu_sscanf(w->cuda_version, "%d.%d", &major, &minor);
        cuda_code = major * 1000 + minor * 10;
    }
    /* the process-level lines, from the first process on each node (every process prints
     * them; one per node keeps the log readable and still shows each node's network) */
    for (int p = 0; p < r->n_procs; p++) {
        int k = first_rank_of[p];
        if (k < 0)
            continue;
        bool first_on_node = true;
        for (int q = 0; q < p; q++)
            first_on_node &= r->procs[q].node != r->procs[p].node;
        if (!first_on_node)
            continue;
        const emu_node *node = &w->nodes[r->procs[p].node];
        if (info) {
            /* misc/socket.cc, bootstrap.cc, misc/cudawrap.cc */
            if (ifname)
                nccl_info(r, k, SUB_ENV, "NCCL_SOCKET_IFNAME set by environment to %s", ifname);
            nccl_info(r, k, SUB_INIT, "Bootstrap : Using %s:%s<0>", node->bootstrap_netdev, node->ip);
            nccl_info(r, k, SUB_INIT, "cudaDriverVersion %d", cuda_code);
        }
        /* init.cc's showVersion: rank 0 prints the bare line on stdout from NCCL_DEBUG=VERSION up */
        if (k == 0 && r->debug >= 1)
            emu_out_printf(r->out, "NCCL version %s\n", w->nccl_version);
        if (!info && r->debug < 2)
            continue;
        /* net.cc: no external plugin, then the internal one */
        nccl_info(r, k, SUB_INIT | SUB_NET, "NET/Plugin: No plugin found (libnccl-net.so)");
        nccl_info(r, k, SUB_ENV | SUB_TUNING,
                  "NET/Plugin: Plugin load returned 2 : libnccl-net.so: cannot open shared object file: No such file "
                  "or directory : when loading libnccl-net.so");
        nccl_info(r, k, SUB_INIT | SUB_NET, "NET/Plugin: Using internal network plugin.");
        /* the variables NCCL reads report themselves (NCCL's env parsing logs each one it sets) */
        /* misc/param.cc logs an integer parameter as "%s set by environment to %lld." (NCCL_NET
         * is read with ncclGetEnv, which logs nothing) */
        const char *ib_disable = ctx_getenv(r->ctx, "NCCL_IB_DISABLE");
        const char *p2p = ctx_getenv(r->ctx, "NCCL_P2P_DISABLE");
        if (ib_disable && *ib_disable)
            nccl_info(r, k, SUB_ENV, "NCCL_IB_DISABLE set by environment to %lld.", strtoll(ib_disable, NULL, 0));
        if (p2p && *p2p)
            nccl_info(r, k, SUB_ENV, "NCCL_P2P_DISABLE set by environment to %lld.", strtoll(p2p, NULL, 0));
        if (ib_hca && *ib_hca)
            nccl_info(r, k, SUB_NET | SUB_ENV, "NCCL_IB_HCA set to %s", ib_hca);
        bool ib_off = r->env.ib_disable || (r->env.net && !strcasecmp(r->env.net, "Socket"));
        if (!ib_off && !node->verbs_available) {
            nccl_info(r, k, SUB_INIT, "Failed to open libibverbs.so[.1]"); /* misc/ibvsymbols.cc */
        } else if (!ib_off && info) {
            /* the NET/IB device list of this node */
            char list[512];
            size_t used = 0;
            int idx = 0;
            list[0] = '\0';
            for (int i = 0; i < node->n_hcas; i++) {
                const emu_hca *h = &node->hcas[i];
                if (h->state != EMU_PORT_ACTIVE || !hca_listed(ib_hca, h->name))
                    continue;
                int m = snprintf(list + used, sizeof list - used, "[%d]%s:1/%s ", idx++, h->name,
                                 h->ethernet ? "RoCE" : "IB");
                if (m < 0 || (size_t)m >= sizeof list - used)
                    break;
                used += (size_t)m;
            }
            /* transport/net_ib.cc (without nvidia_peermem 2.21.5 logs nothing here: the sends
             * and receives below just lack /GDRDMA) */
            if (idx == 0)
                nccl_info(r, k, SUB_INIT | SUB_NET, "NET/IB : No device found.");
            else
                nccl_info(r, k, SUB_INIT | SUB_NET, "NET/IB : Using %s[RO]; OOB %s:%s<0>", list,
                          node->bootstrap_netdev, node->ip);
        }
        if (socket) {
            nccl_info(r, k, SUB_INIT | SUB_NET, "NET/Socket : Using [0]%s:%s<0>", node->bootstrap_netdev, node->ip);
            nccl_info(r, k, SUB_INIT, "Using network Socket");
        } else {
            nccl_info(r, k, SUB_INIT, "Using network IB");
        }
    }
    if (!info)
        return;
    const char *algo_env = ctx_getenv(r->ctx, "NCCL_ALGO");
    const char *proto_env = ctx_getenv(r->ctx, "NCCL_PROTO");
    for (int k = 0; k < n; k++) {
        const emu_gpu *g = &w->nodes[r->ranks[k].node].gpus[r->ranks[k].gpu];
        nccl_info(r, k, SUB_INIT,
                  "ncclCommInitRank comm 0x%llx rank %d nranks %d cudaDev %d nvmlDev %d busId %x000 commId 0x%llx - Init START",
                  (unsigned long long)(0x55d000000000ull | (emu_hash(w->seed, "comm", (uint64_t)k, r->comm_id) & 0xffffff0ull)),
                  k, n, r->rank_dev[k], r->ranks[k].gpu, gpu_bus(g), (unsigned long long)r->comm_id);
    }
    if (algo_env && *algo_env) /* graph/tuning.cc */
        nccl_info(r, 0, SUB_ENV, "NCCL_ALGO set by environment to %s", algo_env);
    if (proto_env && *proto_env)
        nccl_info(r, 0, SUB_ENV, "NCCL_PROTO set by environment to %s", proto_env);
    if (r->plan.inter == EMU_TRANSPORT_NET_IB)
        for (int k = 0; k < n; k++) {
            int h = rank_hca(r, k);
            if (h < 0 || !plan_gdr(r, r->ranks[k].node))
                continue;
            const emu_gpu *g = &w->nodes[r->ranks[k].node].gpus[r->ranks[k].gpu];
            /* graph/paths.cc, subsystem NET (NCCL_DEBUG_SUBSYS=NET shows it): the rail NIC behind
             * the GPU's PCIe switch, PATH_PIX (3) within the default NCCL_NET_GDR_LEVEL PATH_PXB
             * (4); read for the sends */
            nccl_info(r, k, SUB_NET, "GPU Direct RDMA Enabled for GPU %x000 / HCA %d (distance 3 <= 4), read 1",
                      gpu_bus(g), net_dev_index(w, r->ranks[k].node, h, r->env.ib_hca));
        }
    /* rank 0 lists the rings: the ranks in ring order, one line per channel */
    int nch = r->plan.n_channels > 0 ? r->plan.n_channels : 1;
    int *ring = malloc(sizeof(int) * (size_t)(2 * n));
    if (!ring)
        return;
    int *pos = ring + n;
    for (int c = 0; c < nch; c++) {
        channel_ring(r, c, ring);
        /* graph/rings.cc's dumpLine: " %3d" per rank after the prefix, the first 20 ranks only */
        char list[20 * 8 + 1];
        size_t used = 0;
        for (int i = 0; i < n && i < 20; i++)
            used += (size_t)snprintf(list + used, sizeof list - used, " %3d", ring[i] % 1000);
        list[used] = '\0';
        nccl_info(r, 0, SUB_INIT, "Channel %02d/%02d : %s", c, nch, list);
    }
    /* the connections as each rank reports them: a hop between nodes through the channel's NIC on
     * each side, for every channel (so every rail shows); a hop inside a node over P2P (or SHM)
     * for the first two channels only, which keeps the log short (the rest repeat them) */
    for (int c = 0; c < nch && n > 1; c++) {
        channel_ring(r, c, ring);
        for (int i = 0; i < n; i++)
            pos[ring[i]] = i;
        for (int k = 0; k < n; k++) {
            int next = ring[(pos[k] + 1) % n], prev = ring[(pos[k] + n - 1) % n];
            const emu_rank_loc *me = &r->ranks[k], *to = &r->ranks[next], *from = &r->ranks[prev];
            if (from->node != me->node) {
                if (socket) /* transport/net.cc */
                    nccl_info(r, k, SUB_INIT | SUB_NET, "Channel %02d/0 : %d[%d] -> %d[%d] [receive] via NET/Socket/0",
                              c, prev, from->gpu, k, me->gpu);
                else
                    nccl_info(r, k, SUB_INIT | SUB_NET, "Channel %02d/0 : %d[%d] -> %d[%d] [receive] via NET/IB/%d%s",
                              c, prev, from->gpu, k, me->gpu, rank_net_dev(r, k),
                              plan_gdr(r, me->node) ? "/GDRDMA" : "");
            }
            if (to->node != me->node) {
                if (socket)
                    nccl_info(r, k, SUB_INIT | SUB_NET, "Channel %02d/0 : %d[%d] -> %d[%d] [send] via NET/Socket/0",
                              c, k, me->gpu, next, to->gpu);
                else
                    nccl_info(r, k, SUB_INIT | SUB_NET, "Channel %02d/0 : %d[%d] -> %d[%d] [send] via NET/IB/%d%s",
                              c, k, me->gpu, next, to->gpu, rank_net_dev(r, k),
                              plan_gdr(r, me->node) ? "/GDRDMA" : "");
            } else if (c < 2 && r->plan.intra == EMU_TRANSPORT_SHM) {
                /* transport/shm.cc prints no connection index */
                nccl_info(r, k, SUB_INIT | SUB_SHM, "Channel %02d : %d[%d] -> %d[%d] via SHM/direct/direct", c, k,
                          me->gpu, next, to->gpu);
            } else if (c < 2) {
                nccl_info(r, k, SUB_INIT | SUB_P2P, "Channel %02d/0 : %d[%d] -> %d[%d] via %s", c, k, me->gpu, next,
                          to->gpu, p2p_kind(r, k, next));
            }
        }
    }
    free(ring);
    for (int k = 0; k < n; k++) /* init.cc */
        nccl_info(r, k, SUB_INIT, "Connected all rings");
    for (int k = 0; k < n; k++) {
        const emu_gpu *g = &w->nodes[r->ranks[k].node].gpus[r->ranks[k].gpu];
        nccl_info(r, k, SUB_INIT,
                  "ncclCommInitRank comm 0x%llx rank %d nranks %d cudaDev %d nvmlDev %d busId %x000 commId 0x%llx - Init COMPLETE",
                  (unsigned long long)(0x55d000000000ull | (emu_hash(w->seed, "comm", (uint64_t)k, r->comm_id) & 0xffffff0ull)),
                  k, n, r->rank_dev[k], r->ranks[k].gpu, gpu_bus(g), (unsigned long long)r->comm_id);
    }
}

static void format_time(double time_us, char *buf, size_t size)
{
    /* nccl-tests: whole microseconds from 10 ms up, one decimal from 100 us, else two */
    if (time_us >= 10000.0)
        snprintf(buf, size, "%7.0f", time_us);
    else if (time_us >= 100.0)
        snprintf(buf, size, "%7.1f", time_us);
    else
        snprintf(buf, size, "%7.2f", time_us);
}

/* Runs the test over the processes in r (ranks laid out from them). Returns the exit status. */
static int run_test(run *r)
{
    const emu_world *w = r->w;
    const emu_nccl_test_args *a = r->args;
    emu_out *out = r->out;
    int per_proc = a->n_threads * a->n_gpus;

    /* processes and their pids; each rank's CUDA device from its process's local rank
     * (nccl-tests: cudaDev = localRank * nThreads * nGpus + thread * nGpus + i), and the GPU that
     * device is among those CUDA_VISIBLE_DEVICES leaves the process (host.h) */
    const char *visible = ctx_getenv(r->ctx, "CUDA_VISIBLE_DEVICES");
    r->nranks = 0;
    for (int p = 0; p < r->n_procs; p++) {
        proc *pr = &r->procs[p];
        pr->pid = 1000 + (int)(emu_hash(w->seed, "pid", (uint64_t)pr->node * 64 + (uint64_t)pr->local,
                                        w->commands_run) % 90000u);
        int gpus[EMU_MAX_GPUS];
        int n_visible = emu_cuda_visible_gpus(w, pr->node, visible, gpus, EMU_MAX_GPUS);
        for (int i = 0; i < per_proc; i++) {
            int dev = pr->local * per_proc + i;
            if (dev >= n_visible) {
                /* cudaSetDevice: cudaErrorNoDevice with none visible, else cudaErrorInvalidDevice */
                fail_line(r, p, "CUDA", 1015, n_visible ? "invalid device ordinal" : "no CUDA-capable device is detected");
                return 1;
            }
            int gpu = gpus[dev];
            r->rank_dev[r->nranks] = dev;
            if (r->nranks >= EMU_MAX_RANKS) {
                fail_line(r, p, "NCCL", 1005, "invalid argument (run with NCCL_DEBUG=WARN for details)");
                return 1;
            }
            r->ranks[r->nranks].node = pr->node;
            r->ranks[r->nranks].gpu = gpu;
            r->rank_proc[r->nranks++] = p;
        }
    }
    /* two ranks on one GPU: NCCL refuses the duplicate device */
    for (int i = 0; i < r->nranks; i++)
        for (int j = i + 1; j < r->nranks; j++)
            if (r->ranks[i].node == r->ranks[j].node && r->ranks[i].gpu == r->ranks[j].gpu) {
                if (r->debug >= 2)
                    nccl_line(r, j, "WARN", "init.cc:943", "Duplicate GPU detected : rank %d and rank %d both on CUDA device %x000",
                              i, j, gpu_bus(&w->nodes[r->ranks[j].node].gpus[r->ranks[j].gpu]));
                fail_line(r, r->rank_proc[j], "NCCL", 1005, "invalid usage (run with NCCL_DEBUG=WARN for details)");
                return 1;
            }

    nccl_env_from_context(r->ctx, &r->env);
    r->debug = debug_level(ctx_getenv(r->ctx, "NCCL_DEBUG"));
    r->subsys = debug_subsys(ctx_getenv(r->ctx, "NCCL_DEBUG_SUBSYS"));
    r->comm_id = emu_hash(w->seed, "commid", w->commands_run, (uint64_t)r->nranks);
    if (emu_nccl_plan_make(w, r->ranks, r->nranks, &r->env, &r->plan) < 0) {
        fail_line(r, 0, "NCCL", 1005, "invalid argument (run with NCCL_DEBUG=WARN for details)");
        return 1;
    }

    /* buffers: nccl-tests allocates send and receive buffers of maxBytes on every GPU */
    double need_mib = 2.0 * (double)a->max_bytes / (1024.0 * 1024.0);

    /* The layout of nccl-tests 2.14.1 to 2.16.6 (src/common.cu): no version line (2.17.4 added
     * it), warm-up default 5 (1 from 2.16.8), the device as [domain:bus:device] (2.14.1), no
     * "Collective test starting" line (2.16.7). Each release's layout is one whole: the version
     * line with `warmup iters: 5` is in none. */
    if (a->step_factor > 1)
        emu_out_printf(out, "# nThread %d nGpus %d minBytes %lld maxBytes %lld step: %d(factor) warmup iters: %d iters: %d agg iters: %d validation: %d graph: %d\n",
                       a->n_threads, a->n_gpus, a->min_bytes, a->max_bytes, a->step_factor,
                       a->warmup_iters, a->iters, a->agg_iters, a->check, a->graph);
    else
        emu_out_printf(out, "# nThread %d nGpus %d minBytes %lld maxBytes %lld step: %lld(bytes) warmup iters: %d iters: %d agg iters: %d validation: %d graph: %d\n",
                       a->n_threads, a->n_gpus, a->min_bytes, a->max_bytes, a->step_bytes,
                       a->warmup_iters, a->iters, a->agg_iters, a->check, a->graph);
    emu_out_printf(out, "#\n# Using devices\n");
    for (int k = 0; k < r->nranks; k++) {
        const emu_gpu *g = &w->nodes[r->ranks[k].node].gpus[r->ranks[k].gpu];
        int p = r->rank_proc[k];
        emu_out_printf(out, "#  Rank %2d Group %2d Pid %6d on %10s device %2d [%04x:%02x:%02x] %s\n", k,
                       0, r->procs[p].pid, proc_host(r, p), r->rank_dev[k], 0u, gpu_bus(g), 0u,
                       w->spec->name);
    }
    for (int k = 0; k < r->nranks; k++)
        if (need_mib > w->spec->memory_total_mib) {
            fail_line(r, r->rank_proc[k], "CUDA", 779, "out of memory");
            return 1;
        }
    if (r->plan.fabric_unavailable) {
        /* HGX without Fabric Manager: CUDA reports cudaErrorSystemNotReady (802) */
        for (int p = 0; p < r->n_procs; p++)
            if (r->procs[p].node == r->plan.fabric_node) {
                fail_line(r, p, "CUDA", 891, "system not yet initialized");
                return 1;
            }
    }
    /* the bootstrap interface NCCL_SOCKET_IFNAME selects: only bond0 carries an IPv4 address */
    const char *ifname = ctx_getenv(r->ctx, "NCCL_SOCKET_IFNAME");
    if (ifname && *ifname && !ifname_matches(ifname, w->nodes[r->procs[0].node].bootstrap_netdev)) {
        if (r->debug >= 3)
            nccl_info(r, 0, SUB_ENV, "NCCL_SOCKET_IFNAME set by environment to %s", ifname);
        if (r->debug >= 2)
            nccl_line(r, 0, "WARN", "bootstrap.cc:48", "Bootstrap : no socket interface found");
        fail_line(r, 0, "NCCL", 1005, "internal error - please report this issue to the NCCL developers");
        return 1;
    }
    if (r->debug)
        print_init(r, ifname && *ifname ? ifname : NULL);

    emu_nccl_cost probe;
    if (r->nranks > 1 && emu_nccl_cost_of(&r->plan, colls[r->kind].model, (double)a->min_bytes, &probe) != 0) {
        if (r->debug >= 2)
            nccl_line(r, 0, "WARN", "enqueue.cc:1528", "Error : no algorithm/protocol available");
        /* 2.21.5 returns ncclInternalError here (2.24 made it a usage error naming NCCL_ALGO) */
        fail_line(r, 0, "NCCL", 404, "internal error - please report this issue to the NCCL developers");
        return 1;
    }

    emu_out_printf(out, "#\n");
    /* nccl-tests 2.16.6 src/common.cu's three header lines, trailing blanks included */
    emu_out_printf(out, "# %10s  %12s  %8s  %6s  %6s           out-of-place                       in-place          \n",
                   "", "", "", "", "");
    emu_out_printf(out, "# %10s  %12s  %8s  %6s  %6s  %7s  %6s  %6s %6s  %7s  %6s  %6s %6s\n", "size", "count",
                   "type", "redop", "root", "time", "algbw", "busbw", "#wrong", "time", "algbw", "busbw", "#wrong");
    emu_out_printf(out, "# %10s  %12s  %8s  %6s  %6s  %7s  %6s  %6s  %5s  %7s  %6s  %6s  %5s\n", "(B)",
                   "(elements)", "", "", "", "(us)", "(GB/s)", "(GB/s)", "", "(us)", "(GB/s)", "(GB/s)", "");
    double bw_sum = 0;
    int bw_count = 0, row = 0;
    for (int ti = 0; ti < a->n_types; ti++)
        for (int oi = 0; oi < (colls[r->kind].reduces ? a->n_ops : 1); oi++) {
            int type = a->types[ti];
            long long tsize = types[type].size;
            /* collectives that split the buffer over the ranks round it to whole elements a rank */
            long long unit = r->kind == COLL_ALL_REDUCE || r->kind == COLL_BROADCAST ? 1 : r->nranks;
            for (long long size = a->min_bytes; size <= a->max_bytes && !out->truncated;) {
                long long count = size / tsize / unit * unit;
                long long bytes = count * tsize;
                if (count > 0) {
                    emu_out_printf(out, "%12lld  %12lld  %8s  %6s  %6d", bytes, count, types[type].name,
                                   colls[r->kind].reduces ? ops[a->ops[oi]] : "none", colls[r->kind].root);
                    for (int s = 0; s < 2; s++) {
                        double t = collective_time_us(r, (double)bytes, s, row);
                        double algbw = emu_algbw_gb_per_s((double)bytes, t);
                        double busbw = algbw * coll_bus_factor(r->kind, r->nranks); /* 0 for one rank */
                        char ts[32];
                        format_time(t, ts, sizeof ts);
                        emu_out_printf(out, "  %7s  %6.2f  %6.2f  %5s", ts, algbw, busbw, a->check ? "0" : "N/A");
                        bw_sum += busbw;
                        bw_count++;
                    }
                    emu_out_write(out, "\n", 1);
                    row++;
                }
                /* nccl-tests: multiply by -f when it is above 1, else add -i (1 MiB by default) */
                long long next = a->step_factor > 1 ? size * a->step_factor : size + a->step_bytes;
                if (next <= size)
                    break;
                size = next;
            }
        }
    emu_out_printf(out, "# Out of bounds values : 0 OK\n");
    emu_out_printf(out, "# Avg bus bandwidth    : %g \n", bw_count ? bw_sum / bw_count : 0.0);
    emu_out_printf(out, "#\n");
    if (r->debug >= 3)
        for (int k = 0; k < r->nranks; k++) {
            const emu_gpu *g = &w->nodes[r->ranks[k].node].gpus[r->ranks[k].gpu];
            nccl_info(r, k, SUB_INIT, "comm 0x%llx rank %d nranks %d cudaDev %d busId %x000 - Destroy COMPLETE",
                      (unsigned long long)(0x55d000000000ull | (emu_hash(w->seed, "comm", (uint64_t)k, r->comm_id) & 0xffffff0ull)),
                      k, r->nranks, r->rank_dev[k], gpu_bus(g));
        }
    emu_out_printf(out, "\n");
    return 0;
}

/* Parses a nccl-tests binary's flags (argv[0] names it); on -h or a bad flag prints the usage and
 * returns false. */
static bool parse_or_usage(int argc, char **argv, emu_nccl_test_args *a, emu_out *out, int *status)
{
    char err[256];
    const char *name = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
    if (emu_nccl_test_parse(argc, argv, a, err, sizeof err) < 0) {
        *status = 1;
        EMU_WANT_FULL_MODULE(); /* the usage text is the full module's (full_only.h) */
        if (EMU_IN_CORE)
            return false;
        emu_out_printf(out, "%s\nUSAGE: %.64s \n", err, name);
        emu_out_write(out, nccl_test_usage, sizeof nccl_test_usage - 1);
        *status = 1;
        return false;
    }
    if (a->help) {
        *status = 0;
        EMU_WANT_FULL_MODULE();
        if (EMU_IN_CORE)
            return false;
        emu_out_printf(out, "USAGE: %.64s \n", name);
        emu_out_write(out, nccl_test_usage, sizeof nccl_test_usage - 1);
        *status = 0;
        return false;
    }
    return true;
}

static int cmd_nccl_test(emu_context *context, int argc, char **argv, emu_out *out)
{
    emu_nccl_test_args args;
    int status = 0;
    if (!parse_or_usage(argc, argv, &args, out, &status))
        return status;
    const char *name = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
    int kind = coll_find(name);
    run *r = calloc(1, sizeof *r);
    if (!r) {
        emu_out_printf(out, "%.64s: out of memory\n", name);
        return 1;
    }
    r->kind = kind >= 0 ? (coll)kind : COLL_ALL_REDUCE;
    r->ctx = context;
    r->out = out;
    r->w = context->world;
    r->args = &args;
    r->n_procs = 1;
    r->procs[0].node = context->node;
    r->procs[0].local = 0;
    status = run_test(r);
    free(r);
    return status;
}

static const char mpirun_usage[] =
    "Usage: mpirun [OPTION]...  [PROGRAM]...\n"
    "Start the given program using Open RTE\n\n"
    "   -np, -n, --np <arg0>   Number of processes to run\n"
    "   -H, --host <arg0>      List of hosts to invoke processes on (host[:slots],...)\n"
    "   -N, --npernode <arg0>  Launch n processes per node on all allocated nodes\n"
    "   -x <arg0>              Export an environment variable, optionally specifying a value\n"
    "                          (e.g., \"-x foo\" exports the environment variable foo and takes\n"
    "                          its value from the current environment; \"-x foo=bar\" exports\n"
    "                          the environment variable name foo and sets its value to \"bar\")\n"
    "   --map-by, --bind-to, --rank-by <arg0>, --mca <name> <value>, --allow-run-as-root,\n"
    "   --oversubscribe, --report-bindings, --tag-output   accepted\n"
    "   -h, --help             This help message\n"
    "   -V, --version          Print version and exit\n";

/* Runs the program of a launcher's command line on the placed processes: all_reduce_perf as one
 * test over every process, `hostname`, or any other tool once per process on its node. mpi
 * carries the exported variables; slurm picks srun's messages over mpirun's. */
static int launch(emu_context *context, const emu_mpirun_args *mpi, const emu_rank_loc *locs, int np,
                  int pargc, char **pargv, bool slurm, emu_out *out)
{
    const emu_world *w = context->world;
    const char *program = pargv[0];
    const char *base = strrchr(program, '/');
    base = base ? base + 1 : program;
    env_context ectx = {.base = *context, .parent = context, .mpi = mpi};
    ectx.base.getenv = env_getenv;
    if (coll_find(base) >= 0) {
        emu_nccl_test_args args;
        int status = 0;
        /* every rank parses the same flags; one usage message, as rank 0 prints it */
        if (!parse_or_usage(pargc, pargv, &args, out, &status))
            return status;
        run *r = calloc(1, sizeof *r);
        if (!r) {
            emu_out_printf(out, "%s: out of memory\n", slurm ? "srun" : "mpirun");
            return 1;
        }
        r->kind = (coll)coll_find(base);
        r->ctx = &ectx.base;
        r->out = out;
        r->w = w;
        r->args = &args;
        r->n_procs = np;
        for (int i = 0; i < np; i++) {
            r->procs[i].node = locs[i].node;
            r->procs[i].local = locs[i].gpu;
        }
        status = run_test(r);
        free(r);
        if (status != 0 && slurm)
            emu_out_printf(out, "srun: error: %s: task 0: Exited with exit code %d\n", w->nodes[locs[0].node].name, status);
        else if (status != 0)
            emu_out_printf(out, "--------------------------------------------------------------------------\n"
                                "Primary job  terminated normally, but 1 process returned\n"
                                "a non-zero exit code. Per user-direction, the job has been aborted.\n"
                                "--------------------------------------------------------------------------\n");
        return status;
    }
    if (!strcmp(base, "hostname")) {
        for (int i = 0; i < np; i++)
            emu_out_printf(out, "%s\n", w->nodes[locs[i].node].name);
        return 0;
    }
    /* A launcher as the program launches nothing (by name: the core module's srun is a
     * stand-in, wasm/core_table.c, and must answer the same) */
    const emu_command *cmd = emu_tools_find(base);
    bool launcher = !strcmp(base, "mpirun") || !strcmp(base, "srun");
    if ((!cmd || launcher) && slurm) {
        emu_out_printf(out, "slurmstepd: error: execve(): %.128s: No such file or directory\n"
                            "srun: error: %s: task 0: Exited with exit code 2\n",
                       program, w->nodes[locs[0].node].name);
        return 2;
    }
    if (!cmd || launcher) {
        emu_out_printf(out, "--------------------------------------------------------------------------\n"
                            "mpirun was unable to find the specified executable file, and therefore\n"
                            "did not launch the job.\n\n"
                            "Executable: %.128s\n"
                            "Node: %s\n"
                            "--------------------------------------------------------------------------\n",
                       program, w->nodes[locs[0].node].name);
        return 1;
    }
    /* any other tool: one copy per process on its node, outputs in rank order */
    int worst = 0;
    for (int i = 0; i < np && !out->truncated; i++) {
        ectx.base.node = locs[i].node;
        int st = cmd->run(&ectx.base, pargc, pargv, out);
        worst = st > worst ? st : worst;
    }
    return worst;
}


static int cmd_mpirun(emu_context *context, int argc, char **argv, emu_out *out)
{
    emu_mpirun_args mpi;
    char err[640];
    const emu_world *w = context->world;
    if (emu_mpirun_parse(argc, argv, &mpi, err, sizeof err) < 0) {
        emu_out_printf(out, "%s\n\nType 'mpirun --help' for usage.\n", err);
        return 1;
    }
    if (mpi.help) {
        EMU_FULL_MODULE_ONLY(); /* the usage text is the full module's (full_only.h) */
        emu_out_write(out, mpirun_usage, sizeof mpirun_usage - 1);
        return 0;
    }
    if (mpi.version) {
        emu_out_printf(out, "mpirun (Open MPI) 4.1.7\n\nReport bugs to http://www.open-mpi.org/community/help/\n");
        return 0;
    }
    if (mpi.program < 0) {
        emu_out_printf(out, "--------------------------------------------------------------------------\n"
                            "No executable was specified on the mpirun command line.\n\n"
                            "Aborting.\n"
                            "--------------------------------------------------------------------------\n");
        return 1;
    }
    /* -x NAME without a value takes it from mpirun's own environment */
    for (int i = 0; i < mpi.n_exports; i++)
        if (!strchr(mpi.exports[i], '=')) {
            const char *v = ctx_getenv(context, mpi.exports[i]);
            char name[EMU_TEXT_MAX];
            snprintf(name, sizeof name, "%s", mpi.exports[i]);
            snprintf(mpi.exports[i], sizeof mpi.exports[i], "%.80s=%.70s", name, v ? v : "");
        }
    emu_rank_loc locs[EMU_MAX_RANKS];
    int np = emu_mpirun_place(w, context->node, &mpi, locs, EMU_MAX_RANKS, err, sizeof err);
    if (np < 0) {
        emu_out_printf(out, "%s\n", err);
        return 1;
    }
    /* a host that is powered off (whatever its BMC says) does not answer ssh */
    for (int i = 0; i < np; i++)
        if (!emu_node_reachable(w, locs[i].node)) {
            emu_out_printf(out, "ssh: connect to host %s port 22: No route to host\n"
                                "--------------------------------------------------------------------------\n"
                                "ORTE was unable to reliably start one or more daemons.\n"
                                "--------------------------------------------------------------------------\n",
                           w->nodes[locs[i].node].name);
            return 1;
        }
    return launch(context, &mpi, locs, np, argc - mpi.program, argv + mpi.program, false, out);
}

/* ---- srun (Slurm) ---------------------------------------------------------------------------------- */

/* Expands a Slurm node list ("node01,node02", "node[01-04]", "node[01,03-04]") into node
 * indices. Returns the count, or -1 with the name that is not a node in bad. */
static int expand_nodelist(const emu_world *w, const char *list, int *nodes, int max, char *bad, size_t bad_size)
{
    int n = 0;
    const char *p = list;
    while (*p) {
        const char *bracket = NULL, *end = p;
        while (*end && *end != ',') {
            if (*end == '[') {
                bracket = end;
                while (*end && *end != ']')
                    end++;
            }
            if (*end)
                end++;
        }
        size_t len = (size_t)(end - p);
        if (len > 0 && p[len - 1] == ',')
            len--;
        char item[64];
        snprintf(item, sizeof item, "%.*s", (int)(len < 63 ? len : 63), p);
        if (bracket && bracket - p < (long)sizeof item) {
            size_t plen = (size_t)(bracket - p);
            char prefix[32];
            snprintf(prefix, sizeof prefix, "%.*s", (int)(plen < 31 ? plen : 31), p);
            const char *q = item + plen + 1;
            while (*q && *q != ']') {
                char *e;
                long a = strtol(q, &e, 10), b = a;
                int width = (int)(e - q);
                if (e == q) {
                    snprintf(bad, bad_size, "%s", item);
                    return -1;
                }
                if (*e == '-') {
                    const char *q2 = e + 1;
                    b = strtol(q2, &e, 10);
                    if (e == q2) {
                        snprintf(bad, bad_size, "%s", item);
                        return -1;
                    }
                }
                for (long v = a; v <= b && b - a < 4096; v++) {
                    char name[48];
                    snprintf(name, sizeof name, "%s%0*ld", prefix, width, v);
                    int k = emu_world_find_node(w, name);
                    if (k < 0 || n >= max) {
                        snprintf(bad, bad_size, "%s", name);
                        return -1;
                    }
                    nodes[n++] = k;
                }
                q = *e == ',' ? e + 1 : e;
            }
        } else {
            int k = emu_world_find_node(w, item);
            if (k < 0 || n >= max) {
                snprintf(bad, bad_size, "%s", item);
                return -1;
            }
            nodes[n++] = k;
        }
        p = *end ? end : end;
        if (*p == ',')
            p++;
        if (end == p && !*p)
            break;
    }
    return n;
}

static const char srun_usage[] =
    "Usage: srun [OPTIONS(0)... [executable(0) [args(0)...]]]\n"
    "  -N, --nodes=N               number of nodes on which to run\n"
    "  -n, --ntasks=ntasks         number of tasks to run\n"
    "      --ntasks-per-node=n     number of tasks to invoke on each node\n"
    "  -w, --nodelist=hosts...     request a specific list of hosts (node[01-02])\n"
    "      --jobid=id              run under this already allocated job\n"
    "      --overlap               share the allocation's resources with its other steps\n"
    "      --export=ALL|NONE|VARS  environment passed to the tasks (ALL by default)\n"
    "      --gpus-per-node, --gres, --mpi, -p/--partition, -t/--time, --exclusive   accepted\n"
    "  -h, --help                  show this help message\n";

/* srun_value's answer when the argument is another option. */
static const char not_this_option[] = "";
#define NOT_THIS not_this_option

/* The value of an srun option given as "--name=value", "--name value" or "-x value". */
static const char *srun_value(int argc, char **argv, int *i, const char *s, const char *l)
{
    const char *a = argv[*i];
    size_t ll = strlen(l);
    if (!strncmp(a, l, ll) && a[ll] == '=')
        return a + ll + 1;
    if ((s && !strcmp(a, s)) || !strcmp(a, l))
        return *i + 1 < argc ? argv[++*i] : NULL;
    if (s && !strncmp(a, s, 2) && a[2] && s[2] == '\0')
        return a + 2;
    return NOT_THIS;
}

static int cmd_srun(emu_context *context, int argc, char **argv, emu_out *out)
{
    emu_world *w = context->world;
    int n_nodes = 0, ntasks = 0, per_node = 0, program = -1, jobid = 0;
    bool overlap = false;
    const char *nodelist = NULL;
    emu_mpirun_args mpi;
    memset(&mpi, 0, sizeof mpi);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (a[0] != '-') {
            program = i;
            break;
        }
        if (!strcmp(a, "-h") || !strcmp(a, "--help") || !strcmp(a, "--usage")) {
            emu_out_write(out, srun_usage, sizeof srun_usage - 1);
            return 0;
        }
        if ((v = srun_value(argc, argv, &i, "-N", "--nodes")) != NOT_THIS) {
            if (!v || parse_int(v, 1, EMU_MAX_NODES * 4, &n_nodes) < 0)
                goto bad;
        } else if ((v = srun_value(argc, argv, &i, "-n", "--ntasks")) != NOT_THIS) {
            if (!v || parse_int(v, 1, EMU_MAX_RANKS * 4, &ntasks) < 0)
                goto bad;
        } else if ((v = srun_value(argc, argv, &i, NULL, "--ntasks-per-node")) != NOT_THIS) {
            if (!v || parse_int(v, 1, 4096, &per_node) < 0)
                goto bad;
        } else if (!strcmp(a, "--overlap")) {
            overlap = true;
        } else if ((v = srun_value(argc, argv, &i, NULL, "--jobid")) != NOT_THIS) {
            if (!v || parse_int(v, 1, 1 << 30, &jobid) < 0)
                goto bad;
        } else if ((v = srun_value(argc, argv, &i, "-w", "--nodelist")) != NOT_THIS) {
            if (!v || !*v)
                goto bad;
            nodelist = v;
        } else if ((v = srun_value(argc, argv, &i, NULL, "--export")) != NOT_THIS) {
            if (!v)
                goto bad;
            /* --export=ALL,VAR=value: the extra variables, like mpirun's -x */
            for (const char *p = v; *p;) {
                const char *e = strchr(p, ',');
                size_t len = e ? (size_t)(e - p) : strlen(p);
                if (memchr(p, '=', len) && mpi.n_exports < EMU_MPIRUN_MAX_EXPORTS)
                    snprintf(mpi.exports[mpi.n_exports++], sizeof mpi.exports[0], "%.*s",
                             (int)(len < EMU_TEXT_MAX - 1 ? len : EMU_TEXT_MAX - 1), p);
                p += len;
                if (*p == ',')
                    p++;
            }
        } else if ((v = srun_value(argc, argv, &i, "-p", "--partition")) != NOT_THIS ||
                   (v = srun_value(argc, argv, &i, "-t", "--time")) != NOT_THIS ||
                   (v = srun_value(argc, argv, &i, NULL, "--gpus-per-node")) != NOT_THIS ||
                   (v = srun_value(argc, argv, &i, NULL, "--gres")) != NOT_THIS ||
                   (v = srun_value(argc, argv, &i, NULL, "--mpi")) != NOT_THIS ||
                   (v = srun_value(argc, argv, &i, NULL, "--cpu-bind")) != NOT_THIS ||
                   (v = srun_value(argc, argv, &i, "-A", "--account")) != NOT_THIS ||
                   (v = srun_value(argc, argv, &i, "-J", "--job-name")) != NOT_THIS) {
            if (!v)
                goto bad;
        } else if (!strcmp(a, "--exclusive") || !strcmp(a, "-l") || !strcmp(a, "--label") ||
                   !strcmp(a, "--overlap")) {
            continue;
        } else {
            emu_out_printf(out, "srun: unrecognized option '%.64s'\nTry \"srun --help\" for more information\n", a);
            return 1;
        }
        continue;
    bad:
        emu_out_printf(out, "srun: error: invalid or missing value for option '%.64s'\n", a);
        return 1;
    }
    if (program < 0) {
        emu_out_printf(out, "srun: fatal: No command given to execute.\n");
        return 1;
    }
    const emu_job *job = &w->job;
    bool step = false; /* a step inside the job's allocation (--jobid) */
    if (jobid) {
        if (!job->present || jobid != job->id || !emu_run_holds_node(w, job->nodes[0])) {
            emu_out_printf(out, "srun: error: Unable to confirm allocation for job %d: Invalid job id specified\n"
                                "srun: Check SLURM_JOB_ID environment variable. Expired or invalid job %d\n",
                           jobid, jobid);
            return 1;
        }
        if (!overlap) {
            /* the job's steps hold every CPU and GPU of its nodes: a new step needs --overlap
             * (Slurm 20.11 and later; srun(1), --overlap) */
            emu_out_printf(out, "srun: Job %d step creation temporarily disabled, retrying (Requested nodes are busy)\n"
                                "[emulator] srun keeps retrying while job %d runs; this session does not block. "
                                "A step beside the job's own: srun --jobid=%d --overlap ...\n",
                           jobid, jobid, jobid);
            return 1;
        }
        step = true;
    }
    int nodes[EMU_MAX_NODES];
    int count;
    if (step && !nodelist) { /* the allocation's nodes, in order */
        count = n_nodes > 0 ? n_nodes : job->n_nodes;
        if (count > job->n_nodes) {
            emu_out_printf(out, "srun: error: Only allocated %d nodes asked for %d\n", job->n_nodes, count);
            return 1;
        }
        for (int k = 0; k < count; k++)
            nodes[k] = job->nodes[k];
    } else if (nodelist) {
        char bad_name[64];
        count = expand_nodelist(w, nodelist, nodes, EMU_MAX_NODES, bad_name, sizeof bad_name);
        if (count < 0) {
            emu_out_printf(out, "srun: error: Invalid node name specified: %s\n", bad_name);
            return 1;
        }
        if (n_nodes > count) {
            emu_out_printf(out, "srun: error: Required nodelist includes fewer nodes than requested (-N %d)\n", n_nodes);
            return 1;
        }
    } else {
        /* without a node list the partition's first nodes that are free (a job holds none of
         * them and they answer), in order; else the first ones, to wait for */
        count = n_nodes > 0 ? n_nodes : (ntasks > 0 && per_node > 0 ? (ntasks + per_node - 1) / per_node : 1);
        if (count > w->n_nodes) {
            emu_out_printf(out, "srun: error: Unable to allocate resources: Requested node configuration is not available\n");
            return 1;
        }
        int k = 0;
        for (int i = 0; i < w->n_nodes && k < count; i++)
            if (!emu_run_holds_node(w, i) && emu_node_reachable(w, i))
                nodes[k++] = i;
        if (k < count)
            for (k = 0; k < count; k++)
                nodes[k] = k;
    }
    if (per_node <= 0)
        per_node = ntasks > 0 ? (ntasks + count - 1) / count : 1;
    int total = ntasks > 0 ? ntasks : per_node * count;
    if (total > per_node * count || total > EMU_MAX_RANKS) {
        emu_out_printf(out, "srun: error: Unable to allocate resources: Requested node configuration is not available\n");
        return 1;
    }
    for (int k = 0; k < count; k++)
        if (!emu_node_reachable(w, nodes[k])) {
            emu_out_printf(out, "srun: error: Unable to allocate resources: Required node not available (down, drained or reserved)\n");
            return 1;
        }
    /* nodes the job holds: the allocation waits for them (srun's words: salloc and srun
     * captures, "srun: job N queued and waiting for resources", "... has been allocated
     * resources"), at most EMU_SRUN_WAIT_S; the clock moves with it */
    bool held = false;
    for (int k = 0; k < count && !step; k++)
        held |= emu_run_holds_node(w, nodes[k]);
    if (held && emu_srun_queue_full(w)) {
        /* slurmctld's answer past a submit limit (ESLURM_ACCOUNTING_POLICY) */
        emu_out_printf(out, "srun: error: Unable to allocate resources: Job violates accounting/QOS policy (job submit "
                            "limit, user's size and/or time limits)\n");
        return 1;
    }
    if (held) {
        int id = emu_srun_job_id(w);
        emu_out_printf(out, "srun: job %d queued and waiting for resources\n", id);
        if (!emu_srun_wait_nodes(w, EMU_SRUN_WAIT_S)) {
            const char *base = strrchr(argv[program], '/');
            emu_srun_leave_queued(w, id, count, base ? base + 1 : argv[program]);
            emu_out_printf(out, "[emulator] job %d holds the nodes and nothing ends it within the next %.0f minutes: srun "
                                "would wait on; this session does not block. The request stays queued (squeue: PD, "
                                "Resources; scancel %d withdraws it). Free nodes, or a step inside the job: srun "
                                "--jobid=%d --overlap ...\n",
                           job->id, EMU_SRUN_WAIT_S / 60, id, job->id);
            return 1;
        }
        emu_out_printf(out, "srun: job %d has been allocated resources\n", id);
    }
    /* Slurm's default block distribution: fill each node's tasks before the next node */
    emu_rank_loc locs[EMU_MAX_RANKS];
    int np = 0;
    for (int k = 0; k < count && np < total; k++)
        for (int t = 0; t < per_node && np < total; t++, np++) {
            locs[np].node = nodes[k];
            locs[np].gpu = t;
        }
    return launch(context, &mpi, locs, np, argc - program, argv + program, true, out);
}

static const char *const nccl_test_flags[] = {
    "-b", "-e", "-f", "-g", "-t", "-i", "-n", "-w", "-m", "-c", "-o", "-d", "-G", "-a", "-h",
    "--minbytes", "--maxbytes", "--stepfactor", "--ngpus", "--nthreads", "--iters",
    "--warmup_iters", "--check", "--op", "--datatype", "--help", NULL};
static const char *const mpirun_flags[] = {
    "-np", "-H", "--host", "-N", "--npernode", "-x", "--map-by", "--bind-to", "--mca",
    "--allow-run-as-root", "--oversubscribe", "--report-bindings", "--help", "--version",
    "all_reduce_perf", NULL};

const emu_command emu_cmd_all_reduce_perf = {
    "all_reduce_perf", cmd_nccl_test,
    "nccl-tests all-reduce benchmark: time, algbw and busbw per message size",
    EMU_HELP("usage: all_reduce_perf [-b MIN] [-e MAX] [-f FACTOR | -i STEP] [-g GPUS] [-t THREADS]\n"
    "                       [-n ITERS] [-w WARMUP] [-c 0|1] [-o sum|prod|max|min|avg|all]\n"
    "                       [-d float|half|bfloat16|...|all]\n"
    "  Sizes take K, M, G suffixes (-b 8 -e 8G -f 2). Alone it runs one process on this node\n"
    "  (-g 8 drives all eight GPUs); under mpirun one process per rank:\n"
    "    mpirun -np 16 -H node01:8,node02:8 all_reduce_perf -b 8 -e 8G -f 2 -g 1\n"
    "  NCCL_DEBUG=INFO prints NCCL's init lines (network, channels, transports). NCCL_IB_HCA,\n"
    "  NCCL_SOCKET_IFNAME, NCCL_IB_DISABLE, NCCL_NET, NCCL_P2P_DISABLE, NCCL_ALGO and NCCL_PROTO\n"
    "  change what NCCL does. busbw = algbw * 2(n-1)/n (nccl-tests doc/PERFORMANCE.md).\n"),
    nccl_test_flags,
    .cost = EMU_COST_NCCL_TEST
};

const emu_command emu_cmd_mpirun = {
    "mpirun", cmd_mpirun, "launch processes on the cluster's nodes (Open MPI)",
    EMU_HELP("usage: mpirun [-np N] [-H host[:slots],...] [-N PER_NODE] [-x VAR[=VALUE]] PROGRAM [ARGS]\n"
    "  Processes fill each host's slots in order (node01:8 = eight processes on node01); the\n"
    "  local rank picks the GPU. -x passes an environment variable to every process.\n"
    "  Example: mpirun -np 16 -H node01:8,node02:8 -x NCCL_DEBUG=INFO all_reduce_perf -b 8 -e 8G -f 2 -g 1\n"),
    mpirun_flags,
    .cost = EMU_COST_NCCL_TEST
};

static const char *const srun_flags[] = {"-N", "-n", "--ntasks-per-node=", "-w", "--nodelist=", "--export=", "--jobid=", "--overlap",
                                         "--gpus-per-node=", "--mpi=", "-p", "all_reduce_perf", NULL};

const emu_command emu_cmd_srun = {
    "srun", cmd_srun, "run tasks on the cluster's nodes through Slurm",
    EMU_HELP("usage: srun [-N NODES] [-n TASKS] [--ntasks-per-node=N] [-w node[01-02]] [--export=ALL,VAR=V] PROGRAM [ARGS]\n"
    "  Tasks fill each node in turn; the task's index on its node picks the GPU. Without -w the\n"
    "  first free nodes are used. Nodes a job holds make the allocation wait (squeue: PD,\n"
    "  Resources); --jobid=ID --overlap runs a step inside that job's allocation instead.\n"
    "  The tasks see this shell's environment (--export=ALL).\n"
    "  Example: srun -N 2 --ntasks-per-node=8 all_reduce_perf -b 8 -e 8G -f 2 -g 1\n"),
    srun_flags,
    .cost = EMU_COST_NCCL_TEST
};

const emu_command emu_cmd_all_gather_perf = {
    "all_gather_perf", cmd_nccl_test, "nccl-tests all-gather benchmark (busbw = algbw x (n-1)/n)",
    EMU_HELP("usage: all_gather_perf [the flags of all_reduce_perf]\n"
    "  The size column is the whole gathered buffer (each rank contributes size/n); redop none.\n"),
    nccl_test_flags,
    .cost = EMU_COST_NCCL_TEST
};

const emu_command emu_cmd_reduce_scatter_perf = {
    "reduce_scatter_perf", cmd_nccl_test, "nccl-tests reduce-scatter benchmark (busbw = algbw x (n-1)/n)",
    EMU_HELP("usage: reduce_scatter_perf [the flags of all_reduce_perf]\n"
    "  The size column is the whole input buffer; each rank keeps size/n of the reduced result.\n"),
    nccl_test_flags,
    .cost = EMU_COST_NCCL_TEST
};

const emu_command emu_cmd_broadcast_perf = {
    "broadcast_perf", cmd_nccl_test, "nccl-tests broadcast benchmark from rank 0 (busbw = algbw)",
    EMU_HELP("usage: broadcast_perf [the flags of all_reduce_perf]\n"), nccl_test_flags,
    .cost = EMU_COST_NCCL_TEST
};

const emu_command emu_cmd_alltoall_perf = {
    "alltoall_perf", cmd_nccl_test, "nccl-tests all-to-all benchmark (busbw = algbw x (n-1)/n)",
    EMU_HELP("usage: alltoall_perf [the flags of all_reduce_perf]\n"
    "  Across nodes each node sends (n - ranks per node)/n of every buffer through its NICs, so\n"
    "  alltoall busbw is far below all-reduce's on the same fabric.\n"),
    nccl_test_flags,
    .cost = EMU_COST_NCCL_TEST
};
