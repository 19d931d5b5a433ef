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
$ perfquery -x -C mlx5_4 | grep -E "Data|Pkts:"
PortXmitData:....................2517307492029
PortRcvData:.....................2458473574033
PortXmitPkts:....................2458308096
PortRcvPkts:.....................2400853098
PortUnicastXmitPkts:.............2458308096
PortUnicastRcvPkts:..............2400853098
PortMulticastXmitPkts:...........0
PortMulticastRcvPkts:............0
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
$ perfquery -x 1004 7
# Port extended counters: Lid 1004 port 7 (CapMask: 0x5A00)
PortSelect:......................7
CounterSelect:...................0x0000
PortXmitData:....................1284974092778
PortRcvData:.....................1200059795277
PortXmitPkts:....................1254857512
PortRcvPkts:.....................1171933393
PortUnicastXmitPkts:.............1254857512
PortUnicastRcvPkts:..............1171933393
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
PortXmitWait:....................43244560232
QP1Dropped:......................0
$ perfquery -x 1004 6 | grep -E "Data|Wait"
PortXmitData:....................1244470876445
PortRcvData:.....................1172382605437
PortXmitWait:....................0
$ perfquery -x 2002 5 | grep -E "Data|Wait"
PortXmitData:....................1200059795277
PortRcvData:.....................1294295996819
PortXmitWait:....................43271022527
$ perfquery 1004 3 | grep -E "Data|Pkts|Wait"
PortXmitData:....................4294967295
PortRcvData:.....................4294967295
PortXmitPkts:....................2314211119
PortRcvPkts:.....................2232331339
PortXmitWait:....................0
$ perfquery -x 1004 20 | grep -E "Data|Wait"
PortXmitData:....................0
PortRcvData:.....................0
PortXmitWait:....................0
$ perfquery 1004 70
ibwarn: [4008] pma_query_via: Port 70 is not valid
perfquery: iberror: failed: perfquery
$ perfquery -r 1004 7
perfquery: resetting a switch port's counters is not simulated (the fabric's own monitoring reads them too)
$ sleep 60
$ perfquery -x 1004 7 | grep -E "Data|Wait"
PortXmitData:....................1404685397517
PortRcvData:.....................1200059795277
PortXmitWait:....................43584387363
$ perfquery -x 1004 6 | grep -E "Data|Wait"
PortXmitData:....................1244470876445
PortRcvData:.....................1172382605437
PortXmitWait:....................0
