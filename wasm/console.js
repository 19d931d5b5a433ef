/* console.js: the page-side lab console. On every page it marks solved labs in the navigation
 * and on the landing page; on a page with a lab block (rendered by generator/transform_lab.c) it
 * shows a Start button that loads the emulator's WebAssembly module (only then: nothing extra on
 * page load) and runs the lab in a plain-DOM console: output in a <pre role="log">, input in a
 * labelled native <input>. Progress (solved labs, the commands of unfinished ones) lives in
 * localStorage. The module wrapper (EmuHost) is exported for Node too (wasm/replay.js). */
(function (root) {
  'use strict';

  /* ---- EmuHost: the emulator module behind plain JavaScript calls ------------------------- */

  var FLAG_CLEAR = 1, FLAG_EXIT = 2, FLAG_SOLVED = 4, FLAG_STOPPED = 16, FLAG_PANEL = 32, FLAG_NEEDS_FULL = 64; /* EMU_RESULT_* of emu.h */
  var encoder = new TextEncoder();
  var decoder = new TextDecoder('utf-8');

  /* Wraps an instantiated module (createHandbookEmu()). Strings go in as UTF-8 copied into
   * malloc'd memory (freed after each call) and come out decoded from module memory. */
  function EmuHost(module) {
    this.m = module;
  }
  EmuHost.prototype._in = function (text) {
    var bytes = encoder.encode(text);
    var ptr = this.m._malloc(bytes.length + 1);
    if (!ptr) throw new Error('emulator: out of memory');
    this.m.HEAPU8.set(bytes, ptr);
    this.m.HEAPU8[ptr + bytes.length] = 0;
    return { ptr: ptr, len: bytes.length };
  };
  EmuHost.prototype._out = function (ptr, len) {
    var heap = this.m.HEAPU8; /* re-read: memory growth replaces the view */
    if (!ptr) return '';
    if (len === undefined) len = heap.indexOf(0, ptr) - ptr;
    return decoder.decode(heap.subarray(ptr, ptr + len));
  };
  EmuHost.prototype._call = function (fn, texts) {
    var args = [], i;
    for (i = 0; i < texts.length; i++) args.push(this._in(texts[i]));
    try {
      return fn(args);
    } finally {
      for (i = 0; i < args.length; i++) this.m._free(args[i].ptr);
    }
  };
  /* Adds a lab scenario; throws an Error with the scenario's errors (path:line:col: ...). */
  EmuHost.prototype.addLab = function (id, yaml, path) {
    var m = this.m, self = this;
    var rc = this._call(function (a) {
      return m._emw_catalog_add(a[0].ptr, a[1].ptr, a[1].len, a[2].ptr);
    }, [id, yaml, path || id + '.yaml']);
    if (rc !== 0) throw new Error(self._out(m._emw_error()));
  };
  /* Empties the catalog (every session must be closed first). */
  EmuHost.prototype.resetCatalog = function () { this.m._emw_catalog_reset(); };
  /* Opens a session on lab `labId` ('' for none) with `seed` (decimal string, '' = the
   * scenario's own), options EMU_OPEN_* (1: the lab without its faults). Returns the session
   * handle; throws when the lab is unknown. */
  EmuHost.prototype.open = function (labId, seed, options) {
    var m = this.m;
    var session = this._call(function (a) { return m._emw_open_ex(a[0].ptr, a[1].ptr, options | 0); },
                             [labId || '', seed || '']);
    if (!session) throw new Error(this._out(m._emw_error()));
    return session;
  };
  /* The HTML the last line drew for the panel beside the console (FLAG_PANEL), '' when none. */
  EmuHost.prototype.panel = function (session) { return this._out(this.m._emw_panel(session)); };

  /* The cost guide's calculator (emw_cost): params are "key=value" lines; returns the results
   * as HTML (their figure's id `id`). Throws an Error with the reason for bad input. */
  EmuHost.prototype.cost = function (params, id) {
    var m = this.m, self = this;
    return this._call(function (a) {
      var ptr = m._emw_cost(a[0].ptr, a[0].len, a[1].ptr);
      if (!ptr) throw new Error(self._out(m._emw_cost_error()));
      return self._out(ptr);
    }, [params, id || 'cost']);
  };

  EmuHost.prototype.greeting = function (session) { return this._out(this.m._emw_greeting(session)); };
  EmuHost.prototype.prompt = function (session) { return this._out(this.m._emw_prompt(session)); };
  /* Runs one line; returns {text, flags}. */
  EmuHost.prototype.execute = function (session, line) {
    var m = this.m, self = this;
    return this._call(function (a) {
      var ptr = m._emw_execute(session, a[0].ptr, a[0].len);
      return { text: self._out(ptr, m._emw_result_len()), flags: m._emw_result_flags() };
    }, [line]);
  };
  /* Runs one line; returns {bytes, flags} with the output's exact bytes (a copy), for hosts
   * that compare outputs byte for byte (wasm/replay.js). */
  EmuHost.prototype.executeBytes = function (session, line) {
    var m = this.m;
    return this._call(function (a) {
      var ptr = m._emw_execute(session, a[0].ptr, a[0].len);
      return { bytes: m.HEAPU8.slice(ptr, ptr + m._emw_result_len()), flags: m._emw_result_flags() };
    }, [line]);
  };
  /* The greeting's exact bytes (a copy). */
  EmuHost.prototype.greetingBytes = function (session) {
    var heap = this.m.HEAPU8, ptr = this.m._emw_greeting(session);
    return heap.slice(ptr, heap.indexOf(0, ptr));
  };
  /* Completion candidates for `line` (cursor at its end), each a whole replacement of the last
   * word; [] when none. */
  EmuHost.prototype.complete = function (session, line) {
    var m = this.m, self = this;
    var text = this._call(function (a) {
      return self._out(m._emw_complete(session, a[0].ptr, a[0].len));
    }, [line]);
    return text.split('\n').filter(function (s) { return s.length > 0; });
  };
  /* The session's current lab id ('' when none); it changes with `lab start ID`. */
  EmuHost.prototype.lab = function (session) { return this._out(this.m._emw_lab(session)); };
  /* The current lab's title, goal and progress (emu.h's emu_session_lab_info), parsed. */
  EmuHost.prototype.labInfo = function (session) {
    return JSON.parse(this._out(this.m._emw_lab_info(session)));
  };
  /* The console's width in columns: the lab's text wraps at it (emu_session_set_columns). */
  EmuHost.prototype.setColumns = function (session, columns) { this.m._emw_set_columns(session, columns | 0); };
  EmuHost.prototype.close = function (session) { this.m._emw_close(session); };
  /* Whether the last complete() reached a tool whose code only the full module holds, or the
   * last addLab() that threw has its errors' texts in the full module only (the core module
   * only; always false in the full one). */
  EmuHost.prototype.needsFull = function () {
    return typeof this.m._emw_needs_full === 'function' && this.m._emw_needs_full() !== 0;
  };
  EmuHost.FLAG_CLEAR = FLAG_CLEAR;
  EmuHost.FLAG_EXIT = FLAG_EXIT;
  EmuHost.FLAG_SOLVED = FLAG_SOLVED;
  EmuHost.FLAG_STOPPED = FLAG_STOPPED;
  EmuHost.FLAG_PANEL = FLAG_PANEL;
  EmuHost.FLAG_NEEDS_FULL = FLAG_NEEDS_FULL;
  EmuHost.OPEN_HEALTHY = 1;

  /* ---- SplitHost: the core module first, the full module from the first line that needs it --
   * (wasm/README.md, "Two modules"). core: an EmuHost over the core module (emu.wasm);
   * loadFull(): a Promise of an EmuHost over the full module (emu-full.wasm), called once, on
   * the first line (or completion) whose tool only the full module holds. The session then
   * moves: the full module opens the same lab with the same seed and options, the session's
   * earlier inputs (every line and every width set, in their order) run again there without
   * output, the line runs there, and the session stays on the full module. The emulator is
   * deterministic (emulator/model/rng.c: hashes of seed, clock and key), so the full module
   * arrives in the very state the core had, and what the core printed for the line that needed
   * the full module is dropped. Session ids are this host's own numbers. opts.preferFull (default
   * true): sessions opened after the full module came open on it (a test sets false, so that
   * every session starts on the core). The same calls as EmuHost, except that execute,
   * executeBytes and complete return Promises. */
  function SplitHost(core, loadFull, opts) {
    this.core = core;
    this.loadFull = loadFull;
    this.preferFull = !(opts && opts.preferFull === false);
    this.full = null;
    this.fullLoad = null;
    this.labs = []; /* [id, yaml, path] of the catalog, for the full module's */
    this.sessions = {};
    this.next = 1;
    this.moves = 0; /* sessions moved to the full module */
  }
  /* Adds a lab to both catalogs. The core names a scenario's errors by place only (it is handed
   * only scenarios the build checked): then the full module is loaded to say what they are, and
   * the result is a Promise that rejects with its Error, the same as the full module's alone;
   * otherwise nothing is returned. */
  SplitHost.prototype.addLab = function (id, yaml, path) {
    try {
      this.core.addLab(id, yaml, path);
    } catch (e) {
      if (!this.core.needsFull()) throw e;
      return this._loadFull().then(function (full) { full.addLab(id, yaml, path); throw e; });
    }
    if (this.full) this.full.addLab(id, yaml, path);
    this.labs.push([id, yaml, path]);
  };
  SplitHost.prototype.resetCatalog = function () {
    this.core.resetCatalog();
    if (this.full) this.full.resetCatalog();
    this.labs = [];
  };
  SplitHost.prototype.open = function (labId, seed, options) {
    var host = this.preferFull && this.full ? this.full : this.core;
    var handle = host.open(labId, seed, options);
    var id = this.next++;
    this.sessions[id] = { host: host, handle: handle, lab: labId || '', seed: seed || '',
                          options: options | 0, inputs: [] };
    return id;
  };
  SplitHost.prototype._s = function (id) {
    var s = this.sessions[id];
    if (!s) throw new Error('emulator: no session ' + id);
    return s;
  };
  /* Which module session id runs on: 'core' or 'full'. */
  SplitHost.prototype.moduleOf = function (id) { return this._s(id).host === this.core ? 'core' : 'full'; };
  ['greeting', 'greetingBytes', 'prompt', 'lab', 'labInfo', 'panel'].forEach(function (name) {
    SplitHost.prototype[name] = function (id) { var s = this._s(id); return s.host[name](s.handle); };
  });
  SplitHost.prototype.setColumns = function (id, columns) {
    var s = this._s(id);
    s.host.setColumns(s.handle, columns);
    s.inputs.push({ columns: columns });
  };
  SplitHost.prototype.close = function (id) {
    var s = this._s(id);
    s.host.close(s.handle);
    delete this.sessions[id];
  };
  /* The full module, loaded once, with the catalog the core has. */
  SplitHost.prototype._loadFull = function () {
    var self = this;
    if (!this.fullLoad) {
      this.fullLoad = Promise.resolve().then(function () { return self.loadFull(); }).then(function (full) {
        self.labs.forEach(function (l) { full.addLab(l[0], l[1], l[2]); });
        self.full = full;
        return full;
      });
      this.fullLoad.catch(function () { self.fullLoad = null; }); /* a failed fetch may be retried */
    }
    return this.fullLoad;
  };
  /* Moves session s to the full module: the same lab, seed and options, its inputs again. */
  SplitHost.prototype._move = function (s) {
    var self = this;
    if (s.diverged) return Promise.reject(new Error('emulator: this session ran a core-only line'));
    return this._loadFull().then(function (full) {
      if (s.host === full) return;
      var handle = full.open(s.lab, s.seed, s.options);
      for (var i = 0; i < s.inputs.length; i++) {
        var input = s.inputs[i];
        if (input.line !== undefined) full.executeBytes(handle, input.line);
        else full.setColumns(handle, input.columns);
      }
      s.host.close(s.handle);
      s.host = full;
      s.handle = handle;
      self.moves++;
    });
  };
  /* Runs one line (method: 'execute' or 'executeBytes'). opts.coreOnly: never load the full
   * module, return the core's result with FLAG_NEEDS_FULL (the console's warm-up, whose
   * throwaway session must not fetch it). */
  SplitHost.prototype._line = function (method, id, line, opts) {
    var s = this._s(id);
    var r = s.host[method](s.handle, line);
    if (!(r.flags & FLAG_NEEDS_FULL) || (opts && opts.coreOnly)) {
      if (r.flags & FLAG_NEEDS_FULL) s.diverged = true; /* the core ran what the full would not */
      s.inputs.push({ line: line });
      return Promise.resolve(r);
    }
    return this._move(s).then(function () {
      var again = s.host[method](s.handle, line);
      s.inputs.push({ line: line });
      return again;
    });
  };
  SplitHost.prototype.execute = function (id, line, opts) { return this._line('execute', id, line, opts); };
  SplitHost.prototype.executeBytes = function (id, line, opts) { return this._line('executeBytes', id, line, opts); };
  SplitHost.prototype.complete = function (id, line) {
    var s = this._s(id);
    var candidates = s.host.complete(s.handle, line);
    if (!s.host.needsFull()) return Promise.resolve(candidates);
    return this._move(s).then(function () { return s.host.complete(s.handle, line); });
  };

  if (typeof module === 'object' && module.exports) module.exports = { EmuHost: EmuHost, SplitHost: SplitHost };
  else { root.EmuHost = EmuHost; root.SplitHost = SplitHost; } /* for wasm/worker.js, which loads this file */
  if (typeof document === 'undefined') return; /* Node and the worker: the host only */

  /* ---- progress in localStorage ------------------------------------------------------------ */

  var STORE_KEY = 'handbook-labs';
  /* A run is kept whole up to these bounds (localStorage holds about 5 MB a site); past them the
   * later commands are not kept, and the console says so instead of cutting silently. */
  var MAX_STORED_LINES = 2000, MAX_STORED_LINE_CHARS = 2000, MAX_STORED_CHARS = 200000;
  var NOT_KEPT_NOTE = '[This session is longer than this browser keeps: from here on, commands ' +
      'are not replayed after a reload.]\n';

  function loadStore() {
    try {
      var s = JSON.parse(root.localStorage.getItem(STORE_KEY) || 'null');
      if (s && s.v === 1 && typeof s.solved === 'object' && typeof s.runs === 'object') {
        if (typeof s.revealed !== 'object' || !s.revealed) s.revealed = {};
        return s;
      }
    } catch (e) { /* storage off or corrupt: start afresh */ }
    return { v: 1, solved: {}, runs: {}, revealed: {} };
  }
  function saveStore(store) {
    try { root.localStorage.setItem(STORE_KEY, JSON.stringify(store)); } catch (e) { /* full or off */ }
  }

  /* ---- marks of solved labs in the navigation and the landing page ------------------------- */

  var LAB_PATH = /\/labs\/([a-z0-9][a-z0-9-]*)\/(?:index\.html)?$/;

  function markSolvedLinks() {
    var solved = loadStore().solved;
    var links = document.querySelectorAll('a[href]');
    for (var i = 0; i < links.length; i++) {
      var a = links[i], url;
      try { url = new URL(a.getAttribute('href'), document.baseURI); } catch (e) { continue; }
      var match = LAB_PATH.exec(url.pathname);
      if (!match || url.hash || !solved[match[1]] || a.querySelector('.lab-solved-mark') ||
          a.closest('.labs-progress')) continue; /* the progress box says it in words */
      a.classList.add('lab-solved');
      var mark = document.createElement('span');
      mark.className = 'lab-solved-mark';
      mark.innerHTML = '<span aria-hidden="true"> \u2713</span><span class="lab-vh"> (solved)</span>';
      a.appendChild(mark);
    }
  }

  /* Records a solve of lab `id` (run: {at, commands, reference, hints, hints_total}) and
   * returns the lab's record: the first solve, as lab sites keep it (a re-solve after Reset,
   * with the answer known, would otherwise replace an honest first run with a short replay);
   * later solves only count in its `again`. The caller saves the store. */
  function firstSolve(store, id, run) {
    var rec = store.solved[id];
    if (!rec) { store.solved[id] = run; return run; }
    rec.again = (typeof rec.again === 'number' ? rec.again : 0) + 1;
    return rec;
  }

  /* "12 commands (the worked solution takes 8), 1 of 3 hints": a solved lab's record. */
  function progressText(rec) {
    if (!rec || typeof rec.commands !== 'number') return '';
    var hints = typeof rec.hints === 'number'
      ? ', ' + rec.hints + ' of ' + rec.hints_total + ' hint' + (rec.hints_total === 1 ? '' : 's') : '';
    return rec.commands + ' command' + (rec.commands === 1 ? '' : 's') +
      (rec.reference ? ' (the worked solution takes ' + rec.reference + ')' : '') + hints;
  }

  /* ---- the labs index: how many are solved, each lab's record, export and import ----------- */

  var EXPORT_FORMAT = 'handbook-lab-progress';
  var LAB_ID = /^[a-z0-9][a-z0-9-]*$/;

  /* The labs the table links to, in its order: {id, title, href} of the first link to each. */
  function linkedLabs(scope) {
    var labs = [], seen = {}, links = scope.querySelectorAll('a[href]');
    for (var i = 0; i < links.length; i++) {
      var url;
      try { url = new URL(links[i].getAttribute('href'), document.baseURI); } catch (e) { continue; }
      var m = LAB_PATH.exec(url.pathname);
      if (!m || url.hash || seen[m[1]]) continue;
      seen[m[1]] = true;
      var title = links[i].cloneNode(true), mark = title.querySelector('.lab-solved-mark');
      if (mark) mark.parentNode.removeChild(mark);
      labs.push({ id: m[1], title: title.textContent.trim() || m[1], href: url.href });
    }
    return labs;
  }

  /* On the labs index (/labs/): a box above its table with the labs solved in this browser,
   * each lab's record, and Export progress / Import progress (a JSON file). */
  function labsIndex() {
    if (!/\/labs\/(?:index\.html)?$/.test(root.location.pathname)) return null;
    var main = document.querySelector('main') || document.body;
    var table = main.querySelector('table');
    if (!table || document.querySelector('.labs-progress')) return null;
    var box = el('section', { 'class': 'labs-progress', 'aria-label': 'Your progress' });
    var summary = el('p', { 'class': 'labs-progress-summary', role: 'status' });
    var list = el('ul', { 'class': 'labs-progress-list' });
    var actions = el('p', { 'class': 'labs-progress-actions' });
    var exportButton = el('button', { type: 'button', 'class': 'labs-export' }, 'Export progress');
    var importLabel = el('label', { 'class': 'labs-import-label', 'for': 'labs-import' }, 'Import progress:');
    var importInput = el('input', { type: 'file', id: 'labs-import', 'class': 'labs-import',
                                    accept: 'application/json,.json' });
    var message = el('span', { 'class': 'labs-progress-message', role: 'status' });
    actions.appendChild(exportButton);
    actions.appendChild(importLabel);
    actions.appendChild(importInput);
    actions.appendChild(message);
    box.appendChild(summary);
    box.appendChild(list);
    box.appendChild(actions);
    table.parentNode.insertBefore(box, table);
    function refresh() {
      var store = loadStore(), labs = linkedLabs(table), n = 0;
      list.textContent = '';
      labs.forEach(function (lab) {
        var id = lab.id, rec = store.solved[id];
        if (rec) n++;
        var text = ': ' + (rec ? 'solved' + (progressText(rec) ? ' in ' + progressText(rec) : '')
                               : store.runs[id] ? 'in progress' : 'not started') +
                   (store.revealed[id] ? '; worked solution revealed' : '');
        var li = el('li', { 'data-lab': id });
        /* the lab's title as in the table, a link to its page (marked solved with the others) */
        li.appendChild(el('a', { href: lab.href }, lab.title));
        li.appendChild(document.createTextNode(text));
        list.appendChild(li);
      });
      summary.textContent = 'You have solved ' + n + ' of ' + labs.length + ' labs in this browser.';
      box.setAttribute('data-solved', String(n));
      markSolvedLinks();
    }
    exportButton.addEventListener('click', function () {
      var store = loadStore();
      var data = JSON.stringify({ format: EXPORT_FORMAT, v: 1, exported: new Date().toISOString(),
                                  solved: store.solved, revealed: store.revealed }, null, 2);
      var a = el('a', { href: URL.createObjectURL(new Blob([data], { type: 'application/json' })),
                        download: 'handbook-lab-progress.json' });
      document.body.appendChild(a);
      a.click();
      document.body.removeChild(a);
      message.textContent = 'Progress exported.';
    });
    importInput.addEventListener('change', function () {
      var file = importInput.files && importInput.files[0];
      if (!file) return;
      var reader = new FileReader();
      reader.onload = function () {
        var data;
        try { data = JSON.parse(reader.result); } catch (e) { data = null; }
        if (!data || data.format !== EXPORT_FORMAT || data.v !== 1 || !data.solved ||
            typeof data.solved !== 'object') {
          message.textContent = 'Not a progress file of this handbook: nothing imported.';
          return;
        }
        var store = loadStore(), added = 0;
        Object.keys(data.solved).forEach(function (id) {
          var rec = data.solved[id];
          if (!LAB_ID.test(id) || !rec || typeof rec !== 'object') return;
          /* only the record's known fields, as numbers and a date */
          var kept = { at: typeof rec.at === 'string' ? rec.at.slice(0, 40) : '' };
          ['commands', 'reference', 'hints', 'hints_total', 'again'].forEach(function (k) {
            if (typeof rec[k] === 'number' && isFinite(rec[k])) kept[k] = rec[k];
          });
          var have = store.solved[id];
          if (!have) added++;
          /* the first solve is the record (firstSolve): an imported one replaces this browser's
             only when it is earlier */
          if (!have || (kept.at && have.at && kept.at < have.at)) store.solved[id] = kept;
        });
        Object.keys(data.revealed || {}).forEach(function (id) {
          if (LAB_ID.test(id) && data.revealed[id] === true) store.revealed[id] = true;
        });
        saveStore(store);
        message.textContent = 'Progress imported: ' + added + ' more lab' + (added === 1 ? '' : 's') + ' solved.';
        importInput.value = '';
        refresh();
      };
      reader.readAsText(file);
    });
    refresh();
    return box;
  }

  /* ---- the core in a Web Worker (wasm/worker.js), one per lab block ------------------------ */

  /* Performance marks of the start of a lab (emu-*), read by wasm/bench_wasm.js. */
  function mark(name, at) {
    if (!root.performance || !root.performance.mark) return;
    try {
      if (at === undefined) root.performance.mark(name);
      else root.performance.mark(name, { startTime: at });
    } catch (e) { /* an old browser without startTime: no mark */ }
  }

  /* The worker that runs a lab's core: every call returns a Promise of the worker's answer
   * (requests are answered in order). terminate() stops it at once, even inside a command
   * that runs for seconds, and rejects what is pending with an Error whose `stopped` is true. */
  /* The module and the scenarios, fetched and compiled once per page and folder, and handed to
   * every console's worker (a WebAssembly.Module is cloned into a worker without compiling it
   * again): a page with several consoles downloads emu.wasm and labs.json once. Rejects where
   * the page cannot compile (the worker then loads them itself). */
  var sharedLoads = {};
  function sharedModule(base) {
    if (sharedLoads[base]) return sharedLoads[base];
    function get(name) {
      return root.fetch(base + name, { credentials: 'same-origin' }).then(function (r) {
        if (!r.ok) throw new Error('could not load ' + r.url + ' (HTTP ' + r.status + ')');
        return r;
      });
    }
    var wasm = typeof WebAssembly.compileStreaming === 'function'
      ? WebAssembly.compileStreaming(get('emu.wasm')).catch(function () {
          return get('emu.wasm').then(function (r) { return r.arrayBuffer(); })
            .then(function (b) { return WebAssembly.compile(b); });
        })
      : get('emu.wasm').then(function (r) { return r.arrayBuffer(); })
          .then(function (b) { return WebAssembly.compile(b); });
    var labsData = get('labs.json').then(function (r) { return r.json(); });
    sharedLoads[base] = Promise.all([wasm, labsData]).then(function (both) {
      return { module: both[0], labs: both[1] };
    });
    return sharedLoads[base];
  }

  function WorkerHost(base) {
    var self = this;
    this.pending = {};
    this.next = 1;
    this.worker = new root.Worker(base + 'worker.js');
    this.worker.onmessage = function (e) {
      var call = self.pending[e.data.id];
      if (!call) return;
      delete self.pending[e.data.id];
      if (e.data.error !== undefined) call.reject(new Error(e.data.error));
      else call.resolve(e.data.result);
    };
    this.worker.onerror = function (e) {
      e.preventDefault();
      self.fail(new Error('the emulator did not start (' + (e.message || 'worker error') + ')'));
    };
    mark('emu-load-start');
    this.ready = sharedModule(base).then(function (shared) {
      return self.call('init', { module: shared.module, labs: shared.labs });
    }, function () { return self.call('init', {}); }).then(function (r) {
      /* the worker's steps, on this page's clock */
      Object.keys(r.marks || {}).forEach(function (k) { mark(k, r.marks[k] - root.performance.timeOrigin); });
      return self;
    });
  }
  WorkerHost.prototype.call = function (op, args) {
    var self = this;
    if (this.failed) return Promise.reject(this.failed);
    return new Promise(function (resolve, reject) {
      var id = self.next++;
      self.pending[id] = { resolve: resolve, reject: reject };
      args.id = id;
      args.op = op;
      self.worker.postMessage(args);
    });
  };
  WorkerHost.prototype.fail = function (err) {
    this.failed = err;
    var pending = this.pending;
    this.pending = {};
    Object.keys(pending).forEach(function (id) { pending[id].reject(err); });
  };
  WorkerHost.prototype.terminate = function () {
    this.worker.terminate();
    var err = new Error('stopped');
    err.stopped = true;
    this.fail(err);
  };

  /* The browser compiles each WebAssembly function on its first call, so a tool's first run
   * costs several milliseconds more than the next. While the reader reads the greeting, run the
   * common tools once in a throwaway session of the lab's worker, one at a time while the
   * console is idle, so their first real run is already fast. Marks the block data-warm="1".
   * Only the core module's tools warm up: a line of the list that needs the full module does not
   * fetch it (warm: the worker runs it on the core alone). */
  var WARM_UP = ['help', 'nvidia-smi', 'nvidia-smi -q -d CLOCK,TEMPERATURE,POWER', 'tail train.log',
    'grep -c iteration train.log | sort', 'dmesg | grep -i xid', 'ibstat',
    'all_reduce_perf -b 8 -e 128M -f 2 -g 8', 'df -h', 'solutions'];
  function warmUp(lab) {
    var host = lab.host, session = 0, i = 0;
    var idle = root.requestIdleCallback || function (fn) { return setTimeout(fn, 1); };
    function done() {
      if (session && host === lab.host) host.call('close', { session: session }).catch(function () {});
      lab.block.setAttribute('data-warm', '1');
    }
    function step() {
      if (host !== lab.host) return done(); /* a Ctrl-C replaced the worker */
      if (lab.busy) return idle(step);
      var next = !session ? host.call('open', { lab: lab.id, seed: '' }).then(function (r) { session = r.session; })
               : i < WARM_UP.length ? host.call('execute', { session: session, line: WARM_UP[i++], warm: true })
               : null;
      if (!next) return done();
      next.then(function () { idle(step); }, done); /* warming up is only an optimisation */
    }
    idle(step);
  }

  /* ---- one lab block ------------------------------------------------------------------------ */

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    for (var k in attrs) if (Object.prototype.hasOwnProperty.call(attrs, k)) e.setAttribute(k, attrs[k]);
    if (text) e.textContent = text;
    return e;
  }

  /* A toolbar button whose label shortens on a phone (console.css shows `short` there; the
   * accessible name stays the whole label, which begins with the short one: WCAG 2.5.3). */
  function toolButton(cls, label, short) {
    var b = el('button', { type: 'button', 'class': cls });
    if (!short) { b.textContent = label; return b; }
    b.setAttribute('aria-label', label);
    b.appendChild(el('span', { 'class': 'lab-label-long', 'aria-hidden': 'true' }, label));
    b.appendChild(el('span', { 'class': 'lab-label-short', 'aria-hidden': 'true' }, short));
    return b;
  }

  function commonPrefix(words) {
    var p = words[0];
    for (var i = 1; i < words.length; i++)
      while (words[i].lastIndexOf(p, 0) !== 0) p = p.slice(0, -1);
    return p;
  }

  /* A lab block's console, or (opts) an example's: opts.key is the DOM ids' key (default the
   * lab id), opts.persist false keeps nothing in the store (no replay, no run), opts.seed the
   * example's seed. */
  function Lab(block, opts) {
    opts = opts || {};
    this.block = block;
    this.id = block.getAttribute('data-lab');
    this.key = opts.key || this.id;
    this.persist = opts.persist !== false;
    this.seed = opts.seed || '';
    this.base = new URL(block.getAttribute('data-emu-base') || 'emu/', document.baseURI).href;
    this.session = 0;
    this.host = null;
    this.executed = []; /* the lines run in this session that ran to their end, in order */
    this.fullText = []; /* the whole session as printed, for Copy transcript (keep) */
    this.fullChars = 0;
    this.busy = false;  /* a line (or a restore) is running in the worker (setBusy) */
    this.queue = [];    /* lines entered while one runs, run in turn */
    this.history = [];
    this.historyPos = 0;
    this.draft = '';
    this.start = block.querySelector('.lab-start');
    this.status = block.querySelector('.lab-status');
    this.mount = block.querySelector('.lab-console');
    var self = this;
    this.start.hidden = false;
    this.start.addEventListener('click', function () { self.begin(true); });
    /* A pointer over the button or keyboard focus on it is a strong sign of intent: start the
     * download then, so the click finds the module (almost) ready. Nothing loads on page load. */
    var prefetch = function () { self.worker().ready.catch(function () {}); };
    this.start.addEventListener('pointerenter', prefetch, { once: true });
    this.start.addEventListener('focus', prefetch, { once: true });
    var transcript = block.querySelector('.lab-transcript');
    if (transcript) transcript.open = false; /* the live console replaces it; it stays readable */
    this.showSolved();
  }

  Lab.prototype.showSolved = function () {
    if (!this.persist) return;
    var solved = loadStore().solved[this.id];
    this.block.classList.toggle('lab-is-solved', !!solved);
    if (solved) {
      this.status.hidden = false;
      this.status.textContent = 'Solved' + (progressText(solved) ? ' in ' + progressText(solved) : '') +
        (solved.again ? ' (your first solve; solved again ' + (solved.again === 1 ? 'once' : solved.again + ' times') + ' since)' : '') +
        '. You can start the lab again at any time.';
      if (!this.session) this.start.textContent = 'Start again';
    }
  };

  Lab.prototype.build = function () {
    var id = this.key, self = this;
    var toolbar = el('div', { 'class': 'lab-toolbar' });
    /* A lab block's Reset starts the lab over; an example's console (a reference page, no lab
       running) is only started over. */
    this.resetLabel = this.persist ? 'Reset lab' : 'Start over';
    this.resetButton = toolButton('lab-reset', this.resetLabel, this.persist ? 'Reset' : '');
    /* Reset asks first: it discards the whole run */
    this.confirmBox = el('span', { 'class': 'lab-reset-confirm', role: 'group',
                                   'aria-label': 'Confirm reset' });
    this.confirmText = el('span', { 'class': 'lab-reset-question' });
    this.confirmYes = el('button', { type: 'button', 'class': 'lab-reset-yes' }, this.persist ? 'Reset' : 'Start over');
    this.confirmNo = el('button', { type: 'button', 'class': 'lab-reset-no' }, 'Keep going');
    this.confirmBox.appendChild(this.confirmText);
    this.confirmBox.appendChild(this.confirmYes);
    this.confirmBox.appendChild(this.confirmNo);
    this.confirmBox.hidden = true;
    this.copyButton = toolButton('lab-copy', 'Copy transcript', 'Copy');
    this.copied = el('span', { 'class': 'lab-copied', role: 'status' });
    toolbar.appendChild(this.resetButton);
    toolbar.appendChild(this.confirmBox);
    toolbar.appendChild(this.copyButton);
    this.addViewButtons(toolbar);
    toolbar.appendChild(this.copied);
    this.log = el('pre', { 'class': 'lab-log', role: 'log', 'aria-live': 'polite',
                           'aria-label': 'Output of lab ' + this.id, tabindex: '0' });
    this.form = el('form', { 'class': 'lab-line', autocomplete: 'off' });
    this.label = el('label', { 'for': 'lab-' + id + '-input', 'class': 'lab-prompt' });
    this.input = el('input', {
      id: 'lab-' + id + '-input', type: 'text', 'class': 'lab-input', autocomplete: 'off',
      autocapitalize: 'off', autocorrect: 'off', spellcheck: 'false', enterkeyhint: 'send',
      'aria-describedby': 'lab-' + id + '-keys'
    });
    this.form.appendChild(this.label);
    this.form.appendChild(this.input);
    this.keys = el('p', { id: 'lab-' + id + '-keys', 'class': 'lab-keys' });
    this.touchKeys = this.addTouchKeys();
    this.mount.textContent = '';
    this.mount.appendChild(toolbar);
    this.mount.appendChild(this.log);
    this.mount.appendChild(this.form);
    this.mount.appendChild(this.touchKeys);
    this.mount.appendChild(this.keys);
    this.mount.hidden = false;
    this.watchColumns();
    this.watchTouch();
    this.log.addEventListener('scroll', function () { self.edgesSoon(); }, { passive: true });

    this.form.addEventListener('submit', function (e) {
      e.preventDefault();
      var line = self.input.value;
      self.input.value = '';
      self.run(line);
    });
    this.input.addEventListener('keydown', function (e) { self.onKey(e); });
    /* Escape leaves Wide and Full screen wherever focus is in the console (the Wide button
       keeps it after a click) */
    this.mount.addEventListener('keydown', function (e) {
      if (e.key !== 'Escape' || !(self.full || self.wide) || e.defaultPrevented) return;
      e.preventDefault();
      if (self.full) self.setFull(false);
      else self.setWide(false);
    });
    this.input.addEventListener('paste', function (e) { self.onPaste(e); });
    this.resetButton.addEventListener('click', function () { self.askReset(); });
    this.confirmYes.addEventListener('click', function () {
      self.confirmBox.hidden = true;
      self.resetButton.hidden = false;
      self.reset();
    });
    this.confirmNo.addEventListener('click', function () {
      self.confirmBox.hidden = true;
      self.resetButton.hidden = false;
      self.resetButton.focus();
    });
    this.copyButton.addEventListener('click', function () { self.copy(); });
  };

  /* This lab's worker, started on first use (or after a Ctrl-C stopped the last one). */
  Lab.prototype.worker = function () {
    if (!this.host) this.host = new WorkerHost(this.base);
    return this.host;
  };

  Lab.prototype.setPrompt = function (prompt) {
    this.prompt = prompt;
    this.label.innerHTML = '';
    this.label.appendChild(el('span', { 'class': 'lab-vh' }, 'Command, '));
    this.label.appendChild(document.createTextNode(prompt.replace(/\s+$/, '')));
  };

  /* Appends text to the log as its own block (a span shown as a block), so the browser lays out
   * only the new text, not the whole scrollback; the oldest blocks go past MAX_LOG_BLOCKS.
   * cls 'lab-echo': the prompt and a line as typed, which wraps at the log's width as a
   * terminal wraps the line being typed (outputs do not: the core wrapped their prose). */
  var MAX_LOG_BLOCKS = 4000; /* two a command: its echo and its output */
  var MAX_FULL_CHARS = 4000000; /* the whole session Copy transcript copies (a 40-command run is
                                   well under 1 MB) */
  /* a site page the core names (Read next, solutions, the worked solution): /section/.../ */
  var SITE_PATH = /(^|[\s(])(\/(?:reference|workflow|labs)\/[a-z0-9\/._-]*\/)(?=[\s),.]|$)/g;
  Lab.prototype.print = function (text, cls) {
    if (!text) return;
    this.keep(text);
    var block = document.createElement('span');
    block.className = cls ? 'lab-out ' + cls : 'lab-out';
    if (cls) block.textContent = text; /* a typed line stays as typed */
    else this.linkify(block, text);
    this.log.appendChild(block);
    while (this.log.childNodes.length > MAX_LOG_BLOCKS) this.log.removeChild(this.log.firstChild);
    this.scrollSoon();
  };

  /* Keeps text for Copy transcript: the whole session, whatever the screen still shows (Ctrl-L
   * and `clear` clear the screen only). */
  Lab.prototype.keep = function (text) {
    if (this.fullChars > MAX_FULL_CHARS) return;
    this.fullText.push(text);
    this.fullChars += text.length;
  };

  /* Fills a log block with text, the site's pages it names as links (relative to the site's
   * root, the folder above the module's). */
  Lab.prototype.linkify = function (block, text) {
    var siteRoot = new URL('../', this.base).href, last = 0, m;
    SITE_PATH.lastIndex = 0;
    while ((m = SITE_PATH.exec(text))) {
      var start = m.index + m[1].length;
      if (start > last) block.appendChild(document.createTextNode(text.slice(last, start)));
      block.appendChild(el('a', { href: siteRoot + m[2].slice(1), 'class': 'lab-link' }, m[2]));
      last = start + m[2].length;
    }
    if (last < text.length) block.appendChild(document.createTextNode(text.slice(last)));
  };

  /* Scrolls the log to its end once per frame: reading scrollHeight after every line forces a
   * layout of the whole log each time, which made a paste of thousands of lines quadratic. */
  Lab.prototype.scrollSoon = function () {
    if (this.scrollPending) return;
    this.scrollPending = true;
    var self = this;
    var later = root.requestAnimationFrame || function (f) { return setTimeout(f, 16); };
    later(function () {
      self.scrollPending = false;
      self.log.scrollTop = self.log.scrollHeight;
      self.showEdges();
    });
  };

  /* The log's edges: lab-log-more-right (and -left) while output runs on past the right (or
   * left) edge of a log that scrolls sideways, which console.css shows as a shadow on that
   * edge: without it, a line cut at the edge (an NCCL log line on a phone) looks whole. */
  Lab.prototype.showEdges = function () {
    var log = this.log;
    var hidden = log.scrollWidth - log.clientWidth;
    log.classList.toggle('lab-log-more-right', hidden - log.scrollLeft > 1);
    log.classList.toggle('lab-log-more-left', hidden > 1 && log.scrollLeft > 1);
  };
  Lab.prototype.edgesSoon = function () {
    if (this.edgesPending) return;
    this.edgesPending = true;
    var self = this;
    var later = root.requestAnimationFrame || function (f) { return setTimeout(f, 16); };
    later(function () { self.edgesPending = false; self.showEdges(); });
  };

  /* Starts the lab: starts its worker on first use, opens the session and replays the commands
   * of an unfinished run. focus: the reader asked (click, #lab-ID link), so move focus in. */
  Lab.prototype.begin = function (focus) {
    var self = this;
    if (this.session) { if (focus) this.input.focus(); return Promise.resolve(); }
    if (this.starting) return this.starting;
    this.start.disabled = true;
    this.start.textContent = 'Starting\u2026';
    var t0 = root.performance.now();
    this.starting = this.worker().ready.then(function () {
      if (!self.log) self.build();
      return self.open(true);
    }).then(function () {
      self.starting = null;
      mark('emu-greeting');
      self.start.hidden = true;
      self.block.classList.add('lab-is-running');
      self.block.setAttribute('data-start-ms', String(Math.round(root.performance.now() - t0)));
      if (focus) self.input.focus();
      warmUp(self);
    }).catch(function (err) {
      self.starting = null;
      if (self.host) self.host.terminate();
      self.host = null;
      self.start.disabled = false;
      self.start.textContent = 'Start lab';
      self.status.hidden = false;
      self.status.textContent = root.location.protocol === 'file:'
        ? 'The lab needs the page served over HTTP (for example `make serve`): browsers do not ' +
          'load WebAssembly from file:// pages. The transcript below shows a solved run.'
        : 'The lab could not start: ' + err.message;
    });
    return this.starting;
  };

  /* Opens a session and prints the greeting; with replay, reruns the stored commands (one
   * request for all of them) and prints each with its output. A stored line that the core now
   * stops at its work budget is dropped from the run. */
  Lab.prototype.open = function (replay) {
    var self = this;
    var store = loadStore();
    var run = this.persist ? store.runs[this.id] : null;
    if (!run || !replay) run = { seed: this.seed, lines: [] };
    this.finished = !this.persist; /* an example's console keeps nothing */
    this.executed = [];
    this.queue = [];
    this.setBusy(true);
    return this.host.call('open', { lab: this.id, seed: run.seed, columns: this.takeColumns() }).then(function (opened) {
      self.session = opened.session;
      self.showModule(opened.module);
      self.shownLab = self.id;
      self.syncInfo(opened.info);
      self.log.textContent = '';
      self.fullText = [];
      self.fullChars = 0;
      self.history = [];
      self.print(opened.greeting);
      self.setPrompt(opened.prompt);
      self.input.disabled = false;
      self.record = run;
      if (self.persist) {
        store.runs[self.id] = run;
        saveStore(store);
      }
      if (!run.lines.length) return null;
      return self.host.call('replay', { session: self.session, lines: run.lines });
    }).then(function (replayed) {
      self.setBusy(false);
      if (!replayed) return;
      self.showModule(replayed.module);
      self.log.setAttribute('aria-busy', 'true'); /* a replay is not announced line by line */
      var kept = [];
      var prompt = self.prompt;
      for (var i = 0; i < replayed.results.length; i++) {
        var line = run.lines[i], r = replayed.results[i];
        self.print(prompt + line + '\n', 'lab-echo');
        self.showOutput(r);
        self.addHistory(line);
        if (!(r.flags & FLAG_STOPPED)) { kept.push(line); self.executed.push(line); }
        prompt = r.prompt;
      }
      if (kept.length !== run.lines.length) { run.lines = kept; self.saveSoon(); }
      self.syncInfo(replayed.info);
      if (run.full) self.print(NOT_KEPT_NOTE);
      self.log.removeAttribute('aria-busy');
      self.historyPos = self.history.length;
      self.setPrompt(replayed.prompt);
      if (replayed.results.length && (replayed.results[replayed.results.length - 1].flags & FLAG_EXIT))
        self.ended();
    }).then(function () { self.runQueued(); });
  };

  /* The module the session runs on ('core' or 'full', wasm/README.md "Two modules"), as the
   * block's data-emu-module (the tests read it). */
  Lab.prototype.showModule = function (module) {
    if (module) this.block.setAttribute('data-emu-module', module);
  };

  /* Prints a line's output (a `clear` empties the log first: the echo goes too). */
  Lab.prototype.showOutput = function (result) {
    if (result.flags & FLAG_CLEAR) this.log.textContent = '';
    this.print(result.text);
    /* a drawing (the step timeline): assets/timeline.js shows it beside the console */
    if (result.panel && root.HandbookTimeline) root.HandbookTimeline.showPanel(this.block, result.panel);
  };

  /* Keeps a line in the history (Up and Down), as bash does: not blank, not twice in a row. */
  Lab.prototype.addHistory = function (line) {
    if (/\S/.test(line) && this.history[this.history.length - 1] !== line) this.history.push(line);
  };

  /* busy: a line, a replay or a restore runs in the worker. The block has the class
   * lab-is-busy while anything runs or waits to run (the tests wait for it to go). */
  Lab.prototype.setBusy = function (busy) {
    this.busy = busy;
    this.block.classList.toggle('lab-is-busy', busy || this.queue.length > 0);
  };

  /* Runs one input line typed or pasted by the reader: now, or after the line that runs. */
  Lab.prototype.run = function (line) {
    if (!this.session) return;
    this.addHistory(line);
    this.historyPos = this.history.length;
    this.draft = '';
    this.queue.push(line);
    if (!this.busy) this.runQueued();
  };

  /* Runs the queued lines one after another in the worker. The page stays responsive while a
   * line runs; its output is printed when it ends. */
  Lab.prototype.runQueued = function () {
    var self = this;
    if (this.busy || !this.queue.length || !this.session) {
      if (!this.busy) this.queue = [];
      this.setBusy(this.busy);
      return;
    }
    var line = this.queue.shift();
    var prompt = this.prompt, host = this.host;
    var t0 = root.performance.now();
    this.setBusy(true);
    this.running = { line: line, prompt: prompt };
    this.print(prompt + line + '\n', 'lab-echo'); /* the echo at once; the output when the line ends */
    host.call('execute', { session: this.session, line: line }).then(function (result) {
      self.setBusy(false);
      self.running = null;
      self.showModule(result.module);
      self.showOutput(result);
      if (result.flags & FLAG_STOPPED) {
        /* Over the work budget: the cluster goes back to where it was before the line (the
           session is rebuilt from the lines that ran to their end), as after a reload, where
           a stopped line is not replayed either. */
        return self.restore(false);
      }
      self.executed.push(line);
      self.remember(line);
      self.syncInfo(result.info);
      if (result.flags & FLAG_SOLVED) self.solved(result.lab || self.id, result.info);
      if (result.flags & FLAG_EXIT) self.ended();
      else self.setPrompt(result.prompt);
      self.block.setAttribute('data-last-command-ms', (root.performance.now() - t0).toFixed(2));
    }).catch(function (err) {
      if (err.stopped) return; /* Ctrl-C: interrupt() carries on */
      self.setBusy(false);
      self.running = null;
      self.print('[The emulator failed: ' + err.message + '. Press ' + self.resetLabel + '.]\n');
    }).then(function () { self.runQueued(); });
  };

  /* Ctrl-C while a line runs: the worker is stopped at once (the core cannot be interrupted
   * from inside, and the page must not wait for it), the line and the lines queued after it are
   * dropped, and a new worker rebuilds the session from the lines that ran to their end. The
   * stopped line is never stored, so a reload does not run it again. */
  Lab.prototype.interrupt = function () {
    this.running = null;
    this.queue = [];
    this.host.terminate();
    this.host = null;
    this.print('^C\n');
    this.restore(true);
  };

  /* Rebuilds the session from this.executed, in a new worker (fresh) or the same one, without
   * printing: the reader sees the prompt come back. */
  Lab.prototype.restore = function (fresh) {
    var self = this, old = this.session, lines = this.executed.slice();
    var host = this.worker();
    this.setBusy(true);
    this.input.disabled = false;
    var closed = fresh || !old ? Promise.resolve() : host.call('close', { session: old });
    return closed.then(function () {
      return host.call('open', { lab: self.id, seed: self.record ? self.record.seed : '',
                                 columns: self.takeColumns() });
    }).then(function (opened) {
      self.session = opened.session;
      self.showModule(opened.module);
      return lines.length ? host.call('replay', { session: self.session, lines: lines })
                          : { prompt: opened.prompt };
    }).then(function (replayed) {
      self.setBusy(false);
      self.showModule(replayed.module);
      self.setPrompt(replayed.prompt);
      if (fresh) warmUp(self);
      self.runQueued();
    }).catch(function (err) {
      if (err.stopped) return;
      self.setBusy(false);
      self.session = 0;
      self.print('[The emulator could not restart: ' + err.message + '. Press ' + self.resetLabel + '.]\n');
    });
  };

  /* Keeps a line of the unfinished run for the replay after a reload. The run lives in memory
   * (this.record) and is written once per burst of lines (a paste of many lines is one write),
   * not once per line: each write serialises the whole store. */
  Lab.prototype.remember = function (line) {
    if (this.finished || this.record.full) return;
    var run = this.record;
    run.chars = (run.chars || 0) + line.length;
    if (line.length > MAX_STORED_LINE_CHARS || run.lines.length >= MAX_STORED_LINES ||
        run.chars > MAX_STORED_CHARS) {
      run.full = true;
      this.print(NOT_KEPT_NOTE);
    } else {
      run.lines.push(line);
    }
    this.saveSoon();
  };

  Lab.prototype.saveSoon = function () {
    if (this.savePending) return;
    this.savePending = true;
    var self = this;
    setTimeout(function () { self.saveNow(); }, 0);
  };

  /* Writes this lab's run into the store, beside whatever other labs on the page wrote. */
  Lab.prototype.saveNow = function () {
    this.savePending = false;
    if (this.finished || !this.session || !this.record) return;
    var store = loadStore();
    store.runs[this.id] = this.record;
    saveStore(store);
  };

  /* The session's lab (emu_session_lab_info): a lab started with `lab start` gives the block its
   * title and goal; a revealed worked solution is recorded. */
  Lab.prototype.syncInfo = function (info) {
    if (!info || !info.lab) return;
    if (info.lab !== this.shownLab) {
      this.shownLab = info.lab;
      var title = this.block.querySelector('.lab-title'), goal = this.block.querySelector('.lab-goal');
      if (title) title.textContent = 'Lab: ' + info.title;
      if (goal) {
        goal.textContent = '';
        goal.appendChild(el('strong', {}, 'Goal:'));
        goal.appendChild(document.createTextNode(' ' + info.goal.replace(/\s+/g, ' ').trim()));
      }
      this.block.setAttribute('data-current-lab', info.lab);
    }
    if (info.revealed && this.persist) {
      var store = loadStore();
      if (!store.revealed[info.lab]) {
        store.revealed[info.lab] = true;
        saveStore(store);
      }
    }
  };

  /* The lab `labId` was solved in this console (the block's own lab, or another one started in
   * it with `lab start`); info: the session's lab info, with the commands used and the hints. */
  Lab.prototype.solved = function (labId, info) {
    var store = loadStore();
    var run = { at: new Date().toISOString() };
    if (info && info.lab === labId) {
      run.commands = info.commands;
      run.reference = info.reference;
      run.hints = info.hints;
      run.hints_total = info.hints_total;
    }
    var rec = firstSolve(store, labId, run);
    if (labId === this.id && this.persist) {
      /* Solved: nothing to replay after a reload, and later commands are not stored. */
      delete store.runs[this.id];
      this.finished = true;
    }
    saveStore(store);
    this.status.hidden = false;
    var how = progressText(run) ? ' in ' + progressText(run) : '';
    var kept = rec === run ? ' Your progress is saved in this browser.'
      : ' Your first solve stays on record' + (progressText(rec) ? ': ' + progressText(rec) : '') + '.';
    if (labId === this.id) {
      this.block.classList.add('lab-is-solved');
      this.status.textContent = (rec === run ? 'Solved' : 'Solved again') + how + '.' + kept;
    } else {
      this.status.textContent = 'Lab ' + labId + (rec === run ? ' solved' : ' solved again') + how + '.' + kept;
    }
    markSolvedLinks();
  };

  Lab.prototype.ended = function () {
    if (this.persist) {
      var store = loadStore();
      delete store.runs[this.id];
      saveStore(store);
    }
    this.host.call('close', { session: this.session }).catch(function () {});
    this.session = 0;
    this.input.disabled = true;
    this.print('[The session ended. Press ' + this.resetLabel + ' to start again.]\n');
    this.resetButton.focus();
  };

  /* Reset lab (Start over in an example's console) asks first, naming what it would discard. */
  Lab.prototype.askReset = function () {
    var n = this.executed.length;
    this.confirmText.textContent = (this.persist ? 'Start again from the beginning' : 'Start this console over') +
      (n ? ' and discard this ' + (this.persist ? 'run' : 'session') + ' (' + n + ' command' + (n === 1 ? '' : 's') + ')' : '') + '? ';
    this.resetButton.hidden = true;
    this.confirmBox.hidden = false;
    this.confirmNo.focus();
  };

  /* Reset lab (confirmed): a fresh session of the same lab; the stored commands are dropped. */
  Lab.prototype.reset = function () {
    if (this.persist) {
      var store = loadStore();
      delete store.runs[this.id];
      saveStore(store);
    }
    var self = this;
    if (this.running) { /* a line runs: stop its worker, start afresh in a new one */
      this.running = null;
      this.host.terminate();
      this.host = null;
    } else if (this.session) {
      this.host.call('close', { session: this.session }).catch(function () {});
    }
    this.session = 0;
    this.queue = [];
    this.setBusy(true);
    return this.worker().ready.then(function () { return self.open(false); }).then(function () {
      self.input.value = '';
      self.input.focus();
    });
  };

  /* Copy transcript: the whole session since it opened, not only what the screen shows. */
  Lab.prototype.copy = function () {
    var text = this.fullText.join(''), self = this;
    function done(ok) {
      self.copied.textContent = ok ? 'Transcript copied.' : 'Copy failed: select the output and copy it.';
      setTimeout(function () { self.copied.textContent = ''; }, 4000);
    }
    if (root.navigator.clipboard && root.navigator.clipboard.writeText) {
      root.navigator.clipboard.writeText(text).then(function () { done(true); }, function () {
        done(self.copyFallback(text));
      });
    } else {
      done(this.copyFallback(text));
    }
  };
  Lab.prototype.copyFallback = function (text) {
    var area = el('textarea', { 'class': 'lab-vh', 'aria-hidden': 'true' });
    area.value = text;
    document.body.appendChild(area);
    area.select();
    var ok = false;
    try { ok = document.execCommand('copy'); } catch (e) { ok = false; }
    document.body.removeChild(area);
    this.input.focus();
    return ok;
  };

  Lab.prototype.onKey = function (e) {
    var input = this.input;
    if (e.ctrlKey && !e.altKey && !e.metaKey && (e.key === 'c' || e.key === 'C')) {
      if (input.selectionStart !== input.selectionEnd) return; /* let copy of a selection work */
      e.preventDefault();
      if (this.running) { this.interrupt(); return; }
      this.print(this.prompt + input.value + '^C\n', 'lab-echo');
      input.value = '';
      this.historyPos = this.history.length;
      this.draft = '';
    } else if (e.ctrlKey && !e.altKey && !e.metaKey && (e.key === 'l' || e.key === 'L')) {
      e.preventDefault();
      this.log.textContent = '';
    } else if ((e.key === 'ArrowUp' || e.key === 'ArrowDown') && !e.altKey) {
      if (this.historyStep(e.key === 'ArrowUp' ? -1 : 1)) e.preventDefault();
    } else if (e.key === 'Tab' && !e.shiftKey && !e.ctrlKey && !e.altKey && !e.metaKey) {
      /* An empty line keeps Tab for moving focus, so the keyboard never gets trapped. */
      if (!input.value || !this.session) return;
      e.preventDefault();
      this.completeLine();
    }
  };

  /* Up (step -1) and Down (+1) through the history, as bash does: the line being typed is kept
   * as the draft below the newest entry. Returns false at either end (nothing to do). */
  Lab.prototype.historyStep = function (step) {
    var input = this.input;
    if (step < 0 ? this.historyPos === 0 : this.historyPos >= this.history.length) return false;
    if (step < 0 && this.historyPos === this.history.length) this.draft = input.value;
    this.historyPos += step;
    input.value = this.historyPos === this.history.length ? this.draft : this.history[this.historyPos];
    input.setSelectionRange(input.value.length, input.value.length);
    return true;
  };

  /* Tab completion through the core: one candidate replaces the last word (plus a space); several
   * extend it to their common prefix, or, when that adds nothing, are listed like bash does. */
  Lab.prototype.completeLine = function () {
    var input = this.input;
    var line = input.value.slice(0, input.selectionStart);
    var rest = input.value.slice(input.selectionEnd);
    if (this.busy) return;
    var self = this, value = input.value;
    this.host.call('complete', { session: this.session, line: line }).then(function (r) {
      if (input.value === value) self.applyCompletion(line, rest, r.candidates);
    }).catch(function () {});
  };

  Lab.prototype.applyCompletion = function (line, rest, candidates) {
    var input = this.input;
    if (!candidates.length) return;
    var cut = line.search(/\S*$/);
    var word = line.slice(cut);
    var replacement = candidates.length === 1 ? candidates[0] + (/[\/=]$/.test(candidates[0]) ? '' : ' ')
                                              : commonPrefix(candidates);
    if (candidates.length > 1 && replacement.length <= word.length) {
      this.print(this.prompt + input.value + '\n' + candidates.join('  ') + '\n');
      return;
    }
    input.value = line.slice(0, cut) + replacement + rest;
    var pos = cut + replacement.length;
    input.setSelectionRange(pos, pos);
  };

  /* A shell prompt copied with a command ("user@node01:~$ ", "root@node02:/tmp# ", "$ "), which
   * a pasted line loses: the console runs the command, not the prompt. */
  var PASTED_PROMPT = /^[ \t]*(?:[A-Za-z_][\w.-]*@[\w.-]+:[^\s$#]*[$#]|\$)[ \t]+/;
  function withoutPrompt(line) { return line.replace(PASTED_PROMPT, ''); }

  /* Paste: a prompt at the start of a pasted line is dropped; of several lines each complete
   * one runs in turn and the last fragment stays typed. */
  Lab.prototype.onPaste = function (e) {
    var data = e.clipboardData && e.clipboardData.getData('text/plain');
    if (!data) return;
    var multi = /[\r\n]/.test(data);
    if (!multi && !PASTED_PROMPT.test(data)) return; /* the browser's own paste (and its undo) */
    e.preventDefault();
    var input = this.input;
    var before = input.value.slice(0, input.selectionStart), after = input.value.slice(input.selectionEnd);
    var lines = data.replace(/\r\n?/g, '\n').split('\n').map(function (l, i) {
      return i > 0 || !/\S/.test(before) ? withoutPrompt(l) : l; /* a prompt only starts a line */
    });
    if (!multi) {
      input.value = before + lines[0] + after;
      var pos = before.length + lines[0].length;
      input.setSelectionRange(pos, pos);
      return;
    }
    lines[0] = before + lines[0];
    var last = lines.pop();
    input.value = '';
    for (var i = 0; i < lines.length && this.session; i++) this.run(lines[i]);
    input.value = last + after;
  };

  /* ---- the console's width, and the buttons that enlarge it ------------------------------- */

  /* Columns of text the log shows without scrolling sideways: its inner width over the width
   * of one character of its font (measured once per font size). The core wraps the lab's text
   * at this width; tool outputs wider than it scroll sideways inside the log. */
  Lab.prototype.columnsNow = function () {
    var log = this.log;
    if (!log || !log.clientWidth) return 0;
    var style = root.getComputedStyle(log);
    var key = style.fontFamily + ' ' + style.fontSize;
    if (this.charKey !== key) {
      var probe = el('span', { 'aria-hidden': 'true', 'class': 'lab-measure' }, '0000000000');
      log.appendChild(probe);
      this.charWidth = probe.getBoundingClientRect().width / 10;
      log.removeChild(probe);
      this.charKey = key;
    }
    var inner = log.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return this.charWidth > 0 ? Math.max(1, Math.floor(inner / this.charWidth + 0.01)) : 0;
  };

  /* Tells the core the width when it changed (a window resized, a phone turned, Wide or Full
   * screen), once per frame; the block's data-columns says the width the core has. */
  Lab.prototype.columnsChanged = function () {
    if (this.columnsPending) return;
    this.columnsPending = true;
    var self = this;
    var later = root.requestAnimationFrame || function (f) { return setTimeout(f, 16); };
    later(function () {
      self.columnsPending = false;
      if (self.wide) self.placeWide();
      self.showEdges();
      var columns = self.columnsNow();
      if (!columns || !self.session || !self.host || columns === self.columns) return;
      self.columns = columns;
      self.block.setAttribute('data-columns', String(columns));
      self.host.call('columns', { session: self.session, columns: columns }).catch(function () {});
    });
  };

  /* Wide (the console spans the window, taller) and Full screen (it covers the window, and the
   * screen where the browser allows), both toggles; Escape in the input leaves either. */
  Lab.prototype.addViewButtons = function (toolbar) {
    var self = this;
    this.wrapButton = toolButton('lab-wrap', 'Wrap long lines', 'Wrap');
    this.wrapButton.setAttribute('aria-pressed', 'false');
    this.wideButton = el('button', { type: 'button', 'class': 'lab-wide', 'aria-pressed': 'false' }, 'Wide');
    this.fullButton = toolButton('lab-full', 'Full screen', 'Full');
    this.fullButton.setAttribute('aria-pressed', 'false');
    toolbar.appendChild(this.wrapButton);
    toolbar.appendChild(this.wideButton);
    toolbar.appendChild(this.fullButton);
    this.wrapButton.addEventListener('click', function () { self.setWrap(!self.wrap, true); });
    this.wideButton.addEventListener('click', function () { self.setWide(!self.wide); });
    this.fullButton.addEventListener('click', function () { self.setFull(!self.full); });
    var wrap = false;
    try { wrap = root.localStorage.getItem(WRAP_KEY) === '1'; } catch (e) { /* storage off */ }
    this.setWrap(wrap, false);
  };

  /* Wrap long lines: the log folds output at its width instead of scrolling sideways (tables
   * then fold too, so it is a choice, kept for every console in this browser). */
  var WRAP_KEY = 'handbook-console-wrap';
  Lab.prototype.setWrap = function (on, remember) {
    this.wrap = on;
    this.block.classList.toggle('lab-is-wrapped', on);
    this.wrapButton.setAttribute('aria-pressed', String(on));
    if (remember) {
      try { root.localStorage.setItem(WRAP_KEY, on ? '1' : '0'); } catch (e) { /* storage off */ }
    }
    if (this.log) this.edgesSoon();
  };

  /* On a touch screen (or a narrow window) the key help speaks of what a phone has, and a row of
   * buttons gives Tab completion and the history, which an on-screen keyboard lacks. */
  var TOUCH_QUERY = '(pointer: coarse), (max-width: 480px)';
  var KEYS_HELP = 'Enter runs the command. Up and Down: history. Tab: complete (on an empty line, Tab and ' +
    'Shift-Tab move between controls as usual). Ctrl-C: cancel the line. Ctrl-L: clear the ' +
    'screen. Pasting several lines runs each in turn (a copied prompt is left out). Escape ' +
    'leaves Wide and Full screen. Wide output scrolls sideways (a shadow marks the edge it ' +
    'runs past), or press Wrap long lines.';
  var TOUCH_HELP = 'The keyboard\'s Enter or Go runs the command; the buttons above complete ' +
    'it (Tab) and step through the history. Swipe the output sideways where a shadow shows ' +
    'more, or press Wrap.';
  Lab.prototype.watchTouch = function () {
    var self = this;
    var query = root.matchMedia ? root.matchMedia(TOUCH_QUERY) : null;
    function apply() {
      var touch = !!(query && query.matches);
      self.keys.textContent = touch ? TOUCH_HELP : KEYS_HELP;
      self.touchKeys.hidden = !touch;
      self.block.classList.toggle('lab-is-touch', touch);
    }
    apply();
    if (query && query.addEventListener) query.addEventListener('change', apply);
  };

  Lab.prototype.addTouchKeys = function () {
    var self = this;
    var row = el('div', { 'class': 'lab-touch-keys', role: 'group', 'aria-label': 'Console keys' });
    [['lab-key-tab', 'Tab', 'Tab: complete the command', function () {
        if (self.input.value && self.session) self.completeLine();
      }],
     ['lab-key-up', '\u2191', 'Previous command', function () { self.historyStep(-1); }],
     ['lab-key-down', '\u2193', 'Next command', function () { self.historyStep(1); }]
    ].forEach(function (k) {
      var b = el('button', { type: 'button', 'class': k[0], 'aria-label': k[2] }, k[1]);
      /* a tap must not take focus from the input: the on-screen keyboard would close */
      b.addEventListener('pointerdown', function (e) { if (e.pointerType !== 'mouse') e.preventDefault(); });
      b.addEventListener('click', function () {
        k[3]();
        if (!self.input.disabled) self.input.focus();
      });
      row.appendChild(b);
    });
    return row;
  };

  /* Follows the log's width, and the browser's full screen ending (Escape outside the input). */
  Lab.prototype.watchColumns = function () {
    var self = this;
    if (root.ResizeObserver) new root.ResizeObserver(function () { self.columnsChanged(); }).observe(this.log);
    else root.addEventListener('resize', function () { self.columnsChanged(); });
    document.addEventListener('fullscreenchange', function () {
      if (!document.fullscreenElement && self.full && self.fullByBrowser) self.setFull(false);
    });
  };

  /* The width to open a session at: measured now, kept as the width the core has. */
  Lab.prototype.takeColumns = function () {
    this.columns = this.columnsNow();
    this.block.setAttribute('data-columns', String(this.columns));
    return this.columns;
  };

  Lab.prototype.setWide = function (on) {
    this.wide = on;
    this.block.classList.toggle('lab-is-wide', on);
    this.wideButton.setAttribute('aria-pressed', String(on));
    if (on) this.placeWide();
    else { this.mount.style.removeProperty('left'); this.mount.style.removeProperty('width'); }
    this.columnsChanged();
  };

  /* Wide: the console's box is moved left to the window's edge (less a margin) and as wide as
   * the window, from where the page's column puts it. */
  Lab.prototype.placeWide = function () {
    var mount = this.mount, margin = 8;
    mount.style.removeProperty('left');
    mount.style.removeProperty('width');
    var box = mount.getBoundingClientRect();
    var width = document.documentElement.clientWidth - 2 * margin;
    mount.style.setProperty('left', (margin - box.left) + 'px');
    mount.style.setProperty('width', width + 'px');
  };

  Lab.prototype.setFull = function (on) {
    this.full = on;
    this.block.classList.toggle('lab-is-full', on);
    this.fullButton.setAttribute('aria-pressed', String(on));
    this.fullButton.setAttribute('aria-label', on ? 'Exit full screen' : 'Full screen');
    this.fullButton.firstChild.textContent = on ? 'Exit full screen' : 'Full screen';
    this.fullButton.lastChild.textContent = on ? 'Exit' : 'Full';
    var mount = this.mount, self = this;
    if (on && mount.requestFullscreen) {
      mount.requestFullscreen().then(function () { self.fullByBrowser = true; }, function () {
        self.fullByBrowser = false; /* not allowed here: the console still covers the window */
      });
    } else if (!on && this.fullByBrowser) {
      this.fullByBrowser = false;
      if (document.fullscreenElement === mount && document.exitFullscreen) document.exitFullscreen().catch(function () {});
    }
    this.columnsChanged();
    if (this.input && !this.input.disabled) this.input.focus();
  };

  /* ---- page start ---------------------------------------------------------------------------- */

  var labs = {};

  function startFromHash(focus) {
    var m = /^#lab-(.+)$/.exec(root.location.hash);
    var lab = m && labs[decodeURIComponent(m[1])];
    if (lab) {
      lab.block.scrollIntoView();
      lab.begin(focus);
      return true;
    }
    return false;
  }

  /* A Run button on a ```console lab=ID example (in the bar of its Copy button, site.js): a
   * console opens in place, below the example, on that lab and seed, with the example's
   * commands typed and run; the reader goes on from there. The module is the page's shared one
   * (sharedModule); nothing loads before the first Run or Start. */
  var examples = 0;
  function addRunButton(pre) {
    var n = ++examples, id = pre.getAttribute('data-lab'), lab = null;
    var base = new URL(pre.getAttribute('data-emu-base') || 'emu/', document.baseURI).href;
    var wrap = pre.closest('.code-block');
    var bar = wrap && wrap.querySelector('.code-bar');
    var anchor = wrap || pre;
    if (!bar) {
      bar = el('div', { 'class': 'emu-run-bar' });
      anchor.parentNode.insertBefore(bar, anchor.nextSibling);
      anchor = bar;
    }
    var button = el('button', { type: 'button', 'class': 'emu-run' });
    /* the visible text begins the accessible name (WCAG 2.5.3) */
    function say(text, rest) {
      button.textContent = text;
      button.setAttribute('aria-label', text + rest);
    }
    say('Run', ' this example in a console');
    bar.insertBefore(button, bar.firstChild);
    var prefetch = function () { sharedModule(base).catch(function () {}); };
    button.addEventListener('pointerenter', prefetch, { once: true });
    button.addEventListener('focus', prefetch, { once: true });
    var commands = Array.prototype.map.call(pre.querySelectorAll('.emu-command'),
                                            function (c) { return c.textContent; });
    button.addEventListener('click', function () {
      if (lab && lab.session) { lab.input.focus(); return; }
      if (!lab) {
        var box = el('div', { 'class': 'lab lab-inline', 'data-lab': id, role: 'region',
                              'data-emu-base': pre.getAttribute('data-emu-base') || 'emu/',
                              'aria-label': 'Console for example ' + n + ' (lab ' + id + ')' });
        box.appendChild(el('p', { 'class': 'lab-status', role: 'status', hidden: '' }));
        var start = el('button', { type: 'button', 'class': 'lab-start', hidden: '' }, 'Start');
        box.appendChild(el('p', { 'class': 'lab-actions' })).appendChild(start);
        box.appendChild(el('div', { 'class': 'lab-console', hidden: '' }));
        anchor.parentNode.insertBefore(box, anchor.nextSibling);
        lab = new Lab(box, { key: id + '-run' + n, persist: false,
                             seed: pre.getAttribute('data-seed') || '' });
        start.hidden = true; /* the Run button starts it */
      }
      button.disabled = true;
      say('Starting\u2026', ' the console of this example');
      lab.begin(false).then(function () {
        button.disabled = false;
        lab.start.hidden = true;
        if (!lab.session) { say('Run', ' this example in a console'); return; } /* the status says why */
        for (var i = 0; i < commands.length; i++) lab.run(commands[i]);
        say('Go to console', ' of this example');
        lab.input.focus();
      });
    });
  }

  function init() {
    markSolvedLinks();
    /* assets/nav.js replaces the sidebar with the whole tree once nav-tree.js has loaded (after
       this runs): its links are marked again then, on every load, from the saved progress. */
    document.addEventListener('handbook:nav', markSolvedLinks);
    var progress = labsIndex();
    var blocks = document.querySelectorAll('.lab[data-lab]');
    var pres = document.querySelectorAll('pre.emu-example[data-lab]');
    if (!blocks.length && !pres.length && !progress) return;
    /* the stylesheet beside this script (the labs index has no block to name the folder) */
    var first = blocks.length ? blocks[0] : pres[0];
    var script = document.querySelector('script[src$="console.js"]');
    var css = el('link', { rel: 'stylesheet', href: first
      ? new URL((first.getAttribute('data-emu-base') || 'emu/') + 'console.css', document.baseURI).href
      : new URL('console.css', script ? script.src : document.baseURI).href });
    document.head.appendChild(css);
    for (var p = 0; p < pres.length; p++) addRunButton(pres[p]);
    if (!blocks.length) return;
    var store = loadStore();
    for (var i = 0; i < blocks.length; i++) {
      var lab = new Lab(blocks[i]);
      labs[lab.id] = lab;
    }
    var fromHash = startFromHash(true);
    /* An unfinished lab comes back after a reload, with its commands replayed. */
    Object.keys(labs).forEach(function (id) {
      if (store.runs[id] && !(fromHash && root.location.hash === '#lab-' + id)) labs[id].begin(false);
    });
    root.addEventListener('hashchange', function () { startFromHash(true); });
    /* A write still pending when the page goes away is done now. */
    root.addEventListener('pagehide', function () {
      Object.keys(labs).forEach(function (id) { if (labs[id].savePending) labs[id].saveNow(); });
    });
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
  else init();
})(typeof window !== 'undefined' ? window : globalThis);
