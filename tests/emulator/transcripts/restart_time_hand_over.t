# lab: hand-over
Training Infrastructure Handbook: cluster emulator
Cluster trn: 3 nodes (node01-node03), 8 x H100 per node. You are on node01.

Lab hand-over: Hand-over
The 13B pre-training job 74410 on node01-node03 runs slower than it should, and the fabric
team will take the case, but they will not start without a snapshot they can check: the
port, the evidence from it and from a healthy peer, the counters over an interval, the
switch side, the times in UTC, and what you could not collect and why. Name the port that
slows the job, then collect the snapshot (`snapshot` shows what it holds). Do not reset or
reseat anything: the evidence goes first.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ scontrol show job | grep -E "StartTime|RunTime"
   RunTime=02:30:02 TimeLimit=7-00:00:00 TimeMin=N/A
   StartTime=2026-11-30T11:30:00 EndTime=2026-12-07T11:30:00 Deadline=N/A
$ head -2 train.log | cut -c1-120
[2026-11-30 11:31:00] WARNING: could not find the metadata file /checkpoints/latest_checkpointed_iteration.txt
[2026-11-30 11:31:00]     will not load any checkpoints and will start from random
$ grep -c iteration train.log
63
