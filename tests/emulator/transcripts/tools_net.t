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
$ help all_reduce_perf
all_reduce_perf: nccl-tests all-reduce benchmark: time, algbw and busbw per message size
usage: all_reduce_perf [-b MIN] [-e MAX] [-f FACTOR | -i STEP] [-g GPUS] [-t THREADS]
                       [-n ITERS] [-w WARMUP] [-c 0|1] [-o sum|prod|max|min|avg|all]
                       [-d float|half|bfloat16|...|all]
  Sizes take K, M, G suffixes (-b 8 -e 8G -f 2). Alone it runs one process on this node
  (-g 8 drives all eight GPUs); under mpirun one process per rank:
    mpirun -np 16 -H node01:8,node02:8 all_reduce_perf -b 8 -e 8G -f 2 -g 1
  NCCL_DEBUG=INFO prints NCCL's init lines (network, channels, transports). NCCL_IB_HCA,
  NCCL_SOCKET_IFNAME, NCCL_IB_DISABLE, NCCL_NET, NCCL_P2P_DISABLE, NCCL_ALGO and NCCL_PROTO
  change what NCCL does. busbw = algbw * 2(n-1)/n (nccl-tests doc/PERFORMANCE.md).
$ all_reduce_perf -b 8 -e 128M -f 2 -g 8
# nThread 1 nGpus 8 minBytes 8 maxBytes 134217728 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0
#
# Using devices
#  Rank  0 Group  0 Pid  26470 on     node01 device  0 [0000:1b:00] NVIDIA H100 80GB HBM3
#  Rank  1 Group  0 Pid  26470 on     node01 device  1 [0000:43:00] NVIDIA H100 80GB HBM3
#  Rank  2 Group  0 Pid  26470 on     node01 device  2 [0000:52:00] NVIDIA H100 80GB HBM3
#  Rank  3 Group  0 Pid  26470 on     node01 device  3 [0000:61:00] NVIDIA H100 80GB HBM3
#  Rank  4 Group  0 Pid  26470 on     node01 device  4 [0000:9d:00] NVIDIA H100 80GB HBM3
#  Rank  5 Group  0 Pid  26470 on     node01 device  5 [0000:c3:00] NVIDIA H100 80GB HBM3
#  Rank  6 Group  0 Pid  26470 on     node01 device  6 [0000:d1:00] NVIDIA H100 80GB HBM3
#  Rank  7 Group  0 Pid  26470 on     node01 device  7 [0000:df:00] NVIDIA H100 80GB HBM3
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)       
           8             2     float     sum      -1    14.95    0.00    0.00      0    14.88    0.00    0.00      0
          16             4     float     sum      -1    14.72    0.00    0.00      0    14.98    0.00    0.00      0
          32             8     float     sum      -1    14.76    0.00    0.00      0    14.80    0.00    0.00      0
          64            16     float     sum      -1    14.83    0.00    0.01      0    14.70    0.00    0.01      0
         128            32     float     sum      -1    15.21    0.01    0.01      0    15.30    0.01    0.01      0
         256            64     float     sum      -1    14.94    0.02    0.03      0    15.12    0.02    0.03      0
         512           128     float     sum      -1    15.15    0.03    0.06      0    15.18    0.03    0.06      0
        1024           256     float     sum      -1    15.01    0.07    0.12      0    15.26    0.07    0.12      0
        2048           512     float     sum      -1    15.32    0.13    0.23      0    15.01    0.14    0.24      0
        4096          1024     float     sum      -1    15.29    0.27    0.47      0    15.24    0.27    0.47      0
        8192          2048     float     sum      -1    14.94    0.55    0.96      0    15.34    0.53    0.93      0
       16384          4096     float     sum      -1    14.99    1.09    1.91      0    15.24    1.07    1.88      0
       32768          8192     float     sum      -1    15.21    2.15    3.77      0    15.45    2.12    3.71      0
       65536         16384     float     sum      -1    16.02    4.09    7.16      0    16.05    4.08    7.15      0
      131072         32768     float     sum      -1    16.78    7.81   13.67      0    16.91    7.75   13.56      0
      262144         65536     float     sum      -1    18.55   14.14   24.74      0    17.97   14.58   25.52      0
      524288        131072     float     sum      -1    21.11   24.84   43.47      0    21.74   24.12   42.21      0
     1048576        262144     float     sum      -1    27.43   38.22   66.89      0    27.50   38.14   66.74      0
     2097152        524288     float     sum      -1    32.07   65.39  114.44      0    32.02   65.49  114.61      0
     4194304       1048576     float     sum      -1    41.05  102.18  178.81      0    40.16  104.44  182.77      0
     8388608       2097152     float     sum      -1    55.35  151.57  265.24      0    56.14  149.43  261.51      0
    16777216       4194304     float     sum      -1    87.58  191.55  335.22      0    85.36  196.55  343.97      0
    33554432       8388608     float     sum      -1    146.2  229.45  401.54      0    144.6  231.99  405.99      0
    67108864      16777216     float     sum      -1    268.9  249.60  436.81      0    264.7  253.52  443.65      0
   134217728      33554432     float     sum      -1    507.5  264.48  462.84      0    510.9  262.73  459.77      0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 94.6666 
#

$ all_reduce_perf -b 1G -e 1G -g 8 -n 10
# nThread 1 nGpus 8 minBytes 1073741824 maxBytes 1073741824 step: 1048576(bytes) warmup iters: 5 iters: 10 agg iters: 1 validation: 1 graph: 0
#
# Using devices
#  Rank  0 Group  0 Pid  25580 on     node01 device  0 [0000:1b:00] NVIDIA H100 80GB HBM3
#  Rank  1 Group  0 Pid  25580 on     node01 device  1 [0000:43:00] NVIDIA H100 80GB HBM3
#  Rank  2 Group  0 Pid  25580 on     node01 device  2 [0000:52:00] NVIDIA H100 80GB HBM3
#  Rank  3 Group  0 Pid  25580 on     node01 device  3 [0000:61:00] NVIDIA H100 80GB HBM3
#  Rank  4 Group  0 Pid  25580 on     node01 device  4 [0000:9d:00] NVIDIA H100 80GB HBM3
#  Rank  5 Group  0 Pid  25580 on     node01 device  5 [0000:c3:00] NVIDIA H100 80GB HBM3
#  Rank  6 Group  0 Pid  25580 on     node01 device  6 [0000:d1:00] NVIDIA H100 80GB HBM3
#  Rank  7 Group  0 Pid  25580 on     node01 device  7 [0000:df:00] NVIDIA H100 80GB HBM3
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)       
  1073741824     268435456     float     sum      -1   4019.4  267.14  467.50      0   3969.1  270.53  473.42      0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 470.459 
#

