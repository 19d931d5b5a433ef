-- os-execute.lua: a template that tries os.execute('id'); an error at line 3.
return function(page)
  return tostring(os.execute('id')) .. page.body
end
