/* test_shell.c: unit tests of the shell (emulator/shell*.c) over a test double of the world:
 * quoting, variables, pipes and filters, lists, redirections, ssh, history, completion, bounds. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "emu.h"
#include "out.h"
#include "shell/shell.h"
#include "shell/shell_internal.h" /* emu_shell.parses */

/* ---- the test double: two nodes, two tools, a few files ---------------------------------- */

struct emu_world {
    int node_count;
    int commands_started;
};

static int fake_gpus(emu_context *c, int argc, char **argv, emu_out *out)
{
    const char *dbg = c->getenv(c, "NCCL_DEBUG");
    if (argc > 1 && strcmp(argv[1], "--bad") == 0) {
        emu_out_printf(out, "fake-gpus: unknown flag --bad\n");
        return 2;
    }
    emu_out_printf(out, "node%02d GPU0 temp_c=41\nnode%02d GPU1 temp_c=87\n", c->node + 1,
                   c->node + 1);
    if (dbg)
        emu_out_printf(out, "NCCL_DEBUG=%s\n", dbg);
    if (c->input_len)
        emu_out_printf(out, "stdin=%zu\n", c->input_len);
    return 0;
}

static int fake_flood(emu_context *c, int argc, char **argv, emu_out *out)
{
    (void)c, (void)argc, (void)argv;
    for (int i = 0; i < 100000; i++)
        emu_out_printf(out, "line %d of a long output\n", i);
    return 0;
}

/* fake-gpus names the arguments of its --gpu from the cluster: "0" and "1". */
static void fake_complete_arg(const emu_world *w, int node, int argc, char **argv, emu_out *cands)
{
    (void)w, (void)node;
    if (strcmp(argv[0], "fake-gpus") == 0 && strcmp(argv[argc - 1], "--gpu") == 0)
        emu_out_printf(cands, "0\n1\n");
}

static const char *const gpus_flags[] = {"--query", "--bad", "topo", NULL};
static const emu_command fake_commands[] = {
    {"fake-gpus", fake_gpus, "list the fake GPUs", "usage: fake-gpus [--query]\n", gpus_flags,
     .cost = EMU_COST_TOOL, .complete = fake_complete_arg},
    {"fake-flood", fake_flood, "print far too much", "usage: fake-flood\n", NULL, .cost = EMU_COST_TOOL},
};

static const emu_command *fake_find(const char *name)
{
    for (size_t i = 0; i < sizeof fake_commands / sizeof fake_commands[0]; i++)
        if (strcmp(fake_commands[i].name, name) == 0)
            return &fake_commands[i];
    return NULL;
}

static const emu_command *fake_at(size_t i)
{
    return i < sizeof fake_commands / sizeof fake_commands[0] ? &fake_commands[i] : NULL;
}

static int fake_node_count(const emu_world *w)
{
    return w->node_count;
}

static emu_file_kind fake_file(emu_world *w, int node, const char *path, emu_out *out)
{
    (void)w;
    if (strcmp(path, "/home/user") == 0) {
        if (out)
            emu_out_printf(out, "logs/\ntrain.log\n");
        return EMU_FILE_DIR;
    }
    if (strcmp(path, "/home/user/logs") == 0) {
        if (out)
            emu_out_printf(out, "rank-00.log\nrank-01.log\n");
        return EMU_FILE_DIR;
    }
    if (strcmp(path, "/home/user/train.log") == 0) {
        if (out)
            for (int i = 1; i <= 20; i++)
                emu_out_printf(out, "step %d loss %.2f node%02d\n", i, 3.0 - i * 0.05, node + 1);
        return EMU_FILE_REGULAR;
    }
    if (strncmp(path, "/home/user/logs/rank-0", 22) == 0 && strlen(path) == 27) {
        if (out)
            emu_out_printf(out, "rank %c arrived\n", path[22]);
        return EMU_FILE_REGULAR;
    }
    return EMU_FILE_NONE;
}

static void command_started(emu_world *w, int node, const emu_command *command)
{
    (void)node, (void)command;
    w->commands_started++;
}

