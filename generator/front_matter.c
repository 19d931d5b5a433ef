/* front_matter.c: splitting a page into YAML front matter and Markdown body, and reading the
 * front matter into the page record with libyaml (see site.h for the keys). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "site.h"
#include "yaml_util.h"

static int fm_is_fence_line(const char *line, size_t len, const char *fence)
{
    size_t n = strlen(fence);
    if (len < n || memcmp(line, fence, n) != 0)
        return 0;
    for (size_t i = n; i < len; i++)
        if (line[i] != ' ' && line[i] != '\t' && line[i] != '\r')
            return 0;
    return 1;
}

int hb_front_matter_split(const char *text, size_t len, size_t *yaml_start, size_t *yaml_len,
                          size_t *body_offset, int *body_line)
{
    const char *nl = memchr(text, '\n', len);
    size_t first_len = nl ? (size_t)(nl - text) : len;
    if (!fm_is_fence_line(text, first_len, "---")) {
        *yaml_start = *yaml_len = 0;
        *body_offset = 0;
        *body_line = 1;
        return 0;
    }
    size_t pos = nl ? first_len + 1 : len;
    *yaml_start = pos;
    int line = 2;
    while (pos < len) {
        const char *end = memchr(text + pos, '\n', len - pos);
        size_t line_len = end ? (size_t)(end - (text + pos)) : len - pos;
        if (fm_is_fence_line(text + pos, line_len, "---") ||
            fm_is_fence_line(text + pos, line_len, "...")) {
            *yaml_len = pos - *yaml_start;
            *body_offset = end ? pos + line_len + 1 : len;
            *body_line = line + 1;
            return 1;
        }
        pos += line_len + (end ? 1 : 0);
        line++;
    }
    *yaml_len = len - *yaml_start;
    *body_offset = len;
    *body_line = line;
    return -1;
}

typedef struct fm_ctx {
    hb_page *page;
    hb_diag *diag;
    yaml_document_t *doc;
    int first_line;
    int errors;
} fm_ctx;

static int fm_line(const fm_ctx *c, const yaml_node_t *node)
{
    return c->first_line + (int)node->start_mark.line;
}

static int fm_col(const yaml_node_t *node)
{
    return (int)node->start_mark.column + 1;
}

#define FM_ERROR(c, node, ...)                                                                   \
    do {                                                                                         \
        hb_error((c)->diag, (c)->page->path, fm_line((c), (node)), fm_col(node), __VA_ARGS__);  \
        (c)->errors++;                                                                           \
    } while (0)

/* Returns a malloc'd copy of a scalar's value, or NULL with an error when node is not one. */
static char *fm_scalar(fm_ctx *c, yaml_node_t *node, const char *key)
{
    if (node->type != YAML_SCALAR_NODE) {
        FM_ERROR(c, node, "front matter key '%s' must be a single value", key);
        return NULL;
    }
    return hb_strndup((const char *)node->data.scalar.value, node->data.scalar.length);
}

/* Reads a list of scalars (a single scalar counts as a list of one). */
static char **fm_list(fm_ctx *c, yaml_node_t *node, const char *key, size_t *count, int **lines)
{
    *count = 0;
    if (node->type == YAML_SCALAR_NODE) {
        char **out = hb_malloc(sizeof *out);
        out[0] = fm_scalar(c, node, key);
        if (lines) {
            *lines = hb_malloc(sizeof **lines);
            (*lines)[0] = fm_line(c, node);
        }
        *count = 1;
        return out;
    }
    if (node->type != YAML_SEQUENCE_NODE) {
        FM_ERROR(c, node, "front matter key '%s' must be a list, like [a, b]", key);
        return NULL;
    }
    size_t n = (size_t)(node->data.sequence.items.top - node->data.sequence.items.start);
    char **out = hb_calloc(n, sizeof *out);
    if (lines)
        *lines = hb_calloc(n, sizeof **lines);
    for (size_t i = 0; i < n; i++) {
        yaml_node_t *item = yaml_document_get_node(c->doc, node->data.sequence.items.start[i]);
        if (!item || item->type != YAML_SCALAR_NODE || item->data.scalar.length == 0) {
            FM_ERROR(c, item ? item : node, "each item of '%s' must be a non-empty value", key);
            continue;
        }
        if (lines)
            (*lines)[*count] = fm_line(c, item);
        out[(*count)++] = hb_strndup((const char *)item->data.scalar.value, item->data.scalar.length);
    }
    return out;
}

