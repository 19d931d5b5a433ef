# lab: input-wait
# healthy: yes
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x H100 per node. You are on node01.

Lab input-wait: Input wait
The vision-language job 51877 (16 ranks on node01 and node02) has slowed down since early
afternoon: its steps take longer, and the GPUs show gaps of low use between steps. Nothing
changed in the job. Find where the training loop waits, follow that wait to what causes it,
and name the cause.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ timeline
Step timeline of job 51877 (vlm-1b3): 16 ranks on 2 nodes, steps 18417 to 18419, from
  2026-05-06 14:19:58 UTC. One column is 50 ms; every phase of at least 1% of its step
  is at least one column wide.

rank node:gpu   |18417      |18418       |18419      
   0 node01:0   FFFBBBBBB.AOFFFFBBBBBBBAOFFFBBBBBBBAO
   1 node01:1   FFFBBBBBBBAOFFFFBBBBBBBAOFFFBBBBBBBAO
   2 node01:2   FFFBBBBBBBAOFFFFBBBBBBBAOFFFBBBBBBBAO
   3 node01:3   FFFBBBBBBBAOFFFFBBBBBBBAOFFFBBBBBBBAO
   4 node01:4   FFFBBBBBBBAOFFFFBBBBBBBAOFFFBBBBBBBAO
   5 node01:5   FFFBBBBBBBAOFFFFBBBBBBBAOFFFBBBBBBBAO
   6 node01:6   FFFBBBBBBBAOFFFFBBBBBBBAOFFFBBBBBBBAO
   7 node01:7   FFFBBBBBB.AOFFFFBBBBBBBAOFFFBBBBBBBAO
   8 node02:0   FFFBBBBBBBAOFFFFBBBBBBBAOFFFBBBBBBBAO
   9 node02:1   FFFBBBBBBBAOFFFFBBBBBBBAOFFFBBBBBBBAO
  10 node02:2   FFFBBBBBBBAOFFFFBBBBBBBAOFFFBBBBBBBAO
  11 node02:3   FFFBBBBBBBAOFFFFBBBBBBBAOFFFBBBBBBBAO
  12 node02:4   FFFBBBBBBBAOFFFFBBBBBBBAOFFFBBBBBBBAO
  13 node02:5   FFFBBBBBB.AOFFFFBBBBBBBAOFFFBBBBBBBAO
  14 node02:6   FFFBBBBBBBAOFFFFBBBBBBBAOFFFBBBBBBBAO
  15 node02:7   FFFBBBBBBBAOFFFFBBBBBBBAOFFFBBBBBBBAO

I input wait  F forward  B backward  . waiting for the last rank
A all-reduce transfer  O optimizer

Where the ranks' time went: input wait under 1%, forward 32%, backward 63%, waiting for
  the last rank 1%, all-reduce transfer 2%, optimizer 3%.
Step 18417, 620.3 ms: the ranks arrive within 6.51 ms of each other. Critical path: the
  last rank waits 0.34 ms for its batch, computes forward in 196.8 ms and backward in
  393.6 ms; then the all-reduce transfers in 9.52 ms and the optimizer takes 20.0 ms.
Step 18418, 620.0 ms: the ranks arrive within 5.57 ms of each other. Critical path: the
  last rank waits 0.18 ms for its batch, computes forward in 196.8 ms and backward in
  393.6 ms; then the all-reduce transfers in 9.45 ms and the optimizer takes 20.0 ms.
Step 18419, 618.8 ms: the ranks arrive within 5.19 ms of each other. Critical path: the
  last rank waits 0.60 ms for its batch, computes forward in 196.2 ms and backward in
  392.5 ms; then the all-reduce transfers in 9.47 ms and the optimizer takes 20.0 ms.
