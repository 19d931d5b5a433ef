# scenario: tests/emulator/fixtures/time_loader.yaml
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x H100 per node. You are on node01.

No lab is started: `lab list` shows the labs, `lab start ID` opens one.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ grep saving train.log | tail -2
[2026-06-03 09:52:56] saving checkpoint at iteration     900 to /checkpoints
[2026-06-03 09:56:31] saving checkpoint at iteration     950 to /checkpoints
$ nvidia-smi --query-gpu=index,utilization.gpu --format=csv,noheader -i 0 -l 5
0, 100 %
0, 0 %
0, 0 %
0, 0 %
0, 0 %
$ nfsiostat 1 /checkpoints | grep -A1 write
write:             ops/s            kB/s           kB/op         retrans    avg RTT (ms)    avg exe (ms)  avg queue (ms)          errors
                  19.415       19881.284        1024.000        0 (0.0%)          16.865         236.106         219.242        0 (0.0%)
--
write:             ops/s            kB/s           kB/op         retrans    avg RTT (ms)    avg exe (ms)  avg queue (ms)          errors
                 950.414      973223.996        1024.000        0 (0.0%)          16.835         235.687         218.852        0 (0.0%)
--
write:             ops/s            kB/s           kB/op         retrans    avg RTT (ms)    avg exe (ms)  avg queue (ms)          errors
                 929.578      951887.595        1024.000        0 (0.0%)          17.212         240.970         223.758        0 (0.0%)
$ sleep 60
$ nvidia-smi --query-gpu=index,utilization.gpu --format=csv,noheader -i 0
0, 100 %
$ nfsiostat 1 /checkpoints | grep -A1 write
write:             ops/s            kB/s           kB/op         retrans    avg RTT (ms)    avg exe (ms)  avg queue (ms)          errors
                   0.258           0.955           3.700        0 (0.0%)           0.503           0.503           0.000        0 (0.0%)
--
write:             ops/s            kB/s           kB/op         retrans    avg RTT (ms)    avg exe (ms)  avg queue (ms)          errors
                   0.268           0.991           3.700        0 (0.0%)           0.503           0.503           0.000        0 (0.0%)
--
write:             ops/s            kB/s           kB/op         retrans    avg RTT (ms)    avg exe (ms)  avg queue (ms)          errors
                   0.265           0.980           3.700        0 (0.0%)           0.503           0.503           0.000        0 (0.0%)
$ grep -E 'step=100[01] ' logs/rank-00.log | cut -d' ' -f1,5,6
2026-06-03T10:00:56.168Z step=1000 batch_wait_ms=4000.5
2026-06-03T10:00:59.337Z step=1001 batch_wait_ms=0.6
$ sleep 90
$ grep -E 'step=102[4-6] ' logs/rank-00.log | cut -d' ' -f1,5,6,12
2026-06-03T10:02:12.212Z step=1024 batch_wait_ms=0.6
2026-06-03T10:02:19.381Z step=1025 batch_wait_ms=4000.5
2026-06-03T10:02:22.549Z step=1026 batch_wait_ms=0.6
$ grep -E 'step=1025 ' logs/rank-09.log | cut -d' ' -f2,5,6
rank=09 step=1025 batch_wait_ms=4000.4
$ sleep 1800
$ ssh node01 nvidia-smi --query-gpu=index,utilization.gpu --format=csv -i 0,3
index, utilization.gpu [%]
0, 100 %
3, 0 %
$ py-spy dump --pid 451820 | head -6
Process 451820: python -u train.py --config configs/pretrain-7b.yaml
Python v3.10.12 (/usr/bin/python3.10)

Thread 451820 (idle): "MainThread"
    wait (threading.py:324)
    get (queue.py:180)
$ ps -o pid,stat,pcpu,comm -p 451817,451820
    PID STAT %CPU COMMAND
 451817 Rl    112 pt_main_thread
 451820 Sl    109 pt_main_thread
$ sleep 600
$ tail -n 5 train.log | cut -c1-160
[2026-06-03 10:40:00] [rank0]:[E0603 10:40:00.062148264 ProcessGroupNCCL.cpp:627] [Rank 0] To avoid data inconsistency, we are taking the entire process down.
[2026-06-03 10:40:01] terminate called after throwing an instance of 'c10::DistBackendError'
[2026-06-03 10:40:02] srun: error: node01: tasks 0-7: Aborted (core dumped)
[2026-06-03 10:40:02] srun: error: node02: tasks 8-15: Aborted (core dumped)
[2026-06-03 10:40:03] srun: Terminating StepId=62000.0
$ scontrol show job 62000 | grep JobState
   JobState=FAILED Reason=NonZeroExitCode Dependency=(null)
