/* transform.c: the list of passes and the helpers they share (see transform.h). */
#include "transform.h"

#include "load.h"

#include <stdlib.h>
#include <string.h>

const hb_transform hb_transforms[] = {
    {"raw-html", hb_transform_raw_html}, /* first: later passes add HTML of their own */
    {"links", hb_transform_links},       /* before headings, which render their text (and
                                            the links in it) to HTML; links are only checked
                                            after the scan, once every page's ids are known */
    {"headings", hb_transform_headings},
    {"symptoms", hb_transform_symptoms}, /* after headings: row ids must not take heading ids */
    {"lab", hb_transform_lab},           /* gives out the #lab-ID anchors */
    {"timeline", hb_transform_timeline}, /* after lab, which gives out its anchors first */
    {"cost", hb_transform_cost},
    {"alerts", hb_transform_alerts},
    {"tasklist", hb_transform_tasklist},
    {"dot", hb_transform_dot},
    {NULL, NULL},
};

int hb_transform_all(hb_doc *doc)
{
    int errors = 0;
    for (const hb_transform *t = hb_transforms; t->run; t++)
        errors += t->run(doc);
    return errors;
}

/* Whether a block's children may hold blocks: not a paragraph's or a heading's (inlines
 * only), nor a leaf block's (none). */
static int block_holds_blocks(cmark_node_type type)
{
    return type != CMARK_NODE_PARAGRAPH && type != CMARK_NODE_HEADING;
}

cmark_node **hb_doc_blocks(hb_doc *doc, cmark_node_type type, size_t *count)
{
    /* A walk over the block nodes only: a passes' walk with cmark_iter visits every inline
     * node too, ten times as many on a page of prose (cmark_iter_next was 5% of a 10,000-page
     * build's instructions, callgrind). No recursion: a page of 100,000 nested quotes walks
     * in constant stack, as cmark_iter does. */
    cmark_node **nodes = NULL;
    size_t n = 0;
    cmark_node *root = doc->root;
    cmark_node *node = root ? cmark_node_first_child(root) : NULL;
    while (node) {
        cmark_node_type t = cmark_node_get_type(node);
        if ((t & CMARK_NODE_TYPE_MASK) == CMARK_NODE_TYPE_BLOCK) {
            if (t == type) {
                nodes = hb_grow(nodes, n, sizeof *nodes);
                nodes[n++] = node;
            }
            cmark_node *child = block_holds_blocks(t) ? cmark_node_first_child(node) : NULL;
            if (child) {
                node = child;
                continue;
            }
        }
        while (node != root && !cmark_node_next(node))
            node = cmark_node_parent(node);
        node = node == root ? NULL : cmark_node_next(node);
    }
    *count = n;
    return nodes;
}

int hb_doc_line(const hb_doc *doc, cmark_node *node)
{
    int line = 0;
    for (cmark_node *n = node; n && line <= 0; n = cmark_node_parent(n))
        line = cmark_node_get_start_line(n);
    return doc->page->body_line + (line > 0 ? line : 1) - 1;
}

int hb_doc_col(cmark_node *node)
{
    int col = cmark_node_get_start_column(node);
    return col > 0 ? col : 1;
}

static void node_text_into(cmark_node *node, hb_buf *out)
{
    for (cmark_node *c = cmark_node_first_child(node); c; c = cmark_node_next(c)) {
        switch (cmark_node_get_type(c)) {
        case CMARK_NODE_TEXT:
        case CMARK_NODE_CODE:
        case CMARK_NODE_HTML_INLINE: {
            const char *lit = cmark_node_get_literal(c);
            if (lit)
                hb_buf_puts(out, lit);
            break;
        }
        case CMARK_NODE_SOFTBREAK:
        case CMARK_NODE_LINEBREAK:
            hb_buf_puts(out, " ");
            break;
        default:
            node_text_into(c, out);
            break;
        }
    }
}

char *hb_node_text(cmark_node *node)
{
    hb_buf out = {0};
    node_text_into(node, &out);
    /* Trim. */
    size_t start = 0, end = out.len;
    while (start < end && (out.data[start] == ' ' || out.data[start] == '\t'))
        start++;
    while (end > start && (out.data[end - 1] == ' ' || out.data[end - 1] == '\t'))
        end--;
    char *text = hb_strndup(out.data ? out.data + start : "", end - start);
    hb_buf_free(&out);
    return text;
}

char *hb_doc_render_children(hb_doc *doc, cmark_node *node)
{
    hb_buf out = {0};
    for (cmark_node *c = cmark_node_first_child(node); c; c = cmark_node_next(c)) {
        char *html = cmark_render_html_with_mem(c, CMARK_OPT_UNSAFE, doc->extensions,
                                                cmark_get_default_mem_allocator());
        hb_buf_puts(&out, html);
        free(html);
    }
    return hb_buf_take(&out);
}

cmark_node *hb_html_node(cmark_node_type type, const char *html)
{
    /* Blocks are custom nodes, not raw HTML ones: the renderer writes their text as is, where
     * raw HTML goes through the tagfilter extension (which escapes <title> in an SVG, for
     * one). Inlines stay raw HTML: a table cell cannot hold a custom inline. */
    if (type != CMARK_NODE_HTML_BLOCK && type != CMARK_NODE_CUSTOM_BLOCK) {
        cmark_node *node = cmark_node_new_with_mem(CMARK_NODE_HTML_INLINE, hb_load_node_mem());
        cmark_node_set_literal(node, html);
        return node;
    }
    cmark_node *node = cmark_node_new_with_mem(CMARK_NODE_CUSTOM_BLOCK, hb_load_node_mem());
    cmark_node_set_on_enter(node, html);
    cmark_node_set_on_exit(node, "");
    return node;
}

void hb_doc_bury(hb_doc *doc, cmark_node *node)
{
    cmark_node_unlink(node);
    doc->buried = hb_grow(doc->buried, doc->n_buried, sizeof *doc->buried);
    doc->buried[doc->n_buried++] = node;
}

void hb_doc_free(hb_doc *doc)
{
    int arena = hb_load_in_arena(doc->root);
    if (doc->root)
        cmark_node_free(doc->root);
    for (size_t i = 0; i < doc->n_buried; i++)
        cmark_node_free(doc->buried[i]);
    if (arena)
        hb_load_release(); /* after the buried nodes, which may be the arena's too */
    free(doc->buried);
    for (size_t i = 0; i < doc->n_toc; i++) {
        free(doc->toc[i].id);
        free(doc->toc[i].text);
    }
    free(doc->toc);
    hb_slug_set_free(&doc->ids);
    doc->root = NULL;
    doc->buried = NULL;
    doc->toc = NULL;
    doc->n_buried = doc->n_toc = 0;
}
