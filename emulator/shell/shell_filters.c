/* shell_filters.c: the text filters the shell offers for pipes and simulated files: cat, grep,
 * head, tail, wc, sort, uniq, cut, tee. Options and messages follow GNU coreutils and GNU grep. */
#include "shell_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat/regex_nfa.h"
#include "full_only.h"

#define EX(context) ((sh_exec *)(context)->shell)

static int input_open(emu_context *c, const char *tool, const char *path, long tail_lines,
                      emu_out *file_buf, sh_input *in);

int sh_input_open(emu_context *c, const char *tool, const char *path, sh_input *in)
{
    return input_open(c, tool, path, 0, NULL, in);
}

int sh_input_open_in(emu_context *c, const char *tool, const char *path, emu_out *file_buf,
                     sh_input *in)
{
    return input_open(c, tool, path, 0, file_buf, in);
}

/* sh_input_open's work: tail_lines > 0 when only a file's last lines are read (tail -n); a
 * file's text goes into file_buf when non-NULL, else into in->buf. */
static int input_open(emu_context *c, const char *tool, const char *path, long tail_lines,
                      emu_out *file_buf, sh_input *in)
{
    emu_out_init(&in->buf, 0);
    in->is_file = 0;
    if (!path || strcmp(path, "-") == 0) {
        in->name = "(standard input)";
        in->text = c->input;
        in->len = c->input_len;
        return 0;
    }
    sh_exec *ex = EX(c);
    in->name = path;
    emu_out *buf = file_buf ? file_buf : &in->buf;
    emu_out_reset(buf);
    emu_file_kind kind = sh_file_tail(ex, path, tail_lines, buf);
    if (kind != EMU_FILE_REGULAR) {
        emu_out_printf(ex->err, "%s: ", tool);
        emu_out_write_visible(ex->err, path, strlen(path));
        emu_out_printf(ex->err, ": %s\n",
                       kind == EMU_FILE_DIR ? "Is a directory" : "No such file or directory");
        emu_out_free(&in->buf);
        return -1;
    }
    in->text = emu_out_text(buf);
    in->len = buf->len;
    in->is_file = 1;
    return 0;
}

void sh_input_close(sh_input *in)
{
    emu_out_free(&in->buf);
}

static void bad_option(emu_context *c, const char *tool, const char *arg, const char *usage)
{
    sh_exec *ex = EX(c);
    if (arg[0] == '-' && arg[1] == '-')
        emu_out_printf(ex->err, "%s: unrecognized option '", tool);
    else
        emu_out_printf(ex->err, "%s: invalid option -- '", tool);
    emu_out_write_visible(ex->err, arg[1] == '-' ? arg : arg + 1, arg[1] == '-' ? strlen(arg) : 1);
    emu_out_printf(ex->err, "'\n%sTry '%s --help' for more information.\n", usage, tool);
}

/* Parses a non-negative count; returns 0 or -1. */
static int parse_count(const char *s, long *value)
{
    char *end;
    if (!*s || *s == '-')
        return -1;
    long v = strtol(s, &end, 10);
    if (*end || v < 0)
        return -1;
    *value = v;
    return 0;
}

/* ---- cat ---------------------------------------------------------------------------------- */

typedef struct cat_state {
    emu_out *out;
    long number;
} cat_state;

static int cat_numbered(void *data, const char *line, size_t len)
{
    cat_state *st = data;
    emu_out_printf(st->out, "%6ld\t", ++st->number);
    emu_out_write(st->out, line, len);
    emu_out_write(st->out, "\n", 1);
    return 0;
}

int sh_cmd_cat(emu_context *c, int argc, char **argv, emu_out *out)
{
    int numbered = 0, files = 0, status = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-n") == 0) {
            EMU_FULL_MODULE_ONLY(); /* no lab's line nor lab golden numbers lines: the full module's */
            numbered = 1;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            bad_option(c, argv[0], argv[i], "Usage: cat [-n] [FILE]...\n");
            return 1;
        } else
            files++;
    }
    cat_state st = {out, 0};
    emu_out file_buf;
    emu_out_init(&file_buf, 0);
    for (int i = 1; i < argc || (files == 0 && i == argc); i++) {
        if (i < argc && argv[i][0] == '-' && argv[i][1])
            continue;
        sh_input in;
        if (sh_input_open_in(c, argv[0], i < argc ? argv[i] : NULL, &file_buf, &in) != 0) {
            status = 1;
        } else {
            if (numbered)
                sh_for_each_line(in.text, in.len, cat_numbered, &st);
            else
                emu_out_write(out, in.text, in.len);
            sh_input_close(&in);
        }
        if (i == argc)
            break;
    }
    emu_out_free(&file_buf);
    return status;
}

/* ---- grep --------------------------------------------------------------------------------- */

#define GREP_CONTEXT_MAX 1000 /* lines of -A/-B/-C context */

typedef struct grep_opts {
    int invert, count, number, only, word, quiet, fixed, ignore_case, extended;
    int list;           /* 1: -l (names of files with a selected line), 2: -L (without) */
    long max_count;     /* -m: stop reading a file after this many selected lines; -1: none */
    long after, before; /* -A, -B (and -C) context lines */
    int with_name; /* -1 default (names when several files), 0 -h, 1 -H */
    const char *patterns[16]; /* PATTERN, or every -e PATTERN */
    int n_patterns;
    int used_e;
    emu_re *re[16];           /* the compiled non-empty patterns */
    int n_re;
    int match_all;            /* an empty pattern matches every line */
} grep_opts;

static void grep_free(grep_opts *g)
{
    for (int i = 0; i < g->n_re; i++)
        emu_re_free(g->re[i]);
    g->n_re = 0;
}

static const char grep_usage[] = "Usage: grep [OPTION]... PATTERNS [FILE]...\n";

/* Builds an ERE that matches s literally (for -F). Returns malloc'd text or NULL. */
static char *grep_escape(const char *s)
{
    size_t n = strlen(s);
    char *e = malloc(n * 2 + 1);
    if (!e)
        return NULL;
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (strchr("\\.[]()*+?{}|^$", s[i]))
            e[k++] = '\\';
        e[k++] = s[i];
    }
    e[k] = '\0';
    return e;
}

static int is_word_char(char ch)
{
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
           ch == '_';
}

