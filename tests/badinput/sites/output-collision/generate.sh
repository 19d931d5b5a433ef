# generate.sh: a lab scenario (so the build writes emu/) and Pagefind (so it writes
# pagefind/), both from the repository.
mkdir -p content/labs
cp "$HB_REPO/content/labs/late-rank.yaml" content/labs/
ln -s "$HB_REPO/node_modules" node_modules
