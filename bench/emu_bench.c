/* emu_bench.c: time and memory of the emulator natively: opening each lab, and each command of a
 * list that covers every tool. Targets: under 1 ms a command and 2 MiB a session for the labs
 * (issue 3); under 5 ms a command for the scale scenarios given after REPEATS (64 nodes, issue 9),
 * whose session heap is reported.
 *
 * Usage: emu_bench [--commands FILE] [--prologue FILE] [--corpus-repeats N]
 *                  [CONTENT_DIR] [REPEATS] [SCALE_SCENARIO.yaml ...]   (default: content, 200)
 * With --commands (one command line a line: bench/emu_commands.py's corpus of every command the
 * golden transcripts and the labs type), each scale scenario also runs every one of them in a
 * session of its own brought to a late simulated time first by the --prologue's lines (untimed:
 * days of steps, a repair, restarts), N times each (7 by default), against the same 5 ms target.
 * Exits 1 when any figure is over its target, 2 on bad arguments or files.
 *
 * Memory is the heap in use (glibc mallinfo2: uordblks + hblkhd) after opening a session or
 * running the commands, minus the heap in use before opening it. Times are wall-clock
 * (CLOCK_MONOTONIC) medians, means and maxima over REPEATS runs of each command in one session,
 * and the median of the thread's CPU time (CLOCK_THREAD_CPUTIME_ID); the target is checked on the
 * CPU-time median, which neither a busy machine's preemptions nor its load move much (the wall
 * median is printed beside it). The corpus's table adds each command's first run (the coldest:
 * whatever a cache builds, it builds then). */
#include <malloc.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "emu.h"
#include "lab.h"
#include "labs/labs.h"
#include "model/scenario.h"

static const char *const bench_commands[] = {
    "help",
    "goal",
    "hint",
    "lab list",
    "solutions",
    "nvidia-smi",
    "nvidia-smi -q -d CLOCK,TEMPERATURE,PERFORMANCE,POWER,ECC",
    "nvidia-smi --query-gpu=index,temperature.gpu,clocks.sm,power.draw --format=csv",
    "nvidia-smi topo -m",
    "nvidia-smi nvlink -s",
    "nvidia-smi nvlink -e",
    "nvidia-smi dmon -c 5",
    "dcgmi diag -r 1",
    "dcgmi dmon -e 1001,1002 -c 5",
    "all_reduce_perf -b 8 -e 8G -f 2 -g 8",
    "NCCL_DEBUG=INFO mpirun -np 16 -H node01:8,node02:8 all_reduce_perf -b 8 -e 8G -f 2 -g 1",
    "ibstat",
    "ibv_devinfo",
    "ibdev2netdev",
    "perfquery",
    "ethtool ibp24s0",
    "ip link",
    "iostat -x",
    "df -h",
    "mount",
    "dmesg",
    "journalctl -k",
    "numactl --hardware",
    "lspci -tv",
    "ipmitool chassis power status",
    "ipmitool sel elist",
    "squeue",
    "tail train.log",
    "tail -n 3 logs/rank-00.log",
    "tail -q -n 1 logs/rank-*.log | sort -t= -k8 -n | tail -1",
    "awk '{s += $2} END {print s}' logs/rank-00.log",
    "dmesg | grep -i xid | wc -l",
    "ssh node02 nvidia-smi --query-gpu=index,clocks.sm --format=csv",
    /* at scale: the whole cluster in one command */
    "srun -N 64 --ntasks-per-node=8 all_reduce_perf -b 8 -e 8G -f 2 -g 1",
    "NCCL_DEBUG=INFO srun -N 64 --ntasks-per-node=8 all_reduce_perf -b 1G -e 1G -g 1",
    "srun -N 64 --ntasks-per-node=8 alltoall_perf -b 1G -e 1G -g 1",
    "sinfo",
    "scontrol show job 90001",
    "ssh node64 nvidia-smi",
    "ssh node33 ibstat",
    "lfs df -h",
    "ps aux",
    "top -b -n 1",
    "history",
};

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static double cpu_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static size_t heap_bytes(void)
{
    struct mallinfo2 mi = mallinfo2();
    return mi.uordblks + mi.hblkhd;
}

