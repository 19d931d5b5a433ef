/* core_stub.c: what the core module (wasm/README.md, "Two modules") runs in place of a tool it
 * does not hold. The core's tool table (written by wasm/core_table.c) gives every such tool
 * this run and, where the tool completes its arguments from the model, this completion; both
 * tell the host, through emw_wants_full (emu_wasm.c), that the line must run in the full module.
 * The host then drops what the core printed for the line, replays the session in the full
 * module and runs the line there, so what is printed here is never seen. */
#include "command.h"

extern int emw_wants_full; /* emu_wasm.c */

int emw_core_wants_full(emu_context *c, int argc, char **argv, emu_out *out);
void emw_core_complete_full(const emu_world *w, int node, int argc, char **argv,
                            emu_out *candidates);

int emw_core_wants_full(emu_context *c, int argc, char **argv, emu_out *out)
{
    (void)c, (void)argc, (void)argv, (void)out;
    emw_wants_full = 1;
    return 0;
}

void emw_core_complete_full(const emu_world *w, int node, int argc, char **argv,
                            emu_out *candidates)
{
    (void)w, (void)node, (void)argc, (void)argv, (void)candidates;
    emw_wants_full = 1;
}
