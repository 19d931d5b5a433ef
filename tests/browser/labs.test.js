#!/usr/bin/env node
/* labs.test.js: browser tests of the labs in headless Chromium (Debian's chromium driven by
 * playwright-core) against a built site: each lab page solved end to end in the in-page console
 * (and its output equal to the build-time transcript the native emulator wrote), progress kept
 * across reloads, tab completion, history, multi-line paste, Ctrl-C, Ctrl-L, Reset lab, the
 * replay of an unfinished lab, #lab-ID links, a mobile viewport, no console errors or failed
 * requests, axe-core on the landing page, a reference page and a lab page, and the transcript
 * with JavaScript off; the core in a Web Worker (a long line keeps the page responsive, Ctrl-C
 * stops it, stopped and over-budget lines are not replayed); the Content-Security-Policy (the
 * site, its labs and its search work under it, injected scripts and raw HTML do not run).
 *
 * Usage: node tests/browser/labs.test.js SITE_DIR HOSTILE_SITE_DIR
 * Prints one line per check and `N passed, N failed`; exits 1 when any check failed. */
'use strict';
const path = require('path');
const fs = require('fs');
const { serve } = require('./server.js');
const { counts, check, launch, watchedPage, axeCheck } = require('./harness.js');

const LABS = ['input-wait', 'multi-node-slowdown', 'late-rank', 'slower-after-restart', 'acceptance-test', 'after-reimage', 'slower-on-some-nodes', 'save-fails', 'after-maintenance', 'node-silent', 'hand-over'];

/* The core runs in a Web Worker: output arrives after Enter returns. The block has the class
 * lab-is-busy while a line runs or waits to run. */
async function idle(page, id, timeout = 30000) {
  await page.waitForFunction((labId) => !document.getElementById(`lab-${labId}`).classList.contains('lab-is-busy'),
                             id, { timeout });
}

/* Waits until the lab's session is open (greeting printed, any replay done). */
async function started(page, id, timeout = 20000) {
  await page.waitForSelector(`#lab-${id}.lab-is-running`, { timeout });
  await idle(page, id, timeout);
}

/* A fresh context on lab `id`'s page, opened by its #lab-ID link (the lab starts at once). */
async function openLab(browser, url, id) {
  const problems = [];
  const context = await browser.newContext();
  const page = await watchedPage(context, problems);
  await page.goto(`${url}/labs/${id}/#lab-${id}`);
  await started(page, id);
  return { context, page, problems };
}

async function typeLine(page, id, line) {
  await page.fill(`#lab-${id}-input`, line);
  await page.press(`#lab-${id}-input`, 'Enter');
  await idle(page, id);
}

/* Reset lab, confirmed. */
async function resetLab(page, id) {
  await page.click(`#lab-${id} .lab-reset`);
  await page.click(`#lab-${id} .lab-reset-yes`);
}

async function logText(page, id) {
  return page.textContent(`#lab-${id} .lab-log`);
}

/* The commands of the build-time transcript (the solution steps and the answer) and its text. */
async function transcriptOf(page, id) {
  return page.evaluate((labId) => {
    const pre = document.querySelector(`#lab-${labId} .lab-transcript pre code`);
    return {
      commands: Array.from(pre.querySelectorAll('.emu-command')).map((e) => e.textContent),
      text: pre.textContent,
    };
  }, id);
}

