# scenario: tests/emulator/fixtures/time_save_nfs.yaml
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x H100 per node. You are on node01.

No lab is started: `lab list` shows the labs, `lab start ID` opens one.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ grep -E "saving|success|save-checkpoint|iteration  " train.log | tail -n 5 | cut -c1-100
[2026-06-04 09:58:10] iteration      980/  267028 | consumed samples:      125440 | elapsed time per
[2026-06-04 09:58:10] saving checkpoint at iteration     980 to /data
[2026-06-04 09:58:59]   successfully saved checkpoint from iteration     980 to /data
    save-checkpoint ................................: (48999.31, 49000.00)
[2026-06-04 09:59:31] iteration      990/  267028 | consumed samples:      126720 | elapsed time per
$ sleep 12
$ nfsiostat 1 2 /data | tail -n 3
write:             ops/s            kB/s           kB/op         retrans    avg RTT (ms)    avg exe (ms)  avg queue (ms)          errors
                 958.740      981750.258        1024.000        0 (0.0%)          16.689         233.640         216.951        0 (0.0%)

$ sleep 60
$ nfsiostat 1 2 /data | tail -n 3
write:             ops/s            kB/s           kB/op         retrans    avg RTT (ms)    avg exe (ms)  avg queue (ms)          errors
                   0.260           0.962           3.700        0 (0.0%)           0.503           0.503           0.000        0 (0.0%)

$ grep -E "saving|success|save-checkpoint" train.log | tail -n 3 | cut -c1-100
[2026-06-04 10:00:03] saving checkpoint at iteration    1000 to /data
[2026-06-04 10:00:52]   successfully saved checkpoint from iteration    1000 to /data
    save-checkpoint ................................: (48999.85, 49000.00)
