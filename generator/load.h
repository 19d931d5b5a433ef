/* load.h: finding pages under content/, reading one page (checks, front matter), and the
 * cmark-gfm parser every worker reuses. */
#ifndef HB_LOAD_H
#define HB_LOAD_H

#include <cmark-gfm.h>

#include "site.h"

/* Walks the content folder (site->options->content_dir) in name order: every *.md but
 * README.md becomes a page record, every other file (but the top site.yaml) an asset to copy.
 * Reports duplicate permalinks, and every symbolic link that leads out of the content folder
 * (a link inside it is followed; a dangling one is skipped) and folders with two index pages,
 * and lists the folders of the pages (site->folders, site->page_folder). Returns 0, or -1
 * when the folder cannot be read. */
int hb_load_discover(hb_site *site);

/* 1, after reporting it to site->diag at full, when full is a symbolic link that leads out of
 * root_real (the realpath() of the content or templates folder, named by `what` in the
 * message); 0 otherwise (not a link, a link inside the folder, or a dangling one). */
int hb_load_link_outside(hb_site *site, const char *full, const char *root_real,
                         const char *what);

/* Lists the files under templates_dir/assets/ (copied to site/assets/) into
 * site->template_assets, as paths below assets/ in name order. A symbolic link that leads out
 * of the templates folder is an error (reported to site->diag), as under content/. */
void hb_load_template_assets(hb_site *site);

/* A parser with the GFM extensions (table, autolink, strikethrough, tagfilter, tasklist) and
 * footnotes. Reusable: cmark_parser_finish resets it. Free with cmark_parser_free. */
cmark_parser *hb_load_parser_new(void);

/* Parses one page body (body_len bytes, not NUL-terminated) and returns the document. Safe to
 * call from several threads at once, each with its own parser from hb_load_parser_new:
 * cmark-gfm's process-wide table of special characters is fixed before the first parse (see
 * load.c). The tree is allocated in the calling thread's arena (parser only stands for the
 * options and extensions; set HB_CMARK_MALLOC in the environment to parse with parser and
 * malloc instead, for comparisons): free it with cmark_node_free, then call hb_load_release
 * on the same thread, after which none of its nodes may be touched. cmark_node_free frees a
 * whole tree with its root's allocator: nodes linked into it must come from
 * cmark_node_new_with_mem(type, hb_load_node_mem()). Strings rendered from its nodes must use
 * malloc: cmark_render_html_with_mem with cmark_get_default_mem_allocator(). */
cmark_node *hb_load_parse(cmark_parser *parser, const char *body, size_t body_len);

/* 1 when root is a tree from hb_load_parse in this thread's arena (which hb_load_release
 * must follow); 0 for NULL and for trees of malloc. */
int hb_load_in_arena(cmark_node *root);

/* The allocator for new nodes on this thread: the arena while a tree of hb_load_parse is
 * alive here (until hb_load_release), malloc otherwise. Not to be freed. */
cmark_mem *hb_load_node_mem(void);

/* Ends one tree of hb_load_parse on this thread (after cmark_node_free); once every tree the
 * thread parsed is ended, its arena is rewound for the next page. */
void hb_load_release(void);

/* The largest page file a build reads: past it, a page is an error (at 100 MB the build took
 * 45 s and 3.96 GB for one page; the 10 MB page of tests/badinput/sites/huge-page builds in
 * seconds). */
#define HB_PAGE_MAX_BYTES (16 << 20)

/* Reads a page and returns its Markdown body (malloc'd, caller frees; *body_len bytes).
 * With with_front_matter (the scan phase), checks that the file is UTF-8 and not empty and
 * reads the front matter into the page, reporting every problem; returns NULL when the page
 * cannot be built (also a file over HB_PAGE_MAX_BYTES). Without it (the render phase), skips
 * the front matter known from the scan. */
char *hb_load_page(hb_site *site, hb_page *page, int with_front_matter, size_t *body_len);

/* The scan-phase checks of hb_load_page on a page's text already in memory (UTF-8, not
 * empty, front matter present, closed and valid, read into the page). text: the whole file,
 * malloc'd, len bytes plus a NUL after them; ownership passes to this function. Returns the
 * body (text itself, moved down; caller frees; *body_len bytes), or NULL after reporting every
 * problem to site->diag (text is freed). Used by hb_load_page and the page fuzzer. */
char *hb_load_page_text(hb_site *site, hb_page *page, char *text, size_t len, size_t *body_len);

#endif
