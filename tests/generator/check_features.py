#!/usr/bin/env python3
"""check_features.py: builds tests/generator/features (a small site that uses every feature)
and asserts the exact HTML each feature must produce: rewritten links and anchors, anchor
aliases, heading ids, symptom rows and the observations listed on their reference page,
callouts, raw HTML off, GFM extensions, diagrams, assets, aliases, sitemap, 404, sidebar
order and titles, prev/next, breadcrumbs, backlinks, labs, the edit link; and that the output
is the same byte for byte with one worker thread or several.

Usage: check_features.py HANDBOOK [--templates DIR]
"""
import argparse
import filecmp
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CONTENT = os.path.join(HERE, "features", "content")
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)


def build(handbook, templates, out, jobs, *extra):
    run = subprocess.run([handbook, "build", "--content", CONTENT, "--templates", templates,
                          "--out", out, "--jobs", str(jobs), *extra], capture_output=True, text=True)
    if run.returncode != 0:
        print(run.stderr)
        sys.exit(f"FAIL: handbook build exited {run.returncode}")
    return run.stderr


def read(site, path):
    with open(os.path.join(site, path), encoding="utf-8") as f:
        return f.read()


def has(html, needle, where):
    check(needle in html, f"{where}: missing {needle!r}")


def order(html, needles, where):
    """Each needle found after the previous one."""
    pos = 0
    for n in needles:
        pos = html.find(n, pos)
        if pos < 0:
            failures.append(f"{where}: {n!r} missing or out of order in {needles}")
            return
        pos += len(n)


