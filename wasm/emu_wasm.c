/* emu_wasm.c: the emscripten entry of the emulator: emu.h as a flat C API the page-side console
 * (wasm/console.js) and the Node transcript runner (wasm/replay.js) call through the module.
 *
 * Strings cross the boundary as UTF-8 bytes in the module's memory: the JavaScript side
 * allocates them with the exported malloc, passes pointer and length, and frees them after the
 * call. Strings returned by these functions are owned by the module (the catalog or the session)
 * and stay valid until the next call of this API; the JavaScript side copies them out at once.
 *
 * One module instance holds one catalog (every lab scenario of the site, added once at start)
 * and any number of sessions opened from it. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <emscripten.h>

#include "emu.h"
#include "out.h"

static emu_catalog *wasm_catalog;
static char *wasm_error;       /* the last error message, malloc'd, or NULL */
static emu_result wasm_result; /* the last execute result: text owned by its session */
/* Set by the core module's stand-in for a tool it does not hold (core_stub.c) during the call
 * of emw_execute or emw_complete; never in the full module. */
int emw_wants_full;

static void wasm_set_error(char *error)
{
    free(wasm_error);
    wasm_error = error;
}

static char *wasm_strdup(const char *text)
{
    size_t len = strlen(text);
    char *copy = malloc(len + 1);
    if (copy)
        memcpy(copy, text, len + 1);
    return copy;
}

/* The last error of emw_catalog_add or emw_open ("" when there is none). Owned by the module. */
EMSCRIPTEN_KEEPALIVE const char *emw_error(void)
{
    return wasm_error ? wasm_error : "";
}

/* Frees the catalog, so that the next emw_catalog_add starts a new one (the transcript replay
 * opens `--scenario FILE` sessions over a catalog of that file alone, as the CLI does). Every
 * session must be closed first. */
EMSCRIPTEN_KEEPALIVE void emw_catalog_reset(void)
{
    emu_catalog_free(wasm_catalog);
    wasm_catalog = NULL;
}

/* Adds one lab scenario to the module's catalog (created on first use). id, path: NUL-ended
 * UTF-8 (path only names the file in error messages); yaml/len: the scenario text, copied.
 * Returns 0, or -1 with the message ("path:line:col: error: ...", one line per problem) in
 * emw_error(); the core module's message says where only, and emw_needs_full() is then 1 (the
 * full module's says what: emulator/model/scenario.c). */
EMSCRIPTEN_KEEPALIVE int emw_catalog_add(const char *id, const char *yaml, size_t len,
                                         const char *path)
{
    char *error = NULL;
    emw_wants_full = 0;
    if (!wasm_catalog)
        wasm_catalog = emu_catalog_new();
    if (!wasm_catalog) {
        wasm_set_error(wasm_strdup("emulator: out of memory"));
        return -1;
    }
    if (emu_catalog_add(wasm_catalog, id, yaml, len, path, &error) != 0) {
        wasm_set_error(error ? error : wasm_strdup("emulator: the scenario was not added"));
        return -1;
    }
    return 0;
}

/* Opens a session on lab `lab_id` ("" or NULL: no lab started) with EMU_OPEN_* options (1: the
 * lab without its faults). seed: a decimal string, "" or
 * "0" keeps the scenario's seed (a string because JavaScript numbers cannot carry 64 bits).
 * Returns the session handle, or 0 with the reason in emw_error() (unknown lab, bad seed, out of
 * memory). Close it with emw_close. */
EMSCRIPTEN_KEEPALIVE emu_session *emw_open_ex(const char *lab_id, const char *seed, int options)
{
    uint64_t seed_value = 0;
    char *end = NULL;
    char *error = NULL;
    if (!wasm_catalog)
        wasm_catalog = emu_catalog_new();
    if (!wasm_catalog) {
        wasm_set_error(wasm_strdup("emulator: out of memory"));
        return NULL;
    }
    if (seed && *seed) {
        if (*seed < '0' || *seed > '9') {
            wasm_set_error(wasm_strdup("emulator: the seed must be a decimal number"));
            return NULL;
        }
        seed_value = strtoull(seed, &end, 10);
        if (*end != '\0') {
            wasm_set_error(wasm_strdup("emulator: the seed must be a decimal number"));
            return NULL;
        }
    }
    emu_session *session = emu_session_open_ex(wasm_catalog, lab_id && *lab_id ? lab_id : NULL,
                                               seed_value, options, &error);
    if (!session) {
        wasm_set_error(error ? error : wasm_strdup("emulator: the session did not open"));
        return NULL;
    }
    return session;
}

