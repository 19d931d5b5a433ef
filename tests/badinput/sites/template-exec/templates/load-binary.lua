-- load-binary.lua: a template that tries load(string.dump(function() return 1 end), 'x', 'b'); an error at line 3.
return function(page)
  return tostring(load(string.dump(function() return 1 end), 'x', 'b')) .. page.body
end
