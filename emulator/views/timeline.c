/* timeline.c: the step timeline (timeline.h) as text and as HTML with an inline SVG, both from
 * the same rows (which rank each row shows in each step), the same axis (where each moment
 * falls, long saves and waits shortened) and the same sentences. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "out.h"
#include "timeline.h"
#include "model/job.h"
#include "model/rng.h"

/* ---- rows --------------------------------------------------------------------------------- */

typedef struct tl_row {
    int node;                       /* node index */
    int rank;                       /* a rank row's rank, -1 for a node row */
    int first_rank, n_ranks;        /* a node row's ranks */
    int shown[EMU_STEPS_MAX];       /* the rank whose phases the row shows in each step */
} tl_row;

typedef struct tl_rows {
    int n;
    bool per_node;
    tl_row *row;                    /* n of them */
    int critical[EMU_STEPS_MAX];    /* the row of each step's last rank */
    bool shape_only;                /* emu_timeline_opts.shape_only: mark no row as the last */
} tl_rows;

static double arrival_ms(const emu_steps *s, int i, int r)
{
    return emu_steps_phase_ms(s, i, r, EMU_PHASE_INPUT_WAIT) +
           emu_steps_phase_ms(s, i, r, EMU_PHASE_FORWARD) +
           emu_steps_phase_ms(s, i, r, EMU_PHASE_BACKWARD);
}

/* Whether rank r should stand for its node in step i: it arrived later than the one chosen, or
 * it is the rank that stopped the run. */
static bool stands_for_node(const emu_steps *s, int i, int r, int chosen)
{
    const emu_step_span *sp = &s->spans[i];
    if (sp->stopped)
        return r == sp->last_rank || (chosen != sp->last_rank && arrival_ms(s, i, r) > arrival_ms(s, i, chosen));
    return arrival_ms(s, i, r) > arrival_ms(s, i, chosen);
}

static int rows_make(const emu_world *w, const emu_steps *s, emu_timeline_rows mode, tl_rows *rows)
{
    const emu_job *j = &w->job;
    memset(rows, 0, sizeof *rows);
    rows->per_node = mode == EMU_TIMELINE_ROWS_NODES ||
                     (mode == EMU_TIMELINE_ROWS_AUTO && s->world_size > EMU_TIMELINE_RANK_ROWS_MAX);
    int n = rows->per_node ? j->n_nodes : s->world_size;
    rows->row = calloc((size_t)(n > 0 ? n : 1), sizeof *rows->row);
    if (!rows->row)
        return -1;
    rows->n = n;
    for (int k = 0; k < n; k++) {
        tl_row *row = &rows->row[k];
        if (!rows->per_node) {
            row->rank = k;
            row->node = j->ranks[k].node;
            row->first_rank = k;
            row->n_ranks = 1;
            for (int i = 0; i < s->n_steps; i++)
                row->shown[i] = k;
            continue;
        }
        row->rank = -1;
        row->node = j->nodes[k];
        row->first_rank = -1;
        for (int r = 0; r < s->world_size; r++) {
            if (j->ranks[r].node != row->node)
                continue;
            if (row->first_rank < 0)
                row->first_rank = r;
            row->n_ranks++;
            for (int i = 0; i < s->n_steps; i++)
                if (row->n_ranks == 1 || stands_for_node(s, i, r, row->shown[i]))
                    row->shown[i] = r;
        }
    }
    for (int i = 0; i < s->n_steps; i++) {
        int last = s->spans[i].last_rank;
        for (int k = 0; k < n; k++)
            if (rows->row[k].shown[i] == last)
                rows->critical[i] = k;
    }
    return 0;
}

static void put_escaped(emu_out *out, const char *text)
{
    for (const char *p = text; *p; p++) {
        switch (*p) {
        case '<': emu_out_write(out, "&lt;", 4); break;
        case '>': emu_out_write(out, "&gt;", 4); break;
        case '&': emu_out_write(out, "&amp;", 5); break;
        case '"': emu_out_write(out, "&quot;", 6); break;
        default: emu_out_write(out, p, 1);
        }
    }
}

/* ---- words ---------------------------------------------------------------------------------- */

/* A duration as people read it: "0.42 ms", "38.5 ms", "3120 ms", and past a minute "598 s". */
static void fmt_unit(double v, int decimals, const char *unit, char *buf, size_t size)
{
    char text[48]; /* snprintf(buf, size, "%.*f%s", decimals, v, unit), cut as snprintf cuts */
    size_t n = emu_format_fixed(text, v, decimals);
    snprintf(text + n, sizeof text - n, "%s", unit);
    size_t len = strlen(text);
    if (!size)
        return;
    if (len >= size)
        len = size - 1;
    memcpy(buf, text, len);
    buf[len] = '\0';
}

static void fmt_ms(double ms, char *buf, size_t size)
{
    if (ms < 10)
        fmt_unit(ms, 2, " ms", buf, size);
    else if (ms < 1000)
        fmt_unit(ms, 1, " ms", buf, size);
    else if (ms < 60000)
        fmt_unit(ms, 0, " ms", buf, size);
    else
        fmt_unit(ms / 1000, 0, " s", buf, size);
}

/* Writes a string literal (the SVG's fixed parts, between its numbers). */
#define OUT_LIT(out, text) emu_out_write((out), (text), sizeof(text) - 1)

/* A long duration in seconds: "49.1 s", "598 s". */
static void fmt_s(double ms, char *buf, size_t size)
{
    if (ms < 100000)
        snprintf(buf, size, "%.1f s", ms / 1000);
    else
        snprintf(buf, size, "%.0f s", ms / 1000);
}

static void rank_where(const emu_world *w, int r, char *buf, size_t size)
{
    const emu_rank_loc *loc = &w->job.ranks[r];
    snprintf(buf, size, "rank %d on %s GPU %d", r, w->nodes[loc->node].name, loc->gpu);
}

static bool kind_present(const emu_steps *s, int k)
{
    for (int i = 0; i < s->n_steps; i++)
        for (int r = 0; r < s->world_size; r++)
            if (emu_steps_phase_ms(s, i, r, (emu_phase_kind)k) > 0)
                return true;
    return false;
}

