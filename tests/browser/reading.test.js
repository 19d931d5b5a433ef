#!/usr/bin/env node
/* reading.test.js: browser tests of reading the handbook (issue 14) in headless Chromium against
 * a built site: at 320, 375 and 768 px every page shows all of its text (none clipped, cut off
 * or overlapped, no word broken mid-word, no sideways scroll), and every page kind (landing,
 * section index, reference, workflow, labs index, lab, 404) does so in the dark scheme too,
 * with axe-core at zero violations in both schemes and every focusable control visible and
 * named; the same at 1280 px. Then each feature: the theme button (persists, before the first
 * paint), Left/Right for previous/next (not while typing), / and Ctrl-K, the table of contents
 * that follows the scroll on wide screens, tables that scroll in their own box with a shadow
 * cue, Copy buttons above the code that copy a console block's commands only, search results
 * that open at their section with the terms marked and excerpts that are prose, the Clear
 * button, the favicon, "Last updated"; the lab console at each width and scheme (wrapped at its
 * columns, wide tables scrolling inside it, Wide and Full screen, pasted prompts). Screenshots of the landing page, a reference page and a
 * lab page with its console running at 375 and 1280 px go to SHOTS_DIR (build/screenshots).
 *
 * Usage: node tests/browser/reading.test.js SITE_DIR [SHOTS_DIR]
 * Prints one line per check and `N passed, N failed`; exits 1 when any check failed. */
'use strict';
const path = require('path');
const fs = require('fs');
const { serve } = require('./server.js');
const { check, counts, launch, watchedPage, axeViolations, sitePages } = require('./harness.js');
const { textProblems, wordBreakProblems, focusProblems } = require('./layout.js');

const WIDTHS = [320, 375, 768];
const WIDE = 1280;
const KINDS = {
  '/': 'the landing page',
  '/reference/': 'a section index',
  '/reference/networking/nccl/': 'a reference page',
  '/workflow/training-step/': 'a workflow page',
  '/labs/': 'the labs index',
  '/labs/input-wait/': 'a lab page',
  '/no-such-page/': 'the 404 page',
};
const REFERENCE = '/reference/networking/nccl/';
const NOT_FOUND = [/\/no-such-page\/$/];

async function openAt(browser, width, scheme, extra = {}) {
  const context = await browser.newContext({ viewport: { width, height: 800 }, colorScheme: scheme,
                                             ...extra });
  const problems = [];
  const page = await watchedPage(context, problems, NOT_FOUND);
  return { context, page, problems };
}

async function settle(page) {
  await page.waitForLoadState('load');
  await page.evaluate(() => document.fonts.ready);
}

/* axe-core runs in full at 375 and 1280 px (about a second a page, most of it contrast); at
 * 320 and 768 px only its rules whose outcome can change with the width. */
const WIDTH_RULES = ['scrollable-region-focusable', 'target-size', 'landmark-unique', 'region',
  'aria-allowed-attr', 'aria-prohibited-attr', 'nested-interactive', 'label-content-name-mismatch',
  'button-name', 'link-name', 'aria-hidden-focus'];
function axeRules(width) { return width === 375 || width === WIDE ? null : WIDTH_RULES; }

/* Text, word breaks, and on page kinds axe-core and focus, at each width; the dark scheme on
 * page kinds only (the layout is the same, the colours are what changes). Each page is loaded
 * once per scheme and then resized through the widths, as a phone turned or a window dragged
 * would be (the page's own resize handling included), rather than loaded once per width. */
