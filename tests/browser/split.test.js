#!/usr/bin/env node
/* split.test.js: what a lab page fetches, in headless Chromium against a built site
 * (wasm/README.md, "Two modules"). Before Start a lab page fetches no WebAssembly; Start fetches
 * the core module (emu.wasm, emu.js) and labs.json, and the console's warm-up fetches nothing
 * more; a line that runs a tool only the full module holds, after lines that changed the
 * cluster (the clock, a repair), fetches emu-full.wasm and emu-full.js once, moves the session
 * there and prints what the native CLI prints for the same lines; later lines fetch nothing;
 * a reload replays the stored run into the full module once more; the cost guide's calculator
 * fetches its own small module and neither the core nor the full one. Prints the sizes fetched.
 *
 * Usage: node tests/browser/split.test.js SITE_DIR HANDBOOK
 * Prints one line per check and `N passed, N failed`; exits 1 when any check failed. */
'use strict';
const { spawnSync } = require('child_process');
const { serve } = require('./server.js');
const { counts, check, launch, watchedPage } = require('./harness.js');

const LAB = 'slower-after-restart';
/* Lines that change the cluster (the clock, an answer, a repair), on the core. */
const BEFORE = ['tail -n 1 train.log', 'answer node03 gpu6', 'ssh node03 sudo nvidia-smi -pl 700 -i 6',
  'sleep 40'];
/* A tool only the full module holds, whose output follows from the lines before it. */
const FULL_LINE = 'ssh node03 dcgmi dmon -e 155,100 -i 6 -c 2';
const AFTER = 'ssh node03 ps -eo pid,comm | head -n 3';

