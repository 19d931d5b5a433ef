/* session.c: the public API of emu.h on top of the model (model/), the shell (shell/), the tools
 * (tools/) and the labs (labs/): opening a session on a lab (or on the built-in cluster), the
 * greeting, the prompt, running a line, completion. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emu.h"
#include "labs/labs.h"
#include "model/scenario.h"
#include "model/model.h"
#include "model/rng.h"
#include "out.h"
#include "shell/shell.h"
#include "tools/tools.h"
#include "views/timeline.h"

struct emu_session {
    const emu_catalog *catalog; /* borrowed */
    emu_scenario *builtin;      /* owned: the built-in cluster, when opened without a lab */
    emu_scenario *healthy;      /* owned copy of the lab's scenario without its faults
                                   (EMU_OPEN_HEALTHY); its strings stay the catalog's */
    emu_world *world;           /* owned */
    emu_shell *shell;           /* owned */
    emu_shell *probe;           /* owned, made on first use: runs the lab's fix checks */
    emu_out out;                /* the last result's text */
    emu_out completion;         /* the last completion's candidates */
    emu_out greeting;
    emu_out panel;              /* the last line's drawing (EMU_RESULT_PANEL) */
    emu_out info;               /* the last emu_session_lab_info */
    int columns;                /* the terminal's width (emu_session_set_columns), 0: unknown */
};

/* ---- the host interface of the shell, over the model --------------------------------------- */

static int session_node_count(const emu_world *world)
{
    return world->n_nodes;
}

static int session_node_up(const emu_world *world, int node)
{
    return emu_node_reachable(world, node);
}

/* The simulated files (train.log, logs/rank-NN.log ...) come from the model (train_log.c). */
static emu_file_kind session_file(emu_world *world, int node, const char *path, emu_out *out)
{
    int kind = emu_world_file(world, node, path, out);
    return kind == 1 ? EMU_FILE_REGULAR : kind == 2 ? EMU_FILE_DIR : EMU_FILE_NONE;
}

static emu_file_kind session_file_tail(emu_world *world, int node, const char *path, long lines, emu_out *out)
{
    int kind = emu_world_file_tail(world, node, path, lines, out);
    return kind == 1 ? EMU_FILE_REGULAR : kind == 2 ? EMU_FILE_DIR : EMU_FILE_NONE;
}

/* Before each tool runs, the simulated clock moves on by what its descriptor says it takes. */
static void session_command_started(emu_world *world, int node, const emu_command *cmd)
{
    (void)node;
    emu_world_advance(world, emu_command_seconds(world, cmd->cost.base_s, cmd->cost.spread_s));
}

/* The probe shell's commands leave the clock alone (the world holds it while they run). */
static void probe_command_started(emu_world *world, int node, const emu_command *cmd)
{
    (void)world, (void)node, (void)cmd;
}

/* The shell's view of the session's world: the learner's shell moves the model's clock with
 * each command and has the panel that `timeline` draws in; the probe shell of the fix checks
 * (probe) holds the clock and draws nothing. A powered-off host does not answer either. */
static emu_shell_host session_host(emu_session *s, bool probe)
{
    emu_shell_host host = {
        .world = s->world,
        .node_count = session_node_count,
        .find = emu_tools_find,
        .command_at = emu_tools_at,
        .file = session_file,
        .file_tail = session_file_tail,
        .command_started = probe ? probe_command_started : session_command_started,
        .node_up = session_node_up,
        .not_simulated = emu_tool_not_simulated,
        .panel = probe ? NULL : &s->panel,
    };
    return host;
}

/* Whether every fix check of the lab passes now: each command runs on a fresh probe shell on
 * node01 with the clock held, and a line of its output must match the check's pattern. */
