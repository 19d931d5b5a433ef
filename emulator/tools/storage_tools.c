/* storage_tools.c: `iostat -x` (local block devices), `nfsiostat` (the NFS client's view of the
 * shared mounts), `df` and `mount`, computed from the storage model: the job's read demand,
 * competing checkpoint writers, metadata latency and how full each target is. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat/numscan.h"
#include "out.h"
#include "tools.h"
#include "host_fmt.h"
#include "compat/regex_nfa.h"
#include "model/host.h"
#include "model/job.h"
#include "model/run.h"
#include "model/rng.h"
#include "model/scenario.h"
#include "model/storage.h"
#include "model/world.h"

/* The boot disk every node has besides the scenario's mounts: a 1.92 TB SSD (sizes of DGX-class
 * M.2 boot drives), root on its second partition, EFI on the first. */
#define ROOT_DEVICE "sda"
#define ROOT_SIZE_BYTES 1.75e12
#define ROOT_USED_BYTES 0.31e12

/* ---- what the job asks of storage ----------------------------------------------------------------- */

static bool node_in_job(const emu_world *w, int node)
{
    for (int k = 0; w->job.present && k < w->job.n_nodes; k++)
        if (w->job.nodes[k] == node)
            return true;
    return false;
}

static int ranks_on(const emu_world *w, int node)
{
    int c = 0;
    for (int r = 0; w->job.present && r < w->job.world_size; r++)
        c += w->job.ranks[r].node == node;
    return c;
}

/* The nominal step time (ms) at the world's clock, or 0 without a job. */
static double step_ms_now(const emu_world *w)
{
    if (!w->job.present)
        return 0;
    emu_step_timing *t = malloc(sizeof *t);
    if (!t)
        return 0;
    double ms = 0;
    if (emu_job_step_timing(w, emu_job_current_step(w), t) == 0)
        ms = t->step_ms;
    free(t);
    return ms;
}

/* Bytes per second the job's ranks on `node` read from mount m: every step each rank reads
 * micro_batch * grad_accum samples of sample_bytes (the loader keeps pace with the steps). */
static double job_read_bytes_per_s(const emu_world *w, int node, int m, double step_ms)
{
    const emu_job *j = &w->job;
    if (!j->present || j->input_mount != m || step_ms <= 0)
        return 0;
    double demand = ranks_on(w, node) * j->micro_batch * (double)j->grad_accum * j->sample_bytes / (step_ms / 1e3);
    return fmin(demand, emu_mount_client_cap_bytes_per_s(w, node, m, false));
}

/* Bytes per second this node writes to mount m: the job's checkpoint saves (model/run.h: bytes
 * over the bandwidth the save gets, every checkpoint interval). Now: the save's rate while one is
 * being written, else nothing; averaged (a since-boot report): the saves' bytes over the steps
 * between them. The scenario's competing writers are other jobs on other clients: this client
 * sees them only as a slower server. */
static double node_write_bytes_per_s(const emu_world *w, int node, int m, double step_ms, bool average)
{
    const emu_job *j = &w->job;
    if (!j->present || j->checkpoint_mount != m || !node_in_job(w, node) || j->checkpoint_interval <= 0 ||
        step_ms <= 0)
        return 0;
    double bps = 0;
    if (!average) {
        emu_run_saving(w, node, w->now_s, &bps);
        return bps;
    }
    /* the saves of now: a save that fails writes next to nothing */
    double save = emu_run_save_blocks_s(w, emu_job_current_step(w));
    if (save <= 0)
        return 0;
    double bytes = emu_run_checkpoint_bytes_per_writer(w);
    bool writer = !j->checkpoint_rank0_only || node == j->nodes[0];
    return writer ? bytes / (j->checkpoint_interval * step_ms / 1e3 + save) : 0;
}

/* The block device of a local mount ("/dev/nvme0n1p1" -> "nvme0n1"), "" for network mounts. */
static void mount_device(const emu_mount *m, char *buf, size_t size)
{
    buf[0] = '\0';
    if (m->shared)
        return;
    if (strncmp(m->source, "/dev/", 5)) { /* the source names the device best; else the model's */
        snprintf(buf, size, "%s", m->device);
        return;
    }
    snprintf(buf, size, "%s", m->source + 5);
    size_t len = strlen(buf);
    /* strip the partition: nvme0n1p1 -> nvme0n1, sdb1 -> sdb */
    while (len > 0 && buf[len - 1] >= '0' && buf[len - 1] <= '9')
        len--;
    if (len > 0 && buf[len - 1] == 'p' && !strncmp(buf, "nvme", 4))
        len--;
    else if (!strncmp(buf, "nvme", 4))
        len = strlen(buf);
    buf[len] = '\0';
}

/* ---- iostat -------------------------------------------------------------------------------------- */

typedef struct dev_load {
    char name[24];
    double r_per_s, rkb_per_s, r_await_ms, rareq_kb;
    double w_per_s, wkb_per_s, w_await_ms, wareq_kb;
    double f_per_s, f_await_ms;
    double aqu_sz, util_pct;
} dev_load;

/* Load of a device from its read and write demand (bytes/s) and capacity (MB/s). Service times
 * from a queue: await = base / (1 - utilisation) (M/M/1; Harchol-Balter, Performance Modeling and
 * Design of Computer Systems, ch. 14); aqu-sz = sum of rate x await (Little's law). Request sizes:
 * large sequential reads (128 KiB), checkpoint writes (512 KiB), small log writes (16 KiB). */
/* A rate as one sample shows it: bps (bytes/s) off by the share jitter (-0.04 .. 0.04), but never
 * lifted over cap_bps (bytes/s; <= 0: none), the device's or the mount's limit: a transfer running
 * at its limit (a save at what the server or the client's link allows) samples just below it. A
 * rate the model already puts over the cap stays over it (the invariants report it). */
static double sampled_bytes_per_s(double bps, double jitter, double cap_bps)
{
    double v = bps * (1.0 + jitter);
    if (cap_bps > 0 && v > cap_bps) /* just under the limit (or the model's rate), still moving */
        return fmax(cap_bps, bps) * (1.0 - 0.25 * fabs(jitter));
    return v;
}

static void device_load(dev_load *d, double read_bps, double write_bps, double read_cap_mb,
                        double write_cap_mb, double jitter)
{
    d->rareq_kb = read_bps > 50e6 ? 128.0 : 24.0;
    d->wareq_kb = write_bps > 50e6 ? 512.0 : 16.0;
    d->rkb_per_s = sampled_bytes_per_s(read_bps, 0.04 * jitter, read_cap_mb * 1e6) / 1024.0;
    d->wkb_per_s = sampled_bytes_per_s(write_bps, -0.04 * jitter, write_cap_mb * 1e6) / 1024.0;
    d->r_per_s = d->rkb_per_s / d->rareq_kb;
    d->w_per_s = d->wkb_per_s / d->wareq_kb;
    double u = read_bps / (read_cap_mb * 1e6) + write_bps / (write_cap_mb * 1e6);
    double uq = u > 0.95 ? 0.95 : u;
    d->r_await_ms = d->r_per_s > 0 ? 0.09 / (1.0 - uq) : 0;
    d->w_await_ms = d->w_per_s > 0 ? 0.03 / (1.0 - uq) + (d->wareq_kb > 100 ? 0.4 : 0) : 0;
    d->f_per_s = d->w_per_s > 0 ? 0.4 : 0;
    d->f_await_ms = d->f_per_s > 0 ? 0.5 : 0;
    d->aqu_sz = (d->r_per_s * d->r_await_ms + d->w_per_s * d->w_await_ms) / 1000.0;
    /* %util: the share of time with a request outstanding, 1 - P(empty) = u for M/M/1 */
    d->util_pct = fmin(100.0, 100.0 * (u + 0.002 * (d->r_per_s + d->w_per_s) / 1000.0));
}

/* scale: the share of the report's time the job ran (the since-boot report); the OS's own trickle
 * of log writes runs all the time. */
static int collect_devices(const emu_world *w, int node, double scale, dev_load *devs, int max)
{
    double step_ms = step_ms_now(w);
    int n = 0;
    /* the boot disk: logs and the OS, a trickle of writes (the job's logs add to it) */
    dev_load *d = &devs[n++];
    memset(d, 0, sizeof *d);
    snprintf(d->name, sizeof d->name, ROOT_DEVICE);
    double job_logs = node_in_job(w, node) ? 0.4e6 * scale : 0;
    device_load(d, 0.9e5, 0.5e6 + job_logs, 520, 480, emu_sample(w, "iostat-root", node, 0));
    for (int m = 0; m < w->n_mounts && n < max; m++) {
        char dev[24];
        mount_device(&w->mounts[m], dev, sizeof dev);
        if (!dev[0])
            continue;
        bool dup = false;
        for (int k = 0; k < n; k++)
            dup |= !strcmp(devs[k].name, dev);
        if (dup)
            continue;
        d = &devs[n++];
        memset(d, 0, sizeof *d);
        snprintf(d->name, sizeof d->name, "%s", dev);
        double rb = job_read_bytes_per_s(w, node, m, step_ms) * scale + 2e4;
        double wb = node_write_bytes_per_s(w, node, m, step_ms, scale < 1) * scale + 4e4;
        device_load(d, rb, wb, w->mounts[m].read_mb_per_s, w->mounts[m].write_mb_per_s,
                    emu_sample(w, "iostat-dev", node, m));
    }
    return n;
}

void emu_node_disk_kb_per_s(const emu_world *w, int node, bool since_boot, double *read_kb,
                            double *write_kb)
{
    dev_load devs[EMU_MAX_MOUNTS + 1];
    double scale = since_boot ? emu_node_job_share_of_uptime(w, node) : 1.0;
    int n = collect_devices(w, node, scale, devs, EMU_MAX_MOUNTS + 1);
    *read_kb = *write_kb = 0;
    for (int k = 0; k < n; k++)
        *read_kb += devs[k].rkb_per_s, *write_kb += devs[k].wkb_per_s;
}

