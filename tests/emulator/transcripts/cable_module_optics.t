# lab: after-maintenance
Training Infrastructure Handbook: cluster emulator
Cluster trn: 4 nodes (node01-node04), 8 x A100 per node. You are on node01.

Lab after-maintenance: After maintenance
Since last week's maintenance of the rack (cables re-routed, nodes rebooted), the 6.7B
pre-training job 71230 on node01-node04 (32 ranks) takes about 1.47 s a step instead of
1.34 s, and its all-grads-sync timer has doubled. Every node passes its single-node tests.
The fabric team will fix it, but they want one port: which node and HCA, what is wrong
with it, and where its cable goes on the switch. Find it and name it.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ ssh node02 mlxlink -d mlx5_8 -m

Operational Info
----------------
State                              : Active
Physical state                     : LinkUp
Speed                              : IB-HDR
Width                              : 2x
FEC                                : Standard LL RS-FEC - RS(271,257)
Loopback Mode                      : No Loopback
Auto Negotiation                   : ON

Supported Info
--------------
Enabled Link Speed                 : 0x00000078 (HDR,EDR,FDR,QDR)
Supported Cable Speed              : 0x00000078 (HDR,EDR,FDR,QDR)

Troubleshooting Info
--------------------
Status Opcode                      : 4
Group Opcode                       : N/A
Recommendation                     : Width below the cable's lanes: a lane did not come up; check the cable and module, then reset the port

Module Info
-----------
Identifier                         : QSFP28
Compliance                         : N/A
Cable Technology                   : 850 nm VCSEL
Cable Type                         : Active cable (active copper / optics)
OUI                                : Mellanox
Vendor Name                        : Mellanox
Vendor Part Number                 : MFS1S00-H010V
Vendor Serial Number               : MT2295FT34465
Rev                                : A3
Wavelength [nm]                    : 850
Transfer Distance [m]              : 10
Attenuation (5g,7g,12g) [dB]       : N/A
FW Version                         : 40.126.310
Digital Diagnostic Monitoring      : Yes
Power Class                        : Power Class 4 (3.5W max)
CDR RX                             : ON,ON,ON,ON
CDR TX                             : ON,ON,ON,ON
LOS Alarm                          : N/A
Temperature [C]                    : 44 [-5..75]
Voltage [mV]                       : 3292.1 [2970..3630]
Bias Current [mA]                  : 7.419,7.984,7.574,8.133 [2..15]
Rx Power Current [dBm]             : 0.125,-0.105,-40,-40 [-10.4..4]
Tx Power Current [dBm]             : 1.342,1.06,0.686,0.65 [-8.4..4]
$ ssh node04 mlxlink -d mlx5_2 -m | grep -E "Part|Rx Power|Tx Power|Temperature"
Vendor Part Number                 : MFS1S00-H010V
Temperature [C]                    : 46 [-5..75]
Rx Power Current [dBm]             : -0.332,-4.834,1.075,-0.384 [-10.4..4]
Tx Power Current [dBm]             : 0.876,1.337,1.124,0.813 [-8.4..4]
$ mlxlink -d mlx5_0 -m | grep -E "Part|Distance|Rx Power"
Vendor Part Number                 : MFS1S00-H010V
Transfer Distance [m]              : 10
Rx Power Current [dBm]             : 0.021,0.436,0.002,-0.23 [-10.4..4]
