# scenario: tests/emulator/fixtures/net_faults.yaml
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x H100 per node. You are on node01.

No lab is started: `lab list` shows the labs, `lab start ID` opens one.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ nvidia-smi topo -m | head -5
	GPU0	GPU1	GPU2	GPU3	GPU4	GPU5	GPU6	GPU7	NIC0	NIC1	NIC2	NIC3	NIC4	NIC5	NIC6	NIC7	NIC8	NIC9	CPU Affinity	NUMA Affinity	GPU NUMA ID
GPU0	 X 	NV18	NV18	NV17	NV18	NV18	NV18	NV18	PIX	NODE	NODE	NODE	NODE	NODE	SYS	SYS	SYS	SYS	0-55,112-167	0		N/A
GPU1	NV18	 X 	NV18	NV17	NV18	NV18	NV18	NV18	NODE	NODE	NODE	PIX	NODE	NODE	SYS	SYS	SYS	SYS	0-55,112-167	0		N/A
GPU2	NV18	NV18	 X 	NV17	NV18	NV18	NV18	NV18	NODE	NODE	NODE	NODE	PIX	NODE	SYS	SYS	SYS	SYS	0-55,112-167	0		N/A
GPU3	NV17	NV17	NV17	 X 	NV17	NV17	NV17	NV17	NODE	NODE	NODE	NODE	NODE	PIX	SYS	SYS	SYS	SYS	0-55,112-167	0		N/A
$ nvidia-smi nvlink -s -i 3 | grep -E 'GPU|Link [456]:'
GPU 3: NVIDIA H100 80GB HBM3 (UUID: GPU-cb778893-616a-6db0-1708-22aaad1e8d15)
	 Link 4: 26.562 GB/s
	 Link 5: <inactive>
	 Link 6: 26.562 GB/s
$ nvidia-smi nvlink -e -i 3 -l 5
GPU 3: NVIDIA H100 80GB HBM3 (UUID: GPU-cb778893-616a-6db0-1708-22aaad1e8d15)
	 Link 5: Replay Errors: 0
	 Link 5: Recovery Errors: 1
	 Link 5: CRC Errors: 0
$ nvidia-smi nvlink -x
Invalid combination of input arguments. Please run 'nvidia-smi nvlink -h' for help.
$ lspci -vvv -s 4e:01.0
4e:01.0 PCI bridge: Broadcom / LSI PEX890xx PCIe Gen 5 Switch (rev b0)
	Control: I/O+ Mem+ BusMaster+ SpecCycle- MemWINV- VGASnoop- ParErr+ Stepping- SERR+ FastB2B- DisINTx+
	Bus: primary=4e, secondary=52, subordinate=52, sec-latency=0
	NUMA node: 0
	Capabilities: [60] Express (v2) Downstream Port (Slot+), MSI 00
		LnkCap:	Port #1, Speed 32GT/s, Width x16, ASPM not supported
		LnkSta:	Speed 32GT/s, Width x16
	Capabilities: [1d0 v1] Access Control Services
		ACSCap:	SrcValid+ TransBlk+ ReqRedir+ CmpltRedir+ UpstreamFwd+ EgressCtrl+ DirectTrans+
		ACSCtl:	SrcValid+ TransBlk- ReqRedir+ CmpltRedir+ UpstreamFwd+ EgressCtrl- DirectTrans-
	Kernel driver in use: pcieport

$ lspci -s 4e:00.0 -v
4e:00.0 PCI bridge: Broadcom / LSI PEX890xx PCIe Gen 5 Switch (rev b0)
	Control: I/O+ Mem+ BusMaster+ SpecCycle- MemWINV- VGASnoop- ParErr+ Stepping- SERR+ FastB2B- DisINTx+
	Bus: primary=4e, secondary=4f, subordinate=4f, sec-latency=0
	NUMA node: 0
	Capabilities: [60] Express (v2) Downstream Port (Slot+), MSI 00
		LnkCap:	Port #0, Speed 32GT/s, Width x16, ASPM not supported
		LnkSta:	Speed 32GT/s, Width x16
	Capabilities: [1d0 v1] Access Control Services
		ACSCap:	SrcValid+ TransBlk+ ReqRedir+ CmpltRedir+ UpstreamFwd+ EgressCtrl+ DirectTrans+
		ACSCtl:	SrcValid+ TransBlk- ReqRedir+ CmpltRedir+ UpstreamFwd+ EgressCtrl- DirectTrans-
	Kernel driver in use: pcieport

