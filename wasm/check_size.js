#!/usr/bin/env node
/* check_size.js: the modules' sizes in `make test` (test-wasm-size), without a browser.
 *
 * Usage: node wasm/check_size.js WEB_DIR PROFILING_DIR CORE_CEILING_BYTES FULL_CEILING_BYTES
 *   WEB_DIR: build/wasm/web (emu.wasm + emu.js: the CORE module a lab page fetches on Start;
 *   emu-full.*: every tool, fetched at the first line that needs it; wasm/README.md "Two
 *   modules"); PROFILING_DIR: the same links with function names (build/wasm/prof: emu.wasm,
 *   emu-full.wasm); the ceilings: what each may not grow past.
 *
 * Fails (exit 1) when
 *   - the core's emu.wasm + emu.js after gzip -9 exceed CORE_CEILING_BYTES, or the full
 *     module's exceed FULL_CEILING_BYTES. A ceiling is the size the module had when it was last
 *     cut, plus a little room: while the core is over its budget (150 KB, wasm_size.js;
 *     `make bench` fails on that), growth is stopped here, in every `make test`. Lower a
 *     ceiling when you shrink the module; raise it only with a reason in bench/RESULTS.md. A
 *     new tool lands in the full module unless it is listed in core_tools (tools.c).
 *   - either links a libc routine the emulator replaced for size (emulator/compat/, tested
 *     against glibc there): musl's strtod/sscanf family (its 128-bit long double scanner and
 *     software floating point), its regex (TRE) or its fnmatch. A call to atof or strtod in a
 *     tool brings back about 8 KB of gzip; use emu_strtod, emu_sscanf, emu_regcomp, emu_fnmatch.
 * Prints the sizes and where the core stands against the budget either way. */
'use strict';
const path = require('path');
const { BUDGET_GZIP_BYTES, gzipSize, functionSizes } = require('./wasm_size.js');

/* musl's names for what emulator/compat/ replaces (and what only they bring in). */
const REPLACED = new Map([
  ['strtod', 'emu_strtod'], ['strtof', 'emu_strtod'], ['strtold', 'emu_strtod'], ['atof', 'emu_strtod'],
  ['__floatscan', 'emu_strtod'], ['__divtf3', 'emu_strtod'], ['__multf3', 'emu_strtod'],
  ['__addtf3', 'emu_strtod'], ['fmodl', 'emu_strtod'], ['scalbnl', 'emu_strtod'],
  ['sscanf', 'emu_sscanf'], ['vsscanf', 'emu_sscanf'], ['vfscanf', 'emu_sscanf'],
  ['regcomp', 'emu_regcomp'], ['regexec', 'emu_regexec'], ['tre_compile', 'emu_regcomp'],
  ['fnmatch', 'emu_fnmatch'],
]);

/* The names of musl's routines that emulator/compat/ replaced and that a module links again. */
function relinked(profilingWasm) {
  const { imported, bodies, names } = functionSizes(profilingWasm);
  if (!names.size) {
    console.log(`${profilingWasm}: no function names (link it with --profiling-funcs)`);
    process.exit(2);
  }
  const linked = [];
  bodies.forEach((size, i) => {
    const name = names.get(imported + i);
    if (REPLACED.has(name)) linked.push(`${name} (${size} B of code; use ${REPLACED.get(name)})`);
  });
  return linked;
}

function main() {
  const [webDir, profilingDir, coreArg, fullArg] = process.argv.slice(2);
  const ceilings = { core: Number(coreArg), full: Number(fullArg) };
  if (!webDir || !profilingDir || !(ceilings.core > 0) || !(ceilings.full > 0)) {
    console.error('usage: node wasm/check_size.js WEB_DIR PROFILING_DIR CORE_CEILING_BYTES FULL_CEILING_BYTES');
    process.exit(2);
  }
  const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
  let ok = true;
  for (const [module, base] of [['core', 'emu'], ['full', 'emu-full']]) {
    const wasm = gzipSize(path.join(webDir, `${base}.wasm`));
    const js = gzipSize(path.join(webDir, `${base}.js`));
    const total = wasm + js, ceiling = ceilings[module];
    console.log(`${module} module: ${base}.wasm ${wasm} B + ${base}.js ${js} B = ${total} B (${kb(total)}) after gzip -9`);
    if (module === 'core')
      console.log(`  budget ${kb(BUDGET_GZIP_BYTES)} (what a lab page fetches on Start): ` +
                  `${total <= BUDGET_GZIP_BYTES ? 'met' : `OVER by ${kb(total - BUDGET_GZIP_BYTES)} (make bench fails on it)`}`);
    if (total > ceiling) {
      console.log(`  ceiling ${ceiling} B (${kb(ceiling)}): EXCEEDED by ${total - ceiling} B: the module grew; cut it ` +
                  `(a new tool belongs in the full module unless the labs lean on it: core_tools in emulator/tools/tools.c), ` +
                  'or raise the ceiling in wasm/wasm.mk with the reason in bench/RESULTS.md');
      ok = false;
    } else {
      console.log(`  ceiling ${ceiling} B (${kb(ceiling)}): ok, ${ceiling - total} B of room`);
    }
    const linked = relinked(path.join(profilingDir, `${base}.wasm`));
    if (linked.length) {
      console.log(`  libc routines the emulator replaced for size are linked again: ${linked.join(', ')}`);
      ok = false;
    } else {
      console.log(`  none of musl's ${REPLACED.size} replaced routines is linked`);
    }
  }
  console.log(ok ? 'test-wasm-size: ok' : 'test-wasm-size: FAILED');
  process.exit(ok ? 0 : 1);
}

main();
