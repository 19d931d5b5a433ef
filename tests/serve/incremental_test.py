#!/usr/bin/env python3
"""incremental_test.py: edits, renames, adds and deletes pages under `handbook serve`, and after
each change compares the folder it serves with a clean `handbook build` of the same content, byte
for byte. Stale incremental builds are what users of other generators complain about most.

Page edits must take serve's incremental path (its status line counts the pages scanned and
rendered); changes of templates, site.yaml or a lab scenario a full build. A change that breaks
the content must fail the rebuild with the right error and leave the served folder as it was;
the fix must then give the clean build's bytes again.

usage: incremental_test.py HANDBOOK --templates DIR [--pages N]

The content is bench/corpus.py's synthetic site of N pages (default 60).
"""
import argparse
import os
import re
import shutil
import signal
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


def settle(srv, step, served, timeout=60, kind=None):
    """Waits for the rebuild(s) a change caused: at least one status line, then quiet. The last
    rebuild must have succeeded. When the site has a search index, also waits for the
    background re-index of the last rebuild, so the served pagefind/ is the clean build's.
    kind: "incremental" or "full", what the last rebuild's status line must say it was."""
    m = srv.wait_line(r"^(rebuilt|rebuild failed)", timeout)
    if not m:
        FAILURES.append(step)
        print(f"FAIL  {step}: no rebuild within {timeout} s")
        return False
    last, line = m.group(1), m.string
    while True:
        m = srv.wait_line(STATUS, 1.0)
        if not m:
            break
        if m.group(1) != "search index updated":
            line = m.string
        last = m.group(1)
    if kind and last in ("rebuilt", "search index updated"):
        was = "full" if "full build" in line else "incremental" if " rendered" in line else "?"
        if kind == "graph kept" and "link graph kept" in line:
            was = kind
        if was != kind:
            FAILURES.append(step)
            print(f"FAIL  {step}: expected an {kind} rebuild, serve said: {line}")
            return False
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


def edit_file(path, func):
    with open(path) as f:
        text = f.read()
    new = func(text)
    assert new != text, f"the test's edit of {path} changed nothing"
    with open(path, "w") as f:
        f.write(new)


