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

When you know the cause, name the component: answer COMPONENT (e.g. answer node01 mlx5_0 link down). `hint` gives a hint.
$ hint
Hint 1 of 3: Measure first: `all_reduce_perf -b 8 -e 8G -f 2 -g 8` on one node, then across nodes with `mpirun -np 16 -H node01:8,node02:8 all_reduce_perf -b 8 -e 8G -f 2 -g 1`. Try other pairs of nodes too.
$ all_reduce_perf -b 8 -e 8G -f 2 -g 8
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
           8             2     float     sum      -1    15.16    0.00    0.00      0    14.95    0.00    0.00      0
          16             4     float     sum      -1    14.96    0.00    0.00      0    14.82    0.00    0.00      0
          32             8     float     sum      -1    14.95    0.00    0.00      0    14.76    0.00    0.00      0
          64            16     float     sum      -1    15.15    0.00    0.01      0    14.81    0.00    0.01      0
         128            32     float     sum      -1    15.29    0.01    0.01      0    14.86    0.01    0.02      0
         256            64     float     sum      -1    14.87    0.02    0.03      0    14.81    0.02    0.03      0
         512           128     float     sum      -1    15.16    0.03    0.06      0    14.84    0.03    0.06      0
        1024           256     float     sum      -1    15.24    0.07    0.12      0    14.88    0.07    0.12      0
        2048           512     float     sum      -1    14.73    0.14    0.24      0    14.98    0.14    0.24      0
        4096          1024     float     sum      -1    15.10    0.27    0.47      0    15.11    0.27    0.47      0
        8192          2048     float     sum      -1    15.09    0.54    0.95      0    14.96    0.55    0.96      0
       16384          4096     float     sum      -1    15.11    1.08    1.90      0    15.21    1.08    1.88      0
       32768          8192     float     sum      -1    15.50    2.11    3.70      0    15.28    2.14    3.75      0
       65536         16384     float     sum      -1    15.66    4.18    7.32      0    16.00    4.10    7.17      0
      131072         32768     float     sum      -1    16.44    7.97   13.95      0    16.41    7.99   13.98      0
      262144         65536     float     sum      -1    18.06   14.52   25.41      0    18.21   14.39   25.19      0
      524288        131072     float     sum      -1    21.55   24.33   42.58      0    21.76   24.09   42.16      0
     1048576        262144     float     sum      -1    28.11   37.31   65.29      0    27.93   37.54   65.70      0
     2097152        524288     float     sum      -1    33.13   63.30  110.77      0    32.51   64.52  112.91      0
     4194304       1048576     float     sum      -1    40.84  102.71  179.75      0    40.87  102.62  179.58      0
     8388608       2097152     float     sum      -1    56.16  149.36  261.38      0    55.35  151.56  265.23      0
    16777216       4194304     float     sum      -1    84.89  197.65  345.88      0    86.35  194.29  340.00      0
    33554432       8388608     float     sum      -1    148.7  225.73  395.02      0    146.8  228.65  400.13      0
    67108864      16777216     float     sum      -1    267.7  250.65  438.64      0    266.2  252.06  441.11      0
   134217728      33554432     float     sum      -1    506.3  265.12  463.95      0    509.0  263.71  461.49      0
   268435456      67108864     float     sum      -1   1008.7  266.12  465.72      0   1010.2  265.73  465.03      0
   536870912     134217728     float     sum      -1   2001.2  268.27  469.47      0   2003.1  268.01  469.03      0
  1073741824     268435456     float     sum      -1   3966.8  270.68  473.69      0   4016.0  267.37  467.89      0
  2147483648     536870912     float     sum      -1   7994.2  268.63  470.10      0   7912.0  271.42  474.98      0
  4294967296    1073741824     float     sum      -1    16013  268.21  469.37      0    15984  268.70  470.22      0
  8589934592    2147483648     float     sum      -1    30838  278.55  487.46      0    31376  273.77  479.10      0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 167.447 
