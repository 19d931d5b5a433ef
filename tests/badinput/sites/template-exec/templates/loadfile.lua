-- loadfile.lua: a template that tries loadfile('/etc/passwd'); an error at line 3.
return function(page)
  return tostring(loadfile('/etc/passwd')) .. page.body
end
