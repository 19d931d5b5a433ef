# lab: input-wait
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x H100 per node. You are on node01.

Lab input-wait: Input wait
The vision-language job 51877 (16 ranks on node01 and node02) has slowed down since early
afternoon: its steps take longer, and the GPUs show gaps of low use between steps. Nothing
changed in the job. Find where the training loop waits, follow that wait to what causes it,
and name the cause.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ foo
bash: foo: command not found
$ foo --bar | grep x
bash: foo: command not found
$ ./train.sh
bash: ./train.sh: No such file or directory
$ /usr/bin/hostname
node01
$ echo "unterminated
bash: unexpected EOF while looking for matching `"'
$ echo 'unterminated
bash: unexpected EOF while looking for matching `''
$ echo `hostname`
bash: command substitution (`...`) is not supported in this simulated shell
$ echo $(hostname)
bash: command substitution ($(...)) is not supported in this simulated shell
$ | grep x
bash: syntax error near unexpected token `|'
$ echo a |
bash: syntax error: unexpected end of file
$ echo a ;; echo b
bash: syntax error near unexpected token `;;'
$ echo >
bash: syntax error near unexpected token `newline'
$ && echo x
bash: syntax error near unexpected token `&&'
$ hostname &
bash: background jobs are not supported in this simulated shell; running in the foreground
node01
$ nvidia-smi --bogus
Invalid combination of input arguments. Please run 'nvidia-smi -h' for help.
$ nvidia-smi -q -d NOSUCH
Invalid combination of input arguments. Please run 'nvidia-smi -h' for help.
$ nvidia-smi -i 12
No devices were found
$ dcgmi diag -r 9
Error: Invalid test run level '9': use 1, 2 or 3 (short, medium, long).
$ dcgmi bogus
Error: Invalid subcommand.
Usage: dcgmi diag -r 1|2|3 | dcgmi dmon [-l] [-e FIELD_IDS] [-i GPU_IDS] [-c COUNT] [-d DELAY_MS]
$ sudo ipmitool bogus
Invalid command: bogus
$ ipmitool -I lanplus -H node09-bmc -U admin -P admin chassis power status
Address lookup for node09-bmc failed
Error: Unable to establish IPMI v2 / RMCP+ session
$ dmesg -Z
dmesg: invalid option -- 'Z'
Try 'dmesg --help' for more information.
$ journalctl -Z
journalctl: unrecognized option '-Z'
$ squeue --bogus
squeue: unrecognized option '--bogus'
Try "squeue --help" for more information
$ answer
usage: answer COMPONENT (e.g. answer /scratch metadata latency)
$ lab start nosuch
lab: no lab called 'nosuch'. `lab list` shows the labs.
$ solutions nosuch
solutions: no procedure called 'nosuch'. Topics: gpu nvlink nccl topology storage fabric oob snapshot lab
$ help nosuch
bash: help: no help topics match `nosuch'.  Try `help' for the list of commands.
$ history x
bash: history: x: numeric argument required
history: usage: history [-c] [n]
$ cd /nonexistent
bash: cd: /nonexistent: No such file or directory
$ ls -Z
ls: invalid option -- 'Z'
(this simulated ls knows -1, -a, -d and -l)
Try 'ls --help' for more information.
$ exit abc
bash: exit: abc: numeric argument required
logout