def expect_failure(srv, step, served, before, pattern, timeout=60):
    """Waits for a failed rebuild whose errors match pattern; the served folder must be
    byte-identical to `before` (a tree())."""
    m = srv.wait_line(r"^(rebuilt|rebuild failed)", timeout)
    time.sleep(0.5)
    errors = "\n".join(srv.stderr)
    if not m or m.group(1) != "rebuild failed":
        FAILURES.append(step)
        print(f"FAIL  {step}: expected a failed rebuild, got {m.string if m else 'nothing'}")
    elif not re.search(pattern, errors, re.M):
        FAILURES.append(step)
        print(f"FAIL  {step}: no error matching {pattern!r} in:\n{errors[-2000:]}")
    elif tree(served) != before:
        FAILURES.append(step)
        print(f"FAIL  {step}: the failed rebuild changed the served folder")
    else:
        print(f"ok    {step}: rebuild failed with the expected error, served folder untouched")


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
        # With Pagefind, the first build's index comes in the background, after "serving".
        if os.path.exists(os.path.join(ROOT, "node_modules", ".bin", "pagefind")) and \
                not srv.wait_line(r"^search index updated", 300):
            FAILURES.append("first build")
            print("FAIL  first build: no search index within 300 s")
        compare("first build", served, handbook, content, templates, tmp)

        steps = []

        def edit():
            p = os.path.join(content, "s00", "p00003.md")
            with open(p, "a") as f:
                f.write("\n## Added section\n\nA paragraph added under serve.\n")
        steps.append(("edit a page", edit))

        def edit_paragraph():
            # Text only (no heading, link, title): the previous link graph is reused.
            edit_file(os.path.join(content, "s00", "p00004.md"),
                      lambda t: t + "\nA sentence added under serve, nothing else.\n")
        steps.append(("edit a paragraph only (link graph kept)", edit_paragraph))

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

        def add_link():
            # Page 20 links to page 13: page 13's backlinks must now list page 20.
            edit_file(os.path.join(content, "s00", "p00020.md"),
                      lambda t: t + "\nSee also [page 13](p00013.md).\n")
        steps.append(("add a link (the target's backlinks)", add_link))

        def remove_link():
            edit_file(os.path.join(content, "s00", "p00020.md"),
                      lambda t: t.replace("\nSee also [page 13](p00013.md).\n", ""))
        steps.append(("remove the link again", remove_link))

        def copy_symptom_row():
            # Page 30's table gets a copy of page 12's first symptom row (same observation,
            # same target: merged into one entry there); the other pages' rows and links are
            # then taken from the graph memo (graph.c), not resolved again.
            with open(os.path.join(content, "s00", "p00012.md")) as f:
                rows = [l for l in f.read().splitlines()
                        if l.startswith("| ") and not l.startswith("| Observation")]
            assert rows, "the corpus page 12 has no symptom row"
            edit_file(os.path.join(content, "s00", "p00030.md"),
                      lambda t: t.replace("|---|---|---|\n", "|---|---|---|\n" + rows[0] + "\n", 1))
        steps.append(("copy a symptom row to another page (rows merged)", copy_symptom_row))

        def link_after_rows():
            edit_file(os.path.join(content, "s00", "p00040.md"),
                      lambda t: t + "\nSee also [page 30](p00030.md).\n")
        steps.append(("then a link on a third page (others' rows remembered)", link_after_rows))

        def drop_symptom_row():
            edit_file(os.path.join(content, "s00", "p00012.md"),
                      lambda t: "\n".join(l for l in t.split("\n")
                                          if not (l.startswith("| ") and
                                                  not l.startswith("| Observation"))))
        steps.append(("remove page 12's symptom rows (the copy on page 30 stays)",
                      drop_symptom_row))

        def section_title():
            # A folder's index page names its section: the section list of every page changes.
            edit_file(os.path.join(content, "s00", "index.md"),
                      lambda t: re.sub(r"^title: .*$", "title: Renamed section zero", t,
                                       count=1, flags=re.M))
        steps.append(("change a section index's title (every page's section list)",
                      section_title))

        def change_section():
            # A page moves to a section of its own: a new group in every page's sidebar.
            edit_file(os.path.join(content, "s00", "p00015.md"),
                      lambda t: re.sub(r"^section: .*$", "section: A section of one", t,
                                       count=1, flags=re.M))
        steps.append(("move a page to a new section", change_section))

        def add_alias():
            edit_file(os.path.join(content, "s00", "p00017.md"),
                      lambda t: t.replace("\n---\n", "\naliases: [/old/seventeen/]\n---\n", 1))
        steps.append(("add an alias (a redirect page)", add_alias))

        def change_alias():
            edit_file(os.path.join(content, "s00", "p00017.md"),
                      lambda t: t.replace("/old/seventeen/", "/older/page-17/"))
        steps.append(("change the alias (old redirect gone)", change_alias))

        def retitle_aliased():
            edit_file(os.path.join(content, "s00", "p00017.md"),
                      lambda t: re.sub(r'^title: ".*"$', 'title: "Seventeen, renamed"', t,
                                       count=1, flags=re.M))
        steps.append(("retitle a page with an alias (its redirect page)", retitle_aliased))

        def touch_template():
            for d, _, files in os.walk(templates):
                for f in files:
                    os.utime(os.path.join(d, f))
        steps.append(("touch every template", touch_template))

        for name, change in steps:
            time.sleep(0.2)
            srv.drain()
            change()
            kind = "full" if name.startswith("touch every template") else "incremental"
            if "graph kept" in name:
                kind = "graph kept"
            if settle(srv, name, served, kind=kind):
                compare(name, served, handbook, content, templates, tmp)

        def step(name, change, kind):
            time.sleep(0.2)
            srv.drain()
            change()
            if settle(srv, name, served, kind=kind):
                compare(name, served, handbook, content, templates, tmp)

        site_yaml = os.path.join(content, "site.yaml")
        step("change site.yaml (the site title on every page)",
             lambda: edit_file(site_yaml, lambda t: t + "\ntitle: A retitled benchmark\n"
                               if "\ntitle:" not in t else
                               re.sub(r"^title: .*$", "title: A retitled benchmark", t,
                                      flags=re.M)), "full")

        labs = os.path.join(content, "labs")
        step("add a lab scenario",
             lambda: (os.makedirs(labs, exist_ok=True),
                      shutil.copy(os.path.join(ROOT, "content", "labs", "late-rank.yaml"),
                                  os.path.join(labs, "late-rank.yaml"))), "full")
        step("change the lab scenario",
             lambda: edit_file(os.path.join(labs, "late-rank.yaml"),
                               lambda t: t.replace("title: Late rank", "title: A late rank",
                                                   1)), "full")

        # An anchor another page links to disappears: the linking page must report it.
        linked = None
        for d, _, files in sorted(os.walk(content)):
            for f in sorted(files):
                if not f.endswith(".md"):
                    continue
                with open(os.path.join(d, f)) as fh:
                    m = re.search(r"\]\(([^)#]+\.md)#overview\)", fh.read())
                if m and linked is None:
                    target = os.path.normpath(os.path.join(d, m.group(1)))
                    if os.path.exists(target):
                        linked = (os.path.join(d, f), target)
        if not linked:
            FAILURES.append("find a link to #overview")
            print("FAIL  find a link to #overview: the corpus has none")
        else:
            source, target = linked
            with open(target) as fh:
                original = fh.read()
            before = tree(served)
            time.sleep(0.2)
            srv.drain()
            srv.stderr.clear()
            edit_file(target, lambda t: t.replace("## Overview\n", "## Outline\n", 1))
            expect_failure(srv, "remove an anchor another page links to", served, before,
                           re.escape(os.path.relpath(source, os.path.dirname(content)))
                           + r":\d+:\d+: error: broken link .*#overview")
            step("put the anchor back", lambda: open(target, "w").write(original),
                 "incremental")

        # A failed rebuild, and the fix: an edit made meanwhile to another page must show.
        broken = os.path.join(content, "s00", "p00021.md")
        with open(broken) as fh:
            good = fh.read()
        before = tree(served)
        time.sleep(0.2)
        srv.drain()
        srv.stderr.clear()
        edit_file(broken, lambda t: t.replace("---\n", "---\ntitle: [unclosed\n", 1))
        edit_file(os.path.join(content, "s00", "p00022.md"),
                  lambda t: t + "\nWritten while page 21 was broken.\n")
        expect_failure(srv, "break a page's front matter", served, before,
                       r"p00021\.md:\d+:\d+: error:")
        step("fix it (the other page's edit shows too)", lambda: open(broken, "w").write(good),
             "incremental")

        # Editors leave backups beside a page (emacs "x.md~" and "#x.md#", vim's "4913"): the
        # watcher ignores them, so the build must too, or a clean build would publish them and
        # the served site not.
        def leave_backups():
            page = os.path.join(content, "s00", "p00004.md")
            shutil.copy(page, page + "~")
            shutil.copy(page, os.path.join(content, "s00", "#p00004.md#"))
            open(os.path.join(content, "s00", "4913"), "w").close()
            edit_file(page, lambda t: t + "\nSaved with a backup left beside it.\n")
        step("editor backups left beside a page (not published)", leave_backups, "graph kept")

        # A script or checkout replaces the whole content folder by renaming: the watches
        # must follow the new folder, not the old one.
        def replace_content_folder():
            fresh = content + ".new"
            shutil.copytree(content, fresh)
            edit_file(os.path.join(fresh, "s00", "p00006.md"),
                      lambda t: t + "\nIn the content folder that replaced the old one.\n")
            os.rename(content, content + ".old")
            os.rename(fresh, content)
        step("replace the content folder by renaming a new one over it",
             replace_content_folder, "full")
        step("then edit a page in the new content folder",
             lambda: edit_file(os.path.join(content, "s00", "p00006.md"),
                               lambda t: t + "\nEdited after the folder was replaced.\n"),
             "graph kept")

        # The only page of a folder moves out: an empty folder is left under content/ (the
        # ASan build stopped on it: qsort given NULL for a folder with no entries).
        def empty_folder():
            os.makedirs(os.path.join(content, "lonely"))
            with open(os.path.join(content, "lonely", "only.md"), "w") as f:
                f.write('---\ntitle: "The only page here"\n---\n\nAlone.\n')
        step("add a folder with one page", empty_folder, "incremental")
        step("move that page out, leaving its folder empty",
             lambda: os.rename(os.path.join(content, "lonely", "only.md"),
                               os.path.join(content, "s00", "only.md")), "incremental")

        # A folder of pages kept elsewhere and linked in: a link that leads out of the content
        # folder is an error naming it (followed, a pull request's link to /etc published the
        # machine's files), and removing it mends the site.
        shared = os.path.join(tmp, "shared-pages")
        os.makedirs(shared)
        with open(os.path.join(shared, "linked.md"), "w") as f:
            f.write('---\ntitle: "A page in a linked folder"\n---\n\n'
                    "It links to [page 3](../s00/p00003.md).\n")
        time.sleep(0.2)
        srv.drain()
        srv.stderr.clear()
        before = tree(served)
        os.symlink(shared, os.path.join(content, "shared"))
        expect_failure(srv, "link a folder kept outside the content into it", served, before,
                       re.escape(os.path.join(content, "shared")) + r":1:1: error: symbolic link "
                       r"to '.*shared-pages' leads outside the content folder")
        step("remove that link", lambda: os.remove(os.path.join(content, "shared")),
             "incremental")
        # A link that stays inside the content folder is followed: an edit made behind it must
        # be seen like any other (the real folder is hidden, so discovery reads it only
        # through the link).
        hidden = os.path.join(content, ".shared-pages")
        shutil.move(shared, hidden)
        step("link a folder of pages kept inside the content (hidden) into it",
             lambda: os.symlink(".shared-pages", os.path.join(content, "shared")), "incremental")
        step("edit a page inside the linked folder",
             lambda: edit_file(os.path.join(hidden, "linked.md"),
                               lambda t: t + "\nEdited where it really lives.\n"), "graph kept")

        # Someone removes the output folder: the next change builds it whole again.
        def remove_output_then_edit():
            shutil.rmtree(served)
            edit_file(os.path.join(content, "s00", "p00004.md"),
                      lambda t: t + "\nWritten after the output folder was removed.\n")
        step("remove the output folder, then edit a page", remove_output_then_edit, "full")

        # Ctrl-C: the state of all those rebuilds is freed without a leak or sanitizer report
        # (the ASan build is what `make test-serve-incremental` runs).
        srv.proc.send_signal(signal.SIGINT)
        try:
            srv.proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            FAILURES.append("stop")
            print("FAIL  stop: serve did not stop on Ctrl-C")
        time.sleep(0.5)
        errors = "\n".join(srv.stderr)
        if srv.proc.returncode != 0 or "Sanitizer" in errors or "runtime error" in errors:
            FAILURES.append("stop")
            print(f"FAIL  stop: exit status {srv.proc.returncode}, stderr:\n{errors[-3000:]}")
        else:
            print("ok    Ctrl-C: exit status 0, no sanitizer report")
    finally:
        srv.stop()
    try:
        # The content folder is itself a symbolic link (content -> the real folder): serve
        # starts, watches the folder it leads to and rebuilds on an edit there.
        link = os.path.join(tmp, "content-link")
        os.symlink(content, link)
        served = os.path.join(tmp, "served-via-link")
        srv = Server([handbook, "serve", "--port", "0", "--content", link, "--templates",
                      templates, "--out", served])
        if not srv.wait_line(r"^serving ", 120):
            FAILURES.append("serve a content folder that is a symbolic link")
            print("FAIL  serve a content folder that is a symbolic link: it did not start:\n"
                  + "\n".join(srv.stderr[-5:]))
        else:
            time.sleep(0.2)
            srv.drain()
            edit_file(os.path.join(content, "s00", "p00003.md"),
                      lambda t: t + "\nEdited behind the content folder's link.\n")
            if settle(srv, "edit a page behind a content folder that is a link", served,
                      kind="graph kept"):
                compare("edit a page behind a content folder that is a link", served,
                        handbook, link, templates, tmp)
    finally:
        srv.stop()
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"incremental tests: {len(FAILURES)} failed")
    sys.exit(1 if FAILURES else 0)


if __name__ == "__main__":
    main()
