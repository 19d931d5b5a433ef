/* yaml_json.c: the WebAssembly build's stand-in for libyaml: the part of its loader API that
 * emulator/scenario.c calls, for scenarios written as JSON (a subset of YAML).
 *
 * Why: libyaml's parser, scanner, reader and loader cost about 30 KB of the gzipped module, and
 * every scenario the page loads was already parsed and validated by the native build, which
 * writes it into labs.json as JSON (wasm/scenario_json.c). This file parses that JSON into the
 * same yaml_document_t the real yaml_parser_load builds for it, so scenario.c runs unchanged.
 *
 * What it builds, as libyaml does: node ids are 1-based indexes into doc->nodes, a container is
 * added before its children, the root is the first node; mapping pairs keep their order and any
 * duplicate keys (scenario.c reports those); start_mark/end_mark hold the byte index, line and
 * column (0-based) of the JSON text. Every JSON value becomes a scalar, sequence or mapping node:
 * a string a double-quoted scalar (escapes decoded, \u0000 included), a number, true, false or
 * null a plain scalar with its literal text. Tags are NULL (scenario.c reads none).
 *
 * Differences from libyaml, none visible to scenario.c with JSON from scenario_json.c: input
 * that is YAML but not JSON is an error ("expected a JSON value"); nesting deeper than
 * YJ_MAX_DEPTH is an error; only one document is read (scenario.c reads one).
 *
 * Memory: the document owns every node, value and stack (malloc); yaml_document_delete frees
 * them. The parser owns nothing. Errors: yaml_parser_load returns 0 and sets parser->error
 * (YAML_MEMORY_ERROR or YAML_PARSER_ERROR), parser->problem (a static string) and
 * parser->problem_mark. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "scenario.h"

/* The built-in scenario's JSON form (build/wasm/gen/default_scenario.c, generated natively by
 * `scenario_json --builtin-c`): emulator/model.c hands emu_default_scenario_yaml, YAML, to the
 * parser when a session opens without a lab, and this reader takes the JSON in its place. */
extern const char emw_default_scenario_json[];

/* Deeper JSON is refused, so that hostile input cannot exhaust the module's stack. */
#define YJ_MAX_DEPTH 256

typedef struct {
    yaml_parser_t *parser;
    yaml_document_t *doc;
    const unsigned char *start, *end, *p;
    size_t line;                     /* 0-based line of p */
    const unsigned char *line_start; /* first byte of that line */
} yj;

int yaml_parser_initialize(yaml_parser_t *parser)
{
    memset(parser, 0, sizeof *parser);
    return 1;
}

void yaml_parser_delete(yaml_parser_t *parser) { memset(parser, 0, sizeof *parser); }

void yaml_parser_set_input_string(yaml_parser_t *parser, const unsigned char *input, size_t size)
{
    if (input == (const unsigned char *)emu_default_scenario_yaml) {
        input = (const unsigned char *)emw_default_scenario_json;
        size = strlen(emw_default_scenario_json);
    }
    parser->input.string.start = parser->input.string.current = input;
    parser->input.string.end = input + size;
}

yaml_node_t *yaml_document_get_node(yaml_document_t *doc, int index)
{
    if (index > 0 && doc->nodes.start + index <= doc->nodes.top)
        return doc->nodes.start + index - 1;
    return NULL;
}

yaml_node_t *yaml_document_get_root_node(yaml_document_t *doc)
{
    return doc->nodes.top > doc->nodes.start ? doc->nodes.start : NULL;
}

void yaml_document_delete(yaml_document_t *doc)
{
    for (yaml_node_t *n = doc->nodes.start; n && n < doc->nodes.top; n++) {
        if (n->type == YAML_SCALAR_NODE)
            free(n->data.scalar.value);
        else if (n->type == YAML_SEQUENCE_NODE)
            free(n->data.sequence.items.start);
        else if (n->type == YAML_MAPPING_NODE)
            free(n->data.mapping.pairs.start);
    }
    free(doc->nodes.start);
    memset(doc, 0, sizeof *doc);
}

static yaml_mark_t yj_mark(const yj *j)
{
    yaml_mark_t m = {(size_t)(j->p - j->start), j->line, (size_t)(j->p - j->line_start)};
    return m;
}

static int yj_fail(yj *j, const char *problem)
{
    if (!j->parser->error) {
        j->parser->error = YAML_PARSER_ERROR;
        j->parser->problem = problem;
        j->parser->problem_mark = yj_mark(j);
    }
    return 0;
}

static int yj_oom(yj *j)
{
    j->parser->error = YAML_MEMORY_ERROR;
    j->parser->problem = "out of memory";
    return 0;
}

static void yj_space(yj *j)
{
    for (; j->p < j->end; j->p++) {
        if (*j->p == '\n') {
            j->line++;
            j->line_start = j->p + 1;
        } else if (*j->p != ' ' && *j->p != '\t' && *j->p != '\r') {
            break;
        }
    }
}