/* "input wait 61%, forward 10%, ...": the share of all ranks' time each kind took, over every
 * step, for the kinds that took any. */
static void shares_sentence(const emu_steps *s, emu_out *out)
{
    double total = emu_steps_total_ms(s) * s->world_size;
    const char *sep = "";
    for (int k = 0; k < EMU_PHASE_KINDS; k++) {
        double sum = 0;
        for (int i = 0; i < s->n_steps; i++)
            for (int r = 0; r < s->world_size; r++)
                sum += emu_steps_phase_ms(s, i, r, (emu_phase_kind)k);
        if (sum <= 0 || total <= 0)
            continue;
        double pct = sum / total * 100;
        if (pct < 0.5)
            emu_out_printf(out, "%s%s under 1%%", sep, emu_phase_name((emu_phase_kind)k));
        else
            emu_out_printf(out, "%s%s %.0f%%", sep, emu_phase_name((emu_phase_kind)k), pct);
        sep = ", ";
    }
}

/* The earliest arrival's wait for the last rank in step i: how far apart the ranks arrived. */
static double spread_ms(const emu_steps *s, int i)
{
    double most = 0;
    for (int r = 0; r < s->world_size; r++) {
        double v = emu_steps_phase_ms(s, i, r, EMU_PHASE_SYNC_WAIT);
        most = v > most ? v : most;
    }
    return most;
}

/* Whether the ranks waited for one of them: the spread is more than 5% of the step. */
static bool waited_for_one(const emu_steps *s, int i)
{
    return !s->spans[i].stopped && s->world_size > 1 && spread_ms(s, i) > 0.05 * s->spans[i].step_ms;
}

/* "job 48213 (pretrain-7b): 16 ranks on 2 nodes, steps 5227 to 5229, from ... UTC"; html: the
 * job's name (the scenario's text) escaped. */
static void job_line(const emu_world *w, const emu_steps *s, bool html, emu_out *out)
{
    const emu_job *j = &w->job;
    char at[40];
    emu_format_utc(s->first_start_s, "%Y-%m-%d %H:%M:%S", at, sizeof at);
    long first = s->spans[0].step, last = s->spans[s->n_steps - 1].step;
    emu_out_printf(out, "job %d (", j->id);
    if (html)
        put_escaped(out, j->name);
    else
        emu_out_printf(out, "%s", j->name);
    emu_out_printf(out, "): %d rank%s on %d node%s, ", j->world_size, j->world_size == 1 ? "" : "s",
                   j->n_nodes, j->n_nodes == 1 ? "" : "s");
    if (first == last)
        emu_out_printf(out, "step %ld, from %s UTC", first, at);
    else
        emu_out_printf(out, "steps %ld to %ld, from %s UTC", first, last, at);
}

/* The start of the culprit's no-progress phase in the stopped step i (ms into the step). */
static double stalled_after_ms(const emu_steps *s, int i)
{
    const emu_step_span *sp = &s->spans[i];
    emu_phase_kind then = s->stop.cause == EMU_STOP_SLOW_SAVE ? EMU_PHASE_CHECKPOINT : EMU_PHASE_STALLED;
    return emu_steps_phase_start_ms(s, i, sp->last_rank, then) - sp->start_ms;
}

/* One step in words, without a final full stop: who the step waited for, and for a stopped
 * step what stopped and how the job ends. */
static void step_sentence(const emu_world *w, const emu_steps *s, int i, bool name, emu_out *out)
{
    char who[64], a[24], b[24];
    const emu_step_span *sp = &s->spans[i];
    if (name)
        rank_where(w, sp->last_rank, who, sizeof who);
    else
        snprintf(who, sizeof who, "%s", sp->stopped && s->stop.cause == EMU_STOP_SLOW_SAVE ? "rank 0" : "one rank");
    if (sp->stopped) {
        const emu_run_stop *stop = &s->stop;
        fmt_ms(stalled_after_ms(s, i), a, sizeof a);
        fmt_s(sp->step_ms - stalled_after_ms(s, i), b, sizeof b);
        if (stop->cause == EMU_STOP_SLOW_SAVE)
            emu_out_printf(out, "%s saves the checkpoint alone after the step and the others wait "
                                "for it %s", who, b);
        else if (!name)
            emu_out_printf(out, "%s stop%s %s into the step; the other ranks wait in the "
                                "all-reduce, %s after that", stop->rank < 0 ? "one node's ranks" : who,
                           stop->rank < 0 ? "" : "s", a, b);
        else if (stop->rank < 0)
            emu_out_printf(out, "%s's ranks stop %s into the step (%s); the other ranks wait in "
                                "the all-reduce, %s after that", w->nodes[stop->node].name, a,
                           emu_steps_stop_reason(stop->cause), b);
        else
            emu_out_printf(out, "%s makes no progress after %s (%s); the other ranks wait in the "
                                "all-reduce, %s after that", who, a,
                           emu_steps_stop_reason(stop->cause), b);
        char when[24];
        emu_format_utc(stop->end_s, "%H:%M:%S", when, sizeof when);
        if (s->ended)
            emu_out_printf(out, ", until %s ends the job at %s UTC",
                           emu_steps_end_reason(stop->end), when);
        else
            emu_out_printf(out, " so far; %s ends the job at %s UTC",
                           emu_steps_end_reason(stop->end), when);
        return;
    }
    fmt_ms(spread_ms(s, i), a, sizeof a);
    if (s->world_size == 1)
        emu_out_printf(out, "one rank, nobody to wait for");
    else if (waited_for_one(s, i) && name)
        emu_out_printf(out, "the other ranks wait up to %s for %s", a, who);
    else if (waited_for_one(s, i))
        emu_out_printf(out, "the other ranks wait up to %s for the last to arrive", a);
    else if (name)
        emu_out_printf(out, "the ranks arrive within %s of each other (the last: %s)", a, who);
    else
        emu_out_printf(out, "the ranks arrive within %s of each other", a);
}

/* What became of a save that failed (emu_step_span.save_failed), after "the checkpoint save":
 * ENOSPC, train.log's error, in the second the save began. */
