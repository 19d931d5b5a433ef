/* timeline.c: the step timeline (timeline.h) as text and as HTML with an inline SVG, both from
 * the same rows: which rank each row shows in each step, and where the critical path runs. */
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
} tl_rows;

static double arrival_ms(const emu_steps *s, int i, int r)
{
    return emu_steps_phase_ms(s, i, r, EMU_PHASE_INPUT_WAIT) +
           emu_steps_phase_ms(s, i, r, EMU_PHASE_FORWARD) +
           emu_steps_phase_ms(s, i, r, EMU_PHASE_BACKWARD);
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
                if (row->n_ranks == 1 || arrival_ms(s, i, r) > arrival_ms(s, i, row->shown[i]))
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

/* ---- words ---------------------------------------------------------------------------------- */

/* A duration as people read it: "0.42 ms", "38.5 ms", "3120 ms". */
static void fmt_ms(double ms, char *buf, size_t size)
{
    if (ms < 10)
        snprintf(buf, size, "%.2f ms", ms);
    else if (ms < 1000)
        snprintf(buf, size, "%.1f ms", ms);
    else
        snprintf(buf, size, "%.0f ms", ms);
}

static void rank_where(const emu_world *w, int r, char *buf, size_t size)
{
    const emu_rank_loc *loc = &w->job.ranks[r];
    snprintf(buf, size, "rank %d (%s GPU %d)", r, w->nodes[loc->node].name, loc->gpu);
}

/* The share of all ranks' time each phase kind took, over every step. */
static void kind_shares(const emu_steps *s, double share[EMU_PHASE_KINDS])
{
    double total = emu_steps_total_ms(s) * s->world_size;
    for (int k = 0; k < EMU_PHASE_KINDS; k++) {
        double sum = 0;
        for (int i = 0; i < s->n_steps; i++)
            for (int r = 0; r < s->world_size; r++)
                sum += emu_steps_phase_ms(s, i, r, (emu_phase_kind)k);
        share[k] = total > 0 ? sum / total : 0;
    }
}

/* "input wait 61%, forward 10%, ...": the kinds that took any time. */
static void shares_sentence(const emu_steps *s, emu_out *out)
{
    double share[EMU_PHASE_KINDS];
    kind_shares(s, share);
    const char *sep = "";
    for (int k = 0; k < EMU_PHASE_KINDS; k++) {
        if (share[k] <= 0)
            continue;
        double pct = share[k] * 100;
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
    return s->world_size > 1 && spread_ms(s, i) > 0.05 * s->spans[i].step_ms;
}

static void job_line(const emu_world *w, const emu_steps *s, emu_out *out)
{
    const emu_job *j = &w->job;
    char at[40];
    emu_format_utc(s->first_start_s, "%Y-%m-%d %H:%M:%S", at, sizeof at);
    long first = s->spans[0].step, last = s->spans[s->n_steps - 1].step;
    emu_out_printf(out, "job %d (%s): %d rank%s on %d node%s, ", j->id, j->name, j->world_size,
                   j->world_size == 1 ? "" : "s", j->n_nodes, j->n_nodes == 1 ? "" : "s");
    if (first == last)
        emu_out_printf(out, "step %ld, from %s UTC", first, at);
    else
        emu_out_printf(out, "steps %ld to %ld, from %s UTC", first, last, at);
}

/* The sentence about who the step waited for, without a final full stop. */
static void wait_sentence(const emu_world *w, const emu_steps *s, int i, emu_out *out)
{
    char who[64], a[24];
    const emu_step_span *sp = &s->spans[i];
    rank_where(w, sp->last_rank, who, sizeof who);
    fmt_ms(spread_ms(s, i), a, sizeof a);
    if (s->world_size == 1)
        emu_out_printf(out, "one rank, nobody to wait for");
    else if (waited_for_one(s, i))
        emu_out_printf(out, "the other ranks waited up to %s for %s", a, who);
    else
        emu_out_printf(out, "the ranks arrived within %s of each other (last: %s)", a, who);
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

static int col_of(double ms, double per_col)
{
    return (int)floor(ms / per_col + 0.5);
}

/* Spreads a step's columns over one row's phases in proportion to their durations, every
 * phase of at least 1% of the step at least one column wide (so the all-reduce and the
 * optimizer show at any scale), the rest by largest remainder. cols[k] receives each width. */
static void step_columns(const double d[EMU_PHASE_KINDS], double step_ms, int target,
                         int cols[EMU_PHASE_KINDS])
{
    double exact[EMU_PHASE_KINDS];
    int sum = 0;
    for (int k = 0; k < EMU_PHASE_KINDS; k++) {
        exact[k] = step_ms > 0 ? d[k] / step_ms * target : 0;
        cols[k] = (int)floor(exact[k]);
        if (cols[k] == 0 && step_ms > 0 && d[k] >= 0.01 * step_ms)
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
    double per_col = column_ms(emu_steps_total_ms(s));
    int width = col_of(emu_steps_total_ms(s), per_col);
    if (width > TL_COLUMNS)
        width = TL_COLUMNS;
    emu_out text;
    emu_out_init(&text, 0);
    emu_out_printf(&text, "Step timeline of ");
    job_line(w, s, &text);
    emu_out_printf(&text, ". One column is %g ms; every phase of at least 1%% of its step is at "
                          "least one column wide.", per_col);
    put_wrapped(out, emu_out_text(&text));
    emu_out_printf(out, "\n");
    const char *label_head = rows.per_node ? "node (ranks)" : "rank node:gpu";
    char line[TL_COLUMNS + 1];
    /* the step boundaries: | and the step number where it fits */
    memset(line, ' ', TL_COLUMNS);
    line[width] = '\0';
    for (int i = 0; i < s->n_steps; i++) {
        int c = col_of(s->spans[i].start_ms, per_col);
        int next = i + 1 < s->n_steps ? col_of(s->spans[i + 1].start_ms, per_col) : width;
        if (c >= width)
            continue;
        char num[24];
        snprintf(num, sizeof num, "|%ld", s->spans[i].step);
        for (int k = 0; num[k] && c + k < next && c + k < width; k++)
            line[c + k] = num[k];
    }
    emu_out_printf(out, "%-15s %s\n", label_head, line);
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
        int critical = 0;
        for (int i = 0; i < s->n_steps; i++) {
            int r = row->shown[i];
            const emu_step_span *sp = &s->spans[i];
            critical += rows.critical[i] == k && waited_for_one(s, i);
            int c = col_of(sp->start_ms, per_col);
            int end = col_of(sp->start_ms + sp->step_ms + sp->save_ms, per_col);
            double d[EMU_PHASE_KINDS];
            int cols[EMU_PHASE_KINDS];
            for (int kind = 0; kind < EMU_PHASE_KINDS; kind++)
                d[kind] = emu_steps_phase_ms(s, i, r, (emu_phase_kind)kind);
            step_columns(d, sp->step_ms + sp->save_ms, end - c, cols);
            for (int kind = 0; kind < EMU_PHASE_KINDS; kind++)
                for (int n = 0; n < cols[kind] && c < width; n++)
                    line[c++] = emu_phase_letter((emu_phase_kind)kind);
        }
        emu_out_printf(out, "%-15s %s", label, line);
        if (critical)
            emu_out_printf(out, " < last in %d of %d", critical, s->n_steps);
        emu_out_printf(out, "\n");
    }
    emu_out_printf(out, "\n");
    for (int kind = 0; kind < EMU_PHASE_KINDS; kind++)
        emu_out_printf(out, "%s%c %s", kind == 0 ? "" : kind == 4 ? "\n" : "  ",
                       emu_phase_letter((emu_phase_kind)kind), emu_phase_name((emu_phase_kind)kind));
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
        int r = sp->last_rank;
        char t[24], iw[24], fw[24], bw[24], ar[24], op[24], sv[24], who[64];
        fmt_ms(sp->step_ms, t, sizeof t);
        fmt_ms(emu_steps_phase_ms(s, i, r, EMU_PHASE_INPUT_WAIT), iw, sizeof iw);
        fmt_ms(emu_steps_phase_ms(s, i, r, EMU_PHASE_FORWARD), fw, sizeof fw);
        fmt_ms(emu_steps_phase_ms(s, i, r, EMU_PHASE_BACKWARD), bw, sizeof bw);
        fmt_ms(emu_steps_phase_ms(s, i, r, EMU_PHASE_ALLREDUCE), ar, sizeof ar);
        fmt_ms(emu_steps_phase_ms(s, i, r, EMU_PHASE_OPTIMIZER), op, sizeof op);
        fmt_ms(sp->save_ms, sv, sizeof sv);
        rank_where(w, r, who, sizeof who);
        emu_out_reset(&text);
        emu_out_printf(&text, "Step %ld, %s: ", sp->step, t);
        wait_sentence(w, s, i, &text);
        emu_out_printf(&text, ". Critical path: %s waits %s for its batch, computes forward in %s "
                              "and backward in %s; then the all-reduce transfers in %s and the "
                              "optimizer takes %s", who, iw, fw, bw, ar, op);
        if (sp->save_ms > 0)
            emu_out_printf(&text, "; the checkpoint save takes %s", sv);
        emu_out_printf(&text, ".");
        put_wrapped(out, emu_out_text(&text));
    }
    emu_out_free(&text);
    free(rows.row);
}

/* ---- HTML ------------------------------------------------------------------------------------- */

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

/* The SVG's geometry, in its own units (the viewBox): the label column, the plot, the rows. */
#define SVG_W 760.0
#define SVG_LABEL_W 132.0
#define SVG_PLOT_X (SVG_LABEL_W + 6)
#define SVG_PLOT_W (SVG_W - SVG_PLOT_X - 10)
#define SVG_TOP 24.0
#define SVG_ROW_H 14.0
#define SVG_ROW_PITCH 18.0

/* Patterns: each kind a colour (timeline.css) and a texture, so that the kinds differ without
 * colour too (WCAG 1.4.1): input wait diagonal hatch, forward plain, backward dots, waiting
 * back-diagonal hatch, all-reduce vertical lines, optimizer horizontal lines, save cross-hatch. */
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
    };
    emu_out_printf(out, "<defs>");
    for (int k = 0; k < EMU_PHASE_KINDS; k++)
        emu_out_printf(out,
                       "<pattern id=\"%s-p%d\" width=\"6\" height=\"6\" "
                       "patternUnits=\"userSpaceOnUse\"><rect class=\"tl-bg%d\" width=\"6\" "
                       "height=\"6\"/><g class=\"tl-fg%d\">%s</g></pattern>",
                       id, k, k, k, marks[k]);
    emu_out_printf(out, "</defs>");
}

