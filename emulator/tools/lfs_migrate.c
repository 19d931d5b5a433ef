/* lfs_migrate.c: `lfs migrate [-c COUNT] [-i INDEX] [-S SIZE] FILE...` (lfs.c of the Lustre
 * client tools): each file's data copied into new objects laid out so, then the layouts swapped
 * (lfs.c, lfs_migrate: a volatile file, a data copy, a layout swap), silently as the real
 * command; the layout generation counts the swap, and the file keeps the layout in the model
 * (its mount's migrated[]: lfs getstripe FILE and lfs find --ost read it, lfs_files.c). An
 * option not given takes the directory's default (the count, the size; the MDS picks the OSTs,
 * passing over a full one). A layout that must put an object on the full OST fails the copy
 * with ENOSPC and the file keeps its layout; each failure is reported in lfs.c's words (Lustre
 * 2.10: "lfs: F: write failed on volatile: ...", "error: migrate: migrate ost objects of file
 * 'F' failed: ..."). The copy takes the file's bytes (a shard: the checkpoint over its
 * tp x pp x 2 files, files.c) over the mount's write bandwidth, of which a file striped over k
 * of n OSTs gets k/n (a modelling choice: one client's stream is bounded by the OSTs it writes
 * to). Its own file, so the WebAssembly core can leave it to the full module (wasm/wasm.mk). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat/numscan.h"
#include "out.h"
#include "tools.h"
#include "model/run.h"
#include "model/world.h"

int emu_lfs_migrate(emu_context *c, int argc, char **argv, emu_out *out)
{
    emu_world *w = c->world;
    int count = 0, first = 0, status = 0, files = 0;
    double size = 0;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        char *end;
        if ((!strcmp(a, "-c") || !strcmp(a, "--stripe-count")) && i + 1 < argc) {
            long v = strtol(argv[++i], &end, 0);
            if (*end || v < -1 || v > EMU_MAX_OSTS) {
                emu_out_printf(out, "error: migrate: bad stripe count '%s'\n", argv[i]);
                return 22;
            }
            count = (int)v;
        } else if ((!strcmp(a, "-i") || !strcmp(a, "--stripe-index")) && i + 1 < argc) {
            long v = strtol(argv[++i], &end, 0);
            if (*end || v < -1 || v >= EMU_MAX_OSTS) {
                emu_out_printf(out, "error: migrate: bad stripe offset '%s'\n", argv[i]);
                return 22;
            }
            first = (int)v + 1;
        } else if ((!strcmp(a, "-S") || !strcmp(a, "--stripe-size")) && i + 1 < argc) {
            double v = emu_strtod(argv[++i], &end);
            v *= *end == 'K' || *end == 'k' ? 1024 : *end == 'M' || *end == 'm' ? 1048576
               : *end == 'G' || *end == 'g' ? 1073741824.0 : 1;
            if (v < 65536) {
                emu_out_printf(out, "error: migrate: bad stripe size '%s'\n", argv[i]);
                return 22;
            }
            size = v;
        } else if (a[0] == '-') {
            emu_out_printf(out, "lfs migrate: unknown option '%.64s' (simulated: -c, -i, -S)\n", a);
            return 22;
        }
    }
    for (int i = 2; i < argc; i++) {
        const char *path = argv[i];
        if (path[0] == '-') {
            i++;
            continue;
        }
        files++;
        int m;
        long it;
        int kind = emu_mount_path(w, path, &m, &it);
        const char *why = NULL;
        if (strlen(path) >= sizeof w->mounts[0].migrated[0].path) {
            emu_out_printf(out, "lfs: %.128s...: cannot open: File name too long\n", path);
            why = "File name too long";
        } else if (kind == 0) {
            emu_out_printf(out, "lfs: %.128s: cannot open: No such file or directory\n", path);
            why = "No such file or directory";
        } else if (kind == 2) {
            emu_out_printf(out, "lfs: %.128s: cannot open: Is a directory\n", path);
            why = "Is a directory";
        } else if (strcmp(w->mounts[m].fstype, "lustre")) {
            emu_out_printf(out, "lfs: %.128s: cannot get MDT index: Inappropriate ioctl for device\n", path);
            why = "Inappropriate ioctl for device";
        }
        emu_mount *mt = kind ? &w->mounts[m] : NULL;
        int n = mt ? emu_lustre_ost_count(mt) : 0;
        if (!why && first > n) {
            emu_out_printf(out, "lfs: %.128s: cannot create volatile file in directory: Invalid argument\n", path);
            why = "Invalid argument";
        }
        int e = mt && !why ? emu_lfs_migrated_at(mt, path) : -1;
        if (!why && e < 0 && mt->n_migrated >= (int)(sizeof mt->migrated / sizeof mt->migrated[0])) {
            emu_out_printf(out, "lfs: %.128s: cannot create volatile file in directory: No space left on device\n", path);
            why = "No space left on device";
        }
        if (why) {
            emu_out_printf(out, "error: migrate: migrate ost objects of file '%.128s' failed: %s\n", path, why);
            status = 1;
            continue;
        }
        int want = count ? count : mt->stripe_count;
        int gen = e >= 0 ? mt->migrated[e].layout_gen + 1 : 1;
        int osts[EMU_MAX_OSTS + 32];
        int k = emu_lfs_layout_osts(w, m, path, want, first, gen, osts, (int)(sizeof osts / sizeof osts[0]));
        const emu_job *j = &w->job;
        int shards = (j->tp > 0 ? j->tp : 1) * (j->pp > 0 ? j->pp : 1) * 2;
        bool shard = strstr(path + strlen(mt->target), "/iter_") != NULL; /* not the tracker file */
        double bytes = j->present && shard ? emu_run_checkpoint_bytes(w) / shards : 0;
        double mb_per_s = mt->write_mb_per_s * k / n;
        bool full = false;
        for (int o = 0; o < k; o++)
            full |= mt->full_ost == osts[o] + 1;
        emu_world_advance(w, mb_per_s > 0 ? bytes * (full ? 0.5 / k : 1) / (mb_per_s * 1e6) : 0);
        if (full) { /* the copy stops when the object on the full OST cannot grow */
            emu_out_printf(out, "lfs: %.128s: write failed on volatile: No space left on device\n"
                                "lfs: %.128s: data copy failed\n"
                                "error: migrate: migrate ost objects of file '%.128s' failed: No space left on "
                                "device\n", path, path, path);
            status = 1;
            continue;
        }
        if (e < 0) {
            e = mt->n_migrated++;
            snprintf(mt->migrated[e].path, sizeof mt->migrated[e].path, "%s", path);
        }
        mt->migrated[e].stripe_count = want;
        mt->migrated[e].stripe_first_ost = first;
        mt->migrated[e].stripe_size_bytes = size > 0 ? size : mt->stripe_size_bytes;
        mt->migrated[e].layout_gen = gen;
        mt->migrated[e].migrated_s = w->now_s;
        emu_world_changed(w);
    }
    if (!files) {
        emu_out_printf(out, "error: migrate: missing filename|dirname\n"
                            "usage: lfs migrate [-c COUNT] [-i INDEX] [-S SIZE] FILE...\n");
        return 1;
    }
    return status;
}