/* Finds the first match of one pattern in line at or after from; returns 1 with [*so, *eo). */
static int grep_find_one(grep_opts *g, const emu_re *re, const char *line, size_t len,
                         size_t from, size_t *so, size_t *eo)
{
    size_t start = from;
    while (start <= len) {
        size_t m_so, m_eo;
        if (!emu_re_match(re, line + start, start > 0 ? EMU_RE_NOTBOL : 0, &m_so, &m_eo))
            return 0;
        size_t s = start + m_so, e = start + m_eo;
        if (!g->word || ((s == 0 || !is_word_char(line[s - 1])) &&
                         (e >= len || !is_word_char(line[e])) && e > s)) {
            *so = s;
            *eo = e;
            return 1;
        }
        start = s + 1;
    }
    return 0;
}

/* The leftmost (then longest) match of any pattern at or after from: 1 with [*so, *eo). */
static int grep_find(grep_opts *g, const char *line, size_t len, size_t from, size_t *so,
                     size_t *eo)
{
    if (g->match_all) {
        *so = *eo = from;
        return from <= len;
    }
    int found = 0;
    for (int i = 0; i < g->n_re; i++) {
        size_t s, e;
        if (grep_find_one(g, g->re[i], line, len, from, &s, &e) &&
            (!found || s < *so || (s == *so && e > *eo))) {
            *so = s;
            *eo = e;
            found = 1;
        }
    }
    return found;
}

typedef struct grep_held {
    const char *text; /* a line kept for -B context (points into the input) */
    size_t len;
    long line_no;
} grep_held;

typedef struct grep_run {
    grep_opts *g;
    emu_out *out;
    const char *name; /* printed before lines, or NULL */
    char *scratch;
    size_t scratch_cap;
    long line_no, selected, file_selected;
    int failed;
    int stop;           /* -m reached in this file */
    long after_left;    /* context lines still to print after the last match */
    long last_printed;  /* line number of the last line printed in this input, 0: none */
    int printed_any;    /* some line was printed (in any input): groups get "--" between */
    grep_held *held;    /* ring of the last g->before lines */
    long held_count, held_first;
} grep_run;

/* Prints one line with its prefixes; sep is ':' for a selected line, '-' for context. */
static void grep_print(grep_run *r, const char *line, size_t len, long line_no, char sep)
{
    grep_opts *g = r->g;
    if ((g->after || g->before) && r->printed_any &&
        (r->last_printed == 0 || line_no != r->last_printed + 1))
        emu_out_write(r->out, "--\n", 3);
    if (r->name)
        emu_out_printf(r->out, "%s%c", r->name, sep);
    if (g->number)
        emu_out_printf(r->out, "%ld%c", line_no, sep);
    emu_out_write(r->out, line, len);
    emu_out_write(r->out, "\n", 1);
    r->last_printed = line_no;
    r->printed_any = 1;
}

/* grep_line's work; known >= 0: whether the line is selected by the pattern is already known
 * (grep_literal_lines found the plain pattern in it, and neither -o nor -w needs the match's
 * place), so it is not looked for again. */
static int grep_line_known(grep_run *r, const char *line, size_t len, int known);

static int grep_line(void *data, const char *line, size_t len)
{
    return grep_line_known(data, line, len, -1);
}

static int grep_line_known(grep_run *r, const char *line, size_t len, int known)
{
    grep_opts *g = r->g;
    r->line_no++;
    size_t clen = 0, so = 0, eo = 0;
    int match = known;
    if (known < 0 && len + 1 > r->scratch_cap) {
        char *s = realloc(r->scratch, len + 1);
        if (!s) {
            r->failed = 1;
            return 1;
        }
        r->scratch = s;
        r->scratch_cap = len + 1;
    }
    if (known < 0) {
        /* a NUL byte ends the line for the matcher */
        memcpy(r->scratch, line, len);
        r->scratch[len] = '\0';
        clen = strlen(r->scratch);
        match = grep_find(g, r->scratch, clen, 0, &so, &eo);
    }
    int context = !g->count && !g->quiet && !g->only && (g->after || g->before);
    if (match == g->invert) {
        if (context && r->after_left > 0) {
            grep_print(r, line, len, r->line_no, '-');
            r->after_left--;
        } else if (context && g->before > 0) {
            long slot = (r->held_first + r->held_count) % g->before;
            if (r->held_count == g->before) {
                r->held_first = (r->held_first + 1) % g->before;
                r->held_count--;
            }
            r->held[slot] = (grep_held){line, len, r->line_no};
            r->held_count++;
        }
        return 0;
    }
    r->selected++;
    r->file_selected++;
    if (g->quiet || g->list)
        return 1;
    if (g->max_count >= 0 && r->file_selected >= g->max_count)
        r->stop = 1; /* this line still prints (with its -A context in GNU grep: not here) */
    if (g->count)
        return r->stop;
    if (g->only && !g->invert) {
        size_t from = 0;
        while (from <= clen && grep_find(g, r->scratch, clen, from, &so, &eo)) {
            if (eo > so) {
                if (r->name)
                    emu_out_printf(r->out, "%s:", r->name);
                if (g->number)
                    emu_out_printf(r->out, "%ld:", r->line_no);
                emu_out_write(r->out, r->scratch + so, eo - so);
                emu_out_write(r->out, "\n", 1);
                from = eo;
            } else {
                from = so + 1;
            }
        }
        return r->stop;
    }
    if (g->only)
        return r->stop;
    if (context) {
        for (long k = 0; k < r->held_count; k++) {
            grep_held *h = &r->held[(r->held_first + k) % g->before];
            grep_print(r, h->text, h->len, h->line_no, '-');
        }
        r->held_count = r->held_first = 0;
        r->after_left = g->after;
    }
    grep_print(r, line, len, r->line_no, ':');
    return r->stop;
}

/* The first occurrence of lit in text[start, len), which is NUL-terminated at len (a file's
 * buffer) and may hold NUL bytes before it; NULL when there is none. */
static const char *grep_find_text(const char *text, size_t start, size_t len, const char *lit)
{
    for (const char *p = text + start, *end = text + len; p < end; p += strlen(p) + 1) {
        const char *hit = strstr(p, lit);
        if (hit)
            return hit;
    }
    return NULL;
}

/* sh_for_each_line(text, len, grep_line, r) for a file's text (NUL-terminated at len) when the
 * one pattern is the plain string lit and neither -v nor context lines are asked for: only a line
 * holding lit can be selected, so lit is looked for in the whole text at once and the lines
 * before each hit are skipped (counted for -n), not matched one by one; grep_line still decides
 * each line that holds it. */
