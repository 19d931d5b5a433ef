/* tools.h: every simulated tool and lab command, each defined in its own file, gathered into the
 * table of tools.c. A new tool adds its extern here and one line to that table. */
#ifndef EMU_TOOLS_H
#define EMU_TOOLS_H

#include "command.h"

/* labs.c */
extern const emu_command emu_cmd_lab, emu_cmd_goal, emu_cmd_hint, emu_cmd_answer,
    emu_cmd_solutions;
/* dcgmi.c, dmesg.c, ipmitool.c */
extern const emu_command emu_cmd_dcgmi, emu_cmd_dmesg, emu_cmd_journalctl, emu_cmd_ipmitool,
    emu_cmd_systemctl;
/* nvidia_smi.c */
extern const emu_command emu_cmd_nvidia_smi;
/* the network, storage and host tools: net_tools.h (emu-net) */
#include "net_tools.h"
/* train_log.c */
extern const emu_command emu_cmd_squeue, emu_cmd_scontrol, emu_cmd_sinfo;

#endif
