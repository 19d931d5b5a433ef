/* test_model.c: unit tests of the cluster model's formulas against hand-computed values: the ring
 * all-reduce (alpha-beta) and busbw factor, NCCL transport selection and its fallbacks, GPU clocks
 * from temperature, power cap and power brake, shared-storage contention and the data loader's
 * batch wait, the step timing of a late rank, scenario errors with line and column, and the
 * deterministic samples. Each expected value is worked out in the comment beside it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "lab.h"
#include "labs/labs.h"
#include "model/fabric.h"
#include "model/gpu.h"
#include "model/hca.h"
#include "model/job.h"
#include "model/model.h"
#include "model/nccl.h"
#include "model/repair.h"
#include "model/rng.h"
#include "model/run.h"
#include "model/scenario.h"
#include "model/steps.h"
#include "model/storage.h"
#include "model/telemetry.h"
#include "model/world.h"
#include "out.h"
#include "tools/tools.h"

#define NEAR(a, b, tol) assert_true(fabs((double)(a) - (double)(b)) <= (tol))
static double fabs(double x) { return x < 0 ? -x : x; }

/* A two-node H100 cluster with a running 16-rank job, plus the faults given. */
static const char base_yaml[] =
    "title: t\nsummary: s\nseed: 7\nstart_time: 2026-03-14T09:00:00Z\n"
    "cluster: {gpu: H100, nodes: 2}\n"
    "storage:\n"
    "  - {name: data, type: nfs4, source: 'n:/d', target: /data, read_mb_per_s: 6000,"
    " write_mb_per_s: 4000, metadata_latency_ms: 0.5}\n"
    "job: {model_params_b: 7, micro_batch: 1, grad_accum: 4, seq_len: 4096, compute_efficiency: 0.4,"
    " optimizer_ms: 25, loader_workers: 6, sample_bytes: 16384, files_per_sample: 0.01,"
    " decode_ms_per_sample: 3, input: data}\n";

typedef struct fixture {
    emu_catalog *catalog;
    emu_world *world;
} fixture;

static emu_world *world_with(fixture *f, const char *faults)
{
    char yaml[4096];
    snprintf(yaml, sizeof yaml, "%s%s", base_yaml, faults ? faults : "");
    f->catalog = emu_catalog_new();
    assert_non_null(f->catalog);
    char *err = NULL;
    int rc = emu_catalog_add(f->catalog, "t", yaml, strlen(yaml), "t.yaml", &err);
    if (rc != 0)
        fprintf(stderr, "%s", err);
    assert_int_equal(rc, 0);
    f->world = emu_world_new(f->catalog, emu_catalog_find(f->catalog, "t"), 0, &err);
    assert_non_null(f->world);
    return f->world;
}

static void done(fixture *f)
{
    emu_world_free(f->world);
    emu_catalog_free(f->catalog);
}

static void place(emu_rank_loc *ranks, int nodes)
{
    for (int n = 0; n < nodes; n++)
        for (int g = 0; g < 8; g++)
            ranks[n * 8 + g] = (emu_rank_loc){n, g};
}

/* ---- formulas ------------------------------------------------------------------------------------ */

static void test_busbw_factor(void **state)
{
    (void)state;
    /* busbw = algbw * 2(n-1)/n: 8 ranks -> 1.75, 16 -> 1.875 (nccl-tests PERFORMANCE.md) */
    NEAR(emu_busbw_gb_per_s(100, 8), 175.0, 1e-9);
    NEAR(emu_busbw_gb_per_s(100, 16), 187.5, 1e-9);
    NEAR(emu_busbw_gb_per_s(100, 1), 100.0, 1e-9);
    /* algbw = S / t: 8e9 bytes in 40000 us = 200 GB/s */
    NEAR(emu_algbw_gb_per_s(8e9, 40000), 200.0, 1e-9);
    NEAR(emu_algbw_gb_per_s(8e9, 0), 0.0, 0);
}

/* NCCL's choice, from its own tuning model (tuning.cc of 2.21.5) over the graphs it finds: LL for
 * small messages, NVLink SHARP for large ones in one H100 node, NVLSTree across two, Ring across
 * more; NCCL_ALGO restricts the choice, and one that leaves nothing is an error. */
static void test_nccl_choice(void **state)
{
    (void)state;
    fixture f;
    emu_world *w = world_with(&f, NULL);
    emu_rank_loc ranks[16];
    place(ranks, 2);
    emu_nccl_plan plan;
    emu_nccl_cost c;
    assert_int_equal(emu_nccl_plan_make(w, ranks, 8, NULL, &plan), 0);
    /* the graphs: rings of 12 channels at 30 GB/s (6 x 60 doubled), NVLS 8 heads at 50 */
    assert_int_equal(plan.graphs[EMU_ALGO_RING].n_channels, 12);
    NEAR(plan.graphs[EMU_ALGO_RING].bw_intra, 30.0, 1e-9);
    assert_int_equal(plan.graphs[EMU_ALGO_NVLS].n_channels, 8);
    NEAR(plan.graphs[EMU_ALGO_NVLS].bw_intra, 50.0, 1e-9);
    assert_int_equal(plan.n_channels, 24);
    /* the model's latencies: Ring/LL 6.6 + 14 x 0.6 = 15 us; NVLS 25 us */
    NEAR(plan.latency_us[EMU_COLL_ALL_REDUCE][EMU_ALGO_RING][EMU_PROTO_LL], 15.0, 1e-9);
    NEAR(plan.latency_us[EMU_COLL_ALL_REDUCE][EMU_ALGO_NVLS][EMU_PROTO_SIMPLE], 25.0, 1e-9);
    /* and bandwidths: Ring/Simple 12 x 30 x 8/14; NVLS 8 x 50 x 5/6 */
    NEAR(plan.bandwidth_gb_per_s[EMU_COLL_ALL_REDUCE][EMU_ALGO_RING][EMU_PROTO_SIMPLE], 360.0 * 8 / 14, 1e-9);
    NEAR(plan.bandwidth_gb_per_s[EMU_COLL_ALL_REDUCE][EMU_ALGO_NVLS][EMU_PROTO_SIMPLE], 400.0 * 5 / 6, 1e-9);
    assert_int_equal(emu_nccl_cost_of(&plan, EMU_COLL_ALL_REDUCE, 8, &c), 0);
    assert_int_equal(c.algo, EMU_ALGO_RING);
    assert_int_equal(c.proto, EMU_PROTO_LL);
    NEAR(c.time_us, 15.0, 0.01);
    assert_int_equal(emu_nccl_cost_of(&plan, EMU_COLL_ALL_REDUCE, 8e9, &c), 0);
    assert_int_equal(c.algo, EMU_ALGO_NVLS);
    /* what it takes: NVLS's measured 0.573 of 18 x 26.562 GB/s as algbw: ~480 GB/s busbw */
    NEAR(emu_busbw_gb_per_s(emu_algbw_gb_per_s(8e9, c.time_us), 8), 479.0, 1.0);
    /* NCCL_ALGO=Ring: the ring at 0.764 of the links: ~365 GB/s */
    emu_nccl_env env = {.gdr_level = -1, .nvls_enable = -1, .algo = "Ring"};
    assert_int_equal(emu_nccl_plan_make(w, ranks, 8, &env, &plan), 0);
    assert_int_equal(emu_nccl_cost_of(&plan, EMU_COLL_ALL_REDUCE, 8e9, &c), 0);
    assert_int_equal(c.algo, EMU_ALGO_RING);
    NEAR(emu_busbw_gb_per_s(emu_algbw_gb_per_s(8e9, c.time_us), 8), 365.0, 1.0);
    /* two nodes: NVLSTree for large messages */
    assert_int_equal(emu_nccl_plan_make(w, ranks, 16, NULL, &plan), 0);
    assert_int_equal(emu_nccl_cost_of(&plan, EMU_COLL_ALL_REDUCE, 8e9, &c), 0);
    assert_int_equal(c.algo, EMU_ALGO_NVLS_TREE);
    /* NVLS alone is single-node without CollNet: nothing is left */
    env.algo = "NVLS";
    assert_int_equal(emu_nccl_plan_make(w, ranks, 16, &env, &plan), 0);
    assert_int_equal(emu_nccl_cost_of(&plan, EMU_COLL_ALL_REDUCE, 8e9, &c), -1);
    /* one rank costs nothing here (the tools time a local copy themselves) */
    assert_int_equal(emu_nccl_plan_make(w, ranks, 1, NULL, &plan), 0);
    NEAR(emu_allreduce_time_us(&plan, 8e9), 0.0, 0);
    done(&f);
}

/* ---- NCCL plans ---------------------------------------------------------------------------------- */

static void test_plan_healthy(void **state)
{
    (void)state;
    fixture f;
    emu_world *w = world_with(&f, NULL);
    emu_rank_loc ranks[16];
    place(ranks, 2);
    emu_nccl_plan plan;
    /* one node: the NVLink ring at 0.764 of 18 x 26.562 GB/s = 365.3 GB/s */
    assert_int_equal(emu_nccl_plan_make(w, ranks, 8, NULL, &plan), 0);
    assert_int_equal(plan.intra, EMU_TRANSPORT_P2P);
    assert_int_equal(plan.inter, EMU_TRANSPORT_NONE);
    NEAR(plan.bw_gb_per_s, 18 * 26.562 * 0.764, 1e-9);
    /* two nodes: 8 NDR rails x 400/8 x 0.96 = 384 GB/s across; inside, NVLink carries 7 of
     * each node's 8 ring hops: 365.3 x 8/7 = 417.5 GB/s, so the NICs bound the ring */
    assert_int_equal(emu_nccl_plan_make(w, ranks, 16, NULL, &plan), 0);
    assert_int_equal(plan.inter, EMU_TRANSPORT_NET_IB);
    assert_int_equal(plan.fallback, EMU_FALLBACK_NONE);
    NEAR(plan.inter_bw_gb_per_s, 384.0, 1e-9);
    NEAR(plan.intra_bw_gb_per_s, 18 * 26.562 * 0.764, 1e-9);
    NEAR(plan.bw_gb_per_s, 384.0, 1e-9);
    assert_true(plan.gdr[0] && plan.gdr[1]);
    assert_int_equal(__builtin_popcount(plan.hca_mask[0]), 8);
    assert_int_equal(plan.n_channels, 16);
    /* one rank per node uses its own rail: 1 x 48 = 48 GB/s */
    emu_rank_loc pair[2] = {{0, 3}, {1, 3}};
    assert_int_equal(emu_nccl_plan_make(w, pair, 2, NULL, &plan), 0);
    NEAR(plan.bw_gb_per_s, 48.0, 1e-9);
    assert_int_equal(plan.hca_mask[0], 1u << emu_node_find_hca(w, 0, "mlx5_5"));
    /* a bad rank is an error */
    emu_rank_loc bad[1] = {{5, 0}};
    assert_int_equal(emu_nccl_plan_make(w, bad, 1, NULL, &plan), -1);
    done(&f);
}

