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
$ goal
Lab multi-node-slowdown: Multi-node slowdown

The 13B pre-training job 50102 runs on node01-node04 (32 ranks). A single-node test run was
as fast as ever, but on four nodes the steps are slower than the same job ran last month,
and the all-grads-sync timer in the step log has about doubled. Find what slows
communication between nodes and name the component.

When you know the cause, name the component: answer COMPONENT (e.g. answer node02 gpu3). `hint` gives a hint.
$ hint
Hint 1 of 3: Measure first: `all_reduce_perf -b 8 -e 8G -f 2 -g 8` on one node, then across nodes with `mpirun -np 16 -H node01:8,node02:8 all_reduce_perf -b 8 -e 8G -f 2 -g 1`. Try other pairs of nodes too.
$ all_reduce_perf -b 8 -e 8G -f 2 -g 8
# nccl-tests version 2.13.10 nccl-headers=22105 nccl-library=22105
# nThread 1 nGpus 8 minBytes 8 maxBytes 8589934592 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0
#
# Using devices
#  Rank  0 Group  0 Pid  19379 on     node01 device  0 [0000:1b:00] NVIDIA H100 80GB HBM3
#  Rank  1 Group  0 Pid  19379 on     node01 device  1 [0000:43:00] NVIDIA H100 80GB HBM3
#  Rank  2 Group  0 Pid  19379 on     node01 device  2 [0000:52:00] NVIDIA H100 80GB HBM3
#  Rank  3 Group  0 Pid  19379 on     node01 device  3 [0000:61:00] NVIDIA H100 80GB HBM3
#  Rank  4 Group  0 Pid  19379 on     node01 device  4 [0000:9d:00] NVIDIA H100 80GB HBM3
#  Rank  5 Group  0 Pid  19379 on     node01 device  5 [0000:c3:00] NVIDIA H100 80GB HBM3
#  Rank  6 Group  0 Pid  19379 on     node01 device  6 [0000:d1:00] NVIDIA H100 80GB HBM3
#  Rank  7 Group  0 Pid  19379 on     node01 device  7 [0000:df:00] NVIDIA H100 80GB HBM3
#
#                                                              out-of-place                       in-place
#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)
           8             2     float     sum      -1    12.03    0.00    0.00      0    11.86    0.00    0.00      0
          16             4     float     sum      -1    11.87    0.00    0.00      0    11.76    0.00    0.00      0
          32             8     float     sum      -1    11.86    0.00    0.00      0    11.71    0.00    0.00      0
          64            16     float     sum      -1    12.02    0.01    0.01      0    11.75    0.01    0.01      0
         128            32     float     sum      -1    12.13    0.01    0.02      0    11.79    0.01    0.02      0
         256            64     float     sum      -1    11.80    0.02    0.04      0    11.74    0.02    0.04      0
         512           128     float     sum      -1    12.03    0.04    0.07      0    11.77    0.04    0.08      0
        1024           256     float     sum      -1    12.08    0.08    0.15      0    11.80    0.09    0.15      0
        2048           512     float     sum      -1    11.68    0.18    0.31      0    11.87    0.17    0.30      0
        4096          1024     float     sum      -1    11.96    0.34    0.60      0    11.97    0.34    0.60      0
        8192          2048     float     sum      -1    11.93    0.69    1.20      0    11.83    0.69    1.21      0
       16384          4096     float     sum      -1    11.91    1.38    2.41      0    11.99    1.37    2.39      0
       32768          8192     float     sum      -1    12.14    2.70    4.72      0    11.97    2.74    4.79      0
       65536         16384     float     sum      -1    12.11    5.41    9.47      0    12.37    5.30    9.27      0
      131072         32768     float     sum      -1    12.41   10.56   18.48      0    12.39   10.58   18.51      0
      262144         65536     float     sum      -1    13.07   20.06   35.11      0    13.18   19.89   34.81      0
      524288        131072     float     sum      -1    14.54   36.06   63.11      0    14.68   35.71   62.49      0
     1048576        262144     float     sum      -1    17.17   61.08  106.89      0    17.06   61.46  107.56      0
     2097152        524288     float     sum      -1    22.42   93.55  163.72      0    21.99   95.35  166.87      0
     4194304       1048576     float     sum      -1    32.71  128.23  224.40      0    32.74  128.11  224.19      0
     8388608       2097152     float     sum      -1    53.19  157.70  275.97      0    52.42  160.02  280.04      0
    16777216       4194304     float     sum      -1    91.99  182.38  319.17      0    93.58  179.29  313.75      0
    33554432       8388608     float     sum      -1    176.4  190.21  332.87      0    174.1  192.68  337.19      0
    67108864      16777216     float     sum      -1    335.3  200.12  350.21      0    333.5  201.25  352.18      0
   134217728      33554432     float     sum      -1    653.2  205.48  359.60      0    656.7  204.39  357.69      0
   268435456      67108864     float     sum      -1   1321.8  203.08  355.38      0   1323.8  202.78  354.86      0
   536870912     134217728     float     sum      -1   2643.6  203.09  355.40      0   2646.1  202.89  355.06      0
  1073741824     268435456     float     sum      -1   5261.3  204.08  357.15      0   5326.5  201.58  352.77      0
  2147483648     536870912     float     sum      -1    10625  202.12  353.72      0    10515  204.22  357.39      0
  4294967296    1073741824     float     sum      -1    21304  201.60  352.81      0    21266  201.97  353.44      0
  8589934592    2147483648     float     sum      -1    41048  209.27  366.22      0    41764  205.68  359.94      0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 142.207 
#

