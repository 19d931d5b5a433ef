/* test_slug.c: heading ids: GitHub-style slugs, uniqueness per page, explicit id checks. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "slug.h"

static void expect_slug(const char *text, const char *want)
{
    char *got = hb_slug(text, strlen(text));
    assert_string_equal(got, want);
    free(got);
}

static void test_slug_github_rules(void **state)
{
    (void)state;
    expect_slug("Clock event reasons", "clock-event-reasons");
    expect_slug("Reading NCCL_DEBUG=INFO", "reading-nccl_debuginfo");
    expect_slug("algbw vs. busbw: the 2(n-1)/n factor", "algbw-vs-busbw-the-2n-1n-factor");
    expect_slug("What's next?", "whats-next");
    expect_slug("  leading and trailing  ", "--leading-and-trailing--");
    expect_slug("Networking: NVLink / NVSwitch", "networking-nvlink--nvswitch");
    expect_slug("Ünïcode stays", "Ünïcode-stays");
    expect_slug("snake_case and kebab-case", "snake_case-and-kebab-case");
    expect_slug("!!!", "");
}

static void test_slug_unique(void **state)
{
    (void)state;
    hb_slug_set set = {0};
    char *a = hb_slug_unique(&set, "steps");
    char *b = hb_slug_unique(&set, "steps");
    char *c = hb_slug_unique(&set, "steps");
    char *d = hb_slug_unique(&set, "");
    char *e = hb_slug_unique(&set, "");
    assert_string_equal(a, "steps");
    assert_string_equal(b, "steps-1");
    assert_string_equal(c, "steps-2");
    assert_string_equal(d, "section");
    assert_string_equal(e, "section-1");
    /* A heading literally titled "steps-1" after the duplicates gets the next free id. */
    char *f = hb_slug_unique(&set, "steps-1");
    assert_string_equal(f, "steps-1-1");
    free(a), free(b), free(c), free(d), free(e), free(f);
    hb_slug_set_free(&set);
}

static void test_slug_claim_and_valid(void **state)
{
    (void)state;
    hb_slug_set set = {0};
    assert_int_equal(hb_slug_claim(&set, "clocks"), 0);
    assert_int_equal(hb_slug_claim(&set, "clocks"), -1);
    char *next = hb_slug_unique(&set, "clocks");
    assert_string_equal(next, "clocks-1");
    free(next);
    hb_slug_set_free(&set);

    assert_true(hb_slug_valid_id("busbw-worked-example"));
    assert_true(hb_slug_valid_id("v1.2:a_b"));
    assert_false(hb_slug_valid_id(""));
    assert_false(hb_slug_valid_id("has space"));
    assert_false(hb_slug_valid_id("quote\""));
    assert_false(hb_slug_valid_id("<script>"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_slug_github_rules),
        cmocka_unit_test(test_slug_unique),
        cmocka_unit_test(test_slug_claim_and_valid),
    };
    return cmocka_run_group_tests_name("slug", tests, NULL, NULL);
}
