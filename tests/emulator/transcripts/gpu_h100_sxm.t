# scenario: tests/emulator/fixtures/gpu-h100-sxm.yaml
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x H100 per node. You are on node01.

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
|   0  NVIDIA H100 80GB HBM3          On  |   00000000:1B:00.0 Off |                    0 |
| N/A   59C    P0            688W /  700W |   69890MiB /  81559MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   1  NVIDIA H100 80GB HBM3          On  |   00000000:43:00.0 Off |                    0 |
| N/A   59C    P0            698W /  700W |   71763MiB /  81559MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   2  NVIDIA H100 80GB HBM3          On  |   00000000:52:00.0 Off |                    0 |
| N/A   61C    P0            691W /  700W |   68525MiB /  81559MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   3  NVIDIA H100 80GB HBM3          On  |   00000000:61:00.0 Off |                    0 |
| N/A   58C    P0            693W /  700W |   69599MiB /  81559MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   4  NVIDIA H100 80GB HBM3          On  |   00000000:9D:00.0 Off |                    0 |
| N/A   61C    P0            696W /  700W |   70237MiB /  81559MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   5  NVIDIA H100 80GB HBM3          On  |   00000000:C3:00.0 Off |                    0 |
| N/A   58C    P0            692W /  700W |   71710MiB /  81559MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   6  NVIDIA H100 80GB HBM3          On  |   00000000:D1:00.0 Off |                    0 |
| N/A   61C    P0            690W /  700W |   70282MiB /  81559MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   7  NVIDIA H100 80GB HBM3          On  |   00000000:DF:00.0 Off |                    0 |
| N/A   60C    P0            683W /  700W |   68733MiB /  81559MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+

+-----------------------------------------------------------------------------------------+
| Processes:                                                                              |
|  GPU   GI   CI              PID   Type   Process name                        GPU Memory |
|        ID   ID                                                               Usage      |
|=========================================================================================|
|    0   N/A  N/A          249279      C   /usr/bin/python3                      69372MiB |
|    1   N/A  N/A          249280      C   /usr/bin/python3                      71245MiB |
|    2   N/A  N/A          249281      C   /usr/bin/python3                      68007MiB |
|    3   N/A  N/A          249282      C   /usr/bin/python3                      69081MiB |
|    4   N/A  N/A          249283      C   /usr/bin/python3                      69719MiB |
|    5   N/A  N/A          249284      C   /usr/bin/python3                      71192MiB |
|    6   N/A  N/A          249285      C   /usr/bin/python3                      69764MiB |
|    7   N/A  N/A          249286      C   /usr/bin/python3                      68215MiB |
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
GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-70a022d5-0631-c163-10bd-2a85a03a9e7b)
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
	 Link 12: 26.562 GB/s
	 Link 13: 26.562 GB/s
	 Link 14: 26.562 GB/s
	 Link 15: 26.562 GB/s
	 Link 16: 26.562 GB/s
	 Link 17: 26.562 GB/s
$ nvidia-smi --query-gpu=index,name,memory.total,power.limit,clocks.max.sm --format=csv
index, name, memory.total [MiB], power.limit [W], clocks.max.sm [MHz]
0, NVIDIA H100 80GB HBM3, 81559 MiB, 700.00 W, 1980 MHz
1, NVIDIA H100 80GB HBM3, 81559 MiB, 700.00 W, 1980 MHz
2, NVIDIA H100 80GB HBM3, 81559 MiB, 700.00 W, 1980 MHz
3, NVIDIA H100 80GB HBM3, 81559 MiB, 700.00 W, 1980 MHz
4, NVIDIA H100 80GB HBM3, 81559 MiB, 700.00 W, 1980 MHz
5, NVIDIA H100 80GB HBM3, 81559 MiB, 700.00 W, 1980 MHz
6, NVIDIA H100 80GB HBM3, 81559 MiB, 700.00 W, 1980 MHz
7, NVIDIA H100 80GB HBM3, 81559 MiB, 700.00 W, 1980 MHz
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
#  Rank  0 Group  0 Pid  39125 on     node01 device  0 [0000:1b:00] NVIDIA H100 80GB HBM3
#  Rank  1 Group  0 Pid  39125 on     node01 device  1 [0000:43:00] NVIDIA H100 80GB HBM3
#  Rank  2 Group  0 Pid  39125 on     node01 device  2 [0000:52:00] NVIDIA H100 80GB HBM3
#  Rank  3 Group  0 Pid  39125 on     node01 device  3 [0000:61:00] NVIDIA H100 80GB HBM3
#  Rank  4 Group  0 Pid  39125 on     node01 device  4 [0000:9d:00] NVIDIA H100 80GB HBM3
#  Rank  5 Group  0 Pid  39125 on     node01 device  5 [0000:c3:00] NVIDIA H100 80GB HBM3
#  Rank  6 Group  0 Pid  39125 on     node01 device  6 [0000:d1:00] NVIDIA H100 80GB HBM3
#  Rank  7 Group  0 Pid  39125 on     node01 device  7 [0000:df:00] NVIDIA H100 80GB HBM3
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)       
  1073741824     268435456     float     sum      -1   3943.0  272.32  476.56      0   3897.4  275.51  482.13      0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 479.346 
#

$ NCCL_ALGO=Ring mpirun -np 16 -H node01:8,node02:8 all_reduce_perf -b 1G -e 1G -g 1 | tail -n 5
  1073741824     268435456     float     sum      -1   5374.2  199.80  374.62      0   5511.5  194.82  365.29      0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 369.952 
#

$ grep elapsed train.log | tail -n 1
[2026-06-01 10:01:06] iteration     1040/  534057 | consumed samples:       66560 | elapsed time per iteration (ms): 1630.3 | throughput per GPU (TFLOP/s/GPU): 422.1 | tokens per second: 160797 | learning rate: 2.999972E-04 | global batch size:    64 | lm loss: 2.605342E+00 | batch wait (ms): 0.3 | loss scale: 1.0 | grad norm: 0.838 | number of skipped iterations:   0 | number of nan iterations:   0 |
$ nvidia-smi -q -i 0 | grep -A2 "^    Fabric"
    Fabric
        State                             : Completed
        Status                            : Success
$ nvidia-smi --query-gpu=index,fabric.state,fabric.status --format=csv -i 0
index, fabric.state, fabric.status
0, Completed, Success
