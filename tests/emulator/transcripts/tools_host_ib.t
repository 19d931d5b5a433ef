# scenario: tests/emulator/fixtures/net_faults.yaml
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x H100 per node. You are on node01.

No lab is started: `lab list` shows the labs, `lab start ID` opens one.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ uname -a
Linux node01 6.8.0-60-generic #60-Ubuntu SMP PREEMPT_DYNAMIC x86_64 x86_64 x86_64 GNU/Linux
$ uname -r; uname -s -n
6.8.0-60-generic
Linux node01
$ uname --kernel-release
6.8.0-60-generic
$ uname -q
uname: invalid option -- 'q'
Try 'uname --help' for more information.
$ ibportstate -D 0 1 | head -4
CA/RT PortInfo:
# Port info: DR path slid 0; dlid 0; 0 port 1
LinkState:.......................Active
PhysLinkState:...................LinkUp
$ ibportstate -C mlx5_3 -D 0 1 | grep -E 'Lid|Width|SpeedExtActive'
Lid:.............................101
SMLid:...........................1
LinkWidthSupported:..............1X or 4X or 2X
LinkWidthEnabled:................1X or 4X or 2X
LinkWidthActive:.................4X
LinkSpeedExtActive:..............106.25 Gbps
$ ibstat mlx5_3 | grep 'Base lid'
		Base lid: 101
$ ssh node02 ibportstate -C mlx5_9 -D 0 1 | grep -E 'State|WidthActive'
LinkState:.......................Down
PhysLinkState:...................Polling
LinkWidthActive:.................1X
$ iblinkinfo | head -3
Switch: 0x499695b0d5625cd1 r0-leaf01:
        1000    1[  ] ==( 4X        106.25 Gbps Active/  LinkUp)==>     100    1[  ] "node01 mlx5_0" ( )
        1000    2[  ] ==( 4X        106.25 Gbps Active/  LinkUp)==>     116    1[  ] "node02 mlx5_0" ( )
$ ibportstate 1000 1 | head -9
Switch PortInfo:
# Port info: Lid 1000 port 1
LinkState:.......................Active
PhysLinkState:...................LinkUp
Lid:.............................0
SMLid:...........................0
LMC:.............................0
LinkWidthSupported:..............1X or 4X or 2X
LinkWidthEnabled:................1X or 4X or 2X
$ ibportstate 1000 99
ibportstate: iberror: failed: smp query portinfo failed
$ ibportstate 4242 1
ibwarn: [4013] mad_rpc: _do_madrpc failed; dport (Lid 4242)
ibportstate: iberror: failed: smp query nodeinfo failed
$ ibportstate -D 0 1 reset
ibportstate: reset is not simulated here: only query
$ ibportstate
Usage: ibportstate [options] <dest dr_path|lid|guid> <portnum> [<op>]
  query (the default) prints the port's PortInfo; -C CA -P PORT pick the local port,
  -D reads DEST as a directed route (0: this node's own port)
$ nvidia-smi nvlink -R -i 3 | head -8
GPU 3: NVIDIA H100 80GB HBM3 (UUID: GPU-cb778893-616a-6db0-1708-22aaad1e8d15)
	 Link 0: Remote Device 00000008:00:00.0: Link 15
	 Link 1: Remote Device 00000008:00:00.0: Link 16
	 Link 2: Remote Device 00000008:00:00.0: Link 17
	 Link 3: Remote Device 00000008:00:00.0: Link 18
	 Link 4: Remote Device 00000008:00:00.0: Link 19
	 Link 5: <inactive>
	 Link 6: Remote Device 00000009:00:00.0: Link 13
$ nvidia-smi nvlink -p -i 0 -l 17
GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-5485fcd8-2a68-c247-d862-a92eda10971e)
	 Link 17: 0000000B:00:00.0
$ nvidia-smi nvlink -h | grep -E 'pcibusid|remotelinkinfo'
    [-p | --pcibusid]: Display remote node PCI bus ID for a link.
    [-R | --remotelinkinfo]: Display remote device PCI bus ID and NvLink ID for a link.