/* Grows a stack of `item` bytes per entry so that one more fits; 0 when out of memory. */
static int yj_grow(void **start, void **end, void **top, size_t item)
{
    size_t used = (size_t)((char *)*top - (char *)*start), cap = (size_t)((char *)*end - (char *)*start);
    if (used + item <= cap)
        return 1;
    size_t new_cap = cap ? cap * 2 : 8 * item;
    char *grown = realloc(*start, new_cap);
    if (!grown)
        return 0;
    *start = grown;
    *top = grown + used;
    *end = grown + new_cap;
    return 1;
}

/* Appends a node of `type` (data zeroed) that starts at start_mark; returns its id, 0 on failure. */
static int yj_add(yj *j, yaml_node_type_t type, yaml_mark_t start_mark)
{
    yaml_document_t *d = j->doc;
    if (d->nodes.top - d->nodes.start >= INT32_MAX - 1 ||
        !yj_grow((void **)&d->nodes.start, (void **)&d->nodes.end, (void **)&d->nodes.top,
                 sizeof *d->nodes.top))
        return yj_oom(j);
    memset(d->nodes.top, 0, sizeof *d->nodes.top);
    d->nodes.top->type = type;
    d->nodes.top->start_mark = start_mark;
    d->nodes.top++;
    return (int)(d->nodes.top - d->nodes.start);
}

static int yj_hex4(const unsigned char *p, unsigned *out)
{
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        unsigned c = p[i];
        v <<= 4;
        if (c >= '0' && c <= '9')
            v |= c - '0';
        else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
            v |= (c | 0x20) - 'a' + 10;
        else
            return 0;
    }
    *out = v;
    return 1;
}

/* Decodes the string at p (at its opening quote) into a new malloc'd, NUL-ended value. */
static int yj_string(yj *j, yaml_char_t **value, size_t *length)
{
    const unsigned char *p = j->p + 1;
    while (p < j->end && *p != '"')
        p += *p == '\\' && p + 1 < j->end ? 2 : 1;
    if (p >= j->end)
        return yj_fail(j, "unterminated JSON string");
    j->p++;
    /* The decoded text is never longer than the escaped text. */
    size_t cap = (size_t)(p - j->p) + 1;
    unsigned char *out = malloc(cap), *o = out;
    if (!out)
        return yj_oom(j);
    while (*j->p != '"') {
        unsigned c = *j->p;
        if (c < 0x20) {
            free(out);
            return yj_fail(j, "control character in a JSON string");
        }
        if (c != '\\') {
            *o++ = (unsigned char)c;
            j->p++;
            continue;
        }
        c = j->p[1];
        j->p += 2;
        unsigned char simple = c == '"' || c == '\\' || c == '/' ? (unsigned char)c
                               : c == 'b' ? '\b' : c == 'f' ? '\f' : c == 'n' ? '\n'
                               : c == 'r' ? '\r' : c == 't' ? '\t' : 0;
        if (simple) {
            *o++ = simple;
            continue;
        }
        unsigned cp, lo;
        if (c != 'u' || j->end - j->p < 4 || !yj_hex4(j->p, &cp)) {
            free(out);
            return yj_fail(j, "bad escape in a JSON string");
        }
        j->p += 4;
        if (cp >= 0xd800 && cp < 0xdc00 && j->end - j->p >= 6 && j->p[0] == '\\' &&
            j->p[1] == 'u' && yj_hex4(j->p + 2, &lo) && lo >= 0xdc00 && lo < 0xe000) {
            cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
            j->p += 6;
        } else if (cp >= 0xd800 && cp < 0xe000) {
            free(out);
            return yj_fail(j, "unpaired surrogate in a JSON string");
        }
        if (cp < 0x80) {
            *o++ = (unsigned char)cp;
        } else if (cp < 0x800) {
            *o++ = (unsigned char)(0xc0 | cp >> 6);
            *o++ = (unsigned char)(0x80 | (cp & 0x3f));
        } else if (cp < 0x10000) {
            *o++ = (unsigned char)(0xe0 | cp >> 12);
            *o++ = (unsigned char)(0x80 | (cp >> 6 & 0x3f));
            *o++ = (unsigned char)(0x80 | (cp & 0x3f));
        } else {
            *o++ = (unsigned char)(0xf0 | cp >> 18);
            *o++ = (unsigned char)(0x80 | (cp >> 12 & 0x3f));
            *o++ = (unsigned char)(0x80 | (cp >> 6 & 0x3f));
            *o++ = (unsigned char)(0x80 | (cp & 0x3f));
        }
    }
    j->p++;
    *o = '\0';
    *value = out;
    *length = (size_t)(o - out);
    return 1;
}

static int yj_value(yj *j, int depth);

