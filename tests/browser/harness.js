/* harness.js: what the browser test scripts share: launching Debian's Chromium headless, the
 * check lines and their count, pages that record console errors and failed requests, axe-core
 * on a page, and the list of a built site's pages. */
'use strict';
const path = require('path');
const fs = require('fs');
const { chromium } = require('playwright-core');

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic',
  '--no-first-run', '--disable-background-networking', '--disable-component-update',
  '--disable-sync'];
const AXE = require.resolve('axe-core/axe.min.js');
const AXE_SOURCE = fs.readFileSync(AXE, 'utf8');

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

/* A page that records console errors, page errors and failed or 4xx/5xx requests in problems
 * (expected: URL patterns whose 4xx is the point of the test, e.g. the 404 page; the console
 * line the browser adds for such a response is left out with it). */
async function watchedPage(context, problems, expected = []) {
  const page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error' && !(expected.length && /status of 404/.test(m.text()))) problems.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  /* ERR_ABORTED: the test moved on while the page still loaded something (the favicon). */
  page.on('requestfailed', (r) => {
    if (!/ERR_ABORTED/.test(r.failure().errorText)) problems.push(`request failed: ${r.url()} ${r.failure().errorText}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400 && !expected.some((re) => re.test(r.url()))) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  return page;
}

/* axe-core's violations on the page as it is now, as short strings ([] when none). rules:
 * only these (axe's rule ids), else every rule axe runs by default plus target-size (WCAG 2.2
 * AA, off in axe by default). axe is evaluated through the DevTools protocol, not added as a
 * <script>: the pages' Content-Security-Policy refuses inline scripts (the point of it), and
 * axe is not one of the site's own files. */
async function axeViolations(page, rules) {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (only) => {
    const r = await window.axe.run(document, only ? { runOnly: { type: 'rule', values: only } }
                                                  : { rules: { 'target-size': { enabled: true } } });
    return r.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  }, rules || null);
}

/* axe-core on the page as it is now: one check, failing with every violation. */
async function axeCheck(page, name) {
  const result = await axeViolations(page);
  check(`axe-core finds no violations on ${name}`, result.length === 0, result.join('; '));
}

/* Every page of the site (index.html files, redirect pages aside), as URL paths. */
function sitePages(site) {
  const out = [];
  const walk = (dir, rel) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!['assets', 'emu', 'pagefind'].includes(entry.name) || rel) walk(path.join(dir, entry.name), `${rel}${entry.name}/`);
      } else if (entry.name === 'index.html' &&
                 !/http-equiv="refresh"/.test(fs.readFileSync(path.join(dir, entry.name), 'utf8'))) {
        out.push(`/${rel}`);
      }
    }
  };
  walk(site, '');
  return out.sort();
}

module.exports = { CHROMIUM_ARGS, AXE, counts, check, launch, watchedPage, axeViolations, axeCheck, sitePages };
