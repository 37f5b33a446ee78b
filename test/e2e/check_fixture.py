#!/usr/bin/env python3
"""End-to-end check of one fixture: compile it with pt2c, run it through the
public C ABI with pt2c-run, compare every output with the eager PyTorch
outputs stored next to the archive (test/data/NAME.io*.npz).

usage: check_fixture.py PT2C PT2C_RUN DATA_DIR WORK_DIR NAME

Also checks what every model .so promises: compiling twice gives the same
bytes, and it needs nothing beyond libc, libm, libpthread and libdl.
"""
import glob
import os
import subprocess
import sys

from library_checks import compile_and_check

def run(command):
    result = subprocess.run(command, capture_output=True, text=True)
    sys.stdout.write(result.stdout)
    sys.stdout.write(result.stderr)
    return result.returncode


def main():
    pt2c, runner, data, work, name = sys.argv[1:6]
    os.makedirs(work, exist_ok=True)
    archive = os.path.join(data, name + ".pt2")
    first = compile_and_check(pt2c, archive, work, name)
    if not first:
        return 1
    samples = sorted(glob.glob(os.path.join(data, name + ".io*.npz")))
    if not samples:
        print(f"{name}: FAIL: no {name}.io*.npz next to the archive")
        return 1
    for sample in samples:
        if run([runner, "run", first, "--inputs", sample, "--expect", sample]) != 0:
            print(f"{name}: FAIL on {os.path.basename(sample)}")
            return 1
    print(f"{name}: ok ({len(samples)} samples; deterministic; needs only libc/libm/the loader)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
