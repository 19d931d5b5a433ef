/* transform_lab.c: the emulator's fences. A ```lab ID fence becomes a lab block (title, goal,
 * what to record, a Start button for the in-page console, and a no-JavaScript transcript of a
 * solved run produced now by the native emulator); a ```console lab=ID fence runs its commands
 * through the native emulator and shows the real output, so no example drifts from what the
 * emulator prints. A command that fails (non-zero exit status) is a build error. Also writes
 * the console's assets (module, script, scenarios) into the site: hb_lab_write_assets.
 *
 * Fence bodies:
 *   ```lab ID                      ```console lab=ID [seed=N]
 *   record: what to note down       $ nvidia-smi
 *   record: ...                     $ ibstat mlx5_0
 *   run: a command for the          (a line without "$ " is a command too; blank lines are
 *        transcript (default: the    skipped)
 *        scenario's solution steps
 *        and its first answer)
 *
 * The sessions open on the site's catalog of content/labs/ *.yaml (site->labs, loaded once by the
 * build and only read here, so the worker threads share it). */
#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "emu.h"
#include "lab.h"
#include "labs/labs.h"
#include "model/scenario.h"
#include "transform.h"

#define LAB_MAX_LINES 64

typedef struct lab_fence {
    cmark_node *node;
    int is_lab;            /* 1: ```lab, 0: ```console lab= */
    char lab[128];
    char seed[24];         /* "" keeps the scenario's seed */
    char *lines[LAB_MAX_LINES]; /* commands (owned) */
    int line_no[LAB_MAX_LINES]; /* file line of each command */
    size_t n_lines;
    char *records[LAB_MAX_LINES]; /* ```lab record: items (owned) */
    size_t n_records;
} lab_fence;

static const char *lab_content_dir(const hb_site *site)
{
    return site->options && site->options->content_dir ? site->options->content_dir : "content";
}

/* ---- fences ---------------------------------------------------------------------------------- */

/* Parses the info string. Returns 1 for a ```lab or ```console lab= fence (filling f), else 0.
 * A malformed one is reported and returns -1. */
static int lab_parse_info(hb_doc *doc, cmark_node *node, lab_fence *f)
{
    const char *info = cmark_node_get_fence_info(node);
    if (!info)
        return 0;
    char words[8][HB_FENCE_WORD_BYTES];
    int n = hb_fence_words(info, words, 8);
    if (n == 0)
        return 0;
    int line = hb_doc_line(doc, node);
    if (!strcmp(words[0], "lab")) {
        f->is_lab = 1;
        if (n != 2) {
            hb_error(doc->site->diag, doc->page->path, line, 1,
                     "a lab fence names one lab: ```lab ID");
            return -1;
        }
        snprintf(f->lab, sizeof f->lab, "%.127s", words[1]);
    } else if (!strcmp(words[0], "console")) {
        int found = 0;
        for (int i = 1; i < n; i++) {
            if (!strncmp(words[i], "lab=", 4)) {
                snprintf(f->lab, sizeof f->lab, "%.127s", words[i] + 4);
                found = 1;
            } else if (!strncmp(words[i], "seed=", 5)) {
                snprintf(f->seed, sizeof f->seed, "%.20s", words[i] + 5);
            }
        }
        if (!found)
            return 0; /* a plain console block, shown as code */
        f->is_lab = 0;
        if (f->seed[0] && !hb_is_decimal(f->seed)) {
            hb_error(doc->site->diag, doc->page->path, line, 1,
                     "console fence: seed must be a decimal number, not '%s'", f->seed);
            return -1;
        }
    } else {
        return 0;
    }
    if (!hb_lab_id_valid(f->lab)) {
        hb_error(doc->site->diag, doc->page->path, line, 1,
                 "'%s' is not a lab id (lowercase letters, digits, '-' and '_')", f->lab);
        return -1;
    }
    if (!f->lab[0]) {
        hb_error(doc->site->diag, doc->page->path, line, 1, "console fence: lab= names no lab");
        return -1;
    }
    return 1;
}

