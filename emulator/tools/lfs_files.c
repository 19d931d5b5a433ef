/* lfs_files.c: the lfs subcommands about files (lfs.c of the Lustre client tools): a file's own
 * layout (`lfs getstripe FILE`: lmm_stripe_count ... and the obdidx/objid table of the OST
 * objects it has), `lfs find DIR [--ost N] [-type f|d] [-name P]`, `lfs quota -u|-g NAME MOUNT`,
 * `lfs migrate [-c N] [-i OST] [-S SIZE] FILE...` (the file's data copied to new objects with
 * that layout, which it keeps). The files are the job's checkpoints (files.c); a file's
 * layout is the one its directory had when the save that wrote it began (train_log.c), or the one
 * lfs migrate gave it (the mount's migrated[]), and its
 * objects follow the allocator: every OST for a stripe count of -1, else consecutive OSTs from
 * a start the MDS picks, passing over a full one (the QOS allocator avoids an OST without
 * space; Lustre manual, "Managing Free Space"). Layouts as real captures print them (LUMI and
 * SDSC Expanse user documentation: lfs getstripe FILE, lfs quota). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat/numscan.h"
#include "compat/regex_nfa.h"
#include "out.h"
#include "tools.h"
#include "model/rng.h"
#include "model/run.h"
#include "model/world.h"

int emu_lfs_migrated_at(const struct emu_mount *mt, const char *path)
{
    for (int i = 0; i < mt->n_migrated; i++)
        if (!strcmp(mt->migrated[i].path, path))
            return i;
    return -1;
}

int emu_lfs_layout_osts(const emu_world *w, int m, const char *path, int count, int first, int gen, int *osts,
                        int max)
{
    const emu_mount *mt = &w->mounts[m];
    int n = emu_lustre_ost_count(mt);
    if (count < 0 || count > n)
        count = n;
    if (count < 1)
        count = 1;
    int start = (int)(emu_hash(w->seed, path, (uint64_t)m, (uint64_t)gen) % (uint64_t)n), k = 0;
    if (first > 0 && first <= n)
        start = first - 1; /* lfs setstripe -i: the first object there, full or not */
    for (int i = 0; i < n && k < count && k < max; i++) {
        int o = (start + i) % n;
        if (count < n && mt->full_ost == o + 1 && first <= 0)
            continue; /* the allocator passes over the full OST when it can */
        osts[k++] = o;
    }
    return k;
}

/* The OSTs a file's objects are on, in stripe order; returns the count. */
static int file_osts(const emu_world *w, int m, const char *path, long iteration, int *osts, int max)
{
    const emu_mount *mt = &w->mounts[m];
    int e = emu_lfs_migrated_at(mt, path);
    if (e >= 0)
        return emu_lfs_layout_osts(w, m, path, mt->migrated[e].stripe_count, mt->migrated[e].stripe_first_ost,
                           mt->migrated[e].layout_gen, osts, max);
    bool job = iteration >= 0 && w->job.checkpoint_mount == m;
    int count = job ? emu_checkpoint_stripe_count(w, iteration) : mt->stripe_count;
    int first = job ? emu_checkpoint_first_ost(w, iteration) : mt->stripe_first_ost;
    return emu_lfs_layout_osts(w, m, path, count, first, 0, osts, max);
}

/* file_osts for a file of the job's save whose directory layout (count, first) the caller has
 * already looked up once for the save: the same OSTs, without the per-file look-up. */
static int save_file_osts(const emu_world *w, int m, const char *path, int count, int first, int *osts, int max)
{
    const emu_mount *mt = &w->mounts[m];
    int e = emu_lfs_migrated_at(mt, path);
    if (e >= 0)
        return emu_lfs_layout_osts(w, m, path, mt->migrated[e].stripe_count, mt->migrated[e].stripe_first_ost,
                                   mt->migrated[e].layout_gen, osts, max);
    return emu_lfs_layout_osts(w, m, path, count, first, 0, osts, max);
}

int emu_lustre_file_osts(const emu_world *w, int m, const char *path, int *osts, int max)
{
    return file_osts(w, m, path, -1, osts, max);
}

/* A save's shard directory (mp_rank_TT, or mp_rank_TT_PPP with pipeline stages) of model-parallel
 * rank r, as files.c lists it. */
static void shard_dir(const emu_world *w, int m, long it, int r, char *buf, size_t size)
{
    int pp = w->job.pp > 0 ? w->job.pp : 1;
    if (pp > 1)
        snprintf(buf, size, "%s/iter_%07ld/mp_rank_%02d_%03d", w->mounts[m].target, it, r / pp, r % pp);
    else
        snprintf(buf, size, "%s/iter_%07ld/mp_rank_%02d", w->mounts[m].target, it, r);
}

