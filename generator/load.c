/* load.c: the first two steps of a build for one page, reading the file (UTF-8 and non-empty
 * checked), splitting and reading its front matter, and parsing its Markdown with cmark-gfm;
 * plus finding every page and file under content/. */
#define _GNU_SOURCE /* dlsym(RTLD_NEXT) */
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmark-gfm-core-extensions.h>

#include "load.h"
#include "url.h"

static void load_add_page(hb_site *site, const char *rel)
{
    site->pages = hb_realloc(site->pages, (site->n_pages + 1) * sizeof *site->pages);
    hb_page *page = &site->pages[site->n_pages++];
    memset(page, 0, sizeof *page);
    page->rel_path = hb_strdup(rel);
    page->path = hb_path_join(site->options->content_dir, rel);
    page->permalink = hb_permalink_from_path(rel);
    const char *slash = strrchr(rel, '/');
    page->dir = slash ? hb_strndup(rel, (size_t)(slash - rel)) : hb_strdup("");
    const char *base = slash ? slash + 1 : rel;
    /* A folder's index page: index.md, or _index.md as Hugo names a section's (a folder with
     * both is an error, see hb_load_discover). */
    page->is_index = !strcmp(base, "index.md") || !strcmp(base, "_index.md");
    page->group = -1;
    page->reading_index = -1;
}

/* A folder on the path being walked, to stop at a symbolic link that leads back up. */
typedef struct load_dir {
    dev_t dev;
    ino_t ino;
    const struct load_dir *parent;
    const char *out_real; /* the output folder's absolute path, or NULL (see out_folder) */
    const char *root_real; /* the content folder's absolute path: no link may lead out of it */
} load_dir;

/* 1 when folder `full` is the output folder or one of the build's temporary folders beside it
 * ("OUT.tmp.PID", "OUT.tmp-old.PID"): with --out inside --content, the site written last
 * time must not become content (a second build copied it into OUT/OUT, and under serve every
 * write changed the content). */
static int out_folder(const char *full, const char *out_real)
{
    if (!out_real)
        return 0;
    char *real = realpath(full, NULL);
    if (!real)
        return 0;
    size_t len = strlen(out_real);
    int is_out = !strncmp(real, out_real, len) &&
                 (real[len] == '\0' || !strncmp(real + len, ".tmp.", 5) ||
                  !strncmp(real + len, ".tmp-old.", 9));
    free(real);
    return is_out;
}

int hb_load_link_outside(hb_site *site, const char *full, const char *root_real,
                         const char *what)
{
    struct stat st;
    if (lstat(full, &st) != 0 || !S_ISLNK(st.st_mode) ||
        hb_path_resolves_inside(full, root_real, NULL) != 0)
        return 0;
    char written[4096];
    ssize_t n = readlink(full, written, sizeof written - 1);
    written[n > 0 ? n : 0] = '\0';
    hb_error(site->diag, full, 1, 1,
             "symbolic link to '%s' leads outside the %s folder: a build reads only what lies "
             "inside it (copy the file in instead)",
             written, what);
    return 1;
}

/* 1 (after reporting it) when folder full (st: its stat) is one of the folders above it, up:
 * a symbolic link cycle, which a walk would follow without end. */
static int load_loop(hb_site *site, const char *full, const struct stat *st, const load_dir *up)
{
    const load_dir *a = up;
    while (a && !(a->dev == st->st_dev && a->ino == st->st_ino))
        a = a->parent;
    if (a)
        hb_error(site->diag, full, 1, 1,
                 "folder loop: this symbolic link leads back to a folder it is in");
    return a != NULL;
}

/* A folder entry: its name and readdir's d_type (DT_UNKNOWN when the file system does not
 * say). */
typedef struct load_entry {
    char *name;
    unsigned char type;
} load_entry;

static int entry_compare(const void *a, const void *b)
{
    return strcmp(((const load_entry *)a)->name, ((const load_entry *)b)->name);
}

/* The entries of folder dir but scratch files, sorted by name (NULL when it cannot be read);
 * *n receives their number. The caller frees each name and the array. */
