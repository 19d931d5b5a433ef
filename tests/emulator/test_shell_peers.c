/* test_shell_peers.c: the simulated shell's text tools against the real ones over corpora of
 * one-liners on tool-like inputs (tests/emulator/fixtures/peers/): awk.txt against Debian's awk
 * (mawk 1.3.4), filters.txt (grep, sort, cut, head, tail, wc, uniq) against GNU grep and
 * coreutils in the C locale, jq.txt (the tool jq, tools/jq.c) against Debian's jq 1.6 on the
 * emulator's own Redfish answers. Each line runs in the simulated shell and in /bin/sh in the
 * fixtures folder; standard output and exit status must agree byte for byte. As the regular
 * expressions and the number scanner are tested against glibc, this keeps the stand-ins honest
 * to the real tools. mawk is a required Debian package (scripts/deps.sh lists it). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "emu.h"
#include "out.h"
#include "shell/shell.h"
#include "tools/tools.h"

#define FIXTURES "tests/emulator/fixtures/peers"
#define MAWK "/usr/bin/mawk"
#define JQ "/usr/bin/jq"

struct emu_world {
    int unused;
};

static int one_node(const emu_world *w)
{
    (void)w;
    return 1;
}

/* The one cluster command the corpora use: jq (a tool, not a shell builtin). */
static const emu_command *find_jq(const char *name)
{
    return strcmp(name, "jq") ? NULL : &emu_cmd_jq;
}

/* Reads a whole file into out; returns 0, or -1 when it cannot be read. */
static int slurp(const char *path, emu_out *out)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        emu_out_write(out, buf, n);
    fclose(f);
    return 0;
}

/* The home folder holds the fixture files: /home/user/NAME is FIXTURES/NAME. */
static emu_file_kind fixture_file(emu_world *w, int node, const char *path, emu_out *out)
{
    (void)w, (void)node;
    static const char home[] = "/home/user/";
    if (strncmp(path, home, sizeof home - 1) || strchr(path + sizeof home - 1, '/'))
        return EMU_FILE_NONE;
    char disk[512];
    snprintf(disk, sizeof disk, FIXTURES "/%s", path + sizeof home - 1);
    emu_out scratch;
    emu_out_init(&scratch, 0);
    int ok = slurp(disk, out ? out : &scratch) == 0;
    emu_out_free(&scratch);
    return ok ? EMU_FILE_REGULAR : EMU_FILE_NONE;
}

/* Runs line under /bin/sh in the fixtures folder after prelude (shell text that makes the
 * names mean the peers); standard error is dropped as in the simulated run. Writes standard
 * output into out and returns the exit status. */
static int run_peer(const char *prelude, const char *line, emu_out *out)
{
    char script[] = "/tmp/awk-mawk-XXXXXX";
    int fd = mkstemp(script);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    fprintf(f, "cd " FIXTURES " || exit 99\n%s\n%s 2>/dev/null\necho \"[status $?]\"\n",
            prelude, line);
    fclose(f);
    char command[128];
    snprintf(command, sizeof command, "/bin/sh %s", script);
    FILE *p = popen(command, "r");
    assert_non_null(p);
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0)
        emu_out_write(out, buf, n);
    pclose(p);
    remove(script);
    /* the last line is the status */
    char *mark = strstr(out->text ? out->text : "", "[status ");
    assert_non_null(mark);
    int status = atoi(mark + 8);
    out->len = (size_t)(mark - out->text);
    out->text[out->len] = '\0';
    return status;
}

/* Runs every line of corpus in the simulated shell and under /bin/sh with prelude; prints each
 * difference and fails when any line differs or the corpus has fewer than min_cases lines. */
static void check_corpus(const char *corpus_path, const char *prelude, int min_cases)
{
    FILE *corpus = fopen(corpus_path, "r");
    assert_non_null(corpus);
    struct emu_world world = {0};
    emu_shell_host host = {&world, one_node, find_jq, NULL, fixture_file, NULL, NULL, NULL, NULL, NULL};
    emu_shell *shell = emu_shell_new(&host);
    assert_non_null(shell);
    char line[2048];
    int cases = 0, failed = 0;
    while (fgets(line, sizeof line, corpus)) {
        line[strcspn(line, "\n")] = '\0';
        if (!line[0] || line[0] == '#')
            continue;
        cases++;
        char simulated[2200];
        snprintf(simulated, sizeof simulated, "%s 2>/dev/null", line);
        emu_out ours, theirs;
        emu_out_init(&ours, 0);
        emu_out_init(&theirs, 0);
        int flags = 0;
        int our_status = emu_shell_execute(shell, simulated, strlen(simulated), &ours, &flags);
        int their_status = run_peer(prelude, line, &theirs);
        if (our_status != their_status || strcmp(emu_out_text(&ours), emu_out_text(&theirs))) {
            failed++;
            fprintf(stderr, "differs from the real tool: %s\n--- emulator (status %d):\n%s--- "
                            "real (status %d):\n%s---\n",
                    line, our_status, emu_out_text(&ours), their_status, emu_out_text(&theirs));
        }
        emu_out_free(&ours);
        emu_out_free(&theirs);
    }
    fclose(corpus);
    emu_shell_free(shell);
    fprintf(stderr, "%s: %d one-liners, %d differ\n", corpus_path, cases, failed);
    assert_true(cases >= min_cases);
    assert_int_equal(failed, 0);
}

static void test_awk_against_mawk(void **state)
{
    (void)state;
    assert_true(access(MAWK, X_OK) == 0); /* mawk must be installed (make deps) */
    check_corpus(FIXTURES "/awk.txt", "awk() { " MAWK " \"$@\"; }", 100);
}

static void test_filters_against_gnu(void **state)
{
    (void)state;
    check_corpus(FIXTURES "/filters.txt", "export LC_ALL=C", 60);
}

static void test_jq_against_jq(void **state)
{
    (void)state;
    assert_true(access(JQ, X_OK) == 0); /* jq must be installed (make deps) */
    check_corpus(FIXTURES "/jq.txt", "jq() { " JQ " \"$@\"; }", 150);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_awk_against_mawk),
        cmocka_unit_test(test_filters_against_gnu),
        cmocka_unit_test(test_jq_against_jq),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
