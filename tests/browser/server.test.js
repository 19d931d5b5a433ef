#!/usr/bin/env node
/* server.test.js (no browser): the test server (tests/browser/server.js) never closes a pooled
 * keep-alive connection under a client that is about to use it. Playwright's request API
 * (labs.test.js's "Read next" check) pools connections in a keep-alive http.Agent that never
 * expires an idle socket itself (Node applies a server's "Keep-Alive: timeout" hint only to an
 * agent with a timeout of its own), and one Node process runs it and the server. With Node's
 * default 5 s server idle timeout, a GET sent as that timeout comes due is lost with "read
 * ECONNRESET": on a loaded machine the event loop runs the server's timer before it reads the
 * request, and a socket closed with unread bytes answers with a reset. This check makes that
 * turn on purpose: a GET, a second GET sent SEND_AFTER_MS later on the pooled connection, and
 * in the same turn the event loop held (Atomics.wait, no CPU burnt) until past the server's
 * idle timeout, so the server's next turn runs its timers before its reads. Against the server
 * with Node's default timeout the second GET fails every time.
 *
 * Usage: node tests/browser/server.test.js SITE_DIR
 * Prints one line per check and `N passed, N failed`; exits 1 when any check failed. */
'use strict';
const { request } = require('playwright-core');
const { serve } = require('./server.js');
const { counts, check } = require('./harness.js');

/* Node's default http.Server keepAliveTimeout, 5 s (nodejs.org/api/http.html,
 * server.keepAliveTimeout): what a server without the fix closes idle connections at. */
const NODE_DEFAULT_IDLE_MS = 5000;
/* The second GET goes out this long after the first, and the loop is then held until HOLD_MS
 * past that: the idle timeout comes due inside the hold (500 ms of slack each side). */
const SEND_AFTER_MS = NODE_DEFAULT_IDLE_MS - 500;
const HOLD_MS = 1500;

const hold = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

async function main() {
  const [site] = process.argv.slice(2);
  if (!site) {
    console.error('usage: server.test.js SITE_DIR');
    process.exit(2);
  }
  const server = await serve(site);
  const ctx = await request.newContext();
  try {
    const first = await ctx.get(`${server.url}/`);
    check('the first GET answers 200 on a keep-alive connection', first.ok() &&
          first.headers().connection === 'keep-alive', `${first.status()} ${first.headers().connection}`);
    /* Two timers due together: the first sends the GET (playwright hands it on with
     * setImmediate), the second queues the hold after it, so the request is written and then
     * the loop waits before the server reads it. */
    const second = new Promise((resolve) => {
      setTimeout(() => resolve(ctx.get(`${server.url}/`).then((r) => `HTTP ${r.status()}`,
                                                                (e) => e.message.split('\n')[0])), SEND_AFTER_MS);
      setTimeout(() => setImmediate(() => hold(HOLD_MS)), SEND_AFTER_MS);
    });
    const got = await second;
    check(`a GET on the pooled connection, sent as Node's default ${NODE_DEFAULT_IDLE_MS / 1000} s idle ` +
          'timeout comes due on a busy loop, answers 200', got === 'HTTP 200', got);
  } finally {
    await ctx.dispose();
    server.close();
  }
  console.log(`${counts.passed} passed, ${counts.failed} failed`);
  process.exit(counts.failed ? 1 : 0);
}

main();