static void iostat_report(const emu_world *w, int node, bool first, bool mb, bool cpu, bool dev,
                          bool skip_idle, emu_out *out)
{
    double scale = first ? emu_node_job_share_of_uptime(w, node) : 1.0;
    if (cpu) { /* the host's CPU time (model/host.h), since boot in the first report */
        emu_cpu_share s;
        emu_node_cpu_share(w, node, -1, first, &s);
        emu_out_printf(out, "avg-cpu:  %%user   %%nice %%system %%iowait  %%steal   %%idle\n");
        emu_out_printf(out, "          %6.2f    0.00  %6.2f  %6.2f    0.00  %6.2f\n\n", s.user,
                       s.system + s.irq + s.softirq, s.iowait, s.idle);
    }
    if (!dev)
        return;
    dev_load devs[EMU_MAX_MOUNTS + 1];
    int n = collect_devices(w, node, scale, devs, EMU_MAX_MOUNTS + 1);
    emu_out_printf(out, "Device            r/s     %s   rrqm/s  %%rrqm r_await rareq-sz     w/s     %s   wrqm/s  %%wrqm w_await wareq-sz     d/s     %s   drqm/s  %%drqm d_await dareq-sz     f/s f_await  aqu-sz  %%util\n",
                   mb ? "rMB/s" : "rkB/s", mb ? "wMB/s" : "wkB/s", mb ? "dMB/s" : "dkB/s");
    double unit = mb ? 1024.0 : 1.0;
    for (int k = 0; k < n; k++) {
        const dev_load *d = &devs[k];
        if (skip_idle && d->r_per_s + d->w_per_s < 0.005)
            continue;
        emu_out_printf(out, "%-12s %8.2f %9.2f %8.2f %6.2f %7.2f %8.2f %7.2f %9.2f %8.2f %6.2f %7.2f %8.2f %7.2f %9.2f %8.2f %6.2f %7.2f %8.2f %7.2f %7.2f %7.2f %6.2f\n",
                       d->name, d->r_per_s, d->rkb_per_s / unit, 0.0, 0.0, d->r_await_ms, d->rareq_kb,
                       d->w_per_s, d->wkb_per_s / unit, d->w_per_s * 0.08, 7.4, d->w_await_ms, d->wareq_kb,
                       0.0, 0.0, 0.0, 0.0, 0.0, 0.0, d->f_per_s, d->f_await_ms, d->aqu_sz, d->util_pct);
    }
    emu_out_printf(out, "\n");
}

static const char iostat_usage[] =
    "Usage: iostat [ options ] [ <interval> [ <count> ] ]\n"
    "Options are:\n"
    "[ -c ] [ -d ] [ -h ] [ -k | -m ] [ -t ] [ -V ] [ -x ] [ -y ] [ -z ] [ <device> [...] ]\n";

static int cmd_iostat(emu_context *c, int argc, char **argv, emu_out *out)
{
    emu_world *w = c->world;
    bool ext = false, mb = false, cpu_only = false, dev_only = false, skip_first = false,
         skip_idle = false, stamp = false;
    long interval = -1, count = -1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] == '-' && a[1] && a[1] != '-') {
            for (const char *p = a + 1; *p; p++) {
                switch (*p) {
                case 'x': ext = true; break;
                case 'm': mb = true; break;
                case 'k': mb = false; break;
                case 'c': cpu_only = true; break;
                case 'd': dev_only = true; break;
                case 'y': skip_first = true; break;
                case 'z': skip_idle = true; break;
                case 't': stamp = true; break;
                case 'h': break;
                case 'V':
                    emu_out_printf(out, "sysstat version 12.6.1\n(C) Sebastien Godard (sysstat <at> orange.fr)\n");
                    return 0;
                default:
                    emu_out_write(out, iostat_usage, sizeof iostat_usage - 1);
                    return 1;
                }
            }
        } else if (!strcmp(a, "--help")) {
            emu_out_write(out, iostat_usage, sizeof iostat_usage - 1);
            return 0;
        } else if (a[0] >= '0' && a[0] <= '9') {
            char *end;
            long v = strtol(a, &end, 10);
            if (*end || v < 0 || v > 86400) {
                emu_out_write(out, iostat_usage, sizeof iostat_usage - 1);
                return 1;
            }
            if (interval < 0)
                interval = v;
            else if (count < 0)
                count = v;
            else {
                emu_out_write(out, iostat_usage, sizeof iostat_usage - 1);
                return 1;
            }
        } else {
            emu_out_write(out, iostat_usage, sizeof iostat_usage - 1);
            return 1;
        }
    }
    (void)ext; /* without -x the emulator still prints the extended layout: the one operators use */
    if (interval == 0)
        interval = -1;
    /* no count with an interval runs until interrupted: three reports here */
    long reports = interval > 0 ? (count > 0 ? count : 3) : 1;
    if (reports > 60)
        reports = 60;
    if (skip_first && interval > 0)
        reports++; /* -y: the since-boot report is computed but not printed */
    emu_sysstat_header(w, c->node, out);
    /* the first report averages since boot: the job ran for part of the uptime */
    for (long r = 0; r < reports && !out->truncated; r++) {
        if (r > 0)
            emu_world_advance(w, (double)interval);
        if (r == 0 && skip_first && interval > 0)
            continue;
        if (stamp) {
            char ts[32];
            emu_format_utc(w->now_s, "%m/%d/%Y %H:%M:%S", ts, sizeof ts);
            emu_out_printf(out, "%s\n", ts);
        }
        iostat_report(w, c->node, r == 0 && !skip_first, mb, !dev_only, !cpu_only, skip_idle, out);
    }
    return 0;
}

/* ---- nfsiostat ---------------------------------------------------------------------------------------- */

/* The NFS server's nfsd threads (nfs-utils' default, nfs.conf [nfsd] threads=8) and the WRITEs
 * of 1 MiB that fit in the sockets' buffers between client and server (a few MiB each side): the
 * requests of a write burst that count in avg RTT, sent and not yet answered. */
#define NFSD_THREADS 8
#define NFS_SOCKET_BUFFERED 8

/* One mount's nfsiostat block. since_mount: the first report, the averages since the mount (at
 * boot): the job's traffic over the part of the uptime it ran, as nfsiostat(8) says of its first
 * report ("statistics for the time since each file system was mounted"); otherwise the rates of
 * the interval that just passed, at the clock. */
static void nfs_report(const emu_world *w, int node, int m, bool since_mount, emu_out *out)
{
    const emu_mount *mt = &w->mounts[m];
    double step_ms = step_ms_now(w);
    double share = 1.0;
    if (since_mount) {
        double up = w->now_s - w->nodes[node].boot_time_s;
        double ran = w->job.present ? w->now_s - fmax(w->job.start_time_s, w->nodes[node].boot_time_s) : 0;
        share = up > 0 ? fmin(1.0, fmax(0.0, ran / up)) : 1.0;
    }
    /* This client's traffic: the ranks' input reads and this node's share of the writes.
     * Latency per RPC: the server's queue (emu_mount_metadata_latency_ms grows with the
     * writers' load) plus the transfer; avg exe adds the client-side wait in the RPC slot
     * table, which explodes when the server is slow (nfsiostat(8); tool-formats.md s.10). */
    double rb = share * job_read_bytes_per_s(w, node, m, step_ms) + 3e4;
    double wb_now = node_write_bytes_per_s(w, node, m, step_ms, false) + 1e3;
    double wb = share * (wb_now - 1e3) + 1e3;
    double jit = emu_sample(w, "nfsiostat", node, m);
    double meta = emu_mount_metadata_latency_ms(w, m);
    double avail = emu_mount_read_available_mb_per_s(w, m) * 1e6;
    double read_kb_op = fmin(1024.0, fmax(4.0, (w->job.present ? w->job.sample_bytes : 65536) / 1024.0));
    if (mt->random_reads) /* mmap page faults: one 4 KiB page an RPC (emu_job_loader) */
        read_kb_op = 4.0;
    /* a transfer at its limit (a save runs at what the server or the client's link allows)
     * samples at or below it: the jitter never lifts a rate over the mount's capacity */
    double read_cap = fmin(mt->read_mb_per_s * 1e6, emu_mount_client_cap_bytes_per_s(w, node, m, false));
    double write_cap = fmin(mt->write_mb_per_s * 1e6, emu_mount_client_cap_bytes_per_s(w, node, m, true));
    double read_kbs = sampled_bytes_per_s(rb, 0.03 * jit, read_cap) / 1024.0;
    double read_ops = read_kbs / read_kb_op;
    double write_kb_op = wb_now > 1e6 ? 1024.0 : 3.7; /* the op size of the writes that carry the bytes */
    double write_kbs = sampled_bytes_per_s(wb, -0.03 * jit, write_cap) / 1024.0;
    double write_ops = write_kbs / write_kb_op;
    double u = avail > 0 ? fmin(0.97, rb * (w->job.present ? w->job.n_nodes : 1) / avail) : 0.97;
    double read_rtt = meta + read_kb_op * 1024.0 / 1.25e6; /* plus wire time at ~10 Gb/s per RPC */
    double read_queue = read_rtt * u / (1.0 - u);
    double read_exe = read_rtt + read_queue;
    double wu = mt->write_mb_per_s > 0 ? fmin(0.97, emu_mount_write_now_mb_per_s(w, m) / mt->write_mb_per_s) : 0;
    double write_rtt = meta + write_kb_op * 1024.0 / 1.25e6;
    double write_queue = write_rtt * wu / (1.0 - wu) * 20.0;
    if (wb_now > 1e6 && write_ops > 0) {
        /* A buffered save (torch.save) is written back by the kernel, which keeps WRITEs in
         * flight until the mount's pages under writeback pass NFS_CONGESTION_ON_THRESH
         * (nfs_congestion_kb: 16 * sqrt(RAM pages) pages, 64 * sqrt(pages) KiB with 4 KiB pages,
         * at most 256 MiB; fs/nfs/write.c
         * nfs_init_writepagecache) and starts again below three quarters of it: on average
         * 7/8 of the threshold, in 1 MiB WRITEs. By Little's law each spends the number in
         * flight over the rate the server takes them from its creation to its reply (avg
         * exe). The transport's slot table grows to 65536 (sunrpc tcp_max_slot_table_entries),
         * so none waits for a slot (rpc bklog 0); what a WRITE waits for is its turn on the
         * connection. avg RTT runs from its transmission to the reply: it counts only the
         * requests already sent, those the server's nfsd threads work on (8, nfs-utils'
         * default before 2.8.2, which made it 16; Debian 12 ships 2.6.2) and about as many in the sockets' buffers (a few MiB); the rest wait on the
         * client (avg queue). The client's other requests (the loader's reads) wait in the same
         * line. The rate is the save's now (the since-mount report averages the same waits). */
        emu_memory mem;
        emu_node_memory(w, node, &mem);
        double congestion_kib = fmin(64.0 * sqrt(mem.total_kib / 4.0), 256.0 * 1024.0);
        double in_flight = 0.875 * congestion_kib / write_kb_op;
        double sent = NFSD_THREADS + NFS_SOCKET_BUFFERED, ops_now = write_ops / share;
        double exe = in_flight / ops_now * 1e3, rtt = fmin(sent, in_flight) / ops_now * 1e3;
        if (rtt > write_rtt) {
            read_rtt += rtt - write_rtt;
            read_queue += exe - rtt;
            read_exe = read_rtt + read_queue;
            write_rtt = rtt;
            write_queue = exe - rtt;
        }
    }
    double write_exe = write_rtt + write_queue;
    double ops = read_ops + write_ops + read_ops * 0.1 * (w->job.present ? w->job.files_per_sample : 1);
    emu_out_printf(out, "\n%s mounted on %s:\n\n", mt->source, mt->target);
    emu_out_printf(out, "           ops/s       rpc bklog\n");
    emu_out_printf(out, "%16.3f%16.3f\n\n", ops, u > 0.8 ? (u - 0.8) * 40.0 : 0.0);
    emu_out_printf(out, "read:              ops/s            kB/s           kB/op         retrans    avg RTT (ms)    avg exe (ms)  avg queue (ms)          errors\n");
    emu_out_printf(out, "%24.3f%16.3f%16.3f%9d (0.0%%)%16.3f%16.3f%16.3f%9d (0.0%%)\n", read_ops, read_kbs,
                   read_kb_op, 0, read_rtt, read_exe, read_queue, 0);
    /* a full target answers every write with ENOSPC: the writes turn into errors */
    bool full = mt->used_bytes >= mt->size_bytes;
    if (full) {
        write_kbs = 0;
        write_kb_op = 0;
    }
    emu_out_printf(out, "write:             ops/s            kB/s           kB/op         retrans    avg RTT (ms)    avg exe (ms)  avg queue (ms)          errors\n");
    emu_out_printf(out, "%24.3f%16.3f%16.3f%9d (0.0%%)%16.3f%16.3f%16.3f%9.0f (%.1f%%)\n", write_ops, write_kbs,
                   write_kb_op, 0, write_rtt, write_exe, write_queue, full ? write_ops : 0.0,
                   full ? 100.0 : 0.0);
}

