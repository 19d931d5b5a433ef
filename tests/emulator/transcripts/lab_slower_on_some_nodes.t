# lab: slower-on-some-nodes
Training Infrastructure Handbook: cluster emulator
Cluster trn: 8 nodes (node01-node08), 8 x H100 per node. You are on node01.

Lab slower-on-some-nodes: Slower on some nodes
The 7B job 61017 (32 ranks on node01, node02, node03 and node07) steps in about 600 ms. The
same job with the same settings ran at about 530 ms last week on node01, node02, node05 and
node06. Nothing failed, every port is up and no error counter moves. Find why this allocation
is slower and name the component responsible. node04, node05, node06 and node08 are idle and
free for tests.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ goal
Lab slower-on-some-nodes: Slower on some nodes

The 7B job 61017 (32 ranks on node01, node02, node03 and node07) steps in about 600 ms. The
same job with the same settings ran at about 530 ms last week on node01, node02, node05 and
node06. Nothing failed, every port is up and no error counter moves. Find why this allocation
is slower and name the component responsible. node04, node05, node06 and node08 are idle and
free for tests.

When you know the cause, name the component: answer COMPONENT (e.g. answer r5-leaf01 uplink 2 congestion). `hint` gives a hint.
$ tail train.log
    all-grads-sync .................................: (140.91, 141.18)
    optimizer ......................................: (24.95, 25.00)
[2026-06-03 16:09:54] iteration     8650/ 1068115 | consumed samples:      276800 | elapsed time per iteration (ms): 603.4 | throughput per GPU (TFLOP/s/GPU): 285.1 | tokens per second: 217215 | learning rate: 2.999515E-04 | global batch size:    32 | lm loss: 2.212539E+00 | batch wait (ms): 0.4 | loss scale: 1.0 | grad norm: 0.837 | number of skipped iterations:   0 | number of nan iterations:   0 |
(min, max) time across ranks (ms):
    forward-backward ...............................: (578.49, 578.92)
    forward-compute ................................: (144.57, 146.40)
    backward-compute ...............................: (288.23, 291.64)
    batch-generator ................................: (0.13, 0.68)
    all-grads-sync .................................: (140.42, 140.69)
    optimizer ......................................: (24.95, 25.00)
$ mpirun -np 16 -H node03:8,node07:8 all_reduce_perf -b 1G -e 4G -f 2 -g 1 | tail -n 3
# Avg bus bandwidth    : 257.82 
#

$ mpirun -np 16 -H node05:8,node07:8 all_reduce_perf -b 1G -e 4G -f 2 -g 1 | tail -n 3
# Avg bus bandwidth    : 510.672 
#

$ mpirun -np 16 -H node01:8,node06:8 all_reduce_perf -b 1G -e 4G -f 2 -g 1 | tail -n 3
# Avg bus bandwidth    : 508.622 
#

$ mpirun -np 16 -H node03:8,node05:8 all_reduce_perf -b 1G -e 4G -f 2 -g 1 | tail -n 3
# Avg bus bandwidth    : 257.201 
#

$ ib_write_bw -d mlx5_4 --report_gbits node07 | tail -n 2
 65536      5000             196.28             195.89		   0.373623
---------------------------------------------------------------------------------------
$ ib_write_bw -d mlx5_0 --report_gbits node07 | tail -n 2
 65536      5000             390.18             389.40		   0.742717
---------------------------------------------------------------------------------------
$ ssh node07 ib_write_bw -d mlx5_4 --report_gbits node01 | tail -n 2
 65536      5000             391.20             390.42		   0.744672
---------------------------------------------------------------------------------------
$ ibtracert 102 198
From ca {0xa088c203a57671f3} portnum 1 lid 102-102 "node01 mlx5_4"
[1] -> switch port {0x3569989af9dac6c1}[1] lid 1004-1004 "r2-leaf01"
[7] -> switch port {0x0cc48505bcfbb4ea}[5] lid 2002-2002 "spine03"
[6] -> switch port {0xaa517a7e58063028}[7] lid 1005-1005 "r2-leaf02"
[3] -> ca port {0xa088c203a408a6c2}[1] lid 198-198 "node07 mlx5_4"
To ca {0xa088c203a408a6c2} portnum 1 lid 198-198 "node07 mlx5_4"
$ iblinkinfo | grep -A8 "r2-leaf01:"
Switch: 0x3569989af9dac6c1 r2-leaf01:
        1004    1[  ] ==( 4X        106.25 Gbps Active/  LinkUp)==>     102    1[  ] "node01 mlx5_4" ( )
        1004    2[  ] ==( 4X        106.25 Gbps Active/  LinkUp)==>     118    1[  ] "node02 mlx5_4" ( )
        1004    3[  ] ==( 4X        106.25 Gbps Active/  LinkUp)==>     134    1[  ] "node03 mlx5_4" ( )
        1004    4[  ] ==( 4X        106.25 Gbps Active/  LinkUp)==>     150    1[  ] "node04 mlx5_4" ( )
        1004    5[  ] ==( 4X        106.25 Gbps Active/  LinkUp)==>    2000    5[  ] "spine01" ( )
        1004    6[  ] ==( 4X        106.25 Gbps Active/  LinkUp)==>    2001    5[  ] "spine02" ( )
        1004    7[  ] ==( 4X        53.125 Gbps Active/  LinkUp)==>    2002    5[  ] "spine03" ( Could be 106.25 Gbps)
        1004    8[  ] ==( 4X        106.25 Gbps Active/  LinkUp)==>    2003    5[  ] "spine04" ( )
$ answer r2-leaf01 uplink 3 trained at 200 Gb/s
Right: r2-leaf01 uplink 3 trained at 200 Gb/s. Lab slower-on-some-nodes solved in 12 commands (the worked solution takes 8), 0 of 3 hints.

The fabric is rail-optimized, with two leaf switches per rail (node01-node04 under leaf01, node05-node08
under leaf02) and four uplinks per leaf to four spines, routed destination-mod-k: a flow to node N
leaves its leaf on uplink (N - 1) mod 4 + 1 and enters the destination's leaf on that same
uplink. Uplink 3 of r2-leaf01 (port 7, to spine03) trained at 200 Gb/s instead of 400. Only the
rail-2 flows that cross it slow down: from leaf01 to node07, and from leaf02 into node03. The
job's ring runs node01, node02, node03, node07 and back, so its node03-to-node07 hop crosses the
slow link, and every channel of the ring waits for its slowest rail: all-grads-sync doubles
(about 141 against 71 ms). Last week's allocation had no pair whose flow crossed it. Pairwise
tests show the pattern (node03 and node07 are fast with their own leaf's nodes and slow across),
ibtracert names the link the slow pairs share, and iblinkinfo its 53.125 Gb/s lanes. Reseat or
replace the cable or optics of that uplink (a transceiver trained down is the usual cause), and
until then keep jobs from being placed across it or take the uplink out of routing.

Read next: Networking: topology (/reference/networking/topology/)
$ lab
Lab:            slower-on-some-nodes (Slower on some nodes)
Status:         solved
Hints used:     0 of 3
Answers tried:  1
Commands:       13 (the worked solution takes 8)
Simulated time: 2026-06-03 16:11:52 UTC (1 min 52 s into the lab)
