/* storage.c: shared-storage contention (storage.h): the mount of a path, the read throughput
 * competing writers leave to readers, the metadata latency they queue, the writes served. */
#include <string.h>

#include "storage.h"

/* Two modelling choices without a published figure behind them (what a source would have to
 * measure: an NFS or Lustre server's read throughput and its open/stat latency while writers
 * saturate it). They fix the input-wait lab's figures, so changing them moves that lab.
 *   READ_FLOOR_SHARE: what readers keep of the read rate when writes take all of the servers'
 *     time: a server still interleaves some reads (its nfsd threads or OSS service threads take
 *     requests from every client), never none; 5%.
 *   METADATA_WRITE_SHARE: how much of the data writes' load the metadata path sees: opens and
 *     stats queue behind the writes in the same server threads and network but not on the same
 *     disks; 0.9, which also keeps the M/M/1 response finite (at most 10x the base latency) when
 *     the writes saturate the servers. */
#define READ_FLOOR_SHARE 0.05
#define METADATA_WRITE_SHARE 0.9

int emu_world_find_mount(const emu_world *w, const char *path)
{
    if (!path)
        return -1;
    int best = -1;
    size_t best_len = 0;
    for (int i = 0; i < w->n_mounts; i++) {
        const char *t = w->mounts[i].target;
        size_t len = strlen(t);
        if (!strncmp(path, t, len) && (path[len] == '\0' || path[len] == '/') && len > best_len) {
            best = i;
            best_len = len;
        }
    }
    return best;
}

double emu_mount_write_now_mb_per_s(const emu_world *w, int mount)
{
    if (mount < 0 || mount >= w->n_mounts)
        return 0;
    const emu_mount *m = &w->mounts[mount];
    double demand = m->competing_writers * m->writer_mb_per_s;
    return demand < m->write_mb_per_s ? demand : m->write_mb_per_s;
}

double emu_mount_read_available_mb_per_s(const emu_world *w, int mount)
{
    if (mount < 0 || mount >= w->n_mounts)
        return 0;
    const emu_mount *m = &w->mounts[mount];
    /* reads and writes share the servers' disks and network: the writes served take the share
     * write_now / write_mb_per_s of the servers' time (derived: write_mb_per_s is what they serve
     * when writing alone), and the reads get the rest of theirs at their own full-speed rate */
    double taken = emu_mount_write_now_mb_per_s(w, mount) / m->write_mb_per_s * m->read_mb_per_s;
    double left = m->read_mb_per_s - taken;
    double floor_mb = READ_FLOOR_SHARE * m->read_mb_per_s;
    return left > floor_mb ? left : floor_mb;
}

double emu_mount_metadata_latency_ms(const emu_world *w, int mount)
{
    if (mount < 0 || mount >= w->n_mounts)
        return 0;
    const emu_mount *m = &w->mounts[mount];
    /* M/M/1 queueing: response = service / (1 - utilisation) (Kleinrock, Queueing Systems vol. 1,
     * the M/M/1 mean time in system), the utilisation the writers' share of the servers' time
     * (as above) times METADATA_WRITE_SHARE */
    double u = emu_mount_write_now_mb_per_s(w, mount) / m->write_mb_per_s * METADATA_WRITE_SHARE;
    return m->metadata_latency_ms / (1.0 - u);
}

double emu_mount_client_cap_bytes_per_s(const emu_world *w, int node, int mount, bool write)
{
    if (mount < 0 || mount >= w->n_mounts || node < 0 || node >= w->n_nodes)
        return 0;
    const emu_mount *m = &w->mounts[mount];
    double server = (write ? m->write_mb_per_s : m->read_mb_per_s) * 1e6;
    if (!m->shared)
        return server;
    double client = w->nodes[node].bootstrap_rate_gbit_per_s / 8.0 * 1e9 * 0.95;
    return server < client ? server : client;
}

double emu_mount_streams_write_cap_bytes_per_s(const emu_world *w, int node, int mount, int streams)
{
    double cap = emu_mount_client_cap_bytes_per_s(w, node, mount, true);
    if (cap <= 0 || strcmp(w->mounts[mount].fstype, "lustre"))
        return cap;
    double streamed = (streams > 0 ? streams : 1) * EMU_LUSTRE_STREAM_WRITE_BYTES_PER_S;
    return streamed < cap ? streamed : cap;
}
