# lab: after-maintenance
Training Infrastructure Handbook: cluster emulator
Cluster trn: 4 nodes (node01-node04), 8 x A100 per node. You are on node01.

Lab after-maintenance: After maintenance
Since last week's maintenance of the rack (cables re-routed, nodes rebooted), the 6.7B
pre-training job 71230 on node01-node04 (32 ranks) takes about 1.47 s a step instead of
1.34 s, and its all-grads-sync timer has doubled. Every node passes its single-node tests.
The fabric team will fix it, but they want one port: which node and HCA, what is wrong
with it, and where its cable goes on the switch. Find it and name it.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ timeline
Step timeline of job 71230 (pretrain-6b): 32 ranks on 4 nodes, steps 12397 to 12399,
  from 2026-09-15 16:09:55 UTC. One column is 100 ms; every phase of at least 1% of its
  step is at least one column wide.

node (ranks)    |12397         |12398         |12399        
node01 (0-7)    FFFFBBBBBBBBAAOFFFFBBBBBBBBAAOFFFFBBBBBBBAAO
node02 (8-15)   FFFFBBBBBBBBAAOFFFFBBBBBBBBAAOFFFFBBBBBBBAAO
node03 (16-23)  FFFFBBBBBBBBAAOFFFFBBBBBBBBAAOFFFFBBBBBBBAAO
node04 (24-31)  FFFFBBBBBBBBAAOFFFFBBBBBBBBAAOFFFFBBBBBBBAAO

I input wait  F forward  B backward  . waiting for the last rank
A all-reduce transfer  O optimizer
Each node's row shows its rank that arrived last in that step.

Where the ranks' time went: input wait under 1%, forward 26%, backward 53%, waiting for
  the last rank under 1%, all-reduce transfer 18%, optimizer 2%.
Step 12397, 1478 ms: the ranks arrive within 13.4 ms of each other. Critical path: the
  last rank waits 0.59 ms for its batch, computes forward in 393.1 ms and backward in
  786.1 ms; then the all-reduce transfers in 273.5 ms and the optimizer takes 25.0 ms.
Step 12398, 1479 ms: the ranks arrive within 13.3 ms of each other. Critical path: the
  last rank waits 0.50 ms for its batch, computes forward in 393.2 ms and backward in
  786.5 ms; then the all-reduce transfers in 273.5 ms and the optimizer takes 25.0 ms.
Step 12399, 1478 ms: the ranks arrive within 13.6 ms of each other. Critical path: the
  last rank waits 0.70 ms for its batch, computes forward in 393.0 ms and backward in
  786.0 ms; then the all-reduce transfers in 273.2 ms and the optimizer takes 25.0 ms.
