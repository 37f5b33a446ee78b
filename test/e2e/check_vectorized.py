#!/usr/bin/env python3
"""The convolution loops of a compiled squeezenet1_1 run AVX2 (ymm) code.

usage: check_vectorized.py PT2C DATA_DIR WORK_DIR

squeezenet1_1 multiplies and adds only in its convolutions (its classifier
is a 1x1 convolution too; ReLU, max pooling and the mean have no
multiply-add), so packed fused multiply-adds on ymm registers in its
kernels are its convolution loops, vectorized. Prints the count per
kernel function so a regression shows where.
"""
import collections
import re
import subprocess
import sys
from pathlib import Path


def main():
    pt2c, data, work = sys.argv[1:]
    work = Path(work)
    work.mkdir(parents=True, exist_ok=True)
    library = work / "squeezenet1_1.vec.so"
    subprocess.run([pt2c, str(Path(data) / "squeezenet1_1.pt2"), "-o", str(library)], check=True)
    listing = subprocess.run(["objdump", "-d", "--no-show-raw-insn", str(library)],
                             check=True, capture_output=True, text=True).stdout
    per_function = collections.Counter()
    function = None
    for line in listing.splitlines():
        header = re.match(r"^[0-9a-f]+ <(.+)>:$", line)
        if header:
            function = header.group(1)
            continue
        if re.search(r"\bvfn?m(add|sub)\d+ps\b.*%ymm", line):
            per_function[function] += 1
    kernels = {f: n for f, n in per_function.items() if f and (f == "forward" or f.startswith("forward."))}
    for function, count in sorted(kernels.items()):
        print(f"{function}: {count} ymm FMA instructions")
    if not kernels:
        sys.exit("FAIL: no packed ymm multiply-add in squeezenet1_1's kernels: "
                 "its convolutions are not vectorized")
    print(f"ok: {sum(kernels.values())} ymm FMA instructions in {len(kernels)} kernel functions")


if __name__ == "__main__":
    main()
