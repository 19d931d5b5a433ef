# lab: late-rank
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x H100 per node. You are on node01.

Lab late-rank: Late rank
The pre-training job 48213 on node01 and node02 (16 ranks, data parallel) has become slower:
steps take far longer than the 1.8 s they took last week, and no node has failed. Find which
rank holds the others back and what on its node makes it slow, then name the component.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ for a in {1..1000} {1..1000} {1..1000} {1..1000} {1..999}; do true; done; echo ran 9999 steps, then this echo
ran 9999 steps, then this echo
$ for a in {1..1000} {1..1000} {1..1000} {1..1000} {1..1000}; do true; done; echo never printed
bash: line stopped after 10000 steps (commands and loop iterations): the most one line may take in this simulated shell
$ echo $?
124
$ for a in {1..100}; do for b in {1..100}; do for c in {1..100}; do for d in {1..100}; do hostname; done; done; done; done | wc -l
bash: line stopped after 10000 steps (commands and loop iterations): the most one line may take in this simulated shell
$ ssh node02 'for a in {1..100}; do for b in {1..100}; do hostname > /dev/null; done; done'; echo never printed
bash: line stopped after 10000 steps (commands and loop iterations): the most one line may take in this simulated shell
$ echo $?; hostname
124
node01
$ for n in node01 node02; do ssh $n hostname; done
node01
node02
$ history | tail -4
    5  ssh node02 'for a in {1..100}; do for b in {1..100}; do hostname > /dev/null; done; done'; echo never printed
    6  echo $?; hostname
    7  for n in node01 node02; do ssh $n hostname; done
    8  history | tail -4
