/* commands.h: the entry points of the `handbook` subcommands that live outside main.c. */
#ifndef HB_COMMANDS_H
#define HB_COMMANDS_H

/* `handbook serve [--port N] [--bind ADDR] ...`: build, serve site/ over HTTP, rebuild on
 * change. argv[0] is "serve". Returns the process exit status (0 ok, 1 content errors at the
 * first build, 2 usage or system error). Defined in serve.c. */
int hb_serve_main(int argc, char **argv);

/* `handbook emu --lab ID | --scenario FILE.yaml [--seed N]`: an emulator session on the
 * terminal, or a transcript when standard input is not a terminal. argv[0] is "emu". Returns
 * the exit status (0 ok, 1 scenario errors, 2 usage). Defined in emu_cli.c. */
int hb_emu_main(int argc, char **argv);

/* `handbook cost [--html] [KEY=VALUE ...]`: the cost guide's calculator (emulator/views/cost.h).
 * argv[0] is "cost". Returns 0, or 2 for bad input. Defined in cost_cli.c. */
int hb_cost_main(int argc, char **argv);

#endif