async function testLayout(browser, url, site) {
  const pages = sitePages(site).concat(['/no-such-page/']);
  for (const scheme of ['light', 'dark']) {
    const list = scheme === 'light' ? pages : Object.keys(KINDS);
    const widths = WIDTHS.concat([WIDE]);
    const { context, page, problems } = await openAt(browser, WIDTHS[0], scheme);
    const bad = {}, axeBad = {}, focusBad = {};
    for (const w of widths) { bad[w] = []; axeBad[w] = []; focusBad[w] = []; }
    for (const p of list) {
      await page.setViewportSize({ width: WIDTHS[0], height: 800 });
      await page.goto(url + p);
      await settle(page);
      for (const width of widths) {
        if (width === WIDE && !KINDS[p]) continue;
        if (width !== WIDTHS[0]) {
          await page.setViewportSize({ width, height: 800 });
          /* two frames for the page's resize handling; at most a second, as a starved machine
             may produce no frame at all (the checks force their own layout) */
          await page.evaluate(() => new Promise((r) => {
            requestAnimationFrame(() => requestAnimationFrame(r));
            setTimeout(r, 1000);
          }));
        }
        const found = (await page.evaluate(textProblems)).concat(await page.evaluate(wordBreakProblems));
        if (found.length) bad[width].push(`${p}: ${found.join('; ')}`);
        if (!KINDS[p]) continue;
        if (width !== WIDE || scheme === 'dark') { /* labs.test.js runs axe at 1280 px, light */
          const v = await axeViolations(page, axeRules(width));
          if (v.length) axeBad[width].push(`${p}: ${v.join('; ')}`);
        }
        if (scheme === 'light' && (width === 375 || width === WIDE)) {
          const f = await page.evaluate(focusProblems);
          if (f.length) focusBad[width].push(`${p}: ${f.join('; ')}`);
        }
      }
    }
    for (const width of widths) {
      const what = scheme === 'light' && width !== WIDE ? `every page (${pages.length})` : 'every page kind';
      check(`${width} px, ${scheme}: ${what} shows all its text (nothing clipped, cut off or overlapped, no word broken mid-word, no sideways scroll)`,
            bad[width].length === 0, bad[width].slice(0, 6).join(' | '));
      if (width !== WIDE || scheme === 'dark')
        check(`${width} px, ${scheme}: axe-core finds no violations on every page kind${axeRules(width) ? ' (its rules that depend on the width)' : ''}`,
              axeBad[width].length === 0, axeBad[width].join(' | '));
      if (scheme === 'light' && (width === 375 || width === WIDE))
        check(`${width} px: every focusable control of every page kind is visible when focused and named`,
              focusBad[width].length === 0, focusBad[width].join(' | '));
    }
    check(`${scheme}: no console errors or failed requests on any page`, problems.length === 0, problems.slice(0, 5).join('; '));
    await context.close();
  }
}

/* The layout checks can fail: a page built to break each rule is caught by each. */
async function testCheckersCatch(browser) {
  const { context, page } = await openAt(browser, 375, 'light');
  await page.setContent(`<main>
    <div style="width:100px;overflow:hidden;white-space:nowrap">a line far too long for its clipped box</div>
    <p style="margin:0">first line</p><p style="margin:-1em 0 0">drawn over it</p>
    <table style="width:60px"><tr><td style="word-break:break-all">Workloads</td></tr></table>
    <button style="opacity:0">Hidden</button><button aria-hidden="false"></button>
    <div style="width:600px">wider than the window</div></main>`);
  const text = await page.evaluate(textProblems);
  const words = await page.evaluate(wordBreakProblems);
  const focus = await page.evaluate(focusProblems);
  check('the checks catch clipped text, overlapping text and a page wider than the window',
        text.some((t) => /clipped by div/.test(t)) && text.some((t) => /overlaps/.test(t)) &&
        text.some((t) => /scrolls sideways/.test(t)), text.join('; '));
  check('the checks catch a word broken mid-word', words.some((w) => /"Workloads" broken/.test(w)), words.join('; '));
  check('the checks catch an invisible control and a control without a name',
        focus.some((f) => /transparent/.test(f)) && focus.some((f) => /without a name/.test(f)), focus.join('; '));
  await context.close();
}

async function testTheme(browser, url) {
  const { context, page, problems } = await openAt(browser, 1280, 'light');
  await page.goto(url + REFERENCE);
  const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const light = await bg();
  const button = page.locator('#theme-switch');
  check('theme: a named theme button in the header', await button.isVisible() &&
        /^Theme: Auto/.test(await button.getAttribute('aria-label')), await button.getAttribute('aria-label'));
  await button.click();
  check('theme: Auto, then Light', (await page.evaluate(() => document.documentElement.dataset.theme)) === 'light' && (await bg()) === light);
  await button.click();
  const dark = await bg();
  check('theme: then Dark: dark colours on a light system', (await page.evaluate(() => document.documentElement.dataset.theme)) === 'dark' &&
        dark !== light && /Dark/.test(await button.getAttribute('aria-label')), `${light} -> ${dark}`);
  /* Persists, and applies before the first paint (theme.js runs in <head>, before <body>). */
  await page.goto(url + '/');
  check('theme: the choice persists on another page', (await bg()) === dark);
  const early = await context.newPage();
  await early.route('**/assets/site.js', (r) => r.abort()); /* only theme.js can set the colours */
  await early.goto(url + '/labs/', { waitUntil: 'domcontentloaded' });
  check('theme: applied before the page script runs (no flash of the other scheme)',
        (await early.evaluate(() => getComputedStyle(document.body).backgroundColor)) === dark);
  await early.close();
  await button.click();
  check('theme: then Auto again, which follows the system', (await page.evaluate(() => document.documentElement.dataset.theme)) === undefined &&
        (await bg()) === light && (await page.evaluate(() => localStorage.getItem('handbook-theme'))) === null);
  await page.emulateMedia({ colorScheme: 'dark' });
  check('theme: Auto on a dark system is dark', (await bg()) === dark);
  check('theme: no console errors or failed requests', problems.length === 0, problems.join('; '));
  await context.close();
}