static load_entry *load_names(const char *dir, size_t *n)
{
    *n = 0;
    DIR *d = opendir(dir);
    if (!d)
        return NULL;
    load_entry *names = hb_malloc(sizeof *names);
    struct dirent *entry;
    while ((entry = readdir(d))) {
        if (hb_scratch_file_name(entry->d_name))
            continue; /* hidden, or an editor's backup: serve's watcher ignores these too */
        names = hb_realloc(names, (*n + 1) * sizeof *names);
        names[(*n)++] = (load_entry){hb_strdup(entry->d_name), entry->d_type};
    }
    closedir(d);
    if (*n) /* an empty folder: qsort must not be given 0 names */
        qsort(names, *n, sizeof *names, entry_compare);
    return names;
}

/* path with every byte that would break a one-line message or a terminal (control
 * characters, bytes that are not UTF-8) written as \xNN: for reporting an odd file name.
 * Malloc'd. */
static char *load_printable(const char *path)
{
    hb_buf out = {0};
    for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
        if (*p < 0x20 || *p == 0x7f || *p >= 0x80)
            hb_buf_printf(&out, "\\x%02x", *p);
        else
            hb_buf_add(&out, (const char *)p, 1);
    }
    return hb_buf_take(&out);
}

/* 1 (after reporting it) when a file or folder name under content/ cannot become a working
 * URL as written: '#' and '?' end a URL's path, '%' starts an escape ("%2e%2e" is ".."), '\'
 * is a '/' to browsers, control characters break links, the sitemap and messages, and a name
 * that is not UTF-8 has no URL. Such names used to give broken links that passed the link
 * check and an invalid sitemap.xml. */
static int load_odd_name(hb_site *site, const char *full, const char *name)
{
    const char *why = NULL;
    for (const unsigned char *p = (const unsigned char *)name; *p && !why; p++) {
        if (*p < 0x20 || *p == 0x7f)
            why = "a control character (a newline, a tab ...)";
        else if (*p == '#' || *p == '?' || *p == '%' || *p == '\\')
            why = *p == '#' ? "'#', which ends a URL's path" : *p == '?' ? "'?', which ends a URL's path"
                : *p == '%' ? "'%', which starts an escape in a URL (%2e%2e is ..)"
                            : "'\\', which browsers read as '/'";
    }
    if (!why && !hb_utf8_valid(name, strlen(name), NULL, NULL))
        why = "bytes that are not UTF-8";
    if (!why)
        return 0;
    char *shown = load_printable(full);
    hb_error(site->diag, shown, 1, 1, "the file name has %s: it cannot be part of the site's "
                                      "addresses as written (rename it)", why);
    free(shown);
    return 1;
}

/* Walks dir (rel: its path under content/, "" at the top; up: the folders above it) in name
 * order. A folder that is one of its own ancestors (a symbolic link cycle) is an error. */
static int load_walk(hb_site *site, const char *dir, const char *rel, const load_dir *up)
{
    size_t n;
    load_entry *entries = load_names(dir, &n);
    if (!entries)
        return -1;
    int rc = 0;
    for (size_t i = 0; i < n; i++) {
        const char *name = entries[i].name;
        char *full = hb_path_join(dir, name);
        char *child_rel = rel[0] ? hb_strfmt("%s/%s", rel, name) : hb_strdup(name);
        struct stat st;
        /* readdir's type says what an lstat would: a regular file or a folder is no symbolic
         * link, and a regular file needs no stat at all (10,000 pages: 20,000 system calls
         * fewer per build and per rebuild under serve). Other types, or none, take both. */
        unsigned char type = entries[i].type;
        if (type == DT_REG)
            st.st_mode = S_IFREG;
        if (load_odd_name(site, full, name) ||
            (type != DT_REG && type != DT_DIR &&
             hb_load_link_outside(site, full, up->root_real, "content"))) {
            /* reported */
        } else if (type != DT_REG && stat(full, &st) != 0) {
            /* A dangling symlink: skip it. */
        } else if (S_ISDIR(st.st_mode) && out_folder(full, up->out_real)) {
            /* the site itself, not content */
        } else if (S_ISDIR(st.st_mode)) {
            if (!load_loop(site, full, &st, up)) {
                load_dir here = {st.st_dev, st.st_ino, up, up->out_real, up->root_real};
                if (load_walk(site, full, child_rel, &here) != 0)
                    rc = -1;
            }
        } else if (S_ISREG(st.st_mode)) {
            if (!strcmp(name, "README.md") || (!rel[0] && !strcmp(name, "site.yaml"))) {
                /* Author documentation and site settings: not part of the output. */
            } else if (hb_ends_with(name, ".md")) {
                load_add_page(site, child_rel);
            } else if (!strcmp(rel, "labs") && hb_ends_with(name, ".yaml")) {
                /* A lab scenario: known (a page's labs: names it), not copied; the site carries
                 * the scenarios once, converted, in emu/labs.json (lab_assets.c) */
                hb_map_put(&site->files, child_rel, (void *)1);
            } else {
                hb_map_put(&site->files, child_rel, (void *)1);
                site->asset_files = hb_realloc(site->asset_files,
                                               (site->n_asset_files + 1) * sizeof(char *));
                site->asset_files[site->n_asset_files++] = hb_strdup(child_rel);
            }
        }
        free(child_rel);
        free(full);
        free(entries[i].name);
    }
    free(entries);
    return rc;
}

