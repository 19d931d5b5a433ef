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
$ sudo scontrol update nodename=node02 state=dra reason=test; echo "exit $?"
exit 0
$ sinfo -N
NODELIST   NODES PARTITION STATE 
node01         1     train alloc 
node02         1     train drng  
$ sudo scontrol update NodeName=node02 State=Res; echo "exit $?"
exit 0
$ sudo scontrol update node=node02 s=DoW r=x; echo "exit $?"
exit 0
$ sinfo -N
NODELIST   NODES PARTITION STATE 
node01         1     train alloc 
node02         1     train down  
$ sudo scontrol update nod=node02 state=res; echo "exit $?"
exit 0
$ sudo scontrol update no=node02 state=res; echo "exit $?"
No valid entity in update command
Input line must include "NodeName", "PartitionName", "Reservation", "JobId", or "SlurmctldDebug"
exit 1
$ sudo scontrol update nodename=node02 state=dr reason=x; echo "exit $?"
Invalid input: state=dr
Request aborted
Valid states are: NoResp DRAIN FAIL FUTURE RESUME POWER_DOWN POWER_UP UNDRAIN
Not all states are valid given a node's prior state
exit 1
$ sudo scontrol update nodename=node02 state=mixed; echo "exit $?"
slurm_update error: Invalid node state specified
exit 1
$ sudo scontrol update nodename=node01 state=idle; echo "exit $?"
slurm_update error: Invalid node state specified
exit 1
$ sudo scontrol update nodename=node01 state=alloc; echo "exit $?"
exit 0
$ sudo scontrol update nodename=node01 state=fail reason=x; echo "exit $?"
scontrol: State=FAIL is not simulated here (DRAIN, DOWN, RESUME, UNDRAIN and IDLE are)
exit 1
$ sudo scontrol update nodename=node01; echo "exit $?"
No changes specified
exit 1
$ sudo scontrol update nodename=node01 weight=3; echo "exit $?"
Update of this parameter is not supported: weight=3
Request aborted
exit 1
$ sudo scontrol update nodename=node01 drain; echo "exit $?"
scontrol: error: Invalid input: drain  Request aborted
exit 1
$ sudo scontrol update nodename=node01 reason=hello; scontrol show node node01 | grep Reason
   Reason=hello [root]
