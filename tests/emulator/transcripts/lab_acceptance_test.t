# lab: acceptance-test
Training Infrastructure Handbook: cluster emulator
Cluster v100: 2 nodes (node01-node02), 8 x V100 per node. You are on node01.

Lab acceptance-test: A failed acceptance test
node02, a DGX-1 (8 x V100), is back from a repair and fails its acceptance test: all_reduce_perf
on its 8 GPUs reaches about 99 GB/s bus bandwidth where node01, its twin, reaches about 119.
The vendor's report says "NVLink OK". Find what inside node02 costs the bandwidth and name the
component.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ goal
Lab acceptance-test: A failed acceptance test

node02, a DGX-1 (8 x V100), is back from a repair and fails its acceptance test: all_reduce_perf
on its 8 GPUs reaches about 99 GB/s bus bandwidth where node01, its twin, reaches about 119.
The vendor's report says "NVLink OK". Find what inside node02 costs the bandwidth and name the
component.

When you know the cause, name the component: answer COMPONENT (e.g. answer node01 gpu6 nvlink 1 replay errors). `hint` gives a hint.
$ all_reduce_perf -b 1G -e 4G -f 2 -g 8
# nThread 1 nGpus 8 minBytes 1073741824 maxBytes 4294967296 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0
#
# Using devices
#  Rank  0 Group  0 Pid   3232 on     node01 device  0 [0000:14:00] Tesla V100-SXM2-32GB
#  Rank  1 Group  0 Pid   3232 on     node01 device  1 [0000:15:00] Tesla V100-SXM2-32GB
#  Rank  2 Group  0 Pid   3232 on     node01 device  2 [0000:34:00] Tesla V100-SXM2-32GB
#  Rank  3 Group  0 Pid   3232 on     node01 device  3 [0000:35:00] Tesla V100-SXM2-32GB
#  Rank  4 Group  0 Pid   3232 on     node01 device  4 [0000:74:00] Tesla V100-SXM2-32GB
#  Rank  5 Group  0 Pid   3232 on     node01 device  5 [0000:75:00] Tesla V100-SXM2-32GB
#  Rank  6 Group  0 Pid   3232 on     node01 device  6 [0000:94:00] Tesla V100-SXM2-32GB
#  Rank  7 Group  0 Pid   3232 on     node01 device  7 [0000:95:00] Tesla V100-SXM2-32GB
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)       
  1073741824     268435456     float     sum      -1    15765   68.11  119.19      0    15619   68.75  120.31      0
  2147483648     536870912     float     sum      -1    32088   66.92  117.12      0    32031   67.04  117.33      0
  4294967296    1073741824     float     sum      -1    62897   68.29  119.50      0    64401   66.69  116.71      0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 118.359 
#

$ ssh node02 all_reduce_perf -b 1G -e 4G -f 2 -g 8
# nThread 1 nGpus 8 minBytes 1073741824 maxBytes 4294967296 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0
#
# Using devices
#  Rank  0 Group  0 Pid  66207 on     node02 device  0 [0000:14:00] Tesla V100-SXM2-32GB
#  Rank  1 Group  0 Pid  66207 on     node02 device  1 [0000:15:00] Tesla V100-SXM2-32GB
#  Rank  2 Group  0 Pid  66207 on     node02 device  2 [0000:34:00] Tesla V100-SXM2-32GB
#  Rank  3 Group  0 Pid  66207 on     node02 device  3 [0000:35:00] Tesla V100-SXM2-32GB
#  Rank  4 Group  0 Pid  66207 on     node02 device  4 [0000:74:00] Tesla V100-SXM2-32GB
#  Rank  5 Group  0 Pid  66207 on     node02 device  5 [0000:75:00] Tesla V100-SXM2-32GB
#  Rank  6 Group  0 Pid  66207 on     node02 device  6 [0000:94:00] Tesla V100-SXM2-32GB
#  Rank  7 Group  0 Pid  66207 on     node02 device  7 [0000:95:00] Tesla V100-SXM2-32GB
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)       
  1073741824     268435456     float     sum      -1    18826   57.03   99.81      0    19354   55.48   97.09      0
  2147483648     536870912     float     sum      -1    37950   56.59   99.03      0    37780   56.84   99.47      0
  4294967296    1073741824     float     sum      -1    77215   55.62   97.34      0    76647   56.04   98.06      0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 98.4667 
#

$ nvidia-smi topo -m
	GPU0	GPU1	GPU2	GPU3	GPU4	GPU5	GPU6	GPU7	NIC0	NIC1	NIC2	NIC3	NIC4	NIC5	CPU Affinity	NUMA Affinity	GPU NUMA ID
