# lab: late-rank
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x H100 per node. You are on node01.

Lab late-rank: Late rank
The pre-training job 48213 on node01 and node02 (16 ranks, data parallel) has become slower:
steps take far longer than the 1.8 s they took last week, and no node has failed. Find which
rank holds the others back and what on its node makes it slow, then name the component.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ ssh node02 dcgmi dmon -e 100,203,1002,1004,1005 -c 1
#Entity   SMCLK   GPUTL   SMACT   TENSO   DRAMA   
ID
GPU 0     1980    100     0.519   0.263   0.202   
GPU 1     1950    100     0.519   0.263   0.202   
GPU 2     1980    100     0.519   0.263   0.202   
GPU 3     1965    100     0.519   0.263   0.202   
GPU 4     1980    100     0.519   0.263   0.202   
GPU 5     990     100     0.905   0.526   0.398   
GPU 6     1965    100     0.519   0.263   0.202   
GPU 7     1980    100     0.519   0.263   0.202   
$ ssh node01 dcgmi dmon -e 100,203,1002,1004,1005 -c 1
#Entity   SMCLK   GPUTL   SMACT   TENSO   DRAMA   
ID
GPU 0     1950    100     0.519   0.263   0.202   
GPU 1     1980    100     0.519   0.263   0.202   
GPU 2     1980    100     0.519   0.263   0.202   
GPU 3     1980    100     0.519   0.263   0.202   
GPU 4     1980    100     0.519   0.263   0.202   
GPU 5     1980    100     0.519   0.263   0.202   
GPU 6     1980    100     0.519   0.263   0.202   
GPU 7     1965    100     0.519   0.263   0.202   
