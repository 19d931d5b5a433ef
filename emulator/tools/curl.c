/* curl.c: `curl` against a node's BMC Redfish service (DMTF Redfish, schema 2019.1 as the DGX
 * BMC serves it): the service root, Systems/DGX (power state and health), Chassis/DGX/Thermal
 * and /Power (the same SDR readings ipmitool shows: model/bmc.h), Systems/DGX/LogServices/SEL/
 * Entries (the same SEL), Managers/BMC, and the Reset actions. Other URLs: curl's own errors. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat/numscan.h"
#include "out.h"
#include "tools.h"
#include "model/bmc.h"
#include "model/job.h"
#include "model/repair.h"
#include "model/rng.h"
#include "model/world.h"

/* A small writer of indented JSON (two spaces a level, as bmcweb pretty-prints). */
typedef struct json {
    emu_out *out;
    int depth;
    bool first;
} json;

static void j_sep(json *j)
{
    emu_out_printf(j->out, "%s\n%*s", j->first ? "" : ",", 2 * j->depth, "");
    j->first = false;
}

static void j_open(json *j, const char *key, char bracket)
{
    if (key) {
        j_sep(j);
        emu_out_printf(j->out, "\"%s\": %c", key, bracket);
    } else if (j->depth) {
        j_sep(j);
        emu_out_printf(j->out, "%c", bracket);
    } else
        emu_out_printf(j->out, "%c", bracket);
    j->depth++;
    j->first = true;
}

static void j_close(json *j, char bracket)
{
    j->depth--;
    if (!j->first)
        emu_out_printf(j->out, "\n%*s", 2 * j->depth, "");
    emu_out_printf(j->out, "%c", bracket);
    j->first = false;
    if (!j->depth)
        emu_out_printf(j->out, "\n");
}

static void j_str(json *j, const char *key, const char *value)
{
    j_sep(j);
    emu_out_printf(j->out, "\"%s\": \"%s\"", key, value);
}

static void j_num(json *j, const char *key, double value)
{
    j_sep(j);
    if (isnan(value))
        emu_out_printf(j->out, "\"%s\": null", key);
    else
        emu_out_printf(j->out, "\"%s\": %.10g", key, value);
}

static void j_link(json *j, const char *key, const char *path)
{
    j_open(j, key, '{');
    j_str(j, "@odata.id", path);
    j_close(j, '}');
}

/* A member of a collection or of a Links array: { "@odata.id": path }. */
static void j_member(json *j, const char *path)
{
    j_open(j, NULL, '{');
    j_str(j, "@odata.id", path);
    j_close(j, '}');
}

static void j_status(json *j, const char *state, const char *health)
{
    j_open(j, "Status", '{');
    j_str(j, "State", state);
    j_str(j, "Health", health);
    j_close(j, '}');
}

static const char *health_of(const char *status)
{
    return !strcmp(status, "cr") ? "Critical" : !strcmp(status, "nc") ? "Warning" : "OK";
}

/* The SEL entry's severity from its event text, as the BMC maps it. */
/* The Redfish LogEntry SensorType of a SEL record: the IPMI sensor type that starts its sensor
 * name as ipmitool prints it (ipmitool's sensor type strings, IPMI 2.0 table 42-3), in the
 * LogEntry schema's enum (DMTF LogEntry.v1_x SensorType, which follows the same table). */
