/* test_net.c: unit tests of the network, storage and host tools (emulator/net_tools.h): the
 * nccl-tests and mpirun flag parsers, rank placement, and computed values against hand-computed
 * ones (busbw of 8x H100 on one node and across two nodes, a degraded HCA, the socket fallback),
 * NCCL_DEBUG lines, and the fault evidence in ibstat, perfquery, df, lspci and topo. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "net_harness.h"

/* ---- scenarios ---------------------------------------------------------------------------------- */

/* Two H100 nodes, 8 NDR rails each, no job (idle GPUs at full clock when tested), one NFS mount. */
#define BASE_YAML                                                                               \
    "title: t\nsummary: t\nseed: 7\nstart_time: 2026-03-14T09:00:00Z\n"                       \
    "cluster: {name: trn, gpu: H100, nodes: 2}\n"                                              \
    "storage:\n"                                                                               \
    "  - {name: data, type: nfs4, source: '10.0.0.5:/export/data', target: /data, size_tb: 45," \
    " used_tb: 24, read_mb_per_s: 8000, write_mb_per_s: 5000}\n"

static char *run_line(emu_world *w, const emu_command *cmd, const char *line, const char *const *env,
                      int *status)
{
    return net_run(w, cmd, 0, line, env, status);
}

/* The busbw of the out-of-place column of the row for size_bytes, or -1. */
static double busbw_at(const char *text, long long size_bytes)
{
    char key[32];
    snprintf(key, sizeof key, "%12lld ", size_bytes);
    const char *p = strstr(text, key);
    if (!p)
        return -1;
    long long size, count;
    char type[16], op[16];
    int root;
    char time[16];
    double algbw, busbw;
    if (sscanf(p, "%lld %lld %15s %15s %d %15s %lf %lf", &size, &count, type, op, &root, time, &algbw,
               &busbw) != 8)
        return -1;
    return busbw;
}

static double time_at(const char *text, long long size_bytes)
{
    char key[32];
    snprintf(key, sizeof key, "%12lld ", size_bytes);
    const char *p = strstr(text, key);
    if (!p)
        return -1;
    long long size, count;
    char type[16], op[16];
    int root;
    double t;
    if (sscanf(p, "%lld %lld %15s %15s %d %lf", &size, &count, type, op, &root, &t) != 6)
        return -1;
    return t;
}

/* ---- parsing ------------------------------------------------------------------------------------- */

static void test_parse_size(void **state)
{
    (void)state;
    assert_int_equal(emu_nccl_test_parse_size("8"), 8);
    assert_int_equal(emu_nccl_test_parse_size("1K"), 1024);
    assert_int_equal(emu_nccl_test_parse_size("32M"), 33554432);
    assert_int_equal(emu_nccl_test_parse_size("8G"), 8589934592LL);
    assert_int_equal(emu_nccl_test_parse_size("1X"), -1);
    assert_int_equal(emu_nccl_test_parse_size(""), -1);
    assert_int_equal(emu_nccl_test_parse_size("G"), -1);
    assert_int_equal(emu_nccl_test_parse_size("8GB"), -1);
    assert_int_equal(emu_nccl_test_parse_size("-1"), -1);
    assert_int_equal(emu_nccl_test_parse_size("99999999999999G"), -1);
}

static void test_parse_nccl_test_flags(void **state)
{
    (void)state;
    char err[256];
    emu_nccl_test_args a;
    char *argv1[] = {"all_reduce_perf", "-b", "8", "-e", "8G", "-f", "2", "-g", "8", "-n", "50",
                     "-w", "10", "-c", "0", "-o", "max", "-d", "half", NULL};
    assert_int_equal(emu_nccl_test_parse(19, argv1, &a, err, sizeof err), 0);
    assert_int_equal(a.min_bytes, 8);
    assert_int_equal(a.max_bytes, 8589934592LL);
    assert_int_equal(a.step_factor, 2);
    assert_int_equal(a.n_gpus, 8);
    assert_int_equal(a.iters, 50);
    assert_int_equal(a.warmup_iters, 10);
    assert_int_equal(a.check, 0);
    assert_int_equal(a.n_ops, 1);
    assert_string_equal(emu_nccl_test_op_name(a.ops[0]), "max");
    assert_int_equal(a.n_types, 1);
    assert_string_equal(emu_nccl_test_type_name(a.types[0]), "half");
    assert_int_equal(emu_nccl_test_type_size(a.types[0]), 2);

    /* defaults: -b 32M -e 32M, factor 1 so the step is -i (1 MiB), float sum */
    char *argv2[] = {"all_reduce_perf", NULL};
    assert_int_equal(emu_nccl_test_parse(1, argv2, &a, err, sizeof err), 0);
    assert_int_equal(a.min_bytes, 32 << 20);
    assert_int_equal(a.max_bytes, 32 << 20);
    assert_int_equal(a.step_factor, 1);
    assert_int_equal(a.step_bytes, 1 << 20);
    assert_string_equal(emu_nccl_test_type_name(a.types[0]), "float");

    /* long options, attached values, all types */
    char *argv3[] = {"all_reduce_perf", "--minbytes=1M", "--maxbytes", "4M", "-g8", "-d", "all", NULL};
    assert_int_equal(emu_nccl_test_parse(7, argv3, &a, err, sizeof err), 0);
    assert_int_equal(a.min_bytes, 1 << 20);
    assert_int_equal(a.max_bytes, 4 << 20);
    assert_int_equal(a.n_gpus, 8);
    assert_int_equal(a.n_types, EMU_NCCL_TEST_MAX_TYPES);

    /* errors in the tool's own words */
    char *bad1[] = {"all_reduce_perf", "-b", NULL};
    assert_int_equal(emu_nccl_test_parse(2, bad1, &a, err, sizeof err), -1);
    assert_non_null(strstr(err, "requires an argument -- 'b'"));
    char *bad2[] = {"all_reduce_perf", "-e", "4", "-b", "8", NULL};
    assert_int_equal(emu_nccl_test_parse(5, bad2, &a, err, sizeof err), -1);
    assert_non_null(strstr(err, "maxbytes < minbytes"));
    char *bad3[] = {"all_reduce_perf", "-x", NULL};
    assert_int_equal(emu_nccl_test_parse(2, bad3, &a, err, sizeof err), -1);
    assert_non_null(strstr(err, "invalid option -- 'x'"));
    char *bad4[] = {"all_reduce_perf", "-d", "float128", NULL};
    assert_int_equal(emu_nccl_test_parse(3, bad4, &a, err, sizeof err), -1);
    char *bad5[] = {"all_reduce_perf", "-g", "0", NULL};
    assert_int_equal(emu_nccl_test_parse(3, bad5, &a, err, sizeof err), -1);
    char *bad6[] = {"all_reduce_perf", "--nosuch", NULL};
    assert_int_equal(emu_nccl_test_parse(2, bad6, &a, err, sizeof err), -1);
    assert_non_null(strstr(err, "unrecognized option '--nosuch'"));
}

