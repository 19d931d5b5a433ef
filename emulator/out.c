/* out.c: the bounded output buffer (out.h) and the emu_out_* writers of command.h. */
#include "out.h"

#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void emu_out_init(emu_out *out, size_t limit_bytes)
{
    out->text = NULL;
    out->len = 0;
    out->cap = 0;
    out->limit_bytes = limit_bytes ? limit_bytes : EMU_OUT_LIMIT_BYTES;
    out->truncated = 0;
}

void emu_out_reset(emu_out *out)
{
    out->len = 0;
    out->truncated = 0;
    if (out->text)
        out->text[0] = '\0';
}

void emu_out_free(emu_out *out)
{
    free(out->text);
    out->text = NULL;
    out->len = 0;
    out->cap = 0;
    out->truncated = 0;
}

const char *emu_out_text(const emu_out *out)
{
    return out->text ? out->text : "";
}

/* Grows the allocation to hold need bytes plus the NUL. Returns 0, or -1 when out of memory. */
static int out_reserve(emu_out *out, size_t need)
{
    if (need + 1 <= out->cap)
        return 0;
    size_t max_cap = out->limit_bytes + sizeof EMU_OUT_TRUNCATED_LINE + 2;
    size_t cap = out->cap ? out->cap : 256;
    while (cap < need + 1)
        cap *= 2;
    if (cap > max_cap)
        cap = max_cap;
    if (cap < need + 1)
        return -1;
    char *text = realloc(out->text, cap);
    if (!text)
        return -1;
    out->text = text;
    out->cap = cap;
    return 0;
}

/* Cuts the text back to its last complete line and appends the marker, once. */
static void out_truncate(emu_out *out)
{
    if (out->truncated)
        return;
    out->truncated = 1;
    /* end on a complete line: back to the last newline, or, in one long line, break it */
    size_t cut = out->len;
    while (cut > 0 && out->text[cut - 1] != '\n')
        cut--;
    const char *marker = EMU_OUT_TRUNCATED_LINE;
    if (cut > 0)
        out->len = cut;
    else if (out->len > 0)
        marker = "\n" EMU_OUT_TRUNCATED_LINE;
    size_t marker_len = strlen(marker);
    if (out_reserve(out, out->len + marker_len) == 0) {
        memcpy(out->text + out->len, marker, marker_len);
        out->len += marker_len;
    }
    if (out->text)
        out->text[out->len] = '\0';
}

void emu_out_write(emu_out *out, const char *text, size_t len)
{
    if (out->truncated || len == 0)
        return;
    size_t room = out->limit_bytes - out->len;
    size_t take = len <= room ? len : room;
    if (out_reserve(out, out->len + take) != 0) {
        out_truncate(out);
        return;
    }
    memcpy(out->text + out->len, text, take);
    out->len += take;
    out->text[out->len] = '\0';
    if (take < len)
        out_truncate(out);
}

void emu_out_vprintf(emu_out *out, const char *format, va_list args)
{
    if (out->truncated)
        return;
    char small[512];
    va_list copy;
    va_copy(copy, args);
    int n = vsnprintf(small, sizeof small, format, copy);
    va_end(copy);
    if (n < 0)
        return;
    if ((size_t)n < sizeof small) {
        emu_out_write(out, small, (size_t)n);
        return;
    }
    char *big = malloc((size_t)n + 1);
    if (!big) {
        out_truncate(out);
        return;
    }
    vsnprintf(big, (size_t)n + 1, format, args);
    emu_out_write(out, big, (size_t)n);
    free(big);
}

void emu_out_printf(emu_out *out, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    emu_out_vprintf(out, format, args);
    va_end(args);
}

/* Length of the valid UTF-8 sequence starting at s (at most len bytes), or 0 when invalid.
 * Rejects overlong forms, surrogates and code points above U+10FFFF (RFC 3629, section 4). */
