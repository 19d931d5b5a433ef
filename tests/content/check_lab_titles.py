#!/usr/bin/env python3
"""check_lab_titles.py: each lab is named and placed the same way everywhere a reader meets it.
For every scenario of content/labs/ with a `lab:` section: its page content/labs/ID.md is titled
"Labs: TITLE" with the scenario's own title (the one `lab list` and the console show), the labs
index's table links it under that TITLE, and the index row's "Reference pages it exercises" are
the pages the lab page's own "Reference pages this lab exercises" section links, in any order.
Every row of the index names such a lab (a row left behind for a lab that was removed or renamed
is reported), and a content tree with no lab at all is a problem, not a pass.

Usage: tests/content/check_lab_titles.py [CONTENT_DIR] [--self-test]
  --self-test: also changes one title, drops one reference, adds an index row for a lab that does
  not exist and empties the labs in memory, and expects each reported.
Prints one line per problem and "N labs checked"; exits 1 on a problem."""
import os
import re
import sys


def front_title(md):
    m = re.search(r'^title:\s*"?(.*?)"?\s*$', md.split('\n---', 1)[0], re.M)
    return m.group(1) if m else None


def scenario_title(yaml):
    m = re.search(r'^title:\s*"?(.*?)"?\s*$', yaml, re.M)
    return m.group(1) if m else None


def links(text):
    return {os.path.normpath(h) for h in re.findall(r'\]\(([^)#]+\.md)(?:#[^)]*)?\)', text)}


def section(md, anchor):
    m = re.search(r'^## [^\n]*\{#' + re.escape(anchor) + r'\}\n(.*?)(?=^## |\Z)', md, re.M | re.S)
    return m.group(1) if m else ''


def check(labs, index):
    """labs: {id: (scenario yaml, page md)}; index: the labs index's text. Returns problems."""
    problems = []
    if not labs:
        return ['no lab: no scenario of content/labs/ has a `lab:` section (an empty content tree?)']
    rows = {}
    for line in index.split('\n'):
        m = re.match(r'^\| \[([^\]]+)\]\(([a-z0-9-]+)\.md\) \|[^|]*\|(.*)\|\s*$', line)
        if m:
            rows[m.group(2)] = (m.group(1), links(m.group(3)))
    for lab, (yaml, md) in sorted(labs.items()):
        title = scenario_title(yaml)
        if md is None:
            problems.append(f'{lab}: no page content/labs/{lab}.md')
            continue
        page = front_title(md)
        if page != f'Labs: {title}':
            problems.append(f'{lab}: the page is titled "{page}", the scenario "{title}" (want "Labs: {title}")')
        if lab not in rows:
            problems.append(f'{lab}: no row in the labs index')
            continue
        name, refs = rows[lab]
        if name != title:
            problems.append(f'{lab}: the labs index names it "{name}", the scenario "{title}"')
        own = {os.path.normpath(os.path.join(os.path.dirname(f'{lab}.md'), h)) for h in links(section(md, 'references'))}
        if not own:
            problems.append(f'{lab}: its page has no "Reference pages this lab exercises" links')
        elif refs != own:
            problems.append(f'{lab}: the labs index lists {sorted(refs)}, its page {sorted(own)}')
    for lab in sorted(set(rows) - set(labs)):
        problems.append(f'{lab}: the labs index has a row for it, but no scenario content/labs/{lab}.yaml '
                        'with a `lab:` section')
    return problems


def main():
    args = [a for a in sys.argv[1:] if a != '--self-test']
    content = args[0] if args else 'content'
    labs_dir = os.path.join(content, 'labs')
    labs = {}
    for name in sorted(os.listdir(labs_dir)) if os.path.isdir(labs_dir) else []:
        if not name.endswith('.yaml'):
            continue
        with open(os.path.join(labs_dir, name), encoding='utf-8') as f:
            yaml = f.read()
        if not re.search(r'^lab:', yaml, re.M):
            continue
        lab = name[:-5]
        md_path = os.path.join(labs_dir, lab + '.md')
        md = open(md_path, encoding='utf-8').read() if os.path.exists(md_path) else None
        labs[lab] = (yaml, md)
    index_path = os.path.join(labs_dir, 'index.md')
    index = open(index_path, encoding='utf-8').read() if os.path.exists(index_path) else ''
    problems = check(labs, index)
    for p in problems:
        print(p)
    if '--self-test' in sys.argv and labs:
        lab = sorted(labs)[0]
        yaml, md = labs[lab]
        changed = dict(labs)
        changed[lab] = (re.sub(r'^title:.*$', 'title: Something else', yaml, count=1, flags=re.M), md)
        if not any(p.startswith(f'{lab}: the page is titled') for p in check(changed, index)):
            problems.append('self-test: a changed scenario title was not reported')
            print(problems[-1])
        dropped = re.sub(r'(\| \[[^\]]+\]\(' + re.escape(lab) + r'\.md\) \|[^|]*\|)\s*\[[^\]]*\]\([^)]*\),?',
                         r'\1', index, count=1)
        if not any(p.startswith(f'{lab}: the labs index lists') for p in check(labs, dropped)):
            problems.append('self-test: a reference dropped from the index was not reported')
            print(problems[-1])
        row = next(line for line in index.split('\n') if line.startswith(f'| [') and f']({lab}.md)' in line)
        stale = index.replace(row, row + '\n' + row.replace(f']({lab}.md)', '](no-such-lab.md)'), 1)
        if not any(p.startswith('no-such-lab: the labs index has a row') for p in check(labs, stale)):
            problems.append('self-test: an index row for a lab that does not exist was not reported')
            print(problems[-1])
        if not any(p.startswith('no lab:') for p in check({}, index)):
            problems.append('self-test: a content tree with no lab was not reported')
            print(problems[-1])
    print(f'{len(labs)} labs checked')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
