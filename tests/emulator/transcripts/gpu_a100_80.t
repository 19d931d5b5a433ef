# scenario: tests/emulator/fixtures/gpu-a100-80.yaml
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x A100 per node. You are on node01.

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
|   0  NVIDIA A100-SXM4-80GB          On  |   00000000:15:00.0 Off |                    0 |
| N/A   59C    P0            384W /  400W |   70200MiB /  81920MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   1  NVIDIA A100-SXM4-80GB          On  |   00000000:16:00.0 Off |                    0 |
| N/A   59C    P0            390W /  400W |   72081MiB /  81920MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   2  NVIDIA A100-SXM4-80GB          On  |   00000000:35:00.0 Off |                    0 |
| N/A   61C    P0            386W /  400W |   68828MiB /  81920MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   3  NVIDIA A100-SXM4-80GB          On  |   00000000:36:00.0 Off |                    0 |
| N/A   58C    P0            387W /  400W |   69907MiB /  81920MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   4  NVIDIA A100-SXM4-80GB          On  |   00000000:75:00.0 Off |                    0 |
| N/A   61C    P0            388W /  400W |   70547MiB /  81920MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   5  NVIDIA A100-SXM4-80GB          On  |   00000000:76:00.0 Off |                    0 |
| N/A   58C    P0            386W /  400W |   72027MiB /  81920MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   6  NVIDIA A100-SXM4-80GB          On  |   00000000:95:00.0 Off |                    0 |
| N/A   61C    P0            385W /  400W |   70593MiB /  81920MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   7  NVIDIA A100-SXM4-80GB          On  |   00000000:96:00.0 Off |                    0 |
| N/A   60C    P0            381W /  400W |   69038MiB /  81920MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+

+-----------------------------------------------------------------------------------------+
| Processes:                                                                              |
|  GPU   GI   CI              PID   Type   Process name                        GPU Memory |
|        ID   ID                                                               Usage      |
|=========================================================================================|
|    0   N/A  N/A          249279      C   /usr/bin/python3                      69682MiB |
|    1   N/A  N/A          249280      C   /usr/bin/python3                      71563MiB |
|    2   N/A  N/A          249281      C   /usr/bin/python3                      68310MiB |
|    3   N/A  N/A          249282      C   /usr/bin/python3                      69389MiB |
|    4   N/A  N/A          249283      C   /usr/bin/python3                      70029MiB |
|    5   N/A  N/A          249284      C   /usr/bin/python3                      71509MiB |
|    6   N/A  N/A          249285      C   /usr/bin/python3                      70075MiB |
|    7   N/A  N/A          249286      C   /usr/bin/python3                      68520MiB |
+-----------------------------------------------------------------------------------------+
$ nvidia-smi topo -m
	GPU0	GPU1	GPU2	GPU3	GPU4	GPU5	GPU6	GPU7	NIC0	NIC1	NIC2	NIC3	NIC4	NIC5	NIC6	NIC7	NIC8	NIC9	CPU Affinity	NUMA Affinity	GPU NUMA ID