static void test_parse_mpirun(void **state)
{
    (void)state;
    char err[640];
    emu_mpirun_args m;
    char *argv1[] = {"mpirun", "-np", "16", "-H", "node01:8,node02:8", "-x", "NCCL_DEBUG=INFO",
                     "--bind-to", "none", "--mca", "btl", "^openib", "all_reduce_perf", "-g", "1", NULL};
    assert_int_equal(emu_mpirun_parse(15, argv1, &m, err, sizeof err), 0);
    assert_int_equal(m.np, 16);
    assert_int_equal(m.n_hosts, 2);
    assert_string_equal(m.hosts[0], "node01");
    assert_int_equal(m.slots[0], 8);
    assert_string_equal(m.hosts[1], "node02");
    assert_int_equal(m.slots[1], 8);
    assert_int_equal(m.n_exports, 1);
    assert_string_equal(m.exports[0], "NCCL_DEBUG=INFO");
    assert_int_equal(m.program, 12);

    /* --host with a host named twice: its slots add up; no slot count means one */
    char *argv2[] = {"mpirun", "--host", "node01,node01", "-H", "node02", "hostname", NULL};
    assert_int_equal(emu_mpirun_parse(6, argv2, &m, err, sizeof err), 0);
    assert_int_equal(m.n_hosts, 2);
    assert_int_equal(m.slots[0], 2);
    assert_int_equal(m.slots[1], 1);
    assert_int_equal(m.np, 0);

    char *bad1[] = {"mpirun", "--frobnicate", "x", NULL};
    assert_int_equal(emu_mpirun_parse(3, bad1, &m, err, sizeof err), -1);
    assert_non_null(strstr(err, "unknown option \"--frobnicate\""));
    char *bad2[] = {"mpirun", "-np", NULL};
    assert_int_equal(emu_mpirun_parse(2, bad2, &m, err, sizeof err), -1);
    char *bad3[] = {"mpirun", "-H", "node01:x", "a", NULL};
    assert_int_equal(emu_mpirun_parse(4, bad3, &m, err, sizeof err), -1);
    char *bad4[] = {"mpirun", "-np", "zero", "a", NULL};
    assert_int_equal(emu_mpirun_parse(4, bad4, &m, err, sizeof err), -1);
}

static void test_mpirun_place(void **state)
{
    (void)state;
    emu_catalog *cat;
    emu_world *w = net_world(BASE_YAML, &cat);
    assert_non_null(w);
    char err[640];
    emu_mpirun_args m;
    emu_rank_loc locs[EMU_MAX_RANKS];
    char *argv1[] = {"mpirun", "-np", "16", "-H", "node01:8,node02:8", "all_reduce_perf", NULL};
    assert_int_equal(emu_mpirun_parse(6, argv1, &m, err, sizeof err), 0);
    assert_int_equal(emu_mpirun_place(w, 0, &m, locs, EMU_MAX_RANKS, err, sizeof err), 16);
    assert_int_equal(locs[7].node, 0);
    assert_int_equal(locs[7].gpu, 7);
    assert_int_equal(locs[8].node, 1); /* rank 8 is node02's local rank 0 */
    assert_int_equal(locs[8].gpu, 0);

    char *argv2[] = {"mpirun", "-np", "17", "-H", "node01:8,node02:8", "all_reduce_perf", NULL};
    assert_int_equal(emu_mpirun_parse(6, argv2, &m, err, sizeof err), 0);
    assert_int_equal(emu_mpirun_place(w, 0, &m, locs, EMU_MAX_RANKS, err, sizeof err), -1);
    assert_non_null(strstr(err, "not enough slots"));

    char *argv3[] = {"mpirun", "-H", "node09:8", "all_reduce_perf", NULL};
    assert_int_equal(emu_mpirun_parse(4, argv3, &m, err, sizeof err), 0);
    assert_int_equal(emu_mpirun_place(w, 0, &m, locs, EMU_MAX_RANKS, err, sizeof err), -1);
    assert_non_null(strstr(err, "Could not resolve hostname node09"));

    /* no host list: the processes run where mpirun runs */
    char *argv4[] = {"mpirun", "-np", "4", "all_reduce_perf", NULL};
    assert_int_equal(emu_mpirun_parse(4, argv4, &m, err, sizeof err), 0);
    assert_int_equal(emu_mpirun_place(w, 1, &m, locs, EMU_MAX_RANKS, err, sizeof err), 4);
    assert_int_equal(locs[3].node, 1);
    assert_int_equal(locs[3].gpu, 3);
    emu_world_free(w);
    emu_catalog_free(cat);
}