static size_t utf8_sequence_len(const unsigned char *s, size_t len)
{
    unsigned char c = s[0];
    size_t n;
    unsigned lo = 0x80, hi = 0xBF;
    if (c < 0x80)
        return 1;
    if (c >= 0xC2 && c <= 0xDF)
        n = 2;
    else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        if (c == 0xE0)
            lo = 0xA0;
        if (c == 0xED)
            hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        if (c == 0xF0)
            lo = 0x90;
        if (c == 0xF4)
            hi = 0x8F;
    } else
        return 0;
    if (len < n)
        return 0;
    if (s[1] < lo || s[1] > hi)
        return 0;
    for (size_t i = 2; i < n; i++)
        if (s[i] < 0x80 || s[i] > 0xBF)
            return 0;
    return n;
}

void emu_out_write_visible(emu_out *out, const char *bytes, size_t len)
{
    const unsigned char *s = (const unsigned char *)bytes;
    size_t run = 0; /* start of the pending run of bytes that pass unchanged */
    size_t i = 0;
    while (i < len) {
        unsigned char c = s[i];
        if (c >= 0x20 && c < 0x7F) {
            i++;
            continue;
        }
        if (c == '\n' || c == '\t') {
            i++;
            continue;
        }
        if (c >= 0x80) {
            size_t n = utf8_sequence_len(s + i, len - i);
            if (n) {
                i += n;
                continue;
            }
        }
        emu_out_write(out, bytes + run, i - run);
        if (c == 0) {
            /* dropped, as bash drops NUL bytes from its input */
        } else if (c < 0x20) {
            char caret[2] = {'^', (char)(c + 0x40)};
            emu_out_write(out, caret, 2);
        } else if (c == 0x7F) {
            emu_out_write(out, "^?", 2);
        } else {
            emu_out_printf(out, "\\x%02X", c);
        }
        i++;
        run = i;
    }
    emu_out_write(out, bytes + run, i - run);
}

/* The fast path of emu_format_fixed: false (buf untouched) when printf must do it. */
static bool format_fixed_fast(char *buf, size_t *len, double v, int decimals)
{
#ifdef __EMSCRIPTEN__
    /* the module is held to its size ceiling (wasm/wasm.mk); printf gives the same digits */
    (void)buf, (void)len, (void)v, (void)decimals;
    return false;
#else
    static const double scale[] = {1, 10, 100, 1000};
    static const long long unit[] = {1, 10, 100, 1000};
    if (decimals < 0 || decimals > 3)
        return false;
    double scaled = v * scale[decimals];
    double frac = scaled - floor(scaled);
    /* the product's rounding error (half an ulp, under 1e-10 below a million) is far inside the
     * tie window, so rounding it gives the digits of v's exact value */
    if (!(fabs(scaled) < 1e6) || fabs(frac - 0.5) < 1e-6)
        return false;
    long long t = (long long)floor(scaled + 0.5);
    size_t n = 0;
    if (t < 0) {
        buf[n++] = '-';
        t = -t;
    } else if (signbit(v)) {
        buf[n++] = '-'; /* -0.04 prints as -0.0, -0.0 as -0.0 */
    }
    char digits[24];
    int k = 0;
    long long whole = t / unit[decimals], part = t % unit[decimals];
    do {
        digits[k++] = (char)('0' + whole % 10);
        whole /= 10;
    } while (whole);
    while (k)
        buf[n++] = digits[--k];
    if (decimals) {
        buf[n++] = '.';
        for (int d = decimals - 1; d >= 0; d--)
            buf[n + (size_t)d] = (char)('0' + part % 10), part /= 10;
        n += (size_t)decimals;
    }
    buf[n] = '\0';
    *len = n;
    return true;
#endif
}

size_t emu_format_fixed(char *buf, double v, int decimals)
{
    size_t n;
    if (format_fixed_fast(buf, &n, v, decimals))
        return n;
    int r = snprintf(buf, 32, "%.*f", decimals < 0 ? 0 : decimals, v);
    return r < 0 ? 0 : r > 31 ? 31 : (size_t)r;
}

void emu_out_fixed(emu_out *out, double v, int decimals)
{
    char buf[32];
    size_t n;
    if (format_fixed_fast(buf, &n, v, decimals))
        emu_out_write(out, buf, n);
    else
        emu_out_printf(out, "%.*f", decimals < 0 ? 0 : decimals, v);
}
