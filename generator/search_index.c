/* search_index.c: running Pagefind over a built site and swapping its bundle in (see
 * search_index.h). */
#define _GNU_SOURCE /* renameat2 and RENAME_EXCHANGE: an atomic swap of two folders */
#include "search_index.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util.h"

extern char **environ;

static const char *const search_candidates[] = {
    "node_modules/@pagefind/linux-x64/bin/pagefind_extended",
    "node_modules/@pagefind/linux-arm64/bin/pagefind_extended",
    "node_modules/.bin/pagefind",
};

const char *hb_search_find_pagefind(const char *configured)
{
    if (configured)
        return *configured && access(configured, X_OK) == 0 ? configured : NULL;
    for (size_t i = 0; i < sizeof search_candidates / sizeof search_candidates[0]; i++)
        if (access(search_candidates[i], X_OK) == 0)
            return search_candidates[i];
    return NULL;
}

pid_t hb_search_index_start(const char *pagefind, const char *site_dir, const char *output_path,
                            int log_fd)
{
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attr;
    if (posix_spawn_file_actions_init(&actions) != 0)
        return -1;
    if (posix_spawnattr_init(&attr) != 0) {
        posix_spawn_file_actions_destroy(&actions);
        return -1;
    }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    if (log_fd >= 0) {
        posix_spawn_file_actions_adddup2(&actions, log_fd, 1);
        posix_spawn_file_actions_adddup2(&actions, log_fd, 2);
    } else {
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    }
    /* Its own process group, with default signal handling (the server ignores SIGPIPE). */
    sigset_t defaults;
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGPIPE);
    sigaddset(&defaults, SIGINT);
    sigaddset(&defaults, SIGTERM);
    posix_spawnattr_setsigdefault(&attr, &defaults);
    posix_spawnattr_setpgroup(&attr, 0);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF);
    char *argv[] = {(char *)pagefind, "--site", (char *)site_dir, "--output-path",
                    (char *)output_path, "--quiet", NULL};
    pid_t pid = -1;
    int rc = posix_spawn(&pid, pagefind, &actions, &attr, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    if (rc != 0) {
        errno = rc;
        return -1;
    }
    return pid;
}

void hb_search_index_cancel(pid_t pid)
{
    if (pid <= 0)
        return;
    kill(-pid, SIGTERM);
    while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {
    }
}

/* Copies what the child wrote into `log` to `out`. */
static void search_print_log(FILE *log, FILE *out)
{
    char chunk[4096];
    size_t n;
    rewind(log);
    while ((n = fread(chunk, 1, sizeof chunk, log)) > 0)
        fwrite(chunk, 1, n, out);
}

int hb_search_index(const char *pagefind, const char *site_dir, FILE *diagnostics)
{
    FILE *log = tmpfile();
    char *output = hb_path_join(site_dir, HB_SEARCH_DIR);
    pid_t pid = hb_search_index_start(pagefind, site_dir, output, log ? fileno(log) : -1);
    free(output);
    if (pid < 0) {
        fprintf(diagnostics, "handbook: search index: cannot run %s: %s\n", pagefind, strerror(errno));
        if (log)
            fclose(log);
        return -1;
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) {
            status = -1;
            break;
        }
    }
    int ok = status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
    if (!ok) {
        fprintf(diagnostics, "handbook: search index: %s --site %s failed (%s %d):\n", pagefind,
                site_dir, status != -1 && WIFSIGNALED(status) ? "signal" : "exit status",
                status == -1 ? -1 : WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
        if (log)
            search_print_log(log, diagnostics);
    }
    if (log)
        fclose(log);
    return ok ? 0 : -1;
}

int hb_search_index_replace(const char *new_bundle, const char *site_dir)
{
    char *dst = hb_path_join(site_dir, HB_SEARCH_DIR);
    int rc = -1;
    struct stat st;
    if (lstat(dst, &st) != 0) {
        rc = errno == ENOENT ? rename(new_bundle, dst) : -1;
    } else if (renameat2(AT_FDCWD, new_bundle, AT_FDCWD, dst, RENAME_EXCHANGE) == 0) {
        rc = hb_rm_rf(new_bundle); /* new_bundle now holds the previous index */
    } else {
        /* A file system without RENAME_EXCHANGE: move the old one aside, then the new in. */
        char *old = hb_strfmt("%s.old", new_bundle);
        hb_rm_rf(old);
        rc = rename(dst, old);
        if (rc == 0)
            rc = rename(new_bundle, dst);
        if (rc == 0)
            hb_rm_rf(old);
        free(old);
    }
    free(dst);
    return rc;
}

int hb_search_index_present(const char *site_dir)
{
    char *entry = hb_strfmt("%s/%s/pagefind-entry.json", site_dir, HB_SEARCH_DIR);
    int present = access(entry, F_OK) == 0;
    free(entry);
    return present;
}

int hb_search_index_move(const char *from_site, const char *to_site)
{
    char *src = hb_path_join(from_site, HB_SEARCH_DIR);
    char *dst = hb_path_join(to_site, HB_SEARCH_DIR);
    int rc = rename(src, dst);
    int saved = errno;
    free(src);
    free(dst);
    errno = saved;
    return rc;
}
