/* labs.c: the lab commands (lab, goal, hint, answer, solutions) and the reference procedures:
 * one per symptom of the landing page's table, each step a command and what to look for, each
 * pointing to the reference page it comes from. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "compat/numscan.h"
#include "compat/regex_nfa.h"

#include "labs.h"
#include "out.h"
#include "model/job.h"
#include "model/model.h"
#include "model/rng.h"
#include "model/scenario.h"
#include "model/world.h"

/* ---- reference procedures ------------------------------------------------------------------------- */

typedef struct procedure_step {
    const char *command;
    const char *look_for;
} procedure_step;

typedef struct procedure {
    const char *topic;       /* what `solutions TOPIC` takes */
    const char *symptom;     /* the row of the landing page's symptom table */
    const char *reference;   /* the reference page */
    const char *evidence;    /* the table's "Evidence to keep" column */
    procedure_step steps[8];
} procedure;

static const procedure procedures[] = {
    {"gpu", "One node runs slower than its peers", "reference/nvidia-stack/gpu-data-path.md",
     "Clocks, temperatures, kernel durations, placement",
     {{"tail train.log",
       "the (min, max) of backward-compute across ranks: a wide spread means one rank computes "
       "slower than the rest, and all-grads-sync's spread is every other rank waiting for it "
       "(forward-backward holds that wait too, so it reads about equal on every rank)"},
      {"grep -c . logs/rank-00.log ; tail -n 2 logs/rank-05.log",
       "per-rank logs: the late rank starts its all-reduce last and waits ~0 ms in it; every "
       "other rank waits about the same time for it"},
      {"ssh node02 nvidia-smi --query-gpu=index,clocks.sm,temperature.gpu,power.draw,"
       "clocks_event_reasons.active --format=csv",
       "one GPU with a lower SM clock than its peers (1980 MHz on a busy H100) and a non-zero "
       "reason mask"},
      {"ssh node02 nvidia-smi -q -d PERFORMANCE,TEMPERATURE,POWER -i 5",
       "which clock-event reason is Active: HW Thermal Slowdown (temperature at the slowdown "
       "threshold), SW Power Cap with a lowered Power Limit, or HW Power Brake Slowdown"},
      {"ssh node02 dcgmi diag -r 3",
       "a warning on that GPU: thermal or power violations under Diagnostic and Targeted "
       "Stress (the level 3 tests that load the GPU for minutes), ECC under GPU Memory"},
      {"ssh node02 dmesg | grep -i xid",
       "Xid errors on the same GPU (79 fallen off the bus, 48/94/95 ECC, 63 row remap pending)"},
      {"ipmitool -I lanplus -H node02-bmc -U admin -P admin sel elist",
       "BMC events that explain it: a GPU temperature going critical, a power supply failure "
       "before a power brake"},
      {NULL, NULL}}},
    {"nvlink", "Local communication is slow", "reference/networking/nvlink-nvswitch.md",
     "Domain boundary, peer paths, link counters",
     {{"all_reduce_perf -b 8 -e 8G -f 2 -g 8",
       "busbw at 8 GB inside one 8x H100 node: about 360 GB/s with the ring; much lower points to "
       "a link or the fabric"},
      {"nvidia-smi nvlink -s",
       "every link at 26.562 GB/s on H100; a <inactive> link is down"},
      {"nvidia-smi nvlink -e",
       "replay and recovery counters: run it twice; counters that grow mean a marginal link"},
      {"nvidia-smi topo -m", "NV18 between every pair of GPUs; SYS or NODE between two GPUs "
                             "means they talk over PCIe"},
      {"nvidia-smi --query-gpu=index,fabric.state,fabric.status --format=csv",
       "fabric state Completed on NVSwitch systems; In Progress means Fabric Manager is not "
       "running"},
      {"dmesg | grep -i xid", "Xid 74 (NVLink error) on the GPU with the inactive link"},
      {NULL, NULL}}},
    {"nccl", "One node is fast; several are slow", "reference/networking/nccl.md",
     "Message sizes, rank arrival, transport",
     {{"all_reduce_perf -b 8 -e 8G -f 2 -g 8",
       "the single-node baseline: busbw at the largest sizes"},
      {"mpirun -np 16 -H node01:8,node02:8 all_reduce_perf -b 8 -e 8G -f 2 -g 1",
       "busbw across two nodes at 8 GB: about 8 NICs x 46-48 GB/s at NDR 400 Gb/s; a few GB/s "
       "means NCCL is not on InfiniBand"},
      {"NCCL_DEBUG=INFO mpirun -np 16 -H node01:8,node02:8 all_reduce_perf -b 1G -e 1G -g 1",
       "'Using network IB' and NET/IB/N/GDRDMA on the channels between nodes; 'Using network "
       "Socket' or NET/Socket means the fallback to TCP, and the lines before it say why "
       "(NCCL_IB_DISABLE set by environment, NET/IB : No device found., Failed to open libibverbs)"},
      {"env | grep NCCL", "NCCL_IB_DISABLE=1, or an NCCL_IB_HCA that names no HCA of the node"},
      {"ibstat", "every compute port State: Active, Physical state: LinkUp, Rate: 400"},
      {"tail train.log", "the all-reduce share of step time against the single-node job"},
      {NULL, NULL}}},
    {"topology", "Performance changes with placement", "reference/networking/topology.md",
     "GPU-to-NIC locality and shared-link capacity",
     {{"nvidia-smi topo -m",
       "each GPU PIX to its own rail NIC; NODE or SYS to the NIC it uses means traffic crosses "
       "the host bridge or the socket interconnect"},
      {"numactl --hardware", "which CPUs and memory sit on which NUMA node"},
      {"lspci -tv", "GPU and NIC under the same PCIe switch"},
      {"NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=INIT,NET mpirun -np 2 -H node01:1,node02:1 all_reduce_perf -b 1G -e 1G -g 1",
       "GPU Direct RDMA Enabled for each GPU/HCA pair (a NET line: INIT and ENV alone do not show "
       "it); /GDRDMA missing on the NET/IB channels means the NIC stages through host memory"},
      {"mpirun -np 2 -H node01:1,node02:1 all_reduce_perf -b 1G -e 1G -g 1",
       "one rail at a time: each pair should reach the same busbw; one slow pair points to its "
       "path"},
      {NULL, NULL}}},
    {"storage", "Input reads and saves compete", "reference/storage/training-workloads.md",
     "Read/write demand, metadata latency, cache state",
     {{"tail train.log",
       "batch-generator time and the batch wait per step: time the GPUs sit idle waiting for "
       "input"},
      {"tail -n 3 logs/rank-00.log ; tail -n 3 logs/rank-12.log",
       "batch_wait_ms high on every rank alike: the input path is shared, not one rank's host"},
      {"nvidia-smi dmon -s pu -c 5",
       "sm utilisation and power falling in step with the batch wait"},
      {"squeue", "other jobs in their checkpoint phase on the same file system"},
      {"df -h", "how full each mount is; a target at 100% fails writes"},
      {"iostat -x", "await and queue size on the devices the input comes from"},
      {"lctl get_param mdc.*.stats osc.*.stats",
       "on a Lustre client: mean RPC latency (sum / samples) of metadata (req_waittime) and of "
       "1 MiB reads (ost_read) against the idle minimum; slow answers while this client reads "
       "no more than before mean another load on the servers"},
      {NULL, NULL}}},
    {"fabric", "A link is active but the job regressed",
     "reference/operations/training-fabric-triage.md",
     "Negotiated rate, endpoint identity, counter deltas",
     {{"ibstat", "State Active but Rate lower than its peers (200 or 100 where 400 is expected)"},
      {"ibv_devinfo -v", "active_width and active_speed of the same port: 4X NDR when healthy"},
      {"ibdev2netdev", "which netdev and rail the slow HCA is, to name the cable and switch port"},
      {"perfquery -x -C mlx5_4", "on the suspect HCA, run it twice: SymbolErrorCounter, "
                                 "LinkDownedCounter and PortXmitWait deltas over the interval"},
      {"mpirun -np 2 -H node01:1,node02:1 all_reduce_perf -b 1G -e 1G -g 1",
       "busbw of the affected rail against the others"},
      {NULL, NULL}}},
    {"oob", "Host access disappears", "reference/operations/out-of-band-management.md",
     "Power state, boot history, hardware events",
     {{"ssh node02 hostname", "no answer from the host itself"},
      {"ipmitool -I lanplus -H node02-bmc -U admin -P admin chassis power status",
       "what the BMC believes; 'Unable to establish IPMI v2 / RMCP+ session' means the BMC "
       "itself is unreachable"},
      {"ipmitool -I lanplus -H node02-bmc -U admin -P admin sel elist",
       "power supply, thermal and ACPI state events around the time access was lost"},
      {"squeue", "which jobs had the node"},
      {NULL, NULL}}},
    {"snapshot", "Evidence needs to be shared", "reference/operations/diagnostic-snapshot.md",
     "Scope, UTC interval, raw output, missing data",
     {{"squeue", "the scope: job id, nodes, how long it has run"},
      {"tail train.log", "the UTC interval and the steps it covers"},
      {"nvidia-smi -q", "raw GPU state of each node in scope (ssh NODE nvidia-smi -q)"},
      {"dmesg", "kernel events in the interval"},
      {"ibstat", "fabric port state of each node"},
      {"ipmitool sel elist", "hardware events from the BMC"},
      {NULL, "write down what you could not collect and why (an unreachable BMC, a node that was "
             "off)"}}},
};
#define N_PROCEDURES ((int)(sizeof procedures / sizeof procedures[0]))

