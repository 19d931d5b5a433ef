/* incremental.c: serve's incremental rebuilds (see incremental.h).
 *
 * Design. The output must always be byte-identical to `handbook build` from scratch, so the
 * state is used only where it provably gives the same bytes, and any doubt means more work:
 *
 * - Inputs other than pages (templates, site.yaml, assets, lab scenarios, the lab console's
 *   files, the options) are fingerprinted by their stat identity before each build. When that
 *   fingerprint differs from the one of the site on disk, or the state does not know what is
 *   on disk (first build, a failed write, an output folder removed or replaced), the build is
 *   a full one, exactly as without state (temporary folder, swap), and it seeds the state.
 * - Scan cache: every page's scan results (front matter, ids, links, symptom rows) are kept
 *   with its file's identity (device, inode, size, mtime ns, ctime ns) taken before it was
 *   read. A page is scanned again when its identity changed, when it had a diagnostic of its
 *   own (so errors and warnings repeat), when its mtime was within RACY_NS of the time it was
 *   recorded (a second write in the same clock tick would keep the identity; git calls these
 *   "racily clean"), or when other inputs changed since. Added and removed pages come from
 *   discovery, which runs every time.
 * - Link graph: rebuilt from every page (hb_graph_build, about 130 ms at 10,000 pages here),
 *   unless the page set and other inputs are unchanged, the last build succeeded, and every
 *   page scanned again kept its title, front matter, ids, links and symptom rows (a text
 *   edit): the graph is a function of exactly those, so the last build's graph is kept
 *   (hb_incr_reuse_graph).
 * - Render fingerprint: for every page, a 64-bit hash of everything its render reads:
 *   its body's hash and front matter, its path and permalink, the fingerprint of the other
 *   inputs, the hash of its view (page_view.h: the sidebar, prev/next, breadcrumbs, home,
 *   backlinks, symptoms with their source rows, its labs' pages, an index page's children,
 *   the template), built by the same hb_view_build the render uses, and where each of its
 *   links resolves (kind, target permalink, anchor after aliases, file). The view is all that
 *   render.c reads of other pages, and the links are all the render-phase passes do
 *   (transform_links: hb_link_resolve; the other passes read only the page and config).
 *   Only pages whose fingerprint differs from the one of their file on disk are
 *   rendered, into memory. Where a page's links resolve is kept with it while the page set
 *   and the ids of the pages it links to are unchanged (incr_links).
 * - Writing: only when every page rendered without an error, first deleting the files of
 *   pages and redirects that are gone (and folders left empty), then replacing each changed
 *   file by a temporary file in its folder renamed over it. sitemap.xml, 404.html and the
 *   redirect pages are regenerated in memory (cheap) and written only when their bytes
 *   changed. A failed rebuild writes nothing; the fingerprints on disk stay those of the last
 *   successful build, so the fix re-renders whatever that build had not written.
 */
#define _GNU_SOURCE
#include "incremental.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "graph.h"
#include "fphash.h"
#include "page_view.h"
#include "lab.h"
#include "url.h"

/* A file whose mtime is this close to (or after) the moment its identity was taken may still
 * change without its identity changing (timestamps advance by clock ticks): it is not trusted
 * and is scanned again next time. 1 s is far above any Linux tick (1 to 10 ms). */
#define RACY_NS 1000000000LL

/* The identity of a file as stat(2) gives it: any write, rename over or touch changes one of
 * these (see RACY_NS for the exception handled). All zero: the file could not be stat'ed. */
typedef struct incr_ident {
    unsigned long long dev, ino, size, mode;
    long long mtime_ns, ctime_ns;
} incr_ident;

/* Where a page's links resolve, kept between builds: resolving every link of 10,000 pages
 * is most of a rebuild's time. Valid while the page's body, the site's set of pages (hence
 * every page index and permalink) and the ids of the pages it links to are unchanged. */
typedef struct incr_links {
    int valid;
    uint64_t hash;      /* kind, target permalink, anchor (after aliases), file of each link */
    int *targets;       /* the distinct pages linked to (owned) */
    size_t n_targets;
    uint64_t targets_ids; /* the ids of those pages when resolved (ids_hash) */
} incr_links;

/* Hashes of one page's own scan results, computed once per scan and kept with it. */
typedef struct incr_scan_hashes {
    int valid;
    uint64_t own;   /* its body and front matter (h_own) */
    uint64_t ids;   /* its ids and anchor aliases (what links into it resolve to) */
    uint64_t *rows; /* each symptom row: observation, evidence, row id (owned) */
} incr_scan_hashes;

/* The site-wide parts of a link graph (hb_site's groups, reading_order, home and aliases),
 * held between builds; site_graph_swap moves them to and from an hb_site. */
typedef struct {
    hb_group *groups;
    size_t n_groups;
    int *reading_order;
    size_t n_reading;
    int home;
    hb_map aliases;
} incr_site_graph;

