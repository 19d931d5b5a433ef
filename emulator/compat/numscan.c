/* numscan.c: a correctly rounded strtod and a small sscanf, used by both hosts (see numscan.h).
 *
 * Exists for size: musl's strtod/sscanf (__floatscan in 128-bit long double, with software
 * floating point); this file is about 4.3 KB of WebAssembly code, and the module came out 6.3 KB
 * smaller gzipped (wasm/README.md, "Size"). It must agree with glibc bit for bit:
 * tests/emulator/test_numscan.c checks that.
 *
 * Decimal input, two paths:
 * - Clinger's fast path (W. D. Clinger, "How to Read Floating Point Numbers Accurately", PLDI
 *   1990): with at most 2^53 as the integer of its digits and a power of ten up to 10^22, both
 *   are exact doubles, so one IEEE multiplication or division rounds the result correctly.
 * - Otherwise the "simple decimal conversion" (the fallback of Go's strconv.ParseFloat, described
 *   by Nigel Tao, "The Simple Decimal Conversion Algorithm", 2020): the digits are kept as an
 *   exact decimal number and multiplied or divided by powers of two, digit by digit, until it
 *   lies in [0.5, 1); then shifted left by 53 bits and rounded to an integer, which is the
 *   mantissa. 800 digits are kept, with a flag for any nonzero digit dropped beyond them: the
 *   decimal expansion of a halfway point between two doubles has at most 767 significant
 *   digits, so the flag alone settles every tie.
 * Hexadecimal input is exact in binary: 60 bits are kept with a sticky bit, then rounded once. */
#include "numscan.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MANT_BITS 52                      /* a double's stored mantissa bits */
#define EXP_INF ((uint64_t)0x7ff << MANT_BITS) /* the bits of +infinity */
#define DEC_DIGITS_MAX 800                 /* decimal digits kept (see the head comment) */
#define EXP_TEXT_MAX 100000                /* exponents beyond this saturate (result 0 or inf) */

/* ---- the exact decimal: 0.d[0]d[1]...d[nd-1] x 10^dp, d[0] != 0, no trailing zeros ---------- */

typedef struct dec {
    uint8_t d[DEC_DIGITS_MAX]; /* digit values 0..9 */
    int nd;                    /* digits in d */
    int dp;                    /* the decimal point's position */
    bool trunc;                /* a nonzero digit beyond d[DEC_DIGITS_MAX - 1] was dropped */
} dec;

static void dec_trim(dec *a)
{
    while (a->nd > 0 && a->d[a->nd - 1] == 0)
        a->nd--;
    if (a->nd == 0)
        a->dp = 0;
}

/* Divides a by 2^k, 1 <= k <= 60: long division, one digit in, one digit out. */
static void dec_rshift(dec *a, int k)
{
    int r = 0, w = 0;
    uint64_t n = 0; /* the remainder so far, below 10 * 2^k */
    while ((n >> k) == 0) {
        if (r >= a->nd) {
            if (n == 0) {
                a->nd = 0;
                return;
            }
            while ((n >> k) == 0) {
                n *= 10;
                r++;
            }
            break;
        }
        n = n * 10 + a->d[r++];
    }
    a->dp -= r - 1;
    uint64_t mask = ((uint64_t)1 << k) - 1;
    for (; r < a->nd; r++) {
        a->d[w++] = (uint8_t)(n >> k);
        n = (n & mask) * 10 + a->d[r];
    }
    while (n > 0) {
        uint8_t digit = (uint8_t)(n >> k);
        if (w < DEC_DIGITS_MAX)
            a->d[w++] = digit;
        else if (digit)
            a->trunc = true;
        n = (n & mask) * 10;
    }
    a->nd = w;
    dec_trim(a);
}

