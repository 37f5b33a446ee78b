#!/usr/bin/env bash
# Benchmark: compile every fixture with pt2c, reporting wall time and the
# library's size; leaves NAME.so in OUT for bench/cpu_latency_vs_eager.py
# (or, with --target cuda, for bench/cuda_check.py). Extra arguments go to
# pt2c.
# usage: bench/compile_fixtures.sh [BUILD_DIR] [OUT] [PT2C FLAGS...]
set -euo pipefail
build=${1:-build} out=${2:-/tmp/pt2c-fixtures}
shift $(( $# < 2 ? $# : 2 ))
mkdir -p "$out"
printf '| fixture | compile (s) | model .so |  (pt2c %s)\n|---|---|---|\n' "$*"
for archive in test/data/*.pt2; do
  name=$(basename "$archive" .pt2)
  start=$(date +%s.%N)
  "$build/bin/pt2c" "$archive" -o "$out/$name.so" "$@"
  end=$(date +%s.%N)
  printf '| %s | %.2f | %s KiB |\n' "$name" "$(echo "$end - $start" | bc)" "$(( $(stat -c %s "$out/$name.so") / 1024 ))"
done
