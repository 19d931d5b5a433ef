/* dmesg.c: the system logs and services of a node: `dmesg [-T] [-l ...]` and `journalctl -k
 * [--since ...]`, with the boot lines computed from the node's hardware and the events the faults
 * left (Xid lines, NIC link changes) in the layouts of tool-formats.md section 12, and
 * `systemctl status|is-active` of the GPU services (Fabric Manager, persistenced, DCGM, slurmd). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tools.h"
#include "compat/numscan.h"
#include "model/host.h"
#include "model/repair.h"
#include "model/rng.h"
#include "model/world.h"

typedef struct kline {
    double time_s;
    char text[EMU_TEXT_MAX];
} kline;

#define MAX_LINES (EMU_MAX_KLOG + 40)

/* The boot messages every node has, then the node's own events, in time order: of the current
 * boot (previous false) or of the one before it (journalctl -b -1). */
static int collect_boot(const emu_world *w, int node, bool previous, kline *lines)
{
    const emu_node *n = &w->nodes[node];
    double t0 = previous ? n->prev_boot_time_s : n->boot_time_s;
    double t1 = previous ? n->prev_boot_end_s : w->now_s;
    if (!previous && w->now_s < t0) /* the kernel has not started yet */
        return 0;
    int count = 0;
#define ADD(dt, ...)                                                                            \
    do {                                                                                        \
        if (count < MAX_LINES) {                                                                \
            lines[count].time_s = t0 + (dt);                                                    \
            snprintf(lines[count].text, sizeof lines[count].text, __VA_ARGS__);                 \
            count++;                                                                            \
        }                                                                                       \
    } while (0)
    ADD(0, "Linux version %s (buildd@lcy02-amd64-098) (x86_64-linux-gnu-gcc-13 (Ubuntu 13.3.0-6ubuntu2~24.04) 13.3.0, GNU ld (GNU Binutils for Ubuntu) 2.42) %s", w->kernel_release, w->kernel_version);
    ADD(0, "Command line: BOOT_IMAGE=/vmlinuz-%s root=/dev/md0 ro pci=realloc=off iommu=pt", w->kernel_release);
    ADD(0.9, "ACPI: SRAT: Node 0 PXM 0 [mem 0x00000000-0x7fffffff]");
    ADD(0.9, "ACPI: SRAT: Node 1 PXM 1 [mem 0x10000000000-0x1ffffffffff]");
    ADD(2.1, "smpboot: Allowing %d CPUs, 0 hotplug CPUs", n->n_cpus);
    if (!previous && n->bert_mce_s > 0) {
        /* The previous boot died of a fatal machine check before the kernel could write it to
         * disk; the firmware kept its record, and this kernel prints it (drivers/acpi/apei/bert.c
         * with cper.c's layout of a memory error section; the DIMM is the SEL's @P2-DIMMB1,
         * its locators as SMBIOS type 17 gives them). */
        ADD(3.1, "BERT: Error records from previous boot:");
        ADD(3.1 + 0.000017, "[Hardware Error]: event severity: fatal");
        ADD(3.1 + 0.000034, "[Hardware Error]:  Error 0, type: fatal");
        ADD(3.1 + 0.000051, "[Hardware Error]:   section_type: memory error");
        ADD(3.1 + 0.000068, "[Hardware Error]:   error_status: Storage error in DRAM memory (0x0000000000000400)");
        ADD(3.1 + 0.000085, "[Hardware Error]:   physical_address: 0x0000003f8a21c040");
        ADD(3.1 + 0.000102, "[Hardware Error]:   node:1 card:1 module:0 rank:0 bank:2 row:130129");
        ADD(3.1 + 0.000119, "[Hardware Error]:   DIMM location: P2_Node1_Channel1_Dimm0 P2-DIMMB1");
        ADD(3.1 + 0.000136, "[Hardware Error]:   error_type: 3, multi-bit ECC");
    }
    for (int h = 0; h < n->n_hcas; h++)
        ADD(6.2 + 0.01 * h, "mlx5_core %s: firmware version: %s", n->hcas[h].bus_id, n->hcas[h].fw_ver);
    ADD(9.4, "nvidia: loading out-of-tree module taints kernel.");
    ADD(9.5, "nvidia-nvlink: Nvlink Core is being initialized, major device number 511");
    ADD(9.6, "NVRM: loading NVIDIA UNIX Open Kernel Module for x86_64  %s  Release Build  (dvs-builder@U16-I3-B03-4-3)", w->driver_version);
    for (int i = 0; i < n->n_nvswitches; i++)
        ADD(9.7 + 0.01 * i, "nvidia-nvswitch%d: open PCI device 0000:%02x:00.0", i, 0x05 + i);
    ADD(10.2, "nvidia-modeset: Loading NVIDIA Kernel Mode Setting Driver for UNIX platforms  %s", w->driver_version);
    if (n->peermem_loaded)
        ADD(10.4, "nvidia-peermem nv_mem_init:%d:(pid %d) NVIDIA peer memory module loaded", 507, 2311);
    for (int h = 0; h < n->n_hcas; h++)
        if (n->hcas[h].ethernet)
            ADD(14.0 + 0.1 * h, "mlx5_core %s %s: Link up", n->hcas[h].bus_id, n->hcas[h].netdev);
    /* the front-end bond enslaves the node's Ethernet ports, the very netdevs ip link lists with
     * master bond0 (emu_netdev_list), each after its link came up; in 802.3ad mode
     * (/proc/net/bonding, ip.c) as a backup interface until LACP selects the aggregator
     * (bond_enslave(), drivers/net/bonding/bond_main.c: bond_set_slave_inactive_flags()) */
    double enslaved_s = 14.6;
    for (int h = 0, k = 0; h < n->n_hcas; h++) {
        if (!n->hcas[h].ethernet)
            continue;
        double at_s = fmax(14.6 + 0.1 * k++, 14.0 + 0.1 * h + 0.05);
        ADD(at_s, "%s: (slave %s): Enslaving as a backup interface with an up link", n->bootstrap_netdev,
            n->hcas[h].netdev);
        enslaved_s = at_s;
    }
    ADD(enslaved_s + 0.3, "IPv6: ADDRCONF(NETDEV_CHANGE): %s: link becomes ready", n->bootstrap_netdev);
#undef ADD
    for (int k = 0; k < n->n_klog && count < MAX_LINES; k++) {
        if (n->klog[k].time_s > t1 || (n->klog[k].time_s < t0 && (previous || n->boots)))
            continue;
        lines[count].time_s = n->klog[k].time_s;
        snprintf(lines[count].text, sizeof lines[count].text, "%s", n->klog[k].text);
        count++;
    }
    return count;
}