static void test_plan_degraded_hca(void **state)
{
    (void)state;
    fixture f;
    emu_world *w = world_with(&f, "faults:\n  - {kind: hca_degraded, node: node02, hca: mlx5_4, "
                                  "rate_gbit_per_s: 200}\n");
    emu_rank_loc ranks[16];
    place(ranks, 2);
    emu_nccl_plan plan;
    assert_int_equal(emu_nccl_plan_make(w, ranks, 16, NULL, &plan), 0);
    /* 8 rails at the slowest one: 8 x 200/8 x 0.96 = 192 GB/s, below NVLink's 365 */
    NEAR(plan.bw_gb_per_s, 192.0, 1e-9);
    assert_int_equal(plan.slow_node, 1);
    assert_int_equal(plan.slow_hca, emu_node_find_hca(w, 1, "mlx5_4"));
    assert_int_equal(w->nodes[1].hcas[plan.slow_hca].rate_gbit_per_s, 200);
    /* node01 alone is unaffected */
    assert_int_equal(emu_nccl_plan_make(w, ranks, 8, NULL, &plan), 0);
    NEAR(plan.bw_gb_per_s, 18 * 26.562 * 0.764, 1e-9);
    done(&f);
}

static void test_plan_socket_fallbacks(void **state)
{
    (void)state;
    fixture f;
    emu_world *w = world_with(&f, NULL);
    emu_rank_loc ranks[16];
    place(ranks, 2);
    emu_nccl_plan plan;
    emu_nccl_env env = {.gdr_level = -1, .ib_disable = true};
    /* sockets over the 200 Gb/s bond: 200/8 x 0.2 = 5 GB/s */
    assert_int_equal(emu_nccl_plan_make(w, ranks, 16, &env, &plan), 0);
    assert_int_equal(plan.inter, EMU_TRANSPORT_NET_SOCKET);
    assert_int_equal(plan.fallback, EMU_FALLBACK_IB_DISABLED);
    NEAR(plan.bw_gb_per_s, 5.0, 1e-9);
    /* NCCL_IB_HCA matching nothing: "NET/IB : No device found." */
    env = (emu_nccl_env){.gdr_level = -1, .ib_hca = "=mlx5_bond_0"};
    assert_int_equal(emu_nccl_plan_make(w, ranks, 16, &env, &plan), 0);
    assert_int_equal(plan.fallback, EMU_FALLBACK_NO_DEVICE);
    /* a prefix list keeps the matching rails only: mlx5_0 and mlx5_3 -> 2 x 48 = 96 GB/s */
    env = (emu_nccl_env){.gdr_level = -1, .ib_hca = "=mlx5_0,mlx5_3"};
    assert_int_equal(emu_nccl_plan_make(w, ranks, 16, &env, &plan), 0);
    assert_int_equal(plan.inter, EMU_TRANSPORT_NET_IB);
    NEAR(plan.bw_gb_per_s, 96.0, 1e-9);
    /* excluding one rail: 7 x 48 = 336 */
    env = (emu_nccl_env){.gdr_level = -1, .ib_hca = "^=mlx5_0"};
    assert_int_equal(emu_nccl_plan_make(w, ranks, 16, &env, &plan), 0);
    NEAR(plan.bw_gb_per_s, 336.0, 1e-9);
    done(&f);

    w = world_with(&f, "faults:\n  - {kind: verbs_missing, node: node02}\n");
    assert_int_equal(emu_nccl_plan_make(w, ranks, 16, NULL, &plan), 0);
    assert_int_equal(plan.fallback, EMU_FALLBACK_NO_VERBS);
    assert_int_equal(plan.inter, EMU_TRANSPORT_NET_SOCKET);
    done(&f);

    /* the job's own environment carries a mismatch fault */
    w = world_with(&f, "faults:\n  - {kind: nccl_hca_mismatch}\n");
    emu_nccl_env_from_job(w, &env);
    assert_string_equal(env.ib_hca, "=mlx5_bond_0");
    assert_int_equal(emu_nccl_plan_make(w, ranks, 16, &env, &plan), 0);
    assert_int_equal(plan.fallback, EMU_FALLBACK_NO_DEVICE);
    done(&f);
}

static void test_plan_gdr_acs_collision(void **state)
{
    (void)state;
    fixture f;
    emu_rank_loc ranks[16];
    place(ranks, 2);
    emu_nccl_plan plan;
    /* no GPUDirect RDMA on node01: each NIC's traffic crosses its switch's Gen5 uplink twice,
     * 63 x 0.8 / 2 = 25.2 GB/s a rail: 8 x 25.2 = 201.6 GB/s */
    emu_world *w = world_with(&f, "faults:\n  - {kind: gdr_unavailable, node: node01}\n");
    assert_int_equal(emu_nccl_plan_make(w, ranks, 16, NULL, &plan), 0);
    assert_false(plan.gdr[0]);
    assert_true(plan.gdr[1]);
    NEAR(plan.bw_gb_per_s, 201.6, 1e-9);
    done(&f);
    /* ACS redirect on switch 2: rail 2's NIC the same way, and the ring runs at its slowest
     * rail: 8 x 25.2 = 201.6 GB/s */
    w = world_with(&f, "faults:\n  - {kind: acs_redirect, node: node02, switch: 2}\n");
    assert_int_equal(emu_nccl_plan_make(w, ranks, 16, NULL, &plan), 0);
    NEAR(plan.bw_gb_per_s, 201.6, 1e-9);
    done(&f);
    /* a routing collision between the two nodes halves their path: 384 / 2 = 192 */
    w = world_with(&f, "faults:\n  - {kind: routing_collision, node: node01, peer: node02}\n");
    assert_int_equal(emu_nccl_plan_make(w, ranks, 16, NULL, &plan), 0);
    NEAR(plan.bw_gb_per_s, 192.0, 1e-9);
    done(&f);
    /* an NVLink down on one GPU: that GPU's ring edge has 17 of 18 links: 17 x 26.562 x 0.764 */
    w = world_with(&f, "faults:\n  - {kind: nvlink_down, node: node01, gpu: 3, link: 4}\n");
    assert_int_equal(emu_nccl_plan_make(w, ranks, 8, NULL, &plan), 0);
    NEAR(plan.bw_gb_per_s, 17 * 26.562 * 0.764, 1e-9);
    assert_int_equal(emu_gpu_links_up(w, 0, 3), 17);
    assert_int_equal(w->nodes[0].gpus[3].xids[0].code, 74);
    done(&f);
}

/* ---- GPU clocks ---------------------------------------------------------------------------------- */

static void test_gpu_clocks(void **state)
{
    (void)state;
    fixture f;
    emu_world *w = world_with(&f,
                              "faults:\n"
                              "  - {kind: gpu_thermal, node: node01, gpu: 1, temp_c: 90}\n"
                              "  - {kind: gpu_thermal, node: node01, gpu: 2, temp_c: 88}\n"
                              "  - {kind: gpu_power_cap, node: node01, gpu: 3, limit_w: 400}\n"
                              "  - {kind: gpu_power_brake, node: node01, gpu: 4}\n");
    /* healthy: max clock, no reason, draw near 690 W */
    NEAR(emu_gpu_slowdown(w, 0, 0), 1.0, 1e-12);
    assert_int_equal(emu_gpu_clock_event_reasons(w, 0, 0), 0);
    assert_int_equal(emu_gpu_sm_clock_mhz(w, 0, 0), 1980);
    NEAR(emu_gpu_power_draw_w(w, 0, 0), 690, 15);
    /* 90 C >= 89 C slowdown: HW slowdown halves the clock: 990 MHz; past the 87 C max operating
     * temperature SW Thermal Slowdown is active too: reasons 0x08 | 0x40 | 0x20 = 0x68 */
    NEAR(emu_gpu_slowdown(w, 0, 1), 2.0, 1e-12);
    assert_int_equal(emu_gpu_clock_event_reasons(w, 0, 1),
                     EMU_CER_HW_SLOWDOWN | EMU_CER_HW_THERMAL | EMU_CER_SW_THERMAL);
    NEAR(emu_gpu_sm_clock_mhz(w, 0, 1), 990, 30);
    /* 88 C, 1 C over the 87 C max operating temperature: SW thermal, 1980 x 0.9 = 1782 MHz */
    NEAR(1980.0 / emu_gpu_slowdown(w, 0, 2), 1782.0, 1e-9);
    assert_int_equal(emu_gpu_clock_event_reasons(w, 0, 2), EMU_CER_SW_THERMAL);
    /* 400 W cap: f = 1980 x cbrt((400 - 160) / (690 - 160)) = 1980 x 0.76786 = 1520.4 MHz */
    NEAR(1980.0 / emu_gpu_slowdown(w, 0, 3), 1520.4, 0.1);
    assert_int_equal(emu_gpu_clock_event_reasons(w, 0, 3), EMU_CER_SW_POWER_CAP);
    assert_true(emu_gpu_power_draw_w(w, 0, 3) <= 400.0);
    /* power brake: 0.19 x 1980 = 376.2 MHz, reasons 0x08 | 0x80, and two PSU events in the SEL */
    NEAR(1980.0 / emu_gpu_slowdown(w, 0, 4), 376.2, 1e-9);
    assert_int_equal(emu_gpu_clock_event_reasons(w, 0, 4), EMU_CER_HW_SLOWDOWN | EMU_CER_HW_POWER_BRAKE);
    /* idle GPUs (node without the job? all busy here) report the idle clock when no job runs */
    done(&f);
}

/* SW Power Capping counts from the driver's load (nvidia-smi -q's Clocks Event Reasons Counters,
 * NVML's violation time: both since the driver loaded): a reboot starts it again, whatever earlier
 * limits counted, so it never exceeds the node's uptime. */
static void test_capping_counter_since_boot(void **state)
{
    (void)state;
    fixture f;
    emu_world *w = world_with(&f, "faults:\n  - {kind: gpu_power_cap, node: node01, gpu: 3, limit_w: 400}\n");
    emu_world_advance(w, 1200);
    double held = emu_gpu_power_capping_s(w, 0, 3);
    assert_true(held > 1000); /* a limit under the load's draw holds it all along */
    assert_int_equal(emu_gpu_set_power_limit(w, 0, 3, 700), EMU_REPAIR_OK);
    NEAR(emu_gpu_power_capping_s(w, 0, 3), held, 1.0); /* the counter keeps what it counted */
    emu_node_power_cycle(w, 0);
    emu_world_advance(w, 300);
    double up = w->now_s - w->nodes[0].boot_time_s;
    assert_true(up > 0 && up < 300);
    if (emu_gpu_power_capping_s(w, 0, 3) > up + 1e-6)
        fail_msg("SW Power Capping %.0f s after a reboot %.0f s ago", emu_gpu_power_capping_s(w, 0, 3), up);
    done(&f);
}