typedef struct fixture {
    struct emu_world world;
    emu_shell *shell;
    emu_out out;
    int flags;
    int status;
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    f->world.node_count = 2;
    emu_shell_host host = {&f->world, fake_node_count, fake_find, fake_at, fake_file,
                           command_started, NULL, NULL, NULL, NULL};
    f->shell = emu_shell_new(&host);
    emu_out_init(&f->out, 0);
    *state = f;
    return f->shell ? 0 : -1;
}

static int teardown(void **state)
{
    fixture *f = *state;
    emu_shell_free(f->shell);
    emu_out_free(&f->out);
    free(f);
    return 0;
}

static const char *run(fixture *f, const char *line)
{
    emu_out_reset(&f->out);
    f->status = emu_shell_execute(f->shell, line, strlen(line), &f->out, &f->flags);
    return emu_out_text(&f->out);
}

static const char *complete(fixture *f, const char *line)
{
    emu_out_reset(&f->out);
    emu_shell_complete(f->shell, line, strlen(line), &f->out);
    return emu_out_text(&f->out);
}

/* ---- tests --------------------------------------------------------------------------------- */

static void test_quoting_and_variables(void **state)
{
    fixture *f = *state;
    assert_string_equal(run(f, "echo 'a  b' \"c  $HOME\" d\\ e"), "a  b c  /home/user d e\n");
    assert_string_equal(run(f, "X=1; echo \"$X\" '$X' ${X}y"), "1 $X 1y\n");
    assert_string_equal(run(f, "echo $UNSET_VAR end"), "end\n");
    assert_string_equal(run(f, "false; echo $?"), "1\n");
    assert_string_equal(run(f, "echo ~ ~/logs"), "/home/user /home/user/logs\n");
    assert_string_equal(run(f, "echo -n hi"), "hi");
    assert_string_equal(run(f, "echo a # a comment"), "a\n");
}

static void test_unmatched_quote(void **state)
{
    fixture *f = *state;
    assert_string_equal(run(f, "echo \"abc"),
                        "bash: unexpected EOF while looking for matching `\"'\n");
    assert_int_equal(f->status, 2);
    assert_string_equal(run(f, "echo 'abc"),
                        "bash: unexpected EOF while looking for matching `''\n");
    assert_string_equal(run(f, "| grep x"), "bash: syntax error near unexpected token `|'\n");
    assert_string_equal(run(f, "echo a |"), "bash: syntax error: unexpected end of file\n");
    assert_string_equal(run(f, "echo >"), "bash: syntax error near unexpected token `newline'\n");
}

static void test_env_prefix_and_export(void **state)
{
    fixture *f = *state;
    /* a plain shell variable does not reach a command; a prefix and an export do */
    assert_null(strstr(run(f, "NCCL_DEBUG=WARN; fake-gpus"), "NCCL_DEBUG"));
    assert_non_null(strstr(run(f, "NCCL_DEBUG=INFO fake-gpus"), "NCCL_DEBUG=INFO\n"));
    assert_null(strstr(run(f, "fake-gpus"), "NCCL_DEBUG"));
    run(f, "export NCCL_DEBUG=TRACE");
    assert_non_null(strstr(run(f, "fake-gpus"), "NCCL_DEBUG=TRACE\n"));
    assert_non_null(strstr(run(f, "env"), "NCCL_DEBUG=TRACE\n"));
    assert_non_null(strstr(run(f, "export"), "declare -x NCCL_DEBUG=\"TRACE\"\n"));
    assert_non_null(strstr(run(f, "env NCCL_DEBUG=INFO fake-gpus"), "NCCL_DEBUG=INFO\n"));
    assert_non_null(strstr(run(f, "sudo NCCL_DEBUG=WARN fake-gpus"), "NCCL_DEBUG=WARN\n"));
    assert_string_equal(run(f, "export 1X=2"), "bash: export: `1X=2': not a valid identifier\n");
    assert_int_equal(f->status, 1);
    run(f, "unset NCCL_DEBUG");
    assert_null(strstr(run(f, "fake-gpus"), "NCCL_DEBUG"));
}

