/* shell_complete.c: tab completion of the last word of a line: command names, node names (after
 * ssh and mpirun -H), a command's flags and subcommands, and simulated file names. */
#include "shell_internal.h"

#include <stdlib.h>
#include <string.h>

typedef struct cand_list {
    char **items;
    size_t count, cap;
} cand_list;

static void cand_add(cand_list *l, const char *prefix, size_t prefix_len, const char *text,
                     size_t text_len)
{
    if (l->count == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 32;
        char **items = realloc(l->items, cap * sizeof *items);
        if (!items)
            return;
        l->items = items;
        l->cap = cap;
    }
    char *s = malloc(prefix_len + text_len + 1);
    if (!s)
        return;
    memcpy(s, prefix, prefix_len);
    memcpy(s + prefix_len, text, text_len);
    s[prefix_len + text_len] = '\0';
    l->items[l->count++] = s;
}

static int starts_with(const char *s, const char *prefix, size_t n)
{
    return strncmp(s, prefix, n) == 0;
}

static void complete_commands(const emu_shell *shell, const char *word, size_t n, cand_list *l)
{
    for (size_t i = 0; i < sh_builtin_count; i++)
        if (starts_with(sh_builtins[i].name, word, n))
            cand_add(l, "", 0, sh_builtins[i].name, strlen(sh_builtins[i].name));
    if (shell->host.command_at)
        for (size_t i = 0;; i++) {
            const emu_command *cmd = shell->host.command_at(i);
            if (!cmd)
                break;
            if (starts_with(cmd->name, word, n))
                cand_add(l, "", 0, cmd->name, strlen(cmd->name));
        }
}

/* Node names; word may be a comma-separated list (mpirun -H node01,node0<Tab>). */
static void complete_nodes(const emu_shell *shell, const char *word, size_t n, cand_list *l)
{
    const char *last = word;
    for (size_t i = 0; i < n; i++)
        if (word[i] == ',' || word[i] == '@')
            last = word + i + 1;
    size_t keep = (size_t)(last - word);
    int count = sh_node_count(shell);
    for (int node = 0; node < count; node++) {
        char name[32];
        sh_node_name(node, name, sizeof name);
        if (starts_with(name, last, n - keep))
            cand_add(l, word, keep, name, strlen(name));
    }
}

static void complete_files(emu_shell *shell, const char *word, size_t n, cand_list *l)
{
    const char *slash = NULL;
    for (size_t i = 0; i < n; i++)
        if (word[i] == '/')
            slash = word + i;
    size_t dir_len = slash ? (size_t)(slash - word) + 1 : 0;
    char dir[SH_PATH_MAX];
    if (dir_len >= sizeof dir)
        return;
    memcpy(dir, word, dir_len);
    dir[dir_len] = '\0';
    sh_exec ex = {shell, sh_frame_current(shell), NULL, NULL, 0, NULL, 0, 0};
    emu_out listing;
    emu_out_init(&listing, 0);
    if (sh_file(&ex, dir_len ? dir : ".", &listing) == EMU_FILE_DIR) {
        const char *base = word + dir_len;
        size_t base_len = n - dir_len;
        const char *p = emu_out_text(&listing);
        while (*p) {
            const char *nl = strchr(p, '\n');
            size_t len = nl ? (size_t)(nl - p) : strlen(p);
            if (len >= base_len && strncmp(p, base, base_len) == 0 && len > 0)
                cand_add(l, word, dir_len, p, len);
            p += len + (nl ? 1 : 0);
        }
    }
    emu_out_free(&listing);
}

static int cand_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* mpirun options followed by a value (Open MPI). */
static int mpirun_takes_value(const char *w)
{
    static const char *const opts[] = {"-np", "-n", "-c", "-H", "--host", "-x", "-npernode",
                                       "--npernode", "-N", "--map-by", "--bind-to", "--rank-by",
                                       "-hostfile", "--hostfile", "-mca", "--mca", NULL};
    for (size_t i = 0; opts[i]; i++)
        if (strcmp(w, opts[i]) == 0)
            return 1;
    return 0;
}

