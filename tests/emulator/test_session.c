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
#include "lab.h"
#include "lab_catalog.h"
#include "labs/labs.h"
#include "model/scenario.h"

/* Every lab of content/labs (not the example scenarios, which have no `lab:`). */
static void test_open_and_greeting(void **state)
{
    int labs = 0;
    for (size_t i = 0; i < emu_catalog_count(*state); i++) {
        const emu_scenario *lab = emu_catalog_at(*state, i);
        if (!lab->has_lab)
            continue;
        labs++;
        const char *id = emu_scenario_id(lab);
        char *error = NULL;
        emu_session *s = emu_session_open(*state, id, 0, &error);
        assert_non_null(s);
        assert_null(error);
        const char *g = emu_session_greeting(s);
        assert_non_null(strstr(g, "Type `help` for the full list of commands, or `solutions` for "
                                  "reference procedures.\n"));
        assert_non_null(strstr(g, "Simulated outputs do not validate your environment.\n"));
        assert_non_null(strstr(g, id));
        assert_string_equal(emu_session_prompt(s), "user@node01:~$ ");
        emu_result r = run(s, "hostname");
        assert_string_equal(r.text, "node01\n");
        assert_int_equal(r.len, 7);
        emu_session_close(s);
    }
    assert_true(labs >= 3); /* the loader found the labs */
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
    assert_int_equal(r.flags & EMU_RESULT_SOLVED, 0); /* the GPU without what makes it slow */
    r = run(s, "answer node02 gpu5 thermal");
    assert_true(r.flags & EMU_RESULT_SOLVED);
    r = run(s, "hostname");
    assert_int_equal(r.flags & EMU_RESULT_SOLVED, 0);
    /* hints read after the solve are not counted as used for it (the saved record's figure) */
    run(s, "hint");
    run(s, "hint");
    r = run(s, "lab status");
    char *status = strndup(r.text, r.len);
    assert_non_null(strstr(status, "Hints used:     0 of 3 before solving, 2 read after\n"));
    free(status);
    emu_session_close(s);
}

/* The lab's progress as JSON: the learner's commands against the worked solution, hints, a
 * solve, a revealed solution; no lab: {"lab":""}. */
static void test_lab_info(void **state)
{
    char *error = NULL;
    emu_session *s = emu_session_open(*state, "late-rank", 0, &error);
    assert_non_null(s);
    const char *info = emu_session_lab_info(s);
    assert_non_null(strstr(info, "{\"lab\":\"late-rank\",\"title\":\"Late rank\",\"goal\":\"The "));
    assert_non_null(strstr(info, "\"difficulty\":\"beginner\",\"minutes\":15,\"commands\":0,\"reference\":"));
    assert_non_null(strstr(info, "\"hints\":0,\"hints_total\":3,"));
    assert_non_null(strstr(info, "\"solved\":false"));
    assert_null(strchr(strstr(info, "\"goal\":\"") + 8, '\n')); /* the goal's line breaks are escaped */
    run(s, "hint");
    run(s, "answer node02 gpu5 thermal");
    info = emu_session_lab_info(s);
    assert_non_null(strstr(info, "\"commands\":2,"));
    assert_non_null(strstr(info, "\"hints\":1,"));
    assert_non_null(strstr(info, "\"revealed\":false,\"solved\":true,\"fix\":false}"));
    run(s, "lab start input-wait");
    run(s, "solutions lab");
    run(s, "y");
    info = emu_session_lab_info(s);
    assert_non_null(strstr(info, "{\"lab\":\"input-wait\","));
    assert_non_null(strstr(info, "\"revealed\":true,\"solved\":false"));
    emu_session_close(s);
    s = emu_session_open(*state, NULL, 0, &error);
    assert_non_null(s);
    assert_string_equal(emu_session_lab_info(s), "{\"lab\":\"\"}");
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
        cmocka_unit_test(test_complete),          cmocka_unit_test(test_lab_info),
    };
    return cmocka_run_group_tests_name("session", tests, setup, teardown);
}
