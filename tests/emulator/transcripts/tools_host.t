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
$ help iostat
iostat: block device and CPU load: r/s, rkB/s, r_await, w/s, aqu-sz, %util
usage: iostat [-x] [-m] [-c | -d] [-y] [-z] [-t] [INTERVAL [COUNT]]
  The first report averages since boot; with INTERVAL each further report covers that many
  simulated seconds (without COUNT: three reports). Network file systems (NFS, Lustre) do not
  appear in iostat: nfsiostat shows the NFS client's view.
$ iostat -x
Linux 6.8.0-60-generic (node01) 	05/06/2026 	_x86_64_	(224 CPU)

avg-cpu:  %user   %nice %system %iowait  %steal   %idle
            0.30    0.00    0.13    1.70    0.00   97.87

Device            r/s     rkB/s   rrqm/s  %rrqm r_await rareq-sz     w/s     wkB/s   wrqm/s  %wrqm w_await wareq-sz     d/s     dkB/s   drqm/s  %drqm d_await dareq-sz     f/s f_await  aqu-sz  %util
sda              3.77     90.39     0.00   0.00    0.09    24.00   31.57    505.12     2.53   7.40    0.03    16.00    0.00      0.00     0.00   0.00    0.00     0.00    0.40    0.50    0.00   0.14
nvme0n1          0.79     18.84     0.00   0.00    0.09    24.00    2.53     40.44     0.20   7.40    0.03    16.00    0.00      0.00     0.00   0.00    0.00     0.00    0.40    0.50    0.00   0.00

$ iostat -x 1 2
Linux 6.8.0-60-generic (node01) 	05/06/2026 	_x86_64_	(224 CPU)

avg-cpu:  %user   %nice %system %iowait  %steal   %idle
            0.30    0.00    0.13    1.70    0.00   97.87

Device            r/s     rkB/s   rrqm/s  %rrqm r_await rareq-sz     w/s     wkB/s   wrqm/s  %wrqm w_await wareq-sz     d/s     dkB/s   drqm/s  %drqm d_await dareq-sz     f/s f_await  aqu-sz  %util
sda              3.60     86.51     0.00   0.00    0.09    24.00   33.01    528.09     2.64   7.40    0.03    16.00    0.00      0.00     0.00   0.00    0.00     0.00    0.40    0.50    0.00   0.14
nvme0n1          0.83     19.81     0.00   0.00    0.09    24.00    2.41     38.50     0.19   7.40    0.03    16.00    0.00      0.00     0.00   0.00    0.00     0.00    0.40    0.50    0.00   0.00

avg-cpu:  %user   %nice %system %iowait  %steal   %idle
            3.19    0.00    0.37   21.03    0.00   75.42

Device            r/s     rkB/s   rrqm/s  %rrqm r_await rareq-sz     w/s     wkB/s   wrqm/s  %wrqm w_await wareq-sz     d/s     dkB/s   drqm/s  %drqm d_await dareq-sz     f/s f_await  aqu-sz  %util
sda              3.54     84.92     0.00   0.00    0.09    24.00   56.79    908.63     4.54   7.40    0.03    16.00    0.00      0.00     0.00   0.00    0.00     0.00    0.40    0.50    0.00   0.22
nvme0n1          0.82     19.62     0.00   0.00    0.09    24.00    2.43     38.88     0.19   7.40    0.03    16.00    0.00      0.00     0.00   0.00    0.00     0.00    0.40    0.50    0.00   0.00

$ iostat -Z
Usage: iostat [ options ] [ <interval> [ <count> ] ]
Options are:
[ -c ] [ -d ] [ -h ] [ -k | -m ] [ -t ] [ -V ] [ -x ] [ -y ] [ -z ] [ <device> [...] ]
$ df -h
Filesystem                 Size  Used Avail Use% Mounted on
tmpfs                      202G  4.9M  202G   1% /run
/dev/sda2                  1.6T  289G  1.3T  19% /
tmpfs                     1008G   16G  993G   2% /dev/shm
/dev/sda1                  512M  6.0M  507M   2% /boot/efi
10.0.0.251@o2ib:/lustrefs  1.7P  1.1P  628T  64% /lustre
/dev/nvme0n1p1             7.0T  839G  5.8T  13% /scratch
$ df -h /lustre
Filesystem                 Size  Used Avail Use% Mounted on
10.0.0.251@o2ib:/lustrefs  1.7P  1.1P  628T  64% /lustre
$ df -Z
df: invalid option -- 'Z'
Try 'df --help' for more information.
$ mount
sysfs on /sys type sysfs (rw,nosuid,nodev,noexec,relatime)
proc on /proc type proc (rw,nosuid,nodev,noexec,relatime)
udev on /dev type devtmpfs (rw,nosuid,relatime,size=1056730624k,nr_inodes=264182656,mode=755,inode64)
tmpfs on /run type tmpfs (rw,nosuid,nodev,noexec,relatime,size=211346124k,mode=755,inode64)
/dev/sda2 on / type ext4 (rw,relatime)
tmpfs on /dev/shm type tmpfs (rw,nosuid,nodev,inode64)
/dev/sda1 on /boot/efi type vfat (rw,relatime,fmask=0077,dmask=0077,codepage=437,iocharset=iso8859-1,shortname=mixed,errors=remount-ro)
10.0.0.251@o2ib:/lustrefs on /lustre type lustre (rw,flock,lazystatfs)
/dev/nvme0n1p1 on /scratch type ext4 (rw,relatime)
$ mount | grep -E 'lustre|nfs'
10.0.0.251@o2ib:/lustrefs on /lustre type lustre (rw,flock,lazystatfs)
$ help numactl
numactl: NUMA nodes: CPUs, memory size and free, distances
usage: numactl --hardware | numactl --show
  GPUs 0-3 and their NICs sit on NUMA node 0, GPUs 4-7 on node 1 (see nvidia-smi topo -m).