void emu_shell_complete(emu_shell *shell, const char *line, size_t len, emu_out *out)
{
    /* split the current simple command into raw words (quotes kept, not expanded) */
    enum { WORDS_MAX = 64 };
    const char *words[WORDS_MAX];
    size_t lens[WORDS_MAX];
    size_t nwords = 0;
    size_t i = 0, word_start = 0;
    int in_word = 0;
    char quote = 0;
    for (i = 0; i < len; i++) {
        char c = line[i];
        if (quote) {
            if (c == quote)
                quote = 0;
            continue;
        }
        if (c == '\'' || c == '"') {
            quote = c;
            if (!in_word)
                in_word = 1, word_start = i;
            continue;
        }
        int sep = c == ' ' || c == '\t';
        int op = c == '|' || c == ';' || c == '&' || c == '\n';
        if (sep || op) {
            if (in_word && nwords < WORDS_MAX) {
                words[nwords] = line + word_start;
                lens[nwords++] = i - word_start;
            }
            in_word = 0;
            if (op)
                nwords = 0; /* a new command starts */
            continue;
        }
        if (!in_word)
            in_word = 1, word_start = i;
    }
    const char *word = in_word ? line + word_start : line + len;
    size_t n = in_word ? len - word_start : 0;

    /* find the command: skip VAR=value, sudo, env, ssh NODE, mpirun and its options */
    size_t k = 0;
    const char *cmd = NULL;
    size_t cmd_len = 0, cmd_index = 0;
    int want_node = 0;
    while (k < nwords) {
        const char *w = words[k];
        size_t wl = lens[k];
        const char *eq = memchr(w, '=', wl);
        if (!cmd && eq && sh_is_name(w, (size_t)(eq - w))) {
            k++;
            continue;
        }
        if (!cmd && ((wl == 4 && !memcmp(w, "sudo", 4)) || (wl == 3 && !memcmp(w, "env", 3)))) {
            k++;
            continue;
        }
        if (!cmd && wl == 3 && !memcmp(w, "ssh", 3)) {
            size_t j = k + 1;
            while (j < nwords && words[j][0] == '-')
                j++;
            if (j >= nwords) { /* the host comes next */
                cmd = w, cmd_len = wl;
                want_node = 1;
                k = nwords;
                break;
            }
            k = j + 1; /* after ssh NODE comes a command */
            continue;
        }
        if (!cmd && wl == 6 && !memcmp(w, "mpirun", 6)) {
            size_t j = k + 1;
            int value_next = 0;
            while (j < nwords) {
                char opt[32];
                size_t ol = lens[j] < sizeof opt - 1 ? lens[j] : sizeof opt - 1;
                memcpy(opt, words[j], ol);
                opt[ol] = '\0';
                if (value_next)
                    value_next = 0;
                else if (opt[0] == '-')
                    value_next = mpirun_takes_value(opt);
                else
                    break;
                j++;
            }
            if (j >= nwords) {
                char prev[32] = "";
                if (nwords > k + 1) {
                    size_t pl = lens[nwords - 1] < 31 ? lens[nwords - 1] : 31;
                    memcpy(prev, words[nwords - 1], pl);
                    prev[pl] = '\0';
                }
                if (value_next && (strcmp(prev, "-H") == 0 || strcmp(prev, "--host") == 0))
                    want_node = 1;
                cmd = w, cmd_len = wl;
                if (!value_next && n == 0)
                    cmd = NULL; /* mpirun -np 2 <Tab>: the program comes next */
                if (!value_next && n > 0 && word[0] != '-')
                    cmd = NULL;
                k = nwords;
                break;
            }
            k = j;
            continue;
        }
        if (!cmd) {
            cmd = w, cmd_len = wl;
            cmd_index = k;
        }
        k++;
    }

    cand_list l = {0};
    if (want_node) {
        complete_nodes(shell, word, n, &l);
    } else if (!cmd) {
        if (memchr(word, '/', n))
            complete_files(shell, word, n, &l);
        else
            complete_commands(shell, word, n, &l);
    } else {
        char name[64];
        size_t nl = cmd_len < sizeof name - 1 ? cmd_len : sizeof name - 1;
        memcpy(name, cmd, nl);
        name[nl] = '\0';
        const emu_command *c = sh_find_command(shell, name);
        if (strcmp(name, "help") == 0 || strcmp(name, "which") == 0 || strcmp(name, "type") == 0) {
            complete_commands(shell, word, n, &l);
        } else {
            int offered = 0;
            /* the command's own candidates first: lab ids, HCA names, net devices ... */
            if (c && c->complete) {
                char *args[WORDS_MAX + 1];
                int argc = 0;
                for (size_t a = cmd_index; a < nwords && argc < WORDS_MAX; a++) {
                    args[argc] = malloc(lens[a] + 1);
                    if (!args[argc])
                        break;
                    memcpy(args[argc], words[a], lens[a]);
                    args[argc][lens[a]] = '\0';
                    argc++;
                }
                args[argc] = NULL;
                emu_out cands;
                emu_out_init(&cands, 16384);
                c->complete(shell->host.world, sh_frame_current(shell)->node, argc, args, &cands);
                for (const char *p = emu_out_text(&cands); *p;) {
                    const char *nl = strchr(p, '\n');
                    size_t len = nl ? (size_t)(nl - p) : strlen(p);
                    if (len > 0)
                        offered = 1; /* the cluster answered: only its candidates count */
                    if (len >= n && strncmp(p, word, n) == 0 && len > 0)
                        cand_add(&l, "", 0, p, len);
                    p += len + (nl ? 1 : 0);
                }
                emu_out_free(&cands);
                for (int a = 0; a < argc; a++)
                    free(args[a]);
            }
            /* flags anywhere; subcommands only as the first argument */
            int first_arg = nwords - cmd_index == 1;
            if (!offered && c && c->flags)
                for (size_t f = 0; c->flags[f]; f++) {
                    const char *flag = c->flags[f];
                    int is_flag = flag[0] == '-';
                    if ((n > 0 && word[0] == '-') != is_flag || (!is_flag && !first_arg))
                        continue;
                    if (starts_with(flag, word, n)) {
                        cand_add(&l, "", 0, flag, strlen(flag));
                        offered = 1;
                    }
                }
            if (!(n > 0 && word[0] == '-') && !offered)
                complete_files(shell, word, n, &l);
        }
    }
    if (l.count > 1)
        qsort(l.items, l.count, sizeof l.items[0], cand_cmp);
    for (size_t c = 0; c < l.count; c++) {
        if (c == 0 || strcmp(l.items[c], l.items[c - 1]) != 0) {
            emu_out_write(out, l.items[c], strlen(l.items[c]));
            emu_out_write(out, "\n", 1);
        }
    }
    for (size_t c = 0; c < l.count; c++)
        free(l.items[c]);
    free(l.items);
}
