/* git_info.c: pages' last commit dates and the edit URL from the content folder's git
 * repository (see git_info.h). */
#include "git_info.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* Runs `git -C dir ARGS...` and collects its standard output into *out (always set, owned by
 * the caller). Standard error is discarded: a folder outside a repository or a missing git is
 * an expected case, not an error to print. Returns git's exit status, or -1 when it could not
 * run. */
static int git_run(const char *dir, const char *const *args, hb_buf *out)
{
    memset(out, 0, sizeof *out);
    const char *argv[16] = {"git", "-C", dir};
    size_t n = 3;
    for (size_t i = 0; args[i] && n + 1 < sizeof argv / sizeof argv[0]; i++)
        argv[n++] = args[i];
    argv[n] = NULL;
    int fds[2];
    if (pipe(fds) != 0)
        return -1;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, fds[1], 1);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addclose(&actions, fds[0]);
    posix_spawn_file_actions_addclose(&actions, fds[1]);
    pid_t pid;
    int rc = posix_spawnp(&pid, "git", &actions, NULL, (char *const *)argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    close(fds[1]);
    if (rc != 0) {
        close(fds[0]);
        return -1;
    }
    char chunk[65536];
    for (;;) {
        ssize_t got = read(fds[0], chunk, sizeof chunk);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            break;
        hb_buf_add(out, chunk, (size_t)got);
    }
    close(fds[0]);
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* git's output of one line, without its line end; NULL when git failed or printed nothing. */
static char *git_line(const char *dir, const char *const *args)
{
    hb_buf out;
    int rc = git_run(dir, args, &out);
    char *text = hb_buf_take(&out);
    hb_buf_free(&out);
    size_t len = strcspn(text, "\r\n");
    text[len] = '\0';
    if (rc != 0 || !len) {
        free(text);
        return NULL;
    }
    return text;
}

/* ---- last commit dates -------------------------------------------------------------------- */

/* The dates of the last build, kept for the next one of the same folder at the same HEAD. */
static struct {
    char *dir, *head;
    hb_map times; /* rel path -> (long long *) Unix time */
} git_dates_cache;

static void dates_cache_clear(void)
{
    free(git_dates_cache.dir);
    free(git_dates_cache.head);
    for (size_t i = 0; i < git_dates_cache.times.cap; i++)
        if (git_dates_cache.times.keys && git_dates_cache.times.keys[i])
            free(git_dates_cache.times.values[i]);
    hb_map_free(&git_dates_cache.times);
    memset(&git_dates_cache, 0, sizeof git_dates_cache);
}

/* Reads `git log` of dir into times: each path (relative to dir) -> the time of the newest
 * commit naming it. Commits without parents in a shallow repository are its cut-off edge:
 * their files are left out. The format is "\1TIME PARENTS\0" per commit, then "\n" and the
 * names it changed, each ending in "\0" (-z, so any file name comes out as it is). */
static void dates_read(const char *dir, hb_map *times)
{
    char *shallow = git_line(dir, (const char *const[]){"rev-parse", "--is-shallow-repository", NULL});
    int is_shallow = shallow && !strcmp(shallow, "true");
    free(shallow);
    hb_buf out;
    int rc = git_run(dir, (const char *const[]){"log", "--format=%x01%ct %P", "--name-only",
                                                "--relative", "--no-renames", "-z", "--", ".", NULL},
                     &out);
    const char *p = out.data, *end = out.data ? out.data + out.len : NULL;
    while (rc == 0 && p && p < end) {
        if (*p != '\1')
            break; /* not the format asked for: keep what was read */
        const char *header = p + 1, *nul = memchr(header, '\0', (size_t)(end - header));
        if (!nul)
            break;
        char *stop;
        long long when = strtoll(header, &stop, 10);
        int cut_edge = is_shallow && (stop == nul || stop + 1 >= nul); /* no parent listed */
        p = nul + 1;
        if (p < end && *p == '\n')
            p++;
        while (p < end && *p != '\1') {
            const char *name_end = memchr(p, '\0', (size_t)(end - p));
            if (!name_end)
                name_end = end;
            if (name_end > p) {
                /* A file of the cut-off edge gets 0 (unknown), which also keeps it from
                 * taking the date of an older commit. */
                char *name = hb_strndup(p, (size_t)(name_end - p));
                if (!hb_map_get(times, name)) {
                    long long *t = hb_malloc(sizeof *t);
                    *t = cut_edge || when < 0 ? 0 : when;
                    hb_map_put(times, name, t);
                }
                free(name);
            }
            p = name_end + 1;
        }
    }
    hb_buf_free(&out);
}

static void git_dates(hb_site *site)
{
    const char *dir = site->options->content_dir;
    char *head = git_line(dir, (const char *const[]){"rev-parse", "HEAD", NULL});
    if (!head) {
        dates_cache_clear();
        return; /* not a repository, no commit yet, or no git */
    }
    if (!git_dates_cache.dir || strcmp(git_dates_cache.dir, dir) ||
        strcmp(git_dates_cache.head, head)) {
        dates_cache_clear();
        git_dates_cache.dir = hb_strdup(dir);
        git_dates_cache.head = hb_strdup(head);
        dates_read(dir, &git_dates_cache.times);
    }
    free(head);
    for (size_t i = 0; i < site->n_pages; i++) {
        const long long *t = hb_map_get(&git_dates_cache.times, site->pages[i].rel_path);
        site->pages[i].updated = t ? *t : 0;
    }
}

/* ---- edit URL ---------------------------------------------------------------------------- */

char *hb_git_web_url(const char *remote)
{
    if (!remote)
        return NULL;
    const char *host;
    if (!strncmp(remote, "https://", 8))
        host = remote + 8;
    else if (!strncmp(remote, "http://", 7))
        host = remote + 7;
    else if (!strncmp(remote, "ssh://", 6))
        host = remote + 6;
    else if (!strncmp(remote, "git@", 4) && strchr(remote, ':'))
        host = remote; /* scp-like: git@github.com:owner/repo.git */
    else
        return NULL;
    const char *slash = strchr(host, '/');
    const char *at = strchr(host, '@');
    if (at && (!slash || at < slash))
        host = at + 1; /* drop user:token@ */
    size_t host_len = strcspn(host, !strncmp(remote, "git@", 4) ? ":" : "/:");
    const char *path = host + host_len;
    if (*path == ':') {
        path++; /* scp-like path, or a port in ssh://host:22/path */
        if (strncmp(remote, "git@", 4) != 0)
            path += strspn(path, "0123456789");
    }
    while (*path == '/')
        path++;
    size_t path_len = strlen(path);
    while (path_len && path[path_len - 1] == '/')
        path_len--;
    if (path_len > 4 && !strncmp(path + path_len - 4, ".git", 4))
        path_len -= 4;
    if (!host_len || !path_len || !memchr(path, '/', path_len))
        return NULL;
    return hb_strfmt("https://%.*s/%.*s", (int)host_len, host, (int)path_len, path);
}

char *hb_git_edit_prefix(const char *web_url, const char *branch, const char *prefix)
{
    const char *host = web_url + strlen("https://");
    const char *form = NULL;
    if (!strncmp(host, "github.com/", 11) || !strncmp(host, "github.", 7))
        form = "edit";
    else if (!strncmp(host, "gitlab.com/", 11) || !strncmp(host, "gitlab.", 7))
        form = "-/edit";
    if (!form)
        return NULL;
    return hb_strfmt("%s/%s/%s/%s", web_url, form, branch, prefix);
}

static void git_edit_url(hb_site *site)
{
    hb_config *c = &site->config;
    const char *dir = site->options->content_dir;
    free(c->edit_url);
    c->edit_url = NULL;
    char *remote = git_line(dir, (const char *const[]){"remote", "get-url", "origin", NULL});
    if (!remote)
        return; /* no repository or no origin: no edit link */
    char *web = hb_git_web_url(remote);
    char *branch = git_line(dir, (const char *const[]){"symbolic-ref", "--short", "refs/remotes/origin/HEAD", NULL});
    if (branch && !strncmp(branch, "origin/", 7))
        memmove(branch, branch + 7, strlen(branch + 7) + 1);
    if (!branch) {
        branch = git_line(dir, (const char *const[]){"symbolic-ref", "--short", "HEAD", NULL});
    }
    if (!branch)
        branch = hb_strdup("main");
    char *prefix = git_line(dir, (const char *const[]){"rev-parse", "--show-prefix", NULL});
    c->edit_url = web ? hb_git_edit_prefix(web, branch, prefix ? prefix : "") : NULL;
    if (!c->edit_url) {
        /* Name the remote without anything before an '@' (it may hold a token). */
        const char *at = strrchr(remote, '@');
        hb_warning(site->diag, site->site_yaml_path, c->edit_url_line, c->edit_url_col,
                   "edit_url: auto: the origin remote (%s) is not on GitHub or GitLab, so pages "
                   "get no edit link; set edit_url to the URL that edits a file, up to its path",
                   at ? at + 1 : remote);
    }
    free(prefix);
    free(branch);
    free(web);
    free(remote);
}

void hb_git_info(hb_site *site)
{
    if (site->config.edit_url && !strcmp(site->config.edit_url, "auto"))
        git_edit_url(site);
    if (site->config.last_updated)
        git_dates(site);
}
