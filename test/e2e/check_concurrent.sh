#!/usr/bin/env bash
# One compiled fixture run from 4 threads at once, REPEAT runs each, on a
# model pool of 2 threads (so parallel chunks of concurrent runs share the
# pool); every output of every run is checked against eager's.
# usage: check_concurrent.sh PT2C PT2C_RUN DATA_DIR WORK_DIR FIXTURE REPEAT
set -euo pipefail
pt2c=$1 pt2c_run=$2 data=$3 work=$4 name=$5 repeat=$6
mkdir -p "$work"
"$pt2c" "$data/$name.pt2" -o "$work/$name.concurrent.so"
"$pt2c_run" run "$work/$name.concurrent.so" --inputs "$data/$name.io.npz" \
  --expect "$data/$name.io.npz" --threads 2 --concurrency 4 --repeat "$repeat"
