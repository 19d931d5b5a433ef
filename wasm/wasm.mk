# wasm.mk: the WebAssembly build of the emulator (emscripten 3.1.6 from Debian), its Node replay
# of the golden transcripts, and the wasm budget benchmark. Included by the top-level Makefile.
#
# Pipeline (every step incremental: make rebuilds only what changed):
#   1. libyaml's Debian source package (pinned version) is fetched with apt-get source through a
#      project-local sources list (wasm/sources.list) into build/wasm/src/; never committed.
#   2. libyaml and every emulator/*.c, plus wasm/emu_wasm.c, compile once each with emcc -Oz into
#      build/wasm/obj/ (the same objects serve both link variants).
#   3. Two links: build/wasm/web/ (ENVIRONMENT=web,worker: the module the site ships) and
#      build/wasm/node/ (ENVIRONMENT=node: the transcript replay in the tests).
#
# Targets: wasm (both variants), test-wasm-transcripts (in TEST_TARGETS), bench-wasm (in bench).

EMCC := emcc
# Debian's emcc needs acorn from the Debian nodejs tree.
EMCC_ENV := NODE_PATH=/usr/share/nodejs
WASM_DIR := $(BUILD)/wasm
WASM_OBJ := $(WASM_DIR)/obj

# libyaml from its Debian source package, pinned so that every machine compiles the same code.
LIBYAML_DEB_VERSION := 0.2.5-1
LIBYAML_DIR := $(WASM_DIR)/src/libyaml-0.2.5
LIBYAML_STAMP := $(WASM_DIR)/src/libyaml.stamp
LIBYAML_SRC_NAMES := api dumper emitter loader parser reader scanner writer
LIBYAML_OBJ := $(LIBYAML_SRC_NAMES:%=$(WASM_OBJ)/libyaml/%.o)
WASM_APT_OPTS = -o Dir::Etc::SourceList=$(CURDIR)/wasm/sources.list \
  -o Dir::Etc::SourceParts=/dev/null \
  -o Dir::State::Lists=$(CURDIR)/$(WASM_DIR)/apt/lists \
  -o Dir::Cache=$(CURDIR)/$(WASM_DIR)/apt/cache \
  -o Debug::NoLocking=1 -o APT::Sandbox::User=root -qq

$(LIBYAML_STAMP): wasm/sources.list | $(DEPS_STAMP)
	@mkdir -p $(WASM_DIR)/apt/lists/partial $(WASM_DIR)/apt/cache/archives/partial $(WASM_DIR)/src
	apt-get $(WASM_APT_OPTS) update
	cd $(WASM_DIR)/src && rm -rf libyaml-0.2.5 && apt-get $(WASM_APT_OPTS) source libyaml=$(LIBYAML_DEB_VERSION)
	test -f $(LIBYAML_DIR)/src/parser.c
	@printf '%s\n' '#define YAML_VERSION_MAJOR 0' '#define YAML_VERSION_MINOR 2' \
	  '#define YAML_VERSION_PATCH 5' '#define YAML_VERSION_STRING "0.2.5"' > $(LIBYAML_DIR)/src/config.h
	touch $@

WASM_CFLAGS := -Oz -DYAML_DECLARE_STATIC
# The sources appear when the stamp is made, so the objects depend on the stamp alone.
$(LIBYAML_OBJ): $(WASM_OBJ)/libyaml/%.o: $(LIBYAML_STAMP)
	@mkdir -p $(@D)
	$(EMCC_ENV) $(EMCC) $(WASM_CFLAGS) -w -DHAVE_CONFIG_H -I$(LIBYAML_DIR)/include -I$(LIBYAML_DIR)/src \
	  -c $(LIBYAML_DIR)/src/$*.c -o $@

# The emulator and the entry, with the project's warnings.
WASM_C_SRC := $(EMU_SRC) wasm/emu_wasm.c wasm/emu_wasm_time.c
WASM_C_OBJ := $(WASM_C_SRC:%.c=$(WASM_OBJ)/%.o)
$(WASM_OBJ)/%.o: %.c | $(LIBYAML_STAMP)
	@mkdir -p $(@D)
	$(EMCC_ENV) $(EMCC) $(WARN) $(WASM_CFLAGS) -Iemulator -I$(LIBYAML_DIR)/include -MMD -MP -c $< -o $@
-include $(WASM_C_OBJ:.o=.d)

