/* model.c: the model's face (model.h): a world built from a scenario (world.c) with the
 * simulation's caches filled (job.c), rebuilt in place for `lab start`, and freed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "job.h"
#include "model.h"

emu_world *emu_world_new(const emu_catalog *catalog, const emu_scenario *scenario, uint64_t seed,
                         char **error)
{
    if (error)
        *error = NULL;
    emu_world *w = calloc(1, sizeof *w);
    if (!w)
        goto oom;
    if (!scenario || emu_world_build(w, catalog, scenario, seed) != 0) {
        emu_world_free(w);
        goto oom;
    }
    emu_world_refresh(w);
    return w;
oom:
    if (error) {
        *error = malloc(32);
        if (*error)
            snprintf(*error, 32, "out of memory");
    }
    return NULL;
}

int emu_world_reset(emu_world *world, const emu_scenario *scenario, uint64_t seed)
{
    if (!world || !scenario)
        return -1;
    emu_world *copy = malloc(sizeof *copy);
    if (!copy)
        return -1;
    *copy = *world;
    unsigned long commands = world->commands_run;
    if (emu_world_build(world, world->catalog, scenario, seed) != 0) {
        *world = *copy;
        free(copy);
        return -1;
    }
    free(copy);
    emu_world_refresh(world);
    world->commands_run = commands;
    world->lab.lab_changed = true;
    return 0;
}

void emu_world_free(emu_world *world)
{
    if (!world)
        return;
    free(world->nodes);
    free(world->run.segments);
    free(world->uplinks.words);
    emu_world_free_rank_logs(world);
    free(world);
}
