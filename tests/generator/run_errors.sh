#!/usr/bin/env bash
# run_errors.sh: the error fixtures. Each folder under tests/generator/errors/ is a tiny site
# (content/, optionally its own templates/) and expected.stderr. For each, `handbook build`
# must exit 1, print exactly expected.stderr, and leave an existing output folder byte for
# byte as it was (no temporary folder left behind either). A fixture with expected.github or
# expected.json is also checked with `handbook check --format github|json`: exit 1, exactly that
# on stdout, nothing on stderr (and the JSON must parse).
# Usage: run_errors.sh HANDBOOK [TEMPLATES] [--update]   (--update rewrites expected.stderr)
# FIXTURES=DIR runs the fixtures under DIR instead (tests/badinput/ uses it). A fixture may
# hold generate.sh, run in the copied site's folder before the build (HB_REPO: the repository),
# for files too big to commit. A build taking longer than BUILD_TIMEOUT seconds (default 300) fails;
# a fixture's `timeout` file (seconds) sets its own, and its `environment` file (VAR=value lines)
# is the build's extra environment.
set -uo pipefail
handbook=$(realpath "$1")
templates=$(realpath "${2:-templates}")
update=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
fixtures=$(realpath "${FIXTURES:-$here/errors}")
failed=0 count=0
for dir in "$fixtures"/*/; do
  name=$(basename "$dir")
  count=$((count + 1))
  work=$(mktemp -d)
  cp -r "$dir"content "$work/content"
  tpl="$templates"
  if [[ -d "$dir/templates" ]]; then cp -r "$dir/templates" "$work/templates"; tpl=templates; fi
  if [[ -f "$dir/generate.sh" ]]; then (cd "$work" && HB_REPO="$here/../.." bash "$dir/generate.sh"); fi
  # A previous site that must survive the failed build untouched.
  mkdir -p "$work/out/old/page"
  printf '<p>previous build</p>\n' > "$work/out/index.html"
  printf 'kept\n' > "$work/out/old/page/index.html"
  before=$(cd "$work/out" && find . -printf '%p %s %m\n' | sort && find . -type f -exec sha256sum {} + | sort)
  limit=${BUILD_TIMEOUT:-300}
  [[ -f "$dir/timeout" ]] && limit=$(cat "$dir/timeout")
  extra_env=()
  [[ -f "$dir/environment" ]] && mapfile -t extra_env < "$dir/environment"
  (cd "$work" && env "${extra_env[@]}" timeout "$limit" "$handbook" build --content content --templates "$tpl" --out out) \
    > "$work/stdout" 2> "$work/stderr"
  status=$?
  # Paths outside the fixture (the shared templates) print as TEMPLATES/.
  sed -i "s|$templates/|TEMPLATES/|g" "$work/stderr"
  after=$(cd "$work/out" && find . -printf '%p %s %m\n' | sort && find . -type f -exec sha256sum {} + | sort)
  leftovers=$(cd "$work" && ls -d out.tmp* 2>/dev/null || true)
  if [[ "$update" == --update ]]; then cp "$work/stderr" "$dir/expected.stderr"; fi
  problems=()
  for format in github json; do
    [[ -f "$dir/expected.$format" ]] || continue
    (cd "$work" && "$handbook" check --content content --templates "$tpl" --format "$format") \
      > "$work/report" 2> "$work/report.stderr"
    report_status=$?
    sed -i "s|$templates/|TEMPLATES/|g" "$work/report"
    if [[ "$update" == --update ]]; then cp "$work/report" "$dir/expected.$format"; fi
    [[ $report_status -eq 1 ]] || problems+=("check --format $format: exit status $report_status, expected 1")
    diff -u "$dir/expected.$format" "$work/report" > "$work/diff" ||
      problems+=("check --format $format: stdout differs:\n$(cat "$work/diff")")
    [[ ! -s "$work/report.stderr" ]] || problems+=("check --format $format wrote to stderr: $(cat "$work/report.stderr")")
    if [[ $format == json ]] && ! python3 -m json.tool "$work/report" > /dev/null; then
      problems+=("check --format json: not valid JSON")
    fi
  done
  [[ $status -eq 1 ]] || problems+=("exit status $status, expected 1")
  diff -u "$dir/expected.stderr" "$work/stderr" > "$work/diff" || problems+=("stderr differs:\n$(cat "$work/diff")")
  [[ "$before" == "$after" ]] || problems+=("the output folder changed")
  [[ -z "$leftovers" ]] || problems+=("left behind: $leftovers")
  if ((${#problems[@]})); then
    failed=$((failed + 1))
    echo "FAIL $name"
    for p in "${problems[@]}"; do printf '  %b\n' "$p"; done
  else
    echo "ok   $name"
  fi
  rm -rf "$work"
done
# Usage and system errors exit 2 with a message, and write nothing.
usage_cases=(
  "build --bogus"
  "build --out"
  "check --jobs 0"
  "check --format xml"
  "check --format"
  "build --content /nonexistent/content"
  "build --templates /nonexistent/templates"
  "frobnicate"
)
for args in "${usage_cases[@]}"; do
  count=$((count + 1))
  work=$(mktemp -d)
  # shellcheck disable=SC2086
  (cd "$work" && "$handbook" $args) > "$work/stdout" 2> "$work/stderr"
  status=$?
  if [[ $status -ne 2 || ! -s "$work/stderr" || -n "$(ls "$work" | grep -v '^std')" ]]; then
    failed=$((failed + 1))
    echo "FAIL handbook $args: exit $status, stderr: $(cat "$work/stderr")"
  else
    echo "ok   handbook $args"
  fi
  rm -rf "$work"
done
echo "error fixtures: $((count - failed)) of $count passed"
((failed == 0))
