/* transform_symptoms.c: recognises symptom tables (header cells Observation, Reference,
 * Evidence to keep, in any order) and records each row: its observation, its evidence and the
 * first link of its Reference cell, which becomes an edge of the link graph (observation ->
 * reference page). In the render phase each row gets an anchor so the reference page can link
 * back to it. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "transform.h"

enum { COL_OBSERVATION, COL_REFERENCE, COL_EVIDENCE, COL_COUNT };

static int is_type(cmark_node *node, const char *name)
{
    const char *type = cmark_node_get_type_string(node);
    return type && !strcmp(type, name);
}

/* Fills cols[] with the column index of each known header; returns 1 when the header row is
 * exactly Observation, Reference, Evidence to keep (any order, case-insensitive). */
static int symptom_header(cmark_node *header, int cols[COL_COUNT])
{
    static const char *names[COL_COUNT] = {"observation", "reference", "evidence to keep"};
    for (int k = 0; k < COL_COUNT; k++)
        cols[k] = -1;
    int index = 0;
    for (cmark_node *cell = cmark_node_first_child(header); cell; cell = cmark_node_next(cell), index++) {
        char *text = hb_node_text(cell);
        int matched = 0;
        for (int k = 0; k < COL_COUNT; k++) {
            if (!strcasecmp(text, names[k]) && cols[k] < 0) {
                cols[k] = index;
                matched = 1;
            }
        }
        free(text);
        if (!matched)
            return 0;
    }
    return index == COL_COUNT && cols[0] >= 0 && cols[1] >= 0 && cols[2] >= 0;
}

static cmark_node *nth_cell(cmark_node *row, int n)
{
    cmark_node *cell = cmark_node_first_child(row);
    for (int i = 0; cell && i < n; i++)
        cell = cmark_node_next(cell);
    return cell;
}

static cmark_node *first_link(cmark_node *node)
{
    for (cmark_node *c = cmark_node_first_child(node); c; c = cmark_node_next(c)) {
        if (cmark_node_get_type(c) == CMARK_NODE_LINK)
            return c;
        cmark_node *inner = first_link(c);
        if (inner)
            return inner;
    }
    return NULL;
}

static int symptom_table(hb_doc *doc, cmark_node *table)
{
    cmark_node *header = cmark_node_first_child(table);
    int cols[COL_COUNT];
    if (!header || !symptom_header(header, cols))
        return 0;
    int errors = 0;
    hb_page *page = doc->page;
    for (cmark_node *row = cmark_node_next(header); row; row = cmark_node_next(row)) {
        cmark_node *obs_cell = nth_cell(row, cols[COL_OBSERVATION]);
        cmark_node *ref_cell = nth_cell(row, cols[COL_REFERENCE]);
        cmark_node *ev_cell = nth_cell(row, cols[COL_EVIDENCE]);
        char *observation = obs_cell ? hb_node_text(obs_cell) : hb_strdup("");
        int line = hb_doc_line(doc, row);
        if (!observation[0]) {
            if (doc->phase == HB_PHASE_SCAN)
                hb_error(doc->site->diag, page->path, line, 1,
                         "symptom table row has an empty Observation cell");
            errors++;
            free(observation);
            continue;
        }
        char *base = hb_slug(observation, strlen(observation));
        /* hb_buf, not hb_strfmt here and for the anchor below: vsnprintf cost some 800
         * instructions a call, 0.8% of a build's (callgrind, 500 pages). */
        hb_buf id_buf = {0};
        hb_buf_puts(&id_buf, "symptom-");
        hb_buf_puts(&id_buf, base);
        char *prefixed = hb_buf_take(&id_buf);
        char *row_id = hb_slug_unique(&doc->ids, prefixed);
        free(prefixed);
        free(base);
        if (doc->phase == HB_PHASE_SCAN) {
            cmark_node *link = ref_cell ? first_link(ref_cell) : NULL;
            if (!link)
                hb_error(doc->site->diag, page->path, line,
                         ref_cell ? hb_doc_col(ref_cell) : 1,
                         "symptom table row '%s' has no link to a reference page in its "
                         "Reference cell", observation);
            page->rows = hb_grow(page->rows, page->n_rows, sizeof *page->rows);
            page->rows[page->n_rows++] = (hb_symptom_row){
                .observation = observation,
                .evidence = ev_cell ? hb_node_text(ev_cell) : hb_strdup(""),
                .row_id = row_id,
                .dest = link ? hb_strdup(cmark_node_get_url(link)) : NULL,
                .line = link ? hb_doc_line(doc, link) : line,
                .col = link ? hb_doc_col(link) : 1,
            };
            errors += link ? 0 : 1;
            continue;
        }
        hb_buf anchor_buf = {0};
        hb_buf_puts(&anchor_buf, "<span class=\"symptom-anchor\" id=\"");
        hb_buf_puts(&anchor_buf, row_id);
        hb_buf_puts(&anchor_buf, "\"></span>");
        char *html = hb_buf_take(&anchor_buf);
        cmark_node *anchor = hb_html_node(CMARK_NODE_HTML_INLINE, html);
        if (!cmark_node_prepend_child(obs_cell, anchor))
            cmark_node_free(anchor);
        free(html);
        free(row_id);
        free(observation);
    }
    return errors;
}

int hb_transform_symptoms(hb_doc *doc)
{
    int errors = 0;
    for (cmark_node *node = cmark_node_first_child(doc->root); node; node = cmark_node_next(node)) {
        if (is_type(node, "table"))
            errors += symptom_table(doc, node);
    }
    return errors;
}