static void test_pipes_and_filters(void **state)
{
    fixture *f = *state;
    assert_string_equal(run(f, "fake-gpus | grep GPU1"), "node01 GPU1 temp_c=87\n");
    assert_string_equal(run(f, "fake-gpus | grep -c GPU"), "2\n");
    assert_string_equal(run(f, "fake-gpus | grep -v GPU1"), "node01 GPU0 temp_c=41\n");
    assert_string_equal(run(f, "fake-gpus | grep -i gpu0"), "node01 GPU0 temp_c=41\n");
    assert_string_equal(run(f, "fake-gpus | grep -E 'GPU(0|1)' | wc -l"), "2\n");
    assert_string_equal(run(f, "fake-gpus | grep -o 'temp_c=[0-9]*'"),
                        "temp_c=41\ntemp_c=87\n");
    assert_string_equal(run(f, "fake-gpus | grep nomatch"), "");
    assert_int_equal(f->status, 1);
    assert_string_equal(run(f, "tail -n 2 train.log"),
                        "step 19 loss 2.05 node01\nstep 20 loss 2.00 node01\n");
    assert_string_equal(run(f, "head -3 train.log | tail -1"), "step 3 loss 2.85 node01\n");
    assert_string_equal(run(f, "cat train.log | sort -k2 -n -r | head -n 1"),
                        "step 20 loss 2.00 node01\n");
    assert_string_equal(run(f, "printf_missing 2>/dev/null; echo x"), "x\n");
    assert_string_equal(run(f, "cat logs/rank-01.log logs/rank-00.log | sort"),
                        "rank 0 arrived\nrank 1 arrived\n");
    assert_string_equal(run(f, "echo 'b a b' | cut -d' ' -f2"), "a\n");
    assert_string_equal(run(f, "cat nothing.txt"), "cat: nothing.txt: No such file or directory\n");
    assert_int_equal(f->status, 1);
    assert_string_equal(run(f, "grep -z x"),
                        "grep: invalid option -- 'z'\nUsage: grep [OPTION]... PATTERNS [FILE]...\n"
                        "Try 'grep --help' for more information.\n");
    assert_int_equal(f->status, 2);
    assert_string_equal(run(f, "head -n abc train.log"), "head: invalid number of lines: 'abc'\n");
    assert_string_equal(run(f, "grep -n -B 2 'step 4 ' train.log"),
                        "2-step 2 loss 2.90 node01\n3-step 3 loss 2.85 node01\n"
                        "4:step 4 loss 2.80 node01\n");
    assert_string_equal(run(f, "grep -C1 'step 20 ' train.log"),
                        "step 19 loss 2.05 node01\nstep 20 loss 2.00 node01\n");
    assert_string_equal(run(f, "grep -A x y train.log"),
                        "grep: x: invalid context length argument\n");
    assert_string_equal(run(f, "wc -l < train.log"), "20\n");
    assert_string_equal(run(f, "head -1 train.log | tee | tee snap.txt"),
                        "tee: snap.txt: Read-only file system\nstep 1 loss 2.95 node01\n");
    assert_int_equal(f->status, 1);
    /* context lines, with "--" between groups, as GNU grep prints them */
    assert_string_equal(run(f, "grep -A1 -e 'step 1 ' -e 'step 5 ' train.log"),
                        "step 1 loss 2.95 node01\nstep 2 loss 2.90 node01\n--\n"
                        "step 5 loss 2.75 node01\nstep 6 loss 2.70 node01\n");
}

