#!/usr/bin/env node
/* examples.test.js: two promises of the handbook (issue 11) checked on EVERY page of the built
 * site, not on a sample: each reference page (a page under reference/ that is not a section's
 * index) embeds a lab block, and each ```console lab=ID example on any page has a Run button
 * that opens a console in place on that lab, with the example's commands typed and run. For
 * every example the test clicks Run, waits for the console, and checks: the console sits right
 * after the example; its greeting is the one `handbook emu --lab ID [--seed N]` prints (the
 * right lab, the right seed); every command of the example appears in the log, each followed by
 * exactly the output of the build-time transcript (the page's own text for that command).
 *
 * The test cannot pass on nothing: over the whole site it wants as many examples as content/'s
 * pages have ```console lab= fences (the site is built from content/, tests/browser/tests.mk),
 * and at least one; a greeting must be one (not empty, and it says `help`); and with
 * EXAMPLE_PAGES (regular expressions separated by spaces, to run the pages they match only),
 * each of them must match a page.
 *
 * Usage: node tests/browser/examples.test.js SITE_DIR HANDBOOK
 * Prints one line per check and `N passed, N failed`; exits 1 when any check failed. */
'use strict';
const path = require('path');
const fs = require('fs');
const { execFileSync } = require('child_process');
const { serve } = require('./server.js');
const { counts, check, launch, watchedPage, sitePages } = require('./harness.js');

/* The greeting the native emulator prints for lab id (and seed): everything before its first
 * prompt. */
function nativeGreeting(handbook, id, seed) {
  const args = ['emu', '--lab', id];
  if (seed) args.push('--seed', seed);
  const out = execFileSync(handbook, args, { input: '', encoding: 'utf8' });
  const at = out.indexOf('\n$ ');
  return (at >= 0 ? out.slice(0, at + 1) : out).trim();
}

/* The number of ```console lab=ID fences in the pages of dir (content/; README.md files are not
 * pages): how many examples the site built from it must hold. */