async function testKeys(browser, url) {
  const { context, page, problems } = await openAt(browser, 1280, 'light');
  await page.goto(url + REFERENCE);
  await settle(page);
  const next = await page.getAttribute('a[rel="next"]', 'href');
  const prev = await page.getAttribute('a[rel="prev"]', 'href');
  const expect = (rel) => new URL(rel, url + REFERENCE).href;
  await page.keyboard.press('ArrowRight');
  await page.waitForURL(expect(next));
  check('keys: Right opens the next page', page.url() === expect(next), page.url());
  await page.keyboard.press('ArrowLeft');
  await page.waitForURL(url + REFERENCE);
  check('keys: Left opens the previous page', page.url() === url + REFERENCE, `${page.url()} (prev ${prev})`);
  await page.waitForSelector('#search input');
  await page.keyboard.press('/');
  check('keys: / focuses the search box', await page.evaluate(() => document.activeElement.matches('#search input')));
  await page.keyboard.type('a/b');
  await page.keyboard.press('ArrowRight');
  await page.waitForTimeout(300);
  check('keys: typing in the search box: / is a character, Right moves the cursor, not the page',
        page.url() === url + REFERENCE && (await page.inputValue('#search input')) === 'a/b');
  await page.keyboard.press('Escape');
  await page.locator('h1').click();
  await page.keyboard.press('Control+k');
  check('keys: Ctrl-K focuses the search box', await page.evaluate(() => document.activeElement.matches('#search input')));
  /* A table box that scrolls sideways keeps the arrows: they scroll it. */
  await page.setViewportSize({ width: 375, height: 800 });
  const box = page.locator('main .table-scroll[data-scroll-focus]').first();
  await box.focus();
  await page.keyboard.press('ArrowRight');
  await page.waitForTimeout(300);
  check('keys: Right in a focused table box scrolls the table, not the page',
        page.url() === url + REFERENCE && (await box.evaluate((e) => e.scrollLeft)) > 0);
  /* The lab console's input keeps its keys. */
  await page.goto(url + '/labs/late-rank/#lab-late-rank');
  await page.waitForSelector('#lab-late-rank-input', { timeout: 10000 });
  await page.fill('#lab-late-rank-input', 'hostname');
  await page.press('#lab-late-rank-input', 'ArrowLeft');
  await page.press('#lab-late-rank-input', '/');
  await page.press('#lab-late-rank-input', 'Control+k');
  check('keys: in the lab console Left, / and Ctrl-K stay in the console',
        /\/labs\/late-rank\//.test(page.url()) && (await page.inputValue('#lab-late-rank-input')) === 'hostnam/e' &&
        await page.evaluate(() => document.activeElement.id === 'lab-late-rank-input'), await page.inputValue('#lab-late-rank-input'));
  check('keys: no console errors or failed requests', problems.length === 0, problems.join('; '));
  await context.close();
}

/* The lab console at each width and in both schemes: the core wraps the lab's text at the
 * columns the log shows (nothing of it hidden sideways), a wide tool table scrolls inside the
 * log (not the page), the input takes the whole width where the prompt leaves it too little,
 * Wide and Full screen enlarge it (the core then wraps wider), a pasted prompt is left out,
 * and axe-core finds nothing on the page with the console running. */
const LAB = '/labs/input-wait/';
const LAB_INPUT = '#lab-input-wait-input';

async function consoleRun(page, line) {
  await page.fill(LAB_INPUT, line);
  await page.press(LAB_INPUT, 'Enter');
  await page.waitForFunction(() => !document.querySelector('#lab-input-wait').classList.contains('lab-is-busy'));
}

/* The log's geometry and text: columns it shows (inner width over a character's width), the
 * columns the core was told, its longest line, and whether it or the page scrolls sideways. */
function consoleGeometry() {
  const block = document.querySelector('#lab-input-wait');
  const log = block.querySelector('.lab-log');
  const style = getComputedStyle(log);
  const probe = document.createElement('span');
  probe.textContent = '0'.repeat(50);
  log.appendChild(probe);
  const char = probe.getBoundingClientRect().width / 50;
  probe.remove();
  const inner = log.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  /* outputs only: a typed line (.lab-echo) wraps in the log as in a terminal */
  const lines = [...log.querySelectorAll('.lab-out:not(.lab-echo)')].map((b) => b.textContent).join('').split('\n');
  const line = block.querySelector('.lab-line').getBoundingClientRect();
  const input = block.querySelector('.lab-input').getBoundingClientRect();
  const prompt = block.querySelector('.lab-prompt').getBoundingClientRect();
  return {
    visible: Math.floor(inner / char + 0.01),
    told: Number(block.getAttribute('data-columns')),
    longest: Math.max(...lines.map((l) => [...l].length)),
    tooLong: lines.filter((l) => [...l].length > Math.floor(inner / char + 0.01)).slice(0, 3),
    logScrolls: log.scrollWidth > log.clientWidth + 1,
    pageScrolls: document.scrollingElement.scrollWidth > document.documentElement.clientWidth + 1,
    logWidth: log.getBoundingClientRect().width,
    logLeft: log.getBoundingClientRect().left,
    inputShare: input.width / (line.width - parseFloat(getComputedStyle(block.querySelector('.lab-line')).paddingLeft) * 2),
    sameRow: Math.abs(input.top - prompt.top) < prompt.height,
    viewport: document.documentElement.clientWidth,
  };
}