/* ---- helpers ---------------------------------------------------------------------------------------- */

static const emu_scenario *lab_scenario(const emu_world *w)
{
    return w->lab.active ? w->scenario : NULL;
}

const char *emu_lab_id(const emu_world *w)
{
    const emu_scenario *s = lab_scenario(w);
    return s ? s->id : "";
}

const char *emu_lab_title(const emu_world *w)
{
    const emu_scenario *s = lab_scenario(w);
    return s && s->title ? s->title : "";
}

const char *emu_lab_goal(const emu_world *w)
{
    const emu_scenario *s = lab_scenario(w);
    return s && s->goal ? s->goal : "";
}

bool emu_lab_question_pending(const emu_world *w) { return w->lab.question != EMU_QUESTION_NONE; }

const char *emu_lab_question_prompt(const emu_world *w)
{
    return w->lab.question == EMU_QUESTION_REVEAL_SOLUTION ? "Reveal the worked solution? [y/N] "
                                                           : "";
}

bool emu_lab_take_solved(emu_world *w)
{
    bool v = w->lab.solved_pending_flag;
    w->lab.solved_pending_flag = false;
    return v;
}

bool emu_lab_take_changed(emu_world *w)
{
    bool v = w->lab.lab_changed;
    w->lab.lab_changed = false;
    return v;
}

static void no_lab(int cols, emu_out *out)
{
    emu_out_wrapf(out, cols, 0, "No lab is running. `lab list` shows the labs; `lab start ID` starts one.\n");
}