static double x_of(double ms, double total_ms)
{
    return SVG_PLOT_X + (total_ms > 0 ? ms / total_ms * SVG_PLOT_W : 0);
}

/* Round tick spacing in ms: about six ticks. */
static double tick_ms(double total_ms)
{
    double want = total_ms / 6;
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

static void svg_body(const emu_world *w, const emu_steps *s, const tl_rows *rows, const char *id,
                     emu_out *out)
{
    double total = emu_steps_total_ms(s);
    double rows_end = SVG_TOP + rows->n * SVG_ROW_PITCH;
    double height = rows_end + 30;
    emu_out_printf(out,
                   "<svg class=\"tl-svg\" viewBox=\"0 0 %.0f %.0f\" role=\"img\" "
                   "aria-labelledby=\"%s-cap\" xmlns=\"http://www.w3.org/2000/svg\">",
                   SVG_W, height, id);
    svg_patterns(id, out);
    /* step boundaries and their numbers */
    emu_out_printf(out, "<g class=\"tl-steps\">");
    for (int i = 0; i < s->n_steps; i++) {
        double x = x_of(s->spans[i].start_ms, total);
        emu_out_printf(out, "<path class=\"tl-boundary\" d=\"M%.1f %.1fV%.1f\"/>"
                            "<text x=\"%.1f\" y=\"14\">step %ld</text>",
                       x, SVG_TOP - 8, rows_end, x + 3, s->spans[i].step);
    }
    emu_out_printf(out, "<path class=\"tl-boundary\" d=\"M%.1f %.1fV%.1f\"/></g>",
                   x_of(total, total), SVG_TOP - 8, rows_end);
    /* the time axis */
    double tick = tick_ms(total);
    emu_out_printf(out, "<g class=\"tl-axis\"><path d=\"M%.1f %.1fH%.1f\"/>", SVG_PLOT_X,
                   rows_end + 2, x_of(total, total));
    for (double t = 0; t <= total + 1e-9; t += tick) {
        double x = x_of(t, total);
        emu_out_printf(out, "<path d=\"M%.1f %.1fv4\"/><text x=\"%.1f\" y=\"%.1f\">%g s</text>",
                       x, rows_end + 2, x, rows_end + 17, t / 1000);
    }
    emu_out_printf(out, "</g>");
    /* the rows */
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
                snprintf(who, sizeof who, "%s's rank %d (last of its %d)",
                         w->nodes[rows->row[k].node].name, r, rows->row[k].n_ranks);
            else
                snprintf(who, sizeof who, "rank %d", r);
            for (int kind = 0; kind < EMU_PHASE_KINDS; kind++) {
                double d = emu_steps_phase_ms(s, i, r, (emu_phase_kind)kind);
                if (d <= 0)
                    continue;
                double a = emu_steps_phase_start_ms(s, i, r, (emu_phase_kind)kind);
                double x0 = x_of(a, total), x1 = x_of(a + d, total);
                char dur[24], from[24];
                fmt_ms(d, dur, sizeof dur);
                fmt_ms(a - s->spans[i].start_ms, from, sizeof from);
                emu_out_printf(out,
                               "<rect class=\"tl-seg\" data-k=\"%d\" x=\"%.2f\" y=\"%.1f\" "
                               "width=\"%.2f\" height=\"%.0f\" fill=\"url(#%s-p%d)\"><title>%s, "
                               "step %ld: %s %s, from %s into the step</title></rect>",
                               kind, x0, y, x1 - x0 > 0.01 ? x1 - x0 : 0.01, SVG_ROW_H, id, kind,
                               who, s->spans[i].step, emu_phase_name((emu_phase_kind)kind), dur,
                               from);
            }
        }
    }
    emu_out_printf(out, "</g>");
    /* the critical path: under the last rank's row through each step, down or up to the next
     * step's last rank */
    emu_out_printf(out, "<path class=\"tl-critical\" d=\"");
    for (int i = 0; i < s->n_steps; i++) {
        double y = SVG_TOP + rows->critical[i] * SVG_ROW_PITCH + SVG_ROW_H + 1.5;
        double x0 = x_of(s->spans[i].start_ms, total);
        double x1 = x_of(s->spans[i].start_ms + s->spans[i].step_ms + s->spans[i].save_ms, total);
        if (i)
            emu_out_printf(out, "V%.1fH%.2f", y, x1);
        else
            emu_out_printf(out, "M%.2f %.1fH%.2f", x0, y, x1);
    }
    emu_out_printf(out, "\"/></svg>");
}

