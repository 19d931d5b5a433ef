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
Step timeline of job 51877 (vlm-1b3): 16 ranks on 2 nodes, steps 18417 to 18419, from
  2026-05-06 14:19:57 UTC. One column is 50 ms; every phase of at least 1% of its step
  is at least one column wide.

rank node:gpu   |18417            |18418            |18419            
   0 node01:0   IIIIIFFFBBBBBBB.AOIIIIIFFFBBBBBBB.AOIIIIIFFFBBBBBBB.AO
   1 node01:1   IIIIIFFFBBBBBBB.AOIIIIIFFFBBBBBBB.AOIIIIIFFFBBBBBBB.AO
   2 node01:2   IIIIIFFFFBBBBBBBAOIIIIIFFFBBBBBBB.AOIIIIIFFFBBBBBBB.AO
   3 node01:3   IIIIIFFFBBBBBBB.AOIIIIIFFFBBBBBBB.AOIIIIIFFFBBBBBBB.AO
   4 node01:4   IIIIIFFFBBBBBBB.AOIIIIIFFFBBBBBBB.AOIIIIIFFFBBBBBBB.AO
   5 node01:5   IIIIIFFFBBBBBBB.AOIIIIIFFFBBBBBBB.AOIIIIIFFFBBBBBBB.AO
   6 node01:6   IIIIIFFFBBBBBBB.AOIIIIIFFFFBBBBBBBAOIIIIIFFFFBBBBBBBAO
   7 node01:7   IIIIIFFFBBBBBBB.AOIIIIIFFFFBBBBBBBAOIIIIIFFFBBBBBBB.AO
   8 node02:0   IIIIIFFFBBBBBBB.AOIIIIIFFFBBBBBBB.AOIIIIIFFFBBBBBBB.AO
   9 node02:1   IIIIIFFFFBBBBBBBAOIIIIIFFFBBBBBBB.AOIIIIIFFFBBBBBBB.AO
  10 node02:2   IIIIIFFFBBBBBBB.AOIIIIIFFFBBBBBBB.AOIIIIIFFFFBBBBBBBAO
  11 node02:3   IIIIIFFFBBBBBBB.AOIIIIIFFFFBBBBBBBAOIIIIIFFFBBBBBBB.AO
  12 node02:4   IIIIIFFFBBBBBBB.AOIIIIIFFFBBBBBBB.AOIIIIIFFFBBBBBBB.AO
  13 node02:5   IIIIIFFFBBBBBBB.AOIIIIIFFFFBBBBBBBAOIIIIIFFFFBBBBBBBAO
  14 node02:6   IIIIIFFFBBBBBBB.AOIIIIIFFFBBBBBBB.AOIIIIIFFFBBBBBBB.AO
  15 node02:7   IIIIIFFFBBBBBBB.AOIIIIIFFFBBBBBBB.AOIIIIIFFFBBBBBBB.AO

I input wait  F forward  B backward  . waiting for the last rank
A all-reduce transfer  O optimizer

Where the ranks' time went: input wait 30%, forward 22%, backward 43%, waiting for the
  last rank 2%, all-reduce transfer 1%, optimizer 2%.
Step 18417, 904.8 ms: the ranks arrive within 37.3 ms of each other. Critical path: the
  last rank waits 285.8 ms for its batch, computes forward in 196.5 ms and backward in
  393.0 ms; then the all-reduce transfers in 9.52 ms and the optimizer takes 20.0 ms.
Step 18418, 900.7 ms: the ranks arrive within 32.2 ms of each other. Critical path: the
  last rank waits 282.8 ms for its batch, computes forward in 196.1 ms and backward in
  392.3 ms; then the all-reduce transfers in 9.45 ms and the optimizer takes 20.0 ms.
Step 18419, 899.1 ms: the ranks arrive within 32.2 ms of each other. Critical path: the
  last rank waits 284.3 ms for its batch, computes forward in 195.1 ms and backward in
  390.2 ms; then the all-reduce transfers in 9.47 ms and the optimizer takes 20.0 ms.
