/* scenario_json.c: converts a lab scenario from YAML to JSON, for labs.json and the transcript
 * replay (see scenario_json.h): the native document adapter (emulator/model/doc.h, libyaml)
 * reads it, and every node is written out as JSON. */
#include "scenario_json.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/doc.h"

#define SJ_MAX_DEPTH 256
#define SJ_MAX_BYTES ((size_t)64 << 20)

typedef struct {
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

/* A JSON string (quotes included); UTF-8 passes through (the YAML reader has checked it). */
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

static void sj_node(sj *b, const emu_doc_node *n, int depth)
{
    if (b->problem)
        return;
    if (depth > SJ_MAX_DEPTH) {
        b->problem = "nested deeper than 256 levels";
        return;
    }
    if (n->kind == EMU_DOC_SCALAR) {
        sj_string(b, (const unsigned char *)n->text, n->len);
    } else if (n->kind == EMU_DOC_SEQUENCE) {
        sj_add(b, "[", 1);
        for (size_t i = 0; i < n->count; i++) {
            if (i)
                sj_add(b, ",", 1);
            sj_node(b, n->items[i], depth + 1);
        }
        sj_add(b, "]", 1);
    } else {
        sj_add(b, "{", 1);
        for (size_t i = 0; i < n->count; i++) {
            const emu_doc_node *key = n->items[2 * i];
            if (key->kind != EMU_DOC_SCALAR) {
                b->problem = "a mapping key that is not a scalar has no JSON form";
                return;
            }
            if (i)
                sj_add(b, ",", 1);
            sj_node(b, key, depth + 1);
            sj_add(b, ":", 1);
            sj_node(b, n->items[2 * i + 1], depth + 1);
        }
        sj_add(b, "}", 1);
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
    *error = NULL;
    emu_doc_error derr;
    emu_doc *doc = emu_doc_parse(yaml, len, &derr);
    if (!doc) {
        *error = sj_message("%s at %zu:%zu", derr.message, derr.line, derr.column);
        return NULL;
    }
    sj b = {NULL, 0, 0, NULL};
    sj_add(&b, "", 0);
    const emu_doc_node *root = emu_doc_root(doc);
    if (root)
        sj_node(&b, root, 0);
    emu_doc_free(doc);
    if (b.problem) {
        free(b.data);
        *error = sj_message("%s", b.problem);
        return NULL;
    }
    *json_len = b.len;
    return b.data;
}
