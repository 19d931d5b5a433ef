#!/usr/bin/env bash
# deps.sh: installs every Debian and npm package the build and the tests need, and only what is missing.
# Usage: scripts/deps.sh STAMP   (touches STAMP when everything is present)
# Runs apt-get update before any install (a fresh machine has stale package lists); uses sudo
# when not root. npm packages come from the committed package-lock.json through `npm ci`.
set -euo pipefail
stamp=${1:-build/deps.stamp}
cd "$(dirname "$0")/.."

debian_packages=(
  # compiler and build
  build-essential pkg-config clang libclang-rt-14-dev dpkg-dev
  # generator: Markdown, front matter, templates, diagrams, dev server
  libcmark-gfm-dev libcmark-gfm-extensions-dev cmark-gfm libyaml-dev liblua5.4-dev
  libgraphviz-dev libmicrohttpd-dev
  # WebAssembly build of the emulator
  emscripten node-acorn nodejs npm
  # tests: unit framework, transcripts, memory checks, browser
  libcmocka-dev python3 python3-cram valgrind chromium curl
  # the peer of the emulator's awk in its differential test (Debian's awk)
  mawk
  # benchmark peers and load generators (make bench)
  hugo pandoc wrk hyperfine
)

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
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
fi

# npm packages: reinstall when the lock file changed since the last install.
if [[ ! -f node_modules/.package-lock.json || package-lock.json -nt node_modules/.package-lock.json ]]; then
  npm ci --no-audit --no-fund
fi

mkdir -p "$(dirname "$stamp")"
touch "$stamp"
