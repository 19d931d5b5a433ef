# lab: multi-node-slowdown
$ goal
$ hint
$ all_reduce_perf -b 8 -e 8G -f 2 -g 8
$ mpirun -np 16 -H node01:8,node02:8 all_reduce_perf -b 8 -e 8G -f 2 -g 1
$ hint
$ mpirun -np 16 -H node01:8,node03:8 all_reduce_perf -b 8 -e 8G -f 2 -g 1
$ NCCL_DEBUG=INFO mpirun -np 16 -H node01:8,node03:8 all_reduce_perf -b 1G -e 1G -g 1
$ ssh node03 ibstat
$ ssh node03 ibdev2netdev
$ ssh node03 perfquery -x
$ hint
$ answer nccl
$ answer node03
$ answer switch
$ answer node03 mlx5_4
$ lab
