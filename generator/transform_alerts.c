/* transform_alerts.c: GitHub's alert syntax, a block quote whose first line is [!NOTE],
 * [!TIP], [!IMPORTANT], [!WARNING] or [!CAUTION], becomes a labelled callout box. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "transform.h"

static const struct {
    const char *marker, *kind, *label;
} alert_kinds[] = {
    {"[!NOTE]", "note", "Note"},
    {"[!TIP]", "tip", "Tip"},
    {"[!IMPORTANT]", "important", "Important"},
    {"[!WARNING]", "warning", "Warning"},
    {"[!CAUTION]", "caution", "Caution"},
};

/* Returns the alert kind index when quote starts with a marker line, else -1. */
static int alert_kind(cmark_node *quote, cmark_node **para_out, cmark_node **stop_out)
{
    cmark_node *para = cmark_node_first_child(quote);
    if (!para || cmark_node_get_type(para) != CMARK_NODE_PARAGRAPH)
        return -1;
    hb_buf text = {0};
    cmark_node *c = cmark_node_first_child(para);
    for (; c; c = cmark_node_next(c)) {
        cmark_node_type t = cmark_node_get_type(c);
        if (t == CMARK_NODE_SOFTBREAK || t == CMARK_NODE_LINEBREAK)
            break;
        if (t != CMARK_NODE_TEXT) {
            hb_buf_free(&text);
            return -1;
        }
        hb_buf_puts(&text, cmark_node_get_literal(c));
    }
    int found = -1;
    size_t len = text.len;
    while (len && (text.data[len - 1] == ' ' || text.data[len - 1] == '\t'))
        len--;
    for (size_t k = 0; k < sizeof alert_kinds / sizeof alert_kinds[0] && text.data; k++) {
        if (strlen(alert_kinds[k].marker) == len &&
            !strncasecmp(text.data, alert_kinds[k].marker, len))
            found = (int)k;
    }
    hb_buf_free(&text);
    *para_out = para;
    *stop_out = c;
    return found;
}

int hb_transform_alerts(hb_doc *doc)
{
    if (doc->phase != HB_PHASE_RENDER)
        return 0;
    size_t n = 0;
    cmark_node **quotes = hb_doc_blocks(doc, CMARK_NODE_BLOCK_QUOTE, &n);
    for (size_t i = 0; i < n; i++) {
        cmark_node *para, *stop;
        int k = alert_kind(quotes[i], &para, &stop);
        if (k < 0)
            continue;
        /* Drop the marker line and the line break after it. */
        cmark_node *c = cmark_node_first_child(para);
        while (c && c != stop) {
            cmark_node *next = cmark_node_next(c);
            hb_doc_bury(doc, c);
            c = next;
        }
        if (stop)
            hb_doc_bury(doc, stop);
        if (!cmark_node_first_child(para))
            hb_doc_bury(doc, para);
        char *open = hb_strfmt("<div class=\"callout callout-%s\" role=\"note\" aria-label=\"%s\">\n"
                               "<p class=\"callout-title\">%s</p>\n",
                               alert_kinds[k].kind, alert_kinds[k].label, alert_kinds[k].label);
        cmark_node *open_node = hb_html_node(CMARK_NODE_HTML_BLOCK, open);
        free(open);
        cmark_node_insert_before(quotes[i], open_node);
        cmark_node *after = open_node;
        cmark_node *child;
        while ((child = cmark_node_first_child(quotes[i]))) {
            cmark_node_unlink(child);
            cmark_node_insert_after(after, child);
            after = child;
        }
        cmark_node_insert_after(after, hb_html_node(CMARK_NODE_HTML_BLOCK, "</div>\n"));
        hb_doc_bury(doc, quotes[i]);
    }
    free(quotes);
    return 0;
}
