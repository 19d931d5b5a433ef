/* diag.h: the build's diagnostics, "path:line:col: error: message", collected from every
 * worker thread and printed together, sorted by path and position, at the end of a build. */
#ifndef HB_DIAG_H
#define HB_DIAG_H

#include <pthread.h>
#include <stddef.h>
#include <stdio.h>

typedef enum hb_severity { HB_WARNING, HB_ERROR } hb_severity;

typedef struct hb_diag_entry {
    char *path;    /* owned */
    int line, col; /* 1-based; 0 when unknown */
    hb_severity severity;
    char *message; /* owned */
    size_t seq;    /* order of arrival, to keep sorting stable */
    char *page;    /* owned; NULL, or the page being rendered (see hb_diag_report_page) */
} hb_diag_entry;

/* Owns its entries. Thread-safe: any worker may report. */
typedef struct hb_diag {
    pthread_mutex_t lock;
    hb_diag_entry *entries;
    size_t count, cap;
    size_t errors, warnings;
} hb_diag;

void hb_diag_init(hb_diag *diag);
void hb_diag_free(hb_diag *diag);

/* Records one diagnostic (path and message are copied). line/col 0 prints as 1. */
void hb_diag_report(hb_diag *diag, hb_severity severity, const char *path, int line, int col,
                    const char *format, ...) __attribute__((format(printf, 6, 7)));
#define hb_error(d, path, line, col, ...) hb_diag_report((d), HB_ERROR, (path), (line), (col), __VA_ARGS__)
#define hb_warning(d, path, line, col, ...) hb_diag_report((d), HB_WARNING, (path), (line), (col), __VA_ARGS__)

/* Records one diagnostic that arose while rendering `page` (a content path) but belongs to
 * path:line:col (a template). Entries with the same position and message from several pages
 * print once: "message (rendering PAGE)" for one page, "message (rendering PAGE and N other
 * pages)" for more, PAGE being the first in byte order. Copies its arguments. */
void hb_diag_report_page(hb_diag *diag, hb_severity severity, const char *path, int line, int col,
                         const char *page, const char *format, ...)
    __attribute__((format(printf, 7, 8)));

/* Prints every entry to out, sorted by path, line, column, then arrival; entries recorded with
 * hb_diag_report_page merged as said there. The error and warning counts stay per entry. */
void hb_diag_print(hb_diag *diag, FILE *out);

/* How hb_diag_print_as writes the entries (`handbook build|check --format NAME`). */
typedef enum hb_diag_format {
    HB_DIAG_TEXT,   /* path:line:col: error: message, one a line (hb_diag_print) */
    HB_DIAG_GITHUB, /* GitHub Actions workflow commands, one a line:
                       ::error file=PATH,line=L,col=C,title=handbook::MESSAGE (::warning for a
                       warning; no file= for an entry without a path), so a pull request shows
                       each on the line it names; % CR LF escaped, and : , in properties */
    HB_DIAG_JSON    /* one JSON object: {"diagnostics": [{"file", "line", "column", "severity"
                       ("error" or "warning"), "message"}], "errors": N, "warnings": N}, in the
                       text format's order, the counts those of the printed entries; printed
                       even when there is no entry */
} hb_diag_format;

/* Prints every entry to out in `format`, in hb_diag_print's order and with its merging. */
void hb_diag_print_as(hb_diag *diag, FILE *out, hb_diag_format format);

/* Parses a format name ("text", "github", "json") into *format; -1 for any other. */
int hb_diag_format_parse(const char *name, hb_diag_format *format);

#endif