$ perfquery -C mlx5_3
# Port counters: Lid 101 port 1 (CapMask: 0x5A00)
PortSelect:......................1
CounterSelect:...................0x0000
SymbolErrorCounter:..............14453
LinkErrorRecoveryCounter:........5
LinkDownedCounter:...............0
PortRcvErrors:...................1605
PortRcvRemotePhysicalErrors:.....0
PortRcvSwitchRelayErrors:........0
PortXmitDiscards:................0
PortXmitConstraintErrors:........0
PortRcvConstraintErrors:.........0
CounterSelect2:..................0x00
LocalLinkIntegrityErrors:........0
ExcessiveBufferOverrunErrors:....0
VL15Dropped:.....................0
PortXmitData:....................4294967295
PortRcvData:.....................4294967295
PortXmitPkts:....................2664493639
PortRcvPkts:.....................2568907766
PortXmitWait:....................1556966
$ perfquery -r -C mlx5_3 | grep SymbolError
SymbolErrorCounter:..............14463
$ perfquery -C mlx5_3 | grep -E 'SymbolError|PortRcvErrors'
SymbolErrorCounter:..............9
PortRcvErrors:...................1
$ ibv_devinfo -v -d mlx5_3
hca_id:	mlx5_3
	transport:			InfiniBand (0)
	fw_ver:				28.41.1000
	node_guid:			a088:c203:a132:e74a
	sys_image_guid:			a088:c203:a132:e74a
	vendor_id:			0x02c9
	vendor_part_id:			4129
	hw_ver:				0x0
	board_id:			MT_0000000838
	phys_port_cnt:			1
	max_mr_size:			0xffffffffffffffff
	page_size_cap:			0xfffffffffffff000
	max_qp:				131072
	max_qp_wr:			32768
	max_cq:				16777216
	max_mr:				16777216
	max_pd:				8388608
	numa_node:			0
		port:	1
			state:			PORT_ACTIVE (4)
			max_mtu:		4096 (5)
			active_mtu:		4096 (5)
			sm_lid:			1
			port_lid:		101
			port_lmc:		0x00
			link_layer:		InfiniBand
			max_msg_sz:		0x40000000
			max_vl_num:		4 (3)
			active_width:		4X (2)
			active_speed:		100.0 Gbps (128)
			phys_state:		LINK_UP (5)
			GID[  0]:		fe80:0000:0000:0000:a088:c203:a132:e74a

$ ssh node02 ibstat mlx5_9
CA 'mlx5_9'
	CA type: MT4129
	Number of ports: 1
	Firmware version: 28.41.1000
	Hardware version: 0
	Node GUID: 0xa088c20314aac08b
	System image GUID: 0xa088c20314aac08b
	Port 1:
		State: Down
		Physical state: Polling
		Rate: 10
		Base lid: 121
		LMC: 0
		SM lid: 1
		Capability mask: 0xa751e848
		Port GUID: 0xa088c20314aac08b
		Link layer: InfiniBand
$ ssh node02 ibdev2netdev | grep ibp192s0
mlx5_9 port 1 ==> ibp192s0 (Down)
$ ssh node02 ip link show ibp192s0
9: ibp192s0: <NO-CARRIER,BROADCAST,MULTICAST,UP> mtu 4092 qdisc mq state DOWN mode DEFAULT group default qlen 256
    link/infiniband 00:00:10:29:fe:80:00:00:00:00:00:00:a0:88:c2:03:14:aa:c0:8b brd 00:ff:ff:ff:ff:12:40:1b:ff:ff:00:00:00:00:00:00:ff:ff:ff:ff
$ ssh node02 ethtool ibp192s0
Settings for ibp192s0:
	Supported ports: [  ]
	Supported link modes:   Not reported
	Supported pause frame use: No
	Supports auto-negotiation: No
	Supported FEC modes: Not reported
	Advertised link modes:  Not reported
	Advertised pause frame use: No
	Advertised auto-negotiation: No
	Advertised FEC modes: Not reported
	Speed: Unknown!
	Duplex: Unknown! (255)
	Auto-negotiation: off
	Port: Other
	PHYAD: 255
	Transceiver: internal
        Current message level: 0x00000004 (4)
                               link
	Link detected: no
