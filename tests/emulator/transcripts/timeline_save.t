# lab: late-rank
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x H100 per node. You are on node01.

Lab late-rank: Late rank
The pre-training job 48213 on node01 and node02 (16 ranks, data parallel) has become slower:
steps take far longer than the 1.8 s they took last week, and no node has failed. Find which
rank holds the others back and what on its node makes it slow, then name the component.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ sleep 1010
$ timeline -n 3 --nodes
Step timeline of job 48213 (pretrain-7b): 16 ranks on 2 nodes, steps 5500 to 5502, from
  2026-03-14 09:16:22 UTC. One column is 500 ms; every phase of at least 1% of its step
  is at least one column wide; ~ marks a stretch drawn shorter than it lasted.

node (ranks)    |5500 16.3 s|5501  |5502  
node01 (0-7)    FBB..AOSSSSSFBB..AOFBB..AO
node02 (8-15)   FFBBBAOSSSSSFFBBBAOFFBBBAO

I input wait  F forward  B backward  . waiting for the last rank
A all-reduce transfer  O optimizer  S checkpoint save
Each node's row shows its rank that arrived last in that step.

Where the ranks' time went: input wait under 1%, forward 7%, backward 14%, waiting for
  the last rank 18%, all-reduce transfer 1%, optimizer 1%, checkpoint save 60%.
Step 5500, 3623 ms: the other ranks wait up to 1731 ms for the last to arrive. Critical
  path: the last rank waits 0.33 ms for its batch, computes forward in 1154 ms and
  backward in 2308 ms; then the all-reduce transfers in 111.7 ms and the optimizer takes
  50.0 ms; then the checkpoint save takes 16.3 s (every node writes its share).
Step 5501, 3659 ms: the other ranks wait up to 1766 ms for the last to arrive. Critical
  path: the last rank waits 0.32 ms for its batch, computes forward in 1166 ms and
  backward in 2332 ms; then the all-reduce transfers in 110.6 ms and the optimizer takes
  50.0 ms.
Step 5502, 3648 ms: the other ranks wait up to 1758 ms for the last to arrive. Critical
  path: the last rank waits 0.56 ms for its batch, computes forward in 1163 ms and
  backward in 2325 ms; then the all-reduce transfers in 109.8 ms and the optimizer takes
  50.0 ms.
