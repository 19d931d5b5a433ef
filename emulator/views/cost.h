/* cost.h: the cost per completed workload (cost.c): a training run's completion time, goodput,
 * GPU-hours and cost, with its step time from the cluster model (compute from the job's FLOPs,
 * the gradient all-reduce from the NCCL model, as in every lab) and its goodput under failures
 * and checkpoint saves from model/goodput.h. The cost guide's calculator runs it in the page
 * (through the WebAssembly module) and the build runs it for the page's worked example. */
#ifndef EMU_VIEWS_COST_H
#define EMU_VIEWS_COST_H

#include <stddef.h>

#include "command.h"
#include "model/goodput.h"

/* The calculator's inputs; emu_cost_defaults gives the cost guide's baseline. */
typedef struct emu_cost_in {
    double model_params_b;        /* billions of parameters */
    double tokens;                /* tokens to train on */
    char gpu[24];                 /* a GPU model of the catalogue (model/hardware.h): "H100" */
    int gpus;                     /* 1..8, or a multiple of 8 up to the model's 64 nodes */
    int tp, pp;                   /* tensor and pipeline parallel sizes: dp = gpus / (tp pp) */
    int micro_batch, grad_accum, seq_len;
    double compute_efficiency;    /* share of the GPU's peak the forward and backward reach */
    double failures_per_day;      /* interruptions of the whole job a day */
    double restart_min;
    double checkpoint_interval_min;
    double save_s;                /* how long a save blocks training */
    double price_per_gpu_hour;    /* dollars */
} emu_cost_in;

typedef struct emu_cost_out {
    int nodes, gpus_per_node, dp;
    double step_ms;               /* the model's step without jitter */
    double compute_ms, allreduce_ms, optimizer_ms;
    double tokens_per_step, tokens_per_s;
    double mfu;                   /* model FLOPs per GPU per second over the GPU's peak */
    double ideal_days;            /* tokens / tokens per second */
    emu_goodput goodput;
    double days;                  /* ideal / goodput */
    double gpu_hours, cost;
    double best_interval_min;     /* Young's interval (the model's optimum) */
    double best_days, best_cost;  /* at that interval */
} emu_cost_out;

/* One input of the calculator: its key (a field of emu_cost_in, as emu_cost_parse reads it),
 * its label for people, its kind ('d' a number, 'i' a whole number, 's' the GPU model), the
 * form's group (0 model and data, 1 cluster and layout, 2 failures and checkpoints, 3 price)
 * and its range. The build draws the calculator's form from these. */
typedef struct emu_cost_field {
    const char *name, *label;
    char kind;
    int group;
    size_t offset;
    double lo, hi;
} emu_cost_field;

/* The i-th input (NULL past the last), in the form's order. */
const emu_cost_field *emu_cost_field_at(int i);

/* The value of field f in *in as the form shows it ("7", "2e+12", "H100"). */
void emu_cost_field_value(const emu_cost_in *in, const emu_cost_field *f, char *buf, size_t size);

/* The cost guide's baseline (content/workflow/cost-per-completed-workload.md#baseline). */
void emu_cost_defaults(emu_cost_in *in);

/* Reads "key: value" or "key=value" lines (keys as the fields of emu_cost_in) into *in,
 * starting from what it holds. Returns 0, or -1 with a message naming the line in error. */
int emu_cost_parse(const char *text, size_t len, emu_cost_in *in, char *error, size_t size);

/* Computes *out: builds the cluster and job in the model (a world of gpus / 8 nodes) and
 * reads its step. Returns 0, or -1 with why in error (an input out of range, a layout the
 * model rejects). */
int emu_cost_compute(const emu_cost_in *in, emu_cost_out *out, char *error, size_t size);

/* The results as HTML: the table, the plot of the cost over the checkpoint interval with
 * Young's and Daly's optimum and the chosen interval marked, and the plot's figures as a
 * table. id: unique in the page, [a-z0-9-]. */
void emu_cost_html(const emu_cost_in *in, const emu_cost_out *res, const char *id, emu_out *out);

/* The results as "key=value" lines (full precision), for tests and scripts. */
void emu_cost_kv(const emu_cost_in *in, const emu_cost_out *res, emu_out *out);

/* The whole calculator on text: parses params over the defaults, computes, and writes the
 * HTML (html != 0) or the key=value lines into out. Returns 0, or -1 with the message as
 * out's text. The module's entry (wasm/emu_wasm.c: emw_cost) and `handbook cost` call it. */
int emu_cost_run(const char *params, size_t len, int html, const char *id, emu_out *out);

#endif