$ ssh node02 perfquery -C mlx5_9
ibwarn: [4015] mad_rpc: _do_madrpc failed; dport (Lid 121)
perfquery: iberror: [pid 4015] main: Failed to query local port counters
$ ip -s link show bond0
12: bond0: <BROADCAST,MULTICAST,MASTER,UP,LOWER_UP> mtu 9000 qdisc noqueue state UP mode DEFAULT group default qlen 1000
    link/ether b8:3f:d2:58:e1:7f brd ff:ff:ff:ff:ff:ff
      RX:  bytes   packets errors dropped  missed   mcast
    444644135116 108555696      0       0       0   21711
      TX:  bytes   packets errors dropped carrier collsns
    438737702540 107113696      0       0       0       0
$ ethtool bond0 | grep -E 'Speed|Link'
	Speed: 200000Mb/s
	Link detected: yes
$ ethtool -i ibp24s0
driver: mlx5_core[ib_ipoib]
version: 24.10-1.1.4
firmware-version: 28.41.1000 (MT_0000000838)
expansion-rom-version: 
bus-info: 0000:18:00.0
supports-statistics: yes
supports-test: yes
supports-eeprom-access: no
supports-register-dump: no
supports-priv-flags: yes
$ ip -br addr
lo               UNKNOWN        127.0.0.1/8
ibp24s0          UP             
enp41s0f0np0     UP             
enp41s0f1np1     UP             
ibp64s0          UP             
ibp79s0          UP             
ibp94s0          UP             
ibp154s0         UP             
ibp192s0         UP             
ibp206s0         UP             
ibp220s0         UP             
bond0            UP             10.0.0.11/24
$ NCCL_DEBUG=INFO mpirun -np 16 -H node01:8,node02:8 all_reduce_perf -b 1G -e 1G -g 1 | grep -E 'NET/IB|GPU Direct RDMA (Dis|Enabled for GPU 52)|Channel 00/0 : 15|Avg bus'
node01:27708:27708 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/RoCE [2]mlx5_2:1/RoCE [3]mlx5_3:1/IB [4]mlx5_4:1/IB [5]mlx5_5:1/IB [6]mlx5_6:1/IB [7]mlx5_9:1/IB [8]mlx5_10:1/IB [9]mlx5_11:1/IB [RO]; OOB bond0:10.0.0.11<0>
node02:26716:26716 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/RoCE [2]mlx5_2:1/RoCE [3]mlx5_3:1/IB [4]mlx5_4:1/IB [5]mlx5_5:1/IB [6]mlx5_6:1/IB [7]mlx5_10:1/IB [8]mlx5_11:1/IB [RO]; OOB bond0:10.0.0.12<0>
node01:27708:27708 [0] NCCL INFO Channel 00/0 : 8[0] -> 0[0] [receive] via NET/IB/0/GDRDMA
node01:45541:45541 [7] NCCL INFO Channel 00/0 : 7[7] -> 15[7] [send] via NET/IB/9/GDRDMA
node02:26716:26716 [0] NCCL INFO Channel 00/0 : 8[0] -> 0[0] [send] via NET/IB/0
node02:40383:40383 [7] NCCL INFO Channel 00/0 : 7[7] -> 15[7] [receive] via NET/IB/8
node02:40383:40383 [7] NCCL INFO Channel 00/0 : 15[7] -> 14[6] via P2P/CUMEM
node01:27708:27708 [0] NCCL INFO Channel 01/0 : 8[0] -> 0[0] [receive] via NET/IB/0/GDRDMA
node01:45541:45541 [7] NCCL INFO Channel 01/0 : 7[7] -> 15[7] [send] via NET/IB/9/GDRDMA
node02:26716:26716 [0] NCCL INFO Channel 01/0 : 8[0] -> 0[0] [send] via NET/IB/0
node02:40383:40383 [7] NCCL INFO Channel 01/0 : 7[7] -> 15[7] [receive] via NET/IB/8
node01:27708:27708 [0] NCCL INFO Channel 02/0 : 0[0] -> 8[0] [send] via NET/IB/0/GDRDMA
node01:45695:45695 [1] NCCL INFO Channel 02/0 : 9[1] -> 1[1] [receive] via NET/IB/3/GDRDMA
node02:26716:26716 [0] NCCL INFO Channel 02/0 : 0[0] -> 8[0] [receive] via NET/IB/0
node02:3252:3252 [1] NCCL INFO Channel 02/0 : 9[1] -> 1[1] [send] via NET/IB/3
node01:27708:27708 [0] NCCL INFO Channel 03/0 : 0[0] -> 8[0] [send] via NET/IB/0/GDRDMA
node01:45695:45695 [1] NCCL INFO Channel 03/0 : 9[1] -> 1[1] [receive] via NET/IB/3/GDRDMA
node02:26716:26716 [0] NCCL INFO Channel 03/0 : 0[0] -> 8[0] [receive] via NET/IB/0
node02:3252:3252 [1] NCCL INFO Channel 03/0 : 9[1] -> 1[1] [send] via NET/IB/3
node01:45695:45695 [1] NCCL INFO Channel 04/0 : 1[1] -> 9[1] [send] via NET/IB/3/GDRDMA
node01:73801:73801 [2] NCCL INFO Channel 04/0 : 10[2] -> 2[2] [receive] via NET/IB/4/GDRDMA
node02:3252:3252 [1] NCCL INFO Channel 04/0 : 1[1] -> 9[1] [receive] via NET/IB/3
node02:1727:1727 [2] NCCL INFO Channel 04/0 : 10[2] -> 2[2] [send] via NET/IB/4
node01:45695:45695 [1] NCCL INFO Channel 05/0 : 1[1] -> 9[1] [send] via NET/IB/3/GDRDMA
node01:73801:73801 [2] NCCL INFO Channel 05/0 : 10[2] -> 2[2] [receive] via NET/IB/4/GDRDMA
node02:3252:3252 [1] NCCL INFO Channel 05/0 : 1[1] -> 9[1] [receive] via NET/IB/3
node02:1727:1727 [2] NCCL INFO Channel 05/0 : 10[2] -> 2[2] [send] via NET/IB/4
node01:73801:73801 [2] NCCL INFO Channel 06/0 : 2[2] -> 10[2] [send] via NET/IB/4/GDRDMA
node01:57686:57686 [3] NCCL INFO Channel 06/0 : 11[3] -> 3[3] [receive] via NET/IB/5/GDRDMA
node02:1727:1727 [2] NCCL INFO Channel 06/0 : 2[2] -> 10[2] [receive] via NET/IB/4
node02:56788:56788 [3] NCCL INFO Channel 06/0 : 11[3] -> 3[3] [send] via NET/IB/5
node01:73801:73801 [2] NCCL INFO Channel 07/0 : 2[2] -> 10[2] [send] via NET/IB/4/GDRDMA
node01:57686:57686 [3] NCCL INFO Channel 07/0 : 11[3] -> 3[3] [receive] via NET/IB/5/GDRDMA
node02:1727:1727 [2] NCCL INFO Channel 07/0 : 2[2] -> 10[2] [receive] via NET/IB/4
node02:56788:56788 [3] NCCL INFO Channel 07/0 : 11[3] -> 3[3] [send] via NET/IB/5
node01:57686:57686 [3] NCCL INFO Channel 08/0 : 3[3] -> 11[3] [send] via NET/IB/5/GDRDMA
node01:47076:47076 [4] NCCL INFO Channel 08/0 : 12[4] -> 4[4] [receive] via NET/IB/6/GDRDMA
node02:56788:56788 [3] NCCL INFO Channel 08/0 : 3[3] -> 11[3] [receive] via NET/IB/5
node02:65563:65563 [4] NCCL INFO Channel 08/0 : 12[4] -> 4[4] [send] via NET/IB/6
node01:57686:57686 [3] NCCL INFO Channel 09/0 : 3[3] -> 11[3] [send] via NET/IB/5/GDRDMA
node01:47076:47076 [4] NCCL INFO Channel 09/0 : 12[4] -> 4[4] [receive] via NET/IB/6/GDRDMA
node02:56788:56788 [3] NCCL INFO Channel 09/0 : 3[3] -> 11[3] [receive] via NET/IB/5
node02:65563:65563 [4] NCCL INFO Channel 09/0 : 12[4] -> 4[4] [send] via NET/IB/6
node01:47076:47076 [4] NCCL INFO Channel 10/0 : 4[4] -> 12[4] [send] via NET/IB/6/GDRDMA
node01:16386:16386 [5] NCCL INFO Channel 10/0 : 13[5] -> 5[5] [receive] via NET/IB/7/GDRDMA
node02:65563:65563 [4] NCCL INFO Channel 10/0 : 4[4] -> 12[4] [receive] via NET/IB/6
node02:63531:63531 [5] NCCL INFO Channel 10/0 : 13[5] -> 5[5] [send] via NET/IB/0
node01:47076:47076 [4] NCCL INFO Channel 11/0 : 4[4] -> 12[4] [send] via NET/IB/6/GDRDMA
node01:16386:16386 [5] NCCL INFO Channel 11/0 : 13[5] -> 5[5] [receive] via NET/IB/7/GDRDMA
node02:65563:65563 [4] NCCL INFO Channel 11/0 : 4[4] -> 12[4] [receive] via NET/IB/6
node02:63531:63531 [5] NCCL INFO Channel 11/0 : 13[5] -> 5[5] [send] via NET/IB/0
node01:16386:16386 [5] NCCL INFO Channel 12/0 : 5[5] -> 13[5] [send] via NET/IB/7/GDRDMA
node01:89537:89537 [6] NCCL INFO Channel 12/0 : 14[6] -> 6[6] [receive] via NET/IB/8/GDRDMA
node02:63531:63531 [5] NCCL INFO Channel 12/0 : 5[5] -> 13[5] [receive] via NET/IB/0
node02:75032:75032 [6] NCCL INFO Channel 12/0 : 14[6] -> 6[6] [send] via NET/IB/7
node01:16386:16386 [5] NCCL INFO Channel 13/0 : 5[5] -> 13[5] [send] via NET/IB/7/GDRDMA
node01:89537:89537 [6] NCCL INFO Channel 13/0 : 14[6] -> 6[6] [receive] via NET/IB/8/GDRDMA
node02:63531:63531 [5] NCCL INFO Channel 13/0 : 5[5] -> 13[5] [receive] via NET/IB/0
node02:75032:75032 [6] NCCL INFO Channel 13/0 : 14[6] -> 6[6] [send] via NET/IB/7
# Avg bus bandwidth    : 234.818 
$ NCCL_IB_HCA==mlx5_0,mlx5_3 mpirun -np 16 -H node01:8,node02:8 all_reduce_perf -b 1G -e 1G -g 1 | grep -E '^ +[0-9]|Avg'
  1073741824     268435456     float     sum      -1    29785   36.05   67.59      0    29553   36.33   68.12      0
