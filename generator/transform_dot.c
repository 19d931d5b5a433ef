/* transform_dot.c: a fenced block with language `dot` becomes an inline SVG drawn by Graphviz
 * (libgvc, layout engine "dot"). Each diagram is laid out in a worker process of this program
 * (Graphviz keeps global state, is not thread-safe and has crashes of its own); a page's
 * diagrams are laid out at the same time, under one time limit. A graph that does not parse is
 * an error at the fence's line. */
#define _GNU_SOURCE /* pipe2 */
#include <errno.h>
#include <fcntl.h>
#include <gvc.h>
#include <gvplugin.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <time.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "transform.h"
#include "url.h"

/* The two plugins we need, linked in (see the Makefile): the dot layout and the core renderers
 * (plain SVG). Loading only these keeps Graphviz from loading its pango/cairo text plugin,
 * which measures text more exactly but leaks fontconfig memory on every run. Without it,
 * Graphviz sizes labels from its built-in font metrics. */
extern gvplugin_library_t gvplugin_dot_layout_LTX_library;
extern gvplugin_library_t gvplugin_core_LTX_library;
static lt_symlist_t dot_builtins[] = {
    {"gvplugin_dot_layout_LTX_library", &gvplugin_dot_layout_LTX_library},
    {"gvplugin_core_LTX_library", &gvplugin_core_LTX_library},
    {NULL, NULL},
};

/* Under AddressSanitizer (the asan build), LeakSanitizer reads its default suppressions from
 * this function: Graphviz 2.43 loses memory inside its dot layout (see
 * tests/generator/valgrind.supp), and with frame pointers missing in those libraries the
 * stacks end inside them, so the suppressions name the libraries. Unused in other builds. */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void)
{
    return "leak:libgvc.so\nleak:libcgraph.so\nleak:libcdt.so\nleak:libgvplugin_dot_layout.so\n";
}

static pthread_mutex_t dot_lock = PTHREAD_MUTEX_INITIALIZER;
static GVC_t *dot_gvc;
static hb_buf dot_errors;

static int dot_error_sink(char *message)
{
    hb_buf_puts(&dot_errors, message);
    return 0;
}

/* Object ids for cgraph in order of first appearance. Graphviz's own id discipline uses the
 * address of each interned name as its id, and keeps subgraphs sorted by id, so clusters came
 * out of the SVG in an order that followed the heap layout: the same page gave different bytes
 * from one build to the next. Here a name's id is 2 x its first-appearance number (even ids are
 * named objects, odd ones anonymous, as in cgraph's lib/cgraph/id.c, whose contract this
 * follows). The state belongs to the root graph and is freed by its close. */
typedef struct dot_ids {
    char **names; /* names[k] has id 2 * (k + 1) */
    size_t count;
    IDTYPE next_anonymous; /* odd */
} dot_ids;

static void *dot_ids_open(Agraph_t *graph, Agdisc_t *disc)
{
    (void)graph;
    (void)disc;
    dot_ids *ids = calloc(1, sizeof *ids);
    if (ids)
        ids->next_anonymous = 1;
    return ids;
}

static long dot_ids_map(void *state, int objtype, char *name, IDTYPE *id, int create)
{
    (void)objtype;
    dot_ids *ids = state;
    if (!name) {
        *id = ids->next_anonymous;
        ids->next_anonymous += 2;
        return 1;
    }
    for (size_t k = 0; k < ids->count; k++) {
        if (!strcmp(ids->names[k], name)) {
            *id = 2 * (IDTYPE)(k + 1);
            return 1;
        }
    }
    if (!create)
        return 0;
    ids->names = hb_grow(ids->names, ids->count, sizeof *ids->names);
    ids->names[ids->count++] = hb_strdup(name);
    *id = 2 * (IDTYPE)ids->count;
    return 1;
}

