/* repair.h: what operators' commands change in the world (repair.c), each as it changes a real
 * cluster: host power and reboots, kernel modules, PCIe ACS, services, GPU power limits and
 * resets, the scheduler's node states and the job's submission. The tools parse the command
 * lines and print the real tool's words; these make the change, so the next sample of any tool
 * shows its effect (or its absence after a wrong repair). Each returns 0 on success or a
 * negative EMU_REPAIR_* reason the tool reports in its own words. */
#ifndef EMU_MODEL_REPAIR_H
#define EMU_MODEL_REPAIR_H

#include "world.h"

enum {
    EMU_REPAIR_OK = 0,
    EMU_REPAIR_UNKNOWN = -1,  /* no such module, device, unit, node or job */
    EMU_REPAIR_BUSY = -2,     /* in use: a GPU with processes, a module with holders */
    EMU_REPAIR_RANGE = -3,    /* a value outside what the device allows */
    EMU_REPAIR_STATE = -4     /* not possible in the current state (the host is off ...) */
};

/* The seconds a DGX-class host takes from power-on to its kernel starting (firmware POST of
 * two sockets, 2 TB of memory and eight GPUs takes minutes; a modelling choice of 4 minutes). */
#define EMU_POST_S 240.0

/* Host power: off now, or on (the kernel starts EMU_POST_S later). A power cycle (or reset) of a
 * host that is on, or hung, reboots it: the boot it ends becomes the previous one. */
void emu_node_power(emu_world *world, int node, bool on);
void emu_node_power_cycle(emu_world *world, int node);

/* A hung host (an uncorrectable memory error): it stops answering at the current time. */
void emu_node_freeze(emu_world *world, int node);

#endif
