# lab: multi-node-slowdown
Training Infrastructure Handbook: cluster emulator
Cluster trn: 4 nodes (node01-node04), 8 x H100 per node. You are on node01.

Lab multi-node-slowdown: Multi-node slowdown
The 13B pre-training job 50102 runs on node01-node04 (32 ranks). A single-node test run was
as fast as ever, but on four nodes the steps are slower than the same job ran last month,
and the all-grads-sync timer in the step log has about doubled. Find what slows
communication between nodes and name the component.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ answer network
Partly right: the network between nodes is the right area, but name the component. Which node does every slow pair include, and which of its HCAs differs from its peers?
$ answer node03
Partly right: node03 is the right node, but which part of it? Name the HCA.
$ answer node03 mlx5_0
Not node03 mlx5_0: node03 is right, but not mlx5_0: compare the Rate of every port of that node (`ssh NODE ibstat`); one differs from its peers.
$ answer node03 mlx5_7
Not node03 mlx5_7: the nodes have no mlx5_7 (their compute HCAs are mlx5_0, mlx5_3, mlx5_4, mlx5_5, mlx5_6, mlx5_9, mlx5_10, mlx5_11).
$ answer mlx5_4
Partly right: the right HCA name, but every node has an mlx5_4. On which node? A pair of nodes that is slow in all_reduce_perf tells you.
$ answer mlx5_2
Not mlx5_2: an HCA is the right kind of component, but not mlx5_2: compare the Rate of every port of that node (`ssh NODE ibstat`); one differs from its peers.
$ answer node03 mlx5_4
Right: node03 mlx5_4. Lab multi-node-slowdown solved in 7 commands (the worked solution takes 7), 0 of 3 hints.

HCA mlx5_4 of node03 (rail 2, netdev ibp79s0) negotiated 200 Gb/s (HDR) instead of 400 Gb/s
(NDR); its port is Active, so nothing fails, but its counters show the link retrained
(LinkDownedCounter, LinkErrorRecoveryCounter). NCCL spreads its channels over the eight
rails, every step waits for the slowest, so every collective that crosses node03 runs at
half speed: about 258 GB/s busbw instead of about 515 GB/s with NCCL's default on two nodes
(NVLSTree), about 190 instead of about 380 GB/s with NCCL_ALGO=Ring. Reseat or replace
the cable or transceiver and check the switch port, then confirm with ibstat and
all_reduce_perf.

Read next: Operations: training fabric triage (/reference/operations/training-fabric-triage/)
$ lab start late-rank
Started lab late-rank. The cluster is back to its starting state; you are on node01.

Lab late-rank: Late rank

The pre-training job 48213 on node01 and node02 (16 ranks, data parallel) has become slower:
steps take far longer than the 1.8 s they took last week, and no node has failed. Find which
rank holds the others back and what on its node makes it slow, then name the component.

When you know the cause, name the component: answer COMPONENT (e.g. answer node01 gpu3 power cap). `hint` gives a hint.
$ answer gpu5
Partly right: GPU 5 of which node? Every node has a GPU 5; name the node of the late rank too.
$ answer node02
Partly right: node02 is the right node, but which part of it? Name the GPU.
$ answer node02 gpu5 thermal
Right: node02 gpu5 thermal. Lab late-rank solved in 3 commands (the worked solution takes 6), 0 of 3 hints.

Rank 13 runs on node02 GPU 5. That GPU sits at 90 C, above its 89 C slowdown threshold, so
the hardware thermal slowdown halves its SM clock (about 1000 MHz against 1980 MHz on its
peers). Its forward and backward take twice as long, it reaches every gradient all-reduce last,
and the 15 other ranks spend that difference waiting for it: the step log's forward-compute
and backward-compute max stand about twice their min, while forward-backward and
all-grads-sync read the same on every rank, because Megatron starts all-grads-sync after a
barrier (by default; only --no-barrier-with-level-1-timing turns it off) and the others wait in
that barrier, in no timer of their own. Fix the cooling (airflow, fan,
inlet temperature) and the BMC's temperature events stop; until then, drain node02 or
replace the rank.

Read next: NVIDIA Stack: GPU data path (/reference/nvidia-stack/gpu-data-path/)
