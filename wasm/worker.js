/* worker.js: the lab console's emulator core in a Web Worker, so that a long command line
 * never freezes the page, and Ctrl-C can stop it (console.js terminates this worker and starts
 * another). One worker per lab block. It loads the module (emu.js, emu.wasm) and the scenarios
 * (labs.json) from its own folder and answers console.js's requests in the order they come:
 *   {id, op: 'open', lab, seed, columns} -> {session, greeting, prompt, lab, info, module}
 *   {id, op: 'execute', session, line, warm} -> {text, flags, prompt, lab, panel, info, module}
 *   {id, op: 'replay', session, lines} -> {results: [{text, flags, prompt, panel, module}], prompt, lab, info, module}
 *   {id, op: 'complete', session, line} -> {candidates}
 *   {id, op: 'columns', session, columns} -> {} (the width the lab's text wraps at)
 *   {id, op: 'cost', params, figure}   -> {text}: the cost calculator's results as HTML (from
 *                                         emu-cost.wasm alone: no scenarios, no lab module)
 *   {id, op: 'close', session}         -> {}
 * as {id, result} or {id, error: message}. The first message of all, {id, op: 'init', module,
 * labs}, answers
 * {marks} once the module is ready: when each step of the start ended (ms since the epoch), for
 * the page's performance marks (wasm/bench_wasm.js reads them). module (a compiled
 * WebAssembly.Module) and labs (labs.json's data) are what the page loaded once for all its
 * consoles; without them the worker fetches emu.wasm and labs.json itself. EmuHost comes from
 * console.js, the same wrapper Node uses. The module is the CORE (emu.wasm); a line that runs a
 * tool only the full module holds makes the worker fetch emu-full.js and emu-full.wasm once and
 * move its session there (console.js's SplitHost; wasm/README.md, "Two modules"); module in the
 * answers says which one the session runs on ('core', 'full'). */
'use strict';
importScripts('console.js');

var ready = null;     /* the lab consoles' host (a SplitHost over the core module), loading */
var costReady = null; /* the cost calculator's host (the module of emu-cost.wasm), loading */
var marks = {}; /* when each step of the start ended, in ms since the epoch (timeOrigin based) */
function stamp(name) { marks[name] = performance.timeOrigin + performance.now(); }

function fetchOk(name) {
  return fetch(name, { credentials: 'same-origin' }).then(function (r) {
    if (!r.ok) throw new Error('could not load ' + r.url + ' (HTTP ' + r.status + ')');
    return r;
  });
}

/* Compiles NAME.wasm. A server that does not send application/wasm defeats compileStreaming:
 * fall back to compiling the bytes. */
function compileWasm(name) {
  function compileBytes() {
    return fetchOk(name).then(function (r) { return r.arrayBuffer(); })
      .then(function (bytes) { return WebAssembly.compile(bytes); });
  }
  return typeof WebAssembly.compileStreaming === 'function'
    ? WebAssembly.compileStreaming(fetch(name, { credentials: 'same-origin' })).catch(compileBytes)
    : compileBytes();
}

/* An EmuHost over a compiled module, made by the emscripten factory `factory`. */
function instantiate(factory, compiled) {
  return factory({
    instantiateWasm: function (imports, done) {
      WebAssembly.instantiate(compiled, imports).then(function (instance) { done(instance); });
      return {};
    },
    print: function () {}, printErr: function () {}
  }).then(function (module) { return new self.EmuHost(module); });
}

/* The full module (emu-full.js, emu-full.wasm), fetched the first time a line needs it. */
function loadFull() {
  stamp('emu-full-start');
  importScripts('emu-full.js');
  return compileWasm('emu-full.wasm').then(function (compiled) {
    return instantiate(self.createHandbookEmuFull, compiled);
  }).then(function (host) { stamp('emu-full-ready'); return host; });
}

