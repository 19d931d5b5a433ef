# tests/emulator/tests.mk: the emulator's golden transcripts (run against the asan build of
# handbook) and its benchmark, bench-emu (time and memory of opening a lab and of each command).
# The unit tests tests/emulator/test_*.c are built and run by the Makefile's test-unit.

# transcripts/*.t are replayed by the WebAssembly build too (wasm/wasm.mk); transcripts/native/
# holds the inputs a JavaScript host cannot pass byte for byte (invalid UTF-8, NUL, 1 MiB lines).
EMU_TRANSCRIPTS := $(wildcard tests/emulator/transcripts/*.t tests/emulator/transcripts/native/*.t)
EMU_BENCH := $(BUILD)/release/bench/emu_bench

.PHONY: test-transcripts bless-transcripts test-emu-cli bench-emu
test-transcripts: $(HANDBOOK_ASAN)
	@tests/emulator/run_transcripts.sh $(HANDBOOK_ASAN) $(EMU_TRANSCRIPTS)
TEST_TARGETS += test-transcripts

# `handbook emu` as a command: exit statuses, scenario errors with line and column, --seed.
test-emu-cli: $(HANDBOOK_ASAN)
	@tests/emulator/test_cli.sh $(HANDBOOK_ASAN)
TEST_TARGETS += test-emu-cli

# Rewrites every golden transcript from the current output: read the diff before committing.
bless-transcripts: $(HANDBOOK_ASAN)
	@tests/emulator/run_transcripts.sh $(HANDBOOK_ASAN) --bless $(EMU_TRANSCRIPTS)

$(EMU_BENCH): $(BUILD)/release/bench/emu_bench.o $(BUILD)/release/libhandbook.a $(BUILD)/release/libemu.a
	$(CC) $(release_FLAGS) $^ $(PKG_LIBS) -o $@

# The corpus of bench-emu: every command line the golden transcripts and the labs type, run at 64
# nodes late in a long job's life (bench/late-64.txt); bench-emu exits 1 when one is over target.
EMU_BENCH_COMMANDS := $(BUILD)/bench/emu-commands.txt
EMU_BENCH_SOURCES := $(EMU_TRANSCRIPTS) $(wildcard content/labs/*.yaml) bench/scale-64-commands.txt
$(EMU_BENCH_COMMANDS): bench/emu_commands.py $(EMU_BENCH_SOURCES)
	@mkdir -p $(@D)
	@python3 bench/emu_commands.py $(EMU_BENCH_SOURCES) >$@

bench-emu: $(EMU_BENCH) $(EMU_BENCH_COMMANDS)
	$(EMU_BENCH) --commands $(EMU_BENCH_COMMANDS) --prologue bench/late-64.txt content 200 bench/scale-64.yaml
bench: bench-emu
