# wasm.mk: the WebAssembly build of the emulator (emscripten 3.1.6 from Debian), its Node replay
# of the golden transcripts, and the wasm budget benchmark. Included by the top-level Makefile.
#
# Pipeline (every step incremental: make rebuilds only what changed):
#   1. every C file of emulator/ but its native document adapter (emulator/model/doc_yaml.c,
#      libyaml), plus wasm/emu_wasm.c, wasm/emu_wasm_cost.c, wasm/core_stub.c,
#      wasm/emu_wasm_time.c and wasm/doc_json.c (the JSON adapter in its place), compiles once
#      with emcc -Oz into build/wasm/obj/ (the same objects serve every link). The modules do
#      not link libyaml: the site hands them each scenario as JSON (labs.json, written natively
#      by wasm/scenario_json.c).
#   2. The core's tool table: build/wasm/core_table (native, linked with the emulator) writes
#      build/wasm/core/core_tools.c from emulator/tools/tools.c's table and its core_tools list;
#      it and shell_builtins.c (without awk) compile into build/wasm/core/.
#   3. Three modules (wasm/README.md, "Two modules"): the CORE a lab page fetches on Start
#      (web/emu.*), the FULL one fetched at the first line that needs it (web/emu-full.*) and the
#      cost guide's calculator (web/emu-cost.*), ENVIRONMENT=web,worker; the full and core
#      modules again for Node (node/emu.js, node/emu-core.js: the transcript replays in the
#      tests); prof/ the core and full links with function names (test-wasm-size, bench-wasm).
#   4. build/wasm/scenario_json, native: a scenario's JSON form for the Node replay, from the
#      same converter the site build uses.
#
# Targets: wasm (every module), test-wasm-transcripts and test-wasm-size (in TEST_TARGETS),
# bench-wasm (in bench).

EMCC := emcc
# Debian's emcc needs acorn from the Debian nodejs tree.
EMCC_ENV := NODE_PATH=/usr/share/nodejs
WASM_DIR := $(BUILD)/wasm
WASM_OBJ := $(WASM_DIR)/obj

WASM_CFLAGS := -Oz

# The emulator with the JSON document adapter, and the entry, with the project's warnings.
WASM_EMU_SRC := $(filter-out emulator/model/doc_yaml.c,$(EMU_SRC)) wasm/emu_wasm_time.c \
  wasm/doc_json.c
WASM_C_SRC := $(WASM_EMU_SRC) wasm/emu_wasm.c wasm/emu_wasm_cost.c wasm/core_stub.c
WASM_C_OBJ := $(WASM_C_SRC:%.c=$(WASM_OBJ)/%.o)
$(WASM_OBJ)/%.o: %.c | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(EMCC_ENV) $(EMCC) $(WARN) $(WASM_CFLAGS) -Iemulator -MMD -MP -c $< -o $@
-include $(WASM_C_OBJ:.o=.d)