async function testLab(browser, url, id) {
  const problems = [];
  const context = await browser.newContext();
  const page = await watchedPage(context, problems);
  const requests = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(`${url}/labs/${id}/`);
  await page.waitForLoadState('load');
  check(`${id}: no emulator download on page load`,
        !requests.some((u) => /emu\.(js|wasm)$|labs\.json$/.test(u)), requests.join(' '));
  const start = page.locator(`#lab-${id} .lab-start`);
  check(`${id}: Start button shown`, await start.isVisible());
  const t0 = Date.now();
  await start.click();
  await started(page, id);
  const startMs = Date.now() - t0;
  const greeting = await logText(page, id);
  check(`${id}: greeting on screen after Start (${startMs} ms)`, /help/.test(greeting), greeting.slice(0, 200));
  check(`${id}: input focused and labelled`, await page.evaluate((labId) => {
    const input = document.getElementById(`lab-${labId}-input`);
    const label = document.querySelector(`label[for="lab-${labId}-input"]`);
    return document.activeElement === input && !!label && /\$/.test(label.textContent);
  }, id));

  await typeLine(page, id, 'help');
  const helped = await logText(page, id);
  check(`${id}: help lists the commands`, /\n  answer +\S/.test(helped) && /\n  hint +\S/.test(helped),
        helped.slice(-300));

  /* Solve it with the transcript's commands: the console must print what the build printed. */
  const transcript = await transcriptOf(page, id);
  check(`${id}: build-time transcript has commands`, transcript.commands.length > 1);
  await resetLab(page, id);
  await idle(page, id);
  for (const c of transcript.commands) await typeLine(page, id, c);
  await page.waitForSelector(`#lab-${id}.lab-is-solved`, { timeout: 5000 }).catch(() => {});
  const live = await logText(page, id);
  /* The console tells the core its columns (data-columns), which wraps the lab's own text (the
   * greeting, goal, hints, feedback) there; the build-time transcript is not wrapped. With
   * columns: the same words in the same order, and every aligned line (a tool's table, which is
   * never wrapped: two blanks inside it) verbatim. */
  const cols = Number(await page.getAttribute(`#lab-${id}`, 'data-columns')) || 0;
  const squash = (t) => t.replace(/\s+/g, ' ').trim();
  const aligned = transcript.text.split('\n').filter((l) => /\S {2,}\S/.test(l));
  const liveLines = new Set(live.split('\n'));
  const missing = aligned.filter((l) => !liveLines.has(l));
  check(`${id}: in-page output equals the native build-time transcript` +
        (cols ? ` (its prose wrapped at ${cols} columns, ${aligned.length} aligned lines verbatim)` : ''),
        cols ? squash(live) === squash(transcript.text) && missing.length === 0
             : live === transcript.text,
        cols ? (missing.length ? `not verbatim: ${JSON.stringify(missing[0])}`
                               : firstDiff(squash(transcript.text).replace(/ /g, '\n'), squash(live).replace(/ /g, '\n')))
             : firstDiff(transcript.text, live));
  check(`${id}: marked solved`, await page.evaluate((labId) =>
    document.getElementById(`lab-${labId}`).classList.contains('lab-is-solved'), id));
  /* the solve message's "Read next" is a link to the page, which exists */
  const readNext = await page.evaluate((labId) => {
    const links = Array.from(document.querySelectorAll(`#lab-${labId} .lab-log a.lab-link`));
    const a = links.filter((l) => /Read next/.test(l.parentNode.textContent)).pop();
    return a ? a.href : '';
  }, id);
  const readNextPage = readNext ? await context.request.get(readNext) : null;
  check(`${id}: the lab's status shows commands against the worked solution and hints`,
        await page.evaluate((labId) => /Solved in \d+ commands? \(the worked solution takes \d+\), \d+ of \d+ hints?/.test(
          document.querySelector(`#lab-${labId} .lab-status`).textContent), id),
        await page.textContent(`#lab-${id} .lab-status`));
  check(`${id}: the block shows its difficulty and time`,
        /Difficulty: (beginner|intermediate|advanced) · Time: about \d+ minutes/.test(
          await page.textContent(`#lab-${id} .lab-meta`).catch(() => '')));
  check(`${id}: "Read next" is a link to an existing page`, !!readNextPage && readNextPage.ok() &&
        /\/reference\/.+\/$/.test(readNext), readNext);
  check(`${id}: solved mark in the navigation`, await page.evaluate((labId) =>
    Array.from(document.querySelectorAll('#sidebar a.lab-solved')).some((a) => a.href.endsWith(`/labs/${labId}/`)), id));

  await page.reload();
  await page.waitForLoadState('load');
  check(`${id}: still solved after reload`, await page.evaluate((labId) =>
    document.getElementById(`lab-${labId}`).classList.contains('lab-is-solved') &&
    /Solved/.test(document.querySelector(`#lab-${labId} .lab-status`).textContent), id));
  await page.goto(`${url}/`);
  check(`${id}: solved mark on the landing page`, await page.evaluate((labId) =>
    Array.from(document.querySelectorAll('main a.lab-solved')).some((a) => a.href.endsWith(`/labs/${labId}/`)), id));
  check(`${id}: no console errors or failed requests`, problems.length === 0, problems.join('; '));
  await context.close();
  return startMs;
}

function firstDiff(a, b) {
  const la = (a || '').split('\n'), lb = (b || '').split('\n');
  for (let i = 0; i < Math.max(la.length, lb.length); i++)
    if (la[i] !== lb[i]) return `line ${i + 1}: expected ${JSON.stringify(la[i])}, got ${JSON.stringify(lb[i])}`;
  return '';
}

