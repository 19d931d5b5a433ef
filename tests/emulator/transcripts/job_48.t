# scenario: tests/emulator/fixtures/job-48.yaml
Training Infrastructure Handbook: cluster emulator
Cluster trn: 48 nodes (node01-node48), 8 x H100 per node. You are on node01.

No lab is started: `lab list` shows the labs, `lab start ID` opens one.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ sinfo
PARTITION AVAIL  TIMELIMIT  NODES  STATE NODELIST
train        up 7-00:00:00     48  alloc node[01-48]
$ squeue
             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)
             77001     train pretrain     user  R 1-00:00:08     48 node[01-48]
$ scontrol show job 77001
JobId=77001 JobName=pretrain-70b
   UserId=user(1000) GroupId=user(1000) MCS_label=N/A
   JobState=RUNNING Reason=None Dependency=(null)
   Requeue=1 Restarts=0 BatchFlag=1 Reboot=0 ExitCode=0:0
   RunTime=1-00:00:12 TimeLimit=7-00:00:00 TimeMin=N/A
   SubmitTime=2026-07-01T02:59:30 EligibleTime=2026-07-01T02:59:30
   AccrueTime=2026-07-01T02:59:30
   StartTime=2026-07-01T03:00:00 EndTime=2026-07-08T03:00:00 Deadline=N/A
   Partition=train AllocNode:Sid=login01:4001
   NodeList=node[01-48]
   BatchHost=node01
   NumNodes=48 NumCPUs=10752 NumTasks=384 CPUs/Task=28
   TRES=cpu=10752,mem=86400G,node=48,billing=10752,gres/gpu=384
   Command=/home/user/train.sbatch
   WorkDir=/home/user
   StdErr=/home/user/train.log
   StdOut=/home/user/train.log
$ grep elapsed train.log | tail -n 2
[2026-07-02 02:58:21] iteration    11980/  890096 | consumed samples:     2300160 | elapsed time per iteration (ms): 5237.7 | throughput per GPU (TFLOP/s/GPU): 378.8 | tokens per second: 300298 | learning rate: 2.998659E-04 | global batch size:   192 | lm loss: 2.607484E+00 | batch wait (ms): 0.4 | loss scale: 1.0 | grad norm: 0.758 | number of skipped iterations:   0 | number of nan iterations:   0 |
[2026-07-02 02:59:13] iteration    11990/  890096 | consumed samples:     2302080 | elapsed time per iteration (ms): 5238.1 | throughput per GPU (TFLOP/s/GPU): 378.8 | tokens per second: 300273 | learning rate: 2.998657E-04 | global batch size:   192 | lm loss: 2.605169E+00 | batch wait (ms): 0.4 | loss scale: 1.0 | grad norm: 0.818 | number of skipped iterations:   0 | number of nan iterations:   0 |
$ srun --jobid=77001 --overlap -N 48 --ntasks-per-node=8 all_reduce_perf -b 512M -e 8G -f 2 -g 1 | tail -n 9
   536870912     134217728     float     sum      -1   3288.2  163.27  325.69      0   3357.5  159.90  318.97      0
  1073741824     268435456     float     sum      -1   6371.7  168.52  336.16      0   6572.3  163.37  325.89      0
  2147483648     536870912     float     sum      -1    12528  171.42  341.95      0    12967  165.61  330.35      0
  4294967296    1073741824     float     sum      -1    25007  171.75  342.60      0    25804  166.44  332.02      0
  8589934592    2147483648     float     sum      -1    50294  170.79  340.70      0    49775  172.57  344.25      0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 333.858 
#

$ NCCL_ALGO=Ring srun --jobid=77001 --overlap -N 48 --ntasks-per-node=8 all_reduce_perf -b 8G -e 8G -g 1 | tail -n 5
  8589934592    2147483648     float     sum      -1    49301  174.24  347.56      0    49775  172.58  344.25      0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 345.909 
#

$ ssh node48 nvidia-smi --query-gpu=index,temperature.gpu,clocks.sm,power.draw,utilization.gpu --format=csv
index, temperature.gpu, clocks.current.sm [MHz], power.draw [W], utilization.gpu [%]
0, 58, 1950 MHz, 698.24 W, 100 %
1, 60, 1950 MHz, 696.93 W, 100 %
2, 62, 1980 MHz, 681.92 W, 100 %
3, 61, 1980 MHz, 687.95 W, 100 %
4, 61, 1980 MHz, 689.33 W, 100 %
5, 61, 1980 MHz, 684.75 W, 100 %
6, 59, 1980 MHz, 685.58 W, 100 %
7, 62, 1965 MHz, 695.35 W, 100 %
$ tail -q -n 1 logs/rank-*.log | sort -t= -k8 -n | tail -n 2
2026-07-02T03:01:01.266Z rank=294 node=node37 gpu=6 step=12007 batch_wait_ms=0.3 compute_ms=5045.6 allreduce_enter_ms=5045.9 allreduce_wait_ms=0.3 allreduce_ms=166.8 step_ms=5237.9
2026-07-02T03:01:01.266Z rank=71 node=node09 gpu=7 step=12007 batch_wait_ms=0.6 compute_ms=5045.6 allreduce_enter_ms=5046.2 allreduce_wait_ms=0.0 allreduce_ms=166.8 step_ms=5237.9
$ lfs df -h /lustre | tail -n 3
lustrefs-OST000f_UUID          109.1T       62.9T       46.2T  58% /lustre[OST:15]

filesystem_summary:              1.7P     1000.4T      745.8T  58% /lustre
