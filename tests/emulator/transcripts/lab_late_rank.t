# lab: late-rank
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x H100 per node. You are on node01.

Lab late-rank: Late rank
The pre-training job 48213 on node01 and node02 (16 ranks, data parallel) has become slower:
steps take far longer than the 1.8 s they took last week, and no node has failed. Find which
rank holds the others back and what on its node makes it slow, then name the component.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ goal
Lab late-rank: Late rank

The pre-training job 48213 on node01 and node02 (16 ranks, data parallel) has become slower:
steps take far longer than the 1.8 s they took last week, and no node has failed. Find which
rank holds the others back and what on its node makes it slow, then name the component.

When you know the cause, name the component: answer COMPONENT (e.g. answer node01 gpu3 power cap). `hint` gives a hint.
$ squeue
             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)
             48213     train pretrain     user  R    3:11:18      2 node[01-02]
$ hint
Hint 1 of 3: Start where the loop waits: `tail train.log`, and compare the (min, max) of each timer across ranks. Which phase has a wide spread?
$ tail train.log
    all-grads-sync .................................: (111.30, 111.54)
    optimizer ......................................: (46.04, 50.00)
[2026-03-14 09:00:03] iteration     5230/  534057 | consumed samples:      334720 | elapsed time per iteration (ms): 3641.0 | throughput per GPU (TFLOP/s/GPU): 189.0 | tokens per second: 71997 | learning rate: 2.999290E-04 | global batch size:    64 | lm loss: 2.421395E+00 | batch wait (ms): 0.3 | loss scale: 1.0 | grad norm: 0.832 | number of skipped iterations:   0 | number of nan iterations:   0 |
(min, max) time across ranks (ms):
    forward-backward ...............................: (3591.12, 3591.54)
    forward-compute ................................: (577.03, 1160.67)
    backward-compute ...............................: (1153.76, 2320.78)
    batch-generator ................................: (0.12, 0.63)
    all-grads-sync .................................: (109.58, 109.88)
    optimizer ......................................: (46.03, 50.00)
$ hint
Hint 2 of 3: Each rank logs when it enters the all-reduce (allreduce_enter_ms) and how long it waits there (allreduce_wait_ms). Compare `tail -n 1 logs/rank-NN.log` across ranks; ranks 8-15 run on node02.
$ tail -n 1 logs/rank-13.log ; tail -n 1 logs/rank-00.log
2026-03-14T09:00:03.639Z rank=13 node=node02 gpu=5 step=5230 batch_wait_ms=0.3 compute_ms=3481.2 allreduce_enter_ms=3481.4 allreduce_wait_ms=0.0 allreduce_ms=109.6 step_ms=3641.0
2026-03-14T09:00:03.639Z rank=00 node=node01 gpu=0 step=5230 batch_wait_ms=0.5 compute_ms=1744.0 allreduce_enter_ms=1744.5 allreduce_wait_ms=1737.0 allreduce_ms=109.6 step_ms=3641.0
$ tail -q -n 1 logs/rank-*.log | sort -t= -k8 -n | tail -1 | cut -d' ' -f2-4
rank=13 node=node02 gpu=5
$ hint
Hint 3 of 3: On the late rank's node, compare the GPUs: `nvidia-smi --query-gpu=index,clocks.sm,temperature.gpu,clocks_event_reasons.active --format=csv`, then `nvidia-smi -q -d PERFORMANCE,TEMPERATURE -i N` for the odd one.
$ ssh node02 nvidia-smi --query-gpu=index,clocks.sm,temperature.gpu,power.draw,clocks_event_reasons.active --format=csv
index, clocks.current.sm [MHz], temperature.gpu, power.draw [W], clocks_event_reasons.active
0, 1980 MHz, 60, 682.14 W, 0x0000000000000000
1, 1950 MHz, 60, 697.43 W, 0x0000000000000004
2, 1980 MHz, 61, 681.78 W, 0x0000000000000000
3, 1965 MHz, 58, 694.06 W, 0x0000000000000004
4, 1980 MHz, 59, 690.13 W, 0x0000000000000000
5, 990 MHz, 90, 226.63 W, 0x0000000000000068
6, 1965 MHz, 59, 696.06 W, 0x0000000000000004
7, 1980 MHz, 62, 686.36 W, 0x0000000000000000
$ ssh node02 nvidia-smi -q -d PERFORMANCE,TEMPERATURE -i 5

==============NVSMI LOG==============

Timestamp                                 : Sat Mar 14 09:00:12 2026
Driver Version                            : 570.133.20
CUDA Version                              : 12.8

Attached GPUs                             : 8
GPU 00000000:C3:00.0
    Performance State                     : P0
    Clocks Event Reasons
        Idle                              : Not Active
        Applications Clocks Setting       : Not Active
        SW Power Cap                      : Not Active
        HW Slowdown                       : Active
            HW Thermal Slowdown           : Active
            HW Power Brake Slowdown       : Not Active
        Sync Boost                        : Not Active
        SW Thermal Slowdown               : Active
        Display Clock Setting             : Not Active
    Clocks Event Reasons Counters
        SW Power Capping                  : 0 us
        Sync Boost                        : 0 us
        SW Thermal Slowdown               : 5412326752 us
        HW Thermal Slowdown               : 5412326752 us
        HW Power Braking                  : 0 us
    Temperature
        GPU Current Temp                  : 90 C
        GPU T.Limit Temp                  : -3 C
        GPU Shutdown Temp                 : 92 C
        GPU Slowdown Temp                 : 89 C
        GPU Max Operating Temp            : 87 C
        GPU Target Temperature            : N/A
        Memory Current Temp               : 92 C
        Memory Max Operating Temp         : 95 C

$ ipmitool -I lanplus -H node02-bmc -U admin -P admin sel elist
   1 | 03/08/2026 | 06:56:07 | System ACPI Power State ACPI State | S5/G2: soft-off | Asserted
   2 | 03/08/2026 | 06:56:42 | System ACPI Power State ACPI State | S0/G0: working | Asserted
   3 | 03/14/2026 | 07:30:00 | Temperature GPU5 Temp | Upper Critical going high | Asserted | Reading 90 > Threshold 87 degrees C
$ hint
No more hints (3 of 3 shown). `solutions` lists the reference procedures; `solutions lab` reveals this lab's worked solution.
$ answer network
Not network: the all-reduce itself is short once every rank has arrived (see allreduce_ms in any rank log); the ranks spend their time waiting in it for one late rank. Find that rank.
$ answer storage
Not storage: batch-generator time is about a millisecond on every rank, so input is never what the step waits for.
$ answer node02
Partly right: node02 is the right node, but which part of it? Name the GPU.
$ answer node01 gpu2
Not node01 gpu2: node01 GPU 2 has three corrected ECC errors, which ECC handles without slowing the GPU; its clocks and its rank's timings match its peers.
$ answer thermal
Partly right: that is the mechanism; name the component it acts on (which node and GPU).
$ answer node02 gpu5 thermal
Right: node02 gpu5 thermal. Lab late-rank solved in 18 commands (the worked solution takes 6), 3 of 3 hints.

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
$ lab
Lab:            late-rank (Late rank)
Status:         solved
Hints used:     3 of 3
Answers tried:  6
Commands:       19 (the worked solution takes 6)
Simulated time: 2026-03-14 09:00:17 UTC (0 min 17 s into the lab)
