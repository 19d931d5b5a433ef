# scenario: tests/emulator/fixtures/bmc.yaml
Training Infrastructure Handbook: cluster emulator
Cluster trn: 3 nodes (node01-node03), 8 x H100 per node. You are on node01.

No lab is started: `lab list` shows the labs, `lab start ID` opens one.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ ipmitool -I lanplus -H node01-bmc -U admin -P admin chassis power status
Chassis Power is on
$ ipmitool -I lanplus -H node01-bmc -U admin -P admin chassis power status
Chassis Power is on
$ ipmitool -I lanplus -H node01-bmc -U admin -P admin sdr type Temperature | head -2
Inlet Temp       | 05h | ok  |  7.1 | 22 degrees C
Exhaust Temp     | 06h | ok  |  7.1 | 46 degrees C
$ ipmitool -I lanplus -H node01-bmc -U admin -P admin chassis power status
Error: Unable to establish IPMI v2 / RMCP+ session
$ curl -sk -u admin:admin https://node01-bmc/redfish/v1/Systems/DGX --connect-timeout 5; echo "exit $?"
exit 28
$ curl -sSk -u admin:admin https://node01-bmc/redfish/v1/Systems/DGX --connect-timeout 5
curl: (28) Failed to connect to node01-bmc port 443 after 5002 ms: Couldn't connect to server
$ sudo ipmitool mc reset cold
Sent cold reset command to MC
$ ipmitool -I lanplus -H node01-bmc -U admin -P admin chassis power status
Error: Unable to establish IPMI v2 / RMCP+ session
$ sleep 90
$ ipmitool -I lanplus -H node01-bmc -U admin -P admin chassis power status
Chassis Power is on
$ ssh node02 nvidia-smi -q -d PERFORMANCE -i 0 | grep -E 'Brake|Slowdown  '
        HW Slowdown                       : Active
            HW Thermal Slowdown           : Not Active
            HW Power Brake Slowdown       : Active
        SW Thermal Slowdown               : Not Active
        SW Thermal Slowdown               : 0 us
        HW Thermal Slowdown               : 0 us
$ ssh node02 'sudo ipmitool sdr type "Power Supply"'
PS1 Status       | 50h | ok  | 10.1 | Presence detected
PS2 Status       | 51h | cr  | 10.1 | Failure detected
PS3 Status       | 52h | ok  | 10.1 | Presence detected
PS4 Status       | 53h | ok  | 10.1 | Presence detected
PS5 Status       | 54h | ok  | 10.1 | Presence detected
PS6 Status       | 55h | ok  | 10.1 | Presence detected
$ ssh node02 sudo ipmitool sdr type Current
PS1 Input Power  | 58h | ok  | 10.1 | 623 Watts
PS2 Input Power  | 59h | ok  | 10.1 | 622 Watts
PS3 Input Power  | 5Ah | ok  | 10.1 | 628 Watts
PS4 Input Power  | 5Bh | ok  | 10.1 | 620 Watts
PS5 Input Power  | 5Ch | ok  | 10.1 | 620 Watts
PS6 Input Power  | 5Dh | ok  | 10.1 | 621 Watts
$ curl -sk -u admin:admin https://node02-bmc/redfish/v1/Chassis/DGX/Power | grep -B1 -A6 '"PSU2"'
    {
      "Name": "PSU2",
      "PowerInputWatts": 616,
      "PowerCapacityWatts": 3300,
      "Status": {
        "State": "Enabled",
        "Health": "Critical"
      }
$ ssh node03 sudo ipmitool sdr type Current | grep PS4
PS4 Input Power  | 5Bh | ok  | 10.1 | 0 Watts
$ ssh node02 sudo ipmitool mc reset cold
Sent cold reset command to MC
$ ssh node03 sudo ipmitool mc reset cold
Sent cold reset command to MC
$ sleep 90
$ ssh node02 nvidia-smi -q -d PERFORMANCE -i 0 | grep -E 'Brake'
            HW Power Brake Slowdown       : Not Active
$ ssh node02 sudo ipmitool sel elist | tail -2
   4 | 06/08/2026 | 10:45:01 | Power Unit PSU Redundancy | Redundancy Lost | Asserted
   5 | 06/08/2026 | 11:04:25 | Power Supply PS2 Status | Failure detected | Deasserted
$ ssh node03 nvidia-smi -q -d PERFORMANCE -i 0 | grep -E 'Brake'
            HW Power Brake Slowdown       : Active
$ ssh node03 'sudo ipmitool sdr type "Power Supply"' | grep PS4
PS4 Status       | 53h | cr  | 10.1 | Failure detected
$ curl -s -u admin:admin https://node02-bmc/redfish/v1/Systems; echo "exit $?"
exit 60
$ curl -sk -u admin:admin https://node02-bmc/redfish/v1/Systems/DGX/LogServices/SEL/Entries | grep -E 'SensorType|Message'
      "Message": "System ACPI Power State ACPI State: S5/G2: soft-off Asserted",
      "SensorType": "System ACPI PowerState"
      "Message": "System ACPI Power State ACPI State: S0/G0: working Asserted",
      "SensorType": "System ACPI PowerState"
      "Message": "Power Supply PS2 Status: Failure detected Asserted",
      "SensorType": "Power Supply / Converter"
      "Message": "Power Unit PSU Redundancy: Redundancy Lost Asserted",
      "SensorType": "PowerUnit"
      "Message": "Power Supply PS2 Status: Failure detected Deasserted",
      "SensorType": "Power Supply / Converter"
$ sudo ipmitool dcmi power reading

    Instantaneous power reading:                  8215 Watts
    Minimum during sampling period:               8141 Watts
    Maximum during sampling period:               8234 Watts
    Average power reading over sample period:     8197 Watts
    IPMI timestamp:                           Mon Jun  8 11:05:12 2026
    Sampling period:                          00000001 Seconds.
    Power reading state is:                   activated


$ ssh node03 sudo ipmitool dcmi power reading | grep -E "Instantaneous|Average"
    Instantaneous power reading:                  2936 Watts
    Average power reading over sample period:     2935 Watts
$ sudo ipmitool sel time get; date
06/08/2026 11:05:19
Mon Jun  8 11:05:23 UTC 2026
