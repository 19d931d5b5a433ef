# scenario: tests/emulator/fixtures/gpu-b200.yaml
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x B200 per node. You are on node01.

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
|   0  NVIDIA B200                    On  |   00000000:1B:00.0 Off |                    0 |
| N/A   59C    P0            977W / 1000W |  157127MiB / 183359MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   1  NVIDIA B200                    On  |   00000000:43:00.0 Off |                    0 |
| N/A   59C    P0            991W / 1000W |  161337MiB / 183359MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   2  NVIDIA B200                    On  |   00000000:52:00.0 Off |                    0 |
| N/A   61C    P0            981W / 1000W |  154056MiB / 183359MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   3  NVIDIA B200                    On  |   00000000:61:00.0 Off |                    0 |
| N/A   58C    P0            985W / 1000W |  156470MiB / 183359MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   4  NVIDIA B200                    On  |   00000000:9D:00.0 Off |                    0 |
| N/A   61C    P0            989W / 1000W |  157905MiB / 183359MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   5  NVIDIA B200                    On  |   00000000:C3:00.0 Off |                    0 |
| N/A   58C    P0            982W / 1000W |  161217MiB / 183359MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   6  NVIDIA B200                    On  |   00000000:D1:00.0 Off |                    0 |
| N/A   61C    P0            979W / 1000W |  158006MiB / 183359MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   7  NVIDIA B200                    On  |   00000000:DF:00.0 Off |                    0 |
| N/A   60C    P0            970W / 1000W |  154525MiB / 183359MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+

+-----------------------------------------------------------------------------------------+
| Processes:                                                                              |
|  GPU   GI   CI              PID   Type   Process name                        GPU Memory |
|        ID   ID                                                               Usage      |
|=========================================================================================|
|    0   N/A  N/A          249279      C   /usr/bin/python3                     156609MiB |
|    1   N/A  N/A          249280      C   /usr/bin/python3                     160819MiB |
|    2   N/A  N/A          249281      C   /usr/bin/python3                     153538MiB |
|    3   N/A  N/A          249282      C   /usr/bin/python3                     155952MiB |
|    4   N/A  N/A          249283      C   /usr/bin/python3                     157387MiB |
|    5   N/A  N/A          249284      C   /usr/bin/python3                     160699MiB |
|    6   N/A  N/A          249285      C   /usr/bin/python3                     157488MiB |
|    7   N/A  N/A          249286      C   /usr/bin/python3                     154007MiB |
+-----------------------------------------------------------------------------------------+
$ nvidia-smi topo -m
	GPU0	GPU1	GPU2	GPU3	GPU4	GPU5	GPU6	GPU7	NIC0	NIC1	NIC2	NIC3	NIC4	NIC5	NIC6	NIC7	NIC8	NIC9	CPU Affinity	NUMA Affinity	GPU NUMA ID
GPU0	 X 	NV18	NV18	NV18	NV18	NV18	NV18	NV18	PIX	NODE	NODE	NODE	NODE	NODE	SYS	SYS	SYS	SYS	0-55,112-167	0		N/A
GPU1	NV18	 X 	NV18	NV18	NV18	NV18	NV18	NV18	NODE	NODE	NODE	PIX	NODE	NODE	SYS	SYS	SYS	SYS	0-55,112-167	0		N/A
GPU2	NV18	NV18	 X 	NV18	NV18	NV18	NV18	NV18	NODE	NODE	NODE	NODE	PIX	NODE	SYS	SYS	SYS	SYS	0-55,112-167	0		N/A
GPU3	NV18	NV18	NV18	 X 	NV18	NV18	NV18	NV18	NODE	NODE	NODE	NODE	NODE	PIX	SYS	SYS	SYS	SYS	0-55,112-167	0		N/A
GPU4	NV18	NV18	NV18	NV18	 X 	NV18	NV18	NV18	SYS	SYS	SYS	SYS	SYS	SYS	PIX	NODE	NODE	NODE	56-111,168-223	1		N/A
GPU5	NV18	NV18	NV18	NV18	NV18	 X 	NV18	NV18	SYS	SYS	SYS	SYS	SYS	SYS	NODE	PIX	NODE	NODE	56-111,168-223	1		N/A
GPU6	NV18	NV18	NV18	NV18	NV18	NV18	 X 	NV18	SYS	SYS	SYS	SYS	SYS	SYS	NODE	NODE	PIX	NODE	56-111,168-223	1		N/A
GPU7	NV18	NV18	NV18	NV18	NV18	NV18	NV18	 X 	SYS	SYS	SYS	SYS	SYS	SYS	NODE	NODE	NODE	PIX	56-111,168-223	1		N/A
NIC0	PIX	NODE	NODE	NODE	SYS	SYS	SYS	SYS	 X 	NODE	NODE	NODE	NODE	NODE	SYS	SYS	SYS	SYS
NIC1	NODE	NODE	NODE	NODE	SYS	SYS	SYS	SYS	NODE	 X 	PIX	NODE	NODE	NODE	SYS	SYS	SYS	SYS
NIC2	NODE	NODE	NODE	NODE	SYS	SYS	SYS	SYS	NODE	PIX	 X 	NODE	NODE	NODE	SYS	SYS	SYS	SYS
NIC3	NODE	PIX	NODE	NODE	SYS	SYS	SYS	SYS	NODE	NODE	NODE	 X 	NODE	NODE	SYS	SYS	SYS	SYS
NIC4	NODE	NODE	PIX	NODE	SYS	SYS	SYS	SYS	NODE	NODE	NODE	NODE	 X 	NODE	SYS	SYS	SYS	SYS
NIC5	NODE	NODE	NODE	PIX	SYS	SYS	SYS	SYS	NODE	NODE	NODE	NODE	NODE	 X 	SYS	SYS	SYS	SYS
NIC6	SYS	SYS	SYS	SYS	PIX	NODE	NODE	NODE	SYS	SYS	SYS	SYS	SYS	SYS	 X 	NODE	NODE	NODE
NIC7	SYS	SYS	SYS	SYS	NODE	PIX	NODE	NODE	SYS	SYS	SYS	SYS	SYS	SYS	NODE	 X 	NODE	NODE
NIC8	SYS	SYS	SYS	SYS	NODE	NODE	PIX	NODE	SYS	SYS	SYS	SYS	SYS	SYS	NODE	NODE	 X 	NODE
NIC9	SYS	SYS	SYS	SYS	NODE	NODE	NODE	PIX	SYS	SYS	SYS	SYS	SYS	SYS	NODE	NODE	NODE	 X 

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
  NIC7: mlx5_9
  NIC8: mlx5_10
  NIC9: mlx5_11

