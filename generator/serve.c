/* serve.c: placeholder entry point until the real one lands (owned by its area's engineer). */
#include <stdio.h>

#include "commands.h"

int hb_serve_main(int argc, char **argv)
{
    (void)argc;
    fprintf(stderr, "handbook: %s: not available in this build\n", argv[0]);
    return 2;
}
