/* console.js: the page-side lab console. On every page it marks solved labs in the navigation
 * and on the landing page; on a page with a lab block (rendered by generator/transform_lab.c) it
 * shows a Start button that loads the emulator's WebAssembly module (only then: nothing extra on
 * page load) and runs the lab in a plain-DOM console: output in a <pre role="log">, input in a
 * labelled native <input>. Progress (solved labs, the commands of unfinished ones) lives in
 * localStorage. The module wrapper (EmuHost) is exported for Node too (wasm/replay.js). */
(function (root) {
  'use strict';

  /* ---- EmuHost: the emulator module behind plain JavaScript calls ------------------------- */

  var FLAG_CLEAR = 1, FLAG_EXIT = 2, FLAG_SOLVED = 4, FLAG_STOPPED = 16; /* EMU_RESULT_* of emu.h */
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
   * scenario's own). Returns the session handle; throws when the lab is unknown. */
  EmuHost.prototype.open = function (labId, seed) {
    var m = this.m;
    var session = this._call(function (a) { return m._emw_open(a[0].ptr, a[1].ptr); },
                             [labId || '', seed || '']);
    if (!session) throw new Error(this._out(m._emw_error()));
    return session;
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
  EmuHost.prototype.close = function (session) { this.m._emw_close(session); };
  EmuHost.FLAG_CLEAR = FLAG_CLEAR;
  EmuHost.FLAG_EXIT = FLAG_EXIT;
  EmuHost.FLAG_SOLVED = FLAG_SOLVED;
  EmuHost.FLAG_STOPPED = FLAG_STOPPED;

  if (typeof module === 'object' && module.exports) module.exports = { EmuHost: EmuHost };
  if (typeof document === 'undefined') return; /* Node: the host only */

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
      if (s && s.v === 1 && typeof s.solved === 'object' && typeof s.runs === 'object') return s;
    } catch (e) { /* storage off or corrupt: start afresh */ }
    return { v: 1, solved: {}, runs: {} };
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
      if (!match || url.hash || !solved[match[1]] || a.querySelector('.lab-solved-mark')) continue;
      a.classList.add('lab-solved');
      var mark = document.createElement('span');
      mark.className = 'lab-solved-mark';
      mark.innerHTML = '<span aria-hidden="true"> \u2713</span><span class="lab-vh"> (solved)</span>';
      a.appendChild(mark);
    }
  }

  /* ---- loading the module (once per page, on the first Start) ------------------------------ */

  var loading = null;

  /* Performance marks of the start of a lab (emu-*), read by wasm/bench_wasm.js. */
  function mark(name) {
    if (root.performance && root.performance.mark) root.performance.mark(name);
  }

  function loadEmulator(base) {
    if (loading) return loading;
    var script = new Promise(function (resolve, reject) {
      if (root.createHandbookEmu) return resolve();
      var s = document.createElement('script');
      s.src = base + 'emu.js';
      s.onload = function () { resolve(); };
      s.onerror = function () { reject(new Error('could not load ' + s.src)); };
      document.head.appendChild(s);
    });
    var labsData = fetch(base + 'labs.json', { credentials: 'same-origin' }).then(function (r) {
      if (!r.ok) throw new Error('could not load ' + r.url + ' (HTTP ' + r.status + ')');
      return r.json();
    });
    /* Compile the module while the script and the scenarios arrive. A server that does not
     * send application/wasm defeats compileStreaming: fall back to compiling the bytes. */
    function compileBytes() {
      return fetch(base + 'emu.wasm', { credentials: 'same-origin' }).then(function (r) {
        if (!r.ok) throw new Error('could not load ' + r.url + ' (HTTP ' + r.status + ')');
        return r.arrayBuffer();
      }).then(function (bytes) { return WebAssembly.compile(bytes); });
    }
    var wasm = typeof WebAssembly.compileStreaming === 'function'
      ? WebAssembly.compileStreaming(fetch(base + 'emu.wasm', { credentials: 'same-origin' }))
          .catch(compileBytes)
      : compileBytes();
    mark('emu-load-start');
    loading = Promise.all([script, labsData, wasm]).then(function (parts) {
      var compiled = parts[2];
      mark('emu-compiled');
      return new Promise(function (resolve, reject) {
        root.createHandbookEmu({
          instantiateWasm: function (imports, done) {
            WebAssembly.instantiate(compiled, imports).then(function (instance) { done(instance); }, reject);
            return {};
          },
          print: function () {}, printErr: function () {}
        }).then(resolve, reject);
      });
    }).then(function (module) {
      mark('emu-instantiated');
      var host = new EmuHost(module);
      return labsData.then(function (data) {
        data.labs.forEach(function (lab) { host.addLab(lab.id, lab.yaml, lab.path); });
        mark('emu-catalog');
        return host;
      });
    });
    loading.catch(function () { loading = null; }); /* a failed load may be retried */
    return loading;
  }

  /* The browser compiles each WebAssembly function on its first call, so a tool's first run
   * costs several milliseconds more than the next. While the reader reads the greeting, run the
   * common tools once in a throwaway session, one per idle moment, so their first real run is
   * already fast. Marks the block data-warm="1" when done. */
  var WARM_UP = ['help', 'nvidia-smi', 'nvidia-smi -q -d CLOCK,TEMPERATURE,POWER', 'tail train.log',
    'grep -c iteration train.log | sort', 'dmesg | grep -i xid', 'dcgmi diag -r 2', 'ibstat',
    'all_reduce_perf -b 8 -e 128M -f 2 -g 8', 'iostat -x', 'df -h', 'solutions'];
  var warmed = false;
  function warmUp(host, labId, block) {
    if (warmed) { block.setAttribute('data-warm', '1'); return; }
    warmed = true;
    var idle = root.requestIdleCallback || function (fn) { return setTimeout(fn, 1); };
    var session = 0, i = 0;
    function step() {
      try {
        if (!session) session = host.open(labId, '');
        if (i < WARM_UP.length) {
          host.execute(session, WARM_UP[i++]);
          idle(step);
          return;
        }
      } catch (e) { /* warming up is only an optimisation */ }
      if (session) host.close(session);
      block.setAttribute('data-warm', '1');
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

  function commonPrefix(words) {
    var p = words[0];
    for (var i = 1; i < words.length; i++)
      while (words[i].lastIndexOf(p, 0) !== 0) p = p.slice(0, -1);
    return p;
  }

  function Lab(block) {
    this.block = block;
    this.id = block.getAttribute('data-lab');
    this.base = new URL(block.getAttribute('data-emu-base') || 'emu/', document.baseURI).href;
    this.session = 0;
    this.host = null;
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
    var prefetch = function () { loadEmulator(self.base).catch(function () {}); };
    this.start.addEventListener('pointerenter', prefetch, { once: true });
    this.start.addEventListener('focus', prefetch, { once: true });
    var transcript = block.querySelector('.lab-transcript');
    if (transcript) transcript.open = false; /* the live console replaces it; it stays readable */
    this.showSolved();
  }

  Lab.prototype.showSolved = function () {
    var solved = loadStore().solved[this.id];
    this.block.classList.toggle('lab-is-solved', !!solved);
    if (solved) {
      this.status.hidden = false;
      this.status.textContent = 'Solved. You can start the lab again at any time.';
      if (!this.session) this.start.textContent = 'Start again';
    }
  };

  Lab.prototype.build = function () {
    var id = this.id, self = this;
    var toolbar = el('div', { 'class': 'lab-toolbar' });
    this.resetButton = el('button', { type: 'button', 'class': 'lab-reset' }, 'Reset lab');
    this.copyButton = el('button', { type: 'button', 'class': 'lab-copy' }, 'Copy transcript');
    this.copied = el('span', { 'class': 'lab-copied', role: 'status' });
    toolbar.appendChild(this.resetButton);
    toolbar.appendChild(this.copyButton);
    toolbar.appendChild(this.copied);
    this.log = el('pre', { 'class': 'lab-log', role: 'log', 'aria-live': 'polite',
                           'aria-label': 'Output of lab ' + id, tabindex: '0' });
    this.form = el('form', { 'class': 'lab-line', autocomplete: 'off' });
    this.label = el('label', { 'for': 'lab-' + id + '-input', 'class': 'lab-prompt' });
    this.input = el('input', {
      id: 'lab-' + id + '-input', type: 'text', 'class': 'lab-input', autocomplete: 'off',
      autocapitalize: 'off', autocorrect: 'off', spellcheck: 'false', enterkeyhint: 'send',
      'aria-describedby': 'lab-' + id + '-keys'
    });
    this.form.appendChild(this.label);
    this.form.appendChild(this.input);
    var keys = el('p', { id: 'lab-' + id + '-keys', 'class': 'lab-keys' },
      'Enter runs the command. Up and Down: history. Tab: complete (on an empty line, Tab and ' +
      'Shift-Tab move between controls as usual). Ctrl-C: cancel the line. Ctrl-L: clear the ' +
      'screen. Pasting several lines runs each in turn.');
    this.mount.textContent = '';
    this.mount.appendChild(toolbar);
    this.mount.appendChild(this.log);
    this.mount.appendChild(this.form);
    this.mount.appendChild(keys);
    this.mount.hidden = false;

    this.form.addEventListener('submit', function (e) {
      e.preventDefault();
      var line = self.input.value;
      self.input.value = '';
      self.run(line);
    });
    this.input.addEventListener('keydown', function (e) { self.onKey(e); });
    this.input.addEventListener('paste', function (e) { self.onPaste(e); });
    this.resetButton.addEventListener('click', function () { self.reset(); });
    this.copyButton.addEventListener('click', function () { self.copy(); });
  };

  Lab.prototype.setPrompt = function () {
    var prompt = this.host.prompt(this.session);
    this.prompt = prompt;
    this.label.innerHTML = '';
    this.label.appendChild(el('span', { 'class': 'lab-vh' }, 'Command, '));
    this.label.appendChild(document.createTextNode(prompt.replace(/\s+$/, '')));
  };

  /* Appends text to the log as its own block (a span shown as a block), so the browser lays out
   * only the new text, not the whole scrollback; the oldest blocks go past MAX_LOG_BLOCKS. */
  var MAX_LOG_BLOCKS = 2000;
  Lab.prototype.print = function (text) {
    if (!text) return;
    var block = document.createElement('span');
    block.className = 'lab-out';
    block.textContent = text;
    this.log.appendChild(block);
    while (this.log.childNodes.length > MAX_LOG_BLOCKS) this.log.removeChild(this.log.firstChild);
    this.scrollSoon();
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
    });
  };

  /* Starts the lab: loads the module on first use, opens the session and replays the commands
   * of an unfinished run. focus: the reader asked (click, #lab-ID link), so move focus in. */
  Lab.prototype.begin = function (focus) {
    var self = this;
    if (this.session) { if (focus) this.input.focus(); return Promise.resolve(); }
    this.start.disabled = true;
    this.start.textContent = 'Starting\u2026';
    var t0 = root.performance.now();
    return loadEmulator(this.base).then(function (host) {
      self.host = host;
      if (!self.log) self.build();
      self.open(true);
      mark('emu-greeting');
      self.start.hidden = true;
      self.block.classList.add('lab-is-running');
      self.block.setAttribute('data-start-ms', String(Math.round(root.performance.now() - t0)));
      if (focus) self.input.focus();
      warmUp(host, self.id, self.block);
    }).catch(function (err) {
      self.start.disabled = false;
      self.start.textContent = 'Start lab';
      self.status.hidden = false;
      self.status.textContent = root.location.protocol === 'file:'
        ? 'The lab needs the page served over HTTP (for example `make serve`): browsers do not ' +
          'load WebAssembly from file:// pages. The transcript below shows a solved run.'
        : 'The lab could not start: ' + err.message;
    });
  };

  /* Opens a session and prints the greeting; with replay, reruns the stored commands. */
  Lab.prototype.open = function (replay) {
    var store = loadStore();
    var run = store.runs[this.id];
    if (!run || !replay) run = { seed: '', lines: [] };
    this.session = this.host.open(this.id, run.seed);
    this.finished = false;
    this.log.textContent = '';
    this.history = [];
    this.print(this.host.greeting(this.session));
    this.setPrompt();
    this.input.disabled = false;
    var lines = run.lines.slice();
    this.record = run;
    store.runs[this.id] = run;
    saveStore(store);
    this.log.setAttribute('aria-busy', 'true'); /* a replay is not announced line by line */
    for (var i = 0; i < lines.length && this.session; i++) this.run(lines[i], true);
    if (run.full) this.print(NOT_KEPT_NOTE);
    this.log.removeAttribute('aria-busy');
    this.historyPos = this.history.length;
  };

  /* Runs one input line: echo with the prompt, output, flags. replaying: from storage. */
  Lab.prototype.run = function (line, replaying) {
    if (!this.session) return;
    var t0 = root.performance.now();
    var prompt = this.prompt;
    var result = this.host.execute(this.session, line);
    if (result.flags & FLAG_CLEAR) {
      this.log.textContent = '';
      this.print(result.text);
    } else {
      this.print(prompt + line + '\n' + result.text);
    }
    if (/\S/.test(line) && this.history[this.history.length - 1] !== line) this.history.push(line);
    this.historyPos = this.history.length;
    this.draft = '';
    /* a line stopped by its work budget is never replayed after a reload */
    if (!replaying && !(result.flags & FLAG_STOPPED)) this.remember(line);
    if (result.flags & FLAG_SOLVED) this.solved(this.host.lab(this.session) || this.id);
    if (result.flags & FLAG_EXIT) this.ended();
    else this.setPrompt();
    var ms = root.performance.now() - t0;
    this.block.setAttribute('data-last-command-ms', ms.toFixed(2));
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

  /* The lab `labId` was solved in this console (the block's own lab, or another one started in
   * it with `lab start`). */
  Lab.prototype.solved = function (labId) {
    var store = loadStore();
    store.solved[labId] = { at: new Date().toISOString() };
    if (labId === this.id) {
      /* Solved: nothing to replay after a reload, and later commands are not stored. */
      delete store.runs[this.id];
      this.finished = true;
    }
    saveStore(store);
    this.status.hidden = false;
    if (labId === this.id) {
      this.block.classList.add('lab-is-solved');
      this.status.textContent = 'Solved. Your progress is saved in this browser.';
    } else {
      this.status.textContent = 'Lab ' + labId + ' solved. Your progress is saved in this browser.';
    }
    markSolvedLinks();
  };

  Lab.prototype.ended = function () {
    var store = loadStore();
    delete store.runs[this.id];
    saveStore(store);
    this.host.close(this.session);
    this.session = 0;
    this.input.disabled = true;
    this.print('[The session ended. Press Reset lab to start again.]\n');
    this.resetButton.focus();
  };

  /* Reset lab: a fresh session of the same lab; the stored commands are dropped. */
  Lab.prototype.reset = function () {
    var store = loadStore();
    delete store.runs[this.id];
    saveStore(store);
    if (this.session) this.host.close(this.session);
    this.session = 0;
    this.open(false);
    this.input.value = '';
    this.input.focus();
  };

  Lab.prototype.copy = function () {
    var text = this.log.textContent, self = this;
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
      this.print(this.prompt + input.value + '^C\n');
      input.value = '';
      this.historyPos = this.history.length;
      this.draft = '';
    } else if (e.ctrlKey && !e.altKey && !e.metaKey && (e.key === 'l' || e.key === 'L')) {
      e.preventDefault();
      this.log.textContent = '';
    } else if (e.key === 'ArrowUp' && !e.altKey) {
      if (this.historyPos === 0) return;
      e.preventDefault();
      if (this.historyPos === this.history.length) this.draft = input.value;
      this.historyPos--;
      input.value = this.history[this.historyPos];
      input.setSelectionRange(input.value.length, input.value.length);
    } else if (e.key === 'ArrowDown' && !e.altKey) {
      if (this.historyPos >= this.history.length) return;
      e.preventDefault();
      this.historyPos++;
      input.value = this.historyPos === this.history.length ? this.draft : this.history[this.historyPos];
      input.setSelectionRange(input.value.length, input.value.length);
    } else if (e.key === 'Tab' && !e.shiftKey && !e.ctrlKey && !e.altKey && !e.metaKey) {
      /* An empty line keeps Tab for moving focus, so the keyboard never gets trapped. */
      if (!input.value || !this.session) return;
      e.preventDefault();
      this.completeLine();
    }
  };

  /* Tab completion through the core: one candidate replaces the last word (plus a space); several
   * extend it to their common prefix, or, when that adds nothing, are listed like bash does. */
  Lab.prototype.completeLine = function () {
    var input = this.input;
    var line = input.value.slice(0, input.selectionStart);
    var rest = input.value.slice(input.selectionEnd);
    var candidates = this.host.complete(this.session, line);
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

  /* Paste of several lines: each complete line runs in turn, the last fragment stays typed. */
  Lab.prototype.onPaste = function (e) {
    var data = e.clipboardData && e.clipboardData.getData('text/plain');
    if (!data || !/[\r\n]/.test(data)) return;
    e.preventDefault();
    var input = this.input;
    var text = input.value.slice(0, input.selectionStart) + data + input.value.slice(input.selectionEnd);
    var lines = text.replace(/\r\n?/g, '\n').split('\n');
    var last = lines.pop();
    input.value = '';
    for (var i = 0; i < lines.length && this.session; i++) this.run(lines[i]);
    input.value = last;
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

  function init() {
    markSolvedLinks();
    var blocks = document.querySelectorAll('.lab[data-lab]');
    if (!blocks.length) return;
    var css = el('link', { rel: 'stylesheet', href: new URL(
      (blocks[0].getAttribute('data-emu-base') || 'emu/') + 'console.css', document.baseURI).href });
    document.head.appendChild(css);
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
