/* test_regex_nfa.c: emu_re (emulator/regex_nfa.c) against glibc's regcomp/regexec: for every
 * pattern, basic and extended, with and without REG_ICASE, both must accept or both refuse it,
 * and on every text both must find the same leftmost-longest match (or none), at the start of
 * a line and with REG_NOTBOL. Then random patterns over a small alphabet against random texts.
 * Last, emu_fnmatch against glibc's fnmatch(pattern, name, 0) the same way. */
#include <fnmatch.h>
#include <regex.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "compat/regex_nfa.h"

static long failures;

static const char *const texts[] = {
    "", "a", "b", "ab", "abc", "aaa", "abab", "xabcx", "ABC", "aBc", "a.b", "a+b", "a|b", "(a)",
    "a{2}", "{", "}", "a]b", "[x]", "-", "^a", "a$", "a\\b", "hello world", "foo_bar baz-1",
    "  spaced  ", "tab\there", "GPU 3: NVIDIA H100 80GB HBM3", "Xid 79: GPU has fallen off the bus",
    "rank 07 step 120 loss 2.3141", "mlx5_0 port 1 State: Active", "node01 node12 node7",
    "0x1f 0X2A 42", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaab", "abcabcabc", "xyzzy", "a\nb",
    "2026-03-14T09:00:00Z", "ERROR: link down", "warning: degraded",
    /* a rank log's line, for the plain-string patterns (emu_re_match's strstr path) */
    "2026-08-02T12:11:48.123Z rank=07 node=node02 gpu=7 step=3115 batch_wait_ms=0.5 step_ms=4493.0",
    "step=311 step=3115 step=31150", "=node02=node02",
};

/* Compares one pattern with the given flags over every text (but those with a newline when
 * skip_newline: glibc lets an anchor inside an ERE match beside a newline in some patterns,
 * "$." matching "\n" in "a\nb", though not in "a$"; grep and awk never pass a newline). */
static void check_pattern(const char *pattern, int extended, int icase, int skip_newline)
{
    regex_t re;
    int cflags = (extended ? REG_EXTENDED : 0) | (icase ? REG_ICASE : 0);
    int glibc_ok = regcomp(&re, pattern, cflags) == 0;
    emu_re *ours = emu_re_compile(pattern, (extended ? EMU_RE_EXTENDED : 0) |
                                               (icase ? EMU_RE_ICASE : 0));
    /* glibc takes back-references; we refuse them (grep refuses them before compiling) */
    int backref = 0;
    for (const char *p = pattern; *p; p++)
        if (*p == '\\' && p[1]) {
            backref |= p[1] >= '1' && p[1] <= '9';
            p++;
        }
    /* a quirk of glibc: under REG_ICASE an escaped ordinary letter (\\n, \\d) matches neither
     * case; here it matches its letter in either case, as an unescaped one would */
    int escaped_letter = 0;
    for (const char *p = pattern; *p; p++)
        if (*p == '\\' && p[1]) {
            escaped_letter |= icase && strchr("acdefghijklmnopqrtuvxyzACDEFGHIJKLMNOPQRTUVXYZ", p[1]);
            p++;
        }
    if (escaped_letter) {
        if (glibc_ok)
            regfree(&re);
        emu_re_free(ours);
        return;
    }
    if (backref) {
        if (glibc_ok)
            regfree(&re);
        if (ours) {
            failures++;
            fprintf(stderr, "/%s/ (%s): a back-reference was accepted\n", pattern,
                    extended ? "ERE" : "BRE");
        }
        emu_re_free(ours);
        return;
    }
    if (glibc_ok != (ours != NULL)) {
        failures++;
        fprintf(stderr, "/%s/ (%s%s): glibc %s it, ours %s it\n", pattern,
                extended ? "ERE" : "BRE", icase ? ", icase" : "", glibc_ok ? "accepts" : "refuses",
                ours ? "accepts" : "refuses");
    }
    if (glibc_ok && ours) {
        for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
            if (skip_newline && strchr(texts[i], '\n'))
                continue;
            for (int notbol = 0; notbol < 2; notbol++) {
                regmatch_t m;
                int want = regexec(&re, texts[i], 1, &m, notbol ? REG_NOTBOL : 0) == 0;
                size_t so = 0, eo = 0;
                int got = emu_re_match(ours, texts[i], notbol ? EMU_RE_NOTBOL : 0, &so, &eo);
                if (want != got || (want && ((size_t)m.rm_so != so || (size_t)m.rm_eo != eo))) {
                    if (failures++ < 40)
                        fprintf(stderr, "/%s/ (%s%s%s) on \"%s\": glibc %d [%d,%d), ours %d "
                                        "[%zu,%zu)\n", pattern, extended ? "ERE" : "BRE",
                                icase ? ", icase" : "", notbol ? ", notbol" : "", texts[i], want,
                                want ? (int)m.rm_so : -1, want ? (int)m.rm_eo : -1, got, so, eo);
                }
            }
        }
    }
    if (glibc_ok)
        regfree(&re);
    emu_re_free(ours);
}

