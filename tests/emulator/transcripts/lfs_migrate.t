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
$ lfs getstripe /lustre/iter_0003200/mp_rank_00/distrib_optim.pt | head -6
/lustre/iter_0003200/mp_rank_00/distrib_optim.pt
lmm_stripe_count:  8
lmm_stripe_size:   4194304
lmm_pattern:       raid0
lmm_layout_gen:    0
lmm_stripe_offset: 7
$ lfs find /lustre --ost 5 -name 'distrib*' | grep 3200
/lustre/iter_0003200/mp_rank_00/distrib_optim.pt
$ date +%T; lfs migrate -c 8 /lustre/iter_0003200/mp_rank_00/distrib_optim.pt; echo "exit $?"; date +%T
10:40:12
lfs: /lustre/iter_0003200/mp_rank_00/distrib_optim.pt: write failed on volatile: No space left on device
lfs: /lustre/iter_0003200/mp_rank_00/distrib_optim.pt: data copy failed
error: migrate: migrate ost objects of file '/lustre/iter_0003200/mp_rank_00/distrib_optim.pt' failed: No space left on device
exit 1
10:40:19
$ lfs migrate -c 4 /lustre/iter_0003200/mp_rank_00/distrib_optim.pt; echo "exit $?"; date +%T
exit 0
10:40:32
$ lfs getstripe /lustre/iter_0003200/mp_rank_00/distrib_optim.pt
/lustre/iter_0003200/mp_rank_00/distrib_optim.pt
lmm_stripe_count:  4
lmm_stripe_size:   4194304
lmm_pattern:       raid0
lmm_layout_gen:    1
lmm_stripe_offset: 3
	obdidx		 objid		 objid		 group
	     3	     156742558	    0x957b39e	             0
	     4	     157766582	    0x96753b6	             0
	     6	     156495212	    0x953ed6c	             0
	     7	     159718780	    0x9851d7c	             0
$ lfs find /lustre --ost 5 -name 'distrib*' | grep 3200; echo "found: $?"
found: 1
$ lfs migrate -c 1 -i 5 /lustre/iter_0003200/mp_rank_00/distrib_optim.pt; echo "exit $?"
lfs: /lustre/iter_0003200/mp_rank_00/distrib_optim.pt: write failed on volatile: No space left on device
lfs: /lustre/iter_0003200/mp_rank_00/distrib_optim.pt: data copy failed
error: migrate: migrate ost objects of file '/lustre/iter_0003200/mp_rank_00/distrib_optim.pt' failed: No space left on device
exit 1
$ lfs migrate -c 2 -i 6 -S 1M /lustre/iter_0003200/mp_rank_00/distrib_optim.pt; echo "exit $?"
exit 0
$ lfs getstripe /lustre/iter_0003200/mp_rank_00/distrib_optim.pt
/lustre/iter_0003200/mp_rank_00/distrib_optim.pt
lmm_stripe_count:  2
lmm_stripe_size:   1048576
lmm_pattern:       raid0
lmm_layout_gen:    2
lmm_stripe_offset: 6
	obdidx		 objid		 objid		 group
	     6	     156504684	    0x954126c	             0
	     7	     159728252	    0x985427c	             0
$ lfs migrate -c 2 /lustre/iter_0003200; echo "exit $?"
lfs: /lustre/iter_0003200: cannot open: Is a directory
error: migrate: migrate ost objects of file '/lustre/iter_0003200' failed: Is a directory
exit 1
$ lfs migrate /lustre/iter_0003200/mp_rank_00/nothing.pt; echo "exit $?"
lfs: /lustre/iter_0003200/mp_rank_00/nothing.pt: cannot open: No such file or directory
error: migrate: migrate ost objects of file '/lustre/iter_0003200/mp_rank_00/nothing.pt' failed: No such file or directory
exit 1
$ lfs migrate -c 2; echo "exit $?"
error: migrate: missing filename|dirname
usage: lfs migrate [-c COUNT] [-i INDEX] [-S SIZE] FILE...
exit 1
$ lfs migrate -c x /lustre/iter_0003200/mp_rank_00/distrib_optim.pt; echo "exit $?"
error: migrate: bad stripe count 'x'
exit 22
