/* files.c: the files of a node an engineer reads beside the job's own (train_log.c), /proc and
 * /sys: the root directory, /etc (os-release, hostname, hosts, modules-load.d, slurm.conf) and
 * the mounted file systems' directories: the job's checkpoints on its checkpoint mount, in
 * Megatron-LM's layout (iter_NNNNNNN/mp_rank_TT[_PPP]/ and latest_checkpointed_iteration.txt,
 * megatron/training/checkpointing.py). Every line follows from the model: the nodes and their
 * addresses, the kernel and OS, the faults (a node whose image lost its peer-memory module has
 * no modules-load.d entry for it), the saves train.log reports. */
#include <stdio.h>
#include <string.h>

#include "compat/numscan.h"
#include "tools.h"
#include "model/job.h"
#include "model/run.h"
#include "model/world.h"

static int dir(emu_out *out, const char *entries)
{
    if (out)
        emu_out_printf(out, "%s", entries);
    return 2;
}

/* Whether node's image loads nvidia-peermem at boot: every node but one with the
 * gdr_unavailable fault (the module missing since its reimage). */
static bool peermem_at_boot(const emu_world *w, int node)
{
    for (int i = 0; i < w->n_faults; i++)
        if (w->faults[i].kind == EMU_FAULT_GDR_UNAVAILABLE && w->faults[i].node == node)
            return false;
    return true;
}

static int etc_file(const emu_world *w, int node, const char *rest, emu_out *out)
{
    const emu_node *n = &w->nodes[node];
    if (!*rest)
        return dir(out, "hostname\nhosts\nmodules-load.d/\nos-release\nslurm/\n");
    if (!strcmp(rest, "/os-release")) {
        /* Ubuntu 24.04's /etc/os-release (base-files, noble), at the point release the
         * kernel belongs to */
        if (out) {
            char major[8];
            snprintf(major, sizeof major, "%.5s", w->os_version);
            emu_out_printf(out, "PRETTY_NAME=\"Ubuntu %s LTS\"\nNAME=\"Ubuntu\"\nVERSION_ID=\"%s\"\n"
                                "VERSION=\"%s LTS (Noble Numbat)\"\nVERSION_CODENAME=noble\nID=ubuntu\n"
                                "ID_LIKE=debian\nHOME_URL=\"https://www.ubuntu.com/\"\n"
                                "SUPPORT_URL=\"https://help.ubuntu.com/\"\n"
                                "BUG_REPORT_URL=\"https://bugs.launchpad.net/ubuntu/\"\n"
                                "PRIVACY_POLICY_URL=\"https://www.ubuntu.com/legal/terms-and-policies/privacy-policy\"\n"
                                "UBUNTU_CODENAME=noble\nLOGO=ubuntu-logo\n",
                           w->os_version, major, w->os_version);
        }
        return 1;
    }
    if (!strcmp(rest, "/hostname")) {
        if (out)
            emu_out_printf(out, "%s\n", n->name);
        return 1;
    }
    if (!strcmp(rest, "/hosts")) {
        /* Ubuntu's default lines, then the cluster's front-end addresses and BMCs */
        if (out) {
            emu_out_printf(out, "127.0.0.1 localhost\n127.0.1.1 %s\n\n# The following lines are desirable "
                                "for IPv6 capable hosts\n::1     ip6-localhost ip6-loopback\nfe00::0 "
                                "ip6-localnet\nff00::0 ip6-mcastprefix\nff02::1 ip6-allnodes\nff02::2 "
                                "ip6-allrouters\n\n", n->name);
            for (int k = 0; k < w->n_nodes; k++)
                emu_out_printf(out, "%-15s %s\n", w->nodes[k].ip, w->nodes[k].name);
            for (int k = 0; k < w->n_nodes; k++)
                emu_out_printf(out, "%-15s %s\n", w->nodes[k].bmc.ip, w->nodes[k].bmc.address);
        }
        return 1;
    }
    if (!strcmp(rest, "/modules-load.d"))
        return dir(out, peermem_at_boot(w, node) ? "modules.conf\nnvidia-peermem.conf\n" : "modules.conf\n");
    if (!strcmp(rest, "/modules-load.d/modules.conf")) {
        /* Ubuntu's stock file (kmod), which names no module */
        if (out)
            emu_out_printf(out, "# /etc/modules: kernel modules to load at boot time.\n#\n# This file "
                                "contains the names of kernel modules that should be loaded\n# at boot "
                                "time, one per line. Lines beginning with \"#\" are ignored.\n# "
                                "Parameters can be specified after the module name.\n\n");
        return 1;
    }
    if (!strcmp(rest, "/modules-load.d/nvidia-peermem.conf") && peermem_at_boot(w, node)) {
        /* systemd-modules-load reads one module name a line (modules-load.d(5)) */
        if (out)
            emu_out_printf(out, "nvidia-peermem\n");
        return 1;
    }
    if (!strcmp(rest, "/slurm"))
        return dir(out, "slurm.conf\n");
    if (!strcmp(rest, "/slurm/slurm.conf"))
        return out ? emu_slurm_conf(w, out) : 1;
    return 0;
}

