-- page.lua: a template that does not parse (line 3).
return function(page)
  return '<h1>' .. page.title .. '</h1>' end end
