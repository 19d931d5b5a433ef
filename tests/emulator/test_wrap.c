/* test_wrap.c: unit tests of the prose wrapping at the terminal's width (emulator/wrap.c,
 * emu_session_set_columns): lines break at blanks and never inside `backquotes`, continuation
 * lines of a list item are indented under its text, a paragraph's authored line breaks are
 * joined, UTF-8 counts one column a character, a width of 0 leaves the text byte for byte;
 * and over every lab of content/labs/, at every width from 20 to 120 columns, every line of the
 * greeting, the goal, the hints and the worked solution fits the width unless it is one word
 * (or one quoted command) too long for it, and no word is lost or changed on the way.
 * Run from the repository root (it reads content/labs/). */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "emu.h"
#include "out.h"

static char *wrapped(int columns, int join, const char *text)
{
    emu_out out;
    emu_out_init(&out, 0);
    emu_out_wrap(&out, columns, join, text, strlen(text));
    char *copy = strdup(emu_out_text(&out));
    emu_out_free(&out);
    return copy;
}

static void expect(int columns, int join, const char *text, const char *want)
{
    char *got = wrapped(columns, join, text);
    assert_string_equal(got, want);
    free(got);
}

static void test_wrap_rules(void **state)
{
    (void)state;
    /* 0: unchanged, joins nothing */
    expect(0, 1, "a b\nc d\n", "a b\nc d\n");
    /* at blanks, the blanks at the break dropped */
    expect(20, 0, "one two three four five six seven\n", "one two three four\nfive six seven\n");
    expect(20, 0, "one two three four  five\n", "one two three four\nfive\n");
    /* a word longer than the width stays whole */
    expect(20, 0, "see /reference/storage/training-workloads/ now\n",
           "see\n/reference/storage/training-workloads/\nnow\n");
    /* never inside backquotes */
    expect(20, 0, "run `tail -n 3 train.log` first\n", "run\n`tail -n 3 train.log`\nfirst\n");
    /* list items and indented lines: continuations under the text */
    expect(20, 0, "1. alpha beta gamma delta\n", "1. alpha beta gamma\n   delta\n");
    expect(20, 0, "   Look for: alpha beta gamma\n", "   Look for: alpha\n   beta gamma\n");
    expect(20, 0, "- alpha beta gamma delta\n", "- alpha beta gamma\n  delta\n");
    /* join: a paragraph's lines become one, blank lines and list items stay */
    expect(40, 1, "alpha beta\ngamma delta\n\nnext one\n- item\n- item two\n",
           "alpha beta gamma delta\n\nnext one\n- item\n- item two\n");
    expect(40, 0, "alpha beta\ngamma delta\n", "alpha beta\ngamma delta\n");
    /* UTF-8: one column a character (20 characters, 40 bytes) */
    expect(20, 0, "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9 \xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9 "
                  "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9 \xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9 x\n",
           "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9 \xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9 "
           "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9 \xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\nx\n");
    /* under 20 columns: 20 */
    expect(5, 0, "one two three four five six\n", "one two three four\nfive six\n");
    /* no final newline: none added */
    expect(20, 0, "one two three four five", "one two three four\nfive");
}

/* ---- every lab, every width ------------------------------------------------------------ */

static char lab_ids[64][256]; /* the ids setup loaded */
static size_t n_labs;

static int setup(void **state)
{
    emu_catalog *catalog = emu_catalog_new();
    DIR *dir = opendir("content/labs");
    if (!catalog || !dir)
        return -1;
    struct dirent *e;
    while ((e = readdir(dir))) {
        size_t n = strlen(e->d_name);
        if (n < 6 || strcmp(e->d_name + n - 5, ".yaml") != 0)
            continue;
        if (n_labs == sizeof lab_ids / sizeof lab_ids[0])
            break;
        char path[512], *id = lab_ids[n_labs++];
        snprintf(path, sizeof path, "content/labs/%s", e->d_name);
        snprintf(id, sizeof lab_ids[0], "%.*s", (int)(n - 5), e->d_name);
        FILE *f = fopen(path, "rb");
        char *yaml = malloc(1 << 20);
        size_t len = f && yaml ? fread(yaml, 1, (1 << 20) - 1, f) : 0;
        if (f)
            fclose(f);
        char *error = NULL;
        int rc = yaml ? emu_catalog_add(catalog, id, yaml, len, path, &error) : -1;
        free(yaml);
        if (rc != 0) {
            fprintf(stderr, "%s: %s\n", path, error ? error : "cannot read");
            free(error);
            closedir(dir);
            emu_catalog_free(catalog);
            return -1;
        }
    }
    closedir(dir);
    *state = catalog;
    return 0;
}

