#!/usr/bin/env node
/* replay.js: replays golden transcripts (tests/emulator/transcripts/*.t) through the Node build
 * of the WebAssembly module and checks that the output is byte-identical to the file, and, with
 * --native, to what the native CLI (`handbook emu`) prints for the same input lines.
 *
 * Usage: node wasm/replay.js --module build/wasm/node/emu.js [--labs content/labs]
 *                            [--native build/asan/handbook] FILE.t ...
 * A transcript file: a header line `# lab: ID`, optionally `# seed: N`, then what the CLI prints
 * in transcript mode: the greeting, then for each input line `$ LINE` and its output. The input
 * lines are the lines that start with `$ ` (the same rule as the native runner).
 * Prints one line per failing file with the first differing line, then `N passed, N failed`;
 * exits 1 when any failed, 2 on a usage error. */
'use strict';
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');
const { EmuHost } = require('./console.js');

function usage(message) {
  process.stderr.write(`replay.js: ${message}\nusage: node wasm/replay.js --module EMU.js ` +
    '[--labs DIR] [--native HANDBOOK] FILE.t ...\n');
  process.exit(2);
}

function parseArgs(argv) {
  const opts = { labs: 'content/labs', files: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--module' || a === '--labs' || a === '--native') {
      if (i + 1 >= argv.length) usage(`${a} needs a value`);
      opts[a.slice(2)] = argv[++i];
    } else if (a.startsWith('--')) {
      usage(`unknown option ${a}`);
    } else {
      opts.files.push(a);
    }
  }
  if (!opts.module) usage('--module is required');
  if (!opts.files.length) usage('no transcript files given');
  return opts;
}

/* Splits a .t file into its header fields and body (everything after the header lines). */
function parseTranscript(text) {
  const header = {};
  let rest = text;
  for (;;) {
    const m = /^# (lab|seed): ?(.*)\n/.exec(rest);
    if (!m) break;
    header[m[1]] = m[2].trim();
    rest = rest.slice(m[0].length);
  }
  const inputs = [];
  for (const line of rest.split('\n'))
    if (line.startsWith('$ ')) inputs.push(line.slice(2));
  return { lab: header.lab || '', seed: header.seed || '', body: rest, inputs };
}

/* The transcript the CLI prints: greeting, then `$ LINE` and the output of each line. A line
 * that ends the session (exit at the top-level shell) ends the transcript, as in the CLI. */
function runWasm(host, lab, seed, inputs) {
  const session = host.open(lab, seed);
  let out = host.greeting(session);
  for (const line of inputs) {
    const r = host.execute(session, line);
    out += `$ ${line}\n${r.text}`;
    if (r.flags & EmuHost.FLAG_EXIT) break;
  }
  host.close(session);
  return out;
}

function runNative(handbook, labsDir, lab, seed, inputs) {
  const args = ['emu', '--content', path.dirname(labsDir), '--lab', lab];
  if (seed) args.push('--seed', seed);
  const r = spawnSync(handbook, args, { input: inputs.map((l) => l + '\n').join(''),
                                        maxBuffer: 64 << 20 });
  if (r.error) throw r.error;
  return r.stdout.toString('utf8');
}

function firstDifference(a, b) {
  const la = a.split('\n'), lb = b.split('\n');
  for (let i = 0; i < Math.max(la.length, lb.length); i++)
    if (la[i] !== lb[i])
      return `line ${i + 1}: expected ${JSON.stringify(la[i])}, got ${JSON.stringify(lb[i])}`;
  return 'no line differs (bytes do)';
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const modulePath = path.resolve(opts.module);
  const createHandbookEmu = require(modulePath);
  const module = await createHandbookEmu({
    wasmBinary: fs.readFileSync(modulePath.replace(/\.js$/, '.wasm')),
    print: () => {}, printErr: (t) => process.stderr.write(t + '\n'),
  });
  const host = new EmuHost(module);
  for (const name of fs.readdirSync(opts.labs).sort()) {
    if (!name.endsWith('.yaml')) continue;
    const file = path.join(opts.labs, name);
    host.addLab(name.slice(0, -5), fs.readFileSync(file, 'utf8'), file);
  }
  let passed = 0, failed = 0;
  for (const file of opts.files) {
    const t = parseTranscript(fs.readFileSync(file, 'utf8'));
    const problems = [];
    let got;
    try {
      got = runWasm(host, t.lab, t.seed, t.inputs);
      if (got !== t.body) problems.push(`wasm differs from the file: ${firstDifference(t.body, got)}`);
      if (opts.native) {
        const native = runNative(opts.native, opts.labs, t.lab, t.seed, t.inputs);
        if (native !== got) problems.push(`wasm differs from native: ${firstDifference(native, got)}`);
      }
    } catch (e) {
      problems.push(`error: ${e.message}`);
    }
    if (problems.length) {
      failed++;
      for (const p of problems) process.stdout.write(`FAIL ${file}: ${p}\n`);
    } else {
      passed++;
    }
  }
  process.stdout.write(`${passed} passed, ${failed} failed\n`);
  process.exit(failed ? 1 : 0);
}

main().catch((e) => { process.stderr.write(`replay.js: ${e.stack || e}\n`); process.exit(2); });