/* The folder dir (len bytes) in site->folders, added with the folders above it when new;
 * returns its index. by_dir: dir -> index + 1. */
static int load_folder(hb_site *site, hb_map *by_dir, const char *dir, size_t len)
{
    char *key = hb_strndup(dir, len);
    size_t at = (size_t)hb_map_get(by_dir, key);
    if (at) {
        free(key);
        return (int)at - 1;
    }
    int parent = -1;
    if (len) {
        size_t up = len;
        while (up > 0 && dir[up - 1] != '/')
            up--;
        parent = load_folder(site, by_dir, dir, up ? up - 1 : 0);
    }
    site->folders = hb_grow(site->folders, site->n_folders, sizeof *site->folders);
    int id = (int)site->n_folders++;
    site->folders[id] = (hb_folder){key, parent, hb_site_folder_index(site, dir, len)};
    hb_map_put(by_dir, key, (void *)(size_t)(id + 1));
    return id;
}

int hb_load_discover(hb_site *site)
{
    struct stat st;
    if (stat(site->options->content_dir, &st) != 0)
        return -1;
    /* The output folder's absolute path: its own when it exists, else its parent's + name. */
    const char *out = site->options->out_dir;
    char *out_real = out ? realpath(out, NULL) : NULL;
    if (out && !out_real) {
        char *slash = strrchr(out, '/');
        char *parent = slash ? hb_strndup(out, (size_t)(slash - out)) : hb_strdup(".");
        char *parent_real = realpath(parent[0] ? parent : "/", NULL);
        if (parent_real)
            out_real = hb_strfmt("%s/%s", strcmp(parent_real, "/") ? parent_real : "",
                                 slash ? slash + 1 : out);
        free(parent_real);
        free(parent);
    }
    char *root_real = realpath(site->options->content_dir, NULL);
    if (!root_real) {
        free(out_real);
        return -1;
    }
    load_dir top = {st.st_dev, st.st_ino, NULL, out_real, root_real};
    int walked = load_walk(site, site->options->content_dir, "", &top);
    free(root_real);
    free(out_real);
    if (walked != 0)
        return -1;
    for (size_t i = 0; i < site->n_pages; i++) {
        hb_page *page = &site->pages[i];
        hb_map_put(&site->by_rel_path, page->rel_path, (void *)(i + 1));
        size_t other = (size_t)hb_map_get(&site->by_permalink, page->permalink);
        size_t index_before = page->is_index ? (size_t)hb_map_get(&site->dir_index, page->dir) : 0;
        if (index_before) {
            /* Hugo's _index.md and our index.md both name the folder's own page. */
            hb_error(site->diag, page->path, 1, 1,
                     "two index pages in one folder: %s is one too; keep index.md or _index.md",
                     site->pages[index_before - 1].path);
        } else if (other) {
            hb_error(site->diag, page->path, 1, 1,
                     "duplicate permalink %s: %s has the same address", page->permalink,
                     site->pages[other - 1].path);
        } else {
            hb_map_put(&site->by_permalink, page->permalink, (void *)(i + 1));
        }
        if (page->is_index && !index_before)
            hb_map_put(&site->dir_index, page->dir, (void *)(i + 1));
    }
    /* The folder tree, once every folder's index page is known. */
    hb_map by_dir = {0};
    site->page_folder = hb_malloc((site->n_pages ? site->n_pages : 1) * sizeof(int));
    load_folder(site, &by_dir, "", 0);
    for (size_t i = 0; i < site->n_pages; i++)
        site->page_folder[i] = load_folder(site, &by_dir, site->pages[i].dir,
                                           strlen(site->pages[i].dir));
    site->n_page_folder = site->n_pages;
    hb_map_free(&by_dir);
    return 0;
}

