/* repair.h: what operators' commands change in the world (repair.c), each as it changes a real
 * cluster: host power and reboots, kernel modules, PCIe ACS, services, GPU power limits and
 * resets, the scheduler's node states and the job's submission. The tools parse the command
 * lines and print the real tool's words; these make the change, so the next sample of any tool
 * shows its effect (or its absence after a wrong repair). Each returns 0 on success or a
 * negative EMU_REPAIR_* reason the tool reports in its own words. */
#ifndef EMU_MODEL_REPAIR_H
#define EMU_MODEL_REPAIR_H

#include <stdbool.h>
#include <stdint.h>

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

/* ---- on a node -------------------------------------------------------------------------- */

/* modprobe / modprobe -r: loads or unloads a kernel module (host.h's list; nvidia_peermem is the
 * one whose absence matters: GPUDirect RDMA). UNKNOWN for a module the node does not have, BUSY
 * when unloading one that others hold. */
int emu_module_set(emu_world *world, int node, const char *name, bool load);

/* setpci on a PCIe switch's downstream port: writes its ACS Control register (ECAP_ACS+0x6);
 * the ReqRedir (bit 2) and CmpltRedir (bit 3) bits decide whether peer traffic goes up to the
 * root complex. */
void emu_pcie_acs_write(emu_world *world, int node, int pcie_switch, unsigned value);

/* systemctl start/stop/restart of a service (host.h's list): a restart gives it a new pid and
 * start time; starting Fabric Manager on an NVSwitch system brings the fabric up. */
int emu_service_control(emu_world *world, int node, const char *unit, const char *action);

/* nvidia-smi -pl: the enforced power limit, between the GPU's minimum and default limits (RANGE
 * otherwise). */
int emu_gpu_set_power_limit(emu_world *world, int node, int gpu, double watts);

/* nvidia-smi -r: a GPU reset. BUSY while a process uses it, STATE when it fell off the bus (only
 * a reboot brings it back). It activates a pending row remap and clears volatile ECC counts. */
int emu_gpu_reset(emu_world *world, int node, int gpu);

/* nvidia_peermem's parameters, as a modprobe with them loaded it (emu_module_set resets them to
 * the defaults, 0 and 1). persistent_api_support 0 registers the legacy peer-memory client
 * beside the persistent one (nvidia-peermem.c nv_mem_nc_client_init(): nv_mem and nv_mem_nc). */
void emu_peermem_set_params(emu_world *world, int node, int peerdirect_support, int persistent_api_support);

/* ---- the scheduler ------------------------------------------------------------------------ */

/* scontrol update nodename=N state=S reason=R: state is the name scontrol's parser gives the
 * word (slurm.c: "DRAIN", "DOWN", "RESUME", "UNDRAIN", "IDLE", "ALLOCATED" ...; NULL: Reason=
 * alone); STATE when slurmctld refuses it for the node's present state. */
int emu_slurm_node_update(emu_world *world, int node, const char *state, const char *reason);

/* What a resubmission changes: nodes to leave out, CPUs per task, the job's environment. */
typedef struct emu_submit {
    uint64_t exclude;             /* nodes not to use (bit per index, --exclude) */
    int cpus_per_task;            /* > 0: --cpus-per-task (each rank's cpuset) */
    const char *nccl_ib_hca;      /* NULL: as before; "": unset */
    const char *nccl_socket_ifname;
    int nccl_ib_disable;          /* -1 as before, 0 unset, 1 set */
    double timeout_s;             /* > 0: the job's collective timeout */
} emu_submit;

/* scancel: the job ends now (CANCELLED). */
void emu_job_cancel(emu_world *world);

/* sbatch: the job runs again from its last checkpoint, on nodes that are up and not drained or
 * excluded, after the scheduler's and the launcher's start-up; while the current job still holds
 * its nodes (running, hung or being torn down) the new one waits in the queue (PENDING,
 * Resources) until they are released. Returns the new job id, UNKNOWN when too few nodes are
 * available, BUSY when a job already waits (the user's submit limit). */
int emu_job_submit(emu_world *world, const emu_submit *submit);

/* train.sbatch's settings: as first submitted once the job was resubmitted (job.script), the
 * job's live ones (the scenario's faults included) until then. */
void emu_job_script_of(const emu_world *world, emu_job_script *out);

/* The clock's part (timeline.c): a job submitted while the last one held its nodes starts a
 * couple of seconds after they are released, when enough of them are up. */
void emu_job_start_queued(emu_world *world);

/* scancel of the waiting job: true when id was it (it leaves the queue). */
bool emu_job_cancel_queued(emu_world *world, int id);

/* A new srun allocation's Slurm job id (they follow the job's: id + 11, + 12, ...). */
int emu_srun_job_id(emu_world *world);

/* An allocation waiting for the nodes the job holds: the clock moves on to when the job
 * releases them (its teardown's end; slurmctld then schedules within a couple of seconds) if
 * that comes within max_s, through the onsets of the faults still to come in that window (one of
 * them may end the job). Returns true when the nodes were freed, false when nothing the model
 * holds frees them in time (the clock then stands at the last such onset, or where it was). */
bool emu_srun_wait_nodes(emu_world *world, double max_s);

/* An srun whose wait outlasts the command: it stays queued (world.run.srun_pending) for n_nodes
 * nodes, running program name, until the job releases its nodes or scancel withdraws it.
 * Returns false (nothing queued) when the queue is full. */
bool emu_srun_leave_queued(emu_world *world, int id, int n_nodes, const char *name);

/* Whether as many sruns wait queued as the model keeps (world.run.srun_pending): a further one
 * is refused, as Slurm refuses a job past the user's MaxSubmitJobs limit. */
bool emu_srun_queue_full(const emu_world *world);

/* scancel of the srun left waiting (world.run.srun_pending): true when id was it. */
bool emu_srun_cancel_pending(emu_world *world, int id);
