# lab: input-wait
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x H100 per node. You are on node01.

Lab input-wait: Input wait
The vision-language job 51877 (16 ranks on node01 and node02) has slowed down since early
afternoon: its steps take longer, and the GPUs show gaps of low use between steps. Nothing
changed in the job. Find where the training loop waits, follow that wait to what causes it,
and name the cause.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ squeue
             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)
             51877     train  vlm-1b3     user  R    4:05:58      2 node[01-02]
             51914     train ckpt-sav   bkumar  R    1:38:16      4 gpu-b[01-04]
             51917     train ckpt-sav    mchen  R    2:16:03      4 gpu-b[05-08]
             51920     train ckpt-sav    jpark  R    2:33:03      4 gpu-b[09-12]
$ squeue --me
             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)
             51877     train  vlm-1b3     user  R    4:06:01      2 node[01-02]
$ squeue -u mchen
             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)
             51917     train ckpt-sav    mchen  R    2:16:08      4 gpu-b[05-08]
$ squeue --bogus
squeue: unrecognized option '--bogus'
Try "squeue --help" for more information
$ scontrol show job 51877
JobId=51877 JobName=vlm-1b3
   UserId=user(1000) GroupId=user(1000) MCS_label=N/A
   JobState=RUNNING Reason=None Dependency=(null)
   Requeue=1 Restarts=0 BatchFlag=1 Reboot=0 ExitCode=0:0
   RunTime=04:06:10 TimeLimit=7-00:00:00 TimeMin=N/A
   SubmitTime=2026-05-06T10:13:34 EligibleTime=2026-05-06T10:13:34
   AccrueTime=2026-05-06T10:13:34
   StartTime=2026-05-06T10:14:04 EndTime=2026-05-13T10:14:04 Deadline=N/A
   Partition=train AllocNode:Sid=login01:4877
   NodeList=node[01-02]
   BatchHost=node01
   NumNodes=2 NumCPUs=448 NumTasks=16 CPUs/Task=28
   TRES=cpu=448,mem=3600G,node=2,billing=448,gres/gpu=16
   Command=/home/user/train.sbatch
   WorkDir=/home/user
   StdErr=/home/user/train.log
   StdOut=/home/user/train.log
$ scontrol show job 51914
JobId=51914 JobName=ckpt-save-70b
   UserId=bkumar(1101) GroupId=bkumar(1101) MCS_label=N/A
   JobState=RUNNING Reason=None Dependency=(null)
   Requeue=1 Restarts=0 BatchFlag=1 Reboot=0 ExitCode=0:0
   RunTime=01:38:31 TimeLimit=7-00:00:00 TimeMin=N/A
   SubmitTime=2026-05-06T12:41:17 EligibleTime=2026-05-06T12:41:17
   AccrueTime=2026-05-06T12:41:17
   StartTime=2026-05-06T12:41:47 EndTime=2026-05-13T12:41:47 Deadline=N/A
   Partition=train AllocNode:Sid=login01:4914
   NodeList=gpu-b[01-04]
   BatchHost=gpu-b01
   NumNodes=4 NumCPUs=896 NumTasks=32 CPUs/Task=28
   TRES=cpu=896,mem=7200G,node=4,billing=896,gres/gpu=32
   Command=/lustre/ckpt/bkumar/save.sh
   WorkDir=/lustre/ckpt/bkumar
   StdErr=/lustre/ckpt/bkumar/slurm-51914.out
   StdOut=/lustre/ckpt/bkumar/slurm-51914.out
$ scontrol show job 99
slurm_load_jobs error: Invalid job id specified
$ scontrol show job x1
slurm_load_jobs error: Invalid job id specified
$ scontrol ping
usage: scontrol show job [JOBID] | scontrol show node [NODE]
       scontrol update nodename=NODE state=drain|resume|down reason=TEXT
$ sinfo
PARTITION AVAIL  TIMELIMIT  NODES  STATE NODELIST
train        up 7-00:00:00      2  alloc node[01-02]
$ sinfo --bogus
sinfo: unrecognized option '--bogus'
Try "sinfo --help" for more information
$ help scontrol
scontrol: the scheduler's records of jobs and nodes; drain or resume a node
usage: scontrol show job [JOBID] | show node [NODE]
       scontrol update nodename=NODE state=drain|resume|down reason=TEXT
  WorkDir and StdOut tell where a job reads and writes; a node that stopped answering or
  rebooted stays down until resumed (ReturnToService=0).
