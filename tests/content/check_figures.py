#!/usr/bin/env python3
"""check_figures.py: the figures a page states in prose agree with what the emulator prints.

Every section of figures.ini names a page, a regular expression that finds figures in the page's
Markdown source (named groups), where the emulator prints the same figures, and a regular
expression that finds them there (the same group names). The emulator's side is one of:
  example = N          the page's N-th ```console lab=ID``` example, as the build rendered it (the
                       site is built once from content/ with the given handbook binary, without
                       the search index, so the output compared is exactly what readers see);
  scenario = ID        a session of content/labs/ID.yaml (a lab's or an example scenario), or of
  cluster = {...}      a scenario with that cluster mapping alone (YAML flow style), that runs
  commands = A ;; B    these command lines: for a figure the page states without showing the
                       transcript (seed = N overrides the scenario's seed; faults = none runs the
                       scenario without its top-level `faults:` list, for a figure of the same
                       cluster and job before the fault, such as a lab's healthy step time).
A figure that disagrees, a pattern that matches nothing, or an example that is missing fails the
run with a message naming the page and figure.

Comparisons (key `compare`):
  equal   (default) every named group of page_re equals the same group of emu_re, within
          `tolerance` (relative, default 0) or `abs_tolerance` (default 0).
  range   page_re has groups `lo` and `hi` (or the section gives `lo` or `hi`), or one group `v`
          (lo = hi = v); every match of emu_re's group `v` (all matches in the example or
          session) lies in [lo, hi], widened by the tolerances.
  delta   emu_re has groups `first` and `second` (a counter read twice, or two clock times
          H:MM:SS); page_re's group `d` equals second - first, within the tolerances.
`emu_scale` multiplies the emulator's figures first (a unit change, e.g. 0.001 for kB/s to MB/s,
or 0.125 for a node's eight NICs to one).
A page_re may write `{duration}` for a duration in words ("a minute and a half"), which a
group captures and compares in seconds (DURATION_WORDS).
`emu_product = NAME = A * B` (compare = equal) adds a figure NAME, the product of emu_re's groups
A and B, for a figure the page works out from two printed ones (clock x activity).

Usage: check_figures.py HANDBOOK [--content DIR] [--figures FILE] [--self-test]
--self-test also checks that the checker fails: it copies content/, changes every figure of
every section in the copy, one at a time, and expects each change to be reported as a
disagreement. A changed figure lies in the
prose, outside the examples, so the examples of the first build still hold for the changed copy:
the self-test rebuilds a copy only when the change did touch an example's fence.
"""
import configparser
import html
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def permalink_file(out, page):
    """content/a/b.md -> OUT/a/b/index.html; a/index.md -> OUT/a/index.html."""
    stem = page[:-3]
    if stem.endswith("/index") or stem == "index":
        stem = stem[: -len("index")]
    return os.path.join(out, stem, "index.html")


def examples(html_text):
    """The text of every emulator example (<pre class="emu-example">) in rendered order."""
    blocks = re.findall(r'<pre class="emu-example"[^>]*><code[^>]*>(.*?)</code></pre>', html_text, re.S)
    return [html.unescape(re.sub(r"<[^>]+>", "", b)) for b in blocks]


FENCE = re.compile(r"^```console lab=.*?^```", re.M | re.S)


def without_faults(text):
    """A scenario's YAML without its top-level `faults:` key and the indented lines (and comments)
    that belong to it; the other keys stay as they are."""
    out, skipping = [], False
    for line in text.splitlines(keepends=True):
        top_level = line[:1] not in ("", " ", "\t", "#", "\n")
        if top_level:
            skipping = line.startswith("faults:")
        if not skipping:
            out.append(line)
    return "".join(out)


