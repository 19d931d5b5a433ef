# tests/content/tests.mk: the pages' figures against the emulator's outputs. Included by the
# Makefile; appends to TEST_TARGETS.

.PHONY: test-content-figures test-content-expected-values

# Builds content/ (release build) and checks every figure of tests/content/figures.ini; the
# self-test changes each figure in a copy of content/ and expects it to be reported.
test-content-figures: $(HANDBOOK)
	python3 tests/content/check_figures.py $(HANDBOOK) --self-test

# The NCCL page's expected-values table, row by row, against the NCCL model
# (tests/content/expected_values.ini); the self-test changes each row's figure and expects it
# to be reported.
test-content-expected-values: $(HANDBOOK)
	python3 tests/content/check_expected_values.py $(HANDBOOK) --self-test

TEST_TARGETS += test-content-figures test-content-expected-values

# The cost and checkpointing pages' worked examples against the cost calculator
# (tests/content/cost_figures.ini, through `handbook cost`); the self-test changes each
# section's first figure and expects it to be reported.
.PHONY: test-content-cost
test-content-cost: $(HANDBOOK)
	python3 tests/content/check_cost.py $(HANDBOOK) --self-test

TEST_TARGETS += test-content-cost

# Each lab named the same on its page, in its scenario (`lab list`, the console) and in the labs
# index, and the index row's reference pages the ones its page lists; no index row for a lab that
# does not exist, and no lab at all fails. The self-test changes a title, drops a reference, adds a
# row for a missing lab and empties the labs, and expects each reported.
.PHONY: test-content-lab-titles
test-content-lab-titles:
	python3 tests/content/check_lab_titles.py content --self-test

TEST_TARGETS += test-content-lab-titles

# Every page of content/ ends with its Sources: no section, fence or alert after them (the lab
# pages' consoles come before). The self-test moves a section after the Sources, adds a fence and
# an alert there and drops the heading, and expects each reported.
.PHONY: test-content-page-ends
test-content-page-ends:
	python3 tests/content/check_page_ends.py content --self-test

TEST_TARGETS += test-content-page-ends
