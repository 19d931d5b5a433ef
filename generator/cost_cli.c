/* cost_cli.c: `handbook cost`: the cost guide's calculator on the terminal (emulator/views/cost.h,
 * the code the page's calculator runs in the WebAssembly module): the results of the guide's
 * baseline with the given inputs changed, as key=value lines (or the HTML the page shows). */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "out.h"
#include "views/cost.h"

static const char usage_text[] =
    "usage: handbook cost [--html] [KEY=VALUE ...]\n"
    "  The cost per completed workload of the cost guide's baseline (a 7B model, 2T tokens on\n"
    "  128 H100) with each KEY=VALUE changed; its step time comes from the cluster model.\n"
    "  Keys: model_params_b tokens gpu gpus tp pp micro_batch grad_accum seq_len\n"
    "  compute_efficiency failures_per_day restart_min checkpoint_interval_min save_s\n"
    "  price_per_gpu_hour. Prints key=value lines of the results, or with --html the results\n"
    "  as the page shows them.\n";

int hb_cost_main(int argc, char **argv)
{
    int html = 0;
    emu_out params;
    emu_out_init(&params, 0);
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            fputs(usage_text, stdout);
            emu_out_free(&params);
            return 0;
        }
        if (!strcmp(argv[i], "--html")) {
            html = 1;
            continue;
        }
        if (!strchr(argv[i], '=')) {
            fprintf(stderr, "handbook cost: '%s' is not KEY=VALUE\n%s", argv[i], usage_text);
            emu_out_free(&params);
            return 2;
        }
        emu_out_printf(&params, "%s\n", argv[i]);
    }
    emu_out out;
    emu_out_init(&out, 0);
    int rc = emu_cost_run(emu_out_text(&params), params.len, html, "cost", &out);
    if (rc != 0)
        fprintf(stderr, "handbook cost: %s\n", emu_out_text(&out));
    else
        fwrite(emu_out_text(&out), 1, out.len, stdout);
    emu_out_free(&out);
    emu_out_free(&params);
    return rc ? 2 : 0;
}
