/* regex_nfa.c: POSIX basic and extended regular expressions by Thompson NFA (see regex_nfa.h).
 *
 * Exists for size: in place of musl's TRE regex (regcomp, regexec and their helpers) this file
 * (about 5.8 KB of WebAssembly code) made the gzipped module 6.6 KB smaller, and in place of
 * musl's fnmatch (with its multibyte and case tables) emu_fnmatch (1.2 KB of code) 6.0 KB more
 * (wasm/README.md, "Size"). It gives glibc's answers for the whole-match questions grep and awk
 * ask, and for the shell's wildcards (tests/emulator/test_regex_nfa.c).
 *
 * Method: the pattern is parsed into a small syntax tree, which is emitted as a program of
 * NFA instructions (K. Thompson, "Regular Expression Search Algorithm", CACM 11(6), 1968;
 * counted repetitions are emitted as copies). The program runs as a breadth-first simulation
 * in the style of Pike's VM (R. Cox, "Regular Expression Matching: the Virtual Machine
 * Approach", 2009): every live thread carries the offset where its match started; a state
 * reached by two threads keeps the earlier start, which is what leftmost-longest needs, since
 * what follows a state does not depend on how it was reached. Time is O(text x program). */
#include "regex_nfa.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define RE_PROGRAM_MAX 32768 /* NFA instructions at most (counted repeats are copies) */
#define RE_DEPTH_MAX 200     /* nested groups at most */
#define RE_DUP_MAX 32767     /* the largest count in {m,n}, glibc's RE_DUP_MAX */

typedef struct re_set {
    uint8_t bits[32]; /* byte b is in the set when bit b is on */
} re_set;

enum { A_BOL, A_EOL, A_WORD_EDGE, A_NOT_WORD_EDGE, A_WORD_START, A_WORD_END, A_BUF_START,
       A_BUF_END };

/* syntax tree */
enum { N_SET, N_EMPTY, N_ASSERT, N_CAT, N_ALT, N_REPEAT };
typedef struct re_node {
    int kind;
    int arg;       /* N_SET: set index; N_ASSERT: A_*; N_CAT, N_ALT: first child; N_REPEAT: child */
    int next;      /* the next sibling in a N_CAT or N_ALT list, or -1 */
    int min, max;  /* N_REPEAT: counts, max -1 for no limit */
} re_node;

/* program */
enum { I_SET, I_SPLIT, I_JMP, I_ASSERT, I_MATCH };
typedef struct re_inst {
    int op;
    int x, y; /* I_SET: set; I_SPLIT: both targets; I_JMP: target; I_ASSERT: A_* */
} re_inst;

struct emu_re {
    re_inst *prog;
    int n_prog;
    re_set *sets;
    int n_sets;
    bool has_first; /* every match reads a byte, and its first byte is in first */
    re_set first;
    char *literal;  /* the program is this string of bytes and nothing else (no anchor, no
                       choice): its leftmost-longest match is its first occurrence */
};

typedef struct re_parser {
    const char *p;
    bool ere, icase, failed;
    re_node *nodes;
    int n_nodes, cap_nodes;
    re_set *sets;
    int n_sets, cap_sets;
    re_inst *prog;
    int n_prog, cap_prog;
} re_parser;

/* Grows *buf (of *cap elements of size) to hold n + 1; false (and failed set) on no memory. */
static bool grow(re_parser *ps, void **buf, int *cap, int n, size_t size)
{
    if (n < *cap)
        return true;
    int cap_new = *cap ? *cap * 2 : 16;
    void *b = realloc(*buf, (size_t)cap_new * size);
    if (!b) {
        ps->failed = true;
        return false;
    }
    *buf = b;
    *cap = cap_new;
    return true;
}

static int new_node(re_parser *ps, int kind, int arg)
{
    if (ps->failed || !grow(ps, (void **)&ps->nodes, &ps->cap_nodes, ps->n_nodes, sizeof(re_node)))
        return -1;
    ps->nodes[ps->n_nodes] = (re_node){kind, arg, -1, 0, 0};
    return ps->n_nodes++;
}

/* A new empty set; returns its index or -1. */
static int new_set(re_parser *ps)
{
    if (ps->failed || !grow(ps, (void **)&ps->sets, &ps->cap_sets, ps->n_sets, sizeof(re_set)))
        return -1;
    memset(&ps->sets[ps->n_sets], 0, sizeof(re_set));
    return ps->n_sets++;
}

