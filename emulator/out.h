/* out.h: the bounded output buffer every command writes into (struct emu_out of command.h). */
#ifndef EMU_OUT_H
#define EMU_OUT_H

#include <stddef.h>

#include "command.h"

/* Default bound of one command's output, in bytes: larger than the longest real output the
 * emulator produces (nvidia-smi -q of 8 GPUs is about 40 KB), small enough to keep a session
 * and its pipes within a few hundred KiB. */
#define EMU_OUT_LIMIT_BYTES (128u * 1024u)

/* Bound of a drawing for the panel beside the console (emu_session_panel): the step timeline
 * of 64 node rows over 16 steps, with its table, is about 600 KB. */
#define EMU_PANEL_LIMIT_BYTES (1024u * 1024u)

/* The marker line added once when output is cut at the bound. */
#define EMU_OUT_TRUNCATED_LINE "[output truncated]\n"

/* A growable byte buffer with a hard bound. text is always NUL-terminated (when cap > 0); the
 * buffer owns text. Writes never fail: past limit_bytes (or when memory runs out) the output
 * is cut at the last complete line and EMU_OUT_TRUNCATED_LINE is appended once. */
struct emu_out {
    char *text;
    size_t len;         /* bytes in text, without the NUL */
    size_t cap;         /* bytes allocated */
    size_t limit_bytes; /* bound on len before the marker */
    int truncated;      /* 1 once the marker was added: later writes are dropped */
};

/* Initialises an empty buffer bounded at limit_bytes (0: EMU_OUT_LIMIT_BYTES). Allocates
 * nothing until the first write. */
void emu_out_init(emu_out *out, size_t limit_bytes);

/* Empties the buffer (keeps its memory for reuse) and clears the truncated state. */
void emu_out_reset(emu_out *out);

/* Frees the buffer's memory; the struct may be initialised again. */
void emu_out_free(emu_out *out);

/* Returns the text so far ("" when nothing was written); owned by out. */
const char *emu_out_text(const emu_out *out);

/* Writes bytes made safe for a terminal or a web page: C0 controls other than newline and tab,
 * and DEL, become caret notation (^[ for ESC, ^? for DEL); bytes that are not valid UTF-8
 * become \xNN; NUL bytes are dropped. Valid UTF-8 passes through unchanged. */
void emu_out_write_visible(emu_out *out, const char *bytes, size_t len);

/* Formats v into buf (at least 32 bytes) exactly as snprintf(buf, 32, "%.*f", decimals, v) does,
 * for decimals 0 to 3, and returns the length written (cut at 31 bytes as snprintf cuts). The common case (|v| x 10^decimals below a million,
 * not within a millionth of a rounding tie) takes integer arithmetic; the rest goes to snprintf,
 * so the digits always equal printf's (which rounds v's exact binary value). The timeline's SVG
 * prints thousands of coordinates at 64 nodes, and printf's floating-point path was most of its
 * cost. tests/emulator/test_model.c compares the two over many values. */
size_t emu_format_fixed(char *buf, double v, int decimals);

/* Writes v to out as emu_out_printf(out, "%.*f", decimals, v) does (whole, however long). */
void emu_out_fixed(emu_out *out, double v, int decimals);

#endif
