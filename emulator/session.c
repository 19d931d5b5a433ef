/* session.c: the public API of emu.h on top of the model (model.h) and the shell (shell.h): opening
 * a session on a lab, the greeting, the prompt, running a line, completion. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emu.h"
#include "numscan.h"
#include "model.h"
#include "out.h"
#include "shell.h"

struct emu_session {
    const emu_catalog *catalog; /* borrowed */
    emu_world *world;           /* owned */
    emu_shell *shell;           /* owned */
    emu_out out;                /* the last result's text */
    emu_out completion;         /* the last completion's candidates */
    emu_out greeting;
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

/* ---- commands of the session itself: the simulated clock ------------------------------------ */

/* `date [-u] [+FORMAT]`: the simulated clock (UTC; the cluster's clocks run in UTC). */
static int cmd_date(emu_context *c, int argc, char **argv, emu_out *out)
{
    const char *format = "%a %b %e %H:%M:%S UTC %Y";
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-u") == 0 || strcmp(argv[i], "--utc") == 0)
            continue;
        if (argv[i][0] == '+' && strlen(argv[i]) < 200) {
            format = argv[i] + 1;
            continue;
        }
        emu_out_printf(out, "date: invalid option or date '%.64s'\n"
                            "(this simulated date prints the clock: date [-u] [+FORMAT])\n",
                       argv[i]);
        return 1;
    }
    char buf[512];
    emu_format_utc(c->world->now_s, format, buf, sizeof buf);
    emu_out_printf(out, "%s\n", buf);
    return 0;
}

#define SLEEP_MAX_S (6.0 * 3600.0) /* the longest wait one sleep may take (simulated) */

/* `sleep N[smh]`: lets simulated time pass, so counters can be compared over an interval. */
static int cmd_sleep(emu_context *c, int argc, char **argv, emu_out *out)
{
    if (argc != 2) {
        emu_out_printf(out, "usage: sleep SECONDS   (suffixes s, m, h; simulated time)\n");
        return 1;
    }
    char *end;
    double seconds = emu_strtod(argv[1], &end);
    if (end == argv[1] || seconds < 0 || seconds != seconds) {
        emu_out_printf(out, "sleep: invalid time interval '%.64s'\n", argv[1]);
        return 1;
    }
    if (*end == 'm')
        seconds *= 60, end++;
    else if (*end == 'h')
        seconds *= 3600, end++;
    else if (*end == 's')
        end++;
    if (*end) {
        emu_out_printf(out, "sleep: invalid time interval '%.64s'\n", argv[1]);
        return 1;
    }
    if (seconds > SLEEP_MAX_S) {
        emu_out_printf(out, "sleep: at most %.0f hours at a time in this simulation\n",
                       SLEEP_MAX_S / 3600.0);
        return 1;
    }
    emu_world_advance(c->world, seconds);
    return 0;
}

static const emu_command session_commands[] = {
    {"date", cmd_date, "print the simulated date and time (UTC)",
     "usage: date [-u] [+FORMAT]\n  e.g. date +%H:%M:%S. Simulated time advances with each "
     "command you run.\n",
     NULL},
    {"sleep", cmd_sleep, "let simulated time pass (compare counters over an interval)",
     "usage: sleep SECONDS   (suffixes s, m, h; at most 6 h)\n  e.g. perfquery -x; sleep 60; "
     "perfquery -x   shows how counters grew in a minute.\n",
     NULL},
};
#define SESSION_COMMANDS (sizeof session_commands / sizeof session_commands[0])

/* The cluster's tools and lab commands, then the session's own. */
static const emu_command *session_find(const char *name)
{
    const emu_command *cmd = emu_tools_find(name);
    for (size_t i = 0; !cmd && i < SESSION_COMMANDS; i++)
        if (strcmp(session_commands[i].name, name) == 0)
            cmd = &session_commands[i];
    return cmd;
}

static const emu_command *session_command_at(size_t index)
{
    size_t count = 0;
    const emu_command *const *list = emu_tools_list(&count);
    if (index < count)
        return list[index];
    index -= count;
    return index < SESSION_COMMANDS ? &session_commands[index] : NULL;
}

/* The simulated files (train.log, logs/rank-NN.log ...) come from the model (train_log.c). */
static emu_file_kind session_file(emu_world *world, int node, const char *path, emu_out *out)
{
    int kind = emu_world_file(world, node, path, out);
    return kind == 1 ? EMU_FILE_REGULAR : kind == 2 ? EMU_FILE_DIR : EMU_FILE_NONE;
}