static void set_add(re_set *s, int c)
{
    s->bits[c >> 3] |= (uint8_t)(1u << (c & 7));
}

static bool set_has(const re_set *s, int c)
{
    return s->bits[c >> 3] >> (c & 7) & 1;
}

static bool is_word(int c)
{
    return isalnum(c) || c == '_';
}

/* A N_SET node of the bytes for which test(c) == want (never NUL). */
static int class_node(re_parser *ps, int (*test)(int), bool want)
{
    int k = new_set(ps);
    if (k < 0)
        return -1;
    for (int c = 1; c < 256; c++)
        if ((test(c) != 0) == want)
            set_add(&ps->sets[k], c);
    return new_node(ps, N_SET, k);
}

static int word_test(int c)
{
    return is_word(c);
}

static int char_node(re_parser *ps, int c)
{
    int k = new_set(ps);
    if (k < 0)
        return -1;
    set_add(&ps->sets[k], c);
    if (ps->icase) {
        set_add(&ps->sets[k], tolower(c));
        set_add(&ps->sets[k], toupper(c));
    }
    return new_node(ps, N_SET, k);
}

static const struct {
    const char *name;
    int (*test)(int);
} re_classes[] = {
    {"alpha", isalpha}, {"digit", isdigit}, {"alnum", isalnum}, {"upper", isupper},
    {"lower", islower}, {"space", isspace}, {"blank", isblank}, {"punct", ispunct},
    {"print", isprint}, {"graph", isgraph}, {"cntrl", iscntrl}, {"xdigit", isxdigit},
};

/* The index in re_classes of the class named by the len bytes at name, or -1. */
static int class_find(const char *name, size_t len)
{
    for (size_t i = 0; i < sizeof re_classes / sizeof re_classes[0]; i++)
        if (strlen(re_classes[i].name) == len && !strncmp(re_classes[i].name, name, len))
            return (int)i;
    return -1;
}

/* One bracket element's single character ("[.c.]", "[=c=]" or a plain byte) at ps->p; -1 on
 * error. */
static int bracket_char(re_parser *ps)
{
    const char *p = ps->p;
    if (p[0] == '[' && (p[1] == '.' || p[1] == '=')) {
        if (!p[2] || p[3] != p[1] || p[4] != ']')
            return -1; /* multi-character collating elements: none in the C locale */
        ps->p = p + 5;
        return (unsigned char)p[2];
    }
    if (!*p)
        return -1;
    ps->p = p + 1;
    return (unsigned char)*p;
}

/* A bracket expression; ps->p is after '['. */
static int parse_bracket(re_parser *ps)
{
    int k = new_set(ps);
    if (k < 0)
        return -1;
    bool negate = *ps->p == '^';
    ps->p += negate;
    re_set set;
    memset(&set, 0, sizeof set);
    bool first = true;
    for (;;) {
        const char *p = ps->p;
        if (!*p)
            return -1;
        if (*p == ']' && !first) {
            ps->p++;
            break;
        }
        first = false;
        if (p[0] == '[' && p[1] == ':') {
            const char *close = strstr(p + 2, ":]");
            int found = close ? class_find(p + 2, (size_t)(close - (p + 2))) : -1;
            if (found < 0)
                return -1;
            for (int c = 1; c < 256; c++)
                if (re_classes[found].test(c))
                    set_add(&set, c);
            ps->p = close + 2;
            if (ps->p[0] == '-' && ps->p[1] != ']')
                return -1; /* a class cannot start a range */
            continue;
        }
        bool equivalence = p[0] == '[' && p[1] == '=';
        int lo = bracket_char(ps);
        if (lo < 0)
            return -1;
        int hi = lo;
        if (ps->p[0] == '-' && ps->p[1] && ps->p[1] != ']') {
            ps->p++;
            if (equivalence || (ps->p[0] == '[' && (ps->p[1] == ':' || ps->p[1] == '=')))
                return -1; /* an equivalence class or a class cannot bound a range */
            hi = bracket_char(ps);
            if (ps->icase && hi >= 0) { /* glibc: a range's ends in upper case ("[--a]" is -..A) */
                lo = toupper(lo);
                hi = toupper(hi);
            }
            if (hi < lo || (ps->p[0] == '-' && ps->p[1] != ']'))
                return -1; /* glibc refuses "[c-a]" and "[a-c-e]" */
        }
        for (int c = lo; c <= hi; c++)
            set_add(&set, c);
    }
    if (ps->icase)
        for (int c = 1; c < 256; c++)
            if (set_has(&set, c)) {
                set_add(&set, tolower(c));
                set_add(&set, toupper(c));
            }
    for (int c = 1; c < 256; c++)
        if (set_has(&set, c) != negate)
            set_add(&ps->sets[k], c);
    return new_node(ps, N_SET, k);
}