$ mpirun -np 16 -H node01:8,node02:8 all_reduce_perf -b 8 -e 8G -f 2 -g 1
# nccl-tests version 2.13.10 nccl-headers=22105 nccl-library=22105
# nThread 1 nGpus 1 minBytes 8 maxBytes 8589934592 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0
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
#
#                                                              out-of-place                       in-place
#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)
           8             2     float     sum      -1    34.25    0.00    0.00      0    35.15    0.00    0.00      0
          16             4     float     sum      -1    34.95    0.00    0.00      0    34.13    0.00    0.00      0
          32             8     float     sum      -1    34.50    0.00    0.00      0    34.99    0.00    0.00      0
          64            16     float     sum      -1    34.30    0.00    0.00      0    34.59    0.00    0.00      0
         128            32     float     sum      -1    34.79    0.00    0.01      0    34.70    0.00    0.01      0
         256            64     float     sum      -1    34.43    0.01    0.01      0    34.43    0.01    0.01      0
         512           128     float     sum      -1    34.10    0.02    0.03      0    34.35    0.01    0.03      0
        1024           256     float     sum      -1    34.23    0.03    0.06      0    34.34    0.03    0.06      0
        2048           512     float     sum      -1    34.33    0.06    0.11      0    35.17    0.06    0.11      0
        4096          1024     float     sum      -1    33.90    0.12    0.23      0    34.35    0.12    0.22      0
        8192          2048     float     sum      -1    34.71    0.24    0.44      0    34.61    0.24    0.44      0
       16384          4096     float     sum      -1    34.51    0.47    0.89      0    34.71    0.47    0.88      0
       32768          8192     float     sum      -1    34.93    0.94    1.76      0    34.01    0.96    1.81      0
       65536         16384     float     sum      -1    34.37    1.91    3.58      0    34.70    1.89    3.54      0
      131072         32768     float     sum      -1    34.60    3.79    7.10      0    34.91    3.76    7.04      0
      262144         65536     float     sum      -1    35.26    7.43   13.94      0    35.79    7.32   13.73      0
      524288        131072     float     sum      -1    37.13   14.12   26.48      0    37.14   14.12   26.47      0
     1048576        262144     float     sum      -1    39.41   26.61   49.89      0    40.16   26.11   48.96      0
     2097152        524288     float     sum      -1    45.57   46.02   86.28      0    46.06   45.53   85.38      0
     4194304       1048576     float     sum      -1    57.47   72.98  136.85      0    55.68   75.33  141.25      0
     8388608       2097152     float     sum      -1    77.46  108.30  203.07      0    77.64  108.04  202.58      0
    16777216       4194304     float     sum      -1    122.2  137.24  257.33      0    120.8  138.86  260.37      0
    33554432       8388608     float     sum      -1    211.7  158.49  297.17      0    212.8  157.70  295.69      0
    67108864      16777216     float     sum      -1    378.3  177.41  332.65      0    381.3  175.99  329.97      0
   134217728      33554432     float     sum      -1    745.2  180.10  337.68      0    722.3  185.81  348.39      0
   268435456      67108864     float     sum      -1   1422.3  188.73  353.87      0   1452.9  184.76  346.43      0
   536870912     134217728     float     sum      -1   2814.2  190.77  357.70      0   2869.6  187.09  350.80      0
  1073741824     268435456     float     sum      -1   5671.2  189.33  355.00      0   5573.7  192.64  361.21      0
  2147483648     536870912     float     sum      -1    11355  189.12  354.59      0    11085  193.74  363.26      0
  4294967296    1073741824     float     sum      -1    21997  195.25  366.10      0    22589  190.13  356.50      0
  8589934592    2147483648     float     sum      -1    43954  195.43  366.43      0    44840  191.57  359.19      0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 126.026 
#

$ hint
Hint 2 of 3: Is NCCL on InfiniBand at all? Add NCCL_DEBUG=INFO in front of the mpirun line and read the transport of each channel.
$ mpirun -np 16 -H node01:8,node03:8 all_reduce_perf -b 8 -e 8G -f 2 -g 1
# nccl-tests version 2.13.10 nccl-headers=22105 nccl-library=22105
# nThread 1 nGpus 1 minBytes 8 maxBytes 8589934592 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0
#
# Using devices
#  Rank  0 Group  0 Pid  19801 on     node01 device  0 [0000:1b:00] NVIDIA H100 80GB HBM3
#  Rank  1 Group  0 Pid  25436 on     node01 device  1 [0000:43:00] NVIDIA H100 80GB HBM3
#  Rank  2 Group  0 Pid  41406 on     node01 device  2 [0000:52:00] NVIDIA H100 80GB HBM3
#  Rank  3 Group  0 Pid  22704 on     node01 device  3 [0000:61:00] NVIDIA H100 80GB HBM3
#  Rank  4 Group  0 Pid  65122 on     node01 device  4 [0000:9d:00] NVIDIA H100 80GB HBM3
#  Rank  5 Group  0 Pid  41486 on     node01 device  5 [0000:c3:00] NVIDIA H100 80GB HBM3
#  Rank  6 Group  0 Pid  17578 on     node01 device  6 [0000:d1:00] NVIDIA H100 80GB HBM3
#  Rank  7 Group  0 Pid  80723 on     node01 device  7 [0000:df:00] NVIDIA H100 80GB HBM3
#  Rank  8 Group  0 Pid  83323 on     node03 device  0 [0000:1b:00] NVIDIA H100 80GB HBM3
#  Rank  9 Group  0 Pid  50350 on     node03 device  1 [0000:43:00] NVIDIA H100 80GB HBM3
#  Rank 10 Group  0 Pid  65963 on     node03 device  2 [0000:52:00] NVIDIA H100 80GB HBM3
#  Rank 11 Group  0 Pid  23890 on     node03 device  3 [0000:61:00] NVIDIA H100 80GB HBM3
#  Rank 12 Group  0 Pid   2401 on     node03 device  4 [0000:9d:00] NVIDIA H100 80GB HBM3
#  Rank 13 Group  0 Pid  26360 on     node03 device  5 [0000:c3:00] NVIDIA H100 80GB HBM3
#  Rank 14 Group  0 Pid   5045 on     node03 device  6 [0000:d1:00] NVIDIA H100 80GB HBM3
#  Rank 15 Group  0 Pid  22892 on     node03 device  7 [0000:df:00] NVIDIA H100 80GB HBM3
#
#                                                              out-of-place                       in-place
#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)
           8             2     float     sum      -1    34.33    0.00    0.00      0    35.09    0.00    0.00      0
          16             4     float     sum      -1    34.14    0.00    0.00      0    34.55    0.00    0.00      0
          32             8     float     sum      -1    34.41    0.00    0.00      0    34.48    0.00    0.00      0
          64            16     float     sum      -1    35.10    0.00    0.00      0    34.39    0.00    0.00      0
         128            32     float     sum      -1    34.29    0.00    0.01      0    34.96    0.00    0.01      0
         256            64     float     sum      -1    34.66    0.01    0.01      0    34.21    0.01    0.01      0
         512           128     float     sum      -1    34.89    0.01    0.03      0    34.89    0.01    0.03      0
        1024           256     float     sum      -1    34.13    0.03    0.06      0    34.93    0.03    0.05      0
        2048           512     float     sum      -1    34.74    0.06    0.11      0    35.01    0.06    0.11      0
        4096          1024     float     sum      -1    34.84    0.12    0.22      0    34.32    0.12    0.22      0
        8192          2048     float     sum      -1    33.91    0.24    0.45      0    34.62    0.24    0.44      0
       16384          4096     float     sum      -1    35.02    0.47    0.88      0    34.97    0.47    0.88      0
       32768          8192     float     sum      -1    34.19    0.96    1.80      0    34.48    0.95    1.78      0
       65536         16384     float     sum      -1    35.32    1.86    3.48      0    35.45    1.85    3.47      0
      131072         32768     float     sum      -1    36.34    3.61    6.76      0    35.63    3.68    6.90      0
      262144         65536     float     sum      -1    36.48    7.19   13.47      0    37.05    7.08   13.27      0
      524288        131072     float     sum      -1    40.34   13.00   24.37      0    39.66   13.22   24.79      0
     1048576        262144     float     sum      -1    44.12   23.77   44.57      0    45.75   22.92   42.97      0
     2097152        524288     float     sum      -1    56.47   37.14   69.63      0    55.99   37.45   70.23      0
     4194304       1048576     float     sum      -1    75.55   55.52  104.09      0    74.89   56.00  105.01      0
     8388608       2097152     float     sum      -1    118.6   70.74  132.63      0    117.9   71.15  133.41      0
    16777216       4194304     float     sum      -1    202.0   83.08  155.77      0    200.8   83.56  156.67      0
    33554432       8388608     float     sum      -1    363.5   92.30  173.06      0    365.4   91.82  172.17      0
    67108864      16777216     float     sum      -1    703.2   95.43  178.93      0    690.4   97.21  182.27      0
   134217728      33554432     float     sum      -1   1367.7   98.13  184.00      0   1365.7   98.28  184.27      0
   268435456      67108864     float     sum      -1   2668.1  100.61  188.64      0   2668.0  100.61  188.65      0
   536870912     134217728     float     sum      -1   5376.1   99.86  187.24      0   5491.4   97.77  183.31      0
  1073741824     268435456     float     sum      -1    10891   98.59  184.85      0    10830   99.15  185.90      0
  2147483648     536870912     float     sum      -1    21317  100.74  188.89      0    21380  100.44  188.33      0
  4294967296    1073741824     float     sum      -1    42868  100.19  187.86      0    43037   99.80  187.12      0
  8589934592    2147483648     float     sum      -1    85734  100.19  187.86      0    86042   99.83  187.19      0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 71.5991 
