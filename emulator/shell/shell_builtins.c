/* shell_builtins.c: the shell's own commands: echo, export, env, unset, ssh, exit, hostname,
 * history, clear, help, cd, pwd, ls, which, type, sudo, true, false. The text filters are in
 * shell_filters.c; both tables are joined here into sh_builtins. */
#include "shell_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emu.h"
#include "full_only.h"

#define EX(context) ((sh_exec *)(context)->shell)

/* ls -l: the long listing is the tools' (tools/ls_long.c: its sizes and times are the model's,
 * a checkpoint's bytes as lfs quota counts them); the core WebAssembly module compiles this file
 * with emu_ls_long as its stand-in for the full module (wasm/wasm.mk), as it does awk. */
int emu_ls_long(emu_context *c, int argc, char **argv, emu_out *out);

/* Filters (shell_filters.c). */
int sh_cmd_cat(emu_context *c, int argc, char **argv, emu_out *out);
int sh_cmd_grep(emu_context *c, int argc, char **argv, emu_out *out);
int sh_cmd_head(emu_context *c, int argc, char **argv, emu_out *out);
int sh_cmd_tail(emu_context *c, int argc, char **argv, emu_out *out);
int sh_cmd_wc(emu_context *c, int argc, char **argv, emu_out *out);
int sh_cmd_sort(emu_context *c, int argc, char **argv, emu_out *out);
int sh_cmd_uniq(emu_context *c, int argc, char **argv, emu_out *out);
int sh_cmd_cut(emu_context *c, int argc, char **argv, emu_out *out);
int sh_cmd_tee(emu_context *c, int argc, char **argv, emu_out *out);
int sh_cmd_awk(emu_context *c, int argc, char **argv, emu_out *out); /* shell_awk.c */

/* Writes s visibly (control bytes in caret notation). */
static void put_visible(emu_out *out, const char *s)
{
    emu_out_write_visible(out, s, strlen(s));
}

/* ---- echo --------------------------------------------------------------------------------- */

static int cmd_echo(emu_context *c, int argc, char **argv, emu_out *out)
{
    (void)c;
    int newline = 1, escapes = 0, i = 1;
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-' || a[1] == '\0' || strspn(a + 1, "neE") != strlen(a + 1))
            break;
        for (const char *f = a + 1; *f; f++) {
            if (*f == 'n')
                newline = 0;
            else if (*f == 'e')
                escapes = 1;
            else
                escapes = 0;
        }
    }
    for (int first = i; i < argc; i++) {
        if (i > first)
            emu_out_write(out, " ", 1);
        const char *a = argv[i];
        if (!escapes) {
            put_visible(out, a);
            continue;
        }
        for (; *a; a++) {
            if (*a != '\\' || !a[1]) {
                emu_out_write_visible(out, a, 1);
                continue;
            }
            a++;
            switch (*a) {
            case 'n': emu_out_write(out, "\n", 1); break;
            case 't': emu_out_write(out, "\t", 1); break;
            case '\\': emu_out_write(out, "\\", 1); break;
            case 'c': return 0; /* stop output here */
            default: emu_out_write(out, a - 1, 2); break;
            }
        }
    }
    if (newline)
        emu_out_write(out, "\n", 1);
    return 0;
}

/* ---- variables ---------------------------------------------------------------------------- */

static int var_cmp(const void *a, const void *b)
{
    return strcmp((*(const sh_var *const *)a)->name, (*(const sh_var *const *)b)->name);
}

static int cmd_export(emu_context *c, int argc, char **argv, emu_out *out)
{
    sh_exec *ex = EX(c);
    int unexport = 0, i = 1, status = 0;
    for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
        if (strcmp(argv[i], "--") == 0) {
            i++;
            break;
        }
        if (strcmp(argv[i], "-n") == 0)
            unexport = 1;
        else if (strcmp(argv[i], "-p") != 0) {
            emu_out_printf(ex->err, "bash: export: %s: invalid option\n"
                                    "export: usage: export [-n] [name[=value] ...] or export -p\n",
                           argv[i]);
            return 2;
        }
    }
    if (i == argc) {
        EMU_FULL_MODULE_ONLY(); /* the listing (no lab's line nor lab golden): the full module's */
        const sh_var *list[EMU_SHELL_VARS_MAX];
        size_t n = 0;
        for (size_t k = 0; k < ex->frame->var_count; k++)
            if (ex->frame->vars[k].exported)
                list[n++] = &ex->frame->vars[k];
        qsort(list, n, sizeof list[0], var_cmp);
        for (size_t k = 0; k < n; k++) {
            emu_out_printf(out, "declare -x %s=\"", list[k]->name);
            put_visible(out, list[k]->value);
            emu_out_write(out, "\"\n", 2);
        }
        return 0;
    }
    for (; i < argc; i++) {
        const char *eq = strchr(argv[i], '=');
        size_t nlen = eq ? (size_t)(eq - argv[i]) : strlen(argv[i]);
        if (!sh_is_name(argv[i], nlen)) {
            emu_out_printf(ex->err, "bash: export: `");
            put_visible(ex->err, argv[i]);
            emu_out_printf(ex->err, "': not a valid identifier\n");
            status = 1;
            continue;
        }
        char name[257];
        snprintf(name, sizeof name, "%.*s", (int)(nlen > 256 ? 256 : nlen), argv[i]);
        if (unexport) {
            sh_var *v = sh_var_find(ex->frame, name);
            if (v)
                v->exported = 0;
            continue;
        }
        if (sh_var_set(ex->frame, name, eq ? eq + 1 : NULL, 1) != 0) {
            emu_out_printf(ex->err, "bash: export: %s: too many variables (this shell keeps %d, "
                                    "%d KiB in all)\n",
                           name, EMU_SHELL_VARS_MAX, EMU_SHELL_VAR_BYTES_MAX / 1024);
            status = 1;
        }
    }
    return status;
}

