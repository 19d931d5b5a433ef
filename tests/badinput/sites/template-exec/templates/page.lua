-- page.lua: what templates may use: string, table, math, utf8 and the base functions.
return function(page)
  local parts = { '<h1>', escape(page.title), '</h1>', page.body }
  parts[#parts + 1] = string.format('<p>%d chars, max %d, %d code points</p>',
    #page.body, math.max(1, 2), utf8.len('é') or 0)
  local f = load('return 1 + 1')
  parts[#parts + 1] = tostring(f()) .. select('#', pcall(error))
  return table.concat(parts)
end