static int collect(const emu_world *w, int node, kline *lines)
{
    return collect_boot(w, node, false, lines);
}

/* The syslog level of a kernel line, as the driver logs it: Xid and fatal PCIe errors are
 * errors, a link going down a warning, the rest informational. */
static const char *line_level(const char *text)
{
    if (strstr(text, "NVRM: Xid") || strstr(text, "Uncorrected (Fatal)") ||
        strstr(text, "PCIe Bus Error") || strstr(text, "Cable error"))
        return "err";
    if (strstr(text, "Link down") || strstr(text, "taints kernel"))
        return "warn";
    return "info";
}

/* Whether level is in the comma-separated list (dmesg -l err,warn). */
static bool level_in(const char *list, const char *level)
{
    size_t n = strlen(level);
    for (const char *p = list; *p;) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (len == n && !strncmp(p, level, n))
            return true;
        p += len;
        if (*p == ',')
            p++;
    }
    return false;
}

static int cmd_dmesg(emu_context *c, int argc, char **argv, emu_out *out)
{
    bool human = false;
    const char *levels = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-T") || !strcmp(a, "--ctime"))
            human = true;
        else if ((!strcmp(a, "-l") || !strcmp(a, "--level")) && i + 1 < argc)
            levels = argv[++i];
        else if (!strncmp(a, "--level=", 8))
            levels = a + 8;
        else if (!strcmp(a, "-k") || !strcmp(a, "--kernel") || !strcmp(a, "-x") ||
                 !strcmp(a, "--decode") || !strcmp(a, "-L") || !strcmp(a, "--color=never"))
            continue;
        else {
            if (a[0] == '-' && a[1] == '-')
                emu_out_printf(out, "dmesg: unrecognized option '%s'\n", a);
            else
                emu_out_printf(out, "dmesg: invalid option -- '%c'\n", a[1] ? a[1] : '-');
            emu_out_printf(out, "Try 'dmesg --help' for more information.\n");
            return 1;
        }
    }
    kline *lines = malloc(MAX_LINES * sizeof *lines);
    if (!lines) {
        emu_out_printf(out, "dmesg: cannot allocate memory\n");
        return 1;
    }
    const emu_node *n = &c->world->nodes[c->node];
    int count = collect(c->world, c->node, lines);
    if (levels) {
        static const char *const known[] = {"emerg", "alert", "crit", "err", "warn", "notice", "info", "debug"};
        char buf[128];
        snprintf(buf, sizeof buf, "%s", levels);
        for (char *save = NULL, *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
            bool ok = false;
            for (size_t k = 0; k < sizeof known / sizeof known[0]; k++)
                ok |= !strcmp(t, known[k]);
            if (!ok) {
                emu_out_printf(out, "dmesg: unknown level '%s'\n", t);
                free(lines);
                return 1;
            }
        }
    }
    for (int i = 0; i < count; i++) {
        if (levels && !level_in(levels, line_level(lines[i].text)))
            continue;
        if (human) {
            char ts[40];
            emu_format_utc(lines[i].time_s, "%a %b %e %H:%M:%S %Y", ts, sizeof ts);
            emu_out_printf(out, "[%s] %s\n", ts, lines[i].text);
        } else {
            emu_out_printf(out, "[%12.6f] %s\n", lines[i].time_s - n->boot_time_s, lines[i].text);
        }
    }
    free(lines);
    return 0;
}

