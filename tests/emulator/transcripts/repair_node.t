# scenario: tests/emulator/fixtures/repair_node.yaml
Training Infrastructure Handbook: cluster emulator
Cluster trn: 3 nodes (node01-node03), 8 x H100 per node. You are on node01.

No lab is started: `lab list` shows the labs, `lab start ID` opens one.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ srun --jobid=68000 --overlap -N 2 -w node[01-02] --ntasks-per-node=8 all_reduce_perf -b 4G -e 4G -g 1 | grep -E '^ +[0-9]'
  4294967296    1073741824     float     sum      -1    29840  143.93  269.88      0    29547  145.36  272.55      0
$ ssh node02 lsmod | grep peermem
$ ls /sys/kernel/mm/memory_peers
nv_mem/
$ ssh node02 ls /sys/kernel/mm/memory_peers
ls: cannot access '/sys/kernel/mm/memory_peers': No such file or directory
$ sudo modprobe nvidia_peermem
$ srun --jobid=68000 --overlap -N 2 -w node[01-02] --ntasks-per-node=8 all_reduce_perf -b 4G -e 4G -g 1 | grep -E '^ +[0-9]'
  4294967296    1073741824     float     sum      -1    30311  141.70  265.68      0    29858  143.85  269.71      0
$ ssh node02 sudo modprobe nvidia_peermem
$ ssh node02 lsmod | grep peermem
nvidia_peermem         16384  0
nvidia              89579520  83 nvidia_uvm,nvidia_peermem,nvidia_modeset
ib_uverbs             176128  3 nvidia_peermem,rdma_ucm,mlx5_ib
$ ssh node02 ls /sys/kernel/mm/memory_peers
nv_mem/
$ srun --jobid=68000 --overlap -N 2 -w node[01-02] --ntasks-per-node=8 all_reduce_perf -b 4G -e 4G -g 1 | grep -E '^ +[0-9]'
  4294967296    1073741824     float     sum      -1    29562  145.29  272.41      0    29891  143.69  269.41      0
$ lspci -vvv | grep -E '^[0-9a-f]|ACSCtl' | grep -B1 'ReqRedir+' | head -4
3f:00.0 PCI bridge: Broadcom / LSI PEX890xx PCIe Gen 5 Switch (rev b0)
		ACSCtl:	SrcValid+ TransBlk- ReqRedir+ CmpltRedir+ UpstreamFwd+ EgressCtrl- DirectTrans-
3f:01.0 PCI bridge: Broadcom / LSI PEX890xx PCIe Gen 5 Switch (rev b0)
		ACSCtl:	SrcValid+ TransBlk- ReqRedir+ CmpltRedir+ UpstreamFwd+ EgressCtrl- DirectTrans-
$ sudo setpci -s 3f:00.0 ECAP_ACS+0x6.w
001d
$ sudo setpci -s 3f:00.0 ECAP_ACS+0x6.w=0000
$ sudo setpci -s 3f:00.0 ECAP_ACS+0x6.w
0000
$ lspci -vvv -s 3f:00.0 | grep ACSCtl
		ACSCtl:	SrcValid- TransBlk- ReqRedir- CmpltRedir- UpstreamFwd- EgressCtrl- DirectTrans-
$ sudo setpci -s 1b:00.0 ECAP_ACS+0x6.w
setpci: Capability ECAP_ACS not found
$ srun --jobid=68000 --overlap -N 2 -w node[01-02] --ntasks-per-node=8 all_reduce_perf -b 4G -e 4G -g 1 | grep -E '^ +[0-9]'
  4294967296    1073741824     float     sum      -1    20951  205.00  384.37      0    21017  204.36  383.17      0
$ nvidia-smi --query-gpu=index,power.limit,clocks.sm,clocks_event_reasons.active --format=csv -i 4
index, power.limit [W], clocks.current.sm [MHz], clocks_event_reasons.active
4, 450.00 W, 1650 MHz, 0x0000000000000004
$ sudo nvidia-smi -pl 800 -i 4
Provided power limit 800.00 W is not a valid power limit which should be between 200.00 W and 700.00 W for GPU 00000000:9D:00.0
Terminating early due to previous errors.
$ sudo nvidia-smi -pl 700 -i 4
Power limit for GPU 00000000:9D:00.0 was set to 700.00 W from 450.00 W.
All done.
$ sleep 30
$ nvidia-smi --query-gpu=index,power.limit,clocks.sm,clocks_event_reasons.active --format=csv -i 4
index, power.limit [W], clocks.current.sm [MHz], clocks_event_reasons.active
4, 700.00 W, 1980 MHz, 0x0000000000000000
$ srun --jobid=68000 --overlap -N 2 -w node[01-02] --ntasks-per-node=8 all_reduce_perf -b 4G -e 4G -g 1 | grep -E '^ +[0-9]'
  4294967296    1073741824     float     sum      -1    15526  276.64  518.70      0    15564  275.96  517.43      0
$ ssh node03 nvidia-smi --query-gpu=index,temperature.gpu,clocks.sm,power.limit,clocks_event_reasons.active --format=csv -i 6
index, temperature.gpu, clocks.current.sm [MHz], power.limit [W], clocks_event_reasons.active
6, 91, 1005 MHz, 700.00 W, 0x0000000000000068
$ ssh node03 sudo nvidia-smi -pl 700 -i 6
Power limit for GPU 00000000:D1:00.0 was set to 700.00 W from 700.00 W.
All done.
$ ssh node03 sudo nvidia-smi -pl 500 -i 6
Power limit for GPU 00000000:D1:00.0 was set to 500.00 W from 700.00 W.
All done.
$ sleep 30
$ ssh node03 nvidia-smi --query-gpu=index,temperature.gpu,clocks.sm,power.limit,clocks_event_reasons.active --format=csv -i 6
index, temperature.gpu, clocks.current.sm [MHz], power.limit [W], clocks_event_reasons.active
6, 91, 975 MHz, 500.00 W, 0x0000000000000068
$ ssh node02 nvidia-smi -q -d ROW_REMAPPER -i 1 | grep Pending
        Pending                           : Yes
$ ssh node02 sudo nvidia-smi -r -i 1
GPU 00000000:43:00.0 is currently in use by another process.

1 device is currently being used by one or more other processes (e.g., Fabric Manager, CUDA application, graphics application such as an X server, or a monitoring application such as another instance of nvidia-smi). Please first kill all processes using this device and all compute applications running in the system.
$ scancel 68000
$ sleep 30
$ ssh node02 sudo nvidia-smi -r -i 1
GPU 00000000:43:00.0 was successfully reset.
All done.
$ ssh node02 nvidia-smi -q -d ROW_REMAPPER -i 1 | grep -E 'Pending|Uncorrectable'
        Uncorrectable Error               : 1
        Pending                           : No
