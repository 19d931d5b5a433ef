/* ipmitool.c: `ipmitool [-I lanplus -H BMC -U USER -P PASS] chassis power status|on|off|cycle`,
 * `sel list|elist|info`, `sdr [type T]` and `sensor`, answered by the node's BMC in the model; an
 * unreachable BMC fails as the real tool does (tool-formats.md section 11). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "full_only.h"
#include "tools.h"
#include "model/bmc.h"
#include "model/gpu.h"
#include "model/job.h"
#include "model/repair.h"
#include "model/rng.h"
#include "model/telemetry.h"
#include "model/world.h"

static const char usage[] =
    "usage: ipmitool [-I open|lan|lanplus] [-H BMC] [-U USER] [-P PASSWORD] COMMAND\n"
    "  chassis status | chassis power status|on|off|cycle|reset|soft\n"
    "  sel list | sel elist | sel info | sel save FILE | sol activate\n"
    "  sdr [list | type Temperature|Fan|\"Power Supply\"|Current] | sensor\n"
    "  mc reset cold | mc info\n";

/* The node whose BMC answers to host (name "node02-bmc" or address), or -1. */
static int find_bmc(const emu_world *w, const char *host)
{
    for (int i = 0; i < w->n_nodes; i++)
        if (!strcmp(host, w->nodes[i].bmc.address) || !strcmp(host, w->nodes[i].bmc.ip))
            return i;
    return -1;
}

/* The sensor type a SEL record's sensor text starts with (ipmitool's sensor type names, the
 * longest that fits), its length in *len; the first word when none fits. */
static const char *sel_type(const char *sensor, size_t *len)
{
    static const char *const types[] = {"System ACPI Power State", "Critical Interrupt", "Power Supply",
                                        "Power Unit", "Temperature", "Voltage", "Current", "Fan",
                                        "Memory", "Processor", "System Event", "OS Boot",
                                        "Drive Slot / Bay", "Event Logging Disabled", "Watchdog"};
    for (size_t k = 0; k < sizeof types / sizeof types[0]; k++) {
        size_t n = strlen(types[k]);
        if (!strncmp(sensor, types[k], n) && (sensor[n] == ' ' || !sensor[n])) {
            *len = n;
            return sensor;
        }
    }
    *len = strcspn(sensor, " ");
    return sensor;
}

/* The sensor number of a SEL record's sensor: the one its text gives ("Memory #0x87"), else
 * its SDR record's (the number `sdr` prints, e.g. 24h), else a stable one of its name: one
 * record, one number, whichever listing shows it. */
static unsigned sel_sensor_number(const emu_world *w, int node, const char *sensor, size_t type_len)
{
    const char *hash = strstr(sensor, "#0x");
    if (hash)
        return (unsigned)strtoul(hash + 3, NULL, 16);
    emu_sensor r[96];
    int n = emu_bmc_sensors(w, node, r, 96);
    const char *name = sensor[type_len] ? sensor + type_len + 1 : "";
    for (int k = 0; k < n; k++)
        if (!strcmp(r[k].name, name) && !strncmp(r[k].type, sensor, type_len) && !r[k].type[type_len])
            return (unsigned)r[k].id;
    return (unsigned)(emu_hash(0, sensor, 0, 0) % 0x60) + 0x10;
}

static void sel_line(const emu_world *w, int node, const emu_sel *e, int id, bool extended, emu_out *out)
{
    char date[16], tm[16];
    emu_format_utc(e->time_s, "%m/%d/%Y", date, sizeof date);
    emu_format_utc(e->time_s, "%H:%M:%S", tm, sizeof tm);
    if (extended) {
        char desc[160];
        emu_out_printf(out, "%4x | %s | %s | %s | %s\n", id, date, tm, e->sensor,
                       emu_sel_description(e, " | ", desc, sizeof desc));
    } else {
        /* sel list names the sensor by type and number instead of its SDR name */
        size_t type_len;
        const char *type = sel_type(e->sensor, &type_len);
        emu_out_printf(out, "%4x | %s | %s | %.*s #0x%02x | %s | %s\n", id, date, tm, (int)type_len, type,
                       sel_sensor_number(w, node, e->sensor, type_len), e->event,
                       e->asserted ? "Asserted" : "Deasserted");
    }
}

/* ---- sensors ------------------------------------------------------------------------------- */

