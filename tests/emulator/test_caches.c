/* test_caches.c: the model's caches (world.h: the run's stop, the save's time, the ranks per
 * node, the rank logs' shared parts and the checkpoint directory's saves, each held for one
 * epoch of the state) never change an output. Lines run in two sessions at 64 nodes
 * (bench/scale-64.yaml, 512 GPUs) brought late into their job's life by bench/late-64.txt, one
 * with the caches on and one with every cache off
 * (emu_world_caches_off); each line's output, flags and panel must be the same bytes in both.
 *
 * The lines: (1) every command the golden transcripts type, the caches' readers at a late,
 * long-lived state; (2) state-changing lines, each a tool that changes the state (scancel,
 * sbatch, nvidia-smi -pl and -r, ipmitool power cycle, scontrol update, systemctl, modprobe,
 * sleep) followed in the same line by builtins that read the state back (tail of train.log and of
 * rank logs: a builtin does not move the clock, so it reads in the epoch the tool left).
 *
 * Each set runs twice: as the emulator runs (each command's step of the clock starts an epoch),
 * and with emu_world_epoch_per_command off, where a cache lives until a mutator's own
 * emu_world_changed: there a mutator that forgets it shows as the first line whose output
 * differs, which the per-command epoch would hide.
 *
 * Checked to fail (by breaking the invalidation in a local build): the stop cache filled once and
 * never again (run.c's emu_run_stop_of testing stop_epoch == 0) fails at the first line of (2),
 * the rank logs going on past the stop; with emu_world_changed a no-op when the epoch does not
 * move per command (no state change invalidates anything), `ssh node03 uptime` of (1) fails. */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "emu.h"
#include "lab.h"
#include "labs/labs.h"
#include "model/scenario.h"
#include "model/world.h"

#define SCALE_SCENARIO "bench/scale-64.yaml"
#define LATE_PROLOGUE "bench/late-64.txt"
#define TRANSCRIPTS "tests/emulator/transcripts"

typedef struct lines {
    char **v;
    int n, cap;
} lines;

static void lines_add(lines *l, const char *text, size_t len)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 256;
        l->v = realloc(l->v, (size_t)l->cap * sizeof *l->v);
        assert_non_null(l->v);
    }
    char *copy = malloc(len + 1);
    assert_non_null(copy);
    memcpy(copy, text, len);
    copy[len] = '\0';
    l->v[l->n++] = copy;
}

static void lines_free(lines *l)
{
    for (int i = 0; i < l->n; i++)
        free(l->v[i]);
    free(l->v);
}

/* The lines of path: with prefix, only those starting with it (the prefix cut off); without,
 * every line but empty ones and # comments. */
static void read_lines(const char *path, const char *prefix, lines *out)
{
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char *line = NULL;
    size_t size = 0;
    ssize_t len;
    size_t plen = prefix ? strlen(prefix) : 0;
    while ((len = getline(&line, &size, f)) >= 0) {
        if (len && line[len - 1] == '\n')
            line[--len] = '\0';
        if (prefix ? strncmp(line, prefix, plen) != 0 : (!len || line[0] == '#'))
            continue;
        lines_add(out, line + plen, (size_t)len - plen);
    }
    free(line);
    fclose(f);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every "$ " line of the golden transcripts (in file-name order), less the ones that end the
 * session or swap its world for a lab's (exit, lab start, lab reset): the point is the 64-node
 * world. Transcripts whose input comes from a script (NAME.in.sh) hold no typed lines. */
static void transcript_commands(lines *out)
{
    DIR *d = opendir(TRANSCRIPTS);
    assert_non_null(d);
    lines names = {0};
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t n = strlen(e->d_name);
        if (n > 2 && !strcmp(e->d_name + n - 2, ".t"))
            lines_add(&names, e->d_name, n);
    }
    closedir(d);
    qsort(names.v, (size_t)names.n, sizeof names.v[0], cmp_str);
    for (int i = 0; i < names.n; i++) {
        char path[512];
        snprintf(path, sizeof path, TRANSCRIPTS "/%s", names.v[i]);
        lines all = {0};
        read_lines(path, "$ ", &all);
        for (int k = 0; k < all.n; k++) {
            const char *c = all.v[k];
            if (!strncmp(c, "exit", 4) || !strncmp(c, "lab start", 9) || !strncmp(c, "lab reset", 9))
                continue;
            lines_add(out, c, strlen(c));
        }
        lines_free(&all);
    }
    lines_free(&names);
    assert_true(out->n > 300);
}

typedef struct replay {
    lines text; /* each line's output, flags and panel, as one string */
} replay;

static void run_session(emu_catalog *catalog, const char *id, const lines *prologue, const lines *commands,
                        bool caches_off, replay *out)
{
    emu_world_caches_off = caches_off;
    char *error = NULL;
    emu_session *s = emu_session_open(catalog, id, 0, &error);
    if (!s)
        fail_msg("%s: %s", id, error ? error : "cannot open");
    const lines *parts[2] = {prologue, commands};
    for (int p = 0; p < 2; p++)
        for (int i = 0; i < parts[p]->n; i++) {
            const char *line = parts[p]->v[i];
            emu_result r = emu_session_execute(s, line, strlen(line));
            size_t panel_len = 0;
            const char *panel = (r.flags & EMU_RESULT_PANEL) ? emu_session_panel(s, &panel_len) : "";
            size_t len = r.len + panel_len + 64;
            char *all = malloc(len);
            assert_non_null(all);
            int head = snprintf(all, len, "flags %d\n", r.flags);
            memcpy(all + head, r.text, r.len);
            memcpy(all + head + r.len, panel, panel_len);
            lines_add(&out->text, all, (size_t)head + r.len + panel_len);
            free(all);
        }
    emu_session_close(s);
    emu_world_caches_off = false;
}

