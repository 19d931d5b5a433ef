/* not_simulated.c: the real tools a GPU node has that no lab simulates. The shell answers them
 * "NAME: not simulated in this lab (type help)" instead of bash's "command not found", so a
 * learner never reads a missing simulation as a broken node; a made-up name still gets bash's
 * message. */
#include <string.h>

#include "tools.h"

/* In name order: editors, languages, package managers, system
 * and network tools, GPU and fabric tools beyond the simulated ones, Slurm's other commands. */
static const char *const names[] = {
    "apt", "apt-get", "bc", "bzip2", "chmod", "chown", "chronyc", "clush", "cmp", "comm", "cp",
    "cpupower", "crontab", "cuda-gdb", "dd", "diff", "dig", "dkms", "dmidecode",
    "dnf", "docker", "dpkg", "du", "emacs", "enroot", "expr", "fdisk", "file", "find", "fio",
    "flint", "fsck", "gcc", "gdb", "git", "gzip", "hdparm", "host", "hostnamectl", "htop",
    "hwloc-ls", "ib_read_bw", "ib_send_bw", "ib_write_lat", "ibhosts",
    "ibnetdiscover", "ibping", "ibroute", "ibswitches", "ifconfig", "insmod",
    "iotop", "iperf3", "iptables", "kill", "killall", "kubectl", "last", "ldconfig", "ldd",
    "ln", "lnetctl", "locate", "lsblk", "lshw", "lsof", "lstopo", "lsusb", "make", "md5sum",
    "mkdir", "mlxconfig", "mlxfwmanager", "mst", "mtr", "mv", "nano", "nc", "ncu", "netstat",
    "nft", "nice", "nmap", "nohup", "nsys", "numastat", "nvcc", "nvidia-bug-report.sh", "nvme",
    "nvtop", "ofed_info", "opensm", "paste", "pdsh", "perf", "pgrep", "pip", "pip3", "pkill",
    "printf", "python", "python3", "readlink", "renice", "rm", "rmdir", "route", "rpm",
    "rsync", "sacct", "sacctmgr", "salloc", "saquery", "scp", "screen",
    "sed", "sensors", "seq", "sha256sum", "smartctl", "sminfo", "smpquery", "sprio", "sshare",
    "stat", "strace", "su", "tar", "taskset", "tcpdump", "telnet", "time", "timedatectl",
    "timeout", "tmux", "touch", "tr", "traceroute", "tree", "turbostat", "vi", "vim", "w",
    "watch", "wget", "who", "xargs", "xz", "yes", "yum", "zcat",
};

int emu_tool_not_simulated(const char *name)
{
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(name, names[i]))
            return 1;
    return 0;
}
