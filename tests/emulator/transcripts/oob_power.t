# scenario: tests/emulator/fixtures/oob_power.yaml
Training Infrastructure Handbook: cluster emulator
Cluster trn: 3 nodes (node01-node03), 8 x H100 per node. You are on node01.

No lab is started: `lab list` shows the labs, `lab start ID` opens one.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ ipmitool -I lanplus -H node01-bmc -U admin -P admin chassis status
System Power         : on
Power Overload       : false
Power Interlock      : inactive
Main Power Fault     : false
Power Control Fault  : false
Power Restore Policy : always-off
Last Power Event     : 
Chassis Intrusion    : inactive
Front-Panel Lockout  : inactive
Drive Fault          : false
Cooling/Fan Fault    : false
$ ipmitool -I lanplus -H node02-bmc -U admin -P admin chassis status
System Power         : on
Power Overload       : false
Power Interlock      : inactive
Main Power Fault     : false
Power Control Fault  : false
Power Restore Policy : always-off
Last Power Event     : 
Chassis Intrusion    : inactive
Front-Panel Lockout  : inactive
Drive Fault          : false
Cooling/Fan Fault    : false
$ ipmitool -I lanplus -H node03-bmc -U admin -P admin chassis status | grep -E 'System Power|Last Power Event'
System Power         : on
Last Power Event     : ac-failed 
$ scontrol show node node02 | grep -E 'State|Reason'
   State=DOWN+NOT_RESPONDING ThreadsPerCore=2 TmpDisk=0 Weight=1
   Reason=Not responding [slurm]
$ ipmitool -I lanplus -H node02-bmc -U admin -P admin chassis power cycle
Chassis Power Control: Cycle
$ ipmitool -I lanplus -H node02-bmc -U admin -P admin chassis status | grep -E 'System Power|Last Power Event'
System Power         : on
Last Power Event     : command
$ ipmitool -I lanplus -H node02-bmc -U admin -P admin sel elist
   1 | 06/04/2026 | 00:21:54 | System ACPI Power State ACPI State | S5/G2: soft-off | Asserted
   2 | 06/04/2026 | 00:22:29 | System ACPI Power State ACPI State | S0/G0: working | Asserted
   3 | 06/09/2026 | 06:50:00 | Memory #0x87 | Uncorrectable ECC | Asserted | @P2-DIMMB1
   4 | 06/09/2026 | 06:50:00 | Critical Interrupt #0x86 | Bus Fatal Error | Asserted
   5 | 06/09/2026 | 07:00:18 | System ACPI Power State ACPI State | S5/G2: soft-off | Asserted
   6 | 06/09/2026 | 07:00:23 | System ACPI Power State ACPI State | S0/G0: working | Asserted
$ ssh node02 hostname
ssh: connect to host node02 port 22: No route to host
$ sleep 300
$ ssh node02 uptime
 07:05:30 up 1 min,  0 users,  load average: 0.02, 0.02, 0.02
$ sudo scontrol update nodename=node02 state=drain reason="DIMM P2-DIMMB1 uncorrectable ECC"
$ scontrol show node node02 | grep -E 'State|Reason'
   State=DOWN+DRAIN ThreadsPerCore=2 TmpDisk=0 Weight=1
   Reason=DIMM P2-DIMMB1 uncorrectable ECC [root]
$ sinfo -R
REASON               USER      TIMESTAMP           NODELIST
DIMM P2-DIMMB1 uncor root      2026-06-09T07:05:33 node02
Not responding       slurm     2026-06-09T06:45:00 node03
$ ipmitool -I lanplus -H node03-bmc -U admin -P admin chassis power on
Chassis Power Control: Up/On
$ ipmitool -I lanplus -H node03-bmc -U admin -P admin sel elist | tail -n 3
   3 | 06/09/2026 | 06:40:00 | Power Supply PS1 Status | Power Supply AC lost | Asserted
   4 | 06/09/2026 | 06:40:00 | Power Supply PS2 Status | Power Supply AC lost | Asserted
   5 | 06/09/2026 | 07:05:41 | System ACPI Power State ACPI State | S0/G0: working | Asserted
$ sudo scontrol update nodename=node01 state=resume; echo "exit $?"
slurm_update error: Invalid node state specified
exit 1
$ sudo scontrol update nodename=node03 state=resume; echo "exit $?"
exit 0
$ scontrol show node node03 | grep -E 'State|BootTime|Reason'; sinfo -R
   State=IDLE+NOT_RESPONDING ThreadsPerCore=2 TmpDisk=0 Weight=1
   BootTime=None
REASON               USER      TIMESTAMP           NODELIST
DIMM P2-DIMMB1 uncor root      2026-06-09T07:05:33 node02
$ sleep 300
$ scontrol show node node03 | grep -E 'State|BootTime|Reason'
   State=DOWN ThreadsPerCore=2 TmpDisk=0 Weight=1
   BootTime=2026-06-09T07:09:41
   Reason=Node unexpectedly rebooted [slurm]
$ sudo scontrol update nodename=node03 state=resume; sinfo -N | grep node03; scontrol show node node03 | grep BootTime
node03         1     train idle  
   BootTime=2026-06-09T07:09:41
$ ssh node02 sudo nvidia-smi -pl 500 -i 3
Power limit for GPU 00000000:61:00.0 was set to 500.00 W from 700.00 W.
All done.
$ ssh node02 nvidia-smi -q -d POWER -i 3 | grep -E 'Current Power Limit|Default Power Limit'
        Current Power Limit               : 500.00 W
        Default Power Limit               : 700.00 W
$ ipmitool -I lanplus -H node02-bmc -U admin -P admin chassis power cycle
Chassis Power Control: Cycle
$ sleep 300
$ ssh node02 nvidia-smi -q -d POWER -i 3 | grep -E 'Current Power Limit|Default Power Limit'
        Current Power Limit               : 700.00 W
        Default Power Limit               : 700.00 W
$ sudo scontrol update nodename=node03 state=up
Invalid input: state=up
Request aborted
Valid states are: NoResp DRAIN FAIL FUTURE RESUME POWER_DOWN POWER_UP UNDRAIN
Not all states are valid given a node's prior state
