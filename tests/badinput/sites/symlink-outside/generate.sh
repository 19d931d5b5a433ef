# generate.sh: a file beside the content folder and a relative link to it from inside (the
# same escape as an absolute link, written as ../).
printf 'secret\n' > secret.txt
ln -s ../../secret.txt content/guide/secret.md
