# lab: input-wait
$ foo
$ foo --bar | grep x
$ ./train.sh
$ /usr/bin/hostname
$ echo "unterminated
$ echo 'unterminated
$ echo `hostname`
$ echo $(hostname)
$ | grep x
$ echo a |
$ echo a ;; echo b
$ echo >
$ && echo x
$ hostname &
$ nvidia-smi --bogus
$ nvidia-smi -q -d NOSUCH
$ dcgmi diag -r 9
$ dcgmi bogus
$ all_reduce_perf -b x
$ ibstat mlx5_99
$ perfquery -Z
$ ethtool nosuchdev
$ ip bogus
$ iostat -Z
$ df -Z
$ numactl --bogus
$ lspci -Z
$ ipmitool bogus
$ dmesg -Z
$ journalctl -Z
$ squeue --bogus
$ answer
$ lab start nosuch
$ solutions nosuch
$ help nosuch
$ history x
$ exit abc
