/* doc_json.c: the WebAssembly module's document adapter (emulator/model/doc.h): JSON, which the
 * site writes each scenario as (wasm/scenario_json.c, natively from the YAML), so the module
 * links no libyaml (about 15 KB of the gzipped module, wasm/README.md).
 *
 * What it reads: RFC 8259 JSON. A string becomes a scalar with its escapes decoded (\u0000
 * included, surrogate pairs joined into UTF-8); a number, true, false or null a scalar with its
 * literal text (scenario.c interprets numbers and booleans from the text, as it does YAML's);
 * arrays sequences, objects mappings with their pairs in order and duplicate keys kept. Lines and
 * columns count bytes from 1. Errors: "invalid JSON: ..." at the place; nesting deeper than
 * DJ_MAX_DEPTH is refused, so that hostile input cannot exhaust the module's stack. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/doc.h"

#define DJ_MAX_DEPTH 256

/* A node while parsing: children by index, since the array of nodes moves as it grows. */
typedef struct dj_node {
    emu_doc_kind kind;
    size_t line, column;
    char *text; /* scalar: malloc'd, NUL-ended */
    size_t len;
    size_t *kids; /* node indexes: items, or key and value of each pair */
    size_t n_kids, cap_kids;
} dj_node;

typedef struct dj {
    const unsigned char *start, *end, *p;
    size_t line;                     /* 1-based line of p */
    const unsigned char *line_start; /* first byte of that line */
    dj_node *nodes;
    size_t n_nodes, cap_nodes;
    emu_doc_error *error;
    int failed;
} dj;

struct emu_doc {
    emu_doc_node *nodes;
    const emu_doc_node **items;
    char **texts;
    size_t n_nodes;
};

static int dj_fail(dj *j, const char *problem)
{
    if (!j->failed) {
        j->failed = 1;
        j->error->line = j->line;
        j->error->column = (size_t)(j->p - j->line_start) + 1;
        snprintf(j->error->message, sizeof j->error->message, "invalid JSON: %s", problem);
    }
    return 0;
}

static int dj_oom(dj *j)
{
    if (!j->failed) {
        j->failed = 1;
        j->error->line = j->error->column = 1;
        snprintf(j->error->message, sizeof j->error->message, "out of memory");
    }
    return 0;
}

static void dj_space(dj *j)
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

/* Makes room for one more item of `size` bytes in *array (cap items); 0 when out of memory. */
static int dj_grow(void **array, size_t *cap, size_t used, size_t size)
{
    if (used < *cap)
        return 1;
    size_t n = *cap ? *cap * 2 : 8;
    void *grown = n < SIZE_MAX / size ? realloc(*array, n * size) : NULL;
    if (!grown)
        return 0;
    *array = grown;
    *cap = n;
    return 1;
}

/* A new node of kind at p; its index in *index. */
static int dj_add(dj *j, emu_doc_kind kind, size_t *index)
{
    if (!dj_grow((void **)&j->nodes, &j->cap_nodes, j->n_nodes, sizeof *j->nodes))
        return dj_oom(j);
    dj_node *n = &j->nodes[j->n_nodes];
    memset(n, 0, sizeof *n);
    n->kind = kind;
    n->line = j->line;
    n->column = (size_t)(j->p - j->line_start) + 1;
    *index = j->n_nodes++;
    return 1;
}

static int dj_kid(dj *j, size_t parent, size_t kid)
{
    dj_node *n = &j->nodes[parent];
    if (!dj_grow((void **)&n->kids, &n->cap_kids, n->n_kids, sizeof *n->kids))
        return dj_oom(j);
    n->kids[n->n_kids++] = kid;
    return 1;
}

static int dj_hex4(const unsigned char *p, unsigned *out)
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

