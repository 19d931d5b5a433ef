#!/usr/bin/env python3
"""random_test.py: random edit sequences under `handbook serve`, each step compared byte for
byte with a clean `handbook build` of the same content.

Each sequence starts a fresh `serve` on a copy of a small bench/corpus.py site (three sections,
one of them in Hugo's layout, one with subfolders), then applies a few random changes: text,
titles, order and weight, sections, links added and removed, pages added (in new subfolders
too), moved and deleted (every link to them rewritten), index.md renamed to _index.md and back,
index pages added, drafts, Hugo keys, aliases, the template and site.yaml touched, and changes
that break the build (a broken link, both index.md and _index.md in a folder, bad front matter)
and their fix. After each change:

- when the clean build succeeds, serve must have rebuilt and its folder must equal the clean
  build's, file for file and byte for byte;
- when the clean build fails, serve's rebuild must have failed too and left its folder exactly
  as it was.

The seed is fixed (RANDOM_SEED, default 12); RANDOM_SEQUENCES (default 200) sequences of 1 to
RANDOM_STEPS (default 4) steps: about three minutes here. A failure prints the seed, the sequence and its steps, so it
can be replayed with RANDOM_SEED and RANDOM_ONLY=SEQUENCE.

usage: random_test.py HANDBOOK --templates DIR
"""
import argparse
import os
import posixpath
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from serve_test import Server  # noqa: E402
from incremental_test import tree  # noqa: E402  (every file under a folder, with its bytes)

