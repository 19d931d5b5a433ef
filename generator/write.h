/* write.h: the build's write step, one for the full build (build.c: a new site in a temporary
 * folder, swapped in) and for serve's incremental rebuilds (incremental.c: changed files
 * replaced in place): the site-wide files made in memory (the redirect pages of aliases,
 * sitemap.xml, nav-tree.js, 404.html), atomic writes, the parallel writer, deletions, the copy
 * of assets, the swap of a new site, and the removal of what killed builds left behind. */
#ifndef HB_WRITE_H
#define HB_WRITE_H

#include <stddef.h>
#include <stdint.h>

#include "render.h"
#include "site.h"
#include "util.h"

/* A file of the output: its path under the output folder ("/a/b/index.html", "/sitemap.xml"),
 * its bytes (borrowed, or owned by the list) and a fingerprint for serve's disk state. */
typedef struct hb_out_file {
    char *key;        /* owned */
    const char *data;
    size_t len;
    char *owned;      /* data, when the list owns it (else NULL) */
    uint64_t fp;      /* hb_write_content_hash of the bytes, or the caller's own */
} hb_out_file;

typedef struct hb_out_files {
    hb_out_file *items;
    size_t n;
} hb_out_files;

/* Appends a file (key copied; data borrowed, or taken when owned is data). */
void hb_out_files_add(hb_out_files *files, const char *key, const char *data, size_t len,
                      char *owned, uint64_t fp);
void hb_out_files_free(hb_out_files *files);

/* A fingerprint of bytes (never 0: 0 marks "unknown"). */
uint64_t hb_write_content_hash(const char *data, size_t len);

/* The site-wide files every build writes, made in memory: the redirect page of each alias,
 * sitemap.xml, nav-tree.js (page_view.h) and 404.html (with renderer; without one, no
 * 404.html), each with its content hash. The link graph and site->nav must be built. Returns
 * 0, or -1 when 404.html failed to render (the renderer reported why; files then holds the
 * others). */
int hb_write_site_files(hb_out_files *files, const hb_site *site, hb_renderer *renderer);

/* The redirect page at alias `alias` (a permalink) for `page`. Appends to html. */
void hb_write_alias_html(const hb_site *site, const char *alias, const hb_page *page,
                         hb_buf *html);

/* sitemap.xml: every page in reading order. Appends to xml. */
void hb_write_sitemap(const hb_site *site, hb_buf *xml);

/* Writes every file of files under out_dir, on up to two threads (writing many files waits
 * mostly on the file system; the threads overlap those waits). atomic: each by a temporary
 * file in its folder renamed over the old one, so that a reader sees the old file or the new,
 * never a part (serve's site in place); else written directly (a new site's folder, missing
 * folders created). errnos[i] gets 0 or the error of file i. */
void hb_write_all(const char *out_dir, const hb_out_files *files, int atomic, int *errnos);

/* Writes data to out_dir + key directly, creating missing folders (a new site's folder; the
 * render workers call it for each page as soon as it is rendered). Returns 0 or -1 (errno). */
int hb_write_new(const char *out_dir, const char *key, const char *data, size_t len);

/* Deletes out_dir + key and then its folders left empty, up to out_dir. A file already gone is
 * no error. Returns 0 or -1 (errno). */
int hb_write_delete(const char *out_dir, const char *key);

/* Copies the template assets, the lab console's files and the content's own files (images,
 * PDFs) into dir. Returns the number of failures (reported to site->diag). */
int hb_write_copy_assets(hb_site *site, const char *dir);

/* Swaps tmp_dir in as out_dir (one rename, RENAME_EXCHANGE where the file system has it) and
 * removes the previous site. carry_index: the previous site's pagefind/ moves into the new one
 * first, by rename. Returns 0, or -1 with errno set. */
int hb_write_swap(const char *tmp_dir, const char *out_dir, int carry_index);

/* Removes what killed builds and servers of out_dir left beside it: "OUT.tmp.PID" (a new site
 * being written), "OUT.tmp-old.PID" (a previous site being removed) and "OUT.pagefind.PID"
 * (serve's background index), for each PID that is no process any more. A build killed by
 * SIGKILL or SIGTERM cannot remove its own, and each is a whole site. A PID that is alive (a
 * running build or server, or another process that took the number) is left alone. */
void hb_write_clean_stale(const char *out_dir);

#endif
