/* build_page.h: the two steps hb_build runs for every page, on a body already in memory: the
 * scan (ids, links, symptom rows) and the render (HTML through the page's template). Shared by
 * build.c's workers and the page fuzzer (fuzz/fuzz_page.c), so both run the same code. */
#ifndef HB_BUILD_PAGE_H
#define HB_BUILD_PAGE_H

#include <cmark-gfm.h>

#include "render.h"
#include "site.h"

/* Scan phase of one page whose front matter is already read (hb_load_page or
 * hb_load_page_text): parses body (body_len bytes of Markdown; borrowed) with parser (reused,
 * left reset), runs the passes in scan mode and leaves the page's ids, sorted, in
 * page->anchors (owned by the page), then marks the page ok. With pre_render, also runs the
 * render-mode passes on the same tree and keeps the HTML (links left as markers) and the
 * table of contents in page->pre_html and pre_toc, which hb_build_render_body then uses
 * instead of parsing the page again. Problems go to site->diag. Returns the number of errors
 * reported by the scan. */
int hb_build_scan_body(hb_site *site, cmark_parser *parser, hb_page *page, const char *body,
                       size_t body_len, int pre_render);

/* Render phase of one scanned page: parses body again (unless the scan kept its rendering,
 * page->pre_html, which it then uses and frees; body may be NULL then), runs the passes in
 * render mode (the link graph and site->nav must be built), renders the HTML body and, with a renderer, the
 * page template from the page's view (built into view, the caller's scratch, see
 * page_view.h). Returns the page's HTML (malloc'd, caller frees), or NULL without a renderer
 * or after a template error; *errors gets the number of errors reported to site->diag. */
char *hb_build_render_body(hb_site *site, cmark_parser *parser, hb_renderer *renderer,
                           hb_page *page, const char *body, size_t body_len, hb_view *view,
                           int *errors);

#endif
