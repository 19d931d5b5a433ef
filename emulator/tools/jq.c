/* jq.c: `jq [-rcensj] [--arg NAME VALUE] FILTER [FILE]`: a subset of jq 1.6 (Debian 12's), for
 * what engineers pipe the BMC's Redfish JSON (curl) through. Paths (., .a.b, .["k"], .[n],
 * .[m:n], .[], .., postfix ?), pipes and commas, literals, [..] and {..} construction (with
 * {a} and {(k): v}), string interpolation "\(..)", arithmetic (+ - * / %), comparisons, and/or/
 * not, the alternative //, if-then-elif-else-end, $NAME variables from --arg, the @csv @tsv
 * @json @text formats, and the builtins of the table below. Streams as jq makes them: a binary
 * operator runs its right side outermost; {..} its first key outermost. Output as jq 1.6 prints
 * it: two-space indentation (-c: none), numbers in the shortest form that reads back (jv_dtoa's
 * rule: exponential when the decimal exponent is below -4 or more than 15 past the digits),
 * strings with \uXXXX for control characters and DEL. Exit statuses as jq 1.6's: 5 after a
 * runtime error (the input's other results still print), 4 after bad input JSON, 3 for a filter
 * that does not compile, -e's 1 and 4. tests/emulator/test_shell_peers.c checks it against Debian's jq
 * over a corpus of filters (tests/emulator/fixtures/peers/jq.txt). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat/numscan.h"
#include "out.h"
#include "tools.h"

/* ---- values -------------------------------------------------------------------------------- */

typedef enum { J_NULL, J_FALSE, J_TRUE, J_NUM, J_STR, J_ARR, J_OBJ } jtype;

typedef struct jv jv;
struct jv {
    jtype t;
    double n;
    char *s; /* J_STR: bytes (NUL-terminated), len */
    size_t len;
    jv **items; /* J_ARR: elements; J_OBJ: values, with keys[] */
    jv **keys;
    size_t count, cap;
};

/* Everything a run allocates comes from one arena, freed at its end; JQ_MAX_BYTES bounds it. */
#define JQ_MAX_BYTES (48u << 20)

typedef struct block {
    struct block *next;
    size_t used, size;
    char data[];
} block;

typedef struct jq {
    block *blocks;
    size_t total;
    bool oom;
    char err[256]; /* the runtime error being raised */
    int depth;
    const char *const *vars; /* --arg NAME VALUE pairs */
    int n_vars;
} jq;

static void *jq_alloc(jq *q, size_t size)
{
    size = (size + 15) & ~(size_t)15;
    if (q->blocks && q->blocks->size - q->blocks->used >= size) {
        void *p = q->blocks->data + q->blocks->used;
        q->blocks->used += size;
        return p;
    }
    size_t bs = size > 65536 ? size : 65536;
    if (q->total + bs > JQ_MAX_BYTES) {
        q->oom = true;
        return NULL;
    }
    block *b = malloc(sizeof *b + bs);
    if (!b) {
        q->oom = true;
        return NULL;
    }
    b->next = q->blocks;
    b->size = bs;
    b->used = size;
    q->blocks = b;
    q->total += bs;
    return b->data;
}

static jv *jv_new(jq *q, jtype t)
{
    jv *v = jq_alloc(q, sizeof *v);
    if (v) {
        memset(v, 0, sizeof *v);
        v->t = t;
    }
    return v;
}

static jv *jv_num(jq *q, double n)
{
    jv *v = jv_new(q, J_NUM);
    if (v)
        v->n = n;
    return v;
}

static jv *jv_bool(jq *q, bool b)
{
    return jv_new(q, b ? J_TRUE : J_FALSE);
}

static jv *jv_str(jq *q, const char *s, size_t len)
{
    jv *v = jv_new(q, J_STR);
    char *p = v ? jq_alloc(q, len + 1) : NULL;
    if (!p)
        return NULL;
    memcpy(p, s, len);
    p[len] = '\0';
    v->s = p;
    v->len = len;
    return v;
}

static int jv_push(jq *q, jv *a, jv *key, jv *item)
{
    if (!a || !item)
        return -1;
    if (a->count == a->cap) {
        size_t cap = a->cap ? a->cap * 2 : 4;
        jv **items = jq_alloc(q, cap * sizeof *items);
        jv **keys = key ? jq_alloc(q, cap * sizeof *keys) : NULL;
        if (!items || (key && !keys))
            return -1;
        if (a->count)
            memcpy(items, a->items, a->count * sizeof *items);
        if (key && a->count)
            memcpy(keys, a->keys, a->count * sizeof *keys);
        a->items = items;
        if (key)
            a->keys = keys;
        a->cap = cap;
    }
    if (key)
        a->keys[a->count] = key;
    a->items[a->count++] = item;
    return 0;
}

static jv *obj_get(const jv *o, const char *k, size_t len)
{
    for (size_t i = 0; i < o->count; i++)
        if (o->keys[i]->len == len && !memcmp(o->keys[i]->s, k, len))
            return o->items[i];
    return NULL;
}

/* Sets key in object o (a fresh copy is the caller's business): replaces in place, or appends. */
static int obj_set(jq *q, jv *o, jv *key, jv *val)
{
    for (size_t i = 0; i < o->count; i++)
        if (o->keys[i]->len == key->len && !memcmp(o->keys[i]->s, key->s, key->len)) {
            o->items[i] = val;
            return 0;
        }
    return jv_push(q, o, key, val);
}

static jv *jv_copy_container(jq *q, const jv *a)
{
    jv *c = jv_new(q, a->t);
    for (size_t i = 0; c && i < a->count; i++)
        if (jv_push(q, c, a->t == J_OBJ ? a->keys[i] : NULL, a->items[i]))
            return NULL;
    return c;
}

static const char *type_name(const jv *v)
{
    static const char *const names[] = {"null", "boolean", "boolean", "number", "string", "array", "object"};
    return names[v->t];
}

static bool truthy(const jv *v)
{
    return v->t != J_NULL && v->t != J_FALSE;
}

static int type_rank(const jv *v)
{
    return v->t; /* null < false < true < numbers < strings < arrays < objects */
}

static int jv_cmp(const jv *a, const jv *b);

/* The object's keys in byte order (jq's keys). Returns an array of the key values. */
static jv *sorted_keys(jq *q, const jv *o)
{
    jv *k = jv_new(q, J_ARR);
    for (size_t i = 0; k && i < o->count; i++)
        if (jv_push(q, k, NULL, o->keys[i]))
            return NULL;
    for (size_t i = 1; k && i < k->count; i++) /* insertion sort: stable, small arrays */
        for (size_t j = i; j > 0 && jv_cmp(k->items[j - 1], k->items[j]) > 0; j--) {
            jv *t = k->items[j];
            k->items[j] = k->items[j - 1];
            k->items[j - 1] = t;
        }
    return k;
}

static int jv_cmp(const jv *a, const jv *b)
{
    if (type_rank(a) != type_rank(b))
        return type_rank(a) < type_rank(b) ? -1 : 1;
    switch (a->t) {
    case J_NUM:
        return a->n < b->n ? -1 : a->n > b->n ? 1 : 0;
    case J_STR: {
        size_t n = a->len < b->len ? a->len : b->len;
        int c = memcmp(a->s, b->s, n);
        return c ? (c < 0 ? -1 : 1) : a->len < b->len ? -1 : a->len > b->len ? 1 : 0;
    }
    case J_ARR:
        for (size_t i = 0; i < a->count && i < b->count; i++) {
            int c = jv_cmp(a->items[i], b->items[i]);
            if (c)
                return c;
        }
        return a->count < b->count ? -1 : a->count > b->count ? 1 : 0;
    case J_OBJ: {
        /* jq: the sorted key lists first, then the values key by key */
        jq tmp = {0};
        jv *ka = sorted_keys(&tmp, a), *kb = sorted_keys(&tmp, b);
        int c = ka && kb ? jv_cmp(ka, kb) : 0;
        for (size_t i = 0; !c && ka && i < ka->count; i++)
            c = jv_cmp(obj_get(a, ka->items[i]->s, ka->items[i]->len), obj_get(b, ka->items[i]->s, ka->items[i]->len));
        for (block *bl = tmp.blocks, *nx; bl; bl = nx) {
            nx = bl->next;
            free(bl);
        }
        return c;
    }
    default:
        return 0;
    }
}

/* ---- output -------------------------------------------------------------------------------- */

/* A number as jq 1.6 prints it: the shortest digits that read back, positional unless the
 * decimal exponent is below -4 or more than 15 past the digits; integers without a point. */
static void num_text(double x, char *buf, size_t size)
{
    if (x != x) {
        snprintf(buf, size, "null");
        return;
    }
    if (isinf(x))
        x = x > 0 ? 1.7976931348623157e308 : -1.7976931348623157e308;
    if (x == 0) {
        snprintf(buf, size, signbit(x) ? "-0" : "0");
        return;
    }
    char e[40];
    int p = 0;
    for (; p < 17; p++) {
        snprintf(e, sizeof e, "%.*e", p, x);
        if (emu_strtod(e, NULL) == x)
            break;
    }
    /* e: [-]d[.ddd]e[+-]XX */
    bool neg = e[0] == '-';
    char digits[24];
    int nd = 0;
    const char *c = e + neg;
    for (; *c && *c != 'e'; c++)
        if (*c != '.')
            digits[nd++] = *c;
    while (nd > 1 && digits[nd - 1] == '0')
        nd--;
    digits[nd] = '\0';
    int decpt = atoi(c + 1) + 1; /* digits are 0.DIGITS x 10^decpt */
    size_t o = 0;
    if (neg)
        buf[o++] = '-';
    if (decpt <= -4 || decpt > nd + 15) {
        buf[o++] = digits[0];
        if (nd > 1) {
            buf[o++] = '.';
            for (int i = 1; i < nd; i++)
                buf[o++] = digits[i];
        }
        snprintf(buf + o, size - o, "e%c%02d", decpt - 1 < 0 ? '-' : '+', abs(decpt - 1));
        return;
    }
    if (decpt <= 0) {
        buf[o++] = '0';
        buf[o++] = '.';
        for (int i = 0; i < -decpt; i++)
            buf[o++] = '0';
        for (int i = 0; i < nd; i++)
            buf[o++] = digits[i];
    } else {
        for (int i = 0; i < decpt || i < nd; i++) {
            if (i == decpt)
                buf[o++] = '.';
            buf[o++] = i < nd ? digits[i] : '0';
        }
    }
    buf[o] = '\0';
}

