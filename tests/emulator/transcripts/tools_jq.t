# scenario: tests/emulator/fixtures/bmc.yaml
Training Infrastructure Handbook: cluster emulator
Cluster trn: 3 nodes (node01-node03), 8 x H100 per node. You are on node01.

No lab is started: `lab list` shows the labs, `lab start ID` opens one.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ curl -sk -u admin:admin https://node02-bmc/redfish/v1/Systems/DGX | jq -r '.PowerState, .Status.Health'
On
Critical
$ curl -sk -u admin:admin https://node02-bmc/redfish/v1/Systems/DGX | jq '.Status'
{
  "State": "Enabled",
  "Health": "Critical",
  "HealthRollup": "Critical",
  "Conditions": [
    {
      "Message": "Power Supply PS2 Status: Failure detected",
      "Severity": "Critical",
      "Timestamp": "2026-06-08T10:45:00+00:00",
      "LogEntry": {
        "@odata.id": "/redfish/v1/Systems/DGX/LogServices/SEL/Entries/3"
      }
    },
    {
      "Message": "Power Unit PSU Redundancy: Redundancy Lost",
      "Severity": "Critical",
      "Timestamp": "2026-06-08T10:45:01+00:00",
      "LogEntry": {
        "@odata.id": "/redfish/v1/Systems/DGX/LogServices/SEL/Entries/4"
      }
    }
  ]
}
$ curl -sk -u admin:admin https://node02-bmc/redfish/v1/Chassis/DGX/Power | jq -r '.PowerSupplies[] | select(.Status.Health != "OK") | "\(.Name) \(.Status.Health) \(.PowerInputWatts) W"'
PSU2 Critical 626 W
$ curl -sk -u admin:admin https://node02-bmc/redfish/v1/Chassis/DGX/Power | jq -c '[.PowerSupplies[].PowerInputWatts] | add, max'
3731
625
$ curl -sk -u admin:admin https://node02-bmc/redfish/v1/Chassis/DGX/Thermal | jq -r '.Temperatures[] | [.Name, .ReadingCelsius] | @tsv' | head -4
Inlet Temp	21
Exhaust Temp	45
CPU1 Temp	48
CPU2 Temp	45
$ curl -sk -u admin:admin https://node03-bmc/redfish/v1/Systems/DGX/LogServices/SEL/Entries | jq -c '.Members[] | select(.Severity != "OK") | {Created, Message}'
{"Created":"2026-06-08T10:45:00+00:00","Message":"Power Supply PS4 Status: Failure detected Asserted"}
{"Created":"2026-06-08T10:45:01+00:00","Message":"Power Unit PSU Redundancy: Redundancy Lost Asserted"}
$ curl -sk -u admin:admin https://node03-bmc/redfish/v1/Systems/DGX/LogServices/SEL/Entries | jq '.Members | length'
4
$ echo '{"a": [1, 2.5, "x"]}' | jq -c '.a[1:], (.a | map(type))'
[2.5,"x"]
["number","number","string"]
$ echo '{"a": 1}' | jq '.a.b'; echo "exit $?"
jq: error (at <stdin>:1): Cannot index number with string "b"
exit 5
$ echo '{"a": 1' | jq .; echo "exit $?"
parse error: Unfinished JSON term at line 2, column 0
exit 4
$ echo '{}' | jq '.['; echo "exit $?"
jq: error: syntax error, unexpected end of file at <top-level>, line 1:
.[
jq: 1 compile error
exit 3
$ echo '[3, 1, 2]' | jq -e 'sort | .[0] == 1'; echo "exit $?"
true
exit 0
$ jq
Usage:	jq [OPTIONS] FILTER [FILES...]

	jq is a tool for processing JSON inputs, applying the given filter to
	its JSON text inputs and producing the filter's results as JSON on
	standard output.

Some of the options include:
  -c               compact instead of pretty-printed output;
  -n               use `null` as the single input value;
  -e               set the exit status code based on the output;
  -s               read (slurp) all inputs into an array; apply filter to it;
  -r               output raw strings, not JSON texts;
  -j               like -r, without a newline after each output;
  --arg a v        set variable $a to value <v>;
$ help jq
jq: filter JSON (curl's Redfish answers): a subset of jq 1.6
usage: jq [-rcnsej] [--arg NAME VALUE] FILTER [FILE]
  . .a.b .[0] .[] .[1:3] .. | , ? // select() map() keys length has() to_entries add
  sort_by() min max unique first last join() split() if-then-else "\(.a)" @csv @tsv