/* `nfsiostat [INTERVAL [COUNT]] [MOUNT]`: the first report since the mount, then one per
 * interval, each after the clock moved by it (COUNT reports; without COUNT three here, where
 * the real one runs until interrupted), as iostat does. */
static int cmd_nfsiostat(emu_context *c, int argc, char **argv, emu_out *out)
{
    emu_world *w = c->world;
    const char *only = NULL;
    long interval = -1, count = -1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            emu_out_printf(out, "Usage: nfsiostat [ <interval> [ <count> ] ] [ <options> ] [ <mount point> ]\n");
            return 0;
        }
        char *end;
        long v = a[0] >= '0' && a[0] <= '9' ? strtol(a, &end, 10) : -1;
        if (a[0] == '/')
            only = a;
        else if (v >= 0 && !*end && v <= 86400 && (interval < 0 || count < 0)) {
            if (interval < 0)
                interval = v;
            else
                count = v;
        } else {
            emu_out_printf(out, "Usage: nfsiostat [ <interval> [ <count> ] ] [ <options> ] [ <mount point> ]\n\n"
                                "nfsiostat: error: %s: %.64s\n", v >= 0 ? "invalid argument" : "no such option", a);
            return 2;
        }
    }
    int shown = 0;
    for (int m = 0; m < w->n_mounts; m++)
        shown += !strncmp(w->mounts[m].fstype, "nfs", 3) && (!only || !strcmp(only, w->mounts[m].target));
    if (!shown) {
        if (only)
            emu_out_printf(out, "Mount point %.128s is not an NFS mount\n", only);
        else
            emu_out_printf(out, "No NFS mount points were found\n");
        return 1;
    }
    long reports = interval > 0 ? (count > 0 ? count : 3) : 1;
    if (reports > 60)
        reports = 60;
    for (long r = 0; r < reports && !out->truncated; r++) {
        if (r > 0)
            emu_world_advance(w, (double)interval);
        for (int m = 0; m < w->n_mounts; m++)
            if (!strncmp(w->mounts[m].fstype, "nfs", 3) && (!only || !strcmp(only, w->mounts[m].target)))
                nfs_report(w, c->node, m, r == 0, out);
        emu_out_printf(out, "\n");
    }
    return 0;
}

/* ---- df ------------------------------------------------------------------------------------------------ */

static int lustre_ost_count(const emu_mount *mt);
static void lustre_ost(const emu_world *w, int m, int o, double *size, double *used);

typedef struct fs_row {
    char source[80];
    char target[64];
    char fstype[16];
    double size_bytes, used_bytes, avail_bytes;
    double inodes, iused;  /* > 0: what the server reports (a Lustre client's statfs: the MDT's) */
} fs_row;

/* A Lustre file system's inodes: the MDT's, one per 2 KiB of its space (the ldiskfs MDT
 * formatting default, Lustre manual "Determining MDT space requirements"), used in proportion
 * to the MDT's space used: every file needs one there. `lfs df -i`'s MDT row and summary and
 * `df -i` (the client's statfs) all print these. */
static void lustre_inodes(const emu_mount *mt, double *inodes, double *used)
{
    *inodes = floor(mt->mdt_size_bytes / 2048.0);
    *used = floor(*inodes * (mt->mdt_size_bytes > 0 ? mt->mdt_used_bytes / mt->mdt_size_bytes : 0));
}

static int collect_fs(const emu_world *w, int node, fs_row *rows, int max)
{
    emu_memory m;
    emu_node_memory(w, node, &m);
    double mem = m.total_kib * 1024;
    int k = 0;
    /* tmpfs sizes: half of memory for /dev/shm (the kernel's tmpfs default), a tenth for /run
     * (initramfs-tools' RUNSIZE=10%, Ubuntu's, which DGX OS is built on) */
    rows[k++] = (fs_row){"tmpfs", "/run", "tmpfs", mem * 0.1, 5.1e6, mem * 0.1 - 5.1e6, 0, 0};
    rows[k++] = (fs_row){"/dev/sda2", "/", "ext4", ROOT_SIZE_BYTES, ROOT_USED_BYTES,
                         ROOT_SIZE_BYTES * 0.95 - ROOT_USED_BYTES, 0, 0};
    double shm_used = emu_node_shm_bytes(w, node);
    rows[k++] = (fs_row){"tmpfs", "/dev/shm", "tmpfs", mem * 0.5, shm_used, mem * 0.5 - shm_used, 0, 0};
    rows[k++] = (fs_row){"/dev/sda1", "/boot/efi", "vfat", 536.8e6, 6.2e6, 530.6e6, 0, 0};
    for (int m = 0; m < w->n_mounts && k < max; m++) {
        const emu_mount *mt = &w->mounts[m];
        fs_row *r = &rows[k++];
        memset(r, 0, sizeof *r);
        snprintf(r->source, sizeof r->source, "%s", mt->source);
        snprintf(r->target, sizeof r->target, "%s", mt->target);
        snprintf(r->fstype, sizeof r->fstype, "%s", mt->fstype);
        r->size_bytes = mt->size_bytes;
        r->used_bytes = mt->used_bytes;
        if (!strcmp(mt->fstype, "lustre")) { /* the client sums its OSTs (a full one among them) */
            r->size_bytes = r->used_bytes = 0;
            for (int o = 0; o < lustre_ost_count(mt); o++) {
                double os, ou;
                lustre_ost(w, m, o, &os, &ou);
                r->size_bytes += os;
                r->used_bytes += ou;
            }
            lustre_inodes(mt, &r->inodes, &r->iused);
        }
        /* ext4 keeps 5% for root (mke2fs -m 5); network targets report what the server has */
        double reserve = !strcmp(mt->fstype, "ext4") ? 0.05 * mt->size_bytes : 0;
        r->avail_bytes = r->size_bytes - r->used_bytes - reserve;
        if (r->avail_bytes < 0)
            r->avail_bytes = 0;
    }
    return k;
}

/* coreutils' human-readable sizes: powers of 1024 (-h) or 1000 (-H), rounded up, one decimal
 * below 10. */
static void human(double bytes, bool si, char *buf, size_t size)
{
    static const char units[] = "KMGTPE";
    double base = si ? 1000.0 : 1024.0;
    if (bytes < base) {
        snprintf(buf, size, "%.0f", bytes);
        return;
    }
    double v = bytes;
    int u = -1;
    while (v >= base && u < 5) {
        v /= base;
        u++;
    }
    if (v < 10) {
        double r = ceil(v * 10.0) / 10.0;
        if (r >= 10)
            snprintf(buf, size, "%.0f%c", r, units[u]);
        else
            snprintf(buf, size, "%.1f%c", r, units[u]);
    } else {
        double r = ceil(v);
        if (r >= base && u < 5)
            snprintf(buf, size, "%.1f%c", r / base, units[u + 1]);
        else
            snprintf(buf, size, "%.0f%c", r, units[u]);
    }
}

/* `df -i`: inodes of each file system: ext4 one per 16 KiB (mke2fs's default bytes-per-inode),
 * tmpfs one per page of its size, a network or Lustre mount what its server reports (one inode per
 * 1 MiB for a file system of large training files, per 2 KiB of MDT for Lustre); used in
 * proportion to the space used over the mean file size (64 KiB for the system's files, 1 MiB
 * for the data sets and checkpoints). */