static void test_awk(void **state)
{
    fixture *f = *state;
    assert_string_equal(run(f, "awk '$2 > 18 {print $2, $4}' train.log"), "19 2.05\n20 2.00\n");
    assert_string_equal(run(f, "awk 'NR == 3' train.log"), "step 3 loss 2.85 node01\n");
    assert_string_equal(run(f, "awk '{s += $4} END {printf \"%.2f %d\\n\", s / NR, NR}' train.log"),
                        "2.48 20\n");
    assert_string_equal(run(f, "echo 'a,b,,d' | awk -F, '{print NF, $4, $NF}'"), "4 d d\n");
    assert_string_equal(run(f, "echo 'k=v; x=y' | awk -F'[=;] *' '{print $2 \"-\" $4}'"), "v-y\n");
    assert_string_equal(run(f, "awk '/step 1[0-2] / {n++} END {print n}' train.log"), "3\n");
    assert_string_equal(run(f, "awk '{if ($2 % 10 == 0) print $2; else next}' train.log"),
                        "10\n20\n");
    assert_string_equal(run(f, "awk 'NR > 2 {exit} {print $2} END {print \"end\", NR}' train.log"),
                        "1\n2\nend 3\n");
    assert_string_equal(run(f, "echo 3 | awk -v k=4 '{print $1 * k, $1 / 2, -$1}'"), "12 1.5 -3\n");
    assert_string_equal(run(f, "echo 'node02 gpu5' | awk '$1 ~ /node0[12]/ && $2 !~ \"gpu[0-4]\"'"),
                        "node02 gpu5\n");
    /* errors: what is not supported says so, and nothing crashes */
    assert_non_null(strstr(run(f, "echo x | awk '{print $1 > \"f\"}'"), "output redirection"));
    assert_int_equal(f->status, 2);
    assert_non_null(strstr(run(f, "echo x | awk '{print $1'"), "awk: syntax error"));
    assert_non_null(strstr(run(f, "echo x | awk '{while (1) print}'"), "awk: "));
    assert_string_equal(run(f, "awk"), "usage: awk [-F SEP] [-v VAR=VALUE] 'PROGRAM' [FILE ...]\n");
    char deep[4200] = "echo 1 | awk '{print ";
    size_t at = strlen(deep);
    for (int i = 0; i < 2000; i++)
        deep[at++] = '(';
    strcpy(deep + at, "1}'");
    assert_non_null(strstr(run(f, deep), "nested too deeply"));
}

static void test_lists(void **state)
{
    fixture *f = *state;
    /* for loops and brace expansion, the way operators walk nodes */
    assert_string_equal(run(f, "for n in node0{1..2}; do ssh $n hostname; done"),
                        "node01\nnode02\n");
    assert_string_equal(run(f, "for f in logs/*.log; do tail -n 1 $f; done | sort -r"),
                        "rank 1 arrived\nrank 0 arrived\n");
    assert_string_equal(run(f, "for i in 1 2; do for j in a b; do echo -n $i$j' '; done; done; echo"),
                        "1a 1b 2a 2b \n");
    assert_string_equal(run(f, "echo {a,b}{1..2} x{08..10} ${HOME} {x} a{b"),
                        "a1 a2 b1 b2 x08 x09 x10 /home/user {x} a{b\n");
    assert_string_equal(run(f, "for n in a b; do echo $n"), "bash: syntax error: unexpected end of file\n");
    assert_string_equal(run(f, "for n in a; do; done"),
                        "bash: syntax error near unexpected token `;'\n");
    assert_string_equal(run(f, "done"), "bash: syntax error near unexpected token `done'\n");
    assert_non_null(strstr(run(f, "while true; do echo; done"), "only `for NAME in WORDS"));
    assert_string_equal(run(f, "echo {1..100000} | wc -w"), "1024\n");
    assert_string_equal(run(f, "false && echo no || echo yes; echo end"), "yes\nend\n");
    assert_string_equal(run(f, "true && echo a && echo b"), "a\nb\n");
}

/* A loop's body is parsed once, with its line, and its tokens run at each iteration: a line is
 * one parse however many iterations its loops take (`ssh NODE command` parses its command once
 * more), and a syntax error anywhere in a body stops the line before its first iteration. */
static void test_loop_body_parsed_once(void **state)
{
    fixture *f = *state;
    unsigned long before = f->shell->parses;
    assert_string_equal(run(f, "for i in 1 2 3; do for j in a b; do echo -n $i$j' '; done; done; echo"),
                        "1a 1b 2a 2b 3a 3b \n");
    assert_int_equal(f->shell->parses - before, 1);
    before = f->shell->parses;
    assert_string_equal(run(f, "ssh node02 'for i in {1..50}; do hostname > /dev/null; done; hostname'"),
                        "node02\n");
    assert_int_equal(f->shell->parses - before, 2);
    assert_string_equal(run(f, "for a in 1 2; do echo $a; 2>/dev/null cat nofile; done"), "1\n2\n");
    /* a body's syntax error stops the line before anything runs, once */
    before = f->shell->parses;
    assert_string_equal(run(f, "for a in 1 2 3; do echo $a; echo | ; done"),
                        "bash: syntax error near unexpected token `;'\n");
    assert_int_equal(f->shell->parses - before, 1);
}

