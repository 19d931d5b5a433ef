#!/usr/bin/env node
/* index_answers.test.js: no answer of any lab is in the site's search index. For each lab of
 * content/labs (a scenario with a `lab:` section) the native emulator prints its worked solution
 * (`solutions lab`, confirmed), which holds the answer and the explanation; then every fragment
 * of Pagefind's index (pagefind/fragment/*.pf_fragment: gzip, "pagefind_dcd", JSON) is searched
 * for the answer, "Lab ID solved", the worked solution's heading and each long line of the
 * explanation. The index leaves out every <pre> (generator/search_index.c, --exclude-selectors),
 * and the lab blocks' solved transcripts and the examples that run `answer` or `solutions` are
 * data-pagefind-ignore as well (generator/transform_lab.c): what this finds is an answer in a
 * page's prose (an answer written into the text fails it).
 *
 * Usage: node tests/browser/index_answers.test.js SITE_DIR HANDBOOK
 * Prints one line per check and `N passed, N failed`; exits 1 when any check failed. */
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const { execFileSync } = require('child_process');
const { counts, check } = require('./harness.js');

function labIds() {
  return fs.readdirSync('content/labs').filter((f) => f.endsWith('.yaml'))
    .filter((f) => /^lab:/m.test(fs.readFileSync(path.join('content/labs', f), 'utf8')))
    .map((f) => f.replace(/\.yaml$/, ''));
}

/* The strings that give lab id away. */
function needles(handbook, id) {
  const out = execFileSync(handbook, ['emu', '--lab', id], { input: 'solutions lab\ny\n' }).toString();
  const answer = /^Answer: (.+)$/m.exec(out);
  const list = [`Lab ${id} solved`, `Worked solution of lab ${id}`];
  if (answer) list.push(answer[1]);
  const start = out.indexOf('Answer: ');
  const explanation = start >= 0 ? out.slice(start).split('\n').slice(1) : [];
  for (const line of explanation) {
    const t = line.trim();
    if (t.length >= 40 && !/^Read next:|^Then repair|^\d+\. /.test(t)) list.push(t);
  }
  return { list, answer: answer && answer[1] };
}

function fragments(site) {
  const dir = path.join(site, 'pagefind', 'fragment');
  return fs.readdirSync(dir).map((f) => {
    const text = zlib.gunzipSync(fs.readFileSync(path.join(dir, f))).toString('utf8');
    const json = JSON.parse(text.replace(/^pagefind_dcd/, ''));
    /* the index keeps text with collapsed white space */
    return { url: json.url, content: json.content.replace(/\s+/g, ' ') };
  });
}

function main() {
  const [site, handbook] = process.argv.slice(2);
  if (!site || !handbook) {
    console.error('usage: index_answers.test.js SITE_DIR HANDBOOK');
    process.exit(2);
  }
  const frags = fragments(site);
  check('the search index has fragments', frags.length > 10, String(frags.length));
  for (const id of labIds()) {
    const { list, answer } = needles(handbook, id);
    check(`${id}: its worked solution names an answer`, !!answer);
    const found = [];
    for (const n of list) {
      const needle = n.replace(/\s+/g, ' ');
      for (const f of frags) if (f.content.includes(needle)) found.push(`${f.url}: "${needle}"`);
    }
    check(`${id}: no answer string in the search index`, found.length === 0, found.slice(0, 5).join('; '));
  }
  console.log(`${counts.passed} passed, ${counts.failed} failed`);
  process.exit(counts.failed ? 1 : 0);
}

main();
