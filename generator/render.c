/* render.c: the Lua side of rendering: one state per worker, the page table, and template
 * errors reported with the template's own line (see render.h). */
#define _GNU_SOURCE /* SIGEV_THREAD_ID: the budget's timer signals the thread it watches */
#include "render.h"

#include <dirent.h>
#include <pthread.h>
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "graph.h"
#include "load.h"
#include "lua_pool.h"
#include "page_view.h"
#include "url.h"

/* A template call gets at most this many Lua VM instructions, so that an endless loop in a
 * template is an error at its line, not a build that never ends (Hugo stops a page's
 * rendering at its `timeout` in the same way). Rendering a page of the 10,000-page benchmark
 * takes far fewer; 10^9 is a few seconds of Lua. */
#define RENDER_MAX_INSTRUCTIONS 1000000000L
#define RENDER_HOOK_EVERY 100000 /* instructions between two checks of the budget */
/* The budget is counted by a Lua count hook, and in Lua 5.4 any count hook makes the VM call
 * luaG_traceexec before every instruction (lvm.c's vmfetch, ldebug.c): 4.2% of a build's
 * instructions (callgrind, 500 pages, --jobs 1: 888.3 M with the hook, 851.0 M without;
 * bench/RESULTS.md). So the hook is armed only in a call that a tick of a timer of the
 * thread's CPU time (render_watch_start) falls in, from the tick's signal, as lua.c arms
 * its Ctrl-C hook from a signal handler (lua_sethook may be called from one: ldebug.c's
 * comment above it). The budget then counts from there: a call that ends with the error has
 * run more than RENDER_MAX_INSTRUCTIONS, never fewer. A page's template takes well under a
 * millisecond; 100 ms is the same on a loaded machine (CPU time, not wall). */
#define RENDER_WATCH_NS 100000000L
/* The memory one worker's Lua state may hold: string.rep('x', 2^34) is an error, not 16 GB of
 * the CI runner's memory. On the 10,000-page benchmark corpus a state's peak is 3 MiB. */
#define RENDER_MAX_BYTES ((size_t)512 << 20)

struct hb_renderer {
    lua_State *L;
    hb_lua_pool pool; /* Lua's small blocks (render_alloc, lua_pool.h) */
    size_t bytes; /* what L holds now (render_alloc), at most RENDER_MAX_BYTES */
    long budget; /* instructions left in the current call; reset before each one */
    timer_t watch; /* the calling thread's CPU-time timer that arms the budget's hook */
    pid_t watch_tid; /* the thread it watches; 0: none made yet; -1: none can be (hook on) */
    volatile sig_atomic_t hooked; /* the hook is armed (set from the signal handler) */
    hb_site *site;
    int strings_ref; /* registry table of every page's title, summary and sidebar title as Lua
                        strings, made on first use (see push_page_str): a page is linked to
                        from some 30 others, whose tables then share one string instead of
                        copying it each time */
};

int hb_render_find_templates(hb_site *site)
{
    DIR *d = opendir(site->options->templates_dir);
    char *root_real = d ? realpath(site->options->templates_dir, NULL) : NULL;
    if (!root_real) {
        if (d)
            closedir(d);
        return -1;
    }
    struct dirent *entry;
    while ((entry = readdir(d))) {
        if (entry->d_name[0] == '.' || !hb_ends_with(entry->d_name, ".lua"))
            continue;
        char *path = hb_path_join(site->options->templates_dir, entry->d_name);
        if (!hb_load_link_outside(site, path, root_real, "templates")) {
            char *name = hb_strndup(entry->d_name, strlen(entry->d_name) - 4);
            hb_map_put(&site->templates, name, (void *)1);
            free(name);
        }
        free(path);
    }
    closedir(d);
    free(root_real);
    return 0;
}

/* escape(s): s with & < > " ' escaped for HTML text and attributes; nil is "". */
static int lua_escape(lua_State *L)
{
    size_t len = 0;
    if (lua_isnoneornil(L, 1)) {
        lua_pushliteral(L, "");
        return 1;
    }
    /* A string (nearly every call) is read in place; anything else goes through tostring. */
    int is_string = lua_type(L, 1) == LUA_TSTRING;
    const char *s = is_string ? lua_tolstring(L, 1, &len) : luaL_tolstring(L, 1, &len);
    if (strcspn(s, "&<>\"'") == len) {
        if (is_string)
            lua_settop(L, 1);
        return 1; /* nothing to escape: the string itself (on top of the stack) */
    }
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (size_t i = 0; i < len; i++) {
        switch (s[i]) {
        case '&': luaL_addstring(&b, "&amp;"); break;
        case '<': luaL_addstring(&b, "&lt;"); break;
        case '>': luaL_addstring(&b, "&gt;"); break;
        case '"': luaL_addstring(&b, "&quot;"); break;
        case '\'': luaL_addstring(&b, "&#39;"); break;
        default: luaL_addchar(&b, s[i]); break;
        }
    }
    luaL_pushresult(&b);
    return 1;
}

