# scenario: tests/emulator/fixtures/hca-4.yaml
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x H100 per node. You are on node01.

No lab is started: `lab list` shows the labs, `lab start ID` opens one.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ ibdev2netdev
mlx5_0 port 1 ==> enp19s0f0np0 (Up)
mlx5_1 port 1 ==> enp19s0f1np1 (Up)
mlx5_2 port 1 ==> enp81s0f0np0 (Up)
mlx5_3 port 1 ==> enp81s0f1np1 (Up)
mlx5_4 port 1 ==> enp99s0f0np0 (Up)
mlx5_5 port 1 ==> enp99s0f1np1 (Up)
$ nvidia-smi topo -m
	GPU0	GPU1	GPU2	GPU3	GPU4	GPU5	GPU6	GPU7	NIC0	NIC1	NIC2	NIC3	NIC4	NIC5	CPU Affinity	NUMA Affinity	GPU NUMA ID
GPU0	 X 	NV18	NV18	NV18	NV18	NV18	NV18	NV18	PIX	PIX	NODE	NODE	SYS	SYS	0-55,112-167	0		N/A
GPU1	NV18	 X 	NV18	NV18	NV18	NV18	NV18	NV18	NODE	NODE	NODE	NODE	SYS	SYS	0-55,112-167	0		N/A
GPU2	NV18	NV18	 X 	NV18	NV18	NV18	NV18	NV18	NODE	NODE	NODE	NODE	SYS	SYS	0-55,112-167	0		N/A
GPU3	NV18	NV18	NV18	 X 	NV18	NV18	NV18	NV18	NODE	NODE	NODE	NODE	SYS	SYS	0-55,112-167	0		N/A
GPU4	NV18	NV18	NV18	NV18	 X 	NV18	NV18	NV18	SYS	SYS	SYS	SYS	PIX	PIX	56-111,168-223	1		N/A
GPU5	NV18	NV18	NV18	NV18	NV18	 X 	NV18	NV18	SYS	SYS	SYS	SYS	NODE	NODE	56-111,168-223	1		N/A
GPU6	NV18	NV18	NV18	NV18	NV18	NV18	 X 	NV18	SYS	SYS	SYS	SYS	NODE	NODE	56-111,168-223	1		N/A
GPU7	NV18	NV18	NV18	NV18	NV18	NV18	NV18	 X 	SYS	SYS	SYS	SYS	NODE	NODE	56-111,168-223	1		N/A
NIC0	PIX	NODE	NODE	NODE	SYS	SYS	SYS	SYS	 X 	PIX	NODE	NODE	SYS	SYS
NIC1	PIX	NODE	NODE	NODE	SYS	SYS	SYS	SYS	PIX	 X 	NODE	NODE	SYS	SYS
NIC2	NODE	NODE	NODE	NODE	SYS	SYS	SYS	SYS	NODE	NODE	 X 	PIX	SYS	SYS
NIC3	NODE	NODE	NODE	NODE	SYS	SYS	SYS	SYS	NODE	NODE	PIX	 X 	SYS	SYS
NIC4	SYS	SYS	SYS	SYS	PIX	NODE	NODE	NODE	SYS	SYS	SYS	SYS	 X 	PIX
NIC5	SYS	SYS	SYS	SYS	PIX	NODE	NODE	NODE	SYS	SYS	SYS	SYS	PIX	 X 

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
  NIC4: mlx5_4
  NIC5: mlx5_5

$ ibstat
CA 'mlx5_0'
	CA type: MT4123
	Number of ports: 1
	Firmware version: 20.39.1002
	Hardware version: 0
	Node GUID: 0xa088c2031222da71
	System image GUID: 0xa088c2031222da71
	Port 1:
		State: Active
		Physical state: LinkUp
		Rate: 200
		Base lid: 0
		LMC: 0
		SM lid: 0
		Capability mask: 0x00010000
		Port GUID: 0xa088c2031222da71
		Link layer: Ethernet
CA 'mlx5_1'
	CA type: MT4123
	Number of ports: 1
	Firmware version: 20.39.1002
	Hardware version: 0
	Node GUID: 0xa088c2033fe1212e
	System image GUID: 0xa088c2031222da71
	Port 1:
		State: Active
		Physical state: LinkUp
		Rate: 200
		Base lid: 0
		LMC: 0
		SM lid: 0
		Capability mask: 0x00010000
		Port GUID: 0xa088c2033fe1212e
		Link layer: Ethernet
CA 'mlx5_2'
	CA type: MT4125
	Number of ports: 1
	Firmware version: 22.39.1002
	Hardware version: 0
	Node GUID: 0xa088c203f625f2f8
	System image GUID: 0xa088c203f625f2f8
	Port 1:
		State: Active
		Physical state: LinkUp
		Rate: 100
		Base lid: 0
		LMC: 0
		SM lid: 0
		Capability mask: 0x00010000
		Port GUID: 0xa088c203f625f2f8
		Link layer: Ethernet
