/* command.h: the interface between the shell and the commands it runs (simulated tools, lab
 * commands, shell builtins). A command reads its arguments, its standard input and the model,
 * and writes text into a bounded output buffer; it never does I/O of its own. */
#ifndef EMU_COMMAND_H
#define EMU_COMMAND_H

#include <stdarg.h>
#include <stddef.h>

typedef struct emu_world emu_world; /* the simulated cluster, job and lab state (model.h) */
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
};

/* Runs a command. argv[0] is the command name; argv[argc] is NULL. Returns the exit status
 * (0 success, 1 failure, 2 usage error, 127 not found, as a real shell and tool would). */
typedef int (*emu_command_fn)(emu_context *context, int argc, char **argv, emu_out *out);

typedef struct emu_command {
    const char *name;          /* what the user types, e.g. "nvidia-smi" */
    emu_command_fn run;
    const char *summary;       /* one line for `help` */
    const char *help;          /* the text of `help NAME`: usage and the supported flags */
    const char *const *flags;  /* flags and subcommands offered by tab completion, NULL-ended */
} emu_command;

#endif
