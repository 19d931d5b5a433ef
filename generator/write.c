/* write.c: the build's write step (see write.h). */
#define _GNU_SOURCE /* renameat2 and RENAME_EXCHANGE: an atomic swap of two folders */
#include "write.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fphash.h"
#include "lab.h"
#include "page_view.h"
#include "render.h"
#include "search_index.h"
#include "url.h"

/* ---- lists of files ------------------------------------------------------------------------ */

void hb_out_files_add(hb_out_files *files, const char *key, const char *data, size_t len,
                      char *owned, uint64_t fp)
{
    files->items = hb_grow(files->items, files->n, sizeof *files->items);
    files->items[files->n++] = (hb_out_file){hb_strdup(key), data, len, owned, fp};
}

void hb_out_files_free(hb_out_files *files)
{
    for (size_t i = 0; i < files->n; i++) {
        free(files->items[i].key);
        free(files->items[i].owned);
    }
    free(files->items);
    files->items = NULL;
    files->n = 0;
}

uint64_t hb_write_content_hash(const char *data, size_t len)
{
    uint64_t h = H_INIT;
    h_u64(&h, len);
    h_bytes(&h, data, len);
    return h | 1;
}

/* ---- the site-wide files -------------------------------------------------------------------- */

static void xml_escape(hb_buf *out, const char *text)
{
    hb_buf_put_escaped(out, text, strlen(text));
}

void hb_write_alias_html(const hb_site *site, const char *alias, const hb_page *page,
                         hb_buf *html)
{
    const hb_config *config = &site->config;
    char *rel = hb_url_relative(alias, page->permalink, config->link_index_html);
    hb_buf_puts(html, "<!DOCTYPE html>\n<html lang=\"");
    xml_escape(html, config->language);
    hb_buf_puts(html, "\">\n<head>\n<meta charset=\"utf-8\">\n"
                      "<meta http-equiv=\"Content-Security-Policy\" content=\"");
    xml_escape(html, HB_CONTENT_SECURITY_POLICY);
    hb_buf_puts(html, "\">\n<title>Moved: ");
    xml_escape(html, page->title);
    hb_buf_puts(html, "</title>\n<meta name=\"robots\" content=\"noindex\">\n<link rel=\"canonical\" href=\"");
    xml_escape(html, rel);
    hb_buf_puts(html, "\">\n<meta http-equiv=\"refresh\" content=\"0; url=");
    xml_escape(html, rel);
    hb_buf_puts(html, "\">\n</head>\n<body>\n<p>This page has moved to <a href=\"");
    xml_escape(html, rel);
    hb_buf_puts(html, "\">");
    xml_escape(html, page->title);
    hb_buf_puts(html, "</a>.</p>\n</body>\n</html>\n");
    free(rel);
}

