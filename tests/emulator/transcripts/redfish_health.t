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
$ curl -sk -u admin:admin https://node03-bmc/redfish/v1/Systems/DGX | grep -A22 '"Status"'
  "Status": {
    "State": "Enabled",
    "Health": "Critical",
    "HealthRollup": "Critical",
    "Conditions": [
      {
        "Message": "Memory #0x87: Uncorrectable ECC",
        "Severity": "Critical",
        "Timestamp": "2026-10-02T05:50:00+00:00",
        "LogEntry": {
          "@odata.id": "/redfish/v1/Systems/DGX/LogServices/SEL/Entries/3"
        }
      },
      {
        "Message": "Critical Interrupt #0x86: Bus Fatal Error",
        "Severity": "Critical",
        "Timestamp": "2026-10-02T05:50:00+00:00",
        "LogEntry": {
          "@odata.id": "/redfish/v1/Systems/DGX/LogServices/SEL/Entries/4"
        }
      }
    ]
  },
$ ipmitool -I lanplus -H node03-bmc -U admin -P admin sel elist
   1 | 09/29/2026 | 01:54:53 | System ACPI Power State ACPI State | S5/G2: soft-off | Asserted
   2 | 09/29/2026 | 01:55:28 | System ACPI Power State ACPI State | S0/G0: working | Asserted
   3 | 10/02/2026 | 05:50:00 | Memory #0x87 | Uncorrectable ECC | Asserted | @P2-DIMMB1
   4 | 10/02/2026 | 05:50:00 | Critical Interrupt #0x86 | Bus Fatal Error | Asserted
$ curl -sk -u admin:admin https://node03-bmc/redfish/v1/Systems/DGX/LogServices
{
  "@odata.id": "/redfish/v1/Systems/DGX/LogServices",
  "@odata.type": "#LogServiceCollection.LogServiceCollection",
  "Name": "System Log Services Collection",
  "Members": [
    {
      "@odata.id": "/redfish/v1/Systems/DGX/LogServices/SEL"
    }
  ],
  "Members@odata.count": 1
}
$ curl -sk -u admin:admin https://node03-bmc/redfish/v1/Systems/DGX/LogServices/SEL
{
  "@odata.id": "/redfish/v1/Systems/DGX/LogServices/SEL",
  "@odata.type": "#LogService.v1_2_0.LogService",
  "Id": "SEL",
  "Name": "System Event Log",
  "LogEntryType": "SEL",
  "MaxNumberOfRecords": 24,
  "OverWritePolicy": "WrapsWhenFull",
  "Status": {
    "State": "Enabled",
    "Health": "OK"
  },
  "Entries": {
    "@odata.id": "/redfish/v1/Systems/DGX/LogServices/SEL/Entries"
  }
}
$ curl -sk -u admin:admin https://node03-bmc/redfish/v1/Systems/DGX/LogServices/SEL/Entries/3
{
  "@odata.id": "/redfish/v1/Systems/DGX/LogServices/SEL/Entries/3",
  "@odata.type": "#LogEntry.v1_9_0.LogEntry",
  "Id": "3",
  "EntryType": "SEL",
  "Created": "2026-10-02T05:50:00+00:00",
  "Severity": "Critical",
  "Message": "Memory #0x87: Uncorrectable ECC Asserted @P2-DIMMB1",
  "SensorType": "Memory"
}
$ curl -sk -u admin:admin https://node03-bmc/redfish/v1/Systems/DGX/LogServices/SEL/Entries/9
{
  "error": {
    "code": "Base.1.8.1.ResourceMissingAtURI",
    "message": "The resource at the URI was not found."
  }
}
$ curl -sk -u admin:admin https://node01-bmc/redfish/v1/Systems/DGX | grep -A5 '"Status"'
  "Status": {
    "State": "Enabled",
    "Health": "OK",
    "HealthRollup": "OK",
    "Conditions": []
  },
