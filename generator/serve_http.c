/* serve_http.c: the dev server's HTTP side: safe path mapping, static files with their content
 * types, pretty URLs, the site's 404 page, and the live-reload event stream. */
#define _GNU_SOURCE /* memmem */
#include "serve_http.h"

#include "render.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <netdb.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <microhttpd.h>

/* ---- path decoding ------------------------------------------------------------------------ */

static int sh_hex(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

int hb_serve_path_decode(const char *raw_path, char *out, size_t out_size)
{
    size_t raw_len = strlen(raw_path);
    if (raw_len > HB_SERVE_URL_MAX)
        return 414;
    if (raw_path[0] != '/')
        return 400;
    if (out_size == 0)
        return 414;

    /* Decode everything first, so encoded separators and dots are checked like plain ones. */
    size_t n = 0;
    for (size_t i = 1; i < raw_len; i++) {
        int c = (unsigned char)raw_path[i];
        if (c == '%') {
            int hi = sh_hex((unsigned char)raw_path[i + 1]);
            int lo = hi < 0 ? -1 : sh_hex((unsigned char)raw_path[i + 2]);
            if (hi < 0 || lo < 0)
                return 400;
            c = hi * 16 + lo;
            i += 2;
        }
        if (c < 0x20 || c == 0x7f || c == '\\')
            return 400; /* NUL, control characters, and backslash (a separator to some) */
        if (n + 1 >= out_size)
            return 414;
        out[n++] = (char)c;
    }
    out[n] = '\0';

    /* Check each segment: none empty (but the last, for a trailing slash), none "." or "..". */
    int hidden = 0;
    const char *seg = out;
    for (;;) {
        const char *slash = strchr(seg, '/');
        size_t len = slash ? (size_t)(slash - seg) : strlen(seg);
        if (len == 0 && (slash || seg != out + n))
            return 400;
        if ((len == 1 && seg[0] == '.') || (len == 2 && seg[0] == '.' && seg[1] == '.'))
            return 400;
        if (len > 0 && seg[0] == '.')
            hidden = 1;
        if (!slash)
            break;
        seg = slash + 1;
    }
    return hidden ? 404 : 0;
}

/* ---- content types ---------------------------------------------------------------------- */

static const struct {
    const char *ext;
    const char *type;
} sh_types[] = {
    {"html", "text/html; charset=utf-8"},
    {"htm", "text/html; charset=utf-8"},
    {"css", "text/css; charset=utf-8"},
    {"js", "text/javascript; charset=utf-8"},
    {"mjs", "text/javascript; charset=utf-8"},
    {"json", "application/json"},
    {"map", "application/json"},
    {"svg", "image/svg+xml"},
    {"png", "image/png"},
    {"jpg", "image/jpeg"},
    {"jpeg", "image/jpeg"},
    {"gif", "image/gif"},
    {"webp", "image/webp"},
    {"avif", "image/avif"},
    {"ico", "image/x-icon"},
    {"xml", "application/xml"},
    {"txt", "text/plain; charset=utf-8"},
    {"md", "text/markdown; charset=utf-8"},
    {"woff2", "font/woff2"},
    {"woff", "font/woff"},
    {"ttf", "font/ttf"},
    {"wasm", "application/wasm"},
    {"pdf", "application/pdf"},
    {"webmanifest", "application/manifest+json"},
};

const char *hb_serve_content_type(const char *path)
{
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    const char *dot = strrchr(base, '.');
    if (dot && dot != base) {
        for (size_t i = 0; i < sizeof sh_types / sizeof sh_types[0]; i++)
            if (strcasecmp(dot + 1, sh_types[i].ext) == 0)
                return sh_types[i].type;
    }
    return "application/octet-stream";
}

/* ---- the server ----------------------------------------------------------------------------- */

/* One open live-reload stream. Owned by its MHD response (freed in sh_reload_free); linked in
 * the server's list while open. */
typedef struct sh_client {
    struct sh_client *prev, *next;
    struct hb_http_server *server;
    struct MHD_Connection *conn;
    unsigned long seen_generation;
    int hello_sent;
    int suspended;   /* suspended by us, waiting for an event */
    int ping_pending;
    char pending[192];
    size_t pending_len, pending_off;
} sh_client;

struct hb_http_server {
    struct MHD_Daemon *daemon;
    char *root_dir;
    char *bind_addr; /* as given: a Host header naming it is this server too */
    int live_reload;
    unsigned port;

    pthread_mutex_t lock; /* guards everything below */
    unsigned long generation;
    int stopping;
    sh_client *clients;
    unsigned client_count;
};

/* Per-request state, created by the URI log callback: the raw request target as received. */
typedef struct sh_request {
    char *raw_uri;
} sh_request;

static const char sh_script[] =
    "// handbook serve: reload this page when the site has been rebuilt.\n"
    "(function () {\n"
    "  if (!window.EventSource) return;\n"
    "  var source = new EventSource('" HB_SERVE_RELOAD_PATH "');\n"
    "  source.addEventListener('reload', function () { window.location.reload(); });\n"
    "})();\n";

static const char sh_script_tag[] = "<script src=\"" HB_SERVE_SCRIPT_PATH "\"></script>\n";

static void *sh_uri_log(void *cls, const char *uri, struct MHD_Connection *conn)
{
    (void)cls;
    (void)conn;
    sh_request *req = calloc(1, sizeof *req);
    if (req)
        req->raw_uri = strdup(uri ? uri : "");
    return req;
}

static void sh_completed(void *cls, struct MHD_Connection *conn, void **req_cls,
                         enum MHD_RequestTerminationCode toe)
{
    (void)cls;
    (void)conn;
    (void)toe;
    sh_request *req = *req_cls;
    if (req) {
        free(req->raw_uri);
        free(req);
        *req_cls = NULL;
    }
}

/* The no-op unescaper: paths are decoded and checked by hb_serve_path_decode instead, so a %00
 * cannot cut a path short before it is checked. */
static size_t sh_unescape(void *cls, struct MHD_Connection *conn, char *s)
{
    (void)cls;
    (void)conn;
    return strlen(s);
}

static void sh_common_headers(struct MHD_Response *resp, const char *type)
{
    MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, type);
    MHD_add_response_header(resp, MHD_HTTP_HEADER_CACHE_CONTROL, "no-cache");
    MHD_add_response_header(resp, "X-Content-Type-Options", "nosniff");
    /* The pages' own policy (they carry it in a <meta> too), and what only a header can say:
     * no other site may frame these pages. */
    MHD_add_response_header(resp, "Content-Security-Policy",
                            HB_CONTENT_SECURITY_POLICY "; frame-ancestors 'none'");
}