static int cmd_unset(emu_context *c, int argc, char **argv, emu_out *out)
{
    (void)out;
    sh_exec *ex = EX(c);
    int status = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-v") == 0 || strcmp(argv[i], "-f") == 0)
            continue;
        if (!sh_is_name(argv[i], strlen(argv[i]))) {
            emu_out_printf(ex->err, "bash: unset: `");
            put_visible(ex->err, argv[i]);
            emu_out_printf(ex->err, "': not a valid identifier\n");
            status = 1;
            continue;
        }
        sh_var_unset(ex->frame, argv[i]);
    }
    return status;
}

static int cmd_env(emu_context *c, int argc, char **argv, emu_out *out)
{
    sh_exec *ex = EX(c);
    int i = 1;
    if (i < argc && strcmp(argv[i], "--") == 0)
        i++;
    if (i < argc && argv[i][0] == '-' && argv[i][1]) {
        emu_out_printf(ex->err, "env: invalid option -- '%c'\n"
                                "Try 'env --help' for more information.\n",
                       argv[i][1] == '-' ? '-' : argv[i][1]);
        return 125;
    }
    /* NAME=value arguments join the command's prefixes */
    size_t extra = 0;
    while (i + (int)extra < argc) {
        const char *a = argv[i + extra];
        const char *eq = strchr(a, '=');
        if (!eq || eq == a)
            break;
        extra++;
    }
    size_t total = ex->assign_count + extra;
    char **names = calloc(total + 1, sizeof *names);
    char **values = calloc(total + 1, sizeof *values);
    char **owned = calloc(extra + 1, sizeof *owned);
    int status = 0;
    if (!names || !values || !owned) {
        emu_out_printf(ex->err, "env: out of memory\n");
        status = 125;
        goto done;
    }
    for (size_t k = 0; k < ex->assign_count; k++) {
        names[k] = ex->assign_names[k];
        values[k] = ex->assign_values[k];
    }
    for (size_t k = 0; k < extra; k++) {
        const char *a = argv[i + k];
        size_t nlen = (size_t)(strchr(a, '=') - a);
        owned[k] = malloc(nlen + 1);
        if (!owned[k]) {
            status = 125;
            goto done;
        }
        memcpy(owned[k], a, nlen);
        owned[k][nlen] = '\0';
        names[ex->assign_count + k] = owned[k];
        values[ex->assign_count + k] = (char *)a + nlen + 1;
    }
    i += (int)extra;
    sh_exec sub = *ex;
    sub.assign_names = names;
    sub.assign_values = values;
    sub.assign_count = total;
    if (i < argc) {
        int not_simulated = ex->shell->host.not_simulated && ex->shell->host.not_simulated(argv[i]);
        if (!sh_find_command(ex->shell, argv[i]) && !not_simulated) {
            emu_out_printf(ex->err, "env: '");
            put_visible(ex->err, argv[i]);
            emu_out_printf(ex->err, "': No such file or directory\n");
            status = 127;
            goto done;
        }
        status = sh_run_argv(&sub, argc - i, argv + i, c->input, c->input_len, out);
        goto done;
    }
    /* print: exported variables with the prefixes applied, then new names. No lab's line nor lab
     * golden lists them: the full module's (full_only.h; sudo runs its command through here) */
    if (EMU_IN_CORE) {
        EMU_WANT_FULL_MODULE();
        goto done;
    }
    for (size_t k = 0; k < ex->frame->var_count; k++) {
        const sh_var *v = &ex->frame->vars[k];
        if (!v->exported)
            continue;
        const char *value = v->value;
        for (size_t a = total; a-- > 0;)
            if (strcmp(names[a], v->name) == 0) {
                value = values[a];
                break;
            }
        emu_out_printf(out, "%s=", v->name);
        put_visible(out, value);
        emu_out_write(out, "\n", 1);
    }
    for (size_t a = 0; a < total; a++) {
        sh_var *v = sh_var_find(ex->frame, names[a]);
        int later = 0;
        for (size_t b = a + 1; b < total; b++)
            if (strcmp(names[b], names[a]) == 0)
                later = 1;
        if ((v && v->exported) || later)
            continue;
        emu_out_printf(out, "%s=", names[a]);
        put_visible(out, values[a]);
        emu_out_write(out, "\n", 1);
    }
done:
    if (owned)
        for (size_t k = 0; k < extra; k++)
            free(owned[k]);
    free(owned);
    free(names);
    free(values);
    return status;
}

/* ---- nodes: ssh, exit, hostname ----------------------------------------------------------- */

static const char ssh_usage[] =
    "usage: ssh [-46AaCfGgKkMNnqsTtVvXxYy] [-B bind_interface] [-b bind_address]\n"
    "           [-c cipher_spec] [-D [bind_address:]port] [-E log_file]\n"
    "           [-e escape_char] [-F configfile] [-I pkcs11] [-i identity_file]\n"
    "           [-J destination] [-L address] [-l login_name] [-m mac_spec]\n"
    "           [-O ctl_cmd] [-o option] [-p port] [-Q query_option] [-R address]\n"
    "           [-S ctl_path] [-W host:port] [-w local_tun[:remote_tun]]\n"
    "           destination [command [argument ...]]\n";