bool emu_lab_probed(const emu_world *w, int after)
{
    return after <= 0 || after > EMU_MAX_PROBES || w->lab.probed[after - 1];
}

const char *emu_lab_answer_example(const emu_scenario *s, char *buf, size_t size)
{
    if (s->example && s->example[0])
        snprintf(buf, size, " (e.g. answer %s)", s->example);
    else
        buf[0] = '\0';
    return buf;
}

static void print_goal(const emu_scenario *s, int cols, emu_out *out)
{
    char eg[256];
    emu_lab_answer_example(s, eg, sizeof eg);
    emu_out_wrapf(out, cols, 1, "Lab %s: %s\n\n%s\n\n", s->id, s->title, s->goal);
    if (s->fix.present)
        emu_out_wrapf(out, cols, 1, "The lab is solved by both the diagnosis and the repair: name the "
                                    "cause with answer COMPONENT%s, then repair it and show that it "
                                    "works. `hint` gives a hint.\n", eg);
    else if (s->collect.present)
        emu_out_wrapf(out, cols, 1, "The lab is solved by both the finding and the snapshot: name the "
                                    "cause with answer COMPONENT%s, and collect what the hand-over "
                                    "needs (`snapshot` lists it). `hint` gives a hint.\n", eg);
    else
        emu_out_wrapf(out, cols, 1, "When you know the cause, name the component: answer COMPONENT%s. "
                                    "`hint` gives a hint.\n", eg);
}

/* The site path of a content path, as the site serves it (reference/storage/x.md ->
 * /reference/storage/x/, a folder's index.md -> its folder), into buf (size bytes), so a console
 * can link it. Returns buf. */
static const char *site_path(const char *src, char *buf, size_t size)
{
    src = src ? src : "";
    size_t len = strlen(src);
    if (len > 3 && !strcmp(src + len - 3, ".md"))
        len -= 3;
    if (len >= 5 && !strncmp(src + len - 5, "index", 5) && (len == 5 || src[len - 6] == '/'))
        len -= len == 5 ? 5 : 6;
    snprintf(buf, size, "/%.*s%s", (int)len, src, len ? "/" : "");
    return buf;
}

/* "Read next: TITLE (/SITE/PATH/)". */
static void print_read_next(const emu_scenario *s, int cols, emu_out *out)
{
    char path[512];
    site_path(s->read_next, path, sizeof path);
    if (s->read_next_title && s->read_next_title[0])
        emu_out_wrapf(out, cols, 0, "Read next: %s (%s)\n", s->read_next_title, path);
    else
        emu_out_printf(out, "Read next: %s\n", path);
}

int emu_lab_reference_length(const emu_scenario *s) { return s->n_steps + 1; }

/* The lab's end: solved by the learner (or after a reveal), the explanation and what to read;
 * wrapped at cols (0: not wrapped). */
static void print_solved(emu_world *w, const emu_scenario *s, const char *how, int cols, emu_out *out)
{
    bool first = !w->lab.solved;
    w->lab.solved = true;
    if (first)
        w->lab.hints_at_solve = w->lab.hints_shown;
    if (w->lab.revealed) {
        emu_out_wrapf(out, cols, 1, "%s\n\n%s\n\nThe worked solution was revealed before, so this lab is "
                                    "not counted as solved by you. `lab restart` to try again from the "
                                    "start.\n",
                      how, s->explanation);
    } else {
        emu_out_wrapf(out, cols, 1, "%s Lab %s solved in %d command%s (the worked solution takes %d), "
                                    "%d of %d hints.\n\n%s\n\n",
                      how, s->id, w->lab.commands, w->lab.commands == 1 ? "" : "s",
                      emu_lab_reference_length(s), w->lab.hints_shown, s->n_hints, s->explanation);
        if (first)
            w->lab.solved_pending_flag = true;
    }
    print_read_next(s, cols, out);
}

/* ---- the snapshot (lab.collect) ------------------------------------------------------------------ */

/* Whether item i of the lab's snapshot is held: matched often enough, far enough apart. */
static bool collect_item_held(const emu_world *w, const emu_scenario *s, int i)
{
    const emu_collect_item *ci = &s->collect.items[i];
    return w->lab.collected[i] >= ci->times &&
           w->lab.collected_last_s[i] - w->lab.collected_first_s[i] >= ci->apart_s;
}

static int collect_held(const emu_world *w, const emu_scenario *s)
{
    int n = 0;
    for (int i = 0; i < s->collect.n_items; i++)
        n += collect_item_held(w, s, i);
    return n;
}

/* A snapshot lab is solved when the finding is named and the snapshot holds every item. */
static void collect_maybe_solved(emu_world *w, const emu_scenario *s, int cols, emu_out *out)
{
    if (!s->collect.present || w->lab.solved || !w->lab.diagnosed ||
        collect_held(w, s) < s->collect.n_items)
        return;
    char how[600];
    snprintf(how, sizeof how, "Snapshot complete: %s",
             s->collect.done ? s->collect.done : "it holds every item of the hand-over.");
    print_solved(w, s, how, cols, out);
}

static void collect_mark(emu_world *w, int i, const char *line)
{
    if (w->lab.collected[i]++ == 0)
        w->lab.collected_first_s[i] = w->now_s;
    w->lab.collected_last_s[i] = w->now_s;
    snprintf(w->lab.collected_line[i], sizeof w->lab.collected_line[i], "%s", line);
}

bool emu_lab_collecting(const emu_world *w)
{
    const emu_scenario *s = lab_scenario(w);
    return s && s->collect.present && !w->lab.solved;
}