GPU0	 X 	NV12	NV12	NV12	NV12	NV12	NV12	NV12	PIX	PIX	NODE	NODE	NODE	NODE	SYS	SYS	SYS	SYS	0-63,128-191	0		N/A
GPU1	NV12	 X 	NV12	NV12	NV12	NV12	NV12	NV12	PIX	PIX	NODE	NODE	NODE	NODE	SYS	SYS	SYS	SYS	0-63,128-191	0		N/A
GPU2	NV12	NV12	 X 	NV12	NV12	NV12	NV12	NV12	NODE	NODE	PIX	PIX	NODE	NODE	SYS	SYS	SYS	SYS	0-63,128-191	0		N/A
GPU3	NV12	NV12	NV12	 X 	NV12	NV12	NV12	NV12	NODE	NODE	PIX	PIX	NODE	NODE	SYS	SYS	SYS	SYS	0-63,128-191	0		N/A
GPU4	NV12	NV12	NV12	NV12	 X 	NV12	NV12	NV12	SYS	SYS	SYS	SYS	SYS	SYS	PIX	PIX	NODE	NODE	64-127,192-255	1		N/A
GPU5	NV12	NV12	NV12	NV12	NV12	 X 	NV12	NV12	SYS	SYS	SYS	SYS	SYS	SYS	PIX	PIX	NODE	NODE	64-127,192-255	1		N/A
GPU6	NV12	NV12	NV12	NV12	NV12	NV12	 X 	NV12	SYS	SYS	SYS	SYS	SYS	SYS	NODE	NODE	PIX	PIX	64-127,192-255	1		N/A
GPU7	NV12	NV12	NV12	NV12	NV12	NV12	NV12	 X 	SYS	SYS	SYS	SYS	SYS	SYS	NODE	NODE	PIX	PIX	64-127,192-255	1		N/A
NIC0	PIX	PIX	NODE	NODE	SYS	SYS	SYS	SYS	 X 	PIX	NODE	NODE	NODE	NODE	SYS	SYS	SYS	SYS
NIC1	PIX	PIX	NODE	NODE	SYS	SYS	SYS	SYS	PIX	 X 	NODE	NODE	NODE	NODE	SYS	SYS	SYS	SYS
NIC2	NODE	NODE	PIX	PIX	SYS	SYS	SYS	SYS	NODE	NODE	 X 	PIX	NODE	NODE	SYS	SYS	SYS	SYS
NIC3	NODE	NODE	PIX	PIX	SYS	SYS	SYS	SYS	NODE	NODE	PIX	 X 	NODE	NODE	SYS	SYS	SYS	SYS
NIC4	NODE	NODE	NODE	NODE	SYS	SYS	SYS	SYS	NODE	NODE	NODE	NODE	 X 	PIX	SYS	SYS	SYS	SYS
NIC5	NODE	NODE	NODE	NODE	SYS	SYS	SYS	SYS	NODE	NODE	NODE	NODE	PIX	 X 	SYS	SYS	SYS	SYS
NIC6	SYS	SYS	SYS	SYS	PIX	PIX	NODE	NODE	SYS	SYS	SYS	SYS	SYS	SYS	 X 	PIX	NODE	NODE
NIC7	SYS	SYS	SYS	SYS	PIX	PIX	NODE	NODE	SYS	SYS	SYS	SYS	SYS	SYS	PIX	 X 	NODE	NODE
NIC8	SYS	SYS	SYS	SYS	NODE	NODE	PIX	PIX	SYS	SYS	SYS	SYS	SYS	SYS	NODE	NODE	 X 	PIX
NIC9	SYS	SYS	SYS	SYS	NODE	NODE	PIX	PIX	SYS	SYS	SYS	SYS	SYS	SYS	NODE	NODE	PIX	 X 

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
  NIC6: mlx5_6
  NIC7: mlx5_7
  NIC8: mlx5_8
  NIC9: mlx5_9

$ nvidia-smi nvlink -s -i 0
GPU 0: NVIDIA A100-SXM4-80GB (UUID: GPU-70a022d5-0631-c163-10bd-2a85a03a9e7b)
	 Link 0: 25 GB/s
	 Link 1: 25 GB/s
	 Link 2: 25 GB/s
	 Link 3: 25 GB/s
	 Link 4: 25 GB/s
	 Link 5: 25 GB/s
	 Link 6: 25 GB/s
	 Link 7: 25 GB/s
	 Link 8: 25 GB/s
	 Link 9: 25 GB/s
	 Link 10: 25 GB/s
	 Link 11: 25 GB/s
