#!/usr/bin/env node
/* console_ui.test.js: what a first-time reader of the built site found confusing in the lab
 * console and around it (the learner report of session s6), each driven in headless Chromium
 * with clicks, taps and keys: the Reset button of an example's console names what it does,
 * Escape leaves Wide wherever focus is in the console, the sidebar shows a section and its
 * index page once, the labs index's progress box lists the labs by title as links in the
 * table's order, a lab page does not list itself among its related labs, a solved lab's
 * sidebar mark survives a reload, the first solve stays the record after a Reset and a shorter
 * re-solve, and at 375 px: the log shows there is more to the right (and wraps on request),
 * the key help is for a touch screen, and the toolbar fits one row, with axe-core at zero.
 *
 * Usage: node tests/browser/console_ui.test.js SITE_DIR
 * Prints one line per check and `N passed, N failed`; exits 1 when any check failed. */
'use strict';
const path = require('path');
const fs = require('fs');
const { serve } = require('./server.js');
const { counts, check, launch, watchedPage, axeViolations } = require('./harness.js');

async function idle(page, id, timeout = 30000) {
  await page.waitForFunction((labId) => !document.getElementById(`lab-${labId}`).classList.contains('lab-is-busy'),
                             id, { timeout });
}

async function started(page, id, timeout = 20000) {
  await page.waitForSelector(`#lab-${id}.lab-is-running`, { timeout });
  await idle(page, id, timeout);
}

async function typeLine(page, id, line) {
  await page.fill(`#lab-${id}-input`, line);
  await page.press(`#lab-${id}-input`, 'Enter');
  await idle(page, id);
}

/* The Run button of the NCCL page's first example: its console's Reset is "Start over". */
async function testExampleConsole(browser, url) {
  const problems = [];
  const context = await browser.newContext();
  const page = await watchedPage(context, problems);
  await page.goto(`${url}/reference/networking/nccl/`);
  await page.click('button.emu-run');
  await page.waitForSelector('.lab-inline.lab-is-running', { timeout: 20000 });
  await page.waitForFunction(() => !document.querySelector('.lab-inline').classList.contains('lab-is-busy'));
  const label = await page.textContent('.lab-inline .lab-reset');
  check('an example\'s console (no lab running) offers "Start over", not "Reset lab"', label === 'Start over', label);
  await page.click('.lab-inline .lab-reset');
  const question = await page.textContent('.lab-inline .lab-reset-question');
  const yes = await page.textContent('.lab-inline .lab-reset-yes');
  check('Start over asks first, naming the session it discards', /^Start this console over and discard this session \(\d+ commands?\)\? $/.test(question) &&
        yes === 'Start over', `${question} / ${yes}`);
  await page.click('.lab-inline .lab-reset-no');

  /* Wide by a click, then Escape at once: focus is on the Wide button, not in the input */
  await page.click('.lab-inline .lab-wide');
  const pressed = await page.getAttribute('.lab-inline .lab-wide', 'aria-pressed');
  const focus = await page.evaluate(() => document.activeElement.className);
  await page.keyboard.press('Escape');
  await page.waitForTimeout(100);
  check('Escape leaves Wide right after clicking Wide (focus on the button)',
        pressed === 'true' && focus === 'lab-wide' &&
        (await page.getAttribute('.lab-inline .lab-wide', 'aria-pressed')) === 'false' &&
        !(await page.evaluate(() => document.querySelector('.lab-inline').classList.contains('lab-is-wide'))),
        `pressed ${pressed}, focus ${focus}`);
  /* and from the log, after clicking into it */
  if ((await page.getAttribute('.lab-inline .lab-wide', 'aria-pressed')) === 'true') await page.click('.lab-inline .lab-wide');
  await page.click('.lab-inline .lab-wide');
  const wideAgain = await page.getAttribute('.lab-inline .lab-wide', 'aria-pressed');
  await page.focus('.lab-inline .lab-log');
  await page.keyboard.press('Escape');
  check('Escape leaves Wide with focus on the log', wideAgain === 'true' &&
        (await page.getAttribute('.lab-inline .lab-wide', 'aria-pressed')) === 'false');
  const desk = await page.evaluate(() => ({ keys: document.querySelector('.lab-inline .lab-keys').textContent,
                                            touch: !document.querySelector('.lab-inline .lab-touch-keys').hidden }));
  check('with a mouse and a wide window: the keyboard\'s key help, no touch keys',
        /Ctrl-C/.test(desk.keys) && !desk.touch, JSON.stringify(desk));
  check('example console: no console errors or failed requests', problems.length === 0, problems.join('; '));
  await context.close();
}

