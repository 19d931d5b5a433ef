/* test_host_api.c: unit tests of the parts of emu.h that the hosts beyond the CLI rely on (the
 * build-time examples of generator/transform_lab.c and the WebAssembly console): the
 * EMU_RESULT_FAILED flag of a failing command line, and emu_session_lab following `lab start`.
 * Run from the repository root (it reads content/labs/). */
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

static void test_failed_flag(void **state)
{
    char *error = NULL;
    emu_session *s = emu_session_open(*state, "late-rank", 0, &error);
    assert_non_null(s);
    assert_int_equal(run(s, "hostname").flags & EMU_RESULT_FAILED, 0);
    assert_true(run(s, "no-such-tool").flags & EMU_RESULT_FAILED);
    assert_true(run(s, "ssh node42").flags & EMU_RESULT_FAILED);
    /* the status of the last command of the line counts, as $? in bash */
    assert_int_equal(run(s, "no-such-tool; hostname").flags & EMU_RESULT_FAILED, 0);
    assert_true(run(s, "hostname | grep -c nothing-matches").flags & EMU_RESULT_FAILED);
    emu_session_close(s);
}

static void test_session_lab(void **state)
{
    char *error = NULL;
    emu_session *s = emu_session_open(*state, "late-rank", 0, &error);
    assert_non_null(s);
    assert_string_equal(emu_session_lab(s), "late-rank");
    run(s, "lab start input-wait");
    assert_string_equal(emu_session_lab(s), "input-wait");
    emu_session_close(s);
    s = emu_session_open(*state, NULL, 0, &error);
    assert_non_null(s);
    assert_string_equal(emu_session_lab(s), "");
    emu_session_close(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_failed_flag),
        cmocka_unit_test(test_session_lab),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