# The three links (wasm/README.md, "Two modules"):
#   FULL: every tool (the module the site built before the split; the core fetches it the
#     first time a line runs a tool the core does not hold, and the transcripts run on it). No
#     cost calculator either: no page calls it there (the cost guide loads COST).
#   CORE: what a lab page fetches on Start. The tool table is written from tools.c's own by
#     the native wasm/core_table (emu_tools_in_core: the list in tools.c): the tools it does
#     not name keep their descriptor's text but run core_stub.c, so the linker drops their
#     code; the shell's awk, which no lab's solution uses, likewise (its object is compiled
#     again with sh_cmd_awk standing for the stub), and lfs migrate (lfs_files.c compiled again
#     with emu_lfs_migrate standing for it; lfs_migrate.o left out). No cost calculator.
#   COST: the cost guide's calculator alone (emw_cost), for that page.
WASM_FULL_OBJ := $(filter-out $(WASM_OBJ)/wasm/core_stub.o $(WASM_OBJ)/wasm/emu_wasm_cost.o,$(WASM_C_OBJ))
WASM_CORE_TOOLS_C := $(WASM_DIR)/core/core_tools.c
# The sources the core compiles again with EMU_CORE_MODULE (into build/wasm/core/): the scenario
# reader without its messages' texts (the core is handed only scenarios the native build checked;
# an error there asks for the full module, which names it: scenario.c), and the files of the
# core's tools and the shell's builtins without their help texts (EMU_HELP, command.h: `help
# NAME` moves to the full module); shell_builtins.c also without awk (no lab's solution uses it)
# and ls -l's long listing (ls_long.c is left out of the core),
# lfs_files.c without lfs migrate (lfs_migrate.o is left out of the core), train_log.c without
# /proc and /sys (procfs.c, sysfs.c and ip.c's /proc/net/bonding, full-only: the core asks for
# the full module there, full_only.h) and modprobe.c without name=value arguments (modinfo.c's,
# full-only).
WASM_CORE_VARIANT_SRC := emulator/model/scenario.c emulator/shell/shell.c emulator/shell/shell_builtins.c \
  emulator/shell/shell_filters.c \
  emulator/labs/labs.c emulator/tools/clock.c emulator/tools/dmesg.c emulator/tools/infiniband.c \
  emulator/tools/ipmitool.c emulator/tools/lsmod.c emulator/tools/modprobe.c \
  emulator/tools/nccl_tests.c emulator/tools/nvidia_smi.c emulator/tools/nvidia_smi_topo.c \
  emulator/tools/ping.c \
  emulator/tools/slurm.c emulator/tools/storage_tools.c emulator/tools/uptime.c \
  emulator/tools/lfs_files.c emulator/tools/train_log.c
WASM_CORE_VARIANT_OBJ := $(WASM_CORE_VARIANT_SRC:%.c=$(WASM_DIR)/core/%.o)
WASM_CORE_OBJ := $(filter-out $(WASM_OBJ)/emulator/tools/tools.o $(WASM_OBJ)/wasm/emu_wasm_cost.o \
  $(WASM_CORE_VARIANT_SRC:%.c=$(WASM_OBJ)/%.o) $(WASM_OBJ)/emulator/tools/lfs_migrate.o,$(WASM_C_OBJ)) \
  $(WASM_DIR)/core/core_tools.o $(WASM_CORE_VARIANT_OBJ)
WASM_COST_OBJ := $(WASM_EMU_SRC:%.c=$(WASM_OBJ)/%.o) $(WASM_OBJ)/wasm/emu_wasm_cost.o
# The table's descriptors in its order, as core_table.c takes them.
WASM_TOOL_SYMBOLS = $(shell grep -o '&emu_cmd_[a-z0-9_]*' emulator/tools/tools.c | tr -d '&')
WASM_CORE_TABLE := $(WASM_DIR)/core_table
$(WASM_CORE_TABLE): wasm/core_table.c $(BUILD)/release/libemu.a | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(WARN) -O2 -Iemulator wasm/core_table.c $(BUILD)/release/libemu.a -lyaml -lm -o $@
$(WASM_CORE_TOOLS_C): $(WASM_CORE_TABLE) emulator/tools/tools.c
	@mkdir -p $(@D)
	$(WASM_CORE_TABLE) $(WASM_TOOL_SYMBOLS) > $@.tmp && mv $@.tmp $@
$(WASM_DIR)/core/core_tools.o: $(WASM_CORE_TOOLS_C) | $(DEPS_STAMP)
	$(EMCC_ENV) $(EMCC) $(WARN) $(WASM_CFLAGS) -Iemulator -MMD -MP -c $< -o $@
$(WASM_DIR)/core/emulator/shell/shell_builtins.o: WASM_CORE_DEFS := -Dsh_cmd_awk=emw_core_wants_full \
  -Demu_ls_long=emw_core_wants_full
