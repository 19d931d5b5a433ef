# scenario: tests/emulator/fixtures/repair_job.yaml
Training Infrastructure Handbook: cluster emulator
Cluster trn: 3 nodes (node01-node03), 8 x H100 per node. You are on node01.

No lab is started: `lab list` shows the labs, `lab start ID` opens one.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ cat train.sbatch
#!/bin/bash
#SBATCH --job-name=pretrain-7b
#SBATCH --partition=train
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=8
#SBATCH --gpus-per-node=8
#SBATCH --cpus-per-task=1
#SBATCH --output=train.log

export NCCL_IB_HCA=${NCCL_IB_HCA:-=mlx5_bond_0}
srun python -u train.py --config configs/pretrain-7b.yaml
$ tail -n 2 train.log | cut -c1-200
    all-grads-sync .................................: (3879.93, 3880.22)
    optimizer ......................................: (24.96, 25.00)
$ grep NCCL train.log | head -n 6 | cut -c1-160
node01:546682:546893 [0] NCCL INFO Bootstrap : Using bond0:10.0.0.11<0>
NCCL version 2.21.5+cuda12.4
node01:546682:546893 [0] NCCL INFO NCCL_IB_HCA set to =mlx5_bond_0
node01:546682:546893 [0] NCCL INFO NET/IB : No device found.
node01:546682:546893 [0] NCCL INFO NET/Socket : Using [0]bond0:10.0.0.11<0>
node01:546682:546893 [0] NCCL INFO Using network Socket
$ ps -eo pid,comm | grep pt_main | head -n 2
 546682 pt_main_thread
 546683 pt_main_thread
$ grep Cpus_allowed_list /proc/546682/status
Cpus_allowed_list:	0
$ mpstat -P 0,1,100 5 1 | tail -4
Average:     CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle
Average:       0   93.02    0.00    7.07    0.00    0.00    0.02    0.00    0.00    0.00    0.00
Average:       1   93.02    0.00    7.07    0.00    0.00    0.02    0.00    0.00    0.00    0.00
Average:     100    0.05    0.00    0.04    0.00    0.00    0.02    0.00    0.00    0.00   99.89
$ sbatch --cpus-per-task=28 train.sbatch
Submitted batch job 69001
$ squeue
             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)
             69000     train pretrain     user  R    3:00:16      2 node[01-02]
             69001     train pretrain     user PD       0:00      2 (Resources)
$ sbatch --cpus-per-task=28 train.sbatch
sbatch: error: AssocMaxSubmitJobLimit
sbatch: error: Batch job submission failed: Job violates accounting/QOS policy (job submit limit, user's size and/or time limits)
$ scontrol show job 69001 | grep -E 'JobState|NodeList'
   JobState=PENDING Reason=Resources Dependency=(null)
   NodeList=(null)
$ scancel 69000
$ sleep 20
$ squeue
             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)
             69001     train pretrain     user  R       0:09      2 node[01-02]
$ sleep 240
$ cat train.sbatch | grep -E 'cpus|NCCL'
#SBATCH --cpus-per-task=1
export NCCL_IB_HCA=${NCCL_IB_HCA:-=mlx5_bond_0}
$ grep NCCL train.log | head -n 6 | cut -c1-160
node01:546682:546893 [0] NCCL INFO Bootstrap : Using bond0:10.0.0.11<0>
NCCL version 2.21.5+cuda12.4
node01:546682:546893 [0] NCCL INFO NCCL_IB_HCA set to =mlx5_bond_0
node01:546682:546893 [0] NCCL INFO NET/IB : No device found.
node01:546682:546893 [0] NCCL INFO NET/Socket : Using [0]bond0:10.0.0.11<0>
node01:546682:546893 [0] NCCL INFO Using network Socket
$ tail -n 1 train.log | cut -c1-200
    optimizer ......................................: (24.96, 25.00)
$ grep Cpus_allowed_list /proc/546682/status
Cpus_allowed_list:	0-223
$ mpstat -P 0,1,100 5 1 | tail -4
Average:     CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle
Average:       0    3.90    0.00    0.33    0.00    0.00    0.02    0.00    0.00    0.00   95.74
Average:       1    3.79    0.00    0.32    0.00    0.00    0.02    0.00    0.00    0.00   95.86
Average:     100    3.72    0.00    0.32    0.00    0.00    0.02    0.00    0.00    0.00   95.94
$ export NCCL_IB_HCA=mlx5
$ scancel 69001
$ sleep 20
$ sbatch --cpus-per-task=28 train.sbatch
Submitted batch job 69003
$ sleep 240
$ grep NCCL train.log | head -n 6 | cut -c1-160
node01:546682:546893 [0] NCCL INFO Bootstrap : Using bond0:10.0.0.11<0>
NCCL version 2.21.5+cuda12.4
node01:546682:546893 [0] NCCL INFO NCCL_IB_HCA set to mlx5
node01:546682:546893 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_3:1/IB [2]mlx5_4:1/IB [3]mlx5_5:1/IB [4]mlx5_6:1/IB [5]mlx5_9:1/IB [6]mlx5_10:1/IB [7]m
node01:546682:546893 [0] NCCL INFO Using network IB
$ grep 'iteration ' train.log | tail -n 1 | cut -c1-140
[2026-06-10 16:09:12] iteration     1040/  267028 | consumed samples:      133120 | elapsed time per iteration (ms): 3184.9 | throughput per
