#!/usr/bin/env bash
# A compiled model leaks nothing over many runs: `pt2c-run bench` of the
# fixture for RUNS runs on 2 threads under valgrind's leak checker, which
# fails the test on any block definitely or indirectly lost (the pool, the
# execution contexts, the scratch cache and the outputs all included).
# Exit 77 (skipped) where valgrind is not installed.
# usage: check_no_leaks.sh PT2C PT2C_RUN DATA_DIR WORK_DIR FIXTURE RUNS
set -euo pipefail
pt2c=$1 runner=$2 data=$3 work=$4 fixture=$5 runs=$6
command -v valgrind >/dev/null || { echo "valgrind not installed: skipped"; exit 77; }
mkdir -p "$work"
library="$work/$fixture.leaks.so"
"$pt2c" "$data/$fixture.pt2" -o "$library"
log="$work/$fixture.valgrind.txt"
if ! valgrind --leak-check=full --errors-for-leak-kinds=definite,indirect --error-exitcode=9 \
     "$runner" bench "$library" --inputs "$data/$fixture.io.npz" --runs "$runs" --warmup 0 \
     --threads 2 >"$log" 2>&1; then
  cat "$log"
  echo "FAIL: $fixture leaks or misuses memory over $runs runs (valgrind above)"
  exit 1
fi
grep -E "definitely lost|indirectly lost|ERROR SUMMARY" "$log"
