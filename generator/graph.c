/* graph.c: navigation, link checks, backlinks and symptoms (see graph.h). */
#define _GNU_SOURCE /* qsort_r: comparisons that need the site, without a global */
#include "graph.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "url.h"

static char *graph_top_dir(const hb_page *page)
{
    const char *slash = strchr(page->dir, '/');
    return slash ? hb_strndup(page->dir, (size_t)(slash - page->dir)) : hb_strdup(page->dir);
}

static long page_order(const hb_page *p)
{
    return p->has_order ? p->order : LONG_MAX;
}

static int page_compare(const void *a, const void *b, void *arg)
{
    const hb_site *site = arg;
    const hb_page *x = &site->pages[*(const int *)a], *y = &site->pages[*(const int *)b];
    /* A folder's index page leads its group, shallower folders first. */
    if (x->is_index != y->is_index)
        return x->is_index ? -1 : 1;
    if (x->is_index && y->is_index) {
        size_t dx = strlen(x->dir), dy = strlen(y->dir);
        if (dx != dy)
            return dx < dy ? -1 : 1;
    }
    long ox = page_order(x), oy = page_order(y);
    if (ox != oy)
        return ox < oy ? -1 : 1;
    int c = strcmp(x->title, y->title);
    return c ? c : strcmp(x->rel_path, y->rel_path);
}

static int group_compare(const void *a, const void *b, void *arg)
{
    const hb_site *site = arg;
    const hb_group *x = a, *y = b;
    if (x->dir_rank != y->dir_rank)
        return x->dir_rank < y->dir_rank ? -1 : 1;
    int c = strcmp(x->top_dir, y->top_dir);
    if (c)
        return c;
    /* The group holding the folder's own index page first. */
    const hb_page *fx = &site->pages[x->pages[0]], *fy = &site->pages[y->pages[0]];
    int ix = fx->is_index && !strcmp(fx->dir, x->top_dir);
    int iy = fy->is_index && !strcmp(fy->dir, y->top_dir);
    if (ix != iy)
        return ix ? -1 : 1;
    if (x->min_order != y->min_order)
        return x->min_order < y->min_order ? -1 : 1;
    return strcmp(x->title, y->title);
}

static void graph_groups(hb_site *site)
{
    hb_map by_key = {0};
    for (size_t i = 0; i < site->n_pages; i++) {
        hb_page *page = &site->pages[i];
        if (!page->ok || (int)i == site->home)
            continue;
        char *top = graph_top_dir(page);
        const char *title = page->section;
        if (!title) {
            char *index_path = top[0] ? hb_strfmt("%s/index.md", top) : hb_strdup("index.md");
            size_t idx = (size_t)hb_map_get(&site->by_rel_path, index_path);
            free(index_path);
            title = idx && site->pages[idx - 1].ok && (int)(idx - 1) != site->home
                        ? site->pages[idx - 1].title
                        : page->title;
        }
        char *key = hb_strfmt("%s\x1f%s", top, title);
        size_t g = (size_t)hb_map_get(&by_key, key);
        if (!g) {
            site->groups = hb_realloc(site->groups, (site->n_groups + 1) * sizeof *site->groups);
            hb_group *group = &site->groups[site->n_groups++];
            memset(group, 0, sizeof *group);
            group->title = hb_strdup(title);
            group->top_dir = hb_strdup(top);
            group->dir_rank = (int)site->config.n_nav;
            for (size_t k = 0; k < site->config.n_nav; k++)
                if (!strcmp(site->config.nav[k], top))
                    group->dir_rank = (int)k;
            group->min_order = LONG_MAX;
            hb_map_put(&by_key, key, (void *)site->n_groups);
            g = site->n_groups;
        }
        hb_group *group = &site->groups[g - 1];
        group->pages = hb_grow(group->pages, group->n_pages, sizeof(int));
        group->pages[group->n_pages++] = (int)i;
        if (page_order(page) < group->min_order)
            group->min_order = page_order(page);
        free(key);
        free(top);
    }
    hb_map_free(&by_key);
    for (size_t g = 0; g < site->n_groups; g++)
        qsort_r(site->groups[g].pages, site->groups[g].n_pages, sizeof(int), page_compare, site);
    if (site->n_groups)
        qsort_r(site->groups, site->n_groups, sizeof *site->groups, group_compare, site);

    site->reading_order = hb_malloc((site->n_pages + 1) * sizeof(int));
    site->n_reading = 0;
    if (site->home >= 0) {
        site->pages[site->home].reading_index = 0;
        site->reading_order[site->n_reading++] = site->home;
    }
    for (size_t g = 0; g < site->n_groups; g++) {
        for (size_t k = 0; k < site->groups[g].n_pages; k++) {
            int p = site->groups[g].pages[k];
            site->pages[p].group = (int)g;
            site->pages[p].reading_index = (int)site->n_reading;
            site->reading_order[site->n_reading++] = p;
        }
    }
}

