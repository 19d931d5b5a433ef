/* wrap.c: text the emulator writes for a person to read (a lab's goal, hints, feedback and
 * solutions, the greeting) wrapped at the terminal's width, as programs that read the width of
 * their terminal do (bash's `help`, man, git). Tool outputs are never wrapped: a real
 * nvidia-smi prints its table whatever the width, and so does ours. Declared in command.h. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "out.h"

/* Bounds of a usable width: below EMU_WRAP_MIN_COLUMNS a line holds too few words to read,
 * so the text is wrapped at that; above EMU_WRAP_MAX_COLUMNS a width is not a terminal's. */
#define EMU_WRAP_MIN_COLUMNS 20
#define EMU_WRAP_MAX_COLUMNS 1000

int emu_context_columns(const emu_context *context)
{
    const char *env = context->getenv ? context->getenv(context, "COLUMNS") : NULL;
    if (env && *env) {
        long n = 0;
        const char *p = env;
        while (*p >= '0' && *p <= '9' && n <= EMU_WRAP_MAX_COLUMNS)
            n = n * 10 + (*p++ - '0');
        if (!*p && n > 0 && n <= EMU_WRAP_MAX_COLUMNS)
            return (int)n;
    }
    return context->columns;
}

/* Columns of bytes [s, s + len): one per UTF-8 code point (the emulator's text has no wide
 * characters). */
static size_t wrap_width(const char *s, size_t len)
{
    size_t n = 0;
    for (size_t i = 0; i < len; i++)
        n += ((unsigned char)s[i] & 0xC0) != 0x80;
    return n;
}

/* Length of a list marker at s ("- ", "* ", "12. ", "3) "), 0 when there is none. */
static size_t wrap_marker(const char *s, size_t len)
{
    if (len >= 2 && (s[0] == '-' || s[0] == '*') && s[1] == ' ')
        return 2;
    size_t i = 0;
    while (i < len && i < 3 && s[i] >= '0' && s[i] <= '9')
        i++;
    if (i > 0 && i + 1 < len && (s[i] == '.' || s[i] == ')') && s[i + 1] == ' ')
        return i + 2;
    return 0;
}

/* Writes one logical line (no newline in it) wrapped at columns, continuation lines indented
 * under the text after its leading blanks and list marker (none when that indent would take
 * half the width). A line breaks only at a blank outside `backquotes`, so a command quoted in
 * the text stays whole; a word (or quoted command) longer than the width overflows. */
static void wrap_line(emu_out *out, int columns, const char *s, size_t len)
{
    size_t lead = 0;
    while (lead < len && (s[lead] == ' ' || s[lead] == '\t'))
        lead++;
    size_t indent = wrap_width(s, lead) + wrap_marker(s + lead, len - lead);
    if (indent * 2 > (size_t)columns)
        indent = 0;
    size_t pos = 0, prefix = 0; /* prefix: blanks written before the current piece */
    while (pos < len) {
        size_t room = (size_t)columns - prefix;
        /* cut: the last blank that leaves the piece within room, else the first blank after
           it; a piece starts outside backquotes, as every cut is outside them */
        size_t cut = 0, col = 0, i;
        int quoted = 0;
        for (i = pos; i < len; i++) {
            unsigned char ch = (unsigned char)s[i];
            if ((ch & 0xC0) != 0x80)
                col++;
            if (ch == '`')
                quoted = !quoted;
            else if (ch == ' ' && !quoted && i > pos + (pos == 0 ? lead : 0)) {
                if (col - 1 <= room || !cut)
                    cut = i;
                if (col - 1 > room)
                    break;
            }
        }
        if ((i == len && col <= room) || !cut) { /* the rest fits, or is one word */
            emu_out_write(out, s + pos, len - pos);
            break;
        }
        size_t end = cut;
        while (end > pos && s[end - 1] == ' ')
            end--;
        emu_out_write(out, s + pos, end - pos);
        emu_out_write(out, "\n", 1);
        pos = cut;
        while (pos < len && s[pos] == ' ')
            pos++;
        for (prefix = 0; prefix < indent && pos < len; prefix++)
            emu_out_write(out, " ", 1);
    }
}

void emu_out_wrap(emu_out *out, int columns, int join, const char *text, size_t len)
{
    if (columns <= 0) {
        emu_out_write(out, text, len);
        return;
    }
    if (columns < EMU_WRAP_MIN_COLUMNS)
        columns = EMU_WRAP_MIN_COLUMNS;
    if (columns > EMU_WRAP_MAX_COLUMNS)
        columns = EMU_WRAP_MAX_COLUMNS;
    char *joined = NULL;
    if (join) {
        /* A paragraph's lines become one: a newline before a line that starts with a letter or
         * a sign (not a blank, a list marker or the end of the paragraph) becomes a space. */
        joined = malloc(len + 1);
        if (joined) {
            memcpy(joined, text, len);
            joined[len] = '\0';
            for (size_t i = 0; i + 1 < len; i++) {
                if (joined[i] != '\n' || i == 0 || joined[i - 1] == '\n')
                    continue;
                const char *next = joined + i + 1;
                size_t rest = len - i - 1;
                if (next[0] != '\n' && next[0] != ' ' && next[0] != '\t' && !wrap_marker(next, rest))
                    joined[i] = ' ';
            }
            text = joined;
        }
    }
    size_t pos = 0;
    while (pos < len) {
        const char *nl = memchr(text + pos, '\n', len - pos);
        size_t end = nl ? (size_t)(nl - text) : len;
        wrap_line(out, columns, text + pos, end - pos);
        if (!nl)
            break;
        emu_out_write(out, "\n", 1);
        pos = end + 1;
    }
    free(joined);
}

void emu_out_wrapf(emu_out *out, int columns, int join, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    if (columns <= 0) {
        emu_out_vprintf(out, format, args);
        va_end(args);
        return;
    }
    va_list copy;
    va_copy(copy, args);
    int n = vsnprintf(NULL, 0, format, copy);
    va_end(copy);
    char *text = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (text) {
        vsnprintf(text, (size_t)n + 1, format, args);
        emu_out_wrap(out, columns, join, text, (size_t)n);
        free(text);
    } else {
        emu_out_vprintf(out, format, args); /* out of memory: unwrapped rather than lost */
    }
    va_end(args);
}
