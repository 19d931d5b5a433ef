# lab: slower-on-some-nodes
# healthy: yes
Training Infrastructure Handbook: cluster emulator
Cluster trn: 8 nodes (node01-node08), 8 x H100 per node. You are on node01.

Lab slower-on-some-nodes: Slower on some nodes
The 7B job 61017 (32 ranks on node01, node02, node03 and node07) steps in about 600 ms. The
same job with the same settings ran at about 530 ms last week on node01, node02, node05 and
node06. Nothing failed, every port is up and no error counter moves. Find why this allocation
is slower and name the component responsible. node04, node05, node06 and node08 are idle and
free for tests.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ timeline
Step timeline of job 61017 (pretrain-7b): 32 ranks on 4 nodes, steps 8657 to 8659, from
  2026-06-03 16:09:58 UTC. One column is 50 ms; every phase of at least 1% of its step
  is at least one column wide.

node (ranks)    |8657      |8658     |8659      
node01 (0-7)    FFFBBBBBBAOFFFBBBBBAOFFFBBBBBBAO
node02 (8-15)   FFFBBBBBBAOFFFBBBBBAOFFFBBBBBBAO
node03 (16-23)  FFFBBBBBBAOFFFBBBBBAOFFFBBBBBBAO
node07 (24-31)  FFFBBBBBBAOFFFBBBBBAOFFFBBBBBBAO

I input wait  F forward  B backward  . waiting for the last rank
A all-reduce transfer  O optimizer
Each node's row shows its rank that arrived last in that step.

Where the ranks' time went: input wait under 1%, forward 27%, backward 54%, waiting for
  the last rank under 1%, all-reduce transfer 13%, optimizer 5%.
Step 8657, 533.4 ms: the ranks arrive within 4.99 ms of each other. Critical path: the
  last rank waits 0.41 ms for its batch, computes forward in 145.7 ms and backward in
  291.4 ms; then the all-reduce transfers in 70.9 ms and the optimizer takes 25.0 ms.
Step 8658, 533.6 ms: the ranks arrive within 5.23 ms of each other. Critical path: the
  last rank waits 0.65 ms for its batch, computes forward in 145.8 ms and backward in
  291.6 ms; then the all-reduce transfers in 70.6 ms and the optimizer takes 25.0 ms.
Step 8659, 533.9 ms: the ranks arrive within 5.03 ms of each other. Critical path: the
  last rank waits 0.34 ms for its batch, computes forward in 145.8 ms and backward in
  291.6 ms; then the all-reduce transfers in 71.2 ms and the optimizer takes 25.0 ms.
