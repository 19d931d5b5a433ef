/* emu_cli.c: `handbook emu`: an emulator session on the terminal (a small line editor with
 * history and tab completion), or a transcript when standard input is not a terminal. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include "commands.h"
#include "emu.h"
#include "lab.h"
#include "out.h"

#define ECHO_MAX_BYTES 4096 /* a transcript echoes at most this much of one input line */
#define EDIT_HISTORY_MAX 500

static const char usage_text[] =
    "usage: handbook emu [--lab ID | --scenario FILE.yaml] [--seed N] [--content DIR]\n"
    "                    [--columns N] [--healthy] [--panel FILE]\n"
    "  --lab ID            open lab ID from DIR/labs/ID.yaml (every lab there is loaded, so\n"
    "                      `lab list` and `lab start` reach them all)\n"
    "  --scenario FILE     open one scenario file (for authors writing a new lab)\n"
    "  --seed N            replace the scenario's seed (same seed, same outputs)\n"
    "  --columns N         wrap the lab's text at N columns (default: the terminal's width on\n"
    "                      a terminal; a transcript is not wrapped)\n"
    "  --content DIR       the content folder (default: content)\n"
    "  --healthy           the scenario's cluster and job without its faults\n"
    "  --panel FILE        write the HTML that a command draws beside the page's console (the\n"
    "                      step timeline of `timeline`) into FILE, each drawing replacing the last\n"
    "With neither --lab nor --scenario, no lab is started. On a terminal the session is\n"
    "interactive; otherwise each input line is echoed after \"$ \" with its output (a transcript).\n";

/* ---- loading scenarios --------------------------------------------------------------------- */

/* Prints the problems hb_lab_catalog_add_file/_dir appended to errors, and frees them. */
static void print_errors(hb_buf *errors)
{
    if (errors->len)
        fputs(errors->data, stderr);
    hb_buf_free(errors);
}

/* ---- the panel: what a line drew beside the console ------------------------------------------ */

static const char *panel_path; /* --panel FILE, or NULL */

/* Writes the line's drawing into the --panel file (replacing the last). Returns 0, or -1 after
 * printing why it could not. */
static int write_panel(emu_session *session, const emu_result *r)
{
    if (!panel_path || !(r->flags & EMU_RESULT_PANEL))
        return 0;
    size_t len = 0;
    const char *html = emu_session_panel(session, &len);
    FILE *f = fopen(panel_path, "wb");
    if (!f || fwrite(html, 1, len, f) != len || fclose(f) != 0) {
        fprintf(stderr, "handbook emu: %s: %s\n", panel_path, strerror(errno));
        return -1;
    }
    return 0;
}

/* ---- transcript mode ----------------------------------------------------------------------- */

static void write_visible(FILE *f, const char *bytes, size_t len)
{
    emu_out out;
    emu_out_init(&out, len * 4 + 64);
    emu_out_write_visible(&out, bytes, len);
    fwrite(emu_out_text(&out), 1, out.len, f);
    emu_out_free(&out);
}

static int run_transcript(emu_session *session)
{
    int status = 0;
    fputs(emu_session_greeting(session), stdout);
    char *line = NULL;
    size_t cap = 0;
    ssize_t got;
    while ((got = getline(&line, &cap, stdin)) >= 0) {
        size_t len = (size_t)got;
        if (len > 0 && line[len - 1] == '\n')
            len--;
        fputs("$ ", stdout);
        write_visible(stdout, line, len > ECHO_MAX_BYTES ? ECHO_MAX_BYTES : len);
        if (len > ECHO_MAX_BYTES)
            printf("...[%zu more bytes]", len - ECHO_MAX_BYTES);
        fputc('\n', stdout);
        emu_result r = emu_session_execute(session, line, len);
        fwrite(r.text, 1, r.len, stdout);
        if (write_panel(session, &r) != 0)
            status = 1;
        if (r.flags & EMU_RESULT_EXIT)
            break;
    }
    free(line);
    fflush(stdout);
    return status;
}

/* ---- interactive mode: a small line editor ------------------------------------------------- */

typedef struct editor {
    char *buf;
    size_t len, cap, cursor;
    char *history[EDIT_HISTORY_MAX];
    size_t history_count;
    size_t history_pos; /* == history_count: the line being edited */
    char *saved;        /* the line being edited while browsing history */
    struct termios saved_termios;
    int raw;
    size_t cursor_row; /* rows between the prompt's first row and the cursor, last drawn */
} editor;

