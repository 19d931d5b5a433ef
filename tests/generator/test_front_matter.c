/* test_front_matter.c: splitting front matter from the body, and validating its keys (types,
 * required title, unknown keys, positions of errors in the file). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "site.h"

static void test_split(void **state)
{
    (void)state;
    size_t start, len, body;
    int line;
    const char *text = "---\ntitle: A\norder: 2\n---\nBody\n";
    assert_int_equal(hb_front_matter_split(text, strlen(text), &start, &len, &body, &line), 1);
    assert_int_equal(start, 4);
    assert_memory_equal(text + start, "title: A\norder: 2\n", len);
    assert_string_equal(text + body, "Body\n");
    assert_int_equal(line, 5);

    /* "..." also closes; trailing spaces and CRLF are fine. */
    const char *crlf = "--- \r\ntitle: A\r\n...\r\n\r\nText";
    assert_int_equal(hb_front_matter_split(crlf, strlen(crlf), &start, &len, &body, &line), 1);
    assert_string_equal(crlf + body, "\r\nText");
    assert_int_equal(line, 4);

    const char *none = "# Title\n---\n";
    assert_int_equal(hb_front_matter_split(none, strlen(none), &start, &len, &body, &line), 0);
    assert_int_equal(body, 0);
    const char *open = "---\ntitle: A\n";
    assert_int_equal(hb_front_matter_split(open, strlen(open), &start, &len, &body, &line), -1);
    /* "----" is not a fence. */
    const char *four = "----\ntitle: A\n----\n";
    assert_int_equal(hb_front_matter_split(four, strlen(four), &start, &len, &body, &line), 0);
}

typedef struct parsed {
    hb_diag diag;
    hb_page page;
    int errors;
} parsed;

static parsed *parse(const char *yaml)
{
    parsed *p = calloc(1, sizeof *p);
    hb_diag_init(&p->diag);
    p->page.path = strdup("content/x.md");
    p->errors = hb_front_matter_parse(&p->page, yaml, strlen(yaml), 2, &p->diag);
    return p;
}

static void parsed_free(parsed *p)
{
    hb_page_free(&p->page);
    hb_diag_free(&p->diag);
    free(p);
}

static void test_all_keys(void **state)
{
    (void)state;
    parsed *p = parse("title: \"Networking: NCCL\"\n"
                      "summary: Collectives and transports.\n"
                      "section: Networking\n"
                      "order: -3\n"
                      "labs: [multi-node-slowdown, late-rank]\n"
                      "aliases:\n  - /reference/nccl/\n  - /nccl/\n"
                      "anchor_aliases: {bus-bandwidth: busbw, '#old': new}\n"
                      "template: section\n");
    assert_int_equal(p->errors, 0);
    assert_int_equal(p->diag.count, 0);
    assert_string_equal(p->page.title, "Networking: NCCL");
    assert_string_equal(p->page.summary, "Collectives and transports.");
    assert_string_equal(p->page.section, "Networking");
    assert_true(p->page.has_order);
    assert_int_equal(p->page.order, -3);
    assert_int_equal(p->page.n_labs, 2);
    assert_string_equal(p->page.labs[1], "late-rank");
    assert_int_equal(p->page.n_aliases, 2);
    assert_string_equal(p->page.aliases[0], "/reference/nccl/");
    assert_int_equal(p->page.alias_lines[1], 9); /* file line: first_line 2 + yaml line 7 */
    assert_int_equal(p->page.n_anchor_aliases, 2);
    assert_string_equal(p->page.anchor_aliases[0].from, "bus-bandwidth");
    assert_string_equal(p->page.anchor_aliases[0].to, "busbw");
    assert_string_equal(p->page.anchor_aliases[1].from, "old"); /* '#' dropped */
    assert_string_equal(p->page.template_name, "section");
    assert_int_equal(p->page.template_line, 11);
    parsed_free(p);
}

static void test_single_lab_is_a_list(void **state)
{
    (void)state;
    parsed *p = parse("title: A\nlabs: input-wait\n");
    assert_int_equal(p->errors, 0);
    assert_int_equal(p->page.n_labs, 1);
    assert_string_equal(p->page.labs[0], "input-wait");
    parsed_free(p);
}

