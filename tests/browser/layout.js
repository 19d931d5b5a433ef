/* layout.js: the in-page checks of the browser tests that a page shows all of its text: no text
 * clipped by a box that does not scroll, none cut off at the window's edge, no two pieces of text
 * drawn over each other, no sideways scroll of the page; and that every control that takes
 * focus is visible when focused and has a name; and that no word breaks across lines where it
 * may not. Each function runs in the page
 * (page.evaluate(fn)) and returns a list of problems, [] when there is none. */
'use strict';

/* Text that is clipped or overlapped. Every visible text node is measured line by line
 * (Range.getClientRects). A box that clips (overflow other than visible) and does not scroll
 * on that axis must hold the text; a box that scrolls may hide it (the reader scrolls to it),
 * and only the part inside it counts for overlaps. Text meant to be read by screen readers
 * only (1 px clipped boxes) and the skip link before it is focused are not drawn text. */
function textProblems() {
  const problems = [];
  const doc = document.documentElement;
  const width = doc.clientWidth;
  if (doc.scrollWidth > width + 1) problems.push(`the page scrolls sideways (${doc.scrollWidth} px wide in a ${width} px window)`);

  const offscreenOnly = (e) => {
    for (let a = e; a && a !== document.body; a = a.parentElement) {
      const cs = getComputedStyle(a);
      if (cs.position === 'absolute' && a.getBoundingClientRect().width <= 1) return true; /* visually hidden */
      if (cs.clipPath && cs.clipPath !== 'none') return true;
      if (cs.clip && cs.clip !== 'auto') return true;
      if (a.classList.contains('skip-link') && document.activeElement !== a) return true;
    }
    return false;
  };
  const describe = (node) => {
    const e = node.parentElement;
    const where = e.id ? `#${e.id}` : e.className && typeof e.className === 'string'
      ? `${e.tagName.toLowerCase()}.${e.className.trim().split(/\s+/)[0]}` : e.tagName.toLowerCase();
    return `"${node.nodeValue.trim().slice(0, 40)}" (${where})`;
  };

  /* Clip boxes of an element's ancestors, in page coordinates, with whether each scrolls. */
  const clipCache = new Map();
  const clipsOf = (e) => {
    if (clipCache.has(e)) return clipCache.get(e);
    let list = [];
    if (e.parentElement && e !== document.body) list = clipsOf(e.parentElement).slice();
    if (e !== document.body && e !== doc) {
      const cs = getComputedStyle(e);
      if (cs.overflowX !== 'visible' || cs.overflowY !== 'visible') {
        const r = e.getBoundingClientRect();
        const left = r.left + scrollX + e.clientLeft, top = r.top + scrollY + e.clientTop;
        list.push({ e, left, top, right: left + e.clientWidth, bottom: top + e.clientHeight,
                    scrollX: /auto|scroll/.test(cs.overflowX), scrollY: /auto|scroll/.test(cs.overflowY) });
      }
    }
    clipCache.set(e, list);
    return list;
  };

  const pieces = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
    acceptNode: (n) => (/\S/.test(n.nodeValue) ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT),
  });
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const e = node.parentElement;
    if (!e || /^(SCRIPT|STYLE|NOSCRIPT|TEMPLATE|TITLE|OPTION)$/.test(e.tagName)) continue;
    if (e.checkVisibility && !e.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    if (offscreenOnly(e)) continue;
    range.selectNodeContents(node);
    const clips = clipsOf(e);
    for (const r of range.getClientRects()) {
      if (r.width < 0.5 || r.height < 0.5) continue;
      let box = { left: r.left + scrollX, top: r.top + scrollY, right: r.right + scrollX, bottom: r.bottom + scrollY };
      let clipped = null;
      for (const c of clips) {
        const outX = box.left < c.left - 1 || box.right > c.right + 1;
        const outY = box.top < c.top - 1 || box.bottom > c.bottom + 1;
        if ((outX && !c.scrollX) || (outY && !c.scrollY)) { clipped = c; break; }
        box = { left: Math.max(box.left, c.left), top: Math.max(box.top, c.top),
                right: Math.min(box.right, c.right), bottom: Math.min(box.bottom, c.bottom) };
        if (box.right <= box.left || box.bottom <= box.top) { box = null; break; } /* scrolled out of view */
      }
      if (clipped) {
        const ce = clipped.e;
        problems.push(`text clipped by ${ce.tagName.toLowerCase()}${ce.className ? '.' + String(ce.className).split(/\s+/)[0] : ''}: ${describe(node)}`);
        continue;
      }
      if (!box) continue;
      /* What is left in view must be inside the page (a box that scrolls holds the rest). */
      if (box.right > doc.scrollWidth + 1 || box.left < -1) {
        problems.push(`text cut off at the window's edge: ${describe(node)} spans x ${Math.round(box.left)}-${Math.round(box.right)}`);
        continue;
      }
      pieces.push({ box, node });
    }
  }

  /* Overlaps: pieces of different text nodes whose boxes intersect by more than a pixel each
   * way (sorted by top, each compared with those that start above its bottom). */
  pieces.sort((a, b) => a.box.top - b.box.top);
  const seen = new Set();
  for (let i = 0; i < pieces.length; i++) {
    const a = pieces[i].box;
    for (let j = i + 1; j < pieces.length && pieces[j].box.top < a.bottom - 1; j++) {
      if (pieces[j].node === pieces[i].node) continue;
      const b = pieces[j].box;
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w > 1 && h > 1) {
        const key = `${describe(pieces[i].node)} / ${describe(pieces[j].node)}`;
        if (!seen.has(key)) { seen.add(key); problems.push(`text overlaps text: ${key}`); }
      }
    }
  }
  return problems.slice(0, 12);
}

