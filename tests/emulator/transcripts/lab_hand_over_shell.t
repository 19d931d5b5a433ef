# lab: hand-over
# columns: 80
Training Infrastructure Handbook: cluster emulator
Cluster trn: 3 nodes (node01-node03), 8 x H100 per node. You are on node01.

Lab hand-over: Hand-over
The 13B pre-training job 74410 on node01-node03 runs slower than it should, and
the fabric team will take the case, but they will not start without a snapshot
they can check: the port, the evidence from it and from a healthy peer, the
counters over an interval, the switch side, the times in UTC, and what you could
not collect and why. Name the port that slows the job, then collect the snapshot
(`snapshot` shows what it holds). Do not reset or reseat anything: the evidence
goes first.

Type `help` for the full list of commands, or `solutions` for reference
procedures.
Simulated outputs do not validate your environment.
$ id
uid=1000(user) gid=1000(user) groups=1000(user),27(sudo)
$ whoami
user
$ sudo id
uid=0(root) gid=0(root) groups=0(root)
$ sudo whoami
root
$ id -un
user
$ id -G
1000 27
$ id -Gn
user sudo
$ id -ug
id: cannot print "only" of more than one choice
$ id nobody
id: 'nobody': no such user
$ wc -l logs/rank-00.log logs/rank-08.log logs/rank-10.log train.log
   24 logs/rank-00.log
   24 logs/rank-08.log
   24 logs/rank-10.log
  311 train.log
  383 total
$ wc -l logs/rank-00.log
24 logs/rank-00.log
$ wc logs/rank-00.log
  24  264 4248 logs/rank-00.log
$ ssh node02 ipmitool sel elist
Could not open device at /dev/ipmi0 or /dev/ipmi/0 or /dev/ipmidev/0: No such file or directory
$ ssh node02 sudo ipmitool sel elist
Could not open device at /dev/ipmi0 or /dev/ipmi/0 or /dev/ipmidev/0: No such file or directory
$ ipmitool sel elist
Could not open device at /dev/ipmi0 or /dev/ipmi/0 or /dev/ipmidev/0: Permission denied
$ sudo ipmitool chassis status
System Power         : on
Power Overload       : false
Power Interlock      : inactive
Main Power Fault     : false
Power Control Fault  : false
Power Restore Policy : always-off
Last Power Event     : 
Chassis Intrusion    : inactive
Front-Panel Lockout  : inactive
Drive Fault          : false
Cooling/Fan Fault    : false
$ snapshot note scope job 74410 node[01-03] 24 ranks; node02 mlx5_4 (ibp79s0, GPU2 PIX) <-> r2-leaf01 port 2 at 2X, peer node03 mlx5_4 r2-leaf01 port 3 at 4X; firmware 28.41.1000; since 12:30:00 UTC link flap in dmesg
Noted at 14:00:11 UTC (note 1 of at most 8).
$ snapshot
Snapshot of lab hand-over: 0 of 8 items
  [ ] Scope: the job and its nodes (squeue or scontrol show job)
  [ ] The UTC time of the snapshot (date -u)
  [ ] The step log over the interval (train.log: step time, all-grads-sync)
  [ ] The affected port's state and rate: ibstat on its node
  [ ] A healthy peer: the same command on another node
  [ ] The affected port's counters twice, at least 60 s apart (perfquery -x)
  [ ] The switch side of the affected link (iblinkinfo)
  [ ] What could not be collected, and why (snapshot note)
Notes:
  1. 14:00:11 UTC: scope job 74410 node[01-03] 24 ranks; node02 mlx5_4 (ibp79s0,
     GPU2 PIX) <-> r2-leaf01 port 2 at 2X, peer node03 mlx5_4 r2-leaf01 port 3
     at 4X; firmware 28.41.1000; since 12:30:00 UTC link flap in dmesg
