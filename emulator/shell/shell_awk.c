/* shell_awk.c: a small awk for one-liners over tool output, behaving as Debian's awk (mawk
 * 1.3.4) does: rules `pattern { action }`, BEGIN and END, fields ($1, $NF), NR, NF, variables
 * (unset ones are "" and 0 at once), arithmetic with ^, comparisons, ~ and !~ with ERE, && || !,
 * print and printf, if/else, the builtins length, substr, index, int, tolower, toupper and
 * sprintf. Numbers print as mawk prints them (integers in int range whole, others with %.6g;
 * x/0 is inf, 0/0 -nan, as IEEE arithmetic gives). No loops or user functions, so a program
 * always ends: its work is bounded by the input (itself bounded) times the program's size.
 * tests/emulator/test_shell_peers.c runs a corpus of one-liners through this and through mawk. */
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
    A_NUM, A_STR, A_REGEX, A_FIELD, A_VAR, A_NR, A_FNR, A_NF, A_BIN, A_NOT, A_NEG, A_MATCH, A_NOMATCH,
    A_ASSIGN, A_CONCAT, A_AND, A_OR, A_INCR, A_DECR, A_GROUP, A_CALL,
    /* statements */
    S_PRINT, S_PRINTF, S_EXPR, S_IF, S_BLOCK, S_NEXT, S_EXIT
};

