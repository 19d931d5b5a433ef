-- page.lua: the default template of a page: title and summary, table of contents, the body,
-- then symptoms that lead here, related labs, backlinks, the edit link and prev/next.
return function(page)
  local toc = render('parts', 'toc', page)
  local main = {
    -- has-toc: on wide screens the table of contents stands beside the text and follows it
    '<article class="page' .. (toc ~= '' and ' has-toc' or '') .. '" data-pagefind-body>',
    '<header class="page-header"><h1>' .. escape(page.title) .. '</h1>',
    page.summary and ('<p class="summary">' .. escape(page.summary) .. '</p>') or '',
    '</header>',
    toc,
    '<div class="body">',
    page.body,
    '</div>',
    '<footer class="page-footer" data-pagefind-ignore>',
    render('parts', 'related', page),
    render('parts', 'edit', page),
    '</footer>',
    '</article>',
    render('parts', 'pager', page),
  }
  return render('layout', page, table.concat(main, '\n'))
end
