# scenario: tests/emulator/fixtures/kinds.yaml
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x H100 per node. You are on node01.

No lab is started: `lab list` shows the labs, `lab start ID` opens one.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ tail -q -n 1 logs/rank-0*.log | cut -d' ' -f2,7,8,9
rank=00 compute_ms=3103.3 allreduce_enter_ms=3103.9 allreduce_wait_ms=542.5
rank=01 compute_ms=3087.7 allreduce_enter_ms=3087.8 allreduce_wait_ms=558.5
rank=02 compute_ms=3096.9 allreduce_enter_ms=3097.2 allreduce_wait_ms=549.1
rank=03 compute_ms=3094.2 allreduce_enter_ms=3094.7 allreduce_wait_ms=551.6
rank=04 compute_ms=3086.7 allreduce_enter_ms=3087.1 allreduce_wait_ms=559.2
rank=05 compute_ms=3645.9 allreduce_enter_ms=3646.3 allreduce_wait_ms=0.0
rank=06 compute_ms=3090.7 allreduce_enter_ms=3091.2 allreduce_wait_ms=555.2
rank=07 compute_ms=3084.5 allreduce_enter_ms=3084.9 allreduce_wait_ms=561.5
rank=08 compute_ms=3074.3 allreduce_enter_ms=3074.5 allreduce_wait_ms=571.9
rank=09 compute_ms=3089.7 allreduce_enter_ms=3090.2 allreduce_wait_ms=556.2
$ nvidia-smi --query-gpu=index,clocks.sm,temperature.gpu,clocks_event_reasons.active --format=csv -i 5
index, clocks.current.sm [MHz], temperature.gpu, clocks_event_reasons.active
5, 1980 MHz, 59, 0x0000000000000000
$ dcgmproftester12 --no-dcgm-validation -t 1004 -d 2
Skipping CreateDcgmGroups() since DCGM validation is disabled
Worker 0:0[1004]: TensorEngineActive: target max, dcgm 0.145
Worker 0:1[1004]: TensorEngineActive: target max, dcgm 0.145
Worker 0:2[1004]: TensorEngineActive: target max, dcgm 0.145
Worker 0:3[1004]: TensorEngineActive: target max, dcgm 0.146
Worker 0:4[1004]: TensorEngineActive: target max, dcgm 0.146
Worker 0:5[1004]: TensorEngineActive: target max, dcgm 0.124
Worker 0:6[1004]: TensorEngineActive: target max, dcgm 0.145
Worker 0:7[1004]: TensorEngineActive: target max, dcgm 0.146
Worker 0:0[1004]: TensorEngineActive: target max, dcgm 0.471
Worker 0:1[1004]: TensorEngineActive: target max, dcgm 0.469
Worker 0:2[1004]: TensorEngineActive: target max, dcgm 0.471
Worker 0:3[1004]: TensorEngineActive: target max, dcgm 0.469
Worker 0:4[1004]: TensorEngineActive: target max, dcgm 0.471
Worker 0:5[1004]: TensorEngineActive: target max, dcgm 0.400
Worker 0:6[1004]: TensorEngineActive: target max, dcgm 0.472
Worker 0:7[1004]: TensorEngineActive: target max, dcgm 0.470
$ ssh node02 lspci -vvv -s 40:00.0 | grep -E 'LnkCap|LnkSta'
		LnkCap:	Port #0, Speed 32GT/s, Width x16, ASPM not supported
		LnkSta:	Speed 32GT/s, Width x8 (downgraded)
$ ssh node02 cat /sys/bus/pci/devices/0000:40:00.0/current_link_width /sys/bus/pci/devices/0000:40:00.0/max_link_width
8
16
$ lfs df -h /lustre
UUID                             bytes        Used   Available Use% Mounted on
lustrefs-MDT0000_UUID            1.3T      187.8G        1.1T  14% /lustre[MDT:0]
lustrefs-OST0000_UUID          109.1T       67.8T       41.4T  63% /lustre[OST:0]
lustrefs-OST0001_UUID          109.1T       68.2T       41.0T  63% /lustre[OST:1]
lustrefs-OST0002_UUID          109.1T      109.1T        0.0K 100% /lustre[OST:2]
lustrefs-OST0003_UUID          109.1T       68.2T       41.0T  63% /lustre[OST:3]

