/* fence.c: what the generator's own fences share (```lab, ```console lab=, ```timeline, ```cost,
 * ```dot): finding them by the info string's first word, splitting the info string into words,
 * the syntax of a lab id and of a seed, and the body's command lines. See transform.h. */
#include <stdlib.h>
#include <string.h>

#include "transform.h"

/* Whether info's first word (up to a blank or the end) is name. */
static int fence_info_is(const char *info, const char *name)
{
    size_t n = strlen(name);
    return info && !strncmp(info, name, n) && (!info[n] || info[n] == ' ' || info[n] == '\t');
}

cmark_node **hb_doc_fences(hb_doc *doc, const char *name, size_t *count)
{
    size_t n_blocks = 0, n = 0;
    cmark_node **nodes = hb_doc_blocks(doc, CMARK_NODE_CODE_BLOCK, &n_blocks);
    for (size_t i = 0; i < n_blocks; i++)
        if (fence_info_is(cmark_node_get_fence_info(nodes[i]), name))
            nodes[n++] = nodes[i];
    if (!n) {
        free(nodes);
        nodes = NULL;
    }
    *count = n;
    return nodes;
}

int hb_fence_words(const char *info, char words[][HB_FENCE_WORD_BYTES], int max)
{
    int n = 0;
    for (const char *p = info ? info : ""; *p && n < max;) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (!*p)
            break;
        size_t len = strcspn(p, " \t");
        snprintf(words[n++], HB_FENCE_WORD_BYTES, "%.*s",
                 (int)(len < HB_FENCE_WORD_BYTES - 1 ? len : HB_FENCE_WORD_BYTES - 1), p);
        p += len;
    }
    return n;
}

int hb_lab_id_valid(const char *id)
{
    for (const char *c = id; *c; c++)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '-' || *c == '_'))
            return 0;
    return 1;
}

int hb_is_decimal(const char *text)
{
    if (!*text)
        return 0;
    for (; *text; text++)
        if (*text < '0' || *text > '9')
            return 0;
    return 1;
}

size_t hb_fence_lines(cmark_node *node, int first_line, hb_fence_line **out)
{
    const char *body = cmark_node_get_literal(node);
    hb_fence_line *lines = NULL;
    size_t n = 0;
    int line = first_line;
    for (const char *p = body ? body : ""; *p; line++) {
        size_t len = strcspn(p, "\n");
        const char *start = p, *end = p + len;
        p = end + (*end == '\n');
        while (start < end && (*start == ' ' || *start == '\t'))
            start++;
        while (end > start && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
            end--;
        if (start == end)
            continue;
        lines = hb_grow(lines, n, sizeof *lines);
        lines[n].text = hb_strndup(start, (size_t)(end - start));
        lines[n++].line = line;
    }
    *out = lines;
    return n;
}

void hb_fence_lines_free(hb_fence_line *lines, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(lines[i].text);
    free(lines);
}
