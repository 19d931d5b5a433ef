#!/usr/bin/env node
/* replay.js: replays golden transcripts (tests/emulator/transcripts/*.t) through the Node build
 * of the WebAssembly module and checks that the output is byte-identical to the file, and, with
 * --native, to what the native CLI (`handbook emu`) prints for the same input lines.
 *
 * Usage: node wasm/replay.js --module build/wasm/node/emu.js --scenario-json build/wasm/scenario_json
 *                            [--core build/wasm/node/emu-core.js] [--content content]
 *                            [--native build/asan/handbook] FILE.t ...
 * --core: every transcript starts on the core module (what a lab page fetches on Start) and
 * moves to the full module (--module) the way the page's worker does (console.js's SplitHost:
 * the session's earlier inputs replayed there) at its first line that needs it; the bytes must
 * be the same. Prints how many transcripts moved, and after how many lines.
 * The module reads scenarios as JSON (wasm/doc_json.c), as the page gets them from labs.json:
 * --scenario-json names the native converter that writes labs.json's form of a YAML file.
 * A transcript file: header lines `# lab: ID` or `# scenario: FILE`, optionally `# seed: N`,
 * `# columns: N`, `# content: DIR` and `# healthy: yes` (the CLI's options), then what the CLI
 * prints in transcript mode: the greeting, then for each input line `$ LINE` and its output. The input
 * lines are the lines that start with `$ ` (the same rule as the native runner). NAME.panel.html
 * beside NAME.t: the last drawing a line put beside the console must equal it (as --panel).
 * Prints one line per failing file with the first differing line, then `N passed, N failed`;
 * exits 1 when any failed, 2 on a usage error. */
'use strict';
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');
const { EmuHost, SplitHost } = require('./console.js');

function usage(message) {
  process.stderr.write(`replay.js: ${message}\nusage: node wasm/replay.js --module EMU.js ` +
    '--scenario-json TOOL [--content DIR] [--native HANDBOOK] FILE.t ...\n');
  process.exit(2);
}

function parseArgs(argv) {
  const opts = { content: 'content', files: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--module' || a === '--content' || a === '--native' || a === '--scenario-json' ||
        a === '--core') {
      if (i + 1 >= argv.length) usage(`${a} needs a value`);
      opts[a.slice(2).replace('-j', 'J')] = argv[++i];
    } else if (a.startsWith('--')) {
      usage(`unknown option ${a}`);
    } else {
      opts.files.push(a);
    }
  }
  if (!opts.module) usage('--module is required');
  if (!opts.scenarioJson) usage('--scenario-json is required');
  if (!opts.files.length) usage('no transcript files given');
  return opts;
}

/* Splits a .t file into its header (lab, scenario, seed, content: the CLI's options) and body
 * (everything after the header lines, as the CLI prints it). */
function parseTranscript(text) {
  const header = {};
  let rest = text;
  for (;;) {
    const m = /^# (lab|scenario|seed|columns|content|healthy): (.*)\n/.exec(rest);
    if (!m) break;
    header[m[1]] = m[2];
    rest = rest.slice(m[0].length);
  }
  const inputs = [];
  for (const line of rest.split('\n'))
    if (line.startsWith('$ ')) inputs.push(line.slice(2));
  return { header, headerBytes: Buffer.byteLength(text.slice(0, text.length - rest.length)), inputs };
}

/* A scenario file's JSON form, as labs.json carries it (converted once per file and run). */
const scenarioJsonCache = new Map();
function scenarioJson(tool, file) {
  if (!scenarioJsonCache.has(file)) {
    const r = spawnSync(tool, [file], { maxBuffer: 64 << 20 });
    if (r.error) throw r.error;
    if (r.status !== 0) throw new Error(`${tool} ${file} exited ${r.status}: ${r.stderr}`);
    scenarioJsonCache.set(file, r.stdout.toString('utf8'));
  }
  return scenarioJsonCache.get(file);
}

/* Loads the catalog the CLI would: the one scenario file, or every labs/*.yaml of the content
 * folder in name order. Returns the lab id to open ('' for none). */
function loadCatalog(host, header, defaultContent, tool) {
  host.resetCatalog();
  if (header.scenario) {
    const file = header.scenario;
    const id = path.basename(file).replace(/\.ya?ml$/, '');
    host.addLab(id, scenarioJson(tool, file), file);
    return id;
  }
  const dir = `${header.content || defaultContent}/labs`;
  for (const name of fs.readdirSync(dir).sort()) {
    if (!name.endsWith('.yaml') || name.startsWith('.')) continue;
    host.addLab(name.slice(0, -5), scenarioJson(tool, `${dir}/${name}`), `${dir}/${name}`);
  }
  return header.lab || '';
}