static void test_unknown_command(void **state)
{
    fixture *f = *state;
    assert_string_equal(run(f, "foo --bar"), "bash: foo: command not found\n");
    assert_int_equal(f->status, 127);
    assert_string_equal(run(f, "./train.sh"), "bash: ./train.sh: No such file or directory\n");
    /* control bytes are shown in caret notation, never raw */
    assert_string_equal(run(f, "\x1b[A"), "bash: ^[[A: command not found\n");
}

static void test_ssh(void **state)
{
    fixture *f = *state;
    assert_string_equal(emu_shell_prompt(f->shell), "user@node01:~$ ");
    assert_string_equal(run(f, "ssh node02 hostname"), "node02\n");
    assert_string_equal(run(f, "ssh node02 'fake-gpus | grep -c GPU'"), "2\n");
    assert_string_equal(emu_shell_prompt(f->shell), "user@node01:~$ ");
    assert_string_equal(run(f, "ssh node09"),
                        "ssh: Could not resolve hostname node09: Name or service not known\n");
    assert_int_equal(f->status, 255);
    run(f, "export A=1");
    assert_string_equal(run(f, "ssh node02"), "");
    assert_string_equal(emu_shell_prompt(f->shell), "user@node02:~$ ");
    assert_int_equal(emu_shell_node(f->shell), 1);
    assert_string_equal(run(f, "echo \"[$A]\"; hostname"), "[]\nnode02\n");
    assert_string_equal(run(f, "exit"), "logout\nConnection to node02 closed.\n");
    assert_int_equal(f->flags & EMU_RESULT_EXIT, 0);
    assert_string_equal(emu_shell_prompt(f->shell), "user@node01:~$ ");
    assert_string_equal(run(f, "echo $A"), "1\n");
    assert_string_equal(run(f, "exit"), "logout\n");
    assert_int_equal(f->flags & EMU_RESULT_EXIT, EMU_RESULT_EXIT);
}

static void test_ssh_nesting_is_bounded(void **state)
{
    fixture *f = *state;
    for (int i = 0; i < EMU_SHELL_SSH_DEPTH_MAX; i++)
        run(f, "ssh node02");
    assert_non_null(strstr(run(f, "ssh node01"), "too many nested sessions"));
    assert_int_equal(f->status, 255);
    for (int i = 0; i < EMU_SHELL_SSH_DEPTH_MAX; i++)
        run(f, "exit");
    assert_string_equal(emu_shell_prompt(f->shell), "user@node01:~$ ");
}

static void test_cd_and_prompt(void **state)
{
    fixture *f = *state;
    run(f, "cd logs");
    assert_string_equal(emu_shell_prompt(f->shell), "user@node01:~/logs$ ");
    assert_string_equal(run(f, "cat rank-00.log"), "rank 0 arrived\n");
    assert_string_equal(run(f, "cd nowhere"), "bash: cd: nowhere: No such file or directory\n");
    run(f, "cd");
    assert_string_equal(run(f, "pwd"), "/home/user\n");
    assert_string_equal(run(f, "ls"), "logs/  train.log\n");
    /* pathname expansion over the simulated files */
    assert_string_equal(run(f, "echo logs/rank-*.log"), "logs/rank-00.log logs/rank-01.log\n");
    assert_string_equal(run(f, "echo logs/rank-0?.log | wc -w"), "2\n");
    assert_string_equal(run(f, "echo 'logs/*' logs/none*"), "logs/* logs/none*\n");
    assert_string_equal(run(f, "echo *"), "logs train.log\n");
    assert_string_equal(run(f, "tail -n 1 logs/*"),
                        "==> logs/rank-00.log <==\nrank 0 arrived\n\n"
                        "==> logs/rank-01.log <==\nrank 1 arrived\n");
    assert_string_equal(run(f, "tail -q -n 1 logs/*"), "rank 0 arrived\nrank 1 arrived\n");
    assert_string_equal(run(f, "echo a ;; echo b"),
                        "bash: syntax error near unexpected token `;;'\n");
}

