/* cost.c: the cost per completed workload (cost.h): the step time from a world built for the
 * calculator's cluster and job, the goodput from model/goodput.h, and their drawing. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cost.h"
#include "out.h"
#include "compat/numscan.h"
#include "model/hardware.h"
#include "model/model.h"
#include "model/scenario.h"

/* The decimal exponent of v > 0 (floor of log10): log() is in the module already, log10()
 * would add its own code. */
static double dec_exp(double v)
{
    double e = floor(log(v) / 2.302585092994046);
    /* log's rounding can put an exact power of ten one below */
    return pow(10, e + 1) <= v ? e + 1 : e;
}

void emu_cost_defaults(emu_cost_in *in)
{
    /* the cost guide's baseline: the 7B run of tokens-batches-steps.md#worked-example, 2 x 10^12
     * tokens on 128 H100, micro-batch 2, accumulation 4, sequence 4,096; hourly saves blocking
     * 1 minute, two failures a day of 15 minutes' restart; $2.50 per GPU-hour. The compute
     * efficiency is the share of peak with which the model's step (compute, all-reduce and
     * optimizer) is the example's measured 3.5 s, 1.2M tokens/s and 40% MFU: at 0.4095 the
     * step is 3,497 ms (tests/content/cost_figures.ini checks the page's figures). */
    memset(in, 0, sizeof *in);
    in->model_params_b = 7;
    in->tokens = 2e12;
    snprintf(in->gpu, sizeof in->gpu, "H100");
    in->gpus = 128;
    in->tp = in->pp = 1;
    in->micro_batch = 2;
    in->grad_accum = 4;
    in->seq_len = 4096;
    in->compute_efficiency = 0.4095;
    in->failures_per_day = 2;
    in->restart_min = 15;
    in->checkpoint_interval_min = 60;
    in->save_s = 60;
    in->price_per_gpu_hour = 2.5;
}

/* ---- parsing ---------------------------------------------------------------------------------- */

#define KEY_D(f, lo, hi, group, label) {#f, label, 'd', group, offsetof(emu_cost_in, f), lo, hi}
#define KEY_I(f, lo, hi, group, label) {#f, label, 'i', group, offsetof(emu_cost_in, f), lo, hi}
static const emu_cost_field cost_keys[] = {
    KEY_D(model_params_b, 0.01, 10000, 0, "Model size, billions of parameters"),
    KEY_D(tokens, 1e6, 1e16, 0, "Tokens to train on"),
    KEY_I(seq_len, 16, 1048576, 0, "Sequence length, tokens"),
    {"gpu", "GPU model", 's', 1, offsetof(emu_cost_in, gpu), 0, 0},
    KEY_I(gpus, 1, 512, 1, "GPUs (1 to 8, or whole nodes of 8)"),
    KEY_I(tp, 1, 512, 1, "Tensor parallel size"),
    KEY_I(pp, 1, 512, 1, "Pipeline parallel size"),
    KEY_I(micro_batch, 1, 1024, 1, "Micro-batch, sequences per GPU"),
    KEY_I(grad_accum, 1, 4096, 1, "Gradient accumulation steps"),
    KEY_D(compute_efficiency, 0.05, 1, 1, "Compute efficiency, share of peak"),
    KEY_D(failures_per_day, 0, 1000, 2, "Failures a day"),
    KEY_D(restart_min, 0, 10080, 2, "Restart after a failure, min"),
    KEY_D(checkpoint_interval_min, 0.1, 100000, 2, "Checkpoint interval, min"),
    KEY_D(save_s, 0, 86400, 2, "Save time blocking training, s"),
    KEY_D(price_per_gpu_hour, 0, 10000, 3, "Price per GPU-hour, $"),
};
#define N_KEYS (sizeof cost_keys / sizeof cost_keys[0])

const emu_cost_field *emu_cost_field_at(int i)
{
    return i >= 0 && (size_t)i < N_KEYS ? &cost_keys[i] : NULL;
}

