#!/usr/bin/env bash
# pt2c-run run --save-outputs: the outputs written are the model's, read
# back by --expect bit for bit (atol 0, rtol 0), and within the default
# tolerance of eager PyTorch's stored outputs (docs/design.md, "Test data
# and tolerances").
# usage: check_save_outputs.sh PT2C PT2C_RUN DATA_DIR WORK_DIR FIXTURE
set -euo pipefail
pt2c=$1 runner=$2 data=$3 work=$4 fixture=$5
mkdir -p "$work"
library="$work/$fixture.save-outputs.so" saved="$work/$fixture.saved.npz"
rm -f "$saved"
"$pt2c" "$data/$fixture.pt2" -o "$library"
"$runner" run "$library" --inputs "$data/$fixture.io.npz" --save-outputs "$saved"
test -s "$saved"
"$runner" run "$library" --inputs "$data/$fixture.io.npz" --expect "$saved" --atol 0 --rtol 0
"$pt2c" run "$library" --inputs "$data/$fixture.io.npz" --expect "$data/$fixture.io.npz" >/dev/null
# A file that cannot be written is a clear error and exit 2.
set +e
"$runner" run "$library" --inputs "$data/$fixture.io.npz" --save-outputs /nonexistent-dir/x.npz \
  2>"$work/save-outputs.err"
code=$?
set -e
test "$code" -eq 2
grep -q "nonexistent-dir/x.npz" "$work/save-outputs.err"
echo "save-outputs: PASS"
