-- recursion.lua: unbounded recursion: Lua's stack overflow, reported at line 2.
local function deeper(n) return deeper(n + 1) .. '' end
return function(page) return deeper(1) end