void emu_lab_collect_line(emu_world *w, int node, const char *line, const char *output, int cols,
                          emu_out *out)
{
    const emu_scenario *s = lab_scenario(w);
    if (!s || !s->collect.present || w->lab.solved || !line)
        return;
    while (*line == ' ' || *line == '\t')
        line++;
    static const char *const own[] = {"snapshot", "answer", "hint", "goal", "lab", "solutions"};
    for (size_t k = 0; k < sizeof own / sizeof own[0]; k++) {
        size_t n = strlen(own[k]);
        if (!strncmp(line, own[k], n) && (line[n] == '\0' || line[n] == ' '))
            return;
    }
    /* where it ran: the node of `ssh NODE COMMAND`, else the shell's own */
    char host[16] = "";
    if (node >= 0 && node < w->n_nodes)
        snprintf(host, sizeof host, "%s", w->nodes[node].name);
    if (!strncmp(line, "ssh ", 4)) {
        const char *h = line + 4;
        while (*h == ' ')
            h++;
        size_t n = strcspn(h, " \t");
        if (n < sizeof host && h[n] != '\0')
            snprintf(host, sizeof host, "%.*s", (int)n, h);
    }
    for (int k = 0; k < s->n_probes; k++)
        if (emu_lab_output_matches(line, s->probes[k], NULL))
            w->lab.probed[k] = true;
    for (int i = 0; i < s->collect.n_items; i++) {
        const emu_collect_item *ci = &s->collect.items[i];
        if (!ci->command || !emu_lab_output_matches(line, ci->command, NULL))
            continue;
        if (ci->host && !emu_lab_output_matches(host, ci->host, NULL))
            continue;
        if (ci->expect && !emu_lab_output_matches(output ? output : "", ci->expect, NULL))
            continue;
        collect_mark(w, i, line);
    }
    collect_maybe_solved(w, s, cols, out);
}

/* `snapshot`: what the snapshot holds, item by item; `snapshot note TEXT`: add a note (the
 * scope, the interval, what is missing and why). */
static int cmd_snapshot(emu_context *c, int argc, char **argv, emu_out *out)
{
    emu_world *w = c->world;
    const emu_scenario *s = lab_scenario(w);
    int cols = emu_context_columns(c);
    if (argc > 1 && strcmp(argv[1], "note")) {
        emu_out_printf(out, "usage: snapshot [note TEXT]\n");
        return 2;
    }
    if (!s || !s->collect.present) {
        emu_out_printf(out, "snapshot: this lab does not ask for a snapshot; `goal` says what it asks.\n");
        return 1;
    }
    char ts[32];
    if (argc > 1) {
        if (argc < 3) {
            emu_out_printf(out, "usage: snapshot note TEXT\n");
            return 2;
        }
        if (w->lab.n_notes >= EMU_MAX_NOTES) {
            emu_out_printf(out, "snapshot: at most %d notes; the snapshot keeps the first ones.\n", EMU_MAX_NOTES);
            return 1;
        }
        int k = w->lab.n_notes++;
        size_t len = 0;
        char *note = w->lab.notes[k];
        note[0] = '\0';
        for (int i = 2; i < argc && len + 2 < sizeof w->lab.notes[k]; i++) {
            int n = snprintf(note + len, sizeof w->lab.notes[k] - len, "%s%s", i > 2 ? " " : "", argv[i]);
            len = n < 0 ? len : len + (size_t)n >= sizeof w->lab.notes[k] ? sizeof w->lab.notes[k] - 1 : len + (size_t)n;
        }
        w->lab.notes_s[k] = w->now_s;
        emu_format_utc(w->now_s, "%H:%M:%S", ts, sizeof ts);
        emu_out_printf(out, "Noted at %s UTC (note %d of at most %d).\n", ts, k + 1, EMU_MAX_NOTES);
        for (int i = 0; i < s->collect.n_items; i++) {
            const emu_collect_item *ci = &s->collect.items[i];
            if (!ci->note || !emu_lab_output_matches(note, ci->note, NULL))
                continue;
            if (!emu_lab_probed(w, ci->after)) {
                /* evidence is collected before it is reported */
                emu_out_wrapf(out, cols, 0, "It does not count as \"%s\" yet: nothing in this session has "
                                            "tried to collect what it says is missing. Try first, then "
                                            "note what happened.\n", ci->item);
                continue;
            }
            collect_mark(w, i, note);
        }
        collect_maybe_solved(w, s, cols, out);
        return 0;
    }
    emu_out_printf(out, "Snapshot of lab %s: %d of %d items\n", s->id, collect_held(w, s), s->collect.n_items);
    for (int i = 0; i < s->collect.n_items; i++) {
        const emu_collect_item *ci = &s->collect.items[i];
        bool held = collect_item_held(w, s, i);
        emu_out_printf(out, "  [%c] %s\n", held ? 'x' : ' ', ci->item);
        if (w->lab.collected[i]) {
            emu_format_utc(w->lab.collected_last_s[i], "%H:%M:%S", ts, sizeof ts);
            emu_out_printf(out, "      %s UTC: %s", ts, w->lab.collected_line[i]);
            if (ci->times > 1)
                emu_out_printf(out, " (%d reading%s over %.0f s; %d at least %.0f s apart wanted)",
                               w->lab.collected[i], w->lab.collected[i] == 1 ? "" : "s",
                               w->lab.collected_last_s[i] - w->lab.collected_first_s[i], ci->times, ci->apart_s);
            emu_out_printf(out, "\n");
        }
    }
    if (w->lab.n_notes) {
        emu_out_printf(out, "Notes:\n");
        for (int k = 0; k < w->lab.n_notes; k++) {
            emu_format_utc(w->lab.notes_s[k], "%H:%M:%S", ts, sizeof ts);
            /* in full, wrapped: the notes are what the fabric team reads */
            emu_out_wrapf(out, cols, 0, "  %d. %s UTC: %s\n", k + 1, ts, w->lab.notes[k]);
        }
    }
    return 0;
}

