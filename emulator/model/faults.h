/* faults.h: faults into state (faults.c), the last step of building a world (world.c). */
#ifndef EMU_MODEL_FAULTS_H
#define EMU_MODEL_FAULTS_H

#include "world.h"

/* Applies one fault to the state: the fault's kind changes the devices it names and leaves the
 * kernel and SEL entries the real fault leaves. A fault naming a device the world lacks changes
 * nothing. */
void emu_fault_apply(emu_world *world, const emu_fault *fault);

/* Undoes what a fault keeps doing, as its fix (or its end_s) would: the port back at its rate,
 * the module loaded, the limit restored ... What it left in the logs and counters stays, and
 * faults that are events (an Xid, a hang, ECC counts) clear nothing. */
void emu_fault_clear(emu_world *world, const emu_fault *fault);

#endif
