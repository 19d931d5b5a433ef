# generate.sh: a front matter nested 10,000 flow sequences deep (too repetitive to commit).
{ printf -- '---\ntitle: Deep\nlabs: '; printf '%.0s[' $(seq 10000); printf '%.0s]' $(seq 10000); printf '\n---\n\nText.\n'; } > content/deep-flow.md
