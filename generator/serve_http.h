/* serve_http.h: the dev server's HTTP side: request paths mapped safely into the site folder,
 * content types, static files, and the live-reload event stream (libmicrohttpd). */
#ifndef HB_SERVE_HTTP_H
#define HB_SERVE_HTTP_H

#include <stddef.h>
#include <stdio.h>

/* Longest request target accepted, in bytes, query string included; longer ones get 414. */
#define HB_SERVE_URL_MAX 2048

/* The EventSource endpoint: one "hello" event on connect, then one "reload" event after each
 * successful rebuild (and ": ping" comments to keep the stream alive). Each event carries the
 * site generation as its id, so a client that reconnects with Last-Event-ID older than the
 * current generation gets a reload at once. */
#define HB_SERVE_RELOAD_PATH "/__handbook/reload"
/* The script that listens on HB_SERVE_RELOAD_PATH and reloads the page. The server adds
 * <script src="/__handbook/live-reload.js"></script> to every HTML response (not to the
 * files on disk), unless the page already mentions HB_SERVE_RELOAD_PATH. */
#define HB_SERVE_SCRIPT_PATH "/__handbook/live-reload.js"

/* Decodes and checks the path part of a request target (no query string), for example
 * "/reference/nccl/". On success writes the site-relative path, percent-decoded, without its
 * leading '/', into out (out_size bytes, NUL-terminated) and returns 0. Otherwise returns the
 * HTTP status to answer: 400 for a path that does not start with '/', a bad or NUL (%00)
 * escape, a control character or backslash, an empty segment ("//", so no absolute path
 * sneaks in) or a "." / ".." segment, encoded or not; 414 when longer than HB_SERVE_URL_MAX
 * or out_size; 404 for a hidden segment (starting with '.'). */
int hb_serve_path_decode(const char *raw_path, char *out, size_t out_size);

/* Whether a request's Host header (NULL: none) names this server: an IPv4 or IPv6 address,
 * "localhost" or a name under ".localhost", or bind_addr itself (what --bind was given), each
 * with a port or not. Anything else is refused (403): another site's page that reached this
 * server through DNS rebinding sends its own name (CVE-2025-24010 in Vite, fixed the same way).
 * A request without Host (HTTP/1.0) is allowed. */
int hb_serve_host_allowed(const char *host, const char *bind_addr);

/* The Content-Type for a file name, from its extension (case-insensitive); text types carry
 * "; charset=utf-8". Unknown extensions get "application/octet-stream". Static storage. */
const char *hb_serve_content_type(const char *path);

typedef struct hb_http_options {
    const char *root_dir;  /* the site folder served; it may be replaced (renamed) at any time */
    const char *bind_addr; /* numeric IPv4 or IPv6 address or host name; "127.0.0.1" if NULL */
    unsigned port;         /* TCP port; 0 picks a free one (see hb_http_port) */
    int live_reload;       /* 1: serve the reload endpoints and add the script to HTML pages */
    unsigned threads;      /* worker threads of the pool; 0 = one per core, at least 2 */
} hb_http_options;

typedef struct hb_http_server hb_http_server;

/* Starts serving in background threads. The server copies what it needs from options. Returns
 * NULL on failure (address not resolvable, port in use, out of memory) with a message in err
 * (err_size bytes). The caller ends it with hb_http_stop. */
hb_http_server *hb_http_start(const hb_http_options *options, char *err, size_t err_size);

/* The TCP port actually bound (useful after port 0). */
unsigned hb_http_port(const hb_http_server *server);

/* Tells every open live-reload stream that a new site is in place. Thread-safe. */
void hb_http_notify_reload(hb_http_server *server);

/* Sends a keep-alive comment to every open live-reload stream, so closed browser tabs are
 * noticed and freed. Call every few seconds. Thread-safe. */
void hb_http_ping(hb_http_server *server);

/* The number of open live-reload streams (for tests and the status line). */
unsigned hb_http_reload_clients(hb_http_server *server);

/* Ends the live-reload streams, stops the daemon and frees the server. NULL is a no-op. */
void hb_http_stop(hb_http_server *server);

#endif