async function testConsole(browser, url) {
  for (const scheme of ['light', 'dark']) {
    for (const width of WIDTHS.concat([WIDE])) {
      const name = `console at ${width} px, ${scheme}`;
      const { context, page, problems } = await openAt(browser, width, scheme);
      await page.goto(url + LAB + '#lab-input-wait');
      await page.waitForSelector(LAB_INPUT, { timeout: 10000 });
      await page.waitForFunction(() => !document.querySelector('#lab-input-wait').classList.contains('lab-is-busy'));
      await consoleRun(page, 'hint');
      await consoleRun(page, 'answer node01 gpu0');
      let g = await page.evaluate(consoleGeometry);
      check(`${name}: the core wraps at the columns the log shows (${g.told} of ${g.visible})`,
            g.told === g.visible && g.told > 0, JSON.stringify(g));
      check(`${name}: greeting, goal, hint and feedback fit: nothing hidden sideways`,
            g.longest <= g.visible && !g.logScrolls && !g.pageScrolls, JSON.stringify(g));
      if (width <= 375)
        check(`${name}: the input takes the whole width under the prompt`, g.inputShare > 0.95 && !g.sameRow, JSON.stringify(g));
      else
        check(`${name}: the input sits beside the prompt`, g.sameRow && g.inputShare > 0.6, JSON.stringify(g));
      await consoleRun(page, 'nvidia-smi');
      g = await page.evaluate(consoleGeometry);
      const scrolled = await page.evaluate(() => {
        const log = document.querySelector('#lab-input-wait .lab-log');
        log.scrollLeft = log.scrollWidth;
        return log.scrollLeft > 0 && log.getAttribute('tabindex') === '0';
      });
      /* nvidia-smi's table is 91 columns: wider than the log at every width here (at 1280 px the contents stand
         beside the text), so it scrolls inside the log; Wide makes it fit (below) */
      check(`${name}: nvidia-smi's table (${g.longest} columns) scrolls sideways inside the log (focusable), not the page`,
            g.longest > g.visible && g.logScrolls && scrolled && !g.pageScrolls, JSON.stringify(g));
      const v = await axeViolations(page);
      check(`${name}: axe-core finds no violations with the console running`, v.length === 0, v.join('; '));
      const found = await page.evaluate(focusProblems);
      check(`${name}: the console's controls are visible when focused and named`, found.length === 0, found.join('; '));
      check(`${name}: no console errors or failed requests`, problems.length === 0, problems.join('; '));
      await context.close();
    }
  }

  /* Wide and Full screen, at 1280 px */
  const { context, page, problems } = await openAt(browser, WIDE, 'light');
  await page.goto(url + LAB + '#lab-input-wait');
  await page.waitForSelector(LAB_INPUT, { timeout: 10000 });
  await page.waitForFunction(() => !document.querySelector('#lab-input-wait').classList.contains('lab-is-busy'));
  const before = await page.evaluate(consoleGeometry);
  await page.click('#lab-input-wait .lab-wide');
  await page.waitForFunction((c) => Number(document.querySelector('#lab-input-wait').getAttribute('data-columns')) > c, before.told);
  await consoleRun(page, 'goal');
  let g = await page.evaluate(consoleGeometry);
  const lastGoal = await page.evaluate(() => {
    const outs = document.querySelectorAll('#lab-input-wait .lab-out');
    return Math.max(...outs[outs.length - 1].textContent.split('\n').map((l) => l.length));
  });
  check('Wide: the console spans the window, the core wraps wider, the page does not scroll sideways',
        g.logWidth >= 0.95 * g.viewport - 32 && g.told === g.visible && g.told > before.told &&
        lastGoal > before.told && lastGoal <= g.told && !g.pageScrolls,
        JSON.stringify({ before, g, lastGoal }));
  check('Wide: the button says it is on', (await page.getAttribute('#lab-input-wait .lab-wide', 'aria-pressed')) === 'true');
  await consoleRun(page, 'nvidia-smi');
  g = await page.evaluate(consoleGeometry);
  check('Wide: nvidia-smi\'s table fits the log at 1280 px', g.longest <= g.visible && !g.logScrolls && !g.pageScrolls, JSON.stringify(g));
  await page.press(LAB_INPUT, 'Escape');
  await page.waitForFunction((c) => Number(document.querySelector('#lab-input-wait').getAttribute('data-columns')) === c, before.told);
  g = await page.evaluate(consoleGeometry);
  check('Wide: Escape puts the console back in the column', Math.abs(g.logWidth - before.logWidth) < 2 && g.told === before.told,
        JSON.stringify({ before, g }));
  await page.click('#lab-input-wait .lab-full');
  await page.waitForFunction(() => document.querySelector('#lab-input-wait').classList.contains('lab-is-full'));
  await page.waitForTimeout(300);
  const full = await page.evaluate(() => {
    const r = document.querySelector('#lab-input-wait .lab-console').getBoundingClientRect();
    return { left: r.left, top: r.top, width: r.width, height: r.height, w: innerWidth, h: innerHeight,
             focus: document.activeElement.id };
  });
  g = await page.evaluate(consoleGeometry);
  check('Full screen: the console covers the window, the input keeps focus, the core wraps at its width',
        full.left <= 1 && full.top <= 1 && full.width >= full.w - 20 && full.height >= full.h - 2 &&
        full.focus === 'lab-input-wait-input' && g.told === g.visible, JSON.stringify({ full, g }));
  await page.press(LAB_INPUT, 'Escape');
  await page.waitForFunction(() => !document.querySelector('#lab-input-wait').classList.contains('lab-is-full'));
  check('Full screen: Escape leaves it', (await page.getAttribute('#lab-input-wait .lab-full', 'aria-pressed')) === 'false');

  /* a pasted prompt is left out */
  const paste = (text) => page.evaluate((t) => {
    const input = document.querySelector('#lab-input-wait-input');
    input.focus();
    const data = new DataTransfer();
    data.setData('text/plain', t);
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    return input.value;
  }, text);
  await page.fill(LAB_INPUT, '');
  check('paste: a prompt copied with a command is left out', (await paste('user@node01:~$ nvidia-smi -L')) === 'nvidia-smi -L');
  await page.fill(LAB_INPUT, '');
  check('paste: "$ " before a command is left out', (await paste('$ hostname')) === 'hostname');
  await page.fill(LAB_INPUT, 'echo ');
  check('paste: inside a line nothing is left out', (await paste('$ x')) === 'echo $ x');
  await page.fill(LAB_INPUT, '');
  await paste('user@node01:~$ hostname\nroot@node02:/tmp# uptime\n');
  await page.waitForFunction(() => !document.querySelector('#lab-input-wait').classList.contains('lab-is-busy'));
  const log = await page.textContent('#lab-input-wait .lab-log');
  check('paste: several lines with prompts run as the commands they show',
        /\$ hostname\nnode01\n/.test(log) && /\$ uptime\n/.test(log) && !/\$ user@node01/.test(log) && !/root@node02:\/tmp#/.test(log),
        log.slice(-400));
  check('Wide, Full screen, paste: no console errors or failed requests', problems.length === 0, problems.join('; '));
  await context.close();

  /* the console's colours follow the reader's theme, not only the system's */
  for (const [system, chosen] of [['light', 'dark'], ['dark', 'light']]) {
    const { context, page } = await openAt(browser, WIDE, system);
    await page.goto(url + LAB);
    await settle(page);
    await page.evaluate((t) => window.HandbookTheme.set(t), chosen);
    const colour = await page.evaluate(() => getComputedStyle(document.querySelector('.lab-start')).backgroundColor);
    const expected = chosen === 'dark' ? 'rgb(76, 154, 255)' : 'rgb(11, 92, 173)';
    check(`console: the Start button has the ${chosen} theme's colours when the system is ${system}`, colour === expected, colour);
    await context.close();
  }
}

