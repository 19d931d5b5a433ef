# tests/browser/tests.mk: the site in headless Chromium. Builds the site with the release
# handbook into build/browser/site (the module from `make wasm` copied in), then runs against it
# with Debian's chromium and playwright-core: tests/browser/labs.test.js (the labs, issue 4; the
# worker and the Content-Security-Policy, issue 16, also on tests/browser/hostile),
# tests/browser/reading.test.js (reading at 320 to 1280 px in both schemes, search, keys, theme;
# screenshots into build/screenshots/), and tests/browser/nav.test.js (the navigation tree on
# that site and on a corpus of one 300-page folder from bench/corpus.py, and what Pagefind
# indexes on tests/browser/search). The build makes Pagefind's index as for the real site (the
# search box loads its script). playwright-core stays below 1.62, the first to need Node.js 20:
# Debian 12's is 18. tests/browser/timeline.test.js: the step timeline (the lab console's panel,
# the guides' drawings) and the cost calculator, on the same site. tests/browser/index_answers.test.js
# (no browser): no lab's answer, solve message or explanation is in that site's search index.
# tests/browser/split.test.js: what a lab page and the cost guide fetch (the core module on
# Start, the full one at the first line that needs it, the calculator's own module).
# tests/browser/console_ui.test.js: what a first-time reader found confusing in and around the
# console (Start over, Escape in Wide, the sidebar's section index, progress and its record, the
# console at 375 px), on the same site. tests/browser/server.test.js (no browser): the test
# server keeps a pooled keep-alive connection usable as its idle time passes Node's default
# timeout on a busy event loop (the "read ECONNRESET" of playwright's request API).
# tests/browser/examples.test.js: on every page of the site, each reference page embeds a lab and
# each console example's Run button opens a console on its lab (the greeting `handbook emu`
# prints) whose output for every command is the page's build-time transcript.

BROWSER_SITE := $(BUILD)/browser/site
BROWSER_LARGE := $(BUILD)/browser/large
BROWSER_SEARCH := $(BUILD)/browser/search
# A site whose pages hold raw HTML with a script and event handlers (allow_html: true): the
# Content-Security-Policy must keep them from running.
BROWSER_HOSTILE_SITE := $(BUILD)/browser/hostile-site
.PHONY: test-browser
test-browser: $(HANDBOOK) wasm | $(TEST_DEPS_STAMP)
	rm -rf $(BROWSER_SITE) $(BROWSER_LARGE) $(BROWSER_SEARCH) $(BROWSER_HOSTILE_SITE)
	$(HANDBOOK) build --out $(BROWSER_SITE)
	$(HANDBOOK) build --content tests/browser/hostile/content --out $(BROWSER_HOSTILE_SITE) --no-search
	node tests/browser/server.test.js $(BROWSER_SITE)
	node tests/browser/labs.test.js $(BROWSER_SITE) $(BROWSER_HOSTILE_SITE)
	node tests/browser/reading.test.js $(BROWSER_SITE) $(BUILD)/screenshots
	node tests/browser/index_answers.test.js $(BROWSER_SITE) $(HANDBOOK)
	node tests/browser/timeline.test.js $(BROWSER_SITE)
	node tests/browser/split.test.js $(BROWSER_SITE) $(HANDBOOK)
	node tests/browser/console_ui.test.js $(BROWSER_SITE)
	node tests/browser/examples.test.js $(BROWSER_SITE) $(HANDBOOK)
	python3 bench/corpus.py 600 $(BROWSER_LARGE) --shape sections:300
	$(HANDBOOK) build --no-search --content $(BROWSER_LARGE)/content --out $(BROWSER_LARGE)/site
	$(HANDBOOK) build --content tests/browser/search/content --out $(BROWSER_SEARCH)
	node tests/browser/nav.test.js $(BROWSER_SITE) $(BROWSER_LARGE)/site $(BROWSER_SEARCH)
ifneq ($(wildcard emulator/session.c),)
TEST_TARGETS += test-browser
endif
