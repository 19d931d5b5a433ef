# lab: input-wait
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x H100 per node. You are on node01.

Lab input-wait: Input wait
The vision-language job 51877 (16 ranks on node01 and node02) has slowed down since early
afternoon: its steps take longer, and the GPUs show gaps of low use between steps. Nothing
changed in the job. Find where the training loop waits, follow that wait to what causes it,
and name the cause.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ goal
Lab input-wait: Input wait

The vision-language job 51877 (16 ranks on node01 and node02) has slowed down since early
afternoon: its steps take longer, and the GPUs show gaps of low use between steps. Nothing
changed in the job. Find where the training loop waits, follow that wait to what causes it,
and name the cause.

When you know the cause, name the component: answer COMPONENT (e.g. answer /scratch metadata latency). `hint` gives a hint.
$ hint
Hint 1 of 4: Where does the step spend its time? `tail train.log`: compare batch wait and the batch-generator timer with forward-backward.
$ tail train.log
    all-grads-sync .................................: (9.63, 9.91)
    optimizer ......................................: (19.96, 20.00)
[2026-05-06 14:19:52] iteration    22410/   99182 | consumed samples:    11473920 | elapsed time per iteration (ms): 902.0 | throughput per GPU (TFLOP/s/GPU): 141.7 | tokens per second: 290637 | learning rate: 2.637702E-04 | global batch size:   512 | lm loss: 1.853329E+00 | batch wait (ms): 265.4 | loss scale: 1.0 | grad norm: 0.808 | number of skipped iterations:   0 | number of nan iterations:   0 |
(min, max) time across ranks (ms):
    forward-backward ...............................: (882.02, 882.43)
    forward-compute ................................: (444.41, 480.00)
    backward-compute ...............................: (389.44, 393.89)
    batch-generator ................................: (247.94, 283.76)
    all-grads-sync .................................: (9.50, 9.78)
    optimizer ......................................: (19.96, 20.00)
$ tail -n 2 logs/rank-00.log ; tail -n 2 logs/rank-12.log
2026-05-06T14:19:59.118Z rank=00 node=node01 gpu=0 step=22418 batch_wait_ms=277.4 compute_ms=588.3 allreduce_enter_ms=865.7 allreduce_wait_ms=7.3 allreduce_ms=9.6 step_ms=902.7
2026-05-06T14:20:00.000Z rank=00 node=node01 gpu=0 step=22419 batch_wait_ms=254.2 compute_ms=586.2 allreduce_enter_ms=840.4 allreduce_wait_ms=30.0 allreduce_ms=9.6 step_ms=900.0
2026-05-06T14:19:59.118Z rank=12 node=node02 gpu=4 step=22418 batch_wait_ms=253.1 compute_ms=586.2 allreduce_enter_ms=839.3 allreduce_wait_ms=33.8 allreduce_ms=9.6 step_ms=902.7
2026-05-06T14:20:00.000Z rank=12 node=node02 gpu=4 step=22419 batch_wait_ms=283.4 compute_ms=587.0 allreduce_enter_ms=870.4 allreduce_wait_ms=0.1 allreduce_ms=9.6 step_ms=900.0
$ hint
Hint 2 of 4: Is it one rank or all of them? Compare batch_wait_ms in `tail -n 3 logs/rank-00.log` and a rank on node02 (8-15).
$ nvidia-smi --query-gpu=index,clocks.sm,utilization.gpu,power.draw --format=csv
index, clocks.current.sm [MHz], utilization.gpu [%], power.draw [W]
0, 1980 MHz, 69 %, 495.80 W
1, 1980 MHz, 68 %, 489.65 W
2, 1980 MHz, 69 %, 494.23 W
3, 1980 MHz, 69 %, 495.66 W
4, 1980 MHz, 67 %, 480.94 W
5, 1980 MHz, 68 %, 493.18 W
6, 1980 MHz, 69 %, 499.99 W
7, 1980 MHz, 69 %, 503.79 W
$ squeue
             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)
             51877     train  vlm-1b3     user  R    4:06:01      2 node[01-02]
             51914     train ckpt-sav   bkumar  R    1:38:18      4 gpu-b[01-04]
             51917     train ckpt-sav    mchen  R    2:16:05      4 gpu-b[05-08]
             51920     train ckpt-sav    jpark  R    2:33:06      4 gpu-b[09-12]
