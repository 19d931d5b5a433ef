# scenario: tests/emulator/fixtures/text-bugs.yaml
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x H100 per node. You are on node01.

No lab is started: `lab list` shows the labs, `lab start ID` opens one.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ mlxlink -d mlx5_0 -c | grep -E 'Time Since|Effective Physical|Recommendation'
Time Since Last Clear [Min]        : 180
Effective Physical Errors          : 288180
Effective Physical BER             : 7E-11
Recommendation                     : Bad signal integrity: check the cable and module, clean or replace them
$ mlxlink -d mlx5_3 -c | grep -E 'Time Since|Effective Physical|Recommendation'
Time Since Last Clear [Min]        : 180
Effective Physical Errors          : 303
Effective Physical BER             : 7E-14
Recommendation                     : No issue was observed
$ perfquery -x -C mlx5_0 | grep -E 'SymbolError|PortRcvErrors'
SymbolErrorCounter:..............288440
PortRcvErrors:...................32048
$ sleep 60
$ mlxlink -d mlx5_3 -c | grep 'Effective Physical Errors'
Effective Physical Errors          : 339
$ ssh node02 nvidia-smi -q -d ROW_REMAPPER -i 3

==============NVSMI LOG==============

Timestamp                                 : Wed Jun  3 09:01:21 2026
Driver Version                            : 570.133.20
CUDA Version                              : 12.8

Attached GPUs                             : 8
GPU 00000000:61:00.0
    Remapped Rows
        Correctable Error                 : 0
        Uncorrectable Error               : 1
        Pending                           : Yes
        Remapping Failure Occurred        : No
        Bank Remap Availability Histogram
            Max                           : 2559 bank(s)
            High                          : 1 bank(s)
            Partial                       : 0 bank(s)
            Low                           : 0 bank(s)
            None                          : 0 bank(s)

$ ssh node02 nvidia-smi --query-gpu=index,remapped_rows.uncorrectable,remapped_rows.pending --format=csv -i 3
index, remapped_rows.uncorrectable, remapped_rows.pending
3, 1, Yes
$ ssh node02 sudo nvidia-smi -r -i 3
GPU 00000000:61:00.0 was successfully reset.
All done.
$ ssh node02 nvidia-smi -q -d ROW_REMAPPER -i 3

==============NVSMI LOG==============

Timestamp                                 : Wed Jun  3 09:01:32 2026
Driver Version                            : 570.133.20
CUDA Version                              : 12.8

Attached GPUs                             : 8
GPU 00000000:61:00.0
    Remapped Rows
        Correctable Error                 : 0
        Uncorrectable Error               : 1
        Pending                           : No
        Remapping Failure Occurred        : No
        Bank Remap Availability Histogram
            Max                           : 2559 bank(s)
            High                          : 1 bank(s)
            Partial                       : 0 bank(s)
            Low                           : 0 bank(s)
            None                          : 0 bank(s)