static void save_failure(const emu_world *w, emu_out *out)
{
    const char *dir = w->job.checkpoint_mount >= 0 ? w->mounts[w->job.checkpoint_mount].target : "";
    emu_out_printf(out, "fails at once (No space left on device on %s) and blocks nothing", dir);
}

/* The critical path of step i in words: the last rank's phases, then the all-reduce, the
 * optimizer and the save. */
static void critical_sentence(const emu_world *w, const emu_steps *s, int i, bool name, emu_out *out)
{
    const emu_step_span *sp = &s->spans[i];
    int r = sp->last_rank;
    char iw[24], fw[24], bw[24], ar[24], op[24], sv[24], who[64];
    fmt_ms(emu_steps_phase_ms(s, i, r, EMU_PHASE_INPUT_WAIT), iw, sizeof iw);
    fmt_ms(emu_steps_phase_ms(s, i, r, EMU_PHASE_FORWARD), fw, sizeof fw);
    fmt_ms(emu_steps_phase_ms(s, i, r, EMU_PHASE_BACKWARD), bw, sizeof bw);
    fmt_ms(emu_steps_phase_ms(s, i, r, EMU_PHASE_ALLREDUCE), ar, sizeof ar);
    fmt_ms(emu_steps_phase_ms(s, i, r, EMU_PHASE_OPTIMIZER), op, sizeof op);
    if (sp->save_ms >= 10000)
        fmt_s(sp->save_ms, sv, sizeof sv);
    else
        fmt_ms(sp->save_ms, sv, sizeof sv);
    if (name)
        rank_where(w, r, who, sizeof who);
    else
        snprintf(who, sizeof who, "the last rank");
    emu_out_printf(out, "Critical path: %s waits %s for its batch, computes forward in %s and "
                        "backward in %s; then the all-reduce transfers in %s and the optimizer "
                        "takes %s", who, iw, fw, bw, ar, op);
    if (sp->save_ms > 0)
        emu_out_printf(out, "; then the checkpoint save takes %s (%s)", sv,
                       sp->save_rank0_only ? "rank 0 writes it, the others wait"
                                           : "every node writes its share");
    else if (sp->save_failed) {
        emu_out_printf(out, "; then the checkpoint save ");
        save_failure(w, out);
    }
}

/* ---- the axis: where each moment of the steps falls ------------------------------------------- */

/* A piece of the axis: real ms0..ms1 drawn over v0..v1 (ms of the axis). A broken piece (a long
 * save, the wait of a stopped run) is drawn shorter than it lasted. */
typedef struct tl_piece {
    double ms0, ms1, v0, v1;
    bool broken;
} tl_piece;

typedef struct tl_axis {
    int n;
    tl_piece p[3 * EMU_STEPS_MAX];
    double v_total;
} tl_axis;

static void axis_add(tl_axis *a, double ms0, double ms1, bool broken, double short_ms)
{
    if (ms1 <= ms0 || a->n >= (int)(sizeof a->p / sizeof a->p[0]))
        return;
    tl_piece *p = &a->p[a->n++];
    p->ms0 = ms0;
    p->ms1 = ms1;
    p->broken = broken;
    p->v0 = a->v_total;
    a->v_total += broken ? short_ms : ms1 - ms0;
    p->v1 = a->v_total;
}

static void axis_make(const emu_world *w, const emu_steps *s, tl_axis *a)
{
    memset(a, 0, sizeof *a);
    double nominal = w->job.nominal_step_ms > 0 ? w->job.nominal_step_ms : 1000;
    double cap = 4 * nominal, short_ms = 0.6 * nominal;
    for (int i = 0; i < s->n_steps; i++) {
        const emu_step_span *sp = &s->spans[i];
        double t0 = sp->start_ms, t1 = t0 + sp->step_ms;
        if (sp->stopped) {
            /* to scale until the last rank settles into its wait, and a little of the wait */
            double head = 0;
            for (int r = 0; r < s->world_size; r++) {
                double got = 0, last = 0;
                for (int k = 0; k < EMU_PHASE_KINDS; k++) {
                    double d = emu_steps_phase_ms(s, i, r, (emu_phase_kind)k);
                    if (d > 0) {
                        got += last;
                        last = d;
                    }
                }
                head = fmax(head, got);
            }
            head = fmin(sp->step_ms, head + 0.25 * nominal);
            if (sp->step_ms - head > cap) {
                axis_add(a, t0, t0 + head, false, short_ms);
                axis_add(a, t0 + head, t1, true, short_ms);
            } else {
                axis_add(a, t0, t1, false, short_ms);
            }
            continue;
        }
        axis_add(a, t0, t1, false, short_ms);
        if (sp->save_ms > 0)
            axis_add(a, t1, t1 + sp->save_ms, sp->save_ms > cap, short_ms);
    }
}

/* Where real time ms (from the first step's start) falls on the axis. */
static double axis_v(const tl_axis *a, double ms)
{
    for (int k = 0; k < a->n; k++) {
        const tl_piece *p = &a->p[k];
        if (ms <= p->ms1 || k == a->n - 1) {
            double f = (ms - p->ms0) / (p->ms1 - p->ms0);
            f = f < 0 ? 0 : f > 1 ? 1 : f;
            return p->v0 + f * (p->v1 - p->v0);
        }
    }
    return 0;
}

double emu_timeline_span_ms(const emu_world *w, const emu_steps *s)
{
    tl_axis a;
    axis_make(w, s, &a);
    return a.v_total;
}

/* The span (step) of piece p: the step whose start..end holds its middle. */
static int piece_span(const emu_steps *s, const tl_piece *p)
{
    double mid = (p->ms0 + p->ms1) / 2;
    for (int i = 0; i < s->n_steps; i++)
        if (mid < s->spans[i].start_ms + s->spans[i].step_ms + s->spans[i].save_ms)
            return i;
    return s->n_steps - 1;
}

/* ---- text ------------------------------------------------------------------------------------ */

#define TL_COLUMNS 64

