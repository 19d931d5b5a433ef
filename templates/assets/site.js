// site.js: progressive enhancements of every page; the pages work without it. Code blocks get a
// Copy button in a bar above them (console blocks copy their commands only); tables and code
// blocks that scroll sideways become focusable, and tables show a shadow at the edge that hides
// more; the small-screen menu toggle; the theme control (theme.js); keys: Left and Right for the
// previous and next page (as mdBook), / and Ctrl-K for the search box; the table of contents
// marks the section being read; the Pagefind search box, whose results open at their section
// with the terms marked.
(function () {
  'use strict';
  document.documentElement.classList.add('js');
  var root = document.body.getAttribute('data-root') || './';

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    for (var k in attrs) if (Object.prototype.hasOwnProperty.call(attrs, k)) e.setAttribute(k, attrs[k]);
    if (text) e.textContent = text;
    return e;
  }

  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
    return new Promise(function (resolve, reject) {
      var area = el('textarea', { readonly: '', 'class': 'visually-hidden', 'aria-hidden': 'true' });
      area.value = text;
      document.body.appendChild(area);
      area.select();
      try { document.execCommand('copy') ? resolve() : reject(new Error('copy failed')); }
      catch (e) { reject(e); }
      document.body.removeChild(area);
    });
  }

  /* ---- code blocks ------------------------------------------------------------------------ */

  /* A shell prompt at the start of a console line: "$ " or "user@node01:~$ " (never "#", which
   * starts the comment lines of tool output such as nccl-tests). */
  var PROMPT = /^(?:[\w.-]+@[\w.-]+:[^\s$]*)?\$ /;

  /* The commands of a console block, one a line, without prompts or output. Build-time
   * examples mark each command (.emu-command); hand-written blocks are read line by line, a
   * command going on over lines that end in a backslash. null when the block has no command. */
  function consoleCommands(code) {
    var marked = code.querySelectorAll('.emu-command');
    if (marked.length) return Array.prototype.map.call(marked, function (e) { return e.textContent; }).join('\n');
    var lines = code.textContent.split('\n'), out = [], continued = false;
    for (var i = 0; i < lines.length; i++) {
      var line = lines[i];
      if (continued) out.push(line);
      else if (PROMPT.test(line)) out.push(line.replace(PROMPT, ''));
      else continue;
      continued = /\\$/.test(line);
    }
    return out.length ? out.join('\n') : null;
  }
  /* Exported for the browser tests. */
  window.HandbookSite = { consoleCommands: consoleCommands, PROMPT: PROMPT };

  function addCopyButtons() {
    var blocks = document.querySelectorAll('main pre > code');
    Array.prototype.forEach.call(blocks, function (code) {
      var pre = code.parentNode;
      if (pre.closest('.lab')) return; /* the lab's own transcript and console */
      var isConsole = /\blanguage-console\b/.test(code.className);
      var commands = isConsole ? consoleCommands(code) : null;
      var what = commands !== null ? 'commands' : 'code';
      var wrap = el('div', { 'class': 'code-block' });
      var bar = el('div', { 'class': 'code-bar' });
      var button = el('button', { type: 'button', 'class': 'copy-button',
        'aria-label': commands !== null ? 'Copy commands, without prompts or output' : 'Copy code to clipboard' },
        commands !== null ? 'Copy commands' : 'Copy');
      var status = el('span', { 'class': 'visually-hidden', role: 'status' });
      var label = button.textContent;
      button.addEventListener('click', function () {
        var text = commands !== null ? commands : code.innerText.replace(/\n$/, '');
        copyText(text).then(function () {
          button.textContent = 'Copied';
          status.textContent = 'Copied the ' + what + ' to the clipboard';
        }, function () {
          button.textContent = 'Press Ctrl+C';
          var range = document.createRange();
          range.selectNodeContents(code);
          var sel = window.getSelection();
          sel.removeAllRanges();
          sel.addRange(range);
        });
        setTimeout(function () { button.textContent = label; status.textContent = ''; }, 2000);
      });
      pre.parentNode.insertBefore(wrap, pre);
      bar.appendChild(button);
      bar.appendChild(status);
      wrap.appendChild(bar);
      wrap.appendChild(pre);
    });
  }

  /* ---- boxes that scroll sideways ---------------------------------------------------------- */

  function wrapTables() {
    var tables = document.querySelectorAll('main table');
    Array.prototype.forEach.call(tables, function (table) {
      if (table.parentNode.classList.contains('table-scroll')) return;
      var wrap = el('div', { 'class': 'table-wrap' });
      var scroll = el('div', { 'class': 'table-scroll' });
      table.parentNode.insertBefore(wrap, table);
      scroll.appendChild(table);
      wrap.appendChild(scroll);
      scroll.addEventListener('scroll', function () { markEdges(scroll); }, { passive: true });
    });
  }

  /* The shadows at the edges of a table box that hide columns. */
  function markEdges(scroll) {
    var wrap = scroll.parentNode, max = scroll.scrollWidth - scroll.clientWidth;
    wrap.classList.toggle('more-left', max > 1 && scroll.scrollLeft > 1);
    wrap.classList.toggle('more-right', max > 1 && scroll.scrollLeft < max - 1);
  }

  /* A box that scrolls sideways is a tab stop with a name, so keyboard users can scroll it
   * (the arrow keys then scroll it rather than turn the page); one that fits is not. */
  function updateScrollers() {
    var boxes = document.querySelectorAll('main .table-scroll, main pre'), counts = { table: 0, code: 0 };
    Array.prototype.forEach.call(boxes, function (box) {
      if (box.closest('.lab-console')) return; /* the console's log is focusable on its own */
      var scrolls = box.scrollWidth > box.clientWidth + 1;
      var isTable = box.classList.contains('table-scroll');
      var n = ++counts[isTable ? 'table' : 'code']; /* regions need names of their own */
      if (scrolls && !box.hasAttribute('tabindex')) {
        box.setAttribute('tabindex', '0');
        box.setAttribute('role', 'region');
        box.setAttribute('aria-label', (isTable ? 'Table ' : 'Code block ') + n + ' (scrolls sideways)');
        box.setAttribute('data-scroll-focus', '');
      } else if (!scrolls && box.hasAttribute('data-scroll-focus')) {
        box.removeAttribute('tabindex');
        box.removeAttribute('role');
        box.removeAttribute('aria-label');
        box.removeAttribute('data-scroll-focus');
      }
      if (isTable) markEdges(box);
    });
  }

  /* ---- menu and theme ---------------------------------------------------------------------- */

  function addMenuToggle() {
    var sidebar = document.getElementById('sidebar');
    if (!sidebar) return;
    var button = el('button', { type: 'button', 'class': 'menu-toggle', 'aria-controls': 'sidebar',
                                'aria-expanded': 'false' }, 'Menu');
    sidebar.classList.add('collapsed');
    button.addEventListener('click', function () {
      var collapsed = sidebar.classList.toggle('collapsed');
      button.setAttribute('aria-expanded', collapsed ? 'false' : 'true');
    });
    sidebar.insertBefore(button, sidebar.firstChild);
  }

  /* The theme button cycles Auto (the system's scheme) -> Light -> Dark, with an icon for the
   * scheme in use and a name that says it and what a press does. */
  var THEME_ICONS = {
    auto: 'M12 3a9 9 0 1 0 0 18a9 9 0 0 0 0-18zm0 2v14a7 7 0 0 1 0-14z',
    light: 'M12 7a5 5 0 1 0 0 10a5 5 0 0 0 0-10zM11 1h2v3h-2zM11 20h2v3h-2zM1 11h3v2H1zM20 11h3v2h-3zM4.2 5.6l1.4-1.4 2.1 2.1-1.4 1.4zM16.3 17.7l1.4-1.4 2.1 2.1-1.4 1.4zM4.2 18.4l2.1-2.1 1.4 1.4-2.1 2.1zM16.3 6.3l2.1-2.1 1.4 1.4-2.1 2.1z',
    dark: 'M20.5 14.5A8.5 8.5 0 0 1 9.5 3.5a8.5 8.5 0 1 0 11 11z'
  };
  var THEME_NAMES = { auto: 'Auto (follows the system)', light: 'Light', dark: 'Dark' };
  var THEME_NEXT = { auto: 'light', light: 'dark', dark: 'auto' };

  function addThemeSwitch() {
    var theme = window.HandbookTheme, header = document.querySelector('.site-header');
    if (!theme || !header) return;
    var svgNS = 'http://www.w3.org/2000/svg';
    var button = el('button', { type: 'button', 'class': 'theme-switch', id: 'theme-switch' });
    var svg = document.createElementNS(svgNS, 'svg');
    svg.setAttribute('viewBox', '0 0 24 24');
    svg.setAttribute('aria-hidden', 'true');
    svg.setAttribute('focusable', 'false');
    var icon = document.createElementNS(svgNS, 'path');
    icon.setAttribute('fill', 'currentColor');
    svg.appendChild(icon);
    button.appendChild(svg);
    function show() {
      var now = theme.get();
      icon.setAttribute('d', THEME_ICONS[now]);
      button.setAttribute('data-theme', now);
      button.setAttribute('aria-label', 'Theme: ' + THEME_NAMES[now] + '. Switch to ' +
                          THEME_NAMES[THEME_NEXT[now]].replace(/ \(.*/, '').toLowerCase());
      button.title = 'Theme: ' + THEME_NAMES[now];
    }
    button.addEventListener('click', function () {
      theme.set(THEME_NEXT[theme.get()]);
      show();
    });
    window.addEventListener('storage', show);
    show();
    header.appendChild(button);
  }

  /* ---- keys -------------------------------------------------------------------------------- */

  /* Typing somewhere (a field, the lab console, an editable element) or in a box the arrow keys
   * scroll: the page's own keys stay out of the way. */
  function typingIn(target) {
    if (!target || !target.closest) return false;
    if (target.isContentEditable) return true;
    if (target.closest('input, textarea, select, .lab-console')) return true;
    return false;
  }

  function followRel(rel) {
    var link = document.querySelector('a[rel="' + rel + '"]');
    if (link) window.location.href = link.href;
  }

  function focusSearch() {
    var input = document.querySelector('#search input');
    if (!input) return false;
    input.focus();
    input.select();
    return true;
  }

  function onKey(e) {
    if (e.defaultPrevented || e.isComposing) return;
    var plain = !e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey;
    /* Ctrl-K (Cmd-K) reaches the search box from anywhere but the lab console's input. */
    if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && (e.key === 'k' || e.key === 'K')) {
      if (e.target.closest && e.target.closest('.lab-console')) return;
      if (focusSearch()) e.preventDefault();
      return;
    }
    if (typingIn(e.target)) return;
    if (plain && e.key === '/') {
      if (focusSearch()) e.preventDefault();
    } else if (plain && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) {
      /* A focused box that scrolls sideways keeps the arrows for scrolling. */
      if (e.target.hasAttribute && e.target.hasAttribute('data-scroll-focus')) return;
      var sel = window.getSelection && window.getSelection();
      if (sel && !sel.isCollapsed) return; /* extending a selection */
      e.preventDefault();
      followRel(e.key === 'ArrowLeft' ? 'prev' : 'next');
    }
  }

  /* ---- the table of contents follows the scroll --------------------------------------------- */

  function followToc() {
    var toc = document.querySelector('.toc');
    if (!toc) return;
    var links = Array.prototype.slice.call(toc.querySelectorAll('a[href^="#"]'));
    var targets = links.map(function (a) {
      var id = decodeURIComponent(a.getAttribute('href').slice(1));
      return document.getElementById(id);
    });
    if (!links.length) return;
    var current = -1, pending = false;
    function update() {
      pending = false;
      /* The section being read: the last heading above a line a quarter down the window (the
       * last one at the very end of the page, which may never reach that line). */
      var line = window.innerHeight / 4, at = -1;
      for (var i = 0; i < targets.length; i++) {
        if (targets[i] && targets[i].getBoundingClientRect().top <= line) at = i;
      }
      var end = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      if (end && window.scrollY > 0) {
        for (var j = targets.length - 1; j >= 0; j--) {
          if (targets[j] && targets[j].getBoundingClientRect().top < window.innerHeight) { at = j; break; }
        }
      }
      if (at === current) return;
      if (current >= 0) links[current].removeAttribute('aria-current');
      current = at;
      if (at < 0) return;
      links[at].setAttribute('aria-current', 'true');
      /* Keep the marked entry in view when the contents box scrolls on its own (wide screens). */
      if (toc.scrollHeight > toc.clientHeight) {
        var box = toc.getBoundingClientRect(), r = links[at].getBoundingClientRect();
        if (r.top < box.top || r.bottom > box.bottom) toc.scrollTop += r.top - box.top - box.height / 3;
      }
    }
    function soon() {
      if (pending) return;
      pending = true;
      window.requestAnimationFrame(update);
    }
    window.addEventListener('scroll', soon, { passive: true });
    window.addEventListener('resize', soon);
    update();
  }

  /* ---- search ------------------------------------------------------------------------------- */

  /* A result opens at its best section: Pagefind's sub-results are the page's headings with
   * their matches; the title link goes to the one with the most. */
  function processResult(result) {
    var best = null;
    (result.sub_results || []).forEach(function (sub) {
      if (!best || (sub.locations || []).length > (best.locations || []).length) best = sub;
    });
    if (best && best.url && best.url.indexOf('#') > 0) result.url = best.url;
    return result;
  }

  function addSearch() {
    var box = document.getElementById('search');
    if (!box || location.protocol === 'file:') return;
    var script = el('script', { src: root + 'pagefind/pagefind-ui.js' });
    script.onload = function () {
      document.head.appendChild(el('link', { rel: 'stylesheet', href: root + 'pagefind/pagefind-ui.css' }));
      /* global PagefindUI */
      /* Pagefind's URLs start at the site's top ("/reference/..."): baseUrl is where that top
       * is served (a project page lives under /REPOSITORY/). */
      new PagefindUI({ element: '#search', showImages: false, resetStyles: false,
                       showSubResults: true, highlightParam: 'highlight', processResult: processResult,
                       baseUrl: new URL(root, document.baseURI).pathname });
      /* Pagefind labels its input with a title only; give it an accessible name. */
      var input = box.querySelector('input');
      if (input) {
        input.setAttribute('aria-label', 'Search the handbook');
        input.setAttribute('aria-keyshortcuts', '/ Control+K');
      }
      labelClear(box);
      closeOutside(box);
    };
    document.head.appendChild(script);
  }

  /* Pagefind's Clear button: a named control, present only while there is text to clear. */
  function labelClear(box) {
    function mark() {
      var clear = box.querySelector('.pagefind-ui__search-clear');
      if (clear && !clear.hasAttribute('aria-label')) clear.setAttribute('aria-label', 'Clear the search');
    }
    mark();
    new MutationObserver(mark).observe(box, { childList: true, subtree: true });
  }

  /* The results panel closes when focus and pointer leave the search box, and on Escape; it
   * opens again when the box takes focus from outside or the query changes. */
  function closeOutside(box) {
    box.addEventListener('focusin', function (e) {
      if (!e.relatedTarget || !box.contains(e.relatedTarget)) box.classList.remove('results-closed');
    });
    box.addEventListener('input', function () { box.classList.remove('results-closed'); });
    box.addEventListener('focusout', function (e) {
      if (!e.relatedTarget || !box.contains(e.relatedTarget)) box.classList.add('results-closed');
    });
    box.addEventListener('keydown', function (e) {
      if (e.key !== 'Escape') return;
      var input = box.querySelector('input');
      if (input && document.activeElement !== input) input.focus();
      box.classList.add('results-closed');
    });
    document.addEventListener('pointerdown', function (e) {
      if (!box.contains(e.target)) box.classList.add('results-closed');
    });
  }

  /* Arriving from a search result (?highlight=term): mark the terms in the text. */
  function highlightTerms() {
    if (!/[?&]highlight=/.test(location.search) || location.protocol === 'file:') return;
    var script = el('script', { type: 'module', src: root + 'pagefind/pagefind-highlight.js' });
    script.onload = function () {
      /* global PagefindHighlight */
      if (!window.PagefindHighlight) return;
      new window.PagefindHighlight({ highlightParam: 'highlight', addStyles: false,
        markContext: document.querySelector('main .body') || document.querySelector('main'),
        markOptions: { className: 'pagefind-highlight', exclude: ['[data-pagefind-ignore]', '[data-pagefind-ignore] *'] } });
      var target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
      var first = document.querySelector('mark.pagefind-highlight');
      /* At the section the result named; with no section, at the first marked term. */
      if (target) target.scrollIntoView();
      else if (first) first.scrollIntoView({ block: 'center' });
    };
    document.head.appendChild(script);
  }

  addCopyButtons();
  wrapTables();
  addMenuToggle();
  addThemeSwitch();
  addSearch();
  highlightTerms();
  followToc();
  updateScrollers();
  window.addEventListener('resize', updateScrollers);
  window.addEventListener('load', updateScrollers); /* fonts and diagrams may change widths */
  document.addEventListener('keydown', onKey);
})();
