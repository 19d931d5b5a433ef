#!/usr/bin/env python3
"""bench.py: the standing benchmarks of `make bench`.

  bench.py build   --handbook BIN --floor BIN [--pages 10000] [--shapes LIST] [--runs N] [--out FILE]
      Full builds of bench/corpus.py's synthetic site in several shapes of the same pages
      (SHAPES below: 100 sections of 100, 10 of 1,000, one flat folder, Hugo's layout, four
      levels deep) by `handbook build --no-search`, `handbook build` with its Pagefind index,
      Hugo (bench/hugo, no theme), the cmark-gfm floor (bench/cmark_floor.c: every page body
      rendered alone, one thread) and Pandoc (`pandoc -f gfm -s`, one process per page, as many
      at once as cores; BENCH_TOOLS must name it: about 0.35 s of CPU a page here, it runs once,
      on the first 1,000 pages, its rate extrapolated). The tools run in turn, run after run
      (A B C A B C ...), and the ratios handbook/Hugo, handbook/floor and search/no-search are
      taken pair by pair, run by run, then their median: a machine whose speed drifts during
      the benchmark moves both members of a pair. Wall time is the median of N runs
      (BENCH_RUNS, default 3), CPU is user + system, peak RSS the largest resident set of the
      tool and any process it started (GNU time's %M), output the sum of the written files,
      and the median size of a page (index.html files) with the check that every shape's is
      within 10% of the 100 x 100 shape's. All input and output on tmpfs (/dev/shm).
      BENCH_TOOLS=hugo,floor limits the peers run (handbook always runs; `search` is the
      handbook build with Pagefind, run BENCH_SEARCH_RUNS times, 1 by default: Pagefind takes
      minutes at 10,000 pages here), BENCH_SHAPES the shapes.
  bench.py rebuild --handbook BIN [--pages 10000] [--shapes LIST] [--edits 5] [--out FILE]
      Under `handbook serve`, for each shape, the time from writing one changed page (its
      text, a link, its title) to the new page on disk.
  bench.py wrk     --handbook BIN [--seconds 10] [--connections 64] [--out FILE]
      wrk on loopback against `handbook serve` of the real handbook: requests per second.

Each subcommand prints a Markdown table and appends it to --out when given, with the load
average at its start and end (the machine is shared: read every figure with its load).
"""
import argparse
import os
import queue
import re
import shutil
import signal
import statistics
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import corpus as corpus_py  # noqa: E402  (the shapes' folder layout)

ROOT = os.path.dirname(HERE)
# One work folder per checkout, so two checkouts can run the benchmarks at once.
WORK = os.environ.get("BENCH_DIR", "/dev/shm/hb-bench-" + os.path.basename(ROOT))
PANDOC_SAMPLE = 1000


