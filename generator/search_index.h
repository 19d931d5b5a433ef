/* search_index.h: the site's search index, made by Pagefind (https://pagefind.app): finding the
 * program, indexing a built folder now or in a background child, swapping a fresh index in. */
#ifndef HB_SEARCH_INDEX_H
#define HB_SEARCH_INDEX_H

#include <stdio.h>
#include <sys/types.h>

/* The folder name Pagefind writes its bundle into, under the site; pages load
 * pagefind/pagefind-ui.js from there (templates/assets/site.js). */
#define HB_SEARCH_DIR "pagefind"

/* The Pagefind program to run. `configured` NULL: the first executable of npm's native binary
 * (node_modules/@pagefind/linux-{x64,arm64}/bin/pagefind_extended, which starts without
 * Node.js) and npm's wrapper node_modules/.bin/pagefind, relative to the working folder;
 * "": none (search is off); any other value: that program, if it is executable. Returns a
 * static string or `configured` itself, or NULL when there is no program. */
const char *hb_search_find_pagefind(const char *configured);

/* Seconds Pagefind may take before the build stops it; `handbook build --search-timeout` sets
 * another. Its time grows with the pages and with their nesting (52 s for one page nested 10^5
 * deep): the 10,000 pages of bench/corpus.py took 195 s here while the test suite ran beside
 * it (38 s of CPU), so the limit leaves a factor of 4.6 over that, and is far inside CI's
 * 90 minutes. */
#define HB_SEARCH_TIME_LIMIT_S 900

/* Starts `pagefind --site SITE_DIR --output-path OUTPUT_PATH` in the background, in its own
 * process group (so hb_search_index_cancel ends the npm wrapper's child too), stdin from
 * /dev/null, stdout and stderr into log_fd (-1: /dev/null). The kernel kills it when the
 * caller dies (PR_SET_PDEATHSIG), so it never outlives a killed server. Returns the child's
 * id, or -1 with errno set when it could not be started. */
pid_t hb_search_index_start(const char *pagefind, const char *site_dir, const char *output_path,
                            int log_fd);

/* Ends a child of hb_search_index_start (SIGTERM to its group) and reaps it. */
void hb_search_index_cancel(pid_t pid);

/* Indexes site_dir into site_dir/pagefind/ and waits, at most time_limit_s seconds (0:
 * HB_SEARCH_TIME_LIMIT_S), then kills it. Pagefind runs in the caller's process group (a
 * signal to the build's group reaches it) and dies with the caller, whatever kills it
 * (PR_SET_PDEATHSIG). On failure prints "handbook: search index: ..." and what Pagefind
 * printed to `diagnostics`. Returns 0, or -1. */
int hb_search_index(const char *pagefind, const char *site_dir, int time_limit_s,
                    FILE *diagnostics);

/* Makes the bundle at new_bundle the site's SITE_DIR/pagefind/ in one rename (the previous one,
 * if any, is exchanged out and removed), so a reader never sees half an index. Returns 0, or
 * -1 with errno set (new_bundle is then left in place for the caller to remove). */
int hb_search_index_replace(const char *new_bundle, const char *site_dir);

/* Whether site_dir has a search bundle (site_dir/pagefind/pagefind-entry.json). */
int hb_search_index_present(const char *site_dir);

/* Moves from_site/pagefind/ to to_site/pagefind/ (which must not exist) in one rename: how a
 * rebuild keeps the previous site's index, whatever its size. Returns 0, or -1 with errno set. */
int hb_search_index_move(const char *from_site, const char *to_site);

#endif
