# lab: late-rank
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x H100 per node. You are on node01.

Lab late-rank: Late rank
The pre-training job 48213 on node01 and node02 (16 ranks, data parallel) has become slower:
steps take far longer than the 1.8 s they took last week, and no node has failed. Find which
rank holds the others back and what on its node makes it slow, then name the component.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ help nvidia-smi
nvidia-smi: NVIDIA System Management Interface: GPU state and counters
usage: nvidia-smi [-i ID] [-q [-d TYPE,...]] [-L]
       nvidia-smi --query-gpu=FIELD,... --format=csv[,noheader][,nounits] [-i ID] [-l SEC]
       nvidia-smi dmon [-s pucvmet] [-c COUNT] [-d SECONDS] [-i ID] [-o DT]
       nvidia-smi topo -m
       nvidia-smi nvlink -s | -e | -c | -p | -R [-i ID]
  (no flags)   the summary table of every GPU and its processes
  -i ID        GPU index (0-7), bus id or UUID; a comma-separated list
  -q           the full report; -d limits it to CLOCK, TEMPERATURE, PERFORMANCE, POWER, ECC,
               MEMORY, UTILIZATION, ROW_REMAPPER, PIDS
  -L           list the GPUs with their UUIDs
  --query-gpu  e.g. index,name,temperature.gpu,power.draw,clocks.sm,clocks.mem,
               utilization.gpu,memory.used,clocks_event_reasons.active,fabric.state;
               -l SEC repeats the query every SEC seconds (5 samples here)
  dmon         one line per GPU per sample (5 samples unless -c); groups p u c v m e t
  -pl W        set the power limit (watts) of the selected GPUs; -r -i ID resets a GPU
               (both as root: sudo nvidia-smi ...)
$ nvidia-smi
Sat Mar 14 09:00:02 2026       
+-----------------------------------------------------------------------------------------+
| NVIDIA-SMI 570.133.20             Driver Version: 570.133.20     CUDA Version: 12.8     |
|-----------------------------------------+------------------------+----------------------+
| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |
| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |
|                                         |                        |               MIG M. |
|=========================================+========================+======================|
|   0  NVIDIA H100 80GB HBM3          On  |   00000000:1B:00.0 Off |                    0 |
| N/A   61C    P0            682W /  700W |   69443MiB /  81559MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   1  NVIDIA H100 80GB HBM3          On  |   00000000:43:00.0 Off |                    0 |
| N/A   58C    P0            694W /  700W |   69085MiB /  81559MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   2  NVIDIA H100 80GB HBM3          On  |   00000000:52:00.0 Off |                    0 |
| N/A   61C    P0            691W /  700W |   71127MiB /  81559MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   3  NVIDIA H100 80GB HBM3          On  |   00000000:61:00.0 Off |                    0 |
| N/A   61C    P0            687W /  700W |   70251MiB /  81559MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   4  NVIDIA H100 80GB HBM3          On  |   00000000:9D:00.0 Off |                    0 |
| N/A   60C    P0            695W /  700W |   71096MiB /  81559MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   5  NVIDIA H100 80GB HBM3          On  |   00000000:C3:00.0 Off |                    0 |
| N/A   60C    P0            698W /  700W |   68708MiB /  81559MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   6  NVIDIA H100 80GB HBM3          On  |   00000000:D1:00.0 Off |                    0 |
| N/A   62C    P0            684W /  700W |   69266MiB /  81559MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+
|   7  NVIDIA H100 80GB HBM3          On  |   00000000:DF:00.0 Off |                    0 |
| N/A   60C    P0            695W /  700W |   68832MiB /  81559MiB |    100%      Default |
|                                         |                        |             Disabled |
+-----------------------------------------+------------------------+----------------------+

+-----------------------------------------------------------------------------------------+
| Processes:                                                                              |
|  GPU   GI   CI              PID   Type   Process name                        GPU Memory |
|        ID   ID                                                               Usage      |
|=========================================================================================|
|    0   N/A  N/A          383736      C   /usr/bin/python3                      68925MiB |
|    1   N/A  N/A          383737      C   /usr/bin/python3                      68567MiB |
|    2   N/A  N/A          383738      C   /usr/bin/python3                      70609MiB |
|    3   N/A  N/A          383739      C   /usr/bin/python3                      69733MiB |
|    4   N/A  N/A          383740      C   /usr/bin/python3                      70578MiB |
|    5   N/A  N/A          383741      C   /usr/bin/python3                      68190MiB |
|    6   N/A  N/A          383742      C   /usr/bin/python3                      68748MiB |
|    7   N/A  N/A          383743      C   /usr/bin/python3                      68314MiB |
+-----------------------------------------------------------------------------------------+
$ nvidia-smi -q -d CLOCK,TEMPERATURE,PERFORMANCE,POWER,ECC -i 0