def run_measured(argv, cwd=None):
    """Runs argv to completion under /usr/bin/time; returns (wall seconds, peak RSS in KiB of
    it and of any process it started, CPU seconds user + system). GNU time, a small C program, does the fork: a child
    forked from this Python process would count Python's own pages in its peak."""
    stats = os.path.join(WORK, "time.txt")
    os.makedirs(WORK, exist_ok=True)
    t0 = time.perf_counter()
    proc = subprocess.run(["/usr/bin/time", "-f", "%e %M %U %S", "-o", stats] + argv, cwd=cwd,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.perf_counter() - t0
    if proc.returncode != 0:
        err = proc.stderr.decode(errors="replace")
        sys.exit(f"bench: {' '.join(argv[:3])} ... failed ({proc.returncode}):\n{err[-3000:]}")
    with open(stats) as f:
        fields = f.read().split()[-4:]
    return wall, int(fields[1]), float(fields[2]) + float(fields[3])


def dir_size(path):
    total, files = 0, 0
    for d, _, fs in os.walk(path):
        for f in fs:
            total += os.path.getsize(os.path.join(d, f))
            files += 1
    return total, files


# The shapes: name -> (what it is, corpus.py --shape for n pages).
SHAPES = {
    "100x100": ("100 sections of 100 pages", lambda n: "sections:100"),
    "10x1000": ("10 sections of 1,000 pages", lambda n: f"sections:{max(1, n // 10)}"),
    "flat": ("one folder of every page", lambda n: f"sections:{n}"),
    "hugo": ("10 sections of 1,000 in Hugo's layout (_index.md, weight, date, tags)",
             lambda n: f"hugo:{max(1, n // 10)}"),
    "deep": ("four levels: 10 x 10 x 10 folders of 10 pages", lambda n: "deep"),
}


def corpus(n, shape="100x100"):
    """Writes (once) the corpus of n pages in this shape and Hugo's view of it; returns the
    work folder."""
    work = os.path.join(WORK, f"{n}-{shape}")
    stamp = os.path.join(work, "corpus.stamp")
    gen = os.path.join(HERE, "corpus.py")
    if not os.path.exists(stamp) or os.path.getmtime(stamp) < os.path.getmtime(gen):
        shutil.rmtree(work, ignore_errors=True)
        subprocess.run([sys.executable, gen, str(n), work, "--shape", SHAPES[shape][1](n)],
                       check=True)
        # Hugo reads the same files; only its section and home files are named _index.md
        # (an index.md would make a "leaf bundle" of the folder).
        hugo = os.path.join(work, "hugo-content")
        shutil.copytree(os.path.join(work, "content"), hugo, copy_function=os.link)
        for d, _, fs in os.walk(hugo):
            if "index.md" in fs:
                os.rename(os.path.join(d, "index.md"), os.path.join(d, "_index.md"))
        # Pandoc's sample at large sizes: the first PANDOC_SAMPLE pages.
        pages = sorted(p for p in md_files(os.path.join(work, "content")))
        with open(os.path.join(work, "pandoc-sample.txt"), "w") as f:
            f.write("\n".join(pages[:PANDOC_SAMPLE]) + "\n")
        with open(os.path.join(work, "pandoc-all.txt"), "w") as f:
            f.write("\n".join(pages) + "\n")
        open(stamp, "w").close()
    return work


def median_page(out):
    """The median size in bytes of the pages (index.html files) under out."""
    sizes = [os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(out) for f in fs
             if f == "index.html"]
    return statistics.median(sizes) if sizes else 0


def load():
    return os.getloadavg()[0]


def md_files(root):
    for d, _, fs in os.walk(root):
        for f in fs:
            if f.endswith(".md"):
                yield os.path.relpath(os.path.join(d, f), root)


def table(header, rows):
    out = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    out += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(out)


def emit(text, out):
    print(text, flush=True)
    if out:
        with open(out, "a") as f:
            f.write(text + "\n\n")


def cmd_build(args):
    runs = int(os.environ.get("BENCH_RUNS", args.runs))
    pandoc_full = os.environ.get("BENCH_PANDOC_FULL") == "1"
    cores = os.cpu_count() or 2
    n = args.pages
    shapes = os.environ.get("BENCH_SHAPES", args.shapes).split(",")
    wanted = os.environ.get("BENCH_TOOLS", "search,hugo,floor").split(",")
    load_start = load()
    rows, checks, medians = [], [], {}
    for shape in shapes:
        work = corpus(n, shape)
        content = os.path.join(work, "content")
        hugo_content = os.path.join(work, "content" if shape == "hugo" else "hugo-content")
        sampled = not pandoc_full and n > PANDOC_SAMPLE
        pandoc_list = "pandoc-sample.txt" if sampled else "pandoc-all.txt"
        with open(os.path.join(work, pandoc_list)) as f:
            pandoc_pages = sum(1 for line in f if line.strip())
        with open(os.path.join(work, "pandoc-all.txt")) as f:
            all_pages = sum(1 for line in f if line.strip())  # pages and section indexes
        hb = [args.handbook, "build", "--content", content, "--templates", args.templates]
        baseline = os.environ.get("BENCH_BASELINE")  # another handbook binary (e.g. main's)
        base = [baseline, "build", "--content", content, "--templates", args.templates]
        tools = [
            ("handbook", all_pages, lambda out: hb + ["--no-search", "--out", out]),
            ("baseline", all_pages, lambda out: base + ["--no-search", "--out", out]),
            ("search", all_pages, lambda out: hb + ["--out", out]),
            ("hugo", all_pages, lambda out: ["hugo", "--quiet", "--source", os.path.join(HERE, "hugo"),
                                             "--contentDir", hugo_content, "--destination", out,
                                             "--cacheDir", os.path.join(work, "hugo-cache")]),
            ("floor", all_pages, lambda out: [args.floor, content, out]),
            # One pandoc process per page, `cores` at a time; page paths mirrored under out.
            ("pandoc", pandoc_pages, lambda out: [
                "sh", "-c", f'mkdir -p "{out}" && cd "{content}" && '
                f'xargs -P {cores} -I{{}} sh -c \'mkdir -p "{out}/$(dirname {{}})" && '
                f'pandoc -f gfm -s "{{}}" -o "{out}/{{}}.html"\' < "{work}/{pandoc_list}"']),
        ]
        tools = [t for t in tools if t[0] == "handbook" or t[0] in wanted
                 or (t[0] == "baseline" and baseline)]
        measured = {t[0]: [] for t in tools}
        for r in range(runs):
            for name, pages, argv_for in tools:
                if name == "pandoc" and r >= int(os.environ.get("BENCH_PANDOC_RUNS", 1)):
                    continue
                # Pagefind takes minutes at 10,000 pages here: one run of it by default.
                if name == "search" and r >= int(os.environ.get("BENCH_SEARCH_RUNS", 1)):
                    continue
                out = os.path.join(work, "out-" + name)
                shutil.rmtree(out, ignore_errors=True)
                wall, maxrss, cpu = run_measured(argv_for(out))
                measured[name].append((wall, cpu, maxrss))
                print(f"  {shape:<8} {name:<9} run {r + 1}: {wall:7.3f} s wall, {cpu:6.2f} s CPU, "
                      f"{maxrss / 1024:7.1f} MiB (load {load():.1f})", flush=True)
        hb_runs = measured["handbook"]

        def pair_median(other, index, invert=False):
            """The median over runs of handbook's figure over other's (run k with run k)."""
            ratios = [(o[index] / h[index]) if not invert else (h[index] / o[index])
                      for h, o in zip(hb_runs, measured[other])]
            return statistics.median(ratios)

        for name, pages, _ in tools:
            m = measured[name]
            out = os.path.join(work, "out-" + name)
            size, files = dir_size(out)
            wall = statistics.median(x[0] for x in m)
            cpu = statistics.median(x[1] for x in m)
            rss = statistics.median(x[2] for x in m)
            if name == "handbook":
                medians[shape] = median_page(out)
            vs = "-"
            if name == "floor":
                vs = f"{pair_median(name, 0):.2f}x"
            elif name in ("hugo", "baseline"):
                vs = f"{pair_median(name, 0):.2f}x (CPU: {pair_median(name, 1):.2f}x less)"
            elif name == "pandoc":  # one run, on a sample: the ratio of the rates
                hb_wall = statistics.median(x[0] for x in hb_runs)
                vs = f"{(all_pages / hb_wall) / (pages / wall):.2f}x"
            elif name == "search":
                vs = f"{pair_median(name, 0, invert=True):.2f}x the time"
            note = f" (first {pages} pages; rate extrapolated)" if name == "pandoc" and sampled else ""
            rows.append([shape, name + note, len(m), f"{wall:.3f}", f"{pages / wall:,.0f}",
                         f"{cpu:.2f}", f"{rss / 1024:,.1f}",
                         f"{size / 2**20:,.1f} ({files:,} files)", vs])
        if "hugo" in measured:
            speed = pair_median("hugo", 0)
            checks.append([shape, ">= 5x Hugo's pages/s (paired)", f"{speed:.2f}x",
                           "yes" if speed >= 5 else "no"])
        if "floor" in measured:
            cpu_ratio = pair_median("floor", 1, invert=True)
            checks.append([shape, "CPU within 2x of the cmark-gfm floor (paired)",
                           f"{cpu_ratio:.2f}x", "yes" if cpu_ratio <= 2 else "no"])
        if "baseline" in measured:
            checks.append([shape, "CPU against BENCH_BASELINE's (paired)",
                           f"{pair_median('baseline', 1, invert=True):.3f}x", "-"])
            if "hugo" in measured:
                ratios = [(o[0] / b[0]) for b, o in zip(measured["baseline"], measured["hugo"])]
                checks.append([shape, "BENCH_BASELINE: >= 5x Hugo's pages/s (paired)",
                               f"{statistics.median(ratios):.2f}x",
                               "yes" if statistics.median(ratios) >= 5 else "no"])
        if "search" in measured:
            ratio = pair_median("search", 0, invert=True)
            checks.append([shape, "default build (Pagefind) <= 1.5x --no-search (paired)",
                           f"{ratio:.2f}x", "yes" if ratio <= 1.5 else "no"])
    base = medians.get("100x100")
    for shape, m in medians.items():
        if base:
            within = abs(m - base) <= 0.10 * base
            checks.append([shape, "median page within 10% of 100x100's",
                           f"{m / 1024:.1f} KB vs {base / 1024:.1f} KB", "yes" if within else "no"])
    header = ["shape", "tool", "runs", "wall s (median)", "pages/s", "CPU s", "peak RSS MiB",
              "output MiB", "paired: handbook speed / this (search: its time / handbook's)"]
    emit(f"### Full builds at {n:,} pages ({cores} cores, tmpfs, {time.strftime('%Y-%m-%d %H:%M')}, "
         f"load average {load_start:.1f} at the start, {load():.1f} at the end)\n\n"
         + "\n".join(f"- {s}: {SHAPES[s][0]}" for s in shapes) + "\n\n"
         "pages/s counts every page written (the corpus pages plus section and home pages); "
         "CPU s is user + system time, which other work on the machine disturbs less than wall "
         "time. `handbook` is `--no-search`; `search` the default build with Pagefind.\n\n"
         + table(header, rows) + "\n\n" + table(["shape", "target", "measured", "met"], checks),
         args.out)


class Serve:
    """`handbook serve` in the background; a thread collects its stdout lines."""

    def __init__(self, argv):
        self.proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))

    def wait_line(self, pattern, timeout):
        deadline = time.time() + timeout
        while time.time() < deadline:
            try:
                line = self.lines.get(timeout=max(0.01, deadline - time.time()))
            except queue.Empty:
                break
            m = re.search(pattern, line)
            if m:
                return m
        return None

    def cpu_ms(self):
        """The CPU time (user + system, every thread) serve has used so far, in ms: a
        rebuild's cost that the neighbours on a shared machine disturb less than its wall
        time (10 ms resolution)."""
        with open(f"/proc/{self.proc.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")

    def stop(self):
        self.proc.send_signal(signal.SIGINT)
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