static editor *active_editor;

static void raw_off(void)
{
    if (active_editor && active_editor->raw) {
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &active_editor->saved_termios);
        active_editor->raw = 0;
    }
}

static int raw_on(editor *ed)
{
    if (tcgetattr(STDIN_FILENO, &ed->saved_termios) != 0)
        return -1;
    struct termios t = ed->saved_termios;
    t.c_iflag &= ~(tcflag_t)(BRKINT | ICRNL | INPCK | ISTRIP | IXON);
    t.c_cflag |= CS8;
    t.c_lflag &= ~(tcflag_t)(ECHO | ICANON | IEXTEN | ISIG);
    t.c_cc[VMIN] = 1;
    t.c_cc[VTIME] = 0;
    if (tcsetattr(STDIN_FILENO, TCSAFLUSH, &t) != 0)
        return -1;
    ed->raw = 1;
    return 0;
}

static int ed_reserve(editor *ed, size_t need)
{
    if (need + 1 <= ed->cap)
        return 0;
    size_t cap = ed->cap ? ed->cap : 256;
    while (cap < need + 1)
        cap *= 2;
    char *b = realloc(ed->buf, cap);
    if (!b)
        return -1;
    ed->buf = b;
    ed->cap = cap;
    return 0;
}

static void ed_set(editor *ed, const char *text)
{
    size_t n = strlen(text);
    if (ed_reserve(ed, n) != 0)
        return;
    memcpy(ed->buf, text, n + 1);
    ed->len = ed->cursor = n;
}

static void ed_insert(editor *ed, const char *text, size_t n)
{
    if (ed_reserve(ed, ed->len + n) != 0)
        return;
    memmove(ed->buf + ed->cursor + n, ed->buf + ed->cursor, ed->len - ed->cursor);
    memcpy(ed->buf + ed->cursor, text, n);
    ed->len += n;
    ed->cursor += n;
    ed->buf[ed->len] = '\0';
}

static void ed_delete(editor *ed, size_t from, size_t to)
{
    memmove(ed->buf + from, ed->buf + to, ed->len - to);
    ed->len -= to - from;
    ed->buf[ed->len] = '\0';
    if (ed->cursor > to)
        ed->cursor -= to - from;
    else if (ed->cursor > from)
        ed->cursor = from;
}

/* Columns of UTF-8 text (one per code point; wide characters are rare at a shell prompt). */
static size_t columns(const char *s, size_t n)
{
    size_t c = 0;
    for (size_t i = 0; i < n; i++)
        if (((unsigned char)s[i] & 0xC0) != 0x80)
            c++;
    return c;
}

/* Terminal width in columns (80 when unknown). */
static size_t term_columns(void)
{
    struct winsize ws;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
        return ws.ws_col;
    return 80;
}

/* Redraws prompt and line over as many rows as they wrap to, then puts the cursor in place:
 * up to the prompt's first row, clear to the end of the screen, print, move back. */
static void ed_redraw(editor *ed, const char *prompt)
{
    size_t cols = term_columns();
    if (ed->cursor_row)
        printf("\x1b[%zuA", ed->cursor_row);
    printf("\r\x1b[J%s", prompt);
    write_visible(stdout, ed->buf ? ed->buf : "", ed->len);
    size_t prompt_cols = columns(prompt, strlen(prompt));
    size_t end = prompt_cols + columns(ed->buf, ed->len);
    size_t at = prompt_cols + columns(ed->buf, ed->cursor);
    if (end > 0 && end % cols == 0)
        printf("\r\n"); /* the terminal waits to wrap: move to the next row ourselves */
    size_t end_row = end / cols, at_row = at / cols;
    if (end_row > at_row)
        printf("\x1b[%zuA", end_row - at_row);
    printf("\r");
    if (at % cols)
        printf("\x1b[%zuC", at % cols);
    ed->cursor_row = at_row;
    fflush(stdout);
}

static void ed_history_add(editor *ed, const char *line)
{
    if (!line[0] || (ed->history_count && strcmp(ed->history[ed->history_count - 1], line) == 0))
        return;
    char *copy = strdup(line);
    if (!copy)
        return;
    if (ed->history_count == EDIT_HISTORY_MAX) {
        free(ed->history[0]);
        memmove(ed->history, ed->history + 1, (EDIT_HISTORY_MAX - 1) * sizeof ed->history[0]);
        ed->history_count--;
    }
    ed->history[ed->history_count++] = copy;
}

