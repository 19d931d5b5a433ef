/* config.c: reading content/site.yaml into hb_config (see site.h), and the page record's
 * small helpers. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "site.h"
#include "url.h"
#include "yaml_util.h"

static char *config_scalar(yaml_node_t *v, const char *path, const char *key, hb_diag *diag,
                           int *errors)
{
    if (v->type != YAML_SCALAR_NODE) {
        hb_error(diag, path, (int)v->start_mark.line + 1, (int)v->start_mark.column + 1,
                 "site.yaml key '%s' must be a single value", key);
        (*errors)++;
        return NULL;
    }
    return hb_strndup((const char *)v->data.scalar.value, v->data.scalar.length);
}

static int config_bool(yaml_node_t *v, const char *path, const char *key, hb_diag *diag,
                       int *errors)
{
    char *text = config_scalar(v, path, key, diag, errors);
    if (!text)
        return 0;
    int value = -1;
    if (!strcmp(text, "true") || !strcmp(text, "yes") || !strcmp(text, "on"))
        value = 1;
    else if (!strcmp(text, "false") || !strcmp(text, "no") || !strcmp(text, "off"))
        value = 0;
    if (value < 0) {
        hb_error(diag, path, (int)v->start_mark.line + 1, (int)v->start_mark.column + 1,
                 "site.yaml key '%s' must be true or false, not '%s'", key, text);
        (*errors)++;
        value = 0;
    }
    free(text);
    return value;
}

int hb_config_load(hb_config *config, const char *path, hb_diag *diag)
{
    memset(config, 0, sizeof *config);
    int errors = 0;
    size_t len = 0;
    char *text = hb_read_file(path, &len);
    if (text) {
        int line, col;
        if (!hb_utf8_valid(text, len, &line, &col)) {
            hb_error(diag, path, line, col, "file is not valid UTF-8");
            errors++;
        } else {
            yaml_document_t doc;
            if (hb_yaml_load(&doc, text, len, path, 1, diag) != 0) {
                errors++;
            } else {
                yaml_node_t *root = yaml_document_get_root_node(&doc);
                if (root && root->type == YAML_MAPPING_NODE) {
                    for (yaml_node_pair_t *p = root->data.mapping.pairs.start;
                         p < root->data.mapping.pairs.top; p++) {
                        yaml_node_t *k = yaml_document_get_node(&doc, p->key);
                        yaml_node_t *v = yaml_document_get_node(&doc, p->value);
                        if (!k || !v || k->type != YAML_SCALAR_NODE)
                            continue;
                        const char *key = (const char *)k->data.scalar.value;
                        char **slot = NULL;
                        if (!strcmp(key, "title"))
                            slot = &config->title;
                        else if (!strcmp(key, "description"))
                            slot = &config->description;
                        else if (!strcmp(key, "language"))
                            slot = &config->language;
                        else if (!strcmp(key, "edit_url"))
                            slot = &config->edit_url;
                        else if (!strcmp(key, "base_url"))
                            slot = &config->base_url;
                        else if (!strcmp(key, "base_path"))
                            slot = &config->base_path;
                        char scheme[32];
                        if (slot) {
                            free(*slot);
                            *slot = config_scalar(v, path, key, diag, &errors);
                            if (*slot && (slot == &config->edit_url || slot == &config->base_url ||
                                          slot == &config->base_path) &&
                                !hb_url_allowed(*slot, scheme, sizeof scheme)) {
                                hb_error(diag, path, (int)v->start_mark.line + 1,
                                         (int)v->start_mark.column + 1, "%s '%s': %s", key, *slot,
                                         HB_URL_POLICY);
                                errors++;
                                free(*slot);
                                *slot = NULL;
                            }
                            if (slot == &config->edit_url) {
                                config->edit_url_line = (int)v->start_mark.line + 1;
                                config->edit_url_col = (int)v->start_mark.column + 1;
                            }
                        } else if (!strcmp(key, "last_updated")) {
                            config->last_updated = config_bool(v, path, key, diag, &errors);
                        } else if (!strcmp(key, "allow_html")) {
                            config->allow_html = config_bool(v, path, key, diag, &errors);
                        } else if (!strcmp(key, "link_index_html")) {
                            config->link_index_html = config_bool(v, path, key, diag, &errors);
                        } else if (!strcmp(key, "nav") && v->type == YAML_SEQUENCE_NODE) {
                            for (yaml_node_item_t *it = v->data.sequence.items.start;
                                 it < v->data.sequence.items.top; it++) {
                                yaml_node_t *item = yaml_document_get_node(&doc, *it);
                                if (!item || item->type != YAML_SCALAR_NODE)
                                    continue;
                                config->nav = hb_realloc(config->nav, (config->n_nav + 1) * sizeof(char *));
                                config->nav[config->n_nav++] = hb_strndup(
                                    (const char *)item->data.scalar.value, item->data.scalar.length);
                            }
                        } else {
                            hb_warning(diag, path, (int)k->start_mark.line + 1,
                                       (int)k->start_mark.column + 1,
                                       "unknown site.yaml key '%s' (known: title, description, "
                                       "language, allow_html, nav, edit_url, last_updated, base_url, "
                                       "base_path, link_index_html)", key);
                        }
                    }
                } else if (root && !(root->type == YAML_SCALAR_NODE && !root->data.scalar.length)) {
                    hb_error(diag, path, 1, 1, "site.yaml must be a mapping of keys to values");
                    errors++;
                }
                yaml_document_delete(&doc);
            }
        }
        free(text);
    } else if (errno != ENOENT) {
        hb_error(diag, path, 0, 0, "cannot read: %s", strerror(errno));
        errors++;
    }
    if (!config->title)
        config->title = hb_strdup("Handbook");
    if (!config->description)
        config->description = hb_strdup("");
    if (!config->language)
        config->language = hb_strdup("en");
    if (!config->base_path)
        config->base_path = hb_strdup("/");
    if (config->base_path[strlen(config->base_path) - 1] != '/') {
        char *fixed = hb_strfmt("%s/", config->base_path);
        free(config->base_path);
        config->base_path = fixed;
    }
    return errors;
}

void hb_config_free(hb_config *config)
{
    free(config->title);
    free(config->description);
    free(config->language);
    free(config->edit_url);
    free(config->base_url);
    free(config->base_path);
    for (size_t i = 0; i < config->n_nav; i++)
        free(config->nav[i]);
    free(config->nav);
    memset(config, 0, sizeof *config);
}

static void free_strings(char **list, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(list[i]);
    free(list);
}

void hb_page_free(hb_page *page)
{
    free(page->path);
    free(page->rel_path);
    free(page->permalink);
    free(page->dir);
    free(page->title);
    free(page->summary);
    free(page->section);
    free(page->template_name);
    free_strings(page->labs, page->n_labs);
    free_strings(page->aliases, page->n_aliases);
    free(page->alias_lines);
    free(page->lab_lines);
    for (size_t i = 0; i < page->n_anchor_aliases; i++) {
        free(page->anchor_aliases[i].from);
        free(page->anchor_aliases[i].to);
    }
    free(page->anchor_aliases);
    free_strings(page->anchors, page->n_anchors);
    for (size_t i = 0; i < page->n_links; i++)
        free(page->links[i].dest);
    free(page->links);
    for (size_t i = 0; i < page->n_rows; i++) {
        free(page->rows[i].observation);
        free(page->rows[i].evidence);
        free(page->rows[i].row_id);
        free(page->rows[i].dest);
    }
    free(page->rows);
    free(page->backlinks);
    free(page->symptoms);
    for (size_t i = 0; i < page->n_hugo_keys; i++)
        free(page->hugo_keys[i].key);
    free(page->hugo_keys);
    hb_page_pre_free(page);
    memset(page, 0, sizeof *page);
}

void hb_page_pre_free(hb_page *page)
{
    for (size_t i = 0; !page->pre_pooled && i < page->n_pre_toc; i++) {
        free(page->pre_toc[i].id);
        free(page->pre_toc[i].text);
    }
    if (!page->pre_pooled) {
        free(page->pre_toc);
        free(page->pre_html);
    }
    page->pre_pooled = 0;
    page->pre_html = NULL;
    page->pre_len = 0;
    page->pre_toc = NULL;
    page->n_pre_toc = 0;
}

int hb_page_has_anchor(const hb_page *page, const char *id)
{
    size_t lo = 0, hi = page->n_anchors;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int c = strcmp(page->anchors[mid], id);
        if (!c)
            return 1;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return 0;
}

hb_page *hb_site_page_by_permalink(const hb_site *site, const char *permalink)
{
    size_t idx = (size_t)hb_map_get(&site->by_permalink, permalink);
    return idx ? &site->pages[idx - 1] : NULL;
}

int hb_site_folder_index(const hb_site *site, const char *dir, size_t len)
{
    char local[256];
    char *key = len < sizeof local ? local : hb_malloc(len + 1);
    memcpy(key, dir, len);
    key[len] = '\0';
    size_t idx = (size_t)hb_map_get(&site->dir_index, key);
    if (key != local)
        free(key);
    return idx ? (int)idx - 1 : -1;
}

int hb_site_page_folder(const hb_site *site, size_t i)
{
    return i < site->n_page_folder ? site->page_folder[i] : -1;
}
