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

/* What one of them delivers: the DGX H100/H200 User Guide's power specifications rate each of the
 * six at 3300 W (200-240 V, 16 A). Every system type gets this rating here, not its own: the
 * Redfish PowerSubsystem and the SDR's PSn Input Power threshold read it. */
#define EMU_BMC_PSU_CAPACITY_W 3300

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

/* A SEL record's severity as the BMC's Redfish LogEntry gives it: a deassertion "OK"; an
 * assertion of a failure, a lost redundancy, an uncorrectable or fatal error or a critical
 * threshold "Critical"; a state that is no fault (ACPI power state, presence, log cleared) "OK";
 * any other assertion "Warning". */
const char *emu_sel_severity(const emu_sel *e);

/* A SEL record's event description, one text for every tool: its event, "Asserted" or
 * "Deasserted", and its event data's reading (a DIMM location such as "@P2-DIMMB1") when it has
 * one, joined by sep (ipmitool sel elist: " | "; the Redfish LogEntry Message: " "). Writes at most
 * size bytes (NUL-terminated) into buf and returns buf. */
char *emu_sel_description(const emu_sel *e, const char *sep, char *buf, size_t size);

/* Whether SEL record k of node's BMC is in force now: logged by now, an assertion, and no later
 * deassertion of the same sensor and event. Health counts those that are not "OK". */
bool emu_sel_in_force(const emu_world *world, int node, int k);

/* The system's health as its BMC rolls it up (Redfish Status.Health and HealthRollup): the worst
 * of its sensors' status (cr: Critical, nc: Warning) and of the SEL events in force, "OK" when
 * nothing is wrong. The records in force go into conds (their SEL indexes, at most max, *n_conds
 * of them) when conds is not NULL: Redfish's Status.Conditions. One rollup for every tool that
 * reports health (ipmitool's SEL and sensors show the same facts). */
const char *emu_bmc_health(const emu_world *world, int node, int *conds, int max, int *n_conds);

/* Opens one session with node's BMC over the network (ipmitool -I lanplus, a Redfish request):
 * false when it does not answer (unreachable, resetting, or out of sessions). Counts the
 * session. */
bool emu_bmc_session(emu_world *world, int node);

/* Whether user and password (NULL: not given) are the account the BMCs accept (the scenario's
 * cluster.bmc_user and bmc_password). A BMC refuses a session with any other pair (IPMI v2.0
 * RAKP: the key exchange's HMAC fails with a wrong password, an unknown name is refused), and
 * answers a Redfish request with 401. */
bool emu_bmc_credentials_ok(const emu_world *world, const char *user, const char *password);

/* An IPMI session over the network as a user opens it: EMU_BMC_NO_ANSWER when the BMC does not
 * answer (as emu_bmc_session), EMU_BMC_REFUSED when it answers but refuses the account (no
 * session is counted), else EMU_BMC_SESSION (counted). */
enum { EMU_BMC_SESSION = 0, EMU_BMC_NO_ANSWER = 1, EMU_BMC_REFUSED = 2 };
int emu_bmc_login(emu_world *world, int node, const char *user, const char *password);

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
