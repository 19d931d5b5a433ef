# scenario: tests/emulator/fixtures/gpu-a100-pcie.yaml
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
|   0  NVIDIA A100 80GB PCIe          On  |   00000000:14:00.0 Off |                    0 |
| N/A   59C    P0            289W /  300W |   70200MiB /  81920MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   1  NVIDIA A100 80GB PCIe          On  |   00000000:15:00.0 Off |                    0 |
| N/A   59C    P0            293W /  300W |   72081MiB /  81920MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   2  NVIDIA A100 80GB PCIe          On  |   00000000:34:00.0 Off |                    0 |
| N/A   61C    P0            290W /  300W |   68828MiB /  81920MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   3  NVIDIA A100 80GB PCIe          On  |   00000000:35:00.0 Off |                    0 |
| N/A   58C    P0            291W /  300W |   69907MiB /  81920MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   4  NVIDIA A100 80GB PCIe          On  |   00000000:74:00.0 Off |                    0 |
| N/A   61C    P0            293W /  300W |   70547MiB /  81920MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   5  NVIDIA A100 80GB PCIe          On  |   00000000:75:00.0 Off |                    0 |
| N/A   58C    P0            291W /  300W |   72027MiB /  81920MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   6  NVIDIA A100 80GB PCIe          On  |   00000000:94:00.0 Off |                    0 |
| N/A   61C    P0            290W /  300W |   70593MiB /  81920MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   7  NVIDIA A100 80GB PCIe          On  |   00000000:95:00.0 Off |                    0 |
| N/A   60C    P0            287W /  300W |   69038MiB /  81920MiB |    100%      Default |
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
	GPU0	GPU1	GPU2	GPU3	GPU4	GPU5	GPU6	GPU7	NIC0	NIC1	NIC2	NIC3	NIC4	NIC5	CPU Affinity	NUMA Affinity	GPU NUMA ID
GPU0	 X 	NV12	NODE	NODE	SYS	SYS	SYS	SYS	PIX	NODE	NODE	NODE	SYS	SYS	0-31,64-95	0		N/A
GPU1	NV12	 X 	NODE	NODE	SYS	SYS	SYS	SYS	PIX	NODE	NODE	NODE	SYS	SYS	0-31,64-95	0		N/A
GPU2	NODE	NODE	 X 	NV12	SYS	SYS	SYS	SYS	NODE	PIX	NODE	NODE	SYS	SYS	0-31,64-95	0		N/A
GPU3	NODE	NODE	NV12	 X 	SYS	SYS	SYS	SYS	NODE	PIX	NODE	NODE	SYS	SYS	0-31,64-95	0		N/A
GPU4	SYS	SYS	SYS	SYS	 X 	NV12	NODE	NODE	SYS	SYS	SYS	SYS	PIX	NODE	32-63,96-127	1		N/A
GPU5	SYS	SYS	SYS	SYS	NV12	 X 	NODE	NODE	SYS	SYS	SYS	SYS	PIX	NODE	32-63,96-127	1		N/A
GPU6	SYS	SYS	SYS	SYS	NODE	NODE	 X 	NV12	SYS	SYS	SYS	SYS	NODE	PIX	32-63,96-127	1		N/A
GPU7	SYS	SYS	SYS	SYS	NODE	NODE	NV12	 X 	SYS	SYS	SYS	SYS	NODE	PIX	32-63,96-127	1		N/A
NIC0	PIX	PIX	NODE	NODE	SYS	SYS	SYS	SYS	 X 	NODE	NODE	NODE	SYS	SYS
NIC1	NODE	NODE	PIX	PIX	SYS	SYS	SYS	SYS	NODE	 X 	NODE	NODE	SYS	SYS
NIC2	NODE	NODE	NODE	NODE	SYS	SYS	SYS	SYS	NODE	NODE	 X 	PIX	SYS	SYS
NIC3	NODE	NODE	NODE	NODE	SYS	SYS	SYS	SYS	NODE	NODE	PIX	 X 	SYS	SYS
NIC4	SYS	SYS	SYS	SYS	PIX	PIX	NODE	NODE	SYS	SYS	SYS	SYS	 X 	NODE
NIC5	SYS	SYS	SYS	SYS	NODE	NODE	PIX	PIX	SYS	SYS	SYS	SYS	NODE	 X 

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
GPU 0: NVIDIA A100 80GB PCIe (UUID: GPU-70a022d5-0631-c163-10bd-2a85a03a9e7b)
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
0, NVIDIA A100 80GB PCIe, 81920 MiB, 300.00 W, 1410 MHz
1, NVIDIA A100 80GB PCIe, 81920 MiB, 300.00 W, 1410 MHz
2, NVIDIA A100 80GB PCIe, 81920 MiB, 300.00 W, 1410 MHz
3, NVIDIA A100 80GB PCIe, 81920 MiB, 300.00 W, 1410 MHz
4, NVIDIA A100 80GB PCIe, 81920 MiB, 300.00 W, 1410 MHz
5, NVIDIA A100 80GB PCIe, 81920 MiB, 300.00 W, 1410 MHz
6, NVIDIA A100 80GB PCIe, 81920 MiB, 300.00 W, 1410 MHz
7, NVIDIA A100 80GB PCIe, 81920 MiB, 300.00 W, 1410 MHz
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
#  Rank  0 Group  0 Pid  39125 on     node01 device  0 [0000:14:00] NVIDIA A100 80GB PCIe
#  Rank  1 Group  0 Pid  39125 on     node01 device  1 [0000:15:00] NVIDIA A100 80GB PCIe
#  Rank  2 Group  0 Pid  39125 on     node01 device  2 [0000:34:00] NVIDIA A100 80GB PCIe
#  Rank  3 Group  0 Pid  39125 on     node01 device  3 [0000:35:00] NVIDIA A100 80GB PCIe
#  Rank  4 Group  0 Pid  39125 on     node01 device  4 [0000:74:00] NVIDIA A100 80GB PCIe
#  Rank  5 Group  0 Pid  39125 on     node01 device  5 [0000:75:00] NVIDIA A100 80GB PCIe
#  Rank  6 Group  0 Pid  39125 on     node01 device  6 [0000:94:00] NVIDIA A100 80GB PCIe
#  Rank  7 Group  0 Pid  39125 on     node01 device  7 [0000:95:00] NVIDIA A100 80GB PCIe
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)       
  1073741824     268435456     float     sum      -1   135615    7.92   13.86      0   134046    8.01   14.02      0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 13.9369 
#

$ NCCL_ALGO=Ring mpirun -np 16 -H node01:8,node02:8 all_reduce_perf -b 1G -e 1G -g 1 | tail -n 5
  1073741824     268435456     float     sum      -1   125480    8.56   16.04      0   128685    8.34   15.64      0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 15.8447 
#

$ grep elapsed train.log | tail -n 1
[2026-06-01 10:00:06] iteration     1000/  534057 | consumed samples:       64000 | elapsed time per iteration (ms): 6602.8 | throughput per GPU (TFLOP/s/GPU): 104.2 | tokens per second: 39702 | learning rate: 2.999974E-04 | global batch size:    64 | lm loss: 2.584358E+00 | batch wait (ms): 0.5 | loss scale: 1.0 | grad norm: 0.841 | number of skipped iterations:   0 | number of nan iterations:   0 |