#

$ NCCL_DEBUG=INFO mpirun -np 16 -H node01:8,node03:8 all_reduce_perf -b 1G -e 1G -g 1
# nccl-tests version 2.13.10 nccl-headers=22105 nccl-library=22105
# nThread 1 nGpus 1 minBytes 1073741824 maxBytes 1073741824 step: 1048576(bytes) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0
#
# Using devices
#  Rank  0 Group  0 Pid  10454 on     node01 device  0 [0000:1b:00] NVIDIA H100 80GB HBM3
#  Rank  1 Group  0 Pid  60057 on     node01 device  1 [0000:43:00] NVIDIA H100 80GB HBM3
#  Rank  2 Group  0 Pid  35751 on     node01 device  2 [0000:52:00] NVIDIA H100 80GB HBM3
#  Rank  3 Group  0 Pid  28994 on     node01 device  3 [0000:61:00] NVIDIA H100 80GB HBM3
#  Rank  4 Group  0 Pid  18107 on     node01 device  4 [0000:9d:00] NVIDIA H100 80GB HBM3
#  Rank  5 Group  0 Pid  12720 on     node01 device  5 [0000:c3:00] NVIDIA H100 80GB HBM3
#  Rank  6 Group  0 Pid  57322 on     node01 device  6 [0000:d1:00] NVIDIA H100 80GB HBM3
#  Rank  7 Group  0 Pid  28514 on     node01 device  7 [0000:df:00] NVIDIA H100 80GB HBM3
#  Rank  8 Group  0 Pid  38761 on     node03 device  0 [0000:1b:00] NVIDIA H100 80GB HBM3
#  Rank  9 Group  0 Pid  70003 on     node03 device  1 [0000:43:00] NVIDIA H100 80GB HBM3
#  Rank 10 Group  0 Pid   2587 on     node03 device  2 [0000:52:00] NVIDIA H100 80GB HBM3
#  Rank 11 Group  0 Pid  42184 on     node03 device  3 [0000:61:00] NVIDIA H100 80GB HBM3
#  Rank 12 Group  0 Pid  51482 on     node03 device  4 [0000:9d:00] NVIDIA H100 80GB HBM3
#  Rank 13 Group  0 Pid  58885 on     node03 device  5 [0000:c3:00] NVIDIA H100 80GB HBM3
#  Rank 14 Group  0 Pid  79774 on     node03 device  6 [0000:d1:00] NVIDIA H100 80GB HBM3
#  Rank 15 Group  0 Pid  61609 on     node03 device  7 [0000:df:00] NVIDIA H100 80GB HBM3
node01:10454:10454 [0] NCCL INFO Bootstrap : Using bond0:10.0.0.11<0>
node01:10454:10454 [0] NCCL INFO cudaDriverVersion 12080
node01:10454:10454 [0] NCCL INFO NCCL version 2.21.5+cuda12.4
node01:10454:10454 [0] NCCL INFO NET/Plugin : No plugin found (libnccl-net.so), using internal implementation
node01:10454:10454 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/RoCE [2]mlx5_2:1/RoCE [3]mlx5_3:1/IB [4]mlx5_4:1/IB [5]mlx5_5:1/IB [6]mlx5_6:1/IB [7]mlx5_9:1/IB [8]mlx5_10:1/IB [9]mlx5_11:1/IB [RO]; OOB bond0:10.0.0.11<0>
node01:10454:10454 [0] NCCL INFO Using network IB
node03:38761:38761 [0] NCCL INFO Bootstrap : Using bond0:10.0.0.13<0>
node03:38761:38761 [0] NCCL INFO cudaDriverVersion 12080
node03:38761:38761 [0] NCCL INFO NET/Plugin : No plugin found (libnccl-net.so), using internal implementation
node03:38761:38761 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/RoCE [2]mlx5_2:1/RoCE [3]mlx5_3:1/IB [4]mlx5_4:1/IB [5]mlx5_5:1/IB [6]mlx5_6:1/IB [7]mlx5_9:1/IB [8]mlx5_10:1/IB [9]mlx5_11:1/IB [RO]; OOB bond0:10.0.0.13<0>
node03:38761:38761 [0] NCCL INFO Using network IB
node01:10454:10454 [0] NCCL INFO comm 0x55d00ec178b0 rank 0 nranks 16 cudaDev 0 nvmlDev 0 busId 1b000 commId 0x7cc082b9b42be457 - Init START
node01:60057:60057 [1] NCCL INFO comm 0x55d007d9c7e0 rank 1 nranks 16 cudaDev 1 nvmlDev 1 busId 43000 commId 0x7cc082b9b42be457 - Init START
node01:35751:35751 [2] NCCL INFO comm 0x55d00d4aa860 rank 2 nranks 16 cudaDev 2 nvmlDev 2 busId 52000 commId 0x7cc082b9b42be457 - Init START
node01:28994:28994 [3] NCCL INFO comm 0x55d00053d120 rank 3 nranks 16 cudaDev 3 nvmlDev 3 busId 61000 commId 0x7cc082b9b42be457 - Init START
node01:18107:18107 [4] NCCL INFO comm 0x55d0042a1180 rank 4 nranks 16 cudaDev 4 nvmlDev 4 busId 9d000 commId 0x7cc082b9b42be457 - Init START
node01:12720:12720 [5] NCCL INFO comm 0x55d005505f00 rank 5 nranks 16 cudaDev 5 nvmlDev 5 busId c3000 commId 0x7cc082b9b42be457 - Init START
node01:57322:57322 [6] NCCL INFO comm 0x55d00cebf710 rank 6 nranks 16 cudaDev 6 nvmlDev 6 busId d1000 commId 0x7cc082b9b42be457 - Init START
node01:28514:28514 [7] NCCL INFO comm 0x55d00ce185e0 rank 7 nranks 16 cudaDev 7 nvmlDev 7 busId df000 commId 0x7cc082b9b42be457 - Init START
node03:38761:38761 [0] NCCL INFO comm 0x55d006003280 rank 8 nranks 16 cudaDev 0 nvmlDev 0 busId 1b000 commId 0x7cc082b9b42be457 - Init START
node03:70003:70003 [1] NCCL INFO comm 0x55d00915b350 rank 9 nranks 16 cudaDev 1 nvmlDev 1 busId 43000 commId 0x7cc082b9b42be457 - Init START
node03:2587:2587 [2] NCCL INFO comm 0x55d00ea21df0 rank 10 nranks 16 cudaDev 2 nvmlDev 2 busId 52000 commId 0x7cc082b9b42be457 - Init START
node03:42184:42184 [3] NCCL INFO comm 0x55d00f84fcc0 rank 11 nranks 16 cudaDev 3 nvmlDev 3 busId 61000 commId 0x7cc082b9b42be457 - Init START
node03:51482:51482 [4] NCCL INFO comm 0x55d003cdd7a0 rank 12 nranks 16 cudaDev 4 nvmlDev 4 busId 9d000 commId 0x7cc082b9b42be457 - Init START
node03:58885:58885 [5] NCCL INFO comm 0x55d009d80b30 rank 13 nranks 16 cudaDev 5 nvmlDev 5 busId c3000 commId 0x7cc082b9b42be457 - Init START
node03:79774:79774 [6] NCCL INFO comm 0x55d0089d9460 rank 14 nranks 16 cudaDev 6 nvmlDev 6 busId d1000 commId 0x7cc082b9b42be457 - Init START
node03:61609:61609 [7] NCCL INFO comm 0x55d0015aaf70 rank 15 nranks 16 cudaDev 7 nvmlDev 7 busId df000 commId 0x7cc082b9b42be457 - Init START
node01:10454:10454 [0] NCCL INFO GPU Direct RDMA Enabled for GPU 1b000 / HCA 0 (distance 3 <= 4), read 1 mode Default
node01:60057:60057 [1] NCCL INFO GPU Direct RDMA Enabled for GPU 43000 / HCA 3 (distance 3 <= 4), read 1 mode Default
node01:35751:35751 [2] NCCL INFO GPU Direct RDMA Enabled for GPU 52000 / HCA 4 (distance 3 <= 4), read 1 mode Default
node01:28994:28994 [3] NCCL INFO GPU Direct RDMA Enabled for GPU 61000 / HCA 5 (distance 3 <= 4), read 1 mode Default
node01:18107:18107 [4] NCCL INFO GPU Direct RDMA Enabled for GPU 9d000 / HCA 6 (distance 3 <= 4), read 1 mode Default
node01:12720:12720 [5] NCCL INFO GPU Direct RDMA Enabled for GPU c3000 / HCA 7 (distance 3 <= 4), read 1 mode Default
node01:57322:57322 [6] NCCL INFO GPU Direct RDMA Enabled for GPU d1000 / HCA 8 (distance 3 <= 4), read 1 mode Default
node01:28514:28514 [7] NCCL INFO GPU Direct RDMA Enabled for GPU df000 / HCA 9 (distance 3 <= 4), read 1 mode Default
node03:38761:38761 [0] NCCL INFO GPU Direct RDMA Enabled for GPU 1b000 / HCA 0 (distance 3 <= 4), read 1 mode Default
node03:70003:70003 [1] NCCL INFO GPU Direct RDMA Enabled for GPU 43000 / HCA 3 (distance 3 <= 4), read 1 mode Default
node03:2587:2587 [2] NCCL INFO GPU Direct RDMA Enabled for GPU 52000 / HCA 4 (distance 3 <= 4), read 1 mode Default
node03:42184:42184 [3] NCCL INFO GPU Direct RDMA Enabled for GPU 61000 / HCA 5 (distance 3 <= 4), read 1 mode Default
node03:51482:51482 [4] NCCL INFO GPU Direct RDMA Enabled for GPU 9d000 / HCA 6 (distance 3 <= 4), read 1 mode Default
node03:58885:58885 [5] NCCL INFO GPU Direct RDMA Enabled for GPU c3000 / HCA 7 (distance 3 <= 4), read 1 mode Default
node03:79774:79774 [6] NCCL INFO GPU Direct RDMA Enabled for GPU d1000 / HCA 8 (distance 3 <= 4), read 1 mode Default
node03:61609:61609 [7] NCCL INFO GPU Direct RDMA Enabled for GPU df000 / HCA 9 (distance 3 <= 4), read 1 mode Default
node01:10454:10454 [0] NCCL INFO Channel 00/16 :    0    1    2    3    4    5    6    7   15   14   13   12   11   10    9    8
node01:10454:10454 [0] NCCL INFO Channel 01/16 :    0    1    2    3    4    5    6    7   15   14   13   12   11   10    9    8
node01:10454:10454 [0] NCCL INFO Channel 02/16 :    1    2    3    4    5    6    7    0    8   15   14   13   12   11   10    9
node01:10454:10454 [0] NCCL INFO Channel 03/16 :    1    2    3    4    5    6    7    0    8   15   14   13   12   11   10    9
node01:10454:10454 [0] NCCL INFO Channel 04/16 :    2    3    4    5    6    7    0    1    9    8   15   14   13   12   11   10
node01:10454:10454 [0] NCCL INFO Channel 05/16 :    2    3    4    5    6    7    0    1    9    8   15   14   13   12   11   10
node01:10454:10454 [0] NCCL INFO Channel 06/16 :    3    4    5    6    7    0    1    2   10    9    8   15   14   13   12   11
node01:10454:10454 [0] NCCL INFO Channel 07/16 :    3    4    5    6    7    0    1    2   10    9    8   15   14   13   12   11
node01:10454:10454 [0] NCCL INFO Channel 08/16 :    4    5    6    7    0    1    2    3   11   10    9    8   15   14   13   12
node01:10454:10454 [0] NCCL INFO Channel 09/16 :    4    5    6    7    0    1    2    3   11   10    9    8   15   14   13   12
node01:10454:10454 [0] NCCL INFO Channel 10/16 :    5    6    7    0    1    2    3    4   12   11   10    9    8   15   14   13
node01:10454:10454 [0] NCCL INFO Channel 11/16 :    5    6    7    0    1    2    3    4   12   11   10    9    8   15   14   13
node01:10454:10454 [0] NCCL INFO Channel 12/16 :    6    7    0    1    2    3    4    5   13   12   11   10    9    8   15   14
node01:10454:10454 [0] NCCL INFO Channel 13/16 :    6    7    0    1    2    3    4    5   13   12   11   10    9    8   15   14
node01:10454:10454 [0] NCCL INFO Channel 14/16 :    7    0    1    2    3    4    5    6   14   13   12   11   10    9    8   15
node01:10454:10454 [0] NCCL INFO Channel 15/16 :    7    0    1    2    3    4    5    6   14   13   12   11   10    9    8   15
node01:10454:10454 [0] NCCL INFO Channel 00/0 : 8[0] -> 0[0] [receive] via NET/IB/0/GDRDMA
node01:10454:10454 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/IPC
node01:60057:60057 [1] NCCL INFO Channel 00/0 : 1[1] -> 2[2] via P2P/IPC
node01:35751:35751 [2] NCCL INFO Channel 00/0 : 2[2] -> 3[3] via P2P/IPC
node01:28994:28994 [3] NCCL INFO Channel 00/0 : 3[3] -> 4[4] via P2P/IPC
node01:18107:18107 [4] NCCL INFO Channel 00/0 : 4[4] -> 5[5] via P2P/IPC
node01:12720:12720 [5] NCCL INFO Channel 00/0 : 5[5] -> 6[6] via P2P/IPC
node01:57322:57322 [6] NCCL INFO Channel 00/0 : 6[6] -> 7[7] via P2P/IPC
node01:28514:28514 [7] NCCL INFO Channel 00/0 : 7[7] -> 15[7] [send] via NET/IB/9/GDRDMA
node03:38761:38761 [0] NCCL INFO Channel 00/0 : 8[0] -> 0[0] [send] via NET/IB/0/GDRDMA
node03:70003:70003 [1] NCCL INFO Channel 00/0 : 9[1] -> 8[0] via P2P/IPC
node03:2587:2587 [2] NCCL INFO Channel 00/0 : 10[2] -> 9[1] via P2P/IPC
node03:42184:42184 [3] NCCL INFO Channel 00/0 : 11[3] -> 10[2] via P2P/IPC
node03:51482:51482 [4] NCCL INFO Channel 00/0 : 12[4] -> 11[3] via P2P/IPC
node03:58885:58885 [5] NCCL INFO Channel 00/0 : 13[5] -> 12[4] via P2P/IPC
node03:79774:79774 [6] NCCL INFO Channel 00/0 : 14[6] -> 13[5] via P2P/IPC
node03:61609:61609 [7] NCCL INFO Channel 00/0 : 7[7] -> 15[7] [receive] via NET/IB/9/GDRDMA
node03:61609:61609 [7] NCCL INFO Channel 00/0 : 15[7] -> 14[6] via P2P/IPC
node01:10454:10454 [0] NCCL INFO Channel 01/0 : 8[0] -> 0[0] [receive] via NET/IB/0/GDRDMA
node01:10454:10454 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] via P2P/IPC
node01:60057:60057 [1] NCCL INFO Channel 01/0 : 1[1] -> 2[2] via P2P/IPC
node01:35751:35751 [2] NCCL INFO Channel 01/0 : 2[2] -> 3[3] via P2P/IPC
node01:28994:28994 [3] NCCL INFO Channel 01/0 : 3[3] -> 4[4] via P2P/IPC
node01:18107:18107 [4] NCCL INFO Channel 01/0 : 4[4] -> 5[5] via P2P/IPC
node01:12720:12720 [5] NCCL INFO Channel 01/0 : 5[5] -> 6[6] via P2P/IPC
node01:57322:57322 [6] NCCL INFO Channel 01/0 : 6[6] -> 7[7] via P2P/IPC
node01:28514:28514 [7] NCCL INFO Channel 01/0 : 7[7] -> 15[7] [send] via NET/IB/9/GDRDMA
node03:38761:38761 [0] NCCL INFO Channel 01/0 : 8[0] -> 0[0] [send] via NET/IB/0/GDRDMA
node03:70003:70003 [1] NCCL INFO Channel 01/0 : 9[1] -> 8[0] via P2P/IPC
node03:2587:2587 [2] NCCL INFO Channel 01/0 : 10[2] -> 9[1] via P2P/IPC
node03:42184:42184 [3] NCCL INFO Channel 01/0 : 11[3] -> 10[2] via P2P/IPC
node03:51482:51482 [4] NCCL INFO Channel 01/0 : 12[4] -> 11[3] via P2P/IPC
node03:58885:58885 [5] NCCL INFO Channel 01/0 : 13[5] -> 12[4] via P2P/IPC
node03:79774:79774 [6] NCCL INFO Channel 01/0 : 14[6] -> 13[5] via P2P/IPC
node03:61609:61609 [7] NCCL INFO Channel 01/0 : 7[7] -> 15[7] [receive] via NET/IB/9/GDRDMA
node03:61609:61609 [7] NCCL INFO Channel 01/0 : 15[7] -> 14[6] via P2P/IPC
node01:10454:10454 [0] NCCL INFO Channel 02/0 : 0[0] -> 8[0] [send] via NET/IB/0/GDRDMA
node01:60057:60057 [1] NCCL INFO Channel 02/0 : 9[1] -> 1[1] [receive] via NET/IB/3/GDRDMA
node03:38761:38761 [0] NCCL INFO Channel 02/0 : 0[0] -> 8[0] [receive] via NET/IB/0/GDRDMA
node03:70003:70003 [1] NCCL INFO Channel 02/0 : 9[1] -> 1[1] [send] via NET/IB/3/GDRDMA
node01:10454:10454 [0] NCCL INFO Channel 03/0 : 0[0] -> 8[0] [send] via NET/IB/0/GDRDMA
node01:60057:60057 [1] NCCL INFO Channel 03/0 : 9[1] -> 1[1] [receive] via NET/IB/3/GDRDMA
node03:38761:38761 [0] NCCL INFO Channel 03/0 : 0[0] -> 8[0] [receive] via NET/IB/0/GDRDMA
node03:70003:70003 [1] NCCL INFO Channel 03/0 : 9[1] -> 1[1] [send] via NET/IB/3/GDRDMA
node01:60057:60057 [1] NCCL INFO Channel 04/0 : 1[1] -> 9[1] [send] via NET/IB/3/GDRDMA
node01:35751:35751 [2] NCCL INFO Channel 04/0 : 10[2] -> 2[2] [receive] via NET/IB/4/GDRDMA
node03:70003:70003 [1] NCCL INFO Channel 04/0 : 1[1] -> 9[1] [receive] via NET/IB/3/GDRDMA
node03:2587:2587 [2] NCCL INFO Channel 04/0 : 10[2] -> 2[2] [send] via NET/IB/4/GDRDMA
node01:60057:60057 [1] NCCL INFO Channel 05/0 : 1[1] -> 9[1] [send] via NET/IB/3/GDRDMA
node01:35751:35751 [2] NCCL INFO Channel 05/0 : 10[2] -> 2[2] [receive] via NET/IB/4/GDRDMA
node03:70003:70003 [1] NCCL INFO Channel 05/0 : 1[1] -> 9[1] [receive] via NET/IB/3/GDRDMA
node03:2587:2587 [2] NCCL INFO Channel 05/0 : 10[2] -> 2[2] [send] via NET/IB/4/GDRDMA
node01:35751:35751 [2] NCCL INFO Channel 06/0 : 2[2] -> 10[2] [send] via NET/IB/4/GDRDMA
node01:28994:28994 [3] NCCL INFO Channel 06/0 : 11[3] -> 3[3] [receive] via NET/IB/5/GDRDMA
node03:2587:2587 [2] NCCL INFO Channel 06/0 : 2[2] -> 10[2] [receive] via NET/IB/4/GDRDMA
node03:42184:42184 [3] NCCL INFO Channel 06/0 : 11[3] -> 3[3] [send] via NET/IB/5/GDRDMA
node01:35751:35751 [2] NCCL INFO Channel 07/0 : 2[2] -> 10[2] [send] via NET/IB/4/GDRDMA
node01:28994:28994 [3] NCCL INFO Channel 07/0 : 11[3] -> 3[3] [receive] via NET/IB/5/GDRDMA
node03:2587:2587 [2] NCCL INFO Channel 07/0 : 2[2] -> 10[2] [receive] via NET/IB/4/GDRDMA
node03:42184:42184 [3] NCCL INFO Channel 07/0 : 11[3] -> 3[3] [send] via NET/IB/5/GDRDMA
node01:28994:28994 [3] NCCL INFO Channel 08/0 : 3[3] -> 11[3] [send] via NET/IB/5/GDRDMA
node01:18107:18107 [4] NCCL INFO Channel 08/0 : 12[4] -> 4[4] [receive] via NET/IB/6/GDRDMA
node03:42184:42184 [3] NCCL INFO Channel 08/0 : 3[3] -> 11[3] [receive] via NET/IB/5/GDRDMA
node03:51482:51482 [4] NCCL INFO Channel 08/0 : 12[4] -> 4[4] [send] via NET/IB/6/GDRDMA
node01:28994:28994 [3] NCCL INFO Channel 09/0 : 3[3] -> 11[3] [send] via NET/IB/5/GDRDMA
node01:18107:18107 [4] NCCL INFO Channel 09/0 : 12[4] -> 4[4] [receive] via NET/IB/6/GDRDMA
node03:42184:42184 [3] NCCL INFO Channel 09/0 : 3[3] -> 11[3] [receive] via NET/IB/5/GDRDMA
node03:51482:51482 [4] NCCL INFO Channel 09/0 : 12[4] -> 4[4] [send] via NET/IB/6/GDRDMA
node01:18107:18107 [4] NCCL INFO Channel 10/0 : 4[4] -> 12[4] [send] via NET/IB/6/GDRDMA
node01:12720:12720 [5] NCCL INFO Channel 10/0 : 13[5] -> 5[5] [receive] via NET/IB/7/GDRDMA
node03:51482:51482 [4] NCCL INFO Channel 10/0 : 4[4] -> 12[4] [receive] via NET/IB/6/GDRDMA
node03:58885:58885 [5] NCCL INFO Channel 10/0 : 13[5] -> 5[5] [send] via NET/IB/7/GDRDMA
node01:18107:18107 [4] NCCL INFO Channel 11/0 : 4[4] -> 12[4] [send] via NET/IB/6/GDRDMA
node01:12720:12720 [5] NCCL INFO Channel 11/0 : 13[5] -> 5[5] [receive] via NET/IB/7/GDRDMA
node03:51482:51482 [4] NCCL INFO Channel 11/0 : 4[4] -> 12[4] [receive] via NET/IB/6/GDRDMA
node03:58885:58885 [5] NCCL INFO Channel 11/0 : 13[5] -> 5[5] [send] via NET/IB/7/GDRDMA
node01:12720:12720 [5] NCCL INFO Channel 12/0 : 5[5] -> 13[5] [send] via NET/IB/7/GDRDMA
node01:57322:57322 [6] NCCL INFO Channel 12/0 : 14[6] -> 6[6] [receive] via NET/IB/8/GDRDMA
node03:58885:58885 [5] NCCL INFO Channel 12/0 : 5[5] -> 13[5] [receive] via NET/IB/7/GDRDMA
node03:79774:79774 [6] NCCL INFO Channel 12/0 : 14[6] -> 6[6] [send] via NET/IB/8/GDRDMA
node01:12720:12720 [5] NCCL INFO Channel 13/0 : 5[5] -> 13[5] [send] via NET/IB/7/GDRDMA
node01:57322:57322 [6] NCCL INFO Channel 13/0 : 14[6] -> 6[6] [receive] via NET/IB/8/GDRDMA
node03:58885:58885 [5] NCCL INFO Channel 13/0 : 5[5] -> 13[5] [receive] via NET/IB/7/GDRDMA
node03:79774:79774 [6] NCCL INFO Channel 13/0 : 14[6] -> 6[6] [send] via NET/IB/8/GDRDMA
node01:57322:57322 [6] NCCL INFO Channel 14/0 : 6[6] -> 14[6] [send] via NET/IB/8/GDRDMA
node01:28514:28514 [7] NCCL INFO Channel 14/0 : 15[7] -> 7[7] [receive] via NET/IB/9/GDRDMA
node03:79774:79774 [6] NCCL INFO Channel 14/0 : 6[6] -> 14[6] [receive] via NET/IB/8/GDRDMA
node03:61609:61609 [7] NCCL INFO Channel 14/0 : 15[7] -> 7[7] [send] via NET/IB/9/GDRDMA
node01:57322:57322 [6] NCCL INFO Channel 15/0 : 6[6] -> 14[6] [send] via NET/IB/8/GDRDMA
node01:28514:28514 [7] NCCL INFO Channel 15/0 : 15[7] -> 7[7] [receive] via NET/IB/9/GDRDMA
node03:79774:79774 [6] NCCL INFO Channel 15/0 : 6[6] -> 14[6] [receive] via NET/IB/8/GDRDMA
node03:61609:61609 [7] NCCL INFO Channel 15/0 : 15[7] -> 7[7] [send] via NET/IB/9/GDRDMA
node01:10454:10454 [0] NCCL INFO Connected all rings, use ring PXN 0 GDR 1
node01:60057:60057 [1] NCCL INFO Connected all rings, use ring PXN 0 GDR 1
node01:35751:35751 [2] NCCL INFO Connected all rings, use ring PXN 0 GDR 1
node01:28994:28994 [3] NCCL INFO Connected all rings, use ring PXN 0 GDR 1
node01:18107:18107 [4] NCCL INFO Connected all rings, use ring PXN 0 GDR 1
node01:12720:12720 [5] NCCL INFO Connected all rings, use ring PXN 0 GDR 1
node01:57322:57322 [6] NCCL INFO Connected all rings, use ring PXN 0 GDR 1
node01:28514:28514 [7] NCCL INFO Connected all rings, use ring PXN 0 GDR 1
node03:38761:38761 [0] NCCL INFO Connected all rings, use ring PXN 0 GDR 1
node03:70003:70003 [1] NCCL INFO Connected all rings, use ring PXN 0 GDR 1
node03:2587:2587 [2] NCCL INFO Connected all rings, use ring PXN 0 GDR 1
node03:42184:42184 [3] NCCL INFO Connected all rings, use ring PXN 0 GDR 1
node03:51482:51482 [4] NCCL INFO Connected all rings, use ring PXN 0 GDR 1
node03:58885:58885 [5] NCCL INFO Connected all rings, use ring PXN 0 GDR 1
node03:79774:79774 [6] NCCL INFO Connected all rings, use ring PXN 0 GDR 1
node03:61609:61609 [7] NCCL INFO Connected all rings, use ring PXN 0 GDR 1
node01:10454:10454 [0] NCCL INFO ncclCommInitRank comm 0x55d00ec178b0 rank 0 nranks 16 cudaDev 0 nvmlDev 0 busId 1b000 commId 0x7cc082b9b42be457 - Init COMPLETE
node01:60057:60057 [1] NCCL INFO ncclCommInitRank comm 0x55d007d9c7e0 rank 1 nranks 16 cudaDev 1 nvmlDev 1 busId 43000 commId 0x7cc082b9b42be457 - Init COMPLETE
node01:35751:35751 [2] NCCL INFO ncclCommInitRank comm 0x55d00d4aa860 rank 2 nranks 16 cudaDev 2 nvmlDev 2 busId 52000 commId 0x7cc082b9b42be457 - Init COMPLETE
node01:28994:28994 [3] NCCL INFO ncclCommInitRank comm 0x55d00053d120 rank 3 nranks 16 cudaDev 3 nvmlDev 3 busId 61000 commId 0x7cc082b9b42be457 - Init COMPLETE
node01:18107:18107 [4] NCCL INFO ncclCommInitRank comm 0x55d0042a1180 rank 4 nranks 16 cudaDev 4 nvmlDev 4 busId 9d000 commId 0x7cc082b9b42be457 - Init COMPLETE
node01:12720:12720 [5] NCCL INFO ncclCommInitRank comm 0x55d005505f00 rank 5 nranks 16 cudaDev 5 nvmlDev 5 busId c3000 commId 0x7cc082b9b42be457 - Init COMPLETE
node01:57322:57322 [6] NCCL INFO ncclCommInitRank comm 0x55d00cebf710 rank 6 nranks 16 cudaDev 6 nvmlDev 6 busId d1000 commId 0x7cc082b9b42be457 - Init COMPLETE
node01:28514:28514 [7] NCCL INFO ncclCommInitRank comm 0x55d00ce185e0 rank 7 nranks 16 cudaDev 7 nvmlDev 7 busId df000 commId 0x7cc082b9b42be457 - Init COMPLETE
node03:38761:38761 [0] NCCL INFO ncclCommInitRank comm 0x55d006003280 rank 8 nranks 16 cudaDev 0 nvmlDev 0 busId 1b000 commId 0x7cc082b9b42be457 - Init COMPLETE
node03:70003:70003 [1] NCCL INFO ncclCommInitRank comm 0x55d00915b350 rank 9 nranks 16 cudaDev 1 nvmlDev 1 busId 43000 commId 0x7cc082b9b42be457 - Init COMPLETE
node03:2587:2587 [2] NCCL INFO ncclCommInitRank comm 0x55d00ea21df0 rank 10 nranks 16 cudaDev 2 nvmlDev 2 busId 52000 commId 0x7cc082b9b42be457 - Init COMPLETE
node03:42184:42184 [3] NCCL INFO ncclCommInitRank comm 0x55d00f84fcc0 rank 11 nranks 16 cudaDev 3 nvmlDev 3 busId 61000 commId 0x7cc082b9b42be457 - Init COMPLETE
node03:51482:51482 [4] NCCL INFO ncclCommInitRank comm 0x55d003cdd7a0 rank 12 nranks 16 cudaDev 4 nvmlDev 4 busId 9d000 commId 0x7cc082b9b42be457 - Init COMPLETE
node03:58885:58885 [5] NCCL INFO ncclCommInitRank comm 0x55d009d80b30 rank 13 nranks 16 cudaDev 5 nvmlDev 5 busId c3000 commId 0x7cc082b9b42be457 - Init COMPLETE
node03:79774:79774 [6] NCCL INFO ncclCommInitRank comm 0x55d0089d9460 rank 14 nranks 16 cudaDev 6 nvmlDev 6 busId d1000 commId 0x7cc082b9b42be457 - Init COMPLETE
node03:61609:61609 [7] NCCL INFO ncclCommInitRank comm 0x55d0015aaf70 rank 15 nranks 16 cudaDev 7 nvmlDev 7 busId df000 commId 0x7cc082b9b42be457 - Init COMPLETE
#
#                                                              out-of-place                       in-place
#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)
  1073741824     268435456     float     sum      -1    10558  101.70  190.69      0    10786   99.55  186.65      0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 188.67 
