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
$ sinfo
PARTITION AVAIL  TIMELIMIT  NODES  STATE NODELIST
train        up 7-00:00:00      3   idle node[01-02,04]
train        up 7-00:00:00      1  down* node03
$ tail -n 3 train.log
    optimizer ......................................: (24.95, 25.00)
[2026-10-02 05:50:30] node01:0:230 [0] transport/net_ib.cc:1909 NCCL WARN NET/IB : Got completion from peer 10.0.0.13<48133> with status=12 opcode=0 len=0 vendor err 129 (Recv)
[2026-10-02 05:55:00] slurmstepd: error: *** JOB 73344 ON node01 CANCELLED AT 2026-10-02T05:55:00 DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***
$ ping -c 2 node03 || echo "node03 does not answer"
PING node03 (10.0.0.13) 56(84) bytes of data.
From 10.0.0.11 icmp_seq=1 Destination Host Unreachable
From 10.0.0.11 icmp_seq=2 Destination Host Unreachable

--- node03 ping statistics ---
2 packets transmitted, 0 received, +2 errors, 100% packet loss, time 1035ms
node03 does not answer
$ ipmitool -I lanplus -H node03-bmc -U admin -P admin chassis status
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
$ ipmitool -I lanplus -H node03-bmc -U admin -P admin sel elist
   1 | 09/29/2026 | 01:54:53 | System ACPI Power State ACPI State | S5/G2: soft-off | Asserted
   2 | 09/29/2026 | 01:55:28 | System ACPI Power State ACPI State | S0/G0: working | Asserted
   3 | 10/02/2026 | 05:50:00 | Memory #0x87 | Uncorrectable ECC | Asserted | @P2-DIMMB1
   4 | 10/02/2026 | 05:50:00 | Critical Interrupt #0x86 | Bus Fatal Error | Asserted
$ ipmitool -I lanplus -H node03-bmc -U admin -P admin sdr type 'Power Supply'
PS1 Status       | 50h | ok  | 10.1 | Presence detected
PS2 Status       | 51h | ok  | 10.1 | Presence detected
PS3 Status       | 52h | ok  | 10.1 | Presence detected
PS4 Status       | 53h | ok  | 10.1 | Presence detected
PS5 Status       | 54h | ok  | 10.1 | Presence detected
PS6 Status       | 55h | ok  | 10.1 | Presence detected
$ answer node03 lost power
Partly right: `chassis status` says System Power on with no ac-failed power event, Redfish PowerState On, and the node draws about 2.9 kW (`dcmi power reading`), like its idle peers: node03 has power.
$ answer node03 froze on an uncorrectable memory error (DIMM P2-DIMMB1)
Right: node03 froze on an uncorrectable memory error (DIMM P2-DIMMB1). That is the cause.

Now repair it and show that it works again. Bring node03 back, and keep the scheduler from placing jobs on it until its hardware is dealt with. The lab is solved when Slurm keeps node03 out of service and `ssh node03 uptime` shows it up.
$ ipmitool -I lanplus -H node03-bmc -U admin -P admin chassis power cycle
Chassis Power Control: Cycle
$ sleep 300
$ ssh node03 uptime
 06:35:22 up 1 min,  0 users,  load average: 0.02, 0.02, 0.02
$ sudo scontrol update nodename=node03 state=drain reason="DIMM P2-DIMMB1 uncorrectable ECC"
$ ssh node03 journalctl -k -b -1 -n 3
-- Logs begin at Tue 2026-09-29 01:56:28 UTC. --
Sep 29 01:56:42 node03 kernel: bond0: (slave enp41s0f0np0): Enslaving as a backup interface with an up link
Sep 29 01:56:42 node03 kernel: bond0: (slave enp41s0f1np1): Enslaving as a backup interface with an up link
Sep 29 01:56:43 node03 kernel: IPv6: ADDRCONF(NETDEV_CHANGE): bond0: link becomes ready
$ ssh node03 dmesg | grep -A8 BERT
[    3.100000] BERT: Error records from previous boot:
[    3.100017] [Hardware Error]: event severity: fatal
[    3.100034] [Hardware Error]:  Error 0, type: fatal
[    3.100051] [Hardware Error]:   section_type: memory error
[    3.100068] [Hardware Error]:   error_status: Storage error in DRAM memory (0x0000000000000400)
[    3.100085] [Hardware Error]:   physical_address: 0x0000003f8a21c040
[    3.100102] [Hardware Error]:   node:1 card:1 module:0 rank:0 bank:2 row:130129
[    3.100119] [Hardware Error]:   DIMM location: P2_Node1_Channel1_Dimm0 P2-DIMMB1
[    3.100136] [Hardware Error]:   error_type: 3, multi-bit ECC
$ ssh node03 journalctl -k | grep -c "Hardware Error"
8
$ ssh node03 uptime
 06:35:40 up 1 min,  0 users,  load average: 0.02, 0.02, 0.02

Fixed and verified: node03 has booted again, its firmware's error record names the DIMM, and Slurm keeps it drained until the DIMM is replaced and tested. Lab node-silent solved in 16 commands (the worked solution takes 13), 0 of 4 hints.

node03's host froze at 05:50 UTC: the BMC's SEL records an uncorrectable ECC error on DIMM
P2-DIMMB1 and a bus fatal error at that second, the host stopped answering ssh and ping, NCCL
on node01 lost its peer 10.0.0.13, and Slurm set node03 DOWN and ended the job (NODE_FAIL).
The BMC, with its own network and standby power, kept answering: System Power on, every
supply ok, power drawn as on its idle peers. A hung host needs a hard power cycle from the
BMC. The previous boot's kernel log (`journalctl -k -b -1`) ends without an error: its last
lines are the ones the kernel logged at that boot's start on 29 September (it logged nothing
in the three days after), and a fatal machine check panics the kernel before journald
can write anything to disk (the panic reaches only the console, or netconsole where it is
set up); `journalctl --list-boots` dates that boot's last entry 05:50. The record survives
in the BMC's SEL and in the firmware, whose Boot Error Record Table the next boot's kernel
prints (`dmesg | grep -A8 BERT`: a fatal multi-bit ECC error on P2-DIMMB1). Keep it drained: a DIMM with an uncorrectable error is replaced
(or at least tested offline) before the node takes jobs again.

Read next: Operations: out-of-band management (/reference/operations/out-of-band-management/)
$ lab
Lab:            node-silent (A silent node)
Status:         solved
Hints used:     0 of 4
Answers tried:  2
Commands:       17 (the worked solution takes 13)
Simulated time: 2026-10-02 06:35:40 UTC (5 min 40 s into the lab)
Diagnosis:      named
Fix:            verified
Solved when:    both: the diagnosis named and the fix verified