static enum MHD_Result sh_queue_text(struct MHD_Connection *conn, unsigned status,
                                     const char *text)
{
    struct MHD_Response *resp =
        MHD_create_response_from_buffer(strlen(text), (void *)text, MHD_RESPMEM_PERSISTENT);
    if (!resp)
        return MHD_NO;
    sh_common_headers(resp, "text/plain; charset=utf-8");
    if (status == MHD_HTTP_METHOD_NOT_ALLOWED)
        MHD_add_response_header(resp, MHD_HTTP_HEADER_ALLOW, "GET, HEAD");
    enum MHD_Result r = MHD_queue_response(conn, status, resp);
    MHD_destroy_response(resp);
    return r;
}

/* Finds the last "</body>" (any case) in html, or returns len when there is none. */
static size_t sh_body_end(const char *html, size_t len)
{
    static const char tag[] = "</body>";
    size_t tag_len = sizeof tag - 1;
    for (size_t i = len >= tag_len ? len - tag_len + 1 : 0; i-- > 0;)
        if (strncasecmp(html + i, tag, tag_len) == 0)
            return i;
    return len;
}

static int sh_contains(const char *hay, size_t hay_len, const char *needle)
{
    size_t needle_len = strlen(needle);
    return hay_len >= needle_len && memmem(hay, hay_len, needle, needle_len) != NULL;
}

