# scenario: tests/emulator/fixtures/hca-2.yaml
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x H100 per node. You are on node01.

No lab is started: `lab list` shows the labs, `lab start ID` opens one.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ ibdev2netdev
mlx5_0 port 1 ==> ibp19s0 (Up)
mlx5_1 port 1 ==> enp81s0f0np0 (Up)
mlx5_2 port 1 ==> enp81s0f1np1 (Up)
mlx5_3 port 1 ==> ibp99s0 (Up)
$ nvidia-smi topo -m
	GPU0	GPU1	GPU2	GPU3	GPU4	GPU5	GPU6	GPU7	NIC0	NIC1	NIC2	NIC3	CPU Affinity	NUMA Affinity	GPU NUMA ID
GPU0	 X 	NV18	NV18	NV18	NV18	NV18	NV18	NV18	PIX	NODE	NODE	SYS	0-55,112-167	0		N/A
GPU1	NV18	 X 	NV18	NV18	NV18	NV18	NV18	NV18	NODE	NODE	NODE	SYS	0-55,112-167	0		N/A
GPU2	NV18	NV18	 X 	NV18	NV18	NV18	NV18	NV18	NODE	NODE	NODE	SYS	0-55,112-167	0		N/A
GPU3	NV18	NV18	NV18	 X 	NV18	NV18	NV18	NV18	NODE	NODE	NODE	SYS	0-55,112-167	0		N/A
GPU4	NV18	NV18	NV18	NV18	 X 	NV18	NV18	NV18	SYS	SYS	SYS	PIX	56-111,168-223	1		N/A
GPU5	NV18	NV18	NV18	NV18	NV18	 X 	NV18	NV18	SYS	SYS	SYS	NODE	56-111,168-223	1		N/A
GPU6	NV18	NV18	NV18	NV18	NV18	NV18	 X 	NV18	SYS	SYS	SYS	NODE	56-111,168-223	1		N/A
GPU7	NV18	NV18	NV18	NV18	NV18	NV18	NV18	 X 	SYS	SYS	SYS	NODE	56-111,168-223	1		N/A
NIC0	PIX	NODE	NODE	NODE	SYS	SYS	SYS	SYS	 X 	NODE	NODE	SYS
NIC1	NODE	NODE	NODE	NODE	SYS	SYS	SYS	SYS	NODE	 X 	PIX	SYS
NIC2	NODE	NODE	NODE	NODE	SYS	SYS	SYS	SYS	NODE	PIX	 X 	SYS
NIC3	SYS	SYS	SYS	SYS	PIX	NODE	NODE	NODE	SYS	SYS	SYS	 X 

Legend:

  X    = Self
  SYS  = Connection traversing PCIe as well as the SMP interconnect between NUMA nodes (e.g., QPI/UPI)
  NODE = Connection traversing PCIe as well as the interconnect between PCIe Host Bridges within a NUMA node
  PHB  = Connection traversing PCIe as well as a PCIe Host Bridge (typically the CPU)
  PXB  = Connection traversing multiple PCIe bridges (without traversing the PCIe Host Bridge)
  PIX  = Connection traversing at most a single PCIe bridge
  NV#  = Connection traversing a bonded set of # NVLinks

NIC Legend:

  NIC0: mlx5_0
  NIC1: mlx5_1
  NIC2: mlx5_2
  NIC3: mlx5_3

$ ibstat
CA 'mlx5_0'
	CA type: MT4129
	Number of ports: 1
	Firmware version: 28.41.1000
	Hardware version: 0
	Node GUID: 0xa088c20361b9608f
	System image GUID: 0xa088c20361b9608f
	Port 1:
		State: Active
		Physical state: LinkUp
		Rate: 400
		Base lid: 100
		LMC: 0
		SM lid: 1
		Capability mask: 0xa751e848
		Port GUID: 0xa088c20361b9608f
		Link layer: InfiniBand
CA 'mlx5_1'
	CA type: MT4125
	Number of ports: 1
	Firmware version: 22.39.1002
	Hardware version: 0
	Node GUID: 0xa088c203d9964688
	System image GUID: 0xa088c203d9964688
	Port 1:
		State: Active
		Physical state: LinkUp
		Rate: 100
		Base lid: 0
		LMC: 0
		SM lid: 0
		Capability mask: 0x00010000
		Port GUID: 0xa088c203d9964688
		Link layer: Ethernet