CA 'mlx5_3'
	CA type: MT4125
	Number of ports: 1
	Firmware version: 22.39.1002
	Hardware version: 0
	Node GUID: 0xa088c20375e5f379
	System image GUID: 0xa088c203f625f2f8
	Port 1:
		State: Active
		Physical state: LinkUp
		Rate: 100
		Base lid: 0
		LMC: 0
		SM lid: 0
		Capability mask: 0x00010000
		Port GUID: 0xa088c20375e5f379
		Link layer: Ethernet
CA 'mlx5_4'
	CA type: MT4123
	Number of ports: 1
	Firmware version: 20.39.1002
	Hardware version: 0
	Node GUID: 0xa088c203042ee461
	System image GUID: 0xa088c203042ee461
	Port 1:
		State: Active
		Physical state: LinkUp
		Rate: 200
		Base lid: 0
		LMC: 0
		SM lid: 0
		Capability mask: 0x00010000
		Port GUID: 0xa088c203042ee461
		Link layer: Ethernet
CA 'mlx5_5'
	CA type: MT4123
	Number of ports: 1
	Firmware version: 20.39.1002
	Hardware version: 0
	Node GUID: 0xa088c20338990452
	System image GUID: 0xa088c203042ee461
	Port 1:
		State: Active
		Physical state: LinkUp
		Rate: 200
		Base lid: 0
		LMC: 0
		SM lid: 0
		Capability mask: 0x00010000
		Port GUID: 0xa088c20338990452
		Link layer: Ethernet
$ ibv_devinfo -v -d mlx5_0
hca_id:	mlx5_0
	transport:			InfiniBand (0)
	fw_ver:				20.39.1002
	node_guid:			a088:c203:1222:da71
	sys_image_guid:			a088:c203:1222:da71
	vendor_id:			0x02c9
	vendor_part_id:			4123
	hw_ver:				0x0
	board_id:			MT_0000000223
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
			sm_lid:			0
			port_lid:		0
			port_lmc:		0x00
			link_layer:		Ethernet
			max_msg_sz:		0x40000000
			max_vl_num:		invalid value (0)
			active_width:		2X (16)
			active_speed:		100.0 Gbps (128)
			phys_state:		LINK_UP (5)
			GID[  0]:		fe80::a088:c203:1222:da71, RoCE v1
			GID[  1]:		fe80::a088:c203:1222:da71, RoCE v2
			GID[  2]:		::ffff:10.0.0.11, RoCE v1
			GID[  3]:		::ffff:10.0.0.11, RoCE v2

$ ethtool enp19s0f0np0
Settings for enp19s0f0np0:
	Supported ports: [ FIBRE ]
	Supported link modes:   10000baseKR/Full
	                        25000baseCR/Full
	                        50000baseCR2/Full
	                        100000baseCR4/Full
	                        200000baseCR4/Full
	Supported pause frame use: Symmetric
	Supports auto-negotiation: Yes
	Supported FEC modes: None	 RS	 BASER
	Advertised link modes:  200000baseCR4/Full
	Advertised pause frame use: Symmetric
	Advertised auto-negotiation: Yes
	Advertised FEC modes: RS
	Speed: 200000Mb/s
	Duplex: Full
	Auto-negotiation: on
	Port: Direct Attach Copper
	PHYAD: 0
	Transceiver: internal
	Supports Wake-on: d
	Wake-on: d
        Current message level: 0x00000004 (4)
                               link
	Link detected: yes
$ NCCL_ALGO=Ring mpirun -np 16 -H node01:8,node02:8 all_reduce_perf -b 8G -e 8G -g 1 | tail -n 5
  8589934592    2147483648     float     sum      -1   198468   43.28   81.15      0   205165   41.87   78.50      0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 79.8278 
#

$ NCCL_DEBUG=INFO mpirun -np 16 -H node01:8,node02:8 all_reduce_perf -b 1G -e 1G -g 1 | grep -E 'NET/IB : Using|Using network|via NET' | head -n 8
node01:83639:83639 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/RoCE [1]mlx5_1:1/RoCE [2]mlx5_2:1/RoCE [3]mlx5_3:1/RoCE [4]mlx5_4:1/RoCE [5]mlx5_5:1/RoCE [RO]; OOB bond0:10.0.0.11<0>
node01:83639:83639 [0] NCCL INFO Using network IB
node02:72077:72077 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/RoCE [1]mlx5_1:1/RoCE [2]mlx5_2:1/RoCE [3]mlx5_3:1/RoCE [4]mlx5_4:1/RoCE [5]mlx5_5:1/RoCE [RO]; OOB bond0:10.0.0.12<0>
node02:72077:72077 [0] NCCL INFO Using network IB
node01:83639:83639 [0] NCCL INFO Channel 00/0 : 8[0] -> 0[0] [receive] via NET/IB/0/GDRDMA
node01:16170:16170 [7] NCCL INFO Channel 00/0 : 7[7] -> 15[7] [send] via NET/IB/0/GDRDMA
node02:72077:72077 [0] NCCL INFO Channel 00/0 : 8[0] -> 0[0] [send] via NET/IB/0/GDRDMA
node02:41306:41306 [7] NCCL INFO Channel 00/0 : 7[7] -> 15[7] [receive] via NET/IB/0/GDRDMA