/* Splits the body into commands (and record: items for a lab fence). Returns errors. */
static int lab_parse_body(hb_doc *doc, lab_fence *f)
{
    hb_fence_line *lines = NULL;
    size_t n = hb_fence_lines(f->node, hb_doc_line(doc, f->node) + 1, &lines);
    int errors = 0;
    for (size_t i = 0; i < n; i++) {
        const char *t = lines[i].text;
        const char *command = NULL, *record = NULL;
        if (f->is_lab) {
            if (!strncmp(t, "record:", 7))
                record = t + 7;
            else if (!strncmp(t, "run:", 4))
                command = t + 4;
            else {
                hb_error(doc->site->diag, doc->page->path, lines[i].line, 1,
                         "a lab fence holds 'record: TEXT' and 'run: COMMAND' lines, not '%s'", t);
                errors++;
            }
        } else {
            command = !strncmp(t, "$ ", 2) ? t + 2 : t;
        }
        if (!record && !command)
            continue;
        const char *v = record ? record : command;
        while (*v == ' ')
            v++;
        if (f->n_lines >= LAB_MAX_LINES || f->n_records >= LAB_MAX_LINES) {
            hb_error(doc->site->diag, doc->page->path, lines[i].line, 1,
                     "at most %d lines in a lab or console fence", LAB_MAX_LINES);
            errors++;
            break;
        }
        if (record) {
            f->records[f->n_records++] = hb_strdup(v);
        } else {
            f->line_no[f->n_lines] = lines[i].line;
            f->lines[f->n_lines++] = hb_strdup(v);
        }
    }
    hb_fence_lines_free(lines, n);
    return errors;
}

static void lab_fence_free(lab_fence *f)
{
    for (size_t i = 0; i < f->n_lines; i++)
        free(f->lines[i]);
    for (size_t i = 0; i < f->n_records; i++)
        free(f->records[i]);
}

/* The first line of text, at most 200 bytes, for an error message (malloc'd). */
static char *lab_first_line(const char *text, size_t len)
{
    size_t n = 0;
    while (n < len && text[n] != '\n' && n < 200)
        n++;
    return n ? hb_strndup(text, n) : hb_strdup("(no output)");
}

/* Runs the fence's commands in a new session and appends the transcript as HTML (prompt and
 * command marked up, output escaped). Each failing command is reported. Returns errors. */
static int lab_run(hb_doc *doc, const emu_catalog *catalog, const lab_fence *f,
                   const char *const *lines, const int *line_no, size_t n, hb_buf *html)
{
    char *error = NULL;
    int line = hb_doc_line(doc, f->node);
    emu_session *session = emu_session_open(catalog, f->lab, strtoull(f->seed, NULL, 10), &error);
    if (!session) {
        hb_error(doc->site->diag, doc->page->path, line, 1, "lab '%s': %s", f->lab,
                 error ? error : "the session did not open");
        free(error);
        return 1;
    }
    int errors = 0;
    if (f->is_lab) {
        const char *greeting = emu_session_greeting(session);
        hb_buf_put_escaped(html, greeting, strlen(greeting));
    }
    for (size_t i = 0; i < n; i++) {
        const char *prompt = emu_session_prompt(session);
        hb_buf_puts(html, "<span class=\"emu-prompt\">");
        hb_buf_put_escaped(html, prompt, strlen(prompt));
        hb_buf_puts(html, "</span><span class=\"emu-command\">");
        hb_buf_put_escaped(html, lines[i], strlen(lines[i]));
        hb_buf_puts(html, "</span>\n");
        emu_result r = emu_session_execute(session, lines[i], strlen(lines[i]));
        hb_buf_put_escaped(html, r.text, r.len);
        if (r.flags & EMU_RESULT_STOPPED) {
            hb_error(doc->site->diag, doc->page->path, line_no ? line_no[i] : line, 1,
                     "example command '%s' stopped in lab '%s': it ran over the work budget "
                     "of one line (%d steps: commands and loop iterations)",
                     lines[i], f->lab, EMU_LINE_STEPS_MAX);
            errors++;
        } else if (r.flags & EMU_RESULT_FAILED) {
            char *first = lab_first_line(r.text, r.len);
            hb_error(doc->site->diag, doc->page->path, line_no ? line_no[i] : line, 1,
                     "example command '%s' fails in lab '%s': %s", lines[i], f->lab, first);
            errors++;
            free(first);
        }
        if (r.flags & EMU_RESULT_EXIT)
            break;
    }
    emu_session_close(session);
    return errors;
}

