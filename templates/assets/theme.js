// theme.js: the reader's colour scheme, applied before the first paint (the layout loads this
// script synchronously in <head>, right after dark.css). "auto" follows the system (dark.css's
// own media query); "light" and "dark" override it. The choice persists in localStorage under
// handbook-theme. site.js adds the control that calls HandbookTheme.set.
(function () {
  'use strict';
  var KEY = 'handbook-theme';
  var THEMES = ['auto', 'light', 'dark'];
  var AUTO_MEDIA = '(prefers-color-scheme: dark)';

  function stored() {
    try {
      var t = window.localStorage.getItem(KEY);
      return THEMES.indexOf(t) >= 0 ? t : 'auto';
    } catch (e) { return 'auto'; } /* storage off: the system decides */
  }

  function apply(theme) {
    var root = document.documentElement;
    var dark = document.getElementById('theme-dark');
    if (dark) dark.media = theme === 'dark' ? 'all' : theme === 'light' ? 'not all' : AUTO_MEDIA;
    if (theme === 'auto') root.removeAttribute('data-theme');
    else root.setAttribute('data-theme', theme);
  }

  window.HandbookTheme = {
    themes: THEMES,
    get: stored,
    /* Applies theme ('auto', 'light' or 'dark') and remembers it. */
    set: function (theme) {
      if (THEMES.indexOf(theme) < 0) return;
      try {
        if (theme === 'auto') window.localStorage.removeItem(KEY);
        else window.localStorage.setItem(KEY, theme);
      } catch (e) { /* not kept: applies to this page only */ }
      apply(theme);
    },
    /* Whether the page shows dark colours now (the choice, or the system under auto). */
    isDark: function () {
      var t = stored();
      return t === 'dark' || (t === 'auto' && !!window.matchMedia && window.matchMedia(AUTO_MEDIA).matches);
    }
  };
  apply(stored());
  /* Another tab changed the theme. */
  window.addEventListener('storage', function (e) { if (e.key === KEY) apply(stored()); });
})();
