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
$ curl -s -k -u admin:admin https://node03-bmc/redfish/v1/Chassis
{
  "@odata.id": "/redfish/v1/Chassis",
  "Members": [
    {
      "@odata.id": "/redfish/v1/Chassis/DGX"
    }
  ],
  "Members@odata.count": 1
}
$ curl -s -k -u admin:admin https://node03-bmc/redfish/v1/Chassis/DGX
{
  "@odata.id": "/redfish/v1/Chassis/DGX",
  "@odata.type": "#Chassis.v1_21_0.Chassis",
  "Id": "DGX",
  "Name": "DGX Chassis",
  "ChassisType": "RackMount",
  "Manufacturer": "NVIDIA",
  "Model": "DGX H100",
  "PowerState": "On",
  "Status": {
    "State": "Enabled",
    "Health": "Critical"
  },
  "Power": {
    "@odata.id": "/redfish/v1/Chassis/DGX/Power"
  },
  "PowerSubsystem": {
    "@odata.id": "/redfish/v1/Chassis/DGX/PowerSubsystem"
  },
  "Thermal": {
    "@odata.id": "/redfish/v1/Chassis/DGX/Thermal"
  },
  "Links": {
    "ComputerSystems": [
      {
        "@odata.id": "/redfish/v1/Systems/DGX"
      }
    ],
    "ManagedBy": [
      {
        "@odata.id": "/redfish/v1/Managers/BMC"
      }
    ]
  }
}
$ curl -s -k -u admin:admin https://node03-bmc/redfish/v1/Chassis/DGX/PowerSubsystem
{
  "@odata.id": "/redfish/v1/Chassis/DGX/PowerSubsystem",
  "@odata.type": "#PowerSubsystem.v1_1_0.PowerSubsystem",
  "Id": "PowerSubsystem",
  "Name": "Power Subsystem",
  "CapacityWatts": 19800,
  "Status": {
    "State": "Enabled",
    "Health": "OK"
  },
  "PowerSupplies": {
    "@odata.id": "/redfish/v1/Chassis/DGX/PowerSubsystem/PowerSupplies"
  }
}
$ curl -s -k -u admin:admin https://node03-bmc/redfish/v1/Chassis/DGX/PowerSubsystem/PowerSupplies | jq -r '.Members[]."@odata.id"'
/redfish/v1/Chassis/DGX/PowerSubsystem/PowerSupplies/PSU1
/redfish/v1/Chassis/DGX/PowerSubsystem/PowerSupplies/PSU2
/redfish/v1/Chassis/DGX/PowerSubsystem/PowerSupplies/PSU3
/redfish/v1/Chassis/DGX/PowerSubsystem/PowerSupplies/PSU4
/redfish/v1/Chassis/DGX/PowerSubsystem/PowerSupplies/PSU5
/redfish/v1/Chassis/DGX/PowerSubsystem/PowerSupplies/PSU6
$ curl -s -k -u admin:admin https://node03-bmc/redfish/v1/Chassis/DGX/PowerSubsystem/PowerSupplies/PSU1
{
  "@odata.id": "/redfish/v1/Chassis/DGX/PowerSubsystem/PowerSupplies/PSU1",
  "@odata.type": "#PowerSupply.v1_5_0.PowerSupply",
  "Id": "PSU1",
  "Name": "PSU1",
  "PowerSupplyType": "AC",
  "PowerCapacityWatts": 3300,
  "Status": {
    "State": "Enabled",
    "Health": "OK"
  }
}
