/* url.h: permalinks from content paths, relative URLs between pages, and the resolution of
 * links written in pages (relative *.md paths with #anchors) to pages and ids. */
#ifndef HB_URL_H
#define HB_URL_H

#include "site.h"

/* The permalink of a page from its path under content/: "a/b.md" -> "/a/b/",
 * "a/index.md" and Hugo's "a/_index.md" -> "/a/", "index.md" -> "/". Returns a malloc'd string
 * the caller frees. */
char *hb_permalink_from_path(const char *rel_path);

/* The relative URL from the page at permalink `from` to `to` (both "/.../" forms; `to` may
 * also name a file, "/a/b.png"): "/a/b/" -> "/a/c/" is "../c/", to itself is "./". With
 * index_html, folder URLs end in "index.html" (works from file://). Malloc'd; caller frees. */
char *hb_url_relative(const char *from, const char *to, int index_html);

/* Joins folder `dir` ("" for the top) and a relative path, resolving "." and "..". Returns a
 * malloc'd normalised path without a leading '/', or NULL when it climbs above the top. */
char *hb_path_resolve(const char *dir, const char *rel);

/* 1 when dest is an external URL (has a scheme like https: or mailto:, or starts with //). */
int hb_url_is_external(const char *dest);

/* Whether a link destination may be in a page: URLs with the scheme http, https or mailto,
 * and those without a scheme (relative paths, #anchors, ?queries, //host). dest is the
 * destination as the browser reads it (cmark has decoded its entities). The scheme is found
 * as a browser's URL parser finds it: leading spaces and control characters are dropped, tab
 * and newline are dropped anywhere, letters compare without case. javascript:, vbscript:,
 * data: (text/html runs script) and every other scheme are refused, with the scheme written
 * into scheme (lowercased, cut to scheme_size - 1 bytes; scheme_size > 0). Returns 1 when
 * allowed, 0 when refused. */
int hb_url_allowed(const char *dest, char *scheme, size_t scheme_size);

/* The message for a refused destination, after "link to 'DEST': " (a static string). */
#define HB_URL_POLICY "only http, https and mailto URLs, relative paths and #anchors are allowed"

typedef enum hb_link_kind {
    HB_LINK_EXTERNAL,      /* left as written */
    HB_LINK_PAGE,          /* a page (and maybe an anchor on it) */
    HB_LINK_FILE,          /* a non-page file under content/ */
    HB_LINK_BROKEN_PAGE,   /* no such page or file */
    HB_LINK_BROKEN_ANCHOR  /* the page exists, the anchor does not */
} hb_link_kind;

typedef struct hb_link_target {
    hb_link_kind kind;
    int page;        /* HB_LINK_PAGE / BROKEN_ANCHOR: the target page's index */
    char *anchor;    /* malloc'd id after '#' (anchor aliases replaced by their target), or NULL */
    char *file;      /* HB_LINK_FILE: rel path under content/; BROKEN_PAGE: what was looked for */
} hb_link_target;

/* Resolves dest, written on page `from`: "#id", "x.md", "../a/x.md#id", "/a/x/" (a
 * permalink), "img/x.png". Fills *out (free with hb_link_target_free) and returns out->kind. */
hb_link_kind hb_link_resolve(const hb_site *site, const hb_page *from, const char *dest,
                             hb_link_target *out);

/* The href that replaces a resolved link on page `from` (relative URL plus #anchor). Only for
 * HB_LINK_PAGE and HB_LINK_FILE. Malloc'd; caller frees. */
char *hb_link_href(const hb_site *site, const hb_page *from, const hb_link_target *target);

void hb_link_target_free(hb_link_target *target);

#endif