static int cmd_ssh(emu_context *c, int argc, char **argv, emu_out *out)
{
    sh_exec *ex = EX(c);
    emu_shell *shell = ex->shell;
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        const char *f = argv[i] + 1;
        if (strcmp(argv[i], "--") == 0) {
            i++;
            break;
        }
        for (; *f; f++) {
            if (strchr("46AaCfGgKkMNnqsTtVvXxYy", *f))
                continue;
            if (strchr("BbcDEeFIiJLlmOopQRSWw", *f)) {
                if (!f[1])
                    i++; /* the option's value is the next argument */
                break;
            }
            EMU_FULL_MODULE_ONLY(); /* the usage text is the full module's (full_only.h) */
            emu_out_printf(ex->err, "unknown option -- ");
            emu_out_write_visible(ex->err, f, 1);
            emu_out_printf(ex->err, "\n%s", ssh_usage);
            return 255;
        }
    }
    if (i >= argc) {
        EMU_FULL_MODULE_ONLY();
        emu_out_printf(ex->err, "%s", ssh_usage);
        return 255;
    }
    const char *host = argv[i++];
    int node = -1;
    const char *bare = strchr(host, '@') ? strchr(host, '@') + 1 : host;
    if (strcmp(bare, "localhost") == 0)
        node = ex->frame->node;
    else
        node = sh_node_parse(shell, host);
    if (node < 0) {
        emu_out_printf(ex->err, "ssh: Could not resolve hostname ");
        put_visible(ex->err, bare);
        emu_out_printf(ex->err, ": Name or service not known\n");
        return 255;
    }
    char name[32];
    sh_node_name(node, name, sizeof name);
    if (shell->host.node_up && !shell->host.node_up(shell->host.world, node)) {
        emu_out_printf(ex->err, "ssh: connect to host %s port 22: No route to host\n", name);
        return 255;
    }
    if (i >= argc && !ex->frame->interactive) {
        emu_out_printf(ex->err, "Pseudo-terminal will not be allocated because stdin is not a "
                                "terminal.\n");
        return 0;
    }
    if (shell->depth >= EMU_SHELL_SSH_DEPTH_MAX) {
        emu_out_printf(ex->err, "ssh: connect to host %s port 22: too many nested sessions "
                                "(this simulated shell allows %d; type exit to go back)\n",
                       name, EMU_SHELL_SSH_DEPTH_MAX);
        return 255;
    }
    if (i >= argc) { /* an interactive login: the prompt changes */
        if (!sh_frame_push(shell, node, 1)) {
            emu_out_printf(ex->err, "ssh: out of memory\n");
            return 255;
        }
        return 0;
    }
    /* a remote command: the arguments joined by spaces, run by the remote shell */
    size_t total = 0;
    for (int k = i; k < argc; k++)
        total += strlen(argv[k]) + 1;
    char *line = malloc(total + 1);
    if (!line || !sh_frame_push(shell, node, 0)) {
        free(line);
        emu_out_printf(ex->err, "ssh: out of memory\n");
        return 255;
    }
    size_t len = 0;
    for (int k = i; k < argc; k++) {
        size_t n = strlen(argv[k]);
        if (k > i)
            line[len++] = ' ';
        memcpy(line + len, argv[k], n);
        len += n;
    }
    line[len] = '\0';
    sh_frame *remote = sh_frame_current(shell);
    int status = sh_run_line(shell, line, len, out);
    /* the remote shell may have opened interactive sessions of its own: close them all */
    while (sh_frame_current(shell) != remote)
        sh_frame_pop(shell);
    sh_frame_pop(shell);
    free(line);
    return status;
}

static int parse_status(const char *s, int *status)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (!*s || *end)
        return -1;
    *status = (int)(v & 0xFF);
    return 0;
}

static int cmd_exit(emu_context *c, int argc, char **argv, emu_out *out)
{
    sh_exec *ex = EX(c);
    emu_shell *shell = ex->shell;
    sh_frame *frame = ex->frame;
    int status = frame->last_status;
    if (argc > 2) {
        emu_out_printf(ex->err, "bash: %s: too many arguments\n", argv[0]);
        return 1;
    }
    if (argc == 2 && parse_status(argv[1], &status) != 0) {
        emu_out_printf(ex->err, "bash: %s: ", argv[0]);
        put_visible(ex->err, argv[1]);
        emu_out_printf(ex->err, ": numeric argument required\n");
        status = 2;
    }
    if (!frame->interactive) {
        frame->exiting = 1;
        return status;
    }
    emu_out_printf(out, "logout\n");
    shell->stop_line = 1;
    if (shell->depth == 0) {
        shell->result_flags |= EMU_RESULT_EXIT;
        return status;
    }
    char name[32];
    sh_node_name(frame->node, name, sizeof name);
    int sudo_shell = frame->sudo_shell;
    sh_frame_pop(shell);
    if (!sudo_shell) /* leaving `sudo -i` is a logout, not a connection's end */
        emu_out_printf(out, "Connection to %s closed.\n", name);
    return status;
}

static int cmd_hostname(emu_context *c, int argc, char **argv, emu_out *out)
{
    sh_exec *ex = EX(c);
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-s") == 0 || strcmp(argv[i], "--short") == 0 ||
            strcmp(argv[i], "-f") == 0 || strcmp(argv[i], "--fqdn") == 0)
            continue;
        if (argv[i][0] == '-') {
            emu_out_printf(ex->err, "hostname: invalid option -- '");
            emu_out_write_visible(ex->err, argv[i] + 1, argv[i][1] ? 1 : 0);
            emu_out_printf(ex->err, "'\nUsage: hostname [-s|-f]\n");
            return 1;
        }
        emu_out_printf(ex->err, "hostname: you must be root to change the host name\n");
        return 1;
    }
    char name[32];
    sh_node_name(c->node, name, sizeof name);
    size_t n = strlen(name);
    name[n++] = '\n';
    emu_out_write(out, name, n);
    return 0;
}

/* ---- history, clear, help ----------------------------------------------------------------- */

static int cmd_history(emu_context *c, int argc, char **argv, emu_out *out)
{
    sh_exec *ex = EX(c);
    emu_shell *shell = ex->shell;
    size_t show = shell->history_count;
    if (argc > 2) {
        emu_out_printf(ex->err, "bash: history: too many arguments\n");
        return 1;
    }
    if (argc == 2) {
        if (strcmp(argv[1], "-c") == 0) {
            for (size_t i = 0; i < shell->history_count; i++)
                free(shell->history[(shell->history_first + i) % EMU_SHELL_HISTORY_MAX]);
            shell->history_first = shell->history_count = 0;
            return 0;
        }
        char *end;
        long n = strtol(argv[1], &end, 10);
        if (!argv[1][0] || *end || n < 0) {
            emu_out_printf(ex->err, "bash: history: ");
            put_visible(ex->err, argv[1]);
            emu_out_printf(ex->err, ": %s\nhistory: usage: history [-c] [n]\n",
                           argv[1][0] == '-' ? "invalid option" : "numeric argument required");
            return argv[1][0] == '-' ? 2 : 1;
        }
        if ((size_t)n < show)
            show = (size_t)n;
    }
    unsigned long first_number = shell->history_total - shell->history_count + 1;
    for (size_t i = shell->history_count - show; i < shell->history_count; i++) {
        emu_out_printf(out, "%5lu  ", first_number + i);
        put_visible(out, shell->history[(shell->history_first + i) % EMU_SHELL_HISTORY_MAX]);
        emu_out_write(out, "\n", 1);
    }
    return 0;
}

