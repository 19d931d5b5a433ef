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

static const char *const lab_ids[] = {"input-wait", "late-rank", "multi-node-slowdown"};

static int setup(void **state)
{
    emu_catalog *catalog = emu_catalog_new();
    if (!catalog)
        return -1;
    for (size_t i = 0; i < sizeof lab_ids / sizeof lab_ids[0]; i++) {
        char path[256];
        snprintf(path, sizeof path, "content/labs/%s.yaml", lab_ids[i]);
        FILE *f = fopen(path, "rb");
        if (!f)
            return -1;
        char *yaml = malloc(1 << 20);
        size_t len = yaml ? fread(yaml, 1, (1 << 20) - 1, f) : 0;
        fclose(f);
        char *error = NULL;
        int rc = yaml ? emu_catalog_add(catalog, lab_ids[i], yaml, len, path, &error) : -1;
        free(yaml);
        if (rc != 0) {
            fprintf(stderr, "%s: %s\n", path, error ? error : "cannot read");
            free(error);
            emu_catalog_free(catalog);
            return -1;
        }
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