/* The sidebar: a section and its index page show once (the group's title is the index's link),
 * without JavaScript (the page's own sidebar) and with it (nav.js's whole tree). */
async function testSidebar(browser, url) {
  for (const js of [false, true]) {
    const context = await browser.newContext({ javaScriptEnabled: js });
    const page = await context.newPage();
    const how = js ? 'JavaScript' : 'JavaScript off';
    for (const [where, group, first] of [['/reference/networking/nccl/', 'Networking', 'NVLink / NVSwitch'],
                                         ['/labs/', 'Labs', 'Input wait']]) {
      await page.goto(url + where);
      if (js) await page.waitForSelector('#sidebar .nav-tree');
      const shown = await page.evaluate((g) => {
        const li = Array.from(document.querySelectorAll('#sidebar li.nav-group'))
          .find((l) => l.querySelector('.nav-group-title').textContent === g);
        const links = Array.from(li.querySelectorAll('a')).filter((a) => !a.closest('[hidden]'));
        return { title: li.querySelector('.nav-group-title').tagName, names: links.map((a) => a.textContent),
                 current: Array.from(document.querySelectorAll('#sidebar [aria-current="page"]')).map((a) => a.textContent) };
      }, group);
      check(`${how}: ${where} sidebar shows "${group}" once, its title linking to the index page`,
            shown.title === 'A' && shown.names.filter((n) => n === group).length === 1 && shown.names[1] === first &&
            shown.current.length === 1, JSON.stringify(shown));
    }
    if (!js) {
      const html = fs.readFileSync(path.join(process.argv[2], 'labs/late-rank/index.html'), 'utf8');
      const related = (/<section class="related-labs"[\s\S]*?<\/section>/.exec(html) || [''])[0];
      check('a lab page does not list itself under Related labs', !/Late rank/.test(related), related);
    }
    await context.close();
  }
}

/* The labs index's box and the sidebar's marks, from the saved progress, on every load; the
 * first solve stays the record. */
