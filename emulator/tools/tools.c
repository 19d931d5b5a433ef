/* tools.c: the table of every tool and lab command (tools.h). Each descriptor lives in its
 * tool's own file; this is the one list of them. */
#include <string.h>

#include "labs/labs.h"
#include "tools.h"

/* Sorted by name, as `help` lists them; the clock commands last, where `help` has always put
 * them. */
static const emu_command *const tools[] = {
    &emu_cmd_all_gather_perf, &emu_cmd_all_reduce_perf, &emu_cmd_alltoall_perf, &emu_cmd_answer,
    &emu_cmd_broadcast_perf, &emu_cmd_curl, &emu_cmd_dcgmi, &emu_cmd_dcgmproftester, &emu_cmd_df, &emu_cmd_dmesg, &emu_cmd_ethtool,
    &emu_cmd_free, &emu_cmd_goal, &emu_cmd_hint, &emu_cmd_ib_write_bw, &emu_cmd_ibdev2netdev, &emu_cmd_iblinkinfo,
    &emu_cmd_ibstat, &emu_cmd_ibstatus, &emu_cmd_ibtracert, &emu_cmd_ibv_devinfo, &emu_cmd_iostat, &emu_cmd_ip,
    &emu_cmd_ipmitool, &emu_cmd_journalctl, &emu_cmd_lab, &emu_cmd_lctl, &emu_cmd_lfs,
    &emu_cmd_lscpu, &emu_cmd_lsmod, &emu_cmd_lspci, &emu_cmd_mlxlink, &emu_cmd_modprobe, &emu_cmd_mount, &emu_cmd_mpirun, &emu_cmd_mpstat,
    &emu_cmd_nfsiostat, &emu_cmd_nproc, &emu_cmd_numactl, &emu_cmd_nvbandwidth, &emu_cmd_nvidia_smi, &emu_cmd_perfquery,
    &emu_cmd_pidstat, &emu_cmd_ping, &emu_cmd_ps, &emu_cmd_py_spy, &emu_cmd_reduce_scatter_perf, &emu_cmd_rmmod,
    &emu_cmd_sbatch, &emu_cmd_scancel, &emu_cmd_scontrol, &emu_cmd_setpci, &emu_cmd_sinfo, &emu_cmd_snapshot, &emu_cmd_solutions, &emu_cmd_squeue, &emu_cmd_srun,
    &emu_cmd_systemctl, &emu_cmd_timeline, &emu_cmd_top, &emu_cmd_uptime, &emu_cmd_vmstat,
    &emu_cmd_date, &emu_cmd_sleep,
};
#define N_TOOLS (sizeof tools / sizeof tools[0])

const emu_command *emu_tools_find(const char *name)
{
    if (!name)
        return NULL;
    for (size_t i = 0; i < N_TOOLS; i++) /* the first byte first: loops look tools up often */
        if (tools[i]->name[0] == name[0] && !strcmp(tools[i]->name, name))
            return tools[i];
    return NULL;
}

const emu_command *emu_tools_at(size_t index)
{
    return index < N_TOOLS ? tools[index] : NULL;
}
