/* transform_timeline.c: the ```timeline fence. It draws the step timeline of a lab's simulated
 * job at build time, as an inline SVG with its legend and table (emulator/views/timeline.h, the
 * drawing the lab console's `timeline` command puts in its panel), so the page shows it with
 * JavaScript off. The fence's lines are commands run first (a repair, `sleep 60`), as in a
 * ```console fence; a failing one is a build error.
 *
 *   ```timeline lab=ID [steps=N] [rows=ranks|nodes] [seed=N] [healthy | compare]
 *   $ sleep 120
 *   ```
 *
 * steps: how many of the last steps (1 to 8, default 3); healthy: the lab's cluster without its
 * faults; compare: the healthy loop above the faulty one on one time scale. */
#include <stdlib.h>
#include <string.h>

#include "emu.h"
#include "lab.h"
#include "labs/labs.h"
#include "out.h"
#include "transform.h"
#include "model/steps.h"
#include "views/timeline.h"

#define TL_FENCE_LINES 32
#define TL_STEPS_DEFAULT 3
#define TL_STEPS_MAX 8

typedef struct tl_fence {
    cmark_node *node;
    int line;
    char lab[128];
    char seed[24];
    int steps;
    emu_timeline_rows rows;
    enum { TL_FAULTY, TL_HEALTHY, TL_COMPARE } show;
    char *lines[TL_FENCE_LINES];
    int line_no[TL_FENCE_LINES];
    int n_lines;
    char *id;                   /* the figure's id (both phases give out the same) */
} tl_fence;

void hb_timeline_assets(hb_doc *doc, int which, hb_buf *html)
{
    int missing = which & ~doc->timeline_assets;
    if (!missing)
        return;
    char *root = hb_lab_root_prefix(doc->page);
    if (!doc->timeline_assets)
        hb_buf_printf(html, "<link rel=\"stylesheet\" href=\"%sassets/timeline.css\">\n", root);
    if (missing & HB_ASSET_TIMELINE)
        hb_buf_printf(html, "<script src=\"%sassets/timeline.js\" defer></script>\n", root);
    if (missing & HB_ASSET_COST)
        hb_buf_printf(html, "<script src=\"%sassets/cost.js\" defer></script>\n", root);
    doc->timeline_assets |= which;
    free(root);
}

/* Parses the info string of a ```timeline fence (filling f). Returns 1, or -1 after reporting a
 * malformed one (reported in the scan phase only). */
static int tl_parse_info(hb_doc *doc, cmark_node *node, tl_fence *f)
{
    const char *info = cmark_node_get_fence_info(node);
    f->line = hb_doc_line(doc, node);
    f->steps = TL_STEPS_DEFAULT;
    int report = doc->phase == HB_PHASE_SCAN;
    int errors = 0;
    char words[16][HB_FENCE_WORD_BYTES];
    int n = hb_fence_words(info, words, 16);
    for (int i = 1; i < n; i++) { /* words[0] is "timeline" */
        const char *word = words[i];
        const char *why = NULL;
        if (!strncmp(word, "lab=", 4)) {
            snprintf(f->lab, sizeof f->lab, "%.127s", word + 4);
            if (!hb_lab_id_valid(f->lab))
                why = "not a lab id (lowercase letters, digits, '-' and '_')";
        } else if (!strncmp(word, "steps=", 6)) {
            f->steps = hb_is_decimal(word + 6) && strlen(word + 6) < 4 ? atoi(word + 6) : 0;
            if (f->steps < 1 || f->steps > TL_STEPS_MAX)
                why = "steps= takes 1 to 8";
        } else if (!strncmp(word, "seed=", 5)) {
            snprintf(f->seed, sizeof f->seed, "%.20s", word + 5);
            if (!hb_is_decimal(f->seed))
                why = "seed= takes a decimal number";
        } else if (!strcmp(word, "rows=ranks")) {
            f->rows = EMU_TIMELINE_ROWS_RANKS;
        } else if (!strcmp(word, "rows=nodes")) {
            f->rows = EMU_TIMELINE_ROWS_NODES;
        } else if (!strcmp(word, "healthy") || !strcmp(word, "compare")) {
            if (f->show != TL_FAULTY)
                why = "give healthy or compare, not both";
            f->show = !strcmp(word, "healthy") ? TL_HEALTHY : TL_COMPARE;
        } else {
            why = "not an option of a timeline fence (lab=ID, steps=N, rows=ranks|nodes, "
                  "seed=N, healthy, compare)";
        }
        if (why) {
            if (report)
                hb_error(doc->site->diag, doc->page->path, f->line, 1, "timeline fence: '%s': %s",
                         word, why);
            errors++;
        }
    }
    if (!f->lab[0]) {
        if (report)
            hb_error(doc->site->diag, doc->page->path, f->line, 1,
                     "timeline fence: lab=ID names no lab (```timeline lab=ID)");
        errors++;
    }
    return errors ? -1 : 1;
}