async function testConsoleKeys(browser, url) {
  const id = 'late-rank';
  const problems = [];
  const context = await browser.newContext();
  const page = await watchedPage(context, problems);
  /* #lab-ID opens the page with the lab started and the input focused. */
  await page.goto(`${url}/labs/${id}/#lab-${id}`);
  await started(page, id);
  check('#lab-ID link starts the lab and focuses the input', await page.evaluate((labId) =>
    document.activeElement === document.getElementById(`lab-${labId}-input`), id));
  const input = `#lab-${id}-input`;

  /* Tab completion through the core, which answers from its worker: wait for the reply (under
   * load it came after the check, which then read the line as typed) */
  const completed = (sel, typed) => page.waitForFunction(([s, t]) => document.querySelector(s).value !== t,
                                                       [sel, typed], { timeout: 5000 }).catch(() => {});
  await page.fill(input, 'hostn');
  await page.press(input, 'Tab');
  await completed(input, 'hostn');
  check('Tab completes a command', (await page.inputValue(input)) === 'hostname ',
        JSON.stringify(await page.inputValue(input)));
  await page.fill(input, 'ssh node0');
  await page.press(input, 'Tab');
  await page.waitForFunction(([s, logSel]) => document.querySelector(s).value !== 'ssh node0' ||
                             /node01 +node02/.test(document.querySelector(logSel).textContent),
                             [input, `#lab-${id} .lab-log`], { timeout: 5000 }).catch(() => {});
  check('Tab completes a node name', /^ssh node0[1-9] $/.test(await page.inputValue(input)) ||
        /node01 +node02/.test(await logText(page, id)), JSON.stringify(await page.inputValue(input)));
  await page.fill(input, '');

  /* History. */
  await typeLine(page, id, 'hostname');
  await typeLine(page, id, 'echo two');
  await page.press(input, 'ArrowUp');
  check('Up recalls the last command', (await page.inputValue(input)) === 'echo two');
  await page.press(input, 'ArrowUp');
  check('Up again recalls the one before', (await page.inputValue(input)) === 'hostname');
  await page.press(input, 'ArrowDown');
  await page.press(input, 'ArrowDown');
  check('Down returns to the empty line', (await page.inputValue(input)) === '');

  /* Ctrl-C cancels the line. */
  await page.fill(input, 'half typed');
  await page.press(input, 'Control+c');
  check('Ctrl-C cancels the line', (await page.inputValue(input)) === '' &&
        /half typed\^C\n$/.test(await logText(page, id)));

  /* Multi-line paste runs each line. */
  await page.evaluate((sel) => {
    const dt = new DataTransfer();
    dt.setData('text/plain', 'echo first\necho second\necho thi');
    document.querySelector(sel).dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  }, input);
  await idle(page, id);
  const afterPaste = await logText(page, id);
  check('Pasting several lines runs each in turn', /\$ echo first\nfirst\n/.test(afterPaste) &&
        /\$ echo second\nsecond\n/.test(afterPaste) && (await page.inputValue(input)) === 'echo thi',
        afterPaste.slice(-200));

  /* Ctrl-L clears the screen. */
  await page.press(input, 'Control+l');
  check('Ctrl-L clears the screen', (await logText(page, id)) === '');

  /* An unfinished lab is replayed after a reload. */
  await page.fill(input, '');
  await typeLine(page, id, 'echo remembered');
  await page.goto(`${url}/labs/${id}/`);
  await started(page, id);
  await page.waitForFunction((labId) => /remembered/.test(document.querySelector(`#lab-${labId} .lab-log`).textContent), id, { timeout: 5000 }).catch(() => {});
  check('An unfinished lab is replayed after a reload', /\$ echo remembered\nremembered\n/.test(await logText(page, id)));

  /* A long session is replayed whole: 500 pasted lines, then ssh; the reload comes back on node02. */
  const pasteLines = (text) => page.evaluate(([sel, t]) => {
    const dt = new DataTransfer();
    dt.setData('text/plain', t);
    document.querySelector(sel).dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  }, [input, text]).then(() => idle(page, id, 60000));
  await pasteLines('true\n'.repeat(500) + 'ssh node02\nhostname\n');
  await page.waitForTimeout(100); /* the run is written once after the burst */
  await page.goto(`${url}/labs/${id}/`);
  await started(page, id);
  await page.waitForFunction((labId) => /node02\n$/.test(document.querySelector(`#lab-${labId} .lab-log`).textContent), id, { timeout: 10000 }).catch(() => {});
  check('A reload replays a 500-line session whole, ending on node02',
        /user@node02:~\$ hostname\nnode02\n$/.test(await logText(page, id)), (await logText(page, id)).slice(-120));

  /* Past the storage bound the console says that later commands are not kept, and says it
   * again after the replay, instead of cutting the session silently. */
  await pasteLines('true\n'.repeat(2100));
  const overBound = await logText(page, id);
  check('Past the storage bound the console says commands are not kept', /not replayed after a reload/.test(overBound));
  await page.waitForTimeout(100);
  await page.goto(`${url}/labs/${id}/`);
  await started(page, id);
  await page.waitForFunction((labId) => /not replayed after a reload/.test(document.querySelector(`#lab-${labId} .lab-log`).textContent), id, { timeout: 20000 }).catch(() => {});
  check('After a reload the replay of a long session says what was not kept',
        /not replayed after a reload\.\]\n$/.test(await logText(page, id)), (await logText(page, id)).slice(-160));

  /* Reset lab asks first: Keep going keeps the run, Reset starts afresh. */
  const beforeReset = await logText(page, id);
  await page.click(`#lab-${id} .lab-reset`);
  check('Reset lab asks to confirm, naming what it discards', await page.isVisible(`#lab-${id} .lab-reset-yes`) &&
        /discard this run \(\d+ commands?\)/.test(await page.textContent(`#lab-${id} .lab-reset-question`)) &&
        (await logText(page, id)) === beforeReset, await page.textContent(`#lab-${id} .lab-reset-confirm`));
  await page.click(`#lab-${id} .lab-reset-no`);
  check('Keep going keeps the run', (await logText(page, id)) === beforeReset &&
        await page.isVisible(`#lab-${id} .lab-reset`));
  await resetLab(page, id);
  await idle(page, id);
  const reset = await logText(page, id);
  check('Reset lab starts a fresh session', !/remembered/.test(reset) && /help/.test(reset));
  await page.reload();
  await page.waitForLoadState('load');
  await started(page, id);
  check('After Reset, a reload replays nothing', !/remembered/.test(await logText(page, id)));

  /* Copy transcript puts the log on the clipboard. */
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await typeLine(page, id, 'echo copied');
  await page.click(`#lab-${id} .lab-copy`);
  await page.waitForFunction((labId) => /copied/.test(document.querySelector(`#lab-${labId} .lab-copied`).textContent), id, { timeout: 3000 }).catch(() => {});
  const clip = await page.evaluate(() => navigator.clipboard.readText());
  check('Copy transcript copies the output', clip === await logText(page, id) && /echo copied/.test(clip));
  /* after Ctrl-L the screen is empty, but Copy transcript still copies the whole session */
  await page.press(input, 'Control+l');
  await typeLine(page, id, 'echo after-clear');
  await idle(page, id);
  await page.click(`#lab-${id} .lab-copy`);
  await page.waitForTimeout(200);
  const whole = await page.evaluate(() => navigator.clipboard.readText());
  check('Copy transcript after Ctrl-L copies the whole session', /echo copied/.test(whole) &&
        /echo after-clear/.test(whole) && /Training Infrastructure Handbook/.test(whole) &&
        !/echo copied/.test(await logText(page, id)), whole.slice(-200));
  /* `solutions` names the site's pages, as links */
  await typeLine(page, id, 'solutions');
  await idle(page, id);
  const sol = await page.evaluate((labId) => {
    const outs = document.querySelectorAll(`#lab-${labId} .lab-log .lab-out`);
    const last = outs[outs.length - 1];
    return { text: last.textContent, links: Array.from(last.querySelectorAll('a')).map((a) => a.getAttribute('href')) };
  }, id);
  /* `lab start` in the block gives it the started lab's title and goal */
  await typeLine(page, id, 'lab start input-wait');
  check('`lab start` updates the block\'s title and goal', await page.evaluate((labId) =>
    /Input wait/.test(document.querySelector(`#lab-${labId} .lab-title`).textContent) &&
    /vision-language/.test(document.querySelector(`#lab-${labId} .lab-goal`).textContent), id),
        await page.textContent(`#lab-${id} .lab-title`));
  check('`solutions` names site pages as links, not .md sources', !/\.md\b/.test(sol.text) &&
        sol.links.length === 8 && sol.links.every((h) => /reference\/.+\/$/.test(h)), JSON.stringify(sol.links));

  /* axe-core on a lab page with the console running. */
  await axeCheck(page, 'a lab page with the console running');
  check('console keys: no console errors or failed requests', problems.length === 0, problems.join('; '));
  await context.close();
}