void emu_cost_field_value(const emu_cost_in *in, const emu_cost_field *f, char *buf, size_t size)
{
    const char *slot = (const char *)in + f->offset;
    if (f->kind == 's')
        snprintf(buf, size, "%s", slot);
    else if (f->kind == 'i')
        snprintf(buf, size, "%d", *(const int *)slot);
    else
        snprintf(buf, size, "%.10g", *(const double *)slot);
}

int emu_cost_parse(const char *text, size_t len, emu_cost_in *in, char *error, size_t size)
{
    int line_no = 0;
    for (size_t at = 0; at < len;) {
        size_t end = at;
        while (end < len && text[end] != '\n')
            end++;
        line_no++;
        char line[256];
        size_t n = end - at < sizeof line - 1 ? end - at : sizeof line - 1;
        memcpy(line, text + at, n);
        line[n] = '\0';
        at = end + 1;
        char *p = line;
        while (*p == ' ' || *p == '\t')
            p++;
        if (!*p || *p == '#' || *p == '\r')
            continue;
        size_t key_len = strcspn(p, ":= \t");
        char *v = p + key_len;
        while (*v == ' ' || *v == '\t')
            v++;
        if (*v != ':' && *v != '=') {
            snprintf(error, size, "line %d: expected 'key: value', not '%.60s'", line_no, p);
            return -1;
        }
        v++;
        while (*v == ' ' || *v == '\t')
            v++;
        size_t vl = strlen(v);
        while (vl && (v[vl - 1] == ' ' || v[vl - 1] == '\t' || v[vl - 1] == '\r'))
            v[--vl] = '\0';
        const emu_cost_field *k = NULL;
        for (size_t i = 0; i < N_KEYS; i++)
            if (strlen(cost_keys[i].name) == key_len && !strncmp(cost_keys[i].name, p, key_len))
                k = &cost_keys[i];
        if (!k) {
            snprintf(error, size, "line %d: unknown key '%.*s'", line_no, (int)(key_len < 40 ? key_len : 40), p);
            return -1;
        }
        char *slot = (char *)in + k->offset;
        if (k->kind == 's') {
            if (!emu_gpu_spec_find(v)) {
                snprintf(error, size, "line %d: unknown GPU model '%.30s'", line_no, v);
                return -1;
            }
            snprintf(slot, sizeof in->gpu, "%s", v);
            continue;
        }
        char *stop = NULL;
        double d = emu_strtod(v, &stop);
        if (stop == v || *stop || !(d >= k->lo && d <= k->hi) ||
            (k->kind == 'i' && d != floor(d))) {
            snprintf(error, size, "line %d: %s takes %s from %g to %g, not '%.30s'", line_no,
                     k->name, k->kind == 'i' ? "a whole number" : "a number", k->lo, k->hi, v);
            return -1;
        }
        if (k->kind == 'i')
            *(int *)slot = (int)d;
        else
            *(double *)slot = d;
    }
    return 0;
}

/* ---- computing ---------------------------------------------------------------------------------- */

static void goodput_at(const emu_cost_in *in, double interval_min, emu_goodput *g)
{
    emu_goodput_in gi = {in->failures_per_day, in->restart_min, interval_min, in->save_s / 60};
    emu_goodput_of(&gi, g);
}

