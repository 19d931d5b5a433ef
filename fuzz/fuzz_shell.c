/* fuzz_shell.c: libFuzzer target for the emulator's command line: the input is a sequence of
 * lines (split on '\n'), typed into a fresh session on each real lab of content/labs/ in turn
 * (and one with no lab started), each line executed and also tab-completed. Work per input is
 * bounded: at most FUZZ_MAX_LINES lines per session (libFuzzer's -max_len bounds their bytes).
 * The target fails only on a crash, a sanitizer report, a leak, or output that breaks the
 * API's promises (text not NUL-terminated after len bytes). HB_FUZZ_ROOT (set by fuzz/fuzz.mk)
 * is the repository. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emu.h"
#include "lab.h"

#ifndef HB_FUZZ_ROOT
#define HB_FUZZ_ROOT "."
#endif

#define FUZZ_MAX_LINES 64
#define FUZZ_MAX_LABS 16

static emu_catalog *fuzz_catalog;
static char *fuzz_labs[FUZZ_MAX_LABS + 1]; /* ids, then NULL: a session with no lab */
static size_t fuzz_n_labs;

/* Loads every real scenario into one catalog (as the site build does) and keeps their ids. */
int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    char *error = NULL;
    fuzz_catalog = hb_lab_catalog_load(HB_FUZZ_ROOT "/content", &error);
    if (!fuzz_catalog) {
        fprintf(stderr, "fuzz_shell: %s", error ? error : "cannot load the labs\n");
        exit(2);
    }
    DIR *dir = opendir(HB_FUZZ_ROOT "/content/labs");
    struct dirent *e;
    while (dir && fuzz_n_labs < FUZZ_MAX_LABS && (e = readdir(dir))) {
        size_t len = strlen(e->d_name);
        if (len > 5 && e->d_name[0] != '.' && !strcmp(e->d_name + len - 5, ".yaml"))
            fuzz_labs[fuzz_n_labs++] = strndup(e->d_name, len - 5);
    }
    if (dir)
        closedir(dir);
    if (!fuzz_n_labs) {
        fprintf(stderr, "fuzz_shell: no labs under %s/content/labs\n", HB_FUZZ_ROOT);
        exit(2);
    }
    return 0;
}

static void fuzz_check(emu_result r)
{
    if (r.text && r.text[r.len] != '\0')
        __builtin_trap();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    for (size_t lab = 0; lab <= fuzz_n_labs; lab++) {
        char *error = NULL;
        emu_session *session = emu_session_open(fuzz_catalog, fuzz_labs[lab], 0, &error);
        free(error);
        if (!session)
            __builtin_trap(); /* every real lab opens */
        /* the terminal's width from the last byte (0-120: unwrapped, and under the minimum) */
        emu_session_set_columns(session, size ? data[size - 1] % 121 : 0);
        (void)emu_session_greeting(session);
        const char *p = (const char *)data, *end = p + size;
        for (int n = 0; p < end && n < FUZZ_MAX_LINES; n++) {
            const char *nl = memchr(p, '\n', (size_t)(end - p));
            size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
            fuzz_check(emu_session_execute(session, p, len));
            (void)emu_session_prompt(session);
            (void)emu_session_lab(session);
            (void)emu_session_complete(session, p, len);
            p += len + 1;
        }
        emu_session_close(session);
    }
    return 0;
}
