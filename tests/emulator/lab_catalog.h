/* lab_catalog.h: the cmocka fixture of the unit tests that open sessions of content/labs: every
 * scenario read as the site build reads them (setup, teardown), and running one command line.
 * Run those tests from the repository root. */
#ifndef LAB_CATALOG_H
#define LAB_CATALOG_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emu.h"
#include "lab.h"

static int setup(void **state)
{
    char *error = NULL;
    emu_catalog *catalog = hb_lab_catalog_load("content", &error);
    if (!catalog) {
        fprintf(stderr, "%s", error ? error : "content/labs: cannot load\n");
        free(error);
        return -1;
    }
    *state = catalog;
    return 0;
}

static int teardown(void **state)
{
    emu_catalog_free(*state);
    return 0;
}

static inline emu_result run(emu_session *s, const char *line)
{
    return emu_session_execute(s, line, strlen(line));
}

#endif
