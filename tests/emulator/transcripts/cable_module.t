# scenario: tests/emulator/fixtures/cable-dac.yaml
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x A100 per node. You are on node01.

No lab is started: `lab list` shows the labs, `lab start ID` opens one.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ mlxlink -d mlx5_0 -m | grep -A22 "Module Info"
Module Info
-----------
Identifier                         : QSFP28
Compliance                         : N/A
Cable Technology                   : Copper cable unequalized
Cable Type                         : Passive copper cable
OUI                                : Mellanox
Vendor Name                        : Mellanox
Vendor Part Number                 : MCP1650-H002E26
Vendor Serial Number               : MT2307VS46912
Rev                                : A2
Wavelength [nm]                    : N/A
Transfer Distance [m]              : 2
Attenuation (5g,7g,12g) [dB]       : 4,6,8
FW Version                         : N/A
Digital Diagnostic Monitoring      : No
Power Class                        : Power Class 1 (1.5W max)
CDR RX                             : N/A
CDR TX                             : N/A
LOS Alarm                          : N/A
Temperature [C]                    : N/A
Voltage [mV]                       : N/A
Bias Current [mA]                  : N/A
