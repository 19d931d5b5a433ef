/* doc.h: the document a scenario is read from: a tree of scalars, sequences and mappings, each
 * node with the line and column where it starts, so that scenario.c reports every problem at
 * its place. Two adapters fill it, one linked into each build: doc_yaml.c reads YAML with
 * libyaml (the native build: the CLI, the site build, the tests), wasm/doc_json.c reads JSON
 * (the WebAssembly module, which links no libyaml: the site hands it each scenario as JSON,
 * written natively from the same document by wasm/scenario_json.c).
 *
 * What both adapters promise: mapping pairs keep their order and any duplicate keys (scenario.c
 * reports those); a scalar's text is its value with escapes decoded, NUL-terminated (len counts
 * its bytes; it may hold a NUL); lines and columns are 1-based and count bytes; a node may be
 * reached twice (a YAML alias), so readers never free nodes. */
#ifndef EMU_MODEL_DOC_H
#define EMU_MODEL_DOC_H

#include <stddef.h>

typedef enum emu_doc_kind { EMU_DOC_SCALAR = 1, EMU_DOC_SEQUENCE, EMU_DOC_MAPPING } emu_doc_kind;

typedef struct emu_doc_node emu_doc_node;
struct emu_doc_node {
    emu_doc_kind kind;
    size_t line, column;              /* where the node starts, 1-based */
    const char *text;                 /* scalar: its value (NUL-terminated); "" otherwise */
    size_t len;                       /* scalar: bytes of text */
    size_t count;                     /* sequence: items; mapping: pairs; scalar: 0 */
    const emu_doc_node *const *items; /* sequence: count items; mapping: 2 * count nodes, key
                                         then value of each pair in order */
};

typedef struct emu_doc emu_doc; /* owns every node and text; freed by emu_doc_free */

/* Where and why a text is not a document. */
typedef struct emu_doc_error {
    size_t line, column; /* 1-based */
    char message[300];   /* "invalid YAML: did not find expected key" (the adapter's words) */
} emu_doc_error;

/* Parses the first document of text[0..len). Returns the document, or NULL with *error filled
 * (invalid input, nesting too deep, out of memory). An empty stream is a document without a
 * root. Free the result with emu_doc_free. */
emu_doc *emu_doc_parse(const char *text, size_t len, emu_doc_error *error);

/* The root node, or NULL for an empty stream. Owned by the document. */
const emu_doc_node *emu_doc_root(const emu_doc *doc);

/* Frees the document and every node of it. NULL is allowed. */
void emu_doc_free(emu_doc *doc);

#endif
