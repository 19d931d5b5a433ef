# generate.sh: a named pipe where a page could be (reading it would block the build forever);
# git cannot hold one. The committed symbolic links make the folder loops.
mkfifo content/guide/pipe.md
