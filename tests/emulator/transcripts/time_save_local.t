# scenario: tests/emulator/fixtures/time_save_local.yaml
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x H100 per node. You are on node01.

No lab is started: `lab list` shows the labs, `lab start ID` opens one.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ date
Thu Jun  4 10:00:04 UTC 2026
$ iostat -x 1 2 | grep -E "Device|nvme1" | tail -n 2
Device            r/s     rkB/s   rrqm/s  %rrqm r_await rareq-sz     w/s     wkB/s   wrqm/s  %wrqm w_await wareq-sz     d/s     dkB/s   drqm/s  %drqm d_await dareq-sz     f/s f_await  aqu-sz  %util
nvme1n1        487.97  11711.31     0.00   0.00    1.80    24.00 6662.39 3411142.23   532.99   7.40    1.00   512.00    0.00      0.00     0.00   0.00    0.00     0.00    0.40    0.50    7.54 100.00
$ ssh node02 iostat -x -y 1 1 | grep nvme1
nvme1n1        507.84  12188.05     0.00   0.00    1.80    24.00 6459.86 3307449.51   516.79   7.40    1.00   512.00    0.00      0.00     0.00   0.00    0.00     0.00    0.40    0.50    7.37 100.00
$ grep -E "saving|success|save-checkpoint" train.log | tail -n 3 | cut -c1-100
[2026-06-04 09:58:45] saving checkpoint at iteration     980 to /scratch
[2026-06-04 09:58:59]   successfully saved checkpoint from iteration     980 to /scratch
    save-checkpoint ................................: (13999.31, 14000.00)
$ sleep 30
$ date
Thu Jun  4 10:00:48 UTC 2026
$ iostat -x 1 2 | grep -E "nvme1" | tail -n 1
nvme1n1        498.64  11967.31     0.00   0.00    0.09    24.00    2.41     38.50     0.19   7.40    0.03    16.00    0.00      0.00     0.00   0.00    0.00     0.00    0.40    0.50    0.05   0.29
