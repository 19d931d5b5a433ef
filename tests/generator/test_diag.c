/* test_diag.c: the diagnostics' three formats (text, GitHub Actions annotations, JSON): their
 * escapes, the merging of one template error from several pages, and entries without a file. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "diag.h"

/* The diagnostics printed in `format`, as a malloc'd string. */
static char *printed(hb_diag *diag, hb_diag_format format)
{
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    assert_non_null(out);
    hb_diag_print_as(diag, out, format);
    fclose(out);
    return text;
}

static void expect_printed(hb_diag *diag, hb_diag_format format, const char *want)
{
    char *got = printed(diag, format);
    assert_string_equal(got, want);
    free(got);
}

/* GitHub's escapes: % CR LF in the message, and : , as well in a property (the file). */
static void test_github_escapes(void **state)
{
    (void)state;
    hb_diag diag;
    hb_diag_init(&diag);
    hb_error(&diag, "content/a,b:c.md", 3, 7, "100%% broken: 'x,y'\nsecond line\r");
    hb_warning(&diag, "content/z.md", 0, 0, "unknown key");
    hb_error(&diag, NULL, 0, 0, "no file");
    expect_printed(&diag, HB_DIAG_GITHUB,
                   "::error file=content/a%2Cb%3Ac.md,line=3,col=7,title=handbook::"
                   "100%25 broken: 'x,y'%0Asecond line%0D\n"
                   "::warning file=content/z.md,line=1,col=1,title=handbook::unknown key\n"
                   "::error title=handbook::no file\n");
    hb_diag_free(&diag);
}

/* JSON: quotes, backslashes and control characters escaped; a non-UTF-8 name stays valid
 * JSON; counts are those of the entries printed. */
static void test_json_escapes(void **state)
{
    (void)state;
    hb_diag diag;
    hb_diag_init(&diag);
    hb_error(&diag, "content/q.md", 2, 1, "say \"hi\" \\ tab\there\x01");
    hb_warning(&diag, "content/\xe9t\xe9.md", 1, 1, "latin-1 name");
    expect_printed(&diag, HB_DIAG_JSON,
                   "{\"diagnostics\": [\n"
                   "  {\"file\": \"content/q.md\", \"line\": 2, \"column\": 1, \"severity\": \"error\", "
                   "\"message\": \"say \\\"hi\\\" \\\\ tab\\there\\u0001\"},\n"
                   "  {\"file\": \"content/\\u00e9t\\u00e9.md\", \"line\": 1, \"column\": 1, "
                   "\"severity\": \"warning\", \"message\": \"latin-1 name\"}\n"
                   "], \"errors\": 1, \"warnings\": 1}\n");
    hb_diag_free(&diag);
}

static void test_json_empty(void **state)
{
    (void)state;
    hb_diag diag;
    hb_diag_init(&diag);
    expect_printed(&diag, HB_DIAG_JSON, "{\"diagnostics\": [], \"errors\": 0, \"warnings\": 0}\n");
    expect_printed(&diag, HB_DIAG_GITHUB, "");
    hb_diag_free(&diag);
}

/* One template error from three pages is one entry in every format, naming the first page. */
static void test_merged_pages(void **state)
{
    (void)state;
    hb_diag diag;
    hb_diag_init(&diag);
    for (int format = HB_DIAG_TEXT; format <= HB_DIAG_JSON; format++) {
        hb_diag_report_page(&diag, HB_ERROR, "templates/page.lua", 8, 1, "content/c.md", "nil value");
        hb_diag_report_page(&diag, HB_ERROR, "templates/page.lua", 8, 1, "content/a.md", "nil value");
        hb_diag_report_page(&diag, HB_ERROR, "templates/page.lua", 8, 1, "content/b.md", "nil value");
        const char *want[] = {
            "templates/page.lua:8:1: error: nil value (rendering content/a.md and 2 other pages)\n",
            "::error file=templates/page.lua,line=8,col=1,title=handbook::nil value (rendering "
            "content/a.md and 2 other pages)\n",
            "{\"diagnostics\": [\n  {\"file\": \"templates/page.lua\", \"line\": 8, \"column\": 1, "
            "\"severity\": \"error\", \"message\": \"nil value (rendering content/a.md and 2 other "
            "pages)\"}\n], \"errors\": 1, \"warnings\": 0}\n",
        };
        expect_printed(&diag, (hb_diag_format)format, want[format]);
        hb_diag_free(&diag);
        hb_diag_init(&diag);
    }
    hb_diag_free(&diag);
}

static void test_format_names(void **state)
{
    (void)state;
    hb_diag_format f;
    assert_int_equal(hb_diag_format_parse("github", &f), 0);
    assert_int_equal(f, HB_DIAG_GITHUB);
    assert_int_equal(hb_diag_format_parse("json", &f), 0);
    assert_int_equal(f, HB_DIAG_JSON);
    assert_int_equal(hb_diag_format_parse("text", &f), 0);
    assert_int_equal(f, HB_DIAG_TEXT);
    assert_int_equal(hb_diag_format_parse("GitHub", &f), -1);
    assert_int_equal(hb_diag_format_parse("", &f), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_github_escapes),
        cmocka_unit_test(test_json_escapes),
        cmocka_unit_test(test_json_empty),
        cmocka_unit_test(test_merged_pages),
        cmocka_unit_test(test_format_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
