/* scenario.h: reading a scenario's text into its description (description.h), every problem
 * reported at its place; the built-in cluster. */
#ifndef EMU_MODEL_SCENARIO_H
#define EMU_MODEL_SCENARIO_H

#include <stddef.h>

#include "description.h"

/* Parses a scenario's text (YAML natively, JSON in the WebAssembly module: doc.h's adapter
 * reads it). id: the lab id; path: for error messages. Returns a new scenario, or NULL with
 * *error set (malloc'd, one "path:line:col: error: ..." line per problem, every problem found). */
emu_scenario *emu_scenario_parse(const char *id, const char *text, size_t len, const char *path,
                                 char **error);

/* Frees a scenario. NULL is allowed. */
void emu_scenario_free(emu_scenario *scenario);

/* The built-in healthy cluster (two H100 nodes, a running job, no lab): the scenario a session
 * opens without a lab. Written in JSON, which is also YAML, so that both document adapters read
 * the same text. */
extern const char emu_builtin_scenario_text[];


/* The scenario's id, title and one-line summary (owned by the scenario). */
const char *emu_scenario_id(const emu_scenario *scenario);
const char *emu_scenario_title(const emu_scenario *scenario);
const char *emu_scenario_summary(const emu_scenario *scenario);

#endif
