# lab: after-maintenance
Training Infrastructure Handbook: cluster emulator
Cluster trn: 4 nodes (node01-node04), 8 x A100 per node. You are on node01.

Lab after-maintenance: After maintenance
Since last week's maintenance of the rack (cables re-routed, nodes rebooted), the 6.7B
pre-training job 71230 on node01-node04 (32 ranks) takes about 1.47 s a step instead of
1.34 s, and its all-grads-sync timer has doubled. Every node passes its single-node tests.
The fabric team will fix it, but they want one port: which node and HCA, what is wrong
with it, and where its cable goes on the switch. Find it and name it.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ tail -n 8 train.log
[2026-09-15 16:09:46] iteration    12390/ 1022338 | consumed samples:      396480 | elapsed time per iteration (ms): 1473.7 | throughput per GPU (TFLOP/s/GPU): 111.7 | tokens per second: 88939 | learning rate: 2.998913E-04 | global batch size:    32 | lm loss: 2.299254E+00 | batch wait (ms): 0.4 | loss scale: 1.0 | grad norm: 0.802 | number of skipped iterations:   0 | number of nan iterations:   0 |
(min, max) time across ranks (ms):
    forward-backward ...............................: (1448.82, 1449.26)
    forward-compute ................................: (389.02, 393.48)
    backward-compute ...............................: (777.53, 786.36)
    batch-generator ................................: (0.14, 0.69)
    all-grads-sync .................................: (268.97, 269.25)
    optimizer ......................................: (24.96, 25.00)
$ mpirun -np 16 -H node01:8,node02:8 all_reduce_perf -b 8G -e 8G -g 1
# nThread 1 nGpus 1 minBytes 8589934592 maxBytes 8589934592 step: 1048576(bytes) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0
#
# Using devices
#  Rank  0 Group  0 Pid  27540 on     node01 device  0 [0000:15:00] NVIDIA A100-SXM4-80GB
#  Rank  1 Group  0 Pid   3511 on     node01 device  1 [0000:16:00] NVIDIA A100-SXM4-80GB
#  Rank  2 Group  0 Pid  37526 on     node01 device  2 [0000:35:00] NVIDIA A100-SXM4-80GB
#  Rank  3 Group  0 Pid  56225 on     node01 device  3 [0000:36:00] NVIDIA A100-SXM4-80GB
#  Rank  4 Group  0 Pid  14487 on     node01 device  4 [0000:75:00] NVIDIA A100-SXM4-80GB
#  Rank  5 Group  0 Pid  90111 on     node01 device  5 [0000:76:00] NVIDIA A100-SXM4-80GB
#  Rank  6 Group  0 Pid  40418 on     node01 device  6 [0000:95:00] NVIDIA A100-SXM4-80GB
#  Rank  7 Group  0 Pid  21147 on     node01 device  7 [0000:96:00] NVIDIA A100-SXM4-80GB
#  Rank  8 Group  0 Pid  63518 on     node02 device  0 [0000:15:00] NVIDIA A100-SXM4-80GB
#  Rank  9 Group  0 Pid  65689 on     node02 device  1 [0000:16:00] NVIDIA A100-SXM4-80GB
#  Rank 10 Group  0 Pid  74402 on     node02 device  2 [0000:35:00] NVIDIA A100-SXM4-80GB
#  Rank 11 Group  0 Pid  65056 on     node02 device  3 [0000:36:00] NVIDIA A100-SXM4-80GB
#  Rank 12 Group  0 Pid  56187 on     node02 device  4 [0000:75:00] NVIDIA A100-SXM4-80GB
#  Rank 13 Group  0 Pid   9794 on     node02 device  5 [0000:76:00] NVIDIA A100-SXM4-80GB
#  Rank 14 Group  0 Pid  27340 on     node02 device  6 [0000:95:00] NVIDIA A100-SXM4-80GB
#  Rank 15 Group  0 Pid  36496 on     node02 device  7 [0000:96:00] NVIDIA A100-SXM4-80GB
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)       
  8589934592    2147483648     float     sum      -1   167002   51.44   96.44      0   169624   50.64   94.95      0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 95.6971 
#

