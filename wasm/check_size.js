#!/usr/bin/env node
/* check_size.js: the module's size in `make test` (test-wasm-size), without a browser.
 *
 * Usage: node wasm/check_size.js WEB_DIR PROFILING_WASM CEILING_BYTES
 *   WEB_DIR: build/wasm/web (emu.wasm, emu.js); PROFILING_WASM: the same objects linked with
 *   function names (build/wasm/prof/emu.wasm); CEILING_BYTES: what the module may not grow past.
 *
 * Fails (exit 1) when
 *   - emu.wasm + emu.js after gzip -9 exceed CEILING_BYTES. The ceiling is the size the module
 *     had when it was last cut, plus a little room: while the module is over its budget (150 KB,
 *     wasm_size.js; `make bench` fails on that), growth is stopped here, in every `make test`.
 *     Lower the ceiling when you shrink the module; raise it only with a reason in bench/RESULTS.md.
 *   - the module links a libc routine the emulator replaced for size (emulator/compat/, tested
 *     against glibc there): musl's strtod/sscanf family (its 128-bit long double scanner and
 *     software floating point), its regex (TRE) or its fnmatch. A call to atof or strtod in a
 *     tool brings back about 8 KB of gzip; use emu_strtod, emu_sscanf, emu_regcomp, emu_fnmatch.
 * Prints the sizes and where the module stands against the budget either way. */
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

function main() {
  const [webDir, profilingWasm, ceilingArg] = process.argv.slice(2);
  const ceiling = Number(ceilingArg);
  if (!webDir || !profilingWasm || !(ceiling > 0)) {
    console.error('usage: node wasm/check_size.js WEB_DIR PROFILING_WASM CEILING_BYTES');
    process.exit(2);
  }
  const wasm = gzipSize(path.join(webDir, 'emu.wasm'));
  const js = gzipSize(path.join(webDir, 'emu.js'));
  const total = wasm + js;
  const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
  let ok = true;
  console.log(`module: emu.wasm ${wasm} B + emu.js ${js} B = ${total} B (${kb(total)}) after gzip -9`);
  console.log(`budget ${kb(BUDGET_GZIP_BYTES)}: ${total <= BUDGET_GZIP_BYTES ? 'met' : `OVER by ${kb(total - BUDGET_GZIP_BYTES)} (make bench fails on it)`}`);
  if (total > ceiling) {
    console.log(`ceiling ${ceiling} B (${kb(ceiling)}): EXCEEDED by ${total - ceiling} B: the module grew; cut it, ` +
                'or raise WASM_SIZE_CEILING_BYTES in wasm/wasm.mk with the reason in bench/RESULTS.md');
    ok = false;
  } else {
    console.log(`ceiling ${ceiling} B (${kb(ceiling)}): ok, ${ceiling - total} B of room`);
  }
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
  if (linked.length) {
    console.log(`libc routines the emulator replaced for size are linked again: ${linked.join(', ')}`);
    ok = false;
  } else {
    console.log(`none of musl's ${REPLACED.size} replaced routines is linked`);
  }
  console.log(ok ? 'test-wasm-size: ok' : 'test-wasm-size: FAILED');
  process.exit(ok ? 0 : 1);
}

main();