/* ---- computed values ------------------------------------------------------------------------------ */

/* One H100 node, 8 GPUs on NVSwitch (model/nccl.c). NCCL 2.21's tuning picks NVLink SHARP (NVLS)
 * for large all-reduces: algbw = 18 links x 26.562 GB/s x 0.573 = 274 GB/s, busbw = 274 x 14/8
 * = 479 GB/s (~480 GB/s measured, nccl-tests#212). With NCCL_ALGO=Ring: 18 x 26.562 x 0.764 =
 * 365 GB/s busbw ("an effective NVLink bandwidth of 370GB/s", nccl-tests#212). Small messages go
 * Ring/LL: NCCL's latency 6.6 + 14 steps x 0.6 us = 15.0 us at 8 B. LL alone: NCCL caps it at
 * llMaxBw (141 GB/s on Hopper in one node), the links deliver 365/356 of that: ~145 GB/s. The
 * output varies by up to 2% run to run. */
static void test_single_node_busbw(void **state)
{
    (void)state;
    emu_catalog *cat;
    emu_world *w = net_world(BASE_YAML, &cat);
    int st;
    char *o = run_line(w, &emu_cmd_all_reduce_perf, "all_reduce_perf -b 8 -e 8G -f 2 -g 8", NULL, &st);
    assert_int_equal(st, 0);
    double bb = busbw_at(o, 8589934592LL);
    assert_true(bb > 469 && bb < 489);
    double t8 = time_at(o, 8);
    assert_true(t8 > 14.6 && t8 < 15.4);
    assert_non_null(strstr(o, "# nThread 1 nGpus 8 minBytes 8 maxBytes 8589934592 step: 2(factor)"));
    assert_non_null(strstr(o, "#  Rank  7 Group  0 Pid"));
    assert_non_null(strstr(o, "device  7 [0000:df:00] NVIDIA H100 80GB HBM3"));
    assert_non_null(strstr(o, "# Avg bus bandwidth    : "));
    assert_null(strstr(o, "NCCL INFO")); /* only with NCCL_DEBUG */
    free(o);

    /* the ring when asked for: ~365 GB/s busbw */
    const char *ring[] = {"NCCL_ALGO=Ring", NULL};
    o = run_line(w, &emu_cmd_all_reduce_perf, "all_reduce_perf -b 8G -e 8G -g 8", ring, &st);
    bb = busbw_at(o, 8589934592LL);
    assert_true(bb > 357 && bb < 373);
    free(o);
    /* NVLS off: the ring again */
    const char *nonvls[] = {"NCCL_NVLS_ENABLE=0", NULL};
    o = run_line(w, &emu_cmd_all_reduce_perf, "all_reduce_perf -b 8G -e 8G -g 8", nonvls, &st);
    bb = busbw_at(o, 8589934592LL);
    assert_true(bb > 357 && bb < 373);
    free(o);
    /* LL alone: NCCL's llMaxBw cap */
    const char *ll[] = {"NCCL_PROTO=LL", NULL};
    o = run_line(w, &emu_cmd_all_reduce_perf, "all_reduce_perf -b 8G -e 8G -g 8", ll, &st);
    bb = busbw_at(o, 8589934592LL);
    assert_true(bb > 141 && bb < 149);
    free(o);
    /* an algorithm NCCL cannot use here fails the way nccl-tests reports it */
    const char *collnet[] = {"NCCL_ALGO=CollNetDirect", "NCCL_DEBUG=WARN", NULL};
    o = run_line(w, &emu_cmd_all_reduce_perf, "all_reduce_perf -g 8", collnet, &st);
    assert_int_equal(st, 1);
    assert_non_null(strstr(o, "enqueue.cc:1528 NCCL WARN Error : no algorithm/protocol available\n")); /* 2.21.5 */
    assert_non_null(strstr(o, "Test NCCL failure"));
    free(o);
    /* more GPUs than the node has */
    o = run_line(w, &emu_cmd_all_reduce_perf, "all_reduce_perf -g 9", NULL, &st);
    assert_int_equal(st, 1);
    assert_non_null(strstr(o, "'invalid device ordinal'"));
    free(o);
    emu_world_free(w);
    emu_catalog_free(cat);
}

