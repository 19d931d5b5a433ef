# scenario: tests/emulator/fixtures/net_faults.yaml
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x H100 per node. You are on node01.

No lab is started: `lab list` shows the labs, `lab start ID` opens one.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ ibdiagnet | grep -E '^-E-|^-I- (Port Counters|Speed)'
-E- Ports counters Difference Check (during run) finished with errors
-E- Sa088c203a132e74a/Na088c203a132e74a/P1 - "symbol_error_counter" increased during the run (difference value=2,difference allowed threshold=1)
-I- Port Counters             0          1          
-I- Speed / Width checks      0          0          
$ ibstat mlx5_3 | grep 'Node GUID'
	Node GUID: 0xa088c203a132e74a
$ ibdiagnet; echo "exit $?"
Running: ibdiagnet

---------------------------------------------
Discovery
-I- Discovering ... 55 nodes (40 Switches & 15 CA-s) discovered.
-I- Fabric Discover finished successfully

-I- Duplicated GUIDs detection finished successfully

-I- Duplicated Node Description detection finished successfully

-I- Retrieving ... 55/55 nodes (40/40 Switches & 15/15 CA-s) retrieved.
-I- Switch Info retrieving finished successfully

---------------------------------------------
Lids Check
-I- Lids Check finished successfully

---------------------------------------------
Links Check
-I- Links Check finished successfully

---------------------------------------------
Subnet Manager
-I- SM Info retrieving finished successfully

-I- Subnet Manager Check finished successfully

---------------------------------------------
Port Counters
-I- Retrieving ... 55/55 nodes (40/40 Switches & 15/15 CA-s) retrieved.
-I- Ports counters retrieving finished successfully

-I- Going to sleep for 1 seconds until next counters sample
-I- Time left to sleep ... 1 seconds.

-I- Retrieving ... 55/55 nodes (40/40 Switches & 15/15 CA-s) retrieved.
-I- Ports counters retrieving (second time) finished successfully

-I- Ports counters value Check finished successfully

-E- Ports counters Difference Check (during run) finished with errors
-E- Sa088c203a132e74a/Na088c203a132e74a/P1 - "symbol_error_counter" increased during the run (difference value=2,difference allowed threshold=1)

---------------------------------------------
Nodes Information
-I- Nodes Info retrieving finished successfully

-I- FW Check finished successfully

---------------------------------------------
Speed / Width checks
-I- Link Speed Check (Compare to supported link speed)
-I- Links Speed Check finished successfully

-I- Link Width Check (Compare to supported link width)
-I- Links Width Check finished successfully

---------------------------------------------
Fabric Summary

Total Nodes             : 55
IB Switches             : 40
IB Channel Adapters     : 15
IB Aggregation Nodes    : 0
IB Routers              : 0

---------------------------------------------
Summary
-I- Stage                     Warnings   Errors     Comment   
-I- Discovery                 0          0          
-I- Lids Check                0          0          
-I- Links Check               0          0          
-I- Subnet Manager            0          0          
-I- Port Counters             0          1          
-I- Nodes Information         0          0          
-I- Speed / Width checks      0          0          
-I- Alias GUIDs               0          0          
-I- Virtualization            0          0          
-I- Partition Keys            0          0          
-I- Temperature Sensing       0          0          

-I- You can find detailed errors/warnings in: /var/tmp/ibdiagnet2/ibdiagnet2.log

-I- Database                   : /var/tmp/ibdiagnet2/ibdiagnet2.db_csv
-I- LST                        : /var/tmp/ibdiagnet2/ibdiagnet2.lst
-I- Network dump               : /var/tmp/ibdiagnet2/ibdiagnet2.net_dump
-I- Ports Counters             : /var/tmp/ibdiagnet2/ibdiagnet2.pm
exit 1
