# tests/content/tests.mk: the pages' prose figures against the emulator's outputs. Included by the
# Makefile; appends to TEST_TARGETS.

.PHONY: test-content-figures

# Builds content/ (release build) and checks every figure of tests/content/figures.ini; the
# self-test changes each figure in a copy of content/ and expects it to be reported.
test-content-figures: $(HANDBOOK)
	python3 tests/content/check_figures.py $(HANDBOOK) --self-test

TEST_TARGETS += test-content-figures
