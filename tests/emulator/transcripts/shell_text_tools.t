# lab: late-rank
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x H100 per node. You are on node01.

Lab late-rank: Late rank
The pre-training job 48213 on node01 and node02 (16 ranks, data parallel) has become slower:
steps take far longer than the 1.8 s they took last week, and no node has failed. Find which
rank holds the others back and what on its node makes it slow, then name the component.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ grep -c step= logs/rank-00.log
24
$ grep -l 'node=node02' logs/rank-0*.log
logs/rank-08.log
logs/rank-09.log
$ grep -L 'node=node02' logs/rank-0*.log logs/rank-1*.log | head -3
logs/rank-00.log
logs/rank-01.log
logs/rank-02.log
$ grep -m 2 -o 'step_ms=[0-9.]*' logs/rank-03.log
step_ms=3651.2
step_ms=3653.5
$ tail -n 1 logs/rank-05.log | cut -c1-24
2026-03-14T09:00:00.000Z
$ tail -n 1 logs/rank-05.log | cut -d' ' -f2,3 -s
rank=05 node=node01
$ head -c 60 train.log; echo
[2026-03-14 05:49:45] resuming from checkpoint /checkpoints/
$ tail -q -n 1 logs/rank-*.log | sort -t= -k9,9nr | head -2 | cut -d' ' -f2
rank=07
rank=01
$ tail -q -n 1 logs/rank-*.log | awk '{print (length($0) > 0), substr($2, 6), toupper($3)}' | sort -k2,2n | head -3
1 00 NODE=NODE01
1 01 NODE=NODE01
1 02 NODE=NODE01
$ awk '/no such step/ {n++} END {print "found " n "|" n + 0}' train.log
found |0
$ awk 'BEGIN {print 1/0, -1/0, 2^10, 2147483648, 100000 * 100000; printf "%d %x %5.1f%%\n", 3e9, 255, 12.345}'
inf -inf 1024 2.14748e+09 1e+10
2147483647 ff  12.3%
$ awk 'BEGIN {printf "%s %s\n", "one"}'
one awk: run time error: not enough arguments passed to printf("%s %s
")
	FILENAME="" FNR=0 NR=0
$ echo $?
2
$ awk '{print $(NF-1)}' /dev/null train.log | head -1
iteration
