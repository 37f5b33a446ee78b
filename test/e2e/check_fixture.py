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

# The dynamic loader appears once the runtime uses thread-local variables
# (__tls_get_addr); the issue allows it next to libc, libm, libpthread, libdl.
ALLOWED_NEEDED = {"libc.so.6", "libm.so.6", "libpthread.so.0", "libdl.so.2", "ld-linux-x86-64.so.2"}


def run(command):
    result = subprocess.run(command, capture_output=True, text=True)
    sys.stdout.write(result.stdout)
    sys.stdout.write(result.stderr)
    return result.returncode


def needed_libraries(path):
    # DT_NEEDED entries via readelf-free parsing would be long; binutils' readelf
    # is part of every build machine (it comes with the compiler).
    out = subprocess.run(["readelf", "-d", path], capture_output=True, text=True).stdout
    return {line.split("[")[1].split("]")[0] for line in out.splitlines() if "(NEEDED)" in line}


def main():
    pt2c, runner, data, work, name = sys.argv[1:6]
    os.makedirs(work, exist_ok=True)
    archive = os.path.join(data, name + ".pt2")
    first, second = os.path.join(work, name + ".so"), os.path.join(work, name + ".again.so")
    for output in (first, second):
        if run([pt2c, archive, "-o", output]) != 0:
            print(f"{name}: FAIL: pt2c could not compile {archive}")
            return 1
    if open(first, "rb").read() != open(second, "rb").read():
        print(f"{name}: FAIL: two compiles of the same archive differ")
        return 1
    extra = needed_libraries(first) - ALLOWED_NEEDED
    if extra:
        print(f"{name}: FAIL: {first} needs {sorted(extra)}")
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
