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
$ help ps
ps: report the node's processes (the job's ranks and DataLoader workers)
usage: ps [aux | -ef | -e] [-o LIST] [-p PID] [--ppid PID] [-u USER] [-C NAME] [--sort=-pcpu]
  LIST: pid,ppid,user,stat,pcpu,pmem,rss,vsz,nlwp,etime,time,psr,comm,args ...
  e.g. ps -o pid,stat,pcpu,comm --ppid PID   the DataLoader workers of a rank
$ ps
    PID TTY          TIME CMD
   4200 pts/0    00:00:00 bash
 900001 pts/0    00:00:00 ps
$ ps aux | head -3
USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND
root           1  0.1  0.0 168000 14200 ?        Ss   May04   3:02 /sbin/init
root           2  0.0  0.0      0     0 ?        I<   May04   0:14 [kthreadd]
$ ps -ef | grep -c 'train.py'
56
$ ps -o pid,ppid,stat,pcpu,nlwp,comm --ppid 333516 | head -4
    PID    PPID STAT %CPU NLWP COMMAND
 333524  333516 Dl    1.8    3 pt_data_worker
 333525  333516 Dl    1.9    3 pt_data_worker
 333526  333516 Dl    1.8    3 pt_data_worker
$ ps -eo pid,stat,pcpu,comm --sort=-pcpu | head -4
    PID STAT %CPU COMMAND
 333516 Rl   83.8 pt_main_thread
 333523 Rl   83.8 pt_main_thread
 333518 Rl   83.7 pt_main_thread
$ top -b -n 1 | head -12
top - 14:20:18 up 2 days,  2:36,  1 user,  load average: 51.65, 53.87, 53.78
Tasks:  74 total,   4 running,  70 sleeping,   0 stopped,   0 zombie
%Cpu(s):  0.3 us,  0.1 sy,  0.0 ni, 97.9 id,  1.7 wa,  0.0 hi,  0.1 si,  0.0 st 
MiB Mem :2063927.0 total,1346629.7 free, 131502.9 used, 585794.4 buff/cache     
MiB Swap:      0.0 total,      0.0 free,      0.0 used.1875001.2 avail Mem 

    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND
 333516 user      20   0  224.0g   9.8g   1.9g R  82.9   0.5 204:09.74 pt_main_thread
 333517 user      20   0  224.0g   9.6g   1.9g R  82.6   0.5 203:18.10 pt_main_thread
 333518 user      20   0  224.0g   9.7g   1.9g R  81.9   0.5 201:33.63 pt_main_thread
 333520 user      20   0  224.0g   9.3g   1.9g S  81.0   0.5 199:27.22 pt_main_thread
 333519 user      20   0  224.0g   9.5g   1.9g S  80.3   0.5 197:44.75 pt_main_thread
$ top -b -n 2 -d 5 -p 333516,333524 | tail -9
top - 14:20:27 up 2 days,  2:36,  1 user,  load average: 54.63, 53.87, 53.78
Tasks:  74 total,   6 running,  68 sleeping,   0 stopped,   0 zombie
%Cpu(s):  3.0 us,  0.3 sy,  0.0 ni, 75.6 id, 21.0 wa,  0.0 hi,  0.1 si,  0.0 st 
MiB Mem :2063927.0 total,1347747.8 free, 131502.9 used, 584676.4 buff/cache     
MiB Swap:      0.0 total,      0.0 free,      0.0 used.1875057.1 avail Mem 

    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND
 333516 user      20   0  224.0g   9.8g   1.9g R  82.6   0.5 203:23.67 pt_main_thread
 333524 user      20   0  198.0g   2.4g   1.5g D   1.9   0.1   4:46.60 pt_data_worker
$ uptime
 14:20:30 up 2 days,  2:36,  1 user,  load average: 51.76, 53.87, 53.78
$ uptime -p
up 2 days, 2 hours, 36 minutes
$ nproc
224
$ free
               total        used        free      shared  buff/cache   available
Mem:     2113461248   193376136  1380625695    16411230   598176606  1920085111
Swap:             0           0           0
$ free -h
               total        used        free      shared  buff/cache   available
Mem:          2.0Ti       184Gi       1.3Ti        15Gi       571Gi       1.8Ti
Swap:            0B          0B          0B
$ free -g -w
               total        used        free      shared     buffers       cache   available
Mem:           2015         184        1316          15           1         568        1831
Swap:             0           0           0
$ vmstat 1 3
procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----
 r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st
 6 48      0 1383349643 1900000 593552659    0    0   105   569 1150 2162  0  0 98  2  0
 6 46      0 1383150894 1900000 593751408    0    0   105   938 3274 7773  3  0 76 21  0
 8 48      0 1383652503 1900000 593249799    0    0   106   936 3320 7885  3  0 76 21  0
$ mpstat
Linux 6.8.0-60-generic (node01) 	05/06/2026 	_x86_64_	(224 CPU)

02:20:59 PM  CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle
02:20:59 PM  all    0.30    0.00    0.06    1.71    0.00    0.07    0.00    0.00    0.00   97.86
$ mpstat -P 0,1 5 1
Linux 6.8.0-60-generic (node01) 	05/06/2026 	_x86_64_	(224 CPU)

02:21:06 PM  CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle
02:21:06 PM    0    3.10    0.00    0.29   21.03    0.00    0.02    0.00    0.00    0.00   75.56
02:21:06 PM    1    3.07    0.00    0.29   21.03    0.00    0.02    0.00    0.00    0.00   75.60