$(WASM_DIR)/core/emulator/tools/lfs_files.o: WASM_CORE_DEFS := -Demu_lfs_migrate=emw_core_wants_full
$(WASM_DIR)/core/emulator/tools/modprobe.o: WASM_CORE_DEFS := -Demu_modprobe_params=emw_core_wants_full
$(WASM_CORE_VARIANT_OBJ): $(WASM_DIR)/core/%.o: %.c wasm/wasm.mk | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(EMCC_ENV) $(EMCC) $(WARN) $(WASM_CFLAGS) -DEMU_CORE_MODULE $(WASM_CORE_DEFS) -Iemulator -MMD -MP \
	  -c $< -o $@
-include $(WASM_DIR)/core/core_tools.d $(WASM_CORE_VARIANT_OBJ:.o=.d)

WASM_EXPORTS := _malloc,_free,_emw_error,_emw_catalog_add,_emw_open,_emw_greeting,_emw_prompt
WASM_EXPORTS := $(WASM_EXPORTS),_emw_execute,_emw_result_len,_emw_result_flags,_emw_complete,_emw_close,_emw_lab,_emw_lab_info,_emw_catalog_reset
WASM_EXPORTS := $(WASM_EXPORTS),_emw_open_ex,_emw_panel,_emw_set_columns,_emw_needs_full
WASM_FULL_EXPORTS := $(WASM_EXPORTS)
WASM_COST_EXPORTS := _malloc,_free,_emw_cost,_emw_cost_error
# No filesystem, no eval (works under a strict Content-Security-Policy), emmalloc for size, memory
# that grows (a 1 MB input line must not abort the module). For size: no setjmp/longjmp and no
# errno in the glue (the emulator uses neither), TextDecoder assumed (every browser since 2017),
# and only the Module options the hosts pass. (-flto, -Oz --converge and the post-MVP features
# bulk-memory/nontrapping-fptoint were measured: none shrinks the gzipped module by 1 KB.)
WASM_LDFLAGS := -Oz -sMODULARIZE=1 -sEXPORT_NAME=createHandbookEmu -sFILESYSTEM=0 \
  -sALLOW_MEMORY_GROWTH=1 -sMALLOC=emmalloc -sDYNAMIC_EXECUTION=0 \
  -sSUPPORT_LONGJMP=0 -sSUPPORT_ERRNO=0 -sTEXTDECODER=2 \
  -sINCOMING_MODULE_JS_API=[instantiateWasm,wasmBinary,print,printErr]
WASM_CORE_LDFLAGS := $(WASM_LDFLAGS) -sEXPORTED_FUNCTIONS=$(WASM_EXPORTS)
WASM_FULL_LDFLAGS := $(WASM_LDFLAGS) -sEXPORTED_FUNCTIONS=$(WASM_FULL_EXPORTS) \
  -sEXPORT_NAME=createHandbookEmuFull
WASM_COST_LDFLAGS := $(WASM_LDFLAGS) -sEXPORTED_FUNCTIONS=$(WASM_COST_EXPORTS) \
  -sEXPORT_NAME=createHandbookEmuCost

# web/: what the site ships (emu.* the core, emu-full.*, emu-cost.*); node/: the same for the
# tests (emu.js the full module, emu-core.js the core).
WASM_WEB_JS := $(WASM_DIR)/web/emu.js
WASM_WEB_FULL_JS := $(WASM_DIR)/web/emu-full.js
WASM_WEB_COST_JS := $(WASM_DIR)/web/emu-cost.js
WASM_NODE_JS := $(WASM_DIR)/node/emu.js
WASM_NODE_CORE_JS := $(WASM_DIR)/node/emu-core.js
$(WASM_WEB_JS): $(WASM_CORE_OBJ) wasm/wasm.mk
	@mkdir -p $(@D)
	$(EMCC_ENV) $(EMCC) $(WASM_CORE_LDFLAGS) -sENVIRONMENT=web,worker $(WASM_CORE_OBJ) -o $@
$(WASM_WEB_FULL_JS): $(WASM_FULL_OBJ) wasm/wasm.mk
	@mkdir -p $(@D)
	$(EMCC_ENV) $(EMCC) $(WASM_FULL_LDFLAGS) -sENVIRONMENT=web,worker $(WASM_FULL_OBJ) -o $@
