/* slug.c: heading ids (see slug.h). */
#include "slug.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

char *hb_slug(const char *text, size_t len)
{
    hb_buf out = {0};
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c >= 0x80) {
            hb_buf_add(&out, (const char *)&text[i], 1);
        } else if (isalnum(c) || c == '-' || c == '_') {
            char lower = (char)tolower(c);
            hb_buf_add(&out, &lower, 1);
        } else if (c == ' ') {
            hb_buf_add(&out, "-", 1);
        }
    }
    return hb_buf_take(&out);
}

char *hb_slug_unique(hb_slug_set *set, const char *base)
{
    const char *root = base[0] ? base : "section";
    if (!hb_map_get(&set->used, root)) {
        hb_map_put(&set->used, root, (void *)1);
        return hb_strdup(root);
    }
    /* Every suffix below next[root] is taken (ids are never released), so starting there
     * gives the same id as counting from 1, without trying them all again. */
    size_t first = (size_t)hb_map_get(&set->next, root);
    for (size_t n = first ? first : 1;; n++) {
        char *candidate = hb_strfmt("%s-%zu", root, n);
        if (!hb_map_get(&set->used, candidate)) {
            hb_map_put(&set->used, candidate, (void *)1);
            hb_map_put(&set->next, root, (void *)(n + 1));
            return candidate;
        }
        free(candidate);
    }
}

int hb_slug_claim(hb_slug_set *set, const char *id)
{
    if (hb_map_get(&set->used, id))
        return -1;
    hb_map_put(&set->used, id, (void *)1);
    return 0;
}

int hb_slug_valid_id(const char *id)
{
    if (!id[0])
        return 0;
    for (const char *p = id; *p; p++)
        if (!isalnum((unsigned char)*p) && !strchr("-_.:", *p))
            return 0;
    return 1;
}

void hb_slug_set_free(hb_slug_set *set)
{
    hb_map_free(&set->used);
    hb_map_free(&set->next);
}