static void df_inodes(const fs_row *rows, const bool *selected, int n, bool readable, emu_out *out)
{
    int fw = 10;
    for (int k = 0; k < n; k++)
        if (selected[k] && (int)strlen(rows[k].source) > fw)
            fw = (int)strlen(rows[k].source);
    emu_out_printf(out, "%-*s %*s %*s %*s %5s %s\n", fw, "Filesystem", readable ? 6 : 11, "Inodes",
                   readable ? 5 : 10, "IUsed", readable ? 5 : 10, "IFree", "IUse%", "Mounted on");
    for (int k = 0; k < n; k++) {
        if (!selected[k])
            continue;
        const fs_row *r = &rows[k];
        bool ext4 = !strcmp(r->fstype, "ext4") || !strcmp(r->fstype, "vfat");
        bool tmpfs = !strcmp(r->fstype, "tmpfs");
        double inodes = ext4 ? r->size_bytes / 16384 : tmpfs ? r->size_bytes / 4096 : r->size_bytes / 1048576;
        double used = r->used_bytes / (ext4 || tmpfs ? 65536 : 1048576);
        if (r->inodes > 0)
            inodes = r->inodes, used = r->iused;
        if (used > inodes)
            used = inodes;
        int pct = inodes > 0 ? (int)(100 * used / inodes + 0.999) : 0;
        if (readable) {
            char a[16], b[16], cfree[16];
            human(inodes, false, a, sizeof a);
            human(used, false, b, sizeof b);
            human(inodes - used, false, cfree, sizeof cfree);
            emu_out_printf(out, "%-*s %6s %5s %5s %4d%% %s\n", fw, r->source, a, b, cfree, pct, r->target);
        } else
            emu_out_printf(out, "%-*s %11.0f %10.0f %10.0f %4d%% %s\n", fw, r->source, inodes, used,
                           inodes - used, pct, r->target);
    }
}

static int cmd_df(emu_context *c, int argc, char **argv, emu_out *out)
{
    const emu_world *w = c->world;
    bool h = false, si = false, show_type = false, inodes = false;
    const char *paths[8];
    int n_paths = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help")) {
            emu_out_printf(out, "Usage: df [OPTION]... [FILE]...\n"
                                "Show information about the file system on which each FILE resides,\n"
                                "or all file systems by default.\n\n"
                                "  -h, --human-readable  print sizes in powers of 1024 (e.g., 1023M)\n"
                                "  -H, --si              print sizes in powers of 1000 (e.g., 1.1G)\n"
                                "  -T, --print-type      print file system type\n");
            return 0;
        }
        if (!strcmp(a, "--human-readable"))
            h = true;
        else if (!strcmp(a, "--si"))
            si = true;
        else if (!strcmp(a, "--print-type"))
            show_type = true;
        else if (a[0] == '-' && a[1]) {
            for (const char *p = a + 1; *p; p++) {
                if (*p == 'h')
                    h = true;
                else if (*p == 'H')
                    si = true;
                else if (*p == 'T')
                    show_type = true;
                else if (*p == 'i')
                    inodes = true;
                else if (*p == 'l' || *p == 'a' || *p == 'P')
                    continue;
                else {
                    emu_out_printf(out, "df: invalid option -- '%c'\nTry 'df --help' for more information.\n", *p);
                    return 1;
                }
            }
        } else if (n_paths < 8)
            paths[n_paths++] = a;
    }
    fs_row rows[EMU_MAX_MOUNTS + 4];
    int n = collect_fs(w, c->node, rows, EMU_MAX_MOUNTS + 4);
    bool selected[EMU_MAX_MOUNTS + 4];
    memset(selected, !n_paths, sizeof selected);
    int status = 0;
    for (int p = 0; p < n_paths; p++) {
        const char *path = paths[p];
        if (path[0] != '/') {
            emu_out_printf(out, "df: %.128s: No such file or directory\n", path);
            status = 1;
            continue;
        }
        int best = -1;
        size_t best_len = 0;
        for (int k = 0; k < n; k++) {
            size_t len = strlen(rows[k].target);
            if (!strncmp(path, rows[k].target, len) &&
                (path[len] == '\0' || path[len] == '/' || len == 1) && len >= best_len) {
                best = k;
                best_len = len;
            }
        }
        if (best >= 0)
            selected[best] = true;
    }
    bool human_sizes = h || si;
    if (inodes) {
        df_inodes(rows, selected, n, human_sizes, out);
        return status;
    }
    /* coreutils sizes the Filesystem column to the longest source shown */
    int fw = 10;
    for (int k = 0; k < n; k++)
        if (selected[k] && (int)strlen(rows[k].source) > fw)
            fw = (int)strlen(rows[k].source);
    if (show_type)
        emu_out_printf(out, "%-*s %-6s %5s %5s %5s %4s %s\n", fw, "Filesystem", "Type", "Size", "Used", "Avail", "Use%", "Mounted on");
    else if (human_sizes)
        emu_out_printf(out, "%-*s %5s %5s %5s %4s %s\n", fw, "Filesystem", "Size", "Used", "Avail", "Use%", "Mounted on");
    else
        emu_out_printf(out, "%-*s %13s %13s %13s %4s %s\n", fw, "Filesystem", "1K-blocks", "Used", "Available", "Use%", "Mounted on");
    for (int k = 0; k < n; k++) {
        if (!selected[k])
            continue;
        const fs_row *r = &rows[k];
        /* Use% = used / (used + available), rounded up (coreutils df) */
        double denom = r->used_bytes + r->avail_bytes;
        int pct = denom > 0 ? (int)ceil(100.0 * r->used_bytes / denom) : 0;
        char size[16], used[16], avail[16];
        if (human_sizes) {
            human(r->size_bytes, si, size, sizeof size);
            human(r->used_bytes, si, used, sizeof used);
            human(r->avail_bytes, si, avail, sizeof avail);
        } else {
            snprintf(size, sizeof size, "%.0f", floor(r->size_bytes / 1024.0));
            snprintf(used, sizeof used, "%.0f", floor(r->used_bytes / 1024.0));
            snprintf(avail, sizeof avail, "%.0f", floor(r->avail_bytes / 1024.0));
        }
        if (show_type)
            emu_out_printf(out, "%-*s %-6s %5s %5s %5s %3d%% %s\n", fw, r->source, r->fstype, size, used, avail, pct, r->target);
        else if (human_sizes)
            emu_out_printf(out, "%-*s %5s %5s %5s %3d%% %s\n", fw, r->source, size, used, avail, pct, r->target);
        else
            emu_out_printf(out, "%-*s %13s %13s %13s %3d%% %s\n", fw, r->source, size, used, avail, pct, r->target);
    }
    return status;
}

/* ---- lfs df (Lustre) ---------------------------------------------------------------------------------- */

/* lfs's sizes: powers of 1024 with one decimal and the unit letter (118.7T, 31.2G). */
static void lfs_human(double bytes, char *buf, size_t size)
{
    static const char units[] = "KMGTPE";
    double v = bytes / 1024.0;
    int u = 0;
    while (v >= 1024.0 && u < 5) {
        v /= 1024.0;
        u++;
    }
    snprintf(buf, size, "%.1f%c", v, units[u]);
}

static void lfs_row(emu_out *out, const char *uuid, double size, double used, double avail, bool h,
                    const char *where)
{
    int pct = used + avail > 0 ? (int)(100.0 * used / (used + avail) + 0.999) : 0;
    if (h) {
        char a[16], b[16], c[16];
        lfs_human(size, a, sizeof a);
        lfs_human(used, b, sizeof b);
        lfs_human(avail, c, sizeof c);
        emu_out_printf(out, "%-26s %10s %11s %11s %3d%% %s\n", uuid, a, b, c, pct, where);
    } else {
        emu_out_printf(out, "%-26s %14.0f %14.0f %14.0f %3d%% %s\n", uuid, size / 1024, used / 1024, avail / 1024,
                       pct, where);
    }
}

/* The OSTs of a Lustre mount: the scenario's (osts), else its capacity over OSTs of about 120 TB
 * (a common OST size on current appliances; the count is a modelling choice), 2 to 32 of them. */
int emu_lustre_ost_count(const struct emu_mount *mount)
{
    return lustre_ost_count(mount);
}

static int lustre_ost_count(const emu_mount *mt)
{
    if (mt->n_osts > 0)
        return mt->n_osts;
    int n_ost = (int)(mt->size_bytes / 120e12 + 0.5);
    return n_ost < 2 ? 2 : n_ost > 32 ? 32 : n_ost;
}

/* OST o's size and use: the scenario's list as given; else an even split of the mount's with a
 * small spread (real striping is never exactly even) that sums to zero, so the OSTs add up to
 * df's figure. A full mount (storage_full) fills every OST. */
static void lustre_ost(const emu_world *w, int m, int o, double *size, double *used)
{
    const emu_mount *mt = &w->mounts[m];
    int n = lustre_ost_count(mt);
    bool full = mt->used_bytes >= mt->size_bytes;
    if (mt->full_ost == o + 1) /* ost_full: this one is full, whatever the others hold */
        full = true;
    if (mt->osts_listed) {
        *size = mt->osts[o].size_bytes;
        *used = full ? *size : mt->osts[o].used_bytes;
        return;
    }
    double mean = 0;
    for (int k = 0; k < n; k++)
        mean += emu_sample_at(w, 0, "ost", m, k) / n;
    *size = mt->size_bytes / n;
    *used = full ? *size : mt->used_bytes / n * (1.0 + 0.04 * (emu_sample_at(w, 0, "ost", m, o) - mean));
    if (*used > *size)
        *used = *size;
}

/* `lfs df -i`: inodes per target. The MDT has one inode per 2 KiB of its space (ldiskfs MDT
 * formatting default, Lustre manual "Determining MDT space requirements"); an OST one object per
 * 1 MiB; use follows the space used (the input shards and checkpoints are large files). */
static void lfs_inode_row(emu_out *out, const char *uuid, double inodes, double used, const char *where)
{
    int pct = inodes > 0 ? (int)(100.0 * used / inodes + 0.999) : 0;
    emu_out_printf(out, "%-26s %14.0f %14.0f %14.0f %3d%% %s\n", uuid, inodes, used, inodes - used, pct, where);
}

/* `lfs df [-h] [PATH]`: the Lustre targets of each Lustre mount. The capacity is spread over
 * OSTs of about 120 TB (a common OST size on current appliances; the count is a modelling
 * choice), use varies a little per OST (striping is not perfectly even), and one MDT holds the
 * metadata. A full file system shows every OST at 100%. */
/* A path with its trailing slashes dropped ("/lustre/" -> "/lustre"), into buf. */
static void path_trimmed(const char *path, char *buf, size_t size)
{
    snprintf(buf, size, "%s", path);
    size_t n = strlen(buf);
    while (n > 1 && buf[n - 1] == '/')
        buf[--n] = '\0';
}

