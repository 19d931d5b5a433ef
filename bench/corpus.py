#!/usr/bin/env python3
"""corpus.py: writes a deterministic synthetic handbook of N pages for the benchmarks and the
incremental-rebuild tests: the same Markdown is rendered by `handbook build`, Hugo, Pandoc and
cmark-gfm.

usage: corpus.py N OUT_DIR [--shape SHAPE]

SHAPE says how the N pages are laid out in folders (default sections of 100):
  sections:S   folders sNN/ of S pages each, every folder with an index.md (the default,
               sections:100; sections:1000 is 10 x 1,000 at N = 10,000; sections:N one flat
               folder of N pages)
  hugo:S       the same folders in Hugo's layout: each folder's page is _index.md, pages have
               `weight` instead of `order`, no `section` key, and Hugo's date and tags keys
  deep         four levels: aN/bN/cN/ folders of 10 pages, an index.md in every folder
               (10 x 10 x 10 x 10 at N = 10,000)

Writes OUT_DIR/content/: site.yaml, the landing page index.md, the folders with their index
pages and pages pNNNNN.md. Each page has front matter (title, section, order, summary) and a
body of 600 to 1200 words: headings, paragraphs with inline links, a bullet and a numbered list,
a 6-row GFM table whose cells link to other pages (one link with an #anchor), and a fenced code
block. Every link resolves, so the handbook's link checker passes. Page i's text is the same in
every shape (only its folder, hence its links' paths, differs), so page sizes compare across
shapes; the same arguments always give the same bytes (seeded random generator, no clock).
"""
import argparse
import os
import random

WORDS = """
accelerator adapter algorithm allreduce bandwidth barrier batch benchmark buffer cable checkpoint
clock cluster collective communication compute congestion counter cpu cuda dataset decode device
driver epoch error fabric failure firmware gradient gpu hca host input interconnect job kernel
latency layer link loader loss memory message metric model network nccl node nvlink nvswitch
optimizer overlap packet parallel partition pcie peer pipeline placement port power rail rank
rate reduce replica retry ring rollout route sample scheduler shard shuffle signal snapshot socket
storage stream switch tensor thread throughput timeline token topology training transport tree
queue utilization validation warmup worker workload write xid zone step phase queue window
""".split()

FILLER = """the a of to and in for on with from by that this each every when while which where
after before under over into across between""".split()

HEADINGS = ["Overview", "What to look at", "Healthy values", "Unhealthy values",
            "First commands", "What it means", "What to do next", "Assumptions",
            "Worked example", "Evidence to keep"]

COMMANDS = ["nvidia-smi -q -d CLOCK,PERFORMANCE", "all_reduce_perf -b 8 -e 8G -f 2 -g 8",
            "ibstat mlx5_0", "iostat -x 1 5", "dcgmi diag -r 2", "numactl --hardware",
            "ethtool -S eth0 | grep -i drop", "journalctl -k | grep -i xid"]


class Shape:
    """Where page i lives: its folder (a path under content/) and its section's title."""

    def __init__(self, spec, n):
        self.n = n
        kind, _, size = spec.partition(":")
        self.kind = kind
        if kind in ("sections", "hugo"):
            self.size = int(size) if size else 100
        elif kind == "deep":
            self.size = 10
        else:
            raise SystemExit(f"corpus.py: unknown shape {spec!r} (sections:S, hugo:S, deep)")
        self.hugo = kind == "hugo"

    def folder(self, i):
        if self.kind == "deep":
            return f"a{i // 1000}/b{i // 100 % 10}/c{i // 10 % 10}"
        return f"s{i // self.size:02d}"

    def section(self, i):
        return "Section " + self.folder(i).split("/")[0][1:]

    def folders(self):
        """Every folder, parents before their children, each once, in page order."""
        seen = {}
        for i in range(self.n):
            parts = self.folder(i).split("/")
            for k in range(1, len(parts) + 1):
                seen.setdefault("/".join(parts[:k]), None)
        return list(seen)


def sentence(rng, links=()):
    n = rng.randint(9, 18)
    words = [rng.choice(WORDS) if rng.random() < 0.6 else rng.choice(FILLER) for _ in range(n)]
    for text, target in links:
        words.insert(rng.randint(1, len(words)), f"[{text}]({target})")
    words[0] = words[0].capitalize()
    return " ".join(words) + "."


def paragraph(rng, count, links=()):
    links = list(links)
    out = []
    for i in range(count):
        out.append(sentence(rng, links[i:i + 1] if i < len(links) else ()))
    return " ".join(out)


def rel_link(shape, src, dst):
    """Relative path from page src's folder to page dst's file."""
    s_dir, d_dir = shape.folder(src), shape.folder(dst)
    if s_dir == d_dir:
        return f"p{dst:05d}.md"
    return os.path.relpath(f"{d_dir}/p{dst:05d}.md", s_dir)


def title_of(i):
    rng = random.Random(i * 7919)
    return f"Page {i}: {rng.choice(WORDS)} {rng.choice(WORDS)}"