GPU0	 X 	NV1	NV1	NV2	NV2	SYS	SYS	SYS	PIX	PHB	PHB	PHB	SYS	SYS	0-19,40-59	0		N/A
GPU1	NV1	 X 	NV2	NV1	SYS	NV2	SYS	SYS	PIX	PHB	PHB	PHB	SYS	SYS	0-19,40-59	0		N/A
GPU2	NV1	NV2	 X 	NV2	SYS	SYS	NV1	SYS	PHB	PIX	PHB	PHB	SYS	SYS	0-19,40-59	0		N/A
GPU3	NV2	NV1	NV2	 X 	SYS	SYS	SYS	NV1	PHB	PIX	PHB	PHB	SYS	SYS	0-19,40-59	0		N/A
GPU4	NV2	SYS	SYS	SYS	 X 	NV1	NV1	NV2	SYS	SYS	SYS	SYS	PIX	PHB	20-39,60-79	1		N/A
GPU5	SYS	NV2	SYS	SYS	NV1	 X 	NV2	NV1	SYS	SYS	SYS	SYS	PIX	PHB	20-39,60-79	1		N/A
GPU6	SYS	SYS	NV1	SYS	NV1	NV2	 X 	NV2	SYS	SYS	SYS	SYS	PHB	PIX	20-39,60-79	1		N/A
GPU7	SYS	SYS	SYS	NV1	NV2	NV1	NV2	 X 	SYS	SYS	SYS	SYS	PHB	PIX	20-39,60-79	1		N/A
NIC0	PIX	PIX	PHB	PHB	SYS	SYS	SYS	SYS	 X 	PHB	PHB	PHB	SYS	SYS
NIC1	PHB	PHB	PIX	PIX	SYS	SYS	SYS	SYS	PHB	 X 	PHB	PHB	SYS	SYS
NIC2	PHB	PHB	PHB	PHB	SYS	SYS	SYS	SYS	PHB	PHB	 X 	PIX	SYS	SYS
NIC3	PHB	PHB	PHB	PHB	SYS	SYS	SYS	SYS	PHB	PHB	PIX	 X 	SYS	SYS
NIC4	SYS	SYS	SYS	SYS	PIX	PIX	PHB	PHB	SYS	SYS	SYS	SYS	 X 	PHB
NIC5	SYS	SYS	SYS	SYS	PHB	PHB	PIX	PIX	SYS	SYS	SYS	SYS	PHB	 X 

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

$ ssh node02 nvidia-smi topo -m
	GPU0	GPU1	GPU2	GPU3	GPU4	GPU5	GPU6	GPU7	NIC0	NIC1	NIC2	NIC3	NIC4	NIC5	CPU Affinity	NUMA Affinity	GPU NUMA ID
GPU0	 X 	NV1	NV1	NV2	NV2	SYS	SYS	SYS	PIX	PHB	PHB	PHB	SYS	SYS	0-19,40-59	0		N/A
GPU1	NV1	 X 	NV2	NV1	SYS	NV2	SYS	SYS	PIX	PHB	PHB	PHB	SYS	SYS	0-19,40-59	0		N/A
GPU2	NV1	NV2	 X 	NV1	SYS	SYS	NV1	SYS	PHB	PIX	PHB	PHB	SYS	SYS	0-19,40-59	0		N/A
GPU3	NV2	NV1	NV1	 X 	SYS	SYS	SYS	NV1	PHB	PIX	PHB	PHB	SYS	SYS	0-19,40-59	0		N/A
GPU4	NV2	SYS	SYS	SYS	 X 	NV1	NV1	NV2	SYS	SYS	SYS	SYS	PIX	PHB	20-39,60-79	1		N/A
GPU5	SYS	NV2	SYS	SYS	NV1	 X 	NV2	NV1	SYS	SYS	SYS	SYS	PIX	PHB	20-39,60-79	1		N/A
GPU6	SYS	SYS	NV1	SYS	NV1	NV2	 X 	NV2	SYS	SYS	SYS	SYS	PHB	PIX	20-39,60-79	1		N/A
GPU7	SYS	SYS	SYS	NV1	NV2	NV1	NV2	 X 	SYS	SYS	SYS	SYS	PHB	PIX	20-39,60-79	1		N/A
NIC0	PIX	PIX	PHB	PHB	SYS	SYS	SYS	SYS	 X 	PHB	PHB	PHB	SYS	SYS
NIC1	PHB	PHB	PIX	PIX	SYS	SYS	SYS	SYS	PHB	 X 	PHB	PHB	SYS	SYS
NIC2	PHB	PHB	PHB	PHB	SYS	SYS	SYS	SYS	PHB	PHB	 X 	PIX	SYS	SYS
NIC3	PHB	PHB	PHB	PHB	SYS	SYS	SYS	SYS	PHB	PHB	PIX	 X 	SYS	SYS
NIC4	SYS	SYS	SYS	SYS	PIX	PIX	PHB	PHB	SYS	SYS	SYS	SYS	 X 	PHB
NIC5	SYS	SYS	SYS	SYS	PHB	PHB	PIX	PIX	SYS	SYS	SYS	SYS	PHB	 X 

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

