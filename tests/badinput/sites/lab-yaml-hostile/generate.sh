# generate.sh: a scenario nested 10,000 mappings deep (too repetitive to commit).
{ printf 'title: Deep\ncluster: '; printf '%.0s{a: ' $(seq 10000); printf 'x'; printf '%.0s}' $(seq 10000); printf '\n'; } > content/labs/deep.yaml
