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
$ goal
Lab slower-after-restart: Slower after a restart

The fine-tuning job 50377 (13B, 32 ranks on node01-node04, data parallel) was restarted this
morning on a new allocation. Since then every step takes about 3.9 s; last week the same job
on the same model took about 3.25 s a step. Nothing failed and nothing was redeployed. Find
what slows the job down, name the component, then repair it and show the step time healthy.

The lab is solved by both the diagnosis and the repair: name the cause with answer COMPONENT (e.g. answer node01 gpu3 thermal slowdown), then repair it and show that it works. `hint` gives a hint.
$ tail train.log
    all-grads-sync .................................: (131.57, 131.86)
    optimizer ......................................: (35.62, 36.68)
[2026-03-18 14:19:24] iteration     3110/  495910 | consumed samples:      398080 | elapsed time per iteration (ms): 3946.2 | throughput per GPU (TFLOP/s/GPU): 323.8 | tokens per second: 132860 | learning rate: 2.999709E-04 | global batch size:   128 | lm loss: 1.904137E+00 | batch wait (ms): 0.4 | loss scale: 1.0 | grad norm: 0.794 | number of skipped iterations:   0 | number of nan iterations:   0 |
(min, max) time across ranks (ms):
    forward-backward ...............................: (3909.52, 3910.04)
    forward-compute ................................: (1020.75, 1259.73)
    backward-compute ...............................: (2040.52, 2519.02)
    batch-generator ................................: (0.11, 0.68)
    all-grads-sync .................................: (130.75, 131.05)
    optimizer ......................................: (35.58, 36.68)
$ grep -h step=3115 logs/rank-*.log | sort -t= -k7 -n | tail -n 3
2026-03-18T14:19:44.280Z rank=03 node=node01 gpu=3 step=3115 batch_wait_ms=0.6 compute_ms=3092.7 allreduce_enter_ms=3093.4 allreduce_wait_ms=689.6 allreduce_ms=131.5 step_ms=3951.1
2026-03-18T14:19:44.280Z rank=06 node=node01 gpu=6 step=3115 batch_wait_ms=0.4 compute_ms=3093.0 allreduce_enter_ms=3093.4 allreduce_wait_ms=689.6 allreduce_ms=131.5 step_ms=3951.1
2026-03-18T14:19:44.280Z rank=22 node=node03 gpu=6 step=3115 batch_wait_ms=0.3 compute_ms=3782.6 allreduce_enter_ms=3782.9 allreduce_wait_ms=0.0 allreduce_ms=131.5 step_ms=3951.1
$ ssh node03 nvidia-smi --query-gpu=index,clocks.sm,temperature.gpu,power.draw,power.limit,clocks_event_reasons.active --format=csv
index, clocks.current.sm [MHz], temperature.gpu, power.draw [W], power.limit [W], clocks_event_reasons.active
0, 1980 MHz, 61, 690.11 W, 700.00 W, 0x0000000000000000
1, 1980 MHz, 84, 686.23 W, 700.00 W, 0x0000000000000000
2, 1980 MHz, 59, 685.97 W, 700.00 W, 0x0000000000000000
3, 1980 MHz, 62, 686.67 W, 700.00 W, 0x0000000000000000
4, 1980 MHz, 61, 686.98 W, 700.00 W, 0x0000000000000000
5, 1950 MHz, 59, 698.23 W, 700.00 W, 0x0000000000000004
6, 1635 MHz, 47, 449.24 W, 450.00 W, 0x0000000000000004
7, 1980 MHz, 59, 689.25 W, 700.00 W, 0x0000000000000000
$ ssh node03 nvidia-smi -q -d PERFORMANCE,POWER -i 6

==============NVSMI LOG==============

Timestamp                                 : Wed Mar 18 14:20:08 2026
Driver Version                            : 570.133.20
CUDA Version                              : 12.8

Attached GPUs                             : 8
GPU 00000000:D1:00.0
    Performance State                     : P0
    Clocks Event Reasons
        Idle                              : Not Active
        Applications Clocks Setting       : Not Active
        SW Power Cap                      : Active
        HW Slowdown                       : Not Active
            HW Thermal Slowdown           : Not Active
            HW Power Brake Slowdown       : Not Active
        Sync Boost                        : Not Active
        SW Thermal Slowdown               : Not Active
        Display Clock Setting             : Not Active
    Clocks Event Reasons Counters
        SW Power Capping                  : 8517241058 us
        Sync Boost                        : 0 us
        SW Thermal Slowdown               : 0 us
        HW Thermal Slowdown               : 0 us
        HW Power Braking                  : 0 us
    GPU Power Readings
        Average Power Draw                : 449.22 W
        Instantaneous Power Draw          : 447.90 W
        Current Power Limit               : 450.00 W
        Requested Power Limit             : 450.00 W
        Default Power Limit               : 700.00 W
        Min Power Limit                   : 200.00 W
        Max Power Limit                   : 700.00 W

