/* lua_pool.h: the free lists Lua's small blocks come from (render.c's allocator), one pool per
 * renderer, so per worker thread: no lock.
 *
 * Lua's small blocks (strings, tables, their parts: nearly all of a page's allocations) come
 * from free lists of 16-byte size classes carved out of 64 KiB chunks. A page's table and
 * strings die together at the collection after the page, then the next page takes the same
 * blocks again; through malloc that churn was 16% of a 10,000-page build's CPU (perf:
 * _int_malloc, malloc_consolidate, _int_free under render_alloc). Blocks over
 * HB_LUA_POOL_SMALL_MAX bytes (the body, the page's HTML) use malloc.
 *
 * Under AddressSanitizer (the asan build the tests use) a pool made by hb_lua_pool_init passes
 * every block to malloc instead: a block carved out of a chunk has no redzone, so writing past
 * it would land in its neighbour unseen. */
#ifndef HB_LUA_POOL_H
#define HB_LUA_POOL_H

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define HB_LUA_POOL_SMALL_MAX 512
#define HB_LUA_POOL_CLASS_BYTES 16
#define HB_LUA_POOL_CLASSES (HB_LUA_POOL_SMALL_MAX / HB_LUA_POOL_CLASS_BYTES)
#define HB_LUA_POOL_CHUNK_BYTES ((size_t)64 << 10)

typedef struct hb_lua_pool_free {
    struct hb_lua_pool_free *next;
} hb_lua_pool_free;

typedef struct hb_lua_pool {
    hb_lua_pool_free *free[HB_LUA_POOL_CLASSES]; /* free[c]: blocks of (c + 1) * 16 bytes */
    void *chunks;                                /* every chunk, freed by hb_lua_pool_fini */
    char *carve;                                 /* the unused rest of the newest chunk */
    size_t carve_left;                           /* its bytes */
    int bypass;                                  /* 1: every block is malloc's (ASan) */
} hb_lua_pool;

/* A pool with no blocks; bypass set under AddressSanitizer (__SANITIZE_ADDRESS__). */
void hb_lua_pool_init(hb_lua_pool *pool);
/* Frees every chunk; the pool's small blocks are then gone (the large ones are the caller's to
 * free through hb_lua_pool_resize first, as lua_close does). */
void hb_lua_pool_fini(hb_lua_pool *pool);
/* A new block of class c (c + 1 16-byte units) carved from the newest chunk or a new one; NULL
 * when malloc fails. Called by hb_lua_pool_resize when the class's free list is empty. */
void *hb_lua_pool_carve(hb_lua_pool *pool, size_t c);

/* The size class of a small block of `size` bytes (1 to HB_LUA_POOL_SMALL_MAX). */
static inline size_t hb_lua_pool_class(size_t size)
{
    return (size - 1) / HB_LUA_POOL_CLASS_BYTES;
}

static inline void *hb_lua_pool_take(hb_lua_pool *pool, size_t c)
{
    hb_lua_pool_free *f = pool->free[c];
    if (!f)
        return hb_lua_pool_carve(pool, c);
    pool->free[c] = f->next;
    return f;
}

static inline void hb_lua_pool_give(hb_lua_pool *pool, void *p, size_t c)
{
    hb_lua_pool_free *f = p;
    f->next = pool->free[c];
    pool->free[c] = f;
}

/* lua_Alloc's contract without the user data: ptr NULL or a block of osize bytes from this
 * pool; nsize 0 frees ptr and returns NULL; otherwise a block of nsize bytes holding the first
 * min(osize, nsize) bytes of ptr, or NULL (ptr untouched) when malloc fails. Lua gives the old
 * block's size with every block it frees or resizes, so a small block needs no header: its
 * class follows from its size. Inline: Lua calls it for nearly every allocation (callgrind,
 * 500 pages: 838.2 M instructions with the call into lua_pool.c, 835.2 M inline). */
static inline void *hb_lua_pool_resize(hb_lua_pool *pool, void *ptr, size_t osize, size_t nsize)
{
    size_t old = ptr ? osize : 0; /* with ptr NULL, Lua's osize is the object's type */
    if (pool->bypass) {
        if (nsize == 0) {
            free(ptr);
            return NULL;
        }
        return realloc(ptr, nsize);
    }
    int old_small = ptr && old > 0 && old <= HB_LUA_POOL_SMALL_MAX;
    if (nsize == 0) {
        if (old_small)
            hb_lua_pool_give(pool, ptr, hb_lua_pool_class(old));
        else
            free(ptr);
        return NULL;
    }
    void *p;
    if (nsize <= HB_LUA_POOL_SMALL_MAX) {
        size_t c = hb_lua_pool_class(nsize);
        if (old_small && hb_lua_pool_class(old) == c)
            p = ptr; /* the same block fits */
        else if ((p = hb_lua_pool_take(pool, c)) && ptr) {
            memcpy(p, ptr, old < nsize ? old : nsize);
            if (old_small)
                hb_lua_pool_give(pool, ptr, hb_lua_pool_class(old));
            else
                free(ptr);
        }
    } else if (old_small) {
        if ((p = malloc(nsize))) {
            memcpy(p, ptr, old);
            hb_lua_pool_give(pool, ptr, hb_lua_pool_class(old));
        }
    } else {
        p = realloc(ptr, nsize);
    }
    return p;
}

#endif
