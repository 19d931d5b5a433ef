/* serve.c: `handbook serve`: build once, serve the site over HTTP, rebuild when content/ or
 * templates/ change and tell open pages to reload. HTTP lives in serve_http.c, the file watch
 * in serve_watch.c; this file is the command line and the event loop. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "build.h"
#include "incremental.h"
#include "search_index.h"
#include "commands.h"
#include "serve_http.h"
#include "serve_watch.h"
#include "util.h"

/* Quiet time after the last change before rebuilding, in milliseconds: an editor's save (write
 * a scratch file, rename it over the page) or a `git checkout` arrives as a burst of events. */
#define SV_DEBOUNCE_MS 50
/* Longest wait for quiet, in milliseconds: a file written without pause (a log, a generator)
 * still gets the site rebuilt this often. */
#define SV_DEBOUNCE_MAX_MS 1000
/* While a watched folder is gone, how often to look for it again, in milliseconds. */
#define SV_RECOVER_MS 250
/* Keep-alive comment interval of the live-reload streams, in milliseconds. */
#define SV_PING_MS 15000
/* How often the loop looks for the end of a background search index, in milliseconds. */
#define SV_INDEX_POLL_MS 50

static int sv_signal_pipe[2] = {-1, -1};

static void sv_on_signal(int sig)
{
    int saved = errno;
    unsigned char b = (unsigned char)sig;
    if (write(sv_signal_pipe[1], &b, 1) < 0) {
        /* the pipe is full: a stop is already pending */
    }
    errno = saved;
}

static double sv_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* The background search index of the latest rebuild: a rebuild moves the previous index
 * into the new site (a fast swap; search may miss the last edit for a moment), then Pagefind
 * indexes the new site into a folder beside it, which replaces its pagefind/ in one rename
 * when done. A rebuild while it runs cancels it and starts another. */
typedef struct sv_indexer {
    const char *pagefind; /* NULL: search is off */
    const char *site_dir;
    char *bundle;         /* owned: "SITE.pagefind.PID", where the child writes */
    FILE *log;            /* owned: what the child printed */
    pid_t pid;            /* the child, or 0 */
    double started_ms;    /* when the child started (sv_now_ms) */
} sv_indexer;

static void sv_indexer_cancel(sv_indexer *ix)
{
    if (ix->pid > 0) {
        hb_search_index_cancel(ix->pid);
        hb_rm_rf(ix->bundle);
    }
    ix->pid = 0;
    if (ix->log)
        fclose(ix->log);
    ix->log = NULL;
}

static void sv_indexer_start(sv_indexer *ix)
{
    sv_indexer_cancel(ix);
    if (!ix->pagefind)
        return;
    hb_rm_rf(ix->bundle);
    ix->log = tmpfile();
    ix->started_ms = sv_now_ms();
    ix->pid = hb_search_index_start(ix->pagefind, ix->site_dir, ix->bundle,
                                    ix->log ? fileno(ix->log) : -1);
    if (ix->pid < 0) {
        fprintf(stderr, "handbook serve: search index: cannot run %s: %s\n", ix->pagefind,
                strerror(errno));
        ix->pid = 0;
    }
}

/* Reaps a finished child and swaps its bundle in; prints what went wrong, if anything. */
static void sv_indexer_poll(sv_indexer *ix)
{
    int status;
    if (ix->pid > 0 && sv_now_ms() - ix->started_ms > HB_SEARCH_TIME_LIMIT_S * 1e3) {
        fprintf(stderr, "handbook serve: search index: %s ran over its time limit of %d s and "
                        "was stopped; search shows the previous index\n",
                ix->pagefind, HB_SEARCH_TIME_LIMIT_S);
        sv_indexer_cancel(ix);
        return;
    }
    if (ix->pid <= 0 || waitpid(ix->pid, &status, WNOHANG) != ix->pid)
        return;
    ix->pid = 0;
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
        if (hb_search_index_replace(ix->bundle, ix->site_dir) != 0) {
            fprintf(stderr, "handbook serve: search index: cannot move %s into %s: %s\n",
                    ix->bundle, ix->site_dir, strerror(errno));
            hb_rm_rf(ix->bundle);
        } else {
            printf("search index updated in %.0f ms\n", sv_now_ms() - ix->started_ms);
            fflush(stdout);
        }
    } else {
        fprintf(stderr, "handbook serve: search index: %s failed; search shows the previous "
                        "index:\n", ix->pagefind);
        if (ix->log) {
            char chunk[4096];
            size_t n;
            rewind(ix->log);
            while ((n = fread(chunk, 1, sizeof chunk, ix->log)) > 0)
                fwrite(chunk, 1, n, stderr);
        }
        hb_rm_rf(ix->bundle);
    }
    if (ix->log)
        fclose(ix->log);
    ix->log = NULL;
}

