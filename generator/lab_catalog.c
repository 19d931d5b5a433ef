/* lab_catalog.c: the lab scenarios of a folder read into an emulator catalog, for every native
 * host: the site build (transform_lab.c, transform_timeline.c, lab_assets.c), `handbook emu`
 * (emu_cli.c), the emulator benchmark, the fuzzers and the unit tests. One way to list, name and
 * read scenario files, so that `lab list` orders the labs the same everywhere (see lab.h). */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "lab.h"

static int lab_name_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

char **hb_lab_scenario_names(const char *dir, size_t *count)
{
    char **names = hb_malloc(sizeof *names); /* not NULL for an empty folder */
    size_t n = 0;
    *count = 0;
    DIR *d = opendir(dir);
    if (!d) {
        free(names);
        return NULL;
    }
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.' || !hb_ends_with(e->d_name, ".yaml"))
            continue;
        names = hb_realloc(names, (n + 1) * sizeof *names);
        names[n++] = hb_strdup(e->d_name);
    }
    closedir(d);
    if (n)
        qsort(names, n, sizeof *names, lab_name_cmp);
    *count = n;
    return names;
}

void hb_lab_scenario_names_free(char **names, size_t count)
{
    for (size_t i = 0; i < count; i++)
        free(names[i]);
    free(names);
}

char *hb_lab_scenario_id(const char *path)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t n = strlen(base);
    if (hb_ends_with(base, ".yaml"))
        n -= strlen(".yaml");
    else if (hb_ends_with(base, ".yml"))
        n -= strlen(".yml");
    return hb_strndup(base, n);
}

/* hb_lab_catalog_add_file; the text read is kept in texts when given. */
static int add_file(emu_catalog *catalog, const char *path, hb_buf *errors, hb_lab_texts *texts)
{
    size_t len = 0;
    char *yaml = hb_read_file(path, &len);
    if (!yaml) {
        hb_buf_printf(errors, "%s:1:1: error: cannot read: %s\n", path, strerror(errno));
        return -1;
    }
    char *id = hb_lab_scenario_id(path);
    char *message = NULL;
    int rc = emu_catalog_add(catalog, id, yaml, len, path, &message);
    if (rc != 0) {
        hb_buf_puts(errors, message ? message : "emulator: the scenario was not added");
        if (!message || !hb_ends_with(message, "\n"))
            hb_buf_puts(errors, "\n");
    }
    free(message);
    free(id);
    if (texts) {
        texts->paths = hb_realloc(texts->paths, (texts->n + 1) * sizeof *texts->paths);
        texts->texts = hb_realloc(texts->texts, (texts->n + 1) * sizeof *texts->texts);
        texts->lens = hb_realloc(texts->lens, (texts->n + 1) * sizeof *texts->lens);
        texts->paths[texts->n] = hb_strdup(path);
        texts->texts[texts->n] = yaml;
        texts->lens[texts->n++] = len;
    } else {
        free(yaml);
    }
    return rc != 0 ? -1 : 0;
}

int hb_lab_catalog_add_file(emu_catalog *catalog, const char *path, hb_buf *errors)
{
    return add_file(catalog, path, errors, NULL);
}

static int add_dir(emu_catalog *catalog, const char *dir, hb_buf *errors, hb_lab_texts *texts)
{
    size_t n = 0;
    char **names = hb_lab_scenario_names(dir, &n);
    if (!names)
        return -1;
    int failed = 0;
    for (size_t i = 0; i < n; i++) {
        char *path = hb_path_join(dir, names[i]);
        if (add_file(catalog, path, errors, texts) != 0)
            failed++;
        free(path);
    }
    hb_lab_scenario_names_free(names, n);
    return failed;
}

int hb_lab_catalog_add_dir(emu_catalog *catalog, const char *dir, hb_buf *errors)
{
    return add_dir(catalog, dir, errors, NULL);
}

void hb_lab_texts_free(hb_lab_texts *texts)
{
    if (!texts)
        return;
    for (size_t i = 0; i < texts->n; i++) {
        free(texts->paths[i]);
        free(texts->texts[i]);
    }
    free(texts->paths);
    free(texts->texts);
    free(texts->lens);
    memset(texts, 0, sizeof *texts);
}

emu_catalog *hb_lab_catalog_load(const char *content_dir, char **error)
{
    return hb_lab_catalog_load_texts(content_dir, error, NULL);
}

emu_catalog *hb_lab_catalog_load_texts(const char *content_dir, char **error, hb_lab_texts *texts)
{
    emu_catalog *catalog = emu_catalog_new();
    if (!catalog) {
        *error = hb_strdup("emulator: out of memory\n");
        return NULL;
    }
    char *dir = hb_path_join(content_dir, "labs");
    hb_buf errors = {0};
    add_dir(catalog, dir, &errors, texts);
    free(dir);
    if (errors.len) {
        *error = hb_buf_take(&errors);
        emu_catalog_free(catalog);
        return NULL;
    }
    return catalog;
}