/* ---- lab ----------------------------------------------------------------------------------------- */

static int lab_status(emu_world *w, int cols, emu_out *out)
{
    const emu_scenario *s = lab_scenario(w);
    if (!s) {
        no_lab(cols, out);
        return 0;
    }
    const char *status = w->lab.solved ? (w->lab.revealed ? "solved after revealing the solution (not counted as solved by you)"
                                                          : "solved")
                                       : (w->lab.revealed ? "solution revealed (not counted as solved by you)"
                                                          : "in progress");
    char now[32];
    emu_format_utc(w->now_s, "%Y-%m-%d %H:%M:%S", now, sizeof now);
    double elapsed = w->now_s - w->start_time_s;
    /* Hints read after the solve are not part of it (the saved record counts those before). */
    int hints = w->lab.solved ? w->lab.hints_at_solve : w->lab.hints_shown;
    char after[48] = "";
    if (w->lab.hints_shown > hints)
        snprintf(after, sizeof after, " before solving, %d read after", w->lab.hints_shown - hints);
    emu_out_printf(out,
                   "Lab:            %s (%s)\n"
                   "Status:         %s\n"
                   "Hints used:     %d of %d%s\n"
                   "Answers tried:  %d\n"
                   "Commands:       %d (the worked solution takes %d)\n"
                   "Simulated time: %s UTC (%d min %02d s into the lab)\n",
                   s->id, s->title, status, hints, s->n_hints, after, w->lab.answers_tried,
                   w->lab.commands, emu_lab_reference_length(s), now, (int)(elapsed / 60),
                   (int)elapsed % 60);
    if (s->fix.present)
        emu_out_printf(out, "Diagnosis:      %s\nFix:            %s\nSolved when:    both: the "
                            "diagnosis named and the fix verified\n",
                       w->lab.diagnosed || w->lab.solved ? "named" : "not yet named (`answer`)",
                       w->lab.solved || w->lab.verified ? "verified" : "not yet verified");
    if (s->collect.present)
        emu_out_printf(out, "Finding:        %s\nSnapshot:       %d of %d items (`snapshot` lists them)\n"
                            "Solved when:    both: the finding named and every item held\n",
                       w->lab.diagnosed || w->lab.solved ? "named" : "not yet named (`answer`)",
                       collect_held(w, s), s->collect.n_items);
    return 0;
}

static int lab_list(emu_world *w, emu_out *out)
{
    size_t n = emu_catalog_count(w->catalog);
    if (n == 0) {
        emu_out_printf(out, "No labs are loaded in this session.\n");
        return 0;
    }
    emu_out_printf(out, "  %-22s %-24s %s\n", "ID", "TITLE", "SUMMARY");
    for (size_t i = 0; i < n; i++) {
        const emu_scenario *s = emu_catalog_at(w->catalog, i);
        bool current = lab_scenario(w) == s;
        /* A scenario without a `lab` section (the pages' example scenarios) is not a lab. */
        if (!s->has_lab && !current)
            continue;
        emu_out_printf(out, "%c %-22s %-24s %s\n", current ? '*' : ' ', s->id, s->title,
                       s->summary ? s->summary : "");
    }
    emu_out_printf(out, "\n`lab start ID` starts a lab%s.\n",
                   lab_scenario(w) ? " (* marks the current one)" : "");
    return 0;
}

static int lab_start(emu_world *w, const emu_scenario *s, int cols, emu_out *out, bool restart)
{
    if (emu_world_reset(w, s, w->seed_override) != 0) {
        emu_out_printf(out, "lab: cannot start %s: out of memory\n", s->id);
        return 1;
    }
    if (!s->has_lab) {
        emu_out_printf(out, "Opened scenario %s: %s (no lab goal in it).\n", s->id, s->title);
        return 0;
    }
    emu_out_wrapf(out, cols, 0, "%s lab %s. The cluster is back to its starting state; you are on node01.\n\n",
                  restart ? "Restarted" : "Started", s->id);
    print_goal(s, cols, out);
    return 0;
}

static int cmd_lab(emu_context *c, int argc, char **argv, emu_out *out)
{
    emu_world *w = c->world;
    int cols = emu_context_columns(c);
    const char *sub = argc > 1 ? argv[1] : "status";
    if (!strcmp(sub, "status") && argc <= 2)
        return lab_status(w, cols, out);
    if (!strcmp(sub, "list") && argc <= 2)
        return lab_list(w, out);
    if (!strcmp(sub, "restart") && argc <= 2) {
        const emu_scenario *s = lab_scenario(w);
        if (!s) {
            no_lab(cols, out);
            return 1;
        }
        return lab_start(w, s, cols, out, true);
    }
    if (!strcmp(sub, "start") && argc == 3) {
        const emu_scenario *s = emu_catalog_find(w->catalog, argv[2]);
        if (!s) {
            emu_out_printf(out, "lab: no lab called '%s'. `lab list` shows the labs.\n", argv[2]);
            return 1;
        }
        return lab_start(w, s, cols, out, false);
    }
    emu_out_printf(out, "usage: lab [status | list | start ID | restart]\n");
    return 2;
}