/* The smallest of 1, 2, 5 x 10^k ms per column that fits total_ms in TL_COLUMNS columns. */
static double column_ms(double total_ms)
{
    double want = total_ms / TL_COLUMNS;
    double scale = 1;
    while (scale * 10 <= want)
        scale *= 10;
    while (scale > want && scale > 1e-3)
        scale /= 10;
    static const double steps[] = {1, 2, 5, 10};
    for (size_t k = 0; k < sizeof steps / sizeof steps[0]; k++)
        if (scale * steps[k] >= want)
            return scale * steps[k];
    return scale * 10;
}

static int col_of(double v, double per_col)
{
    return (int)floor(v / per_col + 0.5);
}

/* Spreads a piece's columns over one row's phases in proportion to their time in it, every
 * phase of at least 1% of it at least one column wide (so the all-reduce and the optimizer
 * show at any scale), the rest by largest remainder. cols[k] receives each width. */
static void piece_columns(const double d[EMU_PHASE_KINDS], double piece_ms, int target,
                          int cols[EMU_PHASE_KINDS])
{
    double exact[EMU_PHASE_KINDS];
    int sum = 0;
    for (int k = 0; k < EMU_PHASE_KINDS; k++) {
        exact[k] = piece_ms > 0 ? d[k] / piece_ms * target : 0;
        cols[k] = (int)floor(exact[k]);
        if (cols[k] == 0 && piece_ms > 0 && d[k] >= 0.01 * piece_ms)
            cols[k] = 1;
        sum += cols[k];
    }
    while (sum > target) { /* take from the widest */
        int widest = 0;
        for (int k = 1; k < EMU_PHASE_KINDS; k++)
            if (cols[k] > cols[widest])
                widest = k;
        if (cols[widest] <= 1)
            break;
        cols[widest]--;
        sum--;
    }
    while (sum < target) { /* give to the largest remainder */
        int best = -1;
        double most = -1;
        for (int k = 0; k < EMU_PHASE_KINDS; k++) {
            double rest = exact[k] - cols[k];
            if (d[k] > 0 && rest > most) {
                most = rest;
                best = k;
            }
        }
        if (best < 0)
            break;
        cols[best]++;
        sum++;
    }
}

/* The time rank r spends in each kind of phase within real ms0..ms1 of step i. */
static void phases_within(const emu_steps *s, int i, int r, double ms0, double ms1,
                          double d[EMU_PHASE_KINDS])
{
    double at = s->spans[i].start_ms;
    for (int k = 0; k < EMU_PHASE_KINDS; k++) {
        double len = emu_steps_phase_ms(s, i, r, (emu_phase_kind)k);
        d[k] = fmax(0, fmin(at + len, ms1) - fmax(at, ms0));
        at += len;
    }
}

/* Writes text wrapped at TL_WRAP columns, continuation lines indented by two spaces. */
#define TL_WRAP 88
static void put_wrapped(emu_out *out, const char *text)
{
    const char *p = text;
    int indent = 0;
    while (*p) {
        int room = TL_WRAP - indent;
        size_t len = strlen(p);
        size_t cut = len;
        if ((int)len > room) {
            cut = (size_t)room;
            while (cut > 0 && p[cut] != ' ')
                cut--;
            if (cut == 0)
                cut = (size_t)room;
        }
        emu_out_printf(out, "%*s%.*s\n", indent, "", (int)cut, p);
        p += cut;
        while (*p == ' ')
            p++;
        indent = 2;
    }
}