/* Queues an HTML file read from fd (closed here), with the reload script added when enabled. */
static enum MHD_Result sh_queue_html(hb_http_server *s, struct MHD_Connection *conn,
                                     unsigned status, int fd, size_t size_bytes)
{
    size_t extra = s->live_reload ? sizeof sh_script_tag - 1 : 0;
    char *buf = malloc(size_bytes + extra + 1);
    if (!buf) {
        close(fd);
        return sh_queue_text(conn, MHD_HTTP_INTERNAL_SERVER_ERROR, "out of memory\n");
    }
    size_t got = 0;
    while (got < size_bytes) {
        ssize_t r = read(fd, buf + got, size_bytes - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        got += (size_t)r;
    }
    close(fd);
    size_t len = got;
    if (extra && !sh_contains(buf, len, HB_SERVE_RELOAD_PATH)) {
        size_t at = sh_body_end(buf, len);
        memmove(buf + at + extra, buf + at, len - at);
        memcpy(buf + at, sh_script_tag, extra);
        len += extra;
    }
    struct MHD_Response *resp = MHD_create_response_from_buffer(len, buf, MHD_RESPMEM_MUST_FREE);
    if (!resp) {
        free(buf);
        return MHD_NO;
    }
    sh_common_headers(resp, "text/html; charset=utf-8");
    enum MHD_Result r = MHD_queue_response(conn, status, resp);
    MHD_destroy_response(resp);
    return r;
}

/* Opens path for reading if it is a regular file whose real location is inside the site
 * folder. Returns the descriptor (size in *size_bytes), or -1. */
static int sh_open_inside(const hb_http_server *s, const char *path, size_t *size_bytes)
{
    char real_root[PATH_MAX], real_path[PATH_MAX];
    if (!realpath(s->root_dir, real_root) || !realpath(path, real_path))
        return -1;
    size_t root_len = strlen(real_root);
    if (strncmp(real_path, real_root, root_len) != 0 || real_path[root_len] != '/')
        return -1;
    int fd = open(real_path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        return -1;
    }
    *size_bytes = (size_t)st.st_size;
    return fd;
}

static enum MHD_Result sh_queue_not_found(hb_http_server *s, struct MHD_Connection *conn)
{
    char path[PATH_MAX];
    size_t size_bytes = 0;
    int fd = -1;
    if ((size_t)snprintf(path, sizeof path, "%s/404.html", s->root_dir) < sizeof path)
        fd = sh_open_inside(s, path, &size_bytes);
    if (fd < 0)
        return sh_queue_text(conn, MHD_HTTP_NOT_FOUND, "404 not found\n");
    return sh_queue_html(s, conn, MHD_HTTP_NOT_FOUND, fd, size_bytes);
}

static enum MHD_Result sh_queue_redirect(struct MHD_Connection *conn, const char *raw_path,
                                         const char *query)
{
    size_t len = strlen(raw_path) + 2 + (query ? strlen(query) + 1 : 0);
    char *location = malloc(len);
    if (!location)
        return MHD_NO;
    snprintf(location, len, "%s/%s%s", raw_path, query ? "?" : "", query ? query : "");
    struct MHD_Response *resp = MHD_create_response_from_buffer(0, NULL, MHD_RESPMEM_PERSISTENT);
    enum MHD_Result r = MHD_NO;
    if (resp) {
        MHD_add_response_header(resp, MHD_HTTP_HEADER_LOCATION, location);
        /* A dev server's folders come and go: do not let the browser keep the redirect. */
        MHD_add_response_header(resp, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
        r = MHD_queue_response(conn, MHD_HTTP_MOVED_PERMANENTLY, resp);
        MHD_destroy_response(resp);
    }
    free(location);
    return r;
}

/* ---- live reload -------------------------------------------------------------------------- */

static ssize_t sh_reload_read(void *cls, uint64_t pos, char *buf, size_t max)
{
    (void)pos;
    sh_client *c = cls;
    hb_http_server *s = c->server;
    ssize_t n = 0;
    pthread_mutex_lock(&s->lock);
    if (c->pending_off == c->pending_len) {
        int len = 0;
        c->pending_off = 0;
        if (s->stopping) {
            pthread_mutex_unlock(&s->lock);
            return MHD_CONTENT_READER_END_OF_STREAM;
        } else if (!c->hello_sent) {
            len = snprintf(c->pending, sizeof c->pending,
                           "retry: 1000\nid: %lu\nevent: hello\ndata: %lu\n\n%s",
                           s->generation, s->generation,
                           c->seen_generation < s->generation ? "event: reload\ndata: 0\n\n" : "");
            c->hello_sent = 1;
            c->seen_generation = s->generation;
        } else if (c->seen_generation < s->generation) {
            len = snprintf(c->pending, sizeof c->pending, "id: %lu\nevent: reload\ndata: %lu\n\n",
                           s->generation, s->generation);
            c->seen_generation = s->generation;
        } else if (c->ping_pending) {
            len = snprintf(c->pending, sizeof c->pending, ": ping\n\n");
        }
        c->ping_pending = 0;
        c->pending_len = len > 0 ? (size_t)len : 0;
    }
    if (c->pending_off < c->pending_len) {
        size_t left = c->pending_len - c->pending_off;
        size_t take = left < max ? left : max;
        memcpy(buf, c->pending + c->pending_off, take);
        c->pending_off += take;
        n = (ssize_t)take;
    } else {
        /* Nothing to say: sleep until hb_http_notify_reload, hb_http_ping or hb_http_stop. */
        c->suspended = 1;
        MHD_suspend_connection(c->conn);
    }
    pthread_mutex_unlock(&s->lock);
    return n;
}

static void sh_reload_free(void *cls)
{
    sh_client *c = cls;
    hb_http_server *s = c->server;
    pthread_mutex_lock(&s->lock);
    if (c->prev)
        c->prev->next = c->next;
    else
        s->clients = c->next;
    if (c->next)
        c->next->prev = c->prev;
    s->client_count--;
    pthread_mutex_unlock(&s->lock);
    free(c);
}

static enum MHD_Result sh_queue_reload_stream(hb_http_server *s, struct MHD_Connection *conn)
{
    sh_client *c = calloc(1, sizeof *c);
    if (!c)
        return MHD_NO;
    c->server = s;
    c->conn = conn;
    const char *last_id =
        MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "Last-Event-ID");
    pthread_mutex_lock(&s->lock);
    c->seen_generation = s->generation;
    if (last_id && *last_id) {
        char *end;
        unsigned long id = strtoul(last_id, &end, 10);
        if (*end == '\0' && id < s->generation)
            c->seen_generation = id; /* a rebuild happened while it was away */
    }
    c->next = s->clients;
    if (s->clients)
        s->clients->prev = c;
    s->clients = c;
    s->client_count++;
    pthread_mutex_unlock(&s->lock);

    struct MHD_Response *resp =
        MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 256, sh_reload_read, c, sh_reload_free);
    if (!resp) {
        sh_reload_free(c);
        return MHD_NO;
    }
    sh_common_headers(resp, "text/event-stream");
    enum MHD_Result r = MHD_queue_response(conn, MHD_HTTP_OK, resp);
    MHD_destroy_response(resp);
    return r;
}