# The kinds of edit `rebuild` times, each on the same page: (name, what it changes, edit). An
# edit gets the original text and a unique marker, which must appear in the page's HTML.
REBUILD_EDITS = [
    ("text", "a sentence appended (no heading, link or title)",
     lambda text, marker, link: text + f"\nEdited: {marker}.\n"),
    ("link", "a link to another page each time (backlinks, the link graph)",
     lambda text, marker, link: text + f"\nSee [{marker}]({link}).\n"),
    ("title", "the title (the section's sidebar on its 100 pages, prev/next, backlinks)",
     lambda text, marker, link: re.sub(r'^title: ".*"$', f'title: "Page {marker}"', text,
                                       count=1, flags=re.M)),
]


def cmd_rebuild(args):
    n = args.pages
    shapes = os.environ.get("BENCH_SHAPES", args.shapes).split(",")
    load_start = load()
    rows = []
    for shape in shapes:
        rows += rebuild_shape(args, n, shape)
    emit(f"### Rebuild under serve after one page changes ({n:,} pages, "
         f"{time.strftime('%Y-%m-%d %H:%M')}, load average {load_start:.1f} at the start, "
         f"{load():.1f} at the end)\n\n"
         "From the write of the page to the new page on disk; it includes the 50 ms debounce. "
         "serve's CPU ms is the user and system time serve used meanwhile (all its threads; "
         "/proc, 10 ms ticks): what the rebuild costs, which a loaded machine stretches into "
         "more wall time but does not change much. "
         "The first edit of each kind is the one that changes the most (a later link edit, for "
         "example, moves a backlink instead of adding one).\n\n"
         + table(["shape", "edit", "what it changes", "edits", "write to disk ms (median)",
                  "range ms", "serve's CPU ms (median)",
                  "build alone ms (median, as serve reports)",
                  "pages rendered (median)"], rows), args.out)


