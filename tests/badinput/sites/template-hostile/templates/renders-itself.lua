-- renders-itself.lua: calls itself through render() without end: a stack overflow too.
return function(page) return render('renders-itself', page) end