static int parse_alt(re_parser *ps, int depth);

/* Whether ps->p is at the end of a concatenation: the pattern's end, '|' or a closing group. */
static bool at_concat_end(re_parser *ps, int depth)
{
    const char *p = ps->p;
    if (!*p)
        return true;
    if (ps->ere)
        return *p == '|' || (*p == ')' && depth > 0);
    return p[0] == '\\' && (p[1] == '|' || p[1] == ')');
}

/* One atom. BRE only: at_start (the concatenation's first atom) makes '^' an anchor, and
 * star_literal (at the start or after an anchor) makes '*' a character. */
static int parse_atom(re_parser *ps, int depth, bool at_start, bool star_literal)
{
    const char *p = ps->p;
    int c = (unsigned char)*p;
    ps->p++;
    if (c == '.') {
        int k = new_set(ps);
        if (k < 0)
            return -1;
        for (int b = 1; b < 256; b++)
            set_add(&ps->sets[k], b);
        return new_node(ps, N_SET, k);
    }
    if (c == '[')
        return parse_bracket(ps);
    if (c == '^' && (ps->ere || at_start))
        return new_node(ps, N_ASSERT, A_BOL);
    if (c == '$') {
        ps->p = p + 1;
        bool end = ps->ere || at_concat_end(ps, depth + 1);
        if (end)
            return new_node(ps, N_ASSERT, A_EOL);
        return char_node(ps, c);
    }
    if (ps->ere && c == '(') {
        if (depth >= RE_DEPTH_MAX)
            return -1;
        int n = parse_alt(ps, depth + 1);
        if (n < 0 || *ps->p != ')')
            return -1;
        ps->p++;
        return n;
    }
    if (ps->ere && (c == '*' || c == '+' || c == '?' || c == '{'))
        return -1; /* a repetition of nothing */
    if (!ps->ere && c == '*' && !star_literal)
        return -1;
    if (c != '\\')
        return char_node(ps, c);
    c = (unsigned char)*ps->p++;
    switch (c) {
    case '\0':
        return -1;
    case 'w': return class_node(ps, word_test, true);
    case 'W': return class_node(ps, word_test, false);
    case 's': return class_node(ps, isspace, true);
    case 'S': return class_node(ps, isspace, false);
    case 'b': return new_node(ps, N_ASSERT, A_WORD_EDGE);
    case 'B': return new_node(ps, N_ASSERT, A_NOT_WORD_EDGE);
    case '<': return new_node(ps, N_ASSERT, A_WORD_START);
    case '>': return new_node(ps, N_ASSERT, A_WORD_END);
    case '`': return new_node(ps, N_ASSERT, A_BUF_START);
    case '\'': return new_node(ps, N_ASSERT, A_BUF_END);
    default:
        break;
    }
    if (c >= '1' && c <= '9')
        return -1; /* back-references: not supported */
    if (!ps->ere && c == '(') {
        if (depth >= RE_DEPTH_MAX)
            return -1;
        int n = parse_alt(ps, depth + 1);
        if (n < 0 || ps->p[0] != '\\' || ps->p[1] != ')')
            return -1;
        ps->p += 2;
        return n;
    }
    if (!ps->ere && c == '{')
        return -1;
    return char_node(ps, c);
}

