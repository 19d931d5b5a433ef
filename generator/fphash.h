/* fphash.h: the 64-bit running hash serve's fingerprints and graph.c's memo keys are made of. */
#ifndef HB_FPHASH_H
#define HB_FPHASH_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* A 64-bit running hash fed 8 bytes at a time; each step is FNV-1a's (xor the input in, then
 * multiply by an odd constant, Fowler/Noll/Vo) on a word instead of a byte, followed by an
 * xor-shift so high bits reach the low ones. Every step is a bijection of the state for a given
 * input word, as FNV's are. Inputs are length-prefixed (h_str), so concatenations cannot
 * collide by construction. Not for adversarial input: these are our own files. Start from
 * H_INIT, feed with h_u64, h_str, h_bytes; no memory is allocated. */

#define H_INIT 14695981039346656037ULL /* FNV-1a's 64-bit offset basis */
#define H_MUL 0x9E3779B97F4A7C15ULL   /* odd: 2^64 / golden ratio */

static inline uint64_t h_step(uint64_t h, uint64_t word)
{
    h ^= word;
    h *= H_MUL;
    return h ^ (h >> 32);
}

static inline void h_bytes(uint64_t *h, const void *data, size_t len)
{
    const unsigned char *p = data;
    uint64_t v = *h;
    for (; len >= 8; p += 8, len -= 8) {
        uint64_t w;
        memcpy(&w, p, 8);
        v = h_step(v, w);
    }
    if (len) {
        uint64_t w = (uint64_t)len << 56;
        memcpy(&w, p, len); /* little or big endian alike: the top byte keeps the count */
        w |= (uint64_t)len << 56;
        v = h_step(v, w);
    }
    *h = v;
}

static inline void h_u64(uint64_t *h, uint64_t value)
{
    *h = h_step(*h, value);
}

/* A string with its length (so "ab","c" and "a","bc" differ); NULL differs from "". */
static inline void h_str(uint64_t *h, const char *text)
{
    if (!text) {
        h_u64(h, UINT64_MAX);
        return;
    }
    size_t len = strlen(text);
    h_u64(h, len);
    h_bytes(h, text, len);
}

#endif