def session(handbook, content, sec, cache):
    """The output of `handbook emu` on content/labs/ID.yaml (or on a scenario of the section's
    cluster alone) with the section's commands, memoized per scenario, seed and commands.
    Returns (output, error message or None)."""
    commands = tuple(c.strip() for c in sec.get("commands", "").split(";;") if c.strip())
    if "scenario" in sec:
        scenario = os.path.join(content, "labs", sec["scenario"] + ".yaml")
        text = None
        if sec.get("faults") == "none":
            text = without_faults(open(scenario, encoding="utf-8").read())
            scenario += " without its faults"
        elif "faults" in sec:
            return ("", f"faults = {sec['faults']}: the only value is none")
    else:
        scenario = "a cluster of " + sec["cluster"]
        text = f"title: figures\nsummary: a figure of a page\ncluster: {sec['cluster']}\n"
    key = (scenario, sec.get("seed"), commands)
    if key in cache:
        return cache[key]
    if not commands:
        cache[key] = ("", "the section has a scenario but no commands")
        return cache[key]
    path = scenario
    if text is not None:
        with tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False) as f:
            f.write(text)
            path = f.name
    try:
        argv = [handbook, "emu", "--scenario", path]
        if "seed" in sec:
            argv += ["--seed", sec["seed"]]
        r = subprocess.run(argv, input="\n".join(commands) + "\n", capture_output=True, text=True)
    finally:
        if text is not None:
            os.unlink(path)
    if r.returncode != 0:
        cache[key] = (r.stdout, f"handbook emu on {scenario} failed: {r.stderr.strip()}")
    else:
        cache[key] = (r.stdout, None)
    return cache[key]


# Durations a page may state in words, in seconds; `{duration}` in a page_re stands for any of
# them (the longest first), so a group can capture "a minute and a half" and compare it as 90.
DURATION_WORDS = {"half a minute": 30, "a minute": 60, "a minute and a half": 90,
                  "two minutes": 120, "five minutes": 300, "ten minutes": 600}
DURATION_RE = "|".join(re.escape(w) for w in sorted(DURATION_WORDS, key=len, reverse=True))


def page_pattern(sec):
    """The section's page_re with `{duration}` expanded."""
    return sec["page_re"].replace("{duration}", f"(?:{DURATION_RE})")


def number(text):
    """A figure as a number: "1,234.5"; a duration in words (DURATION_WORDS) in seconds; a clock
    time "10:39:24" in seconds since midnight (so that a delta of two is an interval)."""
    if text in DURATION_WORDS:
        return float(DURATION_WORDS[text])
    if re.fullmatch(r"\d+:\d\d:\d\d", text):
        h, m, s = (int(x) for x in text.split(":"))
        return float(h * 3600 + m * 60 + s)
    return float(text.replace(",", ""))