typedef struct awk_node {
    int kind;
    int op;          /* A_BIN: '+', '-', '*', '/', '%', '^', '<', 'l' (<=), '>', 'g' (>=),
                        '=' (==), '!' (!=); A_ASSIGN: '=', '+', '-', '*', '/', '%', '^' */
    double num;
    char *str;       /* A_STR (owned by the program) */
    int index;       /* A_VAR: variable; A_REGEX: regex; A_CALL: builtin (awk_funcs) */
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
    char error_buf[160]; /* a run time error naming its format (printf's) */
    int depth;        /* nesting of the expression being parsed */
    int in_print;     /* inside print's arguments, where '>' would be a redirection */
    /* the current record */
    char *record;     /* $0 */
    char *field_buf;  /* the record split at the separators; fields point into it */
    char *fields[AWK_FIELDS_MAX];
    int nf;
    long nr, fnr;
    const char *filename; /* FILENAME: "" for standard input */
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
    p->vars[p->n_vars] = (awk_value){strdup(""), 0, 1}; /* unset: "" as a string, 0 as a number */
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

/* The builtin functions: name and how many arguments each takes (mawk's). */
enum { F_LENGTH, F_SUBSTR, F_INDEX, F_INT, F_TOLOWER, F_TOUPPER, F_SPRINTF };
static const struct {
    const char *name;
    int min_args, max_args;
} awk_funcs[] = {
    {"length", 0, 1}, {"substr", 2, 3}, {"index", 2, 2}, {"int", 1, 1},
    {"tolower", 1, 1}, {"toupper", 1, 1}, {"sprintf", 1, 255}, {NULL, 0, 0},
};

/* A call of builtin f, its name just read: the arguments in parentheses, a list through their
 * next (length alone is length($0)). */
static int parse_call(awk_prog *p, int f)
{
    int n = new_node(p, A_CALL), count = 0, last = -1;
    if (n < 0)
        return -1;
    p->nodes[n].index = f;
    if (peek(p) == '(') {
        p->pos++;
        int in_print = p->in_print;
        p->in_print = 0;
        while (!p->error && peek(p) != ')') {
            int e = parse_expr(p);
            if (e < 0)
                return -1;
            if (last < 0)
                p->nodes[n].a = e;
            else
                p->nodes[last].next = e;
            last = e;
            count++;
            if (!accept(p, ","))
                break;
        }
        p->in_print = in_print;
        if (!accept(p, ")"))
            set_error(p, "missing )");
    } else if (f != F_LENGTH)
        set_error(p, "syntax error");
    if (!p->error && (count < awk_funcs[f].min_args || count > awk_funcs[f].max_args))
        set_error(p, "wrong number of arguments in call to a builtin");
    return p->error ? -1 : n;
}

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
        int in_print = p->in_print;
        p->in_print = 0; /* print (a > b): a comparison inside parentheses */
        int e = parse_expr(p);
        p->in_print = in_print;
        if (!accept(p, ")")) {
            set_error(p, "missing )");
            return -1;
        }
        return e;
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
        if (len == 3 && strncmp(p->src + start, "FNR", 3) == 0)
            return new_node(p, A_FNR);
        for (int f = 0; awk_funcs[f].name; f++)
            if (strlen(awk_funcs[f].name) == len && !strncmp(p->src + start, awk_funcs[f].name, len))
                return parse_call(p, f);
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

static int parse_unary(awk_prog *p);

/* x ^ y, right-associative and above unary minus: -2^2 is -4, 2^3^2 is 512. */
static int parse_pow(awk_prog *p)
{
    int a = parse_primary(p);
    if (peek(p) == '^' && !(p->pos + 1 < p->len && p->src[p->pos + 1] == '=')) {
        p->pos++;
        a = binary(p, A_BIN, '^', a, parse_unary(p));
    }
    return a;
}

/* ! - + before an operand: below ^, above * / %. */
static int parse_unary(awk_prog *p)
{
    int c = peek(p);
    if (c != '!' && c != '-' && c != '+')
        return parse_pow(p);
    if (p->depth >= AWK_NESTING_MAX) {
        set_error(p, "expression nested too deeply");
        return -1;
    }
    p->pos++;
    int n = new_node(p, c == '!' ? A_NOT : c == '-' ? A_NEG : A_GROUP);
    p->depth++;
    int a = parse_unary(p);
    p->depth--;
    if (n >= 0)
        p->nodes[n].a = a;
    return n;
}

static int parse_mul(awk_prog *p)
{
    int a = parse_unary(p);
    for (;;) {
        int c = peek(p);
        if ((c == '*' || c == '/' || c == '%') && p->pos + 1 < p->len && p->src[p->pos + 1] != '=') {
            p->pos++;
            a = binary(p, A_BIN, c, a, parse_unary(p));
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
    static const char *const ops[] = {"+=", "-=", "*=", "/=", "%=", "^=", "=", NULL};
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
static int parse_print_list(awk_prog *p, int n, int paren);

/* The first character at or after pos that is not a blank. */
static int peek_at(awk_prog *p, size_t pos)
{
    p->pos = pos;
    return peek(p);
}

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
    int n = new_node(p, is_printf ? S_PRINTF : S_PRINT);
    size_t start = p->pos;
    int list = parse_print_list(p, n, 0);
    if (p->error && peek_at(p, start) == '(') { /* not `print (a > b), c`: `print(a, b)` */
        p->error = NULL;
        p->pos = start;
        list = parse_print_list(p, n, 1);
    }
    (void)list;
    if (peek(p) == '>' || peek(p) == '|')
        set_error(p, "output redirection is not available in this simulated awk");
    if (is_printf && n >= 0 && p->nodes[n].a < 0)
        set_error(p, "printf needs a format");
    return p->error ? -1 : n;
}

/* The expressions after print or printf into the list of statement n: with paren, inside
 * print( ... ). Returns 0; errors are left in p->error. */
static int parse_print_list(awk_prog *p, int n, int paren)
{
    int last = -1;
    if (n < 0)
        return 0;
    p->nodes[n].a = -1;
    if (paren)
        p->pos++;
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
    return 0;
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

/* mawk 1.3.4's Max_Int: integers within it print whole, and printf's %d clamps to it. */
#define AWK_MAX_INT 2147483647.0

/* A number as mawk prints and concatenates it (OFMT and CONVFMT "%.6g"): integral values
 * within +-Max_Int whole, the rest with %.6g (so 1e10 is "1e+10"); NaN as glibc prints it. */
static const char *fmt_num(double v, char *buf, size_t size)
{
    if (v != v)
        return signbit(v) ? "-nan" : "nan";
    if (v >= -AWK_MAX_INT && v <= AWK_MAX_INT && v == (double)(long long)v)
        snprintf(buf, size, "%lld", (long long)v);
    else
        snprintf(buf, size, "%.6g", v);
    return buf;
}

/* The text of a value. buf holds a number's text (at least 32 bytes). */
static const char *to_str(const awk_value *v, char *buf, size_t size)
{
    return v->str ? v->str : fmt_num(v->num, buf, size);
}

/* Arithmetic as IEEE doubles give it (1/0 is inf, as in mawk: no error). A NaN made from two
 * numbers is the x86 default NaN, which glibc prints "-nan", whatever the sign the platform's
 * arithmetic (WebAssembly's is unspecified) left on it. */
static double arith(int op, double x, double y)
{
    double r = op == '+' ? x + y : op == '-' ? x - y : op == '*' ? x * y : op == '/' ? x / y
             : op == '^' ? pow(x, y) : fmod(x, y);
    return r != r && x == x && y == y ? -(double)NAN : r;
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

static void format_into(awk_prog *p, int first, emu_out *dst, const char *who);

/* A value that owns a copy of len bytes of s. */
static awk_value val_strn(const char *s, size_t len)
{
    awk_value v = {strndup(s, len), 0, 0};
    return v;
}

/* A builtin's value (awk_funcs), as mawk computes it. substr truncates its position and length
 * and, before position 1, lengthens the count by what lies before it: mawk 1.3.4's
 * substr("hello", -1, 2) is "hel". */
static awk_value call(awk_prog *p, const awk_node *node)
{
    int f = node->index, arg = node->a;
    if (f == F_SPRINTF) {
        emu_out text;
        emu_out_init(&text, 8192);
        format_into(p, arg, &text, "sprintf");
        awk_value r = val_strn(emu_out_text(&text), text.len);
        emu_out_free(&text);
        return r;
    }
    awk_value a = arg >= 0 ? eval(p, arg) : val_str(field(p, 0), 0);
    int arg2 = arg >= 0 ? p->nodes[arg].next : -1;
    awk_value b = arg2 >= 0 ? eval(p, arg2) : val_num(0);
    int arg3 = arg2 >= 0 ? p->nodes[arg2].next : -1;
    char ba[64], bb[64];
    const char *s = to_str(&a, ba, sizeof ba);
    size_t len = strlen(s);
    awk_value r;
    if (f == F_LENGTH)
        r = val_num((double)len);
    else if (f == F_INT)
        r = val_num(trunc(to_num(&a)));
    else if (f == F_INDEX) {
        const char *at = strstr(s, to_str(&b, bb, sizeof bb));
        r = val_num(at ? (double)(at - s + 1) : 0);
    } else if (f == F_SUBSTR) {
        double m = trunc(to_num(&b)), n = 1e18;
        if (arg3 >= 0) {
            awk_value c = eval(p, arg3);
            n = trunc(to_num(&c));
            val_free(&c);
        }
        if (m < 1)
            n -= m, m = 1;
        if (!(n > 0) || !(m <= (double)len))
            r = val_strn("", 0);
        else
            r = val_strn(s + (size_t)m - 1, n < (double)len ? (size_t)n : len);
    } else {
        r = val_strn(s, len);
        for (char *c = r.str; c && *c; c++)
            if (f == F_TOUPPER ? (*c >= 'a' && *c <= 'z') : (*c >= 'A' && *c <= 'Z'))
                *c ^= 0x20;
    }
    val_free(&a);
    val_free(&b);
    return r;
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
    case A_FNR: return val_num((double)p->fnr);
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
        if (x < 0 || x != x) { /* mawk: "negative field index $-1" */
            snprintf(p->error_buf, sizeof p->error_buf, "negative field index $%.0f", x);
            set_error(p, p->error_buf);
            return val_num(0);
        }
        return val_str(field(p, x > 1e9 ? 1000000000L : (long)x), 1);
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
            rhs = val_num(arith(node->op, x, y));
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
        } else
            r = val_num(arith(node->op, to_num(&a), to_num(&b)));
        val_free(&a);
        val_free(&b);
        return r;
    }
    case A_CALL: return call(p, node);
    default: return val_num(0);
    }
}

/* Stops the program with a run time error about printf's (or sprintf's) format: a missing
 * argument (number 0) or the improper conversion of argument `number`. */
static void format_error(awk_prog *p, int number, const char *who, const char *format)
{
    if (number)
        snprintf(p->error_buf, sizeof p->error_buf, "improper conversion(number %d) in %s(\"%.80s\")",
                 number, who, format);
    else
        snprintf(p->error_buf, sizeof p->error_buf, "not enough arguments passed to %s(\"%.80s\")",
                 who, format);
    set_error(p, p->error_buf);
}

/* printf's conversions as mawk makes them: %d and %i clamp to +-Max_Int (NaN to -Max_Int),
 * %o %x %X %u to 0 .. 2^32-1, %c prints a number's byte or a string's first character; a
 * missing argument or an unknown conversion is a run time error. first: the format's node,
 * followed by the arguments; who: "printf" or "sprintf". */
static void format_into(awk_prog *p, int first, emu_out *dst, const char *who)
{
    awk_value fmtv = eval(p, first);
    char fb[64];
    const char *format = to_str(&fmtv, fb, sizeof fb);
    int arg = p->nodes[first].next, number = 0;
    for (const char *f = format; *f && !p->error; f++) {
        if (*f != '%') {
            emu_out_write(dst, f, 1);
            continue;
        }
        if (f[1] == '%') {
            emu_out_write(dst, "%", 1);
            f++;
            continue;
        }
        char spec[32];
        size_t k = 0;
        spec[k++] = '%';
        f++;
        while (*f && strchr("-+ #0123456789.", *f) && k < 20)
            spec[k++] = *f++;
        if (*f == 'l' && f[1] && strchr("diouxX", f[1]))
            f++;
        char conv = *f;
        if (!conv)
            break;
        number++;
        if (arg < 0) {
            format_error(p, 0, who, format);
            break;
        }
        if (!strchr("diouxXcseEfgG", conv)) {
            format_error(p, number, who, format);
            break;
        }
        awk_value v = eval(p, arg);
        arg = p->nodes[arg].next;
        double d = to_num(&v);
        char buf[64];
        if (conv == 'c') {
            const char *s = to_str(&v, buf, sizeof buf);
            char ch = v.str ? s[0] : (char)(long long)(d == d && fabs(d) < 1e18 ? d : 0);
            spec[k++] = 's', spec[k] = '\0';
            char one[2] = {ch, '\0'};
            emu_out_printf(dst, spec, one);
        } else if (conv == 'd' || conv == 'i') {
            long long n = d >= AWK_MAX_INT ? (long long)AWK_MAX_INT
                        : d > -AWK_MAX_INT ? (long long)d : -(long long)AWK_MAX_INT;
            spec[k++] = 'l', spec[k++] = 'l', spec[k++] = 'd', spec[k] = '\0';
            emu_out_printf(dst, spec, n);
        } else if (strchr("ouxX", conv)) {
            unsigned long long n = d >= 4294967295.0 ? 4294967295ULL : d > 0 ? (unsigned long long)d : 0;
            spec[k++] = 'l', spec[k++] = 'l', spec[k++] = conv, spec[k] = '\0';
            emu_out_printf(dst, spec, n);
        } else if (conv == 's') {
            spec[k++] = 's', spec[k] = '\0';
            emu_out_printf(dst, spec, to_str(&v, buf, sizeof buf));
        } else {
            spec[k++] = conv, spec[k] = '\0';
            emu_out_printf(dst, spec, d);
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
            /* every argument is evaluated before anything prints, as in mawk */
            emu_out line;
            emu_out_init(&line, 0);
            for (int e = st->a; e >= 0 && !p->error; e = p->nodes[e].next) {
                awk_value v = eval(p, e);
                char buf[64];
                emu_out_printf(&line, "%s%s", to_str(&v, buf, sizeof buf),
                               p->nodes[e].next >= 0 ? " " : "\n");
                val_free(&v);
            }
            if (!p->error)
                emu_out_write(p->out, emu_out_text(&line), line.len);
            emu_out_free(&line);
            break;
        }
        case S_PRINTF: format_into(p, st->a, p->out, "printf"); break;
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
    p->fnr++;
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
        emu_out_printf(ex->err, "\n(this simulated awk knows what `help awk` lists; it has no "
                                "loops, arrays or user functions)\n");
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
            const char *path = nfiles ? argv[i + k] : NULL;
            emu_file_kind kind = path && strcmp(path, "-") ? sh_file(ex, path, NULL) : EMU_FILE_REGULAR;
            if (kind != EMU_FILE_REGULAR || sh_input_open(c, "awk", path, &in) != 0) {
                /* mawk stops at the first file it cannot open, without running END */
                emu_out_printf(ex->err, "awk: cannot open ");
                emu_out_write_visible(ex->err, path, strlen(path));
                emu_out_printf(ex->err, " (%s)\n", kind == EMU_FILE_DIR ? "Is a directory"
                                                                       : "No such file or directory");
                prog_free(p);
                return 2;
            }
            p->filename = nfiles ? argv[i + k] : "";
            p->fnr = 0;
            sh_for_each_line(in.text, in.len, awk_record, &feed);
            sh_input_close(&in);
        }
    }
    run_rules(p, p->end);
    if (p->error) {
        emu_out_printf(ex->err, "awk: run time error: %s\n\tFILENAME=\"%s\" FNR=%ld NR=%ld\n",
                       p->error, p->filename ? p->filename : "", p->fnr, p->nr);
        status = 2;
    }
    prog_free(p);
    return status;
}
