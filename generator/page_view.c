/* page_view.c: the site's navigation index and each page's view (see page_view.h). */
#include "page_view.h"

#include <stdlib.h>
#include <string.h>

#include "fphash.h"
#include "graph.h"

/* A sibling list: the entries of one folder inside one group, in reading order (the group's
 * pages in that folder, and the index pages of its subfolders in that group). */
typedef struct nav_list {
    int *pages;
    size_t n;
    int more; /* the page listing all of them: the nearest index page at or above the folder */
} nav_list;

struct hb_nav_index {
    const hb_site *site;
    /* the content's folders (hb_site.folders) */
    size_t n_folders;
    int *folder_parent; /* -1 for the top folder */
    int *folder_index;  /* its ok index page (the landing page for the top), or -1 */
    /* per page (-1: none) */
    int *folder;        /* the folder of its file */
    int *list, *pos;    /* the sibling list it is an entry of, and where */
    int *own_list;      /* index pages: the list of their own folder's entries */
    size_t *child_start, *child_len; /* index pages: children[start .. start + len) */
    int *children;
    nav_list *lists;
    size_t n_lists;
    int *group_url;
};

/* The folder whose sibling list page p is an entry of: its own, or for the index page of a
 * folder, the folder above. -1 for the top folder's index page (the landing page). */
static int nav_entry_folder(const hb_nav_index *nav, int p)
{
    int f = nav->folder[p];
    if (f < 0)
        return -1;
    return nav->folder_index[f] == p ? nav->folder_parent[f] : f;
}

/* The index pages of page p's group above it, top down, into out (at most max); returns
 * their count. These are its ancestors in the sidebar (and its level in the tree). */
static size_t nav_chain(const hb_nav_index *nav, int p, int *out, size_t max)
{
    const hb_site *site = nav->site;
    int group = site->pages[p].group;
    int up[HB_VIEW_MAX_CRUMBS];
    size_t n = 0;
    for (int f = nav_entry_folder(nav, p); f >= 0 && n < HB_VIEW_MAX_CRUMBS;
         f = nav->folder_parent[f]) {
        int idx = nav->folder_index[f];
        if (idx >= 0 && idx != p && site->pages[idx].group == group && group >= 0)
            up[n++] = idx;
    }
    size_t count = n < max ? n : max;
    for (size_t k = 0; k < count; k++)
        out[k] = up[n - 1 - k];
    return count;
}

/* 1 when folder f is folder `top` or below it. */
static int nav_folder_within(const hb_nav_index *nav, int f, int top)
{
    for (; f >= 0; f = nav->folder_parent[f])
        if (f == top)
            return 1;
    return 0;
}