static bool lab_fix_in_place(emu_session *s)
{
    int n = emu_lab_fix_check_count(s->world);
    if (n == 0)
        return false;
    if (!s->probe) {
        emu_shell_host host = session_host(s, true);
        s->probe = emu_shell_new(&host);
        if (!s->probe)
            return false;
    }
    bool ok = true;
    emu_out out;
    emu_out_init(&out, 0);
    s->world->clock_held = true;
    for (int i = 0; i < n && ok; i++) {
        const char *expect = NULL;
        const char *command = emu_lab_fix_check(s->world, i, &expect);
        emu_shell_set_world(s->probe, s->world);
        emu_out_reset(&out);
        int flags = 0;
        emu_shell_execute(s->probe, command, strlen(command), &out, &flags);
        ok = emu_lab_output_matches(emu_out_text(&out), expect, NULL);
    }
    s->world->clock_held = false;
    emu_out_free(&out);
    return ok;
}

/* ---- greeting ------------------------------------------------------------------------------ */

static void write_greeting(emu_session *s)
{
    emu_out *g = &s->greeting;
    int cols = s->columns;
    emu_out_reset(g);
    const emu_world *w = s->world;
    emu_out_wrapf(g, cols, 0, "Training Infrastructure Handbook: cluster emulator\n");
    emu_out_wrapf(g, cols, 0, "Cluster %s: %d node%s (node01%s%s), %d x %s per node. You are on node01.\n",
                  w->cluster_name, w->n_nodes, w->n_nodes == 1 ? "" : "s",
                  w->n_nodes > 1 ? "-" : "", w->n_nodes > 1 ? w->nodes[w->n_nodes - 1].name : "",
                  w->nodes[0].n_gpus, w->spec ? w->spec->short_name : "GPU");
    const char *id = emu_lab_id(w);
    if (id && id[0]) {
        emu_out_wrapf(g, cols, 0, "\nLab %s: %s\n", id, emu_lab_title(w));
        const char *goal = emu_lab_goal(w);
        if (goal && goal[0]) {
            emu_out_wrap(g, cols, 1, goal, strlen(goal));
            if (goal[strlen(goal) - 1] != '\n')
                emu_out_write(g, "\n", 1);
        }
    } else {
        emu_out_wrapf(g, cols, 0, "\nNo lab is started: `lab list` shows the labs, `lab start ID` "
                                 "opens one.\n");
    }
    emu_out_wrapf(g, cols, 0, "\nType `help` for the full list of commands, or `solutions` for "
                             "reference procedures.\nSimulated outputs do not validate your "
                             "environment.\n");
}

/* ---- API ----------------------------------------------------------------------------------- */

static char *error_copy(const char *text)
{
    size_t n = strlen(text);
    char *e = malloc(n + 1);
    if (e)
        memcpy(e, text, n + 1);
    return e;
}

emu_session *emu_session_open(const emu_catalog *catalog, const char *lab_id, uint64_t seed,
                              char **error)
{
    return emu_session_open_ex(catalog, lab_id, seed, 0, error);
}

