/* world.c: building a world from a scenario: the nodes with their GPUs, HCAs, PCIe switches,
 * NUMA nodes and BMCs, the storage and the job, then the faults applied to them; and reading
 * the world (nodes by name, reachability, the clock). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "faults.h"
#include "hca.h"
#include "job.h"
#include "rng.h"
#include "world.h"

/* "0-55,112-167": the hardware threads of NUMA node i of n, two per core, the second of each
 * core numbered after all the first ones (as Linux enumerates SMT siblings on x86). */
static void numa_cpus(int cpus, int n, int i, char *buf, size_t size)
{
    int cores = cpus / 2, per = cores / n;
    snprintf(buf, size, "%d-%d,%d-%d", i * per, i * per + per - 1, cores + i * per, cores + i * per + per - 1);
}

static void build_node(emu_world *w, const emu_scenario *s, int index)
{
    emu_node *n = &w->nodes[index];
    const emu_gpu_spec *spec = w->spec;
    const emu_cluster_desc *c = &w->cluster;
    const emu_layout *l = &w->layout;
    memset(n, 0, sizeof *n);
    n->index = index;
    snprintf(n->name, sizeof n->name, "node%02d", index + 1);
    snprintf(n->ip, sizeof n->ip, "10.0.%u.%u", (unsigned)(11 + index) / 256u % 256u, (unsigned)(11 + index) % 256u);
    snprintf(n->bootstrap_netdev, sizeof n->bootstrap_netdev, "bond0");
    n->bootstrap_rate_gbit_per_s = c->bootstrap_rate_gbit_per_s;
    n->powered_on = true;
    /* booted one to six days before the job started */
    n->boot_time_s = s->start_time_s - s->job_running_s -
                     (86400.0 + floor(5 * 86400.0 * (0.5 + 0.5 * emu_sample_at(w, 0, "boot", index, 0))));
    n->slurm_boot_time_s = n->boot_time_s; /* slurmd registered after that boot */
    n->n_gpus = l->n_gpus;
    n->n_switches = l->n_switches;
    n->n_numa = l->n_numa;
    n->n_cpus = c->cpus;
    n->n_nvswitches = c->nvlink == EMU_NVLINK_SWITCH ? c->system->nvswitches : 0;
    n->fabric_manager_running = true;
    n->peermem_loaded = true;
    n->peermem_persistent_api_support = 1; /* nvidia-peermem.c's default (modinfo.c) */
    n->verbs_available = true;
    for (int i = 0; i < n->n_numa; i++) {
        emu_numa *nm = &n->numa[i];
        numa_cpus(n->n_cpus, n->n_numa, i, nm->cpus, sizeof nm->cpus);
        nm->n_cpus = n->n_cpus / n->n_numa;
        nm->size_mb = c->system->memory_mb_per_numa * c->system->numa_nodes / n->n_numa + i * 419;
        nm->free_mb = nm->size_mb * (0.62 + 0.05 * emu_sample_at(w, 0, "numa-free", index, i));
    }
    for (int i = 0; i < n->n_switches; i++) {
        emu_pcie_switch *sw = &n->switches[i];
        snprintf(sw->bus, sizeof sw->bus, "%s", l->switches[i].bus);
        sw->numa_node = l->switches[i].numa;
    }
    for (int g = 0; g < n->n_gpus; g++) {
        emu_gpu *gpu = &n->gpus[g];
        gpu->index = g;
        snprintf(gpu->bus_id, sizeof gpu->bus_id, "00000000:%s:00.0", l->gpus[g].bus);
        uint64_t u1 = emu_hash(w->seed, "uuid", (uint64_t)index, (uint64_t)g);
        uint64_t u2 = emu_hash(w->seed, "uuid2", (uint64_t)index, (uint64_t)g);
        snprintf(gpu->uuid, sizeof gpu->uuid, "GPU-%08x-%04x-%04x-%04x-%012llx",
                 (unsigned)(u1 >> 32), (unsigned)((u1 >> 16) & 0xffff), (unsigned)(u1 & 0xffff),
                 (unsigned)(u2 >> 48), (unsigned long long)(u2 & 0xffffffffffffull));
        snprintf(gpu->serial, sizeof gpu->serial, "165%010llu",
                 (unsigned long long)(emu_hash(w->seed, "serial", (uint64_t)index, (uint64_t)g) %
                                      10000000000ull));
        gpu->numa_node = l->gpus[g].numa;
        gpu->pcie_switch = l->gpus[g].pcie_switch;
        gpu->pcie_width = 16;
        gpu->inlet_temp_c = 27.0 + 2.0 * emu_sample_at(w, 0, "inlet", index, g);
        gpu->thermal_c_per_w = 0.048 * 690.0 / spec->full_load_power_w;
        gpu->power_limit_w = spec->power_limit_w;
        gpu->persistence_mode = true;
        gpu->mem_used_mib = floor(spec->memory_total_mib * (0.86 + 0.02 * emu_sample_at(w, 0, "mem", index, g)));
        gpu->ecc_dram_corrected_agg = 0;
        for (int k = 0; k < spec->nvlinks; k++)
            gpu->links[k].up = c->nvlink != EMU_NVLINK_NONE &&
                               (c->nvlink == EMU_NVLINK_SWITCH || l->link_peer[g][k] >= 0);
    }
    n->n_hcas = l->n_hcas;
    int lid_base = 100 + index * 16;
    for (int i = 0; i < n->n_hcas; i++) {
        emu_hca *h = &n->hcas[i];
        const emu_layout_hca *lh = &l->hcas[i];
        snprintf(h->name, sizeof h->name, "%s", lh->name);
        snprintf(h->netdev, sizeof h->netdev, "%s", lh->netdev);
        snprintf(h->bus_id, sizeof h->bus_id, "%s", lh->bus_id);
        h->rail = lh->rail;
        h->card = lh->card;
        h->port = lh->port;
        h->compute = lh->compute;
        h->ethernet = lh->ethernet;
        h->pcie_switch = lh->pcie_switch;
        h->numa_node = lh->numa;
        h->state = EMU_PORT_ACTIVE;
        h->phys_state = EMU_PHYS_LINKUP;
        h->expected_rate_gbit_per_s = lh->rate_gbit_per_s;
        h->rate_gbit_per_s = emu_hca_supported_rate_gbit_per_s(w, h);
        h->width = h->expected_width = lh->width;
        /* every ConnectX is a x16 card: Gen3 up to EDR (ConnectX-4/5), Gen4 for HDR (ConnectX-6),
         * Gen5 for NDR (ConnectX-7), Gen6 beyond (ConnectX-8), per NVIDIA's adapter briefs */
        int max_rate = lh->adapter->max_rate_gbit_per_s;
        h->pcie_max_width = h->pcie_width = 16;
        h->pcie_max_gen = h->pcie_gen = max_rate > 400 ? 6 : max_rate > 200 ? 5 : max_rate > 100 ? 4 : 3;
        h->lid = h->ethernet ? 0 : lid_base + h->rail;
        h->sm_lid = h->ethernet ? 0 : 1;
        uint64_t g = emu_hash(w->seed, "guid", (uint64_t)index, (uint64_t)i);
        h->guid = 0xa088c20300000000ull | (g & 0xffffffffull);
        /* one field says which adapter this is; ibstat's CA type, firmware and lspci's name
         * follow it (hardware.c's adapter catalogue) */
        h->adapter = lh->adapter;
        h->vendor_part_id = lh->adapter->vendor_part_id;
        h->ca_type = lh->adapter->ca_type;
        snprintf(h->fw_ver, sizeof h->fw_ver, "%s", lh->adapter->fw_ver);
        /* counters since the last clear: the earlier jobs' traffic, no errors */
        double words, in;
        emu_hca_earlier_words(w, index, i, &words, &in);
        h->counters.xmit_data = (uint64_t)words;
        h->counters.rcv_data = (uint64_t)in;
        h->counters.xmit_pkts = h->counters.xmit_data / 1024;
        h->counters.rcv_pkts = h->counters.rcv_data / 1024;
        h->counters.xmit_wait = (uint64_t)(h->compute ? 1.0e6 * (1.1 + emu_sample_at(w, 0, "xw", index, i)) : 0);
    }
    emu_bmc *b = &n->bmc;
    snprintf(b->address, sizeof b->address, "node%02u-bmc", (unsigned)(index + 1) % 100u);
    snprintf(b->ip, sizeof b->ip, "10.0.100.%u", (unsigned)(11 + index) % 256u);
    b->reachable = true;
    b->reports_power_on = true;
    /* the boot leaves a SEL trail on every node */
    emu_bmc_power_trail(n, n->boot_time_s - 95, n->boot_time_s - 60);
}

