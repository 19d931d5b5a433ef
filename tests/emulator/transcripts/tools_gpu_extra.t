# lab: late-rank
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x H100 per node. You are on node01.

Lab late-rank: Late rank
The pre-training job 48213 on node01 and node02 (16 ranks, data parallel) has become slower:
steps take far longer than the 1.8 s they took last week, and no node has failed. Find which
rank holds the others back and what on its node makes it slow, then name the component.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ ssh node02 sudo ipmitool sdr type Temperature
Inlet Temp       | 05h | ok  |  7.1 | 23 degrees C
Exhaust Temp     | 06h | ok  |  7.1 | 47 degrees C
CPU1 Temp        | 07h | ok  |  7.1 | 48 degrees C
CPU2 Temp        | 08h | ok  |  7.1 | 46 degrees C
GPU0 Temp        | 09h | ok  |  7.1 | 60 degrees C
GPU1 Temp        | 0Ah | ok  |  7.1 | 60 degrees C
GPU2 Temp        | 0Bh | ok  |  7.1 | 61 degrees C
GPU3 Temp        | 0Ch | ok  |  7.1 | 59 degrees C
GPU4 Temp        | 0Dh | ok  |  7.1 | 59 degrees C
GPU5 Temp        | 0Eh | cr  |  7.1 | 90 degrees C
GPU6 Temp        | 0Fh | ok  |  7.1 | 59 degrees C
GPU7 Temp        | 10h | ok  |  7.1 | 62 degrees C
$ ipmitool -I lanplus -H node02-bmc -U admin -P admin sensor
Inlet Temp       | 23.000     | degrees C  | ok    | na        | na        | na        | 38.000    | 42.000    | na       
Exhaust Temp     | 47.000     | degrees C  | ok    | na        | na        | na        | 70.000    | 75.000    | na       
CPU1 Temp        | 50.000     | degrees C  | ok    | na        | na        | na        | 90.000    | 95.000    | na       
CPU2 Temp        | 46.000     | degrees C  | ok    | na        | na        | na        | 90.000    | 95.000    | na       
GPU0 Temp        | 60.000     | degrees C  | ok    | na        | na        | na        | 85.000    | 87.000    | na       
GPU1 Temp        | 60.000     | degrees C  | ok    | na        | na        | na        | 85.000    | 87.000    | na       
GPU2 Temp        | 60.000     | degrees C  | ok    | na        | na        | na        | 85.000    | 87.000    | na       
GPU3 Temp        | 58.000     | degrees C  | ok    | na        | na        | na        | 85.000    | 87.000    | na       
GPU4 Temp        | 59.000     | degrees C  | ok    | na        | na        | na        | 85.000    | 87.000    | na       
GPU5 Temp        | 90.000     | degrees C  | cr    | na        | na        | na        | 85.000    | 87.000    | na       
GPU6 Temp        | 59.000     | degrees C  | ok    | na        | na        | na        | 85.000    | 87.000    | na       
GPU7 Temp        | 62.000     | degrees C  | ok    | na        | na        | na        | 85.000    | 87.000    | na       
FAN1             | 9954.000   | RPM        | ok    | na        | na        | na        | na        | na        | na       
FAN2             | 9591.000   | RPM        | ok    | na        | na        | na        | na        | na        | na       
FAN3             | 9621.000   | RPM        | ok    | na        | na        | na        | na        | na        | na       
FAN4             | 9940.000   | RPM        | ok    | na        | na        | na        | na        | na        | na       
FAN5             | 9731.000   | RPM        | ok    | na        | na        | na        | na        | na        | na       
FAN6             | 9844.000   | RPM        | ok    | na        | na        | na        | na        | na        | na       
PS1 Status       | 0x0180     | discrete   | ok    | na        | na        | na        | na        | na        | na       
PS1 Input Power  | 1302.000   | Watts      | ok    | na        | na        | na        | 3300.000  | 3600.000  | na       
PS2 Status       | 0x0180     | discrete   | ok    | na        | na        | na        | na        | na        | na       
PS2 Input Power  | 1279.000   | Watts      | ok    | na        | na        | na        | 3300.000  | 3600.000  | na       
PS3 Status       | 0x0180     | discrete   | ok    | na        | na        | na        | na        | na        | na       
PS3 Input Power  | 1302.000   | Watts      | ok    | na        | na        | na        | 3300.000  | 3600.000  | na       
PS4 Status       | 0x0180     | discrete   | ok    | na        | na        | na        | na        | na        | na       
PS4 Input Power  | 1302.000   | Watts      | ok    | na        | na        | na        | 3300.000  | 3600.000  | na       
PS5 Status       | 0x0180     | discrete   | ok    | na        | na        | na        | na        | na        | na       
PS5 Input Power  | 1287.000   | Watts      | ok    | na        | na        | na        | 3300.000  | 3600.000  | na       
PS6 Status       | 0x0180     | discrete   | ok    | na        | na        | na        | na        | na        | na       
PS6 Input Power  | 1296.000   | Watts      | ok    | na        | na        | na        | 3300.000  | 3600.000  | na       
$ sudo ipmitool sdr type "Power Supply"
PS1 Status       | 50h | ok  | 10.1 | Presence detected
PS2 Status       | 51h | ok  | 10.1 | Presence detected
PS3 Status       | 52h | ok  | 10.1 | Presence detected
PS4 Status       | 53h | ok  | 10.1 | Presence detected
PS5 Status       | 54h | ok  | 10.1 | Presence detected
PS6 Status       | 55h | ok  | 10.1 | Presence detected
$ sudo ipmitool sdr type bogus
Invalid sensor type: bogus
$ ssh node02 systemctl status nvidia-fabricmanager
● nvidia-fabricmanager.service - NVIDIA fabric manager service
     Loaded: loaded (/lib/systemd/system/nvidia-fabricmanager.service; enabled; vendor preset: enabled)
     Active: active (running) since Sun 2026-03-08 06:58:00 UTC; 6 days ago
   Main PID: 1560 (nv-fabricmanager)