/* Walks templates/assets/ below dir (rel: the path under it) for hb_load_template_assets. */
static void load_walk_assets(hb_site *site, const char *dir, const char *rel, const load_dir *up)
{
    size_t n;
    load_entry *names = load_names(dir, &n);
    if (!names) {
        hb_error(site->diag, dir, 0, 0, "cannot read: %s", strerror(errno));
        return;
    }
    for (size_t i = 0; i < n; i++) {
        char *full = hb_path_join(dir, names[i].name);
        char *child_rel = rel[0] ? hb_strfmt("%s/%s", rel, names[i].name) : hb_strdup(names[i].name);
        struct stat st;
        if (hb_load_link_outside(site, full, up->root_real, "templates") || stat(full, &st) != 0) {
            /* reported, or a dangling link */
        } else if (S_ISDIR(st.st_mode)) {
            if (!load_loop(site, full, &st, up)) {
                load_dir here = {st.st_dev, st.st_ino, up, NULL, up->root_real};
                load_walk_assets(site, full, child_rel, &here);
            }
        } else if (S_ISREG(st.st_mode)) {
            site->template_assets = hb_realloc(
                site->template_assets, (site->n_template_assets + 1) * sizeof(char *));
            site->template_assets[site->n_template_assets++] = hb_strdup(child_rel);
        }
        free(child_rel);
        free(full);
        free(names[i].name);
    }
    free(names);
}

void hb_load_template_assets(hb_site *site)
{
    char *assets = hb_path_join(site->options->templates_dir, "assets");
    char *root_real = realpath(site->options->templates_dir, NULL);
    struct stat st;
    if (root_real && stat(assets, &st) == 0 && S_ISDIR(st.st_mode) &&
        !hb_load_link_outside(site, assets, root_real, "templates")) {
        load_dir top = {st.st_dev, st.st_ino, NULL, NULL, root_real};
        load_walk_assets(site, assets, "", &top);
    }
    free(root_real);
    free(assets);
}

/* The options of every parse: GFM's defaults and footnotes. */
#define LOAD_OPTIONS (CMARK_OPT_DEFAULT | CMARK_OPT_FOOTNOTES)

static const char *const load_extension_names[] = {"table", "autolink", "strikethrough",
                                                   "tagfilter", "tasklist"};

static cmark_parser *load_parser_attach(cmark_parser *parser)
{
    size_t n = sizeof load_extension_names / sizeof load_extension_names[0];
    for (size_t i = 0; i < n; i++) {
        cmark_syntax_extension *ext = cmark_find_syntax_extension(load_extension_names[i]);
        if (ext)
            cmark_parser_attach_syntax_extension(parser, ext);
    }
    return parser;
}

/* cmark-gfm's inline parser reads one process-wide table of special characters. In cmark-gfm
 * 0.29 every parse adds its extensions' characters to it (':' and 'w' for autolinks, '~' for
 * strikethrough) just before its inline parsing and clears them just after: cmark_parser_finish
 * calls cmark_manage_extensions_special_characters(parser, 1), then (parser, 0), and nothing
 * else in the library writes the table. With parses on several workers, one parse's clearing
 * switched autolinks off in another one still running, and the same page came out with or
 * without its links from one build to the next.
 *
 * Every parser here has the same extensions, so the table can hold their characters for good:
 * they are added once, before the first parse, and the library's own calls are then made to do
 * nothing. The library calls that function through its procedure linkage table (an exported
 * symbol; Debian's build is not -Bsymbolic), so the definition below, in the executable, is the
 * one it runs; the library's own is reached with dlsym(RTLD_NEXT). The extensions keep their
 * lists of characters (the inline parser finds a delimiter's extension by them). Whether the
 * library really calls this definition is checked once with a test parse; if it does not (a
 * library built otherwise), parses run one at a time under a lock, as the table then still
 * changes during them. Every parser of the process must come from hb_load_parser_new (with
 * other extensions a parser would see these characters as special too). */
static atomic_int load_manage_calls; /* calls of the definition below, for the check */
static int load_parse_serial;        /* 1: the check failed, parses take load_parse_lock */
static pthread_mutex_t load_parse_lock = PTHREAD_MUTEX_INITIALIZER;

void cmark_manage_extensions_special_characters(cmark_parser *parser, int add)
{
    (void)parser;
    (void)add;
    atomic_fetch_add(&load_manage_calls, 1);
}

