/* nproc.c: `nproc [--all]`: the CPUs this shell may run on (a login shell has every one). */
#include <string.h>

#include "out.h"
#include "tools.h"
#include "model/world.h"

static int cmd_nproc(emu_context *c, int argc, char **argv, emu_out *out)
{
    if (argc > 1 && strcmp(argv[1], "--all") && strncmp(argv[1], "--ignore=", 9)) {
        emu_out_printf(out, "nproc: unrecognized option '%.40s'\nTry 'nproc --help' for more "
                            "information.\n", argv[1]);
        return 1;
    }
    emu_out_printf(out, "%d\n", c->world->nodes[c->node].n_cpus);
    return 0;
}

static const char *const nproc_flags[] = {"--all", NULL};

const emu_command emu_cmd_nproc = {
    "nproc", cmd_nproc, "the number of CPUs available",
    "usage: nproc [--all]\n  A rank's own cpuset (Slurm's --cpus-per-task) shows in "
    "/proc/PID/status: Cpus_allowed_list.\n",
    nproc_flags, .cost = EMU_COST_TOOL
};