/* The requests of a page, by file name under emu/. */
function recorder(page) {
  const seen = [];
  page.on('request', (r) => {
    const m = /\/emu\/([^/?#]+)$/.exec(r.url());
    if (m) seen.push(m[1]);
  });
  return seen;
}
const count = (seen, name) => seen.filter((n) => n === name).length;

/* What `handbook emu` prints for the last of lines (transcript mode), after the same lines. */
function nativeLast(handbook, lines) {
  const r = spawnSync(handbook, ['emu', '--lab', LAB], { input: lines.map((l) => l + '\n').join('') });
  const text = r.stdout.toString('utf8');
  const echo = `$ ${lines[lines.length - 1]}\n`;
  return text.slice(text.lastIndexOf(echo) + echo.length);
}

async function logText(page) {
  return page.evaluate((id) => document.querySelector(`#lab-${id} .lab-log`).textContent, LAB);
}

/* Runs a line and waits until it has ended (the block is no longer busy). */
async function run(page, line) {
  await page.fill(`#lab-${LAB}-input`, line);
  await page.press(`#lab-${LAB}-input`, 'Enter');
  await page.waitForFunction((id) => !document.getElementById(`lab-${id}`).classList.contains('lab-is-busy'),
                             LAB, { timeout: 30000 });
}

/* The output of the last line in the log: what follows its echo. */
function lastOutput(log, line) {
  const echo = `${line}\n`;
  return log.slice(log.lastIndexOf(echo) + echo.length);
}

async function testLab(browser, url, handbook) {
  const problems = [];
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await watchedPage(context, problems);
  const seen = recorder(page);
  const sizes = {};
  page.on('response', async (r) => {
    const m = /\/emu\/([^/?#]+)$/.exec(r.url());
    if (m) { try { sizes[m[1]] = (await r.body()).length; } catch (e) { /* a redirect */ } }
  });
  await page.goto(`${url}/labs/${LAB}/`);
  await page.waitForLoadState('load');
  check('split: before Start a lab page fetches no module and no scenarios',
        !seen.some((n) => /\.wasm$|^emu.*\.js$|labs\.json$/.test(n)), seen.join(' '));
  await page.click(`#lab-${LAB} .lab-start`);
  await page.waitForSelector(`#lab-${LAB}-input:not([disabled])`, { timeout: 20000 });
  await page.waitForSelector(`#lab-${LAB}[data-warm="1"]`, { timeout: 30000 });
  check('split: Start fetches the core module and labs.json, once each',
        count(seen, 'emu.wasm') === 1 && count(seen, 'emu.js') === 1 && count(seen, 'labs.json') === 1,
        seen.join(' '));
  check('split: Start and the warm-up fetch no part of the full module',
        !seen.some((n) => /^emu-full\./.test(n)), seen.join(' '));
  check('split: the session runs on the core', await page.getAttribute(`#lab-${LAB}`, 'data-emu-module') === 'core');
  for (const line of BEFORE) await run(page, line);
  check('split: the lab\'s own tools (a repair included) run on the core',
        !seen.some((n) => /^emu-full\./.test(n)) &&
        await page.getAttribute(`#lab-${LAB}`, 'data-emu-module') === 'core', seen.join(' '));
  await run(page, FULL_LINE);
  const got = lastOutput(await logText(page), FULL_LINE);
  const want = nativeLast(handbook, BEFORE.concat([FULL_LINE]));
  check('split: a tool of the full module fetches emu-full.wasm and emu-full.js once',
        count(seen, 'emu-full.wasm') === 1 && count(seen, 'emu-full.js') === 1, seen.join(' '));
  check('split: the session moved to the full module', await page.getAttribute(`#lab-${LAB}`, 'data-emu-module') === 'full');
  check('split: after a repair and 40 s, the full module prints what the native CLI prints',
        got === want && /GPU 6 +\d+\.\d+ +1980/.test(got), `${JSON.stringify(got)} vs ${JSON.stringify(want)}`);
  await run(page, AFTER);
  const after = lastOutput(await logText(page), AFTER);
  check('split: the next line of the full module fetches nothing more and matches the native CLI',
        count(seen, 'emu-full.wasm') === 1 && after === nativeLast(handbook, BEFORE.concat([FULL_LINE, AFTER])),
        JSON.stringify(after));
  /* a reload replays the stored run: its line of the full module moves the session again */
  await page.reload();
  await page.waitForLoadState('load');
  /* an unfinished run starts again by itself */
  await page.waitForFunction(([id, line]) => {
    const block = document.getElementById(`lab-${id}`), log = block.querySelector('.lab-log');
    return log && log.textContent.includes(line) && !block.classList.contains('lab-is-busy');
  }, [LAB, AFTER], { timeout: 30000 }).catch(() => {});
  const replayed = lastOutput(await logText(page), FULL_LINE);
  check('split: after a reload the stored run replays through the full module with the same output',
        replayed.startsWith(got) && await page.getAttribute(`#lab-${LAB}`, 'data-emu-module') === 'full',
        JSON.stringify(replayed.slice(0, 200)));
  check('split: no errors on the lab page', problems.length === 0, problems.join('; '));
  console.log(`     fetched on Start: emu.wasm ${sizes['emu.wasm']} B, emu.js ${sizes['emu.js']} B, ` +
              `labs.json ${sizes['labs.json']} B; later: emu-full.wasm ${sizes['emu-full.wasm']} B ` +
              '(as served, uncompressed)');
  await context.close();
}

async function testCost(browser, url) {
  const problems = [];
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await watchedPage(context, problems);
  const seen = recorder(page);
  await page.goto(`${url}/workflow/cost-per-completed-workload/`);
  await page.waitForLoadState('load');
  const input = page.locator('.cost-form input').first();
  if (!(await input.count())) {
    check('split: the cost guide has its calculator', false);
    await context.close();
    return;
  }
  const before = await page.evaluate(() => document.querySelector('.cost-results').textContent);
  await input.focus();
  await page.keyboard.press('ArrowUp');
  await input.dispatchEvent('change');
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /emu-cost\.wasm$/.test(e.name)),
                             null, { timeout: 20000 }).catch(() => {});
  await page.waitForFunction((b) => document.querySelector('.cost-results').textContent !== b, before,
                             { timeout: 20000 }).catch(() => {});
  check('split: the cost calculator recomputes in its own module, not the core nor the full one',
        count(seen, 'emu-cost.wasm') === 1 && !seen.includes('emu.wasm') && !seen.includes('emu-full.wasm') &&
        !seen.includes('labs.json') && await page.evaluate(() => document.querySelector('.cost-results').textContent) !== before,
        seen.join(' '));
  check('split: no errors on the cost guide', problems.length === 0, problems.join('; '));
  await context.close();
}

async function main() {
  const [site, handbook] = process.argv.slice(2);
  if (!site || !handbook) {
    console.error('usage: node tests/browser/split.test.js SITE_DIR HANDBOOK');
    process.exit(2);
  }
  const server = await serve(site);
  const browser = await launch();
  try {
    await testLab(browser, server.url, handbook);
    await testCost(browser, server.url);
  } finally {
    await browser.close();
    server.close();
  }
  console.log(`${counts.passed} passed, ${counts.failed} failed`);
  process.exit(counts.failed ? 1 : 0);
}

main().catch((e) => { console.error(e.stack || e); process.exit(2); });
