/* cmark_floor.c: the benchmark's floor: render every page body of a corpus with libcmark-gfm
 * alone (no template, no link graph, no site work), one page at a time, on one thread.
 *
 * usage: cmark_floor CONTENT_DIR OUT_DIR
 * Every *.md file under CONTENT_DIR (front matter skipped) becomes OUT_DIR/<same path>.html with
 * the same GFM extensions as `handbook build` (table, autolink, strikethrough, tagfilter,
 * tasklist). Prints the page count. Exits 1 on any read or write error. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm.h>

static const char *const floor_extensions[] = {"table", "autolink", "strikethrough", "tagfilter",
                                               "tasklist"};

/* Returns the text after the front matter block ("---\n...\n---\n"), or text itself. */
static const char *floor_skip_front_matter(const char *text)
{
    if (strncmp(text, "---\n", 4) != 0)
        return text;
    const char *end = strstr(text + 4, "\n---\n");
    return end ? end + 5 : text;
}

static int floor_render(const char *in_path, const char *out_path)
{
    FILE *in = fopen(in_path, "rb");
    if (!in) {
        fprintf(stderr, "cmark_floor: %s: %s\n", in_path, strerror(errno));
        return -1;
    }
    fseek(in, 0, SEEK_END);
    long size = ftell(in);
    fseek(in, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    size_t got = text ? fread(text, 1, (size_t)size, in) : 0;
    fclose(in);
    if (!text || got != (size_t)size) {
        free(text);
        fprintf(stderr, "cmark_floor: cannot read %s\n", in_path);
        return -1;
    }
    text[got] = '\0';
    const char *body = floor_skip_front_matter(text);

    cmark_parser *parser = cmark_parser_new(CMARK_OPT_DEFAULT);
    for (size_t i = 0; i < sizeof floor_extensions / sizeof floor_extensions[0]; i++)
        cmark_parser_attach_syntax_extension(parser,
                                             cmark_find_syntax_extension(floor_extensions[i]));
    cmark_parser_feed(parser, body, strlen(body));
    cmark_node *doc = cmark_parser_finish(parser);
    char *html = cmark_render_html(doc, CMARK_OPT_DEFAULT, cmark_parser_get_syntax_extensions(parser));
    int rc = 0;
    FILE *out = fopen(out_path, "wb");
    if (!out || fwrite(html, 1, strlen(html), out) != strlen(html)) {
        fprintf(stderr, "cmark_floor: cannot write %s\n", out_path);
        rc = -1;
    }
    if (out && fclose(out) != 0)
        rc = -1;
    free(html);
    cmark_node_free(doc);
    cmark_parser_free(parser);
    free(text);
    return rc;
}

/* Renders every *.md under in_dir into out_dir; returns pages rendered, or -1. */
static long floor_walk(const char *in_dir, const char *out_dir)
{
    DIR *dir = opendir(in_dir);
    if (!dir) {
        fprintf(stderr, "cmark_floor: %s: %s\n", in_dir, strerror(errno));
        return -1;
    }
    if (mkdir(out_dir, 0755) != 0 && errno != EEXIST) {
        fprintf(stderr, "cmark_floor: %s: %s\n", out_dir, strerror(errno));
        closedir(dir);
        return -1;
    }
    long pages = 0;
    struct dirent *e;
    while ((e = readdir(dir)) != NULL && pages >= 0) {
        if (e->d_name[0] == '.')
            continue;
        char in_path[4096], out_path[4096];
        snprintf(in_path, sizeof in_path, "%s/%s", in_dir, e->d_name);
        struct stat st;
        if (stat(in_path, &st) != 0)
            continue;
        size_t len = strlen(e->d_name);
        if (S_ISDIR(st.st_mode)) {
            snprintf(out_path, sizeof out_path, "%s/%s", out_dir, e->d_name);
            long sub = floor_walk(in_path, out_path);
            pages = sub < 0 ? -1 : pages + sub;
        } else if (len > 3 && strcmp(e->d_name + len - 3, ".md") == 0) {
            snprintf(out_path, sizeof out_path, "%s/%.*s.html", out_dir, (int)(len - 3), e->d_name);
            pages = floor_render(in_path, out_path) == 0 ? pages + 1 : -1;
        }
    }
    closedir(dir);
    return pages;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: cmark_floor CONTENT_DIR OUT_DIR\n");
        return 2;
    }
    cmark_gfm_core_extensions_ensure_registered();
    long pages = floor_walk(argv[1], argv[2]);
    if (pages < 0)
        return 1;
    printf("%ld pages\n", pages);
    return 0;
}
