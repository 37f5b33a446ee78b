#!/usr/bin/env bash
# The serving example, built as a user would (its own plain Makefile), serves
# a model pt2c compiled: 4 threads x 250 requests, every answer identical.
# usage: check_example.sh PT2C SOURCE_DIR WORK_DIR
set -euo pipefail
pt2c=$1 source=$2 work=$3
mkdir -p "$work"
"$pt2c" "$source/examples/mlp.pt2" -o "$work/example.so"
make -s -C "$source/examples/serve" OUT="$work/serve" PT2C_INCLUDE="$source/include"
"$work/serve" "$work/example.so" 4 250
