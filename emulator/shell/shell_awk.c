/* shell_awk.c: a small awk for one-liners over tool output: rules `pattern { action }`, BEGIN
 * and END, fields ($1, $NF), NR, NF, variables, arithmetic, comparisons, ~ and !~ with ERE,
 * && || !, print and printf, if/else. No loops or functions, so a program always ends: its
 * work is bounded by the input (itself bounded) times the program's size. */
#include "shell_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat/numscan.h"
#include "compat/regex_nfa.h"

#define EX(context) ((sh_exec *)(context)->shell)

#define AWK_NODES_MAX 1024
#define AWK_VARS_MAX 64
#define AWK_REGEX_MAX 32
#define AWK_FIELDS_MAX 512
#define AWK_PROGRAM_MAX 4096

enum {
    A_NUM, A_STR, A_REGEX, A_FIELD, A_VAR, A_NR, A_NF, A_BIN, A_NOT, A_NEG, A_MATCH, A_NOMATCH,
    A_ASSIGN, A_CONCAT, A_AND, A_OR, A_INCR, A_DECR, A_GROUP,
    /* statements */
    S_PRINT, S_PRINTF, S_EXPR, S_IF, S_BLOCK, S_NEXT, S_EXIT
};

typedef struct awk_node {
    int kind;
    int op;          /* A_BIN: '+', '-', '*', '/', '%', '<', 'l' (<=), '>', 'g' (>=), '=' (==),
                        '!' (!=); A_ASSIGN: '=', '+', '-', '*', '/' */
    double num;
    char *str;       /* A_STR (owned by the program) */
    int index;       /* A_VAR: variable; A_REGEX: regex */
    int a, b, c;     /* children (node indices, -1 none); S_BLOCK/S_PRINT: first of a list */
    int next;        /* next node in a list, -1 */
} awk_node;

typedef struct awk_value {
    char *str;       /* owned, NULL when the value is a pure number */
    double num;
    int is_num;      /* a number, or a string that looks like one (a field) */
} awk_value;

typedef struct awk_prog {
    const char *src;
    size_t pos, len;
    awk_node nodes[AWK_NODES_MAX];
    int n_nodes;
    char *var_names[AWK_VARS_MAX];
    awk_value vars[AWK_VARS_MAX];
    int n_vars;
    emu_re *regex[AWK_REGEX_MAX];
    int n_regex;
    int begin, end, rules; /* lists of rule nodes (A_GROUP: a = pattern, b = action) */
    const char *error;
    int depth;        /* nesting of the expression being parsed */
    int in_print;     /* inside print's arguments, where '>' would be a redirection */
    /* the current record */
    char *record;     /* $0 */
    char *field_buf;  /* the record split at the separators; fields point into it */
    char *fields[AWK_FIELDS_MAX];
    int nf;
    long nr;
    char fs;          /* 0: blanks (or fs_re when has_fs_re) */
    emu_re *fs_re;    /* -F with more than one character: an ERE */
    int has_fs_re;
    emu_out *out;
    int next_record;
    int exiting;      /* `exit` ran: no more records (END still runs) */
} awk_prog;

/* ---- lexer ---------------------------------------------------------------------------------- */