int emu_cost_compute(const emu_cost_in *in, emu_cost_out *out, char *error, size_t size)
{
    memset(out, 0, sizeof *out);
    const emu_gpu_spec *spec = emu_gpu_spec_find(in->gpu);
    if (!spec) {
        snprintf(error, size, "unknown GPU model '%s'", in->gpu);
        return -1;
    }
    if (in->gpus < 1 || (in->gpus > EMU_MAX_GPUS && in->gpus % EMU_MAX_GPUS) ||
        in->gpus > EMU_MAX_NODES * EMU_MAX_GPUS) {
        snprintf(error, size, "%d GPUs: the model builds 1 to %d GPUs on one node, or nodes of %d "
                              "up to %d GPUs", in->gpus, EMU_MAX_GPUS, EMU_MAX_GPUS,
                 EMU_MAX_NODES * EMU_MAX_GPUS);
        return -1;
    }
    if (in->tp < 1 || in->pp < 1 || in->gpus % (in->tp * in->pp)) {
        snprintf(error, size, "tp x pp = %d does not divide the %d GPUs", in->tp * in->pp, in->gpus);
        return -1;
    }
    out->gpus_per_node = in->gpus < EMU_MAX_GPUS ? in->gpus : EMU_MAX_GPUS;
    out->nodes = in->gpus / out->gpus_per_node;
    out->dp = in->gpus / (in->tp * in->pp);
    /* the cluster and job in the scenario language (JSON, which both document adapters read) */
    char text[1024];
    snprintf(text, sizeof text,
             "{\"title\": \"cost\", \"summary\": \"cost\", \"cluster\": {\"gpu\": \"%s\", "
             "\"nodes\": %d, \"gpus_per_node\": %d}, \"job\": {\"model_params_b\": %.17g, "
             "\"tp\": %d, \"pp\": %d, \"micro_batch\": %d, \"grad_accum\": %d, \"seq_len\": %d, "
             "\"compute_efficiency\": %.17g}}",
             spec->key, out->nodes, out->gpus_per_node, in->model_params_b, in->tp, in->pp,
             in->micro_batch, in->grad_accum, in->seq_len, in->compute_efficiency);
    char *message = NULL;
    emu_scenario *scenario = emu_scenario_parse("cost", text, strlen(text), "(calculator)", &message);
    emu_world *w = scenario ? emu_world_new(NULL, scenario, 0, &message) : NULL;
    if (!w) {
        /* the scenario's "(calculator):line:col: error: " prefix says nothing to a reader */
        const char *m = message ? message : "out of memory";
        const char *e = strstr(m, "error: ");
        snprintf(error, size, "%.*s", (int)strcspn(e ? e + 7 : m, "\n"), e ? e + 7 : m);
        free(message);
        emu_scenario_free(scenario);
        return -1;
    }
    const emu_job *j = &w->job;
    out->step_ms = j->nominal_step_ms;
    out->compute_ms = w->step_base.compute_ms[0];
    out->allreduce_ms = w->step_base.allreduce_ms;
    out->optimizer_ms = w->step_base.optimizer_ms;
    out->tokens_per_step = (double)j->global_batch * j->seq_len;
    out->tokens_per_s = out->tokens_per_step / (out->step_ms / 1e3);
    out->mfu = j->flops_per_step / (out->step_ms / 1e3) / (spec->dense_bf16_tflops * 1e12);
    emu_world_free(w);
    emu_scenario_free(scenario);

    out->ideal_days = in->tokens / out->tokens_per_s / 86400;
    goodput_at(in, in->checkpoint_interval_min, &out->goodput);
    out->days = out->goodput.goodput > 0 ? out->ideal_days / out->goodput.goodput : INFINITY;
    out->gpu_hours = in->gpus * out->days * 24;
    out->cost = out->gpu_hours * in->price_per_gpu_hour;
    out->best_interval_min = out->goodput.young_min;
    if (out->best_interval_min > 0) {
        emu_goodput best;
        goodput_at(in, out->best_interval_min, &best);
        out->best_days = best.goodput > 0 ? out->ideal_days / best.goodput : INFINITY;
        out->best_cost = in->gpus * out->best_days * 24 * in->price_per_gpu_hour;
    }
    return 0;
}

/* ---- words and numbers -------------------------------------------------------------------------- */

/* v rounded to sig significant digits, with thousands separators: 64,400; 161,000. */
static void fmt_grouped(double v, int sig, char *buf, size_t size)
{
    if (!isfinite(v)) {
        snprintf(buf, size, "never");
        return;
    }
    double mag = v > 0 ? pow(10, dec_exp(v) - sig + 1) : 1;
    double r = mag >= 1 ? floor(v / mag + 0.5) * mag : v;
    char digits[40];
    snprintf(digits, sizeof digits, "%.0f", r);
    size_t n = strlen(digits), o = 0;
    for (size_t i = 0; i < n && o + 2 < size; i++) {
        if (i && (n - i) % 3 == 0)
            buf[o++] = ',';
        buf[o++] = digits[i];
    }
    buf[o] = '\0';
}

