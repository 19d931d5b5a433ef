/* net_harness.h: helpers of the emu-net unit tests: a world from scenario YAML (or the built-in
 * healthy cluster), and running one of the network/storage/host tools with an environment. */
#ifndef NET_HARNESS_H
#define NET_HARNESS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emu.h"
#include "labs/labs.h"
#include "model/gpu.h"
#include "model/hca.h"
#include "model/job.h"
#include "model/model.h"
#include "model/nccl.h"
#include "model/world.h"
#include "out.h"
#include "tools/net_tools.h"
#include "tools/nvidia_smi.h"
#include "tools/tools.h"

/* The environment of one run: up to 8 NAME=VALUE strings (borrowed). */
typedef struct net_env {
    emu_context ctx;
    const char *vars[8];
} net_env;

static const char *net_env_get(const emu_context *c, const char *name)
{
    const net_env *e = (const net_env *)c;
    size_t len = strlen(name);
    for (int i = 0; i < 8 && e->vars[i]; i++)
        if (!strncmp(e->vars[i], name, len) && e->vars[i][len] == '=')
            return e->vars[i] + len + 1;
    return NULL;
}

/* A world from YAML (NULL: the built-in cluster). The catalog is leaked into *catalog for the
 * caller to free after the world. */
static emu_world *net_world(const char *yaml, emu_catalog **catalog)
{
    char *err = NULL;
    *catalog = emu_catalog_new();
    const emu_scenario *s = NULL;
    if (yaml) {
        if (emu_catalog_add(*catalog, "t", yaml, strlen(yaml), "t.yaml", &err) < 0) {
            fprintf(stderr, "%s\n", err);
            free(err);
            return NULL;
        }
        s = emu_catalog_find(*catalog, "t");
    }
    emu_world *w = emu_world_new(*catalog, s, 0, &err);
    if (!w) {
        fprintf(stderr, "%s\n", err ? err : "world");
        free(err);
    }
    return w;
}

/* Runs cmd with a line split on spaces (no quoting), on node, with env (NULL-ended, up to 7).
 * Returns malloc'd output (caller frees); *status receives the exit status. */
static char *net_run(emu_world *w, const emu_command *cmd, int node, const char *line,
                     const char *const *env, int *status)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", line);
    char *argv[64];
    int argc = 0;
    for (char *t = strtok(buf, " "); t && argc < 63; t = strtok(NULL, " "))
        argv[argc++] = t;
    argv[argc] = NULL;
    net_env e;
    memset(&e, 0, sizeof e);
    for (int i = 0; env && env[i] && i < 7; i++)
        e.vars[i] = env[i];
    e.ctx.world = w;
    e.ctx.node = node;
    e.ctx.input = "";
    e.ctx.getenv = net_env_get;
    e.ctx.root = 1; /* the tests run the tools as an operator with root (the repairs need it);
                       transcripts/repair_root.t shows an ordinary user refused */
    emu_out out;
    emu_out_init(&out, 0);
    int st = cmd->run(&e.ctx, argc, argv, &out);
    if (status)
        *status = st;
    char *text = strdup(emu_out_text(&out));
    emu_out_free(&out);
    return text;
}

#endif
