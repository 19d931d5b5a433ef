#!/usr/bin/env node
/* bench_wasm.js: the WebAssembly budgets of issue 4, measured: the core module's size after gzip
 * (what a lab page fetches on Start; the full and cost modules' and labs.json's reported beside
 * it), the share of its scenario reader (the JSON document adapter in place of libyaml), the time from
 * clicking Start to the greeting on screen, and the
 * time from Enter to a command's output on screen, in headless Chromium on this machine.
 *
 * Usage: node wasm/bench_wasm.js WEB_DIR PROFILING_WASM SITE_DIR
 *   WEB_DIR: build/wasm/web (emu.js, emu.wasm: the core; emu-full.*, emu-cost.*); PROFILING_WASM: the core linked with
 *   function names (--profiling-funcs) to attribute code bytes; SITE_DIR: a built site.
 * Budgets: module <= 150 KB gzipped (.wasm + .js), Start to greeting < 200 ms (median of
 * cold starts, fresh browser context each), command output < 16 ms (median per command).
 * Prints a table; exits 1 when a budget is missed. RUNS (env) sets the repetitions (default 7). */
'use strict';
const fs = require('fs');
const path = require('path');
const { BUDGET_GZIP_BYTES, gzipSize, functionSizes } = require('./wasm_size.js');
const { chromium } = require('playwright-core');
const { serve } = require('../tests/browser/server.js');

const RUNS = Number(process.env.RUNS || 7);
const BUDGET_START_MS = 200;
const BUDGET_COMMAND_MS = 16;
/* The commands timed on the core module, then the first line that needs the full module (its
 * fetch, compile and the session's replay there: reported, no budget), then the full module's. */
const COMMANDS = ['help', 'nvidia-smi', 'tail train.log', 'nvidia-smi -q -d CLOCK,TEMPERATURE,POWER',
  'ibstat', 'all_reduce_perf -b 8 -e 1G -f 2 -g 8', 'dmesg | grep -i xid', 'solutions'];
const MOVE_COMMAND = 'dcgmi diag -r 2';
const FULL_COMMANDS = ['iostat -x', 'dcgmi diag -r 2'];

function median(values) {
  const s = values.slice().sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/* The bytes of code of the scenario reader: wasm/doc_json.c (emu_doc_* and its dj_* helpers),
 * the document adapter in place of libyaml (about 15 KB of the gzipped module when libyaml was
 * linked). */
function libyamlShare(profilingWasm) {
  const { imported, bodies, names } = functionSizes(profilingWasm);
  let total = 0, yaml = 0;
  bodies.forEach((size, i) => {
    total += size;
    const name = names.get(imported + i) || '';
    if (/^(emu_doc|dj)_/.test(name)) yaml += size;
  });
  return { total, yaml };
}

/* ---- browser timings ------------------------------------------------------------------------ */

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic',
  '--no-first-run', '--disable-background-networking', '--disable-component-update',
  '--disable-sync'];

/* In the page: t0 when Start is clicked (capture phase, before console.js handles it), t1 at
 * the first frame after the greeting is in the log. */
