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
$ ls -l /lustre | head -n 4
total 124
drwxr-xr-x 3 user user 4096 Jun 11 09:53 iter_0000400
drwxr-xr-x 3 user user 4096 Jun 11 09:57 iter_0000500
drwxr-xr-x 3 user user 4096 Jun 11 09:58 iter_0000600
$ ls -l /lustre/iter_0000400/mp_rank_00 /lustre/iter_0003300/mp_rank_00
/lustre/iter_0000400/mp_rank_00:
total 95703128
-rw-r--r-- 1 user user 84000000000 Jun 11 09:53 distrib_optim.pt
-rw-r--r-- 1 user user 14000000000 Jun 11 09:53 model_optim_rng.pt

/lustre/iter_0003300/mp_rank_00:
total 8192
-rw-r--r-- 1 user user 8388608 Jun 11 10:39 distrib_optim.pt
$ lfs quota -u user /lustre
Disk quotas for usr user (uid 1000):
     Filesystem  kbytes   quota   limit   grace   files   quota   limit   grace
        /lustre 96190549       0       0       -      92       0       0       -
$ ls -l /
total 28
drwxr-xr-x  2 root root 4096 Jun 11 10:40 data
drwxr-xr-x  4 root root 4096 Jun  6 20:25 etc
drwxr-xr-x  3 user user 4096 Jun 11 10:40 home
drwxrwxrwt 32 root root 4096 Jun 11 10:40 lustre
drwxr-xr-x 77 root root 4096 Jun  6 20:25 proc
drwxr-xr-x  2 root root 4096 Jun 11 10:40 scratch
drwxr-xr-x  6 root root 4096 Jun  6 20:25 sys
$ ls -l
total 44
drwxr-xr-x 2 user user  4096 Jun 11 10:40 logs
-rw-r--r-- 1 user user 32789 Jun 11 10:40 train.log
-rw-r--r-- 1 user user   252 Jun 11 10:40 train.sbatch
$ touch /lustre/probe /scratch/probe
$ touch /etc/probe
touch: cannot touch '/etc/probe': Permission denied
$ ls /lustre | tail -n 2
latest_checkpointed_iteration.txt
probe
$ dd if=/dev/zero of=/lustre/ddtest bs=1M count=64
dd: error writing '/lustre/ddtest': No space left on device
17+0 records in
16+0 records out
16777216 bytes (17 MB, 16 MiB) copied, 0.0167772 s, 1.0 GB/s
$ echo $?
1
$ lfs getstripe /lustre/ddtest | grep -A9 obdidx
	obdidx		 objid		 objid		 group
	     1	     157723664	    0x966ac10	             0
	     2	     156752174	    0x957d92e	             0
	     3	     156738462	    0x957a39e	             0
	     4	     157762486	    0x96743b6	             0
	     5	     159657465	    0x9842df9	             0
	     6	     156491116	    0x953dd6c	             0
	     7	     159714684	    0x9850d7c	             0
	     0	     156084053	    0x94da755	             0
$ dd if=/dev/zero of=/scratch/ddtest bs=1M count=1024
1024+0 records in
1024+0 records out
1073741824 bytes (1.1 GB, 1.0 GiB) copied, 0.306783 s, 3.5 GB/s
$ ls -l /lustre/ddtest /scratch/ddtest /lustre/probe
-rw-r--r-- 1 user user 16777216 Jun 11 10:40 /lustre/ddtest
-rw-r--r-- 1 user user 1073741824 Jun 11 10:40 /scratch/ddtest
-rw-r--r-- 1 user user 0 Jun 11 10:40 /lustre/probe
$ dd if=/etc/hostname of=/scratch/x bs=1M count=1
dd: this simulated dd reads if=/dev/zero or if=/dev/urandom only (it writes test files: dd if=/dev/zero of=/scratch/test bs=1M count=1024)
$ dd if=/dev/zero of=/scratch/x bs=1Q count=1
dd: invalid number: '1Q'
$ lctl dl
  0 UP mgc MGC10.0.0.251@o2ib b2ab30c2-bcdd-408a-e735-4ebda592ee8e 5
  1 UP lov lustrefs-clilov-ffffff7daedd6000 a078fffc-9daf-8679-4b9a-fbc517362ace 4
  2 UP lmv lustrefs-clilmv-ffffff7daedd6000 0e9a9c90-3083-74a5-d4e8-9387b1271fb9 4
  3 UP mdc lustrefs-MDT0000-mdc-ffffff7daedd6000 d9e2b5f9-1033-9e2a-0f1f-9a765c9128e0 5
  4 UP osc lustrefs-OST0000-osc-ffffff7daedd6000 cb18edce-c633-20fe-fda0-3e341677c299 5
  5 UP osc lustrefs-OST0001-osc-ffffff7daedd6000 a41b2d46-7c61-f426-bb0b-a3dbdd29802f 5
  6 UP osc lustrefs-OST0002-osc-ffffff7daedd6000 1f04a1f8-9052-dfc7-5af7-c5b0d18d972e 5
  7 UP osc lustrefs-OST0003-osc-ffffff7daedd6000 ecbd9b2d-b539-14db-3516-e1ba3f0168d1 5
  8 UP osc lustrefs-OST0004-osc-ffffff7daedd6000 6689a686-884a-237b-3c2d-fc8b74047785 5
  9 UP osc lustrefs-OST0005-osc-ffffff7daedd6000 b678db40-6347-6ccd-93d1-64ab23c0385c 5
 10 UP osc lustrefs-OST0006-osc-ffffff7daedd6000 59113d7a-4ab6-1a3e-42b8-317f23e5fed2 5
 11 UP osc lustrefs-OST0007-osc-ffffff7daedd6000 5f204c47-9869-4831-7aba-d75cedaa99c9 5
$ lctl dl | grep -c osc
8
