/* test_links.c: permalinks, relative URLs, path resolution and the resolution of links written
 * in pages (pages, anchors, anchor aliases, files, broken ones) against a small site. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "site.h"
#include "url.h"

static void expect_str(char *got, const char *want)
{
    assert_non_null(got);
    assert_string_equal(got, want);
    free(got);
}

static void test_permalinks(void **state)
{
    (void)state;
    expect_str(hb_permalink_from_path("index.md"), "/");
    expect_str(hb_permalink_from_path("a/b.md"), "/a/b/");
    expect_str(hb_permalink_from_path("a/index.md"), "/a/");
    expect_str(hb_permalink_from_path("a/b/index.md"), "/a/b/");
    /* Only a file named exactly index.md (or Hugo's _index.md) is a folder's index. */
    expect_str(hb_permalink_from_path("a/reindex.md"), "/a/reindex/");
    expect_str(hb_permalink_from_path("a/_index.md"), "/a/");
    expect_str(hb_permalink_from_path("_index.md"), "/");
    expect_str(hb_permalink_from_path("a/x_index.md"), "/a/x_index/");
}

static void test_relative_urls(void **state)
{
    (void)state;
    expect_str(hb_url_relative("/a/b/", "/a/c/", 0), "../c/");
    expect_str(hb_url_relative("/a/b/", "/a/b/", 0), "./");
    expect_str(hb_url_relative("/", "/a/b/", 0), "a/b/");
    expect_str(hb_url_relative("/a/b/", "/", 0), "../../");
    expect_str(hb_url_relative("/reference/networking/nccl/", "/workflow/training-step/", 0),
               "../../../workflow/training-step/");
    expect_str(hb_url_relative("/a/", "/a/b/", 0), "b/");
    expect_str(hb_url_relative("/a/b/", "/a/img/x.png", 0), "../img/x.png");
    /* Same prefix of letters is not a shared folder. */
    expect_str(hb_url_relative("/ab/", "/abc/", 0), "../abc/");
    /* With index_html, folder links name the file (for file:// browsing). */
    expect_str(hb_url_relative("/a/b/", "/", 1), "../../index.html");
    expect_str(hb_url_relative("/a/b/", "/a/b/", 1), "./index.html");
}

static void test_path_resolve(void **state)
{
    (void)state;
    expect_str(hb_path_resolve("workflow", "../reference/x.md"), "reference/x.md");
    expect_str(hb_path_resolve("", "./a/./b.md"), "a/b.md");
    expect_str(hb_path_resolve("a/b", "../../c.md"), "c.md");
    expect_str(hb_path_resolve("a", "b//c.md"), "a/b/c.md");
    assert_null(hb_path_resolve("a", "../../c.md"));
    assert_null(hb_path_resolve("", "../c.md"));
    /* A trailing '/' of the link stays (a folder), "." segments and repeated '/' go. */
    expect_str(hb_path_resolve("a/b", "../c/"), "a/c/");
    expect_str(hb_path_resolve("a", "./"), "a/");
    expect_str(hb_path_resolve("a", ".."), "");
    expect_str(hb_path_resolve("", ""), "");
    expect_str(hb_path_resolve("a//b/", "/c.md"), "a/b/c.md");
}

static void test_external(void **state)
{
    (void)state;
    assert_true(hb_url_is_external("https://docs.nvidia.com/"));
    assert_true(hb_url_is_external("mailto:ops@example.org"));
    assert_true(hb_url_is_external("//cdn.example.org/x.js"));
    assert_false(hb_url_is_external("guide.md"));
    assert_false(hb_url_is_external("../a/b.md#c:d"));
    assert_false(hb_url_is_external("#anchor"));
    assert_false(hb_url_is_external("/a/b/"));
}

/* ---- a small site --------------------------------------------------------------------------- */

typedef struct fixture {
    hb_build_options options;
    hb_diag diag;
    hb_site site;
} fixture;