/* Multiplies a by 2^k, 1 <= k <= 28 (2^28 < 10^9: at most 9 new leading digits). */
static void dec_lshift(dec *a, int k)
{
    uint8_t t[DEC_DIGITS_MAX + 9];
    int n = a->nd + 9;
    uint64_t carry = 0;
    for (int i = a->nd - 1; i >= 0; i--) {
        carry += (uint64_t)a->d[i] << k;
        t[i + 9] = (uint8_t)(carry % 10);
        carry /= 10;
    }
    for (int i = 8; i >= 0; i--) {
        t[i] = (uint8_t)(carry % 10);
        carry /= 10;
    }
    int z = 0;
    while (z < n && t[z] == 0)
        z++;
    a->dp += 9 - z;
    int w = 0;
    for (int i = z; i < n; i++) {
        if (w < DEC_DIGITS_MAX)
            a->d[w++] = t[i];
        else if (t[i])
            a->trunc = true;
    }
    a->nd = w;
    dec_trim(a);
}

/* Multiplies a by 2^k (k > 0) or divides it by 2^-k (k < 0). */
static void dec_shift(dec *a, int k)
{
    if (k > 0)
        for (; k > 0; k -= 28)
            dec_lshift(a, k < 28 ? k : 28);
    else
        for (; k < 0; k += 60)
            dec_rshift(a, -k < 60 ? -k : 60);
}

/* The integer part of a (a below 2^64), and whether its fraction rounds it up (ties to even). */
static uint64_t dec_integer(const dec *a, bool *round_up)
{
    uint64_t n = 0;
    int i = 0;
    for (; i < a->dp && i < a->nd; i++)
        n = n * 10 + a->d[i];
    for (; i < a->dp; i++)
        n *= 10;
    *round_up = false;
    if (a->dp >= 0 && a->dp < a->nd) {
        if (a->d[a->dp] == 5 && a->dp + 1 == a->nd) /* exactly .5 unless digits were dropped */
            *round_up = a->trunc || (n & 1);
        else
            *round_up = a->d[a->dp] >= 5;
    }
    return n;
}

/* Bits of shifts that keep a decimal point position of i in range (Go's strconv uses the same
 * table): 2^powtab[i] < 10^i. */
static const uint8_t powtab[] = {1, 3, 6, 9, 13, 16, 19, 23, 26};
#define POWTAB_N ((int)sizeof powtab)

/* The bits of the double nearest to a (positive). Sets *range on overflow or underflow. */
static uint64_t dec_to_bits(dec *a, bool *range)
{
    if (a->nd == 0)
        return 0;
    if (a->dp > 310)
        goto overflow;
    if (a->dp < -330) { /* below half the least subnormal */
        *range = true;
        return 0;
    }
    int exp2 = 0;
    while (a->dp > 0) {
        int n = a->dp >= POWTAB_N ? 60 : powtab[a->dp];
        dec_rshift(a, n);
        exp2 += n;
    }
    while (a->dp < 0 || (a->dp == 0 && a->d[0] < 5)) {
        int n = a->dp == 0 ? 1 : -a->dp >= POWTAB_N ? 28 : powtab[-a->dp];
        dec_lshift(a, n);
        exp2 -= n;
    }
    /* a is in [0.5, 1): the value is (2a) x 2^exp2 with 2a in [1, 2) */
    exp2--;
    bool subnormal = false;
    if (exp2 < -1022) {
        dec_shift(a, -(-1022 - exp2));
        exp2 = -1022;
        subnormal = true;
    }
    if (exp2 > 1023)
        goto overflow;
    dec_shift(a, MANT_BITS + 1);
    bool up, inexact = a->trunc || a->nd > a->dp;
    uint64_t mant = dec_integer(a, &up) + up;
    if (mant == (uint64_t)2 << MANT_BITS) { /* rounding carried into a new bit */
        mant >>= 1;
        if (++exp2 > 1023)
            goto overflow;
    }
    if (subnormal && inexact) {
        /* underflow, as x86 glibc detects it: tiny after rounding, i.e. below 2^-1022 once
         * rounded to 53 bits with an unbounded exponent. For a result that rounded up to
         * 2^-1022 that holds when a (in units of 2^-1074) is below 2^52 - 1/4. */
        if ((mant >> MANT_BITS) == 0) {
            *range = true;
        } else {
            dec_shift(a, 2);
            if (dec_integer(a, &up) <= ((uint64_t)1 << (MANT_BITS + 2)) - 2)
                *range = true;
        }
    }
    if ((mant >> MANT_BITS) == 0) /* subnormal: the exponent field is 0 */
        return mant;
    return ((uint64_t)(exp2 + 1023) << MANT_BITS) | (mant & (((uint64_t)1 << MANT_BITS) - 1));
overflow:
    *range = true;
    return EXP_INF;
}

