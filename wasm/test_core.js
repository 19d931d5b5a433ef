#!/usr/bin/env node
/* test_core.js: the core module (what a lab page fetches on Start, wasm/README.md "Two
 * modules") holds every tool the labs lean on: each lab's worked solution, its fix checks (run
 * after every line of a lab with a fix) and the commands its hints name run on the core alone,
 * without asking for the full module. A lab whose solution needs a tool outside the core fails
 * here, naming the tool to add to core_tools in emulator/tools/tools.c.
 *
 * With --module (the full module): the stand-ins behave as the page needs: `help` (the list)
 * stays on the core; `help NAME` (the core holds no help text, EMU_HELP in command.h), Tab after
 * a left-out tool (its arguments completed from the model) and a scenario the core rejects move
 * to the full module (console.js's SplitHost) with the full module's answer.
 *
 * Usage: node wasm/test_core.js --core build/wasm/node/emu-core.js [--module build/wasm/node/emu.js]
 *                               --scenario-json TOOL LAB.yaml ...
 * (files without a `lab:` block are skipped). A lab whose worked solution has no command fails
 * (it would pass with nothing run). Prints one line per check, then `N passed, N failed`; exits 1
 * when any failed. */
'use strict';
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');
const { EmuHost, SplitHost } = require('./console.js');

function usage(message) {
  process.stderr.write(`test_core.js: ${message}\nusage: node wasm/test_core.js --core EMU-CORE.js ` +
    '--scenario-json TOOL LAB.yaml ...\n');
  process.exit(2);
}