/* A journalctl time specification (systemd.time(7)) as UTC epoch seconds: "YYYY-MM-DD
 * [HH:MM[:SS]]", "HH:MM[:SS]" (today), "today", "yesterday", "now", "N hour(s)/min/day(s)
 * ago" and "-Nh", "-Nmin", "-Nd". Returns false when it cannot be read. */
static bool parse_since(const emu_world *w, const char *spec, double *out)
{
#ifdef EMU_CORE_MODULE
    /* The core WebAssembly module (wasm/README.md, "Two modules") reads no time specification:
     * no lab's solution, fix check or hint uses --since, so the line moves to the full module,
     * which prints what it prints natively (what the core prints for it is dropped). */
    (void)w, (void)spec;
    emw_wants_full = 1;
    *out = 0;
    return true;
#else
    double day = floor(w->now_s / 86400.0) * 86400.0;
    int y, mo, d, h = 0, mi = 0, sec = 0, used = 0;
    double n;
    char unit[16];
    if (!strcmp(spec, "now")) {
        *out = w->now_s;
        return true;
    }
    if (!strcmp(spec, "today") || !strcmp(spec, "yesterday")) {
        *out = day - (spec[0] == 'y' ? 86400 : 0);
        return true;
    }
    if (emu_sscanf(spec, "%4d-%2d-%2d%n", &y, &mo, &d, &used) == 3) {
        const char *rest = spec + used;
        if (*rest && emu_sscanf(rest, " %2d:%2d%n", &h, &mi, &used) >= 2) {
            rest += used;
            if (*rest == ':' && emu_sscanf(rest, ":%2d%n", &sec, &used) == 1)
                rest += used;
        }
        if (*rest || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || sec > 59)
            return false;
        struct tm tm = {.tm_year = y - 1900, .tm_mon = mo - 1, .tm_mday = d, .tm_hour = h,
                        .tm_min = mi, .tm_sec = sec};
        *out = (double)timegm(&tm);
        return true;
    }
    if (emu_sscanf(spec, "%2d:%2d%n", &h, &mi, &used) == 2) {
        const char *rest = spec + used;
        if (*rest == ':' && emu_sscanf(rest, ":%2d%n", &sec, &used) == 1)
            rest += used;
        if (*rest || h > 23 || mi > 59 || sec > 59)
            return false;
        *out = day + h * 3600 + mi * 60 + sec;
        return true;
    }
    double scale = 0;
    if (emu_sscanf(spec, "-%lf%15s%n", &n, unit, &used) == 2 && !spec[used]) {
        scale = !strcmp(unit, "h") ? 3600 : !strcmp(unit, "min") || !strcmp(unit, "m") ? 60
                : !strcmp(unit, "d") ? 86400 : !strcmp(unit, "s") ? 1 : 0;
    } else if (emu_sscanf(spec, "%lf %15s ago%n", &n, unit, &used) == 2 && !spec[used]) {
        scale = !strncmp(unit, "hour", 4) ? 3600 : !strncmp(unit, "min", 3) ? 60
                : !strncmp(unit, "day", 3) ? 86400 : !strncmp(unit, "sec", 3) ? 1 : 0;
    }
    if (scale <= 0 || n < 0)
        return false;
    *out = w->now_s - n * scale;
    return true;
#endif
}

