# scenario: tests/emulator/fixtures/time_save.yaml
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x H100 per node. You are on node01.

No lab is started: `lab list` shows the labs, `lab start ID` opens one.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ tail -n 3 train.log | cut -c1-160
    batch-generator ................................: (0.10, 0.63)
    all-grads-sync .................................: (364.20, 364.46)
    optimizer ......................................: (24.96, 25.00)
$ sleep 900
$ grep -E "saving|Rank 1[45]\]|terminate" train.log | tail -n 4 | cut -c1-200
[2026-06-04 07:45:02] saving checkpoint at iteration     980 to /checkpoints
[2026-06-04 08:10:08] [rank14]:[E0604 08:10:08.524489667 ProcessGroupNCCL.cpp:607] [Rank 14] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=4004, OpType=ALLREDUCE, NumelIn=8750000000, N
[2026-06-04 08:10:08] [rank15]:[E0604 08:10:08.525272944 ProcessGroupNCCL.cpp:607] [Rank 15] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=4004, OpType=ALLREDUCE, NumelIn=8750000000, N
[2026-06-04 08:10:09] terminate called after throwing an instance of 'c10::DistBackendError'
$ scontrol show job 63000 | grep JobState
   JobState=FAILED Reason=NonZeroExitCode Dependency=(null)
