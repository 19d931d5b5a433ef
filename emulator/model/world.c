/* world.c: building a world from a scenario: the nodes with their GPUs, HCAs, PCIe switches,
 * NUMA nodes and BMCs, the storage and the job, then the faults applied to them; and reading
 * the world (nodes by name, reachability, the clock). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "faults.h"
#include "rng.h"
#include "world.h"

static void build_node(emu_world *w, const emu_scenario *s, int index)
{
    emu_node *n = &w->nodes[index];
    const emu_gpu_spec *spec = w->spec;
    bool h100 = !strcmp(spec->short_name, "H100");
    memset(n, 0, sizeof *n);
    n->index = index;
    snprintf(n->name, sizeof n->name, "node%02d", index + 1);
    snprintf(n->ip, sizeof n->ip, "10.0.0.%u", (unsigned)(11 + index) % 256u);
    snprintf(n->bootstrap_netdev, sizeof n->bootstrap_netdev, "bond0");
    n->bootstrap_rate_gbit_per_s = s->bootstrap_rate_gbit_per_s;
    n->powered_on = true;
    /* booted one to six days before the job started */
    n->boot_time_s = s->start_time_s - s->job_running_s -
                     (86400.0 + floor(5 * 86400.0 * (0.5 + 0.5 * emu_sample_at(w, 0, "boot", index, 0))));
    n->n_gpus = 8;
    n->n_switches = 8;
    n->n_numa = 2;
    n->n_cpus = h100 ? 224 : 256;
    n->n_nvswitches = h100 ? 4 : 6;
    n->fabric_manager_running = true;
    n->peermem_loaded = true;
    n->verbs_available = true;
    for (int i = 0; i < 2; i++) {
        emu_numa *nm = &n->numa[i];
        if (h100)
            snprintf(nm->cpus, sizeof nm->cpus, "%d-%d,%d-%d", i * 56, i * 56 + 55, 112 + i * 56,
                     112 + i * 56 + 55);
        else
            snprintf(nm->cpus, sizeof nm->cpus, "%d-%d,%d-%d", i * 64, i * 64 + 63, 128 + i * 64,
                     128 + i * 64 + 63);
        nm->n_cpus = n->n_cpus / 2;
        nm->size_mb = h100 ? 1031754 + i * 419 : 515524 + i * 330;
        nm->free_mb = nm->size_mb * (0.62 + 0.05 * emu_sample_at(w, 0, "numa-free", index, i));
    }
    for (int i = 0; i < 8; i++) {
        emu_pcie_switch *sw = &n->switches[i];
        snprintf(sw->bus, sizeof sw->bus, "%s", emu_layout_switch_bus(i));
        sw->numa_node = i / 4;
    }
    for (int g = 0; g < 8; g++) {
        emu_gpu *gpu = &n->gpus[g];
        gpu->index = g;
        snprintf(gpu->bus_id, sizeof gpu->bus_id, "00000000:%s:00.0",
                 emu_layout_gpu_bus(spec, g));
        uint64_t u1 = emu_hash(w->seed, "uuid", (uint64_t)index, (uint64_t)g);
        uint64_t u2 = emu_hash(w->seed, "uuid2", (uint64_t)index, (uint64_t)g);
        snprintf(gpu->uuid, sizeof gpu->uuid, "GPU-%08x-%04x-%04x-%04x-%012llx",
                 (unsigned)(u1 >> 32), (unsigned)((u1 >> 16) & 0xffff), (unsigned)(u1 & 0xffff),
                 (unsigned)(u2 >> 48), (unsigned long long)(u2 & 0xffffffffffffull));
        snprintf(gpu->serial, sizeof gpu->serial, "165%010llu",
                 (unsigned long long)(emu_hash(w->seed, "serial", (uint64_t)index, (uint64_t)g) %
                                      10000000000ull));
        gpu->numa_node = g / 4;
        gpu->pcie_switch = g;
        gpu->pcie_width = 16;
        gpu->inlet_temp_c = 27.0 + 2.0 * emu_sample_at(w, 0, "inlet", index, g);
        gpu->thermal_c_per_w = 0.048;
        gpu->power_limit_w = spec->power_limit_w;
        gpu->persistence_mode = true;
        gpu->mem_used_mib = floor(spec->memory_total_mib * (0.86 + 0.02 * emu_sample_at(w, 0, "mem", index, g)));
        gpu->ecc_dram_corrected_agg = 0;
        for (int l = 0; l < spec->nvlinks; l++)
            gpu->links[l].up = true;
    }
    n->n_hcas = EMU_LAYOUT_HCAS;
    int lid_base = 100 + index * 16;
    for (int i = 0; i < EMU_LAYOUT_HCAS; i++) {
        emu_hca *h = &n->hcas[i];
        snprintf(h->name, sizeof h->name, "%s", emu_layout_hcas[i].name);
        snprintf(h->netdev, sizeof h->netdev, "%s", emu_layout_hcas[i].netdev);
        snprintf(h->bus_id, sizeof h->bus_id, "%s", emu_layout_hcas[i].bus);
        h->rail = emu_layout_hcas[i].rail;
        h->compute = h->rail >= 0;
        h->ethernet = !h->compute;
        h->pcie_switch = h->compute ? h->rail : -1;
        h->numa_node = h->compute ? h->rail / 4 : 0;
        h->state = EMU_PORT_ACTIVE;
        h->phys_state = EMU_PHYS_LINKUP;
        h->expected_rate_gbit_per_s = h->compute ? s->hca_rate_gbit_per_s : 100;
        h->rate_gbit_per_s = h->expected_rate_gbit_per_s;
        h->width = 4;
        h->lid = h->ethernet ? 0 : lid_base + h->rail;
        h->sm_lid = h->ethernet ? 0 : 1;
        uint64_t g = emu_hash(w->seed, "guid", (uint64_t)index, (uint64_t)i);
        h->guid = 0xa088c20300000000ull | (g & 0xffffffffull);
        /* one field says which adapter this is (vendor_part_id, the PCI device id in decimal);
         * ibstat's CA type, firmware and lspci's name follow it: ConnectX-7 (4129, firmware
         * 28.x) or ConnectX-6 (4123, 20.x) on the compute rails, ConnectX-6 Dx (4125, 22.x)
         * for the Ethernet storage and front-end ports */
        h->vendor_part_id = h->ethernet ? 4125 : h100 ? 4129 : 4123;
        h->ca_type = h->vendor_part_id == 4125 ? "MT4125" : h->vendor_part_id == 4129 ? "MT4129" : "MT4123";
        snprintf(h->fw_ver, sizeof h->fw_ver, "%s",
                 h->vendor_part_id == 4125 ? "22.39.1002" : h->vendor_part_id == 4129 ? "28.41.1000" : "20.39.1002");
        /* counters since the last clear: a few hours of traffic, no errors */
        double words = 2.5e12 * (1.0 + 0.1 * emu_sample_at(w, 0, "traffic", index, i));
        h->counters.xmit_data = h->counters.rcv_data = (uint64_t)(h->compute ? words : words / 50);
        h->counters.xmit_pkts = h->counters.rcv_pkts = h->counters.xmit_data / 1024;
        h->counters.xmit_wait = (uint64_t)(h->compute ? 1.0e6 * (1.1 + emu_sample_at(w, 0, "xw", index, i)) : 0);
    }
    emu_bmc *b = &n->bmc;
    snprintf(b->address, sizeof b->address, "node%02u-bmc", (unsigned)(index + 1) % 100u);
    snprintf(b->ip, sizeof b->ip, "10.0.100.%u", (unsigned)(11 + index) % 256u);
    b->reachable = true;
    b->reports_power_on = true;
    /* the boot leaves a SEL trail on every node */
    emu_sel *e = &b->sel[b->n_sel++];
    e->time_s = n->boot_time_s - 95;
    snprintf(e->sensor, sizeof e->sensor, "System ACPI Power State ACPI State");
    snprintf(e->event, sizeof e->event, "S5/G2: soft-off");
    e->asserted = true;
    e = &b->sel[b->n_sel++];
    e->time_s = n->boot_time_s - 60;
    snprintf(e->sensor, sizeof e->sensor, "System ACPI Power State ACPI State");
    snprintf(e->event, sizeof e->event, "S0/G0: working");
    e->asserted = true;
}