async function testToc(browser, url) {
  const { context, page } = await openAt(browser, WIDE, 'light');
  await page.goto(url + REFERENCE);
  await settle(page);
  const beside = await page.evaluate(() => {
    const toc = document.querySelector('.toc').getBoundingClientRect();
    const body = document.querySelector('main .body').getBoundingClientRect();
    return { sticky: getComputedStyle(document.querySelector('.toc')).position === 'sticky', beside: toc.left >= body.right };
  });
  check('toc: at 1280 px the contents stand beside the text and stay in view (sticky)', beside.sticky && beside.beside, JSON.stringify(beside));
  const ids = await page.evaluate(() => Array.from(document.querySelectorAll('.toc a')).map((a) => a.getAttribute('href').slice(1)));
  const target = ids[Math.floor(ids.length / 2)];
  await page.evaluate((id) => document.getElementById(id).scrollIntoView(), target);
  await page.waitForTimeout(300);
  const marked = await page.evaluate(() => {
    const a = document.querySelector('.toc a[aria-current="true"]');
    const r = a && a.getBoundingClientRect();
    return a ? { id: a.getAttribute('href').slice(1), inView: r.top >= 0 && r.bottom <= innerHeight } : null;
  });
  check('toc: scrolling to a section marks it in the contents, which are still in view',
        marked && marked.id === target && marked.inView, `${JSON.stringify(marked)} expected ${target}`);
  await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(300);
  check('toc: at the end of the page the last section is marked', await page.evaluate((last) =>
    (document.querySelector('.toc a[aria-current="true"]') || {}).hash === '#' + last, ids[ids.length - 1]));
  await page.setViewportSize({ width: 375, height: 800 });
  check('toc: at 375 px the contents are above the text, not sticky', await page.evaluate(() =>
    getComputedStyle(document.querySelector('.toc')).position === 'static'));
  await context.close();
}

