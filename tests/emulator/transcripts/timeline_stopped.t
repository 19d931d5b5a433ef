# scenario: tests/emulator/fixtures/faults.yaml
Training Infrastructure Handbook: cluster emulator
Cluster trn: 4 nodes (node01-node04), 8 x H100 per node. You are on node01.

Lab faults: Fault gallery
Several things are wrong at once on this cluster; this scenario exists so the golden
transcripts show how each fault kind looks in the tools.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ timeline
Step timeline of job 50102 (pretrain-13b): 32 ranks on 4 nodes, steps 2184 to 2186, from
  2026-04-21 07:42:48 UTC. One column is 500 ms; every phase of at least 1% of its step
  is at least one column wide; ~ marks a stretch drawn shorter than it lasted.

node (ranks)    |2184     |2185     |2186      116 s~
node01 (0-7)    FB......AOFB......AOFBXXXXXXXXXXXXXXX
node02 (8-15)   FB......AOFB......AOFB...............
node03 (16-23)  FB......AOFB......AOFB...............
node04 (24-31)  FFFBBBBBAOFFFBBBBBAOFFFBBBBBB........

I input wait  F forward  B backward  . waiting for the last rank
A all-reduce transfer  O optimizer  X no progress
Each node's row shows its rank that arrived last in that step.

Where the ranks' time went: input wait under 1%, forward 1%, backward 1%, waiting for
  the last rank 94%, all-reduce transfer 1%, optimizer under 1%, no progress 3%.
Step 2184, 5056 ms: the other ranks wait up to 3455 ms for the last to arrive. Critical
  path: the last rank waits 0.24 ms for its batch, computes forward in 1419 ms and
  backward in 2838 ms; then the all-reduce transfers in 587.3 ms and the optimizer takes
  210.5 ms.
Step 2185, 5073 ms: the other ranks wait up to 3465 ms for the last to arrive. Critical
  path: the last rank waits 0.28 ms for its batch, computes forward in 1423 ms and
  backward in 2846 ms; then the all-reduce transfers in 593.9 ms and the optimizer takes
  210.5 ms.
Step 2186 stopped the run: one rank stops 811.6 ms into the step; the other ranks wait
  in the all-reduce, 120 s after that so far; the NCCL watchdog's collective timeout
  ends the job at 07:53:00 UTC.
