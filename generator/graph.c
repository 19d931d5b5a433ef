/* graph.c: navigation, link checks, backlinks and symptoms (see graph.h). */
#define _GNU_SOURCE /* qsort_r: comparisons that need the site, without a global */
#include "graph.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fphash.h"
#include "url.h"

static char *graph_top_dir(const hb_page *page)
{
    const char *slash = strchr(page->dir, '/');
    return slash ? hb_strndup(page->dir, (size_t)(slash - page->dir)) : hb_strdup(page->dir);
}

/* ---- reading order: the content tree, depth first ---------------------------------------- */

/* An entry of a folder of the content tree (hb_site.folders): a page, or a subfolder. */
typedef struct tree_entry {
    int page;   /* >= 0: a page (not an index page) */
    int folder; /* page < 0: a subfolder, by its index in site->folders */
} tree_entry;

typedef struct tree {
    const hb_site *site;
    int *index;           /* per folder: its index page when ok and not the landing page, -1 */
    tree_entry **entries; /* per folder: what it holds */
    size_t *n_entries;
} tree;

static void tree_add(tree *t, int folder, tree_entry entry)
{
    t->entries[folder] = hb_grow(t->entries[folder], t->n_entries[folder], sizeof(tree_entry));
    t->entries[folder][t->n_entries[folder]++] = entry;
}

static long page_order(const hb_page *p)
{
    return p->has_order ? p->order : LONG_MAX;
}

/* Entries of a folder are sorted by order, then title, then path; a subfolder by its index
 * page's, or after the pages with an order by its name when it has none. */
static int tree_entry_compare(const void *a, const void *b, void *arg)
{
    const tree *t = arg;
    const tree_entry *x = a, *y = b;
    int px = x->page >= 0 ? x->page : t->index[x->folder];
    int py = y->page >= 0 ? y->page : t->index[y->folder];
    const hb_page *pgx = px >= 0 ? &t->site->pages[px] : NULL;
    const hb_page *pgy = py >= 0 ? &t->site->pages[py] : NULL;
    long ox = pgx ? page_order(pgx) : LONG_MAX, oy = pgy ? page_order(pgy) : LONG_MAX;
    if (ox != oy)
        return ox < oy ? -1 : 1;
    const char *tx = pgx ? pgx->title : t->site->folders[x->folder].dir;
    const char *ty = pgy ? pgy->title : t->site->folders[y->folder].dir;
    int c = strcmp(tx, ty);
    if (c)
        return c;
    const char *rx = pgx ? pgx->rel_path : t->site->folders[x->folder].dir;
    const char *ry = pgy ? pgy->rel_path : t->site->folders[y->folder].dir;
    return strcmp(rx, ry);
}

static void tree_visit(tree *t, int folder, int *rank, int *next)
{
    if (t->index[folder] >= 0)
        rank[t->index[folder]] = (*next)++;
    for (size_t k = 0; k < t->n_entries[folder]; k++) {
        const tree_entry *e = &t->entries[folder][k];
        if (e->page >= 0)
            rank[e->page] = (*next)++;
        else
            tree_visit(t, e->folder, rank, next);
    }
}

/* rank[i]: page i's position when the content tree is read depth first, each folder's index
 * page before what the folder holds; every ok page but the landing page gets one. The order a
 * reader expects from a table of contents: prev/next, the sidebar and the section lists
 * follow it. */
