#!/usr/bin/env bash
# run_transcripts.sh: replays the emulator's golden transcripts through `handbook emu` and diffs
# the whole output. Prints "N passed, N failed"; exits 1 when any failed.
#
# Usage: tests/emulator/run_transcripts.sh HANDBOOK [--bless] [FILE.t ...]
#   (default files: tests/emulator/transcripts/*.t; run from the repository root)
#
# A golden file starts with header lines: "# lab: ID" (or "# scenario: PATH"), optionally
# "# seed: N"; then the transcript exactly as `handbook emu` prints it with non-TTY stdin: the
# greeting, then each input line after "$ " followed by its output. The input is every "$ " line
# of the transcript, unless NAME.in (raw bytes) or NAME.in.sh (a script printing them) sits beside
# NAME.t, for inputs that cannot be read back from their echo (binary bytes, a 1 MB line).
# --bless rewrites each file's transcript from the current output (then READ the diff).
set -uo pipefail

handbook=${1:?usage: run_transcripts.sh HANDBOOK [--bless] [FILE.t ...]}
shift
bless=0
if [[ ${1:-} == --bless ]]; then
  bless=1
  shift
fi
files=("$@")
if ((${#files[@]} == 0)); then
  files=(tests/emulator/transcripts/*.t)
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0

for t in "${files[@]}"; do
  name=$(basename "$t" .t)
  header=()
  args=()
  body_start=1
  while IFS= read -r line; do
    if [[ $line =~ ^#\ (lab|scenario|seed|content):\ (.*)$ ]]; then
      header+=("$line")
      args+=("--${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}")
      body_start=$((body_start + 1))
    else
      break
    fi
  done <"$t"
  tail -n +"$body_start" "$t" >"$tmp/expected"

  base=${t%.t}
  if [[ -f $base.in ]]; then
    cp "$base.in" "$tmp/input"
  elif [[ -f $base.in.sh ]]; then
    bash "$base.in.sh" >"$tmp/input"
  else
    # the "$ " lines of the transcript are the commands
    sed -n 's/^\$ //p' "$tmp/expected" >"$tmp/input"
  fi

  "$handbook" emu "${args[@]}" <"$tmp/input" >"$tmp/actual" 2>"$tmp/stderr"
  status=$?

  if ((bless)); then
    { ((${#header[@]})) && printf '%s\n' "${header[@]}"; cat "$tmp/actual"; } >"$t"
  fi
  if ((status == 0)) && [[ ! -s $tmp/stderr ]] && cmp -s "$tmp/expected" "$tmp/actual"; then
    passed=$((passed + 1))
  elif ((bless)) && ((status == 0)) && [[ ! -s $tmp/stderr ]]; then
    echo "blessed: $t"
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: $t (exit status $status)"
    [[ -s $tmp/stderr ]] && sed 's/^/  stderr: /' "$tmp/stderr" | head -40
    diff -u --label "$t (expected)" --label "$name (actual)" "$tmp/expected" "$tmp/actual" | head -60
  fi
done

echo "$passed passed, $failed failed"
((failed == 0))
