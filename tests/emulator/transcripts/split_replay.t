# lab: late-rank
# columns: 60
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x H100 per node. You
are on node01.

Lab late-rank: Late rank
The pre-training job 48213 on node01 and node02 (16 ranks,
data parallel) has become slower: steps take far longer than
the 1.8 s they took last week, and no node has failed. Find
which rank holds the others back and what on its node makes
it slow, then name the component.

Type `help` for the full list of commands, or `solutions`
for reference procedures.
Simulated outputs do not validate your environment.
$ lab start slower-after-restart
Started lab slower-after-restart. The cluster is back to its
starting state; you are on node01.

Lab slower-after-restart: Slower after a restart

The fine-tuning job 50377 (13B, 32 ranks on node01-node04,
data parallel) was restarted this morning on a new
allocation. Since then every step takes about 3.9 s; last
week the same job on the same model took about 3.25 s a
step. Nothing failed and nothing was redeployed. Find what
slows the job down, name the component, then repair it and
show the step time healthy.

The lab is solved by both the diagnosis and the repair: name
the cause with answer COMPONENT (e.g. answer node01 gpu3
thermal slowdown), then repair it and show that it works.
`hint` gives a hint.
$ tail -n 1 train.log
    optimizer ......................................: (35.58, 36.68)
$ hint
Hint 1 of 4: Start where the loop waits: `tail train.log`,
and compare the (min, max) of each timer across ranks. Which
phase has a wide spread?
$ answer node03 gpu6
Right: node03 gpu6. That is the cause.

Now repair it and show that it works again. Changes on a
node need root there (sudo). The lab is solved when a new
line of train.log shows a healthy step time.
$ ssh node03 sudo nvidia-smi -pl 700 -i 6
Power limit for GPU 00000000:D1:00.0 was set to 700.00 W from 450.00 W.
All done.
$ sleep 40
$ ssh node03 dcgmi dmon -e 155,100 -i 6 -c 2
#Entity   POWER     SMCLK   
ID
GPU 6     696.530   1950    
GPU 6     689.200   1980    
$ hint
Hint 2 of 4: Each rank logs when it enters the all-reduce
and how long it waits there. Compare
`tail -n 1 logs/rank-NN.log` across ranks (ranks 0-7 run on
node01, 8-15 on node02, 16-23 on node03, 24-31 on node04).
$ tail -n 9 train.log
    optimizer ......................................: (35.57, 36.68)
[2026-03-18 14:20:36] iteration     3130/  495910 | consumed samples:      400640 | elapsed time per iteration (ms): 3254.0 | throughput per GPU (TFLOP/s/GPU): 392.7 | tokens per second: 161120 | learning rate: 2.999705E-04 | global batch size:   128 | lm loss: 1.921767E+00 | batch wait (ms): 0.4 | loss scale: 1.0 | grad norm: 0.795 | number of skipped iterations:   0 | number of nan iterations:   0 |
(min, max) time across ranks (ms):
    forward-backward ...............................: (3224.11, 3224.55)
    forward-compute ................................: (1020.03, 1031.02)
    backward-compute ...............................: (2039.17, 2061.33)
    batch-generator ................................: (0.11, 0.68)
    all-grads-sync .................................: (131.69, 131.97)
    optimizer ......................................: (29.95, 30.00)

Fixed and verified: GPU 6 on node03 runs at its full clock
again and the step is back to about 3.25 s. Lab
slower-after-restart solved in 8 commands (the worked
solution takes 8), 2 of 4 hints.

Rank 22 runs on node03 GPU 6. Its enforced power limit is
450 W where its peers have the 700 W default (nvidia-smi -q
-d POWER: Current Power Limit 450 W, Default 700 W), so SW
Power Cap (0x4) holds its SM clock near 1600 MHz to keep it
under the limit. Its forward and backward take about 23 %
longer, it reaches every gradient all-reduce last, and the
31 other ranks wait that difference inside the all-reduce.
SW Power Cap is normal on a GPU that runs at its limit; what
is abnormal is the limit. A power limit set with nvidia-smi
-pl holds until it is set back or the driver is reloaded,
and nothing resets it to the default: a power-budget test or
a tuning script that lowered it left it behind. Set it back
with nvidia-smi -pl 700 (or the site's value), and check
Current against Default Power Limit on every GPU after
maintenance.

Read next: NVIDIA Stack: GPU data path
(/reference/nvidia-stack/gpu-data-path/)
$ timeline -n 1 --nodes
Step timeline of job 50377 (sft-13b): 32 ranks on 4 nodes, step 3137, from 2026-03-18
  14:20:55 UTC. One column is 100 ms; every phase of at least 1% of its step is at least
  one column wide.

node (ranks)    |3137                            
node01 (0-7)    FFFFFFFFFFFBBBBBBBBBBBBBBBBBBBBBA
node02 (8-15)   FFFFFFFFFFFBBBBBBBBBBBBBBBBBBBBBA
node03 (16-23)  FFFFFFFFFFFBBBBBBBBBBBBBBBBBBBBBA
node04 (24-31)  FFFFFFFFFFFBBBBBBBBBBBBBBBBBBBBBA

I input wait  F forward  B backward  . waiting for the last rank
A all-reduce transfer  O optimizer
Each node's row shows its rank that arrived last in that step.

Where the ranks' time went: input wait under 1%, forward 32%, backward 63%, waiting for
  the last rank under 1%, all-reduce transfer 4%, optimizer 1%.
Step 3137, 3257 ms: the ranks arrive within 35.2 ms of each other. Critical path: the
  last rank waits 0.63 ms for its batch, computes forward in 1031 ms and backward in
  2063 ms; then the all-reduce transfers in 131.6 ms and the optimizer takes 30.0 ms.
