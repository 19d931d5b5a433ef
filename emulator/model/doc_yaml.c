/* doc_yaml.c: the native document adapter (doc.h): YAML through libyaml's loader, whose
 * document is kept and seen through emu_doc_node views (no text is copied). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "doc.h"

struct emu_doc {
    yaml_document_t yaml;
    emu_doc_node *nodes;         /* one per libyaml node, same order (libyaml's id - 1) */
    const emu_doc_node **items;  /* every sequence's items and mapping's keys and values */
    const emu_doc_node *root;
};

static void doc_error(emu_doc_error *error, const yaml_parser_t *parser, const char *text,
                      size_t len)
{
    size_t line = parser->problem_mark.line + 1, column = parser->problem_mark.column + 1;
    if (parser->error == YAML_READER_ERROR) {
        /* The reader (bad UTF-8, control characters) sets only a byte offset: count. */
        line = column = 1;
        for (size_t i = 0; i < parser->problem_offset && i < len; i++, column++)
            if (text[i] == '\n') {
                line++;
                column = 0;
            }
    }
    error->line = line;
    error->column = column;
    if (parser->error == YAML_MEMORY_ERROR)
        snprintf(error->message, sizeof error->message, "out of memory");
    else
        snprintf(error->message, sizeof error->message, "invalid YAML: %s%s%s",
                 parser->problem ? parser->problem : "error", parser->context ? " " : "",
                 parser->context ? parser->context : "");
}

emu_doc *emu_doc_parse(const char *text, size_t len, emu_doc_error *error)
{
    memset(error, 0, sizeof *error);
    emu_doc *doc = calloc(1, sizeof *doc);
    yaml_parser_t parser;
    if (!doc || !yaml_parser_initialize(&parser)) {
        free(doc);
        error->line = error->column = 1;
        snprintf(error->message, sizeof error->message, "out of memory");
        return NULL;
    }
    yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
    if (!yaml_parser_load(&parser, &doc->yaml)) {
        doc_error(error, &parser, text, len);
        yaml_parser_delete(&parser);
        free(doc);
        return NULL;
    }
    yaml_parser_delete(&parser);
    size_t n = (size_t)(doc->yaml.nodes.top - doc->yaml.nodes.start), n_items = 0;
    for (yaml_node_t *y = doc->yaml.nodes.start; y < doc->yaml.nodes.top; y++)
        n_items += y->type == YAML_SEQUENCE_NODE ? (size_t)(y->data.sequence.items.top -
                                                            y->data.sequence.items.start)
                   : y->type == YAML_MAPPING_NODE
                       ? 2 * (size_t)(y->data.mapping.pairs.top - y->data.mapping.pairs.start)
                       : 0;
    doc->nodes = calloc(n ? n : 1, sizeof *doc->nodes);
    doc->items = calloc(n_items ? n_items : 1, sizeof *doc->items);
    if (!doc->nodes || !doc->items) {
        emu_doc_free(doc);
        error->line = error->column = 1;
        snprintf(error->message, sizeof error->message, "out of memory");
        return NULL;
    }
    const emu_doc_node **next = doc->items;
    for (size_t i = 0; i < n; i++) {
        yaml_node_t *y = &doc->yaml.nodes.start[i];
        emu_doc_node *d = &doc->nodes[i];
        d->line = y->start_mark.line + 1;
        d->column = y->start_mark.column + 1;
        d->text = "";
        d->items = next;
        if (y->type == YAML_SCALAR_NODE) {
            d->kind = EMU_DOC_SCALAR;
            d->text = (const char *)y->data.scalar.value;
            d->len = y->data.scalar.length;
        } else if (y->type == YAML_SEQUENCE_NODE) {
            d->kind = EMU_DOC_SEQUENCE;
            for (yaml_node_item_t *it = y->data.sequence.items.start;
                 it < y->data.sequence.items.top; it++)
                *next++ = &doc->nodes[*it - 1];
            d->count = (size_t)(next - d->items);
        } else {
            d->kind = EMU_DOC_MAPPING;
            for (yaml_node_pair_t *p = y->data.mapping.pairs.start; p < y->data.mapping.pairs.top;
                 p++) {
                *next++ = &doc->nodes[p->key - 1];
                *next++ = &doc->nodes[p->value - 1];
            }
            d->count = (size_t)(next - d->items) / 2;
        }
    }
    doc->root = n ? &doc->nodes[0] : NULL; /* libyaml's root is its first node */
    return doc;
}

const emu_doc_node *emu_doc_root(const emu_doc *doc) { return doc ? doc->root : NULL; }

void emu_doc_free(emu_doc *doc)
{
    if (!doc)
        return;
    yaml_document_delete(&doc->yaml);
    free(doc->nodes);
    free(doc->items);
    free(doc);
}
