# lab: late-rank
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x H100 per node. You are on node01.

Lab late-rank: Late rank
The pre-training job 48213 on node01 and node02 (16 ranks, data parallel) has become slower:
steps take far longer than the 1.8 s they took last week, and no node has failed. Find which
rank holds the others back and what on its node makes it slow, then name the component.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ solutions lab
This shows the answer to lab late-rank, which then no longer counts as solved by you.
$ n
Not revealed. `hint` gives the next hint.
$ lab
Lab:            late-rank (Late rank)
Status:         in progress
Hints used:     0 of 3
Answers tried:  0
Commands:       2 (the worked solution takes 6)
Simulated time: 2026-03-14 09:00:00 UTC (0 min 00 s into the lab)
$ solutions lab
This shows the answer to lab late-rank, which then no longer counts as solved by you.
$ y
Worked solution of lab late-rank: Late rank

1. $ tail train.log
   Look for: forward-compute and backward-compute have a max about twice their min while forward-backward is the same on every rank: one rank computes slowly and the rest wait for it (in the barrier before all-grads-sync, which itself stays narrow)
   From: /reference/nvidia-stack/gpu-data-path/
2. $ tail -n 1 logs/rank-13.log ; tail -n 1 logs/rank-00.log
   Look for: rank 13 enters the all-reduce last (largest allreduce_enter_ms, allreduce_wait_ms near 0); rank 0 waits about a second in it
   From: /reference/networking/nccl/
3. $ ssh node02 nvidia-smi --query-gpu=index,clocks.sm,temperature.gpu,power.draw,clocks_event_reasons.active --format=csv
   Look for: GPU 5 at about 1000 MHz and 90 C with mask 0x0000000000000068 (HW slowdown, SW and HW thermal slowdown); the others at 1980 MHz
   From: /reference/nvidia-stack/gpu-data-path/
4. $ ssh node02 nvidia-smi -q -d PERFORMANCE,TEMPERATURE -i 5
   Look for: HW Thermal Slowdown Active; GPU Current Temp above GPU Slowdown Temp
   From: /reference/nvidia-stack/gpu-data-path/
5. $ ipmitool -I lanplus -H node02-bmc -U admin -P admin sel elist
   Look for: Temperature GPU5 Temp, Upper Critical going high, asserted about 90 minutes ago
   From: /reference/operations/out-of-band-management/

Answer: node02 gpu5 thermal slowdown
Rank 13 runs on node02 GPU 5. That GPU sits at 90 C, above its 89 C slowdown threshold, so
the hardware thermal slowdown halves its SM clock (about 1000 MHz against 1980 MHz on its
peers). Its forward and backward take twice as long, it reaches every gradient all-reduce last,
and the 15 other ranks spend that difference waiting for it: the step log's forward-compute
and backward-compute max stand about twice their min, while forward-backward and
all-grads-sync read the same on every rank, because Megatron starts all-grads-sync after a
barrier (by default; only --no-barrier-with-level-1-timing turns it off) and the others wait in
that barrier, in no timer of their own. Fix the cooling (airflow, fan,
inlet temperature) and the BMC's temperature events stop; until then, drain node02 or
replace the rank.

Read next: NVIDIA Stack: GPU data path (/reference/nvidia-stack/gpu-data-path/)
$ answer node02 gpu5 thermal
Right: node02 gpu5 thermal.

Rank 13 runs on node02 GPU 5. That GPU sits at 90 C, above its 89 C slowdown threshold, so
the hardware thermal slowdown halves its SM clock (about 1000 MHz against 1980 MHz on its
peers). Its forward and backward take twice as long, it reaches every gradient all-reduce last,
and the 15 other ranks spend that difference waiting for it: the step log's forward-compute
and backward-compute max stand about twice their min, while forward-backward and
all-grads-sync read the same on every rank, because Megatron starts all-grads-sync after a
barrier (by default; only --no-barrier-with-level-1-timing turns it off) and the others wait in
that barrier, in no timer of their own. Fix the cooling (airflow, fan,
inlet temperature) and the BMC's temperature events stop; until then, drain node02 or
replace the rank.

The worked solution was revealed before, so this lab is not counted as solved by you. `lab restart` to try again from the start.
Read next: NVIDIA Stack: GPU data path (/reference/nvidia-stack/gpu-data-path/)
$ lab
Lab:            late-rank (Late rank)
Status:         solved after revealing the solution (not counted as solved by you)
Hints used:     0 of 3
Answers tried:  1
Commands:       5 (the worked solution takes 6)
Simulated time: 2026-03-14 09:00:00 UTC (0 min 00 s into the lab)