/* ---- scanning ---------------------------------------------------------------------------- */

static int hex_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    c = (char)(c | 0x20);
    return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* Whether s begins with word (lower case), ignoring case. */
static bool starts_with_ci(const char *s, const char *word)
{
    for (; *word; s++, word++)
        if (tolower((unsigned char)*s) != *word)
            return false;
    return true;
}

/* Reads an exponent's [+-]DIGITS at *p (saturated at EXP_TEXT_MAX); false (and *p unchanged)
 * when there are no digits. */
static bool scan_exponent(const char **p, long *out)
{
    const char *q = *p;
    bool neg = *q == '-';
    if (*q == '+' || *q == '-')
        q++;
    if (!isdigit((unsigned char)*q))
        return false;
    long e = 0;
    for (; isdigit((unsigned char)*q); q++)
        if (e < EXP_TEXT_MAX)
            e = e * 10 + (*q - '0');
    *out = neg ? -e : e;
    *p = q;
    return true;
}

/* m >> drop rounded to nearest, ties to even, with sticky standing for nonzero bits below m.
 * Sets *inexact when bits were lost. */
static uint64_t round_shift(uint64_t m, long drop, bool sticky, bool *inexact)
{
    if (drop > 64) {
        *inexact = true;
        return 0;
    }
    uint64_t q = drop == 64 ? 0 : m >> drop;
    uint64_t rem = drop == 64 ? m : m & (((uint64_t)1 << drop) - 1);
    uint64_t half = (uint64_t)1 << (drop - 1);
    *inexact = rem || sticky;
    return q + (rem > half || (rem == half && (sticky || (q & 1))));
}

/* The bits of a hexadecimal number's magnitude; p is after "0x", at a hex digit or at '.'
 * followed by one. */
static uint64_t hex_to_bits(const char *p, const char **after, bool *range)
{
    uint64_t m = 0;
    long exp2 = 0;
    bool sticky = false, point = false;
    for (;; p++) {
        int h = hex_value(*p);
        if (h < 0) {
            if (*p == '.' && !point) {
                point = true;
                continue;
            }
            break;
        }
        if ((m >> 60) == 0) {
            m = m * 16 + (uint64_t)h;
            exp2 -= point ? 4 : 0;
        } else {
            sticky |= h != 0;
            exp2 += point ? 0 : 4;
        }
    }
    if ((*p | 0x20) == 'p') {
        const char *q = p + 1;
        long e;
        if (scan_exponent(&q, &e)) {
            exp2 += e;
            p = q;
        }
    }
    *after = p;
    if (m == 0)
        return 0;
    int lead = __builtin_clzll(m);
    m <<= lead;
    long top = exp2 - lead + 63; /* the exponent of m's leading bit */
    if (top > 1023)
        goto overflow;
    bool inexact;
    if (top >= -1022) {
        uint64_t bits = ((uint64_t)(top + 1022) << MANT_BITS) +
                        round_shift(m, 63 - MANT_BITS, sticky, &inexact);
        if (bits >= EXP_INF) /* the carry of rounding added the implicit bit a second time */
            goto overflow;
        return bits;
    }
    long drop = 63 - MANT_BITS + (-1022 - top);
    uint64_t bits = round_shift(m, drop, sticky, &inexact);
    if (inexact) { /* tiny after rounding (see dec_to_bits) */
        bool more;
        uint64_t finer = round_shift(m, drop - 1, sticky, &more); /* one bit more precision */
        if ((bits >> MANT_BITS) == 0 || (finer >> (MANT_BITS + 1)) == 0)
            *range = true;
    }
    return bits;
overflow:
    *range = true;
    return EXP_INF;
}