/* The SW Power Capping counter does not depend on how the clock got to an instant: one long
 * advance across a power-cap fault's onset counts what many short ones do, within the spread of
 * the per-second samples (the old limit's seconds are counted at their expected share in one,
 * one by one in the other: about 0.32 x 1,800 = 576 s held at the default limit for a healthy
 * H100, the binomial spread of that sqrt(1800 x 0.32 x 0.68) = 20 s). Before the fix the long
 * advance settled the old limit's seconds up to its end, 600 s short of it, and the fault's
 * fold then counted the same 1,800 s again under the new limit. */
static void test_capping_one_long_advance(void **state)
{
    (void)state;
    static const char fault[] =
        "faults:\n  - {kind: gpu_power_cap, node: node01, gpu: 3, limit_w: 400, onset_s: 1200}\n";
    fixture a, b;
    emu_world *wa = world_with(&a, fault), *wb = world_with(&b, fault);
    emu_world_advance(wa, 3600);
    for (int k = 0; k < 36; k++)
        emu_world_advance(wb, 100);
    assert_true(wa->now_s == wb->now_s);
    double one = emu_gpu_power_capping_s(wa, 0, 3), many = emu_gpu_power_capping_s(wb, 0, 3);
    if (fabs(one - many) > 80)
        fail_msg("SW Power Capping after one 3,600 s advance %.0f s, after 36 of 100 s %.0f s", one, many);
    /* and the 400 W limit held the GPU for all of the 2,400 s since its onset */
    assert_true(many >= 2400 && one >= 2400);
    done(&a);
    done(&b);
}

/* SW Power Capping keeps what it counted when the job ends and when it starts again: the driver's
 * counter counts while the limit held the clocks and does not forget it when the load goes
 * (before the fix the seconds still inside the exact window, up to 600 s, and those not yet
 * settled were recounted under the new run's start and read 0). */
static void test_capping_survives_job_end(void **state)
{
    (void)state;
    fixture f;
    emu_world *w = world_with(&f, "faults:\n  - {kind: gpu_power_cap, node: node01, gpu: 3, limit_w: 400}\n");
    emu_world_advance(w, 1200);
    double running = emu_gpu_power_capping_s(w, 0, 3);
    emu_job_cancel(w);
    emu_world_advance(w, 120);
    double cancelled = emu_gpu_power_capping_s(w, 0, 3);
    if (cancelled < running - 1e-6)
        fail_msg("SW Power Capping %.0f s while the job ran, %.0f s after scancel", running, cancelled);
    /* an idle GPU is not held by its limit: the counter stops with the job */
    if (cancelled > running + 2)
        fail_msg("SW Power Capping grew from %.0f s to %.0f s on an idle GPU", running, cancelled);
    emu_submit o = {0, 0, NULL, NULL, -1, 0};
    assert_true(emu_job_submit(w, &o) > 0);
    emu_world_advance(w, 1);
    double restarted = emu_gpu_power_capping_s(w, 0, 3);
    if (restarted < cancelled - 1e-6)
        fail_msg("SW Power Capping %.0f s after scancel, %.0f s once the job started again", cancelled, restarted);
    emu_world_advance(w, 900);
    assert_true(emu_gpu_power_capping_s(w, 0, 3) >= restarted + 800); /* held again under load */
    done(&f);
}

/* The lazy settle (each GPU settles when read: telemetry.c's emu_capping_step) counts what the
 * settle of every GPU at every step of the clock counts (emu_world_caches_off runs that one):
 * steps short and longer than the 600 s window (the gaps between windows count at their
 * expected share), a power cap's onset inside a long step, a read between them, a restart of
 * the job, on healthy H100s (a share of 0.32 of their seconds: each one counted) and capped
 * ones. */
static void test_capping_lazy_as_eager(void **state)
{
    (void)state;
    static const char faults[] =
        "faults:\n  - {kind: gpu_power_cap, node: node02, gpu: 5, limit_w: 400, onset_s: 2500}\n";
    static const double steps[] = {1, 0.6, 2, 900, 3, 1.5, 4000, 0.4, 30, 700, 1, 20000, 2, 601, 5};
    double got[2][16];
    for (int mode = 0; mode < 2; mode++) {
        fixture f;
        emu_world_caches_off = mode == 1;
        emu_world *w = world_with(&f, faults);
        for (size_t k = 0; k < sizeof steps / sizeof steps[0]; k++) {
            emu_world_advance(w, steps[k]);
            if (k == 4)
                (void)emu_gpu_power_capping_s(w, 0, 2); /* one GPU read midway (settles it) */
            if (k == 9) {
                emu_job_cancel(w);
                emu_world_advance(w, 120);
                emu_submit o = {0, 0, NULL, NULL, -1, 0};
                assert_true(emu_job_submit(w, &o) > 0);
            }
        }
        for (int g = 0; g < 8; g++) {
            got[mode][g] = emu_gpu_power_capping_s(w, 0, g);
            got[mode][8 + g] = emu_gpu_power_capping_s(w, 1, g);
        }
        emu_world_caches_off = false;
        done(&f);
    }
    for (int k = 0; k < 16; k++)
        if (fabs(got[0][k] - got[1][k]) > 1e-6)
            fail_msg("node%02d GPU %d: SW Power Capping %.6f s settled lazily, %.6f s at every step", k / 8 + 1,
                     k % 8, got[0][k], got[1][k]);
    assert_true(got[0][0] > 100 && got[0][13] > got[0][12]); /* counted, and the cap counts more */
}

/* The thermal and power-brake counters are cumulative like SW Power Capping: an episode that
 * ends keeps what it counted (NVML's NVML_FI_DEV_CLOCKS_EVENT_REASON_* field values, DCGM's
 * DCGM_FI_DEV_CLOCKS_EVENT_REASON_*_NS: time since the driver loaded). GPU 1 held at 90 C (over
 * the H100's 89 C slowdown and 87 C max operating temperature: SW and HW thermal) and GPU 4's
 * power brake both end 600 s into the lab; before the fix nvidia-smi counted only the present
 * episode and read 0 once it ended. */
static void test_reason_counters_cumulative(void **state)
{
    (void)state;
    fixture f;
    emu_world *w = world_with(&f, "faults:\n  - {kind: gpu_thermal, node: node01, gpu: 1, temp_c: 90, end_s: 600}\n"
                                  "  - {kind: gpu_power_brake, node: node01, gpu: 4, end_s: 600}\n");
    static const uint32_t reasons[3] = {EMU_CER_SW_THERMAL, EMU_CER_HW_THERMAL, EMU_CER_HW_POWER_BRAKE};
    static const int gpus[3] = {1, 1, 4};
    double during[3], after[3];
    emu_world_advance(w, 300);
    for (int k = 0; k < 3; k++) {
        during[k] = emu_gpu_reason_held_s(w, 0, gpus[k], reasons[k]);
        assert_true(during[k] >= 300); /* active since before the lab */
    }
    emu_world_advance(w, 600);
    assert_int_equal(emu_gpu_clock_event_reasons(w, 0, 1) & (EMU_CER_SW_THERMAL | EMU_CER_HW_THERMAL), 0);
    for (int k = 0; k < 3; k++) {
        after[k] = emu_gpu_reason_held_s(w, 0, gpus[k], reasons[k]);
        /* the 300 s until the end are added, nothing after it */
        if (fabs(after[k] - (during[k] + 300)) > 0.05)
            fail_msg("reason 0x%x: %.2f s at 300 s, %.2f s at 900 s (ended at 600 s)", reasons[k], during[k], after[k]);
    }
    /* the capping counter of a healthy GPU and the others stay as they are across the end */
    assert_true(emu_gpu_reason_held_s(w, 0, 0, EMU_CER_HW_THERMAL) == 0);
    /* a reboot: the driver counts from zero again */
    emu_node_power_cycle(w, 0);
    emu_world_advance(w, 10);
    assert_true(emu_gpu_reason_held_s(w, 0, 4, EMU_CER_HW_POWER_BRAKE) == 0);
    assert_true(emu_gpu_reason_held_s(w, 0, 1, EMU_CER_SW_THERMAL) == 0);
    done(&f);
}

/* The cable a port gets by default carries the port's rate, on InfiniBand and on Ethernet (a
 * 200 GbE RoCE port showed mlxlink -m's 100GbE copper cable), and on every node of a RoCE
 * cluster (tests/emulator/fixtures/hca-4.yaml: NDR200 over Ethernet). */
static void test_default_cable_carries_rate(void **state)
{
    (void)state;
    static const int rates[] = {10, 25, 40, 50, 56, 100, 200, 400};
    for (int eth = 0; eth < 2; eth++)
        for (size_t i = 0; i < sizeof rates / sizeof rates[0]; i++) {
            const emu_module_spec *m = emu_module_spec_default(rates[i], eth);
            assert_non_null(m);
            if (m->max_rate_gbit_per_s < rates[i])
                fail_msg("%s port at %d Gb/s: default %s carries %d Gb/s", eth ? "Ethernet" : "InfiniBand", rates[i],
                         m->part_number, m->max_rate_gbit_per_s);
        }
    emu_catalog *cat = emu_catalog_new();
    assert_non_null(cat);
    size_t len = 0;
    char *yaml = hb_read_file("tests/emulator/fixtures/hca-4.yaml", &len);
    assert_non_null(yaml);
    char *err = NULL;
    assert_int_equal(emu_catalog_add(cat, "hca-4", yaml, len, "hca-4.yaml", &err), 0);
    emu_world *w = emu_world_new(cat, emu_catalog_find(cat, "hca-4"), 0, &err);
    assert_non_null(w);
    int checked = 0;
    for (int n = 0; n < w->n_nodes; n++)
        for (int h = 0; h < w->nodes[n].n_hcas; h++) {
            emu_module_reading r;
            emu_hca_module(w, n, h, &r);
            const emu_hca *hc = &w->nodes[n].hcas[h];
            checked++;
            if (r.spec->max_rate_gbit_per_s < hc->expected_rate_gbit_per_s)
                fail_msg("%s of node %d (%d Gb/s%s): cable %s of %d Gb/s", hc->name, n, hc->expected_rate_gbit_per_s,
                         hc->ethernet ? ", Ethernet" : "", r.spec->part_number, r.spec->max_rate_gbit_per_s);
        }
    assert_true(checked >= 8);
    emu_world_free(w);
    emu_catalog_free(cat);
    free(yaml);
}

/* ---- storage and batch wait ------------------------------------------------------------------------ */

