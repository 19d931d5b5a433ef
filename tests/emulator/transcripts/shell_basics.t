# lab: late-rank
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x H100 per node. You are on node01.

Lab late-rank: Late rank
The pre-training job 48213 on node01 and node02 (16 ranks, data parallel) has become slower:
steps take far longer than the 1.8 s they took last week, and no node has failed. Find which
rank holds the others back and what on its node makes it slow, then name the component.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ hostname
node01
$ echo 'single  quoted' "double $HOME" back\ slash ~/logs
single  quoted double /home/user back slash /home/user/logs
$ X=42; echo "x is $X" '$X' ${X}0
x is 42 $X 420
$ echo $UNSET_VARIABLE end
end
$ false; echo "status $?"
status 1
$ true && echo and-ran || echo or-ran
and-ran
$ false && echo and-ran || echo or-ran
or-ran
$ echo -n no-newline; echo
no-newline
$ echo one # a comment
one
$ pwd
/home/user
$ ls
logs/  train.log  train.sbatch
$ ls logs | head -3
rank-00.log
rank-01.log
rank-02.log
$ cd logs
$ pwd
/home/user/logs
$ cd ..
$ cd nowhere
bash: cd: nowhere: No such file or directory
$ cd -
/home/user/logs
$ cd
$ export NCCL_DEBUG=INFO
$ env | grep NCCL
NCCL_DEBUG=INFO
$ export | grep NCCL
declare -x NCCL_DEBUG="INFO"
$ env NCCL_DEBUG=WARN env | grep NCCL
NCCL_DEBUG=WARN
$ unset NCCL_DEBUG
$ env | grep -c NCCL
0
$ export 9bad=1
bash: export: `9bad=1': not a valid identifier
$ which squeue grep cd
/usr/bin/squeue
/usr/bin/grep
$ type cd grep squeue nosuch
cd is a shell builtin
grep is /usr/bin/grep
squeue is /usr/bin/squeue
bash: type: nosuch: not found
$ sudo hostname
node01
$ date
Sat Mar 14 09:00:02 UTC 2026
$ sleep 60; date -u
Sat Mar 14 09:01:11 UTC 2026
$ date +%Y-%m-%dT%H:%M:%SZ
2026-03-14T09:01:15Z
$ sleep 2x
sleep: invalid time interval '2x'
$ less train.log | head -2
[2026-03-14 05:49:45] resuming from checkpoint /checkpoints/iter_0000500 at iteration 500
[2026-03-14 05:49:45] world size 16: data-parallel 16, tensor-parallel 1, pipeline-parallel 1; micro batch 1, gradient accumulation 4, global batch 64, sequence length 4096
$ more nothing
more: nothing: No such file or directory
$ echo repeat me
repeat me
$ !!
echo repeat me
repeat me
$ !ech | wc -w
echo repeat me | wc -w
2
$ !nosuch
bash: !nosuch: event not found
$ history 3
   36  echo repeat me
   37  echo repeat me | wc -w
   38  history 3
$ clear
$ help hostname
hostname: print the name of the node you are on
usage: hostname [-s|-f]
$ help nosuch
bash: help: no help topics match `nosuch'.  Try `help' for the list of commands.
