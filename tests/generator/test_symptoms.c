/* test_symptoms.c: symptom tables found by the scan pass: which tables count, the rows they
 * yield (observation, evidence, first Reference link, row id), and the errors of bad rows. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "load.h"
#include "transform.h"

typedef struct scan {
    hb_build_options options;
    hb_diag diag;
    hb_site site;
    hb_page page;
} scan;

/* Runs the scan passes over markdown as the body of content/page.md (body on line 1). */
static scan *scan_markdown(const char *markdown)
{
    scan *s = calloc(1, sizeof *s);
    s->options.content_dir = "content";
    hb_diag_init(&s->diag);
    s->site.options = &s->options;
    s->site.diag = &s->diag;
    s->page.path = strdup("content/page.md");
    s->page.rel_path = strdup("page.md");
    s->page.dir = strdup("");
    s->page.body_line = 1;
    cmark_parser *parser = hb_load_parser_new();
    cmark_parser_feed(parser, markdown, strlen(markdown));
    hb_doc doc = {.site = &s->site, .page = &s->page, .phase = HB_PHASE_SCAN};
    doc.root = cmark_parser_finish(parser);
    hb_transform_all(&doc);
    hb_doc_free(&doc);
    cmark_parser_free(parser);
    return s;
}

static void scan_free(scan *s)
{
    hb_page_free(&s->page);
    hb_diag_free(&s->diag);
    free(s);
}

static void test_recognised_table(void **state)
{
    (void)state;
    scan *s = scan_markdown(
        "## Symptoms\n\n"
        "| Observation | Reference | Evidence to keep |\n"
        "|---|---|---|\n"
        "| One node runs **slower** than its peers | [NVIDIA Stack](ref/gpu.md) | Clocks, placement |\n"
        "| Host access disappears | See [OOB](ref/oob.md#sel) and [more](ref/x.md) | SEL |\n");
    assert_int_equal(s->page.n_rows, 2);
    assert_string_equal(s->page.rows[0].observation, "One node runs slower than its peers");
    assert_string_equal(s->page.rows[0].evidence, "Clocks, placement");
    assert_string_equal(s->page.rows[0].dest, "ref/gpu.md");
    assert_string_equal(s->page.rows[0].row_id, "symptom-one-node-runs-slower-than-its-peers");
    assert_int_equal(s->page.rows[0].line, 5);
    /* Only the first link of the Reference cell is the edge. */
    assert_string_equal(s->page.rows[1].dest, "ref/oob.md#sel");
    assert_int_equal(s->diag.errors, 0);
    scan_free(s);
}

static void test_column_order_and_case(void **state)
{
    (void)state;
    scan *s = scan_markdown("| evidence to keep | OBSERVATION | Reference |\n"
                            "|---|---|---|\n"
                            "| Negotiated rate | A link is up but slow | [Fabric](fabric.md) |\n");
    assert_int_equal(s->page.n_rows, 1);
    assert_string_equal(s->page.rows[0].observation, "A link is up but slow");
    assert_string_equal(s->page.rows[0].evidence, "Negotiated rate");
    assert_string_equal(s->page.rows[0].dest, "fabric.md");
    scan_free(s);
}

static void test_other_tables_ignored(void **state)
{
    (void)state;
    /* A fourth column, a missing column, or other names: not a symptom table, no errors. */
    scan *s = scan_markdown("| Observation | Reference | Evidence to keep | Owner |\n"
                            "|---|---|---|---|\n| a | b | c | d |\n\n"
                            "| Observation | Reference |\n|---|---|\n| a | b |\n\n"
                            "| Order and guide | Question | Record |\n|---|---|---|\n| a | b | c |\n");
    assert_int_equal(s->page.n_rows, 0);
    assert_int_equal(s->diag.errors, 0);
    scan_free(s);
}

static void test_bad_rows(void **state)
{
    (void)state;
    scan *s = scan_markdown("| Observation | Reference | Evidence to keep |\n"
                            "|---|---|---|\n"
                            "| No link | GPU page | Clocks |\n"
                            "|  | [GPU](gpu.md) | Empty observation |\n"
                            "| Short row |\n"
                            "| Twice | [GPU](gpu.md) | x |\n"
                            "| Twice | [GPU](gpu.md) | y |\n");
    /* The empty observation is skipped; the rest are rows (a row without a link keeps no dest). */
    assert_int_equal(s->page.n_rows, 4);
    assert_null(s->page.rows[0].dest);
    assert_null(s->page.rows[1].dest); /* "Short row": no Reference cell */
    /* Same observation twice: unique row ids. */
    assert_string_equal(s->page.rows[2].row_id, "symptom-twice");
    assert_string_equal(s->page.rows[3].row_id, "symptom-twice-1");
    assert_int_equal(s->diag.errors, 3);
    hb_diag_print(&s->diag, stdout);
    assert_int_equal(s->diag.entries[0].line, 3);
    assert_non_null(strstr(s->diag.entries[0].message, "'No link' has no link"));
    assert_int_equal(s->diag.entries[1].line, 4);
    assert_non_null(strstr(s->diag.entries[1].message, "empty Observation"));
    assert_int_equal(s->diag.entries[2].line, 5);
    scan_free(s);
}

static void test_row_ids_do_not_take_heading_ids(void **state)
{
    (void)state;
    scan *s = scan_markdown("## symptom-slow\n\n"
                            "| Observation | Reference | Evidence to keep |\n|---|---|---|\n"
                            "| Slow | [x](x.md) | y |\n");
    assert_string_equal(s->page.rows[0].row_id, "symptom-slow-1");
    scan_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_recognised_table),
        cmocka_unit_test(test_column_order_and_case),
        cmocka_unit_test(test_other_tables_ignored),
        cmocka_unit_test(test_bad_rows),
        cmocka_unit_test(test_row_ids_do_not_take_heading_ids),
    };
    return cmocka_run_group_tests_name("symptoms", tests, NULL, NULL);
}
