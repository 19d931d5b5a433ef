# lab: multi-node-slowdown
Training Infrastructure Handbook: cluster emulator
Cluster trn: 4 nodes (node01-node04), 8 x H100 per node. You are on node01.

Lab multi-node-slowdown: Multi-node slowdown
The 13B pre-training job 50102 runs on node01-node04 (32 ranks). A single-node test run was
as fast as ever, but on four nodes the steps are slower than the same job ran last month,
and the all-grads-sync timer in the step log has about doubled. Find what slows
communication between nodes and name the component.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ hostname
node01
$ ssh node02 hostname
node02
$ ssh node02 'tail -n 1 train.log | wc -l'
1
$ export MARK=node01-only
$ ssh node02
$ hostname
node02
$ echo "[$MARK]"
[]
$ ssh node01 hostname
node01
$ exit
logout
Connection to node02 closed.
$ hostname
node01
$ echo "[$MARK]"
[node01-only]
$ ssh node99
ssh: Could not resolve hostname node99: Name or service not known
$ ssh nodeXX squeue
ssh: Could not resolve hostname nodeXX: Name or service not known
$ ssh user@node02 hostname
node02
$ ssh
usage: ssh [-46AaCfGgKkMNnqsTtVvXxYy] [-B bind_interface] [-b bind_address]
           [-c cipher_spec] [-D [bind_address:]port] [-E log_file]
           [-e escape_char] [-F configfile] [-I pkcs11] [-i identity_file]
           [-J destination] [-L address] [-l login_name] [-m mac_spec]
           [-O ctl_cmd] [-o option] [-p port] [-Q query_option] [-R address]
           [-S ctl_path] [-W host:port] [-w local_tun[:remote_tun]]
           destination [command [argument ...]]
$ ssh -Z node02
unknown option -- Z
usage: ssh [-46AaCfGgKkMNnqsTtVvXxYy] [-B bind_interface] [-b bind_address]
           [-c cipher_spec] [-D [bind_address:]port] [-E log_file]
           [-e escape_char] [-F configfile] [-I pkcs11] [-i identity_file]
           [-J destination] [-L address] [-l login_name] [-m mac_spec]
           [-O ctl_cmd] [-o option] [-p port] [-Q query_option] [-R address]
           [-S ctl_path] [-W host:port] [-w local_tun[:remote_tun]]
           destination [command [argument ...]]
$ ssh node02 exit 3
$ echo $?
3
$ ssh node02 nosuchtool
bash: nosuchtool: command not found
$ for n in node0{1..4}; do echo "== $n"; ssh $n ibstat | grep -c 'Rate: 400'; done
== node01
8
== node02
8
== node03
7
== node04
8
$ for n in node01 node03; do ssh $n 'ibstat | grep -B 10 "Rate: 200" | head -1'; done
CA 'mlx5_4'
$ for n in node01 node02; do ssh $n hostname; done | sort -r
node02
node01
$ for n in a b; do echo $n
bash: syntax error: unexpected end of file
$ while true; do hostname; done
bash: while: only `for NAME in WORDS; do ...; done` loops are supported in this simulated shell
