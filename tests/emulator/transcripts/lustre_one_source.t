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
$ df -i /lustre
Filesystem                     Inodes      IUsed      IFree IUse% Mounted on
10.0.0.251@o2ib:/lustrefs   976562500  175781250  800781250   18% /lustre
$ lfs df -i /lustre | tail -n 1
filesystem_summary:             976562500      175781250      800781250  18% /lustre
$ lfs quota -u user /lustre
Disk quotas for usr user (uid 1000):
     Filesystem  kbytes   quota   limit   grace   files   quota   limit   grace
        /lustre 96190549       0       0       -      92       0       0       -
$ lfs getstripe /lustre/iter_0003300/mp_rank_00/distrib_optim.pt | head -n 6
/lustre/iter_0003300/mp_rank_00/distrib_optim.pt
lmm_stripe_count:  8
lmm_stripe_size:   4194304
lmm_pattern:       raid0
lmm_layout_gen:    0
lmm_stripe_offset: 3
$ lctl get_param osc.*.stats | grep -E "stats=|ost_write"
osc.lustrefs-OST0000-osc-ffffff7daedd6000.stats=
ost_write                 60 samples [usecs] 209 1258 12582
osc.lustrefs-OST0001-osc-ffffff7daedd6000.stats=
ost_write                 72 samples [usecs] 209 1258 15099
osc.lustrefs-OST0002-osc-ffffff7daedd6000.stats=
ost_write                 80 samples [usecs] 209 1258 16777
osc.lustrefs-OST0003-osc-ffffff7daedd6000.stats=
ost_write                 92 samples [usecs] 209 1258 19293
osc.lustrefs-OST0004-osc-ffffff7daedd6000.stats=
ost_write                 108 samples [usecs] 209 1258 22649
osc.lustrefs-OST0005-osc-ffffff7daedd6000.stats=
osc.lustrefs-OST0006-osc-ffffff7daedd6000.stats=
ost_write                 24 samples [usecs] 209 1258 5033
osc.lustrefs-OST0007-osc-ffffff7daedd6000.stats=
ost_write                 40 samples [usecs] 209 1258 8388