#

$ mpirun -np 16 -H node01:8,node02:8 all_reduce_perf -b 8 -e 8G -f 2 -g 1
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
           8             2     float     sum      -1    25.01    0.00    0.00      0    25.67    0.00    0.00      0
          16             4     float     sum      -1    25.53    0.00    0.00      0    24.93    0.00    0.00      0
          32             8     float     sum      -1    25.21    0.00    0.00      0    25.56    0.00    0.00      0
          64            16     float     sum      -1    25.05    0.00    0.00      0    25.27    0.00    0.00      0
         128            32     float     sum      -1    25.42    0.01    0.01      0    25.36    0.01    0.01      0
         256            64     float     sum      -1    25.16    0.01    0.02      0    25.16    0.01    0.02      0
         512           128     float     sum      -1    24.93    0.02    0.04      0    25.11    0.02    0.04      0
        1024           256     float     sum      -1    25.05    0.04    0.08      0    25.13    0.04    0.08      0
        2048           512     float     sum      -1    25.19    0.08    0.15      0    25.80    0.08    0.15      0
        4096          1024     float     sum      -1    25.02    0.16    0.31      0    25.35    0.16    0.30      0
        8192          2048     float     sum      -1    25.89    0.32    0.59      0    25.81    0.32    0.60      0
       16384          4096     float     sum      -1    26.27    0.62    1.17      0    26.42    0.62    1.16      0
       32768          8192     float     sum      -1    27.65    1.18    2.22      0    26.93    1.22    2.28      0
       65536         16384     float     sum      -1    30.04    2.18    4.09      0    30.33    2.16    4.05      0
      131072         32768     float     sum      -1    37.18    3.53    6.61      0    37.51    3.49    6.55      0
      262144         65536     float     sum      -1    50.43    5.20    9.75      0    51.18    5.12    9.60      0
      524288        131072     float     sum      -1    53.93    9.72   18.23      0    53.95    9.72   18.22      0
     1048576        262144     float     sum      -1    56.04   18.71   35.08      0    57.10   18.36   34.43      0
     2097152        524288     float     sum      -1    60.86   34.46   64.61      0    61.50   34.10   63.94      0
     4194304       1048576     float     sum      -1    69.67   60.20  112.88      0    67.50   62.14  116.51      0
     8388608       2097152     float     sum      -1    82.83  101.27  189.88      0    83.03  101.03  189.42      0
    16777216       4194304     float     sum      -1    114.6  146.42  274.54      0    113.2  148.15  277.79      0
    33554432       8388608     float     sum      -1    177.5  189.00  354.38      0    178.4  188.06  352.61      0
    67108864      16777216     float     sum      -1    293.5  228.66  428.74      0    295.9  226.82  425.29      0
   134217728      33554432     float     sum      -1    551.6  243.34  456.26      0    534.6  251.05  470.72      0
   268435456      67108864     float     sum      -1   1025.4  261.78  490.84      0   1047.4  256.28  480.52      0
   536870912     134217728     float     sum      -1   2000.9  268.31  503.09      0   2040.3  263.14  493.38      0
  1073741824     268435456     float     sum      -1   4003.6  268.19  502.87      0   3934.8  272.89  511.66      0
  2147483648     536870912     float     sum      -1   7987.4  268.86  504.11      0   7796.8  275.43  516.43      0
  4294967296    1073741824     float     sum      -1    15444  278.09  521.43      0    15860  270.80  507.74      0
  8589934592    2147483648     float     sum      -1    30833  278.60  522.37      0    31454  273.09  512.05      0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 161.289 
#