static void graph_tree_ranks(const hb_site *site, int *rank)
{
    size_t nf = site->n_folders ? site->n_folders : 1;
    tree t = {.site = site, .index = hb_malloc(nf * sizeof(int)),
              .entries = hb_calloc(nf, sizeof(tree_entry *)), .n_entries = hb_calloc(nf, sizeof(size_t))};
    for (size_t f = 0; f < site->n_folders; f++) {
        int idx = site->folders[f].index;
        t.index[f] = idx >= 0 && site->pages[idx].ok && idx != site->home ? idx : -1;
        if (site->folders[f].parent >= 0)
            tree_add(&t, site->folders[f].parent, (tree_entry){-1, (int)f});
    }
    for (size_t i = 0; i < site->n_pages; i++) {
        const hb_page *p = &site->pages[i];
        int folder = hb_site_page_folder(site, i);
        rank[i] = INT_MAX;
        if (!p->ok || (int)i == site->home || folder < 0 || t.index[folder] == (int)i)
            continue; /* an index page stands for its folder */
        tree_add(&t, folder, (tree_entry){(int)i, -1});
    }
    for (size_t f = 0; f < site->n_folders; f++)
        if (t.n_entries[f] > 1)
            qsort_r(t.entries[f], t.n_entries[f], sizeof(tree_entry), tree_entry_compare, &t);
    int next = 0;
    if (site->n_folders)
        tree_visit(&t, 0, rank, &next);
    for (size_t f = 0; f < site->n_folders; f++)
        free(t.entries[f]);
    free(t.entries);
    free(t.n_entries);
    free(t.index);
}

