#!/usr/bin/env bash
# run_transcripts.sh: replays the emulator's golden transcripts through `handbook emu` and diffs
# the whole output. Prints "N passed, N failed"; exits 1 when any failed.
#
# Usage: tests/emulator/run_transcripts.sh HANDBOOK [--bless] [FILE.t ...]
#   (default files: tests/emulator/transcripts/*.t; run from the repository root)
#
# A golden file starts with header lines: "# lab: ID" (or "# scenario: PATH"), optionally
# "# seed: N", "# columns: N" (the terminal's width: `handbook emu --columns N`), "# healthy: yes"
# (--healthy: the lab without its faults); then the transcript exactly as `handbook emu` prints
# it with non-TTY stdin: the
# greeting, then each input line after "$ " followed by its output. The input is every "$ " line
# of the transcript, unless NAME.in (raw bytes) or NAME.in.sh (a script printing them) sits beside
# NAME.t, for inputs that cannot be read back from their echo (binary bytes, a 1 MB line).
# When NAME.panel.html sits beside NAME.t, the session runs with --panel and the last drawing a
# line put beside the console (the step timeline of `timeline`) must equal that file.
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
    if [[ $line == "# healthy: yes" ]]; then
      header+=("$line")
      args+=(--healthy)
      body_start=$((body_start + 1))
    elif [[ $line =~ ^#\ (lab|scenario|seed|columns|content):\ (.*)$ ]]; then
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

  panel=$base.panel.html
  rm -f "$tmp/panel"
  if [[ -f $panel ]]; then
    args+=(--panel "$tmp/panel")
  fi
  "$handbook" emu "${args[@]}" <"$tmp/input" >"$tmp/actual" 2>"$tmp/stderr"
  status=$?
  panel_ok=1
  if [[ -f $panel ]]; then
    if ((bless)) && [[ -f $tmp/panel ]]; then
      cp "$tmp/panel" "$panel"
    fi
    cmp -s "$panel" "$tmp/panel" || panel_ok=0
  fi

  if ((bless)); then
    { ((${#header[@]})) && printf '%s\n' "${header[@]}"; cat "$tmp/actual"; } >"$t"
  fi
  if ((status == 0)) && [[ ! -s $tmp/stderr ]] && ((panel_ok)) && cmp -s "$tmp/expected" "$tmp/actual"; then
    passed=$((passed + 1))
  elif ((bless)) && ((status == 0)) && [[ ! -s $tmp/stderr ]]; then
    echo "blessed: $t"
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: $t (exit status $status)"
    [[ -s $tmp/stderr ]] && sed 's/^/  stderr: /' "$tmp/stderr" | head -40
    diff -u --label "$t (expected)" --label "$name (actual)" "$tmp/expected" "$tmp/actual" | head -60
    if ((!panel_ok)); then
      echo "  the panel differs from $panel:"
      diff -u --label "$panel (expected)" --label "$name panel (actual)" \
        <(sed 's/></>\n</g' "$panel") <(sed 's/></>\n</g' "$tmp/panel" 2>/dev/null) | head -40
    fi
  fi
done

echo "$passed passed, $failed failed"
((failed == 0))