/* Reads a {m,n} interval's body after the opening brace; -1 on error. Closing: "}" or "\}". */
static int parse_interval(re_parser *ps, int *min, int *max)
{
    const char *p = ps->p;
    long lo = -1, hi;
    if (isdigit((unsigned char)*p))
        for (lo = 0; isdigit((unsigned char)*p); p++)
            lo = lo < RE_DUP_MAX + 1 ? lo * 10 + (*p - '0') : lo;
    if (*p == ',') {
        p++;
        hi = -1;
        if (isdigit((unsigned char)*p))
            for (hi = 0; isdigit((unsigned char)*p); p++)
                hi = hi < RE_DUP_MAX + 1 ? hi * 10 + (*p - '0') : hi;
    } else {
        if (lo < 0)
            return -1;
        hi = lo;
    }
    if (lo < 0)
        lo = 0;
    if (ps->ere ? *p != '}' : (p[0] != '\\' || p[1] != '}'))
        return -1;
    if (lo > RE_DUP_MAX || hi > RE_DUP_MAX || (hi >= 0 && hi < lo))
        return -1;
    ps->p = p + (ps->ere ? 1 : 2);
    *min = (int)lo;
    *max = (int)hi;
    return 0;
}

/* A concatenation of atoms, each with its repetitions: a N_CAT list. */
static int parse_concat(re_parser *ps, int depth)
{
    int cat = new_node(ps, N_CAT, -1), last = -1;
    bool at_start = true, star_literal = true;
    while (cat >= 0 && !at_concat_end(ps, depth)) {
        int atom = parse_atom(ps, depth, at_start, star_literal);
        if (atom < 0)
            return -1;
        bool anchor = ps->nodes[atom].kind == N_ASSERT;
        /* after an anchor in a BRE, '*' is a character */
        star_literal = anchor && !ps->ere;
        at_start = false;
        int repeats = 0;
        while (!star_literal) {
            const char *p = ps->p;
            int min, max;
            bool star_or_interval = *p == '*' || *p == '{' || (p[0] == '\\' && p[1] == '{');
            if (*p == '*') {
                min = 0, max = -1, ps->p++;
            } else if (ps->ere && (*p == '+' || *p == '?')) {
                min = *p == '+', max = *p == '+' ? -1 : 1, ps->p++;
            } else if (!ps->ere && p[0] == '\\' && (p[1] == '+' || p[1] == '?')) {
                min = p[1] == '+', max = p[1] == '+' ? -1 : 1, ps->p += 2;
            } else if (ps->ere ? *p == '{' : p[0] == '\\' && p[1] == '{') {
                ps->p += ps->ere ? 1 : 2;
                if (parse_interval(ps, &min, &max) < 0)
                    return -1;
            } else {
                break;
            }
            if (anchor && ps->ere)
                return -1; /* "^*", "\\b+" in an ERE: nothing to repeat */
            if (!ps->ere && repeats > 0 && star_or_interval)
                return -1; /* "a**", "a\\+*" in a BRE (glibc takes "a*\\+") */
            repeats++;
            int r = new_node(ps, N_REPEAT, atom);
            if (r < 0)
                return -1;
            ps->nodes[r].min = min;
            ps->nodes[r].max = max;
            atom = r;
        }
        if (last < 0)
            ps->nodes[cat].arg = atom;
        else
            ps->nodes[last].next = atom;
        last = atom;
    }
    return cat;
}

/* Alternatives separated by '|' ("\|" in a BRE): a N_ALT list. */
static int parse_alt(re_parser *ps, int depth)
{
    int alt = new_node(ps, N_ALT, -1), last = -1;
    for (;;) {
        int cat = parse_concat(ps, depth);
        if (alt < 0 || cat < 0)
            return -1;
        if (last < 0)
            ps->nodes[alt].arg = cat;
        else
            ps->nodes[last].next = cat;
        last = cat;
        if (ps->ere ? *ps->p == '|' : ps->p[0] == '\\' && ps->p[1] == '|')
            ps->p += ps->ere ? 1 : 2;
        else
            return alt;
    }
}

/* ---- emitting the program ------------------------------------------------------------------ */

static int emit(re_parser *ps, int op, int x, int y)
{
    if (ps->failed || ps->n_prog >= RE_PROGRAM_MAX ||
        !grow(ps, (void **)&ps->prog, &ps->cap_prog, ps->n_prog, sizeof(re_inst))) {
        ps->failed = true;
        return 0;
    }
    ps->prog[ps->n_prog] = (re_inst){op, x, y};
    return ps->n_prog++;
}