static void put_str(emu_out *out, const char *s, size_t len)
{
    emu_out_write(out, "\"", 1);
    size_t run = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char ch = (unsigned char)s[i];
        const char *esc = ch == '"' ? "\\\"" : ch == '\\' ? "\\\\" : ch == '\n' ? "\\n" : ch == '\t' ? "\\t"
                        : ch == '\r' ? "\\r" : ch == '\b' ? "\\b" : ch == '\f' ? "\\f" : NULL;
        if (!esc && ch >= 0x20 && ch != 0x7f)
            continue;
        emu_out_write(out, s + run, i - run);
        if (esc)
            emu_out_printf(out, "%s", esc);
        else
            emu_out_printf(out, "\\u%04x", ch);
        run = i + 1;
    }
    emu_out_write(out, s + run, len - run);
    emu_out_write(out, "\"", 1);
}

static void dump(emu_out *out, const jv *v, bool compact, int indent)
{
    char num[40];
    switch (v->t) {
    case J_NULL: emu_out_printf(out, "null"); return;
    case J_FALSE: emu_out_printf(out, "false"); return;
    case J_TRUE: emu_out_printf(out, "true"); return;
    case J_NUM:
        num_text(v->n, num, sizeof num);
        emu_out_printf(out, "%s", num);
        return;
    case J_STR: put_str(out, v->s, v->len); return;
    default: break;
    }
    bool obj = v->t == J_OBJ;
    if (!v->count) {
        emu_out_printf(out, obj ? "{}" : "[]");
        return;
    }
    emu_out_printf(out, obj ? "{" : "[");
    for (size_t i = 0; i < v->count; i++) {
        if (i)
            emu_out_printf(out, ",");
        if (!compact)
            emu_out_printf(out, "\n%*s", 2 * (indent + 1), "");
        if (obj) {
            put_str(out, v->keys[i]->s, v->keys[i]->len);
            emu_out_printf(out, compact ? ":" : ": ");
        }
        dump(out, v->items[i], compact, indent + 1);
    }
    if (!compact)
        emu_out_printf(out, "\n%*s", 2 * indent, "");
    emu_out_printf(out, obj ? "}" : "]");
}

/* ---- JSON input ---------------------------------------------------------------------------- */

typedef struct reader {
    const char *s;
    size_t len, pos;
    const char *err;
} reader;

static void skip_ws(reader *r)
{
    while (r->pos < r->len && strchr(" \t\r\n", r->s[r->pos]) && r->s[r->pos])
        r->pos++;
}

static void utf8(emu_out *b, unsigned cp)
{
    char u[4];
    int n = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    if (n == 1)
        u[0] = (char)cp;
    else if (n == 2)
        u[0] = (char)(0xc0 | cp >> 6), u[1] = (char)(0x80 | (cp & 0x3f));
    else if (n == 3)
        u[0] = (char)(0xe0 | cp >> 12), u[1] = (char)(0x80 | ((cp >> 6) & 0x3f)), u[2] = (char)(0x80 | (cp & 0x3f));
    else
        u[0] = (char)(0xf0 | cp >> 18), u[1] = (char)(0x80 | ((cp >> 12) & 0x3f)),
        u[2] = (char)(0x80 | ((cp >> 6) & 0x3f)), u[3] = (char)(0x80 | (cp & 0x3f));
    emu_out_write(b, u, (size_t)n);
}

static int hex4(const char *p, unsigned *v)
{
    *v = 0;
    for (int i = 0; i < 4; i++) {
        char c = p[i];
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (d < 0)
            return -1;
        *v = *v * 16 + (unsigned)d;
    }
    return 0;
}

/* A JSON string at r->pos (after its opening quote) or a filter's string literal body up to
 * end_char; unescapes into b. Returns 0, or -1 when it does not end. */
static int read_string(reader *r, emu_out *b)
{
    while (r->pos < r->len) {
        char c = r->s[r->pos++];
        if (c == '"')
            return 0;
        if (c != '\\') {
            emu_out_write(b, &c, 1);
            continue;
        }
        if (r->pos >= r->len)
            break;
        c = r->s[r->pos++];
        const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t";
        const char *k = strchr(from, c);
        if (k && c) {
            emu_out_write(b, to + (k - from), 1);
            continue;
        }
        unsigned cp;
        if (c != 'u' || r->pos + 4 > r->len || hex4(r->s + r->pos, &cp)) {
            r->err = "Invalid escape";
            return -1;
        }
        r->pos += 4;
        if (cp >= 0xd800 && cp < 0xdc00 && r->pos + 6 <= r->len && r->s[r->pos] == '\\' && r->s[r->pos + 1] == 'u') {
            unsigned lo;
            if (!hex4(r->s + r->pos + 2, &lo) && lo >= 0xdc00 && lo < 0xe000) {
                cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
                r->pos += 6;
            }
        }
        if (cp >= 0xd800 && cp < 0xe000)
            cp = 0xfffd;
        utf8(b, cp);
    }
    r->err = "Unfinished string";
    return -1;
}

static jv *read_value(jq *q, reader *r, int depth)
{
    skip_ws(r);
    if (r->pos >= r->len) {
        r->err = "Unfinished JSON term";
        return NULL;
    }
    if (depth > 256) {
        r->err = "Exceeds depth limit for parsing";
        return NULL;
    }
    char c = r->s[r->pos];
    if (c == '{' || c == '[') {
        jv *v = jv_new(q, c == '{' ? J_OBJ : J_ARR);
        r->pos++;
        skip_ws(r);
        if (r->pos < r->len && r->s[r->pos] == (c == '{' ? '}' : ']')) {
            r->pos++;
            return v;
        }
        for (;;) {
            jv *key = NULL;
            if (c == '{') {
                skip_ws(r);
                if (r->pos >= r->len || r->s[r->pos] != '"') {
                    r->err = r->pos >= r->len ? "Unfinished JSON term" : "Object keys must be strings";
                    return NULL;
                }
                r->pos++;
                emu_out b;
                emu_out_init(&b, 0);
                int bad = read_string(r, &b);
                key = bad ? NULL : jv_str(q, b.text ? b.text : "", b.len);
                emu_out_free(&b);
                skip_ws(r);
                if (!key || r->pos >= r->len || r->s[r->pos] != ':') {
                    if (!r->err)
                        r->err = r->pos >= r->len ? "Unfinished JSON term" : "Objects must consist of key:value pairs";
                    return NULL;
                }
                r->pos++;
            }
            jv *item = read_value(q, r, depth + 1);
            if (!item || !v)
                return NULL;
            if (key ? obj_set(q, v, key, item) : jv_push(q, v, NULL, item))
                return NULL;
            skip_ws(r);
            if (r->pos >= r->len) {
                r->err = "Unfinished JSON term";
                return NULL;
            }
            char d = r->s[r->pos++];
            if (d == (c == '{' ? '}' : ']'))
                return v;
            if (d != ',') {
                r->err = "Expected separator between values";
                return NULL;
            }
        }
    }
    if (c == '"') {
        r->pos++;
        emu_out b;
        emu_out_init(&b, 0);
        jv *v = read_string(r, &b) ? NULL : jv_str(q, b.text ? b.text : "", b.len);
        emu_out_free(&b);
        return v;
    }
    size_t start = r->pos;
    while (r->pos < r->len && !strchr(" \t\r\n,]}:[{\"", r->s[r->pos]) && r->s[r->pos])
        r->pos++;
    size_t n = r->pos - start;
    const char *w = r->s + start;
    if (n == 4 && !memcmp(w, "null", 4))
        return jv_new(q, J_NULL);
    if (n == 4 && !memcmp(w, "true", 4))
        return jv_new(q, J_TRUE);
    if (n == 5 && !memcmp(w, "false", 5))
        return jv_new(q, J_FALSE);
    char num[64];
    char *end = NULL;
    if (n && n < sizeof num) {
        memcpy(num, w, n);
        num[n] = '\0';
        double d = emu_strtod(num, &end);
        if (end && !*end && (num[0] == '-' || (num[0] >= '0' && num[0] <= '9')))
            return jv_num(q, d);
    }
    r->err = "Invalid literal";
    return NULL;
}

/* ---- filters ------------------------------------------------------------------------------- */

typedef enum {
    F_DOT, F_FIELD, F_INDEX, F_SLICE, F_ITER, F_TRY, F_PIPE, F_COMMA, F_LIT, F_NEG, F_BIN, F_AND,
    F_OR, F_ALT, F_ARRAY, F_OBJECT, F_CALL, F_IF, F_RECURSE, F_FORMAT, F_INTERP, F_VAR
} fkind;

typedef struct fnode fnode;
struct fnode {
    fkind k;
    char op;             /* F_BIN: + - * / % e(==) n(!=) < l(<=) > g(>=) */
    fnode *a, *b, *c;    /* operands; F_IF: a cond, b then, c else (an F_IF for elif) */
    fnode **list;        /* F_OBJECT: key, value pairs; F_CALL: arguments; F_INTERP: parts */
    int n;
    jv *lit;             /* F_LIT, F_FIELD's name */
    char name[24];       /* F_CALL, F_FORMAT, F_VAR */
};

typedef struct parser {
    jq *q;
    const char *s;
    size_t pos, len;
    const char *err;
} parser;

static fnode *node(parser *p, fkind k)
{
    fnode *f = jq_alloc(p->q, sizeof *f);
    if (f)
        memset(f, 0, sizeof *f);
    else
        p->err = "out of memory";
    if (f)
        f->k = k;
    return f;
}

static void ws(parser *p)
{
    for (;;) {
        while (p->pos < p->len && strchr(" \t\r\n", p->s[p->pos]) && p->s[p->pos])
            p->pos++;
        if (p->pos < p->len && p->s[p->pos] == '#')
            while (p->pos < p->len && p->s[p->pos] != '\n')
                p->pos++;
        else
            return;
    }
}

