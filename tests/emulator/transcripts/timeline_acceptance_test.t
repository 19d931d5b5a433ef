# lab: acceptance-test
Training Infrastructure Handbook: cluster emulator
Cluster v100: 2 nodes (node01-node02), 8 x V100 per node. You are on node01.

Lab acceptance-test: A failed acceptance test
node02, a DGX-1 (8 x V100), is back from a repair and fails its acceptance test: all_reduce_perf
on its 8 GPUs reaches about 99 GB/s bus bandwidth where node01, its twin, reaches about 119.
The vendor's report says "NVLink OK". Find what inside node02 costs the bandwidth and name the
component.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ timeline
timeline: no training job runs on this cluster
$ squeue
             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)
