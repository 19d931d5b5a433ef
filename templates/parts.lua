-- parts.lua: pieces shared by the page templates (table of contents, related links, prev/next),
-- called as render("parts", "toc", page) and so on.
local parts = {}

function parts.toc(page)
  if not page.toc or #page.toc < 2 then return '' end
  local out = { '<nav class="toc" aria-label="On this page" data-pagefind-ignore><h2 class="toc-title">On this page</h2><ul>' }
  for _, e in ipairs(page.toc) do
    out[#out + 1] = '<li class="toc-h' .. e.level .. '"><a href="#' .. escape(e.id) .. '">'
      .. escape(e.text) .. '</a></li>'
  end
  out[#out + 1] = '</ul></nav>'
  return table.concat(out)
end

local function link_list(items)
  local out = { '<ul>' }
  for _, p in ipairs(items) do
    out[#out + 1] = '<li><a href="' .. escape(p.url) .. '">' .. escape(p.title) .. '</a></li>'
  end
  out[#out + 1] = '</ul>'
  return table.concat(out)
end

function parts.related(page)
  local out = {}
  if page.symptoms and #page.symptoms > 0 then
    out[#out + 1] = '<section class="symptoms" aria-labelledby="observations-leading-here">'
    out[#out + 1] = '<h2 id="observations-leading-here">Observations that lead here</h2>'
    out[#out + 1] = '<table><thead><tr><th scope="col">Observation</th><th scope="col">Evidence to keep</th>'
      .. '<th scope="col">From</th></tr></thead><tbody>'
    for _, s in ipairs(page.symptoms) do
      local from = {}
      for _, src in ipairs(s.sources or {}) do
        from[#from + 1] = '<a href="' .. escape(src.url) .. '">' .. escape(src.title) .. '</a>'
      end
      out[#out + 1] = '<tr><td><a href="' .. escape(s.url) .. '">' .. escape(s.observation)
        .. '</a></td><td>' .. escape(s.evidence) .. '</td><td>'
        .. (#from > 0 and table.concat(from, ', ') or escape(s.page_title)) .. '</td></tr>'
    end
    out[#out + 1] = '</tbody></table></section>'
  end
  if page.labs and #page.labs > 0 then
    out[#out + 1] = '<section class="related-labs" aria-labelledby="related-labs"><h2 id="related-labs">Related labs</h2><ul>'
    for _, lab in ipairs(page.labs) do
      if lab.url then
        out[#out + 1] = '<li><a href="' .. escape(lab.url) .. '">' .. escape(lab.title) .. '</a></li>'
      else
        out[#out + 1] = '<li>' .. escape(lab.title) .. '</li>'
      end
    end
    out[#out + 1] = '</ul></section>'
  end
  out[#out + 1] = '<section class="backlinks" aria-labelledby="backlinks"><h2 id="backlinks">Pages that link here</h2>'
  if page.backlinks and #page.backlinks > 0 then
    out[#out + 1] = link_list(page.backlinks)
  else
    out[#out + 1] = '<p>No other page links here yet.</p>'
  end
  out[#out + 1] = '</section>'
  return table.concat(out, '\n')
end

function parts.pager(page)
  if not page.prev and not page.next then return '' end
  local out = { '<nav class="pager" aria-label="Previous and next page">' }
  if page.prev then
    out[#out + 1] = '<a class="pager-prev" rel="prev" href="' .. escape(page.prev.url)
      .. '"><span class="pager-label">Previous</span> ' .. escape(page.prev.title) .. '</a>'
  end
  if page.next then
    out[#out + 1] = '<a class="pager-next" rel="next" href="' .. escape(page.next.url)
      .. '"><span class="pager-label">Next</span> ' .. escape(page.next.title) .. '</a>'
  end
  out[#out + 1] = '</nav>'
  return table.concat(out)
end

-- "Last updated" (the page file's last commit, when the build knows it) and "Edit this page".
function parts.edit(page)
  local out = {}
  if page.updated then
    out[#out + 1] = '<p class="last-updated">Last updated <time datetime="' .. escape(page.updated.date)
      .. '">' .. escape(page.updated.text) .. '</time></p>'
  end
  if page.edit_url then
    out[#out + 1] = '<p class="edit-link"><a href="' .. escape(page.edit_url) .. '">Edit this page</a></p>'
  end
  if #out == 0 then return '' end
  return '<div class="page-meta">' .. table.concat(out) .. '</div>'
end

return function(name, page)
  local part = parts[name]
  if not part then error('parts: no part named ' .. tostring(name), 2) end
  return part(page)
end
