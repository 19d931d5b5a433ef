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

/* One entry as printed: its message with "(rendering PAGE and N other pages)" when it came
 * from rendering pages. Copies nothing; `message` is built in `buf` when needed. */
typedef struct diag_item {
    const hb_diag_entry *entry;
    const char *first_page; /* NULL, or the first of the pages it came from, in byte order */
    size_t other_pages;
} diag_item;

/* Calls `each` for every entry in print order (sorted; entries of several pages merged as
 * diag.h says). Holds the lock throughout. */
static void diag_each(hb_diag *diag, void (*each)(const diag_item *item, void *ctx), void *ctx)
{
    pthread_mutex_lock(&diag->lock);
    if (diag->count)
        qsort(diag->entries, diag->count, sizeof *diag->entries, diag_compare);
    for (size_t i = 0; i < diag->count; i++) {
        const hb_diag_entry *e = &diag->entries[i];
        if (e->page && !*e->page)
            continue; /* merged into an earlier entry below */
        diag_item item = {.entry = e};
        if (e->page) {
            /* The same error from other pages: same position (the run sorted together), same
             * severity and text. Count them, name the first page in byte order, and mark them
             * printed by emptying their page. */
            item.first_page = e->page;
            for (size_t j = i + 1; j < diag->count && !diag_compare_position(e, &diag->entries[j]); j++) {
                hb_diag_entry *o = &diag->entries[j];
                if (!o->page || !*o->page || o->severity != e->severity || strcmp(o->message, e->message))
                    continue;
                if (strcmp(o->page, item.first_page) < 0)
                    item.first_page = o->page;
                item.other_pages++;
            }
        }
        each(&item, ctx);
        if (e->page) {
            for (size_t j = i + 1; j < diag->count && !diag_compare_position(e, &diag->entries[j]); j++) {
                hb_diag_entry *o = &diag->entries[j];
                if (o->page && *o->page && o->severity == e->severity && !strcmp(o->message, e->message))
                    o->page[0] = '\0';
            }
        }
    }
    pthread_mutex_unlock(&diag->lock);
}

/* Writes the item's message (with its pages, see diag.h) through `put`, which escapes. */
static void diag_message(const diag_item *item, FILE *out, void (*put)(FILE *out, const char *s))
{
    put(out, item->entry->message);
    if (!item->first_page)
        return;
    put(out, " (rendering ");
    put(out, item->first_page);
    if (item->other_pages) {
        char count[64];
        snprintf(count, sizeof count, " and %zu other page%s", item->other_pages,
                 item->other_pages == 1 ? "" : "s");
        put(out, count);
    }
    put(out, ")");
}

static void put_plain(FILE *out, const char *s) { fputs(s, out); }

static const char *diag_severity_name(hb_severity severity)
{
    return severity == HB_ERROR ? "error" : "warning";
}

static void print_text(const diag_item *item, void *ctx)
{
    FILE *out = ctx;
    const hb_diag_entry *e = item->entry;
    fprintf(out, "%s:%d:%d: %s: ", e->path, e->line > 0 ? e->line : 1, e->col > 0 ? e->col : 1,
            diag_severity_name(e->severity));
    diag_message(item, out, put_plain);
    fputc('\n', out);
}

/* GitHub's workflow-command escapes: the message escapes %, CR and LF; a property value also
 * escapes ':' and ','. (docs.github.com, "Workflow commands for GitHub Actions", and
 * actions/toolkit's command.ts escapeData/escapeProperty.) */
static void put_github_data(FILE *out, const char *s)
{
    for (; *s; s++) {
        if (*s == '%')
            fputs("%25", out);
        else if (*s == '\r')
            fputs("%0D", out);
        else if (*s == '\n')
            fputs("%0A", out);
        else
            fputc(*s, out);
    }
}

static void put_github_property(FILE *out, const char *s)
{
    for (; *s; s++) {
        if (*s == ':')
            fputs("%3A", out);
        else if (*s == ',')
            fputs("%2C", out);
        else {
            char one[2] = {*s, 0};
            put_github_data(out, one);
        }
    }
}

static void print_github(const diag_item *item, void *ctx)
{
    FILE *out = ctx;
    const hb_diag_entry *e = item->entry;
    fprintf(out, "::%s ", diag_severity_name(e->severity));
    if (strcmp(e->path, "handbook") != 0) { /* "handbook": no file of its own */
        fputs("file=", out);
        put_github_property(out, e->path);
        fprintf(out, ",line=%d,col=%d,", e->line > 0 ? e->line : 1, e->col > 0 ? e->col : 1);
    }
    fputs("title=handbook::", out);
    diag_message(item, out, put_github_data);
    fputc('\n', out);
}

/* A JSON string's contents (RFC 8259): quote, backslash and control characters escaped. A
 * string that is not valid UTF-8 (a file name in another encoding) has each byte above 0x7f
 * written as \u00XX, so the document stays valid JSON. */
static void put_json(FILE *out, const char *s)
{
    int valid = hb_utf8_valid(s, strlen(s), NULL, NULL);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p >= 0x80 && !valid)
            fprintf(out, "\\u%04x", *p);
        else if (*p == '"' || *p == '\\')
            fprintf(out, "\\%c", *p);
        else if (*p == '\n')
            fputs("\\n", out);
        else if (*p == '\t')
            fputs("\\t", out);
        else if (*p < 0x20 || *p == 0x7f)
            fprintf(out, "\\u%04x", *p);
        else
            fputc(*p, out);
    }
}

typedef struct json_ctx {
    FILE *out;
    size_t printed, errors, warnings;
} json_ctx;

static void print_json(const diag_item *item, void *ctx)
{
    json_ctx *j = ctx;
    const hb_diag_entry *e = item->entry;
    fputs(j->printed++ ? ",\n" : "\n", j->out);
    if (e->severity == HB_ERROR)
        j->errors++;
    else
        j->warnings++;
    fputs("  {\"file\": \"", j->out);
    put_json(j->out, e->path);
    fprintf(j->out, "\", \"line\": %d, \"column\": %d, \"severity\": \"%s\", \"message\": \"",
            e->line > 0 ? e->line : 1, e->col > 0 ? e->col : 1, diag_severity_name(e->severity));
    diag_message(item, j->out, put_json);
    fputs("\"}", j->out);
}

void hb_diag_print(hb_diag *diag, FILE *out)
{
    hb_diag_print_as(diag, out, HB_DIAG_TEXT);
}

void hb_diag_print_as(hb_diag *diag, FILE *out, hb_diag_format format)
{
    if (format == HB_DIAG_GITHUB) {
        diag_each(diag, print_github, out);
    } else if (format == HB_DIAG_JSON) {
        json_ctx j = {.out = out};
        fputs("{\"diagnostics\": [", out);
        diag_each(diag, print_json, &j);
        fprintf(out, "%s], \"errors\": %zu, \"warnings\": %zu}\n", j.printed ? "\n" : "",
                j.errors, j.warnings);
    } else {
        diag_each(diag, print_text, out);
    }
}

int hb_diag_format_parse(const char *name, hb_diag_format *format)
{
    if (!strcmp(name, "text"))
        *format = HB_DIAG_TEXT;
    else if (!strcmp(name, "github"))
        *format = HB_DIAG_GITHUB;
    else if (!strcmp(name, "json"))
        *format = HB_DIAG_JSON;
    else
        return -1;
    return 0;
}
