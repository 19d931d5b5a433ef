/* serve_watch.c: recursive inotify watch of the content and template folders (see
 * serve_watch.h); inotify watches one folder each, so every subfolder gets its own watch. */
#include "serve_watch.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

#define SW_MASK                                                                              \
    (IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB | IN_MOVED_FROM |        \
     IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR | IN_DONT_FOLLOW | IN_EXCL_UNLINK)

struct hb_watch {
    int fd;
    char **paths;      /* paths[wd]: the folder a watch descriptor stands for, or NULL */
    size_t path_count; /* length of paths */
    char *ignore_real; /* realpath of the ignored folder, or NULL */
    char **roots;      /* the folders given to hb_watch_new */
    size_t root_count;
    int roots_lost;    /* a root folder was deleted or moved away: see hb_watch_recover */
};

static int sw_set_path(hb_watch *w, int wd, const char *path)
{
    if ((size_t)wd >= w->path_count) {
        size_t count = w->path_count ? w->path_count : 64;
        while (count <= (size_t)wd)
            count *= 2;
        char **grown = realloc(w->paths, count * sizeof *grown);
        if (!grown)
            return -1;
        memset(grown + w->path_count, 0, (count - w->path_count) * sizeof *grown);
        w->paths = grown;
        w->path_count = count;
    }
    char *copy = strdup(path);
    if (!copy)
        return -1;
    free(w->paths[wd]);
    w->paths[wd] = copy;
    return 0;
}

static int sw_ignored_dir(const hb_watch *w, const char *path)
{
    char real[PATH_MAX];
    return w->ignore_real && realpath(path, real) && strcmp(real, w->ignore_real) == 0;
}

/* 1 when path is a symbolic link to a folder (content discovery follows those). */
static int sw_dir_symlink(const char *path)
{
    struct stat lst, st;
    return lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode) && stat(path, &st) == 0 &&
           S_ISDIR(st.st_mode);
}

/* Adds a watch on path and every folder below it, following symbolic links to folders as
 * content discovery does (a folder already watched under another path, as in a link that
 * leads back up, is not walked again). Returns 0, or -1 with errno set when path itself
 * cannot be watched (subfolders that vanish meanwhile are skipped). */
