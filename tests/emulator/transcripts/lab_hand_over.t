# lab: hand-over
Training Infrastructure Handbook: cluster emulator
Cluster trn: 3 nodes (node01-node03), 8 x H100 per node. You are on node01.

Lab hand-over: Hand-over
The 13B pre-training job 74410 on node01-node03 runs slower than it should, and the fabric
team will take the case, but they will not start without a snapshot they can check: the
port, the evidence from it and from a healthy peer, the counters over an interval, the
switch side, the times in UTC, and what you could not collect and why. Name the port that
slows the job, then collect the snapshot (`snapshot` shows what it holds). Do not reset or
reseat anything: the evidence goes first.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
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
$ squeue
             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)
             74410     train pretrain     user  R    2:30:02      3 node[01-03]
$ date -u
Mon Nov 30 14:00:06 UTC 2026
$ tail -n 8 train.log
[2026-11-30 13:59:56] iteration     8150/ 2644856 | consumed samples:      195600 | elapsed time per iteration (ms): 1097.3 | throughput per GPU (TFLOP/s/GPU): 291.1 | tokens per second: 89584 | learning rate: 2.999930E-04 | global batch size:    24 | lm loss: 2.416197E+00 | batch wait (ms): 0.4 | loss scale: 1.0 | grad norm: 0.770 | number of skipped iterations:   0 | number of nan iterations:   0 |
(min, max) time across ranks (ms):
    forward-backward ...............................: (1072.49, 1072.86)
    forward-compute ................................: (268.16, 271.09)
    backward-compute ...............................: (535.25, 541.49)
    batch-generator ................................: (0.13, 0.65)
    all-grads-sync .................................: (259.83, 260.12)
    optimizer ......................................: (24.95, 25.00)
$ ssh node02 ibstat mlx5_4
CA 'mlx5_4'
	CA type: MT4129
	Number of ports: 1
	Firmware version: 28.41.1000
	Hardware version: 0
	Node GUID: 0xa088c2030dd0585e
	System image GUID: 0xa088c2030dd0585e
	Port 1:
		State: Active
		Physical state: LinkUp
		Rate: 200
		Base lid: 118
		LMC: 0
		SM lid: 1
		Capability mask: 0xa751e848
		Port GUID: 0xa088c2030dd0585e
		Link layer: InfiniBand
$ ibstat mlx5_4
CA 'mlx5_4'
	CA type: MT4129
	Number of ports: 1
	Firmware version: 28.41.1000
	Hardware version: 0
	Node GUID: 0xa088c2038587d25a
	System image GUID: 0xa088c2038587d25a
	Port 1:
		State: Active
		Physical state: LinkUp
		Rate: 400
		Base lid: 102
		LMC: 0
		SM lid: 1
		Capability mask: 0xa751e848
		Port GUID: 0xa088c2038587d25a
		Link layer: InfiniBand
$ answer node02 mlx5_4 at 2X (Rate 200) with climbing symbol errors
Right: node02 mlx5_4 at 2X (Rate 200) with climbing symbol errors. That is the finding.

