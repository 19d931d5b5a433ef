/* timeline.c: `timeline`, the handbook's step timeline of the simulated job: where each rank's
 * step went, phase by phase, over the last steps (model/steps.h, drawn by views/timeline.h).
 * The text goes to the terminal; in the page the same drawing also appears as a picture in a
 * panel beside the console (emu_context.panel). Not a tool of a real node: profilers (Nsight
 * Systems, the PyTorch profiler's trace) and Megatron's timers show the same phases there. */
#include <stdlib.h>
#include <string.h>

#include "out.h"
#include "tools.h"
#include "model/job.h"
#include "model/steps.h"
#include "model/world.h"
#include "views/timeline.h"

#define TIMELINE_STEPS_DEFAULT 3
#define TIMELINE_STEPS_MAX 8

static int usage(emu_out *out, const char *why)
{
    emu_out_printf(out, "timeline: %s\nusage: timeline [-n STEPS] [--ranks | --nodes]\n", why);
    return 2;
}

static int cmd_timeline(emu_context *c, int argc, char **argv, emu_out *out)
{
    /* the shape, not the verdict: which row every step waits for is the learner's to read */
    emu_timeline_opts opts = {EMU_TIMELINE_ROWS_AUTO, "tl-panel", NULL, 0, true};
    int n = TIMELINE_STEPS_DEFAULT;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--ranks")) {
            opts.rows = EMU_TIMELINE_ROWS_RANKS;
        } else if (!strcmp(a, "--nodes")) {
            opts.rows = EMU_TIMELINE_ROWS_NODES;
        } else if (!strcmp(a, "-n") || !strcmp(a, "--steps")) {
            if (i + 1 >= argc)
                return usage(out, "option requires an argument -- 'n'");
            char *end = NULL;
            long v = strtol(argv[++i], &end, 10);
            if (!*argv[i] || *end || v < 1 || v > TIMELINE_STEPS_MAX) {
                emu_out_printf(out, "timeline: invalid number of steps: '%.40s' (1 to %d)\n",
                               argv[i], TIMELINE_STEPS_MAX);
                return 2;
            }
            n = (int)v;
        } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            emu_out_printf(out, "%s", emu_cmd_timeline.help);
            return 0;
        } else {
            emu_out_printf(out, "timeline: unrecognized option '%.40s'\n", a);
            return usage(out, "see help timeline");
        }
    }
    const emu_world *w = c->world;
    if (!w->job.present) {
        emu_out_printf(out, "timeline: no training job runs on this cluster\n");
        return 1;
    }
    emu_steps steps;
    if (emu_steps_recent(w, n, &steps) != 0) {
        emu_out_printf(out, "timeline: the job has completed no step yet\n");
        return 1;
    }
    emu_timeline_text(w, &steps, &opts, out);
    if (c->panel) {
        emu_out_reset(c->panel);
        emu_timeline_html(w, &steps, &opts, c->panel);
    }
    emu_steps_free(&steps);
    return 0;
}

static const char *const timeline_flags[] = {"-n", "--steps", "--ranks", "--nodes", "--help", NULL};

const emu_command emu_cmd_timeline = {
    "timeline", cmd_timeline, "the job's last steps drawn phase by phase, rank by rank",
    "usage: timeline [-n STEPS] [--ranks | --nodes]\n"
    "  Draws the job's last STEPS completed steps (default 3, at most 8): one row per rank, or\n"
    "  per node for jobs of more than 16 ranks (--ranks and --nodes choose), each phase by its\n"
    "  letter: I input wait, F forward, B backward, . waiting in the gradient all-reduce for\n"
    "  the last rank, A the all-reduce transferring, O optimizer, S checkpoint save, X no\n"
    "  progress (a rank that stopped, while the others wait for it). Below it, where the\n"
    "  ranks' time went and, for each step, how long the others waited for the last rank to\n"
    "  arrive and that rank's phases (the critical path); which row it is, the drawing shows.\n"
    "  In the page the same timeline is drawn in a panel beside the console.\n"
    "  It reads the job as the step log does; profilers such as Nsight Systems show the same\n"
    "  phases on a real cluster.\n",
    timeline_flags, .cost = EMU_COST_INSTANT
};
