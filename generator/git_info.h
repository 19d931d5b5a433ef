/* git_info.h: what a page learns from the git repository its content folder lives in: the date
 * of the last commit that changed its file ("Last updated", site.yaml `last_updated: true`) and
 * the repository's page-edit URL (`edit_url: auto`). Git is run as a program (git log, git
 * remote); a content folder outside a repository, or no git at all, gives neither, silently. */
#ifndef HB_GIT_INFO_H
#define HB_GIT_INFO_H

#include "site.h"

/* Fills every page's `updated` when site->config.last_updated is on: one `git log` over the
 * content folder, newest first, each file taking the time of the first commit that names it.
 * In a shallow clone the oldest commits it holds (their parents are missing) list every file
 * as if added there, so files seen only in those get no date rather than a wrong one.
 * Resolves edit_url "auto" from the `origin` remote: GitHub's /edit/BRANCH/PATH or GitLab's
 * /-/edit/BRANCH/PATH (user names and tokens in the URL are dropped), BRANCH being origin's
 * default branch, else the checked-out one, else "main"; any other host, or no remote, leaves
 * no edit link (a warning at edit_url names the remote it could not use).
 * The dates of a repository are computed once per HEAD commit and kept for the next build of
 * the same folder (serve's rebuilds). Call after discovery (it reads the pages' rel_path). */
void hb_git_info(hb_site *site);

/* The https address of a repository from a remote URL (https://, ssh://, git@host:path), with
 * any user name or token and a trailing ".git" removed; NULL when it is not one. Malloc'd. */
char *hb_git_web_url(const char *remote);

/* The page-edit URL prefix for a repository's web address and branch on a known host
 * (github.com, gitlab.com or a host named github.* / gitlab.*), ending in "/", NULL otherwise.
 * prefix: the content folder's path in the repository ("content/" or ""). Malloc'd. */
char *hb_git_edit_prefix(const char *web_url, const char *branch, const char *prefix);

#endif