$ mpirun -np 16 -H node01:8,node02:8 all_reduce_perf -b 1G -e 1G -g 1
# nThread 1 nGpus 1 minBytes 1073741824 maxBytes 1073741824 step: 1048576(bytes) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0
#
# Using devices
#  Rank  0 Group  0 Pid  19379 on     node01 device  0 [0000:1b:00] NVIDIA H100 80GB HBM3
#  Rank  1 Group  0 Pid  33078 on     node01 device  1 [0000:43:00] NVIDIA H100 80GB HBM3
#  Rank  2 Group  0 Pid  16758 on     node01 device  2 [0000:52:00] NVIDIA H100 80GB HBM3
#  Rank  3 Group  0 Pid  36229 on     node01 device  3 [0000:61:00] NVIDIA H100 80GB HBM3
#  Rank  4 Group  0 Pid  73833 on     node01 device  4 [0000:9d:00] NVIDIA H100 80GB HBM3
#  Rank  5 Group  0 Pid  22469 on     node01 device  5 [0000:c3:00] NVIDIA H100 80GB HBM3
#  Rank  6 Group  0 Pid  27660 on     node01 device  6 [0000:d1:00] NVIDIA H100 80GB HBM3
#  Rank  7 Group  0 Pid  27651 on     node01 device  7 [0000:df:00] NVIDIA H100 80GB HBM3
#  Rank  8 Group  0 Pid  44591 on     node02 device  0 [0000:1b:00] NVIDIA H100 80GB HBM3
#  Rank  9 Group  0 Pid  87261 on     node02 device  1 [0000:43:00] NVIDIA H100 80GB HBM3
#  Rank 10 Group  0 Pid  67245 on     node02 device  2 [0000:52:00] NVIDIA H100 80GB HBM3
#  Rank 11 Group  0 Pid  29491 on     node02 device  3 [0000:61:00] NVIDIA H100 80GB HBM3
#  Rank 12 Group  0 Pid   7448 on     node02 device  4 [0000:9d:00] NVIDIA H100 80GB HBM3
#  Rank 13 Group  0 Pid  87994 on     node02 device  5 [0000:c3:00] NVIDIA H100 80GB HBM3
#  Rank 14 Group  0 Pid  86680 on     node02 device  6 [0000:d1:00] NVIDIA H100 80GB HBM3
#  Rank 15 Group  0 Pid  80580 on     node02 device  7 [0000:df:00] NVIDIA H100 80GB HBM3
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)       
  1073741824     268435456     float     sum      -1   3905.4  274.94  515.50      0   3940.2  272.51  510.95      0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 513.23 
#