def check_section(name, sec, content, out, handbook, cache):
    """Returns a list of failure messages for one section."""
    page = sec["page"]
    where = f"content/{page}: figure '{name}'"
    try:
        src = open(os.path.join(content, page), encoding="utf-8").read()
    except OSError as e:
        return [f"{where}: cannot read the page: {e}"]
    src = re.sub(r"\s+", " ", src)  # prose wraps anywhere; patterns use single spaces
    m = re.search(page_pattern(sec), src)
    if not m:
        return [f"{where}: the page no longer says it (page_re matches nothing): {sec['page_re']}"]
    stated = {k: number(v) for k, v in m.groupdict().items() if v is not None}
    if "scenario" in sec or "cluster" in sec:
        if ("example" in sec) + ("scenario" in sec) + ("cluster" in sec) != 1:
            return [f"{where}: give one of example, scenario or cluster"]
        output, error = session(handbook, content, sec, cache)
        if error:
            return [f"{where}: {error}"]
        source = f"the session of {sec.get('scenario') or sec['cluster']}"
    else:
        try:
            rendered = open(permalink_file(out, page), encoding="utf-8").read()
        except OSError as e:
            return [f"{where}: the built page is missing: {e}"]
        ex = examples(rendered)
        index = int(sec.get("example", "1"))
        if index < 1 or index > len(ex):
            return [f"{where}: the page has {len(ex)} emulator examples, not an example {index}"]
        output = ex[index - 1]
        source = f"the emulator's example {index}"
    rel = float(sec.get("tolerance", "0"))
    absolute = float(sec.get("abs_tolerance", "0"))

    def close(a, b):
        return abs(a - b) <= max(absolute, rel * abs(b)) + 1e-9

    mode = sec.get("compare", "equal")
    scale = float(sec.get("emu_scale", "1"))
    for key in ("lo", "hi"):
        if key not in stated and key in sec:
            stated[key] = float(sec[key])
    if mode == "range" and "v" in stated and "lo" not in stated and "hi" not in stated:
        stated["lo"] = stated["hi"] = stated.pop("v")  # one figure, "about v": the tolerances
    if mode == "range":
        values = [scale * number(v.group("v")) for v in re.finditer(sec["emu_re"], output, re.M)]
        if not values:
            return [f"{where}: {source} has no match for emu_re: {sec['emu_re']}"]
        lo, hi = stated["lo"], stated["hi"]
        slack_lo = max(absolute, rel * abs(lo))
        slack_hi = max(absolute, rel * abs(hi))
        bad = [v for v in values if v < lo - slack_lo or v > hi + slack_hi]
        if bad:
            return [f"{where}: the page says {lo:g} to {hi:g}, the emulator prints "
                    + ", ".join(f"{v:g}" for v in bad)]
        return []
    e = re.search(sec["emu_re"], output, re.M)
    if not e:
        return [f"{where}: {source} has no match for emu_re: {sec['emu_re']}"]
    printed = {k: scale * number(v) for k, v in e.groupdict().items() if v is not None}
    if mode == "delta":
        printed = {"d": printed["second"] - printed["first"]}
    if "emu_product" in sec:
        name, factors = (part.strip() for part in sec["emu_product"].split("=", 1))
        a, b = (f.strip() for f in factors.split("*"))
        if a not in printed or b not in printed:
            return [f"{where}: emu_product names a group that emu_re does not have: {factors}"]
        printed[name] = printed[a] * printed[b]
    fails = []
    for k, v in stated.items():
        if k not in printed:
            fails.append(f"{where}: group '{k}' is in page_re but not in emu_re")
        elif not close(v, printed[k]):
            fails.append(f"{where}: the page says {k} = {v:g}, the emulator prints {printed[k]:g}")
    return fails


def build(handbook, content, out):
    r = subprocess.run([handbook, "build", "--content", content, "--templates",
                        os.path.join(ROOT, "templates"), "--out", out, "--no-search"],
                       capture_output=True, text=True)
    if r.returncode != 0:
        sys.stderr.write(r.stdout + r.stderr)
        sys.exit(f"check_figures: the site did not build from {content}")


def read_figures(figures):
    cfg = configparser.ConfigParser(interpolation=None)
    cfg.optionxform = str
    if not cfg.read(figures, encoding="utf-8"):
        sys.exit(f"check_figures: cannot read {figures}")
    return cfg


def run(handbook, content, cfg, out):
    """Builds content/ into out and checks every section; returns the failure messages."""
    build(handbook, content, out)
    cache = {}
    failures = []
    for name in cfg.sections():
        failures += check_section(name, cfg[name], content, out, handbook, cache)
    return failures