static void ed_history_move(editor *ed, int delta)
{
    if (delta < 0 && ed->history_pos == 0)
        return;
    if (delta > 0 && ed->history_pos >= ed->history_count)
        return;
    if (ed->history_pos == ed->history_count) {
        free(ed->saved);
        ed->saved = strdup(ed->buf ? ed->buf : "");
    }
    ed->history_pos = (size_t)((long)ed->history_pos + delta);
    if (ed->history_pos == ed->history_count)
        ed_set(ed, ed->saved ? ed->saved : "");
    else
        ed_set(ed, ed->history[ed->history_pos]);
}

/* Start of the word the cursor ends (after the last unquoted blank or operator). */
static size_t word_start(const char *buf, size_t cursor)
{
    size_t start = 0;
    char quote = 0;
    for (size_t i = 0; i < cursor; i++) {
        char c = buf[i];
        if (quote) {
            if (c == quote)
                quote = 0;
        } else if (c == '\'' || c == '"') {
            quote = c;
        } else if (c == ' ' || c == '\t' || c == '|' || c == ';' || c == '&') {
            start = i + 1;
        }
    }
    return start;
}

static void ed_complete(editor *ed, emu_session *session, const char *prompt)
{
    const char *cands = emu_session_complete(session, ed->buf ? ed->buf : "", ed->cursor);
    size_t n = 0, common = 0, widest = 0;
    const char *first = cands;
    for (const char *p = cands; *p;) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        if (n == 0)
            common = len;
        else {
            size_t k = 0;
            while (k < common && k < len && first[k] == p[k])
                k++;
            common = k;
        }
        if (len > widest)
            widest = len;
        n++;
        p += len + (nl ? 1 : 0);
    }
    if (n == 0) {
        fputc('\a', stdout);
        fflush(stdout);
        return;
    }
    size_t start = word_start(ed->buf, ed->cursor);
    size_t typed = ed->cursor - start;
    if (n == 1 || common > typed) {
        ed_delete(ed, start, ed->cursor);
        ed_insert(ed, first, common);
        if (n == 1 && common > 0 && first[common - 1] != '/' && first[common - 1] != '=' &&
            first[common - 1] != ',')
            ed_insert(ed, " ", 1);
        ed_redraw(ed, prompt);
        return;
    }
    /* several candidates and nothing more in common: list them in columns below the line */
    size_t saved_cursor = ed->cursor;
    ed->cursor = ed->len;
    ed_redraw(ed, prompt);
    ed->cursor = saved_cursor;
    size_t width = widest + 2, per_row = term_columns() / (width ? width : 1);
    if (per_row == 0)
        per_row = 1;
    fputc('\n', stdout);
    size_t i = 0;
    for (const char *p = cands; *p; i++) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        printf("%-*.*s", (int)width, (int)len, p);
        if ((i + 1) % per_row == 0 || !nl || !nl[1])
            fputc('\n', stdout);
        p += len + (nl ? 1 : 0);
    }
    ed->cursor_row = 0;
    ed_redraw(ed, prompt);
}

/* Reads one line. Returns 1 with the line in ed->buf, 0 on end of input (Ctrl-D on an empty
 * line), -1 on a read error. */
