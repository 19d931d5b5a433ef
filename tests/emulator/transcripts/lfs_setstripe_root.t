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
$ lfs setstripe -c 1 /lustre
lfs setstripe: cannot set default striping on dir '/lustre': Operation not permitted
$ echo $?
1
$ lfs getstripe -d /lustre
stripe_count:  -1 stripe_size:   4194304 pattern:       raid0 stripe_offset: -1
$ lfs setstripe -c 2 /lustre/mine
$ lfs getstripe -d /lustre/mine
stripe_count:  2 stripe_size:   4194304 pattern:       raid0 stripe_offset: -1
$ sudo lfs setstripe -c 1 /lustre
$ lfs getstripe -d /lustre
stripe_count:  1 stripe_size:   4194304 pattern:       raid0 stripe_offset: -1
