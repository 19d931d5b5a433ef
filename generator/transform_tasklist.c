/* transform_tasklist.c: GFM task list items ("- [ ] text") get a checkbox inside a <label>
 * holding the item's first paragraph, so the checkbox has an accessible name (cmark-gfm's own
 * rendering leaves it unlabelled). The box stays disabled: checklists are for reading. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm-extension_api.h>

#include "transform.h"

int hb_transform_tasklist(hb_doc *doc)
{
    if (doc->phase != HB_PHASE_RENDER)
        return 0;
    size_t n_items = 0, n = 0;
    cmark_node **items = hb_doc_blocks(doc, CMARK_NODE_ITEM, &n_items);
    for (size_t i = 0; i < n_items; i++) {
        const char *type = cmark_node_get_type_string(items[i]);
        if (type && !strcmp(type, "tasklist"))
            items[n++] = items[i];
    }
    for (size_t i = 0; i < n; i++) {
        cmark_node *item = items[i];
        bool checked = cmark_gfm_extensions_get_tasklist_item_checked(item);
        cmark_node *para = cmark_node_first_child(item);
        if (!para || cmark_node_get_type(para) != CMARK_NODE_PARAGRAPH)
            continue; /* an empty item: keep cmark's own rendering */
        cmark_node_set_syntax_extension(item, NULL); /* now an ordinary <li> */
        cmark_node *open = hb_html_node(CMARK_NODE_HTML_INLINE,
                                        checked ? "<label class=\"task\"><input type=\"checkbox\" "
                                                  "checked disabled> "
                                                : "<label class=\"task\"><input type=\"checkbox\" "
                                                  "disabled> ");
        cmark_node *close = hb_html_node(CMARK_NODE_HTML_INLINE, "</label>");
        if (!cmark_node_prepend_child(para, open))
            cmark_node_free(open);
        if (!cmark_node_append_child(para, close))
            cmark_node_free(close);
    }
    free(items);
    return 0;
}
