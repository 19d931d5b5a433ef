/* ps.c: `ps` (procps-ng 4.0) over the node's processes (model/host.h): no options (this
 * terminal), aux, -ef, -e, -o/-eo LIST, -p PID, --ppid PID, -u USER, -C NAME, --sort KEY. Column
 * widths as procps prints them with a pid_max of 4194304 (seven-digit PIDs). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "out.h"
#include "tools.h"
#include "host_fmt.h"
#include "model/host.h"
#include "model/rng.h"

/* The learner's shell and ps itself, on the terminal pts/0 ($$ is the shell's pid: shell.c). */
static void self_procs(const emu_world *w, int node, int argc, char **argv, emu_proc *shell,
                       emu_proc *ps)
{
    memset(shell, 0, sizeof *shell);
    shell->pid = 4200 + node;
    shell->ppid = 4190 + node;
    shell->rank = shell->worker = shell->gpu = -1;
    shell->user = "user";
    shell->state = 'S';
    shell->start_s = w->start_time_s - 600;
    shell->rss_kib = 5300, shell->vsz_kib = 8800, shell->threads = 1;
    snprintf(shell->comm, sizeof shell->comm, "bash");
    snprintf(shell->cmd, sizeof shell->cmd, "-bash");
    snprintf(shell->cpus_allowed, sizeof shell->cpus_allowed, "0-%d", w->nodes[node].n_cpus - 1);
    *ps = *shell;
    ps->pid = 900000 + (int)(w->commands_run % 90000);
    ps->ppid = shell->pid;
    ps->state = 'R';
    ps->start_s = w->now_s;
    ps->rss_kib = 4100, ps->vsz_kib = 11200;
    snprintf(ps->comm, sizeof ps->comm, "ps");
    size_t len = 0;
    for (int i = 0; i < argc && len + 1 < sizeof ps->cmd; i++)
        len += (size_t)snprintf(ps->cmd + len, sizeof ps->cmd - len, "%s%s", i ? " " : "", argv[i]);
}

/* A column: its -o key, header, width, whether it is left-aligned. */
typedef struct ps_col {
    const char *key, *header;
    int width, left;
} ps_col;

static const ps_col columns[] = {
    {"pid", "PID", 7, 0},        {"ppid", "PPID", 7, 0},      {"user", "USER", 8, 1},
    {"uid", "UID", 5, 0},        {"stat", "STAT", 4, 1},      {"s", "S", 1, 1},
    {"state", "S", 1, 1},        {"pcpu", "%CPU", 4, 0},      {"%cpu", "%CPU", 4, 0},
    {"pmem", "%MEM", 4, 0},      {"%mem", "%MEM", 4, 0},      {"rss", "RSS", 5, 0},
    {"vsz", "VSZ", 6, 0},        {"comm", "COMMAND", 0, 1},   {"args", "COMMAND", 0, 1},
    {"command", "COMMAND", 0, 1},{"cmd", "CMD", 0, 1},        {"etime", "ELAPSED", 11, 0},
    {"etimes", "ELAPSED", 7, 0}, {"time", "TIME", 8, 0},      {"nlwp", "NLWP", 4, 0},
    {"tty", "TT", 8, 1},         {"tname", "TTY", 8, 1},      {"ni", "NI", 3, 0},          {"psr", "PSR", 3, 0},
    {"c", "C", 2, 0},            {"stime", "STIME", 5, 1},    {"start", "START", 5, 1},
    {"bsdtime", "TIME", 6, 0},   {"ucomm", "COMMAND", 0, 1},
};
#define N_COLUMNS ((int)(sizeof columns / sizeof columns[0]))

/* [DD-]HH:MM:SS, or (etime) [[DD-]HH:]MM:SS. */
static void fmt_duration(double s, int etime, char *buf, size_t size)
{
    long t = s > 0 ? (long)s : 0;
    long d = t / 86400, h = t % 86400 / 3600, m = t % 3600 / 60, sec = t % 60;
    if (etime && !d && !h)
        snprintf(buf, size, "%02ld:%02ld", m, sec);
    else if (d)
        snprintf(buf, size, "%ld-%02ld:%02ld:%02ld", d, h, m, sec);
    else
        snprintf(buf, size, "%02ld:%02ld:%02ld", h, m, sec);
}