$ hint
Hint 2 of 3: Is NCCL on InfiniBand at all? Add NCCL_DEBUG=INFO in front of the mpirun line and read the transport of each channel.
$ mpirun -np 16 -H node01:8,node03:8 all_reduce_perf -b 8 -e 8G -f 2 -g 1
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
           8             2     float     sum      -1    25.08    0.00    0.00      0    25.63    0.00    0.00      0
          16             4     float     sum      -1    24.94    0.00    0.00      0    25.23    0.00    0.00      0
          32             8     float     sum      -1    25.13    0.00    0.00      0    25.19    0.00    0.00      0
          64            16     float     sum      -1    25.64    0.00    0.00      0    25.12    0.00    0.00      0
         128            32     float     sum      -1    25.05    0.01    0.01      0    25.54    0.01    0.01      0
         256            64     float     sum      -1    25.33    0.01    0.02      0    25.00    0.01    0.02      0
         512           128     float     sum      -1    25.51    0.02    0.04      0    25.51    0.02    0.04      0
        1024           256     float     sum      -1    24.98    0.04    0.08      0    25.56    0.04    0.08      0
        2048           512     float     sum      -1    25.49    0.08    0.15      0    25.69    0.08    0.15      0
        4096          1024     float     sum      -1    25.72    0.16    0.30      0    25.33    0.16    0.30      0
        8192          2048     float     sum      -1    25.30    0.32    0.61      0    25.83    0.32    0.59      0
       16384          4096     float     sum      -1    26.67    0.61    1.15      0    26.63    0.62    1.15      0
       32768          8192     float     sum      -1    27.10    1.21    2.27      0    27.32    1.20    2.25      0
       65536         16384     float     sum      -1    30.95    2.12    3.97      0    31.06    2.11    3.96      0
      131072         32768     float     sum      -1    39.21    3.34    6.27      0    38.45    3.41    6.39      0
      262144         65536     float     sum      -1    52.86    4.96    9.30      0    53.68    4.88    9.16      0
      524288        131072     float     sum      -1    57.69    9.09   17.04      0    56.72    9.24   17.33      0
     1048576        262144     float     sum      -1    59.49   17.63   33.05      0    61.70   17.00   31.87      0
     2097152        524288     float     sum      -1    69.55   30.15   56.54      0    68.96   30.41   57.02      0
     4194304       1048576     float     sum      -1    82.66   50.74   95.14      0    81.94   51.19   95.98      0
     8388608       2097152     float     sum      -1    114.4   73.31  137.45      0    113.8   73.74  138.25      0
    16777216       4194304     float     sum      -1    175.1   95.79  179.60      0    174.1   96.34  180.64      0
    33554432       8388608     float     sum      -1    292.6  114.69  215.05      0    294.1  114.10  213.94      0
    67108864      16777216     float     sum      -1    540.7  124.11  232.71      0    530.8  126.42  237.05      0
   134217728      33554432     float     sum      -1   1025.3  130.91  245.45      0   1023.8  131.10  245.81      0
   268435456      67108864     float     sum      -1   1973.4  136.03  255.05      0   1973.3  136.03  255.06      0
   536870912     134217728     float     sum      -1   3948.9  135.95  254.91      0   4033.6  133.10  249.56      0
  1073741824     268435456     float     sum      -1   7972.0  134.69  252.54      0   7926.9  135.46  253.98      0
  2147483648     536870912     float     sum      -1    15575  137.88  258.52      0    15621  137.47  257.76      0
  4294967296    1073741824     float     sum      -1    31294  137.25  257.34      0    31417  136.71  256.33      0
  8589934592    2147483648     float     sum      -1    62559  137.31  257.46      0    62784  136.82  256.53      0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 89.4069 
#