# Avg bus bandwidth    : 67.8583 
$ NCCL_DEBUG=WARN NCCL_SOCKET_IFNAME=eth0 all_reduce_perf -g 8
# nThread 1 nGpus 8 minBytes 33554432 maxBytes 33554432 step: 1048576(bytes) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0
#
# Using devices
#  Rank  0 Group  0 Pid  68090 on     node01 device  0 [0000:1b:00] NVIDIA H100 80GB HBM3
#  Rank  1 Group  0 Pid  68090 on     node01 device  1 [0000:43:00] NVIDIA H100 80GB HBM3
#  Rank  2 Group  0 Pid  68090 on     node01 device  2 [0000:52:00] NVIDIA H100 80GB HBM3
#  Rank  3 Group  0 Pid  68090 on     node01 device  3 [0000:61:00] NVIDIA H100 80GB HBM3
#  Rank  4 Group  0 Pid  68090 on     node01 device  4 [0000:9d:00] NVIDIA H100 80GB HBM3
#  Rank  5 Group  0 Pid  68090 on     node01 device  5 [0000:c3:00] NVIDIA H100 80GB HBM3
#  Rank  6 Group  0 Pid  68090 on     node01 device  6 [0000:d1:00] NVIDIA H100 80GB HBM3
#  Rank  7 Group  0 Pid  68090 on     node01 device  7 [0000:df:00] NVIDIA H100 80GB HBM3

