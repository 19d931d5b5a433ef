/* tools.c: the table of every tool and lab command (emu_tools_find, emu_tools_list) and how long
 * each takes on the simulated clock. */
#include <string.h>

#include "model.h"
#include "tools.h"

/* Sorted by name, as `help` lists them. */
static const emu_command *const tools[] = {
    &emu_cmd_all_gather_perf, &emu_cmd_all_reduce_perf, &emu_cmd_alltoall_perf, &emu_cmd_answer,
    &emu_cmd_broadcast_perf, &emu_cmd_dcgmi, &emu_cmd_df, &emu_cmd_dmesg,
    &emu_cmd_ethtool, &emu_cmd_goal, &emu_cmd_hint, &emu_cmd_ib_write_bw, &emu_cmd_ibdev2netdev, &emu_cmd_ibstat, &emu_cmd_ibstatus,
    &emu_cmd_ibv_devinfo, &emu_cmd_iostat, &emu_cmd_ip, &emu_cmd_ipmitool, &emu_cmd_journalctl,
    &emu_cmd_lab, &emu_cmd_lctl, &emu_cmd_lfs, &emu_cmd_lspci, &emu_cmd_mlxlink, &emu_cmd_mount, &emu_cmd_mpirun,
    &emu_cmd_nfsiostat, &emu_cmd_numactl, &emu_cmd_nvidia_smi, &emu_cmd_perfquery, &emu_cmd_reduce_scatter_perf, &emu_cmd_scontrol,
    &emu_cmd_sinfo, &emu_cmd_solutions, &emu_cmd_squeue, &emu_cmd_srun, &emu_cmd_systemctl,
};
#define N_TOOLS (sizeof tools / sizeof tools[0])

const emu_command *emu_tools_find(const char *name)
{
    if (!name)
        return NULL;
    for (size_t i = 0; i < N_TOOLS; i++)
        if (!strcmp(tools[i]->name, name))
            return tools[i];
    return NULL;
}

const emu_command *const *emu_tools_list(size_t *count)
{
    if (count)
        *count = N_TOOLS;
    return tools;
}

/* Seconds each command takes: the lab commands take none; the tools about as long as on a real
 * node with a person reading the output (2-5 s); the long ones as the real tools: dcgmi diag -r 1
 * runs for seconds, -r 2 about two minutes (DCGM documentation); a full all_reduce_perf sweep
 * tens of seconds. */
void emu_world_command_started(emu_world *world, int node, const char *name)
{
    (void)node;
    if (!world || !name)
        return;
    static const char *const instant[] = {"lab", "goal", "hint", "answer", "solutions"};
    for (size_t i = 0; i < sizeof instant / sizeof instant[0]; i++)
        if (!strcmp(name, instant[i])) {
            emu_world_advance(world, 0);
            return;
        }
    if (!strcmp(name, "dcgmi"))
        emu_world_advance(world, emu_command_seconds(world, 8, 4));
    else if (strstr(name, "_perf") || !strcmp(name, "mpirun") || !strcmp(name, "srun"))
        emu_world_advance(world, emu_command_seconds(world, 20, 10));
    else
        emu_world_advance(world, emu_command_seconds(world, 2, 3));
}
