/* transform.h: the passes over a page's Markdown tree, one file each (transform_*.c), run in
 * the order of hb_transforms. Every page goes through them twice: in the scan phase, to learn
 * the page's ids, links and symptom rows (all pages in parallel, before the link graph exists),
 * and in the render phase, to rewrite the tree into its final HTML (with the whole link graph
 * known). A new pass is one new file plus one line in transform.c. */
#ifndef HB_TRANSFORM_H
#define HB_TRANSFORM_H

#include <cmark-gfm.h>

#include "site.h"
#include "slug.h"

typedef enum hb_phase { HB_PHASE_SCAN, HB_PHASE_RENDER } hb_phase;

/* hb_toc_entry (an entry of a page's table of contents) is in site.h. */

/* One page in the hands of a worker. The worker owns the doc; pages other than `page` and the
 * rest of the site are read-only while workers run. */
typedef struct hb_doc {
    hb_site *site;
    hb_page *page;      /* written in the scan phase only */
    hb_phase phase;
    cmark_node *root;   /* owned by the worker */
    cmark_llist *extensions; /* the parser's syntax extensions, for rendering fragments */
    int defer_links;    /* render phase run by the scan (build.c): each internal link's href
                           becomes a marker that hb_links_fill replaces once the link graph
                           is known */
    hb_slug_set ids;    /* every id given out on this page */
    hb_toc_entry *toc;  /* render phase: h2 and h3, in order */
    size_t n_toc;
    cmark_node **buried; /* nodes unlinked from the tree, freed with the doc (their inline
                            children may still point into them) */
    size_t n_buried;
    int timeline_assets; /* render phase: HB_ASSET_* already linked from the page */
} hb_doc;

typedef struct hb_transform {
    const char *name;
    /* Returns the number of errors reported (to doc->site->diag). */
    int (*run)(hb_doc *doc);
} hb_transform;

/* The passes, in order, ending with {NULL, NULL}. */
extern const hb_transform hb_transforms[];

int hb_transform_raw_html(hb_doc *doc);
int hb_transform_headings(hb_doc *doc);
int hb_transform_symptoms(hb_doc *doc);
int hb_transform_links(hb_doc *doc);
int hb_transform_alerts(hb_doc *doc);
int hb_transform_tasklist(hb_doc *doc);
int hb_transform_dot(hb_doc *doc);
int hb_transform_lab(hb_doc *doc); /* transform_lab.c: ```lab and ```console lab= fences */
int hb_transform_timeline(hb_doc *doc); /* transform_timeline.c: ```timeline */
int hb_transform_cost(hb_doc *doc);     /* transform_cost.c: ```cost, the cost calculator */

/* The page-side files of the timelines and the cost calculator: their stylesheet
 * (assets/timeline.css), the timelines' script (assets/timeline.js: the chart's keys, the lab
 * console's panel) and the calculator's (assets/cost.js). */
enum { HB_ASSET_TIMELINE = 1 << 0, HB_ASSET_COST = 1 << 1 };

/* Appends the links to the stylesheet and to the scripts of `which` (HB_ASSET_*) that the page
 * does not link yet: its timeline and cost fences and its lab blocks (whose console draws
 * timelines in a panel) call it before their HTML. transform_timeline.c. */
void hb_timeline_assets(hb_doc *doc, int which, hb_buf *html);

/* The page's HTML rendered with defer_links (html, len bytes) with each link marker replaced
 * by the href the render phase's link pass would have given it, escaped as cmark-gfm's HTML
 * renderer escapes an href (its own houdini_escape_href). The link graph must be built.
 * Returns a malloc'd string (caller frees). */
char *hb_links_fill(const hb_site *site, const hb_page *page, const char *html, size_t len);

/* Runs every pass. Returns the number of errors. */
int hb_transform_all(hb_doc *doc);

/* The block nodes of `type` (a block type: heading, block quote, list item, code block) in the
 * doc, in document order (the order of cmark_iter's enter events), found without entering
 * paragraphs, headings or inline content: a malloc'd array (*count entries; NULL when none)
 * the caller frees; the nodes belong to the doc. */
cmark_node **hb_doc_blocks(hb_doc *doc, cmark_node_type type, size_t *count);

/* ---- what the generator's own fences share (fence.c) ----------------------------------------- */

/* The code blocks of the page whose info string's first word is name ("timeline" matches
 * "timeline lab=x", not "timelines"), in document order: a malloc'd array (*count entries; NULL
 * when none) the caller frees; the nodes belong to the doc. */
cmark_node **hb_doc_fences(hb_doc *doc, const char *name, size_t *count);

/* Splits an info string at blanks (spaces, tabs) into at most max words, each cut to
 * HB_FENCE_WORD_BYTES - 1 bytes. Returns the number of words. info may be NULL. */
#define HB_FENCE_WORD_BYTES 160
int hb_fence_words(const char *info, char words[][HB_FENCE_WORD_BYTES], int max);

/* 1 when id is a lab id's syntax: lowercase letters, digits, '-' and '_' (the empty id is
 * valid here; the fences report a missing id themselves). */
int hb_lab_id_valid(const char *id);

/* 1 when text is one or more ASCII digits and nothing else. */
int hb_is_decimal(const char *text);

/* A fence body's lines, trimmed of blanks at both ends, blank lines left out. text is owned
 * (free with hb_fence_lines_free); line is its line in the page's file. */
typedef struct hb_fence_line {
    char *text;
    int line;
} hb_fence_line;

/* The body's non-blank lines of code block node, numbered from first_line (the line after the
 * opening fence). Returns the count and *out (NULL when none). */
size_t hb_fence_lines(cmark_node *node, int first_line, hb_fence_line **out);
void hb_fence_lines_free(hb_fence_line *lines, size_t n);

/* The file line of a node (its Markdown line plus the front matter's lines). */
int hb_doc_line(const hb_doc *doc, cmark_node *node);
int hb_doc_col(cmark_node *node);

/* The plain text of a node's inline content (text, code, and the text of links and emphasis).
 * Malloc'd; caller frees. */
char *hb_node_text(cmark_node *node);

/* The HTML of a node's children, rendered with the page's extensions. Malloc'd; caller frees. */
char *hb_doc_render_children(hb_doc *doc, cmark_node *node);

/* A new node that renders as html (copied), written out as is: type CMARK_NODE_HTML_BLOCK
 * gives a block (a cmark custom block, which the tagfilter extension leaves alone),
 * CMARK_NODE_HTML_INLINE an inline raw HTML node. The caller links it in. */
cmark_node *hb_html_node(cmark_node_type type, const char *html);

/* Unlinks node and keeps it until the doc is freed. */
void hb_doc_bury(hb_doc *doc, cmark_node *node);

/* Frees the doc's tree, TOC, ids and buried nodes (not doc itself). */
void hb_doc_free(hb_doc *doc);

#endif