void emu_bmc_power_trail(emu_node *n, double off_s, double on_s)
{
    emu_bmc *b = &n->bmc;
    for (int k = 0; k < 2 && b->n_sel < EMU_MAX_SEL; k++) {
        if ((k ? on_s : off_s) < 0)
            continue;
        emu_sel *e = &b->sel[b->n_sel++];
        memset(e, 0, sizeof *e);
        e->time_s = k ? on_s : off_s;
        snprintf(e->sensor, sizeof e->sensor, "System ACPI Power State ACPI State");
        snprintf(e->event, sizeof e->event, "%s", k ? "S0/G0: working" : "S5/G2: soft-off");
        e->asserted = true;
    }
}

/* Whether the job's own set-up decides what a fault does, so that it holds for the whole run
 * whatever its onset: NCCL picks its transports (IB or sockets, GPUDirect RDMA, P2P between a
 * node's GPUs) when a communicator is created (NCCL's environment variables and its INIT lines
 * are read then: NCCL documentation, "Environment Variables"); CUDA initialises once per process
 * (Fabric Manager); the data loader's workers, their CPUs and its read pattern are set when it
 * starts. The others change the running job's pace from their onset. */
_Static_assert(EMU_FAULT_KIND_COUNT <= 64, "set_at_job_start's mask holds every kind");

