# tests/lab/tests.mk: fixtures of the lab fences (generator/transform_lab.c, lab_assets.c):
# exact errors for broken fences, and the HTML and site/emu/ files of a good one. Needs the
# module (`wasm`) so that a good build copies it without a warning.
.PHONY: test-lab-fences
test-lab-fences: $(HANDBOOK_ASAN) wasm
	@tests/lab/run_lab_fences.sh $(HANDBOOK_ASAN)
ifneq ($(wildcard emulator/session.c),)
TEST_TARGETS += test-lab-fences
endif