static void test_history_and_clear(void **state)
{
    fixture *f = *state;
    run(f, "echo one");
    run(f, "   ");
    run(f, "echo two");
    assert_string_equal(run(f, "history"), "    1  echo one\n    2  echo two\n    3  history\n");
    assert_string_equal(run(f, "history 1"), "    4  history 1\n");
    run(f, "clear");
    assert_int_equal(f->flags, EMU_RESULT_CLEAR);
    /* history expansion, shown before it runs */
    run(f, "echo hello");
    assert_string_equal(run(f, "!!"), "echo hello\nhello\n");
    assert_string_equal(run(f, "!1"), "echo one\none\n");
    assert_string_equal(run(f, "!-2 | wc -c"), "echo hello | wc -c\n6\n");
    assert_string_equal(run(f, "!ec"), "echo hello | wc -c\n6\n");
    assert_string_equal(run(f, "!nope"), "bash: !nope: event not found\n");
    assert_string_equal(run(f, "echo '!!' hi! \"a != b\""), "!! hi! a != b\n");
    for (int i = 0; i < EMU_SHELL_HISTORY_MAX + 10; i++)
        run(f, "true");
    const char *h = run(f, "history 1");
    assert_string_equal(h, "  522  history 1\n");
}

static void test_help(void **state)
{
    fixture *f = *state;
    const char *h = run(f, "help");
    assert_non_null(strstr(h, "  fake-gpus   list the fake GPUs\n"));
    assert_non_null(strstr(h, "  grep        print lines that match a pattern\n"));
    assert_non_null(strstr(run(f, "help fake-gpus"), "usage: fake-gpus [--query]\n"));
    assert_string_equal(run(f, "help nope"),
                        "bash: help: no help topics match `nope'.  Try `help' for the list of "
                        "commands.\n");
}

static void test_completion(void **state)
{
    fixture *f = *state;
    assert_string_equal(complete(f, "fake-g"), "fake-gpus\n");
    assert_string_equal(complete(f, "he"), "head\nhelp\n");
    assert_string_equal(complete(f, "ssh no"), "node01\nnode02\n");
    assert_string_equal(complete(f, "ssh node02 fake-f"), "fake-flood\n");
    assert_string_equal(complete(f, "fake-gpus --"), "--bad\n--query\n");
    assert_string_equal(complete(f, "fake-gpus t"), "topo\n");
    /* subcommands only as the first argument; the cluster names some arguments itself */
    assert_string_equal(complete(f, "fake-gpus --query t"), "train.log\n");
    assert_string_equal(complete(f, "fake-gpus --gpu "), "0\n1\n");
    assert_string_equal(complete(f, "fake-gpus --gpu 1"), "1\n");
    assert_string_equal(complete(f, "tail tr"), "train.log\n");
    assert_string_equal(complete(f, "cat logs/rank-0"), "logs/rank-00.log\nlogs/rank-01.log\n");
    assert_string_equal(complete(f, "fake-gpus | gr"), "grep\n");
    assert_string_equal(complete(f, "mpirun -np 16 -H node01,no"),
                        "node01,node01\nnode01,node02\n");
    assert_string_equal(complete(f, "NCCL_DEBUG=INFO fake-"), "fake-flood\nfake-gpus\n");
    assert_string_equal(complete(f, "zzz"), "");
}