typedef struct graph_edge {
    int from, to;
    int from_rank; /* reading_index of `from`, kept here: sorting 160,000 edges of a
                      10,000-page site compared it through the page array (cache misses) */
} graph_edge;

static int edge_compare(const void *a, const void *b)
{
    const graph_edge *x = a, *y = b;
    if (x->to != y->to)
        return x->to < y->to ? -1 : 1;
    if (x->from_rank != y->from_rank)
        return x->from_rank < y->from_rank ? -1 : 1;
    return x->from < y->from ? -1 : x->from > y->from;
}

/* Sorts edges by target, then by the source's reading order: a counting sort on the target
 * (linear) and an insertion sort inside each target's few edges; qsort with edge_compare
 * gives the same order. */
static void graph_sort_edges(graph_edge *edges, size_t n_edges, size_t n_pages)
{
    if (n_edges < 2)
        return;
    size_t *start = hb_calloc(n_pages + 2, sizeof *start);
    for (size_t e = 0; e < n_edges; e++)
        start[(size_t)edges[e].to + 2]++;
    for (size_t i = 2; i < n_pages + 2; i++)
        start[i] += start[i - 1];
    graph_edge *sorted = hb_malloc(n_edges * sizeof *sorted);
    for (size_t e = 0; e < n_edges; e++)
        sorted[start[(size_t)edges[e].to + 1]++] = edges[e];
    /* start[t] is now where target t's edges begin, start[t + 1] where they end. */
    for (size_t t = 0; t < n_pages; t++) {
        for (size_t i = start[t] + 1; i < start[t + 1]; i++) {
            graph_edge x = sorted[i];
            size_t j = i;
            while (j > start[t] && edge_compare(&sorted[j - 1], &x) > 0) {
                sorted[j] = sorted[j - 1];
                j--;
            }
            sorted[j] = x;
        }
    }
    memcpy(edges, sorted, n_edges * sizeof *edges);
    free(sorted);
    free(start);
}

static int graph_links(hb_site *site)
{
    int errors = 0;
    graph_edge *edges = NULL;
    size_t n_edges = 0;
    for (size_t i = 0; i < site->n_pages; i++) {
        hb_page *page = &site->pages[i];
        if (!page->ok)
            continue;
        for (size_t k = 0; k < page->n_links; k++) {
            const hb_link_ref *link = &page->links[k];
            hb_link_target target;
            switch (hb_link_resolve(site, page, link->dest, &target)) {
            case HB_LINK_BROKEN_PAGE:
                if (!strncmp(target.file, "../", 3) || strstr(target.file, "/../"))
                    hb_error(site->diag, page->path, link->line, link->col,
                             "broken link '%s': it points above the content folder", link->dest);
                else
                    hb_error(site->diag, page->path, link->line, link->col,
                             "broken link '%s': no page or file %s under %s", link->dest,
                             target.file, site->options->content_dir);
                errors++;
                break;
            case HB_LINK_BROKEN_ANCHOR:
                if (!site->pages[target.page].ok)
                    break; /* the target page could not be read: its own error says why */
                hb_error(site->diag, page->path, link->line, link->col,
                         "broken link '%s': %s has no heading or anchor '#%s'", link->dest,
                         site->pages[target.page].path, target.anchor);
                errors++;
                break;
            case HB_LINK_PAGE:
                if (target.page != (int)i && site->pages[target.page].ok) {
                    edges = hb_grow(edges, n_edges, sizeof *edges);
                    edges[n_edges++] = (graph_edge){(int)i, target.page, page->reading_index};
                }
                break;
            default:
                break;
            }
            hb_link_target_free(&target);
        }
    }
    graph_sort_edges(edges, n_edges, site->n_pages);
    for (size_t e = 0; e < n_edges; e++) {
        if (e && edges[e].to == edges[e - 1].to && edges[e].from == edges[e - 1].from)
            continue;
        hb_page *to = &site->pages[edges[e].to];
        to->backlinks = hb_grow(to->backlinks, to->n_backlinks, sizeof(int));
        to->backlinks[to->n_backlinks++] = edges[e].from;
    }
    free(edges);
    return errors;
}

