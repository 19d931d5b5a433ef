#!/usr/bin/env python3
"""bench.py: the standing benchmarks of `make bench`.

  bench.py build   --handbook BIN --floor BIN [--sizes 1000,10000] [--runs N] [--out FILE]
      Full builds of bench/corpus.py's synthetic site by `handbook build`, Hugo (bench/hugo, no
      theme), Pandoc (`pandoc -f gfm -s`, one process per page, as many at once as cores) and
      the cmark-gfm floor (bench/cmark_floor.c: every page body rendered alone, one thread).
      Wall time is the median of N runs (BENCH_RUNS, default 5), peak RSS is the largest
      resident set of the tool and any process it started (GNU time's %M), output size is
      the sum of the written files. All input and output on tmpfs (/dev/shm), for every tool.
      Pandoc costs ~0.35 s of CPU per page here, so it runs once (BENCH_PANDOC_RUNS), and at
      sizes above 1,000 on the first 1,000 pages only, its rate extrapolated
      (BENCH_PANDOC_FULL=1 runs every page). BENCH_TOOLS=hugo,pandoc limits the peers run
      (handbook always runs).
  bench.py rebuild --handbook BIN [--pages 10000] [--edits 5] [--out FILE]
      Under `handbook serve`, the time from writing one changed page to the new page on disk.
  bench.py wrk     --handbook BIN [--seconds 10] [--connections 64] [--out FILE]
      wrk on loopback against `handbook serve` of the real handbook: requests per second.

Each subcommand prints a Markdown table and appends it to --out when given.
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


def corpus(n):
    """Writes (once) the corpus of n pages and Hugo's view of it; returns the work folder."""
    work = os.path.join(WORK, str(n))
    stamp = os.path.join(work, "corpus.stamp")
    gen = os.path.join(HERE, "corpus.py")
    if not os.path.exists(stamp) or os.path.getmtime(stamp) < os.path.getmtime(gen):
        shutil.rmtree(work, ignore_errors=True)
        subprocess.run([sys.executable, gen, str(n), work], check=True)
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
    rows = []
    for n in [int(s) for s in args.sizes.split(",")]:
        work = corpus(n)
        content = os.path.join(work, "content")
        results = {}
        sampled = not pandoc_full and n > PANDOC_SAMPLE
        pandoc_list = "pandoc-sample.txt" if sampled else "pandoc-all.txt"
        with open(os.path.join(work, pandoc_list)) as f:
            pandoc_pages = sum(1 for line in f if line.strip())
        with open(os.path.join(work, "pandoc-all.txt")) as f:
            all_pages = sum(1 for line in f if line.strip())  # pages and section indexes
        tools = [
            ("handbook", all_pages, lambda out: [args.handbook, "build", "--no-search", "--content", content,
                                         "--templates", args.templates, "--out", out], runs),
            ("hugo", all_pages, lambda out: ["hugo", "--quiet", "--source", os.path.join(HERE, "hugo"),
                                     "--contentDir", os.path.join(work, "hugo-content"),
                                     "--destination", out, "--cacheDir",
                                     os.path.join(work, "hugo-cache")], runs),
            ("cmark-gfm floor", all_pages, lambda out: [args.floor, content, out], runs),
            # One pandoc process per page, `cores` at a time; page paths mirrored under out.
            ("pandoc", pandoc_pages, lambda out: [
                "sh", "-c", f'mkdir -p "{out}" && cd "{content}" && '
                f'xargs -P {cores} -I{{}} sh -c \'mkdir -p "{out}/$(dirname {{}})" && '
                f'pandoc -f gfm -s "{{}}" -o "{out}/{{}}.html"\' < "{work}/{pandoc_list}"'],
             int(os.environ.get("BENCH_PANDOC_RUNS", 1))),
        ]
        wanted = os.environ.get("BENCH_TOOLS")
        if wanted:
            tools = [t for t in tools if t[0] in wanted.split(",") or t[0] == "handbook"]
        for name, pages, argv_for, tool_runs in tools:
            walls, rss, cpus = [], [], []
            out = os.path.join(work, "out-" + name.split()[0])
            for _ in range(tool_runs):
                shutil.rmtree(out, ignore_errors=True)
                wall, maxrss, cpu = run_measured(argv_for(out))
                walls.append(wall)
                rss.append(maxrss)
                cpus.append(cpu)
            size, files = dir_size(out)
            wall = statistics.median(walls)
            results[name] = dict(wall=wall, rate=pages / wall, rss=statistics.median(rss),
                                 cpu=statistics.median(cpus),
                                 size=size, files=files, runs=tool_runs, pages=pages)
            print(f"  {n:>6} {name:<16} {wall:8.3f} s  {pages / wall:9.0f} pages/s  "
                  f"{statistics.median(rss) / 1024:8.1f} MiB  {statistics.median(cpus):7.2f} s CPU"
                  f"  ({tool_runs} runs: "
                  + ", ".join(f"{w:.3f}" for w in walls) + ")", flush=True)
        hb = results["handbook"]
        for name, r in results.items():
            note = ""
            if name == "pandoc" and sampled:
                note = f" (first {r['pages']} pages; rate extrapolated)"
            rows.append([f"{n:,}", name + note, r["runs"], f"{r['wall']:.3f}",
                         f"{r['rate']:,.0f}", f"{r['cpu']:.2f}", f"{r['rss'] / 1024:,.1f}",
                         f"{r['size'] / 2**20:,.1f} ({r['files']:,} files)",
                         f"{hb['rate'] / r['rate']:.2f}x" if name != "handbook" else "-",
                         f"{hb['rss'] / r['rss']:.2f}" if name != "handbook" else "-"])
    header = ["pages", "tool", "runs", "wall s (median)", "pages/s", "CPU s", "peak RSS MiB",
              "output MiB", "handbook speed / this", "handbook RSS / this"]
    load = os.getloadavg()[0]
    emit(f"### Full builds ({cores} cores, tmpfs, {time.strftime('%Y-%m-%d %H:%M')}, "
         f"load average {load:.1f} at the end)\n\n"
         "pages/s counts every page written (the corpus pages plus section and home pages); "
         "CPU s is user + system time of the median run's kind, a figure that other work on "
         "the machine disturbs less than wall time.\n\n"
         + table(header, rows), args.out)


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
     lambda text, marker, k: text + f"\nEdited: {marker}.\n"),
    ("link", "a link to another page each time (backlinks, the link graph)",
     lambda text, marker, k: text + f"\nSee [{marker}](p{k + 1:05d}.md).\n"),
    ("title", "the title (the section's sidebar on its 100 pages, prev/next, backlinks)",
     lambda text, marker, k: re.sub(r'^title: ".*"$', f'title: "Page {marker}"', text,
                                    count=1, flags=re.M)),
]