static int cmd_goal(emu_context *c, int argc, char **argv, emu_out *out)
{
    (void)argv;
    const emu_scenario *s = lab_scenario(c->world);
    if (argc > 1) {
        emu_out_printf(out, "usage: goal\n");
        return 2;
    }
    if (!s) {
        no_lab(emu_context_columns(c), out);
        return 1;
    }
    print_goal(s, emu_context_columns(c), out);
    return 0;
}

static int cmd_hint(emu_context *c, int argc, char **argv, emu_out *out)
{
    (void)argv;
    emu_world *w = c->world;
    const emu_scenario *s = lab_scenario(w);
    int cols = emu_context_columns(c);
    if (argc > 1) {
        emu_out_printf(out, "usage: hint\n");
        return 2;
    }
    if (!s) {
        no_lab(cols, out);
        return 1;
    }
    if (w->lab.hints_shown >= s->n_hints) {
        emu_out_wrapf(out, cols, 0, "No more hints (%d of %d shown). `solutions` lists the reference "
                            "procedures; `solutions lab` reveals this lab's worked solution.\n",
                       s->n_hints, s->n_hints);
        return 0;
    }
    int i = w->lab.hints_shown++;
    emu_out_wrapf(out, cols, 1, "Hint %d of %d: %s\n", i + 1, s->n_hints, s->hints[i]);
    return 0;
}

static int cmd_answer(emu_context *c, int argc, char **argv, emu_out *out)
{
    emu_world *w = c->world;
    const emu_scenario *s = lab_scenario(w);
    int cols = emu_context_columns(c);
    if (argc < 2) {
        char eg[256];
        if (s)
            emu_out_printf(out, "usage: answer COMPONENT%s\n", emu_lab_answer_example(s, eg, sizeof eg));
        else
            emu_out_printf(out, "usage: answer COMPONENT   (e.g. answer node02 gpu3, answer storage)\n");
        return 2;
    }
    if (!s) {
        no_lab(cols, out);
        return 1;
    }
    char joined[512] = "";
    size_t len = 0;
    for (int i = 1; i < argc && len + 2 < sizeof joined; i++) {
        int n = snprintf(joined + len, sizeof joined - len, "%s%s", i > 1 ? " " : "", argv[i]);
        if (n < 0)
            break;
        len += (size_t)n;
        if (len >= sizeof joined)
            len = sizeof joined - 1;
    }
    w->lab.answers_tried++;
    emu_out reply;
    emu_out_init(&reply, 2048);
    emu_verdict v = emu_answer_judge(w, s, joined, &reply);
    int status = 1;
    if (v == EMU_VERDICT_RIGHT) {
        status = 0;
        if (s->collect.present && !w->lab.solved) {
            w->lab.diagnosed = true;
            emu_out_wrapf(out, cols, 1, "Right: %s. That is the finding.\n\nNow complete the snapshot for "
                                        "the hand-over: %s\nIt holds %d of %d items (`snapshot` lists "
                                        "them); the lab is solved when it holds all.\n",
                          joined, s->collect.task, collect_held(w, s), s->collect.n_items);
            collect_maybe_solved(w, s, cols, out);
        } else if (s->fix.present && !w->lab.solved) {
            w->lab.diagnosed = true;
            if (w->lab.verified) /* the repair came first: emu_lab_after_line solves it now */
                emu_out_wrapf(out, cols, 1, "Right: %s. That is the cause, and your repair of it is in "
                                            "place and verified.\n", joined);
            else
                emu_out_wrapf(out, cols, 1, "Right: %s. That is the cause.\n\nNow repair it and show "
                                            "that it works again. %s\n",
                              joined, s->fix.task);
        } else {
            char how[600];
            snprintf(how, sizeof how, "Right: %s.", joined);
            print_solved(w, s, how, cols, out);
        }
    } else if (v == EMU_VERDICT_PARTIAL) {
        emu_out_wrapf(out, cols, 0, "Partly right: %s\n", emu_out_text(&reply));
    } else {
        emu_out_wrapf(out, cols, 0, "Not %s: %s\n", joined, emu_out_text(&reply));
    }
    emu_out_free(&reply);
    return status;
}

/* ---- the fix ------------------------------------------------------------------------------------- */

int emu_lab_fix_check_count(const emu_world *w)
{
    const emu_scenario *s = lab_scenario(w);
    return s && s->fix.present && !w->lab.solved ? s->fix.n_checks : 0;
}

const char *emu_lab_fix_check(const emu_world *w, int i, const char **expect)
{
    const emu_scenario *s = lab_scenario(w);
    if (!s || i < 0 || i >= s->fix.n_checks)
        return NULL;
    *expect = s->fix.checks[i].expect;
    return s->fix.checks[i].command;
}

/* Whether a line of text matches the ERE pattern; *value gets the last number in the first
 * matching line's match (NAN when it has none). */
bool emu_lab_output_matches(const char *text, const char *pattern, double *value)
{
    emu_re *re = emu_re_compile(pattern, EMU_RE_EXTENDED);
    if (!re)
        return false;
    bool found = false;
    char line[1024];
    if (value)
        *value = NAN;
    for (const char *p = text; p && *p && (!found || value);) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        snprintf(line, sizeof line, "%.*s", (int)(n < sizeof line ? n : sizeof line - 1), p);
        size_t a, b;
        if (emu_re_match(re, line, 0, &a, &b)) {
            found = true;
            if (value)
                *value = NAN;
            for (size_t i = a; value && i < b; i++) {
                if ((line[i] >= '0' && line[i] <= '9') &&
                    (i == a || !((line[i - 1] >= '0' && line[i - 1] <= '9') || line[i - 1] == '.'))) {
                    char *end;
                    double d = emu_strtod(line + i, &end);
                    if (end > line + i)
                        *value = d;
                }
            }
        }
        p = nl ? nl + 1 : NULL;
    }
    emu_re_free(re);
    return found;
}

