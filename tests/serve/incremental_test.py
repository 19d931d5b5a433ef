#!/usr/bin/env python3
"""incremental_test.py: edits, renames, adds and deletes pages under `handbook serve`, and after
each change compares the folder it serves with a clean `handbook build` of the same content, byte
for byte. Stale incremental builds are what users of other generators complain about most.

usage: incremental_test.py HANDBOOK --templates DIR [--pages N]

The content is bench/corpus.py's synthetic site of N pages (default 60).
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from serve_test import Server  # noqa: E402  (the same stdout-collecting process wrapper)

FAILURES = []


def tree(root):
    """{relative path: bytes} of every file under root."""
    out = {}
    for d, _, files in os.walk(root):
        for f in files:
            p = os.path.join(d, f)
            with open(p, "rb") as fh:
                out[os.path.relpath(p, root)] = fh.read()
    return out


def compare(step, served_dir, handbook, content, templates, tmp):
    clean = os.path.join(tmp, "clean")
    shutil.rmtree(clean, ignore_errors=True)
    r = subprocess.run([handbook, "build", "--content", content, "--templates", templates,
                        "--out", clean], capture_output=True, text=True)
    if r.returncode != 0:
        FAILURES.append(step)
        print(f"FAIL  {step}: the clean build failed:\n{r.stderr[-2000:]}")
        return
    a, b = tree(served_dir), tree(clean)
    only_served = sorted(set(a) - set(b))
    only_clean = sorted(set(b) - set(a))
    differ = sorted(k for k in set(a) & set(b) if a[k] != b[k])
    if only_served or only_clean or differ:
        FAILURES.append(step)
        print(f"FAIL  {step}: only under serve {only_served[:5]}, only in the clean build "
              f"{only_clean[:5]}, different {differ[:5]}")
    else:
        print(f"ok    {step}: {len(a)} files identical to a clean build")


STATUS = r"^(rebuilt|rebuild failed|search index updated)"


def settle(srv, step, served, timeout=60):
    """Waits for the rebuild(s) a change caused: at least one status line, then quiet. The last
    rebuild must have succeeded. When the site has a search index, also waits for the
    background re-index of the last rebuild, so the served pagefind/ is the clean build's."""
    m = srv.wait_line(r"^(rebuilt|rebuild failed)", timeout)
    if not m:
        FAILURES.append(step)
        print(f"FAIL  {step}: no rebuild within {timeout} s")
        return False
    last = m.group(1)
    while True:
        m = srv.wait_line(STATUS, 1.0)
        if not m:
            break
        last = m.group(1)
    if last == "rebuilt" and os.path.isdir(os.path.join(served, "pagefind")):
        if not srv.wait_line(r"^search index updated", timeout):
            FAILURES.append(step)
            print(f"FAIL  {step}: the search index was not updated within {timeout} s")
            return False
        last = "search index updated"
    if last not in ("rebuilt", "search index updated"):
        FAILURES.append(step)
        print(f"FAIL  {step}: the last rebuild failed:\n" + "\n".join(srv.stderr[-10:]))
        return False
    return True