static void grep_literal_lines(grep_run *r, const char *text, size_t len, const char *lit)
{
    size_t start = 0;
    while (start < len) {
        const char *hit = grep_find_text(text, start, len, lit);
        if (!hit)
            return; /* no line left to select (line_no is not read again in this file) */
        size_t at = (size_t)(hit - text);
        for (const char *nl; (nl = memchr(text + start, '\n', at - start)) != NULL;) {
            r->line_no++; /* a line without lit */
            start = (size_t)(nl - text) + 1;
        }
        const char *nl = memchr(text + start, '\n', len - start);
        size_t end = nl ? (size_t)(nl - text) : len;
        /* hit is the line's first occurrence: it matches unless a NUL before it ends the line
         * for the matcher (grep_line's rule) */
        int known = r->g->only || r->g->word ? -1 : !memchr(text + start, '\0', at - start);
        if (grep_line_known(r, text + start, end - start, known))
            return;
        start = end + 1;
    }
}

int sh_cmd_grep(emu_context *c, int argc, char **argv, emu_out *out)
{
    sh_exec *ex = EX(c);
    grep_opts g = {0};
    g.with_name = -1;
    g.max_count = -1;
    char **files = calloc((size_t)argc + 1, sizeof *files);
    int nfiles = 0, status = 1, i = 1, end_of_options = 0;
    if (!files)
        return 2;
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (end_of_options || a[0] != '-' || !a[1]) {
            if (!g.used_e && g.n_patterns == 0)
                g.patterns[g.n_patterns++] = a;
            else
                files[nfiles++] = argv[i];
            continue;
        }
        if (strcmp(a, "--") == 0) {
            end_of_options = 1;
            continue;
        }
        if (a[1] == '-') {
            bad_option(c, "grep", a, grep_usage);
            free(files);
            return 2;
        }
        for (const char *f = a + 1; *f; f++) {
            switch (*f) {
            case 'i': g.ignore_case = 1; break;
            case 'v': g.invert = 1; break;
            case 'E': g.extended = 1; break;
            case 'F': g.fixed = 1; break;
            case 'c': g.count = 1; break;
            case 'n': g.number = 1; break;
            case 'o': g.only = 1; break;
            case 'w': g.word = 1; break;
            case 'q': g.quiet = 1; break;
            case 'l': g.list = 1; break;
            case 'L': g.list = 2; break;
            case 'h': g.with_name = 0; break;
            case 'm': {
                const char *value = f[1] ? f + 1 : (i + 1 < argc ? argv[++i] : NULL);
                if (!value) {
                    emu_out_printf(ex->err, "grep: option requires an argument -- 'm'\n%s"
                                            "Try 'grep --help' for more information.\n",
                                   grep_usage);
                    free(files);
                    return 2;
                }
                if (parse_count(value, &g.max_count) != 0) {
                    emu_out_printf(ex->err, "grep: invalid max count\n");
                    free(files);
                    return 2;
                }
                goto next_arg;
            }
            case 'H': g.with_name = 1; break;
            case 'A':
            case 'B':
            case 'C': {
                char opt = *f;
                const char *value = f[1] ? f + 1 : (i + 1 < argc ? argv[++i] : NULL);
                long n = 0;
                if (!value) {
                    emu_out_printf(ex->err, "grep: option requires an argument -- '%c'\n%s"
                                            "Try 'grep --help' for more information.\n",
                                   opt, grep_usage);
                    free(files);
                    return 2;
                }
                if (parse_count(value, &n) != 0) {
                    emu_out_printf(ex->err, "grep: ");
                    emu_out_write_visible(ex->err, value, strlen(value));
                    emu_out_printf(ex->err, ": invalid context length argument\n");
                    free(files);
                    return 2;
                }
                if (n > GREP_CONTEXT_MAX)
                    n = GREP_CONTEXT_MAX;
                if (opt != 'B')
                    g.after = n;
                if (opt != 'A')
                    g.before = n;
                goto next_arg; /* the rest of this argument was the number */
            }
            case 'e':
                if (!g.used_e && g.n_patterns == 1) /* a PATTERN before -e was a file */
                    files[nfiles++] = (char *)g.patterns[--g.n_patterns];
                g.used_e = 1;
                if (g.n_patterns == 16) {
                    emu_out_printf(ex->err, "grep: too many patterns (this grep takes 16)\n");
                    free(files);
                    return 2;
                }
                if (f[1]) {
                    g.patterns[g.n_patterns++] = f + 1;
                } else if (i + 1 < argc) {
                    g.patterns[g.n_patterns++] = argv[++i];
                } else {
                    emu_out_printf(ex->err, "grep: option requires an argument -- 'e'\n%s"
                                            "Try 'grep --help' for more information.\n",
                                   grep_usage);
                    free(files);
                    return 2;
                }
                goto next_arg; /* the rest of this argument was the pattern */
            default: {
                char opt[3] = {'-', *f, '\0'};
                bad_option(c, "grep", opt, grep_usage);
                free(files);
                return 2;
            }
            }
        }
    next_arg:;
    }
    if (g.n_patterns == 0) {
        emu_out_printf(ex->err, "%sTry 'grep --help' for more information.\n", grep_usage);
        free(files);
        return 2;
    }
    for (int k = 0; k < g.n_patterns; k++) {
        const char *pattern = g.patterns[k];
        if (!pattern[0]) {
            g.match_all = 1;
            continue;
        }
        /* back-references make matching exponential on long lines: refuse them */
        for (const char *p = pattern; *p && !g.fixed; p++) {
            if (*p == '\\' && p[1] >= '1' && p[1] <= '9') {
                emu_out_printf(ex->err, "grep: back-references (\\%c) are not supported in this "
                                        "simulated shell\n", p[1]);
                grep_free(&g);
                free(files);
                return 2;
            }
            if (*p == '\\' && p[1])
                p++;
        }
        char *escaped = g.fixed ? grep_escape(pattern) : NULL;
        int cflags = (g.extended || g.fixed ? EMU_RE_EXTENDED : 0) |
                     (g.ignore_case ? EMU_RE_ICASE : 0);
        if (g.fixed && !escaped) {
            grep_free(&g);
            free(files);
            return 2;
        }
        g.re[g.n_re] = emu_re_compile(escaped ? escaped : pattern, cflags);
        free(escaped);
        if (!g.re[g.n_re]) {
            /* our own words: libc's messages differ between glibc and the WebAssembly libc */
            emu_out_printf(ex->err, "grep: invalid %s regular expression: ",
                           g.extended ? "extended" : "basic");
            emu_out_write_visible(ex->err, pattern, strlen(pattern));
            emu_out_printf(ex->err, "\n");
            grep_free(&g);
            free(files);
            return 2;
        }
        g.n_re++;
    }
    int with_name = g.with_name >= 0 ? g.with_name : nfiles > 1;
    grep_run run = {0};
    run.g = &g;
    run.out = out;
    if (g.before > 0) {
        run.held = calloc((size_t)g.before, sizeof *run.held);
        if (!run.held) {
            grep_free(&g);
            free(files);
            return 2;
        }
    }
    const char *literal = g.n_re == 1 && !g.match_all && !g.invert && !g.after && !g.before
                              ? emu_re_literal(g.re[0])
                              : NULL;
    if (literal && (!literal[0] || strchr(literal, '\n')))
        literal = NULL;
    int error = 0;
    emu_out file_buf;
    emu_out_init(&file_buf, 0);
    for (int k = 0; k < nfiles || (nfiles == 0 && k == 0); k++) {
        sh_input in;
        if (sh_input_open_in(c, "grep", nfiles ? files[k] : NULL, &file_buf, &in) != 0) {
            error = 1;
            continue;
        }
        run.name = with_name ? in.name : NULL;
        run.line_no = 0;
        run.last_printed = 0;
        run.after_left = 0;
        run.held_count = run.held_first = 0;
        run.file_selected = 0;
        run.stop = 0;
        long before = run.selected;
        if (g.max_count != 0 && literal && in.is_file)
            grep_literal_lines(&run, in.text, in.len, literal);
        else if (g.max_count != 0)
            sh_for_each_line(in.text, in.len, grep_line, &run);
        if (g.list && !g.quiet) {
            if ((g.list == 1) == (run.file_selected > 0))
                emu_out_printf(out, "%s\n", in.name);
        } else if (g.count && !g.quiet) {
            if (run.name)
                emu_out_printf(out, "%s:", run.name);
            emu_out_printf(out, "%ld\n", run.selected - before);
        }
        sh_input_close(&in);
        if (g.quiet && run.selected)
            break;
    }
    if (run.selected)
        status = 0;
    if (error && !(g.quiet && run.selected))
        status = 2;
    if (run.failed)
        status = 2;
    emu_out_free(&file_buf);
    free(run.scratch);
    free(run.held);
    grep_free(&g);
    free(files);
    return status;
}

