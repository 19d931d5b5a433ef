-- debug.lua: a template that tries debug.getregistry(); an error at line 3.
return function(page)
  return tostring(debug.getregistry()) .. page.body
end
