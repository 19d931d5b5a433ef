# generate.sh: appends the diagrams to content/index.md (the big graphs are 1,770 edges each).
python3 - <<'PY'
import itertools
edges = ' '.join(f'n{a} -> n{b};' for a, b in itertools.combinations(range(60), 2))
with open('content/index.md', 'a') as f:
    for _ in range(3):
        f.write(f'\n```dot\ndigraph {{ {edges} }}\n```\n')
    f.write('\n```dot\ndigraph { small -> fine }\n```\n')
PY