static int show_sensors(const emu_world *w, int node, const char *type, bool table, emu_out *out)
{
    emu_sensor r[48];
    int n = emu_bmc_sensors(w, node, r, 48);
    int shown = 0;
    for (int i = 0; i < n; i++) {
        if (type && strcasecmp(type, r[i].type))
            continue;
        shown++;
        bool discrete = !strcmp(r[i].unit, "discrete");
        if (table) { /* ipmitool sensor: name | value | unit | status | lnr lcr lnc unc ucr unr */
            char v[16], unc[16], ucr[16];
            if (isnan(r[i].value))
                snprintf(v, sizeof v, "%s", discrete ? (strcmp(r[i].status, "ok") ? "0x0280" : "0x0180") : "na");
            else
                snprintf(v, sizeof v, "%.3f", r[i].value);
            snprintf(unc, sizeof unc, isnan(r[i].unc) ? "na" : "%.3f", r[i].unc);
            snprintf(ucr, sizeof ucr, isnan(r[i].ucr) ? "na" : "%.3f", r[i].ucr);
            emu_out_printf(out, "%-16s | %-10s | %-10s | %-5s | %-9s | %-9s | %-9s | %-9s | %-9s | %-9s\n",
                           r[i].name, v, r[i].unit, discrete || !isnan(r[i].value) ? r[i].status : "na",
                           "na", "na", "na", unc, ucr, "na");
        } else { /* ipmitool sdr: name | id | status | entity | reading */
            char v[40];
            if (discrete)
                snprintf(v, sizeof v, "%s", r[i].state);
            else if (isnan(r[i].value))
                snprintf(v, sizeof v, "No Reading");
            else
                snprintf(v, sizeof v, "%.0f %s", r[i].value, r[i].unit);
            emu_out_printf(out, "%-16s | %02Xh | %-3s | %4.1f | %s\n", r[i].name, r[i].id, r[i].status,
                           !strcmp(r[i].type, "Temperature") ? 7.1 : !strcmp(r[i].type, "Fan") ? 29.1 : 10.1,
                           v);
        }
    }
    if (!shown && type) {
        emu_out_printf(out, "Invalid sensor type: %s\n", type);
        return 1;
    }
    return 0;
}

/* `ipmitool dcmi power reading`: the node's input power, the sum of its supplies' Input Power
 * sensors (the same SDR readings, bmc.h), over a one-second sampling period, in ipmitool's
 * layout (ipmi_dcmi.c: labels padded to 42 columns, %8d Watts, the timestamp as ctime). */
static int dcmi_power_reading(const emu_world *w, int node, emu_out *out)
{
    emu_sensor s[96];
    int n = emu_bmc_sensors(w, node, s, 96);
    double watts = 0;
    for (int k = 0; k < n; k++)
        if (strstr(s[k].name, "Input Power") && s[k].value == s[k].value)
            watts += s[k].value;
    /* one second of samples around the instantaneous one: the supplies' ripple of a few watts */
    double lo = watts * (1 - 0.004 * (1.5 + emu_sample(w, "dcmi-lo", node, 0)));
    double hi = watts * (1 + 0.004 * (1.5 + emu_sample(w, "dcmi-hi", node, 0)));
    char ts[40];
    emu_format_utc(w->now_s, "%a %b %e %H:%M:%S %Y", ts, sizeof ts);
    emu_out_printf(out, "\n    Instantaneous power reading:              %8.0f Watts\n"
                        "    Minimum during sampling period:           %8.0f Watts\n"
                        "    Maximum during sampling period:           %8.0f Watts\n"
                        "    Average power reading over sample period: %8.0f Watts\n"
                        "    IPMI timestamp:                           %s\n"
                        "    Sampling period:                          00000001 Seconds.\n"
                        "    Power reading state is:                   activated\n\n\n",
                   watts, lo, hi, (lo + hi + watts) / 3, ts);
    return 0;
}

/* `ipmitool -I lanplus ... sol activate`: the host's serial console through its BMC. SOL streams
 * what the serial line prints from now on, no history: a running host's getty answers the Enter
 * the simulated user types with its banner (/etc/issue) and login prompt; a hung kernel, a host
 * that is off or still booting prints nothing. The session is then left with ~. as a person
 * would (ipmitool lib/ipmi_sol.c: the operational banner, "~. [terminated ipmitool]"). */
