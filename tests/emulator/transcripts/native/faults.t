# scenario: tests/emulator/fixtures/faults.yaml
Training Infrastructure Handbook: cluster emulator
Cluster trn: 4 nodes (node01-node04), 8 x H100 per node. You are on node01.

Lab faults: Fault gallery
Several things are wrong at once on this cluster; this scenario exists so the golden
transcripts show how each fault kind looks in the tools.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ dmesg | grep -i xid
[170383.000000] NVRM: Xid (PCI:0000:52:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x00000000000a3f20) marked for remapping, reset gpu to activate.
[171163.000000] NVRM: Xid (PCI:0000:61:00): 79, pid=262402, name=python3, GPU has fallen off the bus.
$ journalctl -k | grep -i -E 'xid|nvrm' | tail -3
Apr 21 07:43:00 node01 kernel: NVRM: GPU at PCI:0000:61:00: GPU-89400ec8-eee3-949d-8890-56ba910f1bb6
Apr 21 07:43:00 node01 kernel: NVRM: GPU Board Serial Number: 1657294602433
Apr 21 07:43:00 node01 kernel: NVRM: Xid (PCI:0000:61:00): 79, pid=262402, name=python3, GPU has fallen off the bus.
$ nvidia-smi -q -d ECC -i 2 | grep -E 'DRAM|Pending'
        Pending                           : Enabled
            DRAM Correctable              : 12
            DRAM Uncorrectable            : 3
            DRAM Correctable              : 12
            DRAM Uncorrectable            : 3
        Pending                           : Yes
$ nvidia-smi -q -d ECC -i 2 | grep -A 4 'Remapped Rows'
    Remapped Rows
        Correctable Error                 : 0
        Uncorrectable Error               : 2
        Pending                           : Yes
        Remapping Failure Occurred        : No
$ nvidia-smi --query-gpu=index,clocks.sm,utilization.gpu --format=csv
index, clocks.current.sm [MHz], utilization.gpu [%]
0, 1980 MHz, 100 %
1, 1980 MHz, 100 %
2, 1980 MHz, 100 %
Unable to determine the device handle for GPU0000:61:00.0: Unknown Error
4, 1965 MHz, 100 %
5, 1965 MHz, 100 %
6, 1980 MHz, 100 %
7, 1980 MHz, 100 %
$ nvidia-smi --query-gpu=index,ecc.errors.uncorrected.volatile.total --format=csv
index, ecc.errors.uncorrected.volatile.total
0, 0
1, 0
2, 3
Unable to determine the device handle for GPU0000:61:00.0: Unknown Error
4, 0
5, 0
6, 0
7, 0
$ dcgmi diag -r 2
Successfully ran diagnostic for group.
+---------------------------+------------------------------------------------+
| Diagnostic                | Result                                         |
+===========================+================================================+
|-----  Metadata  ----------+------------------------------------------------|
| DCGM Version              | 3.3.9                                          |
| Driver Version Detected   | 570.133.20                                     |
| GPU Device IDs Detected   | 2330,2330,2330,2330,2330,2330,2330             |
|-----  Deployment  --------+------------------------------------------------|
| Denylist                  | Pass                                           |
| NVML Library              | Fail - GPU: 3                                  |
| Warning                   | GPU 3 (00000000:61:00.0) cannot be reached: it |
|                           | fell off the bus (Xid 79). Drain the node and  |
|                           | power-cycle it.                                |
| CUDA Main Library         | Pass                                           |
| Permissions and OS Blocks | Pass                                           |
| Persistence Mode          | Pass                                           |
| Environment Variables     | Pass                                           |
| Page Retirement/Row Remap | Fail - GPU: 2                                  |
| Warning                   | GPU 2 has a row remapping pending; reset the   |
|                           | GPU (drain the node) to apply it.              |
| Graphics Processes        | Pass                                           |
| Info                      | Compute processes are running on the GPUs (the |
|                           | training job); stress results may be skewed.   |
|                           | Drain the node for a clean run.                |
| Inforom                   | Pass                                           |
+-----  Integration  -------+------------------------------------------------+
| PCIe                      | Pass - All                                     |
+-----  Hardware  ----------+------------------------------------------------+
| GPU Memory                | Fail - GPU: 2                                  |
| Warning                   | GPU 2 reported 3 uncorrectable DRAM ECC        |
|                           | errors.                                        |
+---------------------------+------------------------------------------------+
$ ssh node02 nvidia-smi nvlink -s -i 1 | grep -v 'GB/s'
GPU 1: NVIDIA H100 80GB HBM3 (UUID: GPU-18d82b51-80a2-c5f1-4186-ed66f2e1ab00)
	 Link 4: <inactive>
$ ssh node02 nvidia-smi topo -m | head -3
	GPU0	GPU1	GPU2	GPU3	GPU4	GPU5	GPU6	GPU7	NIC0	NIC1	NIC2	NIC3	NIC4	NIC5	NIC6	NIC7	NIC8	NIC9	CPU Affinity	NUMA Affinity	GPU NUMA ID