/* The distinct observations already leading to one page: the first symptom of each, with
 * what it is compared on (kept here, so the comparison does not go through the source page's
 * rows: a 10,000-page site has 60,000 rows). */
typedef struct graph_first {
    uint64_t hash;           /* of the observation text */
    const char *observation; /* borrowed from the row, "" for none */
    char *anchor;            /* owned: the target anchor, NULL for the page itself */
    long index;              /* in the target's symptoms */
} graph_first;

typedef struct graph_firsts {
    graph_first *items;
    size_t n;
} graph_firsts;

static uint64_t graph_text_hash(const char *text)
{
    uint64_t h = 1469598103934665603ULL; /* FNV-1a, 64 bits */
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        h = (h ^ *p) * 1099511628211ULL;
    return h;
}

/* The index of the first symptom already leading to the page with this observation text and
 * target anchor (NULL: the page itself), or -1, in which case the new symptom (index `next`
 * of the page's symptoms) is recorded as a first. The landing page's symptom table and the
 * Reference index's may list the same row; the reader should see it once, with both sources. */
static long graph_symptom_same(graph_firsts *firsts, const char *observation, const char *anchor,
                               size_t next)
{
    if (!observation)
        observation = "";
    uint64_t hash = graph_text_hash(observation);
    for (size_t s = 0; s < firsts->n; s++) {
        const graph_first *f = &firsts->items[s];
        if (f->hash != hash || strcmp(f->observation, observation))
            continue;
        if ((!f->anchor && !anchor) || (f->anchor && anchor && !strcmp(f->anchor, anchor)))
            return f->index;
    }
    firsts->items = hb_grow(firsts->items, firsts->n, sizeof *firsts->items);
    firsts->items[firsts->n++] =
        (graph_first){hash, observation, anchor ? hb_strdup(anchor) : NULL, (long)next};
    return -1;
}

static int graph_symptoms(hb_site *site)
{
    int errors = 0;
    graph_firsts *firsts = hb_calloc(site->n_pages ? site->n_pages : 1, sizeof *firsts);
    for (size_t r = 0; r < site->n_reading; r++) {
        int i = site->reading_order[r];
        hb_page *page = &site->pages[i];
        for (size_t k = 0; k < page->n_rows; k++) {
            const hb_symptom_row *row = &page->rows[k];
            if (!row->dest)
                continue; /* reported by the scan */
            hb_link_target target;
            hb_link_kind kind = hb_link_resolve(site, page, row->dest, &target);
            if (kind == HB_LINK_PAGE && site->pages[target.page].ok) {
                hb_page *to = &site->pages[target.page];
                long same_as = graph_symptom_same(&firsts[target.page], row->observation,
                                                  target.anchor, to->n_symptoms);
                to->symptoms = hb_grow(to->symptoms, to->n_symptoms, sizeof *to->symptoms);
                to->symptoms[to->n_symptoms++] = (hb_symptom){i, k, same_as};
            } else if (kind == HB_LINK_FILE || kind == HB_LINK_EXTERNAL) {
                hb_error(site->diag, page->path, row->line, row->col,
                         "symptom table row '%s' must link to a page of the handbook, not '%s'",
                         row->observation, row->dest);
                errors++;
            }
            hb_link_target_free(&target);
        }
    }
    for (size_t i = 0; i < site->n_pages; i++) {
        for (size_t s = 0; s < firsts[i].n; s++)
            free(firsts[i].items[s].anchor);
        free(firsts[i].items);
    }
    free(firsts);
    return errors;
}

