/* tools.h: the simulated tools and lab commands. Each is one descriptor (command.h: name, help,
 * flags, simulated time cost, argument completion) defined in its own file; the table of
 * tools.c lists them. A new tool defines its descriptor, adds its extern here and one line to
 * that table. */
#ifndef EMU_TOOLS_H
#define EMU_TOOLS_H

#include <stdbool.h>
#include <stddef.h>

#include "command.h"

/* ---- the descriptors, by file (the lab commands' are in labs/labs.h) ---------------------------- */

/* clock.c */
extern const emu_command emu_cmd_date, emu_cmd_sleep;
extern const emu_command emu_cmd_touch, emu_cmd_dd; /* file_write.c */
extern const emu_command emu_cmd_uname, emu_cmd_ibportstate, emu_cmd_jq, emu_cmd_ibdiagnet;
/* dcgmi.c, dmesg.c, ipmitool.c */
extern const emu_command emu_cmd_dcgmi, emu_cmd_dmesg, emu_cmd_journalctl, emu_cmd_ipmitool,
    emu_cmd_systemctl;
/* nvidia_smi.c */
extern const emu_command emu_cmd_nvidia_smi;
/* nccl_tests.c */
extern const emu_command emu_cmd_all_reduce_perf, emu_cmd_all_gather_perf, emu_cmd_reduce_scatter_perf,
    emu_cmd_broadcast_perf, emu_cmd_alltoall_perf, emu_cmd_mpirun, emu_cmd_srun;
/* infiniband.c */
extern const emu_command emu_cmd_ibstat, emu_cmd_ibv_devinfo, emu_cmd_ibdev2netdev,
    emu_cmd_perfquery, emu_cmd_ibstatus, emu_cmd_mlxlink, emu_cmd_ib_write_bw;
/* ethtool.c, ip.c */
extern const emu_command emu_cmd_ethtool, emu_cmd_ip;
/* storage_tools.c */
extern const emu_command emu_cmd_iostat, emu_cmd_nfsiostat, emu_cmd_df, emu_cmd_mount,
    emu_cmd_lfs, emu_cmd_lctl;
/* host_tools.c (lspci and setpci share the PCIe tree), lsmod.c, modprobe.c */
extern const emu_command emu_cmd_numactl, emu_cmd_lspci, emu_cmd_setpci, emu_cmd_lsmod,
    emu_cmd_modprobe, emu_cmd_rmmod;
/* the host's processes, CPUs and memory: ps.c, top.c, pidstat.c, free.c, uptime.c, nproc.c,
 * vmstat.c, mpstat.c, py_spy.c */
extern const emu_command emu_cmd_ps, emu_cmd_top, emu_cmd_pidstat, emu_cmd_free, emu_cmd_uptime,
    emu_cmd_nproc, emu_cmd_vmstat, emu_cmd_mpstat, emu_cmd_py_spy;
/* ping.c, curl.c, nvbandwidth.c, dcgmproftester.c, lscpu.c */
extern const emu_command emu_cmd_ping, emu_cmd_curl, emu_cmd_nvbandwidth, emu_cmd_dcgmproftester,
    emu_cmd_lscpu, emu_cmd_ibtracert, emu_cmd_iblinkinfo;
/* slurm.c */
extern const emu_command emu_cmd_squeue, emu_cmd_scontrol, emu_cmd_sinfo, emu_cmd_sbatch,
    emu_cmd_scancel;
/* timeline.c: the handbook's own drawing of the job's steps (not a tool of a real node) */
extern const emu_command emu_cmd_timeline;

/* ---- the table (tools.c) ----------------------------------------------------------------------- */

/* The tool or lab command called `name`, or NULL. Shell builtins are not in this table. */
const emu_command *emu_tools_find(const char *name);

/* The index-th command of the table, in the order `help` lists them; NULL past the last. */
const emu_command *emu_tools_at(size_t index);

/* 1 when the tool called `name` is in the core WebAssembly module (the list in tools.c, which
 * says how to choose), 0 when only the full module has its code. wasm/core_table.c reads it. */
int emu_tools_in_core(const char *name);

/* ---- the local disks (storage_tools.c) ------------------------------------------------------- */

