/* numscan.h: text to numbers for the emulator, the same code on both hosts: a correctly rounded
 * strtod and a small sscanf for the handful of formats the emulator parses.
 *
 * Why not libc's: the WebAssembly module links musl, whose strtod/sscanf scan in 128-bit long
 * double and pull in software floating point (__multf3, __divtf3, ...); with these in their place the
 * gzipped module is 6.3 KB smaller (make bench-wasm, wasm/README.md, "Size"). These two functions give glibc's results bit for bit
 * (tests/emulator/test_numscan.c compares them with glibc natively), so the native CLI and the
 * page print the same bytes.
 *
 * Both are pure functions of their input (C locale, '.' as the decimal point); they allocate
 * nothing and keep no state. */
#ifndef EMU_NUMSCAN_H
#define EMU_NUMSCAN_H

/* Converts the start of s to a double as C's strtod does in the C locale, correctly rounded
 * (round to nearest, ties to even): leading white space, an optional sign, then a decimal number
 * (digits with an optional '.', then an optional exponent e[+-]DIGITS), a hexadecimal one
 * (0x, hex digits with an optional '.', an optional binary exponent p[+-]DIGITS), "inf",
 * "infinity" or "nan", "nan(CHARS)" (letters, digits, '_'), case-insensitively.
 * *end (if end is not NULL) receives the first character after the number, or s itself when
 * there is none (the result is then 0).
 * Errors: a result too large for a double is +-HUGE_VAL, and one that is subnormal or zero
 * and not exact (underflow) is the rounded value; both set errno to ERANGE, as glibc does (and
 * so does a "nan(CHARS)" whose CHARS overflow as a number). Otherwise errno is left unchanged.
 * A NaN's payload is not kept. */
double emu_strtod(const char *s, char **end);

/* Reads s as sscanf(s, fmt, ...) does, for the subset of formats the emulator uses:
 *   %d or %Nd (int *; N is the most characters, sign included), %lf (double *, scanned as
 *   glibc's scanf scans a number, converted by emu_strtod), %Ns (char *, a buffer of at least
 *   N + 1 bytes: up to N characters that are not white space), %n (int *: characters read so
 *   far, not counted in the result), white space (any amount of white space, or none), and
 *   any other character (that character).
 * Every conversion but %n first skips white space. A %d beyond int's range is clamped to it
 * (glibc wraps it; the emulator's formats either bound the width or read trusted scenarios).
 * Returns the number of values stored; -1 (EOF) when the input ends before the first
 * conversion; stops at the first character that does not match. A conversion outside this
 * subset returns -1 as well (a bug in the caller: the formats are fixed strings). */
int emu_sscanf(const char *s, const char *fmt, ...);

#endif