static int isalnum_ascii(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

static void skip_space(awk_prog *p, int newlines)
{
    while (p->pos < p->len) {
        char c = p->src[p->pos];
        if (c == ' ' || c == '\t' || (newlines && c == '\n'))
            p->pos++;
        else if (c == '\\' && p->pos + 1 < p->len && p->src[p->pos + 1] == '\n')
            p->pos += 2;
        else if (c == '#') {
            while (p->pos < p->len && p->src[p->pos] != '\n')
                p->pos++;
        } else
            break;
    }
}

static int peek(awk_prog *p)
{
    skip_space(p, 0);
    return p->pos < p->len ? (unsigned char)p->src[p->pos] : 0;
}

static int accept(awk_prog *p, const char *tok)
{
    skip_space(p, 0);
    size_t n = strlen(tok);
    if (p->pos + n <= p->len && strncmp(p->src + p->pos, tok, n) == 0) {
        /* a keyword must not run into a name */
        if ((tok[0] >= 'a' && tok[0] <= 'z') || (tok[0] >= 'A' && tok[0] <= 'Z')) {
            char after = p->pos + n < p->len ? p->src[p->pos + n] : 0;
            if ((after >= 'a' && after <= 'z') || (after >= 'A' && after <= 'Z') ||
                (after >= '0' && after <= '9') || after == '_')
                return 0;
        }
        p->pos += n;
        return 1;
    }
    return 0;
}

/* Keeps the first error: it is the one that explains the others. */
static void set_error(awk_prog *p, const char *message)
{
    if (!p->error)
        p->error = message;
}

static int new_node(awk_prog *p, int kind)
{
    if (p->n_nodes >= AWK_NODES_MAX) {
        set_error(p, "program too long");
        return -1;
    }
    awk_node *n = &p->nodes[p->n_nodes];
    memset(n, 0, sizeof *n);
    n->kind = kind;
    n->a = n->b = n->c = n->next = -1;
    return p->n_nodes++;
}

/* ---- parser (precedence climbing) ------------------------------------------------------------ */

static int parse_expr(awk_prog *p);

static int var_index(awk_prog *p, const char *name, size_t len)
{
    for (int i = 0; i < p->n_vars; i++)
        if (strlen(p->var_names[i]) == len && strncmp(p->var_names[i], name, len) == 0)
            return i;
    if (p->n_vars == AWK_VARS_MAX) {
        set_error(p, "too many variables");
        return -1;
    }
    p->var_names[p->n_vars] = strndup(name, len);
    p->vars[p->n_vars] = (awk_value){NULL, 0, 1};
    return p->var_names[p->n_vars] ? p->n_vars++ : -1;
}

static int parse_regex_literal(awk_prog *p)
{
    size_t start = ++p->pos; /* after '/' */
    while (p->pos < p->len && p->src[p->pos] != '/') {
        if (p->src[p->pos] == '\\' && p->pos + 1 < p->len)
            p->pos++;
        p->pos++;
    }
    if (p->pos >= p->len) {
        set_error(p, "unterminated regular expression");
        return -1;
    }
    char *re = strndup(p->src + start, p->pos - start);
    p->pos++;
    if (!re || p->n_regex == AWK_REGEX_MAX) {
        free(re);
        set_error(p, "too many regular expressions");
        return -1;
    }
    p->regex[p->n_regex] = emu_re_compile(re, EMU_RE_EXTENDED);
    free(re);
    if (!p->regex[p->n_regex]) {
        set_error(p, "invalid regular expression");
        return -1;
    }
    int n = new_node(p, A_REGEX);
    if (n >= 0)
        p->nodes[n].index = p->n_regex++;
    return n;
}

static int parse_primary_at(awk_prog *p);

/* Nesting of parentheses and unary operators is bounded so that no program can exhaust the
 * stack (the WebAssembly build has a small one). */
#define AWK_NESTING_MAX 64

static int parse_primary(awk_prog *p)
{
    if (p->depth >= AWK_NESTING_MAX) {
        set_error(p, "expression nested too deeply");
        return -1;
    }
    p->depth++;
    int n = parse_primary_at(p);
    p->depth--;
    return n;
}

static int parse_primary_at(awk_prog *p)
{
    int c = peek(p);
    if (c == '(') {
        p->pos++;
        int e = parse_expr(p);
        if (!accept(p, ")")) {
            set_error(p, "missing )");
            return -1;
        }
        return e;
    }
    if (c == '!') {
        p->pos++;
        int n = new_node(p, A_NOT);
        if (n >= 0)
            p->nodes[n].a = parse_primary(p);
        return n;
    }
    if (c == '-' || c == '+') {
        p->pos++;
        int n = new_node(p, c == '-' ? A_NEG : A_GROUP);
        if (n >= 0)
            p->nodes[n].a = parse_primary(p);
        return n;
    }
    if (c == '$') {
        p->pos++;
        int n = new_node(p, A_FIELD);
        if (n >= 0)
            p->nodes[n].a = parse_primary(p);
        return n;
    }
    if (c == '/')
        return parse_regex_literal(p);
    if (c == '"') {
        p->pos++;
        char *s = malloc(p->len - p->pos + 1);
        size_t k = 0;
        if (!s)
            return -1;
        while (p->pos < p->len && p->src[p->pos] != '"') {
            char ch = p->src[p->pos++];
            if (ch == '\\' && p->pos < p->len) {
                ch = p->src[p->pos++];
                ch = ch == 'n' ? '\n' : ch == 't' ? '\t' : ch;
            }
            s[k++] = ch;
        }
        s[k] = '\0';
        if (p->pos >= p->len) {
            free(s);
            set_error(p, "unterminated string");
            return -1;
        }
        p->pos++;
        int n = new_node(p, A_STR);
        if (n < 0) {
            free(s);
            return -1;
        }
        p->nodes[n].str = s;
        return n;
    }
    if ((c >= '0' && c <= '9') || c == '.') {
        char *end;
        double v = emu_strtod(p->src + p->pos, &end);
        p->pos = (size_t)(end - p->src);
        int n = new_node(p, A_NUM);
        if (n >= 0)
            p->nodes[n].num = v;
        return n;
    }
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_') {
        size_t start = p->pos;
        while (p->pos < p->len && (isalnum_ascii(p->src[p->pos]) || p->src[p->pos] == '_'))
            p->pos++;
        size_t len = p->pos - start;
        if (len == 2 && strncmp(p->src + start, "NR", 2) == 0)
            return new_node(p, A_NR);
        if (len == 2 && strncmp(p->src + start, "NF", 2) == 0)
            return new_node(p, A_NF);
        int n = new_node(p, A_VAR);
        if (n >= 0)
            p->nodes[n].index = var_index(p, p->src + start, len);
        if (n >= 0 && accept(p, "++")) {
            int inc = new_node(p, A_INCR);
            if (inc >= 0)
                p->nodes[inc].a = n;
            return inc;
        }
        if (n >= 0 && accept(p, "--")) {
            int dec = new_node(p, A_DECR);
            if (dec >= 0)
                p->nodes[dec].a = n;
            return dec;
        }
        return n;
    }
    set_error(p, "syntax error");
    return -1;
}