/* Two nodes x 8 GPUs, 8 NDR (400 Gb/s) rails a node (DGX H100 user guide: 8 ConnectX-7). NCCL
 * 2.21 picks NVLSTree for large all-reduces across two H100 nodes: algbw = 8 rails x 50 GB/s x
 * 0.96 (InfiniBand) x 0.716 (NVLSTree, NVIDIA/nccl#1221) = 275 GB/s, busbw x 30/16 = 515 GB/s.
 * The ring (NCCL_ALGO=Ring): the node crossing carries 8 x 48 = 384 GB/s ("48-49GB/s per NIC"
 * at NDR, nccl-tests#267); NVLink carries 7 of each node's 8 hops, 365 x 8/7 = 417 GB/s, so the
 * NICs bound it at ~384 GB/s (370-390 on the NCCL page). One rail at HDR 200 Gb/s bounds every
 * channel (NCCL keeps the slowest NIC's speed for all): the ring 8 x 24 = 192 GB/s, NVLSTree
 * 192 x 0.716 = 137 GB/s algbw, 258 GB/s busbw. Sockets over the 200 Gb/s bond: 25 GB/s x 0.2 =
 * 5 GB/s for the ring, 5 x 0.716 x 30/16 = 6.7 GB/s busbw for NVLSTree (NCCL's search sees the
 * bond's 25 GB/s, so it still picks NVLSTree). */
static void test_two_node_busbw(void **state)
{
    (void)state;
    emu_catalog *cat;
    emu_world *w = net_world(BASE_YAML, &cat);
    int st;
    const char *line = "mpirun -np 16 -H node01:8,node02:8 all_reduce_perf -b 8G -e 8G -g 1";
    char *o = run_line(w, &emu_cmd_mpirun, line, NULL, &st);
    assert_int_equal(st, 0);
    double bb = busbw_at(o, 8589934592LL);
    assert_true(bb > 504 && bb < 526);
    assert_non_null(strstr(o, "#  Rank  8 Group  0 Pid"));
    assert_non_null(strstr(o, "on     node02 device  0"));
    free(o);
    const char *ring[] = {"NCCL_ALGO=Ring", NULL};
    o = run_line(w, &emu_cmd_mpirun, line, ring, &st);
    bb = busbw_at(o, 8589934592LL);
    assert_true(bb > 376 && bb < 392);
    free(o);

    const char *off[] = {"NCCL_IB_DISABLE=1", NULL};
    o = run_line(w, &emu_cmd_mpirun, line, off, &st);
    bb = busbw_at(o, 8589934592LL);
    assert_true(bb > 6.4 && bb < 7.0);
    free(o);
    const char *off_ring[] = {"NCCL_IB_DISABLE=1", "NCCL_ALGO=Ring", NULL};
    o = run_line(w, &emu_cmd_mpirun, line, off_ring, &st);
    bb = busbw_at(o, 8589934592LL);
    assert_true(bb > 4.8 && bb < 5.2);
    free(o);

    /* srun places the same ranks through Slurm: node[01-02], eight tasks a node */
    o = run_line(w, &emu_cmd_srun, "srun -w node[01-02] --ntasks-per-node=8 all_reduce_perf -b 8G -e 8G -g 1",
                 NULL, &st);
    assert_int_equal(st, 0);
    bb = busbw_at(o, 8589934592LL);
    assert_true(bb > 504 && bb < 526);
    assert_non_null(strstr(o, "#  Rank 15 Group  0 Pid"));
    free(o);
    o = run_line(w, &emu_cmd_srun, "srun -w node[01,09] hostname", NULL, &st);
    assert_int_equal(st, 1);
    assert_non_null(strstr(o, "Invalid node name specified: node09"));
    free(o);
    o = run_line(w, &emu_cmd_srun, "srun -N 2 --ntasks-per-node=1 hostname", NULL, &st);
    assert_string_equal(o, "node01\nnode02\n");
    free(o);

    /* -x passes the variable to the ranks */
    o = run_line(w, &emu_cmd_mpirun,
                 "mpirun -np 16 -H node01:8,node02:8 -x NCCL_IB_DISABLE=1 all_reduce_perf -b 8G -e 8G -g 1",
                 NULL, &st);
    bb = busbw_at(o, 8589934592LL);
    assert_true(bb > 6.4 && bb < 7.0);
    free(o);
    emu_world_free(w);
    emu_catalog_free(cat);

    w = net_world(BASE_YAML "faults:\n  - {kind: hca_degraded, node: node02, hca: mlx5_4, rate_gbit_per_s: 200}\n", &cat);
    assert_non_null(w);
    o = run_line(w, &emu_cmd_mpirun, line, NULL, &st);
    bb = busbw_at(o, 8589934592LL);
    assert_true(bb > 252 && bb < 264);
    free(o);
    o = run_line(w, &emu_cmd_mpirun, line, ring, &st);
    bb = busbw_at(o, 8589934592LL);
    assert_true(bb > 188 && bb < 196);
    free(o);
    /* node01 alone is still fast */
    o = run_line(w, &emu_cmd_all_reduce_perf, "all_reduce_perf -b 8G -e 8G -g 8", NULL, &st);
    bb = busbw_at(o, 8589934592LL);
    assert_true(bb > 469 && bb < 489);
    free(o);
    /* ib_write_bw over that rail runs at the slower port: HDR 200 Gb/s x 0.98 wire efficiency */
    o = net_run(w, &emu_cmd_ib_write_bw, 1, "ib_write_bw -d mlx5_4 --report_gbits node01", NULL, &st);
    assert_int_equal(st, 0);
    const char *row = strstr(o, "\n 65536 ");
    assert_non_null(row);
    long sz, it;
    double peak, avg;
    assert_int_equal(sscanf(row, " %ld %ld %lf %lf", &sz, &it, &peak, &avg), 4);
    assert_true(avg > 193 && avg < 197);
    free(o);
    o = net_run(w, &emu_cmd_ib_write_bw, 1, "ib_write_bw -d mlx5_3 --report_gbits node01", NULL, &st);
    row = strstr(o, "\n 65536 ");
    assert_non_null(row);
    assert_int_equal(sscanf(row, " %ld %ld %lf %lf", &sz, &it, &peak, &avg), 4);
    assert_true(avg > 388 && avg < 394);
    free(o);
    /* ethtool on its netdev (ibp79s0) reports the negotiated speed in Mb/s */
    o = net_run(w, &emu_cmd_ethtool, 1, "ethtool ibp79s0", NULL, &st);
    assert_non_null(strstr(o, "\tSpeed: 200000Mb/s\n"));
    assert_non_null(strstr(o, "\tLink detected: yes\n"));
    free(o);
    o = net_run(w, &emu_cmd_ethtool, 0, "ethtool ibp79s0", NULL, &st);
    assert_non_null(strstr(o, "\tSpeed: 400000Mb/s\n"));
    free(o);
    /* and ibstat on node02 shows the port's rate */
    o = net_run(w, &emu_cmd_ibstat, 1, "ibstat mlx5_4", NULL, &st);
    assert_non_null(strstr(o, "\t\tRate: 200\n"));
    assert_non_null(strstr(o, "\t\tState: Active\n"));
    free(o);
    emu_world_free(w);
    emu_catalog_free(cat);
}

