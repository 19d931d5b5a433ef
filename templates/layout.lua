-- layout.lua: the HTML shell shared by every page: head, skip link, header with search, the
-- sidebar, breadcrumbs, the main column passed in by the page template, and the footer.
-- The sidebar: the landing page, the groups of `page.nav` (a window of them on a large site,
-- with a link to all), and the page's own group expanded with the entries the generator chose
-- (the folders above the page, its neighbours, an index page's first entries; `more` entries
-- lead to the page listing the rest). Nested lists follow each entry's `level`. With
-- JavaScript, assets/nav.js replaces the list with the whole tree (nav-tree.js).

local function nav_entry(p)
  if p.more then
    return '<a class="nav-more" href="' .. escape(p.url) .. '">' .. p.more
      .. (p.more == 1 and ' more page' or ' more pages') .. '<span class="visually-hidden"> in '
      .. escape(p.title) .. '</span></a>'
  end
  return '<a href="' .. escape(p.url) .. '"' .. (p.current and ' aria-current="page"' or '')
    .. '>' .. escape(p.title) .. '</a>'
end

-- The expanded group's entries pages[first], pages[first + 1] ... as nested lists (levels
-- rise one at a time), each entry's level lowered by `shift` (at least 0).
local function nav_pages_html(pages, first, shift)
  local out, level, open = { '<ul>' }, 0, false
  for i = first, #pages do
    local p = pages[i]
    local want = math.max(0, (p.level or 0) - shift)
    if want > level then
      while level < want do
        if not open then out[#out + 1] = '<li>' end
        out[#out + 1] = '<ul>'
        level, open = level + 1, false
      end
    else
      if open then out[#out + 1] = '</li>' end
      while level > want do
        out[#out + 1] = '</ul></li>'
        level = level - 1
      end
    end
    out[#out + 1] = '<li>' .. nav_entry(p)
    open = true
  end
  if open then out[#out + 1] = '</li>' end
  while level > 0 do
    out[#out + 1] = '</ul></li>'
    level = level - 1
  end
  out[#out + 1] = '</ul>'
  return table.concat(out)
end

local function nav_html(page)
  local out = { '<nav class="sidebar" id="sidebar" aria-label="Handbook sections">' }
  if page.home then
    out[#out + 1] = '<p class="nav-home"><a href="' .. escape(page.home.url) .. '"'
      .. (page.is_home and ' aria-current="page"' or '') .. '>' .. escape(page.home.title) .. '</a></p>'
  end
  out[#out + 1] = '<ul class="nav-groups">'
  for _, group in ipairs(page.nav or {}) do
    local pages = group.pages or {}
    if group.expanded and pages[1] and pages[1].index then
      -- The group's index page is its title link, its pages the entries below (as MkDocs
      -- Material shows a section's index page), not "Networking" twice.
      -- The entries after it, one level up.
      out[#out + 1] = '<li class="nav-group expanded"><a class="nav-group-title" href="'
        .. escape(pages[1].url) .. '"' .. (pages[1].current and ' aria-current="page"' or '') .. '>'
        .. escape(group.title) .. '</a>' .. (#pages > 1 and nav_pages_html(pages, 2, 1) or '') .. '</li>'
    elseif group.expanded then
      out[#out + 1] = '<li class="nav-group expanded"><span class="nav-group-title">'
        .. escape(group.title) .. '</span>' .. nav_pages_html(pages, 1, 0) .. '</li>'
    else
      out[#out + 1] = '<li class="nav-group"><a class="nav-group-title" href="'
        .. escape(group.url) .. '">' .. escape(group.title) .. '</a></li>'
    end
  end
  local all = page.nav_all
  if all then
    local text = 'All ' .. all.count .. ' sections'
    out[#out + 1] = '<li class="nav-group nav-all">' .. (all.url and ('<a href="'
      .. escape(all.url) .. '">' .. text .. '</a>') or text) .. '</li>'
  end
  out[#out + 1] = '</ul></nav>'
  return table.concat(out, '\n')
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
  local root = escape(page.root or './') -- as it goes into every asset's URL
  local site = page.site or {}
  local title = page.is_home and site.title or (page.title .. ' · ' .. site.title)
  local out = {
    '<!DOCTYPE html>',
    '<html lang="' .. escape(site.language or 'en') .. '">',
    '<head>',
    '<meta charset="utf-8">',
    site.csp and ('<meta http-equiv="Content-Security-Policy" content="' .. escape(site.csp) .. '">') or '',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>' .. escape(title) .. '</title>',
    '<meta name="description" content="' .. escape(page.summary or site.description or '') .. '">',
    '<meta name="color-scheme" content="light dark">',
    '<link rel="icon" href="' .. root .. 'assets/favicon.svg" type="image/svg+xml">',
    '<link rel="stylesheet" href="' .. root .. 'assets/style.css">',
    -- The dark palette, for the system's dark mode; theme.js (synchronous, before the first
    -- paint) turns it on or off when the reader picked a theme.
    '<link rel="stylesheet" id="theme-dark" href="' .. root .. 'assets/dark.css" media="(prefers-color-scheme: dark)">',
    '<script src="' .. root .. 'assets/theme.js"></script>',
    '<script src="' .. root .. 'assets/site.js" defer></script>',
    '<script src="' .. root .. 'assets/nav.js" defer></script>',
    site.labs and ('<script src="' .. root .. 'emu/console.js" defer></script>') or '',
    '</head>',
    '<body data-root="' .. root .. '">',
    '<a class="skip-link" href="#content">Skip to content</a>',
    '<header class="site-header">',
    '<a class="site-title" href="' .. root .. '">' .. escape(site.title) .. '</a>',
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