static int cmd_journalctl(emu_context *c, int argc, char **argv, emu_out *out)
{
    bool kernel = false, previous = false, list = false;
    int tail = -1;
    double since = -1;
    const emu_node *n = &c->world->nodes[c->node];
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-k") || !strcmp(a, "--dmesg"))
            kernel = true;
        else if (!strcmp(a, "--list-boots"))
            list = true;
        else if ((!strcmp(a, "-b") || !strcmp(a, "--boot")) && i + 1 < argc &&
                 (argv[i + 1][0] == '-' || argv[i + 1][0] == '0') && argv[i + 1][1] != '-' &&
                 argv[i + 1][1] != 'k' && argv[i + 1][1] != 'n') {
            const char *b = argv[++i];
            if (!strcmp(b, "-1") && n->prev_boot_time_s > 0)
                previous = kernel = true;
            else if (strcmp(b, "0")) {
                emu_out_printf(out, "Data from the specified boot (%s) is not available: No such "
                                    "boot ID in journal\n", b);
                return 1;
            }
        } else if (!strcmp(a, "-b-1") || !strcmp(a, "-b=-1")) {
            if (n->prev_boot_time_s <= 0) {
                emu_out_printf(out, "Data from the specified boot (-1) is not available: No such "
                                    "boot ID in journal\n");
                return 1;
            }
            previous = kernel = true;
        } else if (!strcmp(a, "--no-pager") || !strcmp(a, "-q") || !strcmp(a, "--quiet") ||
                   !strcmp(a, "-b") || !strcmp(a, "--boot"))
            continue;
        else if (!strcmp(a, "-n") && i + 1 < argc)
            tail = atoi(argv[++i]);
        else if (!strncmp(a, "--lines=", 8))
            tail = atoi(a + 8);
        else if ((!strcmp(a, "-S") || !strcmp(a, "--since")) && i + 1 < argc) {
            if (!parse_since(c->world, argv[++i], &since)) {
                emu_out_printf(out, "Failed to parse timestamp: %s\n", argv[i]);
                return 1;
            }
        } else if (!strncmp(a, "--since=", 8)) {
            if (!parse_since(c->world, a + 8, &since)) {
                emu_out_printf(out, "Failed to parse timestamp: %s\n", a + 8);
                return 1;
            }
        }
        else {
            emu_out_printf(out, "journalctl: unrecognized option '%s'\n", a);
            return 1;
        }
    }
    if (list) { /* one line a boot: offset, boot id, first and last entry */
        char a[40], b[40];
        for (int k = n->prev_boot_time_s > 0 ? -1 : 0; k <= 0; k++) {
            emu_format_utc(k ? n->prev_boot_time_s : n->boot_time_s, "%a %Y-%m-%d %H:%M:%S UTC", a, sizeof a);
            emu_format_utc(k ? n->prev_boot_end_s : c->world->now_s, "%a %Y-%m-%d %H:%M:%S UTC", b, sizeof b);
            emu_out_printf(out, "%3d %016llx%016llx %s\u2014%s\n", k,
                           (unsigned long long)emu_hash(c->world->seed, "boot", (uint64_t)c->node, (uint64_t)(n->boots + k)),
                           (unsigned long long)emu_hash(c->world->seed, "boot2", (uint64_t)c->node, (uint64_t)(n->boots + k)), a, b);
        }
        return 0;
    }
    if (!kernel) {
        emu_out_printf(out, "Hint: this simulated journal keeps the kernel log only: journalctl -k\n");
        return 1;
    }
    kline *lines = malloc(MAX_LINES * sizeof *lines);
    if (!lines) {
        emu_out_printf(out, "journalctl: cannot allocate memory\n");
        return 1;
    }
    int count = collect_boot(c->world, c->node, previous, lines);
    if (since >= 0) { /* keep the lines at or after the time */
        int kept = 0;
        for (int i = 0; i < count; i++)
            if (lines[i].time_s >= since)
                lines[kept++] = lines[i];
        count = kept;
    }
    int start = tail >= 0 && tail < count ? count - tail : 0;
    char first[40];
    emu_format_utc(n->prev_boot_time_s > 0 ? n->prev_boot_time_s : n->boot_time_s,
                   "%a %Y-%m-%d %H:%M:%S UTC", first, sizeof first);
    emu_out_printf(out, "-- Logs begin at %s. --\n", first);
    if (start >= count)
        emu_out_printf(out, "-- No entries --\n");
    for (int i = start; i < count; i++) {
        char ts[32];
        emu_format_utc(lines[i].time_s, "%b %d %H:%M:%S", ts, sizeof ts);
        emu_out_printf(out, "%s %s kernel: %s\n", ts, n->name, lines[i].text);
    }
    free(lines);
    return 0;
}

