/* scenario_json_main.c: `scenario_json FILE`: prints a lab scenario's JSON form (the text
 * labs.json carries, see scenario_json.h), so wasm/replay.js hands the Node build of the module
 * exactly what the page gets. Exit 0; 1 with a message on stderr (unreadable file, bad YAML);
 * 2 on a usage error. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenario_json.h"

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: scenario_json FILE.yaml\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        fprintf(stderr, "scenario_json: %s: %s\n", argv[1], strerror(errno));
        return 1;
    }
    char *yaml = NULL;
    size_t len = 0, cap = 0, n;
    do {
        if (len + 65536 > cap) {
            char *grown = realloc(yaml, cap = cap ? cap * 2 : 65536);
            if (!grown) {
                fprintf(stderr, "scenario_json: out of memory\n");
                free(yaml);
                fclose(f);
                return 1;
            }
            yaml = grown;
        }
        n = fread(yaml + len, 1, cap - len, f);
        len += n;
    } while (n > 0);
    int failed = ferror(f);
    fclose(f);
    if (failed) {
        fprintf(stderr, "scenario_json: %s: read error\n", argv[1]);
        free(yaml);
        return 1;
    }
    char *error = NULL;
    size_t json_len = 0;
    char *json = scenario_json(yaml, len, &json_len, &error);
    free(yaml);
    if (!json) {
        fprintf(stderr, "scenario_json: %s: %s\n", argv[1], error ? error : "out of memory");
        free(error);
        return 1;
    }
    fwrite(json, 1, json_len, stdout);
    free(json);
    return fflush(stdout) == 0 ? 0 : 1;
}