/* A count of tokens: "2T", "300B", "1.5M". */
static void fmt_tokens(double v, char *buf, size_t size)
{
    if (v >= 1e12)
        snprintf(buf, size, "%gT", floor(v / 1e10 + 0.5) / 100);
    else if (v >= 1e9)
        snprintf(buf, size, "%gB", floor(v / 1e7 + 0.5) / 100);
    else
        snprintf(buf, size, "%gM", floor(v / 1e4 + 0.5) / 100);
}

/* Tokens per second: "1.20M", "845k". */
static void fmt_rate(double v, char *buf, size_t size)
{
    if (v >= 1e6)
        snprintf(buf, size, "%.2fM", v / 1e6);
    else if (v >= 1e3)
        snprintf(buf, size, "%.0fk", v / 1e3);
    else
        snprintf(buf, size, "%.0f", v);
}

/* An interval: "38 min", "1.5 h", "4 h". */
static void fmt_interval(double min, char *buf, size_t size)
{
    if (min < 60)
        snprintf(buf, size, min < 10 ? "%.1f min" : "%.0f min", min);
    else
        snprintf(buf, size, fmod(min, 60) < 0.05 ? "%.0f h" : "%.1f h", min / 60);
}

static void fmt_days(double d, char *buf, size_t size)
{
    if (!isfinite(d))
        snprintf(buf, size, "never (goodput 0)");
    else
        snprintf(buf, size, "%.1f days", d);
}

static void fmt_money(double v, char *buf, size_t size)
{
    char g[48];
    fmt_grouped(v, 3, g, sizeof g);
    snprintf(buf, size, isfinite(v) ? "$%s" : "%s", g);
}

/* ---- HTML ---------------------------------------------------------------------------------------- */

static void row(emu_out *out, const char *name, const char *value)
{
    emu_out_printf(out, "<tr><th scope=\"row\">%s</th><td>%s</td></tr>", name, value);
}

/* The plot's geometry (viewBox units) and its interval range. */
#define PLOT_W 560.0
#define PLOT_H 250.0
#define PLOT_L 70.0
#define PLOT_R 16.0
#define PLOT_T 14.0
#define PLOT_B 42.0
#define PLOT_N 48

typedef struct cost_plot {
    double lo_min, hi_min;        /* the intervals shown (log scale) */
    double y_lo, y_hi;            /* cost range */
} cost_plot;

static double px_x(const cost_plot *p, double min)
{
    return PLOT_L + (log(min) - log(p->lo_min)) / (log(p->hi_min) - log(p->lo_min)) *
                        (PLOT_W - PLOT_L - PLOT_R);
}

static double px_y(const cost_plot *p, double cost)
{
    double f = (cost - p->y_lo) / (p->y_hi - p->y_lo);
    f = f < 0 ? 0 : f > 1 ? 1 : f;
    return PLOT_H - PLOT_B - f * (PLOT_H - PLOT_T - PLOT_B);
}

static double cost_at(const emu_cost_in *in, const emu_cost_out *res, double interval_min)
{
    emu_goodput g;
    goodput_at(in, interval_min, &g);
    return g.goodput > 0 ? in->gpus * res->ideal_days / g.goodput * 24 * in->price_per_gpu_hour : INFINITY;
}

/* A round step of about a fifth of span: 1, 2 or 5 x 10^k. */
static double round_step(double span)
{
    double want = span / 5, scale = pow(10, dec_exp(want));
    return want >= 5 * scale ? 5 * scale : want >= 2 * scale ? 2 * scale : scale;
}

static void money_tick(double v, char *buf, size_t size)
{
    if (v >= 1e6)
        snprintf(buf, size, "$%gM", floor(v / 1e4 + 0.5) / 100);
    else if (v >= 1e3)
        snprintf(buf, size, "$%gk", floor(v / 10 + 0.5) / 100);
    else
        snprintf(buf, size, "$%g", v);
}

