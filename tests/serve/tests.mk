# tests/serve/tests.mk: the dev server's tests (unit, end to end over raw sockets, incremental
# rebuilds compared byte for byte with a clean build) and valgrind on one full site build.
# Included by the Makefile; appends its targets to TEST_TARGETS.

SERVE_UNIT := $(BUILD)/asan/tests/serve/test_serve_http $(BUILD)/asan/tests/serve/test_serve_watch
SERVE_TEMPLATES ?= templates

.PHONY: test-serve-unit test-serve test-serve-incremental test-serve-random test-serve-flood \
  test-valgrind
test-serve-unit: $(SERVE_UNIT)
	@set -e; for t in $(SERVE_UNIT); do echo "== $$t"; $$t; done

# Starts `handbook serve --port 0` (ASan build) on tests/serve/fixture and checks hardening,
# content types, pretty URLs, 404, live reload, a failed rebuild and Ctrl-C.
test-serve: $(HANDBOOK_ASAN)
	python3 tests/serve/serve_test.py $(HANDBOOK_ASAN) --templates $(SERVE_TEMPLATES)

# Edits, renames and deletes pages of a small bench corpus under `serve`, and after each change
# compares the served folder with a clean `handbook build`, byte for byte.
test-serve-incremental: $(HANDBOOK_ASAN)
	python3 tests/serve/incremental_test.py $(HANDBOOK_ASAN) --templates $(SERVE_TEMPLATES) --pages 60

# Random edit sequences under `serve` (pages, links, titles, order and weight, sections, moves,
# deletions, index.md <-> _index.md, drafts, Hugo keys, aliases, template and site.yaml, broken
# states and their fixes), each step compared byte for byte with a clean build. Fixed seed;
# RANDOM_SEQUENCES=2000 (or RANDOM_SEED=N) for a longer run, RANDOM_HANDBOOK=$(HANDBOOK_ASAN)
# under the sanitizers (about twice as slow).
RANDOM_HANDBOOK ?= $(HANDBOOK)
test-serve-random: $(RANDOM_HANDBOOK)
	python3 tests/serve/random_test.py $(RANDOM_HANDBOOK) --templates $(SERVE_TEMPLATES)

# 4,000 connections trickling headers for 6 s, then closing (slowloris): serve answers others
# meanwhile and answers again at once after (it used to stay dead for good).
test-serve-flood: $(HANDBOOK_ASAN)
	python3 tests/serve/flood_test.py $(HANDBOOK_ASAN) --templates $(SERVE_TEMPLATES)

# One full build of the real site under valgrind: no invalid access, no definite or indirect leak.
# (Memory still reachable at exit, such as libraries' one-time tables, is not counted.)
test-valgrind: $(HANDBOOK)
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	valgrind --quiet --child-silent-after-fork=yes --error-exitcode=1 --leak-check=full \
	  --suppressions=tests/generator/valgrind.supp \
	  --errors-for-leak-kinds=definite,indirect --show-leak-kinds=definite,indirect \
	  $(HANDBOOK) build --out "$$tmp/site" && echo "valgrind: no errors, no leaks"

TEST_TARGETS += test-serve-unit test-serve test-serve-incremental test-serve-random \
  test-serve-flood test-valgrind
