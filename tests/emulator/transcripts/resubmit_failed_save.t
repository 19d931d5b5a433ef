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
$ grep -c "checkpoint save failed" train.log
29
$ cat /lustre/latest_checkpointed_iteration.txt
400
$ scancel 60417
$ sleep 30
$ sbatch train.sbatch
Submitted batch job 60418
$ sleep 120
$ grep -i resuming train.log
[2026-06-11 10:41:45] resuming from checkpoint /lustre/iter_0000400 at iteration 400
$ cat /lustre/latest_checkpointed_iteration.txt
400
