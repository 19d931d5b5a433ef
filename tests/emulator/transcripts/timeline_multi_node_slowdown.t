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
$ timeline
Step timeline of job 50102 (pretrain-13b): 32 ranks on 4 nodes, steps 4559 to 4561, from
  2026-04-21 07:44:56 UTC. One column is 100 ms; every phase of at least 1% of its step
  is at least one column wide.

node (ranks)    |4559      |4560      |4561      
node01 (0-7)    FFFBBBBBAAOFFFBBBBBAAOFFFBBBBBAAO
node02 (8-15)   FFFBBBBBAAOFFFBBBBBAAOFFFBBBBBAAO
node03 (16-23)  FFFBBBBBAAOFFFBBBBBAAOFFFBBBBBAAO
node04 (24-31)  FFFBBBBBAAOFFFBBBBBAAOFFFBBBBBAAO

I input wait  F forward  B backward  . waiting for the last rank
A all-reduce transfer  O optimizer
Each node's row shows its rank that arrived last in that step.

Where the ranks' time went: input wait under 1%, forward 24%, backward 48%, waiting for
  the last rank under 1%, all-reduce transfer 24%, optimizer 4%.
Step 4559, 1118 ms: the ranks arrive within 9.54 ms of each other. Critical path: the
  last rank waits 0.49 ms for its batch, computes forward in 270.8 ms and backward in
  541.5 ms; then the all-reduce transfers in 264.8 ms and the optimizer takes 40.0 ms.
Step 4560, 1114 ms: the ranks arrive within 9.39 ms of each other. Critical path: the
  last rank waits 0.53 ms for its batch, computes forward in 270.8 ms and backward in
  541.6 ms; then the all-reduce transfers in 261.3 ms and the optimizer takes 40.0 ms.
Step 4561, 1113 ms: the ranks arrive within 8.86 ms of each other. Critical path: the
  last rank waits 0.43 ms for its batch, computes forward in 270.6 ms and backward in
  541.3 ms; then the all-reduce transfers in 260.6 ms and the optimizer takes 40.0 ms.