/* The commands of the body ("$ " optional, blank lines skipped). Returns errors. */
static int tl_parse_body(hb_doc *doc, tl_fence *f)
{
    hb_fence_line *lines = NULL;
    size_t n = hb_fence_lines(f->node, f->line + 1, &lines);
    int errors = 0;
    for (size_t i = 0; i < n && !errors; i++) {
        const char *t = lines[i].text;
        if (!strncmp(t, "$ ", 2))
            t += 2;
        while (*t == ' ')
            t++;
        if (!*t)
            continue;
        if (f->n_lines >= TL_FENCE_LINES) {
            hb_error(doc->site->diag, doc->page->path, lines[i].line, 1,
                     "at most %d commands in a timeline fence", TL_FENCE_LINES);
            errors++;
            break;
        }
        f->line_no[f->n_lines] = lines[i].line;
        f->lines[f->n_lines++] = hb_strdup(t);
    }
    hb_fence_lines_free(lines, n);
    return errors;
}

static void tl_fence_free(tl_fence *f)
{
    for (int i = 0; i < f->n_lines; i++)
        free(f->lines[i]);
    free(f->id);
}

/* A session on the lab (healthy: without its faults) with the fence's commands run. Returns
 * NULL after reporting why. */
static emu_session *tl_session(hb_doc *doc, const emu_catalog *catalog, const tl_fence *f,
                               int healthy)
{
    char *error = NULL;
    emu_session *s = emu_session_open_ex(catalog, f->lab, strtoull(f->seed, NULL, 10),
                                         healthy ? EMU_OPEN_HEALTHY : 0, &error);
    if (!s) {
        hb_error(doc->site->diag, doc->page->path, f->line, 1, "timeline fence: lab '%s': %s",
                 f->lab, error ? error : "the session did not open");
        free(error);
        return NULL;
    }
    for (int i = 0; i < f->n_lines; i++) {
        emu_result r = emu_session_execute(s, f->lines[i], strlen(f->lines[i]));
        if (r.flags & (EMU_RESULT_FAILED | EMU_RESULT_STOPPED)) {
            size_t n = strcspn(r.text, "\n");
            hb_error(doc->site->diag, doc->page->path, f->line_no[i], 1,
                     "timeline fence: command '%s' fails in lab '%s'%s: %.*s", f->lines[i],
                     f->lab, healthy ? " (healthy)" : "", (int)(n < 200 ? n : 200),
                     n ? r.text : "(no output)");
            emu_session_close(s);
            return NULL;
        }
    }
    return s;
}

