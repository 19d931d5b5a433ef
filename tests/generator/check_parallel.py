#!/usr/bin/env python3
"""check_parallel.py: the stress test of parallel parsing. Writes a site of many pages full of
what cmark-gfm's extensions parse inline (bare autolinks www.… and https://…, e-mail
autolinks, ~~strikethrough~~, tables whose cells hold both, footnotes), builds it once with one
worker and then several times with several workers, and asserts that every build writes the
same bytes and that every page has all of its autolinks and strikethroughs.

This is what a race on cmark-gfm's process-wide table of special characters looks like (see
generator/load.c): a page parsed while another parse ends loses some of its autolinks, so a
parallel build differs from the serial one, or from itself, now and then. With a shared table
that changes during parses, this test fails within a few builds on 2 cores.

Usage: check_parallel.py HANDBOOK [--templates DIR] [--pages N] [--runs N] [--jobs N]
"""
import argparse
import filecmp
import os
import re
import subprocess
import sys
import tempfile

LINKS_PER_PARAGRAPH = 6  # three www. autolinks, two https:// ones, one e-mail address
PARAGRAPHS = 12
TABLE_ROWS = 8


def page_text(i, n_pages):
    """Front matter and Markdown of page i: autolinks and strikethrough everywhere."""
    out = [f"---\ntitle: Page {i}\nsummary: Stress page {i} of {n_pages}.\n---\n"]
    for p in range(PARAGRAPHS):
        out.append(
            f"## Part {p}\n\n"
            f"See www.example.org/p{i}/a{p} and www.example.net/p{i}/b{p}, then ~~old {p}~~ "
            f"https://example.com/p{i}/c{p} or https://example.com/p{i}/d{p}?q={p} and "
            f"www.example.com/p{i}/e{p}; mail ops{p}@example.org. Also[^n{p}] ~~gone~~.\n\n"
            f"[^n{p}]: Footnote {p} with www.example.org/fn{i}/{p}.\n")
    out.append("| what | where |\n|---|---|\n")
    for r in range(TABLE_ROWS):
        out.append(f"| ~~row {r}~~ www.example.org/t{i}/{r} | https://example.com/t{i}/{r} |\n")
    return "".join(out)


def write_site(root, n_pages):
    content = os.path.join(root, "content")
    os.makedirs(os.path.join(content, "s"))
    with open(os.path.join(content, "site.yaml"), "w") as f:
        f.write("title: Parallel stress\nnav: [s]\n")
    with open(os.path.join(content, "index.md"), "w") as f:
        f.write("---\ntitle: Home\n---\nThe stress site: www.example.org/home.\n")
    with open(os.path.join(content, "s", "index.md"), "w") as f:
        f.write("---\ntitle: Section\n---\nPages below, ~~none~~ www.example.org/s.\n")
    for i in range(n_pages):
        with open(os.path.join(content, "s", f"p{i:04d}.md"), "w") as f:
            f.write(page_text(i, n_pages))
    return content


def build(handbook, templates, content, out, jobs):
    run = subprocess.run([handbook, "build", "--no-search", "--content", content, "--templates",
                          templates, "--out", out, "--jobs", str(jobs)],
                         capture_output=True, text=True)
    if run.returncode != 0:
        print(run.stderr)
        sys.exit(f"FAIL: handbook build --jobs {jobs} exited {run.returncode}")


def differences(a, b, rel=""):
    """Paths (relative) that differ between two output folders."""
    cmp = filecmp.dircmp(a, b)
    found = [os.path.join(rel, p) for p in cmp.left_only + cmp.right_only + cmp.funny_files]
    _, mismatch, errors = filecmp.cmpfiles(a, b, cmp.common_files, shallow=False)
    found += [os.path.join(rel, p) for p in mismatch + errors]
    for d in cmp.common_dirs:
        found += differences(os.path.join(a, d), os.path.join(b, d), os.path.join(rel, d))
    return found


def check_page(site, i):
    """The page's links and strikethroughs, counted in its HTML. Returns a problem or None."""
    with open(os.path.join(site, "s", f"p{i:04d}", "index.html"), encoding="utf-8") as f:
        html = f.read()
    body = html[html.index('<div class="body">'):html.index('<footer class="page-footer"')]
    www = len(re.findall(rf'<a href="http://www\.example\.(?:org|net|com)/(?:p|fn|t){i}/', body))
    https = len(re.findall(rf'<a href="https://example\.com/(?:p|t){i}/', body))
    mail = len(re.findall(r'<a href="mailto:ops\d+@example\.org">', body))
    dels = body.count("<del>")
    want = (PARAGRAPHS * 3 + PARAGRAPHS + TABLE_ROWS, PARAGRAPHS * 2 + TABLE_ROWS, PARAGRAPHS,
            PARAGRAPHS * 2 + TABLE_ROWS)
    got = (www, https, mail, dels)
    if got != want:
        return (f"s/p{i:04d}: (www, https, mailto, del) = {got}, expected {want}")
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("handbook")
    ap.add_argument("--templates", default="templates")
    ap.add_argument("--pages", type=int, default=400)
    ap.add_argument("--runs", type=int, default=6)
    ap.add_argument("--jobs", type=int, default=4)
    args = ap.parse_args()
    failures = []
    with tempfile.TemporaryDirectory(dir="/dev/shm" if os.path.isdir("/dev/shm") else None) as tmp:
        content = write_site(tmp, args.pages)
        serial = os.path.join(tmp, "serial")
        build(args.handbook, args.templates, content, serial, 1)
        for i in range(args.pages):
            problem = check_page(serial, i)
            if problem:
                failures.append("--jobs 1: " + problem)
        for run in range(args.runs):
            out = os.path.join(tmp, f"parallel{run}")
            build(args.handbook, args.templates, content, out, args.jobs)
            diff = differences(serial, out)
            if diff:
                failures.append(f"--jobs {args.jobs}, run {run + 1}: {len(diff)} files differ from "
                                f"--jobs 1, first {diff[:3]}")
                failures += [f"  {p}" for p in
                             filter(None, (check_page(out, i) for i in range(args.pages)))][:3]
            subprocess.run(["rm", "-rf", out], check=True)
    if failures:
        print("\n".join(f"FAIL: {f}" for f in failures))
        sys.exit(1)
    print(f"check_parallel: {args.pages + 2} pages, --jobs 1 and {args.runs} builds with "
          f"--jobs {args.jobs}: identical bytes, every autolink and strikethrough present")


if __name__ == "__main__":
    main()