filesystem_summary:            436.6T      313.2T      123.3T  72% /lustre
$ df -h /lustre
Filesystem                 Size  Used Avail Use% Mounted on
10.0.0.251@o2ib:/lustrefs  437T  314T  124T  72% /lustre
$ df -i
Filesystem                     Inodes      IUsed      IFree IUse% Mounted on
tmpfs                        52836531         78   52836453    0% /run
/dev/sda2                   106811523    4730225  102081299    5% /
tmpfs                       264182656     256348  263926308    1% /dev/shm
/dev/sda1                       32764         95      32669    1% /boot/efi
10.0.0.5:/export/data        42915344   28610229   14305115   67% /data
10.0.0.251@o2ib:/lustrefs   703125000   98437500  604687500   14% /lustre
$ lfs getstripe -d /lustre
stripe_count:  -1 stripe_size:   1048576 pattern:       raid0 stripe_offset: -1
$ grep 'No space' train.log | tail -n 1 | cut -c1-120
[2026-06-05 11:59:25] [rank0]: checkpoint save failed: OSError: [Errno 28] No space left on device: '/lustre/iter_000099
$ sudo lfs setstripe -c 1 /lustre
$ lfs getstripe -d /lustre
stripe_count:  1 stripe_size:   1048576 pattern:       raid0 stripe_offset: -1
$ sleep 300
$ grep checkpoint train.log | tail -n 3 | cut -c1-120
[2026-06-05 12:03:46] saving checkpoint at iteration    1050 to /lustre
[2026-06-05 12:04:19]   successfully saved checkpoint from iteration    1050 to /lustre
    save-checkpoint ................................: (32666.25, 32666.67)
$ nfsiostat 1 /data | head -8

10.0.0.5:/export/data mounted on /data:

           ops/s       rpc bklog
          10.841           0.000

read:              ops/s            kB/s           kB/op         retrans    avg RTT (ms)    avg exe (ms)  avg queue (ms)          errors
                  10.560          42.238           4.000        0 (0.0%)           0.503           0.503           0.000        0 (0.0%)
$ nvidia-smi topo -p2p r
 	GPU0	GPU1	GPU2	GPU3	GPU4	GPU5	GPU6	GPU7	
 GPU0	X	OK	OK	OK	OK	OK	OK	OK	
 GPU1	OK	X	OK	OK	OK	OK	OK	OK	
 GPU2	OK	OK	X	NS	OK	OK	OK	OK	
 GPU3	OK	OK	NS	X	OK	OK	OK	OK	
 GPU4	OK	OK	OK	OK	X	OK	OK	OK	
 GPU5	OK	OK	OK	OK	OK	X	OK	OK	
 GPU6	OK	OK	OK	OK	OK	OK	X	OK	
 GPU7	OK	OK	OK	OK	OK	OK	OK	X	

Legend:

  X    = Self
  OK   = Status Ok
  CNS  = Chipset not supported
  GNS  = GPU not supported
  TNS  = Topology not supported
  NS   = Not supported
  U    = Unknown
$ nvbandwidth -t device_to_device_memcpy_read_ce | grep -A4 'memcpy CE'
memcpy CE GPU(row) -> GPU(column) bandwidth (GB/s)
           0         1         2         3         4         5         6         7
 0       N/A    378.40    377.68    377.94    378.00    377.54    377.14    377.38
 1    377.72       N/A    377.64    377.78    377.00    377.82    377.45    377.16
 2    377.19    377.97       N/A     37.19    377.88    377.57    378.00    378.16
$ ssh node02 ibstatus mlx5_4 | grep -E 'rate'
	rate:		 200 Gb/sec (2X NDR)