static void fm_anchor_aliases(fm_ctx *c, yaml_node_t *node)
{
    if (node->type != YAML_MAPPING_NODE) {
        FM_ERROR(c, node, "anchor_aliases must map old ids to current ones, like {old-id: new-id}");
        return;
    }
    size_t n = (size_t)(node->data.mapping.pairs.top - node->data.mapping.pairs.start);
    hb_page *page = c->page;
    page->anchor_aliases = hb_calloc(n, sizeof *page->anchor_aliases);
    for (size_t i = 0; i < n; i++) {
        yaml_node_pair_t *pair = &node->data.mapping.pairs.start[i];
        yaml_node_t *k = yaml_document_get_node(c->doc, pair->key);
        yaml_node_t *v = yaml_document_get_node(c->doc, pair->value);
        if (!k || !v || k->type != YAML_SCALAR_NODE || v->type != YAML_SCALAR_NODE ||
            !k->data.scalar.length || !v->data.scalar.length) {
            FM_ERROR(c, k ? k : node, "anchor_aliases entries must be old-id: new-id");
            continue;
        }
        hb_anchor_alias *a = &page->anchor_aliases[page->n_anchor_aliases++];
        a->from = hb_strndup((const char *)k->data.scalar.value, k->data.scalar.length);
        a->to = hb_strndup((const char *)v->data.scalar.value, v->data.scalar.length);
        if (a->from[0] == '#')
            memmove(a->from, a->from + 1, strlen(a->from));
        if (a->to[0] == '#')
            memmove(a->to, a->to + 1, strlen(a->to));
        a->line = fm_line(c, k);
        a->col = fm_col(k);
    }
}

/* Hugo's front matter keys (gohugo.io/content-management/front-matter/, and the default
 * taxonomies tags and categories) that have no meaning here; the ones that do are read:
 * weight as order, draft, description as summary, and title, summary, aliases as ours. */
static const char *const fm_hugo_keys[] = {
    "build", "cascade", "categories", "date", "expiryDate", "headless", "isCJKLanguage",
    "keywords", "lastmod", "layout", "linkTitle", "markup", "menu", "menus", "outputs",
    "params", "publishDate", "resources", "series", "sitemap", "slug", "tags",
    "translationKey", "type", "url",
};

static int fm_is_hugo_key(const char *key)
{
    for (size_t i = 0; i < sizeof fm_hugo_keys / sizeof fm_hugo_keys[0]; i++)
        if (!strcmp(key, fm_hugo_keys[i]))
            return 1;
    return 0;
}

/* A whole number for key `key` (order, weight) into *out; 0 with an error otherwise. */
static int fm_whole_number(fm_ctx *c, yaml_node_t *v, const char *key, long *out)
{
    char *text = fm_scalar(c, v, key);
    if (!text)
        return 0;
    char *end;
    errno = 0;
    long value = strtol(text, &end, 10);
    int ok = text[0] && !*end && !errno;
    if (!ok)
        FM_ERROR(c, v, "%s must be a whole number, not '%s'", key, text);
    else
        *out = value;
    free(text);
    return ok;
}