static void plot_svg(const emu_cost_in *in, const emu_cost_out *res, const char *id, emu_out *out)
{
    double best = res->best_interval_min, here = in->checkpoint_interval_min;
    cost_plot p;
    double centre = best > 0 ? best : here;
    p.lo_min = fmax(0.5, fmin(centre, here) / 8);
    p.hi_min = fmin(7 * EMU_DAY_MIN, fmax(centre, here) * 8);
    double lowest = INFINITY;
    for (int k = 0; k <= PLOT_N; k++) {
        double m = exp(log(p.lo_min) + (log(p.hi_min) - log(p.lo_min)) * k / PLOT_N);
        lowest = fmin(lowest, cost_at(in, res, m));
    }
    if (!isfinite(lowest))
        return;
    /* from a little under the least cost to half as much again at most */
    double step = round_step(lowest * 0.3);
    p.y_lo = floor(lowest * 0.95 / step) * step;
    p.y_hi = p.y_lo + 5 * step;
    emu_out_printf(out, "<svg class=\"cost-plot\" viewBox=\"0 0 %.0f %.0f\" role=\"img\" "
                        "aria-labelledby=\"%s-plot-cap\" xmlns=\"http://www.w3.org/2000/svg\">",
                   PLOT_W, PLOT_H, id);
    /* the grid and the axes */
    emu_out_printf(out, "<g class=\"cost-axis\">");
    for (double v = p.y_lo; v <= p.y_hi + step / 2; v += step) {
        char t[24];
        money_tick(v, t, sizeof t);
        double y = px_y(&p, v);
        emu_out_printf(out, "<path class=\"cost-grid\" d=\"M%.0f %.1fH%.0f\"/><text class=\"cost-ylabel\" "
                            "x=\"%.0f\" y=\"%.1f\">%s</text>",
                       PLOT_L, y, PLOT_W - PLOT_R, PLOT_L - 6, y + 4, t);
    }
    static const double ticks[] = {1, 2, 5, 10, 15, 30, 60, 120, 240, 480, 720, 1440, 2880, 5760};
    for (size_t k = 0; k < sizeof ticks / sizeof ticks[0]; k++) {
        if (ticks[k] < p.lo_min || ticks[k] > p.hi_min)
            continue;
        char t[24];
        fmt_interval(ticks[k], t, sizeof t);
        double x = px_x(&p, ticks[k]);
        emu_out_printf(out, "<path d=\"M%.1f %.0fv5\"/><text x=\"%.1f\" y=\"%.0f\">%s</text>", x,
                       PLOT_H - PLOT_B, x, PLOT_H - PLOT_B + 17, t);
    }
    emu_out_printf(out, "<path d=\"M%.0f %.0fH%.0f\"/><text x=\"%.0f\" y=\"%.0f\">checkpoint "
                        "interval</text></g>",
                   PLOT_L, PLOT_H - PLOT_B, PLOT_W - PLOT_R, (PLOT_L + PLOT_W - PLOT_R) / 2, PLOT_H - 6);
    /* the curve */
    emu_out_printf(out, "<path class=\"cost-curve\" d=\"");
    for (int k = 0; k <= PLOT_N; k++) {
        double m = exp(log(p.lo_min) + (log(p.hi_min) - log(p.lo_min)) * k / PLOT_N);
        emu_out_printf(out, "%s%.1f %.1f", k ? "L" : "M", px_x(&p, m), px_y(&p, cost_at(in, res, m)));
    }
    emu_out_printf(out, "\"/>");
    /* the optimum and the chosen interval */
    if (best > 0) {
        double x = px_x(&p, best);
        char b[24], d[24];
        fmt_interval(best, b, sizeof b);
        fmt_interval(res->goodput.daly_min, d, sizeof d);
        emu_out_printf(out, "<path class=\"cost-optimum\" d=\"M%.1f %.0fV%.0f\"/><text x=\"%.1f\" "
                            "y=\"%.0f\" class=\"cost-mark\">optimum %s (Young; Daly %s)</text>",
                       x, PLOT_T, PLOT_H - PLOT_B, x, PLOT_T + 10, b, d);
    }
    double hx = px_x(&p, here), hy = px_y(&p, res->cost);
    char h[24], c[32];
    fmt_interval(here, h, sizeof h);
    fmt_money(res->cost, c, sizeof c);
    emu_out_printf(out, "<circle class=\"cost-here\" cx=\"%.1f\" cy=\"%.1f\" r=\"5\"/><text x=\"%.1f\" "
                        "y=\"%.1f\">every %s: %s</text></svg>",
                   hx, hy, hx, hy - 10, h, c);
}

