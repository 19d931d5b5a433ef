/* emu_wasm_cost.c: the cost guide's calculator as the module's emw_cost (emulator/views/cost.h),
 * in its own file so that only the modules that export it link it: the full module and the
 * calculator's own small module (wasm/README.md, "Two modules"), not the core a lab page
 * starts. */
#include <stddef.h>

#include <emscripten.h>

#include "out.h"
#include "views/cost.h"

static emu_out wasm_cost;       /* the last emw_cost text */
static char wasm_cost_error[256]; /* why the last emw_cost failed, "" when it did not */

/* Why the last emw_cost returned NULL (NUL-ended, owned by the module). */
EMSCRIPTEN_KEEPALIVE const char *emw_cost_error(void)
{
    return wasm_cost_error;
}

/* The cost guide's calculator on the same core as the labs (emulator/views/cost.h):
 * params/len are "key=value" lines over the guide's baseline; the results as the page shows
 * them (emu_cost_html; id names its figure, [a-z0-9-]). Returns the HTML, NUL-ended, owned by
 * the module until the next emw_cost; NULL with the reason in emw_cost_error() for bad input.
 * (Not emu_cost_run: its key=value form, for the CLI and tests, stays out of the module.) */
EMSCRIPTEN_KEEPALIVE const char *emw_cost(const char *params, size_t len, const char *id)
{
    emu_cost_in in;
    emu_cost_out res;
    char *error = wasm_cost_error;
    error[0] = '\0';
    emu_out_free(&wasm_cost);
    emu_out_init(&wasm_cost, EMU_PANEL_LIMIT_BYTES);
    emu_cost_defaults(&in);
    if (emu_cost_parse(params, len, &in, error, sizeof wasm_cost_error) != 0 ||
        emu_cost_compute(&in, &res, error, sizeof wasm_cost_error) != 0)
        return NULL;
    emu_cost_html(&in, &res, id && *id ? id : "cost", &wasm_cost);
    return emu_out_text(&wasm_cost);
}
