# Makefile: the one entry point. `make` builds the site, `make serve` builds and serves it,
# `make test` runs every test, `make bench` the benchmarks, `make fuzz` the fuzzers,
# `make deps` installs what is missing (all of it), `make clean` removes what the build made.
# Each entry point installs only what it needs (scripts/deps.sh groups): `make` and `make serve`
# the build group, `make test` the test group too, `make bench` the bench group as well.
#
# Layout: every C file under generator/ (but main.c) goes into build/VARIANT/libhandbook.a,
# every C file under emulator/ (and its folders) into build/VARIANT/libemu.a; the `handbook` binary links both.
# VARIANT is `release` (-O2) or `asan` (ASan + UBSan, used by the tests).
# Each area adds its own test and build targets in an included file (see the -include below)
# and appends its test targets to TEST_TARGETS.

.DEFAULT_GOAL := site
.DELETE_ON_ERROR:
SHELL := /bin/bash

BUILD := build
DEPS_STAMP := $(BUILD)/deps.stamp
TEST_DEPS_STAMP := $(BUILD)/deps-test.stamp
BENCH_DEPS_STAMP := $(BUILD)/deps-bench.stamp
CC := cc
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

PKGS := libcmark-gfm yaml-0.1 lua5.4 libmicrohttpd libgvc
# Evaluated when a recipe runs, so that `make deps` can install pkg-config first.
PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS))
# Graphviz's dot layout and core (SVG) plugins are linked in directly (generator/transform_dot.c).
GV_PLUGIN_DIR = $(shell pkg-config --variable=libdir libgvc)/graphviz
PKG_LIBS = $(shell pkg-config --libs $(PKGS)) -lcmark-gfm-extensions -lpthread -lm \
  -L$(GV_PLUGIN_DIR) -Wl,-rpath,$(GV_PLUGIN_DIR) -lgvplugin_dot_layout -lgvplugin_core

WARN := -std=c11 -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE
INCLUDES := -Igenerator -Iemulator
release_FLAGS := -O2 -g
asan_FLAGS := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
VARIANTS := release asan

# scenario_json.c (lab scenarios as JSON for the WebAssembly module) is the generator's too.
GEN_SRC := $(filter-out generator/main.c,$(wildcard generator/*.c)) wasm/scenario_json.c
EMU_SRC := $(wildcard emulator/*.c emulator/*/*.c)
UNIT_TEST_SRC := $(wildcard tests/generator/test_*.c tests/emulator/test_*.c)

HANDBOOK := $(BUILD)/release/handbook
HANDBOOK_ASAN := $(BUILD)/asan/handbook
TEST_TARGETS :=

# ---- dependencies ---------------------------------------------------------------------------
# $(DEPS_STAMP): what building and serving need; $(TEST_DEPS_STAMP) adds the test tools,
# $(BENCH_DEPS_STAMP) the benchmark peers (bench-wasm runs in Chromium: the test tools too).
.PHONY: deps
deps: $(DEPS_STAMP) $(TEST_DEPS_STAMP) $(BENCH_DEPS_STAMP)
$(DEPS_STAMP): scripts/deps.sh package.json package-lock.json
	scripts/deps.sh $@ build
$(TEST_DEPS_STAMP): scripts/deps.sh package.json package-lock.json
	scripts/deps.sh $@ build test
$(BENCH_DEPS_STAMP): scripts/deps.sh package.json package-lock.json
	scripts/deps.sh $@ build test bench

# ---- C build, once per variant --------------------------------------------------------------
define variant_rules
$(BUILD)/$(1)/%.o: %.c | $(DEPS_STAMP)
	@mkdir -p $$(@D)
	$$(CC) $$(WARN) $$($(1)_FLAGS) $$(PKG_CFLAGS) $$(INCLUDES) -MMD -MP -c $$< -o $$@
$(BUILD)/$(1)/libhandbook.a: $(GEN_SRC:%.c=$(BUILD)/$(1)/%.o)
	@rm -f $$@
	ar rcs $$@ $$^
$(BUILD)/$(1)/libemu.a: $(EMU_SRC:%.c=$(BUILD)/$(1)/%.o)
	@rm -f $$@
	ar rcs $$@ $$^
$(BUILD)/$(1)/handbook: $(BUILD)/$(1)/generator/main.o $(BUILD)/$(1)/libhandbook.a $(BUILD)/$(1)/libemu.a
	$$(CC) $$($(1)_FLAGS) $$^ $$(PKG_LIBS) -o $$@
$(BUILD)/$(1)/tests/%: $(BUILD)/$(1)/tests/%.o $(BUILD)/$(1)/libhandbook.a $(BUILD)/$(1)/libemu.a | $(TEST_DEPS_STAMP)
	$$(CC) $$($(1)_FLAGS) $$^ $$(PKG_LIBS) -lcmocka -o $$@
endef
$(foreach v,$(VARIANTS),$(eval $(call variant_rules,$(v))))

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

# ---- the site ---------------------------------------------------------------------------------
.PHONY: site serve check
site: $(HANDBOOK) $(SITE_EXTRA_PREREQS)
	$(HANDBOOK) build
check: $(HANDBOOK)
	$(HANDBOOK) check
# SERVE_ARGS: options for handbook serve, e.g. make serve SERVE_ARGS="--port 8080".
serve: site
	$(HANDBOOK) serve $(SERVE_ARGS)

# ---- tests ------------------------------------------------------------------------------------
UNIT_TESTS := $(UNIT_TEST_SRC:%.c=$(BUILD)/asan/%)
.PHONY: test test-unit
test-unit: $(UNIT_TESTS)
	@set -e; for t in $(UNIT_TESTS); do echo "== $$t"; $$t; done
TEST_TARGETS += test-unit

# Each area's own targets (test suites, wasm, bench, fuzz).
-include tests/*/tests.mk wasm/wasm.mk bench/bench.mk fuzz/fuzz.mk

test: $(TEST_DEPS_STAMP)
	@$(MAKE) --no-print-directory -j$(JOBS) $(HANDBOOK) $(HANDBOOK_ASAN)
	@failed=0; for t in $(TEST_TARGETS); do \
	  echo "==== $$t"; \
	  if $(MAKE) --no-print-directory $$t; then passed=$$((passed+1)); else failed=$$((failed+1)); echo "FAILED: $$t"; fi; \
	done; echo "suites: $${passed:-0} passed, $$failed failed"; test $$failed -eq 0

.PHONY: clean
clean:
	rm -rf $(BUILD) site site.tmp*