def same_tree(a, b):
    cmp = filecmp.dircmp(a, b)
    if cmp.left_only or cmp.right_only or cmp.diff_files or cmp.funny_files:
        return False
    _, mismatch, errors = filecmp.cmpfiles(a, b, cmp.common_files, shallow=False)
    return not mismatch and not errors and all(
        same_tree(os.path.join(a, d), os.path.join(b, d)) for d in cmp.common_dirs)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("handbook")
    ap.add_argument("--templates", default="templates")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        site = os.path.join(tmp, "one")
        stderr = build(args.handbook, args.templates, site, 1)
        build(args.handbook, args.templates, os.path.join(tmp, "many"), 4)
        check(same_tree(site, os.path.join(tmp, "many")), "output differs between --jobs 1 and --jobs 4")
        # Each page is parsed once (the scan renders it, its links filled in after the link
        # graph); parsed twice, the old way, it must come out the same, byte for byte.
        os.environ["HANDBOOK_PARSE_TWICE"] = "1"
        build(args.handbook, args.templates, os.path.join(tmp, "twice"), 2)
        del os.environ["HANDBOOK_PARSE_TWICE"]
        check(same_tree(site, os.path.join(tmp, "twice")), "output differs when pages are parsed twice")
        check(stderr.count("warning: raw HTML is shown as text") == 1,
              f"expected one raw-HTML warning, got: {stderr!r}")

        # Search: the build makes Pagefind's index (when node_modules/ has it, as after
        # `make deps`) and the pages show the box; with --no-search neither, so no page loads
        # a script that is not there.
        if os.path.exists("node_modules/.bin/pagefind"):
            check(os.path.isfile(os.path.join(site, "pagefind", "pagefind-ui.js")),
                  "the build made no search index (pagefind/pagefind-ui.js)")
            check('id="search"' in read(site, "index.html"), "no search box with an index")
        bare = os.path.join(tmp, "no-search")
        build(args.handbook, args.templates, bare, 2, "--no-search")
        check(not os.path.exists(os.path.join(bare, "pagefind")), "--no-search made an index")
        check('id="search"' not in read(bare, "index.html"), "--no-search pages show a search box")

        home = read(site, "index.html")
        has(home, '<html lang="en-GB">', "home")
        has(home, '<a href="guide/first/">the first guide</a>', "home link to a page")
        has(home, '<a href="guide/first/#steps-pinned">its steps</a>', "home link to an explicit id")
        has(home, '<a href="guide/first/#steps-pinned">old</a>', "home link through an anchor alias")
        has(home, '<span class="symptom-anchor" id="symptom-things-are-slow"></span>Things are slow',
            "symptom row anchor")
        has(home, '<div class="callout callout-warning" role="note" aria-label="Warning">', "warning")
        has(home, '<div class="callout callout-caution"', "lower-case caution marker")
        has(home, "<blockquote>\n<p>[!NOTE] not alone on its line", "marker not alone stays a quote")
        has(home, "Raw &lt;b&gt;HTML&lt;/b&gt; shows as text", "raw HTML off")
        has(home, '<li><label class="task"><input type="checkbox" checked disabled> done</label></li>',
            "task list item with a labelled checkbox")
        has(home, "<del>strike</del>", "strikethrough")
        has(home, '<a href="https://example.org/autolink">', "autolink")
        has(home, 'href="#fn-1"', "footnote")
        has(home, 'id="diagram1-graph0"', "first diagram ids")
        has(home, 'id="diagram2-graph0"', "second diagram ids")
        check("&lt;title" not in home, "home: diagram <title> escaped by the tagfilter")
        check("<title>a</title>" in home, "home: diagram keeps its <title>")
        has(home, '<p class="nav-home"><a href="./" aria-current="page">Home</a></p>', "home in sidebar")
        check('class="breadcrumbs"' not in home, "home: has breadcrumbs")

        first = read(site, "guide/first/index.html")
        for i in ("steps-pinned", "steps", "steps-1", "detail-code-and-emphasis"):
            has(first, f'<h{3 if i.startswith("detail") else 2} id="{i}">', f"heading id {i}")
        has(first, '<span class="anchor-alias" id="old-steps"></span>', "anchor alias kept alive")
        has(first, '<h3 id="detail-code-and-emphasis">Detail <code>code</code> and <em>emphasis</em>',
            "inline markup in a heading")
        order(first, ['href="#steps-pinned">Steps', 'href="#steps">Steps', 'href="#steps-1">Steps',
                      'href="#detail-code-and-emphasis">Detail code and emphasis'], "toc")
        has(first, '<img src="../img/pic.svg" alt="A picture" />', "image link to a content file")
        has(first, '<a href="../../">home</a>', "link up to the landing page")
        has(first, '<a href="../second/">second</a>', "link to a sibling")
        has(first, '<a href="https://example.org/edit/content/guide/first.md">Edit this page</a>',
            "edit link")
        has(first, '<li><a href="../../labs/demo/">Demo lab</a></li>', "related lab")
        order(first, ['aria-label="Breadcrumbs"', '<a href="../../">Home</a>', '<a href="../">Guide</a>',
                      '<span aria-current="page">Guide: First</span>'], "breadcrumbs")
        # the group's index page is the group's title link, not an entry below it
        order(first, ['<li class="nav-group expanded"><a class="nav-group-title" href="../">Guide</a><ul>',
                      '<a href="./" aria-current="page">First</a>',
                      '<a href="../second/">Second</a>',
                      '<a class="nav-group-title" href="../../labs/demo/">Demo lab</a>'], "sidebar")
        sidebar = first[first.find('<nav class="sidebar"'):first.find('</nav>', first.find('<nav class="sidebar"'))]
        check(sidebar.count('>Guide</a>') == 1, "sidebar: the section Guide shows once (its index page is its title)")
        has(first, '<a class="pager-prev" rel="prev" href="../">', "prev")
        has(first, '<a class="pager-next" rel="next" href="../second/">', "next")
        backlinks = first[first.find('id="backlinks"'):]
        order(backlinks, ['<a href="../../">Home</a>', '<a href="../second/">Guide: Second</a>',
                          '<a href="../../labs/demo/">Demo lab</a>'], "backlinks of first, in reading order")
        check(backlinks.count("<li>") == 3, "first: expected exactly three backlinks")

        second = read(site, "guide/second/index.html")
        third = read(site, "guide/third/index.html")
        has(second, '<h2 id="compared-with-the-first-guide">Compared with <a href="../first/#steps-pinned">'
                    'the first guide</a>', "link inside a heading")
        order(second, ['<a href="../first/">First</a>', '<a href="./" aria-current="page">Second</a>',
                       '<a href="../third/">Third</a>'], "sidebar of second")
        order(third, ['<a href="../first/">First</a>', '<a href="../second/">Second</a>',
                      '<a href="./" aria-current="page">Third</a>'], "sidebar of third (reused)")
        has(second, '<a href="../../#symptom-things-are-slow">Things are slow</a></td><td>Timings</td><td><a href="../../#symptom-things-are-slow">Home</a></td>',
            "observation listed on its reference page")

        check(os.path.isfile(os.path.join(site, "guide/img/pic.svg")), "content file not copied")
        check(not os.path.exists(os.path.join(site, "README")) and "README" not in str(os.listdir(site)),
              "README.md rendered")
        redirect = read(site, "old/first/index.html")
        has(redirect, '<meta http-equiv="refresh" content="0; url=../../guide/first/">', "alias redirect")
        has(redirect, '<link rel="canonical" href="../../guide/first/">', "alias canonical")
        sitemap = read(site, "sitemap.xml")
        order(sitemap, ["<loc>https://docs.example.org/handbook/</loc>",
                        "<loc>https://docs.example.org/handbook/guide/</loc>",
                        "<loc>https://docs.example.org/handbook/guide/first/</loc>",
                        "<loc>https://docs.example.org/handbook/labs/demo/</loc>"], "sitemap")
        not_found = read(site, "404.html")
        has(not_found, 'href="/handbook/assets/style.css"', "404 assets from base_path")
        has(not_found, '<a href="/handbook/guide/">Guide</a>', "404 links from base_path")
        section = read(site, "guide/index.html")
        order(section, ['<a href="first/">Guide: First</a>', '<a href="second/">Guide: Second</a>'],
              "section index lists its pages")

        # Hugo's layout: _index.md is the folder's page, weight orders (0: no weight, last),
        # the folder is read depth first, a draft is not published, description is the
        # summary, each unused Hugo key is warned about once.
        for key, count in (("date", 2), ("tags", 0)):
            warned = [l for l in stderr.splitlines() if f"Hugo front matter key '{key}'" in l]
            check(len(warned) == 1, f"Hugo key {key}: expected one warning, got {warned}")
            if count and warned:
                check(f"nor on the {count} other pages" in warned[0], f"Hugo key {key}: {warned[0]}")
        hugo = read(site, "hugo/index.html")
        order(hugo, ['<a href="alpha/">Alpha</a>', '<a href="beta/">Beta</a>', '<a href="sub/">Sub</a>',
                     '<a href="sub/inside/">Inside</a>', '<a href="aaa-unweighted/">Zero weight</a>'],
              "a Hugo section's pages by weight, depth first")
        check(not os.path.exists(os.path.join(site, "hugo", "draft")), "a draft was published")
        check("/hugo/draft/" not in read(site, "sitemap.xml"), "a draft is in sitemap.xml")
        check("Not yet" not in read(site, "nav-tree.js"), "a draft is in the navigation tree")
        has(read(site, "hugo/beta/index.html"),
            '<meta name="description" content="The beta page, described the Hugo way.">',
            "Hugo's description as the summary")
        inside = read(site, "hugo/sub/inside/index.html")
        has(inside, '<a class="pager-next" rel="next" href="../../aaa-unweighted/">',
            "after a subsection's last page comes the folder's next entry")
        order(inside, ['<a class="nav-group-title" href="../../">Hugo docs</a><ul>',
                       '<a href="../">Sub</a>', '<a href="./" aria-current="page">Inside</a>'],
              "sidebar: the folders above the page, nested")

        # Search indexes the page's own text only: the article, without its table of
        # contents, generated lists and footer; the sidebar is outside it.
        article = first[first.find("<article"):]
        # (has-toc: the page has a table of contents, which wide screens show beside the text)
        has(first, '<article class="page has-toc" data-pagefind-body>', "search body")
        check(first.find('id="sidebar"') < first.find("data-pagefind-body"), "sidebar inside the search body")
        has(first, '<nav class="toc" aria-label="On this page" data-pagefind-ignore>', "toc outside search")
        has(article, '<footer class="page-footer" data-pagefind-ignore>', "footer outside search")
        has(section, 'aria-label="Pages in this section" data-pagefind-ignore>', "section list outside search")

        # An output folder inside the content folder (`--content . --out _site`): the second
        # build must not publish the first one's output (or its temporary folder) as content.
        inside = os.path.join(tmp, "inside")
        shutil.copytree(CONTENT, inside)
        out_inside = os.path.join(inside, "_site")
        for attempt in (1, 2):
            run = subprocess.run([args.handbook, "build", "--no-search", "--content", inside,
                                  "--templates", args.templates, "--out", out_inside],
                                 capture_output=True, text=True)
            check(run.returncode == 0, f"build {attempt} with --out inside --content exited "
                  f"{run.returncode}: {run.stderr}")
            if attempt == 1:
                first = os.path.join(tmp, "inside-first")
                shutil.copytree(out_inside, first)
        check(not os.path.exists(os.path.join(out_inside, "_site")),
              "a build with --out inside --content published the previous output")
        check(same_tree(first, out_inside),
              "a second build with --out inside --content differs from the first")

        # File names a URL can hold once escaped (a space, UTF-8): sitemap.xml escapes them
        # (sitemaps.org: a <loc> is an escaped URL) and stays valid XML.
        named = os.path.join(tmp, "named")
        shutil.copytree(CONTENT, named)
        for name in ("a page.md", "na\u00efve.md"):
            with open(os.path.join(named, "guide", name), "w", encoding="utf-8") as f:
                f.write("---\ntitle: Named oddly\nsection: Guide\n---\n\nText.\n")
        named_out = os.path.join(tmp, "named-site")
        run = subprocess.run([args.handbook, "build", "--no-search", "--content", named,
                              "--templates", args.templates, "--out", named_out],
                             capture_output=True, text=True)
        check(run.returncode == 0, f"build with a space and UTF-8 in file names: {run.stderr}")
        if run.returncode == 0:
            import xml.etree.ElementTree as ET
            sitemap = read(named_out, "sitemap.xml")
            try:
                locs = [e.text for e in ET.fromstring(sitemap).iter(
                    "{http://www.sitemaps.org/schemas/sitemap/0.9}loc")]
            except ET.ParseError as e:
                locs = []
                check(False, f"sitemap.xml is not XML: {e}")
            check("https://docs.example.org/handbook/guide/a%20page/" in locs and
                  "https://docs.example.org/handbook/guide/na%C3%AFve/" in locs and
                  all(re.fullmatch(r"[A-Za-z0-9\-._~/:%]+", u) for u in locs),
                  f"sitemap.xml does not escape the odd names: {locs}")

        # An empty content folder builds, with a warning (it used to say nothing).
        empty = os.path.join(tmp, "empty")
        os.makedirs(empty)
        run = subprocess.run([args.handbook, "build", "--no-search", "--content", empty,
                              "--templates", args.templates, "--out", os.path.join(tmp, "empty-site")],
                             capture_output=True, text=True)
        check(run.returncode == 0 and run.stderr == f"{empty}:1:1: warning: no pages here (no *.md "
              "file): the site will have no page but 404.html\n",
              f"an empty content folder: exit {run.returncode}, stderr {run.stderr!r}")

    for f in failures:
        print("FAIL:", f)
    print(f"feature check: {len(failures)} problems")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