double emu_checkpoint_file_bytes(const emu_world *w, const char *path)
{
    int m;
    long it;
    if (emu_mount_path(w, path, &m, &it) != 1 || it < 0 || m != w->job.checkpoint_mount)
        return 0;
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    if (strcmp(base, "distrib_optim.pt") && strcmp(base, "model_optim_rng.pt"))
        return 0;
    const emu_job *j = &w->job;
    double shard = emu_run_checkpoint_bytes(w) / ((j->tp > 0 ? j->tp : 1) * (j->pp > 0 ? j->pp : 1));
    /* Megatron's distributed optimizer: the fp32 master weights and both Adam moments (12 of the
     * 14 bytes a parameter) in distrib_optim.pt, the bf16 weights (2) in model_optim_rng.pt
     * (megatron/training/checkpointing.py, get_distributed_optimizer_checkpoint_name) */
    double whole = shard * (base[0] == 'd' ? 12.0 : 2.0) / EMU_CHECKPOINT_BYTES_PER_PARAM;
    if (it == emu_job_resume_step(w) || emu_checkpoint_save_state(w, it) >= 0)
        return whole;
    /* a failed save: its writes went stripe by stripe over the file's objects until the first
     * stripe that fell on the full OST (ENOSPC) */
    const emu_mount *mt = &w->mounts[m];
    int osts[EMU_MAX_OSTS + 32];
    int k = file_osts(w, m, path, it, osts, (int)(sizeof osts / sizeof osts[0]));
    for (int i = 0; i < k; i++)
        if (mt->full_ost == osts[i] + 1)
            return i * mt->stripe_size_bytes < whole ? i * mt->stripe_size_bytes : whole;
    return 0;
}

/* Whether emu_mount_path would resolve path, a file shard_dir built under mount m's target, to
 * mount m by its target alone: the first mount whose target prefixes it is m, and no file of
 * touch or dd there has its name (then the checkpoint's own rules decide). */
static bool plain_checkpoint_path(const emu_world *w, int m, const char *path)
{
    for (int q = 0; q < w->n_mounts; q++) {
        const char *t = w->mounts[q].target;
        size_t len = strlen(t);
        if (len <= 1 || strncmp(path, t, len) || (path[len] != '/' && path[len]))
            continue;
        return q == m && emu_mount_user_file(w, m, path + len) < 0;
    }
    return false;
}

void emu_checkpoint_ost_bytes(const emu_world *w, int node, int m, double *per_ost, int n)
{
    const emu_job *j = &w->job;
    for (int o = 0; o < n; o++)
        per_ost[o] = 0;
    if (!j->present || j->checkpoint_mount != m || j->checkpoint_interval <= 0)
        return;
    bool in_job = false;
    for (int k = 0; k < j->n_nodes; k++)
        in_job |= j->nodes[k] == node;
    if (!in_job || (j->checkpoint_rank0_only && node != j->nodes[0]))
        return;
    double share = j->checkpoint_rank0_only || j->n_nodes < 1 ? 1.0 : 1.0 / j->n_nodes;
    long iters[64], latest, resumed = emu_job_resume_step(w);
    int saves = emu_job_checkpoints(w, iters, 64, &latest);
    int shards = (j->tp > 0 ? j->tp : 1) * (j->pp > 0 ? j->pp : 1);
    static const char *const names[] = {"distrib_optim.pt", "model_optim_rng.pt"};
    const emu_mount *mt = &w->mounts[m];
    double stripe = mt->stripe_size_bytes > 0 ? mt->stripe_size_bytes : 1048576;
    /* what emu_checkpoint_file_bytes would say, worked out once a save: a file's whole size and
     * whether the save completed depend on the save, not on the shard */
    double shard_bytes = emu_run_checkpoint_bytes(w) / shards;
    double whole[2] = {shard_bytes * 12.0 / EMU_CHECKPOINT_BYTES_PER_PARAM,
                       shard_bytes * 2.0 / EMU_CHECKPOINT_BYTES_PER_PARAM};
    for (int s = 0; s < saves; s++) {
        if (iters[s] <= resumed) /* written by the run before this one */
            continue;
        bool failed = emu_checkpoint_save_state(w, iters[s]) < 0;
        bool fast = iters[s] <= 9999999; /* the paths' iter_%07ld is what emu_mount_path parses */
        int count = emu_checkpoint_stripe_count(w, iters[s]), first = emu_checkpoint_first_ost(w, iters[s]);
        for (int r = 0; r < shards; r++) {
            for (int f = 0; f < 2; f++) {
                char path[256];
                shard_dir(w, m, iters[s], r, path, sizeof path);
                size_t len = strlen(path);
                snprintf(path + len, sizeof path - len, "/%s", names[f]);
                int osts[EMU_MAX_OSTS + 32];
                int k = -1;
                double bytes;
                if (!fast || !plain_checkpoint_path(w, m, path)) {
                    bytes = emu_checkpoint_file_bytes(w, path);
                } else if (!failed) {
                    bytes = whole[f];
                } else if (f == 1) {
                    bytes = 0; /* a failed save stopped before the model's file */
                } else {
                    /* as emu_checkpoint_file_bytes: the stripes written until the full OST */
                    k = save_file_osts(w, m, path, count, first, osts, (int)(sizeof osts / sizeof osts[0]));
                    bytes = 0;
                    for (int i = 0; i < k; i++)
                        if (mt->full_ost == osts[i] + 1) {
                            bytes = i * mt->stripe_size_bytes < whole[f] ? i * mt->stripe_size_bytes : whole[f];
                            break;
                        }
                }
                if (bytes <= 0)
                    continue;
                /* the bytes go round-robin in stripes over the file's objects: the OSTs written */
                if (k < 0)
                    k = save_file_osts(w, m, path, count, first, osts, (int)(sizeof osts / sizeof osts[0]));
                int used = (int)ceil(bytes / stripe);
                if (used < k)
                    k = used;
                for (int i = 0; i < k; i++)
                    if (osts[i] < n)
                        per_ost[osts[i]] += bytes * share / k;
            }
        }
    }
}

