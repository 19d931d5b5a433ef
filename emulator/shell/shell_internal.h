/* shell_internal.h: the shell's state shared by its files (shell.c: parse and run; shell_builtins.c:
 * builtins; shell_filters.c: grep, head, tail, wc, sort, uniq, cut, cat; shell_awk.c: awk;
 * shell_complete.c: completion). */
#ifndef EMU_SHELL_INTERNAL_H
#define EMU_SHELL_INTERNAL_H

#include <stddef.h>

#include "out.h"
#include "shell.h"

#define SH_PATH_MAX 1024
#define SH_HOME "/home/user"
#define SH_USER "user"

typedef struct sh_var {
    char *name;  /* owned */
    char *value; /* owned */
    int exported;
} sh_var;

/* One shell process: the login shell on node01, or one opened by ssh on another node. */
typedef struct sh_frame {
    int node;
    int interactive; /* 1: `ssh NODE` (has a prompt); 0: `ssh NODE command` */
    int exiting;     /* `exit` ran: stop running this frame's commands */
    int root;        /* a root shell (`sudo -i`, `sudo su`; ssh from one): every command as root */
    int sudo_shell;  /* opened by `sudo -i` (exit says logout only) */
    int last_status;
    char cwd[SH_PATH_MAX];
    sh_var vars[EMU_SHELL_VARS_MAX];
    size_t var_count;
    size_t var_bytes; /* bytes of names and values, at most EMU_SHELL_VAR_BYTES_MAX */
} sh_frame;

struct emu_shell {
    emu_shell_host host;
    sh_frame *frames[EMU_SHELL_SSH_DEPTH_MAX + 1]; /* frames[0]: the login shell on node01 */
    int depth;                                     /* index of the current frame */
    char *history[EMU_SHELL_HISTORY_MAX];          /* ring of owned lines */
    size_t history_first, history_count;
    unsigned long history_total; /* lines ever added: the number of the newest is this */
    int stop_line;               /* an interactive `exit` ran: skip the rest of the line */
    int call_depth;              /* commands running inside commands (sudo env sudo ...) */
    int result_flags;            /* EMU_RESULT_* gathered while a line runs */
    unsigned long steps;         /* steps the current line has taken (EMU_SHELL_STEPS_MAX) */
    unsigned long parses;        /* command lines tokenized and checked (sh_run_line), ever:
                                  * a loop's body is parsed once with its line, not per iteration */
    int columns;                 /* the terminal's width (emu_shell_set_columns), 0: unknown */
    char prompt[SH_PATH_MAX + 64];
};

/* One simple command while it runs: what emu_context.shell points at. */
typedef struct sh_exec {
    emu_shell *shell;
    sh_frame *frame;
    char **assign_names; /* VAR=value prefixes of this command (borrowed) */
    char **assign_values;
    size_t assign_count;
    emu_out *err; /* standard error (the line's output, or a discard buffer) */
    int to_pipe;  /* standard output is not the terminal (a pipe or a redirection) */
    int root;     /* the command runs as root: under `sudo` (emu_context.root) */
} sh_exec;

/* The current frame. */
sh_frame *sh_frame_current(emu_shell *shell);

/* Variables of a frame. sh_var_get returns NULL when unset. sh_var_set copies both strings,
 * truncating the value at EMU_SHELL_VALUE_MAX; returns 0, or -1 when the frame is full or
 * memory runs out. */
sh_var *sh_var_find(sh_frame *frame, const char *name);
const char *sh_var_get(sh_frame *frame, const char *name);
int sh_var_set(sh_frame *frame, const char *name, const char *value, int exported);
void sh_var_unset(sh_frame *frame, const char *name);
int sh_is_name(const char *s, size_t len);

/* Runs argv (after expansion) with the given standard input, writing to out; standard error
 * goes to ex->err. Returns the exit status. */
int sh_run_argv(sh_exec *ex, int argc, char **argv, const char *input, size_t input_len,
                emu_out *out);

/* Parses and runs a command line in the current frame (used for the line itself and for
 * `ssh NODE command`): parsed once, loops' bodies included, then run. Returns the exit status. */
int sh_run_line(emu_shell *shell, const char *line, size_t len, emu_out *out);

/* Pushes a frame for node (fresh login environment in the home folder). Returns it, or NULL
 * when the nesting bound is reached or memory runs out. sh_frame_pop frees the current one. */
sh_frame *sh_frame_push(emu_shell *shell, int node, int interactive);
void sh_frame_pop(emu_shell *shell);

/* Number of nodes and a node's name ("node01"); sh_node_parse accepts "node01" and
 * "user@node01" and returns the index, or -1. */
int sh_node_count(const emu_shell *shell);
void sh_node_name(int node, char *buf, size_t size);
int sh_node_parse(const emu_shell *shell, const char *name);

/* Resolves path against the frame's cwd into an absolute, normalised path ("~" is the home).
 * Returns 0, or -1 when the result does not fit. */
int sh_path_resolve(const sh_frame *frame, const char *path, char *abs, size_t size);

/* Looks up a simulated file; writes its text into out when non-NULL. */
emu_file_kind sh_file(sh_exec *ex, const char *path, emu_out *out);
/* The same, where only the last `lines` lines are needed (0: the whole file). */
emu_file_kind sh_file_tail(sh_exec *ex, const char *path, long lines, emu_out *out);

/* The command named name: a builtin, then the cluster's. NULL when there is none. */
const emu_command *sh_find_command(const emu_shell *shell, const char *name);

/* Builtins and filters (shell_builtins.c, shell_filters.c). */
extern const emu_command sh_builtins[];
extern const size_t sh_builtin_count;
const emu_command *sh_builtin_find(const char *name);

/* One input of a filter: standard input ("-" or no file) or a simulated file. */
typedef struct sh_input {
    const char *name; /* for messages and headers; "(standard input)" for stdin */
    const char *text;
    size_t len;
    emu_out buf; /* holds a file's text (sh_input_open) */
    int is_file; /* text is a simulated file's, NUL-terminated at len (not standard input) */
} sh_input;

/* Opens path (NULL or "-": standard input) for the filter `tool`. Returns 0, or prints
 * "tool: path: reason" to the command's standard error and returns -1. Close with
 * sh_input_close (shell_filters.c). */
int sh_input_open(emu_context *c, const char *tool, const char *path, sh_input *in);
/* The same, with a file's text read into file_buf (reset first), which the caller initialised
 * and frees: a filter of many files (grep of 512 rank logs) grows one buffer, not one a file.
 * in->text points into file_buf until its next use. */
int sh_input_open_in(emu_context *c, const char *tool, const char *path, emu_out *file_buf,
                     sh_input *in);
void sh_input_close(sh_input *in);

/* History (shell.c). */
void sh_history_add(emu_shell *shell, const char *line, size_t len);

/* Splits text into lines without their '\n' (a last line without '\n' counts). Calls fn for
 * each; stops early when fn returns nonzero. */
typedef int (*sh_line_fn)(void *data, const char *line, size_t len);
void sh_for_each_line(const char *text, size_t len, sh_line_fn fn, void *data);

#endif
