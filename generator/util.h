/* util.h: small shared helpers of the generator: growable byte buffers, files and folders,
 * UTF-8 validation, and a string-keyed hash map. Each function says who frees what. */
#ifndef HB_UTIL_H
#define HB_UTIL_H

#include <stddef.h>
#include <stdio.h>

/* A growable byte buffer, always NUL-terminated after its len bytes (data may be NULL while
 * empty). The buffer owns data; free it with hb_buf_free. Out of memory aborts the process with
 * a message: the generator cannot do anything useful without memory. */
typedef struct hb_buf {
    char *data;
    size_t len;
    size_t cap;
} hb_buf;

void hb_buf_add(hb_buf *buf, const char *bytes, size_t len);
void hb_buf_puts(hb_buf *buf, const char *text);
void hb_buf_printf(hb_buf *buf, const char *format, ...) __attribute__((format(printf, 2, 3)));
/* Appends text escaped for HTML text and attribute values (& < > " '). */
void hb_buf_put_escaped(hb_buf *buf, const char *text, size_t len);
/* Returns the contents as a malloc'd string the caller frees, and empties buf. Never NULL. */
char *hb_buf_take(hb_buf *buf);
void hb_buf_free(hb_buf *buf);

/* malloc/calloc/realloc/strdup that abort with a message when memory runs out. */
void *hb_malloc(size_t size);
void *hb_calloc(size_t count, size_t size);
void *hb_realloc(void *ptr, size_t size);
char *hb_strdup(const char *text);
char *hb_strndup(const char *text, size_t len);
/* Makes room for one more item in an array that holds count items of size bytes and grows
 * only through this function: the capacity doubles (it is count rounded up to a power of two,
 * so no field holds it), and appending n items costs O(n), not O(n^2) copying as growing by
 * one item at a time does. Returns the array, possibly moved. */
void *hb_grow(void *array, size_t count, size_t size);
/* printf into a malloc'd string the caller frees. */
char *hb_strfmt(const char *format, ...) __attribute__((format(printf, 1, 2)));

/* Reads a whole file into a malloc'd, NUL-terminated buffer (*len_out excludes the NUL).
 * Returns NULL with errno set when it cannot be read. The caller frees the result. */
char *hb_read_file(const char *path, size_t *len_out);

/* Writes len bytes to path, creating missing parent folders. Returns 0, or -1 with errno set. */
int hb_write_file(const char *path, const char *data, size_t len);

/* Creates a folder and its missing parents (mode 0755). Returns 0, or -1 with errno set. */
int hb_mkdir_p(const char *path);

/* Removes a file or a folder tree. Returns 0 (also when path does not exist), or -1. */
int hb_rm_rf(const char *path);

/* Copies one file, creating the parent folders of dst. Returns 0, or -1 with errno set. */
int hb_copy_file(const char *src, const char *dst);

/* Where a symbolic link (or any path) really leads, against the folder it must stay in.
 * root_real: that folder's absolute path as realpath() gives it. Returns 1 when path resolves
 * to root_real or below it; 0 when it resolves outside it, with *target set to the resolved
 * path (malloc'd, the caller frees; NULL target: not wanted); -1 when it does not resolve (a
 * dangling link, errno set). A build reads only what lies inside its content and templates
 * folders: a link to /etc or ~/.ssh would publish the machine's files. */
int hb_path_resolves_inside(const char *path, const char *root_real, char **target);

/* Decodes the character references of HTML text (an attribute's value): &amp; &lt; &gt;
 * &quot; &apos; and numeric ones (&#106; &#x6a;, also without the ';', as browsers read them)
 * into UTF-8. Returns a malloc'd string the caller frees, or NULL when the text holds a named
 * reference other than those five (&colon; and 2,000 others: the caller must not guess what a
 * browser makes of it). */
char *hb_html_decode(const char *text, size_t len);

/* Joins two path parts with one '/' between them. Returns a malloc'd string the caller frees. */
char *hb_path_join(const char *a, const char *b);

/* Validates UTF-8 (no overlongs, no surrogates, nothing above U+10FFFF). Returns 1 when valid;
 * otherwise 0 with the 1-based line and byte column of the first bad byte. */
int hb_utf8_valid(const char *text, size_t len, int *line_out, int *col_out);

/* 1 when text ends with suffix. */
int hb_ends_with(const char *text, const char *suffix);

/* 1 when a file name (no folder) is an editor's scratch or backup file, which is not part of
 * the site: hidden names (".x", vim's ".x.swp", emacs's ".#x" lock), backups ("x~"), emacs
 * autosaves ("#x#"), vim swap files ("x.swp", "x.swx") and vim's write probe "4913". Content
 * discovery skips them and `handbook serve` does not rebuild for them: both must agree, or a
 * left-behind backup would be in a clean build and not in the served site. */
int hb_scratch_file_name(const char *name);

/* A string-keyed hash map of pointers (open addressing). Keys are copied and owned by the map;
 * values are borrowed. Not thread-safe for writes; concurrent reads are fine. */
typedef struct hb_map {
    char **keys;
    void **values;
    size_t cap;   /* a power of two, or 0 */
    size_t count;
} hb_map;

/* Sets key to value. Returns the previous value, or NULL when the key was new. */
void *hb_map_put(hb_map *map, const char *key, void *value);
/* Returns the value of key, or NULL. */
void *hb_map_get(const hb_map *map, const char *key);
void hb_map_free(hb_map *map);

/* A pool of bytes that several threads fill at once and that is freed in one go: each thread
 * bumps through chunks of its own (taken under a lock), so memory one thread wrote can be read
 * by another and never goes back to malloc piece by piece from a thread that did not allocate
 * it (glibc's cross-thread frees took more CPU than the build saved by keeping pages in
 * memory). Free with hb_pool_free (NULL: no-op), after every thread is done with it. */
typedef struct hb_pool hb_pool;
hb_pool *hb_pool_new(void);
void hb_pool_free(hb_pool *pool);
/* len bytes of memory from pool for the calling thread, aligned for any type. Never NULL
 * (out of memory aborts, as hb_malloc). */
void *hb_pool_alloc(hb_pool *pool, size_t len);
/* A copy of len bytes of text, NUL-terminated, in pool. */
char *hb_pool_strndup(hb_pool *pool, const char *text, size_t len);

#endif