$ mpirun -np 16 -H node03:8,node04:8 all_reduce_perf -b 8G -e 8G -g 1
# nThread 1 nGpus 1 minBytes 8589934592 maxBytes 8589934592 step: 1048576(bytes) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0
#
# Using devices
#  Rank  0 Group  0 Pid  76764 on     node03 device  0 [0000:15:00] NVIDIA A100-SXM4-80GB
#  Rank  1 Group  0 Pid  43432 on     node03 device  1 [0000:16:00] NVIDIA A100-SXM4-80GB
#  Rank  2 Group  0 Pid  29387 on     node03 device  2 [0000:35:00] NVIDIA A100-SXM4-80GB
#  Rank  3 Group  0 Pid  84129 on     node03 device  3 [0000:36:00] NVIDIA A100-SXM4-80GB
#  Rank  4 Group  0 Pid  15006 on     node03 device  4 [0000:75:00] NVIDIA A100-SXM4-80GB
#  Rank  5 Group  0 Pid  24293 on     node03 device  5 [0000:76:00] NVIDIA A100-SXM4-80GB
#  Rank  6 Group  0 Pid  19518 on     node03 device  6 [0000:95:00] NVIDIA A100-SXM4-80GB
#  Rank  7 Group  0 Pid  40206 on     node03 device  7 [0000:96:00] NVIDIA A100-SXM4-80GB
#  Rank  8 Group  0 Pid  44542 on     node04 device  0 [0000:15:00] NVIDIA A100-SXM4-80GB
#  Rank  9 Group  0 Pid  14988 on     node04 device  1 [0000:16:00] NVIDIA A100-SXM4-80GB
#  Rank 10 Group  0 Pid  80656 on     node04 device  2 [0000:35:00] NVIDIA A100-SXM4-80GB
#  Rank 11 Group  0 Pid  47262 on     node04 device  3 [0000:36:00] NVIDIA A100-SXM4-80GB
#  Rank 12 Group  0 Pid  75382 on     node04 device  4 [0000:75:00] NVIDIA A100-SXM4-80GB
#  Rank 13 Group  0 Pid  72105 on     node04 device  5 [0000:76:00] NVIDIA A100-SXM4-80GB
#  Rank 14 Group  0 Pid  36316 on     node04 device  6 [0000:95:00] NVIDIA A100-SXM4-80GB
#  Rank 15 Group  0 Pid  12017 on     node04 device  7 [0000:96:00] NVIDIA A100-SXM4-80GB
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)       
  8589934592    2147483648     float     sum      -1    84134  102.10  191.43      0    85596  100.35  188.17      0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 189.799 
#

$ ssh node02 ibstat | grep -E "^CA|Rate|Link layer"
CA 'mlx5_0'
		Rate: 200
		Link layer: InfiniBand
CA 'mlx5_1'
		Rate: 200
		Link layer: InfiniBand
CA 'mlx5_2'
		Rate: 200
		Link layer: InfiniBand
CA 'mlx5_3'
		Rate: 200
		Link layer: InfiniBand
CA 'mlx5_4'
		Rate: 100
		Link layer: Ethernet
CA 'mlx5_5'
		Rate: 100
		Link layer: Ethernet
CA 'mlx5_6'
		Rate: 200
		Link layer: InfiniBand
CA 'mlx5_7'
		Rate: 200
		Link layer: InfiniBand
CA 'mlx5_8'
		Rate: 100
		Link layer: InfiniBand
CA 'mlx5_9'
		Rate: 200
		Link layer: InfiniBand
$ ssh node02 ibv_devinfo -v -d mlx5_8 | grep -E "state|width|speed"
			state:			PORT_ACTIVE (4)
			active_width:		2X (16)
			active_speed:		50.0 Gbps (64)
			phys_state:		LINK_UP (5)
$ ssh node02 perfquery -x -C mlx5_8 -P 1
# Port extended counters: Lid 122 port 1 (CapMask: 0x5A00)
PortSelect:......................1
CounterSelect:...................0x0000
PortXmitData:....................2749056868439
PortRcvData:.....................2757126336826
PortXmitPkts:....................2684625847
PortRcvPkts:.....................2692506188
PortUnicastXmitPkts:.............2684625847
PortUnicastRcvPkts:..............2692506188
PortMulticastXmitPkts:...........0
PortMulticastRcvPkts:............0
SymbolErrorCounter:..............0
LinkErrorRecoveryCounter:........0
LinkDownedCounter:...............0
PortRcvErrors:...................0
PortRcvRemotePhysicalErrors:.....0
PortRcvSwitchRelayErrors:........0
PortXmitDiscards:................0
PortXmitConstraintErrors:........0
PortRcvConstraintErrors:.........0
LocalLinkIntegrityErrors:........0
ExcessiveBufferOverrunErrors:....0
VL15Dropped:.....................0
PortXmitWait:....................1319865
QP1Dropped:......................0
$ ssh node04 mlxlink -d mlx5_2 -c

