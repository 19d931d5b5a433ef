# lab: save-fails
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x H100 per node. You are on node01.

Lab save-fails: Failing saves
The fine-tuning job 60417 (16 ranks on node01 and node02) was restarted 45 minutes ago and
trains at its usual speed, but the owner reports that none of its checkpoint saves since the
restart has worked: each ends with "No space left on device", while `df` shows the
checkpoint file system with hundreds of terabytes free. Find why the saves fail, make the
next save succeed, and show that it did.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ scontrol show job | grep -E "StartTime|RunTime"
   RunTime=00:45:22 TimeLimit=7-00:00:00 TimeMin=N/A
   StartTime=2026-06-11T09:54:41 EndTime=2026-06-18T09:54:41 Deadline=N/A
$ head -2 train.log | cut -c1-120
[2026-06-11 09:55:41] resuming from checkpoint /lustre/iter_0000400 at iteration 400
[2026-06-11 09:55:41] world size 16: data-parallel 16, tensor-parallel 1, pipeline-parallel 1; micro batch 1, gradient a
$ grep -c iteration train.log
60