Now complete the snapshot for the hand-over: collect what the fabric team needs. `snapshot` lists each item and whether the snapshot holds it; `snapshot note TEXT` writes down what no command shows (the scope, the interval, what is missing and why).
It holds 5 of 8 items (`snapshot` lists them); the lab is solved when it holds all.
$ ssh node02 perfquery -x -C mlx5_4 -P 1
# Port extended counters: Lid 118 port 1 (CapMask: 0x5A00)
PortSelect:......................1
CounterSelect:...................0x0000
PortXmitData:....................2584510102725
PortRcvData:.....................2563494679902
PortXmitPkts:....................2523935646
PortRcvPkts:.....................2503412772
PortUnicastXmitPkts:.............2523935646
PortUnicastRcvPkts:..............2503412772
PortMulticastXmitPkts:...........0
PortMulticastRcvPkts:............0
SymbolErrorCounter:..............1987
LinkErrorRecoveryCounter:........8
LinkDownedCounter:...............1
PortRcvErrors:...................216
PortRcvRemotePhysicalErrors:.....0
PortRcvSwitchRelayErrors:........0
PortXmitDiscards:................0
PortXmitConstraintErrors:........0
PortRcvConstraintErrors:.........0
LocalLinkIntegrityErrors:........0
ExcessiveBufferOverrunErrors:....0
VL15Dropped:.....................0
PortXmitWait:....................2097984
QP1Dropped:......................0
$ sleep 30
$ ssh node02 perfquery -x -C mlx5_4 -P 1
# Port extended counters: Lid 118 port 1 (CapMask: 0x5A00)
PortSelect:......................1
CounterSelect:...................0x0000
PortXmitData:....................2640220433220
PortRcvData:.....................2619205010397
PortXmitPkts:....................2578340266
PortRcvPkts:.....................2557817392
PortUnicastXmitPkts:.............2578340266
PortUnicastRcvPkts:..............2557817392
PortMulticastXmitPkts:...........0
PortMulticastRcvPkts:............0
SymbolErrorCounter:..............1995
LinkErrorRecoveryCounter:........8
LinkDownedCounter:...............1
PortRcvErrors:...................217
PortRcvRemotePhysicalErrors:.....0
PortRcvSwitchRelayErrors:........0
PortXmitDiscards:................0
PortXmitConstraintErrors:........0
PortRcvConstraintErrors:.........0
LocalLinkIntegrityErrors:........0
ExcessiveBufferOverrunErrors:....0
VL15Dropped:.....................0
PortXmitWait:....................2097984
QP1Dropped:......................0
$ snapshot
Snapshot of lab hand-over: 5 of 8 items
  [x] Scope: the job and its nodes (squeue or scontrol show job)
      14:00:02 UTC: squeue
  [x] The UTC time of the snapshot (date -u)
      14:00:06 UTC: date -u
  [x] The step log over the interval (train.log: step time, all-grads-sync)
      14:00:06 UTC: tail -n 8 train.log
  [x] The affected port's state and rate: ibstat on its node
      14:00:09 UTC: ssh node02 ibstat mlx5_4
  [x] A healthy peer: the same command on another node
      14:00:14 UTC: ibstat mlx5_4
  [ ] The affected port's counters twice, at least 60 s apart (perfquery -x)
      14:00:55 UTC: ssh node02 perfquery -x -C mlx5_4 -P 1 (2 readings over 39 s; 2 at least 60 s apart wanted)
  [ ] The switch side of the affected link (iblinkinfo)
  [ ] What could not be collected, and why (snapshot note)
$ sleep 30
$ ssh node02 perfquery -x -C mlx5_4 -P 1
# Port extended counters: Lid 118 port 1 (CapMask: 0x5A00)
PortSelect:......................1
CounterSelect:...................0x0000
PortXmitData:....................2693239941679
PortRcvData:.....................2672224518856
PortXmitPkts:....................2630117130
PortRcvPkts:.....................2609594256
PortUnicastXmitPkts:.............2630117130
PortUnicastRcvPkts:..............2609594256
PortMulticastXmitPkts:...........0
PortMulticastRcvPkts:............0
SymbolErrorCounter:..............2001
LinkErrorRecoveryCounter:........8
LinkDownedCounter:...............1
PortRcvErrors:...................217
PortRcvRemotePhysicalErrors:.....0
PortRcvSwitchRelayErrors:........0
PortXmitDiscards:................0
PortXmitConstraintErrors:........0
PortRcvConstraintErrors:.........0
LocalLinkIntegrityErrors:........0
ExcessiveBufferOverrunErrors:....0
VL15Dropped:.....................0
PortXmitWait:....................2097984
QP1Dropped:......................0
$ iblinkinfo | grep -E "^Switch|2X"
Switch: 0x69135329173051fa r0-leaf01:
Switch: 0x4fd69af640a645cd r1-leaf01:
Switch: 0x35bb8861c2551ff6 r2-leaf01:
        1002    2[  ] ==( 2X        106.25 Gbps Active/  LinkUp)==>     118    1[  ] "node02 mlx5_4" (Could be 4X )
