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

uint64_t emu_hash(uint64_t seed, const char *key, uint64_t a, uint64_t b)
{
    uint64_t h = rng_mix(seed);
    /* FNV-1a over the key, folded in through the mixer */
    uint64_t k = 0xcbf29ce484222325ull;
    for (const unsigned char *p = (const unsigned char *)(key ? key : ""); *p; p++)
        k = (k ^ *p) * 0x100000001b3ull;
    h = rng_mix(h ^ k);
    h = rng_mix(h ^ a);
    h = rng_mix(h ^ (b * 0x9e3779b97f4a7c15ull));
    return h;
}

double emu_sample_at(const emu_world *world, uint64_t tick, const char *key, int a, int b)
{
    uint64_t h = emu_hash(world->seed ^ rng_mix(tick), key, (uint64_t)(int64_t)a,
                          (uint64_t)(int64_t)b);
    /* 53 random bits to [0, 1), then to [-1, 1] */
    double u = (double)(h >> 11) / 9007199254740992.0;
    return 2.0 * u - 1.0;
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
