# generate.sh: content/big.md, 100 MB (too big to commit): front matter, then one paragraph
# repeated. The limit is 16 MiB (generator/load.h); the 10 MB page of huge-page builds.
python3 - <<'PY'
para = ('A paragraph of plain text with a [link](index.md) and `code`, repeated to make the '
        'page big. ' * 8 + '\n\n').encode()
with open('content/big.md', 'wb') as f:
    f.write(b'---\ntitle: One hundred megabytes\n---\n\n')
    f.write(para * (100 * 1024 * 1024 // len(para) + 1))
PY
