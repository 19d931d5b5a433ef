# lab: late-rank
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x H100 per node. You are on node01.

Lab late-rank: Late rank
The pre-training job 48213 on node01 and node02 (16 ranks, data parallel) has become slower:
steps take far longer than the 1.8 s they took last week, and no node has failed. Find which
rank holds the others back and what on its node makes it slow, then name the component.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ echo ^A^B bell^G
^A^B bell^G
$ echo \xFF\xFE invalid utf-8 \xC3
\xFF\xFE invalid utf-8 \xC3
$ echo nul-inside
nul-inside
$ ^[[A
bash: ^[[A: command not found
$ echo café ok
café ok
$ ^M
$ hostname
node01
