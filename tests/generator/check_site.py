#!/usr/bin/env python3
"""check_site.py: builds the real handbook into a temporary folder and checks the output.

Asserts that every page of the site map (shared CONTENT.md) exists with its sidebar, table of
contents and backlinks; that every internal href and #anchor resolves to a file and an id;
that reference pages list the observations leading to them; that ids are unique per page; and
the basics of accessibility the templates promise (lang, landmarks, skip link, labelled navs,
img alt). Python standard library only.

Usage: check_site.py HANDBOOK [--content DIR] [--templates DIR]
"""
import argparse
import os
import re
import posixpath
import subprocess
import sys
import tempfile
import time
from html.parser import HTMLParser
from urllib.parse import unquote, urlsplit

# The site map: landing, operator workflow and guides 1-7, the eight reference pages, the labs.
WORKFLOW = ["operator-workflow", "workloads", "training-step", "tokens-batches-steps",
            "parallelism-placement", "data-loading", "checkpointing", "cost-per-completed-workload"]
REFERENCE = ["nvidia-stack/gpu-data-path", "networking/nvlink-nvswitch", "networking/nccl",
             "networking/topology", "storage/training-workloads",
             "operations/training-fabric-triage", "operations/out-of-band-management",
             "operations/diagnostic-snapshot"]
LABS = ["input-wait", "multi-node-slowdown", "late-rank", "slower-after-restart", "acceptance-test", "after-reimage", "slower-on-some-nodes",
        "save-fails", "after-maintenance", "node-silent", "hand-over"]
EXPECTED = (["/", "/workflow/"] + [f"/workflow/{p}/" for p in WORKFLOW]
            + ["/reference/"] + [f"/reference/{p}/" for p in REFERENCE]
            + ["/labs/"] + [f"/labs/{p}/" for p in LABS])


