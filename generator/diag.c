/* diag.c: collecting and printing diagnostics (see diag.h). */
#include "diag.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

void hb_diag_init(hb_diag *diag)
{
    memset(diag, 0, sizeof *diag);
    pthread_mutex_init(&diag->lock, NULL);
}

void hb_diag_free(hb_diag *diag)
{
    for (size_t i = 0; i < diag->count; i++) {
        free(diag->entries[i].path);
        free(diag->entries[i].message);
        free(diag->entries[i].page);
    }
    free(diag->entries);
    pthread_mutex_destroy(&diag->lock);
}

static void diag_add(hb_diag *diag, hb_severity severity, const char *path, int line, int col,
                     const char *page, const char *format, va_list ap)
{
    va_list copy;
    va_copy(copy, ap);
    int n = vsnprintf(NULL, 0, format, copy);
    va_end(copy);
    char *text = hb_malloc(n > 0 ? (size_t)n + 1 : 1);
    vsnprintf(text, n > 0 ? (size_t)n + 1 : 1, format, ap);

    pthread_mutex_lock(&diag->lock);
    if (diag->count == diag->cap) {
        diag->cap = diag->cap ? diag->cap * 2 : 16;
        diag->entries = hb_realloc(diag->entries, diag->cap * sizeof *diag->entries);
    }
    hb_diag_entry *e = &diag->entries[diag->count];
    e->path = hb_strdup(path ? path : "handbook");
    e->line = line;
    e->col = col;
    e->severity = severity;
    e->message = text;
    e->page = page ? hb_strdup(page) : NULL;
    e->seq = diag->count++;
    if (severity == HB_ERROR)
        diag->errors++;
    else
        diag->warnings++;
    pthread_mutex_unlock(&diag->lock);
}

void hb_diag_report(hb_diag *diag, hb_severity severity, const char *path, int line, int col,
                    const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    diag_add(diag, severity, path, line, col, NULL, format, ap);
    va_end(ap);
}

void hb_diag_report_page(hb_diag *diag, hb_severity severity, const char *path, int line, int col,
                         const char *page, const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    diag_add(diag, severity, path, line, col, page && *page ? page : "handbook", format, ap);
    va_end(ap);
}

/* Orders two entries by path, line and column only; 0 when they share a position. */
static int diag_compare_position(const hb_diag_entry *x, const hb_diag_entry *y)
{
    int c = strcmp(x->path, y->path);
    if (c)
        return c;
    if (x->line != y->line)
        return x->line < y->line ? -1 : 1;
    if (x->col != y->col)
        return x->col < y->col ? -1 : 1;
    return 0;
}

static int diag_compare(const void *a, const void *b)
{
    const hb_diag_entry *x = a, *y = b;
    int c = diag_compare_position(x, y);
    if (c)
        return c;
    return x->seq < y->seq ? -1 : x->seq > y->seq;
}

void hb_diag_print(hb_diag *diag, FILE *out)
{
    pthread_mutex_lock(&diag->lock);
    if (diag->count)
        qsort(diag->entries, diag->count, sizeof *diag->entries, diag_compare);
    for (size_t i = 0; i < diag->count; i++) {
        const hb_diag_entry *e = &diag->entries[i];
        if (e->page && !*e->page)
            continue; /* merged into an earlier entry below */
        fprintf(out, "%s:%d:%d: %s: %s", e->path, e->line > 0 ? e->line : 1,
                e->col > 0 ? e->col : 1, e->severity == HB_ERROR ? "error" : "warning",
                e->message);
        if (e->page) {
            /* The same error from other pages: same position (the run sorted together), same
             * severity and text. Count them, name the first page in byte order, and mark them
             * printed by emptying their page. */
            const char *first = e->page;
            size_t others = 0;
            for (size_t j = i + 1; j < diag->count && !diag_compare_position(e, &diag->entries[j]); j++) {
                hb_diag_entry *o = &diag->entries[j];
                if (!o->page || !*o->page || o->severity != e->severity || strcmp(o->message, e->message))
                    continue;
                if (strcmp(o->page, first) < 0)
                    first = o->page;
                others++;
            }
            fprintf(out, " (rendering %s", first);
            if (others)
                fprintf(out, " and %zu other page%s", others, others == 1 ? "" : "s");
            fputs(")", out);
            for (size_t j = i + 1; j < diag->count && !diag_compare_position(e, &diag->entries[j]); j++) {
                hb_diag_entry *o = &diag->entries[j];
                if (o->page && *o->page && o->severity == e->severity && !strcmp(o->message, e->message))
                    o->page[0] = '\0';
            }
        }
        fputc('\n', out);
    }
    pthread_mutex_unlock(&diag->lock);
}
