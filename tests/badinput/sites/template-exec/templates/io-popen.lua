-- io-popen.lua: a template that tries io.popen('id'):read('a'); an error at line 3.
return function(page)
  return tostring(io.popen('id'):read('a')) .. page.body
end
