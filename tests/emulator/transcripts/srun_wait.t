# scenario: tests/emulator/fixtures/time_hang.yaml
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x H100 per node. You are on node01.

No lab is started: `lab list` shows the labs, `lab start ID` opens one.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ squeue
             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)
             61000     train pretrain     user  R    3:00:02      2 node[01-02]
$ date +%T; srun -N 2 --ntasks-per-node=8 all_reduce_perf -b 4G -e 4G -g 1 | grep -E '^ +[0-9]|srun'; date +%T
09:00:06
srun: job 61011 queued and waiting for resources
srun: job 61011 has been allocated resources
  4294967296    1073741824     float     sum      -1    15880  270.47  507.13      0    16044  267.70  501.94      0
09:12:21
$ tail -n 4 train.log | cut -c1-160
[2026-06-02 09:12:01] terminate called after throwing an instance of 'c10::DistBackendError'
[2026-06-02 09:12:02] srun: error: node01: tasks 0-7: Aborted (core dumped)
[2026-06-02 09:12:02] srun: error: node02: tasks 8-15: Aborted (core dumped)
[2026-06-02 09:12:03] srun: Terminating StepId=61000.0
$ squeue; sinfo
             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)
PARTITION AVAIL  TIMELIMIT  NODES  STATE NODELIST
train        up 7-00:00:00      2   idle node[01-02]
$ srun -w node[01-02] --ntasks-per-node=1 hostname
node01
node02
