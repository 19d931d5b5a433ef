#!/usr/bin/env python3
"""check_git_info.py: what pages learn from git (generator/git_info.c). Makes a repository with
a content folder and commits at known dates, then builds it and checks each page's "Last
updated" (the last commit that changed its file, not one that changed another file), that an
uncommitted page has none, the edit link from `edit_url: auto` for GitHub and GitLab remotes of
every URL form (a token in the URL never reaches the page), a warning for another host, no
link without a remote; in a shallow clone, that files changed inside the clone's history keep
their dates and those only seen at its cut-off edge get none; and that a content folder outside
any repository builds with neither.

Usage: check_git_info.py HANDBOOK [--templates DIR]
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)


def git(repo, *args, date=None):
    env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.org",
               GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.org",
               GIT_CONFIG_GLOBAL="/dev/null", GIT_CONFIG_NOSYSTEM="1")
    if date:
        env["GIT_AUTHOR_DATE"] = env["GIT_COMMITTER_DATE"] = date
    run = subprocess.run(["git", "-C", repo, *args], env=env, capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"FAIL: git {' '.join(args)}: {run.stderr}")
    return run.stdout


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def page(title):
    return f"---\ntitle: {title}\n---\n\nText of {title}.\n"


def build(handbook, templates, content, out):
    run = subprocess.run([handbook, "build", "--no-search", "--content", content, "--templates",
                          templates, "--out", out], capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"FAIL: handbook build exited {run.returncode}: {run.stderr}")
    return run.stderr


def meta(out, rel):
    """(date, edit URL) shown on the page at rel ("" = the landing page)."""
    with open(os.path.join(out, rel, "index.html"), encoding="utf-8") as f:
        html = f.read()
    date = re.search(r'Last updated <time datetime="([0-9-]+)">([^<]+)</time>', html)
    edit = re.search(r'<p class="edit-link"><a href="([^"]+)">Edit this page</a>', html)
    return (date.groups() if date else None), (edit.group(1) if edit else None)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("handbook")
    parser.add_argument("--templates", default="templates")
    args = parser.parse_args()
    handbook = os.path.abspath(args.handbook)
    templates = os.path.abspath(args.templates)
    work = tempfile.mkdtemp(prefix="hb-git-")
    try:
        repo = os.path.join(work, "repo")
        content = os.path.join(repo, "docs", "content")
        os.makedirs(content)
        git(repo, "init", "-q", "-b", "trunk")
        write(os.path.join(content, "site.yaml"), "title: Git\nedit_url: auto\nlast_updated: true\n")
        write(os.path.join(content, "index.md"), page("Home"))
        write(os.path.join(content, "old.md"), page("Old"))
        write(os.path.join(content, "guide", "new.md"), page("New"))
        git(repo, "add", "-A")
        git(repo, "commit", "-q", "-m", "first", date="2024-02-03T10:00:00Z")
        write(os.path.join(content, "guide", "new.md"), page("New, edited"))
        git(repo, "commit", "-q", "-am", "second", date="2025-07-14T23:30:00Z")
        write(os.path.join(repo, "README.md"), "outside content\n")
        git(repo, "add", "-A")
        git(repo, "commit", "-q", "-m", "third, outside content/", date="2025-09-01T08:00:00Z")
        write(os.path.join(content, "draft.md"), page("Draft"))  # never committed

        out = os.path.join(work, "out")
        build(handbook, templates, content, out)
        check(meta(out, "old")[0] == ("2024-02-03", "3 February 2024"), f"old.md: {meta(out, 'old')}")
        check(meta(out, "guide/new")[0] == ("2025-07-14", "14 July 2025"),
              f"guide/new.md takes its own last commit, UTC: {meta(out, 'guide/new')}")
        check(meta(out, "draft")[0] is None, f"an uncommitted page has no date: {meta(out, 'draft')}")
        check(meta(out, "old")[1] is None, "no origin remote: no edit link")

        remotes = {
            "https://github.com/owner/handbook.git": "https://github.com/owner/handbook/edit/trunk/docs/content/guide/new.md",
            "git@github.com:owner/handbook.git": "https://github.com/owner/handbook/edit/trunk/docs/content/guide/new.md",
            "ssh://git@github.com:22/owner/handbook": "https://github.com/owner/handbook/edit/trunk/docs/content/guide/new.md",
            "https://x-access-token:SECRET123@github.com/owner/handbook": "https://github.com/owner/handbook/edit/trunk/docs/content/guide/new.md",
            "https://gitlab.com/group/sub/handbook.git": "https://gitlab.com/group/sub/handbook/-/edit/trunk/docs/content/guide/new.md",
        }
        git(repo, "remote", "add", "origin", "https://example.org/x.git")
        for remote, want in remotes.items():
            git(repo, "remote", "set-url", "origin", remote)
            build(handbook, templates, content, out)
            got = meta(out, "guide/new")[1]
            check(got == want, f"remote {remote}: edit link {got}, expected {want}")
            check("SECRET123" not in open(os.path.join(out, "guide/new/index.html")).read(),
                  f"remote {remote}: the token reached the page")
        git(repo, "remote", "set-url", "origin", "https://tok:SECRET123@code.example.org/owner/handbook.git")
        stderr = build(handbook, templates, content, out)
        check(meta(out, "old")[1] is None, "an unknown host: no edit link")
        check(re.search(r"site\.yaml:2:11: warning: edit_url: auto: the origin remote "
                        r"\(code\.example\.org/owner/handbook\.git\) is not on GitHub or GitLab", stderr),
              f"an unknown host: warning expected, got {stderr!r}")
        check("SECRET123" not in stderr, "the warning printed the token")

        # A shallow clone of depth 1: its only commit is the cut-off edge, so nothing is known.
        # Depth 2 holds "third" (outside content/) and "second": second is the edge again.
        # Depth 3 reaches the first commit's child: guide/new.md is known, old.md is not.
        for depth, dated in ((1, []), (2, []), (3, ["guide/new"])):
            clone = os.path.join(work, f"shallow{depth}")
            git(work, "clone", "-q", "--depth", str(depth), f"file://{repo}", clone)
            out_s = os.path.join(work, f"out-shallow{depth}")
            build(handbook, templates, os.path.join(clone, "docs", "content"), out_s)
            for rel in ("old", "guide/new"):
                got = meta(out_s, rel)[0]
                if rel in dated:
                    check(got == ("2025-07-14", "14 July 2025"), f"depth {depth}: {rel} dated {got}")
                else:
                    check(got is None, f"depth {depth}: {rel} has a date from the clone's edge: {got}")

        # Outside any repository: no date, no edit link, no warning.
        plain = os.path.join(work, "plain")
        shutil.copytree(content, plain)
        out_p = os.path.join(work, "out-plain")
        stderr = build(handbook, templates, plain, out_p)
        check(meta(out_p, "old") == (None, None) and "warning" not in stderr,
              f"outside a repository: {meta(out_p, 'old')} {stderr!r}")
    finally:
        shutil.rmtree(work, ignore_errors=True)

    for f in failures:
        print(f"FAIL {f}")
    print(f"git info: {'ok' if not failures else str(len(failures)) + ' failures'}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
