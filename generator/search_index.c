/* search_index.c: running Pagefind over a built site and swapping its bundle in (see
 * search_index.h). */
#define _GNU_SOURCE /* renameat2 and RENAME_EXCHANGE: an atomic swap of two folders */
#include "search_index.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/prctl.h>
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

/* Starts Pagefind as a child (fork and exec, not posix_spawn: the child must ask the kernel to
 * kill it when its parent dies, PR_SET_PDEATHSIG, which only the child can do). own_group: in
 * a process group of its own (serve's background index, cancelled as a group); else in the
 * caller's, so that a signal to the build's group (Ctrl-C, a CI runner's kill) reaches it.
 * Returns the child's id, or -1 with errno set (also when exec failed: its errno). */
static pid_t search_spawn(const char *pagefind, const char *site_dir, const char *output_path,
                          int log_fd, int own_group)
{
    int report[2]; /* the child's exec error, if any; closed on a successful exec */
    if (pipe2(report, O_CLOEXEC) != 0)
        return -1;
    /* Code blocks (tool output, transcripts, configuration) stay out of the index, so a result's
     * excerpt is always prose, never a dump of nvidia-smi; the prose names what they show. */
    char *argv[] = {(char *)pagefind, "--site", (char *)site_dir, "--output-path",
                    (char *)output_path, "--exclude-selectors", "pre", "--quiet", NULL};
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid < 0) {
        int saved = errno;
        close(report[0]);
        close(report[1]);
        errno = saved;
        return -1;
    }
    if (pid == 0) { /* the child: async-signal-safe calls only, until exec */
        if (own_group)
            setpgid(0, 0);
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent)
            _exit(127); /* the parent died before the line above */
        /* default signal handling and none blocked (the server ignores SIGPIPE) */
        struct sigaction dfl;
        memset(&dfl, 0, sizeof dfl);
        dfl.sa_handler = SIG_DFL;
        sigaction(SIGPIPE, &dfl, NULL);
        sigaction(SIGINT, &dfl, NULL);
        sigaction(SIGTERM, &dfl, NULL);
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        int in = open("/dev/null", O_RDONLY);
        int out = log_fd >= 0 ? log_fd : open("/dev/null", O_WRONLY);
        if (in < 0 || out < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(out, 2) < 0) {
            int e = errno;
            (void)!write(report[1], &e, sizeof e);
            _exit(127);
        }
        execve(pagefind, argv, environ);
        int e = errno;
        (void)!write(report[1], &e, sizeof e);
        _exit(127);
    }
    if (own_group)
        setpgid(pid, pid); /* also here: no window in which a cancel misses the group */
    close(report[1]);
    int child_errno = 0;
    ssize_t n;
    while ((n = read(report[0], &child_errno, sizeof child_errno)) < 0 && errno == EINTR) {
    }
    close(report[0]);
    if (n == (ssize_t)sizeof child_errno) {
        while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {
        }
        errno = child_errno;
        return -1;
    }
    return pid;
}

pid_t hb_search_index_start(const char *pagefind, const char *site_dir, const char *output_path,
                            int log_fd)
{
    return search_spawn(pagefind, site_dir, output_path, log_fd, 1);
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

/* Milliseconds of the monotonic clock. */
static double search_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

int hb_search_index(const char *pagefind, const char *site_dir, int time_limit_s,
                    FILE *diagnostics)
{
    FILE *log = tmpfile();
    char *output = hb_path_join(site_dir, HB_SEARCH_DIR);
    pid_t pid = search_spawn(pagefind, site_dir, output, log ? fileno(log) : -1, 0);
    free(output);
    if (pid < 0) {
        fprintf(diagnostics, "handbook: search index: cannot run %s: %s\n", pagefind, strerror(errno));
        if (log)
            fclose(log);
        return -1;
    }
    int status = 0, timed_out = 0;
    double deadline = search_now_ms() + (time_limit_s > 0 ? time_limit_s : HB_SEARCH_TIME_LIMIT_S) * 1e3;
    for (;;) {
        pid_t got = waitpid(pid, &status, WNOHANG);
        if (got == pid)
            break;
        if (got < 0 && errno != EINTR) {
            status = -1;
            break;
        }
        if (search_now_ms() >= deadline) {
            kill(pid, SIGKILL);
            while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
            }
            timed_out = 1;
            break;
        }
        struct timespec nap = {0, 10 * 1000 * 1000};
        nanosleep(&nap, NULL);
    }
    int ok = !timed_out && status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
    if (timed_out) {
        fprintf(diagnostics,
                "handbook: search index: %s --site %s ran over its time limit of %d s and was "
                "stopped (handbook build --search-timeout SECONDS sets another)\n",
                pagefind, site_dir, time_limit_s > 0 ? time_limit_s : HB_SEARCH_TIME_LIMIT_S);
    } else if (!ok) {
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
