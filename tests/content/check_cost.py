#!/usr/bin/env python3
"""check_cost.py: the worked examples the pages compute by hand agree with the cost calculator.

The cost guide's calculator (emulator/views/cost.c, the code the page's ```cost fence runs at
build time and in the page) is run natively through `handbook cost KEY=VALUE ...`. Every section
of cost_figures.ini names a page, a regular expression that finds figures in the page's Markdown
(named groups, whitespace collapsed to single spaces), and the calculator's inputs for that
example: the page's own ```cost fence when it has one (else the calculator's baseline), with the
section's `params` (KEY=VALUE, one a line) changed. Each named group is a result key of
`handbook cost` (gpu_hours, days, cost, young_min, ...); `map` renames and scales them
(`young_s: young_min * 60`), and a group ending in `_pct` is its key times 100.

A stated figure agrees when the calculator's value, rounded as the page rounds it, is the same
number: to its decimals when it has a decimal point, otherwise to its significant digits (64,400
and 161,000 have three). A figure that disagrees, or a pattern that matches nothing, fails the
run naming the page and the section.

Usage: check_cost.py HANDBOOK [--content DIR] [--figures FILE] [--self-test]
--self-test also checks that the checker fails: it changes the first figure of every section in
memory and expects each to be reported.
"""
import configparser
import math
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def fence_params(src):
    """The body of the page's first ```cost fence as KEY=VALUE lines, or []."""
    m = re.search(r"^```cost[ \t]*\n(.*?)^```", src, re.S | re.M)
    if not m:
        return []
    out = []
    for line in m.group(1).splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            key, _, value = re.split(r"\s*([:=])\s*", line, maxsplit=1)
            out.append(f"{key}={value}")
    return out


def calculator(handbook, params):
    r = subprocess.run([handbook, "cost"] + params, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"handbook cost {' '.join(params)}: {r.stderr.strip()}")
    return {k: float(v) for k, v in (l.split("=", 1) for l in r.stdout.splitlines() if "=" in l)}


def rounded_like(text, value):
    """value rounded as the page's figure `text` is rounded."""
    digits = text.replace(",", "")
    if "." in digits:
        return round(value, len(digits.split(".")[1]))
    sig = max(1, len(digits.lstrip("0").rstrip("0")))
    if value == 0:
        return 0.0
    return round(value, sig - 1 - int(math.floor(math.log10(abs(value)))))


def mapping(sec):
    """group -> (result key, factor), from `map` lines 'group: key * factor'."""
    out = {}
    for item in re.split(r"[\n,]", sec.get("map", "")):
        item = item.strip()
        if not item:
            continue
        m = re.fullmatch(r"(\w+)\s*:\s*(\w+)\s*(?:\*\s*([\d.eE+-]+))?", item)
        if not m:
            raise ValueError(f"bad map entry '{item}'")
        out[m.group(1)] = (m.group(2), float(m.group(3) or 1))
    return out


def check_section(name, sec, src, handbook, fence_src=None):
    """Failures of one section; src: the page's Markdown (fence_src: where its ```cost fence is
    read, src itself by default)."""
    page = sec["page"]
    where = f"content/{page}: '{name}'"
    flat = re.sub(r"\s+", " ", src)
    m = re.search(sec["page_re"], flat)
    if not m:
        return [f"{where}: the page no longer says it (page_re matches nothing): {sec['page_re']}"]
    params = fence_params(src if fence_src is None else fence_src) + [l.strip() for l in sec.get("params", "").splitlines() if l.strip()]
    try:
        results = calculator(handbook, params)
    except RuntimeError as e:
        return [f"{where}: {e}"]
    names = mapping(sec)
    fails = []
    for group, text in m.groupdict().items():
        if text is None:
            continue
        key, factor = names.get(group, (group, 1.0))
        if key == group and group.endswith("_pct"):
            key, factor = group[:-4], 100.0
        if key not in results:
            fails.append(f"{where}: '{key}' is not a result of the calculator")
            continue
        calc = results[key] * factor
        stated = float(text.replace(",", ""))
        if not math.isclose(rounded_like(text, calc), stated, rel_tol=1e-12, abs_tol=1e-9):
            fails.append(f"{where}: the page says {group} = {text}, the calculator gives {calc:.6g}"
                         f" (inputs: {' '.join(params) or 'the baseline'})")
    return fails


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    handbook = args[0]
    content = os.path.join(ROOT, "content")
    figures = os.path.join(HERE, "cost_figures.ini")
    if "--content" in args:
        content = args[args.index("--content") + 1]
    if "--figures" in args:
        figures = args[args.index("--figures") + 1]
    cfg = configparser.ConfigParser(interpolation=None)
    cfg.optionxform = str
    if not cfg.read(figures, encoding="utf-8"):
        sys.exit(f"check_cost: cannot read {figures}")
    sources = {}
    failures = []
    for name in cfg.sections():
        page = cfg[name]["page"]
        if page not in sources:
            sources[page] = open(os.path.join(content, page), encoding="utf-8").read()
        failures += check_section(name, cfg[name], sources[page], handbook)
    for f in failures:
        print("FAIL", f)
    if failures:
        print(f"check_cost: {len(failures)} figures disagree with the calculator")
        sys.exit(1)
    print(f"ok    the {len(cfg.sections())} worked examples of cost_figures.ini agree with the calculator")
    if "--self-test" not in args:
        return
    missed = []
    for name in cfg.sections():
        sec = cfg[name]
        src = sources[sec["page"]]
        flat = re.sub(r"\s+", " ", src)
        m = re.search(sec["page_re"], flat)
        group = next(k for k, v in m.groupdict().items() if v is not None)
        old = m.group(group)
        wrong = str(int(float(old.replace(",", "")) * 3 + 7))
        changed = flat[:m.start(group)] + wrong + flat[m.end(group):]
        if not check_section(name, sec, changed, handbook, fence_src=src):
            missed.append(f"{name}: a changed figure ({old} -> {wrong}) was not reported")
    for x in missed:
        print("FAIL self-test", x)
    if missed:
        sys.exit(1)
    print(f"ok    self-test: a changed figure is reported in each of the {len(cfg.sections())} sections")


if __name__ == "__main__":
    main()