static int ed_read(editor *ed, emu_session *session)
{
    const char *prompt = emu_session_prompt(session);
    ed_set(ed, "");
    ed->history_pos = ed->history_count;
    ed->cursor_row = 0;
    ed_redraw(ed, prompt);
    for (;;) {
        unsigned char c;
        ssize_t got = read(STDIN_FILENO, &c, 1);
        if (got <= 0)
            return got == 0 ? 0 : -1;
        switch (c) {
        case '\r':
        case '\n':
            ed->cursor = ed->len; /* leave the cursor after the whole line */
            ed_redraw(ed, prompt);
            printf("\r\n");
            return 1;
        case 3: /* Ctrl-C: drop the line */
            ed->cursor = ed->len;
            ed_redraw(ed, prompt);
            printf("^C\r\n");
            ed_set(ed, "");
            ed->cursor_row = 0;
            ed_redraw(ed, prompt);
            continue;
        case 4: /* Ctrl-D: end on an empty line, else delete forward */
            if (ed->len == 0) {
                printf("\r\n");
                return 0;
            }
            if (ed->cursor < ed->len)
                ed_delete(ed, ed->cursor, ed->cursor + 1);
            break;
        case 127:
        case 8:
            if (ed->cursor > 0) {
                size_t from = ed->cursor - 1;
                while (from > 0 && ((unsigned char)ed->buf[from] & 0xC0) == 0x80)
                    from--;
                ed_delete(ed, from, ed->cursor);
            }
            break;
        case 1: ed->cursor = 0; break;
        case 5: ed->cursor = ed->len; break;
        case 21: ed_delete(ed, 0, ed->cursor); break;
        case 11: ed_delete(ed, ed->cursor, ed->len); break;
        case 23: {
            size_t from = ed->cursor;
            while (from > 0 && ed->buf[from - 1] == ' ')
                from--;
            while (from > 0 && ed->buf[from - 1] != ' ')
                from--;
            ed_delete(ed, from, ed->cursor);
            break;
        }
        case 12:
            printf("\x1b[H\x1b[2J");
            ed->cursor_row = 0;
            break;
        case '\t': ed_complete(ed, session, prompt); continue;
        case 27: {
            unsigned char seq[3];
            if (read(STDIN_FILENO, &seq[0], 1) != 1 || read(STDIN_FILENO, &seq[1], 1) != 1)
                break;
            if (seq[0] == '[' && seq[1] >= '0' && seq[1] <= '9') {
                if (read(STDIN_FILENO, &seq[2], 1) != 1)
                    break;
                if (seq[2] == '~' && seq[1] == '3' && ed->cursor < ed->len)
                    ed_delete(ed, ed->cursor, ed->cursor + 1);
                else if (seq[2] == '~' && (seq[1] == '1' || seq[1] == '7'))
                    ed->cursor = 0;
                else if (seq[2] == '~' && (seq[1] == '4' || seq[1] == '8'))
                    ed->cursor = ed->len;
            } else if (seq[0] == '[' || seq[0] == 'O') {
                switch (seq[1]) {
                case 'A': ed_history_move(ed, -1); break;
                case 'B': ed_history_move(ed, 1); break;
                case 'C':
                    if (ed->cursor < ed->len) {
                        ed->cursor++;
                        while (ed->cursor < ed->len &&
                               ((unsigned char)ed->buf[ed->cursor] & 0xC0) == 0x80)
                            ed->cursor++;
                    }
                    break;
                case 'D':
                    if (ed->cursor > 0) {
                        ed->cursor--;
                        while (ed->cursor > 0 &&
                               ((unsigned char)ed->buf[ed->cursor] & 0xC0) == 0x80)
                            ed->cursor--;
                    }
                    break;
                case 'H': ed->cursor = 0; break;
                case 'F': ed->cursor = ed->len; break;
                }
            }
            break;
        }
        default:
            if (c >= 32) {
                char ch = (char)c;
                ed_insert(ed, &ch, 1);
            }
            break;
        }
        ed_redraw(ed, prompt);
    }
}

/* The terminal's width in columns, 0 when stdout is not a terminal that says. */
static int terminal_columns(void)
{
    struct winsize ws;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
        return ws.ws_col;
    return 0;
}

/* columns: --columns N, or -1 to follow the terminal's width (read again before each line,
 * as the terminal may be resized). */
static int run_interactive(emu_session *session, int columns)
{
    emu_session_set_columns(session, columns >= 0 ? columns : terminal_columns());
    editor ed = {0};
    active_editor = &ed;
    if (raw_on(&ed) != 0) {
        active_editor = NULL;
        return run_transcript(session);
    }
    atexit(raw_off);
    /* in raw mode "\n" does not return the carriage: print the greeting line by line */
    for (const char *g = emu_session_greeting(session); *g; g++) {
        if (*g == '\n')
            fputc('\r', stdout);
        fputc(*g, stdout);
    }
    int rc;
    while ((rc = ed_read(&ed, session)) == 1) {
        ed_history_add(&ed, ed.buf);
        raw_off();
        if (columns < 0)
            emu_session_set_columns(session, terminal_columns());
        emu_result r = emu_session_execute(session, ed.buf, ed.len);
        if (r.flags & EMU_RESULT_CLEAR)
            printf("\x1b[H\x1b[2J");
        fwrite(r.text, 1, r.len, stdout);
        fflush(stdout);
        write_panel(session, &r);
        if (r.flags & EMU_RESULT_SOLVED)
            printf("\n[lab solved]\n");
        if (r.flags & EMU_RESULT_EXIT)
            break;
        if (raw_on(&ed) != 0)
            break;
    }
    raw_off();
    active_editor = NULL;
    for (size_t i = 0; i < ed.history_count; i++)
        free(ed.history[i]);
    free(ed.buf);
    free(ed.saved);
    return 0;
}

