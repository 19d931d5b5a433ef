# fuzz/fuzz.mk: the libFuzzer targets (built with clang, ASan + UBSan + libFuzzer coverage) and
# their runs. Included by the Makefile.
#   make fuzz               fuzzes each target for FUZZ_SECONDS (default 60) from its committed
#                           seed corpus fuzz/corpus/TARGET/; new inputs go to build/fuzz/corpus/,
#                           a crash to build/fuzz/crashes/ and the run fails. A crash becomes a
#                           regression input: fix it, then copy the file into fuzz/corpus/TARGET/.
#   make test-fuzz-corpus   (part of `make test`) runs each target once over its committed
#                           corpus, no new fuzzing: a regression fails CI.
# The project's sources are compiled again with clang into build/fuzz/ (the Makefile's own
# variants use $(CC) and no coverage instrumentation).

FUZZ_CC := clang
FUZZ_DIR := $(BUILD)/fuzz
FUZZ_SECONDS ?= 60
FUZZ_TARGETS := page scenario shell request
# Largest input of each target (bytes): above the biggest real seed, small enough that one
# input stays fast (a page runs the emulator for its lab fences and Graphviz for its diagrams).
FUZZ_MAX_LEN_page := 65536
FUZZ_MAX_LEN_scenario := 16384
FUZZ_MAX_LEN_shell := 4096
FUZZ_MAX_LEN_request := 8192
# Seconds one input may take before libFuzzer calls it a hang.
FUZZ_TIMEOUT := 20
FUZZ_FLAGS := -O1 -g -fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer \
  -fno-sanitize-recover=all
FUZZ_LINK_FLAGS := -fsanitize=fuzzer,address,undefined
# Leak checks stay on; Graphviz's own leaks are suppressed in generator/transform_dot.c.
FUZZ_ENV := ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1

FUZZ_BINS := $(FUZZ_TARGETS:%=$(FUZZ_DIR)/fuzz_%)

# The cluster model's arithmetic (every rank, every step) runs for most commands; comparison
# tracing there costs about two thirds of the shell target's time and guides nothing (its
# inputs are numbers from the scenario), so those files keep only edge coverage.
FUZZ_NO_CMP_SRC := $(filter-out emulator/model/scenario.c emulator/model/doc_yaml.c,\
  $(wildcard emulator/model/*.c))
$(FUZZ_NO_CMP_SRC:%.c=$(FUZZ_DIR)/%.o): FUZZ_FLAGS += -fno-sanitize-coverage=trace-cmp

$(FUZZ_DIR)/%.o: %.c | $(TEST_DEPS_STAMP)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(WARN) $(FUZZ_FLAGS) $(PKG_CFLAGS) $(INCLUDES) -DHB_FUZZ_ROOT='"$(CURDIR)"' \
	  -MMD -MP -c $< -o $@
$(FUZZ_DIR)/libhandbook.a: $(GEN_SRC:%.c=$(FUZZ_DIR)/%.o)
	@rm -f $@
	ar rcs $@ $^
$(FUZZ_DIR)/libemu.a: $(EMU_SRC:%.c=$(FUZZ_DIR)/%.o)
	@rm -f $@
	ar rcs $@ $^
$(FUZZ_DIR)/fuzz_%: $(FUZZ_DIR)/fuzz/fuzz_%.o $(FUZZ_DIR)/libhandbook.a $(FUZZ_DIR)/libemu.a
	$(FUZZ_CC) $(FUZZ_LINK_FLAGS) $^ $(PKG_LIBS) -o $@

.PHONY: fuzz fuzz-build test-fuzz-corpus $(FUZZ_TARGETS:%=fuzz-%)
fuzz-build: $(FUZZ_BINS)

# One target for FUZZ_SECONDS: make fuzz-page, fuzz-scenario, fuzz-shell.
define fuzz_run_rule
fuzz-$(1): $(FUZZ_DIR)/fuzz_$(1)
	@mkdir -p $(FUZZ_DIR)/corpus/$(1) $(FUZZ_DIR)/crashes
	$(FUZZ_ENV) $(FUZZ_DIR)/fuzz_$(1) -max_total_time=$(FUZZ_SECONDS) \
	  -max_len=$(FUZZ_MAX_LEN_$(1)) -timeout=$(FUZZ_TIMEOUT) -rss_limit_mb=4096 \
	  -print_final_stats=1 -artifact_prefix=$(FUZZ_DIR)/crashes/$(1)- \
	  $(FUZZ_DIR)/corpus/$(1) fuzz/corpus/$(1)
endef
$(foreach t,$(FUZZ_TARGETS),$(eval $(call fuzz_run_rule,$(t))))

fuzz: $(FUZZ_BINS)
	@set -e; for t in $(FUZZ_TARGETS); do $(MAKE) --no-print-directory fuzz-$$t; done

# Every committed input, once, under the sanitizers: the seeds and every past crash.
test-fuzz-corpus: $(FUZZ_BINS)
	@set -e; for t in $(FUZZ_TARGETS); do \
	  n=$$(ls fuzz/corpus/$$t | wc -l); echo "fuzz_$$t: $$n inputs"; \
	  $(FUZZ_ENV) $(FUZZ_DIR)/fuzz_$$t -runs=0 -timeout=$(FUZZ_TIMEOUT) -rss_limit_mb=4096 \
	    fuzz/corpus/$$t 2> $(FUZZ_DIR)/$$t.log || { cat $(FUZZ_DIR)/$$t.log; exit 1; }; \
	  grep "^Done" $(FUZZ_DIR)/$$t.log; \
	done
TEST_TARGETS += test-fuzz-corpus
