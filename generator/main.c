/* main.c: the `handbook` command line: build, check, serve, emu, cost, --help, --version. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "build.h"
#include "commands.h"
#include "diag.h"

#define HB_VERSION "0.1.0"

static void usage(FILE *out)
{
    fputs("Usage: handbook COMMAND [OPTIONS]\n"
          "\n"
          "Commands:\n"
          "  build [--content DIR] [--templates DIR] [--out DIR] [--jobs N] [--no-search]\n"
          "        [--search-timeout SECONDS] [--format text|github|json]\n"
          "                  build the site (default: content/ and templates/ into site/) and\n"
          "                  its search index (Pagefind, from node_modules/; --no-search: none;\n"
          "                  stopped after 900 s, a failed build, unless --search-timeout)\n"
          "  check [--content DIR] [--templates DIR] [--jobs N] [--format text|github|json]\n"
          "                  report every content error without writing anything\n"
          "  serve [--port N] [--bind ADDR]\n"
          "                  build, serve on http://127.0.0.1:8000/, rebuild on change\n"
          "  emu --lab ID | --scenario FILE.yaml [--seed N]\n"
          "                  a command emulator session in the terminal\n"
          "  cost [--html] [KEY=VALUE ...]\n"
          "                  the cost guide's calculator on the cluster model\n"
          "\n"
          "Options:\n"
          "  -h, --help      this help (also: handbook COMMAND --help)\n"
          "  -V, --version   the version\n"
          "\n"
          "Errors are printed as path:line:col: error: message (on stderr). --format github\n"
          "prints them as GitHub Actions annotations (::error file=F,line=L,col=C,...::message),\n"
          "--format json as one JSON object, both on stdout. Exit status: 0 ok, 1 content\n"
          "errors, 2 usage or system error.\n",
          out);
}

static int build_main(int argc, char **argv, int write)
{
    hb_build_options options = {.write = write, .summary = stdout};
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        const char **slot = NULL;
        if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
            usage(stdout);
            return 0;
        }
        if (!strcmp(arg, "--no-search") && write) {
            options.pagefind = ""; /* no index, and no search box in the pages */
            continue;
        }
        if (!strcmp(arg, "--format")) {
            hb_diag_format format;
            if (i + 1 >= argc || hb_diag_format_parse(argv[i + 1], &format) != 0) {
                fprintf(stderr, "handbook %s: --format must be text, github or json%s%s%s\n",
                        argv[0], i + 1 < argc ? ", not '" : "", i + 1 < argc ? argv[i + 1] : "",
                        i + 1 < argc ? "'" : "");
                return 2;
            }
            i++;
            options.diag_format = (int)format;
            if (format == HB_DIAG_JSON)
                options.summary = NULL; /* stdout holds the JSON document alone */
            continue;
        }
        if (!strcmp(arg, "--content"))
            slot = &options.content_dir;
        else if (!strcmp(arg, "--templates"))
            slot = &options.templates_dir;
        else if (!strcmp(arg, "--out") && write)
            slot = &options.out_dir;
        else if (!strcmp(arg, "--search-timeout") && write) {
            char *end = NULL;
            long seconds = i + 1 < argc ? strtol(argv[i + 1], &end, 10) : 0;
            if (!end || *end || seconds < 1 || seconds > 86400) {
                fprintf(stderr, "handbook %s: --search-timeout needs seconds, 1 to 86400\n",
                        argv[0]);
                return 2;
            }
            options.search_time_limit_s = (int)seconds;
            i++;
            continue;
        } else if (!strcmp(arg, "--jobs") || !strcmp(arg, "-j")) {
            if (i + 1 >= argc) {
                fprintf(stderr, "handbook %s: %s needs a number\n", argv[0], arg);
                return 2;
            }
            char *end;
            long jobs = strtol(argv[++i], &end, 10);
            if (*end || jobs < 1 || jobs > 256) {
                fprintf(stderr, "handbook %s: --jobs must be 1 to 256, not '%s'\n", argv[0], argv[i]);
                return 2;
            }
            options.jobs = (int)jobs;
            continue;
        } else {
            fprintf(stderr, "handbook %s: unknown option '%s' (see handbook --help)\n", argv[0], arg);
            return 2;
        }
        if (i + 1 >= argc || !argv[i + 1][0]) {
            fprintf(stderr, "handbook %s: %s needs a folder\n", argv[0], arg);
            return 2;
        }
        *slot = argv[++i];
    }
    return hb_build(&options);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    const char *command = argv[1];
    if (!strcmp(command, "-h") || !strcmp(command, "--help") || !strcmp(command, "help")) {
        usage(stdout);
        return 0;
    }
    if (!strcmp(command, "-V") || !strcmp(command, "--version")) {
        printf("handbook %s\n", HB_VERSION);
        return 0;
    }
    if (!strcmp(command, "build"))
        return build_main(argc - 1, argv + 1, 1);
    if (!strcmp(command, "check"))
        return build_main(argc - 1, argv + 1, 0);
    if (!strcmp(command, "serve"))
        return hb_serve_main(argc - 1, argv + 1);
    if (!strcmp(command, "emu"))
        return hb_emu_main(argc - 1, argv + 1);
    if (!strcmp(command, "cost"))
        return hb_cost_main(argc - 1, argv + 1);
    fprintf(stderr, "handbook: unknown command '%s' (see handbook --help)\n", command);
    return 2;
}
