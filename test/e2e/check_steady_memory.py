#!/usr/bin/env python3
"""A compiled model's memory stays flat over many runs.

usage: check_steady_memory.py PT2C PT2C_RUN DATA_DIR WORK_DIR FIXTURE

Compiles the fixture, then runs `pt2c-run bench` with few and with many
runs and compares the peak RSS each reports. A kernel that leaks its
scratch (as the generated code once did, ~0.5 MB per convnet run) grows
by hundreds of MB between the two; a steady model by nothing but noise.
"""
import re
import subprocess
import sys
from pathlib import Path

FEW, MANY = 20, 2000
ALLOWED_GROWTH_KIB = 8 * 1024


def peak_rss_kib(pt2c_run, library, inputs, runs):
    out = subprocess.run([pt2c_run, "bench", str(library), "--inputs", str(inputs),
                          "--warmup", "0", "--runs", str(runs), "--threads", "2"],
                         check=True, capture_output=True, text=True).stdout
    match = re.search(r"peak RSS: (\d+) KiB", out)
    if not match:
        sys.exit(f"FAIL: no 'peak RSS' line in pt2c-run bench output:\n{out}")
    return int(match.group(1))


def main():
    pt2c, pt2c_run, data, work, name = sys.argv[1:]
    work = Path(work)
    work.mkdir(parents=True, exist_ok=True)
    library = work / f"{name}.steady.so"
    subprocess.run([pt2c, str(Path(data) / f"{name}.pt2"), "-o", str(library)], check=True)
    inputs = Path(data) / f"{name}.io.npz"
    few = peak_rss_kib(pt2c_run, library, inputs, FEW)
    many = peak_rss_kib(pt2c_run, library, inputs, MANY)
    growth = many - few
    print(f"{name}: peak RSS {few} KiB after {FEW} runs, {many} KiB after {MANY} runs")
    if growth > ALLOWED_GROWTH_KIB:
        sys.exit(f"FAIL: {name} grew by {growth} KiB over {MANY - FEW} runs: a leak")


if __name__ == "__main__":
    main()
