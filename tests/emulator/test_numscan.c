/* test_numscan.c: emu_strtod and emu_sscanf (emulator/numscan.c) against glibc's strtod and
 * sscanf, bit for bit: hand-picked boundary cases, then many random decimal and hexadecimal
 * numbers, the exact halfway points between neighbouring doubles (printed exactly through long
 * double) and their nearest neighbours, and the emulator's own sscanf formats. */
#include <errno.h>
#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "compat/numscan.h"

static uint64_t rng_state = 0x9e3779b97f4a7c15u;

/* xorshift64*: a fixed sequence, so a failure reproduces. */
static uint64_t next_random(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545f4914f6cdd1du;
}

static long failures;

/* Compares both conversions of s: value bits (NaNs: sign only), end and errno. */
static void check_strtod(const char *s)
{
    char *end_glibc, *end_ours;
    errno = 0;
    double want = strtod(s, &end_glibc);
    int errno_glibc = errno;
    errno = 0;
    double got = emu_strtod(s, &end_ours);
    int errno_ours = errno;
    uint64_t want_bits, got_bits;
    memcpy(&want_bits, &want, sizeof want);
    memcpy(&got_bits, &got, sizeof got);
    int same = isnan(want) ? isnan(got) && signbit(want) == signbit(got) : want_bits == got_bits;
    if (!same || end_glibc != end_ours || errno_glibc != errno_ours) {
        if (failures++ < 20)
            fprintf(stderr, "strtod(\"%.200s\"): glibc %a end %td errno %d, ours %a end %td "
                            "errno %d\n", s, want, end_glibc - s, errno_glibc, got, end_ours - s,
                    errno_ours);
    }
}

static void test_strtod_cases(void **state)
{
    (void)state;
    static const char *const cases[] = {
        "0", "-0", "+0", "0.0", ".0", "0.", ".", "-", "+", "", "  ", " \t\n12", "x", "-x", "+.e1",
        "1", "-1", "1.5", "123.456e-7", "1e22", "1e23", "9007199254740993", "9007199254740992.5",
        "1e-5", "0.1", "0.3", "3.14159265358979323846", "2.5e-3x", "1e", "1e+", "1e-", "1ex",
        "1.e5", "1.5E+10", "1.5e+1000", "1e-1000", "1e400", "-1e400", "1e308", "1.8e308",
        "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308",
        "2.2250738585072014e-308", "2.2250738585072011e-308", "2.2250738585072012e-308",
        "2.2250738585072013e-308", "2.225073858507201136e-308", "4.9406564584124654e-324",
        "2.4703282292062327e-324", "2.4703282292062328e-324", "2.4703282292062327208e-324",
        "5e-324", "1e-320", "3e-324", "1e-400", "0e99999999999999", "0e-99999999999999",
        "1e99999999999999999999", "1e-99999999999999999999", "0.000000000000000000000000001e27",
        "100000000000000000000000000000000000000000000000000000000000000000000e-60",
        "123456789012345678901234567890", "0.000123456789012345678901234567890e300",
        "inf", "-inf", "INF", "Infinity", "-INFINITY", "infinit", "infx", "in", "nan", "-nan",
        "NaN", "nan()", "nan(123)", "nan(abc_1)", "nan(", "nan(a-b)", "nanx",
        "nan(888888888888888888888888888888)", "nan(0xffffffffffffffffff)", "nan(99999999999999999999x)",
        "0x", "0x1", "0X1P+3", "0x.8", "0x.", "0x.p1", "0xp1", "0x1p", "0x1p-", "0x1.8p1",
        "-0x1.fffffffffffffp1023", "0x1.fffffffffffff8p1023", "0x1.fffffffffffff7ffp1023",
        "0x1p-1022", "0x1p-1023", "0x1p-1074", "0x1p-1075", "0x1.0000000000001p-1075",
        "0x1p-1076", "0x1.8p-1074", "0x1.fffffffffffffp-1023", "0x1.fffffffffffff8p-1023",
        "0x1.fffffffffffffcp-1023", "0x1.fffffffffffffbp-1023", "0x0.00000000000000000001p0",
        "0x123456789abcdef0123456789p0", "0x1.00000000000008p0", "0x1.000000000000080001p0",
        "0x1.00000000000018p0", "0x1p99999999", "0x1p-99999999", "0x0p99999999", "0x1g",
        "1,5", "1..5", "1.5.5", "--1", "+-1", "1e+5e5", "  -12.5e-1abc",
    };
    failures = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        check_strtod(cases[i]);
    assert_int_equal(failures, 0);
}

