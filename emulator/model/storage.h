/* storage.h: what follows from the mounts' state: the mount of a path, read throughput left to
 * readers, metadata latency, write throughput served (storage.c). */
#ifndef EMU_MODEL_STORAGE_H
#define EMU_MODEL_STORAGE_H

#include "world.h"

/* The mount whose target is `path` or contains it ("/data/shard-1" -> "/data"), or -1. */
int emu_world_find_mount(const emu_world *world, const char *path);

/* Read throughput left for readers (MB/s): the aggregate minus what competing writers take, never
 * below 5% of the aggregate (a server still interleaves some reads). */
double emu_mount_read_available_mb_per_s(const emu_world *world, int mount);

/* Metadata latency now (ms): the base latency, inflated by queueing behind writers' data. */
double emu_mount_metadata_latency_ms(const emu_world *world, int mount);

/* Total write throughput being served now (MB/s): competing writers, capped by write_mb_per_s. */
double emu_mount_write_now_mb_per_s(const emu_world *world, int mount);

/* The most one client node can move to or from mount m, bytes per second, in one direction
 * (write: false reads, true writes): a network mount's server capacity for that direction and
 * the node's front-end bond at 0.95 of its line rate (Ethernet framing and TCP/IP headers at a
 * 1500-byte MTU: 1460 of 1538 bytes on the wire); a local mount's device rate. */
double emu_mount_client_cap_bytes_per_s(const emu_world *world, int node, int mount, bool write);

/* The most one writing stream gets on a Lustre mount, bytes per second: one process writing
 * its file sequentially with buffered write(2) (dd, or one rank's torch.save of its checkpoint
 * shard), whatever the file's striping and the client's link. Dell's Lustre reference
 * configurations measured one client with one IOzone thread (1 MiB records, sequential) at
 * about 1 GB/s of writes, against 15 GB/s for the servers with many threads: "Dell HPC Lustre
 * Storage solution with Mellanox Infiniband EDR" (section 4.1, N-to-N sequential: "Single
 * client performance were consistent at around 1GB/s to 1.5GB/s for writes and reads") and
 * "Dell HPC Lustre Storage solution with Intel Omni-Path" (4.1: "1GB/s to 1.3GB/s for writes
 * and reads respectively"). A client with more streams gets more, up to its link
 * (emu_mount_client_cap_bytes_per_s; the Lustre Operations Manual's table 1.1 gives a single
 * client about 90 % of its network bandwidth). */
#define EMU_LUSTRE_STREAM_WRITE_BYTES_PER_S 1.0e9

/* The most `streams` writers on one client node write to mount m together, bytes per second:
 * emu_mount_client_cap_bytes_per_s, and on a Lustre mount at most streams x
 * EMU_LUSTRE_STREAM_WRITE_BYTES_PER_S. */
double emu_mount_streams_write_cap_bytes_per_s(const emu_world *world, int node, int mount, int streams);

#endif
