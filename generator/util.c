/* util.c: buffers, files and folders, UTF-8 validation and the string map (see util.h). */
#include "util.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void util_oom(void)
{
    fputs("handbook: out of memory\n", stderr);
    abort();
}

void *hb_malloc(size_t size)
{
    void *p = malloc(size ? size : 1);
    if (!p)
        util_oom();
    return p;
}

void *hb_calloc(size_t count, size_t size)
{
    void *p = calloc(count ? count : 1, size ? size : 1);
    if (!p)
        util_oom();
    return p;
}

void *hb_realloc(void *ptr, size_t size)
{
    void *p = realloc(ptr, size ? size : 1);
    if (!p)
        util_oom();
    return p;
}

void *hb_grow(void *array, size_t count, size_t size)
{
    if (count & (count - 1)) /* not a power of two (nor 0): the capacity has room */
        return array;
    return hb_realloc(array, (count ? count * 2 : 1) * size);
}

char *hb_strndup(const char *text, size_t len)
{
    char *p = hb_malloc(len + 1);
    memcpy(p, text, len);
    p[len] = '\0';
    return p;
}

char *hb_strdup(const char *text)
{
    return hb_strndup(text, strlen(text));
}

static void buf_reserve(hb_buf *buf, size_t extra)
{
    if (buf->len + extra + 1 <= buf->cap)
        return;
    size_t cap = buf->cap ? buf->cap : 256;
    while (cap < buf->len + extra + 1)
        cap *= 2;
    buf->data = hb_realloc(buf->data, cap);
    buf->cap = cap;
}

void hb_buf_add(hb_buf *buf, const char *bytes, size_t len)
{
    buf_reserve(buf, len);
    if (len)
        memcpy(buf->data + buf->len, bytes, len);
    buf->len += len;
    buf->data[buf->len] = '\0';
}

void hb_buf_puts(hb_buf *buf, const char *text)
{
    hb_buf_add(buf, text, strlen(text));
}

static void buf_vprintf(hb_buf *buf, const char *format, va_list ap)
{
    /* Formatted once into a stack buffer and copied when it fits (almost always: paths, keys,
     * messages), not once to measure and again to write: this function was 10% of the CPU of
     * a text edit's rebuild under serve at 10,000 pages (perf), half of it measuring. */
    char small[256];
    va_list copy;
    va_copy(copy, ap);
    int n = vsnprintf(small, sizeof small, format, copy);
    va_end(copy);
    if (n < 0)
        return;
    buf_reserve(buf, (size_t)n);
    if ((size_t)n < sizeof small)
        memcpy(buf->data + buf->len, small, (size_t)n + 1);
    else
        vsnprintf(buf->data + buf->len, (size_t)n + 1, format, ap);
    buf->len += (size_t)n;
}

void hb_buf_printf(hb_buf *buf, const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    buf_vprintf(buf, format, ap);
    va_end(ap);
}

char *hb_strfmt(const char *format, ...)
{
    hb_buf buf = {0};
    va_list ap;
    va_start(ap, format);
    buf_vprintf(&buf, format, ap);
    va_end(ap);
    return hb_buf_take(&buf);
}

void hb_buf_put_escaped(hb_buf *buf, const char *text, size_t len)
{
    size_t start = 0;
    for (size_t i = 0; i < len; i++) {
        const char *rep = NULL;
        switch (text[i]) {
        case '&': rep = "&amp;"; break;
        case '<': rep = "&lt;"; break;
        case '>': rep = "&gt;"; break;
        case '"': rep = "&quot;"; break;
        case '\'': rep = "&#39;"; break;
        default: break;
        }
        if (rep) {
            hb_buf_add(buf, text + start, i - start);
            hb_buf_puts(buf, rep);
            start = i + 1;
        }
    }
    hb_buf_add(buf, text + start, len - start);
}

char *hb_buf_take(hb_buf *buf)
{
    char *data = buf->data ? buf->data : hb_strdup("");
    buf->data = NULL;
    buf->len = buf->cap = 0;
    return data;
}

void hb_buf_free(hb_buf *buf)
{
    free(buf->data);
    buf->data = NULL;
    buf->len = buf->cap = 0;
}

