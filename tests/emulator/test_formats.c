/* test_formats.c: the number and time formatters that stand in for printf and strftime on the
 * emulator's hot paths give the same bytes as the originals: emu_format_fixed (out.h) against
 * snprintf's "%.Nf", emu_format_utc_stamp (rng.h) against gmtime and strftime, over many values
 * (random and the edge cases: ties, signs, zero, powers of ten, large values, leap days). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "out.h"
#include "model/rng.h"

static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static uint64_t next_random(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545f4914f6cdd1du;
}

static int fixed_failures;

static void check_fixed(double v, int decimals)
{
    char ours[32], theirs[32];
    size_t n = emu_format_fixed(ours, v, decimals);
    snprintf(theirs, sizeof theirs, "%.*f", decimals, v);
    /* and into an output buffer, whole */
    emu_out out;
    emu_out_init(&out, 0);
    emu_out_fixed(&out, v, decimals);
    char whole[400];
    snprintf(whole, sizeof whole, "%.*f", decimals, v);
    bool same_out = !strcmp(emu_out_text(&out), whole);
    emu_out_free(&out);
    if (strcmp(ours, theirs) || n != strlen(theirs) || !same_out) {
        if (fixed_failures++ < 10)
            fprintf(stderr, "emu_format_fixed(%.17g, %d) = \"%s\", printf: \"%s\"\n", v, decimals, ours, theirs);
    }
}

static void test_fixed(void **state)
{
    (void)state;
    static const double edges[] = {
        0, -0.0, 0.5, 1.5, 2.5, -0.5, -1.5, 0.05, 0.15, 0.25, 0.35, 0.45, -0.04, -0.05, 0.005,
        0.015, 0.125, 0.0625, 1e-9, -1e-9, 9.95, 9.995, 99.95, 999.95, 999999.5, 1e6, 1e6 + 0.5,
        -1e6, 123456.789, 4493.04999999, 4493.05, 4493.05000001, 1e15, 1e300, -1e300, 0.1, 0.2,
        0.3, 2.675, 1.005, 1.0005, 0.9999999, 10, 100, 1000, 5e5 + 0.25, 7.0 / 3, -7.0 / 3,
    };
    fixed_failures = 0;
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++)
        for (int d = 0; d <= 3; d++)
            check_fixed(edges[i], d);
    for (int i = 0; i < 400000; i++) {
        uint64_t r = next_random();
        /* spread over magnitudes: ms figures, coordinates, and a few large or tiny ones */
        double mag = pow(10, (double)(int)(r % 10) - 3);
        double v = (double)(next_random() >> 11) / 9007199254740992.0 * mag;
        if (r & (1u << 20))
            v = -v;
        if ((r >> 21) % 8 == 0) /* on a grid of halves: the ties */
            v = floor(v * 200) / 200;
        check_fixed(v, (int)((r >> 24) % 4));
    }
    assert_int_equal(fixed_failures, 0);
}

static void test_utc_stamp(void **state)
{
    (void)state;
    int failures = 0;
    static const double edges[] = {
        0, 0.999, 59, 60, 3599, 3600, 86399, 86400, 951782400 /* 2000-02-29 */, 951868800,
        4107542399.0 /* 2100-02-28 23:59:59 */, 4107542400.0, 1785571200.5, 253402300799.0,
        253402300800.0, -1, -86400.5,
    };
    for (int i = 0; i < 200000 + (int)(sizeof edges / sizeof edges[0]); i++) {
        double t = i < (int)(sizeof edges / sizeof edges[0])
                       ? edges[i]
                       : (double)(next_random() % 8000000000ull) + (double)(next_random() % 1000) / 1000;
        for (int k = 0; k < 2; k++) {
            char sep = k ? ' ' : 'T';
            char ours[32], theirs[32];
            emu_format_utc_stamp(t, sep, ours);
            emu_format_utc(t, k ? "%Y-%m-%d %H:%M:%S" : "%Y-%m-%dT%H:%M:%S", theirs, 20);
            if (strcmp(ours, theirs) && failures++ < 10)
                fprintf(stderr, "emu_format_utc_stamp(%.3f) = \"%s\", strftime: \"%s\"\n", t, ours, theirs);
        }
    }
    assert_int_equal(failures, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fixed),
        cmocka_unit_test(test_utc_stamp),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
