#!/usr/bin/env python3
"""check_expected_values.py: the NCCL page's expected-values table agrees with the NCCL model.

The table under "## Expected values" of content/reference/networking/nccl.md has one row per
system: `| System | Healthy busbw | Investigate below |`. expected_values.ini has a section per row,
named by its System cell, with a cluster and the nccl-tests command lines that measure it. For each
row this runs those commands through `handbook emu` on a scenario with that cluster and reads the
busbw of every row of the sizes the table is for (its heading says "at A-B GiB messages"; out of
place and in place). It fails when:
  - a busbw lies outside the Healthy cell's range ("~470-480 GB/s": 470 to 480; "~230 GB/s": 230),
    widened by TOLERANCE (the "~", and nccl-tests' run-to-run spread);
  - a busbw lies at or below the Investigate cell's figure (a healthy system would be flagged);
  - a row has no section, a section no row, or the commands print no row of those sizes.
A Healthy cell without a number ("a few GB/s") takes its range from the section's lo and hi.

Usage: check_expected_values.py HANDBOOK [--content DIR] [--table FILE] [--self-test]
--self-test also checks that the checker fails: for every row it writes a copy of the page with
that row's Healthy figures scaled by 1.5 and expects exactly that row to be reported.
"""
import configparser
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PAGE = "reference/networking/nccl.md"
TOLERANCE = 0.03
ROW = re.compile(r"^\s+(\d+)\s+\d+\s+\w+\s+\w+\s+-?\d+\s+\S+\s+\S+\s+(\S+)\s+\S+\s+\S+\s+\S+\s+(\S+)", re.M)


def table_rows(markdown):
    """{System cell: (healthy cell, investigate cell)} of the Expected values table."""
    m = re.search(r"^## Expected values.*?$(.*?)(?=^## |\Z)", markdown, re.M | re.S)
    if not m:
        sys.exit(f"check_expected_values: content/{PAGE} has no '## Expected values' section")
    rows = {}
    for line in m.group(1).splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 3 or not line.lstrip().startswith("|") or cells[0] in ("System", "") \
                or set(cells[0]) <= set("-: "):
            continue
        rows[cells[0]] = (cells[1], cells[2])
    return rows


def numbers(cell):
    return [float(x) for x in re.findall(r"\d+(?:\.\d+)?", cell)]


def size_range(markdown):
    """The message sizes the table is for, from its heading line: "at 4-8 GiB messages"."""
    m = re.search(r"^## Expected values.*?\bat (\d+)-(\d+) GiB messages", markdown, re.M | re.S)
    if not m:
        sys.exit(f"check_expected_values: content/{PAGE}'s Expected values section does not say "
                 "at which sizes ('at A-B GiB messages')")
    return int(m.group(1)) << 30, int(m.group(2)) << 30


def busbw_values(handbook, cluster, commands, sizes):
    scenario = f"title: expected values\nsummary: the NCCL page's table\ncluster: {cluster}\n"
    with tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False) as f:
        f.write(scenario)
        path = f.name
    try:
        r = subprocess.run([handbook, "emu", "--scenario", path], input="\n".join(commands) + "\n",
                           capture_output=True, text=True)
    finally:
        os.unlink(path)
    if r.returncode != 0:
        return None, r.stdout + r.stderr
    values = []
    for m in ROW.finditer(r.stdout):
        if sizes[0] <= int(m.group(1)) <= sizes[1]:
            values += [float(m.group(2)), float(m.group(3))]
    return values, r.stdout


def check(handbook, page_text, cfg):
    rows = table_rows(page_text)
    sizes = size_range(page_text)
    failures = []
    for name in rows:
        if name not in cfg:
            failures.append(f"row '{name}': no section in expected_values.ini ties it to the model")
    for name in cfg.sections():
        if name not in rows:
            failures.append(f"section '{name}' of expected_values.ini: the table has no such row")
            continue
        healthy, investigate = rows[name]
        sec = cfg[name]
        figures = numbers(healthy)
        if figures:
            lo, hi = min(figures), max(figures)
        elif "lo" in sec and "hi" in sec:
            lo, hi = float(sec["lo"]), float(sec["hi"])
        else:
            failures.append(f"row '{name}': '{healthy}' has no figure and the section gives no lo/hi")
            continue
        floor = numbers(investigate)
        commands = [c.strip() for c in sec["commands"].split(";;") if c.strip()]
        values, output = busbw_values(handbook, sec["cluster"], commands, sizes)
        if values is None:
            failures.append(f"row '{name}': handbook emu failed:\n{output}")
            continue
        if len(values) < 2 * len(commands):
            failures.append(f"row '{name}': the commands printed no rows of the table's sizes:\n{output[-2000:]}")
            continue
        bad = [v for v in values if v < lo * (1 - TOLERANCE) or v > hi * (1 + TOLERANCE)]
        if bad:
            failures.append(f"row '{name}': the page says {healthy}, the model gives "
                            + ", ".join(f"{v:g}" for v in bad) + f" (of {min(values):g}-{max(values):g})")
        if floor and min(values) <= floor[0]:
            failures.append(f"row '{name}': a healthy run gives {min(values):g}, not above "
                            f"'Investigate below' {investigate}")
    return rows, failures


def self_test(handbook, page_text, cfg):
    rows = table_rows(page_text)
    missed, tried = [], 0
    for name, (healthy, _) in rows.items():
        if name not in cfg or not numbers(healthy):
            continue
        tried += 1
        changed = re.sub(r"\d+(?:\.\d+)?", lambda m: f"{float(m.group(0)) * 1.5:g}", healthy)
        line = next(l for l in page_text.splitlines() if l.strip().startswith(f"| {name} |"))
        text = page_text.replace(line, line.replace(healthy, changed, 1), 1)
        _, failures = check(handbook, text, cfg)
        if not any(f.startswith(f"row '{name}':") for f in failures):
            missed.append(name)
    return missed, tried


def main():
    args = sys.argv[1:]
    if not args or args[0].startswith("-"):
        sys.exit(__doc__)
    handbook = args[0]
    content = os.path.join(ROOT, "content")
    table = os.path.join(HERE, "expected_values.ini")
    selftest = "--self-test" in args
    for i, a in enumerate(args):
        if a == "--content" and i + 1 < len(args):
            content = args[i + 1]
        if a == "--table" and i + 1 < len(args):
            table = args[i + 1]
    cfg = configparser.ConfigParser(interpolation=None)
    cfg.optionxform = str
    if not cfg.read(table, encoding="utf-8"):
        sys.exit(f"check_expected_values: cannot read {table}")
    page_text = open(os.path.join(content, PAGE), encoding="utf-8").read()
    rows, failures = check(handbook, page_text, cfg)
    for f in failures:
        print(f"FAIL content/{PAGE}: {f}")
    if failures:
        sys.exit(f"check_expected_values: {len(failures)} disagreement(s) between the table and the model")
    print(f"ok    {len(rows)} rows of the expected-values table agree with the NCCL model")
    if selftest:
        missed, tried = self_test(handbook, page_text, cfg)
        if missed:
            sys.exit("check_expected_values: the self-test changed these rows and nothing failed: "
                     + "; ".join(missed))
        print(f"ok    self-test: a changed figure is reported in each of the {tried} rows with figures")


if __name__ == "__main__":
    main()
