#!/usr/bin/env python3
"""check_nav.py: the navigation of large sites, on bench/corpus.py's shapes (sections of 25, one
flat folder, Hugo's layout, four levels deep), each built without JavaScript in mind:

- every page's sidebar is bounded (a window of groups, the folders above the page, the pages
  near it, an index page's first entries), whatever the site's or the section's size;
- from every section page (a folder's index page, and the landing page) every page of the site
  is at most two clicks away, following the links of the HTML alone;
- the median page size of every shape is within 10% of the sections-of-25 shape's;
- the reading order (prev/next, sitemap.xml) is the content tree read depth first;
- nav-tree.js, the tree for readers with JavaScript, lists every page once, with levels that
  nest;
- Hugo's layout builds (`_index.md`, `weight`) with one warning per unused Hugo key.

Usage: check_nav.py HANDBOOK [--templates DIR] [--pages N]
"""
import argparse
import json
import os
import posixpath
import re
import statistics
import subprocess
import sys
import tempfile
from html.parser import HTMLParser

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SHAPES = ["sections:25", "sections:400", "hugo:25", "deep"]
# Links a sidebar may hold on a page that is not an index page: home, 11 groups, "all
# sections", 5 folders above, 11 neighbours, 10 entries of the page's own folder, 3 "more".
SIDEBAR_BOUND = 42
failures = []


def check(ok, message):
    if not ok:
        failures.append(message)


class Links(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.hrefs, self.sidebar, self.next = [], [], None
        self.depth = 0  # open <nav>s since the sidebar's

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "nav":
            if a.get("id") == "sidebar" or self.depth:
                self.depth += 1
        if tag == "a" and a.get("href") is not None:
            self.hrefs.append(a["href"])
            if self.depth:
                self.sidebar.append(a["href"])
            if a.get("rel") == "next":
                self.next = a["href"]

    def handle_endtag(self, tag):
        if tag == "nav" and self.depth:
            self.depth -= 1


def resolve(url, href):
    """The site path an href on page `url` leads to ("/a/b/"), or None when external."""
    if re.match(r"^[a-z]+:", href) or href.startswith("#"):
        return None
    path = href.split("#")[0]
    if path.endswith("index.html"):
        path = path[: -len("index.html")]
    target = posixpath.normpath(posixpath.join(url, path)) if path else url
    return target if target.endswith("/") else target + "/"


def build_shape(handbook, templates, tmp, shape, pages):
    work = os.path.join(tmp, shape.replace(":", "-"))
    subprocess.run([sys.executable, os.path.join(ROOT, "bench", "corpus.py"), str(pages), work,
                    "--shape", shape], check=True)
    out = os.path.join(work, "out")
    run = subprocess.run([handbook, "build", "--no-search", "--content",
                          os.path.join(work, "content"), "--templates", templates, "--out", out],
                         capture_output=True, text=True)
    check(run.returncode == 0, f"{shape}: build exited {run.returncode}: {run.stderr[-2000:]}")
    return out, run.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("handbook")
    ap.add_argument("--templates", default="templates")
    ap.add_argument("--pages", type=int, default=400)
    args = ap.parse_args()
    medians = {}
    with tempfile.TemporaryDirectory() as tmp:
        for shape in SHAPES:
            out, stderr = build_shape(args.handbook, os.path.abspath(args.templates), tmp, shape,
                                      args.pages)
            if failures:
                break
            pages, sizes = {}, []
            for d, _, files in os.walk(out):
                for f in files:
                    if f != "index.html":
                        continue
                    path = os.path.join(d, f)
                    with open(path, encoding="utf-8") as fh:
                        html = fh.read()
                    url = "/" + os.path.relpath(d, out).replace(os.sep, "/") + "/"
                    url = "/" if url == "/./" else url
                    p = Links()
                    p.feed(html)
                    pages[url] = (p, "section-index" in html or url == "/")
                    sizes.append(len(html.encode()))
            medians[shape] = statistics.median(sizes)
            links = {u: {resolve(u, h) for h in p.hrefs} - {None} for u, (p, _) in pages.items()}

            # Bounded sidebars.
            worst = max((len(p.sidebar), u) for u, (p, is_section) in pages.items() if not is_section)
            check(worst[0] <= SIDEBAR_BOUND,
                  f"{shape}: {worst[1]} has {worst[0]} links in its sidebar (bound {SIDEBAR_BOUND})")

            # Two clicks from every section page.
            everything = set(pages)
            for u, (p, is_section) in sorted(pages.items()):
                if not is_section:
                    continue
                one = links[u] & everything
                two = set().union(*(links[v] for v in one)) if one else set()
                missing = everything - {u} - one - two
                if missing:
                    check(False, f"{shape}: from section page {u}, {len(missing)} pages are more "
                          f"than two clicks away, e.g. {sorted(missing)[:3]}")
                    break

            # Reading order: prev/next walks the sitemap, which is the tree read depth first.
            with open(os.path.join(out, "sitemap.xml")) as f:
                order = re.findall(r"<loc>([^<]*)</loc>", f.read())
            walk, at = ["/"], "/"
            while pages[at][0].next and len(walk) <= len(pages):
                at = resolve(at, pages[at][0].next)
                walk.append(at)
            check(walk == order, f"{shape}: prev/next ({len(walk)} pages) is not the sitemap's "
                  f"order ({len(order)}): first difference at "
                  f"{next((i for i, (a, b) in enumerate(zip(walk, order)) if a != b), None)}")
            if shape == "deep":
                # Its folder and page names sort as their order: depth first is name order.
                check(order[1:] == sorted(order[1:]), "deep: the reading order is not depth first")

            # The tree for readers with JavaScript.
            with open(os.path.join(out, "nav-tree.js"), encoding="utf-8") as f:
                text = f.read()
            tree = json.loads(text[text.index("{"): text.rindex("}") + 1])
            urls = ["/" + p[1] for g in tree["groups"] for p in g["pages"]]
            check(sorted(urls) == sorted(everything - {"/"}),
                  f"{shape}: nav-tree.js lists {len(urls)} pages, the site has {len(everything) - 1}"
                  " besides the landing page")
            for g in tree["groups"]:
                levels = [p[2] for p in g["pages"]]
                bad = [k for k in range(len(levels))
                       if levels[k] > (levels[k - 1] + 1 if k else 0)]
                check(not bad, f"{shape}: group {g['title']}: levels do not nest at {bad[:3]}")

            if shape.startswith("hugo"):
                for key in ("date", "tags"):
                    n = stderr.count(f"Hugo front matter key '{key}'")
                    check(n == 1, f"{shape}: {n} warnings about key '{key}', expected one")
            print(f"{shape}: {len(pages)} pages, median {medians[shape]:.0f} bytes, "
                  f"largest non-section sidebar {worst[0]} links")

    base = medians.get(SHAPES[0])
    for shape, m in medians.items():
        check(abs(m - base) <= 0.10 * base,
              f"{shape}: median page {m:.0f} bytes, more than 10% from {SHAPES[0]}'s {base:.0f}")
    for f in failures:
        print("FAIL:", f)
    print(f"navigation check: {len(failures)} problems")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