static void test_nccl_debug_lines(void **state)
{
    (void)state;
    emu_catalog *cat;
    emu_world *w = net_world(BASE_YAML, &cat);
    int st;
    const char *line = "mpirun -np 16 -H node01:8,node02:8 all_reduce_perf -b 1M -e 1M -g 1";
    const char *info[] = {"NCCL_DEBUG=INFO", NULL};
    char *o = run_line(w, &emu_cmd_mpirun, line, info, &st);
    assert_int_equal(st, 0);
    assert_non_null(strstr(o, "\nNCCL version 2.21.5+cuda12.4\n")); /* bare, on stdout (init.cc showVersion) */
    assert_null(strstr(o, "NCCL INFO NCCL version"));
    assert_non_null(strstr(o, "NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/RoCE"));
    assert_non_null(strstr(o, "NCCL INFO Using network IB"));
    assert_non_null(strstr(o, "Channel 00/0 : 0[0] -> 1[1] via P2P/CUMEM")); /* one process a rank */
    assert_non_null(strstr(o, "Channel 00/0 : 7[7] -> 15[7] [send] via NET/IB/9/GDRDMA"));
    assert_non_null(strstr(o, "Channel 00/0 : 7[7] -> 15[7] [receive] via NET/IB/9/GDRDMA"));
    /* the hops between nodes stay on one rail and move rail every second channel */
    assert_non_null(strstr(o, "Channel 02/0 : 9[1] -> 1[1] [receive] via NET/IB/3/GDRDMA"));
    assert_non_null(strstr(o, "Channel 00/16 :    0   1   2   3   4   5   6   7  15  14")); /* " %3d" */
    assert_non_null(strstr(o, "NCCL INFO Connected all rings\n"));
    assert_null(strstr(o, "use ring PXN")); /* 2.24+ */
    assert_null(strstr(o, "GPU Direct RDMA Enabled")); /* NET only, not in the default INIT,ENV */
    assert_non_null(strstr(o, "nranks 16 cudaDev 7 nvmlDev 7 busId df000"));
    free(o);

    /* NCCL_IB_HCA naming no HCA: no IB device, socket fallback */
    const char *mismatch[] = {"NCCL_DEBUG=INFO", "NCCL_IB_HCA==mlx5_bond_0", NULL};
    o = run_line(w, &emu_cmd_mpirun, line, mismatch, &st);
    assert_non_null(strstr(o, "NCCL INFO NCCL_IB_HCA set to =mlx5_bond_0"));
    assert_non_null(strstr(o, "NCCL INFO NET/IB : No device found."));
    assert_non_null(strstr(o, "NCCL INFO NET/Socket : Using [0]bond0:10.0.0.11<0>"));
    assert_non_null(strstr(o, "[send] via NET/Socket/0"));
    free(o);

    /* P2P disabled: the rings' intra-node hops go through shared memory, at 0.44 of an x16 Gen5
     * link (63 GB/s): 27.7 GB/s busbw; NVLS still runs (its paths are GPU to NVSwitch, which
     * NCCL_P2P_DISABLE does not touch), so a large all-reduce keeps its ~479 GB/s */
    const char *nop2p[] = {"NCCL_DEBUG=INFO", "NCCL_P2P_DISABLE=1", "NCCL_NVLS_ENABLE=0", NULL};
    o = run_line(w, &emu_cmd_all_reduce_perf, "all_reduce_perf -b 8G -e 8G -g 8", nop2p, &st);
    assert_non_null(strstr(o, "via SHM/direct/direct"));
    assert_non_null(strstr(o, "NCCL INFO NCCL_P2P_DISABLE set by environment to 1."));
    double bb = busbw_at(o, 8589934592LL);
    assert_true(bb > 27 && bb < 28.5);
    free(o);
    const char *nop2p_nvls[] = {"NCCL_P2P_DISABLE=1", NULL};
    o = run_line(w, &emu_cmd_all_reduce_perf, "all_reduce_perf -b 8G -e 8G -g 8", nop2p_nvls, &st);
    bb = busbw_at(o, 8589934592LL);
    assert_true(bb > 469 && bb < 489);
    free(o);

    /* NCCL_SOCKET_IFNAME naming an interface without an address: bootstrap fails */
    const char *ifname[] = {"NCCL_DEBUG=WARN", "NCCL_SOCKET_IFNAME=eth0", NULL};
    o = run_line(w, &emu_cmd_all_reduce_perf, "all_reduce_perf -g 8", ifname, &st);
    assert_int_equal(st, 1);
    assert_non_null(strstr(o, "NCCL WARN Bootstrap : no socket interface found"));
    free(o);
    emu_world_free(w);
    emu_catalog_free(cat);

    /* libibverbs missing on node02: 2.21.5 says so at INFO (misc/ibvsymbols.cc), then sockets */
    w = net_world(BASE_YAML "faults:\n  - {kind: verbs_missing, node: node02}\n", &cat);
    o = run_line(w, &emu_cmd_mpirun, line, info, &st);
    assert_non_null(strstr(o, "node02:"));
    assert_non_null(strstr(o, "NCCL INFO Failed to open libibverbs.so[.1]"));
    assert_non_null(strstr(o, "Using network Socket"));
    free(o);
    o = net_run(w, &emu_cmd_ibv_devinfo, 1, "ibv_devinfo", NULL, &st);
    assert_int_equal(st, 127);
    assert_non_null(strstr(o, "libibverbs.so.1: cannot open shared object file"));
    free(o);
    emu_world_free(w);
    emu_catalog_free(cat);
}

