/* transform_raw_html.c: raw HTML written in a page passes through only when site.yaml sets
 * allow_html; otherwise it is shown as text (and the scan phase warns once per page), so a
 * page cannot break the layout or inject scripts. */
#include <stdlib.h>

#include "load.h"
#include "transform.h"

int hb_transform_raw_html(hb_doc *doc)
{
    if (doc->site->config.allow_html)
        return 0;
    cmark_iter *iter = cmark_iter_new(doc->root);
    cmark_node **found = NULL;
    size_t n = 0;
    cmark_event_type ev;
    while ((ev = cmark_iter_next(iter)) != CMARK_EVENT_DONE) {
        cmark_node *node = cmark_iter_get_node(iter);
        cmark_node_type type = cmark_node_get_type(node);
        if (ev == CMARK_EVENT_ENTER && (type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_HTML_INLINE)) {
            found = hb_grow(found, n, sizeof *found);
            found[n++] = node;
        }
    }
    cmark_iter_free(iter);
    if (n && doc->phase == HB_PHASE_SCAN)
        hb_warning(doc->site->diag, doc->page->path, hb_doc_line(doc, found[0]),
                   hb_doc_col(found[0]),
                   "raw HTML is shown as text (set allow_html: true in site.yaml to allow it)");
    for (size_t i = 0; i < n && doc->phase == HB_PHASE_RENDER; i++) {
        cmark_node *node = found[i];
        int block = cmark_node_get_type(node) == CMARK_NODE_HTML_BLOCK;
        cmark_node *text = cmark_node_new_with_mem(block ? CMARK_NODE_CODE_BLOCK : CMARK_NODE_TEXT,
                                                   hb_load_node_mem());
        cmark_node_set_literal(text, cmark_node_get_literal(node));
        cmark_node_insert_before(node, text);
        hb_doc_bury(doc, node);
    }
    free(found);
    return 0;
}