/* The commands a hint names in backquotes that start like a command line (a word of letters). */
function hintCommands(hint) {
  const out = [];
  for (const m of String(hint).matchAll(/`([^`]+)`/g))
    if (/^[a-z][a-z0-9_.-]*( |$)/.test(m[1]) && !/[<>]|\.\.\./.test(m[1])) out.push(m[1]);
  return out;
}

async function main() {
  const args = process.argv.slice(2);
  let core = null, tool = null, fullPath = null;
  const files = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--core') core = args[++i];
    else if (args[i] === '--scenario-json') tool = args[++i];
    else if (args[i] === '--module') fullPath = args[++i];
    else if (args[i].startsWith('--')) usage(`unknown option ${args[i]}`);
    else files.push(args[i]);
  }
  if (!core || !tool || !files.length) usage('--core, --scenario-json and lab files are required');
  const load = async (file) => {
    const modulePath = path.resolve(file);
    return new EmuHost(await require(modulePath)({
      wasmBinary: fs.readFileSync(modulePath.replace(/\.js$/, '.wasm')),
      print: () => {}, printErr: (t) => process.stderr.write(t + '\n'),
    }));
  };
  const host = await load(core);
  const full = fullPath ? await load(fullPath) : null;
  const labs = [];
  for (const file of files) {
    const r = spawnSync(tool, [file], { maxBuffer: 64 << 20 });
    if (r.status !== 0) usage(`${tool} ${file} failed: ${r.stderr}`);
    const json = r.stdout.toString('utf8');
    const doc = JSON.parse(json);
    const id = path.basename(file).replace(/\.ya?ml$/, '');
    host.addLab(id, json, file);
    if (full) full.addLab(id, json, file);
    if (doc.lab) labs.push({ id, doc });
  }
  let passed = 0, failed = 0;
  for (const { id, doc } of labs) {
    const solution = (doc.lab.solution || []).map((s) => s.command);
    if (!solution.some((c) => typeof c === 'string' && c.trim())) {
      failed++;
      process.stdout.write(`FAIL ${id}: its solution has no command, so nothing of it runs on the core\n`);
      continue;
    }
    const lines = solution
      .concat(((doc.lab.fix || {}).check || []).map((c) => c.command))
      .concat((doc.lab.hints || []).flatMap(hintCommands));
    const session = host.open(id, '', 0);
    const needs = [];
    for (const line of lines) {
      const r = host.execute(session, line);
      if (r.flags & EmuHost.FLAG_NEEDS_FULL) needs.push(line);
    }
    host.close(session);
    if (needs.length) {
      failed++;
      process.stdout.write(`FAIL ${id}: needs the full module for ${needs.map((l) => `\`${l}\``).join(', ')}: ` +
        'add the tool to core_tools in emulator/tools/tools.c\n');
    } else {
      passed++;
      process.stdout.write(`ok ${id}: ${lines.length} commands of its solution, fix checks and hints on the core alone\n`);
    }
  }
  if (!labs.length) { process.stdout.write('no lab among the files\n'); process.exit(1); }
  if (full) {
    const lab = labs[0].id;
    const check = (name, ok, detail) => {
      if (ok) { passed++; process.stdout.write(`ok ${name}\n`); }
      else { failed++; process.stdout.write(`FAIL ${name}: ${detail}\n`); }
    };
    const s = host.open(lab, '', 0);
    const list = host.execute(s, 'help');
    const inCore = host.execute(s, 'help nvidia-smi');
    const left = host.execute(s, 'help dcgmi');
    check('help (the list) stays on the core; help NAME asks for the full module, which holds every help text',
          !(list.flags & EmuHost.FLAG_NEEDS_FULL) && /\n  nvidia-smi +NVIDIA/.test(list.text) &&
          (inCore.flags & EmuHost.FLAG_NEEDS_FULL) && (left.flags & EmuHost.FLAG_NEEDS_FULL),
          `${list.flags} ${inCore.flags} ${left.flags}`);
    host.close(s);
    const split = new SplitHost(host, () => full, { preferFull: false });
    const f = full.open(lab, '', 0);
    const want = [full.complete(f, 'ssh node01 ethtool '), full.execute(f, 'help dcgmi').text,
                  full.execute(f, 'help nvidia-smi').text, full.execute(f, 'nvidia-smi -h').text];
    full.close(f);
    const t1 = split.open(lab, '', 0);
    const got = await split.complete(t1, 'ssh node01 ethtool ');
    check('Tab after a left-out tool moves to the full module and completes as it does',
          split.moduleOf(t1) === 'full' && JSON.stringify(got) === JSON.stringify(want[0]) && got.length > 0,
          JSON.stringify(got));
    split.close(t1);
    const t2 = split.open(lab, '', 0);
    const help = await split.execute(t2, 'help dcgmi');
    check('help of a left-out tool moves to the full module and prints its help text',
          split.moduleOf(t2) === 'full' && help.text === want[1] && /^dcgmi: .*\nusage: dcgmi/.test(help.text),
          JSON.stringify(help.text.slice(0, 80)));
    split.close(t2);
    const t3 = split.open(lab, '', 0);
    const help3 = await split.execute(t3, 'help nvidia-smi');
    const h3 = await split.execute(t3, 'nvidia-smi -h');
    check('help of a core tool and nvidia-smi -h move to the full module and print its help text',
          split.moduleOf(t3) === 'full' && help3.text === want[2] && /^nvidia-smi: .*\nusage: nvidia-smi/.test(help3.text) &&
          h3.text === want[3] && /\nusage: nvidia-smi/.test(h3.text), JSON.stringify(help3.text.slice(0, 80)));
    split.close(t3);
    /* A scenario's errors: the core keeps the checks but not the texts (scenario.c); through
     * the split the full module names them, as the module alone does. */
    const bad = '{"title": "t", "summary": "s", "seed": "abc", "colour": "red"}';
    const errorOf = (f) => { try { f(); return null; } catch (e) { return e.message; } };
    const fullError = errorOf(() => full.addLab('bad', bad, 'bad.yaml'));
    const coreError = errorOf(() => host.addLab('bad', bad, 'bad.yaml'));
    let splitError = null;
    try { await new SplitHost(host, () => full).addLab('bad', bad, 'bad.yaml'); } catch (e) { splitError = e.message; }
    check('a scenario the core rejects is named by the full module through the split',
          /unknown key 'colour'/.test(fullError) && /must be an integer/.test(fullError) &&
          coreError !== null && !/colour/.test(coreError) && host.needsFull() && splitError === fullError,
          JSON.stringify([fullError, coreError, splitError]));
    /* The branches of core tools left to the full module (emulator/full_only.h): on the core the
     * last line of each asks for the full module, and through the split it prints what the full
     * module alone prints. */
    const fullOnly = [
      ['nvidia-smi dmon -c 1'], ['nvidia-smi -L'], ['nvidia-smi -q -i 0'], ['nvidia-smi -q -d ECC -i 0'],
      ['nvidia-smi --query-gpu=index,uuid --format=csv'], ['nvidia-smi nvlink'], ['nvidia-smi nvlink -c -i 0'],
      ['nvidia-smi topo -h'], ['sudo ipmitool mc info'], ['sudo ipmitool sel info'], ['sudo ipmitool sensor'],
      ['ipmitool -h'], ['all_reduce_perf -h'], ['all_reduce_perf -q'], ['mpirun --help'], ['ssh'],
      ['echo hi', 'echo !!'], ['echo node0{1..2}'], ['type ls'], ['cat -n train.log'], ['env'], ['export'], ['uptime -p'],
      /* /proc and /sys (train_log.c's world_file), modprobe name=value and -v (wasm.mk's WASM_CORE_DEFS
       * for modprobe.c, wasm/core_stub.c) */
      ['ls /proc'], ['head -3 /proc/meminfo'], ['ls /sys'], ['ls /proc/net'], ['cat /proc/net/bonding/bond0'], ['ls /sys/module/nvidia_peermem/parameters'],
      ['cat /sys/module/nvidia_peermem/parameters/peerdirect_support'],
      ['sudo modprobe -r nvidia_peermem', 'sudo modprobe nvidia_peermem peerdirect_support=2'],
      ['sudo modprobe -r nvidia_peermem', 'sudo modprobe -v nvidia_peermem'],
    ];
    for (const lines of fullOnly) {
      const last = lines[lines.length - 1];
      const c = host.open(lab, '', 0);
      for (const l of lines.slice(0, -1)) host.execute(c, l);
      const onCore = host.execute(c, last);
      host.close(c);
      const f = full.open(lab, '', 0);
      let want = null;
      for (const l of lines) want = full.execute(f, l).text;
      full.close(f);
      const t = split.open(lab, '', 0);
      let got = null;
      for (const l of lines) got = (await split.execute(t, l)).text;
      const moved = split.moduleOf(t) === 'full';
      split.close(t);
      check(`\`${lines.join('; ')}\` asks for the full module on the core and prints the full module's output`,
            (onCore.flags & EmuHost.FLAG_NEEDS_FULL) && moved && got === want && want.length > 0,
            JSON.stringify({ flags: onCore.flags, moved, got: String(got).slice(0, 60), want: String(want).slice(0, 60) }));
    }
  }
  process.stdout.write(`${passed} passed, ${failed} failed\n`);
  process.exit(failed ? 1 : 0);
}

main().catch((e) => { process.stderr.write(`test_core.js: ${e.stack || e}\n`); process.exit(2); });
