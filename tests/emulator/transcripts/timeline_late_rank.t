# lab: late-rank
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
  2026-03-14 08:59:49 UTC. One column is 200 ms; every phase of at least 1% of its step
  is at least one column wide.

rank node:gpu   |5227             |5228             |5229              
   0 node01:0   FFFBBBBB........AOFFFBBBBB........AOFFFBBBBBB........AO
   1 node01:1   FFFBBBBB........AOFFFBBBBB........AOFFFBBBBBB........AO
   2 node01:2   FFFBBBBB........AOFFFBBBBB........AOFFFBBBBBB........AO
   3 node01:3   FFFBBBBB........AOFFFBBBBB........AOFFFBBBBBB........AO
   4 node01:4   FFFBBBBB........AOFFFBBBBB........AOFFFBBBBBB........AO
   5 node01:5   FFFBBBBB........AOFFFBBBBB........AOFFFBBBBBB........AO
   6 node01:6   FFFBBBBB........AOFFFBBBBB........AOFFFBBBBBB........AO
   7 node01:7   FFFBBBBB........AOFFFBBBBB........AOFFFBBBBBB........AO
   8 node02:0   FFFBBBBB........AOFFFBBBBB........AOFFFBBBBBB........AO
   9 node02:1   FFFBBBBB........AOFFFBBBBB........AOFFFBBBBBB........AO
  10 node02:2   FFFBBBBB........AOFFFBBBBB........AOFFFBBBBBB........AO
  11 node02:3   FFFBBBBB........AOFFFBBBBB........AOFFFBBBBBB........AO
  12 node02:4   FFFBBBBB........AOFFFBBBBB........AOFFFBBBBBB........AO
  13 node02:5   FFFFFBBBBBBBBBBBAOFFFFFBBBBBBBBBBBAOFFFFFFBBBBBBBBBBBAO
  14 node02:6   FFFBBBBB........AOFFFBBBBB........AOFFFBBBBBB........AO
  15 node02:7   FFFBBBBB........AOFFFBBBBB........AOFFFBBBBBB........AO

I input wait  F forward  B backward  . waiting for the last rank
A all-reduce transfer  O optimizer

Where the ranks' time went: input wait under 1%, forward 17%, backward 34%, waiting for
  the last rank 45%, all-reduce transfer 3%, optimizer 1%.
Step 5227, 3644 ms: the other ranks wait up to 1753 ms for the last to arrive. Critical
  path: the last rank waits 0.59 ms for its batch, computes forward in 1161 ms and
  backward in 2322 ms; then the all-reduce transfers in 111.1 ms and the optimizer takes
  50.0 ms.
Step 5228, 3627 ms: the other ranks wait up to 1735 ms for the last to arrive. Critical
  path: the last rank waits 0.50 ms for its batch, computes forward in 1155 ms and
  backward in 2310 ms; then the all-reduce transfers in 111.5 ms and the optimizer takes
  50.0 ms.
Step 5229, 3635 ms: the other ranks wait up to 1741 ms for the last to arrive. Critical
  path: the last rank waits 0.61 ms for its batch, computes forward in 1158 ms and
  backward in 2315 ms; then the all-reduce transfers in 111.3 ms and the optimizer takes
  50.0 ms.