static void sv_usage(FILE *f)
{
    fputs("usage: handbook serve [--port N] [--bind ADDR] [--content DIR] [--templates DIR]\n"
          "                      [--out DIR] [--jobs N] [--no-reload] [--no-search]\n"
          "\n"
          "Builds the site, serves it on http://127.0.0.1:8000/ and rebuilds it when a file\n"
          "under the content or templates folder changes; open pages reload themselves.\n"
          "A failed rebuild prints its errors and the previous site stays up. Ctrl-C stops.\n"
          "\n"
          "  --port N         TCP port (default 8000; 0 picks a free one)\n"
          "  --bind ADDR      address to listen on (default 127.0.0.1; 0.0.0.0 or :: for all)\n"
          "  --content DIR    Markdown pages and site.yaml (default content)\n"
          "  --templates DIR  Lua templates and assets (default templates)\n"
          "  --out DIR        where the site is written and served from (default site)\n"
          "  --jobs N         build threads (default: one per core)\n"
          "  --no-reload      no live-reload script in served pages\n"
          "  --no-search      no Pagefind search index (and no search box in the pages)\n",
          f);
}

static const char *const sv_value_options[] = {"--port", "--bind", "--content", "--templates",
                                               "--out", "--jobs"};

/* Checks that every option that takes a value has a non-empty one. Returns 0 or prints the
 * problem and returns 2. */
static int sv_check_values(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        for (size_t k = 0; k < sizeof sv_value_options / sizeof sv_value_options[0]; k++) {
            const char *name = sv_value_options[k];
            size_t len = strlen(name);
            if (strncmp(argv[i], name, len) != 0)
                continue;
            const char *value = argv[i][len] == '=' ? argv[i] + len + 1
                                : argv[i][len] == '\0' && i + 1 < argc ? argv[i + 1]
                                : argv[i][len] == '\0' ? ""
                                : NULL;
            if (value && !*value) {
                fprintf(stderr, "handbook serve: %s needs a value\n", name);
                return 2;
            }
            if (value && argv[i][len] == '\0')
                i++; /* skip the value: it may look like an option */
            break;
        }
    }
    return 0;
}

/* Reads "--name VALUE" or "--name=VALUE" at argv[*i] (sv_check_values has run); returns the
 * value, or NULL when argv[*i] is another argument. */
static const char *sv_option(int argc, char **argv, int *i, const char *name)
{
    size_t len = strlen(name);
    if (strncmp(argv[*i], name, len) != 0)
        return NULL;
    if (argv[*i][len] == '=')
        return argv[*i] + len + 1;
    if (argv[*i][len] != '\0' || *i + 1 >= argc)
        return NULL;
    return argv[++*i];
}

static int sv_parse_uint(const char *text, unsigned long max, unsigned long *out)
{
    char *end;
    errno = 0;
    if (!*text || *text == '-')
        return -1;
    unsigned long v = strtoul(text, &end, 10);
    if (errno || *end || v > max)
        return -1;
    *out = v;
    return 0;
}