static int starts_primary(awk_prog *p)
{
    int c = peek(p);
    if (c == '$' || c == '"' || c == '(' || (c >= '0' && c <= '9') || c == '.')
        return 1;
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_') {
        /* not a keyword that ends the expression */
        static const char *const stop[] = {"in", "else", "print", "printf", "if", "next", "exit",
                                           NULL};
        for (int i = 0; stop[i]; i++) {
            size_t save = p->pos;
            if (accept(p, stop[i])) {
                p->pos = save;
                return 0;
            }
        }
        return 1;
    }
    return 0;
}

static int binary(awk_prog *p, int kind, int op, int a, int b)
{
    int n = new_node(p, kind);
    if (n >= 0) {
        p->nodes[n].op = op;
        p->nodes[n].a = a;
        p->nodes[n].b = b;
    }
    return n;
}

static int parse_mul(awk_prog *p)
{
    int a = parse_primary(p);
    for (;;) {
        int c = peek(p);
        if ((c == '*' || c == '/' || c == '%') && p->pos + 1 < p->len && p->src[p->pos + 1] != '=') {
            p->pos++;
            a = binary(p, A_BIN, c, a, parse_primary(p));
        } else
            return a;
    }
}

static int parse_add(awk_prog *p)
{
    int a = parse_mul(p);
    for (;;) {
        int c = peek(p);
        if ((c == '+' || c == '-') && p->pos + 1 < p->len && p->src[p->pos + 1] != '=' &&
            p->src[p->pos + 1] != c) {
            p->pos++;
            a = binary(p, A_BIN, c, a, parse_mul(p));
        } else
            return a;
    }
}

static int parse_concat(awk_prog *p)
{
    int a = parse_add(p);
    while (!p->error && starts_primary(p))
        a = binary(p, A_CONCAT, 0, a, parse_add(p));
    return a;
}


static int parse_rel(awk_prog *p)
{
    int a = parse_concat(p);
    for (;;) {
        if (accept(p, "=="))
            a = binary(p, A_BIN, '=', a, parse_concat(p));
        else if (accept(p, "!="))
            a = binary(p, A_BIN, '!', a, parse_concat(p));
        else if (accept(p, "<="))
            a = binary(p, A_BIN, 'l', a, parse_concat(p));
        else if (accept(p, ">="))
            a = binary(p, A_BIN, 'g', a, parse_concat(p));
        else if (peek(p) == '<') {
            p->pos++;
            a = binary(p, A_BIN, '<', a, parse_concat(p));
        } else if (peek(p) == '>' && !p->in_print) {
            p->pos++;
            a = binary(p, A_BIN, '>', a, parse_concat(p));
        } else
            return a;
    }
}

static int parse_match(awk_prog *p)
{
    int a = parse_rel(p);
    for (;;) {
        if (accept(p, "!~"))
            a = binary(p, A_NOMATCH, 0, a, parse_rel(p));
        else if (peek(p) == '~') {
            p->pos++;
            a = binary(p, A_MATCH, 0, a, parse_rel(p));
        } else
            return a;
    }
}

static int parse_and(awk_prog *p)
{
    int a = parse_match(p);
    while (accept(p, "&&")) {
        skip_space(p, 1);
        a = binary(p, A_AND, 0, a, parse_match(p));
    }
    return a;
}

static int parse_or(awk_prog *p)
{
    int a = parse_and(p);
    while (accept(p, "||")) {
        skip_space(p, 1);
        a = binary(p, A_OR, 0, a, parse_and(p));
    }
    return a;
}

