# scenario: tests/emulator/fixtures/repair_fm.yaml
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x H100 per node. You are on node01.

No lab is started: `lab list` shows the labs, `lab start ID` opens one.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ tail -n 3 train.log
[2026-06-11 06:31:00] [rank0]: torch.distributed.DistBackendError: NCCL error in: ProcessGroupNCCL.cpp:1970, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5
[2026-06-11 06:31:00] [rank0]: Last error:
[2026-06-11 06:31:00] [rank0]: Cuda failure 'system not yet initialized' (on node01)
$ systemctl status nvidia-fabricmanager | head -3
× nvidia-fabricmanager.service - NVIDIA fabric manager service
     Loaded: loaded (/lib/systemd/system/nvidia-fabricmanager.service; enabled; vendor preset: enabled)
     Active: failed (Result: exit-code) since Mon 2026-06-08 01:58:49 UTC; 3 days ago
$ sudo systemctl restart nvidia-fabricmanager
$ systemctl status nvidia-fabricmanager | head -4
● nvidia-fabricmanager.service - NVIDIA fabric manager service
     Loaded: loaded (/lib/systemd/system/nvidia-fabricmanager.service; enabled; vendor preset: enabled)
     Active: active (running) since Thu 2026-06-11 09:30:07 UTC; 3s ago
   Main PID: 990110 (nv-fabricmanager)
$ sudo systemctl restart nvidia-dcgm
$ systemctl is-active nvidia-dcgm
active
$ sbatch train.sbatch
Submitted batch job 70001
$ sleep 240
$ tail -n 1 train.log | cut -c1-120
    optimizer ......................................: (24.96, 25.00)