==============NVSMI LOG==============

Timestamp                                 : Sat Mar 14 09:00:06 2026
Driver Version                            : 570.133.20
CUDA Version                              : 12.8

Attached GPUs                             : 8
GPU 00000000:1B:00.0
    Performance State                     : P0
    Clocks Event Reasons
        Idle                              : Not Active
        Applications Clocks Setting       : Not Active
        SW Power Cap                      : Not Active
        HW Slowdown                       : Not Active
            HW Thermal Slowdown           : Not Active
            HW Power Brake Slowdown       : Not Active
        Sync Boost                        : Not Active
        SW Thermal Slowdown               : Not Active
        Display Clock Setting             : Not Active
    Clocks Event Reasons Counters
        SW Power Capping                  : 3661124486 us
        Sync Boost                        : 0 us
        SW Thermal Slowdown               : 0 us
        HW Thermal Slowdown               : 0 us
        HW Power Braking                  : 0 us
    ECC Mode
        Current                           : Enabled
        Pending                           : Enabled
    ECC Errors
        Volatile
            SRAM Correctable              : 0
            SRAM Uncorrectable Parity     : 0
            SRAM Uncorrectable SEC-DED    : 0
            DRAM Correctable              : 0
            DRAM Uncorrectable            : 0
        Aggregate
            SRAM Correctable              : 0
            SRAM Uncorrectable Parity     : 0
            SRAM Uncorrectable SEC-DED    : 0
            DRAM Correctable              : 0
            DRAM Uncorrectable            : 0
            SRAM Threshold Exceeded       : No
    Remapped Rows
        Correctable Error                 : 0
        Uncorrectable Error               : 0
        Pending                           : No
        Remapping Failure Occurred        : No
        Bank Remap Availability Histogram
            Max                           : 2560 bank(s)
            High                          : 0 bank(s)
            Partial                       : 0 bank(s)
            Low                           : 0 bank(s)
            None                          : 0 bank(s)
    Temperature
        GPU Current Temp                  : 61 C
        GPU T.Limit Temp                  : 26 C
        GPU Shutdown Temp                 : 92 C
        GPU Slowdown Temp                 : 89 C
        GPU Max Operating Temp            : 87 C
        GPU Target Temperature            : N/A
        Memory Current Temp               : 68 C
        Memory Max Operating Temp         : 95 C
    GPU Power Readings
        Average Power Draw                : 688.89 W
        Instantaneous Power Draw          : 690.00 W
        Current Power Limit               : 700.00 W
        Requested Power Limit             : 700.00 W
        Default Power Limit               : 700.00 W
        Min Power Limit                   : 200.00 W
        Max Power Limit                   : 700.00 W
    Clocks
        Graphics                          : 1980 MHz
        SM                                : 1980 MHz
        Memory                            : 2619 MHz
        Video                             : 1545 MHz
    Applications Clocks
        Graphics                          : 1980 MHz
        Memory                            : 2619 MHz
    Default Applications Clocks
        Graphics                          : 1980 MHz
        Memory                            : 2619 MHz
    Max Clocks
        Graphics                          : 1980 MHz
        SM                                : 1980 MHz
        Memory                            : 2619 MHz
        Video                             : 1545 MHz

$ ssh node02 nvidia-smi -q -d PERFORMANCE,TEMPERATURE -i 5

==============NVSMI LOG==============

Timestamp                                 : Sat Mar 14 09:00:09 2026
Driver Version                            : 570.133.20
CUDA Version                              : 12.8

Attached GPUs                             : 8
GPU 00000000:C3:00.0
    Performance State                     : P0
    Clocks Event Reasons
        Idle                              : Not Active
        Applications Clocks Setting       : Not Active
        SW Power Cap                      : Not Active
        HW Slowdown                       : Active
            HW Thermal Slowdown           : Active
            HW Power Brake Slowdown       : Not Active
        Sync Boost                        : Not Active
        SW Thermal Slowdown               : Active
        Display Clock Setting             : Not Active
    Clocks Event Reasons Counters
        SW Power Capping                  : 0 us
        Sync Boost                        : 0 us
        SW Thermal Slowdown               : 5409283688 us
        HW Thermal Slowdown               : 5409283688 us
        HW Power Braking                  : 0 us
    Temperature
        GPU Current Temp                  : 90 C
        GPU T.Limit Temp                  : -3 C
        GPU Shutdown Temp                 : 92 C
        GPU Slowdown Temp                 : 89 C
        GPU Max Operating Temp            : 87 C
        GPU Target Temperature            : N/A
        Memory Current Temp               : 92 C
        Memory Max Operating Temp         : 95 C