/* ---- entry --------------------------------------------------------------------------------- */

static int usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "handbook emu: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n%s", usage_text);
    return 2;
}

int hb_emu_main(int argc, char **argv)
{
    const char *lab = NULL, *scenario = NULL, *content = "content";
    uint64_t seed = 0;
    int options = 0;
    panel_path = NULL;
    int columns = -1; /* -1: the terminal's */
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fputs(usage_text, stdout);
            return 0;
        }
        if (strcmp(a, "--healthy") == 0) {
            options |= EMU_OPEN_HEALTHY;
            continue;
        }
        const char *value = NULL;
        const char *eq = strchr(a, '=');
        size_t name_len = eq ? (size_t)(eq - a) : strlen(a);
        static const char *const with_value[] = {"--lab", "--scenario", "--seed", "--content",
                                                 "--panel", "--columns"};
        int known = -1;
        for (int k = 0; k < 6; k++)
            if (strlen(with_value[k]) == name_len && strncmp(a, with_value[k], name_len) == 0)
                known = k;
        if (known < 0)
            return usage_error("unknown option '%s'", a);
        if (eq)
            value = eq + 1;
        else if (i + 1 < argc)
            value = argv[++i];
        else
            return usage_error("%s needs a value", with_value[known]);
        if (known == 0)
            lab = value;
        else if (known == 1)
            scenario = value;
        else if (known == 3)
            content = value;
        else if (known == 4)
            panel_path = value;
        else if (known == 5) {
            char *end;
            errno = 0;
            long v = strtol(value, &end, 10);
            if (!value[0] || *end || errno || v < 0 || v > 1000)
                return usage_error("--columns takes a number from 0 to 1000, not '%s'", value);
            columns = (int)v;
        } else {
            char *end;
            errno = 0;
            unsigned long long v = strtoull(value, &end, 10);
            if (!value[0] || *end || errno || value[0] == '-')
                return usage_error("--seed takes a non-negative integer, not '%s'", value);
            seed = (uint64_t)v;
        }
    }
    if (lab && scenario)
        return usage_error("%s", "give --lab or --scenario, not both");

    emu_catalog *catalog = emu_catalog_new();
    if (!catalog) {
        fprintf(stderr, "handbook emu: out of memory\n");
        return 1;
    }
    char open_id[256] = "";
    if (scenario) {
        hb_buf errors = {0};
        int failed = hb_lab_catalog_add_file(catalog, scenario, &errors);
        print_errors(&errors);
        if (failed) {
            emu_catalog_free(catalog);
            return 1;
        }
        char *id = hb_lab_scenario_id(scenario);
        snprintf(open_id, sizeof open_id, "%s", id);
        free(id);
    } else {
        char dir[4096];
        snprintf(dir, sizeof dir, "%s/labs", content);
        hb_buf errors = {0};
        int failed = hb_lab_catalog_add_dir(catalog, dir, &errors);
        if (failed < 0)
            fprintf(stderr, "%s: error: %s\n", dir, strerror(errno));
        print_errors(&errors);
        if (failed != 0) {
            if (failed > 0)
                fprintf(stderr, "handbook emu: %d scenario file%s in %s ha%s errors\n", failed,
                        failed == 1 ? "" : "s", dir, failed == 1 ? "s" : "ve");
            emu_catalog_free(catalog);
            return 1;
        }
        if (lab)
            snprintf(open_id, sizeof open_id, "%s", lab);
    }
    char *error = NULL;
    emu_session *session = emu_session_open_ex(catalog, open_id[0] ? open_id : NULL, seed, options,
                                               &error);
    if (!session) {
        fprintf(stderr, "handbook emu: %s\n", error ? error : "cannot open the session");
        free(error);
        emu_catalog_free(catalog);
        return lab ? 2 : 1;
    }
    int interactive = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
    if (!interactive && columns > 0)
        emu_session_set_columns(session, columns);
    int rc = interactive ? run_interactive(session, columns) : run_transcript(session);
    emu_session_close(session);
    emu_catalog_free(catalog);
    return rc;
}
