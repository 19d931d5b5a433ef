/* hca.h: what follows from an HCA's state: lookup by name, counters now, the IB speed name
 * (hca.c). */
#ifndef EMU_MODEL_HCA_H
#define EMU_MODEL_HCA_H

#include "hardware.h"
#include "world.h"

/* The HCA named `name` ("mlx5_3") on a node, or -1. */
int emu_node_find_hca(const emu_world *world, int node, const char *name);

/* The HCA whose netdev is `netdev` on a node, or -1. */
int emu_node_find_netdev(const emu_world *world, int node, const char *netdev);

/* The port counters (perfquery's PortCounters, mlxlink's physical counters) were last cleared
 * this long before the scenario's start (mlxlink's "Time Since Last Clear"): errors of a fault
 * older than that count from the clear. */
#define EMU_HCA_COUNTERS_CLEARED_S (3.0 * 3600)

/* The words a port sent (*xmit) and received (*rcv) in the earlier jobs, between the counters'
 * last clear and the scenario's start: its start counters' data (world.c), and the traffic the
 * leaves' uplinks carried then (fabric.c). A function of the seed, so perfquery -R, which moves
 * the port's start counters, leaves the switches' counters alone. */
void emu_hca_earlier_words(const emu_world *world, int node, int hca, double *xmit, double *rcv);

/* The highest rate a port, the switch port it faces and the cable between them all support:
 * what a healthy link trains at with all its lanes up (the port's own rate, or the cable's when
 * the scenario's cluster.cable carries less: compute ports), and what the tools' "degraded"
 * checks compare the trained rate with (mlxlink's Recommendation, ibdiagnet's Links Speed Check,
 * iblinkinfo's "Could be"), so an HDR cable in an NDR port is a link at its rate, not a fault. */
int emu_hca_supported_rate_gbit_per_s(const emu_world *world, const emu_hca *hca);

/* Counters now: the start values plus what grows with simulated time (traffic of a running job:
 * sent to the ring's next node, received from the previous one's port on the same rail,
 * symbol errors of a marginal link since its fault began or the counters were cleared, whichever
 * is later, xmit_wait of a collision). Written into *out. */
void emu_hca_counters_now(const emu_world *world, int node, int hca, emu_hca_counters *out);

/* The 4-byte words the job's present run has sent out of this compute port since the
 * scenario's start (or since the run began, or the last emu_hca_fold_job_traffic): the node's all-reduce bytes per step
 * (emu_job_node_allreduce_bytes) over its compute ports, times the steps the run made
 * (emu_run_steps_done_at), so it stops growing when the run stops; 0 for a port that is down,
 * not a compute rail, on a node without a multi-node job, or with NCCL_IB_DISABLE. */
double emu_hca_job_words(const emu_world *world, int node, int hca);

/* Adds what the job's present run sent and received through every port since the last fold to
 * the ports' start counters, and counts the traffic from now on (world.run.traffic_from_s): call
 * it before a restarted run replaces the present one (repair.c) and before a port goes down or
 * comes back (faults.c), so that the counters keep what went before and only go up. */
void emu_hca_fold_job_traffic(emu_world *world);

/* The node this port's ring flow goes to (dir +1) or comes from (dir -1), or -1. */
int emu_hca_ring_peer(const emu_world *world, int node, int hca, int dir);

/* What a port's cable or transceiver reports (mlxlink -m): its part from the catalogue, and its
 * digital diagnostics now, per lane. */
typedef struct emu_module_reading {
    const emu_module_spec *spec;
    int length_m;
    char serial[20];
    double temp_c, voltage_mv;
    int lanes;
    double rx_dbm[4], tx_dbm[4], bias_ma[4];
} emu_module_reading;

/* Fills *out for a port: the scenario's cluster.cable on compute ports (else the rate's default).
 * Healthy lanes receive about 0 dBm; a lane the port did not train on (a 2X link of a 4X cable) or
 * every lane of a port with no partner reads no light (-40 dBm, mlxlink's floor); a marginal link
 * (symbol errors) has one weaker lane, near its low alarm when its BER is past 1e-12. */
void emu_hca_module(const emu_world *world, int node, int hca, emu_module_reading *out);

/* The IB speed name of a rate per lane set: "NDR" (400 Gb/s at 4X), "HDR", "EDR", ... */
const char *emu_hca_speed_name(const emu_hca *hca);

#endif