/* ---- head and tail ------------------------------------------------------------------------ */

/* Parses -n N, -nN, -N, --lines=N (and -c N, --bytes=N: *bytes becomes 1); sets *count and
 * *mode ('+' for tail's +N, '-' for head's -n -N). Returns 0, or -1 after an error. */
static int parse_lines_opts(emu_context *c, const char *tool, int argc, char **argv, long *count,
                            char *mode, char **files, int *nfiles, int *headers, int *bytes)
{
    sh_exec *ex = EX(c);
    const char *usage = strcmp(tool, "head") == 0 ? "Usage: head [OPTION]... [FILE]...\n"
                                                   : "Usage: tail [OPTION]... [FILE]...\n";
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *value = NULL;
        if (a[0] != '-' || !a[1]) {
            if (a[0] == '+' && strcmp(tool, "tail") == 0 && i == 1 && a[1] >= '0' && a[1] <= '9') {
                value = a; /* obsolete `tail +N` */
            } else {
                files[(*nfiles)++] = argv[i];
                continue;
            }
        } else if (strcmp(a, "-f") == 0 || strcmp(a, "-F") == 0 || strcmp(a, "--follow") == 0) {
            emu_out_printf(ex->err, "%s: %s: following is not available here: simulated time "
                                    "moves with each command, so run %s again to see new lines\n",
                           tool, a, tool);
            return -1;
        } else if (strcmp(a, "-q") == 0 || strcmp(a, "--quiet") == 0 ||
                   strcmp(a, "--silent") == 0) {
            *headers = 0;
            continue;
        } else if (strcmp(a, "-v") == 0 || strcmp(a, "--verbose") == 0) {
            *headers = 1;
            continue;
        } else if (strcmp(a, "-n") == 0 || strcmp(a, "--lines") == 0 || strcmp(a, "-c") == 0 ||
                   strcmp(a, "--bytes") == 0) {
            if (i + 1 >= argc) {
                emu_out_printf(ex->err, "%s: option requires an argument -- '%c'\n%s"
                                        "Try '%s --help' for more information.\n",
                               tool, a[1] == 'n' || a[2] == 'l' ? 'n' : 'c', usage, tool);
                return -1;
            }
            *bytes = a[1] == 'c' || a[2] == 'b';
            value = argv[++i];
        } else if (strncmp(a, "-n", 2) == 0 || strncmp(a, "-c", 2) == 0) {
            *bytes = a[1] == 'c';
            value = a + 2;
        } else if (strncmp(a, "--lines=", 8) == 0) {
            *bytes = 0;
            value = a + 8;
        } else if (strncmp(a, "--bytes=", 8) == 0) {
            *bytes = 1;
            value = a + 8;
        } else if (a[1] >= '0' && a[1] <= '9') {
            value = a + 1;
        } else {
            bad_option(c, tool, a, usage);
            return -1;
        }
        *mode = 0;
        const char *digits = value;
        if (*digits == '+' && strcmp(tool, "tail") == 0)
            *mode = '+', digits++;
        else if (*digits == '-' && strcmp(tool, "head") == 0)
            *mode = '-', digits++;
        else if (*digits == '-' || *digits == '+')
            digits++;
        if (parse_count(digits, count) != 0) {
            emu_out_printf(ex->err, "%s: invalid number of %s: '", tool, *bytes ? "bytes" : "lines");
            emu_out_write_visible(ex->err, value, strlen(value));
            emu_out_printf(ex->err, "'\n");
            return -1;
        }
    }
    return 0;
}

/* Number of lines in text (a last line without '\n' counts). */
static size_t count_lines(const char *text, size_t len)
{
    size_t n = 0;
    for (const char *p = text, *end = text + len; (p = memchr(p, '\n', (size_t)(end - p))); p++)
        n++;
    if (len > 0 && text[len - 1] != '\n')
        n++;
    return n;
}

/* Byte offset where line number `line` (0-based) starts, or len. */
static size_t line_offset(const char *text, size_t len, size_t line)
{
    size_t off = 0;
    while (line > 0 && off < len) {
        const char *nl = memchr(text + off, '\n', len - off);
        if (!nl)
            return len;
        off = (size_t)(nl - text) + 1;
        line--;
    }
    return off;
}

static void write_range(emu_out *out, const char *text, size_t len, size_t from_line,
                        size_t to_line)
{
    size_t a = line_offset(text, len, from_line);
    size_t b = to_line == (size_t)-1 ? len : line_offset(text, len, to_line);
    if (b > a) {
        emu_out_write(out, text + a, b - a);
        if (text[b - 1] != '\n')
            emu_out_write(out, "\n", 1);
    }
}

