#!/usr/bin/env bash
# run_lab_fences.sh: fixtures of generator/transform_lab.c. Each tests/lab/cases/NAME/ holds a
# content folder (its labs/ links to real scenarios), expected.stderr (exact), expected.status
# (the exit status) and, for builds that succeed, expected.grep: lines "FILE<TAB>TEXT", each TEXT
# a fixed string that must appear in FILE of the output. Prints "N passed, N failed".
# Usage: tests/lab/run_lab_fences.sh HANDBOOK   (run from the repository root)
set -uo pipefail
handbook=${1:?usage: run_lab_fences.sh HANDBOOK}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
for dir in tests/lab/cases/*/; do
  name=$(basename "$dir")
  out="$tmp/$name-site"
  "$handbook" build --content "${dir}content" --out "$out" >"$tmp/stdout" 2>"$tmp/stderr"
  status=$?
  problems=()
  expected_status=$(cat "$dir/expected.status")
  ((status == expected_status)) || problems+=("exit status $status, expected $expected_status")
  if ! diff -u --label expected.stderr --label actual "$dir/expected.stderr" "$tmp/stderr" >"$tmp/diff"; then
    problems+=("stderr differs:"$'\n'"$(cat "$tmp/diff")")
  fi
  if [[ -f $dir/expected.grep ]]; then
    while IFS=$'\t' read -r file text; do
      [[ -z $file ]] && continue
      if ! grep -qF -- "$text" "$out/$file" 2>/dev/null; then
        problems+=("$file lacks: $text")
      fi
    done <"$dir/expected.grep"
  fi
  if ((${#problems[@]})); then
    failed=$((failed + 1))
    echo "FAIL $name"
    printf '  %s\n' "${problems[@]}"
  else
    passed=$((passed + 1))
  fi
done
echo "$passed passed, $failed failed"
((failed == 0))