/* ps's STAT: the state, then s (session leader), l (threads), < (high priority), + (terminal
 * foreground group). */
static void fmt_stat(const emu_proc *p, char *buf, size_t size)
{
    bool leader = p->role == EMU_PROC_SERVICE || !strcmp(p->comm, "bash");
    bool high = p->role == EMU_PROC_KERNEL && p->state == 'I';
    snprintf(buf, size, "%c%s%s%s%s", p->state, high ? "<" : "", leader ? "s" : "",
             p->threads > 1 ? "l" : "", !strcmp(p->comm, "ps") ? "+" : "");
}

/* procps' %CPU and %MEM: tenths, whole numbers above 99.9. */
static void fmt_percent(double v, char *buf, size_t size)
{
    if (v > 99.9)
        snprintf(buf, size, "%.0f", floor(v));
    else
        snprintf(buf, size, "%.1f", floor(v * 10) / 10);
}

static void print_value(const emu_world *w, const emu_proc *p, const ps_col *col,
                        double mem_total_kib, bool last, emu_out *out)
{
    char buf[160];
    const char *k = col->key;
    double elapsed = w->now_s - p->start_s;
    if (!strcmp(k, "pid"))
        snprintf(buf, sizeof buf, "%d", p->pid);
    else if (!strcmp(k, "ppid"))
        snprintf(buf, sizeof buf, "%d", p->ppid);
    else if (!strcmp(k, "user") && strlen(p->user) > 8) /* procps cuts long names: nvidia-+ */
        snprintf(buf, sizeof buf, "%.7s+", p->user);
    else if (!strcmp(k, "user"))
        snprintf(buf, sizeof buf, "%s", p->user);
    else if (!strcmp(k, "uid"))
        snprintf(buf, sizeof buf, "%d", !strcmp(p->user, "root") ? 0 : 1000);
    else if (!strcmp(k, "stat"))
        fmt_stat(p, buf, sizeof buf);
    else if (!strcmp(k, "s") || !strcmp(k, "state"))
        snprintf(buf, sizeof buf, "%c", p->state);
    else if (!strcmp(k, "pcpu") || !strcmp(k, "%cpu"))
        fmt_percent(elapsed > 0 ? 100 * p->cpu_time_s / elapsed : 0, buf, sizeof buf);
    else if (!strcmp(k, "c"))
        snprintf(buf, sizeof buf, "%d", (int)fmin(99, elapsed > 0 ? 100 * p->cpu_time_s / elapsed : 0));
    else if (!strcmp(k, "pmem") || !strcmp(k, "%mem"))
        fmt_percent(mem_total_kib > 0 ? 100 * p->rss_kib / mem_total_kib : 0, buf, sizeof buf);
    else if (!strcmp(k, "rss"))
        snprintf(buf, sizeof buf, "%.0f", p->rss_kib);
    else if (!strcmp(k, "vsz"))
        snprintf(buf, sizeof buf, "%.0f", p->vsz_kib);
    else if (!strcmp(k, "comm") || !strcmp(k, "ucomm"))
        snprintf(buf, sizeof buf, "%s", p->comm);
    else if (!strcmp(k, "cmd") || !strcmp(k, "args") || !strcmp(k, "command"))
        snprintf(buf, sizeof buf, "%s", p->cmd[0] ? p->cmd : p->comm);
    else if (!strcmp(k, "etime"))
        fmt_duration(elapsed, 1, buf, sizeof buf);
    else if (!strcmp(k, "etimes"))
        snprintf(buf, sizeof buf, "%.0f", elapsed);
    else if (!strcmp(k, "time"))
        fmt_duration(p->cpu_time_s, 0, buf, sizeof buf);
    else if (!strcmp(k, "bsdtime"))
        snprintf(buf, sizeof buf, "%ld:%02ld", (long)p->cpu_time_s / 60, (long)p->cpu_time_s % 60);
    else if (!strcmp(k, "nlwp"))
        snprintf(buf, sizeof buf, "%d", p->threads);
    else if (!strcmp(k, "tty") || !strcmp(k, "tname"))
        snprintf(buf, sizeof buf, "%s", p->pid >= 4200 && p->pid < 4200 + EMU_MAX_NODES ? "pts/0"
                                        : !strcmp(p->comm, "ps") ? "pts/0" : "?");
    else if (!strcmp(k, "ni"))
        snprintf(buf, sizeof buf, "%d", 0);
    else if (!strcmp(k, "psr"))
        snprintf(buf, sizeof buf, "%d", emu_proc_last_cpu(w, p));
    else { /* start, stime: today's HH:MM, else MonDD */
        if (w->now_s - p->start_s < 86400)
            emu_format_utc(p->start_s, "%H:%M", buf, sizeof buf);
        else
            emu_format_utc(p->start_s, "%b%d", buf, sizeof buf);
    }
    if (last)
        emu_out_printf(out, "%s\n", buf);
    else
        emu_out_printf(out, col->left ? "%-*s " : "%*s ", col->width, buf);
}

