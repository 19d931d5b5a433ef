#!/usr/bin/env node
/* test_doc_json.js: the module's JSON document adapter (wasm/doc_json.c, in place of libyaml),
 * through the Node build: malformed JSON is an error at its line and column (never a crash or a
 * hang), JSON escapes decode to the same text as the YAML they came from, and a scenario loads
 * the same from its JSON form as from labs.json's converter. Prints `N passed, N failed`.
 * Usage: node wasm/test_doc_json.js --module build/wasm/node/emu.js --scenario-json TOOL */
'use strict';
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');
const { EmuHost } = require('./console.js');

function arg(name) {
  const i = process.argv.indexOf(name);
  if (i < 0 || i + 1 >= process.argv.length) {
    process.stderr.write(`usage: node wasm/test_doc_json.js --module EMU.js --scenario-json TOOL\n`);
    process.exit(2);
  }
  return process.argv[i + 1];
}

async function main() {
  const modulePath = path.resolve(arg('--module'));
  const tool = arg('--scenario-json');
  const module = await require(modulePath)({
    wasmBinary: fs.readFileSync(modulePath.replace(/\.js$/, '.wasm')),
    print: () => {}, printErr: (t) => process.stderr.write(t + '\n'),
  });
  const host = new EmuHost(module);
  let passed = 0, failed = 0;
  function check(name, ok, detail) {
    if (ok) passed++;
    else { failed++; process.stdout.write(`FAIL ${name}${detail ? ': ' + detail : ''}\n`); }
  }
  function addError(json) {
    host.resetCatalog();
    try { host.addLab('t', json, 't.json'); return null; } catch (e) { return e.message; }
  }

  // Malformed JSON: the error names the place, as the YAML adapter's errors do.
  const bad = [
    ['{\n  "a": }', /^t\.json:2:8: error: invalid JSON: expected a JSON value/],
    ['[1, 2', /^t\.json:1:6: error: invalid JSON: expected ',' or '\]' in a JSON array/],
    ['{"a" 1}', /^t\.json:1:6: error: invalid JSON: expected ':' in a JSON object/],
    ['{1: 2}', /^t\.json:1:2: error: invalid JSON: expected a string key/],
    ['{"a": "x\u0001"}', /^t\.json:1:9: error: invalid JSON: control character in a JSON string/],
    ['{"a": "\\ud800"}', /^t\.json:1:\d+: error: invalid JSON: unpaired surrogate/],
    ['{"a": "\\q"}', /^t\.json:1:\d+: error: invalid JSON: bad escape/],
    ['{"a": "open', /^t\.json:1:7: error: invalid JSON: unterminated JSON string/],
    ['{"a": tru}', /^t\.json:1:7: error: invalid JSON: expected a JSON value/],
    ['{} {}', /^t\.json:1:4: error: invalid JSON: text after the JSON value/],
    ['cluster:\n  nodes: 2\n', /^t\.json:1:1: error: invalid JSON: expected a JSON value/],
    ['['.repeat(100000), /^t\.json:1:258: error: invalid JSON: JSON nested too deeply/],
  ];
  for (const [json, want] of bad) {
    const got = addError(json);
    check(`bad JSON ${JSON.stringify(json.slice(0, 20))}`, got !== null && want.test(got), got);
  }
  // Valid JSON that is not a scenario: scenario.c's own errors, at the JSON's positions.
  const notScenario = addError('{\n "cluster": [1]\n}');
  check('a JSON value of the wrong kind', notScenario !== null && notScenario.includes('t.json:2:13: error: cluster must be a mapping'),
        notScenario);
  const empty = addError('  \n');
  check('an empty stream is a scenario error, not a crash', empty !== null && /^t\.json:/.test(empty), empty);

  // Every lab of the site, from its JSON form; the escapes decode to the YAML's text.
  const dir = 'content/labs';
  for (const name of fs.readdirSync(dir).sort()) {
    if (!name.endsWith('.yaml')) continue;
    const r = spawnSync(tool, [`${dir}/${name}`]);
    check(`${name} converts`, r.status === 0, r.stderr && r.stderr.toString());
    if (r.status !== 0) continue;
    const json = r.stdout.toString('utf8');
    check(`${name} is JSON`, (() => { try { JSON.parse(json); return true; } catch (e) { return false; } })());
    const err = addError(json);
    check(`${name} loads from JSON`, err === null, err);
  }
  // Escapes: the converter escapes, the reader decodes; a title with them reads back intact.
  // The first scenario with a lab section: `lab list` leaves example scenarios (no `lab:`) out.
  const first = fs.readdirSync(dir).filter((n) => n.endsWith('.yaml')).sort()
    .find((n) => /^lab:/m.test(fs.readFileSync(`${dir}/${n}`, 'utf8')));
  const conv = spawnSync(tool, [`${dir}/${first}`]);
  const data = JSON.parse(conv.stdout.toString('utf8'));
  if (typeof data.title === 'string') {
    data.title = 'Tab\there, quote " back\\slash, é, 𝄞';
    const escaped = JSON.stringify(data).replace(/é/g, '\\u00e9').replace(/𝄞/g, '\\ud834\\udd1e');
    host.resetCatalog();
    host.addLab('esc', escaped, 'esc.json');
    const s = host.open('', '');
    const list = host.execute(s, 'lab list').text;
    host.close(s);
    check('escapes decode to UTF-8', list.includes('Tab\there, quote " back\\slash, é, 𝄞'), list);
  } else {
    check('the first lab has a title', false);
  }
  process.stdout.write(`${passed} passed, ${failed} failed\n`);
  process.exit(failed ? 1 : 0);
}

main().catch((e) => { process.stderr.write(`test_doc_json.js: ${e.stack || e}\n`); process.exit(2); });