/* A long string of digits: n digits, with a point at random and an exponent. */
static void random_decimal(char *buf, size_t cap)
{
    int n = 1 + (int)(next_random() % 40);
    if (next_random() % 8 == 0)
        n += (int)(next_random() % 900);
    size_t k = 0;
    if (next_random() % 2)
        buf[k++] = '-';
    int point = (int)(next_random() % (unsigned)(n + 1));
    for (int i = 0; i < n && k + 16 < cap; i++) {
        if (i == point && next_random() % 2)
            buf[k++] = '.';
        buf[k++] = (char)('0' + next_random() % 10);
    }
    snprintf(buf + k, cap - k, "e%d", (int)(next_random() % 700) - 360);
}

static void test_strtod_random(void **state)
{
    (void)state;
    failures = 0;
    char buf[2048];
    for (int i = 0; i < 40000; i++) {
        uint64_t bits = next_random();
        double x;
        memcpy(&x, &bits, sizeof x);
        if (isnan(x) || isinf(x))
            continue;
        /* round trips and near misses, in every precision */
        snprintf(buf, sizeof buf, "%.*g", 1 + (int)(next_random() % 20), x);
        check_strtod(buf);
        snprintf(buf, sizeof buf, "%a", x);
        check_strtod(buf);
        random_decimal(buf, sizeof buf);
        check_strtod(buf);
    }
    assert_int_equal(failures, 0);
}

/* The exact decimal of the point halfway between x and the next double up, then that point
 * nudged by one unit in a far digit each way: the hardest inputs for rounding. */
static void check_halfway(double x)
{
    long double mid = ((long double)x + (long double)nextafter(x, INFINITY)) / 2;
    char buf[1200];
    int n = snprintf(buf, sizeof buf, "%.780Le", mid);
    assert_true(n > 0 && (size_t)n < sizeof buf);
    check_strtod(buf);
    /* the mantissa's digits end before 'e': strip its trailing zeros, then nudge the last */
    char *e = strchr(buf, 'e');
    char exponent[16];
    snprintf(exponent, sizeof exponent, "%s", e);
    char *last = e - 1;
    while (*last == '0')
        last--;
    char up[1200], down[1200];
    snprintf(up, sizeof up, "%.*s1%s", (int)(last + 1 - buf), buf, exponent); /* a bit above */
    check_strtod(up);
    if (*last > '0' && *last <= '9') {
        snprintf(down, sizeof down, "%.*s%c9%s", (int)(last - buf), buf, *last - 1, exponent);
        check_strtod(down); /* a bit below */
    }
    snprintf(up, sizeof up, "%.*s%s", (int)(last + 1 - buf), buf, exponent);
    check_strtod(up);
}

static void test_strtod_halfway(void **state)
{
    (void)state;
    failures = 0;
    for (int i = 0; i < 3000; i++) {
        uint64_t bits = next_random() >> 1;
        double x;
        memcpy(&x, &bits, sizeof x);
        if (isnan(x) || isinf(x) || isinf(nextafter(x, INFINITY)))
            continue;
        check_halfway(x);
    }
    /* subnormals, the edge of the normal range, round numbers and the largest doubles */
    for (int i = 0; i < 3000; i++) {
        uint64_t bits = next_random() % ((uint64_t)1 << 53);
        double x;
        memcpy(&x, &bits, sizeof x);
        check_halfway(x);
    }
    static const double edges[] = {0, DBL_MIN, 1, 2, 0.1, 1e22, 1e23, 9007199254740992.0};
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++) {
        check_halfway(edges[i]);
        check_halfway(nextafter(edges[i], 0));
    }
    check_halfway(nextafter(DBL_MAX, 0));
    assert_int_equal(failures, 0);
}

static void test_strtod_hex_random(void **state)
{
    (void)state;
    failures = 0;
    char buf[256];
    for (int i = 0; i < 30000; i++) {
        int n = 1 + (int)(next_random() % 30);
        size_t k = (size_t)snprintf(buf, sizeof buf, "%s0x", next_random() % 2 ? "-" : "");
        int point = (int)(next_random() % (unsigned)(n + 1));
        for (int d = 0; d < n; d++) {
            if (d == point)
                buf[k++] = '.';
            buf[k++] = "0123456789abcdefABCDEF"[next_random() % 22];
        }
        snprintf(buf + k, sizeof buf - k, "p%d", (int)(next_random() % 2400) - 1200);
        check_strtod(buf);
    }
    assert_int_equal(failures, 0);
}

/* ---- sscanf: the emulator's formats ---------------------------------------------------- */

/* Runs one format (up to six ints and one %n) on both, and compares everything. */
static void check_ints(const char *fmt, const char *s)
{
    int a[7], b[7];
    for (int i = 0; i < 7; i++)
        a[i] = b[i] = -7;
    int want = sscanf(s, fmt, &a[0], &a[1], &a[2], &a[3], &a[4], &a[5], &a[6]);
    int got = emu_sscanf(s, fmt, &b[0], &b[1], &b[2], &b[3], &b[4], &b[5], &b[6]);
    if (want != got || memcmp(a, b, sizeof a) != 0) {
        failures++;
        fprintf(stderr, "sscanf(\"%s\", \"%s\"): glibc %d (%d %d %d %d %d %d %d), ours %d (%d %d "
                        "%d %d %d %d %d)\n", s, fmt, want, a[0], a[1], a[2], a[3], a[4], a[5],
                a[6], got, b[0], b[1], b[2], b[3], b[4], b[5], b[6]);
    }
}