async function testProgress(browser, url) {
  const problems = [];
  const context = await browser.newContext();
  const page = await watchedPage(context, problems);
  await page.goto(`${url}/labs/late-rank/#lab-late-rank`);
  await started(page, 'late-rank');
  for (const line of ['hostname', 'squeue', 'hint', 'answer node02 gpu5 thermal slowdown']) await typeLine(page, 'late-rank', line);
  await page.waitForSelector('#lab-late-rank.lab-is-solved', { timeout: 5000 });
  const marked = () => page.evaluate(() => Array.from(document.querySelectorAll('#sidebar a.lab-solved'))
    .map((a) => a.getAttribute('href')));
  check('the sidebar marks the lab solved at once', (await marked()).some((h) => /late-rank|^\.\/$/.test(h)), JSON.stringify(await marked()));
  await page.goto(`${url}/labs/late-rank/`);
  await page.waitForSelector('#sidebar .nav-tree');
  await page.waitForTimeout(200);
  check('after a reload the sidebar still marks the solved lab (nav.js\'s tree included)',
        (await marked()).length === 1, JSON.stringify(await marked()));

  /* lab status after reading hints past the solve: only the one before counts */
  await page.click('#lab-late-rank .lab-start');
  await started(page, 'late-rank');
  await typeLine(page, 'late-rank', 'answer node02 gpu5 thermal slowdown');
  await typeLine(page, 'late-rank', 'hint');
  await typeLine(page, 'late-rank', 'hint');
  await typeLine(page, 'late-rank', 'lab status');
  const status = await page.textContent('#lab-late-rank .lab-log');
  check('lab status counts the hints read before the solve, and says how many came after',
        /Hints used: +0 of 3 before solving, 2 read after\n/.test(status), status.slice(-500));
  /* a re-solve in 1 command does not replace the first solve's 4 */
  const line = await page.textContent('#lab-late-rank .lab-status');
  check('a re-solve keeps the first solve as the record and says so',
        /^Solved again in 1 command .*Your first solve stays on record: 4 commands \(the worked solution takes \d+\), 1 of 3 hints\.$/.test(line), line);

  await page.goto(`${url}/labs/`);
  await page.waitForSelector('.labs-progress');
  const box = await page.evaluate(() => Array.from(document.querySelectorAll('.labs-progress-list li')).map((li) => {
    const a = li.querySelector('a');
    return { id: li.getAttribute('data-lab'), text: li.textContent, link: a ? a.getAttribute('href') : '' };
  }));
  const table = await page.evaluate(() => {
    const rows = Array.from(document.querySelectorAll('main table'))[0].querySelectorAll('tbody tr');
    return Array.from(rows).map((tr) => { const a = tr.querySelector('td a'); return { title: a.textContent.replace(/ ✓ \(solved\)$/, ''), href: a.href }; });
  });
  check(`the progress box lists the ${table.length} labs by title, as links, in the table's order`,
        box.length === table.length && box.every((b, i) => b.text.startsWith(table[i].title + ': ') &&
          new URL(b.link, page.url()).href === table[i].href),
        JSON.stringify({ box: box.slice(0, 3), table: table.slice(0, 3) }));
  const rec = box.find((b) => b.id === 'late-rank') || {};
  check('the progress box shows the first solve (4 commands), not the shorter re-solve',
        /^Late rank: solved in 4 commands \(the worked solution takes \d+\), 1 of 3 hints/.test(rec.text || ''), rec.text);
  check('progress: no console errors or failed requests', problems.length === 0, problems.join('; '));
  await context.close();
}

