/* server.js: a minimal static file server for the browser tests and bench-wasm: serves a built
 * site folder on 127.0.0.1 (an ephemeral port), with the content types a real host sends
 * (application/wasm included) and pretty URLs (/a/b/ -> a/b/index.html). Not for production:
 * `handbook serve` is the project's server. */
'use strict';
const http = require('http');
const fs = require('fs');
const path = require('path');

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8', '.json': 'application/json',
  '.wasm': 'application/wasm', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.ico': 'image/x-icon', '.xml': 'application/xml', '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

/* Starts serving `root`; resolves to {url, close()} once listening. */
function serve(root) {
  const base = path.resolve(root);
  const server = http.createServer((req, res) => {
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    } catch (e) {
      res.writeHead(400).end('bad request');
      return;
    }
    let file = path.join(base, pathname);
    if (!file.startsWith(base) || pathname.includes('\0')) {
      res.writeHead(400).end('bad request');
      return;
    }
    if (pathname.endsWith('/')) file = path.join(file, 'index.html');
    fs.readFile(file, (err, data) => {
      if (err) {
        fs.readFile(path.join(base, '404.html'), (err404, page) => {
          res.writeHead(404, { 'Content-Type': TYPES['.html'] }).end(err404 ? 'not found' : page);
        });
        return;
      }
      const type = TYPES[path.extname(file)] || 'application/octet-stream';
      res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-cache' }).end(data);
    });
  });
  /* No idle timeout on keep-alive connections (0 turns it off; Node's default is 5 s). A client
   * that pools connections, as playwright's request API does (a keep-alive http.Agent with no
   * timeout of its own, so it ignores the server's "Keep-Alive: timeout=5" hint), keeps an idle
   * socket until it reads the server's FIN; a request it sends in the same event-loop turn as the
   * server's timeout (one Node process runs both here, and on a loaded machine one turn spans
   * both timers) goes out on a socket the server has closed, and the kernel answers with a reset:
   * "apiRequestContext.get: read ECONNRESET". With no server-side idle close, only the client (or
   * close() below, which ends idle connections, Node 19+) ever closes one. */
  server.keepAliveTimeout = 0;
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({ url: `http://127.0.0.1:${server.address().port}`, close: () => server.close() });
    });
  });
}

module.exports = { serve };
