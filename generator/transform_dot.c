/* transform_dot.c: a fenced block with language `dot` becomes an inline SVG drawn by Graphviz
 * (libgvc, layout engine "dot"). Graphviz keeps global state and is not thread-safe, so every
 * call goes through one lock. A graph that does not parse is an error at the fence's line. */
#include <errno.h>
#include <fcntl.h>
#include <gvc.h>
#include <gvplugin.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "transform.h"

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
 * (malloc'd). Call with dot_lock held. */
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

/* Seconds a diagram's layout may take in its child process before it is stopped. */
#define DOT_MAX_SECONDS 30

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

/* dot_render in a child process. Graphviz 2.43's dot layout has known crashes (a double free
 * in gvFreeLayout on some graphs with clusters and rank constraints, found by fuzz/fuzz_page.c;
 * fuzz/corpus/page/regress-graphviz-double-free.md), and an author's diagram must not take the
 * build down with it: the child lays the graph out and sends back "S" and the SVG or "E" and
 * Graphviz's message; a child that dies or runs over DOT_MAX_SECONDS is an error at the
 * fence. Falls back to rendering in this process when no child can be started. */
static char *dot_render_isolated(const char *source, char **error)
{
    int fds[2];
    if (pipe(fds) != 0)
        return dot_render(source, error);
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return dot_render(source, error);
    }
    if (pid == 0) {
        close(fds[0]);
        alarm(DOT_MAX_SECONDS);
        /* A crash report (glibc's, or ASan's in the asan build) is not the build's output. */
        int devnull = open("/dev/null", O_WRONLY);
        if (devnull >= 0)
            dup2(devnull, STDERR_FILENO);
        char *message = NULL;
        char *svg = dot_render(source, &message);
        const char *text = svg ? svg : message ? message : "";
        char header[32];
        int n = snprintf(header, sizeof header, "%c%zu\n", svg ? 'S' : 'E', strlen(text));
        int rc = dot_write_all(fds[1], header, (size_t)n) || dot_write_all(fds[1], text, strlen(text));
        _exit(rc ? 1 : 0); /* no atexit handlers: the parent owns the build */
    }
    close(fds[1]);
    hb_buf reply = {0};
    char chunk[65536];
    for (;;) {
        ssize_t n = read(fds[0], chunk, sizeof chunk);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        hb_buf_add(&reply, chunk, (size_t)n);
    }
    close(fds[0]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    /* A whole reply ("S" or "E", the text's length, a newline, the text) counts whatever the
     * child's exit status: under valgrind the child exits non-zero for memory it inherited and
     * never frees (what other threads held). */
    char *svg = NULL;
    char *nl = reply.len ? memchr(reply.data, '\n', reply.len) : NULL;
    size_t text_len = nl ? strtoul(reply.data + 1, NULL, 10) : 0;
    int whole = nl && (reply.data[0] == 'S' || reply.data[0] == 'E') &&
                text_len == reply.len - (size_t)(nl + 1 - reply.data);
    if (whole && reply.data[0] == 'S') {
        svg = hb_strndup(nl + 1, text_len);
    } else if (whole) {
        *error = hb_strndup(nl + 1, text_len);
    } else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM) {
        *error = hb_strfmt("Graphviz took over %d s to lay the graph out", DOT_MAX_SECONDS);
    } else {
        *error = hb_strdup("Graphviz crashed on this graph (a bug of Graphviz 2.43's dot layout, "
                           "often with clusters and rank=same); change the graph");
    }
    hb_buf_free(&reply);
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
    cmark_node **blocks = NULL;
    size_t n = 0;
    cmark_iter *iter = cmark_iter_new(doc->root);
    cmark_event_type ev;
    while ((ev = cmark_iter_next(iter)) != CMARK_EVENT_DONE) {
        cmark_node *node = cmark_iter_get_node(iter);
        if (ev != CMARK_EVENT_ENTER || cmark_node_get_type(node) != CMARK_NODE_CODE_BLOCK)
            continue;
        const char *info = cmark_node_get_fence_info(node);
        if (info && !strncmp(info, "dot", 3) && (info[3] == '\0' || info[3] == ' ')) {
            blocks = hb_grow(blocks, n, sizeof *blocks);
            blocks[n++] = node;
        }
    }
    cmark_iter_free(iter);
    for (size_t i = 0; i < n; i++) {
        char *error = NULL;
        pthread_mutex_lock(&dot_lock);
        char *svg = dot_render_isolated(cmark_node_get_literal(blocks[i]), &error);
        pthread_mutex_unlock(&dot_lock);
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
    free(blocks);
    return errors;
}
