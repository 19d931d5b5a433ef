/* host_fmt.h: what the host tools (ps, top, free, uptime, vmstat, mpstat, pidstat, iostat)
 * print alike: the sysstat header line, uptime's summary, procps' human-readable sizes. */
#ifndef EMU_TOOLS_HOST_FMT_H
#define EMU_TOOLS_HOST_FMT_H

#include <stddef.h>

#include "command.h"

/* sysstat's first line and the empty line after it: "Linux 6.8.0-60-generic (node01) \t05/06/2026
 * \t_x86_64_\t(224 CPU)". */
void emu_sysstat_header(const emu_world *world, int node, emu_out *out);

/* The clock as sysstat stamps its lines in an English locale: "09:12:44 AM". */
void emu_sysstat_time(double time_s, char *buf, size_t size);

/* uptime's line without its leading space: "09:12:44 up 21 days,  3:05,  1 user,  load average:
 * 60.12, 59.87, 59.55" (top's first line after "top - "). */
void emu_uptime_line(const emu_world *world, int node, char *buf, size_t size);

/* A size in KiB as procps' -h prints it: "23Gi", "2.2Gi", "924Mi", "0B". */
void emu_procps_human(double kib, char *buf, size_t size);

/* A size in KiB in at most width characters as top fits it: KiB, else "224.0g"-style. */
void emu_top_scaled(double kib, int width, char *buf, size_t size);

/* The number after a flag that takes one (-n 5, -n5): *value from argv[*i] or argv[*i + 1]
 * (advancing *i). Returns 0, or -1 when it is missing or not a non-negative number. */
int emu_flag_number(int argc, char **argv, int *i, double *value);

#endif
