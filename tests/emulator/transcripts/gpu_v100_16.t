# scenario: tests/emulator/fixtures/gpu-v100-16.yaml
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x V100 per node. You are on node01.

No lab is started: `lab list` shows the labs, `lab start ID` opens one.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ nvidia-smi
Mon Jun  1 10:00:04 2026       
+-----------------------------------------------------------------------------------------+
| NVIDIA-SMI 570.133.20             Driver Version: 570.133.20     CUDA Version: 12.8     |
|-----------------------------------------+------------------------+----------------------+
| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |
| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |
|                                         |                        |               MIG M. |
|=========================================+========================+======================|
|   0  Tesla V100-SXM2-16GB           On  |   00000000:14:00.0 Off |                    0 |
| N/A   59C    P0            284W /  300W |   13848MiB /  16160MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   1  Tesla V100-SXM2-16GB           On  |   00000000:15:00.0 Off |                    0 |
| N/A   59C    P0            288W /  300W |   14219MiB /  16160MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   2  Tesla V100-SXM2-16GB           On  |   00000000:34:00.0 Off |                    0 |
| N/A   61C    P0            285W /  300W |   13577MiB /  16160MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   3  Tesla V100-SXM2-16GB           On  |   00000000:35:00.0 Off |                    0 |
| N/A   58C    P0            286W /  300W |   13790MiB /  16160MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   4  Tesla V100-SXM2-16GB           On  |   00000000:74:00.0 Off |                    0 |
| N/A   61C    P0            288W /  300W |   13916MiB /  16160MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   5  Tesla V100-SXM2-16GB           On  |   00000000:75:00.0 Off |                    0 |
| N/A   58C    P0            286W /  300W |   14208MiB /  16160MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   6  Tesla V100-SXM2-16GB           On  |   00000000:94:00.0 Off |                    0 |
| N/A   61C    P0            285W /  300W |   13925MiB /  16160MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   7  Tesla V100-SXM2-16GB           On  |   00000000:95:00.0 Off |                    0 |
| N/A   60C    P0            282W /  300W |   13618MiB /  16160MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+

+-----------------------------------------------------------------------------------------+
| Processes:                                                                              |
|  GPU   GI   CI              PID   Type   Process name                        GPU Memory |
|        ID   ID                                                               Usage      |
|=========================================================================================|
|    0   N/A  N/A          249279      C   /usr/bin/python3                      13330MiB |
|    1   N/A  N/A          249280      C   /usr/bin/python3                      13701MiB |
|    2   N/A  N/A          249281      C   /usr/bin/python3                      13059MiB |
|    3   N/A  N/A          249282      C   /usr/bin/python3                      13272MiB |
|    4   N/A  N/A          249283      C   /usr/bin/python3                      13398MiB |
|    5   N/A  N/A          249284      C   /usr/bin/python3                      13690MiB |
|    6   N/A  N/A          249285      C   /usr/bin/python3                      13407MiB |
|    7   N/A  N/A          249286      C   /usr/bin/python3                      13100MiB |
+-----------------------------------------------------------------------------------------+
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

$ nvidia-smi nvlink -s -i 0
GPU 0: Tesla V100-SXM2-16GB (UUID: GPU-70a022d5-0631-c163-10bd-2a85a03a9e7b)
	 Link 0: 25.781 GB/s
	 Link 1: 25.781 GB/s
	 Link 2: 25.781 GB/s
	 Link 3: 25.781 GB/s
	 Link 4: 25.781 GB/s
	 Link 5: 25.781 GB/s
$ nvidia-smi --query-gpu=index,name,memory.total,power.limit,clocks.max.sm --format=csv
index, name, memory.total [MiB], power.limit [W], clocks.max.sm [MHz]
0, Tesla V100-SXM2-16GB, 16160 MiB, 300.00 W, 1530 MHz
1, Tesla V100-SXM2-16GB, 16160 MiB, 300.00 W, 1530 MHz
2, Tesla V100-SXM2-16GB, 16160 MiB, 300.00 W, 1530 MHz
3, Tesla V100-SXM2-16GB, 16160 MiB, 300.00 W, 1530 MHz
4, Tesla V100-SXM2-16GB, 16160 MiB, 300.00 W, 1530 MHz
5, Tesla V100-SXM2-16GB, 16160 MiB, 300.00 W, 1530 MHz
6, Tesla V100-SXM2-16GB, 16160 MiB, 300.00 W, 1530 MHz
7, Tesla V100-SXM2-16GB, 16160 MiB, 300.00 W, 1530 MHz
$ nvidia-smi -q -d TEMPERATURE -i 0 | grep Temp
    Temperature
        GPU Current Temp                  : 58 C
        GPU T.Limit Temp                  : 25 C
        GPU Shutdown Temp                 : 90 C
        GPU Slowdown Temp                 : 87 C
        GPU Max Operating Temp            : 83 C
        GPU Target Temperature            : N/A
        Memory Current Temp               : 65 C
        Memory Max Operating Temp         : 85 C
$ all_reduce_perf -b 1G -e 1G -g 8
# nThread 1 nGpus 8 minBytes 1073741824 maxBytes 1073741824 step: 1048576(bytes) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0
#
# Using devices
#  Rank  0 Group  0 Pid  39125 on     node01 device  0 [0000:14:00] Tesla V100-SXM2-16GB
#  Rank  1 Group  0 Pid  39125 on     node01 device  1 [0000:15:00] Tesla V100-SXM2-16GB
#  Rank  2 Group  0 Pid  39125 on     node01 device  2 [0000:34:00] Tesla V100-SXM2-16GB
#  Rank  3 Group  0 Pid  39125 on     node01 device  3 [0000:35:00] Tesla V100-SXM2-16GB
#  Rank  4 Group  0 Pid  39125 on     node01 device  4 [0000:74:00] Tesla V100-SXM2-16GB
#  Rank  5 Group  0 Pid  39125 on     node01 device  5 [0000:75:00] Tesla V100-SXM2-16GB
#  Rank  6 Group  0 Pid  39125 on     node01 device  6 [0000:94:00] Tesla V100-SXM2-16GB
#  Rank  7 Group  0 Pid  39125 on     node01 device  7 [0000:95:00] Tesla V100-SXM2-16GB
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)       
  1073741824     268435456     float     sum      -1    15826   67.84  118.73      0    15643   68.64  120.12      0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 119.423 
#

$ NCCL_ALGO=Ring mpirun -np 16 -H node01:8,node02:8 all_reduce_perf -b 1G -e 1G -g 1 | tail -n 5
  1073741824     268435456     float     sum      -1    41594   25.81   48.40      0    42657   25.17   47.20      0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 47.8 
#

$ grep elapsed train.log | tail -n 1
[2026-06-01 10:00:12] iteration     1000/  534057 | consumed samples:       64000 | elapsed time per iteration (ms): 12856.4 | throughput per GPU (TFLOP/s/GPU): 53.5 | tokens per second: 20390 | learning rate: 2.999974E-04 | global batch size:    64 | lm loss: 2.584358E+00 | batch wait (ms): 0.5 | loss scale: 1.0 | grad norm: 0.841 | number of skipped iterations:   0 | number of nan iterations:   0 |
$ nvidia-smi -q -i 0 | grep -A2 "^    Fabric"
    Fabric
        State                             : N/A
        Status                            : N/A
$ nvidia-smi --query-gpu=index,fabric.state,fabric.status --format=csv -i 0
index, fabric.state, fabric.status
0, [N/A], [N/A]
