/* lua_pool.c: free lists of 16-byte size classes for Lua's small blocks (see lua_pool.h; the
 * allocation paths are inline there). */
#include "lua_pool.h"

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

void *hb_lua_pool_carve(hb_lua_pool *pool, size_t c)
{
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