static const ps_col *find_col(const char *key, size_t len)
{
    for (int i = 0; i < N_COLUMNS; i++)
        if (strlen(columns[i].key) == len && !strncmp(columns[i].key, key, len))
            return &columns[i];
    return NULL;
}

#define PS_MAX_COLS 16

/* Parses an -o list ("pid,stat,pcpu,comm"; spaces separate too) into cols. Returns the count,
 * or -1 with the bad key in *bad. */
static int parse_cols(const char *list, const ps_col **cols, int n, const char **bad)
{
    const char *s = list;
    while (*s && n < PS_MAX_COLS) {
        size_t len = strcspn(s, ", ");
        if (len) {
            const char *eq = memchr(s, '=', len); /* key=HEADER is not offered: the key alone */
            const ps_col *c = find_col(s, eq ? (size_t)(eq - s) : len);
            if (!c) {
                *bad = s;
                return -1;
            }
            cols[n++] = c;
        }
        s += len;
        while (*s == ',' || *s == ' ')
            s++;
    }
    return n;
}

static bool in_list(const char *list, int value)
{
    for (const char *s = list; *s;) {
        if (atoi(s) == value)
            return true;
        s += strcspn(s, ",");
        if (*s)
            s++;
    }
    return false;
}

static const char ps_usage[] =
    "\nUsage:\n ps [options]\n\n Try 'ps --help <simple|list|output|threads|misc|all>'\n  or "
    "'ps --help <s|l|o|t|m|a>'\n for additional help text.\n\nFor more details see ps(1).\n";