static int parse_expr(awk_prog *p)
{
    size_t save = p->pos;
    int a = parse_or(p);
    if (a < 0 || p->error)
        return -1;
    static const char *const ops[] = {"+=", "-=", "*=", "/=", "=", NULL};
    for (int i = 0; ops[i]; i++) {
        size_t at = p->pos;
        if (accept(p, ops[i])) {
            if (ops[i][0] == '=' && p->pos < p->len && p->src[p->pos] == '=') {
                p->pos = at; /* == was handled by parse_rel */
                break;
            }
            if (p->nodes[a].kind != A_VAR) {
                set_error(p, "only variables can be assigned here");
                p->pos = save;
                return -1;
            }
            return binary(p, A_ASSIGN, ops[i][0], a, parse_expr(p));
        }
    }
    return a;
}

static int parse_stmt(awk_prog *p);

static int parse_block(awk_prog *p)
{
    if (!accept(p, "{")) {
        set_error(p, "expected {");
        return -1;
    }
    int block = new_node(p, S_BLOCK), last = -1;
    for (;;) {
        skip_space(p, 1);
        while (accept(p, ";"))
            skip_space(p, 1);
        if (accept(p, "}"))
            return block;
        if (p->pos >= p->len || p->error) {
            if (!p->error)
                set_error(p, "missing }");
            return -1;
        }
        int st = parse_stmt(p);
        if (st < 0 || block < 0)
            return -1;
        if (last < 0)
            p->nodes[block].a = st;
        else
            p->nodes[last].next = st;
        last = st;
        int c = peek(p);
        if (c != ';' && c != '\n' && c != '}') {
            set_error(p, "syntax error");
            return -1;
        }
    }
}

static int parse_stmt(awk_prog *p)
{
    skip_space(p, 1);
    if (peek(p) == '{')
        return parse_block(p);
    if (accept(p, "next"))
        return new_node(p, S_NEXT);
    if (accept(p, "exit"))
        return new_node(p, S_EXIT);
    if (accept(p, "if")) {
        if (!accept(p, "(")) {
            set_error(p, "expected ( after if");
            return -1;
        }
        int n = new_node(p, S_IF);
        int cond = parse_expr(p);
        if (n < 0 || !accept(p, ")")) {
            set_error(p, "missing )");
            return -1;
        }
        p->nodes[n].a = cond;
        p->nodes[n].b = parse_stmt(p);
        size_t save = p->pos;
        skip_space(p, 1);
        accept(p, ";");
        skip_space(p, 1);
        if (accept(p, "else"))
            p->nodes[n].c = parse_stmt(p);
        else
            p->pos = save;
        return n;
    }
    int is_printf = 0;
    if (accept(p, "printf"))
        is_printf = 1;
    else if (!accept(p, "print")) {
        int n = new_node(p, S_EXPR);
        if (n >= 0)
            p->nodes[n].a = parse_expr(p);
        return p->error ? -1 : n;
    }
    int n = new_node(p, is_printf ? S_PRINTF : S_PRINT), last = -1;
    int paren = 0;
    if (peek(p) == '(') { /* print(a, b) */
        size_t save = p->pos;
        p->pos++;
        paren = 1;
        (void)save;
    }
    p->in_print = !paren;
    int c = peek(p);
    while (n >= 0 && c && c != ';' && c != '\n' && c != '}' && !(paren && c == ')')) {
        int e = parse_expr(p);
        if (e < 0)
            break;
        if (last < 0)
            p->nodes[n].a = e;
        else
            p->nodes[last].next = e;
        last = e;
        if (!accept(p, ","))
            break;
        c = peek(p);
    }
    p->in_print = 0;
    if (paren && !accept(p, ")"))
        set_error(p, "missing )");
    if (peek(p) == '>' || peek(p) == '|')
        set_error(p, "output redirection is not available in this simulated awk");
    if (is_printf && n >= 0 && p->nodes[n].a < 0)
        set_error(p, "printf needs a format");
    return p->error ? -1 : n;
}

/* program: items of BEGIN {..}, END {..}, pattern, {..}, pattern {..} */
static int parse_program(awk_prog *p)
{
    int last_rule[3] = {-1, -1, -1};
    int *heads[3] = {&p->begin, &p->rules, &p->end};
    p->begin = p->rules = p->end = -1;
    for (;;) {
        skip_space(p, 1);
        while (accept(p, ";"))
            skip_space(p, 1);
        if (p->pos >= p->len)
            return p->error ? -1 : 0;
        int which = 1;
        if (accept(p, "BEGIN"))
            which = 0;
        else if (accept(p, "END"))
            which = 2;
        int rule = new_node(p, A_GROUP);
        if (rule < 0)
            return -1;
        if (which == 1 && peek(p) != '{')
            p->nodes[rule].a = parse_expr(p);
        if (p->error)
            return -1;
        if (peek(p) == '{')
            p->nodes[rule].b = parse_block(p);
        else if (which != 1) {
            set_error(p, "BEGIN and END need an action");
            return -1;
        }
        if (p->error)
            return -1;
        if (last_rule[which] < 0)
            *heads[which] = rule;
        else
            p->nodes[last_rule[which]].next = rule;
        last_rule[which] = rule;
    }
}