static const char *sensor_type(const char *sensor)
{
    static const char *const map[][2] = {
        {"Temperature", "Temperature"},
        {"Voltage", "Voltage"},
        {"Current", "Current"},
        {"Fan", "Fan"},
        {"Physical Security", "Physical Chassis Security"},
        {"Platform Security", "Platform Security Violation Attempt"},
        {"Processor", "Processor"},
        {"Power Supply", "Power Supply / Converter"},
        {"Power Unit", "PowerUnit"},
        {"Cooling Device", "CoolingDevice"},
        {"Memory", "Memory"},
        {"Drive Slot / Bay", "Drive Slot/Bay"},
        {"System Firmwares", "System Firmware Progress"},
        {"Event Logging Disabled", "Event Logging Disabled"},
        {"System Event", "System Event"},
        {"Critical Interrupt", "Critical Interrupt"},
        {"Button", "Button/Switch"},
        {"Module / Board", "Module/Board"},
        {"Add-in Card", "Add-in Card"},
        {"Chassis", "Chassis"},
        {"Chip Set", "ChipSet"},
        {"Cable / Interconnect", "Cable/Interconnect"},
        {"System Boot Initiated", "SystemBoot/Restart"},
        {"Boot Error", "Boot Error"},
        {"OS Boot", "BaseOSBoot/InstallationStatus"},
        {"OS Critical Stop", "OS Stop/Shutdown"},
        {"Slot / Connector", "Slot/Connector"},
        {"System ACPI Power State", "System ACPI PowerState"},
        {"Watchdog", "Watchdog"},
        {"Platform Alert", "Platform Alert"},
        {"Entity Presence", "Entity Presence"},
        {"LAN", "LAN"},
        {"Management Subsystem Health", "Management Subsystem Health"},
        {"Battery", "Battery"},
        {"Session Audit", "Session Audit"},
        {"Version Change", "Version Change"},
        {"FRU State", "FRUState"},
    };
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++) {
        size_t n = strlen(map[i][0]);
        if (!strncmp(sensor, map[i][0], n) && (sensor[n] == ' ' || sensor[n] == '#' || !sensor[n] ||
                                              (sensor[n] >= '0' && sensor[n] <= '9')))
            return map[i][1];
    }
    return "OEM";
}

/* One SEL record as a Redfish LogEntry (DMTF LogEntry schema; the SEL's records as
 * github.com/bb-Ricardo/check_redfish issue 4 shows them: EntryType SEL, Severity, Message,
 * SensorType). */
static void sel_entry(json *j, const emu_sel *e, int k)
{
    char created[40], msg[224], id[96];
    emu_format_utc(e->time_s, "%Y-%m-%dT%H:%M:%S+00:00", created, sizeof created);
    j_open(j, NULL, '{');
    snprintf(id, sizeof id, "/redfish/v1/Systems/DGX/LogServices/SEL/Entries/%d", k + 1);
    j_str(j, "@odata.id", id);
    j_str(j, "@odata.type", "#LogEntry.v1_9_0.LogEntry");
    snprintf(id, sizeof id, "%d", k + 1);
    j_str(j, "Id", id);
    j_str(j, "EntryType", "SEL");
    j_str(j, "Created", created);
    j_str(j, "Severity", emu_sel_severity(e));
    char desc[128];
    snprintf(msg, sizeof msg, "%s: %s", e->sensor, emu_sel_description(e, " ", desc, sizeof desc));
    j_str(j, "Message", msg);
    j_str(j, "SensorType", sensor_type(e->sensor));
    j_close(j, '}');
}

/* Opens the DGX's ComputerSystem or Chassis: its id, type and name (and a chassis's type), and
 * the product its FRU names, the scenario's system type (hardware.c), else the DGX of the GPU's
 * PCIe generation. */
static void dgx_open(json *j, const emu_world *w, const char *id, const char *type, const char *name,
                     const char *chassis_type)
{
    j_open(j, NULL, '{');
    j_str(j, "@odata.id", id);
    j_str(j, "@odata.type", type);
    j_str(j, "Id", "DGX");
    j_str(j, "Name", name);
    if (chassis_type)
        j_str(j, "ChassisType", chassis_type);
    j_str(j, "Manufacturer", "NVIDIA");
    j_str(j, "Model", w->cluster.system ? w->cluster.system->product
                      : w->spec->pcie_gen >= 5 ? "DGX H100" : "DGX A100");
}

