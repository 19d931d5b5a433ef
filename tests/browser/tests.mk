# tests/browser/tests.mk: the labs in headless Chromium (issue 4). Builds the site with the
# release handbook into build/browser/site (the module from `make wasm` copied in), then runs
# tests/browser/labs.test.js against it with Debian's chromium and playwright-core. The build
# makes Pagefind's index as for the real site (the search box loads its script).

# tests/browser/nav.test.js then checks the navigation tree on that site and on a corpus of
# one 300-page folder (bench/corpus.py), and what Pagefind indexes on tests/browser/search.

BROWSER_SITE := $(BUILD)/browser/site
BROWSER_LARGE := $(BUILD)/browser/large
BROWSER_SEARCH := $(BUILD)/browser/search
.PHONY: test-browser
test-browser: $(HANDBOOK) wasm | $(TEST_DEPS_STAMP)
	rm -rf $(BROWSER_SITE) $(BROWSER_LARGE) $(BROWSER_SEARCH)
	$(HANDBOOK) build --out $(BROWSER_SITE)
	node tests/browser/labs.test.js $(BROWSER_SITE)
	python3 bench/corpus.py 600 $(BROWSER_LARGE) --shape sections:300
	$(HANDBOOK) build --no-search --content $(BROWSER_LARGE)/content --out $(BROWSER_LARGE)/site
	$(HANDBOOK) build --content tests/browser/search/content --out $(BROWSER_SEARCH)
	node tests/browser/nav.test.js $(BROWSER_SITE) $(BROWSER_LARGE)/site $(BROWSER_SEARCH)
ifneq ($(wildcard emulator/session.c),)
TEST_TARGETS += test-browser
endif