static void emit_node(re_parser *ps, int n)
{
    if (ps->failed)
        return;
    re_node node = ps->nodes[n];
    switch (node.kind) {
    case N_SET:
        emit(ps, I_SET, node.arg, 0);
        break;
    case N_ASSERT:
        emit(ps, I_ASSERT, node.arg, 0);
        break;
    case N_CAT:
        for (int c = node.arg; c >= 0; c = ps->nodes[c].next)
            emit_node(ps, c);
        break;
    case N_ALT: {
        /* SPLIT to each alternative but the last; each ends with a JMP to the end */
        int jumps = -1; /* a chain of JMPs to patch, linked through their x */
        for (int c = node.arg; c >= 0 && !ps->failed; c = ps->nodes[c].next) {
            bool last = ps->nodes[c].next < 0;
            int split = last ? -1 : emit(ps, I_SPLIT, ps->n_prog + 1, 0);
            emit_node(ps, c);
            if (!last && !ps->failed) {
                jumps = emit(ps, I_JMP, jumps, 0);
                if (!ps->failed)
                    ps->prog[split].y = ps->n_prog;
            }
        }
        while (!ps->failed && jumps >= 0) {
            int j = ps->prog[jumps].x;
            ps->prog[jumps].x = ps->n_prog;
            jumps = j;
        }
        break;
    }
    case N_REPEAT: {
        if (node.max < 0 && node.min > 0) { /* x{m,}: m - 1 copies, then L: x; SPLIT L, out */
            for (int i = 1; i < node.min && !ps->failed; i++)
                emit_node(ps, node.arg);
            int loop = ps->n_prog;
            emit_node(ps, node.arg);
            emit(ps, I_SPLIT, loop, ps->n_prog + 1);
            break;
        }
        for (int i = 0; i < node.min && !ps->failed; i++)
            emit_node(ps, node.arg);
        if (node.max < 0) { /* x*: L: SPLIT x, out; x; JMP L */
            int split = emit(ps, I_SPLIT, ps->n_prog + 1, 0);
            emit_node(ps, node.arg);
            emit(ps, I_JMP, split, 0);
            if (!ps->failed)
                ps->prog[split].y = ps->n_prog;
            break;
        }
        int splits = -1; /* chain through y, patched to the end */
        for (int i = node.min; i < node.max && !ps->failed; i++) {
            splits = emit(ps, I_SPLIT, ps->n_prog + 1, splits);
            emit_node(ps, node.arg);
        }
        while (!ps->failed && splits >= 0) {
            int s = ps->prog[splits].y;
            ps->prog[splits].y = ps->n_prog;
            splits = s;
        }
        break;
    }
    default: /* N_EMPTY */
        break;
    }
}

/* The bytes a match can start with (a superset: assertions are taken as passing), into
 * re->first; has_first stays false when a match can be empty. Lets emu_re_match skip the
 * positions where no match can start, most of a line for the usual grep pattern. */
static void find_first_bytes(emu_re *re)
{
    bool *seen = calloc((size_t)re->n_prog, sizeof *seen);
    int *stack = malloc(((size_t)re->n_prog * 2 + 2) * sizeof *stack);
    if (!seen || !stack) {
        free(seen);
        free(stack);
        return;
    }
    memset(&re->first, 0, sizeof re->first);
    bool empty = false;
    int top = 0;
    stack[top++] = 0;
    while (top > 0 && !empty) {
        int pc = stack[--top];
        if (seen[pc])
            continue;
        seen[pc] = true;
        const re_inst *in = &re->prog[pc];
        switch (in->op) {
        case I_JMP:
            stack[top++] = in->x;
            break;
        case I_SPLIT:
            stack[top++] = in->y;
            stack[top++] = in->x;
            break;
        case I_ASSERT:
            stack[top++] = pc + 1;
            break;
        case I_MATCH:
            empty = true;
            break;
        default: /* I_SET */
            for (int b = 0; b < 32; b++)
                re->first.bits[b] |= re->sets[in->x].bits[b];
            break;
        }
    }
    re->has_first = !empty;
    free(seen);
    free(stack);
}

/* Sets re->literal when every instruction but the final match reads one given byte: a plain
 * string, grep's most common pattern ("step=3115", 'node=node02'), which strstr finds in a
 * fraction of the simulation's time. Leaves it NULL otherwise (or without memory). */