hb_nav_index *hb_nav_index_new(const hb_site *site)
{
    hb_nav_index *nav = hb_calloc(1, sizeof *nav);
    nav->site = site;
    size_t n = site->n_pages ? site->n_pages : 1;
    nav->folder = hb_malloc(n * sizeof(int));
    nav->list = hb_malloc(n * sizeof(int));
    nav->pos = hb_malloc(n * sizeof(int));
    nav->own_list = hb_malloc(n * sizeof(int));
    nav->child_start = hb_calloc(n, sizeof(size_t));
    nav->child_len = hb_calloc(n, sizeof(size_t));
    /* The content's folders (discovery's), with their index pages when those are ok. */
    nav->n_folders = site->n_folders;
    size_t nf = site->n_folders ? site->n_folders : 1;
    nav->folder_parent = hb_malloc(nf * sizeof(int));
    nav->folder_index = hb_malloc(nf * sizeof(int));
    for (size_t f = 0; f < site->n_folders; f++) {
        int index = site->folders[f].index;
        nav->folder_parent[f] = site->folders[f].parent;
        nav->folder_index[f] = index >= 0 && site->pages[index].ok ? index : -1;
    }
    for (size_t i = 0; i < site->n_pages; i++) {
        nav->folder[i] = site->pages[i].ok ? hb_site_page_folder(site, i) : -1;
        nav->list[i] = nav->pos[i] = nav->own_list[i] = -1;
    }

    /* Sibling lists, group by group: a folder's list in the group being read. */
    int *list_of = hb_malloc(nav->n_folders * sizeof(int));
    for (size_t f = 0; f < nav->n_folders; f++)
        list_of[f] = -1;
    nav->group_url = hb_malloc((site->n_groups ? site->n_groups : 1) * sizeof(int));
    for (size_t g = 0; g < site->n_groups; g++) {
        const hb_group *group = &site->groups[g];
        for (size_t k = 0; k < group->n_pages; k++) {
            int p = group->pages[k];
            int f = nav_entry_folder(nav, p);
            if (f < 0)
                continue;
            if (list_of[f] < 0) {
                nav->lists = hb_grow(nav->lists, nav->n_lists, sizeof *nav->lists);
                nav_list *l = &nav->lists[nav->n_lists];
                memset(l, 0, sizeof *l);
                l->more = -1;
                for (int up = f; up >= 0 && l->more < 0; up = nav->folder_parent[up])
                    l->more = nav->folder_index[up];
                list_of[f] = (int)nav->n_lists++;
            }
            nav_list *l = &nav->lists[list_of[f]];
            l->pages = hb_grow(l->pages, l->n, sizeof(int));
            nav->list[p] = list_of[f];
            nav->pos[p] = (int)l->n;
            l->pages[l->n++] = p;
        }
        for (size_t k = 0; k < group->n_pages; k++) {
            int p = group->pages[k], f = nav->folder[p];
            if (f >= 0 && nav->folder_index[f] == p)
                nav->own_list[p] = list_of[f];
        }
        for (size_t k = 0; k < group->n_pages; k++) {
            int f = nav_entry_folder(nav, group->pages[k]);
            if (f >= 0)
                list_of[f] = -1;
            if (nav->folder[group->pages[k]] >= 0)
                list_of[nav->folder[group->pages[k]]] = -1;
        }
        /* Where its sidebar entry leads (see hb_nav_group_url). */
        int first = group->pages[0], url = first;
        int ff = nav->folder[first];
        int whole = ff >= 0 && nav->folder_index[ff] == first;
        for (size_t k = 1; whole && k < group->n_pages; k++)
            whole = nav_folder_within(nav, nav->folder[group->pages[k]], ff);
        if (!whole) {
            int top = hb_site_folder_index(site, group->top_dir, strlen(group->top_dir));
            if (top >= 0 && site->pages[top].ok && top != site->home)
                url = top;
        }
        nav->group_url[g] = url;
    }
    free(list_of);

    /* Children: each page in reading order goes to the index page of every folder above it
     * (and of its own), itself excepted; counted first, then filled. */
    size_t total = 0;
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 1) {
            nav->children = hb_malloc((total ? total : 1) * sizeof(int));
            size_t at = 0;
            for (size_t i = 0; i < site->n_pages; i++) {
                nav->child_start[i] = at;
                at += nav->child_len[i];
                nav->child_len[i] = 0;
            }
        }
        for (size_t r = 0; r < site->n_reading; r++) {
            int p = site->reading_order[r];
            if (p == site->home)
                continue;
            for (int f = nav->folder[p]; f >= 0; f = nav->folder_parent[f]) {
                int idx = nav->folder_index[f];
                if (idx < 0 || idx == p)
                    continue;
                if (pass == 0)
                    total++;
                else
                    nav->children[nav->child_start[idx] + nav->child_len[idx]] = p;
                nav->child_len[idx]++;
            }
        }
    }
    return nav;
}

void hb_nav_index_free(hb_nav_index *nav)
{
    if (!nav)
        return;
    for (size_t l = 0; l < nav->n_lists; l++)
        free(nav->lists[l].pages);
    free(nav->lists);
    free(nav->folder_parent);
    free(nav->folder_index);
    free(nav->folder);
    free(nav->list);
    free(nav->pos);
    free(nav->own_list);
    free(nav->child_start);
    free(nav->child_len);
    free(nav->children);
    free(nav->group_url);
    free(nav);
}

int hb_nav_group_url(const hb_nav_index *nav, size_t g)
{
    return nav->group_url[g];
}

/* ---- one page's view ------------------------------------------------------------------------ */

static void view_item(hb_view *v, int page, int level, int current, size_t more)
{
    if (v->n_items == v->cap_items) {
        v->cap_items = v->cap_items ? 2 * v->cap_items : 32;
        v->items = hb_realloc(v->items, v->cap_items * sizeof *v->items);
    }
    v->items[v->n_items++] = (hb_view_item){page, level, current, more};
}

/* The entries of list l from `from` to `to` (exclusive) at level, with "more" entries for
 * what lies before and after; page p's own entries (an index page's folder) right after it. */
static void view_window(hb_view *v, const hb_nav_index *nav, const nav_list *l, size_t from,
                        size_t to, int level, int p)
{
    if (from > 0)
        view_item(v, l->more, level, 0, from);
    for (size_t k = from; k < to; k++) {
        int q = l->pages[k];
        view_item(v, q, level, q == p, 0);
        if (q == p && nav->own_list[p] >= 0) {
            const nav_list *own = &nav->lists[nav->own_list[p]];
            size_t shown = own->n < HB_VIEW_CHILDREN ? own->n : HB_VIEW_CHILDREN;
            view_window(v, nav, own, 0, shown, level + 1, p);
        }
    }
    if (to < l->n)
        view_item(v, l->more, level, 0, l->n - to);
}