emu_session *emu_session_open_ex(const emu_catalog *catalog, const char *lab_id, uint64_t seed,
                                 int options, char **error)
{
    *error = NULL;
    const emu_scenario *scenario = NULL;
    if (lab_id) {
        scenario = catalog ? emu_catalog_find(catalog, lab_id) : NULL;
        if (!scenario) {
            emu_out msg;
            emu_out_init(&msg, 4096);
            emu_out_printf(&msg, "unknown lab '%s'", lab_id);
            size_t count = catalog ? emu_catalog_count(catalog) : 0;
            for (size_t i = 0; i < count; i++)
                emu_out_printf(&msg, "%s%s", i ? ", " : " (labs: ",
                               emu_scenario_id(emu_catalog_at(catalog, i)));
            emu_out_printf(&msg, "%s", count ? ")" : " (no labs loaded)");
            *error = error_copy(emu_out_text(&msg));
            emu_out_free(&msg);
            return NULL;
        }
    }
    emu_session *s = calloc(1, sizeof *s);
    if (!s) {
        *error = error_copy("out of memory");
        return NULL;
    }
    s->catalog = catalog;
    emu_out_init(&s->out, 0);
    emu_out_init(&s->completion, 16384);
    emu_out_init(&s->greeting, 8192);
    emu_out_init(&s->info, 2048);
    emu_out_init(&s->panel, EMU_PANEL_LIMIT_BYTES);
    if (!scenario) {
        s->builtin = emu_scenario_parse("default", emu_builtin_scenario_text,
                                        strlen(emu_builtin_scenario_text), "(built-in)", error);
        if (!s->builtin) {
            emu_session_close(s);
            return NULL;
        }
        scenario = s->builtin;
    }
    if (options & EMU_OPEN_HEALTHY) {
        s->healthy = malloc(sizeof *s->healthy);
        if (!s->healthy) {
            *error = error_copy("out of memory");
            emu_session_close(s);
            return NULL;
        }
        *s->healthy = *scenario;
        s->healthy->n_faults = 0;
        scenario = s->healthy;
    }
    s->world = emu_world_new(catalog, scenario, seed, error);
    if (!s->world) {
        if (!*error)
            *error = error_copy("out of memory");
        emu_session_close(s);
        return NULL;
    }
    emu_shell_host host = session_host(s, false);
    s->shell = emu_shell_new(&host);
    if (!s->shell) {
        *error = error_copy("out of memory");
        emu_session_close(s);
        return NULL;
    }
    write_greeting(s);
    return s;
}

const char *emu_session_greeting(const emu_session *session)
{
    return emu_out_text(&session->greeting);
}

const char *emu_session_prompt(const emu_session *session)
{
    if (emu_lab_question_pending(session->world))
        return emu_lab_question_prompt(session->world);
    return emu_shell_prompt(session->shell);
}

emu_result emu_session_execute(emu_session *session, const char *line, size_t len)
{
    emu_out *out = &session->out;
    emu_out_reset(out);
    emu_out_reset(&session->panel);
    int flags = 0;
    if (emu_lab_question_pending(session->world)) {
        /* the answer to a y/N question: a string without NUL bytes or the newline */
        char answer[256];
        size_t n = 0;
        for (size_t i = 0; i < len && n + 1 < sizeof answer; i++)
            if (line[i] != '\0' && line[i] != '\n' && line[i] != '\r')
                answer[n++] = line[i];
        answer[n] = '\0';
        emu_lab_answer_question(session->world, answer, session->columns, out);
    } else {
        size_t k = 0;
        while (k < len && (line[k] == ' ' || line[k] == '\t' || line[k] == '\n' || line[k] == '\r'))
            k++;
        if (k < len)
            emu_lab_count_command(session->world);
        int node = emu_shell_node(session->shell);
        if (emu_shell_execute(session->shell, line, len, out, &flags) != 0)
            flags |= EMU_RESULT_FAILED;
        if (emu_lab_collecting(session->world) && !(flags & EMU_RESULT_STOPPED)) {
            /* a snapshot lab: what this line adds to the snapshot (a copy: out may grow) */
            char text[1024];
            size_t n = len < sizeof text - 1 ? len : sizeof text - 1;
            memcpy(text, line, n);
            text[n] = '\0';
            text[strcspn(text, "\r\n")] = '\0';
            emu_out copy;
            emu_out_init(&copy, 0);
            emu_out_write(&copy, emu_out_text(out), out->len);
            emu_lab_collect_line(session->world, node, text, emu_out_text(&copy), session->columns, out);
            emu_out_free(&copy);
        }
        if (emu_lab_fix_check_count(session->world) && !(flags & EMU_RESULT_STOPPED)) {
            char text[1024];
            size_t n = len < sizeof text - 1 ? len : sizeof text - 1;
            memcpy(text, line, n);
            text[n] = '\0';
            bool fixed = lab_fix_in_place(session);
            /* the verification's output is copied: out grows with the solve message */
            emu_out copy;
            emu_out_init(&copy, 0);
            emu_out_write(&copy, emu_out_text(out), out->len);
            emu_lab_after_line(session->world, text, emu_out_text(&copy), fixed, session->columns, out);
            emu_out_free(&copy);
        }
    }
    if (emu_lab_take_changed(session->world))
        emu_shell_set_world(session->shell, session->world);
    if (emu_lab_take_solved(session->world))
        flags |= EMU_RESULT_SOLVED;
    if (session->panel.len)
        flags |= EMU_RESULT_PANEL;
    return (emu_result){emu_out_text(out), out->len, flags};
}

