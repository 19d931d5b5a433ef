#!/usr/bin/env node
/* timeline.test.js: the step timeline in headless Chromium against a built site: the lab
 * console's `timeline` command drawing its panel beside the console (from the same core: the
 * panel's table holds the figures the terminal printed), the chart's keyboard cursor, the
 * table a screen reader reads (caption, column and row headers), the panel's Close button,
 * a 375 px viewport (the chart scrolls in its own box, the page does not), and axe-core with the
 * panel open; the guides' build-time timelines (healthy next to faulty); the cost guide's
 * calculator (the build's worked example with JavaScript off, a keyboard change recomputed in
 * the worker to the page's own figures, its tables, 375 px, axe-core).
 *
 * Usage: node tests/browser/timeline.test.js SITE_DIR
 * Prints one line per check and `N passed, N failed`; exits 1 when any check failed. */
'use strict';
const { serve } = require('./server.js');
const { counts, check, launch, axeCheck } = require('./harness.js');

const LAB = 'late-rank';

async function watchedPage(context, problems) {
  const page = await context.newPage();
  /* The browser's own request for /favicon.ico (the site has none) is not the page's. */
  page.on('console', (m) => {
    if (m.type() === 'error' && !/favicon\.ico$/.test(m.location().url)) problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 400 && !/favicon\.ico$/.test(r.url())) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  return page;
}

/* Opens the lab page, starts the console and runs `line`; resolves once the output is there. */
async function runInLab(page, url, line) {
  await page.goto(`${url}/labs/${LAB}/`);
  await page.click(`#lab-${LAB} .lab-start`);
  await page.waitForSelector(`#lab-${LAB}-input:not([disabled])`, { timeout: 20000 });
  await page.fill(`#lab-${LAB}-input`, line);
  await page.press(`#lab-${LAB}-input`, 'Enter');
}

async function testPanel(browser, url) {
  const problems = [];
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  const page = await watchedPage(context, problems);
  await runInLab(page, url, 'timeline');
  const panelSel = `#lab-${LAB} .lab-panel`;
  let shown = true;
  try {
    await page.waitForSelector(`${panelSel} figure.tl svg .tl-seg`, { timeout: 20000 });
  } catch (e) {
    shown = false;
  }
  check('timeline: the panel appears beside the console with the drawing', shown);
  if (!shown) {
    check('timeline: no errors', problems.length === 0, problems.join('; '));
    await context.close();
    return;
  }
  const info = await page.evaluate(([sel, lab]) => {
    const panel = document.querySelector(sel);
    const con = document.querySelector(`#lab-${lab} .lab-console`);
    const p = panel.getBoundingClientRect(), c = con.getBoundingClientRect();
    const heading = document.getElementById(panel.getAttribute('aria-labelledby'));
    const fig = panel.querySelector('figure.tl');
    return {
      beside: p.left >= c.right - 1 && p.top < c.bottom,
      heading: heading ? heading.textContent : '',
      figId: fig.id,
      log: document.querySelector(`#lab-${lab} .lab-log`).textContent,
      rows: panel.querySelectorAll('.tl-table tbody tr').length,
      critical: Array.from(panel.querySelectorAll('.tl-table tr.tl-row-critical td:first-of-type'))
        .map((td) => td.textContent),
      criticalPath: panel.querySelectorAll('.tl-critical').length,
      stepTimes: Array.from(panel.querySelectorAll('.tl-table tbody tr')).map((tr) =>
        [tr.querySelector('th').textContent, parseFloat(tr.querySelector('td:last-of-type').textContent)]),
      colHeads: Array.from(panel.querySelectorAll('.tl-table thead th')).map((th) => th.getAttribute('scope')),
      rowHeads: Array.from(panel.querySelectorAll('.tl-table tbody th')).every((th) => th.getAttribute('scope') === 'row'),
      caption: (panel.querySelector('.tl-table caption') || {}).textContent || '',
      ids: Array.from(document.querySelectorAll('[id]')).map((e) => e.id),
    };
  }, [panelSel, LAB]);
  check('timeline: the panel sits beside the console on a wide screen', info.beside);
  check('timeline: the panel is a labelled region ("Step timeline")', info.heading === 'Step timeline', info.heading);
  check('timeline: the terminal shows the text drawing', /Step timeline of job 48213/.test(info.log) &&
        /rank node:gpu/.test(info.log), info.log.slice(-400));
  /* the shape, not the verdict: a lab's timeline names no rank as the one every step waits for
   * and marks no row; the learner reads the rows */
  const steps = [...info.log.matchAll(/Step (\d+), (\d+) ms: the\s+other\s+ranks\s+wait\s+up\s+to\s+[\d.]+\s+ms\s+for\s+the\s+last\s+to\s+arrive/g)];
  check('timeline: the shape, not the verdict: no rank named as the one waited for, no row or path marked',
        steps.length === 3 && !/\sfor\s+rank\s+\d+|Critical\s+path:\s+rank/.test(info.log) && info.critical.length === 0 &&
        info.criticalPath === 0, `${steps.length} steps, ${info.critical.length} marked rows, ${info.criticalPath} paths`);
  /* the same core: every row of the panel's table has the step time the terminal printed */
  const stepMs = Object.fromEntries(steps.map(([, step, ms]) => [step, +ms]));
  const mismatch = info.stepTimes.filter(([step, t]) => !(step in stepMs) || Math.abs(t - stepMs[step]) > 1);
  check('timeline: the panel\'s table holds the step times the terminal printed',
        steps.length === 3 && info.stepTimes.length === 48 && mismatch.length === 0,
        mismatch.slice(0, 3).map((m) => m.join(': ')).join(' | '));
  check('timeline: table for screen readers: a caption, column headers, a row header per row, 16 ranks x 3 steps',
        /in ms/.test(info.caption) && info.colHeads.every((s) => s === 'col') && info.rowHeads && info.rows === 48,
        `caption ${info.caption}, rows ${info.rows}`);
  const dup = info.ids.filter((id, i) => info.ids.indexOf(id) !== i);
  check('timeline: ids stay unique in the page', dup.length === 0, dup.slice(0, 5).join(' '));

  /* keyboard: Tab from the console's input reaches the chart; the arrows move a cursor */
  const chart = `${panelSel} .tl-chart`;
  await page.focus(chart);
  const first = await page.textContent(`${panelSel} .tl-detail`);
  await page.keyboard.press('ArrowRight');
  const second = await page.textContent(`${panelSel} .tl-detail`);
  await page.keyboard.press('ArrowDown');
  const third = await page.textContent(`${panelSel} .tl-detail`);
  await page.keyboard.press('End');
  const last = await page.textContent(`${panelSel} .tl-detail`);
  check('timeline: keyboard: focus reads the first phase, Right the next, Down the rank below, End the row\'s last',
        /^rank 0, step \d+: input wait/.test(first) && /^rank 0, step \d+: forward/.test(second) &&
        /^rank 1, step \d+: forward/.test(third) && /^rank 1, step \d+: optimizer/.test(last),
        [first, second, third, last].join(' | '));
  const live = await page.getAttribute(`${panelSel} .tl-detail`, 'aria-live');
  check('timeline: the cursor\'s phase is read out (aria-live)', live === 'polite', live);

  await axeCheck(page, 'a lab page with the timeline panel open');

  /* a repair or time moving on changes the next drawing: a second timeline replaces the first */
  await page.fill(`#lab-${LAB}-input`, 'timeline -n 1');
  await page.press(`#lab-${LAB}-input`, 'Enter');
  await page.waitForFunction((sel) => document.querySelectorAll(`${sel} .tl-table tbody tr`).length === 16,
                             panelSel, { timeout: 20000 }).catch(() => {});
  const panels = await page.evaluate((lab) => document.querySelectorAll(`#lab-${lab} .lab-panel`).length, LAB);
  const rows = await page.evaluate((sel) => document.querySelectorAll(`${sel} .tl-table tbody tr`).length, panelSel);
  check('timeline: the next drawing replaces the last in the same panel', panels === 1 && rows === 16,
        `${panels} panels, ${rows} rows`);

  await page.click(`${panelSel} .lab-panel-close`);
  const closed = await page.evaluate(([sel, lab]) => ({
    hidden: document.querySelector(sel).hidden,
    focus: document.activeElement && document.activeElement.id === `lab-${lab}-input`,
  }), [panelSel, LAB]);
  check('timeline: Close hides the panel and gives focus back to the console', closed.hidden && closed.focus);
  check('timeline: no console errors, page errors or failed requests', problems.length === 0, problems.join('; '));
  await context.close();
}

async function testMobile(browser, url) {
  const problems = [];
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  const page = await watchedPage(context, problems);
  await runInLab(page, url, 'timeline');
  const panelSel = `#lab-${LAB} .lab-panel`;
  await page.waitForSelector(`${panelSel} figure.tl svg .tl-seg`, { timeout: 20000 }).catch(() => {});
  const m = await page.evaluate(([sel, lab]) => {
    const panel = document.querySelector(sel);
    if (!panel) return null;
    const con = document.querySelector(`#lab-${lab} .lab-console`);
    const chart = panel.querySelector('.tl-chart');
    return {
      pageWidth: document.documentElement.scrollWidth,
      below: panel.getBoundingClientRect().top >= con.getBoundingClientRect().bottom - 1,
      chartScrolls: chart.scrollWidth > chart.clientWidth && chart.getBoundingClientRect().right <= 376,
    };
  }, [panelSel, LAB]);
  check('timeline at 375 px: the panel comes below the console', m && m.below, JSON.stringify(m));
  check('timeline at 375 px: the page does not scroll sideways; the chart scrolls in its own box',
        m && m.pageWidth <= 375 && m.chartScrolls, JSON.stringify(m));
  /* a tap on a phase reads it out */
  const seg = page.locator(`${panelSel} .tl-seg`).nth(3);
  await seg.scrollIntoViewIfNeeded().catch(() => {});
  await seg.tap().catch(() => {});
  const detail = await page.textContent(`${panelSel} .tl-detail`).catch(() => '');
  check('timeline at 375 px: tapping a phase reads it out', /^rank 0, step \d+: /.test(detail), detail);
  check('timeline at 375 px: no errors', problems.length === 0, problems.join('; '));
  await context.close();
}

/* The cost guide's calculator: the build's worked example with JavaScript off; with it, the
 * form, a change made with the keyboard recomputed in the worker, and what the page's text says
 * of that change (example 3: hourly saves stretched to 4 hours). */
const COST_PAGE = '/workflow/cost-per-completed-workload/';

async function testCost(browser, url) {
  const problems = [];
  const off = await browser.newContext({ javaScriptEnabled: false });
  const still = await off.newPage();
  await still.goto(`${url}${COST_PAGE}`);
  const plain = await still.evaluate(() => {
    const s = document.querySelector('section.cost');
    return s && {
      formHidden: s.querySelector('.cost-form').hidden,
      text: s.querySelector('.cost-results').textContent,
      plot: !!s.querySelector('.cost-results svg.cost-plot .cost-curve'),
    };
  });
  check('cost: with JavaScript off, the worked example the build computed, and no dead form',
        plain && plain.formHidden && /\$161,000/.test(plain.text) && /20\.9|21\.0 days/.test(plain.text) && plain.plot,
        JSON.stringify(plain && { ...plain, text: plain.text.slice(0, 300) }));
  await off.close();

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await watchedPage(context, problems);
  await page.goto(`${url}${COST_PAGE}`);
  await page.waitForSelector('section.cost .cost-form:not([hidden])', { timeout: 10000 }).catch(() => {});
  const labels = await page.evaluate(() => Array.from(document.querySelectorAll('section.cost .cost-form [name]'))
    .map((el) => ({ name: el.name, label: el.labels && el.labels[0] ? el.labels[0].textContent.trim() : '' })));
  check('cost: the form is shown, every input labelled', labels.length >= 10 && labels.every((l) => l.label),
        JSON.stringify(labels.filter((l) => !l.label)));
  /* keyboard only: Tab to the interval, replace it, Tab on */
  const field = 'section.cost [name="checkpoint_interval_min"]';
  await page.focus('section.cost [name="restart_min"]');
  await page.keyboard.press('Tab');
  const focused = await page.evaluate(() => document.activeElement && document.activeElement.name);
  check('cost: Tab moves from the restart time to the checkpoint interval', focused === 'checkpoint_interval_min', focused);
  await page.keyboard.press('Control+A');
  await page.keyboard.type('240');
  await page.keyboard.press('Tab');
  /* the results table's row (the plot's own table lists other intervals too) */
  const resultRow = (name) => page.evaluate((n) => {
    const th = Array.from(document.querySelectorAll('section.cost .cost-results > table.cost-table th'))
      .find((h) => h.textContent === n);
    return th ? th.nextElementSibling.textContent : '';
  }, name);
  let updated = true;
  try {
    await page.waitForFunction(() => /updated/.test(document.querySelector('section.cost .cost-note').textContent),
                               null, { timeout: 20000 });
  } catch (e) {
    updated = false;
  }
  const after = await page.evaluate(() => ({
    text: document.querySelector('section.cost .cost-results').textContent,
    status: document.querySelector('section.cost .cost-note').textContent,
    role: document.querySelector('section.cost .cost-note').getAttribute('role'),
  }));
  const got = { cost: await resultRow('Cost'), days: await resultRow('Time to completion'), goodput: await resultRow('Goodput') };
  check('cost: a 4-hour interval gives the page\'s example 3 ($183,000, 23.9 days, 80.8% goodput)',
        updated && /^\$183,000 /.test(got.cost) && got.days === '23.9 days' && /^80\.8%/.test(got.goodput),
        JSON.stringify(got));
  check('cost: the update is announced (role=status)', after.role === 'status' && /updated/i.test(after.status), after.status);
  check('cost: the plot marks Young\'s and Daly\'s optimum', /optimum [\d.]+ min \(Young; Daly [\d.]+ min\)/.test(after.text),
        after.text.slice(-500));
  /* a value out of range: said at once, the last results kept */
  await page.fill(field, '0');
  await page.dispatchEvent(field, 'change');
  await page.waitForTimeout(300);
  const bad = await page.evaluate(() => ({
    status: document.querySelector('section.cost .cost-note').textContent,
    text: document.querySelector('section.cost .cost-results').textContent,
  }));
  const kept = await resultRow('Cost');
  check('cost: an interval of 0 is refused with a message, the last results stay',
        /Checkpoint interval/.test(bad.status) && /^\$183,000 /.test(kept), `${bad.status} | ${kept}`);
  await page.fill(field, '60');
  await page.dispatchEvent(field, 'change');
  await page.waitForFunction(() => {
    const th = Array.from(document.querySelectorAll('section.cost .cost-results > table.cost-table th')).find((h) => h.textContent === 'Cost');
    return th && /^\$161,000 /.test(th.nextElementSibling.textContent);
  }, null, { timeout: 20000 }).catch(() => {});
  check('cost: back to hourly saves, back to the baseline ($161,000)', /^\$161,000 /.test(await resultRow('Cost')),
        await resultRow('Cost'));
  const tables = await page.evaluate(() => Array.from(document.querySelectorAll('section.cost table')).map((t) => ({
    rowHeads: Array.from(t.querySelectorAll('tbody th')).every((th) => th.getAttribute('scope') === 'row'),
    rows: t.querySelectorAll('tbody tr').length,
  })));
  check('cost: its tables have row headers (results, and the plot\'s figures)',
        tables.length === 2 && tables.every((t) => t.rowHeads && t.rows > 3), JSON.stringify(tables));
  await axeCheck(page, 'the cost guide with its calculator');
  check('cost: no console errors, page errors or failed requests', problems.length === 0, problems.join('; '));
  await context.close();

  const mobile = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  const small = await mobile.newPage();
  await small.goto(`${url}${COST_PAGE}`);
  await small.waitForSelector('section.cost .cost-form:not([hidden])', { timeout: 10000 }).catch(() => {});
  const width = await small.evaluate(() => document.documentElement.scrollWidth);
  check('cost at 375 px: the page does not scroll sideways', width <= 375, String(width));
  await mobile.close();
}

/* The build-time timelines of the guides: healthy next to faulty, no JavaScript needed. */
async function testGuides(browser, url) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const guide of ['training-step', 'data-loading', 'checkpointing']) {
    await page.goto(`${url}/workflow/${guide}/`);
    const got = await page.evaluate(() => Array.from(document.querySelectorAll('.tl-compare figure.tl')).map((f) => ({
      title: (f.querySelector('.tl-title') || {}).textContent || '',
      segs: f.querySelectorAll('svg .tl-seg').length,
      table: !!f.querySelector('table.tl-table caption'),
    })));
    check(`${guide}: a healthy and a faulty timeline drawn at build time, each with its table`,
          got.length === 2 && /^Healthy/.test(got[0].title) && /^Faulty/.test(got[1].title) &&
          got.every((g) => g.segs > 10 && g.table), JSON.stringify(got));
  }
  await context.close();
  const live = await browser.newContext();
  const page2 = await live.newPage();
  await page2.goto(`${url}/workflow/training-step/`);
  await axeCheck(page2, 'the training-step guide with its timelines');
  await live.close();
}

async function main() {
  const site = process.argv[2];
  if (!site) {
    console.error('usage: node tests/browser/timeline.test.js SITE_DIR');
    process.exit(2);
  }
  const server = await serve(site);
  const browser = await launch();
  try {
    await testPanel(browser, server.url);
    await testMobile(browser, server.url);
    await testGuides(browser, server.url);
    await testCost(browser, server.url);
  } finally {
    await browser.close();
    server.close();
  }
  console.log(`${counts.passed} passed, ${counts.failed} failed`);
  process.exit(counts.failed ? 1 : 0);
}

main().catch((e) => { console.error(e); process.exit(1); });