static long dot_ids_alloc(void *state, int objtype, IDTYPE id)
{
    (void)state;
    (void)objtype;
    (void)id;
    return 0; /* ids are only given out by map, as in cgraph's own discipline */
}

static void dot_ids_free(void *state, int objtype, IDTYPE id)
{
    (void)state;
    (void)objtype;
    (void)id; /* names live until the graph closes */
}

static char *dot_ids_print(void *state, int objtype, IDTYPE id)
{
    (void)objtype;
    dot_ids *ids = state;
    if (id % 2 != 0 || id == 0 || id / 2 > ids->count)
        return NULL;
    return ids->names[id / 2 - 1];
}

static void dot_ids_close(void *state)
{
    dot_ids *ids = state;
    for (size_t k = 0; k < ids->count; k++)
        free(ids->names[k]);
    free(ids->names);
    free(ids);
}

static void dot_ids_register(void *state, int objtype, void *object)
{
    (void)state;
    (void)objtype;
    (void)object;
}

static Agiddisc_t dot_id_disc = {dot_ids_open, dot_ids_map, dot_ids_alloc, dot_ids_free,
                                 dot_ids_print, dot_ids_close, dot_ids_register};

/* Parses dot source with the ids above. Returns the graph, or NULL when it does not parse. */
static Agraph_t *dot_read(const char *source)
{
    FILE *in = fmemopen((void *)source, strlen(source), "r");
    if (!in)
        return NULL;
    Agdisc_t disc = {&AgMemDisc, &dot_id_disc, &AgIoDisc};
    Agraph_t *graph = agread(in, &disc);
    fclose(in);
    return graph;
}

/* Renders dot source to SVG. Returns the malloc'd <svg> element, or NULL with *error set
 * (malloc'd). In this process: call with dot_lock held (Graphviz is not thread-safe). */
static char *dot_render(const char *source, char **error)
{
    if (!dot_gvc) {
        dot_gvc = gvContextPlugins(dot_builtins, 0);
        agseterrf(dot_error_sink);
        agseterr(AGWARN);
    }
    hb_buf_free(&dot_errors);
    Agraph_t *graph = source[0] ? dot_read(source) : NULL;
    if (!graph) {
        *error = hb_strdup(dot_errors.len ? dot_errors.data : "the graph does not parse");
        return NULL;
    }
    char *svg = NULL;
    if (gvLayout(dot_gvc, graph, "dot") != 0) {
        *error = hb_strdup(dot_errors.len ? dot_errors.data : "Graphviz cannot lay out the graph");
    } else {
        char *data = NULL;
        unsigned int len = 0; /* Graphviz 2.43 takes an unsigned int length */
        /* "svg" is not "svg:cairo": the core plugin writes plain SVG text. */
        if (gvRenderData(dot_gvc, graph, "svg", &data, &len) != 0 || !data) {
            *error = hb_strdup("Graphviz cannot render SVG");
        } else {
            const char *start = strstr(data, "<svg");
            svg = start ? hb_strndup(start, len - (size_t)(start - data)) : hb_strndup(data, len);
            gvFreeRenderData(data);
        }
        gvFreeLayout(dot_gvc, graph);
    }
    agclose(graph);
    return svg;
}

/* Seconds the diagrams of one page may take, together, in their child processes before those
 * still running are stopped (HANDBOOK_DOT_SECONDS in the environment sets another, for tests). */
#define DOT_MAX_SECONDS 30
/* Diagrams of one page laid out at the same time (each in its own process). */
#define DOT_PARALLEL_MAX 8

static int dot_max_seconds(void)
{
    const char *env = getenv("HANDBOOK_DOT_SECONDS");
    int n = env ? atoi(env) : 0;
    return n > 0 && n <= 3600 ? n : DOT_MAX_SECONDS;
}