/* ---- values ------------------------------------------------------------------------------- */

static int looks_numeric(const char *s)
{
    char *end;
    while (*s == ' ' || *s == '\t')
        s++;
    if (!*s)
        return 0;
    emu_strtod(s, &end);
    if (end == s)
        return 0;
    while (*end == ' ' || *end == '\t')
        end++;
    return *end == '\0';
}

static awk_value val_num(double v)
{
    return (awk_value){NULL, v, 1};
}

static awk_value val_str(const char *s, int strnum)
{
    awk_value v = {strdup(s ? s : ""), 0, 0};
    if (v.str && strnum && looks_numeric(v.str)) {
        v.num = emu_strtod(v.str, NULL);
        v.is_num = 1;
    }
    return v;
}

static void val_free(awk_value *v)
{
    free(v->str);
    v->str = NULL;
}

static double to_num(const awk_value *v)
{
    return v->str ? (v->is_num ? v->num : emu_strtod(v->str, NULL)) : v->num;
}

/* The text of a value; numbers as awk prints them (integers whole, others with %.6g). */
static const char *to_str(const awk_value *v, char *buf, size_t size)
{
    if (v->str)
        return v->str;
    if (v->num == floor(v->num) && fabs(v->num) < 1e16)
        snprintf(buf, size, "%.0f", v->num);
    else
        snprintf(buf, size, "%.6g", v->num);
    return buf;
}

static awk_value val_copy(const awk_value *v)
{
    if (!v->str)
        return *v;
    awk_value c = {strdup(v->str), v->num, v->is_num};
    return c;
}

/* ---- evaluation ----------------------------------------------------------------------------- */

static awk_value eval(awk_prog *p, int n);

static const char *field(awk_prog *p, long i)
{
    if (i == 0)
        return p->record ? p->record : "";
    if (i < 0 || i > p->nf)
        return "";
    return p->fields[i - 1];
}

static int match_regex(awk_prog *p, int node, const char *text)
{
    awk_node *r = &p->nodes[node];
    if (r->kind == A_REGEX)
        return emu_re_match(p->regex[r->index], text, 0, NULL, NULL);
    /* a dynamic regular expression: compiled for this match */
    awk_value pat = eval(p, node);
    char buf[64];
    emu_re *re = emu_re_compile(to_str(&pat, buf, sizeof buf), EMU_RE_EXTENDED);
    int ok = re && emu_re_match(re, text, 0, NULL, NULL);
    emu_re_free(re);
    val_free(&pat);
    return ok;
}

static int truthy(const awk_value *v)
{
    if (v->str && !v->is_num)
        return v->str[0] != '\0';
    return to_num(v) != 0;
}

static int compare(const awk_value *a, const awk_value *b)
{
    if (a->is_num && b->is_num) {
        double x = to_num(a), y = to_num(b);
        return x < y ? -1 : x > y;
    }
    char ba[64], bb[64];
    return strcmp(to_str(a, ba, sizeof ba), to_str(b, bb, sizeof bb));
}