#
node01:10454:10454 [0] NCCL INFO comm 0x55d00ec178b0 rank 0 nranks 16 cudaDev 0 busId 1b000 - Destroy COMPLETE
node01:60057:60057 [1] NCCL INFO comm 0x55d007d9c7e0 rank 1 nranks 16 cudaDev 1 busId 43000 - Destroy COMPLETE
node01:35751:35751 [2] NCCL INFO comm 0x55d00d4aa860 rank 2 nranks 16 cudaDev 2 busId 52000 - Destroy COMPLETE
node01:28994:28994 [3] NCCL INFO comm 0x55d00053d120 rank 3 nranks 16 cudaDev 3 busId 61000 - Destroy COMPLETE
node01:18107:18107 [4] NCCL INFO comm 0x55d0042a1180 rank 4 nranks 16 cudaDev 4 busId 9d000 - Destroy COMPLETE
node01:12720:12720 [5] NCCL INFO comm 0x55d005505f00 rank 5 nranks 16 cudaDev 5 busId c3000 - Destroy COMPLETE
node01:57322:57322 [6] NCCL INFO comm 0x55d00cebf710 rank 6 nranks 16 cudaDev 6 busId d1000 - Destroy COMPLETE
node01:28514:28514 [7] NCCL INFO comm 0x55d00ce185e0 rank 7 nranks 16 cudaDev 7 busId df000 - Destroy COMPLETE
node03:38761:38761 [0] NCCL INFO comm 0x55d006003280 rank 8 nranks 16 cudaDev 0 busId 1b000 - Destroy COMPLETE
node03:70003:70003 [1] NCCL INFO comm 0x55d00915b350 rank 9 nranks 16 cudaDev 1 busId 43000 - Destroy COMPLETE
node03:2587:2587 [2] NCCL INFO comm 0x55d00ea21df0 rank 10 nranks 16 cudaDev 2 busId 52000 - Destroy COMPLETE
node03:42184:42184 [3] NCCL INFO comm 0x55d00f84fcc0 rank 11 nranks 16 cudaDev 3 busId 61000 - Destroy COMPLETE
node03:51482:51482 [4] NCCL INFO comm 0x55d003cdd7a0 rank 12 nranks 16 cudaDev 4 busId 9d000 - Destroy COMPLETE
node03:58885:58885 [5] NCCL INFO comm 0x55d009d80b30 rank 13 nranks 16 cudaDev 5 busId c3000 - Destroy COMPLETE
node03:79774:79774 [6] NCCL INFO comm 0x55d0089d9460 rank 14 nranks 16 cudaDev 6 busId d1000 - Destroy COMPLETE
node03:61609:61609 [7] NCCL INFO comm 0x55d0015aaf70 rank 15 nranks 16 cudaDev 7 busId df000 - Destroy COMPLETE