static int sol(emu_world *w, int node, const char *iface, const char *op, emu_out *out)
{
    if (!strcmp(op, "activate")) {
        if (strcmp(iface, "lanplus")) {
            emu_out_printf(out, "Error: This command is only available over the lanplus interface\n");
            return 1;
        }
        const emu_node *n = &w->nodes[node];
        emu_out_printf(out, "[SOL Session operational.  Use ~? for help]\n");
        if (emu_node_reachable(w, node))
            emu_out_printf(out, "\nUbuntu %s LTS %s ttyS0\n\n%s login: ", w->os_version, n->name, n->name);
        emu_out_printf(out, "~. [terminated ipmitool]\n(simulated: what the console printed after one Enter, "
                            "then ~. to leave)\n");
        return 0;
    }
    if (!strcmp(op, "deactivate")) {
        emu_out_printf(out, "Info: SOL payload already de-activated\n");
        return 0;
    }
    emu_out_printf(out, "SOL Commands: info [<channel number>]\n"
                        "              activate [<usesolkeepalive|nokeepalive>] [instance=<number>]\n"
                        "              deactivate [instance=<number>]\n");
    return 1;
}

/* `ipmitool chassis status`: the Get Chassis Status answer as ipmitool's ipmi_chassis.c prints
 * it (IPMI v2.0 section 28.2): the power the BMC reports (it can be stale: bmc_stale_power), the
 * last power event (ac-failed: the host lost its input power; command: an IPMI or Redfish power
 * command), and the fault bits, which no fault of the model sets. The restore policy is the
 * BMC's configured one: always-off (the default of e.g. Cisco Intersight's power policy; a
 * setting, not a measurement). */
static void chassis_status(const emu_node *n, emu_out *out)
{
    const char *event = n->bmc.power_by_command             ? "command"
                        : !n->powered_on && n->power_lost_s > 0 ? "ac-failed "
                                                                : "";
    emu_out_printf(out,
                   "System Power         : %s\n"
                   "Power Overload       : false\n"
                   "Power Interlock      : inactive\n"
                   "Main Power Fault     : false\n"
                   "Power Control Fault  : false\n"
                   "Power Restore Policy : always-off\n"
                   "Last Power Event     : %s\n"
                   "Chassis Intrusion    : inactive\n"
                   "Front-Panel Lockout  : inactive\n"
                   "Drive Fault          : false\n"
                   "Cooling/Fan Fault    : false\n",
                   n->bmc.reports_power_on ? "on" : "off", event);
}