static awk_value eval(awk_prog *p, int n)
{
    if (n < 0)
        return val_num(0);
    awk_node *node = &p->nodes[n];
    switch (node->kind) {
    case A_NUM: return val_num(node->num);
    case A_STR: return val_str(node->str, 0);
    case A_REGEX: return val_num(match_regex(p, n, field(p, 0)));
    case A_NR: return val_num((double)p->nr);
    case A_NF: return val_num(p->nf);
    case A_GROUP: {
        awk_value v = eval(p, node->a);
        double x = to_num(&v);
        val_free(&v);
        return val_num(x);
    }
    case A_FIELD: {
        awk_value i = eval(p, node->a);
        double x = to_num(&i);
        val_free(&i);
        return val_str(field(p, (long)x), 1);
    }
    case A_VAR: return val_copy(&p->vars[node->index]);
    case A_NOT: {
        awk_value v = eval(p, node->a);
        int t = truthy(&v);
        val_free(&v);
        return val_num(!t);
    }
    case A_NEG: {
        awk_value v = eval(p, node->a);
        double x = to_num(&v);
        val_free(&v);
        return val_num(-x);
    }
    case A_AND:
    case A_OR: {
        awk_value a = eval(p, node->a);
        int t = truthy(&a);
        val_free(&a);
        if (node->kind == A_AND ? !t : t)
            return val_num(t);
        awk_value b = eval(p, node->b);
        t = truthy(&b);
        val_free(&b);
        return val_num(t);
    }
    case A_MATCH:
    case A_NOMATCH: {
        awk_value a = eval(p, node->a);
        char buf[64];
        int m = match_regex(p, node->b, to_str(&a, buf, sizeof buf));
        val_free(&a);
        return val_num(node->kind == A_MATCH ? m : !m);
    }
    case A_CONCAT: {
        awk_value a = eval(p, node->a), b = eval(p, node->b);
        char ba[64], bb[64];
        const char *sa = to_str(&a, ba, sizeof ba), *sb = to_str(&b, bb, sizeof bb);
        size_t la = strlen(sa), lb = strlen(sb);
        awk_value r = {malloc(la + lb + 1), 0, 0};
        if (r.str) {
            memcpy(r.str, sa, la);
            memcpy(r.str + la, sb, lb + 1);
        }
        val_free(&a);
        val_free(&b);
        return r;
    }
    case A_INCR:
    case A_DECR: {
        awk_value *v = &p->vars[p->nodes[node->a].index];
        double old = to_num(v);
        val_free(v);
        *v = val_num(old + (node->kind == A_INCR ? 1 : -1));
        return val_num(old);
    }
    case A_ASSIGN: {
        awk_value rhs = eval(p, node->b);
        awk_value *v = &p->vars[p->nodes[node->a].index];
        if (node->op != '=') {
            double x = to_num(v), y = to_num(&rhs);
            val_free(&rhs);
            rhs = val_num(node->op == '+' ? x + y : node->op == '-' ? x - y
                          : node->op == '*' ? x * y : (y != 0 ? x / y : 0));
        }
        val_free(v);
        *v = val_copy(&rhs);
        return rhs;
    }
    case A_BIN: {
        awk_value a = eval(p, node->a), b = eval(p, node->b);
        awk_value r;
        if (strchr("<>lg=!", node->op)) {
            int c = compare(&a, &b);
            int t = node->op == '<' ? c < 0 : node->op == '>' ? c > 0 : node->op == 'l' ? c <= 0
                  : node->op == 'g' ? c >= 0 : node->op == '=' ? c == 0 : c != 0;
            r = val_num(t);
        } else {
            double x = to_num(&a), y = to_num(&b);
            switch (node->op) {
            case '+': r = val_num(x + y); break;
            case '-': r = val_num(x - y); break;
            case '*': r = val_num(x * y); break;
            case '/': r = val_num(y != 0 ? x / y : 0); break;
            default: r = val_num(y != 0 ? fmod(x, y) : 0); break;
            }
            if (node->op == '/' && y == 0)
                set_error(p, "division by zero");
        }
        val_free(&a);
        val_free(&b);
        return r;
    }
    default: return val_num(0);
    }
}

static void do_printf(awk_prog *p, int first)
{
    awk_value fmtv = eval(p, first);
    char fb[64];
    const char *f = to_str(&fmtv, fb, sizeof fb);
    int arg = p->nodes[first].next;
    for (; *f; f++) {
        if (*f != '%') {
            emu_out_write(p->out, f, 1);
            continue;
        }
        if (f[1] == '%') {
            emu_out_write(p->out, "%", 1);
            f++;
            continue;
        }
        char spec[32];
        size_t k = 0;
        spec[k++] = '%';
        f++;
        while (*f && strchr("-+ #0123456789.", *f) && k < 20)
            spec[k++] = *f++;
        char conv = *f;
        if (!conv)
            break;
        awk_value v = eval(p, arg);
        if (arg >= 0)
            arg = p->nodes[arg].next;
        char buf[64];
        if (strchr("dic", conv)) {
            spec[k++] = conv == 'c' ? 'c' : 'l', spec[k++] = conv == 'c' ? '\0' : 'd';
            spec[k] = '\0';
            if (conv == 'c') {
                const char *s = to_str(&v, buf, sizeof buf);
                spec[k - 1] = '\0';
                spec[k - 2] = 'c';
                emu_out_printf(p->out, spec, v.str ? s[0] : (int)to_num(&v));
            } else
                emu_out_printf(p->out, spec, (long)to_num(&v));
        } else if (strchr("feEgGxXo", conv)) {
            if (strchr("xXo", conv)) {
                spec[k++] = 'l', spec[k++] = conv, spec[k] = '\0';
                emu_out_printf(p->out, spec, (long)to_num(&v));
            } else {
                spec[k++] = conv, spec[k] = '\0';
                emu_out_printf(p->out, spec, to_num(&v));
            }
        } else {
            spec[k++] = 's', spec[k] = '\0';
            emu_out_printf(p->out, spec, to_str(&v, buf, sizeof buf));
        }
        val_free(&v);
    }
    val_free(&fmtv);
}

