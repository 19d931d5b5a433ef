# lab: input-wait
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
  2026-05-06 14:19:57 UTC. One column is 50 ms; every phase of at least 1% of its step
  is at least one column wide.

rank node:gpu   |22417            |22418            |22419            
   0 node01:0   IIIIIFFFFBBBBBBBAOIIIIIFFFFBBBBBBBAOIIIIIFFFBBBBBBB.AO
   1 node01:1   IIIIIFFFBBBBBBB.AOIIIIIFFFBBBBBBB.AOIIIIIFFFFBBBBBBBAO
   2 node01:2   IIIIIFFFBBBBBBB.AOIIIIIFFFBBBBBBB.AOIIIIIFFFBBBBBBB.AO
   3 node01:3   IIIIIFFFBBBBBBB.AOIIIIIFFFBBBBBBB.AOIIIIIFFFBBBBBBB.AO
   4 node01:4   IIIIIFFFBBBBBBB.AOIIIIIFFFBBBBBBB.AOIIIIIFFFBBBBBBB.AO
   5 node01:5   IIIIIFFFBBBBBBB.AOIIIIIFFFBBBBBBB.AOIIIIIFFFFBBBBBBBAO
   6 node01:6   IIIIIFFFBBBBBBB.AOIIIIIFFFFBBBBBBBAOIIIIIFFFBBBBBBB.AO
   7 node01:7   IIIIIFFFFBBBBBBBAOIIIIIFFFBBBBBBB.AOIIIIIFFFBBBBBBB.AO
   8 node02:0   IIIIIFFFBBBBBBB.AOIIIIFFFFBBBBBBB.AOIIIIIFFFBBBBBBB.AO
   9 node02:1   IIIIIFFFBBBBBBB.AOIIIIIFFFFBBBBBBBAOIIIIIFFFFBBBBBBBAO
  10 node02:2   IIIIIFFFBBBBBBB.AOIIIIIFFFBBBBBBB.AOIIIIIFFFBBBBBBB.AO
  11 node02:3   IIIIIFFFBBBBBBB.AOIIIIIFFFBBBBBBB.AOIIIIFFFFBBBBBBB.AO
  12 node02:4   IIIIIFFFBBBBBBB.AOIIIIIFFFBBBBBBB.AOIIIIIFFFFBBBBBBBAO
  13 node02:5   IIIIIFFFFBBBBBBBAOIIIIIFFFBBBBBBB.AOIIIIIFFFFBBBBBBBAO
  14 node02:6   IIIIIFFFFBBBBBBBAOIIIIIFFFBBBBBBB.AOIIIIIFFFBBBBBBB.AO
  15 node02:7   IIIIIFFFBBBBBBB.AOIIIIIFFFBBBBBBB.AOIIIIIFFFBBBBBBB.AO

I input wait  F forward  B backward  . waiting for the last rank
A all-reduce transfer  O optimizer

Where the ranks' time went: input wait 30%, forward 22%, backward 43%, waiting for the
  last rank 2%, all-reduce transfer 1%, optimizer 2%.
Step 22417, 904.4 ms: the ranks arrive within 45.2 ms of each other. Critical path: the
  last rank waits 286.6 ms for its batch, computes forward in 196.1 ms and backward in
  392.1 ms; then the all-reduce transfers in 9.60 ms and the optimizer takes 20.0 ms.
Step 22418, 902.7 ms: the ranks arrive within 36.2 ms of each other. Critical path: the
  last rank waits 285.3 ms for its batch, computes forward in 195.9 ms and backward in
  391.8 ms; then the all-reduce transfers in 9.62 ms and the optimizer takes 20.0 ms.
Step 22419, 900.0 ms: the ranks arrive within 37.9 ms of each other. Critical path: the
  last rank waits 285.3 ms for its batch, computes forward in 195.1 ms and backward in
  390.1 ms; then the all-reduce transfers in 9.59 ms and the optimizer takes 20.0 ms.