/* The lines of a text file, without their newlines, in *lines (count returned; -1 when it cannot
 * be read). Lines that are empty or start with '#' are skipped when comments is set. The caller
 * frees each line and the array. */
static int read_lines(const char *path, bool comments, char ***lines)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    int n = 0, cap = 0;
    char **v = NULL, *line = NULL;
    size_t size = 0;
    ssize_t len;
    while ((len = getline(&line, &size, f)) >= 0) {
        if (len && line[len - 1] == '\n')
            line[--len] = 0;
        if (comments && (!len || line[0] == '#'))
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 256;
            char **grown = realloc(v, (size_t)cap * sizeof *v);
            if (!grown)
                break;
            v = grown;
        }
        v[n++] = strdup(line);
    }
    free(line);
    fclose(f);
    *lines = v;
    return n;
}

typedef struct corpus_row {
    const char *command;
    double cpu_median_us, wall_median_us, first_cpu_us, max_us;
    size_t out_bytes;
} corpus_row;

static int cmp_row_cpu(const void *a, const void *b)
{
    const corpus_row *x = a, *y = b;
    return x->cpu_median_us > y->cpu_median_us ? -1 : x->cpu_median_us < y->cpu_median_us;
}

/* Every corpus command in a session of scenario id of its own, after the prologue's lines
 * (untimed), repeats times. Prints the table and the slowest commands; returns whether any
 * command's CPU median is at or over target_us. */
static bool run_corpus(emu_catalog *catalog, const char *id, char **commands, int n_commands,
                       char **prologue, int n_prologue, int repeats, double target_us)
{
    double *wall = malloc((size_t)repeats * sizeof *wall), *cpu = malloc((size_t)repeats * sizeof *cpu);
    corpus_row *rows = calloc((size_t)n_commands, sizeof *rows);
    if (!wall || !cpu || !rows) {
        free(wall), free(cpu), free(rows);
        return true;
    }
    char clock[128] = "";
    double prologue_us = 0;
    bool over = false;
    printf("\nscale scenario %s, late: %d corpus commands, each %d times in a session of its own after "
           "the %d lines of the prologue\n", id, n_commands, repeats, n_prologue);
    printf("%-64s %10s %10s %10s %10s %9s\n", "command", "cpu_med_us", "median_us", "first_us", "max_us",
           "out_bytes");
    for (int c = 0; c < n_commands; c++) {
        char *error = NULL;
        emu_session *s = emu_session_open(catalog, id, 0, &error);
        if (!s) {
            fprintf(stderr, "emu_bench: %s: %s\n", id, error ? error : "open failed");
            free(error);
            over = true;
            break;
        }
        double p0 = now_us();
        for (int p = 0; p < n_prologue; p++)
            emu_session_execute(s, prologue[p], strlen(prologue[p]));
        prologue_us += now_us() - p0;
        if (!c) { /* the clock the commands start at, as `date` prints it */
            emu_result d = emu_session_execute(s, "date", 4);
            snprintf(clock, sizeof clock, "%.*s", d.len ? (int)d.len - 1 : 0, d.text);
        }
        corpus_row *row = &rows[c];
        row->command = commands[c];
        for (int r = 0; r < repeats; r++) {
            double t0 = now_us(), c0 = cpu_us();
            emu_result res = emu_session_execute(s, commands[c], strlen(commands[c]));
            cpu[r] = cpu_us() - c0;
            wall[r] = now_us() - t0;
            if (!r)
                row->first_cpu_us = cpu[0], row->out_bytes = res.len;
            if (wall[r] > row->max_us)
                row->max_us = wall[r];
        }
        emu_session_close(s);
        qsort(wall, (size_t)repeats, sizeof wall[0], cmp_double);
        qsort(cpu, (size_t)repeats, sizeof cpu[0], cmp_double);
        row->cpu_median_us = cpu[repeats / 2];
        row->wall_median_us = wall[repeats / 2];
        bool slow = row->cpu_median_us >= target_us;
        over |= slow;
        printf("%-64.64s %10.1f %10.1f %10.1f %10.1f %9zu%s\n", row->command, row->cpu_median_us,
               row->wall_median_us, row->first_cpu_us, row->max_us, row->out_bytes, slow ? "  OVER" : "");
    }
    printf("the commands ran from %s on (the prologue: %.1f ms a session)\n", clock,
           n_commands ? prologue_us / n_commands / 1e3 : 0);
    qsort(rows, (size_t)n_commands, sizeof rows[0], cmp_row_cpu);
    printf("slowest corpus commands (CPU median; target < %.0f us):\n", target_us);
    for (int c = 0; c < n_commands && c < 15; c++)
        printf("  %10.1f us  %s\n", rows[c].cpu_median_us, rows[c].command);
    free(wall), free(cpu), free(rows);
    return over;
}

