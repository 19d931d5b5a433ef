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
$ sudo lfs setstripe -o 0,1,2,3,4,7 /lustre
lfs setstripe: -o 0,1,2,3,4,7: not simulated here, only OSTs that follow each other in turn (e.g. -o 0-4 or -o 6,7,0,1); or give -c COUNT -i INDEX
$ echo $?
95
$ sudo lfs setstripe -c 3 -o 0-4 /lustre
error: setstripe: stripe count '3' doesn't match the number of OSTs: 5
$ sudo lfs setstripe -o 0-3,x /lustre
error: setstripe: bad OST indices '0-3,x'
$ lfs setstripe -o 6,7,0,1 /lustre/mine
$ lfs getstripe -d /lustre/mine
stripe_count:  4 stripe_size:   4194304 pattern:       raid0 stripe_offset: 6
$ answer OST0005 is full and the checkpoint directory stripes every file over all OSTs
Right: OST0005 is full and the checkpoint directory stripes every file over all OSTs. That is the cause.

Now repair it and show that it works again. Do it from this client (you have sudo there), without deleting anyone's data (the servers are the storage team's). The lab is solved when train.log shows the next save succeed: it begins at the next multiple of 100 steps (100 of train.log's elapsed time per iteration, about a minute and a half) and then takes rank 0 about a minute and a half more to write its 98 GB to Lustre.
$ sudo lfs setstripe -o 0-4 /lustre
$ lfs getstripe -d /lustre
stripe_count:  5 stripe_size:   4194304 pattern:       raid0 stripe_offset: 0
$ sleep 180
$ grep -i checkpoint train.log | tail -3
[2026-06-11 10:40:55] saving checkpoint at iteration    3400 to /lustre
[2026-06-11 10:42:33]   successfully saved checkpoint from iteration    3400 to /lustre
    save-checkpoint ................................: (97999.77, 98000.00)

Fixed and verified: new checkpoint files no longer need an object on OST0005, and the save succeeds. Lab save-fails solved in 11 commands (the worked solution takes 9), 0 of 4 hints.

The checkpoint directory on /lustre has the default layout stripe_count -1: every new file
gets one object on each of the eight OSTs. OST0005 is full (100 % in `lfs df`), so every
file of the save needs space on a target that has none and fails with ENOSPC, while the
file system as a whole (`df`) is 61 % used. The Lustre MDS steers files of a few stripes
away from OSTs low on space, but a file striped over all OSTs must use them all. A narrower
layout on the directory (`lfs setstripe -c 1` or `-c 4`) lets new files avoid OST0005; the
storage team should also stop new objects on OST0005 and migrate data off it
(`lfs find --ost 5` with `lfs migrate`), or the other OSTs fill up around it.

Read next: Storage: training workloads (/reference/storage/training-workloads/)
