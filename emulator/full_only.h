/* full_only.h: branches of a core tool left to the full WebAssembly module (wasm/README.md,
 * "Two modules").
 *
 * A branch that no lab's worked solution, fix check or hint uses (wasm/test_core.js runs them
 * all on the core) can be left to the full module: in the core's compile (EMU_CORE_MODULE,
 * wasm/wasm.mk's WASM_CORE_VARIANT_SRC) EMU_FULL_MODULE_ONLY() asks the host for the full
 * module (emw_wants_full, wasm/emu_wasm.c), which runs the line again and prints what the
 * native build prints, and returns 0 (what the core printed for the line is dropped). The code
 * after it is unreachable in the core, so the compiler and linker drop it with its strings.
 * EMU_WANT_FULL_MODULE() asks for it without returning (a branch compiled out of the core with
 * #ifndef EMU_CORE_MODULE falls through to it: nvidia-smi --query-gpu's fields). Natively and in
 * the full module both do nothing. EMU_IN_CORE is 1 in the core's compile only, for a constant
 * the compiler folds (nvidia-smi -q's sections). */
#ifndef EMU_FULL_ONLY_H
#define EMU_FULL_ONLY_H

#ifdef EMU_CORE_MODULE
extern int emw_wants_full;
#define EMU_IN_CORE 1
#define EMU_WANT_FULL_MODULE() (emw_wants_full = 1)
#define EMU_FULL_MODULE_ONLY()                                                                     \
    do {                                                                                           \
        emw_wants_full = 1;                                                                        \
        return 0;                                                                                  \
    } while (0)
#else
#define EMU_IN_CORE 0
#define EMU_WANT_FULL_MODULE() ((void)0)
#define EMU_FULL_MODULE_ONLY()                                                                     \
    do {                                                                                           \
    } while (0)
#endif

#endif
