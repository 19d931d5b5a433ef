/* test_serve_http.c: unit tests of the dev server's request-path decoding and content types. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "serve_http.h"

/* Decodes raw and returns the status; on 0 the decoded path is left in out. */
static int decode(const char *raw, char *out, size_t out_size)
{
    return hb_serve_path_decode(raw, out, out_size);
}

static void test_plain_paths(void **state)
{
    (void)state;
    char out[256];
    assert_int_equal(decode("/", out, sizeof out), 0);
    assert_string_equal(out, "");
    assert_int_equal(decode("/index.html", out, sizeof out), 0);
    assert_string_equal(out, "index.html");
    assert_int_equal(decode("/reference/networking/nccl/", out, sizeof out), 0);
    assert_string_equal(out, "reference/networking/nccl/");
    assert_int_equal(decode("/a%20b/c%2Dd", out, sizeof out), 0);
    assert_string_equal(out, "a b/c-d");
    assert_int_equal(decode("/caf%C3%A9/", out, sizeof out), 0);
    assert_string_equal(out, "caf\xc3\xa9/");
    assert_int_equal(decode("/a..b/c.d", out, sizeof out), 0); /* dots inside names are fine */
    assert_string_equal(out, "a..b/c.d");
}

static void test_traversal_is_refused(void **state)
{
    (void)state;
    char out[256];
    const char *bad[] = {
        "/..",          "/../x",         "/a/../../x", "/a/..",      "/%2e%2e/x",
        "/%2E%2e/x",    "/.%2e/x",       "/%2e./x",    "/..%2fx",    "/a%2f..%2f..%2fx",
        "/./x",         "/a/./b",        "/%2e/x",     "//etc/passwd", "/%2fetc/passwd",
        "/a//b",        "/..\\x",        "/a%5c..%5cx", "x",          "",
        "http://h/x",   "/a%00b",        "/%00",       "/a%0a",      "/a%7f",
        "/a%",          "/a%4",          "/a%zz",      "/a%g0",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int status = decode(bad[i], out, sizeof out);
        if (status != 400)
            fail_msg("'%s' gave %d, expected 400", bad[i], status);
    }
}

static void test_hidden_and_long(void **state)
{
    (void)state;
    char out[64];
    assert_int_equal(decode("/.git/config", out, sizeof out), 404);
    assert_int_equal(decode("/a/.env", out, sizeof out), 404);
    assert_int_equal(decode("/%2egit/config", out, sizeof out), 404);

    char long_url[HB_SERVE_URL_MAX + 8];
    memset(long_url, 'a', sizeof long_url - 1);
    long_url[0] = '/';
    long_url[sizeof long_url - 1] = '\0';
    char big[HB_SERVE_URL_MAX + 8];
    assert_int_equal(decode(long_url, big, sizeof big), 414);
    long_url[HB_SERVE_URL_MAX] = '\0'; /* exactly the limit: accepted */
    assert_int_equal(decode(long_url, big, sizeof big), 0);
    assert_int_equal(decode("/0123456789012345678901234567890123456789012345678901234567890123456789",
                            out, sizeof out),
                     414); /* longer than the output buffer */
}

static void test_content_types(void **state)
{
    (void)state;
    assert_string_equal(hb_serve_content_type("a/index.html"), "text/html; charset=utf-8");
    assert_string_equal(hb_serve_content_type("style.css"), "text/css; charset=utf-8");
    assert_string_equal(hb_serve_content_type("x/console.js"), "text/javascript; charset=utf-8");
    assert_string_equal(hb_serve_content_type("emu.wasm"), "application/wasm");
    assert_string_equal(hb_serve_content_type("EMU.WASM"), "application/wasm");
    assert_string_equal(hb_serve_content_type("i.svg"), "image/svg+xml");
    assert_string_equal(hb_serve_content_type("i.png"), "image/png");
    assert_string_equal(hb_serve_content_type("favicon.ico"), "image/x-icon");
    assert_string_equal(hb_serve_content_type("sitemap.xml"), "application/xml");
    assert_string_equal(hb_serve_content_type("robots.txt"), "text/plain; charset=utf-8");
    assert_string_equal(hb_serve_content_type("f.woff2"), "font/woff2");
    assert_string_equal(hb_serve_content_type("data.json"), "application/json");
    assert_string_equal(hb_serve_content_type("Makefile"), "application/octet-stream");
    assert_string_equal(hb_serve_content_type(".css"), "application/octet-stream");
    assert_string_equal(hb_serve_content_type("dir.css/file"), "application/octet-stream");
    assert_string_equal(hb_serve_content_type("x.pf_meta"), "application/octet-stream");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_plain_paths),
        cmocka_unit_test(test_traversal_is_refused),
        cmocka_unit_test(test_hidden_and_long),
        cmocka_unit_test(test_content_types),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