static void sh_wake_all(hb_http_server *s)
{
    for (sh_client *c = s->clients; c; c = c->next) {
        if (c->suspended) {
            c->suspended = 0;
            MHD_resume_connection(c->conn);
        }
    }
}

void hb_http_notify_reload(hb_http_server *s)
{
    pthread_mutex_lock(&s->lock);
    s->generation++;
    sh_wake_all(s);
    pthread_mutex_unlock(&s->lock);
}

void hb_http_ping(hb_http_server *s)
{
    pthread_mutex_lock(&s->lock);
    for (sh_client *c = s->clients; c; c = c->next)
        c->ping_pending = 1;
    sh_wake_all(s);
    pthread_mutex_unlock(&s->lock);
}

unsigned hb_http_reload_clients(hb_http_server *s)
{
    pthread_mutex_lock(&s->lock);
    unsigned n = s->client_count;
    pthread_mutex_unlock(&s->lock);
    return n;
}

/* ---- requests ------------------------------------------------------------------------------- */

/* 1 when text (len bytes) is a numeric IPv4 address (four decimal parts). */
static int sh_is_ipv4(const char *text, size_t len)
{
    int parts = 0, digits = 0;
    for (size_t i = 0; i <= len; i++) {
        if (i < len && text[i] >= '0' && text[i] <= '9' && digits < 3) {
            digits++;
        } else if ((i == len || text[i] == '.') && digits > 0) {
            parts++;
            digits = 0;
        } else {
            return 0;
        }
    }
    return parts == 4;
}

