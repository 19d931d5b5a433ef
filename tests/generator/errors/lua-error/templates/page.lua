-- page.lua: a template with a runtime error on line 4.
return function(page)
  local parts = { '<h1>', page.title, '</h1>' }
  parts[#parts + 1] = page.missing_table.field
  return table.concat(parts)
end
