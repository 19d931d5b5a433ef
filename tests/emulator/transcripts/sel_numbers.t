# lab: node-silent
Training Infrastructure Handbook: cluster emulator
Cluster trn: 4 nodes (node01-node04), 8 x H100 per node. You are on node01.

Lab node-silent: A silent node
The 13B pre-training job 73344 on node01-node04 ended 35 minutes ago, and node03 no longer
answers ssh. Before anyone drives to the data centre: find out through node03's BMC
(node03-bmc, user admin, password admin) what happened to it and name it. Then bring node03
back, keep it out of the scheduler until the hardware is dealt with, and show that it is up.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ ipmitool -I lanplus -H node02-bmc -U admin -P admin sel list
   1 | 09/29/2026 | 22:43:49 | System ACPI Power State #0x30 | S5/G2: soft-off | Asserted
   2 | 09/29/2026 | 22:44:24 | System ACPI Power State #0x30 | S0/G0: working | Asserted
   3 | 10/01/2026 | 06:25:00 | Fan #0x12 | Lower Non-critical going low | Asserted
   4 | 10/01/2026 | 06:30:00 | Fan #0x12 | Lower Non-critical going low | Deasserted
$ ipmitool -I lanplus -H node02-bmc -U admin -P admin sel elist
   1 | 09/29/2026 | 22:43:49 | System ACPI Power State ACPI State | S5/G2: soft-off | Asserted
   2 | 09/29/2026 | 22:44:24 | System ACPI Power State ACPI State | S0/G0: working | Asserted
   3 | 10/01/2026 | 06:25:00 | Fan FAN2 | Lower Non-critical going low | Asserted | 2100
   4 | 10/01/2026 | 06:30:00 | Fan FAN2 | Lower Non-critical going low | Deasserted | 2100
$ ipmitool -I lanplus -H node02-bmc -U admin -P admin sdr type Fan
FAN1             | 11h | ok  | 29.1 | 5093 RPM
FAN2             | 12h | ok  | 29.1 | 5240 RPM
FAN3             | 13h | ok  | 29.1 | 5173 RPM
FAN4             | 14h | ok  | 29.1 | 5023 RPM
FAN5             | 15h | ok  | 29.1 | 5031 RPM
FAN6             | 16h | ok  | 29.1 | 5052 RPM
$ ipmitool -I lanplus -H node03-bmc -U admin -P admin sel list
   1 | 09/29/2026 | 01:54:53 | System ACPI Power State #0x30 | S5/G2: soft-off | Asserted
   2 | 09/29/2026 | 01:55:28 | System ACPI Power State #0x30 | S0/G0: working | Asserted
   3 | 10/02/2026 | 05:50:00 | Memory #0x87 | Uncorrectable ECC | Asserted
   4 | 10/02/2026 | 05:50:00 | Critical Interrupt #0x86 | Bus Fatal Error | Asserted
$ ipmitool -I lanplus -H node03-bmc -U admin -P admin sel elist
   1 | 09/29/2026 | 01:54:53 | System ACPI Power State ACPI State | S5/G2: soft-off | Asserted
   2 | 09/29/2026 | 01:55:28 | System ACPI Power State ACPI State | S0/G0: working | Asserted
   3 | 10/02/2026 | 05:50:00 | Memory #0x87 | Uncorrectable ECC | Asserted | @P2-DIMMB1
   4 | 10/02/2026 | 05:50:00 | Critical Interrupt #0x86 | Bus Fatal Error | Asserted