static void load_arena_free(void *arg);
static void load_oom(void);
static pthread_key_t load_arena_key; /* its destructor frees a thread's arena when it ends */
static int load_arena_off; /* 1: HB_CMARK_MALLOC is set (for comparisons), plain malloc */

static void load_extensions_init(void)
{
    cmark_gfm_core_extensions_ensure_registered();
    if (pthread_key_create(&load_arena_key, load_arena_free) != 0)
        load_oom();
    load_arena_off = getenv("HB_CMARK_MALLOC") != NULL;
    void (*manage)(cmark_parser *, int);
    *(void **)&manage = dlsym(RTLD_NEXT, "cmark_manage_extensions_special_characters");
    cmark_parser *parser = load_parser_attach(cmark_parser_new(CMARK_OPT_DEFAULT));
    if (manage)
        manage(parser, 1);
    cmark_parser_feed(parser, "a", 1);
    cmark_node_free(cmark_parser_finish(parser));
    cmark_parser_free(parser);
    load_parse_serial = !manage || atomic_load(&load_manage_calls) == 0;
}

/* The registration (a global list guarded by a plain flag) and the table above, once. */
static pthread_once_t load_extensions_once = PTHREAD_ONCE_INIT;

/* ---- one arena per worker thread for cmark-gfm's allocations -------------------------------
 *
 * A page's tree is hundreds of thousands of small allocations (nodes, text buffers grown by
 * realloc) freed one by one when the page is done: a fifth of a build's instructions went to
 * malloc and free. Parses here draw from a bump allocator of the calling thread instead, and a
 * tree's free is a no-op; once every tree the thread parsed is released (hb_load_release), the
 * whole arena is rewound at once. cmark_node_free frees a whole tree with the allocator of its
 * root, so the nodes the passes add to a tree come from the same arena (hb_load_node_mem).
 * The arena's blocks are kept for the next page (up to LOAD_ARENA_KEEP bytes) and freed when
 * the thread ends. Under AddressSanitizer, rewound memory is poisoned, so a read of a released tree is
 * still reported. */
#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#define LOAD_POISON(p, n) ASAN_POISON_MEMORY_REGION(p, n)
#define LOAD_UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION(p, n)
#else
#define LOAD_POISON(p, n) ((void)(p), (void)(n))
#define LOAD_UNPOISON(p, n) ((void)(p), (void)(n))
#endif

#define LOAD_ALIGN 16                     /* bytes: every allocation starts at this alignment */
#define LOAD_HEADER LOAD_ALIGN            /* before each allocation: its size (a size_t) */
#define LOAD_BLOCK_MIN ((size_t)64 << 10) /* bytes of the first block */
#define LOAD_BLOCK_MAX ((size_t)1 << 20)  /* bytes: blocks double up to this (or what one
                                             allocation needs) */
#define LOAD_ARENA_KEEP ((size_t)8 << 20) /* bytes of blocks kept across pages */

static void load_oom(void)
{
    fputs("handbook: out of memory\n", stderr);
    abort();
}

typedef struct load_block {
    struct load_block *next;
    size_t size; /* bytes in data */
    size_t used; /* bytes handed out, a multiple of LOAD_ALIGN */
    unsigned char *data;
} load_block;

typedef struct load_arena {
    load_block *first;  /* the chain, filled in order */
    load_block *cur;    /* the block being filled */
    unsigned char *last; /* the last allocation, which realloc may grow in place */
    size_t live;        /* trees parsed in the arena and not yet released */
} load_arena;

static _Thread_local load_arena *load_arena_mine;

static void load_arena_free(void *arg)
{
    load_arena *a = arg;
    for (load_block *b = a ? a->first : NULL, *next; b; b = next) {
        next = b->next;
        LOAD_UNPOISON(b->data, b->size);
        free(b->data);
        free(b);
    }
    free(a);
}

static load_block *load_block_new(size_t size)
{
    load_block *b = hb_calloc(1, sizeof *b);
    b->data = aligned_alloc(LOAD_ALIGN, size);
    if (!b->data)
        load_oom();
    b->size = size;
    LOAD_POISON(b->data, size);
    return b;
}

static load_arena *load_arena_get(void)
{
    if (!load_arena_mine) {
        load_arena_mine = hb_calloc(1, sizeof *load_arena_mine);
        load_arena_mine->first = load_arena_mine->cur = load_block_new(LOAD_BLOCK_MIN);
        pthread_setspecific(load_arena_key, load_arena_mine);
    }
    return load_arena_mine;
}

