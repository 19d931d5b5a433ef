-- error-table.lua: raises an error whose value is a table, not a message.
return function(page)
  error({ code = 42 })
end