int hb_serve_host_allowed(const char *host, const char *bind_addr)
{
    if (!host)
        return 1; /* HTTP/1.0 without Host: no browser sends that */
    size_t len = strlen(host);
    if (len == 0 || len > 255)
        return 0;
    size_t name_len = len;
    if (host[0] == '[') { /* an IPv6 literal, with its port or not */
        const char *close = memchr(host, ']', len);
        if (!close)
            return 0;
        for (const char *p = host + 1; p < close; p++)
            if (!isxdigit((unsigned char)*p) && *p != ':' && *p != '.')
                return 0;
        return close[1] == '\0' || close[1] == ':';
    }
    const char *colon = memchr(host, ':', len);
    if (colon) {
        name_len = (size_t)(colon - host);
        for (const char *p = colon + 1; *p; p++)
            if (*p < '0' || *p > '9')
                return 0;
    }
    if (sh_is_ipv4(host, name_len))
        return 1;
    if ((name_len == 9 && !strncasecmp(host, "localhost", 9)) ||
        (name_len > 10 && !strncasecmp(host + name_len - 10, ".localhost", 10)))
        return 1;
    return bind_addr && strlen(bind_addr) == name_len && !strncasecmp(host, bind_addr, name_len);
}

static enum MHD_Result sh_handle(void *cls, struct MHD_Connection *conn, const char *url,
                                 const char *method, const char *version,
                                 const char *upload_data, size_t *upload_data_size,
                                 void **req_cls)
{
    /* url is MHD's copy of the target, cut at '?'; the raw one from sh_uri_log is used instead */
    (void)upload_data;
    (void)upload_data_size;
    hb_http_server *s = cls;
    sh_request *req = *req_cls;
    if (!req || !req->raw_uri)
        return sh_queue_text(conn, MHD_HTTP_INTERNAL_SERVER_ERROR, "out of memory\n");

    if (strcmp(method, MHD_HTTP_METHOD_GET) != 0 && strcmp(method, MHD_HTTP_METHOD_HEAD) != 0)
        return sh_queue_text(conn, MHD_HTTP_METHOD_NOT_ALLOWED, "405 method not allowed\n");

    /* A page of another site that a browser reaches under its own name (DNS rebinding) sends
     * that name as Host: answer only to this machine's names and addresses, as Vite does
     * since CVE-2025-24010. */
    const char *host = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_HOST);
    if (!hb_serve_host_allowed(host, s->bind_addr))
        return sh_queue_text(conn, MHD_HTTP_FORBIDDEN,
                             "403 forbidden: the Host header names another server; open the site "
                             "as http://127.0.0.1:PORT/, http://localhost:PORT/ or by the "
                             "address given to --bind\n");
    /* Both framings at once is how requests are smuggled past a proxy (RFC 9112, 6.3). */
    if (MHD_lookup_connection_value(conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_TRANSFER_ENCODING) &&
        MHD_lookup_connection_value(conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH))
        return sh_queue_text(conn, MHD_HTTP_BAD_REQUEST,
                             "400 bad request: both Transfer-Encoding and Content-Length\n");

    /* A raw NUL byte in the request line cuts the target short inside MHD, which parses the
     * line in place: the target then ends before the version string begins. The cut path would
     * still be checked below; refusing it outright is clearer. */
    if (version > url && version - url <= HB_SERVE_URL_MAX + 2 &&
        (size_t)(version - url) != strlen(req->raw_uri) + 1)
        return sh_queue_text(conn, MHD_HTTP_BAD_REQUEST, "400 bad request\n");

    /* Split off the query string; the path alone maps to a file. */
    char raw_path[HB_SERVE_URL_MAX + 1];
    const char *raw = req->raw_uri;
    size_t raw_len = strlen(raw);
    if (raw_len > HB_SERVE_URL_MAX)
        return sh_queue_text(conn, MHD_HTTP_URI_TOO_LONG, "414 URI too long\n");
    const char *query = strchr(raw, '?');
    size_t path_len = query ? (size_t)(query - raw) : raw_len;
    memcpy(raw_path, raw, path_len);
    raw_path[path_len] = '\0';
    if (query)
        query++;
    if (strchr(raw_path, '#'))
        return sh_queue_text(conn, MHD_HTTP_BAD_REQUEST, "400 bad request\n");

    if (s->live_reload && strcmp(raw_path, HB_SERVE_RELOAD_PATH) == 0)
        return sh_queue_reload_stream(s, conn);
    if (s->live_reload && strcmp(raw_path, HB_SERVE_SCRIPT_PATH) == 0) {
        struct MHD_Response *resp = MHD_create_response_from_buffer(
            sizeof sh_script - 1, (void *)sh_script, MHD_RESPMEM_PERSISTENT);
        if (!resp)
            return MHD_NO;
        sh_common_headers(resp, "text/javascript; charset=utf-8");
        enum MHD_Result r = MHD_queue_response(conn, MHD_HTTP_OK, resp);
        MHD_destroy_response(resp);
        return r;
    }

    char rel[HB_SERVE_URL_MAX + 1];
    int status = hb_serve_path_decode(raw_path, rel, sizeof rel);
    if (status == 404)
        return sh_queue_not_found(s, conn);
    if (status == 414)
        return sh_queue_text(conn, MHD_HTTP_URI_TOO_LONG, "414 URI too long\n");
    if (status != 0)
        return sh_queue_text(conn, MHD_HTTP_BAD_REQUEST, "400 bad request\n");

    char path[PATH_MAX];
    size_t rel_len = strlen(rel);
    if ((size_t)snprintf(path, sizeof path, "%s/%s", s->root_dir, rel) >= sizeof path - 16)
        return sh_queue_text(conn, MHD_HTTP_URI_TOO_LONG, "414 URI too long\n");
    struct stat st;
    if (stat(path, &st) != 0)
        return sh_queue_not_found(s, conn);
    if (S_ISDIR(st.st_mode)) {
        /* Pretty URLs: /a/b/ is a/b/index.html; /a/b sends the browser to /a/b/ so that the
         * page's relative links resolve from the folder. */
        if (rel_len > 0 && rel[rel_len - 1] != '/')
            return sh_queue_redirect(conn, raw_path, query);
        strcat(path, "index.html");
    }

    size_t size_bytes = 0;
    int fd = sh_open_inside(s, path, &size_bytes);
    if (fd < 0)
        return sh_queue_not_found(s, conn);
    const char *type = hb_serve_content_type(path);
    if (strncmp(type, "text/html", 9) == 0)
        return sh_queue_html(s, conn, MHD_HTTP_OK, fd, size_bytes);

    struct MHD_Response *resp = MHD_create_response_from_fd(size_bytes, fd); /* owns fd */
    if (!resp) {
        close(fd);
        return MHD_NO;
    }
    sh_common_headers(resp, type);
    enum MHD_Result r = MHD_queue_response(conn, MHD_HTTP_OK, resp);
    MHD_destroy_response(resp);
    return r;
}

