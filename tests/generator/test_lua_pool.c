/* test_lua_pool.c: the free lists of Lua's small blocks (generator/lua_pool.c): size classes,
 * reuse, contents kept across resizes, and that under AddressSanitizer a write past a block is
 * reported (the pool passes blocks to malloc there instead of carving them from a chunk). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "lua_pool.h"

/* A pool using its free lists whatever the build (the free-list logic under test). */
static hb_lua_pool free_list_pool(void)
{
    hb_lua_pool pool;
    hb_lua_pool_init(&pool);
    pool.bypass = 0;
    return pool;
}

static void test_pool_reuses_freed_blocks_of_the_class(void **state)
{
    (void)state;
    hb_lua_pool pool = free_list_pool();
    char *a = hb_lua_pool_resize(&pool, NULL, 4 /* LUA_TSTRING */, 20); /* class 32 B */
    char *b = hb_lua_pool_resize(&pool, NULL, 5, 32);                   /* the same class */
    assert_non_null(a);
    assert_ptr_equal(b, a + 32); /* carved one after the other */
    assert_null(hb_lua_pool_resize(&pool, a, 20, 0));
    char *c = hb_lua_pool_resize(&pool, NULL, 4, 17); /* class 32 B again: a's block */
    assert_ptr_equal(c, a);
    char *d = hb_lua_pool_resize(&pool, NULL, 4, 16); /* class 16 B: a new block */
    assert_true(d != a && d != b);
    hb_lua_pool_fini(&pool);
}

static void test_pool_keeps_contents_across_resizes(void **state)
{
    (void)state;
    hb_lua_pool pool = free_list_pool();
    char *p = hb_lua_pool_resize(&pool, NULL, 0, 24);
    memcpy(p, "0123456789abcdefghijklm", 24);
    assert_ptr_equal(hb_lua_pool_resize(&pool, p, 24, 30), p); /* 24 and 30: one class */
    char *q = hb_lua_pool_resize(&pool, p, 30, 100); /* another class: copied */
    assert_ptr_not_equal(q, p);
    assert_memory_equal(q, "0123456789abcdefghijklm", 24);
    char *big = hb_lua_pool_resize(&pool, q, 100, 4000); /* small to malloc's */
    assert_memory_equal(big, "0123456789abcdefghijklm", 24);
    big = hb_lua_pool_resize(&pool, big, 4000, 9000); /* malloc's realloc */
    assert_memory_equal(big, "0123456789abcdefghijklm", 24);
    char *back = hb_lua_pool_resize(&pool, big, 9000, 10); /* back to a small block */
    assert_memory_equal(back, "0123456789", 10);
    /* q's old block went back to its class's list. */
    assert_ptr_equal(hb_lua_pool_resize(&pool, NULL, 0, 97), q);
    hb_lua_pool_fini(&pool);
}

static void test_pool_carves_a_new_chunk_when_full(void **state)
{
    (void)state;
    hb_lua_pool pool = free_list_pool();
    size_t n = (HB_LUA_POOL_CHUNK_BYTES - HB_LUA_POOL_CLASS_BYTES) / HB_LUA_POOL_SMALL_MAX;
    char *first = NULL, *last = NULL;
    for (size_t i = 0; i <= n; i++) {
        last = hb_lua_pool_resize(&pool, NULL, 0, HB_LUA_POOL_SMALL_MAX);
        assert_non_null(last);
        memset(last, (int)i, HB_LUA_POOL_SMALL_MAX);
        if (!first)
            first = last;
    }
    /* The first chunk held n blocks; block n + 1 is not inside it. */
    assert_true(last < first || last >= first + HB_LUA_POOL_CHUNK_BYTES);
    assert_int_equal((unsigned char)first[0], 0);
    hb_lua_pool_fini(&pool);
    assert_null(pool.chunks);
}

/* Under AddressSanitizer, one byte written past a 20-byte block of a pool as the renderer makes
 * it must be reported: done in a child, which ASan ends with exit status 1. A block carved out
 * of a chunk has its neighbour's bytes after it, so this fails if the pool is not bypassed. */
static void test_pool_overflow_seen_by_asan(void **state)
{
    (void)state;
#ifndef __SANITIZE_ADDRESS__
    skip();
#else
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0)
            dup2(null, 2); /* ASan's report is expected; keep the test's output short */
        hb_lua_pool pool;
        hb_lua_pool_init(&pool);
        volatile char *p = hb_lua_pool_resize(&pool, NULL, 4, 20);
        (void)hb_lua_pool_resize(&pool, NULL, 4, 20); /* a neighbour, in a carved chunk */
        p[20] = 'x';
        _exit(0);
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(!WIFEXITED(status) || WEXITSTATUS(status) != 0);
#endif
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pool_reuses_freed_blocks_of_the_class),
        cmocka_unit_test(test_pool_keeps_contents_across_resizes),
        cmocka_unit_test(test_pool_carves_a_new_chunk_when_full),
        cmocka_unit_test(test_pool_overflow_seen_by_asan),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
