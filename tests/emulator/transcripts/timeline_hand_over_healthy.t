# lab: hand-over
# healthy: yes
Training Infrastructure Handbook: cluster emulator
Cluster trn: 3 nodes (node01-node03), 8 x H100 per node. You are on node01.

Lab hand-over: Hand-over
The 13B pre-training job 74410 on node01-node03 runs slower than it should, and the fabric
team will take the case, but they will not start without a snapshot they can check: the
port, the evidence from it and from a healthy peer, the counters over an interval, the
switch side, the times in UTC, and what you could not collect and why. Name the port that
slows the job, then collect the snapshot (`snapshot` shows what it holds). Do not reset or
reseat anything: the evidence goes first.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ timeline
Step timeline of job 74410 (pretrain-13b): 24 ranks on 3 nodes, steps 8151 to 8153, from
  2026-11-30 13:59:57 UTC. One column is 50 ms; every phase of at least 1% of its step
  is at least one column wide.

node (ranks)    |8151              |8152               |8153              
node01 (0-7)    FFFFFBBBBBBBBBBBAAOFFFFFBBBBBBBBBBBAAAOFFFFFBBBBBBBBBBBAAO
node02 (8-15)   FFFFFBBBBBBBBBBBAAOFFFFFBBBBBBBBBBBAAAOFFFFFBBBBBBBBBBBAAO
node03 (16-23)  FFFFFBBBBBBBBBBBAAOFFFFFBBBBBBBBBBBAAAOFFFFFBBBBBBBBBBBAAO

I input wait  F forward  B backward  . waiting for the last rank
A all-reduce transfer  O optimizer
Each node's row shows its rank that arrived last in that step.

Where the ranks' time went: input wait under 1%, forward 28%, backward 56%, waiting for
  the last rank under 1%, all-reduce transfer 14%, optimizer 3%.
Step 8151, 968.6 ms: the ranks arrive within 9.13 ms of each other. Critical path: the
  last rank waits 0.31 ms for its batch, computes forward in 270.8 ms and backward in
  541.5 ms; then the all-reduce transfers in 130.9 ms and the optimizer takes 25.0 ms.
Step 8152, 968.4 ms: the ranks arrive within 8.52 ms of each other. Critical path: the
  last rank waits 0.33 ms for its batch, computes forward in 270.8 ms and backward in
  541.6 ms; then the all-reduce transfers in 130.7 ms and the optimizer takes 25.0 ms.
Step 8153, 968.3 ms: the ranks arrive within 9.15 ms of each other. Critical path: the
  last rank waits 0.24 ms for its batch, computes forward in 270.8 ms and backward in
  541.6 ms; then the all-reduce transfers in 130.7 ms and the optimizer takes 25.0 ms.