node01:68090:68090 [0] bootstrap.cc:48 NCCL WARN Bootstrap : no socket interface found
node01: Test NCCL failure common.cu:1005 'internal error - please report this issue to the NCCL developers'
 .. node01 pid 68090: Test failure common.cu:1012
$ NCCL_ALGO=NVLS all_reduce_perf -b 8G -e 8G -g 8 | tail -4
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 451.858 
#

$ all_reduce_perf -b 1G -e 1G -g 8 | tail -4
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 456.205 
#

$ mpirun -np 2 -H node01,node02 ibstat -l
mlx5_0
mlx5_1
mlx5_2
mlx5_3
mlx5_4
mlx5_5
mlx5_6
mlx5_9
mlx5_10
mlx5_11
mlx5_0
mlx5_1
mlx5_2
mlx5_3
mlx5_4
mlx5_5
mlx5_6
mlx5_9
mlx5_10
mlx5_11
$ mpirun --bogus all_reduce_perf
mpirun: Error: unknown option "--bogus"

Type 'mpirun --help' for usage.
$ df -h
Filesystem             Size  Used Avail Use% Mounted on
tmpfs                  202G  4.9M  202G   1% /run
/dev/sda2              1.6T  289G  1.3T  19% /
tmpfs                 1008G   16G  993G   2% /dev/shm
/dev/sda1              512M  6.0M  507M   2% /boot/efi
10.0.0.5:/export/data   41T   28T   14T  67% /data
10.0.0.6:/export/ckpt   91T   91T     0 100% /checkpoints
/dev/nvme0n1p1         7.0T  1.9T  4.8T  28% /scratch
$ df -h /checkpoints/run7
Filesystem             Size  Used Avail Use% Mounted on
10.0.0.6:/export/ckpt   91T   91T     0 100% /checkpoints
$ nfsiostat /data

