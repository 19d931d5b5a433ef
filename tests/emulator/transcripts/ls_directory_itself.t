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
$ ls -ld /lustre
drwxrwxrwt 32 root root 4096 Jun 11 10:40 /lustre
$ ls -d /lustre /lustre/iter_0000400
/lustre
/lustre/iter_0000400
$ ls -ld /lustre/iter_0000400 train.log
drwxr-xr-x 3 user user  4096 Jun 11 09:53 /lustre/iter_0000400
-rw-r--r-- 1 user user 31932 Jun 11 10:40 train.log
$ ls -l /lustre/iter_0000400
total 4
drwxr-xr-x 2 user user 4096 Jun 11 09:53 mp_rank_00