void emu_timeline_text(const emu_world *w, const emu_steps *s, const emu_timeline_opts *opts,
                       emu_out *out)
{
    tl_rows rows;
    if (s->n_steps < 1 || rows_make(w, s, opts->rows, &rows) != 0)
        return;
    rows.shape_only = opts->shape_only;
    tl_axis axis;
    axis_make(w, s, &axis);
    double per_col = column_ms(axis.v_total);
    int width = col_of(axis.v_total, per_col);
    if (width > TL_COLUMNS)
        width = TL_COLUMNS;
    bool broken = false;
    for (int k = 0; k < axis.n; k++)
        broken |= axis.p[k].broken;
    emu_out text;
    emu_out_init(&text, 0);
    emu_out_printf(&text, "Step timeline of ");
    job_line(w, s, false, &text);
    emu_out_printf(&text, ". One column is %g ms; every phase of at least 1%% of its step is at "
                          "least one column wide%s.", per_col,
                   broken ? "; ~ marks a stretch drawn shorter than it lasted" : "");
    put_wrapped(out, emu_out_text(&text));
    emu_out_printf(out, "\n");
    char line[TL_COLUMNS + 1];
    /* the step boundaries (| and the step number where it fits) and the shortened stretches */
    memset(line, ' ', TL_COLUMNS);
    line[width] = '\0';
    for (int i = 0; i < s->n_steps; i++) {
        int c = col_of(axis_v(&axis, s->spans[i].start_ms), per_col);
        char num[24];
        snprintf(num, sizeof num, "|%ld", s->spans[i].step);
        for (int k = 0; num[k] && c + k < width && (k == 0 || line[c + k] == ' '); k++)
            line[c + k] = num[k];
    }
    for (int k = 0; k < axis.n; k++) {
        if (!axis.p[k].broken)
            continue;
        int c0 = col_of(axis.p[k].v0, per_col), c1 = col_of(axis.p[k].v1, per_col);
        char len[24];
        fmt_s(axis.p[k].ms1 - axis.p[k].ms0, len, sizeof len);
        char mark[32];
        snprintf(mark, sizeof mark, "~%s~", len);
        if ((int)strlen(mark) > c1 - c0) /* one mark where two do not fit */
            snprintf(mark, sizeof mark, "%s~", len);
        int n = (int)strlen(mark);
        int at = c1 - c0 >= n ? c0 + (c1 - c0 - n) / 2 : c1 - n;
        /* a length wider than its stretch starts earlier, over blanks before it */
        for (bool blank = false; at < c0 && !blank; at += !blank) {
            blank = at >= 1; /* a blank kept after the step's number */
            for (int c = at - 1; blank && c < c0; c++)
                blank = line[c] == ' ';
        }
        for (int c = c0; c < c1 && c < width; c++)
            line[c] = '~';
        for (int m = 0; m < n && at + m < c1 && at + m < width; m++)
            line[at + m] = mark[m];
    }
    emu_out_printf(out, "%-15s %s\n", rows.per_node ? "node (ranks)" : "rank node:gpu", line);
    for (int k = 0; k < rows.n; k++) {
        const tl_row *row = &rows.row[k];
        char label[40];
        if (rows.per_node)
            snprintf(label, sizeof label, "%s (%d-%d)", w->nodes[row->node].name, row->first_rank,
                     row->first_rank + row->n_ranks - 1);
        else
            snprintf(label, sizeof label, "%4d %s:%d", row->rank, w->nodes[row->node].name,
                     w->job.ranks[row->rank].gpu);
        memset(line, ' ', TL_COLUMNS);
        line[width] = '\0';
        for (int p = 0; p < axis.n; p++) {
            const tl_piece *pc = &axis.p[p];
            int i = piece_span(s, pc);
            int c = col_of(pc->v0, per_col), end = col_of(pc->v1, per_col);
            double d[EMU_PHASE_KINDS];
            int cols[EMU_PHASE_KINDS];
            phases_within(s, i, row->shown[i], pc->ms0, pc->ms1, d);
            piece_columns(d, pc->ms1 - pc->ms0, end - c, cols);
            for (int kind = 0; kind < EMU_PHASE_KINDS; kind++)
                for (int n = 0; n < cols[kind] && c < width; n++)
                    line[c++] = emu_phase_letter((emu_phase_kind)kind);
        }
        int critical = 0;
        bool stopper = false;
        for (int i = 0; i < s->n_steps; i++) {
            critical += rows.critical[i] == k && waited_for_one(s, i);
            stopper |= s->spans[i].stopped && rows.critical[i] == k;
        }
        emu_out_printf(out, "%-15s %s", label, line);
        if (opts->shape_only)
            ; /* the shape only: the reader finds the row the others wait for */
        else if (stopper)
            emu_out_printf(out, " < stopped the run");
        else if (critical)
            emu_out_printf(out, " < last in %d of %d", critical, s->n_steps);
        emu_out_printf(out, "\n");
    }
    emu_out_printf(out, "\n");
    int listed = 0;
    for (int kind = 0; kind < EMU_PHASE_KINDS; kind++) {
        if (!kind_present(s, kind))
            continue;
        emu_out_printf(out, "%s%c %s", !listed ? "" : listed % 4 == 0 ? "\n" : "  ",
                       emu_phase_letter((emu_phase_kind)kind), emu_phase_name((emu_phase_kind)kind));
        listed++;
    }
    emu_out_printf(out, "\n%s", rows.per_node ? "Each node's row shows its rank that arrived last "
                                                "in that step.\n" : "");
    emu_out_reset(&text);
    emu_out_printf(&text, "Where the ranks' time went: ");
    shares_sentence(s, &text);
    emu_out_printf(&text, ".");
    emu_out_printf(out, "\n");
    put_wrapped(out, emu_out_text(&text));
    for (int i = 0; i < s->n_steps; i++) {
        const emu_step_span *sp = &s->spans[i];
        char t[24];
        fmt_ms(sp->step_ms, t, sizeof t);
        emu_out_reset(&text);
        if (sp->stopped)
            emu_out_printf(&text, "Step %ld stopped the run: ", sp->step);
        else
            emu_out_printf(&text, "Step %ld, %s: ", sp->step, t);
        step_sentence(w, s, i, !opts->shape_only, &text);
        emu_out_printf(&text, ".");
        if (!sp->stopped) {
            emu_out_printf(&text, " ");
            critical_sentence(w, s, i, !opts->shape_only, &text);
            emu_out_printf(&text, ".");
        }
        put_wrapped(out, emu_out_text(&text));
    }
    emu_out_free(&text);
    free(rows.row);
}

/* ---- HTML ------------------------------------------------------------------------------------- */

/* The SVG's geometry, in its own units (the viewBox): the label column, the plot, the rows. */
#define SVG_W 760.0
#define SVG_LABEL_W 132.0
#define SVG_PLOT_X (SVG_LABEL_W + 6)
#define SVG_PLOT_W (SVG_W - SVG_PLOT_X - 10)
#define SVG_TOP 26.0
#define SVG_ROW_H 14.0
#define SVG_ROW_PITCH 18.0

/* Patterns: each kind a colour (timeline.css) and a texture, so that the kinds differ without
 * colour too (WCAG 1.4.1): input wait diagonal hatch, forward plain, backward dots, waiting
 * back-diagonal hatch, all-reduce vertical lines, optimizer horizontal lines, save cross-hatch,
 * no progress a dense grid. */
static void svg_patterns(const char *id, emu_out *out)
{
    static const char *const marks[EMU_PHASE_KINDS] = {
        "<path d=\"M-1 1l2-2M0 6l6-6M5 7l2-2\"/>",
        "",
        "<circle cx=\"1.5\" cy=\"1.5\" r=\"1\"/><circle cx=\"4.5\" cy=\"4.5\" r=\"1\"/>",
        "<path d=\"M-1 5l2 2M0 0l6 6M5-1l2 2\"/>",
        "<path d=\"M1.5 0v6M4.5 0v6\"/>",
        "<path d=\"M0 1.5h6M0 4.5h6\"/>",
        "<path d=\"M0 0l6 6M6 0l-6 6\"/>",
        "<path d=\"M0 1.5h6M0 4.5h6M1.5 0v6M4.5 0v6\"/>",
    };
    emu_out_printf(out, "<defs>");
    for (int k = 0; k < EMU_PHASE_KINDS; k++)
        emu_out_printf(out,
                       "<pattern id=\"%s-p%d\" width=\"6\" height=\"6\" "
                       "patternUnits=\"userSpaceOnUse\"><rect class=\"tl-bg%d\" width=\"6\" "
                       "height=\"6\"/><g class=\"tl-fg\">%s</g></pattern>",
                       id, k, k, marks[k]);
    emu_out_printf(out, "</defs>");
}

typedef struct tl_plot {
    const tl_axis *axis;
    double scale;                   /* axis ms the plot's width stands for */
} tl_plot;

