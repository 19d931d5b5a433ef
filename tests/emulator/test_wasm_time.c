/* test_wasm_time.c: the WebAssembly build's own UTC time functions (wasm/emu_wasm_time.c)
 * against the C library's: gmtime_r fields, timegm round trips and strftime for every
 * conversion they implement, over dates from 1900 to 2100 (leap days, year ends, ISO weeks). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

/* The file under test, its functions renamed so that both versions live in one program. */
#define gmtime_r emw_gmtime_r
#define gmtime emw_gmtime
#define timegm emw_timegm
#define strftime emw_strftime
#include "../../wasm/emu_wasm_time.c"
#undef gmtime_r
#undef gmtime
#undef timegm
#undef strftime

/* Seconds since the epoch of a spread of interesting instants. */
static long long instants[600];
static size_t n_instants;

static int setup(void **state)
{
    (void)state;
    static const long long fixed[] = {
        0,          -1,         86399,       86400,      951782400 /* 2000-02-29 */,
        951868799,  1078012800 /* 2004-02-29 */,         1773478800 /* 2026-03-14 09:00 */,
        1767225599, 1767225600, -2208988800LL /* 1900-01-01 */, 4102444799LL /* 2099-12-31 */,
        1230768000 /* 2009-01-01, ISO week 1 of 2009 */, 1262217600 /* 2009-12-31, week 53 */,
        1104537600 /* 2005-01-01, week 53 of 2004 */,
    };
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        instants[n_instants++] = fixed[i];
    /* Every 73 days and 7 hours from 1900 to 2100. */
    for (long long t = -2208988800LL; t < 4102444800LL && n_instants < 600; t += 73 * 86400 + 25201)
        instants[n_instants++] = t;
    return 0;
}

static void test_gmtime(void **state)
{
    (void)state;
    for (size_t i = 0; i < n_instants; i++) {
        time_t t = (time_t)instants[i];
        struct tm want, got;
        assert_non_null(gmtime_r(&t, &want));
        assert_non_null(emw_gmtime_r(&t, &got));
        assert_int_equal(got.tm_year, want.tm_year);
        assert_int_equal(got.tm_mon, want.tm_mon);
        assert_int_equal(got.tm_mday, want.tm_mday);
        assert_int_equal(got.tm_hour, want.tm_hour);
        assert_int_equal(got.tm_min, want.tm_min);
        assert_int_equal(got.tm_sec, want.tm_sec);
        assert_int_equal(got.tm_wday, want.tm_wday);
        assert_int_equal(got.tm_yday, want.tm_yday);
        struct tm copy = got;
        assert_int_equal((long long)emw_timegm(&copy), instants[i]);
    }
}

static void test_timegm_normalises(void **state)
{
    (void)state;
    struct tm a = {.tm_year = 126, .tm_mon = 13, .tm_mday = 31, .tm_hour = 25};
    struct tm b = a;
    assert_int_equal((long long)emw_timegm(&a), (long long)timegm(&b));
    assert_int_equal(a.tm_mon, b.tm_mon);
    assert_int_equal(a.tm_mday, b.tm_mday);
}

static void test_strftime(void **state)
{
    (void)state;
    static const char *const formats[] = {
        "%Y-%m-%d %H:%M:%S", "%Y-%m-%dT%H:%M:%S", "%a %b %e %H:%M:%S %Y", "%A %B %d",
        "%c", "%D %T %R %F", "%x %X", "%I:%M %p %r", "%j %u %w %y %C", "%U %W %V %G %g",
        "%z %Z %% %n%t|", "%h %s",
    };
    for (size_t i = 0; i < n_instants; i++) {
        time_t t = (time_t)instants[i];
        struct tm tm;
        gmtime_r(&t, &tm);
        for (size_t f = 0; f < sizeof formats / sizeof formats[0]; f++) {
            char want[256], got[256];
            size_t nw = strftime(want, sizeof want, formats[f], &tm);
            size_t ng = emw_strftime(got, sizeof got, formats[f], &tm);
            if (nw != ng || strcmp(want, got) != 0)
                fail_msg("%s at %lld: libc \"%s\", wasm \"%s\"", formats[f], instants[i], want, got);
        }
    }
    /* A result that does not fit gives 0, as in the C library. */
    struct tm tm;
    time_t t = 0;
    gmtime_r(&t, &tm);
    char small[4];
    assert_int_equal(emw_strftime(small, sizeof small, "%Y-%m", &tm), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gmtime),
        cmocka_unit_test(test_timegm_normalises),
        cmocka_unit_test(test_strftime),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
