-- dofile.lua: a template that tries dofile('/etc/passwd'); an error at line 3.
return function(page)
  return tostring(dofile('/etc/passwd')) .. page.body
end