static int rank_compare(const void *a, const void *b, void *arg)
{
    const int *rank = arg;
    int x = rank[*(const int *)a], y = rank[*(const int *)b];
    return (x > y) - (x < y);
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
            int idx = hb_site_folder_index(site, top, strlen(top));
            title = idx >= 0 && site->pages[idx].ok && idx != site->home ? site->pages[idx].title
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
    int *rank = hb_malloc((site->n_pages ? site->n_pages : 1) * sizeof *rank);
    graph_tree_ranks(site, rank);
    for (size_t g = 0; g < site->n_groups; g++)
        qsort_r(site->groups[g].pages, site->groups[g].n_pages, sizeof(int), rank_compare, rank);
    free(rank);
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

/* One page's entry in a hb_graph_memo (see graph.h). */
typedef struct graph_memo_page {
    uint64_t key;      /* graph_page_key when recorded */
    int clean;         /* 1: its links and rows gave no error */
    int reused;        /* this build: taken from the memo, not resolved */
    int links_done;    /* its links were resolved (a page not ok is skipped) */
    int rows_done;     /* its rows were resolved (a page outside the reading order is not) */
    int *link_to;      /* per link: the page it resolved to (HB_LINK_PAGE), else -1 */
    size_t n_links;
    int *row_to;       /* per symptom row: the page it resolved to (HB_LINK_PAGE), else -1 */
    char **row_anchor; /* per symptom row: its target anchor after aliases, or NULL (owned) */
    size_t n_rows;
} graph_memo_page;

struct hb_graph_memo {
    uint64_t site_key; /* graph_site_key when recorded */
    graph_memo_page *pages;
    size_t n_pages;
};

static void graph_memo_page_free(graph_memo_page *entry)
{
    free(entry->link_to);
    for (size_t k = 0; k < entry->n_rows; k++)
        free(entry->row_anchor[k]);
    free(entry->row_to);
    free(entry->row_anchor);
    memset(entry, 0, sizeof *entry);
}

hb_graph_memo *hb_graph_memo_new(void)
{
    return hb_calloc(1, sizeof(hb_graph_memo));
}

void hb_graph_memo_free(hb_graph_memo *memo)
{
    if (!memo)
        return;
    for (size_t i = 0; i < memo->n_pages; i++)
        graph_memo_page_free(&memo->pages[i]);
    free(memo->pages);
    free(memo);
}

/* The keys are fphash.h's running hash. */

/* Everything hb_link_resolve reads of the site besides the page linking: the pages (their
 * order, hence indices; rel_path, permalink, ok, ids and anchor aliases) and the other files
 * under content/ (links to files). */
static uint64_t graph_site_key(const hb_site *site)
{
    uint64_t h = H_INIT;
    h_u64(&h, site->n_pages);
    for (size_t i = 0; i < site->n_pages; i++) {
        const hb_page *p = &site->pages[i];
        h_str(&h, p->rel_path);
        h_str(&h, p->permalink);
        h_u64(&h, (uint64_t)p->ok);
        h_u64(&h, p->n_anchors);
        for (size_t k = 0; k < p->n_anchors; k++)
            h_str(&h, p->anchors[k]);
        h_u64(&h, p->n_anchor_aliases);
        for (size_t k = 0; k < p->n_anchor_aliases; k++) {
            h_str(&h, p->anchor_aliases[k].from);
            h_str(&h, p->anchor_aliases[k].to);
        }
    }
    h_u64(&h, site->n_asset_files);
    for (size_t i = 0; i < site->n_asset_files; i++)
        h_str(&h, site->asset_files[i]);
    return h;
}

/* What a page's own resolutions depend on: its ok flag and each link's and row's
 * destination (its folder follows from its rel_path, in the site key). */
static uint64_t graph_page_key(const hb_page *p)
{
    uint64_t h = H_INIT;
    h_u64(&h, (uint64_t)p->ok);
    h_u64(&h, p->n_links);
    for (size_t k = 0; k < p->n_links; k++)
        h_str(&h, p->links[k].dest);
    h_u64(&h, p->n_rows);
    for (size_t k = 0; k < p->n_rows; k++)
        h_str(&h, p->rows[k].dest);
    return h;
}

/* memo: this build's entries (one per page), or NULL: resolve every link. */
static int graph_links(hb_site *site, graph_memo_page *memo)
{
    int errors = 0;
    graph_edge *edges = NULL;
    size_t n_edges = 0;
    for (size_t i = 0; i < site->n_pages; i++) {
        hb_page *page = &site->pages[i];
        if (!page->ok)
            continue;
        graph_memo_page *entry = memo ? &memo[i] : NULL;
        if (entry && entry->reused) {
            for (size_t k = 0; k < entry->n_links; k++) {
                int to = entry->link_to[k];
                if (to >= 0 && to != (int)i && site->pages[to].ok) {
                    edges = hb_grow(edges, n_edges, sizeof *edges);
                    edges[n_edges++] = (graph_edge){(int)i, to, page->reading_index};
                }
            }
            continue;
        }
        if (entry) {
            entry->link_to = hb_malloc((page->n_links ? page->n_links : 1) * sizeof(int));
            entry->n_links = page->n_links;
            entry->links_done = 1;
        }
        for (size_t k = 0; k < page->n_links; k++) {
            const hb_link_ref *link = &page->links[k];
            hb_link_target target;
            int errors_before = errors;
            hb_link_kind kind = hb_link_resolve(site, page, link->dest, &target);
            if (entry)
                entry->link_to[k] = kind == HB_LINK_PAGE ? target.page : -1;
            if ((kind == HB_LINK_PAGE || kind == HB_LINK_BROKEN_ANCHOR) &&
                site->pages[target.page].draft) {
                hb_error(site->diag, page->path, link->line, link->col,
                         "broken link '%s': %s is a draft (draft: true), which is not published",
                         link->dest, site->pages[target.page].path);
                errors++;
                kind = HB_LINK_BROKEN_PAGE; /* reported */
                if (entry)
                    entry->link_to[k] = -1;
            }
            switch (kind) {
            case HB_LINK_BROKEN_PAGE:
                if (!target.file)
                    break; /* a draft, reported above */
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
            if (entry && errors != errors_before)
                entry->clean = 0;
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
    uint64_t h = H_INIT;
    h_str(&h, text);
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

/* memo: as graph_links's. */
static int graph_symptoms(hb_site *site, graph_memo_page *memo)
{
    int errors = 0;
    graph_firsts *firsts = hb_calloc(site->n_pages ? site->n_pages : 1, sizeof *firsts);
    for (size_t r = 0; r < site->n_reading; r++) {
        int i = site->reading_order[r];
        hb_page *page = &site->pages[i];
        graph_memo_page *entry = memo ? &memo[i] : NULL;
        if (entry && entry->reused) {
            for (size_t k = 0; k < entry->n_rows; k++) {
                int to_index = entry->row_to[k];
                if (to_index < 0 || !site->pages[to_index].ok)
                    continue;
                hb_page *to = &site->pages[to_index];
                long same_as = graph_symptom_same(&firsts[to_index], page->rows[k].observation,
                                                  entry->row_anchor[k], to->n_symptoms);
                to->symptoms = hb_grow(to->symptoms, to->n_symptoms, sizeof *to->symptoms);
                to->symptoms[to->n_symptoms++] = (hb_symptom){i, k, same_as};
            }
            continue;
        }
        if (entry) {
            size_t n = page->n_rows ? page->n_rows : 1;
            entry->row_to = hb_malloc(n * sizeof *entry->row_to);
            entry->row_anchor = hb_calloc(n, sizeof *entry->row_anchor);
            entry->n_rows = page->n_rows;
            entry->rows_done = 1;
            for (size_t k = 0; k < page->n_rows; k++)
                entry->row_to[k] = -1;
        }
        for (size_t k = 0; k < page->n_rows; k++) {
            const hb_symptom_row *row = &page->rows[k];
            if (!row->dest)
                continue; /* reported by the scan */
            hb_link_target target;
            hb_link_kind kind = hb_link_resolve(site, page, row->dest, &target);
            if (entry && kind == HB_LINK_PAGE) {
                entry->row_to[k] = target.page;
                entry->row_anchor[k] = target.anchor ? hb_strdup(target.anchor) : NULL;
            }
            /* A row to a draft (not ok) leads nowhere: its Reference link's error says so. */
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
                if (entry)
                    entry->clean = 0;
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

char *hb_graph_alias_permalink(const char *alias)
{
    return hb_strfmt("%s%s%s", alias[0] == '/' ? "" : "/", alias,
                     hb_ends_with(alias, "/") ? "" : "/");
}

static int graph_aliases_build(hb_site *site)
{
    int errors = 0;
    for (size_t i = 0; i < site->n_pages; i++) {
        hb_page *page = &site->pages[i];
        for (size_t k = 0; page->ok && k < page->n_aliases; k++) {
            const char *a = page->aliases[k];
            char *norm = hb_graph_alias_permalink(a);
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
    return hb_graph_build_memo(site, NULL);
}

int hb_graph_build_memo(hb_site *site, hb_graph_memo *memo)
{
    site->home = -1;
    int home = hb_site_folder_index(site, "", 0);
    if (home >= 0 && site->pages[home].ok)
        site->home = home;
    graph_groups(site);
    graph_memo_page *next = NULL;
    uint64_t site_key = 0;
    if (memo) {
        /* This build's entries: the memo's where still valid, else empty ones to record. */
        site_key = graph_site_key(site);
        int same_site = memo->site_key == site_key && memo->n_pages == site->n_pages;
        next = hb_calloc(site->n_pages ? site->n_pages : 1, sizeof *next);
        for (size_t i = 0; i < site->n_pages; i++) {
            uint64_t key = graph_page_key(&site->pages[i]);
            graph_memo_page *old = same_site ? &memo->pages[i] : NULL;
            if (old && old->clean && old->links_done && old->rows_done && old->key == key) {
                next[i] = *old;
                memset(old, 0, sizeof *old);
                next[i].reused = 1;
            } else {
                next[i] = (graph_memo_page){.key = key, .clean = 1};
            }
        }
    }
    int errors = graph_links(site, next);
    errors += graph_symptoms(site, next);
    errors += graph_aliases_build(site);
    errors += graph_check_fields(site);
    if (memo) {
        for (size_t i = 0; i < memo->n_pages; i++)
            graph_memo_page_free(&memo->pages[i]);
        free(memo->pages);
        for (size_t i = 0; i < site->n_pages; i++)
            next[i].reused = 0;
        memo->pages = next;
        memo->n_pages = site->n_pages;
        memo->site_key = site_key;
    }
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
        int idx = hb_site_folder_index(site, dir, end);
        if (idx >= 0 && site->pages[idx].ok && &site->pages[idx] != page && n < max)
            out[n++] = idx;
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

void hb_graph_free(hb_site *site)
{
    for (size_t g = 0; g < site->n_groups; g++) {
        free(site->groups[g].title);
        free(site->groups[g].top_dir);
        free(site->groups[g].pages);
    }
    free(site->groups);
    free(site->reading_order);
    hb_map_free(&site->aliases);
    site->groups = NULL;
    site->n_groups = 0;
    site->reading_order = NULL;
    site->n_reading = 0;
}