$(WASM_WEB_COST_JS): $(WASM_COST_OBJ) wasm/wasm.mk
	@mkdir -p $(@D)
	$(EMCC_ENV) $(EMCC) $(WASM_COST_LDFLAGS) -sENVIRONMENT=web,worker $(WASM_COST_OBJ) -o $@
$(WASM_NODE_JS): $(WASM_FULL_OBJ) wasm/wasm.mk
	@mkdir -p $(@D)
	$(EMCC_ENV) $(EMCC) $(WASM_FULL_LDFLAGS) -sENVIRONMENT=node $(WASM_FULL_OBJ) -o $@
$(WASM_NODE_CORE_JS): $(WASM_CORE_OBJ) wasm/wasm.mk
	@mkdir -p $(@D)
	$(EMCC_ENV) $(EMCC) $(WASM_CORE_LDFLAGS) -sENVIRONMENT=node $(WASM_CORE_OBJ) -o $@

# The page-side console beside the module, so the site build copies one folder (lab_assets.c).
# worker.js runs the core off the page's main thread (it loads console.js for EmuHost).
WASM_WEB_ASSETS := $(WASM_WEB_JS) $(WASM_WEB_FULL_JS) $(WASM_WEB_COST_JS) $(WASM_DIR)/web/console.js $(WASM_DIR)/web/console.css \
  $(WASM_DIR)/web/worker.js
$(WASM_DIR)/web/console.%: wasm/console.%
	@mkdir -p $(@D)
	cp $< $@
$(WASM_DIR)/web/worker.js: wasm/worker.js
	@mkdir -p $(@D)
	cp $< $@

# The native converter for the replay (the site build links the same scenario_json.c), linked
# with the native emulator for its document adapter.
WASM_SCENARIO_JSON := $(WASM_DIR)/scenario_json
$(WASM_SCENARIO_JSON): wasm/scenario_json_main.c wasm/scenario_json.c wasm/scenario_json.h \
  $(BUILD)/release/libemu.a | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(WARN) -O2 -Iemulator wasm/scenario_json_main.c wasm/scenario_json.c \
	  $(BUILD)/release/libemu.a -lyaml -lm -o $@

.PHONY: wasm
wasm: $(WASM_WEB_ASSETS) $(WASM_NODE_JS) $(WASM_NODE_CORE_JS) $(WASM_SCENARIO_JSON)

# The site ships the web variant (copied into site/emu/ by the build, see transform_lab.c), once
# the emulator core exists.
ifneq ($(wildcard emulator/session.c),)
site: $(WASM_WEB_ASSETS)
endif