$ ssh node03 ibstat
CA 'mlx5_0'
	CA type: MT4129
	Number of ports: 1
	Firmware version: 28.41.1000
	Hardware version: 0
	Node GUID: 0xa088c203a741b6f7
	System image GUID: 0xa088c203a741b6f7
	Port 1:
		State: Active
		Physical state: LinkUp
		Rate: 400
		Base lid: 132
		LMC: 0
		SM lid: 1
		Capability mask: 0xa751e848
		Port GUID: 0xa088c203a741b6f7
		Link layer: InfiniBand
CA 'mlx5_1'
	CA type: MT4125
	Number of ports: 1
	Firmware version: 22.39.1002
	Hardware version: 0
	Node GUID: 0xa088c203b32b7c47
	System image GUID: 0xa088c203b32b7c47
	Port 1:
		State: Active
		Physical state: LinkUp
		Rate: 100
		Base lid: 0
		LMC: 0
		SM lid: 0
		Capability mask: 0x00010000
		Port GUID: 0xa088c203b32b7c47
		Link layer: Ethernet
CA 'mlx5_2'
	CA type: MT4125
	Number of ports: 1
	Firmware version: 22.39.1002
	Hardware version: 0
	Node GUID: 0xa088c20319b5c137
	System image GUID: 0xa088c203b32b7c47
	Port 1:
		State: Active
		Physical state: LinkUp
		Rate: 100
		Base lid: 0
		LMC: 0
		SM lid: 0
		Capability mask: 0x00010000
		Port GUID: 0xa088c20319b5c137
		Link layer: Ethernet
