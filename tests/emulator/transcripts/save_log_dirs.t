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
$ ls /lustre
iter_0000400/  iter_0001200/  iter_0002000/  iter_0002800/
iter_0000500/  iter_0001300/  iter_0002100/  iter_0002900/
iter_0000600/  iter_0001400/  iter_0002200/  iter_0003000/
iter_0000700/  iter_0001500/  iter_0002300/  iter_0003100/
iter_0000800/  iter_0001600/  iter_0002400/  iter_0003200/
iter_0000900/  iter_0001700/  iter_0002500/  iter_0003300/
iter_0001000/  iter_0001800/  iter_0002600/  latest_checkpointed_iteration.txt
iter_0001100/  iter_0001900/  iter_0002700/
$ ls /lustre | grep -c iter_
30
$ grep -c "saving checkpoint" train.log
29
$ grep "saving checkpoint" train.log | head -n 2
[2026-06-11 09:57:12] saving checkpoint at iteration     500 to /lustre
[2026-06-11 09:58:42] saving checkpoint at iteration     600 to /lustre
$ grep -c "iteration .*/" train.log
58