def mutations(sec, m):
    """The changes the self-test makes to one page match m, one per stated figure: (group, old
    text, wrong text). Every named group is changed on its own, not only the first, so a check
    that compares some of a section's figures and not the others is reported. A figure changes
    to a clearly different one in the direction that must fail: an equal or delta figure to
    3x + 7; a range's lo above everything it bounds (3x + 7), its hi below it (0); a duration in
    words to another one far from it."""
    out = []
    for group, text in m.groupdict().items():
        if text is None:
            continue
        if text in DURATION_WORDS:
            value = DURATION_WORDS[text]
            wrong = max(DURATION_WORDS, key=lambda w: abs(DURATION_WORDS[w] - value))
        elif sec.get("compare") == "range" and group == "hi":
            wrong = "0"
        else:
            wrong = str(int(number(text) * 3 + 7))
        if wrong == text:  # a hi of 0 already
            wrong = str(int(number(text) * 3 + 7))
        out.append((group, text, wrong))
    return out


def self_test(handbook, content, cfg, out, tmp):
    """Changes each stated figure of every section in a copy, one at a time, and expects each
    change to be reported as a disagreement (the page says one figure, the emulator prints
    another), not as a pattern that no longer matches. out is the site built from content/: its
    examples are those of the copy unless a change touched a fence, and then that copy is built
    on its own. Returns the misses and the number of changes made."""
    copy = os.path.join(tmp, "content")
    shutil.copytree(content, copy)
    cache = {}
    missed = []
    changes = 0
    for name in cfg.sections():
        sec = cfg[name]
        path = os.path.join(copy, sec["page"])
        src = open(path, encoding="utf-8").read()
        flat = re.sub(r"\s+", " ", src)
        m = re.search(page_pattern(sec), flat)
        if not m:
            missed.append(f"{name}: page_re matches nothing in the page")
            continue
        for group, old, wrong in mutations(sec, m):
            # Change that figure where it stands in the page: the matched text with this
            # group's span replaced, found in the source with its line breaks.
            matched = m.group(0)
            begin, end = m.start(group) - m.start(0), m.end(group) - m.start(0)
            changed = matched[:begin] + wrong + matched[end:]
            if f"(?P={group})" in sec["page_re"]:
                # the page states it again where page_re refers back to it: change each one
                changed = re.sub(r"(?<![\d.,])" + re.escape(old) + r"(?![\d,]|\.\d)",
                                 lambda _: wrong, matched)
            pattern = re.escape(matched).replace(r"\ ", r"\s+")
            new_src, n = re.subn(pattern, lambda _: changed, src, count=1)
            if not n:
                missed.append(f"{name}: could not change {group} in the copy")
                continue
            changes += 1
            open(path, "w", encoding="utf-8").write(new_src)
            site = out
            if FENCE.findall(new_src) != FENCE.findall(src):
                site = os.path.join(tmp, "site-changed")
                build(handbook, copy, site)
            fails = check_section(name, sec, copy, site, handbook, cache)
            if not any("the page says" in f for f in fails):
                missed.append(f"{name}: a changed {group} ({old} -> {wrong}) was not reported as a "
                              f"disagreement" + (f" (only: {'; '.join(fails)})" if fails else ""))
            open(path, "w", encoding="utf-8").write(src)
            if site != out:
                shutil.rmtree(site)
    return missed, changes


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    handbook = args[0]
    content = os.path.join(ROOT, "content")
    figures = os.path.join(HERE, "figures.ini")
    if "--content" in args:
        content = args[args.index("--content") + 1]
    if "--figures" in args:
        figures = args[args.index("--figures") + 1]
    cfg = read_figures(figures)
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "site")
        failures = run(handbook, content, cfg, out)
        for f in failures:
            print("FAIL", f)
        if failures:
            print(f"check_figures: {len(failures)} of the figures disagree with the emulator")
            sys.exit(1)
        print(f"ok    {len(cfg.sections())} page figures agree with the emulator's outputs")
        if "--self-test" in args:
            missed, changes = self_test(handbook, content, cfg, out, tmp)
            for m in missed:
                print("FAIL self-test", m)
            if missed:
                sys.exit(1)
            print(f"ok    self-test: each of the {changes} figures of the {len(cfg.sections())} sections, "
                  "changed on its own, is reported")


if __name__ == "__main__":
    main()