static void test_storage_contention(void **state)
{
    (void)state;
    fixture f;
    emu_world *w = world_with(&f, "faults:\n  - {kind: checkpoint_writers, mount: data, count: 3, "
                                  "rate_mb_per_s: 1250}\n");
    /* writers: 3 x 1250 = 3750 MB/s of the 4000 MB/s write capacity */
    NEAR(emu_mount_write_now_mb_per_s(w, 0), 3750.0, 1e-9);
    /* they take 3750/4000 of the read capacity: 6000 - 5625 = 375 MB/s left */
    NEAR(emu_mount_read_available_mb_per_s(w, 0), 375.0, 1e-9);
    /* metadata: utilisation 0.9 x 3750/4000 = 0.84375, 0.5 ms / 0.15625 = 3.2 ms */
    NEAR(emu_mount_metadata_latency_ms(w, 0), 3.2, 1e-9);
    assert_int_equal(emu_world_find_mount(w, "/data/shard-0001.tar"), 0);
    assert_int_equal(emu_world_find_mount(w, "/database"), -1);
    done(&f);
}

/* A Lustre save is bounded by its writers' streams (EMU_LUSTRE_STREAM_WRITE_BYTES_PER_S each),
 * then by the nodes' links and the servers: rank 0 alone writes 98 GB at one stream's 1 GB/s
 * (98 s, not the 4.1 s of its 200 Gb/s link), 16 ranks on two nodes at 16 GB/s. */
static void test_lustre_save_streams(void **state)
{
    (void)state;
    const char *yaml =
        "title: t\nsummary: s\nseed: 7\nstart_time: 2026-03-14T09:00:00Z\n"
        "cluster: {gpu: H100, nodes: 2}\n"
        "storage:\n"
        "  - {name: lus, type: lustre, source: '10.0.0.251@o2ib:/lustrefs', target: /lustre,"
        " read_mb_per_s: 40000, write_mb_per_s: 25000}\n"
        "job: {model_params_b: 7, micro_batch: 1, grad_accum: 2, seq_len: 4096, checkpoints: lus,"
        " checkpoint_interval: 100, checkpoint_writer: %s}\n";
    const char *writers[] = {"rank0", "all"};
    const double want_s[] = {98.0, 98.0 / 16};
    for (int k = 0; k < 2; k++) {
        char text[1024];
        snprintf(text, sizeof text, yaml, writers[k]);
        emu_catalog *cat = emu_catalog_new();
        char *err = NULL;
        assert_int_equal(emu_catalog_add(cat, "t", text, strlen(text), "t.yaml", &err), 0);
        emu_world *w = emu_world_new(cat, emu_catalog_find(cat, "t"), 0, &err);
        assert_non_null(w);
        NEAR(emu_run_checkpoint_bytes(w), 98e9, 1e-3);
        NEAR(emu_run_save_s(w), want_s[k], 1e-9);
        /* dd is one stream too */
        NEAR(emu_mount_streams_write_cap_bytes_per_s(w, 0, 0, 1), EMU_LUSTRE_STREAM_WRITE_BYTES_PER_S, 1e-9);
        emu_world_free(w);
        emu_catalog_free(cat);
    }
}

static void test_batch_wait(void **state)
{
    (void)state;
    fixture f;
    /* the input-wait shape: 16 ranks, micro-batch 16 x 600 kB images, 6 workers, 3 writers */
    const char *yaml =
        "title: t\nsummary: s\ncluster: {gpu: H100, nodes: 2}\n"
        "storage:\n  - {name: lustre, type: lustre, source: 'x@o2ib:/l', target: /lustre,"
        " read_mb_per_s: 6000, write_mb_per_s: 4000, metadata_latency_ms: 0.5}\n"
        "job: {model_params_b: 1.3, micro_batch: 16, grad_accum: 2, seq_len: 512, compute_efficiency: 0.2,"
        " optimizer_ms: 20, loader_workers: 6, sample_bytes: 600000, files_per_sample: 1,"
        " decode_ms_per_sample: 3, input: lustre}\n"
        "faults:\n  - {kind: checkpoint_writers, mount: lustre, count: 3, rate_mb_per_s: 1250}\n";
    f.catalog = emu_catalog_new();
    char *err = NULL;
    assert_int_equal(emu_catalog_add(f.catalog, "iw", yaml, strlen(yaml), "iw.yaml", &err), 0);
    f.world = emu_world_new(f.catalog, emu_catalog_find(f.catalog, "iw"), 0, &err);
    assert_non_null(f.world);
    /* per-rank share 375/16 = 23.4375 MB/s; one worker gets 1/6 of it:
     *   io    = 9.6e6 B / 23.4375e6 B/s x 6 = 2457.6 ms
     *   files = 16 x 1 x 3.2 ms             =   51.2 ms
     *   cpu   = 16 x 3 ms (208 CPUs for 48 workers: no shortage) = 48 ms
     *   fetch = 2556.8 ms, supplied every 2556.8/6 = 426.13 ms;
     *   compute = 6 x 1.3e9 x 16384 tokens / (989e12 x 0.2) = 646.08 ms, consumed every 323.04 ms
     *   wait  = (426.13 - 323.04) x 2 micro-batches = 206.18 ms per step */
    double compute = 6 * 1.3e9 * 16384 / (989e12 * 0.2) * 1e3;
    NEAR(f.world->job.compute_ms, compute, 1e-6);
    NEAR(emu_job_batch_wait_ms(f.world, 0), (2556.8 / 6 - compute / 2) * 2, 1e-3);
    NEAR(emu_job_batch_wait_ms(f.world, 15), (2556.8 / 6 - compute / 2) * 2, 1e-3);
    done(&f);
}

static void test_step_late_rank(void **state)
{
    (void)state;
    fixture f;
    emu_world *w = world_with(&f, "faults:\n  - {kind: gpu_thermal, node: node02, gpu: 5, temp_c: 90}\n");
    emu_step_timing *t = malloc(sizeof *t);
    assert_non_null(t);
    assert_int_equal(emu_job_step_timing(w, -1, t), 0);
    /* compute from FLOPs: 6 x 7e9 x 16384 tokens / (989e12 x 0.4) = 1739.45 ms; rank 13 = node02
     * GPU 5 computes at half clock: twice that */
    double compute = 6 * 7e9 * 16384 / (989e12 * 0.4) * 1e3;
    assert_int_equal(t->last_rank, 13);
    NEAR(t->compute_ms[13], 2 * compute, 1e-6);
    NEAR(t->compute_ms[0], compute, 1e-6);
    /* every other rank waits the difference in the all-reduce */
    NEAR(t->collective_wait_ms[0], compute, 1e-6);
    NEAR(t->collective_wait_ms[13], 0.0, 1e-9);
    /* the all-reduce of 2 x 7e9 bytes of gradients is the NCCL model's, the same nccl-tests sees */
    emu_rank_loc ranks[16];
    place(ranks, 2);
    emu_nccl_plan plan;
    emu_nccl_env env;
    emu_nccl_env_from_job(w, &env);
    assert_int_equal(emu_nccl_plan_make(w, ranks, 16, &env, &plan), 0);
    NEAR(t->allreduce_ms, emu_allreduce_time_us(&plan, 14e9) / 1e3, 1e-9);
    /* step = the last arrival + the all-reduce + the optimizer (25 ms, at half clock 50) */
    NEAR(t->step_ms, 2 * compute + t->allreduce_ms + 50, 1e-6);
    NEAR(w->job.nominal_step_ms, t->step_ms, 1e-9);
    NEAR(t->tokens_per_s, 64.0 * 4096 / (t->step_ms / 1e3), 0.5);
    /* the reported TFLOP/s never exceeds the peak: here 6 x 7e9 x 16384 / step */
    NEAR(t->tflops_per_gpu, 6 * 7e9 * 16384 / (t->step_ms / 1e3) / 1e12, 1e-9);
    assert_true(t->tflops_per_gpu < 989);
    assert_int_equal(emu_job_rank_of(w, 1, 5), 13);
    free(t);
    done(&f);
}

/* A repair changes the steps after it, not the ones already run: a GPU capped at 450 W computes
 * its steps slower; once its limit is set back to 700 W the steps that started after the change
 * are healthy, while the steps before it keep the figures the step log wrote for them. */
static void test_repair_keeps_history(void **state)
{
    (void)state;
    fixture f;
    emu_world *w = world_with(&f, "faults:\n  - {kind: gpu_power_cap, node: node02, gpu: 5, limit_w: 450}\n");
    emu_step_timing *t = malloc(sizeof *t);
    assert_non_null(t);
    long before = emu_job_current_step(w) - 2;
    assert_int_equal(emu_job_step_timing(w, before, t), 0);
    double capped = t->compute_ms[13], peer = t->compute_ms[0];
    assert_true(capped > 1.15 * peer);
    emu_world_advance(w, 5);
    assert_int_equal(emu_gpu_set_power_limit(w, 1, 5, 700), EMU_REPAIR_OK);
    emu_world_advance(w, 30);
    long after = emu_job_current_step(w) - 1;
    assert_true(after > before + 5);
    assert_int_equal(emu_job_step_timing(w, after, t), 0);
    NEAR(t->compute_ms[13] / t->compute_ms[0], 1.0, 0.03);
    /* the step before the repair still reads as it ran, in the step log and the rank log */
    assert_int_equal(emu_job_step_timing(w, before, t), 0);
    NEAR(t->compute_ms[13], capped, 1e-9);
    assert_int_equal(t->last_rank, 13);
    emu_rank_step rs;
    assert_int_equal(emu_job_rank_step(w, before, 13, &rs), 0);
    NEAR(rs.compute_ms, capped, 1e-9);
    free(t);
    done(&f);
}

/* Twenty changes of the step time (a power limit set and set back, again and again) keep every
 * step where it ran: the timeline's segments grow instead of dropping the older ones (they once
 * stopped at eight, and the ninth rewrote the times of the steps in the second). */
static void test_many_retimes_keep_history(void **state)
{
    (void)state;
    fixture f;
    emu_world *w = world_with(&f, NULL);
    long probe[21];
    double at[21];
    for (int k = 0; k < 20; k++) {
        probe[k] = emu_job_current_step(w);
        at[k] = emu_job_step_start_s(w, probe[k]);
        assert_int_equal(emu_gpu_set_power_limit(w, 1, 5, k % 2 ? 700 : 400), EMU_REPAIR_OK);
        emu_world_advance(w, 40);
    }
    assert_true(w->run.n_segments > 8);
    for (int k = 0; k < 20; k++)
        NEAR(emu_job_step_start_s(w, probe[k]), at[k], 1e-6);
    done(&f);
}

/* The job's traffic on a compute port grows at the all-reduce's bytes per step over the step
 * time, and not at all once the run has stopped (a hung rank). */