/* ---- InfiniBand, storage and host evidence ------------------------------------------------------- */

static uint64_t counter(const char *text, const char *label)
{
    const char *p = strstr(text, label);
    if (!p)
        return (uint64_t)-1;
    p += strlen(label);
    while (*p == ':' || *p == '.')
        p++;
    return strtoull(p, NULL, 10);
}

static void test_perfquery_counters(void **state)
{
    (void)state;
    emu_catalog *cat;
    emu_world *w = net_world(BASE_YAML "faults:\n  - {kind: link_errors, node: node01, hca: mlx5_3, rate_per_s: 2}\n", &cat);
    assert_non_null(w);
    int st;
    char *o = run_line(w, &emu_cmd_perfquery, "perfquery -C mlx5_3", NULL, &st);
    assert_int_equal(st, 0);
    assert_non_null(strstr(o, "# Port counters: Lid 101 port 1"));
    uint64_t before = counter(o, "SymbolErrorCounter");
    assert_true(before >= 1800 && before < 1900); /* 2/s since its default onset, 900 s before the start */
    free(o);
    /* -r reads then resets: the next read starts from zero */
    o = run_line(w, &emu_cmd_perfquery, "perfquery -r -C mlx5_3", NULL, &st);
    free(o);
    o = run_line(w, &emu_cmd_perfquery, "perfquery -C mlx5_3", NULL, &st);
    assert_int_equal(counter(o, "SymbolErrorCounter"), 0);
    assert_int_equal(counter(o, "LinkDownedCounter"), 0);
    free(o);
    /* and grows again with simulated time: 2 per second for 100 s */
    emu_world_advance(w, 100);
    o = run_line(w, &emu_cmd_perfquery, "perfquery -x -C mlx5_3", NULL, &st);
    uint64_t after = counter(o, "SymbolErrorCounter");
    assert_true(after >= 199 && after <= 201);
    assert_non_null(strstr(o, "# Port extended counters"));
    free(o);
    /* a LID reads that port anywhere in the fabric: node02's rail 1 */
    o = run_line(w, &emu_cmd_perfquery, "perfquery 117 1", NULL, &st);
    assert_int_equal(st, 0);
    assert_non_null(strstr(o, "Lid 117 port 1"));
    free(o);
    /* 32-bit data counters saturate without -x */
    o = run_line(w, &emu_cmd_perfquery, "perfquery", NULL, &st);
    assert_int_equal(counter(o, "PortXmitData"), 4294967295u);
    free(o);
    o = run_line(w, &emu_cmd_perfquery, "perfquery -C mlx5_1", NULL, &st);
    assert_int_equal(st, 255); /* an Ethernet port has no UMAD port */
    free(o);
    /* the marginal port's receive errors show in ip -s link too, and grow with time */
    o = run_line(w, &emu_cmd_ip, "ip -s link show ibp64s0", NULL, &st);
    assert_int_equal(st, 0);
    assert_non_null(strstr(o, "ibp64s0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 4092"));
    const char *rx = strstr(o, "RX:  bytes");
    assert_non_null(rx);
    rx = strchr(rx, '\n');
    unsigned long long bytes, pkts, errs;
    assert_int_equal(sscanf(rx, "%llu %llu %llu", &bytes, &pkts, &errs), 3);
    assert_true(errs >= 20); /* since the reset: a ninth of 2 symbol errors/s, 100 s */
    free(o);
    emu_world_free(w);
    emu_catalog_free(cat);
}