static void html_legend(const char *id, const emu_steps *s, emu_out *out)
{
    emu_out_printf(out, "<ul class=\"tl-legend\">");
    for (int k = 0; k < EMU_PHASE_KINDS; k++) {
        bool any = false;
        for (int i = 0; i < s->n_steps && !any; i++)
            for (int r = 0; r < s->world_size && !any; r++)
                any = emu_steps_phase_ms(s, i, r, (emu_phase_kind)k) > 0;
        if (!any)
            continue;
        emu_out_printf(out,
                       "<li><svg class=\"tl-swatch\" viewBox=\"0 0 18 12\" aria-hidden=\"true\">"
                       "<rect width=\"18\" height=\"12\" fill=\"url(#%s-p%d)\"/></svg>%s</li>",
                       id, k, emu_phase_name((emu_phase_kind)k));
    }
    emu_out_printf(out, "<li><svg class=\"tl-swatch\" viewBox=\"0 0 18 12\" aria-hidden=\"true\">"
                        "<path class=\"tl-critical\" d=\"M0 9H18\"/></svg>critical path (the "
                        "rank the step waited for)</li></ul>");
}

static void html_table(const emu_world *w, const emu_steps *s, const tl_rows *rows,
                       const char *id, emu_out *out)
{
    bool kinds[EMU_PHASE_KINDS] = {0};
    for (int k = 0; k < EMU_PHASE_KINDS; k++)
        for (int i = 0; i < s->n_steps && !kinds[k]; i++)
            for (int r = 0; r < s->world_size && !kinds[k]; r++)
                kinds[k] = emu_steps_phase_ms(s, i, r, (emu_phase_kind)k) > 0;
    emu_out_printf(out,
                   "<details class=\"tl-data\"><summary>The same figures as a table</summary>"
                   "<div class=\"tl-table-wrap\" role=\"region\" tabindex=\"0\" "
                   "aria-labelledby=\"%s-tcap\"><table class=\"tl-table\"><caption id=\"%s-tcap\">"
                   "Each %s's phases in each step, in ms%s</caption><thead><tr><th scope=\"col\">"
                   "Step</th><th scope=\"col\">%s</th>",
                   id, id, rows->per_node ? "node" : "rank",
                   rows->per_node ? " (each node's rank that arrived last)" : "",
                   rows->per_node ? "Node (rank shown)" : "Rank");
    for (int k = 0; k < EMU_PHASE_KINDS; k++)
        if (kinds[k])
            emu_out_printf(out, "<th scope=\"col\">%s</th>", emu_phase_name((emu_phase_kind)k));
    emu_out_printf(out, "<th scope=\"col\">Step time</th></tr></thead><tbody>");
    for (int i = 0; i < s->n_steps; i++) {
        for (int k = 0; k < rows->n; k++) {
            int r = rows->row[k].shown[i];
            char who[64];
            if (rows->per_node)
                snprintf(who, sizeof who, "%s (rank %d)", w->nodes[rows->row[k].node].name, r);
            else
                snprintf(who, sizeof who, "%d (%s GPU %d)", r, w->nodes[rows->row[k].node].name,
                         w->job.ranks[r].gpu);
            emu_out_printf(out, "<tr%s><th scope=\"row\">%ld</th><td>%s%s</td>",
                           rows->critical[i] == k ? " class=\"tl-row-critical\"" : "",
                           s->spans[i].step, who,
                           rows->critical[i] == k ? ", last: critical path" : "");
            for (int kind = 0; kind < EMU_PHASE_KINDS; kind++)
                if (kinds[kind])
                    emu_out_printf(out, "<td>%.1f</td>",
                                   emu_steps_phase_ms(s, i, r, (emu_phase_kind)kind));
            emu_out_printf(out, "<td>%.1f</td></tr>", s->spans[i].step_ms + s->spans[i].save_ms);
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
    const char *id = opts->id && opts->id[0] ? opts->id : "tl";
    emu_out_printf(out, "<figure class=\"tl\" id=\"%s\" aria-labelledby=\"%s-cap\">"
                        "<figcaption id=\"%s-cap\">", id, id, id);
    if (opts->title && opts->title[0]) {
        emu_out_printf(out, "<strong class=\"tl-title\">");
        put_escaped(out, opts->title);
        emu_out_printf(out, ":</strong> ");
    }
    emu_out_printf(out, "Step timeline of ");
    job_line(w, s, out);
    emu_out_printf(out, ". Where the ranks' time went: ");
    shares_sentence(s, out);
    emu_out_printf(out, ". ");
    /* the steps' waits, once when they agree */
    int waited = 0;
    for (int i = 0; i < s->n_steps; i++)
        waited += waited_for_one(s, i);
    int last0 = s->spans[0].last_rank;
    bool same_last = true;
    for (int i = 1; i < s->n_steps; i++)
        same_last = same_last && s->spans[i].last_rank == last0;
    char who[64];
    rank_where(w, last0, who, sizeof who);
    if (waited == s->n_steps && same_last)
        emu_out_printf(out, "In every step the other ranks wait for %s.", who);
    else {
        for (int i = 0; i < s->n_steps; i++) {
            char t[24];
            fmt_ms(s->spans[i].step_ms, t, sizeof t);
            emu_out_printf(out, "%sStep %ld (%s): ", i ? " " : "", s->spans[i].step, t);
            wait_sentence(w, s, i, out);
            emu_out_printf(out, ".");
        }
    }
    if (rows.per_node)
        emu_out_printf(out, " Each node's row shows its rank that arrived last in that step.");
    emu_out_printf(out, "</figcaption><div class=\"tl-chart\" role=\"region\" tabindex=\"0\" "
                        "aria-label=\"Step timeline chart\">");
    svg_body(w, s, &rows, id, out);
    emu_out_printf(out, "</div>");
    html_legend(id, s, out);
    emu_out_printf(out, "<p class=\"tl-detail\" aria-live=\"polite\" hidden></p>");
    html_table(w, s, &rows, id, out);
    emu_out_printf(out, "</figure>\n");
    free(rows.row);
}
