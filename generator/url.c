/* url.c: permalinks, relative URLs and link resolution (see url.h). */
#include "url.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

char *hb_permalink_from_path(const char *rel_path)
{
    size_t len = strlen(rel_path);
    if (len >= 3 && !strcmp(rel_path + len - 3, ".md"))
        len -= 3;
    /* "index" and Hugo's "_index" stand for their folder. */
    if (len >= 6 && !strncmp(rel_path + len - 6, "_index", 6) &&
        (len == 6 || rel_path[len - 7] == '/'))
        len -= 6;
    else if (len >= 5 && !strncmp(rel_path + len - 5, "index", 5) &&
             (len == 5 || rel_path[len - 6] == '/'))
        len -= 5;
    while (len > 0 && rel_path[len - 1] == '/')
        len--;
    if (len == 0)
        return hb_strdup("/");
    return hb_strfmt("/%.*s/", (int)len, rel_path);
}

char *hb_url_relative(const char *from, const char *to, int index_html)
{
    /* Common folder prefix: up to the last '/' both share. */
    size_t common = 0;
    for (size_t i = 0; from[i] && to[i] && from[i] == to[i]; i++)
        if (from[i] == '/')
            common = i + 1;
    size_t ups = 0;
    for (const char *p = from + common; *p; p++)
        if (*p == '/')
            ups++;
    /* One allocation of the exact size: the render calls this for every link of every page's
     * sidebar, breadcrumbs, backlinks and pager (a growing hb_buf reallocated two or three
     * times a call). */
    const char *rest = to + common;
    size_t rest_len = strlen(rest);
    size_t len = ups * 3 + rest_len;
    int dot = len == 0; /* the same folder: "./" */
    if (dot)
        len = 2;
    /* the output ends in '/' when rest does, or when it is only "../" or "./" */
    int index = index_html && (rest_len ? rest[rest_len - 1] == '/' : 1);
    char *out = hb_malloc(len + (index ? 10 : 0) + 1);
    char *p = out;
    for (size_t i = 0; i < ups; i++, p += 3)
        memcpy(p, "../", 3);
    memcpy(p, dot ? "./" : rest, dot ? 2 : rest_len);
    p += dot ? 2 : rest_len;
    if (index) {
        memcpy(p, "index.html", 10);
        p += 10;
    }
    *p = '\0';
    return out;
}

/* hb_path_resolve into out, which has room for strlen(dir) + rel_len + 2 bytes. Returns the
 * length written (NUL-terminated), or -1 when the path climbs above the top. rel is rel_len
 * bytes (not necessarily NUL-terminated). */
static long url_resolve_into(const char *dir, const char *rel, size_t rel_len, char *out)
{
    /* dir's segments, then rel's, onto one output: "." is skipped, ".." removes the last
     * segment (and above the top fails), empty segments ("a//b") are skipped. No allocation:
     * the graph resolves every link of every page with this on each (re)build. */
    size_t len = 0;
    const char *parts[2] = {dir, rel};
    const char *ends[2] = {dir + strlen(dir), rel + rel_len};
    for (int k = 0; k < 2; k++) {
        const char *p = parts[k], *stop = ends[k];
        for (;;) {
            while (p < stop && *p == '/')
                p++;
            if (p == stop)
                break;
            const char *end = p;
            while (end < stop && *end != '/')
                end++;
            size_t seg = (size_t)(end - p);
            if (seg == 2 && p[0] == '.' && p[1] == '.') {
                if (len == 0)
                    return -1;
                while (len > 0 && out[len - 1] != '/')
                    len--;
                if (len > 0)
                    len--; /* the '/' before the removed segment */
            } else if (!(seg == 1 && p[0] == '.')) {
                if (len)
                    out[len++] = '/';
                memcpy(out + len, p, seg);
                len += seg;
            }
            p = end;
        }
    }
    if (rel_len && rel[rel_len - 1] == '/' && len)
        out[len++] = '/';
    out[len] = '\0';
    return (long)len;
}

char *hb_path_resolve(const char *dir, const char *rel)
{
    size_t rel_len = strlen(rel);
    char *out = hb_malloc(strlen(dir) + rel_len + 2);
    if (url_resolve_into(dir, rel, rel_len, out) < 0) {
        free(out);
        return NULL;
    }
    return out;
}

int hb_url_is_external(const char *dest)
{
    if (dest[0] == '/' && dest[1] == '/')
        return 1;
    if (!isalpha((unsigned char)dest[0]))
        return 0;
    for (const char *p = dest; *p; p++) {
        if (*p == ':')
            return 1;
        if (!isalnum((unsigned char)*p) && *p != '+' && *p != '-' && *p != '.')
            return 0;
    }
    return 0;
}