void emu_cost_html(const emu_cost_in *in, const emu_cost_out *res, const char *id, emu_out *out)
{
    char a[64], b[64], c[64], d[64], e[64], f[64], t[512];
    const emu_goodput *g = &res->goodput;
    fmt_tokens(in->tokens, a, sizeof a);
    emu_out_printf(out, "<table class=\"cost-table\"><caption>%gB parameters, %s tokens on %d x %s"
                        "</caption><tbody>", in->model_params_b, a, in->gpus, in->gpu);
    fmt_grouped(res->step_ms, 4, a, sizeof a);
    fmt_grouped(res->compute_ms, 4, b, sizeof b);
    snprintf(t, sizeof t, "%s ms: compute %s ms (the FLOPs at %.1f%% of peak), all-reduce %.0f ms, "
                          "optimizer %.0f ms (%d node%s, dp %d, tp %d, pp %d)",
             a, b, in->compute_efficiency * 100, res->allreduce_ms, res->optimizer_ms, res->nodes,
             res->nodes == 1 ? "" : "s", res->dp, in->tp, in->pp);
    row(out, "Step time, from the model", t);
    fmt_rate(res->tokens_per_s, a, sizeof a);
    fmt_grouped(res->tokens_per_s / in->gpus, 3, b, sizeof b);
    snprintf(t, sizeof t, "%s (%s per GPU), MFU %.0f%%", a, b, res->mfu * 100);
    row(out, "Tokens per second", t);
    fmt_days(res->ideal_days, a, sizeof a);
    row(out, "Ideal time", a);
    snprintf(t, sizeof t, "%.1f%%: a day loses %.0f min to work redone, %.0f to restarts, %.0f to "
                          "%.0f saves", g->goodput * 100, g->lost_work_min_per_day,
             g->lost_restart_min_per_day, g->lost_save_min_per_day, g->saves_per_day);
    row(out, "Goodput", t);
    fmt_days(res->days, a, sizeof a);
    row(out, "Time to completion", a);
    fmt_grouped(res->gpu_hours, 3, a, sizeof a);
    row(out, "GPU-hours", a);
    fmt_money(res->cost, a, sizeof a);
    snprintf(t, sizeof t, "%s at $%.2f per GPU-hour", a, in->price_per_gpu_hour);
    row(out, "Cost", t);
    if (res->best_interval_min > 0) {
        fmt_interval(res->best_interval_min, c, sizeof c);
        fmt_interval(g->daly_min, d, sizeof d);
        fmt_money(res->best_cost, e, sizeof e);
        fmt_days(res->best_days, f, sizeof f);
        snprintf(t, sizeof t, "every %s (Young; Daly: %s): %s, %s", c, d, e, f);
        row(out, "Best checkpoint interval", t);
    }
    emu_out_printf(out, "</tbody></table>");
    /* the plot, its caption and its figures */
    fmt_interval(in->checkpoint_interval_min, a, sizeof a);
    fmt_money(res->cost, b, sizeof b);
    emu_out_printf(out, "<figure class=\"cost-figure\"><figcaption id=\"%s-plot-cap\">The cost over the "
                        "checkpoint interval: saving every %s costs %s", id, a, b);
    if (res->best_interval_min > 0) {
        fmt_interval(res->best_interval_min, c, sizeof c);
        fmt_interval(g->daly_min, d, sizeof d);
        fmt_money(res->best_cost, e, sizeof e);
        emu_out_printf(out, "; the least, %s, is at Young's interval of %s (Daly's estimate: %s)", e, c, d);
    } else {
        emu_out_printf(out, "; without failures or without save time there is no best interval");
    }
    emu_out_printf(out, ".</figcaption>");
    plot_svg(in, res, id, out);
    emu_out_printf(out, "</figure><details class=\"cost-data\"><summary>The plot's figures as a "
                        "table</summary><div class=\"cost-table-wrap\" role=\"region\" tabindex=\"0\" "
                        "aria-label=\"The cost at each checkpoint interval\"><table class=\"cost-table\">"
                        "<thead><tr><th scope=\"col\">Interval</th><th scope=\"col\">Goodput</th>"
                        "<th scope=\"col\">Time to completion</th><th scope=\"col\">Cost</th></tr></thead><tbody>");
    static const double shown[] = {5, 10, 15, 30, 60, 120, 240, 480};
    for (size_t k = 0; k < sizeof shown / sizeof shown[0]; k++) {
        emu_goodput gk;
        goodput_at(in, shown[k], &gk);
        fmt_interval(shown[k], a, sizeof a);
        fmt_days(gk.goodput > 0 ? res->ideal_days / gk.goodput : INFINITY, b, sizeof b);
        fmt_money(cost_at(in, res, shown[k]), c, sizeof c);
        emu_out_printf(out, "<tr><th scope=\"row\">%s</th><td>%.1f%%</td><td>%s</td><td>%s</td></tr>",
                       a, gk.goodput * 100, b, c);
    }
    emu_out_printf(out, "</tbody></table></div></details>");
}