/* Exchanges the site-wide graph parts of `site` with `kept`: ownership moves both ways. */
static void site_graph_swap(incr_site_graph *kept, hb_site *site)
{
    incr_site_graph was = *kept;
    kept->groups = site->groups;
    kept->n_groups = site->n_groups;
    kept->reading_order = site->reading_order;
    kept->n_reading = site->n_reading;
    kept->home = site->home;
    kept->aliases = site->aliases;
    site->groups = was.groups;
    site->n_groups = was.n_groups;
    site->reading_order = was.reading_order;
    site->n_reading = was.n_reading;
    site->home = was.home;
    site->aliases = was.aliases;
}

struct hb_incr {
    /* The site on disk, as of the last successful build. */
    int seeded;                /* 0: unknown, the next build is a full one */
    uint64_t disk_inputs;      /* fingerprint of the non-page inputs it was built from */
    unsigned long long disk_dev, disk_ino; /* the output folder itself: replaced or removed
                                              by someone else, the next build is a full one */
    hb_map disk;               /* output path ("/a/b/index.html") -> index + 1 into disk_fp */
    uint64_t *disk_fp;         /* render fingerprint (pages) or content hash (other files) */
    size_t n_disk;

    /* The scan cache, as of the last build (successful or not). */
    hb_page *cache;            /* page records moved out of that build's site */
    size_t n_cache;
    hb_map cache_by_rel;       /* rel_path -> index + 1 */
    incr_ident *cache_ident;   /* identity before the scan */
    uint64_t *cache_body;      /* body hash from the scan */
    unsigned char *cache_ok;   /* 1: clean scan, reusable */
    uint64_t cache_inputs;     /* non-page inputs it was scanned with */
    uint64_t cache_structure;  /* the page set its links were resolved against */
    incr_links *cache_links;
    incr_scan_hashes *cache_scanh;

    /* The link graph of the last build, when it succeeded (see hb_incr_reuse_graph): the
     * site-wide parts moved out of its hb_site; the per-page parts stay in the cache's page
     * records. */
    int graph_valid;
    incr_site_graph graph;
    hb_graph_memo *graph_memo; /* link resolutions of earlier graph builds (see graph.h) */

    /* The build in progress (arrays of site->n_pages). */
    size_t n;
    uint64_t inputs;           /* fingerprint of the non-page inputs now */
    incr_ident *ident;
    uint64_t *body;            /* body hash (scan or cache) */
    unsigned char *reused;
    uint64_t *fp;              /* render fingerprints (hb_incr_plan, hb_incr_seed) */
    incr_links *links;         /* where each page's links resolve (see incr_links) */
    incr_scan_hashes *scanh;   /* each page's scan hashes (see incr_scan_hashes) */
    int graph_reused;          /* this build took the previous graph */
    uint64_t structure;        /* the page set now (see structure_hash) */
    long long started_ns;      /* CLOCK_REALTIME when identities were taken */
    hb_incr_stats stats;
};

/* ---- hashing: fphash.h ------------------------------------------------------------------ */

static void h_ident(uint64_t *h, const incr_ident *id)
{
    h_bytes(h, id, sizeof *id);
}

/* ---- identities --------------------------------------------------------------------------- */

static long long now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void ident_from_stat(const struct stat *st, incr_ident *id)
{
    id->dev = (unsigned long long)st->st_dev;
    id->ino = (unsigned long long)st->st_ino;
    id->size = (unsigned long long)st->st_size;
    id->mode = (unsigned long long)st->st_mode;
    id->mtime_ns = (long long)st->st_mtim.tv_sec * 1000000000LL + st->st_mtim.tv_nsec;
    id->ctime_ns = (long long)st->st_ctim.tv_sec * 1000000000LL + st->st_ctim.tv_nsec;
}

static void ident_of(const char *path, incr_ident *id)
{
    struct stat st;
    memset(id, 0, sizeof *id);
    if (stat(path, &st) == 0)
        ident_from_stat(&st, id);
}

/* ident_of for the pages, folder by folder: each file is looked up from an open descriptor
 * of its folder (fstatat), not from the top of its path (pages come folder by folder). */
typedef struct incr_dir_cursor {
    int fd;
    char *dir; /* owned: the folder fd stands for */
} incr_dir_cursor;

