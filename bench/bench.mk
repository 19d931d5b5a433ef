# bench/bench.mk: `make bench` (not part of `make test`): full builds against Hugo, Pandoc and the
# cmark-gfm floor at 1,000 and 10,000 pages, the rebuild time under `handbook serve`, and wrk
# against the dev server. Results are printed and written to build/bench/results.md.
# BENCH_DIR=DIR moves the work folder; BENCH_RUNS=N changes the number of runs per tool (median of 5 by default); BENCH_SIZES the
# page counts; BENCH_PANDOC_FULL=1 runs Pandoc on every page at 10,000 (about half an hour here).

BENCH_FLOOR := $(BUILD)/release/bench/cmark_floor
BENCH_RESULTS := $(BUILD)/bench/results.md
BENCH_SIZES ?= 1000,10000

$(BENCH_FLOOR): bench/cmark_floor.c | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(WARN) $(release_FLAGS) $(PKG_CFLAGS) $< $(PKG_LIBS) -o $@

.PHONY: bench bench-build bench-rebuild bench-wrk bench-clean
bench: bench-build bench-rebuild bench-wrk
	@echo "bench: results in $(BENCH_RESULTS)"

bench-build: $(HANDBOOK) $(BENCH_FLOOR)
	@mkdir -p $(dir $(BENCH_RESULTS))
	python3 bench/bench.py build --handbook $(HANDBOOK) --floor $(BENCH_FLOOR) \
	  --sizes $(BENCH_SIZES) --out $(BENCH_RESULTS)

bench-rebuild: $(HANDBOOK)
	@mkdir -p $(dir $(BENCH_RESULTS))
	python3 bench/bench.py rebuild --handbook $(HANDBOOK) --pages 10000 --out $(BENCH_RESULTS)

bench-wrk: $(HANDBOOK)
	@mkdir -p $(dir $(BENCH_RESULTS))
	python3 bench/bench.py wrk --handbook $(HANDBOOK) --out $(BENCH_RESULTS)

# The corpora and outputs live on tmpfs (/dev/shm/hb-bench-CHECKOUT); this frees that memory.
bench-clean:
	rm -rf /dev/shm/hb-bench-$(notdir $(CURDIR))
