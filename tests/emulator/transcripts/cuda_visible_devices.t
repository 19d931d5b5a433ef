# scenario: tests/emulator/fixtures/gpu-h100-sxm.yaml
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x H100 per node. You are on node01.

No lab is started: `lab list` shows the labs, `lab start ID` opens one.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ CUDA_VISIBLE_DEVICES=0,1 all_reduce_perf -b 1G -e 4G -f 2 -g 2
# nThread 1 nGpus 2 minBytes 1073741824 maxBytes 4294967296 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0
#
# Using devices
#  Rank  0 Group  0 Pid  75405 on     node01 device  0 [0000:1b:00] NVIDIA H100 80GB HBM3
#  Rank  1 Group  0 Pid  75405 on     node01 device  1 [0000:43:00] NVIDIA H100 80GB HBM3
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)       
  1073741824     268435456     float     sum      -1   2983.6  359.88  359.88      0   2915.6  368.27  368.27      0
  2147483648     536870912     float     sum      -1   5876.8  365.42  365.42      0   6006.3  357.54  357.54      0
  4294967296    1073741824     float     sum      -1    11642  368.92  368.92      0    11630  369.30  369.30      0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 364.888 
#

$ CUDA_VISIBLE_DEVICES=6,7 all_reduce_perf -b 4G -e 4G -g 2 | grep -E 'nGpus|Rank|Avg'
# nThread 1 nGpus 2 minBytes 4294967296 maxBytes 4294967296 step: 1048576(bytes) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0
#  Rank  0 Group  0 Pid  55345 on     node01 device  0 [0000:d1:00] NVIDIA H100 80GB HBM3
#  Rank  1 Group  0 Pid  55345 on     node01 device  1 [0000:df:00] NVIDIA H100 80GB HBM3
# Avg bus bandwidth    : 362.324 
$ CUDA_VISIBLE_DEVICES=0,1 all_reduce_perf -b 4G -e 4G | grep -E 'nGpus|Rank'
# nThread 1 nGpus 1 minBytes 4294967296 maxBytes 4294967296 step: 1048576(bytes) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0
#  Rank  0 Group  0 Pid   1386 on     node01 device  0 [0000:1b:00] NVIDIA H100 80GB HBM3
$ CUDA_VISIBLE_DEVICES=0,1 all_reduce_perf -b 4G -e 4G -g 8; echo "exit $?"
node01: Test CUDA failure common.cu:1015 'invalid device ordinal'
 .. node01 pid 71377: Test failure common.cu:1022
exit 1
$ CUDA_VISIBLE_DEVICES=0,2,-1,1 all_reduce_perf -b 4G -e 4G -g 3; echo "exit $?"
node01: Test CUDA failure common.cu:1015 'invalid device ordinal'
 .. node01 pid 57952: Test failure common.cu:1022
exit 1
$ CUDA_VISIBLE_DEVICES=0,2,-1,1 all_reduce_perf -b 4G -e 4G -g 2 | grep Rank
#  Rank  0 Group  0 Pid  39125 on     node01 device  0 [0000:1b:00] NVIDIA H100 80GB HBM3
#  Rank  1 Group  0 Pid  39125 on     node01 device  1 [0000:52:00] NVIDIA H100 80GB HBM3
$ CUDA_VISIBLE_DEVICES= all_reduce_perf -b 4G -e 4G; echo "exit $?"
node01: Test CUDA failure common.cu:1015 'no CUDA-capable device is detected'
 .. node01 pid 8929: Test failure common.cu:1022
exit 1
$ CUDA_VISIBLE_DEVICES=5,4 NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=INIT all_reduce_perf -b 4G -e 4G -g 2 | grep -E 'Init COMPLETE|Rank'
#  Rank  0 Group  0 Pid  70842 on     node01 device  0 [0000:c3:00] NVIDIA H100 80GB HBM3
#  Rank  1 Group  0 Pid  70842 on     node01 device  1 [0000:9d:00] NVIDIA H100 80GB HBM3
node01:70842:70842 [0] NCCL INFO ncclCommInitRank comm 0x55d00f319180 rank 0 nranks 2 cudaDev 0 nvmlDev 5 busId c3000 commId 0x797a60ad267789e2 - Init START
node01:70842:70844 [1] NCCL INFO ncclCommInitRank comm 0x55d00b3ed860 rank 1 nranks 2 cudaDev 1 nvmlDev 4 busId 9d000 commId 0x797a60ad267789e2 - Init START
node01:70842:70842 [0] NCCL INFO ncclCommInitRank comm 0x55d00f319180 rank 0 nranks 2 cudaDev 0 nvmlDev 5 busId c3000 commId 0x797a60ad267789e2 - Init COMPLETE
node01:70842:70844 [1] NCCL INFO ncclCommInitRank comm 0x55d00b3ed860 rank 1 nranks 2 cudaDev 1 nvmlDev 4 busId 9d000 commId 0x797a60ad267789e2 - Init COMPLETE
$ all_reduce_perf -b 4G -e 4G -g 8 | grep -E 'nGpus|Avg'
# nThread 1 nGpus 8 minBytes 4294967296 maxBytes 4294967296 step: 1048576(bytes) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0
# Avg bus bandwidth    : 473.125 
