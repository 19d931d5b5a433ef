# scenario: tests/emulator/fixtures/gpu-h100-nvl.yaml
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x H100 NVL per node. You are on node01.

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
|   0  NVIDIA H100 NVL                On  |   00000000:14:00.0 Off |                    0 |
| N/A   59C    P0            389W /  400W |   82120MiB /  95830MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   1  NVIDIA H100 NVL                On  |   00000000:15:00.0 Off |                    0 |
| N/A   59C    P0            395W /  400W |   84320MiB /  95830MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   2  NVIDIA H100 NVL                On  |   00000000:34:00.0 Off |                    0 |
| N/A   61C    P0            391W /  400W |   80515MiB /  95830MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   3  NVIDIA H100 NVL                On  |   00000000:35:00.0 Off |                    0 |
| N/A   58C    P0            392W /  400W |   81777MiB /  95830MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   4  NVIDIA H100 NVL                On  |   00000000:74:00.0 Off |                    0 |
| N/A   61C    P0            394W /  400W |   82526MiB /  95830MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   5  NVIDIA H100 NVL                On  |   00000000:75:00.0 Off |                    0 |
| N/A   58C    P0            391W /  400W |   84258MiB /  95830MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   6  NVIDIA H100 NVL                On  |   00000000:94:00.0 Off |                    0 |
| N/A   61C    P0            390W /  400W |   82579MiB /  95830MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   7  NVIDIA H100 NVL                On  |   00000000:95:00.0 Off |                    0 |
| N/A   60C    P0            386W /  400W |   80760MiB /  95830MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+

+-----------------------------------------------------------------------------------------+
| Processes:                                                                              |
|  GPU   GI   CI              PID   Type   Process name                        GPU Memory |
|        ID   ID                                                               Usage      |
|=========================================================================================|
|    0   N/A  N/A          249279      C   /usr/bin/python3                      81602MiB |
|    1   N/A  N/A          249280      C   /usr/bin/python3                      83802MiB |
|    2   N/A  N/A          249281      C   /usr/bin/python3                      79997MiB |
|    3   N/A  N/A          249282      C   /usr/bin/python3                      81259MiB |
|    4   N/A  N/A          249283      C   /usr/bin/python3                      82008MiB |
|    5   N/A  N/A          249284      C   /usr/bin/python3                      83740MiB |
|    6   N/A  N/A          249285      C   /usr/bin/python3                      82061MiB |
|    7   N/A  N/A          249286      C   /usr/bin/python3                      80242MiB |
+-----------------------------------------------------------------------------------------+
$ nvidia-smi topo -m
	GPU0	GPU1	GPU2	GPU3	GPU4	GPU5	GPU6	GPU7	NIC0	NIC1	NIC2	NIC3	NIC4	NIC5	CPU Affinity	NUMA Affinity	GPU NUMA ID
GPU0	 X 	NV12	NODE	NODE	SYS	SYS	SYS	SYS	PIX	NODE	NODE	NODE	SYS	SYS	0-47,96-143	0		N/A
GPU1	NV12	 X 	NODE	NODE	SYS	SYS	SYS	SYS	PIX	NODE	NODE	NODE	SYS	SYS	0-47,96-143	0		N/A
GPU2	NODE	NODE	 X 	NV12	SYS	SYS	SYS	SYS	NODE	PIX	NODE	NODE	SYS	SYS	0-47,96-143	0		N/A
GPU3	NODE	NODE	NV12	 X 	SYS	SYS	SYS	SYS	NODE	PIX	NODE	NODE	SYS	SYS	0-47,96-143	0		N/A
GPU4	SYS	SYS	SYS	SYS	 X 	NV12	NODE	NODE	SYS	SYS	SYS	SYS	PIX	NODE	48-95,144-191	1		N/A
GPU5	SYS	SYS	SYS	SYS	NV12	 X 	NODE	NODE	SYS	SYS	SYS	SYS	PIX	NODE	48-95,144-191	1		N/A
GPU6	SYS	SYS	SYS	SYS	NODE	NODE	 X 	NV12	SYS	SYS	SYS	SYS	NODE	PIX	48-95,144-191	1		N/A
GPU7	SYS	SYS	SYS	SYS	NODE	NODE	NV12	 X 	SYS	SYS	SYS	SYS	NODE	PIX	48-95,144-191	1		N/A
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
GPU 0: NVIDIA H100 NVL (UUID: GPU-70a022d5-0631-c163-10bd-2a85a03a9e7b)
	 Link 0: 26.562 GB/s
	 Link 1: 26.562 GB/s
	 Link 2: 26.562 GB/s
	 Link 3: 26.562 GB/s
	 Link 4: 26.562 GB/s
	 Link 5: 26.562 GB/s
	 Link 6: 26.562 GB/s
	 Link 7: 26.562 GB/s
	 Link 8: 26.562 GB/s
	 Link 9: 26.562 GB/s
	 Link 10: 26.562 GB/s
	 Link 11: 26.562 GB/s