$ numactl --hardware
available: 2 nodes (0-1)
node 0 cpus: 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 112 113 114 115 116 117 118 119 120 121 122 123 124 125 126 127 128 129 130 131 132 133 134 135 136 137 138 139 140 141 142 143 144 145 146 147 148 149 150 151 152 153 154 155 156 157 158 159 160 161 162 163 164 165 166 167
node 0 size: 1031754 MB
node 0 free: 673857 MB
node 1 cpus: 56 57 58 59 60 61 62 63 64 65 66 67 68 69 70 71 72 73 74 75 76 77 78 79 80 81 82 83 84 85 86 87 88 89 90 91 92 93 94 95 96 97 98 99 100 101 102 103 104 105 106 107 108 109 110 111 168 169 170 171 172 173 174 175 176 177 178 179 180 181 182 183 184 185 186 187 188 189 190 191 192 193 194 195 196 197 198 199 200 201 202 203 204 205 206 207 208 209 210 211 212 213 214 215 216 217 218 219 220 221 222 223
node 1 size: 1032173 MB
node 1 free: 675226 MB
node distances:
node   0   1 
  0:  10  21 
  1:  21  10 
$ numactl --bogus
usage: numactl [--all | -a] [--interleave= | -i <nodes>] [--preferred= | -p <node>]
               [--physcpubind= | -C <cpus>] [--cpunodebind= | -N <nodes>]
               [--membind= | -m <nodes>] [--localalloc | -l] command args ...
       numactl [--show | -s]
       numactl [--hardware | -H]
$ lspci -tv
-+-[0000:00]-+-00.0  Intel Corporation Device 09a2
 |           \-1f.0  Intel Corporation Device 1b81
 +-[0000:15]---01.0-[16-1b]----00.0-[17-1b]--+-00.0-[18]----00.0  Mellanox Technologies MT2910 Family [ConnectX-7]
 |                                           \-01.0-[1b]----00.0  NVIDIA Corporation GH100 [H100 SXM5 80GB]
 +-[0000:28]---01.0-[29]--+-00.0  Mellanox Technologies MT2892 Family [ConnectX-6 Dx]
 |                        \-00.1  Mellanox Technologies MT2892 Family [ConnectX-6 Dx]
 +-[0000:3d]---01.0-[3e-43]----00.0-[3f-43]--+-00.0-[40]----00.0  Mellanox Technologies MT2910 Family [ConnectX-7]
 |                                           \-01.0-[43]----00.0  NVIDIA Corporation GH100 [H100 SXM5 80GB]
 +-[0000:4c]---01.0-[4d-52]----00.0-[4e-52]--+-00.0-[4f]----00.0  Mellanox Technologies MT2910 Family [ConnectX-7]
 |                                           \-01.0-[52]----00.0  NVIDIA Corporation GH100 [H100 SXM5 80GB]
 +-[0000:5b]---01.0-[5c-61]----00.0-[5d-61]--+-00.0-[5e]----00.0  Mellanox Technologies MT2910 Family [ConnectX-7]
 |                                           \-01.0-[61]----00.0  NVIDIA Corporation GH100 [H100 SXM5 80GB]
 +-[0000:97]---01.0-[98-9d]----00.0-[99-9d]--+-00.0-[9a]----00.0  Mellanox Technologies MT2910 Family [ConnectX-7]
 |                                           \-01.0-[9d]----00.0  NVIDIA Corporation GH100 [H100 SXM5 80GB]
 +-[0000:bd]---01.0-[be-c3]----00.0-[bf-c3]--+-00.0-[c0]----00.0  Mellanox Technologies MT2910 Family [ConnectX-7]
 |                                           \-01.0-[c3]----00.0  NVIDIA Corporation GH100 [H100 SXM5 80GB]
 +-[0000:cb]---01.0-[cc-d1]----00.0-[cd-d1]--+-00.0-[ce]----00.0  Mellanox Technologies MT2910 Family [ConnectX-7]
 |                                           \-01.0-[d1]----00.0  NVIDIA Corporation GH100 [H100 SXM5 80GB]
 \-[0000:d9]---01.0-[da-df]----00.0-[db-df]--+-00.0-[dc]----00.0  Mellanox Technologies MT2910 Family [ConnectX-7]
                                             \-01.0-[df]----00.0  NVIDIA Corporation GH100 [H100 SXM5 80GB]
$ lspci -Z
lspci: invalid option -- 'Z'
Usage: lspci [<switches>]

Basic display modes:
-t		Show bus tree

Display options:
-v		Be verbose (-vv or -vvv for higher verbosity)

Selection of devices:
-s [[[[<domain>]:]<bus>]:][<slot>][.[<func>]]	Show only devices in selected slots