function load(given) {
  stamp('emu-worker-start');
  var labsData = given.labs ? Promise.resolve(given.labs)
    : fetchOk('labs.json').then(function (r) { return r.json(); });
  var wasm = given.module ? Promise.resolve(given.module) : compileWasm('emu.wasm');
  importScripts('emu.js');
  return wasm.then(function (compiled) {
    stamp('emu-compiled');
    return instantiate(self.createHandbookEmu, compiled);
  }).then(function (core) {
    stamp('emu-instantiated');
    var host = new self.SplitHost(core, loadFull);
    return labsData.then(function (data) {
      /* a Promise only for a scenario the core rejects (the full module then says why) */
      return Promise.all(data.labs.map(function (lab) { return host.addLab(lab.id, lab.yaml, lab.path); }));
    }).then(function () {
      stamp('emu-catalog');
      return host;
    });
  });
}

/* The cost guide's calculator needs neither the scenarios nor the labs' module. */
function loadCost() {
  importScripts('emu-cost.js');
  return compileWasm('emu-cost.wasm').then(function (compiled) {
    return instantiate(self.createHandbookEmuCost, compiled);
  });
}

/* What line drew beside the console (the step timeline of `timeline`), '' when nothing. */
function panelOf(host, session, r) {
  return r.flags & self.EmuHost.FLAG_PANEL ? host.panel(session) : '';
}

/* What a line's result carries back to the console. */
function lineResult(host, session, r) {
  return { text: r.text, flags: r.flags, prompt: host.prompt(session), panel: panelOf(host, session, r),
           module: host.moduleOf(session) };
}

/* Answers one request: a value, or a Promise of one (a line that fetches the full module). */
function handle(host, msg) {
  switch (msg.op) {
  case 'open': {
    var session = host.open(msg.lab, msg.seed);
    if (msg.columns) host.setColumns(session, msg.columns);
    return { session: session, greeting: host.greeting(session), prompt: host.prompt(session),
             lab: host.lab(session), info: host.labInfo(session), module: host.moduleOf(session) };
  }
  case 'execute':
    /* warm: the console's warm-up, which must not fetch the full module */
    return host.execute(msg.session, msg.line, { coreOnly: !!msg.warm }).then(function (r) {
      var out = lineResult(host, msg.session, r);
      out.lab = host.lab(msg.session);
      out.info = host.labInfo(msg.session);
      return out;
    });
  case 'replay': {
    var results = [];
    var step = function (i) {
      if (i >= msg.lines.length) return null;
      return host.execute(msg.session, msg.lines[i]).then(function (one) {
        results.push(lineResult(host, msg.session, one));
        return one.flags & self.EmuHost.FLAG_EXIT ? null : step(i + 1);
      });
    };
    return Promise.resolve(step(0)).then(function () {
      return { results: results, prompt: host.prompt(msg.session), lab: host.lab(msg.session),
               info: host.labInfo(msg.session), module: host.moduleOf(msg.session) };
    });
  }
  case 'complete':
    return host.complete(msg.session, msg.line).then(function (candidates) {
      return { candidates: candidates };
    });
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

/* Requests are answered one after another, in the order they came, even while one waits for
 * the full module to arrive. */
var queue = Promise.resolve();
self.onmessage = function (e) {
  var msg = e.data;
  queue = queue.then(function () {
    if (msg.op === 'cost') { /* the cost guide's calculator (templates/assets/cost.js) */
      if (!costReady) costReady = loadCost();
      return costReady.then(function (host) { return { text: host.cost(msg.params, msg.figure) }; });
    }
    if (!ready) ready = load(msg.op === 'init' ? msg : {});
    return ready.then(function (host) { return msg.op === 'init' ? { marks: marks } : handle(host, msg); });
  }).then(function (result) {
    self.postMessage({ id: msg.id, result: result });
  }, function (err) {
    self.postMessage({ id: msg.id, error: String(err && err.message || err) });
  });
};