Switch: 0x61c9401ce80065c7 r3-leaf01:
Switch: 0xc8bca6741d1f259a r4-leaf01:
Switch: 0x1a5d47cb46b5f093 r5-leaf01:
Switch: 0xa43ff8aa61fb5092 r6-leaf01:
Switch: 0xf1a350b89c585f05 r7-leaf01:
Switch: 0xb74184f536570d1e spine01:
Switch: 0xc11ffe80240aa120 spine02:
Switch: 0xfb5d2c5e0407ff84 spine03:
Switch: 0x76b33254bcbc7cb6 spine04:
Switch: 0xb873dcbbfdf9d5f0 spine05:
Switch: 0x92b3473ab83fdf81 spine06:
Switch: 0x2e39db513ff5bd3a spine07:
Switch: 0xb5ea68a14dbd0bc5 spine08:
Switch: 0x7f736a78bca467b2 spine09:
Switch: 0x5fdfdc326e28b348 spine10:
Switch: 0x953d1ac3d90f6d76 spine11:
Switch: 0x9760fabb8e4c994f spine12:
Switch: 0x5820c02a027819bd spine13:
Switch: 0xa6261dc4604d67e7 spine14:
Switch: 0x8caa61c45062df2f spine15:
Switch: 0x621222edb2c1ac01 spine16:
Switch: 0xe08dc11822cd0874 spine17:
Switch: 0x8869ec7cde231945 spine18:
Switch: 0x3274f35a8b2f29ae spine19:
Switch: 0xe93703c77f439594 spine20:
Switch: 0xa9d6cbbc609d9ba8 spine21:
Switch: 0xb0978357519fa054 spine22:
Switch: 0x4e9265f944086a74 spine23:
Switch: 0x88108254d54a2670 spine24:
Switch: 0x0070c1a834b4b9d8 spine25:
Switch: 0x9cd1b2280f73e40f spine26:
Switch: 0xa75ea5a34543d6ce spine27:
Switch: 0xd8d3877eb5e3a4c9 spine28:
Switch: 0xc25d393bc6e092de spine29:
Switch: 0xf4a15673a33a24d3 spine30:
Switch: 0x9812463707d92561 spine31:
Switch: 0x52b1b0d525e377b5 spine32:
$ ipmitool -I lanplus -H node02-bmc -U admin -P admin sel elist || echo "no SEL"
Error: Unable to establish IPMI v2 / RMCP+ session
no SEL
$ snapshot note SEL of node02 missing, BMC does not answer (RMCP+ session error)
Noted at 14:01:59 UTC (note 1 of at most 8).
Snapshot complete: the fabric team can check every line of it without logging in. Lab hand-over solved in 16 commands (the worked solution takes 12), 0 of 4 hints.

node02's mlx5_4 (rail 2) runs with two of its four lanes, 2X at 106.25 Gb/s per lane, Rate
200 where every other compute port shows 400, and the lanes it kept count symbol errors at
about 0.18 a second (mlxlink: effective BER 9E-13 after about 3 hours). Every ring through
node02 runs at that port's pace, so all-grads-sync takes about 260 ms. The snapshot holds
what the fabric team needs to act without asking again: the job and its nodes, the UTC time,
the step log, the port next to a healthy peer's, its counters a known interval apart (the
delta, not a total of unknown age), the leaf port at the other end of the cable, and the
gap: node02's SEL could not be read because its BMC does not answer, which is itself a
second ticket for whoever runs the management network.

Read next: Operations: diagnostic snapshot (/reference/operations/diagnostic-snapshot/)
$ snapshot
Snapshot of lab hand-over: 8 of 8 items
  [x] Scope: the job and its nodes (squeue or scontrol show job)
      14:00:02 UTC: squeue
  [x] The UTC time of the snapshot (date -u)
      14:00:06 UTC: date -u
  [x] The step log over the interval (train.log: step time, all-grads-sync)
      14:00:06 UTC: tail -n 8 train.log
  [x] The affected port's state and rate: ibstat on its node
      14:00:09 UTC: ssh node02 ibstat mlx5_4
  [x] A healthy peer: the same command on another node
      14:00:14 UTC: ibstat mlx5_4
  [x] The affected port's counters twice, at least 60 s apart (perfquery -x)
      14:01:32 UTC: ssh node02 perfquery -x -C mlx5_4 -P 1 (3 readings over 76 s; 2 at least 60 s apart wanted)
  [x] The switch side of the affected link (iblinkinfo)
      14:01:37 UTC: iblinkinfo | grep -E "^Switch|2X"
  [x] What could not be collected, and why (snapshot note)
      14:01:59 UTC: SEL of node02 missing, BMC does not answer (RMCP+ session error)
Notes:
  1. 14:01:59 UTC: SEL of node02 missing, BMC does not answer (RMCP+ session error)
$ lab
Lab:            hand-over (Hand-over)
Status:         solved
Hints used:     0 of 4
Answers tried:  1
Commands:       18 (the worked solution takes 12)
Simulated time: 2026-11-30 14:01:59 UTC (1 min 59 s into the lab)
Finding:        named
Snapshot:       8 of 8 items (`snapshot` lists them)
Solved when:    both: the finding named and every item held