$ ssh node02 perfquery -x 118 1 | grep -E 'LinkErrorRecovery|LinkDowned|SymbolError'
SymbolErrorCounter:..............41
LinkErrorRecoveryCounter:........3
LinkDownedCounter:...............1
$ ssh node02 perfquery -x 120 1 | grep -E 'LinkErrorRecovery|LinkDowned|SymbolError'
SymbolErrorCounter:..............0
LinkErrorRecoveryCounter:........0
LinkDownedCounter:...............0
$ ibtracert 100 116
From ca {0xa088c203bd05dbf7} portnum 1 lid 100-100 "node01 mlx5_0"
[1] -> switch port {0x23079507de99edf3}[1] lid 1000-1000 "r0-leaf01"
[2] -> ca port {0xa088c203299ea05c}[1] lid 116-116 "node02 mlx5_0"
To ca {0xa088c203299ea05c} portnum 1 lid 116-116 "node02 mlx5_0"
$ dcgmi nvlink -e -g 0 | head -8
+-----------------------------+------------------------------------------------+
| GPU ID: 0                   | NVLINK Error Counts                            |
+-----------------------------+------------------------------------------------+
| Link 0                      | CRC FLIT Error              => 0               |
| Link 0                      | CRC Data Error              => 0               |
| Link 0                      | Replay Error                => 0               |
| Link 0                      | Recovery Error              => 0               |
| Link 1                      | CRC FLIT Error              => 0               |
$ dcgmi nvlink -s | head -6
+----------------------+
|  NvLink Link Status  |
+----------------------+
GPUs:
    gpuId 0:
        U U U U U U U U U U U U U U U U U U
$ lscpu | head -12
Architecture:            x86_64
  CPU op-mode(s):        32-bit, 64-bit
  Address sizes:         46 bits physical, 57 bits virtual
  Byte Order:            Little Endian
CPU(s):                  224
  On-line CPU(s) list:   0-223
Vendor ID:               GenuineIntel
  Model name:            Intel(R) Xeon(R) Platinum 8480C
    Thread(s) per core:  2
    Core(s) per socket:  56
    Socket(s):           2
Virtualization features:
$ iblinkinfo | head -n 3
Switch: 0x23079507de99edf3 r0-leaf01:
        1000    1[  ] ==( 4X        106.25 Gbps Active/  LinkUp)==>     100    1[  ] "node01 mlx5_0" ( )
        1000    2[  ] ==( 4X        106.25 Gbps Active/  LinkUp)==>     116    1[  ] "node02 mlx5_0" ( )
$ iblinkinfo | grep -E "2X|Down"
        1002    2[  ] ==( 2X        106.25 Gbps Active/  LinkUp)==>     118    1[  ] "node02 mlx5_4" (Could be 4X )
        1004    2[  ] ==( 2X        106.25 Gbps Active/  LinkUp)==>     120    1[  ] "node02 mlx5_6" (Could be 4X )
$ nvidia-smi nvlink -gt d -i 0 -l 0
GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-b8166a19-1a54-86a4-cb58-a64b4847cf4d)
	 Link 0: Data Tx: 4552544488 KiB
	 Link 0: Data Rx: 4551046792 KiB
$ sleep 30
$ nvidia-smi nvlink -gt d -i 0 -l 0
GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-b8166a19-1a54-86a4-cb58-a64b4847cf4d)
	 Link 0: Data Tx: 4565836589 KiB
	 Link 0: Data Rx: 4564334520 KiB
$ dcgmi dmon -e 1011,1012 -c 1 -i 0
#Entity   NVLTX           NVLRX           
ID
GPU 0     6385407527      6282106683      
$ nvbandwidth -t 4 | head -18
nvbandwidth Version: v0.8
Built from Git version: v0.8

CUDA Runtime Version: 12080
CUDA Driver Version: 12080
Driver Version: 570.133.20