static double x_of(const tl_plot *pl, double ms)
{
    double v = axis_v(pl->axis, ms);
    return SVG_PLOT_X + (pl->scale > 0 ? v / pl->scale * SVG_PLOT_W : 0);
}

/* Whether an axis label at x would run into a break's "49.0 s, drawn shorter" label, centred
 * on the break in the same line (about 120 units wide at 11 px). */
static bool near_break(const tl_plot *pl, double x)
{
    const tl_axis *a = pl->axis;
    for (int k = 0; k < a->n; k++) {
        double bx = SVG_PLOT_X + (a->p[k].v0 + a->p[k].v1) / 2 / pl->scale * SVG_PLOT_W;
        bx = fmin(fmax(bx, SVG_PLOT_X + 60), SVG_W - 62); /* where svg_breaks puts it */
        if (a->p[k].broken && fabs(x - bx) < 75)
            return true;
    }
    return false;
}

/* Round tick spacing in ms: about six ticks over the parts drawn to scale. */
static double tick_ms(const tl_axis *a)
{
    double linear = 0;
    for (int k = 0; k < a->n; k++)
        if (!a->p[k].broken)
            linear += a->p[k].ms1 - a->p[k].ms0;
    double want = linear / 6;
    double scale = 1;
    while (scale * 10 <= want)
        scale *= 10;
    while (scale > want && scale > 1e-3)
        scale /= 10;
    if (scale * 5 <= want)
        return scale * 5;
    if (scale * 2 <= want)
        return scale * 2;
    return scale;
}

static void row_label(const emu_world *w, const tl_rows *rows, int k, char *buf, size_t size)
{
    const tl_row *row = &rows->row[k];
    if (rows->per_node)
        snprintf(buf, size, "%s, ranks %d-%d", w->nodes[row->node].name, row->first_rank,
                 row->first_rank + row->n_ranks - 1);
    else
        snprintf(buf, size, "rank %d, %s GPU %d", row->rank, w->nodes[row->node].name,
                 w->job.ranks[row->rank].gpu);
}

static void svg_axis(const emu_steps *s, const tl_plot *pl, double rows_end, emu_out *out)
{
    const tl_axis *a = pl->axis;
    double total = emu_steps_total_ms(s);
    emu_out_printf(out, "<g class=\"tl-steps\">");
    for (int i = 0; i < s->n_steps; i++) {
        double x = x_of(pl, s->spans[i].start_ms);
        emu_out_printf(out, "<path class=\"tl-boundary\" d=\"M%.1f %.1fV%.1f\"/>"
                            "<text x=\"%.1f\" y=\"12\">step %ld</text>",
                       x, SVG_TOP - 10, rows_end, x + 3, s->spans[i].step);
    }
    emu_out_printf(out, "<path class=\"tl-boundary\" d=\"M%.1f %.1fV%.1f\"/></g>",
                   x_of(pl, total), SVG_TOP - 10, rows_end);
    double tick = tick_ms(a);
    emu_out_printf(out, "<g class=\"tl-axis\"><path d=\"M%.1f %.1fH%.1f\"/>", SVG_PLOT_X,
                   rows_end + 2, x_of(pl, total));
    double last_x = -100;
    for (int k = 0; k < a->n; k++) {
        if (a->p[k].broken)
            continue;
        for (double t = ceil(a->p[k].ms0 / tick - 1e-9) * tick; t <= a->p[k].ms1 + 1e-9; t += tick) {
            double x = x_of(pl, t);
            if (x - last_x < 24 || near_break(pl, x))
                continue;
            last_x = x;
            double label_s = t / 1000 + 0.0; /* ceil() of a tiny negative gives -0 */
            emu_out_printf(out, "<path d=\"M%.1f %.1fv4\"/><text x=\"%.1f\" y=\"%.1f\">%g s</text>",
                           x, rows_end + 2, x, rows_end + 17, label_s);
        }
    }
    emu_out_printf(out, "</g>");
}

/* The breaks of the axis: a slanted gap across the rows and the stretch's real length. */
static void svg_breaks(const tl_plot *pl, double rows_end, emu_out *out)
{
    const tl_axis *a = pl->axis;
    for (int k = 0; k < a->n; k++) {
        const tl_piece *p = &a->p[k];
        if (!p->broken)
            continue;
        double x = SVG_PLOT_X + (p->v0 + p->v1) / 2 / pl->scale * SVG_PLOT_W;
        double top = SVG_TOP - 4, bottom = rows_end + 2;
        char len[24];
        fmt_s(p->ms1 - p->ms0, len, sizeof len);
        /* the label, centred on the break, kept inside the drawing (about 120 units wide) */
        double label_x = fmin(fmax(x, SVG_PLOT_X + 60), SVG_W - 62);
        emu_out_printf(out,
                       "<g class=\"tl-break\"><path class=\"tl-break-gap\" d=\"M%.1f %.1fL%.1f "
                       "%.1fH%.1fL%.1f %.1fZ\"/><path class=\"tl-break-line\" d=\"M%.1f %.1fL%.1f "
                       "%.1fM%.1f %.1fL%.1f %.1f\"/><text x=\"%.1f\" y=\"%.1f\">%s, drawn "
                       "shorter</text></g>",
                       x - 5, top, x - 1, bottom, x + 5, x + 1, top, x - 5, top, x - 1, bottom,
                       x + 1, top, x + 5, bottom, label_x, rows_end + 17, len);
    }
}

