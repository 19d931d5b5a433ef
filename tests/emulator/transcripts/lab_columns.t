# lab: input-wait
# columns: 40
Training Infrastructure Handbook:
cluster emulator
Cluster trn: 2 nodes (node01-node02), 8
x H100 per node. You are on node01.

Lab input-wait: Input wait
The vision-language job 51877 (16 ranks
on node01 and node02) has slowed down
since early afternoon: its steps take
longer, and the GPUs show gaps of low
use between steps. Nothing changed in
the job. Find where the training loop
waits, follow that wait to what causes
it, and name the cause.

Type `help` for the full list of
commands, or `solutions` for reference
procedures.
Simulated outputs do not validate your
environment.
$ goal
Lab input-wait: Input wait

The vision-language job 51877 (16 ranks
on node01 and node02) has slowed down
since early afternoon: its steps take
longer, and the GPUs show gaps of low
use between steps. Nothing changed in
the job. Find where the training loop
waits, follow that wait to what causes
it, and name the cause.

When you know the cause, name the
component: answer COMPONENT (e.g. answer
/scratch metadata latency). `hint` gives
a hint.
$ hint
Hint 1 of 4: Where does the step spend
its time? `tail train.log`: compare
batch wait and the batch-generator timer
with forward-backward.
$ answer node01 gpu0
Not node01 gpu0: every GPU runs at its
full 1980 MHz with no clock-event reason
set; they go idle only while waiting for
input.
$ lab list
  ID                     TITLE                    SUMMARY
  acceptance-test        A failed acceptance test A DGX-1 back from repair reaches less all-reduce bandwidth inside the node than its twin.
  after-maintenance      After maintenance        Since last week's rack maintenance, a four-node job is slower; every single-node test passes.
  after-reimage          A check after a reimage  The weekly 4-node all-reduce check reads half its usual bandwidth after one node was reimaged.
  hand-over              Hand-over                A slow port goes to the fabric team; collect the snapshot they need before anyone touches it.
* input-wait             Input wait               GPUs go idle between steps while the step log shows time waiting for batches.
  late-rank              Late rank                One rank reaches every all-reduce late and the other fifteen wait for it.
  multi-node-slowdown    Multi-node slowdown      One node alone is fast; four together run at half the expected all-reduce bandwidth.
  node-silent            A silent node            One node stopped answering and the job ended; find out through its BMC what happened and bring it back.
  save-fails             Failing saves            Every checkpoint save fails with "No space left on device" while df shows half the file system free.
  slower-after-restart   Slower after a restart   One rank of 32 computes slower than its peers while every GPU looks cool and healthy.
  slower-on-some-nodes   Slower on some nodes     The same job runs slower on one set of nodes than on another, with every link up and no errors.

`lab start ID` starts a lab (* marks the current one).
$ solutions storage
Procedure: Input reads and saves compete
Reference:
/reference/storage/training-workloads/
Evidence to keep: Read/write demand,
metadata latency, cache state

1. $ tail train.log
   Look for: batch-generator time and
   the batch wait per step: time the
   GPUs sit idle waiting for input
2. $ tail -n 3 logs/rank-00.log ; tail -n 3 logs/rank-12.log
   Look for: batch_wait_ms high on every
   rank alike: the input path is shared,
   not one rank's host
3. $ nvidia-smi dmon -s pu -c 5
   Look for: sm utilisation and power
   falling in step with the batch wait
4. $ squeue
   Look for: other jobs in their
   checkpoint phase on the same file
   system
5. $ df -h
   Look for: how full each mount is; a
   target at 100% fails writes
6. $ iostat -x
   Look for: await and queue size on the
   devices the input comes from
7. $ lctl get_param mdc.*.stats osc.*.stats
   Look for: on a Lustre client: mean
   RPC latency (sum / samples) of
   metadata (req_waittime) and of 1 MiB
   reads (ost_read) against the idle
   minimum; slow answers while this
   client reads no more than before mean
   another load on the servers

