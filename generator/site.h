/* site.h: the in-memory model of a build: settings from site.yaml, one metadata record per
 * page (never its body: bodies are streamed from disk when rendered), the navigation groups and
 * the link graph. The hb_site owns every string and array reachable from it. */
#ifndef HB_SITE_H
#define HB_SITE_H

#include <stddef.h>

#include "build.h"
#include "diag.h"
#include "util.h"

/* Settings from content/site.yaml (all optional). */
typedef struct hb_config {
    char *title;       /* site title; default "Handbook" */
    char *description; /* default "" */
    char *language;    /* html lang; default "en" */
    char *edit_url;    /* NULL: no "edit this page" link; else prefix + path under content/;
                          "auto" in site.yaml is replaced by the repository's own edit URL
                          (git_info.h) or NULL when there is none */
    int edit_url_line, edit_url_col; /* of edit_url's value in site.yaml */
    int last_updated;  /* pages show the date of their file's last commit (git_info.h) */
    char *base_url;    /* NULL: sitemap.xml lists root-relative paths */
    char *base_path;   /* where the site is served from, used only by 404.html; default "/" */
    int allow_html;    /* raw HTML in Markdown passes through (else shown as text) */
    int link_index_html; /* 1: links end in index.html, so the site also works from file:// */
    char **nav;        /* top-level folders in sidebar order */
    size_t n_nav;
} hb_config;

/* A link written in a page, recorded by the scan pass (phase 1). */
typedef struct hb_link_ref {
    char *dest; /* as written */
    int line, col;
} hb_link_ref;

/* A row of a symptom table, as found on its own page. */
typedef struct hb_symptom_row {
    char *observation; /* plain text of the Observation cell */
    char *evidence;    /* plain text of the Evidence to keep cell */
    char *row_id;      /* id of the row's anchor on its page */
    char *dest;        /* the first link of the Reference cell, as written (NULL: none) */
    int line, col;
} hb_symptom_row;

/* An observation that leads to a page (an incoming symptom-table row). Rows of several tables
 * with the same observation text and the same target (page and anchor) are one observation
 * with several sources: the first is listed, the others point at it through `same_as`. */
typedef struct hb_symptom {
    int from_page; /* index of the page holding the table */
    size_t row;    /* index into that page's rows */
    long same_as;  /* -1, or the index (in the target's symptoms) of the first identical one */
} hb_symptom;

/* An entry of a page's table of contents. */
typedef struct hb_toc_entry {
    int level;  /* 2 or 3 */
    char *id;   /* owned */
    char *text; /* plain text, owned */
} hb_toc_entry;

/* A front matter key as written, with its position (for diagnostics). */
typedef struct hb_fm_key {
    char *key;
    int line, col;
} hb_fm_key;

typedef struct hb_anchor_alias {
    char *from, *to;
    int line, col;
} hb_anchor_alias;

typedef struct hb_page {
    /* identity */
    char *path;      /* for diagnostics: content_dir joined with rel_path */
    char *rel_path;  /* relative to the content folder, e.g. "reference/networking/nccl.md" */
    char *permalink; /* "/reference/networking/nccl/" */
    char *dir;       /* folder of rel_path, "" at the top */
    int is_index;    /* the file is index.md or _index.md: its folder's own page */
    int ok;          /* loaded without errors (only ok pages are rendered) */
    long long updated; /* Unix time (s) of the last commit that changed the file, 0 when
                          unknown or last_updated is off (git_info.h) */

    /* front matter */
    char *title, *summary, *section, *template_name;
    int template_line, template_col;
    long order;
    int has_order;       /* order (or Hugo's weight, when not 0) was given */
    int draft;           /* draft: true (Hugo's key): read, never published or linked to */
    hb_fm_key *hugo_keys; /* Hugo front matter keys the handbook does not use (warned about
                             once per key for the whole site, hb_front_matter_report_hugo) */
    size_t n_hugo_keys;
    char **labs;
    int *lab_lines; /* file line of each item of labs */
    size_t n_labs;
    char **aliases;
    int *alias_lines;
    size_t n_aliases;
    hb_anchor_alias *anchor_aliases;
    size_t n_anchor_aliases;
    int body_line;       /* 1-based line of the body's first line in the file */
    size_t body_offset;  /* byte offset of the body in the file */

    /* scan results (phase 1) */
    char **anchors; /* every id on the page, sorted (headings, symptom rows, anchor aliases) */
    size_t n_anchors;
    hb_link_ref *links;
    size_t n_links;
    hb_symptom_row *rows;
    size_t n_rows;

    /* The scan's rendering of the body, kept for the render phase so that a page is parsed
     * once (build.c): its HTML with link markers (hb_links_fill) and its table of contents;
     * NULL when the page is to be parsed again (a page serve did not scan again). */
    char *pre_html;
    size_t pre_len;
    hb_toc_entry *pre_toc;
    size_t n_pre_toc;
    int pre_pooled;      /* pre_html and pre_toc live in site->pre_pool (not to be freed) */

    /* link graph */
    int group;          /* index into hb_site.groups, -1 for the landing page */
    int reading_index;  /* position in hb_site.reading_order */
    int *backlinks;     /* pages linking here, in reading order */
    size_t n_backlinks;
    hb_symptom *symptoms; /* rows that lead here, in reading order */
    size_t n_symptoms;
} hb_page;

