/* bmc.c: a node's BMC: sessions, the SDR's readings, cold reset (bmc.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bmc.h"
#include "gpu.h"
#include "rng.h"
#include "run.h"
#include "telemetry.h"

bool emu_bmc_psu_reads_failed(const emu_world *w, int node, int psu)
{
    const emu_node *n = &w->nodes[node];
    unsigned bit = 1u << psu;
    /* a host without AC input shows its first two feeds lost */
    return (n->bmc.psu_failed | n->bmc.psu_stale) & bit || (!n->powered_on && psu < 2);
}

int emu_bmc_sensors(const emu_world *w, int node, emu_sensor *r, int max)
{
    const emu_node *n = &w->nodes[node];
    int k = 0;
#define ADD(nm_fmt, nm_arg, ty, v, un, nc, cr)                                                  \
    do {                                                                                        \
        if (k < max) {                                                                          \
            emu_sensor *x = &r[k++];                                                            \
            memset(x, 0, sizeof *x);                                                            \
            snprintf(x->name, sizeof x->name, nm_fmt, nm_arg);                                  \
            x->type = ty;                                                                       \
            x->value = (v);                                                                     \
            x->unit = un;                                                                       \
            x->unc = (nc);                                                                      \
            x->ucr = (cr);                                                                      \
            x->status = isnan(x->value) ? "ns" : x->value >= x->ucr ? "cr"                     \
                                                 : x->value >= x->unc ? "nc" : "ok";            \
            x->id = 0x04 + k;                                                                   \
        }                                                                                       \
    } while (0)
    double inlet = 22 + 1.5 * emu_sample(w, "bmc-inlet", node, 0);
    bool busy = emu_gpu_busy(w, node, 0);
    ADD("%s", "Inlet Temp", "Temperature", round(inlet), "degrees C", 38, 42);
    ADD("%s", "Exhaust Temp", "Temperature", round(inlet + (busy ? 24 : 8)), "degrees C", 70, 75);
    ADD("%s", "CPU1 Temp", "Temperature", round(48 + 3 * emu_sample(w, "bmc-cpu", node, 1)), "degrees C", 90, 95);
    ADD("%s", "CPU2 Temp", "Temperature", round(47 + 3 * emu_sample(w, "bmc-cpu", node, 2)), "degrees C", 90, 95);
    double gpu_w = 0;
    for (int g = 0; g < n->n_gpus; g++) {
        /* upper critical at the max operating temperature: the threshold the SEL's "Upper
         * Critical going high" events quote (faults.c) */
        bool lost = emu_gpu_lost(w, node, g);
        ADD("GPU%d Temp", g, "Temperature", lost ? NAN : emu_gpu_temp_c(w, node, g), "degrees C",
            w->spec->temp_max_operating_c - 2, w->spec->temp_max_operating_c);
        gpu_w += lost ? 0 : emu_gpu_power_draw_w(w, node, g);
    }
    for (int f = 0; f < 6; f++)
        ADD("FAN%d", f + 1, "Fan", round((busy ? 9800 : 5200) + 300 * emu_sample(w, "bmc-fan", node, f)),
            "RPM", NAN, NAN);
    /* the supplies share the node's draw (GPUs plus about 2.2 kW of CPUs, memory, NICs and
     * fans), each at the AC side of a 94%-efficient supply; a failed one delivers nothing, a
     * stale sensor's supply still does */
    int working = 0;
    for (int p = 0; p < EMU_BMC_PSUS; p++)
        working += !((n->bmc.psu_failed >> p) & 1) && !(!n->powered_on && p < 2);
    double node_w = n->powered_on ? (gpu_w + 2200) / 0.94 : 0;
    for (int p = 0; p < EMU_BMC_PSUS && k + 1 < max; p++) {
        bool reads_failed = emu_bmc_psu_reads_failed(w, node, p);
        bool delivers = !((n->bmc.psu_failed >> p) & 1) && !(!n->powered_on && p < 2);
        ADD("PS%d Status", p + 1, "Power Supply", NAN, "discrete", NAN, NAN);
        r[k - 1].status = reads_failed ? "cr" : "ok";
        r[k - 1].state = reads_failed ? "Failure detected" : "Presence detected";
        r[k - 1].id = 0x50 + p;
        ADD("PS%d Input Power", p + 1, "Current",
            delivers && working ? round(node_w / working * (1 + 0.01 * emu_sample(w, "psu-w", node, p))) : 0,
            "Watts", EMU_BMC_PSU_CAPACITY_W, 3600);
        r[k - 1].id = 0x58 + p;
    }
#undef ADD
    return k;
}

