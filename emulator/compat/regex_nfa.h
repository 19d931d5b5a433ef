/* regex_nfa.h: POSIX regular expressions (basic and extended, as glibc reads them) for the
 * shell's grep and awk, matched by a Thompson NFA: the same code on both hosts, in place of
 * libc's regcomp/regexec.
 *
 * Why not libc's: with this file in place of musl's TRE regex the gzipped WebAssembly module is
 * 6.6 KB smaller (make bench-wasm, wasm/README.md, "Size"); grep and awk need only the
 * leftmost-longest whole match, never submatches, which a small NFA simulation gives in time linear in the text.
 * tests/emulator/test_regex_nfa.c compares it with glibc on many patterns and texts.
 *
 * Syntax: what glibc's regcomp accepts in the C locale, less back-references: characters, '.',
 * bracket expressions ([a-z], [^...], [[:alpha:]] and the other classes, [.c.], [=c=]), anchors
 * ^ and $, groups, alternation, * + ? {m} {m,} {,n} {m,n} (in a basic expression \( \) \| \+ \?
 * \{ \}, GNU's extensions), and GNU's \w \W \s \S \b \B \< \> \` \'. Matching is bytewise.
 * Also the shell's wildcards (emu_fnmatch), for the same reason. */
#ifndef EMU_REGEX_NFA_H
#define EMU_REGEX_NFA_H

#include <stdbool.h>
#include <stddef.h>

#define EMU_RE_EXTENDED 1 /* compile flag: extended (ERE) rather than basic syntax */
#define EMU_RE_ICASE 2    /* compile flag: letters match either case */
#define EMU_RE_NOTBOL 1   /* match flag: the text's start is not a line's start (^ fails there) */

typedef struct emu_re emu_re; /* a compiled expression; owned by the caller of emu_re_compile */

/* Compiles pattern with EMU_RE_* flags. Returns the expression (free it with emu_re_free), or
 * NULL when the pattern is invalid (as glibc would refuse it), uses a back-reference, or
 * needs more than the size limit (about 32768 NFA states) or memory. */
emu_re *emu_re_compile(const char *pattern, int flags);

/* Finds the leftmost-longest match of re in the NUL-terminated text, with EMU_RE_NOTBOL in
 * flags when text does not start a line. Returns true and sets the match's byte offsets
 * [*start, *end) (either pointer may be NULL), or false when there is none. */
bool emu_re_match(const emu_re *re, const char *text, int flags, size_t *start, size_t *end);

/* The plain string re matches and nothing else (every match is that string; no anchor, no
 * case folding), or NULL when re is any other expression. Owned by re. */
const char *emu_re_literal(const emu_re *re);

/* Frees re (NULL is ignored). */
void emu_re_free(emu_re *re);

/* Whether name matches the shell wildcard pattern, as glibc's fnmatch(pattern, name, 0) says:
 * '*' any bytes ('/' and a leading '.' included), '?' one byte, [...] a bracket expression
 * ('!' or '^' negates; ranges, [:class:], [.c.], [=c=], backslash escapes), '\\' quotes the
 * next byte. An unclosed '[' is an ordinary character; a trailing '\\' matches nothing, nor
 * does a bracket with an unknown class name or an ill-formed "[." before its matching member. Replaces musl's fnmatch (with its multibyte and case tables) for size. */
bool emu_fnmatch(const char *pattern, const char *name);

#endif
