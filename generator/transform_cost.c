/* transform_cost.c: the ```cost fence, the cost guide's calculator. Its body holds the worked
 * example's inputs, "key: value" lines over the calculator's baseline (emulator/views/cost.h);
 * the build computes that example on the cluster model and writes its results (the table, the
 * plot over the checkpoint interval with Young's and Daly's optimum, the plot's figures as a
 * table), so the page shows them with JavaScript off. With JavaScript, assets/cost.js shows the
 * form (drawn here from the calculator's own list of inputs) and recomputes the results in the
 * lab module's worker on every change: the same C code the build ran.
 *
 *   ```cost
 *   checkpoint_interval_min: 240
 *   ```
 *
 * A bad key or value, or inputs the model rejects, is a build error at the fence's line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lab.h"
#include "model/hardware.h"
#include "out.h"
#include "transform.h"
#include "views/cost.h"

static const char *const group_names[] = {
    "Model and data", "Cluster and parallel layout", "Failures and checkpoints", "Price",
};

/* The form: one fieldset per group, a labelled input per field with its range, the GPU model as
 * a list of the catalogue's models. Hidden until cost.js runs (without it nothing would react). */
static void cost_form(const emu_cost_in *in, const char *id, hb_buf *html)
{
    hb_buf_printf(html, "<form class=\"cost-form\" id=\"%s-form\" hidden>", id);
    int groups = (int)(sizeof group_names / sizeof group_names[0]);
    for (int g = 0; g < groups; g++) {
        hb_buf_printf(html, "<fieldset><legend>%s</legend><div class=\"cost-fields\">",
                      group_names[g]);
        const emu_cost_field *f;
        for (int i = 0; (f = emu_cost_field_at(i)); i++) {
            if (f->group != g)
                continue;
            char value[64];
            emu_cost_field_value(in, f, value, sizeof value);
            hb_buf_printf(html, "<label for=\"%s-%s\">%s", id, f->name, f->label);
            if (f->kind == 's') {
                const emu_gpu_spec *chosen = emu_gpu_spec_find(value);
                hb_buf_printf(html, "<select id=\"%s-%s\" name=\"%s\">", id, f->name, f->name);
                const emu_gpu_spec *spec;
                for (int k = 0; (spec = emu_gpu_spec_at(k)); k++) {
                    hb_buf_puts(html, "<option value=\"");
                    hb_buf_put_escaped(html, spec->key, strlen(spec->key));
                    hb_buf_printf(html, "\"%s>", spec == chosen ? " selected" : "");
                    hb_buf_put_escaped(html, spec->name, strlen(spec->name));
                    hb_buf_puts(html, "</option>");
                }
                hb_buf_puts(html, "</select>");
            } else {
                hb_buf_printf(html, "<input id=\"%s-%s\" name=\"%s\" type=\"number\" required "
                                    "min=\"%.10g\" max=\"%.10g\" step=\"%s\" value=\"%s\" "
                                    "inputmode=\"%s\">",
                              id, f->name, f->name, f->lo, f->hi, f->kind == 'i' ? "1" : "any",
                              value, f->kind == 'i' ? "numeric" : "decimal");
            }
            hb_buf_puts(html, "</label>");
        }
        hb_buf_puts(html, "</div></fieldset>");
    }
    hb_buf_printf(html, "<p class=\"cost-note\" id=\"%s-status\" role=\"status\"></p></form>", id);
}

/* Renders one fence into html. Returns errors (reported). */
static int cost_render(hb_doc *doc, cmark_node *node, const char *id, hb_buf *html)
{
    const char *body = cmark_node_get_literal(node);
    int line = hb_doc_line(doc, node);
    emu_cost_in in;
    emu_cost_out res;
    char error[256];
    emu_cost_defaults(&in);
    if (emu_cost_parse(body ? body : "", body ? strlen(body) : 0, &in, error, sizeof error) != 0) {
        /* "line N: ..." counts the body's lines: the fence's own line is before the first */
        int at = line, n = 0;
        const char *why = error;
        if (sscanf(error, "line %d: %n", &at, &n) == 1 && n > 0) {
            at += line;
            why = error + n;
        }
        hb_error(doc->site->diag, doc->page->path, at, 1, "cost fence: %s", why);
        return 1;
    }
    if (emu_cost_compute(&in, &res, error, sizeof error) != 0) {
        hb_error(doc->site->diag, doc->page->path, line, 1, "cost fence: %s", error);
        return 1;
    }
    char *root = hb_lab_root_prefix(doc->page);
    hb_timeline_assets(doc, HB_ASSET_COST, html);
    hb_buf_printf(html, "<section class=\"cost\" id=\"%s\" aria-label=\"Cost calculator\" "
                        "data-emu-base=\"%semu/\">",
                  id, root);
    free(root);
    cost_form(&in, id, html);
    hb_buf_printf(html, "<div class=\"cost-results\" id=\"%s-results\">", id);
    emu_out out;
    emu_out_init(&out, EMU_PANEL_LIMIT_BYTES);
    emu_cost_html(&in, &res, id, &out);
    hb_buf_add(html, emu_out_text(&out), out.len);
    emu_out_free(&out);
    hb_buf_puts(html, "</div></section>\n");
    return 0;
}

int hb_transform_cost(hb_doc *doc)
{
    size_t n = 0;
    cmark_node **nodes = hb_doc_fences(doc, "cost", &n);
    int errors = 0;
    for (size_t i = 0; i < n; i++) {
        /* the ids, given out in both phases so that every later id stays the same */
        char *id = hb_slug_unique(&doc->ids, "cost");
        if (doc->phase == HB_PHASE_RENDER) {
            hb_buf html = {0};
            int e = cost_render(doc, nodes[i], id, &html);
            if (!e) {
                cmark_node_insert_before(nodes[i], hb_html_node(CMARK_NODE_HTML_BLOCK, html.data));
                hb_doc_bury(doc, nodes[i]);
            }
            errors += e;
            hb_buf_free(&html);
        }
        free(id);
    }
    free(nodes);
    return errors;
}
