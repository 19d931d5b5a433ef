# tests/browser/tests.mk: the labs in headless Chromium (issue 4). Builds the site with the
# release handbook into build/browser/site (the module from `make wasm` copied in), then runs
# tests/browser/labs.test.js against it with Debian's chromium and playwright-core. The build
# makes Pagefind's index as for the real site (the search box loads its script).

BROWSER_SITE := $(BUILD)/browser/site
.PHONY: test-browser
test-browser: $(HANDBOOK) wasm | $(DEPS_STAMP)
	rm -rf $(BROWSER_SITE)
	$(HANDBOOK) build --out $(BROWSER_SITE)
	node tests/browser/labs.test.js $(BROWSER_SITE)
ifneq ($(wildcard emulator/session.c),)
TEST_TARGETS += test-browser
endif
