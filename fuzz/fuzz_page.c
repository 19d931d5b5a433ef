/* fuzz_page.c: libFuzzer target for one page: the input is a whole Markdown file (front matter
 * and body), taken through the same steps `handbook build` runs for every page (UTF-8 and
 * front matter checks, cmark-gfm, every transform pass in scan then render mode, the Lua page
 * template), inside the real site of content/ so that links, anchors, symptom tables and lab
 * fences resolve against real pages and scenarios. Errors in the input are expected (they go to
 * the build's diagnostics); the target fails only on a crash, a sanitizer report or a leak.
 * HB_FUZZ_ROOT (set by fuzz/fuzz.mk) is the repository, where content/ and templates/ are. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "build_page.h"
#include "graph.h"
#include "lab.h"
#include "load.h"
#include "page_view.h"
#include "render.h"
#include "site.h"
#include "url.h"

#ifndef HB_FUZZ_ROOT
#define HB_FUZZ_ROOT "."
#endif

/* Where the input page lives in the site: beside real pages, so relative links resolve. */
#define FUZZ_PAGE_REL "reference/fuzz-page.md"

static hb_build_options fuzz_options = {
    .content_dir = HB_FUZZ_ROOT "/content",
    .templates_dir = HB_FUZZ_ROOT "/templates",
    .out_dir = HB_FUZZ_ROOT "/build/fuzz/site",
    .jobs = 1,
};
static hb_diag fuzz_diag;
static hb_site fuzz_site;
static size_t fuzz_index; /* the input's page in fuzz_site.pages */
static cmark_parser *fuzz_parser;
static hb_renderer *fuzz_renderer;
static hb_view fuzz_view; /* scratch of every render */

/* Sets the identity fields of the input's page (everything else zero). */
static void fuzz_page_reset(hb_page *page)
{
    memset(page, 0, sizeof *page);
    page->rel_path = hb_strdup(FUZZ_PAGE_REL);
    page->path = hb_path_join(fuzz_options.content_dir, FUZZ_PAGE_REL);
    page->permalink = hb_permalink_from_path(FUZZ_PAGE_REL);
    page->dir = hb_strdup("reference");
    page->group = -1;
    page->reading_index = -1;
}

static void fuzz_die(const char *what)
{
    fprintf(stderr, "fuzz_page: %s (is HB_FUZZ_ROOT=%s the repository?)\n", what, HB_FUZZ_ROOT);
    exit(2);
}

/* Loads and scans the real site once, with one more page record for the inputs, and builds
 * the link graph (the input's page takes no part in it: it is not ok yet). */
int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_options.diagnostics = stderr;
    hb_diag_init(&fuzz_diag);
    fuzz_site.options = &fuzz_options;
    fuzz_site.diag = &fuzz_diag;
    fuzz_site.home = -1;
    if (hb_render_find_templates(&fuzz_site) != 0)
        fuzz_die("cannot read the templates folder");
    fuzz_site.site_yaml_path = hb_path_join(fuzz_options.content_dir, "site.yaml");
    hb_config_load(&fuzz_site.config, fuzz_site.site_yaml_path, &fuzz_diag);
    if (hb_load_discover(&fuzz_site) != 0 || fuzz_site.n_pages == 0)
        fuzz_die("cannot read the content folder");
    fuzz_site.has_labs = hb_lab_present(fuzz_options.content_dir);

    fuzz_index = fuzz_site.n_pages;
    fuzz_site.pages = hb_realloc(fuzz_site.pages, (fuzz_index + 1) * sizeof *fuzz_site.pages);
    fuzz_page_reset(&fuzz_site.pages[fuzz_index]);
    fuzz_site.n_pages++;
    hb_map_put(&fuzz_site.by_rel_path, FUZZ_PAGE_REL, (void *)(fuzz_index + 1));
    hb_map_put(&fuzz_site.by_permalink, fuzz_site.pages[fuzz_index].permalink,
               (void *)(fuzz_index + 1));

    fuzz_parser = hb_load_parser_new();
    for (size_t i = 0; i < fuzz_index; i++) {
        size_t body_len;
        char *body = hb_load_page(&fuzz_site, &fuzz_site.pages[i], 1, &body_len);
        if (body)
            hb_build_scan_body(&fuzz_site, fuzz_parser, &fuzz_site.pages[i], body, body_len, 0);
        free(body);
    }
    hb_graph_build(&fuzz_site);
    fuzz_site.nav = hb_nav_index_new(&fuzz_site);
    fuzz_renderer = hb_renderer_new(&fuzz_site, 1);
    if (!fuzz_renderer || fuzz_diag.errors) {
        hb_diag_print(&fuzz_diag, stderr);
        fuzz_die("the real site does not build");
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    hb_page *page = &fuzz_site.pages[fuzz_index];
    char *text = hb_malloc(size + 1);
    memcpy(text, data, size);
    text[size] = '\0';
    size_t body_len = 0;
    char *body = hb_load_page_text(&fuzz_site, page, text, size, &body_len);
    if (body) {
        /* The render phase parses the body again from the file; keep a copy as it would. */
        char *again = hb_malloc(body_len + 1);
        memcpy(again, body, body_len + 1);
        /* Both ways to the render: parsed again, or from the scan's rendering. */
        hb_build_scan_body(&fuzz_site, fuzz_parser, page, body, body_len, (int)(size & 1));
        int errors = 0;
        char *html = hb_build_render_body(&fuzz_site, fuzz_parser, fuzz_renderer, page, again,
                                          body_len, &fuzz_view, &errors);
        free(html);
        free(again);
        free(body);
    }
    /* Forget the input: its page record and its diagnostics. */
    hb_page_free(page);
    fuzz_page_reset(page);
    hb_diag_free(&fuzz_diag);
    hb_diag_init(&fuzz_diag);
    return 0;
}
