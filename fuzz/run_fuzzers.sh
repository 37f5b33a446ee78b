#!/usr/bin/env bash
# Runs every fuzz target of a PT2C_FUZZ build for SECONDS each (`make fuzz`).
#
#   fuzz/run_fuzzers.sh BUILD_DIR SECONDS [TARGET...]
#
# Each target starts from its seeds (BUILD_DIR/seeds/<kind>, make_seeds.py)
# and keeps what it finds new in BUILD_DIR/corpus/<target>, so a second run
# goes on from there. A crash, a sanitizer report, a timeout (30 s per
# input) or running out of memory (4 GiB) leaves the input in
# BUILD_DIR/findings/<target>/ and fails. Prints, per target, the
# executions and the seconds they took.
set -u
build=$1
seconds=$2
shift 2
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(pt2c-fuzz-archive pt2c-fuzz-compile pt2c-fuzz-inputs)
# allow_user_poisoning=0: Debian's LLVM/MLIR are not instrumented (Makefile,
# test-sanitized, says why); leaks of a refused input are findings too.
export ASAN_OPTIONS=${ASAN_OPTIONS:-allow_user_poisoning=0:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
status=0
summary=""
for target in "${targets[@]}"; do
  kind=${target#pt2c-fuzz-}
  corpus=$build/corpus/$target
  findings=$build/findings/$target
  mkdir -p "$corpus" "$findings"
  log=$build/fuzz-$target.log
  "$build/bin/$target" "$corpus" "$build/seeds/$kind" \
    -max_total_time="$seconds" -timeout=30 -rss_limit_mb=4096 \
    -artifact_prefix="$findings/" -print_final_stats=1 >"$log" 2>&1
  rc=$?
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
  if [ $rc -ne 0 ]; then
    status=1
    summary+="$target: FAILED (rc $rc, ${execs:-?} executions; $log, findings in $findings)"$'\n'
    grep -m3 -E 'ERROR: |SUMMARY: |pt2c-fuzz-compile: ' "$log" | sed 's/^/    /'
  else
    summary+="$target: ${execs:-?} executions in $seconds s, no finding"$'\n'
  fi
done
printf '%s' "$summary"
exit $status