$ NCCL_DEBUG=INFO mpirun -np 16 -H node01:8,node02:8 all_reduce_perf -b 1G -e 1G -g 1
# nThread 1 nGpus 1 minBytes 1073741824 maxBytes 1073741824 step: 1048576(bytes) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0
#
# Using devices
#  Rank  0 Group  0 Pid  31542 on     node01 device  0 [0000:1b:00] NVIDIA H100 80GB HBM3
#  Rank  1 Group  0 Pid  45529 on     node01 device  1 [0000:43:00] NVIDIA H100 80GB HBM3
#  Rank  2 Group  0 Pid  74032 on     node01 device  2 [0000:52:00] NVIDIA H100 80GB HBM3
#  Rank  3 Group  0 Pid  72609 on     node01 device  3 [0000:61:00] NVIDIA H100 80GB HBM3
#  Rank  4 Group  0 Pid  41759 on     node01 device  4 [0000:9d:00] NVIDIA H100 80GB HBM3
#  Rank  5 Group  0 Pid  77953 on     node01 device  5 [0000:c3:00] NVIDIA H100 80GB HBM3
#  Rank  6 Group  0 Pid  11520 on     node01 device  6 [0000:d1:00] NVIDIA H100 80GB HBM3
#  Rank  7 Group  0 Pid  28159 on     node01 device  7 [0000:df:00] NVIDIA H100 80GB HBM3
#  Rank  8 Group  0 Pid  50362 on     node02 device  0 [0000:1b:00] NVIDIA H100 80GB HBM3
#  Rank  9 Group  0 Pid  16978 on     node02 device  1 [0000:43:00] NVIDIA H100 80GB HBM3
#  Rank 10 Group  0 Pid  58500 on     node02 device  2 [0000:52:00] NVIDIA H100 80GB HBM3
#  Rank 11 Group  0 Pid  71023 on     node02 device  3 [0000:61:00] NVIDIA H100 80GB HBM3
#  Rank 12 Group  0 Pid  48239 on     node02 device  4 [0000:9d:00] NVIDIA H100 80GB HBM3
#  Rank 13 Group  0 Pid  81648 on     node02 device  5 [0000:c3:00] NVIDIA H100 80GB HBM3
#  Rank 14 Group  0 Pid  66206 on     node02 device  6 [0000:d1:00] NVIDIA H100 80GB HBM3
#  Rank 15 Group  0 Pid  83877 on     node02 device  7 [0000:df:00] NVIDIA H100 80GB HBM3
node01:31542:31542 [0] NCCL INFO Bootstrap : Using bond0:10.0.0.11<0>
node01:31542:31542 [0] NCCL INFO cudaDriverVersion 12080
NCCL version 2.21.5+cuda12.4
node01:31542:31542 [0] NCCL INFO NET/Plugin: No plugin found (libnccl-net.so)
node01:31542:31542 [0] NCCL INFO NET/Plugin: Plugin load returned 2 : libnccl-net.so: cannot open shared object file: No such file or directory : when loading libnccl-net.so
node01:31542:31542 [0] NCCL INFO NET/Plugin: Using internal network plugin.
node01:31542:31542 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/RoCE [2]mlx5_2:1/RoCE [3]mlx5_3:1/IB [4]mlx5_4:1/IB [5]mlx5_5:1/IB [6]mlx5_6:1/IB [7]mlx5_9:1/IB [8]mlx5_10:1/IB [9]mlx5_11:1/IB [RO]; OOB bond0:10.0.0.11<0>
node01:31542:31542 [0] NCCL INFO Using network IB
node02:50362:50362 [0] NCCL INFO Bootstrap : Using bond0:10.0.0.12<0>
node02:50362:50362 [0] NCCL INFO cudaDriverVersion 12080
node02:50362:50362 [0] NCCL INFO NET/Plugin: No plugin found (libnccl-net.so)
node02:50362:50362 [0] NCCL INFO NET/Plugin: Plugin load returned 2 : libnccl-net.so: cannot open shared object file: No such file or directory : when loading libnccl-net.so
node02:50362:50362 [0] NCCL INFO NET/Plugin: Using internal network plugin.
node02:50362:50362 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/RoCE [2]mlx5_2:1/RoCE [3]mlx5_3:1/IB [4]mlx5_4:1/IB [5]mlx5_5:1/IB [6]mlx5_6:1/IB [7]mlx5_9:1/IB [8]mlx5_10:1/IB [9]mlx5_11:1/IB [RO]; OOB bond0:10.0.0.12<0>
node02:50362:50362 [0] NCCL INFO Using network IB
node01:31542:31542 [0] NCCL INFO ncclCommInitRank comm 0x55d0068eb610 rank 0 nranks 16 cudaDev 0 nvmlDev 0 busId 1b000 commId 0x7e216b2dca79a461 - Init START
node01:45529:45529 [1] NCCL INFO ncclCommInitRank comm 0x55d000c75fd0 rank 1 nranks 16 cudaDev 1 nvmlDev 1 busId 43000 commId 0x7e216b2dca79a461 - Init START
node01:74032:74032 [2] NCCL INFO ncclCommInitRank comm 0x55d004f3a430 rank 2 nranks 16 cudaDev 2 nvmlDev 2 busId 52000 commId 0x7e216b2dca79a461 - Init START
node01:72609:72609 [3] NCCL INFO ncclCommInitRank comm 0x55d005e13400 rank 3 nranks 16 cudaDev 3 nvmlDev 3 busId 61000 commId 0x7e216b2dca79a461 - Init START
node01:41759:41759 [4] NCCL INFO ncclCommInitRank comm 0x55d0027a5680 rank 4 nranks 16 cudaDev 4 nvmlDev 4 busId 9d000 commId 0x7e216b2dca79a461 - Init START
node01:77953:77953 [5] NCCL INFO ncclCommInitRank comm 0x55d0037167b0 rank 5 nranks 16 cudaDev 5 nvmlDev 5 busId c3000 commId 0x7e216b2dca79a461 - Init START
node01:11520:11520 [6] NCCL INFO ncclCommInitRank comm 0x55d00d0846e0 rank 6 nranks 16 cudaDev 6 nvmlDev 6 busId d1000 commId 0x7e216b2dca79a461 - Init START
node01:28159:28159 [7] NCCL INFO ncclCommInitRank comm 0x55d00150bbc0 rank 7 nranks 16 cudaDev 7 nvmlDev 7 busId df000 commId 0x7e216b2dca79a461 - Init START
node02:50362:50362 [0] NCCL INFO ncclCommInitRank comm 0x55d00b8cf440 rank 8 nranks 16 cudaDev 0 nvmlDev 0 busId 1b000 commId 0x7e216b2dca79a461 - Init START
node02:16978:16978 [1] NCCL INFO ncclCommInitRank comm 0x55d00ebedea0 rank 9 nranks 16 cudaDev 1 nvmlDev 1 busId 43000 commId 0x7e216b2dca79a461 - Init START
node02:58500:58500 [2] NCCL INFO ncclCommInitRank comm 0x55d00df27910 rank 10 nranks 16 cudaDev 2 nvmlDev 2 busId 52000 commId 0x7e216b2dca79a461 - Init START
node02:71023:71023 [3] NCCL INFO ncclCommInitRank comm 0x55d0013ab7f0 rank 11 nranks 16 cudaDev 3 nvmlDev 3 busId 61000 commId 0x7e216b2dca79a461 - Init START
node02:48239:48239 [4] NCCL INFO ncclCommInitRank comm 0x55d0022237d0 rank 12 nranks 16 cudaDev 4 nvmlDev 4 busId 9d000 commId 0x7e216b2dca79a461 - Init START
node02:81648:81648 [5] NCCL INFO ncclCommInitRank comm 0x55d002339300 rank 13 nranks 16 cudaDev 5 nvmlDev 5 busId c3000 commId 0x7e216b2dca79a461 - Init START
node02:66206:66206 [6] NCCL INFO ncclCommInitRank comm 0x55d007289010 rank 14 nranks 16 cudaDev 6 nvmlDev 6 busId d1000 commId 0x7e216b2dca79a461 - Init START
node02:83877:83877 [7] NCCL INFO ncclCommInitRank comm 0x55d00716c270 rank 15 nranks 16 cudaDev 7 nvmlDev 7 busId df000 commId 0x7e216b2dca79a461 - Init START
node01:31542:31542 [0] NCCL INFO Channel 00/16 :    0   1   2   3   4   5   6   7  15  14  13  12  11  10   9   8
node01:31542:31542 [0] NCCL INFO Channel 01/16 :    0   1   2   3   4   5   6   7  15  14  13  12  11  10   9   8
node01:31542:31542 [0] NCCL INFO Channel 02/16 :    1   2   3   4   5   6   7   0   8  15  14  13  12  11  10   9
node01:31542:31542 [0] NCCL INFO Channel 03/16 :    1   2   3   4   5   6   7   0   8  15  14  13  12  11  10   9
node01:31542:31542 [0] NCCL INFO Channel 04/16 :    2   3   4   5   6   7   0   1   9   8  15  14  13  12  11  10
node01:31542:31542 [0] NCCL INFO Channel 05/16 :    2   3   4   5   6   7   0   1   9   8  15  14  13  12  11  10
node01:31542:31542 [0] NCCL INFO Channel 06/16 :    3   4   5   6   7   0   1   2  10   9   8  15  14  13  12  11
node01:31542:31542 [0] NCCL INFO Channel 07/16 :    3   4   5   6   7   0   1   2  10   9   8  15  14  13  12  11
node01:31542:31542 [0] NCCL INFO Channel 08/16 :    4   5   6   7   0   1   2   3  11  10   9   8  15  14  13  12
node01:31542:31542 [0] NCCL INFO Channel 09/16 :    4   5   6   7   0   1   2   3  11  10   9   8  15  14  13  12
node01:31542:31542 [0] NCCL INFO Channel 10/16 :    5   6   7   0   1   2   3   4  12  11  10   9   8  15  14  13
node01:31542:31542 [0] NCCL INFO Channel 11/16 :    5   6   7   0   1   2   3   4  12  11  10   9   8  15  14  13
node01:31542:31542 [0] NCCL INFO Channel 12/16 :    6   7   0   1   2   3   4   5  13  12  11  10   9   8  15  14
node01:31542:31542 [0] NCCL INFO Channel 13/16 :    6   7   0   1   2   3   4   5  13  12  11  10   9   8  15  14
node01:31542:31542 [0] NCCL INFO Channel 14/16 :    7   0   1   2   3   4   5   6  14  13  12  11  10   9   8  15
node01:31542:31542 [0] NCCL INFO Channel 15/16 :    7   0   1   2   3   4   5   6  14  13  12  11  10   9   8  15
node01:31542:31542 [0] NCCL INFO Channel 00/0 : 8[0] -> 0[0] [receive] via NET/IB/0/GDRDMA
node01:31542:31542 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/CUMEM
node01:45529:45529 [1] NCCL INFO Channel 00/0 : 1[1] -> 2[2] via P2P/CUMEM
node01:74032:74032 [2] NCCL INFO Channel 00/0 : 2[2] -> 3[3] via P2P/CUMEM
node01:72609:72609 [3] NCCL INFO Channel 00/0 : 3[3] -> 4[4] via P2P/CUMEM
node01:41759:41759 [4] NCCL INFO Channel 00/0 : 4[4] -> 5[5] via P2P/CUMEM
node01:77953:77953 [5] NCCL INFO Channel 00/0 : 5[5] -> 6[6] via P2P/CUMEM
node01:11520:11520 [6] NCCL INFO Channel 00/0 : 6[6] -> 7[7] via P2P/CUMEM
node01:28159:28159 [7] NCCL INFO Channel 00/0 : 7[7] -> 15[7] [send] via NET/IB/9/GDRDMA
node02:50362:50362 [0] NCCL INFO Channel 00/0 : 8[0] -> 0[0] [send] via NET/IB/0/GDRDMA
node02:16978:16978 [1] NCCL INFO Channel 00/0 : 9[1] -> 8[0] via P2P/CUMEM
node02:58500:58500 [2] NCCL INFO Channel 00/0 : 10[2] -> 9[1] via P2P/CUMEM
node02:71023:71023 [3] NCCL INFO Channel 00/0 : 11[3] -> 10[2] via P2P/CUMEM
node02:48239:48239 [4] NCCL INFO Channel 00/0 : 12[4] -> 11[3] via P2P/CUMEM
node02:81648:81648 [5] NCCL INFO Channel 00/0 : 13[5] -> 12[4] via P2P/CUMEM
node02:66206:66206 [6] NCCL INFO Channel 00/0 : 14[6] -> 13[5] via P2P/CUMEM
node02:83877:83877 [7] NCCL INFO Channel 00/0 : 7[7] -> 15[7] [receive] via NET/IB/9/GDRDMA
node02:83877:83877 [7] NCCL INFO Channel 00/0 : 15[7] -> 14[6] via P2P/CUMEM
node01:31542:31542 [0] NCCL INFO Channel 01/0 : 8[0] -> 0[0] [receive] via NET/IB/0/GDRDMA
node01:31542:31542 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] via P2P/CUMEM
node01:45529:45529 [1] NCCL INFO Channel 01/0 : 1[1] -> 2[2] via P2P/CUMEM
node01:74032:74032 [2] NCCL INFO Channel 01/0 : 2[2] -> 3[3] via P2P/CUMEM
node01:72609:72609 [3] NCCL INFO Channel 01/0 : 3[3] -> 4[4] via P2P/CUMEM
node01:41759:41759 [4] NCCL INFO Channel 01/0 : 4[4] -> 5[5] via P2P/CUMEM
node01:77953:77953 [5] NCCL INFO Channel 01/0 : 5[5] -> 6[6] via P2P/CUMEM
node01:11520:11520 [6] NCCL INFO Channel 01/0 : 6[6] -> 7[7] via P2P/CUMEM
node01:28159:28159 [7] NCCL INFO Channel 01/0 : 7[7] -> 15[7] [send] via NET/IB/9/GDRDMA
node02:50362:50362 [0] NCCL INFO Channel 01/0 : 8[0] -> 0[0] [send] via NET/IB/0/GDRDMA
node02:16978:16978 [1] NCCL INFO Channel 01/0 : 9[1] -> 8[0] via P2P/CUMEM
node02:58500:58500 [2] NCCL INFO Channel 01/0 : 10[2] -> 9[1] via P2P/CUMEM
node02:71023:71023 [3] NCCL INFO Channel 01/0 : 11[3] -> 10[2] via P2P/CUMEM
node02:48239:48239 [4] NCCL INFO Channel 01/0 : 12[4] -> 11[3] via P2P/CUMEM
node02:81648:81648 [5] NCCL INFO Channel 01/0 : 13[5] -> 12[4] via P2P/CUMEM
node02:66206:66206 [6] NCCL INFO Channel 01/0 : 14[6] -> 13[5] via P2P/CUMEM
node02:83877:83877 [7] NCCL INFO Channel 01/0 : 7[7] -> 15[7] [receive] via NET/IB/9/GDRDMA
node02:83877:83877 [7] NCCL INFO Channel 01/0 : 15[7] -> 14[6] via P2P/CUMEM
node01:31542:31542 [0] NCCL INFO Channel 02/0 : 0[0] -> 8[0] [send] via NET/IB/0/GDRDMA
node01:45529:45529 [1] NCCL INFO Channel 02/0 : 9[1] -> 1[1] [receive] via NET/IB/3/GDRDMA
node02:50362:50362 [0] NCCL INFO Channel 02/0 : 0[0] -> 8[0] [receive] via NET/IB/0/GDRDMA
node02:16978:16978 [1] NCCL INFO Channel 02/0 : 9[1] -> 1[1] [send] via NET/IB/3/GDRDMA
node01:31542:31542 [0] NCCL INFO Channel 03/0 : 0[0] -> 8[0] [send] via NET/IB/0/GDRDMA
node01:45529:45529 [1] NCCL INFO Channel 03/0 : 9[1] -> 1[1] [receive] via NET/IB/3/GDRDMA
node02:50362:50362 [0] NCCL INFO Channel 03/0 : 0[0] -> 8[0] [receive] via NET/IB/0/GDRDMA
node02:16978:16978 [1] NCCL INFO Channel 03/0 : 9[1] -> 1[1] [send] via NET/IB/3/GDRDMA
node01:45529:45529 [1] NCCL INFO Channel 04/0 : 1[1] -> 9[1] [send] via NET/IB/3/GDRDMA
node01:74032:74032 [2] NCCL INFO Channel 04/0 : 10[2] -> 2[2] [receive] via NET/IB/4/GDRDMA
node02:16978:16978 [1] NCCL INFO Channel 04/0 : 1[1] -> 9[1] [receive] via NET/IB/3/GDRDMA
node02:58500:58500 [2] NCCL INFO Channel 04/0 : 10[2] -> 2[2] [send] via NET/IB/4/GDRDMA
node01:45529:45529 [1] NCCL INFO Channel 05/0 : 1[1] -> 9[1] [send] via NET/IB/3/GDRDMA
node01:74032:74032 [2] NCCL INFO Channel 05/0 : 10[2] -> 2[2] [receive] via NET/IB/4/GDRDMA
node02:16978:16978 [1] NCCL INFO Channel 05/0 : 1[1] -> 9[1] [receive] via NET/IB/3/GDRDMA
node02:58500:58500 [2] NCCL INFO Channel 05/0 : 10[2] -> 2[2] [send] via NET/IB/4/GDRDMA
node01:74032:74032 [2] NCCL INFO Channel 06/0 : 2[2] -> 10[2] [send] via NET/IB/4/GDRDMA
node01:72609:72609 [3] NCCL INFO Channel 06/0 : 11[3] -> 3[3] [receive] via NET/IB/5/GDRDMA
node02:58500:58500 [2] NCCL INFO Channel 06/0 : 2[2] -> 10[2] [receive] via NET/IB/4/GDRDMA
node02:71023:71023 [3] NCCL INFO Channel 06/0 : 11[3] -> 3[3] [send] via NET/IB/5/GDRDMA
node01:74032:74032 [2] NCCL INFO Channel 07/0 : 2[2] -> 10[2] [send] via NET/IB/4/GDRDMA
node01:72609:72609 [3] NCCL INFO Channel 07/0 : 11[3] -> 3[3] [receive] via NET/IB/5/GDRDMA
node02:58500:58500 [2] NCCL INFO Channel 07/0 : 2[2] -> 10[2] [receive] via NET/IB/4/GDRDMA
node02:71023:71023 [3] NCCL INFO Channel 07/0 : 11[3] -> 3[3] [send] via NET/IB/5/GDRDMA
node01:72609:72609 [3] NCCL INFO Channel 08/0 : 3[3] -> 11[3] [send] via NET/IB/5/GDRDMA
node01:41759:41759 [4] NCCL INFO Channel 08/0 : 12[4] -> 4[4] [receive] via NET/IB/6/GDRDMA
node02:71023:71023 [3] NCCL INFO Channel 08/0 : 3[3] -> 11[3] [receive] via NET/IB/5/GDRDMA
node02:48239:48239 [4] NCCL INFO Channel 08/0 : 12[4] -> 4[4] [send] via NET/IB/6/GDRDMA
node01:72609:72609 [3] NCCL INFO Channel 09/0 : 3[3] -> 11[3] [send] via NET/IB/5/GDRDMA
node01:41759:41759 [4] NCCL INFO Channel 09/0 : 12[4] -> 4[4] [receive] via NET/IB/6/GDRDMA
node02:71023:71023 [3] NCCL INFO Channel 09/0 : 3[3] -> 11[3] [receive] via NET/IB/5/GDRDMA
node02:48239:48239 [4] NCCL INFO Channel 09/0 : 12[4] -> 4[4] [send] via NET/IB/6/GDRDMA
node01:41759:41759 [4] NCCL INFO Channel 10/0 : 4[4] -> 12[4] [send] via NET/IB/6/GDRDMA
node01:77953:77953 [5] NCCL INFO Channel 10/0 : 13[5] -> 5[5] [receive] via NET/IB/7/GDRDMA
node02:48239:48239 [4] NCCL INFO Channel 10/0 : 4[4] -> 12[4] [receive] via NET/IB/6/GDRDMA
node02:81648:81648 [5] NCCL INFO Channel 10/0 : 13[5] -> 5[5] [send] via NET/IB/7/GDRDMA
node01:41759:41759 [4] NCCL INFO Channel 11/0 : 4[4] -> 12[4] [send] via NET/IB/6/GDRDMA
node01:77953:77953 [5] NCCL INFO Channel 11/0 : 13[5] -> 5[5] [receive] via NET/IB/7/GDRDMA
node02:48239:48239 [4] NCCL INFO Channel 11/0 : 4[4] -> 12[4] [receive] via NET/IB/6/GDRDMA
node02:81648:81648 [5] NCCL INFO Channel 11/0 : 13[5] -> 5[5] [send] via NET/IB/7/GDRDMA
node01:77953:77953 [5] NCCL INFO Channel 12/0 : 5[5] -> 13[5] [send] via NET/IB/7/GDRDMA
node01:11520:11520 [6] NCCL INFO Channel 12/0 : 14[6] -> 6[6] [receive] via NET/IB/8/GDRDMA
node02:81648:81648 [5] NCCL INFO Channel 12/0 : 5[5] -> 13[5] [receive] via NET/IB/7/GDRDMA
node02:66206:66206 [6] NCCL INFO Channel 12/0 : 14[6] -> 6[6] [send] via NET/IB/8/GDRDMA
node01:77953:77953 [5] NCCL INFO Channel 13/0 : 5[5] -> 13[5] [send] via NET/IB/7/GDRDMA
node01:11520:11520 [6] NCCL INFO Channel 13/0 : 14[6] -> 6[6] [receive] via NET/IB/8/GDRDMA
node02:81648:81648 [5] NCCL INFO Channel 13/0 : 5[5] -> 13[5] [receive] via NET/IB/7/GDRDMA
node02:66206:66206 [6] NCCL INFO Channel 13/0 : 14[6] -> 6[6] [send] via NET/IB/8/GDRDMA
node01:11520:11520 [6] NCCL INFO Channel 14/0 : 6[6] -> 14[6] [send] via NET/IB/8/GDRDMA
node01:28159:28159 [7] NCCL INFO Channel 14/0 : 15[7] -> 7[7] [receive] via NET/IB/9/GDRDMA
node02:66206:66206 [6] NCCL INFO Channel 14/0 : 6[6] -> 14[6] [receive] via NET/IB/8/GDRDMA
node02:83877:83877 [7] NCCL INFO Channel 14/0 : 15[7] -> 7[7] [send] via NET/IB/9/GDRDMA
node01:11520:11520 [6] NCCL INFO Channel 15/0 : 6[6] -> 14[6] [send] via NET/IB/8/GDRDMA
node01:28159:28159 [7] NCCL INFO Channel 15/0 : 15[7] -> 7[7] [receive] via NET/IB/9/GDRDMA
node02:66206:66206 [6] NCCL INFO Channel 15/0 : 6[6] -> 14[6] [receive] via NET/IB/8/GDRDMA
node02:83877:83877 [7] NCCL INFO Channel 15/0 : 15[7] -> 7[7] [send] via NET/IB/9/GDRDMA
node01:31542:31542 [0] NCCL INFO Connected all rings
node01:45529:45529 [1] NCCL INFO Connected all rings
node01:74032:74032 [2] NCCL INFO Connected all rings
node01:72609:72609 [3] NCCL INFO Connected all rings
node01:41759:41759 [4] NCCL INFO Connected all rings
node01:77953:77953 [5] NCCL INFO Connected all rings
node01:11520:11520 [6] NCCL INFO Connected all rings
node01:28159:28159 [7] NCCL INFO Connected all rings
node02:50362:50362 [0] NCCL INFO Connected all rings
node02:16978:16978 [1] NCCL INFO Connected all rings
node02:58500:58500 [2] NCCL INFO Connected all rings
node02:71023:71023 [3] NCCL INFO Connected all rings
node02:48239:48239 [4] NCCL INFO Connected all rings
node02:81648:81648 [5] NCCL INFO Connected all rings
node02:66206:66206 [6] NCCL INFO Connected all rings
node02:83877:83877 [7] NCCL INFO Connected all rings
node01:31542:31542 [0] NCCL INFO ncclCommInitRank comm 0x55d0068eb610 rank 0 nranks 16 cudaDev 0 nvmlDev 0 busId 1b000 commId 0x7e216b2dca79a461 - Init COMPLETE
node01:45529:45529 [1] NCCL INFO ncclCommInitRank comm 0x55d000c75fd0 rank 1 nranks 16 cudaDev 1 nvmlDev 1 busId 43000 commId 0x7e216b2dca79a461 - Init COMPLETE
node01:74032:74032 [2] NCCL INFO ncclCommInitRank comm 0x55d004f3a430 rank 2 nranks 16 cudaDev 2 nvmlDev 2 busId 52000 commId 0x7e216b2dca79a461 - Init COMPLETE
node01:72609:72609 [3] NCCL INFO ncclCommInitRank comm 0x55d005e13400 rank 3 nranks 16 cudaDev 3 nvmlDev 3 busId 61000 commId 0x7e216b2dca79a461 - Init COMPLETE
node01:41759:41759 [4] NCCL INFO ncclCommInitRank comm 0x55d0027a5680 rank 4 nranks 16 cudaDev 4 nvmlDev 4 busId 9d000 commId 0x7e216b2dca79a461 - Init COMPLETE
node01:77953:77953 [5] NCCL INFO ncclCommInitRank comm 0x55d0037167b0 rank 5 nranks 16 cudaDev 5 nvmlDev 5 busId c3000 commId 0x7e216b2dca79a461 - Init COMPLETE
node01:11520:11520 [6] NCCL INFO ncclCommInitRank comm 0x55d00d0846e0 rank 6 nranks 16 cudaDev 6 nvmlDev 6 busId d1000 commId 0x7e216b2dca79a461 - Init COMPLETE
node01:28159:28159 [7] NCCL INFO ncclCommInitRank comm 0x55d00150bbc0 rank 7 nranks 16 cudaDev 7 nvmlDev 7 busId df000 commId 0x7e216b2dca79a461 - Init COMPLETE
node02:50362:50362 [0] NCCL INFO ncclCommInitRank comm 0x55d00b8cf440 rank 8 nranks 16 cudaDev 0 nvmlDev 0 busId 1b000 commId 0x7e216b2dca79a461 - Init COMPLETE
node02:16978:16978 [1] NCCL INFO ncclCommInitRank comm 0x55d00ebedea0 rank 9 nranks 16 cudaDev 1 nvmlDev 1 busId 43000 commId 0x7e216b2dca79a461 - Init COMPLETE
node02:58500:58500 [2] NCCL INFO ncclCommInitRank comm 0x55d00df27910 rank 10 nranks 16 cudaDev 2 nvmlDev 2 busId 52000 commId 0x7e216b2dca79a461 - Init COMPLETE
node02:71023:71023 [3] NCCL INFO ncclCommInitRank comm 0x55d0013ab7f0 rank 11 nranks 16 cudaDev 3 nvmlDev 3 busId 61000 commId 0x7e216b2dca79a461 - Init COMPLETE
node02:48239:48239 [4] NCCL INFO ncclCommInitRank comm 0x55d0022237d0 rank 12 nranks 16 cudaDev 4 nvmlDev 4 busId 9d000 commId 0x7e216b2dca79a461 - Init COMPLETE
node02:81648:81648 [5] NCCL INFO ncclCommInitRank comm 0x55d002339300 rank 13 nranks 16 cudaDev 5 nvmlDev 5 busId c3000 commId 0x7e216b2dca79a461 - Init COMPLETE
node02:66206:66206 [6] NCCL INFO ncclCommInitRank comm 0x55d007289010 rank 14 nranks 16 cudaDev 6 nvmlDev 6 busId d1000 commId 0x7e216b2dca79a461 - Init COMPLETE
node02:83877:83877 [7] NCCL INFO ncclCommInitRank comm 0x55d00716c270 rank 15 nranks 16 cudaDev 7 nvmlDev 7 busId df000 commId 0x7e216b2dca79a461 - Init COMPLETE
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)       
  1073741824     268435456     float     sum      -1   4034.1  266.17  499.07      0   3922.3  273.75  513.28      0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 506.175 