static bool set_at_job_start(emu_fault_kind kind)
{
    const unsigned long long at_start =
        1ull << EMU_FAULT_NCCL_IB_DISABLED | 1ull << EMU_FAULT_NCCL_HCA_MISMATCH | 1ull << EMU_FAULT_VERBS_MISSING |
        1ull << EMU_FAULT_GDR_UNAVAILABLE | 1ull << EMU_FAULT_P2P_DISABLED | 1ull << EMU_FAULT_FABRIC_MANAGER_DOWN |
        1ull << EMU_FAULT_LOADER_CPU_STARVED | 1ull << EMU_FAULT_RANDOM_READS;
    return kind < 64 && (at_start >> kind & 1);
}

/* A past fault's onset (end false) or end (true), at seconds from the lab's start. */
typedef struct past_event {
    double at;
    int fault;
    bool end;
} past_event;

static int past_event_cmp(const void *pa, const void *pb)
{
    const past_event *a = pa, *b = pb;
    if (a->at != b->at)
        return a->at < b->at ? -1 : 1;
    if (a->end != b->end)
        return a->end ? 1 : -1;
    return a->fault - b->fault;
}

static void past_event_do(emu_world *w, const past_event *e)
{
    emu_fault *f = &w->faults[e->fault];
    if (!e->end) { /* applied as of the lab's start: what it left behind is dated by its onset */
        emu_fault_apply(w, f);
        w->fault_state[e->fault] = 1;
        return;
    }
    double now = w->now_s; /* cleared at its end (what it left behind stays: the logs, the counters) */
    w->now_s = w->start_time_s + f->end_s;
    emu_fault_clear(w, f);
    w->now_s = now;
    w->fault_state[e->fault] = 2;
}

/* The faults that started before the lab did (the others start as the clock reaches them:
 * timeline.c), and those of them that also ended before it. The ones from before the job's start
 * and the ones its set-up decides shape the whole run; each onset or end while the job ran
 * changes its pace from then on, so the job's pace just before it is recorded first
 * (emu_run_mark_past_change) and the steps before it keep the pace they ran at. */
static void past_faults(emu_world *w, const emu_scenario *s)
{
    past_event ev[2 * EMU_MAX_FAULTS];
    int n = 0;
    for (int i = 0; i < w->n_faults; i++) {
        const emu_fault *f = &w->faults[i];
        if (f->onset_s > 0)
            continue;
        ev[n++] = (past_event){f->onset_s, i, false};
        if (f->end_s != 0 && f->end_s <= 0)
            ev[n++] = (past_event){f->end_s, i, true};
    }
    /* the run's start as the scenario gives it (run.c's resume moves it by less than a
     * checkpoint interval's steps) */
    double run_from = -s->job_running_s;
    past_event staged[2 * EMU_MAX_FAULTS];
    int n_staged = 0;
    for (int pass = 0; pass < 2; pass++) /* the onsets, then the ends, each in the faults' order */
        for (int k = 0; k < n; k++) {
            if (ev[k].end != (pass == 1))
                continue;
            if (!w->job.present || ev[k].at <= run_from || set_at_job_start(w->faults[ev[k].fault].kind))
                past_event_do(w, &ev[k]);
            else
                staged[n_staged++] = ev[k];
        }
    /* what the job found at its start */
    const emu_job *j = &w->job;
    for (int k = 0; j->present && k < j->n_nodes; k++) {
        if (j->nodes[k] < 64 && !w->nodes[j->nodes[k]].peermem_loaded)
            w->run.no_gdr_nodes |= 1ull << j->nodes[k];
        if (!w->nodes[j->nodes[k]].fabric_manager_running && !w->run.init_fail_node)
            w->run.init_fail_node = j->nodes[k] + 1;
    }
    qsort(staged, (size_t)n_staged, sizeof staged[0], past_event_cmp);
    for (int k = 0; k < n_staged; k++) {
        emu_job_derive(w);
        emu_run_mark_past_change(w, w->start_time_s + staged[k].at);
        past_event_do(w, &staged[k]);
    }
}

