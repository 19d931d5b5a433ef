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
$ sudo lfs setstripe -c 4 -i 0 /lustre
$ sleep 180
$ lctl get_param osc.*.stats | grep -E "^osc|ost_write"
osc.lustrefs-OST0000-osc-ffffff7daedd6000.stats=
ost_write                 23425 samples [usecs] 209 1258 4912578
osc.lustrefs-OST0001-osc-ffffff7daedd6000.stats=
ost_write                 23437 samples [usecs] 209 1258 4915095
osc.lustrefs-OST0002-osc-ffffff7daedd6000.stats=
ost_write                 23445 samples [usecs] 209 1258 4916772
osc.lustrefs-OST0003-osc-ffffff7daedd6000.stats=
ost_write                 23457 samples [usecs] 209 1258 4919289
osc.lustrefs-OST0004-osc-ffffff7daedd6000.stats=
ost_write                 108 samples [usecs] 209 1258 22649
osc.lustrefs-OST0005-osc-ffffff7daedd6000.stats=
osc.lustrefs-OST0006-osc-ffffff7daedd6000.stats=
ost_write                 24 samples [usecs] 209 1258 5033
osc.lustrefs-OST0007-osc-ffffff7daedd6000.stats=
ost_write                 40 samples [usecs] 209 1258 8388
$ ls -l /lustre/iter_0003400/mp_rank_00
total 95703128
-rw-r--r-- 1 user user 84000000000 Jun 11 10:42 distrib_optim.pt
-rw-r--r-- 1 user user 14000000000 Jun 11 10:42 model_optim_rng.pt
$ ssh node02 lctl get_param osc.*.stats | grep -c ost_write
0
