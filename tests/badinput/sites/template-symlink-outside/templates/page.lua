-- page.lua: fine; the hostile templates are the ones the pages name.
return function(page) return '<h1>' .. escape(page.title) .. '</h1>' .. page.body end