/* An object's id on its OST: the MDS precreates each OST's objects in sequence
 * (lustre/osp/osp_precreate.c), so on every OST a file made later has a higher id than one made
 * before. The model: each OST's sequence has its own base, and every second since a week before
 * the lab's start takes OBJECT_IDS_PER_S ids on each OST, the file system's other users'
 * files included (a modelling choice); k orders the files made in the same second. */
#define OBJECT_IDS_PER_S 256
static unsigned long long object_id(const emu_world *w, int ost, double created_s, unsigned k)
{
    double since = created_s - (w->start_time_s - 7 * 86400.0);
    unsigned long long base = 1000000 + emu_hash(w->seed, "ost-objid", (uint64_t)ost, 0) % 4000000;
    return base + (unsigned long long)(since > 0 ? since : 0) * OBJECT_IDS_PER_S + k % OBJECT_IDS_PER_S;
}

/* When path's objects were made, and its order among the files made then (object_id). */
static double objects_created_s(const emu_world *w, int m, const char *path, long it, unsigned *k)
{
    const emu_mount *mt = &w->mounts[m];
    *k = 0;
    int e = emu_lfs_migrated_at(mt, path);
    if (e >= 0)
        return mt->migrated[e].migrated_s;
    const char *rest = path + strlen(mt->target);
    int f = emu_mount_user_file(w, m, rest);
    if (f >= 0)
        return mt->files[f].mtime_s; /* dd or touch: when it was last written */
    if (it > 0) { /* a checkpoint shard: the save's start; the ranks' files in rank order */
        int t = 0, p = 0;
        const char *r = strstr(rest, "/mp_rank_");
        if (r)
            emu_sscanf(r, "/mp_rank_%2d_%3d", &t, &p);
        *k = (unsigned)(t * 1000 + p) * 2 + (strstr(rest, "model_optim_rng.pt") != NULL);
        return emu_run_checkpoint_saved_s(w, it) - emu_run_save_blocks_s(w, it);
    }
    return w->start_time_s - 7 * 86400.0; /* made before the model's week */
}

