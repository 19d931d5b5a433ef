/* model.h: the model's face: a world built from a scenario with its derived caches filled
 * (model.c). The state is in world.h; what follows from it in gpu.h, hca.h, nccl.h, storage.h
 * and job.h. */
#ifndef EMU_MODEL_MODEL_H
#define EMU_MODEL_MODEL_H

#include <stdint.h>

#include "world.h"

/* Builds a world from a scenario (not NULL).
 * seed 0 keeps the scenario's seed. catalog (may be NULL) is what `lab list/start` offer; it and
 * the scenario must outlive the world. Returns NULL with *error set (malloc'd, caller frees) when
 * out of memory. Free with emu_world_free. */
emu_world *emu_world_new(const emu_catalog *catalog, const emu_scenario *scenario, uint64_t seed,
                         char **error);

/* Rebuilds the world in place from another scenario (for `lab start` and `lab restart`); the
 * pointer stays valid. Sets lab.lab_changed. Returns 0, or -1 (world unchanged) on failure. */
int emu_world_reset(emu_world *world, const emu_scenario *scenario, uint64_t seed);

/* Frees the world. NULL is allowed. */
void emu_world_free(emu_world *world);

#endif