static void test_sscanf_ints(void **state)
{
    (void)state;
    failures = 0;
    static const char *const inputs[] = {
        "", " ", "2026-03-14", "2026-3-4", "20261-03-14", " 2026-03-14 09:30", "2026-03-14 9:5:7",
        "2026-03-14 09:30:15x", "-202-03-14", "+202-03-14", "2026-+3-14", "2026--3-14", "1.2",
        "12.34.56", " 1. 2", "+", "-", "-x", "x", "09:30", "9:5", "123:45", "1:2:3", "::",
        ":5", ":55x", ":", "node01", "node1", "node001", "node", "nodex", "NODE01", "no",
        "node 7", "node+7", "node-1", "2026-03-14T09:00:00Z", "2026-03-14T09:00:00", "2026-03-14T",
        "99999-03-14T09:00:00Z", "2026-03-14t09:00:00Z", "2026-03-14T09:00:00Zx", "12.4",
        "  12.4.1", "2.18.3", "2147483647.1", "/home/alice/logs/rank-007.log",
        "/home/alice/logs/rank-7.log", "/home/alice/logs/rank-0071.log", "/home/alice/logs/rank-.log",
    };
    static const char *const fmts[] = {
        "%4d-%2d-%2d%n", " %2d:%2d%n", ":%2d%n", "%2d:%2d%n", "%d.%d", "%d.%d.%d",
        "%4d-%2d-%2dT%2d:%2d:%2dZ%n", "node%2d%n", "/home/alice/logs/rank-%3d.log%n",
    };
    for (size_t f = 0; f < sizeof fmts / sizeof fmts[0]; f++)
        for (size_t i = 0; i < sizeof inputs / sizeof inputs[0]; i++)
            check_ints(fmts[f], inputs[i]);
    assert_int_equal(failures, 0);
}

static void check_since(const char *fmt, const char *s)
{
    double n_want = -7, n_got = -7;
    char u_want[16] = "?", u_got[16] = "?";
    int used_want = -1, used_got = -1;
    int want = sscanf(s, fmt, &n_want, u_want, &used_want);
    int got = emu_sscanf(s, fmt, &n_got, u_got, &used_got);
    int same_n = isnan(n_want) ? isnan(n_got) : memcmp(&n_want, &n_got, sizeof n_got) == 0;
    if (want != got || !same_n || strcmp(u_want, u_got) != 0 || used_want != used_got) {
        failures++;
        fprintf(stderr, "sscanf(\"%s\", \"%s\"): glibc %d %a '%s' %d, ours %d %a '%s' %d\n", s,
                fmt, want, n_want, u_want, used_want, got, n_got, u_got, used_got);
    }
}

static void test_sscanf_double_and_string(void **state)
{
    (void)state;
    failures = 0;
    static const char *const inputs[] = {
        "", "-", "-5h", "-5", "- 5h", "-5 h", "-1.5min", "-90m", "-2d", "-30s", "-5e2min",
        "-1ex", "-1e+h", "-1e", "-0xh", "-0x", "-0x1p1h", "-0x.8h", "-0x.", "0x.", "-0x.h", "-0x.p1h", "-infh", "-infinityh",
        "-infinh", "-in", "-i", "-nanh", "-nan(x)h", "-na", "-.h", "-1.h", "-.5h",
        "-abcdefghijklmnopqrstuvwxyz", "--5h", "-+5h", "5 hours ago", "5hours ago",
        "1.5 days ago", "2 min ago", " 3 sec ago", "3 sec  ago", "3 sec agox", "3 sec",
        "3 verylongunitnameforsure ago", "x ago", "0x10 min ago", "1e1 s ago", "inf h ago",
    };
    static const char *const fmts[] = {"-%lf%15s%n", "%lf %15s ago%n"};
    for (size_t f = 0; f < sizeof fmts / sizeof fmts[0]; f++)
        for (size_t i = 0; i < sizeof inputs / sizeof inputs[0]; i++)
            check_since(fmts[f], inputs[i]);
    assert_int_equal(failures, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_strtod_cases),
        cmocka_unit_test(test_strtod_random),
        cmocka_unit_test(test_strtod_halfway),
        cmocka_unit_test(test_strtod_hex_random),
        cmocka_unit_test(test_sscanf_ints),
        cmocka_unit_test(test_sscanf_double_and_string),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