void emu_cost_kv(const emu_cost_in *in, const emu_cost_out *res, emu_out *out)
{
    const emu_goodput *g = &res->goodput;
    emu_out_printf(out,
                   "gpus=%d\nnodes=%d\ndp=%d\nstep_ms=%.6f\ncompute_ms=%.6f\nallreduce_ms=%.6f\n"
                   "optimizer_ms=%.6f\ntokens_per_step=%.0f\ntokens_per_s=%.3f\nmfu=%.6f\n"
                   "ideal_days=%.6f\nmtbf_min=%.6f\nsaves_per_day=%.6f\nlost_work_min_per_day=%.6f\n"
                   "lost_restart_min_per_day=%.6f\nlost_save_min_per_day=%.6f\nlost_min_per_day=%.6f\n"
                   "goodput=%.6f\ndays=%.6f\ngpu_hours=%.3f\ncost=%.3f\nyoung_min=%.6f\ndaly_min=%.6f\n"
                   "best_days=%.6f\nbest_cost=%.3f\n",
                   in->gpus, res->nodes, res->dp, res->step_ms, res->compute_ms, res->allreduce_ms,
                   res->optimizer_ms, res->tokens_per_step, res->tokens_per_s, res->mfu,
                   res->ideal_days, g->mtbf_min, g->saves_per_day, g->lost_work_min_per_day,
                   g->lost_restart_min_per_day, g->lost_save_min_per_day, g->lost_min_per_day,
                   g->goodput, res->days, res->gpu_hours, res->cost, g->young_min, g->daly_min,
                   res->best_days, res->best_cost);
}

int emu_cost_run(const char *params, size_t len, int html, const char *id, emu_out *out)
{
    emu_cost_in in;
    emu_cost_out res;
    char error[256];
    emu_cost_defaults(&in);
    if (emu_cost_parse(params, len, &in, error, sizeof error) != 0 ||
        emu_cost_compute(&in, &res, error, sizeof error) != 0) {
        emu_out_printf(out, "%s", error);
        return -1;
    }
    if (html)
        emu_cost_html(&in, &res, id && *id ? id : "cost", out);
    else
        emu_cost_kv(&in, &res, out);
    return 0;
}