static void exec_stmt(awk_prog *p, int n)
{
    for (; n >= 0 && !p->next_record && !p->error; n = p->nodes[n].next) {
        awk_node *st = &p->nodes[n];
        switch (st->kind) {
        case S_BLOCK: exec_stmt(p, st->a); break;
        case S_NEXT: p->next_record = 1; break;
        case S_EXIT: p->next_record = p->exiting = 1; break;
        case S_IF: {
            awk_value c = eval(p, st->a);
            int t = truthy(&c);
            val_free(&c);
            if (t)
                exec_stmt(p, st->b);
            else if (st->c >= 0)
                exec_stmt(p, st->c);
            break;
        }
        case S_PRINT: {
            if (st->a < 0) {
                emu_out_printf(p->out, "%s\n", field(p, 0));
                break;
            }
            for (int e = st->a; e >= 0; e = p->nodes[e].next) {
                awk_value v = eval(p, e);
                char buf[64];
                const char *s = v.str ? v.str : to_str(&v, buf, sizeof buf);
                if (!v.str && v.num != floor(v.num))
                    snprintf(buf, sizeof buf, "%.6g", v.num), s = buf;
                emu_out_printf(p->out, "%s%s", s, p->nodes[e].next >= 0 ? " " : "\n");
                val_free(&v);
            }
            break;
        }
        case S_PRINTF: do_printf(p, st->a); break;
        default: {
            awk_value v = eval(p, st->a);
            val_free(&v);
        }
        }
    }
}

/* ---- records ------------------------------------------------------------------------------ */

static void split_record(awk_prog *p, const char *line, size_t len)
{
    free(p->record);
    free(p->field_buf);
    p->record = strndup(line, len);
    p->field_buf = p->record ? strdup(p->record) : NULL;
    p->nf = 0;
    char *s = p->field_buf;
    if (!s)
        return;
    if (!p->fs && !p->has_fs_re) { /* fields are runs of non-blanks */
        while (*s && p->nf < AWK_FIELDS_MAX) {
            while (*s == ' ' || *s == '\t')
                *s++ = '\0';
            if (!*s)
                break;
            p->fields[p->nf++] = s;
            while (*s && *s != ' ' && *s != '\t')
                s++;
        }
    } else if (p->has_fs_re && *s) { /* a regular expression separates the fields */
        p->fields[p->nf++] = s;
        size_t so, eo;
        while (p->nf < AWK_FIELDS_MAX && emu_re_match(p->fs_re, s, 0, &so, &eo) && eo > 0) {
            s[so] = '\0';
            s += eo;
            p->fields[p->nf++] = s;
        }
    } else if (*s) { /* one separator character: empty fields count */
        p->fields[p->nf++] = s;
        for (; *s && p->nf < AWK_FIELDS_MAX; s++)
            if (*s == p->fs) {
                *s = '\0';
                p->fields[p->nf++] = s + 1;
            }
    }
}

typedef struct awk_feed {
    awk_prog *p;
} awk_feed;

static int awk_record(void *data, const char *line, size_t len)
{
    awk_prog *p = ((awk_feed *)data)->p;
    p->nr++;
    split_record(p, line, len);
    p->next_record = 0;
    for (int rule = p->rules; rule >= 0 && !p->next_record && !p->error;
         rule = p->nodes[rule].next) {
        awk_node *r = &p->nodes[rule];
        int selected = 1;
        if (r->a >= 0) {
            awk_value v = eval(p, r->a);
            selected = truthy(&v);
            val_free(&v);
        }
        if (!selected)
            continue;
        if (r->b >= 0)
            exec_stmt(p, r->b);
        else
            emu_out_printf(p->out, "%s\n", field(p, 0));
    }
    return p->error != NULL || p->exiting || p->out->truncated;
}

static void run_rules(awk_prog *p, int list)
{
    p->exiting = 0; /* exit in BEGIN or a rule still lets END run; exit in END stops it */
    for (int rule = list; rule >= 0 && !p->error && !p->exiting; rule = p->nodes[rule].next) {
        p->next_record = 0;
        exec_stmt(p, p->nodes[rule].b);
    }
}

