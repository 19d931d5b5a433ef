#!/usr/bin/env python3
"""corpus.py: writes a deterministic synthetic handbook of N pages for the benchmarks and the
incremental-rebuild test: the same Markdown is rendered by `handbook build`, Hugo, Pandoc and
cmark-gfm.

usage: corpus.py N OUT_DIR

Writes OUT_DIR/content/: site.yaml, then folders sNN/ of up to 100 pages each, every folder with
an index.md and pages pNNNNN.md. Each page has front matter (title, section, order, summary) and
a body of 600 to 1200 words: headings, paragraphs with inline links, a bullet and a numbered
list, a 6-row GFM table whose cells link to other pages (one link with an #anchor), and a fenced
code block. Every link resolves, so the handbook's link checker passes. The same N always gives
the same bytes (seeded random generator, no clock).
"""
import os
import random
import sys

PAGES_PER_SECTION = 100

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


def page_path(i):
    return f"s{i // PAGES_PER_SECTION:02d}", f"p{i:05d}.md"


def rel_link(src, dst):
    """Relative path from page src's folder to page dst's file."""
    s_dir, _ = page_path(src)
    d_dir, d_file = page_path(dst)
    return d_file if s_dir == d_dir else f"../{d_dir}/{d_file}"


def title_of(i):
    rng = random.Random(i * 7919)
    return f"Page {i}: {rng.choice(WORDS)} {rng.choice(WORDS)}"


def write_page(out, n, i):
    rng = random.Random(1_000_003 * n + i)
    others = [j for j in (rng.randrange(n) for _ in range(12)) if j != i] or [i]
    section_dir, file_name = page_path(i)
    lines = ["---", f'title: "{title_of(i)}"', f"section: Section {i // PAGES_PER_SECTION:02d}",
             f"order: {i % PAGES_PER_SECTION + 1}",
             f"summary: {sentence(rng)}", "---", "", f"# {title_of(i)}", ""]
    target_words = rng.randint(600, 1200)
    words = 0
    headings = rng.sample(HEADINGS[1:], 4)
    # The first section is always "Overview", so other pages can link to #overview.
    for h, heading in enumerate(["Overview"] + headings):
        lines += [f"## {heading}", ""]
        para = paragraph(rng, rng.randint(3, 6),
                         [(f"page {j}", rel_link(i, j)) for j in others[h * 2:h * 2 + 2]])
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
                             f"[{title_of(j)}]({rel_link(i, j)}{anchor}) | "
                             f"{rng.choice(WORDS)} {rng.choice(WORDS)} log |")
            lines.append("")
            words += 6 * 10
        if h == 3:
            lines += ["```sh", rng.choice(COMMANDS), rng.choice(COMMANDS), "```", ""]
    while words < target_words:
        para = paragraph(rng, rng.randint(4, 7))
        lines += [para, ""]
        words += len(para.split())
    path = os.path.join(out, section_dir, file_name)
    with open(path, "w") as f:
        f.write("\n".join(lines))


def main():
    if len(sys.argv) != 3 or not sys.argv[1].isdigit() or int(sys.argv[1]) < 1:
        sys.exit("usage: corpus.py N OUT_DIR   (N >= 1 pages)")
    n, out = int(sys.argv[1]), os.path.join(sys.argv[2], "content")
    os.makedirs(out, exist_ok=True)
    sections = (n + PAGES_PER_SECTION - 1) // PAGES_PER_SECTION
    with open(os.path.join(out, "site.yaml"), "w") as f:
        f.write("# site.yaml: the synthetic benchmark site (bench/corpus.py).\n"
                f"title: Benchmark handbook of {n} pages\n"
                "description: A synthetic site for make bench.\n"
                "language: en\nallow_html: false\n"
                f"nav: [{', '.join(f's{s:02d}' for s in range(sections))}]\n")
    with open(os.path.join(out, "index.md"), "w") as f:
        f.write(f"---\ntitle: Benchmark handbook\nsummary: {n} synthetic pages.\n---\n\n"
                "# Benchmark handbook\n\n" +
                "\n".join(f"- [Section {s:02d}](s{s:02d}/index.md)" for s in range(sections)) + "\n")
    for s in range(sections):
        os.makedirs(os.path.join(out, f"s{s:02d}"), exist_ok=True)
        first = s * PAGES_PER_SECTION
        with open(os.path.join(out, f"s{s:02d}", "index.md"), "w") as f:
            f.write(f"---\ntitle: Section {s:02d}\nsection: Section {s:02d}\norder: 0\n"
                    f"summary: Pages {first} to {min(n, first + PAGES_PER_SECTION) - 1}.\n---\n\n"
                    f"# Section {s:02d}\n\nStart with [page {first}]({page_path(first)[1]}).\n")
    for i in range(n):
        write_page(out, n, i)


if __name__ == "__main__":
    main()