int emu_lfs_file_layout(const emu_world *w, const char *path, emu_out *out)
{
    int m;
    long it;
    if (emu_mount_path(w, path, &m, &it) != 1 || strcmp(w->mounts[m].fstype, "lustre"))
        return 0;
    const emu_mount *mt = &w->mounts[m];
    int osts[EMU_MAX_OSTS + 32];
    int k = file_osts(w, m, path, it, osts, (int)(sizeof osts / sizeof osts[0]));
    int e = emu_lfs_migrated_at(mt, path), gen = e >= 0 ? mt->migrated[e].layout_gen : 0;
    /* liblustreapi's layout print: labels to column 19, the objects' table tab-separated */
    emu_out_printf(out, "%.128s\nlmm_stripe_count:  %d\nlmm_stripe_size:   %.0f\nlmm_pattern:       raid0\n"
                        "lmm_layout_gen:    %d\nlmm_stripe_offset: %d\n\tobdidx\t\t objid\t\t objid\t\t group\n",
                   path, k, e >= 0 ? mt->migrated[e].stripe_size_bytes : mt->stripe_size_bytes, gen, osts[0]);
    unsigned order;
    double created = objects_created_s(w, m, path, it, &order);
    for (int i = 0; i < k; i++) {
        /* a migration writes new objects: new, higher ids */
        unsigned long long objid = object_id(w, osts[i], created, order);
        emu_out_printf(out, "\t%6d\t%14llu\t%#13llx\t%14s\n", osts[i], objid, objid, "0");
    }
    return 1;
}

/* ---- lfs find ------------------------------------------------------------------------------ */

typedef struct find_opts {
    int ost;            /* -1: any */
    char type;          /* 'f', 'd' or 0 */
    const char *name;   /* a wildcard on the last component, or NULL */
} find_opts;

static void find_walk(emu_world *w, int node, const char *path, int kind, const find_opts *o, int depth,
                      emu_out *out)
{
    const char *base = strrchr(path, '/');
    base = base && base[1] ? base + 1 : path;
    bool show = (!o->type || (o->type == 'f') == (kind == 1)) && (!o->name || emu_fnmatch(o->name, base));
    if (show && o->ost >= 0) {
        int m;
        long it;
        int osts[EMU_MAX_OSTS + 32], k = 0;
        show = false;
        if (kind == 1 && emu_mount_path(w, path, &m, &it) == 1)
            k = file_osts(w, m, path, it, osts, (int)(sizeof osts / sizeof osts[0]));
        for (int i = 0; i < k; i++)
            show |= osts[i] == o->ost;
    }
    if (show)
        emu_out_printf(out, "%s\n", path);
    if (kind != 2 || depth > 8)
        return;
    emu_out entries;
    emu_out_init(&entries, 0);
    emu_world_file(w, node, path, &entries);
    const char *p = entries.text ? entries.text : "";
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        bool sub = len && p[len - 1] == '/';
        char child[256];
        snprintf(child, sizeof child, "%s%s%.*s", path, strcmp(path, "/") ? "/" : "", (int)(len - sub), p);
        if (len)
            find_walk(w, node, child, sub ? 2 : 1, o, depth + 1, out);
        p += len + (nl ? 1 : 0);
    }
    emu_out_free(&entries);
}

static int lfs_find(emu_context *c, int argc, char **argv, emu_out *out)
{
    find_opts o = {-1, 0, NULL};
    const char *dir = NULL;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        if ((!strcmp(a, "--ost") || !strcmp(a, "-O") || !strcmp(a, "--obd")) && i + 1 < argc) {
            const char *v = argv[++i], *ost = strstr(v, "-OST");
            char *end;
            long idx = strtol(ost ? ost + 4 : v, &end, ost ? 16 : 10);
            if (end == (ost ? ost + 4 : v) || idx < 0) {
                emu_out_printf(out, "lfs find: bad OST index '%.64s'\n", v);
                return 22;
            }
            o.ost = (int)idx;
        } else if (!strcmp(a, "-type") && i + 1 < argc && (argv[i + 1][0] == 'f' || argv[i + 1][0] == 'd'))
            o.type = argv[++i][0];
        else if ((!strcmp(a, "-name") || !strcmp(a, "--name")) && i + 1 < argc)
            o.name = argv[++i];
        else if (a[0] == '-') {
            emu_out_printf(out, "lfs find: unknown option '%.64s' (simulated: --ost, -type, -name)\n", a);
            return 22;
        } else if (!dir)
            dir = a;
    }
    if (!dir) {
        emu_out_printf(out, "lfs find: no file or directory given\n");
        return 22;
    }
    char path[256];
    snprintf(path, sizeof path, "%s", dir);
    size_t len = strlen(path);
    while (len > 1 && path[len - 1] == '/')
        path[--len] = '\0';
    int m;
    long it;
    int kind = emu_mount_path(c->world, path, &m, &it);
    if (!kind) {
        emu_out_printf(out, "lfs find: %.128s: No such file or directory\n", dir);
        return 2;
    }
    if (strcmp(c->world->mounts[m].fstype, "lustre")) {
        emu_out_printf(out, "lfs find: %.128s: not on a Lustre file system\n", dir);
        return 25;
    }
    find_walk(c->world, c->node, path, kind, &o, 0, out);
    return 0;
}

