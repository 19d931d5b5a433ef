-- returns-table.lua: returns a table where the page's HTML should be.
return function(page) return { page.title } end