/* The transcript the CLI prints: greeting, then `$ LINE` and the output of each line. A line
 * that ends the session (exit at the top-level shell) ends the transcript, as in the CLI.
 * host: an EmuHost, or a SplitHost (its lines are Promises). moved: the number of lines run
 * before the session moved to the full module, or -1. */
async function runWasm(host, lab, seed, healthy, columns, inputs) {
  const session = host.open(lab, seed, healthy ? EmuHost.OPEN_HEALTHY : 0);
  if (columns) host.setColumns(session, Number(columns));
  const parts = [Buffer.from(host.greetingBytes(session))];
  let panel = null; /* the last drawing beside the console */
  let moved = -1;
  for (let i = 0; i < inputs.length; i++) {
    const line = inputs[i];
    const r = await host.executeBytes(session, line);
    if (moved < 0 && host.moduleOf && host.moduleOf(session) === 'full') moved = i;
    parts.push(Buffer.from(`$ ${line}\n`, 'utf8'), Buffer.from(r.bytes));
    if (r.flags & EmuHost.FLAG_PANEL) panel = host.panel(session);
    if (r.flags & EmuHost.FLAG_EXIT) break;
  }
  host.close(session);
  return { text: Buffer.concat(parts), panel, moved };
}

async function loadModule(file) {
  const modulePath = path.resolve(file);
  const factory = require(modulePath);
  return new EmuHost(await factory({
    wasmBinary: fs.readFileSync(modulePath.replace(/\.js$/, '.wasm')),
    print: () => {}, printErr: (t) => process.stderr.write(t + '\n'),
  }));
}

function runNative(handbook, header, inputs) {
  const args = ['emu'];
  for (const key of ['lab', 'scenario', 'seed', 'columns', 'content'])
    if (header[key] !== undefined) args.push(`--${key}`, header[key]);
  if (header.healthy === 'yes') args.push('--healthy');
  const r = spawnSync(handbook, args, { input: inputs.map((l) => l + '\n').join(''),
                                        maxBuffer: 64 << 20 });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`${handbook} ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return r.stdout;
}

function firstDifference(a, b) {
  const la = a.toString('utf8').split('\n'), lb = b.toString('utf8').split('\n');
  for (let i = 0; i < Math.max(la.length, lb.length); i++)
    if (la[i] !== lb[i])
      return `line ${i + 1}: expected ${JSON.stringify(la[i])}, got ${JSON.stringify(lb[i])}`;
  return 'no line differs (bytes do)';
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const full = await loadModule(opts.module);
  let host = full;
  let fullLoads = 0;
  if (opts.core) {
    host = new SplitHost(await loadModule(opts.core), () => { fullLoads++; return full; },
                         { preferFull: false });
  }
  const moves = [];
  let passed = 0, failed = 0;
  for (const file of opts.files) {
    const raw = fs.readFileSync(file);
    const t = parseTranscript(raw.toString('utf8'));
    const body = raw.subarray(t.headerBytes);
    const problems = [];
    let got;
    const base = file.replace(/\.t$/, '');
    if (fs.existsSync(`${base}.in`) || fs.existsSync(`${base}.in.sh`)) {
      process.stdout.write(`FAIL ${file}: raw-byte inputs (.in, .in.sh) belong in transcripts/native/\n`);
      failed++;
      continue;
    }
    try {
      const lab = loadCatalog(host, t.header, opts.content, opts.scenarioJson);
      const run = await runWasm(host, lab, t.header.seed || '', t.header.healthy === 'yes',
                                t.header.columns, t.inputs);
      got = run.text;
      if (run.moved >= 0) moves.push(`${path.basename(file)}@${run.moved + 1}`);
      if (fs.existsSync(`${base}.panel.html`) &&
          fs.readFileSync(`${base}.panel.html`, 'utf8') !== run.panel)
        problems.push(`the panel differs from ${base}.panel.html`);
      if (!got.equals(body)) problems.push(`wasm differs from the file: ${firstDifference(body, got)}`);
      if (opts.native) {
        const native = runNative(opts.native, t.header, t.inputs);
        if (!native.equals(got)) problems.push(`wasm differs from native: ${firstDifference(native, got)}`);
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
  if (opts.core)
    process.stdout.write(`core module: ${opts.files.length - moves.length} transcripts ran on it alone; ` +
      `${moves.length} moved to the full module (loaded ${fullLoads} time${fullLoads === 1 ? '' : 's'}) ` +
      `at their line: ${moves.join(' ') || 'none'}\n`);
  process.stdout.write(`${passed} passed, ${failed} failed\n`);
  process.exit(failed ? 1 : 0);
}

main().catch((e) => { process.stderr.write(`replay.js: ${e.stack || e}\n`); process.exit(2); });
