/* catalog.c: the catalog of lab scenarios (emu.h's emu_catalog_*): each added text parsed once
 * (scenario.c), found by id, listed in the order added. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "labs.h"
#include "model/scenario.h"

static char *dup_error(const char *path, const char *msg)
{
    char buf[512];
    int n = snprintf(buf, sizeof buf, "%s:1:1: error: %s\n", path, msg);
    char *e = n > 0 ? malloc((size_t)n + 1) : NULL;
    if (e)
        memcpy(e, buf, (size_t)n + 1);
    return e;
}

struct emu_catalog {
    emu_scenario **items;
    size_t count, cap;
};

emu_catalog *emu_catalog_new(void) { return calloc(1, sizeof(emu_catalog)); }

int emu_catalog_add(emu_catalog *catalog, const char *id, const char *yaml, size_t len,
                    const char *path, char **error)
{
    *error = NULL;
    if (!catalog || !id || !*id || (!yaml && len)) {
        *error = dup_error(path ? path : "scenario", "no lab id or text given");
        return -1;
    }
    emu_scenario *s = emu_scenario_parse(id, yaml ? yaml : "", len, path, error);
    if (!s)
        return -1;
    for (size_t i = 0; i < catalog->count; i++) {
        if (!strcmp(catalog->items[i]->id, id)) { /* a newer text replaces the lab */
            emu_scenario_free(catalog->items[i]);
            catalog->items[i] = s;
            return 0;
        }
    }
    if (catalog->count == catalog->cap) {
        size_t cap = catalog->cap ? catalog->cap * 2 : 8;
        emu_scenario **grown = realloc(catalog->items, cap * sizeof *grown);
        if (!grown) {
            emu_scenario_free(s);
            *error = dup_error(path ? path : id, "out of memory");
            return -1;
        }
        catalog->items = grown;
        catalog->cap = cap;
    }
    catalog->items[catalog->count++] = s;
    return 0;
}

void emu_catalog_free(emu_catalog *catalog)
{
    if (!catalog)
        return;
    for (size_t i = 0; i < catalog->count; i++)
        emu_scenario_free(catalog->items[i]);
    free(catalog->items);
    free(catalog);
}

const emu_scenario *emu_catalog_find(const emu_catalog *catalog, const char *id)
{
    if (!catalog || !id)
        return NULL;
    for (size_t i = 0; i < catalog->count; i++)
        if (!strcmp(catalog->items[i]->id, id))
            return catalog->items[i];
    return NULL;
}

size_t emu_catalog_count(const emu_catalog *catalog) { return catalog ? catalog->count : 0; }

const emu_scenario *emu_catalog_at(const emu_catalog *catalog, size_t i)
{
    return catalog && i < catalog->count ? catalog->items[i] : NULL;
}