/* The layout lfs setstripe gave path on mount mt (mt->layouts), or -1: the mount's default. */
static int layout_at(const emu_mount *mt, const char *path)
{
    char p[64];
    path_trimmed(path, p, sizeof p);
    for (int i = 0; i < mt->n_layouts; i++)
        if (!strcmp(mt->layouts[i].path, p))
            return i;
    return -1;
}

/* `lfs getstripe [-d] DIR`: the default layout new files under a directory of a Lustre mount get
 * (the mount's stripe_count and stripe_size, and stripe_offset -1 where the MDS chooses the OSTs,
 * or the first OST lfs setstripe -i gave), as Lustre 2.x prints it; without -d the directory's
 * name comes first. A path given its own layout by lfs setstripe shows that one. */
static int lfs_getstripe(const emu_world *w, int argc, char **argv, emu_out *out)
{
    bool only_dir = false;
    int shown = 0, status = 0;
    for (int i = 2; i < argc; i++)
        if (!strcmp(argv[i], "-d") || !strcmp(argv[i], "--directory"))
            only_dir = true;
        else if (argv[i][0] == '-') {
            emu_out_printf(out, "lfs getstripe: invalid option '%.64s'\nusage: lfs getstripe [-d] DIRECTORY\n", argv[i]);
            return 1;
        }
    for (int i = 2; i < argc; i++) {
        const char *path = argv[i];
        if (path[0] == '-')
            continue;
        shown++;
        int m = emu_world_find_mount(w, path);
        if (m < 0 || strcmp(w->mounts[m].fstype, "lustre")) {
            emu_out_printf(out, "lfs getstripe: cannot get lov name: Inappropriate ioctl for device (25)\n"
                                "error: getstripe failed for %.128s.\n", path);
            status = 1;
            continue;
        }
        if (!only_dir && emu_lfs_file_layout(w, path, out)) /* a file: its own layout (lfs_files.c) */
            continue;
        const emu_mount *mt = &w->mounts[m];
        int l = layout_at(mt, path);
        int count = l >= 0 ? mt->layouts[l].stripe_count : mt->stripe_count;
        int first = l >= 0 ? mt->layouts[l].stripe_first_ost : mt->stripe_first_ost;
        double size = l >= 0 ? mt->layouts[l].stripe_size_bytes : mt->stripe_size_bytes;
        if (!only_dir)
            emu_out_printf(out, "%.128s\n", path);
        emu_out_printf(out, "stripe_count:  %d stripe_size:   %.0f pattern:       raid0 stripe_offset: %d\n",
                       count, size, first - 1);
    }
    if (!shown) {
        emu_out_printf(out, "lfs getstripe: no file or directory given\nusage: lfs getstripe [-d] DIRECTORY\n");
        return 1;
    }
    return status;
}

/* `lfs setstripe [-c COUNT] [-i INDEX] [-o OSTS] [-S SIZE[KMG]] PATH`: the layout new files get. On the
 * mount's top directory, where the job saves, it is the mount's default (later checkpoint files
 * use it: -i puts each file's first object on that OST, then the next ones in turn); on any
 * other path of the mount it is that path's own (a subdirectory, or the empty file lfs creates
 * where nothing exists), which lfs getstripe shows there and the job's saves never meet. Like
 * the real command it replaces the whole layout: an index not given is -1 (the MDS chooses).
 * A directory's default layout is its owner's to set (or root's): the file system's top
 * directory belongs to root (mode 1777, so every user can create in it), so setting its layout
 * needs sudo; a path the user creates is the user's. */
static int lfs_setstripe(emu_world *w, bool root, int argc, char **argv, emu_out *out)
{
    int count = 0, first = 0, list[EMU_MAX_OSTS], n_list = 0;
    double size = 0;
    const char *dir = NULL, *list_arg = NULL;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        if ((!strcmp(a, "-c") || !strcmp(a, "--stripe-count")) && i + 1 < argc) {
            char *end;
            long v = strtol(argv[++i], &end, 10);
            if (*end || v < -1 || v == 0 || v > EMU_MAX_OSTS) {
                emu_out_printf(out, "lfs setstripe: invalid stripe count '%s'\n", argv[i]);
                return 22;
            }
            count = (int)v;
        } else if ((!strcmp(a, "-o") || !strcmp(a, "--ost") || !strcmp(a, "--ost-list")) && i + 1 < argc) {
            /* -o/--ost: the OSTs by index, ranges allowed (0-3,7); lfs's wording for a bad list */
            const char *p = argv[++i];
            n_list = 0;
            while (*p) {
                char *end;
                long lo = strtol(p, &end, 10), hi = lo;
                if (end == p || lo < 0)
                    n_list = -1;
                else if (*end == '-') {
                    const char *q = end + 1;
                    hi = strtol(q, &end, 10);
                    if (end == q || hi < lo)
                        n_list = -1;
                }
                if (n_list < 0 || (*end && *end != ',') || n_list + (hi - lo + 1) > EMU_MAX_OSTS) {
                    emu_out_printf(out, "error: setstripe: bad OST indices '%s'\n", argv[i]);
                    return 22;
                }
                for (long o = lo; o <= hi; o++)
                    list[n_list++] = (int)o;
                p = *end ? end + 1 : end;
            }
            list_arg = argv[i];
        } else if ((!strcmp(a, "-i") || !strcmp(a, "--stripe-index") || !strcmp(a, "--stripe-offset")) &&
                   i + 1 < argc) {
            char *end;
            long v = strtol(argv[++i], &end, 0);
            if (*end || v < -1 || v >= EMU_MAX_OSTS) {
                emu_out_printf(out, "lfs setstripe: invalid stripe offset '%s'\n", argv[i]);
                return 22;
            }
            first = (int)v + 1;
        } else if ((!strcmp(a, "-S") || !strcmp(a, "--stripe-size")) && i + 1 < argc) {
            char *end;
            double v = emu_strtod(argv[++i], &end);
            v *= *end == 'K' || *end == 'k' ? 1024 : *end == 'M' || *end == 'm' ? 1048576
               : *end == 'G' || *end == 'g' ? 1073741824.0 : 1;
            if (v < 65536) {
                emu_out_printf(out, "lfs setstripe: invalid stripe size '%s'\n", argv[i]);
                return 22;
            }
            size = v;
        } else if (a[0] != '-')
            dir = a;
    }
    int m = dir ? emu_world_find_mount(w, dir) : -1;
    if (!dir || m < 0 || strcmp(w->mounts[m].fstype, "lustre")) {
        emu_out_printf(out, "lfs setstripe: cannot set default striping on '%s': Inappropriate ioctl "
                            "for device\n", dir ? dir : "");
        return 25;
    }
    emu_mount *mt = &w->mounts[m];
    int n_osts = lustre_ost_count(mt);
    if (n_list > 0) {
        /* as lfs: a -c must agree with the list; the first OST listed is the offset */
        if (count > 0 && count != n_list) {
            emu_out_printf(out, "error: setstripe: stripe count '%d' doesn't match the number of OSTs: %d\n",
                           count, n_list);
            return 22;
        }
        /* the layouts here are a first OST and the ones after it in turn: a list that runs so
         * (0-4, or 6,7,0,1) is that layout; any other order or gap is not */
        bool run = true;
        for (int k = 0; k < n_list; k++)
            run &= list[k] < n_osts && list[k] == (list[0] + k) % n_osts && n_list <= n_osts;
        if (!run) {
            emu_out_printf(out, "lfs setstripe: -o %s: not simulated here, only OSTs that follow each other "
                                "in turn (e.g. -o 0-4 or -o 6,7,0,1); or give -c COUNT -i INDEX\n", list_arg);
            return 95;
        }
        count = n_list;
        if (!first)
            first = list[0] + 1;
    }
    if (first > n_osts) {
        emu_out_printf(out, "lfs setstripe: cannot create composite file '%s': Invalid argument\n", dir);
        return 22;
    }
    char path[64];
    path_trimmed(dir, path, sizeof path);
    if (!strcmp(path, mt->target) && !root) {
        emu_out_printf(out, "lfs setstripe: cannot set default striping on dir '%s': Operation not "
                            "permitted\n", dir);
        return 1;
    }
    if (strcmp(path, mt->target)) {
        int l = layout_at(mt, path);
        if (l < 0) {
            if (mt->n_layouts >= (int)(sizeof mt->layouts / sizeof mt->layouts[0])) {
                emu_out_printf(out, "lfs setstripe: cannot create '%s': No space left on device\n", dir);
                return 28;
            }
            l = mt->n_layouts++;
            snprintf(mt->layouts[l].path, sizeof mt->layouts[l].path, "%s", path);
            mt->layouts[l].stripe_count = mt->stripe_count;
            mt->layouts[l].stripe_size_bytes = mt->stripe_size_bytes;
        }
        if (count)
            mt->layouts[l].stripe_count = count;
        mt->layouts[l].stripe_first_ost = first;
        if (size > 0)
            mt->layouts[l].stripe_size_bytes = size;
        emu_world_changed(w);
        return 0;
    }
    if ((count && count != mt->stripe_count) || first != mt->stripe_first_ost) {
        mt->restriped_step = emu_run_unbegun_save_step(w); /* in the layout of now */
        mt->stripe_count_before = mt->stripe_count;
        mt->stripe_first_ost_before = mt->stripe_first_ost;
        if (count)
            mt->stripe_count = count;
        mt->stripe_first_ost = first;
    }
    if (size > 0)
        mt->stripe_size_bytes = size;
    emu_world_changed(w);
    return 0;
}

