# lab: slower-on-some-nodes
Training Infrastructure Handbook: cluster emulator
Cluster trn: 8 nodes (node01-node08), 8 x H100 per node. You are on node01.

Lab slower-on-some-nodes: Slower on some nodes
The 7B job 61017 (32 ranks on node01, node02, node03 and node07) steps in about 600 ms. The
same job with the same settings ran at about 530 ms last week on node01, node02, node05 and
node06. Nothing failed, every port is up and no error counter moves. Find why this allocation
is slower and name the component responsible. node04, node05, node06 and node08 are idle and
free for tests.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ ibtracert -x 4200 4203
ibtracert: invalid option -- 'x'
Usage: ibtracert [options] <src-addr> <dest-addr>

Trace path between nodes

Options:
  --no_info, -n          simple format
  --mlid, -m <mlid>      multicast trace of the mlid
  --node-name-map <file> node name map file
  --Ca, -C <ca>          Ca name to use
  --Port, -P <port>      Ca port number to use
  --Lid, -L              use LID address argument
  --Guid, -G             use GUID address argument
  --timeout, -t <ms>     timeout in ms
  --sm_port, -s <lid>    SM port lid
  --errors, -e           show send and receive errors
  --verbose, -v          increase verbosity level
  --debug, -d            raise debug level
  --help, -h             help message
  --version, -V          show version

Examples:
  ibtracert 2 23         # show the path from lid 2 to lid 23
$ echo $?
2
$ ibtracert --hops 4200 4203
ibtracert: unrecognized option '--hops'
Usage: ibtracert [options] <src-addr> <dest-addr>

Trace path between nodes

Options:
  --no_info, -n          simple format
  --mlid, -m <mlid>      multicast trace of the mlid
  --node-name-map <file> node name map file
  --Ca, -C <ca>          Ca name to use
  --Port, -P <port>      Ca port number to use
  --Lid, -L              use LID address argument
  --Guid, -G             use GUID address argument
  --timeout, -t <ms>     timeout in ms
  --sm_port, -s <lid>    SM port lid
  --errors, -e           show send and receive errors
  --verbose, -v          increase verbosity level
  --debug, -d            raise debug level
  --help, -h             help message
  --version, -V          show version

Examples:
  ibtracert 2 23         # show the path from lid 2 to lid 23
$ ibtracert -m 0xc000 4200 4203
ibtracert: -m (a multicast group's path): not simulated; the fabric model holds no multicast groups. ibtracert SLID DLID traces a unicast route.
$ ibtracert -C
ibtracert: option requires an argument -- 'C'
Usage: ibtracert [options] <src-addr> <dest-addr>

Trace path between nodes

Options:
  --no_info, -n          simple format
  --mlid, -m <mlid>      multicast trace of the mlid
  --node-name-map <file> node name map file
  --Ca, -C <ca>          Ca name to use
  --Port, -P <port>      Ca port number to use
  --Lid, -L              use LID address argument
  --Guid, -G             use GUID address argument
  --timeout, -t <ms>     timeout in ms
  --sm_port, -s <lid>    SM port lid
  --errors, -e           show send and receive errors
  --verbose, -v          increase verbosity level
  --debug, -d            raise debug level
  --help, -h             help message
  --version, -V          show version

Examples:
  ibtracert 2 23         # show the path from lid 2 to lid 23
$ ibtracert -n -C mlx5_0 -P 1 4200 4201 | head -n 2
ibwarn: [4200] find_route: can't find a route from src lid 4200 to dlid 4201
ibtracert: iberror: failed: can't find a route from src lid 4200 to dlid 4201