static int cmd_ipmitool(emu_context *c, int argc, char **argv, emu_out *out)
{
    emu_world *w = c->world;
    const char *iface = "open", *host = NULL, *user = NULL, *pass = NULL;
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-I") && i + 1 < argc)
            iface = argv[++i];
        else if (!strcmp(a, "-H") && i + 1 < argc)
            host = argv[++i];
        else if (!strcmp(a, "-U") && i + 1 < argc)
            user = argv[++i];
        else if (!strcmp(a, "-P") && i + 1 < argc)
            pass = argv[++i];
        else if (!strcmp(a, "-E")) { /* the password from the environment (ipmitool(1)) */
            pass = c->getenv ? c->getenv(c, "IPMI_PASSWORD") : NULL;
            if (!pass) {
                emu_out_printf(out, "Unable to read password from environment\n");
                return 1;
            }
        }
        else if (!strcmp(a, "-h")) {
            EMU_FULL_MODULE_ONLY(); /* the usage text is the full module's (full_only.h) */
            emu_out_printf(out, "%s", usage);
            return 0;
        } else {
            EMU_FULL_MODULE_ONLY();
            emu_out_printf(out, "ipmitool: invalid option -- '%s'\n%s", a + 1, usage);
            return 1;
        }
    }
    if (strcmp(iface, "open") && strcmp(iface, "lan") && strcmp(iface, "lanplus")) {
        emu_out_printf(out, "Invalid interface: %s\n", iface);
        return 1;
    }
    if (i >= argc) {
        EMU_FULL_MODULE_ONLY();
        emu_out_printf(out, "No command provided!\n%s", usage);
        return 1;
    }
    /* which BMC answers: the local one through /dev/ipmi0, or a remote one over the network */
    int node = c->node;
    if (host) {
        if (!strcmp(iface, "open"))
            iface = "lan";
        node = find_bmc(w, host);
        if (node < 0) {
            emu_out_printf(out, "Address lookup for %s failed\n", host);
            emu_out_printf(out, "Error: Unable to establish %s\n",
                           !strcmp(iface, "lanplus") ? "IPMI v2 / RMCP+ session" : "LAN session");
            return 1;
        }
        if (!pass) {
            emu_out_printf(out, "Password: \nError: Unable to establish %s\n",
                           !strcmp(iface, "lanplus") ? "IPMI v2 / RMCP+ session" : "LAN session");
            return 1;
        }
        int login = emu_bmc_login(w, node, user, pass);
        if (login == EMU_BMC_NO_ANSWER)
            emu_world_advance(w, 20); /* the tool retries before giving up */
        if (login != EMU_BMC_SESSION) {
            /* a wrong account fails in the RAKP exchange with the same line (ipmitool's lanplus
             * prints "RAKP 2 HMAC is invalid" only with -v: ipmitool/ipmitool#344,
             * openbmc/phosphor-net-ipmid#24) */
            if (!strcmp(iface, "lanplus"))
                emu_out_printf(out, "Error: Unable to establish IPMI v2 / RMCP+ session\n");
            else
                emu_out_printf(out, "Error: Unable to establish LAN session\n");
            return 1;
        }
    } else if (!w->nodes[node].bmc.reachable) {
        /* a BMC that does not answer the host's KCS interface is not found when ipmi_si probes
         * it at boot, so no /dev/ipmi0 is created (Linux Documentation/driver-api/ipmi.rst: the
         * device files come from ipmi_devintf for each interface the driver registered); a
         * missing path fails the open with ENOENT before any permission check (path_resolution(7)),
         * so a user and root see the same line */
        emu_out_printf(out, "Could not open device at /dev/ipmi0 or /dev/ipmi/0 or /dev/ipmidev/0: "
                            "No such file or directory\n");
        return 1;
    } else if (!c->root) {
        /* /dev/ipmi0 is crw------- root (lovoo/ipmi_exporter#9); ipmitool's open interface
         * reports the failed open with strerror (ipmitool src/plugins/open/open.c) */
        emu_out_printf(out, "Could not open device at /dev/ipmi0 or /dev/ipmi/0 or /dev/ipmidev/0: "
                            "Permission denied\n");
        return 1;
    } else if (w->now_s < w->nodes[node].bmc.reset_until_s) {
        /* the in-band path goes through the host's own BMC interface */
        emu_out_printf(out, "Could not open device at /dev/ipmi0 or /dev/ipmi/0 or /dev/ipmidev/0: "
                            "No such file or directory\n");
        return 1;
    }
    emu_node *n = &w->nodes[node];
    const char *cmd = argv[i];
    if (!strcmp(cmd, "chassis")) {
        if (i + 1 < argc && !strcmp(argv[i + 1], "status")) {
            chassis_status(n, out);
            return 0;
        }
        if (i + 2 < argc + 0 && !strcmp(argv[i + 1], "power")) {
            const char *op = argv[i + 2];
            if (!strcmp(op, "status")) {
                emu_out_printf(out, "Chassis Power is %s\n", n->bmc.reports_power_on ? "on" : "off");
                return 0;
            }
            if (!strcmp(op, "soft") || !strcmp(op, "acpi")) {
                /* an ACPI power-button press: a running OS shuts itself down; a hung kernel
                 * never hears it, and the BMC has accepted the command all the same
                 * (ipmitool lib/ipmi_chassis.c, IPMI_CHASSIS_CTL_ACPI_SOFT) */
                if (n->powered_on && n->frozen_s <= 0) {
                    emu_node_power(w, node, false);
                    n->bmc.power_by_command = true;
                }
                emu_out_printf(out, "Chassis Power Control: Soft\n");
                return 0;
            }
            if (!strcmp(op, "on") || !strcmp(op, "off") || !strcmp(op, "cycle") ||
                !strcmp(op, "reset")) {
                /* on boots a host that is off; cycle and reset reboot one that is on (or hung) */
                if (!strcmp(op, "on") || !n->powered_on)
                    emu_node_power(w, node, !strcmp(op, "on"));
                else if (!strcmp(op, "off"))
                    emu_node_power(w, node, false);
                else
                    emu_node_power_cycle(w, node);
                n->bmc.power_by_command = true;
                emu_out_printf(out, "Chassis Power Control: %s\n",
                               !strcmp(op, "on") ? "Up/On" : !strcmp(op, "off") ? "Down/Off"
                                                         : !strcmp(op, "cycle") ? "Cycle" : "Reset");
                return 0;
            }
        }
        emu_out_printf(out, "chassis power Commands: status, on, off, cycle, reset, diag, soft\n");
        return 1;
    }
    if (!strcmp(cmd, "sel")) {
        const char *op = i + 1 < argc ? argv[i + 1] : "info";
        /* the labs' lines read the SEL with elist (and list); the rest is the full module's
         * (full_only.h) */
        if (strcmp(op, "list") && strcmp(op, "elist"))
            EMU_FULL_MODULE_ONLY();
        if (!strcmp(op, "info")) {
            char last[40] = "NA";
            if (n->bmc.n_sel)
                emu_format_utc(n->bmc.sel[n->bmc.n_sel - 1].time_s, "%m/%d/%Y %H:%M:%S", last, sizeof last);
            emu_out_printf(out, "SEL Information\nVersion          : 1.5 (v1.5, v2 compliant)\n"
                                "Entries          : %d\nFree Space       : %d bytes\n"
                                "Percent Used     : %d%%\nLast Add Time    : %s\n"
                                "Overflow         : false\n",
                           n->bmc.n_sel, 65535 - 16 * n->bmc.n_sel, (16 * n->bmc.n_sel * 100) / 65535, last);
            return 0;
        }
        bool save = !strcmp(op, "save");
        if (save && i + 2 >= argc) {
            emu_out_printf(out, "usage: sel save <filename>\n");
            return 1;
        }
        if (!strcmp(op, "list") || !strcmp(op, "elist") || save) {
            /* save prints each record as list does while it writes the file (ipmitool
             * lib/ipmi_sel.c: __ipmi_sel_savelist_entries) */
            if (save)
                op = "list";
            if (n->bmc.n_sel == 0) {
                emu_out_printf(out, "SEL has no entries\n");
                return 0;
            }
            int shown = 0;
            for (int k = 0; k < n->bmc.n_sel; k++) {
                if (n->bmc.sel[k].time_s > w->now_s)
                    continue;
                sel_line(w, node, &n->bmc.sel[k], k + 1, !strcmp(op, "elist"), out);
                shown++;
            }
            if (!shown)
                emu_out_printf(out, "SEL has no entries\n");
            if (save)
                emu_out_printf(out, "ipmitool: %.128s not written: this simulated shell writes no files (the "
                                    "records above are what it would hold)\n", argv[i + 2]);
            return 0;
        }
        if (!strcmp(op, "time") && i + 2 < argc && !strcmp(argv[i + 2], "get")) {
            /* the BMC's clock: NTP-synchronised with the host's here, so the same time */
            char now[32];
            emu_format_utc(w->now_s, "%m/%d/%Y %H:%M:%S", now, sizeof now);
            emu_out_printf(out, "%s\n", now);
            return 0;
        }
        emu_out_printf(out, "SEL Commands:  info clear delete list elist get add time save readraw "
                            "writeraw interpret\n");
        return 1;
    }
    /* no lab's line uses mc, sensor, sol or dcmi: the full module's (full_only.h) */
    if (!strcmp(cmd, "mc") || !strcmp(cmd, "sensor") || !strcmp(cmd, "sol") || !strcmp(cmd, "dcmi"))
        EMU_FULL_MODULE_ONLY();
    if (!strcmp(cmd, "mc")) {
        const char *op = i + 1 < argc ? argv[i + 1] : "";
        if (!strcmp(op, "reset") && i + 2 < argc &&
            (!strcmp(argv[i + 2], "cold") || !strcmp(argv[i + 2], "warm"))) {
            emu_bmc_cold_reset(w, node);
            emu_world_refresh(w);
            emu_out_printf(out, "Sent %s reset command to MC\n", argv[i + 2]);
            return 0;
        }
        if (!strcmp(op, "info")) {
            emu_out_printf(out, "Device ID                 : 32\nDevice Revision           : 1\n"
                                "Firmware Revision         : 25.06\nIPMI Version              : 2.0\n"
                                "Manufacturer ID           : 5703\nManufacturer Name         : NVIDIA\n"
                                "Product ID                : 40  (0x0028)\nDevice Available          : yes\n");
            return 0;
        }
        emu_out_printf(out, "MC Commands:\n  reset <warm|cold>\n  guid\n  info\n  watchdog <get|reset|off>\n"
                            "  selftest\n  getenables\n  setenables <option=on|off> ...\n");
        return 1;
    }
    if (!strcmp(cmd, "sensor") && (i + 1 >= argc || !strcmp(argv[i + 1], "list")))
        return show_sensors(w, node, NULL, true, out);
    if (!strcmp(cmd, "sdr")) {
        if (i + 1 >= argc || !strcmp(argv[i + 1], "list") || !strcmp(argv[i + 1], "elist"))
            return show_sensors(w, node, NULL, false, out);
        if (!strcmp(argv[i + 1], "type") && i + 2 < argc)
            return show_sensors(w, node, argv[i + 2], false, out);
        emu_out_printf(out, "usage: sdr <command> [options]\n  list | elist | type TYPE\n");
        return 1;
    }
    if (!strcmp(cmd, "sol"))
        return sol(w, node, iface, i + 1 < argc ? argv[i + 1] : "", out);
    if (!strcmp(cmd, "dcmi")) {
        if (i + 2 < argc && !strcmp(argv[i + 1], "power") && !strcmp(argv[i + 2], "reading"))
            return dcmi_power_reading(w, node, out);
        if (i + 2 < argc && !strcmp(argv[i + 1], "power") && !strcmp(argv[i + 2], "get_limit")) {
            /* no platform power limit is set on these BMCs (the model has none): completion
             * code 0x80, which ipmitool prints as No Active Power Limit with the stored fields
             * (lib/ipmi_dcmi.c ipmi_dcmi_pwr_prnt_glimit) */
            emu_out_printf(out, "\n    Current Limit State: No Active Power Limit\n"
                                "    Exception actions:   Hard Power Off & Log Event to SEL\n"
                                "    Power Limit:         0 Watts\n    Correction time:     0 milliseconds\n"
                                "    Sampling period:     0 seconds\n\n");
            return 0;
        }
        emu_out_printf(out, "DCMI Commands:\n\tdiscover\n\tpower\n\tsensors\n\tasset_tag\n"
                            "\tset_asset_tag\n\tget_mc_id_string\n\tset_mc_id_string\n\tthermalpolicy\n"
                            "\tget_temp_reading\n\tget_conf_param\n\tset_conf_param\n\toob_discover\n");
        return 1;
    }
    emu_out_printf(out, "Invalid command: %s\n", cmd);
    return 1;
}

