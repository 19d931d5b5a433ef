# generate.sh: content/big.md, a 10 MB page (too big to commit) of ordinary Markdown: 4,000
# sections, each a heading, paragraphs with links to its own sections, a GFM table, a list and
# a code block; its last line holds the one broken link the build must report, at its line.
python3 - <<'PY'
parts = ['---\ntitle: A 10 MB page\nsummary: Every construct, many times over.\n---\n\n']
for i in range(1, 4001):
    parts.append(f'## Section {i}\n\n')
    parts.append(('Text that links back to [the first section](#section-1), to '
                  f'[this one](big.md#section-{i}) and [home](index.md), with `code`, '
                  '*emphasis* and **strong** words. ') * 12 + '\n\n')
    parts.append('| Observation | Value |\n|---|---|\n' +
                 ''.join(f'| row {r} of {i} | {r * i} |\n' for r in range(6)) + '\n')
    parts.append(''.join(f'- item {k} with [a link](#section-{max(1, i - k)})\n' for k in range(5)) + '\n')
    parts.append('```sh\n' + ''.join(f'echo "line {k}"\n' for k in range(8)) + '```\n\n')
text = ''.join(parts)
while len(text) < 10 * 1024 * 1024:
    text += 'Padding paragraph, plain text to reach ten megabytes. ' * 20 + '\n\n'
text += 'The end: [a page that does not exist](missing.md).\n'
open('content/big.md', 'w').write(text)
PY
# content/same-headings.md: 20,000 headings with the same text, each of which needs its own id
# (same, same-1, same-2 ...: finding the next free one must not start over from 1 each time).
python3 - <<'PY'
text = '---\ntitle: Twenty thousand equal headings\n---\n\n' + '## Same\n\nText.\n\n' * 20000
text += '[The last one](#same-19999) and [one too far](#same-20000).\n'
open('content/same-headings.md', 'w').write(text)
PY
