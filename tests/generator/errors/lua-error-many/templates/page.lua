-- page.lua: an error on one page (line 5) and one on every other page (line 8): the build
-- reports each distinct error once, with the number of pages it affects.
return function(page)
  if page.title == 'Beta' then
    error('Beta has no layout')
  end
  local parts = { '<h1>', page.title, '</h1>' }
  parts[#parts + 1] = page.missing_table.field
  return table.concat(parts)
end
