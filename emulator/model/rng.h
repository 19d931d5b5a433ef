/* rng.h: deterministic variation: hashes of (seed, clock, key, indices), so the same seed and
 * the same commands always print the same numbers (no rand(), no wall clock). */
#ifndef EMU_MODEL_RNG_H
#define EMU_MODEL_RNG_H

#include <stddef.h>
#include <stdint.h>

#include "world.h"

/* How many seconds a command takes, deterministic from the seed and the clock: base_s plus up to
 * spread_s of jitter. Tools call emu_world_advance(world, emu_command_seconds(world, 2, 3)). */
double emu_command_seconds(const emu_world *world, double base_s, double spread_s);

/* A deterministic sample in [-1, 1] from the seed, the current simulated second, a key and two
 * indices (e.g. "temp", node, gpu). Same world state and arguments, same value. */
double emu_sample(const emu_world *world, const char *key, int a, int b);

/* The same, at an explicit tick (e.g. a step number) instead of the current second. */
double emu_sample_at(const emu_world *world, uint64_t tick, const char *key, int a, int b);

/* emu_sample_at for many indices at one tick and key (every rank of a step): the part of the hash
 * that depends on the tick and the key only, mixed once. emu_sample_from(emu_sampler_at(world,
 * tick, key), a, b) == emu_sample_at(world, tick, key, a, b), bit for bit. */
typedef struct emu_sampler {
    uint64_t h;
} emu_sampler;
emu_sampler emu_sampler_at(const emu_world *world, uint64_t tick, const char *key);
double emu_sample_from(emu_sampler sampler, int a, int b);

/* A 64-bit hash (splitmix64 finalizer over the inputs); used for GUIDs, UUIDs, pids. */
uint64_t emu_hash(uint64_t seed, const char *key, uint64_t a, uint64_t b);

/* Formats UTC epoch seconds with strftime (e.g. "%Y/%m/%d %H:%M:%S"); writes "" on failure. */
void emu_format_utc(double time_s, const char *format, char *buf, size_t size);

/* The same as emu_format_utc(time_s, "%Y-%m-%dT%H:%M:%S", buf, 20) with sep in place of the 'T'
 * (' ' for "%Y-%m-%d %H:%M:%S"), without gmtime and strftime: a log of 512 ranks stamps 12,288
 * lines. buf holds at least 20 bytes. tests/emulator/test_model.c compares the two. */
void emu_format_utc_stamp(double time_s, char sep, char *buf);

#endif
