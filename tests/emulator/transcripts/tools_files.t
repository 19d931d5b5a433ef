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
$ ls /
data/  etc/  home/  lustre/  proc/  scratch/  sys/
$ ls /lustre
iter_0000400/  iter_0001200/  iter_0002000/  iter_0002800/
iter_0000500/  iter_0001300/  iter_0002100/  iter_0002900/
iter_0000600/  iter_0001400/  iter_0002200/  iter_0003000/
iter_0000700/  iter_0001500/  iter_0002300/  iter_0003100/
iter_0000800/  iter_0001600/  iter_0002400/  iter_0003200/
iter_0000900/  iter_0001700/  iter_0002500/  iter_0003300/
iter_0001000/  iter_0001800/  iter_0002600/  latest_checkpointed_iteration.txt
iter_0001100/  iter_0001900/  iter_0002700/
$ ls -a /lustre/iter_0003200
mp_rank_00/
$ ls /lustre/iter_0003200/mp_rank_00 /lustre/iter_0003140/mp_rank_00
/lustre/iter_0003200/mp_rank_00:
distrib_optim.pt
ls: cannot access '/lustre/iter_0003140/mp_rank_00': No such file or directory
$ cat /lustre/latest_checkpointed_iteration.txt
400
$ ls /lustre/iter_0003201
ls: cannot access '/lustre/iter_0003201': No such file or directory
$ cd /lustre/iter_0003300; pwd; ls; cd
/lustre/iter_0003300
mp_rank_00/
$ lfs getstripe /lustre/iter_0003200/mp_rank_00/distrib_optim.pt
/lustre/iter_0003200/mp_rank_00/distrib_optim.pt
lmm_stripe_count:  8
lmm_stripe_size:   4194304
lmm_pattern:       raid0
lmm_layout_gen:    0
lmm_stripe_offset: 7
	obdidx		 objid		 objid		 group
	     7	     159679356	    0x984837c	             0
	     0	     156048725	    0x94d1d55	             0
	     1	     157688336	    0x9662210	             0
	     2	     156716846	    0x9574f2e	             0
	     3	     156703134	    0x957199e	             0
	     4	     157727158	    0x966b9b6	             0
	     5	     159622137	    0x983a3f9	             0
	     6	     156455788	    0x953536c	             0
