#!/usr/bin/env python3
"""check_page_ends.py: every page of content/ ends with its Sources.

The project's rule for content is that each page ends with Sources: a reader who reaches the end
of a page finds where its facts come from, and nothing the page teaches (a lab's console, an
example, a note) comes after them. A page here is every .md file under the content folder but
the README.md files (notes for authors, not rendered as pages). The check reads the Markdown
source outside fenced code blocks: the page has a `## Sources` heading, no heading of any level
follows it, and no fenced block, block quote (an alert such as `> [!NOTE]`) or HTML block follows
it either; what follows it is the list of sources and the sentences that introduce it.

Usage: check_page_ends.py [CONTENT_DIR] [--self-test]
--self-test also checks that the checker fails: on copies of one page it moves a section after
the Sources, adds a fence after them, and drops the Sources heading, and expects each reported.
Exits 1 naming every page that does not end with its Sources.
"""
import os
import re
import sys

SOURCES = re.compile(r"^## Sources(?:\s+\{#[\w-]+\})?\s*$")
HEADING = re.compile(r"^#{1,6}\s")
FENCE = re.compile(r"^(```|~~~)")
AFTER_SOURCES = [
    (HEADING, "a heading"),
    (FENCE, "a fenced block"),
    (re.compile(r"^>"), "a block quote or alert"),
    (re.compile(r"^<(?!https?:)[A-Za-z!/]"), "an HTML block"),
]


def problems(text):
    """What keeps one page's Markdown from ending with its Sources: a list of messages (empty when
    the page ends with them). Lines inside fenced code blocks are not headings."""
    lines = text.splitlines()
    in_fence, sources_at = None, None
    found = []
    for number, line in enumerate(lines, 1):
        fence = FENCE.match(line)
        if in_fence:
            if fence and line.startswith(in_fence):
                in_fence = None
            continue
        if sources_at is not None:
            for pattern, what in AFTER_SOURCES:
                if pattern.match(line):
                    found.append("line %d: %s after the Sources (line %d): %s" %
                                 (number, what, sources_at, line.strip()[:60]))
                    break
        if fence:
            in_fence = fence.group(1)
            continue
        if SOURCES.match(line):
            sources_at = number
    if sources_at is None:
        found.append("no '## Sources' heading")
    return found


def pages(content):
    """Every page of the content folder, as (path relative to it, text), in sorted order."""
    out = []
    for root, dirs, files in os.walk(content):
        dirs.sort()
        for name in sorted(files):
            if name.endswith(".md") and name != "README.md":
                path = os.path.join(root, name)
                with open(path, encoding="utf-8") as f:
                    out.append((os.path.relpath(path, content), f.read()))
    return out


def check(content):
    """Returns the failure messages for the content folder, one per problem, each naming its page."""
    failures = []
    for page, text in pages(content):
        failures += ["%s: %s" % (page, p) for p in problems(text)]
    return failures


def self_test(content):
    """The checker must fail on pages that do not end with Sources. Returns the messages of the
    cases it did not catch (empty when all are caught)."""
    sample = None
    for page, text in pages(content):
        if not problems(text) and re.search(r"^## (?!Sources)", text, re.M):
            sample = (page, text)
            break
    if not sample:
        return ["self-test: no page that ends with its Sources and has another section to move"]
    page, text = sample
    head, _, sources = text.partition("\n## Sources")
    sources = "\n## Sources" + sources
    last = head.rfind("\n## ")
    cases = {
        "a section moved after the Sources": head[:last] + sources.rstrip("\n") + "\n" + head[last:],
        "a fence after the Sources": text.rstrip("\n") + "\n\n```lab x\n```\n",
        "an alert after the Sources": text.rstrip("\n") + "\n\n> [!NOTE]\n> simulated\n",
        "no Sources heading": text.replace("\n## Sources", "\n## Further reading"),
    }
    missed = []
    for what, changed in cases.items():
        if not problems(changed):
            missed.append("self-test: %s in %s was not reported" % (what, page))
    fenced = text.rstrip("\n") + "\n\n```sh\n## not a heading\n```\n"
    if not any("fenced block" in p for p in problems(fenced)) or any("a heading" in p for p in problems(fenced)):
        missed.append("self-test: a '## ' line inside a fence after the Sources was read as a heading")
    return missed


def main(argv):
    args = [a for a in argv[1:] if a != "--self-test"]
    content = args[0] if args else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "content")
    failures = check(content)
    if "--self-test" in argv:
        failures += self_test(content)
    for f in failures:
        print("check_page_ends: " + f, file=sys.stderr)
    if failures:
        return 1
    print("check_page_ends: %d pages end with their Sources" % len(pages(content)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