/* Writes the resource at path (under /redfish/v1) for node's BMC. Returns 0, 401 or 404. */
static int redfish_get(emu_world *w, int node, const char *path, bool authed, emu_out *out)
{
    const emu_node *n = &w->nodes[node];
    json j = {out, 0, true};
    char id[96];
    if (!*path || !strcmp(path, "/")) { /* the service root needs no credentials */
        j_open(&j, NULL, '{');
        j_str(&j, "@odata.id", "/redfish/v1");
        j_str(&j, "@odata.type", "#ServiceRoot.v1_5_0.ServiceRoot");
        j_str(&j, "Id", "RootService");
        j_str(&j, "Name", "Root Service");
        j_str(&j, "RedfishVersion", "1.7.0");
        j_link(&j, "Chassis", "/redfish/v1/Chassis");
        j_link(&j, "Managers", "/redfish/v1/Managers");
        j_link(&j, "Systems", "/redfish/v1/Systems");
        j_close(&j, '}');
        return 0;
    }
    if (!authed)
        return 401;
    if (!strcmp(path, "/Systems") || !strcmp(path, "/Chassis") || !strcmp(path, "/Managers")) {
        j_open(&j, NULL, '{');
        snprintf(id, sizeof id, "/redfish/v1%s", path);
        j_str(&j, "@odata.id", id);
        j_open(&j, "Members", '[');
        snprintf(id, sizeof id, "/redfish/v1%s/%s", path, !strcmp(path, "/Managers") ? "BMC" : "DGX");
        j_member(&j, id);
        j_close(&j, ']');
        j_num(&j, "Members@odata.count", 1);
        j_close(&j, '}');
        return 0;
    }
    emu_sensor s[48];
    int ns = emu_bmc_sensors(w, node, s, 48);
    if (!strcmp(path, "/Systems/DGX")) {
        /* the health the BMC rolls up from its sensors and the SEL events in force, each such
         * event a Condition linked to its log entry (Redfish Resource.v1_14 Status.Conditions) */
        int conds[EMU_MAX_SEL], nc = 0;
        const char *health = emu_bmc_health(w, node, conds, EMU_MAX_SEL, &nc);
        dgx_open(&j, w, "/redfish/v1/Systems/DGX", "#ComputerSystem.v1_10_0.ComputerSystem", "DGX", NULL);
        j_str(&j, "HostName", n->name);
        j_str(&j, "PowerState", n->bmc.reports_power_on ? "On" : "Off");
        j_open(&j, "Status", '{');
        j_str(&j, "State", n->bmc.reports_power_on ? "Enabled" : "StandbyOffline");
        j_str(&j, "Health", health);
        j_str(&j, "HealthRollup", health);
        j_open(&j, "Conditions", '[');
        for (int c = 0; c < nc; c++) {
            const emu_sel *e = &n->bmc.sel[conds[c]];
            char created[40], msg[160];
            emu_format_utc(e->time_s, "%Y-%m-%dT%H:%M:%S+00:00", created, sizeof created);
            snprintf(msg, sizeof msg, "%s: %s", e->sensor, e->event);
            j_open(&j, NULL, '{');
            j_str(&j, "Message", msg);
            j_str(&j, "Severity", emu_sel_severity(e));
            j_str(&j, "Timestamp", created);
            snprintf(id, sizeof id, "/redfish/v1/Systems/DGX/LogServices/SEL/Entries/%d", conds[c] + 1);
            j_link(&j, "LogEntry", id);
            j_close(&j, '}');
        }
        j_close(&j, ']');
        j_close(&j, '}');
        j_link(&j, "LogServices", "/redfish/v1/Systems/DGX/LogServices");
        j_open(&j, "Actions", '{');
        j_open(&j, "#ComputerSystem.Reset", '{');
        j_str(&j, "target", "/redfish/v1/Systems/DGX/Actions/ComputerSystem.Reset");
        j_open(&j, "ResetType@Redfish.AllowableValues", '[');
        static const char *const types[] = {"On", "ForceOff", "GracefulShutdown", "GracefulRestart",
                                            "ForceRestart", "PowerCycle"};
        for (int t = 0; t < 6; t++) {
            j_sep(&j);
            emu_out_printf(out, "\"%s\"", types[t]);
        }
        j_close(&j, ']');
        j_close(&j, '}');
        j_close(&j, '}');
        j_close(&j, '}');
        return 0;
    }
    if (!strcmp(path, "/Systems/DGX/LogServices")) {
        j_open(&j, NULL, '{');
        j_str(&j, "@odata.id", "/redfish/v1/Systems/DGX/LogServices");
        j_str(&j, "@odata.type", "#LogServiceCollection.LogServiceCollection");
        j_str(&j, "Name", "System Log Services Collection");
        j_open(&j, "Members", '[');
        j_member(&j, "/redfish/v1/Systems/DGX/LogServices/SEL");
        j_close(&j, ']');
        j_num(&j, "Members@odata.count", 1);
        j_close(&j, '}');
        return 0;
    }
    if (!strcmp(path, "/Systems/DGX/LogServices/SEL")) {
        j_open(&j, NULL, '{');
        j_str(&j, "@odata.id", "/redfish/v1/Systems/DGX/LogServices/SEL");
        j_str(&j, "@odata.type", "#LogService.v1_2_0.LogService");
        j_str(&j, "Id", "SEL");
        j_str(&j, "Name", "System Event Log");
        j_str(&j, "LogEntryType", "SEL");
        j_num(&j, "MaxNumberOfRecords", EMU_MAX_SEL);
        j_str(&j, "OverWritePolicy", "WrapsWhenFull");
        j_status(&j, "Enabled", "OK");
        j_link(&j, "Entries", "/redfish/v1/Systems/DGX/LogServices/SEL/Entries");
        j_close(&j, '}');
        return 0;
    }
    const char *entries = "/Systems/DGX/LogServices/SEL/Entries";
    if (!strncmp(path, entries, strlen(entries)) && path[strlen(entries)] == '/') {
        char *end;
        long k = strtol(path + strlen(entries) + 1, &end, 10) - 1;
        if (*end || k < 0 || k >= n->bmc.n_sel || n->bmc.sel[k].time_s > w->now_s)
            return 404;
        sel_entry(&j, &n->bmc.sel[k], (int)k);
        return 0;
    }
    if (!strcmp(path, entries)) {
        j_open(&j, NULL, '{');
        j_str(&j, "@odata.id", "/redfish/v1/Systems/DGX/LogServices/SEL/Entries");
        j_str(&j, "Name", "System Event Log Entries");
        j_open(&j, "Members", '[');
        int shown = 0;
        for (int k = 0; k < n->bmc.n_sel; k++) {
            if (n->bmc.sel[k].time_s > w->now_s)
                continue;
            shown++;
            sel_entry(&j, &n->bmc.sel[k], k);
        }
        j_close(&j, ']');
        j_num(&j, "Members@odata.count", shown);
        j_close(&j, '}');
        return 0;
    }
    if (!strcmp(path, "/Chassis/DGX")) {
        /* the chassis the Chassis collection lists: its power and thermal resources (the
         * deprecated Power and Thermal, and PowerSubsystem, DSP2046) and what it holds */
        int conds[EMU_MAX_SEL], nc = 0;
        const char *health = emu_bmc_health(w, node, conds, EMU_MAX_SEL, &nc);
        dgx_open(&j, w, "/redfish/v1/Chassis/DGX", "#Chassis.v1_21_0.Chassis", "DGX Chassis", "RackMount");
        j_str(&j, "PowerState", n->bmc.reports_power_on ? "On" : "Off");
        j_status(&j, "Enabled", health);
        j_link(&j, "Power", "/redfish/v1/Chassis/DGX/Power");
        j_link(&j, "PowerSubsystem", "/redfish/v1/Chassis/DGX/PowerSubsystem");
        j_link(&j, "Thermal", "/redfish/v1/Chassis/DGX/Thermal");
        j_open(&j, "Links", '{');
        j_open(&j, "ComputerSystems", '[');
        j_member(&j, "/redfish/v1/Systems/DGX");
        j_close(&j, ']');
        j_open(&j, "ManagedBy", '[');
        j_member(&j, "/redfish/v1/Managers/BMC");
        j_close(&j, ']');
        j_close(&j, '}');
        j_close(&j, '}');
        return 0;
    }
    const char *supplies = "/Chassis/DGX/PowerSubsystem/PowerSupplies";
    if (!strcmp(path, "/Chassis/DGX/PowerSubsystem")) {
        int count = 0;
        for (int i = 0; i < ns; i++)
            count += !strcmp(s[i].type, "Power Supply");
        j_open(&j, NULL, '{');
        j_str(&j, "@odata.id", "/redfish/v1/Chassis/DGX/PowerSubsystem");
        j_str(&j, "@odata.type", "#PowerSubsystem.v1_1_0.PowerSubsystem");
        j_str(&j, "Id", "PowerSubsystem");
        j_str(&j, "Name", "Power Subsystem");
        j_num(&j, "CapacityWatts", (double)EMU_BMC_PSU_CAPACITY_W * count);
        j_status(&j, "Enabled", "OK");
        j_link(&j, "PowerSupplies", "/redfish/v1/Chassis/DGX/PowerSubsystem/PowerSupplies");
        j_close(&j, '}');
        return 0;
    }
    if (!strncmp(path, supplies, strlen(supplies)) && (!path[strlen(supplies)] || path[strlen(supplies)] == '/')) {
        const char *want = path[strlen(supplies)] ? path + strlen(supplies) + 1 : NULL;
        if (!want) {
            j_open(&j, NULL, '{');
            j_str(&j, "@odata.id", "/redfish/v1/Chassis/DGX/PowerSubsystem/PowerSupplies");
            j_str(&j, "@odata.type", "#PowerSupplyCollection.PowerSupplyCollection");
            j_str(&j, "Name", "Power Supply Collection");
            j_open(&j, "Members", '[');
        }
        int count = 0;
        for (int i = 0; i < ns; i++) {
            if (strcmp(s[i].type, "Power Supply"))
                continue;
            char name[8];
            snprintf(name, sizeof name, "PSU%c", s[i].name[2]);
            snprintf(id, sizeof id, "/redfish/v1%s/%s", supplies, name);
            count++;
            if (!want) {
                j_member(&j, id);
                continue;
            }
            if (strcmp(want, name))
                continue;
            /* the supply as the SDR has it: its status (its readings are the deprecated Power
             * resource's PowerInputWatts, or a PowerSupplyMetrics this BMC does not serve) */
            j_open(&j, NULL, '{');
            j_str(&j, "@odata.id", id);
            j_str(&j, "@odata.type", "#PowerSupply.v1_5_0.PowerSupply");
            j_str(&j, "Id", name);
            j_str(&j, "Name", name);
            j_str(&j, "PowerSupplyType", "AC");
            j_num(&j, "PowerCapacityWatts", EMU_BMC_PSU_CAPACITY_W);
            j_status(&j, !strcmp(s[i].status, "ns") ? "Absent" : "Enabled", health_of(s[i].status));
            j_close(&j, '}');
            return 0;
        }
        if (want)
            return 404;
        j_close(&j, ']');
        j_num(&j, "Members@odata.count", count);
        j_close(&j, '}');
        return 0;
    }
    if (!strcmp(path, "/Chassis/DGX/Thermal") || !strcmp(path, "/Chassis/DGX/Power")) {
        bool thermal = path[13] == 'T'; /* "/Chassis/DGX/" is 13 characters */
        j_open(&j, NULL, '{');
        snprintf(id, sizeof id, "/redfish/v1%s", path);
        j_str(&j, "@odata.id", id);
        j_str(&j, "@odata.type", thermal ? "#Thermal.v1_5_0.Thermal" : "#Power.v1_5_0.Power");
        double consumed = 0;
        for (int i = 0; i < ns; i++)
            consumed += !strcmp(s[i].unit, "Watts") ? s[i].value : 0;
        if (!thermal) {
            j_open(&j, "PowerControl", '[');
            j_open(&j, NULL, '{');
            j_str(&j, "Name", "System Power Control");
            j_num(&j, "PowerConsumedWatts", round(consumed));
            j_close(&j, '}');
            j_close(&j, ']');
        }
        for (int pass = 0; pass < 2; pass++) {
            const char *want = thermal ? (pass ? "Fan" : "Temperature") : (pass ? NULL : "Power Supply");
            if (!want)
                break;
            j_open(&j, thermal ? (pass ? "Fans" : "Temperatures") : "PowerSupplies", '[');
            for (int i = 0; i < ns; i++) {
                if (strcmp(s[i].type, want))
                    continue;
                j_open(&j, NULL, '{');
                if (!strcmp(want, "Power Supply")) {
                    char name[8];
                    snprintf(name, sizeof name, "PSU%c", s[i].name[2]);
                    j_str(&j, "Name", name);
                    j_num(&j, "PowerInputWatts", i + 1 < ns ? s[i + 1].value : NAN);
                    j_num(&j, "PowerCapacityWatts", EMU_BMC_PSU_CAPACITY_W);
                } else {
                    j_str(&j, "Name", s[i].name);
                    j_num(&j, thermal && !pass ? "ReadingCelsius" : "Reading", s[i].value);
                    if (!pass) {
                        j_num(&j, "UpperThresholdNonCritical", s[i].unc);
                        j_num(&j, "UpperThresholdCritical", s[i].ucr);
                    } else
                        j_str(&j, "ReadingUnits", "RPM");
                }
                j_status(&j, !strcmp(s[i].status, "ns") ? "Absent" : "Enabled", health_of(s[i].status));
                j_close(&j, '}');
            }
            j_close(&j, ']');
        }
        j_close(&j, '}');
        return 0;
    }
    if (!strcmp(path, "/Managers/BMC")) {
        j_open(&j, NULL, '{');
        j_str(&j, "@odata.id", "/redfish/v1/Managers/BMC");
        j_str(&j, "Id", "BMC");
        j_str(&j, "ManagerType", "BMC");
        j_str(&j, "FirmwareVersion", "25.06.27");
        j_status(&j, "Enabled", "OK");
        j_open(&j, "Actions", '{');
        j_open(&j, "#Manager.Reset", '{');
        j_str(&j, "target", "/redfish/v1/Managers/BMC/Actions/Manager.Reset");
        j_close(&j, '}');
        j_close(&j, '}');
        j_close(&j, '}');
        return 0;
    }
    return 404;
}

