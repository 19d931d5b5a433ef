# bad_input_long_line.in.sh: a 1 MiB command name, a 1 MiB argument and a 1 MiB quoted string left
# open, then a normal command: bounded answers, no crash, the session goes on.
long=$(head -c 1048576 /dev/zero | tr '\0' a)
printf '%s\n' "$long"
printf 'echo %s | wc -c\n' "$long"
printf 'echo "%s\n' "$long"
printf 'history 2 | wc -c\n'
printf 'hostname\n'