/* Decodes the string at p (its opening quote) into node n's text. */
static int dj_string(dj *j, dj_node *n)
{
    const unsigned char *q = j->p + 1;
    while (q < j->end && *q != '"')
        q += *q == '\\' && q + 1 < j->end ? 2 : 1;
    if (q >= j->end)
        return dj_fail(j, "unterminated JSON string");
    j->p++;
    /* The decoded text is never longer than the escaped text. */
    unsigned char *out = malloc((size_t)(q - j->p) + 1), *o = out;
    if (!out)
        return dj_oom(j);
    n->text = (char *)out;
    while (*j->p != '"') {
        unsigned c = *j->p;
        if (c < 0x20)
            return dj_fail(j, "control character in a JSON string");
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
        if (c != 'u' || j->end - j->p < 4 || !dj_hex4(j->p, &cp))
            return dj_fail(j, "bad escape in a JSON string");
        j->p += 4;
        if (cp >= 0xd800 && cp < 0xdc00 && j->end - j->p >= 6 && j->p[0] == '\\' &&
            j->p[1] == 'u' && dj_hex4(j->p + 2, &lo) && lo >= 0xdc00 && lo < 0xe000) {
            cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
            j->p += 6;
        } else if (cp >= 0xd800 && cp < 0xe000) {
            return dj_fail(j, "unpaired surrogate in a JSON string");
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
    n->len = (size_t)(o - out);
    return 1;
}

static int dj_value(dj *j, int depth, size_t *index);

/* The items of the array or the pairs of the object at p ('[' or '{') into node id. */
static int dj_container(dj *j, size_t id, int depth)
{
    int mapping = *j->p++ == '{';
    unsigned char close = mapping ? '}' : ']';
    dj_space(j);
    if (j->p < j->end && *j->p == close) {
        j->p++;
        return 1;
    }
    for (;;) {
        size_t kid;
        if (mapping) {
            if (j->p >= j->end || *j->p != '"')
                return dj_fail(j, "expected a string key in a JSON object");
            if (!dj_value(j, depth + 1, &kid) || !dj_kid(j, id, kid))
                return 0;
            dj_space(j);
            if (j->p >= j->end || *j->p != ':')
                return dj_fail(j, "expected ':' in a JSON object");
            j->p++;
            dj_space(j);
        }
        if (!dj_value(j, depth + 1, &kid) || !dj_kid(j, id, kid))
            return 0;
        dj_space(j);
        if (j->p < j->end && *j->p == ',') {
            j->p++;
            dj_space(j);
            continue;
        }
        if (j->p < j->end && *j->p == close) {
            j->p++;
            return 1;
        }
        return dj_fail(j, mapping ? "expected ',' or '}' in a JSON object"
                                  : "expected ',' or ']' in a JSON array");
    }
}

/* One value at p (no leading space) into a new node, its index in *index. */
static int dj_value(dj *j, int depth, size_t *index)
{
    if (depth > DJ_MAX_DEPTH)
        return dj_fail(j, "JSON nested too deeply");
    if (j->p >= j->end)
        return dj_fail(j, "expected a JSON value");
    unsigned char c = *j->p;
    if (c == '[' || c == '{')
        return dj_add(j, c == '[' ? EMU_DOC_SEQUENCE : EMU_DOC_MAPPING, index) &&
               dj_container(j, *index, depth);
    if (!dj_add(j, EMU_DOC_SCALAR, index))
        return 0;
    if (c == '"')
        return dj_string(j, &j->nodes[*index]);
    /* A literal: number, true, false or null, kept as its text. */
    const unsigned char *s = j->p;
    while (j->p < j->end && (strchr("+-.", *j->p) || (*j->p >= '0' && *j->p <= '9') ||
                             ((*j->p | 0x20) >= 'a' && (*j->p | 0x20) <= 'z')))
        j->p++;
    size_t len = (size_t)(j->p - s);
    int number = len && (*s == '-' || (*s >= '0' && *s <= '9'));
    if (!number && !(len == 4 && (!memcmp(s, "true", 4) || !memcmp(s, "null", 4))) &&
        !(len == 5 && !memcmp(s, "false", 5))) {
        j->p = s;
        return dj_fail(j, "expected a JSON value");
    }
    dj_node *n = &j->nodes[*index];
    if (!(n->text = malloc(len + 1)))
        return dj_oom(j);
    memcpy(n->text, s, len);
    n->text[len] = '\0';
    n->len = len;
    return 1;
}

/* The parsed nodes as the document's views (doc.h); frees the parse state either way. */
static emu_doc *dj_finish(dj *j)
{
    emu_doc *doc = calloc(1, sizeof *doc);
    size_t n_items = 0;
    for (size_t i = 0; i < j->n_nodes; i++)
        n_items += j->nodes[i].n_kids;
    if (doc) {
        doc->nodes = calloc(j->n_nodes ? j->n_nodes : 1, sizeof *doc->nodes);
        doc->items = calloc(n_items ? n_items : 1, sizeof *doc->items);
        doc->texts = calloc(j->n_nodes ? j->n_nodes : 1, sizeof *doc->texts);
    }
    if (!doc || !doc->nodes || !doc->items || !doc->texts) {
        for (size_t i = 0; i < j->n_nodes; i++)
            free(j->nodes[i].text);
        emu_doc_free(doc);
        doc = NULL;
        dj_oom(j);
    } else {
        const emu_doc_node **next = doc->items;
        doc->n_nodes = j->n_nodes;
        for (size_t i = 0; i < j->n_nodes; i++) {
            dj_node *s = &j->nodes[i];
            emu_doc_node *d = &doc->nodes[i];
            d->kind = s->kind;
            d->line = s->line;
            d->column = s->column;
            d->text = s->text ? s->text : "";
            d->len = s->len;
            doc->texts[i] = s->text;
            d->items = next;
            for (size_t k = 0; k < s->n_kids; k++)
                *next++ = &doc->nodes[s->kids[k]];
            d->count = s->kind == EMU_DOC_MAPPING ? s->n_kids / 2 : s->n_kids;
        }
    }
    for (size_t i = 0; i < j->n_nodes; i++)
        free(j->nodes[i].kids);
    free(j->nodes);
    return doc;
}

emu_doc *emu_doc_parse(const char *text, size_t len, emu_doc_error *error)
{
    memset(error, 0, sizeof *error);
    const unsigned char *p = (const unsigned char *)text;
    dj j = {p, p + len, p, 1, p, NULL, 0, 0, error, 0};
    dj_space(&j);
    size_t root;
    /* No value at all is an empty stream: a document without a root. */
    int ok = j.p >= j.end || dj_value(&j, 0, &root);
    if (ok) {
        dj_space(&j);
        if (j.p < j.end)
            ok = dj_fail(&j, "text after the JSON value");
    }
    if (!ok) {
        for (size_t i = 0; i < j.n_nodes; i++) {
            free(j.nodes[i].text);
            free(j.nodes[i].kids);
        }
        free(j.nodes);
        return NULL;
    }
    return dj_finish(&j);
}

const emu_doc_node *emu_doc_root(const emu_doc *doc)
{
    return doc && doc->n_nodes ? &doc->nodes[0] : NULL; /* the first value parsed */
}

void emu_doc_free(emu_doc *doc)
{
    if (!doc)
        return;
    for (size_t i = 0; doc->texts && i < doc->n_nodes; i++)
        free(doc->texts[i]);
    free(doc->texts);
    free(doc->nodes);
    free(doc->items);
    free(doc);
}