/* Words broken across lines where no break is allowed ("Workl" / "oads"): each run of letters
 * and digits of the page's text (line breaking may break at spaces and at some punctuation,
 * never inside such a run) must sit on one line, unless the whole word around it (up to the
 * spaces, across inline elements such as code, with their padding) is wider than its block's
 * line (a long URL: it breaks at the line's end) and that block is not a table cell (a cell
 * grows to its longest word; the table scrolls). */
function wordBreakProblems() {
  const problems = [];
  const range = document.createRange();
  const isInline = (e) => /^inline/.test(getComputedStyle(e).display);
  const blockOf = (e) => {
    for (let a = e; a; a = a.parentElement) if (!isInline(a)) return a;
    return document.body;
  };
  /* The text of each block as a list of pieces {node, start} in order, with its string. */
  const blocks = new Map();
  const walker = document.createTreeWalker(document.querySelector('main') || document.body, NodeFilter.SHOW_TEXT, {
    acceptNode: (n) => (/\S/.test(n.nodeValue) ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT),
  });
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const e = node.parentElement;
    if (!e || e.closest('pre, script, style, svg, .visually-hidden, .lab-vh')) continue;
    if (e.checkVisibility && !e.checkVisibility({ checkVisibilityCSS: true })) continue;
    const block = blockOf(e);
    if (!blocks.has(block)) blocks.set(block, { pieces: [], text: '' });
    const b = blocks.get(block);
    b.pieces.push({ node, start: b.text.length });
    b.text += node.nodeValue;
  }
  for (const [block, b] of blocks) {
    range.selectNodeContents(block);
    if (range.getClientRects().length < 2 && block.getClientRects().length < 2 &&
        block.getBoundingClientRect().height < 2.5 * parseFloat(getComputedStyle(block).lineHeight || 20)) continue;
    const cs = getComputedStyle(block);
    const line = block.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    const inCell = !!block.closest('td, th');
    /* The pieces of text in [from, to) of the block's string, as {node, a, b}. */
    const slices = (from, to) => b.pieces.filter((p) => p.start < to && p.start + p.node.nodeValue.length > from)
      .map((p) => ({ node: p.node, a: Math.max(0, from - p.start), b: Math.min(p.node.nodeValue.length, to - p.start) }));
    const measure = (from, to) => {
      let width = 0;
      const rects = [], extra = new Set();
      for (const sl of slices(from, to)) {
        range.setStart(sl.node, sl.a);
        range.setEnd(sl.node, sl.b);
        for (const r of range.getClientRects()) {
          if (r.width <= 0.5) continue;
          width += r.width;
          rects.push(r);
        }
        for (let a = sl.node.parentElement; a && a !== block; a = a.parentElement) extra.add(a);
      }
      /* Lines: rects that overlap vertically are on one line (code and text differ in height). */
      rects.sort((x, y) => x.top - y.top);
      let lines = 0, bottom = -Infinity;
      for (const r of rects) {
        if (r.top >= bottom - 2) { lines++; bottom = r.bottom; } else bottom = Math.max(bottom, r.bottom);
      }
      for (const a of extra) {
        const s = getComputedStyle(a);
        width += ['paddingLeft', 'paddingRight', 'borderLeftWidth', 'borderRightWidth', 'marginLeft', 'marginRight']
          .reduce((w, k) => w + (parseFloat(s[k]) || 0), 0);
      }
      return { lines, width };
    };
    const tokens = /\S+/g, runs = /[\p{L}\p{N}_]+/gu;
    let t, m;
    while ((t = tokens.exec(b.text))) {
      const token = measure(t.index, t.index + t[0].length);
      /* On one line; or wider than its line where the line cannot grow. */
      if (token.lines < 2 || (token.width > line - 1 && !inCell)) continue;
      runs.lastIndex = 0;
      while ((m = runs.exec(t[0]))) {
        const run = measure(t.index + m.index, t.index + m.index + m[0].length);
        if (run.lines > 1) problems.push(`"${m[0]}" broken across lines in ${block.tagName.toLowerCase()} (${Math.round(token.width)} px word, ${Math.round(line)} px line)`);
      }
    }
  }
  return problems.slice(0, 12);
}