/* The first page of the site whose HTML matches re (as a URL path), or null. */
function pageWith(site, re) {
  return sitePages(site).find((p) => re.test(fs.readFileSync(path.join(site, p, 'index.html'), 'utf8'))) || null;
}

/* A hand-written console block (prompt "$ ", output, a continued command), for a site whose
 * pages have none: added to the page's HTML on its way to the browser. */
const HAND_CONSOLE = '<pre><code class="language-console">$ srun -N 2 \\\n    hostname\nnode01\nnode02\n' +
  '$ squeue -j 412876\n  JOBID PARTITION NAME\n</code></pre>';

async function testTablesAndCode(browser, url, site) {
  for (const scheme of ['light', 'dark']) {
    const { context, page } = await openAt(browser, 375, scheme);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(url + REFERENCE);
    await settle(page);
    await page.waitForTimeout(300); /* the cue fades in (0.15 s) */
    const tables = await page.evaluate(() => Array.from(document.querySelectorAll('main .table-wrap')).map((w) => {
      const s = w.querySelector('.table-scroll');
      return { scrolls: s.scrollWidth > s.clientWidth + 1, focusable: s.tabIndex === 0, name: s.getAttribute('aria-label'),
               cue: getComputedStyle(w, '::after').opacity, cls: w.className };
    }));
    const wide = tables.filter((t) => t.scrolls);
    check(`375 px, ${scheme}: a table too wide for the screen scrolls in its own box, focusable and named, with a shadow cue at the hidden edge`,
          wide.length > 0 && wide.every((t) => t.focusable && /Table \d+ \(scrolls sideways\)/.test(t.name) && t.cue === '1' && /more-right/.test(t.cls)),
          JSON.stringify(tables));
    check(`375 px, ${scheme}: a table that fits has no cue and no tab stop`,
          tables.filter((t) => !t.scrolls).every((t) => !t.focusable && t.cue === '0'), JSON.stringify(tables));
    const end = await page.evaluate(() => {
      const s = Array.from(document.querySelectorAll('main .table-scroll')).find((x) => x.scrollWidth > x.clientWidth + 1);
      s.scrollLeft = s.scrollWidth;
      return new Promise((resolve) => setTimeout(() => resolve(s.parentNode.className), 200));
    });
    check(`375 px, ${scheme}: scrolled to its end, the cue moves to the other edge`, /more-left/.test(end) && !/more-right/.test(end), end);
    const buttons = await page.evaluate(() => Array.from(document.querySelectorAll('main .code-block')).map((b) => {
      const btn = b.querySelector('.copy-button').getBoundingClientRect(), pre = b.querySelector('pre').getBoundingClientRect();
      return btn.bottom <= pre.top + 0.5;
    }));
    check(`375 px, ${scheme}: every Copy button sits above its code, never over it`, buttons.length > 3 && buttons.every(Boolean), JSON.stringify(buttons));
    if (scheme === 'light') {
      /* A hand-written console block copies its commands without the prompt or the output. */
      const hand = pageWith(site, /<pre><code class="language-console">\$ /);
      if (!hand) {
        await page.route(url + REFERENCE, async (route) => {
          const r = await route.fetch();
          route.fulfill({ response: r, body: (await r.text()).replace('<div class="body">', '<div class="body">' + HAND_CONSOLE) });
        });
      }
      await page.goto(url + (hand || REFERENCE));
      await settle(page);
      const block = page.locator('main .code-block:has(pre:not(.emu-example) > code.language-console)').first();
      const source = await block.locator('code').textContent();
      await block.locator('.copy-button').click();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      const wanted = [];
      source.split('\n').forEach((l, i, all) => {
        if (/^\$ /.test(l)) wanted.push(l.slice(2));
        else if (i > 0 && /\\$/.test(all[i - 1]) && wanted.length) wanted.push(l);
      });
      check('Copy on a console block copies its commands only (no prompt, no output)',
            copied === wanted.join('\n') && copied.length > 0 && !/^\$/m.test(copied), JSON.stringify(copied));
      check('the console Copy button says what it copies', /Copy commands/.test(await block.locator('.copy-button').getAttribute('aria-label')));
    }
    await context.close();
  }
  /* A build-time example (prompt user@node01:~$) copies its marked commands. */
  const { context, page } = await openAt(browser, 1280, 'light');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(url + pageWith(site, /<pre class="emu-example"/));
  const example = page.locator('main .code-block:has(pre.emu-example)').first();
  const commands = await example.locator('.emu-command').allTextContents();
  await example.locator('.copy-button').click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  check('Copy on an emulator example copies its commands, not the user@node01:~$ prompt',
        copied === commands.join('\n') && !/node01:~\$/.test(copied), JSON.stringify(copied));
  const parsed = await page.evaluate(() => [
    window.HandbookSite.consoleCommands(Object.assign(document.createElement('code'), { textContent:
      '$ srun -N 2 \\\n    all_reduce_perf -b 8\n# nThread 1\n  8  2  float\nuser@node02:/data$ ls\n' })),
    window.HandbookSite.consoleCommands(Object.assign(document.createElement('code'), { textContent: 'output only\n' }))]);
  check('console commands: a backslash continues a command, "#" output lines are not commands, output-only blocks copy all',
        parsed[0] === 'srun -N 2 \\\n    all_reduce_perf -b 8\nls' && parsed[1] === null, JSON.stringify(parsed));
  await context.close();
}

