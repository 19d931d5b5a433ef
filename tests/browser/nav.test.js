#!/usr/bin/env node
/* nav.test.js: the navigation tree and the search index in headless Chromium.
 *
 * - On the real site: assets/nav.js replaces each page's bounded sidebar with the whole tree
 *   from nav-tree.js (every group, the current one open at the current page), toggles open and
 *   close with aria-expanded, every page of the tree is reachable from it, axe-core finds no
 *   violation with the tree in place, no console error; with JavaScript off the bounded
 *   sidebar stays.
 * - On a large site (SITE_LARGE, one folder of hundreds of pages): the page's HTML carries a
 *   bounded sidebar; with JavaScript the whole folder is there, and closed groups are built
 *   only when opened.
 * - On the search fixture (SITE_SEARCH, indexed by Pagefind): a word of a page's text is found,
 *   a word only in the sidebar (a group's title) and one only in a lab's recorded transcript
 *   are not.
 *
 * Usage: node tests/browser/nav.test.js SITE SITE_LARGE SITE_SEARCH
 * Prints one line per check and `N passed, N failed`; exits 1 when any check failed. */
'use strict';
const fs = require('fs');
const path = require('path');
const { serve } = require('./server.js');
const { counts, check, launch, axeCheck } = require('./harness.js');

