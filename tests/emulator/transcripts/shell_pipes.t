# lab: late-rank
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x H100 per node. You are on node01.

Lab late-rank: Late rank
The pre-training job 48213 on node01 and node02 (16 ranks, data parallel) has become slower:
steps take far longer than the 1.8 s they took last week, and no node has failed. Find which
rank holds the others back and what on its node makes it slow, then name the component.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ tail -n 8 train.log
[2026-03-14 08:59:27] iteration     5220/  534057 | consumed samples:      334080 | elapsed time per iteration (ms): 3631.4 | throughput per GPU (TFLOP/s/GPU): 189.5 | tokens per second: 72187 | learning rate: 2.999293E-04 | global batch size:    64 | lm loss: 2.400978E+00 | batch wait (ms): 0.4 | loss scale: 1.0 | grad norm: 0.838 | number of skipped iterations:   0 | number of nan iterations:   0 |
(min, max) time across ranks (ms):
    forward-backward ...............................: (3581.59, 3581.93)
    forward-compute ................................: (576.71, 1156.81)
    backward-compute ...............................: (1153.22, 2313.35)
    batch-generator ................................: (0.10, 0.68)
    all-grads-sync .................................: (111.30, 111.54)
    optimizer ......................................: (46.04, 50.00)
$ tail -3 train.log | wc -l
3
$ head -n 2 train.log
[2026-03-14 05:49:45] resuming from checkpoint /checkpoints/iter_0000500 at iteration 500
[2026-03-14 05:49:45] world size 16: data-parallel 16, tensor-parallel 1, pipeline-parallel 1; micro batch 1, gradient accumulation 4, global batch 64, sequence length 4096
$ grep -c iteration train.log
48
$ grep -i 'ALL-GRADS' train.log | tail -1
    all-grads-sync .................................: (111.30, 111.54)
$ grep -v iteration train.log | grep -v '(min' | sort | uniq -c | sort -rn | head -3
      6     optimizer ......................................: (46.05, 50.00)
      6     optimizer ......................................: (46.01, 50.00)
      5     optimizer ......................................: (46.04, 50.00)
$ grep -E 'iteration +52[0-9]0/' train.log | wc -l
3
$ grep -o 'lm loss: [0-9.E+]*' train.log | tail -2
lm loss: 2.422713E+00
lm loss: 2.400978E+00
$ grep -n 'resuming' train.log
1:[2026-03-14 05:49:45] resuming from checkpoint /checkpoints/iter_0000500 at iteration 500
$ grep -w iter train.log
$ echo $?
1
$ grep -F '(min, max)' train.log | head -1
(min, max) time across ranks (ms):
$ grep -c '(' train.log
250
$ tail -q -n 1 logs/rank-*.log | sort -t= -k8 -n | tail -1 | cut -d' ' -f2-4
rank=13 node=node02 gpu=5
$ tail -q -n 1 logs/rank-*.log | cut -d' ' -f3 | sort | uniq -c
      8 node=node01
      8 node=node02
$ tail -n 1 logs/rank-0[01].log
==> logs/rank-00.log <==
2026-03-14T09:00:00.000Z rank=00 node=node01 gpu=0 step=5229 batch_wait_ms=0.4 compute_ms=1738.4 allreduce_enter_ms=1738.8 allreduce_wait_ms=1734.8 allreduce_ms=111.3 step_ms=3634.9

==> logs/rank-01.log <==
2026-03-14T09:00:00.000Z rank=01 node=node01 gpu=1 step=5229 batch_wait_ms=0.2 compute_ms=1734.8 allreduce_enter_ms=1735.0 allreduce_wait_ms=1738.7 allreduce_ms=111.3 step_ms=3634.9
$ tail -q -n 1 logs/rank-*.log | awk '{print $2, $8, $9}' | sort -t= -k3 -n | head -3
rank=07 allreduce_enter_ms=1732.9 allreduce_wait_ms=1740.7
rank=01 allreduce_enter_ms=1735.0 allreduce_wait_ms=1738.7
rank=14 allreduce_enter_ms=1735.4 allreduce_wait_ms=1738.2
$ tail -q -n 1 logs/rank-*.log | awk -F'[ =]' '$15 > 3000 {print "late:", $3, $5, $7}'
late: 13 node02 5
$ grep 'elapsed time per iteration' train.log | awk -F'|' '{split_not_here = $3; print $3}' | tail -2
 elapsed time per iteration (ms): 3650.6 
 elapsed time per iteration (ms): 3631.4 
$ awk '/iteration/ {n++} END {print n, "log entries"}' train.log
48 log entries
$ awk '{print $1 > "x"}' train.log
awk: output redirection is not available in this simulated awk at offset 10 of the program:
  {print $1 > "x"}
(this simulated awk knows what `help awk` lists; it has no loops, arrays or user functions)
$ ls logs | wc -l
16
$ ls logs
rank-00.log  rank-03.log  rank-06.log  rank-09.log  rank-12.log  rank-15.log
rank-01.log  rank-04.log  rank-07.log  rank-10.log  rank-13.log
rank-02.log  rank-05.log  rank-08.log  rank-11.log  rank-14.log
$ squeue | grep -c pretrain
1
$ wc -l train.log
274 train.log
$ wc train.log logs/rank-00.log
  274  3113 28193 train.log
   24   264  4368 logs/rank-00.log
  298  3377 32561 total
$ head -n -2 logs/rank-00.log | tail -n +2 | wc -l
21
$ tail -f train.log
tail: -f: following is not available here: simulated time moves with each command, so run tail again to see new lines
$ sort -k nope train.log
sort: invalid key field specification 'nope'
$ cut -f train.log
cut: invalid field value 'train.log'
Try 'cut --help' for more information.
$ grep
Usage: grep [OPTION]... PATTERNS [FILE]...
Try 'grep --help' for more information.
$ grep -P x train.log
grep: invalid option -- 'P'
Usage: grep [OPTION]... PATTERNS [FILE]...
Try 'grep --help' for more information.
$ grep -E '(' train.log
grep: invalid extended regular expression: (
$ head -n x train.log
head: invalid number of lines: 'x'
$ cat missing.log
cat: missing.log: No such file or directory
$ squeue > out.txt
bash: out.txt: Read-only file system (this simulated shell writes no files; pipe into grep, head or tail instead)
$ squeue 2>/dev/null | head -1 >/dev/null
$ squeue 2>&1 | head -1
             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)
$ wc -l < train.log
282
$ cat < nothing
bash: nothing: No such file or directory