static int cmd_ps(emu_context *c, int argc, char **argv, emu_out *out)
{
    const emu_world *w = c->world;
    int node = c->node;
    const ps_col *cols[PS_MAX_COLS];
    int ncols = 0;
    bool all = false, full = false, bsd = false;
    const char *pids = NULL, *ppids = NULL, *user = NULL, *names = NULL, *sort = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *next = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "aux") || !strcmp(a, "-aux") || !strcmp(a, "axu")) {
            all = bsd = true;
        } else if (!strcmp(a, "-e") || !strcmp(a, "-A") || !strcmp(a, "ax")) {
            all = true;
        } else if (!strcmp(a, "-ef") || !strcmp(a, "-fe")) {
            all = full = true;
        } else if (!strcmp(a, "-f")) {
            full = true;
        } else if ((!strcmp(a, "-o") || !strcmp(a, "-eo") || !strcmp(a, "o") ||
                    !strncmp(a, "--format", 8)) && (next || a[2] == '=')) {
            all |= !strcmp(a, "-eo");
            const char *list = a[2] == 'f' && a[8] == '=' ? a + 9 : argv[++i];
            const char *bad = NULL;
            int n = parse_cols(list, cols, ncols, &bad);
            if (n < 0) {
                emu_out_printf(out, "error: unknown user-defined format specifier \"%.*s\"\n%s",
                               (int)strcspn(bad, ", "), bad, ps_usage);
                return 1;
            }
            ncols = n;
        } else if ((!strcmp(a, "-p") || !strcmp(a, "--pid")) && next) {
            pids = argv[++i];
        } else if (!strcmp(a, "--ppid") && next) {
            ppids = argv[++i];
        } else if ((!strcmp(a, "-u") || !strcmp(a, "-U") || !strcmp(a, "--user")) && next) {
            user = argv[++i];
        } else if (!strcmp(a, "-C") && next) {
            names = argv[++i];
        } else if (!strncmp(a, "--sort", 6) && (a[6] == '=' || next)) {
            sort = a[6] == '=' ? a + 7 : argv[++i];
        } else if (a[0] >= '0' && a[0] <= '9') {
            pids = a;
        } else {
            emu_out_printf(out, "error: unsupported option (BSD syntax)\n%s", ps_usage);
            return 1;
        }
    }
    if (!ncols) {
        const char *list = bsd ? "user,pid,pcpu,pmem,vsz,rss,tname,stat,start,bsdtime,command"
                         : full ? "user,pid,ppid,c,stime,tname,time,cmd"
                                : "pid,tname,time,ucomm";
        const char *bad;
        ncols = parse_cols(list, cols, 0, &bad);
    }
    /* headers: -f names the user column UID, as procps does */
    for (int k = 0; k < ncols; k++) {
        const char *h = full && !strcmp(cols[k]->key, "user") ? "UID" : !strcmp(cols[k]->key, "ucomm") ? "CMD" : cols[k]->header;
        if (k == ncols - 1)
            emu_out_printf(out, "%s\n", h);
        else
            emu_out_printf(out, cols[k]->left ? "%-*s " : "%*s ", cols[k]->width, h);
    }
    /* the processes, then the ones of this terminal; --sort=-pcpu (or pcpu, -rss, rss) orders them */
    int count = emu_node_proc_count(w, node);
    emu_proc *list = malloc(sizeof *list * (size_t)(count + 2));
    if (!list)
        return 1;
    int n = 0;
    for (int i = 0; i < count; i++)
        if (emu_node_proc(w, node, i, &list[n]) == 0)
            n++;
    self_procs(w, node, argc, argv, &list[n], &list[n + 1]);
    n += 2;
    bool select_any = pids || ppids || user || names;
    if (sort) {
        bool desc = sort[0] == '-';
        const char *key = sort + (sort[0] == '-' || sort[0] == '+');
        bool by_rss = !strcmp(key, "rss") || !strcmp(key, "pmem") || !strcmp(key, "%mem");
        for (int i = 1; i < n; i++) /* insertion sort: stable, and n is small */
            for (int j = i; j > 0; j--) {
                double a = by_rss ? list[j - 1].rss_kib : list[j - 1].cpu;
                double b = by_rss ? list[j].rss_kib : list[j].cpu;
                if (desc ? a >= b : a <= b)
                    break;
                emu_proc t = list[j];
                list[j] = list[j - 1];
                list[j - 1] = t;
            }
    }
    emu_memory mem;
    emu_node_memory(w, node, &mem);
    int shown = 0;
    for (int i = 0; i < n && !out->truncated; i++) {
        const emu_proc *p = &list[i];
        bool mine = p->pid == list[count].pid || p->pid == list[count + 1].pid;
        bool pick = select_any ? (pids && in_list(pids, p->pid)) || (ppids && in_list(ppids, p->ppid)) ||
                                     (user && !strcmp(user, p->user)) || (names && !strcmp(names, p->comm))
                               : all || mine || (bsd && !strcmp(p->user, "user"));
        if (!pick)
            continue;
        shown++;
        for (int k = 0; k < ncols; k++)
            print_value(w, p, cols[k], mem.total_kib, k == ncols - 1, out);
    }
    free(list);
    return shown ? 0 : 1;
}

static const char *const ps_flags[] = {"aux", "-ef", "-e", "-o", "-eo", "-p", "--ppid", "-u", "-C",
                                       "--sort", NULL};

const emu_command emu_cmd_ps = {
    "ps", cmd_ps, "report the node's processes (the job's ranks and DataLoader workers)",
    "usage: ps [aux | -ef | -e] [-o LIST] [-p PID] [--ppid PID] [-u USER] [-C NAME] [--sort=-pcpu]\n"
    "  LIST: pid,ppid,user,stat,pcpu,pmem,rss,vsz,nlwp,etime,time,psr,comm,args ...\n"
    "  e.g. ps -o pid,stat,pcpu,comm --ppid PID   the DataLoader workers of a rank\n",
    ps_flags, .cost = EMU_COST_TOOL
};