$ NCCL_DEBUG=INFO mpirun -np 16 -H node01:8,node03:8 all_reduce_perf -b 1G -e 1G -g 1
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
NCCL version 2.21.5+cuda12.4
node01:10454:10454 [0] NCCL INFO NET/Plugin: No plugin found (libnccl-net.so)
node01:10454:10454 [0] NCCL INFO NET/Plugin: Plugin load returned 2 : libnccl-net.so: cannot open shared object file: No such file or directory : when loading libnccl-net.so
node01:10454:10454 [0] NCCL INFO NET/Plugin: Using internal network plugin.
node01:10454:10454 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/RoCE [2]mlx5_2:1/RoCE [3]mlx5_3:1/IB [4]mlx5_4:1/IB [5]mlx5_5:1/IB [6]mlx5_6:1/IB [7]mlx5_9:1/IB [8]mlx5_10:1/IB [9]mlx5_11:1/IB [RO]; OOB bond0:10.0.0.11<0>
node01:10454:10454 [0] NCCL INFO Using network IB
node03:38761:38761 [0] NCCL INFO Bootstrap : Using bond0:10.0.0.13<0>
node03:38761:38761 [0] NCCL INFO cudaDriverVersion 12080
node03:38761:38761 [0] NCCL INFO NET/Plugin: No plugin found (libnccl-net.so)
node03:38761:38761 [0] NCCL INFO NET/Plugin: Plugin load returned 2 : libnccl-net.so: cannot open shared object file: No such file or directory : when loading libnccl-net.so
node03:38761:38761 [0] NCCL INFO NET/Plugin: Using internal network plugin.
node03:38761:38761 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/RoCE [2]mlx5_2:1/RoCE [3]mlx5_3:1/IB [4]mlx5_4:1/IB [5]mlx5_5:1/IB [6]mlx5_6:1/IB [7]mlx5_9:1/IB [8]mlx5_10:1/IB [9]mlx5_11:1/IB [RO]; OOB bond0:10.0.0.13<0>
node03:38761:38761 [0] NCCL INFO Using network IB
node01:10454:10454 [0] NCCL INFO ncclCommInitRank comm 0x55d00ec178b0 rank 0 nranks 16 cudaDev 0 nvmlDev 0 busId 1b000 commId 0x7cc082b9b42be457 - Init START
node01:60057:60057 [1] NCCL INFO ncclCommInitRank comm 0x55d007d9c7e0 rank 1 nranks 16 cudaDev 1 nvmlDev 1 busId 43000 commId 0x7cc082b9b42be457 - Init START
node01:35751:35751 [2] NCCL INFO ncclCommInitRank comm 0x55d00d4aa860 rank 2 nranks 16 cudaDev 2 nvmlDev 2 busId 52000 commId 0x7cc082b9b42be457 - Init START
node01:28994:28994 [3] NCCL INFO ncclCommInitRank comm 0x55d00053d120 rank 3 nranks 16 cudaDev 3 nvmlDev 3 busId 61000 commId 0x7cc082b9b42be457 - Init START
node01:18107:18107 [4] NCCL INFO ncclCommInitRank comm 0x55d0042a1180 rank 4 nranks 16 cudaDev 4 nvmlDev 4 busId 9d000 commId 0x7cc082b9b42be457 - Init START
node01:12720:12720 [5] NCCL INFO ncclCommInitRank comm 0x55d005505f00 rank 5 nranks 16 cudaDev 5 nvmlDev 5 busId c3000 commId 0x7cc082b9b42be457 - Init START
node01:57322:57322 [6] NCCL INFO ncclCommInitRank comm 0x55d00cebf710 rank 6 nranks 16 cudaDev 6 nvmlDev 6 busId d1000 commId 0x7cc082b9b42be457 - Init START
node01:28514:28514 [7] NCCL INFO ncclCommInitRank comm 0x55d00ce185e0 rank 7 nranks 16 cudaDev 7 nvmlDev 7 busId df000 commId 0x7cc082b9b42be457 - Init START
node03:38761:38761 [0] NCCL INFO ncclCommInitRank comm 0x55d006003280 rank 8 nranks 16 cudaDev 0 nvmlDev 0 busId 1b000 commId 0x7cc082b9b42be457 - Init START
node03:70003:70003 [1] NCCL INFO ncclCommInitRank comm 0x55d00915b350 rank 9 nranks 16 cudaDev 1 nvmlDev 1 busId 43000 commId 0x7cc082b9b42be457 - Init START
node03:2587:2587 [2] NCCL INFO ncclCommInitRank comm 0x55d00ea21df0 rank 10 nranks 16 cudaDev 2 nvmlDev 2 busId 52000 commId 0x7cc082b9b42be457 - Init START
node03:42184:42184 [3] NCCL INFO ncclCommInitRank comm 0x55d00f84fcc0 rank 11 nranks 16 cudaDev 3 nvmlDev 3 busId 61000 commId 0x7cc082b9b42be457 - Init START
node03:51482:51482 [4] NCCL INFO ncclCommInitRank comm 0x55d003cdd7a0 rank 12 nranks 16 cudaDev 4 nvmlDev 4 busId 9d000 commId 0x7cc082b9b42be457 - Init START
node03:58885:58885 [5] NCCL INFO ncclCommInitRank comm 0x55d009d80b30 rank 13 nranks 16 cudaDev 5 nvmlDev 5 busId c3000 commId 0x7cc082b9b42be457 - Init START
node03:79774:79774 [6] NCCL INFO ncclCommInitRank comm 0x55d0089d9460 rank 14 nranks 16 cudaDev 6 nvmlDev 6 busId d1000 commId 0x7cc082b9b42be457 - Init START
node03:61609:61609 [7] NCCL INFO ncclCommInitRank comm 0x55d0015aaf70 rank 15 nranks 16 cudaDev 7 nvmlDev 7 busId df000 commId 0x7cc082b9b42be457 - Init START
node01:10454:10454 [0] NCCL INFO Channel 00/16 :    0   1   2   3   4   5   6   7  15  14  13  12  11  10   9   8
node01:10454:10454 [0] NCCL INFO Channel 01/16 :    0   1   2   3   4   5   6   7  15  14  13  12  11  10   9   8
node01:10454:10454 [0] NCCL INFO Channel 02/16 :    1   2   3   4   5   6   7   0   8  15  14  13  12  11  10   9
node01:10454:10454 [0] NCCL INFO Channel 03/16 :    1   2   3   4   5   6   7   0   8  15  14  13  12  11  10   9
node01:10454:10454 [0] NCCL INFO Channel 04/16 :    2   3   4   5   6   7   0   1   9   8  15  14  13  12  11  10
node01:10454:10454 [0] NCCL INFO Channel 05/16 :    2   3   4   5   6   7   0   1   9   8  15  14  13  12  11  10
node01:10454:10454 [0] NCCL INFO Channel 06/16 :    3   4   5   6   7   0   1   2  10   9   8  15  14  13  12  11
node01:10454:10454 [0] NCCL INFO Channel 07/16 :    3   4   5   6   7   0   1   2  10   9   8  15  14  13  12  11
node01:10454:10454 [0] NCCL INFO Channel 08/16 :    4   5   6   7   0   1   2   3  11  10   9   8  15  14  13  12
node01:10454:10454 [0] NCCL INFO Channel 09/16 :    4   5   6   7   0   1   2   3  11  10   9   8  15  14  13  12
node01:10454:10454 [0] NCCL INFO Channel 10/16 :    5   6   7   0   1   2   3   4  12  11  10   9   8  15  14  13
node01:10454:10454 [0] NCCL INFO Channel 11/16 :    5   6   7   0   1   2   3   4  12  11  10   9   8  15  14  13
node01:10454:10454 [0] NCCL INFO Channel 12/16 :    6   7   0   1   2   3   4   5  13  12  11  10   9   8  15  14
node01:10454:10454 [0] NCCL INFO Channel 13/16 :    6   7   0   1   2   3   4   5  13  12  11  10   9   8  15  14
node01:10454:10454 [0] NCCL INFO Channel 14/16 :    7   0   1   2   3   4   5   6  14  13  12  11  10   9   8  15
node01:10454:10454 [0] NCCL INFO Channel 15/16 :    7   0   1   2   3   4   5   6  14  13  12  11  10   9   8  15
node01:10454:10454 [0] NCCL INFO Channel 00/0 : 8[0] -> 0[0] [receive] via NET/IB/0/GDRDMA
node01:10454:10454 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/CUMEM
node01:60057:60057 [1] NCCL INFO Channel 00/0 : 1[1] -> 2[2] via P2P/CUMEM
node01:35751:35751 [2] NCCL INFO Channel 00/0 : 2[2] -> 3[3] via P2P/CUMEM
node01:28994:28994 [3] NCCL INFO Channel 00/0 : 3[3] -> 4[4] via P2P/CUMEM
node01:18107:18107 [4] NCCL INFO Channel 00/0 : 4[4] -> 5[5] via P2P/CUMEM
node01:12720:12720 [5] NCCL INFO Channel 00/0 : 5[5] -> 6[6] via P2P/CUMEM
node01:57322:57322 [6] NCCL INFO Channel 00/0 : 6[6] -> 7[7] via P2P/CUMEM
node01:28514:28514 [7] NCCL INFO Channel 00/0 : 7[7] -> 15[7] [send] via NET/IB/9/GDRDMA
node03:38761:38761 [0] NCCL INFO Channel 00/0 : 8[0] -> 0[0] [send] via NET/IB/0/GDRDMA
node03:70003:70003 [1] NCCL INFO Channel 00/0 : 9[1] -> 8[0] via P2P/CUMEM
node03:2587:2587 [2] NCCL INFO Channel 00/0 : 10[2] -> 9[1] via P2P/CUMEM
node03:42184:42184 [3] NCCL INFO Channel 00/0 : 11[3] -> 10[2] via P2P/CUMEM
node03:51482:51482 [4] NCCL INFO Channel 00/0 : 12[4] -> 11[3] via P2P/CUMEM
node03:58885:58885 [5] NCCL INFO Channel 00/0 : 13[5] -> 12[4] via P2P/CUMEM
node03:79774:79774 [6] NCCL INFO Channel 00/0 : 14[6] -> 13[5] via P2P/CUMEM
node03:61609:61609 [7] NCCL INFO Channel 00/0 : 7[7] -> 15[7] [receive] via NET/IB/9/GDRDMA
node03:61609:61609 [7] NCCL INFO Channel 00/0 : 15[7] -> 14[6] via P2P/CUMEM
node01:10454:10454 [0] NCCL INFO Channel 01/0 : 8[0] -> 0[0] [receive] via NET/IB/0/GDRDMA
node01:10454:10454 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[1] via P2P/CUMEM
node01:60057:60057 [1] NCCL INFO Channel 01/0 : 1[1] -> 2[2] via P2P/CUMEM
node01:35751:35751 [2] NCCL INFO Channel 01/0 : 2[2] -> 3[3] via P2P/CUMEM
node01:28994:28994 [3] NCCL INFO Channel 01/0 : 3[3] -> 4[4] via P2P/CUMEM
node01:18107:18107 [4] NCCL INFO Channel 01/0 : 4[4] -> 5[5] via P2P/CUMEM
node01:12720:12720 [5] NCCL INFO Channel 01/0 : 5[5] -> 6[6] via P2P/CUMEM
node01:57322:57322 [6] NCCL INFO Channel 01/0 : 6[6] -> 7[7] via P2P/CUMEM
node01:28514:28514 [7] NCCL INFO Channel 01/0 : 7[7] -> 15[7] [send] via NET/IB/9/GDRDMA
node03:38761:38761 [0] NCCL INFO Channel 01/0 : 8[0] -> 0[0] [send] via NET/IB/0/GDRDMA
node03:70003:70003 [1] NCCL INFO Channel 01/0 : 9[1] -> 8[0] via P2P/CUMEM
node03:2587:2587 [2] NCCL INFO Channel 01/0 : 10[2] -> 9[1] via P2P/CUMEM
node03:42184:42184 [3] NCCL INFO Channel 01/0 : 11[3] -> 10[2] via P2P/CUMEM
node03:51482:51482 [4] NCCL INFO Channel 01/0 : 12[4] -> 11[3] via P2P/CUMEM
node03:58885:58885 [5] NCCL INFO Channel 01/0 : 13[5] -> 12[4] via P2P/CUMEM
node03:79774:79774 [6] NCCL INFO Channel 01/0 : 14[6] -> 13[5] via P2P/CUMEM
node03:61609:61609 [7] NCCL INFO Channel 01/0 : 7[7] -> 15[7] [receive] via NET/IB/9/GDRDMA
node03:61609:61609 [7] NCCL INFO Channel 01/0 : 15[7] -> 14[6] via P2P/CUMEM
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
node01:10454:10454 [0] NCCL INFO Connected all rings
node01:60057:60057 [1] NCCL INFO Connected all rings
node01:35751:35751 [2] NCCL INFO Connected all rings
node01:28994:28994 [3] NCCL INFO Connected all rings
node01:18107:18107 [4] NCCL INFO Connected all rings
node01:12720:12720 [5] NCCL INFO Connected all rings
node01:57322:57322 [6] NCCL INFO Connected all rings
node01:28514:28514 [7] NCCL INFO Connected all rings
node03:38761:38761 [0] NCCL INFO Connected all rings
node03:70003:70003 [1] NCCL INFO Connected all rings
node03:2587:2587 [2] NCCL INFO Connected all rings
node03:42184:42184 [3] NCCL INFO Connected all rings
node03:51482:51482 [4] NCCL INFO Connected all rings
node03:58885:58885 [5] NCCL INFO Connected all rings
node03:79774:79774 [6] NCCL INFO Connected all rings
node03:61609:61609 [7] NCCL INFO Connected all rings
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
  1073741824     268435456     float     sum      -1   7727.7  138.95  260.53      0   7895.2  136.00  255.00      0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 257.763 
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
PortXmitData:....................2588560250877
PortRcvData:.....................2656019046795
PortXmitPkts:....................2527890869
PortRcvPkts:.....................2593768599
PortUnicastXmitPkts:.............2527890869
PortUnicastRcvPkts:..............2593768599
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
Partly right: node03 is the right node, but which part of it? Name the HCA.
$ answer switch
Not switch: the switch side may hold the other end of the problem, but a host-side port is already visibly wrong. Name the HCA whose rate differs from its peers.
$ answer node03 mlx5_4
Right: node03 mlx5_4. Lab multi-node-slowdown solved in 17 commands (the worked solution takes 7), 3 of 3 hints.

HCA mlx5_4 of node03 (rail 2, netdev ibp79s0) negotiated 200 Gb/s (HDR) instead of 400 Gb/s
(NDR); its port is Active, so nothing fails, but its counters show the link retrained
(LinkDownedCounter, LinkErrorRecoveryCounter). NCCL spreads its channels over the eight
rails, every step waits for the slowest, so every collective that crosses node03 runs at
half speed: about 258 GB/s busbw instead of about 515 GB/s with NCCL's default on two nodes
(NVLSTree), about 190 instead of about 380 GB/s with NCCL_ALGO=Ring. Reseat or replace
the cable or transceiver and check the switch port, then confirm with ibstat and
all_reduce_perf.

Read next: Operations: training fabric triage (/reference/operations/training-fabric-triage/)
$ lab
Lab:            multi-node-slowdown (Multi-node slowdown)
Status:         solved
Hints used:     3 of 3
Answers tried:  4
Commands:       18 (the worked solution takes 7)
Simulated time: 2026-04-21 07:47:01 UTC (2 min 01 s into the lab)