/* The relative path from the page to the site root ("../../" for /labs/input-wait/). */
char *hb_lab_root_prefix(const hb_page *page)
{
    hb_buf out = {0};
    const char *p = page->permalink ? page->permalink : "/";
    int depth = 0;
    for (const char *c = p + 1; *c; c++)
        if (*c == '/')
            depth++;
    for (int i = 0; i < depth; i++)
        hb_buf_puts(&out, "../");
    return hb_buf_take(&out);
}

static void lab_put(hb_buf *html, const char *text)
{
    hb_buf_put_escaped(html, text, strlen(text));
}

/* A ```lab fence: the block with title, goal, what to record, Start, and the transcript. */
static int lab_block(hb_doc *doc, const emu_catalog *catalog, lab_fence *f, const char *id,
                     hb_buf *html)
{
    const emu_scenario *scenario = emu_catalog_find(catalog, f->lab);
    int line = hb_doc_line(doc, f->node);
    if (!scenario || !scenario->has_lab) {
        if (scenario)
            hb_error(doc->site->diag, doc->page->path, line, 1,
                     "scenario '%s' has no lab: section (goal, answers, solution)", f->lab);
        else
            hb_error(doc->site->diag, doc->page->path, line, 1,
                     "unknown lab '%s': there is no %s/labs/%s.yaml", f->lab,
                     lab_content_dir(doc->site), f->lab);
        return 1;
    }
    char *root = hb_lab_root_prefix(doc->page);
    hb_timeline_assets(doc, HB_ASSET_TIMELINE, html); /* `timeline` draws in a panel */
    hb_buf_puts(html, "<section class=\"lab\" id=\"");
    lab_put(html, id);
    hb_buf_puts(html, "\" data-lab=\"");
    lab_put(html, f->lab);
    hb_buf_printf(html, "\" data-emu-base=\"%semu/\" aria-labelledby=\"", root);
    lab_put(html, id);
    hb_buf_puts(html, "-title\">\n<h2 class=\"lab-title\" id=\"");
    lab_put(html, id);
    hb_buf_puts(html, "-title\">Lab: ");
    lab_put(html, scenario->title ? scenario->title : f->lab);
    hb_buf_puts(html, "</h2>\n<p class=\"lab-goal\"><strong>Goal:</strong> ");
    lab_put(html, scenario->goal ? scenario->goal : "");
    hb_buf_puts(html, "</p>\n");
    /* the scenario's lab.difficulty and lab.minutes (a time estimate), when it gives them */
    if (scenario->difficulty || scenario->minutes) {
        hb_buf_puts(html, "<p class=\"lab-meta\">");
        if (scenario->difficulty) {
            hb_buf_puts(html, "<strong>Difficulty:</strong> ");
            lab_put(html, scenario->difficulty);
        }
        if (scenario->minutes)
            hb_buf_printf(html, "%s<strong>Time:</strong> about %d minutes",
                          scenario->difficulty ? " &middot; " : "", scenario->minutes);
        hb_buf_puts(html, "</p>\n");
    }
    /* what solving takes, where the lab has more to it than the answer */
    if (scenario->fix.present)
        hb_buf_puts(html, "<p class=\"lab-solved-by\"><strong>Solved by:</strong> both the "
                          "diagnosis (<code>answer</code>) and the repair, verified.</p>\n");
    else if (scenario->collect.present)
        hb_buf_puts(html, "<p class=\"lab-solved-by\"><strong>Solved by:</strong> both the "
                          "finding (<code>answer</code>) and a snapshot that holds every item.</p>\n");
    if (f->n_records) {
        hb_buf_puts(html, "<div class=\"lab-record\"><p><strong>What to record:</strong></p>\n<ul>\n");
        for (size_t i = 0; i < f->n_records; i++) {
            hb_buf_puts(html, "<li>");
            lab_put(html, f->records[i]);
            hb_buf_puts(html, "</li>\n");
        }
        hb_buf_puts(html, "</ul></div>\n");
    }
    /* The run shown: the scenario's own solution gives the answer away, so it stays closed
     * until the reader opens it (a learner reading the page without JavaScript must not meet
     * the answer before the goal); a run of the fence's own run: lines is shown open. */
    const char *run_kind = f->n_lines ? "a run" : "a solved run";
    hb_buf_printf(html,
                  "<p class=\"lab-status\" role=\"status\" hidden></p>\n"
                  "<p class=\"lab-actions\"><button type=\"button\" class=\"lab-start\" hidden>"
                  "Start lab</button></p>\n"
                  "<noscript><p>The interactive console needs JavaScript; below is %s of this "
                  "lab, recorded by the emulator when this page was built%s.</p></noscript>\n"
                  "<div class=\"lab-console\" hidden></div>\n"
                  "<details class=\"lab-transcript\"%s data-pagefind-ignore><summary>%s of this lab, "
                  "recorded when this page was built%s</summary>\n"
                  "<pre class=\"emu-transcript\"><code>",
                  run_kind, f->n_lines ? "" : " (open it once you have tried the lab yourself)",
                  f->n_lines ? " open" : "", f->n_lines ? "A run" : "A solved run",
                  f->n_lines ? "" : " (it gives the answer away)");
    /* The commands: the fence's run: lines, else the solution steps and the first answer. */
    const char *lines[LAB_MAX_LINES + 1];
    int line_no[LAB_MAX_LINES + 1];
    size_t n = 0;
    char *answer = NULL;
    if (f->n_lines) {
        for (size_t i = 0; i < f->n_lines; i++) {
            lines[n] = f->lines[i];
            line_no[n++] = f->line_no[i];
        }
    } else {
        /* the investigation, the answer, then the repair and its verification */
        for (int i = 0; i < scenario->n_steps && n < LAB_MAX_LINES; i++) {
            if (scenario->steps[i].fix)
                continue;
            lines[n] = scenario->steps[i].command;
            line_no[n++] = line;
        }
        if (scenario->answer) {
            answer = hb_strfmt("answer %s", scenario->answer);
            lines[n] = answer;
            line_no[n++] = line;
        }
        for (int i = 0; i < scenario->n_steps && n < LAB_MAX_LINES; i++) {
            if (!scenario->steps[i].fix)
                continue;
            lines[n] = scenario->steps[i].command;
            line_no[n++] = line;
        }
    }
    /* Every command shown is an example: one that fails is an error, whether the page's run:
     * line or a step of the scenario's solution (then the scenario needs fixing). */
    int errors = lab_run(doc, catalog, f, lines, line_no, n, html);
    free(answer);
    hb_buf_puts(html, "</code></pre>\n</details>\n</section>\n");
    free(root);
    return errors;
}