node01
Device 0: NVIDIA H100 80GB HBM3 (00000000:1b:00)
Device 1: NVIDIA H100 80GB HBM3 (00000000:43:00)
Device 2: NVIDIA H100 80GB HBM3 (00000000:52:00)
Device 3: NVIDIA H100 80GB HBM3 (00000000:61:00)
Device 4: NVIDIA H100 80GB HBM3 (00000000:9d:00)
Device 5: NVIDIA H100 80GB HBM3 (00000000:c3:00)
Device 6: NVIDIA H100 80GB HBM3 (00000000:d1:00)
Device 7: NVIDIA H100 80GB HBM3 (00000000:df:00)

Running device_to_device_memcpy_read_ce.
$ nvbandwidth -t device_to_device_bidirectional_memcpy_read_ce | tail -4

NOTE: The reported results may not reflect the full capabilities of the platform.
Performance can vary with software drivers, hardware clocks, and system topology.

$ nvbandwidth -l
nvbandwidth Version: v0.8
Built from Git version: v0.8

Index, Name:
	Description
=======================
0, host_to_device_memcpy_ce:
	Host to device CE memcpy using cuMemcpyAsync

1, device_to_host_memcpy_ce:
	Device to host CE memcpy using cuMemcpyAsync

2, host_to_device_bidirectional_memcpy_ce:
	A host to device copy is measured while a device to host copy is run simultaneously.
	Only the host to device copy bandwidth is reported.

3, device_to_host_bidirectional_memcpy_ce:
	A device to host copy is measured while a host to device copy is run simultaneously.
	Only the device to host copy bandwidth is reported.

4, device_to_device_memcpy_read_ce:
	Measures bandwidth of cuMemcpyAsync between each pair of accessible peers.
	Read tests launch a copy from the peer device to the target using the target's context.

5, device_to_device_memcpy_write_ce:
	Measures bandwidth of cuMemcpyAsync between each pair of accessible peers.
	Write tests launch a copy from the target device to the peer using the target's context.

6, device_to_device_bidirectional_memcpy_read_ce:
	Measures bandwidth of cuMemcpyAsync between each pair of accessible peers.
	A copy in the opposite direction of the measured copy is run simultaneously but not measured.
	Read tests launch a copy from the peer device to the target using the target's context.

7, device_to_device_bidirectional_memcpy_write_ce:
	Measures bandwidth of cuMemcpyAsync between each pair of accessible peers.
	A copy in the opposite direction of the measured copy is run simultaneously but not measured.
	Write tests launch a copy from the target device to the peer using the target's context.

8, all_to_host_memcpy_ce:
	Measures bandwidth of cuMemcpyAsync between a single device and the host while simultaneously
	running copies from all other devices to the host.

9, all_to_host_bidirectional_memcpy_ce:
	A device to host copy is measured while a host to device copy is run simultaneously.
	Only the device to host copy bandwidth is reported.
	All other devices generate simultaneous host to device and device to host interferring traffic.

10, host_to_all_memcpy_ce:
	Measures bandwidth of cuMemcpyAsync between the host to a single device while simultaneously
	running copies from the host to all other devices.

11, host_to_all_bidirectional_memcpy_ce:
	A host to device copy is measured while a device to host copy is run simultaneously.
	Only the host to device copy bandwidth is reported.
	All other devices generate simultaneous host to device and device to host interferring traffic.

12, all_to_one_write_ce:
	Measures the total bandwidth of copies from all accessible peers to a single device, for each
	device. Bandwidth is reported as the total inbound bandwidth for each device.
	Write tests launch a copy from the target device to the peer using the target's context.

13, all_to_one_read_ce:
	Measures the total bandwidth of copies from all accessible peers to a single device, for each
	device. Bandwidth is reported as the total outbound bandwidth for each device.
	Read tests launch a copy from the peer device to the target using the target's context.

14, one_to_all_write_ce:
	Measures the total bandwidth of copies from a single device to all accessible peers, for each
	device. Bandwidth is reported as the total outbound bandwidth for each device.
	Write tests launch a copy from the target device to the peer using the target's context.

15, one_to_all_read_ce:
	Measures the total bandwidth of copies from a single device to all accessible peers, for each
	device. Bandwidth is reported as the total inbound bandwidth for each device.
	Read tests launch a copy from the peer device to the target using the target's context.