int hb_front_matter_parse(hb_page *page, const char *yaml, size_t len, int first_line,
                          hb_diag *diag)
{
    fm_ctx c = {.page = page, .diag = diag, .first_line = first_line};
    yaml_document_t doc;
    c.doc = &doc;
    if (hb_yaml_load(&doc, yaml, len, page->path, first_line, diag) != 0)
        return 1;
    yaml_node_t *root = yaml_document_get_root_node(&doc);
    if (!root || (root->type == YAML_SCALAR_NODE && root->data.scalar.length == 0)) {
        hb_error(diag, page->path, first_line > 1 ? first_line - 1 : 1, 1,
                 "front matter is empty: a page needs at least a title");
        yaml_document_delete(&doc);
        return 1;
    }
    if (root->type != YAML_MAPPING_NODE) {
        FM_ERROR(&c, root, "front matter must be a mapping of keys to values (title: ...)");
        yaml_document_delete(&doc);
        return c.errors;
    }
    hb_map seen = {0}; /* key -> its line */
    for (yaml_node_pair_t *pair = root->data.mapping.pairs.start;
         pair < root->data.mapping.pairs.top; pair++) {
        yaml_node_t *k = yaml_document_get_node(&doc, pair->key);
        yaml_node_t *v = yaml_document_get_node(&doc, pair->value);
        if (!k || !v)
            continue;
        if (k->type != YAML_SCALAR_NODE) {
            FM_ERROR(&c, k, "front matter keys must be plain words");
            continue;
        }
        const char *key = (const char *)k->data.scalar.value;
        /* YAML requires unique keys; a second one would also overwrite the first's values. */
        size_t first_line = (size_t)hb_map_get(&seen, key);
        if (first_line) {
            FM_ERROR(&c, k, "duplicate front matter key '%s' (first on line %zu)", key,
                     first_line);
            continue;
        }
        hb_map_put(&seen, key, (void *)(size_t)fm_line(&c, k));
        if (!strcmp(key, "title")) {
            free(page->title);
            page->title = fm_scalar(&c, v, key);
            if (page->title && !page->title[0])
                FM_ERROR(&c, v, "title is empty");
        } else if (!strcmp(key, "summary")) {
            free(page->summary); /* a description read before it, if any */
            page->summary = fm_scalar(&c, v, key);
        } else if (!strcmp(key, "section")) {
            free(page->section);
            page->section = fm_scalar(&c, v, key);
        } else if (!strcmp(key, "template")) {
            free(page->template_name);
            page->template_name = fm_scalar(&c, v, key);
            page->template_line = fm_line(&c, v);
            page->template_col = fm_col(v);
        } else if (!strcmp(key, "order") || !strcmp(key, "weight")) {
            /* Hugo's weight is our order, but 0 there means "no weight" (sorted last). */
            const char *other = key[0] == 'o' ? "weight" : "order";
            size_t other_line = (size_t)hb_map_get(&seen, other);
            long value;
            if (other_line)
                FM_ERROR(&c, k, "both order and weight (line %zu): they are the same setting, "
                         "keep one", other_line);
            else if (fm_whole_number(&c, v, key, &value) && (key[0] == 'o' || value != 0))
                page->order = value, page->has_order = 1;
        } else if (!strcmp(key, "draft")) {
            char *text = fm_scalar(&c, v, key);
            if (text && (!strcmp(text, "true") || !strcmp(text, "false")))
                page->draft = !strcmp(text, "true");
            else if (text)
                FM_ERROR(&c, v, "draft must be true or false, not '%s'", text);
            free(text);
        } else if (!strcmp(key, "description")) {
            /* Hugo's description: the summary, unless the page has one (read after it). */
            char *text = fm_scalar(&c, v, key);
            if (text && !hb_map_get(&seen, "summary")) {
                free(page->summary);
                page->summary = text;
            } else {
                free(text);
            }
        } else if (fm_is_hugo_key(key)) {
            page->hugo_keys = hb_grow(page->hugo_keys, page->n_hugo_keys, sizeof *page->hugo_keys);
            page->hugo_keys[page->n_hugo_keys++] =
                (hb_fm_key){hb_strdup(key), fm_line(&c, k), fm_col(k)};
        } else if (!strcmp(key, "labs")) {
            page->labs = fm_list(&c, v, key, &page->n_labs, &page->lab_lines);
        } else if (!strcmp(key, "aliases")) {
            page->aliases = fm_list(&c, v, key, &page->n_aliases, &page->alias_lines);
        } else if (!strcmp(key, "anchor_aliases")) {
            fm_anchor_aliases(&c, v);
        } else {
            hb_warning(diag, page->path, fm_line(&c, k), fm_col(k),
                       "unknown front matter key '%s' (known: title, summary, section, order, "
                       "labs, aliases, anchor_aliases, template, draft; from Hugo: weight, "
                       "description)", key);
        }
    }
    hb_map_free(&seen);
    if (!page->title)
        FM_ERROR(&c, root, "front matter has no title (add a line: title: ...)");
    yaml_document_delete(&doc);
    return c.errors;
}

void hb_front_matter_report_hugo(hb_site *site)
{
    hb_map first = {0}; /* key -> index + 1 into keys */
    hb_fm_key *keys = NULL;
    const char **paths = NULL;
    size_t *counts = NULL, n = 0;
    for (size_t i = 0; i < site->n_pages; i++) {
        const hb_page *page = &site->pages[i];
        for (size_t k = 0; k < page->n_hugo_keys; k++) {
            const hb_fm_key *key = &page->hugo_keys[k];
            size_t at = (size_t)hb_map_get(&first, key->key);
            if (at) {
                counts[at - 1]++;
                continue;
            }
            keys = hb_grow(keys, n, sizeof *keys);
            paths = hb_grow(paths, n, sizeof *paths);
            counts = hb_grow(counts, n, sizeof *counts);
            keys[n] = *key;
            paths[n] = page->path;
            counts[n++] = 1;
            hb_map_put(&first, key->key, (void *)n);
        }
    }
    for (size_t i = 0; i < n; i++) {
        if (counts[i] > 1)
            hb_warning(site->diag, paths[i], keys[i].line, keys[i].col,
                       "Hugo front matter key '%s' is not used here (nor on the %zu other pages "
                       "that have it; said once)", keys[i].key, counts[i] - 1);
        else
            hb_warning(site->diag, paths[i], keys[i].line, keys[i].col,
                       "Hugo front matter key '%s' is not used here", keys[i].key);
    }
    hb_map_free(&first);
    free(keys);
    free(paths);
    free(counts);
}