static void add_page(fixture *f, const char *rel, const char **anchors)
{
    hb_site *s = &f->site;
    s->pages = realloc(s->pages, (s->n_pages + 1) * sizeof *s->pages);
    hb_page *p = &s->pages[s->n_pages];
    memset(p, 0, sizeof *p);
    p->rel_path = strdup(rel);
    p->path = hb_strfmt("content/%s", rel);
    p->permalink = hb_permalink_from_path(rel);
    const char *slash = strrchr(rel, '/');
    p->dir = slash ? strndup(rel, (size_t)(slash - rel)) : strdup("");
    p->title = strdup(rel);
    p->ok = 1;
    for (size_t n = 0; anchors && anchors[n]; n++) {
        p->anchors = realloc(p->anchors, (p->n_anchors + 1) * sizeof(char *));
        p->anchors[p->n_anchors++] = strdup(anchors[n]); /* given sorted */
    }
    const char *base = slash ? slash + 1 : rel;
    p->is_index = !strcmp(base, "index.md") || !strcmp(base, "_index.md");
    s->n_pages++;
    hb_map_put(&s->by_rel_path, rel, (void *)s->n_pages);
    hb_map_put(&s->by_permalink, p->permalink, (void *)s->n_pages);
    if (p->is_index)
        hb_map_put(&s->dir_index, p->dir, (void *)s->n_pages);
}

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    f->options.content_dir = "content";
    hb_diag_init(&f->diag);
    f->site.options = &f->options;
    f->site.diag = &f->diag;
    add_page(f, "index.md", (const char *[]){"symptoms", "training-workflow", NULL});
    add_page(f, "workflow/training-step.md", (const char *[]){"overlap", "phases", NULL});
    add_page(f, "reference/networking/nccl.md",
             (const char *[]){"busbw", "nccl-tests", "transports", NULL});
    add_page(f, "reference/index.md", NULL);
    add_page(f, "hugo/_index.md", NULL); /* page 4: a folder in Hugo's layout */
    /* nccl.md keeps an old id alive: #bus-bandwidth -> #busbw. */
    hb_page *nccl = &f->site.pages[2];
    nccl->anchor_aliases = calloc(1, sizeof *nccl->anchor_aliases);
    nccl->anchor_aliases[0] = (hb_anchor_alias){strdup("bus-bandwidth"), strdup("busbw"), 3, 1};
    nccl->n_anchor_aliases = 1;
    hb_map_put(&f->site.files, "reference/networking/rings.svg", (void *)1);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    for (size_t i = 0; i < f->site.n_pages; i++)
        hb_page_free(&f->site.pages[i]);
    free(f->site.pages);
    hb_map_free(&f->site.by_rel_path);
    hb_map_free(&f->site.by_permalink);
    hb_map_free(&f->site.dir_index);
    hb_map_free(&f->site.files);
    hb_diag_free(&f->diag);
    free(f);
    return 0;
}

/* Resolves dest from page `from` and checks the kind and, for good links, the href. */
static void expect_link(fixture *f, int from, const char *dest, hb_link_kind kind, const char *href)
{
    hb_link_target t;
    hb_page *page = &f->site.pages[from];
    assert_int_equal(hb_link_resolve(&f->site, page, dest, &t), kind);
    if (href)
        expect_str(hb_link_href(&f->site, page, &t), href);
    hb_link_target_free(&t);
}

static void test_resolve_pages(void **state)
{
    fixture *f = *state;
    expect_link(f, 1, "../reference/networking/nccl.md", HB_LINK_PAGE, "../../reference/networking/nccl/");
    expect_link(f, 1, "../reference/networking/nccl.md#transports", HB_LINK_PAGE,
                "../../reference/networking/nccl/#transports");
    expect_link(f, 0, "workflow/training-step.md", HB_LINK_PAGE, "workflow/training-step/");
    expect_link(f, 2, "../../index.md#symptoms", HB_LINK_PAGE, "../../../#symptoms");
    expect_link(f, 2, "../index.md", HB_LINK_PAGE, "../../");
    /* A folder link reaches its index.md; a permalink works too. */
    expect_link(f, 0, "reference/", HB_LINK_PAGE, "reference/");
    expect_link(f, 1, "/reference/networking/nccl/", HB_LINK_PAGE, "../../reference/networking/nccl/");
    /* A folder in Hugo's layout: its _index.md, by folder, file or permalink. */
    expect_link(f, 1, "../hugo/", HB_LINK_PAGE, "../../hugo/");
    expect_link(f, 1, "../hugo/_index.md", HB_LINK_PAGE, "../../hugo/");
    expect_link(f, 2, "/hugo/", HB_LINK_PAGE, "../../../hugo/");
    /* Anchors on the same page stay fragment-only. */
    expect_link(f, 1, "#phases", HB_LINK_PAGE, "#phases");
    expect_link(f, 1, "training-step.md#overlap", HB_LINK_PAGE, "#overlap");
}