/* Arguments the cluster can name: lab ids, HCAs, net devices, BMCs, GPU indexes. */
static void session_complete_arg(emu_world *world, int node, int argc, char **argv,
                                 emu_out *candidates)
{
    const char *cmd = argv[0];
    const char *prev = argv[argc - 1];
    const emu_node *n = &world->nodes[node];
    if (strcmp(cmd, "lab") == 0 && argc == 2 && strcmp(argv[1], "start") == 0) {
        size_t count = world->catalog ? emu_catalog_count(world->catalog) : 0;
        for (size_t i = 0; i < count; i++)
            emu_out_printf(candidates, "%s\n", emu_scenario_id(emu_catalog_at(world->catalog, i)));
        return;
    }
    int hca_arg = ((strcmp(cmd, "ibstat") == 0 || strcmp(cmd, "ibstatus") == 0) && argc == 1) ||
                  (strcmp(cmd, "ibv_devinfo") == 0 && strcmp(prev, "-d") == 0) ||
                  (strcmp(cmd, "perfquery") == 0 && strcmp(prev, "-C") == 0) ||
                  (strcmp(cmd, "mlxlink") == 0 && strcmp(prev, "-d") == 0);
    if (hca_arg) {
        for (int h = 0; h < n->n_hcas; h++)
            emu_out_printf(candidates, "%s\n", n->hcas[h].name);
        return;
    }
    if (strcmp(cmd, "ethtool") == 0 && (argc == 1 || prev[0] != '-')) {
        for (int h = 0; h < n->n_hcas; h++)
            emu_out_printf(candidates, "%s\n", n->hcas[h].netdev);
        emu_out_printf(candidates, "%s\n", n->bootstrap_netdev);
        return;
    }
    if (strcmp(cmd, "ipmitool") == 0 && strcmp(prev, "-H") == 0) {
        for (int i = 0; i < world->n_nodes; i++)
            emu_out_printf(candidates, "%s\n", world->nodes[i].bmc.address);
        return;
    }
    if (strcmp(cmd, "nvidia-smi") == 0 && strcmp(prev, "-i") == 0) {
        for (int g = 0; g < n->n_gpus; g++)
            emu_out_printf(candidates, "%d\n", g);
        return;
    }
}

/* ---- greeting ------------------------------------------------------------------------------ */

static void write_greeting(emu_session *s)
{
    emu_out *g = &s->greeting;
    emu_out_reset(g);
    const emu_world *w = s->world;
    emu_out_printf(g, "Training Infrastructure Handbook: cluster emulator\n");
    emu_out_printf(g, "Cluster %s: %d node%s (node01%s%s), %d x %s per node. You are on node01.\n",
                   w->cluster_name, w->n_nodes, w->n_nodes == 1 ? "" : "s",
                   w->n_nodes > 1 ? "-" : "", w->n_nodes > 1 ? w->nodes[w->n_nodes - 1].name : "",
                   w->nodes[0].n_gpus, w->spec ? w->spec->short_name : "GPU");
    const char *id = emu_lab_id(w);
    if (id && id[0]) {
        emu_out_printf(g, "\nLab %s: %s\n", id, emu_lab_title(w));
        const char *goal = emu_lab_goal(w);
        if (goal && goal[0]) {
            emu_out_printf(g, "%s", goal);
            if (goal[strlen(goal) - 1] != '\n')
                emu_out_write(g, "\n", 1);
        }
    } else {
        emu_out_printf(g, "\nNo lab is started: `lab list` shows the labs, `lab start ID` opens "
                          "one.\n");
    }
    emu_out_printf(g, "\nType `help` for the full list of commands, or `solutions` for reference "
                      "procedures.\nSimulated outputs do not validate your environment.\n");
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
    s->world = emu_world_new(catalog, scenario, seed, error);
    if (!s->world) {
        if (!*error)
            *error = error_copy("out of memory");
        emu_session_close(s);
        return NULL;
    }
    emu_shell_host host = {
        .world = s->world,
        .node_count = session_node_count,
        .find = session_find,
        .command_at = session_command_at,
        .file = session_file,
        .command_started = emu_world_command_started, /* the model's clock */
        .complete_arg = session_complete_arg,
        .node_up = session_node_up,                   /* a powered-off host does not answer */
    };
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
    int flags = 0;
    if (emu_lab_question_pending(session->world)) {
        /* the answer to a y/N question: a string without NUL bytes or the newline */
        char answer[256];
        size_t n = 0;
        for (size_t i = 0; i < len && n + 1 < sizeof answer; i++)
            if (line[i] != '\0' && line[i] != '\n' && line[i] != '\r')
                answer[n++] = line[i];
        answer[n] = '\0';
        emu_lab_answer_question(session->world, answer, out);
    } else {
        if (emu_shell_execute(session->shell, line, len, out, &flags) != 0)
            flags |= EMU_RESULT_FAILED;
    }
    if (emu_lab_take_changed(session->world))
        emu_shell_set_world(session->shell, session->world);
    if (emu_lab_take_solved(session->world))
        flags |= EMU_RESULT_SOLVED;
    return (emu_result){emu_out_text(out), out->len, flags};
}

const char *emu_session_lab(const emu_session *session)
{
    return emu_lab_id(session->world);
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
    emu_world_free(session->world);
    emu_out_free(&session->out);
    emu_out_free(&session->completion);
    emu_out_free(&session->greeting);
    free(session);
}