static int head_tail(emu_context *c, int argc, char **argv, emu_out *out, int is_head)
{
    const char *tool = is_head ? "head" : "tail";
    long count = 10;
    char mode = 0;
    char **files = calloc((size_t)argc + 1, sizeof *files);
    int nfiles = 0, status = 0, headers = -1; /* -1: headers when several files */
    int bytes = 0;
    if (!files)
        return 1;
    if (parse_lines_opts(c, tool, argc, argv, &count, &mode, files, &nfiles, &headers, &bytes) != 0) {
        free(files);
        return 1;
    }
    emu_out file_buf;
    emu_out_init(&file_buf, 0);
    for (int k = 0; k < nfiles || (nfiles == 0 && k == 0); k++) {
        sh_input in;
        /* tail -n N reads only the end of a file (a hint the simulated files may take) */
        long tail_lines = !is_head && !bytes && mode == 0 && count > 0 ? count : 0;
        if (input_open(c, tool, nfiles ? files[k] : NULL, tail_lines, &file_buf, &in) != 0) {
            status = 1;
            continue;
        }
        if (headers == 1 || (headers < 0 && nfiles > 1))
            emu_out_printf(out, "%s==> %s <==\n", k ? "\n" : "", in.name);
        size_t n = (size_t)count;
        if (bytes) { /* -c: bytes, the last line's newline not added */
            size_t from = 0, to = in.len;
            if (is_head)
                to = mode == '-' ? (n >= in.len ? 0 : in.len - n) : (n < in.len ? n : in.len);
            else
                from = mode == '+' ? (n > 0 ? (n - 1 < in.len ? n - 1 : in.len) : 0)
                                   : (n >= in.len ? 0 : in.len - n);
            emu_out_write(out, in.text + from, to - from);
            sh_input_close(&in);
            continue;
        }
        size_t total = count_lines(in.text, in.len);
        if (is_head && mode == '-')
            write_range(out, in.text, in.len, 0, n >= total ? 0 : total - n);
        else if (is_head)
            write_range(out, in.text, in.len, 0, n >= total ? (size_t)-1 : n);
        else if (mode == '+')
            write_range(out, in.text, in.len, n > 0 ? n - 1 : 0, (size_t)-1);
        else
            write_range(out, in.text, in.len, n >= total ? 0 : total - n, (size_t)-1);
        sh_input_close(&in);
    }
    emu_out_free(&file_buf);
    free(files);
    return status;
}

int sh_cmd_head(emu_context *c, int argc, char **argv, emu_out *out)
{
    return head_tail(c, argc, argv, out, 1);
}

int sh_cmd_tail(emu_context *c, int argc, char **argv, emu_out *out)
{
    return head_tail(c, argc, argv, out, 0);
}

/* ---- wc ----------------------------------------------------------------------------------- */

int sh_cmd_wc(emu_context *c, int argc, char **argv, emu_out *out)
{
    int lines = 0, words = 0, bytes = 0, nfiles = 0, status = 0;
    char **files = calloc((size_t)argc + 1, sizeof *files);
    if (!files)
        return 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-' || !a[1]) {
            files[nfiles++] = argv[i];
            continue;
        }
        for (const char *f = a + 1; *f; f++) {
            if (*f == 'l')
                lines = 1;
            else if (*f == 'w')
                words = 1;
            else if (*f == 'c' || *f == 'm')
                bytes = 1;
            else {
                char opt[3] = {'-', *f, '\0'};
                bad_option(c, "wc", opt, "Usage: wc [OPTION]... [FILE]...\n");
                free(files);
                return 1;
            }
        }
    }
    if (!lines && !words && !bytes)
        lines = words = bytes = 1;
    size_t tl = 0, tw = 0, tb = 0;
    size_t counts[3];
    /* GNU wc (coreutils src/wc.c, compute_number_width): one count of one input is printed
     * bare; otherwise every row, the total's too, is as wide as the sum of the files' sizes
     * (the largest number any row can hold), found before any is read; standard input, not a
     * regular file, gets at least 7 */
    int columns = lines + words + bytes;
    emu_out file_buf;
    emu_out_init(&file_buf, 0);
    int width_all = 7;
    if (nfiles) {
        size_t all = 0;
        int minimum = 1;
        for (int k = 0; k < nfiles; k++) {
            if (!strcmp(files[k], "-")) {
                minimum = 7;
                continue;
            }
            emu_out_reset(&file_buf);
            if (sh_file_tail(EX(c), files[k], 0, &file_buf) == EMU_FILE_REGULAR)
                all += file_buf.len;
        }
        char digits[32];
        width_all = snprintf(digits, sizeof digits, "%zu", all);
        if (width_all < minimum)
            width_all = minimum;
    }
    for (int k = 0; k < nfiles || (nfiles == 0 && k == 0); k++) {
        sh_input in;
        if (sh_input_open_in(c, "wc", nfiles ? files[k] : NULL, &file_buf, &in) != 0) {
            status = 1;
            continue;
        }
        size_t l = 0, w = 0;
        int in_word = 0;
        /* without -w (wc -l of 512 rank logs: 1.8 MB) the newlines alone, by memchr */
        for (const char *p = in.text, *end = in.text + in.len; !words && p < end; l++) {
            p = memchr(p, '\n', (size_t)(end - p));
            if (!p)
                break;
            p++;
        }
        for (size_t i = 0; words && i < in.len; i++) {
            char ch = in.text[i];
            if (ch == '\n')
                l++;
            int space = ch == ' ' || ch == '\n' || ch == '\t' || ch == '\r' || ch == '\v' ||
                        ch == '\f';
            if (!space && !in_word)
                w++;
            in_word = !space;
        }
        counts[0] = l, counts[1] = w, counts[2] = in.len;
        tl += l, tw += w, tb += in.len;
        int width = width_all;
        if (columns == 1 && (!nfiles || nfiles == 1))
            width = 0;
        int first = 1;
        for (int col = 0; col < 3; col++) {
            int on = col == 0 ? lines : col == 1 ? words : bytes;
            if (!on)
                continue;
            emu_out_printf(out, "%s%*zu", first ? "" : " ", width, counts[col]);
            first = 0;
        }
        if (nfiles)
            emu_out_printf(out, " %s", in.name);
        emu_out_write(out, "\n", 1);
        sh_input_close(&in);
    }
    if (nfiles > 1) {
        int width = width_all;
        counts[0] = tl, counts[1] = tw, counts[2] = tb;
        int first = 1;
        for (int col = 0; col < 3; col++) {
            int on = col == 0 ? lines : col == 1 ? words : bytes;
            if (!on)
                continue;
            emu_out_printf(out, "%s%*zu", first ? "" : " ", width, counts[col]);
            first = 0;
        }
        emu_out_printf(out, " total\n");
    }
    emu_out_free(&file_buf);
    free(files);
    return status;
}

