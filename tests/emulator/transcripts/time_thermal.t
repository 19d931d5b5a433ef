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
$ nvidia-smi -q -d PERFORMANCE,TEMPERATURE -i 2 | grep -E 'Slowdown|Current Temp|Max Operating'
        HW Slowdown                       : Active
            HW Thermal Slowdown           : Active
            HW Power Brake Slowdown       : Not Active
        SW Thermal Slowdown               : Active
        SW Thermal Slowdown               : 297601161 us
        HW Thermal Slowdown               : 286140508 us
        GPU Current Temp                  : 90 C
        GPU Slowdown Temp                 : 89 C
        GPU Max Operating Temp            : 87 C
        Memory Current Temp               : 92 C
        Memory Max Operating Temp         : 95 C
$ nvidia-smi --query-gpu=index,temperature.gpu,clocks_event_reasons.sw_thermal_slowdown,clocks_event_reasons.hw_thermal_slowdown --format=csv -i 1,2
index, temperature.gpu, clocks_event_reasons.sw_thermal_slowdown, clocks_event_reasons.hw_thermal_slowdown
1, 62, Not Active, Not Active
2, 90, Active, Active
$ tail -n 2 logs/rank-02.log | cut -c1-120
2026-06-06T07:07:16.772Z rank=02 node=node01 gpu=2 step=1085 batch_wait_ms=0.3 compute_ms=6175.4 allreduce_enter_ms=6175
2026-06-06T07:07:23.117Z rank=02 node=node01 gpu=2 step=1086 batch_wait_ms=0.5 compute_ms=6197.2 allreduce_enter_ms=6197
$ tail -n 2 logs/rank-01.log | cut -c1-120
2026-06-06T07:07:16.772Z rank=01 node=node01 gpu=1 step=1085 batch_wait_ms=0.5 compute_ms=3074.5 allreduce_enter_ms=3075
2026-06-06T07:07:23.117Z rank=01 node=node01 gpu=1 step=1086 batch_wait_ms=0.5 compute_ms=3079.4 allreduce_enter_ms=3079