$ ssh node02 nvidia-smi nvlink -s -i 3
GPU 3: Tesla V100-SXM2-32GB (UUID: GPU-bc2752cd-937d-fc6b-22c6-236fd3ba3971)
	 Link 0: 25.781 GB/s
	 Link 1: 25.781 GB/s
	 Link 2: 25.781 GB/s
	 Link 3: <inactive>
	 Link 4: 25.781 GB/s
	 Link 5: 25.781 GB/s
$ ssh node02 nvidia-smi nvlink -s -i 2
GPU 2: Tesla V100-SXM2-32GB (UUID: GPU-61993f03-ddd9-f09b-d632-723b9036d352)
	 Link 0: 25.781 GB/s
	 Link 1: 25.781 GB/s
	 Link 2: 25.781 GB/s
	 Link 3: <inactive>
	 Link 4: 25.781 GB/s
	 Link 5: 25.781 GB/s
$ ssh node02 dmesg | grep -i xid
[129639.000000] NVRM: Xid (PCI:0000:35:00): 74, pid=754583, name=python3, NVLink: fatal error detected on link 3(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)
$ systemctl status nvidia-fabricmanager | grep -E "Active|NOTHING"
     Active: failed (Result: exit-code) since Mon 2026-03-30 19:26:27 UTC; 2 days ago
Mar 30 19:26:27 node01 nv-fabricmanager[3121]: request to query NVSwitch device information from NVSwitch driver failed with error:WARNING Nothing to do [NV_WARN_NOTHING_TO_DO]
$ ssh node02 nvidia-smi topo -p2p r
 	GPU0	GPU1	GPU2	GPU3	GPU4	GPU5	GPU6	GPU7	
 GPU0	X	OK	OK	OK	OK	CNS	CNS	CNS	
 GPU1	OK	X	OK	OK	CNS	OK	CNS	CNS	
 GPU2	OK	OK	X	OK	CNS	CNS	OK	CNS	
 GPU3	OK	OK	OK	X	CNS	CNS	CNS	OK	
 GPU4	OK	CNS	CNS	CNS	X	OK	OK	OK	
 GPU5	CNS	OK	CNS	CNS	OK	X	OK	OK	
 GPU6	CNS	CNS	OK	CNS	OK	OK	X	OK	
 GPU7	CNS	CNS	CNS	OK	OK	OK	OK	X	

Legend:

  X    = Self
  OK   = Status Ok
  CNS  = Chipset not supported
  GNS  = GPU not supported
  TNS  = Topology not supported
  NS   = Not supported
  U    = Unknown
$ answer node02 gpu3 nvlink 3 inactive
Right: node02 gpu3 nvlink 3 inactive. Lab acceptance-test solved in 11 commands (the worked solution takes 7), 0 of 3 hints.

The DGX-1's hybrid cube-mesh gives each V100 six NVLinks: two to each of two peers (NV2) and one
to each of two more (NV1). The three pairs of each GPU that topo -m shows as SYS are not wired,
by design, on every DGX-1. On node02, link 3 of GPU 3 (and its far end, link 3 of GPU 2) is
inactive: the pair that should be NV2 is NV1, nvidia-smi nvlink -s shows the link <inactive>,
and the kernel log holds the fatal NVLink error (Xid 74) from the burn-in 40 minutes ago. NCCL
builds its rings over the links it finds, and the ring through GPU 2 and GPU 3 now runs on one
link where it had two, which costs node02 a sixth of its all-reduce bandwidth. A reset of the
GPUs (or a reboot) retrains the link; if it stays inactive, the link hardware is at fault and
the baseboard goes back to the vendor. Keep node02 drained until all_reduce_perf matches node01.

Read next: Networking: NVLink and NVSwitch (/reference/networking/nvlink-nvswitch/)
$ lab
Lab:            acceptance-test (A failed acceptance test)
Status:         solved
Hints used:     0 of 3
Answers tried:  1
Commands:       12 (the worked solution takes 7)
Simulated time: 2026-04-02 10:41:11 UTC (1 min 11 s into the lab)
