-- 404.lua: the page a server returns for an unknown address. Its links start at the site's
-- base_path (site.yaml), because it is served at any depth.
return function(page)
  local items = {}
  for _, g in ipairs(page.nav or {}) do
    items[#items + 1] = '<li><a href="' .. escape(g.url) .. '">' .. escape(g.title) .. '</a></li>'
  end
  local main = table.concat({
    '<article class="page">',
    '<header class="page-header"><h1>Page not found</h1>',
    '<p class="summary">There is no page at this address. It may have moved; start from a section below.</p></header>',
    '<ul>', table.concat(items, '\n'), '</ul>',
    '</article>',
  }, '\n')
  return render('layout', page, main)
end