void hb_view_build(const hb_nav_index *nav, const hb_site *site, size_t i, hb_view *v)
{
    const hb_page *page = &site->pages[i];
    int p = (int)i;
    v->page = p;
    v->updated = page->updated;
    v->is_home = site->home >= 0 && p == site->home;
    v->template_name = page->template_name ? page->template_name
                       : page->is_index && site->home >= 0 && !v->is_home &&
                               hb_map_get(&site->templates, "section")
                           ? "section"
                           : "page";
    int r = page->reading_index;
    v->prev = r > 0 ? site->reading_order[r - 1] : -1;
    v->next = r >= 0 && (size_t)r + 1 < site->n_reading ? site->reading_order[r + 1] : -1;
    v->n_crumbs = hb_graph_breadcrumbs(site, page, v->crumbs, HB_VIEW_MAX_CRUMBS);

    /* Groups: all of them on index pages and the landing page (the lists readers without
     * JavaScript start from), a window around the page's own group elsewhere. */
    v->group_first = 0;
    v->group_end = site->n_groups;
    v->groups_page = -1;
    if (!page->is_index && page->group >= 0 && site->n_groups > HB_VIEW_GROUPS) {
        size_t g = (size_t)page->group, half = HB_VIEW_GROUPS / 2;
        size_t first = g > half ? g - half : 0;
        if (first + HB_VIEW_GROUPS > site->n_groups)
            first = site->n_groups - HB_VIEW_GROUPS;
        v->group_first = first;
        v->group_end = first + HB_VIEW_GROUPS;
        v->groups_page = site->home;
    }

    /* The expanded group: the folders above, the page among its neighbours, an index page's
     * own first entries under it. */
    v->n_items = 0;
    if (page->group >= 0 && nav->list[p] >= 0) {
        int chain[HB_VIEW_MAX_CRUMBS];
        size_t n_chain = nav_chain(nav, p, chain, HB_VIEW_MAX_CRUMBS);
        for (size_t k = 0; k < n_chain; k++)
            view_item(v, chain[k], (int)k, 0, 0);
        const nav_list *l = &nav->lists[nav->list[p]];
        size_t pos = (size_t)nav->pos[p], width = 2 * HB_VIEW_SIBLINGS + 1;
        size_t from = pos > HB_VIEW_SIBLINGS ? pos - HB_VIEW_SIBLINGS : 0;
        if (from + width > l->n)
            from = l->n > width ? l->n - width : 0;
        size_t to = from + width < l->n ? from + width : l->n;
        view_window(v, nav, l, from, to, (int)n_chain, p);
    }

    v->children = NULL;
    v->n_children = 0;
    if (page->is_index && nav->folder[p] >= 0 && nav->folder_index[nav->folder[p]] == p) {
        v->children = nav->children + nav->child_start[p];
        v->n_children = nav->child_len[p];
    }

    if (page->n_labs > v->cap_labs) {
        v->cap_labs = page->n_labs;
        v->labs = hb_realloc(v->labs, v->cap_labs * sizeof *v->labs);
    }
    for (size_t k = 0; k < page->n_labs; k++) {
        char *md = hb_strfmt("labs/%s.md", page->labs[k]);
        size_t idx = (size_t)hb_map_get(&site->by_rel_path, md);
        free(md);
        v->labs[k] = idx && site->pages[idx - 1].ok ? (int)idx - 1 : -1;
    }
}

void hb_view_free(hb_view *view)
{
    free(view->items);
    free(view->labs);
    memset(view, 0, sizeof *view);
}

/* ---- the fingerprint of a view ---------------------------------------------------------------- */

uint64_t hb_view_link_hash(const hb_site *site, size_t i)
{
    const hb_page *p = &site->pages[i];
    uint64_t h = H_INIT;
    h_str(&h, p->title);
    h_str(&h, p->permalink);
    h_str(&h, p->summary);
    h_str(&h, p->group >= 0 ? site->groups[p->group].title : NULL);
    return h;
}

static void h_page(uint64_t *h, const hb_view_hashes *hashes, int page)
{
    h_u64(h, page >= 0 ? hashes->link[page] : 0x5eed);
}

