# scenario: tests/emulator/fixtures/no_save.yaml
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x H100 per node. You are on node01.

No lab is started: `lab list` shows the labs, `lab start ID` opens one.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ sleep 20
$ grep -c "saving checkpoint" train.log
0
$ grep -c save-checkpoint train.log
0
