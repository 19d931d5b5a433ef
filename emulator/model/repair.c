/* repair.c: the changes operators' commands make (repair.h). */
#include <string.h>

#include "job.h"
#include "repair.h"

/* Ends the host's current boot now: it becomes the previous boot (journalctl -b -1). */
static void end_boot(emu_world *w, emu_node *n)
{
    n->prev_boot_time_s = n->boot_time_s;
    n->prev_boot_end_s = n->frozen_s > 0 ? n->frozen_s : w->now_s;
    n->frozen_s = 0;
}

static void start_boot(emu_world *w, emu_node *n, double at)
{
    n->powered_on = true;
    n->power_lost_s = 0;
    n->boot_time_s = at + EMU_POST_S;
    n->boots++;
    n->bmc.reports_power_on = true;
    (void)w;
}

void emu_node_power(emu_world *w, int node, bool on)
{
    emu_node *n = &w->nodes[node];
    if (on && !n->powered_on)
        start_boot(w, n, w->now_s);
    else if (!on && n->powered_on) {
        end_boot(w, n);
        n->powered_on = false;
        n->power_lost_s = w->now_s;
        n->bmc.reports_power_on = false;
    }
    emu_world_refresh(w);
}

void emu_node_power_cycle(emu_world *w, int node)
{
    emu_node *n = &w->nodes[node];
    if (n->powered_on)
        end_boot(w, n);
    /* off for a few seconds, then the firmware starts again */
    start_boot(w, n, w->now_s + 5);
    emu_world_refresh(w);
}

void emu_node_freeze(emu_world *w, int node)
{
    w->nodes[node].frozen_s = w->now_s;
    emu_world_refresh(w);
}
