# lab: multi-node-slowdown
Training Infrastructure Handbook: cluster emulator
Cluster trn: 4 nodes (node01-node04), 8 x H100 per node. You are on node01.

Lab multi-node-slowdown: Multi-node slowdown
The 13B pre-training job 50102 runs on node01-node04 (32 ranks). A single-node test run was
as fast as ever, but on four nodes the steps are slower than the same job ran last month,
and the all-grads-sync timer in the step log has about doubled. Find what slows
communication between nodes and name the component.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ ssh node03 perfquery | grep -E 'Port counters|LinkDowned|LinkErrorRecovery'
# Port counters: Lid 132 port 1 (CapMask: 0x5A00)
LinkErrorRecoveryCounter:........0
LinkDownedCounter:...............0
$ ssh node03 perfquery -x -C mlx5_4 -P 1 | grep -E 'Port extended|LinkDowned|LinkErrorRecovery'
# Port extended counters: Lid 134 port 1 (CapMask: 0x5A00)
LinkErrorRecoveryCounter:........3
LinkDownedCounter:...............1
$ ssh node03 dmesg | grep mlx5_core | grep -i link
[   14.100000] mlx5_core 0000:29:00.0 enp41s0f0np0: Link up
[   14.200000] mlx5_core 0000:29:00.1 enp41s0f1np1: Link up
[486181.000000] mlx5_core 0000:4f:00.0 ibp79s0: Link down
[486188.400000] mlx5_core 0000:4f:00.0 ibp79s0: Link up
$ ssh node03 dmesg -l warn
[    9.400000] nvidia: loading out-of-tree module taints kernel.
[486181.000000] mlx5_core 0000:4f:00.0 ibp79s0: Link down
$ ssh node01 dmesg | grep -c ibp79s0
0
$ ibstat mlx5_1 | grep -E "CA type|Firmware"
	CA type: MT4125
	Firmware version: 22.39.1002
$ ibv_devinfo -d mlx5_1 | grep -E 'fw_ver|vendor_part_id|board_id'
	fw_ver:				22.39.1002
	vendor_part_id:			4125
	board_id:			MT_0000000359
$ lspci | grep 29:00
29:00.0 Ethernet controller: Mellanox Technologies MT2892 Family [ConnectX-6 Dx]
29:00.1 Ethernet controller: Mellanox Technologies MT2892 Family [ConnectX-6 Dx]
$ ibstat mlx5_4 | grep -E "CA type|Firmware"
	CA type: MT4129
	Firmware version: 28.41.1000
$ lspci | grep 4f:00
4f:00.0 Infiniband controller: Mellanox Technologies MT2910 Family [ConnectX-7]
