# lab: late-rank
# healthy: yes
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x H100 per node. You are on node01.

Lab late-rank: Late rank
The pre-training job 48213 on node01 and node02 (16 ranks, data parallel) has become slower:
steps take far longer than the 1.8 s they took last week, and no node has failed. Find which
rank holds the others back and what on its node makes it slow, then name the component.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ timeline
Step timeline of job 48213 (pretrain-7b): 16 ranks on 2 nodes, steps 5227 to 5229, from
  2026-03-14 08:59:54 UTC. One column is 100 ms; every phase of at least 1% of its step
  is at least one column wide.

rank node:gpu   |5227             |5228              |5229             
   0 node01:0   FFFFFBBBBBBBBBBBAOFFFFFFBBBBBBBBBBBAOFFFFFBBBBBBBBBBBAO
   1 node01:1   FFFFFBBBBBBBBBBBAOFFFFFFBBBBBBBBBBBAOFFFFFBBBBBBBBBBBAO
   2 node01:2   FFFFFBBBBBBBBBBBAOFFFFFFBBBBBBBBBBBAOFFFFFBBBBBBBBBBBAO
   3 node01:3   FFFFFBBBBBBBBBBBAOFFFFFFBBBBBBBBBBBAOFFFFFBBBBBBBBBBBAO
   4 node01:4   FFFFFBBBBBBBBBBBAOFFFFFFBBBBBBBBBBBAOFFFFFBBBBBBBBBBBAO
   5 node01:5   FFFFFBBBBBBBBBBBAOFFFFFFBBBBBBBBBBBAOFFFFFBBBBBBBBBBBAO
   6 node01:6   FFFFFBBBBBBBBBBBAOFFFFFFBBBBBBBBBBBAOFFFFFBBBBBBBBBBBAO
   7 node01:7   FFFFFBBBBBBBBBBBAOFFFFFFBBBBBBBBBBBAOFFFFFBBBBBBBBBBBAO
   8 node02:0   FFFFFBBBBBBBBBBBAOFFFFFFBBBBBBBBBBBAOFFFFFBBBBBBBBBBBAO
   9 node02:1   FFFFFBBBBBBBBBBBAOFFFFFFBBBBBBBBBBBAOFFFFFBBBBBBBBBBBAO
  10 node02:2   FFFFFBBBBBBBBBBBAOFFFFFFBBBBBBBBBBBAOFFFFFBBBBBBBBBBBAO
  11 node02:3   FFFFFBBBBBBBBBBBAOFFFFFFBBBBBBBBBBBAOFFFFFBBBBBBBBBBBAO
  12 node02:4   FFFFFBBBBBBBBBB.AOFFFFFFBBBBBBBBBBBAOFFFFFBBBBBBBBBBBAO
  13 node02:5   FFFFFBBBBBBBBBBBAOFFFFFFBBBBBBBBBBBAOFFFFFBBBBBBBBBBBAO
  14 node02:6   FFFFFBBBBBBBBBBBAOFFFFFFBBBBBBBBBBBAOFFFFFBBBBBBBBBBBAO
  15 node02:7   FFFFFBBBBBBBBBBBAOFFFFFFBBBBBBBBBB.AOFFFFFBBBBBBBBBBBAO

I input wait  F forward  B backward  . waiting for the last rank
A all-reduce transfer  O optimizer

Where the ranks' time went: input wait under 1%, forward 32%, backward 64%, waiting for
  the last rank 1%, all-reduce transfer 3%, optimizer 1%.
Step 5227, 1826 ms: the ranks arrive within 19.6 ms of each other. Critical path: the
  last rank waits 0.64 ms for its batch, computes forward in 582.9 ms and backward in
  1166 ms; then the all-reduce transfers in 51.4 ms and the optimizer takes 25.0 ms.
Step 5228, 1826 ms: the ranks arrive within 18.7 ms of each other. Critical path: the
  last rank waits 0.17 ms for its batch, computes forward in 583.0 ms and backward in
  1166 ms; then the all-reduce transfers in 51.6 ms and the optimizer takes 25.0 ms.
Step 5229, 1827 ms: the ranks arrive within 17.3 ms of each other. Critical path: the
  last rank waits 0.39 ms for its batch, computes forward in 583.3 ms and backward in
  1167 ms; then the all-reduce transfers in 51.5 ms and the optimizer takes 25.0 ms.
