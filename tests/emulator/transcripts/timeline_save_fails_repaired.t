# lab: save-fails
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x H100 per node. You are on node01.

Lab save-fails: Failing saves
The fine-tuning job 60417 (16 ranks on node01 and node02) was restarted 45 minutes ago and
trains at its usual speed, but the owner reports that none of its checkpoint saves since the
restart has worked: each ends with "No space left on device", while `df` shows the
checkpoint file system with hundreds of terabytes free. Find why the saves fail, make the
next save succeed, and show that it did.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ sleep 52
$ timeline -n 4 --nodes
Step timeline of job 60417 (llm-7b-sft): 16 ranks on 2 nodes, steps 3398 to 3401, from
  2026-06-11 10:40:52 UTC. One column is 100 ms; every phase of at least 1% of its step
  is at least one column wide.

node (ranks)    |3398    |3399    |3400    |3401    
node01 (0-7)    FFBBBBBAOFFBBBBBAOFFBBBBBAOFFBBBBBAO
node02 (8-15)   FFBBBBBAOFFBBBBBAOFFBBBBBAOFFBBBBBAO

I input wait  F forward  B backward  . waiting for the last rank
A all-reduce transfer  O optimizer
Each node's row shows its rank that arrived last in that step.

Where the ranks' time went: input wait under 1%, forward 30%, backward 61%, waiting for
  the last rank 1%, all-reduce transfer 6%, optimizer 3%.
Step 3398, 909.5 ms: the ranks arrive within 9.45 ms of each other. Critical path: the
  last rank waits 0.37 ms for its batch, computes forward in 277.6 ms and backward in
  555.1 ms; then the all-reduce transfers in 51.5 ms and the optimizer takes 25.0 ms.
Step 3399, 908.9 ms: the ranks arrive within 8.68 ms of each other. Critical path: the
  last rank waits 0.37 ms for its batch, computes forward in 277.4 ms and backward in
  554.9 ms; then the all-reduce transfers in 51.3 ms and the optimizer takes 25.0 ms.
Step 3400, 909.4 ms: the ranks arrive within 9.03 ms of each other. Critical path: the
  last rank waits 0.16 ms for its batch, computes forward in 277.7 ms and backward in
  555.5 ms; then the all-reduce transfers in 51.0 ms and the optimizer takes 25.0 ms;
  then the checkpoint save fails at once (No space left on device on /lustre) and blocks
  nothing.
Step 3401, 909.7 ms: the ranks arrive within 9.30 ms of each other. Critical path: the
  last rank waits 0.38 ms for its batch, computes forward in 277.7 ms and backward in
  555.4 ms; then the all-reduce transfers in 51.3 ms and the optimizer takes 25.0 ms.
$ grep -i checkpoint train.log | tail -n 2
[2026-06-11 10:40:55] saving checkpoint at iteration    3400 to /lustre
[2026-06-11 10:40:55] [rank0]: checkpoint save failed: OSError: [Errno 28] No space left on device: '/lustre/iter_0003400/mp_rank_00/distrib_optim.pt'
$ sudo lfs setstripe -c 1 /lustre
$ sleep 182
$ timeline -n 4 --nodes
Step timeline of job 60417 (llm-7b-sft): 16 ranks on 2 nodes, steps 3500 to 3503, from
  2026-06-11 10:42:24 UTC. One column is 100 ms; every phase of at least 1% of its step
  is at least one column wide; ~ marks a stretch drawn shorter than it lasted.

node (ranks)    |3500   98.0 s~|3501    |3502    |3503    
node01 (0-7)    FFBBBBBAOSSSSSSFFBBBBBAOFFBBBBBAOFFBBBBBAO
node02 (8-15)   FFBBBBBAOSSSSSSFFBBBBBAOFFBBBBBAOFFBBBBBAO

I input wait  F forward  B backward  . waiting for the last rank
A all-reduce transfer  O optimizer  S checkpoint save
Each node's row shows its rank that arrived last in that step.

Where the ranks' time went: input wait under 1%, forward 1%, backward 2%, waiting for
  the last rank under 1%, all-reduce transfer under 1%, optimizer under 1%, checkpoint
  save 96%.
Step 3500, 909.8 ms: the ranks arrive within 8.84 ms of each other. Critical path: the
  last rank waits 0.27 ms for its batch, computes forward in 277.7 ms and backward in
  555.4 ms; then the all-reduce transfers in 51.3 ms and the optimizer takes 25.0 ms;
  then the checkpoint save takes 98.0 s (rank 0 writes it, the others wait).
Step 3501, 909.6 ms: the ranks arrive within 9.38 ms of each other. Critical path: the
  last rank waits 0.62 ms for its batch, computes forward in 277.7 ms and backward in
  555.4 ms; then the all-reduce transfers in 50.9 ms and the optimizer takes 25.0 ms.
Step 3502, 909.7 ms: the ranks arrive within 8.71 ms of each other. Critical path: the
  last rank waits 0.67 ms for its batch, computes forward in 277.5 ms and backward in
  554.9 ms; then the all-reduce transfers in 51.6 ms and the optimizer takes 25.0 ms.
Step 3503, 907.8 ms: the ranks arrive within 8.41 ms of each other. Critical path: the
  last rank waits 0.31 ms for its batch, computes forward in 277.3 ms and backward in
  554.5 ms; then the all-reduce transfers in 50.7 ms and the optimizer takes 25.0 ms.
$ grep -i checkpoint train.log | tail -n 3
[2026-06-11 10:42:25] saving checkpoint at iteration    3500 to /lustre
[2026-06-11 10:44:03]   successfully saved checkpoint from iteration    3500 to /lustre
    save-checkpoint ................................: (97999.46, 98000.00)

The repair is in place and verified, but the lab is not solved yet: it also needs the diagnosis. Name the cause with `answer`.