/* ---- sort and uniq ------------------------------------------------------------------------ */

#define SORT_KEYS_MAX 8

/* One -k POS1[,POS2] key: fields 1-based, end 0 to the end of the line; its own ordering
 * flags (when it has any, the global ones do not apply to it, as in GNU sort). */
typedef struct sort_keydef {
    long start, end;
    int numeric, reverse, fold, blanks, has_flags;
} sort_keydef;

typedef struct sort_opts {
    int numeric, reverse, unique, fold, blanks; /* the global flags */
    sort_keydef keys[SORT_KEYS_MAX];
    int n_keys;               /* 0: the whole line is the key */
    char sep;                 /* 0: blanks */
} sort_opts;

/* A line's keys found once before sorting (a key's bounds and, for -n, its number): comparing
 * 512 rank log lines found each key of each line 9 times over. */
typedef struct sort_keys {
    const char *start[SORT_KEYS_MAX], *end[SORT_KEYS_MAX];
    double number[SORT_KEYS_MAX];
} sort_keys;

typedef struct sort_line {
    const char *text;
    size_t len;
    const sort_keys *keys; /* NULL: found at each comparison */
} sort_line;

/* qsort has no user pointer in C11; thread-local, since pages (and the examples the emulator
 * runs for them) may be built on several threads at once. */
static _Thread_local const sort_opts *sort_current;

/* Key k of a line: [*ks, *ke) within it. As in GNU sort, a field (without -t) starts with the
 * blanks before it, which -b (or a key's b) skips. */
static void sort_key(const sort_opts *o, const sort_keydef *k, const sort_line *l,
                     const char **ks, const char **ke)
{
    const char *p = l->text, *end = l->text + l->len;
    const char *start = end, *stop = end;
    long field = 1;
    const char *q = p;
    while (q <= end) {
        /* the field that begins at q: its leading blanks, then non-blanks (or up to -t) */
        const char *fe = q;
        if (o->sep)
            while (fe < end && *fe != o->sep)
                fe++;
        else {
            while (fe < end && (*fe == ' ' || *fe == '\t'))
                fe++;
            while (fe < end && *fe != ' ' && *fe != '\t')
                fe++;
        }
        if (field == k->start)
            start = q;
        if (k->end > 0 && field == k->end) {
            stop = fe;
            break;
        }
        if (fe >= end)
            break;
        q = o->sep ? fe + 1 : fe;
        field++;
    }
    if (k->blanks || (!k->has_flags && o->blanks) || k->numeric || (!k->has_flags && o->numeric))
        while (start < stop && (*start == ' ' || *start == '\t'))
            start++;
    if (start > stop)
        start = stop;
    *ks = start, *ke = stop;
}

/* GNU sort -n: optional blanks, '-', digits with one '.', anything else ends the number. */
static double sort_number(const char *s, const char *e)
{
    while (s < e && (*s == ' ' || *s == '\t'))
        s++;
    int neg = 0;
    if (s < e && *s == '-')
        neg = 1, s++;
    double v = 0, scale = 0;
    for (; s < e; s++) {
        if (*s >= '0' && *s <= '9') {
            if (scale) {
                v += (*s - '0') * scale;
                scale /= 10;
            } else
                v = v * 10 + (*s - '0');
        } else if (*s == '.' && !scale)
            scale = 0.1;
        else
            break;
    }
    return neg ? -v : v;
}

static int sort_bytes(const char *a, size_t an, const char *b, size_t bn, int fold)
{
    size_t n = an < bn ? an : bn;
    for (size_t i = 0; i < n; i++) {
        unsigned char x = (unsigned char)a[i], y = (unsigned char)b[i];
        if (fold) {
            if (x >= 'a' && x <= 'z')
                x -= 32;
            if (y >= 'a' && y <= 'z')
                y -= 32;
        }
        if (x != y)
            return x < y ? -1 : 1;
    }
    return an < bn ? -1 : an > bn ? 1 : 0;
}

/* Compares two lines by every key in turn (or by the whole line with no -k), each key with its
 * own flags; 0 when all keys are equal. */
static int sort_key_cmp(const sort_opts *o, const sort_line *a, const sort_line *b)
{
    sort_keydef whole = {1, 0, o->numeric, o->reverse, o->fold, o->blanks, 1};
    int n = o->n_keys ? o->n_keys : 1;
    for (int i = 0; i < n; i++) {
        const sort_keydef *k = o->n_keys ? &o->keys[i] : &whole;
        int numeric = k->has_flags ? k->numeric : o->numeric;
        int reverse = k->has_flags ? k->reverse : o->reverse;
        int fold = k->has_flags ? k->fold : o->fold;
        const char *as, *ae, *bs, *be;
        int r;
        if (a->keys && b->keys) {
            as = a->keys->start[i], ae = a->keys->end[i], bs = b->keys->start[i], be = b->keys->end[i];
        } else if (!o->n_keys)
            as = a->text, ae = a->text + a->len, bs = b->text, be = b->text + b->len;
        else {
            sort_key(o, k, a, &as, &ae);
            sort_key(o, k, b, &bs, &be);
        }
        if (numeric) {
            double x = a->keys && b->keys ? a->keys->number[i] : sort_number(as, ae),
                   y = a->keys && b->keys ? b->keys->number[i] : sort_number(bs, be);
            r = x < y ? -1 : x > y ? 1 : 0;
        } else
            r = sort_bytes(as, (size_t)(ae - as), bs, (size_t)(be - bs), fold);
        if (r)
            return reverse ? -r : r;
    }
    return 0;
}

static int sort_cmp(const void *pa, const void *pb)
{
    const sort_line *a = pa, *b = pb;
    const sort_opts *o = sort_current;
    int r = sort_key_cmp(o, a, b);
    if (r == 0 && !o->unique) { /* GNU's last resort: the whole lines, byte by byte */
        r = sort_bytes(a->text, a->len, b->text, b->len, 0);
        return o->reverse ? -r : r;
    }
    return r;
}

typedef struct line_list {
    sort_line *items;
    size_t count, cap;
    int failed;
} line_list;

static int collect_line(void *data, const char *line, size_t len)
{
    line_list *l = data;
    if (l->count == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 64;
        sort_line *items = realloc(l->items, cap * sizeof *items);
        if (!items) {
            l->failed = 1;
            return 1;
        }
        l->items = items;
        l->cap = cap;
    }
    l->items[l->count++] = (sort_line){line, len, NULL};
    return 0;
}