def write_page(out, shape, i):
    n = shape.n
    rng = random.Random(1_000_003 * n + i)
    others = [j for j in (rng.randrange(n) for _ in range(12)) if j != i] or [i]
    lines = ["---", f'title: "{title_of(i)}"']
    position = i % shape.size + 1
    if shape.hugo:
        lines += [f"weight: {position}", "date: 2024-05-01", "tags: [benchmark]"]
    else:
        lines += [f"section: {shape.section(i)}", f"order: {position}"]
    lines += [f"summary: {sentence(rng)}", "---", "", f"# {title_of(i)}", ""]
    target_words = rng.randint(600, 1200)
    words = 0
    headings = rng.sample(HEADINGS[1:], 4)
    # The first section is always "Overview", so other pages can link to #overview.
    for h, heading in enumerate(["Overview"] + headings):
        lines += [f"## {heading}", ""]
        para = paragraph(rng, rng.randint(3, 6),
                         [(f"page {j}", rel_link(shape, i, j)) for j in others[h * 2:h * 2 + 2]])
        lines += [para, ""]
        words += len(para.split())
        if h == 1:
            lines += [f"- {sentence(rng)}" for _ in range(4)] + [""]
            lines += [f"{k}. {sentence(rng)}" for k in range(1, 4)] + [""]
            words += 7 * 12
        if h == 2:
            lines += ["| Observation | Reference | Evidence to keep |", "|---|---|---|"]
            for r in range(6):
                j = others[r % len(others)]
                anchor = "#overview" if r == 0 else ""
                lines.append(f"| {rng.choice(WORDS)} {rng.choice(WORDS)} is low | "
                             f"[{title_of(j)}]({rel_link(shape, i, j)}{anchor}) | "
                             f"{rng.choice(WORDS)} {rng.choice(WORDS)} log |")
            lines.append("")
            words += 6 * 10
        if h == 3:
            lines += ["```sh", rng.choice(COMMANDS), rng.choice(COMMANDS), "```", ""]
    while words < target_words:
        para = paragraph(rng, rng.randint(4, 7))
        lines += [para, ""]
        words += len(para.split())
    with open(os.path.join(out, shape.folder(i), f"p{i:05d}.md"), "w") as f:
        f.write("\n".join(lines))


def write_index(out, shape, folder, pages, weight):
    """The index page of folder (its first page's number in `pages`)."""
    name = "_index.md" if shape.hugo else "index.md"
    title = "Section " + folder.split("/")[0][1:] if "/" not in folder else \
        "Folder " + folder.replace("/", " ")
    first, last = pages
    keys = f"weight: {weight}\n" if shape.hugo else \
        f"section: Section {folder.split('/')[0][1:]}\norder: 0\n"
    start = os.path.relpath(f"{shape.folder(first)}/p{first:05d}.md", folder)
    with open(os.path.join(out, folder, name), "w") as f:
        f.write(f"---\ntitle: {title}\n{keys}summary: Pages {first} to {last}.\n---\n\n"
                f"# {title}\n\nStart with [page {first}]({start}).\n")


def main():
    ap = argparse.ArgumentParser(description="a synthetic handbook for the benchmarks")
    ap.add_argument("pages", type=int)
    ap.add_argument("out_dir")
    ap.add_argument("--shape", default="sections:100")
    args = ap.parse_args()
    if args.pages < 1:
        raise SystemExit("usage: corpus.py N OUT_DIR [--shape SHAPE]   (N >= 1 pages)")
    n, out = args.pages, os.path.join(args.out_dir, "content")
    shape = Shape(args.shape, n)
    os.makedirs(out, exist_ok=True)
    folders = shape.folders()
    tops = [f for f in folders if "/" not in f]
    with open(os.path.join(out, "site.yaml"), "w") as f:
        f.write("# site.yaml: the synthetic benchmark site (bench/corpus.py).\n"
                f"title: Benchmark handbook of {n} pages\n"
                "description: A synthetic site for make bench.\n"
                "language: en\nallow_html: false\n"
                f"nav: [{', '.join(tops)}]\n")
    home = "_index.md" if shape.hugo else "index.md"
    with open(os.path.join(out, home), "w") as f:
        f.write(f"---\ntitle: Benchmark handbook\nsummary: {n} synthetic pages.\n---\n\n"
                "# Benchmark handbook\n\n" +
                "\n".join(f"- [Section {t[1:]}]({t}/{home})" for t in tops) + "\n")
    ranges = {}
    for i in range(n):
        parts = shape.folder(i).split("/")
        for k in range(1, len(parts) + 1):
            f = "/".join(parts[:k])
            lo, hi = ranges.get(f, (i, i))
            ranges[f] = (min(lo, i), max(hi, i))
    for weight, folder in enumerate(folders):
        os.makedirs(os.path.join(out, folder), exist_ok=True)
        write_index(out, shape, folder, ranges[folder], weight % 10 + 1)
    for i in range(n):
        write_page(out, shape, i)


if __name__ == "__main__":
    main()
