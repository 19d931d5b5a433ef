# tests/generator/tests.mk: the generator's tests beyond the cmocka unit tests (which the
# Makefile's UNIT_TEST_SRC picks up from tests/generator/test_*.c): the error fixtures and the
# check of the real site's HTML. Included by the Makefile; appends to TEST_TARGETS.

.PHONY: test-generator-errors test-generator-site test-generator-features test-generator-parallel \
  test-generator-nav test-generator-killed test-generator-git

# Every fixture under tests/generator/errors/: exit 1, exact stderr, previous output untouched.
test-generator-errors: $(HANDBOOK_ASAN)
	tests/generator/run_errors.sh $(HANDBOOK_ASAN) templates

# Builds content/ (ASan build) and checks pages, nav, TOC, backlinks, symptoms, every href.
test-generator-site: $(HANDBOOK_ASAN)
	python3 tests/generator/check_site.py $(HANDBOOK_ASAN)

# Builds tests/generator/features (every feature once) and checks the exact HTML of each, and
# that --jobs 1 and --jobs 4 write the same bytes.
test-generator-features: $(HANDBOOK_ASAN)
	python3 tests/generator/check_features.py $(HANDBOOK_ASAN)

# Stress test of parallel parsing: a 402-page site thick with autolinks and strikethrough, built
# with --jobs 1 and six times with --jobs 4 (release build: races show more at full speed);
# every build must write the same bytes, with every autolink (see generator/load.c).
test-generator-parallel: $(HANDBOOK)
	python3 tests/generator/check_parallel.py $(HANDBOOK)

# The navigation of large sites on four of bench/corpus.py's shapes (400 pages each, ASan
# build): bounded sidebars, every page two clicks from any section page, median page sizes
# within 10% across shapes, depth-first reading order, the tree for JavaScript, Hugo's layout.
test-generator-nav: $(HANDBOOK_ASAN)
	python3 tests/generator/check_nav.py $(HANDBOOK_ASAN)

# Builds killed by SIGKILL and SIGTERM while Pagefind runs (a stand-in that hangs): Pagefind
# dies with them, --search-timeout stops it, the next build removes the dead builds' leftovers.
test-generator-killed: $(HANDBOOK_ASAN)
	tests/generator/check_killed.sh $(HANDBOOK_ASAN)

# "Last updated" and edit_url: auto from a throwaway git repository, its remotes and shallow
# clones (generator/git_info.c).
test-generator-git: $(HANDBOOK_ASAN)
	python3 tests/generator/check_git_info.py $(HANDBOOK_ASAN) --templates templates

TEST_TARGETS += test-generator-errors test-generator-site test-generator-features \
  test-generator-parallel test-generator-nav test-generator-killed test-generator-git
