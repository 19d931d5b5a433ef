// nav.js: the whole navigation tree in the sidebar, for readers with JavaScript. Each page
// carries a bounded sidebar (the folders above it, its neighbours, links to the section
// pages that list the rest); this script loads the site's one tree file, nav-tree.js (the same
// for every page, so the browser fetches it once), and puts every group and page in its place:
// the current group and the folders above the page open, the rest behind toggles. Folders are
// built only when opened, so a section of thousands of pages costs nothing until then.
(function () {
  'use strict';
  var sidebar = document.getElementById('sidebar');
  var list = sidebar && sidebar.querySelector('ul.nav-groups');
  if (!list) return;
  var root = document.body.getAttribute('data-root') || './';

  // The page's own address, to find it in the tree ("a/b/" and "a/b/index.html" alike).
  function normal(href) {
    var path = new URL(href, location.href).pathname;
    return path.replace(/index\.html$/, '');
  }
  var here = normal(location.href);

  // The group's flat pages (reading order, each with its level) as a tree of nodes.
  function nest(pages) {
    var top = { children: [] }, stack = [{ node: top, level: -1 }];
    pages.forEach(function (p) {
      var node = { title: p[0], url: p[1], level: p[2], children: [] };
      while (stack.length > 1 && stack[stack.length - 1].level >= node.level) stack.pop();
      stack[stack.length - 1].node.children.push(node);
      stack.push({ node: node, level: node.level });
    });
    return top.children;
  }

  // Marks each node that is the current page or holds it.
  function mark(nodes) {
    var found = false;
    nodes.forEach(function (n) {
      n.current = normal(root + n.url) === here;
      n.open = mark(n.children);
      if (n.current || n.open) found = true;
    });
    return found;
  }

  var toggles = 0;
  // A toggle button for the list `sub` that fill() builds on first opening.
  function toggle(label, open, sub, fill) {
    var button = document.createElement('button');
    button.type = 'button';
    button.className = 'nav-toggle';
    button.id = 'nav-toggle-' + (++toggles);
    button.setAttribute('aria-expanded', open ? 'true' : 'false');
    button.setAttribute('aria-label', label);
    sub.hidden = !open;
    var built = false;
    if (open) { fill(); built = true; }
    button.addEventListener('click', function () {
      var opening = button.getAttribute('aria-expanded') !== 'true';
      if (opening && !built) { fill(); built = true; }
      button.setAttribute('aria-expanded', opening ? 'true' : 'false');
      sub.hidden = !opening;
    });
    return button;
  }

  function link(node) {
    var a = document.createElement('a');
    a.href = root + node.url;
    a.textContent = node.title;
    if (node.current) a.setAttribute('aria-current', 'page');
    return a;
  }

  function fillList(ul, nodes) {
    nodes.forEach(function (n) {
      var li = document.createElement('li');
      if (!n.children.length) {
        li.appendChild(link(n));
      } else {
        var row = document.createElement('div');
        row.className = 'nav-row';
        var sub = document.createElement('ul');
        row.appendChild(toggle('Pages under ' + n.title, n.current || n.open, sub, function () {
          fillList(sub, n.children);
        }));
        row.appendChild(link(n));
        li.appendChild(row);
        li.appendChild(sub);
      }
      ul.appendChild(li);
    });
  }

  function render(tree) {
    var ul = document.createElement('ul');
    ul.className = 'nav-groups nav-tree';
    tree.groups.forEach(function (g) {
      var nodes = nest(g.pages);
      var open = mark(nodes);
      // The group's own index page is the group's title link, not an entry below it (as
      // MkDocs Material's section index pages and mdBook's chapters with sub-chapters show
      // it): its pages are the group's entries.
      var index = nodes.length && normal(root + nodes[0].url) === normal(root + g.url) ? nodes[0] : null;
      if (index) nodes = index.children.concat(nodes.slice(1));
      var li = document.createElement('li');
      li.className = 'nav-group' + (open ? ' expanded' : '');
      var row = document.createElement('div');
      row.className = 'nav-row';
      var sub = document.createElement('ul');
      var title = document.createElement('a');
      title.className = 'nav-group-title';
      title.href = root + g.url;
      title.textContent = g.title;
      if (index && index.current) title.setAttribute('aria-current', 'page');
      row.appendChild(toggle('Pages of ' + g.title, open, sub, function () {
        fillList(sub, nodes);
      }));
      row.appendChild(title);
      li.appendChild(row);
      li.appendChild(sub);
      ul.appendChild(li);
    });
    list.parentNode.replaceChild(ul, list);
    var current = ul.querySelector('[aria-current="page"]');
    // Within the sidebar's own scroll only (never the page's).
    if (current && sidebar.scrollHeight > sidebar.clientHeight)
      sidebar.scrollTop = current.offsetTop - sidebar.clientHeight / 2;
    // The sidebar's links are new: the lab console marks the solved labs again (console.js).
    document.dispatchEvent(new CustomEvent('handbook:nav'));
  }

  if (window.handbookNavTree) { render(window.handbookNavTree); return; }
  var script = document.createElement('script');
  script.src = root + 'nav-tree.js';
  script.onload = function () { if (window.handbookNavTree) render(window.handbookNavTree); };
  document.head.appendChild(script);
})();
