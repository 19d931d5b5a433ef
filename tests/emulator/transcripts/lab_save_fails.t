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
$ grep -i checkpoint train.log | tail -n 4
[2026-06-11 10:37:54] saving checkpoint at iteration    3200 to /lustre
[2026-06-11 10:37:54] [rank0]: checkpoint save failed: OSError: [Errno 28] No space left on device: '/lustre/iter_0003200/mp_rank_00/distrib_optim.pt'
[2026-06-11 10:39:24] saving checkpoint at iteration    3300 to /lustre
[2026-06-11 10:39:24] [rank0]: checkpoint save failed: OSError: [Errno 28] No space left on device: '/lustre/iter_0003300/mp_rank_00/distrib_optim.pt'
$ df -h /lustre
Filesystem                 Size  Used Avail Use% Mounted on
10.0.0.251@o2ib:/lustrefs  874T  527T  347T  61% /lustre
$ lfs df -i /lustre
UUID                              Inodes          IUsed          IFree IUse% Mounted on
lustrefs-MDT0000_UUID           976562500      175781250      800781250  18% /lustre[MDT:0]
lustrefs-OST0000_UUID           114440917        1077254      113363663   1% /lustre[OST:0]
lustrefs-OST0001_UUID           114440917        1139068      113301849   1% /lustre[OST:1]
lustrefs-OST0002_UUID           114440917        1072798      113368119   1% /lustre[OST:2]
lustrefs-OST0003_UUID           114440917        1193154      113247763   2% /lustre[OST:3]
lustrefs-OST0004_UUID           114440917        1135343      113305574   1% /lustre[OST:4]
lustrefs-OST0005_UUID           114440917        2229857      112211060   2% /lustre[OST:5]
lustrefs-OST0006_UUID           114440917        1936825      112504092   2% /lustre[OST:6]
lustrefs-OST0007_UUID           114440917        1126830      113314087   1% /lustre[OST:7]

filesystem_summary:             976562500      175781250      800781250  18% /lustre
$ lfs df -h /lustre
UUID                             bytes        Used   Available Use% Mounted on
lustrefs-MDT0000_UUID            1.8T      335.3G        1.5T  18% /lustre[MDT:0]
lustrefs-OST0000_UUID          109.1T       53.1T       56.0T  49% /lustre[OST:0]
lustrefs-OST0001_UUID          109.1T       55.5T       53.7T  51% /lustre[OST:1]
lustrefs-OST0002_UUID          109.1T       52.0T       57.1T  48% /lustre[OST:2]
lustrefs-OST0003_UUID          109.1T       58.1T       51.0T  54% /lustre[OST:3]
lustrefs-OST0004_UUID          109.1T       54.8T       54.3T  51% /lustre[OST:4]
lustrefs-OST0005_UUID          109.1T      109.1T        0.0K 100% /lustre[OST:5]
lustrefs-OST0006_UUID          109.1T       89.7T       19.5T  83% /lustre[OST:6]
lustrefs-OST0007_UUID          109.1T       53.8T       55.4T  50% /lustre[OST:7]

filesystem_summary:            873.1T      526.1T      347.0T  61% /lustre
$ lfs getstripe -d /lustre
stripe_count:  -1 stripe_size:   4194304 pattern:       raid0 stripe_offset: -1
$ answer OST0006 is full
Not OST0006 is full: OST0006 is 83 % full but still has 19.5 TB available; a 98 GB save fits in it. Which target has nothing left?
$ answer OST0005 of /lustre is full and the checkpoint layout stripes every file over all OSTs
Right: OST0005 of /lustre is full and the checkpoint layout stripes every file over all OSTs. That is the cause.

Now repair it and show that it works again. Do it from this client (you have sudo there), without deleting anyone's data (the servers are the storage team's). The lab is solved when train.log shows the next save succeed: it begins at the next multiple of 100 steps (100 of train.log's elapsed time per iteration, about a minute and a half) and then takes rank 0 about a minute and a half more to write its 98 GB to Lustre.
$ sudo lfs setstripe -c 1 /lustre
$ sleep 180
$ grep -i checkpoint train.log | tail -n 3
[2026-06-11 10:40:55] saving checkpoint at iteration    3400 to /lustre
[2026-06-11 10:42:33]   successfully saved checkpoint from iteration    3400 to /lustre
    save-checkpoint ................................: (97999.77, 98000.00)

Fixed and verified: new checkpoint files no longer need an object on OST0005, and the save succeeds. Lab save-fails solved in 10 commands (the worked solution takes 9), 0 of 4 hints.

The checkpoint directory on /lustre has the default layout stripe_count -1: every new file
gets one object on each of the eight OSTs. OST0005 is full (100 % in `lfs df`), so every
file of the save needs space on a target that has none and fails with ENOSPC, while the
file system as a whole (`df`) is 61 % used. The Lustre MDS steers files of a few stripes
away from OSTs low on space, but a file striped over all OSTs must use them all. A narrower
layout on the directory (`lfs setstripe -c 1` or `-c 4`) lets new files avoid OST0005; the
storage team should also stop new objects on OST0005 and migrate data off it
(`lfs find --ost 5` with `lfs migrate`), or the other OSTs fill up around it.

Read next: Storage: training workloads (/reference/storage/training-workloads/)
$ lab
Lab:            save-fails (Failing saves)
Status:         solved
Hints used:     0 of 4
Answers tried:  2
Commands:       11 (the worked solution takes 9)
Simulated time: 2026-06-11 10:43:25 UTC (3 min 25 s into the lab)
Diagnosis:      named
Fix:            verified
Solved when:    both: the diagnosis named and the fix verified