/* A lab whose worked solution was revealed first is not counted as solved; `exit` at the top
 * shell ends the session until Reset lab. */
async function testRevealAndExit(browser, url) {
  const id = 'late-rank';
  const { context, page, problems } = await openLab(browser, url, id);
  await typeLine(page, id, 'solutions lab');
  const question = await page.textContent(`label[for="lab-${id}-input"]`);
  await typeLine(page, id, 'y');
  const transcript = await transcriptOf(page, id);
  const answer = transcript.commands.filter((c) => /^answer /.test(c)).pop();
  await typeLine(page, id, answer);
  const afterAnswer = await logText(page, id);
  check('revealing the solution first: the right answer does not mark the lab solved',
        /Worked solution/.test(afterAnswer) && !(await page.evaluate((labId) =>
          document.getElementById(`lab-${labId}`).classList.contains('lab-is-solved') ||
          !!JSON.parse(localStorage.getItem('handbook-labs') || '{"solved":{}}').solved[labId], id)),
        `question label ${JSON.stringify(question)}; ${afterAnswer.slice(-200)}`);
  await typeLine(page, id, 'exit');
  check('exit at the top shell ends the session (input disabled, Reset offered)',
        await page.isDisabled(`#lab-${id}-input`) && /Reset lab/.test(await logText(page, id)));
  await resetLab(page, id);
  await idle(page, id);
  check('Reset lab after exit opens a new session', !(await page.isDisabled(`#lab-${id}-input`)) &&
        /help/.test(await logText(page, id)));
  check('reveal and exit: no console errors or failed requests', problems.length === 0, problems.join('; '));
  await context.close();
}