/* Parses a sequence ('[') or mapping ('{') into node `id`. */
static int yj_container(yj *j, int id, int depth)
{
    int mapping = *j->p++ == '{';
    unsigned char close = mapping ? '}' : ']';
    yj_space(j);
    if (j->p < j->end && *j->p == close) {
        j->p++;
        return 1;
    }
    for (;;) {
        int key = 0;
        if (mapping) {
            if (j->p >= j->end || *j->p != '"')
                return yj_fail(j, "expected a string key in a JSON object");
            if (!(key = yj_value(j, depth + 1)))
                return 0;
            yj_space(j);
            if (j->p >= j->end || *j->p != ':')
                return yj_fail(j, "expected ':' in a JSON object");
            j->p++;
            yj_space(j);
        }
        int value = yj_value(j, depth + 1);
        if (!value)
            return 0;
        /* The node may have moved: the stack grew while parsing the children. */
        yaml_node_t *n = j->doc->nodes.start + id - 1;
        if (mapping) {
            if (!yj_grow((void **)&n->data.mapping.pairs.start, (void **)&n->data.mapping.pairs.end,
                         (void **)&n->data.mapping.pairs.top, sizeof(yaml_node_pair_t)))
                return yj_oom(j);
            n->data.mapping.pairs.top->key = key;
            n->data.mapping.pairs.top->value = value;
            n->data.mapping.pairs.top++;
        } else {
            if (!yj_grow((void **)&n->data.sequence.items.start, (void **)&n->data.sequence.items.end,
                         (void **)&n->data.sequence.items.top, sizeof(yaml_node_item_t)))
                return yj_oom(j);
            *n->data.sequence.items.top++ = value;
        }
        yj_space(j);
        if (j->p < j->end && *j->p == ',') {
            j->p++;
            yj_space(j);
            continue;
        }
        if (j->p < j->end && *j->p == close) {
            j->p++;
            return 1;
        }
        return yj_fail(j, mapping ? "expected ',' or '}' in a JSON object"
                                  : "expected ',' or ']' in a JSON array");
    }
}

/* Parses one value at p (no leading space) into a new node; returns its id, 0 on failure. */
static int yj_value(yj *j, int depth)
{
    if (depth > YJ_MAX_DEPTH)
        return yj_fail(j, "JSON nested too deeply");
    if (j->p >= j->end)
        return yj_fail(j, "expected a JSON value");
    unsigned char c = *j->p;
    yaml_mark_t mark = yj_mark(j);
    int id;
    if (c == '[' || c == '{') {
        if (!(id = yj_add(j, c == '[' ? YAML_SEQUENCE_NODE : YAML_MAPPING_NODE, mark)))
            return 0;
        if (c == '[')
            j->doc->nodes.start[id - 1].data.sequence.style = YAML_FLOW_SEQUENCE_STYLE;
        else
            j->doc->nodes.start[id - 1].data.mapping.style = YAML_FLOW_MAPPING_STYLE;
        if (!yj_container(j, id, depth))
            return 0;
    } else {
        yaml_char_t *value = NULL;
        size_t length = 0;
        yaml_scalar_style_t style = YAML_DOUBLE_QUOTED_SCALAR_STYLE;
        if (c == '"') {
            if (!yj_string(j, &value, &length))
                return 0;
        } else {
            /* A literal: number, true, false or null, kept as its text (a plain scalar). */
            const unsigned char *s = j->p;
            while (j->p < j->end && (strchr("+-.", *j->p) || (*j->p >= '0' && *j->p <= '9') ||
                                     ((*j->p | 0x20) >= 'a' && (*j->p | 0x20) <= 'z')))
                j->p++;
            length = (size_t)(j->p - s);
            int number = length && (*s == '-' || (*s >= '0' && *s <= '9'));
            if (!number && !(length == 4 && (!memcmp(s, "true", 4) || !memcmp(s, "null", 4))) &&
                !(length == 5 && !memcmp(s, "false", 5))) {
                j->p = s;
                return yj_fail(j, "expected a JSON value");
            }
            if (!(value = malloc(length + 1)))
                return yj_oom(j);
            memcpy(value, s, length);
            value[length] = '\0';
            style = YAML_PLAIN_SCALAR_STYLE;
        }
        if (!(id = yj_add(j, YAML_SCALAR_NODE, mark))) {
            free(value);
            return 0;
        }
        yaml_node_t *n = j->doc->nodes.start + id - 1;
        n->data.scalar.value = value;
        n->data.scalar.length = length;
        n->data.scalar.style = style;
    }
    j->doc->nodes.start[id - 1].end_mark = yj_mark(j);
    return id;
}

int yaml_parser_load(yaml_parser_t *parser, yaml_document_t *document)
{
    yj j = {parser, document, parser->input.string.current, parser->input.string.end,
            parser->input.string.current, 0, parser->input.string.current};
    memset(document, 0, sizeof *document);
    document->start_implicit = document->end_implicit = 1;
    yj_space(&j);
    document->start_mark = yj_mark(&j);
    /* No value at all is an empty stream: a document without a root, as libyaml loads it. */
    int ok = j.p >= j.end || yj_value(&j, 0);
    if (ok) {
        yj_space(&j);
        if (j.p < j.end)
            ok = yj_fail(&j, "text after the JSON value");
    }
    if (!ok) {
        yaml_document_delete(document);
        return 0;
    }
    document->end_mark = yj_mark(&j);
    parser->input.string.current = j.p;
    return 1;
}