static void find_literal(emu_re *re)
{
    re->literal = NULL;
    int n = re->n_prog - 1; /* the last instruction is the match */
    if (n < 1 || re->prog[n].op != I_MATCH)
        return;
    char *lit = malloc((size_t)n + 1);
    if (!lit)
        return;
    for (int pc = 0; pc < n; pc++) {
        const re_inst *in = &re->prog[pc];
        int only = -1, count = 0;
        for (int c = 1; in->op == I_SET && c < 256 && count < 2; c++)
            if (set_has(&re->sets[in->x], c))
                only = c, count++;
        if (in->op != I_SET || count != 1 || set_has(&re->sets[in->x], 0)) {
            free(lit);
            return;
        }
        lit[pc] = (char)only;
    }
    lit[n] = '\0';
    re->literal = lit;
}

emu_re *emu_re_compile(const char *pattern, int flags)
{
    re_parser ps;
    memset(&ps, 0, sizeof ps);
    ps.p = pattern;
    ps.ere = flags & EMU_RE_EXTENDED;
    ps.icase = flags & EMU_RE_ICASE;
    int root = parse_alt(&ps, 0);
    if (root >= 0 && *ps.p) /* a BRE's unmatched "\)" */
        root = -1;
    if (root >= 0) {
        emit_node(&ps, root);
        emit(&ps, I_MATCH, 0, 0);
    }
    emu_re *re = NULL;
    if (root >= 0 && !ps.failed && (re = malloc(sizeof *re)) != NULL) {
        re->prog = ps.prog;
        re->n_prog = ps.n_prog;
        re->sets = ps.sets;
        re->n_sets = ps.n_sets;
        re->has_first = false;
        find_first_bytes(re);
        find_literal(re);
    } else {
        free(ps.prog);
        free(ps.sets);
    }
    free(ps.nodes);
    return re;
}

const char *emu_re_literal(const emu_re *re)
{
    return re ? re->literal : NULL;
}

void emu_re_free(emu_re *re)
{
    if (!re)
        return;
    free(re->prog);
    free(re->sets);
    free(re->literal);
    free(re);
}

/* ---- shell wildcards ---------------------------------------------------------------------- */

/* One byte of a bracket expression at *p: "[.c.]", "[=c=]", "\\c" or c; advances *p. As glibc:
 * -1 for a "[." that is not "[.c.]" (the pattern then matches nothing), while a "[=" that is not
 * "[=c=]" is an ordinary '['. */
static int glob_bracket_char(const char **p)
{
    const char *q = *p;
    if (q[0] == '[' && (q[1] == '.' || q[1] == '=')) {
        if (q[2] && q[3] == q[1] && q[4] == ']') {
            *p = q + 5;
            return (unsigned char)q[2];
        }
        if (q[1] == '.')
            return -1;
    }
    if (q[0] == '\\' && q[1]) {
        *p = q + 2;
        return (unsigned char)q[1];
    }
    *p = q + 1;
    return (unsigned char)q[0];
}

#define GLOB_BAD ((const char *)1) /* an ill-formed bracket (see below): no match here */

/* After a bracket's member matched, the rest of the bracket up to its ']', skipped as glibc
 * skips it (a "[:" with letters up to ":]" is one unit, "[=c=]" and "[.c.]" too, '\\' quotes
 * the next byte): returns the pattern after the ']', NULL when the pattern ends first (the
 * bracket is not closed), or GLOB_BAD when a "[=" or "[." is ill-formed (no match here). */
static const char *glob_skip(const char *p)
{
    for (;;) {
        char c = *p++;
        if (!c)
            return NULL;
        if (c == ']')
            return p;
        if (c == '\\') {
            if (!*p)
                return NULL;
            p++;
        } else if (c == '[' && *p == ':') {
            const char *q = p + 1;
            while (*q >= 'a' && *q < 'z')
                q++;
            if (q[0] == ':' && q[1] == ']')
                p = q + 2;
        } else if (c == '[' && *p == '=') {
            if (!p[1] || p[2] != '=' || p[3] != ']')
                return GLOB_BAD;
            p += 4;
        } else if (c == '[' && *p == '.') {
            const char *close = p[1] ? strstr(p + 2, ".]") : NULL;
            if (!close)
                return GLOB_BAD;
            p = close + 2;
        }
    }
}