$ nvidia-smi nvlink -s -i 0
GPU 0: NVIDIA B200 (UUID: GPU-70a022d5-0631-c163-10bd-2a85a03a9e7b)
	 Link 0: 53.125 GB/s
	 Link 1: 53.125 GB/s
	 Link 2: 53.125 GB/s
	 Link 3: 53.125 GB/s
	 Link 4: 53.125 GB/s
	 Link 5: 53.125 GB/s
	 Link 6: 53.125 GB/s
	 Link 7: 53.125 GB/s
	 Link 8: 53.125 GB/s
	 Link 9: 53.125 GB/s
	 Link 10: 53.125 GB/s
	 Link 11: 53.125 GB/s
	 Link 12: 53.125 GB/s
	 Link 13: 53.125 GB/s
	 Link 14: 53.125 GB/s
	 Link 15: 53.125 GB/s
	 Link 16: 53.125 GB/s
	 Link 17: 53.125 GB/s
$ nvidia-smi --query-gpu=index,name,memory.total,power.limit,clocks.max.sm --format=csv
index, name, memory.total [MiB], power.limit [W], clocks.max.sm [MHz]
0, NVIDIA B200, 183359 MiB, 1000.00 W, 1965 MHz
1, NVIDIA B200, 183359 MiB, 1000.00 W, 1965 MHz
2, NVIDIA B200, 183359 MiB, 1000.00 W, 1965 MHz
3, NVIDIA B200, 183359 MiB, 1000.00 W, 1965 MHz
4, NVIDIA B200, 183359 MiB, 1000.00 W, 1965 MHz
5, NVIDIA B200, 183359 MiB, 1000.00 W, 1965 MHz
6, NVIDIA B200, 183359 MiB, 1000.00 W, 1965 MHz
7, NVIDIA B200, 183359 MiB, 1000.00 W, 1965 MHz
$ nvidia-smi -q -d TEMPERATURE -i 0 | grep Temp
    Temperature
        GPU Current Temp                  : 58 C
        GPU T.Limit Temp                  : 29 C
        GPU Shutdown Temp                 : 92 C
        GPU Slowdown Temp                 : 89 C
        GPU Max Operating Temp            : 87 C
        GPU Target Temperature            : N/A
        Memory Current Temp               : 65 C
        Memory Max Operating Temp         : 95 C
$ all_reduce_perf -b 1G -e 1G -g 8
# nThread 1 nGpus 8 minBytes 1073741824 maxBytes 1073741824 step: 1048576(bytes) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0
#
# Using devices
#  Rank  0 Group  0 Pid  39125 on     node01 device  0 [0000:1b:00] NVIDIA B200
#  Rank  1 Group  0 Pid  39125 on     node01 device  1 [0000:43:00] NVIDIA B200
#  Rank  2 Group  0 Pid  39125 on     node01 device  2 [0000:52:00] NVIDIA B200
#  Rank  3 Group  0 Pid  39125 on     node01 device  3 [0000:61:00] NVIDIA B200
#  Rank  4 Group  0 Pid  39125 on     node01 device  4 [0000:9d:00] NVIDIA B200
#  Rank  5 Group  0 Pid  39125 on     node01 device  5 [0000:c3:00] NVIDIA B200
#  Rank  6 Group  0 Pid  39125 on     node01 device  6 [0000:d1:00] NVIDIA B200
#  Rank  7 Group  0 Pid  39125 on     node01 device  7 [0000:df:00] NVIDIA B200
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)       
  1073741824     268435456     float     sum      -1   2274.4  472.09  826.16      0   2248.1  477.61  835.82      0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 830.99 
#

$ NCCL_ALGO=Ring mpirun -np 16 -H node01:8,node02:8 all_reduce_perf -b 1G -e 1G -g 1 | tail -n 5
  1073741824     268435456     float     sum      -1   5374.2  199.80  374.62      0   5511.5  194.82  365.29      0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 369.952 
#

$ grep elapsed train.log | tail -n 1
[2026-06-01 10:01:01] iteration     1080/  534057 | consumed samples:       69120 | elapsed time per iteration (ms): 759.9 | throughput per GPU (TFLOP/s/GPU): 905.5 | tokens per second: 344970 | learning rate: 2.999970E-04 | global batch size:    64 | lm loss: 2.603852E+00 | batch wait (ms): 0.4 | loss scale: 1.0 | grad norm: 0.817 | number of skipped iterations:   0 | number of nan iterations:   0 |
