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

bench-emu: $(EMU_BENCH)
	$(EMU_BENCH) content 200 bench/scale-64.yaml
bench: bench-emu