int hb_serve_main(int argc, char **argv)
{
    hb_build_options build = {
        .content_dir = "content",
        .templates_dir = "templates",
        .out_dir = "site",
        .write = 1,
        .jobs = 0,
        .diagnostics = stderr,
    };
    /* The site on disk stays exactly what `handbook build` writes (so it can be deployed as
     * previewed, and compared byte for byte in tests): the server adds the reload script to
     * HTML responses instead. */
    hb_http_options http = {.root_dir = NULL, .bind_addr = "127.0.0.1", .port = 8000,
                            .live_reload = 1};

    if (sv_check_values(argc, argv) != 0)
        return 2;
    for (int i = 1; i < argc; i++) {
        const char *v = NULL;
        unsigned long n;
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            sv_usage(stdout);
            return 0;
        } else if (strcmp(argv[i], "--no-reload") == 0) {
            http.live_reload = 0;
        } else if (strcmp(argv[i], "--no-search") == 0) {
            build.pagefind = "";
        } else if ((v = sv_option(argc, argv, &i, "--port"))) {
            if (sv_parse_uint(v, 65535, &n) != 0) {
                fprintf(stderr, "handbook serve: --port wants 0 to 65535, not '%s'\n", v);
                return 2;
            }
            http.port = (unsigned)n;
        } else if ((v = sv_option(argc, argv, &i, "--jobs"))) {
            if (sv_parse_uint(v, 1024, &n) != 0) {
                fprintf(stderr, "handbook serve: --jobs wants 0 to 1024, not '%s'\n", v);
                return 2;
            }
            build.jobs = (int)n;
        } else if ((v = sv_option(argc, argv, &i, "--bind"))) {
            http.bind_addr = v;
        } else if ((v = sv_option(argc, argv, &i, "--content"))) {
            build.content_dir = v;
        } else if ((v = sv_option(argc, argv, &i, "--templates"))) {
            build.templates_dir = v;
        } else if ((v = sv_option(argc, argv, &i, "--out"))) {
            build.out_dir = v;
        } else {
            fprintf(stderr, "handbook serve: unknown argument '%s'\n", argv[i]);
            sv_usage(stderr);
            return 2;
        }
    }
    http.root_dir = build.out_dir;

    /* Listen first: a busy port or a bad address is reported before a build is spent. */
    char err[512];
    hb_watch *watch = NULL;
    sv_indexer indexer = {0};
    hb_http_server *server = hb_http_start(&http, err, sizeof err);
    if (!server) {
        fprintf(stderr, "handbook serve: %s\n", err);
        return 2;
    }
    int status = 0;
    double t0 = sv_now_ms();
    /* The first build seeds the state the rebuilds use to redo only what a change affects
     * (see incremental.h). */
    build.incremental = hb_incr_new();
    /* Every build, the first included, leaves the search index to the background (see
     * sv_indexer): the site is served as soon as its pages are written. */
    const char *pagefind = hb_search_find_pagefind(build.pagefind);
    build.pagefind = pagefind ? pagefind : ""; /* "" keeps search off in the rebuilds too */
    build.search_carry = 1;
    int rc = hb_build(&build);
    if (rc != 0) {
        fprintf(stderr, "handbook serve: the first build failed; fix the errors above and run "
                        "it again\n");
        hb_incr_free(build.incremental);
        hb_http_stop(server);
        return rc;
    }
    printf("built %s in %.0f ms\n", build.out_dir, sv_now_ms() - t0);
    indexer.pagefind = pagefind;
    indexer.site_dir = build.out_dir;
    indexer.bundle = hb_strfmt("%s.pagefind.%ld", build.out_dir, (long)getpid());
    sv_indexer_start(&indexer);

    if (pipe(sv_signal_pipe) != 0 || fcntl(sv_signal_pipe[0], F_SETFL, O_NONBLOCK) != 0 ||
        fcntl(sv_signal_pipe[1], F_SETFL, O_NONBLOCK) != 0) {
        fprintf(stderr, "handbook serve: pipe: %s\n", strerror(errno));
        status = 2;
        goto done;
    }
    const char *dirs[] = {build.content_dir, build.templates_dir};
    watch = hb_watch_new(dirs, 2, build.out_dir, err, sizeof err);
    if (!watch) {
        fprintf(stderr, "handbook serve: %s\n", err);
        status = 2;
        goto done;
    }

    struct sigaction sa = {0};
    sa.sa_handler = sv_on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);

    int v6 = strchr(http.bind_addr, ':') != NULL;
    printf("serving %s on http://%s%s%s:%u/ (watching %s and %s; Ctrl-C to stop)\n",
           build.out_dir, v6 ? "[" : "", http.bind_addr, v6 ? "]" : "", hb_http_port(server),
           build.content_dir, build.templates_dir);
    fflush(stdout);

    unsigned long rebuilds = 0;
    double pending_since = -1, last_event = 0, last_ping = sv_now_ms();
    char first_change[PATH_MAX] = "";
    for (;;) {
        double now = sv_now_ms();
        int timeout_ms = SV_PING_MS - (int)(now - last_ping);
        if (hb_watch_lost(watch) && timeout_ms > SV_RECOVER_MS)
            timeout_ms = SV_RECOVER_MS; /* look for the folder's return */
        if (pending_since >= 0) {
            int quiet_left = SV_DEBOUNCE_MS - (int)(now - last_event);
            int max_left = SV_DEBOUNCE_MAX_MS - (int)(now - pending_since);
            if (max_left < quiet_left)
                quiet_left = max_left;
            if (quiet_left < timeout_ms)
                timeout_ms = quiet_left;
        }
        if (indexer.pid > 0 && timeout_ms > SV_INDEX_POLL_MS)
            timeout_ms = SV_INDEX_POLL_MS;
        if (timeout_ms < 0)
            timeout_ms = 0;
        struct pollfd fds[2] = {{.fd = sv_signal_pipe[0], .events = POLLIN},
                                {.fd = hb_watch_fd(watch), .events = POLLIN}};
        int n = poll(fds, 2, timeout_ms);
        if (n < 0 && errno != EINTR) {
            fprintf(stderr, "handbook serve: poll: %s\n", strerror(errno));
            status = 2;
            break;
        }
        if (n > 0 && fds[0].revents)
            break; /* Ctrl-C or SIGTERM */
        sv_indexer_poll(&indexer);
        now = sv_now_ms();
        if (n > 0 && fds[1].revents) {
            char what[PATH_MAX];
            int changes = hb_watch_read(watch, what, sizeof what);
            if (changes < 0) {
                fprintf(stderr, "handbook serve: reading file events: %s\n", strerror(errno));
                status = 2;
                break;
            }
            if (changes > 0) {
                if (pending_since < 0) {
                    pending_since = now;
                    snprintf(first_change, sizeof first_change, "%s", what);
                }
                last_event = now;
            }
        }
        if (hb_watch_lost(watch) && hb_watch_recover(watch)) {
            if (pending_since < 0) {
                pending_since = now;
                snprintf(first_change, sizeof first_change, "a watched folder");
            }
            last_event = now;
        }
        if (pending_since >= 0 && (now - last_event >= SV_DEBOUNCE_MS ||
                                   now - pending_since >= SV_DEBOUNCE_MAX_MS)) {
            double start = sv_now_ms();
            sv_indexer_cancel(&indexer); /* it reads the site the rebuild replaces */
            rc = hb_build(&build);
            double took = sv_now_ms() - start;
            if (rc == 0) {
                rebuilds++;
                hb_http_notify_reload(server);
                hb_incr_stats st;
                hb_incr_last_stats(build.incremental, &st);
                if (st.full)
                    printf("rebuilt in %.0f ms (%s changed; full build of %zu pages)\n", took,
                           first_change, st.pages);
                else
                    printf("rebuilt in %.0f ms (%s changed; %zu of %zu pages scanned,%s %zu "
                           "rendered, %zu files written, %zu deleted)\n",
                           took, first_change, st.scanned, st.pages,
                           st.graph_kept ? " link graph kept," : "", st.rendered, st.written,
                           st.deleted);
                sv_indexer_start(&indexer);
            } else {
                printf("rebuild failed (errors above); still serving the previous site\n");
            }
            fflush(stdout);
            pending_since = -1;
        }
        if (now - last_ping >= SV_PING_MS) {
            hb_http_ping(server);
            last_ping = now;
        }
    }
    printf("stopped after %lu rebuild%s\n", rebuilds, rebuilds == 1 ? "" : "s");

done:
    sv_indexer_cancel(&indexer);
    hb_incr_free(build.incremental);
    free(indexer.bundle);
    hb_watch_free(watch);
    hb_http_stop(server);
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    if (sv_signal_pipe[0] >= 0) {
        close(sv_signal_pipe[0]);
        close(sv_signal_pipe[1]);
    }
    sv_signal_pipe[0] = sv_signal_pipe[1] = -1;
    return status;
}
