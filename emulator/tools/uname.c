/* uname.c: `uname [-asnrvmpio]`: the kernel every node runs (the world's kernel_release and
 * kernel_version, the same strings /proc/version and dmesg print). Field order as GNU coreutils
 * src/uname.c prints them; Ubuntu's -a shows the processor and platform too (x86_64 x86_64
 * x86_64 GNU/Linux, as captures show, e.g. yukinakanaka/tetragon-mini#11). */
#include <string.h>

#include "tools.h"
#include "model/world.h"

static int cmd_uname(emu_context *c, int argc, char **argv, emu_out *out)
{
    const emu_world *w = c->world;
    /* bits in coreutils' print order: s n r v m p i o */
    unsigned want = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        static const char *const longs[] = {"--kernel-name", "--nodename", "--kernel-release",
                                            "--kernel-version", "--machine", "--processor",
                                            "--hardware-platform", "--operating-system"};
        if (!strcmp(a, "--all")) {
            want |= 0xff;
            continue;
        }
        int k = 0;
        for (; k < 8 && strcmp(a, longs[k]); k++)
            ;
        if (k < 8) {
            want |= 1u << k;
            continue;
        }
        if (a[0] != '-' || !a[1] || a[1] == '-') {
            emu_out_printf(out, "uname: %s '%.64s'\nTry 'uname --help' for more information.\n",
                           a[0] == '-' ? "unrecognized option" : "extra operand", a);
            return 1;
        }
        for (const char *p = a + 1; *p; p++) {
            const char *pos = strchr("snrvmpio", *p);
            if (*p == 'a')
                want |= 0xff;
            else if (pos)
                want |= 1u << (pos - "snrvmpio");
            else {
                emu_out_printf(out, "uname: invalid option -- '%c'\nTry 'uname --help' for more "
                                    "information.\n", *p);
                return 1;
            }
        }
    }
    if (!want)
        want = 1;
    const char *fields[8] = {"Linux", w->nodes[c->node].name, w->kernel_release, w->kernel_version,
                             "x86_64", "x86_64", "x86_64", "GNU/Linux"};
    bool first = true;
    for (int k = 0; k < 8; k++) {
        if (!(want & (1u << k)))
            continue;
        emu_out_printf(out, "%s%s", first ? "" : " ", fields[k]);
        first = false;
    }
    emu_out_printf(out, "\n");
    return 0;
}

static const char *const uname_flags[] = {"-a", "-r", "-s", "-n", "-v", "-m", "-o", NULL};

const emu_command emu_cmd_uname = {
    "uname", cmd_uname, "the kernel's name, release and version",
    "usage: uname [-a | -s -n -r -v -m -p -i -o]\n  -r the kernel release (what modules are built "
    "for), -a everything\n",
    uname_flags, .cost = EMU_COST_TOOL
};