static void check_all_modes(const char *pattern)
{
    for (int extended = 0; extended < 2; extended++)
        for (int icase = 0; icase < 2; icase++)
            check_pattern(pattern, extended, icase, 0);
}

static void test_patterns(void **state)
{
    (void)state;
    static const char *const patterns[] = {
        /* characters, dot, anchors */
        "", "a", "abc", "b", ".", "a.c", "^a", "a$", "^$", "^", "$", "^abc$", "x^", "$x", "a^b",
        "a$b", "^*", "^*a", "*a", "a**", "a*", "a+", "a?", "(a)", "a)", "(a", "()", "a||b", "|a",
        "a|", "(|a)", "a|b", "ab|abc", "abc|ab", "(a|ab)(c|bcd)", "(a*)*", "(a*)+b", "(a|b)*c",
        "a*b", "a*ab", "(ab)*", "(ab)+", "x*", ".*", ".+", "a.*b", "a.*c", "[a-c]+", "b*",
        /* intervals */
        "a{2}", "a{1,2}", "a{,2}", "a{2,}", "a{0}", "a{0,0}", "a{", "a{1", "a{x}", "{1}",
        "x{2,1}", "a{1,2}{2}", "(ab){2}", "a\\{2\\}", "a\\{1,\\}", "a\\{,2\\}", "a\\{x\\}",
        "a{256}", "a{32768}",
        /* GNU basic extensions and escapes */
        "a\\+", "a\\?", "a\\|b", "\\(a\\)", "\\(a\\|b\\)*c", "\\(a", "a\\)", "\\)", "\\{1\\}",
        "\\.", "\\(", "\\)", "\\*", "\\[", "\\]", "\\{", "\\}", "\\|", "\\+", "\\?", "\\^",
        "\\$", "\\\\", "\\", "a\\", "\\n", "\\d", "\\w+", "\\W+", "\\s", "\\S+", "\\bab",
        "b\\b", "\\Bb", "\\<a", "a\\>", "\\<node[0-9]+\\>", "\\`a", "c\\'", "\\1", "(a)\\1",
        /* brackets */
        "[abc]", "[^abc]", "[a-c]", "[^a-c]+", "[]a]", "[^]a]", "[a-]", "[-a]", "[a", "[",
        "[]", "[^]", "[z-a]", "[[:alpha:]]+", "[[:digit:]]+", "[[:alnum:]_]+", "[[:upper:]]",
        "[[:lower:]]+", "[[:space:]]+", "[[:blank:]]", "[[:punct:]]+", "[[:xdigit:]]+",
        "[[:foo:]]", "[[:alpha:]-z]", "[[.a.]]", "[[=a=]b]", "[[.-.]a]", "[a-c[:digit:]]+",
        "[\\w]", "[.]", "[*]", "[$]", "[\\]", "[[]", "[a-a]", "[%--]", "[!--]+", "[a-c-e]",
        "[a-c-]", "[--a]", "[a--]", "[a-c-e-g]", "[[.-.]-a]", "[a-[.z.]]", "[[.a.]-c]", "[[=a=]-c]", "[!-[=a=]]",
        "[A-c]", "[Z-a]", "[B-D]", "[^a-c]", "[_-z]", "[a-~]",
        /* realistic */
        "Xid [0-9]+", "Xid ([0-9]+):", "GPU [0-9]+: NVIDIA", "^GPU", "H100|A100",
        "loss [0-9]+\\.[0-9]+", "State: (Active|Down)", "node[0-9]{2}", "node[0-9]\\{2\\}",
        "0[xX][0-9a-fA-F]+", "[0-9]{4}-[0-9]{2}-[0-9]{2}T", "(ERROR|warning):", "error",
        "^[^ ]+ +[^ ]+", "([a-z]+)_([a-z]+)", "(.*)(.*)", "(a+|b+)*", "((a)|b)+", "(a|ab)*c",
        /* plain strings (matched by strstr) */
        "step=3115", "node=node02", "=node02", "step=", "3115 ", "Z rank=07", "aa", "ba", "bab",
        "12:11", "a b", "\\.5", "=0.5 ",
    };
    failures = 0;
    for (size_t i = 0; i < sizeof patterns / sizeof patterns[0]; i++)
        check_all_modes(patterns[i]);
    assert_int_equal(failures, 0);
}

static uint64_t rng_state = 0x2545f4914f6cdd1du;

static uint64_t next_random(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545f4914f6cdd1du;
}