class Page(HTMLParser):
    """Collects what the checks need from one HTML file."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids = []
        self.hrefs = []          # (attribute value, tag)
        self.navs = []           # aria-label of each <nav>
        self.classes = set()
        self.landmarks = set()
        self.lang = None
        self.imgs_without_alt = 0
        self.current_links = 0   # aria-current="page" inside the sidebar
        self._in_sidebar = 0
        self._in_section = []    # class of open <section>
        self.section_items = {}  # section class -> number of <li> or <tr> inside
        self.body_headings = []  # ids of h2/h3 inside <div class="body">
        self.toc_links = []      # hrefs inside <nav class="toc">
        self._body_depth = 0     # open <div>s since <div class="body">
        self._in_toc = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "html":
            self.lang = a.get("lang")
        if "id" in a:
            self.ids.append(a["id"])
        for cls in (a.get("class") or "").split():
            self.classes.add(cls)
        if tag in ("a", "link", "script", "img"):
            for attr in ("href", "src"):
                if a.get(attr) is not None:
                    self.hrefs.append((a[attr], tag))
        if tag == "img" and "alt" not in a:
            self.imgs_without_alt += 1
        if tag in ("header", "main", "footer", "nav"):
            self.landmarks.add(tag)
        if tag == "nav":
            self.navs.append(a.get("aria-label"))
            if a.get("id") == "sidebar":
                self._in_sidebar = 1
            elif self._in_sidebar:
                self._in_sidebar += 1
        if self._in_sidebar and a.get("aria-current") == "page":
            self.current_links += 1
        if tag == "div":
            if self._body_depth:
                self._body_depth += 1
            elif "body" in (a.get("class") or "").split():
                self._body_depth = 1
        # Markdown headings carry a link to themselves (widgets such as lab mounts have
        # headings of their own, which are not in the table of contents).
        if self._body_depth and tag in ("h2", "h3"):
            self._heading = tag
        if (getattr(self, "_heading", None) and tag == "a"
                and "heading-link" in (a.get("class") or "").split()):
            self.body_headings.append(a.get("href", "")[1:])
        if tag == "nav" and "toc" in (a.get("class") or "").split():
            self._in_toc = True
        if self._in_toc and tag == "a":
            self.toc_links.append(a.get("href"))
        if tag == "section":
            self._in_section.append(a.get("class", ""))
        if tag in ("li", "tr") and self._in_section:
            key = self._in_section[-1]
            self.section_items[key] = self.section_items.get(key, 0) + 1

    def handle_endtag(self, tag):
        if tag in ("h2", "h3"):
            self._heading = None
        if tag == "div" and self._body_depth:
            self._body_depth -= 1
        if tag == "nav":
            self._in_toc = False
        if tag == "nav" and self._in_sidebar:
            self._in_sidebar -= 1
        if tag == "section" and self._in_section:
            self._in_section.pop()


def parse(path):
    page = Page()
    with open(path, encoding="utf-8") as f:
        page.feed(f.read())
    return page


def url_of(site, path):
    rel = os.path.relpath(path, site).replace(os.sep, "/")
    if rel == "index.html":
        return "/"
    if rel.endswith("/index.html"):
        return "/" + rel[: -len("index.html")]
    return "/" + rel


def target_file(site, page_url, href):
    """The file an internal href points to, and its fragment; None for external links."""
    parts = urlsplit(href)
    if parts.scheme or parts.netloc:
        return None, None
    path = unquote(parts.path)
    if not path:
        target = page_url
    elif path.startswith("/"):
        return "absolute", None
    else:
        base = page_url if page_url.endswith("/") else posixpath.dirname(page_url) + "/"
        # Resolve ".." by hand: posixpath.normpath("/../x") is "/x", which hid a landing page
        # whose links climbed above the site's top folder (they break under a base_path).
        segments = []
        for part in (base + path).split("/"):
            if part in ("", "."):
                continue
            if part == "..":
                if not segments:
                    return "outside", None
                segments.pop()
            else:
                segments.append(part)
        target = "/" + "/".join(segments)
        if (path.endswith("/") or path in (".", "./") or path.endswith("/.")
                or path.endswith("/..")) and target != "/":
            target += "/"
    file = os.path.join(site, target.lstrip("/"))
    if target.endswith("/"):
        file = os.path.join(file, "index.html")
    return file, parts.fragment


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("handbook")
    ap.add_argument("--content", default="content")
    ap.add_argument("--templates", default="templates")
    args = ap.parse_args()
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        site = os.path.join(tmp, "site")
        start = time.monotonic()
        run = subprocess.run([args.handbook, "build", "--content", args.content, "--templates",
                              args.templates, "--out", site], capture_output=True, text=True)
        elapsed = time.monotonic() - start
        if run.returncode != 0:
            print(run.stderr, end="")
            print(f"FAIL: handbook build exited {run.returncode}")
            return 1
        if "error:" in run.stderr:
            problems.append("build printed errors:\n" + run.stderr)

        pages = {}
        for dirpath, _, files in os.walk(site):
            for name in files:
                if name.endswith(".html"):
                    path = os.path.join(dirpath, name)
                    pages[path] = parse(path)

        for url in EXPECTED:
            file = os.path.join(site, url.lstrip("/"), "index.html")
            if file not in pages:
                problems.append(f"{url}: page missing from the output")
                continue
            p = pages[file]
            if "sidebar" not in p.ids:
                problems.append(f"{url}: no sidebar")
            if url != "/" and p.current_links != 1:
                problems.append(f"{url}: the sidebar marks {p.current_links} links as current, not 1")
            want = ["#" + i for i in p.body_headings]
            if len(want) >= 2 and p.toc_links != want:
                problems.append(f"{url}: the table of contents lists {p.toc_links}, "
                                f"the headings are {want}")
            if "backlinks" not in p.ids:
                problems.append(f"{url}: no backlinks section")
            elif url != "/" and p.section_items.get("backlinks", 0) == 0:
                problems.append(f"{url}: no page links here")
            if url != "/" and "breadcrumbs" not in p.classes:
                problems.append(f"{url}: no breadcrumbs")
            if url.startswith("/reference/") and url.count("/") > 3:
                if p.section_items.get("symptoms", 0) < 2:  # header row + at least one row
                    problems.append(f"{url}: no observations lead here")
            with open(file, encoding="utf-8") as f:
                html = f.read()
            # Sidebar entries start with a capital, as their neighbours do ("Topology" beside
            # "NCCL"), even when the page title after its "Group: " prefix does not.
            nav = re.search(r'<nav class="sidebar".*?</nav>', html, re.S)
            lower = [t for t in re.findall(r"<a [^>]*>([^<]*)</a>", nav.group(0) if nav else "")
                     if t[:1].islower()]
            if lower:
                problems.append(f"{url}: sidebar entries start in lower case: {lower}")
            # An observation listed by two symptom tables (the landing page's and the Reference
            # index's) is one row with both sources, not two identical rows.
            m = re.search(r'<section class="symptoms".*?</section>', html, re.S)
            if m:
                observations = re.findall(r"<tr><td><a [^>]*>(.*?)</a></td>", m.group(0))
                repeated = sorted({o for o in observations if observations.count(o) > 1})
                if repeated:
                    problems.append(f"{url}: observations listed more than once: {repeated}")

        for path, p in pages.items():
            url = url_of(site, path)
            if path.endswith("404.html"):
                continue  # links from base_path, checked by the server tests
            if p.lang is None:
                problems.append(f"{url}: <html> has no lang")
            if "main" not in p.landmarks or "header" not in p.landmarks:
                if "refresh" not in open(path, encoding="utf-8").read():
                    problems.append(f"{url}: missing <header> or <main> landmark")
            if any(label is None for label in p.navs):
                problems.append(f"{url}: a <nav> without aria-label")
            if p.imgs_without_alt:
                problems.append(f"{url}: {p.imgs_without_alt} <img> without alt")
            dupes = {i for i in p.ids if p.ids.count(i) > 1}
            if dupes:
                problems.append(f"{url}: duplicate ids {sorted(dupes)}")
            for href, tag in p.hrefs:
                file, fragment = target_file(site, url, href)
                if file is None:
                    continue
                if file in ("absolute", "outside"):
                    problems.append(f"{url}: <{tag}> href '{href}' is not relative to the page")
                    continue
                if not os.path.isfile(file):
                    problems.append(f"{url}: <{tag}> '{href}' points to a missing file")
                    continue
                if fragment and file.endswith(".html"):
                    target = pages.get(file) or parse(file)
                    if fragment not in target.ids:
                        problems.append(f"{url}: '{href}' names no id on its target")

        for name in ("sitemap.xml", "404.html", "assets/style.css", "assets/site.js"):
            if not os.path.isfile(os.path.join(site, name)):
                problems.append(f"{name} missing")

    for problem in problems:
        print("FAIL:", problem)
    print(f"site check: {len(pages)} HTML files, {len(EXPECTED)} site-map pages, "
          f"{len(problems)} problems; build took {elapsed * 1000:.0f} ms")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
