# bench/bench.mk: `make bench` (not part of `make test`): full builds of five shapes of a
# 10,000-page site against Hugo and the cmark-gfm floor (and the default build with its Pagefind
# index against --no-search), the rebuild time under `handbook serve` on each shape, and wrk
# against the dev server. Results are printed and written to build/bench/results.md.
# BENCH_DIR=DIR moves the work folder; BENCH_RUNS=N the paired runs per tool (3); BENCH_PAGES the
# site's size (10000); BENCH_SHAPES=100x100,10x1000,flat,hugo,deep the shapes; BENCH_TOOLS=
# search,hugo,floor,pandoc the peers (Pandoc only when named: half an hour at 10,000 pages).

BENCH_FLOOR := $(BUILD)/release/bench/cmark_floor
BENCH_RESULTS := $(BUILD)/bench/results.md
BENCH_PAGES ?= 10000

$(BENCH_FLOOR): bench/cmark_floor.c | $(BENCH_DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(WARN) $(release_FLAGS) $(PKG_CFLAGS) $< $(PKG_LIBS) -o $@

.PHONY: bench bench-build bench-rebuild bench-wrk bench-clean
bench: bench-build bench-rebuild bench-wrk
	@echo "bench: results in $(BENCH_RESULTS)"
	@if [ -e $(BUILD)/bench/wasm-budget-missed ]; then \
	  echo "bench: FAILED: a WebAssembly budget is missed (bench-wasm's table above)"; exit 1; fi

bench-build: $(HANDBOOK) $(BENCH_FLOOR) | $(BENCH_DEPS_STAMP)
	@mkdir -p $(dir $(BENCH_RESULTS))
	python3 bench/bench.py build --handbook $(HANDBOOK) --floor $(BENCH_FLOOR) \
	  --pages $(BENCH_PAGES) --out $(BENCH_RESULTS)

bench-rebuild: $(HANDBOOK) | $(BENCH_DEPS_STAMP)
	@mkdir -p $(dir $(BENCH_RESULTS))
	python3 bench/bench.py rebuild --handbook $(HANDBOOK) --pages $(BENCH_PAGES) --out $(BENCH_RESULTS)

bench-wrk: $(HANDBOOK) | $(BENCH_DEPS_STAMP)
	@mkdir -p $(dir $(BENCH_RESULTS))
	python3 bench/bench.py wrk --handbook $(HANDBOOK) --out $(BENCH_RESULTS)

# The corpora and outputs live on tmpfs (/dev/shm/hb-bench-CHECKOUT); this frees that memory.
bench-clean:
	rm -rf /dev/shm/hb-bench-$(notdir $(CURDIR))
