/* sysfs.c: the /sys paths operators read first, from the model: /sys/module (the loaded kernel
 * modules, host.h), /sys/kernel/mm/memory_peers (the peer-memory clients GPUDirect RDMA needs:
 * nv_mem while nvidia_peermem is loaded), /sys/bus/pci/devices/BDF (PCIe link speed and width,
 * NUMA node) for the GPUs and adapters, /sys/class/infiniband/DEV/ports/1 and /sys/class/net. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "out.h"
#include "tools.h"
#include "model/host.h"
#include "model/world.h"

/* "32.0 GT/s PCIe" for a PCIe generation, as the kernel prints current_link_speed. */
static const char *gts(int gen)
{
    return gen >= 6 ? "64.0 GT/s PCIe" : gen == 5 ? "32.0 GT/s PCIe" : gen == 4 ? "16.0 GT/s PCIe"
         : gen == 3 ? "8.0 GT/s PCIe" : "5.0 GT/s PCIe";
}

/* The lowercase sysfs name of a GPU's or an adapter's address: "0000:1b:00.0". */
static void sysfs_bdf(const char *bus_id, char *buf, size_t size)
{
    const char *p = strlen(bus_id) > 12 ? bus_id + strlen(bus_id) - 12 : bus_id;
    snprintf(buf, size, "%s", p);
    for (char *q = buf; *q; q++)
        if (*q >= 'A' && *q <= 'F')
            *q += 32;
}

/* Lists entries one a line; a trailing '/' marks directories. */
static int dir(emu_out *out, const char *entries)
{
    if (out)
        emu_out_printf(out, "%s", entries);
    return 2;
}

static int file(emu_out *out, const char *text)
{
    if (out)
        emu_out_printf(out, "%s\n", text);
    return 1;
}

static int pci_device(const emu_world *w, const emu_node *n, const char *rest, emu_out *out)
{
    char bdf[24], num[48];
    for (int k = 0; k < n->n_gpus + n->n_hcas; k++) {
        bool gpu = k < n->n_gpus;
        const emu_gpu *g = gpu ? &n->gpus[k] : NULL;
        const emu_hca *h = gpu ? NULL : &n->hcas[k - n->n_gpus];
        sysfs_bdf(gpu ? g->bus_id : h->bus_id, bdf, sizeof bdf);
        size_t len = strlen(bdf);
        if (strncmp(rest, bdf, len) || (rest[len] && rest[len] != '/'))
            continue;
        const char *f = rest[len] ? rest + len + 1 : "";
        int width = gpu ? (g->pcie_width > 0 ? g->pcie_width : 16) : h->pcie_width;
        int gen = gpu ? w->spec->pcie_gen : h->pcie_gen, max_gen = gpu ? w->spec->pcie_gen : h->pcie_max_gen;
        if (!*f)
            return dir(out, "current_link_speed\ncurrent_link_width\ndevice\nlocal_cpulist\n"
                            "max_link_speed\nmax_link_width\nnuma_node\nvendor\n");
        int numa = gpu ? g->numa_node : h->numa_node;
        if (!strcmp(f, "current_link_speed"))
            return file(out, gts(gen));
        if (!strcmp(f, "max_link_speed"))
            return file(out, gts(max_gen));
        if (!strcmp(f, "current_link_width") || !strcmp(f, "max_link_width")) {
            snprintf(num, sizeof num, "%d", f[0] == 'c' ? width : 16);
            return file(out, num);
        }
        if (!strcmp(f, "numa_node")) {
            snprintf(num, sizeof num, "%d", numa);
            return file(out, num);
        }
        if (!strcmp(f, "local_cpulist"))
            return file(out, n->numa[numa < n->n_numa ? numa : 0].cpus);
        if (!strcmp(f, "vendor"))
            return file(out, gpu ? "0x10de" : "0x15b3");
        if (!strcmp(f, "device")) {
            snprintf(num, sizeof num, "0x%s", gpu ? w->spec->device_id : "1021");
            return file(out, num);
        }
        return 0;
    }
    return 0;
}