#
node01:31542:31542 [0] NCCL INFO comm 0x55d0068eb610 rank 0 nranks 16 cudaDev 0 busId 1b000 - Destroy COMPLETE
node01:45529:45529 [1] NCCL INFO comm 0x55d000c75fd0 rank 1 nranks 16 cudaDev 1 busId 43000 - Destroy COMPLETE
node01:74032:74032 [2] NCCL INFO comm 0x55d004f3a430 rank 2 nranks 16 cudaDev 2 busId 52000 - Destroy COMPLETE
node01:72609:72609 [3] NCCL INFO comm 0x55d005e13400 rank 3 nranks 16 cudaDev 3 busId 61000 - Destroy COMPLETE
node01:41759:41759 [4] NCCL INFO comm 0x55d0027a5680 rank 4 nranks 16 cudaDev 4 busId 9d000 - Destroy COMPLETE
node01:77953:77953 [5] NCCL INFO comm 0x55d0037167b0 rank 5 nranks 16 cudaDev 5 busId c3000 - Destroy COMPLETE
node01:11520:11520 [6] NCCL INFO comm 0x55d00d0846e0 rank 6 nranks 16 cudaDev 6 busId d1000 - Destroy COMPLETE
node01:28159:28159 [7] NCCL INFO comm 0x55d00150bbc0 rank 7 nranks 16 cudaDev 7 busId df000 - Destroy COMPLETE
node02:50362:50362 [0] NCCL INFO comm 0x55d00b8cf440 rank 8 nranks 16 cudaDev 0 busId 1b000 - Destroy COMPLETE
node02:16978:16978 [1] NCCL INFO comm 0x55d00ebedea0 rank 9 nranks 16 cudaDev 1 busId 43000 - Destroy COMPLETE
node02:58500:58500 [2] NCCL INFO comm 0x55d00df27910 rank 10 nranks 16 cudaDev 2 busId 52000 - Destroy COMPLETE
node02:71023:71023 [3] NCCL INFO comm 0x55d0013ab7f0 rank 11 nranks 16 cudaDev 3 busId 61000 - Destroy COMPLETE
node02:48239:48239 [4] NCCL INFO comm 0x55d0022237d0 rank 12 nranks 16 cudaDev 4 busId 9d000 - Destroy COMPLETE
node02:81648:81648 [5] NCCL INFO comm 0x55d002339300 rank 13 nranks 16 cudaDev 5 busId c3000 - Destroy COMPLETE
node02:66206:66206 [6] NCCL INFO comm 0x55d007289010 rank 14 nranks 16 cudaDev 6 busId d1000 - Destroy COMPLETE
node02:83877:83877 [7] NCCL INFO comm 0x55d00716c270 rank 15 nranks 16 cudaDev 7 busId df000 - Destroy COMPLETE