function watch(page, problems) {
  /* The browser's own request for /favicon.ico (the site has none) is not the page's. */
  page.on('console', (m) => {
    if (m.type() === 'error' && !/favicon\.ico$/.test(m.location().url)) problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`); });
}

/* The tree file of a built site, parsed. */
function readTree(site) {
  const text = fs.readFileSync(path.join(site, 'nav-tree.js'), 'utf8');
  return JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1));
}

async function testRealSite(browser, url, site) {
  const tree = readTree(site);
  const problems = [];
  const context = await browser.newContext();
  const page = await context.newPage();
  watch(page, problems);
  await page.goto(`${url}/reference/networking/nccl/`);
  await page.waitForSelector('#sidebar .nav-tree', { timeout: 10000 });
  const groups = await page.$$eval('#sidebar .nav-tree > li.nav-group', (lis) => lis.map((li) => ({
    title: li.querySelector('.nav-group-title').textContent,
    open: li.querySelector('.nav-toggle').getAttribute('aria-expanded') === 'true',
  })));
  check('JavaScript: the sidebar holds every group of nav-tree.js',
        JSON.stringify(groups.map((g) => g.title)) === JSON.stringify(tree.groups.map((g) => g.title)),
        JSON.stringify(groups));
  check('JavaScript: only the current group is open',
        groups.filter((g) => g.open).map((g) => g.title).join() === 'Networking', JSON.stringify(groups));
  const current = await page.$$eval('#sidebar [aria-current="page"]', (as) => as.map((a) => a.textContent));
  check('JavaScript: the current page is marked once', current.length === 1 && current[0] === 'NCCL',
        JSON.stringify(current));
  await axeCheck(page, 'a reference page with the whole tree');

  /* Open every closed toggle (groups, then the folders they hold): every page is a link. */
  for (let round = 0; round < 6; round++) {
    const closed = await page.$$('#sidebar .nav-toggle[aria-expanded="false"]');
    if (!closed.length) break;
    for (const button of closed) await button.click();
  }
  const hrefs = await page.$$eval('#sidebar .nav-tree a', (as) => as.map((a) => a.getAttribute('href')));
  const want = tree.groups.flatMap((g) => g.pages.map((p) => '../../../' + p[1]));
  check(`JavaScript: every page of the tree is a link once all is open (${want.length} pages)`,
        want.every((h) => hrefs.includes(h)), want.filter((h) => !hrefs.includes(h)).slice(0, 5).join(', '));
  const toggle = page.locator('#sidebar .nav-tree > li.nav-group').nth(0).locator(':scope > .nav-row > .nav-toggle');
  await toggle.click();
  const hidden = await page.locator('#sidebar .nav-tree > li.nav-group').nth(0).locator(':scope > ul')
    .evaluate((ul) => ul.hidden);
  check('JavaScript: a toggle closes its group (aria-expanded false, list hidden)',
        (await toggle.getAttribute('aria-expanded')) === 'false' && hidden);
  check('JavaScript: no console errors or failed requests', problems.length === 0, problems.join('; '));
  await context.close();

  const noscript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noscript.newPage();
  await plain.goto(`${url}/reference/networking/nccl/`);
  const links = await plain.$$eval('#sidebar a', (as) => as.map((a) => a.textContent));
  check('JavaScript off: the page\'s own sidebar (groups, the section, its pages)',
        links.includes('Topology') && links.includes('Labs') && !(await plain.$('.nav-tree')),
        JSON.stringify(links));
  await noscript.close();
}

async function testLargeSite(browser, url, site) {
  const tree = readTree(site);
  const big = tree.groups.reduce((a, g) => (g.pages.length > a.pages.length ? g : a));
  const target = big.pages[Math.floor(big.pages.length / 2)][1];
  const html = fs.readFileSync(path.join(site, target, 'index.html'), 'utf8');
  const sidebar = html.slice(html.indexOf('<nav class="sidebar"'), html.indexOf('</nav>', html.indexOf('<nav class="sidebar"')));
  const count = (sidebar.match(/<a /g) || []).length;
  check(`a page of a ${big.pages.length}-page folder carries ${count} sidebar links (bounded)`, count < 40);
  const problems = [];
  const context = await browser.newContext();
  const page = await context.newPage();
  watch(page, problems);
  await page.goto(`${url}/${target}`);
  await page.waitForSelector('#sidebar .nav-tree', { timeout: 10000 });
  const open = await page.$$eval('#sidebar .nav-tree a', (as) => as.length);
  const groups = tree.groups.length;
  /* a group's own index page is its title link (one link per group), not an entry below it */
  const own = big.pages.length && big.pages[0][1] === big.url ? 1 : 0;
  check(`JavaScript: the open folder shows all of its ${big.pages.length} pages, closed groups are not built yet`,
        open === big.pages.length - own + groups, `${open} links`);
  const mid = await page.$eval('#sidebar [aria-current="page"]', (a) => {
    const s = document.getElementById('sidebar').getBoundingClientRect(), r = a.getBoundingClientRect();
    return r.top >= s.top && r.bottom <= s.bottom;
  });
  check('JavaScript: the current page is scrolled into the sidebar\'s view', mid);
  check('large site: no console errors or failed requests', problems.length === 0, problems.join('; '));
  await context.close();
}

async function testSearch(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${url}/guide/page/`);
  const results = await page.evaluate(async () => {
    const pagefind = await import('/pagefind/pagefind.js');
    await pagefind.init();
    const out = {};
    for (const word of ['wombat', 'quokkanav', 'lanplus']) {
      const r = await pagefind.search(word);
      out[word] = await Promise.all(r.results.map((x) => x.data().then((d) => d.url)));
    }
    return out;
  });
  check('search: a word of a page\'s text finds that page', results.wombat.length === 1 &&
        results.wombat[0].endsWith('/guide/page/'), JSON.stringify(results.wombat));
  check('search: a word only in the sidebar (a group title) finds nothing', results.quokkanav.length === 0,
        JSON.stringify(results.quokkanav));
  check('search: a word only in a lab\'s recorded transcript finds nothing', results.lanplus.length === 0,
        JSON.stringify(results.lanplus));
  await context.close();
}

async function main() {
  const [site, large, search] = process.argv.slice(2);
  if (!site || !large || !search) {
    console.error('usage: node tests/browser/nav.test.js SITE SITE_LARGE SITE_SEARCH');
    process.exit(2);
  }
  const servers = await Promise.all([site, large, search].map((s) => serve(s)));
  const browser = await launch();
  try {
    await testRealSite(browser, servers[0].url, site);
    await testLargeSite(browser, servers[1].url, large);
    await testSearch(browser, servers[2].url);
  } catch (e) {
    check('the navigation tests ran to the end', false, e.stack);
  } finally {
    await browser.close();
    servers.forEach((s) => s.close());
  }
  console.log(`${counts.passed} passed, ${counts.failed} failed`);
  process.exit(counts.failed ? 1 : 0);
}

main();
