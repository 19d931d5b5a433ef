// site.js: progressive enhancements of every page; the pages work without it. Adds a copy
// button to code blocks, the small-screen menu toggle, and the Pagefind search box when the
// search index exists.
(function () {
  'use strict';
  document.documentElement.classList.add('js');
  var root = document.body.getAttribute('data-root') || './';

  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
    return new Promise(function (resolve, reject) {
      var area = document.createElement('textarea');
      area.value = text;
      area.setAttribute('readonly', '');
      area.style.position = 'fixed';
      area.style.opacity = '0';
      document.body.appendChild(area);
      area.select();
      try { document.execCommand('copy') ? resolve() : reject(new Error('copy failed')); }
      catch (e) { reject(e); }
      document.body.removeChild(area);
    });
  }

  function addCopyButtons() {
    var blocks = document.querySelectorAll('main pre > code');
    Array.prototype.forEach.call(blocks, function (code) {
      var pre = code.parentNode;
      var button = document.createElement('button');
      button.type = 'button';
      button.className = 'copy-button';
      button.textContent = 'Copy';
      button.setAttribute('aria-label', 'Copy code to clipboard');
      var status = document.createElement('span');
      status.className = 'visually-hidden';
      status.setAttribute('role', 'status');
      status.style.cssText = 'position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)';
      button.addEventListener('click', function () {
        copyText(code.innerText).then(function () {
          button.textContent = 'Copied';
          status.textContent = 'Copied to clipboard';
        }, function () {
          button.textContent = 'Press Ctrl+C';
          var range = document.createRange();
          range.selectNodeContents(code);
          var sel = window.getSelection();
          sel.removeAllRanges();
          sel.addRange(range);
        });
        setTimeout(function () { button.textContent = 'Copy'; status.textContent = ''; }, 2000);
      });
      pre.appendChild(button);
      pre.appendChild(status);
    });
  }

  function addMenuToggle() {
    var sidebar = document.getElementById('sidebar');
    if (!sidebar) return;
    var button = document.createElement('button');
    button.type = 'button';
    button.className = 'menu-toggle';
    button.textContent = 'Menu';
    button.setAttribute('aria-controls', 'sidebar');
    button.setAttribute('aria-expanded', 'false');
    sidebar.classList.add('collapsed');
    button.addEventListener('click', function () {
      var collapsed = sidebar.classList.toggle('collapsed');
      button.setAttribute('aria-expanded', collapsed ? 'false' : 'true');
    });
    sidebar.insertBefore(button, sidebar.firstChild);
  }

  function addSearch() {
    var box = document.getElementById('search');
    if (!box || location.protocol === 'file:') return;
    var script = document.createElement('script');
    script.src = root + 'pagefind/pagefind-ui.js';
    script.onload = function () {
      var css = document.createElement('link');
      css.rel = 'stylesheet';
      css.href = root + 'pagefind/pagefind-ui.css';
      document.head.appendChild(css);
      /* global PagefindUI */
      new PagefindUI({ element: '#search', showImages: false, resetStyles: false });
      /* Pagefind labels its input with a title only; give it an accessible name. */
      var input = box.querySelector('input');
      if (input) input.setAttribute('aria-label', 'Search the handbook');
    };
    document.head.appendChild(script);
  }

  addCopyButtons();
  addMenuToggle();
  addSearch();
})();