# ---- tests: the golden transcripts through the Node build, byte-identical to the file and to
# the native CLI -------------------------------------------------------------------------------
WASM_TRANSCRIPTS := $(wildcard tests/emulator/transcripts/*.t)
.PHONY: test-wasm-transcripts
# The native comparison needs the handbook binary (its main.c comes with the generator).
WASM_NATIVE := $(if $(wildcard generator/main.c),$(HANDBOOK))
# Then the same transcripts again from the core module, moving to the full one at their first
# line that needs it, as the page's worker does (--core), and the labs' worked solutions on the
# core alone (test_core.js).
test-wasm-transcripts: $(WASM_NODE_JS) $(WASM_NODE_CORE_JS) $(WASM_SCENARIO_JSON) $(WASM_NATIVE)
	node wasm/test_doc_json.js --module $(WASM_NODE_JS) --scenario-json $(WASM_SCENARIO_JSON)
	node wasm/replay.js --module $(WASM_NODE_JS) --scenario-json $(WASM_SCENARIO_JSON) $(if $(WASM_NATIVE),--native $(WASM_NATIVE)) \
	  $(WASM_TRANSCRIPTS)
	node wasm/replay.js --module $(WASM_NODE_JS) --core $(WASM_NODE_CORE_JS) --scenario-json $(WASM_SCENARIO_JSON) \
	  $(WASM_TRANSCRIPTS)
	node wasm/test_core.js --core $(WASM_NODE_CORE_JS) --module $(WASM_NODE_JS) --scenario-json $(WASM_SCENARIO_JSON) \
	  content/labs/*.yaml
ifneq ($(WASM_TRANSCRIPTS),)
TEST_TARGETS += test-wasm-transcripts
endif

# ---- test-wasm-size: the modules may not grow past their ceilings, nor link libc routines the
# emulator replaced for size (wasm/check_size.js; the 150 KB budget of the core itself is
# bench-wasm's, and fails `make bench`). The ceilings (bench/RESULTS.md, "Session 10's merged
# tree m9"): the core's stays at 192,000 B (size9's 190,499 B plus about 1,500 B; m9 reads 188,732 B
# after size10 moved /proc and /sys out, room for time11's ~1.5 KB); the full module's is m9's
# 293,100 B plus 1,500 B: host10's modinfo, /proc/net/bonding and module parameters (+3,413 B) and
# the model growth of fab9, pow9, save10 and tests11. Lower them when a module shrinks. A new tool
# lands in the full module (core_tools, tools.c); a branch no lab reaches, too (full_only.h).
WASM_CORE_CEILING_BYTES := 192000
WASM_FULL_CEILING_BYTES := 294600
.PHONY: test-wasm-size
test-wasm-size: $(WASM_WEB_JS) $(WASM_WEB_FULL_JS) $(WASM_DIR)/prof/emu.js $(WASM_DIR)/prof/emu-full.js
	node wasm/check_size.js $(WASM_DIR)/web $(WASM_DIR)/prof $(WASM_CORE_CEILING_BYTES) \
	  $(WASM_FULL_CEILING_BYTES)
ifneq ($(WASM_TRANSCRIPTS),)
TEST_TARGETS += test-wasm-size
endif

# ---- bench-wasm (part of `make bench`): sizes, Start to greeting, Enter to output ----------
# The core and full links again with function names (--profiling-funcs), to attribute code bytes
# (the JSON document adapter's share) and to find relinked libc routines (test-wasm-size).
WASM_PROF_JS := $(WASM_DIR)/prof/emu.js
$(WASM_PROF_JS): $(WASM_CORE_OBJ) wasm/wasm.mk
	@mkdir -p $(@D)
	$(EMCC_ENV) $(EMCC) $(WASM_CORE_LDFLAGS) --profiling-funcs -sENVIRONMENT=web $(WASM_CORE_OBJ) -o $@
WASM_PROF_FULL_JS := $(WASM_DIR)/prof/emu-full.js
$(WASM_PROF_FULL_JS): $(WASM_FULL_OBJ) wasm/wasm.mk
	@mkdir -p $(@D)
	$(EMCC_ENV) $(EMCC) $(WASM_FULL_LDFLAGS) --profiling-funcs -sENVIRONMENT=web $(WASM_FULL_OBJ) -o $@
.PHONY: bench-wasm
bench-wasm: $(HANDBOOK) wasm $(WASM_PROF_JS) $(WASM_PROF_FULL_JS) | $(BENCH_DEPS_STAMP)
	rm -rf $(BUILD)/bench-wasm/site
	$(HANDBOOK) build --out $(BUILD)/bench-wasm/site
	node_modules/.bin/pagefind --site $(BUILD)/bench-wasm/site >/dev/null
	@# A missed budget (exit 1) lets the rest of `make bench` run, then fails it at the end
	@# (bench/bench.mk reads the mark).
	@mkdir -p $(BUILD)/bench && rm -f $(BUILD)/bench/wasm-budget-missed
	node wasm/bench_wasm.js $(WASM_DIR)/web $(WASM_DIR)/prof/emu.wasm $(BUILD)/bench-wasm/site || \
	  { test $$? -eq 1 && touch $(BUILD)/bench/wasm-budget-missed; }
bench: bench-wasm