static int cmd_lfs(emu_context *c, int argc, char **argv, emu_out *out)
{
    const emu_world *w = c->world;
    if (argc >= 2 && !strcmp(argv[1], "getstripe"))
        return lfs_getstripe(w, argc, argv, out);
    if (argc >= 2 && !strcmp(argv[1], "setstripe"))
        return lfs_setstripe(c->world, c->root != 0, argc, argv, out);
    if (argc >= 2 && (!strcmp(argv[1], "quota") || !strcmp(argv[1], "find") || !strcmp(argv[1], "migrate")))
        return emu_lfs_more(c, argc, argv, out);
    if (argc < 2 || (strcmp(argv[1], "df") && strcmp(argv[1], "help") && strcmp(argv[1], "--help"))) {
        if (argc >= 2)
            emu_out_printf(out, "lfs: unknown command '%.64s'\n", argv[1]);
        emu_out_printf(out, "usage: lfs df [-h] [-i] [PATH]\n"
                            "       lfs getstripe [-d] DIRECTORY|FILE\n"
                            "       lfs setstripe [-c COUNT] [-i INDEX] [-o OSTS] [-S SIZE] DIRECTORY\n"
                            "       lfs find DIRECTORY [--ost INDEX] [-type f|d] [-name PATTERN]\n"
                            "       lfs quota [-h] -u USER|-g GROUP MOUNT\n"
                            "       lfs migrate [-c COUNT] [-i INDEX] [-S SIZE] FILE...\n"
                            "Report free space of the Lustre file systems, per MDT and OST, or a directory's layout.\n");
        return argc < 2 ? 0 : 1;
    }
    if (strcmp(argv[1], "df")) {
        emu_out_printf(out, "usage: lfs df [-h] [-i] [PATH]\n");
        return 0;
    }
    bool h = false, inodes = false;
    const char *path = NULL;
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--human-readable"))
            h = true;
        else if (!strcmp(argv[i], "-i") || !strcmp(argv[i], "--inodes"))
            inodes = true;
        else if (!strcmp(argv[i], "-ih") || !strcmp(argv[i], "-hi"))
            h = inodes = true;
        else if (argv[i][0] == '-') {
            emu_out_printf(out, "lfs df: invalid option '%.64s'\nusage: lfs df [-h] [-i] [PATH]\n", argv[i]);
            return 1;
        } else
            path = argv[i];
    }
    int shown = 0;
    for (int m = 0; m < w->n_mounts; m++) {
        const emu_mount *mt = &w->mounts[m];
        if (strcmp(mt->fstype, "lustre"))
            continue;
        if (path && emu_world_find_mount(w, path) != m)
            continue;
        const char *fs = strrchr(mt->source, '/');
        fs = fs ? fs + 1 : mt->source;
        if (shown++)
            emu_out_printf(out, "\n");
        if (inodes) {
            /* -h does not change inode counts (lfs prints them as numbers either way) */
            emu_out_printf(out, "UUID                              Inodes          IUsed          IFree IUse%% Mounted on\n");
            double mdt_inodes, mdt_iused;
            lustre_inodes(mt, &mdt_inodes, &mdt_iused);
            char uuid[48], where[80];
            snprintf(uuid, sizeof uuid, "%.16s-MDT0000_UUID", fs);
            snprintf(where, sizeof where, "%s[MDT:0]", mt->target);
            lfs_inode_row(out, uuid, mdt_inodes, mdt_iused, where);
            int n_ost = lustre_ost_count(mt);
            for (int o = 0; o < n_ost; o++) {
                double ost_size, ost_used;
                lustre_ost(w, m, o, &ost_size, &ost_used);
                double ost_inodes = floor(ost_size / 1048576.0);
                double fill = mt->osts_listed ? (ost_size > 0 ? ost_used / ost_size : 0) : mt->used_bytes / mt->size_bytes;
                double used = floor(ost_inodes * fill * 0.02 *
                                    (1.0 + 0.04 * emu_sample_at(w, 0, "ost", m, o)));
                snprintf(uuid, sizeof uuid, "%.16s-OST%04x_UUID", fs, (unsigned)o);
                snprintf(where, sizeof where, "%s[OST:%d]", mt->target, o);
                lfs_inode_row(out, uuid, ost_inodes, used, where);
            }
            emu_out_printf(out, "\n");
            /* the file system's inodes are the MDT's: every file needs one there */
            lfs_inode_row(out, "filesystem_summary:", mdt_inodes, mdt_iused, mt->target);
            continue;
        }
        emu_out_printf(out, h ? "UUID                             bytes        Used   Available Use%% Mounted on\n"
                              : "UUID                            1K-blocks           Used      Available Use%% Mounted on\n");
        int n_ost = lustre_ost_count(mt);
        char uuid[48], where[80];
        snprintf(uuid, sizeof uuid, "%.16s-MDT0000_UUID", fs);
        snprintf(where, sizeof where, "%s[MDT:0]", mt->target);
        lfs_row(out, uuid, mt->mdt_size_bytes, mt->mdt_used_bytes, mt->mdt_size_bytes - mt->mdt_used_bytes, h, where);
        double total_size = 0, total_used = 0;
        for (int o = 0; o < n_ost; o++) {
            double ost_size, used;
            lustre_ost(w, m, o, &ost_size, &used);
            total_size += ost_size;
            total_used += used;
            snprintf(uuid, sizeof uuid, "%.16s-OST%04x_UUID", fs, (unsigned)o);
            snprintf(where, sizeof where, "%s[OST:%d]", mt->target, o);
            lfs_row(out, uuid, ost_size, used, ost_size - used, h, where);
        }
        emu_out_printf(out, "\n");
        lfs_row(out, "filesystem_summary:", total_size, total_used, total_size - total_used, h, mt->target);
    }
    if (!shown) {
        if (path)
            emu_out_printf(out, "lfs df: %.128s is not on a Lustre file system\n", path);
        return path ? 1 : 0;
    }
    return 0;
}

/* ---- lctl get_param (Lustre client statistics) ------------------------------------------------------ */

/* Lustre's RPC size for bulk reads and writes: 1 MiB (max_pages_per_rpc of 256 4 KiB pages, the
 * long-standing default; Lustre manual "Tuning the Client I/O RPC Stream"). */
#define LUSTRE_RPC_BYTES 1048576.0

/* What one node's Lustre client has done on mount m since it mounted (at boot), at today's rates:
 * counts of operations and their mean latency. The latencies come from the storage model: a
 * metadata RPC takes emu_mount_metadata_latency_ms; a 1 MiB bulk RPC takes its transfer time at an
 * OST's share of the aggregate, inflated by the same queueing (M/M/1: service / (1 - utilisation))
 * the competing writers cause. */
typedef struct lustre_client {
    double elapsed_s;
    double read_calls, read_bytes, write_calls, write_bytes;
    double opens, getattrs;
    double meta_us;           /* mean metadata RPC latency */
    double meta_idle_us;      /* the same with no competing writers */
    double rpc_read_us;       /* mean 1 MiB read RPC latency */
    double rpc_idle_us;       /* the same on an idle file system */
    int n_ost;
    double ost_read_bytes[EMU_MAX_OSTS], ost_write_bytes[EMU_MAX_OSTS]; /* per OST (osc) */
} lustre_client;

static void lustre_client_stats(const emu_world *w, int node, int m, lustre_client *lc)
{
    const emu_mount *mt = &w->mounts[m];
    const emu_job *j = &w->job;
    double step_ms = step_ms_now(w);
    memset(lc, 0, sizeof *lc);
    lc->elapsed_s = w->now_s - w->nodes[node].boot_time_s;
    if (lc->elapsed_s < 1)
        lc->elapsed_s = 1;
    lc->n_ost = lustre_ost_count(mt);
    double rbps = job_read_bytes_per_s(w, node, m, step_ms);
    /* the job runs since its start; before it the client was idle */
    double job_s = j->present ? w->now_s - j->start_time_s : 0;
    if (job_s > lc->elapsed_s)
        job_s = lc->elapsed_s;
    if (job_s < 0)
        job_s = 0;
    double sample = j->sample_bytes > 0 ? j->sample_bytes : LUSTRE_RPC_BYTES;
    lc->read_bytes = rbps * job_s;
    lc->read_calls = lc->read_bytes / sample;
    /* per OST: the reads go where the data is (each OST's share of the space used: the input's
     * objects), the writes where the saves' files have their objects (their sizes and layouts) */
    int n_ost = lc->n_ost < EMU_MAX_OSTS ? lc->n_ost : EMU_MAX_OSTS;
    double used_total = 0;
    for (int o = 0; o < n_ost; o++) {
        double size, used;
        lustre_ost(w, m, o, &size, &used);
        lc->ost_read_bytes[o] = used;
        used_total += used;
    }
    for (int o = 0; o < n_ost; o++)
        lc->ost_read_bytes[o] = used_total > 0 ? lc->read_bytes * lc->ost_read_bytes[o] / used_total
                                               : lc->read_bytes / n_ost;
    emu_checkpoint_ost_bytes(w, node, m, lc->ost_write_bytes, n_ost);
    lc->write_bytes = 0;
    for (int o = 0; o < n_ost; o++)
        lc->write_bytes += lc->ost_write_bytes[o];
    lc->write_calls = lc->write_bytes / LUSTRE_RPC_BYTES;
    double files = j->files_per_sample > 0 ? j->files_per_sample : 1;
    lc->opens = lc->read_calls * files;
    lc->getattrs = lc->opens; /* a loader stats each file before it opens it */
    lc->meta_us = emu_mount_metadata_latency_ms(w, m) * 1e3;
    lc->meta_idle_us = mt->metadata_latency_ms * 1e3;
    double per_ost_mb = mt->read_mb_per_s / lc->n_ost;
    lc->rpc_idle_us = per_ost_mb > 0 ? LUSTRE_RPC_BYTES / (per_ost_mb * 1e6) * 1e6 : 0;
    lc->rpc_read_us = lc->meta_idle_us > 0 ? lc->rpc_idle_us * lc->meta_us / lc->meta_idle_us : lc->rpc_idle_us;
}

/* One counter line as Lustre prints it: name, count, "samples", the unit, then min, max, sum.
 * min_v is the fastest sample (the idle service time for a latency, floor 1), the slowest a
 * queue's tail: max_factor times the mean. */
static void stat_line(emu_out *out, const char *name, double count, const char *unit, double mean, double min_v,
                      double max_factor)
{
    unsigned long long n = (unsigned long long)(count + 0.5);
    if (n == 0)
        return;
    if (mean <= 0) {
        emu_out_printf(out, "%-25s %llu samples [%s]\n", name, n, unit);
        return;
    }
    if (min_v < 1)
        min_v = 1;
    if (min_v > mean)
        min_v = mean;
    emu_out_printf(out, "%-25s %llu samples [%s] %.0f %.0f %.0f\n", name, n, unit, floor(min_v),
                   floor(mean * max_factor), floor(mean * (double)n));
}

/* The file system's name, the last part of the mount's source (10.0.0.251@o2ib:/lustrefs). */
static const char *lustre_fsname(const emu_mount *mt)
{
    const char *fs = strrchr(mt->source, '/');
    return fs ? fs + 1 : mt->source;
}

