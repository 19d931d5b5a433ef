# scenario: tests/emulator/fixtures/time_thermal.yaml
Training Infrastructure Handbook: cluster emulator
Cluster trn: 2 nodes (node01-node02), 8 x H100 per node. You are on node01.

No lab is started: `lab list` shows the labs, `lab start ID` opens one.

Type `help` for the full list of commands, or `solutions` for reference procedures.
Simulated outputs do not validate your environment.
$ nvidia-smi --query-gpu=index,temperature.gpu,clocks.sm,clocks_event_reasons.active --format=csv -i 2
index, temperature.gpu, clocks.current.sm [MHz], clocks_event_reasons.active
2, 59, 1980 MHz, 0x0000000000000000
$ nvidia-smi --query-gpu=index,temperature.gpu,clocks.sm,clocks_event_reasons.active --format=csv,noheader -i 2 -l 30
2, 59, 1980 MHz, 0x0000000000000000
2, 59, 1980 MHz, 0x0000000000000000
2, 59, 1980 MHz, 0x0000000000000000
2, 75, 1980 MHz, 0x0000000000000000
2, 84, 1980 MHz, 0x0000000000000000
$ sleep 300
$ nvidia-smi dmon -s pc -c 3 -i 2
# gpu    pwr  gtemp  mtemp   mclk   pclk 
# Idx      W      C      C    MHz    MHz 
    2    225     90     92   2619    975 
    2    224     90     92   2619   1020 
    2    227     90     92   2619    990 
$ tail -n 2 logs/rank-02.log | cut -c1-120
2026-06-06T07:07:10.427Z rank=02 node=node01 gpu=2 step=1084 batch_wait_ms=0.7 compute_ms=6158.8 allreduce_enter_ms=6159
2026-06-06T07:07:16.772Z rank=02 node=node01 gpu=2 step=1085 batch_wait_ms=0.3 compute_ms=6175.4 allreduce_enter_ms=6175
$ tail -n 2 logs/rank-01.log | cut -c1-120
2026-06-06T07:07:10.427Z rank=01 node=node01 gpu=1 step=1084 batch_wait_ms=0.4 compute_ms=3092.9 allreduce_enter_ms=3093
2026-06-06T07:07:16.772Z rank=01 node=node01 gpu=1 step=1085 batch_wait_ms=0.5 compute_ms=3074.5 allreduce_enter_ms=3075
