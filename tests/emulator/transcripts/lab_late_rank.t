# lab: late-rank
$ goal
$ squeue
$ hint
$ tail train.log
$ hint
$ tail -n 1 logs/rank-13.log ; tail -n 1 logs/rank-00.log
$ tail -q -n 1 logs/rank-*.log | sort -t= -k2 -n | tail -2
$ hint
$ ssh node02 nvidia-smi --query-gpu=index,clocks.sm,temperature.gpu,power.draw,clocks_event_reasons.active --format=csv
$ ssh node02 nvidia-smi -q -d PERFORMANCE,TEMPERATURE -i 5
$ ipmitool -I lanplus -H node02-bmc -U admin -P admin sel elist
$ hint
$ answer network
$ answer storage
$ answer node02
$ answer node01 gpu2
$ answer thermal
$ answer node02 gpu5
$ lab
