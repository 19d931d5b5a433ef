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
    if (len >= 5 && !strncmp(rel_path + len - 5, "index", 5) &&
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
    hb_buf out = {0};
    for (size_t i = 0; i < ups; i++)
        hb_buf_puts(&out, "../");
    hb_buf_puts(&out, to + common);
    if (out.len == 0)
        hb_buf_puts(&out, "./");
    if (index_html && out.data[out.len - 1] == '/')
        hb_buf_puts(&out, "index.html");
    return hb_buf_take(&out);
}

char *hb_path_resolve(const char *dir, const char *rel)
{
    char *joined = dir[0] ? hb_strfmt("%s/%s", dir, rel) : hb_strdup(rel);
    /* Split on '/', keep a stack of segments. */
    size_t n = strlen(joined);
    char **segs = hb_calloc(n + 1, sizeof *segs);
    size_t depth = 0;
    char *save = NULL;
    int ok = 1;
    for (char *seg = strtok_r(joined, "/", &save); seg; seg = strtok_r(NULL, "/", &save)) {
        if (!strcmp(seg, "."))
            continue;
        if (!strcmp(seg, "..")) {
            if (depth == 0) {
                ok = 0;
                break;
            }
            depth--;
            continue;
        }
        segs[depth++] = seg;
    }
    char *result = NULL;
    if (ok) {
        hb_buf out = {0};
        for (size_t i = 0; i < depth; i++) {
            if (i)
                hb_buf_puts(&out, "/");
            hb_buf_puts(&out, segs[i]);
        }
        if (n && rel[strlen(rel) - 1] == '/' && out.len)
            hb_buf_puts(&out, "/");
        result = hb_buf_take(&out);
    }
    free(segs);
    free(joined);
    return result;
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
    char *path = hb_strndup(dest, path_len);
    size_t idx = 0;
    char *resolved = NULL;
    if (path[0] == '/') {
        /* A permalink or a file from the site's top. */
        char *key = hb_ends_with(path, "/") ? hb_strdup(path) : hb_strfmt("%s/", path);
        idx = url_page_index(&site->by_permalink, key);
        free(key);
        if (!idx) {
            resolved = hb_path_resolve("", path + 1);
            if (resolved)
                idx = url_page_index(&site->by_rel_path, resolved);
        }
    } else {
        resolved = hb_path_resolve(from->dir, path);
        if (resolved) {
            idx = url_page_index(&site->by_rel_path, resolved);
            if (!idx && (!resolved[0] || hb_ends_with(resolved, "/"))) {
                /* A folder ("" is the top one, as in ../ or ./ there): its index.md. */
                char *index = hb_strfmt("%sindex.md", resolved);
                idx = url_page_index(&site->by_rel_path, index);
                free(index);
            }
        }
    }
    if (idx) {
        free(path);
        free(resolved);
        out->page = (int)idx - 1;
        return url_check_anchor(&site->pages[idx - 1], out);
    }
    if (resolved && !hb_ends_with(resolved, ".md") && hb_map_get(&site->files, resolved)) {
        free(path);
        out->file = resolved;
        return out->kind = HB_LINK_FILE;
    }
    out->file = resolved ? resolved : path;
    if (resolved)
        free(path);
    return out->kind = HB_LINK_BROKEN_PAGE;
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
