# tests/badinput/tests.mk: broken and hostile content sites, end to end through the asan build
# of `handbook build`: bad and hostile YAML (pages, site.yaml, lab scenarios), bad UTF-8, a
# 10 MB page, constructs nested 10,000 deep, self-links, alias cycles, hostile templates and
# labs that do not exist. Each must exit 1 with exactly its expected.stderr
# ("path:line:col: error: ..."), in bounded time, and leave the previous output folder byte for
# byte as it was. The runner is the generator's (tests/generator/run_errors.sh): same checks,
# fixtures from tests/badinput/sites/, big inputs written at test time by a fixture's
# generate.sh. Included by the Makefile; appends to TEST_TARGETS.

.PHONY: test-badinput bless-badinput
test-badinput: $(HANDBOOK_ASAN)
	@FIXTURES=tests/badinput/sites tests/generator/run_errors.sh $(HANDBOOK_ASAN) templates

# Rewrites every expected.stderr from the current output: read the diff before committing.
bless-badinput: $(HANDBOOK_ASAN)
	@FIXTURES=tests/badinput/sites tests/generator/run_errors.sh $(HANDBOOK_ASAN) templates --update

TEST_TARGETS += test-badinput