static void test_traffic_follows_steps(void **state)
{
    (void)state;
    fixture f;
    emu_world *w = world_with(&f, "faults:\n  - {kind: rank_hang, node: node02, gpu: 3, onset_s: 600}\n");
    int h = emu_node_find_hca(w, 0, "mlx5_0");
    emu_hca_counters c0, c1, c2;
    emu_hca_counters_now(w, 0, h, &c0);
    emu_world_advance(w, 300);
    emu_hca_counters_now(w, 0, h, &c1);
    int ports = 0;
    for (int i = 0; i < w->nodes[0].n_hcas; i++)
        ports += w->nodes[0].hcas[i].compute;
    double rate = emu_job_node_allreduce_bytes(w, 0) / ports / (w->job.nominal_step_ms / 1e3);
    NEAR((double)(c1.xmit_data - c0.xmit_data) * 4 / 300 / rate, 1.0, 0.05);
    assert_true(rate * 8 < w->nodes[0].hcas[h].rate_gbit_per_s * 1e9); /* under the line rate */
    emu_world_advance(w, 900); /* past the hang at 600 s */
    emu_hca_counters_now(w, 0, h, &c1);
    emu_world_advance(w, 600);
    emu_hca_counters_now(w, 0, h, &c2);
    assert_int_equal(c2.xmit_data, c1.xmit_data);
    assert_int_equal(c2.rcv_data, c1.rcv_data);
    done(&f);
}

/* A port that goes down keeps what it counted (its counters live in the adapter): exactly what
 * it had at the onset, which includes what it carried up to it; the port at the other end of
 * its ring received exactly what it sent, and nothing once it is down, while it keeps sending
 * itself; and a port that stays up never counts backwards when another goes down and comes
 * back. */
static void test_port_down_keeps_traffic(void **state)
{
    (void)state;
    fixture f;
    emu_world *w = world_with(&f, "faults:\n  - {kind: hca_down, node: node01, hca: mlx5_0, onset_s: 120, end_s: 400}\n");
    int h = emu_node_find_hca(w, 0, "mlx5_0"), other = emu_node_find_hca(w, 1, "mlx5_0");
    emu_hca_counters a0, b0, a_onset, a1, b1, a2, b2;
    emu_world_advance(w, 100);
    emu_hca_counters_now(w, 0, h, &a0);
    emu_hca_counters_now(w, 1, other, &b0);
    emu_world_advance(w, 20); /* the onset */
    emu_hca_counters_now(w, 0, h, &a_onset);
    emu_world_advance(w, 80); /* down since 120 s */
    emu_hca_counters_now(w, 0, h, &a1);
    emu_hca_counters_now(w, 1, other, &b1);
    assert_true(a_onset.xmit_data > a0.xmit_data && a_onset.rcv_data > a0.rcv_data);
    assert_int_equal(a1.xmit_data, a_onset.xmit_data);
    assert_int_equal(a1.rcv_data, a_onset.rcv_data);
    assert_int_equal(b1.rcv_data - b0.rcv_data, a1.xmit_data - a0.xmit_data); /* node01 -> node02 */
    assert_true(b1.xmit_data > b0.xmit_data);
    emu_world_advance(w, 60); /* still down: nothing more */
    emu_hca_counters_now(w, 0, h, &a2);
    assert_true(a2.xmit_data == a1.xmit_data && a2.rcv_data == a1.rcv_data);
    emu_world_advance(w, 300); /* up again since 400 s */
    emu_hca_counters_now(w, 0, h, &a2);
    emu_hca_counters_now(w, 1, other, &b2);
    assert_true(a2.xmit_data > a1.xmit_data && b2.rcv_data > b1.rcv_data);
    done(&f);
}

/* A save that fails with ENOSPC (the save-fails lab: files striped over every OST, one OST full)
 * fails at once: it blocks nothing on the step clock, writes nothing, and the step timeline
 * draws no save phase but says it failed. After lfs setstripe -c 1 the next save, begun after
 * the change, succeeds and blocks its full time, while the steps already run keep their times. */
static void test_failed_save_blocks_nothing(void **state)
{
    (void)state;
    static const char yaml[] =
        "title: t\nsummary: s\nseed: 7\nstart_time: 2026-06-11T10:00:00Z\n"
        "cluster: {gpu: H100, nodes: 2}\n"
        "storage:\n"
        "  - {name: data, type: nfs4, source: 'n:/d', target: /data, read_mb_per_s: 8000, write_mb_per_s: 5000}\n"
        "  - name: lustre\n    type: lustre\n    source: '10.0.0.251@o2ib:/lustrefs'\n    target: /lustre\n"
        "    read_mb_per_s: 40000\n    write_mb_per_s: 25000\n    stripe_count: -1\n"
        "    osts: [{size_tb: 120, used_tb: 58}, {size_tb: 120, used_tb: 61}, {size_tb: 120, used_tb: 57},"
        " {size_tb: 120, used_tb: 64}]\n"
        "job: {model_params_b: 7, micro_batch: 1, grad_accum: 2, seq_len: 4096, compute_efficiency: 0.42,"
        " input: data, checkpoints: lustre, checkpoint_interval: 10, running_for_s: 600, start_step: 500}\n"
        "faults:\n  - {kind: ost_full, mount: lustre, ost: 2, onset_s: -86400}\n";
    fixture f;
    f.catalog = emu_catalog_new();
    assert_non_null(f.catalog);
    char *err = NULL;
    int rc = emu_catalog_add(f.catalog, "t", yaml, sizeof yaml - 1, "t.yaml", &err);
    if (rc != 0)
        fprintf(stderr, "%s", err);
    assert_int_equal(rc, 0);
    emu_world *w = f.world = emu_world_new(f.catalog, emu_catalog_find(f.catalog, "t"), 0, &err);
    assert_non_null(w);
    double save_s = emu_run_save_s(w);
    assert_true(save_s > 1);
    long now = emu_job_current_step(w);
    long k = (now - 2) / 10 * 10; /* a save before the step in progress */
    assert_true(k >= 10 && emu_run_save_fails(w, k));
    NEAR(emu_run_save_blocks_s(w, k), 0, 0);
    double plain = emu_job_step_start_s(w, k) - emu_job_step_start_s(w, k - 1);
    NEAR(emu_job_step_start_s(w, k + 1) - emu_job_step_start_s(w, k), plain, 1e-6);
    assert_int_equal(emu_checkpoint_save_state(w, k), -1);
    emu_steps st;
    assert_int_equal(emu_steps_get(w, k, 2, &st), 0);
    assert_true(st.spans[0].save_failed && st.spans[0].save_ms == 0 && !st.spans[1].save_failed);
    emu_steps_free(&st);
    /* lfs setstripe -c 1 /lustre now (what storage_tools.c's setstripe does) */
    double before_k = emu_job_step_start_s(w, k);
    emu_mount *m = &w->mounts[w->job.checkpoint_mount];
    m->restriped_step = emu_run_unbegun_save_step(w);
    m->stripe_count_before = m->stripe_count;
    m->stripe_first_ost_before = m->stripe_first_ost;
    m->stripe_count = 1;
    emu_world_changed(w);
    assert_int_equal(emu_job_current_step(w), now);
    NEAR(emu_job_step_start_s(w, k), before_k, 1e-6);
    assert_true(emu_run_save_fails(w, k)); /* the saves already made keep their layout */
    long next = (now / 10 + 1) * 10;
    assert_false(emu_run_save_fails(w, next));
    NEAR(emu_job_step_start_s(w, next + 1) - emu_job_step_start_s(w, next), plain + save_s, 1e-6);
    assert_int_equal(emu_steps_get(w, next, 1, &st), 0);
    assert_true(!st.spans[0].save_failed && fabs(st.spans[0].save_ms - save_s * 1e3) < 1e-6);
    emu_steps_free(&st);
    done(&f);
}

/* On the DGX-1's hybrid cube-mesh an NVLink joins two GPUs directly: when it fails it is inactive
 * at both ends, so the pair's link count (topo -m's NV2 -> NV1) and its peer-to-peer bandwidth
 * drop alike seen from either GPU; the pairs the mesh never wired keep no NVLink at all. */
static void test_nvlink_down_both_ends(void **state)
{
    (void)state;
    static const char yaml[] =
        "title: t\nsummary: s\nseed: 3\ncluster: {system: dgx-1v, nodes: 1}\n"
        "faults:\n  - {kind: nvlink_down, node: node01, gpu: 3, link: 3}\n";
    fixture f;
    f.catalog = emu_catalog_new();
    char *err = NULL;
    assert_int_equal(emu_catalog_add(f.catalog, "t", yaml, strlen(yaml), "t.yaml", &err), 0);
    f.world = emu_world_new(f.catalog, emu_catalog_find(f.catalog, "t"), 0, &err);
    emu_world *w = f.world;
    assert_non_null(w);
    int peer = w->layout.link_peer[3][3];
    assert_int_equal(peer, 2);
    assert_int_equal(w->layout.pair_links[3][2], 2);
    int up32 = 0, up23 = 0;
    for (int k = 0; k < w->spec->nvlinks; k++) {
        up32 += w->layout.link_peer[3][k] == 2 && w->nodes[0].gpus[3].links[k].up;
        up23 += w->layout.link_peer[2][k] == 3 && w->nodes[0].gpus[2].links[k].up;
    }
    assert_int_equal(up32, 1);
    assert_int_equal(up23, 1);
    NEAR(emu_gpu_p2p_gb_per_s(w, 0, 3, 2), emu_gpu_p2p_gb_per_s(w, 0, 2, 3), 1e-9);
    assert_true(emu_gpu_p2p_gb_per_s(w, 0, 3, 2) < emu_gpu_p2p_gb_per_s(w, 0, 0, 3));
    /* every other link of the node is up; GPU 0 and GPU 5 are not wired to each other */
    int down = 0;
    for (int g = 0; g < 8; g++)
        for (int k = 0; k < w->spec->nvlinks; k++)
            down += !w->nodes[0].gpus[g].links[k].up;
    assert_int_equal(down, 2);
    assert_int_equal(w->layout.pair_links[0][5], 0);
    done(&f);
}

/* A leaf uplink that trained at half rate, under destination-mod-k routing: the flow from a to b
 * leaves a's leaf on uplink b mod k and enters b's leaf on its uplink b mod k, so the degraded
 * uplink 3 of r2-leaf01 (nodes 1-4) slows the flows to node07 that leave leaf01 and the flows to
 * node03 that enter it, not the reverse flows; iblinkinfo's rate for it is the one the flows get. */
