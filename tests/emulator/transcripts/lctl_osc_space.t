# lab: save-fails
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x H100 per node. You are on node01.

Lab save-fails: Failing saves
The fine-tuning job 60417 (16 ranks on node01 and node02) was restarted 45 minutes ago and
trains at its usual speed, but the owner reports that none of its checkpoint saves since the
restart has worked: each ends with "No space left on device", while `df` shows the
checkpoint file system with hundreds of terabytes free. Find why the saves fail, make the
next save succeed, and show that it did.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ lctl get_param osc.*.kbytesavail
osc.lustrefs-OST0000-osc-ffffff7daedd6000.kbytesavail=60156250000
osc.lustrefs-OST0001-osc-ffffff7daedd6000.kbytesavail=57617187500
osc.lustrefs-OST0002-osc-ffffff7daedd6000.kbytesavail=61328125000
osc.lustrefs-OST0003-osc-ffffff7daedd6000.kbytesavail=54785156250
osc.lustrefs-OST0004-osc-ffffff7daedd6000.kbytesavail=58300781250
osc.lustrefs-OST0005-osc-ffffff7daedd6000.kbytesavail=0
osc.lustrefs-OST0006-osc-ffffff7daedd6000.kbytesavail=20898437500
osc.lustrefs-OST0007-osc-ffffff7daedd6000.kbytesavail=59472656250
$ lctl get_param -n osc.*OST0005*.kbytestotal osc.*OST0005*.kbytesfree
117187500000
0
$ lfs df /lustre | grep -E "OST000[56]"
lustrefs-OST0005_UUID        117187500000   117187500000              0 100% /lustre[OST:5]
lustrefs-OST0006_UUID        117187500000    96289062500    20898437500  83% /lustre[OST:6]
$ lctl get_param osc.*OST0006*.kbytes*
osc.lustrefs-OST0006-osc-ffffff7daedd6000.kbytesavail=20898437500
osc.lustrefs-OST0006-osc-ffffff7daedd6000.kbytesfree=20898437500
osc.lustrefs-OST0006-osc-ffffff7daedd6000.kbytestotal=117187500000