static void svg_body(const emu_world *w, const emu_steps *s, const tl_rows *rows, const tl_plot *pl,
                     const char *id, emu_out *out)
{
    double rows_end = SVG_TOP + rows->n * SVG_ROW_PITCH;
    double height = rows_end + 30;
    emu_out_printf(out,
                   "<svg class=\"tl-svg\" viewBox=\"0 0 %.0f %.0f\" role=\"img\" "
                   "aria-labelledby=\"%s-cap\" xmlns=\"http://www.w3.org/2000/svg\">",
                   SVG_W, height, id);
    svg_patterns(id, out);
    svg_axis(s, pl, rows_end, out);
    emu_out_printf(out, "<g class=\"tl-rows\">");
    for (int k = 0; k < rows->n; k++) {
        double y = SVG_TOP + k * SVG_ROW_PITCH;
        char label[64];
        row_label(w, rows, k, label, sizeof label);
        emu_out_printf(out, "<text class=\"tl-label\" x=\"%.0f\" y=\"%.1f\">%s</text>",
                       SVG_LABEL_W, y + SVG_ROW_H - 3, label);
        for (int i = 0; i < s->n_steps; i++) {
            int r = rows->row[k].shown[i];
            char who[64];
            if (rows->per_node)
                snprintf(who, sizeof who, "%s's rank %d (the last of its %d)",
                         w->nodes[rows->row[k].node].name, r, rows->row[k].n_ranks);
            else
                snprintf(who, sizeof who, "rank %d", r);
            for (int kind = 0; kind < EMU_PHASE_KINDS; kind++) {
                double d = emu_steps_phase_ms(s, i, r, (emu_phase_kind)kind);
                if (d <= 0)
                    continue;
                double a = emu_steps_phase_start_ms(s, i, r, (emu_phase_kind)kind);
                double x0 = x_of(pl, a), x1 = x_of(pl, a + d);
                char dur[24], from[24];
                fmt_ms(d, dur, sizeof dur);
                fmt_ms(a - s->spans[i].start_ms, from, sizeof from);
                /* "<rect class="tl-seg" x="%.2f" y="%.1f" width="%.2f" height="%.0f"
                 * fill="url(#%s-p%d)"><title>%s, step %ld: %s %s, from %s into the
                 * step</title></rect>", written piece by piece: thousands of them at 64 nodes */
                OUT_LIT(out, "<rect class=\"tl-seg\" x=\"");
                emu_out_fixed(out, x0, 2);
                OUT_LIT(out, "\" y=\"");
                emu_out_fixed(out, y, 1);
                OUT_LIT(out, "\" width=\"");
                emu_out_fixed(out, x1 - x0 > 0.01 ? x1 - x0 : 0.01, 2);
                OUT_LIT(out, "\" height=\"");
                emu_out_fixed(out, SVG_ROW_H, 0);
                emu_out_printf(out, "\" fill=\"url(#%s-p%d)\"><title>%s, step %ld: %s %s, from %s into the "
                                    "step</title></rect>",
                               id, kind, who, s->spans[i].step, emu_phase_name((emu_phase_kind)kind), dur, from);
            }
        }
    }
    emu_out_printf(out, "</g>");
    svg_breaks(pl, rows_end, out);
    /* the critical path: under the last rank's row through each step, then down or up to the
     * next step's last rank (not in a drawing of the shape only) */
    if (!rows->shape_only)
        emu_out_printf(out, "<path class=\"tl-critical\" d=\"");
    for (int i = 0; i < s->n_steps && !rows->shape_only; i++) {
        const emu_step_span *sp = &s->spans[i];
        double y = SVG_TOP + rows->critical[i] * SVG_ROW_PITCH + SVG_ROW_H + 1.5;
        double x1 = x_of(pl, sp->start_ms + sp->step_ms + sp->save_ms);
        if (i)
            emu_out_printf(out, "V%.1fH%.2f", y, x1);
        else
            emu_out_printf(out, "M%.2f %.1fH%.2f", x_of(pl, sp->start_ms), y, x1);
    }
    if (!rows->shape_only)
        emu_out_printf(out, "\"/>");
    /* a stopped run: where the drawing ends, the job's end or the clock */
    if (s->n_steps && s->spans[s->n_steps - 1].stopped) {
        double x = x_of(pl, emu_steps_total_ms(s));
        emu_out_printf(out, "<path class=\"tl-end\" d=\"M%.1f %.1fV%.1f\"/><text class=\"tl-end-label\" "
                            "x=\"%.1f\" y=\"12\">%s</text>",
                       x, SVG_TOP - 10, rows_end, x - 3, s->ended ? "the job ends" : "now");
    }
    emu_out_printf(out, "</svg>");
}

static void html_legend(const char *id, const emu_steps *s, bool critical, emu_out *out)
{
    emu_out_printf(out, "<ul class=\"tl-legend\">");
    for (int k = 0; k < EMU_PHASE_KINDS; k++) {
        if (!kind_present(s, k))
            continue;
        emu_out_printf(out,
                       "<li><svg class=\"tl-swatch\" viewBox=\"0 0 18 12\" aria-hidden=\"true\">"
                       "<rect width=\"18\" height=\"12\" fill=\"url(#%s-p%d)\"/></svg>%s</li>",
                       id, k, emu_phase_name((emu_phase_kind)k));
    }
    if (critical)
        emu_out_printf(out, "<li><svg class=\"tl-swatch\" viewBox=\"0 0 18 12\" aria-hidden=\"true\">"
                            "<path class=\"tl-critical\" d=\"M0 9H18\"/></svg>critical path (the "
                            "rank the step waits for)</li>");
    emu_out_printf(out, "</ul>");
}

/* What tells this drawing from others in the page, for the names of its regions: " in job
 * 48213, steps 5227 to 5229", and its title's first words ("Healthy") when it has a title. */
static void html_which(const emu_world *w, const emu_steps *s, const char *title, emu_out *out)
{
    emu_out_printf(out, " in job %d, step%s %ld", w->job.id, s->n_steps > 1 ? "s" : "",
                   s->spans[0].step);
    if (s->n_steps > 1)
        emu_out_printf(out, " to %ld", s->spans[s->n_steps - 1].step);
    if (title && title[0]) {
        char head[64];
        snprintf(head, sizeof head, "%.*s", (int)strcspn(title, ":"), title);
        emu_out_printf(out, " (");
        put_escaped(out, head);
        emu_out_printf(out, ")");
    }
}