def rebuild_shape(args, n, shape):
    work = corpus(n, shape)
    layout = corpus_py.Shape(SHAPES[shape][1](n), n)
    content, out = os.path.join(work, "content"), os.path.join(work, "out-serve")
    shutil.rmtree(out, ignore_errors=True)
    # --no-search: the rebuild of the pages is what is timed (Pagefind re-indexes in the
    # background after each rebuild, and would compete for the two cores).
    srv = Serve([args.handbook, "serve", "--port", "0", "--no-search", "--content", content,
                 "--templates", args.templates, "--out", out])
    rows = []
    try:
        if not srv.wait_line(r"^serving ", 600):
            sys.exit("bench: serve did not start: " + srv.proc.stderr.read()[-2000:])
        i = n // 2  # a page in the middle of the site
        folder = layout.folder(i)
        page_md = os.path.join(content, folder, f"p{i:05d}.md")
        page_html = os.path.join(out, folder, f"p{i:05d}", "index.html")
        with open(page_md) as f:
            original = f.read()
        for kind, what, edit in REBUILD_EDITS:
            times, reported, rendered, cpu = [], [], [], []
            for k in range(args.edits):
                marker = f"rebuild-marker-{kind}-{k}-{time.time_ns()}"
                link = corpus_py.rel_link(layout, i, (i + k + 1) % n)
                cpu0 = srv.cpu_ms()
                t0 = time.perf_counter()
                with open(page_md, "w") as f:
                    f.write(edit(original, marker, link))
                seen = False
                while time.perf_counter() - t0 < 120:
                    try:
                        with open(page_html, "rb") as f:
                            if marker.encode() in f.read():
                                seen = True
                                break
                    except OSError:
                        pass
                    time.sleep(0.001)
                took = time.perf_counter() - t0
                m = srv.wait_line(r"^rebuilt in (\d+) ms.*?(\d+) rendered|^rebuilt in (\d+) ms", 120)
                if not seen or not m:
                    sys.exit("bench: the edit never reached the output")
                cpu.append(srv.cpu_ms() - cpu0)
                times.append(took * 1000)
                reported.append(int(m.group(1) or m.group(3)))
                rendered.append(int(m.group(2)) if m.group(2) else n)
                time.sleep(0.3)
            rows.append([shape, kind, what, args.edits,
                         f"{statistics.median(times):.0f}", f"{min(times):.0f} - {max(times):.0f}",
                         f"{statistics.median(cpu):.0f}",
                         f"{statistics.median(reported):.0f}",
                         f"{statistics.median(rendered):.0f}"])
            print(f"  {shape:<8} {kind:<5} {statistics.median(times):6.0f} ms, "
                  f"{statistics.median(cpu):4.0f} ms CPU (load {load():.1f})", flush=True)
        with open(page_md, "w") as f:
            f.write(original)
        srv.wait_line(r"^rebuilt", 120)
    finally:
        srv.stop()
    return rows


