/* timeline.js: the step timelines' keyboard and pointer details, and the lab console's panel.
 * A timeline (emulator/views/timeline.c) is complete without this file: its SVG names every
 * phase in a <title> (a tooltip on hover) and its table holds the same figures. With it, the
 * chart takes focus once and the arrow keys move a cursor over the phases (Left/Right along a
 * row, Up/Down to the row above or below at the same time, Home/End to a row's ends), each
 * phase read out in the line under the chart; pointing at or tapping a phase does the same.
 * HandbookTimeline.showPanel(block, html) puts a drawing of the lab's `timeline` command into
 * a panel beside that lab's console (wasm/console.js calls it). No inline script or style. */
(function (root) {
  'use strict';
  if (root.HandbookTimeline || typeof document === 'undefined') return;

  function num(el, name) { return parseFloat(el.getAttribute(name)) || 0; }

  function enhance(fig) {
    if (!fig || fig.getAttribute('data-tl-ready')) return;
    fig.setAttribute('data-tl-ready', '1');
    var chart = fig.querySelector('.tl-chart');
    var detail = fig.querySelector('.tl-detail');
    var segs = Array.prototype.slice.call(fig.querySelectorAll('.tl-seg'));
    if (!chart || !detail || !segs.length) return;
    /* the rows, each in time order */
    var rows = [], rowOfY = {};
    segs.forEach(function (s) {
      var y = s.getAttribute('y');
      if (!(y in rowOfY)) { rowOfY[y] = rows.length; rows.push([]); }
      rows[rowOfY[y]].push(s);
    });
    rows.forEach(function (r) { r.sort(function (a, b) { return num(a, 'x') - num(b, 'x'); }); });
    var cur = null; /* {row, i} */

    detail.hidden = false;
    detail.textContent = 'Point at a phase, or focus the chart and use the arrow keys, to read it here.';
    /* the core's name for the chart (which job, which steps), and how to move in it */
    chart.setAttribute('aria-label', (chart.getAttribute('aria-label') || 'Step timeline chart') +
      ': the arrow keys move between phases, Left and Right along a row, Up and Down between ' +
      'rows, Home and End to the ends of a row');
    chart.setAttribute('aria-describedby', detail.id);

    function titleOf(seg) {
      var t = seg.querySelector('title');
      return t ? t.textContent : '';
    }
    /* keeps the cursor's phase in view when the chart scrolls sideways */
    function reveal(seg) {
      var box = chart.getBoundingClientRect(), r = seg.getBoundingClientRect();
      if (r.left < box.left) chart.scrollLeft -= box.left - r.left + 16;
      else if (r.right > box.right) chart.scrollLeft += r.right - box.right + 16;
    }
    function show(row, i, scroll) {
      if (cur) rows[cur.row][cur.i].classList.remove('tl-cur');
      cur = { row: row, i: i };
      var seg = rows[row][i];
      seg.classList.add('tl-cur');
      detail.textContent = titleOf(seg);
      if (scroll) reveal(seg);
    }
    /* the phase of row that covers the middle of the current one (or the nearest) */
    function sameTime(row) {
      var seg = rows[cur.row][cur.i];
      var mid = num(seg, 'x') + num(seg, 'width') / 2;
      var best = 0, dist = Infinity;
      rows[row].forEach(function (s, i) {
        var x0 = num(s, 'x'), x1 = x0 + num(s, 'width');
        var d = mid < x0 ? x0 - mid : mid > x1 ? mid - x1 : 0;
        if (d < dist) { dist = d; best = i; }
      });
      return best;
    }
    chart.addEventListener('focus', function () { if (!cur) show(0, 0, true); });
    chart.addEventListener('keydown', function (e) {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      if (!cur) show(0, 0, true);
      var row = cur.row, i = cur.i;
      switch (e.key) {
      case 'ArrowRight': i = Math.min(i + 1, rows[row].length - 1); break;
      case 'ArrowLeft': i = Math.max(i - 1, 0); break;
      case 'ArrowDown': if (row + 1 < rows.length) { row++; i = sameTime(row); } break;
      case 'ArrowUp': if (row > 0) { row--; i = sameTime(row); } break;
      case 'Home': i = 0; break;
      case 'End': i = rows[row].length - 1; break;
      default: return;
      }
      e.preventDefault();
      show(row, i, true);
    });
    function pointed(e) {
      var seg = e.target && e.target.closest ? e.target.closest('.tl-seg') : null;
      if (!seg) return;
      var row = rowOfY[seg.getAttribute('y')];
      show(row, rows[row].indexOf(seg), false);
    }
    chart.addEventListener('mouseover', pointed);
    chart.addEventListener('click', pointed);
  }

  function enhanceAll(scope) {
    Array.prototype.forEach.call((scope || document).querySelectorAll('figure.tl'), enhance);
  }

  /* The lab console's panel: created beside the console on first use, replaced by each new
   * drawing. html is the core's own output (emu_session_panel): markup it built and escaped. */
  function showPanel(block, html) {
    if (!block || !html) return;
    var panel = block.querySelector('.lab-panel');
    var id = (block.id || 'lab') + '-timeline';
    if (!panel) {
      panel = document.createElement('aside');
      panel.className = 'lab-panel';
      panel.setAttribute('aria-labelledby', id + '-heading');
      var head = document.createElement('div');
      head.className = 'lab-panel-head';
      var h = document.createElement('h3');
      h.id = id + '-heading';
      h.textContent = 'Step timeline';
      var close = document.createElement('button');
      close.type = 'button';
      close.className = 'lab-panel-close';
      close.textContent = 'Close timeline';
      close.addEventListener('click', function () {
        panel.hidden = true;
        block.classList.remove('lab-has-panel');
        var input = block.querySelector('.lab-input');
        if (input) input.focus();
      });
      head.appendChild(h);
      head.appendChild(close);
      var body = document.createElement('div');
      body.className = 'lab-panel-body';
      panel.appendChild(head);
      panel.appendChild(body);
      var console = block.querySelector('.lab-console');
      if (console && console.nextSibling) block.insertBefore(panel, console.nextSibling);
      else block.appendChild(panel);
    }
    panel.hidden = false;
    block.classList.add('lab-has-panel');
    var target = panel.querySelector('.lab-panel-body');
    /* the core names its drawing tl-panel: one name per lab block on the page */
    target.innerHTML = html.split('tl-panel').join(id);
    enhanceAll(target);
  }

  root.HandbookTimeline = { enhance: enhance, showPanel: showPanel };
  if (document.readyState === 'loading')
    document.addEventListener('DOMContentLoaded', function () { enhanceAll(); });
  else
    enhanceAll();
})(typeof window !== 'undefined' ? window : this);