16, host_to_device_memcpy_sm:
	Host to device SM memcpy using a copy kernel

17, device_to_host_memcpy_sm:
	Device to host SM memcpy using a copy kernel

18, host_to_device_bidirectional_memcpy_sm:
	A host to device copy is measured while a device to host copy is run simultaneously.
	Only the host to device copy bandwidth is reported.

19, device_to_host_bidirectional_memcpy_sm:
	A device to host copy is measured while a host to device copy is run simultaneously.
	Only the device to host copy bandwidth is reported.

20, device_to_device_memcpy_read_sm:
	Measures bandwidth of a copy kernel between each pair of accessible peers.
	Read tests launch a copy from the peer device to the target using the target's context.

21, device_to_device_memcpy_write_sm:
	Measures bandwidth of a copy kernel between each pair of accessible peers.
	Write tests launch a copy from the target device to the peer using the target's context.

22, device_to_device_bidirectional_memcpy_read_sm:
	Measures bandwidth of a copy kernel between each pair of accessible peers. Copies are run
	in both directions between each pair, and the sum is reported.
	Read tests launch a copy from the peer device to the target using the target's context.

23, device_to_device_bidirectional_memcpy_write_sm:
	Measures bandwidth of a copy kernel between each pair of accessible peers. Copies are run
	in both directions between each pair, and the sum is reported.
	Write tests launch a copy from the target device to the peer using the target's context.

24, all_to_host_memcpy_sm:
	Measures bandwidth of a copy kernel between a single device and the host while simultaneously
	running copies from all other devices to the host.

25, all_to_host_bidirectional_memcpy_sm:
	A device to host bandwidth of a copy kernel is measured while a host to device copy is run simultaneously.
	Only the device to host copy bandwidth is reported.
	All other devices generate simultaneous host to device and device to host interferring traffic using copy kernels.

26, host_to_all_memcpy_sm:
	Measures bandwidth of a copy kernel between the host to a single device while simultaneously
	running copies from the host to all other devices.

27, host_to_all_bidirectional_memcpy_sm:
	A host to device bandwidth of a copy kernel is measured while a device to host copy is run simultaneously.
	Only the host to device copy bandwidth is reported.
	All other devices generate simultaneous host to device and device to host interferring traffic using copy kernels.

28, all_to_one_write_sm:
	Measures the total bandwidth of copies from all accessible peers to a single device, for each
	device. Bandwidth is reported as the total inbound bandwidth for each device.
	Write tests launch a copy from the target device to the peer using the target's context.

29, all_to_one_read_sm:
	Measures the total bandwidth of copies from all accessible peers to a single device, for each
	device. Bandwidth is reported as the total outbound bandwidth for each device.
	Read tests launch a copy from the peer device to the target using the target's context.

30, one_to_all_write_sm:
	Measures the total bandwidth of copies from a single device to all accessible peers, for each
	device. Bandwidth is reported as the total outbound bandwidth for each device.
	Write tests launch a copy from the target device to the peer using the target's context.

31, one_to_all_read_sm:
	Measures the total bandwidth of copies from a single device to all accessible peers, for each
	device. Bandwidth is reported as the total inbound bandwidth for each device.
	Read tests launch a copy from the peer device to the target using the target's context.

32, host_device_latency_sm:
	Host - device access latency using a pointer chase kernel
	A 2MB buffer is allocated on the host and is accessed by the GPU

33, device_to_device_latency_sm:
	Measures latency of a pointer derefernce operation between each pair of accessible peers.
	A 2MB buffer is allocated on a GPU and is accessed by the peer GPU to determine latency.
	--bufferSize flag is ignored

34, device_local_copy:
	Measures bandwidth of cuMemcpyAsync between device buffers local to the GPU.


$ nvbandwidth -t foo | tail -n 4
ERROR: Testcase foo not found!
NOTE: The reported results may not reflect the full capabilities of the platform.
Performance can vary with software drivers, hardware clocks, and system topology.

