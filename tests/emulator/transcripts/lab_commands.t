# lab: late-rank
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x H100 per node. You are on node01.

Lab late-rank: Late rank
The pre-training job 48213 on node01 and node02 (16 ranks, data parallel) has become slower:
steps take far longer than the 1.8 s they took last week, and no node has failed. Find which
rank holds the others back and what on its node makes it slow, then name the component.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ lab
Lab:            late-rank (Late rank)
Status:         in progress
Hints used:     0 of 3
Answers tried:  0
Commands:       1 (the worked solution takes 6)
Simulated time: 2026-03-14 09:00:00 UTC (0 min 00 s into the lab)
$ lab list
  ID                     TITLE                    SUMMARY
  acceptance-test        A failed acceptance test A DGX-1 back from repair reaches less all-reduce bandwidth inside the node than its twin.
  after-maintenance      After maintenance        Since last week's rack maintenance, a four-node job is slower; every single-node test passes.
  after-reimage          A check after a reimage  The weekly 4-node all-reduce check reads half its usual bandwidth after one node was reimaged.
  hand-over              Hand-over                A slow port goes to the fabric team; collect the snapshot they need before anyone touches it.
  input-wait             Input wait               GPUs go idle between steps while the step log shows time waiting for batches.
* late-rank              Late rank                One rank reaches every all-reduce late and the other fifteen wait for it.
  multi-node-slowdown    Multi-node slowdown      One node alone is fast; four together run at half the expected all-reduce bandwidth.
  node-silent            A silent node            One node stopped answering and the job ended; find out through its BMC what happened and bring it back.
  save-fails             Failing saves            Every checkpoint save fails with "No space left on device" while df shows half the file system free.
  slower-after-restart   Slower after a restart   One rank of 32 computes slower than its peers while every GPU looks cool and healthy.
  slower-on-some-nodes   Slower on some nodes     The same job runs slower on one set of nodes than on another, with every link up and no errors.

`lab start ID` starts a lab (* marks the current one).
$ goal
Lab late-rank: Late rank

The pre-training job 48213 on node01 and node02 (16 ranks, data parallel) has become slower:
steps take far longer than the 1.8 s they took last week, and no node has failed. Find which
rank holds the others back and what on its node makes it slow, then name the component.

When you know the cause, name the component: answer COMPONENT (e.g. answer node01 gpu3 power cap). `hint` gives a hint.
$ hint
Hint 1 of 3: Start where the loop waits: `tail train.log`, and compare the (min, max) of each timer across ranks. Which phase has a wide spread?
$ hint
Hint 2 of 3: Each rank logs when it enters the all-reduce (allreduce_enter_ms) and how long it waits there (allreduce_wait_ms). Compare `tail -n 1 logs/rank-NN.log` across ranks; ranks 8-15 run on node02.
$ hint
Hint 3 of 3: On the late rank's node, compare the GPUs: `nvidia-smi --query-gpu=index,clocks.sm,temperature.gpu,clocks_event_reasons.active --format=csv`, then `nvidia-smi -q -d PERFORMANCE,TEMPERATURE -i N` for the odd one.
$ hint
No more hints (3 of 3 shown). `solutions` lists the reference procedures; `solutions lab` reveals this lab's worked solution.
$ solutions
Reference procedures, one per symptom (solutions TOPIC shows one):

  TOPIC      SYMPTOM                                  REFERENCE
  gpu        One node runs slower than its peers      /reference/nvidia-stack/gpu-data-path/
  nvlink     Local communication is slow              /reference/networking/nvlink-nvswitch/
  nccl       One node is fast; several are slow       /reference/networking/nccl/
  topology   Performance changes with placement       /reference/networking/topology/
  storage    Input reads and saves compete            /reference/storage/training-workloads/
  fabric     A link is active but the job regressed   /reference/operations/training-fabric-triage/
  oob        Host access disappears                   /reference/operations/out-of-band-management/
  snapshot   Evidence needs to be shared              /reference/operations/diagnostic-snapshot/

`solutions lab` reveals the worked solution of lab late-rank (it asks first: a revealed lab does not count as solved by you).
$ solutions gpu
Procedure: One node runs slower than its peers
Reference: /reference/nvidia-stack/gpu-data-path/
Evidence to keep: Clocks, temperatures, kernel durations, placement

1. $ tail train.log
   Look for: the (min, max) of backward-compute across ranks: a wide spread means one rank computes slower than the rest, and all-grads-sync's spread is every other rank waiting for it (forward-backward holds that wait too, so it reads about equal on every rank)
2. $ grep -c . logs/rank-00.log ; tail -n 2 logs/rank-05.log
   Look for: per-rank logs: the late rank starts its all-reduce last and waits ~0 ms in it; every other rank waits about the same time for it
3. $ ssh node02 nvidia-smi --query-gpu=index,clocks.sm,temperature.gpu,power.draw,clocks_event_reasons.active --format=csv
   Look for: one GPU with a lower SM clock than its peers (1980 MHz on a busy H100) and a non-zero reason mask
4. $ ssh node02 nvidia-smi -q -d PERFORMANCE,TEMPERATURE,POWER -i 5
   Look for: which clock-event reason is Active: HW Thermal Slowdown (temperature at the slowdown threshold), SW Power Cap with a lowered Power Limit, or HW Power Brake Slowdown
5. $ ssh node02 dcgmi diag -r 3
   Look for: a warning on that GPU: thermal or power violations under Diagnostic and Targeted Stress (the level 3 tests that load the GPU for minutes), ECC under GPU Memory
6. $ ssh node02 dmesg | grep -i xid
   Look for: Xid errors on the same GPU (79 fallen off the bus, 48/94/95 ECC, 63 row remap pending)
7. $ ipmitool -I lanplus -H node02-bmc -U admin -P admin sel elist
   Look for: BMC events that explain it: a GPU temperature going critical, a power supply failure before a power brake

Each step comes from /reference/nvidia-stack/gpu-data-path/.
$ solutions nosuch
solutions: no procedure called 'nosuch'. Topics: gpu nvlink nccl topology storage fabric oob snapshot lab
$ answer
usage: answer COMPONENT (e.g. answer node01 gpu3 power cap)
$ ssh node02
$ lab start input-wait
Started lab input-wait. The cluster is back to its starting state; you are on node01.

Lab input-wait: Input wait

The vision-language job 51877 (16 ranks on node01 and node02) has slowed down since early
afternoon: its steps take longer, and the GPUs show gaps of low use between steps. Nothing
changed in the job. Find where the training loop waits, follow that wait to what causes it,
and name the cause.

When you know the cause, name the component: answer COMPONENT (e.g. answer /scratch metadata latency). `hint` gives a hint.
$ hostname
node01
$ lab
Lab:            input-wait (Input wait)
Status:         in progress
Hints used:     0 of 4
Answers tried:  0
Commands:       2 (the worked solution takes 8)
Simulated time: 2026-05-06 14:20:00 UTC (0 min 00 s into the lab)
$ lab restart
Restarted lab input-wait. The cluster is back to its starting state; you are on node01.

Lab input-wait: Input wait

The vision-language job 51877 (16 ranks on node01 and node02) has slowed down since early
afternoon: its steps take longer, and the GPUs show gaps of low use between steps. Nothing
changed in the job. Find where the training loop waits, follow that wait to what causes it,
and name the cause.

When you know the cause, name the component: answer COMPONENT (e.g. answer /scratch metadata latency). `hint` gives a hint.
$ lab start nosuch
lab: no lab called 'nosuch'. `lab list` shows the labs.
$ lab bogus
usage: lab [status | list | start ID | restart]
