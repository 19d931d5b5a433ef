-- io-open.lua: a template that tries io.open('/etc/passwd'):read('a'); an error at line 3.
return function(page)
  return tostring(io.open('/etc/passwd'):read('a')) .. page.body
end
