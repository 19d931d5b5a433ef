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
$ help sleep
sleep: let simulated time pass (compare counters over an interval)
usage: sleep SECONDS   (suffixes s, m, h; at most 6 h)
  e.g. perfquery -x; sleep 60; perfquery -x   shows how counters grew in a minute.
$ help ps
ps: report the node's processes (the job's ranks and DataLoader workers)
usage: ps [aux | -ef | -e] [-o LIST] [-p PID] [--ppid PID] [-u USER] [-C NAME] [--sort=-pcpu]
  LIST: pid,ppid,user,stat,pcpu,pmem,rss,vsz,nlwp,etime,time,psr,comm,args ...
  e.g. ps -o pid,stat,pcpu,comm --ppid PID   the DataLoader workers of a rank
$ ps -o pid,comm -p 1
    PID COMMAND
      1 systemd
