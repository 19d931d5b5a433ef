/* page_view.h: everything a page's render reads beyond its own file, built in one place: the
 * sidebar, prev/next, breadcrumbs, an index page's children, its labs' pages, the template it
 * uses (and, by reference, its backlinks and symptoms from the link graph). render.c turns a
 * view into the Lua page table; incremental.c hashes the same view into the rebuild
 * fingerprint (hb_view_hash), so what a page shows and what decides that it is rendered again
 * cannot drift apart: a new field goes into the view, its push and its hash, all in this file's
 * reach.
 *
 * The navigation a page carries is bounded, whatever the size of the site or of its section:
 * the group's folders above the page, the pages near it in its folder, the first entries of an
 * index page's own folder, and a window of the sidebar groups; "more" entries lead to the
 * folder's index page, which lists every page below it (the path for readers without
 * JavaScript; with it, the whole tree comes from one shared file, hb_view_tree_js). Index pages
 * and the landing page list every group, so from any of them a reader reaches any page in two
 * clicks: a group's entry leads to a page that lists all of the group's pages. */
#ifndef HB_PAGE_VIEW_H
#define HB_PAGE_VIEW_H

#include <stddef.h>
#include <stdint.h>

#include "site.h"
#include "util.h"

#define HB_VIEW_SIBLINGS 5  /* pages shown on each side of the current one in its folder */
#define HB_VIEW_CHILDREN 10 /* entries of an index page's own folder shown under it */
#define HB_VIEW_GROUPS 11   /* sidebar groups shown on a page that is not an index page */
#define HB_VIEW_MAX_CRUMBS 64

/* The site's navigation, computed once per build after the link graph (groups, reading
 * order, landing page): the folder tree, each page's sibling list, each index page's children
 * and where each group's sidebar entry leads. Read-only once built: the render workers and
 * the fingerprints share it. */
typedef struct hb_nav_index hb_nav_index;

/* Builds it for site (which must outlive it). Free with hb_nav_index_free (NULL: no-op). */
hb_nav_index *hb_nav_index_new(const hb_site *site);
void hb_nav_index_free(hb_nav_index *nav);

/* The page group g's sidebar entry leads to: its first page when that is an index page whose
 * folder holds all of the group's pages, else the index page of the group's top folder, else
 * its first page. */
int hb_nav_group_url(const hb_nav_index *nav, size_t g);

/* An entry of the expanded sidebar group. */
typedef struct hb_view_item {
    int page;     /* the page; for a "more" entry, the page that lists those not shown */
    int level;    /* nesting, 0 at the top of the group */
    int current;  /* the page being rendered */
    size_t more;  /* 0: a page; else this many pages are not shown here */
} hb_view_item;

/* One page's view. Fill with hb_view_build; reuse it for the next page (its arrays are kept),
 * free with hb_view_free. Page indices are into site->pages; -1 means none. */
typedef struct hb_view {
    int page;
    const char *template_name; /* borrowed: the page's own, or "section" or "page" */
    long long updated;         /* "Last updated": the page file's last commit, Unix s, 0 none
                                  (git_info.h) */
    int is_home;
    int prev, next;
    int crumbs[HB_VIEW_MAX_CRUMBS]; /* the folders' index pages above it, landing page first */
    size_t n_crumbs;
    size_t group_first, group_end; /* sidebar groups shown: [first, end) of site->groups */
    int groups_page;               /* when not all are shown: the page listing them (the
                                      landing page), else -1 */
    hb_view_item *items;           /* the expanded group's entries (the page's own group) */
    size_t n_items, cap_items;
    const int *children;           /* index pages: every page below its folder in reading
                                      order (borrowed from the nav index) */
    size_t n_children;
    int *labs;                     /* per front matter lab: its page (ok), or -1 */
    size_t cap_labs;
} hb_view;

/* Builds page i's view (site's link graph and nav index built). */
void hb_view_build(const hb_nav_index *nav, const hb_site *site, size_t i, hb_view *view);
void hb_view_free(hb_view *view);

/* Per-page hashes hb_view_hash combines (the caller computes them once per build):
 * link[i]: what any link to page i shows: its title, permalink, summary and group's title
 * (the sidebar's short title derives from those two); rows[i][k]: page i's symptom row k
 * (observation, evidence, row id). */
typedef struct hb_view_hashes {
    const uint64_t *link;
    const uint64_t *const *rows;
} hb_view_hashes;

/* The hash of everything render.c reads from view (and from the page's graph fields: its
 * backlinks and symptoms) for page view->page. */
uint64_t hb_view_hash(const hb_view *view, const hb_site *site, const hb_nav_index *nav,
                      const hb_view_hashes *hashes);

/* link[i] of hb_view_hashes for one page. */
uint64_t hb_view_link_hash(const hb_site *site, size_t i);

/* The whole navigation tree as a script for readers with JavaScript (written to the site as
 * HB_VIEW_TREE_FILE, loaded by templates/assets/nav.js): every group with every page in
 * reading order, each with its sidebar title, its address from the site's top and its level,
 * as `window.handbookNavTree = {...}`. Appends to out. */
#define HB_VIEW_TREE_FILE "nav-tree.js"
void hb_view_tree_js(const hb_nav_index *nav, const hb_site *site, hb_buf *out);

#endif
