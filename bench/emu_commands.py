#!/usr/bin/env python3
"""emu_commands.py: the command corpus of `make bench-emu`: every distinct command line the
emulator's golden transcripts type (their "$ " lines) and every command a lab names (the
`command:` of its solution steps and collected items), one a line, in first-seen order.

Usage: bench/emu_commands.py TRANSCRIPT.t ... LAB.yaml ... [MORE.txt ...] > COMMANDS.txt
A .txt file adds its lines (all but empty lines and # comments) as they are.
A transcript whose input comes from a script beside it (NAME.in.sh: binary bytes, 1 MiB lines) is
skipped; its lines are not text one can type.
"""
import os
import re
import sys

COMMAND_KEY = re.compile(r'^\s*(?:-\s+)?command:\s*(.*?)\s*$')


def yaml_scalar(text):
    """The value of a one-line YAML scalar: plain, 'single' or "double" quoted."""
    if len(text) >= 2 and text[0] == text[-1] == "'":
        return text[1:-1].replace("''", "'")
    if len(text) >= 2 and text[0] == text[-1] == '"':
        return (text[1:-1].replace('\\"', '"').replace('\\\\', '\\'))
    return text.split(' #', 1)[0].rstrip()


def main(paths):
    seen = set()
    out = []
    for path in paths:
        if path.endswith('.t'):
            if os.path.exists(path[:-2] + '.in.sh') or os.path.exists(path[:-2] + '.in'):
                continue
            with open(path, encoding='utf-8', errors='replace') as f:
                lines = [l[2:].rstrip('\n') for l in f if l.startswith('$ ')]
        elif path.endswith('.txt'):
            with open(path, encoding='utf-8') as f:
                lines = [l.rstrip('\n') for l in f if l.strip() and not l.startswith('#')]
        else:
            with open(path, encoding='utf-8') as f:
                lines = [yaml_scalar(m.group(1)) for m in map(COMMAND_KEY.match, f) if m]
        for line in lines:
            if line.strip() and line not in seen:
                seen.add(line)
                out.append(line)
    sys.stdout.write(''.join(l + '\n' for l in out))
    return 0 if out else 1


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
