-- string-rep.lua: a template that tries string.rep('x', 1 << 30); an error at line 3.
return function(page)
  return tostring(string.rep('x', 1 << 30)) .. page.body
end
