# lab: after-maintenance
Training Infrastructure Handbook: cluster emulator
Cluster trn: 4 nodes (node01-node04), 8 x A100 per node. You are on node01.

Lab after-maintenance: After maintenance
Since last week's maintenance of the rack (cables re-routed, nodes rebooted), the 6.7B
pre-training job 71230 on node01-node04 (32 ranks) takes about 1.47 s a step instead of
1.34 s, and its all-grads-sync timer has doubled. Every node passes its single-node tests.
The fabric team will fix it, but they want one port: which node and HCA, what is wrong
with it, and where its cable goes on the switch. Find it and name it.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ ibdiagnet | head -6
Running: ibdiagnet

---------------------------------------------
Discovery
-I- Discovering ... 60 nodes (28 Switches & 32 CA-s) discovered.
-I- Fabric Discover finished successfully
$ ibdiagnet | grep -B2 -A2 'Unexpected'
-I- Link Width Check (Compare to supported link width)
-E- Links Width Check finished with errors
-E- Link: Sa088c20331a1fe90/Na088c20331a1fe90/P1<-->Sd9896bc0f0830321/Nd9896bc0f0830321/P2 - Unexpected actual link width 2x

---------------------------------------------
$ ibdiagnet | grep -A14 '^Summary'
Summary
-I- Stage                     Warnings   Errors     Comment   
-I- Discovery                 0          0          
-I- Lids Check                0          0          
-I- Links Check               0          0          
-I- Subnet Manager            0          0          
-I- Port Counters             0          0          
-I- Nodes Information         0          0          
-I- Speed / Width checks      0          1          
-I- Alias GUIDs               0          0          
-I- Virtualization            0          0          
-I- Partition Keys            0          0          
-I- Temperature Sensing       0          0          

-I- You can find detailed errors/warnings in: /var/tmp/ibdiagnet2/ibdiagnet2.log
$ ibdiagnet | tail -5

-I- Database                   : /var/tmp/ibdiagnet2/ibdiagnet2.db_csv
-I- LST                        : /var/tmp/ibdiagnet2/ibdiagnet2.lst
-I- Network dump               : /var/tmp/ibdiagnet2/ibdiagnet2.net_dump
-I- Ports Counters             : /var/tmp/ibdiagnet2/ibdiagnet2.pm
$ ssh node02 ibstat mlx5_8 | grep -E 'Node GUID|Rate'
	Node GUID: 0xa088c20331a1fe90
		Rate: 100
$ ibdiagnet -x
-E- Unknown option: -x
$ help ibdiagnet
ibdiagnet: check the whole InfiniBand fabric: discovery, counters, link speed and width
usage: ibdiagnet [-o DIR]
  The stages that matter here: Port Counters (errors that grew during its 1 s sample) and
  Speed / Width checks (links trained below what both ends support), then the Summary.
  A counter that is non-zero but did not grow in the sample (nor overflowed) is not flagged:
  read it with perfquery -x or mlxlink -c.
  Ports are named S<system GUID>/N<node GUID>/P<port>: match the GUIDs with ibstat.