static const char *const ipmitool_flags[] = {"-I", "lanplus", "-H", "-U", "-P", "chassis", "power",
                                             "status", "sel", "elist", "list", "info", "sdr",
                                             "type", "sensor", "dcmi", "reading", "time", "get", NULL};

/* Completion: the BMCs' addresses after -H. */
static void complete_bmc(const emu_world *w, int node, int argc, char **argv, emu_out *candidates)
{
    (void)node;
    if (strcmp(argv[argc - 1], "-H") != 0)
        return;
    for (int i = 0; i < w->n_nodes; i++)
        emu_out_printf(candidates, "%s\n", w->nodes[i].bmc.address);
}

const emu_command emu_cmd_ipmitool = {
    "ipmitool", cmd_ipmitool, "talk to a BMC: chassis power state and the system event log",
    EMU_HELP("usage: ipmitool [-I lanplus -H BMC -U USER -P PASSWORD] COMMAND\n"
    "  chassis power status      what the BMC reports (on/off); also on, off, cycle, reset, soft\n"
    "  chassis status            power state, last power event (ac-failed, command) and faults\n"
    "  sel elist                 the system event log with sensor names and readings\n"
    "  sel list | sel info       the log by sensor number; its size and last entry\n"
    "  sdr type Temperature      sensor readings (inlet, CPUs, each GPU); also Fan, \"Power Supply\"\n"
    "  sensor                    every sensor with its thresholds\n"
    "  sol activate              the serial console (lanplus); dcmi power reading|get_limit\n"
    "  Without -H the local BMC answers (as root: sudo ipmitool); BMCs: node01-bmc ...\n"),
    ipmitool_flags,
    .cost = EMU_COST_TOOL, .complete = complete_bmc
};