LINK = re.compile(r"\]\(([^)#\s]+\.md)(#[^)\s]*)?\)")
SECTIONS = ["Section 00", "Section 01", "Section 02", "Another section", "Odds and ends"]


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def write(path, text):
    """Writes a whole file at once, as editors save (a hidden temporary file renamed over it),
    so that serve never reads half a file."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = os.path.join(os.path.dirname(path), f".{os.path.basename(path)}.tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)


def append(path, text):
    write(path, read(path) + text)


class Site:
    """The content folder being edited, with the edits a step can make."""

    def __init__(self, content, templates, rng):
        self.content, self.templates, self.rng = content, templates, rng
        self.undo = []   # fixes of the broken states made by earlier steps
        self.serial = 0

    def pages(self, index=None):
        out = []
        for d, _, files in os.walk(self.content):
            for f in files:
                if f.endswith(".md") and f != "README.md":
                    rel = os.path.relpath(os.path.join(d, f), self.content)
                    is_index = f in ("index.md", "_index.md")
                    if index is None or index == is_index:
                        out.append(rel)
        return sorted(out)

    def path(self, rel):
        return os.path.join(self.content, rel)

    def folders(self):
        return sorted({posixpath.dirname(p) for p in self.pages()} - {""})

    def pick(self, index=None):
        pages = self.pages(index)
        return self.rng.choice(pages) if pages else None

    def edit_front(self, rel, func):
        text = read(self.path(rel))
        head, sep, body = text[4:].partition("\n---\n")
        lines = [l for l in head.split("\n")]
        write(self.path(rel), "---\n" + "\n".join(func(lines)) + sep + body)

    @staticmethod
    def set_key(lines, key, value):
        out = [l for l in lines if not l.startswith(key + ":")]
        if value is not None:
            out.append(f"{key}: {value}")
        return out

    def relink(self, moves):
        """Moves files (old rel -> new rel, None: deleted, its links sent to another page) and
        rewrites every link so that it still resolves."""
        old_of = {}
        for old, new in moves.items():
            if new is not None:
                old_of[new] = old
        alive = [p for p in self.pages() if p not in moves]
        texts, before = {}, {}
        for old, new in moves.items():
            if new is not None:
                texts[new] = read(self.path(old))
        for rel in alive:
            texts.setdefault(rel, read(self.path(rel)))
            before[rel] = texts[rel]
        targets = [p for p in sorted(texts) if not posixpath.basename(p).endswith("index.md")]
        for rel, text in texts.items():
            here_old = posixpath.dirname(old_of.get(rel, rel))
            here_new = posixpath.dirname(rel)

            def fix(m):
                target = posixpath.normpath(posixpath.join(here_old, m.group(1)))
                anchor = m.group(2) or ""
                if target in moves:
                    target = moves[target]
                    if target is None:
                        target = self.rng.choice([t for t in targets if t != rel] or [rel])
                        anchor = "#overview" if "## Overview" in texts[target] else ""
                return f"]({posixpath.relpath(target, here_new or '.')}{anchor})"

            texts[rel] = LINK.sub(fix, text)
        # Every change at once (new files first, then removals), as a checkout would.
        for rel, text in texts.items():
            if before.get(rel) != text:
                write(self.path(rel), text)
        for old in moves:
            os.remove(self.path(old))

    # ---- the edits (each returns a short description) ----------------------------------------

    def text(self):
        rel = self.pick()
        self.serial += 1
        append(self.path(rel), f"\nA sentence written by step {self.serial}.\n")
        return f"text {rel}"

    def title(self):
        rel = self.pick()
        self.serial += 1
        self.edit_front(rel, lambda l: self.set_key(l, "title", f'"Retitled {self.serial}"'))
        return f"title {rel}"

    def order(self):
        rel = self.pick(False)
        key = "weight" if "weight:" in read(self.path(rel)) else "order"
        value = self.rng.choice([None, 0, 1, 3, 50, -2])
        self.edit_front(rel, lambda l: self.set_key(l, key, value))
        return f"{key} {value} {rel}"

    def section(self):
        rel = self.pick()
        value = self.rng.choice(SECTIONS + [None])
        self.edit_front(rel, lambda l: self.set_key(l, "section", value))
        return f"section {value} {rel}"

    def link_add(self):
        a, b = self.pick(), self.pick(False)
        anchor = "#overview" if "## Overview" in read(self.path(b)) else ""
        target = posixpath.relpath(b, posixpath.dirname(a) or ".")
        append(self.path(a), f"\nSee also [that page]({target}{anchor}).\n")
        return f"link {a} -> {b}"

    def link_remove(self):
        with_links = [p for p in self.pages() if "\nSee also [" in read(self.path(p))]
        if not with_links:
            return self.link_add()
        rel = self.rng.choice(with_links)
        lines = read(self.path(rel)).split("\n")
        k = self.rng.choice([i for i, l in enumerate(lines) if l.startswith("See also [")])
        write(self.path(rel), "\n".join(lines[:k] + lines[k + 1:]))
        return f"unlink {rel}"

    def add_page(self):
        folders = self.folders()
        folder = self.rng.choice(folders)
        if self.rng.random() < 0.3:
            folder = f"{folder}/sub{self.rng.randrange(3)}"
        self.serial += 1
        rel = f"{folder}/new-{self.serial}.md"
        other = self.pick(False)
        link = posixpath.relpath(other, folder)
        order = self.rng.choice(["", "order: 5\n", "weight: 2\n"])
        write(self.path(rel), f'---\ntitle: "New page {self.serial}"\n{order}---\n\n'
              f"## Overview\n\nIt links to [another page]({link}).\n")
        return f"add {rel}"

    def add_index(self):
        bare = [f for f in self.folders() if not any(
            os.path.exists(self.path(f"{f}/{n}")) for n in ("index.md", "_index.md"))]
        if not bare:
            return self.add_page()
        folder = self.rng.choice(bare)
        name = self.rng.choice(["index.md", "_index.md"])
        write(self.path(f"{folder}/{name}"),
              f"---\ntitle: Folder {folder}\nweight: 4\n---\n\nThe folder {folder}.\n")
        return f"index {folder}/{name}"

    def swap_index(self):
        rel = self.pick(True)
        if not rel or rel in ("index.md", "_index.md"):
            return self.text()
        d, name = posixpath.split(rel)
        other = f"{d}/{'_index.md' if name == 'index.md' else 'index.md'}"
        self.relink({rel: other})
        return f"rename {rel} -> {other}"

    def move(self):
        rel = self.pick(False)
        dest = self.rng.choice(self.folders() + [f"{self.rng.choice(self.folders())}/moved"])
        new = f"{dest}/{posixpath.basename(rel)}"
        if new == rel or os.path.exists(self.path(new)):
            return self.text()
        self.relink({rel: new})
        return f"move {rel} -> {new}"

    def delete(self):
        rel = self.pick(False)
        if len(self.pages(False)) < 8:
            return self.add_page()
        self.relink({rel: None})
        return f"delete {rel}"

    def draft(self):
        rel = self.pick(False)
        on = "draft: true" not in read(self.path(rel))
        self.edit_front(rel, lambda l: self.set_key(l, "draft", "true" if on else None))
        if on:  # pages linking to it now have broken links: a later step may publish it again
            self.undo.append(lambda: self.edit_front(rel, lambda l: self.set_key(l, "draft", None))
                             if os.path.exists(self.path(rel)) else None)
        return f"draft {on} {rel}"

    def hugo_keys(self):
        rel = self.pick()
        self.edit_front(rel, lambda l: self.set_key(l, self.rng.choice(["date", "tags", "linkTitle"]),
                                                    "x"))
        return f"hugo key {rel}"

    def alias(self):
        rel = self.pick(False)
        value = self.rng.choice([None, f"[/old/{self.rng.randrange(4)}/]"])
        self.edit_front(rel, lambda l: self.set_key(l, "aliases", value))
        return f"alias {value} {rel}"

    def touch_template(self):
        path = os.path.join(self.templates, "page.lua")
        append(path, "-- touched\n")
        return "template"

    def site_yaml(self):
        path = self.path("site.yaml")
        self.serial += 1
        text = re.sub(r"^title: .*$", f"title: Site {self.serial}", read(path), flags=re.M)
        write(path, text)
        return "site.yaml"

    def broken_link(self):
        rel = self.pick()
        original = read(self.path(rel))
        append(self.path(rel), "\nA [broken link](nowhere-at-all.md).\n")
        self.undo.append(lambda: write(self.path(rel), original))
        return f"BREAK link {rel}"

    def both_index(self):
        rel = self.pick(True)
        if not rel:
            return self.text()
        d, name = posixpath.split(rel)
        other = posixpath.join(d, "_index.md" if name == "index.md" else "index.md")
        write(self.path(other), "---\ntitle: A second index\n---\n\nTwo.\n")
        self.undo.append(lambda: os.remove(self.path(other)))
        return f"BREAK both {other}"

    def bad_front(self):
        rel = self.pick()
        original = read(self.path(rel))
        write(self.path(rel), original.replace("---\n", "---\ntitle: [unclosed\n", 1))
        self.undo.append(lambda: write(self.path(rel), original))
        return f"BREAK front matter {rel}"

    EDITS = [("text", 8), ("title", 4), ("order", 4), ("section", 2), ("link_add", 4),
             ("link_remove", 3), ("add_page", 4), ("add_index", 2), ("swap_index", 2),
             ("move", 3), ("delete", 2), ("draft", 2), ("hugo_keys", 1), ("alias", 2),
             ("touch_template", 1), ("site_yaml", 1), ("broken_link", 1), ("both_index", 1),
             ("bad_front", 1)]

    def step(self):
        """One step: the pending fix, or one to three random edits (a burst)."""
        if self.undo and self.rng.random() < 0.7:
            self.undo.pop()()
            return ["fix"]
        names = [n for n, w in self.EDITS for _ in range(w)]
        return [getattr(self, self.rng.choice(names))() for _ in range(self.rng.choice([1, 1, 1, 2, 3]))]


def make_corpus(handbook, base):
    """Three sections of 8 pages: s00 as the corpus writes it, s01 in Hugo's layout
    (_index.md, weight), s02 with pages in subfolders."""
    subprocess.run([sys.executable, os.path.join(ROOT, "bench", "corpus.py"), "24", base,
                    "--shape", "sections:8"], check=True, stdout=subprocess.DEVNULL)
    content = os.path.join(base, "content")
    site = Site(content, None, random.Random(0))
    site.relink({"s01/index.md": "s01/_index.md"})
    for rel in site.pages():
        if rel.startswith("s01/"):
            site.edit_front(rel, lambda l: [x.replace("order:", "weight:") for x in l
                                            if not x.startswith("section:")])
    site.relink({"s02/p00020.md": "s02/deeper/p00020.md", "s02/p00021.md": "s02/deeper/p00021.md",
                 "s02/p00022.md": "s02/deeper/inner/p00022.md"})
    write(os.path.join(content, "s02", "deeper", "index.md"),
          "---\ntitle: Deeper\norder: 3\n---\n\nA subfolder.\n")
    return content


def settle(srv, quiet=0.08, timeout=60):
    """The status lines ('rebuilt' or 'rebuild failed') of the rebuild a change caused and of
    any that follow it closely, in order; [] when none came. Every one is returned, not only
    the last: when a change reaches serve in two bursts, a first rebuild that succeeds (and
    changes the served folder) followed at once by one that fails must not read as a failed
    rebuild that changed the served folder."""
    m = srv.wait_line(r"^(rebuilt|rebuild failed)", timeout)
    if not m:
        return []
    seen = [m.group(1)]
    while True:
        m = srv.wait_line(r"^(rebuilt|rebuild failed)", quiet)
        if not m:
            return seen
        seen.append(m.group(1))


def clean_build(handbook, content, templates, out):
    shutil.rmtree(out, ignore_errors=True)
    r = subprocess.run([handbook, "build", "--no-search", "--content", content, "--templates",
                        templates, "--out", out], capture_output=True, text=True)
    return r.returncode, r.stderr


def run_sequence(handbook, templates_src, base, number, seed, steps_max, log):
    rng = random.Random(seed * 1_000_003 + number)
    work = os.path.join(base, f"seq-{number}")
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(os.path.join(base, "corpus"), work)
    content, templates = os.path.join(work, "content"), os.path.join(work, "templates")
    shutil.copytree(templates_src, templates)
    served, clean = os.path.join(work, "served"), os.path.join(work, "clean")
    site = Site(content, templates, rng)
    srv = Server([handbook, "serve", "--port", "0", "--no-search", "--content", content,
                  "--templates", templates, "--out", served])
    history = []
    try:
        if not srv.wait_line(r"^serving ", 120):
            return ["serve did not start: " + "\n".join(srv.stderr[-10:])], history
        for k in range(rng.randint(1, steps_max)):
            before = tree(served)
            time.sleep(0.02)
            srv.drain()
            history.append(", ".join(site.step()))
            statuses = settle(srv) or [None]
            code, stderr = clean_build(handbook, content, templates, clean)
            where = f"step {k + 1} ({history[-1]})"
            if code not in (0, 1):
                return [f"{where}: the clean build exited {code}: {stderr[-1500:]}"], history
            want = "rebuilt" if code == 0 else "rebuild failed"
            # A change of several files may reach serve in two bursts (its 50 ms debounce on a
            # busy machine): the last rebuild is the one that must agree.
            while statuses[-1] != want or (code == 0 and tree(served) != tree(clean)):
                late = settle(srv, timeout=3)
                if not late:
                    break
                statuses.extend(late)
            if code == 1:
                if statuses[-1] != want:
                    return [f"{where}: the clean build fails, serve said {statuses}:\n"
                            f"{stderr[-1500:]}"], history
                if "rebuilt" not in statuses and tree(served) != before:
                    return [f"{where}: a failed rebuild changed the served folder"], history
                continue
            if statuses[-1] != want:
                return [f"{where}: the clean build passes, serve said {statuses}:\n"
                        + "\n".join(srv.stderr[-12:])], history
            a, b = tree(served), tree(clean)
            if a != b:
                differ = sorted(f for f in set(a) & set(b) if a[f] != b[f])
                return [f"{where}: served differs from a clean build: only served "
                        f"{sorted(set(a) - set(b))[:4]}, only clean {sorted(set(b) - set(a))[:4]}, "
                        f"different {differ[:4]}"], history
    finally:
        srv.stop()
        if "Sanitizer" in "\n".join(srv.stderr) or "runtime error" in "\n".join(srv.stderr):
            history.append("SANITIZER: " + "\n".join(srv.stderr[-30:]))
    shutil.rmtree(work, ignore_errors=True)
    if history and history[-1].startswith("SANITIZER"):
        return [history[-1]], history
    return [], history


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("handbook")
    ap.add_argument("--templates", required=True)
    args = ap.parse_args()
    handbook = os.path.abspath(args.handbook)
    seed = int(os.environ.get("RANDOM_SEED", 12))
    sequences = int(os.environ.get("RANDOM_SEQUENCES", 200))
    steps_max = int(os.environ.get("RANDOM_STEPS", 4))
    only = os.environ.get("RANDOM_ONLY")
    base = tempfile.mkdtemp(prefix="hb-random-", dir="/dev/shm" if os.path.isdir("/dev/shm") else None)
    failures, steps = 0, 0
    started = time.time()
    try:
        make_corpus(handbook, os.path.join(base, "corpus"))
        for n in ([int(only)] if only else range(sequences)):
            problems, history = run_sequence(handbook, args.templates, base, n, seed, steps_max,
                                             sys.stdout)
            steps += len(history)
            if problems:
                failures += 1
                print(f"FAIL  sequence {n} (RANDOM_SEED={seed} RANDOM_ONLY={n}): {problems[0]}")
                for k, h in enumerate(history):
                    print(f"        step {k + 1}: {h}")
    finally:
        shutil.rmtree(base, ignore_errors=True)
    print(f"random edits under serve: seed {seed}, {sequences if not only else 1} sequences, "
          f"{steps} steps, {failures} failed, {time.time() - started:.0f} s")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
