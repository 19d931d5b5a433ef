/* modinfo.c: kernel module parameters, in the full WebAssembly module only (the core asks for it:
 * wasm/wasm.mk): `modinfo -p MODULE` (kmod's tools/modinfo.c), /sys/module/NAME/parameters/NAME
 * (sysfs.c hands the path here) and `modprobe MODULE name=value ...` (modprobe.c hands the line
 * here once it found the module unloaded and the caller root). The parameters are those of the
 * modules' sources at the versions the node runs:
 *   nvidia, nvidia_peermem: NVIDIA/open-gpu-kernel-modules at tag 570.133.20 (the driver of
 *     world.c), kernel-open/nvidia/nv-reg.h (the NVreg_ entries in NV_DEFINE_REG_ENTRY order,
 *     module_param(x, int, 0) or charp: no description, no file in sysfs), kernel-open/nvidia/
 *     nv.c (rm_firmware_active), kernel-open/nvidia/linux_nvswitch.c (NvSwitchRegDwords,
 *     NvSwitchBlacklist), kernel-open/nvidia-peermem/nvidia-peermem.c (peerdirect_support 0,
 *     persistent_api_support 1, both S_IRUGO);
 *   mlx5_core: Linux 6.8 drivers/net/ethernet/mellanox/mlx5/core/main.c (debug_mask 0, 0644;
 *     prof_sel MLX5_DEFAULT_PROF 2, 0444).
 * The other modules' parameters are not simulated (modinfo says so). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "out.h"
#include "tools.h"
#include "model/host.h"
#include "model/repair.h"
#include "model/world.h"

typedef struct modparam {
    const char *module, *name, *type;
    const char *desc;            /* MODULE_PARM_DESC, NULL: none */
    int perm;                    /* module_param's permission: 0 has no file in sysfs */
} modparam;

static const modparam params[] = {
    {"nvidia", "NvSwitchRegDwords", "charp", "NvSwitch regkey", 0},
    {"nvidia", "NvSwitchBlacklist", "charp", "NvSwitchBlacklist=uuid[,uuid...]", 0},
    {"nvidia_peermem", "peerdirect_support", "int",
     "Set level of support for Peer-direct, 0 [default] or 1 [legacy, for example MLNX_OFED 4.9 LTS]", 0444},
    {"nvidia_peermem", "persistent_api_support", "int",
     "Set level of support for persistent APIs, 0 [legacy] or 1 [default]", 0444},
    {"mlx5_core", "debug_mask", "uint",
     "debug mask: 1 = dump cmd data, 2 = dump cmd exec time, 3 = both. Default=0", 0644},
    {"mlx5_core", "prof_sel", "uint", "profile selector. Valid range 0 - 2", 0444},
};
/* nvidia's parameters before its two NvSwitch ones, one a line, in their sources' order: the
 * NVreg_ ones (an int, or a charp where the name ends in '*'), then nv.c's rm_firmware_active
 * (charp); none has a description or a sysfs file. Kept as one string: 46 entries of a table
 * cost the full module's size budget (wasm/wasm.mk) several hundred bytes more. */
static const char nvreg[] =
    "ResmanDebugLevel RmLogonRC ModifyDeviceFiles DeviceFileUID DeviceFileGID DeviceFileMode "
    "InitializeSystemMemoryAllocations UsePageAttributeTable EnablePCIeGen3 EnableMSI "
    "EnableStreamMemOPs RestrictProfilingToAdminUsers PreserveVideoMemoryAllocations "
    "EnableS0ixPowerManagement S0ixPowerManagementVideoMemoryThreshold DynamicPowerManagement "
    "DynamicPowerManagementVideoMemoryThreshold EnableGpuFirmware EnableGpuFirmwareLogs "
    "OpenRmEnableUnsupportedGpus EnableUserNUMAManagement MemoryPoolSize KMallocHeapMaxSize "
    "VMallocHeapMaxSize IgnoreMMIOCheck NvLinkDisable EnablePCIERelaxedOrderingMode "
    "RegisterPCIDriver EnableResizableBar EnableDbgBreakpoint EnableNonblockingOpen "
    "RegistryDwords* RegistryDwordsPerDevice* RmMsg* GpuBlacklist* TemporaryFilePath* "
    "ExcludedGpus* DmaRemapPeerMmio RmNvlinkBandwidth* RmNvlinkBandwidthLinkCount "
    "ImexChannelCount CreateImexChannel0 GrdmaPciTopoCheckOverride";
