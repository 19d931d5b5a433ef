/* bmc.h: a node's BMC as its clients see it (bmc.c): whether it answers a session, its sensor
 * readings (the SDR: temperatures from the GPUs' and the host's state, fans, each power
 * supply's status and input power) and its cold reset. ipmitool and the Redfish service read
 * the same readings and the same SEL, so the two never disagree. */
#ifndef EMU_MODEL_BMC_H
#define EMU_MODEL_BMC_H

#include <stdbool.h>

#include "world.h"

/* How many power supplies a node has (a DGX H100 has six; the SDR numbers them PS1..PS6). */
#define EMU_BMC_PSUS 6

/* One SDR sensor. */
typedef struct emu_sensor {
    char name[24];       /* "GPU3 Temp", "PS2 Status", "PS2 Input Power" */
    const char *type;    /* "Temperature", "Fan", "Power Supply", "Current" */
    double value;        /* degrees C, RPM, W; NAN for discrete sensors and no reading */
    const char *unit;    /* "degrees C", "RPM", "Watts", "discrete" */
    const char *status;  /* "ok", "nc" (non-critical), "cr" (critical), "ns" (no reading) */
    double unc, ucr;     /* upper non-critical and critical thresholds, NAN for none */
    const char *state;   /* a discrete sensor's state: "Presence detected", "Failure detected" */
    int id;              /* its SDR record number */
} emu_sensor;

/* The BMC of node's sensors now into out (at most max). Returns the count. */
int emu_bmc_sensors(const emu_world *world, int node, emu_sensor *out, int max);

/* Whether a supply's status reads failed (a real failure or a stale sensor). */
bool emu_bmc_psu_reads_failed(const emu_world *world, int node, int psu);

/* Opens one session with node's BMC over the network (ipmitool -I lanplus, a Redfish request):
 * false when it does not answer (unreachable, resetting, or out of sessions). Counts the
 * session. */
bool emu_bmc_session(emu_world *world, int node);

/* `mc reset cold`: the BMC reboots (about a minute without an answer), its session table and
 * its sensors start afresh: a stale supply status reads the supply again and a power brake it
 * asserted for it is released; a real failure stays. */
void emu_bmc_cold_reset(emu_world *world, int node);

/* The BMC watching its GPU temperature sensors as the clock moves: a sensor whose last SEL event
 * is an asserted "Upper Critical going high" and that now reads below the threshold (the job
 * ended or was cancelled and the GPU idles, the host lost power) gets its deassertion, logged
 * when the GPU stopped drawing: the job's cancel, its host's loss of power or its end when that
 * falls after the assertion, else now. Called by emu_world_advance. */
void emu_bmc_watch_gpu_temps(emu_world *world);

/* The seconds a BMC takes to come back after a cold reset (AMI MegaRAC BMCs of DGX-class
 * systems: one to two minutes; a modelling choice inside that range). */
#define EMU_BMC_RESET_S 75.0

#endif