/* Random patterns from pieces over the alphabet {a, b, c}. */
static void test_random_patterns(void **state)
{
    (void)state;
    static const char *const pieces[] = {
        "a", "b", "c", ".", "*", "+", "?", "|", "(", ")", "[ab]", "[^a]", "{1,2}", "{2}", "^",
        "$", "ab", "\\<", "\\>", "\\b", "\\w", "\\(", "\\)", "\\|", "\\+", "\\{1,2\\}",
        "[[:alpha:]]", "{", "}", "{,2}", "\\B", "\\W", "\\s", "\\.", "a*", "[a-c]",
    };
    failures = 0;
    for (int i = 0; i < 10000; i++) {
        char pattern[64] = "";
        int n = 1 + (int)(next_random() % 7);
        for (int k = 0; k < n; k++)
            strcat(pattern, pieces[next_random() % (sizeof pieces / sizeof pieces[0])]);
        check_pattern(pattern, 1, 0, 1);
        check_pattern(pattern, 0, (int)(next_random() % 2), 1);
    }
    assert_int_equal(failures, 0);
}

/* A long line stays linear: no backtracking blow-up, and the match is found. */
static void test_long_line(void **state)
{
    (void)state;
    size_t len = 200000;
    char *text = malloc(len + 2);
    assert_non_null(text);
    memset(text, 'a', len);
    text[len] = 'b';
    text[len + 1] = '\0';
    emu_re *re = emu_re_compile("(a|aa)*(a*)*b", EMU_RE_EXTENDED);
    assert_non_null(re);
    size_t so = 1, eo = 0;
    assert_true(emu_re_match(re, text, 0, &so, &eo));
    assert_int_equal(so, 0);
    assert_int_equal(eo, len + 1);
    emu_re_free(re);
    assert_null(emu_re_compile("((a{1000}){1000}){1000}", EMU_RE_EXTENDED)); /* too large */
    free(text);
}

static void check_glob(const char *pattern, const char *name)
{
    int want = fnmatch(pattern, name, 0) == 0;
    int got = emu_fnmatch(pattern, name);
    if (want != got && failures++ < 40)
        fprintf(stderr, "fnmatch(\"%s\", \"%s\"): glibc %d, ours %d\n", pattern, name, want, got);
}

static void test_fnmatch(void **state)
{
    (void)state;
    static const char *const patterns[] = {
        "", "*", "?", "a", "a*", "*a", "*a*", "a?c", "*.log", "rank-*.log", "rank-?[0-9].log",
        "[", "[a", "a[", "[]]", "[]a]", "[!a]", "[^a]", "[!]]", "\\*", "[\\]]", "[a\\]",
        "[[:alpha:]]*", "[[:digit:]][[:digit:]]", "[[:foo:]]", "[[:alpha:]", "a\\", "[a-]",
        "[z-a]", "[--0]", "[[.a.]]", "[[=a=]]", "[!", "[]", "x[]", "[a-c-e]", "**a", "*?*",
        "node0[1-4]", "*[!.]", ".*", "*/*", "\\[a]", "[*]", "[?]*", "[[=a]", "[[=ab=]]", "[[.]",
        "[[.]]", "[[.ab.]]", "[[.a]", "[[=]", "[[=]]", "[[.a.]-c]", "[!!a]", "[[:foo@:]]",
        "[[:td:]]", "[[:d[[:td:]]?", "[x[:td:]]", "[!x[:td:]]", "[ab", "[a[.x", "[a[.x.]b]",
        "[a[.xy.]b]", "[a[.x]b.]]", "[b[.x]b.]]", "[a[.", "*[x:'[[:alqha:]digit:]?",
        "[a-", "*[a-", "[|e-", "[e-", "[-", "x[a-", "*[d::-[=a=]", "[!-[=a=]]",
    };
    static const char *const names[] = {
        "", "a", "b", "ab", "abc", "ba", "[", "[a", "a[", "]", "-", "*", "a\\", "!", "[!",
        "[]", "x[]", "d", "/", "/x", ".x", ".", "rank-07.log", "rank-7.log", "train.log",
        "node01", "node05", "a/b", "aaa", "[a]", "?", "ab.", "12", "1a", "=", "=x", "^", "c",
        "a]", "=]", "f]", ":", "t]", "x", "t", "[:", "d:", "[ab", "[a[.x", "c[!", "xx[itd[!", "[a-", "x[a-", "[e-", "[-", "\\<", "<", "=]",
    };
    failures = 0;
    for (size_t i = 0; i < sizeof patterns / sizeof patterns[0]; i++)
        for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
            check_glob(patterns[i], names[k]);
    static const char *const pieces[] = {"a", "b", "*", "?", "[ab]", "[!a]", "[", "]", "\\", "-",
                                         "[a-b]", ".", "[[:alpha:]]"};
    for (int i = 0; i < 20000; i++) {
        char pattern[64] = "", name[16] = "";
        int n = 1 + (int)(next_random() % 6);
        for (int k = 0; k < n; k++)
            strcat(pattern, pieces[next_random() % (sizeof pieces / sizeof pieces[0])]);
        int len = (int)(next_random() % 8);
        for (int k = 0; k < len; k++)
            name[k] = "ab-.[]\\!"[next_random() % 8];
        name[len] = '\0';
        check_glob(pattern, name);
    }
    assert_int_equal(failures, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_patterns),
        cmocka_unit_test(test_random_patterns),
        cmocka_unit_test(test_long_line),
        cmocka_unit_test(test_fnmatch),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