/* While MHD_start_daemon runs: its messages (such as "Failed to bind to port 8000: Address
 * already in use") are kept here, not printed, because hb_http_start reports the failure in
 * its own words and would print the same problem twice. Only the starting thread writes. */
static atomic_int sh_starting;
static char sh_start_message[256];

/* Whether a libmicrohttpd message is the expected end of a connection that the client closed:
 * a browser tab that closes (or reloads) ends its live-reload EventSource mid-stream, and a
 * reader who navigates away drops a download. Nothing to fix, so nothing to print. */
static int sh_log_expected(const char *text)
{
    if (strncmp(text, "Failed to send", 14) != 0)
        return 0;
    return strstr(text, HB_SERVE_RELOAD_PATH) || strstr(text, "Broken pipe") ||
           strstr(text, "reset by peer") || strstr(text, "closed by remote peer");
}

/* libmicrohttpd's own messages, marked as coming from the server (see the two cases above). */
static void sh_log(void *cls, const char *fmt, va_list ap)
{
    (void)cls;
    char text[1024];
    vsnprintf(text, sizeof text, fmt, ap);
    if (atomic_load(&sh_starting)) {
        size_t n = strcspn(text, "\n");
        if (n >= sizeof sh_start_message)
            n = sizeof sh_start_message - 1;
        memcpy(sh_start_message, text, n);
        sh_start_message[n] = '\0';
        return;
    }
    if (sh_log_expected(text))
        return;
    size_t len = strlen(text);
    fprintf(stderr, "handbook serve: httpd: %s%s", text, len && text[len - 1] == '\n' ? "" : "\n");
}