/* The labs index: how many are solved, each lab's commands against the worked solution, hints,
 * a revealed solution; progress exported to a file and imported into a fresh browser. */
async function testProgress(browser, url) {
  const problems = [];
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await watchedPage(context, problems);
  await page.goto(`${url}/labs/late-rank/#lab-late-rank`);
  await started(page, 'late-rank');
  await typeLine(page, 'late-rank', 'hint');
  await typeLine(page, 'late-rank', 'answer node02 gpu5 thermal');
  await page.goto(`${url}/labs/input-wait/#lab-input-wait`);
  await started(page, 'input-wait');
  await typeLine(page, 'input-wait', 'solutions lab');
  await typeLine(page, 'input-wait', 'y');
  await page.goto(`${url}/labs/`);
  await page.waitForSelector('.labs-progress', { timeout: 5000 }).catch(() => {});
  const summary = await page.textContent('.labs-progress-summary').catch(() => '');
  const total = (/of (\d+) labs/.exec(summary) || [])[1];
  check('labs index: how many labs are solved', /You have solved 1 of \d+ labs/.test(summary) && Number(total) >= 3,
        summary);
  const rows = await page.evaluate(() => Object.fromEntries(Array.from(document.querySelectorAll('.labs-progress-list li'))
    .map((li) => [li.getAttribute('data-lab'), li.textContent])));
  check('labs index: a lab\'s commands against the worked solution and its hints',
        /^Late rank: solved in 2 commands \(the worked solution takes 6\), 1 of 3 hints/.test(rows['late-rank'] || ''),
        JSON.stringify(rows));
  check('labs index: a revealed solution is shown', /worked solution revealed/.test(rows['input-wait'] || '') &&
        /not started|in progress/.test(rows['input-wait'] || ''), JSON.stringify(rows));
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('.labs-export')]);
  /* the download goes when its context closes: keep a copy for the import */
  const file = path.join(require('os').tmpdir(), `handbook-lab-progress-${process.pid}.json`);
  await download.saveAs(file);
  const data = JSON.parse(fs.readFileSync(file, 'utf8'));
  check('Export progress saves a file with the solved labs', download.suggestedFilename() === 'handbook-lab-progress.json' &&
        data.format === 'handbook-lab-progress' && !!data.solved['late-rank'] && data.revealed['input-wait'] === true,
        JSON.stringify(data).slice(0, 200));
  check('progress: no console errors or failed requests', problems.length === 0, problems.join('; '));
  await context.close();

  const fresh = await browser.newContext();
  const page2 = await watchedPage(fresh, problems);
  await page2.goto(`${url}/labs/`);
  await page2.waitForSelector('.labs-progress', { timeout: 5000 });
  check('a fresh browser has solved no lab', /You have solved 0 of \d+/.test(await page2.textContent('.labs-progress-summary')));
  await page2.setInputFiles('#labs-import', file);
  await page2.waitForFunction(() => /solved 1 of/.test(document.querySelector('.labs-progress-summary').textContent), null, { timeout: 3000 }).catch(() => {});
  check('Import progress restores the solved labs', /You have solved 1 of \d+/.test(await page2.textContent('.labs-progress-summary')) &&
        /imported: 1 more lab solved/.test(await page2.textContent('.labs-progress-message')) &&
        /Late rank: solved in 2 commands/.test(await page2.textContent('.labs-progress-list')),
        await page2.textContent('.labs-progress'));
  const bad = path.join(path.dirname(file), `not-progress-${process.pid}.json`);
  fs.writeFileSync(bad, '{"hello": 1}');
  await page2.setInputFiles('#labs-import', bad);
  await page2.waitForFunction(() => /nothing imported/.test(document.querySelector('.labs-progress-message').textContent), null, { timeout: 3000 }).catch(() => {});
  check('Import of another file imports nothing and says so', /nothing imported/.test(await page2.textContent('.labs-progress-message')));
  fs.unlinkSync(file);
  fs.unlinkSync(bad);
  await axeCheck(page2, 'the labs index with its progress');
  check('import: no console errors or failed requests', problems.length === 0, problems.join('; '));
  await fresh.close();
}

/* Run buttons: every ```console lab=ID example gets one (beside its Copy button); it opens a
 * console in place with the example's commands run; the page downloads the module once, on the
 * first Run, and every console's worker gets it from there. */
