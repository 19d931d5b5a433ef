#!/usr/bin/env bash
# check_killed.sh: builds that are killed, and a search indexer that never ends (issue 16).
# With a stand-in Pagefind (node_modules/.bin/pagefind in the build's working folder) that
# records its process id and sleeps:
#   1. a build killed by SIGKILL, and one by SIGTERM, while Pagefind runs: Pagefind dies with
#      the build (it used to run on, one for 29 minutes), and each leaves its OUT.tmp.PID;
#   2. the next build stops Pagefind at --search-timeout with its exact message, exit 2, the
#      previous site untouched; it has removed the leftovers of the dead builds, and keeps
#      OUT.tmp.PID of a process that is alive;
#   3. a build whose Pagefind ends normally succeeds and leaves nothing beside the site.
# Usage: tests/generator/check_killed.sh HANDBOOK   (run from the repository root)
set -uo pipefail
handbook=$(realpath "${1:?usage: check_killed.sh HANDBOOK}")
repo=$(pwd)
work=$(mktemp -d)
sleeper_pid=
trap '[[ -n $sleeper_pid ]] && kill "$sleeper_pid" 2>/dev/null; rm -rf "$work"' EXIT
failed=0
fail() { echo "FAIL $*"; failed=$((failed + 1)); }
ok() { echo "ok   $*"; }

mkdir -p "$work/content" "$work/node_modules/.bin"
printf -- '---\ntitle: Home\n---\n\nA page to index.\n' > "$work/content/index.md"
cat > "$work/node_modules/.bin/pagefind" <<'EOF'
#!/bin/sh
# A stand-in for Pagefind: records its id, then either hangs or writes a bundle.
echo $$ > "$PAGEFIND_PID_FILE"
if [ "$PAGEFIND_MODE" = hang ]; then exec sleep 1000; fi
mkdir -p "$4" && echo '{}' > "$4/pagefind-entry.json"
EOF
chmod +x "$work/node_modules/.bin/pagefind"
export PAGEFIND_PID_FILE="$work/pagefind.pid"

build() { # build [OPTIONS]: one build in the working folder, stdout and stderr to files
  (cd "$work" && exec "$handbook" build --content content --templates "$repo/templates" \
    --out site "$@") > "$work/stdout" 2> "$work/stderr"
}

alive() { kill -0 "$1" 2>/dev/null; }

# wait_for FILE: up to 60 s (the ASan build starts slowly)
wait_for() {
  for _ in $(seq 600); do [[ -s $1 ]] && return 0; sleep 0.1; done
  return 1
}

# A first good build: the previous site that the failed one must leave alone.
PAGEFIND_MODE=done build || fail "a first build failed: $(cat "$work/stderr")"
before=$(cd "$work/site" && find . -type f -exec sha256sum {} + | sort)

# 1. Killed while Pagefind runs.
leftovers=()
for sig in KILL TERM; do
  rm -f "$PAGEFIND_PID_FILE"
  (cd "$work" && PAGEFIND_MODE=hang exec "$handbook" build --content content \
    --templates "$repo/templates" --out site) > /dev/null 2>&1 &
  build_pid=$!
  if ! wait_for "$PAGEFIND_PID_FILE"; then
    fail "SIG$sig: Pagefind never started"
    kill -KILL "$build_pid" 2>/dev/null
    continue
  fi
  pagefind_pid=$(cat "$PAGEFIND_PID_FILE")
  kill -"$sig" "$build_pid"
  wait "$build_pid" 2>/dev/null
  gone=0
  for _ in $(seq 50); do alive "$pagefind_pid" || { gone=1; break; }; sleep 0.1; done
  if ((gone)); then
    ok "SIG$sig to the build: Pagefind (pid $pagefind_pid) died with it"
  else
    fail "SIG$sig to the build: Pagefind (pid $pagefind_pid) still runs 5 s later"
    kill -KILL "$pagefind_pid" 2>/dev/null
  fi
  if [[ -d $work/site.tmp.$build_pid ]]; then
    leftovers+=("site.tmp.$build_pid")
  else
    fail "SIG$sig: no site.tmp.$build_pid (the case no longer tests the cleaning)"
  fi
done
# A leftover of a process that is alive (this test's sleeper) must stay.
sleep 1000 &
sleeper_pid=$!
mkdir -p "$work/site.tmp.$sleeper_pid" "$work/site.tmp-old.99999999" "$work/site.pagefind.99999999"
leftovers+=("site.tmp-old.99999999" "site.pagefind.99999999")

# 2. Pagefind never ends: stopped at the time limit.
rm -f "$PAGEFIND_PID_FILE"
start=$(date +%s)
PAGEFIND_MODE=hang build --search-timeout 2
status=$?
took=$(($(date +%s) - start))
sed -i -E 's/site\.tmp\.[0-9]+/site.tmp.PID/g' "$work/stderr"
expected="handbook: search index: node_modules/.bin/pagefind --site site.tmp.PID ran over its time limit of 2 s and was stopped (handbook build --search-timeout SECONDS sets another)"
if [[ $status -eq 2 && "$(cat "$work/stderr")" == "$expected" && $took -lt 30 ]]; then
  ok "--search-timeout 2: stopped after ${took} s, exit 2, the exact message"
else
  fail "--search-timeout 2: exit $status after ${took} s, stderr:"$'\n'"$(cat "$work/stderr")"
fi
if [[ -s $PAGEFIND_PID_FILE ]] && alive "$(cat "$PAGEFIND_PID_FILE")"; then
  fail "the stopped Pagefind still runs"
  kill -KILL "$(cat "$PAGEFIND_PID_FILE")"
fi
after=$(cd "$work/site" && find . -type f -exec sha256sum {} + | sort)
[[ "$before" == "$after" ]] && ok "the previous site is untouched" || fail "the previous site changed"
for l in "${leftovers[@]}"; do
  [[ -e $work/$l ]] && fail "$l of a dead process is still there" || ok "$l of a dead process removed"
done
[[ -d $work/site.tmp.$sleeper_pid ]] && ok "site.tmp.PID of a live process kept" ||
  fail "site.tmp.$sleeper_pid of a live process was removed"

# 3. A normal build leaves nothing beside the site (the live process's folder aside).
rmdir "$work/site.tmp.$sleeper_pid"
if PAGEFIND_MODE=done build; then
  beside=$(cd "$work" && ls -d site.* 2>/dev/null)
  [[ -z $beside ]] && ok "a good build leaves nothing beside the site" || fail "left beside the site: $beside"
else
  fail "a good build failed: $(cat "$work/stderr")"
fi
echo "killed builds: $failed failed"
((failed == 0))