def cmd_rebuild(args):
    work = corpus(args.pages)
    content, out = os.path.join(work, "content"), os.path.join(work, "out-serve")
    shutil.rmtree(out, ignore_errors=True)
    # --no-search: the rebuild of the pages is what is timed (a first Pagefind index of a
    # 10,000-page corpus alone takes minutes on a shared 2-core machine).
    srv = Serve([args.handbook, "serve", "--port", "0", "--no-search", "--content", content,
                 "--templates", args.templates, "--out", out])
    rows = []
    try:
        if not srv.wait_line(r"^serving ", 300):
            sys.exit("bench: serve did not start: " + srv.proc.stderr.read()[-2000:])
        i = args.pages // 2  # a page in the middle of the site (corpus.py's layout)
        section, name = f"s{i // 100:02d}", f"p{i:05d}"
        page_md = os.path.join(content, section, name + ".md")
        page_html = os.path.join(out, section, name, "index.html")
        with open(page_md) as f:
            original = f.read()
        for kind, what, edit in REBUILD_EDITS:
            times, reported, rendered = [], [], []
            for k in range(args.edits):
                marker = f"rebuild-marker-{kind}-{k}-{time.time_ns()}"
                t0 = time.perf_counter()
                with open(page_md, "w") as f:
                    f.write(edit(original, marker, i + k))
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
                times.append(took * 1000)
                reported.append(int(m.group(1) or m.group(3)))
                rendered.append(int(m.group(2)) if m.group(2) else args.pages)
                time.sleep(0.3)
            rows.append([f"{args.pages:,}", kind, what, args.edits,
                         f"{statistics.median(times):.0f}", f"{min(times):.0f} - {max(times):.0f}",
                         f"{statistics.median(reported):.0f}",
                         f"{statistics.median(rendered):.0f}"])
        with open(page_md, "w") as f:
            f.write(original)
        srv.wait_line(r"^rebuilt", 120)
    finally:
        srv.stop()
    emit("### Rebuild under serve after one page changes\n\n"
         "From the write of the page to the new page on disk; it includes the 50 ms debounce. "
         "The first edit of each kind is the one that changes the most (a later link edit, for "
         "example, moves a backlink instead of adding one).\n\n"
         + table(["pages", "edit", "what it changes", "edits", "write to disk ms (median)",
                  "range ms", "build alone ms (median, as serve reports)",
                  "pages rendered (median)"], rows), args.out)


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
    b.add_argument("--sizes", default="1000,10000")
    b.add_argument("--runs", type=int, default=5)
    b.add_argument("--out")
    r = sub.add_parser("rebuild")
    r.add_argument("--handbook", required=True)
    r.add_argument("--templates", default=os.path.join(ROOT, "templates"))
    r.add_argument("--pages", type=int, default=10000)
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
