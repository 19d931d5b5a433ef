/* fuzz_request.c: libFuzzer target for the dev server's request side: the input is the raw
 * bytes a client sends on one connection (request lines, headers, bodies, pipelined requests,
 * anything). Each input drives
 *   - hb_serve_path_decode on the input as a request path, with its promises checked: a path
 *     it accepts is relative, has no "." or ".." segment, no empty segment, no NUL, no
 *     backslash, no control character (nothing that could leave the site folder);
 *   - hb_serve_host_allowed on the input as a Host header: an allowed name with letters is
 *     "localhost", under ".localhost", or the bound address;
 *   - the server itself (hb_http_start on 127.0.0.1, a small site in a temporary folder):
 *     the input is written to a connection, which is then half-closed, and the whole answer
 *     read; a secret file beside the site folder must never be in it (libmicrohttpd's parser,
 *     then every check of generator/serve_http.c: method, Host, Transfer-Encoding with
 *     Content-Length, the path, pretty URLs, redirects, 404s).
 * A crash, a sanitizer report, a leak or a broken promise (__builtin_trap) is a finding. */
#define _GNU_SOURCE /* memmem */
#include <errno.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <unistd.h>

#include "serve_http.h"
#include "util.h"

/* The secret file's text. It holds a line feed, so no request line or header can carry it
 * whole: a redirect echoes the request's query string into its Location header (/a?X ->
 * /a/?X), and with a secret a request could hold, the fuzzer learned it from the check below
 * and "found" it in that echo (regress-echoed-query). Only a served file can show it. */
#define FUZZ_SECRET "fuzz-request-secret\n2b9f"
#define FUZZ_READ_MS 2000 /* an answer must come this soon after the request is sent */

static char fuzz_dir[64];
static hb_http_server *fuzz_server;
static unsigned fuzz_port;

static void fuzz_write(const char *rel, const char *text)
{
    char *path = hb_strfmt("%s/%s", fuzz_dir, rel);
    if (hb_write_file(path, text, strlen(text)) != 0) {
        fprintf(stderr, "fuzz_request: cannot write %s\n", path);
        exit(2);
    }
    free(path);
}

static void fuzz_cleanup(void)
{
    hb_http_stop(fuzz_server);
    hb_rm_rf(fuzz_dir);
}

/* A site folder (pages, a folder, assets, a 404 page) with a secret beside it, and the
 * server on it (one thread: inputs are answered one at a time). */
int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    snprintf(fuzz_dir, sizeof fuzz_dir, "/tmp/fuzz-request-XXXXXX");
    if (!mkdtemp(fuzz_dir)) {
        perror("fuzz_request: mkdtemp");
        exit(2);
    }
    fuzz_write("secret.txt", FUZZ_SECRET "\n");
    fuzz_write("site/index.html", "<!DOCTYPE html><title>home</title><p>home</p>\n");
    fuzz_write("site/a/index.html", "<!DOCTYPE html><title>a</title><p>a</p>\n");
    fuzz_write("site/a/b.txt", "b\n");
    fuzz_write("site/assets/style.css", "body{}\n");
    fuzz_write("site/404.html", "<!DOCTYPE html><title>404</title><p>not found</p>\n");
    char *root = hb_strfmt("%s/site", fuzz_dir);
    char *link = hb_strfmt("%s/site/a/leak.txt", fuzz_dir);
    char *target = hb_strfmt("%s/secret.txt", fuzz_dir);
    if (symlink(target, link) != 0) { /* a link out of the site: must never be followed */
        perror("fuzz_request: symlink");
        exit(2);
    }
    hb_http_options options = {.root_dir = root, .bind_addr = "127.0.0.1", .port = 0,
                               .live_reload = 0, .threads = 1};
    char err[256];
    fuzz_server = hb_http_start(&options, err, sizeof err);
    if (!fuzz_server) {
        fprintf(stderr, "fuzz_request: %s\n", err);
        exit(2);
    }
    fuzz_port = hb_http_port(fuzz_server);
    atexit(fuzz_cleanup);
    free(root);
    free(link);
    free(target);
    return 0;
}

/* The promises of hb_serve_path_decode for a path it accepted. */
static void fuzz_check_path(const char *rel)
{
    if (rel[0] == '/' || strstr(rel, "//") || strchr(rel, '\\'))
        __builtin_trap();
    for (const unsigned char *p = (const unsigned char *)rel; *p; p++)
        if (*p < 0x20 || *p == 0x7f)
            __builtin_trap();
    const char *seg = rel;
    for (;;) {
        size_t len = strcspn(seg, "/");
        if ((len == 1 && seg[0] == '.') || (len == 2 && seg[0] == '.' && seg[1] == '.'))
            __builtin_trap();
        if (!seg[len])
            break;
        seg += len + 1;
    }
}

/* The promise of hb_serve_host_allowed: a name (not an address) it allows is this machine's. */
static void fuzz_check_host(const char *host)
{
    if (host[0] == '[')
        return;
    size_t len = strcspn(host, ":");
    int letters = 0;
    for (size_t i = 0; i < len; i++)
        letters |= (host[i] < '0' || host[i] > '9') && host[i] != '.';
    if (!letters)
        return;
    int local = (len == 9 && !strncasecmp(host, "localhost", 9)) ||
                (len > 10 && !strncasecmp(host + len - 10, ".localhost", 10));
    if (!local)
        __builtin_trap(); /* the bound address is numeric here */
}

/* Sends the input on one connection, half-closes it, reads the answer to its end. */
static void fuzz_exchange(const uint8_t *data, size_t size)
{
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return;
    struct sockaddr_in addr = {.sin_family = AF_INET, .sin_port = htons((uint16_t)fuzz_port)};
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, (struct sockaddr *)&addr, sizeof addr) != 0) {
        close(fd);
        return;
    }
    size_t sent = 0;
    while (sent < size) {
        ssize_t n = send(fd, data + sent, size - sent, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        sent += (size_t)n;
    }
    shutdown(fd, SHUT_WR);
    hb_buf answer = {0};
    char chunk[16384];
    for (;;) {
        struct pollfd p = {.fd = fd, .events = POLLIN};
        int ready = poll(&p, 1, FUZZ_READ_MS);
        if (ready == 0) {
            fprintf(stderr, "fuzz_request: no answer within %d ms\n", FUZZ_READ_MS);
            __builtin_trap(); /* a request that hangs the connection is a finding too */
        }
        if (ready < 0 && errno == EINTR)
            continue;
        ssize_t n = ready > 0 ? recv(fd, chunk, sizeof chunk, 0) : -1;
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        hb_buf_add(&answer, chunk, (size_t)n);
    }
    close(fd);
    if (answer.len && memmem(answer.data, answer.len, FUZZ_SECRET, strlen(FUZZ_SECRET)))
        __builtin_trap(); /* a file outside the site folder was served */
    hb_buf_free(&answer);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    char rel[HB_SERVE_URL_MAX + 1];
    if (hb_serve_path_decode(text, rel, sizeof rel) == 0)
        fuzz_check_path(rel);
    if (hb_serve_host_allowed(text, "127.0.0.1"))
        fuzz_check_host(text);
    free(text);
    fuzz_exchange(data, size);
    return 0;
}