void emu_lab_after_line(emu_world *w, const char *line, const char *output, bool fixed,
                        int cols, emu_out *out)
{
    const emu_scenario *s = lab_scenario(w);
    if (!s || !s->fix.present || w->lab.solved || !line)
        return;
    /* a repair undone must be verified again */
    if (!fixed) {
        w->lab.verified = false;
        return;
    }
    bool verifying = false;
    double value;
    if (strstr(line, s->fix.verify_command) &&
        emu_lab_output_matches(output, s->fix.verify_expect, &value) &&
        !(s->fix.has_min && !(value >= s->fix.min)) && !(s->fix.has_max && !(value <= s->fix.max)))
        verifying = true;
    if (verifying)
        w->lab.verified = true;
    if (!w->lab.verified || (!verifying && !w->lab.diagnosed))
        return;
    size_t olen = strlen(output);
    if (!(olen >= 2 && output[olen - 1] == '\n' && output[olen - 2] == '\n'))
        emu_out_printf(out, "\n");
    /* solving takes both: the diagnosis (a right `answer`) and the repair, verified */
    if (!w->lab.diagnosed) {
        emu_out_wrapf(out, cols, 0, "The repair is in place and verified, but the lab is not solved yet: it "
                                    "also needs the diagnosis. Name the cause with `answer`.\n");
        return;
    }
    char how[600];
    snprintf(how, sizeof how, "Fixed and verified: %s", s->fix.done ? s->fix.done : "the repair works.");
    print_solved(w, s, how, cols, out);
}

void emu_lab_count_command(emu_world *w)
{
    if (w->lab.active)
        w->lab.commands++;
}

/* ---- solutions ------------------------------------------------------------------------------------ */

static void print_procedure(const procedure *p, int cols, emu_out *out)
{
    char ref[512];
    site_path(p->reference, ref, sizeof ref);
    emu_out_wrapf(out, cols, 0, "Procedure: %s\nReference: %s\nEvidence to keep: %s\n\n", p->symptom,
                  ref, p->evidence);
    int n = 0;
    for (int i = 0; i < 8; i++) {
        const procedure_step *st = &p->steps[i];
        if (!st->command && !st->look_for)
            break;
        n++;
        if (st->command) {
            /* the command stays whole on its line, to be read and typed as it is */
            emu_out_printf(out, "%d. $ %s\n", n, st->command);
            emu_out_wrapf(out, cols, 0, "   Look for: %s\n", st->look_for);
        } else
            emu_out_wrapf(out, cols, 0, "%d. %s\n", n, st->look_for);
    }
    emu_out_wrapf(out, cols, 0, "\nEach step comes from %s.\n", ref);
}

static void print_worked_solution(const emu_scenario *s, int cols, emu_out *out)
{
    emu_out_wrapf(out, cols, 0, "Worked solution of lab %s: %s\n\n", s->id, s->title);
    int n = 0;
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 1 && s->fix.present)
            emu_out_wrapf(out, cols, 0, "\nAnswer: %s\n\nThen repair it and verify. %s\n", s->answer,
                          s->fix.task);
        for (int i = 0; i < s->n_steps; i++) {
            if (s->steps[i].fix != (pass == 1))
                continue;
            char from[512];
            site_path(s->steps[i].reference, from, sizeof from);
            emu_out_printf(out, "%d. $ %s\n", ++n, s->steps[i].command); /* whole, as typed */
            emu_out_wrapf(out, cols, 0, "   Look for: %s\n   From: %s\n", s->steps[i].look_for, from);
        }
    }
    if (s->fix.present)
        emu_out_wrapf(out, cols, 1, "\n%s\n\n", s->explanation);
    else {
        emu_out_wrapf(out, cols, 0, "\nAnswer: %s\n", s->answer);
        emu_out_wrapf(out, cols, 1, "%s\n\n", s->explanation);
    }
    print_read_next(s, cols, out);
}

static int cmd_solutions(emu_context *c, int argc, char **argv, emu_out *out)
{
    emu_world *w = c->world;
    const emu_scenario *s = lab_scenario(w);
    int cols = emu_context_columns(c);
    if (argc == 1) {
        emu_out_printf(out, "Reference procedures, one per symptom (solutions TOPIC shows one):\n\n");
        emu_out_printf(out, "  %-10s %-40s %s\n", "TOPIC", "SYMPTOM", "REFERENCE");
        for (int i = 0; i < N_PROCEDURES; i++) {
            char ref[512];
            emu_out_printf(out, "  %-10s %-40s %s\n", procedures[i].topic, procedures[i].symptom,
                           site_path(procedures[i].reference, ref, sizeof ref));
        }
        if (s)
            emu_out_wrapf(out, cols, 0, "\n`solutions lab` reveals the worked solution of lab %s (it asks "
                                "first: a revealed lab does not count as solved by you).\n",
                           s->id);
        return 0;
    }
    if (argc > 2) {
        emu_out_printf(out, "usage: solutions [TOPIC | lab]\n");
        return 2;
    }
    for (int i = 0; i < N_PROCEDURES; i++) {
        if (!strcmp(argv[1], procedures[i].topic)) {
            print_procedure(&procedures[i], cols, out);
            return 0;
        }
    }
    if (!strcmp(argv[1], "lab") || (s && !strcmp(argv[1], s->id))) {
        if (!s) {
            no_lab(cols, out);
            return 1;
        }
        if (w->lab.revealed || (w->lab.solved && !w->lab.revealed)) {
            print_worked_solution(s, cols, out);
            return 0;
        }
        w->lab.question = EMU_QUESTION_REVEAL_SOLUTION;
        snprintf(w->lab.question_topic, sizeof w->lab.question_topic, "%s", s->id);
        emu_out_wrapf(out, cols, 0, "This shows the answer to lab %s, which then no longer counts as "
                            "solved by you.\n",
                       s->id);
        return 0;
    }
    if (emu_catalog_find(w->catalog, argv[1])) {
        emu_out_printf(out, "solutions: lab %s is not the current lab; `lab start %s` first.\n",
                       argv[1], argv[1]);
        return 1;
    }
    emu_out_printf(out, "solutions: no procedure called '%s'. Topics:", argv[1]);
    for (int i = 0; i < N_PROCEDURES; i++)
        emu_out_printf(out, " %s", procedures[i].topic);
    emu_out_printf(out, "%s\n", s ? " lab" : "");
    return 1;
}

