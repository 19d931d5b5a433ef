/* shell.h: the simulated bash of the emulator: parsing (quotes, variables, brace and pathname
 * expansion, pipes, lists, redirections, for loops, history expansion), the environment, ssh
 * between nodes, history, the builtins and text filters (grep, head, tail, wc, sort, uniq, cut,
 * a small awk), and tab completion (a command's arguments through its descriptor's complete).
 * The shell knows the cluster only through emu_shell_host and the commands it finds there, so
 * it can run over the real model (session.c) or a test double. */
#ifndef EMU_SHELL_H
#define EMU_SHELL_H

#include <stddef.h>

#include "command.h"

typedef struct emu_shell emu_shell;

/* What a path names in the simulated file system. */
typedef enum emu_file_kind { EMU_FILE_NONE = 0, EMU_FILE_REGULAR, EMU_FILE_DIR } emu_file_kind;

/* The cluster as the shell sees it. Every callback may be NULL (no such facility). */
typedef struct emu_shell_host {
    emu_world *world; /* handed to commands as emu_context.world (borrowed) */
    /* Number of nodes (node01 .. nodeNN); the shell starts on node index 0. */
    int (*node_count)(const emu_world *world);
    /* The cluster's commands (tools and lab commands) by name, or NULL when there is none. */
    const emu_command *(*find)(const char *name);
    /* The cluster's commands by position, for help and completion: NULL past the last one. */
    const emu_command *(*command_at)(size_t index);
    /* Looks up the simulated file or directory at the absolute, normalised `path` on `node`.
     * When out is non-NULL it receives the file's text, or for a directory its entries one a
     * line (a trailing '/' on subdirectories). Returns the kind (EMU_FILE_NONE: no such path). */
    emu_file_kind (*file)(emu_world *world, int node, const char *path, emu_out *out);
    /* Called before each of the cluster's commands runs (not before shell builtins), so the
     * model can advance its simulated clock by what the command's descriptor says it takes. */
    void (*command_started)(emu_world *world, int node, const emu_command *command);
    /* Whether node answers on the network (1) or not (0: its host is off), for ssh. NULL: every
     * node answers. */
    int (*node_up)(const emu_world *world, int node);
    /* 1 when name is a real tool the simulation does not offer: the shell answers "NAME: not
     * simulated in this lab (type help)" instead of bash's "command not found". NULL: none. */
    int (*not_simulated)(const char *name);
    /* Like file, for `tail -n LINES`: out may receive only (at least) the file's last `lines`
     * lines. NULL: the shell reads the whole file with `file`. */
    emu_file_kind (*file_tail)(emu_world *world, int node, const char *path, long lines, emu_out *out);
    /* Handed to commands as emu_context.panel (borrowed; NULL: no panel). */
    emu_out *panel;
} emu_shell_host;

/* Bounds that keep a session small whatever the input (see emu_shell_execute). */
#define EMU_SHELL_HISTORY_MAX 500        /* lines kept by `history` (bash's default HISTSIZE) */
#define EMU_SHELL_HISTORY_LINE_MAX 1024  /* bytes kept of one history line */
#define EMU_SHELL_VARS_MAX 256           /* variables in one shell */
#define EMU_SHELL_VALUE_MAX 4096         /* bytes of one variable's value */
#define EMU_SHELL_VAR_BYTES_MAX 65536    /* bytes of all variables of one shell */
#define EMU_SHELL_SSH_DEPTH_MAX 8        /* nested ssh sessions */
#define EMU_SHELL_CALL_DEPTH_MAX 32      /* commands run by commands (sudo env ssh ...) */
#define EMU_SHELL_STATUS_OVER_BUDGET 124 /* $? of a line stopped by its work budget
                                           (EMU_LINE_STEPS_MAX, emu.h): what `timeout` returns */

/* Creates a shell on node01 as `user` in /home/user. host is copied. Returns NULL when out of
 * memory. Free with emu_shell_free. */
emu_shell *emu_shell_new(const emu_shell_host *host);
void emu_shell_free(emu_shell *shell);

/* Replaces the world (after `lab start` or `lab restart` rebuilt it) and returns to the
 * top-level shell on node01 in the home folder; history and exported variables are kept. */
void emu_shell_set_world(emu_shell *shell, emu_world *world);

/* The terminal's width in columns (0: unknown, the default): commands whose standard output
 * is the terminal wrap their prose at it (emu_context.columns), and the shell sets COLUMNS. */
void emu_shell_set_columns(emu_shell *shell, int columns);

/* Runs one input line (any bytes; NUL bytes are ignored, newlines separate commands like ';').
 * Output, standard error first, goes to out; *flags receives EMU_RESULT_CLEAR,
 * EMU_RESULT_EXIT and EMU_RESULT_STOPPED from emu.h. A line that runs over
 * EMU_LINE_STEPS_MAX stops there with a message and status EMU_SHELL_STATUS_OVER_BUDGET.
 * Returns the exit status of the last command (0-255). */
int emu_shell_execute(emu_shell *shell, const char *line, size_t len, emu_out *out, int *flags);

/* The prompt, e.g. "user@node01:~$ " (owned by the shell, valid until the next execute). */
const char *emu_shell_prompt(emu_shell *shell);

/* Index of the node the shell currently runs on (0 is node01). */
int emu_shell_node(const emu_shell *shell);

/* Tab completion of the last word of line (cursor at its end): commands, node names, flags and
 * subcommands, file names. Writes the candidates into out, sorted, one per line, each the
 * whole replacement of the last word. */
void emu_shell_complete(emu_shell *shell, const char *line, size_t len, emu_out *out);

/* The shell's own commands (builtins and filters) by position, NULL past the last. */
const emu_command *emu_shell_builtin_at(size_t index);

#endif