static void test_uplink_direction(void **state)
{
    (void)state;
    static const char yaml[] =
        "title: t\nsummary: s\nseed: 3\ncluster: {gpu: H100, nodes: 8, fabric: {rail_optimized: true, nodes_per_leaf: 4}}\n"
        "faults:\n  - {kind: fabric_link_degraded, leaf: r2-leaf01, uplink: 3}\n";
    fixture f;
    f.catalog = emu_catalog_new();
    char *err = NULL;
    assert_int_equal(emu_catalog_add(f.catalog, "t", yaml, strlen(yaml), "t.yaml", &err), 0);
    f.world = emu_world_new(f.catalog, emu_catalog_find(f.catalog, "t"), 0, &err);
    emu_world *w = f.world;
    assert_non_null(w);
    /* nodes are 0-based here: node01 = 0, node03 = 2, node05 = 4, node07 = 6 */
    NEAR(emu_fabric_path_share(w, 0, 6, 2), 0.5, 1e-9);  /* up leaf01's uplink 3 */
    NEAR(emu_fabric_path_share(w, 6, 0, 2), 1.0, 1e-9);  /* uplink 1 both ways */
    NEAR(emu_fabric_path_share(w, 4, 2, 2), 0.5, 1e-9);  /* down leaf01's uplink 3 */
    NEAR(emu_fabric_path_share(w, 2, 4, 2), 1.0, 1e-9);
    NEAR(emu_fabric_path_share(w, 0, 6, 1), 1.0, 1e-9);  /* another rail's plane */
    NEAR(emu_fabric_path_share(w, 0, 2, 2), 1.0, 1e-9);  /* inside the leaf */
    int leaf = emu_fabric_leaf_find(&w->cluster, "r2-leaf01");
    assert_true(leaf >= 0);
    NEAR(emu_fabric_uplink_rate_gbit_per_s(w, leaf, 2), 200, 1e-9);
    NEAR(emu_fabric_uplink_rate_gbit_per_s(w, leaf, 1), 400, 1e-9);
    done(&f);
}

/* rng.h's promise: emu_sample_from(emu_sampler_at(w, tick, key), a, b) is emu_sample_at(w, tick,
 * key, a, b) bit for bit (job.c's step pass takes the first, every other reader the second, and
 * train.log, the rank logs and the timeline must print the same jitter), over ticks, keys and
 * indices, negative ones included. */
static void test_sampler_same_as_sample(void **state)
{
    (void)state;
    fixture f;
    emu_world *w = world_with(&f, NULL);
    static const char *const keys[] = {"compute", "batch-wait", "batch-wait-floor", "", "x"};
    long compared = 0;
    for (uint64_t tick = 0; tick < 4000; tick += 37)
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
            emu_sampler s = emu_sampler_at(w, tick, keys[k]);
            for (int a = -3; a < 600; a += 7)
                for (int b = -1; b < 3; b++) {
                    double one = emu_sample_at(w, tick, keys[k], a, b), two = emu_sample_from(s, a, b);
                    if (memcmp(&one, &two, sizeof one))
                        fail_msg("tick %llu key '%s' (%d, %d): emu_sample_at %.17g, emu_sample_from %.17g",
                                 (unsigned long long)tick, keys[k], a, b, one, two);
                    compared++;
                }
        }
    assert_true(compared > 100000);
    done(&f);
}

/* A thermally throttled GPU: its memory stays under the 95 C max operating temperature (no fault
 * overheats HBM, so no tool may show the limit crossed without an event). */
static void test_mem_temp_under_limit(void **state)
{
    (void)state;
    fixture f;
    emu_world *w = world_with(&f, "faults:\n  - {kind: gpu_thermal, node: node02, gpu: 5, temp_c: 90}\n");
    assert_true(emu_gpu_mem_temp_c(w, 1, 5) <= w->spec->temp_mem_max_c - 3);
    assert_true(emu_gpu_mem_temp_c(w, 1, 5) >= emu_gpu_temp_c(w, 1, 5));
    /* a healthy busy GPU keeps its few degrees over the core */
    NEAR(emu_gpu_mem_temp_c(w, 0, 0) - emu_gpu_temp_c(w, 0, 0), 7, 1e-9);
    done(&f);
}

/* train.log and the rank logs on one clock: both log a step when it ends, so the last iteration
 * of train.log and the same step of rank 0's log carry the same second, and neither logs the step
 * still in progress. */
static void test_logs_one_clock(void **state)
{
    (void)state;
    fixture f;
    emu_world *w = world_with(&f, NULL);
    emu_world_advance(w, 37);
    long now_step = emu_job_current_step(w);
    emu_out out;
    emu_out_init(&out, 0);
    assert_int_equal(emu_world_file(w, 0, "/home/user/train.log", &out), 1);
    const char *log = emu_out_text(&out);
    const char *last = NULL;
    for (const char *p = strstr(log, "] iteration "); p; p = strstr(p + 1, "] iteration "))
        last = p;
    assert_non_null(last);
    long iteration = strtol(last + 12, NULL, 10);
    assert_true(iteration < now_step);
    char stamp[32]; /* "2026-03-14 09:00:33" */
    memcpy(stamp, last - 19, 19);
    stamp[19] = '\0';
    stamp[10] = 'T';
    emu_out_reset(&out);
    assert_int_equal(emu_world_file(w, 0, "/home/user/logs/rank-00.log", &out), 1);
    char want[48];
    snprintf(want, sizeof want, " step=%ld ", iteration);
    const char *line = strstr(emu_out_text(&out), want);
    assert_non_null(line);
    while (line > emu_out_text(&out) && line[-1] != '\n')
        line--;
    assert_memory_equal(line, stamp, 19);
    snprintf(want, sizeof want, " step=%ld ", now_step);
    assert_null(strstr(emu_out_text(&out), want));
    /* what tail -n reads of it: exactly the whole log's last lines */
    for (long lines = 1; lines <= 30; lines += 7) {
        emu_out tail;
        emu_out_init(&tail, 0);
        assert_int_equal(emu_world_file_tail(w, 0, "/home/user/logs/rank-00.log", lines, &tail), 1);
        const char *whole = emu_out_text(&out), *t = emu_out_text(&tail);
        size_t len = strlen(whole), tl = strlen(t);
        long got = 0, total = 0;
        for (const char *q = t; (q = strchr(q, '\n')); q++)
            got++;
        for (const char *q = whole; (q = strchr(q, '\n')); q++)
            total++;
        /* a suffix of the whole log, from a line's start, with at least the lines asked for */
        assert_true(tl <= len);
        assert_string_equal(whole + len - tl, t);
        assert_true(tl == len || whole[len - tl - 1] == '\n');
        assert_true(got >= (lines < total ? lines : total));
        emu_out_free(&tail);
    }
    emu_out_free(&out);
    done(&f);
}

/* One train.log iteration line: when it was logged (its end), its number, its step time. */
typedef struct log_iter {
    double at_s;
    long iteration;
    double step_ms;
} log_iter;

static int log_iters(emu_world *w, log_iter *it, int max)
{
    emu_out out;
    emu_out_init(&out, 0);
    assert_int_equal(emu_world_file(w, 0, "/home/user/train.log", &out), 1);
    int n = 0;
    const char *log = emu_out_text(&out);
    for (const char *p = strstr(log, "] iteration "); p && n < max; p = strstr(p + 1, "] iteration ")) {
        struct tm tm = {0};
        assert_int_equal(sscanf(p - 19, "%d-%d-%d %d:%d:%d", &tm.tm_year, &tm.tm_mon, &tm.tm_mday, &tm.tm_hour,
                                &tm.tm_min, &tm.tm_sec), 6);
        tm.tm_year -= 1900;
        tm.tm_mon -= 1;
        it[n].at_s = (double)timegm(&tm);
        it[n].iteration = strtol(p + 12, NULL, 10);
        const char *e = strstr(p, "elapsed time per iteration (ms): ");
        assert_non_null(e);
        it[n].step_ms = atof(e + 33);
        n++;
    }
    emu_out_free(&out);
    return n;
}

/* A fault whose onset fell while the job ran slows the steps after it only: train.log's
 * iterations that ended before the onset carry the healthy job's step times and are as far
 * apart as the healthy job's, those after it the slower pace, and the step numbers and times of
 * train.log, the rank logs and squeue's elapsed time stay one timeline across the change. (The
 * world used to be built with the fault applied and the whole run retimed at its pace: the
 * history before the onset was as slow as after it.) */
static void test_past_onset_keeps_healthy_history(void **state)
{
    (void)state;
    static const char job[] =
        "title: t\nsummary: s\nseed: 7\nstart_time: 2026-03-14T09:00:00Z\n"
        "cluster: {gpu: H100, nodes: 2}\n"
        "job: {model_params_b: 7, micro_batch: 1, grad_accum: 4, seq_len: 4096, compute_efficiency: 0.4,"
        " optimizer_ms: 25, running_for_s: 3600, start_step: 2100}\n";
    char yaml[2048];
    snprintf(yaml, sizeof yaml, "%s%s", job,
             "faults:\n  - {kind: gpu_power_cap, node: node02, gpu: 3, limit_w: 300, onset_s: -240}\n");
    emu_catalog *cat = emu_catalog_new();
    char *err = NULL;
    assert_int_equal(emu_catalog_add(cat, "f", yaml, strlen(yaml), "f.yaml", &err), 0);
    assert_int_equal(emu_catalog_add(cat, "h", job, strlen(job), "h.yaml", &err), 0);
    emu_world *wf = emu_world_new(cat, emu_catalog_find(cat, "f"), 0, &err);
    emu_world *wh = emu_world_new(cat, emu_catalog_find(cat, "h"), 0, &err);
    assert_non_null(wf);
    assert_non_null(wh);
    double onset = wf->start_time_s - 240, faulted = wf->job.nominal_step_ms, healthy = wh->job.nominal_step_ms;
    assert_true(faulted > 1.2 * healthy); /* the cap slows the job's critical rank */
    /* both logs end at the lab's start in step 2100 */
    assert_int_equal(emu_job_current_step(wf), 2100);
    assert_int_equal(emu_job_current_step(wh), 2100);
    log_iter f[64], h[64];
    int nf = log_iters(wf, f, 64), nh = log_iters(wh, h, 64), before = 0, after = 0;
    assert_true(nf > 10 && nh > 10);
    for (int i = 0; i < nf; i++) {
        if (f[i].at_s < onset - 1) {
            /* the twin's same iteration, at the same distance from its neighbour */
            int k = 0;
            while (k < nh && h[k].iteration != f[i].iteration)
                k++;
            if (k == nh)
                continue; /* the healthy job got further: its log starts later */
            NEAR(f[i].step_ms, h[k].step_ms, 0.05);
            if (i + 1 < nf && k + 1 < nh && f[i + 1].at_s < onset - 1)
                NEAR(f[i + 1].at_s - f[i].at_s, h[k + 1].at_s - h[k].at_s, 1.0);
            before++;
        } else if (f[i].at_s > onset + 2 * faulted / 1e3) {
            NEAR(f[i].step_ms / faulted, 1.0, 0.03);
            after++;
        }
    }
    assert_true(before >= 3 && after >= 3);
    /* across the change: the iterations between the last line before it and the first after it
     * took between the healthy and the faulted step times each */
    int a = 0;
    while (a + 1 < nf && f[a + 1].at_s < onset)
        a++;
    double took = f[a + 1].at_s - f[a].at_s, steps = (double)(f[a + 1].iteration - f[a].iteration);
    assert_true(took >= steps * healthy / 1e3 - 1.0 && took <= steps * faulted / 1e3 + 1.0);
    /* the last steps of rank 0's log are train.log's, at the same seconds */
    emu_out out;
    emu_out_init(&out, 0);
    assert_int_equal(emu_world_file(wf, 0, "/home/user/logs/rank-00.log", &out), 1);
    char want[48], stamp[24];
    snprintf(want, sizeof want, " step=%ld ", f[nf - 1].iteration);
    const char *line = strstr(emu_out_text(&out), want);
    assert_non_null(line);
    while (line > emu_out_text(&out) && line[-1] != '\n')
        line--;
    emu_format_utc(f[nf - 1].at_s, "%Y-%m-%dT%H:%M:%S", stamp, sizeof stamp);
    assert_memory_equal(line, stamp, 19);
    emu_out_free(&out);
    /* the step numbers: the slow steps fill the time from the onset to the lab's start, the
     * healthy ones the time before it; squeue's elapsed time stays running_for_s */
    long b = emu_job_current_step_at(wf, onset);
    NEAR((double)(2100 - b), 240 / (faulted / 1e3), 1.0);
    NEAR((double)(b - emu_job_current_step_at(wf, onset - 600)), 600 / (healthy / 1e3), 1.0);
    NEAR(wf->start_time_s - wf->job.start_time_s, 3600, 1e-6);
    emu_world_free(wf);
    emu_world_free(wh);
    emu_catalog_free(cat);
}

