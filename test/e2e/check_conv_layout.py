#!/usr/bin/env python3
"""A fixture's convolutions channels-last on the CPU (--conv-layout nhwc):
the rewritten graph (pt2c-convolutions-channels-last) must still match
eager PyTorch's stored outputs. On the GPU the same rewrite runs for
float16/bfloat16 by default; this is where its arithmetic is checked
without one.

usage: check_conv_layout.py PT2C PT2C_RUN DATA_DIR WORK_DIR NAME

Also checks that the rewrite happened: the linalg stage has channels-last
convolutions (a matmul over (n, p, g, f, r), the reduction innermost) and
no channels-first one (reduction before the positions) left.
"""
import glob
import os
import subprocess
import sys

FIRST = '"parallel", "parallel", "parallel", "reduction", "parallel"]'
LAST = '"parallel", "parallel", "parallel", "parallel", "reduction"]'
DIRECT = '"parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]'


def main():
    pt2c, runner, data, work, name = sys.argv[1:6]
    os.makedirs(work, exist_ok=True)
    archive = os.path.join(data, name + ".pt2")
    linalg = subprocess.run([pt2c, archive, "--conv-layout", "nhwc", "--emit", "linalg"],
                            capture_output=True, text=True)
    if linalg.returncode != 0:
        print(linalg.stderr)
        return 1
    first = linalg.stdout.count(FIRST)
    last = linalg.stdout.count(LAST) + linalg.stdout.count(DIRECT)
    print(f"{name}: {last} channels-last convolutions/poolings, {first} channels-first left")
    if last == 0:
        print(f"{name}: FAIL: --conv-layout nhwc rewrote nothing")
        return 1
    library = os.path.join(work, name + ".nhwc.so")
    compiled = subprocess.run([pt2c, archive, "--conv-layout", "nhwc", "-o", library],
                              capture_output=True, text=True)
    if compiled.returncode != 0:
        print(compiled.stdout + compiled.stderr)
        return 1
    for sample in sorted(glob.glob(os.path.join(data, name + ".io*.npz"))):
        result = subprocess.run([runner, "run", library, "--inputs", sample, "--expect", sample],
                                capture_output=True, text=True)
        sys.stdout.write(result.stdout + result.stderr)
        if result.returncode != 0:
            print(f"{name}: FAIL on {os.path.basename(sample)}")
            return 1
    print(f"{name}: ok channels-last")
    return 0


if __name__ == "__main__":
    sys.exit(main())
