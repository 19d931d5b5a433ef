/* py_spy.c: `py-spy dump --pid PID` (py-spy 0.3): the Python stack of a rank's trainer or of a
 * DataLoader worker at the simulated clock, from where the job's step timing (model/job.h) puts
 * that rank now: waiting for a batch, computing, waiting in the gradient all-reduce for a late
 * peer, or in the optimizer. Frames as py-spy prints them, innermost first (tool-formats.md
 * section 13); line numbers of PyTorch 2.3's files. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "out.h"
#include "tools.h"
#include "model/host.h"
#include "model/job.h"
#include "model/run.h"
#include "model/world.h"

/* A multiprocessing.Queue's get with a timeout, waiting on its pipe (CPython 3.10's
 * multiprocessing/queues.py and connection.py, as py-spy dumps of DataLoader workers and
 * multiprocessing pools show them: select at selectors.py:416, wait at connection.py:931). */
#define MP_QUEUE_GET                                                                               \
    "select (selectors.py:416)|wait (multiprocessing/connection.py:931)"                          \
    "|_poll (multiprocessing/connection.py:424)|poll (multiprocessing/connection.py:257)"         \
    "|get (multiprocessing/queues.py:113)"

/* The stacks, innermost frame first, '|' between frames. */
static const char *const stacks[] = {
    /* 0: the trainer waits for its next batch */
    "wait (threading.py:324)|get (queue.py:180)|_try_get_data (torch/utils/data/dataloader.py:1133)"
    "|_get_data (torch/utils/data/dataloader.py:1294)|_next_data (torch/utils/data/dataloader.py:1332)"
    "|__next__ (torch/utils/data/dataloader.py:631)|train (train.py:88)|main (train.py:151)"
    "|<module> (train.py:160)",
    /* 1: forward and backward */
    "_engine_run_backward (torch/autograd/graph.py:744)|backward (torch/autograd/__init__.py:266)"
    "|backward (torch/_tensor.py:525)|train (train.py:95)|main (train.py:151)|<module> (train.py:160)",
    /* 2: in the gradient all-reduce, waiting for the last rank */
    "wait (torch/distributed/distributed_c10d.py:2306)|all_reduce (torch/distributed/distributed_c10d.py:2288)"
    "|wrapper (torch/distributed/c10d_logger.py:79)|allreduce_gradients (train.py:71)|train (train.py:97)"
    "|main (train.py:151)|<module> (train.py:160)",
    /* 3: the optimizer */
    "_multi_tensor_adamw (torch/optim/adamw.py:592)|adamw (torch/optim/adamw.py:352)"
    "|step (torch/optim/adamw.py:187)|wrapper (torch/optim/optimizer.py:391)|train (train.py:99)"
    "|main (train.py:151)|<module> (train.py:160)",
    /* 4: a worker reading a sample (state D) */
    "read (data/shards.py:41)|load_sample (data/shards.py:63)|__getitem__ (data/dataset.py:58)"
    "|fetch (torch/utils/data/_utils/fetch.py:52)|_worker_loop (torch/utils/data/_utils/worker.py:308)"
    "|run (multiprocessing/process.py:108)|_bootstrap (multiprocessing/process.py:314)",
    /* 5: a worker decoding it */
    "decode (data/transforms.py:27)|__call__ (data/transforms.py:88)|__getitem__ (data/dataset.py:61)"
    "|fetch (torch/utils/data/_utils/fetch.py:52)|_worker_loop (torch/utils/data/_utils/worker.py:308)"
    "|run (multiprocessing/process.py:108)|_bootstrap (multiprocessing/process.py:314)",
    /* 6: a worker with its prefetch queue full, waiting for an index */
    MP_QUEUE_GET "|_worker_loop (torch/utils/data/_utils/worker.py:275)|run (multiprocessing/process.py:108)"
    "|_bootstrap (multiprocessing/process.py:314)",
    /* 7: rank 0 writing the checkpoint alone */
    "_save (torch/serialization.py:886)|save (torch/serialization.py:628)"
    "|save_checkpoint (megatron/training/checkpointing.py:389)|train (train.py:104)"
    "|main (train.py:151)|<module> (train.py:160)",
};

/* Prints a stack of '|'-separated frames, one a line, indented as py-spy does. */
static void print_frames(const char *frames, emu_out *out)
{
    for (const char *f = frames; *f;) {
        size_t len = strcspn(f, "|");
        emu_out_printf(out, "    %.*s\n", (int)len, f);
        f += len + (f[len] == '|');
    }
}