/* A phone (375 px, touch): the NCCL page's example run in a console, tapped. */
async function testPhone(browser, url) {
  const problems = [];
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true,
                                             hasTouch: true, deviceScaleFactor: 2 });
  const page = await watchedPage(context, problems);
  await page.goto(`${url}/reference/networking/nccl/`);
  await page.tap('button.emu-run');
  await page.waitForSelector('.lab-inline.lab-is-running', { timeout: 20000 });
  await page.waitForFunction(() => !document.querySelector('.lab-inline').classList.contains('lab-is-busy'));
  await page.waitForTimeout(100);
  const bar = await page.evaluate(() => {
    const buttons = Array.from(document.querySelectorAll('.lab-inline .lab-toolbar button'))
      .filter((b) => b.offsetParent !== null);
    const tops = buttons.map((b) => Math.round(b.getBoundingClientRect().top));
    const t = document.querySelector('.lab-inline .lab-toolbar').getBoundingClientRect();
    return { names: buttons.map((b) => b.getAttribute('aria-label') || b.textContent),
             shown: buttons.map((b) => b.textContent), tops, right: Math.max(...buttons.map((b) => b.getBoundingClientRect().right)),
             width: t.width, pageWidth: document.documentElement.scrollWidth };
  });
  check('375 px: the console\'s toolbar fits one row, each button named in full',
        bar.tops.length >= 3 && bar.tops.every((t) => t === bar.tops[0]) && bar.pageWidth <= 375 &&
        bar.names.includes('Copy transcript') && bar.names.includes('Wrap long lines') && bar.names.includes('Full screen'),
        JSON.stringify(bar));
  const edge = () => page.evaluate(() => {
    const log = document.querySelector('.lab-inline .lab-log');
    return { right: log.classList.contains('lab-log-more-right'), left: log.classList.contains('lab-log-more-left'),
             hidden: log.scrollWidth - log.clientWidth, shadow: getComputedStyle(log).boxShadow };
  });
  let e = await edge();
  check('375 px: NCCL lines run past the log\'s right edge, and a shadow there says so',
        e.hidden > 100 && e.right && !e.left && e.shadow !== 'none', JSON.stringify(e));
  await page.evaluate(() => { const log = document.querySelector('.lab-inline .lab-log'); log.scrollLeft = log.scrollWidth; });
  await page.waitForTimeout(150);
  e = await edge();
  check('375 px: scrolled to the end, the shadow moves to the left edge', !e.right && e.left, JSON.stringify(e));
  await page.tap('.lab-inline .lab-wrap');
  await page.waitForTimeout(150);
  e = await edge();
  check('375 px: Wrap long lines folds the output at the log\'s width (nothing to the right, no shadow)',
        e.hidden <= 1 && !e.right && !e.left && (await page.getAttribute('.lab-inline .lab-wrap', 'aria-pressed')) === 'true',
        JSON.stringify(e));
  const help = await page.evaluate(() => ({ keys: document.querySelector('.lab-inline .lab-keys').textContent,
    touch: !document.querySelector('.lab-inline .lab-touch-keys').hidden }));
  check('375 px, touch: the key help speaks of a phone (no Ctrl-C or Shift-Tab), and Tab and history buttons show',
        !/Ctrl-C|Shift-Tab/.test(help.keys) && /Enter/.test(help.keys) && help.touch, JSON.stringify(help));
  const input = '.lab-inline .lab-input';
  await page.tap(input);
  await page.fill(input, 'hostn');
  await page.tap('.lab-inline .lab-key-tab');
  await page.waitForFunction((sel) => document.querySelector(sel).value !== 'hostn', input, { timeout: 3000 }).catch(() => {});
  const completed = await page.inputValue(input);
  const focused = await page.evaluate((sel) => document.activeElement === document.querySelector(sel), input);
  check('375 px: the Tab button completes the command, and the input keeps focus', completed === 'hostname ' && focused,
        `${JSON.stringify(completed)} focused ${focused}`);
  await page.press(input, 'Enter');
  await page.waitForFunction(() => !document.querySelector('.lab-inline').classList.contains('lab-is-busy'));
  await page.tap('.lab-inline .lab-key-up');
  const recalled = await page.inputValue(input);
  await page.tap('.lab-inline .lab-key-down');
  check('375 px: the history buttons step back to the last command and forward to the empty line',
        recalled === 'hostname ' && (await page.inputValue(input)) === '', JSON.stringify(recalled));
  const v = await axeViolations(page);
  check('375 px: axe-core finds no violations with the console running (toolbar and touch keys)', v.length === 0, v.join('; '));
  check('375 px: no console errors or failed requests', problems.length === 0, problems.join('; '));
  await context.close();
}

/* One lab, one title and one summary (the scenario's, which `lab list` prints) and one list of
 * the reference pages it exercises, wherever the site shows them: the labs index's table, the
 * sidebar (nav-tree.js, in the table's order), the build-time `lab list` on the labs index, and
 * the lab's own page (its <h1>, its description, its "Reference pages this lab exercises").
 * Read from the built HTML, no browser: a page edited alone fails here. */
