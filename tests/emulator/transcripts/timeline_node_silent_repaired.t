# lab: node-silent
Training Infrastructure Handbook: cluster emulator
Cluster trn: 4 nodes (node01-node04), 8 x H100 per node. You are on node01.

Lab node-silent: A silent node
The 13B pre-training job 73344 on node01-node04 ended 35 minutes ago, and node03 no longer
answers ssh. Before anyone drives to the data centre: find out through node03's BMC
(node03-bmc, user admin, password admin) what happened to it and name it. Then bring node03
back, keep it out of the scheduler until the hardware is dealt with, and show that it is up.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ timeline
Step timeline of job 73344 (pretrain-13b): 32 ranks on 4 nodes, steps 26892 to 26894,
  from 2026-10-02 05:49:57 UTC. One column is 100 ms; every phase of at least 1% of its
  step is at least one column wide; ~ marks a stretch drawn shorter than it lasted.

node (ranks)    |26892    |26893   |26894     299 s~
node01 (0-7)    FFFBBBBBAOFFBBBBBAOFFFBBBBBB........
node02 (8-15)   FFFBBBBBAOFFBBBBBAOFFFBBBBBB........
node03 (16-23)  FFFBBBBBAOFFBBBBBAOFFXXXXXXXXXXXXXXX
node04 (24-31)  FFFBBBBBAOFFBBBBBAOFFFBBBBBB........

I input wait  F forward  B backward  . waiting for the last rank
A all-reduce transfer  O optimizer  X no progress
Each node's row shows its rank that arrived last in that step.

Where the ranks' time went: input wait under 1%, forward under 1%, backward under 1%,
  waiting for the last rank 74%, all-reduce transfer under 1%, optimizer under 1%, no
  progress 25%.
Step 26892, 969.9 ms: the ranks arrive within 9.47 ms of each other. Critical path: the
  last rank waits 0.65 ms for its batch, computes forward in 270.7 ms and backward in
  541.4 ms; then the all-reduce transfers in 132.1 ms and the optimizer takes 25.0 ms.
Step 26893, 968.2 ms: the ranks arrive within 9.34 ms of each other. Critical path: the
  last rank waits 0.45 ms for its batch, computes forward in 270.7 ms and backward in
  541.5 ms; then the all-reduce transfers in 130.5 ms and the optimizer takes 25.0 ms.
Step 26894 stopped the run: one node's ranks stop 214.0 ms into the step; the other
  ranks wait in the all-reduce, 300 s after that, until Slurm's node failure (the host
  stopped answering) ends the job at 05:55:00 UTC.
$ sudo scontrol update nodename=node03 state=drain reason="DIMM P2-DIMMB1 uncorrectable ECC"
$ ipmitool -I lanplus -H node03-bmc -U admin -P admin chassis power cycle
Chassis Power Control: Cycle
$ sleep 300
$ ssh node03 uptime
 06:35:12 up 0 min,  0 users,  load average: 0.02, 0.02, 0.02

The repair is in place and verified, but the lab is not solved yet: it also needs the diagnosis. Name the cause with `answer`.
$ timeline
Step timeline of job 73344 (pretrain-13b): 32 ranks on 4 nodes, steps 26892 to 26894,
  from 2026-10-02 05:49:57 UTC. One column is 100 ms; every phase of at least 1% of its
  step is at least one column wide; ~ marks a stretch drawn shorter than it lasted.

node (ranks)    |26892    |26893   |26894     299 s~
node01 (0-7)    FFFBBBBBAOFFBBBBBAOFFFBBBBBB........
node02 (8-15)   FFFBBBBBAOFFBBBBBAOFFFBBBBBB........
node03 (16-23)  FFFBBBBBAOFFBBBBBAOFFXXXXXXXXXXXXXXX
node04 (24-31)  FFFBBBBBAOFFBBBBBAOFFFBBBBBB........

I input wait  F forward  B backward  . waiting for the last rank
A all-reduce transfer  O optimizer  X no progress
Each node's row shows its rank that arrived last in that step.

Where the ranks' time went: input wait under 1%, forward under 1%, backward under 1%,
  waiting for the last rank 74%, all-reduce transfer under 1%, optimizer under 1%, no
  progress 25%.
Step 26892, 969.9 ms: the ranks arrive within 9.47 ms of each other. Critical path: the
  last rank waits 0.65 ms for its batch, computes forward in 270.7 ms and backward in
  541.4 ms; then the all-reduce transfers in 132.1 ms and the optimizer takes 25.0 ms.
Step 26893, 968.2 ms: the ranks arrive within 9.34 ms of each other. Critical path: the
  last rank waits 0.45 ms for its batch, computes forward in 270.7 ms and backward in
  541.5 ms; then the all-reduce transfers in 130.5 ms and the optimizer takes 25.0 ms.
Step 26894 stopped the run: one node's ranks stop 214.0 ms into the step; the other
  ranks wait in the all-reduce, 300 s after that, until Slurm's node failure (the host
  stopped answering) ends the job at 05:55:00 UTC.
