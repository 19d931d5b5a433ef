/* run.h: the job's run over time (run.c): when its steps start (checkpoint saves and periodic
 * loader stalls take time between them), when and why it stops making progress (a lost host or
 * GPU, a frozen node, a hung rank, a deadlocked loader, a checkpoint save longer than the
 * collective timeout), how it then ends (PyTorch's NCCL watchdog, Slurm's node failure) and the
 * scheduler's view of the job and the nodes. Every tool that shows the job's progress or state
 * (train.log, the rank logs, squeue, scontrol, sinfo, nvidia-smi, py-spy, ps) reads these. */
#ifndef EMU_MODEL_RUN_H
#define EMU_MODEL_RUN_H

#include <stdbool.h>
#include <stddef.h>

#include "world.h"

/* PyTorch's default timeout of an NCCL process group is 10 minutes (torch.distributed,
 * _DEFAULT_PG_NCCL_TIMEOUT, PyTorch 2.2 and later): world.run.timeout_s starts there. */

/* Slurm's SlurmdTimeout default: a node that does not answer for 300 s is set DOWN and its
 * jobs end with NODE_FAIL (slurm.conf(5)). */
#define EMU_SLURMD_TIMEOUT_S 300.0

/* emu_stop_cause, emu_end_kind and emu_run_stop (why and when the run stops, how it ends) are
 * declared in world.h, which caches the stop (emu_run_stop_of). */

/* The earliest stop of the job's run, whether or not it has happened by now. Returns true and
 * fills *out when the run stops at some time, false (zeroed) when nothing stops it. */
bool emu_run_stop_of(const emu_world *world, emu_run_stop *out);

/* The job's Slurm state now: "RUNNING", "COMPLETING" (being torn down), "FAILED",
 * "NODE_FAIL", "CANCELLED", "PENDING", or NULL without a job. */
const char *emu_run_state(const emu_world *world);

/* Seconds slurmd takes to tear a job's steps down (COMPLETING) after it ends or is cancelled (a
 * modelling choice: the order of Slurm's default KillWait of 30 s and what operators see). */
#define EMU_TEARDOWN_S 15.0

/* When the job ended (Slurm's EndTime: cancelled, failed or NODE_FAIL; its teardown follows),
 * or 0 while it has not ended by now. */
double emu_run_end_s(const emu_world *world);

/* When the job's nodes were released (the end of its teardown), or 0 while it holds them. */
double emu_run_released_s(const emu_world *world);

/* Whether the job holds node now (running or being torn down on it), so that a new allocation
 * that needs the node waits for it (Slurm allocates whole nodes here: the job's gres takes all
 * eight GPUs of each). */
bool emu_run_holds_node(const emu_world *world, int node);

/* When the job will release its nodes (the end of its teardown, in the past or the future), 0
 * when nothing in the model ends it (a run that keeps training). */
double emu_run_release_due_s(const emu_world *world);

/* How long an srun is left waiting for nodes in one command, at most (a modelling choice of
 * half an hour: the model's hangs, watchdog timeouts and teardowns end within it; a longer
 * wait leaves the request queued, squeue's PD with reason Resources). */
#define EMU_SRUN_WAIT_S 1800.0

/* The id of the k-th srun left waiting (world.run.srun_pending) while it is still queued now,
 * else 0 (a free slot, or the job has released the nodes and it ran). */
int emu_srun_pending_id(const emu_world *world, int k);

/* The steps the run has made by time t, counted from step 0 of its timeline, with the share of
 * the one in progress (its step time and the save or stall after it): what grows with the
 * steps (the job's network traffic) grows so. It stops growing when the run stops or the job
 * ends (a cancelled job makes no more steps). */
double emu_run_steps_done_at(const emu_world *world, double t);

/* Whether the job's processes are alive now (running or hung, not yet ended). */
bool emu_run_alive(const emu_world *world);

/* The last step that completed before time t (or before the run stopped). */
long emu_run_last_step(const emu_world *world, double t);

/* ---- the scheduler's nodes ---------------------------------------------------------------- */

/* What slurmctld concludes about node as time passes: DOWN ("Not responding") once it has not
 * answered for SlurmdTimeout, DOWN ("Node unexpectedly rebooted") when it comes back from a
 * boot nobody asked Slurm for; with ReturnToService=0 (the default) it stays down until an
 * administrator resumes it. Called by the clock (timeline.c). */
void emu_slurm_watch(emu_world *world, int node);

/* The BootTime the controller holds for NODE (UTC epoch seconds): the one slurmd registered
 * with when it last answered; a node still booting keeps its previous boot's time. */
double emu_slurm_boot_time_s(const emu_world *world, int node);

/* The node's state as sinfo prints it: "alloc", "idle", "mix", "drain", "drng" (draining with a
 * job), "down", and "*" appended while it does not respond. Writes the reason sinfo -R shows
 * into reason (may be NULL). */