/* The rank logs' kept text (world.h) outlives a command but not a change of state: after a
 * change that rewrites the lines the log already shows (a stall on every step: the model stalls
 * the steps of the segment it began in), the log reads as the uncached one does. Keyed on the
 * steps alone, the kept text would still show the lines from before. */
static void test_rank_log_kept_per_state(void **state)
{
    (void)state;
    fixture f;
    emu_world *w = world_with(&f, NULL);
    emu_out a, b;
    emu_out_init(&a, 0);
    emu_out_init(&b, 0);
    assert_int_equal(emu_world_file(w, 0, "/home/user/logs/rank-03.log", &a), 1);
    emu_world_advance(w, 0.001); /* a new command in the same step: the kept text serves it */
    assert_int_equal(emu_world_file(w, 0, "/home/user/logs/rank-03.log", &b), 1);
    assert_string_equal(emu_out_text(&a), emu_out_text(&b));
    long until = emu_job_current_step(w);
    w->run.stall_every = 1; /* what a loader_stall's onset sets (faults.c) */
    w->run.stall_ms = 40;
    emu_world_changed(w);
    assert_int_equal(emu_job_current_step(w), until);
    emu_out_reset(&a);
    emu_out_reset(&b);
    assert_int_equal(emu_world_file(w, 0, "/home/user/logs/rank-03.log", &a), 1);
    emu_world_caches_off = true;
    assert_int_equal(emu_world_file(w, 0, "/home/user/logs/rank-03.log", &b), 1);
    emu_world_caches_off = false;
    assert_string_equal(emu_out_text(&a), emu_out_text(&b));
    assert_non_null(strstr(emu_out_text(&a), "batch_wait_ms=4")); /* the stall shows */
    emu_out_free(&a);
    emu_out_free(&b);
    done(&f);
}

/* ---- scenarios ---------------------------------------------------------------------------------- */

static void test_scenario_errors(void **state)
{
    (void)state;
    const char *yaml = "title: t\nsummary: s\nclutser: {}\n"
                       "cluster: {nodes: many}\n"
                       "faults:\n  - {kind: gpu_thermal, node: node09, gpu: 1}\n"
                       "  - {kind: melted}\n";
    emu_catalog *c = emu_catalog_new();
    char *err = NULL;
    assert_int_equal(emu_catalog_add(c, "bad", yaml, strlen(yaml), "labs/bad.yaml", &err), -1);
    assert_non_null(err);
    /* every problem, each with path:line:col */
    assert_non_null(strstr(err, "labs/bad.yaml:3:1: error: unknown key 'clutser'"));
    assert_non_null(strstr(err, "labs/bad.yaml:4:18: error: 'nodes' must be an integer, not 'many'"));
    assert_non_null(strstr(err, "labs/bad.yaml:6:31: error: 'node' names no node of this cluster: 'node09'"));
    assert_non_null(strstr(err, "labs/bad.yaml:7:12: error: unknown fault kind 'melted'"));
    int lines = 0;
    for (const char *p = err; *p; p++)
        lines += *p == '\n';
    assert_int_equal(lines, 4);
    free(err);
    /* broken YAML is one error at its position */
    const char *broken = "title: [unclosed\n";
    assert_int_equal(emu_catalog_add(c, "b2", broken, strlen(broken), "b2.yaml", &err), -1);
    assert_non_null(strstr(err, "b2.yaml:"));
    assert_non_null(strstr(err, "invalid YAML"));
    free(err);
    emu_catalog_free(c);
}

/* lab.collect (a snapshot lab): each item has a command or a note, its patterns compile, a note
 * takes no command keys, and a lab has a fix or a collect, not both. */
static void test_collect_errors(void **state)
{
    (void)state;
    const char *yaml = "title: t\nsummary: s\ncluster: {nodes: 2}\n"
                       "lab:\n  goal: g\n  diagnosis: {answer: node02, component: node, node: node02}\n"
                       "  explanation: e\n  read_next: reference/operations/diagnostic-snapshot.md\n"
                       "  hints: [h]\n"
                       "  solution: [{command: date, look_for: x, reference: reference/operations/diagnostic-snapshot.md}]\n"
                       "  collect:\n    task: t\n    items:\n"
                       "      - {item: both, command: date, note: x}\n"
                       "      - {item: neither}\n"
                       "      - {item: bad, command: \"ibstat(\"}\n"
                       "      - {item: n, note: sel, times: 2}\n"
                       "      - {item: h, command: ibstat, host: node09, apart_s: 60, times: 2}\n"
                       "      - {item: a, command: ibstat, after: ipmitool}\n";
    emu_catalog *c = emu_catalog_new();
    char *err = NULL;
    assert_int_equal(emu_catalog_add(c, "bad", yaml, strlen(yaml), "labs/bad.yaml", &err), -1);
    assert_non_null(err);
    assert_non_null(strstr(err, "labs/bad.yaml:14:9: error: a snapshot item has either command (what to run) or note (what to write down), not both"));
    assert_non_null(strstr(err, "labs/bad.yaml:15:9: error: a snapshot item has either command (what to run) or note (what to write down), not neither"));
    assert_non_null(strstr(err, "labs/bad.yaml:16:30: error: command: not a valid extended regular expression"));
    assert_non_null(strstr(err, "labs/bad.yaml:17:9: error: a note item takes only item, note and after"));
    assert_non_null(strstr(err, "labs/bad.yaml:19:9: error: 'after' belongs to a note item"));
    free(err);
    /* a valid one parses, with its defaults */
    const char *ok = "title: t\nsummary: s\ncluster: {nodes: 2}\n"
                     "lab:\n  goal: g\n  diagnosis: {answer: node02, component: node, node: node02}\n"
                     "  explanation: e\n  read_next: reference/operations/diagnostic-snapshot.md\n"
                     "  hints: [h]\n"
                     "  solution: [{command: date, look_for: x, reference: reference/operations/diagnostic-snapshot.md}]\n"
                     "  collect:\n    task: t\n    items:\n"
                     "      - {item: a, command: ibstat, host: \"^node0[12]$\", expect: \"Rate: 400\", times: 2, apart_s: 60}\n"
                     "      - {item: b, note: missing}\n";
    assert_int_equal(emu_catalog_add(c, "ok", ok, strlen(ok), "labs/ok.yaml", &err), 0);
    const emu_scenario *sc = emu_catalog_find(c, "ok");
    assert_true(sc->collect.present && sc->collect.n_items == 2);
    assert_int_equal(sc->collect.items[0].times, 2);
    assert_true(sc->collect.items[0].apart_s == 60 && sc->collect.items[1].times == 1);
    assert_string_equal(sc->collect.items[1].note, "missing");
    emu_catalog_free(c);
}

/* Every lab's job fits its own history: a run that resumed did so from a checkpoint (a multiple
 * of the interval), and a run from random (no checkpoint yet) made its first step within a
 * few steps of its start, so start_step and running_for_s agree. (hand-over's start_step of
 * 6100 left its first 500 iterations 41 minutes where the others take 9.) */
static void test_labs_runs_fit(void **state)
{
    (void)state;
    char *err = NULL;
    emu_catalog *c = hb_lab_catalog_load("content", &err);
    assert_non_null(c);
    int checked = 0;
    for (size_t i = 0; i < emu_catalog_count(c); i++) {
        const emu_scenario *s = emu_catalog_at(c, i);
        if (!s->has_lab || !s->job.present)
            continue;
        emu_world *w = emu_world_new(c, s, 0, &err);
        assert_non_null(w);
        long step;
        double at;
        emu_run_began(w, &step, &at);
        long every = w->job.checkpoint_interval;
        double first = emu_job_step_start_s(w, step + 1), ms = w->run.segments[0].step_ms;
        if (step > 0 && every > 0 && step % every) {
            fprintf(stderr, "%s resumes from iteration %ld, no checkpoint of every %ld\n", s->id, step, every);
            fail();
        }
        if (step == 0 && fabs(first - at) > 3 * ms / 1e3) {
            fprintf(stderr, "%s: the run from random began at %.0f, its first step starts at %.0f\n", s->id, at, first);
            fail();
        }
        checked++;
        emu_world_free(w);
    }
    assert_true(checked >= 8);
    free(err);
    emu_catalog_free(c);
}

static void test_labs_parse(void **state)
{
    (void)state;
    char *err = NULL;
    emu_catalog *c = hb_lab_catalog_load("content", &err);
    if (!c)
        fprintf(stderr, "%s", err);
    assert_non_null(c);
    int labs = 0;
    for (size_t i = 0; i < emu_catalog_count(c); i++) {
        const emu_scenario *s = emu_catalog_at(c, i);
        if (!s->has_lab) /* an example scenario */
            continue;
        labs++;
        assert_true(s->has_lab && s->answer && s->diagnosis.given && s->n_hints > 0 && s->n_steps > 0);
        for (int k = 0; k < s->n_steps; k++)
            assert_int_equal(strncmp(s->steps[k].reference, "reference/", 10), 0);
    }
    assert_true(labs >= 3);
    free(err);
    emu_catalog_free(c);
}

