-- endless.lua: never returns; the build must stop it (instruction budget) at line 4.
return function(page)
  local n = 0
  while true do n = n + 1 end
end