$ systemctl is-active nvidia-dcgm slurmd
active
active
$ systemctl status nosuch
Unit nosuch.service could not be found.
$ systemctl
usage: systemctl status|is-active|start|stop|restart UNIT
$ journalctl -k --since "3 days ago" | tail -2
-- Logs begin at Mon 2026-03-09 16:22:22 UTC. --
-- No entries --
$ journalctl -k --since bogus
Failed to parse timestamp: bogus
$ dmesg -l err,warn
[    9.400000] nvidia: loading out-of-tree module taints kernel.
$ dmesg -l nosuch
dmesg: unknown level 'nosuch'
$ ssh node02 nvidia-smi -q -d PERFORMANCE -i 5

==============NVSMI LOG==============

Timestamp                                 : Sat Mar 14 09:00:52 2026
Driver Version                            : 570.133.20
CUDA Version                              : 12.8

Attached GPUs                             : 8
GPU 00000000:C3:00.0
    Performance State                     : P0
    Clocks Event Reasons
        Idle                              : Not Active
        Applications Clocks Setting       : Not Active
        SW Power Cap                      : Not Active
        HW Slowdown                       : Active
            HW Thermal Slowdown           : Active
            HW Power Brake Slowdown       : Not Active
        Sync Boost                        : Not Active
        SW Thermal Slowdown               : Active
        Display Clock Setting             : Not Active
    Clocks Event Reasons Counters
        SW Power Capping                  : 0 us
        Sync Boost                        : 0 us
        SW Thermal Slowdown               : 5452918914 us
        HW Thermal Slowdown               : 5452918914 us
        HW Power Braking                  : 0 us

$ nvidia-smi --query-gpu=timestamp,index,clocks.sm --format=csv,noheader -i 0 -l 5
2026/03/14 09:00:57.624, 0, 1980 MHz
2026/03/14 09:01:02.353, 0, 1980 MHz
2026/03/14 09:01:07.087, 0, 1950 MHz
2026/03/14 09:01:12.520, 0, 1980 MHz
2026/03/14 09:01:17.160, 0, 1980 MHz
$ nvidia-smi -L
GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-5485fcd8-2a68-c247-d862-a92eda10971e)
GPU 1: NVIDIA H100 80GB HBM3 (UUID: GPU-81dd80f6-bd12-a966-1b00-4111a3ce205f)
GPU 2: NVIDIA H100 80GB HBM3 (UUID: GPU-8919bb72-1a34-61a8-85eb-c18ef42b6241)
GPU 3: NVIDIA H100 80GB HBM3 (UUID: GPU-cb778893-616a-6db0-1708-22aaad1e8d15)
GPU 4: NVIDIA H100 80GB HBM3 (UUID: GPU-525d66cf-f549-8389-c664-61b725bc49fb)
GPU 5: NVIDIA H100 80GB HBM3 (UUID: GPU-2c987abe-4828-4d17-e813-1bd578ee4665)
GPU 6: NVIDIA H100 80GB HBM3 (UUID: GPU-ce8ec7d1-ffb1-0766-f7f4-0d28274422e7)
GPU 7: NVIDIA H100 80GB HBM3 (UUID: GPU-078fd6ab-fbc2-27dc-93f5-10ae6121302a)
$ nvidia-smi -q -d POWER,ECC -i 2