$ lfs getstripe -d /lustre
stripe_count:  -1 stripe_size:   4194304 pattern:       raid0 stripe_offset: -1
$ lfs find /lustre --ost 5 -type f
/lustre/iter_0000400/mp_rank_00/distrib_optim.pt
/lustre/iter_0000400/mp_rank_00/model_optim_rng.pt
/lustre/iter_0000500/mp_rank_00/distrib_optim.pt
/lustre/iter_0000600/mp_rank_00/distrib_optim.pt
/lustre/iter_0000700/mp_rank_00/distrib_optim.pt
/lustre/iter_0000800/mp_rank_00/distrib_optim.pt
/lustre/iter_0000900/mp_rank_00/distrib_optim.pt
/lustre/iter_0001000/mp_rank_00/distrib_optim.pt
/lustre/iter_0001100/mp_rank_00/distrib_optim.pt
/lustre/iter_0001200/mp_rank_00/distrib_optim.pt
/lustre/iter_0001300/mp_rank_00/distrib_optim.pt
/lustre/iter_0001400/mp_rank_00/distrib_optim.pt
/lustre/iter_0001500/mp_rank_00/distrib_optim.pt
/lustre/iter_0001600/mp_rank_00/distrib_optim.pt
/lustre/iter_0001700/mp_rank_00/distrib_optim.pt
/lustre/iter_0001800/mp_rank_00/distrib_optim.pt
/lustre/iter_0001900/mp_rank_00/distrib_optim.pt
/lustre/iter_0002000/mp_rank_00/distrib_optim.pt
/lustre/iter_0002100/mp_rank_00/distrib_optim.pt
/lustre/iter_0002200/mp_rank_00/distrib_optim.pt
/lustre/iter_0002300/mp_rank_00/distrib_optim.pt
/lustre/iter_0002400/mp_rank_00/distrib_optim.pt
/lustre/iter_0002500/mp_rank_00/distrib_optim.pt
/lustre/iter_0002600/mp_rank_00/distrib_optim.pt
/lustre/iter_0002700/mp_rank_00/distrib_optim.pt
/lustre/iter_0002800/mp_rank_00/distrib_optim.pt
/lustre/iter_0002900/mp_rank_00/distrib_optim.pt
/lustre/iter_0003000/mp_rank_00/distrib_optim.pt
/lustre/iter_0003100/mp_rank_00/distrib_optim.pt
/lustre/iter_0003200/mp_rank_00/distrib_optim.pt
/lustre/iter_0003300/mp_rank_00/distrib_optim.pt
/lustre/latest_checkpointed_iteration.txt
$ lfs find /lustre -O lustrefs-OST0005_UUID -name 'distrib*'
/lustre/iter_0000400/mp_rank_00/distrib_optim.pt
/lustre/iter_0000500/mp_rank_00/distrib_optim.pt
/lustre/iter_0000600/mp_rank_00/distrib_optim.pt
/lustre/iter_0000700/mp_rank_00/distrib_optim.pt
/lustre/iter_0000800/mp_rank_00/distrib_optim.pt
/lustre/iter_0000900/mp_rank_00/distrib_optim.pt
/lustre/iter_0001000/mp_rank_00/distrib_optim.pt
/lustre/iter_0001100/mp_rank_00/distrib_optim.pt
/lustre/iter_0001200/mp_rank_00/distrib_optim.pt
/lustre/iter_0001300/mp_rank_00/distrib_optim.pt
/lustre/iter_0001400/mp_rank_00/distrib_optim.pt
/lustre/iter_0001500/mp_rank_00/distrib_optim.pt
/lustre/iter_0001600/mp_rank_00/distrib_optim.pt
/lustre/iter_0001700/mp_rank_00/distrib_optim.pt
/lustre/iter_0001800/mp_rank_00/distrib_optim.pt
/lustre/iter_0001900/mp_rank_00/distrib_optim.pt
/lustre/iter_0002000/mp_rank_00/distrib_optim.pt
/lustre/iter_0002100/mp_rank_00/distrib_optim.pt
/lustre/iter_0002200/mp_rank_00/distrib_optim.pt
/lustre/iter_0002300/mp_rank_00/distrib_optim.pt
/lustre/iter_0002400/mp_rank_00/distrib_optim.pt
/lustre/iter_0002500/mp_rank_00/distrib_optim.pt
/lustre/iter_0002600/mp_rank_00/distrib_optim.pt
/lustre/iter_0002700/mp_rank_00/distrib_optim.pt
/lustre/iter_0002800/mp_rank_00/distrib_optim.pt
/lustre/iter_0002900/mp_rank_00/distrib_optim.pt
/lustre/iter_0003000/mp_rank_00/distrib_optim.pt
/lustre/iter_0003100/mp_rank_00/distrib_optim.pt
/lustre/iter_0003200/mp_rank_00/distrib_optim.pt
/lustre/iter_0003300/mp_rank_00/distrib_optim.pt
$ lfs find /lustre -type d
/lustre
/lustre/iter_0000400
/lustre/iter_0000400/mp_rank_00
/lustre/iter_0000500
/lustre/iter_0000500/mp_rank_00
/lustre/iter_0000600
/lustre/iter_0000600/mp_rank_00
/lustre/iter_0000700
/lustre/iter_0000700/mp_rank_00
/lustre/iter_0000800
/lustre/iter_0000800/mp_rank_00
/lustre/iter_0000900
/lustre/iter_0000900/mp_rank_00
/lustre/iter_0001000
/lustre/iter_0001000/mp_rank_00
/lustre/iter_0001100
/lustre/iter_0001100/mp_rank_00
/lustre/iter_0001200
/lustre/iter_0001200/mp_rank_00
/lustre/iter_0001300
/lustre/iter_0001300/mp_rank_00
/lustre/iter_0001400
/lustre/iter_0001400/mp_rank_00
/lustre/iter_0001500
/lustre/iter_0001500/mp_rank_00
/lustre/iter_0001600
/lustre/iter_0001600/mp_rank_00
/lustre/iter_0001700
/lustre/iter_0001700/mp_rank_00
/lustre/iter_0001800
/lustre/iter_0001800/mp_rank_00
/lustre/iter_0001900
/lustre/iter_0001900/mp_rank_00
/lustre/iter_0002000
/lustre/iter_0002000/mp_rank_00
/lustre/iter_0002100
/lustre/iter_0002100/mp_rank_00
/lustre/iter_0002200
/lustre/iter_0002200/mp_rank_00
/lustre/iter_0002300
/lustre/iter_0002300/mp_rank_00
/lustre/iter_0002400
/lustre/iter_0002400/mp_rank_00
/lustre/iter_0002500
/lustre/iter_0002500/mp_rank_00
/lustre/iter_0002600
/lustre/iter_0002600/mp_rank_00
/lustre/iter_0002700
/lustre/iter_0002700/mp_rank_00
/lustre/iter_0002800
/lustre/iter_0002800/mp_rank_00
/lustre/iter_0002900
/lustre/iter_0002900/mp_rank_00
/lustre/iter_0003000
/lustre/iter_0003000/mp_rank_00
/lustre/iter_0003100
/lustre/iter_0003100/mp_rank_00
/lustre/iter_0003200
/lustre/iter_0003200/mp_rank_00
/lustre/iter_0003300
/lustre/iter_0003300/mp_rank_00
$ lfs find /nowhere
lfs find: /nowhere: No such file or directory
$ lfs quota -u user /lustre
Disk quotas for usr user (uid 1000):
     Filesystem  kbytes   quota   limit   grace   files   quota   limit   grace
        /lustre 96190549       0       0       -      92       0       0       -
