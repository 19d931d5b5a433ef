/* worker.js: the lab console's emulator core in a Web Worker, so that a long command line
 * never freezes the page, and Ctrl-C can stop it (console.js terminates this worker and starts
 * another). One worker per lab block. It loads the module (emu.js, emu.wasm) and the scenarios
 * (labs.json) from its own folder and answers console.js's requests in the order they come:
 *   {id, op: 'open', lab, seed, columns} -> {session, greeting, prompt, lab, info}
 *   {id, op: 'execute', session, line} -> {text, flags, prompt, lab, panel, info}
 *   {id, op: 'replay', session, lines} -> {results: [{text, flags, prompt, panel}], prompt, lab, info}
 *   {id, op: 'complete', session, line} -> {candidates}
 *   {id, op: 'columns', session, columns} -> {} (the width the lab's text wraps at)
 *   {id, op: 'cost', params, figure}   -> {text}: the cost calculator's results as HTML
 *   {id, op: 'close', session}         -> {}
 * as {id, result} or {id, error: message}. The first message of all, {id, op: 'init', module,
 * labs}, answers
 * {marks} once the module is ready: when each step of the start ended (ms since the epoch), for
 * the page's performance marks (wasm/bench_wasm.js reads them). module (a compiled
 * WebAssembly.Module) and labs (labs.json's data) are what the page loaded once for all its
 * consoles; without them the worker fetches emu.wasm and labs.json itself. EmuHost comes from
 * console.js, the same wrapper Node uses. */
'use strict';
importScripts('console.js', 'emu.js');

var ready = null;
var marks = {}; /* when each step of the start ended, in ms since the epoch (timeOrigin based) */
function stamp(name) { marks[name] = performance.timeOrigin + performance.now(); }

function load(given) {
  stamp('emu-worker-start');
  var labsData = given.labs ? Promise.resolve(given.labs)
    : fetch('labs.json', { credentials: 'same-origin' }).then(function (r) {
      if (!r.ok) throw new Error('could not load ' + r.url + ' (HTTP ' + r.status + ')');
      return r.json();
    });
  /* A server that does not send application/wasm defeats compileStreaming: fall back to
   * compiling the bytes. */
  function compileBytes() {
    return fetch('emu.wasm', { credentials: 'same-origin' }).then(function (r) {
      if (!r.ok) throw new Error('could not load ' + r.url + ' (HTTP ' + r.status + ')');
      return r.arrayBuffer();
    }).then(function (bytes) { return WebAssembly.compile(bytes); });
  }
  var wasm = given.module ? Promise.resolve(given.module)
    : typeof WebAssembly.compileStreaming === 'function'
    ? WebAssembly.compileStreaming(fetch('emu.wasm', { credentials: 'same-origin' })).catch(compileBytes)
    : compileBytes();
  return wasm.then(function (compiled) {
    stamp('emu-compiled');
    return self.createHandbookEmu({
      instantiateWasm: function (imports, done) {
        WebAssembly.instantiate(compiled, imports).then(function (instance) { done(instance); });
        return {};
      },
      print: function () {}, printErr: function () {}
    });
  }).then(function (module) {
    stamp('emu-instantiated');
    var host = new self.EmuHost(module);
    return labsData.then(function (data) {
      data.labs.forEach(function (lab) { host.addLab(lab.id, lab.yaml, lab.path); });
      stamp('emu-catalog');
      return host;
    });
  });
}

/* What line drew beside the console (the step timeline of `timeline`), '' when nothing. */
function panelOf(host, session, r) {
  return r.flags & self.EmuHost.FLAG_PANEL ? host.panel(session) : '';
}

function handle(host, msg) {
  switch (msg.op) {
  case 'open': {
    var session = host.open(msg.lab, msg.seed);
    if (msg.columns) host.setColumns(session, msg.columns);
    return { session: session, greeting: host.greeting(session), prompt: host.prompt(session),
             lab: host.lab(session), info: host.labInfo(session) };
  }
  case 'execute': {
    var r = host.execute(msg.session, msg.line);
    return { text: r.text, flags: r.flags, prompt: host.prompt(msg.session), lab: host.lab(msg.session),
             panel: panelOf(host, msg.session, r), info: host.labInfo(msg.session) };
  }
  case 'replay': {
    var results = [];
    for (var i = 0; i < msg.lines.length; i++) {
      var one = host.execute(msg.session, msg.lines[i]);
      results.push({ text: one.text, flags: one.flags, prompt: host.prompt(msg.session),
                     panel: panelOf(host, msg.session, one) });
      if (one.flags & self.EmuHost.FLAG_EXIT) break;
    }
    return { results: results, prompt: host.prompt(msg.session), lab: host.lab(msg.session),
             info: host.labInfo(msg.session) };
  }
  case 'complete':
    return { candidates: host.complete(msg.session, msg.line) };
  case 'cost': /* the cost guide's calculator (templates/assets/cost.js) */
    return { text: host.cost(msg.params, msg.figure) };
  case 'columns':
    host.setColumns(msg.session, msg.columns);
    return {};
  case 'close':
    host.close(msg.session);
    return {};
  default:
    throw new Error('unknown request ' + msg.op);
  }
}

self.onmessage = function (e) {
  var msg = e.data;
  if (!ready) ready = load(msg.op === 'init' ? msg : {});
  ready.then(function (host) {
    var result = msg.op === 'init' ? { marks: marks } : handle(host, msg);
    self.postMessage({ id: msg.id, result: result });
  }).catch(function (err) {
    self.postMessage({ id: msg.id, error: String(err && err.message || err) });
  });
};
