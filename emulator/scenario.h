/* scenario.h: the parsed form of a lab scenario (content/labs/ID.yaml), private to the model:
 * scenario.c fills it from YAML, model.c builds worlds from it, labs.c reads the lab text. */
#ifndef EMU_SCENARIO_H
#define EMU_SCENARIO_H

#include "model.h"

#define EMU_MAX_HINTS 8
#define EMU_MAX_ANSWERS 24
#define EMU_MAX_STEPS 12
#define EMU_MAX_REBUTTALS 10

typedef struct emu_lab_step {
    char *command;        /* what to run, e.g. "tail train.log" */
    char *look_for;       /* what the evidence looks like */
    char *reference;      /* the reference page it comes from: "reference/networking/nccl.md" */
} emu_lab_step;

typedef struct emu_rebuttal {
    char *answers[EMU_MAX_ANSWERS]; /* wrong answers this reply covers (normalized on match) */
    int n_answers;
    char *reply;                    /* what the evidence says against them */
} emu_rebuttal;

/* Everything is owned by the scenario (malloc'd strings) and freed by emu_scenario_free. */
struct emu_scenario {
    char *id;
    char *path;
    char *title;
    char *summary;
    uint64_t seed;
    double start_time_s;
    /* cluster */
    const emu_gpu_spec *spec;
    char cluster_name[EMU_NAME_MAX];
    int n_nodes;
    int hca_rate_gbit_per_s;
    int bootstrap_rate_gbit_per_s;
    int n_mounts;
    emu_mount mounts[EMU_MAX_MOUNTS];
    emu_job job;              /* nodes[] and the sizes filled; ranks placed by the world */
    double job_running_s;     /* how long the job has run at start_time */
    int n_faults;
    emu_fault faults[EMU_MAX_FAULTS];
    /* lab */
    bool has_lab;
    char *goal;
    char *explanation;        /* shown with a right answer */
    char *read_next;          /* reference page to read after solving */
    char *read_next_title;    /* that page's title (lab.read_next_title), NULL when not given */
    char *answers[EMU_MAX_ANSWERS];
    int n_answers;
    char *hints[EMU_MAX_HINTS];
    int n_hints;
    emu_rebuttal rebuttals[EMU_MAX_REBUTTALS];
    int n_rebuttals;
    emu_lab_step steps[EMU_MAX_STEPS];
    int n_steps;
};

/* Parses scenario YAML. id: the lab id; path: for error messages. Returns a new scenario, or
 * NULL with *error set (malloc'd, one "path:line:col: error: ..." line per problem). */
emu_scenario *emu_scenario_parse(const char *id, const char *yaml, size_t len, const char *path,
                                 char **error);

/* Frees a scenario. NULL is allowed. */
void emu_scenario_free(emu_scenario *scenario);

/* The built-in healthy cluster (two H100 nodes, a running job, no lab) as YAML text. */
extern const char emu_default_scenario_yaml[];

/* The index in a node's hcas[] of the HCA called name ("mlx5_3"); every node has the same
 * layout (model.c). Returns -1 when no HCA has that name. */
int emu_layout_hca_find(const char *name);

/* Normalizes an answer for comparison: lowercase, letters and digits only ("Node02 GPU 5" ->
 * "node02gpu5"). Writes at most size-1 bytes plus NUL into buf. */
void emu_answer_normalize(const char *text, char *buf, size_t size);

#endif