static int dot_write_all(int fd, const char *data, size_t len)
{
    while (len) {
        ssize_t n = write(fd, data, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return -1;
        data += n;
        len -= (size_t)n;
    }
    return 0;
}

/* The path of this program, for starting diagram workers ("" when unknown). readlink is
 * used, not "/proc/self/exe" itself, so that under valgrind the worker is the program, not
 * valgrind. */
static char dot_self_path[4096];
static void dot_find_self(void)
{
    ssize_t n = readlink("/proc/self/exe", dot_self_path, sizeof dot_self_path - 1);
    dot_self_path[n > 0 ? n : 0] = '\0';
}

/* This process's environment plus HANDBOOK_DOT_WORKER=1, as a malloc'd array of borrowed
 * strings (free the array only). NULL when out of memory. */
extern char **environ;
static char **dot_worker_environment(void)
{
    size_t n = 0;
    while (environ && environ[n])
        n++;
    char **env = malloc((n + 2) * sizeof *env);
    if (!env)
        return NULL;
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (strncmp(environ[i], "HANDBOOK_DOT_WORKER=", 20) != 0)
            env[k++] = environ[i];
    env[k++] = "HANDBOOK_DOT_WORKER=1";
    env[k] = NULL;
    return env;
}

/* dot_write_all with SIGPIPE blocked in this thread, so a worker that died before reading its
 * input is an error reply, not the end of the build. Returns 0 or -1. */
static int dot_write_all_nosignal(int fd, const char *data, size_t len)
{
    sigset_t pipe_set, old_set;
    sigemptyset(&pipe_set);
    sigaddset(&pipe_set, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_set, &old_set);
    int rc = dot_write_all(fd, data, len);
    /* Take the pending SIGPIPE, if the write raised one, before unblocking. */
    struct timespec zero = {0, 0};
    while (sigtimedwait(&pipe_set, NULL, &zero) > 0)
        ;
    pthread_sigmask(SIG_SETMASK, &old_set, NULL);
    return rc;
}

/* A pipe with both ends close-on-exec from the start (pipe2: render threads start workers at
 * the same time, and one worker must not inherit another's pipe, or that one's end of file
 * would never come). Returns 0 or -1. */
static int dot_pipe(int fds[2])
{
    return pipe2(fds, O_CLOEXEC);
}

/* The diagram worker: a fresh process of this same program, started by dot_job_start with
 * HANDBOOK_DOT_WORKER=1 in its environment. This constructor runs before main (in `handbook`,
 * the unit tests and the fuzz targets alike): it reads dot source on standard input, writes "S"
 * and the SVG or "E" and Graphviz's message (then the text's length, a newline and the text) on
 * standard output, and exits. */
__attribute__((constructor)) static void dot_worker_main(void)
{
    const char *worker = getenv("HANDBOOK_DOT_WORKER");
    if (!worker || strcmp(worker, "1") != 0)
        return;
    alarm((unsigned)dot_max_seconds() + 1); /* the parent stops it first; this is a backstop */
    hb_buf source = {0};
    char chunk[65536];
    for (;;) {
        ssize_t n = read(STDIN_FILENO, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        hb_buf_add(&source, chunk, (size_t)n);
    }
    char *message = NULL;
    char *svg = dot_render(source.data ? source.data : "", &message);
    const char *text = svg ? svg : message ? message : "";
    char header[32];
    int n = snprintf(header, sizeof header, "%c%zu\n", svg ? 'S' : 'E', strlen(text));
    int rc = dot_write_all(STDOUT_FILENO, header, (size_t)n) ||
             dot_write_all(STDOUT_FILENO, text, strlen(text));
    _exit(rc ? 1 : 0); /* no atexit handlers, no leak report: the parent owns the build */
}

/* One diagram's worker while it runs. */
typedef struct dot_job {
    pid_t pid;     /* 0: not started (then rendered in this process) */
    int from;      /* the worker's standard output, -1 once at its end */
    hb_buf reply;  /* what it wrote */
    int timed_out; /* stopped at the deadline */
} dot_job;

/* Starts dot_render in a separate process for source. Graphviz 2.43's dot layout has known
 * crashes (a double free in gvFreeLayout on some graphs with clusters and rank constraints,
 * found by fuzz/fuzz_page.c; fuzz/corpus/page/regress-graphviz-double-free.md), and an author's
 * diagram must not take the build down with it. The worker is a new process image (posix_spawn
 * of this program), not a fork: a fork of the multithreaded build copies locks other threads
 * hold, and under ASan the child could hang on its allocator's lock. Returns 0, or -1 when no
 * worker could be started (job->pid stays 0). */
static int dot_job_start(dot_job *job, const char *source)
{
    static pthread_once_t self_once = PTHREAD_ONCE_INIT;
    pthread_once(&self_once, dot_find_self);
    memset(job, 0, sizeof *job);
    job->from = -1;
    const char *self = dot_self_path;
    int to_child[2], from_child[2];
    if (!self[0] || dot_pipe(to_child) != 0)
        return -1;
    if (dot_pipe(from_child) != 0) {
        close(to_child[0]);
        close(to_child[1]);
        return -1;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, to_child[0], STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, from_child[1], STDOUT_FILENO);
    /* A crash report (glibc's, or ASan's in the asan build) is not the build's output. */
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    char *argv[] = {"handbook-dot-worker", NULL};
    char **env = dot_worker_environment();
    pid_t pid = -1;
    int spawned = env && posix_spawn(&pid, self, &actions, NULL, argv, env) == 0;
    posix_spawn_file_actions_destroy(&actions);
    free(env);
    close(to_child[0]);
    close(from_child[1]);
    if (!spawned) {
        close(to_child[1]);
        close(from_child[0]);
        return -1;
    }
    /* A worker that dies early closes its end: writing must not kill the build with SIGPIPE.
     * The worker reads all of its input before it draws, so this write does not wait on it. */
    int write_failed = dot_write_all_nosignal(to_child[1], source, strlen(source));
    (void)write_failed; /* the reply (or its absence) tells what happened */
    close(to_child[1]);
    job->pid = pid;
    job->from = from_child[0];
    return 0;
}

static double dot_now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Reads the replies of jobs[0..n) until every worker has ended or `deadline` (dot_now_s)
 * passes; then stops those still running (SIGKILL) and reaps them all. */
static void dot_jobs_collect(dot_job *jobs, size_t n, double deadline)
{
    struct pollfd fds[DOT_PARALLEL_MAX];
    char chunk[65536];
    for (;;) {
        size_t open_count = 0;
        for (size_t i = 0; i < n; i++)
            if (jobs[i].from >= 0) {
                fds[open_count].fd = jobs[i].from;
                fds[open_count].events = POLLIN;
                fds[open_count].revents = 0;
                open_count++;
            }
        if (!open_count)
            break;
        double left = deadline - dot_now_s();
        if (left <= 0)
            break;
        int ready = poll(fds, open_count, (int)(left * 1000) + 1);
        if (ready < 0 && errno != EINTR)
            break;
        for (size_t k = 0; ready > 0 && k < open_count; k++) {
            if (!fds[k].revents)
                continue;
            dot_job *job = NULL;
            for (size_t i = 0; i < n && !job; i++)
                if (jobs[i].from == fds[k].fd)
                    job = &jobs[i];
            ssize_t got = read(job->from, chunk, sizeof chunk);
            if (got < 0 && errno == EINTR)
                continue;
            if (got > 0) {
                hb_buf_add(&job->reply, chunk, (size_t)got);
            } else {
                close(job->from);
                job->from = -1;
            }
        }
    }
    for (size_t i = 0; i < n; i++) {
        if (!jobs[i].pid)
            continue;
        if (jobs[i].from >= 0) { /* still drawing at the deadline */
            kill(jobs[i].pid, SIGKILL);
            close(jobs[i].from);
            jobs[i].from = -1;
            jobs[i].timed_out = 1;
        }
        int status = 0;
        while (waitpid(jobs[i].pid, &status, 0) < 0 && errno == EINTR)
            ;
        if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)
            jobs[i].timed_out = 1;
    }
}

/* The SVG of a finished job (malloc'd), or NULL with *error set (malloc'd). A whole reply ("S"
 * or "E", the text's length, a newline, the text) counts whatever the worker's exit status. */
static char *dot_job_result(dot_job *job, int seconds, char **error)
{
    hb_buf *reply = &job->reply;
    char *svg = NULL;
    char *nl = reply->len ? memchr(reply->data, '\n', reply->len) : NULL;
    size_t text_len = nl ? strtoul(reply->data + 1, NULL, 10) : 0;
    int whole = nl && (reply->data[0] == 'S' || reply->data[0] == 'E') &&
                text_len == reply->len - (size_t)(nl + 1 - reply->data);
    if (whole && reply->data[0] == 'S') {
        svg = hb_strndup(nl + 1, text_len);
    } else if (whole) {
        *error = hb_strndup(nl + 1, text_len);
    } else if (job->timed_out) {
        *error = hb_strfmt("Graphviz took over %d s to lay out the diagrams of this page (they are "
                           "laid out together, under one limit)",
                           seconds);
    } else {
        *error = hb_strdup("Graphviz crashed on this graph (a bug of Graphviz 2.43's dot layout, "
                           "often with clusters and rank=same); change the graph");
    }
    hb_buf_free(reply);
    return svg;
}

/* Returns svg (malloc'd) with prefix inserted into every id="...", url(#...) and href="#...". */
static char *dot_prefix_ids(const char *svg, const char *prefix)
{
    static const char *const marks[] = {" id=\"", "url(#", "href=\"#"};
    hb_buf out = {0};
    const char *p = svg;
    for (;;) {
        const char *best = NULL;
        size_t best_len = 0;
        for (size_t k = 0; k < sizeof marks / sizeof marks[0]; k++) {
            const char *hit = strstr(p, marks[k]);
            if (hit && (!best || hit < best)) {
                best = hit;
                best_len = strlen(marks[k]);
            }
        }
        if (!best)
            break;
        hb_buf_add(&out, p, (size_t)(best - p) + best_len);
        hb_buf_puts(&out, prefix);
        p = best + best_len;
    }
    hb_buf_puts(&out, p);
    return hb_buf_take(&out);
}

/* The first link of the SVG whose destination hb_url_allowed refuses (Graphviz writes a
 * node's or edge's URL and href attributes as xlink:href), entity-decoded as the browser
 * reads it; malloc'd, or NULL when every link is allowed. */
static char *dot_refused_link(const char *svg)
{
    static const char *const marks[] = {" xlink:href=\"", " href=\""};
    for (size_t k = 0; k < sizeof marks / sizeof marks[0]; k++) {
        for (const char *p = strstr(svg, marks[k]); p; p = strstr(p + 1, marks[k])) {
            const char *value = p + strlen(marks[k]);
            const char *end = strchr(value, '"');
            if (!end)
                break;
            char *dest = hb_html_decode(value, (size_t)(end - value));
            char scheme[32];
            if (!dest) /* a named reference (&colon; ...): refused, shown as written */
                return hb_strndup(value, (size_t)(end - value));
            if (!hb_url_allowed(dest, scheme, sizeof scheme))
                return dest;
            free(dest);
        }
    }
    return NULL;
}

/* Strips a trailing newline from a Graphviz message and makes it one line. */
static void dot_one_line(char *message)
{
    for (char *p = message; *p; p++)
        if (*p == '\n')
            *p = ' ';
    size_t len = strlen(message);
    while (len && message[len - 1] == ' ')
        message[--len] = '\0';
}

int hb_transform_dot(hb_doc *doc)
{
    if (doc->phase != HB_PHASE_RENDER)
        return 0;
    int errors = 0;
    size_t n = 0;
    cmark_node **blocks = hb_doc_fences(doc, "dot", &n);
    /* The page's diagrams are laid out at the same time, DOT_PARALLEL_MAX at once, each in its
     * own process, all under one deadline: three slow graphs took three times the limit when
     * they were drawn one after another. */
    int seconds = dot_max_seconds();
    double deadline = dot_now_s() + seconds;
    char **svgs = hb_calloc(n ? n : 1, sizeof *svgs), **messages = hb_calloc(n ? n : 1, sizeof *messages);
    for (size_t first = 0; first < n; first += DOT_PARALLEL_MAX) {
        size_t count = n - first < DOT_PARALLEL_MAX ? n - first : DOT_PARALLEL_MAX;
        dot_job jobs[DOT_PARALLEL_MAX];
        for (size_t k = 0; k < count; k++) {
            const char *source = cmark_node_get_literal(blocks[first + k]);
            if (dot_now_s() >= deadline) {
                memset(&jobs[k], 0, sizeof jobs[k]);
                jobs[k].from = -1;
                jobs[k].timed_out = 1; /* the page's time was spent before it could start */
            } else if (dot_job_start(&jobs[k], source ? source : "") != 0) {
                /* no worker: in this process, one at a time (Graphviz is not thread-safe) */
                pthread_mutex_lock(&dot_lock);
                svgs[first + k] = dot_render(source ? source : "", &messages[first + k]);
                pthread_mutex_unlock(&dot_lock);
            }
        }
        dot_jobs_collect(jobs, count, deadline);
        for (size_t k = 0; k < count; k++)
            if (jobs[k].pid || jobs[k].timed_out)
                svgs[first + k] = dot_job_result(&jobs[k], seconds, &messages[first + k]);
    }
    for (size_t i = 0; i < n; i++) {
        char *error = messages[i];
        char *svg = svgs[i];
        if (!svg) {
            dot_one_line(error);
            /* Graphviz says "Error: syntax error in line N near 'x'": point at that line of
             * the file (the fence's line plus N). */
            int line = hb_doc_line(doc, blocks[i]);
            const char *text = error;
            if (!strncmp(text, "Error: ", 7))
                text += 7;
            const char *at = strstr(text, " in line ");
            int n = 0;
            char rest[256] = "";
            if (at && sscanf(at, " in line %d%255[^\n]", &n, rest) >= 1 && n > 0) {
                line += n;
                hb_error(doc->site->diag, doc->page->path, line, 1, "dot diagram: %.*s%s",
                         (int)(at - text), text, rest);
            } else {
                hb_error(doc->site->diag, doc->page->path, line, 1, "dot diagram: %s", text);
            }
            free(error);
            errors++;
            continue;
        }
        char *refused = dot_refused_link(svg);
        if (refused) {
            hb_error(doc->site->diag, doc->page->path, hb_doc_line(doc, blocks[i]), 1,
                     "dot diagram: link to '%s': %s", refused, HB_URL_POLICY);
            free(refused);
            free(svg);
            errors++;
            continue;
        }
        /* Graphviz numbers its ids (graph0, node1 ...) per graph: prefix them so that two
         * diagrams on one page keep every id unique. */
        char *prefix = hb_strfmt("diagram%zu-", i + 1);
        char *unique = dot_prefix_ids(svg, prefix);
        char *html = hb_strfmt("<figure class=\"diagram\">\n%s</figure>\n", unique);
        free(unique);
        free(prefix);
        cmark_node_insert_before(blocks[i], hb_html_node(CMARK_NODE_HTML_BLOCK, html));
        hb_doc_bury(doc, blocks[i]);
        free(html);
        free(svg);
    }
    free(svgs);
    free(messages);
    free(blocks);
    return errors;
}