$ NCCL_DEBUG=INFO NCCL_IB_DISABLE=1 mpirun -np 16 -H node01:8,node02:8 all_reduce_perf -b 1G -e 1G -g 1 | grep -E 'NET/|Avg bus'
node01:59407:59407 [0] NCCL INFO NET/Plugin: No plugin found (libnccl-net.so)
node01:59407:59407 [0] NCCL INFO NET/Plugin: Plugin load returned 2 : libnccl-net.so: cannot open shared object file: No such file or directory : when loading libnccl-net.so
node01:59407:59407 [0] NCCL INFO NET/Plugin: Using internal network plugin.
node01:59407:59407 [0] NCCL INFO NET/Socket : Using [0]bond0:10.0.0.11<0>
node02:17959:17959 [0] NCCL INFO NET/Plugin: No plugin found (libnccl-net.so)
node02:17959:17959 [0] NCCL INFO NET/Plugin: Plugin load returned 2 : libnccl-net.so: cannot open shared object file: No such file or directory : when loading libnccl-net.so
node02:17959:17959 [0] NCCL INFO NET/Plugin: Using internal network plugin.
node02:17959:17959 [0] NCCL INFO NET/Socket : Using [0]bond0:10.0.0.12<0>
node01:59407:59407 [0] NCCL INFO Channel 00/0 : 8[0] -> 0[0] [receive] via NET/Socket/0
node01:1665:1665 [7] NCCL INFO Channel 00/0 : 7[7] -> 15[7] [send] via NET/Socket/0
node02:17959:17959 [0] NCCL INFO Channel 00/0 : 8[0] -> 0[0] [send] via NET/Socket/0
node02:59438:59438 [7] NCCL INFO Channel 00/0 : 7[7] -> 15[7] [receive] via NET/Socket/0
node01:59407:59407 [0] NCCL INFO Channel 01/0 : 8[0] -> 0[0] [receive] via NET/Socket/0
node01:1665:1665 [7] NCCL INFO Channel 01/0 : 7[7] -> 15[7] [send] via NET/Socket/0
node02:17959:17959 [0] NCCL INFO Channel 01/0 : 8[0] -> 0[0] [send] via NET/Socket/0
node02:59438:59438 [7] NCCL INFO Channel 01/0 : 7[7] -> 15[7] [receive] via NET/Socket/0
# Avg bus bandwidth    : 6.71444 
$ export NCCL_DEBUG=INFO
$ mpirun -np 2 -H node01:1,node02:1 all_reduce_perf -b 1G -e 1G -g 1 | grep -c NCCL
43
$ unset NCCL_DEBUG
$ all_reduce_perf -b x
invalid size specified for 'minbytes'
USAGE: all_reduce_perf 
	[-t,--nthreads <num threads>] 
	[-g,--ngpus <gpus per thread>] 
	[-b,--minbytes <min size in bytes>] 
	[-e,--maxbytes <max size in bytes>] 
	[-i,--stepbytes <increment size>] 
	[-f,--stepfactor <increment factor>] 
	[-n,--iters <iteration count>] 
	[-m,--agg_iters <aggregated iteration count>] 
	[-w,--warmup_iters <warmup iteration count>] 
	[-c,--check <check iteration count>] 
	[-o,--op <sum/prod/min/max/avg/all>] 
	[-d,--datatype <nccltype/all>] 
	[-G,--cudagraph <num graph launches>] 
	[-a,--average <0/1/2/3> report average iteration time <0=RANK0/1=AVG/2=MIN/3=MAX>] 
	[-h,--help]