/* Every control that takes focus (links, buttons, fields, focusable boxes): once focused it is
 * on screen, not transparent, at least 8 px each way, and it has an accessible name. */
function focusProblems() {
  const problems = [];
  const focusable = document.querySelectorAll('a[href], button, input:not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])');
  const nameOf = (e) => {
    const label = e.getAttribute('aria-label') || '';
    const by = (e.getAttribute('aria-labelledby') || '').split(/\s+/).filter(Boolean)
      .map((id) => (document.getElementById(id) || {}).textContent || '').join(' ');
    const labels = e.labels ? Array.from(e.labels).map((l) => l.textContent).join(' ') : '';
    const alt = Array.from(e.querySelectorAll('img[alt], svg title')).map((i) => i.getAttribute('alt') || i.textContent).join(' ');
    return (label + by + labels + (e.textContent || '') + alt + (e.getAttribute('title') || '')).trim();
  };
  for (const e of focusable) {
    if (e.disabled || (e.checkVisibility && !e.checkVisibility({ checkVisibilityCSS: true }))) continue;
    if (e.closest('[hidden], [inert]')) continue;
    e.focus({ preventScroll: false });
    if (document.activeElement !== e) continue; /* not focusable after all (e.g. display: none) */
    const r = e.getBoundingClientRect();
    let opacity = 1;
    for (let a = e; a; a = a.parentElement) opacity *= parseFloat(getComputedStyle(a).opacity);
    const what = `${e.tagName.toLowerCase()}${e.className && typeof e.className === 'string' ? '.' + e.className.trim().split(/\s+/)[0] : ''} "${nameOf(e).slice(0, 30)}"`;
    if (r.width < 8 || r.height < 8) problems.push(`focused control too small to see (${Math.round(r.width)}x${Math.round(r.height)} px): ${what}`);
    else if (opacity < 0.5) problems.push(`focused control nearly transparent (opacity ${opacity}): ${what}`);
    else if (r.bottom <= 0 || r.right <= 0 || r.top >= innerHeight || r.left >= innerWidth) problems.push(`focused control off screen: ${what}`);
    if (!nameOf(e)) problems.push(`control without a name: ${what}`);
  }
  if (document.activeElement) document.activeElement.blur();
  scrollTo(0, 0);
  return problems.slice(0, 12);
}

module.exports = { textProblems, wordBreakProblems, focusProblems };