/* A ```console lab=ID fence: the commands with their real output. */
static int lab_console(hb_doc *doc, const emu_catalog *catalog, lab_fence *f, hb_buf *html)
{
    if (!emu_catalog_find(catalog, f->lab)) {
        hb_error(doc->site->diag, doc->page->path, hb_doc_line(doc, f->node), 1,
                 "unknown lab '%s': there is no %s/labs/%s.yaml", f->lab,
                 lab_content_dir(doc->site), f->lab);
        return 1;
    }
    if (!f->n_lines) {
        hb_error(doc->site->diag, doc->page->path, hb_doc_line(doc, f->node), 1,
                 "console lab=%s fence has no command", f->lab);
        return 1;
    }
    /* An example that answers a lab or reveals its solution stays out of the search index, as
     * the lab blocks' solved transcripts do: a search must not give the answer away. */
    bool gives_away = false;
    for (size_t i = 0; i < f->n_lines; i++) {
        const char *l = f->lines[i];
        while (*l == ' ')
            l++;
        gives_away |= !strncmp(l, "answer", 6) || !strncmp(l, "solutions", 9);
    }
    /* data-emu-base and data-seed: the page's console.js gives the example a Run button that
     * opens a console on the same lab and seed with these commands run */
    char *root = hb_lab_root_prefix(doc->page);
    hb_buf_puts(html, "<pre class=\"emu-example\" data-lab=\"");
    lab_put(html, f->lab);
    hb_buf_printf(html, "\" data-emu-base=\"%semu/\"", root);
    free(root);
    if (f->seed[0]) {
        hb_buf_puts(html, " data-seed=\"");
        lab_put(html, f->seed);
        hb_buf_puts(html, "\"");
    }
    hb_buf_printf(html, "%s><code class=\"language-console\">",
                  gives_away ? " data-pagefind-ignore" : "");
    int errors = lab_run(doc, catalog, f, (const char *const *)f->lines, f->line_no, f->n_lines,
                         html);
    hb_buf_puts(html, "</code></pre>\n");
    return errors;
}