static void prog_free(awk_prog *p)
{
    for (int i = 0; i < p->n_nodes; i++)
        free(p->nodes[i].str);
    for (int i = 0; i < p->n_vars; i++) {
        free(p->var_names[i]);
        val_free(&p->vars[i]);
    }
    for (int i = 0; i < p->n_regex; i++)
        emu_re_free(p->regex[i]);
    emu_re_free(p->fs_re);
    free(p->record);
    free(p->field_buf);
    free(p);
}

static const char awk_usage[] = "usage: awk [-F SEP] [-v VAR=VALUE] 'PROGRAM' [FILE ...]\n";

int sh_cmd_awk(emu_context *c, int argc, char **argv, emu_out *out)
{
    sh_exec *ex = EX(c);
    awk_prog *p = calloc(1, sizeof *p);
    if (!p)
        return 2;
    p->out = out;
    const char *program = NULL;
    const char *assigns[16];
    int n_assigns = 0, i = 1, status = 0;
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-' || !a[1])
            break;
        if (strcmp(a, "--") == 0) {
            i++;
            break;
        }
        if (a[1] == 'F' || a[1] == 'v') {
            const char *value = a[2] ? a + 2 : (i + 1 < argc ? argv[++i] : NULL);
            if (!value) {
                emu_out_printf(ex->err, "awk: option requires an argument -- %c\n%s", a[1],
                               awk_usage);
                prog_free(p);
                return 2;
            }
            if (a[1] == 'F') {
                if (strcmp(value, "\\t") == 0 || strcmp(value, "t") == 0)
                    p->fs = '\t';
                else if (strcmp(value, " ") == 0)
                    p->fs = 0;
                else if (strlen(value) == 1)
                    p->fs = value[0];
                else if (!p->has_fs_re && (p->fs_re = emu_re_compile(value, EMU_RE_EXTENDED)))
                    p->has_fs_re = 1;
                else {
                    emu_out_printf(ex->err, "awk: invalid field separator '%.40s'\n", value);
                    prog_free(p);
                    return 2;
                }
            } else if (n_assigns < 16)
                assigns[n_assigns++] = value;
            continue;
        }
        emu_out_printf(ex->err, "awk: not an option: %.40s\n%s", a, awk_usage);
        prog_free(p);
        return 2;
    }
    if (i >= argc) {
        emu_out_printf(ex->err, "%s", awk_usage);
        prog_free(p);
        return 2;
    }
    program = argv[i++];
    if (strlen(program) > AWK_PROGRAM_MAX) {
        emu_out_printf(ex->err, "awk: program too long (at most %d bytes here)\n",
                       AWK_PROGRAM_MAX);
        prog_free(p);
        return 2;
    }
    p->src = program;
    p->len = strlen(program);
    p->in_print = 0;
    p->depth = 0;
    if (parse_program(p) != 0 || p->error) {
        emu_out_printf(ex->err, "awk: %s at offset %zu of the program:\n  ",
                       p->error ? p->error : "syntax error", p->pos);
        emu_out_write_visible(ex->err, program, strlen(program) > 200 ? 200 : strlen(program));
        emu_out_printf(ex->err, "\n(this simulated awk knows rules, BEGIN/END, $N, NR, NF, "
                                "variables, arithmetic, comparisons, ~, print, printf, if)\n");
        prog_free(p);
        return 2;
    }
    for (int k = 0; k < n_assigns; k++) {
        const char *eq = strchr(assigns[k], '=');
        if (!eq || !sh_is_name(assigns[k], (size_t)(eq - assigns[k]))) {
            emu_out_printf(ex->err, "awk: -v needs VAR=VALUE, not '%.40s'\n", assigns[k]);
            prog_free(p);
            return 2;
        }
        int v = var_index(p, assigns[k], (size_t)(eq - assigns[k]));
        if (v >= 0) {
            val_free(&p->vars[v]);
            p->vars[v] = val_str(eq + 1, 1);
        }
    }
    run_rules(p, p->begin);
    awk_feed feed = {p};
    if (p->rules >= 0 || p->end >= 0) {
        int nfiles = argc - i;
        for (int k = 0; (k < nfiles || (nfiles == 0 && k == 0)) && !p->error && !p->exiting;
             k++) {
            sh_input in;
            if (sh_input_open(c, "awk", nfiles ? argv[i + k] : NULL, &in) != 0) {
                status = 2;
                continue;
            }
            sh_for_each_line(in.text, in.len, awk_record, &feed);
            sh_input_close(&in);
        }
    }
    run_rules(p, p->end);
    if (p->error) {
        emu_out_printf(ex->err, "awk: %s (record %ld)\n", p->error, p->nr);
        status = 2;
    }
    prog_free(p);
    return status;
}
