/* transform_dot.c: a fenced block with language `dot` becomes an inline SVG drawn by Graphviz
 * (libgvc, layout engine "dot"). Graphviz keeps global state and is not thread-safe, so every
 * call goes through one lock. A graph that does not parse is an error at the fence's line. */
#include <gvc.h>
#include <gvplugin.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

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

static pthread_mutex_t dot_lock = PTHREAD_MUTEX_INITIALIZER;
static GVC_t *dot_gvc;
static hb_buf dot_errors;

static int dot_error_sink(char *message)
{
    hb_buf_puts(&dot_errors, message);
    return 0;
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
    Agraph_t *graph = agmemread(source);
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
            blocks = hb_realloc(blocks, (n + 1) * sizeof *blocks);
            blocks[n++] = node;
        }
    }
    cmark_iter_free(iter);
    for (size_t i = 0; i < n; i++) {
        char *error = NULL;
        pthread_mutex_lock(&dot_lock);
        char *svg = dot_render(cmark_node_get_literal(blocks[i]), &error);
        pthread_mutex_unlock(&dot_lock);
        if (!svg) {
            dot_one_line(error);
            hb_error(doc->site->diag, doc->page->path, hb_doc_line(doc, blocks[i]), 1,
                     "dot diagram: %s", error);
            free(error);
            errors++;
            continue;
        }
        char *html = hb_strfmt("<figure class=\"diagram\">\n%s</figure>\n", svg);
        cmark_node_insert_before(blocks[i], hb_html_node(CMARK_NODE_HTML_BLOCK, html));
        hb_doc_bury(doc, blocks[i]);
        free(html);
        free(svg);
    }
    free(blocks);
    return errors;
}