/* ---- lfs quota ----------------------------------------------------------------------------- */

static void quota_kib(double kib, bool human, char *buf, size_t size)
{
    if (!human) {
        snprintf(buf, size, "%.0f", kib);
        return;
    }
    static const char units[] = "kMGTP";
    int u = 0;
    while (kib >= 1024 && u < 4) {
        kib /= 1024;
        u++;
    }
    snprintf(buf, size, u ? "%.3g%c" : "%.0f%c", kib, units[u]);
}

/* No quotas are set on these file systems (the scenarios model none): quota and limit 0, so a
 * write fails with ENOSPC, never EDQUOT. The user's use: the job's checkpoints on the mount. */
static int lfs_quota(emu_context *c, int argc, char **argv, emu_out *out)
{
    const emu_world *w = c->world;
    bool human = false;
    const char *who = NULL, *mount = NULL;
    char kind = 0;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h"))
            human = true;
        else if ((!strcmp(a, "-u") || !strcmp(a, "-g")) && i + 1 < argc) {
            kind = a[1];
            who = argv[++i];
        } else if (a[0] != '-')
            mount = a;
    }
    int m = -1;
    for (int k = 0; mount && k < w->n_mounts; k++)
        if (!strcmp(w->mounts[k].target, mount) && !strcmp(w->mounts[k].fstype, "lustre"))
            m = k;
    if (!who || m < 0) {
        emu_out_printf(out, "usage: lfs quota [-h] -u USER|-g GROUP MOUNT_POINT\n");
        return 22;
    }
    bool ours = !strcmp(who, "user") || !strcmp(who, "1000");
    if (!ours && strcmp(who, "root") && strcmp(who, "0")) {
        emu_out_printf(out, "lfs quota: can't find %s name '%.64s'\n", kind == 'u' ? "user" : "group", who);
        return 22;
    }
    double kib = 0, files = 0;
    if (ours && w->job.present && w->job.checkpoint_mount == m) {
        int tp = w->job.tp > 0 ? w->job.tp : 1, pp = w->job.pp > 0 ? w->job.pp : 1;
        long iters[64], latest;
        int n = emu_job_checkpoints(w, iters, 64, &latest);
        for (int k = 0; k < n; k++) {
            bool whole = k == 0 || emu_checkpoint_save_state(w, iters[k]) > 0;
            /* a directory per iteration and per rank, two shards each (one for a failed save);
             * the bytes are the files' own, as ls -l shows them */
            for (int r = 0; r < tp * pp; r++)
                for (int f = 0; f < (whole ? 2 : 1); f++) {
                    char path[256];
                    shard_dir(w, m, iters[k], r, path, sizeof path);
                    size_t len = strlen(path);
                    snprintf(path + len, sizeof path - len, "/%s", f ? "model_optim_rng.pt" : "distrib_optim.pt");
                    kib += emu_checkpoint_file_bytes(w, path) / 1024;
                }
            files += 1 + tp * pp * (whole ? 3 : 2);
        }
        files += latest > 0;
    }
    char used[24], fcount[24];
    quota_kib(kib, human, used, sizeof used);
    snprintf(fcount, sizeof fcount, "%.0f", files);
    /* the mount to 15 columns, then each field as " %7s" (captures: Mila, SDSC Expanse, NCI) */
    emu_out_printf(out, "Disk quotas for %s %s (%cid %s):\n", kind == 'u' ? "usr" : "grp", ours ? "user" : "root",
                   kind, ours ? "1000" : "0");
    emu_out_printf(out, "%15s %7s %7s %7s %7s %7s %7s %7s %7s\n", "Filesystem", human ? "used" : "kbytes", "quota",
                   "limit", "grace", "files", "quota", "limit", "grace");
    emu_out_printf(out, "%15s %7s %7s %7s %7s %7s %7s %7s %7s\n", w->mounts[m].target, used, human ? "0k" : "0",
                   human ? "0k" : "0", "-", fcount, "0", "0", "-");
    return 0;
}

int emu_lfs_more(emu_context *c, int argc, char **argv, emu_out *out)
{
    if (!strcmp(argv[1], "find"))
        return lfs_find(c, argc, argv, out);
    if (!strcmp(argv[1], "quota"))
        return lfs_quota(c, argc, argv, out);
    return emu_lfs_migrate(c, argc, argv, out);
}