#define N_PARAMS ((int)(sizeof params / sizeof params[0]))

/* Whether the kernel's parameq() takes a for b: '-' and '_' are the same (kernel/params.c). */
static bool param_eq(const char *a, const char *b, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (a[i] != b[i] && !((a[i] == '-' || a[i] == '_') && (b[i] == '-' || b[i] == '_')))
            return false;
    return !b[len];
}

static bool simulated(const char *module)
{
    if (!strcmp(module, "nvidia"))
        return true;
    for (int i = 0; i < N_PARAMS; i++)
        if (!strcmp(params[i].module, module))
            return true;
    return false;
}

/* The value the node's module has now, as sysfs prints it (param_get_int/uint: "%d\n"). */
static int param_value(const emu_world *w, int node, const modparam *p)
{
    const emu_node *n = &w->nodes[node];
    if (!strcmp(p->name, "peerdirect_support"))
        return n->peermem_peerdirect_support;
    if (!strcmp(p->name, "persistent_api_support"))
        return n->peermem_persistent_api_support;
    return !strcmp(p->name, "prof_sel") ? 2 : 0; /* MLX5_DEFAULT_PROF; debug_mask 0 */
}

int emu_module_params_file(const emu_world *w, int node, const char *module, const char *rest,
                           emu_out *out)
{
    bool any = false;
    for (int i = 0; i < N_PARAMS; i++) {
        const modparam *p = &params[i];
        if (strcmp(p->module, module) || !p->perm)
            continue;
        any = true;
        if (!*rest) {
            if (out)
                emu_out_printf(out, "%s\n", p->name);
        } else if (rest[0] == '/' && !strcmp(rest + 1, p->name)) {
            if (out)
                emu_out_printf(out, "%d\n", param_value(w, node, p));
            return 1;
        }
    }
    return any && !*rest ? 2 : 0;
}

/* `modinfo -p MODULE` / `modinfo -F parm MODULE`: name:description (type), or name: (type)
 * without a description (modinfo_params_do()), in the sources' order. */
static int cmd_modinfo(emu_context *c, int argc, char **argv, emu_out *out)
{
    const char *field = NULL, *names[8];
    int n = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-p") || !strcmp(argv[i], "--parameters"))
            field = "parm";
        else if ((!strcmp(argv[i], "-F") || !strcmp(argv[i], "--field")) && i + 1 < argc)
            field = argv[++i];
        else if (!strncmp(argv[i], "--field=", 8))
            field = argv[i] + 8;
        else if (argv[i][0] == '-') {
            emu_out_printf(out, "modinfo: unrecognized option '%s'\n", argv[i]);
            return 1;
        } else if (n < 8)
            names[n++] = argv[i];
    }
    if (!n) {
        emu_out_printf(out, "modinfo: ERROR: missing module or filename.\n");
        return 1;
    }
    int rc = 0;
    for (int i = 0; i < n; i++) {
        const emu_module *m = emu_module_find(names[i]);
        if (!m) {
            emu_out_printf(out, "modinfo: ERROR: Module %s not found.\n", names[i]);
            rc = 1;
            continue;
        }
        if (!field || strcmp(field, "parm") || !simulated(m->name)) {
            emu_out_printf(out, "modinfo %s: not simulated here; modinfo -p nvidia, nvidia_peermem or "
                                "mlx5_core lists their parameters\n", m->name);
            rc = 1;
            continue;
        }
        for (const char *p = nvreg; !strcmp(m->name, "nvidia") && *p;) {
            size_t len = strcspn(p, " *");
            emu_out_printf(out, "NVreg_%.*s: (%s)\n", (int)len, p, p[len] == '*' ? "charp" : "int");
            p += len + (p[len] == '*');
            p += *p == ' ';
        }
        if (!strcmp(m->name, "nvidia"))
            emu_out_printf(out, "rm_firmware_active: (charp)\n");
        for (int k = 0; k < N_PARAMS; k++)
            if (!strcmp(params[k].module, m->name)) {
                if (params[k].desc)
                    emu_out_printf(out, "%s:%s (%s)\n", params[k].name, params[k].desc, params[k].type);
                else
                    emu_out_printf(out, "%s: (%s)\n", params[k].name, params[k].type);
            }
    }
    (void)c;
    return rc;
}