/* emw_open without options. */
EMSCRIPTEN_KEEPALIVE emu_session *emw_open(const char *lab_id, const char *seed)
{
    return emw_open_ex(lab_id, seed, 0);
}

/* The session's greeting, NUL-ended, owned by the session. */
EMSCRIPTEN_KEEPALIVE const char *emw_greeting(const emu_session *session)
{
    return emu_session_greeting(session);
}

/* The current prompt, e.g. "user@node01:~$ ", NUL-ended, owned by the session. */
EMSCRIPTEN_KEEPALIVE const char *emw_prompt(const emu_session *session)
{
    return emu_session_prompt(session);
}

/* The width of the page's console in columns (emu_session_set_columns): the lab's text is
 * wrapped at it, and the greeting written again. */
EMSCRIPTEN_KEEPALIVE void emw_set_columns(emu_session *session, int columns)
{
    emu_session_set_columns(session, columns);
}

/* The id of the session's current lab ("" when none), owned by the session. */
EMSCRIPTEN_KEEPALIVE const char *emw_lab(const emu_session *session)
{
    return emu_session_lab(session);
}

/* The current lab's title, goal and progress as JSON (emu.h's emu_session_lab_info). */
EMSCRIPTEN_KEEPALIVE const char *emw_lab_info(emu_session *session)
{
    return emu_session_lab_info(session);
}

/* Runs one line (line/len: UTF-8, need not be NUL-ended). Returns the output text (owned by the
 * session); its length in bytes is emw_result_len() and its EMU_RESULT_* flags
 * emw_result_flags(). Never fails. */
EMSCRIPTEN_KEEPALIVE const char *emw_execute(emu_session *session, const char *line, size_t len)
{
    emw_wants_full = 0;
    wasm_result = emu_session_execute(session, line, len);
    if (emw_wants_full)
        wasm_result.flags |= EMU_RESULT_NEEDS_FULL;
    return wasm_result.text;
}

/* Length in bytes of the last emw_execute output. */
EMSCRIPTEN_KEEPALIVE size_t emw_result_len(void)
{
    return wasm_result.len;
}

/* EMU_RESULT_* flags of the last emw_execute: 1 clear the screen, 2 exit, 4 lab solved,
 * 8 failed, 16 stopped by the line's work budget (never replayed), 32 a panel, 64 needs the
 * full module (the core module only: run the line there). */
EMSCRIPTEN_KEEPALIVE int emw_result_flags(void)
{
    return wasm_result.flags;
}

/* Tab completion of line/len (cursor at the end): candidates one per line, each replacing the
 * last word; "" when none. Owned by the session. */
EMSCRIPTEN_KEEPALIVE const char *emw_complete(emu_session *session, const char *line, size_t len)
{
    emw_wants_full = 0;
    return emu_session_complete(session, line, len);
}

/* 1 when the last emw_complete completed the arguments of a tool the core module does not hold
 * (its candidates come from the full module); always 0 in the full module. */
EMSCRIPTEN_KEEPALIVE int emw_needs_full(void)
{
    return emw_wants_full;
}

/* The HTML the last emw_execute drew for the panel beside the console (EMU_RESULT_PANEL, flag
 * 32: the step timeline of `timeline`), NUL-ended, owned by the session; "" when none. */
EMSCRIPTEN_KEEPALIVE const char *emw_panel(const emu_session *session)
{
    return emu_session_panel(session, NULL);
}

/* Closes a session and frees what it owns. 0 is allowed. */
EMSCRIPTEN_KEEPALIVE void emw_close(emu_session *session)
{
    if (wasm_result.text && session) {
        wasm_result.text = NULL;
        wasm_result.len = 0;
        wasm_result.flags = 0;
    }
    emu_session_close(session);
}