/* render(name, ...): calls template `name` with the remaining arguments. */
static int lua_render(lua_State *L)
{
    const char *name = luaL_checkstring(L, 1);
    lua_getglobal(L, "templates");
    lua_getfield(L, -1, name);
    if (!lua_isfunction(L, -1)) {
        luaL_where(L, 1);
        lua_pushfstring(L, "unknown template '%s'", name);
        lua_concat(L, 2);
        return lua_error(L);
    }
    lua_replace(L, 1);
    lua_pop(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

/* Splits a Lua message "path.lua:12: text" into its parts. Returns 1 when it had a position. */
static int render_split_message(const char *msg, char **path, int *line, const char **text)
{
    const char *p = strstr(msg, ".lua:");
    if (!p)
        return 0;
    const char *num = p + 5;
    char *end;
    long n = strtol(num, &end, 10);
    if (end == num || *end != ':')
        return 0;
    *path = hb_strndup(msg, (size_t)(p + 4 - msg));
    *line = (int)n;
    *text = end[1] == ' ' ? end + 2 : end + 1;
    return 1;
}

/* Reports the error message on the Lua stack (and pops it) at its template line, as arising
 * while rendering `page` (a path; the same error from many pages prints once, see diag.h), or
 * while loading the template when page is NULL. */
static void render_report(hb_renderer *r, const char *fallback_path, const char *page)
{
    const char *msg = lua_tostring(r->L, -1);
    if (!msg)
        msg = "error object is not a string";
    char *path = NULL;
    int line = 1;
    const char *text = msg;
    int split = render_split_message(msg, &path, &line, &text);
    if (!split)
        text = msg;
    const char *where = split ? path : fallback_path;
    if (page)
        hb_diag_report_page(r->site->diag, HB_ERROR, where, line, 1, page, "%s", text);
    else
        hb_error(r->site->diag, where, line, 1, "%s", text);
    free(path);
    lua_pop(r->L, 1);
}

/* The count hook: ends the call with an error once its budget is spent. */
static void render_budget_hook(lua_State *L, lua_Debug *ar)
{
    long *budget = *(long **)lua_getextraspace(L);
    *budget -= RENDER_HOOK_EVERY;
    if (*budget > 0)
        return;
    /* The message starts with the running line, "path.lua:N:", as Lua's own errors do. */
    if (lua_getinfo(L, "Sl", ar) && ar->currentline > 0)
        lua_pushfstring(L, "%s:%d: ", ar->short_src, ar->currentline);
    else
        lua_pushliteral(L, "");
    lua_pushfstring(L, "template ran over %d million Lua instructions: an endless loop?",
                    (int)(RENDER_MAX_INSTRUCTIONS / 1000000));
    lua_concat(L, 2);
    lua_error(L);
}

/* The renderer whose template call this thread is in (read by the timer's signal handler). */
static _Thread_local hb_renderer *volatile render_running;

static void render_watch_signal(int sig)
{
    (void)sig;
    hb_renderer *r = render_running;
    if (r) {
        r->hooked = 1;
        lua_sethook(r->L, render_budget_hook, LUA_MASKCOUNT, RENDER_HOOK_EVERY);
    }
}

static int render_watch_signo;
static pthread_once_t render_watch_once = PTHREAD_ONCE_INIT;

static void render_watch_install(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = render_watch_signal;
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    render_watch_signo = SIGRTMIN + 1;
    if (sigaction(render_watch_signo, &sa, NULL) != 0)
        render_watch_signo = 0;
}

/* This thread's id (gettid), cached: a system call per template call costs more than the
 * hook did. */
static _Thread_local pid_t render_tid;

/* Starts watching the coming call. The renderer's timer is made on its first call in a thread
 * and then ticks every RENDER_WATCH_NS of that thread's CPU time for the renderer's life: setting
 * and clearing a one-shot timer around every call cost 9 us of system calls a page here (a
 * VM), more than the hook it saves. A tick during a call arms the hook for the rest of that call
 * (render_watch_stop takes it off), so a call that runs long gets its budget within
 * RENDER_WATCH_NS; one a tick happens to fall in gets it too, which only costs that call the
 * hook. Where no timer can be made, the hook stays armed for every call (the budget as
 * before). */
static void render_watch_start(hb_renderer *r)
{
    r->budget = RENDER_MAX_INSTRUCTIONS;
    if (r->watch_tid == -1)
        return;
    if (!render_tid)
        render_tid = (pid_t)syscall(SYS_gettid);
    if (r->watch_tid != render_tid) {
        if (r->watch_tid > 0)
            timer_delete(r->watch);
        r->watch_tid = -1;
        pthread_once(&render_watch_once, render_watch_install);
        struct sigevent ev;
        memset(&ev, 0, sizeof ev);
        ev.sigev_notify = SIGEV_THREAD_ID;
        ev.sigev_signo = render_watch_signo;
        ev._sigev_un._tid = render_tid; /* sigev_notify_thread_id, which glibc 2.36 lacks */
        struct timespec every = {.tv_sec = RENDER_WATCH_NS / 1000000000L,
                                 .tv_nsec = RENDER_WATCH_NS % 1000000000L};
        struct itimerspec ticks = {.it_value = every, .it_interval = every};
        if (render_watch_signo && timer_create(CLOCK_THREAD_CPUTIME_ID, &ev, &r->watch) == 0) {
            if (timer_settime(r->watch, 0, &ticks, NULL) == 0) {
                r->watch_tid = render_tid;
                r->hooked = 0;
                lua_sethook(r->L, NULL, 0, 0);
            } else {
                timer_delete(r->watch);
            }
        }
        if (r->watch_tid == -1) {
            r->hooked = 1;
            lua_sethook(r->L, render_budget_hook, LUA_MASKCOUNT, RENDER_HOOK_EVERY);
            return;
        }
    }
    render_running = r;
}

/* Ends watching the call: the hook off again if a tick armed it. */
static void render_watch_stop(hb_renderer *r)
{
    if (r->watch_tid <= 0)
        return;
    render_running = NULL;
    if (r->hooked) {
        r->hooked = 0;
        lua_sethook(r->L, NULL, 0, 0);
    }
}

/* Lua's allocator (lua_Alloc): the renderer's pool (lua_pool.h), with the state's bytes
 * counted against RENDER_MAX_BYTES: an allocation over it fails, which Lua raises as a memory
 * error. */
static void *render_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    hb_renderer *r = ud;
    size_t old = ptr ? osize : 0;
    if (nsize > old && r->bytes - old + nsize > RENDER_MAX_BYTES)
        return NULL;
    void *p = hb_lua_pool_resize(&r->pool, ptr, osize, nsize);
    if (p || nsize == 0)
        r->bytes = r->bytes - old + nsize;
    return p;
}

static int render_panic(lua_State *L)
{
    const char *msg = lua_tostring(L, -1);
    fprintf(stderr, "handbook: Lua: %s\n", msg ? msg : "unprotected error");
    abort();
}

/* load(chunk [, name [, mode [, env]]]) for templates: text only. Lua loads precompiled
 * chunks too, and a crafted one can read and write outside the VM's memory. */
static int render_load_text(lua_State *L)
{
    int args = lua_gettop(L);
    if (args >= 3 && !lua_isnil(L, 3) && strcmp(luaL_checkstring(L, 3), "t") != 0)
        return luaL_error(L, "load: templates load text chunks only (mode 't')");
    lua_pushvalue(L, lua_upvalueindex(1)); /* the base library's load */
    lua_pushvalue(L, 1);
    if (args >= 2)
        lua_pushvalue(L, 2);
    else
        lua_pushnil(L);
    lua_pushliteral(L, "t");
    int n = 3;
    if (args >= 4) {
        lua_pushvalue(L, 4);
        n = 4;
    }
    lua_call(L, n, LUA_MULTRET);
    return lua_gettop(L) - args;
}

/* What a template may reach of Lua (Hugo's templates cannot run programs either,
 * security.exec): the base functions but dofile and loadfile (and load for text only),
 * string, table, math and utf8. No io, os, package (require), debug or coroutine: a template
 * can neither run a program, nor read or write a file, nor reach the build's memory. Using one
 * of the left-out names is an error at the template's line that says so. */
static const char *const render_closed_names[] = {"io", "os", "package", "require", "debug",
                                                  "dofile", "loadfile", "coroutine", NULL};

/* __index of the globals: a closed name is an error; any other missing global is nil. */
static int render_closed_global(lua_State *L)
{
    const char *name = lua_tostring(L, 2);
    for (size_t i = 0; name && render_closed_names[i]; i++)
        if (!strcmp(name, render_closed_names[i]))
            return luaL_error(L, "'%s' is not open to templates: they may use string, table, "
                                 "math, utf8 and Lua's base functions, and cannot run programs "
                                 "or open files",
                              name);
    return 0;
}

/* table.concat(list [, sep]) for a plain list of strings, sized before it is joined: Lua's own
 * (ltablib.c's tconcat) grows its buffer by doubling, so the page's and the layout's joins of a
 * 20 KB page were reallocs and copies, 1.1% of a build's instructions (callgrind, 500 pages:
 * realloc under render_alloc). A list with a metatable, a number or anything else in it, a
 * separator that is not a string, or the i and j arguments: Lua's own (the upvalue), which
 * then gives its result or its error as before. */
static int render_concat(lua_State *L)
{
    int args = lua_gettop(L);
    int plain = args >= 1 && args <= 2 && lua_type(L, 1) == LUA_TTABLE &&
                (args < 2 || lua_isnil(L, 2) || lua_type(L, 2) == LUA_TSTRING);
    if (plain && lua_getmetatable(L, 1)) {
        lua_pop(L, 1);
        plain = 0;
    }
    size_t sep_len = 0;
    const char *sep = plain && args == 2 && !lua_isnil(L, 2) ? lua_tolstring(L, 2, &sep_len) : "";
    lua_Integer n = plain ? (lua_Integer)lua_rawlen(L, 1) : 0;
    size_t total = 0;
    for (lua_Integer i = 1; plain && i <= n; i++) {
        if (lua_rawgeti(L, 1, i) != LUA_TSTRING)
            plain = 0;
        else
            total += lua_rawlen(L, -1) + (i < n ? sep_len : 0);
        lua_pop(L, 1);
    }
    if (!plain) {
        lua_pushvalue(L, lua_upvalueindex(1));
        lua_insert(L, 1);
        lua_call(L, args, 1);
        return 1;
    }
    luaL_Buffer b;
    char *out = luaL_buffinitsize(L, &b, total);
    size_t at = 0;
    for (lua_Integer i = 1; i <= n; i++) { /* the stack's use is balanced: the buffer's rule */
        size_t len;
        lua_rawgeti(L, 1, i);
        const char *piece = lua_tolstring(L, -1, &len);
        memcpy(out + at, piece, len);
        at += len;
        lua_pop(L, 1);
        if (i < n) {
            memcpy(out + at, sep, sep_len);
            at += sep_len;
        }
    }
    luaL_pushresultsize(&b, total);
    return 1;
}

static void render_open_libs(lua_State *L)
{
    static const luaL_Reg libs[] = {{LUA_GNAME, luaopen_base},
                                    {LUA_STRLIBNAME, luaopen_string},
                                    {LUA_TABLIBNAME, luaopen_table},
                                    {LUA_MATHLIBNAME, luaopen_math},
                                    {LUA_UTF8LIBNAME, luaopen_utf8}};
    for (size_t i = 0; i < sizeof libs / sizeof libs[0]; i++) {
        luaL_requiref(L, libs[i].name, libs[i].func, 1);
        lua_pop(L, 1);
    }
    for (size_t i = 0; render_closed_names[i]; i++) {
        lua_pushnil(L);
        lua_setglobal(L, render_closed_names[i]);
    }
    lua_getglobal(L, "load");
    lua_pushcclosure(L, render_load_text, 1);
    lua_setglobal(L, "load");
    lua_getglobal(L, LUA_TABLIBNAME);
    lua_getfield(L, -1, "concat");
    lua_pushcclosure(L, render_concat, 1);
    lua_setfield(L, -2, "concat");
    lua_pop(L, 1);
    lua_pushglobaltable(L);
    lua_newtable(L);
    lua_pushcfunction(L, render_closed_global);
    lua_setfield(L, -2, "__index");
    lua_setmetatable(L, -2);
    lua_pop(L, 1);
}

hb_renderer *hb_renderer_new(hb_site *site, int report)
{
    hb_renderer *r = hb_calloc(1, sizeof *r);
    r->site = site;
    r->strings_ref = LUA_NOREF;
    hb_lua_pool_init(&r->pool);
    r->L = lua_newstate(render_alloc, r);
    if (!r->L) {
        hb_lua_pool_fini(&r->pool);
        free(r);
        return NULL;
    }
    lua_atpanic(r->L, render_panic);
    render_open_libs(r->L);
    /* Generational collection: most of what a page allocates dies with the page, and the
     * template functions and cached sidebars live for the whole build (2% fewer instructions
     * than the incremental mode at 1,000 pages, same peak memory). */
    lua_gc(r->L, LUA_GCGEN, 0, 0);
    *(long **)lua_getextraspace(r->L) = &r->budget; /* the hook is armed by render_watch_start */
    lua_register(r->L, "escape", lua_escape);
    lua_register(r->L, "render", lua_render);
    lua_newtable(r->L);
    lua_setglobal(r->L, "templates");
    int failed = 0;
    /* Load in name order so problems are reported in a stable order. */
    const hb_map *t = &site->templates;
    for (size_t i = 0; i < t->cap; i++) {
        if (!t->keys[i])
            continue;
        char *file = hb_strfmt("%s.lua", t->keys[i]);
        char *path = hb_path_join(site->options->templates_dir, file);
        free(file);
        char *chunk = hb_strfmt("@%s", path);
        size_t len;
        char *code = hb_read_file(path, &len);
        int rc = code ? luaL_loadbufferx(r->L, code, len, chunk, "t") : LUA_ERRFILE;
        if (!code)
            lua_pushfstring(r->L, "cannot read %s", path);
        if (rc == LUA_OK) {
            render_watch_start(r);
            rc = lua_pcall(r->L, 0, 1, 0);
            render_watch_stop(r);
        }
        if (rc == LUA_OK && !lua_isfunction(r->L, -1)) {
            lua_pop(r->L, 1);
            lua_pushfstring(r->L, "%s:1: the template must end with `return function(page) ... end`", path);
            rc = LUA_ERRRUN;
        }
        if (rc != LUA_OK) {
            failed = 1;
            if (report)
                render_report(r, path, NULL);
            else
                lua_pop(r->L, 1);
        } else {
            lua_getglobal(r->L, "templates");
            lua_insert(r->L, -2);
            lua_setfield(r->L, -2, t->keys[i]);
            lua_pop(r->L, 1);
        }
        free(code);
        free(chunk);
        free(path);
    }
    if (failed) {
        hb_renderer_free(r);
        return NULL;
    }
    return r;
}

void hb_renderer_free(hb_renderer *renderer)
{
    if (!renderer)
        return;
    if (renderer->watch_tid > 0)
        timer_delete(renderer->watch);
    if (renderer->L)
        lua_close(renderer->L);
    hb_lua_pool_fini(&renderer->pool);
    free(renderer);
}

/* ---- the page table ------------------------------------------------------------------------ */

static void set_str(lua_State *L, const char *key, const char *value)
{
    if (!value)
        return;
    lua_pushstring(L, value);
    lua_setfield(L, -2, key);
}

static void set_bool(lua_State *L, const char *key, int value)
{
    lua_pushboolean(L, value);
    lua_setfield(L, -2, key);
}

static void set_url(lua_State *L, const char *key, const char *from, const char *to, int index_html)
{
    char *url = hb_url_relative(from, to, index_html);
    set_str(L, key, url);
    free(url);
}

enum { PAGE_TITLE, PAGE_SUMMARY, PAGE_NAV_TITLE, PAGE_STRINGS };
/* The cache's slots come in tables of this many: storing a new string in a table the
 * generational collector has made old marks the table "touched", and the next minor
 * collection walks all of it. One table of every slot (30,000 at 10,000 pages), touched by
 * almost every page, was walked at almost every page: 14% of the build's CPU at 10,000 pages
 * (perf). A chunk of 256 slots costs little to walk. */
#define STRINGS_CHUNK 256

/* Pushes page p's title, summary (nil when it has none) or sidebar title (hb_graph_nav_title)
 * from the renderer's cache of them, making it on first use. */
static void push_page_str(hb_renderer *r, const hb_page *p, int field)
{
    lua_State *L = r->L;
    if (r->strings_ref == LUA_NOREF) {
        size_t slots = r->site->n_pages * PAGE_STRINGS;
        lua_createtable(L, (int)(slots / STRINGS_CHUNK + 1), 0);
        r->strings_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, r->strings_ref);
    size_t slot = (size_t)(p - r->site->pages) * PAGE_STRINGS + (size_t)field;
    lua_Integer chunk = (lua_Integer)(slot / STRINGS_CHUNK) + 1;
    lua_Integer key = (lua_Integer)(slot % STRINGS_CHUNK) + 1;
    if (lua_rawgeti(L, -1, chunk) == LUA_TNIL) {
        lua_pop(L, 1);
        lua_createtable(L, STRINGS_CHUNK, 0);
        lua_pushvalue(L, -1);
        lua_rawseti(L, -3, chunk);
    }
    lua_remove(L, -2); /* the chunk replaces the table of chunks */
    if (lua_rawgeti(L, -1, key) == LUA_TNIL) {
        lua_pop(L, 1);
        if (field == PAGE_NAV_TITLE) {
            char *nav_title = hb_graph_nav_title(r->site, p);
            lua_pushstring(L, nav_title);
            free(nav_title);
        } else if (field == PAGE_TITLE || p->summary) {
            lua_pushstring(L, field == PAGE_TITLE ? p->title : p->summary);
        } else {
            lua_pushboolean(L, 0); /* no summary, cached as false */
        }
        lua_pushvalue(L, -1);
        lua_rawseti(L, -3, key);
    }
    lua_remove(L, -2);
    if (lua_type(L, -1) == LUA_TBOOLEAN) {
        lua_pop(L, 1);
        lua_pushnil(L);
    }
}

/* Sets field key of the table on top to page p's string `field` (push_page_str). */
static void set_page_str(hb_renderer *r, const char *key, const hb_page *p, int field)
{
    push_page_str(r, p, field);
    lua_setfield(r->L, -2, key);
}

/* Pushes {title, url, summary} for page `p` as seen from page `from`. */
static void push_link(hb_renderer *r, const hb_page *from, const hb_page *p)
{
    lua_State *L = r->L;
    lua_createtable(L, 0, 4);
    set_page_str(r, "title", p, PAGE_TITLE);
    set_url(L, "url", from->permalink, p->permalink, r->site->config.link_index_html);
    set_page_str(r, "summary", p, PAGE_SUMMARY);
}

/* Pushes page.nav (see templates/README.md): the groups of the view, its own expanded with
 * the view's entries; and page.nav_all when only some groups are shown. Reads only the view
 * and the pages' title, permalink, summary and group title (hb_view_link_hash). */
static void push_nav(hb_renderer *r, const hb_page *page, const hb_view *view)
{
    lua_State *L = r->L;
    const hb_site *site = r->site;
    int index_html = site->config.link_index_html;
    lua_createtable(L, (int)(view->group_end - view->group_first), 0);
    for (size_t g = view->group_first; g < view->group_end; g++) {
        const hb_group *group = &site->groups[g];
        int current = page->group == (int)g;
        lua_createtable(L, 0, 5);
        set_str(L, "title", group->title);
        set_url(L, "url", page->permalink, site->pages[hb_nav_group_url(site->nav, g)].permalink,
                index_html);
        set_bool(L, "current", current);
        set_bool(L, "expanded", current);
        if (current) {
            lua_createtable(L, (int)view->n_items, 0);
            for (size_t k = 0; k < view->n_items; k++) {
                const hb_view_item *it = &view->items[k];
                const hb_page *p = &site->pages[it->page];
                lua_createtable(L, 0, 6);
                if (it->more) {
                    lua_pushinteger(L, (lua_Integer)it->more);
                    lua_setfield(L, -2, "more");
                    set_page_str(r, "title", p, PAGE_TITLE); /* the page that lists them */
                } else {
                    set_page_str(r, "title", p, PAGE_NAV_TITLE);
                    set_page_str(r, "summary", p, PAGE_SUMMARY);
                }
                if (it->current)
                    set_str(L, "url", index_html ? "index.html" : "./");
                else
                    set_url(L, "url", page->permalink, p->permalink, index_html);
                set_bool(L, "current", it->current);
                /* the group's own index page, which the template shows as the group's title */
                set_bool(L, "index", !it->more && it->level == 0 &&
                                         it->page == hb_nav_group_url(site->nav, g));
                lua_pushinteger(L, it->level);
                lua_setfield(L, -2, "level");
                lua_rawseti(L, -2, (lua_Integer)k + 1);
            }
            lua_setfield(L, -2, "pages");
        }
        lua_rawseti(L, -2, (lua_Integer)(g - view->group_first) + 1);
    }
    lua_setfield(L, -2, "nav");
    if (view->group_first > 0 || view->group_end < site->n_groups) {
        lua_createtable(L, 0, 2);
        lua_pushinteger(L, (lua_Integer)site->n_groups);
        lua_setfield(L, -2, "count");
        if (view->groups_page >= 0)
            set_url(L, "url", page->permalink, site->pages[view->groups_page].permalink,
                    index_html);
        lua_setfield(L, -2, "nav_all");
    }
}

static void push_page_list(hb_renderer *r, const hb_page *page, const int *indices, size_t n)
{
    lua_createtable(r->L, (int)n, 0);
    for (size_t k = 0; k < n; k++) {
        push_link(r, page, &r->site->pages[indices[k]]);
        lua_rawseti(r->L, -2, (lua_Integer)k + 1);
    }
}

static void push_common(hb_renderer *r, const char *root)
{
    lua_State *L = r->L;
    const hb_config *c = &r->site->config;
    set_str(L, "root", root);
    lua_createtable(L, 0, 6);
    set_str(L, "title", c->title);
    set_str(L, "description", c->description);
    set_str(L, "language", c->language);
    set_bool(L, "labs", r->site->has_labs); /* the lab console script goes on every page */
    /* The search box only when the build makes the index it loads (see build.h). */
    set_bool(L, "search", r->site->options->pagefind != NULL);
    set_str(L, "csp", HB_CONTENT_SECURITY_POLICY);
    lua_setfield(L, -2, "site");
}

static void push_page(hb_renderer *r, const hb_page *page, const char *body, const hb_doc *doc,
                      const hb_view *view)
{
    lua_State *L = r->L;
    const hb_site *site = r->site;
    int index_html = site->config.link_index_html;
    lua_createtable(L, 0, 32);
    set_str(L, "title", page->title);
    set_str(L, "summary", page->summary);
    set_str(L, "section", page->group >= 0 ? site->groups[page->group].title : NULL);
    set_str(L, "permalink", page->permalink);
    set_str(L, "path", page->rel_path);
    set_str(L, "body", body);
    set_bool(L, "is_home", view->is_home);
    set_bool(L, "is_index", page->is_index);
    char *root = hb_url_relative(page->permalink, "/", 0);
    push_common(r, root);
    free(root);
    set_str(L, "url", index_html ? "index.html" : "./");
    if (view->updated > 0) {
        /* "Last updated": the date (UTC) of the file's last commit, as ISO and as words. */
        static const char *const months[] = {"January", "February", "March", "April", "May", "June",
                                             "July", "August", "September", "October",
                                             "November", "December"};
        time_t when = (time_t)view->updated;
        struct tm tm;
        if (gmtime_r(&when, &tm)) {
            char date[32], text[48];
            snprintf(date, sizeof date, "%04d-%02d-%02d", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday);
            snprintf(text, sizeof text, "%d %s %04d", tm.tm_mday, months[tm.tm_mon], tm.tm_year + 1900);
            lua_createtable(L, 0, 2);
            set_str(L, "date", date);
            set_str(L, "text", text);
            lua_setfield(L, -2, "updated");
        }
    }
    if (site->config.edit_url) {
        char *edit = hb_strfmt("%s%s", site->config.edit_url, page->rel_path);
        set_str(L, "edit_url", edit);
        free(edit);
    }
    if (site->home >= 0) {
        push_link(r, page, &site->pages[site->home]);
        lua_setfield(L, -2, "home");
    }

    lua_createtable(L, (int)doc->n_toc, 0);
    for (size_t k = 0; k < doc->n_toc; k++) {
        lua_createtable(L, 0, 3);
        lua_pushinteger(L, doc->toc[k].level);
        lua_setfield(L, -2, "level");
        set_str(L, "id", doc->toc[k].id);
        set_str(L, "text", doc->toc[k].text);
        lua_rawseti(L, -2, (lua_Integer)k + 1);
    }
    lua_setfield(L, -2, "toc");

    push_nav(r, page, view);

    if (view->prev >= 0) {
        push_link(r, page, &site->pages[view->prev]);
        lua_setfield(L, -2, "prev");
    }
    if (view->next >= 0) {
        push_link(r, page, &site->pages[view->next]);
        lua_setfield(L, -2, "next");
    }

    push_page_list(r, page, view->crumbs, view->n_crumbs);
    lua_setfield(L, -2, "breadcrumbs");

    push_page_list(r, page, page->backlinks, page->n_backlinks);
    lua_setfield(L, -2, "backlinks");

    /* One entry per distinct observation (see hb_symptom), with every table it comes from. */
    lua_createtable(L, (int)page->n_symptoms, 0);
    lua_Integer n_listed = 0;
    for (size_t k = 0; k < page->n_symptoms; k++) {
        if (page->symptoms[k].same_as >= 0)
            continue;
        const hb_page *from = &site->pages[page->symptoms[k].from_page];
        const hb_symptom_row *row = &from->rows[page->symptoms[k].row];
        lua_createtable(L, 0, 6);
        set_str(L, "observation", row->observation);
        set_str(L, "page_title", from->title);
        hb_buf evidence = {0};
        hb_buf_puts(&evidence, row->evidence ? row->evidence : "");
        lua_createtable(L, 2, 0);
        lua_Integer n_sources = 0;
        for (size_t j = k; j < page->n_symptoms; j++) {
            if (j != k && page->symptoms[j].same_as != (long)k)
                continue;
            const hb_page *src = &site->pages[page->symptoms[j].from_page];
            const hb_symptom_row *src_row = &src->rows[page->symptoms[j].row];
            /* A different Evidence cell in another table is kept too, after a semicolon. */
            if (j != k && src_row->evidence && *src_row->evidence &&
                !strstr(evidence.data ? evidence.data : "", src_row->evidence)) {
                hb_buf_puts(&evidence, evidence.len ? "; " : "");
                hb_buf_puts(&evidence, src_row->evidence);
            }
            char *rel = hb_url_relative(page->permalink, src->permalink, index_html);
            hb_buf url_buf = {0}; /* not hb_strfmt: vsnprintf's 800 instructions a call */
            hb_buf_puts(&url_buf, rel);
            hb_buf_add(&url_buf, "#", 1);
            hb_buf_puts(&url_buf, src_row->row_id);
            char *url = hb_buf_take(&url_buf);
            if (j == k) {
                lua_pushstring(L, url); /* page.symptoms[i].url: the first source's row */
                lua_setfield(L, -3, "url");
            }
            lua_createtable(L, 0, 2);
            set_str(L, "title", src->title);
            set_str(L, "url", url);
            lua_rawseti(L, -2, ++n_sources);
            free(url);
            free(rel);
        }
        lua_setfield(L, -2, "sources");
        set_str(L, "evidence", evidence.data ? evidence.data : "");
        hb_buf_free(&evidence);
        lua_rawseti(L, -2, ++n_listed);
    }
    lua_setfield(L, -2, "symptoms");

    lua_createtable(L, (int)page->n_labs, 0);
    lua_Integer n_labs = 0;
    for (size_t k = 0; k < page->n_labs; k++) {
        if (view->labs[k] == (int)(page - site->pages))
            continue; /* a lab's page does not list itself among its related labs */
        lua_createtable(L, 0, 3);
        set_str(L, "id", page->labs[k]);
        if (view->labs[k] >= 0) {
            set_str(L, "title", site->pages[view->labs[k]].title);
            set_url(L, "url", page->permalink, site->pages[view->labs[k]].permalink, index_html);
        } else {
            set_str(L, "title", page->labs[k]);
        }
        lua_rawseti(L, -2, ++n_labs);
    }
    lua_setfield(L, -2, "labs");

    /* A folder's index page lists the pages below it, in reading order. */
    lua_createtable(L, (int)view->n_children, 0);
    for (size_t k = 0; k < view->n_children; k++) {
        const hb_page *p = &site->pages[view->children[k]];
        push_link(r, page, p);
        set_str(L, "group", p->group >= 0 ? site->groups[p->group].title : NULL);
        lua_rawseti(L, -2, (lua_Integer)k + 1);
    }
    lua_setfield(L, -2, "children");
}

/* The message handler of template calls: an error raised from C (such as "C stack overflow"
 * from render() calling itself) or with a value that is not a string (error({...})) gets the
 * line of the innermost Lua code running, as Lua's own errors have it. */
static int render_message_handler(lua_State *L)
{
    const char *msg = lua_tostring(L, 1);
    if (msg && strstr(msg, ".lua:"))
        return 1;
    lua_Debug ar;
    const char *where = NULL;
    int line = 0;
    for (int level = 1; !where && lua_getstack(L, level, &ar); level++)
        if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0)
            where = ar.short_src, line = ar.currentline;
    if (where)
        lua_pushfstring(L, "%s:%d: ", where, line);
    else
        lua_pushliteral(L, "");
    if (msg)
        lua_pushstring(L, msg);
    else
        lua_pushfstring(L, "error raised with a %s value, not a message", luaL_typename(L, 1));
    lua_concat(L, 2);
    return 1;
}