$ nvidia-smi --query-gpu=index,name,memory.total,power.limit,clocks.max.sm --format=csv
index, name, memory.total [MiB], power.limit [W], clocks.max.sm [MHz]
0, NVIDIA H100 NVL, 95830 MiB, 400.00 W, 1785 MHz
1, NVIDIA H100 NVL, 95830 MiB, 400.00 W, 1785 MHz
2, NVIDIA H100 NVL, 95830 MiB, 400.00 W, 1785 MHz
3, NVIDIA H100 NVL, 95830 MiB, 400.00 W, 1785 MHz
4, NVIDIA H100 NVL, 95830 MiB, 400.00 W, 1785 MHz
5, NVIDIA H100 NVL, 95830 MiB, 400.00 W, 1785 MHz
6, NVIDIA H100 NVL, 95830 MiB, 400.00 W, 1785 MHz
7, NVIDIA H100 NVL, 95830 MiB, 400.00 W, 1785 MHz
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
#  Rank  0 Group  0 Pid  39125 on     node01 device  0 [0000:14:00] NVIDIA H100 NVL
#  Rank  1 Group  0 Pid  39125 on     node01 device  1 [0000:15:00] NVIDIA H100 NVL
#  Rank  2 Group  0 Pid  39125 on     node01 device  2 [0000:34:00] NVIDIA H100 NVL
#  Rank  3 Group  0 Pid  39125 on     node01 device  3 [0000:35:00] NVIDIA H100 NVL
#  Rank  4 Group  0 Pid  39125 on     node01 device  4 [0000:74:00] NVIDIA H100 NVL
#  Rank  5 Group  0 Pid  39125 on     node01 device  5 [0000:75:00] NVIDIA H100 NVL
#  Rank  6 Group  0 Pid  39125 on     node01 device  6 [0000:94:00] NVIDIA H100 NVL
#  Rank  7 Group  0 Pid  39125 on     node01 device  7 [0000:95:00] NVIDIA H100 NVL
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)       
  1073741824     268435456     float     sum      -1    67851   15.82   27.69      0    67067   16.01   28.02      0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 27.8556 
#

$ NCCL_ALGO=Ring mpirun -np 16 -H node01:8,node02:8 all_reduce_perf -b 1G -e 1G -g 1 | tail -n 5
  1073741824     268435456     float     sum      -1    62881   17.08   32.02      0    64487   16.65   31.22      0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 31.6183 
#

$ grep elapsed train.log | tail -n 1
[2026-06-01 10:00:56] iteration     1020/  534057 | consumed samples:       65280 | elapsed time per iteration (ms): 2701.0 | throughput per GPU (TFLOP/s/GPU): 254.8 | tokens per second: 97056 | learning rate: 2.999973E-04 | global batch size:    64 | lm loss: 2.601414E+00 | batch wait (ms): 0.4 | loss scale: 1.0 | grad norm: 0.794 | number of skipped iterations:   0 | number of nan iterations:   0 |
