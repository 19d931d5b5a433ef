/* goodput.c: goodput under failures and checkpoint saves, and the best interval (goodput.h). */
#include <math.h>
#include <string.h>

#include "goodput.h"


void emu_goodput_of(const emu_goodput_in *in, emu_goodput *out)
{
    memset(out, 0, sizeof *out);
    double f = in->failures_per_day > 0 ? in->failures_per_day : 0;
    double restart = in->restart_min > 0 ? in->restart_min : 0;
    double save = in->save_min > 0 ? in->save_min : 0;
    double interval = in->interval_min > 0 ? in->interval_min : 0;
    out->mtbf_min = f > 0 ? EMU_DAY_MIN / f : 0;
    out->saves_per_day = interval > 0 ? EMU_DAY_MIN / interval : 0;
    out->lost_work_min_per_day = f * interval / 2;
    out->lost_restart_min_per_day = f * restart;
    out->lost_save_min_per_day = out->saves_per_day * save;
    double lost = out->lost_work_min_per_day + out->lost_restart_min_per_day + out->lost_save_min_per_day;
    out->lost_min_per_day = lost < EMU_DAY_MIN ? lost : EMU_DAY_MIN;
    out->goodput = 1 - out->lost_min_per_day / EMU_DAY_MIN;
    if (f > 0 && save > 0) {
        double m = out->mtbf_min;
        out->young_min = sqrt(2 * save * m);
        /* Daly 2006: for save < 2 MTBF, sqrt(2 C M) [1 + (1/3) sqrt(C / 2M) + (1/9) (C / 2M)]
         * - C; otherwise the MTBF itself */
        double x = save / (2 * m);
        out->daly_min = save < 2 * m ? out->young_min * (1 + sqrt(x) / 3 + x / 9) - save : m;
    }
}