/* The checkpoint directory: the save the run resumed from, then the saves since that have
 * begun (emu_run_save_state not 0: a failed save leaves its directory), the newest max - 1 of
 * them when there are more (the older are taken to be pruned). *latest is the tracker file's
 * iteration, emu_run_last_saved_step: the one rule for the last completed save (run.h). */
static int list_checkpoints(const emu_world *w, long *iters, int max, long *latest)
{
    const emu_job *j = &w->job;
    int n = 0;
    long resume = emu_job_resume_step(w), every = j->checkpoint_interval;
    if (resume > 0 && n < max)
        iters[n++] = resume;
    long last = emu_run_last_saved_step(w);
    *latest = last > 0 ? last : -1;
    long now = emu_job_current_step(w);
    long first = (resume / every + 1) * every, newest = (now - 1) / every * every;
    if (newest >= first && (newest - first) / every + 1 > max - n)
        first = newest - (long)(max - n - 1) * every; /* keeps the newest */
    for (long s = first; s < now && n < max; s += every) {
        int st = emu_checkpoint_save_state(w, s);
        if (st == 0)
            break; /* not begun, nor any after it */
        iters[n++] = s;
    }
    return n;
}

static bool saves_cached(const emu_world *w)
{
    return !emu_world_caches_off && w->cache.saves_epoch == w->epoch + 1 && w->cache.saves_now_s == w->now_s;
}

bool emu_job_listed_save(const emu_world *w, long step, int *state)
{
    if (!saves_cached(w))
        return false;
    for (int k = 0; k < w->cache.n_saves; k++)
        if (w->cache.saves[k] == step) {
            *state = w->cache.save_state[k];
            return true;
        }
    return false;
}

/* The list is the same for every path under the directory until the state or the clock moves:
 * worked out once for them (world.h), with each save's state, which emu_checkpoint_save_state
 * then reads. */
int emu_job_checkpoints(const emu_world *w, long *iters, int max, long *latest)
{
    enum { SLOTS = (int)(sizeof w->cache.saves / sizeof w->cache.saves[0]) };
    if (emu_world_caches_off || max != SLOTS)
        return list_checkpoints(w, iters, max, latest);
    if (!saves_cached(w)) {
        emu_world *cw = emu_world_caches(w);
        cw->cache.saves_epoch = 0; /* not read while it is being filled */
        int n = list_checkpoints(w, cw->cache.saves, SLOTS, &cw->cache.saves_latest);
        for (int k = 0; k < n; k++)
            cw->cache.save_state[k] = (signed char)emu_checkpoint_save_state(w, cw->cache.saves[k]);
        cw->cache.n_saves = n;
        cw->cache.saves_now_s = w->now_s;
        cw->cache.saves_epoch = w->epoch + 1;
    }
    memcpy(iters, w->cache.saves, (size_t)w->cache.n_saves * sizeof *iters);
    *latest = w->cache.saves_latest;
    return w->cache.n_saves;
}

int emu_mount_user_file(const emu_world *w, int m, const char *rest)
{
    const emu_mount *mt = &w->mounts[m];
    for (int k = 0; rest[0] == '/' && k < mt->n_files; k++)
        if (!strcmp(rest + 1, mt->files[k].name))
            return k;
    return -1;
}