/* Reads and writes of the node's local block devices in KiB/s, as iostat's devices sum them
 * (vmstat's bi and bo). since_boot: the average since boot (a first report). */
void emu_node_disk_kb_per_s(const emu_world *world, int node, bool since_boot, double *read_kb,
                            double *write_kb);

/* ---- the job's checkpoints (train_log.c) and the node's configuration files (files.c) ------- */

/* The job's batch script in its home directory: what `ls` lists there, what sbatch accepts and
 * what scontrol's Command= names (one name for all three). */
#define EMU_JOB_SCRIPT "train.sbatch"

/* The iteration the job's run resumed from (train.log's first line). */
long emu_job_resume_step(const emu_world *world);

/* A checkpoint save after iteration step: 1 saved, -1 failed (ENOSPC: what train.log reports),
 * 0 none (not a save step, no checkpoint directory, or not over by the world's clock); the
 * checkpoint the run resumed from is saved (1): the run before wrote it. */
int emu_checkpoint_save_state(const emu_world *world, long step);

/* The layout of the files of each save: emu_checkpoint_stripe_count and emu_checkpoint_first_ost
 * (model/run.h). */

/* The checkpoint iterations in the job's checkpoint directory, oldest first: the one its run
 * resumed from and every save since that has begun writing (a failed save leaves its
 * directory); older ones are taken to be pruned (a retention of the latest, a modelling
 * choice). *latest: the last that saved whole, -1 none. Returns the count (files.c). */
int emu_job_checkpoints(const emu_world *world, long *iters, int max, long *latest);
/* true, with *state as emu_checkpoint_save_state's, when step is a save of the list
 * emu_job_checkpoints has already worked out for the world as it is now (files.c) */
bool emu_job_listed_save(const emu_world *world, long step, int *state);

/* The OSTs behind a Lustre mount (storage_tools.c). */
struct emu_mount;
int emu_lustre_ost_count(const struct emu_mount *mount);

/* A path under a mounted file system: its mount (-1: none), and for a checkpoint's file or
 * directory the iteration whose save made it (-1 otherwise). Returns the kind as
 * emu_world_file (0 none, 1 file, 2 directory) (files.c). */
int emu_mount_path(const emu_world *world, const char *path, int *mount, long *iteration);

/* `lfs getstripe FILE`, `lfs quota`, `lfs find`, `lfs migrate` (lfs_files.c): called by lfs
 * (storage_tools.c) with its arguments. emu_lfs_file_layout prints a file's layout and returns
 * 1, or returns 0 when path is no file of a Lustre mount (lfs prints a directory's). */
int emu_lfs_file_layout(const emu_world *world, const char *path, emu_out *out);

/* The size in bytes of a checkpoint file at path (a save's distrib_optim.pt or
 * model_optim_rng.pt; a failed save's holds the stripes written before the full OST), 0 for
 * anything else: ls -l, lfs quota and the OSTs' writes all take it from here (lfs_files.c). */
double emu_checkpoint_file_bytes(const emu_world *world, const char *path);

/* The OSTs a new file at path on Lustre mount m gets from its directory's layout, in stripe
 * order (the allocator lfs getstripe shows): returns the count (lfs_files.c). */
int emu_lustre_file_osts(const emu_world *world, int m, const char *path, int *osts, int max);

/* The file a learner made (touch, dd) at rest ("/NAME") of mount m's top directory: its index in
 * mounts[m].files, or -1 (files.c). */
int emu_mount_user_file(const emu_world *world, int m, const char *rest);

/* `ls -l` (ls_long.c, the full WebAssembly module only): argv holds "ls", "-d" if each directory
 * is to be listed as itself (ls -ld), then for each path the absolute path and the name as typed. The long listing: mode, links, owner, group, size (from
 * the model: a checkpoint's bytes, a log's text), time and name; returns ls's status. */
int emu_ls_long(emu_context *context, int argc, char **argv, emu_out *out);

/* The bytes node wrote to each of the n OSTs of mount m in the saves of the job's current run,
 * from each file's size and layout (its objects, in stripes), into per_ost[0..n) (lfs_files.c). */