$ lfs quota -h -u $USER /lustre
Disk quotas for usr user (uid 1000):
     Filesystem    used   quota   limit   grace   files   quota   limit   grace
        /lustre   91.7G      0k      0k       -      92       0       0       -
$ lfs quota -u nobody42 /lustre
lfs quota: can't find user name 'nobody42'
$ lfs migrate -c 4 /lustre/iter_0003140
lfs: /lustre/iter_0003140: cannot open: No such file or directory
error: migrate: migrate ost objects of file '/lustre/iter_0003140' failed: No such file or directory
$ ls /etc
hostname  hosts  modules-load.d/  os-release  slurm/
$ cat /etc/os-release
PRETTY_NAME="Ubuntu 24.04.2 LTS"
NAME="Ubuntu"
VERSION_ID="24.04"
VERSION="24.04.2 LTS (Noble Numbat)"
VERSION_CODENAME=noble
ID=ubuntu
ID_LIKE=debian
HOME_URL="https://www.ubuntu.com/"
SUPPORT_URL="https://help.ubuntu.com/"
BUG_REPORT_URL="https://bugs.launchpad.net/ubuntu/"
PRIVACY_POLICY_URL="https://www.ubuntu.com/legal/terms-and-policies/privacy-policy"
UBUNTU_CODENAME=noble
LOGO=ubuntu-logo
$ cat /etc/hostname; ssh node02 cat /etc/hostname
node01
node02
$ grep node0 /etc/hosts
127.0.1.1 node01
10.0.0.11       node01
10.0.0.12       node02
10.0.100.11     node01-bmc
10.0.100.12     node02-bmc
$ ls /etc/modules-load.d; cat /etc/modules-load.d/nvidia-peermem.conf
modules.conf  nvidia-peermem.conf
nvidia-peermem
$ grep -E '^(NodeName|PartitionName|ReturnToService|SlurmdTimeout)' /etc/slurm/slurm.conf
ReturnToService=0
SlurmdTimeout=300
NodeName=node[01-02] CPUs=224 Boards=1 SocketsPerBoard=2 CoresPerSocket=56 ThreadsPerCore=2 RealMemory=2063508 Gres=gpu:8 State=UNKNOWN
PartitionName=train Nodes=node[01-02] Default=YES MaxTime=7-00:00:00 State=UP
$ ls /data /scratch
/data:

/scratch:
$ cat /etc/nccl.conf
cat: /etc/nccl.conf: No such file or directory