function fencesIn(dir) {
  let n = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) n += fencesIn(file);
    else if (entry.name.endsWith('.md') && entry.name !== 'README.md')
      n += (fs.readFileSync(file, 'utf8').match(/^[ \t]*(?:```+|~~~+)[ \t]*console[ \t][^\n]*\blab=/gm) || []).length;
  }
  return n;
}

/* An example's commands and each one's build-time output, read from the page's <pre>: a prompt
 * span, the command span, then the text up to the next prompt. */
async function examplesOf(page) {
  return page.evaluate(() => Array.from(document.querySelectorAll('pre.emu-example')).map((pre) => {
    const steps = [];
    let cur = null;
    for (const node of pre.querySelector('code').childNodes) {
      const cls = node.nodeType === 1 ? node.className : '';
      if (cls === 'emu-prompt') { cur = null; continue; }
      if (cls === 'emu-command') { cur = { command: node.textContent, output: '' }; steps.push(cur); continue; }
      if (cur) cur.output += node.textContent;
    }
    return { lab: pre.getAttribute('data-lab'), seed: pre.getAttribute('data-seed') || '', steps };
  }));
}

/* Each step's output in a console's log: the text after "$ command\n" up to the line of the
 * next step's prompt (the steps are found in order: an example may run a command twice), the
 * last one up to the prompt the console shows after it. null for a step not found. */
function outputsIn(log, steps) {
  const at = [];
  let from = 0;
  for (const s of steps) {
    const key = `$ ${s.command}\n`;
    const i = log.indexOf(key, from);
    if (i < 0) { at.push(null); continue; }
    at.push({ begin: i + key.length, line: log.lastIndexOf('\n', i) + 1 });
    from = i + key.length;
  }
  return at.map((a, k) => {
    if (!a) return null;
    const next = at.slice(k + 1).find(Boolean);
    let out = log.slice(a.begin, next ? next.line : log.length);
    if (!next) out = out.replace(/(^|\n)[^\n]*\$ ?$/, '$1');
    return out;
  });
}

/* The same text up to the console's line wrapping: runs of white space as one space. */
const flat = (s) => s.replace(/\s+/g, ' ').trim();
const trimEnd = (s) => s.replace(/\s+$/, '');

async function testPage(browser, url, handbook, p, greetings) {
  const problems = [];
  const context = await browser.newContext();
  const page = await watchedPage(context, problems);
  await page.goto(url + p);
  await page.waitForLoadState('load');
  const blocks = await page.locator('.lab[data-lab]:not(.lab-inline)').count();
  if (/^\/reference\/.+\/.+\/$/.test(p))
    check(`${p} embeds a lab`, blocks > 0);
  const examples = await examplesOf(page);
  if (!examples.length) { await context.close(); return 0; }
  const buttons = await page.locator('.emu-run').count();
  check(`${p}: each of its ${examples.length} console examples has a Run button`, buttons === examples.length,
        `${buttons} buttons`);
  for (let i = 0; i < examples.length && i < buttons; i++) {
    const ex = examples[i];
    const name = `${p} example ${i + 1} (lab ${ex.lab}${ex.seed ? ', seed ' + ex.seed : ''})`;
    await page.click(`.emu-run >> nth=${i}`);
    const ok = await page.waitForFunction((k) => {
      const b = document.querySelectorAll('.emu-run')[k];
      const pre = document.querySelectorAll('pre.emu-example')[k];
      let box = (pre.closest('.code-block') || pre).nextElementSibling;
      if (box && box.matches('.emu-run-bar')) box = box.nextElementSibling;
      return b.textContent === 'Go to console' && box && box.matches('.lab-inline') &&
        !box.classList.contains('lab-is-busy') && !!box.querySelector('.lab-log');
    }, i, { timeout: 60000 }).then(() => true).catch(() => false);
    check(`${name}: Run opens a console in place`, ok);
    if (!ok) continue;
    const got = await page.evaluate((k) => {
      const pre = document.querySelectorAll('pre.emu-example')[k];
      let box = (pre.closest('.code-block') || pre).nextElementSibling;
      if (box.matches('.emu-run-bar')) box = box.nextElementSibling;
      return { lab: box.getAttribute('data-lab'), log: box.querySelector('.lab-log').textContent };
    }, i);
    const key = `${ex.lab}/${ex.seed}`;
    if (!(key in greetings)) greetings[key] = nativeGreeting(handbook, ex.lab, ex.seed);
    /* an empty greeting is a prefix of every log: it must be a greeting first */
    const greeting = flat(greetings[key]);
    check(`${name}: the console is on that lab`,
          got.lab === ex.lab && /\bhelp\b/.test(greeting) && flat(got.log).startsWith(greeting),
          `data-lab ${got.lab}; greeting ${JSON.stringify(greeting.slice(0, 160))}; log begins ${JSON.stringify(got.log.slice(0, 160))}`);
    const bad = [];
    const outs = outputsIn(got.log, ex.steps);
    ex.steps.forEach((s, k) => {
      const want = trimEnd(s.output.replace(/^\n/, '')), out = outs[k] === null ? null : trimEnd(outs[k]);
      if (out === null) bad.push(`not run: ${s.command}`);
      else if (out !== want)
        bad.push(`${s.command}: page ${JSON.stringify(want.slice(0, 300))} console ${JSON.stringify(out.slice(0, 300))}`);
    });
    check(`${name}: its ${ex.steps.length} command(s) ran with the build-time transcript's output`,
          ex.steps.length > 0 && !bad.length, bad.join(' | '));
  }
  check(`${p}: no console errors or failed requests`, problems.length === 0, problems.join('; '));
  await context.close();
  return examples.length;
}

async function main() {
  const [site, handbook] = process.argv.slice(2);
  if (!site || !fs.existsSync(path.join(site, 'index.html')) || !handbook || !fs.existsSync(handbook)) {
    console.error('usage: node tests/browser/examples.test.js SITE_DIR HANDBOOK');
    process.exit(2);
  }
  const server = await serve(site);
  const browser = await launch();
  const greetings = {};
  try {
    const pages = sitePages(site);
    const only = (process.env.EXAMPLE_PAGES || '').split(/\s+/).filter(Boolean).map((e) => new RegExp(e));
    const reference = pages.filter((p) => /^\/reference\/.+\/.+\/$/.test(p));
    check(`the site has reference pages (${reference.length})`, reference.length >= 8);
    for (const re of only)
      check(`EXAMPLE_PAGES entry ${re.source} matches a page`, pages.some((p) => re.test(p)));
    let examples = 0;
    for (const p of pages)
      if (!only.length || only.some((re) => re.test(p))) examples += await testPage(browser, server.url, handbook, p, greetings);
    if (!only.length) {
      const fences = fencesIn(path.join(__dirname, '..', '..', 'content'));
      check(`the site holds every console example of content/ (${examples} of ${fences})`,
            fences > 0 && examples === fences);
    }
  } catch (e) {
    check('the examples test ran to the end', false, e.stack);
  } finally {
    await browser.close();
    server.close();
  }
  console.log(`${counts.passed} passed, ${counts.failed} failed`);
  process.exit(counts.failed ? 1 : 0);
}

main();