CA 'mlx5_2'
	CA type: MT4125
	Number of ports: 1
	Firmware version: 22.39.1002
	Hardware version: 0
	Node GUID: 0xa088c20320467da3
	System image GUID: 0xa088c203d9964688
	Port 1:
		State: Active
		Physical state: LinkUp
		Rate: 100
		Base lid: 0
		LMC: 0
		SM lid: 0
		Capability mask: 0x00010000
		Port GUID: 0xa088c20320467da3
		Link layer: Ethernet
CA 'mlx5_3'
	CA type: MT4129
	Number of ports: 1
	Firmware version: 28.41.1000
	Hardware version: 0
	Node GUID: 0xa088c203e5bc3a61
	System image GUID: 0xa088c203e5bc3a61
	Port 1:
		State: Active
		Physical state: LinkUp
		Rate: 400
		Base lid: 101
		LMC: 0
		SM lid: 1
		Capability mask: 0xa751e848
		Port GUID: 0xa088c203e5bc3a61
		Link layer: InfiniBand
$ ibv_devinfo -v -d mlx5_0
hca_id:	mlx5_0
	transport:			InfiniBand (0)
	fw_ver:				28.41.1000
	node_guid:			a088:c203:61b9:608f
	sys_image_guid:			a088:c203:61b9:608f
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
			port_lid:		100
			port_lmc:		0x00
			link_layer:		InfiniBand
			max_msg_sz:		0x40000000
			max_vl_num:		4 (3)
			active_width:		4X (2)
			active_speed:		100.0 Gbps (128)
			phys_state:		LINK_UP (5)
			GID[  0]:		fe80:0000:0000:0000:a088:c203:61b9:608f

$ ethtool ibp19s0
Settings for ibp19s0:
	Supported ports: [  ]
	Supported link modes:   Not reported
	Supported pause frame use: No
	Supports auto-negotiation: No
	Supported FEC modes: Not reported
	Advertised link modes:  Not reported
	Advertised pause frame use: No
	Advertised auto-negotiation: No
	Advertised FEC modes: Not reported
	Speed: 400000Mb/s
	Duplex: Full
	Auto-negotiation: off
	Port: Other
	PHYAD: 255
	Transceiver: internal
        Current message level: 0x00000004 (4)
                               link
	Link detected: yes
$ NCCL_ALGO=Ring mpirun -np 16 -H node01:8,node02:8 all_reduce_perf -b 8G -e 8G -g 1 | tail -n 5
  8589934592    2147483648     float     sum      -1   165823   51.80   97.13      0   169625   50.64   94.95      0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 96.0399 
#

$ NCCL_DEBUG=INFO mpirun -np 16 -H node01:8,node02:8 all_reduce_perf -b 1G -e 1G -g 1 | grep -E 'NET/IB : Using|Using network|via NET' | head -n 8
node01:32894:32894 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/RoCE [2]mlx5_2:1/RoCE [3]mlx5_3:1/IB [RO]; OOB bond0:10.0.0.11<0>
node01:32894:32894 [0] NCCL INFO Using network IB
node02:14742:14742 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/RoCE [2]mlx5_2:1/RoCE [3]mlx5_3:1/IB [RO]; OOB bond0:10.0.0.12<0>
node02:14742:14742 [0] NCCL INFO Using network IB
node01:32894:32894 [0] NCCL INFO Channel 00/0 : 8[0] -> 0[0] [receive] via NET/IB/0/GDRDMA
node01:73988:73988 [7] NCCL INFO Channel 00/0 : 7[7] -> 15[7] [send] via NET/IB/0/GDRDMA
node02:14742:14742 [0] NCCL INFO Channel 00/0 : 8[0] -> 0[0] [send] via NET/IB/0/GDRDMA
node02:19214:19214 [7] NCCL INFO Channel 00/0 : 7[7] -> 15[7] [receive] via NET/IB/0/GDRDMA
