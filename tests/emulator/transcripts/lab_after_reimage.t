# lab: after-reimage
Training Infrastructure Handbook: cluster emulator
Cluster trn: 4 nodes (node01-node04), 8 x H100 per node. You are on node01.

Lab after-reimage: A check after a reimage
The weekly fabric check of the training partition, all_reduce_perf on all 32 GPUs of node01 to
node04 (mpirun -np 32 -H node01:8,node02:8,node03:8,node04:8 all_reduce_perf -b 1G -e 4G -f 2
-g 1), used to report about 370 GB/s bus bandwidth. This morning, after a node of the
partition was reimaged overnight, it reports under 200. Find why, name the component, then
repair it and show the check back at its usual figure.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ goal
Lab after-reimage: A check after a reimage

The weekly fabric check of the training partition, all_reduce_perf on all 32 GPUs of node01 to
node04 (mpirun -np 32 -H node01:8,node02:8,node03:8,node04:8 all_reduce_perf -b 1G -e 4G -f 2
-g 1), used to report about 370 GB/s bus bandwidth. This morning, after a node of the
partition was reimaged overnight, it reports under 200. Find why, name the component, then
repair it and show the check back at its usual figure.

The lab is solved by both the diagnosis and the repair: name the cause with answer COMPONENT (e.g. answer node01 NCCL falling back to sockets), then repair it and show that it works. `hint` gives a hint.
$ mpirun -np 32 -H node01:8,node02:8,node03:8,node04:8 all_reduce_perf -b 1G -e 4G -f 2 -g 1 | tail -n 3
# Avg bus bandwidth    : 198.099 
#

$ mpirun -np 32 -H node01:8,node02:8,node03:8,node04:8 -x NCCL_DEBUG=INFO all_reduce_perf -b 1G -e 1G -g 1 | grep -E "Using network|Channel 00/0 .*NET"
node01:53772:53772 [0] NCCL INFO Using network IB
node02:24986:24986 [0] NCCL INFO Using network IB
node03:21395:21395 [0] NCCL INFO Using network IB
node04:1838:1838 [0] NCCL INFO Using network IB
node01:53772:53772 [0] NCCL INFO Channel 00/0 : 24[0] -> 0[0] [receive] via NET/IB/0/GDRDMA
node01:62046:62046 [7] NCCL INFO Channel 00/0 : 7[7] -> 15[7] [send] via NET/IB/9/GDRDMA
node02:24986:24986 [0] NCCL INFO Channel 00/0 : 8[0] -> 16[0] [send] via NET/IB/0/GDRDMA
node02:36183:36183 [7] NCCL INFO Channel 00/0 : 7[7] -> 15[7] [receive] via NET/IB/9/GDRDMA
node03:21395:21395 [0] NCCL INFO Channel 00/0 : 8[0] -> 16[0] [receive] via NET/IB/0
node03:82565:82565 [7] NCCL INFO Channel 00/0 : 23[7] -> 31[7] [send] via NET/IB/9
node04:1838:1838 [0] NCCL INFO Channel 00/0 : 24[0] -> 0[0] [send] via NET/IB/0/GDRDMA
node04:5482:5482 [7] NCCL INFO Channel 00/0 : 23[7] -> 31[7] [receive] via NET/IB/9/GDRDMA
$ mpirun -np 16 -H node01:8,node02:8 all_reduce_perf -b 1G -e 4G -f 2 -g 1 | tail -n 3
# Avg bus bandwidth    : 505.891 
#

$ mpirun -np 16 -H node03:8,node04:8 all_reduce_perf -b 1G -e 4G -f 2 -g 1 | tail -n 3
# Avg bus bandwidth    : 266.952 
#

$ ssh node03 ibstat mlx5_0 | grep -E "State|Rate"
		State: Active
		Rate: 400
$ ssh node03 lsmod | grep -c peermem ; lsmod | grep peermem
0
nvidia_peermem         16384  0
nvidia              89579520  19 nvidia_uvm,nvidia_peermem,nvidia_modeset
ib_uverbs             176128  3 nvidia_peermem,rdma_ucm,mlx5_ib
$ answer node03 nvidia_peermem not loaded, no GPUDirect RDMA
Right: node03 nvidia_peermem not loaded, no GPUDirect RDMA. That is the cause.

Now repair it and show that it works again. Changes on a node need root there (sudo). The lab is solved when the 32-GPU check, run again with mpirun, reads near 370 GB/s.
$ ssh node03 sudo modprobe nvidia_peermem
$ mpirun -np 32 -H node01:8,node02:8,node03:8,node04:8 all_reduce_perf -b 1G -e 4G -f 2 -g 1 | tail -n 3
# Avg bus bandwidth    : 364.894 
#

Fixed and verified: node03 uses GPUDirect RDMA again and the 4-node check is back at its usual bus bandwidth. Lab after-reimage solved in 10 commands (the worked solution takes 7), 0 of 3 hints.

NCCL moves data between a GPU and its NIC directly (GPUDirect RDMA, /GDRDMA in the NCCL_DEBUG=INFO
channel lines) only when the kernel lets the NIC's driver map GPU memory: the nvidia_peermem
module. The reimage of node03 left it out, so node03's ranks still use InfiniBand but stage
every send and receive through host memory (via NET/IB/N without /GDRDMA), and every ring that
crosses node03 slows to that pace. Pairwise checks show it: node01 with node02 reach full
bandwidth, any pair with node03 does not. modprobe nvidia_peermem fixes it for the next NCCL
communicator (a running job keeps the transport it chose at init, so restart it), and the
node image should load the module at boot (/etc/modules-load.d) so the next reimage does not
lose it again.

Read next: Networking: NCCL (/reference/networking/nccl/)
$ lab
Lab:            after-reimage (A check after a reimage)
Status:         solved
Hints used:     0 of 3
Answers tried:  1
Commands:       11 (the worked solution takes 7)
Simulated time: 2026-05-12 07:32:26 UTC (2 min 26 s into the lab)
Diagnosis:      named
Fix:            verified
Solved when:    both: the diagnosis named and the fix verified
