/* file_write.c: the tools that write files on the mounted file systems: `touch FILE...` and
 * `dd if=/dev/zero of=FILE bs=SIZE count=N`, as coreutils prints them. A file goes in a mount's
 * top directory (emu_mount.files, at most 8 a file system), which ls, ls -l and rm-less
 * listings then show. dd writes at what the storage model gives one client (the mount's write
 * capacity left by the writers already on it, and the node's own link: storage.h), as if with
 * conv=fsync (the time until the data is on the servers, not in the page cache), and a file on
 * Lustre gets its directory's layout: its write fails with ENOSPC at the first stripe that falls
 * on a full OST (file_osts in lfs_files.c, the one allocator). In the full WebAssembly module
 * only (wasm/README.md, "Two modules"): no lab's worked solution writes files. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat/numscan.h"
#include "out.h"
#include "tools.h"
#include "model/storage.h"
#include "model/world.h"

/* The mount whose top directory holds path directly ("/lustre/x"), with *name the file's name;
 * -1 when path is no such place. */
static int top_file(const emu_world *w, const char *path, const char **name)
{
    int m = emu_world_find_mount(w, path);
    if (m < 0)
        return -1;
    size_t len = strlen(w->mounts[m].target);
    const char *rest = path + len;
    if (rest[0] != '/' || !rest[1] || strchr(rest + 1, '/'))
        return -1;
    *name = rest + 1;
    return m;
}

static bool read_only(const emu_mount *mt)
{
    return !strncmp(mt->options, "ro,", 3) || strstr(mt->options, ",ro,") || !strcmp(mt->options, "ro");
}

/* The file name of mount m's top directory, made if missing; -1 when the mount keeps no more. */
static int make_file(emu_world *w, int m, const char *name)
{
    emu_mount *mt = &w->mounts[m];
    char rest[64];
    snprintf(rest, sizeof rest, "/%s", name);
    int f = emu_mount_user_file(w, m, rest);
    if (f >= 0)
        return f;
    if (mt->n_files >= (int)(sizeof mt->files / sizeof mt->files[0]) || strlen(name) >= sizeof mt->files[0].name)
        return -1;
    f = mt->n_files++;
    snprintf(mt->files[f].name, sizeof mt->files[f].name, "%s", name);
    mt->files[f].size_bytes = 0;
    mt->files[f].mtime_s = w->now_s;
    emu_world_changed(w);
    return f;
}

/* Why path cannot take a new file here (coreutils' wording after "cannot touch 'P': "), or NULL
 * when it can; *m and *name are its mount and name then. */
static const char *where_to_write(const emu_world *w, const char *path, int *m, const char **name)
{
    *m = top_file(w, path, name);
    if (*m < 0) {
        int kind = emu_world_file((emu_world *)w, 0, path, NULL);
        char parent[256];
        snprintf(parent, sizeof parent, "%s", path);
        char *slash = strrchr(parent, '/');
        if (slash)
            *(slash == parent ? slash + 1 : slash) = '\0';
        bool home = !strncmp(path, "/home", 5);
        /* a directory of the system's (/, /etc, /proc ...): root's, not the user's to write in */
        if (!kind && !home && emu_world_find_mount(w, path) < 0 && slash &&
            emu_world_file((emu_world *)w, 0, parent, NULL) == 2)
            return "Permission denied";
        return kind || emu_world_find_mount(w, path) >= 0 || home ? "not simulated here (this simulation keeps new files only in a mounted file "
                      "system's top directory, e.g. /scratch/test)"
                    : "No such file or directory";
    }
    if (read_only(&w->mounts[*m]))
        return "Read-only file system";
    return NULL;
}

static int cmd_touch(emu_context *c, int argc, char **argv, emu_out *out)
{
    emu_world *w = c->world;
    int status = 0, files = 0;
    for (int i = 1; i < argc; i++) {
        if (argv[i][0] == '-')
            continue; /* -a, -m, -c: the times are the simulation's */
        files++;
        int m;
        const char *name;
        int kind = emu_world_file(w, c->node, argv[i], NULL);
        if (kind) { /* an existing file: a learner's gets the time now, which ls -l shows */
            int tm = top_file(w, argv[i], &name);
            int f = tm >= 0 ? emu_mount_user_file(w, tm, argv[i] + strlen(w->mounts[tm].target)) : -1;
            if (f >= 0) {
                w->mounts[tm].files[f].mtime_s = w->now_s;
                emu_world_changed(w);
            }
            continue;
        }
        const char *why = where_to_write(w, argv[i], &m, &name);
        if (!why && make_file(w, m, name) < 0)
            why = "No space left on device (this simulation keeps at most 8 new files a file system)";
        if (why) {
            emu_out_printf(out, "touch: cannot touch '%.200s': %s\n", argv[i], why);
            status = 1;
        }
    }
    if (!files) {
        emu_out_printf(out, "touch: missing file operand\nTry 'touch --help' for more information.\n");
        return 1;
    }
    return status;
}

