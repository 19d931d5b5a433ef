/* transform_links.c: links and images. The scan phase records every destination with its
 * position (the link graph checks them all once every page's ids are known); the render phase
 * replaces each internal destination (a relative *.md path, a #anchor, a permalink, a file
 * under content/) by the relative URL of its target, so the site works under any base path.
 * A destination whose scheme can run script (javascript:, data: ...) is an error (url.h). */
#include <stdlib.h>

#include "transform.h"
#include "url.h"

int hb_transform_links(hb_doc *doc)
{
    int errors = 0;
    cmark_iter *iter = cmark_iter_new(doc->root);
    cmark_event_type ev;
    while ((ev = cmark_iter_next(iter)) != CMARK_EVENT_DONE) {
        cmark_node *node = cmark_iter_get_node(iter);
        cmark_node_type type = cmark_node_get_type(node);
        if (ev != CMARK_EVENT_ENTER || (type != CMARK_NODE_LINK && type != CMARK_NODE_IMAGE))
            continue;
        const char *dest = cmark_node_get_url(node);
        char scheme[32];
        if (dest && !hb_url_allowed(dest, scheme, sizeof scheme)) {
            /* cmark's safe mode would drop these, but pages render in its unsafe mode (raw
             * HTML is handled by transform_raw_html.c), which turns its URL filter off too */
            if (doc->phase == HB_PHASE_SCAN) {
                hb_error(doc->site->diag, doc->page->path, hb_doc_line(doc, node),
                         hb_doc_col(node), "%s '%s': %s", type == CMARK_NODE_IMAGE ? "image from" : "link to",
                         dest, HB_URL_POLICY);
                errors++;
            }
            cmark_node_set_url(node, "");
            continue;
        }
        if (!dest || !dest[0] || hb_url_is_external(dest))
            continue;
        if (doc->phase == HB_PHASE_SCAN) {
            hb_page *page = doc->page;
            page->links = hb_grow(page->links, page->n_links, sizeof *page->links);
            page->links[page->n_links++] = (hb_link_ref){
                hb_strdup(dest), hb_doc_line(doc, node), hb_doc_col(node)};
            continue;
        }
        hb_link_target target;
        hb_link_kind kind = hb_link_resolve(doc->site, doc->page, dest, &target);
        if (kind == HB_LINK_PAGE || kind == HB_LINK_FILE) {
            char *href = hb_link_href(doc->site, doc->page, &target);
            cmark_node_set_url(node, href);
            free(href);
        }
        hb_link_target_free(&target);
    }
    cmark_iter_free(iter);
    return errors;
}