static size_t load_size_of(const void *ptr)
{
    size_t size;
    memcpy(&size, (const unsigned char *)ptr - LOAD_HEADER, sizeof size);
    return size;
}

static void *load_alloc(size_t size)
{
    if (size > SIZE_MAX / 2)
        load_oom();
    load_arena *a = load_arena_get();
    size_t need = LOAD_HEADER + ((size + LOAD_ALIGN - 1) & ~(size_t)(LOAD_ALIGN - 1));
    load_block *b = a->cur;
    while (b->size - b->used < need) {
        if (!b->next) {
            size_t grow = b->size * 2 < LOAD_BLOCK_MAX ? b->size * 2 : LOAD_BLOCK_MAX;
            b->next = load_block_new(need > grow ? need : grow);
        }
        b = b->next;
    }
    a->cur = b;
    unsigned char *p = b->data + b->used + LOAD_HEADER;
    LOAD_UNPOISON(p - LOAD_HEADER, need);
    memcpy(p - LOAD_HEADER, &size, sizeof size);
    b->used += need;
    a->last = p;
    return p;
}

static void *load_calloc(size_t count, size_t size)
{
    if (size && count > SIZE_MAX / 2 / size)
        load_oom();
    void *p = load_alloc(count * size);
    memset(p, 0, count * size);
    return p;
}

static void *load_realloc(void *ptr, size_t size)
{
    if (!ptr)
        return load_alloc(size);
    size_t old = load_size_of(ptr);
    if (size <= old)
        return ptr;
    load_arena *a = load_arena_get();
    load_block *b = a->cur;
    unsigned char *p = ptr;
    if (p == a->last && size <= SIZE_MAX / 2) {
        /* The last allocation grows in place when its block has room. */
        size_t had = (old + LOAD_ALIGN - 1) & ~(size_t)(LOAD_ALIGN - 1);
        size_t want = (size + LOAD_ALIGN - 1) & ~(size_t)(LOAD_ALIGN - 1);
        size_t end = (size_t)(p - b->data) + had;
        if (end == b->used && b->size - b->used >= want - had) {
            LOAD_UNPOISON(p + had, want - had);
            b->used += want - had;
            memcpy(p - LOAD_HEADER, &size, sizeof size);
            return p;
        }
    }
    void *q = load_alloc(size);
    memcpy(q, ptr, old);
    return q;
}

static void load_free(void *ptr)
{
    (void)ptr; /* everything goes at once, in hb_load_release */
}

static cmark_mem load_arena_mem = {load_calloc, load_realloc, load_free};

/* Rewinds the thread's arena: every tree parsed in it is gone. Keeps LOAD_ARENA_KEEP bytes. */
static void load_arena_rewind(load_arena *a)
{
    size_t kept = 0;
    load_block **link = &a->first;
    while (*link) {
        load_block *b = *link;
        if (kept + b->size > LOAD_ARENA_KEEP && b != a->first) {
            *link = b->next;
            LOAD_UNPOISON(b->data, b->size);
            free(b->data);
            free(b);
            continue;
        }
        kept += b->size;
        LOAD_POISON(b->data, b->size);
        b->used = 0;
        link = &b->next;
    }
    a->cur = a->first;
    a->last = NULL;
}

cmark_parser *hb_load_parser_new(void)
{
    pthread_once(&load_extensions_once, load_extensions_init);
    return load_parser_attach(cmark_parser_new(LOAD_OPTIONS));
}

cmark_node *hb_load_parse(cmark_parser *parser, const char *body, size_t body_len)
{
    cmark_parser *arena_parser = NULL;
    if (!load_arena_off) {
        load_arena_get()->live++;
        parser = arena_parser = load_parser_attach(cmark_parser_new_with_mem(LOAD_OPTIONS,
                                                                             &load_arena_mem));
    }
    if (load_parse_serial)
        pthread_mutex_lock(&load_parse_lock);
    cmark_parser_feed(parser, body, body_len);
    cmark_node *root = cmark_parser_finish(parser);
    if (load_parse_serial)
        pthread_mutex_unlock(&load_parse_lock);
    if (arena_parser)
        cmark_parser_free(arena_parser);
    return root;
}