async function startToGreeting(browser, url, lab) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${url}/labs/${lab}/`);
  await page.waitForLoadState('load');
  const ms = await page.evaluate((id) => new Promise((resolve) => {
    const block = document.getElementById(`lab-${id}`);
    let t0 = 0;
    block.querySelector('.lab-start').addEventListener('click', () => { t0 = performance.now(); }, { capture: true });
    const observer = new MutationObserver(() => {
      const log = block.querySelector('.lab-log');
      if (log && log.textContent.length) {
        observer.disconnect();
        requestAnimationFrame(() => resolve(performance.now() - t0));
      }
    });
    observer.observe(block, { childList: true, subtree: true, characterData: true });
    block.querySelector('.lab-start').click();
  }), lab);
  /* Where the time went: the console's performance marks, relative to the click. */
  const marks = await page.evaluate(() => {
    const m = {};
    for (const e of performance.getEntriesByType('mark')) if (/^emu-/.test(e.name)) m[e.name] = e.startTime;
    return m;
  });
  return { ms, page, context, marks };
}

/* Enter to output: `work` until the output is in the log and laid out (a forced layout), and
 * `frame` until the first animation frame after it, when it is on screen. The core runs in a
 * Web Worker, so the output arrives in a message: the console marks its arrival by setting
 * the block's data-last-command-ms, after printing it. */
async function commandLatency(page, lab, command) {
  return page.evaluate(({ id, line }) => new Promise((resolve) => {
    const block = document.getElementById(`lab-${id}`);
    const input = document.getElementById(`lab-${id}-input`);
    const log = block.querySelector('.lab-log');
    input.value = line;
    const t0 = performance.now();
    const observer = new MutationObserver(() => {
      observer.disconnect();
      void log.scrollHeight; /* style and layout of the new output */
      const work = performance.now() - t0;
      requestAnimationFrame(() => resolve({ work, frame: performance.now() - t0 }));
    });
    observer.observe(block, { attributes: true, attributeFilter: ['data-last-command-ms'] });
    input.form.requestSubmit();
  }), { id: lab, line: command });
}

async function main() {
  const [webDir, profilingWasm, site] = process.argv.slice(2);
  if (!webDir || !profilingWasm || !site) {
    console.error('usage: node wasm/bench_wasm.js WEB_DIR PROFILING_WASM SITE_DIR');
    process.exit(2);
  }
  let ok = true;
  const js = gzipSize(path.join(webDir, 'emu.js'));
  const wasm = gzipSize(path.join(webDir, 'emu.wasm'));
  const rawWasm = fs.statSync(path.join(webDir, 'emu.wasm')).size;
  const share = libyamlShare(profilingWasm);
  const yamlGzipEstimate = Math.round(wasm * share.yaml / share.total);
  const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
  console.log('== module size (gzip -9): the core module, what a lab page fetches on Start');
  console.log(`emu.wasm   ${(rawWasm / 1024).toFixed(1)} KB raw, ${(wasm / 1024).toFixed(1)} KB gzip`);
  console.log(`emu.js     ${(fs.statSync(path.join(webDir, 'emu.js')).size / 1024).toFixed(1)} KB raw, ${(js / 1024).toFixed(1)} KB gzip`);
  console.log(`total      ${((js + wasm) / 1024).toFixed(1)} KB gzip (budget ${BUDGET_GZIP_BYTES / 1024} KB): ${js + wasm <= BUDGET_GZIP_BYTES ? 'ok' : 'OVER'}`);
  for (const [what, base] of [['full module (the first line that needs it)', 'emu-full'],
                              ['cost calculator (the cost guide only)', 'emu-cost']]) {
    const w = path.join(webDir, `${base}.wasm`);
    if (fs.existsSync(w))
      console.log(`${base.padEnd(10)} ${kb(gzipSize(w) + gzipSize(path.join(webDir, `${base}.js`)))} gzip (.wasm + .js): the ${what}`);
  }
  const labsJson = path.join(site, 'emu', 'labs.json');
  if (fs.existsSync(labsJson))
    console.log(`labs.json  ${kb(gzipSize(labsJson))} gzip: every lab's scenario, fetched on Start beside the core ` +
                '(issue 11: at most 30 KB)');
  console.log(`YAML/JSON  ${(share.yaml / 1024).toFixed(1)} KB of ${(share.total / 1024).toFixed(1)} KB code ` +
              `(${(100 * share.yaml / share.total).toFixed(1)}%), about ${(yamlGzipEstimate / 1024).toFixed(1)} KB of the gzipped .wasm ` +
              '(wasm/doc_json.c, the JSON document adapter in place of libyaml)');
  const console_js = path.join(webDir, 'console.js');
  if (fs.existsSync(console_js))
    console.log(`console.js ${(gzipSize(console_js) / 1024).toFixed(1)} KB gzip (loaded on every page; the module only on Start)`);
  ok = ok && js + wasm <= BUDGET_GZIP_BYTES;

  const server = await serve(site);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    console.log(`== Start to greeting on screen (headless Chromium, fresh context each, ${RUNS} runs)`);
    const starts = [];
    const phases = { 'worker start': [], 'fetch + compile': [], instantiate: [], 'scenarios (3 YAML)': [],
                     'open + greeting': [] };
    const latencies = new Map(COMMANDS.map((c) => [c, []]));
    const fullLatencies = new Map(FULL_COMMANDS.map((c) => [c, []]));
    const moves = [];
    for (let i = 0; i < RUNS; i++) {
      const lab = ['input-wait', 'multi-node-slowdown', 'late-rank'][i % 3];
      const { ms, page, context, marks } = await startToGreeting(browser, server.url, lab);
      starts.push(ms);
      phases['worker start'].push(marks['emu-worker-start'] - marks['emu-load-start']);
      phases['fetch + compile'].push(marks['emu-compiled'] - marks['emu-worker-start']);
      phases.instantiate.push(marks['emu-instantiated'] - marks['emu-compiled']);
      phases['scenarios (3 YAML)'].push(marks['emu-catalog'] - marks['emu-instantiated']);
      phases['open + greeting'].push(marks['emu-greeting'] - marks['emu-catalog']);
      /* A reader reads the greeting before typing: the console warms the tools up meanwhile. */
      await page.waitForSelector(`#lab-${lab}[data-warm="1"]`, { timeout: 10000 });
      for (const c of COMMANDS) latencies.get(c).push(await commandLatency(page, lab, c));
      moves.push(await commandLatency(page, lab, MOVE_COMMAND));
      for (const c of FULL_COMMANDS) fullLatencies.get(c).push(await commandLatency(page, lab, c));
      await context.close();
    }
    const startMedian = median(starts);
    console.log(`median ${startMedian.toFixed(1)} ms, max ${Math.max(...starts).toFixed(1)} ms ` +
                `(budget ${BUDGET_START_MS} ms): ${startMedian < BUDGET_START_MS ? 'ok' : 'OVER'}`);
    ok = ok && startMedian < BUDGET_START_MS;
    console.log('  of which (median ms): ' + Object.entries(phases)
      .map(([k, v]) => `${k} ${median(v).toFixed(1)}`).join(', '));
    console.log('== Enter to output, per command: laid out / first frame after (median and max ms, budget 16 ms to the frame)');
    const move = moves.map((v) => v.frame);
    const rows = [...latencies].map(([c, v]) => [`${c} (core)`, v])
      .concat([...fullLatencies].map(([c, v]) => [`${c} (full)`, v]));
    console.log(`move to the full module at \`${MOVE_COMMAND}\` (fetch, compile, replay): median ` +
                `${median(move).toFixed(1)} ms, max ${Math.max(...move).toFixed(1)} ms (no budget; once per session)`);
    for (const [c, values] of rows) {
      const work = values.map((v) => v.work), frame = values.map((v) => v.frame);
      const m = median(frame);
      console.log(`${c.padEnd(44)} ${median(work).toFixed(1).padStart(5)} / ${Math.max(...work).toFixed(1).padStart(5)}   ` +
                  `${m.toFixed(1).padStart(5)} / ${Math.max(...frame).toFixed(1).padStart(5)}  ${m < BUDGET_COMMAND_MS ? 'ok' : 'OVER'}`);
      ok = ok && m < BUDGET_COMMAND_MS;
    }
  } finally {
    await browser.close();
    server.close();
  }
  console.log(ok ? 'bench-wasm: every budget met' : 'bench-wasm: a budget is missed');
  process.exit(ok ? 0 : 1);
}

if (require.main === module) main().catch((e) => { console.error(e.stack || e); process.exit(2); });