static void test_resolve_aliases_and_files(void **state)
{
    fixture *f = *state;
    /* An anchor alias resolves, and the href names the current id. */
    expect_link(f, 0, "reference/networking/nccl.md#bus-bandwidth", HB_LINK_PAGE,
                "reference/networking/nccl/#busbw");
    expect_link(f, 2, "rings.svg", HB_LINK_FILE, "../rings.svg");
    expect_link(f, 0, "https://github.com/NVIDIA/nccl-tests", HB_LINK_EXTERNAL, NULL);
}

static void test_resolve_broken(void **state)
{
    fixture *f = *state;
    expect_link(f, 1, "../reference/networking/rccl.md", HB_LINK_BROKEN_PAGE, NULL);
    expect_link(f, 1, "../reference/networking/nccl.md#no-such-id", HB_LINK_BROKEN_ANCHOR, NULL);
    expect_link(f, 1, "#nowhere", HB_LINK_BROKEN_ANCHOR, NULL);
    expect_link(f, 0, "../outside.md", HB_LINK_BROKEN_PAGE, NULL);
    expect_link(f, 0, "reference/networking/missing.png", HB_LINK_BROKEN_PAGE, NULL);
    /* A .md link never resolves to a copied file, even when one exists under that name. */
    hb_map_put(&f->site.files, "notes.md", (void *)1);
    expect_link(f, 0, "notes.md", HB_LINK_BROKEN_PAGE, NULL);
    hb_link_target t;
    hb_link_resolve(&f->site, &f->site.pages[1], "../reference/networking/nccl.md#gone", &t);
    assert_string_equal(t.anchor, "gone");
    assert_int_equal(t.page, 2);
    hb_link_target_free(&t);
}

/* What a link resolves to records what was looked for; a query is not part of the path; paths
 * longer than the resolver's stack buffer resolve the same way. */
static void test_resolve_details(void **state)
{
    fixture *f = *state;
    hb_link_target t;
    assert_int_equal(hb_link_resolve(&f->site, &f->site.pages[1], "../reference/x.md?v=2#y", &t),
                     HB_LINK_BROKEN_PAGE);
    assert_string_equal(t.file, "reference/x.md");
    assert_string_equal(t.anchor, "y");
    hb_link_target_free(&t);
    assert_int_equal(hb_link_resolve(&f->site, &f->site.pages[1], "../../../x.md", &t),
                     HB_LINK_BROKEN_PAGE);
    assert_string_equal(t.file, "../../../x.md"); /* above the top: the link as written */
    hb_link_target_free(&t);
    assert_int_equal(hb_link_resolve(&f->site, &f->site.pages[0], "/reference/nope", &t),
                     HB_LINK_BROKEN_PAGE);
    assert_string_equal(t.file, "reference/nope");
    hb_link_target_free(&t);
    expect_link(f, 0, "/reference/networking/nccl.md?x#busbw", HB_LINK_PAGE,
                "reference/networking/nccl/#busbw");
    expect_link(f, 1, "../reference", HB_LINK_BROKEN_PAGE, NULL); /* a folder needs its '/' */
    expect_link(f, 2, "../", HB_LINK_PAGE, "../../"); /* a folder: its index.md */
    /* 2,000 bytes of "./" before the target. */
    hb_buf longer = {0};
    for (int i = 0; i < 1000; i++)
        hb_buf_puts(&longer, "./");
    hb_buf_puts(&longer, "../reference/networking/nccl.md#transports");
    expect_link(f, 1, longer.data, HB_LINK_PAGE, "../../reference/networking/nccl/#transports");
    hb_buf_puts(&longer, "x");
    assert_int_equal(hb_link_resolve(&f->site, &f->site.pages[1], longer.data, &t),
                     HB_LINK_BROKEN_ANCHOR);
    hb_link_target_free(&t);
    hb_buf_free(&longer);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_permalinks),
        cmocka_unit_test(test_relative_urls),
        cmocka_unit_test(test_path_resolve),
        cmocka_unit_test(test_external),
        cmocka_unit_test_setup_teardown(test_resolve_pages, setup, teardown),
        cmocka_unit_test_setup_teardown(test_resolve_aliases_and_files, setup, teardown),
        cmocka_unit_test_setup_teardown(test_resolve_broken, setup, teardown),
        cmocka_unit_test_setup_teardown(test_resolve_details, setup, teardown),
    };
    return cmocka_run_group_tests_name("links", tests, NULL, NULL);
}
