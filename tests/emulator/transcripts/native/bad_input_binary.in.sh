# bad_input_binary.in.sh: input lines with control bytes, invalid UTF-8, a NUL byte and an escape
# sequence (arrow keys pasted into a non-terminal); each must get a shell answer, never a crash.
printf 'echo \001\002 bell\007\n'
printf 'echo \377\376 invalid utf-8 \303\n'
printf 'ech\000o nul-inside\n'
printf '\033[A\n'
printf 'echo caf\303\251 ok\n'
printf '\r\n'
printf 'hostname\n'