Operational Info
----------------
State                              : Active
Physical state                     : LinkUp
Speed                              : IB-HDR
Width                              : 4x
FEC                                : Standard LL RS-FEC - RS(271,257)
Loopback Mode                      : No Loopback
Auto Negotiation                   : ON

Supported Info
--------------
Enabled Link Speed                 : 0x00000078 (HDR,EDR,FDR,QDR)
Supported Cable Speed              : 0x00000078 (HDR,EDR,FDR,QDR)

Physical Counters and BER Info
------------------------------
Time Since Last Clear [Min]        : 181
Effective Physical Errors          : 108
Effective Physical BER             : 5E-14
Raw Physical BER                   : 2E-10
Link Down Counter                  : 0
Link Error Recovery Counter        : 5

Troubleshooting Info
--------------------
Status Opcode                      : 0
Group Opcode                       : N/A
Recommendation                     : No issue was observed
$ answer node04 mlx5_2 symbol errors
Not node04 mlx5_2 symbol errors: node04 mlx5_2 counts symbol errors (108 in 3 hours, +0 or +1 a minute), but its effective BER is 5E-14, within spec (mlxlink: no issue observed), it runs 4X HDR at Rate 200, and node01 with node04 reaches the full ~190 GB/s busbw.
$ iblinkinfo | grep -E "^Switch|2X"
Switch: 0x499695b0d5625cd1 r0-leaf01:
Switch: 0xb010f36024111258 r1-leaf01:
Switch: 0x82b477951238c109 r2-leaf01:
Switch: 0x1ce37ff1983b074e r3-leaf01:
Switch: 0xf7d1b4b3ab8cebb0 r4-leaf01:
Switch: 0x1b0e38649168fcc1 r5-leaf01:
Switch: 0xd9896bc0f0830321 r6-leaf01:
        1006    2[  ] ==( 2X        53.125 Gbps Active/  LinkUp)==>     122    1[  ] "node02 mlx5_8" (Could be 4X )
Switch: 0xa3e8054864f17742 r7-leaf01:
Switch: 0xec25ed97a46de3d2 spine01:
Switch: 0x97b2bb70446edbbb spine02:
Switch: 0x1bfc140dbbcc34e3 spine03:
Switch: 0x3a726f4937319bf3 spine04:
Switch: 0xeec25a3e4d0ffff2 spine05:
Switch: 0xd9287b2da87d58ec spine06:
Switch: 0x6902e19c0c8af233 spine07:
Switch: 0x0da7d8d827acbbd2 spine08:
Switch: 0xda2f6fd6d524bed4 spine09:
Switch: 0x08100323d651f57a spine10:
Switch: 0x5436dce97789fa0a spine11:
Switch: 0x9525554a9938bb80 spine12:
Switch: 0xd4ec5238e73dc55d spine13:
Switch: 0x1bd15e1d4b654fb6 spine14:
Switch: 0x1fee4c7be02e8eaa spine15:
Switch: 0x141fa5b9195d1d3d spine16:
Switch: 0x0dbc6b96e8d77989 spine17:
Switch: 0xef3b543fd8c656bc spine18:
Switch: 0xd9c31cdd56d3c56d spine19:
Switch: 0xeb409aa37499fb45 spine20:
$ answer node02 mlx5_8 runs at 2X width (Rate 100 instead of 200)
Right: node02 mlx5_8 runs at 2X width (Rate 100 instead of 200). Lab after-maintenance solved in 10 commands (the worked solution takes 9), 0 of 3 hints.