function testOneSource(site) {
  const read = (rel) => fs.readFileSync(path.join(site, rel), 'utf8');
  const text = (h) => h.replace(/<[^>]+>/g, '').replace(/&quot;/g, '"').replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();
  const links = (h) => Array.from(h.matchAll(/<a href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)).map((m) => ({ href: m[1], title: text(m[2]) }));
  const index = read('labs/index.html');
  const tbody = (/<table>[\s\S]*?<tbody>([\s\S]*?)<\/tbody>/.exec(index) || [])[1] || '';
  const rows = Array.from(tbody.matchAll(/<tr>([\s\S]*?)<\/tr>/g)).map((m) => {
    const cells = Array.from(m[1].matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)).map((c) => c[1]);
    const lab = links(cells[0])[0];
    /* the reference pages as site paths, from the index (labs/) and from the lab page (labs/ID/) */
    return { id: (/^([a-z0-9-]+)\/$/.exec(lab.href) || [])[1], title: lab.title, summary: text(cells[1]),
             refs: links(cells[2]).map((l) => new URL(l.href, 'http://site/labs/').pathname) };
  });
  check(`one source: the labs index's table lists the ${rows.length} labs`, rows.length >= 11 && rows.every((r) => r.id),
        JSON.stringify(rows.map((r) => r.id)));
  const tree = JSON.parse((/\{[\s\S]*\}/.exec(read('nav-tree.js')) || ['{}'])[0]);
  const labsGroup = (tree.groups || []).find((g) => g.url === 'labs/') || { pages: [] };
  const sidebar = labsGroup.pages.filter((p) => p[1] !== 'labs/').map((p) => ({ id: p[1].split('/')[1], title: p[0] }));
  check('one source: the sidebar lists the labs by the same titles, in the table\'s order',
        JSON.stringify(sidebar) === JSON.stringify(rows.map((r) => ({ id: r.id, title: r.title }))),
        JSON.stringify({ sidebar: sidebar.map((l) => `${l.id}=${l.title}`), table: rows.map((r) => `${r.id}=${r.title}`) }));
  const list = text((/<pre[^>]*>[\s\S]*?lab list[\s\S]*?<\/pre>/.exec(index) || [''])[0].replace(/\n/g, '<br>\n'));
  const listed = (/lab list([\s\S]*)/.exec(read('labs/index.html').replace(/<[^>]+>/g, '')) || ['', ''])[1].split('\n');
  void list;
  for (const r of rows) {
    const page = read(`labs/${r.id}/index.html`);
    const h1 = text((/<h1>([\s\S]*?)<\/h1>/.exec(page) || ['', ''])[1]);
    const description = text((/<meta name="description" content="([^"]*)">/.exec(page) || ['', ''])[1]);
    const section = (/<h2 id="references">[\s\S]*?<ul>([\s\S]*?)<\/ul>/.exec(page) || ['', ''])[1];
    const refs = links(section).map((l) => new URL(l.href, `http://site/labs/${r.id}/`).pathname);
    const line = listed.find((l) => l.slice(2).startsWith(r.id + ' ')) || '';
    const want = `${r.id.padEnd(22)} ${r.title.padEnd(24)} ${r.summary}`;
    const problems = [];
    if (h1 !== `Labs: ${r.title}`) problems.push(`page title "${h1}"`);
    if (description !== r.summary) problems.push(`page summary "${description}"`);
    if (line.slice(2).replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&') !== want) problems.push(`lab list "${line.slice(2)}"`);
    if (JSON.stringify(refs) !== JSON.stringify(r.refs)) problems.push(`page's reference pages ${refs.join(' ')}`);
    check(`one source: ${r.id}'s title, summary and reference pages agree (table, page, lab list)`, problems.length === 0,
          `table: "${r.title}", "${r.summary}", ${r.refs.join(' ')}; ${problems.join('; ')}`);
  }
}

async function main() {
  const [site] = process.argv.slice(2);
  if (!site || !fs.existsSync(path.join(site, 'index.html'))) {
    console.error('usage: node tests/browser/console_ui.test.js SITE_DIR');
    process.exit(2);
  }
  if (!(process.env.BROWSER_TESTS || '') || /testOneSource/.test(process.env.BROWSER_TESTS)) testOneSource(site);
  const server = await serve(site);
  const browser = await launch();
  try {
    const only = (process.env.BROWSER_TESTS || '').split(',').filter(Boolean);
    const run = (fn, ...args) => (!only.length || only.includes(fn.name) ? fn(browser, ...args) : null);
    await run(testExampleConsole, server.url);
    await run(testSidebar, server.url);
    await run(testProgress, server.url);
    await run(testPhone, server.url);
  } catch (e) {
    check('the browser tests ran to the end', false, e.stack);
  } finally {
    await browser.close();
    server.close();
  }
  console.log(`${counts.passed} passed, ${counts.failed} failed`);
  process.exit(counts.failed ? 1 : 0);
}

main();
