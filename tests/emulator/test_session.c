/* test_session.c: unit tests of emu.h as every host uses it (session.c over the real model and
 * the labs of content/labs): opening, greeting, prompt, determinism, ssh, solving, completion,
 * and the errors of a bad lab id. Run from the repository root. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "emu.h"

static const char *const lab_ids[] = {"input-wait", "late-rank", "multi-node-slowdown"};

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *data = malloc((size_t)n + 1);
    if (data && fread(data, 1, (size_t)n, f) != (size_t)n) {
        free(data);
        data = NULL;
    }
    fclose(f);
    if (data) {
        data[n] = '\0';
        *len = (size_t)n;
    }
    return data;
}

static int setup(void **state)
{
    emu_catalog *catalog = emu_catalog_new();
    if (!catalog)
        return -1;
    for (size_t i = 0; i < sizeof lab_ids / sizeof lab_ids[0]; i++) {
        char path[256];
        snprintf(path, sizeof path, "content/labs/%s.yaml", lab_ids[i]);
        size_t len = 0;
        char *yaml = slurp(path, &len);
        char *error = NULL;
        if (!yaml || emu_catalog_add(catalog, lab_ids[i], yaml, len, path, &error) != 0) {
            fprintf(stderr, "%s: %s\n", path, error ? error : "cannot read");
            free(error);
            free(yaml);
            emu_catalog_free(catalog);
            return -1;
        }
        free(yaml);
    }
    *state = catalog;
    return 0;
}

static int teardown(void **state)
{
    emu_catalog_free(*state);
    return 0;
}

static emu_result run(emu_session *s, const char *line)
{
    return emu_session_execute(s, line, strlen(line));
}

static void test_open_and_greeting(void **state)
{
    for (size_t i = 0; i < sizeof lab_ids / sizeof lab_ids[0]; i++) {
        char *error = NULL;
        emu_session *s = emu_session_open(*state, lab_ids[i], 0, &error);
        assert_non_null(s);
        assert_null(error);
        const char *g = emu_session_greeting(s);
        assert_non_null(strstr(g, "Type `help` for the full list of commands, or `solutions` for "
                                  "reference procedures.\n"));
        assert_non_null(strstr(g, "Simulated outputs do not validate your environment.\n"));
        assert_non_null(strstr(g, lab_ids[i]));
        assert_string_equal(emu_session_prompt(s), "user@node01:~$ ");
        emu_result r = run(s, "hostname");
        assert_string_equal(r.text, "node01\n");
        assert_int_equal(r.len, 7);
        emu_session_close(s);
    }
}

static void test_unknown_lab(void **state)
{
    char *error = NULL;
    emu_session *s = emu_session_open(*state, "no-such-lab", 0, &error);
    assert_null(s);
    assert_non_null(error);
    assert_non_null(strstr(error, "unknown lab 'no-such-lab'"));
    assert_non_null(strstr(error, "late-rank"));
    free(error);
}

static void test_no_lab(void **state)
{
    char *error = NULL;
    emu_session *s = emu_session_open(*state, NULL, 0, &error);
    assert_non_null(s);
    assert_non_null(strstr(emu_session_greeting(s), "lab list"));
    emu_session_close(s);
}

/* Same seed, same outputs; another seed changes the samples. */
static void test_determinism(void **state)
{
    static const char *const lines[] = {"squeue", "tail -n 3 train.log",
                                        "tail -n 2 logs/rank-13.log"};
    char *first[3] = {0};
    for (int round = 0; round < 2; round++) {
        char *error = NULL;
        emu_session *s = emu_session_open(*state, "late-rank", 7, &error);
        assert_non_null(s);
        for (int i = 0; i < 3; i++) {
            emu_result r = run(s, lines[i]);
            if (round == 0)
                first[i] = strdup(r.text);
            else
                assert_string_equal(first[i], r.text);
        }
        emu_session_close(s);
    }
    char *error = NULL;
    emu_session *s = emu_session_open(*state, "late-rank", 8, &error);
    assert_non_null(s);
    run(s, lines[0]);
    assert_string_not_equal(run(s, lines[1]).text, first[1]);
    emu_session_close(s);
    for (int i = 0; i < 3; i++)
        free(first[i]);
}

static void test_ssh_prompt_and_exit(void **state)
{
    char *error = NULL;
    emu_session *s = emu_session_open(*state, "late-rank", 0, &error);
    assert_non_null(s);
    emu_result r = run(s, "ssh node02");
    assert_int_equal(r.flags, 0);
    assert_string_equal(emu_session_prompt(s), "user@node02:~$ ");
    r = run(s, "exit");
    assert_string_equal(r.text, "logout\nConnection to node02 closed.\n");
    assert_string_equal(emu_session_prompt(s), "user@node01:~$ ");
    r = run(s, "ssh node42");
    assert_string_equal(r.text,
                        "ssh: Could not resolve hostname node42: Name or service not known\n");
    r = run(s, "exit");
    assert_true(r.flags & EMU_RESULT_EXIT);
    emu_session_close(s);
}

static void test_solve(void **state)
{
    char *error = NULL;
    emu_session *s = emu_session_open(*state, "late-rank", 0, &error);
    assert_non_null(s);
    emu_result r = run(s, "answer network");
    assert_int_equal(r.flags & EMU_RESULT_SOLVED, 0);
    r = run(s, "answer node02 gpu5");
    assert_true(r.flags & EMU_RESULT_SOLVED);
    r = run(s, "hostname");
    assert_int_equal(r.flags & EMU_RESULT_SOLVED, 0);
    emu_session_close(s);
}

static void test_complete(void **state)
{
    char *error = NULL;
    emu_session *s = emu_session_open(*state, "late-rank", 0, &error);
    assert_non_null(s);
    assert_string_equal(emu_session_complete(s, "squ", 3), "squeue\n");
    assert_string_equal(emu_session_complete(s, "ssh node0", 9), "node01\nnode02\n");
    assert_non_null(strstr(emu_session_complete(s, "tail tr", 7), "train.log\n"));
    assert_string_equal(emu_session_complete(s, "qqqq", 4), "");
    /* arguments the cluster names: lab ids, HCAs, BMCs */
    assert_string_equal(emu_session_complete(s, "lab start i", 11), "input-wait\n");
    assert_non_null(strstr(emu_session_complete(s, "ibstat mlx5_", 12), "mlx5_0\n"));
    assert_string_equal(emu_session_complete(s, "ipmitool -H node02", 18), "node02-bmc\n");
    emu_session_close(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_open_and_greeting), cmocka_unit_test(test_unknown_lab),
        cmocka_unit_test(test_no_lab),            cmocka_unit_test(test_determinism),
        cmocka_unit_test(test_ssh_prompt_and_exit), cmocka_unit_test(test_solve),
        cmocka_unit_test(test_complete),
    };
    return cmocka_run_group_tests_name("session", tests, setup, teardown);
}
