/* transform_headings.c: gives every heading a unique id (GitHub-style slug, or an explicit
 * {#id} written after the heading text), collects the table of contents (h2, h3), and in the
 * render phase writes the heading with its id and a link icon to itself. */
#include <stdlib.h>
#include <string.h>

#include "transform.h"

/* Finds a trailing "{#id}" in the heading's last text node. With strip, removes it (and the
 * space before it) from the node. Returns the id (malloc'd), or NULL when there is none. */
static char *heading_explicit_id(cmark_node *heading, int strip)
{
    cmark_node *last = cmark_node_last_child(heading);
    if (!last || cmark_node_get_type(last) != CMARK_NODE_TEXT)
        return NULL;
    const char *lit = cmark_node_get_literal(last);
    size_t len = strlen(lit);
    while (len && (lit[len - 1] == ' ' || lit[len - 1] == '\t'))
        len--;
    if (len < 4 || lit[len - 1] != '}')
        return NULL;
    const char *open = NULL;
    for (size_t i = len - 1; i-- > 0;) {
        if (lit[i] == '{') {
            open = lit + i;
            break;
        }
    }
    if (!open || open[1] != '#')
        return NULL;
    char *id = hb_strndup(open + 2, (size_t)(lit + len - 1 - (open + 2)));
    size_t keep = (size_t)(open - lit);
    while (keep && (lit[keep - 1] == ' ' || lit[keep - 1] == '\t'))
        keep--;
    if (strip) { /* the render phase only: the scan leaves the tree as it found it */
        char *rest = hb_strndup(lit, keep);
        cmark_node_set_literal(last, rest);
        free(rest);
    }
    return id;
}

int hb_transform_headings(hb_doc *doc)
{
    int errors = 0;
    size_t n = 0;
    cmark_node **headings = hb_doc_blocks(doc, CMARK_NODE_HEADING, &n);

    for (size_t i = 0; i < n; i++) {
        cmark_node *h = headings[i];
        int level = cmark_node_get_heading_level(h);
        char *explicit_id = heading_explicit_id(h, doc->phase == HB_PHASE_RENDER);
        char *id;
        if (explicit_id) {
            if (!hb_slug_valid_id(explicit_id)) {
                if (doc->phase == HB_PHASE_SCAN)
                    hb_error(doc->site->diag, doc->page->path, hb_doc_line(doc, h), 1,
                             "heading id {#%s} may only use letters, digits, '-', '_', '.', ':'",
                             explicit_id);
                errors++;
            }
            if (hb_slug_claim(&doc->ids, explicit_id) != 0) {
                if (doc->phase == HB_PHASE_SCAN)
                    hb_error(doc->site->diag, doc->page->path, hb_doc_line(doc, h), 1,
                             "heading id '%s' is used twice on this page", explicit_id);
                errors++;
            }
            id = explicit_id;
        } else {
            char *text = hb_node_text(h);
            char *base = hb_slug(text, strlen(text));
            id = hb_slug_unique(&doc->ids, base);
            free(base);
            free(text);
        }
        if (doc->phase == HB_PHASE_RENDER) {
            char *text = hb_node_text(h);
            if (level == 2 || level == 3) {
                doc->toc = hb_grow(doc->toc, doc->n_toc, sizeof *doc->toc);
                doc->toc[doc->n_toc++] = (hb_toc_entry){level, hb_strdup(id), hb_strdup(text)};
            }
            char *inner = hb_doc_render_children(doc, h);
            hb_buf html = {0};
            /* hb_buf_add, not hb_buf_printf: vsnprintf cost some 800 instructions a call, 0.8% of
             * a build's (callgrind, 500 pages). level is 1 to 6 (cmark's headings). */
            char open_tag[] = {'<', 'h', (char)('0' + level), ' ', 'i', 'd', '=', '"'};
            hb_buf_add(&html, open_tag, sizeof open_tag);
            hb_buf_put_escaped(&html, id, strlen(id));
            hb_buf_puts(&html, "\">");
            /* Old ids kept alive by the front matter's anchor_aliases. */
            for (size_t k = 0; k < doc->page->n_anchor_aliases; k++) {
                const hb_anchor_alias *a = &doc->page->anchor_aliases[k];
                if (strcmp(a->to, id))
                    continue;
                hb_buf_puts(&html, "<span class=\"anchor-alias\" id=\"");
                hb_buf_put_escaped(&html, a->from, strlen(a->from));
                hb_buf_puts(&html, "\"></span>");
            }
            hb_buf_puts(&html, inner);
            hb_buf_puts(&html, " <a class=\"heading-link\" href=\"#");
            hb_buf_put_escaped(&html, id, strlen(id));
            hb_buf_puts(&html, "\" aria-label=\"Link to this section: ");
            hb_buf_put_escaped(&html, text, strlen(text));
            hb_buf_puts(&html, "\" data-pagefind-ignore>#</a></h");
            char close_tag[] = {(char)('0' + level), '>', '\n'};
            hb_buf_add(&html, close_tag, sizeof close_tag);
            cmark_node *block = hb_html_node(CMARK_NODE_HTML_BLOCK, html.data);
            cmark_node_insert_before(h, block);
            hb_doc_bury(doc, h);
            hb_buf_free(&html);
            free(inner);
            free(text);
        }
        free(id);
    }
    free(headings);
    return errors;
}