async function testSearch(browser, url) {
  const { context, page, problems } = await openAt(browser, WIDE, 'light');
  await page.goto(url + '/reference/');
  await page.waitForSelector('#search input');
  const clearBefore = await page.evaluate(() => {
    const c = document.querySelector('.pagefind-ui__search-clear');
    c.focus();
    return document.activeElement === c;
  });
  check('search: no invisible Clear tab stop while the box is empty', !clearBefore);
  await page.keyboard.press('/');
  await page.keyboard.type('busbw');
  await page.waitForSelector('.pagefind-ui__result', { timeout: 10000 });
  await page.waitForTimeout(500);
  const results = await page.evaluate(() => Array.from(document.querySelectorAll('.pagefind-ui__result')).map((r) => ({
    main: r.querySelector('.pagefind-ui__result-link').getAttribute('href'),
    subs: Array.from(r.querySelectorAll('.pagefind-ui__result-nested .pagefind-ui__result-link')).map((a) => a.getAttribute('href')),
    text: r.innerText,
  })));
  check('search: results link to their sections (Pagefind sub-results, #anchors), the title link too',
        results.length > 1 && results.every((r) => /#./.test(r.main)) && results.some((r) => r.subs.length > 0 && r.subs.every((s) => /#./.test(s))),
        JSON.stringify(results.map((r) => [r.main, r.subs])));
  check('search: excerpts are prose, never a tool output dump',
        results.every((r) => !/\d+\s{2,}\d+\s{2,}\d+|#\s+size\s+count|float\s{2,}sum/.test(r.text)), results.map((r) => r.text).join(' || '));
  const clear = await page.evaluate(() => {
    const c = document.querySelector('.pagefind-ui__search-clear');
    const r = c.getBoundingClientRect();
    c.focus();
    return { focused: document.activeElement === c, name: c.getAttribute('aria-label'), w: r.width, h: r.height,
             visible: getComputedStyle(c).visibility === 'visible' && parseFloat(getComputedStyle(c).opacity) > 0.5 };
  });
  check('search: with a query, Clear is visible, big enough and named', clear.focused && clear.visible && clear.w >= 24 && clear.h >= 24 &&
        clear.name === 'Clear the search', JSON.stringify(clear));
  const first = results[0].main;
  await page.click('.pagefind-ui__result-link');
  await page.waitForURL(/highlight=busbw/);
  await page.waitForFunction(() => document.querySelector('mark.pagefind-highlight'), null, { timeout: 5000 }).catch(() => {});
  const landed = await page.evaluate(() => {
    const id = decodeURIComponent(location.hash.slice(1));
    const h = document.getElementById(id);
    return { top: h ? h.getBoundingClientRect().top : null, marks: document.querySelectorAll('main mark.pagefind-highlight').length,
             markBg: (document.querySelector('mark.pagefind-highlight') && getComputedStyle(document.querySelector('mark.pagefind-highlight')).backgroundColor) };
  });
  check('search: a result opens at its section, not the top of the page', landed.top !== null && landed.top >= -1 && landed.top < 120,
        `${first}: ${JSON.stringify(landed)}`);
  check('search: the terms are marked on arrival', landed.marks > 0 && landed.markBg && landed.markBg !== 'rgba(0, 0, 0, 0)', JSON.stringify(landed));
  /* A word that appears only inside tool output (perfquery's counter): Pagefind may still match
   * its parts in prose ("port"), but no excerpt shows the output it came from. */
  await page.goto(url + '/reference/');
  await page.waitForSelector('#search input');
  await page.fill('#search input', 'PortXmitPkts');
  await page.waitForSelector('.pagefind-ui__message', { timeout: 10000 });
  await page.waitForTimeout(800);
  const excerpts = await page.evaluate(() => Array.from(document.querySelectorAll('.pagefind-ui__result-excerpt')).map((e) => e.textContent));
  check('search: a word found only in tool output never shows that output in an excerpt (code blocks are not indexed)',
        excerpts.every((e) => !/PortXmitPkts|\.{4,}/i.test(e)), excerpts.join(' || '));
  await page.keyboard.press('Escape');
  check('search: Escape closes the results panel', !(await page.locator('.pagefind-ui__drawer').isVisible()));
  check('search: no console errors or failed requests', problems.length === 0, problems.join('; '));
  await context.close();
}

async function testPageMeta(browser, url, site) {
  const { context, page } = await openAt(browser, 375, 'light');
  const icon = await (async () => {
    await page.goto(url + REFERENCE);
    const href = await page.evaluate(() => document.querySelector('link[rel="icon"]').href);
    const r = await page.request.get(href);
    return { status: r.status(), type: r.headers()['content-type'] };
  })();
  check('favicon: every page links an SVG icon that exists', icon.status === 200 && /svg/.test(icon.type), JSON.stringify(icon));
  const missing = sitePages(site).filter((p) => !/rel="icon" href="[^"]*assets\/favicon\.svg"/.test(
    fs.readFileSync(path.join(site, p, 'index.html'), 'utf8')));
  check('favicon: linked from every page', missing.length === 0, missing.join(', '));
  const updated = await page.evaluate(() => {
    const t = document.querySelector('.last-updated time');
    return t && { date: t.getAttribute('datetime'), text: t.textContent };
  });
  check('"Last updated" shows the date of the page\'s last commit', updated && /^\d{4}-\d\d-\d\d$/.test(updated.date) &&
        /^\d{1,2} [A-Z][a-z]+ \d{4}$/.test(updated.text), JSON.stringify(updated));
  await context.close();
}

/* Screenshots for the record: the landing page, a reference page, a lab page with its
 * console running, at 375 and 1280 px. */
async function screenshots(browser, url, dir) {
  fs.mkdirSync(dir, { recursive: true });
  for (const width of [375, WIDE]) {
    const { context, page } = await openAt(browser, width, 'light');
    for (const [name, p] of [['landing', '/'], ['reference', REFERENCE]]) {
      await page.goto(url + p);
      await settle(page);
      await page.screenshot({ path: path.join(dir, `${name}-${width}.png`) });
    }
    await page.goto(url + '/labs/input-wait/#lab-input-wait');
    await page.waitForSelector('#lab-input-wait-input', { timeout: 10000 });
    for (const c of ['nvidia-smi', 'tail -n 3 train.log']) {
      await page.fill('#lab-input-wait-input', c);
      await page.press('#lab-input-wait-input', 'Enter');
    }
    await page.locator('#lab-input-wait .lab-console').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(dir, `lab-running-${width}.png`) });
    await context.close();
  }
  check(`screenshots written to ${dir}`, fs.readdirSync(dir).filter((f) => /\.png$/.test(f)).length >= 6);
}