static int cmd_clear(emu_context *c, int argc, char **argv, emu_out *out)
{
    (void)argc, (void)argv, (void)out;
    EX(c)->shell->result_flags |= EMU_RESULT_CLEAR;
    return 0;
}

static void help_section(emu_out *out, const char *title, const emu_command *(*at)(size_t),
                         size_t width)
{
    emu_out_printf(out, "%s\n", title);
    for (size_t i = 0;; i++) {
        const emu_command *cmd = at(i);
        if (!cmd)
            break;
        emu_out_printf(out, "  %-*s  %s\n", (int)width, cmd->name, cmd->summary ? cmd->summary : "");
    }
}

static int cmd_help(emu_context *c, int argc, char **argv, emu_out *out)
{
    sh_exec *ex = EX(c);
    const emu_shell_host *host = &ex->shell->host;
    if (argc >= 2) {
        int status = 0;
        for (int i = 1; i < argc; i++) {
            const emu_command *cmd = sh_find_command(ex->shell, argv[i]);
            if (!cmd) {
                emu_out_printf(ex->err, "bash: help: no help topics match `");
                put_visible(ex->err, argv[i]);
                emu_out_printf(ex->err, "'.  Try `help' for the list of commands.\n");
                status = 1;
                continue;
            }
#ifdef EMU_CORE_MODULE
            /* The core WebAssembly module holds no help text (EMU_HELP, command.h; a stand-in
             * for a tool only the full module holds has none either, wasm/core_table.c): the
             * full module shows it. */
            if (!cmd->help) {
                emw_wants_full = 1;
                continue;
            }
#endif
            emu_out_printf(out, "%s: %s\n", cmd->name, cmd->summary ? cmd->summary : "");
            if (cmd->help && cmd->help[0]) {
                emu_out_printf(out, "%s", cmd->help);
                size_t n = strlen(cmd->help);
                if (cmd->help[n - 1] != '\n')
                    emu_out_write(out, "\n", 1);
            }
        }
        return status;
    }
    size_t width = 0;
    for (size_t i = 0; emu_shell_builtin_at(i); i++)
        if (strlen(emu_shell_builtin_at(i)->name) > width)
            width = strlen(emu_shell_builtin_at(i)->name);
    if (host->command_at)
        for (size_t i = 0; host->command_at(i); i++)
            if (strlen(host->command_at(i)->name) > width)
                width = strlen(host->command_at(i)->name);
    emu_out_printf(out, "Every command of this simulated cluster. `help CMD` shows one command's "
                        "usage and flags;\nTab completes commands, node names and flags.\n\n");
    if (host->command_at && host->command_at(0)) {
        help_section(out, "Cluster tools and labs:", host->command_at, width);
        emu_out_write(out, "\n", 1);
    }
    help_section(out, "Shell (pipes, quotes, VAR=value cmd, && || ; work as in bash):",
                 emu_shell_builtin_at, width);
    return 0;
}

/* ---- files: cd, pwd, ls ------------------------------------------------------------------- */

static int cmd_cd(emu_context *c, int argc, char **argv, emu_out *out)
{
    sh_exec *ex = EX(c);
    sh_frame *frame = ex->frame;
    const char *target = argc >= 2 ? argv[1] : SH_HOME;
    if (argc > 2) {
        emu_out_printf(ex->err, "bash: cd: too many arguments\n");
        return 1;
    }
    if (strcmp(target, "-") == 0) {
        const char *old = sh_var_get(frame, "OLDPWD");
        if (!old) {
            emu_out_printf(ex->err, "bash: cd: OLDPWD not set\n");
            return 1;
        }
        target = old;
    }
    char abs[SH_PATH_MAX];
    emu_file_kind kind = sh_path_resolve(frame, target, abs, sizeof abs) == 0
                             ? sh_file(ex, abs, NULL)
                             : EMU_FILE_NONE;
    if (kind != EMU_FILE_DIR) {
        emu_out_printf(ex->err, "bash: cd: ");
        put_visible(ex->err, target);
        emu_out_printf(ex->err, ": %s\n",
                       kind == EMU_FILE_REGULAR ? "Not a directory" : "No such file or directory");
        return 1;
    }
    if (argc >= 2 && strcmp(argv[1], "-") == 0)
        emu_out_printf(out, "%s\n", abs);
    sh_var_set(frame, "OLDPWD", frame->cwd, 0);
    snprintf(frame->cwd, sizeof frame->cwd, "%s", abs);
    sh_var_set(frame, "PWD", abs, 0);
    return 0;
}

static int cmd_pwd(emu_context *c, int argc, char **argv, emu_out *out)
{
    (void)argc, (void)argv;
    emu_out_printf(out, "%s\n", EX(c)->frame->cwd);
    return 0;
}

/* whoami and id as GNU coreutils prints them for the shell's user or, under sudo, root. The lab
 * user is uid and gid 1000 with a group of its own name (Ubuntu's adduser defaults: FIRST_UID
 * 1000, USERGROUPS yes; scontrol's UserId=user(1000) GroupId=user(1000) and ls -l's owner and
 * group say the same), and may run sudo, so it is in Ubuntu's sudo group (gid 27, base-passwd's
 * group.master). */
static int cmd_whoami(emu_context *c, int argc, char **argv, emu_out *out)
{
    (void)argc, (void)argv;
    emu_out_printf(out, "%s\n", c->root ? "root" : "user");
    return 0;
}