static void redfish_error(emu_out *out, const char *id, const char *message)
{
    emu_out_printf(out, "{\n  \"error\": {\n    \"code\": \"%s\",\n    \"message\": \"%s\"\n  }\n}\n",
                   id, message);
}

static int cmd_curl(emu_context *c, int argc, char **argv, emu_out *out)
{
    emu_world *w = c->world;
    const char *url = NULL, *method = NULL, *data = NULL, *creds = NULL;
    bool insecure = false, head = false, silent = false, show_error = false;
    double connect_timeout = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        bool has = i + 1 < argc;
        if (!strcmp(a, "--insecure"))
            insecure = true;
        else if (!strcmp(a, "--include"))
            head = true;
        else if (!strcmp(a, "--silent"))
            silent = true;
        else if (!strcmp(a, "--show-error"))
            show_error = true;
        else if (!strcmp(a, "--location"))
            continue;
        else if (a[0] == '-' && a[1] && a[1] != '-' && strspn(a + 1, "kisSL") == strlen(a + 1)) {
            /* bundled short flags (-sSk): -s silences the progress meter and error messages,
             * -S brings the error messages back (curl(1), --silent and --show-error) */
            insecure |= strchr(a, 'k') != NULL;
            head |= strchr(a, 'i') != NULL;
            silent |= strchr(a, 's') != NULL;
            show_error |= strchr(a, 'S') != NULL;
        } else if ((!strcmp(a, "-u") || !strcmp(a, "--user")) && has)
            creds = argv[++i];
        else if ((!strcmp(a, "-X") || !strcmp(a, "--request")) && has)
            method = argv[++i];
        else if ((!strcmp(a, "-d") || !strcmp(a, "--data")) && has)
            data = argv[++i];
        else if ((!strcmp(a, "-H") || !strcmp(a, "--header")) && has)
            i++;
        else if (!strcmp(a, "--connect-timeout") && has)
            connect_timeout = emu_strtod(argv[++i], NULL);
        else if (a[0] == '-') {
            emu_out_printf(out, "curl: option %s: is unknown\ncurl: try 'curl --help' or 'curl "
                                "--manual' for more information\n", a);
            return 2;
        } else
            url = a;
    }
    if (!url) {
        emu_out_printf(out, "curl: try 'curl --help' or 'curl --manual' for more information\n");
        return 2;
    }
    bool say = !silent || show_error; /* curl's own error messages */
    bool https = !strncmp(url, "https://", 8);
    const char *hostp = https ? url + 8 : !strncmp(url, "http://", 7) ? url + 7 : url;
    char host[64];
    snprintf(host, sizeof host, "%.*s", (int)strcspn(hostp, "/:"), hostp);
    const char *path = hostp + strcspn(hostp, "/");
    int node = -1;
    for (int i = 0; i < w->n_nodes; i++)
        if (!strcmp(host, w->nodes[i].bmc.address) || !strcmp(host, w->nodes[i].bmc.ip))
            node = i;
    if (node < 0) {
        if (say)
            emu_out_printf(out, "curl: (6) Could not resolve host: %s\n", host);
        return 6;
    }
    if (!https) { /* the BMC serves Redfish over TLS only */
        if (say)
            emu_out_printf(out, "curl: (7) Failed to connect to %s port 80 after 2 ms: Couldn't connect "
                            "to server\n", host);
        return 7;
    }
    if (!emu_bmc_session(w, node)) {
        double t = connect_timeout > 0 ? connect_timeout : 130.0; /* Linux gives up on a SYN at ~130 s */
        emu_world_advance(w, t);
        if (say)
            emu_out_printf(out, "curl: (28) Failed to connect to %s port 443 after %.0f ms: Couldn't "
                            "connect to server\n", host, t * 1000 + 2);
        return 28;
    }
    if (!insecure) {
        if (say)
            emu_out_printf(out, "curl: (60) SSL certificate problem: self-signed certificate\nMore details "
                            "here: https://curl.se/docs/sslcerts.html\n\ncurl failed to verify the "
                            "legitimacy of the server and therefore could not\nestablish a secure "
                            "connection to it. To learn more about this situation and\nhow to fix "
                            "it, please visit the web page mentioned above.\n");
        return 60;
    }
    if (strncmp(path, "/redfish/v1", 11)) {
        if (head)
            emu_out_printf(out, "HTTP/1.1 404 Not Found\r\n\r\n");
        return 0;
    }
    path += 11;
    char clean[128];
    snprintf(clean, sizeof clean, "%s", path);
    size_t len = strlen(clean);
    while (len > 1 && clean[len - 1] == '/')
        clean[--len] = '\0';
    /* basic authentication with the BMC's account (curl -u USER:PASSWORD); any other is refused */
    char user[64] = "";
    const char *colon = creds ? strchr(creds, ':') : NULL;
    if (colon)
        snprintf(user, sizeof user, "%.*s", (int)(colon - creds < 63 ? colon - creds : 63), creds);
    bool authed = colon && emu_bmc_credentials_ok(w, user, colon + 1);
    if (method && !strcmp(method, "POST")) {
        if (!authed) {
            redfish_error(out, "Base.1.8.1.InsufficientPrivilege", "There are insufficient privileges for the account or credentials associated with the current session to perform the requested operation.");
            return 0;
        }
        const char *type = data ? strstr(data, "ResetType") : NULL;
        char reset[24] = "";
        if (type && (type = strchr(type, ':'))) {
            type += strspn(type, ": \"");
            snprintf(reset, sizeof reset, "%.*s", (int)strcspn(type, "\"}"), type);
        }
        emu_node *n = &w->nodes[node];
        if (!strcmp(clean, "/Managers/BMC/Actions/Manager.Reset")) {
            emu_bmc_cold_reset(w, node);
            emu_world_refresh(w);
        } else if (!strcmp(clean, "/Systems/DGX/Actions/ComputerSystem.Reset") && reset[0]) {
            if (!strcmp(reset, "ForceOff") || !strcmp(reset, "GracefulShutdown"))
                emu_node_power(w, node, false);
            else if (!strcmp(reset, "On") || !n->powered_on)
                emu_node_power(w, node, true);
            else
                emu_node_power_cycle(w, node);
            n->bmc.power_by_command = true;
        } else {
            redfish_error(out, "Base.1.8.1.ActionNotSupported", "The action supplied with the POST operation is not supported by the resource.");
            return 0;
        }
        if (head)
            emu_out_printf(out, "HTTP/1.1 204 No Content\r\n\r\n");
        return 0;
    }
    emu_out tmp;
    emu_out_init(&tmp, 0);
    int code = redfish_get(w, node, clean, authed, &tmp);
    if (head)
        emu_out_printf(out, "HTTP/1.1 %s\r\nContent-Type: application/json\r\nOData-Version: 4.0\r\n\r\n",
                       code == 0 ? "200 OK" : code == 401 ? "401 Unauthorized" : "404 Not Found");
    if (code == 401)
        redfish_error(out, "Base.1.8.1.ResourceAtUriUnauthorized", "While accessing the resource at the URI, the service received an authorization error unauthorized.");
    else if (code == 404)
        redfish_error(out, "Base.1.8.1.ResourceMissingAtURI", "The resource at the URI was not found.");
    else
        emu_out_write(out, emu_out_text(&tmp), tmp.len);
    emu_out_free(&tmp);
    return 0;
}

static const char *const curl_flags[] = {"-k", "-s", "-u", "-X", "-d", "-i", "--connect-timeout", NULL};

const emu_command emu_cmd_curl = {
    "curl", cmd_curl, "HTTP requests: the BMCs' Redfish service",
    "usage: curl -k -u USER:PASS https://NODE-bmc/redfish/v1/PATH  [-X POST -d JSON]\n"
    "  PATH: Systems/DGX, Systems/DGX/LogServices/SEL/Entries, Chassis/DGX/Thermal,\n"
    "  Chassis/DGX/Power, Managers/BMC; POST .../Actions/ComputerSystem.Reset {\"ResetType\":...}\n",
    curl_flags, .cost = EMU_COST_TOOL
};
