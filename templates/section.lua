-- section.lua: the template of a folder's index.md: its own text, then the pages below it,
-- grouped as in the sidebar, each with its summary.
return function(page)
  local list = {}
  local current
  for _, child in ipairs(page.children or {}) do
    if child.group ~= current then
      if current then list[#list + 1] = '</ul>' end
      current = child.group
      list[#list + 1] = '<h2 class="section-group">' .. escape(current or '') .. '</h2><ul class="section-list">'
    end
    list[#list + 1] = '<li><a href="' .. escape(child.url) .. '">' .. escape(child.title) .. '</a>'
      .. (child.summary and ('<p>' .. escape(child.summary) .. '</p>') or '') .. '</li>'
  end
  if current then list[#list + 1] = '</ul>' end
  local toc = render('parts', 'toc', page)
  local main = {
    '<article class="page section-index' .. (toc ~= '' and ' has-toc' or '') .. '" data-pagefind-body>',
    '<header class="page-header"><h1>' .. escape(page.title) .. '</h1>',
    page.summary and ('<p class="summary">' .. escape(page.summary) .. '</p>') or '',
    '</header>',
    toc,
    '<div class="body">',
    page.body,
    '</div>',
    #list > 0 and ('<nav class="section-pages" aria-label="Pages in this section" data-pagefind-ignore>'
      .. table.concat(list, '\n') .. '</nav>') or '',
    '<footer class="page-footer" data-pagefind-ignore>',
    render('parts', 'related', page),
    render('parts', 'edit', page),
    '</footer>',
    '</article>',
    render('parts', 'pager', page),
  }
  return render('layout', page, table.concat(main, '\n'))
end