int hb_load_in_arena(cmark_node *root)
{
    const unsigned char *p = (const unsigned char *)root;
    for (load_block *b = load_arena_mine && p ? load_arena_mine->first : NULL; b; b = b->next)
        if (p >= b->data && p < b->data + b->used)
            return 1;
    return 0;
}

cmark_mem *hb_load_node_mem(void)
{
    return load_arena_mine && load_arena_mine->live ? &load_arena_mem
                                                     : cmark_get_default_mem_allocator();
}

void hb_load_release(void)
{
    load_arena *a = load_arena_mine;
    if (a && a->live && --a->live == 0)
        load_arena_rewind(a);
}

/* Reports a page over HB_PAGE_MAX_BYTES. */
static void load_too_big(hb_site *site, const hb_page *page, unsigned long long bytes)
{
    hb_error(site->diag, page->path, 1, 1,
             "the page is %llu bytes, over the limit of %d MiB a page may have: split it into "
             "several pages",
             bytes, HB_PAGE_MAX_BYTES >> 20);
}

char *hb_load_page(hb_site *site, hb_page *page, int with_front_matter, size_t *body_len)
{
    size_t len = 0;
    struct stat st;
    if (with_front_matter && stat(page->path, &st) == 0 && st.st_size > HB_PAGE_MAX_BYTES) {
        load_too_big(site, page, (unsigned long long)st.st_size);
        return NULL; /* not read at all: a 100 MB page took 45 s and 3.96 GB */
    }
    char *text = hb_read_file(page->path, &len);
    if (!text) {
        if (with_front_matter)
            hb_error(site->diag, page->path, 1, 1, "cannot read: %s", strerror(errno));
        return NULL;
    }
    if (len > HB_PAGE_MAX_BYTES) { /* it grew after the stat */
        free(text);
        if (with_front_matter)
            load_too_big(site, page, len);
        errno = EFBIG;
        return NULL;
    }
    if (!with_front_matter) {
        /* Render phase: the checks already passed in the scan phase, unless the file changed
         * since (an editor saving during a `serve` rebuild). */
        if (page->body_offset > len) {
            free(text);
            errno = EAGAIN;
            return NULL;
        }
        *body_len = len - page->body_offset;
        memmove(text, text + page->body_offset, *body_len + 1);
        return text;
    }
    return hb_load_page_text(site, page, text, len, body_len);
}

char *hb_load_page_text(hb_site *site, hb_page *page, char *text, size_t len, size_t *body_len)
{
    int line, col;
    if (!hb_utf8_valid(text, len, &line, &col)) {
        hb_error(site->diag, page->path, line, col,
                 "file is not valid UTF-8 (save it as UTF-8)");
        free(text);
        return NULL;
    }
    size_t k = 0;
    while (k < len && (text[k] == ' ' || text[k] == '\t' || text[k] == '\n' || text[k] == '\r'))
        k++;
    if (k == len) {
        hb_error(site->diag, page->path, 1, 1,
                 "file is empty: a page needs front matter with a title, then its text");
        free(text);
        return NULL;
    }
    /* A UTF-8 byte order mark (what some Windows editors write first) is not content. */
    size_t bom = len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3) ? 3 : 0;
    size_t yaml_start, yaml_len;
    int split = hb_front_matter_split(text + bom, len - bom, &yaml_start, &yaml_len,
                                      &page->body_offset, &page->body_line);
    yaml_start += bom;
    page->body_offset += bom;
    if (split == 0 && len - bom >= 3 && !memcmp(text + bom, "+++", 3)) {
        /* Hugo also reads TOML between '+++' lines; the handbook reads YAML only. */
        hb_error(site->diag, page->path, 1, 1,
                 "TOML front matter ('+++') is not read here: write it as YAML between '---' "
                 "lines (title: \"...\", weight: 10)");
        free(text);
        return NULL;
    }
    if (split == 0) {
        hb_error(site->diag, page->path, 1, 1,
                 "no front matter: a page begins with a '---' line, 'title: ...', and '---'");
        free(text);
        return NULL;
    }
    if (split < 0) {
        hb_error(site->diag, page->path, 1, 1,
                 "front matter is not closed: add a '---' line after it");
        free(text);
        return NULL;
    }
    if (hb_front_matter_parse(page, text + yaml_start, yaml_len, 2, site->diag) != 0) {
        free(text);
        return NULL;
    }
    *body_len = len - page->body_offset;
    memmove(text, text + page->body_offset, *body_len + 1);
    return text;
}
