/* cost.js: the cost guide's calculator (the ```cost fence, generator/transform_cost.c). The
 * build wrote the worked example's results into the page; this file shows the form and, on
 * every change, recomputes the results with the same C code (emulator/views/cost.c) in the lab
 * module's Web Worker (emu/worker.js, op 'cost': it loads the calculator's own small module,
 * emu-cost.wasm, not the labs'), replacing the results in place. Nothing loads
 * until the reader touches the form. No inline script or style. */
(function (root) {
  'use strict';
  if (typeof document === 'undefined' || !root.Worker) return;

  function Calculator(section) {
    this.section = section;
    this.form = section.querySelector('.cost-form');
    this.results = section.querySelector('.cost-results');
    this.status = section.querySelector('.cost-note');
    this.base = new URL(section.getAttribute('data-emu-base') || 'emu/', document.baseURI).href;
    this.worker = null;
    this.pending = {};
    this.next = 1;
    this.timer = 0;
    this.asked = 0; /* the last request sent: older answers are dropped */
    var self = this;
    this.form.hidden = false;
    this.form.addEventListener('submit', function (e) { e.preventDefault(); self.compute(); });
    this.form.addEventListener('input', function () {
      clearTimeout(self.timer);
      self.timer = setTimeout(function () { self.compute(); }, 150);
    });
    this.form.addEventListener('change', function () { clearTimeout(self.timer); self.compute(); });
    /* start the module while the reader is on the form, so the first change answers at once */
    this.form.addEventListener('focusin', function () { self.start(); }, { once: true });
  }

  Calculator.prototype.start = function () {
    if (this.worker) return;
    var self = this;
    this.worker = new root.Worker(this.base + 'worker.js');
    this.worker.onmessage = function (e) {
      var done = self.pending[e.data.id];
      delete self.pending[e.data.id];
      if (done) done(e.data);
    };
    this.worker.onerror = function (e) {
      e.preventDefault();
      self.say('The calculator could not start (' + (e.message || 'worker error') + '); the ' +
               'results shown are the worked example the page was built with.');
    };
  };

  Calculator.prototype.say = function (text, error) {
    this.status.textContent = text;
    this.status.classList.toggle('cost-error', !!error);
  };

  /* The form as the calculator's "key=value" lines. */
  Calculator.prototype.params = function () {
    var lines = [];
    Array.prototype.forEach.call(this.form.elements, function (el) {
      if (el.name) lines.push(el.name + '=' + String(el.value).trim());
    });
    return lines.join('\n') + '\n';
  };

  Calculator.prototype.compute = function () {
    var invalid = Array.prototype.filter.call(this.form.elements, function (el) {
      return el.name && el.validity && !el.validity.valid;
    });
    if (invalid.length) {
      var label = invalid[0].labels && invalid[0].labels[0] ? invalid[0].labels[0].textContent : invalid[0].name;
      this.say(label + ': ' + (invalid[0].validationMessage || 'not a valid value') +
               ' The results below are for the last valid inputs.', true);
      return;
    }
    this.start();
    var self = this, id = this.next++;
    this.asked = id;
    this.pending[id] = function (answer) {
      if (id !== self.asked) return;
      if (answer.error !== undefined) {
        self.say(answer.error + '. The results below are for the last valid inputs.', true);
        return;
      }
      self.results.innerHTML = answer.result.text; /* the core's own markup, escaped there */
      self.say('Results updated for these inputs.');
    };
    this.worker.postMessage({ id: id, op: 'cost', params: this.params(), figure: this.section.id });
  };

  function init() {
    Array.prototype.forEach.call(document.querySelectorAll('section.cost'), function (s) {
      if (!s.getAttribute('data-cost-ready')) {
        s.setAttribute('data-cost-ready', '1');
        new Calculator(s);
      }
    });
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
  else init();
})(typeof window !== 'undefined' ? window : this);