async function main() {
  const site = process.argv[2];
  const shots = process.argv[3] || path.join('build', 'screenshots');
  if (!site || !fs.existsSync(path.join(site, 'index.html'))) {
    console.error('usage: node tests/browser/reading.test.js SITE_DIR [SHOTS_DIR] (a built site)');
    process.exit(2);
  }
  const server = await serve(site);
  const browser = await launch();
  const t0 = Date.now();
  try {
    const timed = async (name, fn) => {
      const t = Date.now();
      await fn();
      console.log(`--   ${name}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
    };
    await timed('checks', () => testCheckersCatch(browser));
    await timed('layout', () => testLayout(browser, server.url, site));
    await timed('theme', () => testTheme(browser, server.url));
    await timed('keys', () => testKeys(browser, server.url));
    await timed('toc', () => testToc(browser, server.url));
    await timed('console', () => testConsole(browser, server.url));
    await timed('tables and code', () => testTablesAndCode(browser, server.url, site));
    await timed('search', () => testSearch(browser, server.url));
    await timed('page meta', () => testPageMeta(browser, server.url, site));
    await timed('screenshots', () => screenshots(browser, server.url, shots));
  } catch (e) {
    check('the reading tests ran to the end', false, e.stack);
  } finally {
    await browser.close();
    server.close();
  }
  console.log(`reading: ${counts.passed} passed, ${counts.failed} failed in ${Math.round((Date.now() - t0) / 1000)} s`);
  process.exit(counts.failed ? 1 : 0);
}

main();