$ nvidia-smi --query-gpu=index,name,temperature.gpu,clocks.sm,power.draw,power.limit,clocks_event_reasons.active --format=csv
index, name, temperature.gpu, clocks.current.sm [MHz], power.draw [W], power.limit [W], clocks_event_reasons.active
0, NVIDIA H100 80GB HBM3, 61, 1980 MHz, 681.72 W, 700.00 W, 0x0000000000000000
1, NVIDIA H100 80GB HBM3, 59, 1980 MHz, 683.05 W, 700.00 W, 0x0000000000000000
2, NVIDIA H100 80GB HBM3, 60, 1965 MHz, 696.29 W, 700.00 W, 0x0000000000000004
3, NVIDIA H100 80GB HBM3, 61, 1980 MHz, 686.52 W, 700.00 W, 0x0000000000000000
4, NVIDIA H100 80GB HBM3, 61, 1980 MHz, 681.75 W, 700.00 W, 0x0000000000000000
5, NVIDIA H100 80GB HBM3, 61, 1965 MHz, 697.98 W, 700.00 W, 0x0000000000000004
6, NVIDIA H100 80GB HBM3, 61, 1950 MHz, 694.18 W, 700.00 W, 0x0000000000000004
7, NVIDIA H100 80GB HBM3, 59, 1965 MHz, 695.85 W, 700.00 W, 0x0000000000000004
$ ssh node02 nvidia-smi --query-gpu=index,clocks.sm --format=csv,noheader,nounits
0, 1980
1, 1980
2, 1965
3, 1980
4, 1965
5, 1005
6, 1980
7, 1980
$ nvidia-smi --query-gpu=bogus --format=csv
Field "bogus" is not a valid field to query.

$ nvidia-smi dmon -c 2
# gpu    pwr  gtemp  mtemp     sm    mem    enc    dec    jpg    ofa   mclk   pclk 
# Idx      W      C      C      %      %      %      %      %      %    MHz    MHz 
    0    686     61     68    100     45      0      0      0      0   2619   1980 
    1    697     59     66    100     45      0      0      0      0   2619   1965 
    2    695     60     67    100     45      0      0      0      0   2619   1950 
    3    688     61     68    100     45      0      0      0      0   2619   1980 
    4    695     61     68    100     45      0      0      0      0   2619   1965 
    5    686     61     68    100     45      0      0      0      0   2619   1980 
    6    696     62     69    100     45      0      0      0      0   2619   1950 
    7    698     60     67    100     45      0      0      0      0   2619   1965 
    0    683     61     68    100     45      0      0      0      0   2619   1980 
    1    682     59     66    100     45      0      0      0      0   2619   1980 
    2    688     61     68    100     45      0      0      0      0   2619   1980 
    3    686     60     67    100     45      0      0      0      0   2619   1980 
    4    685     61     68    100     45      0      0      0      0   2619   1980 
    5    687     61     68    100     45      0      0      0      0   2619   1980 
    6    689     62     69    100     45      0      0      0      0   2619   1980 
    7    695     59     66    100     45      0      0      0      0   2619   1950 
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
GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-5485fcd8-2a68-c247-d862-a92eda10971e)
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
$ nvidia-smi nvlink -e -i 0
GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-5485fcd8-2a68-c247-d862-a92eda10971e)
	 Link 0: Replay Errors: 0
	 Link 0: Recovery Errors: 0
	 Link 0: CRC Errors: 0
	 Link 1: Replay Errors: 0
	 Link 1: Recovery Errors: 0
	 Link 1: CRC Errors: 0
	 Link 2: Replay Errors: 0
	 Link 2: Recovery Errors: 0
	 Link 2: CRC Errors: 0
	 Link 3: Replay Errors: 0
	 Link 3: Recovery Errors: 0
	 Link 3: CRC Errors: 0
	 Link 4: Replay Errors: 0
	 Link 4: Recovery Errors: 0
	 Link 4: CRC Errors: 0
	 Link 5: Replay Errors: 0
	 Link 5: Recovery Errors: 0
	 Link 5: CRC Errors: 0
	 Link 6: Replay Errors: 0
	 Link 6: Recovery Errors: 0
	 Link 6: CRC Errors: 0
	 Link 7: Replay Errors: 0
	 Link 7: Recovery Errors: 0
	 Link 7: CRC Errors: 0
	 Link 8: Replay Errors: 0
	 Link 8: Recovery Errors: 0
	 Link 8: CRC Errors: 0
	 Link 9: Replay Errors: 0
	 Link 9: Recovery Errors: 0
	 Link 9: CRC Errors: 0
	 Link 10: Replay Errors: 0
	 Link 10: Recovery Errors: 0
	 Link 10: CRC Errors: 0
	 Link 11: Replay Errors: 0
	 Link 11: Recovery Errors: 0
	 Link 11: CRC Errors: 0
	 Link 12: Replay Errors: 0
	 Link 12: Recovery Errors: 0
	 Link 12: CRC Errors: 0
	 Link 13: Replay Errors: 0
	 Link 13: Recovery Errors: 0
	 Link 13: CRC Errors: 0
	 Link 14: Replay Errors: 0
	 Link 14: Recovery Errors: 0
	 Link 14: CRC Errors: 0
	 Link 15: Replay Errors: 0
	 Link 15: Recovery Errors: 0
	 Link 15: CRC Errors: 0
	 Link 16: Replay Errors: 0
	 Link 16: Recovery Errors: 0
	 Link 16: CRC Errors: 0
	 Link 17: Replay Errors: 0
	 Link 17: Recovery Errors: 0
	 Link 17: CRC Errors: 0