CA 'mlx5_3'
	CA type: MT4129
	Number of ports: 1
	Firmware version: 28.41.1000
	Hardware version: 0
	Node GUID: 0xa088c20341293d54
	System image GUID: 0xa088c20341293d54
	Port 1:
		State: Active
		Physical state: LinkUp
		Rate: 400
		Base lid: 133
		LMC: 0
		SM lid: 1
		Capability mask: 0xa751e848
		Port GUID: 0xa088c20341293d54
		Link layer: InfiniBand
CA 'mlx5_4'
	CA type: MT4129
	Number of ports: 1
	Firmware version: 28.41.1000
	Hardware version: 0
	Node GUID: 0xa088c203c094e8d1
	System image GUID: 0xa088c203c094e8d1
	Port 1:
		State: Active
		Physical state: LinkUp
		Rate: 200
		Base lid: 134
		LMC: 0
		SM lid: 1
		Capability mask: 0xa751e848
		Port GUID: 0xa088c203c094e8d1
		Link layer: InfiniBand
CA 'mlx5_5'
	CA type: MT4129
	Number of ports: 1
	Firmware version: 28.41.1000
	Hardware version: 0
	Node GUID: 0xa088c20359966e07
	System image GUID: 0xa088c20359966e07
	Port 1:
		State: Active
		Physical state: LinkUp
		Rate: 400
		Base lid: 135
		LMC: 0
		SM lid: 1
		Capability mask: 0xa751e848
		Port GUID: 0xa088c20359966e07
		Link layer: InfiniBand
