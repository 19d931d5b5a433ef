/* lab_assets.c: writes the in-page lab console's assets into the site (see lab.h): the lab
 * scenarios as one JSON file, and the WebAssembly module with its script and style. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lab.h"
#include "../wasm/scenario_json.h"

/* emu.*: the core module a lab page starts; emu-full.*: every tool, fetched by the worker at the
 * first line that needs it; emu-cost.*: the cost guide's calculator (wasm/README.md). */
const char *const hb_lab_module_files[] = {"emu.js", "emu.wasm", "emu-full.js", "emu-full.wasm",
                                           "emu-cost.js", "emu-cost.wasm", "console.js",
                                           "console.css", "worker.js", NULL};

/* Appends text as a JSON string (quotes included). UTF-8 passes through unchanged. */
static void lab_json_string(hb_buf *out, const char *text, size_t len)
{
    hb_buf_puts(out, "\"");
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c == '"' || c == '\\')
            hb_buf_printf(out, "\\%c", c);
        else if (c == '\n')
            hb_buf_puts(out, "\\n");
        else if (c == '\t')
            hb_buf_puts(out, "\\t");
        else if (c < 0x20 || c == 0x7f)
            hb_buf_printf(out, "\\u%04x", c);
        else
            hb_buf_add(out, (const char *)&text[i], 1);
    }
    hb_buf_puts(out, "\"");
}

/* Reports each "path:line:col: error: message" line of errors to diag. */
static int lab_report(hb_diag *diag, const char *errors)
{
    int count = 0;
    for (const char *p = errors; *p;) {
        size_t len = strcspn(p, "\n");
        char *line = hb_strndup(p, len);
        p += len + (p[len] == '\n');
        if (!*line) {
            free(line);
            continue;
        }
        char *c1 = strchr(line, ':');
        char *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
        char *c3 = c2 ? strchr(c2 + 1, ':') : NULL;
        const char *marker = ": error: ";
        if (c3 && !strncmp(c3, marker, strlen(marker))) {
            *c1 = *c2 = '\0';
            hb_error(diag, line, atoi(c1 + 1), atoi(c2 + 1), "%s", c3 + strlen(marker));
        } else {
            hb_error(diag, "content/labs", 0, 0, "%s", line);
        }
        count++;
        free(line);
    }
    return count;
}

int hb_lab_present(const char *content_dir)
{
    char *dir = hb_path_join(content_dir, "labs");
    size_t n = 0;
    char **names = hb_lab_scenario_names(dir, &n);
    hb_lab_scenario_names_free(names, n);
    free(dir);
    return n > 0;
}

int hb_lab_write_assets(hb_site *site, const char *out_dir)
{
    const char *emu_dir =
        site->options && site->options->emu_dir ? site->options->emu_dir : HB_LAB_EMU_DIR_DEFAULT;
    hb_buf json = {0};
    int errors = 0, found = 0;

    /* The scenarios, in file-name order, checked by the emulator itself. */
    if (!site->labs) { /* loaded by the build (site.h); its errors are reported here once */
        errors += lab_report(site->diag, site->labs_error ? site->labs_error : "");
        return errors ? errors : 1;
    }
    /* In the catalog's order, so `lab list` reads the same in the page and in the CLI; from the
     * texts the build's load read (each file once) */
    const hb_lab_texts *texts = site->lab_texts;
    hb_buf_puts(&json, "{\"version\":1,\"labs\":[");
    for (size_t i = 0; texts && i < texts->n; i++) {
        const char *path = texts->paths[i];
        char *id = hb_lab_scenario_id(path);
        hb_buf_puts(&json, found ? ",\n{\"id\":" : "\n{\"id\":");
        lab_json_string(&json, id, strlen(id));
        free(id);
        hb_buf_puts(&json, ",\"path\":");
        lab_json_string(&json, path, strlen(path));
        /* The module reads scenarios as JSON (a subset of YAML), so that it links no libyaml
         * (its document adapter, wasm/doc_json.c, reads JSON); the key keeps its name: the
         * text is still YAML. */
        char *problem = NULL;
        size_t scenario_len = 0;
        char *scenario = scenario_json(texts->texts[i], texts->lens[i], &scenario_len, &problem);
        if (!scenario) {
            hb_error(site->diag, path, 0, 0, "cannot convert to JSON: %s",
                     problem ? problem : "out of memory");
            errors++;
            free(problem);
        } else {
            hb_buf_puts(&json, ",\"yaml\":");
            lab_json_string(&json, scenario, scenario_len);
            free(scenario);
        }
        hb_buf_puts(&json, "}");
        found++;
    }
    hb_buf_puts(&json, "\n]}\n");
    if (found && !errors) {
        char *emu_out = hb_path_join(out_dir, "emu");
        char *target = hb_path_join(emu_out, HB_LAB_JSON);
        if (hb_write_file(target, json.data, json.len) != 0) {
            hb_error(site->diag, target, 0, 0, "cannot write: %s", strerror(errno));
            errors++;
        }
        free(target);
        int missing = 0;
        for (size_t i = 0; hb_lab_module_files[i]; i++) {
            char *src = hb_path_join(emu_dir, hb_lab_module_files[i]);
            char *dst = hb_path_join(emu_out, hb_lab_module_files[i]);
            struct stat st;
            if (stat(src, &st) != 0) {
                missing++;
            } else if (hb_copy_file(src, dst) != 0) {
                hb_error(site->diag, dst, 0, 0, "cannot copy from %s: %s", src, strerror(errno));
                errors++;
            }
            free(src);
            free(dst);
        }
        if (missing)
            hb_warning(site->diag, emu_dir, 0, 0,
                       "the lab console is missing here (run `make wasm`): lab pages will show "
                       "their build-time transcripts only");
        free(emu_out);
    }
    hb_buf_free(&json);
    return errors;
}