static void test_storage_tools(void **state)
{
    (void)state;
    emu_catalog *cat;
    emu_world *w = net_world(BASE_YAML "faults:\n  - {kind: storage_full, mount: data}\n", &cat);
    assert_non_null(w);
    int st;
    char *o = run_line(w, &emu_cmd_df, "df -h /data", NULL, &st);
    assert_int_equal(st, 0);
    /* 45 TB = 40.9 TiB, shown rounded up as 41T; full: nothing available, 100% */
    assert_non_null(strstr(o, "10.0.0.5:/export/data   41T   41T     0 100% /data"));
    free(o);
    o = run_line(w, &emu_cmd_mount, "mount -t nfs4", NULL, &st);
    assert_non_null(strstr(o, "10.0.0.5:/export/data on /data type nfs4 (rw,"));
    assert_null(strstr(o, " on /proc "));
    free(o);
    o = run_line(w, &emu_cmd_iostat, "iostat -x", NULL, &st);
    assert_non_null(strstr(o, "r_await rareq-sz"));
    assert_non_null(strstr(o, "aqu-sz  %util"));
    assert_null(strstr(o, "/data")); /* network file systems are not block devices */
    free(o);
    emu_world_free(w);
    emu_catalog_free(cat);

    /* competing writers on the input mount raise the NFS read latency the client sees */
    w = net_world(BASE_YAML "job: {nodes: [node01, node02], input: data}\n", &cat);
    assert_non_null(w);
    o = run_line(w, &emu_cmd_nfsiostat, "nfsiostat /data", NULL, &st);
    double rtt_calm = 0;
    const char *p = strstr(o, "read:");
    assert_non_null(p);
    p = strchr(p, '\n');
    double ops, kbs, kbop, rtt;
    int retrans;
    assert_int_equal(sscanf(p, "%lf %lf %lf %d (0.0%%) %lf", &ops, &kbs, &kbop, &retrans, &rtt), 5);
    rtt_calm = rtt;
    free(o);
    emu_world_free(w);
    emu_catalog_free(cat);
    w = net_world(BASE_YAML "job: {nodes: [node01, node02], input: data}\n"
                            "faults:\n  - {kind: checkpoint_writers, mount: data, count: 4, rate_mb_per_s: 1200}\n",
                  &cat);
    assert_non_null(w);
    o = run_line(w, &emu_cmd_nfsiostat, "nfsiostat /data", NULL, &st);
    p = strchr(strstr(o, "read:"), '\n');
    assert_int_equal(sscanf(p, "%lf %lf %lf %d (0.0%%) %lf", &ops, &kbs, &kbop, &retrans, &rtt), 5);
    assert_true(rtt > 5 * rtt_calm);
    free(o);
    emu_world_free(w);
    emu_catalog_free(cat);
}

/* iostat on a local input: each of the node's 8 ranks reads micro_batch x grad_accum samples of
 * sample_bytes every step (a 1B-parameter model: ~0.5 s steps, ~150 MB/s), so rkB/s = 8 x 2 x 4 x 1 MiB / step_s / 1024 (+ 20 kB/s of other reads),
 * within the 4% sample spread; requests are large (128 KiB) above 50 MB/s. */
static void test_iostat_local_input(void **state)
{
    (void)state;
    emu_catalog *cat;
    emu_world *w = net_world(BASE_YAML "  - {name: scratch, type: ext4, source: /dev/nvme0n1p1, target: /scratch,"
                                       " size_tb: 7.6, read_mb_per_s: 6500, write_mb_per_s: 3500}\n"
                                       "job: {nodes: [node01, node02], input: scratch, micro_batch: 2, grad_accum: 4,"
                                       " sample_bytes: 1048576, model_params_b: 1}\n",
                             &cat);
    assert_non_null(w);
    int st;
    char *o = run_line(w, &emu_cmd_iostat, "iostat -d -y 1 1", NULL, &st);
    assert_int_equal(st, 0);
    assert_null(strstr(o, "avg-cpu")); /* -d: devices only */
    const char *p = strstr(o, "\nnvme0n1 ");
    assert_non_null(p);
    double r_s, rkb_s, rrqm, prrqm, r_await, rareq;
    assert_int_equal(sscanf(p + 1, "nvme0n1 %lf %lf %lf %lf %lf %lf", &r_s, &rkb_s, &rrqm, &prrqm, &r_await, &rareq), 6);
    emu_step_timing *t = malloc(sizeof *t);
    assert_non_null(t);
    assert_int_equal(emu_job_step_timing(w, emu_job_current_step(w), t), 0);
    double expected = (8.0 * 2 * 4 * 1048576 / (t->step_ms / 1e3) + 2e4) / 1024.0;
    free(t);
    assert_true(rkb_s > expected * 0.95 && rkb_s < expected * 1.05);
    assert_true(rareq == 128.0);
    assert_true(r_s > rkb_s / 128.0 * 0.99 && r_s < rkb_s / 128.0 * 1.01);
    free(o);
    emu_world_free(w);
    emu_catalog_free(cat);
}

