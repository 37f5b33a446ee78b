#!/usr/bin/env python3
"""A compiled model loads on glibc 2.28 (issue #19 item 5): its version
needs name nothing newer than GLIBC_2.28 and no C++ runtime, and it lists
libpthread.so.0 and libdl.so.2 (glibc_baseline.py says why).
library_checks.compile_and_check applies the same check to every library
the e2e tests compile; this test names it and prints what it found.

usage: check_glibc_baseline.py PT2C DATA_DIR WORK_DIR NAME [TARGETS]
Exits 77 (skipped) for a cuda target without the CUDA toolkit.
"""
import os
import sys

import glibc_baseline
from check_cuda_library import SKIP, toolkit_present
from library_checks import compile_and_check


def main():
    pt2c, data, work, name = sys.argv[1:5]
    targets = sys.argv[5] if len(sys.argv) > 5 else "cpu"
    if "cuda" in targets and not toolkit_present():
        print("skipped: no CUDA toolkit (libdevice and ptxas) here")
        return SKIP
    os.makedirs(work, exist_ok=True)
    stem = f"{name}.glibc.{targets.replace(',', '-')}"
    library = compile_and_check(pt2c, os.path.join(data, name + ".pt2"), work, stem,
                                ["--target", targets])
    if not library:
        return 1
    print(f"{name} ({targets}): loads on glibc 2.28: {glibc_baseline.summary(library)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