CA 'mlx5_6'
	CA type: MT4129
	Number of ports: 1
	Firmware version: 28.41.1000
	Hardware version: 0
	Node GUID: 0xa088c203f1dc0209
	System image GUID: 0xa088c203f1dc0209
	Port 1:
		State: Active
		Physical state: LinkUp
		Rate: 400
		Base lid: 136
		LMC: 0
		SM lid: 1
		Capability mask: 0xa751e848
		Port GUID: 0xa088c203f1dc0209
		Link layer: InfiniBand
CA 'mlx5_9'
	CA type: MT4129
	Number of ports: 1
	Firmware version: 28.41.1000
	Hardware version: 0
	Node GUID: 0xa088c2031762126c
	System image GUID: 0xa088c2031762126c
	Port 1:
		State: Active
		Physical state: LinkUp
		Rate: 400
		Base lid: 137
		LMC: 0
		SM lid: 1
		Capability mask: 0xa751e848
		Port GUID: 0xa088c2031762126c
		Link layer: InfiniBand
CA 'mlx5_10'
	CA type: MT4129
	Number of ports: 1
	Firmware version: 28.41.1000
	Hardware version: 0
	Node GUID: 0xa088c2032bfd617e
	System image GUID: 0xa088c2032bfd617e
	Port 1:
		State: Active
		Physical state: LinkUp
		Rate: 400
		Base lid: 138
		LMC: 0
		SM lid: 1
		Capability mask: 0xa751e848
		Port GUID: 0xa088c2032bfd617e
		Link layer: InfiniBand
