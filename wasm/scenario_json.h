/* scenario_json.h: a lab scenario's YAML as JSON text, the form the WebAssembly module reads
 * (its document adapter, wasm/doc_json.c, reads JSON). Native only: it reads the YAML through
 * the native adapter (emulator/model/doc_yaml.c, libyaml). */
#ifndef SCENARIO_JSON_H
#define SCENARIO_JSON_H

#include <stddef.h>

/* Converts the first YAML document of yaml[0..len) to compact JSON: every scalar becomes a JSON
 * string holding the scalar's text (scenario.c interprets numbers and booleans from that text
 * itself), sequences arrays, mappings objects with their pairs in order (duplicate keys kept);
 * aliases are expanded. An empty stream gives "" (no value): it has no root node.
 * Returns the JSON (malloc'd, NUL-ended; the caller frees it) with its length in *json_len, or
 * NULL with a one-line message in *error (malloc'd; the caller frees it): invalid YAML, a key
 * that is not a scalar, nesting deeper than 256, output over 64 MB (alias bombs), out of memory. */
char *scenario_json(const char *yaml, size_t len, size_t *json_len, char **error);

#endif
