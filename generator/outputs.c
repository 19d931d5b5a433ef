/* outputs.c: the output paths of a build and the check that no two sources claim one (see
 * outputs.h). */
#include "outputs.h"

#include <stdlib.h>
#include <string.h>

#include "graph.h"
#include "lab.h"
#include "page_view.h"
#include "search_index.h"

typedef enum {
    CLAIM_PAGE,      /* a page or an alias: two of these at one path are reported elsewhere */
    CLAIM_FILE,      /* a file under content/ copied as is */
    CLAIM_GENERATED, /* written by the build itself */
    CLAIM_FOLDER     /* a whole folder the build fills (pagefind/): nothing else may go in */
} claim_kind;

typedef struct claim {
    char *path;        /* under the output folder, no leading '/' (owned) */
    char *source;      /* what writes it, for the message (owned); NULL: page `page`, or its
                          alias `alias` (>= 0), made only for a message (claim_source) */
    const char *where; /* the file to report at, under content/; NULL: generated */
    char *where_owned; /* where, when it is not a page's path */
    int line;
    claim_kind kind;
    size_t order; /* position of the claim, to keep the first of equal paths first */
    const hb_page *page;
    long alias;
} claim;

typedef struct claims {
    claim *items;
    size_t n;
} claims;

/* Adds a claim; path, source and where (NULL allowed) pass to c. */
static void claim_add(claims *c, char *path, char *source, char *where, int line,
                      claim_kind kind)
{
    c->items = hb_grow(c->items, c->n, sizeof *c->items);
    c->items[c->n] = (claim){path, source, where, where, line, kind, c->n, NULL, -1};
    c->n++;
}

/* Adds the claim of page p (alias -1) or of its alias number `alias`: their messages are made
 * only when one is reported (claim_source), as 10,000 pages' would cost a rebuild under serve
 * more than the check itself. */
static void claim_add_page(claims *c, char *path, const hb_page *p, long alias)
{
    c->items = hb_grow(c->items, c->n, sizeof *c->items);
    c->items[c->n] = (claim){path, NULL, p->path, NULL,
                             alias < 0 ? 1 : p->alias_lines[alias], CLAIM_PAGE, c->n, p, alias};
    c->n++;
}

/* What writes claim a, for a message (malloc'd). */
static char *claim_source(const claim *a)
{
    if (a->source)
        return hb_strdup(a->source);
    if (a->alias < 0)
        return hb_strfmt("page %s", a->page->path);
    return hb_strfmt("the redirect of alias '%s' of %s", a->page->aliases[a->alias],
                     a->page->path);
}

/* "/a/b/" -> "a/b/index.html". */
static char *permalink_file(const char *permalink)
{
    return hb_strfmt("%sindex.html", permalink[0] == '/' ? permalink + 1 : permalink);
}

static int claim_compare(const void *a, const void *b)
{
    const claim *x = a, *y = b;
    int c = strcmp(x->path, y->path);
    return c ? c : (x->order > y->order) - (x->order < y->order);
}

/* The claim to report at: the one under content/ (b when both are). */
static const claim *claim_at(const claim *a, const claim *b)
{
    return b->where || !a->where ? b : a;
}

