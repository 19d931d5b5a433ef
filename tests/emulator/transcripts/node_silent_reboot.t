# lab: node-silent
Training Infrastructure Handbook: cluster emulator
Cluster trn: 4 nodes (node01-node04), 8 x H100 per node. You are on node01.

Lab node-silent: A silent node
The 13B pre-training job 73344 on node01-node04 ended 35 minutes ago, and node03 no longer
answers ssh. Before anyone drives to the data centre: find out through node03's BMC
(node03-bmc, user admin, password admin) what happened to it and name it. Then bring node03
back, keep it out of the scheduler until the hardware is dealt with, and show that it is up.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ scontrol show job 73344 | grep -E "JobState|RunTime|StartTime"
   JobState=NODE_FAIL Reason=NodeDown Dependency=(null)
   RunTime=07:45:00 TimeLimit=7-00:00:00 TimeMin=N/A
   StartTime=2026-10-01T22:10:00 EndTime=2026-10-02T05:55:00 Deadline=N/A
$ scontrol show node node03 | grep BootTime
   BootTime=2026-09-29T01:56:28
$ ipmitool -I lanplus -H node03-bmc -U admin -P admin chassis power cycle
Chassis Power Control: Cycle
$ sleep 60
$ ping -c 2 node03
PING node03 (10.0.0.13) 56(84) bytes of data.
From 10.0.0.11 icmp_seq=1 Destination Host Unreachable
From 10.0.0.11 icmp_seq=2 Destination Host Unreachable

--- node03 ping statistics ---
2 packets transmitted, 0 received, +2 errors, 100% packet loss, time 1035ms
$ date
Fri Oct  2 06:31:16 UTC 2026
$ scontrol show node node03 | grep -E "State|BootTime"
   State=DOWN+NOT_RESPONDING ThreadsPerCore=2 TmpDisk=0 Weight=1
   BootTime=2026-09-29T01:56:28
$ sleep 300
$ scontrol show node node03 | grep -E "State|BootTime"
   State=DOWN ThreadsPerCore=2 TmpDisk=0 Weight=1
   BootTime=2026-10-02T06:34:15
$ ssh node03 uptime
 06:36:30 up 2 min,  0 users,  load average: 0.02, 0.02, 0.02