10.0.0.5:/export/data mounted on /data:

           ops/s       rpc bklog
           1.704           0.000

read:              ops/s            kB/s           kB/op         retrans    avg RTT (ms)    avg exe (ms)  avg queue (ms)          errors
                   1.435          45.909          32.000        0 (0.0%)           1.949           1.949           0.000        0 (0.0%)
write:             ops/s            kB/s           kB/op         retrans    avg RTT (ms)    avg exe (ms)  avg queue (ms)          errors
                   0.267           0.989           3.700        0 (0.0%)           1.926         284.422         282.496        0 (0.0%)

$ iostat -xm
Linux 6.8.0-60-generic (node01) 	05/02/2026 	_x86_64_	(224 CPU)

avg-cpu:  %user   %nice %system %iowait  %steal   %idle
            0.15    0.00    0.12    0.00    0.00   99.73

Device            r/s     rMB/s   rrqm/s  %rrqm r_await rareq-sz     w/s     wMB/s   wrqm/s  %wrqm w_await wareq-sz     d/s     dMB/s   drqm/s  %drqm d_await dareq-sz     f/s f_await  aqu-sz  %util
sda              3.65      0.09     0.00   0.00    0.09    24.00   31.27      0.49     2.50   7.40    0.03    16.00    0.00      0.00     0.00   0.00    0.00     0.00    0.40    0.50    0.00   0.13
nvme0n1          0.83      0.02     0.00   0.00    0.09    24.00    2.40      0.04     0.19   7.40    0.03    16.00    0.00      0.00     0.00   0.00    0.00     0.00    0.40    0.50    0.00   0.00

$ numactl -H | tail -4
node distances:
node   0   1 
  0:  10  21 
  1:  21  10 
$ ip link show eth0
Device "eth0" does not exist.
$ ethtool eth0
netlink error: no device matches name (offset 24)
netlink error: No such device
$ ibstatus mlx5_3
Infiniband device 'mlx5_3' port 1 status:
	default gid:	 fe80:0000:0000:0000:a088:c203:a132:e74a
	base lid:	 0x65
	sm lid:		 0x1
	state:		 4: ACTIVE
	phys state:	 5: LinkUp
	rate:		 400 Gb/sec (4X NDR)
	link_layer:	 InfiniBand

$ mlxlink -d mlx5_3 -c