static void test_bounds(void **state)
{
    fixture *f = *state;
    /* a 1 MB line: answered, bounded, no crash */
    size_t n = 1024 * 1024;
    char *line = malloc(n + 1);
    memset(line, 'a', n);
    line[n] = '\0';
    emu_out_reset(&f->out);
    f->status = emu_shell_execute(f->shell, line, n, &f->out, &f->flags);
    assert_int_equal(f->status, 127);
    assert_true(f->out.len <= EMU_OUT_LIMIT_BYTES + sizeof EMU_OUT_TRUNCATED_LINE + 1);
    assert_non_null(strstr(emu_out_text(&f->out), "a...[1048320 more bytes]: command not found\n"));
    /* the same line piped: the echo is cut at the bound, with the marker on its own line */
    memcpy(line, "echo ", 5);
    memcpy(line + n - 8, " | wc -l", 8);
    emu_out_reset(&f->out);
    f->status = emu_shell_execute(f->shell, line, n, &f->out, &f->flags);
    assert_string_equal(emu_out_text(&f->out), "2\n");
    free(line);
    /* a long output is cut with one marker */
    const char *out = run(f, "fake-flood");
    assert_non_null(strstr(out, EMU_OUT_TRUNCATED_LINE));
    assert_true(f->out.len <= EMU_OUT_LIMIT_BYTES + sizeof EMU_OUT_TRUNCATED_LINE);
    assert_string_equal(run(f, "fake-flood | tail -1"), "[output truncated]\n");
    /* commands running commands, a hundred thousand deep: refused, never a stack overflow */
    size_t depth_len = 100000 * 5 + 5;
    char *deep = malloc(depth_len + 1);
    for (size_t i = 0; i < 100000; i++)
        memcpy(deep + i * 5, "sudo ", 5);
    memcpy(deep + 100000 * 5, "true", 5);
    emu_out_reset(&f->out);
    f->status = emu_shell_execute(f->shell, deep, strlen(deep), &f->out, &f->flags);
    assert_int_equal(f->status, 1);
    assert_non_null(strstr(emu_out_text(&f->out), "maximum nesting level exceeded"));
    free(deep);
    assert_string_equal(run(f, "echo aa | grep '\\(a\\)\\1'"),
                        "grep: back-references (\\1) are not supported in this simulated shell\n");
    /* variables are bounded in number and in bytes */
    char big[5000];
    memset(big, 'v', sizeof big);
    memcpy(big, "export A0=", 10);
    big[sizeof big - 1] = '\0';
    int refused = 0;
    for (int i = 0; i < 40 && !refused; i++) {
        big[8] = (char)('A' + i % 26);
        big[7] = (char)('A' + i / 26);
        big[6] = ' ';
        memcpy(big, "export", 6);
        refused = strstr(run(f, big), "too many variables") != NULL;
    }
    assert_true(refused);
    /* binary bytes, NUL included */
    static const char bin[] = {'e', 'c', 'h', 'o', ' ', '\0', '\x01', (char)0xff, '\n', 'x'};
    emu_out_reset(&f->out);
    f->status = emu_shell_execute(f->shell, bin, sizeof bin, &f->out, &f->flags);
    assert_string_equal(emu_out_text(&f->out), "^A\\xFF\nbash: x: command not found\n");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_quoting_and_variables, setup, teardown),
        cmocka_unit_test_setup_teardown(test_unmatched_quote, setup, teardown),
        cmocka_unit_test_setup_teardown(test_env_prefix_and_export, setup, teardown),
        cmocka_unit_test_setup_teardown(test_pipes_and_filters, setup, teardown),
        cmocka_unit_test_setup_teardown(test_lists, setup, teardown),
        cmocka_unit_test_setup_teardown(test_loop_body_parsed_once, setup, teardown),
        cmocka_unit_test_setup_teardown(test_awk, setup, teardown),
        cmocka_unit_test_setup_teardown(test_unknown_command, setup, teardown),
        cmocka_unit_test_setup_teardown(test_ssh, setup, teardown),
        cmocka_unit_test_setup_teardown(test_ssh_nesting_is_bounded, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cd_and_prompt, setup, teardown),
        cmocka_unit_test_setup_teardown(test_history_and_clear, setup, teardown),
        cmocka_unit_test_setup_teardown(test_help, setup, teardown),
        cmocka_unit_test_setup_teardown(test_completion, setup, teardown),
        cmocka_unit_test_setup_teardown(test_bounds, setup, teardown),
    };
    return cmocka_run_group_tests_name("shell", tests, NULL, NULL);
}