/* The bits of a decimal number's magnitude at p; *after is p when it has no digit. */
static uint64_t decimal_to_bits(const char *p, const char **after, bool *range)
{
    static const double pow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                   1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                   1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    dec a;
    a.nd = 0;
    a.trunc = false;
    long dp = 0;           /* the decimal point's position after the significant digits */
    uint64_t w = 0;        /* the first 19 significant digits as an integer */
    long n_sig = 0;        /* significant digits (from the first nonzero one, zeros included) */
    bool any = false, point = false;
    const char *q = p;
    for (;; q++) {
        if (*q == '.' && !point) {
            point = true;
            continue;
        }
        if (!isdigit((unsigned char)*q))
            break;
        any = true;
        int digit = *q - '0';
        if (n_sig == 0 && digit == 0) { /* a leading zero */
            dp -= point ? 1 : 0;
            continue;
        }
        dp += point ? 0 : 1;
        if (++n_sig <= 19)
            w = w * 10 + (uint64_t)digit;
        if (a.nd < DEC_DIGITS_MAX)
            a.d[a.nd++] = (uint8_t)digit;
        else if (digit)
            a.trunc = true;
    }
    if (!any) {
        *after = p;
        return 0;
    }
    long e10 = 0;
    if ((*q | 0x20) == 'e') {
        const char *r = q + 1;
        if (scan_exponent(&r, &e10))
            q = r;
    }
    *after = q;
    if (n_sig == 0)
        return 0;
    double value;
    long scale = dp + e10 - n_sig; /* the value is w x 10^scale when n_sig <= 19 */
    if (n_sig <= 19 && w <= (uint64_t)1 << 53 && scale >= -22 && scale <= 22 + 15) {
        value = (double)w;
        if (scale > 22) { /* Clinger's extension: move 10^(scale - 22) into w if it stays exact */
            for (; scale > 22 && w <= ((uint64_t)1 << 53) / 10; scale--)
                w *= 10;
            value = (double)w;
        }
        if (scale <= 22) {
            value = scale < 0 ? value / pow10[-scale] : value * pow10[scale];
            uint64_t bits;
            memcpy(&bits, &value, sizeof bits);
            return bits;
        }
    }
    if (dp + e10 > INT_MAX / 2 || dp + e10 < INT_MIN / 2) /* far outside; keep int arithmetic */
        a.dp = dp + e10 > 0 ? 1000 : -1000;
    else
        a.dp = (int)(dp + e10);
    dec_trim(&a);
    return dec_to_bits(&a, range);
}

double emu_strtod(const char *s, char **end)
{
    const char *p = s, *after;
    while (isspace((unsigned char)*p))
        p++;
    bool neg = *p == '-';
    if (*p == '+' || *p == '-')
        p++;
    double value;
    if (starts_with_ci(p, "inf")) {
        after = p + 3;
        if (starts_with_ci(after, "inity"))
            after += 5;
        value = INFINITY;
    } else if (starts_with_ci(p, "nan")) {
        after = p + 3;
        if (*after == '(') { /* nan(CHARS): the payload is not kept */
            const char *q = after + 1;
            while (isalnum((unsigned char)*q) || *q == '_')
                q++;
            if (*q == ')') {
                /* glibc reads CHARS with strtoull, whose ERANGE on overflow reaches the caller */
                int saved = errno;
                errno = 0;
                strtoull(after + 1, NULL, 0);
                if (errno != ERANGE)
                    errno = saved;
                after = q + 1;
            }
        }
        value = NAN;
    } else {
        bool range = false;
        uint64_t bits;
        if (p[0] == '0' && (p[1] | 0x20) == 'x' &&
            (hex_value(p[2]) >= 0 || (p[2] == '.' && hex_value(p[3]) >= 0)))
            bits = hex_to_bits(p + 2, &after, &range);
        else
            bits = decimal_to_bits(p, &after, &range);
        if (after == p) { /* no number */
            if (end)
                *end = (char *)s;
            return 0;
        }
        memcpy(&value, &bits, sizeof value);
        if (range)
            errno = ERANGE;
    }
    if (end)
        *end = (char *)after;
    return neg ? -value : value;
}