static void test_host_topology(void **state)
{
    (void)state;
    emu_catalog *cat;
    emu_world *w = net_world(BASE_YAML "faults:\n  - {kind: acs_redirect, node: node01, switch: 2}\n"
                                       "  - {kind: nvlink_down, node: node01, gpu: 3, link: 5}\n",
                             &cat);
    assert_non_null(w);
    int st;
    /* switch 2's upstream bus is 4e: its downstream port 4e:01.0 leads to GPU 2 */
    char *o = run_line(w, &emu_cmd_lspci, "lspci -vvv -s 4e:01.0", NULL, &st);
    assert_int_equal(st, 0);
    assert_non_null(strstr(o, "ACSCtl:\tSrcValid+ TransBlk- ReqRedir+ CmpltRedir+"));
    free(o);
    o = run_line(w, &emu_cmd_lspci, "lspci -vvv -s 17:01.0", NULL, &st);
    assert_non_null(strstr(o, "ReqRedir- CmpltRedir-"));
    free(o);
    o = run_line(w, &emu_cmd_lspci, "lspci -tv", NULL, &st);
    assert_non_null(strstr(o, "-[17-1b]--+-00.0-[18]----00.0  Mellanox Technologies MT2910 Family [ConnectX-7]"));
    free(o);
    emu_command topo = {"nvidia-smi", emu_nvidia_smi_topo, "", "", NULL, .cost = EMU_COST_TOOL};
    o = run_line(w, &topo, "topo -m", NULL, &st);
    assert_non_null(strstr(o, "GPU0\t X \tNV18\tNV18\tNV17\t"));     /* GPU3 has 17 links up */
    assert_non_null(strstr(o, "NV18\tPIX\tNODE\tNODE\tNODE\tNODE\tNODE\tSYS")); /* GPU0 to NIC0 */
    assert_non_null(strstr(o, "  NIC9: mlx5_11\n"));
    free(o);
    emu_command nvlink = {"nvidia-smi", emu_nvidia_smi_nvlink, "", "", NULL, .cost = EMU_COST_TOOL};
    o = run_line(w, &nvlink, "nvlink -s -i 3", NULL, &st);
    assert_non_null(strstr(o, "\t Link 5: <inactive>\n"));
    assert_non_null(strstr(o, "\t Link 4: 26.562 GB/s\n"));
    free(o);
    o = run_line(w, &emu_cmd_numactl, "numactl --hardware", NULL, &st);
    assert_non_null(strstr(o, "available: 2 nodes (0-1)\n"));
    assert_non_null(strstr(o, "  0:  10  21 \n"));
    free(o);
    emu_world_free(w);
    emu_catalog_free(cat);
}

/* The other nccl-tests binaries, by their PERFORMANCE.md factors. 8x H100, 8 GiB:
 *   all_gather: t = 7 (0.85 + 8 GiB / 8 / 360e3) us = 20884 us, algbw 411.3, busbw x 7/8 = 359.9
 *   broadcast:  t = 7 x 0.85 + 8 GiB / 360e3 = 23867 us, busbw = algbw = 359.9
 * 2 nodes x 8, alltoall of 1 GiB: each node sends 8 x 1 GiB x 8/16 through 8 x 47 GB/s of NICs:
 *   t = 15 x 1.15 + 11422 us, algbw 93.9, busbw x 15/16 = 88.0 (a quarter of all-reduce's). */
static void test_other_collectives(void **state)
{
    (void)state;
    emu_catalog *cat;
    emu_world *w = net_world(BASE_YAML, &cat);
    int st;
    char *o = net_run(w, &emu_cmd_all_gather_perf, 0, "all_gather_perf -b 8G -e 8G -g 8", NULL, &st);
    assert_int_equal(st, 0);
    double bb = busbw_at(o, 8589934592LL);
    assert_true(bb > 352 && bb < 368);
    assert_non_null(strstr(o, "     float    none      -1 "));
    free(o);
    o = net_run(w, &emu_cmd_broadcast_perf, 0, "broadcast_perf -b 8G -e 8G -g 8", NULL, &st);
    bb = busbw_at(o, 8589934592LL);
    assert_true(bb > 352 && bb < 368);
    assert_non_null(strstr(o, "     float    none       0 "));
    free(o);
    o = net_run(w, &emu_cmd_mpirun, 0, "mpirun -np 16 -H node01:8,node02:8 alltoall_perf -b 1G -e 1G", NULL, &st);
    bb = busbw_at(o, 1073741824LL);
    assert_true(bb > 85 && bb < 91);
    free(o);
    /* reduce_scatter keeps the op; sizes round down to whole elements a rank */
    o = net_run(w, &emu_cmd_reduce_scatter_perf, 0, "reduce_scatter_perf -b 100 -e 100 -g 8 -o max", NULL, &st);
    assert_non_null(strstr(o, "          96            24     float     max      -1 "));
    free(o);
    emu_world_free(w);
    emu_catalog_free(cat);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_size),
        cmocka_unit_test(test_parse_nccl_test_flags),
        cmocka_unit_test(test_parse_mpirun),
        cmocka_unit_test(test_mpirun_place),
        cmocka_unit_test(test_single_node_busbw),
        cmocka_unit_test(test_two_node_busbw),
        cmocka_unit_test(test_other_collectives),
        cmocka_unit_test(test_nccl_debug_lines),
        cmocka_unit_test(test_perfquery_counters),
        cmocka_unit_test(test_storage_tools),
        cmocka_unit_test(test_iostat_local_input),
        cmocka_unit_test(test_host_topology),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