/* Parses one -k F1[OPTS][,F2[OPTS]] into the next key. Returns 0, or -1 when it is malformed
 * or there are too many keys. */
static int parse_key(const char *s, sort_opts *o)
{
    if (o->n_keys == SORT_KEYS_MAX)
        return -1;
    sort_keydef *k = &o->keys[o->n_keys];
    memset(k, 0, sizeof *k);
    char *end;
    k->start = strtol(s, &end, 10);
    if (end == s || k->start < 1)
        return -1;
    for (int pos = 0; pos < 2; pos++) {
        for (; *end && strchr("bfnr", *end); end++) {
            k->has_flags = 1;
            if (*end == 'n')
                k->numeric = 1;
            else if (*end == 'r')
                k->reverse = 1;
            else if (*end == 'f')
                k->fold = 1;
            else
                k->blanks = 1;
        }
        if (pos == 0 && *end == ',') {
            const char *f2 = end + 1;
            k->end = strtol(f2, &end, 10);
            if (end == f2 || k->end < k->start)
                return -1;
        } else
            break;
    }
    if (*end)
        return -1;
    o->n_keys++;
    return 0;
}

int sh_cmd_sort(emu_context *c, int argc, char **argv, emu_out *out)
{
    sh_exec *ex = EX(c);
    sort_opts o = {0};
    char **files = calloc((size_t)argc + 1, sizeof *files);
    int nfiles = 0, status = 0;
    if (!files)
        return 2;
    const char *usage = "Usage: sort [OPTION]... [FILE]...\n";
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-' || !a[1]) {
            files[nfiles++] = argv[i];
            continue;
        }
        for (const char *f = a + 1; *f; f++) {
            if (*f == 'n')
                o.numeric = 1;
            else if (*f == 'r')
                o.reverse = 1;
            else if (*f == 'u')
                o.unique = 1;
            else if (*f == 'f')
                o.fold = 1;
            else if (*f == 'b')
                o.blanks = 1;
            else if (*f == 'k' || *f == 't') {
                const char *value = f[1] ? f + 1 : (i + 1 < argc ? argv[++i] : NULL);
                if (!value) {
                    emu_out_printf(ex->err, "sort: option requires an argument -- '%c'\n%s"
                                            "Try 'sort --help' for more information.\n",
                                   *f, usage);
                    free(files);
                    return 2;
                }
                if (*f == 't') {
                    if (strlen(value) != 1) {
                        emu_out_printf(ex->err, "sort: multi-character tab '");
                        emu_out_write_visible(ex->err, value, strlen(value));
                        emu_out_printf(ex->err, "'\n");
                        free(files);
                        return 2;
                    }
                    o.sep = value[0];
                } else if (parse_key(value, &o) != 0) {
                    emu_out_printf(ex->err, "sort: invalid key field specification '");
                    emu_out_write_visible(ex->err, value, strlen(value));
                    emu_out_printf(ex->err, "'\n");
                    free(files);
                    return 2;
                }
                break;
            } else {
                char opt[3] = {'-', *f, '\0'};
                bad_option(c, "sort", opt, usage);
                free(files);
                return 2;
            }
        }
    }
    sh_input *inputs = calloc((size_t)(nfiles ? nfiles : 1), sizeof *inputs);
    line_list lines = {0};
    int opened = 0;
    if (!inputs) {
        free(files);
        return 2;
    }
    for (int k = 0; k < nfiles || (nfiles == 0 && k == 0); k++) {
        if (sh_input_open(c, "sort", nfiles ? files[k] : NULL, &inputs[opened]) != 0) {
            status = 2;
            continue;
        }
        sh_for_each_line(inputs[opened].text, inputs[opened].len, collect_line, &lines);
        opened++;
    }
    sort_keys *keys = NULL;
    if (status == 0 && !lines.failed && lines.count > 1 && (keys = malloc(lines.count * sizeof *keys))) {
        /* each line's keys once, as sort_key_cmp would find them (without memory, it finds them
         * at each comparison) */
        sort_keydef whole = {1, 0, o.numeric, o.reverse, o.fold, o.blanks, 1};
        int n = o.n_keys ? o.n_keys : 1;
        for (size_t l = 0; l < lines.count; l++) {
            sort_line *line = &lines.items[l];
            for (int i = 0; i < n; i++) {
                const sort_keydef *k = o.n_keys ? &o.keys[i] : &whole;
                const char *s = line->text, *e = line->text + line->len;
                if (o.n_keys)
                    sort_key(&o, k, line, &s, &e);
                keys[l].start[i] = s, keys[l].end[i] = e;
                keys[l].number[i] = (k->has_flags ? k->numeric : o.numeric) ? sort_number(s, e) : 0;
            }
            line->keys = &keys[l];
        }
    }
    if (status == 0 && !lines.failed) {
        sort_current = &o;
        if (lines.count > 1)
            qsort(lines.items, lines.count, sizeof *lines.items, sort_cmp);
        for (size_t i = 0; i < lines.count; i++) {
            if (o.unique && i > 0 && sort_key_cmp(&o, &lines.items[i - 1], &lines.items[i]) == 0)
                continue;
            emu_out_write(out, lines.items[i].text, lines.items[i].len);
            emu_out_write(out, "\n", 1);
        }
        sort_current = NULL;
    }
    free(keys);
    for (int k = 0; k < opened; k++)
        sh_input_close(&inputs[k]);
    free(inputs);
    free(lines.items);
    free(files);
    return status;
}

int sh_cmd_uniq(emu_context *c, int argc, char **argv, emu_out *out)
{
    int counts = 0, dups = 0;
    const char *file = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-' || !a[1]) {
            if (file) {
                emu_out_printf(EX(c)->err, "uniq: writing an output file is not available here\n");
                return 1;
            }
            file = a;
            continue;
        }
        for (const char *f = a + 1; *f; f++) {
            if (*f == 'c')
                counts = 1;
            else if (*f == 'd')
                dups = 1;
            else {
                char opt[3] = {'-', *f, '\0'};
                bad_option(c, "uniq", opt, "Usage: uniq [OPTION]... [INPUT [OUTPUT]]\n");
                return 1;
            }
        }
    }
    sh_input in;
    if (sh_input_open(c, "uniq", file, &in) != 0)
        return 1;
    line_list lines = {0};
    sh_for_each_line(in.text, in.len, collect_line, &lines);
    for (size_t i = 0; i < lines.count && !lines.failed;) {
        size_t j = i + 1;
        while (j < lines.count && lines.items[j].len == lines.items[i].len &&
               memcmp(lines.items[j].text, lines.items[i].text, lines.items[i].len) == 0)
            j++;
        if (!dups || j - i > 1) {
            if (counts)
                emu_out_printf(out, "%7zu ", j - i);
            emu_out_write(out, lines.items[i].text, lines.items[i].len);
            emu_out_write(out, "\n", 1);
        }
        i = j;
    }
    free(lines.items);
    sh_input_close(&in);
    return 0;
}

