/* transform_links.c: links and images. The scan phase records every destination with its
 * position (the link graph checks them all once every page's ids are known); the render phase
 * replaces each internal destination (a relative *.md path, a #anchor, a permalink, a file
 * under content/) by the relative URL of its target, so the site works under any base path.
 * A destination whose scheme can run script (javascript:, data: ...) is an error (url.h).
 * When the scan renders the page too (defer_links), the hrefs are markers until the link graph
 * is known, and hb_links_fill puts the render phase's hrefs in their place. */
#define _GNU_SOURCE /* memmem */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmark-gfm/houdini.h>

#include "transform.h"
#include "url.h"

int hb_transform_links(hb_doc *doc)
{
    int errors = 0;
    size_t deferred = 0; /* internal links seen, in the order the scan recorded them */
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
        if (doc->defer_links) {
            /* The scan's k-th link (page->links[k]): only alphanumerics, which an href keeps
             * as they are, so hb_links_fill finds the marker in the HTML. */
            char marker[64];
            snprintf(marker, sizeof marker, "%s%zuz", doc->site->link_marker, deferred++);
            cmark_node_set_url(node, marker);
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

char *hb_links_fill(const hb_site *site, const hb_page *page, const char *html, size_t len)
{
    const char *marker = site->link_marker;
    size_t marker_len = strlen(marker);
    hb_buf out = {0};
    cmark_strbuf href;
    cmark_strbuf_init(cmark_get_default_mem_allocator(), &href, 64);
    const char *p = html, *end = html + len;
    for (;;) {
        const char *at = marker_len ? memmem(p, (size_t)(end - p), marker, marker_len) : NULL;
        if (!at) {
            hb_buf_add(&out, p, (size_t)(end - p));
            break;
        }
        hb_buf_add(&out, p, (size_t)(at - p));
        const char *num = at + marker_len;
        char *stop;
        unsigned long k = strtoul(num, &stop, 10);
        if (stop == num || *stop != 'z' || k >= page->n_links) {
            hb_buf_add(&out, at, marker_len); /* not one of ours (cannot happen) */
            p = num;
            continue;
        }
        /* What the render phase's link pass does with it (hb_transform_links). */
        const char *dest = page->links[k].dest;
        hb_link_target target;
        hb_link_kind kind = hb_link_resolve(site, page, dest, &target);
        char *resolved = kind == HB_LINK_PAGE || kind == HB_LINK_FILE
                             ? hb_link_href(site, page, &target)
                             : NULL;
        const char *url = resolved ? resolved : dest;
        cmark_strbuf_clear(&href);
        houdini_escape_href(&href, (const uint8_t *)url, (bufsize_t)strlen(url));
        hb_buf_add(&out, (const char *)href.ptr, (size_t)href.size);
        free(resolved);
        hb_link_target_free(&target);
        p = stop + 1;
    }
    cmark_strbuf_free(&href);
    return out.len ? hb_buf_take(&out) : hb_strdup("");
}
