# scenario: tests/emulator/fixtures/time_hang.yaml
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x H100 per node. You are on node01.

No lab is started: `lab list` shows the labs, `lab start ID` opens one.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ squeue
             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)
             61000     train pretrain     user  R    3:00:02      2 node[01-02]
$ tail -n 2 logs/rank-13.log | cut -c1-120
2026-06-02T08:59:56.831Z rank=13 node=node02 gpu=5 step=998 batch_wait_ms=0.3 compute_ms=3104.1 allreduce_enter_ms=3104.
2026-06-02T09:00:00.000Z rank=13 node=node02 gpu=5 step=999 batch_wait_ms=0.1 compute_ms=3085.8 allreduce_enter_ms=3086.
$ sleep 300
$ nvidia-smi --query-gpu=index,utilization.gpu,power.draw --format=csv -i 0
index, utilization.gpu [%], power.draw [W]
0, 100 %, 695.76 W
$ ssh node02 nvidia-smi --query-gpu=index,utilization.gpu --format=csv -i 5
index, utilization.gpu [%]
5, 100 %
$ tail -n 1 logs/rank-13.log | cut -c1-80
2026-06-02T09:01:59.555Z rank=13 node=node02 gpu=5 step=1029 batch_wait_ms=0.6 c
$ tail -n 1 logs/rank-00.log | cut -c1-80
2026-06-02T09:01:59.555Z rank=00 node=node01 gpu=0 step=1029 batch_wait_ms=0.7 c
$ py-spy dump --pid 458877 | head -6
Process 458877: python -u train.py --config configs/pretrain-7b.yaml
Python v3.10.12 (/usr/bin/python3.10)

Thread 458877 (active): "MainThread"
    wait (torch/distributed/distributed_c10d.py:2306)
    all_reduce (torch/distributed/distributed_c10d.py:2288)
$ ssh node02 py-spy dump --pid 445368 | head -6
Process 445368: python -u train.py --config configs/pretrain-7b.yaml
Python v3.10.12 (/usr/bin/python3.10)

Thread 445368 (active): "MainThread"
    _engine_run_backward (torch/autograd/graph.py:744)
    backward (torch/autograd/__init__.py:266)
$ sleep 480
$ tail -n 12 train.log | cut -c1-200
[2026-06-02 09:12:00] [rank10]:[E0602 09:12:00.010173757 ProcessGroupNCCL.cpp:607] [Rank 10] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=4124, OpType=ALLREDUCE, NumelIn=7000000000, N
[2026-06-02 09:12:00] [rank11]:[E0602 09:12:00.011391903 ProcessGroupNCCL.cpp:607] [Rank 11] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=4124, OpType=ALLREDUCE, NumelIn=7000000000, N
[2026-06-02 09:12:00] [rank12]:[E0602 09:12:00.012141669 ProcessGroupNCCL.cpp:607] [Rank 12] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=4124, OpType=ALLREDUCE, NumelIn=7000000000, N
[2026-06-02 09:12:00] [rank14]:[E0602 09:12:00.014283223 ProcessGroupNCCL.cpp:607] [Rank 14] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=4124, OpType=ALLREDUCE, NumelIn=7000000000, N
[2026-06-02 09:12:00] [rank15]:[E0602 09:12:00.015323392 ProcessGroupNCCL.cpp:607] [Rank 15] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=4124, OpType=ALLREDUCE, NumelIn=7000000000, N
[2026-06-02 09:12:00] [rank0]:[E0602 09:12:00.060217390 ProcessGroupNCCL.cpp:1664] [PG 0 (default_pg) Rank 0] Exception (either an error or timeout) detected by watchdog at work: 4124, last enqueued N
[2026-06-02 09:12:00] [rank0]:[E0602 09:12:00.061025572 ProcessGroupNCCL.cpp:621] [Rank 0] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU
[2026-06-02 09:12:00] [rank0]:[E0602 09:12:00.062326630 ProcessGroupNCCL.cpp:627] [Rank 0] To avoid data inconsistency, we are taking the entire process down.
[2026-06-02 09:12:01] terminate called after throwing an instance of 'c10::DistBackendError'
[2026-06-02 09:12:02] srun: error: node01: tasks 0-7: Aborted (core dumped)
[2026-06-02 09:12:02] srun: error: node02: tasks 8-15: Aborted (core dumped)
[2026-06-02 09:12:03] srun: Terminating StepId=61000.0
$ squeue
             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)
$ scontrol show job 61000 | grep -E 'JobState|ExitCode'
   JobState=FAILED Reason=NonZeroExitCode Dependency=(null)
   Requeue=1 Restarts=0 BatchFlag=1 Reboot=0 ExitCode=134:0
$ sinfo
PARTITION AVAIL  TIMELIMIT  NODES  STATE NODELIST
train        up 7-00:00:00      2   idle node[01-02]
$ nvidia-smi --query-gpu=index,utilization.gpu --format=csv -i 0
index, utilization.gpu [%]
0, 0 %
$ sbatch train.sbatch
Submitted batch job 61001
$ squeue
             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)
             61001     train pretrain     user  R       0:00      2 node[01-02]
$ sleep 180
$ grep -E "resuming|iteration " train.log | head -n 3 | cut -c1-120
[2026-06-02 09:14:48] resuming from checkpoint /checkpoints/iter_0001000 at iteration 1000
[2026-06-02 09:15:47] iteration     1010/  267028 | consumed samples:      129280 | elapsed time per iteration (ms): 318
[2026-06-02 09:16:19] iteration     1020/  267028 | consumed samples:      130560 | elapsed time per iteration (ms): 318