static void ident_at(incr_dir_cursor *cur, const char *path, incr_ident *id)
{
    const char *slash = strrchr(path, '/');
    memset(id, 0, sizeof *id);
    if (!slash) {
        ident_of(path, id);
        return;
    }
    size_t dir_len = (size_t)(slash - path);
    if (!cur->dir || strlen(cur->dir) != dir_len || strncmp(cur->dir, path, dir_len)) {
        if (cur->fd >= 0)
            close(cur->fd);
        free(cur->dir);
        cur->dir = hb_strndup(path, dir_len);
        cur->fd = open(dir_len ? cur->dir : "/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    }
    struct stat st;
    if (cur->fd < 0) {
        ident_of(path, id);
        return;
    }
    if (fstatat(cur->fd, slash + 1, &st, 0) == 0)
        ident_from_stat(&st, id);
}

static int ident_equal(const incr_ident *a, const incr_ident *b)
{
    return !memcmp(a, b, sizeof *a);
}

static int name_compare(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Hashes the names and identities of every file and folder under dir, in name order (hidden
 * names included: a template's helper may be one). */
static void hash_tree(uint64_t *h, const char *dir, int depth)
{
    incr_ident id;
    ident_of(dir, &id);
    h_str(h, dir);
    h_ident(h, &id);
    if (depth > 32 || !S_ISDIR(id.mode))
        return;
    DIR *d = opendir(dir);
    if (!d)
        return;
    char **names = NULL;
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        names = hb_grow(names, n, sizeof *names);
        names[n++] = hb_strdup(e->d_name);
    }
    closedir(d);
    if (n)
        qsort(names, n, sizeof *names, name_compare);
    for (size_t i = 0; i < n; i++) {
        char *child = hb_path_join(dir, names[i]);
        hash_tree(h, child, depth + 1);
        free(child);
        free(names[i]);
    }
    free(names);
}

/* The fingerprint of every input of the build but the pages: options, templates, site.yaml,
 * the content's other files (assets, lab scenarios) and the lab console's files. */
static uint64_t inputs_fingerprint(const hb_site *site)
{
    const hb_build_options *o = site->options;
    uint64_t h = H_INIT;
    h_str(&h, o->content_dir);
    h_str(&h, o->templates_dir);
    h_str(&h, o->out_dir);
    h_str(&h, o->pagefind);
    h_str(&h, o->emu_dir);
    hash_tree(&h, o->templates_dir, 0);
    incr_ident id;
    ident_of(site->site_yaml_path, &id);
    h_ident(&h, &id);
    h_u64(&h, site->n_asset_files);
    for (size_t i = 0; i < site->n_asset_files; i++) {
        char *path = hb_path_join(o->content_dir, site->asset_files[i]);
        h_str(&h, site->asset_files[i]);
        ident_of(path, &id);
        h_ident(&h, &id);
        free(path);
    }
    /* The labs folder itself: a scenario added or removed changes its identity too; and each
     * scenario (not an asset: the site carries them in emu/labs.json) */
    char *labs = hb_path_join(o->content_dir, "labs");
    ident_of(labs, &id);
    h_ident(&h, &id);
    size_t n_scenarios = 0;
    char **scenarios = hb_lab_scenario_names(labs, &n_scenarios);
    h_u64(&h, n_scenarios);
    for (size_t i = 0; i < n_scenarios; i++) {
        char *path = hb_path_join(labs, scenarios[i]);
        h_str(&h, scenarios[i]);
        ident_of(path, &id);
        h_ident(&h, &id);
        free(path);
    }
    hb_lab_scenario_names_free(scenarios, n_scenarios);
    free(labs);
    const char *emu_dir = o->emu_dir ? o->emu_dir : HB_LAB_EMU_DIR_DEFAULT;
    hash_tree(&h, emu_dir, 30);
    for (size_t i = 0; hb_lab_module_files[i]; i++) {
        char *path = hb_path_join(emu_dir, hb_lab_module_files[i]);
        ident_of(path, &id);
        h_ident(&h, &id);
        free(path);
    }
    return h;
}

/* ---- state -------------------------------------------------------------------------------- */

hb_incr *hb_incr_new(void)
{
    hb_incr *incr = hb_calloc(1, sizeof(hb_incr));
    incr->graph_memo = hb_graph_memo_new();
    return incr;
}

hb_graph_memo *hb_incr_graph_memo(hb_incr *incr)
{
    return incr->graph_memo;
}

static void links_free(incr_links *links, size_t n)
{
    for (size_t i = 0; links && i < n; i++)
        free(links[i].targets);
    free(links);
}

static void scanh_free(incr_scan_hashes *scanh, size_t n)
{
    for (size_t i = 0; scanh && i < n; i++)
        free(scanh[i].rows);
    free(scanh);
}

static void graph_free(hb_incr *incr)
{
    hb_site parts = {0};
    site_graph_swap(&incr->graph, &parts);
    hb_graph_free(&parts);
    incr->graph_valid = 0;
}

static void cache_free(hb_incr *incr)
{

    scanh_free(incr->cache_scanh, incr->n_cache);
    incr->cache_scanh = NULL;
    links_free(incr->cache_links, incr->n_cache);
    incr->cache_links = NULL;
    for (size_t i = 0; i < incr->n_cache; i++)
        hb_page_free(&incr->cache[i]);
    free(incr->cache);
    incr->cache = NULL;
    incr->n_cache = 0;
    hb_map_free(&incr->cache_by_rel);
    free(incr->cache_ident);
    free(incr->cache_body);
    free(incr->cache_ok);
    incr->cache_ident = NULL;
    incr->cache_body = NULL;
    incr->cache_ok = NULL;
}

static void build_arrays_free(hb_incr *incr)
{
    links_free(incr->links, incr->n);
    incr->links = NULL;
    scanh_free(incr->scanh, incr->n);
    incr->scanh = NULL;
    incr->graph_reused = 0;
    free(incr->ident);
    free(incr->body);
    free(incr->reused);
    free(incr->fp);
    incr->ident = NULL;
    incr->body = NULL;
    incr->reused = NULL;
    incr->fp = NULL;
    incr->n = 0;
}

static void disk_forget(hb_incr *incr)
{
    hb_map_free(&incr->disk);
    free(incr->disk_fp);
    incr->disk_fp = NULL;
    incr->n_disk = 0;
    incr->seeded = 0;
}

void hb_incr_free(hb_incr *incr)
{
    if (!incr)
        return;
    cache_free(incr);
    build_arrays_free(incr);
    disk_forget(incr);
    graph_free(incr);
    hb_graph_memo_free(incr->graph_memo);
    free(incr);
}

void hb_incr_last_stats(const hb_incr *incr, hb_incr_stats *out)
{
    *out = incr->stats;
}

/* The record of a page of the cache takes the place of the freshly discovered one: the same
 * file (same rel_path, hence the same path, permalink and folder), with its front matter and
 * scan results. Its link graph fields come along: hb_incr_reuse_graph keeps or clears them. */
static void reuse_page(hb_page *fresh, hb_page *cached)
{
    hb_page_free(fresh);
    *fresh = *cached;
    memset(cached, 0, sizeof *cached);
    fresh->ok = 1;
}

/* Clears a page's link graph fields (hb_graph_build fills them). */
static void graph_fields_clear(hb_page *page)
{
    free(page->backlinks);
    page->backlinks = NULL;
    page->n_backlinks = 0;
    free(page->symptoms);
    page->symptoms = NULL;
    page->n_symptoms = 0;
    page->group = -1;
    page->reading_index = -1;
}

/* The set of pages, in discovery order: while it holds, page indices and permalinks (and so
 * what a link path resolves to) are those of the previous build. */
static uint64_t structure_hash(const hb_site *site)
{
    uint64_t h = H_INIT;
    h_u64(&h, site->n_pages);
    for (size_t i = 0; i < site->n_pages; i++)
        h_str(&h, site->pages[i].rel_path);
    return h;
}

int hb_incr_prepare(hb_incr *incr, hb_site *site, unsigned char *reuse)
{
    build_arrays_free(incr);
    memset(&incr->stats, 0, sizeof incr->stats);
    size_t n = site->n_pages;
    incr->n = n;
    incr->ident = hb_calloc(n ? n : 1, sizeof *incr->ident);
    incr->body = hb_calloc(n ? n : 1, sizeof *incr->body);
    incr->reused = hb_calloc(n ? n : 1, 1);
    incr->fp = hb_calloc(n ? n : 1, sizeof *incr->fp);
    incr->links = hb_calloc(n ? n : 1, sizeof *incr->links);
    incr->scanh = hb_calloc(n ? n : 1, sizeof *incr->scanh);
    incr->structure = structure_hash(site);
    incr->started_ns = now_ns();
    incr->inputs = inputs_fingerprint(site);
    incr_dir_cursor cur = {-1, NULL};
    for (size_t i = 0; i < n; i++)
        ident_at(&cur, site->pages[i].path, &incr->ident[i]);
    if (cur.fd >= 0)
        close(cur.fd);
    free(cur.dir);

    struct stat out_st;
    int out_same = stat(site->options->out_dir, &out_st) == 0 && S_ISDIR(out_st.st_mode) &&
                   (unsigned long long)out_st.st_dev == incr->disk_dev &&
                   (unsigned long long)out_st.st_ino == incr->disk_ino;
    int incremental = incr->seeded && out_same && incr->disk_inputs == incr->inputs;
    incr->stats.full = !incremental;
    incr->stats.pages = n;
    if (!incremental || incr->cache_inputs != incr->inputs) {
        incr->stats.scanned = n;
        return incremental;
    }
    for (size_t i = 0; i < n; i++) {
        hb_page *page = &site->pages[i];
        size_t c = (size_t)hb_map_get(&incr->cache_by_rel, page->rel_path);
        if (!c || !incr->cache_ok[c - 1] || !incr->ident[i].size ||
            !ident_equal(&incr->ident[i], &incr->cache_ident[c - 1])) {
            incr->stats.scanned++;
            continue;
        }
        c--;
        reuse_page(page, &incr->cache[c]);
        incr->cache_ok[c] = 0; /* moved out */
        incr->body[i] = incr->cache_body[c];
        incr->reused[i] = 1;
        incr->scanh[i] = incr->cache_scanh[c];
        memset(&incr->cache_scanh[c], 0, sizeof incr->cache_scanh[c]);
        if (incr->cache_structure == incr->structure) {
            incr->links[i] = incr->cache_links[c];
            memset(&incr->cache_links[c], 0, sizeof incr->cache_links[c]);
        }
        reuse[i] = 1;
    }
    return 1;
}

void hb_incr_scanned(hb_incr *incr, size_t index, const char *body, size_t body_len)
{
    if (index >= incr->n)
        return;
    uint64_t h = H_INIT;
    h_u64(&h, body_len);
    h_bytes(&h, body, body_len);
    incr->body[index] = h;
}

/* ---- the link graph ----------------------------------------------------------------------- */

/* Everything of a page's record that hb_graph_build reads (and more): front matter, ids,
 * links and symptom rows, without their positions (used only in error messages, and a graph
 * is reused only when it had no error). */
static uint64_t graph_hash(const hb_page *p)
{
    uint64_t h = H_INIT;
    h_u64(&h, (uint64_t)p->ok);
    h_u64(&h, (uint64_t)p->draft);
    h_str(&h, p->rel_path);
    h_str(&h, p->title);
    h_str(&h, p->summary);
    h_str(&h, p->section);
    h_str(&h, p->template_name);
    h_u64(&h, (uint64_t)p->order);
    h_u64(&h, (uint64_t)p->has_order);
    h_u64(&h, p->n_labs);
    for (size_t k = 0; k < p->n_labs; k++)
        h_str(&h, p->labs[k]);
    h_u64(&h, p->n_aliases);
    for (size_t k = 0; k < p->n_aliases; k++)
        h_str(&h, p->aliases[k]);
    h_u64(&h, p->n_anchor_aliases);
    for (size_t k = 0; k < p->n_anchor_aliases; k++) {
        h_str(&h, p->anchor_aliases[k].from);
        h_str(&h, p->anchor_aliases[k].to);
    }
    h_u64(&h, p->n_anchors);
    for (size_t k = 0; k < p->n_anchors; k++)
        h_str(&h, p->anchors[k]);
    h_u64(&h, p->n_links);
    for (size_t k = 0; k < p->n_links; k++)
        h_str(&h, p->links[k].dest);
    h_u64(&h, p->n_rows);
    for (size_t k = 0; k < p->n_rows; k++) {
        h_str(&h, p->rows[k].observation);
        h_str(&h, p->rows[k].evidence);
        h_str(&h, p->rows[k].row_id);
        h_str(&h, p->rows[k].dest);
    }
    return h;
}

int hb_incr_reuse_graph(hb_incr *incr, hb_site *site, const unsigned char *reuse)
{
    /* The graph is a function of the page set, the other inputs (config, templates, files)
     * and the pages' records: when the set and inputs are those of the last build, its graph
     * had no error, and every page scanned again has the same record but for its body text,
     * that graph is this build's graph. */
    int same = incr->graph_valid && incr->structure == incr->cache_structure &&
               incr->inputs == incr->cache_inputs && incr->n_cache == site->n_pages;
    for (size_t i = 0; same && i < site->n_pages; i++) {
        if (reuse[i])
            continue;
        const hb_page *cached = &incr->cache[i];
        same = cached->rel_path && !strcmp(cached->rel_path, site->pages[i].rel_path) &&
               graph_hash(cached) == graph_hash(&site->pages[i]);
    }
    if (!same) {
        for (size_t i = 0; i < site->n_pages; i++)
            graph_fields_clear(&site->pages[i]);
        return 0;
    }
    for (size_t i = 0; i < site->n_pages; i++) {
        if (reuse[i])
            continue;
        /* Scanned again: the graph's fields come from the previous record of the file. */
        hb_page *page = &site->pages[i], *cached = &incr->cache[i];
        graph_fields_clear(page);
        page->group = cached->group;
        page->reading_index = cached->reading_index;
        page->backlinks = cached->backlinks;
        page->n_backlinks = cached->n_backlinks;
        page->symptoms = cached->symptoms;
        page->n_symptoms = cached->n_symptoms;
        cached->backlinks = NULL;
        cached->n_backlinks = 0;
        cached->symptoms = NULL;
        cached->n_symptoms = 0;
    }
    /* The site has no graph yet: it takes the kept one, and graph_free frees nothing. */
    site_graph_swap(&incr->graph, site);
    graph_free(incr);
    incr->graph_reused = 1;
    incr->stats.graph_kept = 1;
    return 1;
}

/* ---- render fingerprints ------------------------------------------------------------------ */

/* Everything of page i that its own render reads: its file and front matter. */
static void h_own(uint64_t *h, const hb_incr *incr, const hb_page *page, size_t i)
{
    h_u64(h, incr->body[i]);
    h_str(h, page->rel_path);
    h_str(h, page->permalink);
    h_str(h, page->dir);
    h_u64(h, (uint64_t)page->is_index);
    h_str(h, page->title);
    h_str(h, page->summary);
    h_str(h, page->section);
    h_str(h, page->template_name);
    h_u64(h, (uint64_t)page->order);
    h_u64(h, (uint64_t)page->has_order);
    h_u64(h, (uint64_t)page->body_line);
    h_u64(h, page->body_offset);
    h_u64(h, page->n_labs);
    for (size_t k = 0; k < page->n_labs; k++)
        h_str(h, page->labs[k]);
    h_u64(h, page->n_aliases);
    for (size_t k = 0; k < page->n_aliases; k++)
        h_str(h, page->aliases[k]);
    h_u64(h, page->n_anchor_aliases);
    for (size_t k = 0; k < page->n_anchor_aliases; k++) {
        h_str(h, page->anchor_aliases[k].from);
        h_str(h, page->anchor_aliases[k].to);
    }
}

/* Per-build tables the fingerprints read, computed once for all pages. */
typedef struct incr_tables {
    uint64_t *link;        /* hb_view_link_hash of page i */
    uint64_t *ids;         /* page i's ids and anchor aliases (what links into it resolve to) */
    const uint64_t **rows; /* page i's symptom row hashes (incr_scan_hashes) */
} incr_tables;

/* The hashes of page i's own scan results (incr_scan_hashes). */
static void scan_hashes(hb_incr *incr, const hb_page *p, size_t i)
{
    incr_scan_hashes *sh = &incr->scanh[i];
    uint64_t h = H_INIT;
    h_own(&h, incr, p, i);
    sh->own = h;
    h = H_INIT;
    h_u64(&h, (uint64_t)p->ok);
    h_u64(&h, p->n_anchors);
    for (size_t k = 0; k < p->n_anchors; k++)
        h_str(&h, p->anchors[k]);
    h_u64(&h, p->n_anchor_aliases);
    for (size_t k = 0; k < p->n_anchor_aliases; k++) {
        h_str(&h, p->anchor_aliases[k].from);
        h_str(&h, p->anchor_aliases[k].to);
    }
    sh->ids = h;
    free(sh->rows);
    sh->rows = hb_calloc(p->n_rows ? p->n_rows : 1, sizeof *sh->rows);
    for (size_t k = 0; k < p->n_rows; k++) {
        h = H_INIT;
        h_str(&h, p->rows[k].observation);
        h_str(&h, p->rows[k].evidence);
        h_str(&h, p->rows[k].row_id);
        sh->rows[k] = h;
    }
    sh->valid = 1;
}

static void tables_new(incr_tables *t, hb_incr *incr, const hb_site *site)
{
    size_t n = site->n_pages ? site->n_pages : 1;
    t->link = hb_calloc(n, sizeof *t->link);
    t->ids = hb_calloc(n, sizeof *t->ids);
    t->rows = hb_calloc(n, sizeof *t->rows);
    for (size_t i = 0; i < site->n_pages; i++) {
        if (!incr->scanh[i].valid)
            scan_hashes(incr, &site->pages[i], i);
        t->link[i] = hb_view_link_hash(site, i);
        t->ids[i] = incr->scanh[i].ids;
        t->rows[i] = incr->scanh[i].rows;
    }
}

static void tables_free(incr_tables *t)
{
    free(t->link);
    free(t->ids);
    free(t->rows);
}


static int int_compare(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static uint64_t targets_ids(const incr_tables *t, const incr_links *links)
{
    uint64_t h = H_INIT;
    for (size_t k = 0; k < links->n_targets; k++)
        h_u64(&h, t->ids[links->targets[k]]);
    return h;
}

/* Where each of page i's links resolves, as the render's link pass (hb_link_resolve, then
 * hb_link_href from the page's own permalink) will see it: from the previous build when still
 * valid (see incr_links), else resolved now. */
static uint64_t links_hash(hb_incr *incr, const incr_tables *t, const hb_site *site, size_t i)
{
    incr_links *links = &incr->links[i];
    if (links->valid && targets_ids(t, links) == links->targets_ids)
        return links->hash;
    const hb_page *page = &site->pages[i];
    free(links->targets);
    memset(links, 0, sizeof *links);
    uint64_t h = H_INIT;
    h_u64(&h, page->n_links);
    for (size_t k = 0; k < page->n_links; k++) {
        hb_link_target target;
        hb_link_kind kind = hb_link_resolve(site, page, page->links[k].dest, &target);
        h_u64(&h, (uint64_t)kind);
        h_str(&h, target.page >= 0 ? site->pages[target.page].permalink : NULL);
        h_str(&h, target.anchor);
        h_str(&h, target.file);
        if (target.page >= 0) {
            links->targets = hb_grow(links->targets, links->n_targets, sizeof(int));
            links->targets[links->n_targets++] = target.page;
        }
        hb_link_target_free(&target);
    }
    if (links->n_targets) {
        qsort(links->targets, links->n_targets, sizeof(int), int_compare);
        size_t u = 1;
        for (size_t k = 1; k < links->n_targets; k++)
            if (links->targets[k] != links->targets[u - 1])
                links->targets[u++] = links->targets[k];
        links->n_targets = u;
    }
    links->hash = h;
    links->targets_ids = targets_ids(t, links);
    links->valid = 1;
    return h;
}

/* The fingerprint of page i: the other inputs, its own file, its view (everything else its
 * template is given, page_view.h: built exactly as the render builds it) and where its links
 * lead (the render's link pass). */
static uint64_t page_fingerprint(hb_incr *incr, const incr_tables *t, const hb_site *site,
                                 size_t i, hb_view *view)
{
    uint64_t h = H_INIT;
    h_u64(&h, incr->inputs);
    h_u64(&h, incr->scanh[i].own);
    hb_view_build(site->nav, site, i, view);
    hb_view_hashes hashes = {t->link, t->rows};
    h_u64(&h, hb_view_hash(view, site, site->nav, &hashes));
    h_u64(&h, links_hash(incr, t, site, i));
    return h | 1; /* never 0: 0 marks a page to render again whatever its inputs */
}

static void fingerprint_all(hb_incr *incr, const hb_site *site)
{
    incr_tables t = {0};
    tables_new(&t, incr, site);
    hb_view view = {0};
    for (size_t i = 0; i < site->n_pages; i++)
        incr->fp[i] = site->pages[i].ok ? page_fingerprint(incr, &t, site, i, &view) : 0;
    hb_view_free(&view);
    tables_free(&t);
}

static char *page_key(const hb_page *page)
{
    return hb_strfmt("%sindex.html", page->permalink);
}

/* The fingerprint of output path key on disk, or 0 when unknown. */
static uint64_t disk_get(const hb_incr *incr, const char *key)
{
    size_t k = (size_t)hb_map_get(&incr->disk, key);
    return k ? incr->disk_fp[k - 1] : 0;
}

size_t hb_incr_plan(hb_incr *incr, hb_site *site, unsigned char *render)
{
    fingerprint_all(incr, site);
    size_t marked = 0;
    hb_buf key = {0};
    for (size_t i = 0; i < site->n_pages; i++) {
        if (!site->pages[i].ok)
            continue;
        key.len = 0;
        hb_buf_puts(&key, site->pages[i].permalink);
        hb_buf_puts(&key, "index.html");
        uint64_t on_disk = disk_get(incr, key.data);
        if (!incr->fp[i] || on_disk != incr->fp[i]) {
            render[i] = 1;
            marked++;
        }
    }
    hb_buf_free(&key);
    incr->stats.rendered = marked;
    return marked;
}

/* ---- writing ------------------------------------------------------------------------------ */

/* Sets the fingerprint of output path key in the disk state (adding it when new). */
static void disk_put(hb_incr *incr, const char *key, uint64_t fp)
{
    size_t k = (size_t)hb_map_get(&incr->disk, key);
    if (k) {
        incr->disk_fp[k - 1] = fp;
        return;
    }
    incr->disk_fp = hb_grow(incr->disk_fp, incr->n_disk, sizeof *incr->disk_fp);
    incr->disk_fp[incr->n_disk++] = fp;
    hb_map_put(&incr->disk, key, (void *)incr->n_disk);
}

/* The disk state now describes the output folder: remember which folder and which inputs. */
static void disk_seeded(hb_incr *incr, const hb_site *site)
{
    struct stat st;
    if (stat(site->options->out_dir, &st) != 0) {
        disk_forget(incr);
        return;
    }
    incr->disk_dev = (unsigned long long)st.st_dev;
    incr->disk_ino = (unsigned long long)st.st_ino;
    incr->disk_inputs = incr->inputs;
    incr->seeded = 1;
}

/* 1 when output path key (of the disk state) is still a file of the site: a page's
 * "PERMALINK" + "index.html", or one of the site-wide files (generated: their keys). */
static int still_in_site(const hb_site *site, const hb_map *generated, const char *key,
                         hb_buf *scratch)
{
    if (hb_map_get(generated, key))
        return 1;
    size_t len = strlen(key);
    if (len < 10 || strcmp(key + len - 10, "index.html"))
        return 0;
    scratch->len = 0;
    hb_buf_add(scratch, key, len - 10);
    size_t idx = (size_t)hb_map_get(&site->by_permalink, scratch->data);
    return idx && site->pages[idx - 1].ok;
}

int hb_incr_commit(hb_incr *incr, hb_site *site, hb_renderer *renderer, char *const *outputs)
{
    const char *out_dir = site->options->out_dir;
    hb_out_files writes = {0}, gone = {0}, generated = {0};
    int failures = 0;
    hb_buf key = {0};
    for (size_t i = 0; i < site->n_pages; i++) {
        const hb_page *page = &site->pages[i];
        if (!page->ok || !outputs[i])
            continue;
        key.len = 0;
        hb_buf_puts(&key, page->permalink);
        hb_buf_puts(&key, "index.html");
        hb_out_files_add(&writes, key.data, outputs[i], strlen(outputs[i]), NULL, incr->fp[i]);
    }
    /* The site-wide files, made in memory (cheap): only those whose bytes differ from the
     * disk's are written. */
    if (hb_write_site_files(&generated, site, renderer) != 0) {
        hb_out_files_free(&generated);
        hb_out_files_free(&writes);
        hb_buf_free(&key);
        return 1; /* nothing written: the state still describes the disk */
    }
    hb_map generated_keys = {0};
    for (size_t i = 0; i < generated.n; i++) {
        hb_out_file *f = &generated.items[i];
        hb_map_put(&generated_keys, f->key, (void *)1);
        if (disk_get(incr, f->key) != f->fp)
            hb_out_files_add(&writes, f->key, f->data, f->len, NULL, f->fp);
    }
    /* Pages not rendered have the fingerprint of their file on disk (hb_incr_plan); what the
     * disk holds beyond the site's files now is gone. */
    for (size_t i = 0; i < incr->disk.cap; i++)
        if (incr->disk.keys[i] && !still_in_site(site, &generated_keys, incr->disk.keys[i], &key))
            hb_out_files_add(&gone, incr->disk.keys[i], NULL, 0, NULL, 0);
    hb_map_free(&generated_keys);
    hb_buf_free(&key);

    /* Deletions first: a new page may take the place of a redirect that is gone. */
    for (size_t i = 0; i < gone.n; i++) {
        if (hb_write_delete(out_dir, gone.items[i].key) != 0) {
            hb_error(site->diag, out_dir, 0, 0, "cannot delete %s%s: %s", out_dir,
                     gone.items[i].key, strerror(errno));
            failures++;
        } else {
            incr->stats.deleted++;
        }
    }
    int *errnos = hb_calloc(writes.n ? writes.n : 1, sizeof *errnos);
    hb_write_all(out_dir, &writes, 1, errnos);
    for (size_t i = 0; i < writes.n; i++) {
        if (errnos[i]) {
            hb_error(site->diag, out_dir, 0, 0, "cannot write %s%s: %s", out_dir,
                     writes.items[i].key, strerror(errnos[i]));
            failures++;
        } else {
            incr->stats.written++;
        }
    }
    free(errnos);
    if (failures) {
        disk_forget(incr); /* the disk is in between: the next build is a full one */
    } else {
        if (gone.n) {
            /* Rebuild the state without the files that are gone (hb_map has no removal). */
            hb_map gone_keys = {0};
            for (size_t i = 0; i < gone.n; i++)
                hb_map_put(&gone_keys, gone.items[i].key, (void *)1);
            hb_map old = incr->disk;
            uint64_t *old_fp = incr->disk_fp;
            memset(&incr->disk, 0, sizeof incr->disk);
            incr->disk_fp = NULL;
            incr->n_disk = 0;
            for (size_t i = 0; i < old.cap; i++)
                if (old.keys[i] && !hb_map_get(&gone_keys, old.keys[i]))
                    disk_put(incr, old.keys[i], old_fp[(size_t)old.values[i] - 1]);
            hb_map_free(&old);
            free(old_fp);
            hb_map_free(&gone_keys);
        }
        for (size_t i = 0; i < writes.n; i++)
            disk_put(incr, writes.items[i].key, writes.items[i].fp);
        disk_seeded(incr, site);
    }
    hb_out_files_free(&writes);
    hb_out_files_free(&gone);
    hb_out_files_free(&generated);
    return failures;
}

void hb_incr_seed(hb_incr *incr, hb_site *site, const hb_out_files *files)
{
    incr->stats.rendered = site->n_pages;
    fingerprint_all(incr, site);
    disk_forget(incr);
    hb_buf key = {0};
    for (size_t i = 0; i < site->n_pages; i++) {
        if (!site->pages[i].ok)
            continue;
        key.len = 0;
        hb_buf_puts(&key, site->pages[i].permalink);
        hb_buf_puts(&key, "index.html");
        disk_put(incr, key.data, incr->fp[i]);
    }
    hb_buf_free(&key);
    for (size_t i = 0; i < files->n; i++)
        disk_put(incr, files->items[i].key, files->items[i].fp);
    disk_seeded(incr, site);
}

void hb_incr_keep(hb_incr *incr, hb_site *site, const hb_diag *diag, int succeeded)
{
    /* Paths with a diagnostic, and pages that had one while rendering. */
    hb_map noisy = {0}, rendering = {0};
    for (size_t i = 0; i < diag->count; i++) {
        hb_map_put(&noisy, diag->entries[i].path, (void *)1);
        if (diag->entries[i].page) {
            hb_map_put(&noisy, diag->entries[i].page, (void *)1);
            hb_map_put(&rendering, diag->entries[i].page, (void *)1);
        }
    }
    cache_free(incr);
    size_t n = site->n_pages;
    incr->cache = site->pages;
    incr->n_cache = n;
    incr->cache_ident = incr->ident;
    incr->cache_body = incr->body;
    incr->cache_ok = hb_calloc(n ? n : 1, 1);
    incr->cache_inputs = incr->inputs;
    incr->cache_structure = incr->structure;
    incr->cache_links = incr->links;
    incr->links = NULL;
    incr->cache_scanh = incr->scanh;
    incr->scanh = NULL;
    /* The graph of a build that succeeded is kept for the next one (its pages' parts stay in
     * their records); otherwise it goes with the site. */
    graph_free(incr);
    if (succeeded) {
        site_graph_swap(&incr->graph, site); /* incr->graph is empty after graph_free */
        incr->graph_valid = 1;
    }
    for (size_t i = 0; i < n; i++) {
        hb_page *page = &incr->cache[i];
        hb_map_put(&incr->cache_by_rel, page->rel_path, (void *)(i + 1));
        int racy = incr->ident[i].mtime_ns + RACY_NS >= incr->started_ns;
        incr->cache_ok[i] = page->ok && !racy && !hb_map_get(&noisy, page->path);
        /* A page with a render diagnostic is rendered again next time, to repeat it. */
        if (hb_map_get(&rendering, page->path) && incr->seeded) {
            char *key = page_key(page);
            size_t k = (size_t)hb_map_get(&incr->disk, key);
            if (k)
                incr->disk_fp[k - 1] = 0;
            free(key);
        }
    }
    incr->ident = NULL;
    incr->body = NULL;
    site->pages = NULL;
    site->n_pages = 0;
    hb_map_free(&noisy);
    hb_map_free(&rendering);
    build_arrays_free(incr);
}
