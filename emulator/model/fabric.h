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

/* The share (0..1] of a port's rate that the path from node a to node b (the flow's direction)
 * on rail can carry: 1
 * on a healthy non-blocking fabric; less when the path crosses a degraded or congested uplink
 * or a misrouted pair (the fabric faults of world.faults). */
double emu_fabric_path_share(const emu_world *world, int a, int b, int rail);

/* The rate in Gb/s that uplink (0-based) of leaf trained at: the port rate, or what an active
 * fabric_link_degraded fault on it left (iblinkinfo shows it). */
double emu_fabric_uplink_rate_gbit_per_s(const emu_world *world, int leaf, int uplink);

#endif