/* Matches c against the bracket expression at p (after its '['): sets *hit and returns the
 * pattern after the closing ']', NULL when there is none (the '[' is then an ordinary
 * character, as POSIX says), or GLOB_BAD (no match at this position). Like glibc, it reads the
 * members in order and skips the rest once one matched (glob_skip), so an unknown class name,
 * an ill-formed "[." or a range cut short by the pattern's end is GLOB_BAD only before that. A
 * "[:" not followed by letters and ":]" is no class: its '[' is a member. (Where glibc departs
 * from POSIX on a bracket left open, "[ab" failing on "a" but not "[[=" on "[[=", this keeps
 * to POSIX.) */
static const char *glob_bracket(const char *p, unsigned char c, bool *hit)
{
    bool negate = *p == '!' || *p == '^';
    p += negate;
    for (bool first = true;; first = false) {
        if (!*p)
            return NULL;
        if (*p == ']' && !first) {
            *hit = negate;
            return p + 1;
        }
        bool in = false, is_class = false;
        if (p[0] == '[' && p[1] == ':') {
            const char *close = p + 2; /* glibc reads a name of letters a..y up to ":]" */
            while (*close >= 'a' && *close < 'z')
                close++;
            if (close[0] == ':' && close[1] == ']') {
                int found = class_find(p + 2, (size_t)(close - (p + 2)));
                if (found < 0)
                    return GLOB_BAD;
                in = re_classes[found].test(c) != 0;
                p = close + 2;
                is_class = true;
            }
        }
        if (!is_class) {
            int lo = glob_bracket_char(&p), hi = lo;
            if (lo >= 0 && p[0] == '-' && !p[1])
                return GLOB_BAD; /* a range cut short by the pattern's end */
            if (lo >= 0 && p[0] == '-' && p[1] != ']') {
                p++;
                /* a range's end may be "[.c.]" but not "[=c=]": there '[' is the end */
                hi = p[0] == '[' && p[1] == '=' ? (unsigned char)*p++ : glob_bracket_char(&p);
            }
            if (lo < 0 || hi < 0)
                return GLOB_BAD; /* an ill-formed "[." */
            in = c >= lo && c <= hi;
        }
        if (in) {
            p = glob_skip(p);
            *hit = !negate;
            return p; /* NULL: not closed after all (POSIX: the '[' is then a character) */
        }
    }
}

bool emu_fnmatch(const char *pattern, const char *name)
{
    const char *p = pattern, *s = name;
    const char *star_p = NULL, *star_s = NULL; /* after the last '*', and where it stopped */
    for (;;) {
        if (*p == '*') {
            star_p = ++p;
            star_s = s;
            continue;
        }
        bool ok = false;
        const char *next = NULL;
        if (!*p) {
            if (!*s)
                return true;
        } else if (!*s) {
            return false; /* pattern left, name done: a '*' taking more cannot help */
        } else if (*p == '?') {
            ok = true, next = p + 1;
        } else if (*p == '[' && (next = glob_bracket(p + 1, (unsigned char)*s, &ok)) != NULL) {
            if (next == GLOB_BAD)
                ok = false; /* fails here; a '*' before it may still try further on */
        } else if (*p == '\\') {
            if (!p[1])
                return false; /* a trailing backslash matches nothing (glibc) */
            ok = p[1] == *s, next = p + 2;
        } else {
            ok = *p == *s, next = p + 1;
        }
        if (ok) {
            p = next;
            s++;
            continue;
        }
        if (!star_p || !*star_s)
            return false;
        p = star_p; /* let the last '*' take one more byte */
        s = ++star_s;
    }
}

/* ---- matching ------------------------------------------------------------------------------ */

typedef struct re_thread {
    int pc;
    size_t start;
} re_thread;

typedef struct re_run {
    const emu_re *re;
    const char *text;
    bool notbol;
    unsigned *mark;  /* per instruction: the generation that last added it */
    unsigned gen;
    int *stack;
    bool found;
    size_t best_start, best_end;
} re_run;