void emu_world_free_rank_logs(emu_world *w)
{
    for (int r = 0; w->cache.rank_logs && r < w->cache.n_rank_logs; r++)
        free(w->cache.rank_logs[r].text);
    free(w->cache.rank_logs);
    w->cache.rank_logs = NULL;
    w->cache.n_rank_logs = 0;
}

bool emu_world_caches_off = false;
bool emu_world_epoch_per_command = true;

int emu_world_build(emu_world *w, const emu_catalog *catalog, const emu_scenario *s,
                    uint64_t seed)
{
    emu_node *nodes = w->nodes;
    int cap = w->nodes_cap;
    if (cap < s->cluster.n_nodes) {
        emu_node *grown = realloc(nodes, sizeof *nodes * (size_t)s->cluster.n_nodes);
        if (!grown)
            return -1;
        nodes = grown;
        cap = s->cluster.n_nodes;
    }
    emu_world_free_rank_logs(w); /* the new world writes its own */
    struct emu_run_segment *segments = w->run.segments; /* kept for the new run's timeline */
    int segments_cap = w->run.segments_cap;
    double *folded = w->uplinks.words; /* kept too, emptied (n 0) */
    int folded_cap = w->uplinks.cap;
    memset(w, 0, sizeof *w);
    w->nodes = nodes;
    w->nodes_cap = cap;
    w->run.segments = segments;
    w->run.segments_cap = segments_cap;
    w->uplinks.words = folded;
    w->uplinks.cap = folded_cap;
    w->cluster = s->cluster;
    emu_layout_make(&w->cluster, &w->layout);
    w->seed_override = seed;
    w->catalog = catalog;
    w->scenario = s;
    w->seed = seed ? seed : s->seed;
    w->start_time_s = s->start_time_s;
    w->now_s = s->start_time_s;
    w->spec = s->cluster.gpu;
    snprintf(w->cluster_name, sizeof w->cluster_name, "%s", s->cluster.name);
    snprintf(w->kernel_release, sizeof w->kernel_release, "6.8.0-60-generic");
    snprintf(w->os_version, sizeof w->os_version, "24.04.2");
    snprintf(w->kernel_version, sizeof w->kernel_version, "#60-Ubuntu SMP PREEMPT_DYNAMIC");
    snprintf(w->driver_version, sizeof w->driver_version, "570.133.20");
    snprintf(w->cuda_version, sizeof w->cuda_version, "12.8");
    snprintf(w->nccl_version, sizeof w->nccl_version, "2.21.5+cuda12.4");
    snprintf(w->dcgm_version, sizeof w->dcgm_version, "3.3.9");
    w->n_nodes = s->cluster.n_nodes;
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
            for (int g = 0; g < w->cluster.gpus_per_node && r < EMU_MAX_RANKS; g++) {
                j->ranks[r].node = j->nodes[k];
                j->ranks[r].gpu = g;
                r++;
            }
        j->world_size = r;
    }
    w->run.stall_rank = -1;
    w->run.timeout_s = 600.0; /* PyTorch's default NCCL timeout (run.h) */
    w->n_faults = s->n_faults;
    memcpy(w->faults, s->faults, sizeof w->faults);
    memset(&w->lab, 0, sizeof w->lab);
    w->lab.active = s->has_lab;
    past_faults(w, s);
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
    if (!world || node < 0 || node >= world->n_nodes)
        return false;
    const emu_node *n = &world->nodes[node];
    /* sshd answers about 40 s after the kernel starts; a hung host answers nothing */
    return n->powered_on && !n->frozen_s && world->now_s >= n->boot_time_s + EMU_SSH_UP_S;
}


int emu_job_rank_of(const emu_world *w, int node, int gpu)
{
    const emu_job *j = &w->job;
    if (!j->present)
        return -1;
    /* ranks are position x GPUs per node + GPU (world.c builds them so): look the node up among
     * the job's nodes, then check */
    int gpn = w->cluster.gpus_per_node;
    for (int k = 0; k < j->n_nodes; k++)
        if (j->nodes[k] == node) {
            int r = k * gpn + gpu;
            if (gpu >= 0 && gpu < gpn && r < j->world_size && j->ranks[r].node == node && j->ranks[r].gpu == gpu)
                return r;
            return -1;
        }
    return -1;
}
