# scenario: tests/emulator/fixtures/bmc_credentials.yaml
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x H100 per node. You are on node01.

No lab is started: `lab list` shows the labs, `lab start ID` opens one.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ ipmitool -I lanplus -H node02-bmc -U admin -P admin chassis power status; echo "exit $?"
Error: Unable to establish IPMI v2 / RMCP+ session
exit 1
$ ipmitool -I lanplus -H node02-bmc -U ops -P rack-42 chassis power status; echo "exit $?"
Error: Unable to establish IPMI v2 / RMCP+ session
exit 1
$ ipmitool -I lanplus -H node02-bmc -P Rack-42 chassis power status; echo "exit $?"
Error: Unable to establish IPMI v2 / RMCP+ session
exit 1
$ ipmitool -I lanplus -H node02-bmc -U ops -P Rack-42 chassis power status; echo "exit $?"
Chassis Power is on
exit 0
$ ipmitool -I lanplus -H node02-bmc -U ops -E chassis power status; echo "exit $?"
Unable to read password from environment
exit 1
$ IPMI_PASSWORD=Rack-42 ipmitool -I lanplus -H node02-bmc -U ops -E chassis power status; echo "exit $?"
Chassis Power is on
exit 0
$ curl -sk -u admin:admin https://node02-bmc/redfish/v1/Systems/DGX | head -3
{
  "error": {
    "code": "Base.1.8.1.ResourceAtUriUnauthorized",
$ curl -sk -u ops:Rack-42 https://node02-bmc/redfish/v1/Systems/DGX | grep '"PowerState"'
  "PowerState": "On",
$ curl -sk -u admin:admin -X POST -d '{"ResetType": "ForceRestart"}' https://node02-bmc/redfish/v1/Systems/DGX/Actions/ComputerSystem.Reset
{
  "error": {
    "code": "Base.1.8.1.InsufficientPrivilege",
    "message": "There are insufficient privileges for the account or credentials associated with the current session to perform the requested operation."
  }
}