$ ipmitool -I lanplus -H node03-bmc -U admin -P admin sel elist
   1 | 03/14/2026 | 23:40:16 | System ACPI Power State ACPI State | S5/G2: soft-off | Asserted
   2 | 03/14/2026 | 23:40:51 | System ACPI Power State ACPI State | S0/G0: working | Asserted
   3 | 03/15/2026 | 14:15:00 | Power Supply PSU2 | Power Supply AC lost | Asserted
   4 | 03/15/2026 | 14:20:00 | Power Supply PSU2 | Power Supply AC lost | Deasserted
$ ipmitool -I lanplus -H node03-bmc -U admin -P admin sdr type "Power Supply"
PS1 Status       | 50h | ok  | 10.1 | Presence detected
PS2 Status       | 51h | ok  | 10.1 | Presence detected
PS3 Status       | 52h | ok  | 10.1 | Presence detected
PS4 Status       | 53h | ok  | 10.1 | Presence detected
PS5 Status       | 54h | ok  | 10.1 | Presence detected
PS6 Status       | 55h | ok  | 10.1 | Presence detected
$ answer node03 gpu6 power cap lowered to 450 W
Right: node03 gpu6 power cap lowered to 450 W. That is the cause.

Now repair it and show that it works again. Changes on a node need root there (sudo). The lab is solved when a new line of train.log shows a healthy step time.
$ ssh node03 sudo nvidia-smi -pl 700 -i 6
Power limit for GPU 00000000:D1:00.0 was set to 700.00 W from 450.00 W.
All done.
$ tail -n 1 logs/rank-22.log
2026-03-18T14:20:19.648Z rank=22 node=node03 gpu=6 step=3124 batch_wait_ms=0.3 compute_ms=3777.3 allreduce_enter_ms=3777.6 allreduce_wait_ms=0.0 allreduce_ms=132.7 step_ms=3946.9
$ sleep 40; tail -n 9 train.log
    optimizer ......................................: (35.57, 36.68)
[2026-03-18 14:20:39] iteration     3130/  495910 | consumed samples:      400640 | elapsed time per iteration (ms): 3254.0 | throughput per GPU (TFLOP/s/GPU): 392.7 | tokens per second: 161120 | learning rate: 2.999705E-04 | global batch size:   128 | lm loss: 1.921767E+00 | batch wait (ms): 0.4 | loss scale: 1.0 | grad norm: 0.795 | number of skipped iterations:   0 | number of nan iterations:   0 |
(min, max) time across ranks (ms):
    forward-backward ...............................: (3224.11, 3224.55)
    forward-compute ................................: (1020.03, 1031.02)
    backward-compute ...............................: (2039.17, 2061.33)
    batch-generator ................................: (0.11, 0.68)
    all-grads-sync .................................: (131.69, 131.97)
    optimizer ......................................: (29.95, 30.00)

Fixed and verified: GPU 6 on node03 runs at its full clock again and the step is back to about 3.25 s. Lab slower-after-restart solved in 11 commands (the worked solution takes 8), 0 of 4 hints.

Rank 22 runs on node03 GPU 6. Its enforced power limit is 450 W where its peers have the
700 W default (nvidia-smi -q -d POWER: Current Power Limit 450 W, Default 700 W), so SW Power
Cap (0x4) holds its SM clock near 1600 MHz to keep it under the limit. Its forward and backward
take about 23 % longer, it reaches every gradient all-reduce last, and the 31 other ranks wait
that difference inside the all-reduce. SW Power Cap is normal on a GPU that runs at its limit;
what is abnormal is the limit. A power limit set with nvidia-smi -pl holds until it is set back
or the driver is reloaded, and nothing resets it to the default: a power-budget test or a
tuning script that lowered it left it behind. Set it back with nvidia-smi -pl 700 (or the
site's value), and check Current against Default Power Limit on every GPU after maintenance.

Read next: NVIDIA Stack: GPU data path (/reference/nvidia-stack/gpu-data-path/)
$ lab
Lab:            slower-after-restart (Slower after a restart)
Status:         solved
Hints used:     0 of 4
Answers tried:  1
Commands:       12 (the worked solution takes 8)
Simulated time: 2026-03-18 14:21:05 UTC (1 min 05 s into the lab)
Diagnosis:      named
Fix:            verified
Solved when:    both: the diagnosis named and the fix verified