static char *render_call(hb_renderer *r, const char *name, const char *page)
{
    lua_State *L = r->L;
    /* Stack: page. */
    lua_getglobal(L, "templates");
    lua_getfield(L, -1, name);
    lua_remove(L, -2);
    if (!lua_isfunction(L, -1)) {
        lua_pop(L, 2);
        char *path = hb_strfmt("%s/%s.lua", r->site->options->templates_dir, name);
        hb_diag_report_page(r->site->diag, HB_ERROR, path, 1, 1, page, "template '%s' is missing",
                            name);
        free(path);
        return NULL;
    }
    lua_insert(L, -2);
    lua_pushcfunction(L, render_message_handler);
    lua_insert(L, -3); /* Stack: handler, template, page. */
    render_watch_start(r);
    int rc = lua_pcall(L, 1, 1, -3);
    render_watch_stop(r);
    lua_remove(L, -2); /* the handler */
    if (rc == LUA_ERRMEM) { /* Lua calls no message handler for these: no line */
        lua_pop(L, 1);
        lua_pushfstring(L, "template ran out of memory: a worker's templates may hold %d MiB",
                        (int)(RENDER_MAX_BYTES >> 20));
    }
    if (rc != LUA_OK) {
        char *path = hb_strfmt("%s/%s.lua", r->site->options->templates_dir, name);
        render_report(r, path, page);
        free(path);
        return NULL;
    }
    size_t len;
    const char *html = lua_tolstring(L, -1, &len);
    char *out = NULL;
    if (!html) {
        char *path = hb_strfmt("%s/%s.lua", r->site->options->templates_dir, name);
        hb_diag_report_page(r->site->diag, HB_ERROR, path, 1, 1, page,
                            "template returned %s, not a string", luaL_typename(L, -1));
        free(path);
    } else {
        out = hb_strndup(html, len);
    }
    lua_pop(L, 1);
    return out;
}

