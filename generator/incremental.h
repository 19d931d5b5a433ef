/* incremental.h: the state `handbook serve` keeps between builds so that a rebuild after a
 * change re-scans only the changed pages and re-renders only the pages whose output can differ
 * (the design is at the top of incremental.c). hb_build drives it through the hooks below when
 * hb_build_options.incremental is set; nothing else calls them. */
#ifndef HB_INCREMENTAL_H
#define HB_INCREMENTAL_H

#include <stddef.h>
#include <stdint.h>

#include "build.h"
#include "graph.h"
#include "render.h"
#include "site.h"
#include "util.h"
#include "write.h"

/* What the last build did, for serve's status line. Counts are of pages and files. */
typedef struct hb_incr_stats {
    int full;        /* 1: a full build (the first one, or templates, site.yaml, a lab
                        scenario, an asset or the lab console's files changed) */
    size_t pages;    /* pages in the site */
    size_t scanned;  /* pages read and scanned (the others reused their previous scan) */
    int graph_kept;  /* 1: the link graph of the previous build was reused */
    size_t rendered; /* pages rendered (in a full build: every page) */
    size_t written;  /* files replaced in the output folder (incremental builds only) */
    size_t deleted;  /* files deleted from it (pages and redirects that are gone) */
} hb_incr_stats;

/* A new, empty state: the first build with it is a full one that seeds it. Free with
 * hb_incr_free (NULL is a no-op). The state owns every page record and string it keeps. */
hb_incr *hb_incr_new(void);
void hb_incr_free(hb_incr *incr);

/* Copies the figures of the last build into *out. */
void hb_incr_last_stats(const hb_incr *incr, hb_incr_stats *out);

/* ---- hooks for hb_build (build.c), in the order it calls them ---------------------------- */

/* After discovery, before the scan: records the identity (device, inode, size, mtime and ctime
 * in ns) of every page and of every other input (templates, site.yaml, assets, lab scenarios,
 * the lab console's files). Returns 1 when this build may be incremental (the state holds the
 * site on disk and no input other than pages changed since it was built), else 0 (a full
 * build). When incremental, every page whose file is unchanged since its last clean scan gets
 * that scan back (its record is moved from the state into site->pages, marked ok) and
 * reuse[i] = 1 (the scan skips it). reuse has site->n_pages entries, zeroed by the caller. */
int hb_incr_prepare(hb_incr *incr, hb_site *site, unsigned char *reuse);

/* Called by a scan worker with the Markdown body it read for page `index` (body_len bytes;
 * borrowed): its hash stands for the body in the page's render fingerprint. Thread-safe for
 * distinct indices. */
void hb_incr_scanned(hb_incr *incr, size_t index, const char *body, size_t body_len);

/* Incremental builds, after the scan, instead of hb_graph_build: when the set of pages and
 * the other inputs are those of the last build, that build succeeded, and every page scanned
 * again (reuse[i] == 0) has the same record but for its body text (its title, front matter,
 * ids, links and symptom rows are unchanged), installs that build's link graph into the site
 * (groups, reading order, landing page, aliases, each page's backlinks and symptoms) and
 * returns 1: it is what hb_graph_build would compute, and it had no error. Otherwise clears
 * the graph fields of the reused pages and returns 0 (the caller runs hb_graph_build). */
int hb_incr_reuse_graph(hb_incr *incr, hb_site *site, const unsigned char *reuse);

/* The state's memo of link resolutions, for hb_graph_build_memo when hb_incr_reuse_graph
 * returned 0 (owned by the state, freed with it; valid whatever the build's outcome: it is a
 * pure cache, see graph.h). */
hb_graph_memo *hb_incr_graph_memo(hb_incr *incr);

/* Incremental builds, after the link graph: computes every page's render fingerprint and sets
 * render[i] = 1 for the pages whose output file may differ from the one on disk (new pages,
 * changed inputs, pages that had a render diagnostic). Returns how many were marked. */
size_t hb_incr_plan(hb_incr *incr, hb_site *site, unsigned char *render);

/* Incremental builds that rendered without an error: outputs[i] holds page i's HTML for every
 * page marked by hb_incr_plan (owned by the caller). Deletes the files of pages and redirects
 * that are gone, then replaces each changed page, redirect, sitemap.xml and 404.html in the
 * output folder by writing a temporary file beside it and renaming it over. Returns the number
 * of failures (reported to site->diag); after one the state forgets the site on disk, so the
 * next build is a full one. */
int hb_incr_commit(hb_incr *incr, hb_site *site, hb_renderer *renderer, char *const *outputs);

/* After a full build that succeeded: records the fingerprint of every page it wrote and of
 * the site-wide files it wrote (files, from hb_write_site_files, write.h). */
void hb_incr_seed(hb_incr *incr, hb_site *site, const hb_out_files *files);

/* At the end of every build that called hb_incr_prepare, successful or not: takes the pages
 * out of the site (site->pages becomes NULL, n_pages 0) and keeps their scan results for the
 * next build. A page with a diagnostic of its own (an error or warning at its path, or from
 * rendering it) is not reused and is rendered again next time, so its messages repeat.
 * succeeded: 1 when the build had no error; only then is its link graph kept for the next
 * build (hb_incr_reuse_graph). */
void hb_incr_keep(hb_incr *incr, hb_site *site, const hb_diag *diag, int succeeded);

#endif
