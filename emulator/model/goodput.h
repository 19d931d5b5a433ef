/* goodput.h: the share of a run's wall-clock time that produces kept progress when the job
 * fails now and then and saves checkpoints to recover from (goodput.c), and the checkpoint
 * interval that maximises it. The cost calculator (views/cost.h) and the pages' worked
 * examples (content/workflow/cost-per-completed-workload.md, checkpointing.md#interval) use
 * the same first-order model:
 *
 *   lost per day = failures a day x (interval / 2 + restart)     work redone, and the restart
 *                + (1440 min / interval) x save                  the saves that block training
 *   goodput      = 1 - lost per day / 1440 min
 *
 * each failure losing on average half an interval of work (failures as a Poisson process),
 * whose minimum is Young's interval sqrt(2 x save x MTBF) (J. W. Young, "A first order
 * approximation to the optimum checkpoint interval", CACM 17(9), 1974,
 * doi:10.1145/361147.361115); Daly's higher-order estimate (J. T. Daly, "A higher order
 * estimate of the optimum checkpoint interval for restart dumps", Future Generation Computer
 * Systems 22(3), 2006, doi:10.1016/j.future.2004.11.016; it gives the optima of the paper's
 * figures 3 to 5: 117, 57 and 9.1 min) is given beside it. Times in minutes. */
#ifndef EMU_MODEL_GOODPUT_H
#define EMU_MODEL_GOODPUT_H

#define EMU_DAY_MIN 1440.0 /* minutes in a day: the unit of the failure rate and of goodput */

typedef struct emu_goodput_in {
    double failures_per_day;      /* interruptions of the whole job a day (>= 0) */
    double restart_min;           /* from a failure to training again: detection, rescheduling,
                                     loading the checkpoint */
    double interval_min;          /* between the starts of two checkpoint saves (> 0) */
    double save_min;              /* how long a save blocks training (>= 0) */
} emu_goodput_in;

typedef struct emu_goodput {
    double mtbf_min;              /* mean time between failures, 0 without failures */
    double saves_per_day;         /* 1440 / interval */
    double lost_work_min_per_day; /* failures x interval / 2 */
    double lost_restart_min_per_day; /* failures x restart */
    double lost_save_min_per_day; /* saves x save */
    double lost_min_per_day;      /* the three together, at most 1440 */
    double goodput;               /* 1 - lost / 1440, in [0, 1] */
    double young_min;             /* sqrt(2 x save x MTBF); 0 without failures or saves */
    double daly_min;              /* Daly's estimate; 0 likewise */
} emu_goodput;

/* Fills *out from *in (any values: negative ones count as 0, an interval <= 0 as no saves). */
void emu_goodput_of(const emu_goodput_in *in, emu_goodput *out);

#endif