/* ---- sscanf ------------------------------------------------------------------------------ */

/* The length of the number glibc's scanf reads for %lf at p (after white space): sign, then
 * "nan", "inf" or "infinity", or 0x and hex digits with '.' and a p exponent, or decimal digits
 * with '.' and an e exponent; an exponent's letter and sign are taken even with no digit after
 * them (strtod then ignores them). 0 when there is no number. */
static size_t scan_float_len(const char *p)
{
    const char *q = p;
    if (*q == '+' || *q == '-')
        q++;
    if (starts_with_ci(q, "nan"))
        return (size_t)(q + 3 - p);
    if (starts_with_ci(q, "inf")) {
        q += 3;
        if ((*q | 0x20) == 'i') {
            if (!starts_with_ci(q, "inity"))
                return 0;
            q += 5;
        }
        return (size_t)(q - p);
    }
    bool hex = q[0] == '0' && (q[1] | 0x20) == 'x';
    if (hex && hex_value(q[2]) < 0 && q[2] != '.')
        return 0; /* glibc: "0x" needs a hex digit or '.' after it */
    q += hex ? 2 : 0;
    bool point = false, any = false;
    for (;; q++) {
        if (*q == '.' && !point)
            point = true;
        else if (hex ? hex_value(*q) >= 0 : isdigit((unsigned char)*q))
            any = true;
        else
            break;
    }
    if (!any && !hex) /* the 0 of 0x is a digit: "0x." reads as 0, but takes no exponent */
        return 0;
    if (any && (*q | 0x20) == (hex ? 'p' : 'e')) {
        q++;
        if (*q == '+' || *q == '-')
            q++;
        while (isdigit((unsigned char)*q))
            q++;
    }
    return (size_t)(q - p);
}

int emu_sscanf(const char *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    const char *p = s;
    int stored = 0;
    for (const char *f = fmt; *f; f++) {
        if (isspace((unsigned char)*f)) {
            while (isspace((unsigned char)*p))
                p++;
            continue;
        }
        if (*f != '%') {
            if (!*p)
                goto input_end;
            if (*p != *f)
                break;
            p++;
            continue;
        }
        f++;
        int width = 0;
        for (; isdigit((unsigned char)*f); f++)
            width = width * 10 + (*f - '0');
        int limit = width > 0 ? width : INT_MAX;
        if (*f == 'n') {
            *va_arg(ap, int *) = (int)(p - s);
            continue;
        }
        while (isspace((unsigned char)*p))
            p++;
        if (!*p)
            goto input_end;
        if (*f == 'd') {
            const char *q = p;
            int used = 0;
            bool neg = *q == '-';
            if (*q == '+' || *q == '-')
                q++, used++;
            long long value = 0; /* 64 bits on both hosts (long is 32 on wasm32) */
            const char *digits = q;
            for (; used < limit && isdigit((unsigned char)*q); q++, used++)
                if (value <= INT_MAX)
                    value = value * 10 + (*q - '0');
            if (q == digits)
                break;
            value = neg ? -value : value;
            *va_arg(ap, int *) = value > INT_MAX ? INT_MAX : value < INT_MIN ? INT_MIN : (int)value;
            p = q;
        } else if (f[0] == 'l' && f[1] == 'f') {
            f++;
            size_t len = scan_float_len(p);
            if (len == 0)
                break;
            *va_arg(ap, double *) = emu_strtod(p, NULL);
            p += len;
        } else if (*f == 's') {
            char *buf = va_arg(ap, char *);
            int n = 0;
            while (*p && !isspace((unsigned char)*p) && n < limit)
                buf[n++] = *p++;
            buf[n] = '\0';
        } else { /* not in the subset: a caller's bug */
            stored = -1;
            break;
        }
        stored++;
    }
    va_end(ap);
    return stored;
input_end:
    va_end(ap);
    return stored > 0 ? stored : -1;
}