void hb_write_sitemap(const hb_site *site, hb_buf *map)
{
    const hb_config *config = &site->config;
    hb_buf_puts(map, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                     "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
    for (size_t k = 0; k < site->n_reading; k++) {
        const hb_page *page = &site->pages[site->reading_order[k]];
        hb_buf_puts(map, "  <url><loc>");
        if (config->base_url) {
            size_t len = strlen(config->base_url);
            hb_buf_add(map, config->base_url, len && config->base_url[len - 1] == '/' ? len - 1 : len);
        }
        /* A <loc> is a URL, escaped (sitemaps.org): every byte but the unreserved ones and
         * '/' is percent-encoded (a space, UTF-8), then the whole is escaped for XML. */
        hb_buf loc = {0};
        for (const unsigned char *p = (const unsigned char *)page->permalink; *p; p++) {
            if (isalnum(*p) || strchr("-._~/", *p))
                hb_buf_add(&loc, (const char *)p, 1);
            else
                hb_buf_printf(&loc, "%%%02X", *p);
        }
        char *escaped = hb_buf_take(&loc);
        xml_escape(map, escaped);
        free(escaped);
        hb_buf_puts(map, "</loc></url>\n");
    }
    hb_buf_puts(map, "</urlset>\n");
}

/* Appends buf's bytes to files under key, the list taking them. */
static void site_file(hb_out_files *files, const char *key, hb_buf *buf)
{
    size_t len = buf->len;
    char *bytes = len ? hb_buf_take(buf) : hb_strdup("");
    hb_out_files_add(files, key, bytes, len, bytes, hb_write_content_hash(bytes, len));
}

int hb_write_site_files(hb_out_files *files, const hb_site *site, hb_renderer *renderer)
{
    hb_buf key = {0}, data = {0};
    /* Aliases: a page at the old address that sends the reader on. */
    for (size_t i = 0; i < site->aliases.cap; i++) {
        if (!site->aliases.keys[i])
            continue;
        const char *alias = site->aliases.keys[i];
        hb_write_alias_html(site, alias, &site->pages[(size_t)site->aliases.values[i] - 1], &data);
        key.len = 0;
        hb_buf_printf(&key, "%sindex.html", alias);
        site_file(files, key.data, &data);
    }
    hb_write_sitemap(site, &data);
    site_file(files, "/sitemap.xml", &data);
    /* The whole navigation tree, for the sidebar of readers with JavaScript. */
    hb_view_tree_js(site->nav, site, &data);
    site_file(files, "/" HB_VIEW_TREE_FILE, &data);
    hb_buf_free(&key);
    hb_buf_free(&data);
    if (!renderer)
        return 0;
    char *not_found = hb_render_not_found(renderer);
    if (!not_found)
        return -1;
    size_t len = strlen(not_found);
    hb_out_files_add(files, "/404.html", not_found, len, not_found,
                     hb_write_content_hash(not_found, len));
    return 0;
}

/* ---- writing files -------------------------------------------------------------------------- */

int hb_write_new(const char *out_dir, const char *key, const char *data, size_t len)
{
    char *path = hb_strfmt("%s%s", out_dir, key);
    int rc = hb_write_file(path, data, len);
    int saved = errno;
    free(path);
    errno = saved;
    return rc;
}

/* Writes data to out_dir + key by a temporary file in the same folder renamed over the old
 * one: a reader sees the old file or the new one, never a part. Returns 0 or -1 (errno). */
static int write_atomic(const char *out_dir, const char *key, const char *data, size_t len)
{
    char *path = hb_strfmt("%s%s", out_dir, key);
    char *slash = strrchr(path, '/');
    char *tmp = hb_strfmt("%.*s/.%s.tmp.%ld", (int)(slash - path), path, slash + 1,
                          (long)getpid());
    int rc = hb_write_file(tmp, data, len);
    if (rc == 0 && rename(tmp, path) != 0) {
        int saved = errno;
        unlink(tmp);
        errno = saved;
        rc = -1;
    }
    free(tmp);
    free(path);
    return rc;
}

/* The writer threads' shared state (hb_write_all). */
#define WRITE_THREADS 2

typedef struct write_writer {
    const char *out_dir;
    const hb_out_file *files;
    size_t n;
    int atomic;
    int *errnos;         /* per file: 0, or the errno of its failed write */
    atomic_size_t next;
} write_writer;

static void *writer_run(void *arg)
{
    write_writer *w = arg;
    for (;;) {
        size_t i = atomic_fetch_add(&w->next, 1);
        if (i >= w->n)
            break;
        const hb_out_file *f = &w->files[i];
        int rc = w->atomic ? write_atomic(w->out_dir, f->key, f->data, f->len)
                           : hb_write_new(w->out_dir, f->key, f->data, f->len);
        w->errnos[i] = rc == 0 ? 0 : errno ? errno : EIO;
    }
    return NULL;
}

void hb_write_all(const char *out_dir, const hb_out_files *files, int atomic, int *errnos)
{
    write_writer w = {out_dir, files->items, files->n, atomic, errnos, 0};
    pthread_t threads[WRITE_THREADS];
    size_t started = 0;
    if (files->n > 4)
        for (; started < WRITE_THREADS; started++)
            if (pthread_create(&threads[started], NULL, writer_run, &w) != 0)
                break;
    writer_run(&w); /* this thread helps, and does it all when none started */
    for (size_t t = 0; t < started; t++)
        pthread_join(threads[t], NULL);
}

int hb_write_delete(const char *out_dir, const char *key)
{
    char *path = hb_strfmt("%s%s", out_dir, key);
    int rc = unlink(path) == 0 || errno == ENOENT ? 0 : -1;
    size_t top = strlen(out_dir);
    char *slash;
    while (rc == 0 && (slash = strrchr(path, '/')) && (size_t)(slash - path) > top) {
        *slash = '\0';
        if (rmdir(path) != 0)
            break; /* not empty (other pages, assets) or already gone */
    }
    free(path);
    return rc;
}

/* ---- assets, the swap, leftovers ------------------------------------------------------------ */

/* Copies src to dst (both owned, freed here); 1 when it failed (reported), else 0. */
static int copy_reported(hb_site *site, char *src, char *dst)
{
    int failed = hb_copy_file(src, dst) != 0;
    if (failed)
        hb_error(site->diag, src, 0, 0, "cannot copy: %s", strerror(errno));
    free(src);
    free(dst);
    return failed;
}

int hb_write_copy_assets(hb_site *site, const char *dir)
{
    int failures = 0;
    /* Template assets, the lab console's files and the content's own files. */
    char *assets = hb_path_join(site->options->templates_dir, "assets");
    for (size_t i = 0; i < site->n_template_assets; i++)
        failures += copy_reported(site, hb_path_join(assets, site->template_assets[i]),
                                  hb_strfmt("%s/assets/%s", dir, site->template_assets[i]));
    free(assets);
    failures += hb_lab_write_assets(site, dir);
    for (size_t i = 0; i < site->n_asset_files; i++)
        failures += copy_reported(site, hb_path_join(site->options->content_dir, site->asset_files[i]),
                                  hb_strfmt("%s/%s", dir, site->asset_files[i]));
    return failures;
}

/* Removes what killed builds and servers left beside out_dir (see write.h). */
void hb_write_clean_stale(const char *out_dir)
{
    const char *slash = strrchr(out_dir, '/');
    char *parent = slash ? hb_strndup(out_dir, (size_t)(slash - out_dir)) : hb_strdup(".");
    const char *base = slash ? slash + 1 : out_dir;
    size_t base_len = strlen(base);
    DIR *d = opendir(parent[0] ? parent : "/");
    struct dirent *e;
    static const char *const kinds[] = {".tmp.", ".tmp-old.", ".pagefind."};
    while (d && (e = readdir(d))) {
        if (strncmp(e->d_name, base, base_len) != 0)
            continue;
        for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
            const char *rest = e->d_name + base_len;
            size_t kind_len = strlen(kinds[k]);
            if (strncmp(rest, kinds[k], kind_len) != 0)
                continue;
            char *end;
            long pid = strtol(rest + kind_len, &end, 10);
            if (*end || end == rest + kind_len || pid <= 0 || pid == (long)getpid())
                continue;
            if (kill((pid_t)pid, 0) == 0 || errno != ESRCH)
                continue; /* alive (or not ours to test): leave it */
            char *path = hb_strfmt("%s/%s", parent, e->d_name);
            hb_rm_rf(path);
            free(path);
        }
    }
    if (d)
        closedir(d);
    free(parent);
}

int hb_write_swap(const char *tmp_dir, const char *out_dir, int carry_index)
{
    struct stat st;
    if (lstat(out_dir, &st) != 0) {
        if (errno != ENOENT)
            return -1;
        return rename(tmp_dir, out_dir);
    }
    if (!S_ISDIR(st.st_mode)) {
        errno = ENOTDIR;
        return -1;
    }
#ifdef RENAME_EXCHANGE
    if (renameat2(AT_FDCWD, tmp_dir, AT_FDCWD, out_dir, RENAME_EXCHANGE) == 0) {
        if (carry_index)
            hb_search_index_move(tmp_dir, out_dir);
        return hb_rm_rf(tmp_dir); /* tmp_dir now holds the previous site */
    }
#endif
    char *old = hb_strfmt("%s.tmp-old.%ld", out_dir, (long)getpid());
    hb_rm_rf(old);
    int rc = rename(out_dir, old);
    if (rc == 0)
        rc = rename(tmp_dir, out_dir);
    if (rc == 0 && carry_index)
        hb_search_index_move(old, out_dir);
    if (rc == 0)
        hb_rm_rf(old);
    free(old);
    return rc;
}

