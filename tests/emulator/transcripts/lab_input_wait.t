# lab: input-wait
$ goal
$ hint
$ tail train.log
$ tail -n 2 logs/rank-00.log ; tail -n 2 logs/rank-12.log
$ hint
$ nvidia-smi --query-gpu=index,clocks.sm,utilization.gpu,power.draw --format=csv
$ squeue
$ mount
$ df -h
$ iostat -x
$ hint
$ answer gpu
$ answer network
$ answer cpu
$ answer checkpoint writers
$ lab
