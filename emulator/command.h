/* command.h: the interface between the shell and the commands it runs (simulated tools, lab
 * commands, shell builtins). A command reads its arguments, its standard input and the model,
 * and writes text into a bounded output buffer; it never does I/O of its own. */
#ifndef EMU_COMMAND_H
#define EMU_COMMAND_H

#include <stdarg.h>
#include <stddef.h>

typedef struct emu_world emu_world; /* the simulated cluster, job and lab state (model/world.h) */
typedef struct emu_out emu_out;     /* a bounded output buffer (out.h) */
typedef struct emu_context emu_context;

/* Appends len bytes to out. Output past the buffer's bound is dropped and a single
 * "[output truncated]" line is added at the end; writes never fail. */
void emu_out_write(emu_out *out, const char *text, size_t len);
/* printf into out, with the same bound. */
void emu_out_printf(emu_out *out, const char *format, ...) __attribute__((format(printf, 2, 3)));
void emu_out_vprintf(emu_out *out, const char *format, va_list args);

/* What a command sees when it runs. Everything is borrowed for the duration of the call. */
struct emu_context {
    emu_world *world;  /* the model: read it, and advance it only through model.h functions */
    int node;          /* index of the node the command runs on: 0 is node01 */
    const char *input; /* standard input: the previous command's output in a pipe, else "" */
    size_t input_len;
    /* The value of an environment variable as the command sees it (exported variables plus
     * VAR=value prefixes of this command line), or NULL when unset. */
    const char *(*getenv)(const emu_context *context, const char *name);
    void *shell; /* private to the shell */
    /* A drawing beside the console (HTML, e.g. the step timeline's SVG) that a command may write
     * besides its text; the host shows it in a panel (EMU_RESULT_PANEL). NULL when the host has
     * no panel. */
    emu_out *panel;
    int columns; /* the terminal's width in columns when standard output is the terminal and
                    the host told the session its width (emu_session_set_columns), else 0 */
    emu_out *err; /* standard error, NULL: none (a command then writes its errors into out) */
    int root;    /* 1 when the command runs as root (under `sudo`): the shell's user is an
                    ordinary one (the prompt's user@node:~$), and a repair (a kernel module, a
                    power limit, a service, the local BMC, the scheduler) needs root */
};

/* The width a command wraps its prose at: COLUMNS from its environment when that is a number
 * from 1 to 1000 (as ls, ps and man honour it), else context->columns; 0: do not wrap. */
int emu_context_columns(const emu_context *context);

/* Writes len bytes of text for a person to read, each line wrapped at columns (at blanks; a
 * word longer than the width stays whole; continuation lines indented under the text after a
 * line's leading blanks and list marker). join: the lines of a paragraph (text authored with
 * line breaks, a lab's goal) are first joined into one, except lines that start with a blank
 * or a list marker. columns <= 0 writes the text unchanged; widths under 20 wrap at 20.
 * (wrap.c) */
void emu_out_wrap(emu_out *out, int columns, int join, const char *text, size_t len);
/* printf, then emu_out_wrap. */
void emu_out_wrapf(emu_out *out, int columns, int join, const char *format, ...)
    __attribute__((format(printf, 4, 5)));

/* Runs a command. argv[0] is the command name; argv[argc] is NULL. Returns the exit status
 * (0 success, 1 failure, 2 usage error, 127 not found, as a real shell and tool would). */
typedef int (*emu_command_fn)(emu_context *context, int argc, char **argv, emu_out *out);

/* Tab completion of a command's argument from the cluster's state (HCA names after ibstat, lab
 * ids after `lab start` ...). argv: the command and the words typed after it before the one
 * being completed (raw, quotes kept); writes whole candidates one a line into candidates (the
 * shell filters them by the typed prefix), or nothing to let the shell offer the command's
 * flags and file names. */
typedef void (*emu_complete_fn)(const emu_world *world, int node, int argc, char **argv,
                                emu_out *candidates);

/* How long a command takes on the simulated clock: base_s plus up to spread_s of jitter that
 * is deterministic from the seed (model/rng.h: emu_command_seconds). */
typedef struct emu_cost {
    double base_s, spread_s;
} emu_cost;

/* The costs the tools use: lab commands take no time; a tool about as long as on a real node
 * with a person reading its output; the long runners as long as the real tools (dcgmi diag
 * runs for seconds to minutes, DCGM documentation; a full nccl-tests sweep tens of seconds). */
#define EMU_COST_INSTANT {0.0, 0.0}
#define EMU_COST_TOOL {2.0, 3.0}
#define EMU_COST_DCGMI {8.0, 4.0}
#define EMU_COST_NCCL_TEST {20.0, 10.0}

/* A descriptor's help text (the text of `help NAME`): EMU_HELP("usage: ..."). The core
 * WebAssembly module (wasm/README.md, "Two modules") compiles the files of its tools again with
 * EMU_CORE_MODULE (wasm/wasm.mk) and keeps none of these texts: `help NAME` there moves the
 * session to the full module, which prints it (emw_wants_full, wasm/emu_wasm.c). */
#ifdef EMU_CORE_MODULE
extern int emw_wants_full;
#define EMU_HELP(text) (0 ? (text) : (const char *)0)
#else
#define EMU_HELP(text) text
#endif

/* A command's descriptor. Each tool defines its own in its file (tools/), and the table of
 * tools/tools.c lists them; shell builtins have theirs in shell/shell_builtins.c. */
typedef struct emu_command {
    const char *name;          /* what the user types, e.g. "nvidia-smi" */
    emu_command_fn run;
    const char *summary;       /* one line for `help` */
    const char *help;          /* the text of `help NAME`: usage and the supported flags */
    const char *const *flags;  /* flags and subcommands offered by tab completion, NULL-ended */
    emu_cost cost;             /* simulated time per run (tools; builtins take none) */
    emu_complete_fn complete;  /* argument completion from the model, NULL: flags and files */
    const char *free_text;     /* non-NULL: a line typed as NAME [free_text] TEXT... passes TEXT,
                                  the rest of the line, as one argument with its quotes removed
                                  and its ; | & > ( ) kept as words ("": right after the name;
                                  "note": after `NAME note`): `answer`, `snapshot note` */
} emu_command;

#endif
