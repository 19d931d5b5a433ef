# generate.sh: pages nesting one construct 10,000 deep (too repetitive to commit). Each ends
# with a broken link on its last line, so the test also proves the page was read to its end.
python3 - <<'PY'
N = 10000
def page(name, title, body):
    with open(f'content/{name}.md', 'w') as f:
        f.write(f'---\ntitle: {title}\n---\n\n{body}\n\n[broken](missing-{name}.md)\n')
page('quotes', 'Block quotes', '> ' * N + 'the innermost quote')
page('lists', 'Lists', '- ' * N + 'the innermost item')
page('ordered', 'Ordered lists', '1. ' * N + 'the innermost item')
page('emphasis', 'Emphasis', '*' * N + 'deep' + '*' * N + ' and ' + '_' * N + 'deeper' + '_' * N)
page('heading-emphasis', 'Heading', '## ' + '*' * N + 'deep heading' + '*' * N)
page('links', 'Links', '[' * N + 'text' + '](#heading)' * N + '\n\n## Heading')
page('images', 'Images', '![' * N + 'alt' + '](index.md)' * N)
page('html', 'Raw HTML', '<div>' * N + 'text' + '</div>' * N)
page('table-cell', 'Table', '| Observation | Reference | Evidence to keep |\n|---|---|---|\n| ' +
     '*' * N + 'x' + '*' * N + ' | [home](index.md) | ' + '`' * 3 + ' |')
page('alert', 'Alert in quotes', '> ' * N + '[!NOTE]\n' + '> ' * N + 'a note, deep down')
PY