node02's mlx5_8 (rail 6, netdev ibp147s0) came up with two of its four lanes: 2X at 53.125 Gb/s
per lane, Rate 100 instead of 200, while every other compute port runs 4X HDR. It trained
that way at link-up when node02 booted after the maintenance, so it counts no errors, logged
no link down, and stays Active: only its width shows it (`ibv_devinfo -v`, `iblinkinfo`,
mlxlink's Width). NCCL's rings cross every rail, so each collective through node02 runs at
that port's pace: a pair with node02 reaches about 96 GB/s busbw, every other pair about 190.
Its perfquery deltas say the same: in a minute it sends about half the data of its peer
mlx5_9. node04's mlx5_2 counts symbol errors but at a BER (5E-14) within spec and at full
width: watch it, but it is not what slows the job. For the fabric team: node02 mlx5_8, the
cable to r6-leaf01 port 2; reseat both ends or replace the cable or transceiver, then check
for 4X in ibstat/iblinkinfo and rerun the pair test.

Read next: Operations: training fabric triage (/reference/operations/training-fabric-triage/)
$ lab
Lab:            after-maintenance (After maintenance)
Status:         solved
Hints used:     0 of 3
Answers tried:  2
Commands:       11 (the worked solution takes 9)
Simulated time: 2026-09-15 16:11:09 UTC (1 min 09 s into the lab)
$ ssh node02 ibdev2netdev | grep enp
mlx5_4 port 1 ==> enp81s0f0np0 (Up)
mlx5_5 port 1 ==> enp81s0f1np1 (Up)
$ ssh node02 dmesg | grep -E "enp|bond0"
[   14.400000] mlx5_core 0000:51:00.0 enp81s0f0np0: Link up
[   14.500000] mlx5_core 0000:51:00.1 enp81s0f1np1: Link up
[   14.600000] bond0: (slave enp81s0f0np0): Enslaving as a backup interface with an up link
[   14.700000] bond0: (slave enp81s0f1np1): Enslaving as a backup interface with an up link
[   15.000000] IPv6: ADDRCONF(NETDEV_CHANGE): bond0: link becomes ready
$ help iblinkinfo
iblinkinfo: every switch of the InfiniBand fabric with its ports' width, rate and peer
usage: iblinkinfo
  Each port: LID PORT ==(WIDTH LANE-RATE STATE/PHYS)==> the peer's LID, port and name.
  4X at the port's generation's lane rate is full width (HDR: 4X 53.125 Gbps, 200 Gb/s;
  NDR: 4X 106.25 Gbps, 400 Gb/s); 2X or 1X is degraded unless the port was split on purpose.
$ help ibstatus
ibstatus: InfiniBand port status in short: state, physical state, rate and width
usage: ibstatus [DEV[:PORT]]
  rate: 4X at the fabric's generation on a healthy port:
  200 Gb/sec (4X HDR) on HDR, 400 Gb/sec (4X NDR) on NDR.
$ help mlxlink
mlxlink: NVIDIA/Mellanox link diagnostics of one port: speed, width, BER, advice
usage: mlxlink -d DEV [-c] [-m]
  -c adds the physical counters and BER since the last clear, -m the cable or transceiver
  (Module Info: part, length, temperature, per-lane Rx/Tx power). The Recommendation line says
  what the firmware would look at first. Identifier is the module's SFF-8024 byte: an HDR
  QSFP56 cable reports QSFP28 (11h, "QSFP28 or later"), an NDR module OSFP.
$ ssh node02 mlxlink -d mlx5_8 -m | grep -E "Identifier|Cable PN|Speed"
Speed                              : IB-HDR
Enabled Link Speed                 : 0x00000078 (HDR,EDR,FDR,QDR)
Supported Cable Speed              : 0x00000078 (HDR,EDR,FDR,QDR)
Identifier                         : QSFP28
$ help ibdiagnet
ibdiagnet: check the whole InfiniBand fabric: discovery, counters, link speed and width
usage: ibdiagnet [-o DIR]
  The stages that matter here: Port Counters (errors that grew during its 1 s sample) and
  Speed / Width checks (links trained below what both ends support), then the Summary.
  A counter that is non-zero but did not grow in the sample (nor overflowed) is not flagged:
  read it with perfquery -x or mlxlink -c.
  Ports are named S<system GUID>/N<node GUID>/P<port>: match the GUIDs with ibstat.
$ ibdiagnet | grep -iE "counters|symbol"
Port Counters
-I- Ports counters retrieving finished successfully
-I- Going to sleep for 1 seconds until next counters sample
-I- Ports counters retrieving (second time) finished successfully
-I- Ports counters value Check finished successfully
-I- Ports counters Difference Check (during run) finished successfully
-I- Port Counters             0          0          
-I- Ports Counters             : /var/tmp/ibdiagnet2/ibdiagnet2.pm
$ ssh node04 perfquery -x -C mlx5_2 -P 1 | grep -i symbol
SymbolErrorCounter:..............108
