# lab: late-rank
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x H100 per node. You are on node01.

Lab late-rank: Late rank
The pre-training job 48213 on node01 and node02 (16 ranks, data parallel) has become slower:
steps take far longer than the 1.8 s they took last week, and no node has failed. Find which
rank holds the others back and what on its node makes it slow, then name the component.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ date
Sat Mar 14 09:00:02 UTC 2026
$ nfsiostat 5 3 /data

10.0.0.5:/export/data mounted on /data:

           ops/s       rpc bklog
           2.378           0.000

read:              ops/s            kB/s           kB/op         retrans    avg RTT (ms)    avg exe (ms)  avg queue (ms)          errors
                   2.117          33.868          16.000        0 (0.0%)           0.413           0.413           0.000        0 (0.0%)
write:             ops/s            kB/s           kB/op         retrans    avg RTT (ms)    avg exe (ms)  avg queue (ms)          errors
                   0.259           0.960           3.700        0 (0.0%)           0.403           0.403           0.000        0 (0.0%)


10.0.0.5:/export/data mounted on /data:

           ops/s       rpc bklog
          11.127           0.000

read:              ops/s            kB/s           kB/op         retrans    avg RTT (ms)    avg exe (ms)  avg queue (ms)          errors
                  10.858         173.729          16.000        0 (0.0%)           0.413           0.413           0.000        0 (0.0%)
write:             ops/s            kB/s           kB/op         retrans    avg RTT (ms)    avg exe (ms)  avg queue (ms)          errors
                   0.258           0.954           3.700        0 (0.0%)           0.403           0.403           0.000        0 (0.0%)


10.0.0.5:/export/data mounted on /data:

           ops/s       rpc bklog
          11.171           0.000

read:              ops/s            kB/s           kB/op         retrans    avg RTT (ms)    avg exe (ms)  avg queue (ms)          errors
                  10.902         174.428          16.000        0 (0.0%)           0.413           0.413           0.000        0 (0.0%)
write:             ops/s            kB/s           kB/op         retrans    avg RTT (ms)    avg exe (ms)  avg queue (ms)          errors
                   0.258           0.955           3.700        0 (0.0%)           0.403           0.403           0.000        0 (0.0%)

$ date
Sat Mar 14 09:00:21 UTC 2026
$ nfsiostat 2 /data | grep -c "mounted on"
3
$ nfsiostat 1 x
Usage: nfsiostat [ <interval> [ <count> ] ] [ <options> ] [ <mount point> ]

nfsiostat: error: no such option: x
