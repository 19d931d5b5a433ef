# scenario: tests/emulator/fixtures/repair_node.yaml
Training Infrastructure Handbook: cluster emulator
Cluster trn: 3 nodes (node01-node03), 8 x H100 per node. You are on node01.

No lab is started: `lab list` shows the labs, `lab start ID` opens one.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ echo $USER
user
$ modprobe -r nvidia_peermem; echo "exit $?"
modprobe: ERROR: could not remove 'nvidia_peermem': Operation not permitted
exit 1
$ rmmod nvidia_peermem
rmmod: ERROR: could not remove module nvidia_peermem: Operation not permitted
$ lsmod | grep -c peermem
3
$ nvidia-smi -pl 600 -i 0; echo "exit $?"
Failed to set power management limit for GPU 00000000:1B:00.0: Insufficient Permissions
Terminating early due to previous errors.
exit 4
$ nvidia-smi -r -i 0,1; echo "exit $?"
The following GPUs could not be reset:
  GPU 00000000:1B:00.0: Insufficient Permissions
  GPU 00000000:43:00.0: Insufficient Permissions
exit 4
$ systemctl restart nvidia-fabricmanager; echo "exit $?"
Failed to restart nvidia-fabricmanager.service: Interactive authentication required.
See system logs and 'systemctl status nvidia-fabricmanager.service' for details.
exit 1
$ setpci -s 3f:00.0 ECAP_ACS+0x6.w
setpci: Capability ECAP_ACS not found
$ setpci -s 3f:00.0 ECAP_ACS+0x6.w=0000
pcilib: Cannot open /sys/bus/pci/devices/0000:3f:00.0/config
setpci: Capability ECAP_ACS not found
$ ipmitool sel info
Could not open device at /dev/ipmi0 or /dev/ipmi/0 or /dev/ipmidev/0: Permission denied
$ ipmitool -I lanplus -H node01-bmc -U admin -P admin chassis power status
Chassis Power is on
$ scontrol update nodename=node02 state=drain reason="bad GPU"; echo "exit $?"
slurm_update error: Invalid user id
exit 1
$ scontrol update nodename=node02 state=drain
You must specify a reason when DOWNING or DRAINING a node. Request denied
$ sudo -x ls
sudo: -x is not supported here: run sudo COMMAND, or sudo -i for a root shell
$ sudo nvidia-smi -pl 600 -i 0
Power limit for GPU 00000000:1B:00.0 was set to 600.00 W from 700.00 W.
All done.
$ ssh node02 sudo rmmod nvidia_peermem; ssh node02 lsmod | grep -c peermem
rmmod: ERROR: Module nvidia_peermem is not currently loaded
0
$ sudo -i
$ echo $USER; nvidia-smi -pl 700 -i 0
root
Power limit for GPU 00000000:1B:00.0 was set to 700.00 W from 600.00 W.
All done.
$ ssh node02 modprobe nvidia_peermem; ssh node02 lsmod | grep -c peermem
3
$ scontrol update nodename=node02 state=drain reason="bad GPU"; sinfo -R
REASON               USER      TIMESTAMP           NODELIST
bad GPU              root      2026-06-09T14:01:00 node02
$ exit
logout
$ echo $USER
user
$ ipmitool sel info | head -1
Could not open device at /dev/ipmi0 or /dev/ipmi/0 or /dev/ipmidev/0: Permission denied
