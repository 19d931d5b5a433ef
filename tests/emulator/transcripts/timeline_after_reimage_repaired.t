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
$ timeline
timeline: no training job runs on this cluster
$ squeue
             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)
$ ssh node03 sudo modprobe nvidia_peermem
$ timeline
timeline: no training job runs on this cluster