/* A dd size: a number with dd's suffixes (c 1, w 2, b 512, K k 1024, M 1024^2, G 1024^3; KB MB
 * GB powers of 1000). Returns false when it cannot be read. */
static bool dd_size(const char *text, double *bytes)
{
    char *end;
    double v = emu_strtod(text, &end);
    if (end == text || v < 0)
        return false;
    double mult = 1;
    if (!strcmp(end, "") || !strcmp(end, "c"))
        mult = 1;
    else if (!strcmp(end, "w"))
        mult = 2;
    else if (!strcmp(end, "b"))
        mult = 512;
    else if (!strcmp(end, "K") || !strcmp(end, "k") || !strcmp(end, "KiB"))
        mult = 1024;
    else if (!strcmp(end, "M") || !strcmp(end, "MiB"))
        mult = 1048576;
    else if (!strcmp(end, "G") || !strcmp(end, "GiB"))
        mult = 1073741824.0;
    else if (!strcmp(end, "kB") || !strcmp(end, "KB"))
        mult = 1e3;
    else if (!strcmp(end, "MB"))
        mult = 1e6;
    else if (!strcmp(end, "GB"))
        mult = 1e9;
    else
        return false;
    *bytes = v * mult;
    return true;
}

/* dd's human sizes after the bytes: "(105 MB, 100 MiB)" (coreutils: three significant digits).
 * The time after them is printf's %g, six significant digits (coreutils dd.c, print_xfer_stats). */
static void dd_human(double bytes, char *buf, size_t size)
{
    static const char si[] = "kMGT", iec[] = "KMGT";
    double a = bytes, b = bytes;
    int i = -1, k = -1;
    while (a >= 1000 && i < 3)
        a /= 1000, i++;
    while (b >= 1024 && k < 3)
        b /= 1024, k++;
    if (i < 0)
        snprintf(buf, size, " ");
    else
        snprintf(buf, size, " (%.*f %cB, %.*f %ciB) ", a < 10 ? 1 : 0, a, si[i], b < 10 ? 1 : 0, b, iec[k]);
}

