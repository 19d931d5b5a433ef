#!/usr/bin/env bash
# run_lab_fences.sh: fixtures of generator/transform_lab.c. Each tests/lab/cases/NAME/ holds a
# content folder (its labs/ links to real scenarios), expected.stderr (exact), expected.status
# (the exit status) and, for builds that succeed, expected.grep: lines "FILE<TAB>TEXT", each TEXT
# a fixed string that must appear in FILE of the output, and expected.absent: paths (one a
# line) the output must not hold. Prints "N passed, N failed".
# Usage: tests/lab/run_lab_fences.sh HANDBOOK   (run from the repository root; a build taking
# longer than BUILD_TIMEOUT seconds, default 120, is stopped and fails)
set -uo pipefail
handbook=$(realpath "${1:?usage: run_lab_fences.sh HANDBOOK}")
repo=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ln -s "$repo/build" "$tmp/build"
passed=0
failed=0
for dir in tests/lab/cases/*/; do
  name=$(basename "$dir")
  out="$tmp/$name-site"
  # The cases' labs/ are symbolic links to the real scenarios, outside the case's content
  # folder (which a build refuses): each case is built from a copy with the links resolved,
  # at the same path under $tmp (the messages name it), with build/ (the module) reachable.
  mkdir -p "$tmp/$dir"
  cp -rL "${dir}content" "$tmp/${dir}content"
  (cd "$tmp" && timeout "${BUILD_TIMEOUT:-120}" "$handbook" build --content "${dir}content" --templates "$repo/templates" \
    --out "$out") >"$tmp/stdout" 2>"$tmp/stderr"
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
  if [[ -f $dir/expected.absent ]]; then
    while read -r file; do
      [[ -z $file ]] && continue
      [[ -e $out/$file ]] && problems+=("$file is in the site")
    done <"$dir/expected.absent"
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
