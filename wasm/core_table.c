/* core_table.c: writes the tool table of the CORE WebAssembly module (wasm/README.md, "Two
 * modules"), a C file that takes the place of emulator/tools/tools.c in the core's link.
 *
 * Usage: build/wasm/core_table SYMBOL... > core_tools.c
 *   SYMBOL: the descriptors of tools.c's table in its order (emu_cmd_nvidia_smi ...), as the
 *   Makefile reads them from the table's text.
 *
 * Native, linked with the emulator itself, so it reads the real table: each tool that
 * emu_tools_in_core() names keeps its descriptor (the core links its code); every other tool
 * becomes a copy of its descriptor (name, summary, flags and simulated cost, all as the full
 * module has them, so `help`, Tab and "command not found" cannot change) whose run is
 * emw_core_wants_full (wasm/core_stub.c): running it tells the host to go on in the full module.
 * Its argument completion from the model, if it has one, does the same, and so does `help NAME`
 * (the stand-in has no help text, as the core's own tools have none: EMU_HELP, command.h; the
 * core's shell_builtins.c, compiled with EMU_CORE_MODULE, then asks for the full module).
 * Nothing refers to the
 * left-out tools' code any more, and the linker drops it with the strings only it uses.
 *
 * Exits 1 (with a message) when the symbols do not match the table one for one, so a table
 * that changes its format cannot give a core with the wrong tools. */
#include <stdio.h>
#include <string.h>

#include "tools/tools.h"

/* A C string literal of text. */
static void literal(const char *text)
{
    putchar('"');
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
        if (*c == '"' || *c == '\\')
            printf("\\%c", *c);
        else if (*c == '\n')
            printf("\\n\"\n    \"");
        else if (*c < 0x20 || *c >= 0x7f)
            printf("\\%03o", *c);
        else
            putchar(*c);
    }
    putchar('"');
}

int main(int argc, char **argv)
{
    size_t n = 0;
    while (emu_tools_at(n))
        n++;
    if ((size_t)(argc - 1) != n) {
        fprintf(stderr, "core_table: %d symbols given for the %zu tools of tools.c's table\n",
                argc - 1, n);
        return 1;
    }
    printf("/* Written by wasm/core_table.c from emulator/tools/tools.c: the core module's tool "
           "table. */\n#include <stddef.h>\n#include <string.h>\n\n#include \"tools/tools.h\"\n"
           "#include \"labs/labs.h\"\n\n"
           "int emw_core_wants_full(emu_context *c, int argc, char **argv, emu_out *out);\n"
           "void emw_core_complete_full(const emu_world *w, int node, int argc, char **argv,\n"
           "                            emu_out *candidates);\n\n");
    size_t kept = 0;
    for (size_t i = 0; i < n; i++) {
        const emu_command *t = emu_tools_at(i);
        if (emu_tools_in_core(t->name)) {
            kept++;
            continue;
        }
        if (t->flags) {
            printf("static const char *const flags_%zu[] = {", i);
            for (const char *const *f = t->flags; *f; f++) {
                literal(*f);
                printf(", ");
            }
            printf("NULL};\n");
        }
        printf("static const emu_command stub_%zu = {\n    ", i);
        literal(t->name);
        printf(", emw_core_wants_full,\n    ");
        literal(t->summary ? t->summary : "");
        printf(",\n    ");
        printf("NULL"); /* `help NAME` moves to the full module (shell_builtins.c) */
        printf(",\n    ");
        if (t->flags)
            printf("flags_%zu", i);
        else
            printf("NULL");
        printf(", {%.17g, %.17g}, %s, ", t->cost.base_s, t->cost.spread_s,
               t->complete ? "emw_core_complete_full" : "NULL");
        if (t->free_text) /* the line splits the same way in both modules */
            literal(t->free_text);
        else
            printf("NULL");
        printf("};\n");
    }
    printf("\nstatic const emu_command *const tools[] = {\n");
    for (size_t i = 0; i < n; i++) {
        const emu_command *t = emu_tools_at(i);
        if (emu_tools_in_core(t->name))
            printf("    &%s, /* %s */\n", argv[i + 1], t->name);
        else
            printf("    &stub_%zu, /* %s: full module */\n", i, t->name);
    }
    printf("};\n#define N_TOOLS (sizeof tools / sizeof tools[0])\n\n"
           "const emu_command *emu_tools_find(const char *name)\n{\n"
           "    if (!name)\n        return NULL;\n"
           "    for (size_t i = 0; i < N_TOOLS; i++)\n"
           "        if (!strcmp(tools[i]->name, name))\n            return tools[i];\n"
           "    return NULL;\n}\n\n"
           "const emu_command *emu_tools_at(size_t index)\n{\n"
           "    return index < N_TOOLS ? tools[index] : NULL;\n}\n");
    fprintf(stderr, "core_table: %zu of %zu tools in the core\n", kept, n);
    return 0;
}