/* `systemctl status|is-active|start|stop|restart UNIT`: the node's services (model/host.h);
 * start, stop and restart go through the model's repairs (model/repair.h). */
/* systemd's relative timestamp ("3 days ago", "1h 5min ago", "42s ago"): the steps of
 * format_timestamp_relative in systemd's src/basic/time-util.c (a month is 30.44 days). */
static void relative_age(double age_s, char *buf, size_t size)
{
    long d = age_s > 0 ? (long)age_s : 0;
    const long min = 60, hour = 3600, day = 86400, week = 7 * 86400, month = 2629800, year = 31557600;
    if (d >= year)
        snprintf(buf, size, "%ld year%s %ld month%s ago", d / year, d / year == 1 ? "" : "s",
                 d % year / month, d % year / month == 1 ? "" : "s");
    else if (d >= month)
        snprintf(buf, size, "%ld month%s %ld day%s ago", d / month, d / month == 1 ? "" : "s",
                 d % month / day, d % month / day == 1 ? "" : "s");
    else if (d >= week)
        snprintf(buf, size, "%ld week%s %ld day%s ago", d / week, d / week == 1 ? "" : "s",
                 d % week / day, d % week / day == 1 ? "" : "s");
    else if (d >= 2 * day)
        snprintf(buf, size, "%ld days ago", d / day);
    else if (d >= 25 * hour)
        snprintf(buf, size, "1 day %ldh ago", (d - day) / hour);
    else if (d >= 6 * hour)
        snprintf(buf, size, "%ldh ago", d / hour);
    else if (d >= hour)
        snprintf(buf, size, "%ldh %ldmin ago", d / hour, d % hour / min);
    else if (d >= 5 * min)
        snprintf(buf, size, "%ldmin ago", d / min);
    else if (d >= min)
        snprintf(buf, size, "%ldmin %lds ago", d / min, d % min);
    else if (d >= 1)
        snprintf(buf, size, "%lds ago", d);
    else
        snprintf(buf, size, "now");
}

