#!/usr/bin/env bash
# seed_corpus.sh: (re)writes the seed inputs of the fuzz corpora from the repository's real
# material: every page of content/ (fuzz/corpus/page/), every lab scenario and the scenario
# fixtures (fuzz/corpus/scenario/), and the command lines of every golden transcript, one file
# per transcript (fuzz/corpus/shell/). Regression inputs (crash-*, regress-*) are left alone.
# Usage: fuzz/seed_corpus.sh   (from the repository's top folder; then review and commit)
set -euo pipefail
cd "$(dirname "$0")/.."
out=fuzz/corpus
mkdir -p "$out/page" "$out/scenario" "$out/shell"
rm -f "$out"/page/seed-* "$out"/scenario/seed-* "$out"/shell/seed-*

# Pages: content/reference/networking/nccl.md -> seed-reference-networking-nccl.md
find content -name '*.md' ! -name README.md | sort | while read -r f; do
  name=${f#content/}
  cp "$f" "$out/page/seed-${name//\//-}"
done
# The error fixtures' pages: bad front matter, bad UTF-8, broken links, bad diagrams.
for f in tests/generator/errors/*/content/*.md; do
  [[ -e "$f" ]] || continue
  fixture=${f#tests/generator/errors/}
  cp "$f" "$out/page/seed-error-${fixture%%/*}-$(basename "$f")"
done

for f in content/labs/*.yaml tests/emulator/fixtures/*.yaml; do
  [[ -e "$f" ]] || continue
  cp "$f" "$out/scenario/seed-$(basename "$f")"
done

# Transcripts: the lines after "$ " are what the user typed.
for f in tests/emulator/transcripts/*.t; do
  sed -n 's/^\$ //p' "$f" > "$out/shell/seed-$(basename "$f" .t).txt"
  [[ -s "$out/shell/seed-$(basename "$f" .t).txt" ]] || rm -f "$out/shell/seed-$(basename "$f" .t).txt"
done
ls "$out"/* | grep -c . >/dev/null
for t in page scenario shell; do echo "$t: $(ls "$out/$t" | wc -l) inputs"; done
