#!/usr/bin/env bash
# test_cli.sh: `handbook emu` as a command: exit statuses (0 ok, 1 scenario errors, 2 usage),
# error messages with file:line:col, --scenario, --seed, --content, and transcript mode.
# Usage: tests/emulator/test_cli.sh HANDBOOK   (run from the repository root)
set -uo pipefail
hb=${1:?usage: test_cli.sh HANDBOOK}
passed=0
failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# check NAME EXPECTED_STATUS GREP_PATTERN_IN_OUTPUT -- COMMAND...   (stdin: /dev/null unless piped)
check() {
  local name=$1 want=$2 pattern=$3
  shift 4
  "$@" >"$tmp/out" 2>&1
  local got=$?
  if [[ $got -eq $want ]] && grep -qE -- "$pattern" "$tmp/out"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: $name: exit status $got (want $want), output:"
    sed 's/^/  /' "$tmp/out" | head -20
    echo "  (wanted a line matching: $pattern)"
  fi
}

check "help" 0 '^usage: handbook emu' -- "$hb" emu --help
check "unknown option" 2 "unknown option '--bogus'" -- "$hb" emu --bogus
check "missing value" 2 '--seed needs a value' -- "$hb" emu --seed
check "bad seed" 2 'non-negative integer' -- "$hb" emu --lab late-rank --seed x
check "bad columns" 2 'a number from 0 to 1000' -- "$hb" emu --lab late-rank --columns 1001
check "both lab and scenario" 2 'not both' -- "$hb" emu --lab a --scenario b
check "unknown lab" 2 "unknown lab 'nope' \(labs: .*late-rank" -- "$hb" emu --lab nope
check "missing content" 1 '/nonexistent/labs: error' -- "$hb" emu --content /nonexistent
check "missing scenario file" 1 'none.yaml:1:1: error: cannot read: No such file' -- "$hb" emu --scenario "$tmp/none.yaml"
check "scenario errors with line and column" 1 \
  '^tests/emulator/fixtures/bad_scenario.yaml:[0-9]+:[0-9]+: error: ' -- \
  "$hb" emu --scenario tests/emulator/fixtures/bad_scenario.yaml
count=$("$hb" emu --scenario tests/emulator/fixtures/bad_scenario.yaml 2>&1 </dev/null | grep -c ': error: ')
if ((count >= 3)); then passed=$((passed + 1)); else
  failed=$((failed + 1)); echo "FAIL: every scenario error is reported (got $count)"; fi

# transcript mode: greeting, then "$ LINE" and the output of each line
printf 'hostname\nexit\nhostname\n' >"$tmp/in"
check "transcript" 0 '^\$ hostname$' -- bash -c "\"$hb\" emu --lab late-rank <\"$tmp/in\""
lines=$("$hb" emu --lab late-rank <"$tmp/in" | grep -c '^\$ ')
if ((lines == 2)); then passed=$((passed + 1)); else
  failed=$((failed + 1)); echo "FAIL: exit ends the transcript (got $lines input lines echoed)"; fi
check "scenario file" 0 '^node01$' -- bash -c "echo hostname | \"$hb\" emu --scenario content/labs/late-rank.yaml"
check "no lab" 0 'No lab is started' -- bash -c "\"$hb\" emu </dev/null"

# --seed: same seed, same output; another seed, other samples
a=$(echo 'tail -n 3 train.log' | "$hb" emu --lab late-rank --seed 11)
b=$(echo 'tail -n 3 train.log' | "$hb" emu --lab late-rank --seed 11)
c=$(echo 'tail -n 3 train.log' | "$hb" emu --lab late-rank --seed 12)
if [[ $a == "$b" && $a != "$c" ]]; then passed=$((passed + 1)); else
  failed=$((failed + 1)); echo "FAIL: --seed determinism"; fi

echo "$passed passed, $failed failed"
((failed == 0))
