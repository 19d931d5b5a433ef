/* dcgmproftester.c: DCGM's load generator `dcgmproftester12 [--no-dcgm-validation] -t 1004 [-d S]
 * [-i GPUS]` (DCGM 3.3): a tensor-core matrix-multiply load on each GPU, reporting each second
 * the share of cycles the tensor engines were active as DCGM read it. A GPU with a hidden
 * deficit, or throttled, or shared with the running job, keeps its engines less busy. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat/numscan.h"
#include "out.h"
#include "tools.h"
#include "model/gpu.h"
#include "model/rng.h"
#include "model/world.h"

/* The tensor-engine activity a dense FP16 GEMM reaches on a healthy GPU (a modelling choice from
 * DCGM's own diag thresholds, which expect high-90s of TensorEngineActive under this test). */
#define FULL_ACTIVE 0.94

static int cmd_dcgmproftester(emu_context *c, int argc, char **argv, emu_out *out)
{
    emu_world *w = c->world;
    const emu_node *n = &w->nodes[c->node];
    int test = 1004;
    double secs = 30;
    bool validate = true;
    const char *ids = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--no-dcgm-validation"))
            validate = false;
        else if (!strcmp(argv[i], "-t") && i + 1 < argc)
            test = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-d") && i + 1 < argc)
            secs = emu_strtod(argv[++i], NULL);
        else if (!strcmp(argv[i], "-i") && i + 1 < argc)
            ids = argv[++i];
        else {
            emu_out_printf(out, "PARSE ERROR:\n             Argument: %s\n             Couldn't find "
                                "match for argument\n", argv[i]);
            return 1;
        }
    }
    if (test != 1004) {
        emu_out_printf(out, "This simulated dcgmproftester runs test 1004 (tensor cores) only\n");
        return 1;
    }
    if (!validate)
        emu_out_printf(out, "Skipping CreateDcgmGroups() since DCGM validation is disabled\n");
    if (secs < 1)
        secs = 1;
    if (secs > 60)
        secs = 60;
    bool sel[EMU_MAX_GPUS] = {false};
    for (int g = 0; g < n->n_gpus; g++)
        sel[g] = !ids || strchr(ids, '0' + g) != NULL;
    for (int s = 0; s < (int)secs && !out->truncated; s++) {
        emu_world_advance(w, 1);
        for (int g = 0; g < n->n_gpus; g++) {
            if (!sel[g] || emu_gpu_lost(w, c->node, g))
                continue;
            const emu_gpu *gp = &n->gpus[g];
            /* the engines stall for a slower GPU (its deficit, its clock) and share with the job */
            double a = FULL_ACTIVE * (gp->deficit > 0 ? gp->deficit : 1);
            if (emu_gpu_busy(w, c->node, g))
                a *= 0.5;
            a *= 1 + 0.004 * emu_sample(w, "proftester", g, s);
            emu_out_printf(out, "Worker 0:%d[1004]: TensorEngineActive: target max, dcgm %.3f\n", g,
                           s == 0 ? a * 0.31 : a);
        }
    }
    return 0;
}

const emu_command emu_cmd_dcgmproftester = {
    "dcgmproftester12", cmd_dcgmproftester, "DCGM's tensor-core load generator, per GPU",
    "usage: dcgmproftester12 --no-dcgm-validation -t 1004 [-d SECONDS] [-i GPUS]\n  Compare the "
    "GPUs: one whose engines stay less active than its peers computes slower.\n",
    NULL, .cost = EMU_COST_INSTANT
};
