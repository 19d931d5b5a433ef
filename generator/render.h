/* render.h: Lua 5.4 templates. A renderer is one Lua state holding every template of the
 * templates folder (templates/NAME.lua returns a function(page) -> HTML string); each worker
 * thread owns one. The page table the templates receive is documented in templates/README.md. */
#ifndef HB_RENDER_H
#define HB_RENDER_H

#include "page_view.h"
#include "site.h"
#include "transform.h"

/* The Content-Security-Policy of every page: templates put it into a <meta> (page.site.csp),
 * redirect pages carry it too, and `handbook serve` also sends it as a header. It allows what
 * the site's own files need and no more: scripts from the site (assets/site.js, emu/console.js
 * and the lab worker, Pagefind's), WebAssembly compiled by them ('wasm-unsafe-eval': the
 * emulator and Pagefind), workers and fetches to the site (labs.json, the search index, serve's
 * reload stream), styles from the site, images from the site, from https: (a page's external
 * picture) and data: (Pagefind's search icon). No inline script, event handler attribute or
 * javascript: URL runs, and there is no plugin, <base> or form target: a script that reaches a
 * page anyway (raw HTML with allow_html, a template's mistake) is refused by the browser. */
#define HB_CONTENT_SECURITY_POLICY                                                              \
    "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; "             \
    "connect-src 'self'; img-src 'self' https: data:; style-src 'self'; font-src 'self'; "      \
    "manifest-src 'self'; base-uri 'none'; form-action 'none'; object-src 'none'"

typedef struct hb_renderer hb_renderer;

/* Loads every templates_dir/NAME.lua into a new Lua state. With report, every load problem
 * (syntax error, a chunk that does not return a function) is reported to site->diag with the
 * template's line; without it (the workers' copies) problems stay silent. Returns NULL when
 * a template failed to load. Free with hb_renderer_free. */
hb_renderer *hb_renderer_new(hb_site *site, int report);
void hb_renderer_free(hb_renderer *renderer);

/* Fills site->templates with the names of templates_dir/\*.lua. Returns -1 when the folder
 * cannot be read. */
int hb_render_find_templates(hb_site *site);

/* Renders a page whose body HTML is body, whose TOC is in doc and whose view (everything it
 * shows of other pages, page_view.h) is view. Returns the page's HTML (malloc'd, caller
 * frees), or NULL after reporting a template error ("path:line:col" of the template, naming
 * the page). */
char *hb_render_page(hb_renderer *renderer, const hb_page *page, const char *body,
                     const hb_doc *doc, const hb_view *view);

/* Renders 404.html with template "404" (links from the site's base_path). NULL on error. */
char *hb_render_not_found(hb_renderer *renderer);

#endif
