# scenario: tests/emulator/fixtures/lustre-osts.yaml
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x H100 per node. You are on node01.

No lab is started: `lab list` shows the labs, `lab start ID` opens one.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ lfs df -h
UUID                             bytes        Used   Available Use% Mounted on
lustrefs-MDT0000_UUID            1.8T      326.0G        1.5T  18% /lustre[MDT:0]
lustrefs-OST0000_UUID          109.1T       55.7T       53.5T  51% /lustre[OST:0]
lustrefs-OST0001_UUID          109.1T       53.6T       55.6T  50% /lustre[OST:1]
lustrefs-OST0002_UUID          109.1T      109.1T        0.0K 100% /lustre[OST:2]
lustrefs-OST0003_UUID          109.1T       57.7T       51.5T  53% /lustre[OST:3]
lustrefs-OST0004_UUID          109.1T       54.7T       54.5T  51% /lustre[OST:4]
lustrefs-OST0005_UUID          109.1T       54.3T       54.8T  50% /lustre[OST:5]
lustrefs-OST0006_UUID          109.1T       88.7T       20.5T  82% /lustre[OST:6]
lustrefs-OST0007_UUID          109.1T       56.4T       52.8T  52% /lustre[OST:7]

filesystem_summary:            873.1T      530.1T      343.1T  61% /lustre
$ lfs df /lustre
UUID                            1K-blocks           Used      Available Use% Mounted on
lustrefs-MDT0000_UUID          1953125000      341796875     1611328125  18% /lustre[MDT:0]
lustrefs-OST0000_UUID        117187500000    59765625000    57421875000  51% /lustre[OST:0]
lustrefs-OST0001_UUID        117187500000    57519531250    59667968750  50% /lustre[OST:1]
lustrefs-OST0002_UUID        117187500000   117187500000              0 100% /lustre[OST:2]
lustrefs-OST0003_UUID        117187500000    61914062500    55273437500  53% /lustre[OST:3]
lustrefs-OST0004_UUID        117187500000    58691406250    58496093750  51% /lustre[OST:4]
lustrefs-OST0005_UUID        117187500000    58300781250    58886718750  50% /lustre[OST:5]
lustrefs-OST0006_UUID        117187500000    95214843750    21972656250  82% /lustre[OST:6]
lustrefs-OST0007_UUID        117187500000    60546875000    56640625000  52% /lustre[OST:7]

filesystem_summary:          937500000000   569140625000   368359375000  61% /lustre
$ lfs df -i /lustre
UUID                              Inodes          IUsed          IFree IUse% Mounted on
lustrefs-MDT0000_UUID           976562500      170898437      805664063  18% /lustre[MDT:0]
lustrefs-OST0000_UUID           114440917        1173237      113267680   2% /lustre[OST:0]
lustrefs-OST0001_UUID           114440917        1105594      113335323   1% /lustre[OST:1]
lustrefs-OST0002_UUID           114440917        2272917      112168000   2% /lustre[OST:2]
lustrefs-OST0003_UUID           114440917        1226500      113214417   2% /lustre[OST:3]
lustrefs-OST0004_UUID           114440917        1187215      113253702   2% /lustre[OST:4]
lustrefs-OST0005_UUID           114440917        1181864      113259053   2% /lustre[OST:5]
lustrefs-OST0006_UUID           114440917        1876571      112564346   2% /lustre[OST:6]
lustrefs-OST0007_UUID           114440917        1214197      113226720   2% /lustre[OST:7]

filesystem_summary:             976562500      170898437      805664063  18% /lustre
$ lfs getstripe -d /lustre
stripe_count:  1 stripe_size:   4194304 pattern:       raid0 stripe_offset: -1
$ lfs getstripe /lustre
/lustre
stripe_count:  1 stripe_size:   4194304 pattern:       raid0 stripe_offset: -1
$ lfs getstripe /home
lfs getstripe: cannot get lov name: Inappropriate ioctl for device (25)
error: getstripe failed for /home.
$ df -h /lustre
Filesystem                 Size  Used Avail Use% Mounted on
10.0.0.251@o2ib:/lustrefs  874T  531T  344T  61% /lustre
$ mount -t lustre
10.0.0.251@o2ib:/lustrefs on /lustre type lustre (rw,flock,lazystatfs)