static int cmd_id(emu_context *c, int argc, char **argv, emu_out *out)
{
    sh_exec *ex = EX(c);
    char which = 0; /* 'u', 'g' or 'G': one field only */
    int names = 0;
    int root = c->root; /* a named user: the lines of that user's own shell */
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-') {
            if (strcmp(a, "user") && strcmp(a, "root")) {
                emu_out_printf(ex->err, "id: '");
                emu_out_write_visible(ex->err, a, strlen(a));
                emu_out_printf(ex->err, "': no such user\n");
                return 1;
            }
            root = !strcmp(a, "root");
            continue;
        }
        for (const char *f = a + 1; *f; f++) {
            if (*f == 'u' || *f == 'g' || *f == 'G') {
                if (which && which != *f) {
                    emu_out_printf(ex->err, "id: cannot print \"only\" of more than one choice\n");
                    return 1;
                }
                which = *f;
            } else if (*f == 'n')
                names = 1;
            else {
                emu_out_printf(ex->err, "id: invalid option -- '");
                emu_out_write_visible(ex->err, f, 1);
                emu_out_printf(ex->err, "'\nTry 'id --help' for more information.\n");
                return 1;
            }
        }
    }
    if (names && !which) {
        emu_out_printf(ex->err, "id: printing only names or real IDs requires -u, -g, or -G\n");
        return 1;
    }
    const char *name = root ? "root" : "user";
    if (which == 'u' || which == 'g')
        emu_out_printf(out, "%s\n", names ? name : root ? "0" : "1000");
    else if (which == 'G')
        emu_out_printf(out, "%s\n", root ? (names ? "root" : "0") : names ? "user sudo" : "1000 27");
    else if (root)
        emu_out_printf(out, "uid=0(root) gid=0(root) groups=0(root)\n");
    else
        emu_out_printf(out, "uid=1000(user) gid=1000(user) groups=1000(user),27(sudo)\n");
    return 0;
}

static int entry_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Prints names the way GNU ls -C does on an 80-column terminal: as many columns as fit, filled
 * top to bottom, each as wide as its longest name plus two spaces. one_per_line: ls -1. */
static void ls_columns(emu_out *out, char **names, size_t n, int one_per_line)
{
    if (n == 0)
        return;
    size_t cols = 1, rows = n;
    if (!one_per_line) {
        for (size_t try_cols = n; try_cols >= 1; try_cols--) {
            size_t try_rows = (n + try_cols - 1) / try_cols;
            size_t total = 0;
            for (size_t c = 0; c < try_cols; c++) {
                size_t width = 0;
                for (size_t r = 0; r < try_rows && c * try_rows + r < n; r++) {
                    size_t len = strlen(names[c * try_rows + r]);
                    if (len > width)
                        width = len;
                }
                total += width + (c + 1 < try_cols ? 2 : 0);
            }
            if (total <= 80 || try_cols == 1) {
                cols = try_cols;
                rows = try_rows;
                break;
            }
        }
    }
    for (size_t r = 0; r < rows; r++) {
        for (size_t c = 0; c < cols; c++) {
            size_t i = c * rows + r;
            if (i >= n)
                break;
            size_t width = 0;
            for (size_t k = 0; k < rows && c * rows + k < n; k++)
                if (strlen(names[c * rows + k]) > width)
                    width = strlen(names[c * rows + k]);
            int last = c + 1 == cols || i + rows >= n;
            emu_out_write_visible(out, names[i], strlen(names[i]));
            if (!last)
                emu_out_printf(out, "%*s", (int)(width - strlen(names[i]) + 2), "");
        }
        emu_out_write(out, "\n", 1);
    }
}

static int cmd_ls(emu_context *c, int argc, char **argv, emu_out *out)
{
    sh_exec *ex = EX(c);
    int one_per_line = 0, all = 0, nfiles = 0, status = 0, long_list = 0, dir_itself = 0;
    for (int i = 1; i < argc; i++) {
        if (argv[i][0] != '-' || !argv[i][1]) {
            nfiles++;
            continue;
        }
        for (const char *f = argv[i] + 1; *f; f++) {
            if (*f == '1')
                one_per_line = 1;
            else if (*f == 'a' || *f == 'A')
                all = 1;
            else if (*f == 'd')
                dir_itself = 1; /* -d: a directory as itself, one line, not its entries */
            else if (*f == 'l' || *f == 'h' || *f == 't' || *f == 'r')
                long_list |= *f == 'l'; /* -h, -t, -r: the long listing's usual company */
            else {
                emu_out_printf(ex->err, "ls: invalid option -- '");
                emu_out_write_visible(ex->err, f, 1);
                emu_out_printf(ex->err, "'\n(this simulated ls knows -1, -a, -d and -l)\n"
                                        "Try 'ls --help' for more information.\n");
                return 2;
            }
        }
    }
    (void)all;
    if (long_list) {
        /* the long listing (tools/ls_long.c): each path absolute, with the name as typed */
        static char abs[16][SH_PATH_MAX];
        char *largv[34];
        int largc = 0;
        largv[largc++] = argv[0];
        if (dir_itself)
            largv[largc++] = (char *)"-d";
        for (int i = 1; i < argc || (nfiles == 0 && i == argc); i++) {
            const char *path = i < argc ? argv[i] : ".";
            if (i < argc && argv[i][0] == '-' && argv[i][1])
                continue;
            if (largc + 2 > 33)
                break;
            int k = (largc - 1 - dir_itself) / 2;
            if (sh_path_resolve(ex->frame, path, abs[k], sizeof abs[k]) != 0)
                snprintf(abs[k], sizeof abs[k], "%s", path);
            largv[largc++] = abs[k];
            largv[largc++] = (char *)path;
            if (i == argc)
                break;
        }
        largv[largc] = NULL;
        return emu_ls_long(c, largc, largv, out);
    }
    emu_out listing;
    emu_out_init(&listing, 0);
    int shown = 0;
    for (int i = 1; i < argc || (nfiles == 0 && i == argc); i++) {
        const char *path = i < argc ? argv[i] : ".";
        if (i < argc && argv[i][0] == '-' && argv[i][1])
            continue;
        emu_out_reset(&listing);
        emu_file_kind kind = sh_file(ex, path, &listing);
        if (kind == EMU_FILE_NONE) {
            emu_out_printf(ex->err, "ls: cannot access '");
            put_visible(ex->err, path);
            emu_out_printf(ex->err, "': No such file or directory\n");
            status = 2;
            if (i == argc)
                break;
            continue;
        }
        if (nfiles > 1 && kind == EMU_FILE_DIR && !dir_itself)
            emu_out_printf(out, "%s%s:\n", shown++ ? "\n" : "", path);
        if (kind == EMU_FILE_REGULAR || dir_itself) {
            put_visible(out, path);
            emu_out_write(out, "\n", 1);
        } else {
            /* the entries, sorted: one a line into a pipe, else in columns as on a terminal */
            char *text = listing.text;
            char *names[512];
            size_t n = 0;
            for (char *p = text; p && *p && n < 512;) {
                char *nl = strchr(p, '\n');
                if (nl)
                    *nl = '\0';
                if (*p)
                    names[n++] = p;
                p = nl ? nl + 1 : p + strlen(p);
            }
            qsort(names, n, sizeof names[0], entry_cmp);
            ls_columns(out, names, n, one_per_line || ex->to_pipe);
        }
        if (i == argc)
            break;
    }
    emu_out_free(&listing);
    return status;
}

