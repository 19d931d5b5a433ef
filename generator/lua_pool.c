/* lua_pool.c: free lists of 16-byte size classes for Lua's small blocks (see lua_pool.h). */
#include "lua_pool.h"

#include <stdlib.h>
#include <string.h>

typedef struct pool_chunk {
    struct pool_chunk *next;
} pool_chunk;

void hb_lua_pool_init(hb_lua_pool *pool)
{
    memset(pool, 0, sizeof *pool);
#ifdef __SANITIZE_ADDRESS__ /* gcc and clang (>= 12) define it under -fsanitize=address */
    pool->bypass = 1;
#endif
}

/* The size class of a small block of `size` bytes (1 to HB_LUA_POOL_SMALL_MAX). */
static size_t pool_class(size_t size)
{
    return (size - 1) / HB_LUA_POOL_CLASS_BYTES;
}

/* A block of class c: its free list, else the newest chunk, else a new chunk. NULL when malloc
 * fails. */
static void *pool_take(hb_lua_pool *pool, size_t c)
{
    hb_lua_pool_free *f = pool->free[c];
    if (f) {
        pool->free[c] = f->next;
        return f;
    }
    size_t size = (c + 1) * HB_LUA_POOL_CLASS_BYTES;
    if (pool->carve_left < size) {
        /* The rest of the old chunk (under one block of this class) goes unused. */
        pool_chunk *chunk = malloc(HB_LUA_POOL_CHUNK_BYTES);
        if (!chunk)
            return NULL;
        chunk->next = pool->chunks;
        pool->chunks = chunk;
        pool->carve = (char *)chunk + HB_LUA_POOL_CLASS_BYTES; /* the header, 16-byte aligned */
        pool->carve_left = HB_LUA_POOL_CHUNK_BYTES - HB_LUA_POOL_CLASS_BYTES;
    }
    void *p = pool->carve;
    pool->carve += size;
    pool->carve_left -= size;
    return p;
}

static void pool_give(hb_lua_pool *pool, void *p, size_t c)
{
    hb_lua_pool_free *f = p;
    f->next = pool->free[c];
    pool->free[c] = f;
}

void hb_lua_pool_fini(hb_lua_pool *pool)
{
    while (pool->chunks) {
        pool_chunk *next = ((pool_chunk *)pool->chunks)->next;
        free(pool->chunks);
        pool->chunks = next;
    }
    memset(pool->free, 0, sizeof pool->free);
    pool->carve = NULL;
    pool->carve_left = 0;
}

/* Lua gives the old block's size (osize) with every block it frees or resizes, so a small block
 * needs no header: its class follows from its size. */
void *hb_lua_pool_resize(hb_lua_pool *pool, void *ptr, size_t osize, size_t nsize)
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
            pool_give(pool, ptr, pool_class(old));
        else
            free(ptr);
        return NULL;
    }
    void *p;
    if (nsize <= HB_LUA_POOL_SMALL_MAX) {
        size_t c = pool_class(nsize);
        if (old_small && pool_class(old) == c)
            p = ptr; /* the same block fits */
        else if ((p = pool_take(pool, c)) && ptr) {
            memcpy(p, ptr, old < nsize ? old : nsize);
            if (old_small)
                pool_give(pool, ptr, pool_class(old));
            else
                free(ptr);
        }
    } else if (old_small) {
        if ((p = malloc(nsize))) {
            memcpy(p, ptr, old);
            pool_give(pool, ptr, pool_class(old));
        }
    } else {
        p = realloc(ptr, nsize);
    }
    return p;
}