static void test_samples_and_answers(void **state)
{
    (void)state;
    fixture f;
    emu_world *w = world_with(&f, NULL);
    double a = emu_sample(w, "temp", 0, 1), b = emu_sample(w, "temp", 0, 1);
    assert_true(a == b && a >= -1 && a <= 1);
    assert_true(emu_sample(w, "temp", 0, 2) != a);
    emu_world_advance(w, 3);
    assert_true(emu_sample(w, "temp", 0, 1) != a); /* the clock moved */
    NEAR(w->now_s - w->start_time_s, 3.0, 1e-9);
    /* the mean of many samples is near 0 */
    double sum = 0;
    for (int i = 0; i < 1000; i++)
        sum += emu_sample_at(w, (uint64_t)i, "mean", 0, 0);
    NEAR(sum / 1000, 0.0, 0.08);
    assert_int_equal(emu_world_find_node(w, "node02"), 1);
    assert_int_equal(emu_world_find_node(w, "node2"), -1);
    done(&f);
}

static void test_counters_grow(void **state)
{
    (void)state;
    fixture f;
    emu_world *w = world_with(&f, "faults:\n  - {kind: link_errors, node: node01, hca: mlx5_3, rate_per_s: 2}\n"
                                  "  - {kind: nvlink_errors, node: node01, gpu: 0, link: 2, rate_per_s: 4}\n");
    int h = emu_node_find_hca(w, 0, "mlx5_3");
    emu_hca_counters c0, c1;
    emu_hca_counters_now(w, 0, h, &c0);
    uint64_t r0 = emu_nvlink_counter(w, 0, 0, 2, 0);
    emu_world_advance(w, 10);
    emu_hca_counters_now(w, 0, h, &c1);
    /* 2 symbol errors per second over 10 s; replays 4/s over 10 s */
    assert_int_equal(c1.symbol_errors - c0.symbol_errors, 20);
    assert_int_equal(emu_nvlink_counter(w, 0, 0, 2, 0) - r0, 40);
    assert_true(c1.xmit_data > c0.xmit_data); /* the job's traffic */
    done(&f);
}

static void test_a100_cluster(void **state)
{
    (void)state;
    const char *yaml = "title: a\nsummary: s\ncluster: {gpu: A100, nodes: 2}\njob: {name: x}\n"
                       "faults:\n  - {kind: gpu_power_cap, node: node01, gpu: 1, limit_w: 300}\n";
    emu_catalog *c = emu_catalog_new();
    char *err = NULL;
    assert_int_equal(emu_catalog_add(c, "a", yaml, strlen(yaml), "a.yaml", &err), 0);
    emu_world *w = emu_world_new(c, emu_catalog_find(c, "a"), 0, &err);
    assert_non_null(w);
    assert_string_equal(w->spec->name, "NVIDIA A100-SXM4-80GB");
    assert_int_equal(emu_gpu_sm_clock_mhz(w, 0, 0), 1410);
    assert_int_equal(emu_gpu_links_up(w, 0, 0), 12);
    /* 300 W cap: 1410 x cbrt((300 - 90) / (385 - 90)) = 1410 x 0.89279 = 1258.8 MHz */
    NEAR(1410.0 / emu_gpu_slowdown(w, 0, 1), 1258.8, 0.2);
    emu_rank_loc ranks[16];
    place(ranks, 2);
    emu_nccl_plan plan;
    /* one node: the ring at 0.775 of 12 x 25 GB/s = 232.5 GB/s (nccl-tests#175); two: 8 HDR
     * rails x 200/8 x 0.96 = 192 GB/s (DGX A100, NVIDIA/nccl#812) */
    assert_int_equal(emu_nccl_plan_make(w, ranks, 8, NULL, &plan), 0);
    NEAR(plan.bw_gb_per_s, 232.5, 1e-9);
    assert_int_equal(emu_nccl_plan_make(w, ranks, 16, NULL, &plan), 0);
    NEAR(plan.bw_gb_per_s, 192.0, 1e-9);
    assert_int_equal(w->nodes[0].hcas[0].rate_gbit_per_s, 200);
    assert_string_equal(emu_hca_speed_name(&w->nodes[0].hcas[0]), "HDR");
    emu_world_free(w);
    emu_catalog_free(c);
}

/* ---- lab commands ------------------------------------------------------------------------------ */

static const char lab_yaml[] =
    "title: Lab\nsummary: s\ncluster: {nodes: 2}\njob: {name: x}\n"
    "faults:\n  - {kind: gpu_thermal, node: node02, gpu: 5}\n"
    "lab:\n  goal: find it\n  diagnosis: {answer: node02 gpu5, component: gpu, node: node02, gpu: 5}\n"
    "  explanation: because\n"
    "  read_next: reference/nvidia-stack/gpu-data-path.md\n  read_next_title: GPU data path\n  hints: [one, two]\n"
    "  suspects:\n    - {words: [network], reply: the network is fine}\n"
    "  solution:\n    - {command: nvidia-smi, look_for: GPU 5, reference: reference/nvidia-stack/gpu-data-path.md}\n";

static int run(emu_world *w, emu_out *out, const char *line)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", line);
    char *argv[16];
    int argc = 0;
    char *save = NULL;
    for (char *t = strtok_r(buf, " ", &save); t && argc < 15; t = strtok_r(NULL, " ", &save))
        argv[argc++] = t;
    argv[argc] = NULL;
    const emu_command *cmd = emu_tools_find(argv[0]);
    assert_non_null(cmd);
    emu_context c = {w, 0, "", 0, NULL, NULL, NULL, 0, NULL, 0};
    emu_out_reset(out);
    return cmd->run(&c, argc, argv, out);
}

static void test_lab_commands(void **state)
{
    (void)state;
    emu_catalog *cat = emu_catalog_new();
    char *err = NULL;
    assert_int_equal(emu_catalog_add(cat, "lab1", lab_yaml, strlen(lab_yaml), "lab1.yaml", &err), 0);
    emu_world *w = emu_world_new(cat, emu_catalog_find(cat, "lab1"), 0, &err);
    assert_non_null(w);
    emu_out out;
    emu_out_init(&out, 0);
    /* hints one at a time, then none left */
    run(w, &out, "hint");
    assert_non_null(strstr(emu_out_text(&out), "Hint 1 of 2: one"));
    run(w, &out, "hint");
    run(w, &out, "hint");
    assert_non_null(strstr(emu_out_text(&out), "No more hints"));
    /* a wrong answer with a rebuttal, one without, and a list of components: all wrong */
    assert_int_equal(run(w, &out, "answer network"), 1);
    assert_non_null(strstr(emu_out_text(&out), "the network is fine"));
    assert_int_equal(run(w, &out, "answer node01 gpu5"), 1);
    assert_int_equal(run(w, &out, "answer node01 node02 gpu5"), 1);
    assert_false(emu_lab_take_solved(w));
    /* right, in another spelling and with a word around it: solved once */
    assert_int_equal(run(w, &out, "answer Node02 GPU-5 thermal"), 0);
    assert_non_null(strstr(emu_out_text(&out), "Lab lab1 solved"));
    /* the page to read next as the site serves it (title, then its path), not its source file */
    assert_non_null(strstr(emu_out_text(&out), "Read next: GPU data path (/reference/nvidia-stack/gpu-data-path/)\n"));
    assert_null(strstr(emu_out_text(&out), ".md"));
    assert_true(emu_lab_take_solved(w));
    assert_false(emu_lab_take_solved(w));
    run(w, &out, "answer rank 13");
    assert_false(emu_lab_take_solved(w)); /* solved before: not reported twice */
    /* restart: a fresh lab; revealing asks first, and a no keeps it hidden */
    run(w, &out, "lab restart");
    assert_true(emu_lab_take_changed(w));
    assert_false(w->lab.solved);
    run(w, &out, "solutions lab");
    assert_true(emu_lab_question_pending(w));
    emu_out_reset(&out);
    emu_lab_answer_question(w, "n", 0, &out);
    assert_false(w->lab.revealed);
    run(w, &out, "solutions lab");
    emu_out_reset(&out);
    emu_lab_answer_question(w, "yes", 0, &out);
    assert_true(w->lab.revealed);
    assert_non_null(strstr(emu_out_text(&out), "Worked solution"));
    /* a right answer after the reveal does not count as solved by the learner */
    run(w, &out, "answer node02 gpu5");
    assert_non_null(strstr(emu_out_text(&out), "not counted as solved by you"));
    assert_false(emu_lab_take_solved(w));
    /* eight reference procedures, each with its page */
    run(w, &out, "solutions");
    static const char *const topics[] = {"gpu", "nvlink", "nccl", "topology", "storage", "fabric", "oob", "snapshot"};
    for (int i = 0; i < 8; i++) {
        char line[64];
        snprintf(line, sizeof line, "solutions %s", topics[i]);
        assert_int_equal(run(w, &out, line), 0);
        /* the site's page, not the source file */
        assert_non_null(strstr(emu_out_text(&out), "Reference: /reference/"));
        assert_null(strstr(emu_out_text(&out), ".md"));
    }
    assert_int_equal(run(w, &out, "solutions nosuch"), 1);
    emu_out_free(&out);
    emu_world_free(w);
    emu_catalog_free(cat);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_busbw_factor),        cmocka_unit_test(test_nccl_choice),
        cmocka_unit_test(test_sampler_same_as_sample),
        cmocka_unit_test(test_plan_healthy),        cmocka_unit_test(test_plan_degraded_hca),
        cmocka_unit_test(test_plan_socket_fallbacks), cmocka_unit_test(test_plan_gdr_acs_collision),
        cmocka_unit_test(test_gpu_clocks),          cmocka_unit_test(test_capping_counter_since_boot),
        cmocka_unit_test(test_capping_one_long_advance), cmocka_unit_test(test_capping_survives_job_end),
        cmocka_unit_test(test_reason_counters_cumulative), cmocka_unit_test(test_capping_lazy_as_eager),
        cmocka_unit_test(test_default_cable_carries_rate),
        cmocka_unit_test(test_storage_contention), cmocka_unit_test(test_lustre_save_streams),
        cmocka_unit_test(test_batch_wait),          cmocka_unit_test(test_step_late_rank),
        cmocka_unit_test(test_repair_keeps_history), cmocka_unit_test(test_many_retimes_keep_history),
        cmocka_unit_test(test_traffic_follows_steps), cmocka_unit_test(test_port_down_keeps_traffic),
        cmocka_unit_test(test_failed_save_blocks_nothing),
        cmocka_unit_test(test_nvlink_down_both_ends),
        cmocka_unit_test(test_uplink_direction),
        cmocka_unit_test(test_mem_temp_under_limit),
        cmocka_unit_test(test_logs_one_clock),
        cmocka_unit_test(test_past_onset_keeps_healthy_history),
        cmocka_unit_test(test_labs_runs_fit),
        cmocka_unit_test(test_rank_log_kept_per_state),
        cmocka_unit_test(test_scenario_errors),
        cmocka_unit_test(test_collect_errors),     cmocka_unit_test(test_labs_parse),
        cmocka_unit_test(test_samples_and_answers), cmocka_unit_test(test_counters_grow),
        cmocka_unit_test(test_lab_commands),        cmocka_unit_test(test_a100_cluster),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