int hb_transform_lab(hb_doc *doc)
{
    lab_fence *fences = NULL;
    size_t n = 0;
    int errors = 0;
    size_t n_blocks = 0;
    cmark_node **blocks = hb_doc_blocks(doc, CMARK_NODE_CODE_BLOCK, &n_blocks);
    for (size_t b = 0; b < n_blocks; b++) {
        cmark_node *node = blocks[b];
        lab_fence f;
        memset(&f, 0, sizeof f);
        f.node = node;
        int kind = lab_parse_info(doc, node, &f);
        if (kind < 0 && doc->phase == HB_PHASE_SCAN)
            errors++;
        if (kind <= 0)
            continue;
        fences = hb_grow(fences, n, sizeof *fences);
        fences[n++] = f;
    }
    free(blocks);
    if (!n)
        return errors;

    /* The anchor #lab-ID, given out in both phases so that every later id stays the same. */
    char **ids = hb_calloc(n, sizeof *ids);
    for (size_t i = 0; i < n; i++) {
        if (fences[i].is_lab) {
            char *base = hb_strfmt("lab-%s", fences[i].lab);
            ids[i] = hb_slug_unique(&doc->ids, base);
            free(base);
        }
    }
    /* The emulator runs in the render phase only: errors are reported once. */
    if (doc->phase == HB_PHASE_RENDER) {
        const emu_catalog *catalog = doc->site->labs;
        if (!catalog) {
            const char *why = doc->site->labs_error ? doc->site->labs_error : "";
            char *first = lab_first_line(why, strlen(why));
            hb_error(doc->site->diag, doc->page->path, hb_doc_line(doc, fences[0].node), 1,
                     "the lab scenarios do not load: %s", first);
            free(first);
            errors++;
        }
        for (size_t i = 0; catalog && i < n; i++) {
            lab_fence *f = &fences[i];
            hb_buf html = {0};
            int e = lab_parse_body(doc, f);
            if (!e)
                e = f->is_lab ? lab_block(doc, catalog, f, ids[i], &html)
                              : lab_console(doc, catalog, f, &html);
            errors += e;
            if (!e) {
                cmark_node_insert_before(f->node, hb_html_node(CMARK_NODE_HTML_BLOCK, html.data));
                hb_doc_bury(doc, f->node);
            }
            hb_buf_free(&html);
        }
    }
    for (size_t i = 0; i < n; i++) {
        free(ids[i]);
        lab_fence_free(&fences[i]);
    }
    free(ids);
    free(fences);
    return errors;
}