$ mpirun -np 16 -H node99:8 all_reduce_perf -g 1
ssh: Could not resolve hostname node99: Name or service not known
--------------------------------------------------------------------------
ORTE was unable to reliably start one or more daemons.
--------------------------------------------------------------------------
$ help ibstat
ibstat: InfiniBand HCA and port status: state, physical state, rate, LIDs
usage: ibstat [-l | -s | -p] [CA [PORT]]
  Every CA of this node, or one (ibstat mlx5_0) and one port (ibstat mlx5_0 1).
  Rate is the negotiated rate in Gb/s: 400 for NDR 4X, 200 for HDR 4X.
$ ibstat
CA 'mlx5_0'
	CA type: MT4129
	Number of ports: 1
	Firmware version: 28.41.1000
	Hardware version: 0
	Node GUID: 0xa088c2034e705cd5
	System image GUID: 0xa088c2034e705cd5
	Port 1:
		State: Active
		Physical state: LinkUp
		Rate: 400
		Base lid: 100
		LMC: 0
		SM lid: 1
		Capability mask: 0xa751e848
		Port GUID: 0xa088c2034e705cd5
		Link layer: InfiniBand
CA 'mlx5_1'
	CA type: MT4125
	Number of ports: 1
	Firmware version: 22.39.1002
	Hardware version: 0
	Node GUID: 0xa088c203b848805e
	System image GUID: 0xa088c203b848805e
	Port 1:
		State: Active
		Physical state: LinkUp
		Rate: 100
		Base lid: 0
		LMC: 0
		SM lid: 0
		Capability mask: 0x00010000
		Port GUID: 0xa088c203b848805e
		Link layer: Ethernet