/* ---- cut ---------------------------------------------------------------------------------- */

#define CUT_RANGES_MAX 32

typedef struct cut_opts {
    char delim;
    int chars;          /* -c or -b: select byte positions, not fields */
    int only_delimited; /* -s: skip lines without the delimiter */
    long from[CUT_RANGES_MAX], to[CUT_RANGES_MAX]; /* 1-based, to 0 = open */
    size_t ranges;
    emu_out *out;
} cut_opts;

static int cut_selected(const cut_opts *o, long field)
{
    for (size_t i = 0; i < o->ranges; i++)
        if (field >= o->from[i] && (o->to[i] == 0 || field <= o->to[i]))
            return 1;
    return 0;
}

static int cut_line(void *data, const char *line, size_t len)
{
    cut_opts *o = data;
    if (o->chars) { /* GNU cut -c counts bytes, as -b does */
        for (size_t i = 0; i < len; i++)
            if (cut_selected(o, (long)i + 1))
                emu_out_write(o->out, line + i, 1);
        emu_out_write(o->out, "\n", 1);
        return 0;
    }
    if (!memchr(line, o->delim, len)) { /* no delimiter: the whole line, as GNU cut does */
        if (o->only_delimited)
            return 0;
        emu_out_write(o->out, line, len);
        emu_out_write(o->out, "\n", 1);
        return 0;
    }
    long field = 1;
    int first = 1;
    size_t start = 0;
    for (size_t i = 0; i <= len; i++) {
        if (i == len || line[i] == o->delim) {
            if (cut_selected(o, field)) {
                if (!first)
                    emu_out_write(o->out, &o->delim, 1);
                emu_out_write(o->out, line + start, i - start);
                first = 0;
            }
            field++;
            start = i + 1;
        }
    }
    emu_out_write(o->out, "\n", 1);
    return 0;
}

static int parse_fields(const char *s, cut_opts *o)
{
    while (*s) {
        if (o->ranges == CUT_RANGES_MAX)
            return -1;
        char *end;
        long a = 1, b;
        if (*s != '-') {
            a = strtol(s, &end, 10);
            if (end == s || a < 1)
                return -1;
            s = end;
        }
        b = a;
        if (*s == '-') {
            s++;
            if (*s >= '0' && *s <= '9') {
                b = strtol(s, &end, 10);
                if (b < a)
                    return -1;
                s = end;
            } else
                b = 0;
        }
        o->from[o->ranges] = a;
        o->to[o->ranges++] = b;
        if (*s == ',')
            s++;
        else if (*s)
            return -1;
    }
    return o->ranges ? 0 : -1;
}

int sh_cmd_cut(emu_context *c, int argc, char **argv, emu_out *out)
{
    sh_exec *ex = EX(c);
    cut_opts o = {.delim = '\t', .out = out};
    const char *file = NULL, *fields = NULL;
    int delim_given = 0;
    const char *usage = "Usage: cut OPTION... [FILE]...\n";
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-' || !a[1]) {
            file = a;
            continue;
        }
        if (a[1] == 's' && !a[2]) {
            o.only_delimited = 1;
            continue;
        }
        if (a[1] == 'd' || a[1] == 'f' || a[1] == 'c' || a[1] == 'b') {
            const char *value = a[2] ? a + 2 : (i + 1 < argc ? argv[++i] : NULL);
            if (!value) {
                emu_out_printf(ex->err, "cut: option requires an argument -- '%c'\n%s"
                                        "Try 'cut --help' for more information.\n",
                               a[1], usage);
                return 1;
            }
            if (a[1] == 'd') {
                if (strlen(value) != 1) {
                    emu_out_printf(ex->err, "cut: the delimiter must be a single character\n"
                                            "Try 'cut --help' for more information.\n");
                    return 1;
                }
                o.delim = value[0];
                delim_given = 1;
            } else {
                if (fields && (o.chars != (a[1] != 'f'))) {
                    emu_out_printf(ex->err, "cut: only one type of list may be specified\n"
                                            "Try 'cut --help' for more information.\n");
                    return 1;
                }
                fields = value;
                o.chars = a[1] != 'f';
            }
            continue;
        }
        bad_option(c, "cut", a, usage);
        return 1;
    }
    if (!fields) {
        emu_out_printf(ex->err, "cut: you must specify a list of bytes, characters, or fields\n"
                                "Try 'cut --help' for more information.\n");
        return 1;
    }
    if (o.chars && (delim_given || o.only_delimited)) {
        emu_out_printf(ex->err, "cut: %s\nTry 'cut --help' for more information.\n",
                       delim_given ? "an input delimiter may be specified only when operating on fields"
                                   : "suppressing non-delimited lines makes sense\n\tonly when operating on fields");
        return 1;
    }
    if (parse_fields(fields, &o) != 0) {
        emu_out_printf(ex->err, "cut: invalid %s value '", o.chars ? "byte/character position" : "field");
        emu_out_write_visible(ex->err, fields, strlen(fields));
        emu_out_printf(ex->err, "'\nTry 'cut --help' for more information.\n");
        return 1;
    }
    sh_input in;
    if (sh_input_open(c, "cut", file, &in) != 0)
        return 1;
    sh_for_each_line(in.text, in.len, cut_line, &o);
    sh_input_close(&in);
    return 0;
}

/* ---- tee ---------------------------------------------------------------------------------- */

/* tee passes its input through; the simulated file system takes no writes, so each FILE gets
 * the error a read-only file system gives, as GNU tee reports it, and the status is 1. */
int sh_cmd_tee(emu_context *c, int argc, char **argv, emu_out *out)
{
    sh_exec *ex = EX(c);
    int status = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-a") == 0 || strcmp(argv[i], "--append") == 0)
            continue;
        if (argv[i][0] == '-' && argv[i][1]) {
            bad_option(c, "tee", argv[i], "Usage: tee [OPTION]... [FILE]...\n");
            return 1;
        }
        emu_out_printf(ex->err, "tee: ");
        emu_out_write_visible(ex->err, argv[i], strlen(argv[i]));
        emu_out_printf(ex->err, ": Read-only file system\n");
        status = 1;
    }
    emu_out_write(out, c->input, c->input_len);
    return status;
}