char *hb_read_file(const char *path, size_t *len_out)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return NULL;
    struct stat st;
    if (fstat(fd, &st) != 0) {
        close(fd);
        return NULL;
    }
    if (S_ISDIR(st.st_mode)) {
        close(fd);
        errno = EISDIR;
        return NULL;
    }
    size_t cap = st.st_size > 0 ? (size_t)st.st_size + 1 : 4096, len = 0;
    char *data = hb_malloc(cap);
    for (;;) {
        if (len + 1 >= cap) {
            cap *= 2;
            data = hb_realloc(data, cap);
        }
        ssize_t n = read(fd, data + len, cap - len - 1);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            int saved = errno;
            free(data);
            close(fd);
            errno = saved;
            return NULL;
        }
        if (n == 0)
            break;
        len += (size_t)n;
    }
    close(fd);
    data[len] = '\0';
    if (len_out)
        *len_out = len;
    return data;
}

int hb_mkdir_p(const char *path)
{
    /* The common case first: only the last folder is missing (one system call). */
    if (mkdir(path, 0755) == 0 || errno == EEXIST)
        return 0;
    if (errno != ENOENT)
        return -1;
    const char *slash = strrchr(path, '/');
    if (!slash || slash == path)
        return -1;
    char *parent = hb_strndup(path, (size_t)(slash - path));
    int rc = hb_mkdir_p(parent);
    free(parent);
    if (rc != 0)
        return -1;
    return mkdir(path, 0755) == 0 || errno == EEXIST ? 0 : -1;
}

static int util_mkdir_parent(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash || slash == path)
        return 0;
    char *dir = hb_strndup(path, (size_t)(slash - path));
    int rc = hb_mkdir_p(dir);
    free(dir);
    return rc;
}

int hb_write_file(const char *path, const char *data, size_t len)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0 && errno == ENOENT) {
        if (util_mkdir_parent(path) != 0)
            return -1;
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    }
    if (fd < 0)
        return -1;
    size_t done = 0;
    while (done < len) {
        ssize_t n = write(fd, data + done, len - done);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            int saved = errno;
            close(fd);
            errno = saved;
            return -1;
        }
        done += (size_t)n;
    }
    return close(fd);
}

int hb_rm_rf(const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0)
        return errno == ENOENT ? 0 : -1;
    if (!S_ISDIR(st.st_mode))
        return unlink(path);
    DIR *dir = opendir(path);
    if (!dir)
        return -1;
    int rc = 0;
    struct dirent *entry;
    while ((entry = readdir(dir))) {
        if (!strcmp(entry->d_name, ".") || !strcmp(entry->d_name, ".."))
            continue;
        char *child = hb_path_join(path, entry->d_name);
        if (hb_rm_rf(child) != 0)
            rc = -1;
        free(child);
    }
    closedir(dir);
    if (rmdir(path) != 0)
        rc = -1;
    return rc;
}

int hb_copy_file(const char *src, const char *dst)
{
    size_t len;
    char *data = hb_read_file(src, &len);
    if (!data)
        return -1;
    int rc = hb_write_file(dst, data, len);
    free(data);
    return rc;
}

int hb_path_resolves_inside(const char *path, const char *root_real, char **target)
{
    if (target)
        *target = NULL;
    char *real = realpath(path, NULL);
    if (!real)
        return -1;
    size_t len = strlen(root_real);
    while (len > 1 && root_real[len - 1] == '/')
        len--;
    int inside = !strncmp(real, root_real, len) &&
                 (real[len] == '\0' || real[len] == '/' || (len == 1 && root_real[0] == '/'));
    if (!inside && target)
        *target = real;
    else
        free(real);
    return inside;
}

