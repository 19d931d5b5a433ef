# lab: late-rank
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x H100 per node. You are on node01.

Lab late-rank: Late rank
The pre-training job 48213 on node01 and node02 (16 ranks, data parallel) has become slower:
steps take far longer than the 1.8 s they took last week, and no node has failed. Find which
rank holds the others back and what on its node makes it slow, then name the component.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ timeline -n 9
timeline: invalid number of steps: '9' (1 to 8)
$ timeline --bogus
timeline: unrecognized option '--bogus'
timeline: see help timeline
usage: timeline [-n STEPS] [--ranks | --nodes]
$ timeline -n
timeline: option requires an argument -- 'n'
usage: timeline [-n STEPS] [--ranks | --nodes]
$ help timeline
timeline: the job's last steps drawn phase by phase, rank by rank
usage: timeline [-n STEPS] [--ranks | --nodes]
  Draws the job's last STEPS completed steps (default 3, at most 8): one row per rank, or
  per node for jobs of more than 16 ranks (--ranks and --nodes choose), each phase by its
  letter: I input wait, F forward, B backward, . waiting in the gradient all-reduce for
  the last rank, A the all-reduce transferring, O optimizer, S checkpoint save, X no
  progress (a rank that stopped, while the others wait for it). Below it, where the
  ranks' time went and, for each step, how long the others waited for the last rank to
  arrive and that rank's phases (the critical path); which row it is, the drawing shows.
  In the page the same timeline is drawn in a panel beside the console.
  It reads the job as the step log does; profilers such as Nsight Systems show the same
  phases on a real cluster.
$ timeline -n 1 --nodes
Step timeline of job 48213 (pretrain-7b): 16 ranks on 2 nodes, step 5229, from
  2026-03-14 08:59:56 UTC. One column is 100 ms; every phase of at least 1% of its step
  is at least one column wide.

node (ranks)    |5229                               
node01 (0-7)    FFFFFFBBBBBBBBBBB.................AO
node02 (8-15)   FFFFFFFFFFFBBBBBBBBBBBBBBBBBBBBBBBAO

I input wait  F forward  B backward  . waiting for the last rank
A all-reduce transfer  O optimizer
Each node's row shows its rank that arrived last in that step.

Where the ranks' time went: input wait under 1%, forward 17%, backward 34%, waiting for
  the last rank 45%, all-reduce transfer 3%, optimizer 1%.
Step 5229, 3635 ms: the other ranks wait up to 1741 ms for the last to arrive. Critical
  path: the last rank waits 0.61 ms for its batch, computes forward in 1158 ms and
  backward in 2315 ms; then the all-reduce transfers in 111.3 ms and the optimizer takes
  50.0 ms.
$ timeline -n 2 | head -3
Step timeline of job 48213 (pretrain-7b): 16 ranks on 2 nodes, steps 5228 to 5229, from
  2026-03-14 08:59:52 UTC. One column is 200 ms; every phase of at least 1% of its step
  is at least one column wide.
