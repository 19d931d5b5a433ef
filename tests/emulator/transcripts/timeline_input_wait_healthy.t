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
Step timeline of job 51877 (vlm-1b3): 16 ranks on 2 nodes, steps 22417 to 22419, from
  2026-05-06 14:19:58 UTC. One column is 50 ms; every phase of at least 1% of its step
  is at least one column wide.

rank node:gpu   |22417      |22418       |22419      
   0 node01:0   FFFBBBBBBBAOFFFFBBBBBBBAOFFFBBBBBBBAO
   1 node01:1   FFFBBBBBBBAOFFFFBBBBBBBAOFFFBBBBBBBAO
   2 node01:2   FFFBBBBBBBAOFFFFBBBBBBBAOFFFBBBBBBBAO
   3 node01:3   FFFBBBBBB.AOFFFFBBBBBBBAOFFFBBBBBBBAO
   4 node01:4   FFFBBBBBB.AOFFFFBBBBBBBAOFFFBBBBBBBAO
   5 node01:5   FFFBBBBBBBAOFFFFBBBBBBBAOFFFBBBBBBBAO
   6 node01:6   FFFBBBBBBBAOFFFFBBBBBBBAOFFFBBBBBBBAO
   7 node01:7   FFFBBBBBBBAOFFFFBBBBBB.AOFFFBBBBBBBAO
   8 node02:0   FFFBBBBBBBAOFFFFBBBBBBBAOFFFBBBBBBBAO
   9 node02:1   FFFBBBBBBBAOFFFFBBBBBBBAOFFFBBBBBBBAO
  10 node02:2   FFFBBBBBBBAOFFFFBBBBBB.AOFFFBBBBBBBAO
  11 node02:3   FFFBBBBBBBAOFFFFBBBBBBBAOFFFBBBBBBBAO
  12 node02:4   FFFBBBBBB.AOFFFFBBBBBBBAOFFFBBBBBBBAO
  13 node02:5   FFFBBBBBBBAOFFFFBBBBBBBAOFFFBBBBBBBAO
  14 node02:6   FFFBBBBBBBAOFFFFBBBBBB.AOFFFBBBBBBBAO
  15 node02:7   FFFBBBBBBBAOFFFFBBBBBBBAOFFFBBBBBBBAO

I input wait  F forward  B backward  . waiting for the last rank
A all-reduce transfer  O optimizer

Where the ranks' time went: input wait under 1%, forward 32%, backward 63%, waiting for
  the last rank 1%, all-reduce transfer 2%, optimizer 3%.
Step 22417, 620.8 ms: the ranks arrive within 7.10 ms of each other. Critical path: the
  last rank waits 0.60 ms for its batch, computes forward in 196.9 ms and backward in
  393.8 ms; then the all-reduce transfers in 9.60 ms and the optimizer takes 20.0 ms.
Step 22418, 620.7 ms: the ranks arrive within 6.42 ms of each other. Critical path: the
  last rank waits 0.44 ms for its batch, computes forward in 196.9 ms and backward in
  393.7 ms; then the all-reduce transfers in 9.62 ms and the optimizer takes 20.0 ms.
Step 22419, 619.6 ms: the ranks arrive within 6.03 ms of each other. Critical path: the
  last rank waits 0.69 ms for its batch, computes forward in 196.5 ms and backward in
  392.9 ms; then the all-reduce transfers in 9.59 ms and the optimizer takes 20.0 ms.
