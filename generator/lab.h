/* lab.h: the emulator inside the site build: the lab scenarios as a catalog for the build-time
 * runs of transform_lab.c, and the in-page console's assets written into the site. */
#ifndef HB_LAB_H
#define HB_LAB_H

#include "emu.h"
#include "site.h"

/* Where the console's files are when options->emu_dir is NULL (made by `make wasm`). */
#define HB_LAB_EMU_DIR_DEFAULT "build/wasm/web"

/* The console's files hb_lab_write_assets copies from the emu folder into out_dir/emu/
 * (NULL-terminated), and the scenarios file it writes beside them. */
extern const char *const hb_lab_module_files[];
#define HB_LAB_JSON "labs.json"

/* ---- the scenarios of a folder as a catalog (lab_catalog.c) ---------------------------------- */

/* The *.yaml file names of dir (not hidden ones), sorted by strcmp, so that every host lists the
 * labs in one order. Returns a malloc'd array of malloc'd names (free with
 * hb_lab_scenario_names_free) and *count (an empty folder gives an empty array); NULL with
 * errno set when the folder cannot be read. */
char **hb_lab_scenario_names(const char *dir, size_t *count);
void hb_lab_scenario_names_free(char **names, size_t count);

/* The lab id of a scenario path: its file name without ".yaml" (or ".yml"); malloc'd. */
char *hb_lab_scenario_id(const char *path);

/* Reads the scenario file at path and adds it to catalog under hb_lab_scenario_id(path).
 * Returns 0, or -1 after appending its problems to errors, one "path:line:col: error: message"
 * line each (an unreadable file is "path:1:1: error: cannot read: REASON"). */
int hb_lab_catalog_add_file(emu_catalog *catalog, const char *path, hb_buf *errors);

/* Adds every scenario of hb_lab_scenario_names(dir), in that order. Returns how many files
 * failed (their problems appended to errors), or -1 with errno set when the folder cannot be
 * read. */
int hb_lab_catalog_add_dir(emu_catalog *catalog, const char *dir, hb_buf *errors);

/* Loads every content_dir/labs/ *.yaml, sorted by name, into a new catalog (the lab id is the
 * file name without .yaml). Returns the catalog (free with emu_catalog_free), or NULL with
 * *error set to the scenarios' errors, one "path:line:col: error: message" line each
 * (malloc'd; the caller frees). A missing labs folder gives an empty catalog. */
emu_catalog *hb_lab_catalog_load(const char *content_dir, char **error);

/* The scenario files a load read, each once, in the catalog's order: the site build writes
 * emu/labs.json from them (lab_assets.c) rather than reading the files again. */
typedef struct hb_lab_texts {
    size_t n;
    char **paths;   /* content_dir/labs/NAME.yaml */
    char **texts;   /* each file's bytes, NUL-terminated */
    size_t *lens;
} hb_lab_texts;

/* hb_lab_catalog_load, keeping every file it read in *texts (freed with hb_lab_texts_free, also
 * when the load fails: then it holds the files that could be read). */
emu_catalog *hb_lab_catalog_load_texts(const char *content_dir, char **error, hb_lab_texts *texts);
void hb_lab_texts_free(hb_lab_texts *texts);

/* The relative path from the page to the site root ("../../" for /labs/input-wait/), malloc'd. */
char *hb_lab_root_prefix(const hb_page *page);

/* 1 when content_dir/labs/ holds at least one *.yaml scenario. */
int hb_lab_present(const char *content_dir);

/* When the content has lab scenarios, writes the console's assets into out_dir/emu/:
 * labs.json (every scenario: {"version":1,"labs":[{"id","path","yaml"}]}, what console.js
 * feeds the module), and copies emu.js, emu.wasm, console.js and console.css from
 * options->emu_dir (default "build/wasm/web", made by `make wasm`). Scenario errors are
 * reported to site->diag at their own file, line and column; missing module files are one
 * warning (the labs then show their build-time transcripts only). Returns the number of
 * errors. */
int hb_lab_write_assets(hb_site *site, const char *out_dir);

#endif
