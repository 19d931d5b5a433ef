/* rng.c: deterministic variation for the emulator: hashes of (seed, clock, key, indices), so the
 * same seed and the same command sequence always print the same numbers (no rand(), no clock). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "rng.h"

/* splitmix64 finalizer (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
 * OOPSLA 2014): a cheap bijective mixer with good avalanche. */
static uint64_t rng_mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

/* The hash's first half: the seed and the key (emu_hash and emu_sampler_at share it). */
static uint64_t hash_key(uint64_t seed, const char *key)
{
    uint64_t h = rng_mix(seed);
    /* FNV-1a over the key, folded in through the mixer */
    uint64_t k = 0xcbf29ce484222325ull;
    for (const unsigned char *p = (const unsigned char *)(key ? key : ""); *p; p++)
        k = (k ^ *p) * 0x100000001b3ull;
    return rng_mix(h ^ k);
}

/* The second half: the indices. */
static uint64_t hash_indices(uint64_t h, uint64_t a, uint64_t b)
{
    h = rng_mix(h ^ a);
    return rng_mix(h ^ (b * 0x9e3779b97f4a7c15ull));
}

uint64_t emu_hash(uint64_t seed, const char *key, uint64_t a, uint64_t b)
{
    return hash_indices(hash_key(seed, key), a, b);
}

/* 53 random bits to [0, 1), then to [-1, 1] */
static double to_sample(uint64_t h)
{
    double u = (double)(h >> 11) / 9007199254740992.0;
    return 2.0 * u - 1.0;
}

double emu_sample_at(const emu_world *world, uint64_t tick, const char *key, int a, int b)
{
    return to_sample(emu_hash(world->seed ^ rng_mix(tick), key, (uint64_t)(int64_t)a, (uint64_t)(int64_t)b));
}

emu_sampler emu_sampler_at(const emu_world *world, uint64_t tick, const char *key)
{
    emu_sampler s = {hash_key(world->seed ^ rng_mix(tick), key)};
    return s;
}

double emu_sample_from(emu_sampler s, int a, int b)
{
    return to_sample(hash_indices(s.h, (uint64_t)(int64_t)a, (uint64_t)(int64_t)b));
}

double emu_sample(const emu_world *world, const char *key, int a, int b)
{
    return emu_sample_at(world, (uint64_t)(int64_t)floor(world->now_s), key, a, b);
}

double emu_command_seconds(const emu_world *world, double base_s, double spread_s)
{
    double u = 0.5 + 0.5 * emu_sample_at(world, world->commands_run, "cmd-seconds", 0, 0);
    return base_s + spread_s * u;
}

/* Two digits of v (0-99) at p. */
static void two_digits(char *p, int v)
{
    p[0] = (char)('0' + v / 10);
    p[1] = (char)('0' + v % 10);
}

void emu_format_utc_stamp(double time_s, char sep, char *buf)
{
    double t = floor(time_s);
    /* years 1970 to 9999 here; anything else as strftime says it (and everything in the
     * WebAssembly module, held to its size ceiling: wasm/wasm.mk) */
#ifdef __EMSCRIPTEN__
    if (1) {
#else
    if (!(t >= 0 && t < 253402300800.0)) {
#endif
        char format[] = "%Y-%m-%dT%H:%M:%S";
        format[8] = sep;
        emu_format_utc(time_s, format, buf, 20);
        return;
    }
    long long secs = (long long)t, days = secs / 86400, s = secs % 86400;
    /* the civil date of a day count (H. Hinnant, "chrono-Compatible Low-Level Date
     * Algorithms", civil_from_days), for days since 1970-01-01 >= 0 */
    long long z = days + 719468, era = z / 146097;
    long long doe = z - era * 146097;
    long long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    long long doy = doe - (365 * yoe + yoe / 4 - yoe / 100), mp = (5 * doy + 2) / 153;
    int day = (int)(doy - (153 * mp + 2) / 5 + 1), month = (int)(mp < 10 ? mp + 3 : mp - 9);
    int year = (int)(yoe + era * 400 + (month <= 2));
    two_digits(buf, year / 100);
    two_digits(buf + 2, year % 100);
    buf[4] = '-';
    two_digits(buf + 5, month);
    buf[7] = '-';
    two_digits(buf + 8, day);
    buf[10] = sep;
    two_digits(buf + 11, (int)(s / 3600));
    buf[13] = ':';
    two_digits(buf + 14, (int)(s / 60 % 60));
    buf[16] = ':';
    two_digits(buf + 17, (int)(s % 60));
    buf[19] = '\0';
}

void emu_format_utc(double time_s, const char *format, char *buf, size_t size)
{
    if (size == 0)
        return;
    buf[0] = '\0';
    time_t t = (time_t)floor(time_s);
    struct tm tm;
    if (!gmtime_r(&t, &tm))
        return;
    if (strftime(buf, size, format, &tm) == 0)
        buf[0] = '\0';
}
