/* modprobe.c: `modprobe [-r] [-v] MODULE` and `rmmod MODULE`: kernel modules through the model's
 * repairs (model/repair.h); loading nvidia_peermem gives GPUDirect RDMA to the jobs started
 * after it (NCCL decides at its initialisation). */
#include <stdio.h>
#include <string.h>

#include "out.h"
#include "tools.h"
#include "model/host.h"
#include "model/repair.h"
#include "model/world.h"

static int cmd_modprobe(emu_context *c, int argc, char **argv, emu_out *out)
{
    emu_world *w = c->world;
    bool remove = !strcmp(argv[0], "rmmod"), verbose = false, params = false;
    const char *name = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-r") || !strcmp(argv[i], "--remove"))
            remove = true;
        else if (!strcmp(argv[i], "-v") || !strcmp(argv[i], "--verbose"))
            verbose = true;
        else if (argv[i][0] == '-') {
            emu_out_printf(out, "%s: unrecognized option '%s'\n", argv[0], argv[i]);
            return 1;
        } else if (!name)
            name = argv[i];
        else
            params |= strchr(argv[i], '=') != NULL; /* name=value: set at the load (modinfo.c) */
    }
    if (!name) {
        emu_out_printf(out, "%s", remove && !strcmp(argv[0], "rmmod") ? "Usage: rmmod [options] modulename ...\n"
                                                                      : "modprobe: ERROR: missing parameters. See -h.\n");
        return 1;
    }
    const emu_module *m = emu_module_find(name);
    bool loaded = m && emu_module_loaded(w, c->node, m);
    if (!m) {
        if (!strcmp(argv[0], "rmmod"))
            emu_out_printf(out, "rmmod: ERROR: Module %s is not currently loaded\n", name);
        else
            emu_out_printf(out, "modprobe: FATAL: Module %s not found in directory /lib/modules/%s\n",
                           name, w->kernel_release);
        return 1;
    }
    if (remove && !loaded) {
        if (!strcmp(argv[0], "rmmod")) {
            emu_out_printf(out, "rmmod: ERROR: Module %s is not currently loaded\n", m->name);
            return 1;
        }
        return 0;
    }
    if (!remove && loaded)
        return 0; /* modprobe of a loaded module does nothing, silently */
    if (!c->root) { /* the kernel refuses an ordinary user (kmod's words, tools/modprobe.c, rmmod.c) */
        if (!strcmp(argv[0], "rmmod"))
            emu_out_printf(out, "rmmod: ERROR: could not remove module %s: Operation not permitted\n", m->name);
        else
            emu_out_printf(out, "modprobe: ERROR: could not %s '%s': Operation not permitted\n",
                           remove ? "remove" : "insert", m->name);
        return 1;
    }
    if ((params || verbose) && !remove) /* name=value or -v's insmod line: modinfo.c */
        return emu_modprobe_params(c, argc, argv, out);
    if (emu_module_set(w, c->node, m->name, !remove) != EMU_REPAIR_OK) {
        emu_out_printf(out, "%s: FATAL: Module %s is in use.\n", !strcmp(argv[0], "rmmod") ? "rmmod" : "modprobe",
                       m->name);
        return 1;
    }
    return 0;
}

static const char *const modprobe_flags[] = {"-r", "-v", "nvidia_peermem", NULL};

const emu_command emu_cmd_modprobe = {
    "modprobe", cmd_modprobe, "load or unload a kernel module (nvidia_peermem ...)",
    EMU_HELP("usage: sudo modprobe [-r] [-v] MODULE\n  lsmod shows what is loaded. A running job keeps the "
    "transports NCCL chose at its start:\n  a module loaded later helps the next run.\n"),
    modprobe_flags, .cost = EMU_COST_TOOL
};

const emu_command emu_cmd_rmmod = {
    "rmmod", cmd_modprobe, "unload a kernel module", EMU_HELP("usage: sudo rmmod MODULE\n"), NULL,
    .cost = EMU_COST_TOOL
};
