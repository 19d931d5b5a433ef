/* emu.h: the command emulator's public API, the same for every host (native CLI, build-time
 * examples, WebAssembly). The core does no I/O of its own: text in, text out. */
#ifndef EMU_H
#define EMU_H

#include <stddef.h>
#include <stdint.h>

/* A catalog of lab scenarios (id -> YAML text), shared by the sessions opened from it so that
 * `lab list` and `lab start ID` can reach every lab. Owns copies of everything added. */
typedef struct emu_catalog emu_catalog;

/* One shell session over one simulated cluster. Owns all of its memory. */
typedef struct emu_session emu_session;

/* Flags of an execute result, telling the host what to do beside printing the text. */
enum {
    EMU_RESULT_CLEAR = 1 << 0, /* clear the screen before printing (the `clear` command, Ctrl-L) */
    EMU_RESULT_EXIT = 1 << 1,  /* the user left the top-level shell: the host may end the session */
    EMU_RESULT_SOLVED = 1 << 2, /* this line solved the current lab (the host records progress) */
    EMU_RESULT_FAILED = 1 << 3, /* the line's last command exited non-zero ($? != 0): build-time
                                   examples (```console lab=ID fences) treat it as an error */
    EMU_RESULT_STOPPED = 1 << 4, /* the line ran over its work budget (EMU_LINE_STEPS_MAX steps)
                                   and was stopped: a host must not replay it */
    EMU_RESULT_PANEL = 1 << 5,  /* the line drew a picture for a panel beside the console (the
                                   `timeline` command): emu_session_panel returns its HTML */
    EMU_RESULT_NEEDS_FULL = 1 << 6 /* set only by the core WebAssembly module (wasm/README.md,
                                   "Two modules"): the line runs a tool whose code only the full
                                   module holds; the host runs it there, after replaying the
                                   session (this result's text is to be dropped) */
};

/* The work budget of one input line, in steps: each simple command started and each `for`
 * iteration is one step. Counted in steps, not time, so a line stops at the same point on
 * every host and every run. Nested loops multiply (four loops over 100 words: 10^8 steps);
 * the longest line of the labs' transcripts and examples takes under 30. */
#define EMU_LINE_STEPS_MAX 10000

typedef struct emu_result {
    const char *text; /* output, UTF-8, ends with '\n' unless empty; owned by the session and
                         valid until the next call on it */
    size_t len;       /* bytes in text, without a terminating NUL (there is one after them) */
    int flags;        /* EMU_RESULT_* */
} emu_result;

/* Creates an empty catalog. Returns NULL when out of memory. Free with emu_catalog_free. */
emu_catalog *emu_catalog_new(void);

/* Parses and adds one scenario. id: the lab id (file name without .yaml); yaml/len: the
 * scenario text (copied); path: the name used in error messages. Returns 0, or -1 with
 * *error set to a malloc'd "path:line:col: error: message" (one line per problem, every problem
 * found) that the caller frees. */
int emu_catalog_add(emu_catalog *catalog, const char *id, const char *yaml, size_t len,
                    const char *path, char **error);

/* Frees the catalog; sessions opened from it must be closed first. NULL is allowed. */
void emu_catalog_free(emu_catalog *catalog);

/* Opens a session on lab `lab_id` of the catalog (NULL: no lab started, `lab list` shows them).
 * seed: 0 keeps the scenario's own seed; any other value replaces it (same seed, same outputs).
 * Returns NULL with *error set (malloc'd, caller frees) when the lab is unknown or memory runs
 * out. The catalog must outlive the session. */
emu_session *emu_session_open(const emu_catalog *catalog, const char *lab_id, uint64_t seed,
                              char **error);

/* Options of emu_session_open_ex. */
enum {
    EMU_OPEN_HEALTHY = 1 << 0 /* the lab's cluster and job without its faults: how the job runs
                                 when nothing is wrong (the healthy side of a comparison) */
};

/* emu_session_open with options (EMU_OPEN_*; 0 is emu_session_open). */
emu_session *emu_session_open_ex(const emu_catalog *catalog, const char *lab_id, uint64_t seed,
                                 int options, char **error);

/* The greeting printed once when the session opens (owned by the session). */
const char *emu_session_greeting(const emu_session *session);

/* The current prompt, for example "user@node01:~$ " (owned by the session, valid until the
 * next execute). */
const char *emu_session_prompt(const emu_session *session);

/* Runs one input line (any bytes; len need not be NUL-terminated) and returns its output.
 * Never fails: bad input gets a shell-like message in the text. Output is bounded, and so is
 * the work: a line stops after a fixed number of steps (EMU_RESULT_STOPPED). */
emu_result emu_session_execute(emu_session *session, const char *line, size_t len);

/* Tells the session its terminal's width in columns (0: unknown, the default, and what the
 * golden transcripts use). The prose the emulator writes (the greeting, a lab's goal, hints,
 * feedback and solutions) is then wrapped at that width, as programs that read their
 * terminal's width wrap theirs; tool outputs are not (a real nvidia-smi's table is as wide at
 * any width). The greeting is written again at the new width. */
void emu_session_set_columns(emu_session *session, int columns);

/* The id of the session's current lab (it changes with `lab start ID`), "" when none. Owned by
 * the session, valid until the next execute. The host records progress (EMU_RESULT_SOLVED)
 * under this id. */
const char *emu_session_lab(const emu_session *session);

/* The current lab as JSON, for a host's progress display: {"lab": id, "title", "goal",
 * "difficulty", "minutes", "commands" (the learner's lines), "reference" (the worked solution's
 * length), "hints", "hints_total", "answers", "revealed", "solved", "fix" (the lab is solved by a
 * repair)}; {"lab": ""} without a lab. Owned by the session, valid until the next call. */
const char *emu_session_lab_info(emu_session *session);

/* The HTML of the last line's drawing (EMU_RESULT_PANEL): a fragment to put into a panel beside
 * the console, owned by the session and valid until the next execute; "" when the line drew
 * nothing. len (may be NULL) receives its length in bytes. */
const char *emu_session_panel(const emu_session *session, size_t *len);

/* Tab completion. line/len: the input so far, cursor at its end. Returns the candidates
 * (each a whole replacement for the last word), one per line, as a string owned by the session
 * and valid until the next call; "" when there are none. */
const char *emu_session_complete(emu_session *session, const char *line, size_t len);

/* Closes the session and frees everything it owns. NULL is allowed. */
void emu_session_close(emu_session *session);

#endif
