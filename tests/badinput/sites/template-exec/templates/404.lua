-- 404.lua: fine.
return function(page) return '<p>' .. escape(page.title) .. '</p>' end