/* Whether node's BMC answers the network now (reachable, not resetting, sessions left). */
static bool bmc_answers(const emu_world *w, int node)
{
    const emu_bmc *b = &w->nodes[node].bmc;
    return b->reachable && w->now_s >= b->reset_until_s && !(b->session_limit > 0 && b->sessions >= b->session_limit);
}

bool emu_bmc_session(emu_world *w, int node)
{
    emu_world_changed(w);
    if (!bmc_answers(w, node))
        return false;
    w->nodes[node].bmc.sessions++;
    return true;
}

int emu_bmc_login(emu_world *w, int node, const char *user, const char *password)
{
    emu_world_changed(w);
    if (!bmc_answers(w, node))
        return EMU_BMC_NO_ANSWER;
    if (!emu_bmc_credentials_ok(w, user, password))
        return EMU_BMC_REFUSED;
    w->nodes[node].bmc.sessions++;
    return EMU_BMC_SESSION;
}

bool emu_bmc_credentials_ok(const emu_world *w, const char *user, const char *password)
{
    return user && password && !strcmp(user, w->cluster.bmc_user) && !strcmp(password, w->cluster.bmc_password);
}

static void sel_append(emu_bmc *b, double t, const char *sensor, const char *event, bool asserted)
{
    if (b->n_sel >= EMU_MAX_SEL) /* a full SEL drops its oldest entry */
        memmove(b->sel, b->sel + 1, sizeof b->sel[0] * (EMU_MAX_SEL - 1)), b->n_sel--;
    emu_sel *e = &b->sel[b->n_sel++];
    memset(e, 0, sizeof *e);
    e->time_s = t;
    snprintf(e->sensor, sizeof e->sensor, "%s", sensor);
    snprintf(e->event, sizeof e->event, "%s", event);
    e->asserted = asserted;
}

void emu_bmc_watch_gpu_temps(emu_world *w)
{
    emu_run_stop stop;
    bool stops = false, stop_found = false;
    for (int node = 0; node < w->n_nodes; node++) {
        emu_bmc *b = &w->nodes[node].bmc;
        /* this runs at every command: a BMC without a GPU's critical temperature logged (most
         * of them) has nothing to deassert, and its GPUs need not be looked at */
        bool any = false;
        for (int k = 0; k < b->n_sel && !any; k++)
            any = b->sel[k].asserted && !strcmp(b->sel[k].event, "Upper Critical going high");
        if (!any)
            continue;
        if (!stop_found)
            stops = emu_run_stop_of(w, &stop), stop_found = true;
        for (int g = 0; g < w->nodes[node].n_gpus; g++) {
            char sensor[32];
            snprintf(sensor, sizeof sensor, "Temperature GPU%d Temp", g);
            int last = -1;
            for (int k = 0; k < b->n_sel; k++)
                if (!strcmp(b->sel[k].sensor, sensor) && !strcmp(b->sel[k].event, "Upper Critical going high") &&
                    b->sel[k].time_s <= w->now_s)
                    last = k;
            if (last < 0 || !b->sel[last].asserted || emu_gpu_lost(w, node, g) ||
                emu_gpu_temp_c(w, node, g) >= w->spec->temp_max_operating_c)
                continue;
            double at = w->now_s, from = b->sel[last].time_s;
            if (w->run.cancelled_s > from && w->run.cancelled_s <= at)
                at = w->run.cancelled_s;
            else if (stops && stop.cause == EMU_STOP_HOST_POWER && stop.node == node && stop.at_s > from &&
                     stop.at_s <= at)
                at = stop.at_s; /* the host lost power: its GPUs with it */
            else if (stops && stop.end_s > from && stop.end_s <= at)
                at = stop.end_s;
            if (b->n_sel >= EMU_MAX_SEL) /* a full SEL drops its oldest entry */
                memmove(b->sel, b->sel + 1, sizeof b->sel[0] * (EMU_MAX_SEL - 1)), b->n_sel--, last--;
            int pos = b->n_sel;
            while (pos > 0 && b->sel[pos - 1].time_s > at)
                pos--;
            memmove(b->sel + pos + 1, b->sel + pos, sizeof b->sel[0] * (size_t)(b->n_sel - pos));
            emu_sel *e = &b->sel[pos];
            memset(e, 0, sizeof *e);
            e->time_s = at;
            snprintf(e->sensor, sizeof e->sensor, "%s", sensor);
            snprintf(e->event, sizeof e->event, "Upper Critical going high");
            e->asserted = false;
            b->n_sel++;
        }
    }
}

