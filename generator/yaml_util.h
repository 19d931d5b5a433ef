/* yaml_util.h: loading one YAML document with libyaml and reporting its syntax errors as
 * "path:line:col: error: message". */
#ifndef HB_YAML_UTIL_H
#define HB_YAML_UTIL_H

#include <stddef.h>
#include <yaml.h>

#include "diag.h"

/* Parses text (len bytes) as one YAML document into doc; first_line is the file line of the
 * text's first line (1 for a whole file). Returns 0 (the caller then frees doc with
 * yaml_document_delete), or -1 after reporting the syntax error to diag (doc needs no freeing). */
int hb_yaml_load(yaml_document_t *doc, const char *text, size_t len, const char *path,
                 int first_line, hb_diag *diag);

#endif
