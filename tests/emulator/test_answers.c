/* test_answers.c: the answer checker against each lab's fixture, tests/lab/answers/ID.txt: how
 * engineers phrase a diagnosis (right, partial, wrong) and the reply each phrasing gets, and for
 * a lab with a fix, the repair and verification that solve it. Every lab of content/labs needs a
 * fixture of at least 30 phrasings, and its own diagnosis.answer must be right.
 *
 * Usage (from the repository root): test_answers [FIXTURE.txt ...]  (default: every fixture and
 * the check that every lab has one). Fixture lines, each case in a fresh session of the lab:
 *   right: ANSWER                  `answer ANSWER` is right ("Right: ...")
 *   partial: ANSWER => REPLY       the reply is "Partly right: REPLY"
 *   wrong: ANSWER => REPLY         the reply is "Not ANSWER: REPLY"
 *   $ COMMAND                      run first, in the same session as the next case
 *   solved: TEXT                   the last $ command solved the lab and printed TEXT
 *   unsolved:                      after the $ commands the lab is still not solved
 * REPLY and TEXT must equal the reply's first line, or its start when they end with "...".
 * Lines starting with # and blank lines are comments. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emu.h"
#include "lab.h"
#include "labs/labs.h"
#include "model/scenario.h"
#include "util.h"

#define MIN_CASES 30

static int failures;

static void fail(const char *path, int line, const char *fmt, const char *a, const char *b)
{
    fprintf(stderr, "%s:%d: ", path, line);
    fprintf(stderr, fmt, a, b);
    fputc('\n', stderr);
    failures++;
}

/* The output's first line, without its newline, into buf. */
static void first_line(const char *text, char *buf, size_t size)
{
    size_t n = strcspn(text, "\n");
    snprintf(buf, size, "%.*s", (int)(n < size ? n : size - 1), text);
}

/* Whether got equals want, or starts with it when want ends with "...". */
static bool same(const char *got, const char *want)
{
    size_t wl = strlen(want);
    if (wl >= 3 && !strcmp(want + wl - 3, "..."))
        return !strncmp(got, want, wl - 3);
    return !strcmp(got, want);
}

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
        s[--n] = '\0';
    return s;
}

/* Runs one fixture file on lab id; returns the number of cases. */
static int run_fixture(const emu_catalog *catalog, const char *id, const char *path)
{
    size_t len;
    char *text = hb_read_file(path, &len);
    if (!text) {
        fail(path, 0, "cannot read %s%s", path, "");
        return 0;
    }
    int cases = 0, line_no = 0;
    char *err = NULL;
    emu_session *session = NULL;
    char *last = NULL; /* the last $ command's output */
    for (char *line = text, *next; line && *line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        line_no++;
        char *l = trim(line);
        if (!*l || *l == '#')
            continue;
        if (!session) {
            session = emu_session_open(catalog, id, 0, &err);
            if (!session) {
                fail(path, line_no, "cannot open lab %s: %s", id, err ? err : "?");
                free(err);
                break;
            }
        }
        if (!strncmp(l, "$ ", 2)) {
            emu_result r = emu_session_execute(session, l + 2, strlen(l + 2));
            free(last);
            last = strdup(r.text);
            continue;
        }
        char got[2048];
        if (!strncmp(l, "unsolved:", 9)) {
            cases++;
            emu_result r = emu_session_execute(session, "lab", 3);
            if (!strstr(r.text, "Status:         in progress"))
                fail(path, line_no, "the lab should still be in progress: %s%s", r.text, "");
        } else if (!strncmp(l, "solved:", 7)) {
            cases++;
            /* the last $ command's output holds the solve message */
            const char *want = trim(l + 7);
            if (!last || !*want || !strstr(last, want))
                fail(path, line_no, "the last command did not print '%s'; it printed:\n%s", want,
                     last ? last : "(no command)");
            emu_result r = emu_session_execute(session, "lab", 3);
            if (!strstr(r.text, "Status:         solved"))
                fail(path, line_no, "the lab is not solved: %s%s", r.text, "");
        } else {
            const char *kinds[] = {"right:", "partial:", "wrong:"};
            int kind = -1;
            for (int k = 0; k < 3; k++)
                if (!strncmp(l, kinds[k], strlen(kinds[k])))
                    kind = k;
            if (kind < 0) {
                fail(path, line_no, "not a case: '%s'%s", l, "");
                continue;
            }
            cases++;
            char *answer = trim(l + strlen(kinds[kind]));
            char *want = NULL;
            char *arrow = strstr(answer, "=>");
            if (arrow) {
                *arrow = '\0';
                want = trim(arrow + 2);
                answer = trim(answer);
            }
            char input[1024];
            snprintf(input, sizeof input, "answer %s", answer);
            emu_result r = emu_session_execute(session, input, strlen(input));
            first_line(r.text, got, sizeof got);
            char expected[2048];
            if (kind == 0) {
                snprintf(expected, sizeof expected, "Right: %s.", answer);
                if (strncmp(got, expected, strlen(expected)))
                    fail(path, line_no, "expected right, got: %s%s", got, "");
            } else {
                if (kind == 1)
                    snprintf(expected, sizeof expected, "Partly right: %s", want ? want : "");
                else
                    snprintf(expected, sizeof expected, "Not %s: %s", answer, want ? want : "");
                if (!want)
                    fail(path, line_no, "a %s case needs '=> REPLY'%s", kinds[kind], "");
                else if (!same(got, expected))
                    fail(path, line_no, "expected: %s\n  got:      %s", expected, got);
            }
        }
        emu_session_close(session);
        session = NULL;
        free(last);
        last = NULL;
    }
    emu_session_close(session);
    free(last);
    free(text);
    return cases;
}

