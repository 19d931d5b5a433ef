/* fabric.h: the training fabric (fabric.c): leaf switches under spines, one plane of leaves per
 * rail when the fabric is rail-optimized; which leaf a port hangs from, which uplink a flow
 * takes (destination-mod-k routing, as OpenSM's fat-tree routing does), and what is left of a
 * path's bandwidth when a link on it is degraded, congested or misrouted. A link's state is
 * shared by every flow that crosses it. */
#ifndef EMU_MODEL_FABRIC_H
#define EMU_MODEL_FABRIC_H

#include <stddef.h>

#include "world.h"

/* Planes (one per rail when rail-optimized, else 1) and leaves per plane of a cluster. */
int emu_fabric_planes(const emu_cluster_desc *cluster);
int emu_fabric_leaves_per_plane(const emu_cluster_desc *cluster);

/* The leaf (0 .. planes x leaves_per_plane - 1) that node's port on rail hangs from. */
int emu_fabric_leaf_of(const emu_cluster_desc *cluster, int node, int rail);

/* A leaf's name as the fabric's node descriptions give it: "leaf03" (one plane), "r2-leaf01"
 * (rail-optimized: rail 2's first leaf). */
void emu_fabric_leaf_name(const emu_cluster_desc *cluster, int leaf, char *buf, size_t size);

/* The leaf called name, or -1. */
int emu_fabric_leaf_find(const emu_cluster_desc *cluster, const char *name);

/* A leaf's ports: 1 .. nodes_per_leaf face the nodes (port n % nodes_per_leaf + 1 for node n),
 * the next uplinks_per_leaf go up, port nodes_per_leaf + 1 + u for uplink u (0-based) to spine
 * u + 1 (iblinkinfo and ibtracert number them so). The uplink (0-based) that leaf port `port`
 * is, or -1 for a port facing a node or beyond the last uplink. */
int emu_fabric_uplink_of_port(const emu_cluster_desc *cluster, int port);

/* The leaf port of uplink (0-based): nodes_per_leaf + 1 + uplink. */
int emu_fabric_uplink_port(const emu_cluster_desc *cluster, int uplink);

/* The share (0..1] of a port's rate that the path from node a to node b (the flow's direction)
 * on rail can carry: 1
 * on a healthy non-blocking fabric; less when the path crosses a degraded or congested uplink
 * or a misrouted pair (the fabric faults of world.faults). */
double emu_fabric_path_share(const emu_world *world, int a, int b, int rail);

/* The rate in Gb/s that uplink (0-based) of leaf trained at: the port rate, or what an active
 * fabric_link_degraded fault on it left (iblinkinfo shows it). */
double emu_fabric_uplink_rate_gbit_per_s(const emu_world *world, int leaf, int uplink);

/* The uplink (0-based) that flows towards node leave their leaf on, and reach node's leaf on:
 * node's position on its leaf modulo the uplinks (destination-mod-k). */
int emu_fabric_uplink_to(const emu_cluster_desc *cluster, int node);

/* Switch LIDs as ibtracert, iblinkinfo and perfquery give them: leaves from 1000, spines from 2000
 * (the subnet manager's numbering is a modelling choice). Each switch has 64 ports, as an NDR
 * Quantum-2 switch (QM9700: 64 ports of 400 Gb/s in 32 OSFP cages). */
#define EMU_LEAF_LID_BASE 1000
#define EMU_SPINE_LID_BASE 2000
#define EMU_SWITCH_PORTS 64

/* The counters of port (1-based) of the switch whose LID is lid, from the traffic on the link at
 * that port: a leaf's port to an adapter sees the adapter's flows the other way round (what one
 * end sends the other receives; the link's retrains count at both ends); a leaf's uplink, and the
 * spine port at its other end, carry the job ring's flows that leave or enter the leaf through it
 * (destination-mod-k) plus their share of the traffic since the last clear, and a slow uplink's
 * two ends wait to send (PortXmitWait); a port with nothing plugged in reads zero. Returns 0, -1
 * when no switch has that LID, -2 when it has no such port. */
int emu_fabric_port_counters(const emu_world *world, int lid, int port, emu_hca_counters *out);

/* Keeps the job ring's traffic through every uplink since the last fold in the world's uplink
 * counters (world.uplinks): emu_hca_fold_job_traffic calls it before the ports' job traffic
 * starts again from zero, so the switches' counters only go up as the adapters' do. */
void emu_fabric_fold_uplinks(emu_world *world);

#endif