int emu_world_build(emu_world *w, const emu_catalog *catalog, const emu_scenario *s,
                       uint64_t seed)
{
    memset(w, 0, sizeof *w);
    w->seed_override = seed;
    w->catalog = catalog;
    w->scenario = s;
    w->seed = seed ? seed : s->seed;
    w->start_time_s = s->start_time_s;
    w->now_s = s->start_time_s;
    w->spec = s->spec;
    snprintf(w->cluster_name, sizeof w->cluster_name, "%s", s->cluster_name);
    snprintf(w->kernel_release, sizeof w->kernel_release, "6.8.0-60-generic");
    snprintf(w->driver_version, sizeof w->driver_version, "570.133.20");
    snprintf(w->cuda_version, sizeof w->cuda_version, "12.8");
    snprintf(w->nccl_version, sizeof w->nccl_version, "2.21.5+cuda12.4");
    snprintf(w->dcgm_version, sizeof w->dcgm_version, "3.3.9");
    w->n_nodes = s->n_nodes;
    for (int i = 0; i < w->n_nodes; i++)
        build_node(w, s, i);
    w->n_mounts = s->n_mounts;
    memcpy(w->mounts, s->mounts, sizeof w->mounts);
    for (int i = 0; i < w->n_mounts; i++) {
        emu_mount *m = &w->mounts[i];
        if (!strcmp(m->fstype, "nfs4"))
            snprintf(m->options, sizeof m->options,
                     "rw,relatime,vers=4.1,rsize=1048576,wsize=1048576,namlen=255,hard,proto=tcp,"
                     "timeo=600,retrans=2,sec=sys,local_lock=none");
        else if (!strcmp(m->fstype, "lustre"))
            snprintf(m->options, sizeof m->options, "rw,flock,lazystatfs");
        else {
            snprintf(m->options, sizeof m->options, "rw,relatime");
            snprintf(m->device, sizeof m->device, "nvme%un1", (unsigned)i % 10u);
        }
    }
    w->job = s->job;
    emu_job *j = &w->job;
    if (j->present) {
        j->start_time_s = s->start_time_s - s->job_running_s;
        int r = 0;
        for (int k = 0; k < j->n_nodes; k++)
            for (int g = 0; g < 8 && r < EMU_MAX_RANKS; g++) {
                j->ranks[r].node = j->nodes[k];
                j->ranks[r].gpu = g;
                r++;
            }
        j->world_size = r;
    }
    w->n_faults = s->n_faults;
    memcpy(w->faults, s->faults, sizeof w->faults);
    for (int i = 0; i < w->n_faults; i++)
        emu_fault_apply(w, &w->faults[i]);
    memset(&w->lab, 0, sizeof w->lab);
    w->lab.active = s->has_lab;
    return 0;
}

int emu_world_find_node(const emu_world *world, const char *name)
{
    if (!world || !name)
        return -1;
    for (int i = 0; i < world->n_nodes; i++)
        if (!strcmp(world->nodes[i].name, name))
            return i;
    return -1;
}

bool emu_node_reachable(const emu_world *world, int node)
{
    return world && node >= 0 && node < world->n_nodes && world->nodes[node].powered_on;
}

void emu_world_advance(emu_world *world, double seconds)
{
    if (seconds > 0 && isfinite(seconds))
        world->now_s += seconds;
    world->commands_run++;
}

int emu_job_rank_of(const emu_world *w, int node, int gpu)
{
    if (!w->job.present)
        return -1;
    for (int r = 0; r < w->job.world_size; r++)
        if (w->job.ranks[r].node == node && w->job.ranks[r].gpu == gpu)
            return r;
    return -1;
}