int hb_url_allowed(const char *dest, char *scheme, size_t scheme_size)
{
    const unsigned char *p = (const unsigned char *)dest;
    while (*p && *p <= 0x20)
        p++;
    size_t n = 0;
    scheme[0] = '\0';
    for (;; p++) {
        if (*p == '\t' || *p == '\n' || *p == '\r')
            continue;
        int alpha = isalpha(*p);
        if (!(alpha || (n > 0 && (isdigit(*p) || *p == '+' || *p == '-' || *p == '.'))))
            break;
        if (n + 1 < scheme_size)
            scheme[n] = (char)tolower(*p);
        n++;
    }
    scheme[n + 1 < scheme_size ? n : scheme_size - 1] = '\0';
    if (*p != ':' || n == 0)
        return 1; /* no scheme: relative, #anchor, ?query or //host */
    if (n + 1 > scheme_size)
        return 0; /* longer than any allowed one */
    return !strcmp(scheme, "http") || !strcmp(scheme, "https") || !strcmp(scheme, "mailto");
}

static size_t url_page_index(const hb_map *map, const char *key)
{
    return (size_t)hb_map_get(map, key);
}

/* Looks the anchor up on page; replaces an anchor alias by its target. */
static hb_link_kind url_check_anchor(const hb_page *page, hb_link_target *out)
{
    if (!out->anchor || !out->anchor[0]) {
        free(out->anchor);
        out->anchor = NULL;
        return out->kind = HB_LINK_PAGE;
    }
    for (size_t i = 0; i < page->n_anchor_aliases; i++) {
        if (!strcmp(page->anchor_aliases[i].from, out->anchor)) {
            free(out->anchor);
            out->anchor = hb_strdup(page->anchor_aliases[i].to);
            break;
        }
    }
    return out->kind = hb_page_has_anchor(page, out->anchor) ? HB_LINK_PAGE : HB_LINK_BROKEN_ANCHOR;
}

hb_link_kind hb_link_resolve(const hb_site *site, const hb_page *from, const char *dest,
                             hb_link_target *out)
{
    memset(out, 0, sizeof *out);
    out->page = -1;
    if (hb_url_is_external(dest))
        return out->kind = HB_LINK_EXTERNAL;
    const char *hash = strchr(dest, '#');
    size_t path_len = hash ? (size_t)(hash - dest) : strlen(dest);
    if (hash)
        out->anchor = hb_strdup(hash + 1);
    const char *query = memchr(dest, '?', path_len);
    if (query)
        path_len = (size_t)(query - dest);
    if (path_len == 0) {
        out->page = (int)(from - site->pages);
        return url_check_anchor(from, out);
    }
    /* The keys looked up are built in one buffer (on the stack for every usual path): a
     * rebuild resolves every link of every page. Room for the folder, the path, a '/' and
     * "index.md". */
    size_t cap = strlen(from->dir) + path_len + 16;
    char local[512];
    char *buf = cap <= sizeof local ? local : hb_malloc(cap);
    size_t idx = 0;
    long resolved_len = -1; /* length of the resolved path in buf, -1: none */
    if (dest[0] == '/') {
        /* A permalink or a file from the site's top. */
        memcpy(buf, dest, path_len);
        size_t len = path_len;
        if (buf[len - 1] != '/')
            buf[len++] = '/';
        buf[len] = '\0';
        idx = url_page_index(&site->by_permalink, buf);
        if (!idx) {
            resolved_len = url_resolve_into("", dest + 1, path_len - 1, buf);
            if (resolved_len >= 0)
                idx = url_page_index(&site->by_rel_path, buf);
        }
    } else {
        resolved_len = url_resolve_into(from->dir, dest, path_len, buf);
        if (resolved_len >= 0) {
            idx = url_page_index(&site->by_rel_path, buf);
            if (!idx && (resolved_len == 0 || buf[resolved_len - 1] == '/')) {
                /* A folder ("" is the top one, as in ../ or ./ there): its index page. */
                int folder = hb_site_folder_index(site, buf, resolved_len ? resolved_len - 1 : 0);
                idx = folder >= 0 ? (size_t)folder + 1 : 0;
            }
        }
    }
    hb_link_kind kind;
    if (idx) {
        out->page = (int)idx - 1;
        kind = url_check_anchor(&site->pages[idx - 1], out);
    } else if (resolved_len >= 0 && !hb_ends_with(buf, ".md") && hb_map_get(&site->files, buf)) {
        out->file = hb_strdup(buf);
        kind = out->kind = HB_LINK_FILE;
    } else {
        out->file = resolved_len >= 0 ? hb_strdup(buf) : hb_strndup(dest, path_len);
        kind = out->kind = HB_LINK_BROKEN_PAGE;
    }
    if (buf != local)
        free(buf);
    return kind;
}

char *hb_link_href(const hb_site *site, const hb_page *from, const hb_link_target *target)
{
    int index_html = site->config.link_index_html;
    if (target->kind == HB_LINK_FILE) {
        char *abs = hb_strfmt("/%s", target->file);
        char *rel = hb_url_relative(from->permalink, abs, 0);
        free(abs);
        return rel;
    }
    const hb_page *to = &site->pages[target->page];
    if (to == from && target->anchor)
        return hb_strfmt("#%s", target->anchor);
    char *rel = hb_url_relative(from->permalink, to->permalink, index_html);
    if (!target->anchor)
        return rel;
    char *href = hb_strfmt("%s#%s", rel, target->anchor);
    free(rel);
    return href;
}

void hb_link_target_free(hb_link_target *target)
{
    free(target->anchor);
    free(target->file);
    target->anchor = target->file = NULL;
}