$ nvidia-smi --bogus
Invalid combination of input arguments. Please run 'nvidia-smi -h' for help.
$ help dcgmi
dcgmi: NVIDIA DCGM: GPU diagnostics and field monitoring
usage: dcgmi diag -r 1|2|3
       dcgmi dmon -e FIELD_IDS [-i GPU_IDS] [-c COUNT] [-d DELAY_MS] | dcgmi dmon -l
  diag -r 1   deployment checks (seconds)
  diag -r 2   adds PCIe/NVLink integration and GPU memory (about 2 minutes)
  diag -r 3   adds the stress tests (about 15 minutes)
  dmon -e     e.g. 100,150,155,203,240,241 (SMCLK TMPTR POWER GPUTL PVIOL TVIOL); -l lists
$ dcgmi diag -r 1
Successfully ran diagnostic for group.
+---------------------------+------------------------------------------------+
| Diagnostic                | Result                                         |
+===========================+================================================+
|-----  Metadata  ----------+------------------------------------------------|
| DCGM Version              | 3.3.9                                          |
| Driver Version Detected   | 570.133.20                                     |
| GPU Device IDs Detected   | 2330,2330,2330,2330,2330,2330,2330,2330        |
|-----  Deployment  --------+------------------------------------------------|
| Denylist                  | Pass                                           |
| NVML Library              | Pass                                           |
| CUDA Main Library         | Pass                                           |
| Permissions and OS Blocks | Pass                                           |
| Persistence Mode          | Pass                                           |
| Environment Variables     | Pass                                           |
| Page Retirement/Row Remap | Pass                                           |
| Graphics Processes        | Pass                                           |
| Info                      | Compute processes are running on the GPUs (the |
|                           | training job); stress results may be skewed.   |
|                           | Drain the node for a clean run.                |
| Inforom                   | Pass                                           |
+---------------------------+------------------------------------------------+
$ ssh node02 dcgmi diag -r 2
Successfully ran diagnostic for group.
+---------------------------+------------------------------------------------+
| Diagnostic                | Result                                         |
+===========================+================================================+
|-----  Metadata  ----------+------------------------------------------------|
| DCGM Version              | 3.3.9                                          |
| Driver Version Detected   | 570.133.20                                     |
| GPU Device IDs Detected   | 2330,2330,2330,2330,2330,2330,2330,2330        |
|-----  Deployment  --------+------------------------------------------------|
| Denylist                  | Pass                                           |
| NVML Library              | Pass                                           |
| CUDA Main Library         | Pass                                           |
| Permissions and OS Blocks | Pass                                           |
| Persistence Mode          | Pass                                           |
| Environment Variables     | Pass                                           |
| Page Retirement/Row Remap | Pass                                           |
| Graphics Processes        | Pass                                           |
| Info                      | Compute processes are running on the GPUs (the |
|                           | training job); stress results may be skewed.   |
|                           | Drain the node for a clean run.                |
| Inforom                   | Pass                                           |
+-----  Integration  -------+------------------------------------------------+
| PCIe                      | Pass - All                                     |
+-----  Hardware  ----------+------------------------------------------------+
| GPU Memory                | Pass - All                                     |
+---------------------------+------------------------------------------------+
$ dcgmi dmon -e 100,150,155,203 -c 2
#Entity   SMCLK   TMPTR   POWER     GPUTL   
ID
GPU 0     1950    61      697.780   100     
GPU 1     1980    59      691.390   100     
GPU 2     1980    60      686.980   100     
GPU 3     1950    60      694.100   100     
GPU 4     1965    61      696.380   100     
GPU 5     1980    61      692.770   100     
GPU 6     1950    61      694.950   100     
GPU 7     1965    59      696.660   100     
GPU 0     1965    61      697.960   100     
GPU 1     1980    59      684.830   100     
GPU 2     1980    60      686.000   100     
GPU 3     1950    60      697.430   100     
GPU 4     1980    61      692.120   100     
GPU 5     1980    60      684.420   100     
GPU 6     1980    61      688.900   100     
GPU 7     1980    59      691.630   100     
$ dcgmi dmon -l | head -5
Long Name                                Short Name Field ID
sm_clock                                 SMCLK      100
memory_clock                             MMCLK      101
current_clock_throttle_reasons           DVCCTR     112
memory_temp                              MMTMP      140
$ dcgmi dmon
Error: Invalid arguments. Usage: dcgmi dmon [-l] [-e FIELD_IDS] [-i GPU_IDS] [-c COUNT] [-d DELAY_MS]
$ dcgmi diag -r 9
Error: Invalid test run level '9': use 1, 2 or 3 (short, medium, long).
$ dmesg | tail -5
[   14.100000] mlx5_core 0000:29:00.0 enp41s0f0np0: Link up
[   14.200000] mlx5_core 0000:29:00.1 enp41s0f1np1: Link up
[   14.600000] bond0: (slave enp41s0f0np0): Enslaving as a backup interface with an up link
[   14.700000] bond0: (slave enp41s0f1np1): Enslaving as a backup interface with an up link
[   15.000000] IPv6: ADDRCONF(NETDEV_CHANGE): bond0: link becomes ready
$ ssh node02 dmesg | grep -i xid
$ ssh node02 'dmesg | grep -i xid'
$ journalctl -k | tail -3
Mar 09 16:22:36 node01 kernel: bond0: (slave enp41s0f0np0): Enslaving as a backup interface with an up link
Mar 09 16:22:36 node01 kernel: bond0: (slave enp41s0f1np1): Enslaving as a backup interface with an up link
Mar 09 16:22:37 node01 kernel: IPv6: ADDRCONF(NETDEV_CHANGE): bond0: link becomes ready
$ help ipmitool
ipmitool: talk to a BMC: chassis power state and the system event log
usage: ipmitool [-I lanplus -H BMC -U USER -P PASSWORD] COMMAND
  chassis power status      what the BMC reports (on/off); also on, off, cycle, reset, soft
  chassis status            power state, last power event (ac-failed, command) and faults
  sel elist                 the system event log with sensor names and readings
  sel list | sel info       the log by sensor number; its size and last entry
  sdr type Temperature      sensor readings (inlet, CPUs, each GPU); also Fan, "Power Supply"
  sensor                    every sensor with its thresholds
  sol activate              the serial console (lanplus); dcmi power reading|get_limit
  Without -H the local BMC answers (as root: sudo ipmitool); BMCs: node01-bmc ...
$ sudo ipmitool chassis power status
Chassis Power is on
$ ipmitool -I lanplus -H node02-bmc -U admin -P admin chassis power status
Chassis Power is on
$ ipmitool -I lanplus -H node02-bmc -U admin -P admin sel elist
   1 | 03/08/2026 | 06:56:07 | System ACPI Power State ACPI State | S5/G2: soft-off | Asserted
   2 | 03/08/2026 | 06:56:42 | System ACPI Power State ACPI State | S0/G0: working | Asserted
   3 | 03/14/2026 | 07:30:00 | Temperature GPU5 Temp | Upper Critical going high | Asserted | Reading 90 > Threshold 87 degrees C
$ sudo ipmitool bogus
Invalid command: bogus
$ squeue
             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)
             48213     train pretrain     user  R    3:15:44      2 node[01-02]
$ squeue -u user
             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)
             48213     train pretrain     user  R    3:15:47      2 node[01-02]
