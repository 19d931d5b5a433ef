/* outputs.h: every path a build writes under the output folder, with what writes it, checked
 * before anything is written: a path claimed twice would let one source overwrite the other
 * (a file under content/ replaced assets/site.js, the script of every page, or index.html). */
#ifndef HB_OUTPUTS_H
#define HB_OUTPUTS_H

#include "site.h"

/* Claims every output path of the site: each page's PERMALINK/index.html and each alias's,
 * every other file under content/ at its own path, and what the build generates
 * (sitemap.xml, 404.html, nav-tree.js, assets/ from templates/assets/, emu/ when the content has labs,
 * pagefind/ when search is on). Reports to site->diag, at the source under content/, every
 * path claimed by two sources (naming both) and every path that is a file for one source and
 * a folder for another. Two pages or aliases at one permalink are left to discovery and the
 * link graph, which report them already. Call after the link graph (aliases) is built.
 * Returns the number of errors. */
int hb_outputs_check(hb_site *site);

#endif