static void html_table(const emu_world *w, const emu_steps *s, const tl_rows *rows,
                       const char *id, const char *title, emu_out *out)
{
    bool kinds[EMU_PHASE_KINDS];
    for (int k = 0; k < EMU_PHASE_KINDS; k++)
        kinds[k] = kind_present(s, k);
    emu_out_printf(out,
                   "<details class=\"tl-data\"><summary>The same figures as a table</summary>"
                   "<div class=\"tl-table-wrap\" role=\"region\" tabindex=\"0\" "
                   "aria-labelledby=\"%s-tcap\"><table class=\"tl-table\"><caption id=\"%s-tcap\">"
                   "Each %s's phases",
                   id, id, rows->per_node ? "node" : "rank");
    html_which(w, s, title, out);
    emu_out_printf(out, ", in ms%s</caption>", rows->per_node ? " (each node's rank that arrived last)" : "");
    emu_out_printf(out, "<thead><tr><th scope=\"col\">Step</th><th scope=\"col\">%s</th>",
                   rows->per_node ? "Node (rank shown)" : "Rank");
    for (int k = 0; k < EMU_PHASE_KINDS; k++)
        if (kinds[k])
            emu_out_printf(out, "<th scope=\"col\">%s</th>", emu_phase_name((emu_phase_kind)k));
    emu_out_printf(out, "<th scope=\"col\">Step time</th></tr></thead><tbody>");
    for (int i = 0; i < s->n_steps; i++) {
        const emu_step_span *sp = &s->spans[i];
        for (int k = 0; k < rows->n; k++) {
            int r = rows->row[k].shown[i];
            char who[64];
            if (rows->per_node)
                snprintf(who, sizeof who, "%s (rank %d)", w->nodes[rows->row[k].node].name, r);
            else
                snprintf(who, sizeof who, "%d (%s GPU %d)", r, w->nodes[rows->row[k].node].name,
                         w->job.ranks[r].gpu);
            bool crit = rows->critical[i] == k && !rows->shape_only;
            emu_out_printf(out, "<tr%s><th scope=\"row\">%ld</th><td>%s%s</td>",
                           crit ? " class=\"tl-row-critical\"" : "", sp->step, who,
                           !crit ? "" : sp->stopped ? ", stopped the run" : ", last: critical path");
            for (int kind = 0; kind < EMU_PHASE_KINDS; kind++)
                if (kinds[kind]) {
                    OUT_LIT(out, "<td>"); /* "<td>%.1f</td>" */
                    emu_out_fixed(out, emu_steps_phase_ms(s, i, r, (emu_phase_kind)kind), 1);
                    OUT_LIT(out, "</td>");
                }
            emu_out_printf(out, "<td>%.1f%s</td></tr>", sp->step_ms + sp->save_ms,
                           sp->stopped ? (s->ended ? " (to the job's end)" : " (so far)") : "");
        }
    }
    emu_out_printf(out, "</tbody></table></div></details>");
}

void emu_timeline_html(const emu_world *w, const emu_steps *s, const emu_timeline_opts *opts,
                       emu_out *out)
{
    tl_rows rows;
    if (s->n_steps < 1 || rows_make(w, s, opts->rows, &rows) != 0)
        return;
    rows.shape_only = opts->shape_only;
    tl_axis axis;
    axis_make(w, s, &axis);
    tl_plot plot = {&axis, opts->scale_ms > axis.v_total ? opts->scale_ms : axis.v_total};
    const char *id = opts->id && opts->id[0] ? opts->id : "tl";
    emu_out_printf(out, "<figure class=\"tl\" id=\"%s\" aria-labelledby=\"%s-cap\">"
                        "<figcaption id=\"%s-cap\">", id, id, id);
    if (opts->title && opts->title[0]) {
        emu_out_printf(out, "<strong class=\"tl-title\">");
        put_escaped(out, opts->title);
        emu_out_printf(out, ":</strong> ");
    }
    emu_out_printf(out, "Step timeline of ");
    job_line(w, s, true, out);
    emu_out_printf(out, ". Where the ranks' time went: ");
    shares_sentence(s, out);
    emu_out_printf(out, ". ");
    /* the steps: once when they agree on who everyone waited for, else one by one */
    int waited = 0;
    bool same_last = true;
    for (int i = 0; i < s->n_steps; i++) {
        waited += waited_for_one(s, i);
        same_last = same_last && s->spans[i].last_rank == s->spans[0].last_rank;
    }
    char who[64];
    rank_where(w, s->spans[0].last_rank, who, sizeof who);
    if (waited == s->n_steps && same_last && opts->shape_only) {
        emu_out_printf(out, "In every step the other ranks wait for the last to arrive.");
    } else if (waited == s->n_steps && same_last) {
        emu_out_printf(out, "In every step the other ranks wait for %s.", who);
    } else {
        for (int i = 0; i < s->n_steps; i++) {
            const emu_step_span *sp = &s->spans[i];
            char t[24];
            fmt_ms(sp->step_ms, t, sizeof t);
            if (sp->stopped)
                emu_out_printf(out, "%sStep %ld stopped the run: ", i ? " " : "", sp->step);
            else
                emu_out_printf(out, "%sStep %ld (%s): ", i ? " " : "", sp->step, t);
            step_sentence(w, s, i, !opts->shape_only, out);
            emu_out_printf(out, ".");
            if (sp->save_ms > 0) {
                char sv[24];
                fmt_s(sp->save_ms, sv, sizeof sv);
                emu_out_printf(out, " Then a checkpoint save of %s (%s).", sv,
                               sp->save_rank0_only ? "rank 0 writes it, the others wait"
                                                   : "every node writes its share");
            } else if (sp->save_failed) {
                emu_out_printf(out, " Then the checkpoint save ");
                save_failure(w, out);
                emu_out_printf(out, ".");
            }
        }
    }
    if (rows.per_node)
        emu_out_printf(out, " Each node's row shows its rank that arrived last in that step.");
    emu_out_printf(out, "</figcaption><div class=\"tl-chart\" role=\"region\" tabindex=\"0\" "
                        "aria-label=\"Step timeline chart");
    html_which(w, s, opts->title, out);
    emu_out_printf(out, "\">");
    svg_body(w, s, &rows, &plot, id, out);
    emu_out_printf(out, "</div>");
    html_legend(id, s, !rows.shape_only, out);
    emu_out_printf(out, "<p class=\"tl-detail\" id=\"%s-detail\" aria-live=\"polite\" hidden></p>", id);
    html_table(w, s, &rows, id, opts->title, out);
    emu_out_printf(out, "</figure>\n");
    free(rows.row);
}