int emu_sysfs_file(emu_world *w, int node, const char *path, emu_out *out)
{
    const emu_node *n = &w->nodes[node];
    const char *p = path + 4; /* after "/sys" */
    char buf[160];
    if (!*p)
        return dir(out, "bus/\nclass/\nkernel/\nmodule/\n");
    if (!strcmp(p, "/module")) {
        for (int i = 0; out && emu_module_at(i); i++)
            if (emu_module_loaded(w, node, emu_module_at(i)))
                emu_out_printf(out, "%s/\n", emu_module_at(i)->name);
        return 2;
    }
    if (!strncmp(p, "/module/", 8)) {
        const char *name = p + 8, *slash = strchr(name, '/');
        snprintf(buf, sizeof buf, "%.*s", (int)(slash ? (size_t)(slash - name) : strlen(name)), name);
        const emu_module *m = emu_module_find(buf);
        if (!m || strcmp(m->name, buf) || !emu_module_loaded(w, node, m))
            return 0;
        if (!slash)
            return dir(out, emu_module_params_file(w, node, m->name, "", NULL)
                                ? "coresize\nholders/\ninitstate\nparameters/\nrefcnt\nsrcversion\ntaint\n"
                                : "coresize\nholders/\ninitstate\nrefcnt\nsrcversion\ntaint\n");
        if (!strncmp(slash, "/parameters", 11) && (!slash[11] || slash[11] == '/'))
            return emu_module_params_file(w, node, m->name, slash + 11, out);
        if (!strcmp(slash, "/initstate"))
            return file(out, "live");
        if (!strcmp(slash, "/refcnt")) {
            snprintf(buf, sizeof buf, "%d", emu_module_refcount(w, node, m));
            return file(out, buf);
        }
        if (!strcmp(slash, "/coresize")) {
            snprintf(buf, sizeof buf, "%ld", m->size_bytes);
            return file(out, buf);
        }
        if (!strcmp(slash, "/taint"))
            return file(out, strncmp(m->name, "nvidia", 6) && strncmp(m->name, "l", 1) ? "" : "OE");
        return 0;
    }
    bool peers = n->peermem_loaded;
    if (!strcmp(p, "/kernel") || !strcmp(p, "/kernel/mm"))
        return dir(out, p[7] ? (peers ? "hugepages/\nmemory_peers/\ntransparent_hugepage/\n"
                                      : "hugepages/\ntransparent_hugepage/\n")
                             : "mm/\n");
    /* the peer-memory clients nvidia-peermem registered: nv_mem, and the legacy one beside it
     * (nv_mem_nc then names the persistent one) with persistent_api_support=0 (repair.h) */
    bool legacy = !n->peermem_persistent_api_support;
    if (!strcmp(p, "/kernel/mm/memory_peers"))
        return peers ? dir(out, legacy ? "nv_mem/\nnv_mem_nc/\n" : "nv_mem/\n") : 0;
    if (!strncmp(p, "/kernel/mm/memory_peers/nv_mem", 30) && peers && (legacy || strncmp(p + 30, "_nc", 3))) {
        const char *f = p + 30 + (legacy && !strncmp(p + 30, "_nc", 3)) * 3;
        if (!*f)
            return dir(out, "num_alloc_mrs\nnum_dealloc_mrs\nnum_reg_bytes\nnum_reg_pages\nversion\n");
        if (!strcmp(f, "/version"))
            return file(out, w->driver_version);
        if (!strncmp(f, "/num_", 5)) { /* registrations of GPU memory by the job's NCCL */
            int ranks = 0;
            for (int g = 0; g < n->n_gpus; g++)
                ranks += emu_gpu_pid(w, node, g) != 0;
            double regs = strstr(f, "dealloc") ? 0 : ranks * (strstr(f, "bytes") ? 3.2e9 : strstr(f, "pages") ? 49152 : 96);
            snprintf(buf, sizeof buf, "%.0f", regs);
            return file(out, buf);
        }
        return 0;
    }
    if (!strcmp(p, "/bus") || !strcmp(p, "/bus/pci"))
        return dir(out, p[4] ? "devices/\ndrivers/\n" : "pci/\n");
    if (!strcmp(p, "/bus/pci/devices")) {
        for (int k = 0; out && k < n->n_gpus + n->n_hcas; k++) {
            sysfs_bdf(k < n->n_gpus ? n->gpus[k].bus_id : n->hcas[k - n->n_gpus].bus_id, buf, sizeof buf);
            emu_out_printf(out, "%s/\n", buf);
        }
        return 2;
    }
    if (!strncmp(p, "/bus/pci/devices/", 17))
        return pci_device(w, n, p + 17, out);
    if (!strcmp(p, "/class"))
        return dir(out, "infiniband/\nnet/\n");
    if (!strcmp(p, "/class/infiniband") || !strcmp(p, "/class/net")) {
        bool ib = p[7] == 'i';
        for (int h = 0; out && h < n->n_hcas; h++)
            emu_out_printf(out, "%s/\n", ib ? n->hcas[h].name : n->hcas[h].netdev);
        if (out && !ib)
            emu_out_printf(out, "bond0/\nlo/\n");
        return 2;
    }
    for (int h = 0; h < n->n_hcas; h++) {
        const emu_hca *x = &n->hcas[h];
        snprintf(buf, sizeof buf, "/class/infiniband/%s", x->name);
        size_t len = strlen(buf);
        if (!strncmp(p, buf, len)) {
            const char *f = p + len;
            if (!*f)
                return dir(out, "device/\nfw_ver\nnode_desc\nports/\n");
            if (!strcmp(f, "/fw_ver"))
                return file(out, x->fw_ver);
            if (!strcmp(f, "/ports"))
                return dir(out, "1/\n");
            if (!strcmp(f, "/ports/1"))
                return dir(out, "lid\nlink_layer\nphys_state\nrate\nstate\n");
            if (!strcmp(f, "/ports/1/state"))
                return file(out, x->state == EMU_PORT_ACTIVE ? "4: ACTIVE" : x->state == EMU_PORT_INIT ? "2: INIT" : "1: DOWN");
            if (!strcmp(f, "/ports/1/phys_state"))
                return file(out, x->phys_state == EMU_PHYS_LINKUP ? "5: LinkUp" : x->phys_state == EMU_PHYS_POLLING ? "2: Polling" : "3: Disabled");
            if (!strcmp(f, "/ports/1/link_layer"))
                return file(out, x->ethernet ? "Ethernet" : "InfiniBand");
            if (!strcmp(f, "/ports/1/lid")) {
                snprintf(buf, sizeof buf, "0x%x", x->lid);
                return file(out, buf);
            }
            if (!strcmp(f, "/ports/1/rate")) {
                int r = x->rate_gbit_per_s;
                snprintf(buf, sizeof buf, "%d Gb/sec (%dX %s)", r, x->width,
                         r / (x->width > 0 ? x->width : 4) >= 200 ? "XDR" : r / (x->width > 0 ? x->width : 4) >= 100 ? "NDR"
                         : r / (x->width > 0 ? x->width : 4) >= 50 ? "HDR" : "EDR");
                return file(out, buf);
            }
            return 0;
        }
        snprintf(buf, sizeof buf, "/class/net/%s", x->netdev);
        len = strlen(buf);
        if (!strncmp(p, buf, len)) {
            const char *f = p + len;
            if (!*f)
                return dir(out, "device/\nmtu\noperstate\nspeed\n");
            if (!strcmp(f, "/operstate"))
                return file(out, x->state == EMU_PORT_ACTIVE ? "up" : "down");
            if (!strcmp(f, "/mtu"))
                return file(out, x->ethernet ? "9000" : "4092");
            if (!strcmp(f, "/speed")) {
                snprintf(buf, sizeof buf, "%d", x->state == EMU_PORT_ACTIVE ? x->rate_gbit_per_s * 1000 : -1);
                return file(out, buf);
            }
            if (!strcmp(f, "/device"))
                return dir(out, "numa_node\n");
            if (!strcmp(f, "/device/numa_node")) {
                snprintf(buf, sizeof buf, "%d", x->numa_node);
                return file(out, buf);
            }
            return 0;
        }
    }
    return 0;
}
