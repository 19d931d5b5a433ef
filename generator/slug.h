/* slug.h: GitHub-style heading ids ("Clock event reasons" -> "clock-event-reasons"), unique
 * within a page ("x", "x-1", "x-2"), and the check that an explicit {#id} is well formed. */
#ifndef HB_SLUG_H
#define HB_SLUG_H

#include <stddef.h>

#include "util.h"

/* The slug of text (len bytes, UTF-8): ASCII letters lowercased, ASCII letters, digits, '-'
 * and '_' kept, each space becomes '-', other ASCII punctuation dropped, non-ASCII characters
 * kept as they are (GitHub keeps Unicode letters). Returns a malloc'd string the caller frees;
 * "" when nothing is left. Follows the rule of GitHub's heading anchors (github/cmark-gfm and
 * the github-slugger package describe it). */
char *hb_slug(const char *text, size_t len);

/* The ids used on one page so far. Owns its keys. */
typedef struct hb_slug_set {
    hb_map used;
    hb_map next; /* base -> the suffix to try first for it (so n equal headings cost O(n)) */
} hb_slug_set;

/* Returns a unique id for base (base, then base-1, base-2 ...; "section" when base is empty)
 * and records it. Returns a malloc'd string the caller frees. */
char *hb_slug_unique(hb_slug_set *set, const char *base);

/* Records an explicit id. Returns 0, or -1 when it was already used on the page. */
int hb_slug_claim(hb_slug_set *set, const char *id);

/* 1 when id may be used as an explicit {#id}: non-empty, ASCII letters, digits, '-', '_', '.',
 * ':' only. */
int hb_slug_valid_id(const char *id);

void hb_slug_set_free(hb_slug_set *set);

#endif
