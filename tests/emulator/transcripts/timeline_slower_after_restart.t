# lab: slower-after-restart
Training Infrastructure Handbook: cluster emulator
Cluster trn: 4 nodes (node01-node04), 8 x H100 per node. You are on node01.

Lab slower-after-restart: Slower after a restart
The fine-tuning job 50377 (13B, 32 ranks on node01-node04, data parallel) was restarted this
morning on a new allocation. Since then every step takes about 3.9 s; last week the same job
on the same model took about 3.25 s a step. Nothing failed and nothing was redeployed. Find
what slows the job down, name the component, then repair it and show the step time healthy.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ timeline
Step timeline of job 50377 (sft-13b): 32 ranks on 4 nodes, steps 3117 to 3119, from
  2026-03-18 14:19:48 UTC. One column is 200 ms; every phase of at least 1% of its step
  is at least one column wide.

node (ranks)    |3117               |3118              |3119               
node01 (0-7)    FFFFFBBBBBBBBBBB...AFFFFFBBBBBBBBBB...AFFFFFBBBBBBBBBBB...A
node02 (8-15)   FFFFFBBBBBBBBBBB...AFFFFFBBBBBBBBBB...AFFFFFBBBBBBBBBBB...A
node03 (16-23)  FFFFFFBBBBBBBBBBBBBAFFFFFFBBBBBBBBBBBBAFFFFFFBBBBBBBBBBBBBA
node04 (24-31)  FFFFFBBBBBBBBBBB...AFFFFFBBBBBBBBBB...AFFFFFBBBBBBBBBBB...A

I input wait  F forward  B backward  . waiting for the last rank
A all-reduce transfer  O optimizer
Each node's row shows its rank that arrived last in that step.

Where the ranks' time went: input wait under 1%, forward 26%, backward 53%, waiting for
  the last rank 17%, all-reduce transfer 3%, optimizer 1%.
Step 3117, 3919 ms: the other ranks wait up to 689.3 ms for the last to arrive. Critical
  path: the last rank waits 0.45 ms for its batch, computes forward in 1250 ms and
  backward in 2499 ms; then the all-reduce transfers in 132.9 ms and the optimizer takes
  36.7 ms.
Step 3118, 3920 ms: the other ranks wait up to 692.1 ms for the last to arrive. Critical
  path: the last rank waits 0.17 ms for its batch, computes forward in 1250 ms and
  backward in 2501 ms; then the all-reduce transfers in 132.0 ms and the optimizer takes
  36.7 ms.
Step 3119, 3931 ms: the other ranks wait up to 705.5 ms for the last to arrive. Critical
  path: the last rank waits 0.49 ms for its batch, computes forward in 1254 ms and
  backward in 2509 ms; then the all-reduce transfers in 130.8 ms and the optimizer takes
  36.7 ms.
