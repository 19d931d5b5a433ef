-- layout.lua: the HTML shell shared by every page: head, skip link, header with search, the
-- sidebar, breadcrumbs, the main column passed in by the page template, and the footer.
-- The sidebar for one `page.nav` table, made once and kept while the table lives: the
-- generator hands the same table to the pages of a section and folder that one worker renders
-- in a row, and only the `current` mark moves (with that entry's url, "./"), so a page makes
-- only its own line anew.
-- Cached: {lines = the sidebar's lines after its head, expanded = the expanded group,
-- first = index in lines of that group's first page}; an entry's line is false until it is
-- known with the entry not current.
local nav_cache = setmetatable({}, { __mode = 'k' })

local function nav_page_line(p)
  return '<li><a href="' .. escape(p.url) .. '"'
    .. (p.current and ' aria-current="page"' or '') .. '>' .. escape(p.title) .. '</a></li>'
end

local function nav_cached(nav)
  local cached = nav_cache[nav]
  if cached then return cached end
  local lines, expanded, first = { '<ul class="nav-groups">' }, nil, nil
  for _, group in ipairs(nav) do
    if group.expanded then
      lines[#lines + 1] = '<li class="nav-group expanded"><span class="nav-group-title">'
        .. escape(group.title) .. '</span><ul>'
      expanded, first = group, #lines + 1
      for _, p in ipairs(group.pages or {}) do
        lines[#lines + 1] = not p.current and nav_page_line(p)
      end
      lines[#lines + 1] = '</ul></li>'
    else
      lines[#lines + 1] = '<li class="nav-group"><a class="nav-group-title" href="'
        .. escape(group.url) .. '">' .. escape(group.title) .. '</a></li>'
    end
  end
  lines[#lines + 1] = '</ul></nav>'
  cached = { lines = lines, expanded = expanded, first = first }
  nav_cache[nav] = cached
  return cached
end

local function nav_html(page)
  local head = '<nav class="sidebar" id="sidebar" aria-label="Handbook sections">'
  if page.home then
    head = head .. '\n<p class="nav-home"><a href="' .. escape(page.home.url) .. '"'
      .. (page.is_home and ' aria-current="page"' or '') .. '>' .. escape(page.home.title) .. '</a></p>'
  end
  local cached = nav_cached(page.nav or {})
  local lines = cached.lines
  local current, kept -- index of the current page's line, and the line it stands in for
  if cached.expanded then
    for k, p in ipairs(cached.expanded.pages or {}) do
      local i = cached.first + k - 1
      if p.current then
        current, kept = i, lines[i]
        lines[i] = nav_page_line(p)
      elseif not lines[i] then
        lines[i] = nav_page_line(p)
      end
    end
  end
  local html = head .. '\n' .. table.concat(lines, '\n')
  if current then lines[current] = kept end
  return html
end

local function breadcrumbs_html(page)
  if not page.breadcrumbs or #page.breadcrumbs == 0 then return '' end
  local out = { '<nav class="breadcrumbs" aria-label="Breadcrumbs"><ol>' }
  for _, c in ipairs(page.breadcrumbs) do
    out[#out + 1] = '<li><a href="' .. escape(c.url) .. '">' .. escape(c.title) .. '</a></li>'
  end
  out[#out + 1] = '<li><span aria-current="page">' .. escape(page.title) .. '</span></li>'
  out[#out + 1] = '</ol></nav>'
  return table.concat(out)
end

-- layout(page, main): main is the HTML of the <main> element's content.
return function(page, main)
  local root = page.root or './'
  local site = page.site or {}
  local title = page.is_home and site.title or (page.title .. ' · ' .. site.title)
  local out = {
    '<!DOCTYPE html>',
    '<html lang="' .. escape(site.language or 'en') .. '">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>' .. escape(title) .. '</title>',
    '<meta name="description" content="' .. escape(page.summary or site.description or '') .. '">',
    '<meta name="color-scheme" content="light dark">',
    '<link rel="stylesheet" href="' .. escape(root) .. 'assets/style.css">',
    '<script src="' .. escape(root) .. 'assets/site.js" defer></script>',
    site.labs and ('<script src="' .. escape(root) .. 'emu/console.js" defer></script>') or '',
    '</head>',
    '<body data-root="' .. escape(root) .. '">',
    '<a class="skip-link" href="#content">Skip to content</a>',
    '<header class="site-header">',
    '<a class="site-title" href="' .. escape(root) .. '">' .. escape(site.title) .. '</a>',
    site.search and '<div class="search" id="search" role="search" aria-label="Search the handbook"></div>' or '',
    '</header>',
    '<div class="layout">',
    nav_html(page),
    '<div class="content-column">',
    breadcrumbs_html(page),
    '<main id="content" tabindex="-1">',
    main,
    '</main>',
    '</div>',
    '</div>',
    '<footer class="site-footer"><p>' .. escape(site.title)
      .. '. Simulated outputs in the labs do not validate your environment.</p></footer>',
    '</body>',
    '</html>',
    '',
  }
  return table.concat(out, '\n')
end
