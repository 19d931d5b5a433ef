/* build.c: `handbook build` and `handbook check` as one function (see build.h): discover,
 * scan every page in parallel, build the link graph, render every page in parallel (one cmark
 * parser and one Lua state per worker, each page streamed to disk as soon as it is rendered),
 * then write the site-wide files and swap the new site in by rename (the write step itself is
 * write.c, which serve's incremental rebuilds use too). */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cmark-gfm-extension_api.h>

#include "build.h"
#include "git_info.h"
#include "search_index.h"
#include "build_page.h"
#include "graph.h"
#include "incremental.h"
#include "lab.h"
#include "load.h"
#include "page_view.h"
#include "outputs.h"
#include "render.h"
#include "site.h"
#include "transform.h"
#include "url.h"
#include "write.h"

typedef struct build_run {
    hb_site *site;
    const char *tmp_dir; /* NULL in check mode */
    hb_phase phase;
    atomic_size_t next;
    atomic_int errors;
    atomic_int system_error;
    /* serve's incremental rebuilds (incremental.h); all NULL otherwise */
    hb_incr *incr;                /* told each scanned page's body */
    const unsigned char *reuse;   /* reuse[i]: page i kept its previous scan, skip it */
    const unsigned char *render;  /* render[i]: render page i (NULL: every page) */
    char **outputs;               /* outputs[i]: page i's HTML kept in memory, not written */
    int pre_render;               /* the scan renders the page too (hb_build_scan_body); 0 with
                                     HANDBOOK_PARSE_TWICE=1 in the environment, the old way,
                                     which the tests compare byte for byte with this one */
} build_run;

