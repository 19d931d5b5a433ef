/* graph.h: the link graph of a scanned site: sidebar groups and reading order, prev/next,
 * every internal link checked, backlinks, symptoms leading to each page, aliases and the
 * template each page names. */
#ifndef HB_GRAPH_H
#define HB_GRAPH_H

#include "site.h"

/* Builds groups, reading order, backlinks and symptoms from the pages' scan results, and
 * reports every broken link or anchor, symptom row without a page, alias clash, unknown lab
 * and unknown template to site->diag. Returns the number of errors. */
int hb_graph_build(hb_site *site);

/* The permalink an alias of the front matter stands for: "old/x" and "/old/x" are "/old/x/"
 * (malloc'd, the caller frees). */
char *hb_graph_alias_permalink(const char *alias);

/* What every page's links and symptom rows resolved to in an earlier hb_graph_build_memo,
 * kept by `serve` between rebuilds: resolving the 160,000 links and 60,000 rows of a
 * 10,000-page site is most of a graph build (about 110 ms of 130 here). A pure cache: a
 * page's entry is used only when the page's own key (ok, each link's and row's destination)
 * and the site's key (every page's rel_path, ok, ids and anchor aliases, every other file
 * under content/: all a resolution reads) equal those it was recorded with, and the page had
 * no error then (so errors are always reported anew). Owns its memory. */
typedef struct hb_graph_memo hb_graph_memo;

/* An empty memo (every page resolved on first use). Free with hb_graph_memo_free. */
hb_graph_memo *hb_graph_memo_new(void);

/* Frees the memo. NULL is a no-op. */
void hb_graph_memo_free(hb_graph_memo *memo);

/* hb_graph_build, taking each page's link and row resolutions from memo when still valid
 * (see hb_graph_memo) and recording this build's in it. The result (site fields, errors,
 * diagnostics) is the same as hb_graph_build's. memo may be NULL: hb_graph_build. */
int hb_graph_build_memo(hb_site *site, hb_graph_memo *memo);

/* Frees the link graph's site-wide parts (groups, reading_order, aliases) and empties them. */
void hb_graph_free(hb_site *site);

/* The crumbs above a page: the folders' index pages from the top down, ending with the page's
 * parent (the landing page first). Fills out (at most max) with page indices and returns
 * their count. */
size_t hb_graph_breadcrumbs(const hb_site *site, const hb_page *page, int *out, size_t max);

/* The title shown in the sidebar: "Networking: NCCL" in group "Networking" is "NCCL", and
 * "Networking: topology" is "Topology" (a sidebar entry starts with a capital, as its
 * neighbours do, while the page title stays in sentence case). The caller frees the result. */
char *hb_graph_nav_title(const hb_site *site, const hb_page *page);

#endif