int main(int argc, char **argv)
{
    const char *commands_path = NULL, *prologue_path = NULL;
    int corpus_repeats = 7;
    while (argc > 2 && !strncmp(argv[1], "--", 2)) { /* the options, each with its value */
        if (!strcmp(argv[1], "--commands"))
            commands_path = argv[2];
        else if (!strcmp(argv[1], "--prologue"))
            prologue_path = argv[2];
        else if (!strcmp(argv[1], "--corpus-repeats"))
            corpus_repeats = atoi(argv[2]);
        else
            break;
        argc -= 2, argv += 2;
    }
    if (argc > 1 && !strncmp(argv[1], "--", 2)) {
        fprintf(stderr, "usage: emu_bench [--commands FILE] [--prologue FILE] [--corpus-repeats N] "
                        "[CONTENT_DIR] [REPEATS] [SCALE_SCENARIO.yaml ...]\n");
        return 2;
    }
    if (corpus_repeats < 1)
        corpus_repeats = 1;
    char **commands = NULL, **prologue = NULL;
    int n_commands = 0, n_prologue = 0;
    if (commands_path && (n_commands = read_lines(commands_path, false, &commands)) < 0) {
        fprintf(stderr, "emu_bench: cannot read %s\n", commands_path);
        return 2;
    }
    if (prologue_path && (n_prologue = read_lines(prologue_path, true, &prologue)) < 0) {
        fprintf(stderr, "emu_bench: cannot read %s\n", prologue_path);
        return 2;
    }
    const char *content = argc > 1 ? argv[1] : "content";
    int repeats = argc > 2 ? atoi(argv[2]) : 200;
    if (repeats < 1)
        repeats = 1;
    if (repeats > 100000)
        repeats = 100000;
    double *samples = malloc((size_t)repeats * sizeof *samples);
    double *cpu_samples = malloc((size_t)repeats * sizeof *cpu_samples);
    if (!samples || !cpu_samples)
        return 1;
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/labs", content);
    emu_catalog *catalog = emu_catalog_new();
    hb_buf errors = {0};
    if (!catalog || hb_lab_catalog_add_dir(catalog, dir, &errors) < 0) {
        fprintf(stderr, "emu_bench: cannot read %s\n", dir);
        return 1;
    }
    int n_labs = (int)emu_catalog_count(catalog);
    for (int a = 3; a < argc; a++) /* the scale scenarios */
        if (hb_lab_catalog_add_file(catalog, argv[a], &errors) != 0) {
            fputs(errors.data, stderr);
            return 1;
        }
    if (errors.len) /* a broken lab is left out of the benchmark, not fatal */
        fputs(errors.data, stderr);
    hb_buf_free(&errors);
    int n_ids = (int)emu_catalog_count(catalog);
    const char *ids[64];
    if (n_ids > 64)
        n_ids = 64;
    for (int i = 0; i < n_ids; i++)
        ids[i] = emu_scenario_id(emu_catalog_at(catalog, (size_t)i));

    int over = 0;
    printf("# emulator benchmark: %d repeats per command; targets < 1000 us a command and "
           "< 2048 KiB a session for the labs, < 5000 us a command for the scale scenarios\n",
           repeats);
    for (int l = 0; l < n_ids; l++) {
        bool scale = l >= n_labs;
        double target_us = scale ? 5000 : 1000;
        size_t heap_before = heap_bytes();
        double open_total = 0, open_max = 0;
        for (int r = 0; r < 20; r++) { /* opening time: mean of 20 opens */
            char *error = NULL;
            double t0 = now_us();
            emu_session *s = emu_session_open(catalog, ids[l], 0, &error);
            double dt = now_us() - t0;
            free(error);
            emu_session_close(s);
            open_total += dt;
            if (dt > open_max)
                open_max = dt;
        }
        char *error = NULL;
        emu_session *s = emu_session_open(catalog, ids[l], 0, &error);
        if (!s) {
            fprintf(stderr, "emu_bench: %s: %s\n", ids[l], error ? error : "open failed");
            free(error);
            continue;
        }
        size_t heap_open = heap_bytes() - heap_before;
        printf("\n%s %s: open %.1f us mean, %.1f us max; session heap %.1f KiB after open\n",
               scale ? "scale scenario" : "lab", ids[l], open_total / 20, open_max, heap_open / 1024.0);
        printf("%-64s %10s %10s %10s %10s %9s\n", "command", "cpu_med_us", "median_us", "mean_us", "max_us",
               "out_bytes");
        double worst_median = 0;
        for (size_t c = 0; c < sizeof bench_commands / sizeof bench_commands[0]; c++) {
            const char *cmd = bench_commands[c];
            double total = 0, max = 0;
            size_t out_len = 0;
            for (int r = 0; r < repeats; r++) {
                double t0 = now_us(), c0 = cpu_us();
                emu_result res = emu_session_execute(s, cmd, strlen(cmd));
                double dt = now_us() - t0;
                cpu_samples[r] = cpu_us() - c0;
                samples[r] = dt;
                total += dt;
                if (dt > max)
                    max = dt;
                out_len = res.len;
            }
            qsort(samples, (size_t)repeats, sizeof samples[0], cmp_double);
            qsort(cpu_samples, (size_t)repeats, sizeof cpu_samples[0], cmp_double);
            double mean = total / repeats, median = samples[repeats / 2], cpu = cpu_samples[repeats / 2];
            if (cpu > worst_median)
                worst_median = cpu;
            if (cpu >= target_us)
                over = 1;
            printf("%-64.64s %10.1f %10.1f %10.1f %10.1f %9zu%s\n", cmd, cpu, median, mean, max, out_len,
                   cpu >= target_us ? "  OVER" : "");
        }
        size_t heap_after = heap_bytes() - heap_before;
        printf("session heap after %zu commands x %d: %.1f KiB%s; slowest command CPU median %.1f us\n",
               sizeof bench_commands / sizeof bench_commands[0], repeats, heap_after / 1024.0,
               !scale && heap_after >= 2048 * 1024 ? "  OVER" : "", worst_median);
        if (!scale && (heap_after >= 2048 * 1024 || heap_open >= 2048 * 1024))
            over = 1;
        emu_session_close(s);
        if (scale && n_commands &&
            run_corpus(catalog, ids[l], commands, n_commands, prologue, n_prologue, corpus_repeats, target_us))
            over = 1;
    }
    emu_catalog_free(catalog);
    free(samples);
    free(cpu_samples);
    for (int c = 0; c < n_commands; c++)
        free(commands[c]);
    for (int p = 0; p < n_prologue; p++)
        free(prologue[p]);
    free(commands);
    free(prologue);
    printf("\n%s\n", over ? "emu bench: FAILED: some figures are over target (OVER above)"
                            : "emu bench: all within target");
    return over ? 1 : 0;
}