Each step comes from
/reference/storage/training-workloads/.
$ echo $COLUMNS
40
$ goal | head -3
Lab input-wait: Input wait

The vision-language job 51877 (16 ranks on node01 and node02) has slowed down since early
$ COLUMNS=60 goal
Lab input-wait: Input wait

The vision-language job 51877 (16 ranks on node01 and
node02) has slowed down since early afternoon: its steps
take longer, and the GPUs show gaps of low use between
steps. Nothing changed in the job. Find where the training
loop waits, follow that wait to what causes it, and name the
cause.

When you know the cause, name the component: answer
COMPONENT (e.g. answer /scratch metadata latency). `hint`
gives a hint.
$ COLUMNS=abc hint
Hint 2 of 4: Is it one rank or all of
them? Compare batch_wait_ms in
`tail -n 3 logs/rank-00.log` and a rank
on node02 (8-15).
$ solutions lab
This shows the answer to lab input-wait,
which then no longer counts as solved by
you.
$ y
Worked solution of lab input-wait: Input
wait

1. $ tail train.log
   Look for: batch wait of a few hundred
   ms per step, and a batch-generator
   max of the same size on every rank
   From:
   /reference/storage/training-workloads/
2. $ tail -n 2 logs/rank-00.log ; tail -n 2 logs/rank-12.log
   Look for: batch_wait_ms high on ranks
   of both nodes alike, so the cause is
   shared
   From:
   /reference/storage/training-workloads/
3. $ nvidia-smi --query-gpu=index,clocks.sm,utilization.gpu,power.draw --format=csv
   Look for: full clocks but utilization
   well below 100 %, power below the
   usual 690 W
   From:
   /reference/nvidia-stack/gpu-data-path/
4. $ mount
   Look for: the input shards are on
   /lustre, a shared Lustre file system,
   not on the local /scratch NVMe
   From:
   /reference/storage/training-workloads/
5. $ lctl get_param mdc.*.stats osc.*OST0000*.stats
   Look for: mean = sum / samples:
   metadata RPCs (req_waittime,
   mds_getattr) take about 3 ms against
   a 0.5 ms minimum, and 1 MiB ost_read
   RPCs about 18 ms against under 3 ms
   idle, while this client writes little
   (few ost_write): the servers are busy
   with someone else's load
   From:
   /reference/storage/training-workloads/
6. $ squeue
   Look for: three other users' ckpt-sav
   jobs running at the same time as ours
   From:
   /reference/storage/training-workloads/
7. $ scontrol show job 51914
   Look for:
   WorkDir=/lustre/ckpt/bkumar: the
   other jobs save their checkpoints to
   /lustre, the file system our input is
   read from
   From:
   /reference/storage/training-workloads/

Answer: checkpoint writes of other jobs
saturate /lustre
Every rank waits for its next batch
(batch-generator and batch_wait_ms are
high on all 16 ranks alike), so the
cause is shared by all of them: the
input path. The images are read from
/lustre, where three other jobs are
saving checkpoints at the same time;
their writes take most of the file
system's throughput and queue its
metadata operations, so the loaders can
no longer fetch a micro-batch in the
time the GPUs take to compute one. Move
input to a copy on local NVMe (/scratch)
or stagger the checkpoint windows, and
raise prefetching.

Read next: Storage: training workloads
(/reference/storage/training-workloads/)
$ answer checkpoint writes
Right: checkpoint writes.

Every rank waits for its next batch
(batch-generator and batch_wait_ms are
high on all 16 ranks alike), so the
cause is shared by all of them: the
input path. The images are read from
/lustre, where three other jobs are
saving checkpoints at the same time;
their writes take most of the file
system's throughput and queue its
metadata operations, so the loaders can
no longer fetch a micro-batch in the
time the GPUs take to compute one. Move
input to a copy on local NVMe (/scratch)
or stagger the checkpoint windows, and
raise prefetching.

The worked solution was revealed before,
so this lab is not counted as solved by
you. `lab restart` to try again from the
start.
Read next: Storage: training workloads
(/reference/storage/training-workloads/)