$ mount
sysfs on /sys type sysfs (rw,nosuid,nodev,noexec,relatime)
proc on /proc type proc (rw,nosuid,nodev,noexec,relatime)
udev on /dev type devtmpfs (rw,nosuid,relatime,size=1056730624k,nr_inodes=264182656,mode=755,inode64)
tmpfs on /run type tmpfs (rw,nosuid,nodev,noexec,relatime,size=211346124k,mode=755,inode64)
/dev/sda2 on / type ext4 (rw,relatime)
tmpfs on /dev/shm type tmpfs (rw,nosuid,nodev,inode64)
/dev/sda1 on /boot/efi type vfat (rw,relatime,fmask=0077,dmask=0077,codepage=437,iocharset=iso8859-1,shortname=mixed,errors=remount-ro)
10.0.0.251@o2ib:/lustrefs on /lustre type lustre (rw,flock,lazystatfs)
/dev/nvme0n1p1 on /scratch type ext4 (rw,relatime)
$ df -h
Filesystem                 Size  Used Avail Use% Mounted on
tmpfs                      202G  4.9M  202G   1% /run
/dev/sda2                  1.6T  289G  1.3T  19% /
tmpfs                     1008G   16G  993G   2% /dev/shm
/dev/sda1                  512M  6.0M  507M   2% /boot/efi
10.0.0.251@o2ib:/lustrefs  1.7P  1.1P  628T  64% /lustre
/dev/nvme0n1p1             7.0T  839G  5.8T  13% /scratch
$ iostat -x
Linux 6.8.0-60-generic (node01) 	05/06/2026 	_x86_64_	(224 CPU)

avg-cpu:  %user   %nice %system %iowait  %steal   %idle
            0.30    0.00    0.13    1.70    0.00   97.87

Device            r/s     rkB/s   rrqm/s  %rrqm r_await rareq-sz     w/s     wkB/s   wrqm/s  %wrqm w_await wareq-sz     d/s     dkB/s   drqm/s  %drqm d_await dareq-sz     f/s f_await  aqu-sz  %util
sda              3.60     86.31     0.00   0.00    0.09    24.00   33.08    529.33     2.65   7.40    0.03    16.00    0.00      0.00     0.00   0.00    0.00     0.00    0.40    0.50    0.00   0.14
nvme0n1          0.82     19.64     0.00   0.00    0.09    24.00    2.43     38.84     0.19   7.40    0.03    16.00    0.00      0.00     0.00   0.00    0.00     0.00    0.40    0.50    0.00   0.00

$ hint
Hint 3 of 4: Where does the input come from, and how fast does it answer? `mount` shows the file systems; `lctl get_param mdc.*.stats osc.*.stats` the Lustre client's RPC latencies (mean = sum / samples).
$ answer gpu
Not gpu: every GPU runs at its full 1980 MHz with no clock-event reason set; they go idle only while waiting for input.
$ answer network
Not network: all-grads-sync is short and even across ranks; communication is not what the step waits for.
$ answer cpu
Not cpu: the wait is the same on both nodes, and more loader workers would only queue more reads on the same file system; the bottleneck is what they read from.
$ answer checkpoint writers
Right: checkpoint writers. Lab input-wait solved in 15 commands (the worked solution takes 8), 3 of 4 hints.

Every rank waits for its next batch (batch-generator and batch_wait_ms are high on all 16
ranks alike), so the cause is shared by all of them: the input path. The images are read from
/lustre, where three other jobs are saving checkpoints at the same time; their writes take
most of the file system's throughput and queue its metadata operations, so the loaders can
no longer fetch a micro-batch in the time the GPUs take to compute one. Move input to a copy
on local NVMe (/scratch) or stagger the checkpoint windows, and raise prefetching.

Read next: Storage: training workloads (/reference/storage/training-workloads/)
$ lab
Lab:            input-wait (Input wait)
Status:         solved
Hints used:     3 of 4
Answers tried:  4
Commands:       16 (the worked solution takes 8)
Simulated time: 2026-05-06 14:20:17 UTC (0 min 17 s into the lab)