static int compare_strings(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int hb_build_scan_body(hb_site *site, cmark_parser *parser, hb_page *page, const char *body,
                       size_t body_len, int pre_render)
{
    hb_doc doc = {.site = site, .page = page, .phase = HB_PHASE_SCAN};
    doc.root = hb_load_parse(parser, body, body_len);
    doc.extensions = cmark_parser_get_syntax_extensions(parser);
    int errors = hb_transform_all(&doc);
    const hb_map *ids = &doc.ids.used;
    page->anchors = hb_malloc((ids->count + page->n_anchor_aliases + 1) * sizeof(char *));
    for (size_t i = 0; i < ids->cap; i++)
        if (ids->keys[i])
            page->anchors[page->n_anchors++] = hb_strdup(ids->keys[i]);
    for (size_t i = 0; i < page->n_anchor_aliases; i++) {
        const hb_anchor_alias *a = &page->anchor_aliases[i];
        if (!hb_map_get(ids, a->to)) {
            hb_error(site->diag, page->path, a->line, a->col,
                     "anchor alias '%s' points to '%s', which is not an id on this page",
                     a->from, a->to);
            errors++;
        }
        if (hb_map_get(ids, a->from)) {
            hb_error(site->diag, page->path, a->line, a->col,
                     "anchor alias '%s' is already an id on this page", a->from);
            errors++;
        } else {
            page->anchors[page->n_anchors++] = hb_strdup(a->from);
        }
    }
    qsort(page->anchors, page->n_anchors, sizeof(char *), compare_strings);
    if (pre_render) {
        /* The render phase's passes on the same tree (the scan's passes only read it), with
         * fresh ids, the links left as markers: the render phase then fills the links in and
         * runs the template, without reading and parsing the page again. Errors the render
         * passes report (a lab example, a diagram) are reported here, once. */
        hb_slug_set_free(&doc.ids);
        memset(&doc.ids, 0, sizeof doc.ids);
        doc.phase = HB_PHASE_RENDER;
        doc.defer_links = 1;
        hb_transform_all(&doc);
        hb_page_pre_free(page);
        char *html = cmark_render_html_with_mem(doc.root, CMARK_OPT_UNSAFE, doc.extensions,
                                                cmark_get_default_mem_allocator());
        page->pre_len = strlen(html);
        if (site->pre_pool) {
            /* Kept in this thread's part of the pool (see hb_pool), freed with it. */
            hb_pool *pool = site->pre_pool;
            page->pre_html = hb_pool_strndup(pool, html, page->pre_len);
            free(html);
            page->pre_toc = hb_pool_alloc(pool, (doc.n_toc ? doc.n_toc : 1) * sizeof *doc.toc);
            for (size_t k = 0; k < doc.n_toc; k++) {
                const hb_toc_entry *e = &doc.toc[k];
                page->pre_toc[k] = (hb_toc_entry){e->level,
                                                  hb_pool_strndup(pool, e->id, strlen(e->id)),
                                                  hb_pool_strndup(pool, e->text, strlen(e->text))};
            }
            page->n_pre_toc = doc.n_toc;
            page->pre_pooled = 1;
        } else {
            page->pre_html = html;
            page->pre_toc = doc.toc;
            page->n_pre_toc = doc.n_toc;
            doc.toc = NULL;
            doc.n_toc = 0;
        }
    }
    hb_doc_free(&doc);
    page->ok = 1;
    return errors;
}

/* Scan phase for one page: checks, front matter, Markdown, then the passes in scan mode. */
static void build_scan_page(build_run *run, cmark_parser *parser, hb_page *page)
{
    size_t body_len;
    char *body = hb_load_page(run->site, page, 1, &body_len);
    if (!body) {
        atomic_fetch_add(&run->errors, 1);
        return;
    }
    if (page->draft) {
        free(body); /* not published: its front matter was checked, its body is not needed */
        return;
    }
    if (run->incr)
        hb_incr_scanned(run->incr, (size_t)(page - run->site->pages), body, body_len);
    int errors = hb_build_scan_body(run->site, parser, page, body, body_len, run->pre_render);
    free(body);
    if (errors)
        atomic_fetch_add(&run->errors, errors);
}

char *hb_build_render_body(hb_site *site, cmark_parser *parser, hb_renderer *renderer,
                           hb_page *page, const char *body, size_t body_len, hb_view *view,
                           int *errors)
{
    hb_doc doc = {.site = site, .page = page, .phase = HB_PHASE_RENDER};
    char *html;
    if (page->pre_html) {
        /* Rendered by the scan (hb_build_scan_body): its links now, then the template. */
        *errors = 0;
        html = hb_links_fill(site, page, page->pre_html, page->pre_len);
        doc.toc = page->pre_toc;
        doc.n_toc = page->n_pre_toc;
        if (!page->pre_pooled) { /* the doc frees it */
            page->pre_toc = NULL;
            page->n_pre_toc = 0;
        }
    } else {
        doc.root = hb_load_parse(parser, body, body_len);
        doc.extensions = cmark_parser_get_syntax_extensions(parser);
        *errors = hb_transform_all(&doc);
        html = cmark_render_html_with_mem(doc.root, CMARK_OPT_UNSAFE, doc.extensions,
                                          cmark_get_default_mem_allocator());
    }
    char *out = NULL;
    if (renderer) {
        hb_view_build(site->nav, site, (size_t)(page - site->pages), view);
        out = hb_render_page(renderer, page, html, &doc, view);
    }
    if (page->pre_html) {
        if (page->pre_pooled) { /* the pool's, not the doc's */
            doc.toc = NULL;
            doc.n_toc = 0;
        }
        hb_page_pre_free(page);
    }
    if (renderer && !out)
        (*errors)++;
    free(html);
    hb_doc_free(&doc);
    return out;
}

/* Render phase for one page: Markdown again, the passes in render mode, the template, and the
 * file written at once (nothing of the page is kept). */
static void build_render_page(build_run *run, cmark_parser *parser, hb_renderer *renderer,
                              hb_view *view, hb_page *page)
{
    hb_site *site = run->site;
    size_t body_len = 0;
    char *body = page->pre_html ? NULL : hb_load_page(site, page, 0, &body_len);
    if (!body && !page->pre_html) {
        if (errno == EAGAIN)
            hb_error(site->diag, page->path, 1, 1, "the file changed during the build; build again");
        else
            hb_error(site->diag, page->path, 1, 1, "cannot read: %s", strerror(errno));
        atomic_fetch_add(&run->errors, 1);
        return;
    }
    int errors = 0;
    char *out = hb_build_render_body(site, parser, renderer, page, body, body_len, view, &errors);
    if (out && run->outputs) {
        run->outputs[page - site->pages] = out; /* written by hb_incr_commit */
        out = NULL;
    } else if (out && run->tmp_dir) {
        char *key = hb_strfmt("%sindex.html", page->permalink);
        if (hb_write_new(run->tmp_dir, key, out, strlen(out)) != 0) {
            hb_error(site->diag, run->tmp_dir, 0, 0, "cannot write %s%s: %s", run->tmp_dir, key,
                     strerror(errno));
            atomic_store(&run->system_error, 1);
        }
        free(key);
    }
    free(out);
    free(body);
    if (errors)
        atomic_fetch_add(&run->errors, errors);
}

static void *build_worker(void *arg)
{
    build_run *run = arg;
    hb_site *site = run->site;
    cmark_parser *parser = hb_load_parser_new();
    hb_renderer *renderer = run->phase == HB_PHASE_RENDER ? hb_renderer_new(site, 0) : NULL;
    hb_view view = {0};
    for (;;) {
        size_t i = atomic_fetch_add(&run->next, 1);
        if (i >= site->n_pages)
            break;
        hb_page *page = &site->pages[i];
        if (run->phase == HB_PHASE_SCAN) {
            if (!run->reuse || !run->reuse[i])
                build_scan_page(run, parser, page);
        } else if (page->ok && (!run->render || run->render[i])) {
            build_render_page(run, parser, renderer, &view, page);
        }
    }
    hb_view_free(&view);
    hb_renderer_free(renderer);
    cmark_parser_free(parser);
    return NULL;
}

static int build_parallel(build_run *run, int jobs)
{
    size_t n = (size_t)jobs;
    if (n > run->site->n_pages)
        n = run->site->n_pages ? run->site->n_pages : 1;
    atomic_store(&run->next, 0);
    if (n <= 1) {
        build_worker(run);
        return 0;
    }
    pthread_t *threads = hb_calloc(n, sizeof *threads);
    size_t started = 0;
    for (; started < n; started++)
        if (pthread_create(&threads[started], NULL, build_worker, run) != 0)
            break;
    if (started == 0)
        build_worker(run);
    for (size_t i = 0; i < started; i++)
        pthread_join(threads[i], NULL);
    free(threads);
    return 0;
}

/* Writes the site-wide files (made by hb_write_site_files) and copies the assets into the new
 * site's folder; failures are reported to site->diag. */
static void build_write_site(hb_site *site, const char *tmp_dir, const hb_out_files *files)
{
    int *errnos = hb_calloc(files->n ? files->n : 1, sizeof *errnos);
    hb_write_all(tmp_dir, files, 0, errnos);
    for (size_t i = 0; i < files->n; i++)
        if (errnos[i])
            hb_error(site->diag, tmp_dir, 0, 0, "cannot write %s%s: %s", tmp_dir,
                     files->items[i].key, strerror(errnos[i]));
    free(errnos);
    hb_write_copy_assets(site, tmp_dir);
}

static void site_free(hb_site *site)
{
    for (size_t i = 0; i < site->n_pages; i++)
        hb_page_free(&site->pages[i]);
    free(site->pages);
    for (size_t i = 0; i < site->n_asset_files; i++)
        free(site->asset_files[i]);
    free(site->asset_files);
    for (size_t i = 0; i < site->n_template_assets; i++)
        free(site->template_assets[i]);
    free(site->template_assets);
    hb_graph_free(site);
    hb_nav_index_free(site->nav);
    emu_catalog_free(site->labs);
    free(site->labs_error);
    hb_lab_texts_free(site->lab_texts);
    free(site->lab_texts);
    hb_map_free(&site->by_permalink);
    hb_map_free(&site->by_rel_path);
    hb_map_free(&site->dir_index);
    for (size_t i = 0; i < site->n_folders; i++)
        free(site->folders[i].dir);
    free(site->folders);
    free(site->page_folder);
    hb_map_free(&site->files);
    hb_map_free(&site->templates);
    hb_config_free(&site->config);
    free(site->site_yaml_path);
}

/* HANDBOOK_TRACE=1 in the environment: each step of a build prints its wall time in
 * milliseconds to stderr ("trace graph 148.1 ms"), to see where a (re)build spends it. */
static double trace_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static void trace_step(int on, double *last, const char *step)
{
    if (!on)
        return;
    double now = trace_ms();
    fprintf(stderr, "trace %-9s %7.1f ms\n", step, now - *last);
    *last = now;
}
#define TRACE(step) trace_step(trace_on, &trace_last, (step))

int hb_build(const hb_build_options *given)
{
    const char *trace_env = getenv("HANDBOOK_TRACE");
    int trace_on = trace_env && *trace_env && strcmp(trace_env, "0");
    double trace_last = trace_ms();
    hb_build_options options = *given;
    if (!options.content_dir)
        options.content_dir = "content";
    if (!options.templates_dir)
        options.templates_dir = "templates";
    if (!options.out_dir)
        options.out_dir = "site";
    if (!options.diagnostics)
        options.diagnostics = stderr;
    options.pagefind = hb_search_find_pagefind(options.pagefind);
    int jobs = options.jobs > 0 ? options.jobs : (int)sysconf(_SC_NPROCESSORS_ONLN);
    if (jobs < 1)
        jobs = 1;

    struct timespec started;
    clock_gettime(CLOCK_MONOTONIC, &started);
    hb_diag diag;
    hb_diag_init(&diag);
    hb_site site = {.options = &options, .diag = &diag, .home = -1};
    /* The scan's link markers (hb_transform_links): a number no page can have guessed. */
    struct timespec seed;
    clock_gettime(CLOCK_REALTIME, &seed);
    snprintf(site.link_marker, sizeof site.link_marker, "hb%016llxl",
             (unsigned long long)seed.tv_nsec * 0x9E3779B97F4A7C15ULL ^
                 (unsigned long long)seed.tv_sec << 20 ^ (unsigned long long)getpid());
    int status = 0;
    char *tmp_dir = NULL;
    int carry_index = 0; /* 1: the previous site's search index moves into the new one */
    hb_renderer *renderer = NULL;
    hb_incr *incr = options.write ? options.incremental : NULL;
    int incremental = 0;        /* 1: this build re-renders changed pages in place */
    int incr_prepared = 0;      /* 1: hb_incr_prepare ran (hb_incr_keep must follow) */
    unsigned char *reuse = NULL, *render = NULL;
    hb_out_files site_files = {0}; /* full builds: redirects, sitemap.xml, nav-tree.js, 404 */
    char **outputs = NULL;

    struct stat st;
    if (stat(options.content_dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        fprintf(options.diagnostics, "handbook: %s: not a content folder\n", options.content_dir);
        status = 2;
        goto done;
    }
    if (hb_render_find_templates(&site) != 0) {
        fprintf(options.diagnostics, "handbook: %s: cannot read the templates folder\n",
                options.templates_dir);
        status = 2;
        goto done;
    }
    site.site_yaml_path = hb_path_join(options.content_dir, "site.yaml");
    hb_config_load(&site.config, site.site_yaml_path, &diag);
    if (hb_load_discover(&site) != 0) {
        fprintf(options.diagnostics, "handbook: %s: cannot read: %s\n", options.content_dir,
                strerror(errno));
        status = 2;
        goto done;
    }
    hb_load_template_assets(&site);
    if (site.n_pages == 0)
        hb_warning(&diag, options.content_dir, 0, 0,
                   "no pages here (no *.md file): the site will have no page but 404.html");

    TRACE("discover");
    hb_git_info(&site); /* pages' last commit dates, edit_url: auto */
    TRACE("git");
    site.has_labs = hb_lab_present(options.content_dir);
    site.lab_texts = hb_calloc(1, sizeof *site.lab_texts);
    site.labs = hb_lab_catalog_load_texts(options.content_dir, &site.labs_error, site.lab_texts);
    TRACE("labs");
    const char *twice = getenv("HANDBOOK_PARSE_TWICE");
    build_run run = {.site = &site, .phase = HB_PHASE_SCAN,
                     .pre_render = !(twice && *twice && strcmp(twice, "0"))};
    site.pre_pool = run.pre_render ? hb_pool_new() : NULL;
    if (incr) {
        reuse = hb_calloc(site.n_pages ? site.n_pages : 1, 1);
        incremental = hb_incr_prepare(incr, &site, reuse);
        incr_prepared = 1;
        run.incr = incr;
        run.reuse = reuse;
    }
    TRACE("prepare");
    build_parallel(&run, jobs);
    TRACE("scan");
    hb_front_matter_report_hugo(&site);
    if (!incremental || !hb_incr_reuse_graph(incr, &site, reuse))
        hb_graph_build_memo(&site, incr ? hb_incr_graph_memo(incr) : NULL);
    site.nav = hb_nav_index_new(&site);
    hb_outputs_check(&site); /* before anything is written: no source overwrites another */
    TRACE("graph");
    renderer = hb_renderer_new(&site, 1);
    TRACE("renderer");

    if (incremental) {
        /* Only the pages whose output may differ, rendered into memory, then written in
         * place (see incremental.c); no temporary site, no swap, the search index stays. */
        render = hb_calloc(site.n_pages ? site.n_pages : 1, 1);
        outputs = hb_calloc(site.n_pages ? site.n_pages : 1, sizeof *outputs);
        size_t marked = hb_incr_plan(incr, &site, render);
        TRACE("plan");
        run.phase = HB_PHASE_RENDER;
        run.render = render;
        run.outputs = outputs;
        if (marked)
            build_parallel(&run, (size_t)jobs < marked ? jobs : (int)marked);
        if (atomic_load(&run.system_error))
            status = 2;
        TRACE("render");
        if (!diag.errors && !status && renderer &&
            hb_incr_commit(incr, &site, renderer, outputs) != 0)
            status = 2;
        TRACE("commit");
        for (size_t i = 0; i < site.n_pages; i++)
            free(outputs[i]);
        goto done;
    }

    if (options.write) {
        hb_write_clean_stale(options.out_dir);
        tmp_dir = hb_strfmt("%s.tmp.%ld", options.out_dir, (long)getpid());
        hb_rm_rf(tmp_dir);
        if (hb_mkdir_p(tmp_dir) != 0) {
            fprintf(options.diagnostics, "handbook: %s: cannot create: %s\n", tmp_dir, strerror(errno));
            status = 2;
            goto done;
        }
    }
    run.phase = HB_PHASE_RENDER;
    run.tmp_dir = tmp_dir;
    build_parallel(&run, jobs);
    TRACE("render");
    if (!diag.errors) {
        /* Made in check mode too, so that a 404 template error is reported there as well. */
        hb_write_site_files(&site_files, &site, renderer);
        if (tmp_dir)
            build_write_site(&site, tmp_dir, &site_files);
    }
    if (atomic_load(&run.system_error))
        status = 2;
    if (tmp_dir && !diag.errors && !status && options.pagefind) {
        /* Serve keeps the previous index, if any (moved over right after the swap, see
         * hb_write_swap) and indexes in the background; otherwise the new site is indexed now. */
        carry_index = options.search_carry && hb_search_index_present(options.out_dir);
        if (!options.search_carry &&
            hb_search_index(options.pagefind, tmp_dir, options.search_time_limit_s,
                            options.diagnostics) != 0)
            status = 2;
    }

done:
    if (options.diag_format == HB_DIAG_TEXT)
        hb_diag_print(&diag, options.diagnostics);
    else
        hb_diag_print_as(&diag, options.report ? options.report : stdout,
                         (hb_diag_format)options.diag_format);
    if (!status && diag.errors)
        status = 1;

    if (tmp_dir) {
        if (status == 0 && hb_write_swap(tmp_dir, options.out_dir, carry_index) != 0) {
            fprintf(options.diagnostics, "handbook: cannot move %s to %s: %s\n", tmp_dir,
                    options.out_dir, strerror(errno));
            status = 2;
        }
        hb_rm_rf(tmp_dir);
        free(tmp_dir);
    }
    TRACE("write");
    if (incr_prepared && !incremental && status == 0 && renderer)
        hb_incr_seed(incr, &site, &site_files); /* the new site is on disk: remember it */
    if (status == 0 && options.summary) {
        struct timespec ended;
        clock_gettime(CLOCK_MONOTONIC, &ended);
        double ms = (double)(ended.tv_sec - started.tv_sec) * 1e3 +
                    (double)(ended.tv_nsec - started.tv_nsec) / 1e6;
        size_t pages = 0;
        for (size_t i = 0; i < site.n_pages; i++)
            pages += site.pages[i].ok;
        if (options.write)
            fprintf(options.summary, "handbook: %zu pages, %zu redirects into %s/ in %.0f ms\n",
                    pages, site.aliases.count, options.out_dir, ms);
        else
            fprintf(options.summary, "handbook: %zu pages checked in %.0f ms, no errors\n", pages, ms);
    }
    for (size_t i = 0; i < site.n_pages; i++)
        hb_page_pre_free(&site.pages[i]); /* pages scanned but not rendered (serve) */
    hb_pool_free(site.pre_pool);
    site.pre_pool = NULL;
    if (incr_prepared)
        hb_incr_keep(incr, &site, &diag, status == 0);
    TRACE("keep");
    hb_out_files_free(&site_files);
    free(outputs);
    free(render);
    free(reuse);
    hb_renderer_free(renderer);
    site_free(&site);
    hb_diag_free(&diag);
    TRACE("free");
    return status;
}