/* ---- which, type, sudo, true, false ------------------------------------------------------- */

static int is_bash_builtin(const char *name)
{
    static const char *const names[] = {"cd", "echo", "exit", "export", "help", "history",
                                        "logout", "pwd", "true", "false", "type", "unset"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(name, names[i]) == 0)
            return 1;
    return 0;
}

static int cmd_which(emu_context *c, int argc, char **argv, emu_out *out)
{
    sh_exec *ex = EX(c);
    int status = argc > 1 ? 0 : 1;
    for (int i = 1; i < argc; i++) {
        const emu_command *cmd = sh_find_command(ex->shell, argv[i]);
        if (!cmd || (is_bash_builtin(argv[i]) && strcmp(argv[i], "echo") != 0 &&
                     strcmp(argv[i], "pwd") != 0 && strcmp(argv[i], "true") != 0 &&
                     strcmp(argv[i], "false") != 0)) {
            status = 1;
            continue;
        }
        emu_out_printf(out, "/usr/bin/%s\n", cmd->name);
    }
    return status;
}

static int cmd_type(emu_context *c, int argc, char **argv, emu_out *out)
{
    EMU_FULL_MODULE_ONLY(); /* no lab's line nor lab golden runs type: the full module's (full_only.h) */
    sh_exec *ex = EX(c);
    int status = 0;
    for (int i = 1; i < argc; i++) {
        const emu_command *cmd = sh_find_command(ex->shell, argv[i]);
        if (!cmd) {
            emu_out_printf(ex->err, "bash: type: ");
            put_visible(ex->err, argv[i]);
            emu_out_printf(ex->err, ": not found\n");
            status = 1;
        } else if (is_bash_builtin(argv[i]))
            emu_out_printf(out, "%s is a shell builtin\n", cmd->name);
        else
            emu_out_printf(out, "%s is /usr/bin/%s\n", cmd->name, cmd->name);
    }
    return status;
}

static int cmd_sudo(emu_context *c, int argc, char **argv, emu_out *out)
{
    sh_exec *ex = EX(c);
    int i = 1;
    while (i < argc && (strcmp(argv[i], "-E") == 0 || strcmp(argv[i], "-n") == 0 ||
                        strcmp(argv[i], "--") == 0))
        i++;
    /* a root shell: `sudo -i`, `sudo -s`, `sudo su [-]`, `sudo bash`; `exit` leaves it */
    int login = i < argc && (!strcmp(argv[i], "-i") || !strcmp(argv[i], "-s"));
    if (login || (i < argc && (!strcmp(argv[i], "su") || !strcmp(argv[i], "bash")) &&
                  (i + 1 == argc || (i + 2 == argc && !strcmp(argv[i + 1], "-"))))) {
        if (i + 1 < argc && login) {
            emu_out_printf(ex->err, "sudo: %s with a command is not simulated: run sudo COMMAND\n", argv[i]);
            return 1;
        }
        if (!ex->frame->interactive) /* `ssh NODE sudo -i`: no terminal, nothing to read */
            return 0;
        if (!sh_frame_push(ex->shell, ex->frame->node, 1)) {
            emu_out_printf(ex->err, "sudo: out of memory\n");
            return 1;
        }
        sh_frame *f = sh_frame_current(ex->shell);
        f->root = 1;
        f->sudo_shell = 1;
        sh_var_set(f, "USER", "root", 1);
        sh_var_set(f, "LOGNAME", "root", 1);
        snprintf(f->cwd, sizeof f->cwd, "%s", ex->frame->cwd);
        return 0;
    }
    if (i < argc && argv[i][0] == '-') {
        emu_out_printf(ex->err, "sudo: %s is not supported here: run sudo COMMAND, or sudo -i for a "
                                "root shell\n",
                       argv[i]);
        return 1;
    }
    if (i >= argc) {
        emu_out_printf(ex->err, "usage: sudo [-En] [VAR=value ...] command [arg ...]\n");
        return 1;
    }
    /* sudo takes VAR=value before the command, as env does; the command runs as root */
    int was_root = ex->root;
    ex->root = 1;
    int status = cmd_env(c, argc - i + 1, argv + i - 1, out);
    ex->root = was_root;
    return status;
}

static int cmd_true(emu_context *c, int argc, char **argv, emu_out *out)
{
    (void)c, (void)argc, (void)argv, (void)out;
    return 0;
}

static int cmd_false(emu_context *c, int argc, char **argv, emu_out *out)
{
    (void)c, (void)argc, (void)argv, (void)out;
    return 1;
}

/* ---- the table ---------------------------------------------------------------------------- */