static int cmd_dd(emu_context *c, int argc, char **argv, emu_out *out)
{
    emu_world *w = c->world;
    const char *in = NULL, *of = NULL;
    double bs = 512, count = -1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strncmp(a, "if=", 3))
            in = a + 3;
        else if (!strncmp(a, "of=", 3))
            of = a + 3;
        else if (!strncmp(a, "bs=", 3) || !strncmp(a, "obs=", 4)) {
            if (!dd_size(strchr(a, '=') + 1, &bs) || bs < 1) {
                emu_out_printf(out, "dd: invalid number: '%.64s'\n", strchr(a, '=') + 1);
                return 1;
            }
        } else if (!strncmp(a, "count=", 6)) {
            if (!dd_size(a + 6, &count)) {
                emu_out_printf(out, "dd: invalid number: '%.64s'\n", a + 6);
                return 1;
            }
        } else if (!strncmp(a, "oflag=", 6) || !strncmp(a, "conv=", 5) || !strncmp(a, "status=", 7) ||
                   !strncmp(a, "iflag=", 6) || !strncmp(a, "ibs=", 4))
            continue;
        else {
            emu_out_printf(out, "dd: unrecognized operand '%.64s'\nTry 'dd --help' for more information.\n", a);
            return 1;
        }
    }
    if (!in || (strcmp(in, "/dev/zero") && strcmp(in, "/dev/urandom"))) {
        emu_out_printf(out, "dd: this simulated dd reads if=/dev/zero or if=/dev/urandom only "
                            "(it writes test files: dd if=/dev/zero of=/scratch/test bs=1M count=1024)\n");
        return 1;
    }
    if (count < 0) {
        emu_out_printf(out, "dd: give count=N: reading /dev/zero never ends\n");
        return 1;
    }
    if (!of) {
        emu_out_printf(out, "dd: writing to standard output is not simulated; give of=FILE\n");
        return 1;
    }
    int m;
    const char *name;
    const char *why = where_to_write(w, of, &m, &name);
    if (why) {
        emu_out_printf(out, "dd: failed to open '%.200s': %s\n", of, why);
        return 1;
    }
    int f = make_file(w, m, name);
    if (f < 0) {
        emu_out_printf(out, "dd: failed to open '%.200s': No space left on device\n", of);
        return 1;
    }
    const emu_mount *mt = &w->mounts[m];
    double want = bs * floor(count), room = want;
    /* where the bytes go: a full file system has no room; on Lustre, the file's objects in its
     * layout, in stripes, until the first stripe on a full OST */
    if (mt->used_bytes >= mt->size_bytes)
        room = 0;
    else if (!strcmp(mt->fstype, "lustre") && mt->full_ost > 0) {
        int osts[EMU_MAX_OSTS + 32];
        int k = emu_lustre_file_osts(w, m, of, osts, (int)(sizeof osts / sizeof osts[0]));
        double stripe = mt->stripe_size_bytes > 0 ? mt->stripe_size_bytes : 1048576;
        for (int i = 0; i < k; i++) {
            if (osts[i] != mt->full_ost - 1)
                continue;
            /* stripes run over the objects in turn: the first that lands on the full one */
            room = i * stripe;
            break;
        }
    }
    double written = want <= room ? want : floor(room / bs) * bs;
    /* the rate one stream gets: the servers' spare write capacity, the node's own link and, on
     * Lustre, one stream's ceiling (model/storage.h). Two
     * modelling choices, no source: a new writer gets at least 5% of the servers' capacity however
     * busy they are (they share it, not starve it), and a write the rate would make shorter than
     * 0.1 ms takes 0.1 ms (open, fsync, close) plus its bytes at 10 GB/s */
    double spare = (mt->write_mb_per_s - emu_mount_write_now_mb_per_s(w, m)) * 1e6;
    if (spare < 0.05 * mt->write_mb_per_s * 1e6)
        spare = 0.05 * mt->write_mb_per_s * 1e6;
    double cap = emu_mount_streams_write_cap_bytes_per_s(w, c->node, m, 1); /* dd: one stream */
    double rate = cap > 0 && cap < spare ? cap : spare;
    double seconds = rate > 0 ? written / rate : 0;
    if (seconds < 0.0001)
        seconds = 0.0001 + written / 1e10;
    emu_world_advance(w, seconds);
    emu_mount *mw = &w->mounts[m];
    if (written > mw->files[f].size_bytes)
        mw->files[f].size_bytes = written;
    mw->files[f].mtime_s = w->now_s;
    emu_world_changed(w);
    double recs = written / bs;
    if (written < want)
        emu_out_printf(out, "dd: error writing '%.200s': No space left on device\n", of);
    char human[64];
    dd_human(written, human, sizeof human);
    double r = written / seconds;
    /* a rate that rounds to 1000 of a unit shows in the next (gnulib's human_readable, which
     * dd uses: 999.9 MB/s prints as 1.0 GB/s) */
    const char *unit = r >= 999.5e6 ? "GB/s" : r >= 999.5e3 ? "MB/s" : "kB/s";
    double shown = r >= 999.5e6 ? r / 1e9 : r >= 999.5e3 ? r / 1e6 : r / 1e3;
    emu_out_printf(out, "%.0f+0 records in\n%.0f+0 records out\n%.0f bytes%scopied, %g s, %.*f %s\n",
                   written < want ? recs + 1 : recs, recs, written, human, seconds, shown < 10 ? 1 : 0, shown,
                   unit);
    return written < want ? 1 : 0;
}

const emu_command emu_cmd_touch = {
    "touch", cmd_touch, "make an empty file (in a mounted file system's top directory)",
    "usage: touch FILE...\n  e.g. touch /scratch/test. New files live in a mounted file system's top "
    "directory; ls -l shows them.\n",
    NULL, .cost = EMU_COST_TOOL
};

const emu_command emu_cmd_dd = {
    "dd", cmd_dd, "write a test file at the storage's write rate",
    "usage: dd if=/dev/zero of=FILE bs=SIZE count=N\n"
    "  e.g. dd if=/dev/zero of=/lustre/test bs=1M count=1024. The file goes in a mounted file\n"
    "  system's top directory, written at the rate the storage model gives this node (as with\n"
    "  conv=fsync); a Lustre file takes its directory's layout and fails with ENOSPC on a full OST.\n",
    NULL, .cost = EMU_COST_INSTANT
};
