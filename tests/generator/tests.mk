# tests/generator/tests.mk: the generator's tests beyond the cmocka unit tests (which the
# Makefile's UNIT_TEST_SRC picks up from tests/generator/test_*.c): the error fixtures and the
# check of the real site's HTML. Included by the Makefile; appends to TEST_TARGETS.

.PHONY: test-generator-errors test-generator-site test-generator-features

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

TEST_TARGETS += test-generator-errors test-generator-site test-generator-features