static const char *const grep_flags[] = {"-i", "-v", "-E", "-F", "-c", "-n", "-o", "-w", "-q",
                                         "-l", "-L", "-m", "-h", "-H", "-e", "-A", "-B", "-C",
                                         NULL};
static const char *const lines_flags[] = {"-n", "-c", "-q", "-v", NULL};
static const char *const wc_flags[] = {"-l", "-w", "-c", NULL};
static const char *const sort_flags[] = {"-n", "-r", "-u", "-k", "-t", "-f", "-b", NULL};
static const char *const ssh_flags[] = {"-t", "-T", "-q", "-o", "-l", "-p", NULL};
static const char *const export_flags[] = {"-n", "-p", NULL};
static const char *const echo_flags[] = {"-n", "-e", "-E", NULL};
static const char *const history_flags[] = {"-c", NULL};
static const char *const ls_flags[] = {"-1", "-a", NULL};
static const char *const uniq_flags[] = {"-c", "-d", NULL};
static const char *const cut_flags[] = {"-d", "-f", "-c", "-b", "-s", NULL};
static const char *const hostname_flags[] = {"-s", "-f", NULL};

const emu_command sh_builtins[] = {
    {"awk", sh_cmd_awk, "pick fields and compute over lines (a small awk)",
     EMU_HELP("usage: awk [-F SEP] [-v VAR=VALUE] 'PROGRAM' [FILE ...]\n"
     "  PROGRAM: rules `pattern { action }`, BEGIN { } and END { }. Patterns: /regex/,\n"
     "  $3 > 80, NR > 1, $1 ~ /node0[12]/, && || !. Actions: print, printf, if/else,\n"
     "  var = expr, var += expr, next, exit. Fields $1 ... $NF, NR, FNR, NF. Builtins:\n"
     "  length, substr, index, int, tolower, toupper, sprintf. No loops, arrays or user\n"
     "  functions. Numbers print as Debian's awk (mawk) prints them.\n"
     "  e.g. nvidia-smi --query-gpu=index,clocks.sm --format=csv,noheader | awk -F, '$2+0 < 1900'\n"
     "       tail -q -n 1 logs/rank-*.log | awk '{print $2, $9}'\n"),
     NULL, .cost = EMU_COST_INSTANT},
    {"cat", sh_cmd_cat, "print simulated files (or standard input)",
     EMU_HELP("usage: cat [FILE ...]\n  Prints each FILE (train.log, logs/rank-NN.log ...), or standard "
     "input when there is none.\n"),
     NULL, .cost = EMU_COST_INSTANT},
    {"cd", cmd_cd, "change the working folder",
     EMU_HELP("usage: cd [DIR | - | ~]\n  Without DIR, goes to the home folder /home/user.\n"), NULL, .cost = EMU_COST_INSTANT},
    {"clear", cmd_clear, "clear the screen (also Ctrl-L)", EMU_HELP("usage: clear\n"), NULL, .cost = EMU_COST_INSTANT},
    {"cut", sh_cmd_cut, "print selected fields of each line",
     EMU_HELP("usage: cut -d DELIM -f LIST [-s] [FILE ...] | cut -c LIST [FILE ...]\n  LIST: N, N-M, N- or -M, separated by commas "
     "(e.g. -d, -f1,3 on csv output).\n  -c (or -b): character positions; -s: skip lines without DELIM.\n"),
     cut_flags, .cost = EMU_COST_INSTANT},
    {"echo", cmd_echo, "print the arguments",
     EMU_HELP("usage: echo [-neE] [ARG ...]\n  -n  no trailing newline\n  -e  interpret \\n, \\t, \\\\ "
     "and \\c\n"),
     echo_flags, .cost = EMU_COST_INSTANT},
    {"env", cmd_env, "print the environment, or run a command with more variables",
     EMU_HELP("usage: env [NAME=VALUE ...] [COMMAND [ARG ...]]\n  Without COMMAND, prints the exported "
     "variables.\n"),
     NULL, .cost = EMU_COST_INSTANT},
    {"exit", cmd_exit, "leave this shell (after ssh NODE: back to the previous node)",
     EMU_HELP("usage: exit [N]\n  In a shell opened by `ssh NODE`, returns to the node you came from.\n"),
     NULL, .cost = EMU_COST_INSTANT},
    {"export", cmd_export, "export variables to the commands you run",
     EMU_HELP("usage: export [-n] [NAME[=VALUE] ...] | export -p\n  Exported variables (e.g. "
     "NCCL_DEBUG=INFO) reach every later command; VAR=value COMMAND sets one for one command.\n"),
     export_flags, .cost = EMU_COST_INSTANT},
    {"false", cmd_false, "do nothing, unsuccessfully (exit status 1)", EMU_HELP("usage: false\n"), NULL, .cost = EMU_COST_INSTANT},
    {"grep", sh_cmd_grep, "print lines that match a pattern",
     EMU_HELP("usage: grep [-ivEFcnowqlLhH] [-m N] [-A N] [-B N] [-C N] [-e] PATTERN [FILE ...]\n"
     "  -i  ignore case            -v  print lines that do not match\n"
     "  -E  extended regex (a|b)   -F  fixed string\n"
     "  -c  count matching lines   -n  number the lines\n"
     "  -o  print only the match   -w  match whole words\n"
     "  -q  quiet: exit status only   -m N  stop after N matching lines\n"
     "  -l/-L  names of the files with/without a match\n"
     "  -h/-H  without/with file names\n"
     "  -A N, -B N, -C N  N lines of context after, before, around each match\n"
     "  Exit status: 0 a line matched, 1 none, 2 error.\n"),
     grep_flags, .cost = EMU_COST_INSTANT},
    {"head", sh_cmd_head, "print the first lines",
     EMU_HELP("usage: head [-n N | -N | -c N] [-q|-v] [FILE ...]\n  Prints the first N lines (10 by default); -n -N: "
     "all but the last N.\n  -c N: the first N bytes (-c -N: all but the last N).\n"
     "  -q: no ==> FILE <== headers; -v: always headers.\n"),
     lines_flags, .cost = EMU_COST_INSTANT},
    {"help", cmd_help, "list every command, or show one command's usage",
     EMU_HELP("usage: help [CMD ...]\n"), NULL, .cost = EMU_COST_INSTANT},
    {"history", cmd_history, "list the commands typed in this session",
     EMU_HELP("usage: history [-c] [N]\n  N: only the last N lines; -c: clear the list. Up/Down recall "
     "them on the command line.\n"),
     history_flags, .cost = EMU_COST_INSTANT},
    {"hostname", cmd_hostname, "print the name of the node you are on",
     EMU_HELP("usage: hostname [-s|-f]\n"), hostname_flags, .cost = EMU_COST_INSTANT},
    {"id", cmd_id, "print the user's identity (uid, gid, groups)",
     EMU_HELP("usage: id [-u|-g|-G [-n]] [USER]\n"), NULL, .cost = EMU_COST_INSTANT},
    {"less", sh_cmd_cat, "show a file (no pager here: the whole file is printed)",
     EMU_HELP("usage: less FILE\n  This terminal is line-oriented, so less prints the file as it does "
     "into a pipe;\n  use head, tail and grep to look at parts of it.\n"),
     NULL, .cost = EMU_COST_INSTANT},
    {"logout", cmd_exit, "leave this shell (same as exit)", EMU_HELP("usage: logout\n"), NULL, .cost = EMU_COST_INSTANT},
    {"ls", cmd_ls, "list a folder of the simulated file system",
     EMU_HELP("usage: ls [-1a] [PATH ...]\n"), ls_flags, .cost = EMU_COST_INSTANT},
    {"more", sh_cmd_cat, "show a file (no pager here: the whole file is printed)",
     EMU_HELP("usage: more FILE\n"), NULL, .cost = EMU_COST_INSTANT},
    {"pwd", cmd_pwd, "print the working folder", EMU_HELP("usage: pwd\n"), NULL, .cost = EMU_COST_INSTANT},
    {"sort", sh_cmd_sort, "sort lines",
     EMU_HELP("usage: sort [-nrufb] [-k N[,M][nrfb] ...] [-t C] [FILE ...]\n"
     "  -n  numeric   -r  reverse   -u  unique   -f  ignore case   -b  skip leading blanks\n"
     "  -k N[,M]  sort on fields N to M (several -k: one after the other; flags after a key\n"
     "            apply to it, e.g. -k3,3nr)   -t C  fields separated by C (default: blanks)\n"),
     sort_flags, .cost = EMU_COST_INSTANT},
    {"ssh", cmd_ssh, "log in to another node, or run a command there",
     EMU_HELP("usage: ssh NODE [COMMAND ...]\n  ssh node02              opens a shell on node02 (exit "
     "returns)\n  ssh node02 nvidia-smi   runs one command there\n  Quote a pipe to run it "
     "remotely: ssh node02 'dmesg | grep -i xid'\n"),
     ssh_flags, .cost = EMU_COST_INSTANT},
    {"sudo", cmd_sudo, "run a command as root (repairs need it)",
     EMU_HELP("usage: sudo COMMAND [ARG ...]\n       sudo -i   (a root shell; exit leaves it)\n"), NULL,
     .cost = EMU_COST_INSTANT},
    {"tail", sh_cmd_tail, "print the last lines",
     EMU_HELP("usage: tail [-n N | -N | -n +N | -c N] [-q|-v] [FILE ...]\n  Prints the last N lines (10 by default); "
     "+N: from line N on;\n  -c N: the last N bytes (-c +N: from byte N on).\n  -q: no ==> FILE <== headers; -v: always headers.\n  The training log grows as simulated time passes: run tail again "
     "to see new steps.\n"),
     lines_flags, .cost = EMU_COST_INSTANT},
    {"tee", sh_cmd_tee, "pass standard input through (files cannot be written here)",
     EMU_HELP("usage: tee [FILE ...]\n  The simulated file system takes no writes: each FILE is an error, "
     "the input still passes.\n"),
     NULL, .cost = EMU_COST_INSTANT},
    {"true", cmd_true, "do nothing, successfully (exit status 0)", EMU_HELP("usage: true\n"), NULL, .cost = EMU_COST_INSTANT},
    {"type", cmd_type, "say what a command name is", EMU_HELP("usage: type NAME ...\n"), NULL, .cost = EMU_COST_INSTANT},
    {"uniq", sh_cmd_uniq, "drop repeated adjacent lines",
     EMU_HELP("usage: uniq [-c] [-d] [FILE]\n  -c  prefix each line with its count\n  -d  only "
     "repeated lines\n"),
     uniq_flags, .cost = EMU_COST_INSTANT},
    {"unset", cmd_unset, "remove variables", EMU_HELP("usage: unset NAME ...\n"), NULL, .cost = EMU_COST_INSTANT},
    {"wc", sh_cmd_wc, "count lines, words and bytes",
     EMU_HELP("usage: wc [-lwc] [FILE ...]\n  -l lines  -w words  -c bytes\n"), wc_flags, .cost = EMU_COST_INSTANT},
    {"which", cmd_which, "print where a command lives", EMU_HELP("usage: which NAME ...\n"), NULL, .cost = EMU_COST_INSTANT},
    {"whoami", cmd_whoami, "print the user name", EMU_HELP("usage: whoami\n"), NULL, .cost = EMU_COST_INSTANT},
};
const size_t sh_builtin_count = sizeof sh_builtins / sizeof sh_builtins[0];

/* The table is in alphabetical order, so `help` reads like an index. */
const emu_command *sh_builtin_find(const char *name)
{
    /* the first byte first: a loop body asks for its commands 10,000 times in one line */
    for (size_t i = 0; i < sh_builtin_count; i++)
        if (sh_builtins[i].name[0] == name[0] && strcmp(sh_builtins[i].name, name) == 0)
            return &sh_builtins[i];
    return NULL;
}

const emu_command *emu_shell_builtin_at(size_t index)
{
    return index < sh_builtin_count ? &sh_builtins[index] : NULL;
}