WASM_EXPORTS := _malloc,_free,_emw_error,_emw_catalog_add,_emw_open,_emw_greeting,_emw_prompt
WASM_EXPORTS := $(WASM_EXPORTS),_emw_execute,_emw_result_len,_emw_result_flags,_emw_complete,_emw_close,_emw_lab,_emw_catalog_reset
# No filesystem, no eval (works under a strict Content-Security-Policy), emmalloc for size, memory
# that grows (a 1 MB input line must not abort the module). For size: no setjmp/longjmp and no
# errno in the glue (the emulator uses neither), TextDecoder assumed (every browser since 2017),
# and only the Module options the hosts pass. (-flto, -Oz --converge and the post-MVP features
# bulk-memory/nontrapping-fptoint were measured: none shrinks the gzipped module by 1 KB.)
WASM_LDFLAGS := -Oz -sMODULARIZE=1 -sEXPORT_NAME=createHandbookEmu -sFILESYSTEM=0 \
  -sALLOW_MEMORY_GROWTH=1 -sMALLOC=emmalloc -sDYNAMIC_EXECUTION=0 \
  -sSUPPORT_LONGJMP=0 -sSUPPORT_ERRNO=0 -sTEXTDECODER=2 \
  -sINCOMING_MODULE_JS_API=[instantiateWasm,wasmBinary,print,printErr] \
  -sEXPORTED_FUNCTIONS=$(WASM_EXPORTS)

WASM_WEB_JS := $(WASM_DIR)/web/emu.js
WASM_NODE_JS := $(WASM_DIR)/node/emu.js
$(WASM_WEB_JS): $(WASM_C_OBJ) $(LIBYAML_OBJ) wasm/wasm.mk
	@mkdir -p $(@D)
	$(EMCC_ENV) $(EMCC) $(WASM_LDFLAGS) -sENVIRONMENT=web,worker $(WASM_C_OBJ) $(LIBYAML_OBJ) -o $@
$(WASM_NODE_JS): $(WASM_C_OBJ) $(LIBYAML_OBJ) wasm/wasm.mk
	@mkdir -p $(@D)
	$(EMCC_ENV) $(EMCC) $(WASM_LDFLAGS) -sENVIRONMENT=node $(WASM_C_OBJ) $(LIBYAML_OBJ) -o $@

# The page-side console beside the module, so the site build copies one folder (lab_assets.c).
WASM_WEB_ASSETS := $(WASM_WEB_JS) $(WASM_DIR)/web/console.js $(WASM_DIR)/web/console.css
$(WASM_DIR)/web/console.%: wasm/console.%
	@mkdir -p $(@D)
	cp $< $@

.PHONY: wasm wasm-libyaml
wasm: $(WASM_WEB_ASSETS) $(WASM_NODE_JS)
wasm-libyaml: $(LIBYAML_STAMP)

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
test-wasm-transcripts: $(WASM_NODE_JS) $(WASM_NATIVE)
	node wasm/replay.js --module $(WASM_NODE_JS) $(if $(WASM_NATIVE),--native $(WASM_NATIVE)) \
	  $(WASM_TRANSCRIPTS)
ifneq ($(WASM_TRANSCRIPTS),)
TEST_TARGETS += test-wasm-transcripts
endif

# ---- bench-wasm (part of `make bench`): sizes, Start to greeting, Enter to output ----------
# A third link keeps function names (--profiling-funcs) to attribute code bytes to libyaml.
WASM_PROF_JS := $(WASM_DIR)/prof/emu.js
$(WASM_PROF_JS): $(WASM_C_OBJ) $(LIBYAML_OBJ) wasm/wasm.mk
	@mkdir -p $(@D)
	$(EMCC_ENV) $(EMCC) $(WASM_LDFLAGS) --profiling-funcs -sENVIRONMENT=web $(WASM_C_OBJ) $(LIBYAML_OBJ) -o $@
.PHONY: bench-wasm
bench-wasm: $(HANDBOOK) wasm $(WASM_PROF_JS)
	rm -rf $(BUILD)/bench-wasm/site
	$(HANDBOOK) build --out $(BUILD)/bench-wasm/site
	node_modules/.bin/pagefind --site $(BUILD)/bench-wasm/site >/dev/null
	@# A missed budget (exit 1) is reported, not fatal, so the rest of `make bench` still runs.
	node wasm/bench_wasm.js $(WASM_DIR)/web $(WASM_DIR)/prof/emu.wasm $(BUILD)/bench-wasm/site || test $$? -eq 1
bench: bench-wasm