Operational Info
----------------
State                              : Active
Physical state                     : LinkUp
Speed                              : IB-NDR
Width                              : 4x
FEC                                : Standard_RS-FEC - (544,514)
Loopback Mode                      : No Loopback
Auto Negotiation                   : ON

Supported Info
--------------
Enabled Link Speed                 : 0x000000f8 (NDR,HDR,EDR,FDR,QDR)
Supported Cable Speed              : 0x000000f8 (NDR,HDR,EDR,FDR,QDR)

Physical Counters and BER Info
------------------------------
Time Since Last Clear [Min]        : 185
Effective Physical Errors          : 14978
Effective Physical BER             : 3E-12
Raw Physical BER                   : 1E-08
Link Down Counter                  : 0
Link Error Recovery Counter        : 5

Troubleshooting Info
--------------------
Status Opcode                      : 4
Group Opcode                       : N/A
Recommendation                     : Bad signal integrity: check the cable and module, clean or replace them
$ ssh node02 mlxlink -d mlx5_9 | tail -4
--------------------
Status Opcode                      : 1024
Group Opcode                       : PHY FW
Recommendation                     : Check the cable and the module; the port found no partner (Polling)
$ mlxlink -d nosuch
-E- Failed to open device: "nosuch", No such file or directory
$ srun --jobid=51007 --overlap -N 2 --ntasks-per-node=8 all_reduce_perf -b 1G -e 1G -g 1 | grep -E '^ +[0-9]|Avg'
  1073741824     268435456     float     sum      -1   8547.4  125.62  235.54      0   8724.4  123.07  230.76      0
# Avg bus bandwidth    : 233.152 
$ srun -w node[01-02] --ntasks-per-node=1 hostname
srun: job 51018 queued and waiting for resources
[emulator] job 51007 holds the nodes and nothing ends it within the next 30 minutes: srun would wait on; this session does not block. The request stays queued (squeue: PD, Resources; scancel 51018 withdraws it). Free nodes, or a step inside the job: srun --jobid=51007 --overlap ...
$ squeue
             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)
             51007     train pretrain     user  R    3:05:42      2 node[01-02]
             51018     train hostname     user PD       0:00      2 (Resources)
             51044     train ckpt-sav   bkumar  R    1:53:14      4 gpu-b[01-04]
             51047     train ckpt-sav    mchen  R    2:22:48      4 gpu-b[05-08]
             51050     train ckpt-sav    jpark  R    2:39:53      4 gpu-b[09-12]
             51053     train ckpt-sav   lsilva  R    3:11:44      4 gpu-b[13-16]
$ scancel 51018; squeue
             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)
             51007     train pretrain     user  R    3:05:48      2 node[01-02]
             51044     train ckpt-sav   bkumar  R    1:53:20      4 gpu-b[01-04]
             51047     train ckpt-sav    mchen  R    2:22:54      4 gpu-b[05-08]
             51050     train ckpt-sav    jpark  R    2:39:58      4 gpu-b[09-12]
             51053     train ckpt-sav   lsilva  R    3:11:49      4 gpu-b[13-16]
$ srun --jobid=51007 --overlap -w node[01-02] --ntasks-per-node=1 hostname
node01
node02
$ srun -w node01,node07 hostname
srun: error: Invalid node name specified: node07
$ srun --bogus
srun: unrecognized option '--bogus'
Try "srun --help" for more information
$ help srun
srun: run tasks on the cluster's nodes through Slurm
usage: srun [-N NODES] [-n TASKS] [--ntasks-per-node=N] [-w node[01-02]] [--export=ALL,VAR=V] PROGRAM [ARGS]
  Tasks fill each node in turn; the task's index on its node picks the GPU. Without -w the
  first free nodes are used. Nodes a job holds make the allocation wait (squeue: PD,
  Resources); --jobid=ID --overlap runs a step inside that job's allocation instead.
  The tasks see this shell's environment (--export=ALL).
  Example: srun -N 2 --ntasks-per-node=8 all_reduce_perf -b 8 -e 8G -f 2 -g 1
$ ib_write_bw -d mlx5_3 --report_gbits node02

