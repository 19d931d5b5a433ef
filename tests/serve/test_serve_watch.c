/* test_serve_watch.c: unit tests of the recursive inotify watch behind `handbook serve`. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "serve_watch.h"

typedef struct {
    char root[64];
    char out[96];
    hb_watch *watch;
} fixture;

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* Reads the events of the last change: they are queued by the time the call returns, so a
 * short sleep is enough. Returns the change count; the first path goes to what. */
static int changes(fixture *fx, char *what, size_t what_size)
{
    usleep(20 * 1000);
    return hb_watch_read(fx->watch, what, what_size);
}

static int setup(void **state)
{
    fixture *fx = calloc(1, sizeof *fx);
    snprintf(fx->root, sizeof fx->root, "/tmp/hb-watch-test-XXXXXX");
    if (!fx || !mkdtemp(fx->root))
        return -1;
    char sub[128];
    snprintf(sub, sizeof sub, "%s/docs", fx->root);
    mkdir(sub, 0755);
    snprintf(fx->out, sizeof fx->out, "%s/site", fx->root);
    mkdir(fx->out, 0755);
    char err[256];
    const char *dirs[] = {fx->root};
    fx->watch = hb_watch_new(dirs, 1, fx->out, err, sizeof err);
    if (!fx->watch) {
        fprintf(stderr, "%s\n", err);
        return -1;
    }
    *state = fx;
    return 0;
}

static int teardown(void **state)
{
    fixture *fx = *state;
    hb_watch_free(fx->watch);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", fx->root);
    int rc = system(cmd);
    free(fx);
    return rc == 0 ? 0 : -1;
}

static void test_file_changes_count(void **state)
{
    fixture *fx = *state;
    char what[512], path[256];
    assert_int_equal(changes(fx, what, sizeof what), 0);
    snprintf(path, sizeof path, "%s/docs/page.md", fx->root);
    write_file(path, "# Page\n");
    assert_true(changes(fx, what, sizeof what) > 0);
    assert_string_equal(what, path);
    unlink(path);
    assert_true(changes(fx, what, sizeof what) > 0);
}

static void test_new_folders_are_watched(void **state)
{
    fixture *fx = *state;
    char what[512], dir[256], path[300];
    snprintf(dir, sizeof dir, "%s/later", fx->root);
    assert_int_equal(mkdir(dir, 0755), 0);
    assert_true(changes(fx, what, sizeof what) > 0);
    snprintf(dir, sizeof dir, "%s/later/deeper", fx->root);
    assert_int_equal(mkdir(dir, 0755), 0);
    assert_true(changes(fx, what, sizeof what) > 0);
    snprintf(path, sizeof path, "%s/page.md", dir);
    write_file(path, "# Deep\n");
    assert_true(changes(fx, what, sizeof what) > 0);
    assert_string_equal(what, path);
}

static void test_moved_folder_follows(void **state)
{
    fixture *fx = *state;
    char what[512], from[256], to[256], path[300];
    snprintf(from, sizeof from, "%s/docs", fx->root);
    snprintf(to, sizeof to, "%s/guides", fx->root);
    assert_int_equal(rename(from, to), 0);
    assert_true(changes(fx, what, sizeof what) > 0);
    snprintf(path, sizeof path, "%s/page.md", to);
    write_file(path, "# Moved\n");
    assert_true(changes(fx, what, sizeof what) > 0);
    assert_string_equal(what, path); /* reported under its new name */
}

static void test_scratch_and_output_ignored(void **state)
{
    fixture *fx = *state;
    char what[512], path[256];
    const char *scratch[] = {".page.md.swp", "page.md~", "4913", "x.swp", ".hidden"};
    for (size_t i = 0; i < sizeof scratch / sizeof scratch[0]; i++) {
        snprintf(path, sizeof path, "%s/docs/%s", fx->root, scratch[i]);
        write_file(path, "scratch");
    }
    snprintf(path, sizeof path, "%s/index.html", fx->out);
    write_file(path, "<p>built</p>"); /* the output folder is not watched */
    assert_int_equal(changes(fx, what, sizeof what), 0);
}

static void test_deleted_root_recovers(void **state)
{
    fixture *fx = *state;
    char what[512], cmd[160], path[256];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", fx->root);
    assert_int_equal(system(cmd), 0);
    assert_true(changes(fx, what, sizeof what) > 0);
    assert_int_equal(hb_watch_lost(fx->watch), 1);
    assert_int_equal(hb_watch_recover(fx->watch), 0); /* not back yet */
    assert_int_equal(mkdir(fx->root, 0755), 0);
    assert_int_equal(hb_watch_recover(fx->watch), 1);
    assert_int_equal(hb_watch_lost(fx->watch), 0);
    snprintf(path, sizeof path, "%s/page.md", fx->root);
    write_file(path, "# Back\n");
    assert_true(changes(fx, what, sizeof what) > 0);
    assert_string_equal(what, path);
}

static void test_missing_folder_is_an_error(void **state)
{
    (void)state;
    char err[256] = "";
    const char *dirs[] = {"/nonexistent/hb-watch"};
    assert_null(hb_watch_new(dirs, 1, NULL, err, sizeof err));
    assert_non_null(strstr(err, "/nonexistent/hb-watch"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_file_changes_count, setup, teardown),
        cmocka_unit_test_setup_teardown(test_new_folders_are_watched, setup, teardown),
        cmocka_unit_test_setup_teardown(test_moved_folder_follows, setup, teardown),
        cmocka_unit_test_setup_teardown(test_scratch_and_output_ignored, setup, teardown),
        cmocka_unit_test_setup_teardown(test_deleted_root_recovers, setup, teardown),
        cmocka_unit_test(test_missing_folder_is_an_error),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