const char *emu_slurm_node_state(const emu_world *world, int node, char *reason, size_t size);

/* ---- checkpoints -------------------------------------------------------------------------- */

/* Bytes per parameter in a checkpoint of mixed-precision Adam training: bf16 weights (2), fp32
 * master weights (4) and two fp32 Adam moments (4 + 4); the gradients are not saved. From the
 * model states of Rajbhandari et al., ZeRO (SC 2020), section 3.1 (2 + 2 + 12 bytes with the
 * fp16 gradients). */
#define EMU_CHECKPOINT_BYTES_PER_PARAM 14.0

/* The bytes of one checkpoint of the job (EMU_CHECKPOINT_BYTES_PER_PARAM a parameter), and the
 * share one writing node writes (all of it when rank 0 saves alone). */
double emu_run_checkpoint_bytes(const emu_world *world);
double emu_run_checkpoint_bytes_per_writer(const emu_world *world);

/* The seconds one checkpoint save takes: emu_run_checkpoint_bytes over the write bandwidth the
 * save gets (the mount's, the writers' network links). 0 without checkpoints. */
double emu_run_save_s(const emu_world *world);

/* The stripe count the files of the save after iteration step were created with (the layout
 * the checkpoint mount had when the save began; -1: every OST). Needs a checkpoint mount. */
int emu_checkpoint_stripe_count(const emu_world *world, long step);

/* 1 + the OST of the first object of those files (lfs setstripe -i), 0: the MDS chose. */
int emu_checkpoint_first_ost(const emu_world *world, long step);

/* Whether the save after step fails with ENOSPC on the job's checkpoint mount (a full target,
 * or a file with an object on a full OST) in the layout the mount had when the save began:
 * what train.log reports. false without a checkpoint mount. */
bool emu_run_save_fails(const emu_world *world, long step);

/* The seconds the save after step (a multiple of the checkpoint interval) blocks training:
 * emu_run_save_s, or 0 when it fails: it fails at once with ENOSPC (train.log logs the error in
 * the second the save began) and the job trains on. */
double emu_run_save_blocks_s(const emu_world *world, long step);

/* The first step whose save had not begun at the world's clock (at least 1): from it on, a
 * layout changed now (lfs setstripe) applies. */
long emu_run_unbegun_save_step(const emu_world *world);

/* Seconds from submission to the job's first step: the scheduler's next cycle, srun's launch,
 * Python's imports, the data loaders' start and NCCL's initialisation (a modelling choice of a
 * minute, the order operators report for a 16-GPU PyTorch job). */
#define EMU_JOB_STARTUP_S 60.0

/* Seconds from sbatch to the job's start on idle nodes: the scheduler's cycle (a modelling
 * choice of half a minute; scontrol's SubmitTime is StartTime less this). */
#define EMU_JOB_QUEUED_S 30.0

/* When the save of step's checkpoint ended (UTC epoch seconds; its files' and, for the latest
 * good save, latest_checkpointed_iteration.txt's mtime): for the checkpoint the present run
 * resumed from, the save of the run before (w->run.resumed_saved_s, before this job's
 * StartTime); otherwise the start of step + 1 (the save blocks training until written). */
double emu_run_checkpoint_saved_s(const emu_world *world, long step);

/* The state of the checkpoint save after iteration step at the world's clock, the one rule
 * every view of the saves follows (train.log, the checkpoint directory and its tracker file,
 * lfs, a resubmission's resume point): 1 written whole, -1 failed (ENOSPC: what train.log
 * reports), 0 none (not a multiple of the interval, before the checkpoint the run resumed
 * from, no checkpoint mount, or not over by the clock). The checkpoint the run resumed from
 * is 1: the run before wrote it. */
int emu_run_save_state(const emu_world *world, long step);

/* The last checkpoint whose save completed by the world's clock (the iteration Megatron's
 * latest_checkpointed_iteration.txt names, which it writes only after a save succeeded): the
 * newest save whose emu_run_save_state is 1, else the checkpoint the present run resumed
 * from; 0 when there is none. What a resubmitted job resumes from, and what the checkpoint
 * directory's tracker file holds (tools/files.c reads it from here). */
long emu_run_last_saved_step(const emu_world *world);

/* Where the job's present run began: the step it resumed from (*step: the step timeline's at
 * that time, not below 0) and when (*at_s, UTC epoch seconds): the job's Slurm StartTime plus
 * EMU_JOB_STARTUP_S. train.log's first lines and scontrol's StartTime both follow from it. */
void emu_run_began(const emu_world *world, long *step, double *at_s);

/* Whether a save is being written at time t, and the bytes per second this node writes then
 * (0 on a node that does not write). */
bool emu_run_saving(const emu_world *world, int node, double t, double *bytes_per_s);

#endif