/* The client instance lctl names its devices and parameters with: the superblock's address,
 * stable per node and mount. */
static unsigned long long lustre_client_instance(const emu_world *w, int node, int mount)
{
    return 0xffff000000000000ULL | ((emu_hash(w->seed, "llite", (uint64_t)node, (uint64_t)mount) & 0xffffffffffULL) << 12);
}

static void stats_header(emu_out *out, const emu_world *w, const lustre_client *lc)
{
    emu_out_printf(out, "%-25s %.9f secs.nsecs\n", "snapshot_time", w->now_s);
    emu_out_printf(out, "%-25s %.9f secs.nsecs\n", "start_time", w->now_s - lc->elapsed_s);
    emu_out_printf(out, "%-25s %.9f secs.nsecs\n", "elapsed_time", lc->elapsed_s);
}

/* Every parameter this client exposes, matched against `pattern` (a glob as lctl takes it);
 * prints the matches (name=value, or the value only with -n) and returns how many matched. */
static int lustre_params(const emu_world *w, int node, const char *pattern, bool values, bool names_only,
                         emu_out *out)
{
    int matched = 0;
    for (int m = 0; m < w->n_mounts; m++) {
        const emu_mount *mt = &w->mounts[m];
        if (strcmp(mt->fstype, "lustre"))
            continue;
        const char *fs = lustre_fsname(mt);
        unsigned long long inst = lustre_client_instance(w, node, m);
        lustre_client lc;
        bool have = false;
        int n_ost = lustre_ost_count(mt);
        /* an OSC's parameters after stats and max_rpcs_in_flight: the OST's space as the
         * client's statfs has it (in KiB, lustre/osc/lproc_osc.c kbytestotal/kbytesfree/
         * kbytesavail), the figures lfs df prints for it (free and available are one here:
         * the model has no reserved blocks) */
        /* in glob(3)'s order, as lctl lists a pattern's matches: by name within a device */
        static const char *const kinds[] = {"stats", "max_rpcs_in_flight", "kbytesavail", "kbytesfree",
                                            "kbytestotal"};
        static const int osc_order[] = {2, 3, 4, 1, 0}, mdc_order[] = {1, 0};
        for (int target = -2; target < n_ost; target++) {
            /* -2: llite, -1: mdc, 0..: the OSCs */
            for (int ki = 0; ki < (target >= 0 ? 5 : 2); ki++) {
                int kind = target >= 0 ? osc_order[ki] : mdc_order[ki];
                char name[128];
                if (target == -2 && kind == 0)
                    snprintf(name, sizeof name, "llite.%.16s-%llx.stats", fs, inst);
                else if (target == -1)
                    snprintf(name, sizeof name, "mdc.%.16s-MDT0000-mdc-%llx.%s", fs, inst, kinds[kind]);
                else if (target >= 0)
                    snprintf(name, sizeof name, "osc.%.16s-OST%04x-osc-%llx.%s", fs, (unsigned)target, inst,
                             kinds[kind]);
                else
                    continue;
                if (!emu_fnmatch(pattern, name))
                    continue;
                matched++;
                if (names_only) {
                    emu_out_printf(out, "%s\n", name);
                    continue;
                }
                if (kind >= 2) {
                    double size, used;
                    lustre_ost(w, m, target, &size, &used);
                    double kib = (kind == 4 ? size : size - used) / 1024; /* as lfs df rounds it */
                    if (values)
                        emu_out_printf(out, "%.0f\n", kib);
                    else
                        emu_out_printf(out, "%s=%.0f\n", name, kib);
                    continue;
                }
                if (kind == 1) {
                    /* defaults: 8 for an OSC, 8 for an MDC (Lustre manual, client RPC tuning) */
                    emu_out_printf(out, values ? "8\n" : "%s=8\n", name);
                    continue;
                }
                if (!have) {
                    lustre_client_stats(w, node, m, &lc);
                    have = true;
                }
                if (!values)
                    emu_out_printf(out, "%s=\n", name);
                stats_header(out, w, &lc);
                if (target == -2) {
                    double rd = lc.read_calls > 0 ? lc.read_bytes / lc.read_calls : 0;
                    /* one read call per file (the loader reads a sample whole); every read is
                     * at least one bulk RPC */
                    double rd_rpcs = rd > LUSTRE_RPC_BYTES ? rd / LUSTRE_RPC_BYTES : 1;
                    stat_line(out, "read_bytes", lc.read_calls, "bytes", rd, rd, 1);
                    stat_line(out, "write_bytes", lc.write_calls, "bytes", LUSTRE_RPC_BYTES, LUSTRE_RPC_BYTES, 1);
                    stat_line(out, "read", lc.read_calls, "usecs", lc.rpc_read_us * rd_rpcs,
                              lc.rpc_idle_us * rd_rpcs, 6);
                    stat_line(out, "write", lc.write_calls, "usecs", lc.rpc_read_us, lc.rpc_idle_us, 6);
                    stat_line(out, "open", lc.opens, "usecs", lc.meta_us * 2, lc.meta_idle_us * 2, 6);
                    stat_line(out, "close", lc.opens, "usecs", lc.meta_us, lc.meta_idle_us, 6);
                    stat_line(out, "getattr", lc.getattrs, "usecs", lc.meta_us, lc.meta_idle_us, 6);
                    stat_line(out, "statfs", lc.elapsed_s / 60, "usecs", lc.meta_us, lc.meta_idle_us, 6);
                } else if (target == -1) {
                    double rpcs = lc.opens * 2 + lc.getattrs; /* open (enqueue), close, getattr */
                    stat_line(out, "req_waittime", rpcs, "usecs", lc.meta_us, lc.meta_idle_us, 6);
                    stat_line(out, "req_active", rpcs, "reqs", 0, 0, 0);
                    stat_line(out, "ldlm_ibits_enqueue", lc.opens, "usecs", lc.meta_us * 1.5, lc.meta_idle_us * 1.5, 6);
                    stat_line(out, "mds_getattr", lc.getattrs, "usecs", lc.meta_us, lc.meta_idle_us, 6);
                    stat_line(out, "mds_close", lc.opens, "usecs", lc.meta_us, lc.meta_idle_us, 6);
                    stat_line(out, "obd_ping", lc.elapsed_s / 25, "usecs", lc.meta_idle_us, lc.meta_idle_us / 2, 3);
                } else {
                    double reads = target < EMU_MAX_OSTS ? lc.ost_read_bytes[target] / LUSTRE_RPC_BYTES : 0;
                    double writes = target < EMU_MAX_OSTS ? lc.ost_write_bytes[target] / LUSTRE_RPC_BYTES : 0;
                    stat_line(out, "req_waittime", reads + writes, "usecs", lc.rpc_read_us, lc.rpc_idle_us, 6);
                    stat_line(out, "req_active", reads + writes, "reqs", 0, 0, 0);
                    stat_line(out, "ost_read", reads, "usecs", lc.rpc_read_us, lc.rpc_idle_us, 6);
                    stat_line(out, "ost_write", writes, "usecs", lc.rpc_read_us, lc.rpc_idle_us, 6);
                    stat_line(out, "obd_ping", lc.elapsed_s / 25, "usecs", lc.meta_idle_us, lc.meta_idle_us / 2, 3);
                }
            }
        }
    }
    return matched;
}

/* `lctl dl` (device_list): the client's Lustre devices, one a line as lctl prints
 * /sys/kernel/debug/lustre/devices: index, state, type, name, UUID, reference count. Per
 * Lustre mount: its management client (MGC and the MGS's NID), the LOV and LMV that join its
 * targets, one MDC for the MDT and one OSC for each OST, named with the client instance that
 * lctl get_param shows. */
static int lctl_dl(const emu_world *w, int node, emu_out *out)
{
    int index = 0;
    for (int m = 0; m < w->n_mounts; m++) {
        const emu_mount *mt = &w->mounts[m];
        if (strcmp(mt->fstype, "lustre"))
            continue;
        const char *fs = lustre_fsname(mt);
        char nid[64];
        snprintf(nid, sizeof nid, "%.*s", (int)strcspn(mt->source, ":"), mt->source);
        unsigned long long inst = lustre_client_instance(w, node, m);
        int n_ost = lustre_ost_count(mt);
        for (int d = -4; d < n_ost; d++) {
            char name[96];
            const char *type = d == -4 ? "mgc" : d == -3 ? "lov" : d == -2 ? "lmv" : d == -1 ? "mdc" : "osc";
            if (d == -4)
                snprintf(name, sizeof name, "MGC%s", nid);
            else if (d == -3 || d == -2)
                snprintf(name, sizeof name, "%.16s-cli%s-%llx", fs, type, inst);
            else if (d == -1)
                snprintf(name, sizeof name, "%.16s-MDT0000-mdc-%llx", fs, inst);
            else
                snprintf(name, sizeof name, "%.16s-OST%04x-osc-%llx", fs, (unsigned)d, inst);
            uint64_t h = emu_hash(w->seed, "lctl-dl", (uint64_t)node, (uint64_t)(index + 1));
            uint64_t h2 = emu_hash(w->seed, "lctl-dl2", (uint64_t)node, (uint64_t)(index + 1));
            emu_out_printf(out, "%3d UP %s %s %08llx-%04llx-%04llx-%04llx-%012llx %d\n", index, type, name,
                           (unsigned long long)(h >> 32), (unsigned long long)((h >> 16) & 0xffff),
                           (unsigned long long)(h & 0xffff), (unsigned long long)(h2 >> 48),
                           (unsigned long long)(h2 & 0xffffffffffffULL), d < -1 && d > -4 ? 4 : 5);
            index++;
        }
    }
    return 0;
}

/* `lctl get_param [-n] PARAM...` and `lctl list_param PARAM...`: the Lustre client's statistics
 * of this node (llite: the file system calls; mdc: metadata RPCs to the MDT; osc: bulk RPCs to
 * each OST), computed from the storage model; and `lctl dl`. */
