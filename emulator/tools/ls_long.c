/* ls_long.c: `ls -l`, the long listing (tools.h's emu_ls_long; the shell's ls calls it for -l).
 * Each entry as GNU coreutils prints it: mode, link count (a file's 1; a directory's 2, its
 * entry in its parent and its own ".", plus one ".." for each subdirectory), owner, group, size in bytes (the
 * column as wide as the widest), modification time (%b %e %H:%M, as for files of the last six
 * months) and name; a directory's listing starts with "total", its entries' 1 KiB blocks (4 KiB
 * allocation units). Sizes come from the model: a checkpoint shard's bytes
 * (emu_checkpoint_file_bytes, the figure lfs quota sums), a file a learner wrote with dd, a log's
 * text. In the full WebAssembly module only (wasm/README.md, "Two modules"): no lab's worked
 * solution lists long. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "out.h"
#include "tools.h"
#include "model/job.h"
#include "model/rng.h"
#include "model/run.h"
#include "model/storage.h"
#include "model/world.h"

typedef struct ls_entry {
    char name[96];
    bool dir;
    int links;
    double size_bytes;
    double mtime_s;
    const char *owner, *mode;
} ls_entry;

/* What the model says of the entry at path (its name as shown: name). */
static void describe(emu_world *w, int node, const char *path, const char *name, bool dir, ls_entry *e)
{
    snprintf(e->name, sizeof e->name, "%s", name);
    e->dir = dir;
    e->links = 1;
    if (dir) { /* 2 + its subdirectories: the listing's entries that end in '/' */
        emu_out sub;
        emu_out_init(&sub, 0);
        emu_world_file(w, node, path, &sub);
        e->links = 2;
        for (const char *p = emu_out_text(&sub); (p = strstr(p, "/\n")); p += 2)
            e->links++;
        emu_out_free(&sub);
    }
    e->mtime_s = w->now_s;
    e->owner = "user";
    e->mode = dir ? "drwxr-xr-x" : "-rw-r--r--";
    e->size_bytes = dir ? 4096 : 0;
    int m = emu_world_find_mount(w, path);
    long it = -1;
    int mount = -1;
    if (m >= 0)
        emu_mount_path(w, path, &mount, &it);
    if (m >= 0 && !strcmp(path, w->mounts[m].target)) {
        /* the top of a shared file system: root's; Lustre's open to every user (1777) */
        e->owner = "root";
        e->mode = !strcmp(w->mounts[m].fstype, "lustre") ? "drwxrwxrwt" : "drwxr-xr-x";
        return;
    }
    if (m >= 0) {
        const char *rest = path + strlen(w->mounts[m].target);
        int f = emu_mount_user_file(w, m, rest);
        if (f >= 0) {
            e->size_bytes = w->mounts[m].files[f].size_bytes;
            e->mtime_s = w->mounts[m].files[f].mtime_s;
            return;
        }
        if (it >= 0) {
            double saved = emu_run_checkpoint_saved_s(w, it);
            if (saved < w->now_s)
                e->mtime_s = saved;
        }
        if (!dir) {
            double bytes = emu_checkpoint_file_bytes(w, path);
            if (bytes > 0 || strstr(path, ".pt")) {
                e->size_bytes = bytes;
                return;
            }
        }
    } else if (strncmp(path, "/home", 5)) {
        e->owner = "root";
        e->mtime_s = w->nodes[node].boot_time_s;
    }
    if (!dir) { /* a text file of the model: its text's length */
        emu_out text;
        emu_out_init(&text, 0);
        emu_world_file(w, node, path, &text);
        e->size_bytes = (double)text.len;
        emu_out_free(&text);
    }
}

static int by_name(const void *a, const void *b)
{
    return strcmp(((const ls_entry *)a)->name, ((const ls_entry *)b)->name);
}

static void put_entries(const emu_world *w, const ls_entry *e, int n, emu_out *out)
{
    int width = 1, lwidth = 1; /* the size and link-count columns, as wide as their widest */
    for (int i = 0; i < n; i++) {
        char num[32];
        int len = snprintf(num, sizeof num, "%.0f", e[i].size_bytes);
        if (len > width)
            width = len;
        len = snprintf(num, sizeof num, "%d", e[i].links);
        if (len > lwidth)
            lwidth = len;
    }
    for (int i = 0; i < n; i++) {
        char when[32];
        emu_format_utc(e[i].mtime_s, "%b %e %H:%M", when, sizeof when);
        emu_out_printf(out, "%s %*d %s %s %*.0f %s %s\n", e[i].mode, lwidth, e[i].links, e[i].owner, e[i].owner,
                       width, e[i].size_bytes, when, e[i].name);
    }
    (void)w;
}

int emu_ls_long(emu_context *c, int argc, char **argv, emu_out *out)
{
    emu_world *w = c->world;
    /* a leading "-d" (the shell's ls -d): each directory as one line of its own, as GNU ls -ld */
    bool dir_itself = argc > 1 && !strcmp(argv[1], "-d");
    if (dir_itself) {
        argc--;
        argv++;
    }
    int status = 0, paths = (argc - 1) / 2, shown = 0;
    ls_entry *entries = malloc(256 * sizeof *entries);
    if (!entries) {
        emu_out_printf(out, "ls: memory exhausted\n");
        return 2;
    }
    for (int i = 1; i + 1 < argc; i += 2) {
        const char *abs = argv[i], *typed = argv[i + 1];
        emu_out listing;
        emu_out_init(&listing, 0);
        int kind = emu_world_file(w, c->node, abs, &listing);
        if (kind == 0) {
            emu_out_printf(out, "ls: cannot access '%s': No such file or directory\n", typed);
            status = 2;
        } else if (dir_itself) { /* gathered: one table, sorted and aligned, as GNU ls prints them */
            if (shown < 256)
                describe(w, c->node, abs, typed, kind != 1, &entries[shown++]);
        } else if (kind == 1) {
            describe(w, c->node, abs, typed, false, &entries[0]);
            put_entries(w, entries, 1, out);
        } else {
            int n = 0;
            for (char *p = listing.text; p && *p && n < 256;) {
                char *nl = strchr(p, '\n');
                if (nl)
                    *nl = '\0';
                size_t len = strlen(p);
                if (len) {
                    bool dir = p[len - 1] == '/';
                    if (dir)
                        p[len - 1] = '\0';
                    char path[256];
                    snprintf(path, sizeof path, "%s%s%s", abs, strcmp(abs, "/") ? "/" : "", p);
                    describe(w, c->node, path, p, dir, &entries[n++]);
                }
                p = nl ? nl + 1 : p + len;
            }
            qsort(entries, (size_t)n, sizeof entries[0], by_name);
            double blocks = 0;
            for (int k = 0; k < n; k++)
                blocks += ceil(entries[k].size_bytes / 4096.0) * 4;
            if (paths > 1)
                emu_out_printf(out, "%s%s:\n", i > 1 ? "\n" : "", typed);
            emu_out_printf(out, "total %.0f\n", blocks);
            put_entries(w, entries, n, out);
        }
        emu_out_free(&listing);
    }
    qsort(entries, (size_t)shown, sizeof entries[0], by_name);
    put_entries(w, entries, shown, out);
    free(entries);
    return status;
}
