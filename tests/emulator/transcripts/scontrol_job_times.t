# scenario: tests/emulator/fixtures/repair_job.yaml
Training Infrastructure Handbook: cluster emulator
Cluster trn: 3 nodes (node01-node03), 8 x H100 per node. You are on node01.

No lab is started: `lab list` shows the labs, `lab start ID` opens one.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ date +%T
16:00:03
$ scontrol show job 69000 | grep -E 'Time='
   RunTime=03:00:06 TimeLimit=7-00:00:00 TimeMin=N/A
   SubmitTime=2026-06-10T12:59:30 EligibleTime=2026-06-10T12:59:30
   AccrueTime=2026-06-10T12:59:30
   StartTime=2026-06-10T13:00:00 EndTime=2026-06-17T13:00:00 Deadline=N/A
$ sudo sbatch train.sbatch
Submitted batch job 69001
$ squeue
             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)
             69000     train pretrain     user  R    3:00:12      2 node[01-02]
             69001     train pretrain     user PD       0:00      2 (Resources)
$ scontrol show job 69001 | grep -E 'JobState|Time='
   JobState=PENDING Reason=Resources Dependency=(null)
   RunTime=00:00:00 TimeLimit=7-00:00:00 TimeMin=N/A
   SubmitTime=2026-06-10T16:00:10 EligibleTime=2026-06-10T16:00:10
   AccrueTime=2026-06-10T16:00:10
   StartTime=Unknown EndTime=Unknown Deadline=N/A
$ sleep 120
$ scontrol show job 69001 | grep -E 'JobState|Time='
   JobState=PENDING Reason=Resources Dependency=(null)
   RunTime=00:00:00 TimeLimit=7-00:00:00 TimeMin=N/A
   SubmitTime=2026-06-10T16:00:10 EligibleTime=2026-06-10T16:00:10
   AccrueTime=2026-06-10T16:00:10
   StartTime=Unknown EndTime=Unknown Deadline=N/A
$ srun -w node02 hostname
srun: job 69011 queued and waiting for resources
[emulator] job 69000 holds the nodes and nothing ends it within the next 30 minutes: srun would wait on; this session does not block. The request stays queued (squeue: PD, Resources; scancel 69011 withdraws it). Free nodes, or a step inside the job: srun --jobid=69000 --overlap ...
$ sleep 60
$ scontrol show job 69011 | grep -E 'JobState|Time='
   JobState=PENDING Reason=Resources Dependency=(null)
   RunTime=00:00:00 TimeLimit=7-00:00:00 TimeMin=N/A
   SubmitTime=2026-06-10T16:02:45 EligibleTime=2026-06-10T16:02:45
   AccrueTime=2026-06-10T16:02:45
   StartTime=Unknown EndTime=Unknown Deadline=N/A
$ scancel 69000
$ sleep 30
$ scontrol show job 69001 | grep -E 'JobState|Time='
   JobState=RUNNING Reason=None Dependency=(null)
   RunTime=00:00:21 TimeLimit=7-00:00:00 TimeMin=N/A
   SubmitTime=2026-06-10T16:00:10 EligibleTime=2026-06-10T16:00:10
   AccrueTime=2026-06-10T16:00:10
   StartTime=2026-06-10T16:04:12 EndTime=2026-06-17T16:04:12 Deadline=N/A
