/* nvidia_smi.h: the parts of nvidia-smi that live outside nvidia_smi.c: `nvidia-smi topo` and
 * `nvidia-smi nvlink` (nvidia_smi_topo.c), dispatched from the main command. */
#ifndef EMU_NVIDIA_SMI_H
#define EMU_NVIDIA_SMI_H

#include "command.h"

/* `nvidia-smi topo -m` (argv[0] is "topo"): the GPU/NIC matrix, CPU and NUMA affinity, legend.
 * Returns the exit status. */
int emu_nvidia_smi_topo(emu_context *context, int argc, char **argv, emu_out *out);

/* `nvidia-smi nvlink -s | -e | -c [-i N]` (argv[0] is "nvlink"): link speeds, error counters
 * and capabilities. Returns the exit status. */
int emu_nvidia_smi_nvlink(emu_context *context, int argc, char **argv, emu_out *out);

#endif
