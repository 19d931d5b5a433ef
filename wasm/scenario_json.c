/* scenario_json.c: converts a lab scenario from YAML to JSON with libyaml, for labs.json and the
 * transcript replay (see scenario_json.h). */
#include "scenario_json.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#define SJ_MAX_DEPTH 256
#define SJ_MAX_BYTES ((size_t)64 << 20)

typedef struct {
    yaml_document_t *doc;
    char *data;
    size_t len, cap;
    const char *problem; /* the first failure, a static string, or NULL */
} sj;

static void sj_add(sj *b, const char *text, size_t len)
{
    if (b->problem)
        return;
    if (b->len + len + 1 > SJ_MAX_BYTES) {
        b->problem = "the JSON form would exceed 64 MB";
        return;
    }
    if (b->len + len + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + len + 1)
            cap *= 2;
        char *grown = realloc(b->data, cap);
        if (!grown) {
            b->problem = "out of memory";
            return;
        }
        b->data = grown;
        b->cap = cap;
    }
    memcpy(b->data + b->len, text, len);
    b->len += len;
    b->data[b->len] = '\0';
}

/* A JSON string (quotes included); UTF-8 passes through (libyaml has checked it). */
static void sj_string(sj *b, const unsigned char *text, size_t len)
{
    sj_add(b, "\"", 1);
    size_t run = 0; /* bytes copied as they are, pending */
    for (size_t i = 0; i < len; i++) {
        unsigned char c = text[i];
        char esc[8];
        if (c == '"' || c == '\\')
            snprintf(esc, sizeof esc, "\\%c", c);
        else if (c == '\n')
            strcpy(esc, "\\n");
        else if (c == '\t')
            strcpy(esc, "\\t");
        else if (c < 0x20 || c == 0x7f)
            snprintf(esc, sizeof esc, "\\u%04x", c);
        else {
            run++;
            continue;
        }
        sj_add(b, (const char *)text + i - run, run);
        run = 0;
        sj_add(b, esc, strlen(esc));
    }
    sj_add(b, (const char *)text + len - run, run);
    sj_add(b, "\"", 1);
}

static void sj_node(sj *b, yaml_node_t *n, int depth)
{
    if (b->problem)
        return;
    if (!n) {
        b->problem = "a node the document does not hold";
        return;
    }
    if (depth > SJ_MAX_DEPTH) {
        b->problem = "nested deeper than 256 levels";
        return;
    }
    if (n->type == YAML_SCALAR_NODE) {
        sj_string(b, n->data.scalar.value, n->data.scalar.length);
    } else if (n->type == YAML_SEQUENCE_NODE) {
        sj_add(b, "[", 1);
        for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
            if (it > n->data.sequence.items.start)
                sj_add(b, ",", 1);
            sj_node(b, yaml_document_get_node(b->doc, *it), depth + 1);
        }
        sj_add(b, "]", 1);
    } else if (n->type == YAML_MAPPING_NODE) {
        sj_add(b, "{", 1);
        for (yaml_node_pair_t *pair = n->data.mapping.pairs.start; pair < n->data.mapping.pairs.top;
             pair++) {
            yaml_node_t *key = yaml_document_get_node(b->doc, pair->key);
            if (key && key->type != YAML_SCALAR_NODE) {
                b->problem = "a mapping key that is not a scalar has no JSON form";
                return;
            }
            if (pair > n->data.mapping.pairs.start)
                sj_add(b, ",", 1);
            sj_node(b, key, depth + 1);
            sj_add(b, ":", 1);
            sj_node(b, yaml_document_get_node(b->doc, pair->value), depth + 1);
        }
        sj_add(b, "}", 1);
    } else {
        b->problem = "an empty node";
    }
}

static char *sj_message(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    int n = vsnprintf(NULL, 0, format, args);
    va_end(args);
    char *text = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (text) {
        va_start(args, format);
        vsnprintf(text, (size_t)n + 1, format, args);
        va_end(args);
    }
    return text;
}

char *scenario_json(const char *yaml, size_t len, size_t *json_len, char **error)
{
    yaml_parser_t parser;
    yaml_document_t doc;
    *error = NULL;
    if (!yaml_parser_initialize(&parser)) {
        *error = sj_message("out of memory");
        return NULL;
    }
    yaml_parser_set_input_string(&parser, (const unsigned char *)yaml, len);
    if (!yaml_parser_load(&parser, &doc)) {
        *error = sj_message("invalid YAML at %zu:%zu: %s", parser.problem_mark.line + 1,
                            parser.problem_mark.column + 1, parser.problem ? parser.problem : "error");
        yaml_parser_delete(&parser);
        return NULL;
    }
    yaml_parser_delete(&parser);
    sj b = {&doc, NULL, 0, 0, NULL};
    sj_add(&b, "", 0);
    yaml_node_t *root = yaml_document_get_root_node(&doc);
    if (root)
        sj_node(&b, root, 0);
    yaml_document_delete(&doc);
    if (b.problem) {
        free(b.data);
        *error = sj_message("%s", b.problem);
        return NULL;
    }
    *json_len = b.len;
    return b.data;
}
