/* harness.js: what the browser test scripts share: launching Debian's Chromium headless, the
 * check lines and their count, and axe-core on a page. */
'use strict';
const { chromium } = require('playwright-core');

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic',
  '--no-first-run', '--disable-background-networking', '--disable-component-update',
  '--disable-sync'];
const AXE = require.resolve('axe-core/axe.min.js');

const counts = { passed: 0, failed: 0 };

/* Prints "ok   NAME" or "FAIL NAME: DETAIL" and counts it. */
function check(name, ok, detail) {
  if (ok) { counts.passed++; console.log(`ok   ${name}`); }
  else { counts.failed++; console.log(`FAIL ${name}${detail ? ': ' + detail : ''}`); }
}

/* Launches Chromium with a fresh profile (playwright's launch makes a new temporary one). */
async function launch() {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/* axe-core on the page as it is now: one check, failing with every violation. */
async function axeCheck(page, name) {
  await page.addScriptTag({ path: AXE });
  const result = await page.evaluate(async () => {
    const r = await window.axe.run(document);
    return r.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  });
  check(`axe-core finds no violations on ${name}`, result.length === 0, result.join('; '));
}

module.exports = { CHROMIUM_ARGS, AXE, counts, check, launch, axeCheck };
