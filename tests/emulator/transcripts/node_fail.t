# scenario: tests/emulator/fixtures/node_fail.yaml
Training Infrastructure Handbook: cluster emulator
Cluster trn: 3 nodes (node01-node03), 8 x H100 per node. You are on node01.

No lab is started: `lab list` shows the labs, `lab start ID` opens one.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ sinfo
PARTITION AVAIL  TIMELIMIT  NODES  STATE NODELIST
train        up 7-00:00:00      2  alloc node[01-02]
train        up 7-00:00:00      1   idle node03
$ sleep 120
$ ssh node02 hostname
ssh: connect to host node02 port 22: No route to host
$ ping -c 3 node02
PING node02 (10.0.0.12) 56(84) bytes of data.
From 10.0.0.11 icmp_seq=1 Destination Host Unreachable
From 10.0.0.11 icmp_seq=2 Destination Host Unreachable
From 10.0.0.11 icmp_seq=3 Destination Host Unreachable

--- node02 ping statistics ---
3 packets transmitted, 0 received, +3 errors, 100% packet loss, time 2035ms
$ ipmitool -I lanplus -H node02-bmc -U admin -P admin chassis power status
Chassis Power is on
$ ipmitool -I lanplus -H node02-bmc -U admin -P admin sel elist
   1 | 06/04/2026 | 09:12:41 | System ACPI Power State ACPI State | S5/G2: soft-off | Asserted
   2 | 06/04/2026 | 09:13:16 | System ACPI Power State ACPI State | S0/G0: working | Asserted
   3 | 06/07/2026 | 03:01:00 | Memory #0x87 | Uncorrectable ECC | Asserted | @P2-DIMMB1
   4 | 06/07/2026 | 03:01:00 | Critical Interrupt #0x86 | Bus Fatal Error | Asserted
$ sleep 300
$ sinfo
PARTITION AVAIL  TIMELIMIT  NODES  STATE NODELIST
train        up 7-00:00:00      2   idle node[01,03]
train        up 7-00:00:00      1  down* node02
$ squeue
             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)
$ scontrol show job 66000 | grep -E 'JobState|Reason'
   JobState=NODE_FAIL Reason=NodeDown Dependency=(null)
$ tail -n 3 train.log | cut -c1-160
    optimizer ......................................: (24.96, 25.00)
[2026-06-07 03:01:30] node01:0:230 [0] transport/net_ib.cc:1909 NCCL WARN NET/IB : Got completion from peer 10.0.0.12<48133> with status=12 opcode=0 len=0 vendo
[2026-06-07 03:06:00] slurmstepd: error: *** JOB 66000 ON node01 CANCELLED AT 2026-06-07T03:06:00 DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***
$ sleep 900
$ sinfo -R
REASON               USER      TIMESTAMP           NODELIST
Not responding       slurm     2026-06-07T03:06:00 node02
$ ssh node02 journalctl --list-boots
 -1 0a27e4ce1db402a73afee0a6b2cf5604 Thu 2026-06-04 09:14:16 UTC—Sun 2026-06-07 03:01:00 UTC
  0 a7f3daad3ebf220e2f441f7c20440309 Sun 2026-06-07 03:20:05 UTC—Sun 2026-06-07 03:22:39 UTC
$ ssh node02 journalctl -k -b -1 -n 4
-- Logs begin at Thu 2026-06-04 09:14:16 UTC. --
Jun 04 09:14:30 node02 kernel: mlx5_core 0000:29:00.1 enp41s0f1np1: Link up
Jun 04 09:14:30 node02 kernel: bond0: (slave enp41s0f0np0): Enslaving as a backup interface with an up link
Jun 04 09:14:30 node02 kernel: bond0: (slave enp41s0f1np1): Enslaving as a backup interface with an up link
Jun 04 09:14:31 node02 kernel: IPv6: ADDRCONF(NETDEV_CHANGE): bond0: link becomes ready
$ ssh node02 uptime
 03:22:46 up 2 min,  0 users,  load average: 0.02, 0.02, 0.02
$ sudo scontrol update nodename=node02 state=resume
$ sinfo
PARTITION AVAIL  TIMELIMIT  NODES  STATE NODELIST
train        up 7-00:00:00      3   idle node[01-03]
$ sbatch --exclude=node02 train.sbatch
Submitted batch job 66001
$ squeue
             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)
             66001     train pretrain     user  R       0:01      2 node[01,03]
