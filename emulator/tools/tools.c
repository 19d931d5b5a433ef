/* tools.c: the table of every tool and lab command (tools.h). Each descriptor lives in its
 * tool's own file; this is the one list of them. */
#include <string.h>

#include "labs/labs.h"
#include "tools.h"

/* Sorted by name (strcmp), as `help` lists them: tests/emulator/test_invariants.c checks it. */
static const emu_command *const tools[] = {
    &emu_cmd_all_gather_perf, &emu_cmd_all_reduce_perf, &emu_cmd_alltoall_perf, &emu_cmd_answer,
    &emu_cmd_broadcast_perf, &emu_cmd_curl, &emu_cmd_date, &emu_cmd_dcgmi, &emu_cmd_dcgmproftester, &emu_cmd_dd, &emu_cmd_df, &emu_cmd_dmesg, &emu_cmd_ethtool,
    &emu_cmd_free, &emu_cmd_goal, &emu_cmd_hint, &emu_cmd_ib_write_bw, &emu_cmd_ibdev2netdev, &emu_cmd_ibdiagnet, &emu_cmd_iblinkinfo, &emu_cmd_ibportstate,
    &emu_cmd_ibstat, &emu_cmd_ibstatus, &emu_cmd_ibtracert, &emu_cmd_ibv_devinfo, &emu_cmd_iostat, &emu_cmd_ip,
    &emu_cmd_ipmitool, &emu_cmd_journalctl, &emu_cmd_jq, &emu_cmd_lab, &emu_cmd_lctl, &emu_cmd_lfs,
    &emu_cmd_lscpu, &emu_cmd_lsmod, &emu_cmd_lspci, &emu_cmd_mlxlink, &emu_cmd_modinfo, &emu_cmd_modprobe, &emu_cmd_mount, &emu_cmd_mpirun, &emu_cmd_mpstat,
    &emu_cmd_nfsiostat, &emu_cmd_nproc, &emu_cmd_numactl, &emu_cmd_nvbandwidth, &emu_cmd_nvidia_smi, &emu_cmd_perfquery,
    &emu_cmd_pidstat, &emu_cmd_ping, &emu_cmd_ps, &emu_cmd_py_spy, &emu_cmd_reduce_scatter_perf, &emu_cmd_rmmod,
    &emu_cmd_sbatch, &emu_cmd_scancel, &emu_cmd_scontrol, &emu_cmd_setpci, &emu_cmd_sinfo, &emu_cmd_sleep, &emu_cmd_snapshot, &emu_cmd_solutions, &emu_cmd_squeue, &emu_cmd_srun,
    &emu_cmd_systemctl, &emu_cmd_timeline, &emu_cmd_top, &emu_cmd_touch, &emu_cmd_uname, &emu_cmd_uptime, &emu_cmd_vmstat,
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

/* ---- the core module -------------------------------------------------------------------------
 * A lab page fetches the CORE WebAssembly module on Start (wasm/README.md, "Two modules"): the
 * session, shell and model with the tools named below. Every other tool is in the full module
 * only: the core keeps its name, summary and flags (`help`, Tab and "command not found" do
 * not change), and its first run makes the page fetch the full module and replay the session
 * there. So a new tool lands in the full module unless it is added here, and a tool belongs
 * here only when the labs lean on it: a lab's worked solution, fix check or verification uses
 * it (`make test-wasm-transcripts` fails when one is missing: wasm/test_core.js), or learners
 * reach for it early (/work/coord/learner/ in the 2026-12 sessions). The choice of 2026-12-02,
 * from the 11 labs and the learners' sessions, is in bench/RESULTS.md ("Module size"). */
static const char *const core_tools[] = {
    /* the lab commands */
    "answer", "goal", "hint", "lab", "snapshot", "solutions",
    /* nccl-tests and mpirun (one file: the other collectives cost no code); srun, which no
     * lab's solution, fix check or hint uses, is full-only (2,760 B of the core) */
    "all_reduce_perf", "all_gather_perf", "alltoall_perf", "broadcast_perf",
    "reduce_scatter_perf", "mpirun",
    /* GPUs, fabric, storage, logs, out-of-band, scheduler, host (ibstatus and ibdev2netdev,
     * used by no lab, are full-only: 864 B) */
    "nvidia-smi", "ibstat", "ibv_devinfo", "perfquery", "iblinkinfo",
    "ibtracert", "ib_write_bw", "mlxlink", "df", "mount", "lfs", "lctl", "dmesg", "journalctl",
    "systemctl", "ipmitool", "ping", "squeue", "sinfo", "scontrol", "lsmod", "modprobe", "rmmod",
    "uptime", "date", "sleep",
};

int emu_tools_in_core(const char *name)
{
    for (size_t i = 0; i < sizeof core_tools / sizeof core_tools[0]; i++)
        if (name && !strcmp(core_tools[i], name))
            return 1;
    return 0;
}