static int graph_aliases_build(hb_site *site)
{
    int errors = 0;
    for (size_t i = 0; i < site->n_pages; i++) {
        hb_page *page = &site->pages[i];
        for (size_t k = 0; page->ok && k < page->n_aliases; k++) {
            const char *a = page->aliases[k];
            char *norm = hb_strfmt("%s%s%s", a[0] == '/' ? "" : "/", a,
                                   hb_ends_with(a, "/") ? "" : "/");
            size_t other = (size_t)hb_map_get(&site->by_permalink, norm);
            size_t prior = (size_t)hb_map_get(&site->aliases, norm);
            if (strstr(norm, "/../") || strstr(norm, "/./") || strstr(norm, "//")) {
                hb_error(site->diag, page->path, page->alias_lines[k], 1,
                         "alias '%s' must be a plain permalink like /old/address/", a);
                errors++;
            } else if (other) {
                hb_error(site->diag, page->path, page->alias_lines[k], 1,
                         "duplicate permalink %s: alias '%s' is the address of %s", norm, a,
                         site->pages[other - 1].path);
                errors++;
            } else if (prior) {
                hb_error(site->diag, page->path, page->alias_lines[k], 1,
                         "duplicate permalink %s: alias '%s' is also an alias of %s", norm, a,
                         site->pages[prior - 1].path);
                errors++;
            } else {
                hb_map_put(&site->aliases, norm, (void *)(i + 1));
            }
            free(norm);
        }
    }
    return errors;
}

static int graph_check_fields(hb_site *site)
{
    int errors = 0;
    for (size_t i = 0; i < site->n_pages; i++) {
        hb_page *page = &site->pages[i];
        if (!page->ok)
            continue;
        if (page->template_name && !hb_map_get(&site->templates, page->template_name)) {
            hb_error(site->diag, page->path, page->template_line, page->template_col,
                     "unknown template '%s': there is no %s/%s.lua", page->template_name,
                     site->options->templates_dir, page->template_name);
            errors++;
            /* Rendered with the default template, so the run goes on to find other errors
             * without reporting this one twice. */
            free(page->template_name);
            page->template_name = NULL;
        }
        for (size_t k = 0; k < page->n_labs; k++) {
            char *md = hb_strfmt("labs/%s.md", page->labs[k]);
            char *yaml = hb_strfmt("labs/%s.yaml", page->labs[k]);
            /* An error, as a broken link is: the page's list of labs would link nowhere. */
            if (!hb_map_get(&site->by_rel_path, md) && !hb_map_get(&site->files, yaml)) {
                hb_error(site->diag, page->path, page->lab_lines ? page->lab_lines[k] : 1, 1,
                         "lab '%s' has neither a page labs/%s.md nor a scenario labs/%s.yaml",
                         page->labs[k], page->labs[k], page->labs[k]);
                errors++;
            }
            free(md);
            free(yaml);
        }
    }
    return errors;
}

int hb_graph_build(hb_site *site)
{
    site->home = -1;
    size_t home = (size_t)hb_map_get(&site->by_rel_path, "index.md");
    if (home && site->pages[home - 1].ok)
        site->home = (int)home - 1;
    graph_groups(site);
    int errors = graph_links(site);
    errors += graph_symptoms(site);
    errors += graph_aliases_build(site);
    errors += graph_check_fields(site);
    return errors;
}

size_t hb_graph_breadcrumbs(const hb_site *site, const hb_page *page, int *out, size_t max)
{
    size_t n = 0;
    if (site->home >= 0 && page != &site->pages[site->home] && n < max)
        out[n++] = site->home;
    /* Each folder above the page, top down: "a", "a/b" ... up to the page's own folder (its
     * index page is the page itself when the page is an index). */
    const char *dir = page->dir;
    size_t len = strlen(dir);
    for (size_t end = 0; end <= len && len; end++) {
        if (end != len && dir[end] != '/')
            continue;
        if (page->is_index && end == len)
            break;
        char *index = hb_strfmt("%.*s/index.md", (int)end, dir);
        size_t idx = (size_t)hb_map_get(&site->by_rel_path, index);
        free(index);
        if (idx && site->pages[idx - 1].ok && &site->pages[idx - 1] != page && n < max)
            out[n++] = (int)idx - 1;
    }
    return n;
}

char *hb_graph_nav_title(const hb_site *site, const hb_page *page)
{
    if (page->group < 0)
        return hb_strdup(page->title);
    const char *group = site->groups[page->group].title;
    size_t len = strlen(group);
    if (!strncmp(page->title, group, len) && page->title[len] == ':' && page->title[len + 1] == ' ' &&
        page->title[len + 2]) {
        char *rest = hb_strdup(page->title + len + 2);
        if (rest[0] >= 'a' && rest[0] <= 'z')
            rest[0] = (char)(rest[0] - 'a' + 'A');
        return rest;
    }
    return hb_strdup(page->title);
}