/* Appends code point cp as UTF-8 (U+FFFD for what is no character, as browsers do). */
static void util_put_utf8(hb_buf *out, unsigned long cp)
{
    char b[4];
    if (cp == 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        cp = 0xFFFD;
    if (cp < 0x80) {
        b[0] = (char)cp;
        hb_buf_add(out, b, 1);
    } else if (cp < 0x800) {
        b[0] = (char)(0xC0 | (cp >> 6));
        b[1] = (char)(0x80 | (cp & 0x3F));
        hb_buf_add(out, b, 2);
    } else if (cp < 0x10000) {
        b[0] = (char)(0xE0 | (cp >> 12));
        b[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        b[2] = (char)(0x80 | (cp & 0x3F));
        hb_buf_add(out, b, 3);
    } else {
        b[0] = (char)(0xF0 | (cp >> 18));
        b[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
        b[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
        b[3] = (char)(0x80 | (cp & 0x3F));
        hb_buf_add(out, b, 4);
    }
}

char *hb_html_decode(const char *text, size_t len)
{
    static const struct {
        const char *name;
        char c;
    } named[] = {{"amp;", '&'}, {"lt;", '<'}, {"gt;", '>'}, {"quot;", '"'}, {"apos;", '\''}};
    hb_buf out = {0};
    size_t i = 0;
    while (i < len) {
        if (text[i] != '&') {
            hb_buf_add(&out, text + i, 1);
            i++;
            continue;
        }
        const char *p = text + i + 1;
        size_t left = len - i - 1;
        if (left && *p == '#') {
            int hex = left > 1 && (p[1] == 'x' || p[1] == 'X');
            size_t k = hex ? 2 : 1, digits = 0;
            unsigned long cp = 0;
            while (k < left && (hex ? isxdigit((unsigned char)p[k]) : isdigit((unsigned char)p[k]))) {
                int d = isdigit((unsigned char)p[k]) ? p[k] - '0' : (tolower((unsigned char)p[k]) - 'a' + 10);
                if (cp <= 0x10FFFF)
                    cp = cp * (hex ? 16 : 10) + (unsigned long)d;
                k++;
                digits++;
            }
            if (digits) {
                util_put_utf8(&out, cp);
                i += 1 + k + (k < left && p[k] == ';');
                continue;
            }
        } else if (left && isalpha((unsigned char)*p)) {
            size_t k = 0;
            for (; k < sizeof named / sizeof named[0]; k++) {
                size_t n = strlen(named[k].name);
                if (left >= n && !memcmp(p, named[k].name, n)) {
                    hb_buf_add(&out, &named[k].c, 1);
                    i += 1 + n;
                    break;
                }
            }
            if (k < sizeof named / sizeof named[0])
                continue;
            hb_buf_free(&out);
            return NULL;
        }
        hb_buf_add(&out, "&", 1); /* a lone '&' */
        i++;
    }
    return hb_buf_take(&out);
}

char *hb_path_join(const char *a, const char *b)
{
    size_t la = strlen(a);
    while (la > 1 && a[la - 1] == '/')
        la--;
    while (*b == '/')
        b++;
    if (la == 0 || (la == 1 && a[0] == '.'))
        return hb_strdup(b);
    return hb_strfmt("%.*s/%s", (int)la, a, b);
}

/* The offset of the first byte of text that does not begin a valid UTF-8 sequence (overlong
 * forms, surrogates and code points above U+10FFFF are invalid), or len when all of it is
 * valid. ASCII is checked 8 bytes at a time, as a page is mostly ASCII. */
static size_t utf8_first_invalid(const unsigned char *s, size_t len)
{
    size_t i = 0;
    while (i < len) {
        if (len - i >= 8) {
            uint64_t word;
            memcpy(&word, s + i, sizeof word);
            if (!(word & UINT64_C(0x8080808080808080))) {
                i += 8;
                continue;
            }
        }
        unsigned c = s[i];
        size_t n;
        uint32_t cp, min;
        if (c < 0x80) {
            i++;
            continue;
        } else if ((c & 0xE0) == 0xC0) {
            n = 2, cp = c & 0x1F, min = 0x80;
        } else if ((c & 0xF0) == 0xE0) {
            n = 3, cp = c & 0x0F, min = 0x800;
        } else if ((c & 0xF8) == 0xF0) {
            n = 4, cp = c & 0x07, min = 0x10000;
        } else {
            return i;
        }
        if (i + n > len)
            return i;
        for (size_t k = 1; k < n; k++) {
            if ((s[i + k] & 0xC0) != 0x80)
                return i;
            cp = (cp << 6) | (s[i + k] & 0x3F);
        }
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            return i;
        i += n;
    }
    return len;
}

int hb_utf8_valid(const char *text, size_t len, int *line_out, int *col_out)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t bad = utf8_first_invalid(s, len);
    if (bad == len)
        return 1;
    /* The position of the bad byte: lines counted from 1, columns in bytes from 1. */
    int line = 1;
    size_t line_start = 0;
    for (size_t i = 0; i < bad; i++) {
        if (s[i] == '\n') {
            line++;
            line_start = i + 1;
        }
    }
    if (line_out)
        *line_out = line;
    if (col_out)
        *col_out = (int)(bad - line_start) + 1;
    return 0;
}

int hb_ends_with(const char *text, const char *suffix)
{
    size_t lt = strlen(text), ls = strlen(suffix);
    return lt >= ls && memcmp(text + lt - ls, suffix, ls) == 0;
}

int hb_scratch_file_name(const char *name)
{
    size_t len = strlen(name);
    if (len == 0 || name[0] == '.' || name[len - 1] == '~' || strcmp(name, "4913") == 0)
        return 1;
    if (len >= 2 && name[0] == '#' && name[len - 1] == '#')
        return 1;
    return len > 4 && (strcmp(name + len - 4, ".swp") == 0 || strcmp(name + len - 4, ".swx") == 0);
}

/* FNV-1a, 64 bit. */
static uint64_t map_hash(const char *key)
{
    uint64_t h = 14695981039346656037ULL; /* FNV-1a 64-bit offset basis */
    for (const unsigned char *p = (const unsigned char *)key; *p; p++)
        h = (h ^ *p) * 1099511628211ULL;
    return h;
}

static void map_grow(hb_map *map)
{
    size_t old_cap = map->cap;
    char **old_keys = map->keys;
    void **old_values = map->values;
    map->cap = old_cap ? old_cap * 2 : 64;
    map->keys = hb_calloc(map->cap, sizeof(char *));
    map->values = hb_calloc(map->cap, sizeof(void *));
    for (size_t i = 0; i < old_cap; i++) {
        if (!old_keys[i])
            continue;
        size_t j = map_hash(old_keys[i]) & (map->cap - 1);
        while (map->keys[j])
            j = (j + 1) & (map->cap - 1);
        map->keys[j] = old_keys[i];
        map->values[j] = old_values[i];
    }
    free(old_keys);
    free(old_values);
}

void *hb_map_put(hb_map *map, const char *key, void *value)
{
    if ((map->count + 1) * 2 > map->cap)
        map_grow(map);
    size_t j = map_hash(key) & (map->cap - 1);
    while (map->keys[j]) {
        if (!strcmp(map->keys[j], key)) {
            void *old = map->values[j];
            map->values[j] = value;
            return old;
        }
        j = (j + 1) & (map->cap - 1);
    }
    map->keys[j] = hb_strdup(key);
    map->values[j] = value;
    map->count++;
    return NULL;
}

void *hb_map_get(const hb_map *map, const char *key)
{
    if (!map->cap)
        return NULL;
    size_t j = map_hash(key) & (map->cap - 1);
    while (map->keys[j]) {
        if (!strcmp(map->keys[j], key))
            return map->values[j];
        j = (j + 1) & (map->cap - 1);
    }
    return NULL;
}

void hb_map_free(hb_map *map)
{
    for (size_t i = 0; i < map->cap; i++)
        free(map->keys[i]);
    free(map->keys);
    free(map->values);
    memset(map, 0, sizeof *map);
}

/* ---- pools ----------------------------------------------------------------------------------- */

#define POOL_CHUNK_BYTES (1u << 20)

struct hb_pool {
    pthread_mutex_t lock;
    char **chunks;
    size_t n_chunks;
    unsigned long serial; /* tells a thread's current chunk of this pool from a freed one's */
};

static atomic_ulong pool_serials = 1;

/* The calling thread's chunk in the pool it last allocated from. */
static _Thread_local struct {
    unsigned long serial;
    char *next;
    size_t left;
} pool_mine;

hb_pool *hb_pool_new(void)
{
    hb_pool *pool = hb_calloc(1, sizeof *pool);
    pthread_mutex_init(&pool->lock, NULL);
    pool->serial = atomic_fetch_add(&pool_serials, 1);
    return pool;
}

void hb_pool_free(hb_pool *pool)
{
    if (!pool)
        return;
    for (size_t i = 0; i < pool->n_chunks; i++)
        free(pool->chunks[i]);
    free(pool->chunks);
    pthread_mutex_destroy(&pool->lock);
    free(pool);
}

void *hb_pool_alloc(hb_pool *pool, size_t len)
{
    len = (len + 15) & ~(size_t)15;
    if (pool_mine.serial != pool->serial || pool_mine.left < len) {
        size_t size = len > POOL_CHUNK_BYTES / 4 ? len : POOL_CHUNK_BYTES;
        char *chunk = hb_malloc(size);
        pthread_mutex_lock(&pool->lock);
        pool->chunks = hb_grow(pool->chunks, pool->n_chunks, sizeof *pool->chunks);
        pool->chunks[pool->n_chunks++] = chunk;
        pthread_mutex_unlock(&pool->lock);
        if (size != POOL_CHUNK_BYTES)
            return chunk; /* a large one of its own; the current chunk stays */
        pool_mine.serial = pool->serial;
        pool_mine.next = chunk;
        pool_mine.left = size;
    }
    void *out = pool_mine.next;
    pool_mine.next += len;
    pool_mine.left -= len;
    return out;
}

char *hb_pool_strndup(hb_pool *pool, const char *text, size_t len)
{
    char *out = hb_pool_alloc(pool, len + 1);
    memcpy(out, text, len);
    out[len] = '\0';
    return out;
}