const emu_world *emu_session_world(const emu_session *session)
{
    return session->world;
}

const char *emu_session_panel(const emu_session *session, size_t *len)
{
    if (len)
        *len = session->panel.len;
    return emu_out_text(&session->panel);
}

void emu_session_set_columns(emu_session *session, int columns)
{
    session->columns = columns > 0 ? columns : 0;
    emu_shell_set_columns(session->shell, session->columns);
    write_greeting(session);
}

const char *emu_session_lab(const emu_session *session)
{
    return emu_lab_id(session->world);
}

/* A JSON string: quotes, backslashes and controls escaped (the text is UTF-8 already). */
static void json_string(emu_out *out, const char *text)
{
    emu_out_write(out, "\"", 1);
    for (const unsigned char *c = (const unsigned char *)(text ? text : ""); *c; c++) {
        if (*c == '"' || *c == '\\')
            emu_out_printf(out, "\\%c", *c);
        else if (*c == '\n')
            emu_out_write(out, "\\n", 2);
        else if (*c < 0x20)
            emu_out_printf(out, "\\u%04x", *c);
        else
            emu_out_write(out, (const char *)c, 1);
    }
    emu_out_write(out, "\"", 1);
}

const char *emu_session_lab_info(emu_session *session)
{
    emu_out *o = &session->info;
    emu_out_reset(o);
    const emu_world *w = session->world;
    const emu_scenario *s = w->lab.active ? w->scenario : NULL;
    emu_out_printf(o, "{\"lab\":");
    json_string(o, s ? s->id : "");
    if (s) {
        emu_out_printf(o, ",\"title\":");
        json_string(o, s->title);
        emu_out_printf(o, ",\"goal\":");
        json_string(o, s->goal);
        emu_out_printf(o, ",\"difficulty\":");
        json_string(o, s->difficulty);
        emu_out_printf(o, ",\"minutes\":%d,\"commands\":%d,\"reference\":%d,\"hints\":%d,"
                          "\"hints_total\":%d,\"answers\":%d,\"revealed\":%s,\"solved\":%s,"
                          "\"fix\":%s",
                       s->minutes, w->lab.commands, emu_lab_reference_length(s), w->lab.hints_shown,
                       s->n_hints, w->lab.answers_tried, w->lab.revealed ? "true" : "false",
                       w->lab.solved ? "true" : "false", s->fix.present ? "true" : "false");
    }
    emu_out_printf(o, "}");
    return emu_out_text(o);
}

const char *emu_session_complete(emu_session *session, const char *line, size_t len)
{
    emu_out_reset(&session->completion);
    if (!emu_lab_question_pending(session->world))
        emu_shell_complete(session->shell, line, len, &session->completion);
    return emu_out_text(&session->completion);
}

void emu_session_close(emu_session *session)
{
    if (!session)
        return;
    emu_shell_free(session->shell);
    emu_shell_free(session->probe);
    emu_world_free(session->world);
    emu_scenario_free(session->builtin);
    free(session->healthy); /* a shallow copy: its strings belong to the catalog's scenario */
    emu_out_free(&session->out);
    emu_out_free(&session->completion);
    emu_out_free(&session->greeting);
    emu_out_free(&session->info);
    emu_out_free(&session->panel);
    free(session);
}
