# scenario: tests/emulator/fixtures/bmc.yaml
Training Infrastructure Handbook: cluster emulator
Cluster trn: 3 nodes (node01-node03), 8 x H100 per node. You are on node01.

No lab is started: `lab list` shows the labs, `lab start ID` opens one.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ squeue; sinfo
             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)
             67000     train pretrain     user  R    3:00:02      2 node[01-02]
PARTITION AVAIL  TIMELIMIT  NODES  STATE NODELIST
train        up 7-00:00:00      2  alloc node[01-02]
train        up 7-00:00:00      1   idle node03
$ srun -N 1 hostname
node03
$ date +%T; srun -N 2 --ntasks-per-node=8 all_reduce_perf -b 4G -e 4G -g 1; echo "exit $?"; date +%T
11:00:38
srun: job 67011 queued and waiting for resources
[emulator] job 67000 holds the nodes and nothing ends it within the next 30 minutes: srun would wait on; this session does not block. The request stays queued (squeue: PD, Resources; scancel 67011 withdraws it). Free nodes, or a step inside the job: srun --jobid=67000 --overlap ...
exit 1
11:01:05
$ squeue
             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)
             67000     train pretrain     user  R    3:01:09      2 node[01-02]
             67011     train all_redu     user PD       0:00      2 (Resources)
$ scontrol show job 67011 | grep -E 'JobState|StartTime'
   JobState=PENDING Reason=Resources Dependency=(null)
   StartTime=Unknown EndTime=Unknown Deadline=N/A
$ srun -w node02 hostname
srun: job 67012 queued and waiting for resources
[emulator] job 67000 holds the nodes and nothing ends it within the next 30 minutes: srun would wait on; this session does not block. The request stays queued (squeue: PD, Resources; scancel 67012 withdraws it). Free nodes, or a step inside the job: srun --jobid=67000 --overlap ...
$ scancel 67011; squeue | grep -E 'JOBID|PD'
             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)
             67012     train hostname     user PD       0:00      1 (Resources)
$ scancel 67012; squeue | grep -c PD
0
$ srun --jobid=67000 hostname
srun: Job 67000 step creation temporarily disabled, retrying (Requested nodes are busy)
[emulator] srun keeps retrying while job 67000 runs; this session does not block. A step beside the job's own: srun --jobid=67000 --overlap ...
$ srun --jobid=67000 --overlap -N 1 hostname
node01
$ srun --jobid=67000 --overlap -N 3 hostname
srun: error: Only allocated 2 nodes asked for 3
$ srun --jobid=67999 --overlap hostname
srun: error: Unable to confirm allocation for job 67999: Invalid job id specified
srun: Check SLURM_JOB_ID environment variable. Expired or invalid job 67999
$ help srun
srun: run tasks on the cluster's nodes through Slurm
usage: srun [-N NODES] [-n TASKS] [--ntasks-per-node=N] [-w node[01-02]] [--export=ALL,VAR=V] PROGRAM [ARGS]
  Tasks fill each node in turn; the task's index on its node picks the GPU. Without -w the
  first free nodes are used. Nodes a job holds make the allocation wait (squeue: PD,
  Resources); --jobid=ID --overlap runs a step inside that job's allocation instead.
  The tasks see this shell's environment (--export=ALL).
  Example: srun -N 2 --ntasks-per-node=8 all_reduce_perf -b 8 -e 8G -f 2 -g 1
$ srun -N 2 hostname 2>&1 | head -1
srun: job 67013 queued and waiting for resources
$ srun -N 2 hostname 2>&1 | head -1
srun: job 67014 queued and waiting for resources
$ srun -N 2 hostname 2>&1 | head -1
srun: job 67015 queued and waiting for resources
$ srun -N 2 hostname 2>&1 | head -1
srun: job 67016 queued and waiting for resources
$ srun -N 2 hostname 2>&1 | head -1
srun: error: Unable to allocate resources: Job violates accounting/QOS policy (job submit limit, user's size and/or time limits)
$ squeue | grep -c PD
4