void emu_checkpoint_ost_bytes(const emu_world *world, int node, int m, double *per_ost, int n);
int emu_lfs_more(emu_context *context, int argc, char **argv, emu_out *out);

/* A file's objects laid out count wide (-1: every OST) from first (1 + an OST index, 0: the MDS
 * chooses, passing over a full OST) on mount m, in stripe order into osts (at most max); gen
 * picks where the MDS starts a layout it chooses. Returns the count (lfs_files.c). */
int emu_lfs_layout_osts(const emu_world *world, int m, const char *path, int count, int first, int gen,
                        int *osts, int max);

/* The entry of mount's migrated[] that lfs migrate made for path, or -1 (lfs_files.c). */
int emu_lfs_migrated_at(const struct emu_mount *mount, const char *path);

/* `lfs migrate ...` (lfs_migrate.c), called by emu_lfs_more; in the WebAssembly core a stand-in
 * that asks for the full module. */
int emu_lfs_migrate(emu_context *context, int argc, char **argv, emu_out *out);

/* /etc/slurm/slurm.conf's text, as the scheduler the model follows is configured (slurm.c).
 * Returns 1 (a regular file). */
int emu_slurm_conf(const emu_world *world, emu_out *out);

/* The files and directories of a node beside the job's own and /proc, /sys: /, /etc, the mounted
 * file systems (the job's checkpoints on its checkpoint mount), as emu_world_file answers. */
int emu_node_file(const emu_world *world, int node, const char *path, emu_out *out);

/* ---- real tools no lab simulates (not_simulated.c) ------------------------------------------- */

/* 1 when name is a real tool of a GPU node that the emulator does not simulate (an editor, a
 * package manager, strace ...): the shell says so instead of "command not found". */
int emu_tool_not_simulated(const char *name);

/* ---- kernel module parameters (modinfo.c: the full module only, the core asks for it) ------- */

extern const emu_command emu_cmd_modinfo;

/* /sys/module/MODULE/parameters (rest: what follows it, "" for the directory), as
 * emu_procfs_file; 0 for a module with no parameter file in sysfs. */
int emu_module_params_file(const emu_world *world, int node, const char *module, const char *rest,
                           emu_out *out);

/* modprobe -v or with name=value arguments of an unloaded module, for root (modprobe.c checked
 * both). */
int emu_modprobe_params(emu_context *context, int argc, char **argv, emu_out *out);

/* ---- /sys (sysfs.c) ------------------------------------------------------------------------ */

/* The file or directory at path under /sys (path starts with "/sys"), as emu_procfs_file. */
int emu_sysfs_file(emu_world *world, int node, const char *path, emu_out *out);

/* The mount that Slurm job `id` (another user's checkpointing job, as squeue lists it) saves
 * to, or -1 for the lab's own job and for an id squeue does not show (slurm.c). */
int emu_sched_job_mount(const emu_world *world, int id);

/* ---- /proc (procfs.c) ----------------------------------------------------------------------- */

/* /proc/net (ip.c, the full module only: the core asks for it, wasm/core_stub.c): rest is what
 * follows "/proc/net"; as emu_procfs_file. */
int emu_proc_net_file(const emu_world *world, int node, const char *rest, emu_out *out);

/* The file or directory at path under /proc (path starts with "/proc") as emu_world_file
 * returns it: 0 none, 1 a file (its text into out when not NULL), 2 a directory (its entries). */
int emu_procfs_file(emu_world *world, int node, const char *path, emu_out *out);

/* ---- the job's files (train_log.c) ------------------------------------------------------------- */

/* The simulated files at an absolute, normalised path as the shell asks for them (train.log and
 * logs/rank-NN.log under /home/user, shared by every node). out (may be NULL) receives the file's
 * text, or a directory's entries one a line ("logs/" for subdirectories). Returns 0 (no such
 * path), 1 (a regular file) or 2 (a directory): the values of emu_file_kind in shell.h. */
int emu_world_file(emu_world *world, int node, const char *path, emu_out *out);

/* The same, but a regular file's text may be cut to (at least) its last `lines` lines: what
 * `tail -n LINES` reads (the rank logs of a 512-rank job are generated only that far). */
int emu_world_file_tail(emu_world *world, int node, const char *path, long lines, emu_out *out);

#endif