/* ---- start and stop ------------------------------------------------------------------------- */

/* Seconds a connection may stay silent before it is closed (live-reload streams are suspended
 * between events and pinged, so they are not idle). */
#define SH_IDLE_SECONDS 15
/* File descriptors kept for the rebuilds (pages written, Pagefind, inotify) when the rest go
 * to connections. */
#define SH_FD_RESERVE 256

/* How many connections the server holds at once: as many as file descriptors allow, after
 * raising the soft limit to the hard one (at most 65,536; 1,024 by default, which a flood of
 * 4,000 connections exceeds), less SH_FD_RESERVE. Each connection costs one descriptor and
 * its buffer (libmicrohttpd's 32 KB memory limit). */
static unsigned sh_connection_limit(void)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) != 0)
        return 512;
    rlim_t want = rl.rlim_max == RLIM_INFINITY || rl.rlim_max > 65536 ? 65536 : rl.rlim_max;
    if (rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < want) {
        rl.rlim_cur = want;
        setrlimit(RLIMIT_NOFILE, &rl); /* best effort: the current limit stays otherwise */
        getrlimit(RLIMIT_NOFILE, &rl);
    }
    rlim_t fds = rl.rlim_cur == RLIM_INFINITY ? 65536 : rl.rlim_cur;
    return fds > 2 * SH_FD_RESERVE ? (unsigned)(fds - SH_FD_RESERVE) : (unsigned)(fds / 2);
}