static void modprobe_verbose(const emu_world *w, const emu_module *m, int argc, char **argv, emu_out *out)
{
    /* kmod's print_action(): "insmod PATH OPTIONS", the options joined with spaces (a space
     * before the newline when there are none); the driver's DKMS modules are files with '-'
     * (nvidia-peermem.ko) */
    char file[32];
    snprintf(file, sizeof file, "%s", m->name);
    for (char *p = file; *p && !strncmp(file, "nvidia", 6); p++)
        *p = *p == '_' ? '-' : *p;
    emu_out_printf(out, "insmod /lib/modules/%s/updates/dkms/%s.ko ", w->kernel_release, file);
    for (int i = 1, k = 0; i < argc; i++)
        if (argv[i][0] != '-' && strchr(argv[i], '='))
            emu_out_printf(out, "%s%s", k++ ? " " : "", argv[i]);
    emu_out_printf(out, "\n");
}

/* `modprobe [-v] MODULE [name=value ...]` of a module not loaded, by root (modprobe.c checked).
 * The kernel's parse_args() (kernel/params.c) warns of and ignores a name the module does not
 * have ("unknown parameter ... ignored", in the kernel log), and an int it cannot parse
 * (kstrtoint, base 0) fails the load with EINVAL, as does a value nvidia-peermem's init rejects
 * (nv_mem_param_*_conf_check(): 0 or 1 only); modprobe then says "could not insert". */
int emu_modprobe_params(emu_context *c, int argc, char **argv, emu_out *out)
{
    const char *name = NULL;
    bool verbose = false;
    for (int i = 1; i < argc && !name; i++) {
        if (!strcmp(argv[i], "-v") || !strcmp(argv[i], "--verbose"))
            verbose = true;
        else if (argv[i][0] != '-')
            name = argv[i];
    }
    const emu_module *m = emu_module_find(name);
    if (!m)
        return 1;
    int peerdirect = 0, persistent = 1;
    bool bad = false;
    for (int i = 1; i < argc; i++) {
        const char *eq = strchr(argv[i], '=');
        if (!eq || argv[i] == name)
            continue;
        size_t len = (size_t)(eq - argv[i]);
        const modparam *p = NULL;
        for (int k = 0; k < N_PARAMS && !p; k++)
            if (!strcmp(params[k].module, m->name) && param_eq(argv[i], params[k].name, len))
                p = &params[k];
        if (!p)
            continue;
        char *end = NULL;
        long v = strtol(eq + 1, &end, 0);
        if (!eq[1] || *end || (p->type[0] == 'u' && v < 0))
            bad = true;
        else if (!strcmp(p->name, "peerdirect_support"))
            peerdirect = (int)v;
        else if (!strcmp(p->name, "persistent_api_support"))
            persistent = (int)v;
    }
    if (bad || peerdirect < 0 || peerdirect > 1 || persistent < 0 || persistent > 1) {
        emu_out_printf(out, "modprobe: ERROR: could not insert '%s': Invalid argument\n", m->name);
        return 1;
    }
    if (verbose)
        modprobe_verbose(c->world, m, argc, argv, out);
    if (emu_module_set(c->world, c->node, m->name, true) != EMU_REPAIR_OK)
        return 1;
    emu_peermem_set_params(c->world, c->node, peerdirect, persistent);
    return 0;
}

static const char *const modinfo_flags[] = {"-p", "-F", "nvidia_peermem", "nvidia", "mlx5_core", NULL};

const emu_command emu_cmd_modinfo = {
    "modinfo", cmd_modinfo, "a kernel module's parameters (modinfo -p nvidia_peermem)",
    EMU_HELP("usage: modinfo -p MODULE\n  Their values: /sys/module/MODULE/parameters/. A parameter is "
    "set when the module loads:\n  sudo modprobe -r MODULE; sudo modprobe MODULE name=value.\n"),
    modinfo_flags, .cost = EMU_COST_TOOL
};
