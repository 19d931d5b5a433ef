/* lsmod.c: `lsmod`, the node's loaded kernel modules (model/host.h) as /proc/modules lists them
 * (procfs.c prints that file from the same list). */
#include <stdio.h>
#include <string.h>

#include "out.h"
#include "tools.h"
#include "model/host.h"

static int cmd_lsmod(emu_context *c, int argc, char **argv, emu_out *out)
{
    (void)argv;
    if (argc > 1) {
        emu_out_printf(out, "Usage: lsmod\n");
        return 1;
    }
    emu_out_printf(out, "Module                  Size  Used by\n");
    for (int i = 0; emu_module_at(i); i++) {
        const emu_module *m = emu_module_at(i);
        if (!emu_module_loaded(c->world, c->node, m))
            continue;
        emu_out_printf(out, "%-19s %8ld  %d", m->name, m->size_bytes,
                       emu_module_refcount(c->world, c->node, m));
        /* the holders that are loaded, comma-separated after one space */
        const char *sep = " ";
        for (const char *h = m->holders; *h; h += strcspn(h, ",") + (h[strcspn(h, ",")] == ',')) {
            char name[32];
            snprintf(name, sizeof name, "%.*s", (int)strcspn(h, ","), h);
            const emu_module *holder = emu_module_find(name);
            if (holder && emu_module_loaded(c->world, c->node, holder)) {
                emu_out_printf(out, "%s%s", sep, name);
                sep = ",";
            }
        }
        emu_out_printf(out, "\n");
    }
    return 0;
}

const emu_command emu_cmd_lsmod = {
    "lsmod", cmd_lsmod, "list the loaded kernel modules (nvidia_peermem, mlx5_ib ...)",
    EMU_HELP("usage: lsmod\n  GPUDirect RDMA needs nvidia_peermem loaded: lsmod | grep peermem.\n"),
    NULL, .cost = EMU_COST_TOOL
};