def cmd_wrk(args):
    out = os.path.join(WORK, "wrk-site")
    shutil.rmtree(out, ignore_errors=True)
    srv = Serve([args.handbook, "serve", "--port", "0", "--content", args.content,
                 "--templates", args.templates, "--out", out])
    rows = []
    try:
        m = srv.wait_line(r"^serving .* on (http://\S+)/ ", 300)
        if not m:
            sys.exit("bench: serve did not start: " + srv.proc.stderr.read()[-2000:])
        base = m.group(1)
        css = next((os.path.relpath(os.path.join(d, f), out) for d, _, fs in os.walk(out)
                    for f in sorted(fs) if f.endswith(".css")), None)
        targets = [("/", "landing page (HTML, reload script added)")]
        if css:
            targets.append(("/" + css, "stylesheet (sendfile)"))
        targets.append(("/no/such/page/", "404 page"))
        for path, what in targets:
            r = subprocess.run(["wrk", "-t2", f"-c{args.connections}", f"-d{args.seconds}s",
                                base + path], capture_output=True, text=True)
            text = r.stdout
            rps = re.search(r"Requests/sec:\s+([\d.]+)", text)
            lat = re.search(r"Latency\s+(\S+)", text)
            errors = re.search(r"Socket errors: (.*)", text)
            non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
            rows.append([path, what, f"{float(rps.group(1)):,.0f}" if rps else "?",
                         lat.group(1) if lat else "?", errors.group(1) if errors else "none",
                         non2xx.group(1) if non2xx else "0"])
    finally:
        srv.stop()
    emit(f"### wrk against handbook serve ({args.seconds} s, {args.connections} connections, "
         "2 wrk threads, loopback, same 2 cores)\n\n"
         + table(["path", "what", "requests/s", "mean latency", "socket errors",
                  "non-2xx/3xx"], rows), args.out)


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build")
    b.add_argument("--handbook", required=True)
    b.add_argument("--floor", required=True)
    b.add_argument("--templates", default=os.path.join(ROOT, "templates"))
    b.add_argument("--pages", type=int, default=10000)
    b.add_argument("--shapes", default=",".join(SHAPES))
    b.add_argument("--runs", type=int, default=3)
    b.add_argument("--out")
    r = sub.add_parser("rebuild")
    r.add_argument("--handbook", required=True)
    r.add_argument("--templates", default=os.path.join(ROOT, "templates"))
    r.add_argument("--pages", type=int, default=10000)
    r.add_argument("--shapes", default=",".join(SHAPES))
    r.add_argument("--edits", type=int, default=5)
    r.add_argument("--out")
    w = sub.add_parser("wrk")
    w.add_argument("--handbook", required=True)
    w.add_argument("--templates", default=os.path.join(ROOT, "templates"))
    w.add_argument("--content", default=os.path.join(ROOT, "content"))
    w.add_argument("--seconds", type=int, default=10)
    w.add_argument("--connections", type=int, default=64)
    w.add_argument("--out")
    args = ap.parse_args()
    for name in ("handbook", "floor"):
        if getattr(args, name, None):
            setattr(args, name, os.path.abspath(getattr(args, name)))
    {"build": cmd_build, "rebuild": cmd_rebuild, "wrk": cmd_wrk}[args.cmd](args)


if __name__ == "__main__":
    main()
