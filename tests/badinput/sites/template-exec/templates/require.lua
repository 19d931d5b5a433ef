-- require.lua: a template that tries require('os').execute('id'); an error at line 3.
return function(page)
  return tostring(require('os').execute('id')) .. page.body
end