static int cmd_systemctl(emu_context *c, int argc, char **argv, emu_out *out)
{
    emu_world *w = c->world;
    const emu_node *n = &w->nodes[c->node];
    int i = 1;
    while (i < argc && (!strcmp(argv[i], "--no-pager") || !strcmp(argv[i], "-l") ||
                        !strcmp(argv[i], "--full")))
        i++;
    static const char *const verbs[] = {"status", "is-active", "start", "stop", "restart"};
    int verb = -1;
    for (int k = 0; i < argc && k < 5; k++)
        if (!strcmp(argv[i], verbs[k]))
            verb = k;
    if (i + 1 >= argc || verb < 0) {
        emu_out_printf(out, "usage: systemctl status|is-active|start|stop|restart UNIT\n");
        return 1;
    }
    int rc = 0;
    for (int k = i + 1; k < argc; k++) {
        const emu_service *sv = emu_service_find(argv[k]);
        if (!sv) {
            if (verb >= 2)
                emu_out_printf(out, "Failed to %s %s.service: Unit %s.service not found.\n", verbs[verb],
                               argv[k], argv[k]);
            else if (verb == 0)
                emu_out_printf(out, "Unit %s.service could not be found.\n", argv[k]);
            else
                emu_out_printf(out, "inactive\n");
            rc = verb == 0 ? 4 : verb == 1 ? 3 : 5;
            continue;
        }
        bool fm = !strcmp(sv->name, "nvidia-fabricmanager");
        if (verb >= 2 && !c->root) {
            /* no polkit agent answers for an ordinary user over ssh (systemd/systemd#2081;
             * colonelpanic8/rofi-systemd#8 for the second line) */
            emu_out_printf(out, "Failed to %s %s: Interactive authentication required.\nSee system logs "
                                "and 'systemctl status %s' for details.\n", verbs[verb], sv->unit, sv->unit);
            rc = 1;
            continue;
        }
        if (verb >= 2) {
            if (emu_service_control(w, c->node, sv->unit, verbs[verb]) == EMU_REPAIR_STATE) {
                emu_out_printf(out, "Job for %s failed because the control process exited with error "
                                    "code.\nSee \"systemctl status %s\" and \"journalctl -xeu %s\" for "
                                    "details.\n", sv->unit, sv->unit, sv->unit);
                rc = 1;
            }
            continue;
        }
        bool up = emu_service_running(w, c->node, sv);
        if (verb == 1) {
            emu_out_printf(out, "%s\n", up ? "active" : fm ? "failed" : "inactive");
            rc = up ? rc : 3;
            continue;
        }
        char since[48], ago[48], jts[24], proc[40];
        double t0 = up ? emu_service_since_s(w, c->node, sv) : n->boot_time_s + 21;
        emu_format_utc(t0, "%a %Y-%m-%d %H:%M:%S UTC", since, sizeof since);
        emu_format_utc(t0, "%b %d %H:%M:%S", jts, sizeof jts);
        relative_age(w->now_s - t0, ago, sizeof ago);
        /* the process name: the executable's base name */
        const char *exe_end = strchr(sv->exec, ' ');
        size_t exe_len = exe_end ? (size_t)(exe_end - sv->exec) : strlen(sv->exec);
        const char *base = sv->exec;
        for (size_t q = 0; q < exe_len; q++)
            if (sv->exec[q] == '/')
                base = sv->exec + q + 1;
        snprintf(proc, sizeof proc, "%.*s", (int)(sv->exec + exe_len - base), base);
        int pid = up ? emu_service_pid(w, c->node, sv) : 1800 + (int)(emu_hash(w->seed, sv->unit, (uint64_t)c->node, 0) % 2000);
        emu_out_printf(out, "%s %s - %s\n     Loaded: loaded (/lib/systemd/system/%s; enabled; "
                            "vendor preset: enabled)\n",
                       up ? "\u25cf" : "\u00d7", sv->unit, sv->description, sv->unit);
        if (up) {
            emu_out_printf(out, "     Active: active (running) since %s; %s\n   Main PID: %d (%s)\n",
                           since, ago, pid, proc);
        } else if (fm) {
            emu_out_printf(out, "     Active: failed (Result: exit-code) since %s; %s\n"
                                "    Process: %d ExecStart=%s (code=exited, status=1/FAILURE)\n\n"
                                "%s %s nv-fabricmanager[%d]: request to query NVSwitch device "
                                "information from NVSwitch driver failed with error:WARNING "
                                "Nothing to do [NV_WARN_NOTHING_TO_DO]\n"
                                "%s %s systemd[1]: %s: Failed with result 'exit-code'.\n",
                           since, ago, pid, sv->exec, jts, n->name, pid, jts, n->name, sv->unit);
            rc = 3;
        } else {
            emu_out_printf(out, "     Active: inactive (dead)\n");
            rc = 3;
        }
    }
    return rc;
}