---------------------------------------------------------------------------------------
                    RDMA_Write BW Test
 Dual-port       : OFF		Device         : mlx5_3
 Number of qps   : 1		Transport type : IB
 Connection type : RC		Using SRQ      : OFF
 PCIe relax order: ON
 ibv_wr* API     : ON
 TX depth        : 128
 CQ Moderation   : 1
 Mtu             : 4096[B]
 Link type       : IB
 Max inline data : 0[B]
 rdma_cm QPs	 : OFF
 Data ex. method : Ethernet
---------------------------------------------------------------------------------------
 local address: LID 0x0065 QPN 0x20b7 PSN 0x2d7cb8 RKey 0x1a0c1e VAddr 0x7f2d7cb820b7
 remote address: LID 0x0075 QPN 0x4e38 PSN 0xef5646 RKey 0x0fb8ae VAddr 0x7fef56464e38
---------------------------------------------------------------------------------------
 #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]
 65536      5000             377.21             376.46		   0.718041
---------------------------------------------------------------------------------------
$ ib_write_bw -d mlx5_0 -a node02 | tail -4
 2097152    5000             46840.37             46746.87		   0.023373
 4194304    5000             46988.44             46894.65		   0.011724
 8388608    5000             46830.91             46737.43		   0.005842
---------------------------------------------------------------------------------------
$ ib_write_bw -d mlx5_9 node02

 Couldn't connect to node02:18515
 Unable to open file descriptor for socket connection Unable to init the socket connection
$ ssh node02 ib_write_bw -d mlx5_9 node01
 Port number 1 state is Down
 Couldn't set the link layer
 Couldn't get context for the device
$ ib_write_bw -d mlx5_0

************************************
* Waiting for client to connect... *
************************************
$ ib_write_bw --bogus
ib_write_bw: unrecognized option '--bogus'
Usage:
  ib_write_bw            start a server and wait for connection
  ib_write_bw <host>     connect to server at <host>

Options:
  -d, --ib-dev=<dev>     use IB device <dev> (default first device found)
  -i, --ib-port=<port>   use port <port> of IB device (default 1)
  -s, --size=<size>      size of message to exchange (default 65536)
  -n, --iters=<iters>    number of exchanges (at least 5, default 5000)
  -a, --all              run sizes from 2 till 2^23
  -q, --qp=<num of qp's> num of qp's (default 1)
  -x, --gid-index=<index> test uses GID with GID index
  -F, --CPU-freq         do not fail even if cpufreq_ondemand module is loaded
      --report_gbits     report max/average BW of test in Gbit/sec (instead of MiB/sec)
$ all_gather_perf -b 1M -e 1G -f 32 -g 8 | grep -E '^ +[0-9]|Avg'
     1048576        262144     float    none      -1    17.46   60.06   52.55      0    17.38   60.32   52.78      0
    33554432       8388608     float    none      -1    116.0  289.19  253.04      0    116.6  287.65  251.70      0
  1073741824     268435456     float    none      -1   2796.4  383.98  335.98      0   2729.8  393.34  344.17      0
# Avg bus bandwidth    : 215.036 
$ mpirun -np 16 -H node01:8,node02:8 alltoall_perf -b 1G -e 1G | grep -E '^ +[0-9]'
  1073741824     268435456     float    none      -1    24164   44.44   41.66      0    24966   43.01   40.32      0
$ broadcast_perf -b 1G -e 1G -g 8 | grep -E '^ +[0-9]'
  1073741824     268435456     float    none       0   3357.8  319.77  319.77      0   3366.5  318.94  318.94      0
$ reduce_scatter_perf -b 1G -e 1G -g 8 -o max | grep -E '^ +[0-9]'
  1073741824     268435456     float     max      -1   2762.0  388.75  340.16      0   2743.2  391.42  342.49      0
$ alltoall_perf -h | head -3
USAGE: alltoall_perf 
	[-t,--nthreads <num threads>] 
	[-g,--ngpus <gpus per thread>] 
$ ip -br link | grep -E "^(enp|bond)"
enp41s0f0np0     UP             b8:3f:d2:58:e1:7f <BROADCAST,MULTICAST,SLAVE,UP,LOWER_UP>
enp41s0f1np1     UP             b8:3f:d2:58:e1:7f <BROADCAST,MULTICAST,SLAVE,UP,LOWER_UP>
bond0            UP             b8:3f:d2:58:e1:7f <BROADCAST,MULTICAST,MASTER,UP,LOWER_UP>