static bool is_ident_start(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool is_ident(char c)
{
    return is_ident_start(c) || (c >= '0' && c <= '9');
}

static bool accept(parser *p, const char *tok)
{
    ws(p);
    size_t n = strlen(tok);
    if (p->pos + n > p->len || memcmp(p->s + p->pos, tok, n))
        return false;
    if (is_ident_start(tok[0]) && p->pos + n < p->len && is_ident(p->s[p->pos + n]))
        return false; /* a keyword is a whole word */
    p->pos += n;
    return true;
}

static bool expect(parser *p, const char *tok)
{
    if (accept(p, tok))
        return true;
    if (!p->err)
        p->err = "syntax error";
    return false;
}

static size_t ident(parser *p, char *buf, size_t size)
{
    ws(p);
    size_t n = 0;
    if (p->pos < p->len && is_ident_start(p->s[p->pos]))
        while (p->pos < p->len && is_ident(p->s[p->pos])) {
            if (n + 1 < size)
                buf[n++] = p->s[p->pos];
            p->pos++;
        }
    buf[n] = '\0';
    return n;
}

static fnode *parse_pipe(parser *p);
static fnode *parse_postfix(parser *p);

/* A string literal in a filter, p->pos after its quote: F_LIT, or F_INTERP with "\(..)". */
static fnode *parse_string(parser *p)
{
    fnode *f = node(p, F_INTERP);
    emu_out b;
    emu_out_init(&b, 0);
    while (f && !p->err) {
        if (p->pos >= p->len) {
            p->err = "unterminated string";
            break;
        }
        char c = p->s[p->pos];
        if (c == '"' || (c == '\\' && p->pos + 1 < p->len && p->s[p->pos + 1] == '(')) {
            fnode *lit = node(p, F_LIT);
            if (lit)
                lit->lit = jv_str(p->q, b.text ? b.text : "", b.len);
            emu_out_reset(&b);
            fnode **list = jq_alloc(p->q, (size_t)(f->n + 2) * sizeof *list);
            if (!lit || !list)
                break;
            if (f->n)
                memcpy(list, f->list, (size_t)f->n * sizeof *list);
            list[f->n++] = lit;
            f->list = list;
            if (c == '"') {
                p->pos++;
                break;
            }
            p->pos += 2;
            fnode *e = parse_pipe(p);
            if (!e || !expect(p, ")"))
                break;
            f->list[f->n++] = e;
            continue;
        }
        reader r = {p->s, p->len, p->pos, NULL};
        if (c == '\\') {
            /* one escape, through the JSON reader's rules */
            char tmp[8] = "";
            size_t k = 0;
            while (k < 6 && r.pos < r.len && (k < 2 || (tmp[1] == 'u' && k < 6)))
                tmp[k++] = r.s[r.pos++];
            tmp[k] = '"';
            reader one = {tmp, k + 1, 0, NULL};
            if (read_string(&one, &b)) {
                p->err = "invalid escape";
                break;
            }
            p->pos = r.pos;
            continue;
        }
        emu_out_write(&b, &c, 1);
        p->pos++;
    }
    emu_out_free(&b);
    if (p->err)
        return NULL;
    if (f && f->n == 1)
        return f->list[0];
    return f;
}

static fnode *parse_primary(parser *p)
{
    ws(p);
    if (p->pos >= p->len) {
        p->err = "syntax error, unexpected end of file";
        return NULL;
    }
    char c = p->s[p->pos];
    if (c == '.' && p->pos + 1 < p->len && p->s[p->pos + 1] == '.') {
        p->pos += 2;
        return node(p, F_RECURSE);
    }
    if (c == '.') {
        p->pos++;
        fnode *dot = node(p, F_DOT);
        if (p->pos < p->len && (is_ident_start(p->s[p->pos]) || p->s[p->pos] == '"')) {
            fnode *f = node(p, F_FIELD);
            if (!f)
                return NULL;
            f->a = dot;
            if (p->s[p->pos] == '"') {
                p->pos++;
                fnode *s = parse_string(p);
                if (!s || s->k != F_LIT) {
                    p->err = p->err ? p->err : "syntax error";
                    return NULL;
                }
                f->lit = s->lit;
            } else {
                char name[128];
                size_t n = ident(p, name, sizeof name);
                f->lit = jv_str(p->q, name, n);
            }
            return f;
        }
        return dot;
    }
    if (c == '$') {
        p->pos++;
        fnode *f = node(p, F_VAR);
        if (f && !ident(p, f->name, sizeof f->name))
            p->err = "syntax error";
        return f;
    }
    if (c == '"') {
        p->pos++;
        return parse_string(p);
    }
    if (c == '@') {
        p->pos++;
        fnode *f = node(p, F_FORMAT);
        if (f)
            ident(p, f->name, sizeof f->name);
        if (f && strcmp(f->name, "csv") && strcmp(f->name, "tsv") && strcmp(f->name, "json") && strcmp(f->name, "text")) {
            p->err = "not a valid format";
            return NULL;
        }
        return f;
    }
    if ((c >= '0' && c <= '9')) {
        char *end;
        double d = emu_strtod(p->s + p->pos, &end);
        p->pos = (size_t)(end - p->s);
        fnode *f = node(p, F_LIT);
        if (f)
            f->lit = jv_num(p->q, d);
        return f;
    }
    if (c == '(') {
        p->pos++;
        fnode *f = parse_pipe(p);
        return f && expect(p, ")") ? f : NULL;
    }
    if (c == '[') {
        p->pos++;
        fnode *f = node(p, F_ARRAY);
        if (accept(p, "]"))
            return f;
        if (f)
            f->a = parse_pipe(p);
        return f && f->a && expect(p, "]") ? f : NULL;
    }
    if (c == '{') {
        p->pos++;
        fnode *f = node(p, F_OBJECT);
        if (!f)
            return NULL;
        fnode *pairs[64];
        int n = 0;
        while (!accept(p, "}")) {
            if (n && !expect(p, ","))
                return NULL;
            if (n >= 62) {
                p->err = "object too large";
                return NULL;
            }
            ws(p);
            fnode *key = NULL, *val = NULL;
            char name[128];
            if (accept(p, "(")) {
                key = parse_pipe(p);
                if (!key || !expect(p, ")"))
                    return NULL;
            } else if (accept(p, "\"")) {
                key = parse_string(p);
            } else if (p->pos < p->len && p->s[p->pos] == '$') {
                p->pos++;
                size_t len = ident(p, name, sizeof name);
                key = node(p, F_LIT);
                if (key)
                    key->lit = jv_str(p->q, name, len);
                val = node(p, F_VAR);
                if (val)
                    snprintf(val->name, sizeof val->name, "%.23s", name);
            } else {
                size_t len = ident(p, name, sizeof name);
                if (!len) {
                    p->err = "syntax error";
                    return NULL;
                }
                key = node(p, F_LIT);
                if (key)
                    key->lit = jv_str(p->q, name, len);
            }
            if (!key)
                return NULL;
            if (!val && accept(p, ":")) {
                /* a value is an expression without ',' (jq's ExpD): a postfix term, or a pipe
                 * of them */
                val = parse_postfix(p);
                while (val && accept(p, "|")) {
                    fnode *pp = node(p, F_PIPE);
                    if (!pp)
                        return NULL;
                    pp->a = val;
                    pp->b = parse_postfix(p);
                    val = pp->b ? pp : NULL;
                }
                if (!val)
                    return NULL;
            } else if (!val) {
                if (key->k != F_LIT) {
                    p->err = "syntax error";
                    return NULL;
                }
                val = node(p, F_FIELD); /* {a}: {a: .a} */
                if (val) {
                    val->a = node(p, F_DOT);
                    val->lit = key->lit;
                }
            }
            pairs[n++] = key;
            pairs[n++] = val;
        }
        f->list = jq_alloc(p->q, (size_t)(n ? n : 1) * sizeof *f->list);
        if (!f->list)
            return NULL;
        memcpy(f->list, pairs, (size_t)n * sizeof *pairs);
        f->n = n;
        return f;
    }
    if (c == '-') {
        p->pos++;
        fnode *f = node(p, F_NEG);
        if (f)
            f->a = parse_postfix(p);
        return f && f->a ? f : NULL;
    }
    char name[24];
    size_t save = p->pos;
    if (!ident(p, name, sizeof name)) {
        p->err = "syntax error";
        return NULL;
    }
    if (!strcmp(name, "true") || !strcmp(name, "false") || !strcmp(name, "null")) {
        fnode *f = node(p, F_LIT);
        if (f)
            f->lit = jv_new(p->q, name[0] == 't' ? J_TRUE : name[0] == 'f' ? J_FALSE : J_NULL);
        return f;
    }
    if (!strcmp(name, "if")) {
        fnode *f = node(p, F_IF);
        if (!f || !(f->a = parse_pipe(p)) || !expect(p, "then") || !(f->b = parse_pipe(p)))
            return NULL;
        if (accept(p, "elif")) {
            p->pos -= 4; /* "elif" reads as a nested if */
            memcpy((char *)p->s + p->pos, "elif", 4);
            fnode *nested = node(p, F_IF);
            p->pos += 4;
            if (!nested || !(nested->a = parse_pipe(p)) || !expect(p, "then") || !(nested->b = parse_pipe(p)))
                return NULL;
            f->c = nested;
            fnode *tail = nested;
            while (accept(p, "elif")) {
                fnode *more = node(p, F_IF);
                if (!more || !(more->a = parse_pipe(p)) || !expect(p, "then") || !(more->b = parse_pipe(p)))
                    return NULL;
                tail->c = more;
                tail = more;
            }
            if (!expect(p, "else") || !(tail->c = parse_pipe(p)) || !expect(p, "end"))
                return NULL;
            return f;
        }
        if (!expect(p, "else") || !(f->c = parse_pipe(p)) || !expect(p, "end"))
            return NULL;
        return f;
    }
    if (!strcmp(name, "then") || !strcmp(name, "else") || !strcmp(name, "end") || !strcmp(name, "elif") ||
        !strcmp(name, "and") || !strcmp(name, "or")) {
        p->pos = save;
        p->err = "syntax error";
        return NULL;
    }
    fnode *f = node(p, F_CALL);
    if (!f)
        return NULL;
    snprintf(f->name, sizeof f->name, "%s", name);
    if (accept(p, "(")) {
        fnode *args[4];
        int n = 0;
        do {
            if (n == 4 || !(args[n++] = parse_pipe(p)))
                return NULL;
        } while (accept(p, ";"));
        if (!expect(p, ")"))
            return NULL;
        f->list = jq_alloc(p->q, (size_t)n * sizeof *f->list);
        if (!f->list)
            return NULL;
        memcpy(f->list, args, (size_t)n * sizeof *args);
        f->n = n;
    }
    return f;
}

static fnode *parse_postfix(parser *p)
{
    fnode *f = parse_primary(p);
    while (f && !p->err) {
        ws(p);
        if (p->pos >= p->len)
            break;
        char c = p->s[p->pos];
        if (c == '?') {
            p->pos++;
            fnode *t = node(p, F_TRY);
            if (t)
                t->a = f;
            f = t;
        } else if (c == '.' && p->pos + 1 < p->len && (is_ident_start(p->s[p->pos + 1]) || p->s[p->pos + 1] == '"')) {
            p->pos++;
            fnode *g = node(p, F_FIELD);
            if (!g)
                return NULL;
            g->a = f;
            if (p->s[p->pos] == '"') {
                p->pos++;
                fnode *s = parse_string(p);
                if (!s || s->k != F_LIT)
                    return NULL;
                g->lit = s->lit;
            } else {
                char name[128];
                size_t n = ident(p, name, sizeof name);
                g->lit = jv_str(p->q, name, n);
            }
            f = g;
        } else if (c == '[' || (c == '.' && p->pos + 1 < p->len && p->s[p->pos + 1] == '[')) {
            p->pos += c == '.' ? 2 : 1;
            if (accept(p, "]")) {
                fnode *g = node(p, F_ITER);
                if (g)
                    g->a = f;
                f = g;
                continue;
            }
            fnode *g = node(p, F_INDEX);
            if (!g)
                return NULL;
            g->a = f;
            if (accept(p, ":")) {
                g->k = F_SLICE;
                g->c = parse_pipe(p);
                if (!g->c || !expect(p, "]"))
                    return NULL;
                f = g;
                continue;
            }
            g->b = parse_pipe(p);
            if (!g->b)
                return NULL;
            if (accept(p, ":")) {
                g->k = F_SLICE;
                if (!accept(p, "]")) {
                    g->c = parse_pipe(p);
                    if (!g->c || !expect(p, "]"))
                        return NULL;
                }
            } else if (!expect(p, "]"))
                return NULL;
            f = g;
        } else
            break;
    }
    return f;
}

static fnode *binary(parser *p, fkind k, char op, fnode *a, fnode *b)
{
    if (!a || !b)
        return NULL;
    fnode *f = node(p, k);
    if (f) {
        f->op = op;
        f->a = a;
        f->b = b;
    }
    return f;
}

static fnode *parse_mul(parser *p)
{
    fnode *f = parse_postfix(p);
    for (;;) {
        ws(p);
        char c = p->pos < p->len ? p->s[p->pos] : 0;
        if (!f || (c != '*' && c != '/' && c != '%') || (c == '/' && p->pos + 1 < p->len && p->s[p->pos + 1] == '/'))
            return f;
        p->pos++;
        f = binary(p, F_BIN, c, f, parse_postfix(p));
    }
}

static fnode *parse_add(parser *p)
{
    fnode *f = parse_mul(p);
    for (;;) {
        ws(p);
        char c = p->pos < p->len ? p->s[p->pos] : 0;
        if (!f || (c != '+' && c != '-'))
            return f;
        p->pos++;
        f = binary(p, F_BIN, c, f, parse_mul(p));
    }
}

static fnode *parse_cmp(parser *p)
{
    fnode *f = parse_add(p);
    static const char *const ops[] = {"==", "!=", "<=", ">=", "<", ">"};
    static const char codes[] = "enlg<>";
    for (int i = 0; f && i < 6; i++)
        if (accept(p, ops[i]))
            return binary(p, F_BIN, codes[i], f, parse_add(p));
    return f;
}

static fnode *parse_and(parser *p)
{
    fnode *f = parse_cmp(p);
    while (f && accept(p, "and"))
        f = binary(p, F_AND, 0, f, parse_cmp(p));
    return f;
}

static fnode *parse_or(parser *p)
{
    fnode *f = parse_and(p);
    while (f && accept(p, "or"))
        f = binary(p, F_OR, 0, f, parse_and(p));
    return f;
}

static fnode *parse_alt(parser *p)
{
    fnode *f = parse_or(p);
    if (f && accept(p, "//"))
        return binary(p, F_ALT, 0, f, parse_alt(p)); /* right-associative */
    return f;
}

static fnode *parse_comma(parser *p)
{
    fnode *f = parse_alt(p);
    while (f && accept(p, ","))
        f = binary(p, F_COMMA, 0, f, parse_alt(p));
    return f;
}

static fnode *parse_pipe(parser *p)
{
    fnode *f = parse_comma(p);
    if (f && accept(p, "|"))
        return binary(p, F_PIPE, 0, f, parse_pipe(p));
    return f;
}

/* ---- evaluation ---------------------------------------------------------------------------- */

/* Results go to an emit callback; 0 goes on, -1 stops with q->err set (a runtime error). */
typedef int (*emit_fn)(jq *q, jv *v, void *ud);

static int eval(jq *q, fnode *f, jv *in, emit_fn emit, void *ud);

static int fail(jq *q, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(q->err, sizeof q->err, fmt, ap);
    va_end(ap);
    return -1;
}

/* A value as jq quotes it in an error: its JSON, cut to 11 bytes with "..." */
static void brief(const jv *v, char *buf, size_t size)
{
    emu_out o;
    emu_out_init(&o, 0);
    dump(&o, v, true, 0);
    const char *t = o.text ? o.text : "";
    if (o.len > 11)
        snprintf(buf, size, "%.10s...", t);
    else
        snprintf(buf, size, "%s", t);
    emu_out_free(&o);
}

typedef struct collect {
    jv *arr;
} collect;

static int collect_cb(jq *q, jv *v, void *ud)
{
    return jv_push(q, ((collect *)ud)->arr, NULL, v) ? fail(q, "out of memory") : 0;
}

/* All of f's outputs on in, as an array (NULL with q->err on an error). */
static jv *all_of(jq *q, fnode *f, jv *in)
{
    collect c = {jv_new(q, J_ARR)};
    if (!c.arr || eval(q, f, in, collect_cb, &c))
        return NULL;
    return c.arr;
}

static int index_value(jq *q, jv *t, jv *i, emit_fn emit, void *ud)
{
    if (t->t == J_NULL && (i->t == J_STR || i->t == J_NUM || i->t == J_NULL))
        return emit(q, jv_new(q, J_NULL), ud);
    if (t->t == J_OBJ && i->t == J_STR) {
        jv *v = obj_get(t, i->s, i->len);
        return emit(q, v ? v : jv_new(q, J_NULL), ud);
    }
    if (t->t == J_ARR && i->t == J_NUM) {
        double k = floor(i->n);
        if (k < 0)
            k += (double)t->count;
        return emit(q, k >= 0 && k < (double)t->count ? t->items[(size_t)k] : jv_new(q, J_NULL), ud);
    }
    if (i->t == J_STR)
        return fail(q, "Cannot index %s with string \"%s\"", type_name(t), i->s);
    return fail(q, "Cannot index %s with %s", type_name(t), type_name(i));
}

typedef struct pipe_ud {
    fnode *f;
    emit_fn emit;
    void *ud;
    jv *in, *other;
    char op;
} pipe_ud;

static int pipe_cb(jq *q, jv *v, void *ud)
{
    pipe_ud *p = ud;
    return eval(q, p->f, v, p->emit, p->ud);
}

static int field_cb(jq *q, jv *v, void *ud)
{
    pipe_ud *p = ud;
    return index_value(q, v, p->f->lit, p->emit, p->ud);
}

static int index_inner_cb(jq *q, jv *i, void *ud)
{
    pipe_ud *p = ud;
    return index_value(q, p->other, i, p->emit, p->ud);
}

static int index_cb(jq *q, jv *t, void *ud)
{
    pipe_ud *p = ud;
    pipe_ud inner = {NULL, p->emit, p->ud, NULL, t, 0};
    return eval(q, p->f->b, p->in, index_inner_cb, &inner);
}

static int iter_cb(jq *q, jv *v, void *ud)
{
    pipe_ud *p = ud;
    if (v->t != J_ARR && v->t != J_OBJ) {
        char b[24];
        brief(v, b, sizeof b);
        if (v->t == J_NULL)
            return fail(q, "Cannot iterate over null");
        return fail(q, "Cannot iterate over %s (%s)", type_name(v), b);
    }
    for (size_t i = 0; i < v->count; i++)
        if (p->emit(q, v->items[i], p->ud))
            return -1;
    return 0;
}

/* Slices count codepoints of strings (jq 1.6): the byte offset of codepoint k. */
static size_t cp_offset(const jv *s, long k)
{
    size_t o = 0;
    for (long n = 0; o < s->len && n < k; n++) {
        o++;
        while (o < s->len && ((unsigned char)s->s[o] & 0xc0) == 0x80)
            o++;
    }
    return o;
}

static long cp_count(const jv *s)
{
    long n = 0;
    for (size_t i = 0; i < s->len; i++)
        n += ((unsigned char)s->s[i] & 0xc0) != 0x80;
    return n;
}

static int slice(jq *q, jv *t, jv *from, jv *to, emit_fn emit, void *ud)
{
    if (t->t == J_NULL)
        return emit(q, t, ud);
    if ((t->t != J_ARR && t->t != J_STR) || (from && from->t != J_NUM && from->t != J_NULL) ||
        (to && to->t != J_NUM && to->t != J_NULL))
        return fail(q, "Cannot index %s with object", type_name(t));
    double len = t->t == J_ARR ? (double)t->count : (double)cp_count(t);
    double a = from && from->t == J_NUM ? floor(from->n) : 0, b = to && to->t == J_NUM ? ceil(to->n) : len;
    if (a < 0)
        a += len;
    if (b < 0)
        b += len;
    a = a < 0 ? 0 : a > len ? len : a;
    b = b < a ? a : b > len ? len : b;
    if (t->t == J_STR) {
        size_t x = cp_offset(t, (long)a), y = cp_offset(t, (long)b);
        return emit(q, jv_str(q, t->s + x, y - x), ud);
    }
    jv *r = jv_new(q, J_ARR);
    for (size_t i = (size_t)a; r && i < (size_t)b; i++)
        if (jv_push(q, r, NULL, t->items[i]))
            return fail(q, "out of memory");
    return emit(q, r, ud);
}

typedef struct slice_ud {
    fnode *f;
    jv *in, *t, *from;
    emit_fn emit;
    void *ud;
} slice_ud;

static int slice_to_cb(jq *q, jv *to, void *ud)
{
    slice_ud *s = ud;
    return slice(q, s->t, s->from, to, s->emit, s->ud);
}

static int slice_from_cb(jq *q, jv *from, void *ud)
{
    slice_ud *s = ud;
    s->from = from;
    if (!s->f->c)
        return slice(q, s->t, from, NULL, s->emit, s->ud);
    return eval(q, s->f->c, s->in, slice_to_cb, s);
}

static int slice_cb(jq *q, jv *t, void *ud)
{
    slice_ud *s = ud;
    slice_ud inner = *s;
    inner.t = t;
    if (!s->f->b)
        return slice_from_cb(q, jv_new(q, J_NULL), &inner);
    return eval(q, s->f->b, s->in, slice_from_cb, &inner);
}

/* ---- arithmetic and comparison --------------------------------------------------------------- */

static jv *merge_deep(jq *q, jv *a, jv *b)
{
    jv *r = jv_copy_container(q, a);
    for (size_t i = 0; r && i < b->count; i++) {
        jv *old = obj_get(r, b->keys[i]->s, b->keys[i]->len);
        jv *v = old && old->t == J_OBJ && b->items[i]->t == J_OBJ ? merge_deep(q, old, b->items[i]) : b->items[i];
        if (!v || obj_set(q, r, b->keys[i], v))
            return NULL;
    }
    return r;
}

static int arith(jq *q, char op, jv *l, jv *r, emit_fn emit, void *ud)
{
    jv *v = NULL;
    char lb[24], rb[24];
    switch (op) {
    case 'e': case 'n': case '<': case '>': case 'l': case 'g': {
        int c = jv_cmp(l, r);
        bool b = op == 'e' ? c == 0 : op == 'n' ? c != 0 : op == '<' ? c < 0 : op == '>' ? c > 0 : op == 'l' ? c <= 0 : c >= 0;
        return emit(q, jv_bool(q, b), ud);
    }
    case '+':
        if (l->t == J_NULL)
            return emit(q, r, ud);
        if (r->t == J_NULL)
            return emit(q, l, ud);
        if (l->t == J_NUM && r->t == J_NUM)
            v = jv_num(q, l->n + r->n);
        else if (l->t == J_STR && r->t == J_STR) {
            v = jv_new(q, J_STR);
            char *s = v ? jq_alloc(q, l->len + r->len + 1) : NULL;
            if (s) {
                memcpy(s, l->s, l->len);
                memcpy(s + l->len, r->s, r->len);
                s[l->len + r->len] = '\0';
                v->s = s;
                v->len = l->len + r->len;
            }
        } else if (l->t == J_ARR && r->t == J_ARR) {
            v = jv_copy_container(q, l);
            for (size_t i = 0; v && i < r->count; i++)
                if (jv_push(q, v, NULL, r->items[i]))
                    v = NULL;
        } else if (l->t == J_OBJ && r->t == J_OBJ) {
            v = jv_copy_container(q, l);
            for (size_t i = 0; v && i < r->count; i++)
                if (obj_set(q, v, r->keys[i], r->items[i]))
                    v = NULL;
        }
        break;
    case '-':
        if (l->t == J_NUM && r->t == J_NUM)
            v = jv_num(q, l->n - r->n);
        else if (l->t == J_ARR && r->t == J_ARR) {
            v = jv_new(q, J_ARR);
            for (size_t i = 0; v && i < l->count; i++) {
                bool found = false;
                for (size_t k = 0; k < r->count && !found; k++)
                    found = !jv_cmp(l->items[i], r->items[k]);
                if (!found && jv_push(q, v, NULL, l->items[i]))
                    v = NULL;
            }
        }
        break;
    case '*':
        if (l->t == J_NUM && r->t == J_NUM)
            v = jv_num(q, l->n * r->n);
        else if ((l->t == J_STR && r->t == J_NUM) || (l->t == J_NUM && r->t == J_STR)) {
            jv *s = l->t == J_STR ? l : r;
            double times = l->t == J_NUM ? l->n : r->n;
            if (times <= 0)
                return emit(q, jv_new(q, J_NULL), ud);
            int n = times < 1 ? 1 : (int)times;
            emu_out b;
            emu_out_init(&b, 0);
            for (int i = 0; i < n && b.len < (1u << 20); i++)
                emu_out_write(&b, s->s, s->len);
            v = jv_str(q, b.text ? b.text : "", b.len);
            emu_out_free(&b);
        } else if (l->t == J_OBJ && r->t == J_OBJ)
            v = merge_deep(q, l, r);
        break;
    case '/':
        if (l->t == J_NUM && r->t == J_NUM) {
            if (r->n == 0) {
                brief(l, lb, sizeof lb), brief(r, rb, sizeof rb);
                return fail(q, "%s (%s) and %s (%s) cannot be divided because the divisor is zero",
                            type_name(l), lb, type_name(r), rb);
            }
            v = jv_num(q, l->n / r->n);
        } else if (l->t == J_STR && r->t == J_STR) {
            v = jv_new(q, J_ARR);
            size_t start = 0;
            if (!l->len) {
                break;
            }
            for (size_t i = 0; v && r->len && i + r->len <= l->len;) {
                if (!memcmp(l->s + i, r->s, r->len)) {
                    jv_push(q, v, NULL, jv_str(q, l->s + start, i - start));
                    i += r->len;
                    start = i;
                } else
                    i++;
            }
            if (v)
                jv_push(q, v, NULL, jv_str(q, l->s + start, l->len - start));
        }
        break;
    case '%':
        if (l->t == J_NUM && r->t == J_NUM) {
            long long a = (long long)l->n, b = (long long)r->n;
            if (b == 0) {
                brief(l, lb, sizeof lb), brief(r, rb, sizeof rb);
                return fail(q, "%s (%s) and %s (%s) cannot be divided because the divisor is zero",
                            type_name(l), lb, type_name(r), rb);
            }
            if (b < 0)
                b = -b;
            v = jv_num(q, (double)(a % b));
        }
        break;
    }
    if (!v) {
        if (q->oom)
            return fail(q, "out of memory");
        brief(l, lb, sizeof lb), brief(r, rb, sizeof rb);
        const char *verb = op == '+' ? "added" : op == '-' ? "subtracted" : op == '*' ? "multiplied" : "divided";
        return fail(q, "%s (%s) and %s (%s) cannot be %s", type_name(l), lb, type_name(r), rb, verb);
    }
    return emit(q, v, ud);
}

static int bin_lhs_cb(jq *q, jv *l, void *ud)
{
    pipe_ud *p = ud;
    return arith(q, p->op, l, p->other, p->emit, p->ud);
}

static int bin_rhs_cb(jq *q, jv *r, void *ud)
{
    pipe_ud *p = ud;
    pipe_ud inner = *p;
    inner.other = r;
    return eval(q, p->f->a, p->in, bin_lhs_cb, &inner);
}

static int and_rhs_cb(jq *q, jv *r, void *ud)
{
    pipe_ud *p = ud;
    return p->emit(q, jv_bool(q, truthy(r)), p->ud);
}

static int andor_lhs_cb(jq *q, jv *l, void *ud)
{
    pipe_ud *p = ud;
    bool is_and = p->f->k == F_AND;
    if (is_and ? !truthy(l) : truthy(l))
        return p->emit(q, jv_bool(q, !is_and), p->ud);
    return eval(q, p->f->b, p->in, and_rhs_cb, p);
}

/* ---- objects, strings, formats --------------------------------------------------------------- */

typedef struct obj_ud {
    fnode *f;
    jv *in, *acc;
    int at;
    jv *key;
    emit_fn emit;
    void *ud;
} obj_ud;

static int obj_step(jq *q, obj_ud *o);

static int obj_val_cb(jq *q, jv *v, void *ud)
{
    obj_ud *o = ud;
    obj_ud next = *o;
    next.acc = jv_copy_container(q, o->acc);
    if (!next.acc || obj_set(q, next.acc, o->key, v))
        return fail(q, "out of memory");
    next.at = o->at + 2;
    return obj_step(q, &next);
}

static int obj_key_cb(jq *q, jv *k, void *ud)
{
    obj_ud *o = ud;
    if (k->t != J_STR) {
        char b[24];
        brief(k, b, sizeof b);
        return fail(q, "Object keys must be strings");
    }
    obj_ud next = *o;
    next.key = k;
    return eval(q, o->f->list[o->at + 1], o->in, obj_val_cb, &next);
}

static int obj_step(jq *q, obj_ud *o)
{
    if (o->at >= o->f->n)
        return o->emit(q, o->acc, o->ud);
    return eval(q, o->f->list[o->at], o->in, obj_key_cb, o);
}

static jv *to_text(jq *q, jv *v)
{
    if (v->t == J_STR)
        return v;
    emu_out o;
    emu_out_init(&o, 0);
    dump(&o, v, true, 0);
    jv *s = jv_str(q, o.text ? o.text : "", o.len);
    emu_out_free(&o);
    return s;
}

typedef struct interp_ud {
    fnode *f;
    jv *in;
    int at;
    emu_out *acc;
    emit_fn emit;
    void *ud;
} interp_ud;

static int interp_step(jq *q, interp_ud *s);

static int interp_cb(jq *q, jv *v, void *ud)
{
    interp_ud *s = ud;
    size_t mark = s->acc->len;
    jv *t = to_text(q, v);
    if (!t)
        return fail(q, "out of memory");
    emu_out_write(s->acc, t->s, t->len);
    interp_ud next = *s;
    next.at = s->at + 1;
    int rc = interp_step(q, &next);
    s->acc->len = mark;
    if (s->acc->text)
        s->acc->text[mark] = '\0';
    return rc;
}

static int interp_step(jq *q, interp_ud *s)
{
    if (s->at >= s->f->n)
        return s->emit(q, jv_str(q, s->acc->text ? s->acc->text : "", s->acc->len), s->ud);
    return eval(q, s->f->list[s->at], s->in, interp_cb, s);
}

static int format(jq *q, const char *name, jv *v, emit_fn emit, void *ud)
{
    if (!strcmp(name, "text"))
        return emit(q, to_text(q, v), ud);
    if (!strcmp(name, "json")) {
        emu_out o;
        emu_out_init(&o, 0);
        dump(&o, v, true, 0);
        jv *s = jv_str(q, o.text ? o.text : "", o.len);
        emu_out_free(&o);
        return emit(q, s, ud);
    }
    bool csv = !strcmp(name, "csv");
    if (v->t != J_ARR) {
        char b[24];
        brief(v, b, sizeof b);
        return fail(q, "%s (%s) cannot be %s-formatted, only an array can be", type_name(v), b, name);
    }
    emu_out o;
    emu_out_init(&o, 0);
    for (size_t i = 0; i < v->count; i++) {
        jv *e = v->items[i];
        if (i)
            emu_out_write(&o, csv ? "," : "\t", 1);
        if (e->t == J_NUM || e->t == J_TRUE || e->t == J_FALSE) {
            jv *t = to_text(q, e);
            emu_out_write(&o, t->s, t->len);
        } else if (e->t == J_STR) {
            if (csv)
                emu_out_write(&o, "\"", 1);
            for (size_t k = 0; k < e->len; k++) {
                char c = e->s[k];
                const char *rep = csv ? (c == '"' ? "\"\"" : NULL)
                                      : c == '\t' ? "\\t" : c == '\n' ? "\\n" : c == '\r' ? "\\r" : c == '\\' ? "\\\\" : NULL;
                if (rep)
                    emu_out_printf(&o, "%s", rep);
                else
                    emu_out_write(&o, &c, 1);
            }
            if (csv)
                emu_out_write(&o, "\"", 1);
        } else if (e->t != J_NULL) {
            char b[24];
            brief(e, b, sizeof b);
            emu_out_free(&o);
            return fail(q, "%s (%s) is not valid in a csv row", type_name(e), b);
        }
    }
    jv *s = jv_str(q, o.text ? o.text : "", o.len);
    emu_out_free(&o);
    return emit(q, s, ud);
}

/* ---- builtins -------------------------------------------------------------------------------- */

static int sort_values(jq *q, jv *arr, jv **keys)
{
    /* a stable merge-free insertion sort by keys (or the values) */
    for (size_t i = 1; i < arr->count; i++)
        for (size_t j = i; j > 0 && jv_cmp(keys ? keys[j - 1] : arr->items[j - 1], keys ? keys[j] : arr->items[j]) > 0; j--) {
            jv *t = arr->items[j];
            arr->items[j] = arr->items[j - 1];
            arr->items[j - 1] = t;
            if (keys) {
                t = keys[j];
                keys[j] = keys[j - 1];
                keys[j - 1] = t;
            }
        }
    (void)q;
    return 0;
}

static jv *first_of(jq *q, fnode *f, jv *in, int *rc)
{
    jv *all = all_of(q, f, in);
    if (!all) {
        *rc = -1;
        return NULL;
    }
    *rc = 0;
    return all->count ? all->items[0] : NULL;
}

static bool find_bytes(const char *h, size_t hl, const char *n, size_t nl)
{
    for (size_t i = 0; i + nl <= hl; i++)
        if (!memcmp(h + i, n, nl))
            return true;
    return false;
}

static bool str_arg(jv *v)
{
    return v && v->t == J_STR;
}

static int call(jq *q, fnode *f, jv *in, emit_fn emit, void *ud)
{
    const char *n = f->name;
    char b[24];
    int rc = 0;
    if (f->n == 0) {
        if (!strcmp(n, "empty"))
            return 0;
        if (!strcmp(n, "not"))
            return emit(q, jv_bool(q, !truthy(in)), ud);
        if (!strcmp(n, "length")) {
            if (in->t == J_NULL)
                return emit(q, jv_num(q, 0), ud);
            if (in->t == J_NUM)
                return emit(q, jv_num(q, fabs(in->n)), ud);
            if (in->t == J_STR)
                return emit(q, jv_num(q, (double)cp_count(in)), ud);
            if (in->t == J_ARR || in->t == J_OBJ)
                return emit(q, jv_num(q, (double)in->count), ud);
            return fail(q, "boolean (%s) has no length", in->t == J_TRUE ? "true" : "false");
        }
        if (!strcmp(n, "type"))
            return emit(q, jv_str(q, type_name(in), strlen(type_name(in))), ud);
        if (!strcmp(n, "keys") || !strcmp(n, "keys_unsorted")) {
            if (in->t == J_OBJ) {
                jv *k = n[4] ? jv_copy_container(q, in) : sorted_keys(q, in);
                if (k && n[4]) { /* keys_unsorted: the keys in insertion order */
                    k->t = J_ARR;
                    k->items = k->keys;
                    k->keys = NULL;
                }
                return k ? emit(q, k, ud) : fail(q, "out of memory");
            }
            if (in->t == J_ARR) {
                jv *k = jv_new(q, J_ARR);
                for (size_t i = 0; k && i < in->count; i++)
                    jv_push(q, k, NULL, jv_num(q, (double)i));
                return emit(q, k, ud);
            }
            brief(in, b, sizeof b);
            return fail(q, "%s (%s) has no keys", type_name(in), b);
        }
        if (!strcmp(n, "values") || !strcmp(n, "nulls") || !strcmp(n, "strings") || !strcmp(n, "numbers") ||
            !strcmp(n, "arrays") || !strcmp(n, "objects") || !strcmp(n, "booleans")) {
            bool keep = n[0] == 'v' ? in->t != J_NULL : n[0] == 'n' && n[1] == 'u' && n[2] == 'l' ? in->t == J_NULL
                      : n[0] == 's' ? in->t == J_STR : n[0] == 'n' ? in->t == J_NUM : n[0] == 'a' ? in->t == J_ARR
                      : n[0] == 'o' ? in->t == J_OBJ : in->t == J_TRUE || in->t == J_FALSE;
            return keep ? emit(q, in, ud) : 0;
        }
        if (!strcmp(n, "tostring"))
            return emit(q, to_text(q, in), ud);
        if (!strcmp(n, "tojson"))
            return format(q, "json", in, emit, ud);
        if (!strcmp(n, "tonumber")) {
            if (in->t == J_NUM)
                return emit(q, in, ud);
            char *end = NULL;
            double d = in->t == J_STR ? emu_strtod(in->s, &end) : 0;
            if (in->t != J_STR || !in->len || *end) {
                brief(in, b, sizeof b);
                return fail(q, "Cannot parse '%s' as JSON", in->t == J_STR ? in->s : b);
            }
            return emit(q, jv_num(q, d), ud);
        }
        if (!strcmp(n, "ascii_downcase") || !strcmp(n, "ascii_upcase")) {
            if (in->t != J_STR) {
                brief(in, b, sizeof b);
                return fail(q, "%s (%s) cannot be %s", type_name(in), b, n[6] == 'd' ? "lowercased" : "uppercased");
            }
            jv *s = jv_str(q, in->s, in->len);
            for (size_t i = 0; s && i < s->len; i++)
                if (n[6] == 'd' && s->s[i] >= 'A' && s->s[i] <= 'Z')
                    s->s[i] += 32;
                else if (n[6] == 'u' && s->s[i] >= 'a' && s->s[i] <= 'z')
                    s->s[i] -= 32;
            return emit(q, s, ud);
        }
        if (!strcmp(n, "floor") || !strcmp(n, "sqrt") || !strcmp(n, "round") || !strcmp(n, "ceil") || !strcmp(n, "fabs")) {
            if (in->t != J_NUM) {
                brief(in, b, sizeof b);
                return fail(q, "%s (%s) number required", type_name(in), b);
            }
            double x = in->n;
            x = n[0] == 'f' && n[1] == 'l' ? floor(x) : n[0] == 's' ? sqrt(x) : n[0] == 'r' ? round(x) : n[0] == 'c' ? ceil(x) : fabs(x);
            return emit(q, jv_num(q, x), ud);
        }
        bool is_arr = in->t == J_ARR;
        if (!strcmp(n, "add")) {
            if (in->t != J_ARR && in->t != J_OBJ) {
                brief(in, b, sizeof b);
                return fail(q, "Cannot iterate over %s (%s)", type_name(in), b);
            }
            /* add is reduce .[] as $x (null; . + $x), and jq 1.6's reduce drops an error raised
             * inside it: no result, no error (measured against Debian's jq 1.6) */
            jv *acc = jv_new(q, J_NULL);
            for (size_t i = 0; i < in->count; i++) {
                collect c = {jv_new(q, J_ARR)};
                if (arith(q, '+', acc, in->items[i], collect_cb, &c))
                    return q->oom ? -1 : 0;
                acc = c.arr->items[0];
            }
            return emit(q, acc, ud);
        }
        if (!strcmp(n, "any") || !strcmp(n, "all")) {
            if (!is_arr && in->t != J_OBJ) {
                brief(in, b, sizeof b);
                return fail(q, "Cannot iterate over %s (%s)", type_name(in), b);
            }
            bool any = n[1] == 'n', r = !any;
            for (size_t i = 0; i < in->count; i++)
                if (truthy(in->items[i]) == any)
                    r = any;
            return emit(q, jv_bool(q, r), ud);
        }
        if (!strcmp(n, "to_entries")) {
            if (in->t != J_OBJ) {
                brief(in, b, sizeof b);
                return fail(q, "%s (%s) has no keys", type_name(in), b);
            }
            jv *r = jv_new(q, J_ARR);
            for (size_t i = 0; r && i < in->count; i++) {
                jv *e = jv_new(q, J_OBJ);
                obj_set(q, e, jv_str(q, "key", 3), in->keys[i]);
                obj_set(q, e, jv_str(q, "value", 5), in->items[i]);
                jv_push(q, r, NULL, e);
            }
            return emit(q, r, ud);
        }
        if (!strcmp(n, "from_entries")) {
            if (!is_arr) {
                brief(in, b, sizeof b);
                return fail(q, "Cannot iterate over %s (%s)", type_name(in), b);
            }
            jv *r = jv_new(q, J_OBJ);
            for (size_t i = 0; r && i < in->count; i++) {
                jv *e = in->items[i];
                if (e->t != J_OBJ)
                    return fail(q, "Cannot index %s with string \"key\"", type_name(e));
                static const char *const kn[] = {"key", "k", "name", "Name", "Key", "K"};
                jv *k = NULL, *v = NULL;
                for (int t = 0; t < 6 && (!k || !truthy(k)); t++)
                    k = obj_get(e, kn[t], strlen(kn[t]));
                v = obj_get(e, "value", 5);
                if (!v)
                    v = obj_get(e, "v", 1);
                if (!v)
                    v = obj_get(e, "Value", 5);
                if (!k || (k->t != J_STR && k->t != J_NUM && k->t != J_TRUE && k->t != J_FALSE))
                    return fail(q, "Cannot use %s (%s) as object key", k ? type_name(k) : "null", k ? "" : "null");
                obj_set(q, r, k->t == J_STR ? k : to_text(q, k), v ? v : jv_new(q, J_NULL));
            }
            return emit(q, r, ud);
        }
        if (!strcmp(n, "sort") || !strcmp(n, "unique") || !strcmp(n, "min") || !strcmp(n, "max") ||
            !strcmp(n, "reverse") || !strcmp(n, "first") || !strcmp(n, "last")) {
            if (!strcmp(n, "first") || !strcmp(n, "last")) {
                jv idx = {J_NUM, n[0] == 'f' ? 0 : -1, NULL, 0, NULL, NULL, 0, 0};
                return index_value(q, in, &idx, emit, ud);
            }
            if (!strcmp(n, "reverse") && in->t == J_STR) {
                jv *s = jv_str(q, in->s, in->len);
                for (size_t i = 0; s && i < s->len / 2; i++) {
                    char t = s->s[i];
                    s->s[i] = s->s[s->len - 1 - i];
                    s->s[s->len - 1 - i] = t;
                }
                return emit(q, s, ud);
            }
            if (!strcmp(n, "reverse") && in->t == J_NULL)
                return emit(q, jv_new(q, J_ARR), ud);
            if (!is_arr) {
                brief(in, b, sizeof b);
                return fail(q, "%s (%s) cannot be %s, as it is not an array", type_name(in), b,
                            n[0] == 'r' ? "reversed" : "sorted");
            }
            jv *r = jv_copy_container(q, in);
            if (!r)
                return fail(q, "out of memory");
            if (n[0] == 'r') {
                for (size_t i = 0; i < r->count / 2; i++) {
                    jv *t = r->items[i];
                    r->items[i] = r->items[r->count - 1 - i];
                    r->items[r->count - 1 - i] = t;
                }
                return emit(q, r, ud);
            }
            sort_values(q, r, NULL);
            if (n[0] == 'm')
                return emit(q, r->count ? r->items[n[1] == 'i' ? 0 : r->count - 1] : jv_new(q, J_NULL), ud);
            if (n[0] == 'u') {
                size_t o = 0;
                for (size_t i = 0; i < r->count; i++)
                    if (!o || jv_cmp(r->items[o - 1], r->items[i]))
                        r->items[o++] = r->items[i];
                r->count = o;
            }
            return emit(q, r, ud);
        }
        if (!strcmp(n, "input") || !strcmp(n, "inputs") || !strcmp(n, "env") || !strcmp(n, "now"))
            return fail(q, "%s is not simulated", n);
        return fail(q, "%s/0 is not defined", n);
    }
    /* with arguments */
    fnode *arg = f->list[0];
    if (!strcmp(n, "select") && f->n == 1) {
        jv *all = all_of(q, arg, in);
        if (!all)
            return -1;
        for (size_t i = 0; i < all->count; i++)
            if (truthy(all->items[i]) && emit(q, in, ud))
                return -1;
        return 0;
    }
    if ((!strcmp(n, "map") || !strcmp(n, "map_values")) && f->n == 1) {
        if (in->t != J_ARR && in->t != J_OBJ) {
            brief(in, b, sizeof b);
            return fail(q, "Cannot iterate over %s (%s)", type_name(in), b);
        }
        if (n[3] == '_') { /* map_values: each value's first output */
            jv *r = jv_copy_container(q, in);
            for (size_t i = 0; r && i < r->count; i++) {
                jv *v = first_of(q, arg, in->items[i], &rc);
                if (rc)
                    return -1;
                r->items[i] = v ? v : jv_new(q, J_NULL);
            }
            return emit(q, r, ud);
        }
        jv *r = jv_new(q, J_ARR);
        for (size_t i = 0; r && i < in->count; i++) {
            collect c = {r};
            if (eval(q, arg, in->items[i], collect_cb, &c))
                return -1;
        }
        return emit(q, r, ud);
    }
    if (!strcmp(n, "has") && f->n == 1) {
        jv *k = first_of(q, arg, in, &rc);
        if (rc || !k)
            return rc;
        if (in->t == J_OBJ && k->t == J_STR)
            return emit(q, jv_bool(q, obj_get(in, k->s, k->len) != NULL), ud);
        if (in->t == J_ARR && k->t == J_NUM)
            return emit(q, jv_bool(q, k->n >= 0 && k->n < (double)in->count), ud);
        return fail(q, "Cannot check whether %s has a %s key", type_name(in), type_name(k));
    }
    if ((!strcmp(n, "sort_by") || !strcmp(n, "min_by") || !strcmp(n, "max_by") || !strcmp(n, "unique_by") ||
         !strcmp(n, "group_by")) && f->n == 1) {
        if (in->t != J_ARR) {
            brief(in, b, sizeof b);
            return fail(q, "Cannot index %s with number", type_name(in));
        }
        jv *r = jv_copy_container(q, in);
        jv **keys = jq_alloc(q, (in->count + 1) * sizeof *keys);
        if (!r || !keys)
            return fail(q, "out of memory");
        for (size_t i = 0; i < in->count; i++)
            if (!(keys[i] = all_of(q, arg, in->items[i])))
                return -1;
        sort_values(q, r, keys);
        if (n[1] == 'i' || n[1] == 'a')
            return emit(q, r->count ? r->items[n[1] == 'i' ? 0 : r->count - 1] : jv_new(q, J_NULL), ud);
        if (n[0] == 'u' || n[0] == 'g') {
            jv *out = jv_new(q, J_ARR), *group = NULL;
            for (size_t i = 0; out && i < r->count; i++) {
                bool same = i && !jv_cmp(keys[i - 1], keys[i]);
                if (n[0] == 'u' && !same)
                    jv_push(q, out, NULL, r->items[i]);
                if (n[0] == 'g') {
                    if (!same) {
                        group = jv_new(q, J_ARR);
                        jv_push(q, out, NULL, group);
                    }
                    jv_push(q, group, NULL, r->items[i]);
                }
            }
            return emit(q, out, ud);
        }
        return emit(q, r, ud);
    }
    if (!strcmp(n, "with_entries") && f->n == 1) {
        fnode te = {F_CALL, 0, NULL, NULL, NULL, NULL, 0, NULL, "to_entries"};
        fnode fe = {F_CALL, 0, NULL, NULL, NULL, NULL, 0, NULL, "from_entries"};
        fnode *margs[1] = {arg};
        fnode m = {F_CALL, 0, NULL, NULL, NULL, margs, 1, NULL, "map"};
        fnode p2 = {F_PIPE, 0, &m, &fe, NULL, NULL, 0, NULL, ""};
        fnode p1 = {F_PIPE, 0, &te, &p2, NULL, NULL, 0, NULL, ""};
        return eval(q, &p1, in, emit, ud);
    }
    if ((!strcmp(n, "startswith") || !strcmp(n, "endswith") || !strcmp(n, "ltrimstr") || !strcmp(n, "rtrimstr") ||
         !strcmp(n, "split") || !strcmp(n, "join") || !strcmp(n, "contains") || !strcmp(n, "test")) && f->n == 1) {
        jv *a = first_of(q, arg, in, &rc);
        if (rc || !a)
            return rc;
        if (!strcmp(n, "join")) {
            if (in->t != J_ARR) {
                brief(in, b, sizeof b);
                return fail(q, "Cannot iterate over %s (%s)", type_name(in), b);
            }
            if (!str_arg(a))
                return fail(q, "join input must be a string");
            emu_out o;
            emu_out_init(&o, 0);
            for (size_t i = 0; i < in->count; i++) {
                jv *e = in->items[i];
                if (i)
                    emu_out_write(&o, a->s, a->len);
                if (e->t == J_STR)
                    emu_out_write(&o, e->s, e->len);
                else if (e->t == J_NUM || e->t == J_TRUE || e->t == J_FALSE) {
                    jv *t = to_text(q, e);
                    emu_out_write(&o, t->s, t->len);
                } else if (e->t != J_NULL) {
                    emu_out_free(&o);
                    brief(e, b, sizeof b);
                    return fail(q, "Cannot join with %s", type_name(e));
                }
            }
            jv *s = jv_str(q, o.text ? o.text : "", o.len);
            emu_out_free(&o);
            return emit(q, s, ud);
        }
        if (!strcmp(n, "contains")) {
            if (in->t == J_STR && a->t == J_STR)
                return emit(q, jv_bool(q, a->len == 0 || find_bytes(in->s, in->len, a->s, a->len)), ud);
            if (in->t == a->t && in->t != J_ARR && in->t != J_OBJ)
                return emit(q, jv_bool(q, !jv_cmp(in, a)), ud);
            brief(in, b, sizeof b);
            return fail(q, "%s (%s) and %s cannot have their containment checked", type_name(in), b, type_name(a));
        }
        if (!strcmp(n, "test"))
            return fail(q, "test/1 is not simulated");
        if (in->t != J_STR || a->t != J_STR) {
            if (n[1] == 't' || n[0] == 'l' || n[0] == 'r')
                return (n[0] == 'l' || n[0] == 'r') ? emit(q, in, ud)
                                                    : fail(q, "%s() requires string inputs", n);
            if (n[0] == 's' && n[1] == 'p')
                return fail(q, "split input and separator must be strings");
            return fail(q, "%s() requires string inputs", n);
        }
        bool pre = in->len >= a->len && !memcmp(in->s, a->s, a->len);
        bool suf = in->len >= a->len && !memcmp(in->s + in->len - a->len, a->s, a->len);
        if (!strcmp(n, "startswith"))
            return emit(q, jv_bool(q, pre), ud);
        if (!strcmp(n, "endswith"))
            return emit(q, jv_bool(q, suf), ud);
        if (!strcmp(n, "ltrimstr"))
            return emit(q, pre ? jv_str(q, in->s + a->len, in->len - a->len) : in, ud);
        if (!strcmp(n, "rtrimstr"))
            return emit(q, suf && a->len ? jv_str(q, in->s, in->len - a->len) : in, ud);
        return arith(q, '/', in, a, emit, ud); /* split */
    }
    if (!strcmp(n, "first") && f->n == 1) {
        jv *v = first_of(q, arg, in, &rc);
        return rc ? rc : v ? emit(q, v, ud) : 0;
    }
    if ((!strcmp(n, "any") || !strcmp(n, "all")) && f->n == 1) {
        if (in->t != J_ARR && in->t != J_OBJ) {
            brief(in, b, sizeof b);
            return fail(q, "Cannot iterate over %s (%s)", type_name(in), b);
        }
        bool any = n[1] == 'n', r = !any;
        for (size_t i = 0; i < in->count && r != any; i++) {
            jv *all = all_of(q, arg, in->items[i]);
            if (!all)
                return -1;
            for (size_t k = 0; k < all->count; k++)
                if (truthy(all->items[k]) == any)
                    r = any;
        }
        return emit(q, jv_bool(q, r), ud);
    }
    if (!strcmp(n, "range") && f->n == 1) {
        jv *all = all_of(q, arg, in);
        if (!all)
            return -1;
        for (size_t i = 0; i < all->count; i++) {
            if (all->items[i]->t != J_NUM)
                return fail(q, "Range bounds must be numeric");
            for (double x = 0; x < all->items[i]->n; x++)
                if (emit(q, jv_num(q, x), ud))
                    return -1;
        }
        return 0;
    }
    return fail(q, "%s/%d is not defined", n, f->n);
}

/* ---- eval ------------------------------------------------------------------------------------ */

static int recurse(jq *q, jv *v, emit_fn emit, void *ud)
{
    if (emit(q, v, ud))
        return -1;
    if (v->t == J_ARR || v->t == J_OBJ)
        for (size_t i = 0; i < v->count; i++)
            if (recurse(q, v->items[i], emit, ud))
                return -1;
    return 0;
}

typedef struct try_ud {
    emit_fn emit;
    void *ud;
    bool downstream; /* the error came from after the try: it is not caught */
} try_ud;

static int try_cb(jq *q, jv *v, void *ud)
{
    try_ud *t = ud;
    int rc = t->emit(q, v, t->ud);
    if (rc)
        t->downstream = true;
    return rc;
}

typedef struct alt_ud {
    jv *found;
} alt_ud;

static int alt_cb(jq *q, jv *v, void *ud)
{
    alt_ud *a = ud;
    if (truthy(v) && jv_push(q, a->found, NULL, v))
        return fail(q, "out of memory");
    return 0;
}

/* -x negates (jq 1.6 prints -0 for the literal -0) */
static int neg_cb(jq *q, jv *v, void *ud)
{
    pipe_ud *p = ud;
    if (v->t != J_NUM) {
        char b[24];
        brief(v, b, sizeof b);
        return fail(q, "%s (%s) cannot be negated", type_name(v), b);
    }
    return p->emit(q, jv_num(q, -v->n), p->ud);
}

static int if_cb(jq *q, jv *c, void *ud)
{
    pipe_ud *p = ud;
    return eval(q, truthy(c) ? p->f->b : p->f->c, p->in, p->emit, p->ud);
}

static int format_cb(jq *q, jv *v, void *ud)
{
    pipe_ud *p = ud;
    return format(q, p->f->name, v, p->emit, p->ud);
}

static int eval(jq *q, fnode *f, jv *in, emit_fn emit, void *ud)
{
    if (q->oom)
        return fail(q, "out of memory");
    if (++q->depth > 400) {
        q->depth--;
        return fail(q, "the filter nests too deeply");
    }
    int rc = 0;
    pipe_ud p = {f, emit, ud, in, NULL, f->op};
    switch (f->k) {
    case F_DOT: rc = emit(q, in, ud); break;
    case F_LIT: rc = emit(q, f->lit, ud); break;
    case F_FIELD:
        rc = eval(q, f->a, in, field_cb, &p);
        break;
    case F_INDEX: rc = eval(q, f->a, in, index_cb, &p); break;
    case F_SLICE: {
        slice_ud s = {f, in, NULL, NULL, emit, ud};
        rc = eval(q, f->a, in, slice_cb, &s);
        break;
    }
    case F_ITER: rc = eval(q, f->a, in, iter_cb, &p); break;
    case F_TRY: {
        try_ud t = {emit, ud, false};
        rc = eval(q, f->a, in, try_cb, &t);
        if (rc && !t.downstream && !q->oom)
            rc = 0;
        break;
    }
    case F_PIPE:
        p.f = f->b;
        rc = eval(q, f->a, in, pipe_cb, &p);
        break;
    case F_COMMA:
        rc = eval(q, f->a, in, emit, ud);
        if (!rc)
            rc = eval(q, f->b, in, emit, ud);
        break;
    case F_NEG: rc = eval(q, f->a, in, neg_cb, &p); break;
    case F_BIN: rc = eval(q, f->b, in, bin_rhs_cb, &p); break;
    case F_AND:
    case F_OR: rc = eval(q, f->a, in, andor_lhs_cb, &p); break;
    case F_ALT: {
        alt_ud a = {jv_new(q, J_ARR)};
        int lrc = eval(q, f->a, in, alt_cb, &a);
        if (lrc && q->oom) {
            rc = lrc;
            break;
        }
        if (a.found && a.found->count) {
            for (size_t i = 0; !rc && i < a.found->count; i++)
                rc = emit(q, a.found->items[i], ud);
        } else
            rc = eval(q, f->b, in, emit, ud);
        break;
    }
    case F_ARRAY: {
        jv *arr = f->a ? all_of(q, f->a, in) : jv_new(q, J_ARR);
        rc = arr ? emit(q, arr, ud) : -1;
        break;
    }
    case F_OBJECT: {
        obj_ud o = {f, in, jv_new(q, J_OBJ), 0, NULL, emit, ud};
        rc = obj_step(q, &o);
        break;
    }
    case F_CALL: rc = call(q, f, in, emit, ud); break;
    case F_IF: rc = eval(q, f->a, in, if_cb, &p); break;
    case F_RECURSE: rc = recurse(q, in, emit, ud); break;
    case F_FORMAT: rc = format(q, f->name, in, emit, ud); break;
    case F_INTERP: {
        emu_out acc;
        emu_out_init(&acc, 0);
        interp_ud s = {f, in, 0, &acc, emit, ud};
        rc = interp_step(q, &s);
        emu_out_free(&acc);
        break;
    }
    case F_VAR: {
        rc = fail(q, "$%s is not defined", f->name);
        for (int i = 0; i + 1 < 2 * q->n_vars; i += 2)
            if (!strcmp(q->vars[i], f->name)) {
                rc = emit(q, jv_str(q, q->vars[i + 1], strlen(q->vars[i + 1])), ud);
                break;
            }
        break;
    }
    }
    (void)format_cb;
    q->depth--;
    return rc;
}

/* ---- the command ----------------------------------------------------------------------------- */

typedef struct print_ud {
    emu_out *out;
    bool raw, compact, join;
    jv *last;
    int outputs;
} print_ud;

static int print_cb(jq *q, jv *v, void *ud)
{
    (void)q;
    print_ud *p = ud;
    if (p->raw && v->t == J_STR)
        emu_out_write(p->out, v->s, v->len);
    else
        dump(p->out, v, p->compact, 0);
    if (!p->join)
        emu_out_write(p->out, "\n", 1);
    p->last = v;
    p->outputs++;
    return 0;
}

static const char usage[] =
    "Usage:\tjq [OPTIONS] FILTER [FILES...]\n\n"
    "\tjq is a tool for processing JSON inputs, applying the given filter to\n"
    "\tits JSON text inputs and producing the filter's results as JSON on\n"
    "\tstandard output.\n\n"
    "Some of the options include:\n"
    "  -c               compact instead of pretty-printed output;\n"
    "  -n               use `null` as the single input value;\n"
    "  -e               set the exit status code based on the output;\n"
    "  -s               read (slurp) all inputs into an array; apply filter to it;\n"
    "  -r               output raw strings, not JSON texts;\n"
    "  -j               like -r, without a newline after each output;\n"
    "  --arg a v        set variable $a to value <v>;\n";

static int cmd_jq(emu_context *c, int argc, char **argv, emu_out *out)
{
    emu_out *err = c->err ? c->err : out;
    bool raw = false, compact = false, null_input = false, slurp = false, exit_status = false, join = false;
    const char *filter = NULL, *file = NULL;
    const char *vars[16];
    int n_vars = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--arg") && i + 2 < argc) {
            if (n_vars < 8) {
                vars[2 * n_vars] = argv[i + 1];
                vars[2 * n_vars + 1] = argv[i + 2];
                n_vars++;
            }
            i += 2;
        } else if (!strcmp(a, "--raw-output"))
            raw = true;
        else if (!strcmp(a, "--compact-output"))
            compact = true;
        else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            emu_out_printf(out, "%s", usage);
            return 0;
        } else if (a[0] == '-' && a[1] && a[1] != '-') {
            for (const char *p = a + 1; *p; p++) {
                if (*p == 'r')
                    raw = true;
                else if (*p == 'c')
                    compact = true;
                else if (*p == 'n')
                    null_input = true;
                else if (*p == 's')
                    slurp = true;
                else if (*p == 'e')
                    exit_status = true;
                else if (*p == 'j')
                    raw = join = true;
                else if (*p == 'M' || *p == 'C' || *p == 'a' || *p == 'S')
                    continue; /* colour and ASCII output change nothing here; -S: not simulated */
                else {
                    emu_out_printf(err, "Unknown arguments: %s\n%s", a, usage);
                    return 2;
                }
            }
        } else if (!filter)
            filter = a;
        else if (!file)
            file = a;
    }
    if (!filter) {
        emu_out_printf(err, "%s", usage);
        return 2;
    }
    jq q = {0};
    q.vars = vars;
    q.n_vars = n_vars;
    int status = 0;
    /* the program text is copied: the parser reads `elif` in place */
    size_t flen = strlen(filter);
    char *prog = jq_alloc(&q, flen + 1);
    emu_out text;
    emu_out_init(&text, 0);
    if (!prog) {
        emu_out_printf(err, "jq: error: out of memory\n");
        status = 5;
        goto done;
    }
    memcpy(prog, filter, flen + 1);
    parser p = {&q, prog, 0, flen, NULL};
    fnode *f = parse_pipe(&p);
    ws(&p);
    if (!f || p.err || p.pos < p.len) {
        emu_out_printf(err, "jq: error: %s at <top-level>, line 1:\n%s\njq: 1 compile error\n",
                       p.err ? p.err : "syntax error, unexpected INVALID_CHARACTER", filter);
        status = 3;
        goto done;
    }
    const char *input = c->input;
    size_t input_len = c->input_len;
    if (file) {
        char path[512];
        const char *home = c->getenv ? c->getenv(c, "PWD") : NULL;
        snprintf(path, sizeof path, "%s%s%s", file[0] == '/' ? "" : home ? home : "/home/user", file[0] == '/' ? "" : "/", file);
        if (emu_world_file(c->world, c->node, path, &text) != 1) {
            emu_out_printf(err, "jq: error: Could not open %s: No such file or directory\n", file);
            status = 2;
            goto done;
        }
        input = text.text ? text.text : "";
        input_len = text.len;
    }
    print_ud pr = {out, raw, compact, join, NULL, 0};
    reader r = {input, input_len, 0, NULL};
    jv *slurped = slurp ? jv_new(&q, J_ARR) : NULL;
    for (bool done_input = false; !done_input;) {
        jv *v;
        if (null_input) {
            v = jv_new(&q, J_NULL);
            done_input = true;
        } else {
            skip_ws(&r);
            if (r.pos >= r.len) {
                if (!slurp)
                    break;
                v = slurped;
                slurp = false;
                done_input = true;
            } else {
                v = read_value(&q, &r, 0);
                if (!v) {
                    int line = 1, col = 0;
                    for (size_t i = 0; i < r.pos && i < r.len; i++)
                        if (input[i] == '\n')
                            line++, col = 0;
                        else
                            col++;
                    emu_out_printf(err, "parse error: %s at line %d, column %d\n", r.err ? r.err : "Invalid JSON text",
                                   line, col);
                    status = 4; /* what Debian's jq 1.6 exits with after a parse error (measured) */
                    break;
                }
                if (slurp) {
                    jv_push(&q, slurped, NULL, v);
                    continue;
                }
            }
        }
        q.depth = 0;
        if (eval(&q, f, v, print_cb, &pr)) {
            int line = 1; /* the line the reader has reached, as jq reports it */
            for (size_t i = 0; !null_input && i < r.pos && i < r.len; i++)
                line += input[i] == '\n';
            emu_out_printf(err, "jq: error (at <stdin>:%d): %s\n", line, q.err);
            status = 5;
        }
        if (q.oom)
            break;
    }
    if (!status && exit_status)
        status = !pr.outputs ? 4 : truthy(pr.last) ? 0 : 1;
done:
    emu_out_free(&text);
    for (block *b = q.blocks, *n; b; b = n) {
        n = b->next;
        free(b);
    }
    return status;
}

static const char *const jq_flags[] = {"-r", "-c", "-n", "-s", "-e", "-j", "--arg", NULL};

const emu_command emu_cmd_jq = {
    "jq", cmd_jq, "filter JSON (curl's Redfish answers): a subset of jq 1.6",
    "usage: jq [-rcnsej] [--arg NAME VALUE] FILTER [FILE]\n"
    "  . .a.b .[0] .[] .[1:3] .. | , ? // select() map() keys length has() to_entries add\n"
    "  sort_by() min max unique first last join() split() if-then-else \"\\(.a)\" @csv @tsv\n",
    jq_flags, .cost = EMU_COST_INSTANT
};
