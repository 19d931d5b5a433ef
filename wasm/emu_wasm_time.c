/* emu_wasm_time.c: UTC-only gmtime_r, timegm and strftime (C locale) for the WebAssembly build.
 * Emscripten implements these in JavaScript with the browser's time zone machinery (about 10 KB
 * of glue); the emulator only ever formats UTC times from its simulated clock, so these small C
 * versions replace them: a smaller module, and output that cannot depend on the reader's zone.
 * Linked into the wasm build only (wasm/wasm.mk); natively the C library's versions serve.
 * Calendar arithmetic: the proleptic Gregorian calendar, days counted from 1970-01-01 with
 * the civil-from-days method (era of 400 years = 146097 days). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static const char *const wday_name[] = {"Sunday", "Monday", "Tuesday", "Wednesday",
                                        "Thursday", "Friday", "Saturday"};
static const char *const mon_name[] = {"January", "February", "March",     "April",
                                       "May",     "June",     "July",      "August",
                                       "September", "October", "November", "December"};

static int is_leap(long year)
{
    return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
}

/* Days since 1970-01-01 of year-month(1..12)-day. */
static int64_t days_from_civil(int64_t y, int m, int d)
{
    y -= m <= 2;
    int64_t era = (y >= 0 ? y : y - 399) / 400;
    int64_t yoe = y - era * 400;
    int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

struct tm *gmtime_r(const time_t *restrict t, struct tm *restrict tm)
{
    int64_t secs = (int64_t)*t;
    int64_t days = secs / 86400, rem = secs % 86400;
    if (rem < 0) {
        rem += 86400;
        days--;
    }
    int64_t z = days + 719468;
    int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    int64_t doe = z - era * 146097;
    int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    int64_t mp = (5 * doy + 2) / 153;
    int d = (int)(doy - (153 * mp + 2) / 5 + 1);
    int m = (int)(mp < 10 ? mp + 3 : mp - 9);
    int64_t y = yoe + era * 400 + (m <= 2);
    memset(tm, 0, sizeof *tm);
    tm->tm_sec = (int)(rem % 60);
    tm->tm_min = (int)(rem / 60 % 60);
    tm->tm_hour = (int)(rem / 3600);
    tm->tm_mday = d;
    tm->tm_mon = m - 1;
    tm->tm_year = (int)(y - 1900);
    tm->tm_wday = (int)((days % 7 + 11) % 7); /* 1970-01-01 was a Thursday */
    tm->tm_yday = (int)(days - days_from_civil(y, 1, 1));
    return tm;
}

struct tm *gmtime(const time_t *t)
{
    static struct tm tm;
    return gmtime_r(t, &tm);
}

time_t timegm(struct tm *tm)
{
    /* Normalises out-of-range months like the C library, then fills in the other fields. */
    int64_t year = (int64_t)tm->tm_year + 1900 + tm->tm_mon / 12;
    int mon = tm->tm_mon % 12;
    if (mon < 0) {
        mon += 12;
        year--;
    }
    int64_t days = days_from_civil(year, mon + 1, 1) + tm->tm_mday - 1;
    time_t t = (time_t)(days * 86400 + (int64_t)tm->tm_hour * 3600 + (int64_t)tm->tm_min * 60 +
                        tm->tm_sec);
    gmtime_r(&t, tm);
    return t;
}

/* ISO 8601 week number and week-based year (for %V, %G, %g). */
static int iso_week(const struct tm *tm, long *iso_year)
{
    long year = tm->tm_year + 1900L;
    int wday = (tm->tm_wday + 6) % 7; /* Monday 0 */
    int week = (tm->tm_yday - wday + 10) / 7;
    if (week < 1) {
        year--;
        int prev_days = 365 + is_leap(year);
        week = (tm->tm_yday + prev_days - wday + 10) / 7;
    } else if (week == 53) {
        int days = 365 + is_leap(year);
        if (tm->tm_yday - wday + 3 >= days) { /* this Thursday falls in the next year */
            week = 1;
            year++;
        }
    }
    *iso_year = year;
    return week;
}

size_t strftime(char *restrict s, size_t max, const char *restrict format,
                const struct tm *restrict tm)
{
    size_t n = 0;
    char buf[64];
    for (const char *f = format; *f; f++) {
        const char *piece = buf;
        if (*f != '%') {
            buf[0] = *f;
            buf[1] = '\0';
        } else {
            f++;
            while (*f == 'E' || *f == 'O') /* locale modifiers: the C locale ignores them */
                f++;
            long iso_year = 0;
            int hour12 = tm->tm_hour % 12 ? tm->tm_hour % 12 : 12;
            switch (*f) {
            case 'a': snprintf(buf, sizeof buf, "%.3s", wday_name[tm->tm_wday % 7]); break;
            case 'A': piece = wday_name[tm->tm_wday % 7]; break;
            case 'b':
            case 'h': snprintf(buf, sizeof buf, "%.3s", mon_name[tm->tm_mon % 12]); break;
            case 'B': piece = mon_name[tm->tm_mon % 12]; break;
            case 'c':
                snprintf(buf, sizeof buf, "%.3s %.3s %2d %02d:%02d:%02d %ld",
                         wday_name[tm->tm_wday % 7], mon_name[tm->tm_mon % 12], tm->tm_mday,
                         tm->tm_hour, tm->tm_min, tm->tm_sec, tm->tm_year + 1900L);
                break;
            case 'C': snprintf(buf, sizeof buf, "%02ld", (tm->tm_year + 1900L) / 100); break;
            case 'd': snprintf(buf, sizeof buf, "%02d", tm->tm_mday); break;
            case 'D':
            case 'x':
                snprintf(buf, sizeof buf, "%02d/%02d/%02d", tm->tm_mon + 1, tm->tm_mday,
                         (int)((tm->tm_year + 1900L) % 100));
                break;
            case 'e': snprintf(buf, sizeof buf, "%2d", tm->tm_mday); break;
            case 'F':
                snprintf(buf, sizeof buf, "%04ld-%02d-%02d", tm->tm_year + 1900L, tm->tm_mon + 1,
                         tm->tm_mday);
                break;
            case 'g': iso_week(tm, &iso_year); snprintf(buf, sizeof buf, "%02ld", iso_year % 100); break;
            case 'G': iso_week(tm, &iso_year); snprintf(buf, sizeof buf, "%ld", iso_year); break;
            case 'H': snprintf(buf, sizeof buf, "%02d", tm->tm_hour); break;
            case 'I': snprintf(buf, sizeof buf, "%02d", hour12); break;
            case 'j': snprintf(buf, sizeof buf, "%03d", tm->tm_yday + 1); break;
            case 'm': snprintf(buf, sizeof buf, "%02d", tm->tm_mon + 1); break;
            case 'M': snprintf(buf, sizeof buf, "%02d", tm->tm_min); break;
            case 'n': piece = "\n"; break;
            case 'p': piece = tm->tm_hour < 12 ? "AM" : "PM"; break;
            case 'r':
                snprintf(buf, sizeof buf, "%02d:%02d:%02d %s", hour12, tm->tm_min, tm->tm_sec,
                         tm->tm_hour < 12 ? "AM" : "PM");
                break;
            case 'R': snprintf(buf, sizeof buf, "%02d:%02d", tm->tm_hour, tm->tm_min); break;
            case 's': {
                struct tm copy = *tm;
                snprintf(buf, sizeof buf, "%lld", (long long)timegm(&copy));
                break;
            }
            case 'S': snprintf(buf, sizeof buf, "%02d", tm->tm_sec); break;
            case 't': piece = "\t"; break;
            case 'T':
            case 'X':
                snprintf(buf, sizeof buf, "%02d:%02d:%02d", tm->tm_hour, tm->tm_min, tm->tm_sec);
                break;
            case 'u': snprintf(buf, sizeof buf, "%d", tm->tm_wday ? tm->tm_wday : 7); break;
            case 'U': snprintf(buf, sizeof buf, "%02d", (tm->tm_yday + 7 - tm->tm_wday) / 7); break;
            case 'V': snprintf(buf, sizeof buf, "%02d", iso_week(tm, &iso_year)); break;
            case 'w': snprintf(buf, sizeof buf, "%d", tm->tm_wday); break;
            case 'W':
                snprintf(buf, sizeof buf, "%02d", (tm->tm_yday + 7 - (tm->tm_wday + 6) % 7) / 7);
                break;
            case 'y': snprintf(buf, sizeof buf, "%02d", (int)((tm->tm_year + 1900L) % 100)); break;
            case 'Y': snprintf(buf, sizeof buf, "%ld", tm->tm_year + 1900L); break;
            case 'z': piece = "+0000"; break;
            case 'Z': piece = "GMT"; break; /* as glibc prints it for a gmtime_r result */
            case '%': piece = "%"; break;
            case '\0': f--; piece = "%"; break;
            default: snprintf(buf, sizeof buf, "%%%c", *f); break;
            }
        }
        size_t len = strlen(piece);
        if (n + len >= max)
            return 0; /* as the C library: 0 when the result does not fit */
        memcpy(s + n, piece, len);
        n += len;
    }
    if (n >= max)
        return 0;
    s[n] = '\0';
    return n;
}
