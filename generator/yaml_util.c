/* yaml_util.c: one-document YAML loading with error positions (see yaml_util.h). */
#include "yaml_util.h"

int hb_yaml_load(yaml_document_t *doc, const char *text, size_t len, const char *path,
                 int first_line, hb_diag *diag)
{
    yaml_parser_t parser;
    if (!yaml_parser_initialize(&parser)) {
        hb_error(diag, path, first_line, 1, "cannot start the YAML parser (out of memory)");
        return -1;
    }
    yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
    if (!yaml_parser_load(&parser, doc)) {
        const yaml_mark_t *mark = &parser.problem_mark;
        const char *problem = parser.problem ? parser.problem : "malformed YAML";
        if (parser.context)
            hb_error(diag, path, first_line + (int)mark->line, (int)mark->column + 1,
                     "malformed YAML: %s %s (from line %d)", problem, parser.context,
                     first_line + (int)parser.context_mark.line);
        else
            hb_error(diag, path, first_line + (int)mark->line, (int)mark->column + 1,
                     "malformed YAML: %s", problem);
        yaml_parser_delete(&parser);
        return -1;
    }
    yaml_parser_delete(&parser);
    return 0;
}