/* The lab's example answer (lab.diagnosis.example, the goal's "e.g."): every lab has one, and it
 * shows an answer of the lab's kind without being its answer or even partly right (it would give
 * the answer away). */
static void check_example(const emu_catalog *catalog, const emu_scenario *lab, const char *path)
{
    const char *id = emu_scenario_id(lab);
    if (!lab->example || !lab->example[0]) {
        fail(path, 0, "lab %s has no lab.diagnosis.example (the goal's e.g.)%s", id, "");
        return;
    }
    char *err = NULL;
    emu_session *session = emu_session_open(catalog, id, 0, &err);
    if (!session) {
        fail(path, 0, "cannot open lab %s: %s", id, err ? err : "?");
        free(err);
        return;
    }
    char input[512], want[512], got[2048];
    snprintf(input, sizeof input, "answer %s", lab->example);
    snprintf(want, sizeof want, "Not %s: ", lab->example);
    emu_result r = emu_session_execute(session, input, strlen(input));
    first_line(r.text, got, sizeof got);
    if (strncmp(got, want, strlen(want)))
        fail(path, 0, "the example answer must be judged wrong (it shows the form, not the answer); got: %s%s",
             got, "");
    emu_session_close(session);
}

/* Every command a hint names in backquotes runs as the hint writes it: none fails for want of
 * root (a hint that leaves out the sudo a repair needs sends the learner into the error). */
static void check_hints(const emu_catalog *catalog, const emu_scenario *lab, const char *path)
{
    static const char *const denied[] = {"Invalid user id", "Operation not permitted",
                                         "Insufficient Permissions", "Permission denied",
                                         "must be root", "Access denied"};
    const char *id = emu_scenario_id(lab);
    for (int h = 0; h < lab->n_hints; h++) {
        for (const char *p = strchr(lab->hints[h], '`'); p; p = strchr(p, '`')) {
            const char *end = strchr(p + 1, '`');
            if (!end)
                break;
            char command[512];
            snprintf(command, sizeof command, "%.*s", (int)(end - p - 1), p + 1);
            p = end + 1;
            /* a word, or a form whose options are to fill ("ipmitool ... sel elist") */
            const char *space = strchr(command, ' ');
            if (!space || !strncmp(space, " ...", 4))
                continue;
            char *err = NULL;
            emu_session *session = emu_session_open(catalog, id, 0, &err);
            if (!session) {
                fail(path, 0, "cannot open lab %s: %s", id, err ? err : "?");
                free(err);
                return;
            }
            emu_result r = emu_session_execute(session, command, strlen(command));
            for (size_t k = 0; k < sizeof denied / sizeof denied[0]; k++)
                if (strstr(r.text, denied[k]))
                    fail(path, 0, "a hint's command fails without root (add sudo): %s%s", command, "");
            emu_session_close(session);
        }
    }
}

int main(int argc, char **argv)
{
    /* content/labs and the test labs, read as every native host reads them (lab_catalog.c) */
    emu_catalog *catalog = emu_catalog_new();
    hb_buf errors = {0};
    if (hb_lab_catalog_add_dir(catalog, "content/labs", &errors) < 0 ||
        hb_lab_catalog_add_dir(catalog, "tests/lab/scenarios", &errors) < 0) {
        fprintf(stderr, "test_answers: cannot read content/labs or tests/lab/scenarios (run from "
                        "the repository root)\n");
        failures++;
    }
    if (errors.len) {
        fputs(errors.data, stderr);
        failures++;
    }
    hb_buf_free(&errors);
    int total = 0;
    if (argc > 1) {
        for (int a = 1; a < argc; a++) {
            const char *base = strrchr(argv[a], '/');
            base = base ? base + 1 : argv[a];
            char id[128];
            snprintf(id, sizeof id, "%.*s", (int)strcspn(base, "."), base);
            total += run_fixture(catalog, id, argv[a]);
        }
    } else {
        for (size_t i = 0; i < emu_catalog_count(catalog); i++) {
            const emu_scenario *lab = emu_catalog_at(catalog, i);
            if (!lab->has_lab) /* an example scenario: no answer to check */
                continue;
            const char *id = emu_scenario_id(lab);
            char path[512];
            snprintf(path, sizeof path, "tests/lab/answers/%s.txt", id);
            FILE *f = fopen(path, "r");
            if (!f) {
                fail(path, 0, "lab %s has no answer fixture (at least 30 phrasings)%s", id, "");
                continue;
            }
            fclose(f);
            int cases = run_fixture(catalog, id, path);
            check_example(catalog, lab, path);
            check_hints(catalog, lab, path);
            if (cases < MIN_CASES) {
                char count[16];
                snprintf(count, sizeof count, "%d", cases);
                fail(path, 0, "%s: only %s phrasings (at least 30)", id, count);
            }
            total += cases;
        }
    }
    emu_catalog_free(catalog);
    printf("answers: %d cases, %d failed\n", total, failures);
    return failures ? 1 : 0;
}
