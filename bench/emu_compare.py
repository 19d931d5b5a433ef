#!/usr/bin/env python3
"""emu_compare.py: a before/after table of two `emu_bench` runs' corpus sections (the 64-node
commands late in the job's life): each command's CPU median before and after, in microseconds,
the ratio, and whether each meets the 5 ms target, slowest-before first.

Usage: bench/emu_compare.py BEFORE.txt AFTER.txt [--top N] > TABLE.md
BEFORE/AFTER: emu_bench's standard output with --commands (the same corpus in both). Commands are
matched by the table's first 64 characters (emu_bench cuts them there); a command whose 64-char
prefix repeats is taken at its first row.
"""
import sys

TARGET_US = 5000.0


def corpus_rows(path):
    """{command prefix: (cpu_median_us, first_us)} from the corpus table of an emu_bench output."""
    rows = {}
    inside = False
    with open(path, encoding='utf-8', errors='replace') as f:
        for line in f:
            if line.startswith('scale scenario') and ', late:' in line:
                inside = True
                continue
            if not inside:
                continue
            if line.startswith('the commands ran'):
                break
            if line.startswith('command '):
                continue
            name, fields = line[:64].rstrip(), line[64:].split()
            if len(fields) < 5:
                continue
            rows.setdefault(name, (float(fields[0]), float(fields[2])))
    return rows


def main(argv):
    top = None
    if '--top' in argv:
        i = argv.index('--top')
        top = int(argv[i + 1])
        del argv[i:i + 2]
    if len(argv) != 3:
        sys.stderr.write(__doc__)
        return 2
    before, after = corpus_rows(argv[1]), corpus_rows(argv[2])
    names = sorted((n for n in before if n in after), key=lambda n: -before[n][0])
    over_before = sum(1 for n in names if before[n][0] >= TARGET_US)
    over_after = sum(1 for n in names if after[n][0] >= TARGET_US)
    print(f'{len(names)} commands; at or over 5 ms (CPU median): {over_before} before, '
          f'{over_after} after\n')
    print('| command (first 64 characters) | before us | after us | after, first run us | '
          'before / after | under 5 ms after |')
    print('|---|---|---|---|---|---|')
    for n in names[:top] if top else names:
        b, a, first = before[n][0], after[n][0], after[n][1]
        ratio = b / a if a > 0 else float('inf')
        cell = n.replace('|', '\\|')
        print(f'| `{cell}` | {b:,.1f} | {a:,.1f} | {first:,.1f} | {ratio:.1f}x | '
              f'{"yes" if a < TARGET_US else "**no**"} |')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