CA 'mlx5_2'
	CA type: MT4125
	Number of ports: 1
	Firmware version: 22.39.1002
	Hardware version: 0
	Node GUID: 0xa088c2036be87abe
	System image GUID: 0xa088c203b848805e
	Port 1:
		State: Active
		Physical state: LinkUp
		Rate: 100
		Base lid: 0
		LMC: 0
		SM lid: 0
		Capability mask: 0x00010000
		Port GUID: 0xa088c2036be87abe
		Link layer: Ethernet
CA 'mlx5_3'
	CA type: MT4129
	Number of ports: 1
	Firmware version: 28.41.1000
	Hardware version: 0
	Node GUID: 0xa088c2038faec6a9
	System image GUID: 0xa088c2038faec6a9
	Port 1:
		State: Active
		Physical state: LinkUp
		Rate: 400
		Base lid: 101
		LMC: 0
		SM lid: 1
		Capability mask: 0xa751e848
		Port GUID: 0xa088c2038faec6a9
		Link layer: InfiniBand
CA 'mlx5_4'
	CA type: MT4129
	Number of ports: 1
	Firmware version: 28.41.1000
	Hardware version: 0
	Node GUID: 0xa088c203c941238f
	System image GUID: 0xa088c203c941238f
	Port 1:
		State: Active
		Physical state: LinkUp
		Rate: 400
		Base lid: 102
		LMC: 0
		SM lid: 1
		Capability mask: 0xa751e848
		Port GUID: 0xa088c203c941238f
		Link layer: InfiniBand
CA 'mlx5_5'
	CA type: MT4129
	Number of ports: 1
	Firmware version: 28.41.1000
	Hardware version: 0
	Node GUID: 0xa088c203b7c86af4
	System image GUID: 0xa088c203b7c86af4
	Port 1:
		State: Active
		Physical state: LinkUp
		Rate: 400
		Base lid: 103
		LMC: 0
		SM lid: 1
		Capability mask: 0xa751e848
		Port GUID: 0xa088c203b7c86af4
		Link layer: InfiniBand
CA 'mlx5_6'
	CA type: MT4129
	Number of ports: 1
	Firmware version: 28.41.1000
	Hardware version: 0
	Node GUID: 0xa088c2038a2ea120
	System image GUID: 0xa088c2038a2ea120
	Port 1:
		State: Active
		Physical state: LinkUp
		Rate: 400
		Base lid: 104
		LMC: 0
		SM lid: 1
		Capability mask: 0xa751e848
		Port GUID: 0xa088c2038a2ea120
		Link layer: InfiniBand
CA 'mlx5_9'
	CA type: MT4129
	Number of ports: 1
	Firmware version: 28.41.1000
	Hardware version: 0
	Node GUID: 0xa088c203e70ba122
	System image GUID: 0xa088c203e70ba122
	Port 1:
		State: Active
		Physical state: LinkUp
		Rate: 400
		Base lid: 105
		LMC: 0
		SM lid: 1
		Capability mask: 0xa751e848
		Port GUID: 0xa088c203e70ba122
		Link layer: InfiniBand
CA 'mlx5_10'
	CA type: MT4129
	Number of ports: 1
	Firmware version: 28.41.1000
	Hardware version: 0
	Node GUID: 0xa088c2032eb89b99
	System image GUID: 0xa088c2032eb89b99
	Port 1:
		State: Active
		Physical state: LinkUp
		Rate: 400
		Base lid: 106
		LMC: 0
		SM lid: 1
		Capability mask: 0xa751e848
		Port GUID: 0xa088c2032eb89b99
		Link layer: InfiniBand
CA 'mlx5_11'
	CA type: MT4129
	Number of ports: 1
	Firmware version: 28.41.1000
	Hardware version: 0
	Node GUID: 0xa088c20357c8375e
	System image GUID: 0xa088c20357c8375e
	Port 1:
		State: Active
		Physical state: LinkUp
		Rate: 400
		Base lid: 107
		LMC: 0
		SM lid: 1
		Capability mask: 0xa751e848
		Port GUID: 0xa088c20357c8375e
		Link layer: InfiniBand
$ ibstat mlx5_0
CA 'mlx5_0'
	CA type: MT4129
	Number of ports: 1
	Firmware version: 28.41.1000
	Hardware version: 0
	Node GUID: 0xa088c2034e705cd5
	System image GUID: 0xa088c2034e705cd5
	Port 1:
		State: Active
		Physical state: LinkUp
		Rate: 400
		Base lid: 100
		LMC: 0
		SM lid: 1
		Capability mask: 0xa751e848
		Port GUID: 0xa088c2034e705cd5
		Link layer: InfiniBand
$ ibstat mlx5_99
ibstat: iberror: failed: 'mlx5_99' IB device can't be found
$ ibv_devinfo -d mlx5_0
hca_id:	mlx5_0
	transport:			InfiniBand (0)
	fw_ver:				28.41.1000
	node_guid:			a088:c203:4e70:5cd5
	sys_image_guid:			a088:c203:4e70:5cd5
	vendor_id:			0x02c9
	vendor_part_id:			4129
	hw_ver:				0x0
	board_id:			MT_0000000838
	phys_port_cnt:			1
		port:	1
			state:			PORT_ACTIVE (4)
			max_mtu:		4096 (5)
			active_mtu:		4096 (5)
			sm_lid:			1
			port_lid:		100
			port_lmc:		0x00
			link_layer:		InfiniBand