int hb_outputs_check(hb_site *site)
{
    claims c = {0};
    const char *templates = site->options->templates_dir;
    for (size_t i = 0; i < site->n_pages; i++) {
        hb_page *page = &site->pages[i];
        claim_add_page(&c, permalink_file(page->permalink), page, -1);
        for (size_t k = 0; k < page->n_aliases; k++) {
            char *norm = hb_graph_alias_permalink(page->aliases[k]);
            claim_add_page(&c, permalink_file(norm), page, (long)k);
            free(norm);
        }
    }
    for (size_t i = 0; i < site->n_asset_files; i++) {
        char *src = hb_path_join(site->options->content_dir, site->asset_files[i]);
        claim_add(&c, hb_strdup(site->asset_files[i]), hb_strfmt("the file %s", src), src, 1,
                  CLAIM_FILE);
    }
    claim_add(&c, hb_strdup("sitemap.xml"), hb_strdup("the build's sitemap"), NULL, 0,
              CLAIM_GENERATED);
    claim_add(&c, hb_strdup("404.html"), hb_strfmt("the not-found page (%s/404.lua)", templates),
              NULL, 0, CLAIM_GENERATED);
    claim_add(&c, hb_strdup(HB_VIEW_TREE_FILE), hb_strdup("the navigation tree (page_view.h)"),
              NULL, 0, CLAIM_GENERATED);
    for (size_t i = 0; i < site->n_template_assets; i++)
        claim_add(&c, hb_strfmt("assets/%s", site->template_assets[i]),
                  hb_strfmt("the template asset %s/assets/%s", templates, site->template_assets[i]),
                  NULL, 0, CLAIM_GENERATED);
    if (site->has_labs) {
        claim_add(&c, hb_strdup("emu/" HB_LAB_JSON), hb_strdup("the lab console's scenarios"),
                  NULL, 0, CLAIM_GENERATED);
        for (size_t i = 0; hb_lab_module_files[i]; i++)
            claim_add(&c, hb_strfmt("emu/%s", hb_lab_module_files[i]),
                      hb_strfmt("the lab console's %s", hb_lab_module_files[i]), NULL, 0,
                      CLAIM_GENERATED);
    }
    if (site->options->pagefind && site->options->pagefind[0])
        claim_add(&c, hb_strdup(HB_SEARCH_DIR), hb_strdup("the search index (Pagefind)"), NULL,
                  0, CLAIM_FOLDER);
    qsort(c.items, c.n, sizeof *c.items, claim_compare);

    /* Every folder some claim needs (its path's ancestors), with the first claim needing it. */
    hb_map folders = {0};
    for (size_t i = 0; i < c.n; i++) {
        char *path = c.items[i].path;
        for (char *slash = strchr(path, '/'); slash; slash = strchr(slash + 1, '/')) {
            *slash = '\0';
            if (!hb_map_get(&folders, path))
                hb_map_put(&folders, path, (void *)(i + 1));
            *slash = '/';
        }
    }
    int errors = 0;
    for (size_t i = 0; i < c.n; i++) {
        const claim *a = &c.items[i];
        size_t j = i + 1;
        for (; j < c.n && !strcmp(c.items[j].path, a->path); j++) {
            const claim *b = &c.items[j], *at = claim_at(a, b);
            if (a->kind == CLAIM_PAGE && b->kind == CLAIM_PAGE)
                continue; /* duplicate permalinks: reported by discovery and the graph */
            char *other = claim_source(at == b ? a : b), *self = claim_source(at);
            hb_error(site->diag, at->where ? at->where : templates, at->line, 1,
                     "output path %s is claimed twice: by %s and by %s", a->path, other, self);
            free(other);
            free(self);
            errors++;
        }
        size_t under = (size_t)hb_map_get(&folders, a->path);
        if (under) { /* a is a file (or pagefind/) and the folder of b */
            const claim *b = &c.items[under - 1], *at = claim_at(a, b);
            char *a_source = claim_source(a), *b_source = claim_source(b);
            if (a->kind == CLAIM_FOLDER)
                hb_error(site->diag, at->where ? at->where : templates, at->line, 1,
                         "output path %s is inside %s/, which only %s writes", b->path, a->path,
                         a_source);
            else
                hb_error(site->diag, at->where ? at->where : templates, at->line, 1,
                         "output path %s is a file for %s and a folder for %s", a->path,
                         a_source, b_source);
            free(a_source);
            free(b_source);
            errors++;
        }
        i = j - 1;
    }
    hb_map_free(&folders);
    for (size_t i = 0; i < c.n; i++) {
        free(c.items[i].path);
        free(c.items[i].source);
        free(c.items[i].where_owned);
    }
    free(c.items);
    return errors;
}