char *hb_render_page(hb_renderer *renderer, const hb_page *page, const char *body,
                     const hb_doc *doc, const hb_view *view)
{
    push_page(renderer, page, body, doc, view);
    char *html = render_call(renderer, view->template_name, page->path);
    lua_settop(renderer->L, 0);
    lua_gc(renderer->L, LUA_GCSTEP, 0);
    return html;
}

char *hb_render_not_found(hb_renderer *renderer)
{
    lua_State *L = renderer->L;
    const hb_site *site = renderer->site;
    lua_createtable(L, 0, 16);
    set_str(L, "title", "Page not found");
    set_str(L, "permalink", "/404.html");
    push_common(renderer, site->config.base_path);
    set_bool(L, "is_404", 1);
    /* Sidebar groups with absolute links from base_path: the page is served at any depth. */
    lua_createtable(L, (int)site->n_groups, 0);
    for (size_t g = 0; g < site->n_groups; g++) {
        const hb_page *first = &site->pages[hb_nav_group_url(site->nav, g)];
        lua_createtable(L, 0, 3);
        set_str(L, "title", site->groups[g].title);
        char *url = hb_strfmt("%s%s", site->config.base_path, first->permalink + 1);
        set_str(L, "url", url);
        free(url);
        lua_rawseti(L, -2, (lua_Integer)g + 1);
    }
    lua_setfield(L, -2, "nav");
    if (site->home >= 0) {
        lua_createtable(L, 0, 2);
        set_str(L, "title", site->pages[site->home].title);
        set_str(L, "url", site->config.base_path);
        lua_setfield(L, -2, "home");
    }
    const char *name = hb_map_get(&site->templates, "404") ? "404" : "page";
    char *html = render_call(renderer, name, "404.html");
    lua_settop(L, 0);
    return html;
}