/* Which stack the process shows now, and whether its thread is active. */
static int stack_of(emu_world *w, const emu_proc *p, bool *active)
{
    if (p->role == EMU_PROC_WORKER) {
        *active = p->state != 'S';
        return p->state == 'D' ? 4 : p->state == 'R' ? 5 : 6;
    }
    /* a stopped run: the culprit where it stopped, every other rank in the all-reduce */
    emu_run_stop st;
    if (emu_run_stop_of(w, &st) && st.at_s < w->now_s) {
        bool culprit = p->rank == st.rank;
        *active = !(culprit && st.cause == EMU_STOP_LOADER_DEADLOCK);
        if (culprit)
            return st.cause == EMU_STOP_LOADER_DEADLOCK ? 0 : st.cause == EMU_STOP_SLOW_SAVE ? 7 : 1;
        return 2;
    }
    long step = emu_job_current_step(w);
    emu_rank_step rs;
    if (emu_job_rank_step(w, step, p->rank, &rs) != 0) {
        *active = false;
        return 0;
    }
    double into_ms = (w->now_s - emu_job_step_start_s(w, step)) * 1e3;
    into_ms = fmod(into_ms, rs.step_ms > 0 ? rs.step_ms : 1);
    int s = into_ms < rs.batch_wait_ms ? 0 : into_ms < rs.arrival_ms ? 1
          : into_ms < rs.arrival_ms + rs.collective_wait_ms + rs.allreduce_ms ? 2 : 3;
    *active = s != 0;
    return s;
}

static int cmd_py_spy(emu_context *c, int argc, char **argv, emu_out *out)
{
    emu_world *w = c->world;
    int pid = -1;
    bool dump = argc > 1 && !strcmp(argv[1], "dump");
    for (int i = 2; i < argc; i++)
        if ((!strcmp(argv[i], "--pid") || !strcmp(argv[i], "-p")) && i + 1 < argc)
            pid = atoi(argv[++i]);
        else if (strncmp(argv[i], "--pid=", 6) == 0)
            pid = atoi(argv[i] + 6);
    if (!dump || pid < 0) {
        emu_out_printf(out, "%s",
                       argc > 1 && strcmp(argv[1], "dump")
                           ? "error: py-spy here takes dump (record and top need a display)\n"
                           : "error: The following required arguments were not provided:\n    --pid <pid>\n\n"
                             "USAGE:\n    py-spy dump --pid <pid>\n");
        return 1;
    }
    emu_proc p;
    if (emu_node_proc_by_pid(w, c->node, pid, &p) != 0) {
        emu_out_printf(out, "Error: Failed to open process %d - check if it is running.\n", pid);
        return 1;
    }
    if (p.role != EMU_PROC_TRAINER && p.role != EMU_PROC_WORKER) {
        emu_out_printf(out, "Error: Failed to find python version from target process\n");
        return 1;
    }
    bool active;
    int s = stack_of(w, &p, &active);
    emu_out_printf(out, "Process %d: %s\nPython v3.10.12 (/usr/bin/python3.10)\n\n", p.pid, p.cmd);
    emu_out_printf(out, "Thread %d (%s): \"%s\"\n", p.pid, active ? "active" : "idle",
                   p.role == EMU_PROC_TRAINER ? "MainThread" : "MainThread");
    print_frames(stacks[s], out);
    if (p.role == EMU_PROC_TRAINER) {
        /* the pin-memory thread reads the workers' result queue, a multiprocessing Queue
         * (torch/utils/data/_utils/pin_memory.py: in_queue.get(timeout=MP_STATUS_CHECK_INTERVAL)) */
        emu_out_printf(out, "Thread %d (idle): \"Thread-2 (_pin_memory_loop)\"\n", p.pid + 211);
        print_frames(MP_QUEUE_GET "|do_one_step (torch/utils/data/_utils/pin_memory.py:31)"
                     "|_pin_memory_loop (torch/utils/data/_utils/pin_memory.py:54)|run (threading.py:953)"
                     "|_bootstrap_inner (threading.py:1016)|_bootstrap (threading.py:973)", out);
    }
    return 0;
}

static const char *const py_spy_flags[] = {"dump", "--pid", NULL};

const emu_command emu_cmd_py_spy = {
    "py-spy", cmd_py_spy, "the Python stack of a rank or DataLoader worker",
    "usage: py-spy dump --pid PID\n  PIDs: ps -ef, or nvidia-smi's process list. Dump a few ranks "
    "and compare:\n  a rank elsewhere while the others wait in all_reduce is the straggler.\n",
    py_spy_flags, .cost = EMU_COST_TOOL
};