GPU0	 X 	NV17	NV18	NV18	NV18	NV18	NV18	NV18	PIX	NODE	NODE	NODE	NODE	NODE	SYS	SYS	SYS	SYS	0-55,112-167	0		N/A
GPU1	NV17	 X 	NV17	NV17	NV17	NV17	NV17	NV17	NODE	NODE	NODE	PIX	NODE	NODE	SYS	SYS	SYS	SYS	0-55,112-167	0		N/A
$ ssh node02 nvidia-smi nvlink -e -i 6 | grep 'Link 2:'
	 Link 2: Replay Errors: 1973
	 Link 2: Recovery Errors: 5
	 Link 2: CRC Errors: 111
$ ssh node02 nvidia-smi nvlink -e -i 6 | grep 'Link 2:'
	 Link 2: Replay Errors: 1987
	 Link 2: Recovery Errors: 5
	 Link 2: CRC Errors: 111
$ ssh node02 nvidia-smi -q -d POWER,PERFORMANCE -i 0 | grep -E 'SW Power Cap|Current Power Limit|Default Power Limit'
        SW Power Cap                      : Active
        SW Power Capping                  : 780000000 us
        Current Power Limit               : 450.00 W
        Default Power Limit               : 700.00 W
$ ssh node02 nvidia-smi --query-gpu=index,clocks.sm,power.draw,power.limit --format=csv,noheader
0, 1590 MHz, 448.98 W, 450.00 W
1, 1980 MHz, 688.98 W, 700.00 W
2, 1965 MHz, 697.00 W, 700.00 W
3, 1980 MHz, 684.15 W, 700.00 W
4, 1980 MHz, 682.26 W, 700.00 W
5, 1980 MHz, 686.12 W, 700.00 W
6, 1980 MHz, 685.10 W, 700.00 W
7, 1980 MHz, 681.89 W, 700.00 W
$ ipmitool -I lanplus -H node02-bmc -U admin -P admin sel elist
   1 | 04/16/2026 | 07:38:28 | System ACPI Power State ACPI State | S5/G2: soft-off | Asserted
   2 | 04/16/2026 | 07:39:03 | System ACPI Power State ACPI State | S0/G0: working | Asserted
   3 | 04/21/2026 | 07:30:00 | Fan FAN2 | Lower Non-critical going low | Asserted | Reading 1200 < Threshold 1500 RPM
$ ssh node04 nvidia-smi --query-gpu=index,clocks.sm,clocks_event_reasons.active --format=csv | tail -2
6, 1980 MHz, 0x0000000000000000
7, 390 MHz, 0x0000000000000088
$ ipmitool -I lanplus -H node04-bmc -U admin -P admin sel elist
   1 | 04/18/2026 | 13:34:58 | System ACPI Power State ACPI State | S5/G2: soft-off | Asserted
   2 | 04/18/2026 | 13:35:33 | System ACPI Power State ACPI State | S0/G0: working | Asserted
   3 | 04/21/2026 | 07:30:00 | Power Supply PS3 Status | Failure detected | Asserted
   4 | 04/21/2026 | 07:30:01 | Power Unit PSU Redundancy | Redundancy Lost | Asserted
$ ssh node03 ibstat mlx5_5
CA 'mlx5_5'
	CA type: MT4129
	Number of ports: 1
	Firmware version: 28.41.1000
	Hardware version: 0
	Node GUID: 0xa088c20359966e07
	System image GUID: 0xa088c20359966e07
	Port 1:
		State: Down
		Physical state: Polling
		Rate: 10
		Base lid: 135
		LMC: 0
		SM lid: 1
		Capability mask: 0xa751e848
		Port GUID: 0xa088c20359966e07
		Link layer: InfiniBand
$ ssh node03 'dmesg | grep -i -E "mlx5_5|link down"'
[492481.200000] mlx5_core 0000:5e:00.0 ibp94s0: Link down
$ ssh node03 perfquery -C mlx5_0 | grep -E 'SymbolError|PortRcvErrors'
SymbolErrorCounter:..............868
PortRcvErrors:...................96
$ ssh node03 perfquery -C mlx5_0 | grep -E 'SymbolError|PortRcvErrors'
SymbolErrorCounter:..............870
PortRcvErrors:...................96
$ ipmitool -I lanplus -H node03-bmc -U admin -P admin chassis power status
Error: Unable to establish IPMI v2 / RMCP+ session
$ df -h /checkpoints
Filesystem             Size  Used Avail Use% Mounted on
10.0.0.6:/export/ckpt   91T   91T     0 100% /checkpoints
$ mpirun -np 16 -H node01:8,node02:8 all_reduce_perf -b 1G -e 1G -g 1 | tail -4
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 364.14 
#

$ ssh node02 all_reduce_perf -b 1G -e 1G -g 8 | tail -4
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 362.801 
#