CA 'mlx5_11'
	CA type: MT4129
	Number of ports: 1
	Firmware version: 28.41.1000
	Hardware version: 0
	Node GUID: 0xa088c203ea1dd4f1
	System image GUID: 0xa088c203ea1dd4f1
	Port 1:
		State: Active
		Physical state: LinkUp
		Rate: 400
		Base lid: 139
		LMC: 0
		SM lid: 1
		Capability mask: 0xa751e848
		Port GUID: 0xa088c203ea1dd4f1
		Link layer: InfiniBand
$ ssh node03 ibdev2netdev
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
$ ssh node03 perfquery -x
# Port extended counters: Lid 132 port 1 (CapMask: 0x5A00)
PortSelect:......................1
CounterSelect:...................0x0000
PortXmitData:....................2784119935378
PortRcvData:.....................2784119935378
PortXmitPkts:....................2718867124
PortRcvPkts:.....................2718867124
PortUnicastXmitPkts:.............2718867124
PortUnicastRcvPkts:..............2718867124
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
PortXmitWait:....................1512631
QP1Dropped:......................0
$ ssh node03 perfquery -x -C mlx5_4 | grep -E "Lid|Downed|Recovery"
# Port extended counters: Lid 134 port 1 (CapMask: 0x5A00)
LinkErrorRecoveryCounter:........3
LinkDownedCounter:...............1
$ ssh node03 ethtool ibp79s0 | grep Speed
	Speed: 200000Mb/s
$ hint
Hint 3 of 3: A pair that includes one particular node is slow. On it, `ibstat`: compare State, Physical state and Rate of every port.
$ answer nccl
Not nccl: NCCL_DEBUG=INFO shows 'Using network IB' and NET/IB/N/GDRDMA on every channel between nodes; NCCL is on InfiniBand, just slower on some paths.
$ answer node03
Not node03: node03 is the right node, but which part of it? Name the HCA.
$ answer switch
Not switch: the switch side may hold the other end of the problem, but a host-side port is already visibly wrong. Name the HCA whose rate differs from its peers.
$ answer node03 mlx5_4
Right: node03 mlx5_4. Lab multi-node-slowdown solved.

HCA mlx5_4 of node03 (rail 2, netdev ibp79s0) negotiated 200 Gb/s (HDR) instead of 400 Gb/s
(NDR); its port is Active, so nothing fails, but its counters show the link retrained
(LinkDownedCounter, LinkErrorRecoveryCounter). NCCL spreads its channels over the eight
rails, every ring step waits for the slowest, so every collective that crosses node03 runs
at half speed: about 188 GB/s busbw instead of about 376 GB/s on 8 x NDR. Reseat or replace
the cable or transceiver and check the switch port, then confirm with ibstat and
all_reduce_perf.

Read next: Operations: training fabric triage (/reference/operations/training-fabric-triage/)
$ lab
Lab:            multi-node-slowdown (Multi-node slowdown)
Status:         solved
Hints used:     3 of 3
Answers tried:  4
Simulated time: 2026-04-21 07:47:01 UTC (2 min 01 s into the lab)