$ NCCL_DEBUG=INFO mpirun -np 16 -H node01:8,node02:8 all_reduce_perf -b 1G -e 1G -g 1 | grep -v ' via NET/IB/' | head -n 60
# nThread 1 nGpus 1 minBytes 1073741824 maxBytes 1073741824 step: 1048576(bytes) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0
#
# Using devices
#  Rank  0 Group  0 Pid  54772 on     node01 device  0 [0000:1b:00] NVIDIA H100 80GB HBM3
#  Rank  1 Group  0 Pid   5443 on     node01 device  1 [0000:43:00] NVIDIA H100 80GB HBM3
#  Rank  2 Group  0 Pid  52831 on     node01 device  2 [0000:52:00] NVIDIA H100 80GB HBM3
#  Rank  3 Group  0 Pid  11624 on     node01 device  3 [0000:61:00] NVIDIA H100 80GB HBM3
#  Rank  4 Group  0 Pid   5356 on     node01 device  4 [0000:9d:00] NVIDIA H100 80GB HBM3
#  Rank  5 Group  0 Pid  33286 on     node01 device  5 [0000:c3:00] NVIDIA H100 80GB HBM3
#  Rank  6 Group  0 Pid  58377 on     node01 device  6 [0000:d1:00] NVIDIA H100 80GB HBM3
#  Rank  7 Group  0 Pid  78178 on     node01 device  7 [0000:df:00] NVIDIA H100 80GB HBM3
#  Rank  8 Group  0 Pid  36978 on     node02 device  0 [0000:1b:00] NVIDIA H100 80GB HBM3
#  Rank  9 Group  0 Pid   6677 on     node02 device  1 [0000:43:00] NVIDIA H100 80GB HBM3
#  Rank 10 Group  0 Pid  45974 on     node02 device  2 [0000:52:00] NVIDIA H100 80GB HBM3
#  Rank 11 Group  0 Pid  81246 on     node02 device  3 [0000:61:00] NVIDIA H100 80GB HBM3
#  Rank 12 Group  0 Pid  55031 on     node02 device  4 [0000:9d:00] NVIDIA H100 80GB HBM3
#  Rank 13 Group  0 Pid  63963 on     node02 device  5 [0000:c3:00] NVIDIA H100 80GB HBM3
#  Rank 14 Group  0 Pid   9527 on     node02 device  6 [0000:d1:00] NVIDIA H100 80GB HBM3
#  Rank 15 Group  0 Pid  15156 on     node02 device  7 [0000:df:00] NVIDIA H100 80GB HBM3
node01:54772:54772 [0] NCCL INFO Bootstrap : Using bond0:10.0.0.11<0>
node01:54772:54772 [0] NCCL INFO cudaDriverVersion 12080
NCCL version 2.21.5+cuda12.4
node01:54772:54772 [0] NCCL INFO NET/Plugin: No plugin found (libnccl-net.so)
node01:54772:54772 [0] NCCL INFO NET/Plugin: Plugin load returned 2 : libnccl-net.so: cannot open shared object file: No such file or directory : when loading libnccl-net.so
node01:54772:54772 [0] NCCL INFO NET/Plugin: Using internal network plugin.
node01:54772:54772 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/RoCE [2]mlx5_2:1/RoCE [3]mlx5_3:1/IB [4]mlx5_4:1/IB [5]mlx5_5:1/IB [6]mlx5_6:1/IB [7]mlx5_9:1/IB [8]mlx5_10:1/IB [9]mlx5_11:1/IB [RO]; OOB bond0:10.0.0.11<0>
node01:54772:54772 [0] NCCL INFO Using network IB
node02:36978:36978 [0] NCCL INFO Bootstrap : Using bond0:10.0.0.12<0>
node02:36978:36978 [0] NCCL INFO cudaDriverVersion 12080
node02:36978:36978 [0] NCCL INFO NET/Plugin: No plugin found (libnccl-net.so)
node02:36978:36978 [0] NCCL INFO NET/Plugin: Plugin load returned 2 : libnccl-net.so: cannot open shared object file: No such file or directory : when loading libnccl-net.so
node02:36978:36978 [0] NCCL INFO NET/Plugin: Using internal network plugin.
node02:36978:36978 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/RoCE [2]mlx5_2:1/RoCE [3]mlx5_3:1/IB [4]mlx5_4:1/IB [5]mlx5_5:1/IB [6]mlx5_6:1/IB [7]mlx5_9:1/IB [8]mlx5_10:1/IB [9]mlx5_11:1/IB [RO]; OOB bond0:10.0.0.12<0>
node02:36978:36978 [0] NCCL INFO Using network IB
node01:54772:54772 [0] NCCL INFO ncclCommInitRank comm 0x55d0003540b0 rank 0 nranks 16 cudaDev 0 nvmlDev 0 busId 1b000 commId 0x715c050ada68083c - Init START
node01:5443:5443 [1] NCCL INFO ncclCommInitRank comm 0x55d00322dfb0 rank 1 nranks 16 cudaDev 1 nvmlDev 1 busId 43000 commId 0x715c050ada68083c - Init START
node01:52831:52831 [2] NCCL INFO ncclCommInitRank comm 0x55d00cf73750 rank 2 nranks 16 cudaDev 2 nvmlDev 2 busId 52000 commId 0x715c050ada68083c - Init START
node01:11624:11624 [3] NCCL INFO ncclCommInitRank comm 0x55d0020be1c0 rank 3 nranks 16 cudaDev 3 nvmlDev 3 busId 61000 commId 0x715c050ada68083c - Init START
node01:5356:5356 [4] NCCL INFO ncclCommInitRank comm 0x55d00e134540 rank 4 nranks 16 cudaDev 4 nvmlDev 4 busId 9d000 commId 0x715c050ada68083c - Init START
node01:33286:33286 [5] NCCL INFO ncclCommInitRank comm 0x55d0024979d0 rank 5 nranks 16 cudaDev 5 nvmlDev 5 busId c3000 commId 0x715c050ada68083c - Init START
node01:58377:58377 [6] NCCL INFO ncclCommInitRank comm 0x55d00190b9d0 rank 6 nranks 16 cudaDev 6 nvmlDev 6 busId d1000 commId 0x715c050ada68083c - Init START
node01:78178:78178 [7] NCCL INFO ncclCommInitRank comm 0x55d005644930 rank 7 nranks 16 cudaDev 7 nvmlDev 7 busId df000 commId 0x715c050ada68083c - Init START
node02:36978:36978 [0] NCCL INFO ncclCommInitRank comm 0x55d005607f30 rank 8 nranks 16 cudaDev 0 nvmlDev 0 busId 1b000 commId 0x715c050ada68083c - Init START
node02:6677:6677 [1] NCCL INFO ncclCommInitRank comm 0x55d006c99540 rank 9 nranks 16 cudaDev 1 nvmlDev 1 busId 43000 commId 0x715c050ada68083c - Init START
node02:45974:45974 [2] NCCL INFO ncclCommInitRank comm 0x55d008930a40 rank 10 nranks 16 cudaDev 2 nvmlDev 2 busId 52000 commId 0x715c050ada68083c - Init START
node02:81246:81246 [3] NCCL INFO ncclCommInitRank comm 0x55d0071806c0 rank 11 nranks 16 cudaDev 3 nvmlDev 3 busId 61000 commId 0x715c050ada68083c - Init START
node02:55031:55031 [4] NCCL INFO ncclCommInitRank comm 0x55d00b4e0e00 rank 12 nranks 16 cudaDev 4 nvmlDev 4 busId 9d000 commId 0x715c050ada68083c - Init START
node02:63963:63963 [5] NCCL INFO ncclCommInitRank comm 0x55d0080cd7b0 rank 13 nranks 16 cudaDev 5 nvmlDev 5 busId c3000 commId 0x715c050ada68083c - Init START
node02:9527:9527 [6] NCCL INFO ncclCommInitRank comm 0x55d00885a560 rank 14 nranks 16 cudaDev 6 nvmlDev 6 busId d1000 commId 0x715c050ada68083c - Init START
node02:15156:15156 [7] NCCL INFO ncclCommInitRank comm 0x55d000226960 rank 15 nranks 16 cudaDev 7 nvmlDev 7 busId df000 commId 0x715c050ada68083c - Init START
node01:54772:54772 [0] NCCL INFO Channel 00/16 :    0   1   2   3   4   5   6   7  15  14  13  12  11  10   9   8
node01:54772:54772 [0] NCCL INFO Channel 01/16 :    0   1   2   3   4   5   6   7  15  14  13  12  11  10   9   8
node01:54772:54772 [0] NCCL INFO Channel 02/16 :    1   2   3   4   5   6   7   0   8  15  14  13  12  11  10   9
node01:54772:54772 [0] NCCL INFO Channel 03/16 :    1   2   3   4   5   6   7   0   8  15  14  13  12  11  10   9
node01:54772:54772 [0] NCCL INFO Channel 04/16 :    2   3   4   5   6   7   0   1   9   8  15  14  13  12  11  10
node01:54772:54772 [0] NCCL INFO Channel 05/16 :    2   3   4   5   6   7   0   1   9   8  15  14  13  12  11  10
node01:54772:54772 [0] NCCL INFO Channel 06/16 :    3   4   5   6   7   0   1   2  10   9   8  15  14  13  12  11
node01:54772:54772 [0] NCCL INFO Channel 07/16 :    3   4   5   6   7   0   1   2  10   9   8  15  14  13  12  11
node01:54772:54772 [0] NCCL INFO Channel 08/16 :    4   5   6   7   0   1   2   3  11  10   9   8  15  14  13  12
node01:54772:54772 [0] NCCL INFO Channel 09/16 :    4   5   6   7   0   1   2   3  11  10   9   8  15  14  13  12
$ NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=NET mpirun -np 16 -H node01:8,node02:8 all_reduce_perf -b 1G -e 1G -g 1 | grep 'GPU Direct RDMA' | head -n 2
node01:2257:2257 [0] NCCL INFO GPU Direct RDMA Enabled for GPU 1b000 / HCA 0 (distance 3 <= 4), read 1
node01:17507:17507 [1] NCCL INFO GPU Direct RDMA Enabled for GPU 43000 / HCA 3 (distance 3 <= 4), read 1
$ NCCL_DEBUG=INFO all_reduce_perf -b 1G -e 1G -g 8 | grep -E 'via P2P|Connected all rings' | head -n 3
node01:33842:33842 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/direct pointer
node01:33842:33844 [1] NCCL INFO Channel 00/0 : 1[1] -> 2[2] via P2P/direct pointer
node01:33842:33845 [2] NCCL INFO Channel 00/0 : 2[2] -> 3[3] via P2P/direct pointer
$ NCCL_DEBUG=WARN NCCL_ALGO=CollNet all_reduce_perf -b 1G -e 1G -g 8 | grep -v '^#'
NCCL version 2.21.5+cuda12.4

node01:88927:88927 [0] enqueue.cc:1528 NCCL WARN Error : no algorithm/protocol available
node01: Test NCCL failure common.cu:404 'internal error - please report this issue to the NCCL developers'
 .. node01 pid 88927: Test failure common.cu:411