static const char *const systemctl_flags[] = {"status", "is-active", "restart", "start", "stop",
                                              "nvidia-fabricmanager", "nvidia-persistenced",
                                              "nvidia-dcgm", "slurmd", NULL};

const emu_command emu_cmd_systemctl = {
    "systemctl", cmd_systemctl, "the state of a service (Fabric Manager, DCGM, slurmd); restart it",
    EMU_HELP("usage: systemctl status|is-active UNIT ...; sudo systemctl start|stop|restart UNIT ...\n"
    "  units: nvidia-fabricmanager, "
    "nvidia-persistenced, nvidia-dcgm, slurmd, munge, ssh, chrony, rsyslog\n"),
    systemctl_flags,
    .cost = EMU_COST_TOOL
};

static const char *const dmesg_flags[] = {"-T", "--ctime", "-k", "-l", "--level", NULL};
static const char *const journalctl_flags[] = {"-k", "--dmesg", "-b", "-n", "--since", "--no-pager", NULL};

const emu_command emu_cmd_dmesg = {
    "dmesg", cmd_dmesg, "print the kernel ring buffer (NVRM Xid lines, NIC link events)",
    EMU_HELP("usage: dmesg [-T] [-l LEVELS]\n  -T  human-readable timestamps instead of seconds since boot\n"
    "  -l  only these levels, e.g. -l err,warn\n"
    "  Filter with a pipe: dmesg | grep -i xid\n"),
    dmesg_flags,
    .cost = EMU_COST_TOOL
};
const emu_command emu_cmd_journalctl = {
    "journalctl", cmd_journalctl, "query the journal (here: the kernel log with -k)",
    EMU_HELP("usage: journalctl -k [-b] [-n N] [--since TIME] [--no-pager]\n  -k  kernel messages, with "
    "wall-clock timestamps and the host name\n  --since  \"2026-03-14 08:00\", \"08:00\", \"1 hour "
    "ago\", -2h, today, yesterday\n"),
    journalctl_flags,
    .cost = EMU_COST_TOOL
};
