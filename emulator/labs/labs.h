/* labs.h: the labs: the catalog of lab scenarios (catalog.c; emu.h creates and fills it) and the
 * lab state a session reads (labs.c: pending questions, solved, the lab's id, title and goal).
 * The lab commands (lab, goal, hint, answer, solutions) are listed with the tools in the table
 * of tools/tools.c. */
#ifndef EMU_LABS_H
#define EMU_LABS_H

#include <stdbool.h>
#include <stddef.h>

#include "command.h"
#include "emu.h"
#include "model/world.h"
#include "out.h"

/* ---- labs (labs.c) ------------------------------------------------------------------------------- */

/* The lab commands' descriptors, listed in the tools table (tools/tools.c). */
extern const emu_command emu_cmd_lab, emu_cmd_goal, emu_cmd_hint, emu_cmd_answer,
    emu_cmd_solutions, emu_cmd_snapshot;

/* Whether a y/N question is pending: the session then passes the next input line to
 * emu_lab_answer_question instead of running it. */
bool emu_lab_question_pending(const emu_world *world);

/* The prompt to show while a question is pending (e.g. "Reveal the worked solution? [y/N] "). */
const char *emu_lab_question_prompt(const emu_world *world);

/* Answers the pending question with the user's line; writes the result into out, its prose
 * wrapped at columns (the terminal's width, 0: unwrapped). */
void emu_lab_answer_question(emu_world *world, const char *line, int columns, emu_out *out);

/* Returns true once after a right `answer`, so the host can set EMU_RESULT_SOLVED. */
bool emu_lab_take_solved(emu_world *world);

/* Returns true once after `lab start`/`lab restart` rebuilt the world (the session then puts
 * the shell back on node01 and resets its state). */
bool emu_lab_take_changed(emu_world *world);

/* The lab's id, or "" without a lab. */
const char *emu_lab_id(const emu_world *world);

/* The greeting's lab paragraph (title and goal), "" without a lab; owned by the scenario. */
const char *emu_lab_title(const emu_world *world);
const char *emu_lab_goal(const emu_world *world);

/* ---- answers (answer.c) and the fix (labs.c) ----------------------------------------------------- */

typedef enum emu_verdict { EMU_VERDICT_RIGHT, EMU_VERDICT_PARTIAL, EMU_VERDICT_WRONG } emu_verdict;

/* Judges the answer `text` against lab s's diagnosis and suspects in world w (places resolve
 * through it: ranks, netdevs, job ids). Writes the reply (without "Right:", "Partly right:" or
 * "Not X:") into reply: for a wrong or partial answer what the evidence says against it or what
 * is missing; nothing for a right one. */
emu_verdict emu_answer_judge(const emu_world *w, const emu_scenario *s, const char *text,
                             emu_out *reply);

/* Whether the probe of an entry's `after` (1 + its index among the scenario's probes; 0: none)
 * has matched a command line of the learner's since the lab started; true when it has none. */
bool emu_lab_probed(const emu_world *w, int after);

/* " (e.g. answer EXAMPLE)": lab s's own example answer (its diagnosis's kind, not its answer),
 * or "" when the lab gives none, into buf of size bytes; returns buf. */
const char *emu_lab_answer_example(const emu_scenario *s, char *buf, size_t size);

/* The fix checks of the current lab while it is unsolved and has a fix (0 otherwise), and the
 * i-th check's command and expected pattern (owned by the scenario). The session runs them on
 * a probe shell with the clock held (world.clock_held) after each line. */
int emu_lab_fix_check_count(const emu_world *world);
const char *emu_lab_fix_check(const emu_world *world, int i, const char **expect);

/* Whether a line of text matches the extended regular expression pattern; *value (may be
 * NULL) gets the last number within the last matching line's match (the newest line of a log:
 * what the system does now), NAN when it holds none. */
bool emu_lab_output_matches(const char *text, const char *pattern, double *value);

/* After a learner's line: with the fix in place (fixed: every check passed), a line that runs
 * the lab's verification command and prints what it expects solves the lab; the solve message
 * is appended to out, wrapped at cols (the terminal's width; 0: not wrapped). */
void emu_lab_after_line(emu_world *world, const char *line, const char *output, bool fixed,
                        int cols, emu_out *out);

/* After a learner's line in a snapshot lab (lab.collect): the items that line collects (it ran
 * on node, or on the node of `ssh NODE ...`, and printed output); the solve message, when the
 * snapshot is complete and the finding named, is appended to out (wrapped at cols, 0: none). */
void emu_lab_collect_line(emu_world *world, int node, const char *line, const char *output, int cols,
                          emu_out *out);

/* Whether the current lab is an unsolved snapshot lab (emu_lab_collect_line has work to do). */
bool emu_lab_collecting(const emu_world *world);

/* The worked solution's length, the learner's par: its commands and the answer. */
int emu_lab_reference_length(const emu_scenario *s);

/* Counts one learner command (a non-empty input line) of the current lab. */
void emu_lab_count_command(emu_world *world);

/* ---- the catalog (catalog.c) ------------------------------------------------------------------- */

/* The scenario of a lab id in the catalog, or NULL. */
const emu_scenario *emu_catalog_find(const emu_catalog *catalog, const char *id);

/* Number of scenarios, and the i-th in the order added (NULL when out of range). */
size_t emu_catalog_count(const emu_catalog *catalog);
const emu_scenario *emu_catalog_at(const emu_catalog *catalog, size_t i);

#endif