==============NVSMI LOG==============

Timestamp                                 : Sat Mar 14 09:01:25 2026
Driver Version                            : 570.133.20
CUDA Version                              : 12.8

Attached GPUs                             : 8
GPU 00000000:52:00.0
    ECC Mode
        Current                           : Enabled
        Pending                           : Enabled
    ECC Errors
        Volatile
            SRAM Correctable              : 0
            SRAM Uncorrectable Parity     : 0
            SRAM Uncorrectable SEC-DED    : 0
            DRAM Correctable              : 3
            DRAM Uncorrectable            : 0
        Aggregate
            SRAM Correctable              : 0
            SRAM Uncorrectable Parity     : 0
            SRAM Uncorrectable SEC-DED    : 0
            DRAM Correctable              : 3
            DRAM Uncorrectable            : 0
            SRAM Threshold Exceeded       : No
    Remapped Rows
        Correctable Error                 : 0
        Uncorrectable Error               : 0
        Pending                           : No
        Remapping Failure Occurred        : No
        Bank Remap Availability Histogram
            Max                           : 2560 bank(s)
            High                          : 0 bank(s)
            Partial                       : 0 bank(s)
            Low                           : 0 bank(s)
            None                          : 0 bank(s)
    GPU Power Readings
        Average Power Draw                : 695.21 W
        Instantaneous Power Draw          : 697.47 W
        Current Power Limit               : 700.00 W
        Requested Power Limit             : 700.00 W
        Default Power Limit               : 700.00 W
        Min Power Limit                   : 200.00 W
        Max Power Limit                   : 700.00 W

$ nvidia-smi --query-gpu=index,ecc.errors.corrected.volatile.total,remapped_rows.pending,power.limit --format=csv,nounits
index, ecc.errors.corrected.volatile.total, remapped_rows.pending, power.limit
0, 0, No, 700.00
1, 0, No, 700.00
2, 3, No, 700.00
3, 0, No, 700.00
4, 0, No, 700.00
5, 0, No, 700.00
6, 0, No, 700.00
7, 0, No, 700.00
$ ssh node02 dcgmi diag -r 3
Successfully ran diagnostic for group.
+---------------------------+------------------------------------------------+
| Diagnostic                | Result                                         |
+===========================+================================================+
|-----  Metadata  ----------+------------------------------------------------|
| DCGM Version              | 3.3.9                                          |
| Driver Version Detected   | 570.133.20                                     |
| GPU Device IDs Detected   | 2330,2330,2330,2330,2330,2330,2330,2330        |
|-----  Deployment  --------+------------------------------------------------|
| Denylist                  | Pass                                           |
| NVML Library              | Pass                                           |
| CUDA Main Library         | Pass                                           |
| Permissions and OS Blocks | Pass                                           |
| Persistence Mode          | Pass                                           |
| Environment Variables     | Pass                                           |
| Page Retirement/Row Remap | Pass                                           |
| Graphics Processes        | Pass                                           |
| Info                      | Compute processes are running on the GPUs (the |
|                           | training job); stress results may be skewed.   |
|                           | Drain the node for a clean run.                |
| Inforom                   | Pass                                           |
+-----  Integration  -------+------------------------------------------------+
| PCIe                      | Pass - All                                     |
+-----  Hardware  ----------+------------------------------------------------+
| GPU Memory                | Pass - All                                     |
| Diagnostic                | Warn - GPU: 5                                  |
| Warning                   | GPU 5: thermal violations totaling 171.0       |
|                           | seconds during the 180 s test; temperature 90  |
|                           | C against a slowdown threshold of 89 C. Clocks |
|                           | held at 960 MHz.                               |
+-----  Stress  ------------+------------------------------------------------+
| Targeted Stress           | Fail - GPU: 5                                  |
| Warning                   | GPU 5 reached 50% of the expected throughput   |
|                           | in the targeted stress test: its clocks are    |
|                           | held down.                                     |
| Targeted Power            | Warn - GPU: 5                                  |
| Memory Bandwidth          | Pass - All                                     |
| EUD Test                  | Skip - All                                     |
+---------------------------+------------------------------------------------+
$ dcgmi dmon -e 150,155,230,240,241 -i 5 -c 2
#Entity   TMPTR   POWER     XIDER   PVIOL         TVIOL         
ID
GPU 5     61      693.060   0       4018438721    0             
GPU 5     60      697.280   0       4019438721    0             
