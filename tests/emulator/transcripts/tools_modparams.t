# lab: input-wait
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x H100 per node. You are on node01.

Lab input-wait: Input wait
The vision-language job 51877 (16 ranks on node01 and node02) has slowed down since early
afternoon: its steps take longer, and the GPUs show gaps of low use between steps. Nothing
changed in the job. Find where the training loop waits, follow that wait to what causes it,
and name the cause.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ modinfo -p nvidia_peermem
peerdirect_support:Set level of support for Peer-direct, 0 [default] or 1 [legacy, for example MLNX_OFED 4.9 LTS] (int)
persistent_api_support:Set level of support for persistent APIs, 0 [legacy] or 1 [default] (int)
$ modinfo -p mlx5_core
debug_mask:debug mask: 1 = dump cmd data, 2 = dump cmd exec time, 3 = both. Default=0 (uint)
prof_sel:profile selector. Valid range 0 - 2 (uint)
$ modinfo -p nvidia | head -3
NVreg_ResmanDebugLevel: (int)
NVreg_RmLogonRC: (int)
NVreg_ModifyDeviceFiles: (int)
$ modinfo -p nvidia | wc -l
46
$ modinfo -p lustre
modinfo lustre: not simulated here; modinfo -p nvidia, nvidia_peermem or mlx5_core lists their parameters
$ modinfo -p foo
modinfo: ERROR: Module foo not found.
$ modinfo
modinfo: ERROR: missing module or filename.
$ ls /sys/module/nvidia_peermem
coresize  holders/  initstate  parameters/  refcnt  srcversion  taint
$ ls /sys/module/nvidia_peermem/parameters
peerdirect_support  persistent_api_support
$ cat /sys/module/nvidia_peermem/parameters/*
0
1
$ cat /sys/module/mlx5_core/parameters/prof_sel
2
$ ls /sys/module/nvidia
coresize  holders/  initstate  refcnt  srcversion  taint
$ ls /sys/kernel/mm/memory_peers
nv_mem/
$ sudo modprobe nvidia_peermem persistent_api_support=0
$ cat /sys/module/nvidia_peermem/parameters/persistent_api_support
1
$ sudo modprobe -r nvidia_peermem
$ sudo modprobe nvidia_peermem persistent_api_support=2; echo "exit $?"
modprobe: ERROR: could not insert 'nvidia_peermem': Invalid argument
exit 1
$ lsmod | grep -c peermem
0
$ sudo modprobe nvidia_peermem peerdirect_support=x; echo "exit $?"
modprobe: ERROR: could not insert 'nvidia_peermem': Invalid argument
exit 1
$ sudo modprobe -v nvidia_peermem persistent-api-support=0 bogus=1; echo "exit $?"
insmod /lib/modules/6.8.0-60-generic/updates/dkms/nvidia-peermem.ko persistent-api-support=0 bogus=1
exit 0
$ sudo modprobe -r nvidia_peermem; sudo modprobe -v nvidia_peermem persistent-api-support=0 bogus=1; echo "exit $?"
insmod /lib/modules/6.8.0-60-generic/updates/dkms/nvidia-peermem.ko persistent-api-support=0 bogus=1
exit 0
$ cat /sys/module/nvidia_peermem/parameters/persistent_api_support
0
$ ls /sys/kernel/mm/memory_peers
nv_mem/  nv_mem_nc/
$ cat /sys/kernel/mm/memory_peers/nv_mem_nc/version
570.133.20
$ modprobe nvidia_peermem peerdirect_support=1; echo "exit $?"
exit 0
$ sudo modprobe -r nvidia_peermem; sudo modprobe nvidia_peermem
$ cat /sys/module/nvidia_peermem/parameters/persistent_api_support
1
$ ls /sys/kernel/mm/memory_peers
nv_mem/
