/* build.h: the site build as a function, shared by `handbook build`, `handbook check` and
 * `handbook serve` (which rebuilds on change). */
#ifndef HB_BUILD_H
#define HB_BUILD_H

#include <stdio.h>

typedef struct hb_incr hb_incr; /* serve's state between builds: incremental.h */

typedef struct hb_build_options {
    const char *content_dir;   /* default "content" */
    const char *templates_dir; /* default "templates" */
    const char *out_dir;       /* default "site" */
    int write;                 /* 0: check only (parse, transform, render; write nothing) */
    int jobs;                  /* worker threads; 0 = one per core */
    FILE *diagnostics;         /* where errors and warnings go (stderr by default), and
                                  system errors in every format */
    int diag_format;           /* an hb_diag_format (diag.h): HB_DIAG_TEXT (0) prints the
                                  entries to `diagnostics`; github and json print them to
                                  `report` instead (stdout when NULL) */
    FILE *report;
    FILE *summary;             /* NULL, or where a successful build prints one line: pages,
                                  output folder, time in milliseconds */
    const char *emu_dir;       /* the lab console's files (emu.js, emu.wasm, console.js,
                                  console.css); default "build/wasm/web" (see generator/lab.h) */
    const char *pagefind;      /* the Pagefind program that indexes the written site for
                                  search (see search_index.h): NULL finds it under
                                  node_modules/, "" turns search off. Without a program the
                                  pages carry no search box (they would load a missing script) */
    int search_time_limit_s;   /* seconds Pagefind may run before it is stopped (a failed
                                  build); 0: HB_SEARCH_TIME_LIMIT_S (search_index.h) */
    int search_carry;          /* 1 (serve): never index, so that Pagefind (several times
                                  the build's own time at 10,000 pages) never delays the
                                  swap-in; keep the previous site's index when there is one
                                  (moved into the new site by rename right after the swap).
                                  The caller indexes in the background
                                  (hb_search_index_start) */
    hb_incr *incremental;      /* NULL, or (serve) the state kept from the previous build of
                                  the same folders with the same options (borrowed; see
                                  incremental.h): unchanged pages are not scanned again, only
                                  the pages whose output can differ are rendered, and they
                                  replace their files in out_dir one by one (no temporary
                                  site, no swap) after every page rendered without an error */
} hb_build_options;

/* Builds the site. Every content error is printed as "path:line:col: error: message", all of
 * them in one run. Output is written to a temporary folder beside out_dir and swapped in by
 * rename only when the build succeeded: a failed build leaves the previous site untouched.
 * When search is on, the temporary folder is indexed before the swap, so the swapped-in site
 * has its pagefind/ bundle (under search_carry: the previous one, or none until the caller's
 * background index); a failed index is a system error (2) and keeps the previous site.
 * Returns 0 on success, 1 when the content has errors, 2 on a usage or system error. */
int hb_build(const hb_build_options *options);

#endif