/* Files under a mount's target: rest is "" for the target itself. */
static int mount_file(const emu_world *w, int m, const char *rest, emu_out *out)
{
    const emu_job *j = &w->job;
    const emu_mount *mt = &w->mounts[m];
    if (*rest && emu_mount_user_file(w, m, rest) >= 0)
        return 1; /* a file of touch or dd: zeros, or nothing */
    if (!*rest && out)
        for (int k = 0; k < mt->n_files; k++)
            emu_out_printf(out, "%s\n", mt->files[k].name);
    if (!j->present || m != j->checkpoint_mount || j->checkpoint_interval <= 0)
        return *rest ? 0 : dir(out, ""); /* a file system whose contents the model does not hold */
    long iters[64], latest;
    int n = emu_job_checkpoints(w, iters, 64, &latest);
    if (!*rest) {
        if (out) {
            for (int k = 0; k < n; k++)
                emu_out_printf(out, "iter_%07ld/\n", iters[k]);
            if (latest > 0)
                emu_out_printf(out, "latest_checkpointed_iteration.txt\n");
        }
        return 2;
    }
    if (!strcmp(rest, "/latest_checkpointed_iteration.txt") && latest > 0) {
        if (out)
            emu_out_printf(out, "%ld\n", latest);
        return 1;
    }
    int it = -1, used = 0;
    char canonical[64];
    if (emu_sscanf(rest, "/iter_%7d%n", &it, &used) < 1 || used != 13)
        return 0;
    snprintf(canonical, sizeof canonical, "/iter_%07d", it);
    if (strncmp(rest, canonical, 13))
        return 0;
    int k = 0;
    while (k < n && iters[k] != it)
        k++;
    if (k == n)
        return 0;
    bool failed = emu_checkpoint_save_state(w, it) < 0;
    const char *sub = rest + used;
    int tp = j->tp > 0 ? j->tp : 1, pp = j->pp > 0 ? j->pp : 1;
    if (!*sub) {
        /* one directory per model-parallel rank: mp_rank_TT, or mp_rank_TT_PPP with pipeline
         * stages (checkpointing.py get_checkpoint_name) */
        for (int t = 0; out && t < tp; t++)
            for (int p = 0; p < pp; p++)
                emu_out_printf(out, pp > 1 ? "mp_rank_%02d_%03d/\n" : "mp_rank_%02d/\n", t, p);
        return 2;
    }
    int t = -1, p = 0;
    used = 0;
    if (pp > 1 ? emu_sscanf(sub, "/mp_rank_%2d_%3d%n", &t, &p, &used) < 2 : emu_sscanf(sub, "/mp_rank_%2d%n", &t, &used) < 1)
        return 0;
    snprintf(canonical, sizeof canonical, pp > 1 ? "/mp_rank_%02d_%03d" : "/mp_rank_%02d", t, p);
    if (t < 0 || t >= tp || p < 0 || p >= pp || used != (int)strlen(canonical) || strncmp(sub, canonical, (size_t)used))
        return 0;
    sub += used;
    /* the distributed optimizer's state first, then the model's: a failed save stopped at the
     * first (train.log names distrib_optim.pt) */
    if (!*sub)
        return dir(out, failed ? "distrib_optim.pt\n" : "distrib_optim.pt\nmodel_optim_rng.pt\n");
    if (!strcmp(sub, "/distrib_optim.pt") || (!failed && !strcmp(sub, "/model_optim_rng.pt"))) {
        if (out)
            emu_out_printf(out, "(binary: a PyTorch checkpoint shard)\n");
        return 1;
    }
    return 0;
}

int emu_mount_path(const emu_world *w, const char *path, int *mount, long *iteration)
{
    *mount = -1;
    *iteration = -1;
    for (int m = 0; m < w->n_mounts; m++) {
        const char *t = w->mounts[m].target;
        size_t len = strlen(t);
        if (len <= 1 || strncmp(path, t, len) || (path[len] != '/' && path[len]))
            continue;
        *mount = m;
        int kind = mount_file(w, m, path + len, NULL);
        int it = -1;
        if (kind && emu_sscanf(path + len, "/iter_%7d", &it) == 1)
            *iteration = it;
        else if (kind == 1) { /* the tracker file: written after the latest good save */
            long iters[64], latest;
            emu_job_checkpoints(w, iters, 64, &latest);
            *iteration = latest;
        }
        return kind;
    }
    return 0;
}

int emu_node_file(const emu_world *w, int node, const char *path, emu_out *out)
{
    if (!strcmp(path, "/")) {
        /* the directories this simulation holds: /etc, /home, /proc, /sys and the mounts */
        if (out) {
            char names[EMU_MAX_MOUNTS + 4][48];
            int k = 0;
            snprintf(names[k++], 48, "etc");
            snprintf(names[k++], 48, "home");
            snprintf(names[k++], 48, "proc");
            snprintf(names[k++], 48, "sys");
            for (int m = 0; m < w->n_mounts; m++) {
                const char *t = w->mounts[m].target;
                size_t len = strcspn(t + 1, "/");
                if (t[0] != '/' || !len)
                    continue;
                char top[48];
                snprintf(top, sizeof top, "%.*s", (int)len, t + 1);
                bool dup = false;
                for (int i = 0; i < k; i++)
                    dup |= !strcmp(names[i], top);
                if (!dup)
                    snprintf(names[k++], 48, "%s", top);
            }
            for (int i = 0; i < k; i++) /* ls sorts; a few names: insertion order by name */
                for (int q = i + 1; q < k; q++)
                    if (strcmp(names[q], names[i]) < 0) {
                        char tmp[48];
                        memcpy(tmp, names[i], 48);
                        memcpy(names[i], names[q], 48);
                        memcpy(names[q], tmp, 48);
                    }
            for (int i = 0; i < k; i++)
                emu_out_printf(out, "%s/\n", names[i]);
        }
        return 2;
    }
    if (!strncmp(path, "/etc", 4) && (path[4] == '/' || !path[4]))
        return etc_file(w, node, path + 4, out);
    for (int m = 0; m < w->n_mounts; m++) {
        const char *t = w->mounts[m].target;
        size_t len = strlen(t);
        if (len > 1 && !strncmp(path, t, len) && (path[len] == '/' || !path[len]))
            return mount_file(w, m, path + len, out);
    }
    return 0;
}
