# scenario: tests/emulator/fixtures/node_fail.yaml
Training Infrastructure Handbook: cluster emulator
Cluster trn: 3 nodes (node01-node03), 8 x H100 per node. You are on node01.

No lab is started: `lab list` shows the labs, `lab start ID` opens one.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ ipmitool -I lanplus -H node02-bmc -U admin -P admin sol activate
[SOL Session operational.  Use ~? for help]

Ubuntu 24.04.2 LTS node02 ttyS0

node02 login: ~. [terminated ipmitool]
(simulated: what the console printed after one Enter, then ~. to leave)
$ sleep 120
$ ssh node02 hostname
ssh: connect to host node02 port 22: No route to host
$ ipmitool -I lanplus -H node02-bmc -U admin -P admin sol activate
[SOL Session operational.  Use ~? for help]
~. [terminated ipmitool]
(simulated: what the console printed after one Enter, then ~. to leave)
$ ipmitool -I lan -H node02-bmc -U admin -P admin sol activate
Error: This command is only available over the lanplus interface
$ ipmitool -I lanplus -H node02-bmc -U admin -P admin sol
SOL Commands: info [<channel number>]
              activate [<usesolkeepalive|nokeepalive>] [instance=<number>]
              deactivate [instance=<number>]
$ ipmitool -I lanplus -H node02-bmc -U admin -P admin sel save node02-sel.txt
   1 | 06/04/2026 | 09:12:41 | System ACPI Power State #0x30 | S5/G2: soft-off | Asserted
   2 | 06/04/2026 | 09:13:16 | System ACPI Power State #0x30 | S0/G0: working | Asserted
   3 | 06/07/2026 | 03:01:00 | Memory #0x87 | Uncorrectable ECC | Asserted
   4 | 06/07/2026 | 03:01:00 | Critical Interrupt #0x86 | Bus Fatal Error | Asserted
ipmitool: node02-sel.txt not written: this simulated shell writes no files (the records above are what it would hold)
$ ipmitool -I lanplus -H node02-bmc -U admin -P admin sel save
usage: sel save <filename>
$ ipmitool -I lanplus -H node02-bmc -U admin -P admin dcmi power get_limit

    Current Limit State: No Active Power Limit
    Exception actions:   Hard Power Off & Log Event to SEL
    Power Limit:         0 Watts
    Correction time:     0 milliseconds
    Sampling period:     0 seconds

$ ipmitool -I lanplus -H node02-bmc -U admin -P admin chassis power soft
Chassis Power Control: Soft
$ ipmitool -I lanplus -H node02-bmc -U admin -P admin chassis power status
Chassis Power is on
$ ipmitool -I lanplus -H node03-bmc -U admin -P admin chassis power soft
Chassis Power Control: Soft
$ ipmitool -I lanplus -H node03-bmc -U admin -P admin chassis power status
Chassis Power is off
$ ssh node03 hostname
ssh: connect to host node03 port 22: No route to host
$ ipmitool -I lanplus -H node03-bmc -U admin -P admin chassis status | grep -i 'last power'
Last Power Event     : command
$ ipmitool -I lanplus -H node03-bmc -U admin -P admin chassis power on
Chassis Power Control: Up/On
$ sleep 400
$ ssh node03 uptime
 03:09:33 up 2 min,  0 users,  load average: 0.02, 0.02, 0.02