hb_http_server *hb_http_start(const hb_http_options *o, char *err, size_t err_size)
{
    const char *bind_addr = o->bind_addr ? o->bind_addr : "127.0.0.1";
    struct addrinfo hints = {0}, *ai = NULL;
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE;
    char port_text[16];
    snprintf(port_text, sizeof port_text, "%u", o->port);
    int gai = getaddrinfo(bind_addr, port_text, &hints, &ai);
    if (gai != 0) {
        snprintf(err, err_size, "cannot resolve bind address %s: %s", bind_addr,
                 gai_strerror(gai));
        return NULL;
    }

    hb_http_server *s = calloc(1, sizeof *s);
    if (!s || !(s->root_dir = strdup(o->root_dir)) || !(s->bind_addr = strdup(bind_addr))) {
        if (s)
            free(s->root_dir);
        free(s);
        freeaddrinfo(ai);
        snprintf(err, err_size, "out of memory");
        return NULL;
    }
    s->live_reload = o->live_reload;
    pthread_mutex_init(&s->lock, NULL);

    unsigned threads = o->threads;
    if (threads == 0) {
        long cores = sysconf(_SC_NPROCESSORS_ONLN);
        threads = cores > 2 ? (unsigned)cores : 2;
    }
    /* poll(), not epoll: with epoll, libmicrohttpd 0.9.75 stopped serving for good once a
     * flood of connections (4,000 trickling headers, then closing) had filled its connection
     * limit: it kept the closed ones and accepted no more (tests/serve/flood_test.py). With
     * poll it frees them and serves again. */
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL | MHD_ALLOW_SUSPEND_RESUME |
                     MHD_USE_ERROR_LOG;
    unsigned limit = sh_connection_limit();
    if (ai->ai_family == AF_INET6)
        flags |= MHD_USE_IPv6;
    errno = 0;
    sh_start_message[0] = '\0';
    atomic_store(&sh_starting, 1);
    s->daemon = MHD_start_daemon(
        flags, (uint16_t)o->port, NULL, NULL, sh_handle, s,
        MHD_OPTION_EXTERNAL_LOGGER, sh_log, (void *)NULL, /* first, to catch every message */
        MHD_OPTION_SOCK_ADDR, ai->ai_addr,
        MHD_OPTION_THREAD_POOL_SIZE, threads,
        /* A connection silent this long is closed (a trickle of header bytes keeps one open;
         * the connection limit bounds how many can be) */
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)SH_IDLE_SECONDS,
        MHD_OPTION_CONNECTION_LIMIT, limit,
        MHD_OPTION_LISTEN_BACKLOG_SIZE, (unsigned)1024,
        MHD_OPTION_STRICT_FOR_CLIENT, (int)1,
        MHD_OPTION_URI_LOG_CALLBACK, sh_uri_log, (void *)NULL,
        MHD_OPTION_NOTIFY_COMPLETED, sh_completed, (void *)NULL,
        MHD_OPTION_UNESCAPE_CALLBACK, sh_unescape, (void *)NULL,
        MHD_OPTION_END);
    int saved = errno;
    atomic_store(&sh_starting, 0);
    freeaddrinfo(ai);
    if (!s->daemon) {
        /* errno says why (EADDRINUSE ...); when it is not set, libmicrohttpd's message does. */
        snprintf(err, err_size, "cannot listen on %s port %u%s%s", bind_addr, o->port,
                 saved || sh_start_message[0] ? ": " : "",
                 saved ? strerror(saved) : sh_start_message);
        pthread_mutex_destroy(&s->lock);
        free(s->root_dir);
        free(s->bind_addr);
        free(s);
        return NULL;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(s->daemon, MHD_DAEMON_INFO_BIND_PORT);
    s->port = info ? info->port : o->port;
    return s;
}

unsigned hb_http_port(const hb_http_server *s)
{
    return s->port;
}

void hb_http_stop(hb_http_server *s)
{
    if (!s)
        return;
    /* MHD must not be stopped with suspended connections: wake them; they end their streams. */
    pthread_mutex_lock(&s->lock);
    s->stopping = 1;
    sh_wake_all(s);
    pthread_mutex_unlock(&s->lock);
    MHD_stop_daemon(s->daemon);
    pthread_mutex_destroy(&s->lock);
    free(s->root_dir);
    free(s->bind_addr);
    free(s);
}