Average:     CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle
Average:       0    3.10    0.00    0.29   21.03    0.00    0.02    0.00    0.00    0.00   75.56
Average:       1    3.07    0.00    0.29   21.03    0.00    0.02    0.00    0.00    0.00   75.60
$ pidstat -p 333516,333524
Linux 6.8.0-60-generic (node01) 	05/06/2026 	_x86_64_	(224 CPU)

02:21:09 PM   UID       PID    %usr %system  %guest   %wait    %CPU   CPU  Command
02:21:09 PM  1000    333516   77.60    5.84    0.00    0.00   83.44   220  pt_main_thread
02:21:09 PM  1000    333524    1.67    0.23    0.00    0.00    1.90    74  pt_data_worker
$ pidstat -d -C pt_data | head -6
Linux 6.8.0-60-generic (node01) 	05/06/2026 	_x86_64_	(224 CPU)

02:21:12 PM   UID       PID   kB_rd/s   kB_wr/s kB_ccwr/s iodelay  Command
02:21:12 PM  1000    333524   3666.69      0.08      0.00       0  pt_data_worker
02:21:12 PM  1000    333525   3666.69      0.08      0.00       0  pt_data_worker
02:21:12 PM  1000    333526   3666.69      0.08      0.00       0  pt_data_worker
$ grep -E '^(Name|State|Cpus_allowed_list|Threads|VmRSS)' /proc/333524/status
Name:	pt_data_worker
State:	D (disk sleep)
VmRSS:	 2469142 kB
Threads:	3
Cpus_allowed_list:	0-223
$ cat /proc/333524/io
rchar: 56643033665
wchar: 60580354
syscr: 461732
syscw: 15715
read_bytes: 0
write_bytes: 0
cancelled_write_bytes: 0
$ cat /proc/loadavg
52.85 52.71 53.98 4/74 900022
$ lsmod | grep -E 'peermem|^nvidia '
nvidia_peermem         16384  0
nvidia              89579520  83 nvidia_uvm,nvidia_peermem,nvidia_modeset
ib_uverbs             176128  3 nvidia_peermem,rdma_ucm,mlx5_ib
$ py-spy dump --pid 333516
Process 333516: python -u train.py --config configs/vlm-1b3.yaml
Python v3.10.12 (/usr/bin/python3.10)

Thread 333516 (active): "MainThread"
    _engine_run_backward (torch/autograd/graph.py:744)
    backward (torch/autograd/__init__.py:266)
    backward (torch/_tensor.py:525)
    train (train.py:95)
    main (train.py:151)
    <module> (train.py:160)
Thread 333727 (idle): "Thread-2 (_pin_memory_loop)"
    select (selectors.py:416)
    wait (multiprocessing/connection.py:931)
    _poll (multiprocessing/connection.py:424)
    poll (multiprocessing/connection.py:257)
    get (multiprocessing/queues.py:113)
    do_one_step (torch/utils/data/_utils/pin_memory.py:31)
    _pin_memory_loop (torch/utils/data/_utils/pin_memory.py:54)
    run (threading.py:953)
    _bootstrap_inner (threading.py:1016)
    _bootstrap (threading.py:973)
$ py-spy dump --pid 333524
Process 333524: python -u train.py --config configs/vlm-1b3.yaml
Python v3.10.12 (/usr/bin/python3.10)

Thread 333524 (active): "MainThread"
    read (data/shards.py:41)
    load_sample (data/shards.py:63)
    __getitem__ (data/dataset.py:58)
    fetch (torch/utils/data/_utils/fetch.py:52)
    _worker_loop (torch/utils/data/_utils/worker.py:308)
    run (multiprocessing/process.py:108)
    _bootstrap (multiprocessing/process.py:314)
$ py-spy dump --pid 1
Error: Failed to find python version from target process
$ htop
htop: not simulated in this lab (type help)
$ vim train.log
vim: not simulated in this lab (type help)
$ frobnicate
bash: frobnicate: command not found
$ ping -c 2 node02
PING node02 (10.0.0.12) 56(84) bytes of data.
64 bytes from node02 (10.0.0.12): icmp_seq=1 ttl=64 time=0.136 ms
64 bytes from node02 (10.0.0.12): icmp_seq=2 ttl=64 time=0.119 ms

--- node02 ping statistics ---
2 packets transmitted, 2 received, 0% packet loss, time 1002ms
rtt min/avg/max/mdev = 0.119/0.127/0.136/0.008 ms
$ ping -c 3 -i 0.2 node02-bmc
PING node02-bmc (10.0.100.12) 56(84) bytes of data.
64 bytes from node02-bmc (10.0.100.12): icmp_seq=1 ttl=64 time=0.470 ms
64 bytes from node02-bmc (10.0.100.12): icmp_seq=2 ttl=64 time=0.454 ms
64 bytes from node02-bmc (10.0.100.12): icmp_seq=3 ttl=64 time=0.401 ms

--- node02-bmc ping statistics ---
3 packets transmitted, 3 received, 0% packet loss, time 402ms
rtt min/avg/max/mdev = 0.401/0.442/0.470/0.030 ms
$ ping node77
ping: node77: Name or service not known
$ uptime -s; uptime --since; uptime -p
2026-05-04 11:43:48
2026-05-04 11:43:48
up 2 days, 2 hours, 37 minutes