async function testRunButtons(browser, url) {
  const problems = [];
  const context = await browser.newContext();
  const page = await watchedPage(context, problems);
  const requests = [];
  context.on('request', (r) => requests.push(r.url()));
  await page.goto(`${url}/reference/networking/nccl/`);
  await page.waitForLoadState('load');
  const counts0 = await page.evaluate(() => ({ examples: document.querySelectorAll('pre.emu-example').length,
                                               buttons: document.querySelectorAll('.emu-run').length }));
  check('every console example has a Run button', counts0.examples > 1 && counts0.examples === counts0.buttons,
        JSON.stringify(counts0));
  check('no emulator download before the first Run', !requests.some((u) => /emu\.(js|wasm)$|labs\.json$/.test(u)));
  const first = await page.evaluate(() => Array.from(document.querySelectorAll('pre.emu-example')[0]
    .querySelectorAll('.emu-command')).map((e) => e.textContent));
  await page.click('.emu-run >> nth=0');
  await page.waitForSelector('.lab-inline .lab-log', { timeout: 20000 });
  await page.waitForFunction(() => document.querySelector('.emu-run').textContent === 'Go to console' &&
                             !document.querySelector('.lab-inline').classList.contains('lab-is-busy'), null, { timeout: 30000 }).catch(() => {});
  const inline = await page.evaluate(() => ({
    log: document.querySelector('.lab-inline .lab-log').textContent,
    focused: !!document.activeElement && document.activeElement.classList.contains('lab-input'),
    after: (() => {
      const pre = document.querySelector('pre.emu-example'), next = (pre.closest('.code-block') || pre).nextElementSibling;
      return !!next && next.matches('.lab-inline');
    })(),
  }));
  check('Run opens a console in place under the example, with its commands typed and run',
        first.length > 0 && first.every((c) => inline.log.includes('$ ' + c)) && inline.focused && inline.after,
        JSON.stringify({ first, after: inline.after, focused: inline.focused, log: inline.log.slice(-200) }));
  await page.keyboard.type('hostname');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /\$ hostname\nnode01\n/.test(document.querySelector('.lab-inline .lab-log').textContent),
                             null, { timeout: 10000 }).catch(() => {});
  check('the reader goes on from there', /\$ hostname\nnode01\n/.test(await page.textContent('.lab-inline .lab-log')));
  await page.click('.emu-run >> nth=1');
  await page.waitForFunction(() => document.querySelectorAll('.lab-inline .lab-log').length === 2 &&
                             document.querySelectorAll('.emu-run')[1].textContent === 'Go to console', null, { timeout: 30000 }).catch(() => {});
  const loads = requests.filter((u) => /emu\.wasm$/.test(u)).length;
  const jsons = requests.filter((u) => /labs\.json$/.test(u)).length;
  check('the module and the scenarios load once for every console of the page', loads === 1 && jsons === 1 &&
        (await page.locator('.lab-inline .lab-log').count()) === 2, `emu.wasm requests: ${loads}, labs.json: ${jsons}`);
  check('an example\'s console keeps nothing for a reload', await page.evaluate(() => {
    const s = JSON.parse(localStorage.getItem('handbook-labs') || '{"runs":{}}');
    return !Object.keys(s.runs || {}).length;
  }));
  await axeCheck(page, 'a reference page with two example consoles open');
  check('Run buttons: no console errors or failed requests', problems.length === 0, problems.join('; '));
  await context.close();
}

async function testMobile(browser, url) {
  const id = 'input-wait';
  const problems = [];
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true,
                                             hasTouch: true, deviceScaleFactor: 2 });
  const page = await watchedPage(context, problems);
  await page.goto(`${url}/labs/${id}/`);
  await page.tap(`#lab-${id} .lab-start`);
  await started(page, id);
  await page.tap(`#lab-${id}-input`);
  await page.keyboard.type('hostname');
  await page.keyboard.press('Enter');
  await idle(page, id);
  check('mobile: typing on the on-screen keyboard runs a command', /\$ hostname\nnode01\n/.test(await logText(page, id)),
        (await logText(page, id)).slice(-120));
  const box = await page.evaluate((labId) => {
    const input = document.getElementById(`lab-${labId}-input`);
    const r = input.getBoundingClientRect();
    return { width: r.width, fontPx: parseFloat(getComputedStyle(input).fontSize),
             overflow: document.documentElement.scrollWidth > window.innerWidth };
  }, id);
  check('mobile: the input is wide, 16px or more (no zoom on focus), no sideways scroll',
        box.width > 150 && box.fontPx >= 16 && !box.overflow, JSON.stringify(box));
  check('mobile: no console errors or failed requests', problems.length === 0, problems.join('; '));
  await context.close();
}

async function testNoScript(browser, url) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const id of LABS) {
    await page.goto(`${url}/labs/${id}/`);
    /* the solved run gives the answer away: closed until the reader opens it */
    const hidden = !(await page.locator(`#lab-${id} .lab-transcript pre`).isVisible());
    await page.locator(`#lab-${id} .lab-transcript summary`).click();
    const visible = await page.locator(`#lab-${id} .lab-transcript pre`).isVisible();
    const text = await page.locator(`#lab-${id} .lab-transcript pre`).textContent();
    check(`JavaScript off: ${id}'s solved run is closed until opened`, hidden);
    check(`JavaScript off: ${id} shows its transcript when opened`, visible && /help/.test(text) && /\$ answer /.test(text),
          text.slice(0, 120));
    check(`JavaScript off: ${id} hides the Start button`, !(await page.locator(`#lab-${id} .lab-start`).isVisible()));
  }
  await page.goto(`${url}/reference/networking/nccl/`);
  check('JavaScript off: console examples keep their build-time transcripts and get no Run button',
        (await page.locator('pre.emu-example').count()) > 1 && (await page.locator('.emu-run').count()) === 0 &&
        await page.locator('pre.emu-example >> nth=0').isVisible());
  await context.close();
}

