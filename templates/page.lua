-- page.lua: the default template of a page: title and summary, table of contents, the body,
-- then symptoms that lead here, related labs, backlinks, the edit link and prev/next.
return function(page)
  local main = {
    '<article class="page" data-pagefind-body>',
    '<header class="page-header"><h1>' .. escape(page.title) .. '</h1>',
    page.summary and ('<p class="summary">' .. escape(page.summary) .. '</p>') or '',
    '</header>',
    render('parts', 'toc', page),
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