/* Draws the fence into html. Returns errors. */
static int tl_render(hb_doc *doc, const emu_catalog *catalog, const tl_fence *f, hb_buf *html)
{
    int want[2] = {f->show != TL_FAULTY, f->show != TL_HEALTHY}; /* healthy, faulty */
    emu_session *sessions[2] = {NULL, NULL};
    emu_steps steps[2];
    memset(steps, 0, sizeof steps);
    int errors = 0;
    double scale = 0;
    for (int k = 0; k < 2 && !errors; k++) {
        if (!want[k])
            continue;
        sessions[k] = tl_session(doc, catalog, f, k == 0);
        if (!sessions[k]) {
            errors++;
            break;
        }
        const emu_world *w = emu_session_world(sessions[k]);
        if (emu_steps_recent(w, f->steps, &steps[k]) != 0) {
            hb_error(doc->site->diag, doc->page->path, f->line, 1,
                     "timeline fence: lab '%s' has no job that has completed a step%s", f->lab,
                     k == 0 ? " (healthy)" : "");
            errors++;
            break;
        }
        double span = emu_timeline_span_ms(w, &steps[k]);
        scale = span > scale ? span : scale;
    }
    if (!errors) {
        emu_out out;
        emu_out_init(&out, EMU_PANEL_LIMIT_BYTES);
        if (f->show == TL_COMPARE)
            emu_out_printf(&out, "<div class=\"tl-compare\">");
        for (int k = 0; k < 2; k++) {
            if (!want[k])
                continue;
            char *id = f->show == TL_COMPARE ? hb_strfmt("%s-%s", f->id, k == 0 ? "healthy" : "faulty")
                                              : hb_strdup(f->id);
            emu_timeline_opts opts = {
                f->rows, id,
                f->show != TL_COMPARE ? NULL : k == 0 ? "Healthy: the same job without the faults"
                                                      : "Faulty: the job with the faults",
                f->show == TL_COMPARE ? scale : 0,
                false, /* a guide's drawing: the text around it names the shape, so may the drawing */
            };
            emu_timeline_html(emu_session_world(sessions[k]), &steps[k], &opts, &out);
            free(id);
        }
        if (f->show == TL_COMPARE)
            emu_out_printf(&out, "</div>\n");
        if (out.truncated) {
            hb_error(doc->site->diag, doc->page->path, f->line, 1,
                     "timeline fence: the drawing of lab '%s' is over %u bytes (fewer steps, or "
                     "rows=nodes)", f->lab, EMU_PANEL_LIMIT_BYTES);
            errors++;
        } else {
            hb_timeline_assets(doc, HB_ASSET_TIMELINE, html);
            hb_buf_add(html, emu_out_text(&out), out.len);
        }
        emu_out_free(&out);
    }
    for (int k = 0; k < 2; k++) {
        emu_steps_free(&steps[k]);
        emu_session_close(sessions[k]);
    }
    return errors;
}

int hb_transform_timeline(hb_doc *doc)
{
    tl_fence *fences = NULL;
    size_t n = 0;
    int errors = 0;
    size_t n_nodes = 0;
    cmark_node **nodes = hb_doc_fences(doc, "timeline", &n_nodes);
    for (size_t i = 0; i < n_nodes; i++) {
        tl_fence f;
        memset(&f, 0, sizeof f);
        f.node = nodes[i];
        int kind = tl_parse_info(doc, nodes[i], &f);
        if (kind < 0)
            errors += doc->phase == HB_PHASE_SCAN;
        if (kind <= 0)
            continue;
        fences = hb_grow(fences, n, sizeof *fences);
        fences[n++] = f;
    }
    free(nodes);
    /* the figures' ids, given out in both phases so that every later id stays the same */
    for (size_t i = 0; i < n; i++) {
        char *base = hb_strfmt("timeline-%s", fences[i].lab);
        fences[i].id = hb_slug_unique(&doc->ids, base);
        free(base);
        if (fences[i].show == TL_COMPARE) {
            for (int k = 0; k < 2; k++) {
                char *sub = hb_strfmt("%s-%s", fences[i].id, k == 0 ? "healthy" : "faulty");
                free(hb_slug_unique(&doc->ids, sub));
                free(sub);
            }
        }
    }
    /* the emulator runs in the render phase only: errors are reported once */
    if (n && doc->phase == HB_PHASE_RENDER) {
        const char *content = doc->site->options && doc->site->options->content_dir
                                  ? doc->site->options->content_dir : "content";
        const emu_catalog *catalog = doc->site->labs; /* loaded once by the build */
        if (!catalog) {
            const char *why = doc->site->labs_error ? doc->site->labs_error : "";
            hb_error(doc->site->diag, doc->page->path, fences[0].line, 1,
                     "the lab scenarios do not load: %.*s", (int)strcspn(why, "\n"), why);
            errors++;
        }
        for (size_t i = 0; catalog && i < n; i++) {
            tl_fence *f = &fences[i];
            hb_buf html = {0};
            int e = tl_parse_body(doc, f);
            if (!e && !emu_catalog_find(catalog, f->lab)) {
                hb_error(doc->site->diag, doc->page->path, f->line, 1,
                         "timeline fence: unknown lab '%s': there is no %s/labs/%s.yaml", f->lab,
                         content, f->lab);
                e = 1;
            }
            if (!e)
                e = tl_render(doc, catalog, f, &html);
            errors += e;
            if (!e) {
                cmark_node_insert_before(f->node, hb_html_node(CMARK_NODE_HTML_BLOCK, html.data));
                hb_doc_bury(doc, f->node);
            }
            hb_buf_free(&html);
        }
    }
    for (size_t i = 0; i < n; i++)
        tl_fence_free(&fences[i]);
    free(fences);
    return errors;
}
