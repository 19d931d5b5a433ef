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

/* The crumbs above a page: the folders' index pages from the top down, ending with the page's
 * parent (the landing page first). Fills out (at most max) with page indices and returns
 * their count. */
size_t hb_graph_breadcrumbs(const hb_site *site, const hb_page *page, int *out, size_t max);

/* The title shown in the sidebar: "Networking: NCCL" in group "Networking" is "NCCL", and
 * "Networking: topology" is "Topology" (a sidebar entry starts with a capital, as its
 * neighbours do, while the page title stays in sentence case). The caller frees the result. */
char *hb_graph_nav_title(const hb_site *site, const hb_page *page);

#endif
