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
$ help lfs
lfs: Lustre client: free space per MDT and OST (lfs df), a directory's layout (lfs getstripe)
usage: lfs df [-h] [-i] [PATH]
       lfs getstripe [-d] DIRECTORY|FILE
       lfs setstripe [-c COUNT] [-i INDEX] [-o OSTS] [-S SIZE] DIRECTORY
       lfs find DIRECTORY [--ost INDEX] [-type f|d] [-name PATTERN]
       lfs quota [-h] -u USER MOUNT
  df: one line per metadata target (MDT) and object storage target (OST), then the summary;
  -i counts inodes (files) instead of bytes.
  getstripe: the layout new files in the directory get (-d: only that line): the stripe
  count (-1: every OST), the stripe size, and the first OST (-1: the MDS chooses); of a
  file, its own layout and the OSTs its objects are on (lfs find --ost lists those).
  setstripe: sets that layout: -c stripes, -i the first OST's index, -o the OSTs (0-4),
  -S the stripe size.
$ lfs df -h
UUID                             bytes        Used   Available Use% Mounted on
lustrefs-MDT0000_UUID            5.2T      743.2G        4.5T  14% /lustre[MDT:0]
lustrefs-OST0000_UUID          108.0T       70.9T       37.1T  66% /lustre[OST:0]
lustrefs-OST0001_UUID          108.0T       69.7T       38.3T  65% /lustre[OST:1]
lustrefs-OST0002_UUID          108.0T       66.9T       41.1T  62% /lustre[OST:2]
lustrefs-OST0003_UUID          108.0T       67.8T       40.2T  63% /lustre[OST:3]
lustrefs-OST0004_UUID          108.0T       67.1T       40.9T  63% /lustre[OST:4]
lustrefs-OST0005_UUID          108.0T       68.4T       39.6T  64% /lustre[OST:5]
lustrefs-OST0006_UUID          108.0T       67.2T       40.8T  63% /lustre[OST:6]
lustrefs-OST0007_UUID          108.0T       68.7T       39.3T  64% /lustre[OST:7]
lustrefs-OST0008_UUID          108.0T       68.8T       39.2T  64% /lustre[OST:8]
lustrefs-OST0009_UUID          108.0T       70.4T       37.6T  66% /lustre[OST:9]
lustrefs-OST000a_UUID          108.0T       70.5T       37.5T  66% /lustre[OST:10]
lustrefs-OST000b_UUID          108.0T       68.4T       39.6T  64% /lustre[OST:11]
lustrefs-OST000c_UUID          108.0T       68.6T       39.4T  64% /lustre[OST:12]
lustrefs-OST000d_UUID          108.0T       68.4T       39.6T  64% /lustre[OST:13]
lustrefs-OST000e_UUID          108.0T       68.0T       40.0T  63% /lustre[OST:14]
lustrefs-OST000f_UUID          108.0T       70.7T       37.3T  66% /lustre[OST:15]

filesystem_summary:              1.7P        1.1P      627.6T  64% /lustre
$ lfs df /lustre/shards | tail -3
lustrefs-OST000f_UUID        115966796875    75967017455    39999779420  66% /lustre[OST:15]

filesystem_summary:         1855468750000  1181640625000   673828125000  64% /lustre
$ lfs df /scratch
lfs df: /scratch is not on a Lustre file system
$ lfs bogus
lfs: unknown command 'bogus'
usage: lfs df [-h] [-i] [PATH]
       lfs getstripe [-d] DIRECTORY|FILE
       lfs setstripe [-c COUNT] [-i INDEX] [-o OSTS] [-S SIZE] DIRECTORY
       lfs find DIRECTORY [--ost INDEX] [-type f|d] [-name PATTERN]
       lfs quota [-h] -u USER|-g GROUP MOUNT
       lfs migrate [-c COUNT] [-i INDEX] [-S SIZE] FILE...
Report free space of the Lustre file systems, per MDT and OST, or a directory's layout.
$ df -h /lustre
Filesystem                 Size  Used Avail Use% Mounted on
10.0.0.251@o2ib:/lustrefs  1.7P  1.1P  628T  64% /lustre
$ mount -t lustre
10.0.0.251@o2ib:/lustrefs on /lustre type lustre (rw,flock,lazystatfs)
$ nfsiostat
No NFS mount points were found
$ iostat -xm 2 2
Linux 6.8.0-60-generic (node01) 	05/06/2026 	_x86_64_	(224 CPU)

avg-cpu:  %user   %nice %system %iowait  %steal   %idle
            0.30    0.00    0.13    1.71    0.00   97.86

Device            r/s     rMB/s   rrqm/s  %rrqm r_await rareq-sz     w/s     wMB/s   wrqm/s  %wrqm w_await wareq-sz     d/s     dMB/s   drqm/s  %drqm d_await dareq-sz     f/s f_await  aqu-sz  %util
sda              3.58      0.08     0.00   0.00    0.09    24.00   33.25      0.52     2.66   7.40    0.03    16.00    0.00      0.00     0.00   0.00    0.00     0.00    0.40    0.50    0.00   0.14
nvme0n1          0.81      0.02     0.00   0.00    0.09    24.00    2.46      0.04     0.20   7.40    0.03    16.00    0.00      0.00     0.00   0.00    0.00     0.00    0.40    0.50    0.00   0.00

avg-cpu:  %user   %nice %system %iowait  %steal   %idle
            3.16    0.00    0.37   21.03    0.00   75.45

Device            r/s     rMB/s   rrqm/s  %rrqm r_await rareq-sz     w/s     wMB/s   wrqm/s  %wrqm w_await wareq-sz     d/s     dMB/s   drqm/s  %drqm d_await dareq-sz     f/s f_await  aqu-sz  %util
sda              3.79      0.09     0.00   0.00    0.09    24.00   53.07      0.83     4.25   7.40    0.03    16.00    0.00      0.00     0.00   0.00    0.00     0.00    0.40    0.50    0.00   0.22
nvme0n1          0.80      0.02     0.00   0.00    0.09    24.00    2.47      0.04     0.20   7.40    0.03    16.00    0.00      0.00     0.00   0.00    0.00     0.00    0.40    0.50    0.00   0.00

$ iostat -d -z
Linux 6.8.0-60-generic (node01) 	05/06/2026 	_x86_64_	(224 CPU)

Device            r/s     rkB/s   rrqm/s  %rrqm r_await rareq-sz     w/s     wkB/s   wrqm/s  %wrqm w_await wareq-sz     d/s     dkB/s   drqm/s  %drqm d_await dareq-sz     f/s f_await  aqu-sz  %util
sda              3.71     88.93     0.00   0.00    0.09    24.00   32.11    513.82     2.57   7.40    0.03    16.00    0.00      0.00     0.00   0.00    0.00     0.00    0.40    0.50    0.00   0.14
nvme0n1          0.79     19.06     0.00   0.00    0.09    24.00    2.50     40.00     0.20   7.40    0.03    16.00    0.00      0.00     0.00   0.00    0.00     0.00    0.40    0.50    0.00   0.00