$ nvidia-smi --query-gpu=index,name,memory.total,power.limit,clocks.max.sm --format=csv
index, name, memory.total [MiB], power.limit [W], clocks.max.sm [MHz]
0, NVIDIA A100-SXM4-80GB, 81920 MiB, 400.00 W, 1410 MHz
1, NVIDIA A100-SXM4-80GB, 81920 MiB, 400.00 W, 1410 MHz
2, NVIDIA A100-SXM4-80GB, 81920 MiB, 400.00 W, 1410 MHz
3, NVIDIA A100-SXM4-80GB, 81920 MiB, 400.00 W, 1410 MHz
4, NVIDIA A100-SXM4-80GB, 81920 MiB, 400.00 W, 1410 MHz
5, NVIDIA A100-SXM4-80GB, 81920 MiB, 400.00 W, 1410 MHz
6, NVIDIA A100-SXM4-80GB, 81920 MiB, 400.00 W, 1410 MHz
7, NVIDIA A100-SXM4-80GB, 81920 MiB, 400.00 W, 1410 MHz
$ nvidia-smi -q -d TEMPERATURE -i 0 | grep Temp
    Temperature
        GPU Current Temp                  : 58 C
        GPU T.Limit Temp                  : 27 C
        GPU Shutdown Temp                 : 92 C
        GPU Slowdown Temp                 : 89 C
        GPU Max Operating Temp            : 85 C
        GPU Target Temperature            : N/A
        Memory Current Temp               : 65 C
        Memory Max Operating Temp         : 95 C
$ all_reduce_perf -b 1G -e 1G -g 8
# nThread 1 nGpus 8 minBytes 1073741824 maxBytes 1073741824 step: 1048576(bytes) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0
#
# Using devices
#  Rank  0 Group  0 Pid  39125 on     node01 device  0 [0000:15:00] NVIDIA A100-SXM4-80GB
#  Rank  1 Group  0 Pid  39125 on     node01 device  1 [0000:16:00] NVIDIA A100-SXM4-80GB
#  Rank  2 Group  0 Pid  39125 on     node01 device  2 [0000:35:00] NVIDIA A100-SXM4-80GB
#  Rank  3 Group  0 Pid  39125 on     node01 device  3 [0000:36:00] NVIDIA A100-SXM4-80GB
#  Rank  4 Group  0 Pid  39125 on     node01 device  4 [0000:75:00] NVIDIA A100-SXM4-80GB
#  Rank  5 Group  0 Pid  39125 on     node01 device  5 [0000:76:00] NVIDIA A100-SXM4-80GB
#  Rank  6 Group  0 Pid  39125 on     node01 device  6 [0000:95:00] NVIDIA A100-SXM4-80GB
#  Rank  7 Group  0 Pid  39125 on     node01 device  7 [0000:96:00] NVIDIA A100-SXM4-80GB
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)       
  1073741824     268435456     float     sum      -1   8135.1  131.99  230.98      0   8041.0  133.53  233.68      0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 232.332 
#

$ NCCL_ALGO=Ring mpirun -np 16 -H node01:8,node02:8 all_reduce_perf -b 1G -e 1G -g 1 | tail -n 5
  1073741824     268435456     float     sum      -1    10631  101.00  189.38      0    10902   98.49  184.66      0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 187.02 
#

$ grep elapsed train.log | tail -n 1
[2026-06-01 10:00:55] iteration     1010/  534057 | consumed samples:       64640 | elapsed time per iteration (ms): 5091.5 | throughput per GPU (TFLOP/s/GPU): 135.2 | tokens per second: 51486 | learning rate: 2.999974E-04 | global batch size:    64 | lm loss: 2.596287E+00 | batch wait (ms): 0.3 | loss scale: 1.0 | grad norm: 0.806 | number of skipped iterations:   0 | number of nan iterations:   0 |
$ nvidia-smi -q -i 0 | grep -A2 "^    Fabric"
    Fabric
        State                             : N/A
        Status                            : N/A
$ nvidia-smi --query-gpu=index,fabric.state,fabric.status --format=csv -i 0
index, fabric.state, fabric.status
0, [N/A], [N/A]