/* A sidebar group: the pages that share a `section` inside a top-level folder. */
typedef struct hb_group {
    char *title;
    char *top_dir;  /* first folder of its pages ("" at the top) */
    int dir_rank;   /* position of top_dir in config.nav */
    long min_order;
    int *pages;     /* in reading order */
    size_t n_pages;
} hb_group;

/* A folder of the content that holds pages (or folders that do), found at discovery. */
typedef struct hb_folder {
    char *dir;  /* owned: its path under content/, "" for the top */
    int parent; /* index into hb_site.folders, -1 for the top */
    int index;  /* its index page (index.md or _index.md), or -1 */
} hb_folder;

typedef struct hb_site {
    const hb_build_options *options;
    hb_diag *diag;
    hb_config config;
    char *site_yaml_path;

    hb_page *pages;
    size_t n_pages;
    hb_map by_permalink; /* permalink -> (page index + 1) cast to pointer */
    hb_map by_rel_path;  /* rel_path -> (page index + 1) */
    hb_map dir_index;    /* folder ("" at the top) -> (index + 1) of its index page (index.md
                            or _index.md; see hb_site_folder_index) */
    hb_folder *folders;  /* the folders of the pages and those above them, parents first */
    size_t n_folders;
    int *page_folder;    /* page i's folder (index into folders), for the n_page_folder pages
                            discovery found (see hb_site_page_folder) */
    size_t n_page_folder;
    hb_map files;        /* every other file under content/ by rel path (value: 1) */
    char **asset_files;  /* non-page files to copy (rel paths) */
    size_t n_asset_files;
    char **template_assets; /* files of templates/assets/ (paths below it), copied to assets/ */
    size_t n_template_assets;
    hb_map templates;    /* template name -> 1 */
    hb_map aliases;      /* alias permalink -> (page index + 1) */

    hb_group *groups;
    size_t n_groups;
    int *reading_order; /* page indices: the landing page, then groups in order */
    size_t n_reading;
    int home;           /* index of the landing page, or -1 */
    struct hb_nav_index *nav; /* the navigation built from the link graph (page_view.h),
                                 owned; NULL until the graph is built */
    int has_labs;       /* content/labs/ holds scenarios: pages load the lab console script */
    struct emu_catalog *labs; /* content/labs/'s scenarios, loaded once by the build before the
                                 pages are scanned (hb_lab_catalog_load) and shared by every
                                 worker's ```lab, ```console and ```timeline fences: sessions only
                                 read their catalog. Empty without labs; NULL when they do not
                                 load (then labs_error says why) */
    char *labs_error;   /* the scenarios' errors, one "path:line:col: error: ..." line each */
    struct hb_lab_texts *lab_texts; /* the scenario files that load read, each once (lab.h),
                                       written into emu/labs.json by lab_assets.c; owned */
    hb_pool *pre_pool;  /* where the scan keeps the pages' pre_html (build.c), or NULL */
    char link_marker[40]; /* the prefix of the link markers of pre_html: "hb" and a number
                             drawn for the build, so that no page's text can hold it */
} hb_site;

/* Reads site.yaml at path (a missing file is fine: defaults). Reports problems to diag.
 * Fills config (owned by it; free with hb_config_free). Returns the number of errors. */
int hb_config_load(hb_config *config, const char *path, hb_diag *diag);
void hb_config_free(hb_config *config);

/* Parses the YAML front matter text of page (len bytes, starting on 1-based file line
 * first_line) into the page's front matter fields. Unknown keys are warnings; malformed YAML,
 * a missing or empty title and wrongly typed values are errors. Returns the number of errors. */
int hb_front_matter_parse(hb_page *page, const char *yaml, size_t len, int first_line,
                          hb_diag *diag);

/* After the scan of every page: one warning per Hugo front matter key the handbook does not
 * use (date, tags, linkTitle ...), at the first page (in discovery order) that has it, with
 * the number of pages that do; so a Hugo content folder builds with a few lines of warnings,
 * not one per page and key. Deterministic whatever the order the workers scanned in. */
void hb_front_matter_report_hugo(hb_site *site);

/* Splits text into front matter and body. A front matter block starts with a "---" line at
 * the very start and ends with a "---" or "..." line. Returns 1 and sets the yaml range, the
 * body offset and the body's 1-based first line; 0 when there is no front matter (body is
 * everything); -1 when the block is not closed. */
int hb_front_matter_split(const char *text, size_t len, size_t *yaml_start, size_t *yaml_len,
                          size_t *body_offset, int *body_line);

/* Frees everything a page owns (not the page itself). */
void hb_page_free(hb_page *page);

/* Frees a page's pre_html and pre_toc (and empties them). */
void hb_page_pre_free(hb_page *page);

/* Binary search in page->anchors. Returns 1 when id is on the page. */
int hb_page_has_anchor(const hb_page *page, const char *id);

/* The page with this permalink, or NULL. */
hb_page *hb_site_page_by_permalink(const hb_site *site, const char *permalink);

/* The folder of page i (index into site->folders), or -1 for a page discovery did not find. */
int hb_site_page_folder(const hb_site *site, size_t i);

/* The index of folder dir's index page (its index.md or _index.md; dir "" is the top folder,
 * no trailing '/'), or -1 when it has none. dir is len bytes (need not end in NUL). */
int hb_site_folder_index(const hb_site *site, const char *dir, size_t len);

#endif
