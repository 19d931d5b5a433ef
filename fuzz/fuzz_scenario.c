/* fuzz_scenario.c: libFuzzer target for a lab scenario file: the input is the YAML of one
 * scenario, added to a catalog with emu_catalog_add (parser and every validation), and when it
 * is accepted, a session is opened on it and a fixed round of commands reads the cluster model
 * the scenario built (GPU, fabric, storage, job and lab tools), since every command computes
 * its output from those values. Rejected input is expected; the target fails only on a crash,
 * a sanitizer report or a leak. */
#include <stdint.h>
#include <stdlib.h>

#include "emu.h"

/* One command per part of the model; bounded: each runs once per input. */
static const char *const fuzz_commands[] = {
    "lab status", "goal", "hint", "solutions", "nvidia-smi", "nvidia-smi -q -d CLOCK,PERFORMANCE",
    "nvidia-smi topo -m", "nvidia-smi nvlink -s", "dcgmi diag -r 1", "dmesg | tail -n 5",
    "ibstat", "ibv_devinfo", "df -h", "mount", "squeue", "tail -n 4 train.log",
    "ipmitool sel list", "ssh node02 nvidia-smi -L", "answer gpu", "lab restart",
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    emu_catalog *catalog = emu_catalog_new();
    if (!catalog)
        return 0;
    char *error = NULL;
    if (emu_catalog_add(catalog, "fuzz", (const char *)data, size, "fuzz.yaml", &error) == 0) {
        char *open_error = NULL;
        emu_session *session = emu_session_open(catalog, "fuzz", 0, &open_error);
        free(open_error);
        for (size_t i = 0; session && i < sizeof fuzz_commands / sizeof fuzz_commands[0]; i++) {
            emu_result r = emu_session_execute(session, fuzz_commands[i],
                                               __builtin_strlen(fuzz_commands[i]));
            (void)r;
        }
        emu_session_close(session);
    }
    free(error);
    emu_catalog_free(catalog);
    return 0;
}