static int teardown(void **state)
{
    emu_catalog_free(*state);
    return 0;
}

/* Columns of a line (UTF-8 characters). */
static size_t columns_of(const char *s, size_t len)
{
    size_t n = 0;
    for (size_t i = 0; i < len; i++)
        n += ((unsigned char)s[i] & 0xC0) != 0x80;
    return n;
}

/* Every line fits `columns`, or is a single unbreakable piece: no blank outside backquotes
 * after its leading blanks. */
static void assert_fits(const char *text, int columns, const char *what)
{
    for (const char *line = text; *line;) {
        const char *nl = strchr(line, '\n');
        size_t len = nl ? (size_t)(nl - line) : strlen(line);
        if (columns_of(line, len) > (size_t)columns) {
            size_t i = 0;
            while (i < len && line[i] == ' ')
                i++;
            int quoted = 0, breakable = 0;
            for (; i < len; i++) {
                if (line[i] == '`')
                    quoted = !quoted;
                else if (line[i] == ' ' && !quoted)
                    breakable = 1;
            }
            /* the numbered command of a solution step ("3. $ nvidia-smi ...") stays whole */
            int command = len > 4 && line[0] >= '1' && line[0] <= '9' && strstr(line, ". $ ") &&
                          (size_t)(strstr(line, ". $ ") - line) < 3;
            if (breakable && !command)
                fail_msg("%s at %d columns: a line of %zu columns: %.*s", what, columns,
                         columns_of(line, len), (int)len, line);
        }
        line += len + (nl ? 1 : 0);
    }
}

/* The words of text, blanks and newlines removed: wrapping must keep every one of them. */
static char *words_of(const char *text)
{
    char *w = malloc(strlen(text) + 1), *p = w;
    for (; *text; text++)
        if (*text != ' ' && *text != '\n')
            *p++ = *text;
    *p = '\0';
    return w;
}

static char *run_copy(emu_session *s, const char *line)
{
    emu_result r = emu_session_execute(s, line, strlen(line));
    return strdup(r.text);
}

static void test_every_lab_fits(void **state)
{
    emu_catalog *catalog = *state;
    static const char *const lines[] = {"goal", "hint", "hint", "hint", "hint", "hint",
                                        "answer nothing at all", "solutions lab", "y"};
    enum { N_LINES = sizeof lines / sizeof lines[0] };
    assert_true(n_labs >= 3);
    size_t labs_seen = 0;
    for (size_t l = 0; l < n_labs; l++) {
        const char *id = lab_ids[l];
        char *error = NULL;
        emu_session *plain = emu_session_open(catalog, id, 0, &error);
        assert_non_null(plain);
        char *plain_greeting = strdup(emu_session_greeting(plain));
        char lab_line[300];
        snprintf(lab_line, sizeof lab_line, "\nLab %s: ", id);
        if (!strstr(plain_greeting, lab_line)) { /* an example scenario, not a lab */
            free(plain_greeting);
            emu_session_close(plain);
            continue;
        }
        labs_seen++;
        char *plain_out[N_LINES];
        for (size_t i = 0; i < N_LINES; i++)
            plain_out[i] = run_copy(plain, lines[i]);
        for (int columns = 20; columns <= 120; columns++) {
            emu_session *s = emu_session_open(catalog, id, 0, &error);
            assert_non_null(s);
            emu_session_set_columns(s, columns);
            char what[300];
            snprintf(what, sizeof what, "%s: the greeting", id);
            assert_fits(emu_session_greeting(s), columns, what);
            char *a = words_of(emu_session_greeting(s)), *b = words_of(plain_greeting);
            assert_string_equal(a, b);
            free(a);
            free(b);
            for (size_t i = 0; i < N_LINES; i++) {
                char *got = run_copy(s, lines[i]);
                snprintf(what, sizeof what, "%s: %s", id, lines[i]);
                assert_fits(got, columns, what);
                a = words_of(got);
                b = words_of(plain_out[i]);
                assert_string_equal(a, b);
                free(a);
                free(b);
                free(got);
            }
            /* back to 0: the greeting as the transcripts have it */
            emu_session_set_columns(s, 0);
            assert_string_equal(emu_session_greeting(s), plain_greeting);
            emu_session_close(s);
        }
        for (size_t i = 0; i < N_LINES; i++)
            free(plain_out[i]);
        free(plain_greeting);
        emu_session_close(plain);
    }
    assert_true(labs_seen >= 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wrap_rules),
        cmocka_unit_test(test_every_lab_fits),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