static void test_errors_and_warnings(void **state)
{
    (void)state;
    parsed *p = parse("summary: no title here\n"
                      "order: soon\n"
                      "labs: {a: b}\n"
                      "colour: blue\n"
                      "section: [a, b]\n");
    /* Missing title, bad order, labs not a list, section not a value; colour only warns. */
    assert_int_equal(p->errors, 4);
    assert_int_equal(p->diag.errors, 4);
    assert_int_equal(p->diag.warnings, 1);
    hb_diag_print(&p->diag, stdout);
    const hb_diag_entry *e = p->diag.entries; /* sorted by line after printing */
    assert_int_equal(e[0].line, 2);
    assert_non_null(strstr(e[0].message, "no title"));
    assert_int_equal(e[1].line, 3);
    assert_int_equal(e[1].col, 8);
    assert_non_null(strstr(e[1].message, "'soon'"));
    assert_int_equal(e[2].line, 4);
    assert_int_equal(e[3].line, 5);
    assert_int_equal(e[3].severity, HB_WARNING);
    assert_non_null(strstr(e[3].message, "unknown front matter key 'colour'"));
    parsed_free(p);
}

/* Hugo's keys: weight is order (0 is no weight), draft, description as the summary (a summary
 * wins, before or after it), the others kept to be warned about once for the site. */
static void test_hugo_keys(void **state)
{
    (void)state;
    parsed *p = parse("title: A\nweight: 20\ndraft: true\ndescription: Said the Hugo way.\n"
                      "date: 2024-01-01\ntags: [x]\nlinkTitle: a\n");
    assert_int_equal(p->errors, 0);
    assert_int_equal(p->diag.count, 0); /* warned about later, once per key for the site */
    assert_true(p->page.has_order);
    assert_int_equal(p->page.order, 20);
    assert_true(p->page.draft);
    assert_string_equal(p->page.summary, "Said the Hugo way.");
    assert_int_equal(p->page.n_hugo_keys, 3);
    assert_string_equal(p->page.hugo_keys[0].key, "date");
    assert_int_equal(p->page.hugo_keys[0].line, 6);
    assert_string_equal(p->page.hugo_keys[2].key, "linkTitle");
    parsed_free(p);

    p = parse("title: A\nweight: 0\ndraft: false\nsummary: Ours.\ndescription: Theirs.\n");
    assert_int_equal(p->errors, 0);
    assert_false(p->page.has_order);
    assert_false(p->page.draft);
    assert_string_equal(p->page.summary, "Ours.");
    parsed_free(p);
    p = parse("title: A\ndescription: Theirs.\nsummary: Ours.\n");
    assert_string_equal(p->page.summary, "Ours.");
    parsed_free(p);

    p = parse("title: A\norder: 1\nweight: 2\ndraft: yes\n");
    assert_int_equal(p->errors, 2);
    hb_diag_print(&p->diag, stdout);
    assert_non_null(strstr(p->diag.entries[0].message, "both order and weight (line 3)"));
    assert_non_null(strstr(p->diag.entries[1].message, "draft must be true or false"));
    parsed_free(p);
}

static void test_malformed_and_empty(void **state)
{
    (void)state;
    parsed *p = parse("title: A\nsummary: [open\n");
    assert_int_equal(p->errors, 1);
    assert_non_null(strstr(p->diag.entries[0].message, "malformed YAML"));
    assert_int_equal(p->diag.entries[0].line, 4);
    parsed_free(p);

    p = parse("");
    assert_int_equal(p->errors, 1);
    assert_non_null(strstr(p->diag.entries[0].message, "empty"));
    parsed_free(p);

    p = parse("title: \"\"\n");
    assert_int_equal(p->errors, 1);
    assert_non_null(strstr(p->diag.entries[0].message, "title is empty"));
    parsed_free(p);

    p = parse("- just\n- a list\n");
    assert_int_equal(p->errors, 1);
    assert_non_null(strstr(p->diag.entries[0].message, "mapping"));
    parsed_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_split),
        cmocka_unit_test(test_hugo_keys),
        cmocka_unit_test(test_all_keys),
        cmocka_unit_test(test_single_lab_is_a_list),
        cmocka_unit_test(test_errors_and_warnings),
        cmocka_unit_test(test_malformed_and_empty),
    };
    return cmocka_run_group_tests_name("front matter", tests, NULL, NULL);
}
