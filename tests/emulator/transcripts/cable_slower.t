# scenario: tests/emulator/fixtures/cable-hdr-in-ndr.yaml
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x H100 per node. You are on node01.

No lab is started: `lab list` shows the labs, `lab start ID` opens one.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ ibstat mlx5_0 | grep -E "State|Rate"
		State: Active
		Rate: 200
$ mlxlink -d mlx5_0 | grep -E "Speed|Width|Recommendation"
Speed                              : IB-HDR
Width                              : 4x
Enabled Link Speed                 : 0x000000f8 (NDR,HDR,EDR,FDR,QDR)
Supported Cable Speed              : 0x00000078 (HDR,EDR,FDR,QDR)
Recommendation                     : No issue was observed
$ mlxlink -d mlx5_0 -m | grep -E "Cable Type|Part Number"
Cable Type                         : Active cable (active copper / optics)
Vendor Part Number                 : MFS1S00-H010V
$ iblinkinfo | head -4
Switch: 0x94c766a0d18baf09 r0-leaf01:
        1000    1[  ] ==( 4X        53.125 Gbps Active/  LinkUp)==>     100    1[  ] "node01 mlx5_0" ( )
        1000    2[  ] ==( 4X        53.125 Gbps Active/  LinkUp)==>     116    1[  ] "node02 mlx5_0" ( )
        1000   33[  ] ==( 4X        106.25 Gbps Active/  LinkUp)==>    2000    1[  ] "spine01" ( )
$ ib_write_bw -d mlx5_0 --report_gbits node02 | tail -2
 65536      5000             196.49             196.10		   0.374029
---------------------------------------------------------------------------------------
$ ibdiagnet | grep -E "Links Speed|Unexpected"
-I- Links Speed Check finished successfully
$ iblinkinfo | grep -c "Could be"
0
