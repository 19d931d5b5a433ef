# generate.sh: names git would hold badly or not at all, written at test time: '#', '?', '%'
# (%2e%2e reads as ..), a backslash, a newline, a byte that is not UTF-8, a folder with '#';
# and two that are fine (a space, UTF-8).
page() { printf -- '---\ntitle: An odd name\n---\n\nText.\n' > "content/$1"; }
page 'a#b.md'
page 'what?.md'
page '%2e%2e.md'
page 'back\slash.md'
page $'new\nline.md'
page $'latin1-\xe9.md'
mkdir -p 'content/dir#x' && page 'dir#x/inside.md'
page 'a space.md'
page 'naïve.md'