async function testAxe(browser, url) {
  const problems = [];
  const context = await browser.newContext();
  const page = await watchedPage(context, problems);
  for (const [name, p] of [['the landing page', '/'], ['a reference page', '/reference/networking/nccl/'],
                           ['a lab page', '/labs/input-wait/']]) {
    const response = await page.goto(url + p);
    check(`${name} (${p}) exists`, response && response.ok());
    await axeCheck(page, name);
  }
  check('landing, reference and lab pages: no console errors or failed requests',
        problems.length === 0, problems.join('; '));
  await context.close();
}

/* Records every Content-Security-Policy violation of the context's pages in window.__csp. */
async function watchPolicy(context) {
  await context.addInitScript(() => {
    window.__csp = [];
    document.addEventListener('securitypolicyviolation',
      (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
}

/* The longest gap between timer ticks on the page's main thread over `ms`: a page whose
 * thread is busy (a command running on it) cannot tick. */
async function mainThreadGap(page, ms) {
  return page.evaluate((total) => new Promise((resolve) => {
    const start = performance.now();
    let last = start, max = 0;
    (function tick() {
      const now = performance.now();
      max = Math.max(max, now - last);
      last = now;
      if (now - start < total) setTimeout(tick, 10);
      else resolve(max);
    })();
  }), ms);
}

/* The core runs in a Web Worker (issue 16): a long line leaves the page responsive, Ctrl-C
 * stops it at once, and neither a stopped line nor one over the work budget is replayed
 * after a reload. */
async function testWorker(browser, url) {
  const id = 'late-rank';
  const { context, page, problems } = await openLab(browser, url, id);
  const input = `#lab-${id}-input`;
  await typeLine(page, id, 'echo before');
  /* About 4,000 runs of nvidia-smi -q (9,992 steps, within the budget): seconds of work. */
  const long = 'for a in {1..999}; do for b in 1 2 3 4; do nvidia-smi -q > /dev/null; done; done; echo finished';
  await page.fill(input, long);
  await page.press(input, 'Enter');
  const gap = await mainThreadGap(page, 600);
  const stillRunning = await page.evaluate((labId) =>
    document.getElementById(`lab-${labId}`).classList.contains('lab-is-busy'), id);
  check(`a long line runs off the main thread (longest gap ${gap.toFixed(0)} ms over 600 ms)`,
        gap < 500 && stillRunning, `gap ${gap.toFixed(0)} ms, running: ${stillRunning}`);
  const t0 = Date.now();
  await page.press(input, 'Control+c');
  await idle(page, id, 10000);
  const stopMs = Date.now() - t0;
  const afterStop = await logText(page, id);
  check(`Ctrl-C stops a running line (prompt back in ${stopMs} ms)`,
        stopMs < 3000 && /nvidia-smi -q > \/dev\/null; done; done; echo finished\n\^C\n$/.test(afterStop) &&
        !/\nfinished\n/.test(afterStop), afterStop.slice(-200));
  await typeLine(page, id, 'hostname');
  check('after Ctrl-C the console runs the next line', /\$ hostname\nnode01\n$/.test(await logText(page, id)),
        (await logText(page, id)).slice(-120));

  /* Over the work budget: the core stops the line itself, with its message. */
  await typeLine(page, id, 'for a in {1..100}; do for b in {1..100}; do true; done; done; echo never');
  const over = await logText(page, id);
  check('a line over the work budget stops with the message', /line stopped after 10000 steps/.test(over) &&
        !/\nnever\n/.test(over), over.slice(-200));
  await typeLine(page, id, 'echo after');
  await page.waitForTimeout(100); /* the run is written once after the burst */
  const stored = await page.evaluate((labId) =>
    JSON.parse(localStorage.getItem('handbook-labs')).runs[labId].lines, id);
  check('stopped and over-budget lines are not stored', JSON.stringify(stored) ===
        JSON.stringify(['echo before', 'hostname', 'echo after']), JSON.stringify(stored));
  await page.reload();
  await started(page, id);
  const replayed = await logText(page, id);
  check('a reload replays the other lines, not the stopped ones',
        /\$ echo before\nbefore\n/.test(replayed) && /\$ echo after\nafter\n$/.test(replayed) &&
        !/nvidia-smi -q/.test(replayed) && !/\{1\.\.100\}/.test(replayed), replayed.slice(-300));
  check('worker: no console errors or failed requests', problems.length === 0, problems.join('; '));
  await context.close();
}

/* The Content-Security-Policy (generator/render.h): the site's own scripts, the lab's
 * WebAssembly and worker, and the search (Pagefind, which runs WebAssembly in a worker too) work
 * under it with no violation; an inline script, an event handler attribute and a javascript:
 * URL put into a page do not run; nor does raw HTML of a site with allow_html. */
async function testPolicy(browser, url, hostileUrl) {
  const problems = [];
  const context = await browser.newContext();
  await watchPolicy(context);
  const page = await watchedPage(context, problems);
  await page.goto(`${url}/`);
  const meta = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
  check('pages carry a Content-Security-Policy without unsafe-inline',
        !!meta && /script-src 'self' 'wasm-unsafe-eval'/.test(meta) && !/unsafe-inline/.test(meta), meta);
  await page.waitForSelector('#search input', { timeout: 10000 });
  await page.fill('#search input', 'nccl');
  const results = await page.waitForSelector('.pagefind-ui__result', { timeout: 10000 })
    .then(() => page.locator('.pagefind-ui__result').count()).catch(() => 0);
  check(`search (Pagefind) works under the policy (${results} results for "nccl")`, results > 0);
  await page.goto(`${url}/labs/input-wait/#lab-input-wait`);
  await started(page, 'input-wait');
  await typeLine(page, 'input-wait', 'hostname');
  check('the lab (WebAssembly in a worker) works under the policy',
        /\$ hostname\nnode01\n$/.test(await logText(page, 'input-wait')));
  const violations = await page.evaluate(() => window.__csp);
  check('the site itself causes no policy violation', violations.length === 0, violations.join('; '));
  check('policy: no console errors or failed requests', problems.length === 0, problems.join('; '));
  const injected = await page.evaluate(() => new Promise((resolve) => {
    const s = document.createElement('script');
    s.textContent = 'window.__injected = 1;';
    document.body.appendChild(s);
    const d = document.createElement('div');
    d.innerHTML = '<img src="data:," onerror="window.__onerror = 1">';
    document.body.appendChild(d);
    const a = document.createElement('a');
    a.href = 'javascript:window.__jsurl = 1';
    document.body.appendChild(a);
    a.click();
    setTimeout(() => resolve({ script: !!window.__injected, handler: !!window.__onerror,
                               url: !!window.__jsurl, violations: window.__csp.slice() }), 500);
  }));
  check('an injected inline script, event handler and javascript: URL do not run',
        !injected.script && !injected.handler && !injected.url &&
        injected.violations.some((v) => /^script-src-elem inline/.test(v)) &&
        injected.violations.some((v) => /^script-src-attr inline/.test(v)), JSON.stringify(injected));
  await page.goto(`${hostileUrl}/`);
  await page.click('#raw-link');
  await page.waitForTimeout(300);
  const raw = await page.evaluate(() => ({
    ran: ['__raw_script', '__raw_handler', '__raw_toggle', '__raw_link'].filter((k) => window[k]),
    violations: window.__csp.slice() }));
  check('raw HTML (allow_html: true): an event handler, a self-opening ontoggle and a javascript: link do not run',
        raw.ran.length === 0 && raw.violations.filter((v) => /^script-src-attr inline/.test(v)).length >= 2 &&
        raw.violations.some((v) => /^script-src-elem inline/.test(v)), JSON.stringify(raw));
  await context.close();
}

async function main() {
  const [site, hostileSite] = process.argv.slice(2);
  if (!site || !fs.existsSync(path.join(site, 'index.html')) ||
      !hostileSite || !fs.existsSync(path.join(hostileSite, 'index.html'))) {
    console.error('usage: node tests/browser/labs.test.js SITE_DIR HOSTILE_SITE_DIR (built sites: ' +
                  'the handbook, and tests/browser/hostile with raw HTML allowed)');
    process.exit(2);
  }
  const server = await serve(site);
  const hostile = await serve(hostileSite);
  const browser = await launch();
  try {
    /* BROWSER_TESTS=testWorker,testPolicy (env) runs only those, for working on one part. */
    const only = (process.env.BROWSER_TESTS || '').split(',').filter(Boolean);
    const run = (fn, ...args) => (!only.length || only.includes(fn.name) ? fn(browser, ...args) : null);
    await run(testNoScript, server.url);
    await run(testAxe, server.url);
    for (const id of LABS) await run(testLab, server.url, id);
    await run(testConsoleKeys, server.url);
    await run(testRevealAndExit, server.url);
    await run(testProgress, server.url);
    await run(testRunButtons, server.url);
    await run(testMobile, server.url);
    await run(testWorker, server.url);
    await run(testPolicy, server.url, hostile.url);
  } catch (e) {
    check('the browser tests ran to the end', false, e.stack);
  } finally {
    await browser.close();
    server.close();
    hostile.close();
  }
  console.log(`${counts.passed} passed, ${counts.failed} failed`);
  process.exit(counts.failed ? 1 : 0);
}

main();