def rewrite_links(content, old_rel, new_rel):
    """Points every link to content/OLD_REL at content/NEW_REL (None: unlinks it, keeping the
    text). Links in the corpus are relative: `p00012.md` or `../s00/p00012.md`."""
    old_dir, old_file = os.path.split(old_rel)
    for d, _, files in os.walk(content):
        for f in files:
            if not f.endswith(".md"):
                continue
            path = os.path.join(d, f)
            with open(path) as fh:
                text = fh.read()
            here = os.path.relpath(d, content)
            pattern = re.compile(r"\[([^\]]*)\]\((" + re.escape(
                old_file if here == old_dir else f"../{old_dir}/{old_file}") + r")(#[^)]*)?\)")

            def repl(m):
                if new_rel is None:
                    return m.group(1)
                target = os.path.relpath(os.path.join(content, new_rel), d)
                return f"[{m.group(1)}]({target}{m.group(3) or ''})"

            new_text = pattern.sub(repl, text)
            if new_text != text:
                with open(path, "w") as fh:
                    fh.write(new_text)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("handbook")
    ap.add_argument("--templates", required=True)
    ap.add_argument("--pages", type=int, default=60)
    args = ap.parse_args()
    handbook = os.path.abspath(args.handbook)

    tmp = tempfile.mkdtemp(prefix="hb-incremental-")
    subprocess.run([sys.executable, os.path.join(ROOT, "bench", "corpus.py"), str(args.pages), tmp],
                   check=True)
    content, served = os.path.join(tmp, "content"), os.path.join(tmp, "served")
    templates = os.path.join(tmp, "templates")
    shutil.copytree(args.templates, templates)
    srv = Server([handbook, "serve", "--port", "0", "--content", content, "--templates",
                  templates, "--out", served])
    try:
        if not srv.wait_line(r"^serving ", 120):
            print("server did not start:\n" + "\n".join(srv.stderr[-20:]))
            sys.exit(1)
        compare("first build", served, handbook, content, templates, tmp)

        steps = []

        def edit():
            p = os.path.join(content, "s00", "p00003.md")
            with open(p, "a") as f:
                f.write("\n## Added section\n\nA paragraph added under serve.\n")
        steps.append(("edit a page", edit))

        def retitle():
            p = os.path.join(content, "s00", "p00005.md")
            with open(p) as f:
                text = f.read()
            with open(p, "w") as f:
                f.write(re.sub(r'^title: ".*"$', 'title: "A new title for page five"', text,
                               count=1, flags=re.M))
        steps.append(("change a title (nav, prev/next, backlinks of others)", retitle))

        def rename():
            rewrite_links(content, "s00/p00007.md", "s00/renamed-seven.md")
            os.rename(os.path.join(content, "s00", "p00007.md"),
                      os.path.join(content, "s00", "renamed-seven.md"))
        steps.append(("rename a page (and the links to it)", rename))

        def move():
            os.makedirs(os.path.join(content, "s00", "moved"))
            rewrite_links(content, "s00/p00009.md", "s00/moved/p00009.md")
            # Its own links are relative to its old folder: one level deeper now.
            p = os.path.join(content, "s00", "p00009.md")
            with open(p) as f:
                text = f.read()
            text = re.sub(r"\]\(\.\./", "](../../", text)
            text = re.sub(r"\]\((p\d{5}\.md|renamed-seven\.md)", r"](../\1", text)
            with open(os.path.join(content, "s00", "moved", "p00009.md"), "w") as f:
                f.write(text)
            os.remove(p)
        steps.append(("move a page into a new folder", move))

        def delete():
            # Links to it now point at page 3 (a symptom table's Reference cell needs a link).
            rewrite_links(content, "s00/p00011.md", "s00/p00003.md")
            os.remove(os.path.join(content, "s00", "p00011.md"))
        steps.append(("delete a page (links to it moved to another)", delete))

        def add():
            with open(os.path.join(content, "s00", "added.md"), "w") as f:
                f.write('---\ntitle: "Added page"\nsection: Section 00\norder: 50\n---\n\n'
                        "# Added page\n\nIt links to [page 3](p00003.md#overview).\n")
        steps.append(("add a page", add))

        def touch_template():
            for d, _, files in os.walk(templates):
                for f in files:
                    os.utime(os.path.join(d, f))
        steps.append(("touch every template", touch_template))

        for name, change in steps:
            time.sleep(0.2)
            srv.drain()
            change()
            if settle(srv, name, served):
                compare(name, served, handbook, content, templates, tmp)
    finally:
        srv.stop()
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"incremental tests: {len(FAILURES)} failed")
    sys.exit(1 if FAILURES else 0)


if __name__ == "__main__":
    main()
