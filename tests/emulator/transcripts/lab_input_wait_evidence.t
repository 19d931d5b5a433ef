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
$ lctl get_param llite.*.stats
llite.lustrefs-ffff6313b6a74000.stats=
snapshot_time             1778077203.561848879 secs.nsecs
start_time                1777895028.000000000 secs.nsecs
elapsed_time              182175.561848879 secs.nsecs
read_bytes                4171491 samples [bytes] 600000 600000 2502894600000
write_bytes               164890 samples [bytes] 1048576 1048576 172899696640
read                      4171491 samples [usecs] 2796 107374 74651739252
write                     164890 samples [usecs] 2796 107374 2950821489
open                      4171491 samples [usecs] 1000 38400 26697542400
close                     4171491 samples [usecs] 500 19200 13348771200
getattr                   4171491 samples [usecs] 500 19200 13348771200
statfs                    3036 samples [usecs] 500 19200 9715200
$ lctl get_param mdc.*.stats
mdc.lustrefs-MDT0000-mdc-ffff6313b6a74000.stats=
snapshot_time             1778077206.195331097 secs.nsecs
start_time                1777895028.000000000 secs.nsecs
elapsed_time              182178.195331097 secs.nsecs
req_waittime              12615690 samples [usecs] 500 19200 40370208000
req_active                12615690 samples [reqs]
ldlm_ibits_enqueue        4205230 samples [usecs] 750 28800 20185104000
mds_getattr               4205230 samples [usecs] 500 19200 13456736000
mds_close                 4205230 samples [usecs] 500 19200 13456736000
obd_ping                  7287 samples [usecs] 250 1500 3643500
$ lctl get_param osc.*OST0000*.stats
osc.lustrefs-OST0000-osc-ffff6313b6a74000.stats=
snapshot_time             1778077208.916131973 secs.nsecs
start_time                1777895028.000000000 secs.nsecs
elapsed_time              182180.916131973 secs.nsecs
req_waittime              156459 samples [usecs] 2796 107374 2799942867
req_active                156459 samples [reqs]
ost_read                  153980 samples [usecs] 2796 107374 2755579434
ost_write                 2480 samples [usecs] 2796 107374 44381328
obd_ping                  7287 samples [usecs] 250 1500 3643500
$ lctl get_param -n osc.*OST0001*.max_rpcs_in_flight
8
$ lctl list_param mdc.*
mdc.lustrefs-MDT0000-mdc-ffff6313b6a74000.max_rpcs_in_flight
mdc.lustrefs-MDT0000-mdc-ffff6313b6a74000.stats
$ lctl get_param nosuch.*.stats
error: get_param: param_path 'nosuch.*.stats': No such file or directory
$ lctl set_param osc.*.max_rpcs_in_flight=16
lctl: unknown command 'set_param'
usage: lctl get_param [-n] PARAM... | lctl list_param PARAM... | lctl dl
  e.g. lctl get_param llite.*.stats mdc.*.stats osc.*.stats
$ lctl
usage: lctl get_param [-n] PARAM... | lctl list_param PARAM... | lctl dl
  e.g. lctl get_param llite.*.stats mdc.*.stats osc.*.stats
$ lfs df -i
UUID                              Inodes          IUsed          IFree IUse% Mounted on
lustrefs-MDT0000_UUID          2783203125      389648437     2393554688  14% /lustre[MDT:0]
lustrefs-OST0000_UUID           113248825        1479603      111769222   2% /lustre[OST:0]
lustrefs-OST0001_UUID           113248825        1453653      111795172   2% /lustre[OST:1]
lustrefs-OST0002_UUID           113248825        1395393      111853432   2% /lustre[OST:2]
lustrefs-OST0003_UUID           113248825        1414970      111833855   2% /lustre[OST:3]
lustrefs-OST0004_UUID           113248825        1400861      111847964   2% /lustre[OST:4]
lustrefs-OST0005_UUID           113248825        1426943      111821882   2% /lustre[OST:5]
lustrefs-OST0006_UUID           113248825        1401632      111847193   2% /lustre[OST:6]
lustrefs-OST0007_UUID           113248825        1434464      111814361   2% /lustre[OST:7]
lustrefs-OST0008_UUID           113248825        1435174      111813651   2% /lustre[OST:8]
lustrefs-OST0009_UUID           113248825        1469312      111779513   2% /lustre[OST:9]
lustrefs-OST000a_UUID           113248825        1471888      111776937   2% /lustre[OST:10]
lustrefs-OST000b_UUID           113248825        1427200      111821625   2% /lustre[OST:11]
lustrefs-OST000c_UUID           113248825        1430937      111817888   2% /lustre[OST:12]
lustrefs-OST000d_UUID           113248825        1426946      111821879   2% /lustre[OST:13]
lustrefs-OST000e_UUID           113248825        1419014      111829811   2% /lustre[OST:14]
lustrefs-OST000f_UUID           113248825        1476584      111772241   2% /lustre[OST:15]

filesystem_summary:            2783203125      389648437     2393554688  14% /lustre
$ lfs df -x
lfs df: invalid option '-x'
usage: lfs df [-h] [-i] [PATH]
$ answer storage
Partly right: which part of storage, and why? The file system's latencies (lctl get_param osc.*.stats, mdc.*.stats) say how slow it answers; this job's own reads are the same as before, so find out who else loads it right now.
$ answer lustre
Partly right: which part of storage, and why? The file system's latencies (lctl get_param osc.*.stats, mdc.*.stats) say how slow it answers; this job's own reads are the same as before, so find out who else loads it right now.
$ answer /lustre
Partly right: which part of storage, and why? The file system's latencies (lctl get_param osc.*.stats, mdc.*.stats) say how slow it answers; this job's own reads are the same as before, so find out who else loads it right now.
$ answer shared file system
Partly right: which part of storage, and why? The file system's latencies (lctl get_param osc.*.stats, mdc.*.stats) say how slow it answers; this job's own reads are the same as before, so find out who else loads it right now.
$ answer storage contention
Partly right: which part of storage, and why? The file system's latencies (lctl get_param osc.*.stats, mdc.*.stats) say how slow it answers; this job's own reads are the same as before, so find out who else loads it right now.
$ answer dataloader
Not dataloader: close. The step waits for its next batch, so the input path is where to look. What on that path is slow? Compare what the loaders read from with how fast it answers (lctl get_param llite.*.stats, mdc.*.stats).
$ answer checkpoints
Partly right: whose checkpoints? Job 51877 saves only every 1000 steps; name what writes to the file system now and what it takes from our reads.
$ answer competing checkpoint writes on lustre
Right: competing checkpoint writes on lustre. Lab input-wait solved in 18 commands (the worked solution takes 8), 0 of 4 hints.

Every rank waits for its next batch (batch-generator and batch_wait_ms are high on all 16
ranks alike), so the cause is shared by all of them: the input path. The images are read from
/lustre, where three other jobs are saving checkpoints at the same time; their writes take
most of the file system's throughput and queue its metadata operations, so the loaders can
no longer fetch a micro-batch in the time the GPUs take to compute one. Move input to a copy
on local NVMe (/scratch) or stagger the checkpoint windows, and raise prefetching.

Read next: Storage: training workloads (/reference/storage/training-workloads/)