uint64_t hb_view_hash(const hb_view *v, const hb_site *site, const hb_nav_index *nav,
                      const hb_view_hashes *hashes)
{
    const hb_page *page = &site->pages[v->page];
    uint64_t h = H_INIT;
    h_page(&h, hashes, v->page); /* its own section title comes with it */
    h_str(&h, v->template_name);
    h_u64(&h, (uint64_t)v->updated);
    h_u64(&h, (uint64_t)v->is_home);
    h_page(&h, hashes, site->home);
    h_page(&h, hashes, v->prev);
    h_page(&h, hashes, v->next);
    h_u64(&h, v->n_crumbs);
    for (size_t k = 0; k < v->n_crumbs; k++)
        h_page(&h, hashes, v->crumbs[k]);

    h_u64(&h, site->n_groups);
    h_u64(&h, v->group_first);
    h_u64(&h, v->group_end);
    h_page(&h, hashes, v->groups_page);
    for (size_t g = v->group_first; g < v->group_end; g++) {
        h_str(&h, site->groups[g].title);
        h_page(&h, hashes, hb_nav_group_url(nav, g));
        h_u64(&h, (uint64_t)(page->group == (int)g));
    }
    h_u64(&h, v->n_items);
    for (size_t k = 0; k < v->n_items; k++) {
        const hb_view_item *it = &v->items[k];
        h_page(&h, hashes, it->page);
        h_u64(&h, (uint64_t)it->level << 32 | (uint64_t)it->current);
        h_u64(&h, it->more);
    }
    h_u64(&h, v->n_children);
    for (size_t k = 0; k < v->n_children; k++)
        h_page(&h, hashes, v->children[k]);
    h_u64(&h, page->n_labs);
    for (size_t k = 0; k < page->n_labs; k++) {
        h_str(&h, page->labs[k]);
        h_page(&h, hashes, v->labs[k]);
    }

    /* The link graph's parts: backlinks and the symptoms that lead here. */
    h_u64(&h, page->n_backlinks);
    for (size_t k = 0; k < page->n_backlinks; k++)
        h_page(&h, hashes, page->backlinks[k]);
    h_u64(&h, page->n_symptoms);
    for (size_t k = 0; k < page->n_symptoms; k++) {
        const hb_symptom *s = &page->symptoms[k];
        h_u64(&h, (uint64_t)s->same_as);
        h_page(&h, hashes, s->from_page);
        h_u64(&h, hashes->rows[s->from_page][s->row]);
    }
    return h;
}

/* ---- the whole tree, for readers with JavaScript -------------------------------------------- */

/* A JSON string (also safe inside a script: '<' and the JavaScript line separators escaped). */
static void json_str(hb_buf *out, const char *s)
{
    hb_buf_puts(out, "\"");
    for (const unsigned char *c = (const unsigned char *)(s ? s : ""); *c; c++) {
        if (*c == '"' || *c == '\\') {
            hb_buf_printf(out, "\\%c", *c);
        } else if (*c < 0x20 || *c == '<' || *c == '>' || *c == '&') {
            hb_buf_printf(out, "\\u%04x", *c);
        } else if (c[0] == 0xE2 && c[1] == 0x80 && (c[2] == 0xA8 || c[2] == 0xA9)) {
            hb_buf_printf(out, "\\u%04x", c[2] == 0xA8 ? 0x2028 : 0x2029);
            c += 2;
        } else {
            hb_buf_add(out, (const char *)c, 1);
        }
    }
    hb_buf_puts(out, "\"");
}

/* A page's address from the site's top, as the tree gives it ("a/b/", "" for the top). */
static void json_url(hb_buf *out, const hb_site *site, int page)
{
    const char *permalink = site->pages[page].permalink + 1;
    char *url = site->config.link_index_html ? hb_strfmt("%sindex.html", permalink)
                                             : hb_strdup(permalink);
    json_str(out, url);
    free(url);
}

void hb_view_tree_js(const hb_nav_index *nav, const hb_site *site, hb_buf *out)
{
    hb_buf_puts(out, "/* The handbook's navigation tree (generated): read by assets/nav.js. */\n"
                     "window.handbookNavTree = {\"home\": ");
    if (site->home >= 0) {
        hb_buf_puts(out, "[");
        json_str(out, site->pages[site->home].title);
        hb_buf_puts(out, ", ");
        json_url(out, site, site->home);
        hb_buf_puts(out, "]");
    } else {
        hb_buf_puts(out, "null");
    }
    hb_buf_puts(out, ",\n\"groups\": [");
    int chain[HB_VIEW_MAX_CRUMBS];
    for (size_t g = 0; g < site->n_groups; g++) {
        const hb_group *group = &site->groups[g];
        hb_buf_puts(out, g ? ",\n{\"title\": " : "\n{\"title\": ");
        json_str(out, group->title);
        hb_buf_puts(out, ", \"url\": ");
        json_url(out, site, hb_nav_group_url(nav, g));
        hb_buf_puts(out, ", \"pages\": [");
        for (size_t k = 0; k < group->n_pages; k++) {
            int p = group->pages[k];
            char *title = hb_graph_nav_title(site, &site->pages[p]);
            hb_buf_puts(out, k ? ",\n[" : "\n[");
            json_str(out, title);
            free(title);
            hb_buf_puts(out, ", ");
            json_url(out, site, p);
            hb_buf_printf(out, ", %zu]", nav_chain(nav, p, chain, HB_VIEW_MAX_CRUMBS));
        }
        hb_buf_puts(out, "]}");
    }
    hb_buf_puts(out, "]};\n");
}