static bool assert_holds(const re_run *r, int kind, size_t pos)
{
    int prev = pos > 0 ? (unsigned char)r->text[pos - 1] : 0;
    int cur = (unsigned char)r->text[pos];
    bool word_before = prev && is_word(prev), word_after = cur && is_word(cur);
    switch (kind) {
    case A_BOL: return pos == 0 && !r->notbol;
    case A_EOL: return cur == 0;
    case A_WORD_EDGE: return word_before != word_after;
    case A_NOT_WORD_EDGE: return word_before == word_after;
    case A_WORD_START: return !word_before && word_after;
    case A_WORD_END: return word_before && !word_after;
    case A_BUF_START: return pos == 0;
    default: return cur == 0; /* A_BUF_END */
    }
}

/* Adds the thread at pc and everything it reaches without reading, at text offset pos. */
static void add_thread(re_run *r, re_thread *list, int *n, int pc, size_t start, size_t pos)
{
    int top = 0;
    r->stack[top++] = pc;
    while (top > 0) {
        pc = r->stack[--top];
        if (r->mark[pc] == r->gen)
            continue;
        r->mark[pc] = r->gen;
        const re_inst *in = &r->re->prog[pc];
        switch (in->op) {
        case I_JMP:
            r->stack[top++] = in->x;
            break;
        case I_SPLIT:
            r->stack[top++] = in->y;
            r->stack[top++] = in->x;
            break;
        case I_ASSERT:
            if (assert_holds(r, in->x, pos))
                r->stack[top++] = pc + 1;
            break;
        case I_MATCH:
            if (!r->found || start < r->best_start ||
                (start == r->best_start && pos > r->best_end)) {
                r->found = true;
                r->best_start = start;
                r->best_end = pos;
            }
            break;
        default: /* I_SET */
            list[(*n)++] = (re_thread){pc, start};
            break;
        }
    }
}

bool emu_re_match(const emu_re *re, const char *text, int flags, size_t *start, size_t *end)
{
    if (re->literal) { /* the first occurrence is the leftmost match, and every match is as long */
        const char *at = strstr(text, re->literal);
        if (at && start)
            *start = (size_t)(at - text);
        if (at && end)
            *end = (size_t)(at - text) + strlen(re->literal);
        return at != NULL;
    }
    size_t n_prog = (size_t)re->n_prog;
    /* a small program's lists on the stack: grep and awk match once a line */
    enum { SMALL = 64 };
    re_thread small_lists[2 * SMALL];
    unsigned small_mark[SMALL];
    int small_stack[2 * SMALL + 2];
    bool small = n_prog <= SMALL;
    re_thread *lists = small ? small_lists : malloc(2 * n_prog * sizeof *lists);
    unsigned *mark = small ? memset(small_mark, 0, n_prog * sizeof *mark) : calloc(n_prog, sizeof *mark);
    int *stack = small ? small_stack : malloc((2 * n_prog + 2) * sizeof *stack); /* 2 pushes per state at most */
    bool found = false;
    if (lists && mark && stack) {
        re_run r = {re, text, flags & EMU_RE_NOTBOL, mark, 1, stack, false, 0, 0};
        re_thread *now = lists, *next = lists + n_prog;
        int n_now = 0;
        for (size_t pos = 0;; pos++) {
            if (!r.found && n_now == 0 && re->has_first) { /* skip to a possible start */
                size_t from = pos;
                while (text[pos] && !set_has(&re->first, (unsigned char)text[pos]))
                    pos++;
                if (!text[pos])
                    break;
                r.gen += pos != from; /* a fresh generation for the new position */
            }
            if (!r.found)
                add_thread(&r, now, &n_now, 0, pos, pos);
            int c = (unsigned char)text[pos];
            if (c == 0 || (n_now == 0 && r.found))
                break;
            r.gen++;
            int n_next = 0;
            for (int i = 0; i < n_now; i++) {
                if (r.found && now[i].start > r.best_start)
                    break; /* the list is in order of start: the rest start later */
                if (set_has(&re->sets[re->prog[now[i].pc].x], c))
                    add_thread(&r, next, &n_next, now[i].pc + 1, now[i].start, pos + 1);
            }
            re_thread *t = now;
            now = next;
            next = t;
            n_now = n_next;
        }
        found = r.found;
        if (found && start)
            *start = r.best_start;
        if (found && end)
            *end = r.best_end;
    }
    if (!small) {
        free(lists);
        free(mark);
        free(stack);
    }
    return found;
}