static int cmd_lctl(emu_context *c, int argc, char **argv, emu_out *out)
{
    const emu_world *w = c->world;
    static const char usage[] = "usage: lctl get_param [-n] PARAM... | lctl list_param PARAM... | lctl dl\n"
                                "  e.g. lctl get_param llite.*.stats mdc.*.stats osc.*.stats\n";
    if (argc < 2 || !strcmp(argv[1], "help") || !strcmp(argv[1], "--help")) {
        emu_out_printf(out, "%s", usage);
        return argc < 2 ? 1 : 0;
    }
    if (!strcmp(argv[1], "dl") || !strcmp(argv[1], "device_list"))
        return lctl_dl(w, c->node, out);
    bool list = !strcmp(argv[1], "list_param");
    if (!list && strcmp(argv[1], "get_param")) {
        emu_out_printf(out, "lctl: unknown command '%.64s'\n%s", argv[1], usage);
        return 1;
    }
    bool values = false;
    int status = 0, n_params = 0;
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "-n") && !list) {
            values = true;
            continue;
        }
        if (argv[i][0] == '-') {
            emu_out_printf(out, "lctl %s: invalid option '%.64s'\n%s", argv[1], argv[i], usage);
            return 1;
        }
        n_params++;
        if (lustre_params(w, c->node, argv[i], values, list, out) == 0) {
            emu_out_printf(out, "error: %s: param_path '%.128s': No such file or directory\n", argv[1], argv[i]);
            status = 2;
        }
    }
    if (!n_params) {
        emu_out_printf(out, "%s", usage);
        return 1;
    }
    return status;
}

/* ---- mount ---------------------------------------------------------------------------------------------- */

static void mount_options(const emu_world *w, int node, const emu_mount *m, char *buf, size_t size)
{
    if (m->options[0]) {
        snprintf(buf, size, "%s", m->options);
        return;
    }
    if (!strncmp(m->fstype, "nfs", 3)) {
        char server[64];
        snprintf(server, sizeof server, "%s", m->source);
        char *colon = strchr(server, ':');
        if (colon)
            *colon = '\0';
        /* the options a default NFS 4.1 mount negotiates (nfs(5)) */
        snprintf(buf, size, "rw,relatime,vers=4.1,rsize=1048576,wsize=1048576,namlen=255,hard,proto=tcp,"
                 "timeo=600,retrans=2,sec=sys,clientaddr=%s,local_lock=none,addr=%s",
                 w->nodes[node].ip, server);
    } else if (!strcmp(m->fstype, "lustre"))
        snprintf(buf, size, "rw,flock,lazystatfs,encrypt");
    else if (!strcmp(m->fstype, "xfs"))
        snprintf(buf, size, "rw,relatime,attr2,inode64,logbufs=8,logbsize=32k,noquota");
    else
        snprintf(buf, size, "rw,relatime");
}

static int cmd_mount(emu_context *c, int argc, char **argv, emu_out *out)
{
    const emu_world *w = c->world;
    const char *type = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if ((!strcmp(a, "-t") || !strcmp(a, "--types")) && i + 1 < argc)
            type = argv[++i];
        else if (!strcmp(a, "-l") || !strcmp(a, "--show-labels"))
            continue;
        else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            emu_out_printf(out, "Usage:\n mount [-lhV]\n mount -a [options]\n mount [options] [--source] <source> | [--target] <directory>\n"
                                "\nOptions:\n -t, --types <list>      limit the set of filesystem types\n -l, --show-labels       show also filesystem labels\n");
            return 0;
        } else if (a[0] == '-') {
            emu_out_printf(out, "mount: unrecognized option '%.64s'\nTry 'mount --help' for more information.\n", a);
            return 1;
        } else {
            emu_out_printf(out, "mount: only root can do that.\n");
            return 1;
        }
    }
    const emu_node *n = &w->nodes[c->node];
    double mem_kb = 0;
    for (int i = 0; i < n->n_numa; i++)
        mem_kb += n->numa[i].size_mb * 1024.0;
    struct {
        const char *src, *dst, *fstype;
        char opts[200];
    } sys[] = {
        {"sysfs", "/sys", "sysfs", "rw,nosuid,nodev,noexec,relatime"},
        {"proc", "/proc", "proc", "rw,nosuid,nodev,noexec,relatime"},
        {"udev", "/dev", "devtmpfs", ""},
        {"tmpfs", "/run", "tmpfs", ""},
        {"/dev/sda2", "/", "ext4", "rw,relatime"},
        {"tmpfs", "/dev/shm", "tmpfs", "rw,nosuid,nodev,inode64"},
        {"/dev/sda1", "/boot/efi", "vfat", "rw,relatime,fmask=0077,dmask=0077,codepage=437,iocharset=iso8859-1,shortname=mixed,errors=remount-ro"},
        {"nvidia-nvswitch", "/dev/nvidia-nvswitchctl", "devtmpfs", ""},
    };
    snprintf(sys[2].opts, sizeof sys[2].opts, "rw,nosuid,relatime,size=%.0fk,nr_inodes=%.0f,mode=755,inode64",
             mem_kb / 2, floor(mem_kb / 8));
    snprintf(sys[3].opts, sizeof sys[3].opts, "rw,nosuid,nodev,noexec,relatime,size=%.0fk,mode=755,inode64",
             floor(mem_kb / 10));
    size_t n_sys = sizeof sys / sizeof sys[0] - 1; /* the nvswitch entry is not a mount: dropped */
    for (size_t i = 0; i < n_sys; i++)
        if (!type || !strcmp(type, sys[i].fstype))
            emu_out_printf(out, "%s on %s type %s (%s)\n", sys[i].src, sys[i].dst, sys[i].fstype, sys[i].opts);
    for (int m = 0; m < w->n_mounts; m++) {
        const emu_mount *mt = &w->mounts[m];
        if (type && strcmp(type, mt->fstype))
            continue;
        char opts[256];
        mount_options(w, c->node, mt, opts, sizeof opts);
        emu_out_printf(out, "%s on %s type %s (%s)\n", mt->source, mt->target, mt->fstype, opts);
    }
    return 0;
}

static const char *const iostat_flags[] = {"-x", "-m", "-k", "-c", "-d", "-y", "-z", "-t", NULL};
static const char *const nfsiostat_flags[] = {"-h", NULL};
static const char *const df_flags[] = {"-h", "-H", "-T", "--help", NULL};
static const char *const mount_flags[] = {"-t", "-l", NULL};
static const char *const lfs_flags[] = {"df", "getstripe", "setstripe", "find", "quota", "-h", "-i", "-d", NULL};
static const char *const lctl_flags[] = {"get_param", "list_param", "-n", "llite.*.stats", "mdc.*.stats",
                                         "osc.*.stats", NULL};

const emu_command emu_cmd_iostat = {
    "iostat", cmd_iostat, "block device and CPU load: r/s, rkB/s, r_await, w/s, aqu-sz, %util",
    EMU_HELP("usage: iostat [-x] [-m] [-c | -d] [-y] [-z] [-t] [INTERVAL [COUNT]]\n"
    "  The first report averages since boot; with INTERVAL each further report covers that many\n"
    "  simulated seconds (without COUNT: three reports). Network file systems (NFS, Lustre) do not\n"
    "  appear in iostat: nfsiostat shows the NFS client's view.\n"),
    iostat_flags,
    .cost = EMU_COST_TOOL
};

const emu_command emu_cmd_nfsiostat = {
    "nfsiostat", cmd_nfsiostat, "per-mount NFS client statistics: ops/s, kB/s, RTT, exe, queue",
    EMU_HELP("usage: nfsiostat [INTERVAL [COUNT]] [MOUNTPOINT]\n"
    "  The first report averages since the mount; with INTERVAL, each next one covers the interval\n"
    "  (the clock moves by it). avg RTT is the server's answer time; avg exe adds the wait on this client. A large exe with\n"
    "  a normal RTT is queueing here; both large is a busy server.\n"),
    nfsiostat_flags,
    .cost = EMU_COST_TOOL
};

const emu_command emu_cmd_df = {
    "df", cmd_df, "file system sizes and use (a full target shows 100%)",
    EMU_HELP("usage: df [-h | -H] [-T] [PATH...]\n"), df_flags,
    .cost = EMU_COST_TOOL
};

const emu_command emu_cmd_mount = {
    "mount", cmd_mount, "list mounted file systems and their options",
    EMU_HELP("usage: mount [-t TYPE]\n  Lists the mounts (NFS options show vers, rsize/wsize, proto, timeo).\n"),
    mount_flags,
    .cost = EMU_COST_TOOL
};

const emu_command emu_cmd_lfs = {
    "lfs", cmd_lfs, "Lustre client: free space per MDT and OST (lfs df), a directory's layout (lfs getstripe)",
    EMU_HELP("usage: lfs df [-h] [-i] [PATH]\n"
    "       lfs getstripe [-d] DIRECTORY|FILE\n"
    "       lfs setstripe [-c COUNT] [-i INDEX] [-o OSTS] [-S SIZE] DIRECTORY\n"
    "       lfs find DIRECTORY [--ost INDEX] [-type f|d] [-name PATTERN]\n"
    "       lfs quota [-h] -u USER MOUNT\n"
    "  df: one line per metadata target (MDT) and object storage target (OST), then the summary;\n"
    "  -i counts inodes (files) instead of bytes.\n"
    "  getstripe: the layout new files in the directory get (-d: only that line): the stripe\n"
    "  count (-1: every OST), the stripe size, and the first OST (-1: the MDS chooses); of a\n"
    "  file, its own layout and the OSTs its objects are on (lfs find --ost lists those).\n"
    "  setstripe: sets that layout: -c stripes, -i the first OST's index, -o the OSTs (0-4),\n"
    "  -S the stripe size.\n"),
    lfs_flags,
    .cost = EMU_COST_TOOL
};

const emu_command emu_cmd_lctl = {
    "lctl", cmd_lctl, "Lustre client statistics: llite, mdc and osc counters with latencies",
    EMU_HELP("usage: lctl get_param [-n] PARAM... | lctl list_param PARAM...\n"
    "  llite.*.stats   the file system calls of this client (read, open, getattr: count, min,\n"
    "                  max, sum in usecs)\n"
    "  mdc.*.stats     metadata RPCs to the MDT: req_waittime is their latency\n"
    "  osc.*.stats     bulk RPCs (1 MiB) to each OST: ost_read, ost_write, req_waittime\n"
    "  osc.*.kbytesavail, kbytesfree, kbytestotal: each OST's space in KiB (as lfs df)\n"
    "  Mean = sum / samples. An idle file system answers a metadata RPC in well under a\n"
    "  millisecond and a 1 MiB read in a few milliseconds.\n"),
    lctl_flags,
    .cost = EMU_COST_TOOL
};