void emu_bmc_cold_reset(emu_world *w, int node)
{
    emu_world_changed(w);
    emu_node *n = &w->nodes[node];
    emu_bmc *b = &n->bmc;
    b->reset_until_s = w->now_s + EMU_BMC_RESET_S;
    b->sessions = 0;
    /* the sensors are read afresh: a stale status clears and its power brake is released */
    for (int p = 0; p < EMU_BMC_PSUS; p++)
        if ((b->psu_stale >> p) & 1) {
            char sensor[32];
            snprintf(sensor, sizeof sensor, "Power Supply PS%d Status", p + 1);
            sel_append(b, b->reset_until_s, sensor, "Failure detected", false);
        }
    if (b->psu_stale && !b->psu_failed)
        emu_gpu_counters_fold_node(w, node); /* HW Power Braking keeps what the brake counted */
    if (b->psu_stale && !b->psu_failed)
        for (int g = 0; g < n->n_gpus; g++)
            n->gpus[g].power_brake = false;
    b->psu_stale = 0;
    /* the BMC reads the host's power afresh too */
    b->reports_power_on = n->powered_on;
}

char *emu_sel_description(const emu_sel *e, const char *sep, char *buf, size_t size)
{
    snprintf(buf, size, "%s%s%s%s%s", e->event, sep, e->asserted ? "Asserted" : "Deasserted",
             e->reading[0] ? sep : "", e->reading);
    return buf;
}

const char *emu_sel_severity(const emu_sel *e)
{
    /* a deassertion, and the records of a state that is no fault (the host's ACPI power
     * state, a presence, the log's clearing): informational */
    if (!e->asserted || !strncmp(e->sensor, "System ACPI", 11) || strstr(e->event, "Presence detected") ||
        strstr(e->event, "Log area reset"))
        return "OK";
    return strstr(e->event, "Critical") || strstr(e->event, "Failure") || strstr(e->event, "Lost") ||
                   strstr(e->event, "Uncorrectable") || strstr(e->event, "Fatal")
               ? "Critical"
               : "Warning";
}

bool emu_sel_in_force(const emu_world *w, int node, int k)
{
    const emu_bmc *b = &w->nodes[node].bmc;
    if (k < 0 || k >= b->n_sel || !b->sel[k].asserted || b->sel[k].time_s > w->now_s)
        return false;
    for (int i = k + 1; i < b->n_sel; i++)
        if (!b->sel[i].asserted && b->sel[i].time_s <= w->now_s && !strcmp(b->sel[i].sensor, b->sel[k].sensor) &&
            !strcmp(b->sel[i].event, b->sel[k].event))
            return false;
    return true;
}

const char *emu_bmc_health(const emu_world *w, int node, int *conds, int max, int *n_conds)
{
    int worst = 0; /* 0 OK, 1 Warning, 2 Critical */
    emu_sensor s[48];
    int ns = emu_bmc_sensors(w, node, s, 48);
    for (int i = 0; i < ns; i++)
        worst = !strcmp(s[i].status, "cr") ? 2 : !strcmp(s[i].status, "nc") && worst < 1 ? 1 : worst;
    int n = 0;
    const emu_bmc *b = &w->nodes[node].bmc;
    for (int k = 0; k < b->n_sel; k++) {
        if (!emu_sel_in_force(w, node, k) || !strcmp(emu_sel_severity(&b->sel[k]), "OK"))
            continue;
        int sev = strcmp(emu_sel_severity(&b->sel[k]), "Critical") ? 1 : 2;
        worst = sev > worst ? sev : worst;
        if (conds && n < max)
            conds[n++] = k;
    }
    if (n_conds)
        *n_conds = n;
    return worst == 2 ? "Critical" : worst == 1 ? "Warning" : "OK";
}