void emu_lab_answer_question(emu_world *w, const char *line, int cols, emu_out *out)
{
    enum emu_question q = w->lab.question;
    w->lab.question = EMU_QUESTION_NONE;
    if (q != EMU_QUESTION_REVEAL_SOLUTION)
        return;
    while (line && (*line == ' ' || *line == '\t'))
        line++;
    bool yes = line && (line[0] == 'y' || line[0] == 'Y') &&
               (line[1] == '\0' || line[1] == '\n' || !strncmp(line + 1, "es", 2) ||
                !strncmp(line + 1, "ES", 2));
    const emu_scenario *s = lab_scenario(w);
    if (!yes || !s) {
        emu_out_wrapf(out, cols, 0, "Not revealed. `hint` gives the next hint.\n");
        return;
    }
    w->lab.revealed = true;
    print_worked_solution(s, cols, out);
}

/* ---- the commands --------------------------------------------------------------------------------- */

static const char *const lab_flags[] = {"status", "list", "start", "restart", NULL};
static const char *const solutions_flags[] = {"gpu",     "nvlink", "nccl", "topology", "storage",
                                              "fabric",  "oob",    "snapshot", "lab", NULL};

/* Completion: the catalog's lab ids after `lab start`. */
static void lab_complete(const emu_world *w, int node, int argc, char **argv, emu_out *candidates)
{
    (void)node;
    if (argc != 2 || strcmp(argv[1], "start") != 0)
        return;
    size_t count = w->catalog ? emu_catalog_count(w->catalog) : 0;
    for (size_t i = 0; i < count; i++)
        emu_out_printf(candidates, "%s\n", emu_scenario_id(emu_catalog_at(w->catalog, i)));
}

const emu_command emu_cmd_lab = {
    "lab", cmd_lab, "show the current lab, list the labs, start or restart one",
    EMU_HELP("usage: lab [status | list | start ID | restart]\n"
    "  lab            the current lab, its status, hints used and simulated time\n"
    "  lab list       every lab of this session\n"
    "  lab start ID   start a lab (the cluster is rebuilt; you are back on node01)\n"
    "  lab restart    start the current lab again from its initial state\n"),
    lab_flags,
    .cost = EMU_COST_INSTANT, .complete = lab_complete
};
const emu_command emu_cmd_goal = {"goal", cmd_goal, "repeat the current lab's task",
                                  EMU_HELP("usage: goal\n"), NULL,
    .cost = EMU_COST_INSTANT
};
const emu_command emu_cmd_hint = {"hint", cmd_hint, "give the next hint of the current lab",
                                  EMU_HELP("usage: hint\n  Each call gives the next hint; the lab status "
                                  "counts them.\n"),
                                  NULL,
    .cost = EMU_COST_INSTANT
};
const emu_command emu_cmd_answer = {
    "answer", cmd_answer, "name the component you think causes the problem",
    EMU_HELP("usage: answer COMPONENT\n  e.g. answer node02 gpu3, answer node01 mlx5_4, answer storage\n"
    "  Right: the lab is solved and you get the reference page to read next.\n"
    "  Wrong: what the evidence says against it.\n"
    "  The answer is the rest of the line, as typed (no quotes needed).\n"),
    NULL,
    .cost = EMU_COST_INSTANT,
    .free_text = ""
};
const emu_command emu_cmd_snapshot = {
    "snapshot", cmd_snapshot, "what the current lab's diagnostic snapshot holds; add a note to it",
    EMU_HELP("usage: snapshot [note TEXT]\n"
    "  snapshot            each item the hand-over needs: held [x] or not [ ], with the command\n"
    "                      and the UTC time that collected it, then your notes\n"
    "  snapshot note TEXT  write down what no command shows: the scope, the interval, what is\n"
    "                      missing and why; TEXT is the rest of the line, as typed (no quotes\n"
    "                      needed), and a note of what could not be collected counts once the\n"
    "                      session holds the attempt to collect it\n"),
    NULL,
    .cost = EMU_COST_INSTANT,
    .free_text = "note"
};
const emu_command emu_cmd_solutions = {
    "solutions", cmd_solutions, "list the reference procedures, or show one step by step",
    EMU_HELP("usage: solutions [TOPIC | lab]\n"
    "  solutions        one procedure per symptom, with its reference page\n"
    "  solutions TOPIC  the procedure: each step a command and what to look for\n"
    "  solutions lab    the current lab's worked solution (asks first; a revealed lab does\n"
    "                   not count as solved by you)\n"),
    solutions_flags,
    .cost = EMU_COST_INSTANT
};