static int sw_add_tree(hb_watch *w, const char *path)
{
    if (sw_ignored_dir(w, path))
        return 0;
    uint32_t mask = SW_MASK;
    if (sw_dir_symlink(path))
        mask &= ~(uint32_t)IN_DONT_FOLLOW; /* watch the folder it leads to */
    int wd = inotify_add_watch(w->fd, path, mask);
    if (wd < 0)
        return -1;
    if ((size_t)wd < w->path_count && w->paths[wd] && strcmp(w->paths[wd], path) != 0)
        return 0; /* the same folder by another path: watched already */
    if (sw_set_path(w, wd, path) != 0) {
        errno = ENOMEM;
        return -1;
    }
    DIR *dir = opendir(path);
    if (!dir)
        return 0;
    struct dirent *e;
    while ((e = readdir(dir)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char child[PATH_MAX];
        if ((size_t)snprintf(child, sizeof child, "%s/%s", path, e->d_name) >= sizeof child)
            continue;
        int is_dir = e->d_type == DT_DIR;
        if (e->d_type == DT_UNKNOWN) {
            struct stat st;
            is_dir = lstat(child, &st) == 0 && S_ISDIR(st.st_mode);
        }
        if (!is_dir && (e->d_type == DT_LNK || e->d_type == DT_UNKNOWN))
            is_dir = sw_dir_symlink(child);
        if (is_dir)
            sw_add_tree(w, child);
    }
    closedir(dir);
    return 0;
}

/* Drops the watches of a folder moved away and of everything below it. */
static void sw_remove_tree(hb_watch *w, const char *path)
{
    size_t len = strlen(path);
    for (size_t wd = 0; wd < w->path_count; wd++) {
        char *p = w->paths[wd];
        if (p && strncmp(p, path, len) == 0 && (p[len] == '\0' || p[len] == '/')) {
            inotify_rm_watch(w->fd, (int)wd);
            free(p);
            w->paths[wd] = NULL;
        }
    }
}

hb_watch *hb_watch_new(const char *const *dirs, size_t dir_count, const char *ignore_dir,
                       char *err, size_t err_size)
{
    hb_watch *w = calloc(1, sizeof *w);
    if (!w) {
        snprintf(err, err_size, "out of memory");
        return NULL;
    }
    w->fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (w->fd < 0) {
        snprintf(err, err_size, "inotify: %s", strerror(errno));
        free(w);
        return NULL;
    }
    char real[PATH_MAX];
    if (ignore_dir && realpath(ignore_dir, real))
        w->ignore_real = strdup(real);
    w->roots = calloc(dir_count ? dir_count : 1, sizeof *w->roots);
    if (!w->roots) {
        snprintf(err, err_size, "out of memory");
        hb_watch_free(w);
        return NULL;
    }
    for (size_t i = 0; i < dir_count; i++) {
        if (!(w->roots[i] = strdup(dirs[i]))) {
            snprintf(err, err_size, "out of memory");
            hb_watch_free(w);
            return NULL;
        }
        w->root_count++;
        struct stat st;
        int stat_rc = stat(dirs[i], &st);
        if (stat_rc != 0 || !S_ISDIR(st.st_mode)) {
            snprintf(err, err_size, "cannot watch %s: %s", dirs[i],
                     stat_rc != 0 ? strerror(errno) : "not a folder");
            hb_watch_free(w);
            return NULL;
        }
        if (sw_add_tree(w, dirs[i]) != 0) {
            snprintf(err, err_size, "cannot watch %s: %s%s", dirs[i], strerror(errno),
                     errno == ENOSPC ? " (raise fs.inotify.max_user_watches)" : "");
            hb_watch_free(w);
            return NULL;
        }
    }
    return w;
}

int hb_watch_fd(const hb_watch *w)
{
    return w->fd;
}

int hb_watch_read(hb_watch *w, char *what, size_t what_size)
{
    int changes = 0;
    if (what && what_size)
        what[0] = '\0';
    /* Aligned as the inotify manual page asks for struct inotify_event. */
    char buf[16384] __attribute__((aligned(__alignof__(struct inotify_event))));
    for (;;) {
        ssize_t len = read(w->fd, buf, sizeof buf);
        if (len < 0 && errno == EINTR)
            continue;
        if (len < 0 && errno == EAGAIN)
            break;
        if (len <= 0)
            return -1;
        for (char *p = buf; p < buf + len;) {
            const struct inotify_event *ev = (const struct inotify_event *)p;
            p += sizeof *ev + ev->len;
            if (ev->mask & IN_Q_OVERFLOW) {
                changes++;
                continue;
            }
            const char *dir = ev->wd >= 0 && (size_t)ev->wd < w->path_count ? w->paths[ev->wd]
                                                                            : NULL;
            if (ev->mask & IN_IGNORED) {
                if (dir) {
                    for (size_t r = 0; r < w->root_count; r++)
                        if (strcmp(dir, w->roots[r]) == 0)
                            w->roots_lost = 1;
                    free(w->paths[ev->wd]);
                    w->paths[ev->wd] = NULL;
                }
                continue;
            }
            if (!dir)
                continue;
            if (ev->mask & IN_MOVE_SELF) {
                /* A root renamed away (`mv content content.old`, then a new content/): its
                 * watches follow the old folder, so drop them and watch the path anew
                 * (hb_watch_recover). Subfolders are handled by their parent's MOVED_FROM. */
                size_t r = 0;
                while (r < w->root_count && strcmp(dir, w->roots[r]) != 0)
                    r++;
                if (r < w->root_count) {
                    sw_remove_tree(w, w->roots[r]);
                    w->roots_lost = 1;
                    if (changes++ == 0 && what && what_size)
                        snprintf(what, what_size, "%s", w->roots[r]);
                    continue;
                }
            }
            const char *name = ev->len ? ev->name : "";
            char path[PATH_MAX];
            if ((size_t)snprintf(path, sizeof path, "%s%s%s", dir, *name ? "/" : "", name) >=
                sizeof path)
                continue;
            if ((ev->mask & IN_ISDIR) && (ev->mask & IN_MOVED_FROM))
                sw_remove_tree(w, path);
            if ((ev->mask & IN_ISDIR) && (ev->mask & (IN_CREATE | IN_MOVED_TO)) && *name != '.')
                sw_add_tree(w, path); /* files made inside before this are in the rebuild */
            else if ((ev->mask & (IN_CREATE | IN_MOVED_TO)) && *name != '.' &&
                     sw_dir_symlink(path))
                sw_add_tree(w, path); /* a new symbolic link to a folder */
            if (*name && hb_scratch_file_name(name))
                continue;
            if ((ev->mask & IN_ISDIR) && (ev->mask & (IN_ATTRIB | IN_MODIFY | IN_CLOSE_WRITE)))
                continue; /* a folder's own time stamps change with each file in it */
            if (changes++ == 0 && what && what_size)
                snprintf(what, what_size, "%s", path);
        }
    }
    return changes;
}

int hb_watch_lost(const hb_watch *w)
{
    return w->roots_lost;
}

int hb_watch_recover(hb_watch *w)
{
    if (!w->roots_lost)
        return 0;
    int lost = 0, added = 0;
    for (size_t r = 0; r < w->root_count; r++) {
        int watched = 0;
        for (size_t wd = 0; wd < w->path_count && !watched; wd++)
            watched = w->paths[wd] && strcmp(w->paths[wd], w->roots[r]) == 0;
        if (watched)
            continue;
        struct stat st;
        if (stat(w->roots[r], &st) == 0 && S_ISDIR(st.st_mode) &&
            sw_add_tree(w, w->roots[r]) == 0)
            added = 1;
        else
            lost = 1;
    }
    w->roots_lost = lost;
    return added;
}

void hb_watch_free(hb_watch *w)
{
    if (!w)
        return;
    for (size_t i = 0; i < w->root_count; i++)
        free(w->roots[i]);
    free(w->roots);
    for (size_t i = 0; i < w->path_count; i++)
        free(w->paths[i]);
    free(w->paths);
    free(w->ignore_real);
    if (w->fd >= 0)
        close(w->fd);
    free(w);
}
