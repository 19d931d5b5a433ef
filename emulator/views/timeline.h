/* timeline.h: the step timeline, drawn from the job's steps (model/steps.h): one row per rank,
 * or per node folded for large jobs, each phase by kind, the step boundaries and the critical
 * path (the rank everyone waited for). Two drawings of the same rows: text for a terminal
 * (the `timeline` command) and HTML (an inline SVG with its legend and the same data as a
 * table) for pages (the ```timeline fence) and the lab console's panel. */
#ifndef EMU_VIEWS_TIMELINE_H
#define EMU_VIEWS_TIMELINE_H

#include "command.h"
#include "model/steps.h"
#include "model/world.h"

/* The world of a session (session.c), read-only, for hosts that draw it themselves with the
 * functions below (the site build's ```timeline fence); valid until the next execute. */
const emu_world *emu_session_world(const emu_session *session);

/* Jobs of more ranks than this are drawn one row per node unless asked otherwise. */
#define EMU_TIMELINE_RANK_ROWS_MAX 16

typedef enum emu_timeline_rows {
    EMU_TIMELINE_ROWS_AUTO,   /* per rank up to EMU_TIMELINE_RANK_ROWS_MAX ranks, else per node */
    EMU_TIMELINE_ROWS_RANKS,  /* one row per rank */
    EMU_TIMELINE_ROWS_NODES   /* one row per node: the node's rank that arrived last each step */
} emu_timeline_rows;

typedef struct emu_timeline_opts {
    emu_timeline_rows rows;
    const char *id;           /* HTML: the figure's id, unique in the page, [a-z0-9-] ("tl-1") */
    const char *title;        /* HTML: a heading for the caption ("Healthy"), NULL for none */
    double scale_ms;          /* the time the plot's width stands for (emu_timeline_span_ms of the
                                 longest of timelines drawn one above the other, so they share
                                 one scale); 0: this timeline's own */
    bool shape_only;          /* the shape, not the verdict (a lab's `timeline`): no row marked
                                 as the one every step waits for, and the sentences name no
                                 rank or cause; the learner reads the rows. false: the guides'
                                 drawings, which explain a shape the text around them names */
} emu_timeline_opts;

/* The time a drawing of steps spans on its axis, in ms: the steps and saves as they are, but
 * a save or the wait of a stopped run that lasts more than four of the job's nominal steps drawn
 * shortened (a break in the axis, its real length written beside it). */
double emu_timeline_span_ms(const emu_world *world, const emu_steps *steps);

/* Writes the text drawing of steps (from world's job) into out: a header, one line of phase
 * letters per row at a column scale that fits 64 columns, the legend, and a paragraph per step
 * naming the rank everyone waited for (unless opts->shape_only). */
void emu_timeline_text(const emu_world *world, const emu_steps *steps,
                       const emu_timeline_opts *opts, emu_out *out);

/* Writes the HTML drawing into out: <figure class="tl"> with a caption that says where the
 * ranks' time went, the SVG (patterns as well as colours; each segment's <title> names the
 * rank, the step, the phase and its duration), the legend, and the table of the same
 * figures. No script and no style attribute: the page's timeline.css colours it, and
 * timeline.js (optional) moves a cursor over the segments with the keyboard. */
void emu_timeline_html(const emu_world *world, const emu_steps *steps,
                       const emu_timeline_opts *opts, emu_out *out);

#endif