/* The state-changing lines of (2) above; JOB stands for the running job's id. */
static const char *const changing_lines[] = {
    "tail -n 1 train.log; tail -q -n 1 logs/rank-00.log logs/rank-511.log",
    "scancel JOB; tail -n 1 train.log; tail -q -n 1 logs/rank-00.log logs/rank-511.log; grep -c . logs/rank-300.log",
    "sbatch train.sbatch; tail -n 1 train.log; tail -n 1 logs/rank-07.log",
    "sleep 600; tail -n 2 train.log; tail -n 1 logs/rank-200.log",
    "ssh node47 sudo nvidia-smi -pl 450 -i 3; tail -n 1 train.log; tail -n 1 logs/rank-00.log",
    "ssh node12 sudo ipmitool chassis power cycle; tail -n 1 train.log; tail -q -n 1 logs/rank-9*.log | head -n 2",
    "sleep 900; tail -n 2 train.log; tail -n 1 logs/rank-95.log",
    "sudo scontrol update nodename=node12 state=resume; tail -n 1 train.log",
    "ssh node03 sudo systemctl stop nvidia-fabricmanager; tail -n 1 train.log; tail -n 1 logs/rank-20.log",
    "ssh node03 sudo modprobe -r nvidia_peermem; tail -n 1 train.log",
    "ssh node05 sudo nvidia-smi -r -i 0; tail -n 1 train.log",
    "sbatch --exclude=node12 train.sbatch; tail -n 1 train.log; tail -n 1 logs/rank-95.log",
    "sleep 3600; tail -n 2 train.log; tail -q -n 1 logs/rank-1*.log | sort | tail -n 1",
    "scancel JOB; tail -n 3 train.log; tail -n 1 logs/rank-100.log",
};

/* The id of the job squeue shows running after the prologue (its first line under the
 * header), as text. */
static void running_job(emu_catalog *catalog, const char *id, const lines *prologue, char *job,
                        size_t size)
{
    char *error = NULL;
    emu_session *s = emu_session_open(catalog, id, 0, &error);
    if (!s)
        fail_msg("%s: %s", id, error ? error : "cannot open");
    for (int i = 0; i < prologue->n; i++)
        emu_session_execute(s, prologue->v[i], strlen(prologue->v[i]));
    emu_result r = emu_session_execute(s, "squeue", 6);
    const char *row = memchr(r.text, '\n', r.len);
    assert_non_null(row);
    while (*row == '\n' || *row == ' ')
        row++;
    size_t n = strspn(row, "0123456789");
    assert_true(n > 0 && n < size);
    memcpy(job, row, n);
    job[n] = '\0';
    emu_session_close(s);
}

/* Runs both sessions over prologue and commands and fails at the first line whose output with
 * the caches differs from the output without. */
static void compare(emu_catalog *catalog, const char *id, const lines *prologue, const lines *commands,
                    bool epoch_per_command)
{
    replay cached = {0}, fresh = {0};
    emu_world_epoch_per_command = epoch_per_command;
    run_session(catalog, id, prologue, commands, false, &cached);
    emu_world_epoch_per_command = true;
    run_session(catalog, id, prologue, commands, true, &fresh);
    assert_int_equal(cached.text.n, fresh.text.n);
    for (int i = 0; i < cached.text.n; i++) {
        if (strcmp(cached.text.v[i], fresh.text.v[i]) == 0)
            continue;
        const char *line = i < prologue->n ? prologue->v[i] : commands->v[i - prologue->n];
        fail_msg("line %d (%s): the output with the caches differs from the output without:\n"
                 "--- with caches\n%.2000s\n--- without\n%.2000s",
                 i + 1, line, cached.text.v[i], fresh.text.v[i]);
    }
    lines_free(&cached.text);
    lines_free(&fresh.text);
}

static void test_caches_change_no_output(void **state)
{
    (void)state;
    emu_catalog *catalog = emu_catalog_new();
    hb_buf errors = {0};
    assert_non_null(catalog);
    if (hb_lab_catalog_add_file(catalog, SCALE_SCENARIO, &errors) != 0)
        fail_msg("%s", errors.data ? errors.data : SCALE_SCENARIO ": cannot load");
    hb_buf_free(&errors);
    const char *id = emu_scenario_id(emu_catalog_at(catalog, 0));
    lines prologue = {0}, commands = {0};
    read_lines(LATE_PROLOGUE, NULL, &prologue);
    assert_true(prologue.n >= 5);
    transcript_commands(&commands);
    compare(catalog, id, &prologue, &commands, true);
    compare(catalog, id, &prologue, &commands, false);
    /* (2): the state-changing lines, in sessions of their own after the prologue */
    char job[32];
    running_job(catalog, id, &prologue, job, sizeof job);
    lines changing = {0};
    for (size_t i = 0; i < sizeof changing_lines / sizeof changing_lines[0]; i++) {
        char line[512];
        const char *at = strstr(changing_lines[i], "JOB");
        if (at)
            snprintf(line, sizeof line, "%.*s%s%s", (int)(at - changing_lines[i]), changing_lines[i],
                     job, at + 3);
        else
            snprintf(line, sizeof line, "%s", changing_lines[i]);
        lines_add(&changing, line, strlen(line));
    }
    compare(catalog, id, &prologue, &changing, true);
    compare(catalog, id, &prologue, &changing, false);
    lines_free(&changing);
    lines_free(&prologue);
    lines_free(&commands);
    emu_catalog_free(catalog);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_caches_change_no_output),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