$ ibdev2netdev
mlx5_0 port 1 ==> ibp24s0 (Up)
mlx5_1 port 1 ==> enp41s0f0np0 (Up)
mlx5_2 port 1 ==> enp41s0f1np1 (Up)
mlx5_3 port 1 ==> ibp64s0 (Up)
mlx5_4 port 1 ==> ibp79s0 (Up)
mlx5_5 port 1 ==> ibp94s0 (Up)
mlx5_6 port 1 ==> ibp154s0 (Up)
mlx5_9 port 1 ==> ibp192s0 (Up)
mlx5_10 port 1 ==> ibp206s0 (Up)
mlx5_11 port 1 ==> ibp220s0 (Up)
$ perfquery
# Port counters: Lid 100 port 1 (CapMask: 0x5A00)
PortSelect:......................1
CounterSelect:...................0x0000
SymbolErrorCounter:..............0
LinkErrorRecoveryCounter:........0
LinkDownedCounter:...............0
PortRcvErrors:...................0
PortRcvRemotePhysicalErrors:.....0
PortRcvSwitchRelayErrors:........0
PortXmitDiscards:................0
PortXmitConstraintErrors:........0
PortRcvConstraintErrors:.........0
CounterSelect2:..................0x00
LocalLinkIntegrityErrors:........0
ExcessiveBufferOverrunErrors:....0
VL15Dropped:.....................0
PortXmitData:....................4294967295
PortRcvData:.....................4294967295
PortXmitPkts:....................2717805468
PortRcvPkts:.....................2802936955
PortXmitWait:....................1231771
$ perfquery -x
# Port extended counters: Lid 100 port 1 (CapMask: 0x5A00)
PortSelect:......................1
CounterSelect:...................0x0000
PortXmitData:....................2789905120963
PortRcvData:.....................2877079763545
PortXmitPkts:....................2724516718
PortRcvPkts:.....................2809648205
PortUnicastXmitPkts:.............2724516718
PortUnicastRcvPkts:..............2809648205
PortMulticastXmitPkts:...........0
PortMulticastRcvPkts:............0
SymbolErrorCounter:..............0
LinkErrorRecoveryCounter:........0
LinkDownedCounter:...............0
PortRcvErrors:...................0
PortRcvRemotePhysicalErrors:.....0
PortRcvSwitchRelayErrors:........0
PortXmitDiscards:................0
PortXmitConstraintErrors:........0
PortRcvConstraintErrors:.........0
LocalLinkIntegrityErrors:........0
ExcessiveBufferOverrunErrors:....0
VL15Dropped:.....................0
PortXmitWait:....................1231771
QP1Dropped:......................0
$ perfquery -Z
perfquery: invalid option -- 'Z'
Usage: perfquery [options]  [<lid|guid> [[port(s)] [reset_mask]]]

Options:
  --extended, -x          show extended port counters
  --all_ports, -a         show aggregated counters
  --reset_after_read, -r  reset counters after read
  --Reset_only, -R        only reset counters
  --Ca, -C <ca>           Ca name to use
  --Port, -P <port>       Ca port number to use
  --help, -h              help message

Examples:
  perfquery               # read local port's performance counters
  perfquery 32 1          # read performance counters from lid 32, port 1
  perfquery -x 32 1       # read extended performance counters from lid 32, port 1
  perfquery -r 32 1       # read performance counters and reset
  perfquery -C mlx5_3     # read the counters of CA mlx5_3's port
$ ip link
1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN mode DEFAULT group default qlen 1000
    link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00
2: ibp24s0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 4092 qdisc mq state UP mode DEFAULT group default qlen 256
    link/infiniband 00:00:10:29:fe:80:00:00:00:00:00:00:a0:88:c2:03:4e:70:5c:d5 brd 00:ff:ff:ff:ff:12:40:1b:ff:ff:00:00:00:00:00:00:ff:ff:ff:ff
3: enp41s0f0np0: <BROADCAST,MULTICAST,SLAVE,UP,LOWER_UP> mtu 9000 qdisc mq master bond0 state UP mode DEFAULT group default qlen 1000
    link/ether b8:3f:d2:48:80:5e brd ff:ff:ff:ff:ff:ff
4: enp41s0f1np1: <BROADCAST,MULTICAST,SLAVE,UP,LOWER_UP> mtu 9000 qdisc mq master bond0 state UP mode DEFAULT group default qlen 1000
    link/ether b8:3f:d2:48:80:5e brd ff:ff:ff:ff:ff:ff
5: ibp64s0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 4092 qdisc mq state UP mode DEFAULT group default qlen 256
    link/infiniband 00:00:10:29:fe:80:00:00:00:00:00:00:a0:88:c2:03:8f:ae:c6:a9 brd 00:ff:ff:ff:ff:12:40:1b:ff:ff:00:00:00:00:00:00:ff:ff:ff:ff
6: ibp79s0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 4092 qdisc mq state UP mode DEFAULT group default qlen 256
    link/infiniband 00:00:10:29:fe:80:00:00:00:00:00:00:a0:88:c2:03:c9:41:23:8f brd 00:ff:ff:ff:ff:12:40:1b:ff:ff:00:00:00:00:00:00:ff:ff:ff:ff
7: ibp94s0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 4092 qdisc mq state UP mode DEFAULT group default qlen 256
    link/infiniband 00:00:10:29:fe:80:00:00:00:00:00:00:a0:88:c2:03:b7:c8:6a:f4 brd 00:ff:ff:ff:ff:12:40:1b:ff:ff:00:00:00:00:00:00:ff:ff:ff:ff
8: ibp154s0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 4092 qdisc mq state UP mode DEFAULT group default qlen 256
    link/infiniband 00:00:10:29:fe:80:00:00:00:00:00:00:a0:88:c2:03:8a:2e:a1:20 brd 00:ff:ff:ff:ff:12:40:1b:ff:ff:00:00:00:00:00:00:ff:ff:ff:ff
9: ibp192s0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 4092 qdisc mq state UP mode DEFAULT group default qlen 256
    link/infiniband 00:00:10:29:fe:80:00:00:00:00:00:00:a0:88:c2:03:e7:0b:a1:22 brd 00:ff:ff:ff:ff:12:40:1b:ff:ff:00:00:00:00:00:00:ff:ff:ff:ff
10: ibp206s0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 4092 qdisc mq state UP mode DEFAULT group default qlen 256
    link/infiniband 00:00:10:29:fe:80:00:00:00:00:00:00:a0:88:c2:03:2e:b8:9b:99 brd 00:ff:ff:ff:ff:12:40:1b:ff:ff:00:00:00:00:00:00:ff:ff:ff:ff
11: ibp220s0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 4092 qdisc mq state UP mode DEFAULT group default qlen 256
    link/infiniband 00:00:10:29:fe:80:00:00:00:00:00:00:a0:88:c2:03:57:c8:37:5e brd 00:ff:ff:ff:ff:12:40:1b:ff:ff:00:00:00:00:00:00:ff:ff:ff:ff
12: bond0: <BROADCAST,MULTICAST,MASTER,UP,LOWER_UP> mtu 9000 qdisc noqueue state UP mode DEFAULT group default qlen 1000
    link/ether b8:3f:d2:48:80:5e brd ff:ff:ff:ff:ff:ff
$ ip bogus
Object "bogus" is unknown, try "ip help".
$ ethtool nosuchdev
netlink error: no device matches name (offset 24)
netlink error: No such device
