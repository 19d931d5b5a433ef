#!/usr/bin/env bash
# deps.sh: installs the Debian and npm packages of the groups asked for, and only what is missing.
# Usage: scripts/deps.sh STAMP [GROUP...]   (touches STAMP when everything asked for is present)
#   build  what `make` and `make serve` need: the compiler, the generator's libraries, emscripten
#          for the lab console's WebAssembly, git (pages' "Last updated"), Node.js and Pagefind
#   test   what `make test` adds: cmocka, cram, valgrind, clang's libFuzzer, Chromium and the
#          browser-test npm packages (playwright-core, axe-core)
#   bench  what `make bench` adds: the peers Hugo and Pandoc, the cmark-gfm CLI, wrk, hyperfine
# No group: all three (`make deps`). Runs apt-get update before any install (a fresh machine has
# stale package lists); uses sudo when not root. npm packages come from the committed
# package-lock.json through `npm ci`: Pagefind is a dependency, the test tools devDependencies,
# so the build group alone runs `npm ci --omit=dev`.
set -euo pipefail
stamp=${1:-build/deps.stamp}
shift || true
groups=("$@")
((${#groups[@]})) || groups=(build test bench)
cd "$(dirname "$0")/.."

debian_packages=()
npm_packages=()
npm_dev=0
for group in "${groups[@]}"; do
  case "$group" in
    build)
      debian_packages+=(
        # compiler and build
        build-essential pkg-config git
        # generator: Markdown, front matter, templates, diagrams, dev server
        libcmark-gfm-dev libcmark-gfm-extensions-dev libyaml-dev liblua5.4-dev
        libgraphviz-dev libmicrohttpd-dev
        # WebAssembly build of the emulator; Node.js runs Pagefind
        emscripten node-acorn nodejs npm
      )
      npm_packages+=(pagefind) ;;
    test)
      debian_packages+=(
        # unit framework, transcripts, memory checks, fuzz corpus (clang's libFuzzer), browser
        libcmocka-dev python3 python3-cram valgrind clang libclang-rt-14-dev dpkg-dev chromium curl
        # the peers of the emulator's awk and jq in their differential tests (Debian's)
        mawk jq
      )
      npm_packages+=(playwright-core axe-core)
      npm_dev=1 ;;
    bench)
      # benchmark peers, the cmark-gfm CLI, load generators
      debian_packages+=(hugo pandoc cmark-gfm wrk hyperfine) ;;
    *)
      echo "deps: unknown group '$group' (build, test, bench)" >&2
      exit 2 ;;
  esac
done

missing=()
for p in "${debian_packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] && continue
  # Node.js from another source (e.g. nodesource) ships its own npm, which conflicts with Debian's.
  [[ "$p" == npm ]] && command -v npm >/dev/null && continue
  missing+=("$p")
done
if ((${#missing[@]})); then
  sudo=""
  [[ $(id -u) -eq 0 ]] || sudo="sudo"
  echo "deps: installing ${missing[*]}"
  $sudo apt-get update -qq
  # Recommends left out: what is listed here is all the build and the tests use (emscripten's
  # alone would add numpy and d3; the build group is 578 packages, 351 MB, instead of 791, 472 MB).
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# npm packages: (re)install when one asked for is missing or the lock file changed since the
# last install. A full install keeps the dev tools; --omit=dev leaves them out.
if ((${#npm_packages[@]})); then
  need=0
  [[ -f node_modules/.package-lock.json && ! package-lock.json -nt node_modules/.package-lock.json ]] || need=1
  for p in "${npm_packages[@]}"; do [[ -f "node_modules/$p/package.json" ]] || need=1; done
  if ((need)); then
    if ((npm_dev)) || [[ -f node_modules/playwright-core/package.json ]]; then
      npm ci --no-audit --no-fund
    else
      npm ci --no-audit --no-fund --omit=dev
    fi
  fi
fi

mkdir -p "$(dirname "$stamp")"
touch "$stamp"
